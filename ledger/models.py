"""The typed core: what a transcript becomes once it has been read (SPEC §2.2)."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Literal

Agent = Literal["claude-code", "codex"]
AGENTS: tuple[Agent, ...] = ("claude-code", "codex")
NOTES_AGENT = "mcp"
"""The `agent` of a notes record: what wrote its findings is an MCP client, not a transcript."""

GHOST_PROMPTS = 3
GHOST_TOOL_CALLS = 5
"""A ghost has fewer real prompts (not bare slash commands) than GHOST_PROMPTS, fewer tool calls
than this, and changed no file: recorded, no findings, never sent to the LLM (SPEC §2.2)."""
_BARE_COMMAND = re.compile(r"\s*/[\w:.-]+\s*")


def is_bare_command(prompt: str) -> bool:
    """A slash command with nothing after it (`/exit`, `/clear`): no work of its own."""
    return bool(_BARE_COMMAND.fullmatch(prompt))


_UUID7 = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-", re.I)


def short_id(session_id: str, chars: int = 8) -> str:
    """Eight characters telling sessions apart, the same in folder names, commit messages,
    listings and `ledger show` (a UUIDv7 starts with a timestamp: its tail)."""
    compact = re.sub(r"[^0-9a-zA-Z]", "", session_id).lower()
    if _UUID7.match(session_id):
        return compact[-chars:]
    return compact[:chars] or "session"


@dataclass(frozen=True, slots=True)
class Tokens:
    """Token usage. `input` excludes cache reads and cache writes, as in the Anthropic API."""

    input: int = 0
    output: int = 0
    cache_read: int = 0
    cache_creation: int = 0

    @property
    def total(self) -> int:
        return self.input + self.output + self.cache_read + self.cache_creation


@dataclass(frozen=True, slots=True)
class Text:
    """Assistant prose, in full."""

    text: str


@dataclass(frozen=True, slots=True)
class ToolCall:
    """One tool call: its name, its key inputs on one line, and a one-line result."""

    id: str
    name: str
    detail: str
    result: str = ""
    is_error: bool = False


Step = Text | ToolCall


@dataclass(frozen=True, slots=True)
class Turn:
    """A prompt and everything the agent did until the next prompt."""

    number: int
    prompt: str
    started: datetime | None
    steps: tuple[Step, ...]

    @property
    def answer(self) -> str | None:
        """The last assistant text of the turn: its highest-signal text."""
        for step in reversed(self.steps):
            if isinstance(step, Text):
                return step.text
        return None

    @property
    def tool_calls(self) -> tuple[ToolCall, ...]:
        return tuple(s for s in self.steps if isinstance(s, ToolCall))


@dataclass(frozen=True, slots=True)
class ToolError:
    """A failed tool call, kept to its first line, with its turn (0: before the first prompt)."""

    turn: int
    tool: str
    message: str


@dataclass(frozen=True, slots=True)
class PlanItem:
    """One item of the agent's own plan (Claude Code's TodoWrite, Codex's update_plan)."""

    text: str
    status: str
    """`pending`, `in_progress` or `completed`, as the agent set it."""
    turn: int
    """The turn of the plan's last update (0: before the first prompt)."""

    @property
    def done(self) -> bool:
        return self.status == "completed"


