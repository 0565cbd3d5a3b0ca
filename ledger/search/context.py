"""`ledger context`: a compact brief of what earlier sessions concluded, for a new agent session.

A SessionStart hook calls this at the start of every session, so it reads one small file (the
brief the index keeps per project in `.ledger/index/`) after checking the session folders'
stamps, and imports nothing heavy. When the index is behind, it is brought up to date first.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

from ledger.index.entries import folders_token, is_current
from ledger.index.summaries import (
    BRIEF_ITEMS,
    BRIEF_SESSIONS,
    Brief,
    BriefItem,
    load_briefs,
    newest_briefs,
)
from ledger.store.paths import SESSIONS

CHARS_PER_TOKEN = 4
DEFAULT_MAX_TOKENS = 1500
TITLE_CHARS = 100
SECTIONS = ("Recent sessions", "Current decisions", "Open todos", "Open questions")
FOOTER = (
    "Search what earlier sessions found with `ledger grep PATTERN` (e.g. `ledger grep -i "
    '"cache key" --kind decision`, `--json` for programs); `ledger show ID` shows an item.\n'
)


def _briefs(root: Path, state: Path) -> Mapping[str, Brief | bytes]:
    token = folders_token(state)
    if is_current(root, state) and (saved := load_briefs(state, token)) is not None:
        return saved
    from ledger.index.build import current, lock_if_free  # only when the index is behind

    with lock_if_free(state) as held:
        return current(root, state, save=held).briefs


def _matches(project: str, wanted: str) -> bool:
    """A session's project that is `wanted`, inside it, or holds it (a session in a subfolder)."""
    base, want = project.rstrip("/"), wanted.rstrip("/")
    return bool(base) and (
        base == want or base.startswith(want + "/") or want.startswith(base + "/")
    )


def _lists(briefs: Mapping[str, Brief | bytes], project: str | None) -> list[list[BriefItem]]:
    """The four lists for a project (all projects when None), each newest first: the months'
    briefs, newest first, read until each list has more than any budget shows."""
    lists: list[list[BriefItem]] = [[] for _ in SECTIONS]
    enough = (BRIEF_SESSIONS, BRIEF_ITEMS, BRIEF_ITEMS, BRIEF_ITEMS)
    for brief in newest_briefs(briefs):
        chosen = [
            found for name, found in brief.items() if project is None or _matches(name, project)
        ]
        for n, items in enumerate(lists):
            items += sorted((item for found in chosen for item in found[n]), reverse=True)
        if all(len(items) >= wanted for items, wanted in zip(lists, enough, strict=True)):
            break
    return lists


def _short(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= TITLE_CHARS else flat[: TITLE_CHARS - 1].rstrip() + "…"


def _session_line(item: BriefItem) -> str:
    outcome = f": {_short(item.detail)}" if item.detail else ""
    return f"- {item.started[:10]} {_short(item.title)} [{item.id}]{outcome}\n"


def _finding_line(item: BriefItem) -> str:
    return f"- [{item.id}] {_short(item.title)} ({item.started[:10]})\n"


def _fill(lists: list[list[BriefItem]], budget: int) -> list[list[str]]:
    """Lines per section, taken one per section in turn, newest first, while they fit."""
    shown: list[list[str]] = [[] for _ in lists]
    used = 0
    line: tuple[Callable[[BriefItem], str], ...] = (_session_line, *[_finding_line] * 3)
    open_sections = [n for n, items in enumerate(lists) if items]
    while open_sections:
        for n in list(open_sections):
            taken = len(shown[n])
            if taken == len(lists[n]):
                open_sections.remove(n)
                continue
            text = line[n](lists[n][taken])
            cost = len(text) + (0 if taken else len(SECTIONS[n]) + 3)
            if used + cost > budget:
                open_sections.remove(n)
                continue
            shown[n].append(text)
            used += cost
    return shown


def build_context(root: Path, state: Path, project: str | None, max_tokens: int) -> str:
    """The brief for a session in `project` (every project when None); "" when there is none.

    Most recent first, in turn from each list, within `max_tokens` (4 characters a token).
    """
    if not (root / SESSIONS).is_dir():
        return ""
    lists = _lists(_briefs(root, state), project)
    if not any(lists):
        return ""
    where = os.path.basename(project.rstrip("/")) if project else "all projects"
    header = f"# Ledger brief: {where}\n\nWhat earlier sessions concluded, newest first.\n"
    budget = max_tokens * CHARS_PER_TOKEN - len(header) - len(FOOTER) - 1
    shown = _fill(lists, budget)
    if not any(shown):
        return ""
    body = "".join(f"\n{SECTIONS[n]}:\n" + "".join(lines) for n, lines in enumerate(shown) if lines)
    return f"{header}{body}\n{FOOTER}"
