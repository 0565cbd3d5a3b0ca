"""The viewer without a browser: `ledger serve` over HTTP (the real uvicorn) and `ledger site` on
disk: pages, 404s, headers, escaping, current on every request, deterministic static output."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from ledger_fixtures import SAMPLE_IDS, fields_of, folder_of, new_ledger, run_ingest
from lifecycle_fixtures import FIRST_ID, SECOND_ID
from viewer_fixtures import HOSTILE_ID, free_port, served, viewer_ledger

from ledger.config import Config
from ledger.viewer.model import FULL_CHECK
from ledger.viewer.site import MARKER, write_site


@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> Config:
    return viewer_ledger(tmp_path_factory.mktemp("viewer"))


@pytest.fixture(scope="module")
def url(ledger: Config) -> Iterator[str]:
    with served(ledger.root) as base:
        yield base


def get(url: str, method: str = "GET", host: str | None = None) -> tuple[int, dict[str, str], str]:
    request = urllib.request.Request(url, method=method)
    if host:
        request.add_header("Host", host)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def _id_of(folder: Path, prefix: str) -> str:
    (found,) = folder.glob(f"{prefix}*.md")
    return fields_of(found)["id"].strip('"')


def test_the_timeline_lists_sessions_newest_first_without_ghosts(url: str) -> None:
    status, _, page = get(url + "/")
    assert status == 200
    assert "Fix JWT expiry on non-UTC hosts" in page
    assert "the pytest invocation to run only" not in page  # the sample ghost, hidden by default
    days = re.findall(r"<h2>(\d{4}-\d\d-\d\d)</h2>", page)
    assert days == sorted(days, reverse=True) and len(days) >= 4
    assert "the pytest invocation to run only" in get(url + "/?ghosts=1")[2]


def test_filters_and_grouping_narrow_the_timeline(url: str) -> None:
    page = get(url + "/?project=/home/dev/notes-app")[2]
    assert "2 of 8 sessions" in page and "Fix JWT expiry" not in page
    by_project = get(url + "/?group=project")[2]
    assert "<h2>/home/dev/acme-api</h2>" in by_project
    decisions = get(url + "/?kind=hypothesis")[2]
    assert "Fix JWT expiry" in decisions and "Design Redis cache" not in decisions
    assert "1 of 8 sessions" in get(url + "/?since=2026-11-21&until=2026-11-21")[2]


def test_a_session_page_has_findings_linked_to_the_turns_they_cite(url: str) -> None:
    page = get(url + f"/session/{SAMPLE_IDS[0]}")[2]
    assert "<h1>Fix JWT expiry on non-UTC hosts</h1>" in page
    cited = set(re.findall(r'href="#turn-(\d+)"', page))
    anchors = set(re.findall(r'id="turn-(\d+)"', page))
    assert cited and cited <= anchors
    assert "USER: " in page and "Engagements" in page


def test_a_finding_page_follows_the_supersedes_chain_both_ways(url: str, ledger: Config) -> None:
    old = _id_of(folder_of(ledger.root, FIRST_ID), "decision-")
    new = _id_of(folder_of(ledger.root, SECOND_ID), "decision-")
    older = get(url + f"/finding/{old}")[2]
    assert f'href="/finding/{new}"' in older.split("Superseded by")[1]
    newer = get(url + f"/finding/{new}")[2]
    assert f'href="/finding/{old}"' in newer.split("Supersedes")[1].split("Superseded by")[0]
    assert "ledger: ingest" in older  # its git history


@pytest.mark.parametrize(
    "path", ["/session/no-such-session", "/finding/000000000000", "/nowhere", "/static/nope.js"]
)
def test_unknown_pages_and_ids_get_the_404_page(url: str, path: str) -> None:
    status, _, page = get(url + path)
    assert status == 404
    assert "Traceback" not in page
    if not path.startswith("/static"):
        assert "Not found" in page


def test_a_session_page_links_the_sessions_it_continues_and_that_continue_it(
    tmp_path: Path,
) -> None:
    from transcript_fixtures import (
        claude_exchange,
        claude_file,
        claude_meta,
        claude_session_records,
    )

    earlier_id, later_id = "11111111-2222-4333-8444-555555555555", "66666666-7777-4888-8999-0"
    later_id += "00000000000"
    folder = tmp_path / "projects" / "-home-dev-api"
    first = [{**r, "sessionId": earlier_id} for r in claude_session_records(3)]
    resumed = [claude_meta("summary", summary="Earlier work", leafUuid=first[-1]["uuid"])]
    resumed += claude_exchange("where were we?", "We were fixing the cache.", "msg_09")
    resumed += claude_exchange("go on, run the tests", "Done, they pass.", "msg_10")
    resumed += claude_exchange("and commit it", "Committed.", "msg_11")
    os.utime(claude_file(folder, first, earlier_id), (1_000_000, 1_000_000))
    later = [{**r, "sessionId": later_id} if "uuid" in r else r for r in resumed]
    os.utime(claude_file(folder, later, later_id), (2_000_000, 2_000_000))
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, tmp_path / "projects", llm=False)
    with served(config.root) as base:
        earlier_page = get(base + f"/session/{earlier_id}")[2]
        later_page = get(base + f"/session/{later_id}")[2]
    assert "<dt>Continued by</dt>" in earlier_page and f"/session/{later_id}" in earlier_page
    assert "<dt>Continues</dt>" in later_page and f"/session/{earlier_id}" in later_page


def test_every_page_forbids_inline_script_and_outside_resources(url: str) -> None:
    for path in ("/", f"/session/{HOSTILE_ID}", "/charts", "/search?q=drafts", "/nowhere"):
        _, headers, page = get(url + path)
        policy = headers["content-security-policy"]
        assert "script-src 'self'" in policy and "default-src 'none'" in policy
        assert "unsafe-inline" not in policy
        assert not re.search(r"<script(?![^>]*\bsrc=)", page)  # no inline script
        assert not re.search(r"(src|href)=\"(https?:)?//", page)  # nothing from outside


def test_transcript_markup_is_text_on_every_page(url: str, ledger: Config) -> None:
    hostile = folder_of(ledger.root, HOSTILE_ID)
    paths = [f"/session/{HOSTILE_ID}", "/", "/search?q=pwned"]
    paths += [f"/finding/{fields_of(f)['id'].strip(chr(34))}" for f in hostile.glob("[!_]*.md")]
    for path in paths:
        page = get(url + path)[2]
        assert "<img src=x" not in page and "<script>window" not in page
        assert 'href="javascript:' not in page
    session = get(url + f"/session/{HOSTILE_ID}")[2]
    assert "&lt;img src=x onerror=" in session and "{{ 7*7 }}{% raw %}" in session


def test_search_ranks_findings_and_sessions(url: str) -> None:
    page = get(url + "/search?q=IndexedDB+drafts")[2]
    assert "(ranked)" in page and "keep drafts in IndexedDB" in page
    only_todos = get(url + "/search?q=drafts&kind=todo")[2]
    assert "migration test" in only_todos and "keep drafts in IndexedDB" not in only_todos
    assert "no words to search for" in get(url + "/search?q=%2A%2A")[2]
    current = get(url + "/search?q=IndexedDB+drafts&kind=decision&current=1")[2]
    assert "previously decided" in current and "debounced at 800 ms" not in current


def test_the_viewer_is_read_only_and_answers_only_loopback_names(url: str) -> None:
    assert get(url + "/", method="POST")[0] == 405
    assert get(url + "/", host="attacker.example")[0] == 400  # DNS rebinding


def test_charts_are_svg_drawn_on_the_server(url: str) -> None:
    page = get(url + "/charts")[2]
    assert page.count("<svg") == 5 and "Findings by kind" in page


def test_pages_are_current_on_every_request(tmp_path: Path) -> None:
    config = viewer_ledger(tmp_path)
    extra = tmp_path / "samples" / "claude" / "projects" / "-home-dev-acme-api"
    with served(config.root) as base:
        assert "8 sessions" in get(base + "/?ghosts=1")[2]
        later = (extra / f"{SAMPLE_IDS[0]}.jsonl").read_text().replace(SAMPLE_IDS[0], "5e55")
        (extra / "5e55.jsonl").write_text(later)
        run_ingest(config, extra / "5e55.jsonl", llm=False)
        assert "9 of 9 sessions" in get(base + "/?ghosts=1")[2]
        record = folder_of(config.root, SAMPLE_IDS[1]) / "_session.md"  # a person's edit
        edited = record.with_suffix(".tmp")
        edited.write_text(record.read_text().replace("Design Redis cache", "Design a cache"))
        edited.replace(record)
        time.sleep(FULL_CHECK + 0.1)
        assert "Design a cache for reports endpoint" in get(base + "/")[2]


def test_the_site_is_static_relative_and_deterministic(ledger: Config, tmp_path: Path) -> None:
    first = write_site(ledger.root, tmp_path / "site")
    files = {
        p.relative_to(first.folder): p.read_bytes() for p in first.folder.rglob("*") if p.is_file()
    }
    again = write_site(ledger.root, tmp_path / "site")
    assert {
        p.relative_to(again.folder): p.read_bytes() for p in again.folder.rglob("*") if p.is_file()
    } == files
    assert (first.sessions, first.findings) == (8, 42)
    names = {str(p) for p in files}
    assert {"index.html", "by-project.html", "search.json", "static/viewer.js", MARKER} <= names
    for name, data in files.items():
        if name.suffix == ".html":
            assert not re.search(rb'(href|src|action)="/', data), name
            assert b"<img src=x" not in data
    index = json.loads(files[Path("search.json")])
    assert any(item["t"].startswith("We will show <img") for item in index)  # text, as JSON
    session = files[Path("session") / f"{SAMPLE_IDS[0]}.html"]
    assert b'href="../finding/' in session and b'href="../static/viewer.css"' in session


def test_the_site_never_replaces_a_folder_it_did_not_write(ledger: Config, tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    done = subprocess.run(
        [sys.executable, "-m", "ledger", "site", str(mine), "--ledger", str(ledger.root)],
        capture_output=True, text=True, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 1 and "not a site ledger wrote" in done.stderr
    assert (mine / "notes.txt").read_text() == "keep me"


def test_serve_warns_when_it_listens_beyond_loopback(ledger: Config, tmp_path: Path) -> None:
    port = free_port()
    command = [sys.executable, "-m", "ledger", "serve", "--host", "0.0.0.0", "--port", str(port),
               "--no-open", "--ledger", str(ledger.root)]  # fmt: skip
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert process.stderr is not None
        line = process.stderr.readline()
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert line.startswith("warning: serving on 0.0.0.0")


def test_serve_on_a_port_in_use_says_so_in_one_line(ledger: Config, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        done = subprocess.run(
            [sys.executable, "-m", "ledger", "serve", "--port", port, "--no-open",
             "--ledger", str(ledger.root)],
            capture_output=True, text=True, cwd=tmp_path, timeout=60,
        )  # fmt: skip
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith(f"error: cannot listen on 127.0.0.1:{port}")
