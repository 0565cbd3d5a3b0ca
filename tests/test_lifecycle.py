"""The lifecycle without a model: which later wording supersedes, finishes or answers which
earlier finding, in several languages, and which near-misses are left alone."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from ledger.extract.lifecycle import (
    ANSWERED,
    DONE,
    RELATED,
    SUPERSEDED,
    Near,
    Prior,
    Said,
    Signals,
    settle,
    words,
)


def by_word(priors: Sequence[Prior]) -> Near:
    """`Near` over a list of priors (oldest first), as ingest's word index gives them."""

    def near(kind: str, text: frozenset[str]) -> list[Prior]:
        return [p for p in priors if p.kind == kind and not p.subject.isdisjoint(text)]

    return near


DB = Prior("aaaaaaaaaaaa", "decision", "Keep drafts in IndexedDB via idb-keyval", "s/1/d.md", "s1")
DEBOUNCE = Prior("bbbbbbbbbbbb", "decision", "Debounce autosave at 800 ms", "s/1/e.md", "s1")
TODO = Prior("cccccccccccc", "todo", "Add a migration test for the drafts schema", "s/1/t.md", "s1")
QUESTION = Prior(
    "dddddddddddd", "question", "Why does Safari evict the IndexedDB store?", "s/1/q.md", "s1"
)
PRIORS = (DB, DEBOUNCE, TODO, QUESTION)


def _decision(text: str, title: str = "Move drafts server-side") -> Signals:
    from ledger.extract.lifecycle import _reversals

    said = Said("eeeeeeeeeeee", "decision", title, "d.md", _reversals(text), False, text)
    return Signals((said,))


@pytest.mark.parametrize(
    "text",
    [
        "We previously decided to keep drafts in IndexedDB via idb-keyval; now drafts move "
        "server-side behind POST /api/drafts.",
        "Switch drafts from IndexedDB (idb-keyval) to the server.",
        "We no longer keep drafts in IndexedDB via idb-keyval: the server holds them.",
        "Revert the idb-keyval drafts store in IndexedDB.",
        "Server-side drafts instead of the IndexedDB idb-keyval store.",
        # French, German, Spanish, Portuguese
        "On avait décidé de garder les drafts dans IndexedDB via idb-keyval ; désormais ils "
        "vont sur le serveur.",
        "Die Drafts liegen nicht mehr in IndexedDB (idb-keyval), sondern auf dem Server.",
        "Guardamos los drafts en el servidor en lugar de IndexedDB con idb-keyval.",
        "Os drafts ficam no servidor em vez de IndexedDB via idb-keyval.",
    ],
)
def test_a_reversal_supersedes_the_decision_it_names(text: str) -> None:
    (link,) = settle(by_word(PRIORS), _decision(text))
    assert (link.old, link.relation, link.new_id) == (DB, SUPERSEDED, "eeeeeeeeeeee")


@pytest.mark.parametrize(
    "text",
    [
        # mentions without reversing: the same session keeps the debounce
        "We keep drafts in IndexedDB via idb-keyval and the 800 ms debounce.",
        "Wir behalten die Drafts in IndexedDB via idb-keyval.",
        # a reversal about something else
        "Switch the logger from console.log to pino.",
        "Ya no usamos moment.js; usamos date-fns en su lugar.",
        # a reversal that shares only a word with the decision
        "We no longer keep the session cookie drafts flag.",
    ],
)
def test_near_misses_leave_the_decision_alone(text: str) -> None:
    assert [link.relation for link in settle(by_word(PRIORS), _decision(text))] in ([], [RELATED])
    assert not any(link.relation == SUPERSEDED for link in settle(by_word(PRIORS), _decision(text)))


def test_the_best_matching_decision_is_superseded_and_only_once() -> None:
    older = Prior("ffffffffffff", "decision", "Keep drafts in localStorage", "s/0/d.md", "s0")
    text = "Switch drafts from IndexedDB via idb-keyval to the server."
    links = settle(by_word((older, *PRIORS)), _decision(text))
    assert [(link.old.id, link.relation) for link in links] == [(DB.id, SUPERSEDED)]
    twice = Signals((*_decision(text).said, *_decision(text, "Other").said))
    assert len(settle(by_word(PRIORS), twice)) == 1


@pytest.mark.parametrize(
    ("todo", "sentence"),
    [
        ("Add a migration test for the drafts schema", "The drafts schema migration test is done."),
        ("Add a migration test for the drafts schema", "Added the migration test (drafts schema)."),
        ("Ajouter un test de migration du schéma", "Le test de migration du schéma est terminé."),
        ("Migrationstest für das Drafts-Schema schreiben",
         "Der Migrationstest für das Drafts-Schema ist erledigt."),
        ("Añadir una prueba de migración del esquema",
         "La prueba de migración del esquema está hecha: listo."),
    ],
)  # fmt: skip
def test_a_done_sentence_closes_the_todo(todo: str, sentence: str) -> None:
    prior = Prior("cccccccccccc", "todo", todo, "s/1/t.md", "s1")
    (link,) = settle(by_word((DB, prior)), Signals((), ((4, sentence),)))
    assert (link.old, link.relation, link.turn, link.new_id) == (prior, DONE, 4, None)


