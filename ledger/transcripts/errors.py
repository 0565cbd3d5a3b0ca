"""Why a file found under a source is passed over."""

from __future__ import annotations


class NotASession(Exception):
    """The file is readable but holds no session (SPEC §2.2); the message says why."""


class SubagentTranscript(NotASession):
    """The file is a sub-agent's run: it belongs to its parent session, not to the list."""

    def __init__(self, parent: str) -> None:
        super().__init__(f"sub-agent transcript; its session {parent} is not here")
        self.parent = parent
