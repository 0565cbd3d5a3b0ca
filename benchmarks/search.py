"""Benchmark the index, `ledger grep` and `ledger context` on a synthetic ledger.

How to run, from the repository root with the venv active (`. .venv/bin/activate`):

    python benchmarks/search.py                 # 100,000 findings in 10,000 session folders
    python benchmarks/search.py --findings 10000  # a quicker, smaller run

The ledger is rendered by ledger's own Markdown writer (realistic frontmatter and bodies), built
once and kept in the git-ignored `benchmarks/.data/`. Each step is the real command in a fresh
process, timed whole (start-up, imports, work, exit), median of a few runs:
  1. full index build from scratch (`update_index` in a fresh process, as ingest runs it, with
     the state folder and the derived pages deleted; target ≤ 10 s),
  2. incremental index after 50 new findings (5 new session folders), the same way, median of
     `--runs` such steps (target ≤ 0.5 s), then `ledger index` (which also stats every file,
     rebuilds every page, and commits) for comparison,
  3. `ledger grep` of a fixed string and of a regex (target ≤ 0.4 s and twice as fast as rg),
  4. `ledger grep --kind decision --since ...`, answered from the index,
  5. `ledger context` (target ≤ 0.3 s),
  6. `ledger search` (ranked, FTS5): once to build its index, then as usual (target ≤ 0.2 s).
`rg` runs the same queries over the same files when it is installed. Exits 0 whatever the figures.
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
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from random import Random

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DATA = HERE / ".data"
GENERATOR_VERSION = 2
"""Bump when the generated ledger changes, so a cached one is rebuilt."""
TARGETS: dict[str, float | None] = {
    "index (from scratch)": 10.0,
    "index (+50 findings)": 0.5,
    "ledger index (+50)": None,
    "grep fixed string": 0.4,
    "grep regex": 0.4,
    "grep --kind --since": 0.4,
    "context": 0.3,
}
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))
from installed import compile_package  # noqa: E402

from ledger.models import KINDS, Evidence, Finding, Session, Tokens, finding_id  # noqa: E402
from ledger.store.markdown import Written, session_markdown, to_markdown  # noqa: E402
from ledger.store.paths import SESSION_FILE, finding_file, session_dir  # noqa: E402

_WORD_TEXT = (
    "cache key reader parser index session token config retry timeout schema migration queue "
    "worker deploy build test fixture snapshot render template commit branch merge conflict "
    "latency memory stream buffer encoder decoder limit window tenant login auth header proxy "
    "database transaction lock replica shard backup metric alert budget plan review release"
)
_PROSE_TEXT = (
    "the a to of and in is it that for on with as this be are by we can not from or at will "
    "if so but when which then also just now need should would could may must use because"
)
WORDS = tuple(_WORD_TEXT.split())
PROSE = tuple(_PROSE_TEXT.split())
PROJECTS = tuple(f"/home/dev/{name}" for name in ("api", "web", "infra", "ml", "docs", "cli"))
STATUSES = {"decision": "accepted", "todo": "open", "question": "open"}
EPOCH = datetime(2025, 1, 1, 9, 0, tzinfo=timezone.utc)


def _sentence(rng: Random, words: int) -> str:
    picked = [rng.choice(WORDS if rng.random() < 0.35 else PROSE) for _ in range(words)]
    return " ".join(picked).capitalize() + "."


def _session(rng: Random, number: int) -> Session:
    started = EPOCH + timedelta(hours=number * 1.7 + rng.random())
    project = PROJECTS[number % len(PROJECTS)]
    touched = tuple(
        f"{project}/src/{rng.choice(WORDS)}/{rng.choice(WORDS)}.py" for _ in range(rng.randrange(4))
    )
    return Session(
        agent="codex" if number % 5 == 0 else "claude-code",
        session_id=f"{number:08x}-0000-4000-8000-{rng.getrandbits(48):012x}",
        source=Path(f"/home/dev/.claude/projects/x/{number}.jsonl"),
        project=project,
        git_branch="main",
        agent_version="2.1.92",
        models=("claude-sonnet-4-6",),
        title=_sentence(rng, rng.randrange(4, 10))[:-1],
        started=started,
        ended=started + timedelta(minutes=rng.randrange(5, 90)),
        preamble=(),
        turns=(),
        tools=(("Bash", 6), ("Edit", 3), ("Read", 9)),
        files_touched=tuple(dict.fromkeys(touched)),
        files_read=(),
        commands=("pytest -q", "git status"),
        tokens=Tokens(1200, 5400, 400_000, 20_000),
        subagents=0,
        agent_name=None,
        parent_session=None,
        compacted=False,
        skipped_lines=0,
    )


def _finding(rng: Random, session: Session, index: int) -> Finding:
    kind = KINDS[(index * 7 + rng.randrange(6)) % len(KINDS)]
    title = _sentence(rng, rng.randrange(5, 12))[:-1]
    body = " ".join(_sentence(rng, rng.randrange(8, 20)) for _ in range(rng.randrange(2, 5)))
    ref = f"src/{rng.choice(WORDS)}/{rng.choice(WORDS)}.py"
    return Finding(
        id=finding_id(session.session_id, kind, title),
        kind=kind,
        title=title,
        body=body,
        session_id=session.session_id,
        turns=(rng.randrange(1, 30),),
        evidence=(Evidence(rng.randrange(1, 30), _sentence(rng, 12)),),
        confidence=round(rng.uniform(0.3, 0.9), 2),
        extractor="structural",
        status=STATUSES.get(kind, "open"),
        references=(ref,) if rng.random() < 0.5 else (),
        tags=(rng.choice(WORDS),) if rng.random() < 0.2 else (),
    )


def write_session(root: Path, number: int, findings: int, seed: int) -> int:
    """Write one session folder of the synthetic ledger; returns the number of files."""
    rng = Random(f"{seed}-{number}")
    session = _session(rng, number)
    folder = root / session_dir(session)
    folder.mkdir(parents=True, exist_ok=True)
    taken: set[str] = set()
    written: list[Written] = []
    for index in range(findings):
        finding = _finding(rng, session, number * 10 + index)
        name = finding_file(finding, taken)
        taken.add(name)
        written.append(Written(finding, name))
        (folder / name).write_text(to_markdown(finding, session), encoding="utf-8")
    record = session_markdown(session, written, (), f"{number:032x}", ("structural/3",))
    (folder / SESSION_FILE).write_text(record, encoding="utf-8")
    return len(written) + 1


def ensure_ledger(findings: int, seed: int) -> Path:
    """The synthetic ledger of `findings` findings, 10 per session: built once, then reused."""
    name = f"ledger-{findings}f-seed{seed}-g{GENERATOR_VERSION}"
    folder = DATA / name
    if (folder / "done.json").exists():
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    staging = DATA / f"{name}.tmp"
    shutil.rmtree(staging, ignore_errors=True)
    # a repository of its own: `ledger index` commits, and must never commit into this one
    subprocess.run(["git", "init", "--quiet", str(staging)], check=True)
    subprocess.run([sys.executable, "-m", "ledger", "init", str(staging)], cwd=REPO, check=True,
                   capture_output=True)  # fmt: skip
    started = time.perf_counter()
    files = sum(write_session(staging, n, 10, seed) for n in range(findings // 10))
    (staging / "done.json").write_text(json.dumps({"files": files}))
    staging.rename(folder)
    print(f"generated {files} files in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return folder


UPDATE = (
    "import sys\nfrom pathlib import Path\nfrom ledger.index.build import update_index\n"
    "root = Path(sys.argv[1])\nupdate_index(root, root / '.ledger')\n"
)
"""What ingest runs at its end: the index brought up to date, derived pages rewritten."""


IN_PROCESS = {
    "grep fixed string": (
        "import sys\nfrom pathlib import Path\nfrom ledger.search.grep import GrepOptions, grep\n"
        "root = Path(sys.argv[1])\ngrep(root, root / '.ledger', GrepOptions('retry timeout'))\n"
    ),
    "context": (
        "import sys\nfrom pathlib import Path\nfrom ledger.search.context import build_context\n"
        f"root = Path(sys.argv[1])\nbuild_context(root, root / '.ledger', {PROJECTS[0]!r}, 1500)\n"
    ),
}
"""The same work without the CLI's start-up (typer, rich): what the hook entry point pays."""


