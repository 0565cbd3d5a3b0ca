"""The model's answer checked and merged: citations that do not exist are dropped, findings that
say nothing are rejected, windows are de-duplicated, and the LLM version of a finding wins over
the structural one.

Pure: the same answer for the same session and ledger always gives the same findings.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ledger.extract.engagements import TOPIC_WORDS, Engagement
from ledger.extract.lifecycle import same_subject
from ledger.extract.prose import shorten
from ledger.llm.prompt import LlmWindow
from ledger.models import (
    KINDS,
    METHODS,
    OPEN,
    PHASES,
    Evidence,
    Finding,
    Kind,
    Session,
    SessionSummary,
    finding_id,
)
from ledger.redact import redact

EXTRACTOR = "llm"
TITLE_CHARS = 120
QUOTE_CHARS = 300
OUTCOME_CHARS = 200
MIN_CONFIDENCE = 0.3
SAME_WORDS = 0.6
"""A structural finding of the same kind, turns in common and this much of its title's words
(Jaccard) is the one the LLM finding restates: the LLM version replaces it."""
_ID = re.compile(r"^[0-9a-f]{12}$")
_WORD = re.compile(r"[a-z0-9]+")
_PLACEHOLDERS = frozenset(
    {"", "todo", "tbd", "n a", "na", "none", "null", "placeholder", "untitled", "title", "body"}
    | {"finding", "example", "lorem ipsum", "tba", "xxx", "test", *KINDS}
)


class MalformedReply(ValueError):
    """The tool input does not have the schema's shape: the window counts as failed."""


@dataclass(frozen=True, slots=True)
class Dropped:
    """A citation or a finding thrown out, and why: written to the log, counted in the summary."""

    what: str
    """`turn`, `reference`, `supersedes`, `quote` (citations) or `finding` (a rejection)."""
    value: str
    title: str
    reason: str


@dataclass(frozen=True, slots=True)
class WindowResult:
    findings: tuple[Finding, ...]
    summary: SessionSummary
    dropped: tuple[Dropped, ...]
    engagements: tuple[Engagement, ...] = ()


def _text(value: Any) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def _texts(value: Any) -> tuple[str, ...]:
    items = value if isinstance(value, list) else []
    return tuple(t for t in (_text(v) for v in items) if t)


def _normal(text: str) -> str:
    return " ".join(_WORD.findall(text.casefold()))


def _placeholder(text: str) -> bool:
    normal = _normal(text)
    return normal in _PLACEHOLDERS or "lorem ipsum" in normal or bool(re.fullmatch(r"<.*>", text))


def _summary(raw: Any) -> SessionSummary:
    if not isinstance(raw, Mapping):
        raise MalformedReply("the summary is missing")
    return SessionSummary(
        objective=_text(raw.get("objective")),
        work_done=_texts(raw.get("work_done")),
        decisions=_texts(raw.get("decisions")),
        unresolved=_texts(raw.get("unresolved")),
        next_steps=_texts(raw.get("next_steps")),
    )


@dataclass(frozen=True, slots=True)
class Citable:
    """What a finding of one window may cite: its turns' text, the session's files, ledger ids."""

    window: LlmWindow
    files: frozenset[str]
    known_ids: frozenset[str]

    @classmethod
    def of(cls, session: Session, window: LlmWindow, known_ids: Iterable[str]) -> Citable:
        return cls(
            window, frozenset((*session.files_touched, *session.files_read)), frozenset(known_ids)
        )

    def has_turn(self, turn: int) -> bool:
        return self.window.first_turn <= turn <= self.window.last_turn

    def has_file(self, path: str) -> bool:
        return path in self.files or path in self.window.text


