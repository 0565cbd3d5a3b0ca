"""Index entries read from the Markdown files of a ledger: the frontmatter of each, parsed by
the fast path for ledger's own shapes (PERF.md), in a second process when there are many."""

from __future__ import annotations

import marshal
import os
import sys
from pathlib import Path
from typing import NamedTuple

from ledger.store.fields import Fields, FieldsError, parse_fields
from ledger.store.frontmatter import split
from ledger.store.paths import SESSION_FILE

PARALLEL_FILES = 20_000
"""From this many files to read on, a second process parses half of them."""


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
    agent_name: str
    """A session's agent name (`/rename`, an `agent-name` record), or empty."""
    methods: tuple[str, ...]
    """A session's engagements' methods and phases, in order, each once."""
    phases: tuple[str, ...]
    continues: str
    """The session id a session continues (a resume, a compaction, a fork), or empty."""
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


def _strings(value: object) -> tuple[str, ...]:
    if isinstance(value, list):
        return tuple(filter(None, value))
    return (value,) if isinstance(value, str) and value else ()


def _text(fields: Fields, key: str) -> str:
    value = fields.get(key)
    return value if isinstance(value, str) else ""


def _int(value: object) -> int:
    try:
        return int(value) if isinstance(value, str) and value else 0
    except ValueError:
        return 0


def _tokens(fields: Fields, old: dict[str, str]) -> tuple[int, int, int, int]:
    """Input, output, cache reads and writes: the flat keys, else the map ledgers wrote before."""
    pairs = zip(TOKEN_KEYS, TOKEN_PARTS, strict=True)
    found = [_int(fields.get(key, old.get(part))) for key, part in pairs]
    return found[0], found[1], found[2], found[3]


_SHARED = sys.intern
TOKEN_PARTS = ("input", "output", "cache_read", "cache_creation")
TOKEN_KEYS = tuple(f"tokens_{part}" for part in TOKEN_PARTS)
"""`_session.md` keeps its token counts flat, one key each."""
WANTED = frozenset(
    ("type", "id", "kind", "title", "status", "date", "started", "session_id", "project", "agent",
     "tags", "supersedes", "superseded_by", "references", "files_touched", "tokens", "ghost",
     "agent_name", "methods", "phases", "continues", *TOKEN_KEYS)
)  # fmt: skip
"""The frontmatter keys the index keeps; the others are not even parsed."""


def _frontmatter(data: bytes) -> str | None:
    """The YAML between a file's opening `---` fences, or None when it has none."""
    head = data.replace(b"\r\n", b"\n") if data.startswith(b"---\r\n") else data
    parts = split(head[: head.find(b"\n---\n", 3) + 5].decode("utf-8", "replace"))
    return parts[0] if parts else None


def _entry(path: str, size: int, mtime_ns: int, data: bytes, start: int) -> Entry:
    """The entry of one file from its bytes, placed at `start` in the search cache."""
    yaml = _frontmatter(data)
    fields: Fields = {}
    problem = "" if yaml is not None else "no frontmatter"
    if yaml is not None:
        try:
            fields = parse_fields(yaml, WANTED)
        except FieldsError as error:
            problem = str(error)
    get = fields.get
    name = path.rsplit("/", 1)[-1]
    is_session = get("type") == "session" or (name == SESSION_FILE and not problem)
    kind = "session" if is_session else _text(fields, "kind")
    tokens = get("tokens")  # a map, as ledgers wrote it before `tokens_input` and the like
    counts = tokens if isinstance(tokens, dict) else {}
    title = get("title")
    return Entry(
        path,
        size,
        mtime_ns,
        _SHARED("session" if is_session else "finding" if kind else "note"),
        _text(fields, "session_id" if is_session else "id"),
        _SHARED(kind or "note"),
        title if isinstance(title, str) and title else name[:-3],
        _SHARED(_text(fields, "status")),
        _SHARED(_text(fields, "date")[:10]),
        _text(fields, "started"),
        _SHARED(_text(fields, "session_id")),
        _SHARED(_text(fields, "project")),
        _SHARED(_text(fields, "agent")),
        tuple(_SHARED(t.lstrip("#")) for t in _strings(get("tags"))),
        _strings(get("supersedes")),
        _strings(get("superseded_by")),
        _strings(get("references")),
        _strings(get("files_touched")),
        _tokens(fields, counts),
        _text(fields, "ghost") == "true",
        _text(fields, "agent_name"),
        tuple(map(_SHARED, _strings(get("methods")))),
        tuple(map(_SHARED, _strings(get("phases")))),
        _text(fields, "continues"),
        problem,
        start,
        start + len(data),
    )


def read_entries(
    root: Path, items: list[tuple[str, int, int]], start: int
) -> tuple[list[Entry], bytes]:
    """The entries of files, placed one after another in the search cache from `start`, and
    their bytes joined (each ending with a newline)."""
    entries: list[Entry] = []
    pieces: list[bytes] = []
    for path, size, mtime_ns in items:
        data, size, mtime_ns = _read_file(f"{root}/{path}", size, mtime_ns)
        if not data.endswith(b"\n"):
            data += b"\n"
        entries.append(_entry(path, size, mtime_ns, data, start))
        pieces.append(data)
        start += len(data)
    return entries, b"".join(pieces)


def _read_file(path: str, size: int, mtime_ns: int) -> tuple[bytes, int, int]:
    """A file's bytes in as few system calls as can be (no isatty: they add up over 100,000
    files), and its size and mtime, asked of the file only when not given (negative): a read
    shorter than asked for is the end of a regular file."""
    handle = os.open(path, os.O_RDONLY)
    try:
        if size < 0:
            info = os.fstat(handle)
            size, mtime_ns = info.st_size, info.st_mtime_ns
        wanted = size + 4096
        data = os.read(handle, wanted)
        if len(data) == wanted:  # grown since it was listed: read on to the end
            data += b"".join(iter(lambda: os.read(handle, 1 << 20), b""))
        return data, size, mtime_ns
    finally:
        os.close(handle)


def read_all(
    root: Path, items: list[tuple[str, int, int]], start: int
) -> tuple[list[Entry], bytes]:
    """`read_entries`, the second half in a second process when there are enough files: parsing
    is what costs, and the half comes back as one blob (cheap to pass) placed after the first."""
    if len(items) < PARALLEL_FILES or (os.cpu_count() or 1) < 2:
        return read_entries(root, items, start)
    from concurrent.futures import ProcessPoolExecutor  # imported only when it pays

    half = len(items) // 2
    with ProcessPoolExecutor(max_workers=1) as pool:
        later = pool.submit(_read_rows, root, items[half:])
        first, data = read_entries(root, items[:half], start)
        rows, rest = later.result()
    shift = start + len(data)
    make = Entry._make
    moved = [make((*row[:-2], row[-2] + shift, row[-1] + shift)) for row in marshal.loads(rows)]
    return [*first, *moved], data + rest


def _read_rows(root: Path, items: list[tuple[str, int, int]]) -> tuple[bytes, bytes]:
    """`read_entries` from 0 in a second process: its entries as marshalled rows (much quicker
    to pass back than pickled entries) and its bytes."""
    entries, data = read_entries(root, items, 0)
    return marshal.dumps([tuple(e) for e in entries]), data
