"""An index update that reads only what changed gives what a rebuild from scratch gives.

A random ledger over three months (decisions superseding others by id and by wikilink, findings
citing files and findings, todos closed, sessions moved to another month, files and folders
removed) is changed step by step; after each step the updated ledger's derived pages must be the
bytes of a rebuild from scratch, and grep and context must answer the same.
"""

from __future__ import annotations

import random
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from index_fixtures import derived_files, rewrite
from ledger_fixtures import copy_samples, new_ledger, run_ingest
from lifecycle_fixtures import DRAFTS_CWD, drafts_project

from ledger.index import delta, entries
from ledger.index.build import update_index
from ledger.index.entries import Index, folders_token, known_findings, refresh
from ledger.index.page_files import Stamps
from ledger.models import KINDS
from ledger.search.context import build_context
from ledger.search.grep import GrepOptions, grep
from ledger.store import frontmatter

PROJECTS = ("/home/dev/api", "/home/dev/web")
WORDS = ("cache", "key", "retry", "queue", "login", "token", "schema", "index", "parser")


class Ledger:
    """A ledger written by hand, with a memory of what is in it."""

    def __init__(self, root: Path, rng: random.Random) -> None:
        self.root = root
        self.rng = rng
        self.sessions: dict[str, dict[str, Any]] = {}
        self.findings: dict[str, dict[str, Any]] = {}
        """Path relative to the ledger → the finding's fields."""
        self.count = 0

    def _title(self) -> str:
        return " ".join(self.rng.choice(WORDS) for _ in range(4)).capitalize()

    def _link(self, path: str) -> str:
        return f"[[{path[:-3]}]]"

    def add_session(self, started: datetime) -> str:
        self.count += 1
        number = self.count
        folder = f"{started:%Y-%m-%d}-session-{number:04d}"
        session = {
            "folder": folder,
            "session_id": f"{number:08x}-aaaa",
            "title": f"Session {number}: {self._title()}",
            "started": started,
            "project": self.rng.choice(PROJECTS),
            "files": sorted({f"src/{self.rng.choice(WORDS)}.py" for _ in range(2)}),
        }
        self.sessions[folder] = session
        for n in range(self.rng.randrange(1, 4)):
            self.add_finding(folder, n)
        self.write_session(folder)
        return folder

    def add_finding(self, folder: str, n: int) -> str:
        session = self.sessions[folder]
        kind = self.rng.choice(KINDS)
        title = f"{self._title()} {session['session_id'][:8]} {n}"
        path = f"sessions/{folder}/{kind}-{n}-{self.rng.randrange(10**6)}.md"
        older = [p for p, f in self.findings.items() if f["kind"] == kind]
        fields: dict[str, Any] = {
            "id": f"{self.count:06x}{n:02x}{self.rng.randrange(256):02x}00",
            "kind": kind,
            "title": title,
            "status": "open" if kind in ("todo", "question") else "accepted",
            "date": session["started"].date(),
            "session_id": session["session_id"],
            "project": session["project"],
            "supersedes": [],
            "superseded_by": [],
            "references": [f"src/{self.rng.choice(WORDS)}.py"],
            "tags": [],
        }
        if older and self.rng.random() < 0.4:
            target = self.rng.choice(older)
            named = self.findings[target]["id"] if self.rng.random() < 0.6 else self._link(target)
            fields["supersedes"] = [named]
            if self.rng.random() < 0.5:  # as ingest writes it: the older file says so too
                self.findings[target]["superseded_by"] = [fields["id"]]
                self.write_finding(target)
        if self.findings and self.rng.random() < 0.3:
            cited = self.rng.choice(sorted(self.findings))
            fields["references"].append(self.findings[cited]["id"])
        self.findings[path] = fields
        self.write_finding(path)
        return path

    def write_finding(self, path: str) -> None:
        fields = self.findings[path]
        text = frontmatter.dump(fields) + f"\n# {fields['title']}\n\nBody of {fields['title']}.\n"
        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        rewrite(target, text)

    def write_session(self, folder: str) -> None:
        s = self.sessions[folder]
        fields = {
            "type": "session",
            "session_id": s["session_id"],
            "agent": "claude-code",
            "title": s["title"],
            "date": s["started"].date(),
            "started": s["started"],
            "project": s["project"],
            "files_touched": [f"{s['project']}/{f}" for f in s["files"]],
            "ghost": False,
        }
        (self.root / "sessions" / folder).mkdir(parents=True, exist_ok=True)
        rewrite(self.root / "sessions" / folder / "_session.md", frontmatter.dump(fields) + "\n")

    def step(self, started: datetime) -> str:
        """One random change; what it was."""
        action = self.rng.choice(["new", "new", "grow", "remove", "close", "drop", "move"])
        folders = sorted(self.sessions)
        if action == "new" or len(folders) < 3:
            return f"new {self.add_session(started)}"
        folder = self.rng.choice(folders)
        in_folder = sorted(p for p in self.findings if p.split("/")[1] == folder)
        if action == "grow":
            self.sessions[folder]["title"] += " (grown)"
            self.add_finding(folder, 9)
            self.write_session(folder)
        elif action == "remove" and in_folder:
            path = self.rng.choice(in_folder)
            (self.root / path).unlink()
            del self.findings[path]
        elif action == "close" and in_folder:
            path = self.rng.choice(in_folder)
            self.findings[path]["status"] = "done"
            self.write_finding(path)
        elif action == "drop":
            shutil.rmtree(self.root / "sessions" / folder)
            del self.sessions[folder]
            for path in in_folder:
                del self.findings[path]
        elif action == "move":
            self.sessions[folder]["started"] -= timedelta(days=40)
            self.write_session(folder)
        return f"{action} {folder}"


