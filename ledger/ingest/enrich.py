"""The LLM stage of an ingest: the chosen sessions in, the same sessions out, the enriched ones
rendered again with their LLM findings and summary, plus the supersedes links to write."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ledger.llm.client import MessagesApi
from ledger.llm.plan import LlmPlan
from ledger.llm.run import LlmPass
from ledger.llm.summary import LlmSummary, SessionLlm
from ledger.models import OPEN, Session
from ledger.store.known import KnownFinding
from ledger.versions import EXTRACTORS, llm_extractor

if TYPE_CHECKING:
    from ledger.ingest.prepare import Prepared


@dataclass(frozen=True, slots=True)
class LlmRun:
    """The sessions of a run after the LLM pass, and the supersedes links to write."""

    prepared: tuple[Prepared, ...]
    supersedes: tuple[tuple[str, str, str], ...]
    """(session id, new finding id, path of the finding it supersedes)."""
    summary: LlmSummary


def run_llm_pass(
    plan: LlmPlan,
    state: Path,
    known: Callable[[], Mapping[str, KnownFinding]],
    chosen: list[Prepared],
    enriched_before: Mapping[str, str],
    progress: Callable[[int, int], None] | None = None,
    client: MessagesApi | None = None,
) -> LlmRun:
    """Enrich the chosen sessions that need it; the others pass through unchanged.

    A session is sent when the pass is on and it is not a ghost; with the pass off, a session
    completed by an earlier run (`enriched_before`) is still rebuilt from the cache, so turning
    the LLM off never throws its findings away. `enriched_before`: session id → the content
    hash at which the pass completed it; unchanged since, it is rebuilt from its last answers.
    `known`: the findings in the ledger before this run (read when first asked).
    """
    llm = LlmPass(plan, state, known, client)
    llm.collect_batches()
    jobs = [p for p in chosen if wants_llm(plan, p, enriched_before) and p.source]
    stage = _Stage(plan, llm, enriched_before, frozenset(p.session_id for p in jobs), progress)
    # projects overlap (a session sees only its own project's findings); sessions of one
    # project go in order; a dry run sends nothing, so it stays sequential and deterministic
    chains = list(_by_project(chosen, stage.sent).values())
    workers = 1 if plan.dry_run else max(plan.settings.concurrency, 1)
    with ThreadPoolExecutor(max_workers=min(workers, max(len(chains), 1))) as pool:
        for future in [pool.submit(stage.chain, c) for c in chains]:
            future.result()
    done = stage.done
    links = [
        (p.session_id, new, path)
        for p in chosen
        if p.session_id in done and (e := done[p.session_id][1].enriched) and not plan.dry_run
        for new, path in e.supersedes
    ]
    llm.submit_batch()
    return LlmRun(
        tuple(done[p.session_id][0] if p.session_id in done else p for p in chosen),
        tuple(links),
        llm.summary([done[p.session_id][1] for p in chosen if p.session_id in done]),
    )


@dataclass
class _Stage:
    """The pass over one run's sessions: each project's in order, several projects at once."""

    plan: LlmPlan
    llm: LlmPass
    enriched_before: Mapping[str, str]
    sent: frozenset[str]
    """The sessions the pass has work for."""
    progress: Callable[[int, int], None] | None
    done: dict[str, tuple[Prepared, SessionLlm]] = field(default_factory=dict)
    """Session id → the session as this run writes it, and what the pass did for it."""
    _count: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def chain(self, project: list[Prepared]) -> None:
        """One project's sessions, oldest first, each seeing what the earlier ones found."""
        earlier: list[KnownFinding] = []
        for p in project:
            written = self.enrich(p, earlier) if p.session_id in self.sent else p
            earlier.extend(_known_of(written))

    def enrich(self, p: Prepared, earlier: Sequence[KnownFinding]) -> Prepared:
        """`p` as this run writes it: enriched by the pass, or as it came."""
        from ledger.extract.structural import extract_findings
        from ledger.redact import redact_session
        from ledger.transcripts.read import read_or_skip

        assert p.source is not None
        read = read_or_skip(p.source)
        if isinstance(read, Session):
            clean = redact_session(read)
            rebuild = self.enriched_before.get(p.session_id) == p.content_hash
            outcome = self.llm.enrich(clean, extract_findings(clean), earlier, rebuild)
            self.done[p.session_id] = (_enriched(p, clean, outcome, self.plan), outcome)
        with self._lock:
            self._count += 1
            if self.progress:
                self.progress(self._count, len(self.sent))
        return self.done[p.session_id][0] if p.session_id in self.done else p


def wants_llm(plan: LlmPlan, p: Prepared, enriched_before: Mapping[str, str]) -> bool:
    """Whether the pass has work for a session: never a ghost; with the LLM off, only one it
    completed before (rebuilt from the cache)."""
    if p.ghost or plan.privacy.of(p.project) is not None:
        return False  # never sent: a ghost, or a project kept from the LLM (or skipped)
    return plan.active or p.session_id in enriched_before


def _enriched(p: Prepared, clean: Session, outcome: SessionLlm, plan: LlmPlan) -> Prepared:
    """The session rendered again with what the pass found, or `p` when it found nothing."""
    from ledger.ingest.prepare import render

    e = outcome.enriched
    if e is None or plan.dry_run:
        return p
    # a session some of whose windows are missing records the structural extractors only:
    # the next run with the LLM on sees the difference and completes it
    extractors = EXTRACTORS if outcome.problem else (*EXTRACTORS, llm_extractor(plan.model))
    return render(
        clean, e.findings, p.content_hash, extractors, e.summary, p.source, p.commits, e.engagements
    )


def _by_project(chosen: list[Prepared], sent: frozenset[str]) -> dict[str | None, list[Prepared]]:
    """The sessions of each project that has one to send, in run order (oldest first)."""
    projects = {p.project for p in chosen if p.session_id in sent}
    found: dict[str | None, list[Prepared]] = {}
    for p in chosen:
        if p.project in projects:
            found.setdefault(p.project, []).append(p)
    return found


def _known_of(p: Prepared) -> list[KnownFinding]:
    """A session's findings as the LLM's list of open findings shows them to later sessions."""
    day = p.started.date().isoformat() if p.started else ""
    where = (day, p.session_id, p.project or "")
    return [
        KnownFinding(s.id, s.kind, s.title, OPEN, *where, f"{p.folder}/{s.file}")
        for s in p.signals.said
    ]
