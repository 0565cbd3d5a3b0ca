"""A periodic `ledger ingest`: a systemd user timer (Linux) or a launchd agent (macOS).

The unit files come from the templates in `hooks/`, filled in with the real paths; then the
service manager is asked to load them when it is there (`systemctl --user`, `launchctl`).
"""

from __future__ import annotations

import os
import plistlib
import shutil
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from ledger.automation.targets.base import (
    HookEnv,
    TargetReport,
    command_problems,
    remove_owned,
    split_command,
    template,
    write_keeping,
)
from ledger.errors import LedgerError

MARK = "ledger: installed by `ledger hooks install"
SERVICE, TIMER = "ledger-ingest.service", "ledger-ingest.timer"
LABEL = "dev.ledger.ingest"
PLIST = f"{LABEL}.plist"


def ingest_argv(env: HookEnv) -> list[str]:
    return [*env.command, "ingest", "--ledger", str(env.ledger_root)]


def search_path(env: HookEnv) -> str:
    """PATH for the timer: service managers start with a bare one, and ledger needs git."""
    found = [shutil.which("git", path=env.environ.get("PATH")), env.command[0]]
    folders = [str(Path(f).parent) for f in found if f and os.path.isabs(f)]
    folders += ["/usr/local/bin", "/opt/homebrew/bin", "/usr/bin", "/bin"]
    return ":".join(dict.fromkeys(folders))


def _ours(path: Path) -> bool:
    try:
        return MARK in path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False


def _refuse_foreign(*paths: Path) -> None:
    for path in paths:
        if path.exists() and not _ours(path):
            raise LedgerError(f"{path} exists and is not ledger's", "move it away, then run again")


def _write(path: Path, text: str) -> str:
    """Write if different: installed, updated or unchanged."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return "unchanged"
    action = "updated" if path.exists() else "installed"
    write_keeping(path, text)
    return action


def _combine(actions: list[str]) -> str:
    for action in ("installed", "updated"):
        if action in actions:
            return action
    return "unchanged"


def systemd_quote(word: str) -> str:
    """One word of a systemd command line: quoted, with `%` and `$` kept literal."""
    escaped = word.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + escaped.replace("%", "%%").replace("$", "$$") + '"'


def _activated(env: HookEnv, *steps: list[str]) -> list[str]:
    """Run the service manager's steps; a note when it is absent or says no."""
    for step in steps:
        code = env.run(step)
        if code is None:
            return [f"{step[0]} is not available here: load it with `{' '.join(step)}`"]
        if code != 0:
            return [f"`{' '.join(step)}` failed (exit {code})"]
    return []


def _not_running(env: HookEnv, asked: list[str], fix: str) -> list[str]:
    """Why the service manager does not run the installed job (an empty list: it does)."""
    code = env.run(asked)
    if code is None:
        return [f"{asked[0]} is not available here: installed, not running"]
    return [] if code == 0 else [f"installed, not running: start it with `{fix}`"]


def _installed(report: TargetReport, action: str, notes: list[str]) -> TargetReport:
    """An install's report: what status finds, the action taken, and why loading it failed."""
    return TargetReport(report.target, report.path, action, True,
                        report.would_run and not notes, (*notes, *report.notes))  # fmt: skip


