"""The LLM pass end to end: the real `anthropic` client against a fake Messages API on 127.0.0.1.

Each test starts its own fake server, points a fresh ledger's `llm.base_url` at it, gives
`ingest` a (fake) key, and looks at what was sent and what landed in git.
"""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fake_messages import (
    FakeMessages,
    Scripted,
    error_body,
    fake_messages_server,
    summary,
    tool_message,
    turns_of,
    user_text,
    window_answer,
)
from ledger_fixtures import (
    CACHE_ID,
    CODEX_RATE_ID,
    GHOST_ID,
    JWT_ID,
    SAMPLES,
    append_turn,
    copy_samples,
    fields_of,
    folder_of,
    git,
    jwt_transcript,
    ledger_files,
    set_tool_input,
    subjects,
)
from llm_fixtures import KEY, LONG_ID, configure_llm, llm_ledger, long_session, run
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.errors import LedgerError
from ledger.versions import EXTRACTORS, PROMPT_VERSION, llm_extractor

runner = CliRunner()
LLM_KEY = llm_extractor("claude-sonnet-4-6")
FULL = ", ".join((*EXTRACTORS, LLM_KEY))
STRUCTURAL = ", ".join(EXTRACTORS)
NON_GHOSTS = 4
"""The bundled samples hold 4 sessions worth sending (one has one prompt, but did work)."""
PLANTED = "ghp_" + "Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2"


@pytest.fixture
def fake() -> Iterator[FakeMessages]:
    with fake_messages_server() as server:
        yield server


def _llm_files(folder: Path) -> list[Path]:
    return [p for p in sorted(folder.glob("*.md")) if fields_of(p).get("extractor") == "llm"]


def _record(root: Path, session_id: str) -> dict[str, str]:
    return fields_of(folder_of(root, session_id) / "_session.md")


# the normal path -----------------------------------------------------------------------------


def test_extraction_end_to_end_into_git(tmp_path: Path, fake: FakeMessages) -> None:
    config = llm_ledger(tmp_path / "ledger", fake)
    result = run(config, SAMPLES)

    assert len(fake.requests) == NON_GHOSTS  # ghosts are never sent
    request = fake.requests[0]
    assert request["tool_choice"] == {"type": "tool", "name": "record_findings"}
    assert request["system"][0]["cache_control"] == {"type": "ephemeral"}
    assert request["model"] == "claude-sonnet-4-6"
    auth = fake.headers[0].get("x-api-key") or fake.headers[0]["authorization"]
    assert auth in (KEY, f"Bearer {KEY}")
    assert result.llm is not None and result.llm.completed == NON_GHOSTS
    assert result.llm.tokens.cache_read > 0 and result.llm.cost_usd > 0

    folder = folder_of(config.root, JWT_ID)
    found = _llm_files(folder)
    assert len(found) == 2
    fields = fields_of(found[0])
    assert fields["model"] == "claude-sonnet-4-6"
    assert fields["prompt"] == PROMPT_VERSION
    assert 0 < float(fields["confidence"]) <= 1
    assert (folder / "hypothesis-the-clock-skew-between-the-staging-pods-is-the-cause.md").exists()
    record = (folder / "_session.md").read_text(encoding="utf-8")
    assert "\n## Summary\n\n**Objective:** Objective seen from turn 1." in record
    assert _record(config.root, JWT_ID)["extractors"] == FULL
    message = git(config.root, "log", "-1", "--format=%B")
    assert f"Ledger-Extractor: {LLM_KEY}" in message
    assert git(config.root, "status", "--porcelain", "--", "sessions") == ""


def test_ghosts_record_the_llm_extractor_and_are_not_sent_again(
    tmp_path: Path, fake: FakeMessages
) -> None:
    config = llm_ledger(tmp_path / "ledger", fake)
    run(config, SAMPLES)
    again = run(config, SAMPLES)
    assert len(fake.requests) == NON_GHOSTS
    assert again.commit is None and again.llm is None and again.unchanged == 5


def test_the_request_holds_no_planted_secret(tmp_path: Path, fake: FakeMessages) -> None:
    samples = copy_samples(tmp_path / "samples")
    set_tool_input(jwt_transcript(samples), "Bash", "command", f"GITHUB_TOKEN={PLANTED} gh pr list")
    append_turn(jwt_transcript(samples), f"use my token {PLANTED} for the API", "Done.")
    config = llm_ledger(tmp_path / "ledger", fake)
    run(config, jwt_transcript(samples))
    assert len(fake.raw) == 1
    assert PLANTED.encode() not in fake.raw[0]
    assert b"[REDACTED:" in fake.raw[0]


