"""Where things live in a ledger: safe slugs, session folders, finding file names."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable

from ledger.models import Finding, Session, short_id

CONFIG_FILE = "ledger.yaml"
LOCAL_CONFIG_FILE = "ledger.local.yaml"
"""Beside ledger.yaml, git-ignored: this machine's own settings (the author of its commits)."""
SESSIONS = "sessions"
SESSION_FILE = "_session.md"
STATE_DIR = ".ledger"
PAGES_DIR = "index"
"""The folder of derived pages (beside `index.md`)."""
SESSION_SLUG_CHARS = 50
FINDING_SLUG_CHARS = 60
_NOT_SLUG = re.compile(r"[^a-z0-9]+")
_WIDE = unicodedata.east_asian_width


def slug(text: str, limit: int) -> str:
    """ASCII, lowercase, hyphenated, at most `limit` characters, cut at a word; never empty.

    Every script is transliterated (`Größen` → `grossen`, `Сборка` → `sborka`); a wide (CJK)
    character is a syllable of its own, so `修复登录` reads `xiu-fu-deng-lu`."""
    ascii_text = text if text.isascii() else _transliterated(text)  # most names are ASCII
    words = _NOT_SLUG.sub("-", ascii_text.lower()).strip("-")
    if len(words) > limit:
        cut = words[: limit + 1]
        words = cut[: cut.rfind("-")] if "-" in cut[1:] else words[:limit]
    return words.strip("-") or "untitled"


def _transliterated(text: str) -> str:
    from anyascii import anyascii  # here: the hooks import this module and never make a slug

    return anyascii("".join(f" {c} " if _WIDE(c) in "WF" else c for c in text))


def unique_folder(folder: str, session_id: str, taken: Callable[[str], bool]) -> str:
    """`folder` (a `session_dir`), or when `taken` says another session holds it, the same with
    more of the session id, then a digest of it: the same ids always give the same names."""
    stem = folder[: -len(short_id(session_id))]
    digest = hashlib.blake2b(session_id.encode(), digest_size=8).hexdigest()
    longer = [stem + short_id(session_id, n) for n in (12, 16, 24, 32)]
    for candidate in dict.fromkeys([folder, *longer, f"{stem}{short_id(session_id)}-{digest}"]):
        if not taken(candidate):
            return candidate
    return f"{stem}{digest}-{short_id(session_id, 64)}"


def session_dir(session: Session) -> str:
    """`sessions/<start date>-<slug>-<short id>`, relative to the ledger."""
    day = session.started.strftime("%Y-%m-%d") if session.started else "undated"
    name = f"{day}-{slug(session.title, SESSION_SLUG_CHARS)}-{short_id(session.session_id)}"
    return f"{SESSIONS}/{name}"


def finding_file(finding: Finding, taken: set[str]) -> str:
    """`<kind>-<slug>.md`, made unique among `taken` names with the finding's id."""
    name = f"{finding.kind}-{slug(finding.title, FINDING_SLUG_CHARS)}.md"
    if name in taken:
        name = f"{name[:-3]}-{finding.id[:6]}.md"
    return name
