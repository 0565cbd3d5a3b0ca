"""The derived pages: `index.md`, a page per kind, sessions, files discussed, `index/graph.json`.

Pure functions of the link graph: the same ledger gives the same bytes, whatever order it was
indexed in, and no clock is read. Every wikilink is a full vault path without `.md`, so it
resolves to exactly one file in Obsidian.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from itertools import groupby
from json.encoder import encode_basestring

from ledger.entries import Entry
from ledger.graph import FileNode, Graph
from ledger.models import KINDS

HOME = "index.md"
PAGES_DIR = "index"
GRAPH = "index/graph.json"
SESSIONS_PAGE = "index/sessions"
FILES_PAGE = "index/files"
RECENT = 20
"""How many items each list of the home page shows; the full lists are on the other pages."""
PLURAL = {
    "decision": "decisions",
    "insight": "insights",
    "question": "questions",
    "todo": "todos",
    "hypothesis": "hypotheses",
    "takeaway": "takeaways",
}
DONE = frozenset({"done", "closed", "resolved", "answered", "rejected", "superseded", "wontfix"})
"""Statuses that take a todo or a question off the open lists."""
_LINK_UNSAFE = str.maketrans({"[": "(", "]": ")", "|": "/", "#": " ", "^": " ", "\n": " "})
NOTICE = (
    "_Derived by `ledger index` from the files under `sessions/`; "
    "edit those, not this page: it is rewritten._"
)


def kind_page(kind: str) -> str:
    return f"{PAGES_DIR}/{PLURAL.get(kind, kind)}"


_NEEDS_CLEANING = re.compile(r"[^\S ]|[\[\]|#^]|  |\A | \Z|\A\Z").search
"""What `alias` would change: a bracket, pipe, `#` or `^`, any space but single ` ` between
words, an empty text. Most titles and file paths have none, and are taken as they are."""


def alias(text: str) -> str:
    """Text that cannot break out of a wikilink's alias or a list item."""
    return _cleaned(text) if _NEEDS_CLEANING(text) else text


@lru_cache(maxsize=1 << 18)
def _cleaned(text: str) -> str:
    return " ".join(text.translate(_LINK_UNSAFE).split()) or "untitled"


def link(target: str, title: str) -> str:
    return f"[[{target}|{alias(title)}]]"


WITHDRAWN = frozenset({"rejected", "reverted", "withdrawn", "superseded"})
"""Statuses that make a decision no longer current."""


def is_current_decision(graph: Graph, entry: Entry) -> bool:
    return not graph.superseded(entry) and entry.status.casefold() not in WITHDRAWN


def is_open(entry: Entry) -> bool:
    return entry.status.casefold() not in DONE


def _day(graph: Graph, entry: Entry) -> str:
    return graph.started(entry)[:10] or "undated"


def _project(entry: Entry) -> str:
    return entry.project.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]


def _counts(graph: Graph, session: Entry) -> str:
    kinds = [graph.entries[p].kind for p in graph.findings_of.get(session.id, ())]
    parts = [f"{kinds.count(k)} {PLURAL[k] if kinds.count(k) != 1 else k}" for k in KINDS]
    shown = [p for p in parts if not p.startswith("0 ")]
    return ", ".join(shown) or "no findings"


def session_line(graph: Graph, session: Entry) -> str:
    facts = [session.agent, _project(session), _counts(graph, session)]
    shown = " · ".join(f for f in facts if f)
    return f"- {_day(graph, session)} {link(session.link, session.title)} · {shown}"


def _replacements(graph: Graph, entry: Entry) -> str:
    newer = graph.replaced_by.get(entry.path, ())
    shown = [link(graph.entries[p].link, graph.entries[p].title) for p in newer]
    return f" → {', '.join(shown)}" if shown else ""


def finding_line(graph: Graph, entry: Entry, day: bool = True, status: bool = False) -> str:
    """A finding as a list item; a superseded one struck through, pointing to what replaced it."""
    text = link(entry.link, entry.title)
    when = f"{_day(graph, entry)} " if day else ""
    if graph.superseded(entry):
        return f"- {when}~~{text}~~ · superseded{_replacements(graph, entry)}"
    return f"- {when}{text}" + (f" · {entry.status}" if status and entry.status else "")


