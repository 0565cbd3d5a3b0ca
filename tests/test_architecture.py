"""The core never depends on the presentation layer, and start-up stays light."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "ledger"
CORE = ("transcripts", "extract", "store")
PRESENTATION = ("ledger.cli", "ledger.render", "typer", "rich", "click")
"""Module names (and their prefixes: `ledger.cli_search`, `rich.console`) of the presentation;
and every `ledger.<family>_render`."""


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize(
    "module",
    [p for layer in CORE for p in sorted((PACKAGE / layer).rglob("*.py"))]
    + [PACKAGE / "models.py"],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_core_does_not_import_presentation(module: Path) -> None:
    offending = {
        name
        for name in _imports(module)
        if name.startswith(PRESENTATION) or name.endswith("_render")
    }
    assert not offending, f"{module.name} imports {offending}"


def test_print_only_in_render_modules() -> None:
    offenders = [
        str(p.relative_to(PACKAGE))
        for p in PACKAGE.rglob("*.py")
        if not p.name.endswith("render.py")
        and any(
            isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "print"
            for n in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
        )
    ]
    assert offenders == []


def test_help_does_not_import_heavy_modules() -> None:
    probe = (
        "import sys\n"
        "from ledger.cli import app\n"
        "heavy = [m for m in ('git', 'anthropic', 'msgspec', 'ruamel.yaml') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""


def test_hook_entry_points_import_nothing_heavy() -> None:
    """`ledger hook ...` runs at every session start and end: stdlib and light modules only."""
    probe = (
        "import sys\n"
        "sys.argv = ['ledger', 'hook']\n"
        "import ledger.entry, ledger.hook, ledger.background, ledger.store.git\n"
        "banned = ('typer', 'click', 'rich', 'git', 'anthropic', 'ruamel', 'msgspec')\n"
        "found = [m for m in sys.modules\n"
        "         if m.split('.')[0] in banned or m.startswith('ledger.cli')]\n"
        "print(','.join(found))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
