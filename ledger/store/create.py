"""`ledger init`: a new ledger, as a git repo of its own or a folder inside an existing one."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from ledger.atomic import write_atomic
from ledger.store import git
from ledger.store.local_pages import IGNORE_RULES, install_hooks
from ledger.store.markdown import template
from ledger.store.paths import CONFIG_FILE, LOCAL_CONFIG_FILE, STATE_DIR

GITIGNORE = (
    f"# local speed-ups of ledger (caches, lock, journal): safe to delete\n{STATE_DIR}/\n"
    "# a write cut short leaves its temporary file\n.*.tmp\n"
)
GITIGNORE += f"# this machine's own settings (the author of its commits)\n{LOCAL_CONFIG_FILE}\n"
GITIGNORE += IGNORE_RULES


@dataclass(frozen=True, slots=True)
class Created:
    root: Path
    repo: Path
    new_repo: bool
    existed: bool
    """The folder was a ledger already: nothing was overwritten."""


def create_ledger(path: Path, pages: Callable[[Path], Iterable[str]] | None = None) -> Created:
    """Create a ledger at `path`; an existing one is left exactly as it is. `pages` writes the
    derived pages of the empty ledger (paths relative to it): those git does not ignore are
    committed with the rest."""
    root = path.expanduser().resolve()
    root.mkdir(parents=True, exist_ok=True)
    if (root / CONFIG_FILE).exists():
        repo = git.toplevel(root)
        return Created(root, repo or root, new_repo=False, existed=True)
    new_repo = git.toplevel(root) is None
    repo = git.init(root)
    write_atomic(root / CONFIG_FILE, template(CONFIG_FILE).template)
    ignore = root / ".gitignore"
    if not ignore.exists() or f"{STATE_DIR}/" not in ignore.read_text(encoding="utf-8"):
        existing = ignore.read_text(encoding="utf-8") if ignore.exists() else ""
        write_atomic(
            ignore,
            existing + ("\n" if existing and not existing.endswith("\n") else "") + GITIGNORE,
        )
    relative = root.relative_to(repo)
    derived = [(relative / name).as_posix() for name in (pages(root) if pages else ())]
    paths = [(relative / name).as_posix() for name in (CONFIG_FILE, ".gitignore")]
    paths += sorted(set(derived) - git.ignored(repo, derived))
    git.commit_paths(repo, paths, f"{git.SUBJECT}init", git.identity(repo, None))
    install_hooks(repo, root)
    return Created(root, repo, new_repo=new_repo, existed=False)
