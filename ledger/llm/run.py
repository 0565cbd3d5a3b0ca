"""The LLM pass over one run: which sessions it covers, what it sends, what it may spend.

For each session: its windows are answered from the cache, or sent (within the budget), then
checked and merged with the structural findings. A session is complete only when every window
has an answer; otherwise it keeps its structural findings and is marked for retry (its
`_session.md` records the structural extractors only, so the next run with the LLM on sees the
difference and tries again). Nothing here writes the ledger: `ingest` does, in one commit.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, cast

from ledger.llm.batch import BatchStore, Collected, collect, half
from ledger.llm.cache import WindowCache, append_log, last_answer_key, window_key
from ledger.llm.client import AnthropicMessages, BatchApi, LlmError, MessagesApi
from ledger.llm.merge import (
    Citable,
    Dropped,
    MalformedReply,
    WindowResult,
    check_window,
    merge_findings,
    merge_windows,
    redacted,
)
from ledger.llm.plan import LlmPlan
from ledger.llm.prompt import (
    ESTIMATED_OUTPUT_TOKENS,
    TOOL_NAME,
    LlmWindow,
    OpenFinding,
    Request,
    llm_windows,
    window_prompt,
)
from ledger.llm.summary import (
    Enriched,
    LlmSummary,
    PlannedWindow,
    SessionLlm,
    add_tokens,
    cost_of,
)
from ledger.models import Finding, Session, Tokens
from ledger.store.known import KnownFinding, open_in_project
from ledger.versions import PROMPT_VERSION

FAILURES_IN_A_ROW = 3
"""After this many sessions failed one after the other, the API looks down: stop sending."""


class _Stop(Exception):
    """Stop sending for the rest of the run (budget, a fatal error, the API down)."""


class _Queued(Exception):
    """The window goes into this run's Message Batch instead of being sent now."""


