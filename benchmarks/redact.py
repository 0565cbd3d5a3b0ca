"""Redaction speed (issue 15: at least 50 MB/s on transcript text).

    python benchmarks/redact.py                   # this checkout, 100 MB synthetic corpus
    python benchmarks/redact.py --repo ../other   # another checkout's `ledger`, same text

Two measures, each the fastest of `--runs` runs in this process (the one least disturbed by
other load), the rule set's one-time compile apart:
  1. text: every text an ingest redacts (`redact_session`: prompts, answers, tool inputs and
     result lines, titles, paths, commands) of every session of the corpus;
  2. lines: every line of the corpus's JSONL files whole (tool output in full, JSON-escaped),
     as `ledger check` and a worst case see it.
On the 100 MB synthetic corpus, and on `shared/corpus` when it is there. Exits 0.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import synthetic  # noqa: E402


def _texts(roots: list[Path]) -> list[str]:
    """What `redact_session` passes through `redact()` for each session."""
    from ledger.models import Text
    from ledger.transcripts.read import scan

    texts: list[str] = []
    for s in scan(roots).sessions:
        texts += [s.title, *s.files_touched, *s.files_read, *s.commands, *(i.text for i in s.plan)]
        for turn in s.turns:
            texts.append(turn.prompt)
            for step in turn.steps:
                texts += [step.text] if isinstance(step, Text) else [step.detail, step.result]
    return texts


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
    from ledger.redact import redact

    redact("warm up: token=abcdefgh12345678 npm_0123456789abcdefghij0123456789abcdef")
    began = time.perf_counter() - start
    print(f"ledger from {args.repo.resolve()}: import and first use {began:.2f} s")
    for name, roots in synthetic.corpora(HERE / ".data", args.size_mb).items():
        for what, texts in (("text", _texts(roots)), ("lines", _lines(roots))):
            megabytes = sum(len(text.encode()) for text in texts) / 1e6
            best = float("inf")
            for _ in range(args.runs):
                began = time.perf_counter()
                for text in texts:
                    redact(text)
                best = min(best, time.perf_counter() - began)
            rate = megabytes / best
            print(f"{name} {what}: {megabytes:.1f} MB in {best:.2f} s: {rate:.0f} MB/s")


if __name__ == "__main__":
    main()
