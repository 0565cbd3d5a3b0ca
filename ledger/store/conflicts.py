"""Settling what two clones of a ledger both wrote, without asking anyone: pure text in, text
out, and the same answer whichever clone settles (so both end on the same tree).

A session both sides wrote is taken whole from the side whose transcript is longer (it holds
everything the shorter one does); what people did on either side (a status set, tags added,
notes written under a finding) is carried over onto it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ledger.store import frontmatter
from ledger.store.edits import HUMAN_KEYS, LIFECYCLE, LINK_KEYS, merge_owned, with_notes

SESSION_KEYS = ("ended", "prompts", "tool_calls", "content_hash")
"""What tells the longer of two transcripts of a session apart, in order; the content hash last,
so that two different transcripts of the same length still give one answer on both sides."""
OPEN = "open"


def session_rank(text: str | None) -> tuple[str, ...]:
    """How far a `_session.md` has seen its session: a larger rank is a longer transcript."""
    fields = frontmatter.load(text) if text else None
    if not fields:
        return ()
    return tuple(_sortable(fields.get(key)) for key in SESSION_KEYS)


def _sortable(value: Any) -> str:
    if isinstance(value, int):
        return f"{value:012d}"
    return str(value or "")


def settle_text(base: str | None, winner: str | None, loser: str | None) -> str | None:
    """One file of a session both sides wrote: the winner's (the longer transcript's) with
    the people's fields and notes of both sides; None when it should not exist.

    A file only the loser has is kept when a person changed it since the base (their edit is
    never dropped), else it goes, as the winner's extraction no longer makes it.
    """
    if winner is None:
        if loser is None or base is None or loser == base:
            return None
        return loser
    if loser is None or loser in (winner, base):
        return winner
    if winner == base:
        return loser  # only the loser's side changed it
    if base is not None:
        merged = merge_owned(loser, base, winner)  # the loser's own edits on the winner's
        if merged is not None:
            return _people_of(winner, base, merged)
    return _people_of(loser, base, winner)


def _people_of(source: str, base: str | None, onto: str) -> str:
    """`onto` with the status, tags and notes a person gave `source` (since `base`, or when
    there is no base: a status other than open, and every tag), and its lifecycle links."""
    given, before, target = (frontmatter.load(t) if t else None for t in (source, base, onto))
    if given is None or target is None:
        return onto
    changed = False
    status = given.get("status")
    old = before.get("status") if before is not None else OPEN
    if status and status != old and target.get("status") in (old, OPEN, None):
        target["status"], changed = status, True
    for key in ("tags", *LINK_KEYS):  # links a later session made, on either side, all kept
        if isinstance(given.get(key), list) and isinstance(target.get(key, []), list):
            joined = _union(target.get(key) or [], given[key])
            if joined != list(target.get(key) or []):
                target[key], changed = joined, True
    for key in given:
        if key not in target and (before is None or key not in before) and key not in HUMAN_KEYS:
            target[key], changed = given[key], True
    body = _body(onto)
    carried = _carried(source, base, body)
    if not changed and carried == body:
        return onto
    return frontmatter.dump_map(target) + carried


def _union(first: Sequence[Any], second: Sequence[Any]) -> list[Any]:
    return list(dict.fromkeys([*first, *second]))


def _body(text: str) -> str:
    return (frontmatter.split(text) or ("", text))[1]


def _parts(body: str) -> tuple[str, str]:
    """A body's prose and its Lifecycle section (dated lines: resolved, replaced, notes)."""
    cut = f"\n{body}".find(f"\n{LIFECYCLE}\n")
    return (body, "") if cut < 0 else (body[: max(cut - 1, 0)], body[max(cut - 1, 0) :])


def _carried(source: str, base: str | None, body: str) -> str:
    """`body` with the notes of `source` it lacks: every line of its Lifecycle section, and
    prose a person added at the end of its body since `base`."""
    prose, lifecycle = _parts(_body(source))
    lines = tuple(line for line in lifecycle.splitlines()[1:] if line.strip())
    if base is not None:
        before = _parts(_body(base))[0]
        extra = prose[len(before) :] if prose.startswith(before) else ""
        mine, rest = _parts(body)
        if extra.strip() and extra.strip() not in mine:
            body = mine.rstrip("\n") + "\n" + extra.lstrip("\n").rstrip("\n") + "\n" + rest
    return with_notes(body, lines)
