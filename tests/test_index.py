"""The indexer: derived pages, incremental == from scratch, --check, the fast frontmatter path."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from index_fixtures import (
    NEWER,
    SESSIONS,
    SUPERSEDED,
    add_line,
    derived_files,
    fixture_ledger,
    rewrite,
    write_session,
)
from syrupy.assertion import SnapshotAssertion

from ledger.index.build import check_index, update_index
from ledger.index.pages import NOTICE
from ledger.search.grep import GrepOptions, grep
from ledger.store.fields import parse_fields
from ledger.store.frontmatter import split


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return fixture_ledger(tmp_path / "ledger")


def _index(root: Path, **options: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    result = update_index(root, root / ".ledger", **options)
    return result.written, result.removed


def _pages(root: Path) -> dict[str, str]:
    return {path: data.decode() for path, data in derived_files(root).items()}


def test_derived_pages(root: Path, snapshot: SnapshotAssertion) -> None:
    _index(root)
    assert _pages(root) == snapshot


def test_home_page_lists_open_work_and_strikes_superseded_decisions(root: Path) -> None:
    _index(root)
    home = (root / "index.md").read_text()
    assert "Add a smoke test for the report cache" in home
    assert "Measure the report hit rate" not in home, "a done todo is not open"
    assert f"~~[[{SUPERSEDED}|Cache reports in Memcached]]~~ · superseded → [[{NEWER}|" in home
    latest = home.split("## Latest decisions")[1].split("##")[0]
    assert "Memcached" not in latest and "Use Redis with versioned cache keys" in latest


def test_a_file_page_links_the_sessions_and_findings_about_it(root: Path) -> None:
    _index(root)
    page = (root / "index/files/acme-api-src-acme-reports-py.md").read_text()
    assert "# acme-api/src/acme/reports.py" in page
    assert "[[sessions/2026-11-16-pick-a-cache-for-reports-b71d2a94/_session|" in page
    assert "[[sessions/2026-11-20-redis-cache-with-versioned-keys-4f35e220/_session|" in page
    assert f"**decision** [[{SUPERSEDED}|Cache reports in Memcached]]" in page


def test_graph_json_has_typed_edges(root: Path) -> None:
    _index(root)
    parts = json.loads((root / "index/graph.json").read_text())["parts"]
    assert parts == ["index/graph/files.json", "index/graph/2026-11.json"]
    graph: dict[str, list[dict[str, str]]] = {"nodes": [], "edges": []}
    for part in parts:
        for name, items in json.loads((root / part).read_text()).items():
            graph[name] += items
    types = {node["type"] for node in graph["nodes"]}
    assert types == {"session", "finding", "file"}
    edges = {(e["source"], e["target"], e["type"]) for e in graph["edges"]}
    assert (NEWER, SUPERSEDED, "supersedes") in edges
    assert (SUPERSEDED, "index/files/acme-api-src-acme-reports-py", "cites") in edges
    ids = {node["id"] for node in graph["nodes"]}
    assert all(e["source"] in ids and e["target"] in ids for e in graph["edges"])


def test_second_run_writes_nothing(root: Path) -> None:
    written, _ = _index(root)
    assert "index.md" in written and ".gitattributes" not in written
    assert _index(root) == ((), ())


def test_incremental_equals_a_rebuild_from_scratch(root: Path, tmp_path: Path) -> None:
    _index(root)
    new = {**SESSIONS[0], "folder": "2026-11-23-later-aaaaaaaa", "session_id": "aaaaaaaa-1",
           "started": "2026-11-23T10:00:00.000Z", "title": "Later"}  # fmt: skip
    write_session(root, new)
    gone = root / "sessions" / SESSIONS[2]["folder"] / "hypothesis-the-lb-hides-client-ips.md"
    gone.unlink()
    todo = (
        root / "sessions" / SESSIONS[1]["folder"] / "todo-add-a-smoke-test-for-the-report-cache.md"
    )
    rewrite(todo, todo.read_text().replace("status: open", "status: done"))
    written, removed = _index(root)
    assert "index/hypotheses.md" in written and "index.md" in written
    assert removed == ("index/hypotheses/2026-11.md",), "its only hypothesis went"
    scratch = tmp_path / "scratch"
    shutil.copytree(root / "sessions", scratch / "sessions")
    _index(scratch)
    assert derived_files(scratch) == derived_files(root)


def test_pages_follow_an_index_that_grep_brought_up_to_date(root: Path) -> None:
    _index(root)
    new = {**SESSIONS[1], "folder": "2026-11-24-found-by-grep-eeeeeeee",
           "session_id": "eeeeeeee-1", "title": "Found by grep"}  # fmt: skip
    write_session(root, new)
    assert grep(root, root / ".ledger", GrepOptions("Found by grep")).matches
    written, _ = _index(root)
    assert "index.md" in written and "Found by grep" in (root / "index.md").read_text()


def test_a_page_no_longer_derived_is_removed(root: Path) -> None:
    _index(root)
    shutil.rmtree(root / "sessions" / SESSIONS[2]["folder"])
    _, removed = _index(root)
    assert removed == ("index/files/acme-web-src-login-ts.md", "index/hypotheses/2026-11.md")
    assert not (root / "index/files/acme-web-src-login-ts.md").exists()


def test_deleting_the_state_changes_nothing(root: Path) -> None:
    _index(root)
    (root / "index/my-notes.md").write_text("# A person's notes, kept here\n")
    before = derived_files(root)
    shutil.rmtree(root / ".ledger")
    assert _index(root) == ((), ())
    assert derived_files(root) == before


def test_an_edit_saved_in_place_is_seen_by_a_thorough_run(root: Path) -> None:
    _index(root)
    todo = (
        root / "sessions" / SESSIONS[1]["folder"] / "todo-add-a-smoke-test-for-the-report-cache.md"
    )
    add_line(todo, "[[sessions/nowhere]]")
    assert _index(root) == ((), ()), "the folder's mtime did not move: a quick run skips it"
    assert check_index(root, root / ".ledger"), "check stats every file"
    _index(root, thorough=True)
    assert any("nowhere" in p.message for p in check_index(root, root / ".ledger"))


def test_check_passes_on_a_fresh_index(root: Path) -> None:
    _index(root)
    assert check_index(root, root / ".ledger") == ()


def test_check_finds_stale_missing_and_extra_pages_and_dangling_links(root: Path) -> None:
    _index(root)
    (root / "index.md").write_text("edited by hand\n")
    (root / "index/todos.md").unlink()
    (root / "index/files/stray.md").write_text(f"# stray\n\n{NOTICE}\n")
    (root / "index/my-notes.md").write_text("# A person's notes, kept here\n")
    finding = (
        root
        / "sessions"
        / SESSIONS[1]["folder"]
        / "question-should-the-cache-key-include-the-locale.md"
    )
    finding.write_text(
        finding.read_text() + "\nSee [[sessions/nowhere/_session|gone]] and `[[in code]]`.\n"
    )
    state = sorted(p.name for p in (root / ".ledger").rglob("*"))
    problems = {(p.path, p.message) for p in check_index(root, root / ".ledger")}
    assert ("index.md", "stale: run `ledger index`") in problems
    assert ("index/todos.md", "missing: run `ledger index`") in problems
    assert (
        "index/files/stray.md",
        "no longer derived from the ledger: run `ledger index`",
    ) in problems
    assert not any(path == "index/my-notes.md" for path, _ in problems)
    dangling = [m for p, m in problems if p == finding.relative_to(root).as_posix()]
    assert dangling == ["dangling wikilink [[sessions/nowhere/_session]]: no such file"]
    assert sorted(p.name for p in (root / ".ledger").rglob("*")) == state, "check writes nothing"


def test_check_reports_unreadable_frontmatter_bad_tags_and_unknown_supersedes(root: Path) -> None:
    folder = root / "sessions" / SESSIONS[0]["folder"]
    (folder / "note.md").write_text("---\ntitle: [unclosed\n---\n\nA note.\n")
    insight = folder / "insight-reports-depend-only-on-tenant-and-params.md"
    text = insight.read_text().replace("tags: []", "tags: [has space, '123', ok-tag]")
    insight.write_text(text.replace("supersedes: []", "supersedes: [0123456789ab]"))
    _index(root)
    messages = {p.message for p in check_index(root, root / ".ledger")}
    assert any(m.startswith("frontmatter is not valid YAML") for m in messages)
    assert "tag 'has space' is not a valid Obsidian tag" in messages
    assert "tag '123' is not a valid Obsidian tag" in messages
    assert "supersedes '0123456789ab': no such finding" in messages


def test_fast_frontmatter_reads_what_yaml_reads(root: Path) -> None:
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe")
    for path in sorted((root / "sessions").rglob("*.md")):
        head = split(path.read_text())
        assert head is not None
        fast = parse_fields(head[0])
        slow = yaml.load(head[0])
        assert set(fast) == set(slow), path
        assert fast["title"] == slow["title"]
        assert fast.get("tags", []) == (slow.get("tags") or [])


@pytest.mark.parametrize(
    "text",
    [
        "title: plain words\nkind: todo\n",
        "title: '- a list item?'\n",
        "title: -\n",
        "title: a - b\n",
        "title: ends with a colon:\n",
        "title: has: a mapping\n",
        "title: a # comment\n",
        "title: a#b and c\n",
        "title: '@quoted'\n",
        'title: "[not a list]"\n',
        "tags:\n  - one\n  - two\ntitle: after a list\n",
        "links:\n  a: b\n  c: d\ntitle: after a map\n",
        "title: x\n\nkind: todo\n",
        "title: x\n\tkind: todo\n",
        "title: x\nno colon here\n",
        "title: x\n:odd: key\n",
        "",
    ],
)
def test_frontmatter_is_read_as_yaml_reads_it(text: str) -> None:
    """The quick reader takes the usual lines itself and hands the rest to a YAML parser: either
    way, what a person wrote reads as YAML reads it (or is refused as YAML refuses it)."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    try:
        expected = YAML(typ="safe").load(text) or {}
    except YAMLError:
        with pytest.raises(ValueError):
            parse_fields(text)
        return
    assert parse_fields(text) == expected