def _section(title: str, lines: Iterable[str]) -> str:
    body = "\n".join(lines)
    return f"## {title}\n\n{body or '_None._'}\n"


def _page(title: str, intro: str, *sections: str) -> str:
    return "\n".join([f"# {title}\n", f"{intro}\n", *sections])


def home(graph: Graph) -> str:
    """`index.md`: recent sessions, open todos and questions, latest and superseded decisions."""
    by_kind = {k: graph.of_kind(k) for k in KINDS}
    todos = [f for f in by_kind["todo"] if is_open(f) and not graph.superseded(f)]
    questions = [f for f in by_kind["question"] if is_open(f) and not graph.superseded(f)]
    current = [f for f in by_kind["decision"] if is_current_decision(graph, f)]
    replaced = [f for f in by_kind["decision"] if graph.superseded(f)]
    browse = " · ".join(
        [link(SESSIONS_PAGE, "sessions")]
        + [link(kind_page(k), PLURAL[k]) for k in KINDS]
        + [link(FILES_PAGE, "files discussed")]
    )
    counts = [
        (len(graph.sessions), "session", "sessions"),
        (len(graph.findings), "finding", "findings"),
        (len(current), "current decision", "current decisions"),
        (len(todos), "open todo", "open todos"),
        (len(questions), "open question", "open questions"),
    ]
    said = [f"{n} {one if n == 1 else many}" for n, one, many in counts]
    intro = f"{said[0]} and {said[1]}: {', '.join(said[2:])}.\n\nBrowse: {browse}\n\n{NOTICE}"
    return _page(
        "Ledger",
        intro,
        _section("Recent sessions", (session_line(graph, s) for s in graph.sessions[:RECENT])),
        _section("Open todos", (finding_line(graph, f) for f in todos[:RECENT])),
        _section("Open questions", (finding_line(graph, f) for f in questions[:RECENT])),
        _section("Latest decisions", (finding_line(graph, f) for f in current[:RECENT])),
        _section("Superseded decisions", (finding_line(graph, f) for f in replaced[:RECENT])),
    )


def _by_day(graph: Graph, entries: Iterable[Entry], line: str = "finding") -> list[str]:
    sections = []
    superseded = graph.superseded
    for day, group in groupby(entries, key=lambda e: _day(graph, e)):
        if line == "finding":
            lines = [
                finding_line(graph, e, day=False, status=True)
                if superseded(e)
                # the line finding_line gives, without its calls: this runs 100,000 times
                else f"- [[{e.path[:-3]}|{alias(e.title)}]]"
                + (f" · {e.status}" if e.status else "")
                for e in group
            ]
        else:
            lines = [session_line(graph, e) for e in group]
        sections.append(_section(day, lines))
    return sections


def kind_listing(graph: Graph, kind: str) -> str:
    """Every finding of a kind, newest first, grouped by day."""
    found = graph.of_kind(kind)
    intro = f"{len(found)} {PLURAL[kind]}, newest first. Back to [[index|the ledger]].\n\n{NOTICE}"
    return _page(PLURAL[kind].capitalize(), intro, *_by_day(graph, found))


def sessions_listing(graph: Graph) -> str:
    """Every session, newest first, grouped by day."""
    intro = (
        f"{len(graph.sessions)} sessions, newest first. Back to [[index|the ledger]].\n\n{NOTICE}"
    )
    return _page("Sessions", intro, *_by_day(graph, graph.sessions, line="session"))


def files_listing(graph: Graph) -> str:
    """Every file discussed, by path, with how many sessions and findings touched or cite it."""
    lines = [
        f"- {link(node.page, node.key)} · {len(node.sessions)} changed · {len(node.findings)} cited"
        for node in graph.files
    ]
    intro = (
        f"{len(graph.files)} files that sessions changed or findings cite. "
        f"Back to [[index|the ledger]].\n\n{NOTICE}"
    )
    return _page("Files discussed", intro, _section("Files", lines))


