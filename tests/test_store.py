"""Where files go and how they are written: slugs, frontmatter, atomic writes, git commits."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from ledger.atomic import Changed, create, write_atomic
from ledger.models import short_id
from ledger.store import frontmatter, git, wide_tree
from ledger.store.paths import slug

HOSTILE_TITLES = [
    "../../etc/passwd",
    "CON",
    "x" * 300,
    "🔥🔥🔥",
    "",
    "a/b\\c\x00d\x1b[31m",
    "..",
    "Ünïcödé façade — naïve",
    "日本語のタイトル",
]


@pytest.mark.parametrize("title", HOSTILE_TITLES, ids=range(len(HOSTILE_TITLES)))
def test_slugs_are_safe_whatever_the_title(title: str, tmp_path: Path) -> None:
    name = slug(title, 50)
    assert name and len(name) <= 50
    assert set(name) <= set("abcdefghijklmnopqrstuvwxyz0123456789-")
    assert not name.startswith("-") and not name.endswith("-")
    assert (tmp_path / "sessions" / name).resolve().parent == (tmp_path / "sessions").resolve()


def test_slug_cuts_at_a_word() -> None:
    assert slug("Fix JWT expiry on non-UTC hosts", 20) == "fix-jwt-expiry-on"
    assert slug("Ünïcödé façade", 50) == "unicode-facade"


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Größen prüfen", "grossen-prufen"),
        ("Почему падает сборка", "pochemu-padaet-sborka"),
        ("Ελληνικά τεστ", "ellinika-test"),
        ("修复登录错误", "xiu-fu-deng-lu-cuo-wu"),
        ("日本語のテスト", "ri-ben-yu-no-te-su-to"),
    ],
)
def test_slug_transliterates_every_script(title: str, expected: str) -> None:
    assert slug(title, 50) == expected


def test_short_id_of_a_uuid7_uses_its_random_tail() -> None:
    assert short_id("4f35e220-8c1d-4b7e-9a51-2d6f0c3b7e14") == "4f35e220"
    assert short_id("019a802a-aab1-7c31-9831-d2510c7a74a2") == "0c7a74a2"


def test_frontmatter_round_trips_awkward_values() -> None:
    fields = {"title": "yes", "n": "0123", "link": "[[a/b]]", "note": "a: b # c", "list": ["on"]}
    text = frontmatter.dump(fields)
    assert text.startswith("---\n") and text.endswith("---\n")
    assert dict(frontmatter.load(text + "body\n") or {}) == fields


def test_frontmatter_split_keeps_a_body_with_fences() -> None:
    body = "# T\n\n---\n[[x]] {{ y }}\n---\n"
    parts = frontmatter.split(frontmatter.dump({"a": 1}) + body)
    assert parts is not None and parts[1] == body


def test_atomic_write_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b.md"
    write_atomic(target, "one\n")
    write_atomic(target, "two\n")
    assert target.read_text() == "two\n"
    assert [p.name for p in target.parent.iterdir()] == ["b.md"]


def test_a_write_that_expects_the_old_bytes_leaves_a_file_saved_meanwhile(tmp_path: Path) -> None:
    """`was`: the bytes the writer read. A person's save since then stops the write (Changed),
    their file stays as they saved it, and no temporary file is left."""
    target = tmp_path / "note.md"
    target.write_text("as read\n")
    write_atomic(target, "ledger's\n", was=b"as read\n")
    assert target.read_text() == "ledger's\n"
    target.write_text("saved by a person\n")
    with pytest.raises(Changed):
        write_atomic(target, "ledger's again\n", was=b"ledger's\n")
    assert target.read_text() == "saved by a person\n"
    assert [p.name for p in tmp_path.iterdir()] == ["note.md"]


def test_a_created_file_never_replaces_one(tmp_path: Path) -> None:
    """`create` writes a new file straight, and never a file that is there (nor through a link
    to one): that one stays as it was."""
    create(tmp_path / "new.md", b"ledger's\n")
    assert (tmp_path / "new.md").read_bytes() == b"ledger's\n"
    (tmp_path / "mine.md").write_text("a person's\n")
    (tmp_path / "link.md").symlink_to(tmp_path / "mine.md")
    for taken in ("mine.md", "link.md"):
        with pytest.raises(FileExistsError):
            create(tmp_path / taken, b"ledger's\n")
    assert (tmp_path / "mine.md").read_text() == "a person's\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.md", "mine.md", "new.md"]


@pytest.mark.parametrize("forked_from", [1, 10_000])
def test_new_folders_are_written_whole_by_one_process_or_two(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forked_from: int
) -> None:
    """A first ingest's folders: half of them by a forked process when there are many files."""
    from ledger.store import edits

    monkeypatch.setattr(edits, "NEW_FOLDERS_FORKED", forked_from)
    folders = [
        (f"sessions/2026-01-0{n}-s{n}", [(f"todo-{k}.md", f"todo {n}.{k}\n") for k in range(n)])
        for n in range(1, 6)
    ]
    edits.write_new_folders(tmp_path, folders)
    on_disk = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert on_disk == sorted(f"{folder}/{name}" for folder, files in folders for name, _ in files)
    for folder, files in folders:
        for name, text in files:
            assert (tmp_path / folder / name).read_text() == text


