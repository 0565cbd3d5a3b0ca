"""`ledger grep`, `ledger stats` and `ledger sessions list` on the fixture ledger."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from index_fixtures import API, NEWER, SESSIONS, SUPERSEDED, fixture_ledger, write_session
from ledger_fixtures import held_elsewhere
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.index.build import update_index
from ledger.search import grep as search
from ledger.search.grep import FilterError, GrepOptions, PatternError, grep, grep_ledger

runner = CliRunner()
JSON_KEYS = {
    "path", "file", "type", "kind", "id", "title", "status", "date", "session_id", "session",
    "project", "agent", "tags", "superseded", "superseded_by", "lines",
}  # fmt: skip


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    ledger = fixture_ledger(tmp_path_factory.mktemp("search") / "ledger")
    update_index(ledger, ledger / ".ledger")
    return ledger


def _titles(root: Path, pattern: str, **options: object) -> list[str]:
    result = grep(root, root / ".ledger", GrepOptions(pattern, **options))  # type: ignore[arg-type]
    return [m.title for m in result.matches]


def _cli(root: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["grep", *args, "--ledger", str(root)], env={"COLUMNS": "200"})
    return result.exit_code, result.output


def test_regex_by_default_fixed_with_f(root: Path) -> None:
    both = ["Go with INCR + EXPIRE for the login limit", "Login rate limit"]
    assert sorted(_titles(root, r"INCR \+ EXPIRE")) == both, "the session lists its findings"
    assert sorted(_titles(root, "INCR + EXPIRE", fixed=True)) == both
    assert _titles(root, "INCR + EXPIRE") == [], "+ is a quantifier in a regex"


def test_case(root: Path) -> None:
    assert _titles(root, "MEMCACHED") == []
    assert "Cache reports in Memcached" in _titles(root, "MEMCACHED", ignore_case=True)


def test_matches_are_lines_with_numbers_and_spans(root: Path) -> None:
    result = grep(root, root / ".ledger", GrepOptions("locale", kinds=("question",)))
    (match,) = result.matches
    assert match.path.endswith("question-should-the-cache-key-include-the-locale.md")
    first = match.lines[0]
    assert first.text == "title: Should the cache key include the locale?"
    lines = (root / match.path).read_text().splitlines()
    assert all(lines[line.number - 1] == line.text for line in match.lines)
    assert first.text[first.spans[0][0] : first.spans[0][1]] == "locale"


def test_sessions_are_searched_too(root: Path) -> None:
    result = grep(root, root / ".ledger", GrepOptions("reports.py", fixed=True, kinds=("session",)))
    assert {m.title for m in result.matches} == {
        "Pick a cache for reports",
        "Redis cache with versioned keys",
    }


TODOS = {"Measure the report hit rate", "Add a smoke test for the report cache"}
WEB = {"Go with INCR + EXPIRE for the login limit", "The LB hides client IPs", "Login rate limit"}


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"kinds": ("todo",)}, TODOS),
        ({"status": "done"}, {"Measure the report hit rate"}),
        ({"since": date(2026, 11, 20), "until": date(2026, 11, 20), "kinds": ("decision",)},
         {"Use Redis with versioned cache keys"}),
        ({"session": "01a1f83b"}, WEB),
        ({"project": "/home/dev/acme-web"}, WEB),
        ({"project": "acme-web"}, WEB),
        ({"agent": "codex"}, WEB),
        ({"tag": "#infra/redis"}, {"Use Redis with versioned cache keys"}),
        ({"kinds": ("decision",), "current": True},
         {"Use Redis with versioned cache keys", "Go with INCR + EXPIRE for the login limit"}),
    ],
)  # fmt: skip
def test_filters(root: Path, options: dict[str, object], expected: set[str]) -> None:
    assert set(_titles(root, ".", **options)) == expected


@pytest.mark.parametrize("share", [0.3, 0.7, 1.0])
def test_two_processes_find_what_one_does(
    root: Path, share: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    searches = [
        GrepOptions("cache"), GrepOptions("INCR + EXPIRE", fixed=True),
        GrepOptions("^kind: (todo|question)$"), GrepOptions("CACHE", ignore_case=True),
        GrepOptions("réponse", ignore_case=True), GrepOptions(".", kinds=("session",)),
    ]  # fmt: skip
    alone = [grep(root, root / ".ledger", options) for options in searches]
    monkeypatch.setattr(search, "PARALLEL_BYTES", 0)
    monkeypatch.setattr(search, "ASIDE_SHARE", share)
    assert [grep(root, root / ".ledger", options) for options in searches] == alone
    assert all(result.matches for result in alone[:4])


SCREENED = [
    GrepOptions("cache"), GrepOptions("INCR + EXPIRE", fixed=True),
    GrepOptions("memcached", ignore_case=True), GrepOptions("^kind: (todo|question)$"),
    GrepOptions(r"\bkey\b"), GrepOptions(r"ver\w+ed"), GrepOptions(r"(?i)redis\s+with"),
    GrepOptions(r"cache(?= key)"), GrepOptions(r"[0-9]{4}-11-2[0-9]"), GrepOptions(r"\x2e"),
    GrepOptions(".", kinds=("todo",)), GrepOptions("x*"),
    # none of these is in the fixture ledger
    GrepOptions("MEMCACHED"), GrepOptions("réponse"), GrepOptions("réponse", ignore_case=True),
    GrepOptions("nothing at all matches this"),
]  # fmt: skip


@pytest.mark.parametrize("parallel", [False, True], ids=["one-process", "two"])
@pytest.mark.parametrize("most", [100_000, 3])
def test_the_screen_finds_what_re_finds(
    root: Path, most: int, parallel: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hyperscan, on a pattern that matches wherever the regex can, picks the files to read as
    `re` would have: the same matches for fixed text, `-i`, anchors, word boundaries, classes,
    lookarounds and UTF-8, over the whole cache or each process's part; and when it matches too
    often, `re` picks them."""
    pytest.importorskip("hyperscan")
    alone = [grep(root, root / ".ledger", options) for options in SCREENED]
    screened: list[list[int] | None] = []
    spied = search._screened

    def spy(*args: Any) -> list[int] | None:
        screened.append(spied(*args))
        return screened[-1]

    monkeypatch.setattr(search, "SCREEN_BYTES", 0)
    if parallel:
        monkeypatch.setattr(search, "PARALLEL_BYTES", 0)
    monkeypatch.setattr(search, "MOST_SCREENED", most)
    monkeypatch.setattr(search, "_screened", spy)
    assert [grep(root, root / ".ledger", options) for options in SCREENED] == alone
    assert sum(found is not None for found in screened) >= (10 if most > 3 else 1)
    assert any(found is None for found in screened) == (most == 3)
    assert [bool(result.matches) for result in alone] == [True] * 12 + [False] * 4


