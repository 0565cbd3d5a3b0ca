"""The portable file lock: exclusive between holders, bounded waits, importable everywhere."""

from __future__ import annotations

import re
import time
from pathlib import Path

from ledger.store import flock

PACKAGE = Path(__file__).resolve().parents[1] / "ledger"


def test_a_second_holder_waits_then_gives_up(tmp_path: Path) -> None:
    lock = tmp_path / "lock"
    with flock.hold(lock) as first:
        assert first
        with flock.hold(lock, timeout=0) as second:
            assert not second
        start = time.monotonic()
        with flock.hold(lock, timeout=0.2) as third:
            assert not third
        assert time.monotonic() - start >= 0.2
    with flock.hold(lock, timeout=0) as after:
        assert after  # released with the block


def test_only_the_lock_module_touches_platform_locks() -> None:
    """`import fcntl` at a module's top made the store unimportable on Windows."""
    found = [
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if re.search(r"^\s*import (?:fcntl|msvcrt)\b", path.read_text(encoding="utf-8"), re.M)
    ]
    assert found == ["store/flock.py"]
