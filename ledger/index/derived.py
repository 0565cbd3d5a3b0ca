"""What an index update starts from besides the entries: the facts the pages about the whole
ledger were built from, and what tells an update which session folders it must read.

Saved in `.ledger/index/derived.bin` with the token of the folder stamps it matches (an update
uses it only then), and rebuilt with every update from scratch. Finding ids are kept apart, in
256 small files by hash (and so are session ids), so that an update reads and writes only
those its files fall in.
"""

from __future__ import annotations

import hashlib
import marshal
import mmap
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from ledger.atomic import write_bytes_atomic
from ledger.index.blobs import Spans, mapped, save_blobs
from ledger.index.entries import INDEX_STATE, STATE_VERSION, Entry
from ledger.index.graph import FileNode, Graph, resolve_key
from ledger.index.pages import Months, MonthStats, file_line

DERIVED = "derived.bin"
IDS = "ids"
SESSION_IDS = "sessions"

MEMBERS = "members.dat"

Node = tuple[str, str]
"""A file discussed: its page, and its line in the listing."""


class Derived(NamedTuple):
    token: bytes
    """The folder stamps' token this state matches (`entries.folders_token`)."""
    months: dict[str, tuple[str, ...]]
    """Month → the session folders holding its sessions and findings."""
    stats: dict[str, MonthStats]
    links: dict[str, tuple[str, ...]]
    """Path → the findings it is linked with by supersedes or references, either way."""
    dangling: dict[str, tuple[str, ...]]
    """A supersedes or reference naming no finding (as `Graph.resolve` reads it: an id, or a
    link target casefolded) → the files naming it: a finding that comes to bear it links them."""
    strays: dict[str, tuple[str, ...]]
    """Session id → its findings outside its folder, or of no session found (unknown id)."""
    nodes: dict[str, Node]
    """File key → its node, as the file pages were rendered."""
    spans: Spans
    """File key → where the sessions that changed it and the findings that cite it sit in
    `members.dat`, marshalled: decoded only for the files an update renders."""
    size: int
    """The length of `members.dat` this state knows of."""
    generation: bytes
    """What names the rebuild the id files were written by (each holds it): a file of another,
    or none, is not to be trusted."""


def folder_of(path: str) -> str:
    return path.split("/", 2)[1]


def of_graph(
    graph: Graph, months: Months, stats: dict[str, MonthStats], token: bytes
) -> tuple[Derived, dict[str, bytes]]:
    """The derived state of a whole ledger, and the members of every file discussed (to save)."""
    links: dict[str, set[str]] = defaultdict(set)
    for old, newer in graph.replaced_by.items():
        for path in newer:
            links[old].add(path)
            links[path].add(old)
    for source, targets in graph.cited.items():
        for path in targets:
            links[source].add(path)
            links[path].add(source)
    for earlier, later in graph.continuations:
        links[earlier].add(later)
        links[later].add(earlier)
    strays: dict[str, list[str]] = defaultdict(list)
    for e in graph.findings:
        session = graph.session(e)
        if session is None or folder_of(session.path) != folder_of(e.path):
            strays[e.session_id].append(e.path)
    state = Derived(
        token,
        {m: tuple(sorted({folder_of(e.path) for e in (*s, *f)})) for m, (s, f) in months.items()},
        stats,
        {k: tuple(sorted(v)) for k, v in links.items()},
        dangling_of(graph, graph.entries.values()),
        {k: tuple(sorted(v)) for k, v in strays.items()},
        {n.key: node_of(n) for n in graph.files},
        {},
        0,
        token,
    )
    return state, {n.key: members_blob(n) for n in graph.files}


def node_of(node: FileNode) -> Node:
    return node.page, file_line(node)


def members_blob(node: FileNode) -> bytes:
    return marshal.dumps((node.sessions, node.findings))


def dangling_of(graph: Graph, entries: Iterable[Entry]) -> dict[str, tuple[str, ...]]:
    """The supersedes and references of `entries` that name no finding of `graph`."""
    found: dict[str, set[str]] = defaultdict(set)
    for e in entries:
        if e.type != "finding":
            continue
        for value in (*e.supersedes, *e.superseded_by, *graph.finding_references(e)):
            if graph.resolve(value) is None:
                found[resolve_key(value)].add(e.path)
    return {k: tuple(sorted(v)) for k, v in found.items()}


