"""What a later session does to earlier findings: reverse a decision, finish a todo, answer a
question, restate something already known. Pure and lexical, no model.

A session gives `Signals`: its findings (with whether each carries an explicit reversal or
answer cue) and its sentences saying something is done. `settle` matches them against the open
findings of earlier sessions of the same project and returns the `Link`s to write.

Matching is by words: titles and bodies are cut into words (casefolded, accents dropped, very
common words of each language dropped) and each word is cut to its first `STEM` letters, a crude
stemmer that works alike for English, French, German, Spanish and Portuguese (drafts/draft,
décidé/decider). An earlier finding matches when enough of its title's words appear in the
later text (`coverage`); near-misses (a shared word or two) are left alone.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ahocorasick_rs import AhoCorasick, MatchKind

from ledger.extract.prose import sentences
from ledger.models import Finding, Kind, Session

STEM = 6
"""Letters of a word kept for matching: a stemmer for every language at once."""
REVERSAL_COVERAGE = 0.5
"""Share of an earlier decision's title words a reversal sentence must name to replace it."""
DONE_COVERAGE = 0.6
"""Share of a todo's title words a "done" sentence must name to close it."""
ANSWER_COVERAGE = 0.5
"""Share of a question's words a later finding with an answer cue must name to answer it."""
RESTATE_JACCARD = 0.75
"""Title word overlap (Jaccard) of two findings of a kind that say the same thing."""
MIN_SHARED = 2
"""Fewer words in common than this is never a match, whatever the share."""

_WORD = re.compile(r"[^\W_]+")
_COMMON = (
    # English
    "the and for with that this from into now not our its are was were will would should can "
    "could have has had been being use using let lets let's we you they them then than there "
    "here what when which who why how all any some more most also just still only very about "
    "after before over under again keep kept decided decide decision previously earlier "
    # French
    "les des une pour avec dans sur par pas plus que qui est sont nous vous ils elles mais "
    "donc aussi avait avons cette ces ses leur leurs été être fait faire "
    # German
    "der die das den dem des ein eine einer und oder mit für auf aus bei nicht noch nur auch "
    "wir ihr sie ist sind war wird werden haben hat jetzt dann statt uns über überhaupt man mal "
    "von vom zum zur ins sich irgendein irgendeine irgendwas irgendwie "
    # Italian
    "che non per della delle degli nel nella sono anche come questo questa "
    # Spanish and Portuguese
    "los las una unos con para por que del como pero más ahora esta este esto estos "
    "não uma com para pelo pela mais agora isso esse essa"
)
_STOPWORDS = frozenset(_COMMON.split())

