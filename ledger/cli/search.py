"""The commands that read and keep up the ledger: `check`, `index`, `grep`, `stats`, `context`,
`log` and `sessions list`."""

from __future__ import annotations

import os
from datetime import date, timedelta
from typing import Annotated, Any, Optional

import typer

from ledger.cli import render
from ledger.cli.options import (
    DateOption,
    JsonOption,
    LedgerOption,
    SinceOption,
    UntilOption,
    existing_ledger,
    load_config,
    within,
)
from ledger.errors import LedgerError
from ledger.models import METHODS, PHASES

commands = typer.Typer()


@commands.command()
def check(
    changed_since: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--changed-since",
            metavar="REF",
            help="Only what changed since REF forked (a pull request's files, committed or "
            "not), and the files that link into them.",
        ),
    ] = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Lint the ledger: frontmatter, ids, supersedes chains, secrets, links, derived pages.

    Exit 1 when a problem is found. Example: [bold]ledger check --json[/bold] or, in a pull
    request, [bold]ledger check --changed-since origin/main[/bold]
    """
    from ledger.cli.search_render import check_json, check_report
    from ledger.search.check import check_changed, check_ledger

    config = load_config(ledger)
    if changed_since:
        result = check_changed(config.root, config.state, changed_since)
    else:
        result = check_ledger(config.root, config.state)
    if as_json:
        render.print_json(check_json(result))
    else:
        check_report(result)
    if not result.ok:
        raise typer.Exit(1)


@commands.command("index")
def index_command(
    check_only: Annotated[
        bool,
        typer.Option("--check", help="Write nothing; exit 1 if a page is stale or a link dangles."),
    ] = False,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Index every file and rewrite the derived pages that changed (index.md, index/: local,
    git-ignored, never committed).

    Example: [bold]ledger index --check[/bold]
    """
    from ledger.cli.search_render import (
        index_json,
        index_problems_json,
        index_problems_report,
        index_report,
    )
    from ledger.index.build import check_index, index_ledger

    config = load_config(ledger)
    if not check_only:
        run = index_ledger(config.root, config.state, config.author)
        render.print_json(index_json(run)) if as_json else index_report(run)
        return
    problems = check_index(config.root, config.state)
    if as_json:
        render.print_json(index_problems_json(problems))
    else:
        index_problems_report(problems)
    if problems:
        raise typer.Exit(1)


def _text(help: str) -> Any:
    """A text option with its help: `Annotated[Optional[str], _text("...")]`."""
    return typer.Option(help=help)


StatusOption = Annotated[Optional[str], _text("open, done, answered, superseded, dropped...")]  # noqa: UP045
SessionOption = Annotated[Optional[str], _text("One session, by id or id prefix.")]  # noqa: UP045
ProjectOption = Annotated[
    Optional[str],  # noqa: UP045
    _text("A project: its folder, its remote (github.com/acme/api) or its name (api)."),
]
AgentOption = Annotated[Optional[str], _text("claude-code, codex or mcp (its notes), or a prefix.")]  # noqa: UP045
TagOption = Annotated[Optional[str], _text("Findings with this tag.")]  # noqa: UP045
MethodOption = Annotated[
    Optional[list[str]],  # noqa: UP045
    typer.Option(metavar="METHOD", help=f"Sessions with work of this kind: {', '.join(METHODS)}."),
]
PhaseOption = Annotated[
    Optional[list[str]],  # noqa: UP045
    typer.Option(metavar="PHASE", help=f"Sessions with work in this phase: {', '.join(PHASES)}."),
]


@commands.command()
def grep(
    pattern: Annotated[str, typer.Argument(help="A regular expression (Python), or text with -F.")],
    ignore_case: Annotated[bool, typer.Option("-i", "--ignore-case", help="Ignore case.")] = False,
    fixed: Annotated[bool, typer.Option("-F", "--fixed-strings", help="Plain text.")] = False,
    kind: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option(help="decision, insight, question, todo, hypothesis, takeaway or session."),
    ] = None,
    status: StatusOption = None, since: SinceOption = None, until: UntilOption = None,
    day: DateOption = None,
    today: Annotated[bool, typer.Option(help="Today only.")] = False,
    week: Annotated[bool, typer.Option(help="The last 7 days.")] = False,
    session: SessionOption = None, project: ProjectOption = None, agent: AgentOption = None,
    tag: TagOption = None, method: MethodOption = None, phase: PhaseOption = None,
    ghosts: Annotated[bool, typer.Option(help="Ghost sessions' files too.")] = False,
    current: Annotated[
        bool,
        typer.Option(
            help="Only what is current, as `ledger context` lists it: no superseded, done, "
            "answered or dropped finding (e.g. `ledger grep cache --current`)."
        ),
    ] = False,
    files_only: Annotated[
        bool, typer.Option("-l", "--files-with-matches", help="Print only the matching files.")
    ] = False,
    count: Annotated[bool, typer.Option("-c", "--count", help="Print how many match.")] = False,
    ledger: LedgerOption = None, as_json: JsonOption = False,
) -> None:  # fmt: skip
    """Search findings and sessions, body and frontmatter: exit 0 found, 1 none, 2 error.

    Example: [bold]ledger grep -i "cache key" --kind decision --since 2026-11-01[/bold]
    or [bold]ledger grep timeout --method debug --week[/bold]
    """
    from datetime import date

    from ledger.cli.search_render import grep_json, grep_report
    from ledger.search.grep import GrepOptions, grep_ledger

    try:
        first, last = within(since, until, day)
        options = GrepOptions(
            pattern, ignore_case, fixed, tuple(kind or ()), status, first, last, session,
            _project(project) if project else None, agent, tag, current,
            tuple(method or ()), tuple(phase or ()), ghosts,
        )  # fmt: skip
        root = existing_ledger(ledger)
        result = grep_ledger(root, root / ".ledger", options, date.today(), today, week)
    except LedgerError as problem:
        render.error(str(problem))
        raise typer.Exit(2) from problem
    if as_json:
        render.print_json({"count": len(result.matches)} if count else grep_json(result))
    else:
        grep_report(result, files_only, count)
    raise typer.Exit(0 if result.matches else 1)