@dataclass(frozen=True, slots=True)
class Session:
    """One agent session, normalised across agents."""

    agent: Agent
    session_id: str
    source: Path
    project: str | None
    git_branch: str | None
    agent_version: str | None
    models: tuple[str, ...]
    title: str
    started: datetime | None
    ended: datetime | None
    preamble: tuple[Step, ...]
    """What the agent did before the first prompt (after a compaction or a resume)."""
    turns: tuple[Turn, ...]
    tools: tuple[tuple[str, int], ...]
    """Tool calls by name, sorted by name."""
    files_touched: tuple[str, ...]
    files_read: tuple[str, ...]
    commands: tuple[str, ...]
    tokens: Tokens
    subagents: int
    agent_name: str | None
    parent_session: str | None
    """The session this one was resumed or forked from, where the transcript says so."""
    compacted: bool
    skipped_lines: int
    plan: tuple[PlanItem, ...] = ()
    """The agent's plan as it last set it: what is still pending at the end is an open todo."""

    @property
    def prompts(self) -> int:
        return len(self.turns)

    @property
    def tool_calls(self) -> int:
        return sum(count for _, count in self.tools)

    @property
    def ghost(self) -> bool:
        real = sum(not is_bare_command(t.prompt) for t in self.turns)
        return (
            real < GHOST_PROMPTS and self.tool_calls < GHOST_TOOL_CALLS and not self.files_touched
        )

    @property
    def errors(self) -> tuple[ToolError, ...]:
        before = ((0, step) for step in self.preamble)
        within = ((turn.number, step) for turn in self.turns for step in turn.steps)
        return tuple(
            ToolError(number, step.name, step.result)
            for number, step in (*before, *within)
            if isinstance(step, ToolCall) and step.is_error
        )


@dataclass(frozen=True, slots=True)
class SkippedFile:
    """A file found under a source that is not a session, and why."""

    path: Path
    reason: str
    parent_session: str | None = None
    """For a sub-agent transcript: the session it belongs to."""


@dataclass(frozen=True, slots=True)
class SourcesResult:
    """The sessions found under some sources, newest first, and what was passed over."""

    sessions: tuple[Session, ...]
    skipped: tuple[SkippedFile, ...]
    bytes_read: int


METHODS = (
    "review", "write", "design", "build", "reorg", "triage",
    "discuss", "debug", "deploy", "research", "plan",
)  # fmt: skip
"""What kind of work an engagement is (SPEC §2.2)."""
PHASES = ("started", "in-progress", "blocked", "completed", "abandoned", "handed-off")
"""Where an engagement got to."""

Kind = Literal["decision", "insight", "question", "todo", "hypothesis", "takeaway"]
KINDS: tuple[Kind, ...] = ("decision", "insight", "question", "todo", "hypothesis", "takeaway")


@dataclass(frozen=True, slots=True)
class Evidence:
    """A short quote from the session, with the turn it comes from."""

    turn: int
    quote: str


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing a session concluded: what ledger writes as one Markdown file."""

    id: str
    kind: Kind
    title: str
    body: str
    session_id: str
    turns: tuple[int, ...]
    evidence: tuple[Evidence, ...]
    confidence: float
    extractor: str
    status: str = "open"
    model: str | None = None
    references: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    supersedes: tuple[str, ...] = ()
    superseded_by: tuple[str, ...] = ()


_NOT_WORD = re.compile(r"[\W_]+")


def finding_id(session_id: str, kind: Kind, title: str) -> str:
    """A stable, content-addressed id: the same finding from the same session, the same id."""
    normal = _NOT_WORD.sub(" ", title.casefold()).strip()
    digest = hashlib.sha256(f"{session_id}\n{kind}\n{normal}".encode()).hexdigest()
    return digest[:12]


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """What the session set out to do and where it got to, as the model summarised it."""

    objective: str
    work_done: tuple[str, ...] = ()
    decisions: tuple[str, ...] = ()
    unresolved: tuple[str, ...] = ()
    next_steps: tuple[str, ...] = ()
    outcome: str = ""
    """Where the session got to; the structural summary's (the LLM's says so in `work_done`)."""


OPEN = "open"
STANDING = frozenset({OPEN, "accepted"})
"""Statuses of findings still in force (`accepted`: how decisions were once marked)."""
CLOSING: dict[str, tuple[str, ...]] = {
    "todo": ("done", "dropped"),
    "question": ("answered", "dropped"),
    "decision": ("superseded", "dropped"),
    "hypothesis": ("confirmed", "refuted"),
    "insight": ("superseded",),
    "takeaway": ("superseded",),
}
"""The statuses each kind may move to from `open` (SPEC §2.5)."""
CLOSED = frozenset(s for statuses in CLOSING.values() for s in statuses)