@pytest.mark.parametrize("forked_from", [1, 20_000])
def test_folder_stamps_are_the_same_from_one_process_or_two(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forked_from: int
) -> None:
    """A large ledger's session folders are statted half by a forked process: the same stamps,
    and only folders (no file, no hidden folder)."""
    import os

    from ledger.store import state

    monkeypatch.setattr(state, "PARALLEL_FOLDERS", forked_from)
    sessions = tmp_path / "sessions"
    for n in range(7):
        (sessions / f"2026-01-0{n}-s{n}").mkdir(parents=True)
        os.utime(sessions / f"2026-01-0{n}-s{n}", ns=(n, 1_000_000_000 * n + 7))
    (sessions / ".hidden").mkdir()
    (sessions / "README.md").write_text("not a session\n")
    stamps = state.folder_stamps(tmp_path)
    assert stamps == {f"2026-01-0{n}-s{n}": 1_000_000_000 * n + 7 for n in range(7)}
    assert state.folder_stamps(tmp_path / "nowhere") == {}


@pytest.mark.parametrize("forked_from", [1, 20_000])
def test_saved_stamps_hold_until_a_folder_is_added_removed_or_written_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forked_from: int
) -> None:
    """What `is_current` asks without building the stamps: the same answer as comparing them."""
    import os
    import shutil
    from array import array

    from ledger.store import state

    monkeypatch.setattr(state, "PARALLEL_FOLDERS", forked_from)
    sessions = tmp_path / "sessions"
    for n in range(7):
        (sessions / f"2026-01-0{n}-s{n}").mkdir(parents=True)
        os.utime(sessions / f"2026-01-0{n}-s{n}", ns=(n, 1_000_000_000 * n + 7))

    def taken() -> tuple[list[str], bytes, int]:
        stamps = state.folder_stamps(tmp_path)
        names = sorted(stamps)  # in any order
        return names, array("q", (stamps[name] for name in names)).tobytes(), stamps.listed

    def holds(names: list[str], stamps: bytes, listed: int) -> bool:
        """What the check says, as one process and by shares, with the listing's stamp and
        without it (the same, when no folder came or went behind its back)."""
        said = {
            all(state.stamps_hold(tmp_path, names, stamps, known, part) for part in parts)
            for known in (listed, -1)
            for parts in (((0, 1),), ((0, 2), (1, 2)))
        }
        assert len(said) == 1, said
        return said.pop()

    names, stamps, listed = taken()
    assert holds(names, stamps, listed)
    (sessions / "README.md").write_text("not a session\n")  # listed, not a folder
    names, stamps, listed = taken()
    assert holds(names, stamps, listed)
    (sessions / "2026-01-03-s3" / "todo-new.md").write_text("todo\n")
    assert not holds(names, stamps, listed)
    names, stamps, listed = taken()
    (sessions / "2026-01-09-new").mkdir()
    assert not holds(names, stamps, listed)
    names, stamps, listed = taken()
    shutil.rmtree(sessions / "2026-01-00-s0")
    assert not holds(names, stamps, listed)
    assert state.stamps_hold(tmp_path / "nowhere", [], b"", -1)
    # the folders as `sessions/`'s stamp vouches for them: not listed again
    names, stamps, listed = taken()
    (sessions / "2026-01-08-behind-its-back").mkdir()
    os.utime(sessions, ns=(listed, listed))
    assert state.stamps_hold(tmp_path, names, stamps, listed)
    assert not state.stamps_hold(tmp_path, names, stamps, -1)


