"""Why a file found under a source is passed over."""

from __future__ import annotations


class NotASession(Exception):
    """The file is readable but holds no session (SPEC §2.2); the message says why."""
