"""The entry points Claude Code, Codex and git call: fed recorded payloads, as real processes."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hook_fixtures import (
    home_env,
    hooks_log,
    ingested,
    run_hook,
    start_hook,
    wait_for_runners,
)
from ledger_fixtures import (
    CLAUDE_PROJECT,
    JWT_ID,
    SAMPLES,
    clone_samples,
    git,
    new_ledger,
    subjects,
)

from ledger.config import Config
from ledger.search.check import check_ledger

END_REASONS = ("clear", "logout", "prompt_input_exit", "other", "bypass_permissions_disabled")
START_SOURCES = ("startup", "resume", "clear", "compact")


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A home with the Claude sample sessions where Claude Code keeps them."""
    home = tmp_path / "home"
    shutil.copytree(SAMPLES / "claude", home / ".claude")
    return home


@pytest.fixture
def ledger(tmp_path: Path) -> Config:
    return new_ledger(tmp_path / "ledger")


def _transcript(home: Path) -> Path:
    return home / ".claude" / CLAUDE_PROJECT.relative_to("claude") / f"{JWT_ID}.jsonl"


def _end_payload(home: Path, **fields: Any) -> dict[str, Any]:
    payload = {
        "session_id": JWT_ID,
        "transcript_path": str(_transcript(home)),
        "cwd": "/home/dev/acme-api",
        "permission_mode": "default",
        "hook_event_name": "SessionEnd",
        "reason": "prompt_input_exit",
    }
    payload.update(fields)
    return {k: v for k, v in payload.items() if v is not None}