def own_repository(folder: Path) -> None:
    """Stop unless `folder` is the top of its own git repository: the benchmark commits there."""
    top = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"], cwd=folder, capture_output=True, text=True
    ).stdout.strip()
    if not top or Path(top).resolve() != folder.resolve():
        sys.exit(f"{folder} is not a git repository of its own (top: {top or 'none'}): not run")


def forget_index(root: Path) -> None:
    """Delete the index's state and the derived pages: the next run builds from scratch."""
    shutil.rmtree(root / ".ledger", ignore_errors=True)
    shutil.rmtree(root / "index", ignore_errors=True)
    (root / "index.md").unlink(missing_ok=True)


def timed(command: list[str], runs: int, before: Callable[[], None] | None = None) -> float:
    """Median wall seconds of `command` in a fresh process (`before` runs untimed each time)."""
    times = []
    for _ in range(runs):
        if before:
            before()
        # the previous step's writes (a 470 MB copy, deleted pages) are flushed untimed: their
        # writeback is not this command's cost, and made its figure vary by seconds
        if hasattr(os, "sync"):
            os.sync()
        started = time.perf_counter()
        done = subprocess.run(command, cwd=REPO, capture_output=True, check=False)
        times.append(time.perf_counter() - started)
        if done.returncode not in (0, 1):
            sys.exit(f"{' '.join(command)} failed: {done.stderr.decode()}")
    return statistics.median(times)


