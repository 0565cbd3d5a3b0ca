"""The commands that read transcripts and write the ledger: `sources`, `show`, `init`, `ingest`."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Optional

import typer

from ledger.cli import render
from ledger.cli.options import (
    JsonOption,
    LedgerOption,
    SinceOption,
    SourceOption,
    VerboseOption,
    load_config,
)
from ledger.errors import LedgerError

commands = typer.Typer()


def _sources(given: list[Path] | None) -> list[Path]:
    from ledger.transcripts.discover import resolve_sources

    return resolve_sources(list(given or []))


@commands.command()
def sources(
    source: SourceOption = None, as_json: JsonOption = False, verbose: VerboseOption = False
) -> None:
    """List the agent sessions found on disk, newest first, with their normalised facts.

    Example: [bold]ledger sources --source ledger/samples --json[/bold]
    """
    from ledger.cli.ingest_render import session_json, skipped_report, sources_table
    from ledger.transcripts.read import scan

    result = scan(_sources(source), with_steps=False)
    if as_json:
        render.print_json([session_json(s) for s in result.sessions])
    else:
        sources_table(result)
    skipped_report(result.skipped, result.sessions, verbose)


@commands.command()
def show(
    target: Annotated[
        str,
        typer.Argument(
            help="A finding or session id, or a prefix of 4+ characters of one (a session's "
            "short id too), or a transcript path."
        ),
    ],
    transcript: Annotated[
        bool, typer.Option("--transcript", help="Print the session's skeleton.")
    ] = False,
    turn: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--turn", "--turns", metavar="N|A-B", help="Print these turns of the skeleton: 7, 3-9."
        ),
    ] = None,
    source: SourceOption = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show a finding or a session as the ledger holds it (no transcript needed), or a
    transcript's session; with --transcript its skeleton, with --turn some of its turns.

    Example: [bold]ledger show df2f18fd[/bold] or [bold]ledger show 4f35e220 --turn 7[/bold]
    or [bold]ledger show --transcript ~/.claude/projects/-home-me-app/4f35e220.jsonl[/bold]
    """
    if turn is not None:
        _show_turns(target, turn, source, ledger)
        return
    from ledger.cli.ingest_render import session_panel, skipped_report
    from ledger.transcripts.read import find_session
    from ledger.transcripts.skeleton import skeleton

    is_path = Path(target).expanduser().is_file()
    if not is_path and not transcript and _show_from_ledger(ledger, target, as_json):
        return
    session = find_session(target, [] if is_path else _sources(source))
    if transcript:
        render.plain(skeleton(session))
    elif as_json:
        from ledger.cli.ingest_render import session_json

        render.print_json(session_json(session))
    else:
        session_panel(session)
    skipped_report((), (session,))


def _show_from_ledger(ledger: Path | None, target: str, as_json: bool) -> bool:
    """Print the finding or session `target` names in the ledger (False when none does)."""
    from ledger.agents import tools
    from ledger.cli.ingest_render import record_report
    from ledger.config import locate
    from ledger.search.lookup import find_named, find_session
    from ledger.store.paths import CONFIG_FILE

    root = locate(ledger, os.environ, Path.cwd())
    if not (root / CONFIG_FILE).is_file():
        return False
    try:
        meta = find_named(root, root / ".ledger", target)
        if meta is None:
            return False
        if as_json:
            call = tools.get_session if meta.type == "session" else tools.get_finding
            render.print_json(call(tools.Ledger(root), meta.id))
        elif meta.type == "session":
            record_report(find_session(root, root / ".ledger", meta.id))
        else:
            render.plain((root / meta.path).read_text(encoding="utf-8").rstrip("\n"))
    except LedgerError as problem:
        render.error(str(problem))
        raise typer.Exit(2) from problem
    return True


def _show_turns(target: str, turns: str, source: list[Path] | None, ledger: Path | None) -> None:
    """Some turns of a session, found by transcript path, or by id in the ledger or on disk."""
    from ledger.cli.ingest_render import turns_text
    from ledger.config import locate
    from ledger.search.turns import parse_range, session_turns, transcript_of
    from ledger.store.paths import CONFIG_FILE
    from ledger.transcripts.read import find_session

    root = locate(ledger, os.environ, Path.cwd())
    in_ledger = (root / CONFIG_FILE).is_file()
    try:
        first, last = parse_range(turns)
        path = Path(target).expanduser()
        if not path.is_file():
            path = (transcript_of(root, target) if in_ledger else None) or find_session(
                target, _sources(source)
            ).source
        turns_text(session_turns(path, first, last, root / ".ledger" if in_ledger else None))
    except LedgerError as problem:
        render.error(str(problem))
        raise typer.Exit(2) from problem