class _Checker:
    """Checks one raw finding, collecting what it drops."""

    def __init__(self, citable: Citable, title: str) -> None:
        self.citable = citable
        self.title = title
        self.dropped: list[Dropped] = []

    def drop(self, what: str, value: object, reason: str) -> None:
        self.dropped.append(Dropped(what, str(value), self.title, reason))

    def turns(self, raw: Any) -> tuple[int, ...]:
        kept: set[int] = set()
        for turn in raw if isinstance(raw, list) else []:
            if isinstance(turn, int) and not isinstance(turn, bool) and self.citable.has_turn(turn):
                kept.add(turn)
            else:
                w = self.citable.window
                self.drop("turn", turn, f"not a turn of window {w.first_turn}-{w.last_turn}")
        return tuple(sorted(kept))

    def references(self, raw: Any) -> tuple[str, ...]:
        kept: list[str] = []
        for ref in _texts(raw):
            if _ID.match(ref):
                ok = ref in self.citable.known_ids
                reason = "no finding with this id in the ledger"
            else:
                ok = self.citable.has_file(ref)
                reason = "no such file in the session"
            if ok and ref not in kept:
                kept.append(ref)
            elif not ok:
                self.drop("reference", ref, reason)
        return tuple(kept)

    def supersedes(self, raw: Any) -> tuple[str, ...]:
        kept: list[str] = []
        for ref in _texts(raw):
            if ref not in self.citable.known_ids:
                self.drop("supersedes", ref, "no finding with this id in the ledger")
            elif ref not in kept:
                kept.append(ref)
        return tuple(kept)

    def evidence(self, raw: Any, turns: tuple[int, ...]) -> tuple[Evidence, ...]:
        kept: list[Evidence] = []
        flat = " ".join(self.citable.window.text.split())
        for item in raw if isinstance(raw, list) else []:
            turn = item.get("turn") if isinstance(item, Mapping) else None
            quote = _text(item.get("quote")) if isinstance(item, Mapping) else ""
            if not quote or turn not in turns or quote.strip("\"'“”…. ") not in flat:
                self.drop("quote", quote[:80] or item, "not found in the cited turns")
            elif len(kept) < 3:
                kept.append(Evidence(turn, shorten(quote, QUOTE_CHARS)))
        return tuple(kept)


def _confidence(raw: Any) -> float | None:
    if isinstance(raw, bool) or not isinstance(raw, (int, float)) or not 0 <= raw <= 1:
        return None
    return float(raw)


def _finding(
    raw: Any, session: Session, citable: Citable, model: str
) -> tuple[Finding | None, list[Dropped]]:
    """One finding of the answer, checked; None (with the reason) when it must be rejected."""
    if not isinstance(raw, Mapping):
        return None, [Dropped("finding", str(raw)[:80], "", "not an object")]
    title = shorten(_text(raw.get("title")), TITLE_CHARS)
    check = _Checker(citable, title)
    kind, body = raw.get("kind"), str(raw.get("body") or "").strip()
    confidence = _confidence(raw.get("confidence"))
    turns = check.turns(raw.get("turns"))
    problem = (
        "unknown kind" if kind not in KINDS
        else "empty or placeholder title" if _placeholder(title)
        else "empty or placeholder body" if _placeholder(body)
        else "confidence missing or outside 0-1" if confidence is None
        else "confidence below {MIN_CONFIDENCE}" if confidence < MIN_CONFIDENCE
        else "cites no turn of the window" if not turns
        else None
    )  # fmt: skip
    if problem:
        check.drop("finding", f"{kind}: {title}", problem.format(MIN_CONFIDENCE=MIN_CONFIDENCE))
        return None, check.dropped
    assert confidence is not None and kind in KINDS
    typed: Kind = kind
    finding = Finding(
        id=finding_id(session.session_id, typed, title),
        kind=typed,
        title=title,
        body=body,
        session_id=session.session_id,
        turns=turns,
        evidence=check.evidence(raw.get("evidence"), turns),
        confidence=round(confidence, 2),
        extractor=EXTRACTOR,
        status=OPEN,
        model=model,
        references=check.references(raw.get("references")),
        supersedes=check.supersedes(raw.get("supersedes")),
    )
    return finding, check.dropped


MAX_FINDINGS = 30
"""Findings one window may add: a real window holds a handful; thousands are an attack."""
MAX_BODY_CHARS = 4000
"""A longer body is rejected, not cut: cut text could keep half of a secret redaction misses."""
MAX_ITEMS = 20
"""Turns, references, supersedes, evidence of one finding; items of each summary list."""
MAX_SUMMARY_CHARS = 1000


