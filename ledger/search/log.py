"""`ledger log ID`: a finding's history, from git (its file's commits) and from its frontmatter
(the supersedes chain: what it replaced, and what replaced it)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ledger.errors import LedgerError
from ledger.store import git

if TYPE_CHECKING:
    from ledger.index.graph import Graph


@dataclass(frozen=True, slots=True)
class Link:
    """One finding of a supersedes chain."""

    id: str
    path: str
    title: str
    date: str
    status: str


@dataclass(frozen=True, slots=True)
class History:
    finding: Link
    kind: str
    commits: tuple[git.Commit, ...]
    """Commits that changed the finding's file, newest first."""
    replaced: tuple[Link, ...]
    """What this finding supersedes, and what those superseded, nearest first."""
    replaced_by: tuple[Link, ...]
    """What supersedes this finding, and what superseded that, nearest first."""


def _chain(
    by_id: dict[str, Link], start: tuple[str, ...], step: dict[str, tuple[str, ...]]
) -> tuple[Link, ...]:
    """Follow `step` from `start` breadth first; each finding once, whatever cycles people made."""
    seen: set[str] = set()
    found: list[Link] = []
    todo = list(start)
    while todo:
        current = todo.pop(0)
        if current in seen or current not in by_id:
            continue
        seen.add(current)
        found.append(by_id[current])
        todo.extend(step.get(current, ()))
    return tuple(found)


def _finding(graph: Graph, target: str) -> str | None:
    """The path of the finding whose id is `target`, or the one id starting with it."""
    if target in graph.by_id:
        return graph.by_id[target]
    matches = sorted(i for i in graph.by_id if i.startswith(target.lower()))
    if len(matches) > 1:
        raise LedgerError(f"{len(matches)} findings start with {target!r}", "give more of the id")
    return graph.by_id[matches[0]] if matches else None


def finding_file(root: Path, state: Path, target: str) -> Path | None:
    """The file of the finding with this id (or unique id prefix); None when there is none."""
    from ledger.index.build import current

    path = _finding(current(root, state, save=False).graph, target)
    return root / path if path else None


def finding_history(root: Path, state: Path, target: str) -> History:
    """The history of the finding whose id is (or starts with) `target`."""
    from ledger.index.build import current

    graph = current(root, state, thorough=True, save=False).graph  # edits saved in place too
    path = _finding(graph, target)
    if path is None:
        raise LedgerError(f"no finding {target!r} in {root}", "find its id with `ledger grep`")
    entries = [graph.entries[p] for p in graph.by_id.values()]
    by_id = {e.id: Link(e.id, e.path, e.title, e.date, e.status) for e in entries}
    older = {e.id: e.supersedes for e in entries}
    newer = {e.id: e.superseded_by for e in entries}
    for e in entries:  # either side of a link is enough to follow it
        for old in e.supersedes:
            newer[old] = (*newer.get(old, ()), e.id)
        for new in e.superseded_by:
            older[new] = (*older.get(new, ()), e.id)
    chosen = graph.entries[path]
    return History(
        finding=by_id[chosen.id],
        kind=chosen.kind,
        commits=tuple(git.file_log(root, chosen.path)),
        replaced=_chain(by_id, tuple(dict.fromkeys(older.get(chosen.id, ()))), older),
        replaced_by=_chain(by_id, tuple(dict.fromkeys(newer.get(chosen.id, ()))), newer),
    )
