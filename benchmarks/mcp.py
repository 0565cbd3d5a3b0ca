"""Benchmark `ledger mcp`: how soon the server answers `initialize`, and a `search` tool call at
100,000 findings.

How to run, from the repository root with the venv active (`. .venv/bin/activate`):

    python benchmarks/mcp.py                   # 100,000 findings in 10,000 session folders
    python benchmarks/mcp.py --findings 10000  # a quicker, smaller run

The ledger is `benchmarks/search.py`'s synthetic one (built once, kept in the git-ignored
`benchmarks/.data/`), copied so nothing touches the cached one. The client speaks JSON-RPC over
the server's stdin/stdout itself, as an agent does, so the figures are the server's alone:
  1. `initialize`: from starting `ledger mcp` to its answer, a fresh process each run
     (target ≤ 0.5 s), beside what importing the MCP SDK alone costs (its floor);
  2. `tools/call search`: once to build the FTS index, then the median of `--runs` calls in one
     server (target ≤ 0.2 s), and `get_finding` and `list_sessions` for comparison.
Exits 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from installed import compile_package  # noqa: E402
from search import DATA, ensure_ledger, own_repository  # noqa: E402

TARGETS = {"initialize": 0.5, "search": 0.2}
PROTOCOL = "2025-11-25"
QUESTION = "how do we retry on timeout"


class Server:
    """`ledger mcp` in a subprocess, spoken to line by line."""

    def __init__(self, ledger: Path) -> None:
        command = [sys.executable, "-m", "ledger", "mcp", "--ledger", str(ledger)]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, encoding="utf-8", cwd=ledger,
        )  # fmt: skip
        self.ids = 0

    def _pipes(self) -> tuple[IO[str], IO[str]]:
        assert self.process.stdin and self.process.stdout
        return self.process.stdin, self.process.stdout

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        """Send one request, wait for its answer (notifications in between are skipped)."""
        self.ids += 1
        write, read = self._pipes()
        message = {"jsonrpc": "2.0", "id": self.ids, "method": method, "params": params}
        write.write(json.dumps(message) + "\n")
        write.flush()
        while True:
            line = read.readline()
            if not line:
                sys.exit(f"ledger mcp stopped while answering {method}")
            answer: dict[str, Any] = json.loads(line)
            if answer.get("id") == self.ids:
                if "error" in answer:
                    sys.exit(f"{method}: {answer['error']}")
                return answer

    def initialize(self) -> None:
        me = {"name": "benchmark", "version": "1"}
        hello = {"protocolVersion": PROTOCOL, "capabilities": {}, "clientInfo": me}
        self.request("initialize", hello)
        write, _ = self._pipes()
        write.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")
        write.flush()

    def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        answer = self.request("tools/call", {"name": tool, "arguments": arguments})
        result: dict[str, Any] = answer["result"]
        if result.get("isError"):
            sys.exit(f"{tool}: {result['content'][0]['text']}")
        return result

    def close(self) -> None:
        write, _ = self._pipes()
        write.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def time_initialize(ledger: Path, runs: int) -> float:
    """Median seconds from starting the server to its `initialize` answer."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        server = Server(ledger)
        server.initialize()
        times.append(time.perf_counter() - started)
        server.close()
    return statistics.median(times)


def time_call(server: Server, runs: int, tool: str, **arguments: Any) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        server.call(tool, **arguments)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _wall(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True)
    return time.perf_counter() - started


def report(name: str, seconds: float) -> None:
    target = TARGETS.get(name.split()[0])
    verdict = "" if target is None else f"(target ≤ {target:g} s: "
    if target is not None:
        verdict += "ok)" if seconds <= target else "MISS)"
    print(f"{name:<34} {seconds:7.3f} s  {verdict}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--findings", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    compile_package()
    base = ensure_ledger(args.findings, args.seed)
    work = DATA / "mcp-work"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(base, work, symlinks=True)
    own_repository(work)
    print(f"ledger {work}: {args.findings} findings in {args.findings // 10} session folders")
    try:
        sdk = [sys.executable, "-c", "import mcp.server.mcpserver"]
        report(
            "  the MCP SDK's import alone", statistics.median(_wall(sdk) for _ in range(args.runs))
        )
        report("initialize (a fresh server)", time_initialize(work, args.runs))
        server = Server(work)
        server.initialize()
        try:
            first = time.perf_counter()
            found = server.call("search", query=QUESTION, limit=10)
            report("search (builds index and FTS)", time.perf_counter() - first)
            report("search (at rest)", time_call(server, args.runs, "search", query=QUESTION))
            hits = json.loads(found["content"][0]["text"])["results"]
            finding = next(h["id"] for h in hits if h["type"] == "finding")
            report("get_finding", time_call(server, args.runs, "get_finding", id=finding))
            report("list_sessions", time_call(server, args.runs, "list_sessions", limit=20))
        finally:
            server.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
