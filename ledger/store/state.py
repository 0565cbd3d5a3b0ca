"""The ledger's local state: a lock, the scan cache, and what is already in the ledger.

Everything here is a speed-up or a guard, never the truth: deleting `.ledger/` changes no result.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import stat
import threading
from array import array
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ledger.atomic import write_atomic, write_bytes_atomic
from ledger.errors import LedgerError
from ledger.parallel import halved
from ledger.store import flock
from ledger.store.paths import SESSION_FILE, SESSIONS
from ledger.transcripts.discover import open_regular

if TYPE_CHECKING:
    from ledger.transcripts.discover import KnownParents, Stamp

LOCK_WAIT_SECONDS = 600.0
"""How long a run waits for another to finish: a cold ingest of a large backlog takes minutes."""
SCAN_CACHE = "scan.json"
RECORDS = "records.bin"
"""The scan cache's `records`, one per session folder: marshalled (as JSON, saving 100,000 of
them cost a second)."""
CACHE_VERSION = 3
RECORDS_VERSION = 4
"""Of `records.bin`: bumped apart from the scan cache's (a new shape of record reads the records
again, not every transcript)."""
Record = tuple[int, str, str, str]
"""A session folder's stamp, and its `_session.md`'s session id, content hash and extractors."""
JOURNAL = "pending"
"""The journal of a run in progress (`store.journal`)."""
LOCK = "lock"
_CHUNK = 1024 * 1024
HEAD_BYTES = 2048
"""Enough of a `_session.md` to read its id, content hash and extractors (its first keys)."""


_held = threading.local()
"""The locks this thread holds: a step that takes the lock inside another that holds it (the
ingest `ledger sync` runs after settling) goes on; another thread or process waits."""


@contextmanager
def locked(state: Path, wait: bool = True, timeout: float = LOCK_WAIT_SECONDS) -> Iterator[None]:
    """Hold the ledger's lock: concurrent runs serialise here, waiting up to `timeout` seconds."""
    state.mkdir(parents=True, exist_ok=True)
    path = state / LOCK
    mine: set[Path] = _held.__dict__.setdefault("paths", set())
    if path in mine:
        yield
        return
    with flock.hold(path, timeout if wait else 0) as held:
        if not held:
            raise LedgerError("another ledger run holds the lock", "try again when it has finished")
        mine.add(path)
        try:
            yield
        finally:
            mine.discard(path)


