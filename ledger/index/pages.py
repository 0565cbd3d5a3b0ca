"""The derived pages: `index.md`, listings by month, files discussed, the graph's parts.

Pure functions of the link graph: the same ledger gives the same bytes, whatever order it was
indexed in, and no clock is read. Every wikilink is a full vault path without `.md`, so it
resolves to exactly one file in Obsidian.

What grows with the ledger is split by month (`index/<kinds>/<YYYY-MM>.md`,
`index/sessions/<YYYY-MM>.md`, `index/graph/<YYYY-MM>.json`): a new session rewrites its month's
pages, not every finding's line, and no page grows past what git hosts accept (one graph of
100,000 findings is 60 MB). The pages about the whole ledger are built from each month's
`MonthStats`, so an update needs the stats of the other months, not their entries.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import chain, groupby, islice
from typing import NamedTuple

from ledger.index.entries import Entry
from ledger.index.graph import FileNode, Graph
from ledger.models import KINDS, short_id

HOME = "index.md"
PAGES_DIR = "index"
GRAPH = "index/graph.json"
GRAPH_DIR = "index/graph"
GRAPH_FILES = "index/graph/files.json"
SESSIONS_PAGE = "index/sessions"
FILES_PAGE = "index/files"
UNDATED = "undated"
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
DONE = frozenset(
    {"done", "closed", "resolved", "answered", "rejected", "superseded", "wontfix", "dropped"}
)
"""Statuses that take a todo or a question off the open lists."""
_LINK_UNSAFE = str.maketrans({"[": "(", "]": ")", "|": "/", "#": " ", "^": " ", "\n": " "})
NOTICE = (
    "_Derived by `ledger index` from the files under `sessions/`; "
    "edit those, not this page: it is rewritten._"
)


def kind_page(kind: str) -> str:
    return f"{PAGES_DIR}/{PLURAL.get(kind, kind)}"


def _needs_cleaning(text: str) -> bool:
    """Whether `alias` may change a text: an empty one, a bracket, pipe, `#` or `^`, any space
    but single ` ` between words (every other whitespace character is unprintable; so are a
    few more, which `_cleaned` leaves as they are). Most titles and file paths have none, and
    are taken as they are. Tested with str methods: a regex search, tried at every character,
    cost four times as much, on every link of every page."""
    return (
        not text
        or text[0] == " "
        or text[-1] == " "
        or "  " in text
        or "[" in text
        or "]" in text
        or "|" in text
        or "#" in text
        or "^" in text
        or not text.isprintable()
    )


def alias(text: str) -> str:
    """Text that cannot break out of a wikilink's alias or a list item."""
    return _cleaned(text) if _needs_cleaning(text) else text


@lru_cache(maxsize=1 << 18)
def _cleaned(text: str) -> str:
    return " ".join(text.translate(_LINK_UNSAFE).split()) or "untitled"


def link(target: str, title: str) -> str:
    return f"[[{target}|{alias(title)}]]"


WITHDRAWN = frozenset({"rejected", "reverted", "withdrawn", "superseded", "dropped"})
"""Statuses that make a decision no longer current."""


def is_current_decision(graph: Graph, entry: Entry) -> bool:
    return not graph.superseded(entry) and entry.status.casefold() not in WITHDRAWN


def is_open(entry: Entry) -> bool:
    return entry.status.casefold() not in DONE


def _day(graph: Graph, entry: Entry) -> str:
    return graph.started(entry)[:10] or UNDATED


def _project(entry: Entry) -> str:
    return entry.project.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]


def _counts(graph: Graph, session: Entry) -> str:
    kinds = [graph.entries[p].kind for p in graph.findings_of.get(session.id, ())]
    parts = [f"{kinds.count(k)} {PLURAL[k] if kinds.count(k) != 1 else k}" for k in KINDS]
    shown = [p for p in parts if not p.startswith("0 ")]
    return ", ".join(shown) or "no findings"


def session_line(graph: Graph, session: Entry) -> str:
    work = ", ".join(session.methods)  # its engagements' methods, in order
    facts = [session.agent, _project(session), work, _counts(graph, session)]
    if session.continues:
        facts.append(f"continues {short_id(session.continues)}")
    later = graph.continued_by.get(session.id, ())
    if later:
        facts.append(f"continued by {', '.join(short_id(e.id) for e in later)}")
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


HOME_LISTS = (
    "Recent sessions", "Open todos", "Open questions", "Latest decisions", "Superseded decisions"
)  # fmt: skip


class MonthStats(NamedTuple):
    """What the pages about the whole ledger need of one month: its counts, and the first lines
    of each list of the home page (`HOME_LISTS`), newest first."""

    sessions: int
    kinds: tuple[int, ...]
    """Findings of each kind, in the order of KINDS."""
    current: int
    """Current decisions (not superseded, not withdrawn)."""
    todos: int
    questions: int
    """Open todos and open questions (neither done nor superseded)."""
    top: tuple[tuple[str, ...], ...]


def month_of(graph: Graph, entry: Entry) -> str:
    """`YYYY-MM` of the day a session or finding is listed under, or `undated`."""
    day = _day(graph, entry)
    return day[:7] if day != UNDATED else UNDATED


def newest_first(months: Iterable[str]) -> list[str]:
    """Months newest first, `undated` last."""
    return sorted(months, key=lambda m: (m != UNDATED, m), reverse=True)


