"""The `ledger` command: the typer app, its global options, and the command families on it.

Each family module (`cli_ingest`, `cli_search`, `cli_hooks`) holds thin commands that parse
options, call one core function and hand its result to render.
"""

from __future__ import annotations

import gc
import sys
from typing import Annotated

import typer

from ledger import __version__
from ledger.cli import agents as cli_agents
from ledger.cli import hooks as cli_hooks
from ledger.cli import ingest as cli_ingest
from ledger.cli import render
from ledger.cli import search as cli_search
from ledger.errors import LedgerError

app = typer.Typer(
    name="ledger",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)
# `ledger --help` lists the commands in this order, then the command groups
app.add_typer(cli_ingest.commands)
app.add_typer(cli_search.commands)
app.add_typer(cli_agents.commands)
app.add_typer(cli_hooks.commands)
app.add_typer(cli_hooks.hooks_app, name="hooks")
app.add_typer(cli_search.sessions_app, name="sessions")
_debug = False


def _version(value: bool) -> None:
    if value:
        render.plain(f"ledger {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks on errors.")] = False,
) -> None:
    """A git-native, plain-text ledger of what you and your coding agents learn.

    Example: [bold]ledger sources --source ~/.claude[/bold]
    """
    global _debug
    _debug = debug


def main() -> None:
    """Run the CLI: usage errors exit 2, a LedgerError exits 1 with one clear line."""
    try:
        app()
    except LedgerError as problem:
        if _debug:
            raise
        render.error(str(problem))
        sys.exit(1)
    finally:
        # the process ends here: a last garbage collection of every object would only delay that
        # (by 20 ms, a tenth of a grep)
        gc.freeze()
