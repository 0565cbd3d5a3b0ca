"""The `ledger` command: the typer app, its global options, and the command families on it.

Each family module (`cli_ingest`, `cli_search`, `cli_hooks`) holds thin commands that parse
options, call one core function and hand its result to render.
"""

from __future__ import annotations

import errno
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
from ledger.cli import sync as cli_sync
from ledger.cli import triage as cli_triage
from ledger.cli import viewer as cli_viewer
from ledger.errors import LedgerError

app = typer.Typer(
    name="ledger",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)
# `ledger --help` lists the commands in this order, then the command groups
app.add_typer(cli_ingest.commands)
app.add_typer(cli_search.commands)
app.add_typer(cli_triage.commands)
app.add_typer(cli_sync.commands)
app.add_typer(cli_agents.commands)
app.add_typer(cli_viewer.commands)
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
        bool,
        typer.Option("-V", "--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks on errors.")] = False,
) -> None:
    """A git-native, plain-text ledger of what you and your coding agents learn.

    Example: [bold]ledger sources --source ~/.claude[/bold]
    """
    global _debug
    _debug = debug


_SYSTEM_PROBLEMS = {
    errno.ENOSPC: ("the disk is full", "free some space and run it again"),
    errno.EDQUOT: ("the disk quota is used up", "free some space and run it again"),
    errno.EROFS: ("the file system is read-only", "run ledger where it can write"),
    errno.EACCES: ("permission denied", "check the permissions of the ledger's folders"),
    errno.EPERM: ("operation not permitted", "check the permissions of the ledger's folders"),
}


def _system_problem(error: OSError) -> LedgerError:
    """An error of the machine (disk full, read-only, no permission) as one line to act on."""
    where = f" ({error.filename})" if error.filename else ""
    what, todo = _SYSTEM_PROBLEMS.get(error.errno or 0, (error.strerror or str(error), ""))
    settled = "a run cut short is completed by the next"
    return LedgerError(f"{what}{where}", f"{todo}; {settled}" if todo else settled)


def main() -> None:
    """Run the CLI: usage errors exit 2, a LedgerError or an error of the machine (disk full,
    read-only) exits 1 with one clear line; `--debug` shows the traceback."""
    try:
        app()
    except (LedgerError, OSError) as problem:
        if _debug:
            raise
        shown = _system_problem(problem) if isinstance(problem, OSError) else problem
        render.error(str(shown))
        sys.exit(1)
    finally:
        # the process ends here: a last garbage collection of every object would only delay that
        # (by 20 ms, a tenth of a grep)
        gc.freeze()