@dataclass
class LlmPass:
    """The pass over one run: `enrich` each session (from several threads if wanted), then
    `summary`. Counters, the budget and the log are shared under one lock."""

    plan: LlmPlan
    state: Path
    known: Callable[[], Mapping[str, KnownFinding]]
    """The findings in the ledger before this run wrote anything (read once, when asked)."""
    client: MessagesApi | None = None
    clock: Callable[[], datetime] = field(default=lambda: datetime.now(timezone.utc))
    _tokens: Tokens = field(default_factory=Tokens)
    _spent: float = 0.0
    _planned: int = 0
    _requests: int = 0
    _dropped: int = 0
    _rejected: int = 0
    _stopped: str | None = None
    _failed_in_row: int = 0
    _logged: bool = False
    _reserved: float = 0.0
    """Estimated cost of the requests in flight: the budget holds with concurrent sends."""
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.cache = WindowCache(self.state)
        self.price = self.plan.settings.price(self.plan.model)
        self.batches = BatchStore(self.state)
        self.pending = self.batches.pending()
        self.queued: list[tuple[str, str, Mapping[str, Any]]] = []
        """(cache key, last-answer key, request) of each window for this run's batch."""
        self.collected = Collected()
        self.batch_id: str | None = None

    def known_to(self, earlier: Sequence[KnownFinding]) -> Mapping[str, KnownFinding]:
        """What a session's answer may cite: the ledger, and the findings of the sessions of
        its project before it in this run (`earlier`, as they will be written)."""
        return {**self.known(), **{k.id: k for k in earlier}} if earlier else self.known()

    def _api(self) -> MessagesApi:
        with self._lock:
            if self.client is None:
                s = self.plan.settings
                key = self.plan.api_key or ""
                self.client = AnthropicMessages(key, s.base_url, s.timeout, s.retries, TOOL_NAME)
            return self.client

    def enrich(
        self,
        session: Session,
        structural: tuple[Finding, ...],
        earlier: Sequence[KnownFinding] = (),
        rebuild: bool = False,
    ) -> SessionLlm:
        """Answer every window of a (redacted, non-ghost) session; merge when all are answered.
        `earlier`: the findings of this run's earlier sessions of its project, which the model
        sees as it sees those already in the ledger. `rebuild`: the session was completed by
        the pass before and has not changed since: each window takes its last answer, even if
        the ledger around it has moved on (a new request is sent only for a window without)."""
        s = self.plan.settings
        windows = llm_windows(session, s.window_turns, s.window_overlap, s.max_window_chars)
        known = self.known_to(earlier)
        context = [
            OpenFinding(k.id, k.kind, k.title)
            for k in open_in_project(known, session.project, session.session_id)
        ]
        results: list[WindowResult] = []
        planned: list[PlannedWindow] = []
        sent = cached = 0
        problem: str | None = None
        linkable = _linkable(known, session)
        for window in windows:
            citable = Citable.of(session, window, linkable)
            request = Request(
                self.plan.model, s.max_tokens, window_prompt(session, window, context)
            )
            key = window_key(PROMPT_VERSION, session.session_id, request.params())
            last = last_answer_key(PROMPT_VERSION, session.session_id, s.model, window.digest)
            # a window's last answer stands when nothing better is to be had: the pass is off,
            # the session is unchanged since it was answered, or a batch has just answered it
            settled = rebuild or not self.plan.active or last in self.collected.answered
            answer = self._cached((key, last) if settled else (key,), session, citable)
            if answer is not None:
                results.append(answer)
                cached += 1
                continue
            waiting = self.pending.get(key) or self.pending.get(last)
            if waiting and not self.plan.reextract:
                problem = f"waiting for Message Batch {waiting}"
                continue
            if self.plan.dry_run and self.plan.active:
                planned.append(self._estimate(request, window))
                self._planned += 1
                continue
            try:
                results.append(self._send(request, window, (key, last), session, citable))
                sent += 1
            except _Queued:
                problem = "queued in a Message Batch: collect it with `ledger ingest --collect`"
            except (LlmError, MalformedReply, _Stop) as failure:
                sent += isinstance(failure, (LlmError, MalformedReply))
                problem = self._failure(failure)
                break
        base = SessionLlm(
            session.session_id, session.title, len(windows), sent, cached, planned=tuple(planned)
        )
        return self._outcome(base, session, structural, known, results, problem)

    def _cached(
        self, keys: Sequence[str], session: Session, citable: Citable
    ) -> WindowResult | None:
        """The answer cached under the first of `keys` that has one, checked again (the ledger
        may have changed)."""
        if self.plan.reextract and self.plan.active:
            return None  # --reextract asks again; with the LLM off it only re-renders
        answer = next((a for a in map(self.cache.get, keys) if a is not None), None)
        if answer is None:
            return None
        try:
            return check_window(answer, session, citable, self.plan.model)
        except MalformedReply:
            return None  # a damaged cache entry: ask again

    def _outcome(
        self,
        base: SessionLlm,
        session: Session,
        structural: tuple[Finding, ...],
        known: Mapping[str, KnownFinding],
        results: list[WindowResult],
        problem: str | None,
    ) -> SessionLlm:
        complete = len(results) == base.windows
        if not complete and problem is None and not self.plan.dry_run:
            problem = self._stopped or "the LLM pass is off"
        if not results:
            return replace(base, problem=problem)
        # Windows answered are kept even when others failed: the findings of a grown session
        # do not come and go with the API's moods; the summary waits for the whole session.
        llm, summary, work = merge_windows(results)
        links = tuple(
            (f.id, known[old].path)
            for f in llm
            for old in f.supersedes
            if old in known and known[old].session_id != session.session_id
        )
        findings = merge_findings(structural, llm)
        enriched = (
            Enriched(findings, summary, links, work)
            if complete
            else Enriched(findings, None, links)
        )
        return replace(base, enriched=enriched, problem=problem)

    def _send(
        self,
        request: Request,
        window: LlmWindow,
        keys: tuple[str, str],
        session: Session,
        citable: Citable,
    ) -> WindowResult:
        estimate = self._reserve(request, window)
        if self.plan.batch:
            with self._lock:
                self.queued.append((*keys, request.params()))
            raise _Queued()
        try:
            reply = self._api().create(request.params())
        except LlmError as error:
            self._count(error.tokens, estimate)
            raise
        self._count(reply.tokens, estimate)
        if reply.stop_reason == "max_tokens":
            raise LlmError(f"reply cut at max_tokens ({request.max_tokens}): partial tool input")
        if reply.tool_input is None:
            raise LlmError(f"reply without the {TOOL_NAME} tool call")
        answer = redacted(reply.tool_input)
        result = check_window(answer, session, citable, self.plan.model)
        self.cache.put(
            keys,
            answer,
            {"model": self.plan.model, "prompt": PROMPT_VERSION, "session": session.session_id},
        )
        self._log(session, window, result.dropped)
        return result

    def _reserve(self, request: Request, window: LlmWindow) -> float:
        """Count a request about to be sent, or stop: the pass is off, stopped, or over budget."""
        with self._lock:
            if self._stopped or not self.plan.active:
                raise _Stop(self._stopped or "the LLM pass is off")
            estimate = self._estimate(request, window).cost_usd
            budget = self.plan.budget_usd
            if budget is not None and self._spent + self._reserved + estimate > budget:
                self._stopped = f"budget of ${budget:.2f} reached (${self._spent:.4f} spent)"
                raise _Stop(self._stopped)
            self._reserved += estimate
            self._requests += not self.plan.batch
            return estimate

    def _count(self, tokens: Tokens, estimate: float) -> None:
        with self._lock:
            self._reserved -= estimate
            self._tokens = add_tokens(self._tokens, tokens)
            self._spent += cost_of(tokens, self.price)

    def _estimate(self, request: Request, window: LlmWindow) -> PlannedWindow:
        first = self._requests == 0 and self._planned == 0  # it writes the prompt cache
        static = request.static_tokens
        tokens = Tokens(
            input=request.message_tokens,
            output=min(ESTIMATED_OUTPUT_TOKENS, request.max_tokens),
            cache_read=0 if first else static,
            cache_creation=static if first else 0,
        )
        price = half(self.price) if self.plan.batch else self.price
        return PlannedWindow(window.first_turn, window.last_turn, tokens, cost_of(tokens, price))

    def _failure(self, failure: Exception) -> str:
        if isinstance(failure, _Stop):
            return str(failure)
        reason = failure.reason if isinstance(failure, LlmError) else f"malformed reply: {failure}"
        with self._lock:
            self._failed_in_row += 1
            if isinstance(failure, LlmError) and failure.fatal:
                self._stopped = f"stopped sending: {reason}"
            elif self._failed_in_row >= FAILURES_IN_A_ROW:
                self._stopped = (
                    f"stopped sending after {FAILURES_IN_A_ROW} failed sessions in a row"
                )
        return reason

    def _log(self, session: Session, window: LlmWindow, dropped: tuple[Dropped, ...]) -> None:
        with self._lock:
            self._failed_in_row = 0
            self._rejected += sum(d.what == "finding" for d in dropped)
            self._dropped += sum(d.what != "finding" for d in dropped)
            self._write_log(session, window, dropped)

    def _write_log(self, session: Session, window: LlmWindow, dropped: tuple[Dropped, ...]) -> None:
        where = f"{session.session_id} turns {window.first_turn}-{window.last_turn}"
        lines = [
            f"{where}: {'rejected' if d.what == 'finding' else 'dropped ' + d.what} "
            f"{d.value!r}{f' of {d.title!r}' if d.what != 'finding' else ''}: {d.reason}"
            for d in dropped
        ]
        if lines:
            append_log(self.state, self.clock(), lines)
            self._logged = True

    def collect_batches(self) -> None:
        """Bring the answers of ended Message Batches into the cache (before any enrich)."""
        if not self.batches.batches or not self.plan.active or self.plan.dry_run:
            return
        api = cast(BatchApi, self._api())
        self.collected, usage = collect(self.batches, self.cache, api, self.plan.model)
        for tokens in usage:
            self._tokens = add_tokens(self._tokens, tokens)
            self._spent += cost_of(tokens, half(self.price))
        self.pending = self.batches.pending()

    def submit_batch(self) -> None:
        """Send the windows queued by `--batch` as one Message Batch, and remember it."""
        if not self.queued:
            return
        try:
            requests = [(key, params) for key, _, params in self.queued]
            self.batch_id = cast(BatchApi, self._api()).submit(requests)
        except LlmError as error:
            self._stopped = f"the Message Batch was not submitted: {error.reason}"
            return
        self.batches.add(self.batch_id, {key: last for key, last, _ in self.queued})
        self._spent += self._reserved  # the estimate: the real cost is known on collection
        self._reserved = 0.0

    def summary(self, sessions: Sequence[SessionLlm]) -> LlmSummary:
        """Totals of the run over `sessions`; for a dry run, the estimates of what would be sent."""
        planned = [w for s in sessions for w in s.planned]
        tokens, cost = self._tokens, self._spent
        if self.plan.dry_run:
            for w in planned:
                tokens = add_tokens(tokens, w.tokens)
            cost = sum(w.cost_usd for w in planned)
        return LlmSummary(
            model=self.plan.model,
            prompt_version=PROMPT_VERSION,
            sessions=tuple(sessions),
            requests=len(planned) if self.plan.dry_run else self._requests,
            tokens=tokens,
            cost_usd=cost,
            priced=self.price is not None,
            dropped=self._dropped,
            rejected=self._rejected,
            stopped=self._stopped,
            budget_usd=self.plan.budget_usd,
            dry_run=self.plan.dry_run,
            log=self.state / "llm.log" if self._logged else None,
            batch_id=self.batch_id,
            queued=len(self.queued) if self.batch_id else 0,
            collected=self.collected,
        )


def _linkable(known: Mapping[str, KnownFinding], session: Session) -> list[str]:
    """The findings an answer for `session` may cite or supersede: those of its own project,
    from other sessions (its own are rewritten by this run; other projects are not its to
    touch)."""
    project = session.project or ""
    return [
        k.id
        for k in known.values()
        if (k.project if k.project != "null" else "") == project
        and k.session_id != session.session_id
    ]
