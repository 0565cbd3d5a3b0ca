"""The full-text index `ledger search` ranks with: SQLite FTS5 (BM25) in `.ledger/search.sqlite`.

Derived from the search cache and its facts (`summaries.Docs`), so deleting it loses nothing.
A sync runs only when the folders' token moved since the last one; it compares a digest of each
file's text and facts with the one indexed, and writes again only the files that differ (the
cache's bytes are mapped, so hashing them is the cost: about 0.2 s at 100,000 findings).

Tokenising is FTS5's `unicode61` with diacritics removed (so "resume" finds "résumé", case folds
for every script, Cyrillic included). Chinese and Japanese have no spaces between words, so each
ideograph or kana is indexed as a token of its own and a query's run of them becomes a phrase.
"""

from __future__ import annotations

import hashlib
import mmap
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from ledger.errors import LedgerError
from ledger.index.blobs import mapped
from ledger.index.entries import folders_token
from ledger.index.summaries import SEPARATOR, Docs, load_docs

DATABASE = "search.sqlite"
SCHEMA = 2
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK_CHAR = re.compile(f"([{_CJK}])")
_CJK_GAP = re.compile(f"(?<=[{_CJK}]) (?=[{_CJK}\\[])|(?<=[{_CJK}\\]]) (?=[{_CJK}])")
_YO = str.maketrans("ёЁ", "еЕ")
_FRONTMATTER = re.compile(r"\A---\r?\n.*?\r?\n---\r?\n", re.DOTALL)
_HEADING = re.compile(r"\A\s*# [^\n]*\n")
"""A finding's body opens with its title as a heading: the title is indexed on its own."""
_WIKILINK = re.compile(r"\[\[([^\]|]*)(?:\|([^\]]*))?\]\]")
_WORD = re.compile(r"\w+")
WEIGHTS = "10.0, 1.0, 4.0, 2.0, 0.0"
"""BM25 weights of title, body, tags, project: a word in the title counts most; the state
column (`current` or `superseded`) only selects."""
CURRENT, SUPERSEDED = "current", "superseded"


class SearchIndexError(LedgerError):
    """The search index cannot be opened or read."""


@dataclass(frozen=True, slots=True)
class Row:
    """One ranked file: where it is in the cache, whether it is superseded, its score (BM25,
    higher is better), and its row in the index (for its snippet)."""

    start: int
    superseded: bool
    score: float
    rowid: int


def spaced(text: str) -> str:
    """Text with every CJK ideograph and kana as a word of its own, and ё as е (Russian writes
    either; unicode61 removes only Latin diacritics)."""
    return _CJK_CHAR.sub(r" \1 ", text.translate(_YO))


def unspaced(text: str) -> str:
    """A snippet of spaced text as it was written."""
    return _CJK_GAP.sub("", text)


def body_text(markdown: str) -> str:
    """The words of a file worth searching: its body without frontmatter, links by their label."""
    body = _HEADING.sub("", _FRONTMATTER.sub("", markdown, count=1), count=1)
    return spaced(_WIKILINK.sub(lambda m: m.group(2) or m.group(1).rsplit("/", 1)[-1], body))


def open_index(state: Path) -> sqlite3.Connection:
    """The search index in `state`, created empty (or anew, after a schema change) if needed."""
    try:
        state.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(state / DATABASE, timeout=30)
        if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA:
            db.executescript(
                "DROP TABLE IF EXISTS fts; DROP TABLE IF EXISTS rows; DROP TABLE IF EXISTS token;"
                "CREATE VIRTUAL TABLE fts USING fts5(title, body, tags, project, state,"
                " tokenize = 'unicode61 remove_diacritics 2');"
                "CREATE TABLE rows (id INTEGER PRIMARY KEY, path TEXT UNIQUE, start INTEGER,"
                " superseded INTEGER, digest BLOB);"
                "CREATE TABLE token (value BLOB);"
                f"PRAGMA user_version = {SCHEMA};"
            )
    except sqlite3.Error as error:
        raise SearchIndexError(
            f"{state / DATABASE}: {error}", "delete it: `ledger search` rebuilds it"
        ) from error
    return db


