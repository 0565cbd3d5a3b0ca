"""Benchmark ledger's transcript reader on a synthetic, realistic Claude Code corpus.

How to run, from the repository root with the venv active (`. .venv/bin/activate`):

    python benchmarks/read.py            # 100 MB corpus, 145 sessions: ~10 s (+5 s the first time)
    python benchmarks/read.py --full     # 1.1 GB corpus, 1,600 sessions (PERF.md's): ~40 s (+25 s)
    python benchmarks/read.py --size-mb 300 --profile    # plus a cProfile of a 1-process scan
    python benchmarks/read.py --full --ledger /tmp/copy  # measure a prototype copy of ledger/

The corpus (see benchmarks/synthetic.py) is generated once into `benchmarks/.data/`
(git-ignored) from a seeded RNG, and regenerated only when it is missing or its parameters or
the generator change. It has the real layout: `claude/projects/<encoded-cwd>/<uuid>.jsonl` with
sub-agent files, plus a few Codex rollouts in `codex/sessions/YYYY/MM/DD/`.

What is measured, each in a fresh subprocess so that peak RSS (`ru_maxrss`) is that process's
own, as the median of `--runs` runs (default 3) with a warm page cache:
  1. `scan()` of the whole corpus as `ledger sources` runs it (2 processes when there is
     ≥ 64 MB; sessions kept without their turn-by-turn steps, as a listing needs),
  2. `scan(workers=1)`,
  3. `read_transcript()` of one 70 MB session that holds one 5 MB line.
Wall times are whole-process (start-up, imports, reading, exit); MB means 10**6 bytes.
Targets: ≥ 300 MB/s on the 1.1 GB corpus, peak RSS ≤ 150 MB whatever the file size.
The script exits 0 whatever the figures: it is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported lazily: the measured child processes do not load the generator
    import synthetic

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DATA = HERE / ".data"
MB = 1_000_000
FULL_MB, FULL_SESSIONS = 1100, 1600
BIG_FILE_MB, BIG_LINE_MB = 70, 5
TARGET_MBPS, TARGET_RSS_MB = 300.0, 150.0
Figures = dict[str, float]
LEDGER = [REPO]
"""Where the child processes import `ledger` from: this checkout, or `--ledger DIR`."""


# --------------------------------------------------------------------------- the child process


def _peak_rss_mb() -> tuple[float, float]:
    """Peak RSS in MB of this process and of its largest reaped child (ru_maxrss is in KiB)."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / MB
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024 / MB
    return own, child


def child_measure(mode: str, workers: int | None, paths: list[Path]) -> None:
    """In the fresh subprocess: read, then print one JSON line of figures."""
    started = time.perf_counter()
    from ledger.transcripts.read import read_transcript, scan

    imported = time.perf_counter()
    if mode == "scan":
        result = scan(paths, workers=workers, with_steps=False)  # as `ledger sources` does
        sessions, skipped, read = len(result.sessions), len(result.skipped), result.bytes_read
    else:
        read_transcript(paths[0])
        sessions, skipped, read = 1, 0, paths[0].stat().st_size
    finished = time.perf_counter()
    own, child = _peak_rss_mb()
    figures = {
        "import_s": imported - started,
        "read_s": finished - imported,
        "rss_mb": own,
        "worker_rss_mb": child,
        "sessions": sessions,
        "skipped": skipped,
        "bytes_read": read,
    }
    print(json.dumps(figures))


def child_profile(paths: list[Path], top: int) -> None:
    """In the fresh subprocess: cProfile a single-process scan, by own time and cumulative."""
    import cProfile
    import pstats

    from ledger.transcripts.read import scan

    profiler = cProfile.Profile()
    profiler.enable()
    scan(paths, workers=1)
    profiler.disable()
    stats = pstats.Stats(profiler).strip_dirs()
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)


# --------------------------------------------------------------------------- the parent


def _command(mode: str, paths: list[Path], *options: str) -> list[str]:
    script = str(Path(__file__).resolve())
    return [sys.executable, script, "--child", mode, *options, "--paths", *map(str, paths)]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(LEDGER[0]), env.get("PYTHONPATH", "")]))
    return env


def warm(paths: list[Path]) -> None:
    """Read every byte once, so the runs measure a warm page cache rather than the disk."""
    for source in paths:
        for file in source.rglob("*.jsonl"):
            with open(file, "rb") as f:
                while f.read(1 << 24):
                    pass


def run_once(mode: str, workers: int | None, paths: list[Path]) -> Figures | None:
    options = ["--workers", str(workers)] if workers else []
    started = time.perf_counter()
    done = subprocess.run(
        _command(mode, paths, *options), capture_output=True, text=True, env=_env(), check=False
    )
    wall = time.perf_counter() - started
    if done.returncode != 0:
        print(f"  run failed (exit {done.returncode}):\n{done.stderr[-3000:]}", file=sys.stderr)
        return None
    figures: Figures = json.loads(done.stdout.strip().splitlines()[-1])
    figures["wall_s"] = wall
    return figures


