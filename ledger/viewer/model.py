"""What the viewer shows, read from the index: a snapshot of the ledger's link graph, kept while
the session folders stay as they were, and the timeline of its sessions, filtered and grouped.

The graph of 10,000 sessions takes about a second to build; the folders' stamps take a few
milliseconds to read: each request compares the stamps and rebuilds only when a folder changed,
so the pages are current on every request (an ingest shows at the next one).
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from pathlib import Path

from ledger.index.entries import FOLDERS, INDEX_STATE, folder_stamps, is_current, refresh
from ledger.index.graph import Graph
from ledger.index.reading import Entry
from ledger.models import KINDS
from ledger.store.paths import SESSIONS

FULL_CHECK = 1.0
"""Seconds between two comparisons of every session folder's stamp (see `Snapshots.watch`)."""
PAGE_SIZE = 200
"""Sessions per timeline page: the page stays quick to render and to read."""
GROUPS = ("day", "project", "agent", "method")


@dataclass(frozen=True)
class Snapshot:
    """The ledger's link graph as the session folders were at `stamps`."""

    root: Path
    graph: Graph
    stamps: dict[str, int]

    @property
    def state(self) -> Path:
        return self.root / ".ledger"

    @cached_property
    def projects(self) -> tuple[str, ...]:
        return tuple(sorted({s.project for s in self.graph.sessions if s.project}))

    @cached_property
    def agents(self) -> tuple[str, ...]:
        return tuple(sorted({s.agent for s in self.graph.sessions if s.agent}))

    @cached_property
    def statuses(self) -> tuple[str, ...]:
        return tuple(sorted({f.status for f in self.graph.findings if f.status}))

    @cached_property
    def findings_by_session(self) -> dict[str, tuple[Entry, ...]]:
        """session id → its findings, in the order of KINDS then title."""
        order: dict[str, int] = {kind: n for n, kind in enumerate(KINDS)}
        found: dict[str, list[Entry]] = {}
        for finding in self.graph.findings:
            found.setdefault(finding.session_id, []).append(finding)

        def by_kind(entry: Entry) -> tuple[int, str, str]:
            return order.get(entry.kind, len(order)), entry.title, entry.path

        return {sid: tuple(sorted(items, key=by_kind)) for sid, items in found.items()}

    @cached_property
    def continued_by(self) -> dict[str, tuple[Entry, ...]]:
        """session id → the sessions that continue it (resumes, continuations, forks)."""
        found: dict[str, list[Entry]] = {}
        for session in self.graph.sessions:
            if session.continues:
                found.setdefault(session.continues, []).append(session)
        return {sid: tuple(sorted(later, key=lambda s: s.started)) for sid, later in found.items()}

    def session(self, session_id: str) -> Entry | None:
        return self.graph.sessions_by_id.get(session_id)

    def finding(self, finding_id: str) -> Entry | None:
        path = self.graph.by_id.get(finding_id)
        return self.graph.entries[path] if path else None


def load_snapshot(root: Path) -> Snapshot:
    """The graph of the ledger at `root` as its files are now (the saved index brought up to date
    in memory; saved only by the commands that write)."""
    from ledger.index.build import current, lock_if_free

    state = root / ".ledger"
    stamps = folder_stamps(root)
    if is_current(root, state, stamps):
        graph = Graph(refresh(root, state, save=False, folders=stamps).entries)
    else:
        with lock_if_free(root, state) as held:
            graph = current(root, state, save=held).graph
    return Snapshot(root, graph, stamps)


def _quick_token(root: Path) -> tuple[int, ...]:
    """What changes whenever a session folder is added or removed (the mtime of `sessions/`) or
    a ledger command brought the index up to date (its saved folder stamps): two stats."""
    found: list[int] = []
    for path in (root / SESSIONS, root / ".ledger" / INDEX_STATE / FOLDERS):
        try:
            info = path.stat()
            found += [info.st_mtime_ns, info.st_size]
        except OSError:
            found += [0, 0]
    return tuple(found)