def test_ctrl_c_just_after_the_temp_file_is_closed_is_the_interrupt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The interrupt lands between closing the temporary file and marking it closed: the write
    ends with that interrupt and no temporary file, not with EBADF from closing it twice."""
    import os

    from ledger import atomic

    real_close = os.close
    interrupted: list[int] = []

    def close_then_interrupt(fd: int) -> None:
        real_close(fd)
        if not interrupted:
            interrupted.append(fd)
            raise KeyboardInterrupt

    monkeypatch.setattr(atomic.os, "close", close_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        atomic.write_bytes_atomic(tmp_path / "page.md", b"text\n")
    monkeypatch.undo()
    assert interrupted and list(tmp_path.iterdir()) == []


def test_atomic_write_takes_the_umask_or_a_mode_and_steps_over_a_stale_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import itertools
    import os
    import stat

    from ledger import atomic

    mask = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new" / "plain.md", "x")
        write_atomic(tmp_path / "new" / "hook", "#!/bin/sh\n", 0o755)
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new" / "plain.md").stat().st_mode) == 0o640
    assert stat.S_IMODE((tmp_path / "new" / "hook").stat().st_mode) == 0o755
    monkeypatch.setattr(atomic, "_written", itertools.count(1000))
    stale = tmp_path / "new" / f".plain.md.{os.getpid()}.1000.tmp"  # a killed run of this pid
    stale.write_text("half")
    write_atomic(tmp_path / "new" / "plain.md", "whole")
    assert (tmp_path / "new" / "plain.md").read_text() == "whole" and stale.read_text() == "half"


def _git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=root, capture_output=True, text=True, check=True
    ).stdout.strip()


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    _git(tmp_path, "init", "-q")
    return tmp_path


WHO = git.Identity("ledger", "ledger@localhost")


def test_commit_takes_only_the_given_paths(repo: Path) -> None:
    (repo / "mine.md").write_text("ledger\n")
    (repo / "theirs.txt").write_text("user work\n")
    _git(repo, "add", "theirs.txt")
    commit = git.commit_paths(repo, ["mine.md"], "ledger: test\n", WHO)
    assert commit is not None
    assert _git(repo, "show", "--name-only", "--format=", "HEAD") == "mine.md"
    assert "A  theirs.txt" in _git(repo, "status", "--porcelain")
    assert "mine.md" not in _git(repo, "status", "--porcelain")


def test_commit_of_unchanged_paths_makes_no_commit(repo: Path) -> None:
    (repo / "a.md").write_text("a\n")
    first = git.commit_paths(repo, ["a.md"], "ledger: one\n", WHO)
    assert git.commit_paths(repo, ["a.md"], "ledger: two\n", WHO) is None
    assert _git(repo, "rev-parse", "HEAD") == first


def test_commit_records_a_removed_file(repo: Path) -> None:
    (repo / "a.md").write_text("a\n")
    git.commit_paths(repo, ["a.md"], "ledger: add\n", WHO)
    (repo / "a.md").unlink()
    git.commit_paths(repo, ["a.md"], "ledger: remove\n", WHO)
    assert _git(repo, "ls-tree", "--name-only", "HEAD") == ""


# (path, content): None removes the file
_WIDE_STEPS: list[list[tuple[str, str | None]]] = [
    [("ledger.yaml", "x: 1\n"), ("sessions/b/_session.md", "b\n"), ("sessions/d/f.md", "d\n")],
    [  # new folders on either side of others, in git's order (`a-b` < `a.b` < `a/` < `a0`)
        ("sessions/a/_session.md", "a\n"),
        ("sessions/a-b/x.md", "ab\n"),
        ("sessions/a.b/x.md", "a.b\n"),
        ("sessions/a0/x.md", "a0\n"),
        ("sessions/z/x.md", "z\n"),
        ("sessions/b/new.md", "new\n"),
        ("docs/ledger/sessions/q/x.md", "q\n"),
    ],
    [("sessions/b/_session.md", "b changed\n"), ("sessions/a/_session.md", None)],
    [("sessions/d/f.md", None), ("sessions/README.md", "top\n"), ("sessions/z/y/deep.md", "y\n")],
    [("sessions/c/x.md", "c\n"), ("ledger.yaml", "x: 2\n"), ("sessions/a-b/x.md", None)],
    [("sessions/e", "a file\n")],
    # a folder where a file was: not as ledger writes, so fast-import writes it all
    [("sessions/e", None), ("sessions/e/x.md", "e\n")],
]


def _wide_steps(repo: Path) -> list[str]:
    """Commit `_WIDE_STEPS` in `repo`; the tree of each commit."""
    repo.mkdir()
    _git(repo, "init", "-q")
    trees = []
    for step in _WIDE_STEPS:
        for path, text in step:
            if text is None:
                (repo / path).unlink()
            else:
                (repo / path).parent.mkdir(parents=True, exist_ok=True)
                (repo / path).write_text(text)
        git.commit_paths(repo, sorted(path for path, _ in step), "ledger: step\n", WHO)
        trees.append(_git(repo, "rev-parse", "HEAD^{tree}"))
    _git(repo, "fsck", "--strict", "--no-dangling")
    assert _git(repo, "status", "--porcelain") == ""
    return trees


def test_a_wide_folder_spliced_gives_the_tree_fast_import_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A commit's `sessions/` tree, spliced by ledger when it is wide, is the one fast-import
    writes: the same ids after folders are added on either side of others, changed, emptied,
    beside a file and a sub-folder of their own; git finds nothing wrong with the objects."""
    plain = _wide_steps(tmp_path / "plain")
    spliced: list[str] = []
    splice = wide_tree.splice

    def spy(*args: Any) -> wide_tree.Spliced | None:
        made = splice(*args)
        spliced.extend([made.directory] if made else [])
        return made

    monkeypatch.setattr(wide_tree, "WIDE_BYTES", 0)
    monkeypatch.setattr(git, "splice", spy)
    assert _wide_steps(tmp_path / "spliced") == plain
    assert spliced == ["sessions"] * (len(_WIDE_STEPS) - 3), "not the first, nor the two of `e`"