# windows, cache, growth ------------------------------------------------------------------------


def test_windows_overlap_and_duplicates_across_windows(tmp_path: Path, fake: FakeMessages) -> None:
    transcript = long_session(tmp_path / "transcripts", 10)
    config = llm_ledger(tmp_path / "ledger", fake, window_turns=4, window_overlap=1)
    result = run(config, transcript)
    assert [turns_of(r) for r in fake.requests] == [[1, 2, 3, 4], [4, 5, 6, 7], [7, 8, 9, 10]]
    assert result.llm is not None and result.llm.completed == 1
    folder = folder_of(config.root, LONG_ID)
    shared = fields_of(folder / "insight-the-session-is-one-long-conversation.md")
    assert shared["extractor"] == "llm"
    text = (folder / "insight-the-session-is-one-long-conversation.md").read_text()
    assert "turns:\n  - 4\n  - 7\n  - 10\n" in text  # one file, the turns of every window
    assert len(list(folder.glob("decision-keep-the-conclusions-*.md"))) == 3


def test_the_cache_answers_without_a_request(tmp_path: Path, fake: FakeMessages) -> None:
    first = llm_ledger(tmp_path / "first", fake)
    run(first, SAMPLES)
    second = llm_ledger(tmp_path / "second", fake)
    (second.state).mkdir(exist_ok=True)
    (first.state / "llm-cache").rename(second.state / "llm-cache")
    result = run(second, SAMPLES)
    assert len(fake.requests) == NON_GHOSTS  # none for the second ledger
    assert result.llm is not None and result.llm.completed == NON_GHOSTS
    assert ledger_files(second.root) == ledger_files(first.root)


def test_a_grown_session_sends_only_its_new_windows(tmp_path: Path, fake: FakeMessages) -> None:
    transcript = long_session(tmp_path / "transcripts", 10)
    config = llm_ledger(tmp_path / "ledger", fake, window_turns=4, window_overlap=1)
    run(config, transcript)
    grown = long_session(tmp_path / "transcripts", 12)
    assert grown == transcript
    result = run(config, transcript)
    # windows 1-4, 4-7, 7-10 are unchanged; 10-12 is new
    assert [turns_of(r) for r in fake.requests[3:]] == [[10, 11, 12]]
    assert result.llm is not None and result.llm.requests == 1
    assert sum(s.cached for s in result.llm.sessions) == 3


def test_the_llm_divides_the_session_into_engagements(tmp_path: Path, fake: FakeMessages) -> None:
    """With the LLM on, a session's engagements come from the same tool call as its findings,
    the windows' stitched into one list, with the session's decisions in their turns."""
    transcript = long_session(tmp_path / "transcripts", 10)
    config = llm_ledger(tmp_path / "ledger", fake, window_turns=4, window_overlap=1)
    run(config, transcript)
    assert len(fake.requests) == 3  # no request of its own
    record = (folder_of(config.root, LONG_ID) / "_session.md").read_text(encoding="utf-8")
    rows = [line for line in record.splitlines() if line.startswith("| 1-10 ")]
    assert len(rows) == 1 and "| research | completed |" in rows[0]
    assert "Read what turns 1 to 4 of the session discussed" in rows[0]
    assert "| Turns 7 to 10 were read |" in rows[0]
    decisions = [fields_of(f)["id"] for f in folder_of(config.root, LONG_ID).glob("decision-*")]
    assert decisions and all(d in rows[0] for d in decisions)


def test_the_cache_answers_only_the_request_it_answered(tmp_path: Path, fake: FakeMessages) -> None:
    """A window whose request changed (here: the open findings it lists, after another session
    of the project added one) is asked again, even though its text did not change."""
    folder = tmp_path / "transcripts"
    transcript = long_session(folder, 10)
    config = llm_ledger(tmp_path / "ledger", fake, window_turns=4, window_overlap=1)
    run(config, transcript)
    other = "10a90000-0000-4000-8000-000000000399"
    run(config, long_session(folder, 3, other, timestamp="2026-03-03T09:00:00.000Z"))
    asked = len(fake.requests)
    long_session(folder, 12)
    result = run(config, transcript)
    again = fake.requests[asked:]
    assert [turns_of(r) for r in again] == [[1, 2, 3, 4], [4, 5, 6, 7], [7, 8, 9, 10], [10, 11, 12]]
    assert all("decision: Keep the conclusions of turns 1 to 3" in user_text(r) for r in again)
    assert result.llm is not None and result.llm.completed == 1


