"""What the LLM pass did, per session and per run: the typed results `ingest` and `render` use."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ledger.config import Price
from ledger.extract.engagements import Engagement
from ledger.llm.batch import Collected
from ledger.models import Finding, SessionSummary, Tokens


def cost_of(tokens: Tokens, price: Price | None) -> float:
    """USD for `tokens` at `price` (0 when the model has no price)."""
    if price is None:
        return 0.0
    return (
        tokens.input * price.input
        + tokens.output * price.output
        + tokens.cache_read * price.cache_read
        + tokens.cache_creation * price.cache_write
    ) / 1_000_000


def add_tokens(a: Tokens, b: Tokens) -> Tokens:
    return Tokens(
        a.input + b.input,
        a.output + b.output,
        a.cache_read + b.cache_read,
        a.cache_creation + b.cache_creation,
    )


@dataclass(frozen=True, slots=True)
class PlannedWindow:
    """A window `--dry-run` would send, with its estimated tokens and cost."""

    first_turn: int
    last_turn: int
    tokens: Tokens
    cost_usd: float


@dataclass(frozen=True, slots=True)
class Enriched:
    """A session's findings merged with what the LLM answered: all its windows (complete, with
    the summary) or some of them (the others failed or were not sent: left for the next run)."""

    findings: tuple[Finding, ...]
    summary: SessionSummary | None
    supersedes: tuple[tuple[str, str], ...]
    """(new finding id, path of the finding it supersedes in another session's folder)."""
    engagements: tuple[Engagement, ...] = ()
    """The session's units of work as the model divided it (with the summary: none unless
    every window was answered and named its own)."""


@dataclass(frozen=True, slots=True)
class SessionLlm:
    """What the pass did for one session."""

    session_id: str
    title: str
    windows: int
    sent: int
    cached: int
    enriched: Enriched | None = None
    problem: str | None = None
    """Why the session is left for the next run (a failure, the budget...)."""
    planned: tuple[PlannedWindow, ...] = ()


@dataclass(frozen=True, slots=True)
class LlmSummary:
    """The LLM pass of one run, for the ingest summary."""

    model: str
    prompt_version: str
    sessions: tuple[SessionLlm, ...]
    requests: int
    tokens: Tokens
    cost_usd: float
    priced: bool
    dropped: int
    rejected: int
    stopped: str | None
    budget_usd: float | None
    dry_run: bool
    log: Path | None = None
    batch_id: str | None = None
    """The Message Batch this run submitted."""
    queued: int = 0
    """Windows in that batch."""
    collected: Collected = field(default_factory=Collected)

    @property
    def completed(self) -> int:
        return sum(s.enriched is not None and not s.problem for s in self.sessions)

    @property
    def retry(self) -> tuple[SessionLlm, ...]:
        return tuple(s for s in self.sessions if s.problem)

    @property
    def planned(self) -> tuple[SessionLlm, ...]:
        return tuple(s for s in self.sessions if s.planned)
