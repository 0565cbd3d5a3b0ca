"""`ledger ingest`: transcripts in, findings out as Markdown files, one git commit per run."""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, nullcontext, suppress
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timezone
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING

from ledger.config import Config
from ledger.errors import LedgerError
from ledger.ingest.copies import not_shorter_than_held, one_per_session
from ledger.ingest.results import IngestOptions, IngestResult, SessionChange, commit_message
from ledger.llm.plan import LlmPlan, plan_llm
from ledger.models import SkippedFile
from ledger.parallel import aside, map_batches
from ledger.store import git
from ledger.store.files import refuse_escaping_links, sweep_temporary
from ledger.store.journal import Journal, roll_back
from ledger.store.local_facts import LocalFact, save_facts
from ledger.store.local_pages import make_local
from ledger.store.paths import PAGES_DIR, SESSION_FILE, SESSIONS, unique_folder
from ledger.store.projects import ProjectFilter, project_filter
from ledger.store.state import (
    HEAD_BYTES,
    PARALLEL_FOLDERS,
    InLedger,
    ScanCache,
    folder_stamps,
    locked,
    relisted,
    remember_records,
    sessions_in_ledger,
)
from ledger.times import OLDEST
from ledger.transcripts.discover import UNREADABLE, Transcript, discover, resolve_sources
from ledger.versions import EXTRACTORS, LLM_PREFIX, llm_extractor

if TYPE_CHECKING:
    from ledger.ingest.enrich import LlmRun
    from ledger.ingest.prepare import Prepared
    from ledger.llm.client import MessagesApi
    from ledger.store.edits import Mark
    from ledger.store.known import KnownFinding
Progress = Callable[[int, int], None]
ASIDE_SESSIONS = 100
"""From this many sessions written on, the local pages are rebuilt by a forked process while git
writes the commit (so too in a ledger of PARALLEL_FOLDERS session folders or more)."""


def _wanted(p: Prepared, options: IngestOptions, projects: tuple[ProjectFilter, ...]) -> bool:
    if options.session and not p.session_id.startswith(options.session):
        return False
    if options.since and (p.started is None or p.started.date() < options.since):
        return False
    return not projects or any(wanted.matches(p.project) for wanted in projects)


@dataclass(slots=True)
class _ToRead:
    work: list[tuple[Transcript, str]]
    """Transcripts whose content (by hash) the ledger does not hold yet, with that hash."""
    unchanged: int = 0
    holding: dict[str, Transcript] = field(default_factory=dict)
    """The unchanged ones by content hash: a copy elsewhere is weighed against them."""
    not_sessions: list[SkippedFile] = field(default_factory=list)
    """Known from an earlier run to hold no session, and unchanged since: not read again."""
    too_old: int = 0
    """Not written to since `--since`: they hold no session started since, unread."""


def _to_read(
    found: tuple[Transcript, ...],
    cache: ScanCache,
    held: dict[str, InLedger],
    since: date | None,
    plan: LlmPlan,
) -> _ToRead:
    # a few distinct `extractors:` lines among 100,000 sessions: each judged once
    verdicts = {
        recorded: plan.is_done(recorded) for recorded in {h.extractors for h in held.values()}
    }
    done = {h.content_hash for h in held.values() if verdicts[h.extractors]}
    result = _ToRead([])
    for item in found:
        if since and _modified(item) < since:
            result.too_old += 1
            continue
        # with nothing in the ledger to match, a transcript not seen before is hashed by the
        # worker that reads it (on both cores), not here first
        digest = cache.known_hash(item.files, item.stamps) or (
            cache.hash_of(item.files, item.stamps) if held else ""
        )
        if digest in done:
            result.unchanged += 1
            result.holding[digest] = item
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
    journal: Journal,
    marks: tuple[tuple[str, Mark], ...] = (),
    new_folder: bool = False,
) -> SessionChange:
    """Bring a session's folder to its files (`new_folder`: written whole already), and mark
    the earlier findings it changes; the `journal` learns what goes and people's copies."""
    from ledger.store.edits import Apply, apply_file, mark_file, remove_file
    from ledger.store.recorded import is_recorded

    root, keep = config.root, journal.keep
    where = {} if new_folder else _renamed(root, p, committed)
    files = _relinked(p, where) if where else p.files
    written = [
        Apply(f"{p.folder}/{name}", "added", text)
        if new_folder
        else apply_file(
            root, where.get(name, f"{p.folder}/{name}"), text, dry_run, committed, pending, keep
        )
        for name, text in files
    ]
    wanted = {where.get(name, f"{p.folder}/{name}") for name, _ in p.files}
    # a folder written whole holds the session's files only: not listed again
    folders = {*([] if new_folder else [p.folder]), *([held.folder] if held else [])}
    going = [
        relative
        for folder in sorted(folders)
        for relative in _markdown_files(root, folder)
        if relative not in wanted and not is_recorded(root / relative)  # written on purpose
    ]
    if not dry_run:
        journal.add(going)
    removed = [remove_file(root, relative, dry_run, committed, pending) for relative in going]
    findings = [a for a in written if not a.path.endswith(SESSION_FILE)]
    marked = [
        mark_file(root, path, mark, dry_run, committed, pending, keep) for path, mark in marks
    ]
    every = written + removed + marked
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
        texts={a.path: a.text for a in every if a.text is not None},
    )


