"""Hand-written projects whose later sessions reverse, finish or answer what earlier ones said."""

from __future__ import annotations

from pathlib import Path

from transcript_fixtures import claude_assistant, claude_file, claude_user, text

DRAFTS_CWD = "/home/dev/notes-app"
FIRST_ID = "a1d7c0de-0000-4000-8000-0000000000a1"
SECOND_ID = "b2e8d1ef-0000-4000-8000-0000000000a2"


def _session(folder: Path, session_id: str, day: str, exchanges: list[tuple[str, str]]) -> Path:
    records = []
    for n, (prompt, answer) in enumerate(exchanges, start=1):
        stamp = f"{day}T10:{n:02d}:00.000Z"
        common = {"sessionId": session_id, "cwd": DRAFTS_CWD, "timestamp": stamp}
        records.append(claude_user(prompt, **common))
        records.append(
            claude_assistant([text(answer)], message_id=f"msg_{session_id[-2:]}{n}", **common)
        )
    return claude_file(folder, records, name=session_id)


def drafts_project(source: Path) -> Path:
    """Two sessions of one project: the first keeps drafts in IndexedDB and leaves a todo and a
    question; the second reverses the decision, finishes the todo and answers the question."""
    folder = source / "projects" / "-home-dev-notes-app"
    _session(folder, FIRST_ID, "2026-02-02", [
        ("Where should unsent drafts live?",
         "Decision: we will keep drafts in IndexedDB via idb-keyval, debounced at 800 ms."),
        ("What is left?",
         "TODO: add a migration test for the drafts schema."),
        ("Anything unclear?",
         "Open question: why does Safari evict the IndexedDB drafts store after a week?"),
    ])  # fmt: skip
    _session(folder, SECOND_ID, "2026-02-09", [
        ("Drafts get lost on Safari. We previously decided to keep drafts in IndexedDB via "
         "idb-keyval; now let's move drafts server-side behind POST /api/drafts instead.",
         "Decision: we previously decided to keep drafts in IndexedDB via idb-keyval; now "
         "drafts move server-side behind POST /api/drafts. We keep the 800 ms debounce."),
        ("Status?",
         "The migration test for the drafts schema is done and passes."),
        ("And Safari?",
         "It turns out Safari evicts the IndexedDB drafts store after seven days of no "
         "interaction (ITP), which is why the drafts disappeared."),
    ])  # fmt: skip
    return source