def cache_text(docs: Docs) -> bytes | mmap.mmap:
    """The bytes of the search cache `docs` points into (mapped), then those not saved yet."""
    head = mapped(docs.cache, docs.size)
    return bytes(head) + docs.pending if docs.pending else head


def sync(db: sqlite3.Connection, docs: Docs, token: bytes) -> int:
    """Bring the index in line with `docs`; how many files were written or removed. Nothing is
    read when the index was synced with the same folders' token."""
    saved = db.execute("SELECT value FROM token").fetchone()
    if saved is not None and saved[0] == token:
        return 0
    stored = {path: (digest, start) for path, digest, start in db.execute(
        "SELECT path, digest, start FROM rows")}  # fmt: skip
    text = cache_text(docs)
    moved: list[tuple[int, str]] = []
    seen = set()
    written = 0
    with db:
        for n in range(len(docs)):
            start, line = docs.starts[n], bytes(docs.blob[docs.facts[n] : docs.fact_ends[n]])
            body = bytes(text[start : docs.ends[n]])
            path = line.split(b"\t", 1)[0].decode("utf-8", "replace")
            digest = hashlib.blake2b(body + b"\0" + line, digest_size=16).digest()
            seen.add(path)
            old = stored.get(path)
            if old is not None and old[0] == digest:
                if old[1] != start:
                    moved.append((start, path))
                continue
            _write(db, docs, n, path, body, digest)
            written += 1
        db.executemany("UPDATE rows SET start = ? WHERE path = ?", moved)
        gone = [(p,) for p in stored.keys() - seen]
        db.executemany("DELETE FROM fts WHERE rowid = (SELECT id FROM rows WHERE path = ?)", gone)
        db.executemany("DELETE FROM rows WHERE path = ?", gone)
        db.execute("DELETE FROM token")
        db.execute("INSERT INTO token VALUES (?)", (token,))
    return written + len(gone)


def _write(
    db: sqlite3.Connection, docs: Docs, n: int, path: str, body: bytes, digest: bytes
) -> None:
    meta = docs.meta(n)
    superseded = 1 if docs.superseded[n] else 0
    old = db.execute("SELECT id FROM rows WHERE path = ?", (path,)).fetchone()
    if old is not None:
        db.execute("DELETE FROM fts WHERE rowid = ?", old)
        db.execute("DELETE FROM rows WHERE id = ?", old)
    row = db.execute(
        "INSERT INTO rows (path, start, superseded, digest) VALUES (?, ?, ?, ?)",
        (path, docs.starts[n], superseded, digest),
    ).lastrowid
    db.execute(
        "INSERT INTO fts (rowid, title, body, tags, project, state) VALUES (?, ?, ?, ?, ?, ?)",
        (row, spaced(meta.title), body_text(body.decode("utf-8", "replace")),
         meta.tags.replace(SEPARATOR, " "), meta.project, SUPERSEDED if superseded else CURRENT),
    )  # fmt: skip


def match_expression(query: str) -> str | None:
    """A question in words as an FTS5 query: any word may match (BM25 ranks how many and how
    rare), a run of CJK characters as a phrase; None when the query has no words."""
    words = _WORD.findall(query)
    terms = []
    for word in words:
        parts = spaced(word).split()
        terms.append('"' + " ".join(parts) + '"')
    return " OR ".join(dict.fromkeys(terms)) or None


