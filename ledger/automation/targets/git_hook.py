"""A git `post-commit` hook in a project repo (`core.hooksPath` respected).

A post-commit hook that is not ledger's is never overwritten: it is moved aside to
`post-commit.ledger-chained` and ledger's hook runs it first, with the same arguments, and exits
with its status; uninstall moves it back.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ledger.automation.targets.base import (
    HookEnv,
    TargetReport,
    command_problems,
    split_command,
    template,
    write_keeping,
)
from ledger.errors import LedgerError
from ledger.store import git

HOOK = "post-commit"
CHAINED = "post-commit.ledger-chained"
MARK = "# ledger: git post-commit hook"


def _ours(path: Path) -> bool:
    try:
        return MARK in path.read_text(encoding="utf-8", errors="replace")[:400]
    except OSError:
        return False


def script(env: HookEnv) -> str:
    """The post-commit script for `env`: chains the moved-aside hook, then queues an ingest."""
    return template(HOOK).substitute(chained=CHAINED, command=env.hook_command("git-post-commit"))


def _command(path: Path) -> list[str]:
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if " hook git-post-commit" in line:
            return split_command(line.split(">/dev/null")[0])
    return []


@dataclass(frozen=True, slots=True)
class GitHook:
    name: str = "git"

    def _folder(self, env: HookEnv) -> Path:
        if git.toplevel(env.repo) is None:
            raise LedgerError(f"{env.repo} is not in a git repository", "pass --repo PATH")
        return git.hooks_dir(env.repo)

    def install(self, env: HookEnv) -> TargetReport:
        folder = self._folder(env)
        hook, chained = folder / HOOK, folder / CHAINED
        if hook.exists() and not _ours(hook):
            if chained.exists():
                raise LedgerError(
                    f"{hook} is not ledger's and {chained} exists already",
                    "merge the two by hand, then run the command again",
                )
            folder.mkdir(parents=True, exist_ok=True)
            hook.rename(chained)
        text = script(env)
        if hook.exists() and hook.read_text(encoding="utf-8") == text:
            return replace(self.status(env), action="unchanged")
        action = "updated" if hook.exists() else "installed"
        write_keeping(hook, text, mode=0o755)
        return replace(self.status(env), action=action)

    def uninstall(self, env: HookEnv) -> TargetReport:
        folder = self._folder(env)
        hook, chained = folder / HOOK, folder / CHAINED
        if not _ours(hook):
            return TargetReport(self.name, hook, "absent", installed=False, would_run=False)
        hook.unlink()
        if chained.exists():
            chained.rename(hook)
        return TargetReport(self.name, hook, "removed", installed=False, would_run=False)

    def status(self, env: HookEnv) -> TargetReport:
        folder = self._folder(env)
        hook = folder / HOOK
        if not _ours(hook):
            foreign = ("a post-commit hook that is not ledger's is there",)
            return TargetReport(self.name, hook, "absent", False, False, foreign * hook.exists())
        problems = command_problems(_command(hook))
        if not hook.stat().st_mode & 0o100:
            problems.append(f"{hook} is not executable")
        chained = [f"runs {CHAINED} (the hook that was there) first"]
        notes: tuple[str, ...] = (*problems, *(chained if (folder / CHAINED).exists() else []))
        return TargetReport(self.name, hook, "installed", True, not problems, notes)