def _end(ledger: Config, home: Path, payload: str | dict[str, Any] | None) -> str:
    done = run_hook(
        "claude-session-end",
        payload,
        "--ledger",
        str(ledger.root),
        env=home_env(home),
        cwd=home,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    wait_for_runners(ledger.state)
    return hooks_log(ledger.state)


@pytest.mark.parametrize("reason", END_REASONS)
def test_session_end_ingests_the_session_whatever_the_reason(
    ledger: Config, home: Path, reason: str
) -> None:
    log = _end(ledger, home, _end_payload(home, reason=reason))
    assert JWT_ID in ingested(ledger.root), log
    assert subjects(ledger.root)[0].startswith("ledger: ingest 1 sessions")


@pytest.mark.parametrize(
    "missing",
    [("cwd",), ("reason", "permission_mode", "hook_event_name"), ("session_id",)],
    ids=["no-cwd", "only-ids-and-path", "no-session-id"],
)
def test_session_end_needs_only_the_transcript_path(
    ledger: Config, home: Path, missing: tuple[str, ...]
) -> None:
    _end(ledger, home, _end_payload(home, **dict.fromkeys(missing)))
    assert JWT_ID in ingested(ledger.root)


def test_session_end_without_transcript_path_finds_the_session_by_id(
    ledger: Config, home: Path
) -> None:
    _end(ledger, home, _end_payload(home, transcript_path=None))
    assert JWT_ID in ingested(ledger.root)


@pytest.mark.parametrize(
    "payload",
    ["", "{not json", "[1, 2]", '{"cwd": "/tmp"}', '{"session_id": 42}'],
    ids=["empty", "cut-short", "not-an-object", "no-ids", "wrong-type"],
)
def test_session_end_fails_open_on_a_bad_payload(ledger: Config, home: Path, payload: str) -> None:
    log = _end(ledger, home, payload)
    assert "no transcript_path nor session_id" in log
    assert ingested(ledger.root) == set()


def test_session_end_with_a_vanished_transcript_is_logged(ledger: Config, home: Path) -> None:
    log = _end(ledger, home, _end_payload(home, transcript_path=str(home / "gone.jsonl")))
    assert "no transcript at" in log
    assert ingested(ledger.root) == set()


def test_session_end_without_a_ledger_exits_0_and_logs_outside_it(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = home_env(home, XDG_STATE_HOME=str(tmp_path / "state"))
    done = run_hook("claude-session-end", {"session_id": "x"}, env=env, cwd=home)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert "no ledger at" in (tmp_path / "state" / "ledger" / "hooks.log").read_text()


def _session_start_output(stdout: str) -> str:
    """The brief, after checking the output is the JSON Claude Code and Codex document."""
    output = json.loads(stdout)
    assert set(output) == {"hookSpecificOutput"}
    specific = output["hookSpecificOutput"]
    assert set(specific) == {"hookEventName", "additionalContext"}
    assert specific["hookEventName"] == "SessionStart"
    assert isinstance(specific["additionalContext"], str)
    return str(specific["additionalContext"])


@pytest.mark.parametrize("source", START_SOURCES)
def test_session_start_prints_valid_output(ledger: Config, home: Path, source: str) -> None:
    payload = {
        "session_id": JWT_ID,
        "transcript_path": str(_transcript(home)),
        "cwd": str(home),
        "hook_event_name": "SessionStart",
        "source": source,
        "model": "claude-sonnet-4-5",
    }
    done = run_hook(
        "claude-session-start", payload, "--ledger", str(ledger.root), env=home_env(home), cwd=home
    )
    assert (done.returncode, done.stderr) == (0, "")
    _session_start_output(done.stdout)


@pytest.mark.parametrize("payload", ["", "{}", "garbage"], ids=["empty", "no-fields", "not-json"])
def test_session_start_output_is_valid_without_payload_or_ledger(
    tmp_path: Path, payload: str
) -> None:
    env = home_env(tmp_path, XDG_STATE_HOME=str(tmp_path / "state"))
    done = run_hook("claude-session-start", payload, env=env, cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    assert _session_start_output(done.stdout) == ""


def test_session_start_brief_is_ledger_context(ledger: Config, home: Path) -> None:
    context = pytest.importorskip(
        "ledger.search.context", reason="ledger.search.context is not written yet"
    )
    _end(ledger, home, _end_payload(home))
    project = "/home/dev/acme-api"
    done = run_hook(
        "claude-session-start",
        {"session_id": "new", "cwd": project, "source": "startup"},
        "--ledger",
        str(ledger.root),
        "--max-tokens",
        "800",
        env=home_env(home),
        cwd=home,
    )
    expected = context.build_context(ledger.root, ledger.state, project, 800)
    assert _session_start_output(done.stdout) == expected


def test_codex_session_start_prints_the_brief_and_ingests_recent_sessions(
    ledger: Config, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    shutil.copytree(SAMPLES / "codex", home / ".codex")
    payload = {
        "session_id": "next",
        "transcript_path": None,
        "cwd": "/home/dev/acme-api",
        "hook_event_name": "SessionStart",
        "model": "gpt-5.2-codex",
        "permission_mode": "default",
        "source": "startup",
    }
    env = home_env(home)
    done = run_hook("codex-session-start", payload, "--ledger", str(ledger.root), env=env, cwd=home)
    assert (done.returncode, done.stderr) == (0, "")
    _session_start_output(done.stdout)
    wait_for_runners(ledger.state)
    assert "codex-session-start" in hooks_log(ledger.state)


def test_unknown_hook_name_is_a_usage_error(tmp_path: Path) -> None:
    done = run_hook("claude-session-middle", "{}", env=home_env(tmp_path), cwd=tmp_path)
    assert done.returncode == 2
    assert "invalid choice" in done.stderr


def test_eight_sessions_ending_at_once_all_reach_the_ledger(ledger: Config, tmp_path: Path) -> None:
    home = tmp_path / "home"
    clone_samples(home / "clones", 8)
    transcripts = sorted((home / "clones").glob(f"copy-*/claude/projects/*/*{JWT_ID[2:-2]}*.jsonl"))
    assert len(transcripts) == 8
    env = home_env(home)
    hooks = [
        start_hook(
            "claude-session-end",
            {"session_id": path.stem, "transcript_path": str(path), "reason": "other"},
            "--ledger",
            str(ledger.root),
            env=env,
            cwd=home,
        )
        for path in transcripts
    ]
    for hook in hooks:
        assert hook.wait(timeout=60) == 0
    wait_for_runners(ledger.state)
    held = ingested(ledger.root)
    assert {p.stem for p in transcripts} <= set(held), hooks_log(ledger.state)
    assert git(ledger.root, "status", "--porcelain") == ""
    subprocess.run(["git", "fsck", "--strict"], cwd=ledger.root, check=True, capture_output=True)
    assert [p for p in check_ledger(ledger.root, ledger.state).problems if p.rule != "index"] == []
    assert 1 <= sum(s.startswith("ledger: ingest") for s in subjects(ledger.root)) <= 8


def test_a_hook_inside_another_repos_git_operation_never_writes_there(
    ledger: Config, home: Path, tmp_path: Path
) -> None:
    """Git sets GIT_DIR, GIT_INDEX_FILE... for the hooks it runs: ledger clears them first."""
    other = tmp_path / "other"
    subprocess.run(["git", "init", "-q", str(other)], check=True)
    env = {
        **home_env(home),
        "GIT_DIR": str(other / ".git"),
        "GIT_WORK_TREE": str(other),
        "GIT_INDEX_FILE": str(other / ".git" / "index"),
    }
    done = run_hook(
        "claude-session-end", _end_payload(home), "--ledger", str(ledger.root), env=env, cwd=home
    )
    assert done.returncode == 0
    wait_for_runners(ledger.state)
    assert JWT_ID in ingested(ledger.root), hooks_log(ledger.state)
    assert subjects(ledger.root)[0].startswith("ledger: ingest 1 sessions"), hooks_log(ledger.state)
    refs = subprocess.run(
        ["git", "-C", str(other), "rev-parse", "--all"], capture_output=True, text=True, check=True
    )
    assert refs.stdout == ""
    assert not (other / ".git" / "index").exists()
