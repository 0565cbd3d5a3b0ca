"""The skeleton: compact, turn-numbered, tool calls on one line; windows for the LLM."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.models import Session, ToolCall
from ledger.transcripts.builder import SessionBuilder
from ledger.transcripts.read import scan
from ledger.transcripts.skeleton import skeleton, tool_line, turn_ranges, windows

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


def _session(turns: int) -> Session:
    build = SessionBuilder("claude-code", Path("/tmp/s.jsonl"))
    for n in range(1, turns + 1):
        build.start_turn(f"prompt {n}", f"2026-11-21T10:{n % 60:02d}:00.000Z")
        build.add_call(f"t{n}", "Read", "src/auth.py")
        build.set_result(f"t{n}", "245 lines", False)
        build.add_text(f"answer {n}")
    return build.build(skipped_lines=0)


def test_tool_call_is_one_line_with_its_result() -> None:
    assert tool_line(ToolCall("1", "Read", "src/auth.py", "245 lines")) == (
        "TOOL Read src/auth.py → 245 lines"
    )


def test_failed_tool_call_says_error() -> None:
    call = ToolCall("1", "Bash", "pytest -q", "Exit code 1: 3 failed", is_error=True)
    assert tool_line(call) == "TOOL Bash pytest -q → error: Exit code 1: 3 failed"


def test_tool_call_without_result_has_no_arrow() -> None:
    assert tool_line(ToolCall("1", "Bash", "sleep 100")) == "TOOL Bash sleep 100"


def test_skeleton_numbers_turns_and_labels_roles() -> None:
    text = skeleton(_session(2))
    assert (
        "## Turn 1 · 2026-11-21 10:01\nUSER: prompt 1\nTOOL Read src/auth.py → 245 lines\n" in text
    )
    assert "ASSISTANT: answer 2" in text


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (0, [(1, 0)]),
        (1, [(1, 1)]),
        (30, [(1, 30)]),
        (31, [(1, 30), (26, 31)]),
        (70, [(1, 30), (26, 55), (51, 70)]),
    ],
)
def test_windows_are_30_turns_overlapping_by_5(turns: int, expected: list[tuple[int, int]]) -> None:
    assert turn_ranges(turns, 30, 5) == expected


def test_windows_cover_every_turn_once_plus_overlap() -> None:
    session = _session(64)
    found = windows(session)
    assert [(w.first_turn, w.last_turn) for w in found] == [(1, 30), (26, 55), (51, 64)]
    for window in found:
        assert f"## Turn {window.first_turn} " in window.text
        assert f"## Turn {window.last_turn} " in window.text
        assert f"## Turn {window.last_turn + 1} " not in window.text
        assert window.text.startswith(f"# {session.title}\n")


def test_overlap_must_be_smaller_than_window() -> None:
    with pytest.raises(ValueError, match="cannot overlap"):
        turn_ranges(10, 5, 5)


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is absent")
def test_skeleton_is_at_least_90_percent_smaller_than_real_transcripts() -> None:
    sessions = scan([CORPUS]).sessions
    raw = sum(s.source.stat().st_size for s in sessions)
    compact = sum(len(skeleton(s).encode()) for s in sessions)
    assert compact <= 0.10 * raw
    for session in sessions:
        if session.source.stat().st_size > 100_000:
            assert len(skeleton(session).encode()) <= 0.10 * session.source.stat().st_size
