"""What an ingest is asked and what it did: its options, each session's change, the result,
and the commit message that sums it up."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from ledger.models import SkippedFile
from ledger.store import git
from ledger.versions import EXTRACTORS

if TYPE_CHECKING:
    from ledger.llm.summary import LlmSummary
    from ledger.store.local_pages import Untracked


@dataclass(frozen=True, slots=True)
class IngestOptions:
    """What to ingest; empty means everything configured."""

    sources: tuple[Path, ...] = ()
    since: date | None = None
    session: str | None = None
    project: str | None = None
    max_sessions: int | None = None
    dry_run: bool = False
    llm: bool | None = None
    """True: `--llm` (mode on), False: `--no-llm` (off), None: `llm.mode` of ledger.yaml."""
    model: str | None = None
    budget_usd: float | None = None
    reextract: bool = False
    """Send every selected session again, ignoring the LLM cache."""
    batch: bool = False
    """Queue what the LLM pass would send into one Message Batch (half price, within 24 h)."""
    collect: bool = False
    """Collect the answers of ended Message Batches (any run with the LLM on does)."""


@dataclass(frozen=True, slots=True)
class SessionChange:
    session_id: str
    title: str
    folder: str
    new: bool
    added: int
    changed: int
    removed: int
    kept: tuple[str, ...]
    """Files a person edited, left as they are."""
    paths: tuple[str, ...]
    """Files written or removed, relative to the ledger: what the commit takes."""
    texts: Mapping[str, str] = field(default_factory=dict, repr=False, compare=False)
    """What ledger wrote at each of `paths` it wrote: what the commit holds."""


@dataclass(frozen=True, slots=True)
class IngestResult:
    changes: tuple[SessionChange, ...]
    unchanged: int
    filtered: int
    skipped: tuple[SkippedFile, ...]
    commit: str | None
    seconds: float
    dry_run: bool
    extractors: tuple[str, ...] = field(default=EXTRACTORS)
    llm: LlmSummary | None = None
    """What the LLM pass sent, spent and left for the next run; None when it had no work."""
    private: tuple[str, ...] = ()
    """Sessions the privacy settings touched: `<folder> (not ingested)` or `(kept from the LLM)`."""
    repaired_index: int = 0
    """Paths of an earlier commit git's index was brought level with (it was locked then)."""
    untracked: Untracked | None = None
    """The commit that stopped git tracking an older ledger's derived pages, if this run made it."""
    first_seen: tuple[SkippedFile, ...] = ()
    """The files of `skipped` no run had listed before: listed once, then only counted."""

    @property
    def new(self) -> int:
        return sum(c.new for c in self.changes)

    @property
    def updated(self) -> int:
        return sum(not c.new for c in self.changes)

    @property
    def added(self) -> int:
        return sum(c.added for c in self.changes)

    @property
    def changed(self) -> int:
        return sum(c.changed for c in self.changes)

    @property
    def removed(self) -> int:
        return sum(c.removed for c in self.changes)


def commit_message(
    changes: tuple[SessionChange, ...], extractors: tuple[str, ...] = EXTRACTORS
) -> str:
    """`ledger: ingest N sessions (+a ~c -r findings)`, the sessions, and extractor trailers."""
    added = sum(c.added for c in changes)
    changed = sum(c.changed for c in changes)
    removed = sum(c.removed for c in changes)
    subject = (
        f"{git.SUBJECT}ingest {len(changes)} sessions (+{added} ~{changed} -{removed} findings)"
    )
    if not changes:
        subject = f"{git.SUBJECT}complete an ingest that was cut short"
    lines = [
        f"{'new' if c.new else 'updated'}: {c.folder} (+{c.added} ~{c.changed} -{c.removed})"
        for c in changes
    ]
    trailers = [f"Ledger-Extractor: {version}" for version in extractors]
    return "\n".join([subject, "", *lines, "", *trailers]) + "\n"
