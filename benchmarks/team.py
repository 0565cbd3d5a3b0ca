"""Benchmark a team sharing one ledger repo: ingest, `ledger sync`, `ledger grep`, repo growth.

How to run, from the repository root with the venv active (`. .venv/bin/activate`):

    python benchmarks/team.py                      # 20,000 sessions / 60,000 findings of history
    python benchmarks/team.py --sessions 100000    # the issue's 100,000 / 300,000 (slow to build)

A history of generated sessions (3 findings each, rendered by ledger's own writer) is committed
once into a repo kept in the git-ignored `benchmarks/.data/`, and cloned bare as the team's
remote. Then `--people` clones (3) take `--rounds` rounds (3): in each, every person ingests 20
new sessions (real transcripts: the bundled samples with new ids) and syncs, in turn, so all but
the first rebase onto what the others pushed. Each step is the real command in a fresh process,
timed whole (start-up, imports, work, exit):
  1. `ledger ingest` of 20 sessions (target ≤ 2 s; a clone's first, in round 1, apart: it reads
     every session record once),
  2. `ledger sync` against the local bare remote (target ≤ 3 s),
  3. `ledger grep` of a fixed string in a clone (target ≤ 0.5 s),
  4. `ledger check --changed-since origin/main` before the sync: what a pull request of those
     20 sessions changed (target ≤ 1 s); and the same with the clone's index set aside, as on
     a CI runner's fresh clone,
  5. the remote's growth per session ingested, in bytes (`git count-objects`), as the pushes
     left it and after `git gc` (each commit writes a new `sessions/` tree listing every
     session folder: its size grows with the ledger, and only a repack deltas it away),
and at the end, that every clone is on the remote's tree with no derived page tracked.
Exits 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DATA = HERE / ".data"
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO / "tests"))
from installed import compile_package  # noqa: E402
from ledger_fixtures import SAMPLE_IDS, clone_samples  # noqa: E402
from search import write_session  # noqa: E402

PER_ROUND = 20
CHECK = "check --changed-since"
CHECK_AS_CI = "  the same, no index"
TARGETS = {"ingest 20 sessions": 2.0, "sync": 3.0, "grep": 0.5, CHECK: 1.0, CHECK_AS_CI: 1.0}
FIRST_INGEST = "first ingest in a clone"
GENERATOR_VERSION = 1
ENV = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
ENV.update(GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@example.com",
           GIT_COMMITTER_NAME="bench", GIT_COMMITTER_EMAIL="bench@example.com")  # fmt: skip


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, env=ENV, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"git {' '.join(args)} failed in {cwd}: {done.stderr}")
    return done.stdout


def ensure_history(sessions: int, seed: int) -> Path:
    """A bare remote holding a ledger of `sessions` generated sessions: built once, reused."""
    name = f"team-{sessions}s-seed{seed}-g{GENERATOR_VERSION}"
    bare = DATA / f"{name}.git"
    if (bare / "done.json").exists():
        return bare
    staging = DATA / f"{name}.tmp"
    shutil.rmtree(staging, ignore_errors=True)
    shutil.rmtree(bare, ignore_errors=True)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "ledger", "init", str(staging)], cwd=REPO, env=ENV,
                   check=True, capture_output=True)  # fmt: skip
    files = sum(write_session(staging, n, 3, seed) for n in range(sessions))
    git(staging, "add", "sessions")
    git(staging, "commit", "-q", "-m", f"ledger: {sessions} sessions of history")
    git(staging, "branch", "-M", "main")
    git(DATA, "clone", "-q", "--bare", str(staging), str(bare))
    git(bare, "gc", "-q")
    shutil.rmtree(staging)
    (bare / "done.json").write_text(json.dumps({"files": files}))
    seconds = time.perf_counter() - started
    print(f"generated and committed {files} files in {seconds:.0f} s", file=sys.stderr)
    return bare


def new_sessions(dest: Path, person: int, round_: int) -> Path:
    """20 transcripts: the 5 samples 4 times, each with ids of their own."""
    return clone_samples(dest, PER_ROUND // len(SAMPLE_IDS), f"{person:02x}{round_:02x}")


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, cwd=REPO, env=ENV, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 1) or (done.returncode == 1 and "grep" not in command):
        sys.exit(f"{' '.join(command)} failed: {done.stdout}{done.stderr}")
    return seconds


def repo_bytes(bare: Path) -> int:
    """What the remote's objects take on disk (loose and packed)."""
    counts = dict(
        line.split(": ") for line in git(bare, "count-objects", "-v").splitlines() if ": " in line
    )
    return (int(counts["size"]) + int(counts["size-pack"])) * 1024


