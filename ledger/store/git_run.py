"""Running git: one place that finds it (or says it is missing or too old) and runs it."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable, Mapping
from pathlib import Path

from ledger.errors import LedgerError

MIN_GIT = (2, 25)
"""The oldest git ledger runs with (`--pathspec-from-file`, `git var`, fast-import as used)."""
_checked_version = False


def check_version() -> None:
    """Fail with one line when git is missing or older than MIN_GIT (checked once a process)."""
    global _checked_version
    try:
        done = subprocess.run(["git", "version"], capture_output=True, check=False)
    except FileNotFoundError as missing:
        raise LedgerError(
            "git is not installed (no `git` on PATH)", "install git 2.25 or later"
        ) from missing
    found = re.search(rb"(\d+)\.(\d+)", done.stdout)
    version = (int(found.group(1)), int(found.group(2))) if found else (0, 0)
    if version < MIN_GIT:
        shown = done.stdout.decode(errors="replace").strip() or "an unknown git"
        raise LedgerError(
            f"{shown} is too old for ledger", "install git {}.{} or later".format(*MIN_GIT)
        )
    _checked_version = True


def run(
    cwd: Path, *args: str, stdin: bytes | None = None, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    if not _checked_version:
        check_version()
    return subprocess.run(
        ["git", *args], cwd=cwd, input=stdin, capture_output=True, check=False, env=env
    )


def started(cwd: Path, *args: str) -> Callable[[], subprocess.CompletedProcess[bytes]]:
    """A git command started now, to run while this process goes on: call the answer to wait
    for it (and what it wrote)."""
    if not _checked_version:
        check_version()
    command = ["git", *args]
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def done() -> subprocess.CompletedProcess[bytes]:
        out, err = process.communicate()
        return subprocess.CompletedProcess(command, process.returncode, out, err)

    return done


def git(
    cwd: Path, *args: str, stdin: bytes | None = None, env: Mapping[str, str] | None = None
) -> str:
    """The output of a git command that must succeed."""
    done = run(cwd, *args, stdin=stdin, env=env)
    if done.returncode != 0:
        error = " ".join(done.stderr.decode(errors="replace").split())
        command = next(a for a in args if not a.startswith("-") and "=" not in a)
        raise LedgerError(f"git {command} failed in {cwd}: {error}", "check the repo")
    return done.stdout.decode().strip()


def contents(cwd: Path, names: list[str], kind: bytes = b"blob") -> dict[str, bytes | None]:
    """What each object name (`<blob id>`, `HEAD:<path>`) holds, by one `git cat-file --batch`;
    None for one that is missing or is not of `kind` (a folder, for a file)."""
    if not names:
        return {}
    out = run(cwd, "cat-file", "--batch", stdin="".join(f"{n}\n" for n in names).encode()).stdout
    found: dict[str, bytes | None] = {}
    at = 0
    for name in names:
        end = out.index(b"\n", at)
        header = out[at:end].split()  # `<id> <type> <size>`, or `<name> missing`
        if len(header) != 3 or not header[2].isdigit():
            found[name], at = None, end + 1
            continue
        size = int(header[2])
        found[name] = out[end + 1 : end + 1 + size] if header[1] == kind else None
        at = end + 1 + size + 1
    return found


def answer(cwd: Path, *args: str) -> str | None:
    """The output of a git query, or None when git says no (no repo, no such ref, unset)."""
    done = run(cwd, *args)
    return done.stdout.decode().strip() or None if done.returncode == 0 else None


def git_paths(root: Path, *names: str) -> list[Path]:
    """Where git keeps `names` for this work tree (`GIT_INDEX_FILE` and worktrees respected)."""
    args = [part for name in names for part in ("--git-path", name)]
    return [root / line for line in git(root, "rev-parse", *args).split("\n")]
