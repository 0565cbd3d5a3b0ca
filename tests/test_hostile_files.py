"""Hostile files and hostile answers: one bad file never stops a run, nothing hangs, nothing
escapes its bounds (issue 20 points 2, 4 and 8; issue 15 point 6)."""

from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fake_messages import FakeMessages, fake_messages_server, summary, turns_of
from ledger_fixtures import JWT_ID, copy_samples, fields_of, folder_of, new_ledger, run_ingest
from llm_fixtures import LONG_ID, llm_ledger, long_session, run
from transcript_fixtures import (
    claude_assistant,
    claude_file,
    claude_session_records,
    claude_user,
    text,
    tool_result,
    tool_use,
)

from ledger.ingest.prepare import EXTRACT_FAILED
from ledger.llm.merge import MAX_BODY_CHARS, MAX_FINDINGS, bound_answer
from ledger.models import SkippedFile
from ledger.search.check import check_ledger
from ledger.store import frontmatter
from ledger.store.local_facts import load_facts
from ledger.transcripts.read import READER_FAILED, scan

HOSTILE_KINDS = (
    "fifo", "socket", "dir-link", "dev-zero", "dev-urandom", "dev-null", "sparse", "dangling",
    "bad-name", "bad-utf8-result", "deep", "nul-bytes", "huge-line",
)  # fmt: skip


def _plant(folder: Path, kind: str) -> Path:
    """One hostile file of `kind` named like a transcript in `folder`."""
    path = folder / f"{kind}.jsonl"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        here = os.getcwd()
        os.chdir(folder)  # a socket's path is bounded (108 bytes): bind it by its name
        try:
            with socket.socket(socket.AF_UNIX) as server:
                server.bind(path.name)
        finally:
            os.chdir(here)
    elif kind == "dir-link":
        (folder / "a-folder").mkdir()
        path.symlink_to(folder / "a-folder")
    elif kind.startswith("dev-"):
        path.symlink_to(f"/dev/{kind[4:]}")
    elif kind == "sparse":
        with open(path, "wb") as handle:
            handle.truncate(20 * 1024**3)  # 20 GB of nothing
    elif kind == "dangling":
        path.symlink_to(folder / "gone")
    elif kind == "bad-name":
        name = os.fsencode(folder) + b"/caf\xe9-\xff.jsonl"  # Latin-1, not UTF-8
        records = _session("5e55f00d-0000-4000-8000-00000000bad0")
        with open(name, "wb") as handle:
            handle.write(b"".join(json.dumps(r).encode() + b"\n" for r in records))
        return Path(os.fsdecode(name))
    elif kind == "bad-utf8-result":
        records = _session("5e55f00d-0000-4000-8000-00000000bad1", with_tool=True)
        data = b"".join(json.dumps(r).encode() + b"\n" for r in records)
        path.write_bytes(data.replace(b"RESULT-TEXT", b"caf\xe9 \xff\xfe broken"))
    elif kind == "deep":
        path.write_bytes(
            b"[" * 100_000 + b"]" * 100_000 + b"\n" + b'{"a":' * 5000 + b"1" + b"}" * 5000
        )
    elif kind == "nul-bytes":
        path.write_bytes(b"\0" * 3_000_000)
    elif kind == "huge-line":
        path.write_bytes(b'{"type":"user","x":"' + b"a" * 40_000_000 + b'"}\n')
    return path


def _session(session_id: str, with_tool: bool = False) -> list[dict[str, Any]]:
    records = claude_session_records(3)
    if with_tool:
        records += [
            claude_assistant([tool_use("toolu_1", "Read", file_path="/x.py")], message_id="m9"),
            claude_user([tool_result("toolu_1", [text("RESULT-TEXT")])]),
        ]
    for record in records:
        record["sessionId"] = session_id
    return records


