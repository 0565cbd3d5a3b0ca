"""`ledger ingest`: transcripts in, findings out as Markdown files, one git commit per run."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from ledger.config import Config
from ledger.models import SkippedFile
from ledger.parallel import map_batches
from ledger.store import git
from ledger.store.paths import SESSION_FILE
from ledger.store.state import InLedger, Journal, ScanCache, locked, sessions_in_ledger
from ledger.times import OLDEST
from ledger.transcripts.discover import UNREADABLE, Transcript, discover, resolve_sources
from ledger.versions import EXTRACTORS

if TYPE_CHECKING:
    from ledger.prepare import Prepared
Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class IngestOptions:
    """What to ingest; empty means everything configured."""

    sources: tuple[Path, ...] = ()
    since: date | None = None
    session: str | None = None
    project: str | None = None
    max_sessions: int | None = None
    dry_run: bool = False


@dataclass(frozen=True, slots=True)
class SessionChange:
    session_id: str
    title: str
    folder: str
    new: bool
    added: int
    changed: int
    removed: int
    kept: tuple[str, ...]
    """Files a person edited, left as they are."""
    paths: tuple[str, ...]
    """Files written or removed, relative to the ledger: what the commit takes."""


@dataclass(frozen=True, slots=True)
class IngestResult:
    changes: tuple[SessionChange, ...]
    unchanged: int
    filtered: int
    skipped: tuple[SkippedFile, ...]
    commit: str | None
    seconds: float
    dry_run: bool
    extractors: tuple[str, ...] = field(default=EXTRACTORS)

    @property
    def new(self) -> int:
        return sum(c.new for c in self.changes)

    @property
    def updated(self) -> int:
        return sum(not c.new for c in self.changes)

    @property
    def added(self) -> int:
        return sum(c.added for c in self.changes)

    @property
    def changed(self) -> int:
        return sum(c.changed for c in self.changes)

    @property
    def removed(self) -> int:
        return sum(c.removed for c in self.changes)


def _in_project(project: str | None, folder: str) -> bool:
    if not project:
        return False
    return project == folder or project.startswith(folder.rstrip("/") + "/")


def _wanted(p: Prepared, options: IngestOptions, projects: tuple[str, ...]) -> bool:
    if options.session and not p.session_id.startswith(options.session):
        return False
    if options.since and (p.started is None or p.started.date() < options.since):
        return False
    folders = (options.project,) if options.project else projects
    return not folders or any(_in_project(p.project, folder) for folder in folders)


@dataclass(slots=True)
class _ToRead:
    work: list[tuple[Transcript, str]]
    """Transcripts whose content (by hash) the ledger does not hold yet, with that hash."""
    unchanged: int = 0
    not_sessions: list[SkippedFile] = field(default_factory=list)
    """Known from an earlier run to hold no session, and unchanged since: not read again."""
    too_old: int = 0
    """Not written to since `--since`: they hold no session started since, unread."""


def _to_read(
    found: tuple[Transcript, ...], cache: ScanCache, held: dict[str, InLedger], since: date | None
) -> _ToRead:
    done = {(h.content_hash, h.extractors) for h in held.values()}
    key = ", ".join(EXTRACTORS)
    result = _ToRead([])
    for item in found:
        if since and _modified(item) < since:
            result.too_old += 1
            continue
        digest = cache.hash_of(item.files, item.stamps)
        if (digest, key) in done:
            result.unchanged += 1
        elif digest in cache.not_sessions:
            result.not_sessions.append(SkippedFile(item.path, cache.not_sessions[digest]))
        else:
            result.work.append((item, digest))
    return result


def _modified(item: Transcript) -> date:
    """The day the transcript or one of its sub-agent files was last written to."""
    latest = max(mtime for _, mtime in item.stamps)
    return datetime.fromtimestamp(latest / 1e9, tz=timezone.utc).date()


def _apply(
    config: Config,
    p: Prepared,
    held: InLedger | None,
    dry_run: bool,
    committed: git.Committed,
    pending: frozenset[str],
) -> SessionChange:
    from ledger.store.edits import apply_file, remove_file

    root = config.root
    written = [
        apply_file(root, f"{p.folder}/{name}", text, dry_run, committed, pending)
        for name, text in p.files
    ]
    wanted = {f"{p.folder}/{name}" for name, _ in p.files}
    removed = [
        remove_file(root, relative, dry_run, committed, pending)
        for folder in sorted({p.folder, *([held.folder] if held else [])})
        for relative in _markdown_files(root, folder)
        if relative not in wanted
    ]
    findings = [a for a in written if not a.path.endswith(SESSION_FILE)]
    every = written + removed
    return SessionChange(
        session_id=p.session_id,
        title=p.title,
        folder=p.folder,
        new=held is None,
        added=sum(a.status == "added" for a in findings),
        changed=sum(a.status in ("changed", "merged") for a in findings),
        removed=sum(a.status == "removed" for a in removed),
        kept=tuple(a.path for a in every if a.status == "kept"),
        paths=tuple(a.path for a in every if a.status not in ("unchanged", "kept")),
    )


def _markdown_files(root: Path, folder: str) -> list[str]:
    found = root / folder
    return [f"{folder}/{p.name}" for p in sorted(found.glob("*.md"))] if found.is_dir() else []


def commit_message(changes: tuple[SessionChange, ...]) -> str:
    """`ledger: ingest N sessions (+a ~c -r findings)`, the sessions, and extractor trailers."""
    added = sum(c.added for c in changes)
    changed = sum(c.changed for c in changes)
    removed = sum(c.removed for c in changes)
    subject = (
        f"{git.SUBJECT}ingest {len(changes)} sessions (+{added} ~{changed} -{removed} findings)"
    )
    if not changes:
        subject = f"{git.SUBJECT}complete an ingest that was cut short"
    lines = [
        f"{'new' if c.new else 'updated'}: {c.folder} (+{c.added} ~{c.changed} -{c.removed})"
        for c in changes
    ]
    trailers = [f"Ledger-Extractor: {version}" for version in EXTRACTORS]
    return "\n".join([subject, "", *lines, "", *trailers]) + "\n"


def ingest(
    config: Config, options: IngestOptions, progress: Progress | None = None
) -> IngestResult:
    """Read what is new, write it into the ledger, commit once. A no-change run reads nothing."""
    started = time.perf_counter()
    sources = resolve_sources(list(options.sources or config.sources))
    with locked(config.state):
        journal = Journal(config.state)
        leftover = journal.paths  # written by a run cut short: ledger's own, not a person's
        cache = ScanCache(config.state)
        found = discover(sources, cache.parents)
        held = sessions_in_ledger(config.root, cache)
        scan = _to_read(found.transcripts, cache, held, options.since)
        results = _prepared(scan.work)
        _remember_not_sessions(cache, scan.work, results)
        prepared = sorted((r for r in results if not isinstance(r, SkippedFile)), key=_oldest_first)
        chosen = _choose(prepared, options, config.projects)
        if not options.dry_run:  # before any write: a run cut short leaves them to the next
            journal.add(f"{p.folder}/{name}" for p in chosen for name, _ in p.files)
        changes = []
        with git.Committed(config.root) as committed:
            for index, p in enumerate(chosen, start=1):
                before = held.get(p.session_id)
                changes.append(_apply(config, p, before, options.dry_run, committed, leftover))
                if progress:
                    progress(index, len(chosen))
        made = tuple(c for c in changes if c.paths)
        commit = None
        if not options.dry_run:
            commit = _commit(config, made, leftover)
            journal.clear()
            cache.save()
    return IngestResult(
        changes=made,
        unchanged=scan.unchanged + len(changes) - len(made),
        filtered=scan.too_old + len(prepared) - len(chosen),
        skipped=(
            *found.skipped,
            *scan.not_sessions,
            *(r for r in results if isinstance(r, SkippedFile)),
        ),
        commit=commit,
        seconds=time.perf_counter() - started,
        dry_run=options.dry_run,
    )


def _prepared(work: list[tuple[Transcript, str]]) -> list[Prepared | SkippedFile]:
    """Read, extract, redact and render what is new, on both cores when it pays."""
    if not work:
        return []  # a no-change run never imports the extractor, the rules or the renderer
    from ledger.prepare import prepare_batch

    return map_batches(prepare_batch, work, [t.size for t, _ in work])


def _remember_not_sessions(
    cache: ScanCache, work: list[tuple[Transcript, str]], results: list[Prepared | SkippedFile]
) -> None:
    """Files that hold no session are not read again until they change (unreadable ones are)."""
    digests = {item.path: digest for item, digest in work}
    for result in results:
        if isinstance(result, SkippedFile) and not result.reason.startswith(UNREADABLE):
            cache.not_sessions[digests[result.path]] = result.reason


def _oldest_first(p: Prepared) -> tuple[datetime, str]:
    return (p.started or OLDEST, p.session_id)


def _choose(
    prepared: list[Prepared], options: IngestOptions, projects: tuple[str, ...]
) -> list[Prepared]:
    """The sessions the options select; `--max-sessions` keeps the most recent."""
    chosen = [p for p in prepared if _wanted(p, options, projects)]
    if options.max_sessions is not None:
        return chosen[max(len(chosen) - options.max_sessions, 0) :] if options.max_sessions else []
    return chosen


def _commit(
    config: Config, changes: tuple[SessionChange, ...], pending: frozenset[str]
) -> str | None:
    """One commit of the files this run (or a run cut short before it) wrote or removed."""
    paths = {path for change in changes for path in change.paths} | pending
    repo = git.toplevel(config.root)
    if repo is None or not paths:
        return None
    base = config.root.resolve().relative_to(repo)
    message = commit_message(changes)
    return git.commit_paths(
        repo,
        [(base / p).as_posix() for p in sorted(paths)],
        message,
        git.identity(repo, config.author),
    )
