"""Write a file ledger owns without losing what a person wrote into it.

A file is ledger's to overwrite when it is exactly what ledger last committed (or wrote in a run
that was cut short). Otherwise a person edited it: ledger updates the fields it owns in place
(round-trip YAML keeps their comments, order and extra keys) and keeps their body, unless they
changed a field ledger owns, in which case the file is left alone and reported.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Literal

from ledger.atomic import Changed, create, write_atomic
from ledger.models import STANDING
from ledger.parallel import aside
from ledger.store import frontmatter, git
from ledger.store.fields import Fields, FieldsError, parse_fields

HUMAN_KEYS = frozenset({"status", "tags"})
"""Fields people own once a file exists: ledger sets them first and never overwrites them."""

Status = Literal["added", "changed", "merged", "unchanged", "kept", "removed"]


@dataclass(frozen=True, slots=True)
class Apply:
    """What happened to one file (path relative to the ledger)."""

    path: str
    status: Status
    text: str | None = None
    """What ledger wrote there (None: nothing), which its commit holds whatever a person saves
    after."""


def merge_owned(disk: str, base: str, new: str) -> str | None:
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


NEW_FOLDERS_FORKED = 1_000
"""From this many files in new folders on (a first ingest), a second process writes half."""


def write_new_folders(root: Path, folders: Sequence[tuple[str, Sequence[tuple[str, str]]]]) -> None:
    """Write folders that do not exist yet, whole: no file in them can be a person's, so each
    is created straight (`atomic.create`). Many files (a first ingest) are written on both
    cores: creating files and folders is kernel work. A run stopped meanwhile is undone, by
    itself or by the next (`ingest.run._undone_if_stopped`, `_guard`), whichever were written."""

    def write(part: Sequence[tuple[str, Sequence[tuple[str, str]]]]) -> None:
        for folder, files in part:
            (root / folder).mkdir(parents=True, exist_ok=True)
            for name, text in files:
                create(root / folder / name, text.encode("utf-8"))

    many = sum(len(files) for _, files in folders) >= NEW_FOLDERS_FORKED
    with aside(lambda: write(folders[1::2]), many):
        write(folders[::2])


RETRIES = 3
"""How many times a file a person saves while ledger writes it is read again, before it is left
as they saved it."""

Keep = Callable[[str, bytes], None]
"""Given a person's bytes of a file before ledger replaces them (the run's journal keeps them)."""


def apply_file(
    root: Path,
    relative: str,
    text: str,
    dry_run: bool,
    committed: git.Committed,
    pending: frozenset[str] = frozenset(),
    keep: Keep | None = None,
) -> Apply:
    """Bring one file to `text`, respecting a person's edits, one saved while this runs too
    (`_read_again`)."""
    once = partial(_apply_once, root, relative, text, dry_run, committed, pending, keep)
    return _read_again(relative, once)


def _read_again(relative: str, once: Callable[[], Apply]) -> Apply:
    """`once()`, done again when a person saved the file between its read and its write (up to
    RETRIES times), else the file left as they saved it."""
    for _ in range(RETRIES):
        with suppress(Changed):
            return once()
    return Apply(relative, "kept")


def _apply_once(
    root: Path,
    relative: str,
    text: str,
    dry_run: bool,
    committed: git.Committed,
    pending: frozenset[str],
    keep: Keep | None,
) -> Apply:
    path = root / relative
    if not path.exists():
        if not dry_run:
            write_atomic(path, text)
        return Apply(relative, "added", text)
    raw, disk = _read(path)
    text = carry_lifecycle(disk, text)
    if disk == text:
        return Apply(relative, "unchanged")
    base = disk if relative in pending else committed.text(relative)
    if base == disk:
        if not dry_run:
            write_atomic(path, text, was=raw)
        return Apply(relative, "changed", text)
    merged = merge_owned(disk, base, text) if base is not None else None
    if merged is None:
        return Apply(relative, "kept")
    if merged == disk:
        return Apply(relative, "unchanged")
    if not dry_run:
        if keep is not None:
            keep(relative, raw)
        write_atomic(path, merged, was=raw)
    return Apply(relative, "merged", merged)


def _read(path: Path) -> tuple[bytes, str]:
    """A file's bytes (what a write checks it still holds) and its text."""
    raw = path.read_bytes()
    return raw, raw.decode("utf-8", errors="replace")


