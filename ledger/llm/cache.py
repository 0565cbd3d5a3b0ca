"""The LLM pass's local state in `.ledger/`: answers per window, and a log of what was dropped.

A speed-up and a cost saver, never the truth: deleting it only means windows are asked again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from ledger.store.files import write_atomic
from ledger.times import canonical_time

CACHE_DIR = "llm-cache"
LOG_FILE = "llm.log"


def window_key(*asked: str) -> str:
    """The cache key of one window: a digest of what the request asks and of whom (model,
    prompt version, max tokens, the session's id, title, project and branch, the window's
    text), so no session is ever served another's answer. What only grows with the session
    (its turn count, its files, the open findings shown) is left out, so a grown session's
    earlier windows stay answered; their citations are checked again on every use."""
    return hashlib.sha256("\0".join(asked).encode("utf-8", "surrogatepass")).hexdigest()


class WindowCache:
    """One JSON file per answered window: `.ledger/llm-cache/<key[:2]>/<key>.json`."""

    def __init__(self, state: Path) -> None:
        self.folder = state / CACHE_DIR

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> Mapping[str, Any] | None:
        """The tool input cached for `key`; None when absent or unreadable."""
        try:
            entry = json.loads(self._path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        answer = entry.get("input") if isinstance(entry, dict) else None
        return answer if isinstance(answer, dict) else None

    def put(self, key: str, answer: Mapping[str, Any], about: Mapping[str, Any]) -> None:
        entry = {**about, "input": answer}
        write_atomic(self._path(key), json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n")


def append_log(state: Path, moment: datetime, lines: Iterable[str]) -> None:
    """Append `lines` to `.ledger/llm.log`, each stamped with `moment`."""
    text = "".join(f"{canonical_time(moment)} {line}\n" for line in lines)
    if not text:
        return
    state.mkdir(parents=True, exist_ok=True)
    with open(state / LOG_FILE, "a", encoding="utf-8") as handle:
        handle.write(text)
