"""Each page of the viewer as HTML, from a snapshot of the ledger: what `ledger serve` answers
and `ledger site` writes."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date
from typing import TYPE_CHECKING

from markupsafe import Markup, escape

from ledger.errors import LedgerError
from ledger.models import KINDS
from ledger.search.log import Chains
from ledger.store.git import Commit
from ledger.viewer.charts import charts
from ledger.viewer.html import Links, markdown, render
from ledger.viewer.model import GROUPS, PAGE_SIZE, Filters, Snapshot, timeline
from ledger.viewer.pages import finding_page, session_page, turn_numbers

if TYPE_CHECKING:
    from ledger.index.summaries import Meta
    from ledger.search.grep import GrepMatch

SEARCH_LIMIT = 50
_MATCHED = re.compile(r"\[([^\[\]\n]{1,80})\]")


def timeline_html(
    snapshot: Snapshot, links: Links, filters: Filters, page_size: int | None = PAGE_SIZE
) -> str:
    found = timeline(snapshot, filters, page_size)
    of = snapshot.findings_by_session
    rows = [row.session.id for group in found.groups for row in group.rows]
    kinds_of = {sid: " ".join(sorted({f.kind for f in of.get(sid, ())})) for sid in rows}
    statuses_of = {sid: " ".join(sorted({f.status for f in of.get(sid, ())})) for sid in rows}

    def page_link(number: int) -> str:
        query = {k: str(v) for k, v in _query(filters).items()}
        return links.home(filters.group, **{**query, "page": str(number)})

    return render(
        "timeline.html", links, timeline=found, projects=snapshot.projects,
        agents=snapshot.agents, kinds=KINDS, statuses=snapshot.statuses, groups=GROUPS,
        kinds_of=kinds_of, statuses_of=statuses_of, page_link=page_link,
    )  # fmt: skip


def _query(filters: Filters) -> dict[str, str]:
    return {
        "project": filters.project, "agent": filters.agent, "kind": filters.kind,
        "status": filters.status, "since": filters.since, "until": filters.until,
        "ghosts": "1" if filters.ghosts else "",
    }  # fmt: skip


def not_found_html(links: Links, what: str, name: str) -> str:
    return render("not_found.html", links, what=what, name=name)


def session_html(
    snapshot: Snapshot, links: Links, session_id: str, transcript: bool = True
) -> str | None:
    """The session's page; None when the ledger holds no such session."""
    try:
        page = session_page(snapshot, session_id, transcript)
    except KeyError:
        return None
    continues = snapshot.session(page.session.continues) if page.session.continues else None
    later = snapshot.continued_by.get(page.session.id, ())
    body = markdown(page.body, snapshot, links)
    return render(
        "session.html", links, page=page, body=body, continues=continues, continued_by=later
    )


def finding_html(
    snapshot: Snapshot,
    links: Links,
    finding_id: str,
    chains: Chains,
    commits: tuple[Commit, ...] | None = None,
) -> str | None:
    """The finding's page; None when the ledger holds no such finding."""
    try:
        page = finding_page(snapshot, finding_id, chains, commits)
    except KeyError:
        return None
    body = markdown(page.body, snapshot, links)
    turns = turn_numbers(page.fields)
    return render("finding.html", links, page=page, body=body, turns=turns)


def charts_html(snapshot: Snapshot, links: Links) -> str:
    return render("charts.html", links, charts=charts(snapshot))


@dataclass(frozen=True, slots=True)
class SearchHit:
    kind: str
    title: str
    url: str
    date: str
    status: str
    snippet: Markup


def _snippet(text: str) -> Markup:
    """A snippet with its matched words (in [brackets]) marked, everything else escaped."""
    return Markup(_MATCHED.sub(r"<mark>\1</mark>", str(escape(text))))


def _hit(links: Links, found: Meta | GrepMatch, snippet: Markup) -> SearchHit:
    is_session = found.type == "session"
    url = links.session(found.session_id) if is_session else links.finding(found.id)
    kind = "session" if is_session else found.kind
    return SearchHit(kind, found.title, url, found.date, found.status, snippet)


def search_html(snapshot: Snapshot, links: Links, query: Mapping[str, str]) -> str:
    """The ranked search of `ledger search` (grep when the ranked index cannot answer)."""
    from ledger.search.grep import GrepOptions, grep
    from ledger.search.ranked import QueryError, search

    words = query.get("q", "").strip()
    filters = Filters.of(query)
    hits: list[SearchHit] = []
    problem, engine = "", "ranked"
    options = GrepOptions(
        words, kinds=(filters.kind,) if filters.kind else (), status=filters.status or None,
        project=filters.project or None, agent=filters.agent or None,
        current=query.get("current", "") in ("1", "on"),
        since=date.fromisoformat(filters.since) if filters.since else None,
        until=date.fromisoformat(filters.until) if filters.until else None,
    )  # fmt: skip
    try:
        if words:
            found = search(snapshot.root, snapshot.state, words, options, limit=SEARCH_LIMIT)
            hits = [_hit(links, hit.meta, _snippet(hit.snippet)) for hit in found.hits]
    except QueryError as error:
        problem = str(error)
    except LedgerError:  # no FTS5 in this Python's SQLite: grep for the words as typed
        engine = "grep"
        literal = replace(options, fixed=True, ignore_case=True)
        grepped = grep(snapshot.root, snapshot.state, literal)
        hits = [_hit(links, m, Markup()) for m in grepped.matches[:SEARCH_LIMIT]]
    return render(
        "search.html", links, query=words, hits=hits, problem=problem, engine=engine,
        filters=filters, current=options.current, kinds=(*KINDS, "session"),
        projects=snapshot.projects,
        agents=snapshot.agents, statuses=snapshot.statuses,
    )  # fmt: skip