def test_today_and_week(root: Path) -> None:
    def titles(day: date, only_today: bool, week: bool) -> set[str]:
        options = GrepOptions(".", kinds=("session",), ghosts=True)  # "hello" is a ghost
        result = grep_ledger(root, root / ".ledger", options, day, only_today, week)
        return {m.title for m in result.matches}

    assert titles(date(2026, 11, 22), True, False) == {"hello"}
    assert titles(date(2026, 11, 22), False, True) == {
        "hello", "Login rate limit", "Redis cache with versioned keys", "Pick a cache for reports",
    }  # fmt: skip
    assert titles(date(2026, 11, 28), False, True) == {"hello"}


def test_superseded_findings_are_marked(root: Path) -> None:
    result = grep(root, root / ".ledger", GrepOptions("cache", kinds=("decision",)))
    by_path = {m.path: m for m in result.matches}
    old = by_path[f"{SUPERSEDED}.md"]
    assert old.superseded and old.superseded_by == (f"{NEWER}.md",)
    assert not by_path[f"{NEWER}.md"].superseded


def test_newest_first(root: Path) -> None:
    result = grep(root, root / ".ledger", GrepOptions("cache", kinds=("decision",)))
    assert [m.date for m in result.matches] == ["2026-11-20", "2026-11-16"]


def test_invalid_regex_and_unknown_kind_are_errors(root: Path) -> None:
    with pytest.raises(PatternError, match="invalid regular expression 'cache\\(': missing \\)"):
        grep(root, root / ".ledger", GrepOptions("cache("))
    with pytest.raises(FilterError, match="unknown kind decisions"):
        grep_ledger(root, root / ".ledger", GrepOptions("x", kinds=("decisions",)), date.today(),
                    False, False)  # fmt: skip


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (GrepOptions("x", status="closed"), "unknown status closed; use one of open, accepted"),
        (GrepOptions("x", agent="cursor"), "unknown agent cursor; use claude-code, codex, mcp"),
    ],
)
def test_a_filter_that_names_nothing_is_an_error(
    root: Path, options: GrepOptions, message: str
) -> None:
    with pytest.raises(FilterError, match=message):
        grep_ledger(root, root / ".ledger", options, date.today(), False, False)
    grep_ledger(root, root / ".ledger", GrepOptions("x", status="done", agent="claude"),
                date.today(), False, False)  # fmt: skip  # known values, a prefix of an agent


def test_exit_codes(root: Path) -> None:
    assert _cli(root, "Redis")[0] == 0
    assert _cli(root, "no such words anywhere")[0] == 1
    code, output = _cli(root, "cache(")
    assert code == 2 and "invalid regular expression" in output
    assert _cli(root, "x", "--kind", "nope")[0] == 2
    assert _cli(root, "x", "--since", "last-week")[0] == 2


