"""The ledger's git side: find or create the repo, and commit exactly the paths ledger wrote.

Commits go through a private index (`GIT_INDEX_FILE`), so whatever the user has staged in the
same repo is never swept into a ledger commit, and `git` plumbing keeps it one process per step
whatever the number of files (GitPython's `index.add` spawns one per file: PERF.md).
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from ledger.errors import LedgerError

DEFAULT_AUTHOR = "ledger <ledger@localhost>"


@dataclass(frozen=True, slots=True)
class Identity:
    name: str
    email: str

    @classmethod
    def parse(cls, text: str) -> Identity:
        """`Name <email>`."""
        name, _, rest = text.partition("<")
        if not rest.endswith(">") or not name.strip():
            raise LedgerError(
                f"author {text!r} is not 'Name <email>'", "fix `author` in ledger.yaml"
            )
        return cls(name.strip(), rest[:-1].strip())


def _git(cwd: Path, *args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        ["git", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        check=False,
    )
    if done.returncode != 0:
        raise LedgerError(f"git {args[0]} failed in {cwd}: {done.stderr.strip()}", "check the repo")
    return done.stdout.strip()


def toplevel(path: Path) -> Path | None:
    """The root of the git work tree holding `path`, or None outside any repo."""
    done = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"], cwd=path, capture_output=True, text=True
    )
    return Path(done.stdout.strip()) if done.returncode == 0 else None


def init(path: Path) -> Path:
    """The repo holding `path`, creating one there when there is none."""
    root = toplevel(path)
    if root is None:
        _git(path, "init", "--quiet")
        root = path.resolve()
    return root


def identity(root: Path, configured: str | None) -> Identity:
    """Who ledger commits as: the configured author, else git's identity, else ledger's own."""
    if configured:
        return Identity.parse(configured)
    name = subprocess.run(["git", "config", "user.name"], cwd=root, capture_output=True, text=True)
    mail = subprocess.run(["git", "config", "user.email"], cwd=root, capture_output=True, text=True)
    if name.stdout.strip() and mail.stdout.strip():
        return Identity(name.stdout.strip(), mail.stdout.strip())
    return Identity.parse(DEFAULT_AUTHOR)


def _head(root: Path) -> str | None:
    done = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", "HEAD^{commit}"],
        cwd=root,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip() or None


def commit_paths(root: Path, paths: list[str], message: str, who: Identity) -> str | None:
    """Commit the current content of `paths` (relative to `root`; deleted ones are removed).

    Returns the new commit id, or None when the paths already match HEAD (no empty commits).
    """
    if not paths:
        return None
    git_dir = Path(_git(root, "rev-parse", "--absolute-git-dir"))
    env = {
        "GIT_INDEX_FILE": str(git_dir / "ledger-index"),
        "GIT_AUTHOR_NAME": who.name,
        "GIT_AUTHOR_EMAIL": who.email,
        "GIT_COMMITTER_NAME": who.name,
        "GIT_COMMITTER_EMAIL": who.email,
    }
    head = _head(root)
    listed = "\0".join(sorted(set(paths))) + "\0"
    try:
        _git(root, "read-tree", *([head] if head else ["--empty"]), env=env)
        _git(root, "update-index", "--add", "--remove", "-z", "--stdin", stdin=listed, env=env)
        tree = _git(root, "write-tree", env=env)
        if head and tree == _git(root, "rev-parse", f"{head}^{{tree}}"):
            return None
        parents = ["-p", head] if head else []
        commit = _git(root, "commit-tree", tree, *parents, "-F", "-", stdin=message, env=env)
        _git(root, "update-ref", "-m", "ledger: commit", "HEAD", commit, *([head] if head else []))
    finally:
        (git_dir / "ledger-index").unlink(missing_ok=True)
    # the user's own index: our paths now match HEAD there too, nothing else is touched
    _git(root, "reset", "--quiet", "--pathspec-from-file=-", "--pathspec-file-nul", stdin=listed)
    return commit
