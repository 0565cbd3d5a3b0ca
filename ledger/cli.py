"""The `ledger` command: parse options, call one core function, hand its result to render."""

from __future__ import annotations

import gc
import os
import re
import sys
from datetime import datetime
from enum import Enum
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
_FINDING_ID = re.compile(r"[0-9a-f]{6,12}")

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
LedgerOption = Annotated[
    Optional[Path],  # noqa: UP045 - typer reads this annotation at run time on 3.10
    typer.Option(
        "--ledger",
        help="The ledger folder. Default: $LEDGER_DIR, else the nearest folder up with "
        "ledger.yaml, else ~/ledger.",
        show_default=False,
    ),
]


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
    target: Annotated[
        str, typer.Argument(help="A finding id, a transcript path, or a session id (or prefix).")
    ],
    transcript: Annotated[
        bool, typer.Option("--transcript", help="Print the session's skeleton.")
    ] = False,
    source: SourceOption = None,
    ledger: LedgerOption = None,
) -> None:
    """Show a finding of the ledger, or a session's facts, or with --transcript its skeleton.

    Example: [bold]ledger show --transcript ~/.claude/projects/-home-me-app/4f35e220.jsonl[/bold]
    """
    from ledger.skeleton import skeleton
    from ledger.transcripts.read import find_session

    is_path = Path(target).expanduser().is_file()
    if not is_path and not transcript and (found := _finding_file(ledger, target)):
        render.plain(found.read_text(encoding="utf-8").rstrip("\n"))
        return
    session = find_session(target, [] if is_path else _sources(source))
    if transcript:
        render.plain(skeleton(session))
    else:
        render.session_panel(session)
    render.skipped_report((), (session,))


def _finding_file(ledger: Path | None, target: str) -> Path | None:
    """A finding's file when `target` is a finding id (a prefix of one) in an existing ledger."""
    from ledger.config import CONFIG_FILE, locate
    from ledger.history import finding_file

    root = locate(ledger, os.environ, Path.cwd())
    if not _FINDING_ID.fullmatch(target) or not (root / CONFIG_FILE).is_file():
        return None
    return finding_file(root, root / ".ledger", target)


def _config(ledger: Path | None) -> Config:
    from ledger import config

    return config.load(config.locate(ledger, os.environ, Path.cwd()))


def _existing(ledger: Path | None) -> Path:
    """The ledger's folder, for commands that need none of its settings: ledger.yaml is checked
    to be there, not read (ruamel costs start-up time)."""
    from ledger import config

    return config.existing(config.locate(ledger, os.environ, Path.cwd()))


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
        llm=llm,
        model=model,
        budget_usd=budget,
        reextract=reextract,
        batch=batch,
        collect=collect,
    )
    with render.progress("ingesting sessions", enabled=not as_json) as tick:
        result = run(_config(ledger), options, tick)
    if as_json:
        render.print_json(render.ingest_json(result))
    else:
        render.ingest_summary(result)
    render.skipped_report(result.skipped, ())


hooks_app = typer.Typer(
    help="Install, remove or inspect the hooks and timers that keep the ledger current.\n\n"
    "Example: [bold]ledger hooks install --claude --git[/bold]",
    no_args_is_help=True,
)
app.add_typer(hooks_app, name="hooks")
ClaudeFlag = Annotated[
    bool, typer.Option("--claude", help="Claude Code: SessionStart, SessionEnd, PreCompact hooks.")
]
CodexFlag = Annotated[bool, typer.Option("--codex", help="Codex: a SessionStart hook.")]
GitFlag = Annotated[bool, typer.Option("--git", help="git: a post-commit hook in --repo.")]
LaunchdFlag = Annotated[bool, typer.Option("--launchd", help="macOS: a launchd agent timer.")]
SystemdFlag = Annotated[bool, typer.Option("--systemd", help="Linux: a systemd user timer.")]


class HookScope(str, Enum):
    user = "user"
    project = "project"


ScopeOption = Annotated[
    HookScope,
    typer.Option(
        help="user: ~/.claude/settings.json, ~/.codex/hooks.json; "
        "project: the same under the project (--repo)."
    ),
]
RepoOption = Annotated[
    Optional[Path],  # noqa: UP045
    typer.Option(help="The project (git repo) for --git and --scope project. Default: here."),
]
IntervalOption = Annotated[int, typer.Option(help="Minutes between timer runs.")]