def test_exit_2_through_the_real_entry_point(root: Path, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ledger", "grep", "[", "--ledger", str(root)],
        capture_output=True, text=True, cwd=tmp_path, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.startswith("error: invalid regular expression '[':")
    assert "Traceback" not in done.stderr


def test_json_for_agents(root: Path) -> None:
    code, output = _cli(root, "-i", "smoke test", "--kind", "todo", "--json")
    assert code == 0
    (found,) = json.loads(output)
    assert set(found) == JSON_KEYS
    assert found["kind"] == "todo" and found["status"] == "open" and found["tags"] == ["testing"]
    assert found["session"] == "Redis cache with versioned keys"
    assert found["file"] == str(root / found["path"])
    assert found["lines"][0] == {"line": 4, "text": "title: Add a smoke test for the report cache"}
    # the ghost session's record says `cache_read: 0`: left out unless --ghosts
    assert json.loads(_cli(root, "cache", "--count", "--json")[1]) == {"count": 10}
    assert json.loads(_cli(root, "cache", "--count", "--ghosts", "--json")[1]) == {"count": 11}


def test_files_only_and_count(root: Path) -> None:
    code, output = _cli(root, "Memcached", "-l")
    assert code == 0
    session = f"sessions/{SESSIONS[0]['folder']}/_session.md"
    assert sorted(output.splitlines()) == [str(root / session), str(root / f"{SUPERSEDED}.md")]
    assert _cli(root, "hypothesis", "--count") == (0, "2\n"), "the finding and its session"


def test_people_see_findings_grouped_with_their_lines(
    root: Path, snapshot: SnapshotAssertion
) -> None:
    code, output = _cli(root, "versioned", "--kind", "decision", "--kind", "takeaway")
    assert code == 0
    assert output.replace(str(root), "<ledger>") == snapshot


def test_a_new_file_is_found_without_running_ledger_index(tmp_path: Path) -> None:
    root = fixture_ledger(tmp_path / "ledger")
    assert _titles(root, "Later findings") == []
    write_session(root, {**SESSIONS[3], "ghost": False, "folder": "2026-11-23-later-bbbbbbbb",
                         "title": "Later findings", "session_id": "bbbbbbbb-1"})  # fmt: skip
    assert _titles(root, "Later findings") == ["Later findings"]


def test_a_busy_lock_searches_in_memory_and_saves_nothing(tmp_path: Path) -> None:
    root = fixture_ledger(tmp_path / "ledger")
    update_index(root, root / ".ledger")
    saved = (root / ".ledger/index/entries.bin").read_bytes()
    write_session(root, {**SESSIONS[3], "ghost": False, "folder": "2026-11-23-busy-cccccccc",
                         "title": "Written while busy", "session_id": "cccccccc-1"})  # fmt: skip
    with held_elsewhere(root / ".ledger"):
        assert _titles(root, "while busy") == ["Written while busy"]
    assert (root / ".ledger/index/entries.bin").read_bytes() == saved


def test_stats(root: Path) -> None:
    result = runner.invoke(app, ["stats", "--json", "--ledger", str(root)])
    assert result.exit_code == 0
    stats = json.loads(result.output)
    assert stats["sessions"] == 4 and stats["ghost_sessions"] == 1 and stats["findings"] == 9
    assert stats["superseded"] == 1
    assert stats["by_kind"] == {"decision": 3, "insight": 1, "question": 1, "todo": 2,
                                "hypothesis": 1, "takeaway": 1}  # fmt: skip
    assert stats["by_project"]["sessions"] == {API: 3, "/home/dev/acme-web": 1}
    assert stats["by_agent"]["findings"] == {"claude-code": 7, "codex": 2}
    assert stats["by_day"]["findings"]["2026-11-20"] == 4
    assert stats["tokens"]["output"] == 2000 + 5060 + 842 + 2


def test_sessions_list(root: Path, snapshot: SnapshotAssertion) -> None:
    every = ["sessions", "list", "--json", "--ghosts", "--ledger", str(root)]
    rows = json.loads(runner.invoke(app, every).output)
    assert [r["started"][:10] for r in rows] == [
        "2026-11-22",
        "2026-11-21",
        "2026-11-20",
        "2026-11-16",
    ]
    assert rows[2]["findings"] == {"decision": 1, "question": 1, "todo": 1, "takeaway": 1}
    ghosts = [r["session_id"] for r in rows if r["ghost"]]
    plain = json.loads(runner.invoke(app, every[:3] + every[4:]).output)
    assert [r["session_id"] for r in plain] == [r["session_id"] for r in rows if not r["ghost"]]
    assert ghosts
    table = runner.invoke(
        app, ["sessions", "list", "--ghosts", "--ledger", str(root)], env={"COLUMNS": "120"}
    )
    assert table.exit_code == 0
    assert table.output == snapshot


@pytest.mark.parametrize(
    "command", [["grep"], ["index"], ["stats"], ["context"], ["sessions"], ["sessions", "list"]]
)
def test_help_shows_an_example(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "Example: ledger " in result.output


def test_grep_after_the_first_ingest_into_a_new_ledger(tmp_path: Path) -> None:
    """`ledger init` indexes the empty ledger; the first ingest's update must extend that index
    (an empty index once kept a stray fact offset, and every match then read two facts)."""
    from ledger_fixtures import SAMPLES

    root = tmp_path / "ledger"
    assert runner.invoke(app, ["init", str(root)]).exit_code == 0
    ingested = runner.invoke(app, ["ingest", "--ledger", str(root), "--source", str(SAMPLES)])
    assert ingested.exit_code == 0, ingested.output
    code, out = _cli(root, "-i", "cache", "--kind", "decision")
    assert code == 0 and "Redis with versioned keys" in out
