"""`ledger search`: ranked full-text search over the FTS index, on the fixture ledger."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from index_fixtures import API, SESSIONS, fixture_ledger, rewrite, write_session
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.index import fts
from ledger.index.build import update_index
from ledger.search.grep import GrepOptions
from ledger.search.ranked import QueryError, search
from ledger.store.state import locked

runner = CliRunner()
WORLD = {
    "folder": "2026-11-23-i18n-notes-9c0ffee1",
    "session_id": "9c0ffee1-1111-4222-8333-944445555666",
    "agent": "claude-code",
    "title": "i18n notes",
    "started": "2026-11-23T10:00:00.000Z",
    "project": API,
    "files_touched": [],
    "tokens": {"input": 1, "output": 1, "cache_read": 0, "cache_creation": 0},
    "ghost": False,
    "findings": [
        ("decision", "Кэш отчётов храним в Redis", "open", [], []),
        ("insight", "报表缓存的键包含租户", "open", [], []),
        ("takeaway", "Le résumé de la réunion est en français", "open", [], ["réunion"]),
        ("todo", "Retry on 504 with exponential backoff", "open", [], ["http"]),
    ],
}  # fmt: skip


def _ledger(where: Path) -> Path:
    ledger = fixture_ledger(where / "ledger", git=False)
    write_session(ledger, WORLD)
    with locked(ledger / ".ledger"):
        update_index(ledger, ledger / ".ledger")
    return ledger


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _ledger(tmp_path_factory.mktemp("ranked"))


@pytest.fixture()
def changing(tmp_path: Path) -> Path:
    """A ledger of its own, for a test that changes it."""
    return _ledger(tmp_path)


def _titles(root: Path, query: str, **options: object) -> list[str]:
    result = search(root, root / ".ledger", query, GrepOptions(query, **options))  # type: ignore[arg-type]
    return [h.meta.title for h in result.hits]


def test_an_exact_title_comes_first(root: Path) -> None:
    assert _titles(root, "Use Redis with versioned cache keys")[0] == (
        "Use Redis with versioned cache keys"
    )
    assert _titles(root, "the cache key is report tenant version")[0].startswith("The cache key is")


def test_current_findings_rank_above_superseded_ones(root: Path) -> None:
    titles = _titles(root, "Cache reports in Memcached")
    assert titles[-1] == "Cache reports in Memcached", "superseded: after every current hit"
    assert "Cache reports in Memcached" not in _titles(root, "memcached", current=True)


def test_words_of_a_question_rank_what_answers_it(root: Path) -> None:
    assert _titles(root, "how do we handle retries on 504?")[0] == (
        "Retry on 504 with exponential backoff"
    ), "504 is rare, so it weighs most"


def test_other_languages(root: Path) -> None:
    findings = ("decision", "insight", "takeaway", "todo")
    assert _titles(root, "кэш", kinds=findings) == ["Кэш отчётов храним в Redis"], "case folds"
    assert _titles(root, "отчетов")[0] == "Кэш отчётов храним в Redis", "ё is е"
    assert _titles(root, "缓存", kinds=findings) == ["报表缓存的键包含租户"], "a word in a sentence"
    assert _titles(root, "缓租") == [], "CJK characters match as a phrase, not one by one"
    assert _titles(root, "resume reunion")[0] == "Le résumé de la réunion est en français"


def test_snippets_show_the_matching_words(root: Path) -> None:
    (hit, *_) = search(root, root / ".ledger", "exponential", GrepOptions("")).hits
    assert "[exponential]" in hit.snippet
    (hit, *_) = search(root, root / ".ledger", "租户", GrepOptions("")).hits
    assert "[租][户]" in hit.snippet or "[租户]" in hit.snippet.replace("][", "")


def test_filters_are_greps(root: Path) -> None:
    assert _titles(root, "cache", kinds=("decision",)) == [
        "Use Redis with versioned cache keys", "Cache reports in Memcached",
    ]  # fmt: skip
    assert _titles(root, "cache", tag="infra/redis") == ["Use Redis with versioned cache keys"]
    assert sorted(_titles(root, "limit", project="acme-web")) == [
        "Go with INCR + EXPIRE for the login limit", "Login rate limit",
        "The LB hides client IPs",
    ]  # fmt: skip
    assert _titles(root, "cache", status="done") == ["Measure the report hit rate"]


def test_the_index_follows_edits_and_rebuilds_the_same(changing: Path) -> None:
    root = changing
    before = _titles(root, "cache key")
    finding = next((root / "sessions" / WORLD["folder"]).glob("todo-*.md"))
    rewrite(finding, finding.read_text(encoding="utf-8").replace("backoff", "jitter"))
    with locked(root / ".ledger"):
        update_index(root, root / ".ledger")  # syncs the FTS index, which exists
    db = sqlite3.connect(root / ".ledger" / fts.DATABASE)
    bodies = [b for (b,) in db.execute("SELECT body FROM fts WHERE fts MATCH 'jitter'")]
    db.close()
    assert len(bodies) == 1, "the edit is in the index before any search"
    assert _titles(root, "jitter") == ["Retry on 504 with exponential jitter"]
    (root / ".ledger" / fts.DATABASE).unlink()
    assert _titles(root, "cache key") == before, "rebuilt from the Markdown: the same ranking"


def test_a_sync_writes_only_what_changed(changing: Path) -> None:
    root = changing
    _titles(root, "cache")
    write_session(root, {**SESSIONS[2], "folder": "2026-11-24-login-again-01a1f83c",
                         "session_id": "01a1f83c-fd59-79b4-aa49-23a6df2f18fd"})  # fmt: skip
    from ledger.search.ranked import current_docs

    docs, token = current_docs(root, root / ".ledger")
    db = fts.open_index(root / ".ledger")
    try:
        assert fts.sync(db, docs, token) == 3, "one new session and its two findings"
        assert fts.sync(db, docs, token) == 0, "same token: nothing read"
    finally:
        db.close()


@pytest.mark.parametrize("query", ["", "???", "  - "])
def test_a_query_without_words_is_refused(root: Path, query: str) -> None:
    with pytest.raises(QueryError, match="no words"):
        search(root, root / ".ledger", query, GrepOptions(query))


def test_cli_json_and_exit_codes(root: Path) -> None:
    result = runner.invoke(app, ["search", "versioned keys", "--json", "--ledger", str(root)])
    assert result.exit_code == 0, result.output
    hits = json.loads(result.stdout)
    assert set(hits[0]) == {
        "id", "type", "kind", "title", "status", "date", "superseded", "session_id", "session",
        "project", "agent", "tags", "path", "file", "score", "snippet",
    }  # fmt: skip
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)
    none = runner.invoke(app, ["search", "zebra", "--ledger", str(root)])
    assert none.exit_code == 1
    bad = runner.invoke(app, ["search", "cache", "--kind", "nope", "--ledger", str(root)])
    assert bad.exit_code == 2 and "unknown kind nope" in bad.output


@pytest.mark.parametrize("kind", ["session", "decision", "insight", "question", "todo", "takeaway"])
def test_a_filtered_search_finds_the_best_of_its_kind_however_far_down(
    root: Path, kind: str
) -> None:
    """Filters rank a window of pages first, then everything when it holds too few: the best
    of a kind is found wherever it ranks overall."""
    everything = search(root, root / ".ledger", "the", GrepOptions("the"), limit=1000).hits
    best = next(h.meta.path for h in everything if h.meta.kind == kind)
    one = search(root, root / ".ledger", "the", GrepOptions("the", kinds=(kind,)), limit=1)
    assert [h.meta.path for h in one.hits] == [best]
    assert len(everything) > 10, "some kinds rank past the first window of ten"
