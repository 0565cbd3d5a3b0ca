"""The journal of a run in progress: the paths it is about to write, and a copy of each file it
replaces that a person had changed and not committed.

A run cut short (killed, interrupted, its commit refused) leaves its files written but not
committed. Whoever next holds the ledger's lock, the next run or a read command (grep, the
viewer, check), puts them back as they were before it (`roll_back`): as the last commit has
them, or as the person had them (their copy kept here), the run's new files removed. A run
then does that run's work again, whole. SQLite's readers roll back a hot journal the same way.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Iterable
from contextlib import suppress
from pathlib import Path

from ledger.atomic import write_bytes_atomic
from ledger.store import git
from ledger.store.state import JOURNAL

KEPT = "pending.kept"
"""The folder of the people's copies: one file each, its path, a NUL, its bytes."""


class Journal:
    """Paths ledger is about to write, and people's copies of them, kept until committed."""

    def __init__(self, state: Path) -> None:
        self.path = state / JOURNAL
        self.folder = state / KEPT
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except OSError:
            lines = []
        self.paths = frozenset(line for line in lines if line)

    def add(self, paths: Iterable[str]) -> None:
        new = [p for p in paths if p not in self.paths]
        if not new:
            return
        self.paths = self.paths | set(new)
        with open(self.path, "a", encoding="utf-8") as handle:
            handle.write("".join(f"{p}\n" for p in new))
            handle.flush()
            os.fsync(handle.fileno())

    def keep(self, relative: str, data: bytes) -> None:
        """Keep a person's copy of `relative` before the run replaces it (the first copy: what
        they had before any run); a run cut short puts it back, not the last commit's."""
        self.add([relative])
        name = hashlib.sha256(relative.encode()).hexdigest()[:32]
        if not (self.folder / name).exists():
            write_bytes_atomic(self.folder / name, relative.encode() + b"\0" + data)

    def kept(self) -> dict[str, bytes]:
        """Each kept path → the person's bytes."""
        found = {}
        for copy in sorted(self.folder.glob("[0-9a-f]*")):
            with suppress(OSError, ValueError):
                relative, data = copy.read_bytes().split(b"\0", 1)
                found[relative.decode()] = data
        return found

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)
        shutil.rmtree(self.folder, ignore_errors=True)
        self.paths = frozenset()


def roll_back(root: Path, journal: Journal) -> None:
    """Put the files a run cut short wrote back as they were before it: a person's kept copy,
    else the last commit's version, its new files removed (their folders too, once empty). The
    next run does that run's work again, whole: completing it instead would keep what its first
    sessions say of the ones it had not written yet (`Replaced by …`), and the sessions done
    again would not say the same back."""
    repo = git.toplevel(root)
    if repo is None or not journal.paths:
        return
    kept = journal.kept()
    base = root.resolve().relative_to(repo)
    listed = sorted(journal.paths)
    committed = git.head_contents(repo, [(base / path).as_posix() for path in listed])
    for path in listed:
        target = root / path
        content = kept.get(path, committed[(base / path).as_posix()])
        if content is None:
            target.unlink(missing_ok=True)
            with suppress(OSError):  # a folder left empty goes too; one that is not stays
                target.parent.rmdir()
        elif not target.is_file() or target.read_bytes() != content:
            write_bytes_atomic(target, content)
