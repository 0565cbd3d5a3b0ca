"""What `ledger grep` and `ledger context` read instead of every entry: small, saved with the index.

- `docs.bin` and `facts.txt`: for each file of the search cache, in cache order, its offsets,
  columns for the commonest filters (kind, day, superseded), and where its line of the facts
  grep shows (status, session title, tags...) sits in `facts.txt`, memory-mapped and decoded only
  for the files shown. An update appends the lines that changed and moves their offsets.
- `brief.bin`: per month, per project, the sessions, open todos and questions and current
  decisions of that month, ordered: `ledger context` decodes the newest months until it has
  enough, and an update replaces the months it changed.
Both are derived from the link graph when the index changes, and rebuilt with it.
"""

from __future__ import annotations

import marshal
import mmap
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import accumulate
from pathlib import Path
from typing import NamedTuple

from ledger.atomic import write_bytes_atomic
from ledger.index.blobs import mapped
from ledger.index.entries import (
    CACHE,
    INDEX_STATE,
    STATE_VERSION,
    Entry,
    Index,
)
from ledger.index.graph import Graph
from ledger.index.pages import PLURAL, Months, is_current_decision, is_open, newest_first
from ledger.models import short_id

DOCS = "docs.bin"
FACTS = "facts.txt"
BRIEF = "brief.bin"
BRIEF_ITEMS = 200
"""How many of each list the brief keeps per project: more than any token budget shows."""
BRIEF_SESSIONS = 50
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
    methods: str
    phases: str
    """The methods and phases of its session's engagements, comma-separated."""
    ghost: str
    """"1" when its session is a ghost."""


@dataclass(frozen=True, slots=True)
class Docs:
    """The files of the search cache in cache order: offsets, facts, and columns to filter on.

    The facts are UTF-8 lines in one blob, decoded only for the files a search shows; kind, day
    and superseded are columns, so the commonest filters split no line at all.
    """

    starts: array[int]
    ends: array[int]
    blob: bytes | mmap.mmap
    facts: array[int]
    fact_ends: array[int]
    """Where each file's line of facts starts and ends in `blob`."""
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
        line = self.blob[self.facts[number] : self.fact_ends[number]].decode("utf-8")
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
            SEPARATOR.join(session.methods) if session else "",
            SEPARATOR.join(session.phases) if session else "",
            "1" if session and session.ghost else "",
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
    ends = array("q", accumulate(map(len, encoded)))
    names = tuple(sorted({e.kind for e in ordered}))
    code = {name: n for n, name in enumerate(names)}
    return Docs(
        starts=array("q", (e.start for e in ordered)),
        ends=array("q", (e.end for e in ordered)),
        blob=b"".join(encoded),
        facts=array("q", [0, *ends[:-1]] if ends else []),  # an empty ledger has no line
        fact_ends=ends,
        kinds=bytes(code[e.kind] for e in ordered),
        kind_names=names,
        days=array("l", (_day(e.date) for e in ordered)),
        superseded=bytes(e.type == "finding" and graph.superseded(e) for e in ordered),
        cache=index.cache,
        size=index.cache_bytes,
        pending=index.pending,
    )


def patch_docs(
    docs: Docs, graph: Graph, index: Index, facts: Iterable[Entry]
) -> tuple[Docs, bytes]:
    """`docs` after an update: the rows of the files replaced dropped, those of the files read
    added (the cache put them last), and the facts of `facts` (files not read, whose session or
    links changed) moved to new lines; the new docs and the bytes to append to the blob."""
    starts, ends, lines, line_ends = (
        array("q", c) for c in (docs.starts, docs.ends, docs.facts, docs.fact_ends)
    )
    days = array("l", docs.days)
    kinds, superseded = bytearray(docs.kinds), bytearray(docs.superseded)
    columns = (starts, ends, lines, line_ends, days, kinds, superseded)
    for entry in sorted(index.replaced, key=lambda e: e.start, reverse=True):
        n = bisect_left(starts, entry.start)
        if n < len(starts) and starts[n] == entry.start:
            for column in columns:
                del column[n]
    size = len(docs.blob)
    added: list[bytes] = []
    names = list(docs.kind_names)
    unread = list({e.path: e for e in facts if e.path not in index.read}.values())
    for entry, line in zip(unread, _metas(graph, unread), strict=True):
        n = bisect_left(starts, entry.start)
        if n == len(starts) or starts[n] != entry.start:
            continue
        if docs.blob[lines[n] : line_ends[n]] != line:
            lines[n], line_ends[n] = size, size + len(line)
            superseded[n] = entry.type == "finding" and graph.superseded(entry)
            added.append(line)
            size += len(line)
    new = sorted(index.new(), key=lambda e: e.start)
    for entry, line in zip(new, _metas(graph, new), strict=True):
        if entry.kind not in names:
            names.append(entry.kind)
        starts.append(entry.start)
        ends.append(entry.end)
        lines.append(size)
        line_ends.append(size + len(line))
        days.append(_day(entry.date))
        kinds.append(names.index(entry.kind))
        superseded.append(entry.type == "finding" and graph.superseded(entry))
        added.append(line)
        size += len(line)
    patched = replace(
        docs, starts=starts, ends=ends, facts=lines, fact_ends=line_ends, days=days,
        kinds=bytes(kinds), kind_names=tuple(names), superseded=bytes(superseded),
        size=index.cache_bytes, pending=index.pending,
    )  # fmt: skip
    return patched, b"".join(added)