def content_hash(paths: tuple[str, ...]) -> str:
    """A digest of the bytes of a transcript and its sub-agent files, in the order given.

    SHA-256, cut to 128 bits: CPUs hash it in hardware (2.4x BLAKE2b's speed on this project's
    benchmark machine), and a cold ingest hashes every byte it reads."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(os.fsencode(os.path.basename(path)) + b"\0")  # any file name
        with open_regular(path) as handle:  # never blocks on a FIFO swapped in
            while chunk := handle.read(_CHUNK):
                digest.update(chunk)
    return digest.hexdigest()[:32]


class ScanCache:
    """In `.ledger/`: what earlier runs learnt about files whose stamp (size, mtime) has not moved.

    - `files`: transcript path → (stamps of it and its sub-agent files, their content hash),
    - `not_sessions`: content hash → why that content is not a session (so it is not read again),
    - `parents`: sibling sub-agent file → its session (see `discover`),
    - `records`: session folder name → its `Record` (what `sessions_in_ledger` reads from its
      `_session.md`, and the folder's stamp then),
    - `reported`: the files passed over (no session in them) that a run has listed already.
    """

    def __init__(self, state: Path) -> None:
        self.path = state / SCAN_CACHE
        self.entries: dict[str, list[Any]] = {}
        self.not_sessions: dict[str, str] = {}
        self.parents: KnownParents = {}
        self.records: dict[str, Record] = {}
        self.reported: set[str] = set()
        self._loaded: object = None
        try:
            self._loaded = loaded = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(loaded, dict) and loaded.get("version") == CACHE_VERSION:
                self.entries = dict(loaded["files"])
                self.not_sessions = dict(loaded["not_sessions"])
                self.parents = {k: (tuple(v[0]), v[1]) for k, v in loaded["parents"].items()}
                self.reported = set(loaded.get("reported", ()))
        except (OSError, ValueError, TypeError, KeyError, IndexError):
            self.entries, self.not_sessions, self.parents = {}, {}, {}
        self._records_path = state / RECORDS
        self._loaded_records: dict[str, Record] = {}
        try:
            version, records = marshal.loads(self._records_path.read_bytes())
            if version == CACHE_VERSION and isinstance(records, dict):
                # before version 4, [stamp, fields]: converted (reading 100,000 `_session.md`
                # again took 50 s here), and saved in the new shape by the next save
                self.records = {name: _as_record(*old) for name, old in records.items()}
            elif version == RECORDS_VERSION and isinstance(records, dict):
                self.records, self._loaded_records = records, dict(records)
        except (OSError, ValueError, TypeError, EOFError, AttributeError):
            pass

    def hash_of(self, files: tuple[str, ...], stamps: tuple[Stamp, ...]) -> str:
        """The content hash of `files`, from the cache when their `stamps` have not moved."""
        digest = self.known_hash(files, stamps) or content_hash(files)
        self.remember(files, stamps, digest)
        return digest

    def known_hash(self, files: tuple[str, ...], stamps: tuple[Stamp, ...]) -> str | None:
        """The cached content hash of `files`, if their `stamps` have not moved."""
        cached = self.entries.get(files[0])
        if cached and cached[0] == [list(s) for s in stamps] and isinstance(cached[1], str):
            return cached[1]
        return None

    def remember(self, files: tuple[str, ...], stamps: tuple[Stamp, ...], digest: str) -> None:
        self.entries[files[0]] = [[list(s) for s in stamps], digest]

    def save(self) -> None:
        """Write the cache back, unless this run learnt nothing new."""
        data = {
            "version": CACHE_VERSION,
            "files": self.entries,
            "not_sessions": self.not_sessions,
            "parents": {k: [list(stamp), v] for k, (stamp, v) in self.parents.items()},
            "reported": sorted(self.reported),
        }
        if data != self._loaded:
            write_atomic(self.path, json.dumps(data, sort_keys=True) + "\n")
        if self.records != self._loaded_records:
            write_bytes_atomic(self._records_path, marshal.dumps((RECORDS_VERSION, self.records)))


class InLedger(NamedTuple):
    """A session already in the ledger, as its `_session.md` records it (a tuple: 100,000 are
    made at each run)."""

    folder: str
    content_hash: str
    extractors: str


_CACHE_KEYS = ("session_id", "content_hash", "extractors")


def _leading_fields(head: str) -> dict[str, str]:
    """The cache keys that open a `_session.md`'s frontmatter, read without a YAML parser."""
    fields: dict[str, str] = {}
    for line in head.split("\n", 8)[1:8]:
        key, _, value = line.partition(": ")
        if key in _CACHE_KEYS:
            fields[key] = value.strip().strip('"')
    return fields


PARALLEL_FOLDERS = 20_000
"""From this many session folders on (Linux), a forked process stats half of them: a stat is a
system call (7 µs on the project's benchmark machine), and two cores halve them."""


class Folders(dict[str, int]):
    """Session folder name → its mtime, as `folder_stamps` found them; and `listed`, the mtime
    `sessions/` had before it was listed (-1: not known)."""

    listed = -1


def folder_stamps(root: Path) -> Folders:
    """Session folder name → its mtime: what tells a folder's files apart from last time (a
    folder's mtime moves whenever a file in it is created, removed or replaced, which is how
    ledger, git and most editors write). So does that of `sessions/` when a folder comes or
    goes: kept as `listed`, it spares the next check a listing."""
    base = root / SESSIONS
    found = Folders()
    try:
        listed = os.stat(base).st_mtime_ns
        with os.scandir(base) as listing:
            names = [e.name for e in listing if e.name[0] != "." and e.is_dir()]
    except (FileNotFoundError, NotADirectoryError):
        return found
    times = _stamps_of(base, names)
    found.update((name, mtime) for name, mtime in zip(names, times, strict=True) if mtime >= 0)
    found.listed = listed
    return found


def relisted(root: Path, folders: dict[str, int]) -> dict[str, int]:
    """`folders` (stamps taken at other times) as a `Folders` whose `listed` is the mtime of
    `sessions/` now, when a listing of it taken after that names exactly them; else as given."""
    base = root / SESSIONS
    try:
        listed = os.stat(base).st_mtime_ns
        names = {name for name in os.listdir(base) if name[0] != "."}  # a file there: -1
    except OSError:
        return folders
    if names != folders.keys():
        return folders
    found = Folders(folders)
    found.listed = listed
    return found


def stamps_dict(names: list[str], stamps: bytes) -> dict[str, int]:
    """Folder stamps saved as names and an `array("q")`'s bytes, as `folder_stamps` gives them."""
    return dict(zip(names, array("q", stamps), strict=True))


def stamps_hold(
    root: Path, names: list[str], stamps: bytes, listed: int, part: tuple[int, int] = (0, 1)
) -> bool:
    """Whether `folder_stamps(root)` would give `names` with the mtimes in `stamps` (an
    `array("q")`'s bytes, in the order of `names`), without building it: the mtime of
    `sessions/` compared to `listed` (its `Folders.listed`), else a listing compared as a set;
    and the stats compared as one array (at 100,000 folders the dict, built and compared, cost
    0.1 s more; the listing costs 0.06 s).

    `part` (k, n) checks the k-th of n shares of the folders, and the listing with the first:
    the shares can be checked by processes of their own (as one, half of the stats are done by
    a forked process when the folders are many)."""
    base = root / SESSIONS
    share, shares = part
    if share == 0 and not _listed_as(base, listed):
        try:
            entries = {name for name in os.listdir(base) if name[0] != "."}
        except (FileNotFoundError, NotADirectoryError):
            return not names
        if len(entries) != len(names) or not entries.issuperset(names):
            # a folder added or removed, or a file beside the folders: what they say, compared
            return folder_stamps(root) == stamps_dict(names, stamps)
    if shares == 1:
        return array("q", _stamps_of(base, names)).tobytes() == stamps
    start, stop = (len(names) * k // shares for k in (share, share + 1))
    size = array("q").itemsize
    found = array("q", _mtimes(base, names[start:stop])).tobytes()
    return found == stamps[start * size : stop * size]


def _listed_as(base: Path, listed: int) -> bool:
    """Whether the folder `base` holds the entries it held when its mtime was `listed`."""
    try:
        return listed >= 0 and os.stat(base).st_mtime_ns == listed
    except OSError:
        return False


def _stamps_of(base: Path, names: list[str]) -> list[int]:
    """`_mtimes` of the folders, half of them in a forked process when they are many."""
    return halved(partial(_mtimes, base), names, PARALLEL_FOLDERS)


def _mtimes(base: Path, names: Sequence[str]) -> list[int]:
    """The mtime of each folder in `base` (-1 for one gone meanwhile), each looked up from
    `base`'s descriptor rather than from the root (100,000 stats: 0.6 → 0.53 s here)."""
    times = []
    try:
        where = os.open(base, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return [-1] * len(names)
    try:
        for name in names:
            try:
                times.append(os.stat(name, dir_fd=where).st_mtime_ns)
            except OSError:
                times.append(-1)
    finally:
        os.close(where)
    return times


def sessions_in_ledger(
    root: Path, cache: ScanCache, folders: dict[str, int]
) -> dict[str, InLedger]:
    """session_id → what the ledger holds for it, from each `_session.md`'s first lines (two
    folders recording one session: the last by name, on any machine).

    `folders` are the `folder_stamps` of the ledger: the record of a folder whose stamp has not
    moved since the last run is not looked at again (at 100,000 sessions, a stat each cost more
    than the rest of a run). The cache's records are updated in place: most stay as they are."""
    records = cache.records
    for gone in records.keys() - folders.keys():
        del records[gone]
    get = records.get
    stale = [(name, stamp) for name, stamp in folders.items() if (get(name) or (-1,))[0] != stamp]
    for (name, _), read in zip(stale, _records(os.path.join(root, SESSIONS), stale), strict=True):
        if read is None:
            records.pop(name, None)
        else:
            records[name] = read
    found: dict[str, InLedger] = {}
    for name, (_, session_id, content_hash, extractors) in records.items():
        if session_id:
            folder = f"{SESSIONS}/{name}"
            other = found.get(session_id)
            if other is None or other.folder < folder:
                found[session_id] = InLedger(folder, content_hash, extractors)
    return found


def _records(base: str, folders: list[tuple[str, int]]) -> list[Record | None]:
    """The records of `folders` (name, stamp) in `base`, half of them read by a forked process
    when there are many (the first run in a fresh clone of 100,000 sessions: 2.7 → 1.7 s)."""

    def read(part: Sequence[tuple[str, int]]) -> list[Record | None]:
        return [_record(f"{base}/{name}/{SESSION_FILE}", stamp) for name, stamp in part]

    return halved(read, folders, PARALLEL_FOLDERS)


def _record(path: str, stamp: int) -> Record | None:
    """The record of one `_session.md`; None when it is not a regular file (a FIFO or a device
    planted there would block the run, or never end)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
    except OSError:
        return None
    return _as_record(stamp, record_fields(path))


def _as_record(stamp: int, fields: dict[str, str]) -> Record:
    get = fields.get
    return stamp, get("session_id", ""), get("content_hash", ""), get("extractors", "")


def record_fields(record: str | Path) -> dict[str, str]:
    """The leading fields of a `_session.md` (session id, content hash, extractors)."""
    with open(record, encoding="utf-8", errors="replace") as handle:
        return _leading_fields(handle.read(HEAD_BYTES))


def remember_records(root: Path, cache: ScanCache, folders: Iterable[str]) -> None:
    """Stamp the records of `folders` (relative to the ledger) that this run wrote, so that the
    next run need not open them; the others' stamps are as the run found them."""
    for folder in folders:
        try:
            stamp = os.stat(os.path.join(root, folder)).st_mtime_ns
        except OSError:
            continue
        if (record := _record(os.path.join(root, folder, SESSION_FILE), stamp)) is not None:
            cache.records[folder.rsplit("/", 1)[-1]] = record
