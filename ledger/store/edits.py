"""Write a file ledger owns without losing what a person wrote into it.

A file is ledger's to overwrite when it is exactly what ledger last committed (or wrote in a run
that was cut short). Otherwise a person edited it: ledger updates the fields it owns in place
(round-trip YAML keeps their comments, order and extra keys) and keeps their body, unless they
changed a field ledger owns, in which case the file is left alone and reported.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ledger.store import frontmatter, git
from ledger.store.files import write_atomic

HUMAN_KEYS = frozenset({"status", "tags"})
"""Fields people own once a file exists: ledger sets them first and never overwrites them."""

Status = Literal["added", "changed", "merged", "unchanged", "kept", "removed"]


@dataclass(frozen=True, slots=True)
class Apply:
    """What happened to one file (path relative to the ledger)."""

    path: str
    status: Status


def _merge(disk: str, base: str, new: str) -> str | None:
    """`disk` with ledger's fields and body updated to `new`; None if a person changed those."""
    mine, theirs, ours = frontmatter.load(new), frontmatter.load(disk), frontmatter.load(base)
    if mine is None or theirs is None or ours is None:
        return None
    owned = [key for key in mine if key not in HUMAN_KEYS]
    if any(theirs.get(key) != ours.get(key) for key in owned if key in ours):
        return None
    for key in owned:
        theirs[key] = mine[key]
    disk_body = (frontmatter.split(disk) or ("", ""))[1]
    base_body = (frontmatter.split(base) or ("", ""))[1]
    new_body = (frontmatter.split(new) or ("", ""))[1]
    body = new_body if disk_body == base_body else disk_body
    return frontmatter.dump_map(theirs) + body


def apply_file(
    root: Path,
    relative: str,
    text: str,
    dry_run: bool,
    committed: git.Committed,
    pending: frozenset[str] = frozenset(),
) -> Apply:
    """Bring one file to `text`, respecting a person's edits."""
    path = root / relative
    if not path.exists():
        if not dry_run:
            write_atomic(path, text)
        return Apply(relative, "added")
    disk = path.read_text(encoding="utf-8", errors="replace")
    if disk == text:
        return Apply(relative, "unchanged")
    base = disk if relative in pending else committed.text(relative)
    if base == disk:
        if not dry_run:
            write_atomic(path, text)
        return Apply(relative, "changed")
    merged = _merge(disk, base, text) if base is not None else None
    if merged is None:
        return Apply(relative, "kept")
    if merged != disk and not dry_run:
        write_atomic(path, merged)
    return Apply(relative, "merged" if merged != disk else "unchanged")


def remove_file(
    root: Path,
    relative: str,
    dry_run: bool,
    committed: git.Committed,
    pending: frozenset[str] = frozenset(),
) -> Apply:
    """Remove a file ledger no longer produces, unless a person edited it."""
    path = root / relative
    disk = path.read_text(encoding="utf-8", errors="replace")
    base = disk if relative in pending else committed.text(relative)
    if base != disk:
        return Apply(relative, "kept")
    if not dry_run:
        path.unlink()
    return Apply(relative, "removed")
