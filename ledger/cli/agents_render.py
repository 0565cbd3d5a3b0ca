"""What `ledger search` shows people: each hit's kind, title and facts, its path, its snippet."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ledger.cli.render import console, error_console

if TYPE_CHECKING:
    from rich.text import Text

    from ledger.search.ranked import SearchResult


def search_report(result: SearchResult) -> None:
    """The hits, best first; the matching words of each snippet in bold."""
    if not result.hits:
        error_console().print(f"nothing matches {result.query!r}", markup=False)
        return
    from rich.text import Text

    for n, hit in enumerate(result.hits):
        meta = hit.meta
        heading = Text("" if n == 0 else "\n")
        heading.append(f"{meta.kind} ", style="bold cyan")
        heading.append(meta.title, style="bold strike" if hit.superseded else "bold")
        facts = [meta.date or "undated", meta.status] if meta.type == "finding" else [meta.date]
        heading.append(f"  {' · '.join(f for f in facts if f)}", style="dim")
        if hit.superseded:
            heading.append("  superseded", style="yellow")
        console().print(heading, soft_wrap=True)
        full = result.root / meta.path
        shown = os.path.relpath(full)
        console().print(
            Text(full.as_posix() if shown.startswith("..") else shown, style="magenta"),
            soft_wrap=True,
        )
        console().print(_snippet(hit.snippet), soft_wrap=True)


def _snippet(snippet: str) -> Text:
    """The snippet with the [bracketed] matching words in bold red, brackets dropped."""
    from rich.text import Text

    text = Text("  ")
    for n, part in enumerate(snippet.replace("]", "[").split("[")):
        text.append(part, style="bold red" if n % 2 else "")
    return text
