"""The contents of a session's page and a finding's page: what the index knows, plus what only
their files (and, for the transcript, the session's transcript on this machine) hold."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ledger.errors import LedgerError
from ledger.index.reading import Entry
from ledger.search.log import Chains, Link
from ledger.store.fields import Fields, FieldsError, parse_fields
from ledger.store.frontmatter import split
from ledger.store.git import Commit
from ledger.store.local_facts import transcript_here
from ledger.viewer.model import Snapshot

SESSION_FIELDS = frozenset(
    ("ended", "git_branch", "models", "prompts", "tool_calls", "agent_version")
)
FINDING_FIELDS = frozenset(("turns", "confidence", "extractor", "model", "references", "tags"))
LEFT_OUT = "The transcript is left out of these pages."
_SECTION = re.compile(r"^## (.*)$", re.M)
_TURN_HEAD = re.compile(r"## Turn (\d+)(?: · (.*))?")


@dataclass(frozen=True, slots=True)
class Card:
    """A finding as its session's page shows it: the entry, and the turns it cites."""

    entry: Entry
    turns: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TurnText:
    """One turn of the transcript's skeleton: its number, when, and its lines."""

    number: int
    when: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SessionPage:
    session: Entry
    fields: Fields
    body: str
    """The Markdown of `_session.md` after its title, its findings list left out (the cards
    show them)."""
    cards: tuple[Card, ...]
    turns: tuple[TurnText, ...]
    transcript_note: str
    """Why there is no transcript, when there is none."""


@dataclass(frozen=True, slots=True)
class FindingPage:
    finding: Entry
    session: Entry | None
    fields: Fields
    body: str
    replaced: tuple[Link, ...]
    replaced_by: tuple[Link, ...]
    commits: tuple[Commit, ...]


def _read(root: Path, entry: Entry, wanted: frozenset[str]) -> tuple[Fields, str]:
    """The wanted frontmatter fields of an entry's file, and its body after the `# title`."""
    try:
        text = (root / entry.path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}, ""
    parts = split(text.replace("\r\n", "\n"))
    if parts is None:
        return {}, text
    try:
        fields = parse_fields(parts[0], wanted)
    except FieldsError:
        fields = {}
    body = parts[1].lstrip("\n")
    if body.startswith("# "):
        body = body.partition("\n")[2]
    return fields, body


def _without_section(body: str, title: str) -> str:
    """Markdown without its `## title` section."""
    heads = list(_SECTION.finditer(body))
    for n, head in enumerate(heads):
        if head.group(1).strip() == title:
            end = heads[n + 1].start() if n + 1 < len(heads) else len(body)
            return body[: head.start()] + body[end:]
    return body


def turn_numbers(fields: Fields) -> tuple[int, ...]:
    value = fields.get("turns")
    items = value if isinstance(value, list) else [value] if isinstance(value, str) else []
    return tuple(int(v) for v in items if v.isdigit())


def _turn(text: str) -> TurnText | None:
    head, _, rest = text.rstrip("\n").partition("\n")
    matched = _TURN_HEAD.fullmatch(head)
    if matched is None:
        return None
    return TurnText(int(matched.group(1)), matched.group(2) or "", tuple(rest.split("\n")))


def _transcript(snapshot: Snapshot, session_id: str) -> tuple[tuple[TurnText, ...], str]:
    """The session's turns when this machine holds its transcript (the ledger's local facts
    say where: `_session.md` names no machine's paths)."""
    from ledger.search.turns import all_turns

    path = transcript_here(snapshot.state, session_id)
    if path is None:
        return (), "The transcript is not on this machine: only what the ledger holds is shown."
    try:
        texts = all_turns(path, snapshot.state)
    except (LedgerError, OSError, ValueError) as problem:
        return (), f"The transcript could not be read: {problem}"
    return tuple(t for t in map(_turn, texts) if t is not None), ""


def session_page(snapshot: Snapshot, session_id: str, transcript: bool = True) -> SessionPage:
    """The page of one session (raises KeyError when the ledger holds no such session)."""
    session = snapshot.session(session_id)
    if session is None:
        raise KeyError(session_id)
    fields, body = _read(snapshot.root, session, SESSION_FIELDS)
    cards = tuple(
        Card(f, turn_numbers(_read(snapshot.root, f, FINDING_FIELDS)[0]))
        for f in snapshot.findings_by_session.get(session.id, ())
    )
    turns, note = _transcript(snapshot, session.id) if transcript else ((), LEFT_OUT)
    return SessionPage(session, fields, _without_section(body, "Findings"), cards, turns, note)


def finding_page(
    snapshot: Snapshot, finding_id: str, chains: Chains, commits: tuple[Commit, ...] | None = None
) -> FindingPage:
    """The page of one finding (KeyError when there is none); `commits`: its file's history when
    the caller has it, else read from git."""
    from ledger.store.git import file_log

    finding = snapshot.finding(finding_id)
    if finding is None:
        raise KeyError(finding_id)
    fields, body = _read(snapshot.root, finding, FINDING_FIELDS)
    replaced, replaced_by = chains.of(finding.path)
    if commits is None:
        commits = tuple(file_log(snapshot.root, finding.path))
    session = snapshot.session(finding.session_id)
    return FindingPage(finding, session, fields, body, replaced, replaced_by, commits)
