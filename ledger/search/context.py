"""`ledger context`: a compact brief of what earlier sessions concluded, for a new agent session.

A SessionStart hook calls this at the start of every session, so it reads one small file (the
brief the index keeps per project in `.ledger/index/`) after checking the session folders'
stamps, and imports nothing heavy. When the index is behind, it is brought up to date first.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ledger.extract.lifecycle import restates, words
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
from ledger.store.projects import project_filter

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

    with lock_if_free(root, state) as held:
        return current(root, state, save=held).briefs


def _lists(briefs: Mapping[str, Brief | bytes], project: str | None) -> list[list[BriefItem]]:
    """The four lists for a project (all projects when None), each newest first: the months'
    briefs, newest first, read until each list has more than any budget shows."""
    lists: list[list[BriefItem]] = [[] for _ in SECTIONS]
    wanted = project_filter(project) if project else None
    enough = (BRIEF_SESSIONS, BRIEF_ITEMS, BRIEF_ITEMS, BRIEF_ITEMS)
    for brief in newest_briefs(briefs):
        chosen = [found for name, found in brief.items() if wanted is None or wanted.matches(name)]
        for n, items in enumerate(lists):
            items += sorted((item for found in chosen for item in found[n]), reverse=True)
        if all(len(items) >= wanted for items, wanted in zip(lists, enough, strict=True)):
            break
    return lists


_TAG = re.compile(r"</?[A-Za-z][\w:.-]*(?:\s[^<>]*)?/?>")
_FENCE = re.compile(r"`{3,}|~{3,}")
_WIKILINK = re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]")


def _short(text: str) -> str:
    """One line of the brief, within TITLE_CHARS, inert: the brief goes into an agent's context,
    so no tag (`</context>`, `<system>`), code fence, wikilink (its text is kept) or heading
    mark of a title can pass there as structure or as instructions."""
    inert = _WIKILINK.sub(r"\1", _FENCE.sub("", _TAG.sub("", text)))
    flat = " ".join(inert.split()).lstrip("#> ")
    return flat if len(flat) <= TITLE_CHARS else flat[: TITLE_CHARS - 1].rstrip() + "…"


def _session_line(item: BriefItem) -> str:
    outcome = f": {_short(item.detail)}" if item.detail else ""
    return f"- {item.started[:10]} {_short(item.title)} [{item.id}]{outcome}\n"


def _finding_line(item: BriefItem) -> str:
    return f"- [{item.id}] {_short(item.title)} ({item.started[:10]})\n"


def _once(items: list[BriefItem]) -> list[BriefItem]:
    """Each item once: a later finding that restates an earlier one (near-identical title)
    stands for both, so the brief never lists a subject twice."""
    kept: list[BriefItem] = []
    seen: list[frozenset[str]] = []
    ids: set[str] = set()
    for item in items:  # newest first: the newest of a restated subject is kept
        if len(kept) == BRIEF_ITEMS:  # more than any budget shows: the rest costs n² compares
            break
        subject = words(item.title)
        if item.id in ids or any(restates(subject, other) for other in seen):
            continue
        kept.append(item)
        ids.add(item.id)
        seen.append(subject)
    return kept


def _fill(lists: list[list[BriefItem]], budget: int) -> list[list[BriefItem]]:
    """Items per section, taken one per section in turn, newest first, while they fit."""
    shown: list[list[BriefItem]] = [[] for _ in lists]
    used = 0
    line: tuple[Callable[[BriefItem], str], ...] = (_session_line, *[_finding_line] * 3)
    open_sections = [n for n, items in enumerate(lists) if items]
    while open_sections:
        for n in list(open_sections):
            taken = len(shown[n])
            if taken == len(lists[n]):
                open_sections.remove(n)
                continue
            cost = len(line[n](lists[n][taken])) + (0 if taken else len(SECTIONS[n]) + 3)
            if used + cost > budget:
                open_sections.remove(n)
                continue
            shown[n].append(lists[n][taken])
            used += cost
    return shown


@dataclass(frozen=True, slots=True)
class ContextBrief:
    """The brief: what is current for a project, each item once, newest first."""

    project: str | None
    sections: tuple[tuple[str, tuple[BriefItem, ...]], ...]
    """(section name, items) for the sections with something in them, in SECTIONS order."""

    @property
    def text(self) -> str:
        """The brief as an agent reads it; "" when there is nothing to say."""
        if not self.sections:
            return ""
        where = os.path.basename(self.project.rstrip("/")) if self.project else "all projects"
        line = dict(zip(SECTIONS, (_session_line, *[_finding_line] * 3), strict=True))
        body = "".join(
            f"\n{name}:\n" + "".join(line[name](item) for item in items)
            for name, items in self.sections
        )
        return f"{_header(where)}{body}\n{FOOTER}"


def _header(where: str) -> str:
    return f"# Ledger brief: {where}\n\nWhat earlier sessions concluded, newest first.\n"


def context_brief(root: Path, state: Path, project: str | None, max_tokens: int) -> ContextBrief:
    """What is current for a session in `project` (every project when None): recent sessions,
    current decisions, open todos and questions, most recent first, in turn from each list,
    within `max_tokens` (4 characters a token)."""
    if not (root / SESSIONS).is_dir():
        return ContextBrief(project, ())
    sessions, *findings = _lists(_briefs(root, state), project)
    lists = [sessions, *(_once(items) for items in findings)]
    where = os.path.basename(project.rstrip("/")) if project else "all projects"
    budget = max_tokens * CHARS_PER_TOKEN - len(_header(where)) - len(FOOTER) - 1
    shown = _fill(lists, budget)
    return ContextBrief(
        project, tuple((SECTIONS[n], tuple(items)) for n, items in enumerate(shown) if items)
    )


def build_context(root: Path, state: Path, project: str | None, max_tokens: int) -> str:
    """The brief's text for a session in `project`; "" when there is none."""
    return context_brief(root, state, project, max_tokens).text
