"""The hooks' queue and its runner: nothing queued is lost, a failing job is not retried forever."""

from __future__ import annotations

from pathlib import Path

from hook_fixtures import hooks_log
from ledger_fixtures import new_ledger

from ledger.automation.background import MAX_ATTEMPTS, drain
from ledger.automation.queue import QUEUE, Job, draining, pending, push, settle, take_all
from ledger.config import load


def test_jobs_come_back_once_each_and_leave_the_queue_empty(tmp_path: Path) -> None:
    push(
        tmp_path, Job("claude-session-end", source="/a.jsonl"), Job("git-post-commit", project="/p")
    )
    push(tmp_path, Job("claude-pre-compact", source="/a.jsonl", attempts=1))
    with open(tmp_path / QUEUE, "a") as queue:
        queue.write('{"origin": "cut sh')  # a line cut short by a crash
    jobs = take_all(tmp_path)
    assert sorted((j.source or j.project, j.attempts) for j in jobs) == [("/a.jsonl", 1), ("/p", 0)]
    settle(tmp_path)
    assert not pending(tmp_path) and take_all(tmp_path) == []


def test_jobs_a_killed_runner_took_are_taken_again(tmp_path: Path) -> None:
    push(tmp_path, Job("claude-session-end", source="/a.jsonl"))
    assert len(take_all(tmp_path)) == 1  # ... and the runner is killed before it settles
    push(tmp_path, Job("claude-session-end", source="/b.jsonl"))
    assert pending(tmp_path)
    assert sorted(j.source or "" for j in take_all(tmp_path)) == ["/a.jsonl", "/b.jsonl"]
    settle(tmp_path)
    assert not pending(tmp_path)


def test_only_one_runner_drains_at_a_time(tmp_path: Path) -> None:
    with draining(tmp_path) as first, draining(tmp_path) as second:
        assert (first, second) == (True, False)
    with draining(tmp_path) as again:
        assert again


def test_a_runner_leaves_its_jobs_to_the_one_draining(tmp_path: Path) -> None:
    config = new_ledger(tmp_path / "ledger")
    push(config.state, Job("claude-session-end", source=str(tmp_path / "x.jsonl")))
    with draining(config.state):
        report = drain(config)
    assert not report.drained and pending(config.state)


def test_a_failing_job_is_retried_then_dropped(tmp_path: Path) -> None:
    config = new_ledger(tmp_path / "ledger")
    text = (config.root / "ledger.yaml").read_text()
    (config.root / "ledger.yaml").write_text(text.replace("sources: []", "sources: [/nowhere]"))
    config = load(config.root)
    push(config.state, Job("git-post-commit", project="/p", since="2026-11-01"))
    report = drain(config)
    assert (report.ran, report.retried, report.dropped) == (0, MAX_ATTEMPTS - 1, 1)
    assert not pending(config.state)
    assert hooks_log(config.state).count("ingest failed (SourceError") == MAX_ATTEMPTS
