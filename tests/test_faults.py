"""Faults of the machine and of git: each ends in one line, and the user's repo is never left
wrong (issue 20 points 1, 5, 6, 7; issue 14 points 5 and 6)."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ledger_fixtures import (
    GIT_ENV,
    SAMPLES,
    copy_samples,
    git,
    head,
    held_elsewhere,
    new_ledger,
    run_ingest,
    session_folders,
)
from transcript_fixtures import claude_file, claude_session_records

from ledger import atomic
from ledger.cli import app as cli_app
from ledger.config import Config, load
from ledger.errors import LedgerError
from ledger.index.build import index_ledger
from ledger.store import git as store_git
from ledger.store import git_guard, git_run
from ledger.store.create import create_ledger
from ledger.store.files import sweep_temporary
from ledger.store.state import locked


def _ledger(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """The real entry point in a subprocess (in a folder of its own: a `ledger/` folder in its
    working directory would shadow the package): exit code, stdout, stderr."""
    base = {"COLUMNS": "120", "PATH": os.environ["PATH"], "HOME": str(cwd), **GIT_ENV}
    where = cwd / "run"
    where.mkdir(exist_ok=True)
    return subprocess.run(
        [sys.executable, "-m", "ledger", *args],
        capture_output=True,
        text=True,
        cwd=where,
        env={**base, **(env or {})},
        check=False,
    )


def _one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.fixture()
def ledger(tmp_path: Path) -> Config:
    return new_ledger(tmp_path / "ledger")


# 1. commit safely ------------------------------------------------------------------------------


def test_a_stale_index_lock_stops_the_run_before_the_branch_moves(
    ledger: Config, tmp_path: Path
) -> None:
    samples = copy_samples(tmp_path / "samples")
    before = head(ledger.root)
    lock = ledger.root / ".git" / "index.lock"
    lock.write_text("")
    with pytest.raises(LedgerError, match="index is locked"):
        run_ingest(ledger, samples)
    assert head(ledger.root) == before
    assert not list(ledger.root.glob("sessions/*")), "known before a file was written"
    lock.unlink()
    result = run_ingest(ledger, samples)
    assert result.commit and head(ledger.root) == result.commit
    # the user's index matches ledger's commit: nothing staged, nothing reversed
    assert git(ledger.root, "status", "--porcelain", "--", "sessions") == ""
    assert git(ledger.root, "diff", "--cached", "--stat") == ""


def test_an_index_that_cannot_be_levelled_is_journalled_and_repaired_next_run(
    ledger: Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    samples = copy_samples(tmp_path / "samples")
    lock = ledger.root / ".git" / "index.lock"
    real_check = git_guard.check_index_lock

    checks: list[Path] = []

    def lock_appears(root: Path) -> None:  # another git command takes the lock just after
        real_check(root)  # the check before the branch moves (the first: before any write)
        checks.append(root)
        if len(checks) == 2:
            lock.write_text("")

    monkeypatch.setattr(store_git, "check_index_lock", lock_appears)
    with pytest.raises(LedgerError, match="next ledger run repairs it"):
        run_ingest(ledger, samples)
    monkeypatch.undo()
    lock.unlink()
    # the branch moved, git's index did not: what a user's next commit would undo
    assert git(ledger.root, "diff", "--cached", "--name-only") != ""
    result = run_ingest(ledger, samples)
    assert result.repaired_index > 0 and result.commit is None
    assert git(ledger.root, "diff", "--cached", "--name-only") == ""
    assert git(ledger.root, "status", "--porcelain") == ""


def test_a_detached_head_stops_the_run_before_a_file_is_written(
    ledger: Config, tmp_path: Path
) -> None:
    git(ledger.root, "checkout", "--quiet", "--detach", "HEAD")
    with pytest.raises(LedgerError, match="detached HEAD"):
        run_ingest(ledger, copy_samples(tmp_path / "samples"))
    assert not list(ledger.root.glob("sessions/*"))
    assert git(ledger.root, "status", "--porcelain") == ""


@pytest.mark.parametrize("how", ["removed", "bare"])
def test_a_ledger_that_is_no_git_working_tree_is_refused_before_a_write(
    ledger: Config, tmp_path: Path, how: str
) -> None:
    """Files written and never committed (it said `no commit`), a supersedes link on one side:
    a `.git` removed or a repository made bare is refused in one line instead."""
    if how == "removed":
        shutil.rmtree(ledger.root / ".git")
    else:
        git(ledger.root, "config", "core.bare", "true")
    with pytest.raises(LedgerError, match="not in a git working tree"):
        run_ingest(ledger, copy_samples(tmp_path / "samples"))
    assert not list(ledger.root.glob("sessions/*"))


def _refused_and_unmoved(ledger: Config, tmp_path: Path, match: str) -> None:
    """An ingest stops with one line matching `match`; the branch has not moved, no scratch
    commit is left, and nothing it wrote either (it is put back at once, not by the next run)."""
    before = head(ledger.root)
    with pytest.raises(LedgerError, match=match) as caught:
        run_ingest(ledger, copy_samples(tmp_path / "samples"))
    assert "\n" not in str(caught.value)
    assert head(ledger.root) == before
    assert git(ledger.root, "for-each-ref", "refs/ledger") == ""
    assert git(ledger.root, "status", "--porcelain") == ""
    assert not (ledger.state / "pending").exists()


def test_a_held_branch_lock_moves_nothing(ledger: Config, tmp_path: Path) -> None:
    branch = git(ledger.root, "symbolic-ref", "HEAD").strip()
    lock = ledger.root / ".git" / f"{branch}.lock"
    lock.write_text("")
    _refused_and_unmoved(ledger, tmp_path, "update-ref")
    assert git(ledger.root, "diff", "--cached", "--name-only") == ""
    lock.unlink()
    assert run_ingest(ledger, copy_samples(tmp_path / "again")).commit


@pytest.mark.parametrize("operation", ["merge", "cherry-pick", "rebase"])
def test_no_ingest_in_the_middle_of_a_git_operation(
    ledger: Config, tmp_path: Path, operation: str
) -> None:
    root = ledger.root
    main = git(root, "branch", "--show-current").strip()
    git(root, "checkout", "-q", "-b", "side")
    (root / "notes.md").write_text("side\n")
    git(root, "add", "notes.md")
    git(root, "commit", "-q", "-m", "side")
    git(root, "checkout", "-q", main)
    (root / "notes.md").write_text("main\n")
    git(root, "add", "notes.md")
    git(root, "commit", "-q", "-m", "main")
    if operation == "rebase":
        git(root, "checkout", "-q", "side")
    args = {"merge": ["merge", "side"], "cherry-pick": ["cherry-pick", "side"]}
    command = args.get(operation, ["rebase", main])
    done = subprocess.run(
        ["git", *command], cwd=root, capture_output=True, env={**os.environ, **GIT_ENV}
    )
    assert done.returncode != 0, "the fixture needs a conflict"
    assert store_git.operation_in_progress(root) == {
        "merge": "a merge", "cherry-pick": "a cherry-pick", "rebase": "a rebase"
    }[operation]  # fmt: skip
    before = git(root, "rev-parse", "HEAD")
    with pytest.raises(LedgerError, match="in progress"):
        run_ingest(ledger, copy_samples(tmp_path / "samples"))
    assert git(root, "rev-parse", "HEAD") == before


def test_no_operation_in_a_quiet_repo_or_outside_one(ledger: Config, tmp_path: Path) -> None:
    assert store_git.operation_in_progress(ledger.root) is None
    outside = tmp_path / "plain"
    outside.mkdir()
    assert store_git.operation_in_progress(outside) is None


# authorship and signing ------------------------------------------------------------------------


def _author_and_committer(root: Path) -> str:
    return git(root, "log", "-1", "--format=%an <%ae>|%cn <%ce>").strip()


def test_commits_follow_gits_own_identity_rules(
    ledger: Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    samples = copy_samples(tmp_path / "samples")
    git(ledger.root, "config", "user.name", "Repo User")
    git(ledger.root, "config", "user.email", "repo@example.com")
    monkeypatch.setenv("GIT_AUTHOR_NAME", "Env Author")
    monkeypatch.setenv("GIT_AUTHOR_EMAIL", "env@example.com")
    monkeypatch.delenv("GIT_COMMITTER_NAME", raising=False)
    monkeypatch.delenv("GIT_COMMITTER_EMAIL", raising=False)
    run_ingest(ledger, samples)
    assert _author_and_committer(ledger.root) == (
        "Env Author <env@example.com>|Repo User <repo@example.com>"
    )


def test_the_author_override_lives_in_the_local_config(ledger: Config, tmp_path: Path) -> None:
    (ledger.root / "ledger.local.yaml").write_text('author: "Local Me <me@example.com>"\n')
    assert load(ledger.root).author == "Local Me <me@example.com>"
    assert "ledger.local.yaml" in (ledger.root / ".gitignore").read_text()
    (ledger.root / "ledger.local.yaml").write_text("author: just a name\n")
    with pytest.raises(LedgerError, match="is not 'Name <email>'"):
        load(ledger.root)
    (ledger.root / "ledger.local.yaml").unlink()
    shared = ledger.root / "ledger.yaml"
    shared.write_text(shared.read_text() + 'author: "Everyone <all@example.com>"\n')
    with pytest.raises(LedgerError, match=r"move it to ledger\.local\.yaml"):
        load(ledger.root)


def _ssh_key(folder: Path) -> Path:
    key = folder / "signing"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    return key


@pytest.mark.skipif(not Path("/usr/bin/ssh-keygen").exists(), reason="needs ssh-keygen")
def test_commits_are_signed_where_the_repo_asks(ledger: Config, tmp_path: Path) -> None:
    git(ledger.root, "config", "gpg.format", "ssh")
    git(ledger.root, "config", "user.signingkey", str(_ssh_key(tmp_path)))
    git(ledger.root, "config", "commit.gpgsign", "true")
    result = run_ingest(ledger, copy_samples(tmp_path / "samples"))
    assert result.commit
    raw = git(ledger.root, "cat-file", "commit", result.commit)
    assert "gpgsig -----BEGIN SSH SIGNATURE-----" in raw


def test_a_signing_failure_commits_nothing(ledger: Config, tmp_path: Path) -> None:
    git(ledger.root, "config", "gpg.format", "ssh")
    git(ledger.root, "config", "user.signingkey", str(tmp_path / "no-such-key"))
    git(ledger.root, "config", "commit.gpgsign", "true")
    _refused_and_unmoved(ledger, tmp_path, "signing ledger's commit failed")


# 5. unique folders -----------------------------------------------------------------------------


def test_two_sessions_never_share_a_folder(ledger: Config, tmp_path: Path) -> None:
    source = tmp_path / "claude" / "projects" / "-home-dev-shop"
    ids = ["5e55f00d-0000-4000-8000-00000000000a", "5e55f00d-1111-4000-8000-00000000000b"]
    for session_id in ids:
        records = claude_session_records(3)
        for record in records:
            record["sessionId"] = session_id
        claude_file(source, records, session_id)
    first = run_ingest(ledger, source)
    assert first.new == 2
    folders = [p.name for p in session_folders(ledger.root)]
    assert len(folders) == 2 and folders[0] != folders[1]
    again = run_ingest(ledger, source)
    assert again.commit is None and again.new == 0
    # the same again in a new ledger: the same names
    other = new_ledger(tmp_path / "other")
    run_ingest(other, source)
    assert [p.name for p in session_folders(other.root)] == folders


def test_copies_of_a_session_never_take_turns(ledger: Config, tmp_path: Path) -> None:
    records = claude_session_records(4)
    for record in records:
        record["sessionId"] = "5e55f00d-0000-4000-8000-0000000c0b1e"
    longer = claude_file(tmp_path / "a", records, "5e55f00d-0000-4000-8000-0000000c0b1e")
    shorter = claude_file(tmp_path / "b", records[:-2], "5e55f00d-0000-4000-8000-0000000c0b1e")
    first = run_ingest(ledger, tmp_path / "a", tmp_path / "b")
    assert first.new == 1 and first.commit
    (copy,) = [s for s in first.skipped if s.path == shorter]
    assert copy.reason == f"a shorter copy of a session; {longer} is kept"
    for _ in range(2):
        again = run_ingest(ledger, tmp_path / "a", tmp_path / "b")
        assert again.commit is None and again.updated == 0
    # the other copy grows past the first: it wins once, then all is quiet again
    claude_file(tmp_path / "b", [*records, *records[-2:]], "5e55f00d-0000-4000-8000-0000000c0b1e")
    grown = run_ingest(ledger, tmp_path / "a", tmp_path / "b")
    assert grown.updated == 1 and grown.commit
    assert run_ingest(ledger, tmp_path / "a", tmp_path / "b").commit is None


# 6. stay inside the ledger ---------------------------------------------------------------------


@pytest.mark.parametrize("where", ["sessions", "index", "sessions/planted"])
def test_no_write_through_a_link_out_of_the_ledger(
    ledger: Config, tmp_path: Path, where: str
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    link = ledger.root / where
    if link.exists():
        os.rename(link, tmp_path / "moved-away")
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(outside, target_is_directory=True)
    with pytest.raises(LedgerError, match="symbolic link leading out of the ledger") as caught:
        run_ingest(ledger, copy_samples(tmp_path / "samples"))
    assert str(link) in str(caught.value)
    assert list(outside.iterdir()) == []
    if where != "sessions/planted":  # `ledger index` writes the pages: it refuses too
        with pytest.raises(LedgerError, match="leading out of the ledger"):
            index_ledger(ledger.root, ledger.state, None)
        assert list(outside.iterdir()) == []


# 7. one line for every fault -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("setting", "expected"),
    [
        ("version: 99", "version 99 of"),
        ('version: "one"', "version in"),
        ("llm:\n  concurrency: 0", "llm.concurrency"),
        ("llm:\n  window_turns: many", "llm.window_turns"),
        ("llm: [1, 2]", "`llm` in"),
    ],
)
def test_invalid_config_values_are_one_line(tmp_path: Path, setting: str, expected: str) -> None:
    root = tmp_path / "ledger"
    new_ledger(root)
    shared = root / "ledger.yaml"
    kept = [
        line
        for line in shared.read_text().splitlines()
        if not line.startswith(("version:", "llm:", "  "))
    ]
    shared.write_text("\n".join([*kept, setting]) + "\n")
    line = _one_line(
        _ledger("ingest", "--ledger", str(root), "--source", str(SAMPLES), cwd=tmp_path)
    )
    assert expected in line and line.startswith("error:")


def test_git_missing_or_too_old_is_one_line(tmp_path: Path) -> None:
    root = tmp_path / "ledger"
    new_ledger(root)
    empty = tmp_path / "bin"
    empty.mkdir()
    args = ("ingest", "--ledger", str(root), "--source", str(SAMPLES))
    missing = _one_line(_ledger(*args, cwd=tmp_path, env={"PATH": str(empty)}))
    assert "git is not installed" in missing
    old = empty / "git"
    old.write_text(
        '#!/bin/sh\nif [ "$1" = version ]; then echo "git version 2.1.4"; exit 0; fi\n'
        'exec /usr/bin/git "$@"\n'
    )
    old.chmod(0o755)
    too_old = _one_line(_ledger(*args, cwd=tmp_path, env={"PATH": f"{empty}:/usr/bin:/bin"}))
    assert "git version 2.1.4 is too old" in too_old


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.ENOSPC, "the disk is full"),
        (errno.EROFS, "read-only"),
        (errno.EACCES, "permission denied"),
    ],
)
def test_errors_of_the_machine_are_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    code: int,
    words: str,
) -> None:
    root = tmp_path / "ledger"
    new_ledger(root)

    def refuse(path: Path, *_: object) -> None:
        raise OSError(code, os.strerror(code), str(path))

    monkeypatch.setattr(atomic, "write_bytes_atomic", refuse)
    monkeypatch.setattr(
        sys, "argv", ["ledger", "ingest", "--ledger", str(root), "--source", str(SAMPLES)]
    )
    monkeypatch.setattr(cli_app, "_debug", False)
    with pytest.raises(SystemExit) as stopped:
        cli_app.main()
    assert stopped.value.code == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err and "Traceback" not in err
    monkeypatch.setattr(
        sys,
        "argv",
        ["ledger", "--debug", "ingest", "--ledger", str(root), "--source", str(SAMPLES)],
    )
    with pytest.raises(OSError):
        cli_app.main()


def test_a_held_lock_is_one_line(ledger: Config) -> None:
    with (
        held_elsewhere(ledger.state),
        pytest.raises(LedgerError, match="holds the lock"),
        locked(ledger.state, wait=False),
    ):
        pass


def test_an_unreadable_folder_is_a_warning(
    ledger: Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    samples = copy_samples(tmp_path / "samples")
    closed = samples / "claude" / "projects" / "-closed"
    closed.mkdir()
    closed.chmod(0)
    if os.geteuid() == 0:  # root lists any folder: refuse this one as the kernel would
        listing = os.scandir

        def refuse(path: str) -> object:
            if str(path) == str(closed):
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            return listing(path)

        monkeypatch.setattr(os, "scandir", refuse)
    try:
        result = run_ingest(ledger, samples)
    finally:
        closed.chmod(0o755)
    assert any(s.path == closed and "cannot read folder" in s.reason for s in result.skipped)
    assert result.new > 0


def test_the_next_run_sweeps_temporary_files(ledger: Config, tmp_path: Path) -> None:
    old = ledger.root / ".ledger.yaml.k3j4h5.tmp"
    fresh = ledger.root / ".index.md.a1b2c3.tmp"
    for path in (old, fresh):
        path.write_text("half")
    os.utime(old, (0, 0))
    run_ingest(ledger, copy_samples(tmp_path / "samples"))
    assert not old.exists() and fresh.exists()
    assert sweep_temporary([ledger.root], now=os.path.getmtime(fresh) + 3600) == 1


def test_a_fresh_ledger_passes_check(tmp_path: Path) -> None:
    root = tmp_path / "fresh"
    assert _ledger("init", str(root), cwd=tmp_path).returncode == 0
    done = _ledger("check", "--ledger", str(root), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert git(root, "status", "--porcelain") == ""
    assert len(git(root, "log", "--format=%s").splitlines()) == 1


def test_init_commits_no_page_git_ignores(tmp_path: Path) -> None:
    root = tmp_path / "fresh"
    root.mkdir()
    (root / ".gitignore").write_text("index.md\nindex/\n")  # derived pages kept local

    def pages(folder: Path) -> list[str]:
        (folder / "index").mkdir()
        for name in ("index.md", "index/todos.md", "ledger.extra"):
            (folder / name).write_text("page\n")
        return ["index.md", "index/todos.md", "ledger.extra"]

    create_ledger(root, pages)
    tracked = git(root, "ls-files").split()
    assert tracked == [".gitignore", "ledger.extra", "ledger.yaml"]
    assert git(root, "status", "--porcelain") == ""


def test_git_errors_are_one_line(tmp_path: Path) -> None:
    with pytest.raises(LedgerError) as caught:
        git_run.git(tmp_path, "rev-parse", "--verify", "no-such-ref")
    assert "\n" not in str(caught.value)
