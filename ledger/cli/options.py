"""What the command families share: the --source, --json and --ledger options, and the ledger
they point at."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

if TYPE_CHECKING:
    from ledger.config import Config

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
VerboseOption = Annotated[
    bool, typer.Option("--verbose", "-v", help="List each file that holds no session, and why.")
]
LedgerOption = Annotated[
    Optional[Path],  # noqa: UP045 - typer reads this annotation at run time on 3.10
    typer.Option(
        "--ledger",
        help="The ledger folder. Default: $LEDGER_DIR, else the nearest folder up with "
        "ledger.yaml, else ~/ledger.",
        show_default=False,
    ),
]


def _day(value: str | date, end: bool) -> date:
    from ledger.times import parse_day

    if isinstance(value, date):
        return value
    try:
        return parse_day(value, date.today(), end)
    except ValueError as problem:
        raise typer.BadParameter(str(problem)) from None


def _first_day(value: str | date) -> date:
    return _day(value, end=False)


def _last_day(value: str | date) -> date:
    """A month given for `--until` means its last day."""
    return _day(value, end=True)


DAYS = "2026-11-24, 2026-11, 7d, 2w, today or yesterday"
SinceOption = Annotated[
    Optional[date],  # noqa: UP045
    typer.Option(parser=_first_day, metavar="DAY", help=f"On or after this day: {DAYS}."),
]
UntilOption = Annotated[
    Optional[date],  # noqa: UP045
    typer.Option(parser=_last_day, metavar="DAY", help=f"On or before this day: {DAYS}."),
]
DateOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option("--date", metavar="DAY", help=f"That day only (a month: all of it): {DAYS}."),
]


def within(
    since: date | None, until: date | None, day: str | None
) -> tuple[date | None, date | None]:
    """`--since` and `--until` narrowed to `--date` (its first and last day) when given."""
    if day is None:
        return since, until
    first, last = _first_day(day), _last_day(day)
    return max(first, since or first), min(last, until or last)


def load_config(ledger: Path | None) -> Config:
    """The settings of the ledger --ledger names (or the one found without it)."""
    from ledger import config

    return config.load(config.locate(ledger, os.environ, Path.cwd()))


def existing_ledger(ledger: Path | None) -> Path:
    """The ledger's folder, for commands that need none of its settings: ledger.yaml is checked
    to be there, not read (ruamel costs start-up time)."""
    from ledger import config

    return config.existing(config.locate(ledger, os.environ, Path.cwd()))
