"""Atomic file writes: a reader sees the old file or the new one, never half of one.

Atomic against a killed process (temp file + rename), which is what a re-run recovers from; no
fsync per file, as git does not fsync its objects either: thousands of fsyncs would dominate a
cold ingest.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, text: str, mode: int | None = None) -> None:
    """Write `text` so that readers see the old file or the new one, never half of one.

    The file gets `mode`, else what a new file gets (0o666 less the umask).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        if mode is None:
            mask = os.umask(0)
            os.umask(mask)
            mode = 0o666 & ~mask
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
