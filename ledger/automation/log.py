"""The hooks' log in `.ledger/`: what ran in the background and what went wrong.

Hooks fail open: an error is written here, never shown to the agent (STYLE 9).
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from pathlib import Path

HOOKS_LOG = "hooks.log"
MAX_BYTES = 1024 * 1024
"""Past this size the log is moved to `hooks.log.1` (one old log kept)."""


def fallback_state(environ: Mapping[str, str]) -> Path:
    """Where a hook logs when it finds no ledger: `$XDG_STATE_HOME/ledger` (~/.local/state)."""
    base = environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local/state")
    return Path(base, "ledger")


def log_path(state: Path) -> Path:
    return state / HOOKS_LOG


def append_log(state: Path, who: str, message: str) -> None:
    """One line `<UTC time> <who>[pid]: <message>`; never raises."""
    try:
        state.mkdir(parents=True, exist_ok=True)
        path = log_path(state)
        if path.exists() and path.stat().st_size > MAX_BYTES:
            os.replace(path, path.with_name(HOOKS_LOG + ".1"))
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        flat = " ".join(message.split())
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(f"{stamp} {who}[{os.getpid()}]: {flat}\n")
    except OSError:
        pass  # a hook must not fail because its log cannot be written