_REVERSAL = re.compile(
    r"\b(?:previously|earlier|originally|initially|before)\s+(?:we\s+)?(?:decided|chose|went|"
    r"picked|used|agreed)"
    r"|\bswitch(?:ed|ing)?\s+(?:\w+\s+){0,4}?from\b|\bmov(?:e|ed|ing)\s+(?:\w+\s+){0,3}?(?:away\s+)?from\b"
    r"|\bno\s+longer\b|\brevert(?:s|ed|ing)?\b|\broll(?:ed|ing)?\s+back\b|\binstead\s+of\b"
    r"|\breplac(?:e|es|ed|ing)\b.{1,80}\bwith\b|\bdrop(?:ped|ping)?\s+the\s+idea\b"
    r"|\bchanged?\s+(?:our|my|the)\s+mind\b|\breconsider"
    # French
    r"|\bau\s+lieu\s+d[e']|\bne\s+\w+\s+plus\b|\bon\s+avait\s+décidé"
    r"|\bnous\s+avions\s+décidé|\bremplac\w*\b|\brevenir\s+sur\b|\bdésormais\b|\bpasser\s+de\b"
    # German
    r"|\bstatt\b|\banstatt\b|\bstattdessen\b|\bnicht\s+mehr\b|\bhatten\s+(?:wir\s+)?entschieden"
    r"|\bersetz\w*\b|\bzurückgesetzt\b|\bzurückgerollt\b|\bwechseln\s+von\b|\bumgestellt\b"
    # Spanish and Portuguese
    r"|\ben\s+(?:lugar|vez)\s+de\b|\bya\s+no\b|\bhabíamos\s+decidido|\breempla\w*\b"
    r"|\bem\s+vez\s+de\b|\bnão\s+\w+\s+mais\b|\btínhamos\s+decidido|\bsubstitu\w*\b"
    r"|\bcambi(?:ar|amos|o)\s+de\b|\bmudar\s+de\b",
    re.IGNORECASE,
)
_ANSWER = re.compile(
    r"\b(?:the\s+answer\b|answer(?:ed)?\s+(?:is|to)\b|turns\s+out|it\s+is\s+because|"
    r"that's\s+because|resolved|figured\s+out|found\s+out|the\s+reason\s+is|confirmed)"
    r"|\bla\s+réponse\b|\ben\s+fait\b|\bc'est\s+parce\b|\bdie\s+Antwort\b|\bes\s+liegt\s+daran"
    r"|\bstellt\s+sich\s+heraus|\bla\s+respuesta\b|\bresulta\s+que\b|\ba\s+resposta\b"
    r"|\bacontece\s+que\b",
    re.IGNORECASE,
)
_DONE = re.compile(
    r"\b(?:done|completed?|finished|implemented|fixed|shipped|resolved|landed|merged|added)\b"
    r"|\bterminé\w*|\bfait\b|\bcorrigé\w*|\bimplémenté\w*|\bajouté\w*"
    r"|\berledigt\b|\bfertig\b|\bbehoben\b|\bumgesetzt\b|\bhinzugefügt\b"
    r"|\bhecho\b|\bterminad\w*|\blisto\b|\bcorregid\w*|\bimplementad\w*|\bfeito\b|\bconcluíd\w*",
    re.IGNORECASE,
)
_DONE_STEMS = AhoCorasick(
    ["done", "complete", "finished", "implemented", "fixed", "shipped", "resolved", "landed",
     "merged", "added", "termin", "fait", "corrig", "correg", "implém", "implementad", "ajout",
     "erledigt", "fertig", "behoben", "umgesetzt", "hinzugef", "hecho", "listo", "feito",
     "conclu"],
    matchkind=MatchKind.LeftmostFirst,
)  # fmt: skip
"""A literal part of every word of `_DONE` (a test holds this): a text that holds none is
not split into sentences for `_DONE`, which is ten times slower than this scan."""
_NOT_DONE = re.compile(
    r"\b(?:not|n't|never|yet|still|todo|to-do|later|next|should|must|need|needs|will)\b"
    r"|\bpas\s+encore\b|\bnoch\s+nicht\b|\btodavía\s+no\b|\bainda\s+não\b|\?",
    re.IGNORECASE,
)

ANSWERABLE: frozenset[Kind] = frozenset({"decision", "insight", "takeaway"})
SUPERSEDED, DONE, ANSWERED, RELATED = "superseded", "done", "answered", "related"


def _plain(word: str) -> str:
    """A word without its accents (décidé → decide), so accented and bare spellings meet."""
    if word.isascii():
        return word
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def text_words(text: str) -> frozenset[str]:
    """The matching words of a text: casefolded, common words dropped, accents removed, cut to
    `STEM` letters."""
    found = (w for w in _WORD.findall(text.casefold()) if len(w) > 2 or w.isdigit())
    return frozenset(_plain(w)[:STEM] for w in found if w not in _STOPWORDS)


words = lru_cache(maxsize=1 << 16)(text_words)
"""`text_words`, kept for the titles and sentences compared again and again (not for a long
text read once: the cache would hold it)."""


def coverage(subject: frozenset[str], text: frozenset[str]) -> tuple[float, int]:
    """How much of `subject` `text` names: (share, count) of its words found there."""
    shared = len(subject & text)
    return (shared / len(subject) if subject else 0.0), shared


def restates(x: frozenset[str], y: frozenset[str]) -> bool:
    """Two titles' `words` that say the same thing (near-identical words)."""
    shared = len(x & y)  # the size of their union is worked out, not built
    return shared > 0 and shared / (len(x) + len(y) - shared) >= RESTATE_JACCARD


def _some_shared(title: frozenset[str]) -> frozenset[str]:
    """Enough of a title's words that every title restating it names one of them: that one
    lacks at most `n - least` of the n words, so any `n - least + 1` of them will do (the
    longest, likely the rarest). Asking the priors for all of them gave every candidate that
    shares one common word: the benchmark's cold ingest compared 372,000 pairs, now 177,000."""
    n = len(title)
    if not n:
        return title
    least = next(shared for shared in range(n + 1) if shared / n >= RESTATE_JACCARD)
    return frozenset(sorted(title, key=lambda w: (-len(w), w))[: n - least + 1])


def same_subject(a: str, b: str) -> bool:
    """Two titles that say the same thing (near-identical words)."""
    return restates(words(a), words(b))


