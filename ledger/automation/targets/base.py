"""What every install target shares: the environment it installs into, its report, and the
careful file writing (atomic, permissions kept, a backup of what was there)."""

from __future__ import annotations

import os
import shlex
import shutil
import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from string import Template
from typing import Literal, Protocol

from ledger.atomic import write_atomic
from ledger.store.paths import CONFIG_FILE

Scope = Literal["user", "project"]
BACKUP_SUFFIX = ".ledger-backup"
Runner = Callable[[Sequence[str]], "int | None"]
"""Runs a service manager command (`systemctl`, `launchctl`): its exit code, None if absent."""


def run_if_present(argv: Sequence[str]) -> int | None:
    """The real `Runner`: run `argv` quietly if its program exists."""
    import subprocess

    if shutil.which(argv[0]) is None:
        return None
    try:
        done = subprocess.run(list(argv), capture_output=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.returncode


@dataclass(frozen=True, slots=True)
class HookEnv:
    """Everything an install depends on, passed in: tests give a temporary home and repo."""

    home: Path
    environ: Mapping[str, str]
    ledger_root: Path
    command: tuple[str, ...]
    """How to run ledger: `(/path/to/ledger,)`, or `(python, -m, ledger.entry)`."""
    repo: Path
    """The project for `--git` and `--scope project`."""
    scope: Scope = "user"
    interval_minutes: int = 30
    run: Runner = field(default=run_if_present)

    def shell(self, *args: str) -> str:
        """A shell command line running `ledger ARGS`, every word quoted as needed."""
        return shlex.join([*self.command, *args])

    def hook_command(self, name: str) -> str:
        return self.shell("hook", name, "--ledger", str(self.ledger_root))


@dataclass(frozen=True, slots=True)
class TargetReport:
    """What a target looks like after an install, an uninstall or a status check."""

    target: str
    path: Path
    action: str
    """installed, updated, unchanged, removed, absent (nothing of ours there), present."""
    installed: bool
    would_run: bool
    notes: tuple[str, ...] = ()


class Target(Protocol):
    @property
    def name(self) -> str: ...

    def install(self, env: HookEnv) -> TargetReport: ...

    def uninstall(self, env: HookEnv) -> TargetReport: ...

    def status(self, env: HookEnv) -> TargetReport: ...


@cache
def template(name: str) -> Template:
    """A template shipped in the repository's `hooks/` folder."""
    return Template(
        resources.files("ledger.automation.templates").joinpath(name).read_text("utf-8")
    )


def write_keeping(path: Path, text: str, mode: int | None = None) -> None:
    """Replace `path` atomically, keeping its permissions and a copy of it beside it (the first
    copy: what was there before ledger touched it, for `restore`).

    A new file gets `mode` (else 0o644 less the umask).
    """
    if path.exists():
        mode = stat.S_IMODE(path.stat().st_mode)
        if not _backup(path).exists():
            shutil.copy2(path, _backup(path))
    elif mode is None:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o644 & ~umask
    write_atomic(path, text, mode)


def _backup(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def remove_owned(path: Path) -> None:
    """Remove a file install created (it holds nothing else), and any backup beside it."""
    path.unlink()
    _backup(path).unlink(missing_ok=True)


def restore(path: Path, text: str, same: Callable[[str], bool]) -> None:
    """Uninstall's write: the bytes that were there before install, from its backup, when the
    backup says the same as `text` (`same`), else `text`; the backup goes either way. A file
    people formatted by hand comes back as they wrote it."""
    backup = _backup(path)
    before = backup.read_text(encoding="utf-8", errors="replace") if backup.exists() else None
    if before is not None and same(before):
        os.replace(backup, path)
        return
    write_atomic(path, text, stat.S_IMODE(path.stat().st_mode))
    backup.unlink(missing_ok=True)


def command_problems(argv: Sequence[str]) -> list[str]:
    """Why a `ledger ...` command line would not run: a missing program, a missing ledger."""
    problems = []
    program = argv[0] if argv else ""
    found = shutil.which(program) if program else None
    if not found or not os.access(found, os.X_OK):
        problems.append(f"{program or 'the command'} is not an executable program")
    if "--ledger" in argv[:-1]:
        root = Path(argv[list(argv).index("--ledger") + 1])
        if not (root / CONFIG_FILE).is_file():
            problems.append(f"no ledger at {root} (no {CONFIG_FILE})")
    return problems


def split_command(command: str) -> list[str]:
    try:
        return shlex.split(command)
    except ValueError:
        return []
