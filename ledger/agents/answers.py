"""The JSON agents and programs read: one shape per answer, shared by `ledger search --json` and
the MCP tools, so a citation (id, title, date, status, path) reads the same either way."""

from __future__ import annotations

from typing import Any

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
