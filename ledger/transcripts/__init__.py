"""Read transcripts of any supported agent into Sessions: a registry of readers and a scanner."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

from ledger.errors import LedgerError
from ledger.models import Agent, Session, SkippedFile, SourcesResult
from ledger.transcripts import claude_code, codex
from ledger.transcripts.discover import Transcript, discover
from ledger.transcripts.errors import NotASession, SubagentTranscript
from ledger.transcripts.jsonl import JsonLines

Reader = Callable[[Path, tuple[Path, ...]], Session]
READERS: dict[Agent, Reader] = {"claude-code": claude_code.read, "codex": codex.read}
DETECTORS: dict[Agent, Callable[[object], bool]] = {
    "claude-code": claude_code.looks_like,
    "codex": codex.looks_like,
}
DETECT_RECORDS = 50
"""How many records may pass before a file counts as not written by a known agent."""
PARALLEL_BYTES = 64 * 1024 * 1024
"""Below this much to read, a second process costs more than it saves."""
_OLDEST = datetime.min.replace(tzinfo=timezone.utc)


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


def _read_batch(batch: list[Transcript]) -> list[Session | SkippedFile]:
    results: list[Session | SkippedFile] = []
    for item in batch:
        try:
            results.append(read_transcript(item.path, item.subagents))
        except SubagentTranscript as child:
            results.append(SkippedFile(item.path, str(child), child.parent))
        except NotASession as why:
            results.append(SkippedFile(item.path, str(why)))
        except OSError as error:
            results.append(SkippedFile(item.path, f"cannot read: {error.strerror or error}"))
    return results


def _batches(transcripts: tuple[Transcript, ...], count: int) -> list[list[Transcript]]:
    """Split work into `count` batches of about equal bytes, largest files first."""
    batches: list[list[Transcript]] = [[] for _ in range(count)]
    sizes = [0] * count
    for item in sorted(transcripts, key=lambda t: t.size, reverse=True):
        lightest = sizes.index(min(sizes))
        batches[lightest].append(item)
        sizes[lightest] += item.size
    return [batch for batch in batches if batch]


def newest_first(session: Session) -> tuple[datetime, str]:
    return (session.started or _OLDEST, session.session_id)


def _adopt_subagents(
    sessions: list[Session], skipped: list[SkippedFile]
) -> tuple[list[Session], list[SkippedFile]]:
    """Count sub-agent rollouts in their parent session; only orphans stay reported as skipped."""
    present = {s.session_id for s in sessions}
    children = Counter(f.parent_session for f in skipped if f.parent_session in present)
    adopted = [
        replace(s, subagents=s.subagents + children[s.session_id])
        if s.session_id in children
        else s
        for s in sessions
    ]
    return adopted, [f for f in skipped if f.parent_session not in present]


def scan(sources: list[Path], workers: int | None = None) -> SourcesResult:
    """Discover and read every session under `sources`, on both cores when it pays."""
    found = discover(sources)
    total = sum(t.size for t in found.transcripts)
    workers = workers or min(os.cpu_count() or 1, 2)
    if workers > 1 and total >= PARALLEL_BYTES and len(found.transcripts) > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            parts = pool.map(_read_batch, _batches(found.transcripts, workers * 4))
            results = [result for part in parts for result in part]
    else:
        results = _read_batch(list(found.transcripts))
    sessions, skipped = _adopt_subagents(
        [r for r in results if isinstance(r, Session)],
        [*found.skipped, *(r for r in results if isinstance(r, SkippedFile))],
    )
    sessions.sort(key=newest_first, reverse=True)
    return SourcesResult(
        sessions=tuple(sessions),
        skipped=tuple(sorted(skipped, key=lambda s: str(s.path))),
        bytes_read=total,
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
    matches = [s for s in scan(sources).sessions if s.session_id.startswith(target)]
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
