"""Derived pages are local: git ignores them, an older ledger stops tracking them in one commit,
and hooks in the ledger's repo rebuild them whenever git changes the ledger's files.

Pages committed by two people merge badly (duplicate lines, invalid JSON) and make every review
noisy; built on each machine from the Markdown under `sessions/`, they never conflict.
"""

from __future__ import annotations

import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

from ledger.atomic import write_atomic
from ledger.store import git as ledger_git
from ledger.store.git_guard import split_large_index
from ledger.store.git_run import answer, git, run
from ledger.store.paths import PAGES_DIR

HOME_PAGE = "index.md"
IGNORE_RULES = (
    "# derived pages: built on each machine by ledger, never committed\n"
    f"/{HOME_PAGE}\n/{PAGES_DIR}/\n"
)
GITATTRIBUTES = ".gitattributes"
OLD_MERGE_RULES = (
    "# derived by `ledger index`: merged without conflicts, rewritten by the next run\n"
    f"/{HOME_PAGE} merge=union\n/{PAGES_DIR}/** merge=union\n"
)
"""What older ledgers wrote to `.gitattributes`: taken out again, pages are no longer merged."""
REPO_HOOKS = ("post-merge", "post-checkout", "post-rewrite")
HOOK_MARK = "# ledger: rebuilds the ledger's local pages"
HOOK_NAME = "ledger-index"
"""The `ledger hook` entry point the hooks call."""


@dataclass(frozen=True, slots=True)
class Untracked:
    """What `stop_tracking` did: how many derived files git no longer tracks, in which commit."""

    files: int
    commit: str | None


def ignore_rules(root: Path) -> list[str]:
    """Make sure `.gitignore` keeps the derived pages out of git; the files changed (relative
    to `root`)."""
    changed = []
    ignore = root / ".gitignore"
    existing = _read(ignore)
    if f"/{HOME_PAGE}\n" not in existing or f"/{PAGES_DIR}/\n" not in existing:
        separator = "\n" if existing and not existing.endswith("\n") else ""
        write_atomic(ignore, existing + separator + IGNORE_RULES)
        changed.append(".gitignore")
    attributes = root / GITATTRIBUTES
    old = _read(attributes)
    if OLD_MERGE_RULES in old:
        rest = old.replace(OLD_MERGE_RULES, "")
        if rest.strip():
            write_atomic(attributes, rest)
        else:
            attributes.unlink()
        changed.append(GITATTRIBUTES)
    return changed


def make_local(root: Path, author: str | None) -> Untracked | None:
    """Before a run writes: the ledger's repo has the hooks that rebuild its pages, and git no
    longer tracks them (see `stop_tracking`); a ledger's own repo keeps a large index split.
    Nothing outside a repo, or while a merge, rebase or cherry-pick is under way there."""
    repo = ledger_git.toplevel(root)
    if repo is None or ledger_git.operation_in_progress(repo):
        return None
    install_hooks(repo, root.resolve())
    if repo == root.resolve():
        split_large_index(repo)
    return stop_tracking(root, repo, author)


def stop_tracking(root: Path, repo: Path, author: str | None) -> Untracked | None:
    """Keep the derived pages out of git from now on: the ignore rules, the union-merge rules of
    older ledgers taken out, and the pages git still tracks removed from it (they stay on
    disk), in one commit. None when there was nothing to do."""
    base = ledger_git.path_in(repo, root)
    prefix = f"{base}/" if base else ""
    changed = [prefix + name for name in ignore_rules(root)]
    pages = tracked_pages(repo, base)
    if not changed and not pages:
        return None
    message = (
        f"{ledger_git.SUBJECT}derived pages are local: {len(pages)} files "
        f"({HOME_PAGE}, {PAGES_DIR}/) no longer tracked, git-ignored\n"
    )
    who = ledger_git.identity(repo, author)
    commit = ledger_git.commit_paths(repo, changed, message, who, untrack=pages)
    return Untracked(len(pages), commit)


def tracked_pages(repo: Path, base: str) -> list[str]:
    """The derived pages committed at HEAD in `repo` (paths relative to it); `base` is the
    ledger's folder inside the repo ("" at its root). From HEAD's tree, not git's index: reading
    that is 0.14 s at 400,000 files, and a page a person staged by hand is theirs to commit."""
    prefix = f"{base}/" if base else ""
    listing = run(
        repo, "ls-tree", "-r", "-z", "--name-only", "HEAD", "--", f"{prefix}{HOME_PAGE}",
        f"{prefix}{PAGES_DIR}",
    )  # fmt: skip
    return sorted(filter(None, listing.stdout.decode("utf-8", "replace").split("\0")))


def install_hooks(repo: Path, root: Path) -> list[str]:
    """ledger's post-merge, post-checkout and post-rewrite hooks in the ledger's repo: the
    names written. A hook that is not ledger's is left alone; with `core.hooksPath` set (hooks
    shared by many repos) nothing is written."""
    if answer(repo, "config", "core.hooksPath"):
        return []
    folder = Path(git(repo, "rev-parse", "--git-path", "hooks"))
    folder = folder if folder.is_absolute() else repo / folder
    text = _hook_script(root)
    written = []
    for name in REPO_HOOKS:
        path = folder / name
        current = _read(path)
        if current == text or (path.exists() and HOOK_MARK not in current[:400]):
            continue
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text, 0o755)
        written.append(name)
    return written


def _hook_script(root: Path) -> str:
    command = shlex.join(
        [sys.executable, "-m", "ledger.entry", "hook", HOOK_NAME, "--ledger", str(root)]
    )
    return (
        f"#!/bin/sh\n{HOOK_MARK} (index.md, index/) when git changes its files.\n"
        "# Written by ledger; edits here are overwritten. It never fails the git command.\n"
        f"{command} >/dev/null 2>&1 </dev/null\nexit 0\n"
    )


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
