"""What `ledger grep` and `ledger context` read instead of every entry: small, saved with the index.

- `docs.bin` and `facts.txt`: for each file of the search cache, in cache order, its offsets,
  columns for the commonest filters (kind, day, superseded), and one line of the facts grep
  shows (status, session title, tags...), memory-mapped and decoded only for the files shown.
- `brief.bin`: per project, the newest sessions, open todos and questions and current decisions,
  already ordered: `ledger context` reads this and nothing else when the index is current.
Both are derived from the link graph when the index changes, and rebuilt with it.
"""

from __future__ import annotations

import marshal
import mmap
import os
import sys
from array import array
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import NamedTuple

from ledger.entries import CACHE, INDEX_STATE, STATE_VERSION, Entry, Index, write_bytes_atomic
from ledger.graph import Graph
from ledger.pages import PLURAL, is_current_decision, is_open

DOCS = "docs.bin"
FACTS = "facts.txt"
BRIEF = "brief.bin"
BRIEF_ITEMS = 200
"""How many of each list the brief keeps per project: more than any token budget shows."""
BRIEF_SESSIONS = 50
PARALLEL_FILES = 20_000
"""From this many indexed files on, the facts are saved by a second process (`saved_aside`)."""
_FLAT = str.maketrans({"\t": " ", "\n": " ", "\r": " "})
SEPARATOR = ","


class Meta(NamedTuple):
    """The facts of one indexed file that grep filters on and shows."""

    path: str
    type: str
    kind: str
    id: str
    title: str
    status: str
    date: str
    started: str
    session_id: str
    project: str
    agent: str
    tags: str
    superseded: str
    session_title: str
    replaced_by: str
    """Paths of the findings that supersede this one, comma-separated."""


@dataclass(frozen=True, slots=True)
class Docs:
    """The files of the search cache in cache order: offsets, facts, and columns to filter on.

    The facts are one UTF-8 blob, a line per file, decoded only for the files a search shows;
    kind, day and superseded are columns, so the commonest filters split no line at all.
    """

    starts: array[int]
    ends: array[int]
    blob: bytes | mmap.mmap
    lines: array[int]
    """Where each file's line starts in `blob`, and where the last one ends."""
    kinds: bytes
    """Per file, its kind's place in `kind_names`."""
    kind_names: tuple[str, ...]
    days: array[int]
    """Per file, its date as YYYYMMDD (0: undated)."""
    superseded: bytes
    cache: Path
    size: int
    """Bytes of the cache file that belong to the index."""
    pending: bytes
    """Bytes not yet in the cache file, at offset `size`."""

    def __len__(self) -> int:
        return len(self.starts)

    def meta(self, number: int) -> Meta:
        line = self.blob[self.lines[number] : self.lines[number + 1]].decode("utf-8")
        return Meta._make(line.split("\t"))


def _day(text: str) -> int:
    digits = text[:10].replace("-", "")
    return int(digits) if len(digits) == 8 and digits.isdigit() else 0


def _metas(graph: Graph, entries: list[Entry]) -> list[bytes]:
    """The facts line of each file, UTF-8: a tab between the fields of Meta (one loop, no call
    per file: this runs for every file the index holds)."""
    sessions = graph.sessions_by_id
    replaced_by = graph.replaced_by
    found = []
    for e in entries:
        session = sessions.get(e.session_id)
        replaced = replaced_by.get(e.path, ())
        superseded = e.type == "finding" and (e.status == "superseded" or e.path in replaced_by)
        values = (
            e.path, e.type, e.kind, e.id, e.title, e.status, e.date,
            (session.started if session else "") or e.date,
            e.session_id, e.project, session.agent if session else e.agent,
            SEPARATOR.join(e.tags), "1" if superseded else "",
            session.title if session else "", SEPARATOR.join(replaced),
        )  # fmt: skip
        line = "\t".join(values)
        if line.count("\t") != len(values) - 1 or "\n" in line or "\r" in line:
            line = "\t".join(v.translate(_FLAT) for v in values)
        found.append(line.encode("utf-8"))
    return found


def docs_of(graph: Graph, index: Index) -> Docs:
    """The search facts of every indexed file, in the order of the cache."""
    ordered = sorted(index.entries, key=lambda e: e.start)
    encoded = _metas(graph, ordered)
    lines = array("q", [0])
    lines.extend(accumulate(map(len, encoded)))
    names = tuple(sorted({e.kind for e in ordered}))
    code = {name: n for n, name in enumerate(names)}
    return Docs(
        starts=array("q", (e.start for e in ordered)),
        ends=array("q", (e.end for e in ordered)),
        blob=b"".join(encoded),
        lines=lines,
        kinds=bytes(code[e.kind] for e in ordered),
        kind_names=names,
        days=array("l", (_day(e.date) for e in ordered)),
        superseded=bytes(e.type == "finding" and graph.superseded(e) for e in ordered),
        cache=index.cache,
        size=index.cache_bytes,
        pending=index.pending,
    )


_COLUMNS = ("starts", "ends", "lines", "days")


