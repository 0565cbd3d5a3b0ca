"""`ledger search`: findings and sessions ranked by how well they answer a question in words.

The filters are grep's (kind, status, dates, project, agent, tag, current), answered from the
index's facts; the ranking is the FTS index's (`index/fts.py`): current findings first, then an
exact title, then BM25 over title, tags, project and body. The FTS index is brought up to date
here when the ledger changed since it was last synced.
"""

from __future__ import annotations

import sqlite3
from bisect import bisect_left
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from ledger.errors import LedgerError
from ledger.index import fts
from ledger.index.entries import folders_token, is_current
from ledger.index.summaries import SEPARATOR, Docs, Meta, load_docs
from ledger.search.grep import GrepOptions, check_filters, selects

LIMIT = 20
FILTER_WINDOW = 10
"""A filtered search ranks this many pages of results first, and everything only when the
filters leave fewer than a page of them."""


class QueryError(LedgerError):
    """A query with no words, or filters that cannot match."""


@dataclass(frozen=True, slots=True)
class Hit:
    """One result: the file's facts, its BM25 score (higher is better) and a snippet with the
    matching words in [brackets]."""

    meta: Meta
    superseded: bool
    score: float
    snippet: str

    @property
    def tags(self) -> tuple[str, ...]:
        return tuple(t for t in self.meta.tags.split(SEPARATOR) if t)


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The hits, best first."""

    root: Path
    query: str
    hits: tuple[Hit, ...]


def current_docs(root: Path, state: Path) -> tuple[Docs, bytes]:
    """The search facts as the files are now, and the folders' token they go with."""
    from ledger.index.build import current, lock_if_free

    token = folders_token(state)
    saved = load_docs(state, token)
    if saved is not None and is_current(root, state):
        return saved, token
    with lock_if_free(root, state) as held:
        docs = current(root, state, save=held).docs
    return docs, folders_token(state) if held else b"unsaved"


def search(
    root: Path, state: Path, query: str, options: GrepOptions, limit: int = LIMIT
) -> SearchResult:
    """The findings and sessions that answer `query` best, filtered as grep filters."""
    check_filters(options)
    if fts.match_expression(query) is None:
        raise QueryError(f"no words to search for in {query!r}", "give at least one word")
    if limit < 1:
        raise QueryError(f"limit {limit} is below 1", "give a limit of 1 or more")
    docs, token = current_docs(root, state)
    filtered = any((options.kinds, options.status, options.since, options.until, options.session,
                    options.project, options.agent, options.tag, options.current))  # fmt: skip
    db = fts.open_index(state)
    try:
        # locked: another process syncs it; rank what is there, it is nearly current
        with suppress(sqlite3.OperationalError):
            fts.sync(db, docs, token)
        # filtered: the best FILTER_WINDOW pages first (a prefix of the ranking), all if short
        window = limit * FILTER_WINDOW if filtered else limit
        rows = fts.ranked(db, query, window)
        chosen = _chosen(docs, rows, options if filtered else None, limit)
        if len(chosen) < limit and len(rows) >= window and filtered:
            chosen = _chosen(docs, fts.ranked(db, query, None), options, limit)
        snippets = fts.snippets(db, query, [row.rowid for row, _ in chosen])
    finally:
        db.close()
    hits = (Hit(m, row.superseded, row.score, snippets.get(row.rowid, "")) for row, m in chosen)
    return SearchResult(root, query, tuple(hits))


def _chosen(
    docs: Docs, rows: list[fts.Row], options: GrepOptions | None, limit: int
) -> list[tuple[fts.Row, Meta]]:
    """The first `limit` rows the filters keep (all rows without filters), with their facts."""
    chosen: list[tuple[fts.Row, Meta]] = []
    for row in rows:
        n = bisect_left(docs.starts, row.start)
        if n == len(docs) or docs.starts[n] != row.start:
            continue  # a file indexed before the ledger changed under this search
        meta = docs.meta(n)
        if options is not None and not selects(meta, options):
            continue
        chosen.append((row, meta))
        if len(chosen) == limit:
            break
    return chosen