def bound_answer(tool_input: Mapping[str, Any]) -> tuple[dict[str, Any], tuple[Dropped, ...]]:
    """The answer within its bounds (findings per window, body length, list lengths), and what
    was thrown out for it: a hostile or runaway answer cannot fill the ledger."""
    bounded = dict(tool_input)
    dropped: list[Dropped] = []
    raw = tool_input.get("findings")
    if isinstance(raw, list):
        kept = []
        for item in raw[:MAX_FINDINGS]:
            body = item.get("body") if isinstance(item, Mapping) else None
            if isinstance(body, str) and len(body) > MAX_BODY_CHARS:
                title = str(item.get("title"))[:80] if isinstance(item, Mapping) else ""
                reason = f"body over {MAX_BODY_CHARS} characters"
                dropped.append(Dropped("finding", title, title, reason))
            else:
                kept.append(_bounded_lists(item) if isinstance(item, Mapping) else item)
        if len(raw) > MAX_FINDINGS:
            more = f"{len(raw) - MAX_FINDINGS} more findings"
            reason = f"over the limit of {MAX_FINDINGS} findings per window"
            dropped.append(Dropped("finding", more, "", reason))
        bounded["findings"] = kept
    summary = tool_input.get("summary")
    if isinstance(summary, Mapping):
        bounded["summary"] = {key: _within(value) for key, value in summary.items()}
    return bounded, tuple(dropped)


def _within(value: Any) -> Any:
    """A summary entry within bounds: a list to MAX_ITEMS items, over-long text dropped whole."""
    if isinstance(value, list):
        return [_within(v) for v in value[:MAX_ITEMS] if _within(v) != ""]
    return "" if isinstance(value, str) and len(value) > MAX_SUMMARY_CHARS else value


def _bounded_lists(item: Mapping[str, Any]) -> dict[str, Any]:
    lists = ("turns", "references", "supersedes", "evidence")
    return {k: v[:MAX_ITEMS] if k in lists and isinstance(v, list) else v for k, v in item.items()}


