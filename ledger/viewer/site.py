"""`ledger site DIR`: the viewer's pages as static files, to publish a ledger from CI.

Links are relative (the folder works wherever it is served from); search runs in the browser
over `search.json`. The output is deterministic: the same ledger gives the same bytes. The new
site is built beside DIR and swapped in whole; DIR is replaced only when it is empty or an
earlier site (it holds the marker file).
"""

from __future__ import annotations

import gc
import json
import os
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ledger.errors import LedgerError
from ledger.index.reading import Entry
from ledger.parallel import forked
from ledger.search.log import Chains
from ledger.store.git import Commit, files_log
from ledger.store.paths import SESSIONS
from ledger.viewer.html import STATIC, Links, file_name, render
from ledger.viewer.model import GROUPS, Filters, Snapshot, load_snapshot
from ledger.viewer.views import (
    charts_html,
    finding_html,
    not_found_html,
    session_html,
    timeline_html,
)

MARKER = ".ledger-site"
EXCERPT = 240
"""Characters of a finding's text the search index keeps besides its title."""


@dataclass(frozen=True, slots=True)
class SiteResult:
    folder: Path
    sessions: int
    findings: int
    files: int


def _check_target(out: Path) -> None:
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / MARKER).exists())):
        raise LedgerError(
            f"{out} exists and is not a site ledger wrote",
            "give an empty or new folder (or one an earlier `ledger site` wrote)",
        )


def _write(folder: Path, relative: str, text: str) -> None:
    path = folder / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")


def _search_index(snapshot: Snapshot, links: Links) -> str:
    """Every session and finding as the client-side search reads them, newest first."""
    text = snapshot.graph.entries
    items: list[dict[str, str]] = [
        {"k": "session", "t": s.title, "p": s.project, "d": s.date, "s": "",
         "u": links.session(s.id)}
        for s in snapshot.graph.sessions
    ]  # fmt: skip
    for f in snapshot.graph.findings:
        items.append(
            {"k": f.kind, "t": f.title, "p": f.project, "d": f.date, "s": f.status,
             "u": links.finding(f.id), "x": _excerpt(snapshot.root, text[f.path])}
        )  # fmt: skip
    return json.dumps(items, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"


def _excerpt(root: Path, entry: Entry) -> str:
    """The start of a finding's prose: its first paragraph after the title."""
    try:
        text = (root / entry.path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    body = text.split("\n---\n", 1)[-1].lstrip("\n")
    body = body.partition("\n")[2].lstrip("\n") if body.startswith("# ") else body
    paragraph = body.split("\n\n", 1)[0]
    return " ".join(paragraph.split())[:EXCERPT] if not paragraph.startswith("#") else ""


@dataclass(frozen=True, slots=True)
class _Part:
    """Some of the sessions and findings, and what their pages need."""

    sessions: Sequence[Entry]
    findings: Sequence[Entry]
    chains: Chains
    history: dict[str, list[Commit]]


def _entity_pages(snapshot: Snapshot, folder: Path, transcripts: bool, part: _Part) -> int:
    """Write the pages of some sessions and findings; how many."""
    below = Links(static=True, depth=1)
    for session in part.sessions:
        html = session_html(snapshot, below, session.id, transcripts)
        _write(folder, f"session/{file_name(session.id)}.html", html or "")
    for finding in part.findings:
        commits = tuple(part.history.get(finding.path, ()))
        html = finding_html(snapshot, below, finding.id, part.chains, commits)
        _write(folder, f"finding/{file_name(finding.id)}.html", html or "")
    return len(part.sessions) + len(part.findings)


def _pages(snapshot: Snapshot, folder: Path, transcripts: bool) -> int:
    graph, top = snapshot.graph, Links(static=True)
    for name in ("session", "finding", "static"):
        (folder / name).mkdir()
    chains, history = Chains(graph), files_log(snapshot.root, SESSIONS)
    mine = _Part(graph.sessions[0::2], graph.findings[0::2], chains, history)
    others = _Part(graph.sessions[1::2], graph.findings[1::2], chains, history)
    # a forked process writes half of the sessions' and findings' pages (on both cores)
    fork = hasattr(os, "fork") and len(graph.sessions) + len(graph.findings) > 1
    wait = forked(lambda: _entity_pages(snapshot, folder, transcripts, others)) if fork else None
    written = _entity_pages(snapshot, folder, transcripts, mine)
    for group in GROUPS:
        page = top.home(group)
        _write(folder, page, timeline_html(snapshot, top, Filters(group=group), page_size=None))
    _write(folder, "charts.html", charts_html(snapshot, top))
    _write(folder, "search.html", render("search.html", top, query=""))
    _write(folder, "404.html", not_found_html(top, "page", ""))
    _write(folder, "search.json", _search_index(snapshot, top))
    written += len(GROUPS) + 4
    for asset in sorted(STATIC.iterdir()):
        shutil.copyfile(asset, folder / "static" / asset.name)
        written += 1
    done = wait() if wait is not None else None
    return written + (
        done if done is not None else _entity_pages(snapshot, folder, transcripts, others)
    )


def write_site(root: Path, out: Path, transcripts: bool = True) -> SiteResult:
    """Write the site of the ledger at `root` into `out` (replacing an earlier site there)."""
    out = out.resolve()
    _check_target(out)
    snapshot = load_snapshot(root)
    gc.freeze()  # the snapshot lives to the end: collections need not walk it for every page
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        files = _pages(snapshot, staging, transcripts)
        (staging / MARKER).write_text("written by `ledger site`\n", encoding="utf-8")
        os.chmod(staging, 0o755)
        old = None
        if out.exists():
            old = out.with_name(f".{out.name}-old")
            shutil.rmtree(old, ignore_errors=True)
            out.rename(old)
        staging.rename(out)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    graph = snapshot.graph
    return SiteResult(out, len(graph.sessions), len(graph.findings), files)
