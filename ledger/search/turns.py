"""`ledger show ID --turn N`: some turns of a session's skeleton, redacted.

The skeleton comes from the transcript, read once and then kept by turn in `.ledger/turns/`
(keyed by the transcript's path, size and modification time, so a grown transcript is read
again): a later look at another turn of a 70 MB session reads a few megabytes of text, not the
transcript. The cache is a speed-up only: deleting it changes nothing but time.
"""

from __future__ import annotations

import hashlib
import marshal
from dataclasses import dataclass
from pathlib import Path

from ledger.atomic import write_bytes_atomic
from ledger.errors import LedgerError
from ledger.models import Session, short_id
from ledger.store.fields import parse_fields
from ledger.store.frontmatter import split
from ledger.store.local_facts import transcript_here
from ledger.store.paths import SESSION_FILE

TURNS_DIR = "turns"
CACHE_VERSION = 1
WARM_BYTES = 2 * 1024 * 1024
"""From this size on, the ingest that reads a transcript keeps its turns (`keep_turns`): the
first look at a turn of a larger one would read it (0.7 s at 60 MB), where a smaller one reads in
a few tens of milliseconds."""


@dataclass(frozen=True, slots=True)
class Turns:
    """The asked-for turns of one session as skeleton text, with the session's header."""

    session_id: str
    header: str
    total: int
    first: int
    last: int
    text: str


def parse_range(value: str) -> tuple[int, int]:
    """`7` or `3-9` as (first, last); anything else is a usage error."""
    head, dash, tail = value.partition("-")
    try:
        first = int(head)
        last = int(tail) if dash else first
    except ValueError:
        raise LedgerError(f"{value!r} is not a turn or a range of turns", "say 7 or 3-9") from None
    if first < 1 or last < first:
        raise LedgerError(f"{value!r} is not a range of turns", "say 7 or 3-9, from 1 up")
    return first, last


def transcript_of(root: Path, session_id: str) -> Path | None:
    """Where the transcript of an ingested session lies, as its `_session.md` says (None when
    the ledger does not hold it, or no longer knows where it is)."""
    from ledger.index.build import current

    graph = current(root, root / ".ledger", save=False).graph
    found = [
        s for s in graph.sessions if s.id.startswith(session_id) or short_id(s.id) == session_id
    ]
    exact = [s for s in found if s.id == session_id]
    if len(exact or found) > 1:
        ids = ", ".join(sorted(s.id for s in found)[:5])
        raise LedgerError(f"ambiguous: {session_id!r} starts {ids}", "give more of the id")
    if not found:
        return None
    chosen = (exact or found)[0]
    here = transcript_here(root / ".ledger", chosen.id)
    if here is not None:
        return here
    # a ledger written before the transcript's place became a local fact recorded it here
    record = root / chosen.folder / SESSION_FILE
    parts = split(record.read_text(encoding="utf-8"))
    source = parse_fields(parts[0], frozenset({"source"})).get("source") if parts else None
    if not isinstance(source, str) or not source:
        return None
    path = Path(source).expanduser()
    return path if path.is_file() else None


def session_turns(transcript: Path, first: int, last: int, state: Path | None) -> Turns:
    """Turns `first` to `last` (1-based, inclusive) of the session in `transcript`."""
    session_id, header, turns = _cached(transcript, state)
    if first > len(turns):
        raise LedgerError(
            f"session {short_id(session_id)} has {len(turns)} turns, not {first}",
            f"ask for a turn from 1 to {len(turns)}",
        )
    last = min(last, len(turns))
    text = "\n".join(turns[first - 1 : last])
    return Turns(session_id, header, len(turns), first, last, text)


def all_turns(transcript: Path, state: Path | None) -> tuple[str, ...]:
    """Every turn of the session in `transcript`, as skeleton text, first turn first."""
    return tuple(_cached(transcript, state)[2])


def _key(transcript: Path) -> str:
    info = transcript.stat()
    seed = f"{CACHE_VERSION}\n{transcript.resolve()}\n{info.st_size}\n{info.st_mtime_ns}"
    return hashlib.sha256(seed.encode()).hexdigest()[:24]


def keep_turns(transcript: Path, session: Session, state: Path) -> None:
    """Keep the turns of a (redacted) session read from `transcript` now, as a first look at one
    of them would: the ingest that read it does this for large transcripts (`WARM_BYTES`)."""
    where = state / TURNS_DIR / f"{_key(transcript)}.bin"
    write_bytes_atomic(where, marshal.dumps(_skeleton(session)))


def _cached(transcript: Path, state: Path | None) -> tuple[str, str, list[str]]:
    where = state / TURNS_DIR / f"{_key(transcript)}.bin" if state else None
    if where is not None and where.is_file():
        try:
            session_id, header, turns = marshal.loads(where.read_bytes())
            return str(session_id), str(header), list(turns)
        except (ValueError, EOFError, TypeError):
            pass  # a damaged cache file is read again from the transcript
    read = _read(transcript)
    if where is not None:
        write_bytes_atomic(where, marshal.dumps(read))
    return read


def _read(transcript: Path) -> tuple[str, str, list[str]]:
    from ledger.redact import redact_session
    from ledger.transcripts.errors import NotASession
    from ledger.transcripts.read import read_transcript

    # the file alone: the turns need none of its folder (sub-agent files only add to a count)
    try:
        session = redact_session(read_transcript(transcript))
    except NotASession as why:
        raise LedgerError(
            f"{transcript} is not a session: {why}", "pass a session transcript"
        ) from None
    return _skeleton(session)


def _skeleton(session: Session) -> tuple[str, str, list[str]]:
    from ledger.transcripts.skeleton import header, turn_text

    return session.session_id, header(session), [turn_text(t) for t in session.turns]
