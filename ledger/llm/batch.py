"""Backfill through the Message Batches API: windows submitted now at half price, their answers
collected into the window cache when the batch has ended (within 24 hours).

The cache is the meeting point: a session whose windows went into a batch keeps its structural
findings and stays marked for retry; once the answers are collected, the next ingest finds them
all in the cache and completes the session without a request.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ledger.atomic import write_atomic
from ledger.config import Price
from ledger.llm.cache import WindowCache
from ledger.llm.client import BatchApi, LlmError
from ledger.llm.merge import redacted
from ledger.models import Tokens
from ledger.versions import PROMPT_VERSION

BATCHES_FILE = "llm-batches.json"
BATCH_DISCOUNT = 0.5
"""Batch requests cost half the list price."""


def half(price: Price | None) -> Price | None:
    """The batch price of a model."""
    if price is None:
        return None
    d = BATCH_DISCOUNT
    return Price(price.input * d, price.output * d, price.cache_read * d, price.cache_write * d)


class BatchStore:
    """`.ledger/llm-batches.json`: batch id → the cache key of each window it holds (also its
    request's custom id) → the window's last-answer key (`cache.last_answer_key`)."""

    def __init__(self, state: Path) -> None:
        self.path = state / BATCHES_FILE
        self.batches: dict[str, dict[str, str]] = {}
        try:
            loaded = json.loads(self.path.read_text(encoding="utf-8"))
            self.batches = {str(k): dict(v) for k, v in loaded.get("batches", {}).items()}
        except (OSError, ValueError, TypeError, AttributeError):
            self.batches = {}

    def pending(self) -> dict[str, str]:
        """Cache key (and last-answer key) → the batch that will answer it."""
        return {
            key: batch
            for batch, keys in self.batches.items()
            for pair in keys.items()
            for key in pair
        }

    def add(self, batch_id: str, windows: Mapping[str, str]) -> None:
        self.batches[batch_id] = dict(windows)
        self._save()

    def remove(self, batch_id: str) -> None:
        self.batches.pop(batch_id, None)
        self._save()

    def _save(self) -> None:
        if self.batches or self.path.exists():
            data = {"batches": self.batches}
            write_atomic(self.path, json.dumps(data, sort_keys=True, indent=1) + "\n")


@dataclass(frozen=True, slots=True)
class Collected:
    """What collecting the ended batches brought in."""

    batches: int = 0
    windows: int = 0
    failed: int = 0
    """Requests that errored or expired: their windows are asked again by a later run."""
    waiting: int = 0
    """Batches still in progress."""
    tokens: Tokens = field(default_factory=Tokens)
    answered: frozenset[str] = frozenset()
    """The last-answer keys of the windows answered: their sessions take these answers even
    if the ledger around them moved on since the batch was sent."""


def collect(
    store: BatchStore, cache: WindowCache, api: BatchApi, model: str
) -> tuple[Collected, list[Tokens]]:
    """Move the answers of every ended batch into the cache; the tokens of each answer."""
    done = windows = failed = waiting = 0
    usage: list[Tokens] = []
    answered: set[str] = set()
    for batch_id, keys in sorted(store.batches.items()):
        try:
            if not api.ended(batch_id):
                waiting += 1
                continue
            for custom_id, reply in api.results(batch_id):
                last = keys.get(custom_id)
                if last is None:
                    continue
                if reply is None or reply.tool_input is None or reply.stop_reason == "max_tokens":
                    failed += 1
                else:
                    about = {"model": model, "prompt": PROMPT_VERSION, "batch": batch_id}
                    cache.put((custom_id, last), redacted(reply.tool_input), about)
                    answered.add(last)
                    windows += 1
                if reply is not None:
                    usage.append(reply.tokens)
        except LlmError:
            waiting += 1  # unreachable now: try again next run
            continue
        store.remove(batch_id)
        done += 1
    total = Tokens(
        sum(t.input for t in usage),
        sum(t.output for t in usage),
        sum(t.cache_read for t in usage),
        sum(t.cache_creation for t in usage),
    )
    return Collected(done, windows, failed, waiting, total, frozenset(answered)), usage
