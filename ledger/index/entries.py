"""The indexed entries: the frontmatter of every file, kept current incrementally.

What is indexed lives in `.ledger/index/` (git-ignored, deletable at any time): one entry per
Markdown file under `sessions/<folder>/`, a search cache holding the text of every file one
after another (`ledger grep` reads one file instead of 100,000), and the stamps that tell what
changed. A run stats the session folders (a folder's mtime moves whenever a file in it is
created, removed or replaced, which is how ledger and most tools write), re-reads only what
changed, and appends it to the cache. `thorough=True` also stats every file, catching edits saved
in place: `ledger index` and `ledger index --check` run so.
"""

from __future__ import annotations

import hashlib
import marshal
import mmap
import os
import re
from array import array
from bisect import bisect_right
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from ledger.atomic import write_bytes_atomic
from ledger.index.blobs import Spans, mapped, save_blobs
from ledger.index.reading import WANTED, Entry, read_all
from ledger.parallel import halved
from ledger.store.known import KnownFinding
from ledger.store.paths import SESSIONS
from ledger.store.state import JOURNAL, Folders, folder_stamps, stamps_dict, stamps_hold

__all__ = [
    "WANTED",
    "Entry",
    "Index",
    "cache_bytes",
    "folder_stamps",
    "is_current",
    "links_in",
    "refresh",
    "saved_files_naming",
]

STATE_VERSION = 12
"""Bump whenever Entry or the cache changes shape: a state of another version is rebuilt."""
INDEX_STATE = "index"
ENTRIES = "entries.bin"
ENTRY_DATA = "entries.dat"
FOLDERS = "folders.bin"
CACHE = "search.txt"
COMPACT_SHARE = 0.3
"""Rewrite the search cache once this share of it holds replaced or removed files."""
_WIKILINK = re.compile(r"!?\[\[([^\]\[|#^\n]*)(?:[#^][^\]\[|\n]*)?(?:\|[^\]\[\n]*)?\]\]")
_CODE = re.compile(r"^(```|~~~).*?^\1[^\n]*$|(`+)[^\n]*?\2", re.M | re.S)


@dataclass(frozen=True)
class Index:
    """Every indexed file, and how to read the search cache.

    The entries of a session folder are decoded from the saved state only when asked for: an
    update that touches a few folders of a large ledger never decodes the others.
    """

    groups: dict[str, list[Entry] | None]
    """Session folder name → its entries; None: not decoded yet (see `folder`)."""
    store: _Stored
    cache: Path
    cache_bytes: int
    pending: bytes
    """Files not yet in the cache file (the lock was busy): they follow its `cache_bytes`."""
    changed: bool
    replaced: tuple[Entry, ...] = ()
    """The entries of files removed or changed since the last run, as they were."""
    read: frozenset[str] = frozenset()
    """The files read this run: new or changed since the last one."""
    fresh: bool = True
    """Whether there was no saved index to start from (every entry is new)."""
    token: bytes = b""
    """What names the session folders' state this index reflects (see `folders_token`)."""
    compacted: bool = False
    """Whether this run rewrote the search cache: every entry moved (`replaced` did not)."""
    count: int = 0
    """How many files are indexed."""

    def folder(self, name: str) -> list[Entry]:
        """The entries of one session folder, by path ([] when there is no such folder)."""
        if name not in self.groups:
            return []
        found = self.groups[name]
        if found is None:
            found = self.groups[name] = self.store.decode(name)
        return found

    @cached_property
    def entries(self) -> tuple[Entry, ...]:
        """Every entry, sorted by path (decodes every folder)."""
        return tuple(sorted(e for name in self.groups for e in self.folder(name)))

    def touched(self) -> tuple[set[str], set[str]]:
        """Paths of the files added, changed or removed since the last run, and the session
        ids those name, before or after."""
        paths = {e.path for e in self.replaced} | self.read
        every = [*self.replaced, *self.new()]
        return paths, {e.session_id for e in every}

    def new(self) -> list[Entry]:
        """The entries of the files read this run."""
        folders = {_folder_of(path) for path in self.read}
        return [e for name in sorted(folders) for e in self.folder(name) if e.path in self.read]


