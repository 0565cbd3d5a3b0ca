"""`ledger stats` and `ledger sessions list`: counts and listings from the index alone."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from ledger.index.graph import Graph
from ledger.index.reading import Entry
from ledger.models import KINDS

Counts = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Stats:
    """What the ledger holds: findings by kind and status; sessions and findings by project,
    agent and day; tokens the sessions used."""

    sessions: int
    ghosts: int
    findings: int
    superseded: int
    by_kind: Counts
    by_status: Counts
    sessions_by_project: Counts
    findings_by_project: Counts
    sessions_by_agent: Counts
    findings_by_agent: Counts
    sessions_by_day: Counts
    findings_by_day: Counts
    tokens: Counts
    sessions_by_method: Counts = ()
    sessions_by_phase: Counts = ()


@dataclass(frozen=True, slots=True)
class SessionRow:
    """A session as `ledger sessions list` shows it."""

    session_id: str
    folder: str
    title: str
    agent: str
    project: str
    started: str
    ghost: bool
    findings: Counts
    """Findings per kind, in the order of KINDS, kinds without findings left out."""
    methods: tuple[str, ...] = ()
    phases: tuple[str, ...] = ()
    continues: str = ""
    agent_name: str = ""


@dataclass(frozen=True, slots=True)
class SessionFacets:
    """Which sessions `ledger sessions list` shows; empty means any. Ghosts only when asked."""

    methods: tuple[str, ...] = ()
    phases: tuple[str, ...] = ()
    agent: str | None = None
    since: date | None = None
    until: date | None = None
    ghosts: bool = False
    roster: tuple[tuple[str, str], ...] = ()
    """Session-id prefixes and agent names (`agents:` of ledger.yaml), longest prefix first."""

    def name_of(self, session: Entry) -> str:
        """The agent's name: from the roster, else from the transcript (empty when none)."""
        named = (name for prefix, name in self.roster if session.id.startswith(prefix))
        return next(named, session.agent_name)

    def keep(self, session: Entry) -> bool:
        day = session.date
        wanted = (self.agent or "").casefold()
        return (
            (self.ghosts or not session.ghost)
            and (not self.methods or any(m in session.methods for m in self.methods))
            and (not self.phases or any(p in session.phases for p in self.phases))
            and (not wanted or wanted in f"{session.agent} {self.name_of(session)}".casefold())
            and (not self.since or (bool(day) and day >= self.since.isoformat()))
            and (not self.until or (bool(day) and day <= self.until.isoformat()))
        )


def _current(root: Path, state: Path) -> Graph:
    from ledger.index.build import current, lock_if_free

    with lock_if_free(root, state) as held:
        return current(root, state, save=held).graph


def _counts(counter: Counter[str], by_name: bool = False) -> Counts:
    """Most frequent first (by name when `by_name`), ties by name."""
    if by_name:
        return tuple(sorted(counter.items()))
    return tuple(sorted(counter.items(), key=lambda pair: (-pair[1], pair[0])))


def ledger_stats(root: Path, state: Path) -> Stats:
    """Counts by kind, status, project, agent and day, and the tokens sessions used."""
    graph = _current(root, state)
    findings, sessions = graph.findings, graph.sessions
    agents = {s.id: s.agent for s in sessions}
    kinds = Counter(f.kind for f in findings)
    tokens = [sum(s.tokens[n] for s in sessions) for n in range(4)]
    return Stats(
        sessions=len(sessions),
        ghosts=sum(s.ghost for s in sessions),
        findings=len(findings),
        superseded=sum(graph.superseded(f) for f in findings),
        by_kind=tuple((k, kinds[k]) for k in (*KINDS, *sorted(set(kinds) - set(KINDS)))),
        by_status=_counts(Counter(f.status or "none" for f in findings)),
        sessions_by_project=_counts(Counter(s.project or "none" for s in sessions)),
        findings_by_project=_counts(Counter(f.project or "none" for f in findings)),
        sessions_by_agent=_counts(Counter(s.agent or "none" for s in sessions)),
        findings_by_agent=_counts(Counter(agents.get(f.session_id, "none") for f in findings)),
        sessions_by_day=_counts(Counter(s.date or "undated" for s in sessions), by_name=True),
        findings_by_day=_counts(Counter(f.date or "undated" for f in findings), by_name=True),
        tokens=tuple(zip(("input", "output", "cache_read", "cache_creation"), tokens, strict=True)),
        sessions_by_method=_counts(Counter(m for s in sessions for m in s.methods)),
        sessions_by_phase=_counts(Counter(p for s in sessions for p in s.phases)),
    )


def list_sessions(
    root: Path, state: Path, facets: SessionFacets = SessionFacets(ghosts=True)
) -> tuple[SessionRow, ...]:
    """Ingested sessions, newest first, with their findings counted by kind."""
    graph = _current(root, state)
    rows = []
    for session in filter(facets.keep, graph.sessions):
        kinds = Counter(graph.entries[p].kind for p in graph.findings_of.get(session.id, ()))
        rows.append(
            SessionRow(
                session_id=session.id,
                folder=session.folder,
                title=session.title,
                agent=session.agent,
                project=session.project,
                started=session.started or session.date,
                ghost=session.ghost,
                findings=tuple((k, kinds[k]) for k in KINDS if kinds[k]),
                methods=session.methods,
                phases=session.phases,
                continues=session.continues,
                agent_name=facets.name_of(session),
            )
        )
    return tuple(rows)