def report(name: str, values: list[float]) -> None:
    target = TARGETS.get(name)
    median, worst = statistics.median(values), max(values)
    verdict = f"(target ≤ {target:g} s: {'ok' if worst <= target else 'MISS'})" if target else ""
    print(f"{name:<22} median {median:6.3f} s   max {worst:6.3f} s  {verdict}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=20_000)
    parser.add_argument("--people", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="Leave the clones for profiling.")
    args = parser.parse_args(argv)
    compile_package()
    history = ensure_history(args.sessions, args.seed)
    work = DATA / "team-work"
    shutil.rmtree(work, ignore_errors=True)
    remote = work / "remote.git"
    shutil.copytree(history, remote)
    ledger = [sys.executable, "-m", "ledger"]
    clones = []
    for person in range(args.people):
        clone = work / f"person-{person}" / "ledger"
        git(work, "clone", "-q", str(remote), str(clone))
        subprocess.run([*ledger, "index", "--ledger", str(clone)], cwd=REPO, env=ENV,
                       check=True, capture_output=True)  # fmt: skip
        clones.append(clone)
    print(f"{args.people} clones of a ledger of {args.sessions} sessions "
          f"({args.sessions * 3} findings); {PER_ROUND} new sessions each per round")  # fmt: skip
    before, added = repo_bytes(remote), 0
    times: dict[str, list[float]] = {name: [] for name in (FIRST_INGEST, *TARGETS)}
    for round_ in range(args.rounds):
        for person, clone in enumerate(clones):
            source = new_sessions(work / f"person-{person}" / f"round-{round_}", person, round_)
            at = ["--ledger", str(clone)]
            # a clone's first run reads every session record once (then kept in `.ledger/`)
            step = "ingest 20 sessions" if round_ else FIRST_INGEST
            times[step].append(timed([*ledger, "ingest", "--no-llm", "--source", str(source), *at]))
            changed = [*ledger, "check", "--changed-since", "origin/main", *at]
            times[CHECK].append(timed(changed))
            index, aside = clone / ".ledger" / "index", work / "index-aside"
            index.rename(aside)
            times[CHECK_AS_CI].append(timed(changed))
            aside.rename(index)
            times["sync"].append(timed([*ledger, "sync", *at]))
            added += PER_ROUND
            times["grep"].append(timed([*ledger, "grep", "-l", "-F", "retry timeout", *at]))
    for clone in clones:
        timed([*ledger, "sync", "--ledger", str(clone)])
    for name, values in times.items():
        if values:
            report(name, values)
    growth = (repo_bytes(remote) - before) / added
    print(f"remote growth          {growth:,.0f} bytes per session ({added} sessions, as pushed)")
    git(remote, "gc", "-q")  # the history was packed so too: trees of sessions/ delta well
    packed = (repo_bytes(remote) - before) / added
    print(f"remote growth          {packed:,.0f} bytes per session (after git gc)")
    trees = {git(c, "rev-parse", "HEAD^{tree}").strip() for c in clones}
    tracked = [git(c, "ls-files", "index.md", "index").strip() for c in clones]
    level = trees == {git(remote, "rev-parse", "main^{tree}").strip()} and not any(tracked)
    print("every clone on the remote's tree, no derived page tracked:", "yes" if level else "NO")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
