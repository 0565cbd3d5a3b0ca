"""The JSON agents and programs read: one shape per answer, shared by `ledger search --json` and
the MCP tools, so a citation (id, title, date, status, path) reads the same either way."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ledger.index.entries import Entry
    from ledger.ingest.record import Recorded
    from ledger.ingest.triage import Triaged
    from ledger.search.log import Link
    from ledger.search.ranked import SearchResult
    from ledger.search.stats import SessionRow


def search_json(result: SearchResult) -> list[dict[str, Any]]:
    """The hits, best first: their facts, where the file is, the score and the snippet."""
    return [
        {
            "id": h.meta.id,
            "type": h.meta.type,
            "kind": h.meta.kind,
            "title": h.meta.title,
            "status": h.meta.status,
            "date": h.meta.date or None,
            "superseded": h.superseded,
            "session_id": h.meta.session_id,
            "session": h.meta.session_title,
            "project": h.meta.project,
            "agent": h.meta.agent,
            "tags": list(h.tags),
            "path": h.meta.path,
            "file": str(result.root / h.meta.path),
            "score": h.score,
            "snippet": h.snippet,
        }
        for h in result.hits
    ]


def sessions_json(root: Path, rows: Sequence[SessionRow]) -> list[dict[str, Any]]:
    """Sessions, newest first: their facts, where their record is, their findings by kind."""
    return [
        {
            "session_id": r.session_id,
            "title": r.title,
            "agent": r.agent,
            "project": r.project or None,
            "started": r.started or None,
            "findings": dict(r.findings),
            "path": f"{r.folder}/_session.md",
            "file": str(root / r.folder / "_session.md"),
        }
        for r in rows
    ]


def _cited(root: Path, entry: Entry) -> dict[str, Any]:
    """What an agent cites a finding by: id, kind, title, status, date, where it is."""
    return {
        "id": entry.id,
        "kind": entry.kind,
        "title": entry.title,
        "status": entry.status,
        "date": entry.date or None,
        "path": entry.path,
        "file": str(root / entry.path),
    }


def session_json(
    root: Path, entry: Entry, facts: dict[str, Any], summary: str, findings: Sequence[Entry]
) -> dict[str, Any]:
    """A session: its facts as its record states them, its summary, its findings."""
    return {
        "session_id": entry.id,
        "title": entry.title,
        "agent": entry.agent,
        "project": entry.project or None,
        "started": entry.started or None,
        "path": entry.path,
        "file": str(root / entry.path),
        "facts": facts,
        "summary": summary,
        "findings": [_cited(root, f) for f in findings],
    }


def _link(root: Path, link: Link) -> dict[str, Any]:
    return {"id": link.id, "title": link.title, "status": link.status, "date": link.date or None,
            "path": link.path, "file": str(root / link.path)}  # fmt: skip


def finding_json(
    root: Path, entry: Entry, facts: dict[str, Any], body: str,
    replaced: Sequence[Link], replaced_by: Sequence[Link],
) -> dict[str, Any]:  # fmt: skip
    """A finding: how to cite it, its facts, its text, and its supersedes chain both ways."""
    return {
        **_cited(root, entry),
        "session_id": entry.session_id,
        "project": entry.project or None,
        "tags": list(entry.tags),
        "references": list(entry.references),
        "facts": facts,
        "text": body.strip(),
        "supersedes": [_link(root, link) for link in replaced],
        "superseded_by": [_link(root, link) for link in replaced_by],
    }


def recorded_json(root: Path, done: Recorded) -> dict[str, Any]:
    """A finding just recorded: how to cite it, and the commit that holds it."""
    return {
        "id": done.id,
        "kind": done.kind,
        "title": done.title,
        "status": done.status,
        "date": done.date,
        "session_id": done.session_id,
        "project": done.project,
        "supersedes": list(done.supersedes),
        "path": done.path,
        "file": str(root / done.path),
        "commit": done.commit,
    }


def triaged_json(root: Path, done: Triaged) -> dict[str, Any]:
    """A status change: the finding, its status before and after, the link, the commit."""
    return {
        "id": done.id,
        "kind": done.kind,
        "title": done.title,
        "old_status": done.old_status,
        "status": done.new_status,
        "by": done.by,
        "path": done.path,
        "file": str(root / done.path),
        "commit": done.commit,
    }
