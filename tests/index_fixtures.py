"""A small fixture ledger written by hand in ledger's on-disk format, for index, grep and context.

Three projects' worth of sessions over a week: decisions (one superseding another), open and done
todos, a question, tags, file references, a ghost session and a Codex session. Written with
ledger's own frontmatter emitter, so the files are what ingest writes, but independent of what
the extractor finds in transcripts.
"""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path
from typing import Any

from ledger.store import frontmatter
from ledger.store.create import create_ledger
from ledger.times import parse_time

API = "/home/dev/acme-api"
WEB = "/home/dev/acme-web"

SESSIONS: list[dict[str, Any]] = [
    {
        "folder": "2026-11-16-pick-a-cache-for-reports-b71d2a94",
        "session_id": "b71d2a94-3e6f-4c08-8d25-71f0a9e6c3b2",
        "agent": "claude-code",
        "title": "Pick a cache for reports",
        "started": "2026-11-16T10:00:00.000Z",
        "project": API,
        "files_touched": [f"{API}/src/acme/reports.py", f"{API}/docs/adr/0007-cache.md"],
        "tokens": {"input": 100, "output": 2000, "cache_read": 50000, "cache_creation": 3000},
        "ghost": False,
        "findings": [
            ("decision", "Cache reports in Memcached", "superseded", ["src/acme/reports.py"], []),
            ("todo", "Measure the report hit rate", "done", [], ["perf"]),
            ("insight", "Reports depend only on tenant and params", "open", [], []),
        ],
    },
    {
        "folder": "2026-11-20-redis-cache-with-versioned-keys-4f35e220",
        "session_id": "4f35e220-8c1d-4b7e-9a51-2d6f0c3b7e14",
        "agent": "claude-code",
        "title": "Redis cache with versioned keys",
        "started": "2026-11-20T09:12:07.518Z",
        "project": API,
        "files_touched": [f"{API}/src/acme/reports.py", f"{API}/src/acme/cache.py"],
        "tokens": {"input": 148, "output": 5060, "cache_read": 636500, "cache_creation": 20800},
        "ghost": False,
        "findings": [
            ("decision", "Use Redis with versioned cache keys", "accepted",
             ["src/acme/cache.py"], ["cache", "infra/redis"]),
            ("todo", "Add a smoke test for the report cache", "open", [], ["testing"]),
            ("question", "Should the cache key include the locale?", "open", [], []),
            ("takeaway", "The cache key is report:{tenant}:{version}", "open", [], []),
        ],
    },
    {
        "folder": "2026-11-21-login-rate-limit-01a1f83b",
        "session_id": "01a1f83b-fd59-79b4-aa49-23a6df2f18fd",
        "agent": "codex",
        "title": "Login rate limit",
        "started": "2026-11-21T15:30:00.000Z",
        "project": WEB,
        "files_touched": ["src/login.ts"],
        "tokens": {"input": 6628, "output": 842, "cache_read": 38144, "cache_creation": 0},
        "ghost": False,
        "findings": [
            ("decision", "Go with INCR + EXPIRE for the login limit", "accepted",
             ["src/login.ts"], []),
            ("hypothesis", "The LB hides client IPs", "open", [], []),
        ],
    },
    {
        "folder": "2026-11-22-hello-e2a8c517",
        "session_id": "e2a8c517-90d4-4f1b-b6e3-5c4d19a07f68",
        "agent": "claude-code",
        "title": "hello",
        "started": "2026-11-22T08:00:00.000Z",
        "project": API,
        "files_touched": [],
        "tokens": {"input": 1, "output": 2, "cache_read": 0, "cache_creation": 0},
        "ghost": True,
        "findings": [],
    },
]  # fmt: skip
SUPERSEDED = (
    "sessions/2026-11-16-pick-a-cache-for-reports-b71d2a94/decision-cache-reports-in-memcached"
)
NEWER = "sessions/2026-11-20-redis-cache-with-versioned-keys-4f35e220/decision-use-redis-with-versioned-cache-keys"  # noqa: E501


def finding_id(session: dict[str, Any], number: int) -> str:
    return f"{session['session_id'][:8]}{number:04d}"


def slugged(title: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in title.lower()).split())


