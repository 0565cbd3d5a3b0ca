"""One session, read, extracted, redacted and rendered: the files its folder should hold.

Pure but for reading the transcript, so it runs in worker processes; imported only by a run
that has something to write.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ledger.extract.lifecycle import NO_SIGNALS, Signals, session_signals
from ledger.extract.structural import error_outcomes, extract_findings
from ledger.extract.summary import structural_summary
from ledger.ingest.commits import session_commits
from ledger.models import Finding, Session, SkippedFile
from ledger.redact import redact, redact_session
from ledger.search.turns import WARM_BYTES, keep_turns
from ledger.store.markdown import Written, session_markdown, to_markdown
from ledger.store.paths import SESSION_FILE, finding_file, session_dir
from ledger.store.state import content_hash
from ledger.transcripts.discover import UNREADABLE, Transcript
from ledger.transcripts.genealogy import listings_kept
from ledger.transcripts.read import read_or_skip
from ledger.versions import EXTRACTORS

if TYPE_CHECKING:
    from ledger.extract.engagements import Engagement
    from ledger.models import SessionSummary


EXTRACT_FAILED = f"{UNREADABLE}: extraction failed"
"""Starts as UNREADABLE does: not remembered as "no session", so a later version tries again."""


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
    ghost: bool = False
    source: Transcript | None = None
    """Where it was read from: the LLM pass reads it again (only the sessions it sends)."""
    content_hash: str = ""
    commits: tuple[str, ...] = ()
    """The commits the session produced in its project's repo (`ledger.ingest.commits`): a
    local fact, kept in `.ledger/` (`store/local_facts.py`), never in the committed files."""
    signals: Signals = NO_SIGNALS
    """What the session may do to earlier findings (`ledger.extract.lifecycle`)."""


def render(
    clean: Session,
    findings: Sequence[Finding],
    content_hash: str,
    extractors: Sequence[str],
    summary: SessionSummary | None = None,
    source: Transcript | None = None,
    commits: tuple[str, ...] = (),
    work: Sequence[Engagement] = (),
) -> Prepared:
    """The files of a (redacted) session's folder for these findings; without the LLM's
    summary and engagements (`work`), the structural ones."""
    findings = [_guarded(finding) for finding in findings]
    clean = _inert_fields(clean)
    summary = summary or structural_summary(clean, findings)
    taken: set[str] = set()
    written: list[Written] = []
    for finding in findings:
        name = finding_file(finding, taken)
        taken.add(name)
        written.append(Written(finding, name))
    folder = session_dir(clean)
    files = [(w.file, to_markdown(w.finding, clean, folder)) for w in written]
    outcomes = error_outcomes(clean)
    record = session_markdown(
        clean, written, outcomes, content_hash, extractors, summary, work, folder
    )
    fields, end, body = record.partition("\n---\n")
    files.append((SESSION_FILE, fields + end + _foreign_links_escaped(redact(body), folder)))
    return Prepared(
        clean.session_id,
        clean.title,
        clean.project,
        clean.started,
        folder,
        tuple(files),
        clean.ghost,
        source,
        content_hash,
        commits,
        session_signals(clean, [(w.finding, w.file) for w in written]),
    )


def _foreign_links_escaped(body: str, folder: str) -> str:
    """The record's body with every `[[` escaped but those of the links to its own findings (in
    `folder`): the others are text of the transcript. (A regular expression compiled for each
    session's folder cost a cold ingest of 1,600 sessions 0.3 s; a folder holds no `[`.)"""
    own = f"{folder}/"
    head, *rest = body.split("[[")
    return head + "".join(("[[" if part.startswith(own) else "\\[\\[") + part for part in rest)


def _guarded(finding: Finding) -> Finding:
    """A finding redacted again as it will be written: the session was redacted, but extraction
    unwraps and joins its text (`glpat-…**…` loses its `**`, a sentence is joined to the next),
    which can make a secret whole again. A `[[link]]` the transcript wrote is escaped: it is
    text of the session, not a link of the ledger's (it would dangle)."""
    title, body = _inert(redact(finding.title)), _inert(redact(finding.body))
    evidence = tuple(replace(e, quote=_inert(redact(e.quote))) for e in finding.evidence)
    if (title, body, evidence) == (finding.title, finding.body, finding.evidence):
        return finding
    return replace(finding, title=title, body=body, evidence=evidence)


def _inert(text: str) -> str:
    return text.replace("[[", "\\[\\[").replace("]]", "\\]\\]") if "[[" in text else text


def _inert_fields(session: Session) -> Session:
    """The session with the transcript's words that frontmatter holds (title, project, branch,
    models, tools, files) escaped: a property `[[x]]` is a link too, and it would dangle."""

    def inert(text: str | None) -> str | None:
        return text and _inert(text)

    return replace(
        session,
        title=_inert(session.title),
        project=inert(session.project),
        git_branch=inert(session.git_branch),
        agent_version=inert(session.agent_version),
        agent_name=inert(session.agent_name),
        models=tuple(map(_inert, session.models)),
        tools=tuple((_inert(name), count) for name, count in session.tools),
        files_touched=tuple(map(_inert, session.files_touched)),
        files_read=tuple(map(_inert, session.files_read)),
    )


def prepare(
    session: Session,
    content_hash: str,
    llm_extractor: str | None = None,
    source: Transcript | None = None,
    state: Path | None = None,
) -> Prepared:
    """Everything the ledger should hold for a session, as text; pure but for the reading (of
    the transcript, and of the project's git history for the commits it made), and for keeping
    the turns of a large transcript in `state` for `ledger show --turn`.

    With the LLM pass on (`llm_extractor`), a ghost session is complete as it is: it is never
    sent, so it records the LLM extractor too and is not tried again.
    """
    clean = redact_session(session)
    if state is not None and source is not None and source.size >= WARM_BYTES:
        with contextlib.suppress(OSError):  # a speed-up: the first look reads it instead
            keep_turns(source.path, clean, state)
    extractors = (*EXTRACTORS, llm_extractor) if llm_extractor and clean.ghost else EXTRACTORS
    findings = extract_findings(clean)
    return render(clean, findings, content_hash, extractors, None, source, session_commits(session))


def prepare_batch(
    batch: list[tuple[Transcript, str]],
    llm_extractor: str | None = None,
    state: Path | None = None,
) -> list[tuple[Prepared | SkippedFile, str]]:
    """Each transcript prepared (or why not), with its content hash: worked out here when the
    caller left it empty (a first ingest: nothing to compare it with before reading)."""
    results: list[tuple[Prepared | SkippedFile, str]] = []
    with listings_kept():
        for item, digest in batch:
            read = read_or_skip(item)
            digest = digest or _hash_or_empty(item)
            if isinstance(read, Session):
                prepared = _prepare_or_skip(read, digest, llm_extractor, item, state)
                results.append((prepared, digest))
            else:
                results.append((read, digest))
    return results


def _hash_or_empty(item: Transcript) -> str:
    try:
        return content_hash(item.files)
    except OSError:
        return ""  # unreadable now: not remembered, tried again next run


def _prepare_or_skip(
    session: Session, digest: str, llm_extractor: str | None, item: Transcript, state: Path | None
) -> Prepared | SkippedFile:
    """`prepare`, or the reason it failed on this one session: one session never stops a run
    (the fuzz test holds that this is not reached; hostile input may still find a way)."""
    try:
        return prepare(session, digest, llm_extractor, item, state)
    except (ValueError, TypeError, AttributeError, LookupError, RecursionError) as error:
        return SkippedFile(item.path, f"{EXTRACT_FAILED}: {type(error).__name__}: {error}")
