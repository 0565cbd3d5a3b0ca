"""The LLM stage of an ingest: the chosen sessions in, the same sessions out, the enriched ones
rendered again with their LLM findings and summary, plus the supersedes links to write."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
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
    root: Path,
    state: Path,
    chosen: list[Prepared],
    enriched_before: frozenset[str],
    progress: Callable[[int, int], None] | None = None,
    client: MessagesApi | None = None,
) -> LlmRun:
    """Enrich the chosen sessions that need it; the others pass through unchanged.

    A session is sent when the pass is on and it is not a ghost; with the pass off, a session
    completed by an earlier run (`enriched_before`) is still rebuilt from the cache, so turning
    the LLM off never throws its findings away.
    """
    from ledger.extract.structural import extract_findings
    from ledger.ingest.prepare import render
    from ledger.redact import redact_session
    from ledger.transcripts.read import read_or_skip

    llm = LlmPass(plan, root, state, client, earlier=earlier_in_run(chosen))
    llm.collect_batches()
    jobs = [p for p in chosen if wants_llm(plan, p, enriched_before) and p.source]
    done: dict[str, tuple[Session, SessionLlm] | None] = {}

    def work(p: Prepared) -> tuple[Session, SessionLlm] | None:
        assert p.source is not None
        read = read_or_skip(p.source)
        if not isinstance(read, Session):
            return None
        clean = redact_session(read)
        return clean, llm.enrich(clean, extract_findings(clean))

    # sends overlap across sessions (windows of one session go in order); a dry run sends
    # nothing, so it stays sequential and its estimates deterministic
    workers = 1 if plan.dry_run else max(plan.settings.concurrency, 1)
    with ThreadPoolExecutor(max_workers=min(workers, max(len(jobs), 1))) as pool:
        futures = {pool.submit(work, p): p.session_id for p in jobs}
        for count, future in enumerate(as_completed(futures), start=1):
            done[futures[future]] = future.result()
            if progress:
                progress(count, len(jobs))
    complete = (*EXTRACTORS, llm_extractor(plan.model))
    out: list[Prepared] = []
    links: list[tuple[str, str, str]] = []
    outcomes: list[SessionLlm] = []
    for p in chosen:
        result = done.get(p.session_id)
        if result is None:
            out.append(p)
            continue
        clean, outcome = result
        outcomes.append(outcome)
        if outcome.enriched is None or plan.dry_run:
            out.append(p)
            continue
        e = outcome.enriched
        # a session some of whose windows are missing records the structural extractors only:
        # the next run with the LLM on sees the difference and completes it
        extractors = EXTRACTORS if outcome.problem else complete
        out.append(
            render(clean, e.findings, p.content_hash, extractors, e.summary, p.source, p.commits)
        )
        links.extend((p.session_id, new, path) for new, path in e.supersedes)
    llm.submit_batch()
    return LlmRun(tuple(out), tuple(links), llm.summary(outcomes))


def wants_llm(plan: LlmPlan, p: Prepared, enriched_before: frozenset[str]) -> bool:
    """Whether the pass has work for a session: never a ghost; with the LLM off, only one it
    completed before (rebuilt from the cache)."""
    if p.ghost or plan.privacy.of(p.project) is not None:
        return False  # never sent: a ghost, or a project kept from the LLM (or skipped)
    return plan.active or p.session_id in enriched_before


def earlier_in_run(chosen: list[Prepared]) -> dict[str, tuple[KnownFinding, ...]]:
    """Session id → the findings of the sessions of its project before it in this run (`chosen`
    is oldest first), as the LLM's list of open findings shows them."""
    found: dict[str, tuple[KnownFinding, ...]] = {}
    seen: dict[str | None, list[KnownFinding]] = {}
    for p in chosen:
        found[p.session_id] = tuple(seen.get(p.project, ()))
        day = p.started.date().isoformat() if p.started else ""
        where = (day, p.session_id, p.project or "")
        seen.setdefault(p.project, []).extend(
            KnownFinding(s.id, s.kind, s.title, OPEN, *where, f"{p.folder}/{s.file}")
            for s in p.signals.said
        )
    return found
