"""What the LLM pass of an ingest did or would do: `ingest --json`'s `llm` key and its lines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ledger.cli.render import console, error_console, short_count, tokens_json
from ledger.models import short_id

if TYPE_CHECKING:
    from ledger.llm.summary import LlmSummary


def llm_json(llm: LlmSummary) -> dict[str, Any]:
    """The LLM pass of an ingest for programs: `ingest --json`'s `llm` key."""
    return {
        "model": llm.model,
        "prompt": llm.prompt_version,
        "dry_run": llm.dry_run,
        "sessions": len(llm.sessions),
        "completed": llm.completed,
        "requests": llm.requests,
        "cached_windows": sum(s.cached for s in llm.sessions),
        "tokens": tokens_json(llm.tokens),
        "cost_usd": round(llm.cost_usd, 6),
        "priced": llm.priced,
        "budget_usd": llm.budget_usd,
        "dropped_citations": llm.dropped,
        "rejected_findings": llm.rejected,
        "stopped": llm.stopped,
        "retry": [
            {"session_id": s.session_id, "title": s.title, "reason": s.problem} for s in llm.retry
        ],
        "planned": [
            {
                "session_id": s.session_id,
                "title": s.title,
                "windows": [
                    {
                        "turns": [w.first_turn, w.last_turn],
                        "tokens": tokens_json(w.tokens),
                        "cost_usd": round(w.cost_usd, 6),
                    }
                    for w in s.planned
                ],
            }
            for s in llm.planned
        ],
        "log": str(llm.log) if llm.log else None,
        "batch": {
            "submitted": llm.batch_id,
            "windows": llm.queued,
            "collected_batches": llm.collected.batches,
            "collected_windows": llm.collected.windows,
            "failed_windows": llm.collected.failed,
            "waiting_batches": llm.collected.waiting,
        },
    }


def _cost(llm: LlmSummary, usd: float) -> str:
    return f"${usd:.4f}" if llm.priced else "unknown (no price for this model in llm.prices)"


def llm_report(llm: LlmSummary) -> None:
    """The LLM pass in a few lines; what it left for the next run as warnings on stderr."""
    t = llm.tokens
    tokens = (
        f"{short_count(t.input)} in, {short_count(t.cache_read)} cache reads, "
        f"{short_count(t.cache_creation)} cache writes, {short_count(t.output)} out"
    )
    if llm.dry_run:
        windows = sum(len(s.planned) for s in llm.planned)
        console().print(
            f"LLM ({llm.model}, {llm.prompt_version}) would send {windows} windows of "
            f"{len(llm.planned)} sessions: about {tokens}; about {_cost(llm, llm.cost_usd)}.",
            markup=False,
        )
        for s in llm.planned:
            spans = ", ".join(f"turns {w.first_turn}-{w.last_turn}" for w in s.planned)
            cost = sum(w.cost_usd for w in s.planned)
            line = f"  {short_id(s.session_id)} {s.title}: {spans} (~{_cost(llm, cost)})"
            console().print(line, markup=False)
        return
    cached = sum(s.cached for s in llm.sessions)
    console().print(
        f"LLM ({llm.model}, {llm.prompt_version}): {llm.completed} of {len(llm.sessions)} "
        f"sessions complete, {llm.requests} requests, {cached} windows from the cache; "
        f"{tokens}; cost {_cost(llm, llm.cost_usd)}.",
        markup=False,
    )
    _batch_report(llm)
    if llm.dropped or llm.rejected:
        console().print(
            f"LLM: dropped {llm.dropped} citations to things that do not exist and rejected "
            f"{llm.rejected} findings (details in {llm.log}).",
            markup=False,
        )
    if llm.retry:
        error_console().print(
            f"warning: the LLM pass left {len(llm.retry)} sessions with their structural "
            f"findings for the next run{f' ({llm.stopped})' if llm.stopped else ''}",
            markup=False,
            style="yellow",
        )
        for s in llm.retry:
            error_console().print(
                f"  {short_id(s.session_id)} {s.title}: {s.problem}", markup=False
            )


def _batch_report(llm: LlmSummary) -> None:
    c = llm.collected
    if c.batches or c.waiting:
        console().print(
            f"LLM batches: collected {c.windows} windows from {c.batches} ended batches "
            f"({c.failed} failed, asked again later); {c.waiting} batches still in progress.",
            markup=False,
        )
    if llm.batch_id:
        console().print(
            f"LLM batch {llm.batch_id} submitted with {llm.queued} windows (about "
            f"{_cost(llm, llm.cost_usd)} at half price); `ledger ingest --collect` writes the "
            "answers once it has ended (within 24 hours).",
            markup=False,
        )
