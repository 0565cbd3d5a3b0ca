"""What keeps ledger's commits safe in someone's repo: git's own rules for who commits,
signing where the repo asks for it, git's index lock checked before the branch moves (and a
journal when the index still cannot be brought level), and no commit in the middle of a merge,
rebase or cherry-pick."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ledger.errors import LedgerError
from ledger.store.git_run import answer, git, git_paths, run

if TYPE_CHECKING:
    from ledger.store.git import Identity

INDEX_JOURNAL = "ledger-index-pending"
"""In the git dir: paths of ledger's last commit that git's index was not brought level with."""


def commit_env(who: Identity) -> dict[str, str]:
    """The environment of ledger's commits: git's own rules (`GIT_AUTHOR_*`, `GIT_COMMITTER_*`
    win), then `who` (the local author override, else `user.*`, else ledger's own)."""
    env = dict(os.environ)
    for role in ("AUTHOR", "COMMITTER"):
        env.setdefault(f"GIT_{role}_NAME", who.name)
        env.setdefault(f"GIT_{role}_EMAIL", who.email)
    return env


def idents(root: Path, env: Mapping[str, str]) -> tuple[str, str]:
    """(author, committer) as `Name <email> <epoch> <tz>`, by `git var` (dates from the
    environment too)."""
    listed = dict(line.partition("=")[::2] for line in git(root, "var", "-l", env=env).split("\n"))
    return listed["GIT_AUTHOR_IDENT"], listed["GIT_COMMITTER_IDENT"]


def _signing_key(root: Path) -> str | None:
    """None when commits need not be signed; else the key to sign with ("" for git's default)."""
    if answer(root, "config", "--type=bool", "commit.gpgsign") != "true":
        return None
    return answer(root, "config", "user.signingkey") or ""


def signed(root: Path, commit: str, head: str | None, message: str, env: Mapping[str, str]) -> str:
    """The same tree, parent and message as `commit`, signed by `git commit-tree -S`."""
    key = _signing_key(root)
    if key is None:
        return commit
    return _commit_tree(root, f"{commit}^{{tree}}", [head] if head else [], message, env, key)


def commit_tree(
    root: Path, tree: str, parents: Sequence[str], message: str, env: Mapping[str, str]
) -> str:
    """A commit of `tree` made by `git commit-tree`, signed when `commit.gpgsign` asks (git's
    commit-tree does not read it itself)."""
    return _commit_tree(root, tree, parents, message, env, _signing_key(root))


def _commit_tree(
    root: Path,
    tree: str,
    parents: Sequence[str],
    message: str,
    env: Mapping[str, str],
    key: str | None,
) -> str:
    sign = [] if key is None else [f"-S{key}"]
    listed = [arg for parent in parents for arg in ("-p", parent)]
    done = run(root, "commit-tree", *sign, *listed, tree, stdin=message.encode(), env=env)
    if done.returncode != 0:
        error = " ".join(done.stderr.decode(errors="replace").split())
        if key is None:
            raise LedgerError(f"git commit-tree failed: {error}", "nothing was committed")
        raise LedgerError(
            f"signing ledger's commit failed (commit.gpgsign is on): {error}",
            "check gpg.format and user.signingkey; nothing was committed",
        )
    return done.stdout.decode().strip()


def repair_index(root: Path) -> int:
    """Bring git's index level with HEAD for the paths a commit cut short left behind (see
    INDEX_JOURNAL); the number of paths repaired."""
    (journal,) = git_paths(root, INDEX_JOURNAL)
    try:
        listed = journal.read_bytes()
    except FileNotFoundError:
        return 0
    if listed.strip(b"\0"):
        check_index_lock(root)
        git(root, "reset", "-q", "--pathspec-from-file=-", "--pathspec-file-nul", stdin=listed)
    journal.unlink()
    return listed.count(b"\0")


def check_index_lock(root: Path) -> None:
    (index,) = git_paths(root, "index")
    lock = index.with_name(index.name + ".lock")
    if lock.exists():
        raise LedgerError(
            f"git's index is locked ({lock} exists): another git command is running, or one "
            "was killed",
            f"try again when it has finished; if no git command is running, remove {lock}",
        )


SPLIT_INDEX_BYTES = 8 * 1024 * 1024
"""From this size of git's index on (about 40,000 files), a ledger's own repo keeps it split."""


def split_large_index(repo: Path) -> bool:
    """Keep a large index split (`core.splitIndex`) in a ledger's own repo: a commit then
    writes the entries it changed beside a shared index, not the whole index again (at 400,000
    files, bringing it level with an ingest of 20 sessions: 0.58 → 0.16 s). A setting the
    person made is left alone. True when this call turned it on."""
    (index,) = git_paths(repo, "index")
    try:
        if index.stat().st_size < SPLIT_INDEX_BYTES:
            return False
    except OSError:
        return False
    if answer(repo, "config", "core.splitIndex") is not None:
        return False
    git(repo, "config", "core.splitIndex", "true")
    return True


def level_index(root: Path, listed: list[str], commit: str, untracked: Sequence[str] = ()) -> None:
    """The user's own index: our paths now match HEAD there too, nothing else is touched (their
    content on disk is what was just committed; 10x faster than `reset` on 10,000 paths);
    `untracked` ones leave the index and stay on disk."""
    nul = ("\0".join(listed) + "\0").encode() if listed else b""
    done = run(root, "update-index", "--add", "--remove", "-z", "--stdin", stdin=nul)
    if done.returncode == 0 and untracked:
        gone = ("\0".join(untracked) + "\0").encode()
        done = run(root, "update-index", "--force-remove", "-z", "--stdin", stdin=gone)
        nul += gone
    if done.returncode == 0:
        return
    (journal,) = git_paths(root, INDEX_JOURNAL)
    with open(journal, "ab") as handle:
        handle.write(nul)
    error = " ".join(done.stderr.decode(errors="replace").split())
    raise LedgerError(
        f"committed {commit[:10]}, but git's index could not be brought level with it ({error})",
        "the next ledger run repairs it (or run `git reset -q` in the repo)",
    )


_OPERATIONS = (
    ("MERGE_HEAD", "a merge"),
    ("rebase-merge", "a rebase"),
    ("rebase-apply", "a rebase (or `git am`)"),
    ("CHERRY_PICK_HEAD", "a cherry-pick"),
    ("REVERT_HEAD", "a revert"),
)


def operation_in_progress(repo: Path) -> str | None:
    """What git operation is under way in `repo` ("a merge", "a rebase", "a cherry-pick"...),
    None when none is (or `repo` is no repo): ledger never commits in the middle of one."""
    args = [part for name, _ in _OPERATIONS for part in ("--git-path", name)]
    listing = answer(repo, "rev-parse", *args)
    if listing is None:
        return None
    for found, (_, what) in zip(listing.split("\n"), _OPERATIONS, strict=True):
        if (repo / found).exists():
            return what
    return None
