"""How the viewer's commands show what they do."""

from __future__ import annotations

from pathlib import Path

from ledger.cli import render
from ledger.viewer.site import SiteResult


def serving(root: Path, host: str, port: int, exposed: bool) -> None:
    shown = f"[{host}]" if ":" in host else host
    if exposed:
        render.error_console().print(
            f"warning: serving on {host}, not loopback: anyone who can reach this machine "
            "can read the ledger",
            markup=False,
        )
    render.plain(f"ledger viewer of {root} at http://{shown}:{port}/ (Ctrl-C stops it)")


def site_written(result: SiteResult, as_json: bool) -> None:
    if as_json:
        render.print_json(
            {"folder": str(result.folder), "sessions": result.sessions,
             "findings": result.findings, "files": result.files}
        )  # fmt: skip
        return
    render.plain(
        f"wrote {result.files} files ({render.plural(result.sessions, 'session')}, "
        f"{render.plural(result.findings, 'finding')}) to {result.folder}; "
        f"open {result.folder / 'index.html'}"
    )
