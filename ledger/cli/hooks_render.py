"""What `ledger hooks install|uninstall|status` shows: one line per hook target."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ledger.cli.render import console

if TYPE_CHECKING:
    from ledger.automation.install import HooksResult


def hooks_json(result: HooksResult) -> dict[str, Any]:
    """What `ledger hooks install|uninstall|status` found or did, for programs."""
    return {
        "action": result.verb,
        "ledger": str(result.ledger_root),
        "targets": [
            {
                "target": r.target,
                "path": str(r.path),
                "action": r.action,
                "installed": r.installed,
                "would_run": r.would_run,
                "notes": list(r.notes),
            }
            for r in result.reports
        ],
    }


def hooks_report(result: HooksResult) -> None:
    """One line per target: what is there now, whether it would run, and why not."""
    from rich.markup import escape
    from rich.table import Table

    table = Table(box=None, pad_edge=False)
    for column in ("target", "state", "would run", "where"):
        table.add_column(column, overflow="fold")
    for r in result.reports:
        runs = "[green]yes[/green]" if r.would_run else ("no" if r.installed else "-")
        table.add_row(r.target, r.action, runs, str(r.path))
        for note in r.notes:
            table.add_row("", "", "", f"[yellow]{escape(note)}[/yellow]")
    console().print(table)