def _write_new_folders(root: Path, chosen: list[Prepared]) -> set[str]:
    """The folders of the chosen sessions that do not exist yet, written whole (a first ingest
    creates thousands of files: they go on both cores)."""
    from ledger.store.edits import write_new_folders

    new = [p for p in chosen if not (root / p.folder).exists()]
    write_new_folders(root, [(p.folder, p.files) for p in new])
    return {p.folder for p in new}


_ID = re.compile(r'^id: "?([0-9a-f]{12})"?$', re.M)


def _renamed(root: Path, p: Prepared, committed: git.Committed) -> dict[str, str]:
    """File name ledger writes → the file a person renamed it to (Obsidian renames a note, its
    `id` stays): the finding stays there, one file, not written again under its old name. A
    file ledger itself wrote under another name (a title that changed) is not a rename."""
    names = {name for name, _ in p.files}
    others = [
        path
        for path in _markdown_files(root, p.folder)
        if path.rsplit("/", 1)[1] not in names and committed.text(path) is None
    ]
    if not others:
        return {}
    ids = {}
    for path in others:
        with suppress(OSError), open(root / path, encoding="utf-8", errors="replace") as handle:
            if found := _ID.search(handle.read(HEAD_BYTES)):
                ids[found.group(1)] = path
    by_name = {name: _ID.search(text[:HEAD_BYTES]) for name, text in p.files}
    return {name: ids[m.group(1)] for name, m in by_name.items() if m and m.group(1) in ids}


