"""A session as compact, role-labelled, turn-numbered text for people and the LLM (SPEC §2.3)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ledger.models import Session, Step, Text, ToolCall, Turn

WINDOW_TURNS = 30
WINDOW_OVERLAP = 5


@dataclass(frozen=True, slots=True)
class Window:
    """A run of turns sent to the LLM together; consecutive windows share `overlap` turns."""

    first_turn: int
    last_turn: int
    text: str


def _when(moment: datetime | None, fmt: str = "%Y-%m-%d %H:%M") -> str:
    return moment.strftime(fmt) if moment else "?"


def header(session: Session) -> str:
    """Two lines naming the session: its title, then who, where and when."""
    facts: list[str] = [session.agent]
    if session.project:
        facts.append(session.project)
    if session.git_branch:
        facts.append(f"branch {session.git_branch}")
    span = f"{_when(session.started)} → {_when(session.ended, '%H:%M')} UTC"
    counts = f"{session.prompts} prompts, {session.tool_calls} tool calls"
    return f"# {session.title}\n{' · '.join([*facts, span, counts])}\n"


def tool_line(call: ToolCall) -> str:
    """`TOOL Read src/auth.py → 245 lines`; an error keeps its first line."""
    head = f"TOOL {call.name} {call.detail}".rstrip()
    if not call.result:
        return head
    return f"{head} → {'error: ' if call.is_error else ''}{call.result}"


def _steps(steps: tuple[Step, ...]) -> list[str]:
    return [
        f"ASSISTANT: {step.text}" if isinstance(step, Text) else tool_line(step) for step in steps
    ]


def turn_text(turn: Turn) -> str:
    lines = [f"## Turn {turn.number} · {_when(turn.started)}", f"USER: {turn.prompt}"]
    lines.extend(_steps(turn.steps))
    return "\n".join(lines) + "\n"


def _preamble(session: Session) -> str:
    if not session.preamble:
        return ""
    return "\n".join(["## Before the first prompt", *_steps(session.preamble)]) + "\n"


def plan_lines(session: Session) -> list[str]:
    """The agent's own plan as it stood at the end: `- [x] done`, `- [ ] still open`."""
    return [
        f"- [{'x' if item.done else ' '}] {item.text}"
        + (" (in progress)" if item.status == "in_progress" else "")
        for item in session.plan
    ]


def _plan(session: Session) -> str:
    if not session.plan:
        return ""
    return "\n".join(["## The agent's plan at the end", *plan_lines(session)]) + "\n"


def skeleton(session: Session) -> str:
    """The whole session as one text."""
    parts = [header(session), _preamble(session), *(turn_text(t) for t in session.turns)]
    return "\n".join(part for part in [*parts, _plan(session)] if part)


def turn_ranges(turns: int, size: int, overlap: int) -> list[tuple[int, int]]:
    """1-based inclusive turn ranges of `size` turns, each sharing `overlap` with the previous."""
    if size <= overlap:
        raise ValueError(f"a window of {size} turns cannot overlap by {overlap}")
    ranges: list[tuple[int, int]] = []
    start = 1
    while start <= max(turns, 1):
        end = min(start + size - 1, turns)
        ranges.append((start, end))
        if end >= turns:
            break
        start = end - overlap + 1
    return ranges


def windows(
    session: Session, size: int = WINDOW_TURNS, overlap: int = WINDOW_OVERLAP
) -> list[Window]:
    """The skeleton split into windows of about `size` turns with `overlap` turns in common."""
    result = []
    for first, last in turn_ranges(len(session.turns), size, overlap):
        parts = [header(session)]
        if first == 1:
            parts.append(_preamble(session))
        parts.extend(turn_text(t) for t in session.turns[first - 1 : last])
        if last >= len(session.turns):
            parts.append(_plan(session))
        result.append(Window(first, last, "\n".join(p for p in parts if p)))
    return result