@pytest.mark.parametrize("wide", [False, True], ids=["fast-import", "spliced"])
def test_a_tree_written_from_a_tree_is_the_one_a_commit_of_those_files_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, wide: bool
) -> None:
    """`write_tree` (what sync settles into a merged tree) gives each step of `_WIDE_STEPS` the
    tree its commit has, from the tree before it, and moves no ref."""
    plain = _wide_steps(tmp_path / "plain")
    if wide:
        monkeypatch.setattr(wide_tree, "WIDE_BYTES", 0)
    repo = tmp_path / "plain"
    refs = _git(repo, "show-ref")
    for before, step, after in zip(plain, _WIDE_STEPS[1:], plain[1:], strict=False):
        files = {path: None if text is None else text.encode() for path, text in step}
        assert git.write_tree(repo, before, files) == after
    assert _git(repo, "show-ref") == refs


def test_head_contents_reads_files_and_says_none_for_what_head_lacks(repo: Path) -> None:
    """What a run cut short wrote is put back from these: a file, none where there was none
    (a folder, a new file), whatever the order."""
    assert git.head_contents(repo, ["a.md"]) == {"a.md": None}  # no commit yet
    (repo / "d").mkdir()
    (repo / "d" / "a b.md").write_text("spaced\n")
    (repo / "a.md").write_text("first\n")
    git.commit_paths(repo, ["a.md", "d/a b.md"], "ledger: add\n", WHO)
    asked = ["d", "new.md", "a.md", "d/a b.md", "d/missing file.md"]
    assert git.head_contents(repo, asked) == {
        "d": None,
        "new.md": None,
        "a.md": b"first\n",
        "d/a b.md": b"spaced\n",
        "d/missing file.md": None,
    }


