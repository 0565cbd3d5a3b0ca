"""One transcript per session: copies of a session found in several places (a backup, a second
source) never take turns in the ledger, committing again on every run."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ledger.models import SkippedFile
from ledger.store.conflicts import session_rank
from ledger.store.paths import SESSION_FILE
from ledger.store.state import InLedger

if TYPE_CHECKING:
    from ledger.ingest.prepare import Prepared
    from ledger.transcripts.discover import Transcript


def _rank(transcript: Transcript) -> tuple[int, str]:
    """The longer transcript holds more of the session; the path breaks a tie, always the same."""
    return (transcript.size, transcript.file)


def one_per_session(
    prepared: Sequence[Prepared],
    held: Mapping[str, InLedger],
    unchanged: Mapping[str, Transcript],
) -> tuple[list[Prepared], list[SkippedFile]]:
    """The prepared sessions with one transcript each, and the copies passed over.

    Of several transcripts of one session id, the longest is kept; that may be the transcript
    the ledger already holds, found here unchanged (`unchanged`: content hash → transcript).
    """
    kept: list[Prepared] = []
    copies: list[SkippedFile] = []
    by_id: dict[str, list[Prepared]] = {}
    for p in prepared:
        by_id.setdefault(p.session_id, []).append(p)
    for session_id, group in by_id.items():
        record = held.get(session_id)
        holding = unchanged.get(record.content_hash) if record else None
        if holding is None and len(group) == 1:
            kept.extend(group)
            continue
        rivals: list[tuple[Transcript, Prepared | None]]
        rivals = [(p.source, p) for p in group if p.source is not None]
        rivals += [(holding, None)] if holding is not None else []
        best, winner = max(rivals, key=lambda rival: _rank(rival[0]))
        kept.extend(p for p in group if p is winner or p.source is None)
        copies.extend(
            SkippedFile(t.path, f"a shorter copy of a session; {best.file} is kept")
            for t, p in rivals
            if p is not None and p is not winner and p.source is not None
        )
    return kept, copies


def not_shorter_than_held(
    root: Path, prepared: Sequence[Prepared], held: Mapping[str, InLedger]
) -> tuple[list[Prepared], list[SkippedFile]]:
    """The prepared sessions, but for those the ledger holds a longer transcript of: pulled
    from a teammate whose copy of the session went on, it is not taken back to this shorter
    one (compared by when it ended, its prompts and tool calls)."""
    kept: list[Prepared] = []
    shorter: list[SkippedFile] = []
    for p in prepared:
        record = held.get(p.session_id)
        if record is None or p.source is None:
            kept.append(p)
            continue
        here = session_rank(p.files[-1][1])[:3]
        try:
            there = session_rank((root / record.folder / SESSION_FILE).read_text("utf-8"))[:3]
        except OSError:
            there = ()
        if there > here:
            shorter.append(SkippedFile(p.source.path, "the ledger holds a longer copy of it"))
        else:
            kept.append(p)
    return kept, shorter