def test_a_new_structural_version_rebuilds_answered_sessions_without_sending(
    tmp_path: Path, fake: FakeMessages
) -> None:
    """Sessions answered before and unchanged since take their windows' last answers, although
    the open findings their requests would list now include those of later sessions."""
    config = llm_ledger(tmp_path / "ledger", fake)
    run(config, SAMPLES)
    before = ledger_files(config.root)
    for record in (config.root / "sessions").glob("*/_session.md"):
        text = record.read_text(encoding="utf-8")
        older = record.with_suffix(".tmp")  # written as ledger and git write: replaced whole
        older.write_text(text.replace(EXTRACTORS[0], "structural/0"), encoding="utf-8")
        older.replace(record)
    result = run(config, SAMPLES)
    assert len(fake.requests) == NON_GHOSTS  # none sent again
    assert result.llm is not None and result.llm.completed == NON_GHOSTS
    findings = {k: v for k, v in ledger_files(config.root).items() if "_session" not in k}
    assert findings == {k: v for k, v in before.items() if "_session" not in k}


def test_a_grown_last_window_is_sent_again(tmp_path: Path, fake: FakeMessages) -> None:
    transcript = long_session(tmp_path / "transcripts", 8)
    config = llm_ledger(tmp_path / "ledger", fake, window_turns=4, window_overlap=1)
    run(config, transcript)
    long_session(tmp_path / "transcripts", 9)
    run(config, transcript)
    assert [turns_of(r) for r in fake.requests[3:]] == [[7, 8, 9]]  # 7-8 grew into 7-9


def test_reextract_ignores_the_cache(tmp_path: Path, fake: FakeMessages) -> None:
    config = llm_ledger(tmp_path / "ledger", fake)
    run(config, SAMPLES)
    result = run(config, SAMPLES, reextract=True, session=JWT_ID[:8])
    assert len(fake.requests) == NON_GHOSTS + 1
    assert result.llm is not None and result.llm.completed == 1


def test_turning_the_llm_off_keeps_its_findings(tmp_path: Path, fake: FakeMessages) -> None:
    config = llm_ledger(tmp_path / "ledger", fake)
    run(config, SAMPLES)
    before = ledger_files(config.root)
    result = run(config, SAMPLES, llm=False)
    assert result.commit is None and ledger_files(config.root) == before


def test_reextract_with_the_llm_off_only_rebuilds_from_the_cache(
    tmp_path: Path, fake: FakeMessages
) -> None:
    config = llm_ledger(tmp_path / "ledger", fake)
    run(config, SAMPLES)
    before = ledger_files(config.root)
    result = run(config, SAMPLES, llm=False, reextract=True)
    assert len(fake.requests) == NON_GHOSTS
    assert result.llm is not None and result.llm.completed == NON_GHOSTS
    after = ledger_files(config.root)
    # only the ghosts' records change: with the LLM off they record the structural pass only
    assert {path for path in after if after[path] != before.get(path)} == {
        f"{folder_of(config.root, ghost).relative_to(config.root)}/_session.md"
        for ghost in (GHOST_ID,)
    }


def _llm_titles(root: Path, session_id: str) -> set[str]:
    return {fields_of(p)["title"] for p in _llm_files(folder_of(root, session_id))}