def report(name: str, seconds: float, rg: float | None = None, tool: str = "rg") -> None:
    target = TARGETS.get(name)
    verdict = "" if target is None else f"(target ≤ {target:g} s: "
    if target is not None:
        verdict += "ok)" if seconds <= target else "MISS)"
    versus = ""
    if rg is not None:
        versus = f"   {tool} {rg:6.3f} s (ledger {rg / seconds:.1f}x as fast)"
    print(f"{name:<24} {seconds:7.3f} s  {verdict}{versus}")


def arguments(argv: list[str] | None, description: str) -> argparse.Namespace:
    """The options every benchmark of the synthetic ledger takes."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--findings", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=5)
    return parser.parse_args(argv)


def working_copy(args: argparse.Namespace, name: str) -> Path:
    """A copy of the synthetic ledger (built once) that a benchmark may change."""
    compile_package()
    base = ensure_ledger(args.findings, args.seed)
    work = DATA / name
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(base, work, symlinks=True)
    own_repository(work)
    return work


def main(argv: list[str] | None = None) -> None:
    args = arguments(argv, __doc__.split("\n")[0])
    work = working_copy(args, "search-work")
    ledger = [sys.executable, "-m", "ledger"]
    at = ["--ledger", str(work)]
    rg = shutil.which("rg")
    print(f"ledger {work}: {args.findings} findings in {args.findings // 10} session folders")
    try:
        update = [sys.executable, "-c", UPDATE, str(work)]
        report("index (from scratch)", timed(update, 1, lambda: forget_index(work)))
        sessions = args.findings // 10
        added = iter(range(sessions, sessions + 1000, 5))

        def add_fifty() -> None:
            first = next(added)
            for number in range(first, first + 5):
                write_session(work, number, 10, args.seed)

        report("index (+50 findings)", timed(update, args.runs, add_fifty))
        add_fifty()
        report("ledger index (+50)", timed([*ledger, "index", *at], 1))
        report("start-up (ledger --help)", timed([*ledger, "--help"], args.runs))
        queries = {
            "grep fixed string": (["-F", "retry timeout"], ["-F", "retry timeout"]),
            "grep regex": (["cache (key|token)s?"], ["cache (key|token)s?"]),
        }
        other = rg or shutil.which("grep")
        for name, (ours, theirs) in queries.items():
            if not rg and name == "grep regex":
                theirs = ["-E", *theirs]  # rg's -E names an encoding
            command = [other, "-l" if rg else "-rl", *theirs, str(work / "sessions")]
            report(name, timed([*ledger, "grep", "-l", *ours, *at], args.runs),
                   timed([str(c) for c in command], args.runs), Path(str(other)).name)  # fmt: skip
        since = ["--kind", "decision", "--since", "2026-06-01"]
        report("grep --kind --since", timed([*ledger, "grep", *since, "-l", "cache", *at],
                                            args.runs))  # fmt: skip
        report("context", timed([*ledger, "context", "--project", PROJECTS[0], *at], args.runs))
        ask = [*ledger, "search", "how do we retry on timeout", *at]
        report("search (builds the FTS index)", timed(ask, 1))
        report("search (target ≤ 0.2 s)", timed(ask, args.runs))
        print("in process (no start-up, imports included):")
        for name, code in IN_PROCESS.items():
            report(f"  {name}", timed([sys.executable, "-c", code, str(work)], args.runs))
        if not rg:
            print("rg is not installed: GNU grep -r over the same files instead")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