@dataclass(frozen=True, slots=True)
class Said:
    """One finding of a session as the lifecycle sees it."""

    id: str
    kind: Kind
    title: str
    file: str
    """Its file name in the session's folder."""
    reversal: str = ""
    """The sentences that reverse an earlier choice (decisions only), or empty."""
    answers: bool = False
    """Whether it carries an explicit answer cue."""
    text: str = ""
    """Title, body and quotes, for matching."""


@dataclass(frozen=True, slots=True)
class Signals:
    """What one session may do to earlier findings."""

    said: tuple[Said, ...] = ()
    done: tuple[tuple[int, str], ...] = ()
    """(turn, sentence) that say something is done."""


NO_SIGNALS = Signals()


def _reversals(text: str) -> str:
    return " ".join(s for s in sentences(text) if _REVERSAL.search(s))


def _said(finding: Finding, file: str) -> Said:
    text = " ".join([finding.title, finding.body, *(e.quote for e in finding.evidence)])
    reversal = _reversals(text) if finding.kind == "decision" else ""
    answers = finding.kind in ANSWERABLE and bool(_ANSWER.search(text))
    return Said(finding.id, finding.kind, finding.title, file, reversal, answers, text)


def _done_sentences(session: Session) -> Iterable[tuple[int, str]]:
    for turn in session.turns:
        for text in (turn.prompt, turn.answer or ""):
            if not _DONE_STEMS.find_matches_as_indexes(text.casefold()):
                continue
            for sentence in sentences(text):
                if _DONE.search(sentence) and not _NOT_DONE.search(sentence):
                    yield turn.number, sentence


def session_signals(session: Session, findings: Sequence[tuple[Finding, str]]) -> Signals:
    """The signals of a (redacted) session and its findings with their file names."""
    said = tuple(_said(f, file) for f, file in findings)
    planned = [(max(i.turn, 1), f"{i.text}: completed in the plan") for i in session.plan if i.done]
    done = [*_done_sentences(session), *planned]
    return Signals(said, tuple(dict.fromkeys(done)))


@dataclass(frozen=True, slots=True)
class Prior:
    """An open finding of an earlier session of the same project."""

    id: str
    kind: str
    title: str
    path: str
    session_id: str
    subject: frozenset[str] = field(init=False, repr=False, compare=False)
    """The title's `words`, worked out once: a prior is compared with every later finding."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "subject", words(self.title))


@dataclass(frozen=True, slots=True)
class Link:
    """What a later session does to an earlier finding."""

    old: Prior
    relation: str
    """`superseded`, `done`, `answered` (the old finding's new status) or `related`."""
    new_id: str | None
    """The later finding, or None when a sentence of the session did it."""
    quote: str = ""
    turn: int = 0


def _best(priors: Iterable[Prior], text: frozenset[str], share: float) -> Prior | None:
    """The prior whose title `text` names best, over `share` and `MIN_SHARED` words; the most
    recent (last given) on a tie."""
    best: tuple[float, int] | None = None
    chosen = None
    for prior in priors:
        score = coverage(prior.subject, text)
        need = min(MIN_SHARED, len(prior.subject))
        if score[0] >= share and score[1] >= need and (best is None or score >= best):
            best, chosen = score, prior
    return chosen


Near = Callable[[str, frozenset[str]], Sequence[Prior]]
"""The priors of a kind (open, earlier, same project) that name a word of a text, oldest first:
no other can be linked by it, and comparing each text with every prior made the lifecycle cost
as much as the project was large."""


def settle(near: Near, signals: Signals) -> tuple[Link, ...]:
    """The links a session's signals make to the priors `near` gives for their words. Each
    prior is linked at most once, by the first signal that claims it."""
    links: list[Link] = []
    taken: set[str] = set()

    def free(kind: str, text: frozenset[str]) -> list[Prior]:
        return [p for p in near(kind, text) if p.id not in taken]

    def add(link: Link) -> None:
        taken.add(link.old.id)
        links.append(link)

    for said in signals.said:
        if said.reversal:
            reversal = words(said.reversal)
            old = _best(free("decision", reversal), reversal, REVERSAL_COVERAGE)
            if old:
                add(Link(old, SUPERSEDED, said.id))
                continue
        if said.answers:
            text = words(said.text)
            old = _best(free("question", text), text, ANSWER_COVERAGE)
            if old:
                add(Link(old, ANSWERED, said.id))
                continue
        title = words(said.title)
        same = [p for p in free(said.kind, _some_shared(title)) if restates(p.subject, title)]
        if same:
            add(Link(same[-1], RELATED, said.id))
    for turn, sentence in signals.done:
        text = words(sentence)
        old = _best(free("todo", text), text, DONE_COVERAGE)
        if old:
            add(Link(old, DONE, None, sentence, turn))
    return tuple(links)
