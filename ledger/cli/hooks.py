"""The commands that keep the ledger current: `hooks install|uninstall|status`, and the hidden
`hook` that the installed hooks call."""

from __future__ import annotations

import os
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from ledger.cli import render
from ledger.cli.options import JsonOption, LedgerOption

commands = typer.Typer()
hooks_app = typer.Typer(
    help="Install, remove or inspect the hooks and timers that keep the ledger current.\n\n"
    "Example: [bold]ledger hooks install --claude --git[/bold]",
    no_args_is_help=True,
)
ClaudeFlag = Annotated[
    bool,
    typer.Option(
        "--claude", help="Claude Code: SessionStart, SessionEnd, PreCompact hooks; `ledger mcp`."
    ),
]
CodexFlag = Annotated[
    bool, typer.Option("--codex", help="Codex: a SessionStart hook; the `ledger mcp` server.")
]
GitFlag = Annotated[bool, typer.Option("--git", help="git: a post-commit hook in --repo.")]
LaunchdFlag = Annotated[bool, typer.Option("--launchd", help="macOS: a launchd agent timer.")]
SystemdFlag = Annotated[bool, typer.Option("--systemd", help="Linux: a systemd user timer.")]


class HookScope(str, Enum):
    user = "user"
    project = "project"


ScopeOption = Annotated[
    HookScope,
    typer.Option(
        help="user: ~/.claude/settings.json and ~/.claude.json, ~/.codex/hooks.json and "
        "config.toml; project: .claude/settings.json, .mcp.json, .codex/ in the project (--repo)."
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
    from ledger.automation import install as hooks
    from ledger.cli.hooks_render import hooks_json, hooks_report

    env = hooks.hook_env(ledger, repo, scope.value, interval, os.environ, Path.cwd())
    run = {"install": hooks.install, "uninstall": hooks.uninstall, "status": hooks.status}[verb]
    result = run(hooks.with_servers([name for name, on in flags.items() if on]), env)
    if as_json:
        render.print_json(hooks_json(result))
    else:
        hooks_report(result)
    if verb != "uninstall" and any(r.installed and not r.would_run for r in result.reports):
        raise typer.Exit(1)  # installed, not running: the notes say why


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


@commands.command(
    hidden=True, context_settings={"allow_extra_args": True, "ignore_unknown_options": True}
)
def hook(ctx: typer.Context) -> None:
    """The entry points hooks call (see `ledger hooks`); the `ledger` executable runs them
    without loading this CLI.

    Example: [bold]echo '{}' | ledger hook claude-session-start[/bold]
    """
    from ledger.automation.hook import main as run_hook

    raise typer.Exit(run_hook(list(ctx.args)))
