"""Findings and sessions as Markdown with frontmatter: pure, deterministic rendering."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from string import Template
from typing import TYPE_CHECKING, Any

from ledger.extract.engagements import Engagement, engagements, with_decisions
from ledger.extract.outcomes import ErrorOutcome
from ledger.models import Finding, Session, short_id
from ledger.store import frontmatter
from ledger.store.paths import SESSION_FILE, session_dir
from ledger.transcripts.skeleton import plan_lines
from ledger.versions import PROMPT_VERSION

if TYPE_CHECKING:
    from ledger.models import SessionSummary

LLM_EXTRACTOR = "llm"

MAX_COMMANDS = 50
"""A session's record lists its first commands; the transcript keeps them all."""
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ufeff]")
"""Control characters: a NUL makes git call a file binary, an ESC reaches the terminal; and
the display-only ones that can make text read other than it is (bidirectional overrides,
embeddings and isolates, a stray byte-order mark). Marks (U+200E, U+200F) stay: RTL needs them."""
_LINK_UNSAFE = str.maketrans({"[": "(", "]": ")", "|": "/", "#": " ", "^": " ", "\n": " "})


@cache
def template(name: str) -> Template:
    """A template shipped in `templates/`."""
    return Template(resources.files("ledger.templates").joinpath(name).read_text("utf-8"))


def link_text(text: str) -> str:
    """Text that cannot break out of a wikilink's alias or a Markdown list item."""
    return text.translate(_LINK_UNSAFE).strip() or "untitled"


def printable(text: str) -> str:
    """`text` without control characters (tabs and newlines kept): a file people can read."""
    return _CONTROL.sub("", text)


def code(text: str) -> str:
    """`text` as one inline code span, whatever backticks it holds."""
    flat = " ".join(text.split())
    fence = "`" * (max((len(run) for run in re.findall("`+", flat)), default=0) + 1)
    padded = f" {flat} " if flat.startswith("`") or flat.endswith("`") else flat
    return f"{fence}{padded}{fence}"


def cell(text: str) -> str:
    """`text` as one Markdown table cell: one line, no `|` to end the cell early."""
    return " ".join(text.split()).replace("|", "/")


def wikilink(target: str, alias: str) -> str:
    return f"[[{target}|{link_text(alias)}]]"


@dataclass(frozen=True, slots=True)
class Written:
    """A finding and the file name it is written under, inside its session folder."""

    finding: Finding
    file: str


def session_target(session: Session, folder: str | None = None) -> str:
    """The wikilink target of a session's record: its path without `.md` (`folder`: its
    `session_dir`, when the caller has it: working it out makes a slug of the title)."""
    return f"{folder or session_dir(session)}/{SESSION_FILE[:-3]}"


def finding_fields(finding: Finding, session: Session, target: str) -> dict[str, Any]:
    """A finding's frontmatter, in the order people read it (`target`: `session_target`)."""
    fields: dict[str, Any] = {
        "id": finding.id,
        "kind": finding.kind,
        "title": finding.title,
        "status": finding.status,
        "date": session.started.date() if session.started else None,
        "session": f"[[{target}]]",
        "session_id": session.session_id,
        "project": session.project,
        "turns": list(finding.turns),
        "confidence": round(finding.confidence, 2),
        "extractor": finding.extractor,
    }
    if finding.model:
        fields["model"] = finding.model
    if finding.extractor == LLM_EXTRACTOR:
        fields["prompt"] = PROMPT_VERSION  # the cache holds answers of the current prompt only
    fields.update(
        supersedes=list(finding.supersedes),
        superseded_by=list(finding.superseded_by),
        references=list(finding.references),
        tags=list(finding.tags),
    )
    return fields


def _evidence(finding: Finding) -> str:
    """The quotes, each with its turn and the command that shows that turn whole."""
    shown = short_id(finding.session_id)
    quotes = [
        "\n".join(f"> {line}" if line else ">" for line in e.quote.splitlines())
        + f"\n> (turn {e.turn}: `ledger show {shown} --turn {e.turn}`)"
        for e in finding.evidence
    ]
    return "\n\n".join(quotes) or "_No quote recorded._"


def finding_body(finding: Finding, session: Session, target: str) -> str:
    return template("finding.md").substitute(
        title=finding.title,
        body=finding.body,
        evidence=_evidence(finding),
        session_link=target,
        session_title=link_text(session.title),
        session_date=session.started.strftime("%Y-%m-%d") if session.started else "undated",
    )


def to_markdown(finding: Finding, session: Session, folder: str | None = None) -> str:
    """A finding file, byte for byte: frontmatter, then prose, evidence and the way back (to
    the record in `folder`, the session's `session_dir` when the caller has it)."""
    target = session_target(session, folder)
    fields = frontmatter.dump(finding_fields(finding, session, target))
    return printable(fields + "\n" + finding_body(finding, session, target))


