"""Benchmark the hook entry points and the background ingest they start.

How to run, from the repository root with the venv active (`. .venv/bin/activate`):

    python benchmarks/hooks.py            # 20 runs of each hook
    python benchmarks/hooks.py --runs 50

Each figure is the wall time of a whole process, from its start to its exit, as the agent sees
it: the real `ledger` executable fed a recorded payload on stdin, in a temporary home with the
bundled sample sessions and a ledger holding them (indexed, so `SessionStart` has a brief).
  1. `ledger hook claude-session-end`: queue the session, start the runner (target ≤ 150 ms),
  2. `ledger hook claude-session-start`: print the brief (target ≤ 300 ms),
  3. `ledger hook git-post-commit`: what a commit waits for (no target; "not noticeable"),
  4. the background ingest of one new session: `python -m ledger.automation.background`
     draining one job,
  5. `claude-session-end` hooks started at the same moment, 16 and 64 of them (`--concurrent`):
     the latency each process sees, against the 10 s timeout Claude Code allows a hook.
The runners the hooks start are waited for between runs, outside the timings. Exits 0.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(HERE))
from hook_fixtures import home_env, wait_for_runners  # noqa: E402 - tests/ is not a package
from installed import compile_package  # noqa: E402

from ledger.automation.queue import Job, push  # noqa: E402
from ledger.config import load  # noqa: E402
from ledger.store.create import create_ledger  # noqa: E402

LEDGER = Path(sys.executable).parent / "ledger"
SAMPLES = REPO / "ledger" / "samples"
JWT = "4f35e220-8c1d-4b7e-9a51-2d6f0c3b7e14"
TARGETS = {"claude-session-end": 0.150, "claude-session-start": 0.300}


CPU: list[float] = []
"""CPU seconds (user + system) of each timed process: steadier than wall time on a busy box."""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(argv: list[str], stdin: str, env: dict[str, str], cwd: Path) -> float:
    """Wall seconds of one process, from its start to its exit; its CPU time goes to CPU."""
    cpu = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env, cwd=cwd)
    seconds = time.perf_counter() - started
    CPU.append(_children_cpu() - cpu)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr}")
    return seconds


def figures(name: str, times: list[float]) -> str:
    cpu = statistics.median(CPU[-len(times) :])
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    median = statistics.median(ordered)
    target = TARGETS.get(name)
    verdict = "" if target is None else ("  ok" if median <= target else "  OVER TARGET")
    goal = f"target ≤ {target * 1000:.0f} ms" if target else ""
    return (
        f"{name:<34} median {median * 1000:6.1f} ms   p90 {p90 * 1000:6.1f} ms   "
        f"min {ordered[0] * 1000:6.1f} ms   cpu {cpu * 1000:5.1f} ms   {goal}{verdict}"
    )


def prepare(base: Path) -> tuple[Path, Path, dict[str, str]]:
    home = base / "home"
    shutil.copytree(SAMPLES / "claude", home / ".claude")
    root = create_ledger(base / "ledger").root
    env = home_env(home)
    subprocess.run([str(LEDGER), "ingest", "--ledger", str(root)], env=env, cwd=home,
                   check=True, capture_output=True)  # fmt: skip
    try:
        from ledger.index.build import update_index

        update_index(root, root / ".ledger")
    except ImportError:
        pass
    return home, root, env


def bench_hooks(base: Path, runs: int) -> None:
    home, root, env = prepare(base)
    transcript = next(home.glob(f".claude/projects/*/{JWT}.jsonl"))
    end = json.dumps({"session_id": JWT, "transcript_path": str(transcript),
                      "cwd": "/home/dev/acme-api", "hook_event_name": "SessionEnd",
                      "reason": "prompt_input_exit"})  # fmt: skip
    start = json.dumps({"session_id": "next", "transcript_path": str(transcript),
                        "cwd": "/home/dev/acme-api", "hook_event_name": "SessionStart",
                        "source": "startup"})  # fmt: skip
    repo = base / "project"
    repo.mkdir()
    git_env = {**env, "GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@b",
               "GIT_COMMITTER_NAME": "b", "GIT_COMMITTER_EMAIL": "b@b"}  # fmt: skip
    for command in (["init", "-q"], ["commit", "-q", "--allow-empty", "-m", "work"]):
        subprocess.run(["git", *command], cwd=repo, env=git_env, check=True)
    timed([sys.executable, "-c", "pass"], "", env, home)  # warm the page cache
    baseline = [timed([sys.executable, "-c", "pass"], "", env, home) for _ in range(runs)]
    print(figures("python -c pass (for reference)", baseline))
    cases = [
        ("claude-session-end", end, home),
        ("claude-session-start", start, home),
        ("git-post-commit", "", repo),
    ]
    for name, payload, cwd in cases:
        argv = [str(LEDGER), "hook", name, "--ledger", str(root)]
        times = []
        for _ in range(runs):
            times.append(timed(argv, payload, env, cwd))
            wait_for_runners(root / ".ledger")
        print(figures(f"ledger hook {name}", times))


def bench_background(base: Path, runs: int) -> None:
    home = base / "bg-home"
    shutil.copytree(SAMPLES / "claude", home / ".claude")
    transcript = next(home.glob(f".claude/projects/*/{JWT}.jsonl"))
    env = home_env(home)
    times = []
    for k in range(runs):
        config = load(create_ledger(base / f"bg-ledger-{k}").root)
        push(config.state, Job("claude-session-end", source=str(transcript)))
        argv = [sys.executable, "-m", "ledger.automation.background", str(config.root)]
        times.append(timed(argv, "", env, config.state))
        assert list(config.root.glob("sessions/*/_session.md")), "the runner ingested nothing"
    print(figures("background ingest of one session", times))


def bench_concurrent(base: Path, counts: list[int]) -> None:
    """`counts` session-end hooks started together, as many agents ending at once would."""
    home, root, env = prepare(base / "concurrent")
    transcript = next(home.glob(f".claude/projects/*/{JWT}.jsonl"))
    argv = [str(LEDGER), "hook", "claude-session-end", "--ledger", str(root)]
    for count in counts:
        payloads = [
            json.dumps({"session_id": f"{JWT[:-4]}{k:04d}", "transcript_path": str(transcript),
                        "cwd": "/home/dev/acme-api", "hook_event_name": "SessionEnd"})
            for k in range(count)
        ]  # fmt: skip
        started = time.perf_counter()
        running = [
            (subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, env=env, cwd=home), payload)
            for payload in payloads
        ]  # fmt: skip
        ends = []
        for process, payload in running:
            process.communicate(payload.encode())
            ends.append(time.perf_counter() - started)
        wait_for_runners(root / ".ledger")
        ordered = sorted(ends)
        p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
        median = statistics.median(ordered)
        print(
            f"{count:>3} session-end hooks at once        median {median:5.2f} s"
            f"   p90 {p90:5.2f} s   max {ordered[-1]:5.2f} s   (Claude Code allows 10 s)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument(
        "--concurrent", type=int, nargs="*", default=[16, 64], help="hooks started at once"
    )
    args = parser.parse_args()
    compile_package()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{os.cpu_count()} CPUs (load {load}), Python {sys.version.split()[0]}, "
          f"{args.runs} runs each\n")  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="ledger-hooks-bench-") as tmp:
        bench_hooks(Path(tmp), args.runs)
        bench_background(Path(tmp), max(3, args.runs // 4))
        bench_concurrent(Path(tmp), args.concurrent)


if __name__ == "__main__":
    main()
