"""The lifecycle step of an ingest: each session, oldest first, settles the open findings of
earlier sessions of its project (those in the ledger and those of this run before it), and the
LLM's `supersedes` answers are written the same way.

The files of this run's sessions are edited in memory, before they are written; findings
already in the ledger are marked in place, where the caller writes them (`store.edits`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

from ledger.extract.lifecycle import (
    ANSWERED,
    DONE,
    RELATED,
    SUPERSEDED,
    Link,
    Prior,
    settle,
)
from ledger.models import STANDING
from ledger.store.edits import Mark, marked
from ledger.store.known import KnownFinding
from ledger.store.markdown import wikilink
from ledger.store.paths import SESSION_FILE

if TYPE_CHECKING:
    from ledger.ingest.prepare import Prepared

LLM_STATUS = {"decision": SUPERSEDED, "insight": SUPERSEDED, "takeaway": SUPERSEDED}
LLM_STATUS |= {"todo": DONE, "question": ANSWERED}
"""The status the LLM's `supersedes` gives an earlier finding, by its kind (a hypothesis is only
linked: whether it was confirmed or refuted is a person's call)."""
_OLD = {
    SUPERSEDED: "Replaced by {new} in session {session}.",
    DONE: "Done in session {session}{new}.",
    ANSWERED: "Answered by {new} in session {session}.",
    RELATED: "Restated by {new} in session {session}.",
}
_NEW = {SUPERSEDED: "Replaces {old}.", DONE: "Completes {old}.", ANSWERED: "Answers {old}."}
_NEW[RELATED] = "Restates {old}."
_FIELDS = {SUPERSEDED: ("superseded_by", "supersedes")}
_DEFAULT_FIELDS = ("references", "references")


@dataclass(frozen=True, slots=True)
class Settled:
    """The run's sessions with their files edited, and the marks for files already written."""

    prepared: tuple[Prepared, ...]
    marks: dict[str, tuple[tuple[str, Mark], ...]]
    """Session id → (path relative to the ledger, mark) of findings already in the ledger."""
    links: int


def _wikilink(path: str, title: str) -> str:
    return wikilink(path.removesuffix(".md"), title)


class _Run:
    """The findings of the run so far: files by path, and who holds them."""

    def __init__(self, known: Mapping[str, KnownFinding], chosen: Sequence[Prepared]) -> None:
        self.files = {f"{p.folder}/{n}": t for p in chosen for n, t in p.files}
        self.by_path = {k.path: k for k in known.values()}
        projects = {p.project for p in chosen}
        held: dict[str | None, list[KnownFinding]] = {}
        for k in sorted(known.values(), key=lambda k: (k.date, k.path)):
            if k.status in STANDING and (k.project or None) in projects:
                held.setdefault(k.project or None, []).append(k)
        self.pools = {project: _Pool(held.get(project, ())) for project in projects}
        """Project → its findings in force (the run's projects only)."""
        self.marks: dict[str, list[tuple[str, Mark]]] = {}
        self.linked: set[str] = set()
        self.count = 0

    def mark(self, session_id: str, path: str, mark: Mark) -> None:
        if path in self.files:
            self.files[path] = marked(self.files[path], mark) or self.files[path]
        else:
            self.marks.setdefault(session_id, []).append((path, mark))

    def write(self, p: Prepared, link: Link, new_path: str | None, new_title: str) -> None:
        """Both sides of a link: the old finding's status, links and line; the new one's."""
        day = p.started.date().isoformat() if p.started else "undated"
        session = _wikilink(f"{p.folder}/{SESSION_FILE}", p.title)
        new = _wikilink(new_path, new_title) if new_path else ""
        if link.relation == DONE:
            new = f" (turn {link.turn}: “{link.quote[:160]}”)" if not new else f", by {new}"
        old_field, new_field = _FIELDS.get(link.relation, _DEFAULT_FIELDS)
        note = _OLD[link.relation].format(new=new, session=session)
        status = None if link.relation == RELATED else link.relation
        adds = ((old_field, link.new_id),) if link.new_id else ()
        self.mark(p.session_id, link.old.path, Mark(status, adds, (), (f"- {day} · {note}",)))
        if new_path and link.new_id and link.relation in _NEW:
            line = _NEW[link.relation].format(old=_wikilink(link.old.path, link.old.title))
            # an LLM `supersedes` that closed a todo or answered a question is a reference
            undo = () if link.relation == SUPERSEDED else (("supersedes", link.old.id),)
            back = Mark(None, ((new_field, link.old.id),), undo, (f"- {day} · {line}",))
            self.mark(p.session_id, new_path, back)
        self.count += 1
        if status:
            self.linked.add(link.old.id)


