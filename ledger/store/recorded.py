"""Findings written on purpose (an agent's `record_finding`, through `ledger mcp`), as Markdown.

Such a finding goes into the folder of the session it names when the ledger holds that session,
else into the day's notes record of its project: `sessions/<day>-agent-notes-<hash>/`, a
`_session.md` of its own (agent `mcp`) that the finding links back to, so every wikilink
resolves and `ledger check` holds. Ingest never removes a finding whose `extractor` is `agent`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date, datetime, time, timezone
from pathlib import Path

from ledger.models import NOTES_AGENT, Finding, Session, Tokens
from ledger.store import frontmatter
from ledger.store.markdown import printable, to_markdown
from ledger.store.paths import SESSIONS

AGENT_EXTRACTOR = "agent"
HEAD_BYTES = 4096


@dataclass(frozen=True, slots=True)
class Home:
    """Where a recorded finding lives: its folder, its session's id, title, start and project."""

    folder: str
    session_id: str
    title: str
    started: datetime
    project: str | None
    record: str | None = None
    """The notes record to create with the finding (its text), when it is not there yet."""


def notes_home(day: date, project: str | None) -> Home:
    """The day's notes record of `project` (every project when None)."""
    tag = hashlib.blake2b((project or "").encode(), digest_size=4).hexdigest()
    session_id = f"notes-{day.isoformat()}-{tag}"
    name = Path(project.rstrip("/")).name if project else ""
    title = f"Findings recorded on {day.isoformat()}" + (f" in {name}" if name else "")
    started = datetime.combine(day, time(), tzinfo=timezone.utc)
    fields = {
        "type": "session",
        "session_id": session_id,
        "content_hash": "",
        "extractors": AGENT_EXTRACTOR,
        "agent": NOTES_AGENT,
        "title": title,
        "date": day,
        "started": started,
        "ended": started,
        "project": project,
        "prompts": 0,
        "tool_calls": 0,
        "files_touched": [],
        "ghost": False,
    }
    body = f"# {title}\n\nRecorded through `ledger mcp`, outside any ingested session.\n"
    record = printable(frontmatter.dump(fields) + "\n" + body)
    return Home(f"{SESSIONS}/{day.isoformat()}-agent-notes-{tag}", session_id, title, started,
                project, record)  # fmt: skip


def recorded_markdown(finding: Finding, home: Home) -> str:
    """The finding's file, rendered as ingest renders findings, linked to `home`'s record."""
    session = Session(
        agent="claude-code", session_id=home.session_id, source=Path(), project=home.project,
        git_branch=None, agent_version=None, models=(), title=home.title, started=home.started,
        ended=home.started, preamble=(), turns=(), tools=(), files_touched=(), files_read=(),
        commands=(), tokens=Tokens(), subagents=0, agent_name=None, parent_session=None,
        compacted=False, skipped_lines=0,
    )  # fmt: skip
    return to_markdown(finding, session, home.folder)


def is_recorded(path: Path) -> bool:
    """Whether the finding file at `path` was recorded on purpose (ingest leaves it alone)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            head = handle.read(HEAD_BYTES)
    except OSError:
        return False
    parts = frontmatter.split(head)
    return parts is not None and f"\nextractor: {AGENT_EXTRACTOR}\n" in f"\n{parts[0]}"
