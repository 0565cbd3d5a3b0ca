"""Helpers for ingest tests: copies of the bundled samples, transcript surgery, ledgers and git.

Everything is real: samples copied into a temporary folder, ledgers made by `create_ledger` in
temporary git repos, and `git` itself to inspect what ledger committed.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ledger.config import Config, load
from ledger.ingest.run import IngestOptions, IngestResult, ingest
from ledger.store import frontmatter
from ledger.store.create import create_ledger
from ledger.store.state import locked

Record = dict[str, Any]

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "ledger" / "samples"
CORPUS = REPO.parent / "shared" / "corpus"
CLAUDE_PROJECT = Path("claude", "projects", "-home-dev-acme-api")
JWT_ID = "4f35e220-8c1d-4b7e-9a51-2d6f0c3b7e14"
CACHE_ID = "b71d2a94-3e6f-4c08-8d25-71f0a9e6c3b2"
GHOST_ID = "e2a8c517-90d4-4f1b-b6e3-5c4d19a07f68"
CODEX_RATE_ID = "01a1f83b-fd59-79b4-aa49-23a6df2f18fd"
CODEX_LINT_ID = "01a202b5-f122-75c0-a26b-d7368baf568a"
SAMPLE_IDS = (JWT_ID, CACHE_ID, GHOST_ID, CODEX_RATE_ID, CODEX_LINT_ID)
GIT_ENV = {
    "GIT_AUTHOR_NAME": "A Person",
    "GIT_AUTHOR_EMAIL": "person@example.com",
    "GIT_COMMITTER_NAME": "A Person",
    "GIT_COMMITTER_EMAIL": "person@example.com",
}
"""Who commits a person's edits in tests, whatever git's global identity is."""


# samples and transcripts ---------------------------------------------------------------------


def copy_samples(dest: Path) -> Path:
    """A private copy of the bundled samples that a test may change."""
    shutil.copytree(SAMPLES, dest)
    return dest


def jwt_transcript(samples: Path) -> Path:
    """The Claude sample session "Fix JWT expiry on non-UTC hosts" inside a samples copy."""
    return samples / CLAUDE_PROJECT / f"{JWT_ID}.jsonl"


def read_records(path: Path) -> list[Record]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def write_records(path: Path, records: list[Record]) -> None:
    lines = (json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in records)
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")


def _is_prompt(record: Record) -> bool:
    message = record.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    return (
        record.get("type") == "user"
        and isinstance(content, str)
        and not content.startswith("<")
        and not record.get("isSidechain")
    )


def _is_text_answer(record: Record) -> bool:
    content = record.get("message", {}).get("content")
    return (
        record.get("type") == "assistant"
        and isinstance(content, list)
        and [block.get("type") for block in content] == ["text"]
    )


def append_turn(path: Path, prompt: str, answer: str, n: int = 1) -> None:
    """Grow a Claude transcript by one turn: a typed prompt and a text answer.

    The new records copy the last prompt and text answer of the file, with new ids, and are
    stamped 2026-11-21 10:00 UTC: after the end of the JWT sample, the session the tests grow.
    The `n`th turn added (ids and minutes of its own) follows the first.
    """
    records = read_records(path)
    prompt_record = copy.deepcopy(next(r for r in reversed(records) if _is_prompt(r)))
    answer_record = copy.deepcopy(next(r for r in reversed(records) if _is_text_answer(r)))
    last = next(r for r in reversed(records) if r.get("uuid") and not r.get("isSidechain"))
    prompt_record.update(
        parentUuid=last["uuid"],
        uuid=f"11111111-0000-4000-8000-{n:012d}",
        timestamp=f"2026-11-21T10:{n - 1:02d}:00.000Z",
        message={"role": "user", "content": prompt},
    )
    answer_record.update(
        parentUuid=prompt_record["uuid"],
        uuid=f"22222222-0000-4000-8000-{n:012d}",
        timestamp=f"2026-11-21T10:{n - 1:02d}:30.000Z",
    )
    answer_record["message"] = {
        **answer_record["message"],
        "id": f"msg_grown_{n}",
        "content": [{"type": "text", "text": answer}],
    }
    write_records(path, [*records, prompt_record, answer_record])


def set_title(path: Path, title: str) -> None:
    """Give a Claude transcript a custom title (what `/rename` records)."""
    records = read_records(path)
    for record in records:
        if record.get("type") == "custom-title":
            record["customTitle"] = title
    write_records(path, records)


def set_tool_input(path: Path, tool: str, key: str, value: str) -> None:
    """Change one input of the first `tool` call in a Claude transcript (`Bash` command...)."""
    records = read_records(path)
    for record in records:
        content = record.get("message", {}).get("content") if record.get("message") else None
        for block in content if isinstance(content, list) else []:
            if block.get("type") == "tool_use" and block.get("name") == tool:
                block["input"][key] = value
                write_records(path, records)
                return
    raise AssertionError(f"no {tool} call in {path}")


def touch_all(folder: Path, moment: float) -> None:
    """Give every transcript under `folder` the same modification time."""
    for path in folder.rglob("*.jsonl"):
        os.utime(path, (moment, moment))


def clone_samples(dest: Path, copies: int, prefix: str = "") -> Path:
    """`copies` copies of the samples, each with its own session ids (in names and records);
    another `prefix` (hex) gives other ids again."""
    for k in range(copies):
        tag, cut = f"{prefix}{k:02x}", len(prefix) + 2
        ids = {old: f"{tag}{old[cut:-cut]}{tag}" for old in SAMPLE_IDS}
        for source in sorted(SAMPLES.rglob("*.jsonl")):
            relative = source.relative_to(SAMPLES).as_posix()
            data = source.read_text(encoding="utf-8")
            for old, new in ids.items():
                relative, data = relative.replace(old, new), data.replace(old, new)
            target = dest / f"copy-{k:02d}" / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(data, encoding="utf-8")
    return dest


# ledgers -------------------------------------------------------------------------------------


def new_ledger(path: Path) -> Config:
    """A fresh ledger (its own git repo, or a folder in the repo around it) and its config."""
    return load(create_ledger(path).root)


def run_ingest(config: Config, *sources: Path, **options: Any) -> IngestResult:
    """`ledger ingest` as the core function, with IngestOptions given as keywords."""
    return ingest(config, IngestOptions(sources=sources, **options))


def ledger_command(*args: str, cwd: Path) -> subprocess.Popen[str]:
    """The real entry point in a subprocess, started and not waited for.

    `cwd` is created empty: `python -m ledger` would import a `ledger/` folder found there.
    """
    cwd.mkdir(exist_ok=True)
    assert not (cwd / "ledger").exists(), f"{cwd}/ledger would shadow the package"
    return subprocess.Popen(
        [sys.executable, "-m", "ledger", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "120"},
    )


# git -----------------------------------------------------------------------------------------


def git(cwd: Path, *args: str) -> str:
    """Run git and return its stdout; any failure fails the test."""
    done = subprocess.run(
        ["git", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, **GIT_ENV},
        check=False,
    )
    assert done.returncode == 0, f"git {' '.join(args)}: {done.stderr}"
    return done.stdout


def tree_id(repo: Path) -> str:
    return git(repo, "rev-parse", "HEAD^{tree}").strip()


def head(repo: Path) -> str:
    return git(repo, "rev-parse", "HEAD").strip()


def subjects(repo: Path) -> list[str]:
    """Commit subjects, newest first."""
    return git(repo, "log", "--format=%s").splitlines()


def ledger_files(root: Path) -> dict[str, bytes]:
    """Every file of a ledger but git's and the local state, path → bytes."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not {".git", ".ledger"} & set(p.relative_to(root).parts)
    }


