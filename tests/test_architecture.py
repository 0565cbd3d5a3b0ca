"""The house as ARCHITECTURE.md draws it: stages import only lower stages, only `cli/` prints,
and start-up stays light."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "ledger"

LAYERS: tuple[tuple[str, ...], ...] = (
    (
        "errors",
        "models",
        "times",
        "versions",
        "parallel",
        "atomic",
        "lazy_regex",
        "redact",
    ),
    ("transcripts",),
    ("extract",),
    ("store",),
    ("config",),
    ("llm",),
    ("index",),
    ("search",),
    ("ingest",),
    ("automation",),
    ("agents",),
    ("viewer",),
    ("cli",),
    ("entry", "__main__"),
)
"""Each room of `ledger/` by its place in the stack, lowest first: a module may import its own
room, and rooms of lower layers, never a higher one."""

RANK = {room: rank for rank, rooms in enumerate(LAYERS) for room in rooms}
PRESENTATION = ("typer", "rich", "click")
TOP_MODULES = 12


def _room(path: Path) -> str:
    return path.relative_to(PACKAGE).parts[0].removesuffix(".py")


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            base = node.module
            names.add(base)
            if base == "ledger":
                names.update(f"ledger.{alias.name}" for alias in node.names)
    return names


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if p.parts[-2] != "templates")


def test_every_room_has_a_layer() -> None:
    rooms = {_room(p) for p in MODULES} - {"__init__"}
    assert rooms <= set(RANK), f"add {sorted(rooms - set(RANK))} to LAYERS and ARCHITECTURE.md"


def test_top_of_the_package_stays_small() -> None:
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(top) <= TOP_MODULES, top


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_go_down_the_stack(module: Path) -> None:
    room = _room(module)
    if room == "__init__":
        return
    upward = sorted(
        name
        for name in _imports(module)
        if name.startswith("ledger.") and RANK.get(name.split(".")[1], -1) > RANK[room]
    )
    assert not upward, f"{room} may not import {upward}"


@pytest.mark.parametrize(
    "module", [p for p in MODULES if _room(p) != "cli"], ids=lambda p: str(p.relative_to(PACKAGE))
)
def test_only_cli_presents(module: Path) -> None:
    offending = {n for n in _imports(module) if n.split(".")[0] in PRESENTATION}
    printing = any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "print"
        for n in ast.walk(ast.parse(module.read_text(encoding="utf-8")))
    )
    assert not offending and not printing, f"{module.name}: {offending or 'print()'}"


def test_help_does_not_import_heavy_modules() -> None:
    probe = (
        "import sys\n"
        "from ledger.cli.app import app\n"
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
        "import ledger.entry, ledger.store.git\n"
        "import ledger.automation.hook, ledger.automation.background\n"
        "banned = ('typer', 'click', 'rich', 'git', 'anthropic', 'ruamel', 'msgspec')\n"
        "found = [m for m in sys.modules\n"
        "         if m.split('.')[0] in banned or m.startswith('ledger.cli')]\n"
        "print(','.join(found))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