def _relinked(p: Prepared, where: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """The session's files with `_session.md` linking to its findings where people renamed them."""
    record = dict(p.files)[SESSION_FILE]
    for name, path in where.items():
        old, new = f"[[{p.folder}/{name.removesuffix('.md')}", f"[[{path.removesuffix('.md')}"
        record = record.replace(f"{old}|", f"{new}|").replace(f"{old}]]", f"{new}]]")
    return tuple((n, record if n == SESSION_FILE else t) for n, t in p.files)


def _markdown_files(root: Path, folder: str) -> list[str]:
    """The plain `.md` files of a folder: a link or a FIFO someone put there is never ledger's
    to read (a link to `/dev/zero` never ends, a FIFO blocks) nor to remove."""
    found = root / folder
    if not found.is_dir():
        return []
    return [
        f"{folder}/{p.name}"
        for p in sorted(found.glob("*.md"))
        if not p.is_symlink() and p.is_file()
    ]


def ingest(
    config: Config,
    options: IngestOptions,
    progress: Progress | None = None,
    environ: Mapping[str, str] | None = None,
    client: MessagesApi | None = None,
) -> IngestResult:
    """Read what is new, write it into the ledger, commit once. A no-change run reads nothing.

    `environ` (default: the process's) gives the API key; `client` replaces the Anthropic SDK.
    """
    started = time.perf_counter()
    plan = plan_llm(
        config,
        os.environ if environ is None else environ,
        options.llm,
        options.model,
        options.budget_usd,
        options.reextract,
        options.dry_run,
        options.batch,
        options.collect,
    )
    sources = resolve_sources(list(options.sources or config.sources))
    with locked(config.state):
        journal = Journal(config.state)
        repaired = 0 if options.dry_run else _guard(config, journal)
        # written by a run cut short, put back: ledger's own, but for the copies kept of people's
        leftover = journal.paths - journal.kept().keys()
        untracked = None if options.dry_run else make_local(config.root, config.author)
        cache = ScanCache(config.state)
        found = discover(sources, cache.parents)
        stamps = folder_stamps(config.root)
        held = sessions_in_ledger(config.root, cache, stamps)
        scan = _to_read(found.transcripts, cache, held, options.since, plan)
        results = _remember(cache, scan.work, _prepared(scan.work, plan, config.state))
        ready = [r for r in results if not isinstance(r, SkippedFile)]
        ready, copies = one_per_session(ready, held, scan.holding)
        ready, shorter = not_shorter_than_held(config.root, ready, held)
        prepared = sorted(ready, key=_oldest_first)
        chosen = _choose(prepared, options, config)
        known = _findings_once(config, {p.project for p in chosen}, stamps)
        llm = _llm_pass(config, plan, known, chosen, held, progress, client)
        chosen = _unique_folders(list(llm.prepared) if llm else chosen, held)
        chosen, links = _settle(known, chosen, llm)
        writes, start = not options.dry_run and bool(chosen or links), None
        if writes:
            repo = git.toplevel(config.root)
            if repo is not None:  # else the files were written, then not committed
                start = git.ready_to_commit(repo)
            # before any write: a run cut short leaves them to the next
            journal.add(f"{p.folder}/{name}" for p in chosen for name, _ in p.files)
            journal.add(path for pairs in links.values() for path, _ in pairs)
        changes = []
        touched = _touched(chosen, held, links)
        with (
            _undone_if_stopped(config.root, journal, writes, start),
            git.Committed(config.root, touched) as committed,
        ):
            new = set() if options.dry_run else _write_new_folders(config.root, chosen)
            for index, p in enumerate(chosen, start=1):
                before = held.get(p.session_id)
                changes.append(
                    _apply(
                        config,
                        p,
                        before,
                        options.dry_run,
                        committed,
                        leftover,
                        journal,
                        links.get(p.session_id, ()),
                        p.folder in new,
                    )
                )
                if progress:
                    progress(index, len(chosen))
        made = tuple(c for c in changes if c.paths)
        extractors = _extractors(plan, llm)
        skipped = (
            *found.skipped,
            *scan.not_sessions,
            *(r for r in results if isinstance(r, SkippedFile)),
            *copies,
            *shorter,
        )
        first_seen = tuple(s for s in skipped if str(s.path) not in cache.reported)
        commit = None
        if not options.dry_run:
            folders = touched | {_folder(path) for path in leftover}
            reindex = (
                partial(_reindex, config, stamps, folders)
                if made or leftover or untracked
                else None
            )
            # the local pages by a second process while git writes the commit, on a large run
            # or a large ledger (at 100,000 sessions they take 2 s for a run of 20)
            large = len(made) >= ASIDE_SESSIONS or len(stamps) >= PARALLEL_FOLDERS
            with _undone_if_stopped(config.root, journal, writes, start):
                with aside(reindex, large) if reindex else nullcontext():
                    commit = _commit(config, made, leftover, extractors)
                journal.clear()
            save_facts(config.state, _local_facts(chosen, held, scan.holding))
            # the records just written: the next run need not open them
            remember_records(config.root, cache, (c.folder for c in made))
            cache.reported = {str(s.path) for s in skipped}  # one gone, then back, is new again
            cache.save()
    return IngestResult(
        changes=made,
        unchanged=scan.unchanged + len(changes) - len(made),
        filtered=scan.too_old + len(prepared) - len(chosen),
        skipped=skipped,
        first_seen=first_seen,
        commit=commit,
        seconds=time.perf_counter() - started,
        dry_run=options.dry_run,
        extractors=extractors,
        llm=llm.summary if llm else None,
        private=_private(config, prepared, chosen),
        repaired_index=repaired,
        untracked=untracked,
    )


def _local_facts(
    chosen: list[Prepared], held: dict[str, InLedger], holding: dict[str, Transcript]
) -> list[tuple[str, LocalFact]]:
    """Where each session's transcript lies here and what it committed: this run's sessions,
    and those already in the ledger whose transcript this run found unchanged."""
    facts = [
        (session_id, LocalFact(str(holding[h.content_hash].path)))
        for session_id, h in held.items()
        if h.content_hash in holding
    ]
    facts += [(p.session_id, LocalFact(str(p.source.path), p.commits)) for p in chosen if p.source]
    return facts


def _guard(config: Config, journal: Journal) -> int:
    """Before anything is written: no git operation under way, no link out of the ledger where
    ledger writes, the temporary files of killed writes swept, a run cut short put back (its
    work is done again by this one), git's index repaired where a commit left it behind (how
    many paths)."""
    repo = git.toplevel(config.root)
    if repo is None:  # a removed `.git`, a `.git` file naming nothing, `core.bare`
        raise LedgerError(
            f"{config.root} is not in a git working tree: ledger commits what it writes",
            "restore its .git folder, or run `ledger init` there",
        )
    doing = git.operation_in_progress(repo)
    if doing:
        raise LedgerError(
            f"{doing} is in progress in {repo}: ledger does not commit in the middle of it",
            "finish or abort it, then run ledger again",
        )
    refuse_escaping_links(config.root)
    folders = {config.root, config.root / PAGES_DIR, config.state}
    sweep_temporary(folders | {(config.root / p).parent for p in journal.paths})
    if journal.paths:
        roll_back(config.root, journal)
    return git.repair_index(repo)


@contextmanager
def _undone_if_stopped(
    root: Path, journal: Journal, writes: bool, start: str | None
) -> Iterator[None]:
    """A run that `writes`, stopped while it writes or commits (Ctrl-C, a refused signature, a
    full disk), puts back what it wrote at once, unless its commit was made (HEAD moved from
    `start`). A kill leaves that to whoever next takes the lock; read commands never serve half
    a run."""
    try:
        yield
    except BaseException as stopped:
        landed = False
        with suppress(Exception):  # not put back (a full disk, say): the next run does it
            repo = git.toplevel(root) if writes else None
            if repo is not None:
                landed = git.head(repo) != start
                if not landed:
                    roll_back(root, journal)
                journal.clear()
        if isinstance(stopped, KeyboardInterrupt):
            raise LedgerError(
                "interrupted after its commit: the ledger holds the whole run"
                if landed
                else "interrupted: the ledger is back at its last commit",
                "run `ledger ingest` again",
            ) from None
        raise


def _unique_folders(chosen: list[Prepared], held: dict[str, InLedger]) -> list[Prepared]:
    """The sessions, none in a folder another session holds (in the ledger or earlier in this
    run): one that would be gets a longer id in its folder name, and its links follow."""
    owner = {h.folder: session_id for session_id, h in held.items()}
    unique = []
    for p in chosen:
        folder = unique_folder(p.folder, p.session_id, partial(_other_holds, owner, p.session_id))
        owner[folder] = p.session_id
        files = tuple((n, t.replace(f"{p.folder}/", f"{folder}/")) for n, t in p.files)
        unique.append(p if folder == p.folder else replace(p, folder=folder, files=files))
    return unique


def _touched(
    chosen: list[Prepared],
    held: dict[str, InLedger],
    links: Mapping[str, tuple[tuple[str, Mark], ...]],
) -> set[str]:
    """The session folders this run writes in: its sessions' (new and as held) and those of
    the findings it marks."""
    folders = {p.folder for p in chosen}
    folders |= {before.folder for p in chosen if (before := held.get(p.session_id))}
    return folders | {_folder(path) for pairs in links.values() for path, _ in pairs}


def _folder(path: str) -> str:
    """`sessions/<folder>` of a file in it."""
    return path.rsplit("/", 1)[0]


def _other_holds(owner: dict[str, str], session_id: str, folder: str) -> bool:
    return owner.get(folder, session_id) != session_id


def _reindex(config: Config, stamps: dict[str, int], touched: set[str]) -> None:
    """Bring the local derived pages up to date with what this run committed: the folder stamps
    as the run found them, those of the folders it wrote in taken again."""
    from ledger.index.build import update_index

    folders = dict(stamps)
    for folder in touched:
        name = folder.removeprefix(f"{SESSIONS}/")
        if name == folder or "/" in name:
            continue  # not a session folder
        try:
            folders[name] = os.stat(config.root / folder).st_mtime_ns
        except OSError:
            folders.pop(name, None)
    update_index(config.root, config.state, folders=relisted(config.root, folders))


def _prepared(
    work: list[tuple[Transcript, str]], plan: LlmPlan, state: Path
) -> list[tuple[Prepared | SkippedFile, str]]:
    """Read, extract, redact and render what is new, on both cores when it pays."""
    if not work:
        return []  # a no-change run never imports the extractor, the rules or the renderer
    from ledger.ingest.prepare import prepare_batch

    key = llm_extractor(plan.model) if plan.active else None
    batch = partial(prepare_batch, llm_extractor=key, state=state)
    return map_batches(batch, work, [t.size for t, _ in work])


def _llm_pass(
    config: Config,
    plan: LlmPlan,
    known: Callable[[], Mapping[str, KnownFinding]],
    chosen: list[Prepared],
    held: dict[str, InLedger],
    progress: Progress | None,
    client: MessagesApi | None,
) -> LlmRun | None:
    """The LLM pass over the chosen sessions; None (nothing imported) when it has no work."""
    before = {s: h.content_hash for s, h in held.items() if LLM_PREFIX in h.extractors}
    if not any(not p.ghost and (plan.active or p.session_id in before) for p in chosen):
        return None
    from ledger.ingest.enrich import run_llm_pass

    return run_llm_pass(plan, config.state, known, chosen, before, progress, client)


def _findings_once(
    config: Config, projects: set[str | None], folders: dict[str, int]
) -> Callable[[], Mapping[str, KnownFinding]]:
    """The findings of the run's `projects` in the ledger before this run writes (the LLM pass
    and the lifecycle look at no other): read from the index when first asked (by the LLM pass,
    from several threads, or the lifecycle), then kept; never on a run with nothing to do."""
    held = threading.Lock()

    @cache
    def read() -> Mapping[str, KnownFinding]:
        from ledger.index.entries import known_findings

        return known_findings(config.root, config.state, projects, folders)

    def once() -> Mapping[str, KnownFinding]:
        with held:
            return read()

    return once


def _settle(
    known: Callable[[], Mapping[str, KnownFinding]], chosen: list[Prepared], llm: LlmRun | None
) -> tuple[list[Prepared], dict[str, tuple[tuple[str, Mark], ...]]]:
    """What each session, oldest first, does to earlier findings (`ingest.settle`): the sessions
    with their files edited, and the marks for findings already in the ledger by session."""
    if not chosen:
        return [], {}  # a run with nothing to do imports no lifecycle rules
    from ledger.ingest.settle import settle_run

    settled = settle_run(known, chosen, llm.supersedes if llm else ())
    return list(settled.prepared), settled.marks


def _extractors(plan: LlmPlan, llm: LlmRun | None) -> tuple[str, ...]:
    """The extractors of this run's commit trailers: the LLM's when it completed a session."""
    if llm and llm.summary.completed:
        return (*EXTRACTORS, llm_extractor(plan.model))
    return EXTRACTORS


def _remember(
    cache: ScanCache,
    work: list[tuple[Transcript, str]],
    done: list[tuple[Prepared | SkippedFile, str]],
) -> list[Prepared | SkippedFile]:
    """The results, their content hashes remembered; files that hold no session are not read
    again until they change (unreadable ones are)."""
    items = {item.path: item for item, _ in work}
    for result, digest in done:
        read = result.path if isinstance(result, SkippedFile) else result.source
        item = items.get(read.path if isinstance(read, Transcript) else read or Path())
        if item and digest:
            cache.remember(item.files, item.stamps, digest)
        if isinstance(result, SkippedFile) and digest and not result.reason.startswith(UNREADABLE):
            cache.not_sessions[digest] = result.reason
    return [result for result, _ in done]


def _oldest_first(p: Prepared) -> tuple[datetime, str]:
    return (p.started or OLDEST, p.session_id)


def _private(config: Config, prepared: list[Prepared], chosen: list[Prepared]) -> tuple[str, ...]:
    """What the privacy settings did: the sessions left out, and those kept from the LLM."""
    said = {"skip": "not ingested", "no-llm": "kept from the LLM"}
    taken = {p.session_id for p in chosen}
    return tuple(
        f"{p.folder} ({said[why]})"
        for p in prepared
        if (why := config.privacy.of(p.project)) and (p.session_id in taken) == (why == "no-llm")
    )


def _choose(prepared: list[Prepared], options: IngestOptions, config: Config) -> list[Prepared]:
    """The sessions the options select, none of a project privacy skips; `--max-sessions`
    keeps the most recent."""
    skip = config.privacy.of
    named = (options.project,) if options.project else config.projects
    projects = tuple(project_filter(name, holding=False) for name in named)
    chosen = [p for p in prepared if _wanted(p, options, projects) and skip(p.project) != "skip"]
    if options.max_sessions is not None:
        return chosen[max(len(chosen) - options.max_sessions, 0) :] if options.max_sessions else []
    return chosen


def _commit(
    config: Config,
    changes: tuple[SessionChange, ...],
    pending: frozenset[str],
    extractors: tuple[str, ...] = EXTRACTORS,
) -> str | None:
    """One commit of the files this run (or a run cut short before it) wrote or removed: what
    it wrote, not what a person may have saved over it since (their edit stays theirs)."""
    paths = {path for change in changes for path in change.paths} | pending
    repo = git.toplevel(config.root)
    if repo is None or not paths:
        return None
    base = git.path_in(repo, config.root)
    # joined as strings: a Path for each of a first ingest's thousands of files took 0.3 s
    prefix = f"{base}/" if base else ""
    message = commit_message(changes, extractors)
    return git.commit_paths(
        repo,
        [prefix + p for p in sorted(paths)],
        message,
        git.identity(repo, config.author),
        contents={
            prefix + path: text.encode("utf-8")
            for change in changes
            for path, text in change.texts.items()
        },
    )
