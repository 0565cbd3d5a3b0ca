"""What is left of killed writes, swept; and the links ledger refuses to write through (the
writes themselves are `ledger.atomic`)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from pathlib import Path

from ledger.atomic import TEMPORARY
from ledger.errors import LedgerError
from ledger.store.paths import PAGES_DIR, SESSIONS

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
