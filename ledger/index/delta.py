"""An index update that reads only what changed: the months, files and links it touches.

A new or grown session changes the pages of its month, the pages of the files it discussed, the
lines of the findings it supersedes or cites, and the pages about the whole ledger, which are
built from each month's stats. This update works those out from the saved derived state
(ledger/derived.py), decodes only the session folders they need, builds the link graph of just
those, and renders with the same functions as a rebuild from scratch, so both give the same
bytes (tested). Where that could not be told from the saved state (a session id claimed twice,
findings away from their session's folder, a file page renamed by a slug collision, many folders
at once), it says so and the caller rebuilds from scratch.
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from dataclasses import dataclass
from itertools import chain
from pathlib import Path

from ledger.index import derived, summaries
from ledger.index.derived import (
    IDS,
    SESSION_IDS,
    Derived,
    Holders,
    Saved,
    Untrusted,
    folder_of,
    members_blob,
    node_of,
)
from ledger.index.entries import Entry, Index
from ledger.index.graph import FILE_PAGES, FILE_SLUG_CHARS, FileNode, Graph, resolve_key
from ledger.index.layout import graph_parts, summary_pages
from ledger.index.page_files import Stamps, sync_pages
from ledger.index.pages import (
    GRAPH_DIR,
    SESSIONS_PAGE,
    Months,
    MonthStats,
    by_month,
    file_pages,
    kind_page,
    month_of,
    month_pages,
    month_stats,
)
from ledger.models import KINDS
from ledger.store.paths import slug

MAX_SHARE = 0.2
"""Above this share of the session folders touched (and `MAX_FOLDERS`), a rebuild from scratch
is as quick."""
MAX_FOLDERS = 64
_HASH = re.compile(r"[0-9a-f]{6}")


@dataclass(frozen=True, slots=True)
class Synced:
    """What an update did to the derived pages."""

    written: list[str]
    stamps: Stamps
    """The stamps of every derived page there is now."""
    removed: set[str]
    """Derived pages no longer derived: the caller deletes those on disk."""


@dataclass(frozen=True, slots=True)
class _Scope:
    """What an update touches: folders whose files changed, their entries now, the months to
    render, the file keys whose pages change, and the findings linked with what changed."""

    folders: set[str]
    current: list[Entry]
    months: set[str]
    keys: set[str]
    linked: set[str]


def update(root: Path, state: Path, index: Index, stamps: Stamps, before: bytes) -> Synced | None:
    """Bring the derived pages and state up to date with what `index` found changed since the
    state saved with token `before`; None when this cannot be told from the saved state (the
    caller then rebuilds from scratch)."""
    if index.fresh or index.compacted:
        return None
    saved = derived.load(state, before)
    docs = summaries.load_docs(state, before)
    briefs = summaries.load_briefs(state, before)
    if saved is None or docs is None or briefs is None:
        return None
    old = saved.state
    ids, sessions = Holders(state, IDS, old.generation), Holders(state, SESSION_IDS, old.generation)
    try:
        scope = _scope(index, old, ids, sessions)
        if scope is None:
            return None
        entries = _entries(index, saved, scope, sessions)
    except Untrusted:
        return None
    graph = Graph(tuple(sorted(entries)))
    files = _nodes(graph, old, scope.keys)
    if files is None:
        return None
    nodes, changed = files
    months = by_month(graph, scope.months)
    stats = {m: s for m, s in old.stats.items() if m not in scope.months}
    stats.update((m, month_stats(graph, *lists)) for m, lists in months.items())
    lines = [nodes[key][1] for key in sorted(nodes)]
    pages = {key: node[0] for key, node in nodes.items()}
    # the graph's file nodes change only with the set of files
    listed = None if nodes.keys() == old.nodes.keys() else sorted(pages.items())
    here = [
        summary_pages(stats, lines, listed),
        *(month_pages(graph, m, *ls) for m, ls in months.items()),
    ]
    aside = [graph_parts(graph, months, pages), file_pages(graph, changed.values())]
    written, fresh = sync_pages(
        str(root), stamps, chain.from_iterable(here), chain.from_iterable(aside)
    )
    gone = {f"{old.nodes[k][0]}.md" for k in scope.keys if k in old.nodes and k not in nodes}
    gone |= {path for m in scope.months for path in _month_paths(m)} - set(fresh)
    removed = gone & set(stamps)

    derived.forget(state)  # until the state below is all saved
    facts = [*scope.current, *(graph.entries[p] for p in scope.linked if p in graph.entries)]
    patched, appended = summaries.patch_docs(docs, graph, index, facts)
    summaries.save_docs(state, patched, index.token, appended)
    kept = {m: b for m, b in briefs.items() if m not in scope.months}
    summaries.save_briefs(state, {**kept, **summaries.brief_of(graph, months)}, index.token)
    _update_holders(ids, sessions, index, scope)
    new = _derived(old, graph, index, scope, months, stats)._replace(nodes=nodes)
    fresh_members = {key: members_blob(node) for key, node in changed.items()}
    derived.save(state, new, saved.members, fresh_members)
    return Synced(
        written, {k: v for k, v in {**stamps, **fresh}.items() if k not in removed}, removed
    )


def _month_paths(month: str) -> list[str]:
    """Every page a month can have."""
    kinds = [f"{kind_page(k)}/{month}.md" for k in KINDS]
    return [f"{SESSIONS_PAGE}/{month}.md", *kinds, f"{GRAPH_DIR}/{month}.json"]


def _scope(index: Index, old: Derived, ids: Holders, sessions: Holders) -> _Scope | None:
    """What the update touches, or None when the saved state cannot tell."""
    touched = {folder_of(e.path) for e in index.replaced} | {folder_of(p) for p in index.read}
    if len(touched) > max(MAX_FOLDERS, MAX_SHARE * len(index.groups)):
        return None
    current = [e for name in sorted(touched) for e in index.folder(name)]
    paths = {e.path for e in index.replaced} | index.read
    if not _plain(index, old, (ids, sessions), current, paths):
        return None
    small = Graph(tuple(sorted(current)))
    months = _months_of(old, touched)
    months |= {month_of(small, e) for e in current if e.type in ("session", "finding")}
    linked = {q for p in paths for q in old.links.get(p, ())}
    linked |= _newly_linked(index, old, (ids, sessions), small)
    months |= _months_of(old, {folder_of(p) for p in linked})
    keys = {k for e in (*index.replaced, *current) for k in small.keys_of(e)}
    return _Scope(touched, current, months, keys, linked)


def _months_of(old: Derived, folders: set[str]) -> set[str]:
    """The months whose pages list a file of one of `folders` (each month's folders are sorted:
    looked up, not turned around into a map of every folder)."""
    found = set()
    for month, listed in old.months.items():
        for name in folders:
            at = bisect_left(listed, name)
            if at < len(listed) and listed[at] == name:
                found.add(month)
                break
    return found


def _plain(
    index: Index,
    old: Derived,
    holders: tuple[Holders, Holders],
    current: list[Entry],
    paths: set[str],
) -> bool:
    """Whether every changed file keeps to the shapes this update follows: each session id held
    by one session, each finding in its session's folder (so the saved strays stay as they are),
    each finding id held by one file. Every id it will update is looked up here, before anything
    is written (a holder's file that cannot be trusted stops the update)."""
    ids, sessions = holders
    sessions_in = {(folder_of(e.path), e.id) for e in current if e.type == "session"}
    now = set(current)
    for e in (*index.replaced, *current):
        if e.type == "session" and (e.id in old.strays or len(sessions.get(e.id)) > 1):
            return False
        if e.type == "session" and set(sessions.get(e.id)) - {e.path} - paths:
            return False
        if e.type != "finding":
            continue
        if e.path in old.strays.get(e.session_id, ()):
            return False
        if e in now and (folder_of(e.path), e.session_id) not in sessions_in:
            return False
        if e.id and set(ids.get(e.id)) - {e.path} - paths:
            return False
    return True


def _newly_linked(
    index: Index, old: Derived, holders: tuple[Holders, Holders], small: Graph
) -> set[str]:
    """Files the changed files now link with: what their supersedes and references name, the
    session a session continues, and the files whose supersedes or references named nothing
    until now."""
    ids, sessions = holders
    found: set[str] = set()
    for e in small.entries.values():
        if e.path not in index.read:
            continue
        found.update(old.dangling.get("[[" + e.link.casefold(), ()))
        if e.type == "session" and e.continues:
            found.update(sessions.get(e.continues)[:1])
        if e.type != "finding":
            continue
        found.update(old.dangling.get(e.id, ()))
        for value in (*e.supersedes, *e.superseded_by, *small.finding_references(e)):
            key = resolve_key(value)
            if not key.startswith("[["):
                found.update(ids.get(key)[:1])
            else:
                found.update(_linked_paths(index, key[2:]))
    return found


def _linked_paths(index: Index, link: str) -> list[str]:
    """The files a link (casefolded, without `.md`) may name under `sessions/`: every one whose
    path is that casefolded (with all of them in its graph, the update resolves as a rebuild)."""
    parts = link.split("/")
    if len(parts) != 3 or parts[0] != "sessions":
        return []
    names = [name for name in index.groups if name.casefold() == parts[1]]
    return [e.path for name in names for e in index.folder(name) if e.link.casefold() == link]


def _entries(index: Index, saved: Saved, scope: _Scope, sessions: Holders) -> list[Entry]:
    """The entries the graph of the update needs: those of the months it renders and of the
    folders it touched, the findings linked with any of them, the files of the keys it renders,
    and the sessions of the findings among them kept away from their session's folder."""
    old = saved.state
    folders = set(scope.folders)
    folders.update(name for m in scope.months for name in old.months.get(m, ()))
    folders.update(folder_of(p) for p in scope.linked)
    for key in scope.keys:
        if key in saved.state.nodes:
            found, cited = saved.members_of(key)
            folders.update(folder_of(p) for p in (*found, *cited))
    entries = [e for name in sorted(folders) for e in index.folder(name)]
    more = {folder_of(q) for e in entries for q in old.links.get(e.path, ())}
    for e in entries:
        if e.type == "finding" and e.path in old.strays.get(e.session_id, ()):
            more.update(folder_of(p) for p in sessions.get(e.session_id))
    return entries + [e for name in sorted(more - folders) for e in index.folder(name)]


def _nodes(
    graph: Graph, old: Derived, keys: set[str]
) -> tuple[dict[str, derived.Node], dict[str, FileNode]] | None:
    """The file nodes after the update, and those of `keys` there still are; None when a file
    page may be renamed (its slug is, or was, shared with another file's: all of them get a
    hash then, see `graph.file_pages`)."""
    nodes = dict(old.nodes)
    members = graph.members
    pages = sorted(node[0] for node in nodes.values())
    rendered: dict[str, FileNode] = {}
    for key in sorted(keys):
        page = f"{FILE_PAGES}/{slug(key, FILE_SLUG_CHARS)}"
        if key not in members:
            if key in nodes and nodes.pop(key)[0] != page:
                return None
            continue
        if key in nodes:
            page = nodes[key][0]
        elif _taken(pages, page):
            return None
        else:
            insort(pages, page)
        rendered[key] = FileNode(key, page, *members[key])
        nodes[key] = node_of(rendered[key])
    return nodes, rendered


def _taken(pages: list[str], page: str) -> bool:
    """Whether a file page (of `pages`, sorted) is `page`, or `page` and a hash (a slug shared
    by several files)."""
    at = bisect_left(pages, page)
    if at < len(pages) and pages[at] == page:
        return True
    prefix = page + "-"
    at = bisect_left(pages, prefix)
    while at < len(pages) and pages[at].startswith(prefix):
        if _HASH.fullmatch(pages[at], len(prefix)):
            return True
        at += 1
    return False


def _update_holders(ids: Holders, sessions: Holders, index: Index, scope: _Scope) -> None:
    """The finding ids and session ids of the files that changed, saved."""
    for e in index.replaced:
        if e.type in ("finding", "session") and e.id:
            (ids if e.type == "finding" else sessions).remove(e.id, e.path)
    for e in scope.current:
        if e.type in ("finding", "session") and e.id and e.path in index.read:
            (ids if e.type == "finding" else sessions).add(e.id, e.path)
    ids.save()
    sessions.save()


def _derived(
    old: Derived,
    graph: Graph,
    index: Index,
    scope: _Scope,
    months: Months,
    stats: dict[str, MonthStats],
) -> Derived:
    """The derived state after the update."""
    folders = {m: names for m, names in old.months.items() if m not in scope.months}
    for month, (listed, found) in months.items():
        folders[month] = tuple(sorted({folder_of(e.path) for e in (*listed, *found)}))
    near = {e.path for e in index.replaced} | {e.path for e in scope.current} | scope.linked
    links: dict[str, set[str]] = {k: set(v) for k, v in old.links.items()}
    for path in near:
        for other in links.pop(path, set()):
            links.get(other, set()).discard(path)
    pairs = [(o, n) for o, newer in graph.replaced_by.items() for n in newer]
    pairs += [(s, t) for s, targets in graph.cited.items() for t in targets]
    pairs += graph.continuations
    for a, b in pairs:
        if a in near or b in near:
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    dangling: dict[str, set[str]] = {k: set(v) - near for k, v in old.dangling.items()}
    for key, paths in derived.dangling_of(
        graph, (graph.entries[p] for p in near if p in graph.entries)
    ).items():
        dangling.setdefault(key, set()).update(paths)
    return old._replace(
        token=index.token,
        months=folders,
        stats=stats,
        links={k: tuple(sorted(v)) for k, v in links.items() if v},
        dangling={k: tuple(sorted(v)) for k, v in dangling.items() if v},
    )
