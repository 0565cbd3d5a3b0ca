"""Find transcript files under sources of any shape, and tie sub-agent files to their sessions."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from ledger.errors import SourceError
from ledger.models import SkippedFile

SUBAGENT_PREFIX = "agent-"
UNREADABLE = "cannot read"
"""How the reason for a file that could not be opened starts (a passing state, not its content)."""
HEAD_BYTES = 64 * 1024
_SESSION_ID = re.compile(rb'"sessionId"\s*:\s*"([0-9A-Za-z_.-]+)"')


@dataclass(frozen=True, slots=True)
class Transcript:
    """A session file to read, with the sub-agent files that belong to it."""

    path: Path
    size: int
    subagents: tuple[Path, ...] = ()


@dataclass(frozen=True, slots=True)
class Discovery:
    transcripts: tuple[Transcript, ...]
    skipped: tuple[SkippedFile, ...]


def default_sources(environ: Mapping[str, str], home: Path) -> list[Path]:
    """The agents' own folders that exist on this machine (SPEC §2.1), without duplicates."""
    candidates = [
        Path(environ["CLAUDE_CONFIG_DIR"]) if environ.get("CLAUDE_CONFIG_DIR") else None,
        home / ".claude",
        home / ".config" / "claude",
        Path(environ["CODEX_HOME"]) if environ.get("CODEX_HOME") else home / ".codex",
    ]
    found: dict[Path, None] = {}
    for candidate in candidates:
        if candidate is not None and candidate.is_dir():
            found.setdefault(candidate.resolve(), None)
    return list(found)


def resolve_sources(given: list[Path]) -> list[Path]:
    """The sources to read: those given, else the agents' folders on this machine."""
    if given:
        return given
    found = default_sources(os.environ, Path.home())
    if not found:
        raise SourceError(
            "no Claude Code or Codex folder found (~/.claude, ~/.config/claude, ~/.codex)",
            "pass --source PATH",
        )
    return found


def _walk(root: Path) -> Iterator[Path]:
    """Every `.jsonl` file below `root`, in a stable order."""
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".jsonl"):
                yield Path(folder, name)


def _roots(directory: Path) -> list[Path]:
    """Where transcripts live inside a folder: a config dir or Codex home narrows to those."""
    narrowed = [
        directory / sub
        for sub in ("projects", "sessions", "archived_sessions")
        if (directory / sub).is_dir()
    ]
    return narrowed or [directory]


def unreadable(error: OSError) -> str:
    return f"{UNREADABLE}: {error.strerror or error}"


def is_subagent_file(path: Path) -> bool:
    return path.name.startswith(SUBAGENT_PREFIX)


def parent_of(subagent: Path) -> Path | None:
    """The session file a sub-agent file belongs to, from its layout or its records' sessionId."""
    if subagent.parent.name == "subagents":
        session_dir = subagent.parent.parent
        return session_dir.parent / f"{session_dir.name}.jsonl"
    with open(subagent, "rb") as handle:  # the id sits near the start of the first record
        head = handle.read(4096)
        found = _SESSION_ID.search(head)
        if found is None:
            found = _SESSION_ID.search(head + handle.read(HEAD_BYTES))
    if found is None:
        return None
    return subagent.parent / f"{found.group(1).decode()}.jsonl"


def _files_of(source: Path) -> Iterator[Path]:
    if not source.exists():
        raise SourceError(f"no such file or folder: {source}", "check the --source path")
    if source.is_dir():
        for root in _roots(source):
            yield from _walk(root)
        return
    yield source
    if not is_subagent_file(source):
        # a single session file brings its sub-agent files along, in either layout
        yield from _walk(source.with_suffix("") / "subagents")
        for sibling in sorted(source.parent.glob(f"{SUBAGENT_PREFIX}*.jsonl")):
            if parent_of(sibling) == source:
                yield sibling


def _size(path: Path) -> int | str:
    """The file's size, or why it cannot be read (vanished, a dangling link, no permission)."""
    try:
        size = path.stat().st_size
        if not os.access(path, os.R_OK):
            return f"{UNREADABLE}: permission denied"
        return size
    except OSError as error:
        return unreadable(error)


def discover(sources: list[Path]) -> Discovery:
    """The transcripts under `sources`, sub-agent files grouped under their sessions."""
    files: dict[Path, None] = {}
    for source in sources:
        for path in _files_of(Path(os.path.abspath(source))):
            files.setdefault(path, None)
    sizes: dict[Path, int] = {}
    skipped: list[SkippedFile] = []
    for path in files:
        size = _size(path)
        if isinstance(size, str):
            skipped.append(SkippedFile(path, size))
        else:
            sizes[path] = size
    sessions: dict[Path, list[Path]] = {p: [] for p in sizes if not is_subagent_file(p)}
    for path in sizes:
        if not is_subagent_file(path):
            continue
        parent = parent_of(path)
        if parent is not None and parent in sessions:
            sessions[parent].append(path)
        else:
            owner = parent.stem if parent else "unknown"
            skipped.append(
                SkippedFile(path, f"sub-agent transcript; its session {owner} is not here")
            )
    transcripts = tuple(Transcript(p, sizes[p], tuple(subs)) for p, subs in sessions.items())
    return Discovery(transcripts, tuple(skipped))
