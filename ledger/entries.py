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

import marshal
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from ledger.reading import WANTED, Entry, read_all
from ledger.store.paths import SESSIONS

__all__ = ["WANTED", "Entry", "Index", "cache_bytes", "is_current", "links_in", "refresh"]

STATE_VERSION = 3
"""Bump whenever Entry or the cache changes shape: a state of another version is rebuilt."""
INDEX_STATE = "index"
ENTRIES = "entries.bin"
FOLDERS = "folders.bin"
CACHE = "search.txt"
PAGES = "pages.bin"
COMPACT_SHARE = 0.3
"""Rewrite the search cache once this share of it holds replaced or removed files."""
_WIKILINK = re.compile(r"!?\[\[([^\]\[|#^\n]*)(?:[#^][^\]\[|\n]*)?(?:\|[^\]\[\n]*)?\]\]")
_CODE = re.compile(r"^(```|~~~).*?^\1[^\n]*$|(`+)[^\n]*?\2", re.M | re.S)


@dataclass(frozen=True, slots=True)
class Index:
    """Every indexed file, sorted by path, and how to read the search cache."""

    entries: tuple[Entry, ...]
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

    def touched(self) -> tuple[set[str], set[str]]:
        """Paths of the files added, changed or removed since the last run, and the session
        ids those name, before or after."""
        paths = {e.path for e in self.replaced} | self.read
        every = [*self.replaced, *(e for e in self.entries if e.path in self.read)]
        return paths, {e.session_id for e in every}


def links_in(text: str) -> tuple[str, ...]:
    """The targets of the wikilinks in Markdown text, as Obsidian sees them (not in code)."""
    found = _WIKILINK.findall(_CODE.sub("", text) if "`" in text or "~~~" in text else text)
    return tuple(dict.fromkeys(target.strip() for target in found if target.strip()))


@dataclass(slots=True)
class _Stored:
    """The index as the last run left it in `.ledger/index/`."""

    folders: dict[str, int]
    entries: dict[str, list[Entry]]
    """Session folder name → its files' entries."""
    cache_bytes: int = 0
    blobs: dict[str, bytes] = field(default_factory=dict)
    """Session folder name → its entries as saved: what a run that leaves it alone saves again."""


def _load(where: Path) -> _Stored:
    try:
        folders = marshal.loads((where / FOLDERS).read_bytes())
        version, cache_bytes, blobs = marshal.loads((where / ENTRIES).read_bytes())
        if version != STATE_VERSION or folders.get("") != STATE_VERSION:
            raise ValueError("another version")
        if (where / CACHE).stat().st_size < cache_bytes:
            raise ValueError("cache cut short")
    except (OSError, ValueError, EOFError, TypeError):
        return _Stored({}, {})
    make = Entry._make
    entries = {name: list(map(make, marshal.loads(blob))) for name, blob in blobs.items()}
    return _Stored(folders, entries, cache_bytes, blobs)


def _folders(root: Path) -> dict[str, int]:
    """Session folder name → its mtime: what tells a folder's files apart from last time."""
    base = root / SESSIONS
    try:
        listing = os.scandir(base)
    except (FileNotFoundError, NotADirectoryError):
        return {}
    with listing:
        return {e.name: e.stat().st_mtime_ns for e in listing if e.is_dir() and e.name[0] != "."}


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
            if item.name.endswith(".md") and item.name[0] != "." and item.is_file():
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
) -> Index:
    """The index brought up to date with the files; saved in `state` when `save` (lock held).

    When something changed, `derive(index, save)` runs before the folder stamps are saved, so
    whatever it saves is never older than what the stamps vouch for.
    """
    where = state / INDEX_STATE
    stored = _load(where)
    folders = _folders(root)
    fresh = not stored.folders and not stored.entries
    entries: dict[str, list[Entry]] = {}
    to_read: list[tuple[str, int, int]] = []
    gone: list[Entry] = [
        e for name, old in stored.entries.items() if name not in folders for e in old
    ]
    same: set[str] = set()
    for name, mtime in folders.items():
        old = stored.entries.get(name, [])
        if not thorough and stored.folders.get(name) == mtime:
            entries[name] = old
            same.add(name)
            continue
        before = len(to_read), len(gone)
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
        entries[name] = kept
        if (len(to_read), len(gone)) == before and name in stored.entries:
            same.add(name)
    changed = fresh or bool(to_read) or bool(gone) or folders != _without_version(stored.folders)
    index = _settle(
        root, where, stored, (entries, same), sorted(to_read), changed and save, changed
    )
    read = frozenset(path for path, _, _ in to_read)
    index = replace(index, replaced=tuple(gone), read=read, fresh=fresh)
    if changed and derive:
        derive(index, save)
    if changed and save:
        # the folder stamps last: until they are saved, the next run looks at these folders again
        write_bytes_atomic(where / FOLDERS, marshal.dumps({**folders, "": STATE_VERSION}))
    return index


