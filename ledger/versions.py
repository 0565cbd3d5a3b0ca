"""The versions of what shapes a ledger's files: part of every session's cache key.

Kept apart from the extractor and the redaction rules so that a run with nothing to do can
check them without importing (and compiling) either.
"""

from __future__ import annotations

EXTRACTOR_VERSION = "structural/203"
"""Bump whenever the structural pass would write different findings for the same session."""

REDACTION_VERSION = "redact/65f1912b"
"""`redact/` + the digest of the rules table (`redact.rules_digest()`; a test keeps them equal)."""

EXTRACTORS = (EXTRACTOR_VERSION, REDACTION_VERSION)

PROMPT_VERSION = "extract/4"
"""The LLM prompt (`templates/prompts/extract.md` and the tool schema): bump when either changes
(a test pins their digest). Recorded in every LLM finding, in the window cache key, and in
`_session.md` `extractors` through `llm_extractor`."""

LLM_PREFIX = "llm/"


def llm_extractor(model: str) -> str:
    """`llm/<model>/<prompt version>`: what a session whose LLM pass completed records."""
    return f"{LLM_PREFIX}{model}/{PROMPT_VERSION}"
