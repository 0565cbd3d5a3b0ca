"""A team ledger on git (issue 14): a bare remote, two clones, different sessions and one
shared session at different paths on each machine, merged and rebased in both orders, ends
with no conflict left, no derived page tracked, both clones on the same tree, and `sessions/`
as one machine would build it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import NamedTuple

import pytest

from ledger.config import Config, load
from ledger.errors import LedgerError
from ledger.index.build import check_index
from ledger.ingest.sync import sync_ledger
from ledger.ingest.triage import resolve
from ledger.store import remote
from ledger.store.create import create_ledger
from tests.ledger_fixtures import (
    CACHE_ID,
    CODEX_LINT_ID,
    CODEX_RATE_ID,
    GHOST_ID,
    JWT_ID,
    SAMPLES,
    append_turn,
    fields_of,
    folder_of,
    git,
    ledger_command,
    new_ledger,
    run_ingest,
    set_title,
)


class Clone(NamedTuple):
    config: Config
    transcripts: Path

    @property
    def root(self) -> Path:
        return self.config.root


def _transcripts(folder: Path, ids: tuple[str, ...]) -> Path:
    """Copies of some sample sessions (with their sub-agent files) in a folder of one's own."""
    for source in SAMPLES.rglob("*.jsonl"):
        relative = source.relative_to(SAMPLES)
        if any(session_id in relative.as_posix() for session_id in ids):
            target = folder / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return folder


@pytest.fixture
def team(tmp_path: Path) -> tuple[Clone, Clone, Path]:
    """Alice and Bob, each with a clone of one bare remote and transcripts in other places."""
    bare = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", "--initial-branch=main", str(bare))
    alice_root = create_ledger(tmp_path / "alice" / "ledger").root
    git(alice_root, "branch", "-M", "main")
    git(alice_root, "remote", "add", "origin", str(bare))
    sync_ledger(load(alice_root))
    git(tmp_path, "clone", "-q", str(bare), str(tmp_path / "bob" / "work" / "ledger"))
    alice = Clone(load(alice_root), tmp_path / "alice" / "claude-home")
    bob = Clone(load(tmp_path / "bob" / "work" / "ledger"), tmp_path / "bob" / "elsewhere")
    return alice, bob, bare


def _tracked_pages(root: Path) -> list[str]:
    return git(root, "ls-files", "--", "index.md", "index", ".gitattributes").split()


def _assert_level(alice: Clone, bob: Clone, bare: Path) -> None:
    for clone in (alice, bob):
        assert git(clone.root, "ls-files", "-u") == "", "no conflict left"
        assert git(clone.root, "status", "--porcelain") == ""
        assert _tracked_pages(clone.root) == []
        assert check_index(clone.root, clone.config.state) == ()
    heads = {git(c.root, "rev-parse", "HEAD^{tree}").strip() for c in (alice, bob)}
    assert heads == {git(bare, "rev-parse", "main^{tree}").strip()}


def _one_machine(tmp_path: Path, transcripts: list[Path]) -> str:
    config = new_ledger(tmp_path / "one-machine" / "ledger")
    for folder in transcripts:
        run_ingest(config, folder)
    return git(config.root, "rev-parse", "HEAD:sessions").strip()


@pytest.mark.parametrize("merge", [False, True], ids=["rebase", "merge"])
def test_two_clones_end_on_the_same_tree_as_one_machine(
    team: tuple[Clone, Clone, Path], tmp_path: Path, merge: bool
) -> None:
    alice, bob, bare = team
    # round 1: each ingests sessions of their own, and the JWT session both have, at other paths
    _transcripts(alice.transcripts, (JWT_ID, CODEX_RATE_ID))
    _transcripts(bob.transcripts, (JWT_ID, CACHE_ID))
    run_ingest(alice.config, alice.transcripts)
    run_ingest(bob.config, bob.transcripts)
    assert sync_ledger(alice.config, merge).sent
    result = sync_ledger(bob.config, merge)
    assert result.received and result.sent and result.settled == ()
    assert sync_ledger(alice.config, merge).how == "fast-forward"
    _assert_level(alice, bob, bare)

    # round 2, the other order: the shared session grew on Alice's machine only (her copy is
    # the longer transcript); Bob ingests a session of his own meanwhile
    shared = next(alice.transcripts.rglob(f"{JWT_ID}.jsonl"))
    append_turn(shared, "Also check the refresh token path.", "Checked: it uses aware UTC too.")
    run_ingest(alice.config, alice.transcripts)
    _transcripts(bob.transcripts, (CODEX_LINT_ID,))
    run_ingest(bob.config, bob.transcripts)
    assert sync_ledger(bob.config, merge).sent
    assert sync_ledger(alice.config, merge).received
    sync_ledger(bob.config, merge)
    _assert_level(alice, bob, bare)
    assert run_ingest(bob.config, bob.transcripts).commit is None, "his copy is the shorter"
    sessions = git(alice.root, "rev-parse", "HEAD:sessions").strip()
    assert sessions == _one_machine(tmp_path, [alice.transcripts, bob.transcripts])