@pytest.mark.parametrize("how", ["failure", "llm off"])
def test_a_grown_session_keeps_the_answers_it_has_and_completes_later(
    tmp_path: Path, fake: FakeMessages, how: str
) -> None:
    transcript = long_session(tmp_path / "transcripts", 10)
    config = llm_ledger(tmp_path / "ledger", fake, window_turns=4, window_overlap=1)
    run(config, transcript)
    before = _llm_titles(config.root, LONG_ID)
    long_session(tmp_path / "transcripts", 12)
    if how == "failure":
        fake.queue(FAILURES["500"])
    result = run(config, transcript, **({"llm": False} if how == "llm off" else {}))

    assert result.llm is not None and [s.session_id for s in result.llm.retry] == [LONG_ID]
    assert _llm_titles(config.root, LONG_ID) == before  # windows 1-10 answered, still there
    assert _record(config.root, LONG_ID)["extractors"] == STRUCTURAL  # marked for retry
    record = (folder_of(config.root, LONG_ID) / "_session.md").read_text()
    assert "**Outcome:**" in record  # the structural summary, not the model's

    sent = len(fake.requests)
    done = run(config, transcript)
    assert [turns_of(r) for r in fake.requests[sent:]] == [[10, 11, 12]]
    assert done.llm is not None and done.llm.completed == 1
    assert _record(config.root, LONG_ID)["extractors"] == FULL
    assert "Keep the conclusions of turns 10 to 12" in _llm_titles(config.root, LONG_ID)


def test_a_project_goes_in_order_and_projects_overlap(tmp_path: Path, fake: FakeMessages) -> None:
    """Sessions of one project are sent oldest first, each listing what the earlier ones of
    this run found (the LLM's findings too); sessions of two projects are in flight at once."""
    folder = tmp_path / "transcripts"
    runs = [("shop", 9), ("blog", 9), ("shop", 10), ("blog", 10)]
    for n, (project, hour) in enumerate(runs):
        moment = f"2026-03-02T{hour:02d}:00:00.000Z"
        sid = f"10a90000-0000-4000-8000-00000000030{n}"
        long_session(folder, 3, sid, cwd=f"/home/dev/{project}", timestamp=moment)
    config = llm_ledger(tmp_path / "ledger", fake, concurrency=4)
    fake.delay = 0.3
    result = run(config, folder)
    assert result.llm is not None and result.llm.completed == 4
    starts, ends = zip(*sorted(fake.spans), strict=True)
    assert starts[1] < ends[0]  # two projects at once
    asked = {
        project: [
            user_text(r) for r in fake.requests if f"project /home/dev/{project} " in user_text(r)
        ]
        for project in ("shop", "blog")
    }
    listed = "decision: Keep the conclusions of turns 1 to 3"
    for first, later in asked.values():
        assert listed not in first
        assert later.count(listed) == 1  # its own project's earlier session, not the other's


# failures ------------------------------------------------------------------------------------


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def _tool(answer: Any, stop: str = "tool_use") -> Scripted:
    usage = {"input_tokens": 10, "output_tokens": 5}
    return Scripted(200, tool_message(answer, usage, stop))


FAILURES = {
    "429": Scripted(429, error_body("rate_limit_error", "slow down")),
    "500": Scripted(500, error_body("api_error", "boom")),
    "529": Scripted(529, error_body("overloaded_error", "overloaded")),
    "timeout": Scripted(200, b"{}", delay=1.5),
    "no tool call": Scripted(
        200,
        {
            **tool_message({}, {"input_tokens": 10, "output_tokens": 5}),
            "content": [{"type": "text", "text": "I would rather chat."}],
            "stop_reason": "end_turn",
        },
    ),
    "malformed body": Scripted(200, b'{"id": "msg_1", "type": "mess'),
    "partial tool input": _tool({"findings": [{"kind": "decision"}]}, stop="max_tokens"),
    "wrong shape": _tool({"findings": "none", "summary": summary()}),
}


@pytest.mark.parametrize("failure", [*FAILURES, "connection refused"])
def test_a_failure_keeps_the_structural_findings_and_retries_next_run(
    tmp_path: Path, fake: FakeMessages, failure: str
) -> None:
    url = f"http://127.0.0.1:{_closed_port()}" if failure == "connection refused" else fake.url
    config = llm_ledger(tmp_path / "ledger", None, base_url=url, timeout=0.5)
    if failure in FAILURES:
        fake.queue(FAILURES[failure])
    result = run(config, jwt_transcript(SAMPLES))

    assert result.llm is not None and [s.session_id for s in result.llm.retry] == [JWT_ID]
    assert result.commit is not None  # the structural floor is committed
    folder = folder_of(config.root, JWT_ID)
    assert _llm_files(folder) == []
    assert (folder / "todo-add-a-smoke-test-for-the-login-flow-to-the-post-deploy.md").exists()
    assert _record(config.root, JWT_ID)["extractors"] == STRUCTURAL
    assert "**Outcome:**" in (folder / "_session.md").read_text()  # the structural summary
    assert git(config.root, "status", "--porcelain", "--", "sessions") == ""

    healed = configure_llm(config, base_url=fake.url)
    again = run(healed, jwt_transcript(SAMPLES))
    assert again.llm is not None and again.llm.completed == 1
    assert _record(config.root, JWT_ID)["extractors"] == FULL
    assert len(_llm_files(folder)) == 2