def _project(value: str) -> str:
    """`--project` as given: a folder made absolute (relative to here); a project identity
    (`github.com/acme/api`) or a bare name as it is (`ledger.store.projects`)."""
    if value.startswith(("~", ".")) or os.path.isdir(value):
        return os.path.abspath(os.path.expanduser(value))
    return value


@commands.command()
def stats(ledger: LedgerOption = None, as_json: JsonOption = False) -> None:
    """Count findings by kind and status, sessions and findings by project, agent and day.

    Example: [bold]ledger stats --json[/bold]
    """
    from ledger.cli.search_render import stats_json, stats_report
    from ledger.search.stats import ledger_stats

    config = load_config(ledger)
    result = ledger_stats(config.root, config.state)
    render.print_json(stats_json(result)) if as_json else stats_report(result)


@commands.command()
def context(
    project: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(help="The project folder of the new session. Default: every project."),
    ] = None,
    max_tokens: Annotated[int, typer.Option(min=50, help="Stay within this many tokens.")] = 1500,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Print a brief for a new agent session: recent sessions, decisions, open todos, questions.

    Prints nothing when the ledger holds nothing for the project; `--json` gives the same
    items as lists.

    Example: [bold]ledger context --project ~/code/api --max-tokens 800[/bold]
    """
    from ledger.search.context import context_brief

    root = existing_ledger(ledger)
    where = _project(project) if project else None
    brief = context_brief(root, root / ".ledger", where, max_tokens)
    if as_json:
        from ledger.cli.search_render import context_json

        render.print_json(context_json(brief))
    elif brief.text:
        render.plain(brief.text)


sessions_app = typer.Typer(
    help="The sessions in the ledger.\n\nExample: [bold]ledger sessions list --json[/bold]",
    no_args_is_help=True,
)


@sessions_app.command("list")
def sessions_list(
    method: MethodOption = None,
    phase: PhaseOption = None,
    agent: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(help="claude-code, codex, or an agent's name (or a part of one)."),
    ] = None,
    since: SinceOption = None,
    until: UntilOption = None,
    day: DateOption = None,
    today: Annotated[bool, typer.Option(help="Started today.")] = False,
    week: Annotated[bool, typer.Option(help="Started in the last 7 days.")] = False,
    ghosts: Annotated[bool, typer.Option(help="Show ghost sessions too.")] = False,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """List ingested sessions, newest first, with their findings counted by kind.

    Example: [bold]ledger sessions list --method debug --week --json[/bold]
    """
    from ledger.cli.search_render import sessions_json, sessions_table
    from ledger.search.grep import check_facets
    from ledger.search.stats import SessionFacets, list_sessions

    config = load_config(ledger)
    try:
        check_facets(method or (), phase or ())
    except LedgerError as problem:
        render.error(str(problem))
        raise typer.Exit(2) from problem
    first, until = within(since, until, day)
    if today or week:
        first = max(date.today() - timedelta(days=0 if today else 6), first or date.min)
    last = date.today() if today or week else until
    facets = SessionFacets(
        tuple(method or ()), tuple(phase or ()), agent, first, last, ghosts, config.agents
    )
    rows = list_sessions(config.root, config.state, facets)
    render.print_json(sessions_json(rows)) if as_json else sessions_table(rows)


@commands.command("log")
def log_command(
    finding: Annotated[str, typer.Argument(help="A finding's id (or a prefix of it).")],
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show a finding's history: the commits that changed its file, and its supersedes chain.

    Example: [bold]ledger log d9638cc8[/bold]
    """
    from ledger.cli.search_render import history_json, history_report
    from ledger.search.log import finding_history

    config = load_config(ledger)
    result = finding_history(config.root, config.state, finding)
    render.print_json(history_json(result)) if as_json else history_report(result)