def _by_git(monkeypatch: pytest.MonkeyPatch) -> None:
    """Integrate as an older git does (before `git merge-tree --write-tree`): by git's own
    rebase or merge in the work tree, stopping at each conflict for sync to settle."""
    monkeypatch.setattr(remote, "_merged_tree", lambda *args: None)


WAYS = pytest.mark.parametrize("by_git", [False, True], ids=["in-trees", "by-git"])


@WAYS
@pytest.mark.parametrize("merge", [False, True], ids=["rebase", "merge"])
def test_a_session_both_wrote_is_settled_longer_transcript_first_statuses_kept(
    team: tuple[Clone, Clone, Path], merge: bool, by_git: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both ingest the shared session before either syncs, Bob's copy longer; Alice marks a
    todo of it done. Bob's extraction wins the conflict, Alice's status stays, and neither
    clone's next ingest takes the settled files for a person's edits. Settled in trees, the
    branch moves once; by git, it moves at each step of git's rebase or merge."""
    if by_git:
        _by_git(monkeypatch)
    alice, bob, bare = team
    _transcripts(alice.transcripts, (JWT_ID,))
    _transcripts(bob.transcripts, (JWT_ID, GHOST_ID))
    grown = next(bob.transcripts.rglob(f"{JWT_ID}.jsonl"))
    append_turn(grown, "One more: TODO: add a test for the DST switch.", "Noted.")
    run_ingest(alice.config, alice.transcripts)
    todo = next(p for p in folder_of(alice.root, JWT_ID).glob("todo-*.md"))
    resolve(alice.config, fields_of(todo)["id"], "done", None, "fixed by hand")
    run_ingest(bob.config, bob.transcripts)
    sync_ledger(bob.config, merge)

    result = sync_ledger(alice.config, merge)

    assert result.settled and result.how == ("merge" if merge else "rebase")
    moved = git(alice.root, "reflog", "--format=%gs", "-1").strip()
    assert (moved == "ledger: sync") != by_git, moved
    sync_ledger(bob.config, merge)
    _assert_level(alice, bob, bare)
    for clone in (alice, bob):
        again = run_ingest(clone.config, clone.transcripts)
        assert again.commit is None and not any(c.kept for c in again.changes)
    record = fields_of(folder_of(alice.root, JWT_ID) / "_session.md")
    bobs = fields_of(folder_of(bob.root, JWT_ID) / "_session.md")
    assert record["content_hash"] == bobs["content_hash"]
    assert fields_of(alice.root / todo.relative_to(alice.root))["status"] == "done"
    assert "fixed by hand" in (alice.root / todo.relative_to(alice.root)).read_text()


def test_a_settled_session_is_extracted_again_from_a_longer_transcript_here(
    team: tuple[Clone, Clone, Path],
) -> None:
    """Alice's transcript of the shared session grew past both committed versions after she
    ingested it: the sync settles the conflict (Bob's longer version wins), then extracts the
    session again from her transcript, so what it pushes says what her transcript says."""
    alice, bob, bare = team
    _transcripts(alice.transcripts, (JWT_ID,))
    _transcripts(bob.transcripts, (JWT_ID,))
    ours = next(alice.transcripts.rglob(f"{JWT_ID}.jsonl"))
    run_ingest(alice.config, alice.transcripts)
    theirs = next(bob.transcripts.rglob(f"{JWT_ID}.jsonl"))
    append_turn(theirs, "Also: TODO: log the clock skew we see.", "Will do.")
    run_ingest(bob.config, bob.transcripts)
    sync_ledger(bob.config)
    shutil.copy2(theirs, ours)  # her transcript has Bob's turn and one more, not ingested yet
    append_turn(ours, "And TODO: alert when the skew passes 30 seconds.", "Noted.", n=2)

    result = sync_ledger(alice.config)

    assert result.settled and result.reextracted == 1
    sync_ledger(bob.config)
    _assert_level(alice, bob, bare)
    todos = " ".join(p.name for p in folder_of(bob.root, JWT_ID).glob("todo-*.md"))
    assert "alert-when-the-skew" in todos and "log-the-clock-skew" in todos
    assert run_ingest(alice.config, alice.transcripts).commit is None


def test_a_session_renamed_on_one_side_ends_in_one_folder(
    team: tuple[Clone, Clone, Path],
) -> None:
    """Bob renamed the shared session (`/rename`) and it grew: its folder has another name than
    Alice's. After her sync one folder holds it, Bob's (the longer transcript), with the status
    Alice gave a todo in hers."""
    alice, bob, bare = team
    _transcripts(alice.transcripts, (JWT_ID,))
    _transcripts(bob.transcripts, (JWT_ID,))
    run_ingest(alice.config, alice.transcripts)
    todo = next(folder_of(alice.root, JWT_ID).glob("todo-*.md"))
    resolve(alice.config, fields_of(todo)["id"], "done", None, "done by hand")
    theirs = next(bob.transcripts.rglob(f"{JWT_ID}.jsonl"))
    set_title(theirs, "Timezone-aware token expiry")
    append_turn(theirs, "Thanks, that is all.", "Glad it works.")
    run_ingest(bob.config, bob.transcripts)
    sync_ledger(bob.config)

    result = sync_ledger(alice.config)

    assert result.joined == (todo.parent.relative_to(alice.root).as_posix(),)
    sync_ledger(bob.config)
    _assert_level(alice, bob, bare)
    folder = folder_of(alice.root, JWT_ID)  # one folder only
    assert folder.name.startswith(f"{folder.name[:10]}-timezone-aware-token-expiry")
    assert fields_of(folder / todo.name)["status"] == "done"
    assert run_ingest(bob.config, bob.transcripts).commit is None


@WAYS
@pytest.mark.parametrize("merge", [False, True], ids=["rebase", "merge"])
def test_a_conflict_that_is_not_ledgers_stops_the_sync_and_changes_nothing(
    team: tuple[Clone, Clone, Path], merge: bool, by_git: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both changed ledger.yaml (and both wrote the shared session): sync settles nothing,
    says which file, and leaves Alice's repo as it was."""
    if by_git:
        _by_git(monkeypatch)
    alice, bob, _ = team
    for clone, line in ((alice, "# alice's\n"), (bob, "# bob's\n")):
        _transcripts(clone.transcripts, (JWT_ID,))
        run_ingest(clone.config, clone.transcripts)
        with (clone.root / "ledger.yaml").open("a") as handle:
            handle.write(line)
        git(clone.root, "commit", "-qam", "a setting")
    sync_ledger(bob.config, merge)
    head, files = git(alice.root, "rev-parse", "HEAD"), git(alice.root, "ls-files", "-s")

    with pytest.raises(LedgerError, match=r"ledger\.yaml was changed on both sides"):
        sync_ledger(alice.config, merge)

    assert git(alice.root, "rev-parse", "HEAD") == head
    assert git(alice.root, "ls-files", "-s") == files
    assert git(alice.root, "status", "--porcelain") == ""
    assert remote.operation_in_progress(alice.root) is None


def test_nothing_changes_when_the_repo_is_not_ready(
    team: tuple[Clone, Clone, Path], tmp_path: Path
) -> None:
    alice, _, _ = team
    head = git(alice.root, "rev-parse", "HEAD")
    (alice.root / "ledger.yaml").write_text("version: 1\n# mine\n")
    with pytest.raises(LedgerError, match="changes not committed"):
        sync_ledger(alice.config)
    git(alice.root, "checkout", "ledger.yaml")
    (alice.root / ".git" / "MERGE_HEAD").write_text(head)
    with pytest.raises(LedgerError, match="a merge is in progress"):
        sync_ledger(alice.config)
    (alice.root / ".git" / "MERGE_HEAD").unlink()
    lonely = new_ledger(tmp_path / "lonely")
    with pytest.raises(LedgerError, match="no remote"):
        sync_ledger(lonely)
    assert git(alice.root, "rev-parse", "HEAD") == head


def test_a_push_refused_because_the_remote_moved_is_tried_again(
    team: tuple[Clone, Clone, Path],
) -> None:
    """Bob pushes while Alice syncs (her pre-push hook makes him): her sync integrates again."""
    alice, bob, bare = team
    _transcripts(alice.transcripts, (JWT_ID,))
    _transcripts(bob.transcripts, (CACHE_ID,))
    run_ingest(alice.config, alice.transcripts)
    run_ingest(bob.config, bob.transcripts)
    hook = alice.root / ".git" / "hooks" / "pre-push"
    marker = alice.root.parent / "raced"
    hook.write_text(
        f"#!/bin/sh\n[ -e {marker} ] && exit 0\ntouch {marker}\n"
        f"cd {bob.root} && unset GIT_DIR GIT_INDEX_FILE && git push -q origin HEAD:main\n"
    )
    hook.chmod(0o755)

    result = sync_ledger(alice.config)

    assert result.attempts == 2 and marker.exists()
    sync_ledger(bob.config)
    _assert_level(alice, bob, bare)


def test_the_command_says_what_it_did_in_one_line(team: tuple[Clone, Clone, Path]) -> None:
    alice, bob, _ = team
    _transcripts(alice.transcripts, (JWT_ID,))
    run_ingest(alice.config, alice.transcripts)
    done = ledger_command("sync", "--ledger", str(alice.root), cwd=alice.root.parent / "cwd")
    out, err = done.communicate(timeout=120)
    assert done.returncode == 0, err
    assert out.startswith("Synced with origin/main: pushed 1 commits") and out.count("\n") == 1
    (bob.root / "ledger.yaml").write_text("version: 1\n# not committed\n")
    done = ledger_command("sync", "--ledger", str(bob.root), cwd=bob.root.parent / "cwd")
    out, err = done.communicate(timeout=120)
    assert done.returncode == 1 and out == ""
    assert err.startswith("error: ") and "changes not committed" in err and err.count("\n") == 1


def _signing(root: Path, folder: Path) -> None:
    """Commits in this repo must be signed (an SSH key of its own)."""
    key = folder / "signing"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    git(root, "config", "gpg.format", "ssh")
    git(root, "config", "user.signingkey", str(key))
    git(root, "config", "commit.gpgsign", "true")


@pytest.mark.skipif(not Path("/usr/bin/ssh-keygen").exists(), reason="needs ssh-keygen")
@pytest.mark.parametrize("merge", [False, True], ids=["rebase", "merge"])
def test_an_integration_without_conflicts_moves_the_branch_once(
    team: tuple[Clone, Clone, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, merge: bool
) -> None:
    """No conflict to settle: the new commits are made from trees (`git merge-tree`), not by
    git's rebase or merge in the work tree, and the branch, index and files move once. The
    rebased commit keeps its author and date; signing is honoured where the repo asks."""
    alice, bob, bare = team
    _transcripts(alice.transcripts, (JWT_ID,))
    run_ingest(alice.config, alice.transcripts)
    assert sync_ledger(alice.config).sent
    _transcripts(bob.transcripts, (CACHE_ID,))
    author = {"GIT_AUTHOR_NAME": "Bob", "GIT_AUTHOR_EMAIL": "bob@example.com",
              "GIT_AUTHOR_DATE": "1700000000 +0100"}  # fmt: skip
    for name, value in author.items():
        monkeypatch.setenv(name, value)
    run_ingest(bob.config, bob.transcripts)
    for name in author:
        monkeypatch.delenv(name)
    _signing(bob.root, tmp_path)
    mine = git(bob.root, "rev-parse", "HEAD").strip()

    result = sync_ledger(bob.config, merge)

    how, sent = ("merge", 2) if merge else ("rebase", 1)  # a merge sends its merge commit too
    assert (result.how, result.received, result.sent) == (how, 1, sent)
    moves = git(bob.root, "reflog", "--format=%gs", "-2").splitlines()
    assert moves[0] == "ledger: sync", moves
    raw = git(bob.root, "cat-file", "commit", "HEAD")
    assert "gpgsig -----BEGIN SSH SIGNATURE-----" in raw
    parents = git(bob.root, "rev-list", "--parents", "-1", "HEAD").split()[1:]
    theirs = git(alice.root, "rev-parse", "HEAD").strip()
    if merge:
        assert parents == [mine, theirs]
    else:
        assert parents == [theirs]
        assert "author Bob <bob@example.com> 1700000000 +0100" in raw
    sync_ledger(alice.config, merge)
    _assert_level(alice, bob, bare)


def _two_commits(repo: Path) -> tuple[str, str]:
    """A repo at its first commit, and a second commit that adds, changes and removes files."""
    git(repo.parent, "init", "-q", "--initial-branch=main", str(repo))
    for name in ("kept.md", "changed.md", "gone/old.md"):
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(f"{name}\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "first")
    first = git(repo, "rev-parse", "HEAD").strip()
    (repo / "changed.md").write_text("changed\n")
    shutil.rmtree(repo / "gone")
    (repo / "new").mkdir()
    (repo / "new" / "file.md").write_text("new\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "second")
    second = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "reset", "-q", "--hard", first)
    return first, second


def test_moving_writes_only_the_files_that_differ(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    first, second = _two_commits(repo)
    assert remote._move(repo, first, second)
    assert git(repo, "rev-parse", "HEAD").strip() == second
    assert git(repo, "status", "--porcelain", "--untracked-files=all") == ""
    assert (repo / "changed.md").read_text() == "changed\n"
    assert (repo / "new" / "file.md").read_text() == "new\n"
    assert not (repo / "gone").exists()


def test_a_file_on_disk_where_a_new_one_comes_leaves_it_to_git(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    first, second = _two_commits(repo)
    (repo / "new").mkdir()
    (repo / "new" / "file.md").write_text("mine, not committed\n")
    assert not remote._move(repo, first, second)
    assert git(repo, "rev-parse", "HEAD").strip() == first
    assert (repo / "new" / "file.md").read_text() == "mine, not committed\n"
    assert (repo / "changed.md").read_text() == "changed.md\n"
