"""Which session a session continues: Claude Code resumes and continuations, Codex forks."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from transcript_fixtures import (
    CODEX_ID,
    Record,
    claude_exchange,
    claude_file,
    claude_meta,
    claude_session_records,
    claude_user,
    codex_answer,
    codex_file,
    codex_meta,
    codex_prompt,
)

from ledger.transcripts.genealogy import CANDIDATES, continued_session, listings_kept
from ledger.transcripts.read import read_transcript

EARLIER = "11111111-2222-4333-8444-555555555555"
LATER = "66666666-7777-4888-8999-000000000000"


def _own(records: list[Record], session_id: str) -> list[Record]:
    """Records that name the session of their own file (as a session that was not resumed)."""
    return [{**r, "sessionId": session_id} if "uuid" in r else r for r in records]


def _earlier(folder: Path, at: float) -> tuple[Path, str]:
    """A finished session file; returns it and the uuid of its last record."""
    records = claude_session_records(3)
    path = claude_file(folder, _own(records, EARLIER), EARLIER)
    os.utime(path, (at, at))
    return path, records[-1]["uuid"]


def _later(folder: Path, leaf: str, at: float) -> Path:
    records = [claude_meta("summary", summary="Earlier work", leafUuid=leaf)]
    records += claude_exchange("where were we?", "We were fixing the cache.", "msg_09")
    records += claude_exchange("go on", "Done.", "msg_10")
    path = claude_file(folder, _own(records, LATER), LATER)
    os.utime(path, (at, at))
    return path


def test_a_resumed_session_names_the_one_it_continues(tmp_path: Path) -> None:
    _, leaf = _earlier(tmp_path, 1_000_000)
    later = _later(tmp_path, leaf, 2_000_000)
    assert read_transcript(later).parent_session == EARLIER


def test_a_summary_of_an_unknown_or_later_file_names_nothing(tmp_path: Path) -> None:
    earlier, leaf = _earlier(tmp_path, 3_000_000)
    later = _later(tmp_path, leaf, 2_000_000)  # written before the file its leaf is in
    assert read_transcript(later).parent_session is None
    os.utime(earlier, (1_000_000, 1_000_000))
    assert continued_session(later, ["00000000-0000-4000-8000-999999999999"]) is None
    assert continued_session(later, []) is None


def test_a_leaf_is_found_however_its_record_spaces_its_uuid(tmp_path: Path) -> None:
    """`"uuid": "…"` as well as `"uuid":"…"`, and past a `"uuid":` whose value is no record id."""
    leaf = "abcdef01-2345-4678-9abc-def012345678"
    earlier = tmp_path / f"{EARLIER}.jsonl"
    earlier.write_text(f'{{"uuid":"not-an-id","x":"\\"uuid\\":"}}\n{{"uuid": \t"{leaf}"}}\n')
    os.utime(earlier, (1_000_000, 1_000_000))
    later = _later(tmp_path, leaf, 2_000_000)
    assert continued_session(later, [leaf]) == EARLIER
    assert continued_session(later, ["abcdef01-2345-4678-9abc-def012345679"]) is None


def test_a_batch_of_reads_lists_a_folder_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Within `listings_kept` a folder is listed once for all the resumed sessions read; outside
    it each read lists it again (a long-lived process sees new files)."""
    _, leaf = _earlier(tmp_path, 1_000_000)
    later = _later(tmp_path, leaf, 2_000_000)
    listed = []
    real = os.scandir
    monkeypatch.setattr(os, "scandir", lambda folder: listed.append(folder) or real(folder))
    with listings_kept():
        assert [continued_session(later, [leaf]) for _ in range(3)] == [EARLIER] * 3
    assert len(listed) == 1
    assert continued_session(later, [leaf]) == EARLIER
    assert len(listed) == 2


def test_only_the_most_recent_earlier_files_are_looked_at(tmp_path: Path) -> None:
    _, leaf = _earlier(tmp_path, 1_000_000)
    for n in range(CANDIDATES):  # more recent files that do not hold the leaf
        name = f"{n:08d}-0000-4000-8000-{n:012d}"
        other = claude_file(tmp_path, _own(claude_session_records(1), name), name)
        os.utime(other, (1_500_000 + n, 1_500_000 + n))
    later = _later(tmp_path, leaf, 2_000_000)
    assert read_transcript(later).parent_session is None  # bounded: never reads the whole folder


def test_a_codex_fork_names_its_origin(tmp_path: Path) -> None:
    origin = "0199865a-0000-7000-8000-000000000000"
    records = [codex_meta(forked_from_id=origin), *codex_prompt("go"), *codex_answer("ok")]
    assert read_transcript(codex_file(tmp_path, records, CODEX_ID)).parent_session == origin


def test_a_renamed_session_keeps_the_name_it_was_given(tmp_path: Path) -> None:
    rename = "<command-name>/rename</command-name>\n<command-args>release captain</command-args>"
    records = [*claude_session_records(2), claude_user(rename), *claude_exchange("ok", "ok", "m9")]
    assert read_transcript(claude_file(tmp_path, records)).agent_name == "release captain"
