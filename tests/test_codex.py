"""Codex rollouts: the numbers a user sees follow the definitions in SPEC §2.2."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from transcript_fixtures import (
    CODEX_ID,
    CWD,
    Record,
    apply_patch,
    at,
    codex_answer,
    codex_call,
    codex_compacted,
    codex_custom_call,
    codex_event,
    codex_file,
    codex_message,
    codex_meta,
    codex_output,
    codex_prompt,
    codex_reasoning,
    codex_session_records,
    codex_token_count,
    codex_turn_context,
    read_codex,
)

from ledger.models import Session, Text, Tokens, short_id
from ledger.transcripts.discover import discover
from ledger.transcripts.read import find_session, scan

PATCH = apply_patch(
    "*** Add File: src/new.py", "*** Update File: src/app.py", "*** Delete File: src/old.py"
)


def _session(folder: Path, *extra: Record) -> Session:
    """Three plain exchanges, then `extra` records in the third turn."""
    return read_codex(folder, [*codex_session_records(), *extra])


def _prompts(session: Session) -> list[str]:
    return [turn.prompt for turn in session.turns]


# Prompts and answers -----------------------------------------------------------------------


def test_user_message_event_is_a_prompt_and_its_copy_is_not_counted_again(
    tmp_path: Path,
) -> None:
    assert _prompts(_session(tmp_path)) == ["prompt 1", "prompt 2", "prompt 3"]


def test_assistant_message_copies_are_one_answer(tmp_path: Path) -> None:
    assert _session(tmp_path).turns[0].steps == (Text("answer 1"),)


@pytest.mark.parametrize(
    "injected",
    [
        "<environment_context>\n  <cwd>/home/dev/shop</cwd>\n</environment_context>",
        "# AGENTS.md instructions for /home/dev/shop\n\n<INSTRUCTIONS>be terse</INSTRUCTIONS>",
        "<user_instructions>\nbe terse\n</user_instructions>",
    ],
    ids=["environment-context", "agents-md", "user-instructions"],
)
def test_injected_context_is_not_a_prompt(tmp_path: Path, injected: str) -> None:
    session = read_codex(tmp_path, [codex_meta(), *codex_prompt(injected), *codex_prompt("hi")])
    assert _prompts(session) == ["hi"]


def test_vscode_context_keeps_only_the_request(tmp_path: Path) -> None:
    typed = (
        "# Context from my IDE setup:\n\n## Active file: src/app.py\n\n## Open tabs:\n"
        "- app.py: src/app.py\n\n## My request for Codex:\nwhy is the cache cold?\n"
    )
    assert _prompts(read_codex(tmp_path, [codex_meta(), *codex_prompt(typed)])) == [
        "why is the cache cold?"
    ]


def test_image_only_message_is_a_prompt(tmp_path: Path) -> None:
    pasted = codex_event("user_message", message="", images=["data:image/png;base64,iV"])
    assert read_codex(tmp_path, [codex_meta(), pasted]).prompts == 1


# Tool calls, files, errors -----------------------------------------------------------------


def test_tool_calls_are_function_and_custom_tool_calls(tmp_path: Path) -> None:
    session = _session(
        tmp_path,
        codex_call("call_1", "shell", {"command": ["bash", "-lc", "ls"]}),
        codex_call("call_2", "update_plan", {"plan": [{"step": "a", "status": "pending"}]}),
        codex_call("call_3", "shell", {"command": ["bash", "-lc", "pytest"]}),
        codex_custom_call("call_4", "apply_patch", PATCH),
        codex_reasoning(),
    )
    assert session.tools == (("apply_patch", 1), ("shell", 2), ("update_plan", 1))


@pytest.mark.parametrize(
    "call",
    [
        codex_custom_call("call_1", "apply_patch", PATCH),
        codex_call("call_1", "shell", {"command": ["apply_patch", PATCH]}),
        codex_call(
            "call_1", "shell", {"command": ["bash", "-lc", f"apply_patch <<'EOF'\n{PATCH}"]}
        ),
        codex_call("call_1", "shell_command", {"command": f"apply_patch <<'EOF'\n{PATCH}\nEOF"}),
    ],
    ids=["custom-tool-call", "shell-argv", "shell-heredoc", "shell-command-0.70"],
)
def test_files_touched_come_from_apply_patch(tmp_path: Path, call: Record) -> None:
    assert _session(tmp_path, call).files_touched == ("src/new.py", "src/app.py", "src/old.py")


def test_shell_commands_are_kept_as_typed(tmp_path: Path) -> None:
    session = _session(
        tmp_path,
        codex_call("call_1", "shell", {"command": ["bash", "-lc", "pytest -q"]}),
        codex_call("call_2", "shell", {"command": ["rg", "cache_key", "src"]}),
        codex_call("call_3", "shell_command", {"command": "git status", "workdir": CWD}),
        codex_call("call_4", "update_plan", {"plan": []}),
    )
    assert session.commands == ("pytest -q", "rg cache_key src", "git status")


def test_shell_commands_touch_no_files(tmp_path: Path) -> None:
    call = codex_call("call_1", "shell", {"command": ["bash", "-lc", "echo '*** Add File: x'"]})
    assert _session(tmp_path, call).files_touched == ()


@pytest.mark.parametrize(
    ("output", "failed"),
    [
        ('{"output":"2 failed\\n","metadata":{"exit_code":1,"duration_seconds":0.5}}', True),
        ('{"output":"ok\\n","metadata":{"exit_code":0,"duration_seconds":0.5}}', False),
        ("Exit code: 2\nWall time: 0.2 seconds\nOutput:\nNo such file\n", True),
        ("Exit code: 0\nWall time: 0.2 seconds\nOutput:\nok\n", False),
    ],
    ids=["json-failed", "json-ok", "plain-failed", "plain-ok"],
)
def test_exit_code_decides_errors_in_both_output_formats(
    tmp_path: Path, output: str, failed: bool
) -> None:
    session = _session(
        tmp_path,
        codex_call("call_1", "shell", {"command": ["bash", "-lc", "pytest"]}),
        codex_output("call_1", output),
    )
    assert [(e.turn, e.tool) for e in session.errors] == ([(3, "shell")] if failed else [])


def test_error_message_carries_the_exit_code(tmp_path: Path) -> None:
    session = _session(
        tmp_path,
        codex_call("call_1", "shell_command", {"command": "cat missing"}),
        codex_output("call_1", "Exit code: 2\nWall time: 0.2 seconds\nOutput:\nNo such file\n"),
    )
    (error,) = session.errors
    assert "2" in error.message
    assert "\n" not in error.message


# Tokens, models, compaction ----------------------------------------------------------------


def test_tokens_come_from_the_last_token_count(tmp_path: Path) -> None:
    session = _session(
        tmp_path,
        codex_token_count(input=100, cached=10, output=20),
        codex_token_count(input=300, cached=200, output=50),
        codex_event("token_count", info=None, rate_limits={"primary": None}),
    )
    assert session.tokens == Tokens(input=100, output=50, cache_read=200)


def test_models_come_from_turn_context_in_first_seen_order(tmp_path: Path) -> None:
    session = _session(
        tmp_path,
        codex_turn_context("gpt-5.1-codex-max"),
        codex_turn_context("gpt-5.1-codex"),
    )
    assert session.models == ("gpt-5.1-codex", "gpt-5.1-codex-max")


def test_034_rollout_without_turn_context_has_no_models(tmp_path: Path) -> None:
    records = [r for r in codex_session_records() if r["type"] != "turn_context"]
    session = read_codex(tmp_path, [codex_meta(cli_version="0.34.0"), *records[1:]])
    assert (session.models, session.prompts) == ((), 3)


@pytest.mark.parametrize(("extra", "compacted"), [((), False), ((codex_compacted(),), True)])
def test_compacted_record_marks_the_session_compacted(
    tmp_path: Path, extra: tuple[Record, ...], compacted: bool
) -> None:
    session = _session(tmp_path, *extra, *codex_prompt("after compaction"))
    assert (session.compacted, session.prompts) == (compacted, 4)


# When, where, whether ----------------------------------------------------------------------


def test_started_and_ended_span_every_record_timestamp(tmp_path: Path) -> None:
    records = [
        codex_meta(timestamp=at(1)),
        codex_turn_context(timestamp=at(2)),
        *codex_prompt("go", timestamp=at(3)),
        codex_token_count(1, 0, 1, timestamp=at(9)),
        *codex_answer("done", timestamp=at(4)),
    ]
    session = read_codex(tmp_path, records)
    assert (session.started, session.ended) == (
        datetime(2026, 1, 5, 10, 1, tzinfo=timezone.utc),
        datetime(2026, 1, 5, 10, 9, tzinfo=timezone.utc),
    )


def test_session_facts_come_from_session_meta(tmp_path: Path) -> None:
    session = _session(tmp_path)
    facts = (session.agent, session.session_id, session.project)
    assert (*facts, session.agent_version, session.git_branch) == (
        "codex",
        CODEX_ID,
        CWD,
        "0.72.0",
        "main",
    )


@pytest.mark.parametrize(
    "records",
    [
        [codex_meta()],
        [codex_meta(), codex_message("user", "<environment_context>x</environment_context>")],
    ],
    ids=["session-meta-only", "injected-context-only"],
)
def test_rollout_abandoned_before_the_first_prompt_is_skipped(
    tmp_path: Path, records: list[Record]
) -> None:
    path = codex_file(tmp_path, records)
    result = scan([tmp_path])
    assert result.sessions == ()
    assert [s.path for s in result.skipped] == [path]
    assert "user_message" in result.skipped[0].reason


def test_subagent_rollout_belongs_to_its_parent(tmp_path: Path) -> None:
    child = "019a0000-0000-7000-8000-00000000c41d"
    spawn = {"thread_spawn": {"parent_thread_id": CODEX_ID, "depth": 1, "agent_role": "explorer"}}
    meta = codex_meta(id=child, source={"subagent": spawn}, parent_thread_id=CODEX_ID)
    codex_file(tmp_path, codex_session_records())
    codex_file(tmp_path, [meta, *codex_session_records()[1:]], session_id=child)
    result = scan([tmp_path])
    assert [(s.session_id, s.subagents) for s in result.sessions] == [(CODEX_ID, 1)]


def _spawned(child: str, parent: str) -> list[Record]:
    spawn = {"thread_spawn": {"parent_thread_id": parent, "depth": 1}}
    return [codex_meta(id=child, source={"subagent": spawn}), *codex_session_records()[1:]]


def test_a_subagents_subagent_counts_in_the_session_and_both_go_with_it(tmp_path: Path) -> None:
    child, grandchild = (f"019a0000-0000-7000-8000-00000000c4{n}f" for n in (1, 2))
    top = codex_file(tmp_path / "2026" / "01" / "05", codex_session_records())
    first = codex_file(tmp_path / "2026" / "01" / "05", _spawned(child, CODEX_ID), child)
    second = codex_file(tmp_path / "2026" / "01" / "06", _spawned(grandchild, child), grandchild)
    [found] = discover([tmp_path]).transcripts
    assert (found.path, set(found.subagents)) == (top, {first, second})
    result = scan([tmp_path])
    assert [(s.session_id, s.subagents) for s in result.sessions] == [(CODEX_ID, 2)]
    assert result.skipped == ()


def test_orphan_subagent_rollout_is_skipped_naming_its_parent(tmp_path: Path) -> None:
    child = "019a0000-0000-7000-8000-00000000c41e"
    spawn = {"thread_spawn": {"parent_thread_id": CODEX_ID, "depth": 1}}
    meta = codex_meta(id=child, source={"subagent": spawn})
    path = codex_file(tmp_path, [meta, *codex_session_records()[1:]], session_id=child)
    result = scan([tmp_path])
    assert result.sessions == ()
    assert [(s.path, s.parent_session) for s in result.skipped] == [(path, CODEX_ID)]
    assert CODEX_ID in result.skipped[0].reason


def test_ingest_counts_a_subagent_rollout_in_its_session(tmp_path: Path) -> None:
    """A grown sub-agent rollout changes its session's content: the session is written again."""
    from ledger_fixtures import folder_of, new_ledger, run_ingest

    child = "019a0000-0000-7000-8000-00000000c43f"
    codex_file(tmp_path / "src", codex_session_records())
    codex_file(tmp_path / "src", _spawned(child, CODEX_ID), child)
    config = new_ledger(tmp_path / "ledger")
    first = run_ingest(config, tmp_path / "src")
    assert (first.new, first.skipped) == (1, ())
    record = folder_of(config.root, CODEX_ID) / "_session.md"
    assert "\nsubagents: 1\n" in record.read_text(encoding="utf-8")

    codex_file(tmp_path / "src", [*_spawned(child, CODEX_ID), *codex_prompt("one more")], child)
    assert run_ingest(config, tmp_path / "src").updated == 1


def test_a_codex_session_opens_by_the_short_id_its_folder_shows() -> None:
    """UUIDv7 ids start with a timestamp: folders, listings and `show` all use the tail."""
    samples = Path(__file__).resolve().parents[1] / "ledger" / "samples"
    session = find_session("df2f18fd", [samples])
    assert session.session_id == "01a1f83b-fd59-79b4-aa49-23a6df2f18fd"
    assert short_id(session.session_id) == "df2f18fd"


@pytest.mark.parametrize("stated", [None, "../../etc", ""])
def test_a_rollout_that_states_no_usable_id_is_named_by_the_uuid_in_its_file_name(
    tmp_path: Path, stated: str | None
) -> None:
    """Not by the file's first characters, which every rollout shares (`rollout-…`)."""
    records = [codex_meta(id=stated), *codex_prompt("Look at it."), *codex_answer("Done.")]
    assert read_codex(tmp_path, records).session_id == CODEX_ID