def _answers(root: Path) -> tuple[object, ...]:
    state = root / ".ledger"
    found = grep(root, state, GrepOptions("cache|retry", kinds=("decision", "todo")))
    matches = sorted((m.path, m.superseded, m.superseded_by, m.status) for m in found.matches)
    brief = build_context(root, state, PROJECTS[0], 4000)
    return matches, brief


@pytest.mark.parametrize("seed", range(6))
def test_updates_give_what_a_rebuild_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    rng = random.Random(seed)
    root = tmp_path / "ledger"
    ledger = Ledger(root, rng)
    start = datetime(2026, 9, 1, 9, tzinfo=timezone.utc)
    for n in range(12):
        ledger.add_session(start + timedelta(days=5 * n, hours=n))
    update_index(root, root / ".ledger")
    taken: list[bool] = []
    real = delta.update

    def recorded(
        root: Path, state: Path, index: Index, stamps: Stamps, before: bytes
    ) -> delta.Synced | None:
        result = real(root, state, index, stamps, before)
        # a run that compacts the search cache moves every file in it: a rebuild
        taken.append(result is not None or index.compacted)
        return result

    monkeypatch.setattr(delta, "update", recorded)
    for n in range(8):
        what = ledger.step(start + timedelta(days=60 + 3 * n, hours=n))
        update_index(root, root / ".ledger")
        scratch = tmp_path / f"scratch-{n}"
        shutil.copytree(root / "sessions", scratch / "sessions")
        update_index(scratch, scratch / ".ledger")
        assert derived_files(root) == derived_files(scratch), what
        assert _answers(root) == _answers(scratch), what
    assert len(taken) >= 6 and all(taken), "every step that changed something was an update"


def _claim_a_session_id_twice(ledger: Ledger, folders: list[str]) -> None:
    """A session id claimed by two folders: which one do its findings follow?"""
    copy = dict(ledger.sessions[folders[0]], folder="2026-10-01-copy-0001")
    ledger.sessions[copy["folder"]] = copy
    ledger.write_session(copy["folder"])


def _share_a_file_page_slug(ledger: Ledger, folders: list[str]) -> None:
    """`cache_key.py` and `cache-key.py` have one slug: both pages are renamed with a hash."""
    ledger.sessions[folders[1]]["files"] = ["src/cache-key.py"]
    ledger.sessions[folders[1]]["project"] = ledger.sessions[folders[0]]["project"]
    ledger.write_session(folders[1])


@pytest.mark.parametrize("change", [_claim_a_session_id_twice, _share_a_file_page_slug])
def test_a_rebuild_when_the_state_cannot_tell(tmp_path: Path, change: Any) -> None:
    rng = random.Random(1)
    root = tmp_path / "ledger"
    ledger = Ledger(root, rng)
    start = datetime(2026, 9, 1, 9, tzinfo=timezone.utc)
    folders = [ledger.add_session(start + timedelta(days=n)) for n in range(4)]
    ledger.sessions[folders[0]]["files"] = ["src/cache_key.py"]
    ledger.write_session(folders[0])
    update_index(root, root / ".ledger")
    change(ledger, folders)
    index = refresh(root, root / ".ledger", save=False)
    before = folders_token(root / ".ledger")
    assert delta.update(root, root / ".ledger", index, {}, before) is None
    update_index(root, root / ".ledger")
    scratch = tmp_path / "scratch"
    shutil.copytree(root / "sessions", scratch / "sessions")
    update_index(scratch, scratch / ".ledger")
    assert derived_files(root) == derived_files(scratch)


def test_the_findings_of_some_projects_decode_only_their_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, copy_samples(tmp_path / "samples"), drafts_project(tmp_path / "drafts"))
    every = known_findings(config.root, config.state)
    drafts = {k.id for k in every.values() if k.project == DRAFTS_CWD}
    assert drafts and drafts != set(every)
    decoded: set[str] = set()
    decode = entries._Stored.decode

    def counted(self: entries._Stored, name: str) -> list[entries.Entry]:
        found = decode(self, name)
        decoded.update(e.project for e in found)
        return found

    monkeypatch.setattr(entries._Stored, "decode", counted)
    assert set(known_findings(config.root, config.state, {DRAFTS_CWD})) == drafts
    assert decoded == {DRAFTS_CWD}  # the samples' folders stay as saved


def test_two_processes_know_the_findings_one_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, copy_samples(tmp_path / "samples"), drafts_project(tmp_path / "drafts"))
    alone = [known_findings(config.root, config.state, p) for p in (None, {DRAFTS_CWD})]
    monkeypatch.setattr(entries, "PARALLEL_DECODE", 2)
    assert [known_findings(config.root, config.state, p) for p in (None, {DRAFTS_CWD})] == alone
    assert all(alone)
