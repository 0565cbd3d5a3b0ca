"""The index update on change patterns the randomised test (test_index_delta.py) does not make.

Each test builds a small ledger by hand, indexes it, makes one change, updates, and compares the
derived files, grep and context with a rebuild from scratch of the same files.
"""

from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from index_fixtures import derived_files, rewrite

from ledger.index import delta, derived
from ledger.index.build import check_index, update_index
from ledger.index.entries import Index
from ledger.index.page_files import Stamps
from ledger.search.context import build_context
from ledger.search.grep import GrepOptions, grep
from ledger.store import frontmatter

PROJECT = "/home/dev/api"


def _session(root: Path, folder: str, sid: str, started: datetime, **more: Any) -> None:
    fields = {
        "type": "session",
        "session_id": sid,
        "agent": "claude-code",
        "title": more.pop("title", f"Session {folder}"),
        "date": started.date(),
        "started": started,
        "project": PROJECT,
        "files_touched": more.pop("files", [f"{PROJECT}/src/{folder}.py"]),
        "ghost": False,
        **more,
    }
    (root / "sessions" / folder).mkdir(parents=True, exist_ok=True)
    rewrite(root / "sessions" / folder / "_session.md", frontmatter.dump(fields) + "\n")


def _finding(root: Path, path: str, fid: str, sid: str, day: datetime, **more: Any) -> None:
    kind = more.pop("kind", "decision")
    fields = {
        "id": fid,
        "kind": kind,
        "title": more.pop("title", f"Finding {fid} cache"),
        "status": more.pop("status", "open" if kind in ("todo", "question") else "accepted"),
        "date": day.date(),
        "session_id": sid,
        "project": PROJECT,
        "supersedes": more.pop("supersedes", []),
        "superseded_by": more.pop("superseded_by", []),
        "references": more.pop("references", []),
        "tags": [],
        **more,
    }
    target = root / path
    target.parent.mkdir(parents=True, exist_ok=True)
    text = frontmatter.dump(fields) + f"\n# {fields['title']}\n\nBody: cache retry.\n"
    rewrite(target, text)


def _note(root: Path, path: str, text: str) -> None:
    target = root / path
    target.parent.mkdir(parents=True, exist_ok=True)
    rewrite(target, text)


def _day(month: int, day: int) -> datetime:
    return datetime(2026, month, day, 9, tzinfo=timezone.utc)


def _answers(root: Path) -> tuple[object, ...]:
    state = root / ".ledger"
    found = grep(root, state, GrepOptions("cache|retry|Body"))
    matches = sorted(
        (m.path, m.superseded, m.superseded_by, m.status, m.session_title) for m in found.matches
    )
    brief = build_context(root, state, PROJECT, 4000)
    return matches, brief


def _scratch(root: Path, tmp_path: Path, name: str = "scratch") -> Path:
    scratch = tmp_path / name
    shutil.rmtree(scratch, ignore_errors=True)
    shutil.copytree(root / "sessions", scratch / "sessions")
    update_index(scratch, scratch / ".ledger")
    return scratch


def _same_as_rebuild(root: Path, tmp_path: Path) -> None:
    scratch = _scratch(root, tmp_path)
    ours, theirs = derived_files(root), derived_files(scratch)
    differ = sorted(p for p in {*ours, *theirs} if ours.get(p) != theirs.get(p))
    assert not differ, differ
    assert _answers(root) == _answers(scratch)


