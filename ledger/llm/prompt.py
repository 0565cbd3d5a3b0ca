"""What the LLM pass sends: the windows of a session, the prompt, the tool schema, the request.

Pure: the same session, context and settings always give the same request, byte for byte (a
snapshot test pins one). The static part (tool and system prompt) is marked for prompt caching.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from string import Template
from typing import Any

from ledger.models import KINDS, METHODS, PHASES, Session, Text
from ledger.transcripts.skeleton import tool_line, turn_ranges, turn_text

TOOL_NAME = "record_findings"
CHARS_PER_TOKEN = 4
"""A rough average for English prose and code: only for estimates, never for billing."""
ESTIMATED_OUTPUT_TOKENS = 900
"""What a window's reply usually costs (a few findings and a summary), for `--dry-run`."""
OPEN_IN_PROMPT = 40
"""At most this many of the project's open findings are listed (the most recent)."""
_CUT = "\n[… {count:,} characters of this window cut …]\n"

_STRINGS = {"type": "array", "items": {"type": "string"}}
TOOL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "findings": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "kind": {"type": "string", "enum": list(KINDS)},
                    "title": {"type": "string", "maxLength": 120},
                    "body": {"type": "string"},
                    "turns": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
                    "evidence": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "turn": {"type": "integer"},
                                "quote": {"type": "string"},
                            },
                            "required": ["turn", "quote"],
                        },
                    },
                    "references": _STRINGS,
                    "supersedes": _STRINGS,
                    "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                },
                "required": ["kind", "title", "body", "turns", "confidence"],
            },
        },
        "summary": {
            "type": "object",
            "properties": {
                "objective": {"type": "string"},
                "work_done": _STRINGS,
                "decisions": _STRINGS,
                "unresolved": _STRINGS,
                "next_steps": _STRINGS,
            },
            "required": ["objective", "work_done", "decisions", "unresolved", "next_steps"],
        },
        "engagements": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "topic": {"type": "string"},
                    "method": {"type": "string", "enum": list(METHODS)},
                    "phase": {"type": "string", "enum": list(PHASES)},
                    "outcome": {"type": "string"},
                    "first_turn": {"type": "integer"},
                    "last_turn": {"type": "integer"},
                },
                "required": ["topic", "method", "phase", "outcome", "first_turn", "last_turn"],
            },
        },
    },
    "required": ["findings", "summary", "engagements"],
}
TOOL: dict[str, Any] = {
    "name": TOOL_NAME,
    "description": "Record the findings and the summary of this window of the session.",
    "input_schema": TOOL_SCHEMA,
}


@cache
def _prompt(name: str) -> str:
    return resources.files("ledger.templates").joinpath("prompts").joinpath(name).read_text("utf-8")


def system_prompt() -> str:
    """The static instructions and few-shot example (`templates/prompts/extract.md`)."""
    return _prompt("extract.md")


def prompt_digest() -> str:
    """A digest of everything PROMPT_VERSION stands for: a test keeps the two in step."""
    parts = [_prompt("extract.md"), _prompt("window.md"), json.dumps(TOOL, sort_keys=True)]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:12]


@dataclass(frozen=True, slots=True)
class OpenFinding:
    """A finding already in the ledger that the model may cite or supersede."""

    id: str
    kind: str
    title: str


@dataclass(frozen=True, slots=True)
class LlmWindow:
    """A run of turns as the model sees them; `digest` (of the text alone) keys the cache."""

    first_turn: int
    last_turn: int
    text: str

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.text.encode()).hexdigest()


def _preamble(session: Session) -> str:
    if not session.preamble:
        return ""
    steps = [
        f"ASSISTANT: {s.text}" if isinstance(s, Text) else tool_line(s) for s in session.preamble
    ]
    return "\n".join(["## Before the first prompt", *steps]) + "\n"


def truncated(text: str, limit: int) -> str:
    """`text` within `limit` characters: its head and tail, with a marker saying what was cut."""
    if len(text) <= limit:
        return text
    head, tail = limit * 2 // 3, limit // 3
    return text[:head] + _CUT.format(count=len(text) - head - tail) + text[len(text) - tail :]


def llm_windows(session: Session, size: int, overlap: int, max_chars: int) -> list[LlmWindow]:
    """The session's turns in windows of `size` with `overlap` in common, each within limits."""
    result = []
    for first, last in turn_ranges(len(session.turns), size, overlap):
        parts = [_preamble(session)] if first == 1 else []
        parts.extend(turn_text(t) for t in session.turns[first - 1 : last])
        text = truncated("\n".join(p for p in parts if p), max_chars)
        result.append(LlmWindow(first, last, text))
    return result


def _bullets(items: Sequence[str]) -> str:
    return "\n".join(f"- {item}" for item in items) or "(none)"


def _facts(session: Session) -> str:
    facts: list[str] = [session.agent]
    if session.project:
        facts.append(f"project {session.project}")
    if session.git_branch:
        facts.append(f"branch {session.git_branch}")
    if session.started:
        facts.append(f"started {session.started.strftime('%Y-%m-%d %H:%M')} UTC")
    return " · ".join(facts)


def window_prompt(session: Session, window: LlmWindow, context: Sequence[OpenFinding]) -> str:
    """The user message for one window: header, files, open findings, transcript.

    Nothing in it grows with the session once the window is behind its last turn (no turn
    count, only the files the window's own text names), so the answer cached for an earlier
    window of a grown session still answers the same request (`cache.window_key`)."""
    span = f"turns {window.first_turn}–{window.last_turn}"
    if window.first_turn > 1:
        span += " (the first turns of this window close the previous one)"
    listed = [f"{f.id} {f.kind}: {f.title}" for f in context[:OPEN_IN_PROMPT]]
    return Template(_prompt("window.md")).substitute(
        title=session.title,
        facts=_facts(session),
        span=span,
        touched=_bullets(_named(session.files_touched, window.text)),
        read=_bullets(_named(session.files_read, window.text)),
        open=_bullets(listed),
        transcript=window.text.rstrip("\n"),
    )


def _named(paths: Sequence[str], text: str) -> list[str]:
    return [path for path in paths if path in text]


@dataclass(frozen=True, slots=True)
class Request:
    """One Messages API call: forced tool use, the static system part cached."""

    model: str
    max_tokens: int
    user: str

    def params(self) -> dict[str, Any]:
        """The keyword arguments of `client.messages.create`."""
        return {
            "model": self.model,
            "max_tokens": self.max_tokens,
            "system": [
                {"type": "text", "text": system_prompt(), "cache_control": {"type": "ephemeral"}}
            ],
            "tools": [TOOL],
            "tool_choice": {"type": "tool", "name": TOOL_NAME},
            "messages": [{"role": "user", "content": self.user}],
        }

    @property
    def static_tokens(self) -> int:
        """Estimated tokens of the cached prefix (tool definition and system prompt)."""
        return (len(system_prompt()) + len(json.dumps(TOOL))) // CHARS_PER_TOKEN

    @property
    def message_tokens(self) -> int:
        """Estimated tokens of the part sent afresh each time (the window)."""
        return len(self.user) // CHARS_PER_TOKEN + 1