def _without_version(folders: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in folders.items() if k}


def _settle(
    root: Path,
    where: Path,
    stored: _Stored,
    folders: tuple[dict[str, list[Entry]], set[str]],
    to_read: list[tuple[str, int, int]],
    save: bool,
    changed: bool,
) -> Index:
    """Read new files into place after the cache (compacting it when mostly dead), save when
    asked. `folders`: the entries kept per folder, and the folders left as they were."""
    entries, same = folders
    cache = where / CACHE
    kept = [e for group in entries.values() for e in group]
    live = sum(e.end - e.start for e in kept)
    start = stored.cache_bytes
    if save and start - live > COMPACT_SHARE * max(start, 1):
        kept, start = _compact(cache, kept, start, where)
        entries, same = _grouped(kept), set()
    base = start
    placed, pending = read_all(root, to_read, start)
    start += len(pending)
    every = tuple(sorted([*kept, *placed]))
    if save:
        where.mkdir(parents=True, exist_ok=True)
        with open(cache, "r+b" if cache.exists() else "wb") as handle:
            handle.truncate(base)
            handle.seek(base)
            handle.write(pending)
        pending, base = b"", start
        blobs = _blobs(entries, placed, stored.blobs, same)
        write_bytes_atomic(where / ENTRIES, marshal.dumps((STATE_VERSION, start, blobs)))
    return Index(every, cache, base, pending, changed)


def _folder_of(path: str) -> str:
    """The session folder name of `sessions/<folder>/<name>.md`."""
    return path.split("/", 2)[1]


def _grouped(entries: list[Entry]) -> dict[str, list[Entry]]:
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        groups.setdefault(_folder_of(entry.path), []).append(entry)
    return groups


def _blobs(
    entries: dict[str, list[Entry]], placed: list[Entry], old: dict[str, bytes], same: set[str]
) -> dict[str, bytes]:
    """Folder name → its entries, marshalled: those of a folder left as it was are reused
    (marshalling 100,000 entries again is most of what saving them costs)."""
    blobs = {name: old[name] for name in entries if name in same and name in old}
    fresh = {name: list(group) for name, group in entries.items() if name not in blobs}
    for entry in placed:
        fresh.setdefault(_folder_of(entry.path), []).append(entry)
    blobs.update({name: marshal.dumps([tuple(e) for e in group]) for name, group in fresh.items()})
    return blobs


def _compact(cache: Path, kept: list[Entry], size: int, where: Path) -> tuple[list[Entry], int]:
    """Rewrite the cache with only the bytes of files that are still there."""
    with open(cache, "rb") as handle:
        data = handle.read(size)
    pieces: list[bytes] = []
    moved: list[Entry] = []
    start = 0
    for entry in sorted(kept):
        piece = data[entry.start : entry.end]
        moved.append(entry._replace(start=start, end=start + len(piece)))
        pieces.append(piece)
        start += len(piece)
    # the saved offsets no longer hold once the cache moves: a run cut short rebuilds
    (where / FOLDERS).unlink(missing_ok=True)
    write_bytes_atomic(cache, b"".join(pieces))
    return moved, start


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """`data` in `path`, replacing it whole: a reader never sees half of it."""
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temp.write_bytes(data)
    os.replace(temp, path)


def is_current(root: Path, state: Path) -> bool:
    """Whether the saved index matches the session folders (stamps only: cheap)."""
    try:
        saved = marshal.loads((state / INDEX_STATE / FOLDERS).read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return False
    return (
        isinstance(saved, dict)
        and saved.pop("", None) == STATE_VERSION
        and (saved == _folders(root))
    )


def cache_bytes(index: Index) -> bytes:
    """The bytes of every indexed file, at the offsets its entry gives."""
    try:
        with open(index.cache, "rb") as handle:
            data = handle.read(index.cache_bytes)
    except FileNotFoundError:
        data = b""
    return data + index.pending
