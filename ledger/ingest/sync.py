"""`ledger sync`: fetch, integrate with the remote (rebase, or merge), settle what ledger owns
without asking, rebuild the local pages, push; again, a bounded number of times, when someone
pushed meanwhile.

Nothing changes when the repo is not ready (changes not committed, an operation under way, no
remote): one line says why. A conflict in a file that is not ledger's (ledger.yaml, a person's
note outside `sessions/`) stops the sync and leaves the repo as it was.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ledger.atomic import write_atomic
from ledger.config import Config
from ledger.errors import LedgerError
from ledger.parallel import aside
from ledger.store import git, remote
from ledger.store.conflicts import session_rank, settle_text
from ledger.store.local_facts import load_facts
from ledger.store.local_pages import HOME_PAGE, Untracked, make_local
from ledger.store.paths import PAGES_DIR, SESSION_FILE, SESSIONS
from ledger.store.state import locked, record_fields

ATTEMPTS = 3
"""Fetch, integrate and push at most this many times when the remote moves meanwhile."""


@dataclass(frozen=True, slots=True)
class SyncResult:
    """What `ledger sync` did."""

    remote: str
    branch: str
    received: int
    """Commits of the remote integrated here."""
    sent: int
    """Commits pushed."""
    how: str
    """up to date, fast-forward, rebase, merge, or push (nothing to receive)."""
    settled: tuple[str, ...]
    """Files both sides wrote that ledger settled (relative to the repo)."""
    attempts: int
    head: str | None
    seconds: float
    untracked: Untracked | None = None
    reextracted: int = 0
    """Sessions settled from one side that were extracted again from the transcript here."""
    joined: tuple[str, ...] = ()
    """Folders removed because their session's other folder (its title changed on one side)
    took their files."""


def sync_ledger(config: Config, merge: bool = False, remote_name: str | None = None) -> SyncResult:
    """Bring the ledger level with its remote both ways (see the module's docstring)."""
    started = time.perf_counter()
    repo = git.toplevel(config.root)
    if repo is None:
        raise LedgerError(
            f"the ledger at {config.root} is not in a git repository", "nothing to sync"
        )
    reason = remote.why_not(repo)
    if reason:
        raise LedgerError(reason, "nothing was changed")
    up = remote.upstream(repo, remote_name)
    if up is None:
        raise LedgerError(
            f"the ledger's repository {repo} has no remote: nothing to sync with",
            "add one (`git remote add origin URL`), then sync",
        )
    with locked(config.state):
        pending = remote.uncommitted(repo)
        try:
            fetched = remote.fetch(repo, up)
        finally:
            reason = pending()
        if reason:
            raise LedgerError(reason, "nothing was changed")
        untracked = make_local(config.root, config.author)
        run = _Run(config, repo, up, merge, git.path_in(repo, config.root))
        attempts = 1
        while not run.once(fetched):
            if attempts == ATTEMPTS:
                raise LedgerError(
                    f"{up.remote} moved on during each of {ATTEMPTS} attempts: nothing was pushed",
                    "run `ledger sync` again",
                )
            attempts += 1
            fetched = remote.fetch(repo, up)
        if not run.indexed:
            run.rebuild()
    return SyncResult(
        up.remote, up.branch, run.received, run.sent, run.how, tuple(sorted(run.settled)),
        attempts, remote.head(repo), time.perf_counter() - started, untracked, run.reextracted,
        tuple(run.joined),
    )  # fmt: skip


class _Run:
    """One sync's rounds: what they received, sent and settled."""

    def __init__(
        self, config: Config, repo: Path, up: remote.Upstream, merge: bool, base: str
    ) -> None:
        self.config, self.repo, self.up, self.merge = config, repo, up, merge
        self.reextracted = 0
        self.joined: list[str] = []
        prefix = f"{base}/" if base else ""
        self.sessions, self.pages = (
            f"{prefix}{SESSIONS}/",
            (f"{prefix}{HOME_PAGE}", f"{prefix}{PAGES_DIR}/"),
        )
        self.received = self.sent = 0
        self.indexed = False  # the local pages brought up to date since the last integration
        self.how = "up to date"
        self.settled: set[str] = set()

    def once(self, fetched: bool) -> bool:
        """Integrate what was `fetched` (False: the remote has no such branch yet), push; False
        when the push found the remote moved on."""
        if not fetched:
            self.how = "push"
            self.sent = remote.local_commits(self.repo)
            return self._push()
        ahead, behind = remote.counts(self.repo, self.up)
        if behind:
            self.received += behind
            self.how = "fast-forward" if not ahead else ("merge" if self.merge else "rebase")
            before = remote.head(self.repo)
            self.indexed = False
            self._integrate()
            self.joined += _one_folder_each(self.config, self.repo, before)
            self.reextracted += _reextract(self.config, self.repo, self.settled)
            ahead, _ = remote.counts(self.repo, self.up)
        if not ahead:
            return True
        self.sent = ahead
        return self._push()

    def _push(self) -> bool:
        """Push, while a forked process brings the local pages up to date with what is here
        (at 100,000 sessions each takes about a second): a push that finds the remote moved on
        leaves the next round to index again."""
        with aside(self.rebuild, parallel=True):
            pushed = remote.push(self.repo, self.up)
        self.indexed = True
        return pushed

    def rebuild(self) -> None:
        """The local pages brought up to date with what is here."""
        from ledger.index.build import update_index

        update_index(self.config.root, self.config.state)

    def _integrate(self) -> None:
        message = f"{git.SUBJECT}sync: merge {self.up.remote}/{self.up.branch}\n"
        done = remote.start(self.repo, self.up, self.merge, message, self._settled)
        other = "MERGE_HEAD" if self.merge else "REBASE_HEAD"
        try:
            while not done:  # git's own rebase or merge stopped at conflicts
                settled = self._settled(remote.unmerged(self.repo), "HEAD", other)
                pages = {path for path in settled if self._page(path)}
                for path in sorted(pages):
                    remote.untrack(self.repo, path)  # left on disk for the rebuild
                remote.resolve(self.repo, {p: t for p, t in settled.items() if p not in pages})
                done = remote.go_on(self.repo)
        except BaseException:
            remote.abort(self.repo)
            raise

    def _page(self, path: str) -> bool:
        return path == self.pages[0] or path.startswith(self.pages[1])

    def _settled(
        self, conflicts: remote.Conflicts, ours: str, theirs: str
    ) -> dict[str, str | None]:
        """What each conflicted path is to hold (None: removed): a derived page an older clone
        committed goes (the rebuild writes it), a session's files are settled, and any other
        conflict stops the sync."""
        for path in sorted(conflicts):
            if not self._page(path) and not path.startswith(self.sessions):
                raise LedgerError(
                    f"{path} was changed on both sides and is not ledger's to settle: "
                    "sync stopped and left the repository as it was",
                    "merge by hand (`git pull`), then sync",
                )
        folders = _by_folder(conflicts, self.sessions)
        settled = _settled_sessions(self.repo, folders, conflicts, ours, theirs)
        self.settled.update(settled)
        return {**dict.fromkeys(filter(self._page, conflicts)), **settled}


def _settled_sessions(
    repo: Path,
    folders: dict[str, list[str]],
    conflicts: remote.Conflicts,
    ours: str,
    theirs: str,
) -> dict[str, str | None]:
    """Each session taken from the side with the longer transcript, people's edits kept: the
    text of each path settled (None: removed). What both sides hold is read by one git process
    for all (per folder and side, a process each took 0.2 s a folder at 100,000 sessions)."""
    if not folders:
        return {}
    revs = {2: ours, 3: theirs}
    base = remote.merge_base(repo, ours, theirs)
    records = {folder: f"{folder}/{SESSION_FILE}" for folder in folders}
    wanted = [blob for stages in conflicts.values() for blob in stages.values()]
    wanted += [
        f"{rev}:{r}" for r in records.values() if r not in conflicts for rev in (ours, theirs)
    ]
    text = remote.texts(repo, wanted).get
    listed = {rev: remote.names_in(repo, rev, list(folders)) for rev in {ours, theirs, base} if rev}
    settled: dict[str, str | None] = {}
    for folder, paths in folders.items():
        record = records[folder]
        stages = conflicts.get(record)
        sides = {
            stage: text(stages.get(stage, "") if stages else f"{rev}:{record}")
            for stage, rev in revs.items()
        }
        winner = max((2, 3), key=lambda s: (session_rank(sides[s]), sides[s] or ""))
        loser = 5 - winner
        for path in paths:
            on = conflicts[path]
            settled[path] = settle_text(
                text(on.get(1, "")),
                text(on.get(winner, "")),
                text(on.get(loser, "")),
            )
        # what only the shorter transcript's extraction wrote (new since the two sides parted)
        kept = listed[revs[winner]].get(folder, set())
        before = listed[base].get(folder, set()) if base else set()
        for path in sorted(listed[revs[loser]].get(folder, set()) - kept - before):
            if path not in conflicts:
                settled[path] = None
    return settled


def _one_folder_each(config: Config, repo: Path, before: str | None) -> list[str]:
    """A session whose title changed on one side (a rename) has a folder under each name once
    both sides are in: the longer transcript's folder stays, each finding the other folder also
    holds takes the people's fields and notes it has there, and the other folder goes, in one
    commit. The folders removed (relative to the ledger)."""
    if before is None:
        return []
    root = config.root.resolve()
    sessions = root / SESSIONS
    came = remote.changed_names(repo, before, sessions.relative_to(repo))
    paths: list[str] = []
    joined: list[str] = []
    names = sorted({path.split("/", 1)[0] for path in came})
    by_suffix = _folders_by_suffix(sessions, {_suffix(name) for name in names}) if names else {}
    for name in names:
        twins: dict[str, list[Path]] = {}
        for folder in by_suffix.get(_suffix(name), ()):
            try:
                session_id = record_fields(folder / SESSION_FILE).get("session_id", "")
            except OSError:
                continue
            twins.setdefault(session_id, []).append(folder)
        for folders in twins.values():
            if len(folders) < 2:
                continue
            keep = max(folders, key=lambda f: (session_rank(_read(f / SESSION_FILE)), f.name))
            for other in sorted(set(folders) - {keep}):
                paths += _join(root, other, keep)
                joined.append(other.relative_to(root).as_posix())
    if paths:
        base = root.relative_to(repo)
        who = git.identity(repo, config.author)
        subject = f"{git.SUBJECT}sync: one folder per session ({len(joined)} joined)"
        git.commit_paths(repo, sorted({(base / p).as_posix() for p in paths}), subject, who)
    return joined


def _suffix(name: str) -> str:
    """What ends a session folder's name: its session id, or the start of it."""
    return name.rsplit("-", 1)[-1]


def _folders_by_suffix(sessions: Path, suffixes: set[str]) -> dict[str, list[Path]]:
    """The session folders whose names end in one of `suffixes`, by it: one listing of
    `sessions/` for all (a glob each listed 100,000 folders each time)."""
    found: dict[str, list[Path]] = {}
    with os.scandir(sessions) as listing:
        for entry in listing:
            if "-" in entry.name and (end := _suffix(entry.name)) in suffixes:
                found.setdefault(end, []).append(Path(entry.path))
    return found


def _join(root: Path, other: Path, keep: Path) -> list[str]:
    """Carry what people gave `other`'s findings onto `keep`'s, then remove `other`; the paths
    changed (relative to the ledger)."""
    changed = []
    for file in sorted(other.glob("*.md")):
        target = keep / file.name
        if file.name != SESSION_FILE and target.is_file():
            text = settle_text(None, _read(target), _read(file))
            if text is not None and text != _read(target):
                write_atomic(target, text)
                changed.append(target.relative_to(root).as_posix())
        file.unlink()
        changed.append(file.relative_to(root).as_posix())
    with contextlib.suppress(OSError):
        other.rmdir()  # unless something not ledger's is left in it
    return changed


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def _reextract(config: Config, repo: Path, settled: Iterable[str]) -> int:
    """Extract again, from the transcript here, each session settled by taking one side's files:
    when it has grown past both sides, the ledger says what it says (ingest decides: a transcript
    whose content is what the ledger holds writes nothing). The sessions rewritten."""
    from ledger.ingest.results import IngestOptions
    from ledger.ingest.run import ingest

    facts = load_facts(config.state)
    sources = []
    for folder in sorted({repo / path.rsplit("/", 1)[0] for path in settled}):
        try:
            session_id = record_fields(folder / SESSION_FILE).get("session_id", "")
        except OSError:
            continue  # the folder went with the settling
        source = facts[session_id].source if session_id in facts else None
        if source and Path(source).is_file():
            sources.append(Path(source))
    if not sources:
        return 0
    return len(ingest(config, IngestOptions(sources=tuple(sources))).changes)


def _by_folder(conflicts: remote.Conflicts, sessions: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(conflicts):
        if path.startswith(sessions) and path.count("/", len(sessions)) == 1:
            found.setdefault(path.rsplit("/", 1)[0], []).append(path)
    return found
