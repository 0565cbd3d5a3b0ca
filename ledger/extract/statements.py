"""The sentence of an answer that states something: what a takeaway or an answered question is.

An answer opens with many things that say nothing (`Here's what I found:`, `Done.`, a list's
lead-in, a status line, a work log); the first sentence that is none of them is its statement.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from ledger.extract import patterns as p
from ledger.extract.prose import after_label, plain, sentences, units, word_count

_LABEL = re.compile(r"^(?:[A-Z][A-Z ]{2,24}|Short answer|TL;DR|Summary|Done|Fixed)\s*[:—–-]\s+")
_BOLD_LEAD = re.compile(r"^(?:\*\*|__)[^*_]{1,60}(?:\*\*|__)[.:]?\s+(?![—–])")
"""A bold label opening a sentence (`**Client IP.** Nothing…`): not the statement itself; one
a dash goes on from is its subject (`**Tables with no primary key** — three of them: …`)."""
_STEP = re.compile(
    r"^(?:(?:step|phase|part|stage|schritt|étape|paso|passo|etapa|шаг|步骤|ステップ)\s*\d+"
    r"\s*[:.)—–-]|\d{1,2}:\d{2}\s*[:.)—–-]?)\s*",  # not `Stage 7 shuffles 210 GB`
    re.IGNORECASE,
)
"""A step's number or a time of day opening a line of a log (`Step 2:`, `10:05 added…`)."""
_ENUMERATOR = re.compile(r"^[(（]?[A-Fa-f1-9][)）]\s+")
"""The label of an item in a list (`(a) `, `2) `): not a word of what it says."""
_PATHLIKE = re.compile(r"\.[^\W\d]\w{0,4}\W*$")
"""A word ending in a file's extension (`main.rs`), not in a number's decimals (`1.74`)."""
_COMMAND_ONLY = re.compile(r"^[^`:]{1,40}:\s*`[^`]+`\W*$")
"""A short label and a command, nothing said (`本地复现压测: `npm run k6:orders``)."""
_CAUSE = re.compile(
    r"\b(?:because|since|weil|parce que|porque|perché|poiché"
    # … or a condition, granted or not (`…, даже если в тестах всё работает`)
    r"|even if|even though|although|auch wenn|selbst wenn|obwohl|même si|bien que|aunque"
    r"|incluso si|anche se|sebbene|mesmo que|embora)\b"
    r"|(?<!\w)(?:потому что|так как|даже если|хотя)(?!\w)|因为|ので|때문",
    re.IGNORECASE,
)
"""What opens a cause or a condition granted: a state said after it explains or concedes, it
reports no status."""
SYMBOLS = re.compile(r"^[^\w`\"'(\[¿¡「『“«（]+")
"""Emoji and marks opening a line (`✅ `, `📋 `): not words of a title (an opening quote or
bracket is: `「半日」という数字は…`)."""
_CATCH = re.compile(
    r"\b(?:catch|trap|gotcha|twist|caveat|snag|trampa|pega|piège|haken|trappola|pegadinha"
    r"|armadilha)\b|(?<!\w)(?:подвох|ловушка|нюанс)(?!\w)"
    # how many causes there are, or that the cause is elsewhere (`There were two causes.`,
    # `原因は2つありました`, `原因は別のところでした`)
    r"|\b(?:two|three|four|\d+) (?:causes|reasons|problems|issues|bugs)\b"
    r"|\b(?:zwei|drei|deux|trois|dos|tres|due|tre|duas|два|две|три) (?:ursachen|gründe|probleme"
    r"|causes|problèmes|causas|problemas|cause|problemi|причины|проблемы)\b"
    r"|原因は(?:[0-9一二三四五两]+つ|別)|[0-9一二三两]+(?:つの|个|個)(?:原因|问题|問題)"
    r"|(?:두|세) 가지",
    re.IGNORECASE,
)
"""What a short sentence only announces (`Sí, y ahí hay una trampa.`, `There's a catch.`, `There
were two causes.`): the statement is the next one."""
ANNOUNCING_WORDS = 8
_FOUND_IT = re.compile(
    rf"^(?:(?:lo|j'ai|l'ho) )?(?:{'|'.join(p.FOUND_IT)})\b[,;]?\s+(?:and|y|und|et|e|en|ve|i)\s+",
    re.IGNORECASE,
)
"""`Found it, and …` (`Ya lo tengo, y no es lo que pensé`): how the answer goes on to say what
it found is no finding (`…, and it's two separate bugs stacked on each other`)."""
MIN_WORDS = 5
REAL_CAUSE_SENTENCES = 8
"""How far into an answer what it says is the real cause is looked for."""
LEAD_WORDS = 4
"""A lead-in before a colon this short (`Neither, strictly: …`, `` `a.py:16`: … ``, `Kurzer
Bericht zum Ablauf: …`) is dropped."""
_LISTED = re.compile(r"\s*[,;，、；]\s*")
NAME_WORDS = 3
"""An enumeration lists names this short (`Validate, Run Rules, Build Bundle, Install to Orca`)."""