def summarize(results: list[Figures]) -> Figures | None:
    """The median of each figure over the runs that worked, plus the fastest and slowest."""
    if not results:
        return None
    figures = {key: statistics.median(r[key] for r in results) for key in results[0]}
    figures["fastest_s"] = min(r["wall_s"] for r in results)
    figures["slowest_s"] = max(r["wall_s"] for r in results)
    return figures


def measure(
    mode: str, worker_counts: list[int | None], paths: list[Path], runs: int
) -> list[Figures | None]:
    """Figures per worker count; runs are interleaved so a slow spell hits every variant."""
    results: list[list[Figures]] = [[] for _ in worker_counts]
    for _ in range(runs):
        for i, workers in enumerate(worker_counts):
            figures = run_once(mode, workers, paths)
            if figures is not None:
                results[i].append(figures)
    return [summarize(r) for r in results]


# --------------------------------------------------------------------------- reporting


@dataclass(frozen=True)
class Row:
    label: str
    figures: Figures | None
    megabytes: float
    speed_target: bool = True
    """Whether the MB/s target applies (it is set for the whole-corpus scan)."""


_HEADER = (
    f"{'run':<30}{'MB':>8}{'sessions':>9}{'wall s':>8}{'read s':>8}{'MB/s':>7}"
    f"{'read MB/s':>10}{'RSS MB':>8}{'wkr MB':>8}  MB/s  RSS   wall range"
)


def _verdict(ok: bool, applies: bool = True) -> str:
    return "  -  " if not applies else ("  ok " if ok else " MISS")


def format_row(row: Row) -> str:
    f = row.figures
    if f is None:
        return f"{row.label:<30}   (every run failed)"
    mbps, read_mbps = row.megabytes / f["wall_s"], row.megabytes / f["read_s"]
    rss = max(f["rss_mb"], f["worker_rss_mb"])
    return (
        f"{row.label:<30}{row.megabytes:>8.1f}{int(f['sessions']):>9}{f['wall_s']:>8.2f}"
        f"{f['read_s']:>8.2f}{mbps:>7.0f}{read_mbps:>10.0f}{f['rss_mb']:>8.0f}"
        f"{f['worker_rss_mb']:>8.0f}{_verdict(mbps >= TARGET_MBPS, row.speed_target)}"
        f"{_verdict(rss <= TARGET_RSS_MB)}   {f['fastest_s']:.2f}–{f['slowest_s']:.2f}"
    )


def print_table(title: str, rows: list[Row], runs: int) -> None:
    print(f"\n{title} (median of {runs} fresh-process runs, warm page cache)")
    print(_HEADER)
    print("-" * len(_HEADER))
    for row in rows:
        print(format_row(row))


def print_legend() -> None:
    print(
        f"\nTargets: ≥ {TARGET_MBPS:.0f} MB/s on the 1.1 GB corpus (whole process); peak RSS"
        f" ≤ {TARGET_RSS_MB:.0f} MB in every process, whatever the file size.\n"
        "MB = 10^6 bytes of .jsonl on disk. wall s = the whole process: start-up, imports"
        " (~0.1 s), reading, exit;\nread s = the scan() or read_transcript() call alone."
        " MB/s = MB / wall s; read MB/s = MB / read s.\nRSS MB = the main process's peak"
        " RSS; wkr MB = the largest worker process's peak (0 when there is none).\n"
        "wall range = fastest–slowest run: on a shared VM one run can be 1.5x another."
    )


def describe(folder: Path, stats: synthetic.Stats) -> float:
    share = stats.tool_result_bytes / max(stats.bytes, 1)
    print(
        f"corpus {folder.relative_to(REPO)}: {stats.bytes / MB:.1f} MB in {stats.files} files,"
        f" {share:.0%} of bytes in tool-result records, longest line"
        f" {stats.longest_line / MB:.2f} MB"
    )
    return stats.bytes / MB


# --------------------------------------------------------------------------- benchmarks


def _generator() -> Any:
    """benchmarks/synthetic.py, a sibling module (benchmarks/ is not a package)."""
    sys.path.insert(0, str(HERE))
    import synthetic

    return synthetic


def corpus_params(args: argparse.Namespace) -> synthetic.Params:
    size = float(FULL_MB) if args.full else args.size_mb
    default = FULL_SESSIONS if args.full else max(2, round(FULL_SESSIONS * size / FULL_MB))
    sessions = args.sessions or default
    params: synthetic.Params = _generator().Params(size_mb=size, sessions=sessions, seed=args.seed)
    return params


