"""Benchmark the LLM pass against the fake Messages server of the tests (nothing leaves 127.0.0.1).

How to run, from the repository root with the venv active (`. .venv/bin/activate`):

    python benchmarks/llm.py

On a generated 200-turn Claude Code session, in-process `ingest` into new ledgers:
  1. requests and input tokens: cold, unchanged re-run (target: 0 requests), one turn added
     (target: only the new or changed windows);
  2. the pass's own overhead per window, excluding the server's time: (LLM ingest - structural
     ingest - server time) / windows (target <= 50 ms), the SDK's one-time import apart;
  3. the estimated cost per session with the default model (`ingest --dry-run --llm`, which
     sends nothing), over the real corpus in ../shared/corpus when present, else the samples.
Token counts of the fake are len(text) / 4, the estimator's own rule. Exits 0 whatever the figures.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "tests"))
from fake_messages import fake_messages_server  # noqa: E402 - tests/ is not a package
from ledger_fixtures import CORPUS, SAMPLES  # noqa: E402
from llm_fixtures import llm_ledger, long_session, run  # noqa: E402

from ledger.config import DEFAULT_MODEL  # noqa: E402
from ledger.ingest.results import IngestResult  # noqa: E402

TURNS = 200
OVERHEAD_MS = 50.0


def _tokens(result: IngestResult) -> str:
    t = result.llm.tokens if result.llm else None
    if t is None:
        return "0 requests"
    return (
        f"{result.llm.requests if result.llm else 0} requests, input {t.input:,} "
        f"+ cache writes {t.cache_creation:,} + cache reads {t.cache_read:,}, output {t.output:,}"
    )


def _timed(action: object) -> tuple[float, IngestResult]:
    started = time.perf_counter()
    result = action()  # type: ignore[operator]
    return time.perf_counter() - started, result


def requests_and_overhead(work: Path) -> None:
    transcript = long_session(work / "transcripts", TURNS)
    with fake_messages_server() as fake:
        plain = llm_ledger(work / "structural", fake)
        base, _ = _timed(lambda: run(plain, transcript, llm=False))
        config = llm_ledger(work / "ledger", fake)
        started = time.perf_counter()
        import anthropic  # noqa: F401 - once per process that sends: measured apart

        sdk = time.perf_counter() - started
        cold, result = _timed(lambda: run(config, transcript))
        windows = len(fake.requests)
        server = fake.server_seconds
        print(f"200-turn session, {windows} windows of 30 turns (5 overlap)")
        print(f"  cold:            {_tokens(result)}")
        again_s, again = _timed(lambda: run(config, transcript))
        print(f"  unchanged again: {_tokens(again)} ({again_s:.2f} s)")
        long_session(work / "transcripts", TURNS + 1)
        grew_s, grew = _timed(lambda: run(config, transcript))
        print(f"  one turn added:  {_tokens(grew)} ({grew_s:.2f} s)")
        overhead = (cold - base - server) / windows * 1000
        verdict = "ok" if overhead <= OVERHEAD_MS else "OVER TARGET"
        print(
            f"  overhead per window excluding server time: {overhead:.1f} ms "
            f"(target <= {OVERHEAD_MS:.0f} ms: {verdict}); structural ingest {base:.2f} s, "
            f"with the LLM pass {cold:.2f} s, of which server {server:.2f} s"
        )
        print(
            f"  plus the one-time import of the anthropic SDK: {sdk:.2f} s per process that "
            "sends (never paid by --help, a no-change run or --no-llm)"
        )
        if result.llm:
            cost = result.llm.cost_usd
            print(f"  cost at {DEFAULT_MODEL} list prices (fake's usage): ${cost:.4f}")


def estimated_cost(work: Path) -> None:
    source = CORPUS if CORPUS.is_dir() else SAMPLES
    config = llm_ledger(work / "estimate", None)
    result = run(config, source, environ={}, llm=True, dry_run=True)
    llm = result.llm
    if llm is None or not llm.planned:
        print("no session to estimate")
        return
    costs = sorted(sum(w.cost_usd for w in s.planned) for s in llm.planned)
    windows = [len(s.planned) for s in llm.planned]
    print(
        f"estimated cost with {llm.model} over {len(costs)} non-ghost sessions of {source.name}: "
        f"median ${statistics.median(costs):.4f}, mean ${statistics.mean(costs):.4f}, "
        f"max ${costs[-1]:.4f} per session (median {statistics.median(windows):.0f} windows); "
        f"total ${llm.cost_usd:.2f}"
    )


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="ledger-llm-bench-") as folder:
        requests_and_overhead(Path(folder))
        estimated_cost(Path(folder))


if __name__ == "__main__":
    main()