def test_a_person_s_yaml_falls_back_to_a_full_parser() -> None:
    fields = parse_fields("title: 'Quoted: yes' # a comment\ntags: [a, b]\ndate: 2026-11-21\n")
    assert fields == {"title": "Quoted: yes", "tags": ["a", "b"], "date": "2026-11-21"}


def _edit_session_title(root: Path) -> None:
    record = root / "sessions" / SESSIONS[0]["folder"] / "_session.md"
    rewrite(record, record.read_text().replace("title: Pick a cache", "title: Choose a cache"))


def _edit_session_start(root: Path) -> None:
    record = root / "sessions" / SESSIONS[1]["folder"] / "_session.md"
    rewrite(record, record.read_text().replace("started: 2026-11-20", "started: 2026-11-15"))


def _edit_citing_finding(root: Path) -> None:
    path = root / f"{SUPERSEDED}.md"
    rewrite(path, path.read_text().replace("title: Cache reports", "title: Keep reports"))


def _retitle_the_session_of_a_citing_finding(root: Path) -> None:
    """A page lists a session it does not change, for a finding of it that cites the file."""
    path = root / f"{NEWER}.md"
    rewrite(path, path.read_text().replace("  - src/acme/cache.py", "  - src/acme/other.py"))
    _index(root)
    record = root / "sessions" / SESSIONS[1]["folder"] / "_session.md"
    rewrite(record, record.read_text().replace("title: Redis cache", "title: A Redis cache"))