def _hooks(
    verb: str, flags: dict[str, bool], ledger: Path | None, repo: Path | None, scope: HookScope,
    interval: int, as_json: bool,
) -> None:  # fmt: skip
    from ledger import hooks

    env = hooks.hook_env(ledger, repo, scope.value, interval, os.environ, Path.cwd())
    run = {"install": hooks.install, "uninstall": hooks.uninstall, "status": hooks.status}[verb]
    result = run([name for name, on in flags.items() if on], env)
    if as_json:
        render.print_json(render.hooks_json(result))
    else:
        render.hooks_report(result)


@hooks_app.command("install")
def hooks_install(
    claude: ClaudeFlag = False, codex: CodexFlag = False, git: GitFlag = False,
    launchd: LaunchdFlag = False, systemd: SystemdFlag = False,
    scope: ScopeOption = HookScope.user, repo: RepoOption = None,
    interval: IntervalOption = 30, ledger: LedgerOption = None, as_json: JsonOption = False,
) -> None:  # fmt: skip
    """Install hooks: Claude Code, Codex, git post-commit, a launchd or systemd timer.

    Example: [bold]ledger hooks install --claude --git --systemd[/bold]
    """
    flags = dict(claude=claude, codex=codex, git=git, launchd=launchd, systemd=systemd)
    _hooks("install", flags, ledger, repo, scope, interval, as_json)


@hooks_app.command("uninstall")
def hooks_uninstall(
    claude: ClaudeFlag = False, codex: CodexFlag = False, git: GitFlag = False,
    launchd: LaunchdFlag = False, systemd: SystemdFlag = False,
    scope: ScopeOption = HookScope.user, repo: RepoOption = None,
    ledger: LedgerOption = None, as_json: JsonOption = False,
) -> None:  # fmt: skip
    """Remove exactly what install wrote (every target when none is named).

    Example: [bold]ledger hooks uninstall --claude[/bold]
    """
    flags = dict(claude=claude, codex=codex, git=git, launchd=launchd, systemd=systemd)
    _hooks("uninstall", flags, ledger, repo, scope, 30, as_json)


@hooks_app.command("status")
def hooks_status(
    claude: ClaudeFlag = False, codex: CodexFlag = False, git: GitFlag = False,
    launchd: LaunchdFlag = False, systemd: SystemdFlag = False,
    scope: ScopeOption = HookScope.user, repo: RepoOption = None,
    ledger: LedgerOption = None, as_json: JsonOption = False,
) -> None:  # fmt: skip
    """Show what is installed and whether it would run (every target when none is named).

    Example: [bold]ledger hooks status --json[/bold]
    """
    flags = dict(claude=claude, codex=codex, git=git, launchd=launchd, systemd=systemd)
    _hooks("status", flags, ledger, repo, scope, 30, as_json)


@app.command(
    hidden=True, context_settings={"allow_extra_args": True, "ignore_unknown_options": True}
)
def hook(ctx: typer.Context) -> None:
    """The entry points hooks call (see `ledger hooks`); the `ledger` executable runs them
    without loading this CLI.

    Example: [bold]echo '{}' | ledger hook claude-session-start[/bold]
    """
    from ledger.hook import main as run_hook

    raise typer.Exit(run_hook(list(ctx.args)))


@app.command()
def check(ledger: LedgerOption = None, as_json: JsonOption = False) -> None:
    """Lint the ledger: frontmatter, ids, supersedes chains, secrets, links, derived pages.

    Exit 1 when a problem is found. Example: [bold]ledger check --json[/bold]
    """
    from ledger.check import check_ledger

    config = _config(ledger)
    result = check_ledger(config.root, config.state)
    if as_json:
        render.print_json(render.check_json(result))
    else:
        render.check_report(result)
    if not result.ok:
        raise typer.Exit(1)


