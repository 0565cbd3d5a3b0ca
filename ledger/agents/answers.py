"""The JSON agents and programs read: one shape per answer, shared by `ledger search --json` and
the MCP tools, so a citation (id, title, date, status, path) reads the same either way."""

from __future__ import annotations

from typing import Any

from ledger.search.ranked import SearchResult


def search_json(result: SearchResult) -> list[dict[str, Any]]:
    """The hits, best first: their facts, where the file is, the score and the snippet."""
    return [
        {
            "id": h.id,
            "type": h.type,
            "kind": h.kind,
            "title": h.title,
            "status": h.status,
            "date": h.date or None,
            "superseded": h.superseded,
            "session_id": h.session_id,
            "session": h.session_title,
            "project": h.project,
            "agent": h.agent,
            "tags": list(h.tags),
            "path": h.path,
            "file": str(result.root / h.path),
            "score": h.score,
            "snippet": h.snippet,
        }
        for h in result.hits
    ]