def _edit_then_grep(root: Path) -> None:
    """grep brings the index up to date without writing pages: the next run still must."""
    _edit_session_title(root)
    assert grep(root, root / ".ledger", GrepOptions("Choose a cache")).matches


@pytest.mark.parametrize(
    "edit",
    [
        _edit_session_title,
        _edit_session_start,
        _edit_citing_finding,
        _retitle_the_session_of_a_citing_finding,
        _edit_then_grep,
    ],
)
def test_file_pages_left_unrendered_equal_a_rebuild(root: Path, tmp_path: Path, edit) -> None:  # type: ignore[no-untyped-def]
    """A file page is rendered again only when what it shows may have changed: whatever was
    skipped still equals a rebuild from scratch."""
    _index(root)
    edit(root)
    written, _ = _index(root)
    assert any(path.startswith("index/files/") for path in written)
    scratch = tmp_path / "scratch"
    shutil.copytree(root / "sessions", scratch / "sessions")
    _index(scratch)
    assert derived_files(scratch) == derived_files(root)


def test_grep_passes_over_the_cached_bytes_of_a_replaced_file(root: Path) -> None:
    """The search cache keeps a replaced file's old bytes until it is compacted: a pattern
    found only there matches nothing (and the search ends)."""
    _index(root)
    insight = root / "sessions" / SESSIONS[0]["folder"]
    path = insight / "insight-reports-depend-only-on-tenant-and-params.md"
    rewrite(path, path.read_text().replace("Reports depend only", "Results depend only"))
    _index(root)
    old = grep(root, root / ".ledger", GrepOptions("Reports depend only")).matches
    assert [m.type for m in old] == ["session"], "only the session's list of findings says so"
    found = grep(root, root / ".ledger", GrepOptions("Results depend only")).matches
    assert [m.title for m in found] == ["Results depend only on tenant and params"]


