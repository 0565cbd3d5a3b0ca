"""Every derived file of a ledger, by path: the Markdown pages of `pages.py` and the graph's
JSON parts (`index/graph.json` lists them; each month's nodes and edges, and the files').

Like the pages, pure functions of the link graph: one node or edge per line, sorted, so a new
session changes few lines.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import chain
from json.encoder import encode_basestring

from ledger.index.entries import Entry
from ledger.index.graph import Graph
from ledger.index.pages import (
    FILES_PAGE,
    GRAPH,
    GRAPH_DIR,
    GRAPH_FILES,
    HOME,
    SESSIONS_PAGE,
    Months,
    MonthStats,
    by_month,
    file_line,
    file_pages,
    files_listing,
    home,
    kind_overview,
    kind_page,
    month_pages,
    month_stats,
    newest_first,
    sessions_overview,
)
from ledger.models import KINDS


def _json(nodes: list[tuple[str, str]], edges: Iterable[tuple[str, str, str]]) -> str:
    """Nodes (id, their other fields) and typed edges, one per line, sorted: small diffs."""
    q = encode_basestring
    node_lines = [f'{{{facts}, "id": {q(id_)}}}' for id_, facts in sorted(nodes)]
    edge_lines = [
        f'{{"source": {q(s)}, "target": {q(t)}, "type": "{k}"}}' for s, t, k in sorted(edges)
    ]
    return f'{{"nodes": {_array(node_lines)},\n"edges": {_array(edge_lines)}}}\n'


def _array(lines: list[str]) -> str:
    return "[\n" + ",\n".join(lines) + "\n]" if lines else "[]"


def graph_part(graph: Graph, entries: Iterable[Entry], pages: Mapping[str, str]) -> str:
    """`index/graph/<month>.json`: the month's sessions and findings, and the typed edges from
    them (`pages`: file key → page)."""
    q = encode_basestring
    nodes = []
    edges: set[tuple[str, str, str]] = set()
    for e in entries:
        source = e.path[:-3]
        last = f'"title": {q(e.title)}, "type": "{e.type}"'
        if e.type == "session":
            after = f', "continues": {q(e.continues)}' if e.continues else ""
            facts = f'"date": {q(e.date)}, "session_id": {q(e.id)}{after}, {last}'
            nodes.append((source, facts))
            edges.update((source, pages[k], "changed") for k in graph.keys_of(e))
            continue
        facts = f'"date": {q(e.date)}, "kind": {q(e.kind)}, "status": {q(e.status)}, {last}'
        nodes.append((source, facts))
        edges.update((source, pages[k], "cites") for k in graph.keys_of(e))
        if (home := graph.session(e)) is not None:
            edges.add((source, home.path[:-3], "in_session"))
        edges.update((source, old[:-3], "supersedes") for old in graph.replaces.get(e.path, ()))
        edges.update((source, to[:-3], "references") for to in graph.cited.get(e.path, ()))
    return _json(nodes, edges)


def graph_parts(
    graph: Graph, months: Months, pages: Mapping[str, str]
) -> Iterator[tuple[str, str]]:
    """The graph's part of each month."""
    for month, (sessions, findings) in months.items():
        yield f"{GRAPH_DIR}/{month}.json", graph_part(graph, [*sessions, *findings], pages)


def graph_files(files: Iterable[tuple[str, str]]) -> str:
    """`index/graph/files.json`: a node for each file discussed, from its (key, page) (the
    edges to it come from the months)."""
    q = encode_basestring
    return _json([(page, f'"title": {q(key)}, "type": "file"') for key, page in files], ())


def graph_manifest(stats: Mapping[str, MonthStats]) -> str:
    """`index/graph.json`: the parts of the graph; their nodes and edges together are the graph."""
    parts = [GRAPH_FILES, *(f"{GRAPH_DIR}/{m}.json" for m in newest_first(stats))]
    listed = ",\n".join(f'"{p}"' for p in parts)
    return f'{{"parts": [\n{listed}\n]}}\n'


def summary_pages(
    stats: Mapping[str, MonthStats],
    lines: Sequence[str],
    files: Iterable[tuple[str, str]] | None,
) -> Iterator[tuple[str, str]]:
    """The pages about the whole ledger: home, listings' first pages, files discussed (`lines`:
    the `file_line` of each, by key), the graph's list of parts and its file nodes (`files`:
    (key, page) of each; None: left as they are)."""
    yield HOME, home(stats)
    yield f"{SESSIONS_PAGE}.md", sessions_overview(stats)
    for kind in KINDS:
        yield f"{kind_page(kind)}.md", kind_overview(stats, kind)
    yield f"{FILES_PAGE}.md", files_listing(lines)
    yield GRAPH, graph_manifest(stats)
    if files is not None:
        yield GRAPH_FILES, graph_files(files)


def render_pages(graph: Graph) -> dict[str, str]:
    """Every derived page of a ledger, path relative to its root → text."""
    months = by_month(graph)
    stats = {m: month_stats(graph, *lists) for m, lists in months.items()}
    return dict(chain(all_pages(graph, months, stats), all_parts(graph, months)))


def all_pages(
    graph: Graph, months: Months, stats: Mapping[str, MonthStats], share: slice = slice(1, None, 2)
) -> Iterator[tuple[str, str]]:
    """The pages about the whole ledger, the listings of every month, and the `share` of the
    pages of the files discussed (the rest go with `all_parts`: they are most pages)."""
    files = graph.files
    yield from summary_pages(stats, [file_line(n) for n in files], [(n.key, n.page) for n in files])
    for month, lists in months.items():
        yield from month_pages(graph, month, *lists)
    yield from file_pages(graph, files[share])


def all_parts(
    graph: Graph, months: Months, share: slice = slice(None, None, 2)
) -> Iterator[tuple[str, str]]:
    """The graph's part of every month, and the `share` of the pages of the files discussed."""
    yield from graph_parts(graph, months, {n.key: n.page for n in graph.files})
    yield from file_pages(graph, graph.files[share])
