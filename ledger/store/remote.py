"""The ledger's repo and its remote: where it stands, fetch and push (GitPython), and the
integration of what was fetched: in trees when nothing conflicts, else a rebase or merge by git
itself, stopping at each conflict for `ingest/sync.py` to settle.

GitPython is imported only here and only by `ledger sync` (0.2 s: never on a hook's path).
"""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ledger.atomic import write_bytes_atomic
from ledger.errors import LedgerError
from ledger.store.git import scratch_commit, write_tree
from ledger.store.git_guard import commit_tree, level_index, operation_in_progress
from ledger.store.git_run import answer, contents, run, started

if TYPE_CHECKING:
    from git import Repo

NO_HOOKS = ("-c", "core.hooksPath=/dev/null")
MOVED_ON = (
    "non-fast-forward",
    "fetch first",
    "failed to update ref",
    "cannot lock ref",
    "stale info",
)
"""How git says a push lost a race: the remote's branch moved after it was fetched."""
"""Rebase and merge run without the repo's hooks: sync rebuilds the pages once, at the end."""


@dataclass(frozen=True, slots=True)
class Upstream:
    """What the branch syncs with: a remote, its branch, and the local branch."""

    remote: str
    branch: str
    local: str

    @property
    def ref(self) -> str:
        return f"refs/remotes/{self.remote}/{self.branch}"


def why_not(repo: Path) -> str | None:
    """Why the repo cannot sync now, as one line: an operation under way, a detached HEAD;
    None when it can (see also `uncommitted`)."""
    doing = operation_in_progress(repo)
    if doing:
        return f"{doing} is in progress in {repo}: finish or abort it, then sync"
    if answer(repo, "symbolic-ref", "-q", "HEAD") is None:
        return f"the repository at {repo} has a detached HEAD: check out a branch, then sync"
    return None


def uncommitted(repo: Path) -> Callable[[], str | None]:
    """Start looking for changes not committed: call the answer for why the repo cannot sync
    then, as one line (None: there are none). `git status` stats every tracked file (0.6 s at
    400,000 files): sync fetches meanwhile, which changes nothing but the remote's branch."""
    # untracked files are left out (listing them walks every folder): one that a fetched file
    # would overwrite stops git's rebase or merge, which then changes nothing either
    status = started(repo, "status", "--porcelain", "--untracked-files=no")

    def why() -> str | None:
        listed = status().stdout
        if not listed.strip():
            return None
        first = listed.decode("utf-8", "replace").splitlines()[0][3:]
        return f"{repo} has changes not committed ({first}...): commit or stash them, then sync"

    return why


def upstream(repo: Path, remote: str | None) -> Upstream | None:
    """The branch's upstream; else `remote` (default: origin, or the only remote) and the
    branch of the same name; None when the repo has no remote."""
    local = answer(repo, "symbolic-ref", "--short", "-q", "HEAD") or ""
    tracked = answer(repo, "rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}")
    remotes = (answer(repo, "remote") or "").split()
    if remote is None and tracked and "/" in tracked:
        name, _, branch = tracked.partition("/")
        if name in remotes:
            return Upstream(name, branch, local)
    if remote is not None and remote not in remotes:
        raise LedgerError(f"no remote {remote!r} in {repo}", f"its remotes: {', '.join(remotes)}")
    if remote is None:
        if not remotes:
            return None
        remote = "origin" if "origin" in remotes else remotes[0]
    return Upstream(remote, local, local)


def _repo(repo: Path) -> Repo:
    import git

    return git.Repo(repo)


def fetch(repo: Path, up: Upstream) -> bool:
    """Fetch the upstream branch; False when the remote has no such branch yet."""
    import git

    try:
        _repo(repo).remote(up.remote).fetch(f"+refs/heads/{up.branch}:{up.ref}")
    except git.GitCommandError as error:
        if "couldn't find remote ref" in str(error).lower():
            return False
        raise LedgerError(
            f"git fetch {up.remote} failed: {_said(error)}", "check the remote"
        ) from error
    return True


def push(repo: Path, up: Upstream) -> bool:
    """Push the branch to its upstream (set as upstream); False when the remote moved on
    meanwhile (not a fast-forward), so sync integrates again."""
    import git

    try:
        infos = (
            _repo(repo)
            .remote(up.remote)
            .push(f"refs/heads/{up.local}:refs/heads/{up.branch}", set_upstream=True)
        )
    except git.GitCommandError as error:
        if any(said in str(error) for said in MOVED_ON):
            return False
        raise LedgerError(
            f"git push {up.remote} failed: {_said(error)}", "check the remote"
        ) from error
    for info in infos:
        if info.flags & (info.REJECTED | info.REMOTE_REJECTED):
            if any(said in info.summary for said in MOVED_ON):
                return False
            raise LedgerError(
                f"git push {up.remote} was refused: {info.summary.strip()}", "check the remote"
            )
        if info.flags & info.ERROR:
            raise LedgerError(
                f"git push {up.remote} failed: {info.summary.strip()}", "check the remote"
            )
    return True


