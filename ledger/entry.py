"""The `ledger` executable: `ledger hook ...` runs the lean hook entry points, all else the CLI.

Hooks run at every session start and end, so they must not pay for typer, rich or GitPython
(STYLE 14): this module imports nothing until it knows which of the two it runs.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Dispatch `ledger hook NAME ...` to `ledger.automation.hook`, anything else to the CLI."""
    if sys.argv[1:2] == ["hook"]:
        from ledger.automation.hook import main as hook

        sys.exit(hook(sys.argv[2:]))
    from ledger.cli.app import main as cli

    cli()


if __name__ == "__main__":
    main()