def links_in(text: str) -> tuple[str, ...]:
    """The targets of the wikilinks in Markdown text, as Obsidian sees them (not in code)."""
    found = _WIKILINK.findall(_CODE.sub("", text) if "`" in text or "~~~" in text else text)
    return tuple(dict.fromkeys(target.strip() for target in found if target.strip()))


@dataclass(slots=True)
class _Stored:
    """The index as the last run left it in `.ledger/index/`: each folder's entries marshalled,
    one after another in `entries.dat` (appended to, rewritten when mostly dead), decoded on
    demand."""

    folders: dict[str, int]
    spans: Spans
    """Session folder name → where its marshalled entries sit in `data`."""
    data: bytes | mmap.mmap
    cache_bytes: int = 0
    live_bytes: int = 0
    """How many bytes of the search cache belong to files still indexed."""
    count: int = 0
    """How many files are indexed."""
    projects: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Session folder name → the projects its files name: which folders a question about a few
    projects needs to decode."""

    def decode(self, name: str) -> list[Entry]:
        offset, length = self.spans[name]
        return list(map(Entry._make, marshal.loads(self.data[offset : offset + length])))


_LOADED: dict[Path, tuple[bytes, bytes, _Stored]] = {}
"""The state `_load` last decoded in each folder, with the bytes of its two headers: an ingest
refreshes twice (before writing and after), and the second need not decode them again (0.3 s at
100,000 sessions; reading and comparing them takes a few ms). The data file they point into is
only appended to while they stand, or replaced."""


def _load(where: Path) -> _Stored:
    try:
        folders, header = (where / FOLDERS).read_bytes(), (where / ENTRIES).read_bytes()
    except OSError:
        return _Stored({}, {}, b"")
    loaded = _LOADED.get(where)
    if loaded and loaded[0] == folders and loaded[1] == header:
        return loaded[2]
    stored = _decoded(where, folders, header)
    _LOADED[where] = (folders, header, stored)
    return stored


def _decoded(where: Path, folders_bytes: bytes, header: bytes) -> _Stored:
    try:
        folders = stamps_dict(*_saved_stamps(folders_bytes)[:2])
        version, cache_bytes, live_bytes, count, data_bytes, spans, projects = marshal.loads(header)
        if version != STATE_VERSION:
            raise ValueError("another version")
        if (where / CACHE).stat().st_size < cache_bytes:
            raise ValueError("cache cut short")
        data = mapped(where / ENTRY_DATA, data_bytes)
    except (OSError, ValueError, EOFError, TypeError):
        return _Stored({}, {}, b"")
    return _Stored(folders, spans, data, cache_bytes, live_bytes, count, projects)


def _files(root: Path, folder: str, stat: bool = True) -> dict[str, tuple[int, int]]:
    """`sessions/<folder>/<name>.md` → (size, mtime_ns) of the Markdown files in a folder;
    (-1, -1) unless `stat`: the reader asks each file then (half of them in a second process)."""
    found: dict[str, tuple[int, int]] = {}
    try:
        listing = os.scandir(root / SESSIONS / folder)
    except (FileNotFoundError, NotADirectoryError):
        return found
    with listing:
        for item in listing:
            # not through a link: a teammate's link to `/etc/passwd` or a file of theirs is
            # never served by grep, the viewer or a published site
            if (
                item.name.endswith(".md")
                and item.name[0] != "."
                and item.is_file(follow_symlinks=False)
            ):
                info = item.stat() if stat else None
                found[f"{SESSIONS}/{folder}/{item.name}"] = (
                    (info.st_size, info.st_mtime_ns) if info else (-1, -1)
                )
    return found


def refresh(
    root: Path,
    state: Path,
    *,
    thorough: bool = False,
    save: bool = True,
    derive: Callable[[Index, bool], None] | None = None,
    folders: dict[str, int] | None = None,
) -> Index:
    """The index brought up to date with the files; saved in `state` when `save` (lock held).

    When something changed, `derive(index, save)` runs before the entries and the folder stamps
    are saved, so whatever it saves is never older than what they vouch for, and a run cut short
    in it leaves the next run the same changes to derive. `folders`: the `folder_stamps` of the
    ledger, when the caller has just taken them.
    """
    where = state / INDEX_STATE
    stored = _load(where)
    folders = folder_stamps(root) if folders is None else folders
    fresh = not stored.folders and not stored.spans
    # as they were, decoded only if asked for: every folder whose stamp has not moved (found by
    # comparing the dicts' items in C: a Python loop over 100,000 folders took 0.15 s)
    groups: dict[str, list[Entry] | None] = dict.fromkeys(folders)
    to_read: list[tuple[str, int, int]] = []
    gone = [e for name in sorted(stored.spans.keys() - folders.keys()) for e in stored.decode(name)]
    moved = folders if thorough else _moved(folders, stored)
    for name in sorted(moved):
        old = stored.decode(name) if name in stored.spans else []
        known = {e.path: e for e in old}
        kept: list[Entry] = []
        for path, (size, mtime_ns) in _files(root, name, stat=bool(old)).items():
            entry = known.pop(path, None)
            if entry and entry.size == size and entry.mtime_ns == mtime_ns:
                kept.append(entry)
            else:
                to_read.append((path, size, mtime_ns))
                gone += [entry] if entry is not None else []
        gone += known.values()
        groups[name] = kept
    changed = fresh or bool(to_read) or bool(gone) or folders != stored.folders
    stamps = _stamps_bytes(folders)
    index, header = _settle(
        root, where, stored, groups, sorted(to_read), gone, changed and save, changed
    )
    read = frozenset(path for path, _, _ in to_read)
    # unchanged: the token of the stamps as saved (marshal's bytes for an equal dict may differ)
    token = _digest(stamps) if changed else folders_token(state)
    index = replace(index, replaced=tuple(gone), read=read, fresh=fresh, token=token)
    if changed and derive:
        derive(index, save)
    if changed and save:
        # the folder stamps last: until they are saved, the next run looks at these folders again
        write_bytes_atomic(where / ENTRIES, header)
        write_bytes_atomic(where / FOLDERS, stamps)
    return index


def _moved(folders: dict[str, int], stored: _Stored) -> set[str]:
    """The folders whose stamp is not the saved one, or that have no saved entries."""
    return {name for name, _ in folders.items() - stored.folders.items()} | (
        folders.keys() - stored.spans.keys()
    )


PARALLEL_DECODE = 5_000
"""From this many session folders to decode on (Linux), a forked process decodes half of them:
about 30 µs a folder (100,000 folders of one project: 4.3 → 2.8 s)."""


def known_findings(
    root: Path,
    state: Path,
    projects: Collection[str | None] | None = None,
    folders: dict[str, int] | None = None,
) -> dict[str, KnownFinding]:
    """id → every finding in the ledger (not the session records), or those of `projects` only,
    from the index brought up to date in memory (nothing saved: the caller indexes what it
    writes). At 20,000 sessions: a folder stat each and the saved entries, not 60,000 files
    opened; of `projects`, only the folders whose files name one of them are decoded.
    `folders`: the `folder_stamps` of the ledger, when the caller has just taken them."""
    index = refresh(root, state, save=False, folders=folders)
    wanted = None if projects is None else {project or "" for project in projects}
    names: Collection[str] = index.groups
    if wanted is not None:  # a folder as saved, none of whose files names one of them: skipped
        elsewhere = {n for n, named in index.store.projects.items() if wanted.isdisjoint(named)}
        names = [n for n in names if n not in elsewhere or index.groups[n] is not None]
    ordered = sorted(names)

    def rows(part: Sequence[str]) -> list[tuple[str, ...]]:
        return [
            (e.id, e.kind, e.title, e.status, e.date, e.session_id, e.project, e.path)
            for name in part
            for e in index.folder(name)
            if e.type == "finding" and e.id and (wanted is None or e.project in wanted)
        ]

    found: dict[str, KnownFinding] = {}
    listed = halved(rows, ordered, PARALLEL_DECODE)  # half of many folders by a forked process
    for row in listed:  # a finding in two folders: the first by name
        found.setdefault(row[0], KnownFinding(*row))
    return found


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


def folders_token(state: Path) -> bytes:
    """What names the state of the session folders the saved index reflects: the digest of its
    saved folder stamps (b"" when there are none). Derived state saved with it matches them."""
    try:
        return _digest((state / INDEX_STATE / FOLDERS).read_bytes())
    except OSError:
        return b""


def _stamps_bytes(folders: dict[str, int]) -> bytes:
    """The folder stamps as saved: the names as one string, the mtimes as one array (loaded and
    compared in C: at 100,000 folders a marshalled dict took 0.06 s to load), and the mtime of
    `sessions/` when they were listed (-1 when the caller added to them)."""
    names = "\0".join(folders)  # no file name holds a NUL
    listed = folders.listed if isinstance(folders, Folders) else -1
    return marshal.dumps((STATE_VERSION, names, array("q", folders.values()).tobytes(), listed))


def _saved_stamps(data: bytes) -> tuple[list[str], bytes, int]:
    """The names, the mtimes' bytes and the listing's stamp `_stamps_bytes` saved (an older
    state has no listing's stamp: -1); ValueError for another version."""
    version, joined, stamps, *listed = marshal.loads(data)
    names = joined.split("\0") if joined else []
    if version != STATE_VERSION or len(stamps) != len(names) * array("q").itemsize:
        raise ValueError("another version")
    return names, stamps, listed[0] if listed else -1


def _settle(
    root: Path,
    where: Path,
    stored: _Stored,
    groups: dict[str, list[Entry] | None],
    to_read: list[tuple[str, int, int]],
    gone: list[Entry],
    save: bool,
    changed: bool,
) -> tuple[Index, bytes]:
    """Read new files into place after the cache (compacting it when mostly dead), append the
    entries of the folders that changed to `entries.dat` when `save`; the index, and the header
    to save once the run is done with it."""
    cache = where / CACHE
    start = stored.cache_bytes
    live = stored.live_bytes - sum(e.end - e.start for e in gone)
    index = Index(groups, stored, cache, start, b"", changed)
    if save and start - live > COMPACT_SHARE * max(start, 1):
        start = _compact(cache, index, where)
        live = start
        index = replace(index, compacted=True)
    base = start
    placed, pending = read_all(root, to_read, start)
    start += len(pending)
    live += len(pending)
    count = stored.count - len(gone) + len(placed)
    for entry in placed:
        found = groups[_folder_of(entry.path)]
        assert found is not None, "a folder with a file to read was decoded"
        found.append(entry)
    header = b""
    if save:
        where.mkdir(parents=True, exist_ok=True)
        with open(cache, "r+b" if cache.exists() else "wb") as handle:
            handle.truncate(base)
            handle.seek(base)
            handle.write(pending)
        pending, base = b"", start
        spans, data_bytes = _save_entries(where, stored, groups)
        projects = {name: _projects_of(stored, name, group) for name, group in groups.items()}
        header = marshal.dumps((STATE_VERSION, start, live, count, data_bytes, spans, projects))
    return replace(index, cache_bytes=base, pending=pending, count=count), header


def _folder_of(path: str) -> str:
    """The session folder name of `sessions/<folder>/<name>.md`."""
    return path.split("/", 2)[1]


def _projects_of(stored: _Stored, name: str, group: list[Entry] | None) -> tuple[str, ...]:
    """The projects a folder's files name: as saved when it was not decoded, else from them."""
    if group is None:
        return stored.projects[name]
    return tuple(sorted({e.project for e in group}))


def _save_entries(
    where: Path, stored: _Stored, groups: dict[str, list[Entry] | None]
) -> tuple[Spans, int]:
    """Append the entries of the folders decoded this run to `entries.dat` (the others stay
    where they are); the new spans and length."""
    kept = {name: stored.spans[name] for name, group in groups.items() if group is None}
    fresh = {
        name: marshal.dumps([tuple(e) for e in sorted(group)])
        for name, group in groups.items()
        if group is not None
    }
    return save_blobs(where / ENTRY_DATA, stored.data, kept, fresh, where / ENTRIES)


def _compact(cache: Path, index: Index, where: Path) -> int:
    """Rewrite the cache with only the bytes of files that are still there (every folder is
    decoded and its entries moved); its new size."""
    with open(cache, "rb") as handle:
        data = handle.read(index.cache_bytes)
    pieces: list[bytes] = []
    start = 0
    for name in sorted(index.groups):
        moved = []
        for entry in sorted(index.folder(name)):
            piece = data[entry.start : entry.end]
            moved.append(entry._replace(start=start, end=start + len(piece)))
            pieces.append(piece)
            start += len(piece)
        index.groups[name] = moved
    # the saved offsets no longer hold once the cache moves: a run cut short rebuilds
    (where / FOLDERS).unlink(missing_ok=True)
    write_bytes_atomic(cache, b"".join(pieces))
    return start


def is_current(
    root: Path, state: Path, folders: dict[str, int] | None = None, part: tuple[int, int] = (0, 1)
) -> bool:
    """Whether the saved index matches the session folders (stamps only: cheap); `folders`: the
    `folder_stamps` of the ledger, when the caller has them; `part`: a share of the folders to
    look at (see `stamps_hold`). Never while a run's journal is left: the reader that takes the
    lock puts back what it wrote (`build.lock_if_free`)."""
    if (state / JOURNAL).exists():
        return False
    try:
        names, stamps, listed = _saved_stamps((state / INDEX_STATE / FOLDERS).read_bytes())
        if folders is not None:
            return stamps_dict(names, stamps) == folders
    except (OSError, ValueError, EOFError, TypeError):
        return False
    return stamps_hold(root, names, stamps, listed, part)


def saved_files_naming(root: Path, state: Path, words: Collection[str]) -> set[str] | None:
    """The Markdown files of the session folders whose frontmatter may hold one of `words` (a
    few may not: the saved entries are searched as bytes, 7 ms for 30,000 files), from the
    saved index; None unless it matches the folders (`is_current`)."""
    from ahocorasick_rs import BytesAhoCorasick, Implementation, MatchKind

    wanted = sorted({w.encode() for w in words if w})
    if not is_current(root, state):
        return None
    stored = _load(state / INDEX_STATE)
    if not wanted or not stored.spans:
        return set()
    spans = sorted((at, at + length, name) for name, (at, length) in stored.spans.items())
    starts = [start for start, _, _ in spans]
    finder = BytesAhoCorasick(
        wanted, matchkind=MatchKind.Standard, implementation=Implementation.DFA
    )
    folders = set()
    for _, at, stop in finder.find_matches_as_indexes(stored.data, overlapping=True):
        start, end, name = spans[max(bisect_right(starts, at) - 1, 0)]
        if start <= at and stop <= end:  # not in a dead value between two
            folders.add(name)
    return {path for name in folders for path in _files(root, name, stat=False)}


def cache_bytes(index: Index) -> bytes:
    """The bytes of every indexed file, at the offsets its entry gives."""
    try:
        with open(index.cache, "rb") as handle:
            data = handle.read(index.cache_bytes)
    except FileNotFoundError:
        data = b""
    return data + index.pending
