"""What the MCP tools do, without the protocol: each takes plain arguments, checks them, asks
`search/` or `ingest/` and answers the JSON an agent cites (`answers.py`). A wrong argument
raises `LedgerError` with one sentence; the server turns it into the tool's error."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

from ledger.agents import answers
from ledger.errors import LedgerError

MAX_LIMIT = 200


@dataclass(frozen=True, slots=True)
class Ledger:
    """The ledger the server answers for: found once at start, checked at every call."""

    root: Path

    @property
    def state(self) -> Path:
        return self.root / ".ledger"

    def checked(self) -> Path:
        from ledger.config import existing

        return existing(self.root)


def _today() -> date:
    return datetime.now(timezone.utc).date()


def _limit(limit: int) -> int:
    if not 1 <= limit <= MAX_LIMIT:
        raise LedgerError(f"limit {limit} is out of range", f"give a limit from 1 to {MAX_LIMIT}")
    return limit


def _day(value: str | None, what: str) -> date | None:
    if value is None or not value.strip():
        return None
    from ledger.times import parse_day

    try:
        return parse_day(value, _today())
    except ValueError as error:
        raise LedgerError(f"{what}: {error}", "give a day such as 2026-11-24 or 7d") from None


def search(
    ledger: Ledger, query: str, kind: str | None, project: str | None, since: str | None,
    current: bool, limit: int,
) -> dict[str, Any]:  # fmt: skip
    """Findings and sessions that answer `query`, best first."""
    from ledger.search.grep import GrepOptions
    from ledger.search.ranked import search as ranked_search

    root = ledger.checked()
    options = GrepOptions(
        query, kinds=(kind,) if kind else (), since=_day(since, "since"),
        project=project or None, current=current,
    )  # fmt: skip
    result = ranked_search(root, ledger.state, query, options, _limit(limit))
    return {"query": query, "results": answers.search_json(result)}


def list_sessions(
    ledger: Ledger, project: str | None, since: str | None, limit: int
) -> dict[str, Any]:
    """Ingested sessions, newest first."""
    from ledger.search.lookup import recent_sessions

    root = ledger.checked()
    found = recent_sessions(root, ledger.state, project, _day(since, "since"), _limit(limit))
    return {"sessions": [answers.session_row_json(root, meta, kinds) for meta, kinds in found]}


def get_session(ledger: Ledger, session_id: str) -> dict[str, Any]:
    """A session's facts, its summary and its findings."""
    from ledger.search.lookup import find_session

    found = find_session(ledger.checked(), ledger.state, session_id)
    return answers.session_json(ledger.root, found, _summary(found.session.body))


def get_finding(ledger: Ledger, finding_id: str) -> dict[str, Any]:
    """A finding's facts and text, and its supersedes chain both ways."""
    from ledger.search.lookup import find_finding

    return answers.finding_json(ledger.root, find_finding(ledger.checked(), ledger.state,
                                                          finding_id))  # fmt: skip


def context(ledger: Ledger, project: str | None, max_tokens: int) -> dict[str, Any]:
    """The brief `ledger context` prints, as text."""
    from ledger.search.context import context_brief

    if max_tokens < 50:
        raise LedgerError(f"max_tokens {max_tokens} is too small", "give 50 or more")
    brief = context_brief(ledger.checked(), ledger.state, project or None, max_tokens)
    return {"project": project or None, "brief": brief.text}


def record_finding(
    ledger: Ledger, kind: str, title: str, body: str, project: str | None,
    session_id: str | None, references: list[str], supersedes: list[str],
) -> dict[str, Any]:  # fmt: skip
    """Write a finding on purpose: redacted, `extractor: agent`, committed."""
    from ledger.config import load
    from ledger.ingest.record import NewFinding
    from ledger.ingest.record import record_finding as record

    config = load(ledger.checked())
    note = NewFinding(kind, title, body, project, session_id, tuple(references), tuple(supersedes))
    return answers.recorded_json(ledger.root, record(config, note))


def resolve(
    ledger: Ledger, finding_id: str, status: str, by: str | None, note: str | None
) -> dict[str, Any]:
    """Close a finding (`ledger resolve`), or mark it superseded `by` a newer one
    (`ledger supersede`), or reopen it (status `open`: `ledger reopen`)."""
    from ledger.config import load
    from ledger.ingest import triage
    from ledger.redact import redact
    from ledger.store.markdown import printable

    config = load(ledger.checked())
    note = redact(printable(note)) if note else None
    if status == "open":
        done = triage.reopen(config, finding_id)
    elif status == "superseded":
        if not by:
            raise LedgerError("superseded needs `by`", "name the newer finding's id in `by`")
        done = triage.supersede(config, finding_id, by)
    else:
        done = triage.resolve(config, finding_id, status, by, note)
    return answers.triaged_json(ledger.root, done)


def _summary(body: str) -> str:
    """A session's summary: its body up to the list of findings, without the title."""
    head = body.split("\n## Findings", 1)[0]
    lines = head.strip().split("\n")
    text = "\n".join(lines[1:] if lines and lines[0].startswith("# ") else lines)
    return text.strip()