@pytest.mark.parametrize(
    "sentence",
    [
        "The migration test for the drafts schema is not done yet.",
        "We still need to finish the migration test for the drafts schema.",
        "Fixed the drafts toolbar.",  # done, but another subject
        "Le test de migration du schéma drafts n'est pas encore terminé.",
    ],
)
def test_near_misses_leave_the_todo_open(sentence: str) -> None:
    from ledger.extract.lifecycle import _DONE, _NOT_DONE

    kept = _DONE.search(sentence) and not _NOT_DONE.search(sentence)
    signals = Signals((), ((4, sentence),) if kept else ())
    assert settle(by_word(PRIORS), signals) == ()


def test_every_done_word_holds_a_stem_of_the_quick_scan() -> None:
    """`_done_sentences` skips a text without a stem: a word of `_DONE` without one is lost."""
    from ledger.extract.lifecycle import _DONE, _DONE_STEMS

    literal = re.sub(r"\\b|\\w\*|\(\?:|[()?]", "", _DONE.pattern)
    for word in filter(None, literal.split("|")):
        assert _DONE_STEMS.find_matches_as_indexes(word.casefold()), word


@pytest.mark.parametrize(
    ("text", "answered"),
    [
        ("It turns out Safari evicts the IndexedDB store after seven days (ITP).", True),
        ("It is because ITP makes Safari evict the IndexedDB store.", True),
        ("Safari evicts the IndexedDB store after seven days.", False),  # no answer cue
        ("It turns out the CI cache expires after seven days.", False),  # another subject
    ],
)
def test_a_later_finding_answers_a_question(text: str, answered: bool) -> None:
    from ledger.extract.lifecycle import _ANSWER

    said = Said("eeeeeeeeeeee", "insight", text, "i.md", "", bool(_ANSWER.search(text)), text)
    links = settle(by_word(PRIORS), Signals((said,)))
    assert [(x.old, x.relation) for x in links] == ([(QUESTION, ANSWERED)] if answered else [])


def test_a_restatement_is_related_not_merged() -> None:
    said = Said("eeeeeeeeeeee", "decision", "Debounce autosave at 800 ms.", "d.md")
    (link,) = settle(by_word(PRIORS), Signals((said,)))
    assert (link.old, link.relation) == (DEBOUNCE, RELATED)
    other = Said("eeeeeeeeeeee", "insight", "Debounce autosave at 800 ms.", "i.md")
    assert settle(by_word(PRIORS), Signals((other,))) == ()  # another kind


def test_words_stem_across_languages() -> None:
    assert words("drafts") & words("draftsman")
    assert words("décidé") == words("decider") == words("Décidés")
    assert "the" not in words("the cache") and "cache" in words("the cache")


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("Pourquoi Safari efface-t-il le stockage IndexedDB ?",
         "La réponse : Safari efface le stockage IndexedDB après sept jours (ITP)."),
        ("Warum löscht Safari den IndexedDB-Speicher?",
         "Es stellt sich heraus, dass Safari den IndexedDB-Speicher nach sieben Tagen löscht."),
        ("¿Por qué Safari borra el almacenamiento IndexedDB?",
         "Resulta que Safari borra el almacenamiento IndexedDB tras siete días."),
    ],
)  # fmt: skip
def test_answers_in_other_languages(question: str, text: str) -> None:
    from ledger.extract.lifecycle import _ANSWER

    prior = Prior("dddddddddddd", "question", question, "s/1/q.md", "s1")
    said = Said("eeeeeeeeeeee", "insight", text, "i.md", "", bool(_ANSWER.search(text)), text)
    assert [x.relation for x in settle(by_word((prior,)), Signals((said,)))] == [ANSWERED]


def test_marks_by_lines_give_what_round_trip_yaml_gives() -> None:
    from ledger.store import frontmatter
    from ledger.store.edits import Mark, _fast_marked, marked

    text = frontmatter.dump(
        {"id": "0123456789ab", "kind": "todo", "title": "Add a test", "status": "open",
         "supersedes": [], "superseded_by": ["aaaaaaaaaaaa"], "references": ["src/a.py"],
         "tags": []}
    ) + "\n# Add a test\n\nBody.\n"  # fmt: skip
    mark = Mark(
        "done",
        (("references", "bbbbbbbbbbbb"), ("supersedes", "cccccccccccc")),
        (("superseded_by", "aaaaaaaaaaaa"),),
        ("- 2026-02-09 · Done.",),
    )
    fast = _fast_marked(text, mark, True)
    assert fast is not None
    assert frontmatter.load(fast) == {
        "id": "0123456789ab", "kind": "todo", "title": "Add a test", "status": "done",
        "supersedes": ["cccccccccccc"], "superseded_by": [],
        "references": ["src/a.py", "bbbbbbbbbbbb"], "tags": [],
    }  # fmt: skip
    assert fast.endswith("Body.\n\n## Lifecycle\n\n- 2026-02-09 · Done.\n")
    assert marked(fast, mark) == fast  # once is enough
    flow = text.replace("references:\n  - src/a.py", "references: [src/a.py]")
    assert _fast_marked(flow, mark, True) is None  # a person's flow list: round-trip YAML
    assert frontmatter.load(marked(flow, mark) or "")["references"] == ["src/a.py", "bbbbbbbbbbbb"]
