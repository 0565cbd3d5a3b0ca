"""The `ledger` command: parse options, call one core function, hand its result to render."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from ledger import __version__, render
from ledger.errors import LedgerError

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
    from ledger.transcripts.discover import default_sources

    if given:
        return given
    found = default_sources(os.environ, Path.home())
    if not found:
        raise LedgerError(
            "no Claude Code or Codex folder found (~/.claude, ~/.config/claude, ~/.codex)",
            "pass --source PATH",
        )
    return found


@app.command()
def sources(source: SourceOption = None, as_json: JsonOption = False) -> None:
    """List the agent sessions found on disk, newest first, with their normalised facts.

    Example: [bold]ledger sources --source ledger/samples --json[/bold]
    """
    from ledger.transcripts import scan

    result = scan(_sources(source))
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
    from ledger.transcripts import find_session

    is_path = Path(target).expanduser().is_file()
    session = find_session(target, [] if is_path else _sources(source))
    if transcript:
        render.plain(skeleton(session))
    else:
        render.session_panel(session)
    render.skipped_report((), (session,))


def main() -> None:
    """Run the CLI: usage errors exit 2, a LedgerError exits 1 with one clear line."""
    try:
        app()
    except LedgerError as problem:
        if _debug:
            raise
        render.error(str(problem))
        sys.exit(1)
