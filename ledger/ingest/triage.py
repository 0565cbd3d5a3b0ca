"""People's triage: `ledger resolve`, `ledger supersede`, `ledger reopen`, each one commit.

A finding is named by its id or a unique prefix of at least `MIN_PREFIX` characters. A change
the finding's kind does not allow, or one from a status it is not in, is refused with one line
saying what to do instead. Both sides of a link are written in the same commit, with a dated
line under each body (`## Lifecycle`, as the ingest writes).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timezone
from pathlib import Path

from ledger.config import Config
from ledger.errors import LedgerError
from ledger.models import CLOSING, OPEN, STANDING
from ledger.store import git
from ledger.store.edits import Mark, mark_file
from ledger.store.known import KnownFinding, read_known
from ledger.store.markdown import wikilink
from ledger.store.state import locked

MIN_PREFIX = 4
Today = Callable[[], date]


@dataclass(frozen=True, slots=True)
class Triaged:
    """What a triage command changed: one finding's status, the files written, the commit."""

    id: str
    path: str
    old_status: str
    new_status: str
    commit: str | None
    kind: str = ""
    title: str = ""
    by: str | None = None
    """The other finding of the link (the replacement, or what resolved it), if any."""
    paths: tuple[str, ...] = ()
    """Every file written, relative to the ledger."""


def today_utc() -> date:
    return datetime.now(timezone.utc).date()


def _known(config: Config) -> dict[str, KnownFinding]:
    from ledger.index.entries import known_findings

    return known_findings(config.root, config.state)


def _find(root: Path, known: dict[str, KnownFinding], wanted: str) -> KnownFinding:
    """The finding `wanted` names (its id, or a unique prefix of at least MIN_PREFIX), as its
    file says now: the index found it, a person may have edited it since in place."""
    key = wanted.strip().casefold()
    if key in known:
        return read_known(root, known[key].path) or known[key]
    if len(key) < MIN_PREFIX:
        raise LedgerError(f"{wanted!r} is too short", f"give at least {MIN_PREFIX} characters")
    found = [f for i, f in known.items() if i.startswith(key)]
    if not found:
        raise LedgerError(f"no finding {wanted!r} in the ledger", "see `ledger grep` for ids")
    if len(found) > 1:
        raise LedgerError(f"{wanted!r} names {len(found)} findings", "give more of the id")
    return read_known(root, found[0].path) or found[0]


def finding_link(f: KnownFinding) -> str:
    return wikilink(f.path.removesuffix(".md"), f.title)


def commit_marks(
    config: Config, marks: list[tuple[str, Mark]], subject: str, added: tuple[str, ...] = ()
) -> tuple[str | None, tuple[str, ...]]:
    """Write the marks and commit them with the files `added` (and the derived pages they
    change), under the lock."""
    from ledger.index.build import update_index

    written = list(added)
    for path, mark in marks:
        if mark_file(config.root, path, mark, False, None).status == "kept":
            raise LedgerError(f"{path} has no frontmatter ledger can read", "fix it by hand")
        written.append(path)
    derived = update_index(config.root, config.state)
    paths = sorted({*written, *derived.written, *derived.removed})
    repo = git.toplevel(config.root)
    if repo is None:
        return None, tuple(written)
    base = config.root.resolve().relative_to(repo)
    who = git.identity(repo, config.author)
    commit = git.commit_paths(repo, [(base / p).as_posix() for p in paths], subject, who)
    return commit, tuple(written)


def require_standing(f: KnownFinding, verb: str) -> None:
    if f.status not in STANDING:
        raise LedgerError(
            f"{f.id} is already {f.status}", f"run `ledger reopen {f.id}` before you {verb} it"
        )