def test_pages_and_state_written_by_second_processes_are_the_same(
    root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a large ledger forked processes render the graph's parts and the file pages, and save
    grep's facts, the briefs and the derived state: the same bytes as done in one process."""
    from ledger.index import derived, page_files, summaries

    _index(root)
    monkeypatch.setattr(page_files, "PARALLEL_ENTRIES", 1)
    monkeypatch.setattr(page_files, "PARALLEL_NEW_ENTRIES", 1)
    scratch = tmp_path / "scratch"
    shutil.copytree(root / "sessions", scratch / "sessions")
    written, _ = _index(scratch)
    assert any(path.startswith("index/files/") for path in written)
    assert derived_files(scratch) == derived_files(root)
    for name in (summaries.DOCS, summaries.FACTS, summaries.BRIEF, derived.DERIVED):
        ours, theirs = (r / ".ledger" / "index" / name for r in (root, scratch))
        assert ours.read_bytes() == theirs.read_bytes(), name
    assert _index(scratch) == ((), ()), "the stamps came back from the second process"


def test_a_second_process_writes_pages_when_a_large_ledger_or_many_new_pages_pay_for_it() -> None:
    """Many entries, or many more entries than pages written before (a first build), fork."""
    import sys

    from ledger.index import page_files

    linux = sys.platform == "linux"
    some = {f"index/files/{n}.md": (1, 1, b"") for n in range(3_000)}
    assert page_files.parallel(2_000, {}) is linux
    assert page_files.parallel(4_000, some) is False
    assert page_files.parallel(5_000, some) is linux
    assert (
        page_files.parallel(20_000, {**some, **{str(n): (1, 1, b"") for n in range(40_000)}})
        is linux
    )
    assert page_files.parallel(1_999, {}) is False


def test_an_unchanged_index_names_the_stamps_saved_for_it(root: Path) -> None:
    """Search and grep reuse what was saved with the stamps only when the tokens agree."""
    import subprocess
    import sys

    from ledger.index.entries import folders_token, refresh

    build = "import sys; from pathlib import Path; from ledger.index.build import update_index; "
    build += "update_index(Path(sys.argv[1]), Path(sys.argv[1]) / '.ledger')"
    subprocess.run([sys.executable, "-c", build, str(root)], check=True)  # saved by another run
    again = refresh(root, root / ".ledger", save=False)
    assert not again.changed
    assert again.token == folders_token(root / ".ledger")