@dataclass(frozen=True, slots=True)
class Systemd:
    name: str = "systemd"

    def folder(self, env: HookEnv) -> Path:
        base = env.environ.get("XDG_CONFIG_HOME")
        return (Path(base) if base else env.home / ".config") / "systemd" / "user"

    def units(self, env: HookEnv) -> dict[str, str]:
        exec_start = " ".join(systemd_quote(w) for w in ingest_argv(env))
        values = {
            "root": str(env.ledger_root).replace("%", "%%"),
            "path": systemd_quote(search_path(env))[1:-1],
            "exec_start": exec_start,
            "minutes": str(env.interval_minutes),
        }
        return {name: template(name).substitute(values) for name in (SERVICE, TIMER)}

    def install(self, env: HookEnv) -> TargetReport:
        folder = self.folder(env)
        _refuse_foreign(folder / SERVICE, folder / TIMER)
        action = _combine([_write(folder / n, t) for n, t in self.units(env).items()])
        notes = _activated(
            env,
            ["systemctl", "--user", "daemon-reload"],
            ["systemctl", "--user", "enable", "--now", TIMER],
        )
        return _installed(self.status(env), action, notes)

    def uninstall(self, env: HookEnv) -> TargetReport:
        folder = self.folder(env)
        owned = [folder / n for n in (SERVICE, TIMER) if _ours(folder / n)]
        if not owned:
            return TargetReport(self.name, folder / TIMER, "absent", False, False)
        notes = _activated(env, ["systemctl", "--user", "disable", "--now", TIMER])
        for path in owned:
            remove_owned(path)
        notes += _activated(env, ["systemctl", "--user", "daemon-reload"])
        return TargetReport(self.name, folder / TIMER, "removed", False, False, tuple(notes))

    def status(self, env: HookEnv) -> TargetReport:
        folder = self.folder(env)
        service, timer = folder / SERVICE, folder / TIMER
        if not (_ours(service) and _ours(timer)):
            return TargetReport(self.name, timer, "absent", False, False)
        argv: list[str] = []
        for line in service.read_text(encoding="utf-8").splitlines():
            if line.startswith("ExecStart="):
                argv = split_command(line.removeprefix("ExecStart=").replace("%%", "%"))
        problems = (
            *command_problems(argv),
            *_not_running(
                env,
                ["systemctl", "--user", "is-active", "--quiet", TIMER],
                f"systemctl --user enable --now {TIMER}",
            ),
        )
        return TargetReport(self.name, timer, "installed", True, not problems, problems)


@dataclass(frozen=True, slots=True)
class Launchd:
    name: str = "launchd"

    def path(self, env: HookEnv) -> Path:
        return env.home / "Library" / "LaunchAgents" / PLIST

    def plist(self, env: HookEnv) -> str:
        arguments = "\n".join(f"        <string>{escape(w)}</string>" for w in ingest_argv(env))
        return template(PLIST).substitute(
            arguments=arguments,
            path=escape(search_path(env)),
            seconds=str(env.interval_minutes * 60),
            log=escape(str(env.ledger_root / ".ledger" / "timer.log")),
        )

    def _domain(self) -> str:
        return f"gui/{os.getuid()}"

    def install(self, env: HookEnv) -> TargetReport:
        path = self.path(env)
        _refuse_foreign(path)
        action = _write(path, self.plist(env))
        env.run(["launchctl", "bootout", self._domain(), str(path)])  # a stale copy, if loaded
        notes = _activated(env, ["launchctl", "bootstrap", self._domain(), str(path)])
        return _installed(self.status(env), action, notes)

    def uninstall(self, env: HookEnv) -> TargetReport:
        path = self.path(env)
        if not _ours(path):
            return TargetReport(self.name, path, "absent", False, False)
        notes = _activated(env, ["launchctl", "bootout", self._domain(), str(path)])
        remove_owned(path)
        return TargetReport(self.name, path, "removed", False, False, tuple(notes))

    def status(self, env: HookEnv) -> TargetReport:
        path = self.path(env)
        if not _ours(path):
            return TargetReport(self.name, path, "absent", False, False)
        try:
            argv = [str(a) for a in plistlib.loads(path.read_bytes()).get("ProgramArguments", [])]
        except Exception as error:  # plistlib raises expat's, ValueError, InvalidFileException
            return TargetReport(
                self.name, path, "installed", True, False, (f"unreadable: {error}",)
            )
        loaded = ["launchctl", "print", f"{self._domain()}/{LABEL}"]
        problems = (
            *command_problems(argv),
            *_not_running(env, loaded, f"launchctl bootstrap {self._domain()} {path}"),
        )
        return TargetReport(self.name, path, "installed", True, not problems, problems)
