"""The versions of what shapes a ledger's files: part of every session's cache key.

Kept apart from the extractor and the redaction rules so that a run with nothing to do can
check them without importing (and compiling) either.
"""

from __future__ import annotations

EXTRACTOR_VERSION = "structural/3"
"""Bump whenever the structural pass would write different findings for the same session."""

REDACTION_VERSION = "redact/aa283b00"
"""`redact/` + the digest of the rules table (`redact.rules_digest()`; a test keeps them equal)."""

EXTRACTORS = (EXTRACTOR_VERSION, REDACTION_VERSION)