@dataclass
class Snapshots:
    """The newest snapshot of one ledger, rebuilt when a session folder changed.

    Each request stats `sessions/` and the index's saved stamps (what any ingest, triage or
    index run changes) and rebuilds when they moved. `watch` compares every folder's stamp
    each `FULL_CHECK` seconds beside the requests (a file a person saved by hand, with no
    ledger command since), so no request pays for statting thousands of folders.
    """

    root: Path
    _held: Snapshot | None = None
    _quick: tuple[int, ...] = ()
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def now(self) -> Snapshot:
        with self._lock:
            held, quick = self._held, _quick_token(self.root)
            if held is not None and quick == self._quick:
                return held
            self._quick = quick
            if held is None or folder_stamps(self.root) != held.stamps:
                held = self._held = load_snapshot(self.root)
            return held

    def watch(self, stop: threading.Event) -> None:
        """Until `stop` is set: each FULL_CHECK seconds, when a folder's stamp moved, have the
        next request rebuild."""
        while not stop.wait(FULL_CHECK):
            stamps = folder_stamps(self.root)
            with self._lock:
                if self._held is not None and stamps != self._held.stamps:
                    self._quick = ()


@dataclass(frozen=True, slots=True)
class Filters:
    """The timeline's filters, as a query string gives them; empty means any."""

    project: str = ""
    agent: str = ""
    kind: str = ""
    status: str = ""
    since: str = ""
    until: str = ""
    ghosts: bool = False
    group: str = "day"
    page: int = 1

    @classmethod
    def of(cls, query: Mapping[str, str]) -> Filters:
        """The filters of a query string; what cannot be read is left out, never an error."""
        page = query.get("page", "1")
        group = query.get("group", "day")
        return cls(
            project=query.get("project", "").strip(),
            agent=query.get("agent", "").strip(),
            kind=query.get("kind", "").strip(),
            status=query.get("status", "").strip(),
            since=_day(query.get("since", "")),
            until=_day(query.get("until", "")),
            ghosts=query.get("ghosts", "") in ("1", "on", "true"),
            group=group if group in GROUPS else "day",
            page=max(1, int(page)) if page.isdigit() else 1,
        )

    def keeps(self, session: Entry, findings: tuple[Entry, ...]) -> bool:
        day = session.date
        return (
            (self.ghosts or not session.ghost)
            and (not self.project or session.project == self.project)
            and (not self.agent or session.agent == self.agent)
            and (not self.since or (bool(day) and day >= self.since))
            and (not self.until or (bool(day) and day <= self.until))
            and (not self.kind or any(f.kind == self.kind for f in findings))
            and (not self.status or any(f.status == self.status for f in findings))
        )


def _day(value: str) -> str:
    """A day as YYYY-MM-DD, or empty when the value is not one."""
    try:
        return date.fromisoformat(value.strip()).isoformat()
    except ValueError:
        return ""


@dataclass(frozen=True, slots=True)
class Row:
    """One session on the timeline."""

    session: Entry
    counts: tuple[tuple[str, int], ...]
    """Findings per kind, in the order of KINDS, kinds without findings left out."""
    project_name: str


@dataclass(frozen=True, slots=True)
class Group:
    label: str
    rows: tuple[Row, ...]


@dataclass(frozen=True, slots=True)
class Timeline:
    """One page of the timeline: its groups, how many sessions matched, which page of how many."""

    filters: Filters
    groups: tuple[Group, ...]
    matched: int
    total: int
    pages: int


def project_name(project: str) -> str:
    """The last part of a project's path or remote (POSIX or Windows): what people call it."""
    return project.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1] or project


def _labels(session: Entry, group: str) -> tuple[str, ...]:
    if group == "project":
        return (session.project or "no project",)
    if group == "agent":
        return (session.agent or "unknown agent",)
    if group == "method":
        return session.methods or ("no engagement",)
    return (session.date or "undated",)


def timeline(snapshot: Snapshot, filters: Filters, page_size: int | None = PAGE_SIZE) -> Timeline:
    """The sessions the filters keep, newest first, grouped, one page of them (all when
    `page_size` is None)."""
    of = snapshot.findings_by_session
    kept = [s for s in snapshot.graph.sessions if filters.keeps(s, of.get(s.id, ()))]
    size = page_size or max(len(kept), 1)
    pages = max(1, -(-len(kept) // size))
    page = min(filters.page, pages)
    shown = kept[(page - 1) * size : page * size]
    groups: dict[str, list[Row]] = {}
    for session in shown:
        kinds = Counter(f.kind for f in of.get(session.id, ()))
        counts = tuple((k, kinds[k]) for k in KINDS if kinds[k])
        row = Row(session, counts, project_name(session.project))
        for label in _labels(session, filters.group):
            groups.setdefault(label, []).append(row)
    ordered = tuple(Group(label, tuple(rows)) for label, rows in groups.items())
    return Timeline(filters, ordered, len(kept), len(snapshot.graph.sessions), pages)
