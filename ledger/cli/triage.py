"""People's triage: `resolve`, `supersede` and `reopen`, each one commit."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ledger.cli.options import JsonOption, LedgerOption, load_config

commands = typer.Typer()
IdArgument = Annotated[str, typer.Argument(help="A finding's id, or a unique prefix (4+).")]


@commands.command()
def resolve(
    finding: IdArgument,
    status: Annotated[
        str,
        typer.Option(
            "--as",
            help="done or dropped (todo), answered or dropped (question), dropped (decision), "
            "confirmed or refuted (hypothesis).",
        ),
    ],
    by: Annotated[
        Optional[str],  # noqa: UP045 - typer reads this annotation at run time on 3.10
        typer.Option("--by", help="The finding that resolved it (linked both ways)."),
    ] = None,
    note: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--note", help="A line added under the body, dated."),
    ] = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Close an open todo, question, decision or hypothesis, in one commit.

    Example: [bold]ledger resolve 3f2a9c --as done --note "shipped in v1.4"[/bold]
    """
    from ledger.cli.triage_render import show_triaged
    from ledger.ingest.triage import resolve as resolve_finding

    result = resolve_finding(load_config(ledger), finding, status.casefold(), by, note)
    show_triaged(result, as_json)


@commands.command()
def supersede(
    old: IdArgument,
    by: Annotated[str, typer.Option("--by", help="The finding that replaces it.")],
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Mark a decision, insight or takeaway replaced by a newer finding, both ways, in one commit.

    Example: [bold]ledger supersede 3f2a9c --by 81d0e4[/bold]
    """
    from ledger.cli.triage_render import show_triaged
    from ledger.ingest.triage import supersede as supersede_finding

    show_triaged(supersede_finding(load_config(ledger), old, by), as_json)


@commands.command()
def reopen(finding: IdArgument, ledger: LedgerOption = None, as_json: JsonOption = False) -> None:
    """Make a closed or superseded finding open again, undoing its links, in one commit.

    Example: [bold]ledger reopen 3f2a9c[/bold]
    """
    from ledger.cli.triage_render import show_triaged
    from ledger.ingest.triage import reopen as reopen_finding

    show_triaged(reopen_finding(load_config(ledger), finding), as_json)
