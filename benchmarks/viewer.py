"""Benchmark the viewer: `ledger serve`'s pages at 10,000 sessions, `ledger site` at 1,600.

How to run, from the repository root with the venv active (`. .venv/bin/activate`):

    python benchmarks/viewer.py                  # both parts
    python benchmarks/viewer.py --skip-site      # the served pages only

1. Served pages: the synthetic ledger of benchmarks/search.py (100,000 findings in 10,000
   session folders, built once in `benchmarks/.data/`) served by the real uvicorn on a loopback
   port; each page is fetched over HTTP, the first time (the snapshot of the ledger is built)
   and then `--runs` times, 0.2 s apart (median and worst; the server compares every session
   folder's stamp once a second beside the requests, see `viewer/model.py`): the timeline
   (target ≤ 0.2 s), a session page (target ≤ 0.1 s), a finding page, a search and the charts.
2. `ledger site`: the 1,600-session benchmark ledger (benchmarks/ingest.py's 1.1 GB corpus,
   ingested once with `--no-llm` and kept in `benchmarks/.data/`), written by the real command in
   a fresh process, with the transcripts by turn (this machine holds them) and without (as CI
   would publish it); target ≤ 30 s. The first run starts with the turns cache deleted, the
   second has it (as every `ledger site` after the first). The CPU time
   of the process (and its forked helper) is shown too: on a loaded machine it is the steadier
   figure.
Exits 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DATA = HERE / ".data"
TARGETS = {"timeline": 0.2, "session page": 0.1, "ledger site": 30.0}
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))
import search  # noqa: E402 - benchmarks/ is not a package
import synthetic  # noqa: E402
from installed import compile_package  # noqa: E402


def fetch(url: str) -> float:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=120) as answer:
        answer.read()
    return time.perf_counter() - started


def verdict(name: str, seconds: float) -> str:
    target = next((t for key, t in TARGETS.items() if name.startswith(key)), None)
    if target is None:
        return ""
    return f"  (target ≤ {target:g} s: {'ok' if seconds <= target else 'MISSED'})"


def bench_pages(runs: int) -> None:
    import threading

    import uvicorn

    from ledger.viewer.server import viewer_app

    root = search.ensure_ledger(100_000, 1)
    session = sorted((root / "sessions").iterdir())[len(list((root / "sessions").iterdir())) // 2]
    session_id = next(
        line.split(": ", 1)[1].strip('"')
        for line in (session / "_session.md").read_text().splitlines()
        if line.startswith("session_id: ")
    )
    finding = next(p for p in session.glob("*.md") if p.name != "_session.md")
    finding_id = next(
        line.split(": ", 1)[1].strip('"')
        for line in finding.read_text().splitlines()
        if line.startswith("id: ")
    )
    port = 8700 + (time.time_ns() % 200)
    server = uvicorn.Server(uvicorn.Config(viewer_app(root), port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{port}"
    print(f"ledger {root.relative_to(REPO)}: 10,000 sessions, 100,000 findings")
    print(f"first request (the snapshot built): {fetch(base + '/'):.2f} s")
    pages = {
        "timeline": "/",
        "timeline, filtered by project": "/?project=/home/dev/api&kind=decision",
        "session page": f"/session/{session_id}",
        "finding page": f"/finding/{finding_id}",
        "search": "/search?q=retry+timeout",
        "charts": "/charts",
    }
    for name, path in pages.items():
        fetch(base + path)
        times = []
        for _ in range(runs):
            time.sleep(0.2)  # requests spread over the watcher's seconds, as people make them
            times.append(fetch(base + path))
        median = statistics.median(times)
        print(f"{name:30} median {median * 1000:6.1f} ms, worst {max(times) * 1000:6.1f} ms"
              + verdict(name, median))  # fmt: skip
    server.should_exit = True


def _children_cpu() -> float:
    """CPU seconds the finished child processes used: what the machine's load does not change."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def site_ledger() -> Path:
    """The 1,600-session ledger: the full synthetic corpus ingested once without the LLM."""
    params = synthetic.Params(size_mb=1100.0, sessions=1600, seed=1)
    corpus, _ = synthetic.ensure_corpus(DATA, params)
    ledger = DATA / "viewer-ledger-1600"
    if (ledger / "done").exists():
        return ledger
    shutil.rmtree(ledger, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "ledger", "init", str(ledger)], cwd=REPO, check=True,
                   capture_output=True)  # fmt: skip
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "ledger", "ingest", "--ledger", str(ledger), "--no-llm",
         "--source", str(corpus / "claude"), "--source", str(corpus / "codex")],
        cwd=REPO, check=True, capture_output=True,
    )  # fmt: skip
    (ledger / "done").write_text("")
    print(f"ingested the 1,600-session corpus in {time.perf_counter() - started:.0f} s")
    return ledger


def bench_site() -> None:
    ledger = site_ledger()
    sessions = sum(1 for _ in (ledger / "sessions").iterdir())
    files = sum(1 for _ in (ledger / "sessions").rglob("*.md"))
    print(f"ledger {ledger.relative_to(REPO)}: {sessions} sessions, {files} Markdown files")
    runs = (("with transcripts", [], True), ("again (turns cached)", [], False),
            ("--no-transcripts", ["--no-transcripts"], True))  # fmt: skip
    for name, options, cold in runs:
        if cold:
            shutil.rmtree(ledger / ".ledger" / "turns", ignore_errors=True)
        out = Path(tempfile.mkdtemp(prefix="ledger-site-")) / "site"
        started, cpu = time.perf_counter(), _children_cpu()
        subprocess.run(
            [sys.executable, "-m", "ledger", "site", str(out), "--ledger", str(ledger), *options],
            cwd=REPO, check=True, capture_output=True,
        )  # fmt: skip
        seconds, cpu = time.perf_counter() - started, _children_cpu() - cpu
        size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file()) / 1e6
        print(
            f"ledger site {name:22} {seconds:6.1f} s ({cpu:.1f} s of CPU), {size:.0f} MB"
            + verdict("ledger site", seconds)
        )
        shutil.rmtree(out.parent, ignore_errors=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--skip-site", action="store_true")
    parser.add_argument("--skip-pages", action="store_true")
    args = parser.parse_args(argv)
    compile_package()
    if not args.skip_pages:
        bench_pages(args.runs)
    if not args.skip_site:
        bench_site()


if __name__ == "__main__":
    main()
