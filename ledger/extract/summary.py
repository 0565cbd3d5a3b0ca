"""A session's summary without a model: what it set out to do, where it got to, what is open.

The LLM pass, when on, replaces it with its own (`ledger.llm.merge`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice

from ledger.extract.prose import first_sentence, plain, sentences, shorten, units
from ledger.models import Finding, Session, SessionSummary
from ledger.transcripts.builder import COMMAND

OBJECTIVE_CHARS = 200
OUTCOME_CHARS = 300
OUTCOME_SENTENCES = 2


def _prose(text: str) -> Iterator[str]:
    """The sentences of a message's prose: no code, headings, tables or pasted output; one at a
    time, as the summary needs only the first ones of a long message."""
    return (plain(s) for unit in units(text) if not unit.heading for s in sentences(unit.text))


def _objective(session: Session) -> str:
    """The first sentence of the first prompt that says something (past a command's name)."""
    for turn in session.turns:
        said = next(_prose(COMMAND.sub("", turn.prompt.strip())), None)
        if said is not None:
            return shorten(first_sentence(said), OBJECTIVE_CHARS)
    return ""


def _outcome(session: Session) -> str:
    answers = [turn.answer for turn in session.turns if turn.answer]
    said = list(islice(_prose(answers[-1]), OUTCOME_SENTENCES)) if answers else []
    return shorten(" ".join(said), OUTCOME_CHARS) if said else ""


def structural_summary(session: Session, findings: Sequence[Finding]) -> SessionSummary | None:
    """Objective (the first real prompt's first sentence), outcome (the final answer's first
    sentences) and open items (open todos and questions); none for a ghost session."""
    if session.ghost:
        return None
    still = [f for f in findings if f.status == "open"]
    return SessionSummary(
        objective=_objective(session),
        outcome=_outcome(session),
        unresolved=tuple(f.title for f in still if f.kind == "question"),
        next_steps=tuple(f.title for f in still if f.kind == "todo"),
    )