def test_the_sdk_retries_an_overloaded_api(tmp_path: Path, fake: FakeMessages) -> None:
    config = llm_ledger(tmp_path / "ledger", fake, retries=1)
    overloaded = error_body("overloaded_error", "overloaded")
    fake.queue(Scripted(529, overloaded, headers={"retry-after-ms": "10"}))
    result = run(config, jwt_transcript(SAMPLES))
    assert len(fake.requests) == 2
    assert result.llm is not None and result.llm.completed == 1


def test_a_failed_session_does_not_stop_the_next(tmp_path: Path, fake: FakeMessages) -> None:
    config = llm_ledger(tmp_path / "ledger", fake)
    fake.queue(FAILURES["500"])
    result = run(config, SAMPLES)
    assert result.llm is not None
    assert len(result.llm.retry) == 1 and result.llm.completed == NON_GHOSTS - 1


def test_a_bad_key_stops_sending_at_once(tmp_path: Path, fake: FakeMessages) -> None:
    config = llm_ledger(tmp_path / "ledger", fake, concurrency=1)
    fake.queue(Scripted(401, error_body("authentication_error", "invalid x-api-key")))
    result = run(config, SAMPLES)
    assert len(fake.requests) == 1
    assert result.llm is not None and len(result.llm.retry) == NON_GHOSTS
    assert result.llm.stopped is not None and "401" in result.llm.stopped