def resolve(
    config: Config,
    finding_id: str,
    status: str,
    by: str | None = None,
    note: str | None = None,
    today: Today = today_utc,
) -> Triaged:
    """Close an open finding as `status` (done, answered, dropped, confirmed, refuted), linked to
    the finding `by` that resolved it, with `note` as a dated line under its body."""
    with locked(config.state):
        known = _known(config)
        f = _find(config.root, known, finding_id)
        allowed = [s for s in CLOSING.get(f.kind, ()) if s != "superseded"]
        if status not in allowed:
            hint = f"use one of {', '.join(allowed)}" if allowed else "use `ledger supersede`"
            if status == "superseded":
                hint = f"use `ledger supersede {f.id} --by NEW_ID`"
            raise LedgerError(f"a {f.kind} cannot be {status}", hint)
        require_standing(f, "resolve")
        other = _find(config.root, known, by) if by else None
        if other is not None and other.id == f.id:
            raise LedgerError(f"{f.id} cannot resolve itself", "name another finding with --by")
        day = today().isoformat()
        line = f"- {day} · {status.capitalize()}" + (f" by {finding_link(other)}" if other else "")
        line += f": {' '.join(note.split())}" if note and note.strip() else "."
        adds = (("references", other.id),) if other else ()
        marks = [(f.path, Mark(status, adds, (), (line,)))]
        if other is not None:
            back = f"- {day} · Resolves {finding_link(f)} ({status})."
            marks.append((other.path, Mark(None, (("references", f.id),), (), (back,))))
        commit, paths = commit_marks(config, marks, f"ledger: resolve {f.id} as {status}")
    return Triaged(
        f.id, f.path, f.status, status, commit, f.kind, f.title, other.id if other else None, paths
    )


def supersede(config: Config, old_id: str, new_id: str, today: Today = today_utc) -> Triaged:
    """Mark `old_id` superseded by `new_id`, both ways, in one commit."""
    with locked(config.state):
        known = _known(config)
        old, new = _find(config.root, known, old_id), _find(config.root, known, new_id)
        if "superseded" not in CLOSING.get(old.kind, ()):
            raise LedgerError(
                f"a {old.kind} cannot be superseded",
                f"use `ledger resolve {old.id} --as {CLOSING[old.kind][0]} --by {new.id}`",
            )
        if old.id == new.id:
            raise LedgerError(f"{old.id} cannot supersede itself", "name the newer finding")
        require_standing(old, "supersede")
        day = today().isoformat()
        marks = [
            (
                old.path,
                Mark(
                    "superseded",
                    (("superseded_by", new.id),),
                    (),
                    (f"- {day} · Replaced by {finding_link(new)}.",),
                ),
            ),
            (
                new.path,
                Mark(
                    None,
                    (("supersedes", old.id),),
                    (),
                    (f"- {day} · Replaces {finding_link(old)}.",),
                ),
            ),
        ]
        commit, paths = commit_marks(config, marks, f"ledger: supersede {old.id} by {new.id}")
    return Triaged(
        old.id, old.path, old.status, "superseded", commit, old.kind, old.title, new.id, paths
    )


def reopen(config: Config, finding_id: str, today: Today = today_utc) -> Triaged:
    """Make a closed finding open again, undoing the links that closed it, in one commit."""
    from ledger.store import frontmatter

    with locked(config.state):
        known = _known(config)
        f = _find(config.root, known, finding_id)
        if f.status in STANDING:
            raise LedgerError(f"{f.id} is already {f.status}", "nothing to reopen")
        data = frontmatter.load((config.root / f.path).read_text(encoding="utf-8")) or {}
        newer = [str(i) for i in data.get("superseded_by") or []]
        day = today().isoformat()
        removes = tuple(("superseded_by", i) for i in newer)
        marks = [(f.path, Mark(OPEN, (), removes, (f"- {day} · Reopened (was {f.status}).",)))]
        marks += [
            (
                known[i].path,
                Mark(
                    None,
                    (),
                    (("supersedes", f.id),),
                    (f"- {day} · No longer replaces {finding_link(f)}.",),
                ),
            )
            for i in newer
            if i in known
        ]
        commit, paths = commit_marks(config, marks, f"ledger: reopen {f.id}")
    return Triaged(f.id, f.path, f.status, OPEN, commit, f.kind, f.title, None, paths)