def _said(error: Exception) -> str:
    return " ".join(str(getattr(error, "stderr", "") or error).split())[:300]


def counts(repo: Path, up: Upstream) -> tuple[int, int]:
    """(commits only here, commits only on the remote)."""
    listed = answer(repo, "rev-list", "--left-right", "--count", f"HEAD...{up.ref}") or "0 0"
    ahead, behind = listed.split()
    return int(ahead), int(behind)


def local_commits(repo: Path) -> int:
    """How many commits HEAD has (what a first push sends)."""
    return int(answer(repo, "rev-list", "--count", "HEAD") or 0)


def head(repo: Path) -> str | None:
    return answer(repo, "rev-parse", "--verify", "--quiet", "HEAD")


Conflicts = dict[str, dict[int, str]]
"""Conflicted path (relative to the repo) → {stage: blob id}: 1 base, 2 ours, 3 theirs."""
Settle = Callable[[Conflicts, str, str], dict[str, str | None]]
"""What each conflicted path is to hold (None: removed), given the conflicts and the commits
of the two sides (ours, theirs); raises LedgerError for a conflict that is not ledger's."""


def start(repo: Path, up: Upstream, merge: bool, message: str, settle: Settle) -> bool:
    """Fast-forward, rebase onto, or merge the fetched branch; False when git stopped at
    conflicts (the operation is left in progress for `unmerged` and `go_on`)."""
    ahead, _ = counts(repo, up)
    if ahead == 0:
        args = ["merge", "--ff-only", "-q", up.ref]
    elif _in_trees(repo, up, merge, message, settle):
        return True
    elif merge:
        args = ["merge", "--no-ff", "-q", "-m", message, up.ref]
    else:
        args = ["rebase", "-q", up.ref]
    done = run(repo, *NO_HOOKS, *args, env=_no_editor())
    if done.returncode == 0:
        return True
    if operation_in_progress(repo) is None:
        raise LedgerError(
            f"git {args[0]} failed in {repo}: {_stderr(done.stderr)}", "check the repo"
        )
    return False


def _in_trees(repo: Path, up: Upstream, merge: bool, message: str, settle: Settle) -> bool:
    """Rebase or merge without git's index and work tree until the result is known: each new
    commit's tree is merged by `git merge-tree --write-tree` (trees only), its conflicts settled
    there, and made by `commit-tree`; then the files, the branch and the index move once
    (`_move`). At 400,000 files that is about 1.5 s where `git rebase` rewrote the whole index
    at each step, and again at each conflict settled (7 s for one). False, with nothing
    changed, when a local commit is a merge, a conflict is not in files (a folder where a file
    was) or is left unsettled, or this git is older than 2.38: git integrates then."""
    onto = answer(repo, "rev-parse", "--verify", "-q", f"{up.ref}^{{commit}}")
    head = answer(repo, "rev-parse", "--verify", "-q", "HEAD")
    if onto is None or head is None:
        return False
    if merge:
        tree = _integrated(repo, head, onto, settle)
        if tree is None:
            return False
        result = commit_tree(repo, tree, [head, onto], message, os.environ)
    else:
        listed = answer(repo, "rev-list", "--reverse", "--parents", f"{up.ref}..HEAD") or ""
        commits = [line.split() for line in listed.splitlines()]
        if any(len(ids) != 2 for ids in commits):
            return False  # a merge among the local commits: git's rebase decides what to do
        result = onto
        for commit, parent in commits:
            # the commit's changes from its parent: merged from there, not from where it forked
            ours = result if len(commits) == 1 else scratch_commit(repo, result, parent)
            tree = _integrated(repo, ours, commit, settle)
            if tree is None:
                return False
            if tree != answer(repo, "rev-parse", f"{result}^{{tree}}"):  # else: now empty, dropped
                result = commit_tree(repo, tree, [result], *_picked(repo, commit))
    if not _move(repo, head, result):
        done = run(repo, "reset", "-q", "--keep", result)
        if done.returncode != 0:
            raise LedgerError(f"git could not move to {result[:12]}: {_stderr(done.stderr)}",
                              "nothing was changed; check the repo")  # fmt: skip
    return True


