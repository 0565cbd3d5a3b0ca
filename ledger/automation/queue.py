"""The hooks' work queue in `.ledger/`: sessions waiting for an ingest, and who drains them.

A hook never waits for another run: it appends its job here and starts a runner. A runner that
gets the drain lock takes every queued job, ingests them, and looks again after letting the
lock go; one that does not get it leaves, because the holder will see its job. Enqueue first,
then try the lock: a job is then always seen by a runner that takes the lock after it was
queued, so none is lost (see `background.drain`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from ledger.store import flock

QUEUE = "queue.jsonl"
TAKEN = "queue.taken.jsonl"
"""Jobs a runner has taken and not finished: a runner killed mid-way leaves them to the next."""
QUEUE_LOCK = "queue.lock"
DRAIN_LOCK = "drain.lock"


@dataclass(frozen=True, slots=True)
class Job:
    """Something to ingest: one transcript, one session by id, or a project's recent sessions."""

    origin: str
    """The hook that queued it (`claude-session-end`, `git-post-commit`...): for the log."""
    source: str | None = None
    session_id: str | None = None
    project: str | None = None
    since: str | None = None
    """An ISO date: only sessions started on or after it (with `project`)."""
    attempts: int = 0

    def to_line(self) -> str:
        return json.dumps(asdict(self), sort_keys=True, separators=(",", ":")) + "\n"

    @classmethod
    def from_line(cls, line: str) -> Job | None:
        """The job of one queue line; None for a line that is not one (cut short, edited)."""
        try:
            data = json.loads(line)
            return cls(
                origin=str(data["origin"]),
                source=_text(data.get("source")),
                session_id=_text(data.get("session_id")),
                project=_text(data.get("project")),
                since=_text(data.get("since")),
                attempts=int(data.get("attempts", 0)),
            )
        except (ValueError, TypeError, KeyError):
            return None

    def key(self) -> tuple[str | None, ...]:
        """Two jobs with the same key ask for the same work."""
        return (self.source, self.session_id, self.project, self.since)

    def retried(self) -> Job:
        return replace(self, attempts=self.attempts + 1)


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


@contextmanager
def _queue_locked(state: Path) -> Iterator[None]:
    """The queue file's own short lock: appends and take-alls never interleave."""
    state.mkdir(parents=True, exist_ok=True)
    with flock.hold(state / QUEUE_LOCK):
        yield


def push(state: Path, *jobs: Job) -> None:
    """Append `jobs` to the queue, on disk before this returns."""
    with _queue_locked(state), open(state / QUEUE, "a", encoding="utf-8") as queue:
        queue.write("".join(job.to_line() for job in jobs))
        queue.flush()
        os.fsync(queue.fileno())


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return ""


def take_all(state: Path) -> list[Job]:
    """Every queued job, once each (duplicates merged), with those a killed runner left.

    Only the runner holding `draining` calls this. The jobs stay in `queue.taken.jsonl` until
    `settle`: a runner killed half-way loses none of them.
    """
    with _queue_locked(state):
        queued, taken = state / QUEUE, state / TAKEN
        text = _read(taken)
        new = _read(queued)
        if new:
            with open(taken, "a", encoding="utf-8") as handle:
                handle.write(new if not text or text.endswith("\n") else "\n" + new)
                handle.flush()
                os.fsync(handle.fileno())
            queued.unlink()
    jobs: dict[tuple[str | None, ...], Job] = {}
    for job in filter(None, map(Job.from_line, (text + "\n" + new).splitlines())):
        known = jobs.get(job.key())
        if known is None or job.attempts > known.attempts:
            jobs[job.key()] = job
    return list(jobs.values())


def settle(state: Path) -> None:
    """The jobs last taken are done (or queued again): forget them."""
    (state / TAKEN).unlink(missing_ok=True)


def pending(state: Path) -> bool:
    """Whether a job waits: queued, or taken by a runner and not settled."""
    return any(_size(state / name) for name in (QUEUE, TAKEN))


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


@contextmanager
def draining(state: Path) -> Iterator[bool]:
    """Try to become the one runner draining the queue, without waiting: yields whether we are."""
    state.mkdir(parents=True, exist_ok=True)
    with flock.hold(state / DRAIN_LOCK, timeout=0) as held:
        yield held
