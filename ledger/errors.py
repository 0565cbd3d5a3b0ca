"""The one error family ledger raises for problems a user can act on."""

from __future__ import annotations


class LedgerError(Exception):
    """An error with a message for the user: what happened; what to do."""

    def __init__(self, what: str, todo: str = "") -> None:
        super().__init__(what)
        self.what = what
        self.todo = todo

    def __str__(self) -> str:
        return f"{self.what}; {self.todo}" if self.todo else self.what


class SourceError(LedgerError):
    """A transcript source that cannot be read at all."""
