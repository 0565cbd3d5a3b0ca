"""A fake Anthropic Messages API on 127.0.0.1: records requests, replays scripted responses.

The real `anthropic` client talks to it through `base_url`, so the tests exercise the SDK's own
request building, retries, timeouts and error mapping. Scripted responses are served in order;
when none are left, `responder(request)` answers (by default: one finding per window).
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

TOOL = "record_findings"
_TURN = re.compile(r"^## Turn (\d+) ", re.M)


@dataclass(frozen=True)
class Scripted:
    """One response: a status, a JSON body (or raw bytes), headers, and a delay before it."""

    status: int = 200
    body: Any = None
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


def turns_of(request: dict[str, Any]) -> list[int]:
    """The turn numbers of the window a request sends."""
    return [int(n) for n in _TURN.findall(user_text(request))]


def user_text(request: dict[str, Any]) -> str:
    content = request["messages"][0]["content"]
    return content if isinstance(content, str) else "".join(b.get("text", "") for b in content)


def usage(request: dict[str, Any], cached: bool) -> dict[str, int]:
    """Token counts as the API reports them: the system part written once, then read."""
    static = len(json.dumps(request.get("system"))) // 4 + len(json.dumps(request["tools"])) // 4
    return {
        "input_tokens": len(user_text(request)) // 4,
        "output_tokens": 200,
        "cache_read_input_tokens": static if cached else 0,
        "cache_creation_input_tokens": 0 if cached else static,
    }


def message(content: list[dict[str, Any]], tokens: dict[str, int], stop: str) -> dict[str, Any]:
    return {
        "id": "msg_fake",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-6",
        "content": content,
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": tokens,
    }


def tool_message(answer: Any, tokens: dict[str, int], stop: str = "tool_use") -> dict[str, Any]:
    block = {"type": "tool_use", "id": "toolu_fake", "name": TOOL, "input": answer}
    return message([block], tokens, stop)


def error_body(kind: str, text: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": kind, "message": text}}


def summary(objective: str = "Fix the bug.") -> dict[str, Any]:
    return {
        "objective": objective,
        "work_done": ["Found the cause."],
        "decisions": [],
        "unresolved": [],
        "next_steps": ["Ship it."],
    }


def window_answer(request: dict[str, Any]) -> dict[str, Any]:
    """One decision per window citing its first turn, and one shared by every window."""
    turns = turns_of(request)
    first, last = turns[0], turns[-1]
    return {
        "findings": [
            {
                "kind": "decision",
                "title": f"Keep the conclusions of turns {first} to {last}",
                "body": f"The session settled what turns {first} to {last} discussed.",
                "turns": [first],
                "references": [],
                "supersedes": [],
                "confidence": 0.8,
            },
            {
                "kind": "insight",
                "title": "The session is one long conversation",
                "body": "Every window of it says so.",
                "turns": [last],
                "confidence": 0.7,
            },
        ],
        "summary": summary(f"Objective seen from turn {first}."),
        "engagements": [
            {
                "topic": f"Read what turns {first} to {last} of the session discussed",
                "method": "research",
                "phase": "completed",
                "outcome": f"Turns {first} to {last} were read.",
                "first_turn": first,
                "last_turn": last,
            }
        ],
    }


class FakeMessages:
    """The server's state: scripted responses, the default responder, requests received."""

    def __init__(self) -> None:
        self.script: list[Scripted] = []
        self.responder: Callable[[dict[str, Any]], Any] = window_answer
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.raw: list[bytes] = []
        self.lock = threading.Lock()
        self.url = ""
        self.server_seconds = 0.0
        self.delay = 0.0
        """Seconds the default responder waits before answering (concurrency tests)."""
        self.spans: list[tuple[float, float]] = []
        """(start, end) of every request handled, on the perf_counter clock."""
        self.batches: dict[str, list[dict[str, Any]]] = {}
        """Message Batches submitted: id → their requests ({custom_id, params})."""
        self.ended: set[str] = set()
        """Batches the test declares finished."""
        self.expire: set[str] = set()
        """Custom ids whose batch result is `expired`."""
        self.batch_calls: list[str] = []
        """Time spent answering (reading, scripted delays, writing): not the client's."""

    def queue(self, *responses: Scripted) -> None:
        with self.lock:
            self.script.extend(responses)

    def next_response(self, body: bytes, headers: dict[str, str]) -> Scripted:
        request = json.loads(body)
        with self.lock:
            cached = bool(self.requests)
            self.requests.append(request)
            self.headers.append(headers)
            self.raw.append(body)
            if self.script:
                return self.script.pop(0)
        answer = tool_message(self.responder(request), usage(request, cached))
        return Scripted(200, answer, delay=self.delay)


