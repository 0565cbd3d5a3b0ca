"""The cost of the structural pass per MB of transcript (issue 12: at most 20 % more than before).

    python benchmarks/structural.py                   # this checkout, 100 MB synthetic corpus
    python benchmarks/structural.py --repo ../main    # another checkout's `ledger`, same corpus

The corpus of benchmarks/synthetic.py is read once (the reading is not timed); then
`extract_findings` runs over every session, `--runs` times, in this process; the fastest run is
printed (the one least disturbed by other load on the machine).
Also timed on `shared/corpus` (the real transcripts), when it is there. Exits 0.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import synthetic  # noqa: E402


def _timed(extract, sessions: list, runs: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for session in sessions:
            extract(session)
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: list[str] | None = None) -> None:
    parser = synthetic.checkout_parser(__doc__.split("\n")[0])
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.repo.resolve()))
    from ledger.extract.structural import extract_findings
    from ledger.transcripts.read import scan

    print(f"ledger from {args.repo.resolve()}")
    for name, roots in synthetic.corpora(HERE / ".data", args.size_mb).items():
        megabytes = sum(p.stat().st_size for r in roots for p in r.rglob("*.jsonl")) / 1e6
        sessions = [s for s in scan(roots).sessions if not s.ghost]
        seconds = _timed(extract_findings, sessions, args.runs)
        print(
            f"{name}: {len(sessions)} sessions, {megabytes:.0f} MB: {seconds:.3f} s, "
            f"{seconds / megabytes * 1000:.2f} ms per MB"
        )


if __name__ == "__main__":
    main()
