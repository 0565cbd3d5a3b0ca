"""Marshalled values one after another in a file, found by the spans a header keeps.

An update appends the values it changed and leaves the others where they are, so a large state
is neither decoded nor written whole; the file is rewritten once most of it is dead. A run cut
short leaves bytes past the end its header knows of: the next run cuts them off.
"""

from __future__ import annotations

import mmap
import os
from pathlib import Path

Spans = dict[str, tuple[int, int]]
"""Key → (offset, length) of its value in the file."""


def mapped(path: Path, size: int) -> bytes | mmap.mmap:
    """The first `size` bytes of a file, mapped rather than read (only what is used is read)."""
    if size == 0:
        return b""
    with open(path, "rb") as handle:
        if os.fstat(handle.fileno()).st_size < size:
            raise ValueError(f"{path} is cut short")
        return mmap.mmap(handle.fileno(), size, access=mmap.ACCESS_READ)


def save_blobs(
    path: Path, data: bytes | mmap.mmap, kept: Spans, fresh: dict[str, bytes], header: Path
) -> tuple[Spans, int]:
    """Append the `fresh` values after `data` (the file as its header knew it), the `kept` ones
    staying where they are; or, when most of the file would be dead, rewrite it with only these
    (the `header` pointing into it is deleted first: a run cut short then starts over). The
    spans of every value, and the file's length."""
    live = sum(length for _, length in kept.values()) + sum(map(len, fresh.values()))
    size = len(data)
    spans = dict(kept)
    if size > 2 * live or not kept:
        fresh = {**{key: bytes(data[o : o + n]) for key, (o, n) in kept.items()}, **fresh}
        spans, size = {}, 0
        header.unlink(missing_ok=True)
        path.unlink(missing_ok=True)
    with open(path, "r+b" if path.exists() else "wb") as handle:
        handle.truncate(size)
        handle.seek(size)
        for key, blob in sorted(fresh.items()):
            spans[key] = (size, len(blob))
            handle.write(blob)
            size += len(blob)
    return spans, size
