"""The structural pass: the findings of a session that can be recognised without a model.

Pure and deterministic: the same Session always gives the same findings, in the same order.
The pattern table is data in `patterns.py`; how prose is cut into sentences is in `prose.py`;
`error_outcomes` (how each failed tool call ended) lives in `outcomes.py` and is re-exported here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import pairwise, zip_longest
from typing import Literal

from ledger.extract import languages, options, statements
from ledger.extract import patterns as p
from ledger.extract.lifecycle import text_words
from ledger.extract.outcomes import ErrorOutcome, error_outcomes
from ledger.extract.prose import (
    LABEL_SENTENCE_WORDS,
    TITLE_CHARS,
    Unit,
    after_label,
    capitalise,
    clip,
    first_sentence,
    imperative,
    plain,
    quote,
    sentences,
    shorten,
    topic_label,
    units,
    unlabelled,
    without_code,
    word_count,
)
from ledger.lazy_regex import LazyRegex
from ledger.models import (
    KINDS,
    Evidence,
    Finding,
    Kind,
    Session,
    Text,
    Turn,
    finding_id,
    is_bare_command,
)
from ledger.versions import EXTRACTOR_VERSION

__all__ = ["EXTRACTOR", "EXTRACTOR_VERSION", "ErrorOutcome", "error_outcomes", "extract_findings"]

EXTRACTOR = "structural"

Speaker = Literal["user", "assistant"]
BODY_CHARS = 700
TAKEAWAY_CHARS = 1500
MOST_BODY_CHARS = 4000
"""No finding's body is longer (a 20 MB message without a full stop is one sentence)."""
TAKEAWAYS = 2
"""At most this many takeaways per session: labelled ones first, then the final conclusion."""
TAKEAWAY_CONFIDENCE = 0.4
TAKEAWAY_MIN_CHARS = 300
"""A final answer shorter than this is a reply, not a conclusion worth keeping."""
QUESTION_CONFIDENCE = 0.5
UNANSWERED_CONFIDENCE = 0.7
PLAN_CONFIDENCE = 0.8
"""An item the agent's own plan still had open at the end: the agent said so itself."""
SAME_WORDS = 0.6
"""Titles of one kind sharing this much of their words (Jaccard) are one finding."""
_STOPWORDS = frozenset(
    {"a", "an", "the", "and", "or", "of", "to", "in", "on", "for", "with", "is", "was", "are", "be"}
    | {"it", "its", "this", "that", "we", "i", "you", "as", "at", "by", "go", "use"}
)
TERSE_WORDS = 12
"""A user decision this short gets the proposal it answers added to its body."""
PROPOSAL_WORDS = 2
"""Words a paragraph of the previous answer shares with a terse decision to be its proposal."""
_REPLY = "\n\nIn reply to turn "
_MIN_TITLE_WORDS = 2
_TERSE_WORDS = 4
"""An answer this short (`Use 1 hour`) states nothing without the question it answers."""
_MIN_QUESTION_WORDS = 5
TOPIC_WORDS = 2
"""A question this short names only what it is about (`allocator?`): the answer says what of it."""
_FIRST_CLAUSE = re.compile(r"[;,:—–]")
"""Where a clause ends, for how much of it a cue leaves."""
_MIN_TODO_WORDS = 3
"""Words of work before a clause that says it was not done, for that clause to be left out."""
WORK_SENTENCES = 3
"""A todo item's work is looked for in this many sentences from its first."""
WORK_CHARS = 30
"""The least room a todo's work needs beside how things stand (`Needs a run on the Steam Deck`)."""
_SAME_START = 4
"""Letters that make two words the same word when a session comes back to what it left."""
_TAKEN_UP_WORDS = 2
"""Of the words a thing left is said in, how many at least a session names coming back to it
(`zusagen` and `zusammen` start alike)."""
_LEFT_WORDS = frozenset((
    "isn", "aren", "hasn", "have", "didn", "does", "wasn", "were", "yet", "miss", "noch", "nich",
    "fehl", "pas", "enco", "manq", "toda", "aun", "falt", "anco", "aind", "еще", "пока",
))  # fmt: skip
"""The starts of the words that say a thing is left (`isn't … yet`, `noch nicht`): not what
the thing is, so not what a session coming back to it names."""
_CHOOSER = re.compile(r"^(?i:I|we)(?:'ll| will)? (?=[a-z])(?!(?:think|guess|suspect)\b)")
"""Who made a choice (`I pin the time zone…`): the title says what was chosen (`Pin the…`)."""
_SPEAKER_LEFT = re.compile(
    r"[,\s]+(?:I|we|ich|wir|je(?: n'ai| n')?|nous|yo|io|eu|я|мы)\s*$", re.IGNORECASE
)
"""Who did not verify, left at the end when a marker that says so is cut off (`Whether the
client retries, I` of `…, I couldn't confirm`)."""
_MARKER = re.compile(r"^(?:\d{1,2}[.)]|[-*•])\s+")
"""A list marker left inside a sentence (`Next steps: 1) Share…`)."""
_CLAUSE_START = re.compile(r"[:;]\s+|\s[—–]\s+|(?<=\w[.!?])\s+")
"""Where a clause starts inside a sentence (a sentence the splitter kept whole, `passt. wir
bleiben bei…`, too): a title never keeps what comes before its cue's."""
DEFERRED_CONFIDENCE = 0.7
ANNOUNCED_CONFIDENCE = 0.5
_MIN_ANNOUNCED_WORDS = 5
_ANNOUNCED_REST = re.compile(r"\s*(?:[:,—–-]\s+|[，：]\s*)")
"""What follows an announcement in its own sentence (`Found it: the TZ is unset`)."""
LISTED_QUESTION_CONFIDENCE = 0.55
PASTED_CHARS = 3000
DIRECTIVE_CONFIDENCE = 0.6
PICK_OVERLAP = 24
"""Letters of a pick's sentence that a decision said in the person's own words starts with."""
ABOUT_LETTERS = 4
"""Letters a word of a question has at least to name what it asks about (`Oban`, not `we`)."""
ACKNOWLEDGED_CONFIDENCE = 0.55
ACKNOWLEDGED_WORDS = 40
"""A reply this short the answer restates as settled: the answer to the agent's question."""
_ROUGH_STOP = re.compile(r"(?<=[.!?])\s+")
REPLY_SENTENCES = 3
"""Of a reply, the sentences that may say the person does not know what the agent asked."""
ACKNOWLEDGED_CHARS = 400
"""Of an answer's opening, what a restatement of what was settled is looked for in."""
DIRECTIVE_WORDS = 20
CHOSEN_CONFIDENCE = 0.5
SET_TO_WORDS = 10
"""A value set in more words than this is said of something, not set (`_set_to`)."""
CHANGES_ITEMS = 4
"""A list of what was changed longer than this is a changelog: its items are steps, not choices."""
_MIN_CHANGE_WORDS = 4
RECAP_WORDS = 2
"""Words a listed decision shares with one made before to be that one, said again."""
PICKED_CONFIDENCE = 0.6
"""An option of the answer the person picks by its label (`go with 2`)."""
WEIGHED_CONFIDENCE = 0.55
CHOSEN_SENTENCES = 3
"""The first sentences of a reply that may hold the choice it makes."""
CHOICE_CHARS = 1000
"""How much of an answer's end is read for the choice it leaves the person."""
_STEM = 5
_SENTENCE_END = re.compile(r"[.!?\n]")
_DIGIT = re.compile(r"\d")
_NUMBERED_BOLD = re.compile(
    r"^[ \t]*(?:\*\*[ \t]*\d{1,2}[.)][ \t]*|\d{1,2}[.)][ \t]+\*\*)(?P<rest>\S.*)$", re.M
)
"""A numbered line that opens in bold, its number inside the bold or before it (`**1. `-s` is
claimed twice.** …`, `2. **clap 4.5 requires rustc 1.74.** …`)."""
LISTED_CAUSES = 4
"""At most this many things an answer lists as found, each an insight: more is a report."""
ANSWER_CONFIDENCE = 0.45
"""The statement of an answer to the person's question: found out, but in the agent's words."""
DIAGNOSE_CHARS = 1500
"""How much of a prompt is read for a request to find out what is wrong: what the person typed
before any log they pasted (`DEBUG` in a trace asks nothing)."""
_LEAD_IN_WORDS = 6
"""A title ending in a colon this short introduces what was found (`Что выяснилось по файлам:`)."""
_INNER_DOT = re.compile(r"\.(?=\w)")
_BACK_WORDS = 10
"""A closing `Should we…?` shorter than this that points back gets the sentence before it."""
_LEFT_OPEN_WORDS = 2
"""Words an answer's "I can't tell you…" shares with a question to leave that one open."""
GUESS_SENTENCES = 3
"""A person's guess is looked for in the first sentences of their prompt."""
AGREED_CONFIDENCE = 0.5
"""A guess of the person's that the answer only calls plausible: still a guess."""
PICKED_WORDS = 8
"""At most this many words open an answer that picks one of the alternatives asked about."""
UNMARKED_CHARS = 300
"""A prompt this short may ask without its question mark; a longer one was written with care
(or pasted), and looking through it for one costs (8 % of the pass on the synthetic corpus)."""
UNVERIFIED_CONFIDENCE = 0.5
NOT_DONE_CONFIDENCE = 0.55
_CONTRAST = re.compile(
    r"[,;]?\s+(?:but|though|although|aber|doch|mais|pero|aunque|mas|porém|ma|però|но|однако"
    r"|але|проте|maar|men|ale|ama|fakat|хотя|хоча|obwohl|même si|anche se|embora)\s+"
    r"|\s[—–]\s|;\s|，?(?:但是|但|不过|不過)|(?:ですが|けど|が)、?",
    re.IGNORECASE,
)
"""Where a guess and what is said of it part (`…in opposite order but havent proven it`)."""
_JUDGEMENT = re.compile(r"\b(?:fine|ok|okay|good|safe|ready|enough|done|worth)\b", re.IGNORECASE)
"""A hedged verdict (`Probably fine to merge, though I haven't tested it`): not a guess of why."""
_REASON = re.compile(
    r"\b(?:because|since|instead|rather than|not|can't|cannot|won't|so that)\b|^(?:we're|we are)",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class _Hit:
    """One recognised sentence, before hits of the same finding are merged."""

    kind: Kind
    title: str
    body: str
    turn: int
    quote: str
    confidence: float
    speaker: Speaker = "assistant"
    said_at: int | None = None
    """Found by a row that holds before the closing report only for what is left open: the
    index of its message, whose followers must not come back to it (`_not_taken_up`)."""
    recap: bool = False
    """An item of a list of the choices or changes made: maybe one made before, said again."""


@dataclass(slots=True)
class _Message:
    turn: int
    speaker: Speaker
    text: str
    closing: bool = False
    command: bool = False
    """Said in reply to a slash command (`/recover-from-checkpoint`): a canned workflow's report."""
    taken_up: bool = False
    """The agent's words, replied to by a prompt that does not turn them down (`No, …`)."""
    choice: frozenset[str] = frozenset()
    """The person's words: the stems of the choice the answer they reply to left them
    (`_choice_left`), none when it left them no choice."""
    replies_to: str = ""
    """The person's words: the answer they reply to."""
    index: int = 0
    """Its place among the session's messages."""
    then: tuple[str, ...] = ()
    """What the tool calls made after it, before the next message, were given (their details)."""
    left_asked: bool = False
    """The agent's words, in answer to a prompt asking what is left to do (`p.LEFT_ASKED`): the
    items of its lists that no heading names are work left."""

    @property
    def pasted(self) -> bool:
        """A prompt too long to be typed: a template or instructions pasted or injected (an agent
        persona's `NEVER break character`), not the person's own decisions."""
        return self.speaker == "user" and len(self.text) > PASTED_CHARS


def _closing_turn(session: Session) -> Turn | None:
    """The turn that ends the session, past trailing bare commands (`/exit`) that got no answer."""
    for turn in reversed(session.turns):
        if turn.answer is not None or not is_bare_command(turn.prompt):
            return turn
    return None


def _messages(session: Session) -> list[_Message]:
    messages = list(_each_message(session))
    for index, message in enumerate(messages):
        message.index = index
    return messages


def _each_message(session: Session) -> Iterator[_Message]:
    closing = _closing_turn(session)
    replies = [turn.prompt for turn in session.turns[1:]] + [""]
    before: Turn | None = None
    for turn, reply in zip(session.turns, replies, strict=True):
        last = turn is closing
        texts: list[tuple[str, list[str]]] = [("", [])]  # the prompt, then each text of the answer
        for step in turn.steps:
            if isinstance(step, Text):
                texts.append((step.text, []))
            else:
                texts[-1][1].append(step.detail)
        yield _Message(turn.number, "user", turn.prompt, last, choice=_choice_left(before),
                       replies_to=(before.answer or "") if before else "",
                       then=tuple(texts[0][1]))  # fmt: skip
        before = turn
        command = turn.prompt.startswith("/")
        left = _asks_what_is_left(turn.prompt)
        taken_up = bool(reply.strip()) and not is_bare_command(reply) and not p.REFUSAL.match(reply)
        for i, (text, calls) in enumerate(texts[1:], start=1):
            closes = last and i == len(texts) - 1
            yield _Message(turn.number, "assistant", text, closes, command, taken_up,
                           then=tuple(calls), left_asked=left)  # fmt: skip


def _asks_what_is_left(prompt: str) -> bool:
    """Whether a prompt asks what is left to do (`p.LEFT_ASKED`), in a sentence it ends with `?`,
    or orders it listed (`残ってることまとめて`)."""
    if not p.LEFT_ASKED_KEYS.any_in(prompt.casefold()):
        return False
    if p.LEFT_LISTED.search(prompt):
        return True
    asked = p.LEFT_ASKED.search(prompt)
    end = _SENTENCE_END.search(prompt, asked.end()) if asked else None
    return end is not None and end.group() == "?"


def _choice_left(turn: Turn | None) -> frozenset[str]:
    """The word stems of the end of a turn's answer, and of the person's question, when the
    answer leaves the person a choice (options, a trade-off, `A or B?`), or the person had
    asked which of two to take; else nothing."""
    if turn is None or turn.answer is None:
        return frozenset()
    end = turn.answer[-CHOICE_CHARS:]
    asked = (
        [q for q in _questions(turn.prompt) if p.WHICH_OF.search(q)] if "?" in turn.prompt else []
    )
    put = (p.CHOICE_KEYS.any_in(end.casefold()) and p.CHOICE_PUT.search(end)) or (
        ("?" in end or "？" in end)
        and any(p.WHICH_OF.search(q) and not p.OFFER.search(q) for q in _questions(end))
    )
    return _stems(" ".join([end, *asked])) if asked or put else frozenset()


def _stems(text: str) -> frozenset[str]:
    """The first letters of a text's longer words: the same word however it is inflected
    (`workers`/`worker`, `репликацию`/`репликация`)."""
    return frozenset(
        w[:_STEM] for w in re.findall(r"\w{4,}", text.casefold()) if w not in p.NOT_IMPERATIVE
    )


def _chosen(message: _Message, unit: Unit, taken: set[str]) -> Iterator[_Hit]:
    """The person's orders in reply to an answer that left them a choice, naming what it was
    about (`Options: raise the limit, or go back to 2 workers.` → `don't bump memory. go back to
    2 workers`): the choice made; not a question, nor a request for work (`write a summary`),
    nor a sentence a row read already (its quote `taken`)."""
    if not message.choice or message.pasted:
        return
    for sentence in sentences(unit.text)[:CHOSEN_SENTENCES]:
        if quote(sentence) in taken:
            continue
        text = p.FILLER.sub("", plain(sentence))
        words = text.split()
        first = words[0].casefold().strip(",.:;!") if words else ""
        if text.endswith("?") or first in p.NOT_IMPERATIVE or first in p.TASK_VERBS:
            continue
        if p.AGAIN.search(text):
            continue  # `Try the deploy again from here`: work done over, no choice
        if p.WORK_LOG.match(text):
            continue  # `Applied in prod an hour ago btw`: done, told, not ordered
        if p.REASON_NEXT.search(text) and not p.REASON_NEXT.match(text):
            continue  # `Login being down is worse than…`: why, said of a choice before it
        if _told(text):
            continue  # `audit_events is append-only, nothing updates it`: what is, not an order
        if not 3 <= word_count(text) <= DIRECTIVE_WORDS:
            continue
        if not _stems(text) & message.choice:
            continue
        yield _Hit("decision", _tidy(text), text, message.turn, quote(text), CHOSEN_CONFIDENCE,
                   "user")  # fmt: skip


def _set_to(message: _Message, unit: Unit, taken: set[str]) -> Iterator[_Hit]:
    """A value the person sets in a few words, of a kind the answer they reply to named (`TTL
    для кэша 10 минут` after minutes, `0.9 für 15 Minuten` after `… für 10 Minuten`, `ok 10ms,
    do it` after `10 ms is safe`): the choice made; not in a sentence a row read (`taken`)."""
    if message.speaker != "user" or not message.replies_to or message.pasted:
        return
    if _DIGIT.search(unit.text) is None or p.VALUE.search(unit.text) is None:
        return  # most prompts: no value set, the answer need not be read
    units_said = {_unit_of(m) for m in p.VALUE.finditer(message.replies_to[-CHOICE_CHARS:])}
    if not units_said:
        return
    for sentence in sentences(unit.text)[:CHOSEN_SENTENCES]:
        if quote(sentence) in taken:
            continue
        text = p.FILLER.sub("", plain(sentence))
        if text.endswith("?") or word_count(text) > SET_TO_WORDS or p.WORK_LOG.match(text):
            continue
        value = p.VALUE.search(text)
        if value is not None and _unit_of(value) in units_said and not _told(text):
            yield _Hit("decision", _tidy(text), text, message.turn, quote(text), CHOSEN_CONFIDENCE,
                       "user")  # fmt: skip
            return


def _told(text: str) -> bool:
    """Whether a sentence of the person's says how things are (`audit_events is append-only,
    …`, `Disk on ledger-db-01 is 500GB`) rather than orders: a verb of being in its first clause,
    after its first word, with no order in a clause after it (`tmp_import_rows is scratch,
    leave it out of the publication` orders)."""
    first_word = len(text.split(" ", 1)[0])
    stated = p.STATED.search(text, first_word, len(_FIRST_CLAUSE.split(text, 1)[0]))
    return stated is not None and p.ORDER_CLAUSE.search(text, stated.end()) is None


def _unit_of(value: re.Match[str]) -> str:
    """The kind of a value's unit (`ms`, `Minuten` and `min` are all of time)."""
    unit = value["unit"].casefold()
    return next((kind for kind, words in p.UNIT_KINDS.items() if unit in words), unit)


def _reply_takes(message: _Message, accepts: bool) -> _Hit | None:
    """What the person's reply takes from the answer before it: an option it picks, else, when
    the reply has words of yes (`accepts`), a proposal it says yes to by name."""
    if not message.replies_to or message.pasted:
        return None
    return _option_picked(message) or (_said_yes_to(message) if accepts else None)


def _option_picked(message: _Message) -> _Hit | None:
    """The option of the answer replied to that the reply opens by picking (`ok, go with 2`,
    `B please`, `la segunda`): the choice made, titled by what that option says."""
    opening = options.opening(message.text)
    if len(opening.split()) > options.PICK_WORDS:
        return None  # most prompts: a longer sentence than any pick, not looked at further
    option = options.picked(p.FILLER.sub("", plain(opening)), message.replies_to)
    if option is None:
        return None
    return _taken(message, plain(opening), plain(option.text), option.headline, PICKED_CONFIDENCE)


def _said_yes_to(message: _Message) -> _Hit | None:
    """What the reply's opening says yes to by naming it (`Ja, thumbnails.`, `Va pour ETS.`):
    the choice made, titled by the option or the proposal of the answer that it names."""
    found = options.accepted(message.text, message.replies_to)
    if found is None:
        return None
    sentence, choice = found
    return _taken(message, sentence, choice, choice, CHOSEN_CONFIDENCE)


def _taken(message: _Message, said: str, taken: str, title: str, confidence: float) -> _Hit:
    """The person's decision to take what the answer before offered (`taken`), in their words
    (`said`), titled by what it is."""
    body = f"{said}{_REPLY}{message.turn - 1}: {clip(taken, BODY_CHARS)}"
    return _Hit("decision", _tidy(title), body, message.turn, quote(said), confidence, "user")


def _title(sentence: str, match: re.Match[str], pattern: p.Pattern) -> str:
    """A short title: the marker replaced by the pattern's lead when it opens the sentence."""
    starts = [m.end() for m in _CLAUSE_START.finditer(sentence, 0, match.start())]
    after_comma = sentence[max(match.start() - 2, 0) : match.start()] in (", ", "; ")
    if after_comma and len(plain(sentence)) > TITLE_CHARS:
        starts.append(match.start())  # `…, voy con un único bucket…`: too long, from the cue
    text = sentence[starts[-1] :] if starts and pattern.title == "sentence" else sentence
    if pattern.title == "after":
        before = p.FILLER.sub("", plain(sentence[: match.start()]))
        rest = sentence[match.end() :]
        # not when the cue leaves one word of its clause (`Te tłumaczenia trzeba jeszcze
        # uzupełnić; …`): what it is about was said before it
        alone = word_count(before) > 0 and word_count(_FIRST_CLAUSE.split(rest, 1)[0]) < 2
        # a row with a lead matches only where a clause starts: what came before is another one
        short = word_count(before) <= p.LEAD_WORDS or len(plain(sentence)) > TITLE_CHARS
        if (short or pattern.lead) and not alone:
            # a verb put in place of who did not do it: `Test it on Windows`, without its `yet`
            text = pattern.lead + (p.TRAILING_YET.sub(r"\1", rest) if pattern.lead else rest)
    if pattern.kind == "decision":
        text = p.PROPOSAL.sub("", p.FILLER.sub("", plain(text)))
    elif pattern.kind == "todo":
        text = _before_not_done(text)
        if pattern.title == "after":
            # what follows a cue, said as work to do (`Consider adding an index` → `Add an index`)
            text = imperative(p.FIRST_CLAUSE_MODAL.sub(r"\1", text))
    elif pattern.kind == "hypothesis":
        # `Could it be that the token expires…?` states a guess
        text = _before_aside(text.rstrip("? "))
    elif pattern.kind == "question":
        text = _still_asked(text)
        if unknown := p.UNKNOWN_TAIL.search(text):
            text = text[: unknown.start()] + "?"  # `…, ninguém sabe`: what is asked
    return _tidy(text)


def _before_aside(text: str) -> str:
    """A guess or a question without what follows its `;` (`…round trip per batch; I did not
    measure it`), nor the clause that says it is not verified (`…, mais je n'ai pas encore pu le
    vérifier`): an aside of the speaker's, when the clause before says enough on its own."""
    clause, semicolon, _ = text.partition("; ")
    if semicolon and word_count(clause) >= _MIN_QUESTION_WORDS:
        return clause
    unverified = p.UNVERIFIED_KEYS.any_in(text.casefold()) and p.UNVERIFIED.search(text)
    if unverified:
        clause = _clause_before(text, unverified).rstrip(" ,;:—–-")
        if word_count(clause) >= _MIN_QUESTION_WORDS:
            return clause
    return text


def _still_asked(text: str) -> str:
    """A question without its aside (`_before_aside`), still asked."""
    clause = _before_aside(text)
    return clause if clause == text else f"{clause.rstrip(' ,;:.')}?"


def _tidy(text: str) -> str:
    """Emphasis, opening fillers, first person (`I found that`) and labels (`Title:`) dropped,
    a question's lead-in (`One thing: should…?`) too."""
    text = p.FIRST_PERSON.sub(
        "", p.FILLER.sub("", _MARKER.sub("", statements.SYMBOLS.sub("", plain(text))))
    )
    text = p.FOUND_OUT.sub("", text)
    text = first_sentence(p.TITLE_LABEL.sub("", text))
    labelled = after_label(text) if text.endswith("?") else None
    if labelled and word_count(labelled[1]) >= _MIN_QUESTION_WORDS - 1:
        text = labelled[1]
    return capitalise(text)


def _body(kind: Kind, rest: list[str], sentence: str) -> str:
    """The sentence, with what follows it when that says why (decisions) or explains (others)."""
    if kind == "decision":
        following = rest[:1] + [s for s in rest[1:2] if _REASON.search(s)]
        return plain(" ".join([sentence, *(s for s in following if not s.endswith("?"))]))
    if kind == "todo":
        return plain(" ".join([sentence, *rest]))
    return clip(plain(" ".join([sentence, *rest])), BODY_CHARS)


def _match(
    message: _Message, sentence: str, keys: set[str]
) -> tuple[p.Pattern, re.Match[str], float] | None:
    """The first row of the table that matches the sentence outside `code`, for this speaker."""
    lower = sentence.casefold()
    spaced = languages.spaced(lower)
    present = {key for key in keys if key in spaced}
    if not present:
        return None
    asked = sentence.rstrip("*_ ").endswith("?")
    no_decision: bool | None = message.pasted or asked or None
    # a dot inside a word (`terraform.tfstate`, `1.80`, `z.B`) ends no clause of a row's: the
    # same text, as long, with such dots as dot leaders
    read = _INNER_DOT.sub("\u2024", sentence) if "." in sentence else sentence
    rows = languages.rows_for(present)
    for pattern in rows:
        confidence = _reads(pattern, message)
        if confidence is None:
            continue
        if pattern.kind in ("insight", "takeaway", "todo") and asked:
            continue  # `Tu peux me dire d'où ça vient ?`, `…是否还需要导出？`: asked, not found
        if pattern.kind == "decision":
            if no_decision is None:  # looked for once, and only where a decision row applies
                no_decision = p.UNSURE_KEYS.any_in(lower) and p.UNSURE.search(sentence) is not None
            if no_decision:
                continue  # `Usiamo Redis?`, `Je ne sais pas si on garde…`: not yet a decision
        match = pattern.regex.search(read)
        if match and sentence.count("`", 0, match.start()) % 2 == 0:
            if pattern.kind == "insight":
                return _hedged(message, read, match, rows) or (pattern, match, confidence)
            return pattern, match, confidence
    return None


def _hedged(
    message: _Message, read: str, found: re.Match[str], rows: list[p.Pattern]
) -> tuple[p.Pattern, re.Match[str], float] | None:
    """A hypothesis row that matches before what an insight row found: the guess governs the
    sentence (`Sospecho que ahí la causa es otra: …` is a guess about the cause)."""
    for pattern in rows:
        confidence = _reads(pattern, message) if pattern.kind == "hypothesis" else None
        if confidence is None:
            continue
        match = pattern.regex.search(read)
        if match and match.start() < found.start() and read.count("`", 0, match.start()) % 2 == 0:
            return pattern, match, confidence
    return None


def _reads(pattern: p.Pattern, message: _Message) -> float | None:
    """The confidence a row gives what it finds in this message; None when it does not read it
    (not this speaker's, the closing report's only, or a reply's only)."""
    confidence = pattern.user if message.speaker == "user" else pattern.assistant
    if confidence is None or (pattern.scope == "end" and not message.closing):
        return None
    if pattern.scope == "replied" and message.speaker == "assistant" and not message.taken_up:
        return None
    return confidence


def _sentence_hits(message: _Message, unit: Unit, keys: set[str]) -> Iterator[tuple[int, _Hit]]:
    """What the table's rows find in a unit: each hit with the place of its sentence."""
    lower = unit.text.casefold()
    spaced = languages.spaced(lower)
    keys = {key for key in keys if key in spaced}
    if not keys:
        return  # most paragraphs: no row of the table can match, no need to split them
    parts = sentences(unit.text)
    for i, sentence in enumerate(parts):
        if sentence[:1] >= "\u2190":  # an arrow, a dingbat or an emoji first: not read
            sentence = p.LEADING_SYMBOLS.sub("", sentence)
        found_in = keys
        if "**" in sentence or "__" in sentence:  # `**Pendiente**:`, `did **not**`: as read
            sentence = plain(sentence)
            found_in = languages.keys_in(sentence.casefold())
        found = _match(message, sentence, found_in)
        if found is None:
            continue
        pattern, match, confidence = found
        title = _title(sentence, match, pattern)
        if word_count(title) < _MIN_TITLE_WORDS or _says_nothing(title, pattern.kind):
            continue
        ends_in_colon = title.endswith(":") or sentence.rstrip("*_ ").endswith(":")
        lead_in = ends_in_colon and word_count(title) <= _LEAD_IN_WORDS
        if lead_in and pattern.kind != "decision":
            # `Что выяснилось по файлам:`, `Offen bleibt aus meiner Sicht:`: a lead-in, what it
            # found or left follows (a choice before its reasons stays: `I'd use 1 hour:`)
            continue
        labelled = pattern.title == "after" and pattern.kind in ("takeaway", "insight")
        # a person's `you` is the agent (`In hindsight I should have asked you`); the agent's,
        # in what it labels, anyone (`Takeaway: the cost is how much you parse per probe`)
        offers = message.speaker == "user" and pattern.kind == "takeaway"
        if labelled and statements.not_a_statement(title, offers):
            continue  # `TL;DR: tests pass`, `Confirmed: all 48 pass`: a status line, labelled
        if (labelled or pattern.kind in ("todo", "question")) and p.OFFERED.search(title):
            continue  # `Next steps: happy to add a benchmark`: an offer, not work left
        open_only = pattern.scope == "open" and not message.closing
        if open_only and p.DOING_NEXT.search(sentence):
            continue  # `The pagination is still missing; adding it now`: taken up at once
        if pattern.kind == "todo" and _points_back(title):
            continue  # `…; je ne les ai pas encore ajoutés`: the work is before (`_left_undone`)
        asked_next = i + 1 < len(parts) and parts[i + 1].rstrip("*_ ").endswith("?")
        if pattern.kind == "todo" and asked_next and word_count(title) < _MIN_TODO_WORDS:
            continue  # `Nog open: de retentie. Moeten partities…?`: what is open is asked next
        body = _body(pattern.kind, parts[i + 1 :], sentence)
        yield i, _Hit(pattern.kind, title, body, message.turn, quote(sentence), confidence,
                   message.speaker, message.index if open_only else None)  # fmt: skip


def _not_done_in(text: str) -> re.Match[str] | None:
    """Where a text says its speaker did not do the work (`p.NOT_DONE`), if it does."""
    return p.NOT_DONE.search(text) if p.NOT_DONE_KEYS.any_in(text.casefold()) else None


def _points_back(sentence: str) -> bool:
    """A sentence that only says its speaker did not do the work, named before it (not a label
    of what is not done: `还没做：…`)."""
    done = _not_done_in(sentence)
    if done is None or sentence[done.end() :].lstrip().startswith(":"):
        return False
    if p.WHERE_NOT_DONE.match(sentence, done.end()):
        return False  # `Ainda não testei no Windows`: where it is still to be done
    return word_count(_clause_before(sentence, done)) < _MIN_TODO_WORDS


def _before_not_done(text: str) -> str:
    """Work without the clause after it that says it was not done (`Der Uploader braucht noch
    Retries; die habe ich noch nicht eingebaut` → `Der Uploader braucht noch Retries`)."""
    done = _not_done_in(text)
    if done is None or not any(_CONTRAST.finditer(text, 0, done.start())):
        return text  # `…はまだ書いていないので…`: the work's own verb, not a clause of its own
    clause = _clause_before(text, done).rstrip(" ,;:—–-")
    return clause if word_count(clause) >= _MIN_TODO_WORDS else text


def _says_nothing(title: str, kind: Kind) -> bool:
    """A few words that say there is nothing (`Offen: keine.`); not a choice or a rule that
    rules a thing out (`Entschieden: kein ORM, reines SQL`, `Merke: Keine Zeitstempel in
    Cache-Keys`)."""
    ruling = kind in ("decision", "takeaway")
    return bool(p.NOTHING.match(title)) and (not ruling or word_count(title) <= 2)


def _section_kind(
    message: _Message, unit: Unit, changelogs: frozenset[str] | None
) -> tuple[Kind, float] | None:
    """Items under `Follow-ups` are todos; under `Next steps`, or unchecked, only at the end;
    under `Decisions` decisions, under `Findings` insights, under `Lessons` takeaways, under `What
    I did` the decisions among the changes (not in a long changelog). A paragraph under
    `Findings`, `Lessons` or `Design choice` is read as its item would be."""
    if unit.checkbox is True or unit.heading:
        return None
    # a lead-in that names no kind (`Two failures, chained:`) leaves it to the heading above
    headed = _headed(unit.section) or _headed(unit.under)
    found: tuple[Kind, float] | None = None
    if not unit.item:
        if unit.text.endswith(":"):  # a lead-in (`Here is what I found:`), not a finding
            return None
        if "findings" in headed:
            found = "insight", p.FINDINGS_SECTION_CONFIDENCE
        elif "takeaways" in headed:
            found = "takeaway", p.TAKEAWAY_SECTION_CONFIDENCE
        elif "decisions" in headed:
            found = "decision", p.DECISION_SECTION_CONFIDENCE
        elif "hypotheses" in headed:
            found = "hypothesis", p.HYPOTHESIS_SECTION_CONFIDENCE
    elif "todos" in headed:
        found = "todo", p.SECTION_CONFIDENCE
    elif "decisions" in headed:
        found = "decision", p.DECISION_SECTION_CONFIDENCE
    elif "findings" in headed or "causes" in headed:
        found = "insight", p.FINDINGS_SECTION_CONFIDENCE
    elif "takeaways" in headed:
        found = "takeaway", p.TAKEAWAY_SECTION_CONFIDENCE
    elif "hypotheses" in headed:
        found = "hypothesis", p.HYPOTHESIS_SECTION_CONFIDENCE
    elif message.closing and "next steps" in headed:
        found = "todo", p.NEXT_STEPS_CONFIDENCE
    elif (
        message.left_asked
        and not headed - {"counted"}
        and not p.QUESTION_SECTION.match(unit.section)
        and not p.WORK_LOG.match(plain(unit.text))
    ):
        found = "todo", p.SECTION_CONFIDENCE  # in answer to `what's left?`: what is left
    elif "counted" in headed:
        found = "insight", p.FINDINGS_SECTION_CONFIDENCE
    elif (
        "changes" in headed
        and changelogs is not None
        and unit.section not in changelogs
        and _how_it_works(unit.text)
    ):
        found = "decision", p.CHANGES_CONFIDENCE
    elif message.closing and unit.checkbox is False:
        found = "todo", p.CHECKBOX_CONFIDENCE
    return None if found is None or p.OFFERED.search(unit.text) else found


_HEADINGS = {
    "todos": (p.FOLLOW_UP_SECTION, p.DEFERRED_SECTION),
    "decisions": (p.DECISION_SECTION,),
    "findings": (p.FINDINGS_SECTION,),
    "causes": (p.CAUSES_LEAD,),
    "takeaways": (p.TAKEAWAY_SECTION,),
    "hypotheses": (p.HYPOTHESIS_SECTION,),
    "counted": (p.COUNTED_LEAD,),
    "next steps": (p.NEXT_STEPS_SECTION,),
    "changes": (p.CHANGES_SECTION,),
}


def _how_it_works(item: str) -> bool:
    """Whether a change the agent lists says how the system now works (`Status is only written
    when it differs`), not a step of the work (`CRD regenerated`, `Added a regression spec`,
    `File: opk/cli/main.py`)."""
    said = plain(unlabelled(sentences(item)[0]))
    return (
        word_count(said) >= _MIN_CHANGE_WORDS
        and not p.ROUTINE_CHANGE.search(said)
        and not statements.not_a_statement(said, offers=False)
    )


def _changelogs(paragraphs: tuple[Unit, ...]) -> frozenset[str]:
    """The headings of a message over more changes than a list of choices holds."""
    counted = Counter(unit.section for unit in paragraphs if unit.item)
    return frozenset(section for section, items in counted.items() if items > CHANGES_ITEMS)


@lru_cache(maxsize=1024)
def _headed(section: str) -> frozenset[str]:
    """What a heading (or lead-in) says its list holds: worked out once per heading, not for
    each of the paragraphs and items under it."""
    if not section:
        return frozenset()
    section = p.LEADING_SYMBOLS.sub("", section)  # `## 🐛 Cause`
    return frozenset(
        name for name, regexes in _HEADINGS.items() if any(r.match(section) for r in regexes)
    )


def _item_hit(message: _Message, unit: Unit, changelogs: frozenset[str] | None) -> _Hit | None:
    """A list item under a heading of todos, decisions or findings, not in a slash command's
    report (it echoes a file) unless the session ends on what it leaves to do (`/recover…` →
    `Open tasks`); an insight only when it states something (not `All tests pass`).
    The person's only under what they put off (`plan for next time:`)."""
    found = _section_kind(message, unit, changelogs)
    if found is None or (message.command and not (message.closing and found[0] == "todo")):
        return None
    if message.speaker != "assistant" and not p.DEFERRED_SECTION.match(unit.section):
        return None
    kind, confidence = found
    text = plain(unit.text)
    parts = sentences(unit.text)
    title = _item_title(parts[0])
    if p.NOTHING.match(title) and len(parts) > 1:
        title = _item_title(parts[1])  # `Nothing watches the buffer yet. We need a panel…`
    elif kind == "insight" and len(parts) > 1 and word_count(title) <= LABEL_SENTENCE_WORDS:
        # a finding named in a few words, then said (`**Hit rate and memory.** The load
        # balancer spreads…`)
        title = f"{title.rstrip('.')}: {_item_title(parts[1])}"
    if kind == "todo" and (
        title.endswith("?") or p.AWAITS_DECISION.search(title) or _open_beside_work(message, unit)
    ):
        # what is left open, asked (`Offen: Sollen wir auch X umstellen?`), left to someone to
        # decide (`Remediation for the overcharged changes: waiting on Maria's call`), or listed
        # as open beside the work left (`**Zu tun** … **Offen** …`)
        kind = "question"
        title = _asked_in_full(title, parts[1:]) if title.endswith("?") else title
    elif kind == "todo":
        if _unverified_guess(parts[0], text):
            return None  # a hypothesis, which `_unverified` reads
        title = _with_work(title, parts)
    if word_count(title) < _MIN_TITLE_WORDS or p.NOTHING.match(title):
        return None
    stated = kind in ("insight", "takeaway", "hypothesis")
    if stated and statements.not_a_statement(title, offers=False):
        return None  # a decision often is what was kept or done (`I kept the interface…`)
    return _Hit(kind, title, text, message.turn, quote(text), confidence, recap=kind == "decision")


def _item_title(first: str) -> str:
    """An item's title from its first sentence: with the thing it is about, when it is named in
    bold (`**Backfill of the stored proration lines**: the old `invoice_items` still carry…`,
    `**Moduły user i catalog** — nadal w Vuex…`)."""
    topic, said = topic_label(first), unlabelled(first)
    said = f"{topic}: {said.lstrip(' —–-:')}" if topic else said
    return capitalise(_MARKER.sub("", p.FILLER.sub("", plain(said))))


def _unverified_guess(first: str, item: str) -> bool:
    """Whether an item listed with the work left is a guess it says is not verified (`I'm fairly
    sure the `chrony` task conflicts…, but I couldn't verify`): not work, a hypothesis."""
    return (
        p.HEDGE.search(first) is not None
        and p.UNVERIFIED_KEYS.any_in(item.casefold())
        and p.UNVERIFIED.search(item) is not None
    )


def _with_work(title: str, parts: list[str]) -> str:
    """A todo item's title when its first sentence says how things stand and one of the next
    says the work (`The migration test has only run on the API 34 emulator. It still needs a
    run on an API 24 image…`, `… a ojo. Hay que ajustarlo con el sprite…`): the two, the work cut
    to the room left, which must be enough to say it (else the first alone, as before)."""
    if p.NEEDED.search(title):
        return title
    work = next((s for s in parts[1:WORK_SENTENCES] if _says_work(s)), None)
    room = TITLE_CHARS - len(title) - 2
    if work is None or room < WORK_CHARS:
        return title
    said = shorten(_item_title(work), room)
    first = said.split(" ", 1)[0]
    if first.isalpha() and first[1:].islower():  # `It still needs…`, not `Jenkins` or `API`
        said = said[:1].lower() + said[1:]
    return f"{title.rstrip('.')}: {said}"


def _says_work(sentence: str) -> bool:
    """Whether a sentence says what work is needed: not only that what the one before says is
    (`That should go in with this PR`)."""
    needed = p.NEEDED.search(sentence)
    return needed is not None and not p.THAT_SAID.match(sentence[: needed.start()])


def _open_beside_work(message: _Message, unit: Unit) -> bool:
    """Whether an item sits under a bare `Open` heading of a message that lists the work left
    under another (`**Zu tun**`, `**Falta fazer**`): then what is open is what is unsettled."""
    if not p.OPEN_SECTION.match(unit.section):
        return False
    return any(
        other.item and "todos" in _headed(other.section) and not p.OPEN_SECTION.match(other.section)
        for other in units(message.text)
    )


def _listed_question(message: _Message, unit: Unit) -> _Hit | None:
    """An item ending in `?`, or a paragraph's question, under a Questions heading (`Questions
    for Author`, `Frage an dich`) that is not an offer (`Welchen Ansatz bevorzugst du?`); asked
    of the person, only when the session ends on it."""
    if message.speaker != "assistant" or not p.QUESTION_SECTION.match(unit.section):
        return None
    text = plain(unit.text) if unit.item else _asked_in(plain(unit.text))
    # an item listed there asks, with or without its mark (`…がウィジェット側でも使えるかは未検証`)
    marked = text.rstrip("*_ ").endswith("?")
    asked = marked or (unit.item and word_count(text) >= _MIN_QUESTION_WORDS)
    if not asked or p.OFFER.search(text):
        return None
    if p.TO_THE_PERSON.search(unit.section) and not message.closing:
        return None  # asked of the person mid-session: the next prompt answers
    title = _item_question(text) if unit.item else _tidy(text)
    # the paragraph it is asked in says what hangs on it (`…? If so, RabbitMQ…`)
    body = text if unit.item else clip(plain(unit.text), BODY_CHARS)
    return _Hit("question", title, body, message.turn, quote(text), LISTED_QUESTION_CONFIDENCE)


def _item_question(item: str) -> str:
    """An item's question, with the sentence before it when it names what it asks about (`The
    nightly job hits real Stripe test mode. Is that intentional…?`); an item without one, what
    it says is not verified (`…がウィジェット側でも使えるかは未検証です`), else what its first
    sentence says, asked."""
    parts = sentences(item)
    at = next((i for i, sentence in enumerate(parts) if sentence.endswith("?")), None)
    if at is None:
        for sentence in parts:
            if unknown := p.UNKNOWN_TAIL.search(sentence):  # `Ob …, konnte ich nicht klären`
                return _tidy(f"{sentence[: unknown.start()]}?")
            if p.UNVERIFIED.search(sentence):
                return _tidy(sentence)
        return f"{_tidy(parts[0]).rstrip('.。')}?"
    asked = parts[at].rsplit("; ", 1)[-1]  # `I kept 180; which one is intended?`
    if at > 0 and (p.POINTS_BACK.search(asked) or word_count(asked) < _MIN_QUESTION_WORDS):
        return _tidy(_after(parts[at - 1], plain(asked)))
    return _asked_in_full(_tidy(parts[at]), parts[at + 1 :])


def _asked_in(paragraph: str) -> str:
    """The question of a paragraph under a Questions heading, with the sentence before it when
    it is short (`… weil der alte Code unscoped verwendet — Ist das gewollt?`)."""
    parts = sentences(paragraph)
    for i, sentence in enumerate(parts):
        if sentence.endswith("?"):
            short = word_count(sentence) < _MIN_QUESTION_WORDS and i > 0
            return _after(parts[i - 1], sentence) if short else sentence
    return ""


def _after(before: str, question: str) -> str:
    """A question with the sentence before it, which names what it asks about (`The nightly
    job hits real Stripe test mode — Is that intentional?`)."""
    return f"{plain(before).rstrip('.。')} — {question}"


def _plan_todos(session: Session) -> Iterator[_Hit]:
    """The items of the agent's plan (TodoWrite, update_plan) not completed when it ended; not
    the step of reporting (`Summarize`, `Informe final`) when its final answer is that report."""
    closing = _closing_turn(session)
    reported = closing is not None and closing.answer is not None
    # a plan none of whose items was ever marked done was set once and left: what the final
    # answer names of an item is what it did (`Laufzeit/RAM messen` → `Laufzeit …, Peak-RAM …`)
    stale = reported and not any(item.done for item in session.plan)
    answered = _word_starts(_not_left(closing.answer or "")) if stale and closing else frozenset()
    for item in session.plan:
        if item.done or (reported and p.REPORT_STEP.match(item.text)):
            continue
        if stale and _named_in(item.text, answered):
            continue
        state = "in progress" if item.status == "in_progress" else "pending"
        body = f"Still {state} in the agent's plan when the session ended: {item.text}"
        turn = max(item.turn, 1)
        yield _Hit("todo", capitalise(item.text), body, turn, quote(item.text), PLAN_CONFIDENCE)


def _open_questions(message: _Message, unit: Unit) -> Iterator[_Hit]:
    """`?` sentences of the closing answer that are not offers (`Want me to…?`); one per list
    item, whose later questions say what it asks in more detail."""
    if not message.closing or message.speaker != "assistant" or unit.heading:
        return
    parts = sentences(unit.text)
    for i, sentence in enumerate(parts):
        text = plain(sentence)
        if not text.endswith("?") or word_count(text) < _MIN_QUESTION_WORDS:
            continue
        if p.OFFER.search(_ours_to_decide(text)):
            continue
        # `Should we lower it to 60 seconds?` says what only with the sentence before it
        back = (
            i > 0
            and word_count(text) < _BACK_WORDS
            and p.ASKED_OF_US.search(text) is not None
            and p.POINTS_BACK.search(text) is not None
        )
        title = _tidy(_after(parts[i - 1], text) if back else sentence)
        body = clip(plain(" ".join(parts[i:])), BODY_CHARS)
        if unit.item:  # one question per item
            title = _asked_in_full(title, parts[i + 1 :])
        yield _Hit("question", title, body, message.turn, quote(sentence), QUESTION_CONFIDENCE)
        if unit.item:
            return


def _asked_in_full(question: str, rest: list[str]) -> str:
    """A short question with the next, which says in full what it asks (`Who fills it for
    existing customers? A backfill from the CRM, or by hand?`)."""
    then = plain(rest[0]) if rest else ""
    if then.endswith("?") and word_count(question) < _BACK_WORDS:
        return f"{question} {_tidy(then)}"
    return question


def _ours_to_decide(question: str) -> str:
    """A closing question without its `Should we`, when it asks what to change (`Should we
    lower it to 60 seconds?`): no offer, unless the rest offers (`…for you?`); one about going
    on (`Shall we proceed?`) stays whole, an offer."""
    opening = p.ASKED_OF_US.search(question)
    if opening is None or p.GO_ON.search(question):
        return question
    return question[opening.end() :]


def _unanswered(session: Session) -> Iterator[_Hit]:
    """The closing prompt when it asks something and the session ends before an answer."""
    closing = _closing_turn(session)
    if closing is None or closing.answer is not None:
        return
    for unit in units(closing.prompt):
        for sentence in sentences(unit.text):
            text = plain(sentence)
            if text.endswith("?") and not p.REQUEST.search(text) and word_count(text) >= 3:
                title = _tidy(text)
                yield _Hit(
                    "question", title, text, closing.number, quote(text), UNANSWERED_CONFIDENCE
                )


_GATES = {
    "announces": p.ANNOUNCED_KEYS,
    "unverified": p.UNVERIFIED_KEYS,
    "not done": p.NOT_DONE_KEYS,
    "unsure": p.UNSURE_KEYS,
    "weighs": p.ALTERNATIVE_KEYS,
    "section": p.SECTION_KEYS,
    "accepts": options.ACCEPT_KEYS,
}
"""The words that make a message worth reading for each rule beyond the cue table."""
_CUE_KEYS = frozenset(languages.KEYS)


def _gate_of() -> dict[str, frozenset[str]]:
    """Each word looked for → the rules beyond the table it opens (none for a cue key alone)."""
    gates: dict[str, set[str]] = {word: set() for word in _CUE_KEYS}
    for name, words in _GATES.items():
        for word in words.words:
            gates.setdefault(word, set()).add(name)
    return {word: frozenset(gates[word]) for word in sorted(gates)}


_GATE_OF = _gate_of()
_LOOKED_FOR = p.Words(*_GATE_OF)


def _looked_for(lower: str) -> tuple[set[str], frozenset[str]]:
    """The cue keys a (case-folded) message holds, and the rules beyond the table it has words
    for: one pass over it for them all."""
    found = _LOOKED_FOR.found_in(languages.spaced(lower))
    return found & _CUE_KEYS, frozenset().union(*(_GATE_OF[word] for word in found))


def _message_hits(message: _Message) -> Iterator[_Hit]:
    lower = message.text.casefold()
    keys, gates = _looked_for(lower)
    keys &= languages.KEYS_FOR[message.speaker == "user", message.closing]
    announces = "announces" in gates
    unverified = "unverified" in gates
    not_done = message.speaker == "assistant" and "not done" in gates
    weighs = "weighs" in gates
    asks = "?" in lower or "？" in lower or (message.speaker == "user" and "unsure" in gates)
    pick = _reply_takes(message, "accepts" in gates)
    if not (keys or message.closing or asks or announces or unverified or not_done or weighs
            or message.choice or pick or "section" in gates):  # fmt: skip
        return  # most messages: nothing any rule looks for, no need to parse them
    paragraphs = units(message.text)
    # what was changed is read under a heading the message has words for
    changelogs = _changelogs(paragraphs) if "section" in gates else None
    for unit, following in zip_longest(paragraphs, paragraphs[1:]):
        item = _item_hit(message, unit, changelogs) or _listed_question(message, unit)
        # an item under its heading is titled by its first sentence: a later one that a row
        # finds of the same kind is its detail (`…il faut 4,5:1. En attente d'une couleur…`)
        rows = list(_sentence_hits(message, unit, keys))
        if item is not None and item.kind == "insight":
            # … read by a row as work, a question or a choice (`TODO: make it configurable`):
            # not an insight for its heading
            read_as = {hit.kind for at, hit in rows if at == 0}
            item = None if read_as & {"todo", "question", "decision"} else item
        found = [hit for at, hit in rows if at == 0 or item is None or hit.kind != item.kind]
        if item is not None and not any(
            hit.kind == item.kind and word_count(hit.title) >= _MIN_TODO_WORDS for hit in found
        ):
            # … unless the row leaves a word or two of it (`…, не запускал` → `Не запускал`)
            found = [hit for hit in found if hit.kind != item.kind] + [item]
        if pick is not None and unit is paragraphs[0]:
            # `go with 2`, `Va pour ETS`: the choice is what option 2 or ETS was, not the
            # words that pick it
            found = [hit for hit in found if hit.kind != "decision" or hit.quote != pick.quote]
            # unless the person says what they chose in their own words, in the sentence that
            # picks (a decision of a later sentence is another one: `…, A logs_whatsapp pode
            # dropar`)
            opening = pick.quote[:PICK_OVERLAP]
            if not any(hit.kind == "decision" and opening in hit.quote for hit in found):
                found.append(pick)
        yield from found
        if not (unit.item and any(hit.kind == "question" for hit in found)):
            yield from _open_questions(message, unit)  # one question per item
        if asks:
            yield from _deferred(message, unit)
        if not any(hit.kind == "decision" for hit in found):
            made = list(_reasoned(message, unit))
            if weighs and not made:
                made = list(_weighed(message, unit))
            # … a choice the person makes in a sentence no row read (`own cron for now. …, I'll
            # ask Sam whether…`)
            taken = {hit.quote for hit in found}
            yield from made or (
                list(_chosen(message, unit, taken)) or _set_to(message, unit, taken)
            )
        if announces and not any(hit.kind == "insight" for hit in found):
            yield from _announced(message, unit, following)
        if unverified and not any(hit.kind == "hypothesis" for hit in found):
            yield from _unverified(message, unit)
        if not_done and not any(hit.kind == "todo" for hit in found):
            yield from _left_undone(message, unit)


def _takeaways(session: Session, hits: list[_Hit]) -> Iterator[_Hit]:
    """The conclusion of the session's final answer, when no labelled takeaway or insight of
    that turn says it already and the session has room for one more (TAKEAWAYS at most)."""
    closing = _closing_turn(session)
    labelled = [hit for hit in hits if hit.kind == "takeaway"]
    if closing is None or closing.answer is None or closing.prompt.startswith("/"):
        return
    if len(labelled) >= TAKEAWAYS or _asks_what_is_left(closing.prompt):
        return  # … or it lists what is left (`_section_kind`), it concludes nothing
    summarised = statements.summary(closing.answer)  # said as such, however short the answer
    if summarised is None and len(without_code(closing.answer)) < TAKEAWAY_MIN_CHARS:
        return
    if any(hit.turn == closing.number and hit.kind in ("insight", "takeaway") for hit in hits):
        return
    sentence = summarised or statements.statement(closing.answer)
    if sentence is not None:
        title = capitalise(first_sentence(p.FIRST_PERSON.sub("", sentence)))
        body = clip(without_code(closing.answer), TAKEAWAY_CHARS)
        yield _Hit("takeaway", title, body, closing.number, quote(sentence), TAKEAWAY_CONFIDENCE)


def _asked(prompt: str) -> str | None:
    """What a prompt asks to be found out (not work to be done, not a command): its question,
    with or without its question mark (`why is val loss lower than train loss`)."""
    if prompt.startswith("/"):
        return None
    asked = _questions(prompt) if "?" in prompt or "？" in prompt else []
    found = _first_asked(asked)
    if found is not None or len(prompt) > UNMARKED_CHARS:
        return found
    # typed, not pasted: a question may lack its mark
    texts = [plain(s) for s in sentences(prompt)[:3]]
    return _first_asked(t.rstrip("?") + "?" for t in texts if p.UNMARKED_QUESTION.search(t))


def _first_asked(asked: Iterable[str]) -> str | None:
    """The first of these questions that asks something (`_asks`)."""
    return next((q for q in asked if _asks(q)), None)


def _asks(question: str) -> bool:
    """Whether a question is long enough to ask something (`wandb or mlflow?` is, naming its
    alternatives), and no request for work."""
    words = word_count(question)
    long_enough = words >= _MIN_QUESTION_WORDS - 1 or (words >= 3 and p.WHICH_OF.search(question))
    # a topic alone, asked as terse people ask (`allocator?`, `windows?`); not how it stands
    # (`Status?`, `tests?`): the answer is a status line
    topic = (
        words <= TOPIC_WORDS
        and question.rstrip().endswith("?")
        and not p.HOW_IT_STANDS.match(question)
    )
    return bool(long_enough or topic) and not p.REQUEST.search(question)


def _questions(prompt: str) -> list[str]:
    """The sentences of a prompt that end in `?`, in plain text; a short one with the sentence
    before it, which says what it asks about (`logs say 'No signatures found'. what's wrong?`)."""
    asked = []
    for unit in units(prompt):
        parts = sentences(unit.text)
        for i, sentence in enumerate(parts):
            if sentence.rstrip().endswith("?"):
                short = word_count(sentence) < _MIN_QUESTION_WORDS and i > 0
                asked.append(plain(f"{parts[i - 1]} {sentence}" if short else sentence))
    return asked


def _answers(session: Session, hits: list[_Hit]) -> Iterator[_Hit]:
    """What the agent found out when the person asked: the statement of the answer to a
    question (`Does the limiter fail open?` → `In effect it fails closed, and loudly`), unless
    a cue of that turn already gave a takeaway, or a cue read that statement as something else
    (a guess, a decision, another insight). An answer that opens by not knowing leaves the
    question open; one that names an alternative the question offered is a choice."""
    stated = {hit.turn for hit in hits if hit.kind == "takeaway"}
    read = {(hit.turn, hit.quote) for hit in hits}
    # work left, titled by what the answer states (`Testa på en riktig Samsung…`): no insight
    read |= {(hit.turn, quote(hit.title)) for hit in hits if hit.kind == "todo"}
    for turn in session.turns:
        if turn.answer is None or _agreed_guess(turn):
            continue  # an answer calling the person's guess plausible: why, for that guess
        question = _asked(turn.prompt)
        if turn.number in stated:
            # its statement is the takeaway's to say, unless it is another (what the answer
            # found first, its lesson at the end); what it lists as found, each in bold
            # (`**1. chunk 太小。** …`), is found all the same
            if question is not None or _to_find_out(turn.prompt):
                yield from _stated(turn.number, turn.answer, read)
                yield from _listed_causes(turn.number, turn.answer, read)
            continue
        if question is None:
            # `figure out why…`, or an answer that names the real cause: what the answer states
            if _to_find_out(turn.prompt) or statements.real_cause(turn.answer) is not None:
                yield from _stated(turn.number, turn.answer, read)
                yield from _listed_causes(turn.number, turn.answer, read)
            continue
        body = clip(without_code(turn.answer), BODY_CHARS)
        opening = next(iter(sentences(turn.answer)), "")
        if p.DONT_KNOW.match(plain(opening)):
            yield _Hit("question", _tidy(question), body, turn.number, quote(question),
                       ANSWER_CONFIDENCE)  # fmt: skip
            continue
        left = _left_open(turn.prompt, turn.answer, question)
        if left is not None:
            yield _Hit("question", _tidy(left), body, turn.number, quote(left), ANSWER_CONFIDENCE)
            if left == question:
                continue
        picked = _picked(question, plain(opening))
        if picked is not None:
            yield _Hit("decision", picked, body, turn.number, quote(opening), ANSWER_CONFIDENCE)
            continue
        yield from _stated(turn.number, turn.answer, read, question)
        yield from _listed_causes(turn.number, turn.answer, read)


def _acknowledged(session: Session, hits: list[_Hit]) -> Iterator[_Hit]:
    """A person's short reply to what the agent asked, which the answer restates as settled
    (`next renewal after sept 1. no mid-term proration` → `Got it: annual subscribers switch at
    their first renewal after Sep 1, no proration.`): a decision, the person's, titled by the
    restatement, unless a cue of that turn read a decision of theirs."""
    decided = {hit.turn for hit in hits if hit.kind == "decision" and hit.speaker == "user"}
    for before, turn in pairwise(session.turns):
        if turn.answer is None or turn.number in decided or before.answer is None:
            continue
        # the answer's first line first, then the reply, then the previous answer's last
        # paragraph: cheap before anything is split
        first_line = turn.answer.lstrip(" \n*_")[:ACKNOWLEDGED_CHARS].partition("\n")[0]
        if p.ACKNOWLEDGED.match(first_line) is None:
            continue
        if turn.prompt.rstrip().endswith("?") or word_count(turn.prompt) > ACKNOWLEDGED_WORDS:
            continue
        if "?" not in before.answer.rstrip().rpartition("\n\n")[2]:
            continue
        opening = plain(next(iter(sentences(first_line)), ""))
        restated = p.ACKNOWLEDGED.match(opening)
        said = opening[restated.end() :] if restated else ""
        # a setting in code says enough alone (`Notiert, `role_attribute_strict: true`.`)
        terse = word_count(said) < _TERSE_WORDS and "`" not in said
        if terse or not said or statements.not_a_statement(said):
            continue
        body = f"{turn.prompt.strip()}\n\n{opening}"
        yield _Hit("decision", _tidy(said), body, turn.number, quote(turn.prompt),
                   ACKNOWLEDGED_CONFIDENCE, "user")  # fmt: skip


def _not_known_yet(session: Session, hits: list[_Hit]) -> Iterator[_Hit]:
    """The agent's question that the person's reply opens by not knowing (`¿Sabes si el artista
    acepta una estela hecha con shader?` → `No lo sé, le pregunto mañana`): a question left
    open, titled by what the agent asked, unless a cue of that turn read a question."""
    asked = {hit.turn for hit in hits if hit.kind == "question"}
    for before, turn in pairwise(session.turns):
        if before.answer is None or before.number in asked:
            continue
        # its first sentences, split roughly: the cached `sentences` is kept for the rules
        opening = _ROUGH_STOP.split(turn.prompt.lstrip()[:ACKNOWLEDGED_CHARS], REPLY_SENTENCES)
        if not any(p.DONT_KNOW.match(said) for said in opening[:REPLY_SENTENCES]):
            continue  # `C'est bien SiteMinder. Aucune idée pour les doublons…`
        last = units(before.answer)[-1:]
        questions = [s for s in sentences(last[0].text) if s.endswith("?")] if last else []
        if questions and word_count(questions[-1]) >= _MIN_QUESTION_WORDS:
            question = plain(questions[-1])
            body = f"{question}\n\n{turn.prompt.strip()}"
            yield _Hit("question", _tidy(question), body, before.number, quote(question),
                       ANSWER_CONFIDENCE)  # fmt: skip


def _to_find_out(prompt: str) -> bool:
    """Whether a prompt asks to find out what is wrong (`figure out why`, `帮我排查一下原因`),
    in the words the person typed before anything pasted."""
    typed = prompt[:DIAGNOSE_CHARS]
    return p.DIAGNOSE_KEYS.any_in(typed.casefold()) and p.DIAGNOSE.search(typed) is not None


def _stated(
    turn: int, answer: str, read: set[tuple[int, str]], question: str = ""
) -> Iterator[_Hit]:
    """An answer's statement, an insight, unless a cue read it as something else or it is one
    of the options the answer lays out for the person to pick. An answer that opens on the work
    asked beside the `question` (`Added the unique constraint.`) states it in the paragraph
    that names what was asked (`As for Oban Pro: … it doesn't pay off`)."""
    sentence = statements.statement(answer) or _statement_about(answer, question)
    if sentence is None or (turn, quote(sentence)) in read:
        return
    said = plain(sentence)
    laid_out = (plain(option.text) for option in options.offered(answer))
    if not any(said in text or text in said for text in laid_out):
        body = clip(without_code(answer), BODY_CHARS)
        yield _Hit("insight", _tidy(sentence), body, turn, quote(sentence), ANSWER_CONFIDENCE)


def _statement_about(answer: str, question: str) -> str | None:
    """When the answer opens on work done, the statement of the first paragraph after it that
    names a word of the question (`Oban Pro` of `should we move to Oban Pro for workflows?`)."""
    paragraphs = units(answer)
    if not question or not paragraphs or not p.WORK_LOG.match(plain(paragraphs[0].text)):
        return None
    asked = {word for word in _words(question) if len(word) >= ABOUT_LETTERS}
    for unit in paragraphs[1:]:
        if not unit.heading and asked & _words(unit.text):
            return statements.statement(unit.text)
    return None


def _listed_causes(turn: int, answer: str, read: set[tuple[int, str]]) -> Iterator[_Hit]:
    """What an answer lists as found, numbered, each thing opening in bold (`**1. `-s` is
    claimed twice.** …`, `1. **N+1 en `list_display`.** Cada fila…`): an insight each, when it
    lists two to LISTED_CAUSES of them; none in an answer laying out options to pick."""
    listed = [f"**{line['rest']}" for line in _NUMBERED_BOLD.finditer(answer)]
    if not 2 <= len(listed) <= LISTED_CAUSES or options.offered(answer):
        return
    for text in listed:
        title, body = _item_title(sentences(text)[0]), plain(text)
        if (turn, quote(body)) in read or word_count(title) < _MIN_TITLE_WORDS:
            continue
        if not statements.not_a_statement(title, offers=False):
            yield _Hit(
                "insight", title, clip(body, BODY_CHARS), turn, quote(body), ANSWER_CONFIDENCE
            )


def _agreed_guesses(session: Session, hits: list[_Hit]) -> Iterator[_Hit]:
    """A cause the person guesses that the answer calls plausible (`feels like a cgroup v2
    thing` → `Plausible. Only 11.0.16+ reads v2…`; `me da que es por las imágenes` → `Puede
    ser, …`): a hypothesis titled by the guess, unless a cue of that turn read one."""
    guessed = {hit.turn for hit in hits if hit.kind == "hypothesis"}
    for turn in session.turns:
        guess = None if turn.number in guessed else _agreed_guess(turn)
        if guess is not None and turn.answer is not None:
            body = clip(f"{guess} {plain(turn.answer)}", BODY_CHARS)
            yield _Hit("hypothesis", _guess_title(guess), body, turn.number, quote(guess),
                       AGREED_CONFIDENCE, "user")  # fmt: skip


def _agreed_guess(turn: Turn) -> str | None:
    """The sentence of the prompt guessing at a cause, when the answer opens by calling it
    plausible (and goes on without a `but`)."""
    if turn.answer is None or turn.prompt.startswith("/"):
        return None
    if not p.PLAUSIBLE.match(turn.answer.lstrip(" \n*_>")):  # anchored: fails at once
        return None
    said = (plain(s) for s in sentences(turn.prompt)[:GUESS_SENTENCES])
    return next((s for s in said if p.HEDGE.search(s)), None)


def _left_open(prompt: str, answer: str, first: str) -> str | None:
    """The question of a prompt that its answer says it cannot answer: the one sharing most
    words with what the answer says there (`…how long do we keep the old endpoint?` ← `On the
    old endpoint, I can't tell you how long…`), then in the sentence before; or for an answer
    with none for the question as a whole (`I don't have a clear answer`), the first asked."""
    if not p.CANT_SAY_KEYS.any_in(answer.casefold()):
        return None
    if not (p.CANT_SAY.search(answer) or p.NO_ANSWER.search(answer)):
        return None
    asked = [q for q in _questions(prompt) if _asks(q)] or [first]
    parts = [sentence for unit in units(answer) for sentence in sentences(unit.text)]
    for before, sentence in pairwise(["", *parts]):
        whole = p.NO_ANSWER.search(sentence)
        said = whole or p.CANT_SAY.search(sentence)
        if said is None:
            continue
        own = _stems(f"{sentence[: said.start()]} {sentence[said.end() :]}")
        near = own | _stems(before)
        best = max(asked, key=lambda q: (len(_stems(q) & own), len(_stems(q) & near)))
        if len(_stems(best) & near) >= _LEFT_OPEN_WORDS:
            return best
        if whole:
            return first
    return None


def _picked(question: str, opening: str) -> str | None:
    """The alternative an answer's opening sentence takes, of those its question named, titled
    with what it was for: a short opening naming one (`redis or in-process lru for the flag
    cache?` → `In-process LRU.`), one that opens with one and never names the other (`Interrupt
    on falling edge…`), or its clause after `so` naming one only (`…, so argparse.`)."""
    if not opening or opening.endswith("?") or not p.WHICH_OF.search(question):
        return None
    pick = None
    if 1 <= word_count(opening) <= PICKED_WORDS and _stems(opening) & _stems(question):
        pick = opening
    elif (named := p.ALTERNATIVES.search(question)) is not None:
        first, second = (word for word in named.groups() if word)
        so = p.SO_CLAUSE.search(opening)
        for one, other in ((first, second), (second, first)):
            if _names(opening.split(maxsplit=1)[0], one) and not _names(opening, other):
                pick = opening
            elif so and _names(so.group(1), one) and not _names(so.group(1), other):
                pick = so.group(1)
    if pick is None:
        return None
    return f"{_tidy(question).rstrip('?')}: {pick.rstrip('.!')}"


def _names(text: str, word: str) -> bool:
    """Whether a text names a word (or a longer form of it: `interrupts` names `interrupt`)."""
    return re.search(rf"(?<!\w){re.escape(word)}", text, re.IGNORECASE) is not None


def _weighed(message: _Message, unit: Unit) -> Iterator[_Hit]:
    """A choice followed by the alternative it was weighed against (`I pin the time zone in the
    config. The alternative would be rewriting every test…`): a decision, with what it beat."""
    parts = [plain(s) for s in sentences(unit.text)]
    for choice, alternative in pairwise(parts):
        if p.ALTERNATIVE_NEXT.search(alternative) and not choice.endswith("?"):
            title = _tidy(_CHOOSER.sub("", choice))
            if word_count(title) >= _MIN_TITLE_WORDS + 1:
                yield _Hit("decision", title, f"{choice} {alternative}", message.turn,
                           quote(choice), WEIGHED_CONFIDENCE, message.speaker)  # fmt: skip


def _reasoned(message: _Message, unit: Unit) -> Iterator[_Hit]:
    """A person's order followed by why (`Fail open and log a warning. Login being down is
    worse than a few extra attempts.`): a decision, with its reason."""
    if message.speaker != "user" or message.pasted or p.REASON_NEXT.search(unit.text) is None:
        return
    parts = [plain(s) for s in sentences(unit.text)]
    for order, reason in pairwise(parts):
        words = order.split()
        first = words[0].casefold().strip(",.:;!") if words else ""
        if order.endswith("?") or first in p.NOT_IMPERATIVE or not first.isalpha():
            continue
        if 3 <= len(words) <= DIRECTIVE_WORDS and p.REASON_NEXT.search(reason):
            body = f"{order} {reason}"
            yield _Hit("decision", _tidy(order), body, message.turn, quote(order),
                       DIRECTIVE_CONFIDENCE, "user")  # fmt: skip


def _announced(message: _Message, unit: Unit, following: Unit | None) -> Iterator[_Hit]:
    """What an announced find says (`Found it. The webhook check fails because…`): the clause
    after the announcement's colon, or the sentence after it (the next paragraph's first, when the
    announcement ends its own: `I looked into why X.\n\nThe cause…`), when it states something."""
    if not p.ANNOUNCED_KEYS.any_in(unit.text.casefold()):
        return
    parts = [plain(s) for s in sentences(unit.text)]
    for i, sentence in enumerate(parts):
        announced = p.ANNOUNCED.search(sentence)
        if announced is None:
            continue
        rest = _ANNOUNCED_REST.match(sentence, announced.end())
        after = parts[i + 1 : i + 2] or (
            [plain(sentences(following.text)[0])] if following and not following.heading else []
        )
        said = sentence[rest.end() :] if rest else "".join(after)
        if word_count(said) < _MIN_ANNOUNCED_WORDS or said.endswith("?"):
            return
        if p.SELF.match(said) or statements.not_a_statement(said):
            return  # `Found it. I'll send the patch next.`
        yield _Hit("insight", _tidy(said), said, message.turn, quote(said), ANNOUNCED_CONFIDENCE,
                   message.speaker)  # fmt: skip
        return


def _marked(
    unit: Unit, words: p.Words, marker: re.Pattern[str] | LazyRegex
) -> tuple[list[str], int, re.Match[str]] | None:
    """The first sentence of a unit that `marker` finds (looked for only where one of its
    `words` is), with the unit's sentences (in plain text) and its place among them."""
    if not words.any_in(unit.text.casefold()):
        return None
    parts = [plain(s) for s in sentences(unit.text)]
    for i, sentence in enumerate(parts):
        if words.any_in(sentence.casefold()) and (found := marker.search(sentence)):
            return parts, i, found
    return None


def _clause_before(sentence: str, marker: re.Match[str]) -> str:
    """What a sentence says before its marker and the last contrast (`but`, `;`, `但`) before
    it: `i think it's X` of `i think it's X but havent proven it`."""
    cut = [m.start() for m in _CONTRAST.finditer(sentence, 0, marker.start())]
    return _SPEAKER_LEFT.sub("", sentence[: cut[-1] if cut else marker.start()])


def _unverified(message: _Message, unit: Unit) -> Iterator[_Hit]:
    """A guess its speaker says is not verified yet (`i think it's the two transactions locking in
    opposite order but havent proven it`, `Likely the runner's /tmp is full. Not verified yet.`):
    a hypothesis, titled by the guess without its hedge."""
    marked = _marked(unit, p.UNVERIFIED_KEYS, p.UNVERIFIED)
    if marked is None:
        return
    parts, i, marker = marked
    guess = _guess(parts, i, marker)
    if guess is not None:
        body = clip(" ".join(parts[max(i - 2, 0) : i + 1]), BODY_CHARS)
        yield _Hit("hypothesis", _guess_title(guess), body, message.turn, quote(guess),
                   UNVERIFIED_CONFIDENCE, message.speaker)  # fmt: skip


def _guess_title(guess: str) -> str:
    """A guess without its hedge (`i think it's X` → `It's X`), nor a question mark."""
    hedge = p.HEDGE_LEAD.search(guess)
    return _tidy(guess[hedge.end() :] if hedge else guess).rstrip("? ")


def _left_undone(message: _Message, unit: Unit) -> Iterator[_Hit]:
    """Work the agent says is needed and that it did not do (`We should add redirects to
    /reference/*; I didn't, because…`, `Die müssen migriert werden; das habe ich nicht
    gemacht.`): a todo, titled by the work."""
    marked = _marked(unit, p.NOT_DONE_KEYS, p.NOT_DONE)
    if marked is None:
        return
    parts, i, marker = marked
    for work in (_clause_before(parts[i], marker), *reversed(parts[max(i - 1, 0) : i])):
        work = work.strip(" ,;:—–-")
        if word_count(work) >= _MIN_QUESTION_WORDS and p.NEEDED.search(work):
            body = clip(" ".join(parts[max(i - 1, 0) : i + 1]), BODY_CHARS)
            yield _Hit("todo", _tidy(work), body, message.turn, quote(work), NOT_DONE_CONFIDENCE)
            return


def _guess(parts: list[str], i: int, marker: re.Match[str]) -> str | None:
    """The guess an UNVERIFIED marker is said of: the clause before it in its sentence, the
    clause after it (`I haven't confirmed it, but my bet is…`), or one of the two sentences
    before; the first of them that is hedged (`probably`, `I think`, `たぶん`)."""
    after = _CONTRAST.split(parts[i][marker.end() :], maxsplit=1)
    candidates = [_clause_before(parts[i], marker), after[-1] if len(after) > 1 else ""]
    for text in [*candidates, *reversed(parts[max(i - 2, 0) : i])]:
        text = text.strip(" ,;:—–-")
        asked = text.endswith("?") and not p.HEDGE_LEAD.match(text)  # `maybe X because Y?` is
        long_enough = word_count(text) >= _MIN_QUESTION_WORDS and not asked  # a guess, asked
        if long_enough and p.HEDGE.search(text):
            return None if _JUDGEMENT.search(text) else text
    return None


def _deferred(message: _Message, unit: Unit) -> Iterator[_Hit]:
    """A question the person asks, or says they are unsure of, and leaves open (`should X or Y?
    I won't decide that today`, `Not sure whether to shard by tenant. Let's leave that open.`)."""
    if message.speaker != "user":
        return
    if "?" not in unit.text and not p.UNSURE_KEYS.any_in(unit.text.casefold()):
        return  # nothing asked and nothing unsure: nothing left open (and DEFER not searched)
    if p.DEFER.search(unit.text) is None:
        return
    parts = sentences(unit.text)
    for i, sentence in enumerate(parts):
        text = plain(sentence)
        unsure = None if text.endswith("?") else p.UNSURE.search(text)
        asked = unsure is not None or text.endswith("?")
        if asked and any(p.DEFER.search(s) for s in parts[i : i + 3]):  # `parking that: …?` too
            title = _tidy(_still_asked(text if unsure is None else _what_is_unsure(text, unsure)))
            yield _Hit("question", title, plain(" ".join(parts[i : i + 3])),
                       message.turn, quote(text), DEFERRED_CONFIDENCE, "user")  # fmt: skip


def _what_is_unsure(text: str, unsure: re.Match[str]) -> str:
    """`I'm not sure whether we shard by tenant.` → `Whether we shard by tenant?`: the clause
    from the match's last word (whether, ob, si, стоит…), asked."""
    start = unsure.end() - len(unsure.group().split()[-1])
    return text[start:].rstrip(".!…") + "?"


def _references(session: Session, text: str) -> tuple[str, ...]:
    """Files of the session that the finding names, by project-relative path or unique name."""
    paths = dict.fromkeys((*session.files_touched, *session.files_read))
    names: dict[str, list[str]] = {}
    for path in paths:
        names.setdefault(path.rsplit("/", 1)[-1], []).append(path)
    found = set()
    for path in paths:
        relative = path.removeprefix((session.project or "\0").rstrip("/") + "/")
        name = path.rsplit("/", 1)[-1]
        unique = len(names[name]) == 1 and name in text
        if relative in text or (unique and re.search(rf"\b{re.escape(name)}\b", text)):
            found.add(path)
    return tuple(sorted(found))


def _short_title(kind: Kind, text: str) -> str:
    """The title a finding gets: one short line; a question keeps its question mark."""
    title = shorten(text)
    if kind == "question" and title != text and not title.endswith(("?", "…")):
        title += "?"
    return title


def _words(title: str) -> frozenset[str]:
    return frozenset(w for w in re.findall(r"\w+", title.casefold()) if w not in _STOPWORDS)


def _group(hits: list[_Hit]) -> list[list[_Hit]]:
    """Hits of one finding together: same kind and the same, or nearly the same, title words."""
    groups: list[tuple[Kind, frozenset[str], frozenset[str], list[_Hit]]] = []
    for hit in hits:
        words = _words(hit.title)
        short = _words(_short_title(hit.kind, hit.title))  # what the id is made of
        for kind, seen, seen_short, group in groups:
            overlap = len(words & seen) / max(len(words | seen), 1)
            if kind == hit.kind and (short == seen_short or overlap >= SAME_WORDS):
                group.append(hit)
                break
        else:
            groups.append((hit.kind, words, short, [hit]))
    return [group for *_, group in groups]


def _finding(session: Session, group: list[_Hit]) -> Finding:
    first = group[0]
    title = _short_title(first.kind, first.title)
    return Finding(
        id=finding_id(session.session_id, first.kind, title),
        kind=first.kind,
        title=title,
        body=clip(first.body, MOST_BODY_CHARS),
        session_id=session.session_id,
        turns=tuple(sorted({h.turn for h in group})),
        evidence=tuple(dict.fromkeys(Evidence(h.turn, h.quote) for h in group)),
        confidence=max(h.confidence for h in group),
        extractor=EXTRACTOR,
        status="open",
        references=_references(session, " ".join(h.body for h in group)),
    )


def _proposal(session: Session, hit: _Hit) -> _Hit:
    """A terse user decision (`Agreed, separate PR.`) with the proposal it accepts, for context."""
    if hit.kind != "decision" or hit.speaker != "user" or word_count(hit.body) > TERSE_WORDS:
        return hit
    if _REPLY in hit.body:
        return hit  # an option picked or a proposal taken by name: what it took is in it
    previous = session.turns[hit.turn - 2].answer if hit.turn > 1 else None
    words = _words(hit.title)
    scored = [
        (len(words & _words(u.text)), i, u.text)
        for i, u in enumerate(units(previous or ""))
        if not u.heading
    ]
    if not scored or max(scored)[0] < PROPOSAL_WORDS:
        return hit
    proposal = clip(plain(max(scored)[2]), BODY_CHARS)
    return replace(hit, body=f"{hit.body}{_REPLY}{hit.turn - 1}: {proposal}")


def _accepted(hits: list[_Hit]) -> list[_Hit]:
    """The hits, an agent's decision that the person's reply took up (`I'd keep this PR to
    auth.py` → `Agreed, separate PR for refresh.py`) folded into that reply: one decision, the
    person's, with the proposal in its body."""
    proposed = [
        (i, h) for i, h in enumerate(hits) if h.kind == "decision" and h.speaker == "assistant"
    ]
    taken: set[int] = set()
    folded = []
    for hit in hits:
        if hit.kind == "decision" and hit.speaker == "user":
            words = _words(hit.title)
            for i, proposal in proposed:
                shared = len(words & _words(proposal.title))
                if proposal.turn == hit.turn - 1 and shared >= PROPOSAL_WORDS:
                    taken.add(i)
                    if _REPLY not in hit.body:
                        reply = f"{_REPLY}{proposal.turn}: {proposal.body}"
                        hit = replace(hit, body=hit.body + reply)
        folded.append(hit)
    return [hit for i, hit in enumerate(folded) if i not in taken]


def _in_answer(session: Session, hit: _Hit) -> _Hit:
    """The agent's decision with the question of the person it answers (`What TTL should the
    entries get?` → `Use 1 hour`), for context; a terse one is titled by both."""
    if hit.kind != "decision" or hit.speaker != "assistant":
        return hit
    prompt = session.turns[hit.turn - 1].prompt
    question = _asked(prompt)
    if question is None:
        return hit
    asked = (_questions(prompt) or [question])[-1]
    # (not by a topic alone: `opciones?` adds nothing to `Go with 1`)
    terse = word_count(hit.title) <= _TERSE_WORDS and word_count(asked) > TOPIC_WORDS
    title = shorten(f"{asked} {hit.title}") if terse else hit.title
    return replace(hit, title=title, body=f"{hit.body}\n\nIn answer to: {asked}")


def _not_taken_up(messages: list[_Message], hits: list[_Hit]) -> list[_Hit]:
    """The hits, but for work or a question said to be left before the closing report that the
    session comes back to (what is said or done after it names half the words of its title):
    taken up, not left (`The iOS push isn't wired up yet` is left when the session then goes
    elsewhere, not when the next calls edit `push/ios.ts`)."""
    said = sorted({hit.said_at for hit in hits if hit.said_at is not None}, reverse=True)
    if not said:
        return hits  # most sessions: nothing said to be left before the end
    # what follows each message a hit was said in, read once from the end backwards
    after: dict[int, frozenset[str]] = {}
    read: set[str] = set()
    upto = len(messages)
    for index in said:
        for message in messages[index + 1 : upto]:
            read |= _word_starts(" ".join((_not_left(message.text), *message.then)))
        upto = index + 1
        after[index] = frozenset(read | _word_starts(" ".join(messages[index].then)))

    def taken_up(hit: _Hit) -> bool:
        return hit.said_at is not None and _named_in(hit.title, after[hit.said_at])

    return [hit for hit in hits if not taken_up(hit)]


def _named_in(title: str, said: frozenset[str]) -> bool:
    """Whether what is said (word starts) names half the words of a title, two at least (one
    word alone may be another's start)."""
    words = _word_starts(title) - _LEFT_WORDS
    named = len(words & said)
    return named >= min(len(words), _TAKEN_UP_WORDS) and 2 * named >= len(words)


def _not_refuted(session: Session, hits: list[_Hit]) -> list[_Hit]:
    """The hits, but for the person's guesses that the answer opens by ruling out, naming what
    they guessed (`clock skew between the pods` → `It's not clock skew: …`) or saying the cause
    is elsewhere (`原因は別のところでした`)."""
    guessed = {hit.turn for hit in hits if hit.kind == "hypothesis" and hit.speaker == "user"}
    if not guessed:
        return hits  # most sessions: the person guesses nothing
    answers = {turn.number: turn.answer or "" for turn in session.turns if turn.number in guessed}

    def refuted(hit: _Hit) -> bool:
        if hit.kind != "hypothesis" or hit.speaker != "user":
            return False
        opening = " ".join(_ROUGH_STOP.split(answers[hit.turn][:DIAGNOSE_CHARS])[:REPLY_SENTENCES])
        if not p.REFUTED_KEYS.any_in(opening.casefold()) or not p.REFUTED.search(opening):
            return False
        named = _word_starts(hit.title) & _word_starts(opening)
        return bool(named) or p.ELSEWHERE.search(opening) is not None

    return [hit for hit in hits if not refuted(hit)]


def _not_left(text: str) -> str:
    """A message but for its sentences that say a thing stays open (`p.STAYS_OPEN`)."""
    if not p.STAYS_OPEN_KEYS.any_in(text.casefold()):
        return text
    return " ".join(s for u in units(text) for s in sentences(u.text) if not p.STAYS_OPEN.search(s))


def _as_said(hit: _Hit) -> _Hit:
    """A hit of the kind its words say: an insight said as a guess (`Why it's 4 min in CI:
    probably `setup-envtest``, `Думаю, дело в кэше`) is a hypothesis; work that is a decision
    still to make (`Decide whether…`, `Whether 0.04% is acceptable`) a question."""
    if hit.kind == "todo":
        verb = p.TO_DECIDE.match(hit.title)
        if verb is not None:
            return replace(hit, kind="question", title=capitalise(hit.title[verb.end() :]))
        return replace(hit, kind="question") if p.STILL_ASKED.search(hit.title) else hit
    lead = p.HEDGE_LEAD.match(hit.title) if hit.kind == "insight" else None
    if lead is None or _CONTRAST.match(f" {hit.title[lead.end() :]}"):
        return hit  # `Could be, but the profile shows gzip at 2 %`: conceded, then ruled out
    return replace(hit, kind="hypothesis")


def _not_recapped(hits: list[_Hit]) -> list[_Hit]:
    """The hits, but for a decision listed among the choices or changes made (`Fix: verify with
    `leeway=30`…`) that an earlier turn's decision already names (`Add a 30-second `leeway`…`)."""
    if not any(hit.recap for hit in hits):
        return hits
    made = [(hit.turn, _words(hit.title)) for hit in hits if hit.kind == "decision"]

    def said_before(hit: _Hit) -> bool:
        words = _words(hit.title)
        return any(turn < hit.turn and len(words & before) >= RECAP_WORDS for turn, before in made)

    return [hit for hit in hits if not (hit.recap and said_before(hit))]


def _word_starts(text: str) -> frozenset[str]:
    """The first letters of a text's words but its most common: the same word, inflected or
    not (`wire`, `wired`, `wiring`)."""
    return frozenset(word[:_SAME_START] for word in text_words(text))


def extract_findings(session: Session) -> tuple[Finding, ...]:
    """The findings of a session recognisable without a model; none for a ghost session."""
    if session.ghost:
        return ()
    messages = _messages(session)
    hits = _not_taken_up(messages, [hit for message in messages for hit in _message_hits(message)])
    hits = _not_recapped(_not_refuted(session, hits))
    hits.extend(_unanswered(session))
    hits.extend(_plan_todos(session))
    labelled = [i for i, hit in enumerate(hits) if hit.kind == "takeaway"]
    hits = [h for i, h in enumerate(hits) if h.kind != "takeaway" or i in labelled[:TAKEAWAYS]]
    hits.extend(_agreed_guesses(session, hits))
    hits.extend(_answers(session, hits))
    hits.extend(_acknowledged(session, hits))
    hits.extend(_not_known_yet(session, hits))
    hits.extend(_takeaways(session, hits))
    hits = _accepted([_in_answer(session, _proposal(session, _as_said(hit))) for hit in hits])
    findings = [_finding(session, group) for group in _group(hits)]
    return tuple(sorted(findings, key=lambda f: (f.turns[0], KINDS.index(f.kind), f.id)))
