"""A ledger for the viewer's tests (the samples, a superseded decision, a hostile session) and the
viewer served on a free loopback port in a thread, by the real uvicorn."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from ledger_fixtures import copy_samples, new_ledger, run_ingest
from lifecycle_fixtures import drafts_project
from transcript_fixtures import claude_assistant, claude_file, claude_user, text

from ledger.config import Config

HOSTILE_ID = "c0ffee00-0000-4000-8000-00000000bad1"
HOSTILE_CWD = "/home/dev/<b>evil</b>-app"
IMG = '<img src=x onerror="window.__pwned=1">'
JS_LINK = "[click me](javascript:window.__pwned=2)"
TEMPLATE = "{{ 7*7 }}{% raw %}"
SCRIPT = "<script>window.__pwned=3</script>"


def hostile_project(source: Path) -> Path:
    """A session whose prompts, answers and findings carry markup a browser would run."""
    folder = source / "projects" / "-home-dev-evil-app"
    exchanges = [
        (f"Render {IMG} in the preview and {SCRIPT}", f"Decision: we will show {IMG} as text."),
        (f"What about {JS_LINK} and {TEMPLATE}?", f"TODO: escape {JS_LINK} and {TEMPLATE}."),
        ("Anything else?", f"Open question: is {SCRIPT} inside `code` safe?"),
    ]
    records = []
    for n, (prompt, answer) in enumerate(exchanges, start=1):
        common = {
            "sessionId": HOSTILE_ID,
            "cwd": HOSTILE_CWD,
            "timestamp": f"2026-03-0{n}T08:00:00Z",
        }
        records.append(claude_user(prompt, **common))
        records.append(claude_assistant([text(answer)], message_id=f"msg_bad{n}", **common))
    claude_file(folder, records, name=HOSTILE_ID)
    return source


def viewer_ledger(base: Path) -> Config:
    """A ledger of the bundled samples, the drafts project (a decision superseded by a later
    one) and the hostile session, ingested without the LLM."""
    config = new_ledger(base / "ledger")
    samples = copy_samples(base / "samples")
    sources = (samples, drafts_project(base / "drafts"), hostile_project(base / "hostile"))
    run_ingest(config, *sources, llm=False)
    return config


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for(port: int) -> None:
    for _ in range(200):
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


@contextmanager
def served(root: Path) -> Iterator[str]:
    """`ledger serve`'s application on a free port (the real uvicorn, in a thread): its URL."""
    import uvicorn

    from ledger.viewer.server import viewer_app

    port = free_port()
    config = uvicorn.Config(viewer_app(root), host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    _wait_for(port)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@contextmanager
def served_folder(folder: Path) -> Iterator[str]:
    """A folder of static files over HTTP on a free port, as a team would publish a site."""

    class Quiet(SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(folder), **kwargs)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
