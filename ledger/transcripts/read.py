"""Read transcripts of any supported agent into Sessions: a registry of readers and a scanner."""

from __future__ import annotations

import gc
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from functools import partial
from pathlib import Path

from ledger.errors import LedgerError
from ledger.models import Agent, Session, SkippedFile, SourcesResult, short_id
from ledger.parallel import map_batches
from ledger.times import OLDEST
from ledger.transcripts import claude_code, codex
from ledger.transcripts.discover import (
    UNREADABLE,
    NotRegularFile,
    Transcript,
    discover,
    unreadable,
)
from ledger.transcripts.errors import NotASession, SubagentTranscript
from ledger.transcripts.jsonl import JsonLines

Reader = Callable[[Path, tuple[Path, ...]], Session]
READERS: dict[Agent, Reader] = {"claude-code": claude_code.read, "codex": codex.read}
DETECTORS: dict[Agent, Callable[[object], bool]] = {
    "claude-code": claude_code.looks_like,
    "codex": codex.looks_like,
}
READER_FAILED = f"{UNREADABLE}: the reader failed"
"""Starts as UNREADABLE does: not remembered as "no session", so a later version tries again."""
DETECT_RECORDS = 50
"""How many records may pass before a file counts as not written by a known agent."""


def detect(path: Path) -> Agent | None:
    """Which agent wrote a file, from its first recognisable records; None for anything else."""
    for seen, record in enumerate(JsonLines(path, object)):
        agent = next((agent for agent, looks in DETECTORS.items() if looks(record)), None)
        if agent is not None or seen >= DETECT_RECORDS:
            return agent
    return None


def _unknown_reason(path: Path) -> str:
    if path.stat().st_size == 0:
        return "empty file"
    if next(iter(JsonLines(path, object)), None) is None:
        return "no readable records"
    return "not a Claude Code or Codex transcript"


def read_transcript(path: Path, subagents: tuple[Path, ...] = ()) -> Session:
    """Read one transcript file; NotASession says why a file holds no session."""
    agent = detect(path)
    if agent is None:
        raise NotASession(_unknown_reason(path))
    return READERS[agent](path, subagents)


def read_or_skip(item: Transcript) -> Session | SkippedFile:
    """A discovered transcript as a Session, or the reason it is passed over: one file never
    stops a run."""
    try:
        return read_transcript(item.path, item.subagents)
    except SubagentTranscript as child:
        return SkippedFile(item.path, str(child), child.parent)
    except NotASession as why:
        return SkippedFile(item.path, str(why))
    except NotRegularFile as why:
        return SkippedFile(item.path, str(why))
    except OSError as error:
        return SkippedFile(item.path, unreadable(error))
    except (ValueError, TypeError, AttributeError, LookupError, RecursionError) as error:
        # the readers decode defensively, and the fuzz test holds that this is never reached;
        # if content still trips one, that file is skipped with the reason, not the whole run
        return SkippedFile(item.path, f"{READER_FAILED}: {type(error).__name__}: {error}")


def without_steps(session: Session) -> Session:
    """The session's facts without its turn-by-turn steps: what a listing needs, in less memory."""
    turns = tuple(replace(turn, steps=()) for turn in session.turns)
    return replace(session, preamble=(), turns=turns)


def _read_batch(batch: list[Transcript], with_steps: bool) -> list[Session | SkippedFile]:
    gc.disable()  # many small objects that all live: collections would only cost time
    try:
        results = []
        for item in batch:
            result = read_or_skip(item)
            if not with_steps and isinstance(result, Session):
                result = without_steps(result)
            results.append(result)
        return results
    finally:
        gc.enable()


def newest_first(session: Session) -> tuple[datetime, str]:
    return (session.started or OLDEST, session.session_id)


def scan(sources: list[Path], workers: int | None = None, with_steps: bool = True) -> SourcesResult:
    """Discover and read every session under `sources`, on both cores when it pays."""
    found = discover(sources)
    sizes = [t.size for t in found.transcripts]
    read = partial(_read_batch, with_steps=with_steps)
    results = map_batches(read, found.transcripts, sizes, workers)
    sessions = [r for r in results if isinstance(r, Session)]
    skipped = [*found.skipped, *(r for r in results if isinstance(r, SkippedFile))]
    sessions.sort(key=newest_first, reverse=True)
    return SourcesResult(
        sessions=tuple(sessions),
        skipped=tuple(sorted(skipped, key=lambda s: str(s.path))),
        bytes_read=sum(sizes),
    )


def find_session(target: str, sources: list[Path]) -> Session:
    """One session: `target` is a transcript path, or a session id (or its unique prefix)."""
    path = Path(target).expanduser()
    if path.is_file():
        result = scan([path], workers=1)
        if not result.sessions:
            reason = result.skipped[0].reason if result.skipped else "no session in it"
            raise LedgerError(f"{path} is not a session: {reason}", "pass a session transcript")
        return result.sessions[0]
    matches = [
        s
        for s in scan(sources).sessions
        if s.session_id.startswith(target) or short_id(s.session_id) == target.lower()
    ]
    exact = [s for s in matches if s.session_id == target]
    if len(exact) == 1 or len(matches) == 1:
        return (exact or matches)[0]
    if not matches:
        raise LedgerError(
            f"no session {target!r} found", "pass its transcript path or check --source"
        )
    raise LedgerError(
        f"{len(matches)} sessions start with {target!r}", "give more characters of the id"
    )