class Saved(NamedTuple):
    """The derived state as saved, and the bytes of `members.dat` it knows of."""

    state: Derived
    members: bytes | mmap.mmap

    def members_of(self, key: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The sessions that changed a file and the findings that cite it."""
        offset, length = self.state.spans[key]
        sessions, findings = marshal.loads(self.members[offset : offset + length])
        return sessions, findings


def save(
    state: Path, derived: Derived, members: bytes | mmap.mmap, fresh: dict[str, bytes]
) -> None:
    """Save the derived state: the members of the files in `fresh` appended to `members.dat`
    (`members`: its bytes as the state before knew them), the others kept where they are."""
    where = state / INDEX_STATE
    kept = {k: span for k, span in derived.spans.items() if k in derived.nodes and k not in fresh}
    spans, size = save_blobs(where / MEMBERS, members, kept, fresh, where / DERIVED)
    stats = {m: tuple(s) for m, s in derived.stats.items()}
    done = derived._replace(stats=stats, spans=spans, size=size)  # type: ignore[arg-type]
    write_bytes_atomic(where / DERIVED, marshal.dumps((STATE_VERSION, *done)))


def forget(state: Path) -> None:
    """Delete the saved derived state: until it is saved again, an update rebuilds."""
    (state / INDEX_STATE / DERIVED).unlink(missing_ok=True)


def load(state: Path, token: bytes) -> Saved | None:
    """The saved derived state, if there is one saved with `token`."""
    where = state / INDEX_STATE
    try:
        version, *fields = marshal.loads((where / DERIVED).read_bytes())
        derived = Derived._make(fields)
        if version != STATE_VERSION or derived.token != token:
            return None
        members = mapped(where / MEMBERS, derived.size)
    except (OSError, ValueError, EOFError, TypeError):
        return None
    stats = {m: MonthStats._make(s) for m, s in derived.stats.items()}
    return Saved(derived._replace(stats=stats), members)


def _shard(key: str) -> str:
    return hashlib.blake2b(key.encode(), digest_size=1).hexdigest()


class Untrusted(Exception):
    """A file of the saved state is missing or was written by another rebuild."""


class Holders:
    """Key (a finding id, a session id) → the paths of the files that hold it, sorted (the first
    is the one a link names), kept in 256 files by hash of the key: only the files of the keys
    asked for are read or written. Each file holds the `generation` of the rebuild that wrote
    the set: one of another (or none) raises `Untrusted`."""

    def __init__(self, state: Path, name: str, generation: bytes) -> None:
        self.where = state / INDEX_STATE / name
        self.generation = generation
        self.shards: dict[str, dict[str, tuple[str, ...]]] = {}
        self.dirty: set[str] = set()

    def _shard(self, key: str) -> dict[str, tuple[str, ...]]:
        name = _shard(key)
        if name not in self.shards:
            try:
                generation, shard = marshal.loads((self.where / f"{name}.bin").read_bytes())
            except (OSError, ValueError, EOFError, TypeError) as error:
                raise Untrusted(name) from error
            if generation != self.generation:
                raise Untrusted(name)
            self.shards[name] = shard
        return self.shards[name]

    def get(self, key: str) -> tuple[str, ...]:
        return self._shard(key).get(key, ())

    def add(self, key: str, path: str) -> None:
        shard = self._shard(key)
        shard[key] = tuple(sorted({*shard.get(key, ()), path}))
        self.dirty.add(_shard(key))

    def remove(self, key: str, path: str) -> None:
        shard = self._shard(key)
        left = tuple(p for p in shard.get(key, ()) if p != path)
        if left:
            shard[key] = left
        else:
            shard.pop(key, None)
        self.dirty.add(_shard(key))

    def save(self) -> None:
        """Write the files of the keys changed, in place (no rename each: there can be hundreds):
        the caller has `forget`-ten the derived state first, so a run cut short here leaves none,
        and the next run rebuilds."""
        self.where.mkdir(parents=True, exist_ok=True)
        for name in sorted(self.dirty):
            data = marshal.dumps((self.generation, self.shards[name]))
            (self.where / f"{name}.bin").write_bytes(data)
        self.dirty.clear()


def save_holders(state: Path, graph: Graph, generation: bytes) -> None:
    """Every finding id and session id with the files holding it, saved from scratch (every
    shard written, empty ones too)."""
    for name, kind in ((IDS, "finding"), (SESSION_IDS, "session")):
        holders = Holders(state, name, generation)
        holders.shards = {f"{n:02x}": {} for n in range(256)}
        for e in sorted(graph.entries.values()):
            if e.type == kind and e.id:
                shard = holders.shards[_shard(e.id)]
                shard[e.id] = (*shard.get(e.id, ()), e.path)
        holders.dirty = set(holders.shards)
        holders.save()