def _candidates(answer: str) -> Iterator[str]:
    """The answer's sentences, lazily: most answers state something in their first few."""
    for unit in units(answer):
        if not unit.heading:
            yield from (plain(_BOLD_LEAD.sub("", s)) for s in sentences(unit.text))


def not_a_statement(text: str, offers: bool = True) -> bool:
    """An opener, a status line, a work log, an offer, mostly paths, or a label and a command
    (`本地复现压测: `npm run k6:orders``): says nothing found. A
    person's words are no offer (`…why your seed script "worked"`): `offers` false for them."""
    words = text.split()
    paths = sum("/" in w or _PATHLIKE.search(w) is not None for w in words)
    status = p.STATUS_LINE.search(text)
    return (
        p.TAKEAWAY_OPENER.match(text) is not None
        or p.STATUS_OPENING.match(text) is not None
        # not a state given as a cause (`…because `events` is now partitioned by `user_id``)
        or (status is not None and _CAUSE.search(text, 0, status.start()) is None)
        or p.WORK_LOG.match(text) is not None
        or (offers and p.OFFER.search(text) is not None)
        or paths * 3 >= len(words)
        or "✅" in text
        or _enumeration(text)
        or _COMMAND_ONLY.match(text) is not None
    )


def _enumeration(text: str) -> bool:
    """Three or more names in a row and nothing said of them (a menu's items, a list of
    features): `Redis, Postgres and Kafka are down` says something, its last part is long."""
    parts = _LISTED.split(text.rstrip(" ."))
    return len(parts) >= 3 and all(word_count(part) <= NAME_WORDS for part in parts)


def statement(answer: str) -> str | None:
    """The first sentence of substance: past openers, lead-ins (`Two catches:`) and short
    fragments; none when that sentence is a question or says nothing found. What an answer
    says is the real cause, a few sentences on, is its statement rather than what it ruled out
    first (`My first suspect was late refunds, but… The real difference is the timezone.`)."""
    real = real_cause(answer)
    if real is not None:
        return real
    for sentence in _candidates(answer):
        text = _said(sentence)
        if text is not None:
            return None if text.endswith("?") or not_a_statement(text) else text
    return None


def real_cause(answer: str) -> str | None:
    """What an answer says, in its first sentences, is the real cause (`Das eigentliche Problem
    ist ein N+1: …`), set against one it ruled out; None when it names none."""
    if not p.REAL_CAUSE_KEYS.any_in(answer.casefold()):
        return None
    for sentence in itertools.islice(_candidates(answer), REAL_CAUSE_SENTENCES):
        text = _said(sentence) if p.REAL_CAUSE.search(sentence) else None
        if text is not None and not text.endswith("?"):
            return text
    return None


def _said(sentence: str) -> str | None:
    """What a sentence says past its labels, lead-ins and fillers; None when that is nothing
    (a short fragment, a lead-in, `Found it.`)."""
    text = _ENUMERATOR.sub("", sentence)
    text = SYMBOLS.sub("", p.FILLER.sub("", _STEP.sub("", _LABEL.sub("", text))))
    labelled = after_label(text)
    # a short lead-in, or what was done to find it (`Looked at the Spark UI: stage 7…`)
    if labelled and (word_count(labelled[0]) <= LEAD_WORDS or p.WORK_LOG.match(labelled[0])):
        text = _STEP.sub("", labelled[1])
    if word_count(text) < MIN_WORDS or text.endswith(":") or p.TAKEAWAY_OPENER.match(text):
        return None
    if word_count(text) <= ANNOUNCING_WORDS and "`" not in text and _CATCH.search(text):
        return None  # `Sí, y ahí hay una trampa.`: what follows is the catch
    if _FOUND_IT.match(text) and "`" not in text:
        return None
    return text


def summary(answer: str) -> str | None:
    """An answer's own summary (`TL;DR: …`, `Summary: …`), when it states something."""
    for sentence in _candidates(answer):
        bare = sentence.lstrip("*_ ")
        said = SYMBOLS.sub("", p.SUMMARY_LABEL.sub("", bare))
        if said != bare and word_count(said) >= 3 and not not_a_statement(said):
            return said
    return None
