"""`ledger hooks install|uninstall|status`: put ledger's hooks and timers in place, take them
away, or say what is there and whether it would run.

One target per place (a dict registry that fails fast on unknown names); each is idempotent,
owns only its own entries and writes atomically with a backup (STYLE 8). The entry points the
hooks call live in `ledger.automation.hook`, the runner they start in
`ledger.automation.background`.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ledger.automation.targets.agent_settings import CLAUDE, CODEX
from ledger.automation.targets.base import HookEnv, Scope, Target, TargetReport
from ledger.automation.targets.git_hook import GitHook
from ledger.automation.targets.mcp_config import ClaudeMcp, CodexMcp
from ledger.automation.targets.timers import Launchd, Systemd
from ledger.config import locate
from ledger.errors import LedgerError
from ledger.store import git
from ledger.store.paths import CONFIG_FILE

TARGETS: dict[str, Target] = {
    "claude": CLAUDE,
    "codex": CODEX,
    "git": GitHook(),
    "launchd": Launchd(),
    "systemd": Systemd(),
}
SERVERS: dict[str, Target] = {"claude-mcp": ClaudeMcp(), "codex-mcp": CodexMcp()}
"""The `ledger mcp` server registered with each agent: `--claude` and `--codex` install it too."""


@dataclass(frozen=True, slots=True)
class HooksResult:
    verb: str
    reports: tuple[TargetReport, ...]
    ledger_root: Path


def _targets(names: Sequence[str], verb: str) -> list[Target]:
    every = TARGETS | SERVERS
    unknown = [n for n in names if n not in every]
    if unknown:
        raise LedgerError(f"unknown hook target {unknown[0]!r}", f"use one of {sorted(every)}")
    if not names and verb == "install":
        flags = " ".join(f"--{n}" for n in TARGETS)
        raise LedgerError("say what to install", f"pass one or more of {flags}")
    return [every[n] for n in (names or with_servers(list(TARGETS)))]


def with_servers(names: Sequence[str]) -> list[str]:
    """The targets an agent's flag names: its hooks, then its MCP server (`claude-mcp`)."""
    return [m for n in names for m in (n, f"{n}-mcp") if m in TARGETS or m in SERVERS]


def ledger_command(argv0: str, environ: Mapping[str, str]) -> tuple[str, ...]:
    """How hooks will run ledger: this very `ledger` executable when that is what runs now,
    else the one on PATH, else this Python with `-m ledger.entry`."""
    if Path(argv0).name == "ledger" and os.access(argv0, os.X_OK):
        return (str(Path(argv0).absolute()),)
    found = shutil.which("ledger", path=environ.get("PATH"))
    if found:
        return (str(Path(found).absolute()),)
    return (sys.executable, "-m", "ledger.entry")


def hook_env(
    ledger: Path | None,
    repo: Path | None,
    scope: Scope,
    interval_minutes: int,
    environ: Mapping[str, str],
    cwd: Path,
) -> HookEnv:
    """The environment of a real install: this user's home, this ledger, this executable."""
    root = locate(ledger, environ, cwd).expanduser().absolute()
    project = (repo or cwd).expanduser().absolute()
    return HookEnv(
        home=Path(environ.get("HOME") or Path.home()),
        environ=environ,
        ledger_root=root,
        command=ledger_command(sys.argv[0], environ),
        repo=(git.toplevel(project) or project) if project.is_dir() else project,
        scope=scope,
        interval_minutes=interval_minutes,
    )


def install(names: Sequence[str], env: HookEnv) -> HooksResult:
    """Install the named targets (idempotent: a second install changes nothing)."""
    if not (env.ledger_root / CONFIG_FILE).is_file():
        raise LedgerError(
            f"no ledger at {env.ledger_root}", f"run `ledger init {env.ledger_root}` first"
        )
    if env.interval_minutes < 1:
        raise LedgerError("--interval must be at least 1 minute", "pass a larger value")
    targets = _targets(names, "install")
    return HooksResult("install", tuple(t.install(env) for t in targets), env.ledger_root)


def uninstall(names: Sequence[str], env: HookEnv) -> HooksResult:
    """Remove exactly what install wrote for the named targets (all of them by default)."""
    reports = tuple(
        _checked(t, env, "uninstall", bool(names)) for t in _targets(names, "uninstall")
    )
    return HooksResult("uninstall", reports, env.ledger_root)


def status(names: Sequence[str], env: HookEnv) -> HooksResult:
    """What is installed for the named targets (all by default) and whether it would run."""
    reports = tuple(_checked(t, env, "status", bool(names)) for t in _targets(names, "status"))
    return HooksResult("status", reports, env.ledger_root)


def _checked(target: Target, env: HookEnv, verb: str, named: bool) -> TargetReport:
    """Run `verb`. A target named on the command line fails fast; when every target is asked,
    one that does not apply here (no git repo) is reported as skipped."""
    try:
        return target.uninstall(env) if verb == "uninstall" else target.status(env)
    except LedgerError as problem:
        if named:
            raise
        return TargetReport(target.name, env.repo, "skipped", False, False, (str(problem),))
