"""The `ledger` command: parse options, call one core function, hand its result to render."""

from __future__ import annotations

import os
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ledger import __version__, render
from ledger.errors import LedgerError

if TYPE_CHECKING:
    from ledger.config import Config

app = typer.Typer(
    name="ledger",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)
_debug = False

SourceOption = Annotated[
    Optional[list[Path]],  # noqa: UP045 - typer reads this annotation at run time on 3.10
    typer.Option(
        "--source",
        help="A Claude Code or Codex folder or one .jsonl file; repeat for more. "
        "Default: ~/.claude, ~/.config/claude, ~/.codex ($CLAUDE_CONFIG_DIR, $CODEX_HOME).",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for programs.")]


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


def _sources(given: list[Path] | None) -> list[Path]:
    from ledger.transcripts.discover import resolve_sources

    return resolve_sources(list(given or []))


@app.command()
def sources(source: SourceOption = None, as_json: JsonOption = False) -> None:
    """List the agent sessions found on disk, newest first, with their normalised facts.

    Example: [bold]ledger sources --source ledger/samples --json[/bold]
    """
    from ledger.transcripts.read import scan

    result = scan(_sources(source), with_steps=False)
    if as_json:
        render.print_json([render.session_json(s) for s in result.sessions])
    else:
        render.sources_table(result)
    render.skipped_report(result.skipped, result.sessions)


@app.command()
def show(
    target: Annotated[str, typer.Argument(help="A transcript path, or a session id (or prefix).")],
    transcript: Annotated[
        bool, typer.Option("--transcript", help="Print the session's skeleton.")
    ] = False,
    source: SourceOption = None,
) -> None:
    """Show one session's facts, or with --transcript its skeleton (turns, answers, tool calls).

    Example: [bold]ledger show --transcript ~/.claude/projects/-home-me-app/4f35e220.jsonl[/bold]
    """
    from ledger.skeleton import skeleton
    from ledger.transcripts.read import find_session

    is_path = Path(target).expanduser().is_file()
    session = find_session(target, [] if is_path else _sources(source))
    if transcript:
        render.plain(skeleton(session))
    else:
        render.session_panel(session)
    render.skipped_report((), (session,))


LedgerOption = Annotated[
    Optional[Path],  # noqa: UP045 - typer reads this annotation at run time on 3.10
    typer.Option(
        "--ledger",
        help="The ledger folder. Default: $LEDGER_DIR, else the nearest folder up with "
        "ledger.yaml, else ~/ledger.",
        show_default=False,
    ),
]


def _config(ledger: Path | None) -> Config:
    from ledger import config

    return config.load(config.locate(ledger, os.environ, Path.cwd()))


@app.command()
def init(
    path: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Argument(help="Where to create the ledger. Default: as for --ledger."),
    ] = None,
) -> None:
    """Create a ledger: a git repo (or a folder in one) with ledger.yaml and .gitignore.

    Example: [bold]ledger init ~/ledger[/bold]
    """
    from ledger.config import locate
    from ledger.create import create_ledger

    render.created(create_ledger(path or locate(None, os.environ, Path.cwd())))


@app.command()
def ingest(
    source: SourceOption = None,
    since: Annotated[
        Optional[datetime],  # noqa: UP045
        typer.Option(formats=["%Y-%m-%d"], help="Only sessions started on or after this day."),
    ] = None,
    session: Annotated[
        Optional[str], typer.Option(help="Only the session with this id (or prefix).")  # noqa: UP045
    ] = None,
    project: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(help="Only sessions whose project folder is this one or inside it."),
    ] = None,
    max_sessions: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(min=0, help="At most this many sessions, the most recent."),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what would change; write nothing.")
    ] = False,
    no_llm: Annotated[
        bool, typer.Option("--no-llm", help="Structural pass only (the only pass for now).")
    ] = False,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Read transcripts, extract findings, write them as Markdown and commit them to git.

    Example: [bold]ledger ingest --source ~/.claude --since 2026-11-01[/bold]
    """
    from ledger.ingest import IngestOptions
    from ledger.ingest import ingest as run

    options = IngestOptions(
        sources=tuple(source or ()),
        since=since.date() if since else None,
        session=session,
        project=os.path.abspath(os.path.expanduser(project)) if project else None,
        max_sessions=max_sessions,
        dry_run=dry_run,
    )
    with render.progress("ingesting sessions", enabled=not as_json) as tick:
        result = run(_config(ledger), options, tick)
    if as_json:
        render.print_json(render.ingest_json(result))
    else:
        render.ingest_summary(result)
    render.skipped_report(result.skipped, ())


def main() -> None:
    """Run the CLI: usage errors exit 2, a LedgerError exits 1 with one clear line."""
    try:
        app()
    except LedgerError as problem:
        if _debug:
            raise
        render.error(str(problem))
        sys.exit(1)