def _move(repo: Path, head: str, result: str) -> bool:
    """The files, the branch and git's index from `head` to `result`, writing only the files
    that differ (`git reset --keep` reads and rewrites every entry of the index: 3.4 s of a
    sync at 400,000 files). False, with nothing changed, when a changed path is not a regular
    file or a new one is already on disk: `git reset --keep` decides then."""
    listed = run(repo, "diff-tree", "-r", "-z", "--no-renames", head, result).stdout.split(b"\0")
    changes: dict[str, str | None] = {}  # path → its new blob, None when it goes
    for meta, name in zip(listed[0:-1:2], listed[1::2], strict=True):
        old_mode, new_mode, _, blob, _ = meta.decode().lstrip(":").split()
        path = name.decode("utf-8", "surrogateescape")
        if {old_mode, new_mode} - {"100644", "000000"}:
            return False
        if old_mode == "000000" and os.path.lexists(repo / path):
            return False
        changes[path] = None if new_mode == "000000" else blob
    blobs = contents(repo, [new for new in changes.values() if new is not None])
    if None in blobs.values():
        return False  # a blob this repo cannot read: git's own move says why
    for path, new in changes.items():
        where = repo / path
        if new is None:
            where.unlink(missing_ok=True)
            with contextlib.suppress(OSError):  # a folder left empty goes, as git's own
                where.parent.rmdir()
        else:
            write_bytes_atomic(where, blobs[new] or b"")
    branch = answer(repo, "symbolic-ref", "-q", "HEAD")
    moved = run(repo, "update-ref", "-m", "ledger: sync", branch or "HEAD", result, head)
    if moved.returncode != 0:
        raise LedgerError(f"git could not move the branch to {result[:12]}: "
                          f"{_stderr(moved.stderr)}", "check the repo")  # fmt: skip
    level_index(repo, sorted(changes), result)
    return True


def _integrated(repo: Path, ours: str, theirs: str, settle: Settle) -> str | None:
    """The tree of merging two commits, its conflicts as `settle` settles them (and any other
    path it sets); None when this git cannot say, or they are not all settled in files."""
    merged = _merged_tree(repo, ours, theirs)
    if merged is None:
        return None
    tree, conflicts = merged
    if not conflicts:
        return tree
    if {mode for mode, _ in conflicts.values()} != {"100644"}:
        return None
    settled = settle({path: stages for path, (_, stages) in conflicts.items()}, ours, theirs)
    if not settled.keys() >= conflicts.keys():
        return None
    files = {path: None if text is None else text.encode() for path, text in settled.items()}
    return write_tree(repo, tree, files)


def _merged_tree(
    repo: Path, ours: str, theirs: str
) -> tuple[str, dict[str, tuple[str, dict[int, str]]]] | None:
    """The tree of merging two commits (from their merge base), and its conflicts: path → (the
    mode of its stages, "mixed" when they differ; {stage: blob}); None when this git cannot
    say. A conflicted path holds git's conflict markers in that tree."""
    done = run(repo, "merge-tree", "--write-tree", "--no-messages", "-z", ours, theirs)
    if done.returncode not in (0, 1):
        return None
    tree, *listed = done.stdout.decode("utf-8", "surrogateescape").split("\0")
    conflicts: dict[str, tuple[str, dict[int, str]]] = {}
    for entry in itertools.takewhile(bool, listed):  # `<mode> <blob> <stage>\t<path>`
        meta, _, path = entry.partition("\t")
        mode, blob, stage = meta.split()
        seen, stages = conflicts.get(path, (mode, {}))
        stages[int(stage)] = blob
        conflicts[path] = (seen if seen == mode else "mixed", stages)
    if not tree.strip() or (done.returncode == 1) != bool(conflicts):
        return None
    return tree.strip(), conflicts


def _picked(repo: Path, commit: str) -> tuple[str, dict[str, str]]:
    """What a rebased commit keeps of the original: its message and its author (name, email
    and date); the committer is whoever syncs, by git's own rules."""
    # `git log -1`: `git show -s` reads more than the commit (60 ms at 400,000 files, not 3)
    shown = run(repo, "log", "-1", "--format=%an%x00%ae%x00%ad%x00%B", "--date=raw", commit)
    name, email, date, message = shown.stdout.decode("utf-8", "replace").split("\0", 3)
    env = {**os.environ, "GIT_AUTHOR_NAME": name, "GIT_AUTHOR_EMAIL": email}
    env["GIT_AUTHOR_DATE"] = date
    return message.rstrip("\n") + "\n", env


