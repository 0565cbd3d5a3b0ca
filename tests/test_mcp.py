"""`ledger mcp`: the SDK's real stdio client starts the real server on a temporary ledger and
calls every tool, with good and bad arguments, and from two clients at once."""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from ledger_fixtures import (
    CACHE_ID,
    CLAUDE_PROJECT,
    JWT_ID,
    append_turn,
    copy_samples,
    fields_of,
    git,
    new_ledger,
    run_ingest,
)
from syrupy.assertion import SnapshotAssertion

from ledger.config import load
from ledger.search.check import check_ledger

pytest.importorskip("mcp")

from mcp import Client
from mcp.client.stdio import StdioServerParameters

Session = Callable[[Client], Awaitable[Any]]
SECRET = "sk-ant-api03-" + "abcdefghij" * 9 + "AA"


def _connect(root: Path) -> Client:
    """A client that starts `ledger mcp` for `root` as an agent would, over stdio."""
    command = [sys.executable, "-m", "ledger.entry", "mcp", "--ledger", str(root)]
    where = root if root.is_dir() else None  # never a folder named `ledger`: python -m finds it
    return Client(StdioServerParameters(command=command[0], args=command[1:], cwd=where))


def _session(root: Path, body: Session) -> Any:
    async def run() -> Any:
        async with _connect(root) as client:
            return await body(client)

    return asyncio.run(run())


async def _call(client: Client, tool: str, **arguments: Any) -> tuple[bool, Any]:
    """(whether it failed, the JSON answer or the error's text)."""
    result = await client.call_tool(tool, arguments)
    text = result.content[0].text  # type: ignore[union-attr]
    return bool(result.is_error), (text if result.is_error else json.loads(text))