def test_the_cli_warns_and_exits_0_on_failure(
    tmp_path: Path, fake: FakeMessages, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = llm_ledger(tmp_path / "ledger", fake)
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    fake.queue(FAILURES["429"])
    args = ["ingest", "--ledger", str(config.root), "--source", str(jwt_transcript(SAMPLES))]
    done = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert done.exit_code == 0, done.output
    assert "warning: the LLM pass left 1 sessions with their structural findings" in done.stderr
    assert "HTTP 429 rate limited" in done.stderr


# citations and supersedes --------------------------------------------------------------------


def _hallucinating(request: dict[str, Any]) -> dict[str, Any]:
    good = {
        "kind": "decision",
        "title": "Use aware UTC datetimes for every token timestamp",
        "body": "Tokens are issued with datetime.now(timezone.utc).",
        "turns": [5, 99],
        "evidence": [
            {"turn": 5, "quote": "Let's go with timezone-aware datetimes"},
            {"turn": 5, "quote": "a sentence nobody wrote"},
        ],
        "references": ["/home/dev/acme-api/src/acme/auth.py", "src/nowhere.py", "0123456789ab"],
        "supersedes": ["abcdefabcdef"],
        "confidence": 0.9,
    }
    rejected = [
        {**good, "title": "", "turns": [5]},
        {**good, "title": "TODO", "turns": [5]},
        {**good, "turns": [42]},
        {**good, "confidence": 1.7},
    ]
    return {"findings": [good, good, *rejected], "summary": summary()}


def test_hallucinated_citations_are_dropped_and_logged(tmp_path: Path, fake: FakeMessages) -> None:
    fake.responder = _hallucinating
    config = llm_ledger(tmp_path / "ledger", fake)
    result = run(config, jwt_transcript(SAMPLES))

    assert result.llm is not None and result.llm.completed == 1
    path = (
        folder_of(config.root, JWT_ID)
        / "decision-use-aware-utc-datetimes-for-every-token-timestamp.md"
    )
    text = path.read_text(encoding="utf-8")
    assert "turns:\n  - 5\n" in text
    assert "references:\n  - /home/dev/acme-api/src/acme/auth.py\n" in text
    assert "supersedes: []" in text
    assert "> Let's go with timezone-aware datetimes\n> (turn 5: " in text
    assert "nobody wrote" not in text
    # turn 99, src/nowhere.py, 0123456789ab, abcdefabcdef, the invented quote (+ in rejects)
    assert result.llm.dropped >= 5
    assert result.llm.rejected == 5  # the duplicate, empty title, placeholder, turn 42, 1.7
    log = (config.state / "llm.log").read_text(encoding="utf-8")
    assert "dropped turn '99'" in log and "src/nowhere.py" in log and "duplicate" in log
    assert result.llm.log == config.state / "llm.log"


def test_supersedes_closes_a_todo_linked_both_ways_in_one_commit(
    tmp_path: Path, fake: FakeMessages
) -> None:
    config = llm_ledger(tmp_path / "ledger", fake)
    run(config, jwt_transcript(SAMPLES))
    old = (
        folder_of(config.root, JWT_ID)
        / "todo-add-a-smoke-test-for-the-login-flow-to-the-post-deploy.md"
    )
    old_id = fields_of(old)["id"]

    def superseding(request: dict[str, Any]) -> dict[str, Any]:
        assert f"{old_id} todo: Add a smoke test for the login flow" in user_text(request)
        answer = window_answer(request)
        answer["findings"][0]["supersedes"] = [old_id]
        return answer

    fake.responder = superseding
    codex = next(SAMPLES.glob("codex/sessions/2026/11/20/*.jsonl"))
    run(config, codex)

    new = next(folder_of(config.root, CODEX_RATE_ID).glob("decision-keep-the-conclusions-*.md"))
    new_id = fields_of(new)["id"]
    # a todo the model says a later finding supersedes is done (the status for its kind),
    # linked both ways through `references`, with a line under each body
    assert old_id in new.read_text().split("references:")[1].split("tags:")[0]
    assert fields_of(old)["status"] == "done"
    assert new_id in old.read_text().split("references:")[1].split("tags:")[0]
    assert "Done in session" in old.read_text()
    changed = git(config.root, "show", "--name-only", "--format=", "HEAD").split()
    assert any(p.endswith(old.name) for p in changed) and any(p.endswith(new.name) for p in changed)

    append_turn(jwt := jwt_transcript(copy_samples(tmp_path / "s")), "one more thing", "Sure.")
    run(config, jwt)  # the old session grows and is rewritten: its status and links stay
    assert fields_of(old)["status"] == "done"
    assert new_id in old.read_text()


def test_a_later_session_of_the_same_run_supersedes_an_llm_finding(
    tmp_path: Path, fake: FakeMessages
) -> None:
    """One run, two sessions of a project: the later one's request lists the earlier one's LLM
    decision, and its answer that supersedes it is written on both sides in the one commit."""
    folder = tmp_path / "transcripts"
    ids = ["10a90000-0000-4000-8000-000000000401", "10a90000-0000-4000-8000-000000000402"]
    for sid, hour in zip(ids, (9, 10), strict=True):
        long_session(folder, 3, sid, cwd="/home/dev/shop", timestamp=f"2026-03-02T{hour}:00:00Z")
    listed = re.compile(r"^- ([0-9a-f]{12}) decision: Keep the conclusions of turns 1 to 3$", re.M)

    def superseding(request: dict[str, Any]) -> dict[str, Any]:
        answer = window_answer(request)
        earlier = listed.findall(user_text(request))
        if earlier:
            answer["findings"][0].update(title="Redo what the first session settled")
            answer["findings"][0]["supersedes"] = earlier
        return answer

    fake.responder = superseding
    config = llm_ledger(tmp_path / "ledger", fake, concurrency=4)
    run(config, folder)
    old = folder_of(config.root, ids[0]) / "decision-keep-the-conclusions-of-turns-1-to-3.md"
    new = folder_of(config.root, ids[1]) / "decision-redo-what-the-first-session-settled.md"
    assert listed.findall(user_text(fake.requests[1])) == [fields_of(old)["id"]]
    assert fields_of(old)["status"] == "superseded"
    assert fields_of(new)["id"] in old.read_text().split("superseded_by:")[1]
    assert fields_of(old)["id"] in new.read_text().split("supersedes:")[1]
    assert len(git(config.root, "log", "--format=%H").split()) == 2  # init, then this run


def test_a_secret_in_the_answer_reaches_no_file_and_no_cache(
    tmp_path: Path, fake: FakeMessages
) -> None:
    """The model may echo or invent a secret: every string of its answer is redacted whole
    before it is cut, checked, cached or written."""
    token = "ghp_" + "Zx9Qw3Er5Ty7Ui9Op1As3Df5Gh7Jk9Lz2Xc4V"

    def leaking(request: dict[str, Any]) -> dict[str, Any]:
        answer = window_answer(request)
        answer["findings"][0]["title"] = f"Rotate the deploy token {token} and keep it out of CI"
        answer["findings"][0]["body"] = f"The token {token} was pasted in turn 1."
        answer["summary"]["work_done"] = [f"used {token}"]
        return answer

    fake.responder = leaking
    config = llm_ledger(tmp_path / "ledger", fake)
    run(config, jwt_transcript(SAMPLES))
    written = b"".join(ledger_files(config.root).values())
    cached = b"".join(p.read_bytes() for p in (config.state / "llm-cache").rglob("*.json"))
    assert b"REDACTED" in written and b"REDACTED" in cached
    assert token[4:20].encode() not in written + cached
    assert token[4:20] not in git(config.root, "log", "-p", "--all")


# cost control --------------------------------------------------------------------------------


def test_dry_run_sends_nothing_and_estimates(tmp_path: Path, fake: FakeMessages) -> None:
    config = llm_ledger(tmp_path / "ledger", fake)
    result = run(config, SAMPLES, dry_run=True)
    assert fake.requests == []
    assert result.llm is not None and len(result.llm.planned) == NON_GHOSTS
    assert result.llm.requests == NON_GHOSTS and result.llm.cost_usd > 0
    assert result.llm.tokens.cache_creation > 0 and result.llm.tokens.cache_read > 0
    assert not (config.root / "sessions").exists()


def test_dry_run_in_the_cli_lists_what_would_be_sent(
    tmp_path: Path, fake: FakeMessages, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = llm_ledger(tmp_path / "ledger", fake)
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    args = ["ingest", "--ledger", str(config.root), "--source", str(SAMPLES), "--dry-run"]
    done = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert done.exit_code == 0, done.output
    assert "LLM (claude-sonnet-4-6, extract/4) would send 4 windows of 4 sessions" in done.stdout
    assert "4f35e220 Fix JWT expiry on non-UTC hosts: turns 1-9" in done.stdout
    assert fake.requests == []


def test_the_budget_stops_sending_and_the_next_run_finishes(
    tmp_path: Path, fake: FakeMessages
) -> None:
    config = llm_ledger(tmp_path / "ledger", fake)
    result = run(config, SAMPLES, budget_usd=0.03)
    assert result.llm is not None
    assert 1 <= len(fake.requests) < NON_GHOSTS
    assert result.llm.cost_usd <= 0.03
    assert result.llm.stopped is not None and "budget" in result.llm.stopped
    assert len(result.llm.retry) == NON_GHOSTS - result.llm.completed
    sent = len(fake.requests)
    rest = run(config, SAMPLES)
    assert len(fake.requests) - sent == len(result.llm.retry)
    assert rest.llm is not None and rest.llm.completed == len(result.llm.retry)


def test_json_reports_tokens_and_cost(
    tmp_path: Path, fake: FakeMessages, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = llm_ledger(tmp_path / "ledger", None)  # the base URL comes from the environment
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.url)
    args = ["ingest", "--ledger", str(config.root), "--source", str(SAMPLES), "--json"]
    done = runner.invoke(app, args)
    assert done.exit_code == 0, done.output
    llm = json.loads(done.stdout)["llm"]
    assert llm["completed"] == NON_GHOSTS and llm["requests"] == NON_GHOSTS
    assert set(llm["tokens"]) == {"input", "output", "cache_read", "cache_creation"}
    assert llm["tokens"]["cache_read"] > 0 and llm["cost_usd"] > 0
    assert llm["retry"] == [] and llm["dropped_citations"] == 0


# modes ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("how", [["--llm"], []])
def test_mode_on_without_a_key_fails_clearly(tmp_path: Path, how: list[str]) -> None:
    config = llm_ledger(tmp_path / "ledger", None, **({} if how else {"mode": "on"}))
    args = ["ingest", "--ledger", str(config.root), "--source", str(SAMPLES), *how]
    (tmp_path / "cwd").mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "ledger", *args],
        cwd=tmp_path / "cwd",
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "error: the LLM pass is on but $ANTHROPIC_API_KEY is not set; export "
        "ANTHROPIC_API_KEY, or run with --no-llm (llm.mode: off in ledger.yaml)"
    ]
    assert not (config.root / "sessions").exists()


