"""What every command shows through: the consoles, plain text, errors and JSON.

Only this module and its `render_*` siblings (one per command family) print.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

    from ledger.models import Tokens


def console() -> Console:
    """stdout for people; rich is imported only when something is shown to a person.

    A console per use, not one cached: each reads the terminal's width and stream anew.
    """
    from rich.console import Console

    return Console(highlight=False)


def error_console() -> Console:
    """stderr for people, soft-wrapped."""
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True)


def print_json(value: object) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=2) + "\n")


def plural(count: int, one: str, many: str | None = None) -> str:
    """`1 session`, `2 sessions`: a count with its noun agreeing."""
    return f"{count} {one if count == 1 else many or one + 's'}"


def plain(text: str) -> None:
    """Text exactly as given: no markup, no highlighting, no wrapping."""
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def error(message: str) -> None:
    error_console().print(f"error: {message}", markup=False, style="red")


def short_project(project: str | None) -> str:
    """A project's last folder name, for narrow table columns."""
    if not project:
        return "?"
    return project.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1] or project


def short_count(number: int) -> str:
    """A count in at most a few characters: 950, 1.2k, 3.4M."""
    for unit, size in (("M", 1_000_000), ("k", 1_000)):
        if number >= size:
            return f"{number / size:.1f}{unit}"
    return str(number)


def tokens_json(tokens: Tokens) -> dict[str, int]:
    """Token counts by kind, as every --json output spells them."""
    return {
        "input": tokens.input,
        "output": tokens.output,
        "cache_read": tokens.cache_read,
        "cache_creation": tokens.cache_creation,
    }