def remove_file(
    root: Path,
    relative: str,
    dry_run: bool,
    committed: git.Committed,
    pending: frozenset[str] = frozenset(),
) -> Apply:
    """Remove a file ledger no longer produces, unless a person edited it (before or while)."""
    path = root / relative
    raw, disk = _read(path)
    base = disk if relative in pending else committed.text(relative)
    if base != disk:
        return Apply(relative, "kept")
    if not dry_run:
        if path.read_bytes() != raw:  # saved meanwhile: theirs now
            return Apply(relative, "kept")
        path.unlink()
        with suppress(OSError):  # a folder left empty (a session renamed) goes too
            path.parent.rmdir()
    return Apply(relative, "removed")


LIFECYCLE = "## Lifecycle"
"""The heading of the dated lines that say what happened to a finding (replaced, done, notes)."""
LINK_KEYS = ("supersedes", "superseded_by", "references")
_MARKED = re.compile(r"^status: (?!open$|accepted$)|^(?:supersedes|superseded_by):\n  - ", re.M)
_ID = re.compile(r"^[0-9a-f]{12}$")


@dataclass(frozen=True, slots=True)
class Mark:
    """A change to a finding's lifecycle: its status, links added or removed, a dated line."""

    status: str | None = None
    add: tuple[tuple[str, str], ...] = ()
    """(field of LINK_KEYS, id) to add."""
    remove: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()
    """Lines for the `## Lifecycle` section under the body."""


def with_notes(body: str, notes: tuple[str, ...]) -> str:
    """`body` with the lines of `notes` it lacks added to its Lifecycle section."""
    new = [n for n in notes if n not in body]
    if not new:
        return body
    lines = "".join(f"{n}\n" for n in new)
    if f"\n{LIFECYCLE}\n" in f"\n{body}":
        return body.rstrip("\n") + "\n" + lines
    return body.rstrip("\n") + f"\n\n{LIFECYCLE}\n\n" + lines


def _item(raw: str) -> str:
    raw = raw.strip()
    if raw.startswith('"'):
        try:
            value = json.loads(raw)
        except ValueError:
            return raw
        return value if isinstance(value, str) else raw
    return raw.strip("'")


def _lists(lines: list[str]) -> dict[str, tuple[int, int, list[str]]] | None:
    """Key → (first line, end line, items) of each LINK_KEYS list in ledger's own block style;
    None when one is written another way (a person's flow list, say)."""
    found: dict[str, tuple[int, int, list[str]]] = {}
    for n, line in enumerate(lines):
        key, _, rest = line.partition(":")
        if key not in LINK_KEYS:
            continue
        end = n + 1
        while end < len(lines) and lines[end].startswith("  - "):
            end += 1
        if rest.strip() not in ("", "[]") or (rest.strip() == "[]") != (end == n + 1):
            return None
        found[key] = (n, end, [_item(item[4:]) for item in lines[n + 1 : end]])
    return found


def _fast_marked(text: str, mark: Mark, set_status: bool) -> str | None:
    """`marked` by lines, for frontmatter in ledger's own shape (what every ingest writes):
    ruamel costs 7 ms a file. None when the shape is not that."""
    parts = frontmatter.split(text)
    if parts is None:
        return None
    lines = parts[0].rstrip("\n").split("\n")
    lists = _lists(lines)
    status = [n for n, line in enumerate(lines) if line.startswith("status:")]
    wanted = {key for key, _ in (*mark.add, *mark.remove)}
    if lists is None or not wanted <= set(lists) or (mark.status and len(status) != 1):
        return None
    items = {key: list(lists[key][2]) for key in wanted}
    for key, value in mark.add:
        items[key] += [] if value in items[key] else [value]
    for key, value in mark.remove:
        items[key] = [v for v in items[key] if v != value]
    out = list(lines)
    if mark.status and set_status:
        out[status[0]] = frontmatter.dump({"status": mark.status}).split("\n")[1]
    for key in sorted(wanted, key=lambda k: -lists[k][0]):  # from the bottom: lines stay put
        first, end, _ = lists[key]
        out[first:end] = frontmatter.dump({key: items[key]}).split("\n")[1:-2]
    body = with_notes(parts[1], mark.notes)
    return f"{frontmatter.FENCE}\n" + "\n".join(out) + f"\n{frontmatter.FENCE}\n" + body


