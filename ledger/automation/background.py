"""The detached runner the hooks start: drain the queue into the ledger, then leave.

`python -m ledger.automation.background LEDGER` runs `drain`. It is started with
`start_detached`, in a new session with no terminal and no pipe back to the agent, so the hook
that started it returns at once and the agent never waits for an ingest.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from ledger.automation.log import append_log, log_path
from ledger.automation.queue import Job, draining, pending, push, settle, take_all

if TYPE_CHECKING:
    from ledger.config import Config
    from ledger.ingest.results import IngestOptions

RUNNING_ENV = "LEDGER_BACKGROUND"
"""Set in the runner's environment: a git hook fired by anything it runs does nothing."""
MAX_ATTEMPTS = 3
"""A job that fails this often is dropped (and logged); the timer's full ingest still covers it."""
WHO = "background"


def start_detached(root: Path) -> None:
    """Start `drain(root)` in its own session, its output going to the hooks' log."""
    state = root / ".ledger"
    state.mkdir(parents=True, exist_ok=True)
    with open(log_path(state), "a", encoding="utf-8") as log:
        subprocess.Popen(
            [sys.executable, "-m", "ledger.automation.background", str(root)],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            cwd=state,  # not the ledger: `-m` would import a `ledger/` folder found there
            env={**os.environ, RUNNING_ENV: "1"},
            start_new_session=True,
            close_fds=True,
            preexec_fn=_lower_priority,
        )


def _lower_priority() -> None:
    """In the child, before Python starts: the agent and the exiting hook get the CPU first."""
    os.nice(10)


@dataclass(frozen=True, slots=True)
class DrainReport:
    """What one runner did: the jobs it ran, the ones it put back or dropped, its commits."""

    drained: bool
    """False when another runner held the drain lock (it will see our jobs)."""
    ran: int = 0
    retried: int = 0
    dropped: int = 0
    commits: tuple[str, ...] = ()


@dataclass(slots=True)
class _Tally:
    ran: int = 0
    retried: int = 0
    dropped: int = 0
    commits: list[str] = field(default_factory=list)

    def report(self, drained: bool) -> DrainReport:
        return DrainReport(drained, self.ran, self.retried, self.dropped, tuple(self.commits))


def drain(config: Config) -> DrainReport:
    """Ingest every queued job; if another runner is draining, leave the jobs to it.

    After letting the lock go, look at the queue again: a job queued while we were finishing
    was queued by a hook whose runner found the lock taken and left it to us.
    """
    tally = _Tally()
    drained = False
    while True:
        with draining(config.state) as mine:
            if not mine:
                return tally.report(drained)
            drained = True
            while jobs := take_all(config.state):
                for group in _groups(jobs):
                    _run(config, group, tally)
                settle(config.state)
        if not pending(config.state):
            return tally.report(drained)


def _groups(jobs: list[Job]) -> list[list[Job]]:
    """Transcripts together (one ingest, one commit); sessions and projects one by one."""
    files = [j for j in jobs if j.source]
    others = [[j] for j in jobs if not j.source]
    return ([files] if files else []) + others


def _options(jobs: list[Job]) -> IngestOptions:
    from ledger.ingest.results import IngestOptions

    first = jobs[0]
    if first.source:
        return IngestOptions(sources=tuple(Path(j.source) for j in jobs if j.source))
    return IngestOptions(
        session=first.session_id,
        project=first.project,
        since=date.fromisoformat(first.since) if first.since else None,
    )


def _run(config: Config, jobs: list[Job], tally: _Tally) -> None:
    from ledger.ingest.run import ingest

    missing = [j for j in jobs if j.source and not Path(j.source).is_file()]
    for job in missing:
        append_log(config.state, WHO, f"{job.origin}: no transcript at {job.source}; skipped")
    jobs = [j for j in jobs if j not in missing]
    if not jobs:
        return
    try:
        result = ingest(config, _options(jobs))
    except Exception as error:  # fail open: keep the jobs for a retry, say why in the log
        _retry(config.state, jobs, error, tally)
        return
    tally.ran += len(jobs)
    if result.commit:
        tally.commits.append(result.commit)
    origins = ", ".join(sorted({j.origin for j in jobs}))
    append_log(
        config.state,
        WHO,
        f"{origins}: {len(jobs)} job(s), {result.new} new and {result.updated} updated "
        f"session(s) (+{result.added} ~{result.changed} -{result.removed} findings)"
        + (f", commit {result.commit[:12]}" if result.commit else ", nothing to commit"),
    )


def _retry(state: Path, jobs: list[Job], error: Exception, tally: _Tally) -> None:
    again = [j.retried() for j in jobs if j.attempts + 1 < MAX_ATTEMPTS]
    dropped = len(jobs) - len(again)
    if again:
        push(state, *again)
    tally.retried += len(again)
    tally.dropped += dropped
    append_log(
        state,
        WHO,
        f"ingest failed ({type(error).__name__}: {error}); {len(again)} job(s) queued again, "
        f"{dropped} dropped after {MAX_ATTEMPTS} attempts",
    )


def main(argv: list[str]) -> int:
    """`python -m ledger.automation.background LEDGER`: drain, log, always exit 0."""
    from ledger.automation.log import fallback_state
    from ledger.config import load

    root = Path(argv[0]) if argv else Path.cwd()
    try:
        drain(load(root))
    except Exception as error:  # a detached runner has no one to tell but its log
        state = root / ".ledger" if root.is_dir() else fallback_state(os.environ)
        append_log(state, WHO, f"failed: {type(error).__name__}: {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