def redacted(value: Any) -> Any:
    """An answer with every string in it redacted whole (before any is cut to a title or a
    quote): the model may echo or invent a secret, which must reach no file and no cache."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, Mapping):
        return {key: redacted(item) for key, item in value.items()}
    if isinstance(value, list):
        return [redacted(item) for item in value]
    return value


def check_window(
    tool_input: Mapping[str, Any], session: Session, citable: Citable, model: str
) -> WindowResult:
    """The answer for one window as findings and a summary; raise MalformedReply if unusable."""
    tool_input, thrown_out = bound_answer(tool_input)
    tool_input = redacted(tool_input)
    raw_findings = tool_input.get("findings")
    if not isinstance(raw_findings, list):
        raise MalformedReply("the findings list is missing")
    summary = _summary(tool_input.get("summary"))
    findings: dict[str, Finding] = {}
    dropped: list[Dropped] = list(thrown_out)
    for raw in raw_findings:
        finding, thrown = _finding(raw, session, citable, model)
        dropped.extend(thrown)
        if finding and finding.id in findings:
            dropped.append(Dropped("finding", finding.title, finding.title, "duplicate"))
        elif finding:
            findings[finding.id] = finding
    work = _engagements(tool_input.get("engagements"), citable.window, dropped)
    return WindowResult(tuple(findings.values()), summary, tuple(dropped), work)


def _engagements(raw: Any, window: LlmWindow, dropped: list[Dropped]) -> tuple[Engagement, ...]:
    """The window's units of work, in order: each with a known method and phase, and turns of
    the window; an answer without them (an older prompt's) leaves the structural ones."""
    kept: list[Engagement] = []
    for item in raw[:MAX_ITEMS] if isinstance(raw, list) else []:
        item = item if isinstance(item, Mapping) else {}
        topic, outcome = _text(item.get("topic")), _text(item.get("outcome"))
        turns = [t for t in (item.get("first_turn"), item.get("last_turn")) if type(t) is int]
        first, last = (turns[0], turns[-1]) if len(turns) == 2 else (0, -1)
        within = window.first_turn <= first <= last <= window.last_turn
        problem = (
            "unknown method" if item.get("method") not in METHODS
            else "unknown phase" if item.get("phase") not in PHASES
            else "no topic" if not topic
            else "no outcome" if not outcome
            else "turns outside the window" if not within
            else None
        )  # fmt: skip
        if problem:
            dropped.append(Dropped("engagement", topic[:80] or str(item)[:80], "", problem))
            continue
        method, phase = str(item["method"]), str(item["phase"])
        topic = " ".join(topic.split()[: TOPIC_WORDS[1]])
        kept.append(Engagement(topic, method, phase, shorten(outcome, OUTCOME_CHARS), first, last))
    return tuple(sorted(kept, key=lambda e: (e.first_turn, e.last_turn)))


def _union(*groups: Sequence[Any]) -> tuple[Any, ...]:
    return tuple(dict.fromkeys(item for group in groups for item in group))


def _combined(a: Finding, b: Finding) -> Finding:
    """One finding seen in two overlapping windows: the fuller text, every citation."""
    return replace(
        a,
        body=max(a.body, b.body, key=len),
        turns=tuple(sorted(set(a.turns) | set(b.turns))),
        evidence=_union(a.evidence, b.evidence)[:3],
        confidence=max(a.confidence, b.confidence),
        references=_union(a.references, b.references),
        supersedes=_union(a.supersedes, b.supersedes),
    )


def stitch(work: Iterable[Engagement]) -> tuple[Engagement, ...]:
    """The engagements of every window as one list: two that share turns (the windows'
    overlap) are one, named as it began and ending as the later one ends."""
    stitched: list[Engagement] = []
    for e in sorted(work, key=lambda e: (e.first_turn, e.last_turn)):
        before = stitched[-1] if stitched else None
        if before is None or e.first_turn > before.last_turn:
            stitched.append(e)
            continue
        later = e if e.last_turn >= before.last_turn else before
        longer = max(before, e, key=lambda x: x.last_turn - x.first_turn)
        stitched[-1] = replace(
            before,
            method=longer.method,
            phase=later.phase,
            outcome=later.outcome,
            last_turn=later.last_turn,
        )
    return tuple(stitched)


def merge_windows(
    results: Sequence[WindowResult],
) -> tuple[tuple[Finding, ...], SessionSummary, tuple[Engagement, ...]]:
    """The findings of all windows without duplicates, one summary of the session, and its
    engagements (none unless every window named its own)."""
    merged: dict[str, Finding] = {}
    for result in results:
        for finding in result.findings:
            seen = merged.get(finding.id)
            merged[finding.id] = _combined(seen, finding) if seen else finding
    first, last = results[0].summary, results[-1].summary
    summary = SessionSummary(
        objective=first.objective or last.objective,
        work_done=_union(*(r.summary.work_done for r in results)),
        decisions=_union(*(r.summary.decisions for r in results)),
        unresolved=last.unresolved,
        next_steps=last.next_steps,
    )
    named = all(r.engagements for r in results)
    work = stitch(e for r in results for e in r.engagements) if named else ()
    return tuple(merged.values()), summary, work


def _words(title: str) -> frozenset[str]:
    return frozenset(_WORD.findall(title.casefold()))


def _restates(llm: Finding, structural: Finding) -> bool:
    """Whether the LLM finding says what the structural one says: the same id, or the same kind
    and either near-identical titles (the lifecycle's test, wherever in the session) or turns in
    common and most title words shared."""
    if llm.id == structural.id:
        return True
    if llm.kind != structural.kind:
        return False
    if same_subject(llm.title, structural.title):
        return True
    if not set(llm.turns) & set(structural.turns):
        return False
    a, b = _words(llm.title), _words(structural.title)
    return bool(a | b) and len(a & b) / len(a | b) >= SAME_WORDS


def merge_findings(structural: Sequence[Finding], llm: Sequence[Finding]) -> tuple[Finding, ...]:
    """The LLM findings, then the structural ones no LLM finding restates."""
    kept = [s for s in structural if not any(_restates(f, s) for f in llm)]
    return (*llm, *kept)
