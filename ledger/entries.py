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
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from ledger.store.fields import Fields, FieldsError, parse_fields
from ledger.store.frontmatter import split
from ledger.store.paths import SESSION_FILE, SESSIONS

STATE_VERSION = 2
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


class Entry(NamedTuple):
    """One indexed file: what its frontmatter says, and where its text sits in the cache."""

    path: str
    """Relative to the ledger root, posix: `sessions/<folder>/<name>.md`."""
    size: int
    mtime_ns: int
    type: str
    """`finding`, `session`, or `note` (a Markdown file that is neither)."""
    id: str
    """A finding's id; a session's session_id."""
    kind: str
    """A finding's kind; `session` for a session's record, `note` for other files."""
    title: str
    status: str
    date: str
    started: str
    session_id: str
    project: str
    agent: str
    tags: tuple[str, ...]
    supersedes: tuple[str, ...]
    superseded_by: tuple[str, ...]
    references: tuple[str, ...]
    files: tuple[str, ...]
    """A session's files touched."""
    tokens: tuple[int, int, int, int]
    ghost: bool
    problem: str
    """Why the frontmatter could not be read; empty when it could."""
    start: int
    end: int
    """Where the file's bytes sit in the search cache."""

    @property
    def link(self) -> str:
        """The wikilink target of the file: its path without `.md`."""
        return self.path[:-3]

    @property
    def folder(self) -> str:
        return self.path.rsplit("/", 1)[0]


@dataclass(frozen=True, slots=True)
class Index:
    """Every indexed file, sorted by path, and how to read the search cache."""

    entries: tuple[Entry, ...]
    cache: Path
    cache_bytes: int
    pending: bytes
    """Files not yet in the cache file (the lock was busy): they follow its `cache_bytes`."""
    changed: bool


def _strings(value: object) -> tuple[str, ...]:
    if isinstance(value, list):
        return tuple(v for v in value if v)
    return (value,) if isinstance(value, str) and value else ()


def _text(fields: Fields, key: str) -> str:
    value = fields.get(key)
    return value if isinstance(value, str) else ""


def _int(value: str | None) -> int:
    try:
        return int(value or 0)
    except ValueError:
        return 0


def links_in(text: str) -> tuple[str, ...]:
    """The targets of the wikilinks in Markdown text, as Obsidian sees them (not in code)."""
    found = _WIKILINK.findall(_CODE.sub("", text) if "`" in text or "~~~" in text else text)
    return tuple(dict.fromkeys(target.strip() for target in found if target.strip()))


_SHARED = sys.intern
WANTED = frozenset(
    ("type", "id", "kind", "title", "status", "date", "started", "session_id", "project", "agent",
     "tags", "supersedes", "superseded_by", "references", "files_touched", "tokens", "ghost")
)  # fmt: skip
"""The frontmatter keys the index keeps; the others are not even parsed."""


def _frontmatter(data: bytes) -> str | None:
    """The YAML between a file's opening `---` fences, or None when it has none."""
    head = data.replace(b"\r\n", b"\n") if data.startswith(b"---\r\n") else data
    parts = split(head[: head.find(b"\n---\n", 3) + 5].decode("utf-8", "replace"))
    return parts[0] if parts else None


def _read_entry(root: Path, path: str, size: int, mtime_ns: int) -> tuple[Entry, bytes]:
    """The entry of one file and its bytes (its offsets are filled in by the caller)."""
    with open(f"{root}/{path}", "rb") as handle:
        data = handle.read()
    yaml = _frontmatter(data)
    fields: Fields = {}
    problem = "" if yaml is not None else "no frontmatter"
    if yaml is not None:
        try:
            fields = parse_fields(yaml, WANTED)
        except FieldsError as error:
            problem = str(error)
    name = path.rsplit("/", 1)[-1]
    is_session = fields.get("type") == "session" or (name == SESSION_FILE and not problem)
    kind = "session" if is_session else _text(fields, "kind")
    tokens = fields.get("tokens")
    counts = tokens if isinstance(tokens, dict) else {}
    entry = Entry(
        path=path,
        size=size,
        mtime_ns=mtime_ns,
        type=_SHARED("session" if is_session else "finding" if kind else "note"),
        id=_text(fields, "session_id" if is_session else "id"),
        kind=_SHARED(kind or "note"),
        title=_text(fields, "title") or name[:-3],
        status=_SHARED(_text(fields, "status")),
        date=_SHARED(_text(fields, "date")[:10]),
        started=_text(fields, "started"),
        session_id=_SHARED(_text(fields, "session_id")),
        project=_SHARED(_text(fields, "project")),
        agent=_SHARED(_text(fields, "agent")),
        tags=tuple(_SHARED(t.lstrip("#")) for t in _strings(fields.get("tags"))),
        supersedes=_strings(fields.get("supersedes")),
        superseded_by=_strings(fields.get("superseded_by")),
        references=_strings(fields.get("references")),
        files=_strings(fields.get("files_touched")),
        tokens=tuple(  # type: ignore[arg-type]
            _int(counts.get(k)) for k in ("input", "output", "cache_read", "cache_creation")
        ),
        ghost=_text(fields, "ghost") == "true",
        problem=problem,
        start=0,
        end=0,
    )
    return entry, data