_COLUMNS = ("starts", "ends", "facts", "fact_ends", "days")
_TYPES = "qqqql"


def load_docs(state: Path, token: bytes | None = None) -> Docs | None:
    """The saved search facts, or None when there are none of this version (or, given a
    `token`, none saved with it)."""
    where = state / INDEX_STATE
    try:
        version, saved, size, columns, blob_size, kinds, names, superseded = marshal.loads(
            (where / DOCS).read_bytes()
        )
        if version != STATE_VERSION or (token is not None and token != saved):
            return None
        blob = mapped(where / FACTS, blob_size)
    except (OSError, ValueError, EOFError, TypeError):
        return None
    arrays = {}
    for name, typecode in zip(_COLUMNS, _TYPES, strict=True):
        arrays[name] = array(typecode)
        arrays[name].frombytes(columns[name])
    return Docs(
        blob=blob, kinds=kinds, kind_names=tuple(names), superseded=superseded,
        cache=where / CACHE, size=size, pending=b"", **arrays,
    )  # fmt: skip


def save_docs(state: Path, docs: Docs, token: bytes, appended: bytes | None = None) -> None:
    """Save the search facts: the whole blob, or (`appended`) only what follows the saved one."""
    where = state / INDEX_STATE
    columns = {name: getattr(docs, name).tobytes() for name in _COLUMNS}
    if appended is None:
        write_bytes_atomic(where / FACTS, bytes(docs.blob))
        size = len(docs.blob)
    else:  # after the saved blob, whatever a run cut short left there
        size = len(docs.blob) + len(appended)
        with open(where / FACTS, "r+b") as handle:
            handle.truncate(len(docs.blob))
            handle.seek(len(docs.blob))
            handle.write(appended)
    data = (STATE_VERSION, token, docs.size, columns, size, docs.kinds, docs.kind_names,
            docs.superseded)  # fmt: skip
    write_bytes_atomic(where / DOCS, marshal.dumps(data))


class BriefItem(NamedTuple):
    """A line of the brief: a finding (id, title) or a session (short id, title, outcome)."""

    started: str
    id: str
    title: str
    detail: str


Brief = dict[str, tuple[list[BriefItem], ...]]
"""project → (sessions, decisions, todos, questions), each newest first."""
Briefs = dict[str, Brief]
"""month → the brief of that month."""


def brief_of(graph: Graph, months: Months) -> Briefs:
    """Per month, per project: sessions, current decisions, open todos and open questions."""
    return {month: _month_brief(graph, *lists) for month, lists in months.items()}


def _month_brief(graph: Graph, sessions: list[Entry], findings: list[Entry]) -> Brief:
    found: Brief = {}
    for entry in findings:
        if graph.superseded(entry) or entry.kind not in ("decision", "todo", "question"):
            continue
        if not (is_current_decision(graph, entry) if entry.kind == "decision" else is_open(entry)):
            continue
        lists = found.setdefault(entry.project, ([], [], [], []))
        place = ("decision", "todo", "question").index(entry.kind) + 1
        if len(lists[place]) < BRIEF_ITEMS:
            lists[place].append(BriefItem(graph.started(entry), entry.id, entry.title, ""))
    for session in sessions:
        if session.ghost:  # too short to have concluded anything
            continue
        lists = found.setdefault(session.project, ([], [], [], []))
        if len(lists[0]) < BRIEF_SESSIONS:
            lists[0].append(
                BriefItem(
                    session.started or session.date,
                    short_id(session.id),
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
    went_on = f"continues {short_id(session.continues)}" if session.continues else ""
    parts = (went_on, counts, takeaways[-1] if takeaways else "")
    return "; ".join(part for part in parts if part)


def newest_briefs(briefs: Mapping[str, Brief | bytes]) -> Iterator[Brief]:
    """The briefs of each month, newest first, decoded only as far as they are read."""
    for month in newest_first(briefs):
        value = briefs[month]
        yield _decoded(value) if isinstance(value, bytes) else value


def _encoded(brief: Brief) -> bytes:
    return marshal.dumps(
        {p: tuple([tuple(i) for i in items] for items in lists) for p, lists in brief.items()}
    )


def _decoded(data: bytes) -> Brief:
    rows = marshal.loads(data)
    return {
        project: tuple([BriefItem._make(i) for i in items] for items in lists)
        for project, lists in rows.items()
    }


def save_briefs(state: Path, briefs: Mapping[str, Brief | bytes], token: bytes) -> None:
    """Save the brief of every month (those given as bytes are saved as they were)."""
    months = {m: b if isinstance(b, bytes) else _encoded(b) for m, b in briefs.items()}
    write_bytes_atomic(state / INDEX_STATE / BRIEF, marshal.dumps((STATE_VERSION, token, months)))


def load_briefs(state: Path, token: bytes | None = None) -> dict[str, Brief | bytes] | None:
    """The saved briefs by month, still encoded; None when there are none of this version (or,
    given a `token`, none saved with it)."""
    try:
        version, saved, months = marshal.loads((state / INDEX_STATE / BRIEF).read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    if version != STATE_VERSION or (token is not None and token != saved):
        return None
    return dict(months)
