"""Redaction speed (issue 15: at least 50 MB/s on transcript text).

    python benchmarks/redact.py                   # this checkout, 100 MB synthetic corpus
    python benchmarks/redact.py --repo ../other   # another checkout's `ledger`, same text

The rule screen's one-time costs first (compiled, read from the cache), then two measures, each
the fastest of `--runs` runs in this process (the one least disturbed by other load), the rule
set's one-time compile apart:
  1. text: every session of the corpus redacted as an ingest does (`redact_session`: prompts,
     answers, tool inputs and result lines, titles, paths, commands), the MB those texts hold;
  2. lines: every line of the corpus's JSONL files whole (tool output in full, JSON-escaped),
     as `ledger check` and a worst case see it.
On the 100 MB synthetic corpus, and on `shared/corpus` when it is there. Exits 0.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import synthetic  # noqa: E402

if TYPE_CHECKING:
    from ledger.models import Session


def _sessions(roots: list[Path]) -> list[Session]:
    from ledger.transcripts.read import scan

    return list(scan(roots).sessions)


def _megabytes(session: Session) -> float:
    """The text `redact_session` passes through redaction."""
    from ledger.models import Text

    texts = [session.title, *session.files_touched, *session.files_read, *session.commands]
    texts += [item.text for item in getattr(session, "plan", ())]  # older checkouts: none
    for turn in session.turns:
        texts.append(turn.prompt)
        for step in turn.steps:
            texts += [step.text] if isinstance(step, Text) else [step.detail, step.result]
    return sum(len(text.encode()) for text in texts) / 1e6


def _lines(roots: list[Path]) -> list[str]:
    return [
        line
        for root in roots
        for path in sorted(root.rglob("*.jsonl"))
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines()
    ]


def main(argv: list[str] | None = None) -> None:
    parser = synthetic.checkout_parser(__doc__.split("\n")[0])
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.repo.resolve()))
    start = time.perf_counter()
    from ledger.redact import redact, redact_session

    redact("warm up: token=abcdefgh12345678 npm_0123456789abcdefghij0123456789abcdef")
    began = time.perf_counter() - start
    print(f"ledger from {args.repo.resolve()}: import and first use {began:.2f} s")
    _screen_costs()
    for name, roots in synthetic.corpora(HERE / ".data", args.size_mb).items():
        sessions, lines = _sessions(roots), _lines(roots)
        text_mb = sum(map(_megabytes, sessions))
        _report(f"{name} text", text_mb, args.runs, partial(_each, redact_session, sessions))
        lines_mb = sum(len(line.encode()) for line in lines) / 1e6
        _report(f"{name} lines", lines_mb, args.runs, partial(_each, redact, lines))


def _screen_costs() -> None:
    """What the rule screen costs a process once: compiled (the first run on a machine, or after
    the rules change) and read back from the cache (every other run)."""
    try:
        from ledger import redact as redacting
        from ledger.redact import screen as redact_screen
    except ImportError:  # a checkout from before the screen
        return
    if redacting._rule_screen() is None:
        print("rule screen: none (no Hyperscan here)")
        return
    regexes = redacting._screened_regexes()
    with tempfile.TemporaryDirectory() as cache, _cache_home(cache):
        timed = []
        for _ in range(2):
            began = time.perf_counter()
            redact_screen.screen(regexes)
            timed.append(time.perf_counter() - began)
    print(f"rule screen: compiled in {timed[0]:.2f} s, read from the cache in {timed[1]:.3f} s")


@contextmanager
def _cache_home(folder: str) -> Iterator[None]:
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = folder
    try:
        yield
    finally:
        if before is None:
            del os.environ["XDG_CACHE_HOME"]
        else:
            os.environ["XDG_CACHE_HOME"] = before


def _each(redacting: Callable[[Any], object], items: list[Any]) -> None:
    for item in items:
        redacting(item)


def _report(what: str, megabytes: float, runs: int, run: Callable[[], None]) -> None:
    best = float("inf")
    for _ in range(runs):
        began = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - began)
    print(f"{what}: {megabytes:.1f} MB in {best:.2f} s: {megabytes / best:.0f} MB/s")


if __name__ == "__main__":
    main()
