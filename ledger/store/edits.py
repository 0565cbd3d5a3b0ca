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
from ledger.store.fields import FieldsError, parse_fields
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
    text = carry_superseded(disk, text)
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


SUPERSEDED = "superseded"
SUPERSEDED_BY = frozenset({"superseded_by"})
_LINKS = "superseded_by:"


def _superseded_by(text: str) -> list[str]:
    """The `superseded_by` ids of a finding file, by the fast frontmatter reader."""
    parts = frontmatter.split(text)
    try:
        links = parse_fields(parts[0], SUPERSEDED_BY).get("superseded_by") if parts else None
    except FieldsError:
        return []
    return links if isinstance(links, list) else []


def _with_superseded(text: str, links: list[str]) -> str:
    """`text` (as ledger renders it) with `superseded_by: links` and `status: superseded`."""
    parts = frontmatter.split(text)
    if parts is None:
        return text
    block = frontmatter.dump({"superseded_by": links}).split("\n")[1:-2]
    out: list[str] = []
    in_links = False
    for line in parts[0].rstrip("\n").split("\n"):
        if in_links and line.startswith("  - "):
            continue  # the old items of superseded_by
        in_links = line.startswith(_LINKS)
        if in_links:
            out.extend(block)
        else:
            out.append(f"status: {SUPERSEDED}" if line.startswith("status: ") else line)
    return f"{frontmatter.FENCE}\n" + "\n".join(out) + f"\n{frontmatter.FENCE}\n" + parts[1]


def carry_superseded(disk: str, text: str) -> str:
    """`text` keeping the `superseded_by` links a later session's ingest wrote into `disk`."""
    if "\nsuperseded_by:\n  - " not in disk:
        return text
    links = _superseded_by(disk)
    wanted = list(dict.fromkeys([*_superseded_by(text), *links]))
    return _with_superseded(text, wanted) if links else text


def mark_superseded(
    root: Path,
    relative: str,
    by: str,
    dry_run: bool,
    committed: git.Committed,
    pending: frozenset[str] = frozenset(),
) -> Apply:
    """Add `by` to a finding's `superseded_by` and make it `superseded`, keeping a person's
    edits: where a person changed its status, their status stays."""
    path = root / relative
    if not path.is_file():
        return Apply(relative, "unchanged")
    disk = path.read_text(encoding="utf-8", errors="replace")
    links = _superseded_by(disk)
    if by in links:
        return Apply(relative, "unchanged")
    base = disk if relative in pending else committed.text(relative)
    if base == disk:
        new = _with_superseded(disk, [*links, by])
    else:
        data, before = frontmatter.load(disk), frontmatter.load(base) if base else None
        if data is None:
            return Apply(relative, "kept")
        data["superseded_by"] = [*(data.get("superseded_by") or []), by]
        if before is None or data.get("status") == before.get("status"):
            data["status"] = SUPERSEDED
        new = frontmatter.dump_map(data) + (frontmatter.split(disk) or ("", ""))[1]
    if not dry_run:
        write_atomic(path, new)
    return Apply(relative, "changed")
