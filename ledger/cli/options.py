"""What the command families share: the --source, --json and --ledger options, and the ledger
they point at."""

from __future__ import annotations

import os
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
LedgerOption = Annotated[
    Optional[Path],  # noqa: UP045 - typer reads this annotation at run time on 3.10
    typer.Option(
        "--ledger",
        help="The ledger folder. Default: $LEDGER_DIR, else the nearest folder up with "
        "ledger.yaml, else ~/ledger.",
        show_default=False,
    ),
]


def load_config(ledger: Path | None) -> Config:
    """The settings of the ledger --ledger names (or the one found without it)."""
    from ledger import config

    return config.load(config.locate(ledger, os.environ, Path.cwd()))


def existing_ledger(ledger: Path | None) -> Path:
    """The ledger's folder, for commands that need none of its settings: ledger.yaml is checked
    to be there, not read (ruamel costs start-up time)."""
    from ledger import config

    return config.existing(config.locate(ledger, os.environ, Path.cwd()))
