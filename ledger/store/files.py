"""Atomic file writes: a reader sees the old file or the new one, never half of one.

Atomic against a killed process (temp file + rename), which is what a re-run recovers from; no
fsync per file, as git does not fsync its objects either: thousands of fsyncs would dominate a
cold ingest.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Iterable
from pathlib import Path

from ledger.errors import LedgerError
from ledger.store.paths import PAGES_DIR, SESSIONS


def write_atomic(path: Path, text: str, mode: int | None = None) -> None:
    """Write `text` so that readers see the old file or the new one, never half of one.

    The file gets `mode`, else what a new file gets (0o666 less the umask).
    """
    write_bytes_atomic(path, text.encode("utf-8"), mode)


_written = itertools.count()


def write_bytes_atomic(path: Path, data: bytes, mode: int | None = None) -> None:
    """`write_atomic` for bytes: a temporary file beside `path` (named by this process and a
    counter, created exclusively), then renamed over it. Its folders are made only when the
    first attempt finds them missing: a cold ingest writes thousands of files, and a mkdir,
    a umask and a chmod each were two thirds of the cost of one."""
    folder = path.parent
    while True:
        temp = folder / f".{path.name}.{os.getpid()}.{next(_written)}.tmp"
        try:
            handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o666)
            break
        except FileExistsError:
            continue  # left by a killed process of the same pid: the sweep removes it
        except FileNotFoundError:
            folder.mkdir(parents=True, exist_ok=True)
    try:
        if mode is not None:
            os.fchmod(handle, mode)
        view = memoryview(data)
        while view:  # one write of a regular file may take only part of it
            view = view[os.write(handle, view) :]
        os.close(handle)
        handle = -1
        os.replace(temp, path)
    except BaseException:
        if handle >= 0:
            os.close(handle)
        temp.unlink(missing_ok=True)
        raise


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


TEMPORARY = ".*.tmp"
"""What `write_atomic` leaves behind when it is killed between writing and renaming."""
STALE_SECONDS = 60.0
"""A temporary file this old belongs to no live write (one lasts milliseconds)."""


def sweep_temporary(folders: Iterable[Path], now: float | None = None) -> int:
    """Remove the temporary files killed writes left in `folders` (not below them); how many."""
    now = time.time() if now is None else now
    removed = 0
    for folder in folders:
        for leftover in folder.glob(TEMPORARY):
            try:
                if now - leftover.lstat().st_mtime >= STALE_SECONDS and leftover.is_file():
                    leftover.unlink()
                    removed += 1
            except OSError:
                continue  # gone already, or not ours to remove: the next run tries again
    return removed


def refuse_escaping_links(root: Path) -> None:
    """Stop, naming it, at a symbolic link where ledger writes (`sessions/`, a session folder,
    `index/` and its folders) that leads out of the ledger: ledger never writes through one."""
    link = _escaping_link(root, (SESSIONS, PAGES_DIR))
    if link is not None:
        raise LedgerError(
            f"{link} is a symbolic link leading out of the ledger (to {link.resolve()})",
            "replace it with a folder: ledger never writes outside the ledger",
        )


def _escaping_link(root: Path, folders: Iterable[str]) -> Path | None:
    """The first of `folders` (relative to `root`), or of the folders directly in them, that is
    a symbolic link leading out of `root`."""
    base = root.resolve()
    for name in folders:
        folder = root / name
        candidates = [folder]
        if folder.is_dir():
            with os.scandir(folder) as listing:
                candidates += [Path(e.path) for e in listing if e.is_symlink()]
        for candidate in candidates:
            if candidate.is_symlink() and not candidate.resolve().is_relative_to(base):
                return candidate
    return None
