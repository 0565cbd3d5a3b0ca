"""The agent's own plan: TodoWrite and update_plan items kept, open ones become todos, and a
later session's completed item closes the todo of an earlier one."""

from __future__ import annotations

from pathlib import Path

from ledger_fixtures import new_ledger, run_ingest
from transcript_fixtures import (
    claude_assistant,
    claude_exchange,
    claude_file,
    claude_user,
    codex_answer,
    codex_call,
    codex_meta,
    codex_prompt,
    read_claude,
    read_codex,
    text,
    tool_result,
    tool_use,
)

from ledger.extract.structural import extract_findings
from ledger.ingest.prepare import prepare
from ledger.store.fields import parse_fields
from ledger.store.frontmatter import split
from ledger.transcripts.skeleton import skeleton

CWD = "/home/dev/plans"


def _todo_write(call_id: str, *items: tuple[str, str], **common: str) -> list[dict[str, object]]:
    todos = [{"content": t, "status": s, "activeForm": t} for t, s in items]
    return [
        claude_assistant(
            [tool_use(call_id, "TodoWrite", todos=todos)], message_id=call_id, **common
        ),
        claude_user([tool_result(call_id, "Todos have been modified")], **common),
    ]


def test_claude_todowrite_items_are_kept_and_open_ones_become_todos(tmp_path: Path) -> None:
    records = [
        *claude_exchange("Add rate limiting to the login endpoint", "On it.", "m1"),
        *_todo_write(
            "t1", ("Write the limiter", "in_progress"), ("Add a Redis backend", "pending")
        ),
        *claude_exchange("continue", "The limiter works.", "m2"),
        *_todo_write(
            "t2",
            ("Write the limiter", "completed"),
            ("Add a Redis backend for the limiter", "pending"),
        ),
        *claude_exchange("thanks", "Done for today.", "m3"),
    ]
    session = read_claude(tmp_path, records)
    assert [(i.text, i.status) for i in session.plan] == [
        ("Write the limiter", "completed"),
        ("Add a Redis backend for the limiter", "pending"),
    ]
    todos = [f.title for f in extract_findings(session) if f.kind == "todo"]
    assert "Add a Redis backend for the limiter" in todos
    assert "Write the limiter" not in todos
    plan = "- [x] Write the limiter\n- [ ] Add a Redis backend for the limiter"
    assert plan in skeleton(session)  # what the LLM reads
    prepared = prepare(session, "hash")
    record = dict(prepared.files)["_session.md"]
    assert f"### Plan\n\n{plan}\n" in record  # the completed item is activity, not a finding


def test_the_step_of_reporting_is_done_by_the_final_answer(tmp_path: Path) -> None:
    """The plan's last step, to report, is rarely marked done before the report is written:
    the final answer does it. Real work left in progress stays a todo."""
    plan = [
        {"step": "Find the cause of the duplicates", "status": "completed"},
        {"step": "Migrate payments_daily to the token", "status": "pending"},
        {"step": "Informe final", "status": "in_progress"},
        {"step": "정리", "status": "pending"},
    ]
    records = [
        codex_meta(),
        *codex_prompt("Find why the DAG loads twice, fix it, and report"),
        *(codex_call(f"c{n}", "shell", {"command": ["rg", "insert"]}) for n in range(5)),
        codex_call("c5", "update_plan", {"plan": plan}),
        *codex_answer("## Informe\n\nThe retry inserted the same day twice."),
    ]
    todos = [f.title for f in extract_findings(read_codex(tmp_path, records)) if f.kind == "todo"]
    assert todos == ["Migrate payments_daily to the token"]


def test_a_plan_set_once_and_left_is_read_against_the_final_answer(tmp_path: Path) -> None:
    """A plan none of whose items was ever marked done was set once and left: the items the
    final answer names are what was done; one it does not name is still left."""
    plan = [
        {"step": "Port the transformations to Polars (lazy)", "status": "in_progress"},
        {"step": "Measure runtime and peak RAM", "status": "pending"},
        {"step": "Ask the BI team about the rounding", "status": "pending"},
    ]
    report = (
        "The transformations now run on Polars, lazy from `scan_csv` to `sink_parquet`. "
        "Runtime went from 47 to 7 minutes; peak RAM is 2.9 GB."
    )
    records = [
        codex_meta(),
        *codex_prompt("Move the ETL job from pandas to Polars"),
        codex_call("c0", "update_plan", {"plan": plan}),
        *(codex_call(f"c{n}", "shell", {"command": ["rg", "pandas"]}) for n in range(1, 6)),
        *codex_answer(report),
    ]
    todos = [f.title for f in extract_findings(read_codex(tmp_path, records)) if f.kind == "todo"]
    assert todos == ["Ask the BI team about the rounding"]


def test_codex_update_plan_steps_are_kept(tmp_path: Path) -> None:
    plan = [
        {"step": "Read the spec", "status": "completed"},
        {"step": "Write the parser", "status": "in_progress"},
    ]
    records = [
        codex_meta(),
        *codex_prompt("Build the PDL parser"),
        codex_call("c1", "update_plan", {"plan": plan}),
        *codex_answer("Parsing is half done."),
    ]
    session = read_codex(tmp_path, records)
    assert [(i.text, i.status) for i in session.plan] == [
        ("Read the spec", "completed"),
        ("Write the parser", "in_progress"),
    ]


def _session(folder: Path, session_id: str, day: str, items: tuple[tuple[str, str], ...]) -> None:
    common = {"sessionId": session_id, "cwd": CWD, "timestamp": f"{day}T10:00:00.000Z"}
    records = [
        claude_user("Work on the export feature", **common),
        claude_assistant([text("Planning it.")], message_id=f"p{session_id[:4]}", **common),
        *_todo_write(f"t{session_id[:4]}", *items, **common),
        claude_user("go on", **common),
        claude_assistant([text("Progress made.")], message_id=f"q{session_id[:4]}", **common),
        claude_user("wrap up", **common),
        claude_assistant([text("That is all for now.")], message_id=f"r{session_id[:4]}", **common),
    ]
    claude_file(folder, records, name=session_id)


def test_a_later_sessions_completed_plan_item_closes_the_earlier_todo(tmp_path: Path) -> None:
    folder = tmp_path / "source" / "projects" / "-home-dev-plans"
    first, second = "c3a1d7c0-0000-4000-8000-0000000000c1", "d4b2e8d1-0000-4000-8000-0000000000c2"
    _session(folder, first, "2026-03-02", (("Export the report as CSV files", "pending"),))
    _session(folder, second, "2026-03-09", (("Export the report as CSV files", "completed"),))
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, tmp_path / "source")
    todos = [
        parse_fields(split(p.read_text(encoding="utf-8"))[0])
        for p in config.root.glob("sessions/*/todo-*.md")
    ]
    assert [(t["title"], t["status"]) for t in todos] == [
        ("Export the report as CSV files", "done")
    ]
