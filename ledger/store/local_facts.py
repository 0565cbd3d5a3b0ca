"""What only this machine knows about a session: where its transcript lies here, and the
commits it made in its project's repo here. Kept in `.ledger/local.json`, never committed, so
the files two people write for the same transcript are the same bytes.

Rebuildable like everything in `.ledger/`: the next ingest finds each transcript again (by its
content hash) and matches the commits again from the session's committed times and branch.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ledger.atomic import write_atomic

LOCAL_FACTS = "local.json"
_VERSION = 1


@dataclass(frozen=True, slots=True)
class LocalFact:
    """A session's facts on this machine."""

    source: str | None
    commits: tuple[str, ...] = ()


def load_facts(state: Path) -> dict[str, LocalFact]:
    """session id → its facts here; empty when there are none (or the file is damaged)."""
    try:
        data = json.loads((state / LOCAL_FACTS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("version") != _VERSION:
        return {}
    sessions = data.get("sessions")
    found = {}
    for session_id, fact in (sessions if isinstance(sessions, dict) else {}).items():
        if isinstance(fact, dict):
            source, commits = fact.get("source"), fact.get("commits")
            listed = commits if isinstance(commits, list) else []
            found[session_id] = LocalFact(
                source if isinstance(source, str) else None,
                tuple(c for c in listed if isinstance(c, str)),
            )
    return found


def save_facts(state: Path, updates: Iterable[tuple[str, LocalFact]]) -> None:
    """Merge `updates` into what is saved (a fact without commits keeps the known ones)."""
    facts = load_facts(state)
    before = dict(facts)
    for session_id, fact in updates:
        known = facts.get(session_id)
        if known and not fact.commits:
            fact = LocalFact(fact.source or known.source, known.commits)
        facts[session_id] = fact
    if facts == before:
        return
    sessions = {
        sid: {"source": f.source, "commits": list(f.commits)} for sid, f in sorted(facts.items())
    }
    state.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"version": _VERSION, "sessions": sessions}, indent=1, sort_keys=True)
    write_atomic(state / LOCAL_FACTS, text + "\n")


def transcript_here(state: Path, session_id: str) -> Path | None:
    """Where the session's transcript lies on this machine, if it still does."""
    fact = load_facts(state).get(session_id)
    if fact is None or not fact.source:
        return None
    path = Path(fact.source).expanduser()
    return path if path.is_file() else None
