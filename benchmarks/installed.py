"""What every benchmark does first: byte-compile the package, as `pip install` does.

A development checkout has no `.pyc` files when `PYTHONDONTWRITEBYTECODE` is set (it is on this
machine), so each timed process would compile every module it imports from source: a cost an
installed ledger never pays. Python still reads `.pyc` files that exist.
"""

from __future__ import annotations

import compileall
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "ledger"


def compile_package() -> None:
    compileall.compile_dir(PACKAGE, quiet=1)
