"""The JSON agents and programs read: one shape per answer, shared by `ledger search --json` and
the MCP tools, so a citation (id, title, date, status, path) reads the same either way."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ledger.index.summaries import Meta
    from ledger.ingest.record import Recorded
    from ledger.ingest.triage import Triaged
    from ledger.search.lookup import FindingFound, SessionFound
    from ledger.search.ranked import SearchResult


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


def session_row_json(root: Path, meta: Meta, kinds: dict[str, int]) -> dict[str, Any]:
    """One session of a list: its facts, where its record is, its findings by kind."""
    return {
        "session_id": meta.id,
        "title": meta.title,
        "agent": meta.agent,
        "project": meta.project or None,
        "started": meta.started or meta.date or None,
        "findings": kinds,
        "path": meta.path,
        "file": str(root / meta.path),
    }


def _cited(root: Path, meta: Meta) -> dict[str, Any]:
    """What an agent cites a finding by: id, kind, title, status, date, where it is."""
    return {
        "id": meta.id,
        "kind": meta.kind,
        "title": meta.title,
        "status": meta.status,
        "date": meta.date or None,
        "superseded": bool(meta.superseded),
        "path": meta.path,
        "file": str(root / meta.path),
    }


def session_json(root: Path, found: SessionFound, summary: str) -> dict[str, Any]:
    """A session: its facts as its record states them, its summary, its findings."""
    return {
        **session_row_json(root, found.session.meta, {}),
        "findings": [_cited(root, f.meta) for f in found.findings],
        "facts": found.session.fields,
        "summary": summary,
    }


def finding_json(root: Path, found: FindingFound) -> dict[str, Any]:
    """A finding: how to cite it, its facts, its text, and its supersedes chain both ways."""
    f = found.finding
    return {
        **_cited(root, f.meta),
        "session_id": f.meta.session_id,
        "session": f.meta.session_title or None,
        "project": f.meta.project or None,
        "facts": f.fields,
        "text": f.body.strip(),
        "supersedes": [_cited(root, m) for m in found.replaced],
        "superseded_by": [_cited(root, m) for m in found.replaced_by],
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