@app.command("index")
def index_command(
    check_only: Annotated[
        bool,
        typer.Option("--check", help="Write nothing; exit 1 if a page is stale or a link dangles."),
    ] = False,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Index every file and rewrite the derived pages that changed (index.md, index/), committed.

    Example: [bold]ledger index --check[/bold]
    """
    from ledger.index import check_index, index_ledger

    config = _config(ledger)
    if not check_only:
        run = index_ledger(config.root, config.state, config.author)
        render.print_json(render.index_json(run)) if as_json else render.index_report(run)
        return
    problems = check_index(config.root, config.state)
    if as_json:
        render.print_json(render.index_problems_json(problems))
    else:
        render.index_problems_report(problems)
    if problems:
        raise typer.Exit(1)


DayOption = Annotated[Optional[datetime], typer.Option(formats=["%Y-%m-%d"])]  # noqa: UP045
TextOption = Annotated[Optional[str], typer.Option()]  # noqa: UP045
FlagOption = Annotated[bool, typer.Option()]


@app.command()
def grep(
    pattern: Annotated[str, typer.Argument(help="A regular expression (Python), or text with -F.")],
    ignore_case: Annotated[bool, typer.Option("-i", "--ignore-case", help="Ignore case.")] = False,
    fixed: Annotated[bool, typer.Option("-F", "--fixed-strings", help="Plain text.")] = False,
    kind: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option(help="decision, insight, question, todo, hypothesis, takeaway or session."),
    ] = None,
    status: TextOption = None, since: DayOption = None, until: DayOption = None,
    today: FlagOption = False, week: Annotated[bool, typer.Option(help="The last 7 days.")] = False,
    session: TextOption = None, project: TextOption = None, agent: TextOption = None,
    tag: TextOption = None,
    current: Annotated[bool, typer.Option(help="Leave out superseded findings.")] = False,
    files_only: Annotated[bool, typer.Option("-l", "--files-with-matches")] = False,
    count: Annotated[bool, typer.Option("--count", help="Print how many match.")] = False,
    ledger: LedgerOption = None, as_json: JsonOption = False,
) -> None:  # fmt: skip
    """Search findings and sessions, body and frontmatter: exit 0 found, 1 none, 2 error.

    Example: [bold]ledger grep -i "cache key" --kind decision --since 2026-11-01[/bold]
    """
    from datetime import date

    from ledger.search import GrepOptions, grep_ledger

    try:
        options = GrepOptions(
            pattern, ignore_case, fixed, tuple(kind or ()), status,
            since.date() if since else None, until.date() if until else None, session,
            _project(project) if project else None, agent, tag, current,
        )  # fmt: skip
        root = _existing(ledger)
        result = grep_ledger(root, root / ".ledger", options, date.today(), today, week)
    except LedgerError as problem:
        render.error(str(problem))
        raise typer.Exit(2) from problem
    if as_json:
        render.print_json({"count": len(result.matches)} if count else render.grep_json(result))
    else:
        render.grep_report(result, files_only, count)
    raise typer.Exit(0 if result.matches else 1)


def _project(value: str) -> str:
    """A path as given on the command line, absolute; a bare name stays a folder name."""
    if "/" in value or value.startswith(("~", ".")):
        return os.path.abspath(os.path.expanduser(value))
    return value


@app.command()
def stats(ledger: LedgerOption = None, as_json: JsonOption = False) -> None:
    """Count findings by kind and status, sessions and findings by project, agent and day.

    Example: [bold]ledger stats --json[/bold]
    """
    from ledger.stats import ledger_stats

    config = _config(ledger)
    result = ledger_stats(config.root, config.state)
    render.print_json(render.stats_json(result)) if as_json else render.stats_report(result)


@app.command()
def context(
    project: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(help="The project folder of the new session. Default: every project."),
    ] = None,
    max_tokens: Annotated[int, typer.Option(min=50, help="Stay within this many tokens.")] = 1500,
    ledger: LedgerOption = None,
) -> None:
    """Print a brief for a new agent session: recent sessions, decisions, open todos, questions.

    Prints nothing when the ledger holds nothing for the project.

    Example: [bold]ledger context --project ~/code/api --max-tokens 800[/bold]
    """
    from ledger.context import build_context

    root = _existing(ledger)
    text = build_context(root, root / ".ledger", _project(project) if project else None, max_tokens)
    if text:
        render.plain(text)


sessions_app = typer.Typer(
    help="The sessions in the ledger.\n\nExample: [bold]ledger sessions list --json[/bold]",
    no_args_is_help=True,
)
app.add_typer(sessions_app, name="sessions")


@sessions_app.command("list")
def sessions_list(ledger: LedgerOption = None, as_json: JsonOption = False) -> None:
    """List ingested sessions, newest first, with their findings counted by kind.

    Example: [bold]ledger sessions list --json[/bold]
    """
    from ledger.stats import list_sessions

    config = _config(ledger)
    rows = list_sessions(config.root, config.state)
    render.print_json(render.sessions_json(rows)) if as_json else render.sessions_table(rows)


@app.command("log")
def log_command(
    finding: Annotated[str, typer.Argument(help="A finding's id (or a prefix of it).")],
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show a finding's history: the commits that changed its file, and its supersedes chain.

    Example: [bold]ledger log d9638cc8[/bold]
    """
    from ledger.history import finding_history

    config = _config(ledger)
    result = finding_history(config.root, config.state, finding)
    render.print_json(render.history_json(result)) if as_json else render.history_report(result)


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