@commands.command()
def init(
    path: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Argument(help="Where to create the ledger. Default: as for --ledger."),
    ] = None,
) -> None:
    """Create a ledger: a git repo (or a folder in one) with ledger.yaml and .gitignore.

    Example: [bold]ledger init ~/ledger[/bold]
    """
    from ledger.cli.ingest_render import created
    from ledger.config import locate
    from ledger.index.build import update_index
    from ledger.store.create import create_ledger
    from ledger.store.paths import STATE_DIR

    def pages(root: Path) -> tuple[str, ...]:  # a fresh ledger passes `ledger check`
        return update_index(root, root / STATE_DIR).written

    created(create_ledger(path or locate(None, os.environ, Path.cwd()), pages))


@commands.command()
def demo(
    path: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Argument(help="Where to build it. Default: a new temporary folder."),
    ] = None,
) -> None:
    """Build a ledger of the sample transcripts bundled with ledger, and say what to try on it.

    Example: [bold]ledger demo /tmp/ledger-demo[/bold]
    """
    from ledger.cli.ingest_render import demo_report
    from ledger.ingest.demo import build_demo

    try:
        demo_report(build_demo(path))
    except LedgerError as problem:
        render.error(str(problem))
        raise typer.Exit(1) from problem


@commands.command()
def ingest(
    source: SourceOption = None,
    since: SinceOption = None,
    session: Annotated[
        Optional[str], typer.Option(help="Only the session with this id (or prefix).")  # noqa: UP045
    ] = None,
    project: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            help="Only sessions of this project: its folder (or one inside it), its remote "
            "(github.com/acme/api) or its name (api)."
        ),
    ] = None,
    max_sessions: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(min=0, help="At most this many sessions, the most recent."),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what would change; write nothing.")
    ] = False,
    llm: Annotated[
        Optional[bool],  # noqa: UP045
        typer.Option(
            "--llm/--no-llm",
            help="Run the LLM pass (fails without $ANTHROPIC_API_KEY) or not. "
            "Default: llm.mode in ledger.yaml (auto: when a key is set).",
            show_default=False,
        ),
    ] = None,
    model: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(help="The Anthropic model of the LLM pass. Default: llm.model."),
    ] = None,
    budget: Annotated[
        Optional[float],  # noqa: UP045
        typer.Option(
            min=0, metavar="USD", help="Stop sending to the LLM once this run has spent this."
        ),
    ] = None,
    reextract: Annotated[
        bool,
        typer.Option(
            "--reextract", help="Send the selected sessions to the LLM again, ignoring its cache."
        ),
    ] = False,
    batch: Annotated[
        bool,
        typer.Option(
            "--batch", help="Submit what the LLM pass would send as one Message Batch (half price)."
        ),
    ] = False,
    collect: Annotated[
        bool,
        typer.Option("--collect", help="Write the answers of Message Batches that have ended."),
    ] = False,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
    verbose: VerboseOption = False,
) -> None:
    """Read transcripts, extract findings, write them as Markdown and commit them to git.

    Example: [bold]ledger ingest --source ~/.claude --since 2026-11-01[/bold]
    """
    from ledger.cli.ingest_render import ingest_json, ingest_summary, progress, skipped_report
    from ledger.cli.search import _project as project_argument
    from ledger.ingest.results import IngestOptions
    from ledger.ingest.run import ingest as run

    options = IngestOptions(
        sources=tuple(source or ()),
        since=since,
        session=session,
        project=project_argument(project) if project else None,
        max_sessions=max_sessions,
        dry_run=dry_run,
        llm=llm,
        model=model,
        budget_usd=budget,
        reextract=reextract,
        batch=batch,
        collect=collect,
    )
    with progress("ingesting sessions", enabled=not as_json) as tick:
        result = run(load_config(ledger), options, tick)
    if as_json:
        render.print_json(ingest_json(result))
    else:
        ingest_summary(result)
    skipped_report(result.skipped, (), verbose, result.first_seen)
