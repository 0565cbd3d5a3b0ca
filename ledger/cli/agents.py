"""The commands agents ask the ledger through: `search` (ranked) and `mcp` (the MCP server)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Optional

import typer

from ledger.cli import render
from ledger.cli.options import JsonOption, LedgerOption, SinceOption, UntilOption, existing_ledger
from ledger.cli.search import (
    AgentOption,
    MethodOption,
    PhaseOption,
    ProjectOption,
    StatusOption,
    TagOption,
)
from ledger.cli.search import _project as project_argument
from ledger.errors import LedgerError

commands = typer.Typer()


@commands.command()
def search(
    query: Annotated[str, typer.Argument(help="What to look for, in words.")],
    kind: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option(help="decision, insight, question, todo, hypothesis, takeaway or session."),
    ] = None,
    status: StatusOption = None, since: SinceOption = None, until: UntilOption = None,
    project: ProjectOption = None, agent: AgentOption = None, tag: TagOption = None,
    method: MethodOption = None, phase: PhaseOption = None,
    ghosts: Annotated[bool, typer.Option(help="Ghost sessions' files too.")] = False,
    current: Annotated[bool, typer.Option(help="Leave out superseded findings.")] = False,
    limit: Annotated[int, typer.Option(help="How many results at most.")] = 20,
    ledger: LedgerOption = None, as_json: JsonOption = False,
) -> None:  # fmt: skip
    """Ranked full-text search of findings and sessions, best first: exit 0 found, 1 none, 2 error.

    Example: [bold]ledger search "retries on 504" --kind decision --current[/bold]
    """
    from ledger.cli.agents_render import search_report
    from ledger.search.grep import GrepOptions
    from ledger.search.ranked import search as ranked_search

    options = GrepOptions(
        query, kinds=tuple(kind or ()), status=status, since=since, until=until,
        agent=agent, tag=tag, current=current,
        project=project_argument(project) if project else None,
        methods=tuple(method or ()), phases=tuple(phase or ()), ghosts=ghosts,
    )  # fmt: skip
    try:
        root = existing_ledger(ledger)
        result = ranked_search(root, root / ".ledger", query, options, limit)
    except LedgerError as problem:
        render.error(str(problem))
        raise typer.Exit(2) from problem
    if as_json:
        from ledger.agents.answers import search_json

        render.print_json(search_json(result))
    else:
        search_report(result)
    raise typer.Exit(0 if result.hits else 1)


@commands.command()
def mcp(ledger: LedgerOption = None) -> None:
    """Serve the ledger to agents over MCP on stdin/stdout: search, list_sessions, get_session,
    get_finding, context, record_finding, resolve. `ledger hooks install --claude` (or
    `--codex`) registers it with the agent; by hand, `claude mcp add ledger -- ledger mcp`.

    Example: [bold]ledger mcp --ledger ~/ledger[/bold]
    """
    from ledger import config

    root = config.locate(ledger, os.environ, Path.cwd()).expanduser().absolute()
    try:
        from ledger.agents.mcp_server import serve
    except ImportError as problem:
        render.error(f"the MCP SDK is not installed ({problem}); run `pip install mcp`")
        raise typer.Exit(1) from problem
    serve(root)