def marked(text: str, mark: Mark, set_status: bool = True) -> str | None:
    """`text` with `mark` applied, a person's comments and order kept (by lines where the
    frontmatter has ledger's shape, else round-trip YAML); None if it has no frontmatter.
    `set_status` False keeps the status a person gave it."""
    fast = _fast_marked(text, mark, set_status)
    if fast is not None:
        return fast
    data = frontmatter.load(text)
    if data is None:
        return None
    for key, value in mark.add:
        items = list(data.get(key) or [])
        data[key] = items if value in items else [*items, value]
    for key, value in mark.remove:
        if value in (data.get(key) or []):
            data[key] = [v for v in data[key] if v != value]
    if mark.status and set_status:
        data["status"] = mark.status
    body = with_notes((frontmatter.split(text) or ("", ""))[1], mark.notes)
    return frontmatter.dump_map(data) + body


def carry_lifecycle(disk: str, text: str) -> str:
    """`text`, a finding rendered again, keeping what its lifecycle wrote into `disk`: a status
    other than open, the ids it links to, and its `## Lifecycle` lines."""
    if not _MARKED.search((frontmatter.split(disk) or ("", ""))[0]) and LIFECYCLE not in disk:
        return text
    data = frontmatter.load(disk)
    if data is None:
        return text
    status = str(data.get("status") or "")
    add = tuple(
        (key, str(v)) for key in LINK_KEYS for v in data.get(key) or [] if _ID.match(str(v))
    )
    body = (frontmatter.split(disk) or ("", ""))[1]
    section = body.partition(f"{LIFECYCLE}\n")[2]
    notes = tuple(line for line in section.split("\n") if line.startswith("- "))
    mark = Mark(None if status in STANDING else status, add, (), notes)
    return marked(text, mark) or text


_STATUS = frozenset({"status"})


def _status_field(text: str | None) -> Fields | None:
    """The `status` of a file's frontmatter, read fast (no round-trip YAML: 6-18 ms a file);
    None when it has no frontmatter any reader accepts."""
    parts = frontmatter.split(text) if text else None
    if parts is None:
        return None
    try:
        return parse_fields(parts[0], _STATUS)
    except FieldsError:
        return None


def mark_file(
    root: Path,
    relative: str,
    mark: Mark,
    dry_run: bool,
    committed: git.Committed | None,
    pending: frozenset[str] = frozenset(),
    keep: Keep | None = None,
) -> Apply:
    """Apply `mark` to a finding file in place. With `committed` (an ingest), a status a person
    changed since ledger's last commit stays theirs; without (a person's triage), it is set. A
    file saved while this runs is read again (`_read_again`)."""
    once = partial(_mark_once, root, relative, mark, dry_run, committed, pending, keep)
    return _read_again(relative, once)


def _mark_once(
    root: Path,
    relative: str,
    mark: Mark,
    dry_run: bool,
    committed: git.Committed | None,
    pending: frozenset[str],
    keep: Keep | None,
) -> Apply:
    path = root / relative
    if not path.is_file():
        return Apply(relative, "unchanged")
    raw, disk = _read(path)
    set_status, theirs = True, False
    if committed is not None and relative not in pending:
        before = committed.text(relative)
        theirs = before != disk
        now = _status_field(disk)
        was = _status_field(before)
        set_status = was is None or now is None or was.get("status") == now.get("status")
    new = marked(disk, mark, set_status)
    if new is None:
        return Apply(relative, "kept")
    if new == disk:
        return Apply(relative, "unchanged")
    if not dry_run:
        if theirs and keep is not None:
            keep(relative, raw)
        write_atomic(path, new, was=raw)
    return Apply(relative, "changed", new)
