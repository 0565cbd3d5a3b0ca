"""Finding sessions: `--source` of any shape, the agents' default folders, parallel scans."""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest
from transcript_fixtures import (
    CODEX_ID,
    PROJECT_DIR,
    SESSION_ID,
    Record,
    claude_assistant,
    claude_file,
    claude_session_records,
    claude_user,
    codex_file,
    codex_session_records,
    text,
    write_jsonl,
)

from ledger import parallel
from ledger.errors import SourceError
from ledger.transcripts.discover import default_sources
from ledger.transcripts.read import scan

ARCHIVED_ID = "0199865a-ee71-7ae3-b232-000000000002"
SUBAGENT_RECORDS = [
    claude_user("Find the cache key", isSidechain=True, agentId="a1b2c3d4"),
    claude_assistant([text("In cache.py.")], "msg_side", isSidechain=True, agentId="a1b2c3d4"),
]
CLAUDE_HISTORY = {"display": "fix the cache", "pastedContents": {}, "timestamp": 1, "project": "/x"}
CODEX_HISTORY = {"session_id": CODEX_ID, "ts": 1767607200, "text": "fix the cache"}


def _machine(root: Path) -> Path:
    """A home with both agents' folders, their history files and one sub-agent of each layout."""
    project = root / ".claude" / "projects" / PROJECT_DIR
    claude_file(project, claude_session_records())
    write_jsonl(project / "agent-a1b2c3d4.jsonl", SUBAGENT_RECORDS)
    write_jsonl(project / SESSION_ID / "subagents" / "agent-b2c3d4e5.jsonl", SUBAGENT_RECORDS)
    write_jsonl(root / ".claude" / "history.jsonl", [CLAUDE_HISTORY])
    codex = root / ".codex"
    codex_file(codex / "sessions" / "2026" / "01" / "05", codex_session_records())
    archived = codex_session_records(session_id=ARCHIVED_ID)
    codex_file(codex / "archived_sessions", archived, session_id=ARCHIVED_ID)
    write_jsonl(codex / "history.jsonl", [CODEX_HISTORY])
    return root


CLAUDE = {("claude-code", SESSION_ID, 2)}
CODEX = {("codex", CODEX_ID, 0)}


@pytest.mark.parametrize(
    ("source", "found"),
    [
        (".claude", CLAUDE),
        (".claude/projects", CLAUDE),
        (f".claude/projects/{PROJECT_DIR}", CLAUDE),
        (f".claude/projects/{PROJECT_DIR}/{SESSION_ID}.jsonl", CLAUDE),
        (".codex", CODEX | {("codex", ARCHIVED_ID, 0)}),
        (".codex/sessions", CODEX),
        (".codex/sessions/2026/01/05", CODEX),
    ],
    ids=[
        "config-dir",
        "projects-dir",
        "project-folder",
        "session-file",
        "codex-home",
        "codex-sessions",
        "codex-day",
    ],
)
def test_source_of_any_shape_finds_its_sessions(
    tmp_path: Path, source: str, found: set[tuple[str, str, int]]
) -> None:
    result = scan([_machine(tmp_path) / source])
    assert {(s.agent, s.session_id, s.subagents) for s in result.sessions} == found
    assert result.skipped == ()


def test_several_sources_are_scanned_together_without_duplicates(tmp_path: Path) -> None:
    root = _machine(tmp_path)
    result = scan([root / ".claude", root / ".codex", root / ".claude" / "projects"])
    assert sorted(s.session_id for s in result.sessions) == sorted(
        [SESSION_ID, CODEX_ID, ARCHIVED_ID]
    )


@pytest.mark.parametrize(
    "subagent",
    ["agent-a1b2c3d4.jsonl", f"{SESSION_ID}/subagents/agent-a1b2c3d4.jsonl"],
    ids=["sibling", "nested"],
)
def test_single_session_file_brings_its_subagent_files(tmp_path: Path, subagent: str) -> None:
    session = claude_file(tmp_path, claude_session_records())
    write_jsonl(tmp_path / subagent, SUBAGENT_RECORDS)
    (found,) = scan([session]).sessions
    assert found.subagents == 1


def test_single_session_file_leaves_other_sessions_subagents_alone(tmp_path: Path) -> None:
    session = claude_file(tmp_path, claude_session_records())
    other = [{**r, "sessionId": "another-session"} for r in SUBAGENT_RECORDS]
    write_jsonl(tmp_path / "agent-ffff0000.jsonl", other)
    result = scan([session])
    assert [s.subagents for s in result.sessions] == [0]
    assert result.skipped == ()


def test_agent_is_detected_from_content_not_file_name(tmp_path: Path) -> None:
    write_jsonl(tmp_path / "rollout-2026-01-05T11-00-00-x.jsonl", claude_session_records())
    write_jsonl(tmp_path / f"{SESSION_ID}.jsonl", codex_session_records())
    write_jsonl(tmp_path / "notes.jsonl", codex_session_records(session_id=ARCHIVED_ID))
    result = scan([tmp_path])
    assert {(s.agent, s.session_id) for s in result.sessions} == {
        ("claude-code", SESSION_ID),
        ("codex", CODEX_ID),
        ("codex", ARCHIVED_ID),
    }


