"""One session, read, extracted, redacted and rendered: the files its folder should hold.

Pure but for reading the transcript, so it runs in worker processes; imported only by a run
that has something to write.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ledger.extract.structural import error_outcomes, extract_findings
from ledger.models import Session, SkippedFile
from ledger.redact import redact_session
from ledger.store.markdown import Written, session_markdown, to_markdown
from ledger.store.paths import SESSION_FILE, finding_file, session_dir
from ledger.transcripts.discover import Transcript
from ledger.transcripts.read import read_or_skip
from ledger.versions import EXTRACTORS


@dataclass(frozen=True, slots=True)
class Prepared:
    """One session read, extracted, redacted and rendered: the files its folder should hold."""

    session_id: str
    title: str
    project: str | None
    started: datetime | None
    folder: str
    files: tuple[tuple[str, str], ...]
    """(file name, text): findings first, `_session.md` last, so it marks a complete folder."""


def prepare(session: Session, content_hash: str) -> Prepared:
    """Everything the ledger should hold for a session, as text; pure but for the reading."""
    clean = redact_session(session)
    findings = extract_findings(clean)
    taken: set[str] = set()
    written: list[Written] = []
    for finding in findings:
        name = finding_file(finding, taken)
        taken.add(name)
        written.append(Written(finding, name))
    files = [(w.file, to_markdown(w.finding, clean)) for w in written]
    record = session_markdown(clean, written, error_outcomes(clean), content_hash, EXTRACTORS)
    files.append((SESSION_FILE, record))
    return Prepared(
        session.session_id,
        clean.title,
        session.project,
        session.started,
        session_dir(clean),
        tuple(files),
    )


def prepare_batch(batch: list[tuple[Transcript, str]]) -> list[Prepared | SkippedFile]:
    results: list[Prepared | SkippedFile] = []
    for item, digest in batch:
        read = read_or_skip(item)
        results.append(prepare(read, digest) if isinstance(read, Session) else read)
    return results