@pytest.fixture()
def hostile(tmp_path: Path) -> Iterator[Path]:
    """A source with the bundled samples and every hostile kind beside them."""
    source = copy_samples(tmp_path / "source")
    folder = source / "claude" / "projects" / "-home-dev-hostile"
    folder.mkdir(parents=True)
    for kind in HOSTILE_KINDS:
        _plant(folder, kind)
    yield source


def test_every_hostile_file_is_skipped_quickly_with_its_reason(hostile: Path) -> None:
    started = time.perf_counter()
    result = scan([hostile], workers=1)
    seconds = time.perf_counter() - started
    assert seconds < 15, f"{seconds:.1f} s"
    reasons = {s.path.name: s.reason for s in result.skipped}
    assert reasons["fifo.jsonl"] == "not a regular file: a FIFO (named pipe)"
    assert reasons["socket.jsonl"] == "not a regular file: a socket"
    assert reasons["dir-link.jsonl"] == "not a regular file: a directory"
    for device in ("dev-zero", "dev-urandom", "dev-null"):
        assert reasons[f"{device}.jsonl"] == "not a regular file: a character device"
    assert reasons["sparse.jsonl"].startswith("sparse file, not a transcript; 21,474,836,480 ")
    assert reasons["dangling.jsonl"].startswith("cannot read")
    for damaged in ("deep.jsonl", "nul-bytes.jsonl", "huge-line.jsonl"):
        assert damaged in reasons
    assert not any(r.startswith(READER_FAILED) for r in reasons.values())
    ids = {s.session_id for s in result.sessions}
    assert {"5e55f00d-0000-4000-8000-00000000bad0", "5e55f00d-0000-4000-8000-00000000bad1"} <= ids


def test_an_ingest_over_every_hostile_kind_ingests_the_good_sessions(
    hostile: Path, tmp_path: Path
) -> None:
    ledger = new_ledger(tmp_path / "ledger")
    started = time.perf_counter()
    result = run_ingest(ledger, hostile)
    assert time.perf_counter() - started < 20
    assert result.commit is not None and result.new == 7  # 5 samples + the two damaged ones
    skipped = {s.path.name for s in result.skipped}
    assert {f"{k}.jsonl" for k in HOSTILE_KINDS} - skipped == {
        "bad-name.jsonl",  # a session: its name is not even that
        "bad-utf8-result.jsonl",
    }
    named = fields_of(
        folder_of(ledger.root, "5e55f00d-0000-4000-8000-00000000bad0") / "_session.md"
    )
    assert "source" not in named, "where a transcript lies is this machine's: in .ledger/"
    here = load_facts(ledger.state)["5e55f00d-0000-4000-8000-00000000bad0"].source
    assert here is not None and Path(here).is_file(), "the name as it is on disk, not replaced"
    assert run_ingest(ledger, hostile).commit is None


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_special_file_in_a_session_folder_is_flagged_never_read(
    tmp_path: Path, kind: str
) -> None:
    """A teammate can commit a link to `/dev/zero` (git stores links), anyone can make a FIFO:
    `ledger check` flags it at once (it read it whole, or blocked), and the session's next
    ingest leaves it alone."""
    samples = copy_samples(tmp_path / "samples")
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, samples)
    planted = folder_of(config.root, JWT_ID) / "notes.md"
    os.mkfifo(planted) if kind == "fifo" else planted.symlink_to("/dev/zero")
    started = time.monotonic()
    problems = check_ledger(config.root, config.state).problems
    assert [(p.path, p.rule) for p in problems] == [
        (planted.relative_to(config.root).as_posix(), "broken")
    ]
    transcript = next(samples.rglob(f"{JWT_ID}.jsonl"))
    with transcript.open("a", encoding="utf-8") as grown:
        grown.write(transcript.read_text(encoding="utf-8").splitlines()[-1] + "\n")
    run_ingest(config, samples)
    assert time.monotonic() - started < 30 and os.path.lexists(planted)