def file_page(graph: Graph, key: str, sessions: tuple[str, ...], findings: tuple[str, ...]) -> str:
    """One file: the sessions that changed it or whose findings cite it, with those findings."""
    citing: dict[str, list[Entry]] = {}
    for path in findings:
        finding = graph.entries[path]
        session = graph.session(finding)
        citing.setdefault(session.path if session else "", []).append(finding)
    order = list(dict.fromkeys([*sessions, *(p for p in citing if p)]))
    lines = []
    for path in sorted(order, key=graph.rank.__getitem__):
        session = graph.entries[path]
        changed = " · changed it" if path in sessions else ""
        lines.append(f"- {_day(graph, session)} {link(session.link, session.title)}{changed}")
        lines += [f"  - **{f.kind}** {link(f.link, f.title)}" for f in citing.get(path, [])]
    lines += [f"- **{f.kind}** {link(f.link, f.title)}" for f in citing.get("", [])]
    intro = f"`{key}`. All [[{FILES_PAGE}|files discussed]].\n\n{NOTICE}"
    return _page(key, intro, _section("Discussed in sessions", lines))


def graph_json(graph: Graph) -> str:
    """Nodes and typed edges, one per line, sorted: small diffs, no order left to chance."""
    q = encode_basestring
    links = {path: path[:-3] for path in graph.entries}
    quoted = {link: q(link) for link in links.values()}
    nodes = []
    edges: set[tuple[str, str, str]] = set()
    for n in graph.files:
        quoted[n.page] = q(n.page)
        nodes.append((n.page, f'"title": {q(n.key)}, "type": "file"'))
        edges.update((links[p], n.page, "changed") for p in n.sessions)
        edges.update((links[p], n.page, "cites") for p in n.findings)
    session = graph.session
    for path, e in graph.entries.items():
        if e.type == "session":
            nodes.append(
                (links[path], f'"date": {q(e.date)}, "title": {q(e.title)}, "type": "session"')
            )
        elif e.type == "finding":
            facts = f'"kind": {q(e.kind)}, "status": {q(e.status)}, "title": {q(e.title)}'
            nodes.append((links[path], f'"date": {q(e.date)}, {facts}, "type": "finding"'))
            if (home := session(e)) is not None:
                edges.add((links[path], links[home.path], "in_session"))
    for old, newer in graph.replaced_by.items():
        edges.update((links[p], links[old], "supersedes") for p in newer)
    for source, targets in graph.cited.items():
        edges.update((links[source], links[t], "references") for t in targets)
    node_lines = ",\n".join(f'{{{facts}, "id": {quoted[id_]}}}' for id_, facts in sorted(nodes))
    edge_lines = ",\n".join(
        f'{{"source": {quoted[s]}, "target": {quoted[t]}, "type": "{k}"}}'
        for s, t, k in sorted(edges)
    )
    return f'{{"nodes": [\n{node_lines}\n],\n"edges": [\n{edge_lines}\n]}}\n'


def render_pages(graph: Graph, skip: Callable[[FileNode], bool] | None = None) -> dict[str, str]:
    """Every derived page, path relative to the ledger root → its text; but not the pages of
    the files `skip` says are unchanged."""
    return dict(iter_pages(graph, skip))


def iter_pages(
    graph: Graph, skip: Callable[[FileNode], bool] | None = None
) -> Iterator[tuple[str, str]]:
    """`render_pages` one page at a time, so each can be written while the next is rendered."""
    yield from summary_pages(graph)
    yield from graph_pages(graph)
    yield from file_pages(graph, [n for n in graph.files if skip is None or not skip(n)])


def summary_pages(graph: Graph) -> Iterator[tuple[str, str]]:
    """The pages about the whole ledger: home, sessions, kinds, files discussed."""
    yield HOME, home(graph)
    yield f"{SESSIONS_PAGE}.md", sessions_listing(graph)
    for kind in KINDS:
        yield f"{kind_page(kind)}.md", kind_listing(graph, kind)
    yield f"{FILES_PAGE}.md", files_listing(graph)


def graph_pages(graph: Graph) -> Iterator[tuple[str, str]]:
    """`index/graph.json`, as a page."""
    yield GRAPH, graph_json(graph)


def file_pages(graph: Graph, nodes: Iterable[FileNode]) -> Iterator[tuple[str, str]]:
    """The pages of these files discussed."""
    for node in nodes:
        yield f"{node.page}.md", file_page(graph, node.key, node.sessions, node.findings)