@dataclass(slots=True)
class _Stored:
    """The index as the last run left it in `.ledger/index/`."""

    folders: dict[str, int]
    entries: dict[str, list[Entry]]
    """Session folder name → its files' entries."""
    cache_bytes: int = 0


def _load(where: Path) -> _Stored:
    try:
        folders = marshal.loads((where / FOLDERS).read_bytes())
        version, cache_bytes, rows = marshal.loads((where / ENTRIES).read_bytes())
        if version != STATE_VERSION or folders.get("") != STATE_VERSION:
            raise ValueError("another version")
        if (where / CACHE).stat().st_size < cache_bytes:
            raise ValueError("cache cut short")
    except (OSError, ValueError, EOFError, TypeError):
        return _Stored({}, {})
    entries: dict[str, list[Entry]] = {}
    for row in rows:
        entry = Entry._make(row)
        entries.setdefault(entry.folder.rsplit("/", 1)[-1], []).append(entry)
    return _Stored(folders, entries, cache_bytes)


def _folders(root: Path) -> dict[str, int]:
    """Session folder name → its mtime: what tells a folder's files apart from last time."""
    base = root / SESSIONS
    try:
        listing = os.scandir(base)
    except (FileNotFoundError, NotADirectoryError):
        return {}
    with listing:
        return {e.name: e.stat().st_mtime_ns for e in listing if e.is_dir() and e.name[0] != "."}


def _files(root: Path, folder: str) -> dict[str, tuple[int, int]]:
    """`sessions/<folder>/<name>.md` → (size, mtime_ns) of the Markdown files in a folder."""
    found: dict[str, tuple[int, int]] = {}
    try:
        listing = os.scandir(root / SESSIONS / folder)
    except (FileNotFoundError, NotADirectoryError):
        return found
    with listing:
        for item in listing:
            if item.name.endswith(".md") and item.name[0] != "." and item.is_file():
                info = item.stat()
                found[f"{SESSIONS}/{folder}/{item.name}"] = (info.st_size, info.st_mtime_ns)
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
    removed = sum(1 for name in stored.entries if name not in folders)
    for name, mtime in folders.items():
        old = stored.entries.get(name, [])
        if not thorough and stored.folders.get(name) == mtime:
            entries[name] = old
            continue
        known = {e.path: e for e in old}
        kept: list[Entry] = []
        for path, (size, mtime_ns) in _files(root, name).items():
            entry = known.pop(path, None)
            if entry and entry.size == size and entry.mtime_ns == mtime_ns:
                kept.append(entry)
            else:
                to_read.append((path, size, mtime_ns))
                removed += entry is not None
        removed += len(known)
        entries[name] = kept
    # one process: a second one costs more in passing 100 MB of text back than it saves (measured)
    added = [_read_entry(root, *item) for item in sorted(to_read)]
    changed = fresh or bool(added) or removed > 0 or folders != _without_version(stored.folders)
    index = _settle(where, stored, entries, added, changed and save, changed)
    if changed and derive:
        derive(index, save)
    if changed and save:
        # the folder stamps last: until they are saved, the next run looks at these folders again
        write_bytes_atomic(where / FOLDERS, marshal.dumps({**folders, "": STATE_VERSION}))
    return index


def _without_version(folders: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in folders.items() if k}


def _settle(
    where: Path,
    stored: _Stored,
    entries: dict[str, list[Entry]],
    added: list[tuple[Entry, bytes]],
    save: bool,
    changed: bool,
) -> Index:
    """Place new files after the cache (compacting it when mostly dead), save when asked."""
    cache = where / CACHE
    kept = [e for group in entries.values() for e in group]
    live = sum(e.end - e.start for e in kept)
    start = stored.cache_bytes
    if save and start - live > COMPACT_SHARE * max(start, 1):
        kept, start = _compact(cache, kept, start, where)
    base = start
    pieces: list[bytes] = []
    placed: list[Entry] = []
    for entry, data in added:
        if not data.endswith(b"\n"):
            data += b"\n"
        placed.append(entry._replace(start=start, end=start + len(data)))
        pieces.append(data)
        start += len(data)
    pending = b"".join(pieces)
    every = tuple(sorted([*kept, *placed]))
    if save:
        where.mkdir(parents=True, exist_ok=True)
        with open(cache, "r+b" if cache.exists() else "wb") as handle:
            handle.truncate(base)
            handle.seek(base)
            handle.write(pending)
        pending, base = b"", start
        rows = [tuple(e) for e in every]
        write_bytes_atomic(where / ENTRIES, marshal.dumps((STATE_VERSION, start, rows)))
    return Index(every, cache, base, pending, changed)


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
