"""Benchmark `ledger ingest` on the synthetic corpus of benchmarks/synthetic.py.

How to run, from the repository root with the venv active (`. .venv/bin/activate`):

    python benchmarks/ingest.py            # 100 MB corpus, ~145 sessions
    python benchmarks/ingest.py --full     # 1.1 GB, 1,600 sessions (issue 3's targets)

Each step is the real command (`python -m ledger ingest --json`) in a fresh process, timed whole
(start-up, imports, reading, extraction, rendering, writing, the git commit, exit), into a new
ledger in a temporary folder:
  1. cold: the first ingest of everything (target ≤ 15 s at 1.1 GB),
  2. no change: the same command again (target ≤ 0.3 s),
  3. one session grew: a transcript gets a new turn appended (target ≤ 1 s),
  4. re-extract all: every session again, as after an upgrade of the extractor (no target; it
     shows that checking thousands of files for a person's edits costs two git processes).
The grown transcript is put back as it was afterwards. Exits 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DATA = HERE / ".data"
FULL_MB, FULL_SESSIONS = 1100, 1600
TARGETS = {"cold": 15.0, "no change": 0.3, "one grew": 1.0}
BUMP = """
import json, sys
from pathlib import Path
import ledger.ingest.run, ledger.llm.plan, ledger.ingest.prepare
bumped = ("structural/bench", *ledger.ingest.run.EXTRACTORS[1:])
ledger.ingest.run.EXTRACTORS = ledger.ingest.prepare.EXTRACTORS = bumped
ledger.llm.plan.EXTRACTORS = bumped
from ledger.config import load
from ledger.ingest.run import IngestOptions, ingest
result = ingest(load(Path(sys.argv[1])), IngestOptions(sources=tuple(map(Path, sys.argv[2:]))))
print(json.dumps({"sessions": len(result.changes), "commit": result.commit}))
"""

sys.path.insert(0, str(HERE))
import synthetic  # noqa: E402 - benchmarks/ is not a package
from installed import compile_package  # noqa: E402


def run_ingest(
    ledger: Path, sources: list[Path], bump: bool = False
) -> tuple[float, dict[str, object]]:
    """Wall seconds of one `ledger ingest --json` process (or a re-extraction), and its summary."""
    command = [sys.executable, "-m", "ledger", "ingest", "--ledger", str(ledger), "--json"]
    for source in sources:
        command += ["--source", str(source)]
    if bump:
        command = [sys.executable, "-c", BUMP, str(ledger), *map(str, sources)]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=REPO, check=False)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"ingest failed: {done.stderr}")
    summary: dict[str, object] = json.loads(done.stdout)
    return seconds, summary


def grow(session: Path) -> bytes:
    """Append a new prompt and answer to a Claude Code transcript; return its old bytes."""
    original = session.read_bytes()
    last = json.loads(original.rstrip(b"\n").rsplit(b"\n", 1)[-1])
    base = {k: last[k] for k in ("sessionId", "cwd", "version", "gitBranch") if k in last}
    prompt = {
        **base,
        "type": "user",
        "uuid": "grown-user",
        "parentUuid": last.get("uuid"),
        "isSidechain": False,
        "timestamp": "2099-01-01T00:00:00.000Z",
        "message": {"role": "user", "content": "Let's go with the grown plan. TODO: measure it."},
    }
    answer = {
        **base,
        "type": "assistant",
        "uuid": "grown-answer",
        "parentUuid": "grown-user",
        "isSidechain": False,
        "timestamp": "2099-01-01T00:00:05.000Z",
        "message": {
            "id": "msg_grown",
            "role": "assistant",
            "model": "claude-sonnet-4-6",
            "content": [{"type": "text", "text": "Done. The root cause was the cache key."}],
            "usage": {"input_tokens": 10, "output_tokens": 20},
        },
    }
    with open(session, "ab") as handle:
        handle.write((json.dumps(prompt) + "\n" + json.dumps(answer) + "\n").encode())
    return original


def pick_session(folder: Path) -> Path:
    """A mid-sized Claude Code session of the corpus."""
    sessions = sorted(
        (p for p in (folder / "claude").rglob("*.jsonl") if not p.name.startswith("agent-")),
        key=lambda p: (p.stat().st_size, p.name),
    )
    return sessions[len(sessions) // 2]


def report(name: str, seconds: float, summary: dict[str, object]) -> None:
    target = TARGETS.get(name)
    verdict = f"(target ≤ {target:g} s: {'ok' if seconds <= target else 'MISS'})" if target else ""
    print(f"{name:<14} {seconds:7.2f} s  {verdict:<24} {json.dumps(summary)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--full", action="store_true", help="1.1 GB, 1,600 sessions")
    parser.add_argument("--size-mb", type=float, default=100.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cold-only", action="store_true", help="only the cold ingest (repeats)")
    args = parser.parse_args(argv)
    compile_package()
    size = float(FULL_MB) if args.full else args.size_mb
    sessions = FULL_SESSIONS if args.full else max(2, round(FULL_SESSIONS * size / FULL_MB))
    params = synthetic.Params(size_mb=size, sessions=sessions, seed=args.seed)
    folder, _ = synthetic.ensure_corpus(DATA, params)
    sources = [folder / "claude", folder / "codex"]
    megabytes = sum(p.stat().st_size for s in sources for p in s.rglob("*.jsonl")) / 1e6
    print(f"corpus {folder.relative_to(REPO)}: {megabytes:.0f} MB, {sessions} sessions")
    workdir = Path(tempfile.mkdtemp(prefix="ledger-bench-"))
    ledger = workdir / "ledger"
    try:
        subprocess.run(
            [sys.executable, "-m", "ledger", "init", str(ledger)],
            cwd=REPO,
            check=True,
            capture_output=True,
        )
        report("cold", *run_ingest(ledger, sources))
        if args.cold_only:
            return
        report("no change", *run_ingest(ledger, sources))
        session = pick_session(folder)
        original = grow(session)
        try:
            report("one grew", *run_ingest(ledger, sources))
        finally:
            session.write_bytes(original)
        report("re-extract all", *run_ingest(ledger, sources, bump=True))
        rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        files = sum(1 for _ in (ledger / "sessions").rglob("*.md"))
        print(f"ledger: {files} Markdown files; largest child peak RSS {rss:.0f} MB")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
