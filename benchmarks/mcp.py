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
     server (target ≤ 0.2 s), and the other reading tools for comparison.
Beside each wall time, the CPU time the server itself used (from /proc): its cost whatever
else the machine runs. Exits 0 whatever the figures.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from search import arguments, working_copy  # noqa: E402

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

    def cpu(self) -> float:
        """CPU seconds the server has used so far (Linux; 0 elsewhere): its own cost, whatever
        else the machine runs."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

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


Timing = tuple[float, float]
"""Median wall seconds, and median CPU seconds of the server."""


def time_initialize(ledger: Path, runs: int) -> Timing:
    """From starting the server to its `initialize` answer."""
    times, cpu = [], []
    for _ in range(runs):
        started = time.perf_counter()
        server = Server(ledger)
        server.initialize()
        times.append(time.perf_counter() - started)
        cpu.append(server.cpu())
        server.close()
    return statistics.median(times), statistics.median(cpu)


def time_call(server: Server, runs: int, tool: str, **arguments: Any) -> Timing:
    times, cpu = [], []
    for _ in range(runs):
        started, used = time.perf_counter(), server.cpu()
        server.call(tool, **arguments)
        times.append(time.perf_counter() - started)
        cpu.append(server.cpu() - used)
    return statistics.median(times), statistics.median(cpu)


def _wall(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True)
    return time.perf_counter() - started


def report(name: str, timing: Timing | float) -> None:
    wall, cpu = timing if isinstance(timing, tuple) else (timing, None)
    target = TARGETS.get(name.split()[0])
    verdict = "" if target is None else f"(target ≤ {target:g} s: "
    if target is not None:
        verdict += "ok)" if wall <= target else "MISS)"
    used = "" if cpu is None else f"  cpu {cpu:6.3f} s"
    print(f"{name:<34} {wall:7.3f} s{used}  {verdict}")


def main(argv: list[str] | None = None) -> None:
    args = arguments(argv, __doc__.split("\n")[0])
    work = working_copy(args, "mcp-work")
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
            report("first search (builds the index)", time.perf_counter() - first)
            report("search (at rest)", time_call(server, args.runs, "search", query=QUESTION))
            hits = json.loads(found["content"][0]["text"])["results"]
            finding = next(h["id"] for h in hits if h["type"] == "finding")
            report("get_finding", time_call(server, args.runs, "get_finding", id=finding))
            report("list_sessions", time_call(server, args.runs, "list_sessions", limit=20))
            session = next(h["session_id"] for h in hits)
            report("get_session", time_call(server, args.runs, "get_session", id=session))
            report("context", time_call(server, args.runs, "context", max_tokens=1500))
            kinds = {"query": QUESTION, "kind": "decision", "current": True}
            report("search --kind --current", time_call(server, args.runs, "search", **kinds))
        finally:
            server.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
