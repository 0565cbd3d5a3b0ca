"""Helpers for hook tests: the real `ledger hook` entry point in a subprocess, a temporary home,
and waiting for the detached runners it starts."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from ledger.automation.queue import DRAIN_LOCK, pending
from ledger.store.state import LOCK

RUNNER_TIMEOUT = 120.0


def home_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a person whose home is `home` (nothing of the real one leaks in; the
    test run's cache is kept, see conftest)."""
    skipped = ("CLAUDE_", "CODEX_", "XDG_")
    env = {k: v for k, v in os.environ.items() if not k.startswith(skipped)}
    if "XDG_CACHE_HOME" in os.environ:
        env["XDG_CACHE_HOME"] = os.environ["XDG_CACHE_HOME"]
    env.pop("LEDGER_DIR", None)
    env.pop("LEDGER_BACKGROUND", None)
    return {**env, "HOME": str(home), **extra}


def run_hook(
    name: str,
    payload: str | dict[str, Any] | None,
    *args: str,
    env: dict[str, str],
    cwd: Path,
) -> subprocess.CompletedProcess[str]:
    """`ledger hook NAME ARGS` as an agent runs it: the payload on stdin, waited for."""
    text = json.dumps(payload) if isinstance(payload, dict) else (payload or "")
    return subprocess.run(
        [sys.executable, "-m", "ledger.entry", "hook", name, *args],
        input=text,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=60,
        check=False,
    )


def start_hook(
    name: str, payload: dict[str, Any], *args: str, env: dict[str, str], cwd: Path
) -> subprocess.Popen[str]:
    """The same, started and not waited for: several hooks firing at once."""
    process = subprocess.Popen(
        [sys.executable, "-m", "ledger.entry", "hook", name, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=cwd,
    )
    assert process.stdin is not None
    process.stdin.write(json.dumps(payload))
    process.stdin.close()
    return process


def _free(path: Path) -> bool:
    if not path.exists():
        return True
    with open(path, "a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(handle, fcntl.LOCK_UN)
        return True


def wait_for_runners(state: Path, timeout: float = RUNNER_TIMEOUT) -> None:
    """Until the queue is empty and no runner drains it or ingests (each seen twice in a row)."""
    deadline = time.monotonic() + timeout
    quiet = 0
    while time.monotonic() < deadline:
        idle = not pending(state) and _free(state / DRAIN_LOCK) and _free(state / LOCK)
        quiet = quiet + 1 if idle else 0
        if quiet >= 3:
            return
        time.sleep(0.1)
    raise AssertionError(f"background runners still busy after {timeout} s")


def hooks_log(state: Path) -> str:
    path = state / "hooks.log"
    return path.read_text(encoding="utf-8") if path.exists() else ""


def ingested(root: Path) -> set[str]:
    """The session ids the ledger holds, from each `_session.md`."""
    ids = set()
    for record in root.glob("sessions/*/_session.md"):
        for line in record.read_text(encoding="utf-8").splitlines()[1:8]:
            if line.startswith("session_id: "):
                ids.add(line.removeprefix("session_id: ").strip().strip('"'))
    return ids


def wait_for_log(state: Path, text: str, count: int = 1, timeout: float = RUNNER_TIMEOUT) -> str:
    """Until the hooks' log holds `text` `count` times: a hook git started in the background ran."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        log = hooks_log(state)
        if log.count(text) >= count:
            return log
        time.sleep(0.05)
    raise AssertionError(f"{text!r} not {count} times in the hooks' log:\n{hooks_log(state)}")
