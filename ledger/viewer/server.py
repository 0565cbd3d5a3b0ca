"""`ledger serve`: the viewer as a local web application (Starlette, served by uvicorn).

Read-only: GET and HEAD only, nothing written to the ledger. Every answer carries a
Content-Security-Policy allowing the viewer's own script and style and nothing else; unknown
pages and ids get the 404 page, never a traceback.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from ledger.errors import LedgerError
from ledger.search.log import Chains
from ledger.viewer.html import CSP, STATIC, Links
from ledger.viewer.model import Filters, Snapshot, Snapshots
from ledger.viewer.views import (
    charts_html,
    finding_html,
    not_found_html,
    search_html,
    session_html,
    timeline_html,
)

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response

LOOPBACK = ("127.0.0.1", "localhost", "::1")
HEADERS = {
    "Content-Security-Policy": CSP + "; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
LINKS = Links()


def _page(html: str | None, what: str = "", name: str = "") -> Response:
    from starlette.responses import HTMLResponse

    if html is None:
        return HTMLResponse(not_found_html(LINKS, what, name), 404, HEADERS)
    return HTMLResponse(html, 200, HEADERS)


class _Chained:
    """The supersedes chains of the newest snapshot, built once per snapshot."""

    def __init__(self) -> None:
        self._of: tuple[Snapshot, Chains] | None = None

    def of(self, snapshot: Snapshot) -> Chains:
        if self._of is None or self._of[0] is not snapshot:
            self._of = (snapshot, Chains(snapshot.graph))
        return self._of[1]


def viewer_app(root: Path, host: str = "127.0.0.1") -> Starlette:
    """The web application over the ledger at `root`, bound to `host`: on a loopback address it
    answers only requests naming the loopback (a web page's DNS rebinding cannot read it)."""
    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.middleware import Middleware
    from starlette.middleware.trustedhost import TrustedHostMiddleware
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    snapshots = Snapshots(root)
    chained = _Chained()

    def home(request: Request) -> Response:
        filters = Filters.of(request.query_params)
        return _page(timeline_html(snapshots.now(), LINKS, filters))

    def session(request: Request) -> Response:
        name = request.path_params["id"]
        return _page(session_html(snapshots.now(), LINKS, name), "session", name)

    def finding(request: Request) -> Response:
        name = request.path_params["id"]
        snapshot = snapshots.now()
        return _page(finding_html(snapshot, LINKS, name, chained.of(snapshot)), "finding", name)

    def search(request: Request) -> Response:
        return _page(search_html(snapshots.now(), LINKS, request.query_params))

    def charts(request: Request) -> Response:
        return _page(charts_html(snapshots.now(), LINKS))

    def missing(request: Request, error: Exception) -> Response:
        from starlette.responses import PlainTextResponse

        if isinstance(error, HTTPException) and error.status_code == 405:
            return PlainTextResponse("the viewer is read-only", 405, HEADERS)
        return _page(None, "page", request.url.path)

    routes = [
        Route("/", home),
        Route("/session/{id:path}", session),
        Route("/finding/{id:path}", finding),
        Route("/search", search),
        Route("/charts", charts),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    @asynccontextmanager
    async def watching(app: Starlette) -> AsyncIterator[None]:
        stop = threading.Event()
        watcher = threading.Thread(target=snapshots.watch, args=(stop,), daemon=True)
        watcher.start()
        try:
            yield
        finally:
            stop.set()

    allowed = [*LOOPBACK, "[::1]"] if host in LOOPBACK else ["*"]
    hosts = Middleware(TrustedHostMiddleware, allowed_hosts=allowed)
    return Starlette(
        routes=routes,
        middleware=[hosts],
        exception_handlers={404: missing, 405: missing},
        lifespan=watching,
    )


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to `host`:`port`, before anything is announced (a port in use is an error
    to act on, not a log line)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        raise LedgerError(
            f"cannot listen on {host}:{port}: {error.strerror or error}",
            "pick another port with --port, or another address with --host",
        ) from None
    return sock


def serve(root: Path, sock: socket.socket, open_browser: bool) -> None:
    """Serve the viewer on a bound socket until interrupted; open a browser first when asked."""
    import uvicorn

    host, port = sock.getsockname()[:2]
    if open_browser:
        import webbrowser

        url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
        threading.Timer(0.8, webbrowser.open, [url]).start()
    config = uvicorn.Config(viewer_app(root, host), log_level="warning", access_log=False)
    uvicorn.Server(config).run(sockets=[sock])
