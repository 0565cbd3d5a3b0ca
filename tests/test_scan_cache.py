"""The local scan cache: a no-change run reads nothing, yet no change ever goes unnoticed."""

from __future__ import annotations

import marshal
import os
from pathlib import Path

import pytest
from transcript_fixtures import (
    PROJECT_DIR,
    SESSION_ID,
    claude_assistant,
    claude_file,
    claude_session_records,
    claude_user,
    text,
    write_jsonl,
)

from ledger.store.state import (
    CACHE_VERSION,
    RECORDS,
    SCAN_CACHE,
    InLedger,
    ScanCache,
    folder_stamps,
    sessions_in_ledger,
)
from ledger.transcripts.discover import KnownParents, discover

OTHER_ID = "5b0c2d1e-0000-4000-8000-00000000abcd"


def _sibling(folder: Path, session_id: str) -> Path:
    records = [
        claude_user("look", isSidechain=True, agentId="a1b2c3d4", sessionId=session_id),
        claude_assistant(
            [text("ok")], "m", isSidechain=True, agentId="a1b2c3d4", sessionId=session_id
        ),
    ]
    return write_jsonl(folder / "agent-a1b2c3d4.jsonl", records)


def _touch_later(path: Path) -> None:
    info = path.stat()
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 10**9))