def month_stats(graph: Graph, sessions: list[Entry], findings: list[Entry]) -> MonthStats:
    """The stats of a month from its sessions and findings, each newest first."""
    superseded = graph.superseded
    by_kind: dict[str, list[Entry]] = {k: [] for k in KINDS}
    for f in findings:
        by_kind.setdefault(f.kind, []).append(f)
    todos = [f for f in by_kind["todo"] if is_open(f) and not superseded(f)]
    questions = [f for f in by_kind["question"] if is_open(f) and not superseded(f)]
    current = [f for f in by_kind["decision"] if is_current_decision(graph, f)]
    replaced = [f for f in by_kind["decision"] if superseded(f)]
    lists = (todos, questions, current, replaced)
    top = (
        tuple(session_line(graph, s) for s in sessions[:RECENT]),
        *(tuple(finding_line(graph, f) for f in found[:RECENT]) for found in lists),
    )
    kinds = tuple(len(by_kind[k]) for k in KINDS)
    return MonthStats(len(sessions), kinds, len(current), len(todos), len(questions), top)


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def home(stats: Mapping[str, MonthStats]) -> str:
    """`index.md`: recent sessions, open todos and questions, latest and superseded decisions."""
    months = [stats[m] for m in newest_first(stats)]
    browse = " · ".join(
        [link(SESSIONS_PAGE, "sessions")]
        + [link(kind_page(k), PLURAL[k]) for k in KINDS]
        + [link(FILES_PAGE, "files discussed")]
    )
    said = [
        _plural(sum(m.sessions for m in months), "session", "sessions"),
        _plural(sum(sum(m.kinds) for m in months), "finding", "findings"),
        _plural(sum(m.current for m in months), "current decision", "current decisions"),
        _plural(sum(m.todos for m in months), "open todo", "open todos"),
        _plural(sum(m.questions for m in months), "open question", "open questions"),
    ]
    intro = f"{said[0]} and {said[1]}: {', '.join(said[2:])}.\n\nBrowse: {browse}\n\n{NOTICE}"
    sections = [
        _section(title, islice(chain.from_iterable(m.top[n] for m in months), RECENT))
        for n, title in enumerate(HOME_LISTS)
    ]
    return _page("Ledger", intro, *sections)


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


def _overview(title: str, page: str, counts: list[tuple[str, int]], one: str, many: str) -> str:
    """A listing's first page: how many, and a link to the page of each month."""
    total = sum(n for _, n in counts)
    intro = (
        f"{_plural(total, one, many)}, by month, newest first. "
        f"Back to [[index|the ledger]].\n\n{NOTICE}"
    )
    lines = (f"- {link(f'{page}/{m}', m)} · {_plural(n, one, many)}" for m, n in counts if n)
    return _page(title, intro, _section("Months", lines))


def kind_overview(stats: Mapping[str, MonthStats], kind: str) -> str:
    """`index/<kinds>.md`: the findings of a kind, month by month."""
    place = KINDS.index(kind)
    counts = [(m, stats[m].kinds[place]) for m in newest_first(stats)]
    return _overview(PLURAL[kind].capitalize(), kind_page(kind), counts, kind, PLURAL[kind])


def sessions_overview(stats: Mapping[str, MonthStats]) -> str:
    """`index/sessions.md`: the sessions, month by month."""
    counts = [(m, stats[m].sessions) for m in newest_first(stats)]
    return _overview("Sessions", SESSIONS_PAGE, counts, "session", "sessions")


def _month_page(title: str, page: str, month: str, count: str, sections: list[str]) -> str:
    intro = f"{count}, newest first. All [[{page}|{title.lower()}]].\n\n{NOTICE}"
    return _page(f"{title}: {month}", intro, *sections)


def month_pages(
    graph: Graph, month: str, sessions: list[Entry], findings: list[Entry]
) -> Iterator[tuple[str, str]]:
    """The listings of one month: its sessions, its findings of each kind."""
    if sessions:
        count = _plural(len(sessions), "session", "sessions")
        yield (
            f"{SESSIONS_PAGE}/{month}.md",
            _month_page(
                "Sessions", SESSIONS_PAGE, month, count, _by_day(graph, sessions, line="session")
            ),
        )
    for kind in KINDS:
        if found := [f for f in findings if f.kind == kind]:
            count = _plural(len(found), kind, PLURAL[kind])
            title = PLURAL[kind].capitalize()
            yield (
                f"{kind_page(kind)}/{month}.md",
                _month_page(title, kind_page(kind), month, count, _by_day(graph, found)),
            )


def file_line(node: FileNode) -> str:
    """A file discussed in the listing: how many sessions changed it and findings cite it."""
    changed, cited = len(node.sessions), len(node.findings)
    return f"- {link(node.page, node.key)} · {changed} changed · {cited} cited"


def files_listing(lines: Sequence[str]) -> str:
    """Every file discussed, by path, with how many sessions and findings touched or cite it."""
    intro = (
        f"{len(lines)} files that sessions changed or findings cite. "
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


def file_pages(graph: Graph, nodes: Iterable[FileNode]) -> Iterator[tuple[str, str]]:
    """The pages of these files discussed."""
    for node in nodes:
        yield f"{node.page}.md", file_page(graph, node.key, node.sessions, node.findings)


Months = dict[str, tuple[list[Entry], list[Entry]]]
"""Month → its sessions and its findings, each newest first."""


def by_month(graph: Graph, wanted: Container[str] | None = None) -> Months:
    """The sessions and findings of the graph by month (only the `wanted` months if given)."""
    months: Months = {}
    for place, entries in enumerate((graph.sessions, graph.findings)):
        for e in entries:
            month = month_of(graph, e)
            if wanted is None or month in wanted:
                months.setdefault(month, ([], []))[place].append(e)
    return months
