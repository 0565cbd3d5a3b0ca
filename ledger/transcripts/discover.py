"""Find transcript files under sources of any shape, and tie sub-agent files to their sessions."""

from __future__ import annotations

import io
import os
import re
import stat
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from ledger.errors import SourceError
from ledger.models import SkippedFile

SUBAGENT_PREFIX = "agent-"
CODEX_PREFIX = "rollout-"
THREAD_ID_CHARS = 36
"""A Codex rollout's name ends with its thread id (a UUID) before `.jsonl`."""
UNREADABLE = "cannot read"
"""How the reason for a file that could not be opened starts (a passing state, not its content)."""
HEAD_BYTES = 64 * 1024
SPARSE_MIN_BYTES = 1024 * 1024
_SESSION_ID = re.compile(rb'"sessionId"\s*:\s*"([0-9A-Za-z_.-]+)"')
_PARENT_THREAD = re.compile(rb'"parent_thread_id"\s*:\s*"([0-9A-Za-z_.-]+)"')


_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def not_regular(mode: int) -> str | None:
    """Why a file of this `st_mode` is never opened as a transcript; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    kind = next((what for test, what in _KINDS if test(mode)), "not a regular file")
    return f"not a regular file: {kind}"


READ_BUFFER = 1024 * 1024
"""Bytes read at a time: transcripts are read line by line, and their lines run to megabytes
(Python's default of 8 KB made reading lines cost twice what it does)."""


class NotRegularFile(OSError):
    """A path that is (or leads to) a FIFO, socket, device or directory: never read."""


def open_regular(path: str | Path) -> io.BufferedReader:
    """Open a file for reading only if it is a regular file, without ever blocking: a FIFO or a
    device opened by mistake would hang the run (and the ledger's lock) forever."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        why = not_regular(os.fstat(fd).st_mode)
        if why is not None:
            raise NotRegularFile(why)
        os.set_blocking(fd, True)
        return io.BufferedReader(io.FileIO(fd, "rb"), READ_BUFFER)
    except BaseException:
        os.close(fd)
        raise


Stamp = tuple[int, int]
"""A file's (size, mtime_ns): while it holds, the file's content is taken as unchanged."""
KnownParents = dict[str, tuple[Stamp, str]]
"""Sibling sub-agent file → (its stamp, its session's path, "" for none): saves reading it again."""


@dataclass(frozen=True, slots=True)
class Transcript:
    """A session file to read, with the sub-agent files that belong to it."""

    file: str
    size: int
    subagent_files: tuple[str, ...] = ()
    stamps: tuple[Stamp, ...] = ()
    """The stamps of `file` and `subagent_files`, in that order, as discovery saw them."""

    # paths are built on demand: a no-change run over thousands of files never needs them
    @property
    def path(self) -> Path:
        return Path(self.file)

    @property
    def subagents(self) -> tuple[Path, ...]:
        return tuple(map(Path, self.subagent_files))

    @property
    def files(self) -> tuple[str, ...]:
        return (self.file, *self.subagent_files)


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


def _walk(root: str, problems: list[SkippedFile] | None = None) -> Iterator[str]:
    """Every `.jsonl` file below `root`, a folder's files before its sub-folders, by name; a
    folder that cannot be listed goes to `problems` (a warning, not silence)."""
    try:
        with os.scandir(root) as listing:
            entries = sorted(listing, key=lambda e: e.name)
    except FileNotFoundError:
        return
    except OSError as error:
        if problems is not None:
            problems.append(SkippedFile(Path(root), f"{UNREADABLE} folder: {error.strerror}"))
        return
    folders = []
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            folders.append(entry.path)
        elif entry.name.endswith(".jsonl"):
            yield entry.path
    for folder in folders:
        yield from _walk(folder, problems)


def _roots(directory: Path) -> list[str]:
    """Where transcripts live inside a folder: a config dir or Codex home narrows to those."""
    narrowed = [
        str(directory / sub)
        for sub in ("projects", "sessions", "archived_sessions")
        if (directory / sub).is_dir()
    ]
    return narrowed or [str(directory)]


def unreadable(error: OSError) -> str:
    return f"{UNREADABLE}: {error.strerror or error}"


def is_subagent_file(path: Path | str) -> bool:
    return os.path.basename(path).startswith(SUBAGENT_PREFIX)


def parent_of(subagent: str) -> str | None:
    """The session file a sub-agent file belongs to, from its layout or its records' sessionId."""
    folder, _ = os.path.split(subagent)
    if os.path.basename(folder) == "subagents":
        session_dir = os.path.dirname(folder)
        return f"{session_dir}.jsonl"
    with open_regular(subagent) as handle:  # the id sits near the start of the first record
        head = handle.read(4096)
        found = _SESSION_ID.search(head)
        if found is None:
            found = _SESSION_ID.search(head + handle.read(HEAD_BYTES))
    if found is None:
        return None
    return os.path.join(folder, f"{found.group(1).decode()}.jsonl")


def _files_of(source: Path, problems: list[SkippedFile]) -> Iterator[str]:
    if not source.exists():
        raise SourceError(f"no such file or folder: {source}", "check the --source path")
    if source.is_dir():
        for root in _roots(source):
            yield from _walk(root, problems)
        return
    yield str(source)
    if not is_subagent_file(source):
        # a single session file brings its sub-agent files along, in either layout
        yield from _walk(str(source.with_suffix("") / "subagents"))
        for sibling in sorted(source.parent.glob(f"{SUBAGENT_PREFIX}*.jsonl")):
            if parent_of(str(sibling)) == str(source):
                yield str(sibling)


def _stamp(path: str) -> Stamp | str:
    """The file's stamp, or why it is not read: vanished, a dangling link, no permission, not a
    regular file (a FIFO, socket, device or directory, or a link to one), or sparse."""
    try:
        info = os.stat(path)
        why = not_regular(info.st_mode) or _sparse(path, info)
        if why is not None:
            return why
        if not os.access(path, os.R_OK):
            return f"{UNREADABLE}: permission denied"
        return (info.st_size, info.st_mtime_ns)
    except OSError as error:
        return unreadable(error)


def _sparse(path: str, info: os.stat_result) -> str | None:
    """Why a file with holes is no transcript (agents only ever append), found without reading
    it: a 20 GB file of nothing would otherwise keep a run busy for minutes."""
    if info.st_size < SPARSE_MIN_BYTES or info.st_blocks * 512 >= info.st_size:
        return None
    with open_regular(path) as handle:
        try:
            hole = os.lseek(handle.fileno(), 0, os.SEEK_HOLE)
        except OSError:  # a file system that cannot tell: read it as any other file
            return None
    if hole >= info.st_size:
        return None  # blocks saved by compression, not holes
    on_disk = info.st_blocks * 512
    return f"sparse file, not a transcript; {info.st_size:,} bytes, {on_disk:,} of them on disk"


def _remembered(path: str, stamp: Stamp, known: KnownParents, find: Callable[[str], str]) -> str:
    """`find(path)`, remembered in `known` while the file's stamp holds."""
    cached = known.get(path)
    if cached is not None and tuple(cached[0]) == stamp:
        return cached[1]
    found = find(path)
    known[path] = (stamp, found)
    return found


def _parent(path: str, stamp: Stamp, known: KnownParents) -> str | None:
    """`parent_of`, remembered for sibling files (a `subagents/` file tells by its place)."""
    if os.path.basename(os.path.dirname(path)) == "subagents":
        return parent_of(path)
    return _remembered(path, stamp, known, lambda p: parent_of(p) or "") or None


def spawned_by(rollout: str) -> str:
    """The thread that spawned a Codex sub-agent rollout, from its first record; "" for one that
    is a session of its own."""
    with open_regular(rollout) as handle:
        first = handle.readline(HEAD_BYTES)
    found = _PARENT_THREAD.search(first) if b'"subagent"' in first else None
    return found.group(1).decode() if found else ""


def _adopt_rollouts(
    sessions: dict[str, list[str]], stamps: dict[str, Stamp], known: KnownParents
) -> None:
    """Move Codex sub-agent rollouts under the rollout of the session that spawned them (or
    its own spawner's, for a sub-agent's sub-agent), when that rollout is here."""
    rollouts = [n for n in sessions if os.path.basename(n).startswith(CODEX_PREFIX)]
    by_thread = {n[-THREAD_ID_CHARS - 6 : -6]: n for n in rollouts}
    spawner = {n: _remembered(n, stamps[n], known, spawned_by) for n in rollouts}
    for name in rollouts:
        parent, seen = by_thread.get(spawner[name]), {name}
        while parent is not None and spawner[parent] in by_thread and parent not in seen:
            seen.add(parent)
            parent = by_thread[spawner[parent]]
        if parent is not None and parent not in seen:
            sessions[parent].append(name)
            del sessions[name]


def discover(sources: list[Path], known: KnownParents | None = None) -> Discovery:
    """The transcripts under `sources`, sub-agent files grouped under their sessions.

    Every file is stat-ed once; `known` (kept between runs by the caller) spares re-reading the
    first records of sibling sub-agent files and Codex rollouts that have not changed.
    """
    files: dict[str, None] = {}
    skipped: list[SkippedFile] = []
    for source in sources:
        for name in _files_of(Path(os.path.abspath(source)), skipped):
            files.setdefault(name, None)
    stamps: dict[str, Stamp] = {}
    for name in files:
        stamp = _stamp(name)
        if isinstance(stamp, str):
            skipped.append(SkippedFile(Path(name), stamp))
        else:
            stamps[name] = stamp
    sessions: dict[str, list[str]] = {p: [] for p in stamps if not is_subagent_file(p)}
    known = {} if known is None else known
    for name, stamp in stamps.items():
        if not is_subagent_file(name):
            continue
        parent = _parent(name, stamp, known)
        if parent is not None and parent in sessions:
            sessions[parent].append(name)
        else:
            owner = Path(parent).stem if parent else "unknown"
            skipped.append(
                SkippedFile(Path(name), f"sub-agent transcript; its session {owner} is not here")
            )
    _adopt_rollouts(sessions, stamps, known)
    transcripts = tuple(
        Transcript(name, stamps[name][0], tuple(subs), tuple(stamps[f] for f in (name, *subs)))
        for name, subs in sessions.items()
    )
    return Discovery(transcripts, tuple(skipped))
