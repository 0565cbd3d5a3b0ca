"""`ledger sync`: the ledger level with its remote both ways, for a team sharing one repo."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ledger.cli.options import JsonOption, LedgerOption, load_config

commands = typer.Typer()


@commands.command()
def sync(
    merge: Annotated[
        bool, typer.Option("--merge", help="Merge the remote's commits instead of rebasing.")
    ] = False,
    remote: Annotated[
        Optional[str],  # noqa: UP045 - typer reads this annotation at run time on 3.10
        typer.Option(help="The remote. Default: the branch's upstream, else origin."),
    ] = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Fetch, rebase (or --merge) onto the remote, settle what ledger owns, rebuild the local
    pages, push; retried when someone pushed meanwhile. Changes nothing, and says why, when
    the ledger has uncommitted changes, a merge or rebase is in progress, or there is no remote.

    Example: [bold]ledger sync[/bold] or [bold]ledger sync --merge --remote upstream[/bold]
    """
    from ledger.cli.sync_render import sync_json, sync_report
    from ledger.ingest.sync import sync_ledger

    result = sync_ledger(load_config(ledger), merge, remote)
    sync_json(result) if as_json else sync_report(result)