def test_committed_is_what_ledger_last_committed_not_a_persons_commit(repo: Path) -> None:
    folder = repo / "docs" / "ledger"
    folder.mkdir(parents=True)
    for text in ("v1\n", "v2\n"):
        (folder / "a.md").write_text(text)
        (folder / "b.md").write_text("b " + text)
        git.commit_paths(repo, ["docs/ledger/a.md", "docs/ledger/b.md"], "ledger: ingest\n", WHO)
    (folder / "a.md").write_text("v2 and a note\n")
    _git(
        repo, "-c", "user.name=A Person", "-c", "user.email=p@example.com", "commit", "-qam", "mine"
    )
    (folder / "b.md").unlink()
    git.commit_paths(repo, ["docs/ledger/b.md"], "ledger: remove\n", WHO)
    (folder / "c.md").write_text("c, long enough to be seen as renamed\n")
    git.commit_paths(repo, ["docs/ledger/c.md"], "ledger: add c\n", WHO)
    (folder / "c.md").rename(folder / "d.md")
    git.commit_paths(repo, ["docs/ledger/c.md", "docs/ledger/d.md"], "ledger: move\n", WHO)
    _git(repo, "config", "diff.renames", "true")

    with git.Committed(folder) as committed:
        assert committed.text("a.md") == "v2\n"
        assert committed.text("b.md") is None, "ledger's last word on b.md was to delete it"
        assert committed.text("never.md") is None
        assert committed.text("a.md") == "v2\n", "the reader serves many files"
        assert committed.text("c.md") is None, "a file moved is deleted where it was"
        assert committed.text("d.md") == "c, long enough to be seen as renamed\n"


def test_committed_in_a_repo_without_commits(tmp_path: Path) -> None:
    _git(tmp_path, "init", "--quiet")
    with git.Committed(tmp_path) as committed:
        assert committed.text("a.md") is None


def test_identity_falls_back_when_git_has_none(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(repo))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    assert git.identity(repo, None) == git.Identity("ledger", "ledger@localhost")
    assert git.identity(repo, "Ada <ada@example.org>") == git.Identity("Ada", "ada@example.org")


AWKWARD_VALUES = [
    "yes", "No", "on", "null", "~", "0123", "1.5", "1e3", "2026-11-21", "2026-11-21T09:12:00Z",
    "-x", "- x", "a: b", "a #b", "x:", " lead", "trail ", "[x]", "{x}", "*x", "&x", "!x", "|x",
    ">x", "'x", '"x', "%x", "@x", "`x", "#x", "?x", ",x", "", "line\nbreak", "tab\there",
    "naïve — ünï", "日本語", "emoji 🔥", "\u2028sep", "back\\slash", "ok plain text", "/a/b.py",
    "mcp__server__tool", "C:\\Users\\x", "cd .. && ls", "x\x00y", "\ufeffbom",
]  # fmt: skip


@pytest.mark.parametrize("value", AWKWARD_VALUES, ids=range(len(AWKWARD_VALUES)))
def test_fast_frontmatter_reads_back_as_written(value: str) -> None:
    fields = {"title": value, "tags": [value, "plain"], "tools": {value or "k": 1}, "n": None}
    loaded = frontmatter.load(frontmatter.dump(fields) + "body\n")
    assert loaded["title"] == value
    assert list(loaded["tags"]) == [value, "plain"]
    assert dict(loaded["tools"]) == {value or "k": 1}
    assert loaded["n"] is None


def test_fast_frontmatter_types_obsidian_understands() -> None:
    from datetime import date, datetime, timezone

    moment = datetime(2026, 11, 21, 9, 12, 3, 123000, tzinfo=timezone.utc)
    text = frontmatter.dump(
        {"date": date(2026, 11, 21), "started": moment, "turns": [1, 2], "confidence": 0.8}
    )
    assert text == (
        "---\ndate: 2026-11-21\nstarted: 2026-11-21T09:12:03.123Z\n"
        "turns:\n  - 1\n  - 2\nconfidence: 0.8\n---\n"
    )
