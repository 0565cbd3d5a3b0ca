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

from ledger.atomic import write_atomic
from ledger.times import canonical_time

CACHE_DIR = "llm-cache"
LOG_FILE = "llm.log"


def window_key(prompt_version: str, session_id: str, request: Mapping[str, Any]) -> str:
    """The cache key of one window: a digest of the whole request (model, limits, system
    prompt, tool, and the message: the session's facts, the window's text and the open
    findings it lists), of the prompt's version and of the session it is for. An answer is
    reused only for the very request it answered, and never for another session. The window
    message holds nothing that merely grows with the session (`prompt.window_prompt`), so a
    grown session's earlier windows stay answered while the ledger around them is unchanged."""
    asked = json.dumps(request, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    text = "\0".join((prompt_version, session_id, asked))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def last_answer_key(prompt_version: str, session_id: str, model: str, window_digest: str) -> str:
    """Where the last answer for a window's text is kept too, whatever else its request held.
    It answers no request: a session completed before and unchanged since is rebuilt from it
    (a new structural version, `--reextract` with the LLM off) without sending anything."""
    text = "\0".join(("last", prompt_version, session_id, model, window_digest))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


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

    def put(self, keys: Iterable[str], answer: Mapping[str, Any], about: Mapping[str, Any]) -> None:
        """Keep `answer` under each of `keys` (a window's own key and its last-answer key)."""
        entry = json.dumps({**about, "input": answer}, ensure_ascii=False, sort_keys=True) + "\n"
        for key in dict.fromkeys(keys):
            write_atomic(self._path(key), entry)


def append_log(state: Path, moment: datetime, lines: Iterable[str]) -> None:
    """Append `lines` to `.ledger/llm.log`, each stamped with `moment`."""
    text = "".join(f"{canonical_time(moment)} {line}\n" for line in lines)
    if not text:
        return
    state.mkdir(parents=True, exist_ok=True)
    with open(state / LOG_FILE, "a", encoding="utf-8") as handle:
        handle.write(text)
