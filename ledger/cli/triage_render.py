"""How the triage commands show what they did."""

from __future__ import annotations

from typing import Any

from ledger.cli import render
from ledger.ingest.triage import Triaged


def triaged_json(result: Triaged) -> dict[str, Any]:
    return {
        "id": result.id,
        "kind": result.kind,
        "title": result.title,
        "path": result.path,
        "old_status": result.old_status,
        "new_status": result.new_status,
        "by": result.by,
        "paths": list(result.paths),
        "commit": result.commit,
    }


def show_triaged(result: Triaged, as_json: bool) -> None:
    if as_json:
        render.print_json(triaged_json(result))
        return
    by = f" (by {result.by})" if result.by else ""
    commit = f" · commit {result.commit[:10]}" if result.commit else " · nothing to commit"
    render.plain(
        f"{result.kind} {result.id} {result.old_status} → {result.new_status}{by}: "
        f"{result.title}{commit}"
    )