def test_a_committed_link_out_of_the_ledger_is_never_served(tmp_path: Path) -> None:
    """A teammate's pull request adds `todo-innocent.md`, a link to a file outside the ledger:
    grep (and so the viewer and a published site, which read the same index) never show it."""
    from ledger.search.grep import GrepOptions, grep

    outside = tmp_path / "outside.md"
    outside.write_text("---\nid: abcdefabcdef\nkind: todo\n---\n\nCI_TOKEN=outside-value\n")
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, copy_samples(tmp_path / "samples"))
    (folder_of(config.root, JWT_ID) / "todo-innocent.md").symlink_to(outside)
    assert grep(config.root, config.state, GrepOptions("outside-value")).matches == ()
    assert grep(config.root, config.state, GrepOptions("smoke test")).matches


@pytest.mark.parametrize("field", ["gitBranch", "cwd", "model", "tool", "file"])
def test_a_link_in_a_transcripts_own_facts_is_text_not_a_link(tmp_path: Path, field: str) -> None:
    """`[[nowhere]]` as a branch, folder, model, tool or file name lands in frontmatter: it is
    escaped there as in the body, so `ledger check` passes on what ingest wrote."""
    odd = "[[nowhere]]"
    fields = {"gitBranch": odd} if field == "gitBranch" else {"cwd": f"/home/dev/{odd}"}
    fields = fields if field in ("gitBranch", "cwd") else {}
    name, path = (odd, "a.py") if field == "tool" else ("Edit", f"src/{odd}.py")
    records = [
        claude_user("Fix the login bug in auth.py, please.", **fields),
        claude_assistant(
            [tool_use("t1", name, file_path=path, old_string="a", new_string="b")],
            model=odd if field == "model" else "claude-sonnet-4-6", **fields,
        ),
        claude_user([tool_result("t1", "done")], **fields),
        *(claude_user(f"prompt {n}", **fields) for n in (2, 3)),
    ]  # fmt: skip
    claude_file(tmp_path / "src", records)
    config = new_ledger(tmp_path / "ledger")
    assert run_ingest(config, tmp_path / "src").changes
    assert check_ledger(config.root, config.state).problems == ()


def test_a_non_utf8_result_keeps_its_session(tmp_path: Path) -> None:
    path = _plant(tmp_path, "bad-utf8-result")
    (session,) = scan([path], workers=1).sessions
    assert session.session_id.endswith("bad1") and session.tool_calls


def test_a_special_file_given_as_the_source_is_skipped(tmp_path: Path) -> None:
    for kind in ("fifo", "dev-zero"):
        result = scan([_plant(tmp_path, kind)], workers=1)
        assert result.sessions == ()
        assert [s.reason.split(":")[0] for s in result.skipped] == ["not a regular file"]


def test_skips_are_counted_by_reason(hostile: Path) -> None:
    skipped = scan([hostile], workers=1).skipped
    assert all(isinstance(s, SkippedFile) and s.reason for s in skipped)
    assert sum(s.reason == "not a regular file: a character device" for s in skipped) == 3


# control characters --------------------------------------------------------------------------


def test_display_only_control_characters_never_reach_a_file(tmp_path: Path) -> None:
    records = _session("5e55f00d-0000-4000-8000-0000000b1d10")
    records[0]["message"]["content"] = "Fix the invoice \u202etxt.exe\u202c total \u2066now\u2069"
    source = claude_file(tmp_path / "src", records, "5e55f00d-0000-4000-8000-0000000b1d10")
    ledger = new_ledger(tmp_path / "ledger")
    run_ingest(ledger, source)
    record = folder_of(ledger.root, "5e55f00d-0000-4000-8000-0000000b1d10") / "_session.md"
    text_ = record.read_text(encoding="utf-8")
    assert not any(c in text_ for c in "\u202e\u202c\u2066\u2069")
    assert "Fix the invoice txt.exe total now" in frontmatter.load(text_)["title"]


