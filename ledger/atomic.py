"""Atomic file writes: a reader sees the old file or the new one, never half of one.

Atomic against a killed process (temp file + rename), which is what a re-run recovers from; no
fsync per file, as git does not fsync its objects either: thousands of fsyncs would dominate a
cold ingest. Shared by every stage, and by redaction's cache outside any ledger.
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path


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