def _mapped(path: Path, size: int) -> bytes | mmap.mmap:
    """The first `size` bytes of a file, mapped rather than read (only what a search shows is
    ever touched)."""
    if size == 0:
        return b""
    with open(path, "rb") as handle:
        if os.fstat(handle.fileno()).st_size < size:
            raise ValueError(f"{path} is cut short")
        return mmap.mmap(handle.fileno(), size, access=mmap.ACCESS_READ)


def load_docs(state: Path) -> Docs | None:
    """The saved search facts, or None when there are none of this version."""
    where = state / INDEX_STATE
    try:
        version, size, columns, blob_size, kinds, names, superseded = marshal.loads(
            (where / DOCS).read_bytes()
        )
        blob = _mapped(where / FACTS, blob_size)
    except (OSError, ValueError, EOFError, TypeError):
        return None
    if version != STATE_VERSION:
        return None
    arrays = {}
    for name, typecode in zip(_COLUMNS, "qqql", strict=True):
        arrays[name] = array(typecode)
        arrays[name].frombytes(columns[name])
    return Docs(
        blob=blob, kinds=kinds, kind_names=tuple(names), superseded=superseded,
        cache=where / CACHE, size=size, pending=b"", **arrays,
    )  # fmt: skip


class BriefItem(NamedTuple):
    """A line of the brief: a finding (id, title) or a session (short id, title, outcome)."""

    started: str
    id: str
    title: str
    detail: str


Brief = dict[str, tuple[list[BriefItem], ...]]
"""project → (sessions, decisions, todos, questions), each newest first."""


def _newest(items: Iterable[BriefItem], limit: int) -> list[BriefItem]:
    return sorted(items, reverse=True)[:limit]


def brief_of(graph: Graph) -> Brief:
    """Per project: recent sessions, current decisions, open todos and open questions."""
    found: dict[str, tuple[list[BriefItem], ...]] = {}
    for entry in graph.findings:
        if graph.superseded(entry) or entry.kind not in ("decision", "todo", "question"):
            continue
        if not (is_current_decision(graph, entry) if entry.kind == "decision" else is_open(entry)):
            continue
        lists = found.setdefault(entry.project, ([], [], [], []))
        place = ("decision", "todo", "question").index(entry.kind) + 1
        if len(lists[place]) < BRIEF_ITEMS:
            lists[place].append(BriefItem(graph.started(entry), entry.id, entry.title, ""))
    for session in graph.sessions:
        if session.ghost:  # too short to have concluded anything
            continue
        lists = found.setdefault(session.project, ([], [], [], []))
        if len(lists[0]) < BRIEF_SESSIONS:
            lists[0].append(
                BriefItem(
                    session.started or session.date,
                    session.id[:8],
                    session.title,
                    _outcome(graph, session),
                )
            )
    return found


def _outcome(graph: Graph, session: Entry) -> str:
    """What a session concluded, in a few words: its findings by kind and its last takeaway."""
    findings = [graph.entries[p] for p in graph.findings_of.get(session.id, ())]
    kinds = [f.kind for f in findings]
    counts = ", ".join(
        f"{n} {k if n == 1 else PLURAL[k]}"
        for k in ("decision", "todo", "question")
        if (n := kinds.count(k))
    )
    takeaways = [f.title for f in findings if f.kind == "takeaway"]
    return "; ".join(part for part in (counts, takeaways[-1] if takeaways else "") if part)


@contextmanager
def saved_aside(state: Path, graph: Graph, index: Index) -> Iterator[None]:
    """The search facts and the brief of `graph` saved: by a forked process while the body runs
    when there are many files (both are CPU work, and there are two cores), else here first."""
    if len(index.entries) < PARALLEL_FILES or sys.platform != "linux":
        save(state, docs_of(graph, index), brief_of(graph))
        yield
        return
    pid = os.fork()
    if pid == 0:  # the forked process: save, then leave without running any of the caller's code
        code = 1
        try:
            save(state, docs_of(graph, index), brief_of(graph))
            code = 0
        finally:
            os._exit(code)
    try:
        yield
    finally:
        _, status = os.waitpid(pid, 0)
    if status != 0:  # it failed (how, it cannot tell): do it here
        save(state, docs_of(graph, index), brief_of(graph))


def save(state: Path, docs: Docs, brief: Brief) -> None:
    """Save the search facts and the brief beside the index."""
    where = state / INDEX_STATE
    columns = {name: getattr(docs, name).tobytes() for name in _COLUMNS}
    data = (STATE_VERSION, docs.size, columns, len(docs.blob), docs.kinds, docs.kind_names,
            docs.superseded)  # fmt: skip
    write_bytes_atomic(where / FACTS, bytes(docs.blob))
    write_bytes_atomic(where / DOCS, marshal.dumps(data))
    rows = {p: tuple([tuple(i) for i in items] for items in lists) for p, lists in brief.items()}
    write_bytes_atomic(where / BRIEF, marshal.dumps((STATE_VERSION, rows)))


def load_brief(state: Path) -> Brief | None:
    """The saved brief, or None when there is none of this version."""
    try:
        version, rows = marshal.loads((state / INDEX_STATE / BRIEF).read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    if version != STATE_VERSION:
        return None
    return {
        project: tuple([BriefItem._make(i) for i in items] for items in lists)
        for project, lists in rows.items()
    }