def session_folders(root: Path) -> list[Path]:
    return sorted(p for p in (root / "sessions").iterdir() if p.is_dir())


def folder_of(root: Path, session_id: str) -> Path:
    """The session folder whose `_session.md` records `session_id`."""
    found = [
        p
        for p in session_folders(root)
        if fields_of(p / "_session.md").get("session_id") == session_id
    ]
    assert len(found) == 1, f"{session_id}: {found}"
    return found[0]


def fields_of(path: Path) -> dict[str, str]:
    """A Markdown file's top-level frontmatter fields as strings; {} when it does not exist."""
    if not path.exists():
        return {}
    parts = frontmatter.split(path.read_text(encoding="utf-8"))
    lines = parts[0].splitlines() if parts else []
    return {
        key: value.strip().strip("'\"")
        for key, _, value in (line.partition(": ") for line in lines)
        if key[:1].isalpha() and value
    }


@contextmanager
def held_elsewhere(state: Path) -> Iterator[None]:
    """The ledger's lock held by another run (a thread of its own: the lock is re-entrant within
    a thread) while the body runs."""
    taken, release = threading.Event(), threading.Event()

    def holder() -> None:
        with locked(state):
            taken.set()
            release.wait(30)

    worker = threading.Thread(target=holder, daemon=True)
    worker.start()
    taken.wait(30)
    try:
        yield
    finally:
        release.set()
        worker.join()
