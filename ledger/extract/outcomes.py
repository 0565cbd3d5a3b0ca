"""How each failed tool call of a session ended: fixed by a later call, or left as it was."""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from ledger.models import Session, ToolCall


@dataclass(frozen=True, slots=True)
class ErrorOutcome:
    """A failed tool call, and whether a later call of the same tool on the same thing succeeded."""

    turn: int
    tool: str
    message: str
    resolved: bool
    resolved_in_turn: int | None = None


_TEST_RUNNER = re.compile(
    r"^(?:(?:uv|poetry|pdm|hatch) run |python3? -m |npx |bunx )?"
    r"(pytest|tox|nox|jest|vitest|mocha|(?:npm|pnpm|yarn|bun) (?:run )?test|go test|cargo test"
    r"|make (?:test|check)|mvn test|gradle test|\./gradlew test|rspec|phpunit)\b"
)
_NOISE_PREFIX = re.compile(r"^(?:cd \S+ &&\s*|(?:[A-Z_][A-Z0-9_]*=\S+\s+)+)")
_NOISE_SUFFIX = re.compile(r"\s*(?:2>&1|\|\s*(?:head|tail)\b[^|]*|;\s*echo\b.*|\|\|\s*true)\s*$")
SIMILAR_COMMANDS = 0.8


def _command(detail: str) -> str:
    """A shell command without what does not change its meaning: `cd x &&`, `2>&1 | tail`."""
    text = " ".join(detail.rstrip("…").split())
    for _ in range(3):
        text = _NOISE_SUFFIX.sub("", _NOISE_PREFIX.sub("", text))
    return text


def _same_target(failed: ToolCall, later: ToolCall) -> bool:
    """The same file or command, a very similar command, or a run of the same test runner."""
    if failed.name != later.name:
        return False
    before, after = _command(failed.detail), _command(later.detail)
    if before == after or before in (_command(part) for part in after.split(" && ")):
        return True  # `ruff check x` then `ruff check x && pytest` passing: x passes too
    runner = _TEST_RUNNER.match(before)
    if runner and (again := _TEST_RUNNER.match(after)) and runner.group(1) == again.group(1):
        return True
    if len(before) <= 20:
        return False
    similar = SequenceMatcher(None, before, after)
    return similar.quick_ratio() >= SIMILAR_COMMANDS and similar.ratio() >= SIMILAR_COMMANDS


def _calls(session: Session) -> list[tuple[int, ToolCall]]:
    before = ((0, step) for step in session.preamble)
    within = ((turn.number, step) for turn in session.turns for step in turn.steps)
    return [(number, step) for number, step in (*before, *within) if isinstance(step, ToolCall)]


def error_outcomes(session: Session) -> tuple[ErrorOutcome, ...]:
    """Each failed tool call (`Session.errors`, in order) and the turn where it was resolved."""
    calls = _calls(session)
    outcomes = []
    for i, (turn, call) in enumerate(calls):
        if not call.is_error:
            continue
        fix = next(
            (n for n, later in calls[i + 1 :] if not later.is_error and _same_target(call, later)),
            None,
        )
        outcomes.append(ErrorOutcome(turn, call.name, call.result, fix is not None, fix))
    return tuple(outcomes)