async def _answer(client: Client, tool: str, **arguments: Any) -> Any:
    failed, answer = await _call(client, tool, **arguments)
    assert not failed, answer
    return answer


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ledger of the bundled samples (`--no-llm`), in its own git repo."""
    where = tmp_path_factory.mktemp("mcp")
    config = new_ledger(where / "ledger")
    run_ingest(config, copy_samples(where / "samples"), llm=False)
    return config.root


@pytest.fixture()
def ledger(ingested: Path, tmp_path: Path) -> Path:
    """A copy of the ingested ledger that a test may write to."""
    copy = tmp_path / "ledger"
    shutil.copytree(ingested, copy, symlinks=True)
    return copy


def test_the_tool_list_is_stable(ingested: Path, snapshot: SnapshotAssertion) -> None:
    async def body(client: Client) -> Any:
        listed = await client.list_tools()
        return [
            {
                "name": t.name,
                "description": t.description,
                "input": t.input_schema,
                "hints": t.annotations.model_dump(exclude_none=True) if t.annotations else None,
            }
            for t in listed.tools
        ]

    assert _session(ingested, body) == snapshot


def test_the_reading_tools_answer_what_an_agent_cites(ingested: Path) -> None:
    async def body(client: Client) -> dict[str, Any]:
        found = await _answer(client, "search", query="JWT expiry", limit=5)
        sessions = await _answer(client, "list_sessions", limit=10)
        session = await _answer(client, "get_session", id=JWT_ID[:8])
        first = session["findings"][0]["id"]
        finding = await _answer(client, "get_finding", id=first)
        brief = await _answer(client, "context", project="/home/dev/acme-api", max_tokens=400)
        decisions = await _answer(client, "search", query="cache", kind="decision", current=True)
        return dict(found=found, sessions=sessions, session=session, finding=finding,
                    brief=brief, decisions=decisions)  # fmt: skip

    got = _session(ingested, body)
    top = got["found"]["results"][0]
    # the JWT session or one of its findings (`…leeway to `jwt.decode`…`), whichever ranks first
    assert "jwt" in top["title"].casefold() and (ingested / top["path"]).is_file()
    assert {"id", "title", "date", "status", "path", "file", "snippet"} <= set(top)
    assert JWT_ID in [s["session_id"] for s in got["sessions"]["sessions"]]
    assert got["session"]["session_id"] == JWT_ID
    assert got["session"]["facts"]["git_branch"] == "fix/jwt-expiry"
    assert got["session"]["summary"] and got["session"]["findings"]
    assert got["finding"]["text"].startswith("# ") and got["finding"]["session_id"] == JWT_ID
    assert got["brief"]["brief"].startswith("# Ledger brief: acme-api")
    assert got["decisions"]["results"]
    assert {r["kind"] for r in got["decisions"]["results"]} == {"decision"}


def test_bad_arguments_get_one_sentence_and_the_server_goes_on(ingested: Path) -> None:
    calls: list[tuple[str, dict[str, Any], str]] = [
        ("search", {"query": "   "}, "no words to search for"),
        ("search", {"query": "cache", "limit": "many"}, "argument 'limit'"),
        ("search", {"query": "cache", "limit": 0}, "limit 0 is out of range"),
        ("search", {"query": "cache", "kind": "idea"}, "unknown kind idea"),
        ("search", {"query": "cache", "since": "last tuesday"}, "is not a day"),
        ("search", {}, "argument 'query'"),
        ("list_sessions", {"since": "soon"}, "is not a day"),
        ("get_session", {"id": "ffffffff"}, "no session 'ffffffff'"),
        ("get_finding", {"id": "0123456789ab"}, "no finding '0123456789ab'"),
        ("context", {"max_tokens": 3}, "too small"),
        ("record_finding", {"kind": "idea", "title": "t", "body": "b"}, "unknown kind 'idea'"),
        ("record_finding", {"kind": "todo", "title": " ", "body": "b"}, "the title is empty"),
        ("record_finding", {"kind": "todo", "title": "t", "body": "b", "supersedes": ["zz"]},
         "too short"),
        ("record_finding", {"kind": "todo", "title": "t", "body": "b", "session_id": "a\nb"},
         "is not a session id"),
        ("resolve", {"id": "0123456789ab", "status": "done"}, "no finding"),
        ("no_such_tool", {}, "Unknown tool"),
    ]  # fmt: skip

    async def body(client: Client) -> list[tuple[bool, Any]]:
        answers = [await _call(client, tool, **arguments) for tool, arguments, _ in calls]
        answers.append(await _call(client, "search", query="cache"))
        return answers

    answers = _session(ingested, body)
    for (tool, _, expected), (failed, text) in zip(calls, answers, strict=False):
        assert failed, tool
        assert expected in text, text
        assert "\n" not in text and "Traceback" not in text, text
    assert answers[-1][0] is False  # still serving
    assert not git(ingested, "status", "--porcelain")


def test_a_recorded_finding_is_redacted_committed_and_checked(ledger: Path) -> None:
    body = f"Three attempts, base 200 ms, jittered. Never log the key {SECRET}."
    old = _first_of_kind(ledger, "decision")

    async def run(client: Client) -> tuple[Any, Any, Any, Any]:
        done = await _answer(client, "record_finding", kind="decision",
                             title="Retry 504s from the billing API with backoff", body=body,
                             project="/home/dev/acme-api", references=["src/acme/billing.py"],
                             supersedes=[old])  # fmt: skip
        again = await _call(client, "record_finding", kind="decision",
                            title="Retry 504s from the billing API with backoff", body=body,
                            project="/home/dev/acme-api")  # fmt: skip
        chain = await _answer(client, "get_finding", id=old)
        newer = await _answer(client, "get_finding", id=done["id"])
        return done, again, chain, newer

    done, again, chain, newer = _session(ledger, run)
    assert [link["id"] for link in newer["supersedes"]] == [old]
    assert newer["facts"]["extractor"] == "agent" and SECRET not in newer["text"]
    written = ledger / done["path"]
    text = written.read_text(encoding="utf-8")
    assert SECRET not in text and "[REDACTED:" in text
    assert fields_of(written)["extractor"] == "agent" and done["status"] == "open"
    assert done["commit"] and git(ledger, "log", "-1", "--format=%s").startswith("ledger: record")
    assert not git(ledger, "status", "--porcelain")
    assert SECRET not in git(ledger, "log", "-p", "-1")
    assert again[0] and done["id"] in again[1]
    assert [link["id"] for link in chain["superseded_by"]] == [done["id"]]
    assert chain["status"] == "superseded"
    assert check_ledger(ledger, ledger / ".ledger").ok


def test_a_finding_recorded_in_a_session_outlives_its_next_ingest(ledger: Path) -> None:
    async def run(client: Client) -> Any:
        note = {"title": "Four pods share one Redis", "body": "So the cache is shared."}
        return await _answer(client, "record_finding", kind="insight", session_id=CACHE_ID, **note)

    done = _session(ledger, run)
    assert done["session_id"] == CACHE_ID and "reports-endpoint" in done["path"]
    samples = copy_samples(ledger.parent / "samples-grown")
    append_turn(samples / CLAUDE_PROJECT / f"{CACHE_ID}.jsonl", "And eviction?", "LRU, 1 GB.")
    result = run_ingest(load(ledger), samples, llm=False)
    assert result.changes  # the session was written again
    assert (ledger / done["path"]).is_file()
    assert check_ledger(ledger, ledger / ".ledger").ok


def test_resolve_walks_the_lifecycle(ledger: Path) -> None:
    todo, newer = _first_of_kind(ledger, "todo"), _first_of_kind(ledger, "insight")
    older = _first_of_kind(ledger, "takeaway")

    async def run(client: Client) -> list[tuple[bool, Any]]:
        return [
            await _call(client, "resolve", id=todo, status="done", note=f"shipped {SECRET}"),
            await _call(client, "resolve", id=todo, status="done"),
            await _call(client, "resolve", id=todo, status="open"),
            await _call(client, "resolve", id=todo, status="answered"),
            await _call(client, "resolve", id=older, status="superseded"),
            await _call(client, "resolve", id=older, status="superseded", by=newer),
        ]

    done, twice, reopened, wrong, no_by, superseded = _session(ledger, run)
    assert not done[0] and done[1]["old_status"] == "open" and done[1]["status"] == "done"
    assert twice[0] and "already done" in twice[1]
    assert not reopened[0] and reopened[1]["status"] == "open"
    assert wrong[0] and "a todo cannot be answered" in wrong[1]
    assert no_by[0] and "needs `by`" in no_by[1]
    assert not superseded[0] and superseded[1]["by"] == newer
    assert SECRET not in git(ledger, "log", "-p")
    assert check_ledger(ledger, ledger / ".ledger").ok


def test_two_clients_write_at_once_and_nothing_is_lost(ledger: Path) -> None:
    async def writer(name: str) -> list[Any]:
        async with _connect(ledger) as client:
            note = {"kind": "todo", "body": f"Written by {name}.", "project": "/home/dev/acme-api"}
            return [
                await _answer(client, "record_finding", title=f"{name} todo {n}", **note)
                for n in range(4)
            ]

    async def both() -> list[list[Any]]:
        return list(await asyncio.gather(writer("left"), writer("right")))

    answers = [a for one in asyncio.run(both()) for a in one]
    assert len({a["id"] for a in answers}) == 8
    assert all((ledger / a["path"]).is_file() for a in answers)
    subjects = git(ledger, "log", "--format=%s").splitlines()
    assert sum(s.startswith("ledger: record todo") for s in subjects) == 8
    assert not git(ledger, "status", "--porcelain")
    assert check_ledger(ledger, ledger / ".ledger").ok


def test_nothing_is_written_through_a_link_out_of_the_ledger(ledger: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (ledger / "sessions" / "2099-01-01-elsewhere-aaaaaaaa").symlink_to(outside)

    async def run(client: Client) -> tuple[bool, Any]:
        return await _call(client, "record_finding", kind="todo", title="t", body="b")

    failed, text = _session(ledger, run)
    assert failed and "symbolic link leading out of the ledger" in text
    assert not any(outside.iterdir())


def test_a_missing_ledger_is_a_tool_error_not_a_dead_server(tmp_path: Path) -> None:
    async def run(client: Client) -> tuple[bool, Any]:
        return await _call(client, "search", query="cache")

    failed, text = _session(tmp_path / "nowhere", run)
    assert failed and "no ledger at" in text and "ledger init" in text


def _first_of_kind(root: Path, kind: str) -> str:
    """The id of the first finding of `kind` in the ledger, by path."""
    for path in sorted((root / "sessions").glob(f"*/{kind}-*.md")):
        fields = fields_of(path)
        if fields.get("status") == "open":
            return fields["id"]
    raise AssertionError(f"no open {kind}")


def test_hostile_text_is_written_inert(ledger: Path) -> None:
    """Control characters, a link in the title, frontmatter in the body: the file stays one
    finding with the frontmatter ledger wrote, and `ledger check` finds nothing wrong."""
    title = "Ship it ]] [[elsewhere|x]] \x1b[31mnow\u202e"
    body = "Fine.\n---\nkind: decision\nstatus: done\n---\n\x00# not a heading"

    async def run(client: Client) -> Any:
        return await _answer(client, "record_finding", kind="todo", title=title, body=body)

    done = _session(ledger, run)
    fields = fields_of(ledger / done["path"])
    assert (fields["kind"], fields["status"]) == ("todo", "open")
    text = (ledger / done["path"]).read_text(encoding="utf-8")
    for unwanted in ("\x1b", "\u202e", "\x00", "\\u001b", "\\u202e"):  # raw, or YAML-escaped
        assert unwanted not in text
    assert "[[elsewhere" not in text
    assert check_ledger(ledger, ledger / ".ledger").ok