def unmerged(repo: Path) -> Conflicts:
    """The conflicts git's rebase or merge stopped at."""
    listing = run(repo, "ls-files", "-u", "-z").stdout.decode("utf-8", "replace")
    found: dict[str, dict[int, str]] = {}
    for entry in filter(None, listing.split("\0")):
        meta, _, path = entry.partition("\t")
        _, blob, stage = meta.split()
        found.setdefault(path, {})[int(stage)] = blob
    return found


def texts(repo: Path, names: list[str]) -> dict[str, str | None]:
    """What each object name (`<blob id>`, `<rev>:<path>`) holds as text, by one git process;
    None for one that is not there."""
    found = contents(repo, sorted(set(names)))
    return {
        name: None if data is None else data.decode("utf-8", "replace")
        for name, data in found.items()
    }


def names_in(repo: Path, rev: str, folders: list[str]) -> dict[str, set[str]]:
    """The files directly in each of `folders` (relative to the repo) at a revision, by one git
    process."""
    pathspecs = [f"{folder}/" for folder in folders]
    done = run(repo, "ls-tree", "-z", "--name-only", rev, "--", *pathspecs)
    found: dict[str, set[str]] = {}
    for path in filter(None, done.stdout.decode("utf-8", "replace").split("\0")):
        found.setdefault(path.rsplit("/", 1)[0], set()).add(path)
    return found


def changed_names(repo: Path, since: str, folder: Path) -> list[str]:
    """Files under `folder` (relative to the repo) that HEAD changed since `since`, relative to
    `folder`."""
    prefix = f"{folder.as_posix()}/"
    listed = run(repo, "diff", "--name-only", "-z", "--no-renames", since, "HEAD", "--", prefix)
    names = listed.stdout.decode("utf-8", "replace").split("\0")
    return [n.removeprefix(prefix) for n in names if n.startswith(prefix)]


def merge_base(repo: Path, first: str, second: str) -> str | None:
    return answer(repo, "merge-base", first, second)


def resolve(repo: Path, settled: Mapping[str, str | None]) -> None:
    """Settle conflicted paths (relative to the repo): each its text (written and staged), or
    None (removed). Staged by one git process for all: each rewrites git's index (0.9 s at
    100,000 sessions)."""
    from ledger.atomic import write_atomic

    for path, text in sorted(settled.items()):
        where = repo / path
        if text is None:
            where.unlink(missing_ok=True)
            continue
        where.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(where, text)
    if not settled:
        return
    # what is on disk is staged, what is not is removed: `git add -A` for these paths exactly
    nul = "".join(f"{path}\0" for path in sorted(settled)).encode()
    done = run(repo, "update-index", "--add", "--remove", "-z", "--stdin", stdin=nul)
    if done.returncode != 0:
        said = _stderr(done.stderr)
        raise LedgerError(f"git could not stage what sync settled: {said}", "check the repo")


def untrack(repo: Path, path: str) -> None:
    """A conflicted derived page: out of git, left for the rebuild."""
    run(repo, "rm", "-q", "--cached", "--ignore-unmatch", "--", path)


def go_on(repo: Path) -> bool:
    """Continue the rebase or merge once its conflicts are settled; False when git stopped
    at the next commit's conflicts."""
    doing = operation_in_progress(repo)
    if doing == "a merge":
        done = run(repo, *NO_HOOKS, "commit", "--no-edit", "-q", env=_no_editor())
    else:
        done = run(repo, *NO_HOOKS, "rebase", "--continue", env=_no_editor())
        if done.returncode != 0 and run(repo, "diff", "--cached", "--quiet").returncode == 0:
            done = run(repo, *NO_HOOKS, "rebase", "--skip", env=_no_editor())  # settled to nothing
    if done.returncode == 0 and operation_in_progress(repo) is None:
        return True
    if unmerged(repo):
        return False
    raise LedgerError(f"git could not go on in {repo}: {_stderr(done.stderr)}", "check the repo")


def abort(repo: Path) -> None:
    """Leave the repo as it was before the integration began."""
    doing = operation_in_progress(repo)
    if doing == "a merge":
        run(repo, "merge", "--abort")
    elif doing:
        run(repo, "rebase", "--abort")


def _no_editor() -> dict[str, str]:
    return {**os.environ, "GIT_EDITOR": "true", "GIT_SEQUENCE_EDITOR": "true"}


def _stderr(data: bytes) -> str:
    return " ".join(data.decode("utf-8", "replace").split())[:300]