@pytest.fixture
def taken(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each delta.update call gave an update (True) or said rebuild (False)."""
    calls: list[bool] = []
    real = delta.update

    def recorded(
        root: Path, state: Path, index: Index, stamps: Stamps, before: bytes
    ) -> delta.Synced | None:
        result = real(root, state, index, stamps, before)
        calls.append(result is not None)
        return result

    monkeypatch.setattr(delta, "update", recorded)
    return calls


def _base(root: Path) -> None:
    """Three months, a session each with two findings, plus a fourth session in October."""
    for n, (month, day) in enumerate([(9, 3), (10, 4), (11, 5), (10, 20)]):
        folder = f"2026-{month:02d}-{day:02d}-s{n}"
        sid = f"{n:08x}-aaaa"
        _session(root, folder, sid, _day(month, day))
        _finding(root, f"sessions/{folder}/decision-a.md", f"{n:06x}0a0000", sid, _day(month, day))
        _finding(
            root, f"sessions/{folder}/todo-b.md", f"{n:06x}0b0000", sid, _day(month, day),
            kind="todo", references=["src/shared.py"],
        )  # fmt: skip


def _indexed(tmp_path: Path) -> Path:
    root = tmp_path / "ledger"
    _base(root)
    update_index(root, root / ".ledger")
    return root


# --- patterns ---------------------------------------------------------------------------------


def test_supersedes_by_wikilink_in_another_case(tmp_path: Path, taken: list[bool]) -> None:
    root = _indexed(tmp_path)
    _finding(
        root, "sessions/2026-11-05-s2/decision-c.md", "0000020c0000", "00000002-aaaa",
        _day(11, 5), supersedes=["[[Sessions/2026-09-03-S0/Decision-A]]"],
    )  # fmt: skip
    update_index(root, root / ".ledger")
    assert taken == [True]
    _same_as_rebuild(root, tmp_path)


def test_a_session_that_continues_one_of_another_month(tmp_path: Path, taken: list[bool]) -> None:
    """The continued session's line in its month says who continues it, as a rebuild says;
    and stops saying so when the continuation goes."""
    root = _indexed(tmp_path)
    _session(root, "2026-11-28-s9", "00000009-aaaa", _day(11, 28), continues="00000000-aaaa")
    update_index(root, root / ".ledger")
    assert taken == [True]
    _same_as_rebuild(root, tmp_path)
    september = (root / "index" / "sessions" / "2026-09.md").read_text(encoding="utf-8")
    assert "continued by 00000009" in september
    (root / "sessions" / "2026-11-28-s9" / "_session.md").unlink()
    (root / "sessions" / "2026-11-28-s9").rmdir()
    update_index(root, root / ".ledger")
    _same_as_rebuild(root, tmp_path)
    assert "continued by" not in (root / "index" / "sessions" / "2026-09.md").read_text()


def test_wikilink_target_that_only_later_appears(tmp_path: Path, taken: list[bool]) -> None:
    root = _indexed(tmp_path)
    _finding(
        root, "sessions/2026-11-05-s2/decision-c.md", "0000020c0000", "00000002-aaaa",
        _day(11, 5), supersedes=["[[sessions/2026-09-03-s0/Decision-Late]]"],
    )  # fmt: skip
    update_index(root, root / ".ledger")
    _finding(
        root, "sessions/2026-09-03-s0/decision-late.md", "0000000d0000", "00000000-aaaa",
        _day(9, 3),
    )  # fmt: skip
    update_index(root, root / ".ledger")
    assert taken == [True, True]
    _same_as_rebuild(root, tmp_path)


def test_id_reference_that_only_later_appears(tmp_path: Path, taken: list[bool]) -> None:
    root = _indexed(tmp_path)
    _finding(
        root, "sessions/2026-11-05-s2/decision-c.md", "0000020c0000", "00000002-aaaa",
        _day(11, 5), supersedes=["000000990000"], references=["000000980000"],
    )  # fmt: skip
    update_index(root, root / ".ledger")
    _finding(
        root, "sessions/2026-09-03-s0/decision-x.md", "000000990000", "00000000-aaaa", _day(9, 3)
    )
    _finding(
        root,
        "sessions/2026-10-04-s1/todo-x.md",
        "000000980000",
        "00000001-aaaa",
        _day(10, 4),
        kind="todo",
    )
    update_index(root, root / ".ledger")
    _same_as_rebuild(root, tmp_path)


def test_session_moves_month_while_another_month_supersedes_its_finding(
    tmp_path: Path, taken: list[bool]
) -> None:
    root = _indexed(tmp_path)
    _finding(
        root, "sessions/2026-11-05-s2/decision-c.md", "0000020c0000", "00000002-aaaa",
        _day(11, 5), supersedes=["0000010a0000"],
    )  # fmt: skip
    update_index(root, root / ".ledger")
    _session(root, "2026-10-04-s1", "00000001-aaaa", _day(8, 30))
    update_index(root, root / ".ledger")
    assert all(taken)
    _same_as_rebuild(root, tmp_path)


def test_removing_the_only_finding_of_a_month(tmp_path: Path, taken: list[bool]) -> None:
    root = _indexed(tmp_path)
    (root / "sessions/2026-09-03-s0/decision-a.md").unlink()
    update_index(root, root / ".ledger")
    (root / "sessions/2026-09-03-s0/todo-b.md").unlink()
    update_index(root, root / ".ledger")
    assert taken == [True, True]
    _same_as_rebuild(root, tmp_path)
    assert not (root / "index/decisions/2026-09.md").exists()


def test_finding_whose_session_id_names_no_session(tmp_path: Path, taken: list[bool]) -> None:
    root = _indexed(tmp_path)
    _finding(
        root, "sessions/2026-10-04-s1/todo-orphan.md", "0000010f0000", "ffffffff-none",
        _day(9, 1), kind="todo", references=["src/shared.py"],
    )  # fmt: skip
    update_index(root, root / ".ledger")
    _session(
        root, "2026-11-05-s2", "00000002-aaaa", _day(11, 6), files=[f"{PROJECT}/src/shared.py"]
    )
    update_index(root, root / ".ledger")
    _same_as_rebuild(root, tmp_path)


def test_notes_in_session_folders(tmp_path: Path, taken: list[bool]) -> None:
    root = _indexed(tmp_path)
    _note(root, "sessions/2026-10-04-s1/notes.md", "# Notes\n\ncache thoughts\n")
    update_index(root, root / ".ledger")
    _finding(
        root, "sessions/2026-11-05-s2/decision-c.md", "0000020c0000", "00000002-aaaa",
        _day(11, 5), supersedes=["[[sessions/2026-10-04-s1/notes]]"],
    )  # fmt: skip
    update_index(root, root / ".ledger")
    _note(root, "sessions/2026-10-04-s1/notes.md", "---\ntitle: Notes renamed\n---\n\ncache\n")
    update_index(root, root / ".ledger")
    assert all(taken)
    _same_as_rebuild(root, tmp_path)


def test_a_folder_without_a_session_file(tmp_path: Path, taken: list[bool]) -> None:
    root = _indexed(tmp_path)
    _note(root, "sessions/loose/readme.md", "# Loose\n\ncache\n")
    update_index(root, root / ".ledger")
    _finding(
        root, "sessions/loose/todo-l.md", "0000ff0b0000", "00000001-aaaa", _day(10, 4), kind="todo"
    )
    update_index(root, root / ".ledger")
    _same_as_rebuild(root, tmp_path)


def test_shared_slug_pages_after_one_goes(tmp_path: Path, taken: list[bool]) -> None:
    root = _indexed(tmp_path)
    _session(
        root, "2026-09-03-s0", "00000000-aaaa", _day(9, 3), files=[f"{PROJECT}/src/cache_key.py"]
    )
    _session(
        root, "2026-10-04-s1", "00000001-aaaa", _day(10, 4), files=[f"{PROJECT}/src/cache-key.py"]
    )
    update_index(root, root / ".ledger")
    _session(root, "2026-10-04-s1", "00000001-aaaa", _day(10, 4), files=[f"{PROJECT}/src/other.py"])
    update_index(root, root / ".ledger")
    _session(
        root, "2026-11-05-s2", "00000002-aaaa", _day(11, 5), files=[f"{PROJECT}/src/cache.key.py"]
    )
    update_index(root, root / ".ledger")
    _same_as_rebuild(root, tmp_path)


def test_check_after_updates(tmp_path: Path, taken: list[bool]) -> None:
    root = _indexed(tmp_path)
    _finding(
        root, "sessions/2026-11-05-s2/decision-c.md", "0000020c0000", "00000002-aaaa",
        _day(11, 5), supersedes=["0000000a0000"],
    )  # fmt: skip
    update_index(root, root / ".ledger")
    (root / "sessions/2026-10-04-s1/todo-b.md").unlink()
    update_index(root, root / ".ledger")
    stale = [p for p in check_index(root, root / ".ledger") if "run `ledger index`" in p.message]
    assert stale == []


def test_update_right_after_grep_refreshed(tmp_path: Path, taken: list[bool]) -> None:
    root = _indexed(tmp_path)
    _finding(
        root,
        "sessions/2026-11-05-s2/todo-c.md",
        "0000020c0000",
        "00000002-aaaa",
        _day(11, 5),
        kind="todo",
    )
    grep(root, root / ".ledger", GrepOptions("cache"))
    update_index(root, root / ".ledger")
    _finding(
        root,
        "sessions/2026-09-03-s0/todo-d.md",
        "0000000d0000",
        "00000000-aaaa",
        _day(9, 3),
        kind="todo",
    )
    update_index(root, root / ".ledger")
    _same_as_rebuild(root, tmp_path)


def test_deleting_the_state(tmp_path: Path, taken: list[bool]) -> None:
    root = _indexed(tmp_path)
    shutil.rmtree(root / ".ledger")
    shutil.rmtree(root / "sessions/2026-09-03-s0")
    update_index(root, root / ".ledger")
    _same_as_rebuild(root, tmp_path)


def test_folder_renamed(tmp_path: Path, taken: list[bool]) -> None:
    root = _indexed(tmp_path)
    _finding(
        root, "sessions/2026-11-05-s2/decision-c.md", "0000020c0000", "00000002-aaaa",
        _day(11, 5), supersedes=["0000010a0000"], references=["[[sessions/2026-10-04-s1/todo-b]]"],
    )  # fmt: skip
    update_index(root, root / ".ledger")
    (root / "sessions/2026-10-04-s1").rename(root / "sessions/2026-10-04-s1-renamed")
    update_index(root, root / ".ledger")
    _same_as_rebuild(root, tmp_path)


# --- a finding kept away from its session's folder (a stray) -------------------------------------


def _with_stray(tmp_path: Path) -> Path:
    """Folder s3 (October) holds a finding whose session is s0 (September), its date October."""
    root = tmp_path / "ledger"
    _base(root)
    _finding(
        root, "sessions/2026-10-20-s3/decision-moved.md", "0000030d0000", "00000000-aaaa",
        _day(10, 20), references=["src/stray.py"], title="Moved cache decision",
    )  # fmt: skip
    update_index(root, root / ".ledger")
    return root


def test_stray_finding_in_a_month_rendered_without_its_session(
    tmp_path: Path, taken: list[bool]
) -> None:
    """A new session in October renders October, where the stray's folder is; the stray belongs
    to September, its session's month, all the same."""
    root = _with_stray(tmp_path)
    _session(root, "2026-10-25-new", "00000077-aaaa", _day(10, 25))
    update_index(root, root / ".ledger")
    assert taken == [True]
    _same_as_rebuild(root, tmp_path)


def test_stray_finding_on_a_file_page_rendered_without_its_session(
    tmp_path: Path, taken: list[bool]
) -> None:
    """A new session in November changes a file the stray cites: its page lists the stray under
    its session."""
    root = _with_stray(tmp_path)
    _session(
        root, "2026-11-25-new", "00000077-aaaa", _day(11, 25), files=[f"{PROJECT}/src/stray.py"]
    )
    update_index(root, root / ".ledger")
    assert taken == [True]
    _same_as_rebuild(root, tmp_path)


# --- a run killed at any point ------------------------------------------------------------------


class Killed(BaseException):
    """The run is killed here."""


_POINTS = [
    ("ledger.index.page_files", "_write_page"),
    ("ledger.index.derived", "forget"),
    ("ledger.index.summaries", "save_docs"),
    ("ledger.index.summaries", "save_briefs"),
    ("ledger.index.derived", "save"),
    ("ledger.index.derived", "save_holders"),
    ("ledger.index.entries", "write_bytes_atomic"),
    ("ledger.index.build", "write_bytes_atomic"),
]


def _kill_after(monkeypatch: pytest.MonkeyPatch, k: int) -> list[str]:
    """Kill the run just after the k-th (1-based) of the state and page writes (0: never);
    what was done, in order."""
    import importlib

    done: list[str] = []

    def wrap(name: str, real: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            result = real(*args, **kwargs)
            done.append(name)
            if len(done) == k:
                raise Killed(name)
            return result

        return wrapper

    for module, attr in _POINTS:
        target = importlib.import_module(module)
        monkeypatch.setattr(target, attr, wrap(f"{module}.{attr}", getattr(target, attr)))
    real_save = derived.Holders.save
    monkeypatch.setattr(derived.Holders, "save", wrap("Holders.save", real_save))
    return done


def _change(root: Path) -> None:
    """A new month, a new finding superseding an old one, a finding removed."""
    _session(root, "2026-12-01-s9", "00000009-aaaa", _day(12, 1), files=[f"{PROJECT}/src/new.py"])
    _finding(
        root, "sessions/2026-12-01-s9/decision-n.md", "0000090a0000", "00000009-aaaa",
        _day(12, 1), supersedes=["0000010a0000"], references=["src/new-cited.py"],
    )  # fmt: skip
    (root / "sessions/2026-09-03-s0/todo-b.md").unlink()


def _events(tmp_path: Path) -> list[str]:
    with pytest.MonkeyPatch.context() as mp:
        root = _indexed(tmp_path / "count")
        _change(root)
        done = _kill_after(mp, 0)
        update_index(root, root / ".ledger")
    return done


@pytest.mark.parametrize("then", ["same", "undo"])
def test_a_run_killed_anywhere_is_completed_by_the_next(tmp_path: Path, then: str) -> None:
    """`same`: the next run sees the same files; `undo`: the new session is deleted first."""
    events = _events(tmp_path)
    assert events, "the update writes something"
    failures = []
    for k in range(1, len(events) + 1):
        base = tmp_path / f"k{k}"
        root = _indexed(base)
        _change(root)
        with pytest.MonkeyPatch.context() as mp:
            _kill_after(mp, k)
            with pytest.raises(Killed):
                update_index(root, root / ".ledger")
        if then == "undo":
            shutil.rmtree(root / "sessions/2026-12-01-s9")
        update_index(root, root / ".ledger")
        scratch = _scratch(root, base)
        ours, theirs = derived_files(root), derived_files(scratch)
        differ = sorted(p for p in {*ours, *theirs} if ours.get(p) != theirs.get(p))
        if differ or _answers(root) != _answers(scratch):
            failures.append((k, events[k - 1], differ))
    assert not failures, failures


def _kill_on(monkeypatch: pytest.MonkeyPatch, module: Any, attr: str) -> None:
    def killed(*args: Any, **kwargs: Any) -> Any:
        raise Killed(attr)

    monkeypatch.setattr(module, attr, killed)


@pytest.mark.parametrize(
    ("thorough", "where"),
    [
        (False, "index.derived.forget"),
        (False, "index.build.write_bytes_atomic"),  # the pages written, not their stamps
        (True, "index.build.write_bytes_atomic"),
    ],
)
def test_pages_of_a_killed_run_whose_change_is_undone(
    tmp_path: Path, thorough: bool, where: str
) -> None:
    """An update (or `ledger index`, thorough) killed once its pages are written, before their
    stamps are saved; the new session is then deleted. The next runs put back the pages the
    killed run rewrote and remove the new month's pages."""
    import importlib

    root = _indexed(tmp_path)
    _change(root)
    module, attr = where.rsplit(".", 1)
    with pytest.MonkeyPatch.context() as mp:
        _kill_on(mp, importlib.import_module(f"ledger.{module}"), attr)
        with pytest.raises(Killed):
            update_index(root, root / ".ledger", thorough=thorough)
    assert (root / "index/sessions/2026-12.md").exists()
    shutil.rmtree(root / "sessions/2026-12-01-s9")
    update_index(root, root / ".ledger")
    update_index(root, root / ".ledger", thorough=True)  # `ledger index`
    _same_as_rebuild(root, tmp_path)


def test_check_reports_nothing_after_a_killed_run_is_completed(tmp_path: Path) -> None:
    root = _indexed(tmp_path)
    _change(root)
    with pytest.MonkeyPatch.context() as mp:
        _kill_on(mp, derived, "forget")
        with pytest.raises(Killed):
            update_index(root, root / ".ledger")
    shutil.rmtree(root / "sessions/2026-12-01-s9")
    update_index(root, root / ".ledger")
    assert list(check_index(root, root / ".ledger")) == []


# --- findings left without their session, then claimed from another folder ----------------------


def test_session_file_removed_then_its_id_claimed_elsewhere(
    tmp_path: Path, taken: list[bool]
) -> None:
    """s1's `_session.md` goes: its findings are left with no session found; a session in
    another folder then claims s1's id, and they follow it."""
    root = _indexed(tmp_path)
    (root / "sessions/2026-10-04-s1/_session.md").unlink()
    update_index(root, root / ".ledger")
    _same_as_rebuild(root, tmp_path)  # holds: the pages are right, the saved strays are not
    _session(root, "2026-12-01-claims", "00000001-aaaa", _day(12, 1))
    update_index(root, root / ".ledger")
    _same_as_rebuild(root, tmp_path)


def test_session_id_changed_then_the_old_id_claimed_elsewhere(
    tmp_path: Path, taken: list[bool]
) -> None:
    root = _indexed(tmp_path)
    _session(root, "2026-10-04-s1", "00000001-bbbb", _day(10, 4))
    update_index(root, root / ".ledger")
    _same_as_rebuild(root, tmp_path)
    _session(root, "2026-12-01-claims", "00000001-aaaa", _day(12, 1))
    update_index(root, root / ".ledger")
    _same_as_rebuild(root, tmp_path)


def test_index_ids_deleted(tmp_path: Path, taken: list[bool]) -> None:
    """`.ledger/` is deletable at any time: here only its finding-id shards go."""
    root = _indexed(tmp_path)
    shutil.rmtree(root / ".ledger/index/ids")
    _finding(
        root, "sessions/2026-11-05-s2/decision-c.md", "0000020c0000", "00000002-aaaa",
        _day(11, 5), supersedes=["0000010a0000"],
    )  # fmt: skip
    update_index(root, root / ".ledger")
    _same_as_rebuild(root, tmp_path)