def _finding_text(session: dict[str, Any], number: int, spec: tuple[Any, ...]) -> tuple[str, str]:
    kind, title, status, references, tags = spec
    link = f"sessions/{session['folder']}/_session"
    name = f"{kind}-{slugged(title)}"
    fields: dict[str, Any] = {
        "id": finding_id(session, number),
        "kind": kind,
        "title": title,
        "status": status,
        "date": date.fromisoformat(session["started"][:10]),
        "session": f"[[{link}]]",
        "session_id": session["session_id"],
        "project": session["project"],
        "turns": [number + 1],
        "confidence": 0.8,
        "extractor": "structural",
        "supersedes": [],
        "superseded_by": [],
        "references": references,
        "tags": tags,
    }
    if f"sessions/{session['folder']}/{name}" == SUPERSEDED:
        fields["superseded_by"] = ["4f35e2200000"]
    if f"sessions/{session['folder']}/{name}" == NEWER:
        fields["supersedes"] = ["b71d2a940000"]
    body = (
        f"# {title}\n\n{title}, as the session concluded in turn {number + 1}.\n\n"
        f"## Evidence\n\n> {title}.\n> (turn {number + 1})\n\n"
        f"From [[{link}|{session['title']}]], {session['started'][:10]}.\n"
    )
    return f"{name}.md", frontmatter.dump(fields) + "\n" + body


def _session_text(session: dict[str, Any], names: list[tuple[str, str]]) -> str:
    fields = {
        "type": "session",
        "session_id": session["session_id"],
        "content_hash": "0" * 32,
        "extractors": "structural/3",
        "agent": session["agent"],
        "title": session["title"],
        "date": date.fromisoformat(session["started"][:10]),
        "started": parse_time(session["started"]),
        "ended": parse_time(session["started"]),
        "project": session["project"],
        "models": ["claude-sonnet-4-6"],
        "prompts": 2 if session["ghost"] else 5,
        "files_touched": session["files_touched"],
        "files_read": [],
        "tokens": session["tokens"],
        "ghost": session["ghost"],
    }
    links = "\n".join(
        f"- **{kind}** [[sessions/{session['folder']}/{name[:-3]}|{title}]]"
        for name, kind, title in ((n, n.split("-", 1)[0], t) for n, t in names)
    )
    body = f"# {session['title']}\n\n## Findings\n\n{links or 'None.'}\n"
    return frontmatter.dump(fields) + "\n" + body


def write_session(root: Path, session: dict[str, Any]) -> list[Path]:
    """One session folder of the fixture; returns the files written."""
    folder = root / "sessions" / session["folder"]
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    names: list[tuple[str, str]] = []
    for number, spec in enumerate(session["findings"]):
        name, text = _finding_text(session, number, spec)
        (folder / name).write_text(text, encoding="utf-8")
        written.append(folder / name)
        names.append((name, spec[1]))
    (folder / "_session.md").write_text(_session_text(session, names), encoding="utf-8")
    return [*written, folder / "_session.md"]


def fixture_ledger(root: Path, git: bool = True) -> Path:
    """The fixture ledger at `root` (a git repo made by `ledger init` when `git`)."""
    if git:
        create_ledger(root)
    else:
        root.mkdir(parents=True, exist_ok=True)
        (root / "ledger.yaml").write_text("sources: []\n", encoding="utf-8")
    for session in SESSIONS:
        write_session(root, session)
    return root


def derived_files(root: Path) -> dict[str, bytes]:
    """The derived files of a ledger (index.md, index/): path → bytes."""
    found = {}
    for path in [root / "index.md", *sorted((root / "index").rglob("*"))]:
        if path.is_file():
            found[path.relative_to(root).as_posix()] = path.read_bytes()
    return found


def rewrite(path: Path, text: str) -> None:
    """Replace a file whole, as ledger and most editors save (the folder's mtime moves)."""
    temp = path.with_name(f".{path.name}.tmp")
    temp.write_text(text, encoding="utf-8")
    os.replace(temp, path)


def add_line(path: Path, line: str) -> None:
    """Append a line to a file's body, keeping its folder's mtime (an edit saved in place)."""
    stamp = path.parent.stat()
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(line + "\n")
    os.utime(path.parent, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