def bench_corpus(params: synthetic.Params, runs: int) -> list[Path]:
    print(f"corpus: {params.size_mb:g} MB, {params.sessions} sessions (generated if missing) …")
    started = time.perf_counter()
    folder, stats = _generator().ensure_corpus(DATA, params)
    print(f"  ready in {time.perf_counter() - started:.1f} s")
    megabytes = describe(folder, stats)
    paths = [folder / "claude", folder / "codex"]
    warm(paths)
    full = megabytes >= 1000  # the MB/s target is set for the 1.1 GB corpus
    multi, single = measure("scan", [None, 1], paths, runs)
    rows = [
        Row("scan() (2 processes ≥ 64 MB)", multi, megabytes, speed_target=full),
        Row("scan(workers=1)", single, megabytes, speed_target=full),
    ]
    print_table(f"scan() of {megabytes:.0f} MB, {params.sessions} sessions", rows, runs)
    if single is not None:
        print(
            f"scan() found {int(single['sessions'])} sessions and skipped"
            f" {int(single['skipped'])} files; its bytes_read (session files) is"
            f" {single['bytes_read'] / MB:.0f} MB: sub-agent files are only opened for a record."
        )
    return paths


def bench_big_file(seed: int, runs: int) -> None:
    print(f"\none {BIG_FILE_MB} MB session with a {BIG_LINE_MB} MB line (generated if missing) …")
    path = _generator().ensure_big_file(DATA, BIG_FILE_MB, BIG_LINE_MB, seed)
    megabytes = path.stat().st_size / MB
    longest = json.loads((path.parents[3] / "done.json").read_text())["longest"]
    print(f"  {path.relative_to(REPO)}: {megabytes:.1f} MB, longest line {longest / MB:.2f} MB")
    warm([path.parent])
    (figures,) = measure("one", [None], [path], runs)
    row = Row(f"read_transcript({megabytes:.0f} MB)", figures, megabytes, speed_target=False)
    print_table(f"read_transcript() of one {megabytes:.0f} MB file", [row], runs)


def profile(paths: list[Path], top: int) -> None:
    print(f"\ncProfile of scan(workers=1), top {top} by own time, then by cumulative:", flush=True)
    subprocess.run(_command("profile", paths, "--top", str(top)), env=_env(), check=False)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add = parser.add_argument
    add("--size-mb", type=float, default=100.0, help="corpus size in MB (default 100)")
    add("--sessions", type=int, help="session count (default scales: 1,600 at 1,100 MB)")
    add("--full", action="store_true", help="the 1.1 GB / 1,600-session corpus")
    add("--runs", type=int, default=3, help="fresh-process runs per figure (median shown)")
    add("--seed", type=int, default=1, help="corpus seed (default 1)")
    add("--skip-big", action="store_true", help="skip the 70 MB single-file run")
    add("--profile", action="store_true", help="also cProfile a single-process scan")
    add("--top", type=int, default=30, help="rows of the profile to print")
    add("--ledger", type=Path, default=REPO, help="import ledger from DIR (e.g. a prototype copy)")
    add("--child", choices=("scan", "one", "profile"), help=argparse.SUPPRESS)
    add("--workers", type=int, help=argparse.SUPPRESS)
    add("--paths", nargs="*", type=Path, default=[], help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def describe_ledger() -> None:
    """Which ledger code is measured: a commit, whether the tree has changes, or a copy."""
    if LEDGER[0] != REPO:
        print(f"ledger imported from {LEDGER[0]}")
        return
    git = ["git", "-C", str(REPO)]
    try:
        head = subprocess.run([*git, "rev-parse", "--short", "HEAD"], **_QUIET).stdout.strip()
        dirty = subprocess.run([*git, "status", "--porcelain", "--", "ledger"], **_QUIET).stdout
    except OSError:
        head, dirty = "", ""
    changes = " with uncommitted changes in ledger/" if dirty.strip() else ""
    print(f"ledger at {head or 'an unknown commit'}{changes}; Python {sys.version.split()[0]}")


_QUIET: dict[str, Any] = {"capture_output": True, "text": True, "check": False}


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    LEDGER[0] = args.ledger.resolve()
    if args.child == "profile":
        child_profile(args.paths, args.top)
    elif args.child:
        child_measure(args.child, args.workers, args.paths)
    else:
        try:
            describe_ledger()
            paths = bench_corpus(corpus_params(args), args.runs)
            if not args.skip_big:
                bench_big_file(args.seed, args.runs)
            print_legend()
            if args.profile:
                profile(paths, args.top)
        except Exception as error:  # a benchmark reports; it never fails its caller
            print(f"benchmark error: {type(error).__name__}: {error}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
