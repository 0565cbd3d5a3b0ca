"""The viewer's commands: `serve` (a local, read-only web UI) and `site` (the same pages as static
files)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ledger.cli.options import JsonOption, LedgerOption, existing_ledger

commands = typer.Typer()


@commands.command()
def serve(
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8765,
    host: Annotated[
        str, typer.Option(help="The address to listen on; anything but loopback is warned about.")
    ] = "127.0.0.1",
    no_open: Annotated[bool, typer.Option("--no-open", help="Do not open a browser.")] = False,
    ledger: LedgerOption = None,
) -> None:
    """A local, read-only web UI over the ledger: timeline, sessions, findings, search, charts.

    Example: [bold]ledger serve --port 8765 --no-open[/bold]
    """
    from ledger.cli.viewer_render import serving
    from ledger.viewer.server import LOOPBACK, listen, serve

    root = existing_ledger(ledger)
    sock = listen(host, port)
    serving(root, host, port, exposed=host not in LOOPBACK)
    serve(root, sock, open_browser=not no_open)


@commands.command()
def site(
    folder: Annotated[Path, typer.Argument(help="Where to write the site (replaced whole).")],
    transcripts: Annotated[
        bool, typer.Option(help="Include the transcripts this machine holds, by turn.")
    ] = True,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """The viewer's pages as static files with client-side search, to publish from CI.

    Example: [bold]ledger site public/ --no-transcripts[/bold]
    """
    from ledger.cli.viewer_render import site_written
    from ledger.viewer.site import write_site

    root = existing_ledger(ledger)
    site_written(write_site(root, folder, transcripts), as_json)