def session_fields(
    session: Session,
    content_hash: str,
    extractors: Sequence[str],
    work: Sequence[Engagement] = (),
) -> dict[str, Any]:
    """The normalised Session as frontmatter; what the cache needs comes first (HEAD_BYTES).

    Only what the transcript says: where it lies and what the project's repo holds on this
    machine are local facts (`store/local_facts.py`), so every machine writes the same bytes."""
    t = session.tokens
    return {
        "type": "session",
        "session_id": session.session_id,
        "content_hash": content_hash,
        "extractors": ", ".join(extractors),
        "agent": session.agent,
        "title": session.title,
        "date": session.started.date() if session.started else None,
        "started": session.started,
        "ended": session.ended,
        "project": session.project,
        "git_branch": session.git_branch,
        "agent_version": session.agent_version,
        "agent_name": session.agent_name,
        "models": list(session.models),
        "prompts": session.prompts,
        "tool_calls": session.tool_calls,
        "tools": [name for name, _ in session.tools],  # the counts: the Activity section
        "files_touched": list(session.files_touched),
        "files_read": list(session.files_read),
        # flat, so Obsidian's Properties panel shows and edits them (no nested maps)
        "tokens_input": t.input,
        "tokens_output": t.output,
        "tokens_cache_read": t.cache_read,
        "tokens_cache_creation": t.cache_creation,
        "subagents": session.subagents,
        "continues": session.parent_session,
        "engagements": len(work),
        "methods": list(dict.fromkeys(e.method for e in work)),
        "phases": list(dict.fromkeys(e.phase for e in work)),
        "compacted": session.compacted,
        "ghost": session.ghost,
        "skipped_lines": session.skipped_lines,
    }


def _bullets(items: Sequence[str], empty: str) -> str:
    return "\n".join(f"- {item}" for item in items) if items else empty


def _summary(session: Session) -> str:
    when = session.started.strftime("%Y-%m-%d %H:%M UTC") if session.started else "an unknown time"
    where = f" in `{session.project}`" if session.project else ""
    branch = f" on branch `{session.git_branch}`" if session.git_branch else ""
    ghost = " A ghost session: too short to extract findings from." if session.ghost else ""
    return (
        f"A {session.agent} session{where}{branch}, started {when}: {session.prompts} prompts, "
        f"{session.tool_calls} tool calls, {len(session.files_touched)} files changed, "
        f"{session.subagents} sub-agent{'' if session.subagents == 1 else 's'}.{ghost}"
    )


def _activity(session: Session, outcomes: Sequence[ErrorOutcome]) -> str:
    errors = [
        f"turn {o.turn}: {o.tool} {code(o.message)}: "
        + (f"resolved in turn {o.resolved_in_turn}" if o.resolved else "not resolved")
        for o in outcomes
    ]
    commands = [code(c.splitlines()[0]) for c in session.commands[:MAX_COMMANDS] if c.strip()]
    sections = [
        ("Files changed", _bullets([code(f) for f in session.files_touched], "None.")),
        ("Plan", "\n".join(plan_lines(session)) or "None."),
        ("Files read", _bullets([code(f) for f in session.files_read], "None.")),
        ("Commands", _bullets(commands, "None.")),
        ("Errors", _bullets(errors, "None.")),
        ("Tools", _bullets([f"{name}: {n}" for name, n in session.tools], "None.")),
    ]
    return "\n\n".join(f"### {title}\n\n{body}" for title, body in sections)


def _engagements(work: Sequence[Engagement]) -> str:
    """The units of work of the session as a table: one row each."""
    if not work:
        return "None: a ghost session."
    rows = [
        f"| {e.turns} | {e.method} | {e.phase} | {cell(e.topic)} | {cell(e.outcome)} "
        f"| {', '.join(e.decisions)} |"
        for e in work
    ]
    head = "| Turns | Method | Phase | Topic | Outcome | Decisions |\n|---|---|---|---|---|---|"
    return "\n".join([head, *rows])


def _digest(summary: SessionSummary | None) -> str:
    """The session's summary as a section (the LLM's, else the structural one); empty without."""
    if summary is None:
        return ""
    parts = [f"**Objective:** {summary.objective or 'not stated'}"]
    if summary.outcome:
        parts.append(f"**Outcome:** {summary.outcome}")
    for title, items in (
        ("Work done", summary.work_done),
        ("Decisions", summary.decisions),
        ("Open questions" if summary.outcome else "Unresolved", summary.unresolved),
        ("Open todos" if summary.outcome else "Next steps", summary.next_steps),
    ):
        if items:
            parts.append(f"**{title}:**\n\n{_bullets(list(items), '')}")
    return "\n## Summary\n\n" + "\n\n".join(parts) + "\n"


def session_markdown(
    session: Session,
    written: Sequence[Written],
    outcomes: Sequence[ErrorOutcome],
    content_hash: str,
    extractors: Sequence[str],
    summary: SessionSummary | None = None,
    work: Sequence[Engagement] = (),
    folder: str | None = None,
) -> str:
    """A session's `_session.md`: its facts as frontmatter, then summary, findings, engagements
    (the LLM's `work` when it gave them, else the structural ones) and activity; `folder`: its
    `session_dir`, when the caller has it."""
    folder = folder or session_dir(session)
    found = [w.finding for w in written]
    work = with_decisions(work, found) if work else engagements(session, found)
    findings = [
        f"**{w.finding.kind}** {wikilink(f'{folder}/{w.file[:-3]}', w.finding.title)}"
        for w in written
    ]
    body = template("session.md").substitute(
        title=session.title,
        summary=_summary(session),
        digest=_digest(summary),
        findings=_bullets(findings, "None."),
        engagements=_engagements(work),
        activity=_activity(session, outcomes),
    )
    fields = frontmatter.dump(session_fields(session, content_hash, extractors, work))
    return printable(fields + "\n" + body)