@pytest.mark.parametrize(
    "records",
    [[CLAUDE_HISTORY], [CODEX_HISTORY], [{"type": "config", "value": 1}]],
    ids=["claude-history", "codex-history", "other-json"],
)
def test_non_transcript_jsonl_is_skipped_with_a_reason(
    tmp_path: Path, records: list[Record]
) -> None:
    history = write_jsonl(tmp_path / "history.jsonl", records)
    claude_file(tmp_path, claude_session_records())
    result = scan([tmp_path])
    assert [s.session_id for s in result.sessions] == [SESSION_ID]
    assert [(s.path, s.reason) for s in result.skipped] == [
        (history, "not a Claude Code or Codex transcript")
    ]


def test_missing_source_is_a_source_error(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder"
    with pytest.raises(SourceError, match="no-such-folder"):
        scan([missing])


# Default sources ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("existing", "environ", "expected"),
    [
        ([".claude", ".codex"], {}, [".claude", ".codex"]),
        ([".config/claude"], {}, [".config/claude"]),
        ([".claude", ".config/claude"], {}, [".claude", ".config/claude"]),
        ([], {}, []),
        (
            ["cc", "cx", ".codex"],
            {"CLAUDE_CONFIG_DIR": "cc", "CODEX_HOME": "cx"},
            ["cc", "cx"],
        ),
        ([".claude", "x"], {"CLAUDE_CONFIG_DIR": "x/../.claude"}, [".claude"]),
        ([".codex"], {"CLAUDE_CONFIG_DIR": "", "CODEX_HOME": ""}, [".codex"]),
        ([".claude"], {"CLAUDE_CONFIG_DIR": "missing", "CODEX_HOME": "missing"}, [".claude"]),
    ],
    ids=[
        "home-dirs",
        "xdg-config",
        "both-claude-dirs",
        "nothing",
        "env-dirs",
        "env-is-home-dir",
        "empty-env",
        "env-missing",
    ],
)
def test_default_sources_follow_the_environment_and_home(
    tmp_path: Path, existing: list[str], environ: dict[str, str], expected: list[str]
) -> None:
    home = tmp_path / "home"
    for name in existing:
        (home / name).mkdir(parents=True)
    env = {key: str(home / value) if value else "" for key, value in environ.items()}
    found = default_sources(env, home)
    assert found == [(home / name).resolve() for name in expected]


# Parallel scans ----------------------------------------------------------------------------


def test_parallel_and_sequential_scans_give_the_same_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _machine(tmp_path)
    for n in range(4):
        name = f"5e55f00d-0000-4000-8000-00000000010{n}"
        claude_file(root / ".claude" / "projects" / "-other", claude_session_records(n), name)
    (root / ".claude" / "projects" / "-other" / "empty.jsonl").write_bytes(b"")
    sources = [root / ".claude", root / ".codex"]
    sequential = scan(sources, workers=1)
    monkeypatch.setattr(parallel, "PARALLEL_BYTES", 0)
    both_cores = scan(sources, workers=2)
    assert both_cores == sequential
    assert len(both_cores.sessions) == 6


# Files that vanish or cannot be opened ----------------------------------------------------


@pytest.mark.parametrize(
    "broken",
    [
        "5e55f00d-0000-4000-8000-00000000dead.jsonl",
        "agent-deadbeef.jsonl",
        f"{SESSION_ID}/subagents/agent-deadbeef.jsonl",
    ],
    ids=["session", "sibling-subagent", "nested-subagent"],
)
def test_unreadable_file_is_skipped_and_the_rest_still_read(tmp_path: Path, broken: str) -> None:
    claude_file(tmp_path, claude_session_records())
    dangling = tmp_path / broken
    dangling.parent.mkdir(parents=True, exist_ok=True)
    dangling.symlink_to(tmp_path / "deleted-meanwhile.jsonl")
    result = scan([tmp_path])
    assert [s.session_id for s in result.sessions] == [SESSION_ID]
    assert dangling in {s.path for s in result.skipped}


def test_work_is_forked_only_from_a_process_of_one_thread() -> None:
    """A fork copies only the calling thread: with another thread running (the LLM pass's, a
    server's), `forked` does the work in this process, and says the same."""

    def pid() -> int:
        return os.getpid()

    assert parallel.forked(pid)() not in (None, os.getpid())
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert parallel.forked(pid)() == os.getpid()
    finally:
        stop.set()
        other.join()


@pytest.mark.parametrize("many", [2, 100])
def test_halved_work_keeps_its_order_and_is_done_once(many: int) -> None:
    """From `many` items on, a forked process does the second half: the results come back in
    order, and a half that finds nothing is not done again here."""
    calls: list[int] = []

    def work(part: Sequence[int]) -> list[tuple[int, int]]:
        calls.append(os.getpid())
        return [(n, os.getpid()) for n in part if n < 5]

    found = parallel.halved(work, list(range(10)), many)
    assert [n for n, _ in found] == [0, 1, 2, 3, 4]
    assert calls == [os.getpid()], "done here once; the forked half is not done again"
