"""A finding written on purpose (MCP `record_finding`): checked, redacted, written, one commit.

It joins the session it names when the ledger holds it, else the day's notes record of its
project (`store/recorded.py`); it can supersede earlier findings, both sides written in the same
commit, as `ledger supersede` writes them. Nothing is written when an argument is wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ledger.atomic import write_atomic
from ledger.config import Config
from ledger.errors import LedgerError
from ledger.ingest.triage import (
    MIN_PREFIX,
    Today,
    commit_marks,
    finding_link,
    require_standing,
    today_utc,
)
from ledger.models import CLOSING, KINDS, Finding, finding_id
from ledger.redact import redact
from ledger.search.lookup import Facts
from ledger.store.edits import Mark, marked
from ledger.store.files import refuse_escaping_links
from ledger.store.known import KnownFinding
from ledger.store.markdown import printable
from ledger.store.paths import SESSION_FILE, finding_file
from ledger.store.recorded import AGENT_EXTRACTOR, Home, notes_home, recorded_markdown
from ledger.store.state import locked
from ledger.times import parse_time

MAX_TITLE = 200
MAX_BODY = 20_000
MAX_LINKS = 50
_SESSION_ID = re.compile(r"[\w.:-]{1,200}")
"""What session ids look like: UUIDs, Codex's, the notes records' (`notes-<day>-<hash>`)."""
CONFIDENCE = 1.0
"""Stated on purpose, not inferred from a transcript."""


class RecordError(LedgerError):
    """A finding that cannot be recorded as given."""


@dataclass(frozen=True, slots=True)
class NewFinding:
    """What an agent asks to record."""

    kind: str
    title: str
    body: str
    project: str | None = None
    session_id: str | None = None
    references: tuple[str, ...] = ()
    supersedes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Recorded:
    """The finding as written: its facts, its file (relative to the ledger), the commit."""

    id: str
    kind: str
    title: str
    status: str
    date: str
    session_id: str
    project: str | None
    path: str
    supersedes: tuple[str, ...]
    commit: str | None


def _one_line(text: str, what: str, limit: int) -> str:
    flat = " ".join(printable(text).split())
    if not flat:
        raise RecordError(f"the {what} is empty", f"give the finding a {what}")
    if len(flat) > limit:
        raise RecordError(f"the {what} is {len(flat)} characters long", f"keep it to {limit}")
    return flat


def _checked(note: NewFinding) -> NewFinding:
    """`note` with its text redacted and trimmed; a wrong argument raises RecordError."""
    if note.kind not in KINDS:
        raise RecordError(f"unknown kind {note.kind!r}", f"use one of {', '.join(KINDS)}")
    body = note.body.strip()
    if not body:
        raise RecordError("the body is empty", "say what was found, in a sentence or more")
    if len(body) > MAX_BODY:
        raise RecordError(f"the body is {len(body)} characters long", f"keep it to {MAX_BODY}")
    if len(note.references) + len(note.supersedes) > MAX_LINKS:
        raise RecordError("too many references and supersedes", f"give at most {MAX_LINKS}")
    session_id = (note.session_id or "").strip() or None
    if session_id is not None and not _SESSION_ID.fullmatch(session_id):
        raise RecordError(f"{session_id!r} is not a session id", "give the id list_sessions shows")
    references = tuple(redact(_one_line(r, "reference", 500)) for r in note.references)
    project = " ".join(printable(note.project).split()) if note.project else None
    # a title is a heading and a link's label: no wikilink of its own
    title = _one_line(note.title, "title", MAX_TITLE).replace("[[", "[ [").replace("]]", "] ]")
    return NewFinding(
        note.kind,
        redact(title),
        redact(printable(body)),
        redact(project) if project else None,
        session_id,
        tuple(dict.fromkeys(references)),
        tuple(dict.fromkeys(s.strip() for s in note.supersedes)),
    )


def _home(facts: Facts, note: NewFinding, today: Today) -> Home:
    """The session folder the finding goes into: its session's, else the day's notes record."""
    meta = facts.by_id(note.session_id, "session") if note.session_id else None
    if meta is None:
        return notes_home(today(), note.project)
    started = notes_home(today(), None).started
    if meta.started or meta.date:
        started = parse_time(meta.started or f"{meta.date}T00:00:00Z") or started
    folder = meta.path.rsplit("/", 1)[0]
    return Home(folder, meta.id, meta.title, started, note.project or meta.project or None)


def _finding(facts: Facts, wanted: str) -> KnownFinding:
    """The finding `wanted` names (its id, or a unique prefix of at least MIN_PREFIX)."""
    meta = facts.by_id(wanted, "finding")
    if meta is None:
        if len(wanted.strip()) < MIN_PREFIX:
            raise RecordError(f"{wanted!r} is too short", f"give at least {MIN_PREFIX} characters")
        raise RecordError(f"no finding {wanted!r} in the ledger", "find its id with search")
    return KnownFinding(meta.id, meta.kind, meta.title, meta.status, meta.date,
                        meta.session_id, meta.project, meta.path)  # fmt: skip


def record_finding(config: Config, note: NewFinding, today: Today = today_utc) -> Recorded:
    """Write `note` as a finding (`extractor: agent`) and commit it, with what it supersedes."""
    note = _checked(note)
    with locked(config.state):
        refuse_escaping_links(config.root)
        facts = Facts(config.root, config.state)
        older = [_finding(facts, wanted) for wanted in note.supersedes]
        for old in older:
            if "superseded" not in CLOSING.get(old.kind, ()):
                hint = f"record it, then `resolve` {old.id} as {CLOSING[old.kind][0]}"
                raise RecordError(f"a {old.kind} cannot be superseded", hint)
            require_standing(old, "supersede")
        home = _home(facts, note, today)
        owner = note.session_id or home.session_id
        new_id = finding_id(owner, note.kind, note.title)  # type: ignore[arg-type]
        if facts.by_id(new_id, "finding") is not None:
            raise RecordError(
                f"this {note.kind} is already in the ledger as {new_id}",
                "use get_finding to read it, or give it another title",
            )
        finding = Finding(
            id=new_id, kind=note.kind, title=note.title, body=note.body,  # type: ignore[arg-type]
            session_id=owner, turns=(), evidence=(), confidence=CONFIDENCE,
            extractor=AGENT_EXTRACTOR, references=note.references,
            supersedes=tuple(old.id for old in older),
        )  # fmt: skip
        folder = config.root / home.folder
        taken = {p.name for p in folder.glob("*.md")} if folder.is_dir() else set()
        relative = f"{home.folder}/{finding_file(finding, taken)}"
        day = today().isoformat()
        new = KnownFinding(new_id, note.kind, note.title, "open", day, owner, "", relative)
        text = recorded_markdown(finding, home)
        if older:
            lines = tuple(f"- {day} · Replaces {finding_link(old)}." for old in older)
            text = marked(text, Mark(notes=lines)) or text
        added = [(relative, text)]
        record = f"{home.folder}/{SESSION_FILE}"
        if home.record is not None and not (config.root / record).exists():
            added.append((record, home.record))
        marks = [
            (old.path, Mark("superseded", (("superseded_by", new_id),), (),
                            (f"- {day} · Replaced by {finding_link(new)}.",)))
            for old in older
        ]  # fmt: skip
        commit = _write_and_commit(config, added, marks, f"ledger: record {note.kind} {new_id}")
    return Recorded(
        new_id, note.kind, note.title, "open", home.started.date().isoformat(), owner,
        home.project, relative, finding.supersedes, commit,
    )  # fmt: skip


def _write_and_commit(
    config: Config, added: list[tuple[str, str]], marks: list[tuple[str, Mark]], subject: str
) -> str | None:
    """Write the new files and the marks, commit them; a failure takes the new files away."""
    for relative, text in added:
        write_atomic(config.root / relative, text)
    try:
        commit, _ = commit_marks(config, marks, subject, tuple(p for p, _ in added))
    except BaseException:
        for relative, _ in added:
            (config.root / relative).unlink(missing_ok=True)
        raise
    return commit
