"""`ledger show ID --turn N` on the largest session of the benchmark corpus (70 MB).

Each step is the real command in a fresh process, timed whole (start-up included):
  1. the first look at a turn of a transcript never ingested: it is read and its skeleton kept
     by turn in `.ledger/turns/` (no target);
  2. the first look at a turn of the session once ingested: the ingest that read it kept its
     turns (target ≤ 0.2 s);
  3. later looks at other turns: answered from what was kept (target ≤ 0.2 s).
Prints one line per run and the medians. Exits 0.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import synthetic
from installed import compile_package

DATA = Path(__file__).resolve().parent / ".data"


def big_session(size_mb: int) -> Path:
    """One generated Claude Code session of about `size_mb` (made once, then kept)."""
    folder = DATA / f"turns-{size_mb}mb-g{synthetic.GENERATOR_VERSION}"
    found = sorted(folder.rglob("*.jsonl"), key=lambda p: p.stat().st_size)
    if found:
        return found[-1]
    task = synthetic.Task("claude", 0, size_mb * synthetic.MB, 0, 1)
    synthetic.generate_one((task, folder))
    return max(folder.rglob("*.jsonl"), key=lambda p: p.stat().st_size)


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.strip()}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=int, default=70)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    compile_package()
    transcript = big_session(args.size_mb)
    size = transcript.stat().st_size / 1e6
    env = {**os.environ, "GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@example.com"}
    with tempfile.TemporaryDirectory() as tmp:
        ledger, fresh = Path(tmp) / "ledger", Path(tmp) / "fresh"
        for folder in (ledger, fresh):
            subprocess.run([sys.executable, "-m", "ledger", "init", str(folder)], check=True,
                           capture_output=True, env=env)  # fmt: skip
        never = [sys.executable, "-m", "ledger", "show", str(transcript), "--ledger", str(fresh)]
        read = timed([*never, "--turn", "1"])
        print(f"{size:.1f} MB transcript never ingested: first look (reads it) {read:.3f} s")
        ingest = ["ingest", "--no-llm", "--source", str(transcript.parent), "--ledger", str(ledger)]
        subprocess.run([sys.executable, "-m", "ledger", *ingest], check=True,
                       capture_output=True, env=env)  # fmt: skip
        show = [sys.executable, "-m", "ledger", "show", str(transcript), "--ledger", str(ledger)]
        first = timed([*show, "--turn", "1"])
        print(f"once ingested: first look {first:.3f} s (target ≤ 0.2 s)")
        later = [timed([*show, "--turn", str(2 + n)]) for n in range(args.runs)]
        print("later looks: " + ", ".join(f"{t:.3f}" for t in later) + " s")
        print(f"median later look: {statistics.median(later):.3f} s (target ≤ 0.2 s)")


if __name__ == "__main__":
    main()
