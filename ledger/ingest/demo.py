"""`ledger demo`: a ledger of the sample transcripts bundled with ledger, after any install."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ledger.config import load
from ledger.errors import LedgerError
from ledger.index.build import update_index
from ledger.ingest.results import IngestOptions, IngestResult
from ledger.ingest.run import ingest
from ledger.store.create import create_ledger
from ledger.store.paths import CONFIG_FILE, STATE_DIR

SAMPLE_SESSION = "4f35e220"
"""The sample session the suggested commands open (the JWT fix: decisions, todos, a question)."""


@dataclass(frozen=True, slots=True)
class Demo:
    """A demo ledger: where it is, what its ingest did, and commands to try on it."""

    root: Path
    result: IngestResult
    commands: tuple[str, ...]


def bundled_samples() -> Path:
    """The sample transcripts shipped with the package (package data, not the source tree)."""
    found = Path(str(resources.files("ledger").joinpath("samples")))
    if not found.is_dir():
        raise LedgerError("this install has no bundled samples", "reinstall git-ledger")
    return found


def build_demo(path: Path | None) -> Demo:
    """A ledger of the bundled samples at `path` (default: a new temporary folder), structural
    pass only: nothing leaves the machine. An existing demo is brought up to date."""
    root = (path or Path(tempfile.mkdtemp(prefix="ledger-demo-"))).expanduser().resolve()
    if root.is_dir() and any(root.iterdir()) and not (root / CONFIG_FILE).is_file():
        raise LedgerError(f"{root} is not empty and holds no ledger", "name a new or empty folder")
    create_ledger(root, lambda at: update_index(at, at / STATE_DIR).written)
    result = ingest(load(root), IngestOptions(sources=(bundled_samples(),), llm=False), environ={})
    where = f"--ledger {root}"
    commands = (
        f"ledger grep -i redis --kind decision {where}",
        f"ledger show {SAMPLE_SESSION} --turn 3 {where}",
        f"ledger context {where}",
    )
    return Demo(root, result, commands)