def ranked(db: sqlite3.Connection, query: str, limit: int | None) -> list[Row]:
    """The rows matching `query`: current before superseded, then an exact title, then BM25.

    Each state is ranked by FTS5 alone (its `state` column selects it), so no other column is
    read for the thousands of files a common word matches; exact titles are found among the
    files holding the query as a phrase in their title, snippets made for the rows returned."""
    expression = match_expression(query)
    if expression is None:
        return []
    title = spaced(query.strip())
    phrase = '"' + " ".join(spaced(" ".join(_WORD.findall(query))).split()) + '"'
    try:
        exact = {rowid for (rowid,) in db.execute(
            "SELECT rowid FROM fts WHERE fts MATCH ? AND title = ?",
            (f"title : {phrase}", title))}  # fmt: skip
        found: dict[int, float] = {}
        for state in (CURRENT, SUPERSEDED):
            if limit is not None and len(found) >= limit:
                break  # the current rows fill the page: no superseded one shows
            sql = f"SELECT rowid, bm25(fts, {WEIGHTS}) FROM fts WHERE fts MATCH ? ORDER BY 2, rowid"
            parameters: tuple[object, ...] = (f"({expression}) AND state : {state}",)
            if limit is not None:
                sql += " LIMIT ?"
                parameters += (limit,)
            found.update(db.execute(sql, parameters).fetchall())
        if exact - found.keys():  # an exact title beyond the page by BM25 still comes first
            marks = ",".join("?" * len(exact))
            found.update(db.execute(
                f"SELECT rowid, bm25(fts, {WEIGHTS}) FROM fts WHERE fts MATCH ?"
                f" AND rowid IN ({marks})", (expression, *exact)).fetchall())  # fmt: skip
        facts = _facts(db, list(found))
    except sqlite3.Error as error:
        raise SearchIndexError(f"search index: {error}", "run `ledger index` and retry") from error
    rows = sorted(
        (facts[rowid][1], rowid not in exact, score, facts[rowid][2], rowid)
        for rowid, score in found.items()
        if rowid in facts
    )
    return [
        Row(facts[rowid][0], bool(superseded), round(-score, 4), rowid)
        for superseded, _, score, _, rowid in rows[: limit or None]
    ]


def _facts(db: sqlite3.Connection, rowids: list[int]) -> dict[int, tuple[int, int, str]]:
    """rowid → (start in the cache, superseded, path) of the rows given."""
    found: dict[int, tuple[int, int, str]] = {}
    for at in range(0, len(rowids), 500):
        chunk = rowids[at : at + 500]
        marks = ",".join("?" * len(chunk))
        for rowid, start, superseded, path in db.execute(
            f"SELECT id, start, superseded, path FROM rows WHERE id IN ({marks})", chunk
        ):
            found[rowid] = (start, superseded, path)
    return found


def snippets(db: sqlite3.Connection, query: str, rowids: list[int]) -> dict[int, str]:
    """rowid → a snippet of its text, the words matching `query` in [brackets], as written."""
    expression = match_expression(query)
    found: dict[int, str] = {}
    if expression is None:
        return found
    for at in range(0, len(rowids), 500):
        chunk = rowids[at : at + 500]
        marks = ",".join("?" * len(chunk))
        try:
            for rowid, snippet in db.execute(
                "SELECT rowid, snippet(fts, 1, '[', ']', '…', 16) FROM fts"
                f" WHERE fts MATCH ? AND rowid IN ({marks})",
                (expression, *chunk),
            ):
                found[rowid] = unspaced(" ".join(snippet.split()))
        except sqlite3.Error as error:
            raise SearchIndexError(f"search index: {error}", "run `ledger index`") from error
    return found


def refresh_if_present(state: Path) -> None:
    """After an index update: sync the search index, if `ledger search` ever made one."""
    if not (state / DATABASE).exists():
        return
    token = folders_token(state)
    docs = load_docs(state, token)
    if docs is None:
        return  # the next search syncs it
    db = open_index(state)
    try:
        sync(db, docs, token)
    except sqlite3.Error:
        return  # a busy or damaged index: the next search syncs it or says what to do
    finally:
        db.close()
