"""The findings already in the ledger as the lifecycle, the LLM pass and triage see them; one
read from its frontmatter the fast way (no YAML parser). All of them come from the index
(`index.entries.known_findings`).

The LLM pass shows the model a project's recent open decisions, questions and todos, so that it
can cite them and say what a new finding supersedes, and checks every id it cites against all
the ids the ledger holds.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from ledger.store import frontmatter
from ledger.store.paths import SESSION_FILE

HEAD_BYTES = 4096
"""Enough of a finding file for the fields read here, which open its frontmatter."""
CONTEXT_KINDS = ("decision", "question", "todo")
STANDING = ("open", "accepted")
"""Statuses of findings still in force: an accepted decision is as open as an open todo."""
_FIELDS = ("id", "kind", "title", "status", "date", "session_id", "project")


class KnownFinding(NamedTuple):
    """One finding file's identity, as its frontmatter states it (a tuple: a large ledger's
    runs make hundreds of thousands)."""

    id: str
    kind: str
    title: str
    status: str
    date: str
    session_id: str
    project: str
    path: str
    """Relative to the ledger root."""


def _value(raw: str) -> str:
    raw = raw.strip()
    if raw.startswith('"'):
        try:
            value = json.loads(raw)
            return value if isinstance(value, str) else raw
        except ValueError:
            return raw.strip('"')
    return raw.strip("'")


def _fields(head: str) -> dict[str, str]:
    parts = frontmatter.split(head) or (head.partition("\n---\n")[0] + "\n", "")
    fields: dict[str, str] = {}
    for line in parts[0].split("\n"):
        key, sep, value = line.partition(":")
        if sep and key in _FIELDS and key not in fields:
            fields[key] = _value(value)
    return fields


def read_known(root: Path, path: str) -> KnownFinding | None:
    """The finding in the file at `path` (relative to `root`) as it is now; None when the file
    is gone or holds no finding."""
    try:
        with open(root / path, encoding="utf-8", errors="replace") as handle:
            fields = _fields(handle.read(HEAD_BYTES))
    except OSError:
        return None
    if not fields.get("id") or path.endswith(SESSION_FILE):
        return None
    return KnownFinding(**{k: fields.get(k, "") for k in _FIELDS}, path=path)


def open_in_project(
    known: Mapping[str, KnownFinding], project: str | None, session_id: str
) -> list[KnownFinding]:
    """The open decisions, questions and todos of `project` from other sessions, newest first."""
    chosen = [
        f
        for f in known.values()
        if f.kind in CONTEXT_KINDS
        and f.status in STANDING
        and f.session_id != session_id
        and (project is None or f.project == project)
    ]
    return sorted(chosen, key=lambda f: (f.date, f.id), reverse=True)