# hostile LLM answers -------------------------------------------------------------------------


def _finding(title: str, turn: int, **more: Any) -> dict[str, Any]:
    base = {"kind": "insight", "title": title, "body": "Plain prose.", "turns": [turn]}
    return {**base, "confidence": 0.8, **more}


def test_an_answer_is_bounded_before_it_is_checked() -> None:
    flood = [_finding(f"Finding number {n}", 1) for n in range(5000)]
    flood[0]["body"] = "x" * (MAX_BODY_CHARS + 1)
    flood[1]["turns"] = list(range(100_000))
    bounded, dropped = bound_answer({"findings": flood, "summary": {"work_done": ["a"] * 999}})
    assert len(bounded["findings"]) == MAX_FINDINGS - 1
    assert len(bounded["findings"][0]["turns"]) == 20
    assert len(bounded["summary"]["work_done"]) == 20
    reasons = sorted(d.reason for d in dropped)
    assert reasons == [
        f"body over {MAX_BODY_CHARS} characters",
        f"over the limit of {MAX_FINDINGS} findings per window",
    ]


@pytest.fixture()
def fake() -> Iterator[FakeMessages]:
    with fake_messages_server() as server:
        yield server


def test_hostile_answers_stay_in_bounds_and_in_their_project(
    tmp_path: Path, fake: FakeMessages
) -> None:
    config = llm_ledger(tmp_path / "ledger", fake)
    other = long_session(tmp_path / "other", 3, session_id="0beef000-0000-4000-8000-000000000001")
    # the other session is of another project: the answer must not touch its findings
    moved = other.read_text().replace("/home/dev/shop", "/home/dev/elsewhere")
    other.write_text(moved)
    run(config, other)
    theirs = [p for p in (config.root / "sessions").rglob("*.md") if p.name != "_session.md"]
    their_ids = [fields_of(p)["id"] for p in theirs]
    assert their_ids

    def hostile_answer(request: dict[str, Any]) -> dict[str, Any]:
        first = turns_of(request)[0]
        flood = [_finding(f"Observation {n} about the module", first) for n in range(500)]
        flood[0] = _finding(
            "Retire everything else", first, supersedes=their_ids, references=their_ids
        )
        flood[1]["body"] = "b" * 10_000_000
        return {"findings": flood, "summary": summary()}

    fake.responder = hostile_answer
    mine = long_session(tmp_path / "mine", 3)
    result = run(config, mine)
    assert result.commit
    folder = folder_of(config.root, LONG_ID)
    written = [p for p in folder.glob("*.md") if fields_of(p).get("extractor") == "llm"]
    assert 0 < len(written) <= MAX_FINDINGS
    assert all(p.stat().st_size < 20_000 for p in folder.glob("*.md"))
    for path in theirs:
        assert fields_of(path).get("status") != "superseded"
        assert fields_of(path).get("superseded_by") == "[]"
    retire = [p for p in written if "retire" in p.name]
    assert retire and "supersedes: []" in retire[0].read_text()


def test_a_session_extraction_breaks_on_stops_only_that_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ledger.ingest import prepare

    real = prepare.extract_findings

    def breaks_on_one(session: Any) -> Any:
        if session.session_id == JWT_ID:
            raise TypeError("a shape no extractor expected")
        return real(session)

    monkeypatch.setattr(prepare, "extract_findings", breaks_on_one)
    ledger = new_ledger(tmp_path / "ledger")
    samples = copy_samples(tmp_path / "samples")
    result = run_ingest(ledger, samples)
    assert result.commit and result.new == 4
    (failed,) = [s for s in result.skipped if JWT_ID in s.path.name]
    assert failed.reason.startswith(EXTRACT_FAILED)
    monkeypatch.undo()
    assert run_ingest(ledger, samples).new == 1  # tried again, not remembered as no session