@pytest.mark.parametrize("how", ["mode off", "--no-llm"])
def test_off_sends_nothing_even_with_a_key(tmp_path: Path, fake: FakeMessages, how: str) -> None:
    config = llm_ledger(tmp_path / "ledger", fake, **({"mode": "off"} if how == "mode off" else {}))
    result = run(config, SAMPLES, **({"llm": False} if how == "--no-llm" else {}))
    assert fake.requests == [] and result.llm is None
    assert _record(config.root, CACHE_ID)["extractors"] == STRUCTURAL


def test_a_run_with_nothing_to_send_does_not_import_anthropic(
    tmp_path: Path, fake: FakeMessages
) -> None:
    config = llm_ledger(tmp_path / "ledger", fake)
    run(config, SAMPLES)
    probe = (
        "import sys\n"
        "from pathlib import Path\n"
        "from ledger.config import load\n"
        "from ledger.ingest.run import IngestOptions, ingest\n"
        f"options = IngestOptions(sources=(Path({str(SAMPLES)!r}),))\n"
        f"r = ingest(load(Path({str(config.root)!r})), options,"
        f" environ={{'ANTHROPIC_API_KEY': {KEY!r}}})\n"
        "print(r.unchanged, 'anthropic' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["5", "False"]
    assert subjects(config.root)[0].startswith("ledger: ingest 5 sessions")


# Message Batches -----------------------------------------------------------------------------


def test_batch_submits_now_and_collect_writes_the_answers_later(
    tmp_path: Path, fake: FakeMessages
) -> None:
    config = llm_ledger(tmp_path / "ledger", fake)
    queued = run(config, SAMPLES, batch=True)

    assert fake.requests == [] and list(fake.batches) == ["msgbatch_0001"]
    assert len(fake.batches["msgbatch_0001"]) == NON_GHOSTS
    params = fake.batches["msgbatch_0001"][0]["params"]
    assert params["tool_choice"] == {"type": "tool", "name": "record_findings"}
    assert queued.llm is not None and queued.llm.batch_id == "msgbatch_0001"
    assert queued.llm.queued == NON_GHOSTS and len(queued.llm.retry) == NON_GHOSTS
    assert _record(config.root, JWT_ID)["extractors"] == STRUCTURAL  # structural for now
    assert queued.commit is not None

    waiting = run(config, SAMPLES)  # not ended yet: nothing is sent twice
    assert fake.requests == [] and len(fake.batches) == 1
    assert waiting.llm is not None and waiting.llm.collected.waiting == 1
    assert "waiting for Message Batch msgbatch_0001" in (waiting.llm.retry[0].problem or "")

    fake.ended.add("msgbatch_0001")
    done = run(config, SAMPLES, collect=True)
    assert fake.requests == []  # every answer came from the batch, through the cache
    assert done.llm is not None and done.llm.completed == NON_GHOSTS
    assert done.llm.collected.windows == NON_GHOSTS and done.llm.collected.batches == 1
    assert done.llm.cost_usd > 0
    assert _record(config.root, JWT_ID)["extractors"] == FULL
    assert len(_llm_files(folder_of(config.root, JWT_ID))) == 2
    assert not json.loads((config.state / "llm-batches.json").read_text())["batches"]


def test_an_expired_batch_request_is_sent_again_later(tmp_path: Path, fake: FakeMessages) -> None:
    config = llm_ledger(tmp_path / "ledger", fake)
    run(config, jwt_transcript(SAMPLES), batch=True)
    (request,) = fake.batches["msgbatch_0001"]
    fake.expire.add(request["custom_id"])
    fake.ended.add("msgbatch_0001")
    result = run(config, jwt_transcript(SAMPLES))
    assert result.llm is not None and result.llm.collected.failed == 1
    assert len(fake.requests) == 1 and result.llm.completed == 1  # asked again, directly


def test_batch_and_no_llm_contradict(tmp_path: Path) -> None:
    config = llm_ledger(tmp_path / "ledger", None)
    with pytest.raises(LedgerError, match="--batch and --collect need the LLM pass"):
        run(config, SAMPLES, batch=True, llm=False)
