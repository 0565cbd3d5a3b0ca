"""Which session a session continues: a Claude Code resume or compaction continuation, found
from the leading `summary` records of its file, whose `leafUuid` names the last record of the
conversation it picks up (SPEC §2.2).

Claude Code writes that record into the new file; the earlier conversation is another file of
the same project folder, ending with the record the leaf names. Only the ends of the few most
recent earlier files are read, so a resumed session costs a few reads, whatever the folder holds.
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from pathlib import Path

TAIL_BYTES = 64 * 1024
"""How much of the end of an earlier file is read: its last records, where a leaf points."""
CANDIDATES = 20
"""How many of the most recent earlier files of the folder are looked at."""
_UUID_KEY = b'"uuid":'
_UUID = re.compile(rb'"uuid":\s*"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"')
_SESSION_FILE = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jsonl")


def continued_session(path: Path, leaves: Collection[str]) -> str | None:
    """The id of the session whose file ends with one of `leaves`, among the files beside
    `path` written before it; None when none does."""
    if not leaves:
        return None
    wanted = {leaf.encode() for leaf in leaves}
    for candidate in _earlier_files(path):
        try:
            with open(candidate, "rb") as handle:
                handle.seek(max(0, os.fstat(handle.fileno()).st_size - TAIL_BYTES))
                tail = handle.read(TAIL_BYTES)
        except OSError:
            continue
        if not wanted.isdisjoint(_record_uuids(tail)):
            return Path(candidate).stem
    return None


def _record_uuids(tail: bytes) -> Iterator[bytes]:
    """The records' `uuid`s in `tail`, as `_UUID.findall` finds them, but found by jumping from
    one `"uuid":` to the next with `bytes.find`: the regex engine would stop at every quote."""
    at = tail.find(_UUID_KEY)
    while at >= 0:
        match = _UUID.match(tail, at)
        if match:
            yield match.group(1)
        at = tail.find(_UUID_KEY, match.end() if match else at + 1)


def _earlier_files(path: Path) -> list[str]:
    """The session files beside `path` last written before it, most recent first."""
    try:
        mine = path.stat().st_mtime_ns
        entries = _session_files(str(path.parent))
    except OSError:
        return []
    earlier = [(t, name) for t, name in entries if t <= mine and name != str(path)]
    return [name for _, name in earlier[:CANDIDATES]]


_kept: dict[str, list[tuple[int, str]]] | None = None
"""The folders listed so far, while `listings_kept` holds them (else none is kept)."""


@contextmanager
def listings_kept() -> Iterator[None]:
    """Each folder listed once for the reads done meanwhile: a batch of a first ingest reads
    many resumed sessions of one project folder, and listing it (a stat per file) for each was
    2 % of reading them. Folders written to meanwhile are seen as they were listed."""
    global _kept
    _kept = {}
    try:
        yield
    finally:
        _kept = None


def _session_files(folder: str) -> list[tuple[int, str]]:
    """(mtime, path) of a folder's session files, most recent first."""
    if _kept is not None and folder in _kept:
        return _kept[folder]
    with os.scandir(folder) as listing:
        entries = sorted(
            (
                (entry.stat().st_mtime_ns, entry.path)
                for entry in listing
                if _SESSION_FILE.fullmatch(entry.name) and entry.is_file(follow_symlinks=False)
            ),
            reverse=True,
        )
    if _kept is not None:
        _kept[folder] = entries
    return entries