def test_a_known_sibling_subagent_is_not_read_again(tmp_path: Path) -> None:
    project = tmp_path / PROJECT_DIR
    claude_file(project, claude_session_records())
    claude_file(project, claude_session_records(), name=OTHER_ID)
    sibling = _sibling(project, SESSION_ID)
    known: KnownParents = {}
    first = discover([tmp_path], known)
    # same size and mtime, other owner: only a run that opened the file again could tell
    before = sibling.stat()
    _sibling(project, OTHER_ID)
    os.utime(sibling, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert discover([tmp_path], known).transcripts == first.transcripts
    assert discover([tmp_path], {}).transcripts != first.transcripts


def test_a_sibling_that_changed_is_read_again(tmp_path: Path) -> None:
    project = tmp_path / PROJECT_DIR
    claude_file(project, claude_session_records())
    claude_file(project, claude_session_records(), name=OTHER_ID)
    sibling = _sibling(project, SESSION_ID)
    known: KnownParents = {}
    discover([tmp_path], known)
    _sibling(project, OTHER_ID)
    _touch_later(sibling)
    owners = {t.path.stem: t.subagent_files for t in discover([tmp_path], known).transcripts}
    assert owners == {SESSION_ID: (), OTHER_ID: (str(sibling),)}


def _record(folder: Path, content_hash: str) -> Path:
    """A `_session.md` written as ledger, git and editors write: a new file in its place."""
    path = folder / "_session.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    written = folder / ".record.tmp"
    written.write_text(
        f"---\ntype: session\nsession_id: s1\ncontent_hash: {content_hash}\n"
        "extractors: structural/3\n---\n",
        encoding="utf-8",
    )
    written.replace(path)
    return path


def _held(root: Path, cache: ScanCache) -> dict[str, InLedger]:
    return sessions_in_ledger(root, cache, folder_stamps(root))


def test_an_edited_session_record_is_read_again(tmp_path: Path) -> None:
    record = _record(tmp_path / "sessions" / "2026-01-01-x-s1", "aaaa")
    cache = ScanCache(tmp_path / ".ledger")
    assert _held(tmp_path, cache)["s1"].content_hash == "aaaa"
    _touch_later(record.parent)  # the folder's stamp moves, as it does when a file is replaced
    _record(record.parent, "bbbb")
    _touch_later(record.parent)
    assert _held(tmp_path, cache)["s1"].content_hash == "bbbb"


def test_a_record_in_a_folder_whose_stamp_has_not_moved_is_not_opened(tmp_path: Path) -> None:
    record = _record(tmp_path / "sessions" / "2026-01-01-x-s1", "aaaa")
    cache = ScanCache(tmp_path / ".ledger")
    _held(tmp_path, cache)
    folder = record.parent.stat()
    record.write_text(record.read_text(encoding="utf-8").replace("aaaa", "cccc"), encoding="utf-8")
    os.utime(record.parent, ns=(folder.st_atime_ns, folder.st_mtime_ns))  # saved in place
    assert _held(tmp_path, cache)["s1"].content_hash == "aaaa"  # the cache answered


@pytest.mark.parametrize("forked_from", [1, 20_000])
def test_records_are_the_same_read_by_one_process_or_two(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forked_from: int
) -> None:
    """A fresh clone of a large ledger has no record cached: a forked process reads half."""
    from ledger.store import state

    monkeypatch.setattr(state, "PARALLEL_FOLDERS", forked_from)
    for n in range(5):
        _record(tmp_path / "sessions" / f"2026-01-0{n}-x-s1", f"hash{n}")
    (tmp_path / "sessions" / "2026-01-09-no-record").mkdir()
    cache = ScanCache(tmp_path / ".ledger")
    assert _held(tmp_path, cache) == {
        "s1": InLedger("sessions/2026-01-04-x-s1", "hash4", "structural/3")
    }
    assert sorted(cache.records) == [f"2026-01-0{n}-x-s1" for n in range(5)]


def test_a_removed_session_folder_leaves_the_cache(tmp_path: Path) -> None:
    record = _record(tmp_path / "sessions" / "2026-01-01-x-s1", "aaaa")
    cache = ScanCache(tmp_path / ".ledger")
    _held(tmp_path, cache)
    record.unlink()
    record.parent.rmdir()
    assert _held(tmp_path, cache) == {}
    assert cache.records == {}


def test_records_saved_in_the_shape_before_are_kept(tmp_path: Path) -> None:
    record = _record(tmp_path / "sessions" / "2026-01-01-x-s1", "aaaa")
    stamp = record.parent.stat().st_mtime_ns
    state = tmp_path / ".ledger"
    state.mkdir()
    fields = {"session_id": "s1", "content_hash": "old", "extractors": "structural/3"}
    (state / RECORDS).write_bytes(
        marshal.dumps((CACHE_VERSION, {record.parent.name: [stamp, fields]}))
    )
    cache = ScanCache(state)
    held = _held(tmp_path, cache)
    assert held["s1"].content_hash == "old", "the record saved before was used, not reread"
    cache.save()
    assert marshal.loads((state / RECORDS).read_bytes())[0] != CACHE_VERSION, "saved anew"


def test_two_folders_of_one_session_the_last_by_name_holds_it(tmp_path: Path) -> None:
    for name in ("2026-01-02-b-s1", "2026-01-01-a-s1", "2026-01-03-c-s1"):
        _record(tmp_path / "sessions" / name, "aaaa")
    held = _held(tmp_path, ScanCache(tmp_path / ".ledger"))
    assert held["s1"].folder == "sessions/2026-01-03-c-s1"


def test_the_cache_survives_a_run_and_is_not_rewritten_when_nothing_changed(
    tmp_path: Path,
) -> None:
    project = tmp_path / "src" / PROJECT_DIR
    claude_file(project, claude_session_records())
    _sibling(project, SESSION_ID)
    state = tmp_path / ".ledger"
    cache = ScanCache(state)
    found = discover([tmp_path / "src"], cache.parents).transcripts[0]
    digest = cache.hash_of(found.files, found.stamps)
    cache.save()
    saved = (state / SCAN_CACHE).stat().st_mtime_ns

    again = ScanCache(state)
    assert again.parents == cache.parents
    assert again.hash_of(found.files, found.stamps) == digest
    again.save()
    assert (state / SCAN_CACHE).stat().st_mtime_ns == saved


def test_a_corrupt_cache_is_ignored(tmp_path: Path) -> None:
    state = tmp_path / ".ledger"
    state.mkdir()
    (state / SCAN_CACHE).write_text('{"version": 2, "files": [1, 2]', encoding="utf-8")
    cache = ScanCache(state)
    assert (cache.entries, cache.parents, cache.records) == ({}, {}, {})