def _batch(fake: FakeMessages, batch_id: str) -> dict[str, Any]:
    requests = fake.batches[batch_id]
    ended = batch_id in fake.ended
    counts = {
        "processing": 0 if ended else len(requests),
        "succeeded": len(requests) if ended else 0,
    }
    return {
        "id": batch_id,
        "type": "message_batch",
        "processing_status": "ended" if ended else "in_progress",
        "request_counts": {**counts, "errored": 0, "canceled": 0, "expired": 0},
        "created_at": "2026-11-22T08:00:00Z",
        "expires_at": "2026-11-23T08:00:00Z",
        "ended_at": "2026-11-22T09:00:00Z" if ended else None,
        "archived_at": None,
        "cancel_initiated_at": None,
        "results_url": f"{fake.url}/v1/messages/batches/{batch_id}/results" if ended else None,
    }


def _batch_results(fake: FakeMessages, batch_id: str) -> bytes:
    lines = []
    for item in fake.batches[batch_id]:
        params = item["params"]
        if item["custom_id"] in fake.expire:
            result: dict[str, Any] = {"type": "expired"}
        else:
            answer = tool_message(fake.responder(params), usage(params, cached=True))
            result = {"type": "succeeded", "message": answer}
        lines.append(json.dumps({"custom_id": item["custom_id"], "result": result}))
    return ("\n".join(lines) + "\n").encode()


def _handler(fake: FakeMessages) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self) -> None:
            super().setup()
            # headers and body leave in separate writes: without this, Nagle's algorithm and
            # the client's delayed ACK add 40 ms to every response
            self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

        def _send_body(self, status: int, raw: bytes) -> None:
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def do_GET(self) -> None:
            parts = self.path.split("?")[0].rstrip("/").split("/")
            with fake.lock:
                fake.batch_calls.append(f"GET {self.path}")
            if parts[-1] == "results":
                self._send_body(200, _batch_results(fake, parts[-2]))
            else:
                self._send_body(200, json.dumps(_batch(fake, parts[-1])).encode())

        def do_POST(self) -> None:
            started = time.perf_counter()
            body = self.rfile.read(int(self.headers.get("content-length", 0)))
            if self.path.split("?")[0].rstrip("/").endswith("/messages/batches"):
                with fake.lock:
                    batch_id = f"msgbatch_{len(fake.batches) + 1:04d}"
                    fake.batches[batch_id] = json.loads(body)["requests"]
                    fake.batch_calls.append(f"POST {batch_id}")
                self._send_body(200, json.dumps(_batch(fake, batch_id)).encode())
                return
            response = fake.next_response(body, {k.lower(): v for k, v in self.headers.items()})
            time.sleep(response.delay)
            raw = (
                response.body
                if isinstance(response.body, bytes)
                else json.dumps(response.body).encode()
            )
            try:
                self.send_response(response.status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(raw)))
                for key, value in response.headers.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(raw)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test)
            with fake.lock:
                fake.server_seconds += time.perf_counter() - started
                fake.spans.append((started, time.perf_counter()))

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler


@contextmanager
def fake_messages_server() -> Iterator[FakeMessages]:
    """A running fake on a free port of 127.0.0.1; `fake.url` is its base URL."""
    fake = FakeMessages()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(fake))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    fake.url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()
