"""Bad lines never sink a session: they are skipped and counted, and the rest reads as usual."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from transcript_fixtures import (
    as_lines,
    claude_meta,
    claude_record,
    claude_user,
    codex_record,
    prompt_records,
    read_claude,
    session_path,
    session_records,
)

from ledger.models import Agent, Session
from ledger.transcripts.jsonl import JsonLines
from ledger.transcripts.read import read_transcript, scan

AGENTS: tuple[Agent, ...] = ("claude-code", "codex")
ANSWERS = ["answer 1", "answer 2", "answer 3"]
SESSION_START_HOOK = {"type": "hook_progress", "hookEvent": "SessionStart", "command": "hook.sh"}
"""Some Claude Code versions write hook runs as `progress` records, a type the readers skip."""


def _read_bytes(folder: Path, agent: Agent, lines: list[bytes]) -> Session:
    path = session_path(folder, agent)
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(b"".join(lines))
    return read_transcript(path)


def _clean(folder: Path, agent: Agent) -> Session:
    """The same three-prompt session, untouched, for comparison."""
    return _read_bytes(folder / "clean", agent, as_lines(session_records(agent)))


def _answers(session: Session) -> list[str | None]:
    return [t.answer for t in session.turns]


@pytest.mark.parametrize("agent", AGENTS)
def test_truncated_last_line_of_a_live_session_is_skipped_and_counted(
    tmp_path: Path, agent: Agent
) -> None:
    last = as_lines(prompt_records(agent, "a prompt still being written"))[-1]
    lines = [*as_lines(session_records(agent)), last[: len(last) // 2]]
    session = _read_bytes(tmp_path, agent, lines)
    assert (session.prompts, session.skipped_lines) == (3, 1)
    assert _answers(session) == ANSWERS


@pytest.mark.parametrize(
    "bad",
    [b'{"type": "user", "message": {"con\n', b"not json at all\n", b"[1, 2, 3]\n"],
    ids=["cut-short", "not-json", "not-an-object"],
)
@pytest.mark.parametrize("agent", AGENTS)
def test_malformed_line_in_the_middle_is_skipped_and_counted(
    tmp_path: Path, agent: Agent, bad: bytes
) -> None:
    lines = as_lines(session_records(agent))
    session = _read_bytes(tmp_path, agent, [*lines[:4], bad, *lines[4:]])
    assert (session.prompts, session.skipped_lines) == (3, 1)
    assert _answers(session) == ANSWERS


@pytest.mark.parametrize("agent", AGENTS)
def test_non_utf8_bytes_in_a_string_are_replaced_and_the_record_kept(
    tmp_path: Path, agent: Agent
) -> None:
    latin1 = as_lines(prompt_records(agent, "café au lait"))
    lines = as_lines(session_records(agent)) + [
        line.replace("é".encode(), b"\xe9") for line in latin1
    ]
    session = _read_bytes(tmp_path, agent, lines)
    assert session.skipped_lines == 0
    assert session.turns[-1].prompt == "caf\ufffd au lait"


@pytest.mark.parametrize(
    ("agent", "unknown"),
    [
        ("claude-code", claude_record("progress", data=SESSION_START_HOOK)),
        ("claude-code", {"type": "user", "futureField": {"nested": [1]}, "message": None}),
        ("codex", codex_record("future_thing", {"type": "whatever"})),
        ("codex", codex_record("event_msg", {"type": "future_event", "data": 1})),
    ],
    ids=["claude-type", "claude-field", "codex-type", "codex-event"],
)
def test_unknown_records_are_ignored_and_not_counted_as_skipped(
    tmp_path: Path, agent: Agent, unknown: dict[str, object]
) -> None:
    lines = as_lines(session_records(agent))
    session = _read_bytes(tmp_path, agent, [*lines[:3], as_lines([unknown])[0], *lines[3:]])
    assert (session.prompts, session.skipped_lines) == (3, 0)
    assert _answers(session) == ANSWERS


@pytest.mark.parametrize(
    ("agent", "unknown"),
    [
        ("claude-code", claude_record("progress", data=SESSION_START_HOOK)),
        ("codex", codex_record("future_header", {"version": 2})),
    ],
    ids=["claude-code", "codex"],
)
def test_unknown_record_type_on_the_first_line_does_not_hide_the_session(
    tmp_path: Path, agent: Agent, unknown: dict[str, object]
) -> None:
    lines = [as_lines([unknown])[0], *as_lines(session_records(agent))]
    session = _read_bytes(tmp_path, agent, lines)
    assert (session.prompts, session.skipped_lines) == (3, 0)


@pytest.mark.parametrize("agent", AGENTS)
def test_crlf_line_endings_read_like_lf(tmp_path: Path, agent: Agent) -> None:
    crlf = [line[:-1] + b"\r\n" for line in as_lines(session_records(agent))]
    session = _read_bytes(tmp_path, agent, crlf)
    clean = _clean(tmp_path, agent)
    assert replace(session, source=clean.source) == clean


@pytest.mark.parametrize("agent", AGENTS)
def test_blank_lines_are_passed_over_without_counting(tmp_path: Path, agent: Agent) -> None:
    lines = as_lines(session_records(agent))
    blanks = [b"\n", b"   \n", b"\r\n", b"\t\n"]
    session = _read_bytes(tmp_path, agent, [b"\n", *lines[:2], *blanks, *lines[2:], b"\n"])
    clean = _clean(tmp_path, agent)
    assert replace(session, source=clean.source) == clean


@pytest.mark.parametrize(
    ("position", "newline"),
    [(0, b"\n"), (1, b"\n"), (2, b""), (2, b"\n")],
    ids=["first", "middle", "last-unterminated", "last"],
)
def test_line_over_the_limit_is_skipped_and_counted(
    tmp_path: Path, position: int, newline: bytes
) -> None:
    lines = as_lines([{"n": 0}, {"n": 1}])
    lines.insert(position, b'{"n": "' + b"x" * 200 + b'"}' + newline)
    path = tmp_path / "long.jsonl"
    path.write_bytes(b"".join(lines))
    reader = JsonLines(path, object, max_line=64)
    assert list(reader) == [{"n": 0}, {"n": 1}]
    assert reader.skipped_lines == 1


def test_line_exactly_at_the_limit_is_read(tmp_path: Path) -> None:
    line = b'{"n": "' + b"x" * 54 + b'"}\n'
    assert len(line) == 64
    path = tmp_path / "edge.jsonl"
    path.write_bytes(line * 2)
    reader = JsonLines(path, object, max_line=64)
    assert len(list(reader)) == 2
    assert reader.skipped_lines == 0


def test_five_megabyte_line_is_read_under_the_default_limit(tmp_path: Path) -> None:
    pasted = "log line\n" * (5 * 1024 * 1024 // 9 + 1)
    session = read_claude(tmp_path, [claude_user(pasted), *session_records("claude-code")])
    assert session.skipped_lines == 0
    assert session.prompts == 4
    assert session.turns[0].prompt == pasted.strip()


def test_summary_records_are_not_counted_as_skipped(tmp_path: Path) -> None:
    summaries = [claude_meta("summary", summary="Old work", leafUuid="elsewhere")] * 3
    session = read_claude(tmp_path, [*summaries, *session_records("claude-code")])
    assert (session.prompts, session.skipped_lines) == (3, 0)


@pytest.mark.parametrize("agent", AGENTS)
def test_file_of_only_a_truncated_line_is_skipped_as_unreadable(
    tmp_path: Path, agent: Agent
) -> None:
    first = as_lines(session_records(agent))[0]
    path = session_path(tmp_path, agent)
    path.write_bytes(first[: len(first) // 2])
    result = scan([tmp_path])
    assert [s.path for s in result.skipped] == [path]
    assert result.skipped[0].reason.startswith("no readable records")


@pytest.mark.parametrize("agent", AGENTS)
def test_byte_order_mark_does_not_lose_the_first_record(tmp_path: Path, agent: Agent) -> None:
    session = _read_bytes(tmp_path, agent, [b"\xef\xbb\xbf", *as_lines(session_records(agent))])
    clean = _clean(tmp_path, agent)
    assert replace(session, source=clean.source) == clean