def _prior(k: KnownFinding) -> Prior:
    return Prior(k.id, k.kind, k.title, k.path, k.session_id)


class _Pool:
    """One project's findings in force: the ledger's (oldest first), then this run's, and which
    of them name each word, by kind. A session is matched only with those of the kind it may
    link sharing a word with what it says: the lifecycle never links the others, and comparing
    each new finding with every earlier one of a large project made a cold ingest quadratic."""

    def __init__(self, held: Sequence[KnownFinding]) -> None:
        self.priors: dict[str, Prior] = {}
        self.rank: dict[str, int] = {}
        self._ranks = itertools.count()
        self.days: dict[str, str] = {}
        """The ledger's findings (not this run's): their day."""
        self.naming: dict[tuple[str, str], set[str]] = {}
        """(kind, word) → the findings of that kind whose title names the word."""
        self.run_paths: dict[str, Prior] = {}
        """This run's findings, by path."""
        for k in held:
            self._add(_prior(k))
            self.days[k.id] = k.date

    def _add(self, prior: Prior) -> None:
        self.priors[prior.id] = prior
        if prior.id not in self.rank:
            self.rank[prior.id] = next(self._ranks)
        for word in prior.subject:
            self.naming.setdefault((prior.kind, word), set()).add(prior.id)

    def add_run(self, prior: Prior) -> None:
        """A finding of this run: after the ledger's, and in place of the ledger's copy."""
        if self.days.pop(prior.id, None) is not None:
            del self.rank[prior.id]
        self._add(prior)
        self.run_paths[prior.path] = prior

    def near(self, kind: str, query: frozenset[str], p: Prepared, linked: set[str]) -> list[Prior]:
        """The findings of `kind` that `p` may link, oldest first: those naming a word of
        `query`, not linked yet; of the ledger's, those of other sessions from the day of `p` or
        before."""
        day = p.started.date().isoformat() if p.started else "9999"
        ids = set().union(*(self.naming.get((kind, word), ()) for word in query)) - linked
        mine = p.session_id
        chosen = [
            i
            for i in ids
            if i not in self.days or (self.priors[i].session_id != mine and self.days[i] <= day)
        ]
        found = (self.priors[i] for i in sorted(chosen, key=self.rank.__getitem__))
        # a run's finding takes the place of the ledger's copy, whose kind a person may have
        # changed: the words the copy was indexed under may name a finding of another kind now
        return [prior for prior in found if prior.kind == kind]


def settle_run(
    known: Callable[[], Mapping[str, KnownFinding]],
    chosen: Sequence[Prepared],
    llm: Sequence[tuple[str, str, str]] = (),
) -> Settled:
    """Apply the lifecycle to the run's sessions, oldest first (`chosen` is in that order).

    `known` gives the findings in the ledger before this run (asked only when needed). `llm`
    holds the LLM's answers: (session id, new finding id, path of the finding it supersedes)."""
    if not llm and not any(p.signals.said or p.signals.done for p in chosen):
        return Settled(tuple(chosen), {}, 0)  # ghosts only: the ledger is not read
    run = _Run(known(), chosen)
    for p in chosen:
        pool = run.pools[p.project]
        titles = {s.id: (f"{p.folder}/{s.file}", s.title) for s in p.signals.said}
        for link in settle(partial(pool.near, p=p, linked=run.linked), p.signals):
            path, title = titles.get(link.new_id or "", (None, ""))
            run.write(p, link, path, title)
        # the model saw the project's open findings whatever their date: it may name any of them
        for session_id, new_id, old_path in llm:
            held = run.by_path.get(old_path)
            prior = _prior(held) if held else pool.run_paths.get(old_path)
            # written even when the structural pass linked it already: the LLM finding's own
            # `supersedes` must be answered (or turned into a reference)
            if session_id == p.session_id and prior:
                path, title = titles.get(new_id, (None, ""))
                run.write(p, Link(prior, LLM_STATUS.get(prior.kind, RELATED), new_id), path, title)
        for s in p.signals.said:
            pool.add_run(Prior(s.id, s.kind, s.title, f"{p.folder}/{s.file}", p.session_id))
    prepared = tuple(
        replace(p, files=tuple((n, run.files[f"{p.folder}/{n}"]) for n, _ in p.files))
        for p in chosen
    )
    marks = {s: tuple(m) for s, m in run.marks.items()}
    return Settled(prepared, marks, run.count)
