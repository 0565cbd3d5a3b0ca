"""The phrases the structural pass recognises, as data: one row per pattern, tuned on real sessions.

Confidence is per speaker: what a person writes in a prompt is the decision; the same words from
the agent are a proposal or a recap, so they count for less. `None` means "not from this speaker".
Rows are tried in order and the first match wins, so a sentence yields at most one finding.
A few German rows are there because the real corpus has German sessions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ahocorasick_rs import AhoCorasick

from ledger.lazy_regex import LazyRegex
from ledger.models import Kind

TitleMode = Literal["after", "sentence"]
"""`after`: the title is `lead` + the text after the match; `sentence`: the whole sentence."""
Scope = Literal["anywhere", "end", "open", "replied"]
"""`end`: only in the closing turn of a session (its last prompt and answer); `open`: there, or
earlier when nothing said after it comes back to it (work said to be left, a question said to be
open, that the session then leaves alone); `replied`: the agent's words only when the person
replies to them, not turning them down (a recommendation the person takes up is a decision, one
left unanswered a proposal)."""


@dataclass(frozen=True, slots=True)
class Pattern:
    """One recognisable phrase, what it means and how sure a match makes us."""

    name: str
    kind: Kind
    keys: tuple[str, ...]
    """Lower-case words the sentence must contain for `regex` to be tried: a cheap first test."""
    regex: re.Pattern[str] | LazyRegex
    user: float | None
    assistant: float | None
    title: TitleMode = "sentence"
    lead: str = ""
    scope: Scope = "anywhere"


class Words:
    """Case-folded words, and which of them a case-folded text holds: one pass of an
    Aho-Corasick automaton, 3-10x faster than testing each word with `in`."""

    def __init__(self, *words: str) -> None:
        self.words = words
        self._finder = AhoCorasick(list(words))

    def any_in(self, lower: str) -> bool:
        return bool(self._finder.find_matches_as_indexes(lower))

    def found_in(self, lower: str) -> set[str]:
        found = self._finder.find_matches_as_indexes(lower, overlapping=True)
        return {self.words[i] for i, _, _ in found}


def _ci(pattern: str) -> LazyRegex:
    return LazyRegex(pattern, re.IGNORECASE)


def label_keys(*words: str) -> tuple[str, ...]:
    """The keys of labels (`Remaining:`, `**Pending**:`): a label's word alone is too common a
    key (`to do`), and a key makes every sentence of a paragraph that holds it be tried."""
    return tuple(f"{word}{end}" for word in words for end in (":", "**:", "__:", " :"))


UNTIL = (
    r"(?:\s+(?:before|after|until|once|for|vor|nach|bis|für|avant|après|pour|antes de"
    r"|después de|para|prima d\w*|dopo|per|antes d[eoa]|depois d[eoa]|до|перед|после|для)"
    r"(?!\w)[^:\n]{1,50}?)?"
)
"""What a label of work left may say it is left for (`Still to do before tagging v3.0.0:`,
`Noch zu tun vor dem Release:`): between the label and its colon."""


def _marked(word: str) -> tuple[str, ...]:
    """The keys of a word as a heading (`**Why**`, `## Offen`): the word alone is in most text."""
    return (f"**{word}", f"# {word}", f"__{word}")


_BECAUSE = r"(?:\bbecause\b|\bsince\b|\bso that\b|\bweil\b|,\s+so\b|:\s|;\s|\s[—–]\s)"
BEHAVES = (
    r"\b(?:shows|showed|displays|returns|prints|outputs|gives|gave|produces|emits|renders|writes"
    r"|wrote|logs|sends|stores|saves|reads|comes back|came back|appears|ends up|ended up|gets|got"
    r"|took|takes|lasted|lasts"
    r"|(?:i|we|you) get|affichent|affichait|renvoient|renvoyait|retournent|retournait|donnent"
    r"|donnait|apparaît|gibt|gab|zeigt|zeigen|zeigte|liefert|liefern|lieferte|landet|landen"
    r"|erscheint|steht|stehen|muestran|mostraba|devuelven|devolvía|aparece|aparecen|mostrano"
    r"|mostrava|restituisce|restituiscono|stampano|mostram|retornam|retornava|devolvem"
    r"|devolvia)\b|(?<=\w )(?:affiche|renvoie|retourne|donne|muestra|devuelve|imprime|mostra"
    r"|stampa|retorna|devolve)\b|(?<=\w )(?<!should )(?<!must )(?<!will )(?<!'ll )(?<!\bto )"
    r"(?<!let's )(?<!please )(?<!can )(?<!could )(?<!would )(?<!just )(?<!always )(?<!and )"
    r"(?:show|display|return|print|output|give|produce|emit|render|write|log|send|store|save"
    r"|read|appear|come back)\b|(?<!\w)(?:показывает|показывают|возвращает|возвращают|выдаёт"
    r"|выдает|выводит|приходит|приходят)(?!\w)"
)
"""What a thing does or shows, not what to do: `the PDFs show Ã© instead of é`, `gibt nichts aus
statt []` (the forms that are also imperatives only after a word: `devuelve [] en vez de…`)."""
_REASON_WORD = (
    r"\b(?:because|since|weil|parce que|porque|perché|poiché|omdat|ponieważ|eftersom)\b"
    r"|(?<!\w)потому что(?!\w)"
)
UNDESCRIBED = (
    r"(?:^|(?<=[:;]\s)|(?<=\s[—–]\s)|(?<=\w[.!?]\s))"
    rf"(?:(?!{BEHAVES}|{_REASON_WORD}|[:;]\s|\s[—–]\s|(?<=\w)[.!?]\s).)*?"
)
"""A clause up to here, from where it starts as a title's does (`structural._CLAUSE_START`),
without a verb of what a thing does (`BEHAVES`) nor a reason (`because`): a directive's `X
instead of Y`, not a report's (`…shuffles 210 GB because events is now partitioned by user_id
instead of event_date`)."""
_INSTEAD = (
    rf"{UNDESCRIBED}\b(?:instead of|rather than|statt)\b[^.?!]*?{_BECAUSE}"
    # not a state the reason reports (`because events is now partitioned by user_id instead of…`)
    r"|\b(?:because|since)\b(?![^.?!]*\b(?:is|are|was|were)\b(?: now| still)? \w+(?:ed|en)\b"
    r"[^.?!,]{0,40}\b(?:instead of|rather than)\b)"
    rf"(?:(?!{BEHAVES})[^.?!])*?\b(?:instead of|rather than)\b"
)
_CAUSE = r"(?:root cause|cause|problem|issue|culprit|bug)"
_SELF = (
    r"(?:I|I'm|I've|I'll|je|j'|ich|yo|io|eu|я|мы|我|私"
    # the languages that drop the pronoun: the verbs an aside opens with
    r"|estoy|estou|sto|uso|utilizo|ejecuto|eseguo|executo|lancio|lanço|voy|vou|vado)\b"
)
SELF = _ci(_SELF)
"""A sentence opened by its speaker (`I'll send the patch next`): about them, not the system."""
ASIDE = (
    rf"\s*{_SELF}|.*\b(?:run|running|rerun|ausführen"
    r"|ausgeführt|starten|lancer|ejecut\w*|esegui\w*|execut\w*|запуск\w*|output|ausgabe|sortie"
    r"|salida|saída|вывод|command|befehl|commande|comando|команд\w*)\b|.*(?:実行|실행)"
)
"""What makes a note an aside, looked for right after its label (in a sentence, so `.*` is the
rest of it): the agent's own doing (it opens with I), or how to run a thing."""
_DOING = ("lowering", "raising", "updating", "fixing", "cleaning up", "removing", "bumping",
          "changing", "adjusting", "rewriting", "porting", "the same change",
          "the same fix")  # fmt: skip
"""What a thing still needs done to it (`the alert still needs lowering`): a todo at the end."""
_NOT_YET = ("implemented", "wired up", "wired in", "done", "tested", "deployed", "handled",
            "supported", "covered", "migrated", "updated", "ported", "documented", "computed",
            "added", "built", "configured", "set up", "hooked up", "connected", "enabled",
            "written", "fixed")  # fmt: skip
"""What an agent's closing report says is not yet so (`The retry policy is not implemented yet`)."""
_UNTESTED_KEYS = (
    *(
        f"{before} {verb}"
        for before in ("n't", "not", "yet", "actually", "really", "ever", "able to", "unable to")
        for verb in ("test", "run", "ran", "tried", "try", "load")
    ),
    "nobody has",
    "no one has",
    "no-one has",
)
"""Where a speaker may say they have not tested, run or tried something (`haven't yet tested`,
`nobody has actually loaded`): what a sentence must hold for those rows to be tried."""
_GAP_KEYS = ("untested", "been test", "been run", "been tried", "no test", "no alert",
             "no monitoring", "no coverage", "only linted", "only compiled",
             "only type")  # fmt: skip
"""What a sentence naming a gap must hold (`is untested`, `there's no test for…`)."""
_UNTESTED_WHO = (
    # where a clause starts: not after a word (`the part I haven't tested`), and checked with
    # two lookbehinds of fixed width (four of a clause's openers cost twice the time)
    r"(?<!\w )(?<![\w'])(?:(?:but|and|also|note|however|though|so far),?\s+)?"
    r"(?:(?:I|we)(?: (?:still|also|just))? (?:haven't|have not|didn't|did not|couldn't|could not"
    r"|wasn't able to|was not able to|weren't able to|were not able to|was unable to"
    r"|were unable to)|(?:nobody|no one|no-one) (?:has|have|had)(?: ever)?)"
    r"(?: (?:yet|actually|really|properly|even|personally))* "
)
"""Who has not done it: the speaker, or nobody (a verb of trying follows)."""
_UNTESTED_VERBS = (("test", "tested|test"), ("run", "run|ran"), ("try", "tried|try"),
                   ("load", "loaded|load"))  # fmt: skip
_UNTESTED_WHAT = (
    r"\b(?! (?:to|into|across|out|over|away)\b)(?=(?:\s+\S+){2})"
    r"(?![^.?!]*\b(?:before|as (?:you|requested|asked|agreed)|on purpose|intentionally)\b)\s*"
)
"""What was not tried, in two words or more (`Test it` says nothing); not what the speaker never
needed to do (`I haven't tried this kind of setup before`), nor what was left on purpose (`I
didn't run the migration, as you asked`)."""
_GAP = r"(?:tests?|test coverage|coverage|alerts?|alerting|alarms?|monitoring)"
"""What a thing lacks that is work to add (`there's no test for…`, `has no alert when…`)."""
REMEMBER_TO = (
    r"^(?:(?:and|also|oh|btw),?\s+)?(?:don'?t forget|do not forget|let'?s not forget"
    r"|(?:(?:we|I) (?:need to|must|have to|should) |let'?s |gotta |got to )?remember) to\s+"
    r"|^remember (?:that )?we (?:have|need) to\s+"
)
"""What not to forget to do (`Don't forget to rotate the key`): the person's, and the agent's
in its closing report (`languages.py`, with the other languages' ways)."""
REMEMBER_TO_KEYS = ("forget to", "remember to", "remember we", "remember that we")
_GOES_WRONG = ("happens", "happened", "fails", "failed", "breaks", "broke", "occurs", "occurred",
               "hangs", "hung", "crashes", "crashed", "times out", "timed out")  # fmt: skip
"""What a thing does that an explanation says why of (`This fails because…`)."""
_WRONG_STATES = ("slow", "failing", "broken", "flaky", "hanging", "stuck", "empty", "wrong",
                 "stale", "missing", "ignored", "skipped", "rejected")  # fmt: skip
"""What a thing is when an explanation says why (`The export was slow because…`)."""
_UNCLEAR = (
    r"\b(?:still|remains?|it is|it's) (?:unclear|not clear|undecided|open)(?: to (?:me|us))?"
    r"(?: is)?,? (?:whether|if|why|how|what|which|who|where|when)\b"
)

_ASSENT = (
    r"(?:(?:ok(?:ay)?|yes|yeah|yep|sure|sounds good|agreed|fine|great|perfect|alright|right"
    r"|makes sense)[,.!]?\s+)"
)
"""A word of assent opening a reply (`Sounds good, go with option 2`), and what follows it."""
_WE_THEN = r"^(?:(?:ok(?:ay)?|so|then|fine)[,.]?\s+)?we"
_FAULT = (
    r"(?:skew|race|leak|drift|mismatch|bug|timeout|caching|misconfiguration|contention|deadlock"
    r"|exhaustion|starvation|corruption)\b"
)
"""What a guess names as the cause, after a word that says what of (`clock skew`, `pool
exhaustion`): a fault, without an article before it."""
"""How a person's plan for the team opens (`So we'll…`, `We won't…`)."""
_KEPT = r"(?:kept|left|used|picked|put|went for|stuck with|switched to|dropped|removed)"
"""What was kept or taken, told in the past (`I kept the sync API because…`)."""
_WHY_AFTER = (
    r"(?=[^.?!]*(?:\b(?:because|since|so that)\b|,\s+so\b|\bfor (?:backwards?[- ])?compat"
    r"(?:ibility)?\b|\bto (?:keep|avoid|cap|save|reduce|preserve|limit|prevent)\b"
    # `so` and what it keeps working (`…as it was so existing consumers keep working`)
    r"|\bso (?!(?:far|much|many|that)\b)[^.?!]{0,40}?\b(?:keep|keeps|stay|stays|still|can't"
    r"|won't|don't|doesn't)\b))"
)
"""Why, later in the sentence: a reason or a purpose (`…for backwards compatibility`, `…to cap
memory`)."""

_CHOOSING = (
    r"(?:switching|keeping|dropping|sticking with|splitting|replacing"
    r"|going to (?:keep|drop|switch|move|split|replace|stick with))\b"
    r"(?! (?:on|up|it short|track|an eye|a note|going)\b)"
)
"""A choice being made, said as it is made (`Switching this job to polars`)."""

PATTERNS: tuple[Pattern, ...] = (
    # todo: explicit markers; "next steps" only at the end (before it, the next prompt takes them)
    Pattern(  # what the person puts off to a later day: work left, not a choice made now
        "lets-later",
        "todo",
        ("let's", "lets", "i'll", "i will", "we'll", "we will"),
        _ci(
            r"\b(?:let'?s|I'll|I will|we'll|we will)\s+"
            # a choice put off, not work (`let's revisit next week`: a question left open)
            r"(?![^.?!]*\b(?:decide|think|talk|see|revisit|reconsider|discuss|come back to)\b)"
            r"(?=[^.?!]*\b(?:tomorrow|next (?:week|sprint|release|month)"
            r"|in a (?:separate|follow-?up|later) (?:PR|change|commit)|later this week)\b)"
        ),
        0.6,
        None,
        "after",
    ),
    Pattern(  # work said to be left for later, by either (`Left that for a follow-up`)
        "left-for-later",
        "todo",
        (
            "for later",
            "follow-up",
            "followup",
            "follow up",
            "waits until",
            "on my list",
            "separate pr",
        ),
        _ci(
            r"\b(?:left|leaving|parked|parking|deferred|deferring|punted|punting|saving|saved)\b"
            r"[^.?!]{0,40}?\b(?:for (?:later|a follow-?up|a separate PR|the next (?:PR|pass|round"
            r"|sprint)))\b(?![^.?!:]{0,12}:)|\bthat waits until\b|\b(?:is|are) on my list\b"
        ),
        0.6,
        0.5,
        "sentence",
    ),
    Pattern(
        "on-the-list",
        "todo",
        ("on the list", "on the backlog", "to the backlog", "on the todo", "to the todo"),
        _ci(
            r"\b(?:put|add|park|keep)\b[^.?!]{1,50}? (?:on|to) (?:the|my|our) (?:list|backlog"
            r"|todo(?: list)?)\b"
        ),
        0.6,
        None,
        "sentence",
    ),
    Pattern(
        "todo-marker",
        "todo",
        ("todo", "fixme"),
        re.compile(
            r"(?<![\w/])(?:TODO|FIXME)(?:\s?\([^)]*\))?"
            # when it is for: `TODO for next week: swap…`, `TODO für später: …`
            r"(?:\s+(?i:for|für|pour|para|per)\s(?!(?i:you|dich|toi|ti)\b)[^:\n]{1,20}?)?\s*[:—–-]\s*"
            # not one told of (`TODO added to monthly_rows()`, `TODO comments removed`)
            r"|^(?:TODO|FIXME)\s+(?=[a-z])(?!(?:added|removed|left|comments?|markers?|items?)\b)"
            r"|^[*_]*(?i:todo)[*_]*\s*:[*_]*\s*"
        ),
        0.75,
        0.7,
        "after",
    ),
    Pattern(
        "note-a-todo",
        "todo",
        ("todo", "to-do", "follow-up", "ticket", "make a note", "make a mental note"),
        _ci(
            r"\b(?:add|note|leave|put|write|make|file|open|create)(?: down)?(?: an?)?"
            r" (?:TODO|to-do|follow-up|ticket|issue)\s+(?:to|for|that|about)\s+"
            r"|\bmake a (?:mental )?note to\s+"
        ),
        0.75,
        0.6,
        "after",
    ),
    Pattern(
        "follow-up",
        "todo",
        ("follow-up", "follow up", "followup", "left for"),
        _ci(
            r"\bfollow[- ]?ups?(?: for later| items?| I haven't done| I didn't do| left)?\s*:\s*"
            r"|^[*_]*left for (?:a |the )?(?:follow[- ]?up|later|another)"
            r"(?: PR| change| commit| pass| session)?[*_]*\s*:[*_]*\s*"
        ),
        0.65,
        0.6,
        "after",
    ),
    Pattern(
        "todo-label",
        "todo",
        (
            *label_keys(
                "remaining",
                "remaining work",
                "remaining items",
                "still missing",
                "to do",
                "pending",
                "outstanding",
                "outstanding work",
                "outstanding items",
                "open items",
                "what's left",
                "whats left",
                "action item",
                "action items",
                "for later",
                "later",
                "not done yet",
                "not yet done",
                "not covered yet",
                "not handled yet",
                "not tested yet",
                "not implemented yet",
                "remains",
                "deferred",
                "limitation",
                "limitations",
                "known limitation",
                "known limitations",
                "thing left",
                "things left",
                "item left",
                "items left",
                "thing left open",
                "thing left for later",
                "couldn't finish",
                "could not finish",
                "in todo.md",
                "to todo.md",
                "in the backlog",
                "to the backlog",
                "didn't finish",
                "didn't get to",
                "couldn't get to",
                "open",
            ),
            *(
                "still to do ",
                "left to do ",
                "remaining before ",
                "to do before ",
                "pending before ",
            ),
        ),
        _ci(
            r"^[*_]*(?:remaining(?: work| items)?|still to do|left to do|to do|pending"
            r"|still outstanding|still missing"
            r"|outstanding(?: work| items)?|open items|what'?s left|action items?"
            r"|(?:(?:note |saved |left )?for )?later|deferred|(?:one (?:thing|item|step) )?remains"
            r"|not (?:(?:done|covered|handled|tested|implemented) )?yet"
            r"(?: (?:done|covered|handled|tested|implemented))?"
            r"|(?:known )?limitations?|(?:one |two |a few )?(?:things?|items?) (?:still )?left"
            r"(?: open| to do| for later)?"
            r"|(?:one thing|something|what) I (?:couldn't|could not|didn't) (?:finish|get to|do)"
            # what was written down to do (`Noted in TODO.md: Windows follow mode via…`)
            r"|(?:noted|added|logged|filed|written down|put) (?:it )?(?:in|to|into|on) (?:the )?"
            r"(?:TODO(?:[.\u2024]md)?|backlog|todo list|follow-ups?(?: list)?)"
            # a bare `Open:` that asks nothing (one that asks is a question left open)
            r"|open(?=[*_]*\s*:[*_]*\s*(?![\s*_]|(?:whether|if|how|why|which|what|when|who)\b)"
            r"[^\n]*[^?\s]\s*$))"
            rf"{UNTIL}[*_]*\s*:[*_]*\s*"
        ),
        0.65,
        0.6,
        "after",
    ),
    Pattern(
        "once-merged",
        "todo",
        ("merge", "lands", "landed", "ships", "deployed", "goes out", "is out"),
        _ci(
            r"(?:\b(?:we|I)(?:'ll| will)? (?:need to|have to|should|must)|\b(?:needs|has) to be"
            r"|\b(?:you|we)(?:'ll| will) (?:want|need|have) to)"
            r"\b[^.?!]*?\b(?:once|after|when)"
            r" (?:this|it|the (?:pr|branch|change|migration|release|rollout))\b (?:merges"
            r"|is merged|gets merged|lands|has landed|ships|is deployed|goes out|is out)\b"
        ),
        0.55,
        0.5,
    ),
    Pattern(
        "later-we-should",
        "todo",
        ("later", "eventually", "at some point", "later on", "follow up", "follow-up"),
        _ci(
            r"\b(?:later|eventually|at some point),?\s+(?:we(?:'ll)?|someone|somebody)"
            r" (?:should|need to|needs to|must|have to|has to|gotta|got to)\s+"
            r"|\b(?:has|have|needs? to) (?:to )?happen in a follow[- ]?up\b"
            r"|\bwe(?:'ll)? (?:should|need to|must|have to)\s+(?=[^.!?]*\b(?:later"
            r"|eventually|at some point|next (?:week|sprint|release|time))\b)"
            r"|^later on,?\s+(?=.*\b(?:has|have|needs?) to be\b)"  # a sentence: dots of file names
        ),
        0.6,
        0.5,
        "after",
    ),
    Pattern(
        "remember-to",
        "todo",
        REMEMBER_TO_KEYS,
        _ci(REMEMBER_TO),
        0.6,
        None,
        "after",
    ),
    Pattern(
        "someone-has-to",
        "todo",
        tuple(
            f"{who} {then}"
            for who in ("someone", "somebody")
            for then in (
                "has to",
                "needs to",
                "should",
                "must",
                "will have to",
                "still",
                "with",
                "on",
                "from",
                "in",
                "at",
            )
        ),
        _ci(
            # (who, when it is said: `Someone with access needs to…`)
            r"\b(?:someone|somebody)(?: (?:on|from|in|with|at) [^.?!,]{1,30}?)? (?:still )?"
            r"(?:has to|needs to|should"
            r"|must|will have to)\s+"
            r"(?![^.?!]*\byou\b)"
        ),
        0.6,
        0.5,
    ),
    Pattern(
        "should-be-once",
        "todo",
        ("should be", "needs to be", "has to be", "must be", "should eventually"),
        _ci(
            r"(?:\b(?:should|needs to|has to|must) be (?:(?:deleted|removed|dropped|reverted"
            r"|cleaned up|deprecated|retired|lowered|raised|bumped|updated|migrated|turned off"
            r"|disabled|enabled|rotated)\b"
            r"(?=[^.?!]*\b(?:once|after|when|before|in a follow[- ]?up)\b)"
            r"|\w+(?: \w+)? (?:in a follow[- ]?up|separately)\b)|\bshould eventually\b)"
            r"(?![^.?!]*\b(?:I'll|I will|you've|you have|you're|you are|you just)\b)"
        ),
        0.55,
        0.5,
    ),
    Pattern(
        "needs-doing",
        "todo",
        (
            *(f"{need} {doing}" for need in ("needs", "will need") for doing in (*_DOING, "doing")),
            "still needs",
        ),
        _ci(
            rf"\b(?:still )?(?:needs|will need) (?:{'|'.join(_DOING)}|doing)\b"
            r"|\bstill needs \S+(?: \S+){0,3} (?:added|removed|updated|fixed|changed|set|rotated)\b"
        ),
        None,
        0.5,
        scope="open",
    ),
    Pattern(
        "cant-ship-until",
        "todo",
        (
            "can't ship",
            "cant ship",
            "can't merge",
            "can't release",
            "can't deploy",
            "can't go live",
            "separate pr",
            "follow-up pr",
            "another pr",
            "come back",
            "for a separate",
            "for a follow",
        ),
        _ci(
            r"\bcan'?t (?:ship|merge|release|deploy|go live)(?: this| it)?"
            r" (?:until|before|without)\b"
            r"|\b(?:I'll|we'll|I will|we will) \w+(?: \w+){0,4} in a (?:separate|follow[- ]?up"
            r"|later|another) PR\b|\bwe need to come back (?:to|and)\b"
            r"|\bleav(?:e|ing) (?:that|this|it) for a (?:separate|follow[- ]?up|later)"
            r" (?:change|PR)\b"
        ),
        0.6,
        None,
    ),
    Pattern(
        "remind-me",
        "todo",
        ("remind me to", "remind me that", "remind us to"),
        _ci(r"\bremind (?:me|us) (?:to|that we (?:need to|should))\s+"),
        0.65,
        None,
        "after",
    ),
    Pattern(
        # what has the problem too, and was left as it is (`I didn't touch the admin export; it
        # has the same problem`): work left, in the closing report
        "same-problem-left",
        "todo",
        (
            "the same problem",
            "the same issue",
            "the same bug",
            "a similar problem",
            "a similar issue",
            "a similar bug",
        ),
        _ci(
            r"^(?=[^.?!]*\b(?:the same|a similar) (?:problem|issue|bug)\b)"
            r"(?=[^.?!]*\b(?:(?:didn't|did not|haven't|have not)"
            r" (?:touch|change|fix|update|address)"
            r"|left (?:it |them )?(?:alone|as (?:it|they) (?:is|are|was|were)|untouched))\b)"
        ),
        None,
        0.5,
        scope="open",
    ),
    Pattern(
        "didnt-get-to",
        "todo",
        ("get to", "got to", "gotten to"),
        _ci(r"\bI (?:didn't|did not|couldn't|could not|haven't|have not) (?:get|got|gotten) to\s+"),
        None,
        0.5,
        "after",
        scope="open",
    ),
    Pattern(
        "still-needs",
        "todo",
        ("still need", "still require"),
        _ci(r"\bstill (?:needs|requires) (?:to be |an? |its |some |more |the same )"),
        0.6,
        0.5,
        scope="open",
    ),
    Pattern(
        "not-yet",
        "todo",
        tuple(f"{done} yet" for done in _NOT_YET),
        _ci(
            r"\b(?:is|are|isn't|aren't|has|have|hasn't|haven't)(?: not)?(?: been)?"
            rf" (?:{'|'.join(_NOT_YET)}) yet\b"
        ),
        None,
        0.45,
        scope="open",
    ),
    # what its speaker has not tested, run or tried (`I haven't tested it on Windows yet`,
    # `nobody has actually loaded the build in Firefox ESR 115 yet`): that work, as a todo
    *(
        Pattern(
            f"untested-{verb}",
            "todo",
            _UNTESTED_KEYS,
            _ci(rf"{_UNTESTED_WHO}(?:{forms}){_UNTESTED_WHAT}"),
            0.5,
            0.45,
            "after",
            lead=f"{verb.capitalize()} ",
            scope="open",
        )
        for verb, forms in _UNTESTED_VERBS
    ),
    # a gap named as a state (`The CLI path is untested`, `There's no test for the retry path`,
    # `The nightly job has no alert when the unmatched count jumps`)
    Pattern(
        "untested-state",
        "todo",
        _GAP_KEYS,
        _ci(
            r"\b(?:is|are|was|were|remains?|stays?) (?:still |currently |completely |entirely "
            r"|largely |so far )?untested\b"
            r"|\b(?:has|have)(?:n't| not) (?:yet |actually |really )?been (?:tested|run|tried)"
            r" (?:on|in|with|against|under|for)\b"
            rf"|\b(?:there(?:'s| is| are)|has|have) (?:still |currently )?no {_GAP}"
            r" (?:for|on|when|that|if|around|covering|before|during|in|across)\b"
            r"|\bonly (?:linted|compiled|type-?checked)\b[^.?!]*\b(?:not|never|nobody|no one)\b"
        ),
        0.5,
        0.45,
        scope="open",
    ),
    # what the closing report asks the person to do when something holds (`If Lea still has the
    # Q1 outputs, re-score them with the new judge`, `If the error rate climbs, roll back`)
    Pattern(
        "if-then-do",
        "todo",
        ("if ",),
        _ci(
            r"^(?:and |also |but )?if (?!you (?:want|like|prefer|need me)|needed|desired"
            r"|wanted)[^,;:.?!]{6,100}, (?:then )?(?=(?:re-?\w+|run|check|ask|tell|update|add"
            r"|remove|rotate|bump|pin|ping|move|set|switch|raise|lower|increase|decrease|delete"
            r"|restart|deploy|roll back|revert|merge|file|schedule|notify|let \w+ know|look at"
            r"|open|disable|enable|drop|keep)\b)"
        ),
        None,
        0.45,
        "sentence",
        scope="end",
    ),
    Pattern(
        "next-steps",
        "todo",
        ("next step",),
        _ci(r"\bnext steps?\s*:\s*"),
        0.5,
        0.45,
        "after",
        scope="end",
    ),
    # decision: the person's words count most; the agent's "let's go with" is a proposal
    Pattern(
        "lets-go-with",
        "decision",
        ("let's go with", "lets go with", "go with"),
        _ci(rf"\blet'?s (?:just )?go with\s+|^{_ASSENT}?go with\s+(?!(?:it|that|this|the flow)\b)"),
        0.8,
        0.5,
        "after",
        "Go with ",
    ),
    Pattern(
        "lets-use",
        "decision",
        ("let's", "lets"),
        _ci(r"\blet'?s (?:use|stick with|stay with|switch to)\s+"),
        0.75,
        None,
        "after",
        "Use ",
    ),
    Pattern(
        "period-or-rather",
        "decision",
        ("period", "i'd rather"),
        _ci(
            r"^(?=[^.?!]{8,},? period\.?$)|^(?=I'd rather (?:we|you)\b[^.?!]* than\b)"
            # a preference of how it is done, with or without what it is preferred to
            r"|^(?=I'd rather (?:keep|use|go with|stick with|stay with|not)\b)"
        ),
        0.75,
        None,
    ),
    Pattern(
        "lets-not",
        "decision",
        ("let's not", "lets not"),
        _ci(
            r"\blet'?s not\s+(?!(?:decide|worry|bother|rush|get ahead)\b)"
            # `let's not do it in this PR`: put off, not decided against
            r"(?!do (?:it|that|this) (?:in this PR|now|today|yet|here)\b)"
        ),
        0.75,
        None,
        "after",
        "Don't ",
    ),
    Pattern(
        "others-decided",
        "decision",
        ("decided", "agreed"),
        _ci(
            r"\b(?:team|guild|legal|product|security|ops|management|architects?|leads?|committee"
            r"|board|council|owners?|they) (?:has |have )?(?:decided|agreed)(?: that| to)?\s+"
        ),
        0.7,
        0.55,
        "sentence",
    ),
    Pattern(
        "lets-verb",
        "decision",
        ("let's", "lets"),
        _ci(
            r"\blet'?s (?=(?:keep (?!going|moving|at it)|drop|remove|avoid|migrate|ship|adopt"
            r"|go for|default to|require|set (?=[^.?!]* to \S)|cap|limit"
            r"|pin|disable|enable|deprecate|replace|rename|split|skip|move (?!on\b)"
            r"|standardi[sz]e|switch|consolidate|retire|freeze"
            # `let's try the outbox first`: a choice; not `let's try again`, `try to see`
            r"|try (?!again|to|it|that|this|and|once|something|another|\w+ing)\b"
            r"|make (?!sure|it work|a note)"
            r"|do (?=[^.?!]*\b(?:with|via|through|instead|for now|first"
            r"|in (?:\w+ )?(?:steps?|phases?|batches|parts|stages))\b)"
            r"|build|stick|stay|go back to)\b)"
        ),
        0.7,
        None,
        "after",
    ),
    Pattern(
        "decision-label",
        "decision",
        (
            "decision",
            "entscheidung",
            "décision",
            "decisión",
            "decisione",
            "decisão",
            "решение",
            "final answer",
            "verdict",
            "final call",
            "the decision is",
            "decided:",
            "decided**:",
            "choice:",
            "choice**:",
            *label_keys("scelta", "choix", "choix retenu", "elección", "escolha", "выбор"),
            *label_keys("besluit", "beslissing", "decyzja", "beslut", "karar"),
        ),
        _ci(
            # not one still to be made (`Zur Entscheidung (nicht geändert):`, `Decision needed:`)
            r"(?<!\bzur )(?<!\bfor )(?<!\bopen )(?<!\bpending )(?<!\bawaiting )(?<!\bneeds a )"
            # nor one not made (`One thing that isn't decided: the notification text`)
            r"(?<!n't )(?<!\bnot )(?<!\byet )(?<!\bnicht )(?<!\bpas )(?<!\bnon )(?<!\bnão )"
            r"(?<!\bне )(?<!\binte )(?<!\bniet )"
            r"\b(?:decision|entscheidung|décision|decisión|decisione|decisão|final answer|verdict"
            r"|decided|(?:design )?choice|final call|scelta|choix(?: retenu)?|elección|escolha"
            r"|besluit|beslissing|decyzja|beslut|karar)(?! (?:needed|pending|required|to make"
            r"|for you|offen|ausstehend)\b)"
            # nor what a decision is (`…, la decisione è commerciale: …`): a label names one
            r"(?: (?!(?:is|was|è|ist|est|es|é|era|war)\b)[^\s:.!?]+){0,3}?[*_]*\s*:[*_]*\s*"
            r"|(?:решение|выбор)[*_]*\s*:[*_]*\s*|^the (?:final )?decision is(?: to| that)?\s+"
        ),
        0.8,
        0.6,
        "after",
    ),
    Pattern(
        "scratch-that",
        "decision",
        ("scratch", "scrap", "reverting", "reversing", "revisiting", "change of plan"),
        _ci(
            r"\b(?:scratch|scrap) (?:that|the|my|our)\b[^.?!:]{0,60}?(?:,\s*|:\s*|\s[—–-]\s*)"
            r"(?:instead,?\s+)?(?:we'll |we will |let's |we're going to )?(?:just )?"
            r"|^(?:reverting|reversing|revisiting) (?:my|our|the) (?:earlier |previous |last )?"
            r"(?:call|decision|choice|plan)\b[^:]{0,20}:\s*"
            # (`And change of plan on audit_events: forget seeding it…`)
            r"|^(?:(?:and|but|ok(?:ay)?|also|oh),? )?change of plans?"
            r"(?: (?:on|for|about) [^:,.]{1,40})?\s*[:,—–-]\s*"
        ),
        0.8,
        None,
        "after",
    ),
    Pattern(
        "decided-label",
        "decision",
        (
            *label_keys(
                "entschieden",
                "beschlossen",
                "décidé",
                "decidido",
                "decidida",
                "deciso",
                "decisa",
                "fechado",
                "combinado",
                "решено",
                "besloten",
                "zdecydowane",
                "zdecydowano",
                "beslutat",
                "karar verildi",
            ),
            # settled, then (`fechado então: …`)
            "fechado então",
            "décidé alors",
            "entschieden also",
            "decidido entonces",
            "deciso allora",
            "решено тогда",
        ),
        _ci(
            # not one not made (`Eine Sache ist noch nicht entschieden: der Text`)
            r"(?<!\bnicht )(?<!\bpas )(?<!\bencore )(?<!\bnon )(?<!\bancora )(?<!\bnão )"
            r"(?<!\bне )(?<!\bniet )(?<!\binte )(?<!\bnie )(?<!\bno )"
            r"\b(?:entschieden|beschlossen|décidé|decidid[oa]|decis[oa]|fechado|combinado|решено"
            r"|besloten|zdecydowane|zdecydowano|beslutat|karar verildi)"
            r"(?: (?:então|alors|also|dann|entonces|allora|тогда))?[*_]*\s*:[*_]*\s*"
        ),
        0.8,
        None,  # an agent's `Decidido: primero reviso los logs` is its next step
        "after",
    ),
    Pattern(
        "chose-not-to",
        "decision",
        (
            "not to",
            "deliberately",
            "intentionally",
            "purposely",
            "ended up not",
        ),
        _ci(
            r"(?:\b(?:I|we)(?:'ve| have)? |^|\s[—–]\s)(?:chose|opted|elected|decided|agreed)"
            r" not to\s+|\b(?:I|we) (?:deliberately|intentionally|purposely) (?:did not|didn't)"
            r"\s+|\bI ended up not (?:using|going with|adding|taking)\s+"
        ),
        0.8,
        0.6,
        "after",
        "Don't ",
    ),
    Pattern(
        "decided-with",
        "decision",
        ("decided with", "agreed with", "decided:", "agreed:"),
        _ci(r"^(?:we )?(?:decided|agreed)(?: (?:with|in) [^:]{1,30})?\s*:\s*"),
        0.75,
        0.6,
        "after",
    ),
    Pattern(
        "we-decided",
        "decision",
        ("decided", "agreed"),
        _ci(r"\bwe(?:'ve| have| had)? (?:decided|agreed)\s+(?:to\s+|that\s+|on\s+)?"),
        0.8,
        0.6,
        "after",
    ),
    Pattern(
        "i-decided",
        "decision",
        ("decided",),
        _ci(r"\bI(?:'ve| have)? decided\s+(?:to\s+|that\s+|on\s+)?"),
        0.8,
        None,
        "after",
    ),
    Pattern(
        "decided-to",
        "decision",
        ("decided", "entschieden"),
        _ci(r"\bdecided to\b|\bentschieden,? (?:dass|zu)\b"),
        0.7,
        0.5,
    ),
    Pattern(
        "rule-label",
        "decision",
        label_keys("rule", "convention", "policy", "going forward", "from now on"),
        _ci(r"^[*_]*(?:rule|convention|policy|going forward|from now on)[*_]*\s*:[*_]*\s*"),
        0.7,
        0.5,
        "after",
    ),
    Pattern(
        "chose-to",
        "decision",
        ("chose to", "opted to", "elected to"),
        _ci(r"\b(?:I|we)(?:'ve| have)? (?:chose|opted|elected) to\s+"),
        0.75,
        0.55,
        "after",
    ),
    Pattern(
        "chose",
        "decision",
        ("chose", "opted for", "settled on", "went with", "ended up", "go with", "going with"),
        _ci(
            r"(?:\b(?:I|we)(?:'ve| have)? |^)(?:chose|opted for|settled on|went with"
            r"|ended up (?:with|using))\s+(?!(?:to|the following|these|this one)\b)"
            r"|\bI(?:'ll| will|'m going to) go with\s+|\bI'm going with\s+"
        ),
        0.75,
        0.55,
        "after",
        "Go with ",
    ),
    Pattern(
        "kept-because",
        "decision",
        # the verb it opens with: `because` and `since` are in every other sentence
        (
            "kept",
            "left",
            "used",
            "picked",
            "went for",
            "dropped",
            "removed",
            "i put ",
            "we put ",
            "stuck with",
            "switched",
            "moved",
        ),
        _ci(
            rf"^(?:(?:I|we) )?{_KEPT}\b(?! (?:this|it|that)(?: one)? because\b){_WHY_AFTER}"
            # what was changed over, and to what (`I switched the parser to streaming to cap…`)
            r"|^(?:I|we) (?:switched|moved) (?:the |our )?[\w.`-]+(?: [\w.`-]+)?"
            rf" (?:to|into|over to)\b{_WHY_AFTER}"
            # `I dropped the header: computing it…`: why, after a colon (said by someone)
            rf"|^(?:I|we) {_KEPT}\b(?=[^.?!:]{{6,}}:\s)"
        ),
        0.6,
        0.45,
    ),
    Pattern(
        # a choice being made, with why or with what it replaces (`Switching this job to polars:
        # lazy scans keep memory at 6 GB`, `Keeping created_at since it's indexed, and dropping
        # created`, `Since every dependency is on SPM, I'm dropping CocoaPods`)
        "choosing-now",
        "decision",
        ("switching", "keeping", "dropping", "sticking with", "splitting", "replacing", "going to"),
        _ci(
            rf"^(?:(?:ok(?:ay)?|so|right|then),?\s+)?(?:I'm |we're )?{_CHOOSING}"
            r"(?=[^.!?]*(?:\b(?:since|because|instead of|rather than|so that)\b|,\s+so\b"
            r"|\band (?:dropping|keeping|moving|switching|pulling|replacing|drop|keep)\b|:\s))"
        ),
        0.6,
        0.5,
        "sentence",
    ),
    Pattern(
        # the same, why first: titled by the choice (`Since every dependency is on SPM, I'm
        # dropping CocoaPods`)
        "choosing-now-since",
        "decision",
        ("switching", "keeping", "dropping", "sticking with", "splitting", "replacing"),
        _ci(rf"^(?:since|because|as)\b[^.!?]{{5,160}},\s+(?:I'm |we're )(?={_CHOOSING})"),
        0.6,
        0.5,
        "after",
    ),
    Pattern(
        "switching-to",
        "decision",
        (
            "we're switching",
            "we are switching",
            "we're moving",
            "we are moving",
            "we're migrating",
            "we are migrating",
            "we're not ",
            "we are not ",
            "we're dropping",
            "we are dropping",
            "we're deprecating",
            "we're raising",
            "we're lowering",
            "we're increasing",
            "we're reducing",
            "we're cutting",
            "we're bumping",
            "we're changing",
            "we are deprecating",
            "we're retiring",
            "we are retiring",
            "we're sunsetting",
            "we are sunsetting",
        ),
        _ci(
            # what is given up, for good (`we're dropping the XML export entirely`)
            r"\bwe(?:'re| are) (?:dropping support for|deprecating|retiring|sunsetting)\b"
            r"|\bwe(?:'re| are) dropping\b(?=[^.?!]*\b(?:entirely|altogether|completely"
            r"|for good)\b)"
            # not moving is as much a choice (`then we're not moving to arq`)
            r"|\bwe(?:'re| are) (?:not )?(?:switching|moving(?! on\b)|migrating)\b"
            r"(?=[^.?!]*\bin(?:to)?\b|[^.?!]*\bto\b)"
            # a value the team changes, from what to what (`we're raising the Pro plan from $29
            # to $35 on March 1`)
            r"|\bwe(?:'re| are) (?:raising|lowering|increasing|reducing|cutting|bumping"
            r"|changing)\b(?=[^.?!]*\bfrom\b[^.?!]*\bto\b)"
        ),
        0.7,
        None,
    ),
    Pattern(
        "we-should-use",
        "decision",
        ("we should",),
        _ci(
            r"\bwe should (?:(?:always|never|just|probably) )?(?:use|keep|stick with|switch to"
            r"|go with|avoid|not|adopt|migrate to|move to|prefer)\s"
        ),
        0.6,
        None,
    ),
    Pattern(
        "the-plan-is",
        "decision",
        ("plan is",),
        _ci(r"^(?:(?:ok(?:ay)?|so|alright|fine),?\s+){0,2}the plan is(?: to|:)?\s+"),
        0.6,
        None,
        "after",
    ),
    Pattern(
        "well-use",
        "decision",
        ("we'll", "we will", "we're going to", "we are going to"),
        _ci(r"\bwe(?:'ll| will|'re going to| are going to) (?:use|go with|stick with)\s+"),
        0.75,
        None,
        "after",
        "Use ",
    ),
    Pattern(
        "well-verb",
        "decision",
        ("we'll", "we will", "we're going to", "we are going to"),
        _ci(
            rf"{_WE_THEN}(?:'ll| will|'re going to| are going to)"
            # not work put off (`we'll add the indexes later`: a todo)
            r"(?![^.?!]*\b(?:later|another time|next week)\b)"
            r" (?!keep (?:you|an eye|in touch|going|it|that|this)\b)(?=(?:ship|keep|drop|remove"
            r"|migrate|adopt|default to|require|pin|disable|enable|deprecate|replace|switch to"
            r"|move to|standardi[sz]e on|retire|freeze|roll out|add|go for|cap|limit|allow|block"
            r"|ignore|split|revert|rename|postpone|defer)\b)"
        ),
        0.7,
        None,
        "after",
    ),
    Pattern(
        # a person's choice for the team, in the present, after a word of assent (`ok then we
        # keep picard for now`): not what keeps happening (`we keep getting 502s`)
        "we-keep-now",
        "decision",
        (
            "we keep",
            "we stay",
            "we stick with",
            "we go with",
            "we'll stay",
            "we will stay",
            "we remain",
            "we'll remain",
        ),
        _ci(
            r"^(?:(?:ok(?:ay)?|so|then|fine|alright|right|hm+ ok(?:ay)?)[,.]?\s+)+(?:then\s+)?"
            r"we (?:keep|stay with|stick with|go with)\s+"
            r"(?!(?:getting|running|seeing|hitting|having|going|coming|losing)\b)"
            # staying on a thing needs no assent before it (`we stay on celery`)
            r"|\bwe(?:'ll| will)? (?:stay|remain) (?:on|with)\s+"
            r"(?!(?:me|us|you|it|this|that|the (?:call|line|page|topic|subject))\b)"
        ),
        0.7,
        None,
        "sentence",
    ),
    Pattern(
        "well-not",
        "decision",
        ("we won't", "we will not", "we're not going to", "we are not going to"),
        _ci(
            # … or in a clause of its own (`Constraints: …, and we are not going to use X`)
            rf"(?:{_WE_THEN}|(?:,|;|\s[—–-])\s+(?:and |but |so )?we) (?:won't|will not"
            r"|'re not going to|are not going to) (?=(?:support|ship|use|add|build|migrate|adopt"
            r"|keep)\b)"
        ),
        0.7,
        None,
        "after",
        "Don't ",
    ),
    Pattern(
        "recommend",
        "decision",
        ("i'd", "i would", "recommend", "i suggest"),
        _ci(
            r"^(?:(?:yes|so|then|here)[,.:]?\s+)?I(?:'d| would) (?:(?:go with|pick|choose"
            r"|stick with|recommend|prefer)\b(?! (?:you|to ask|asking)\b)"
            # how the agent would do a step is no choice, unless it says why or over what
            r"|(?:use|add|keep|suggest)\b(?=[^.?!]*(?:\brather than\b|\binstead of\b|\bbecause\b"
            r"|\bsince\b|\bso that\b|, so\b|\bover\b|:)))"
            r"|^[*_]*(?:my )?recommendation[*_]*\s*:[*_]*\s*(?=\S)"
            r"|^I (?:recommend|suggest)\b(?! (?:you|asking|that you)\b)"
        ),
        0.6,
        0.45,
        scope="replied",
    ),
    Pattern(
        "going-with",
        "decision",
        ("going with", "going to go with"),
        _ci(r"\bwe(?:'re| are) going (?:with|to go with)\s+|^going with\s+"),
        0.75,
        None,
        "after",
        "Go with ",
    ),
    Pattern(
        "agreed",
        "decision",
        ("agreed",),
        _ci(r"^(?:ok(?:ay)?[,.!]?\s+)?agreed\b[,.:!—–-]*\s*"),
        0.7,
        None,
        "after",
    ),
    Pattern(
        "it-is",
        "decision",
        ("it is:", "it is.", "it is,", "it is!", "it is —", "it is -"),
        _ci(
            r"^(?:option|plan|approach|variant|choice)\s+\S+ it is\b"
            rf"|^{_ASSENT}?(?!(?:that|so|what|here|there|how|as"
            r"|which|whatever|this|it)\b)(?![^.?!]*\bis\b[^.?!]* it is)"
            r"[\w.+#/-]+(?: [\w.+#/-]+){0,2} it is[.!]*$"
        ),
        0.7,
        None,
    ),
    Pattern(
        "standing-directive",
        "decision",
        ("keep", "never", "always", "avoid", "prefer", "stick", "stay on", "stay with"),
        _ci(
            r"(?:^(?:(?:yes|ok(?:ay)?)?,?\s*please,?\s+)?|[,;]\s*(?:and\s+|but\s+)?|\band\s+)"
            r"(?!(?-i:NEVER|ALWAYS|KEEP|AVOID))"  # shouted: an agent's instructions, not a choice
            r"(?=(?:keep|never|always|avoid|prefer|stick (?:with|to)"
            r"|stay (?:on|with (?!(?:me|us|it)\b)))\s)"
            r"(?!keep (?:going|it up|at it|trying|on|in mind|me posted|us posted|you posted"
            r"|it (?:short|brief|simple|concise))\b)"
            # an order's verb, not what a thing does (`Never reproduces locally for me`)
            r"(?!never \w+[^s\W]s\b)"
        ),
        0.65,
        None,
        "after",
    ),
    Pattern(
        # a tool or a form for every case (`Use UTC everywhere, convert only in the UI`)
        "use-everywhere",
        "decision",
        ("everywhere", "across the board", "consistently"),
        _ci(
            r"^(?:(?:yes|ok(?:ay)?|so),?\s+)?(?:use|store|keep|log|write) \S+(?: \S+){0,2}"
            r" (?:everywhere|across the board|consistently)\b"
        ),
        0.65,
        None,
    ),
    Pattern(
        "pick-option",
        "decision",
        ("option", "variant", "approach", "proposal", "plan "),
        _ci(
            rf"^{_ASSENT}?(?:(?:let's"
            r" (?:do|take|use|go for)|I'm (?:fine|ok|okay|good) with|I(?:'d)? (?:prefer|pick|choose"
            r"|take|go for)|(?:we'll|we will) (?:do|take|go for)) (?:option|variant|approach"
            r"|proposal|plan) (?:[A-Z0-9]|one|two|three|four)\b|(?:option|variant|approach|proposal"
            r"|plan) (?:[A-Z0-9]|one|two|three|four)(?=\s*(?:[,.!]|$)))"
        ),
        0.65,
        None,
    ),
    Pattern(
        "assent-choice",
        "decision",
        (  # words of their own (` ok `, not `look `): `languages.spaced` gives them a space
            " yes,",
            " yes ",
            " yeah",
            " yep",
            " ok,",
            " ok ",
            " okay",
            " sure",
            " sounds good",
            " agreed",
            " fine,",
            " great,",
            " perfect",
        ),
        _ci(
            rf"^(?:hm+,?\s+)?{_ASSENT}(?=(?:use|go with|go for|pick|keep|stick with|switch to)\s)"
            r"(?!\w+ (?:whatever|any|the same|what|going|it up|at it|trying|on)\b)"
            r"(?![^.?!]*\bplease\b)"
        ),
        0.65,
        None,
        "after",
    ),
    Pattern(
        "go-ahead-with",
        "decision",
        ("go ahead with",),
        _ci(rf"^{_ASSENT}?go ahead with\s+(?!(?:it|that|this)\b)"),
        0.65,
        None,
        "after",
        "Go ahead with ",
    ),
    Pattern(
        "use-not",
        "decision",
        (", not ", ", no "),
        _ci(
            # (`just use sqlite for tests, no docker`)
            r"^(?:just )?(?:use|keep|prefer|pick|choose|go with|stick with)\b[^.?!,]{1,60},\s*"
            r"(?:not|no)\s+\S"
            r"(?![^.?!]*\b(?:please|for now|this time|for this)\b)"
        ),
        0.65,
        None,
    ),
    Pattern(
        # an order that settles how a thing goes, with its condition or its reason (`ship it
        # with the flag off`, `Rename it to retry_budget, the old name is confusing`, `Drop the
        # Python 3.8 support, nobody uses it`, `Skip the Windows build for this release`)
        "settling-order",
        "decision",
        ("ship ", "rename ", "drop ", "skip ", "ditch ", "support", "don't ", "do not ", "never "),
        _ci(
            rf"^{_ASSENT}?(?:just )?(?:ship (?:it|this|that)\b[^.?!]{{0,20}}?\s(?:with|behind"
            r"|without)\s(?=[^.?!]*\b(?:flag|toggle|switch|off|on|disabled|enabled)\b)"
            r"|(?:rename|call) (?!me\b)[^.?!;]{1,40}?\bto \S+(?=[^.?!]*(?:\b(?:because|since"
            r"|so that)\b|,\s*(?:the old|it's|that's)\b))"
            # support given up (`drop 0.13 support`, `drop support for Python 3.8`)
            r"|drop (?:support for \S+|\S+(?: \S+)? support\b)"
            r"|(?:drop|skip|ditch) (?!(?:it|that|this|me)\b)[^.?!;]{1,40}?(?=,\s*(?:nobody|no one"
            r"|we don't|we do not|it's not|it isn't|that's not|they're not)\b|\s(?:for|in) (?:this"
            r"|the next|the first) (?:release|version|iteration|sprint|pr|mvp)\b|\s(?:because"
            r"|since)\b)"
            # what not to do, and the harm it would do (`Do not put REPLICA IDENTITY FULL on
            # audit_events, on a table that size it's a trap`)
            r"|(?:don't|do not|never) (?!(?:worry|bother|forget|know|think|care|mind|get|see)\b)"
            r"[^.?!;]{2,60}?,\s*(?=[^.?!]{0,60}\b(?:trap|risky|dangerous|unsafe|footgun|overkill"
            r"|a pain|too (?:slow|expensive|risky|fragile|much)|(?:will|would) (?:break|lock|block"
            r"|lose|corrupt))\b))"
        ),
        0.65,
        None,
    ),
    Pattern(
        "instead-because",
        "decision",
        ("instead of", "rather than", "statt"),
        _ci(_INSTEAD),
        0.75,
        0.5,
    ),
    # hypothesis: a guess not yet verified
    Pattern(
        "i-suspect",
        "hypothesis",
        ("i suspect", "also suspect", "still suspect", "strongly suspect", "hunch", "a feeling"),
        _ci(
            r"\bI (?:also |still |strongly )?suspect(?! you\b)(?:,? that)?\s+"
            r"|\bI(?:'ve got| have| had) a (?:strong |sneaking )?(?:hunch|feeling|gut feeling)"
            r"(?: that)?\s+(?!(?:about|we|you)\b)"
        ),
        0.6,
        0.6,
        "after",
    ),
    Pattern(
        "i-wonder",
        "hypothesis",
        ("i wonder",),
        _ci(r"\bI wonder (?:if|whether)\s+(?!(?:you|we|I)\b)(?=\S)"),
        0.5,
        0.5,
    ),
    Pattern(
        "looks-like-a",
        "hypothesis",
        (
            "smells like",
            "looks like",
            "sounds like",
            "feels like",
            "seems like",
            "might be a",
            "could be a",
            "may be a",
            "might well be",
            "could well be",
            "may well be",
        ),
        _ci(
            r"^(?:(?:this|it) )?smells like\s+(?=\S)"
            r"|\b(?:(?:smells|looks|sounds|feels|seems) like|(?:might|could|may) (?:well )?be)"
            r" (?:an?|some)\b[^.?!]{0,40}?\b(?:issue"
            r"|problem|bug|race|leak|regression|deadlock|misconfiguration|mismatch|timeout"
            r"|permissions? error|caching)\b"
        ),
        0.5,
        0.5,
    ),
    Pattern(
        "my-hypothesis",
        "hypothesis",
        (
            "my hypothesis",
            "my guess",
            "best guess",
            "my theory",
            "my suspicion",
            "my hunch",
            "my working",
            "hypothesis:",
        ),
        _ci(
            r"\bmy (?:working |best )?(?:hypothesis|guess|theory|suspicion|hunch)(?: is(?: that)?"
            r"|\s*[:—–])\s*"
            r"|\bhypothesis\s*:\s*"
        ),
        0.6,
        0.6,
        "after",
    ),
    Pattern(
        "probably-caused",
        "hypothesis",
        ("probably", "likely", "possibly"),
        _ci(r"\b(?:probably|likely|possibly) (?:caused by|due to|because)\b"),
        0.5,
        0.5,
    ),
    Pattern(
        "might-be-because",
        "hypothesis",
        ("might be", "may be", "could be"),
        _ci(r"\b(?:might|may|could) be (?:caused by|due to|because)\b"),
        0.45,
        0.45,
    ),
    Pattern(
        "i-bet",
        "hypothesis",
        (
            "i bet",
            "i'd bet",
            "i'm betting",
            "my bet",
            "my money",
            "i'm guessing",
            "makes me think",
            "surprise me",
            "be surprised",
        ),
        _ci(
            r"^(?:my money(?:'s| is) on|I'm guessing(?: that)?)\s+"
            r"|^(?:it )?(?:wouldn't|would not) surprise me if(?: (?:it's|it is) )?\s*"
            r"|^I (?:wouldn't|would not) be surprised if(?: (?:it's|it is) )?\s*"
            r"|\bwhich makes me think(?: that)?\s+"
            r"|^(?:I bet|I'd bet|I'm betting|my bet is)(?: that)?\s+(?=(?:it's|it is|it was|this is"
            r"|that's|the \S+(?: \S+)? (?:is|was|are|were)(?! (?:pass|green|done|fine)))\b)"
        ),
        0.5,
        0.5,
        "after",
    ),
    Pattern(
        "could-be-the",
        "hypothesis",
        (
            "could be",
            "might be",
            "may be",
            "maybe it",
            "maybe this",
            "maybe that",
            "perhaps it",
            "perhaps this",
            "perhaps that",
        ),
        _ci(
            r"^(?:(?:(?:it|this|that) )?(?:could|might|may) (?:well )?be"
            r"|(?:maybe|perhaps) (?:it's|it is|this is|that's|that is)) (?:(?:the|a|an|our)\b"
            r"(?! (?:good|better|worth|nice|fine|easier|simpler|useful|helpful|overkill|option"
            rf"|idea|problem for later)\b)|\w+ {_FAULT})"
        ),
        0.45,
        0.45,
    ),
    Pattern(
        "culprit-label",
        "hypothesis",
        tuple(
            f"{how} {what}:"
            for how in ("likely", "probable", "possible", "prime", "main")
            for what in ("culprit", "cause", "suspect", "explanation")
        ),
        _ci(
            r"^[*_]*(?:most )?(?:likely|probable|possible|prime|main) (?:culprit|cause|suspect"
            r"|explanation)[*_]*\s*:[*_]*\s*"
        ),
        0.55,
        0.55,
        "after",
    ),
    Pattern(
        "probably-the",
        "hypothesis",
        ("probably",),
        _ci(
            rf"^probably (?=(?:the|a|an|our|some)\b|\w+ {_FAULT})(?![^.!]*\?)"
            r"(?![^.?!]*\b(?:simplest|easiest|best|better|fix|way|option|approach|fine|enough)\b)"
        ),
        0.45,
        0.45,
    ),
    Pattern(
        "likely-culprit",
        "hypothesis",
        tuple(
            f"{how} {what}"
            for how in ("likely", "probable", "possible")
            for what in ("culprit", "cause", "explanation", "reason")
        ),
        _ci(
            r"(?:^|\bthe )(?:most )?(?:likely|probable|possible|plausible) (?:culprit|cause"
            r"|explanation|reason)(?: of [^.?!]{1,60}?)? (?:is|was|seems)\b"
        ),
        0.5,
        0.5,
    ),
    Pattern(
        "fix-is-likely",
        "hypothesis",
        ("likely", "probably"),
        _ci(
            rf"\bthe (?:(?:minimum|minimal|simplest|real|actual) )?(?:fix|reason|trigger|bottleneck"
            rf"|{_CAUSE})\b[^.?!]{{0,40}}? (?:is|was) (?:most )?(?:likely|probably)\b"
            r"|^(?:the|this|that|it|its|our)\b[^.?!,;]{0,60}? (?:is|are|was|were) (?:most )?"
            r"(?:likely|probably)\b(?! (?:fine|ok|okay|good|safe|enough|easier|simpler|better"
            r"|still|done|finished|running"
            r"|worth|overkill|not|the (?:best|simplest|easiest|right))\b)"
            # what most likely happened: `the deploy most likely picked up an old image`
            r"|\b(?:most|very) likely (?=\w+ed\b|(?:came|went|got|took|ran|broke|hit|caught)\b)"
            r"|\b(?<!I )(?<!we )probably (?=(?:kept|held|leaked|raced|dropped|reused|cached"
            r"|shared|missed|skipped)\b)"
        ),
        0.5,
        0.5,
    ),
    Pattern(
        "could-it-be",
        "hypothesis",
        ("could it be", "might it be", "can it be", "is it possible"),
        _ci(
            r"^(?:(?:hm+|so)[,.]?\s+)?(?:could|might|can) it be(?: that)?\s+"
            r"|^is it possible that\s+"
        ),
        0.5,
        0.45,
        "after",
    ),
    Pattern(
        "might-be-that",
        "hypothesis",
        ("might be that", "may be that", "could be that", "possibility is", "explanation is"),
        _ci(
            r"(?:\b(?:it|this|that) |^)(?:might|may|could) be that\b"
            r"|\bone (?:possibility|possible explanation|explanation) is(?: that)?\b"
        ),
        0.5,
        0.5,
    ),
    Pattern(
        "maybe-the-cause",
        "hypothesis",
        ("culprit", "to blame", "responsible for", "the reason", " cause", "causing", "trigger"),
        _ci(
            r"^(?:maybe|perhaps)\b[^.?!]{0,80}\b(?:culprit|cause[sd]?|causing|to blame"
            r"|responsible for|the reason)\b|\b(?:could|might|may) be (?:the )?[^.?!]{1,60}?"
            r" (?:that|which) (?:cause|causes|is causing|triggers?)\b"
        ),
        0.5,
        0.45,
    ),
    Pattern(
        "i-think-the-cause",
        "hypothesis",
        ("i think", "i believe"),
        _ci(
            rf"\bI (?:think|believe) (?:the {_CAUSE} (?:is|was)\b|(?:this|it|that)(?:'s| is| was)"
            r" (?:caused by|due to|because of|coming from)\b)"
        ),
        0.55,
        0.5,
    ),
    Pattern(
        "i-think-so",
        "hypothesis",
        ("i think", "i believe", "i guess"),
        _ci(
            r"^(?:(?:so|hmm|well|btw|by the way|also|and|but|fwiw|tbh|honestly|actually),?\s+)?"
            r"I (?:think|believe|guess),? (?:that )?"
            r"(?=(?:the|our|their|its)\s+(?!(?:best|right|simplest|easiest|cleanest|only|better)\b)"
            r"\w)(?![^.?!]*\b(?:should|need to|have to|must"
            r"|would be)\b)(?![^.?!]*(?:'s|'re| is| are| was| were) (?:fine|good|ok|okay|done"
            r"|ready|enough|better|worth|the (?:best|right|simplest))\b)"
        ),
        0.45,
        0.45,
        "after",
    ),
    Pattern(
        "ich-vermute",
        "hypothesis",
        ("vermute",),
        _ci(r"\bich vermute,?(?: dass)?\s+"),
        0.55,
        0.55,
        "after",
    ),
    Pattern(
        "perhaps-so",
        "hypothesis",
        ("perhaps", "possibly", "maybe"),
        _ci(
            r"^(?:perhaps|possibly|maybe),?\s+(?:the|this|that|it|its|our|their)\b(?=[^?]*$)"
            r"(?=.*\b(?:is(?!n't| to)|isn't|are|aren't|was|wasn't|were|comes?|came|happens?"
            r"|fails?|breaks?|caus(?:es|ed))\b)"
        ),
        0.45,
        0.45,
    ),
    # insight: something the session found out
    Pattern(
        "root-cause-was",
        "insight",
        ("root cause", "cause of", "actual cause", "real cause", "underlying cause"),
        _ci(
            r"\bthe (?:(?:actual |real |underlying )?root cause|(?:actual|real|underlying) cause"
            r"|cause(?= of\b))(?: of [^.?!]{1,80}?)? (?:was|is)\b"
        ),
        0.7,
        0.7,
    ),
    Pattern(
        "root-cause-label",
        "insight",
        ("root cause",),
        _ci(r"^[*_]*(?:the )?root cause[*_]*\s*[:.][*_]*\s*"),
        0.65,
        0.65,
        "after",
        "Root cause: ",
    ),
    Pattern(
        "ursache-label",
        "insight",
        ("ursache",),
        _ci(r"^[*_]*(?:die )?ursache[*_]*\s*[:.][*_]*\s*"),
        0.65,
        0.65,
        "after",
        "Ursache: ",
    ),
    Pattern(
        "turns-out",
        "insight",
        ("turns out", "turned out"),
        _ci(r"\b(?:it )?turn(?:s|ed) out\b"),
        0.55,
        0.55,
    ),
    Pattern(
        "the-problem-was",
        "insight",
        ("problem", "issue", "bug", "culprit", "bottleneck"),
        _ci(
            r"\bthe (?:actual |real |underlying )?(?:problem|issue|bug|culprit) was\b"
            r"|\bthe (?:actual |real )?culprit is\b"
            r"|\bthe (?:actual |real |biggest |main )?(?:problem|issue|bug|bottleneck)"
            r" (?:is|was|lies|lay|sits) (?:in|with)\b"
            # what it is, then why after a colon (`The biggest problem is the cache key: it…`)
            r"|\bthe (?:actual |real |biggest |main )(?:problem|issue|bottleneck) (?:is|was)"
            r" (?=[^.?!:]{3,60}:\s)"
        ),
        0.6,
        0.6,
    ),
    Pattern(
        "the-problem-is-that",
        "insight",
        ("problem", "issue", "bug", "culprit"),
        _ci(r"\bthe (?:actual |real |underlying )?(?:problem|issue|bug|culprit) is that\b"),
        None,
        0.5,
    ),
    Pattern(
        "happens-because",
        "insight",
        (
            *(f"{it} {verb}" for it in ("this", "that", "it") for verb in _GOES_WRONG),
            *(f"{it}{be} because" for it in ("this", "that") for be in ("'s", " is", " was")),
            *(f"{state} because" for state in _WRONG_STATES),
        ),
        _ci(
            rf"^(?:this|that|it) (?:{'|'.join(_GOES_WRONG)})\b[^.?!,]{{0,40}}? because\b"
            r"|^(?:this|that)(?:'s| is| was) because\b"
            rf"|\b(?:is|was|are|were) (?:so )?(?:{'|'.join(_WRONG_STATES)}) because\b"
        ),
        0.5,
        0.55,
    ),
    Pattern(
        "just-realized",
        "insight",
        ("just realized", "just realised", "just noticed"),
        _ci(r"^(?:(?:so|oh|oh wait|wait|ah),? )?(?:I )?just (?:reali[sz]ed|noticed)(?: that)?\s+"),
        0.55,
        0.55,
        "after",
    ),
    Pattern(
        "bisect-landed",
        "insight",
        ("bisect",),
        _ci(r"^(?:git )?bisect (?:landed on|points (?:at|to)|found|blames)\b"),
        0.55,
        0.55,
    ),
    Pattern(
        "just-learned",
        "insight",
        ("just learned", "just learnt", "learned today", "learnt today"),
        _ci(
            r"\b(?:I|we) (?:just (?:learned|learnt)|(?:learned|learnt) today)(?: that)?\s+"
            r"(?=(?:the|a|an|our|this|it|there|\S+ (?:is|are|was|were|does|doesn't|can't)\b))"
        ),
        0.55,
        0.55,
        "after",
    ),
    Pattern(
        "profile-shows",
        "insight",
        ("profile", "profiler", "profiling", "flame", "trace shows", "query plan", "explain"),
        _ci(
            r"\bthe (?:profiles?|profiler|profiling|flame ?graphs?|traces?|query plan"
            r"|explain(?: plan| output)?) (?:shows?|showed|confirms?|confirmed|reveals?|revealed"
            r"|points? to|pointed to)\b"
            r"(?=[^.?!;]*(?:\b(?:is|are|was|were|takes?|took|spends?|spent|dominates?"
            r"|accounts? for|most of|almost all)\b|%))"
        ),
        0.55,
        0.55,
    ),
    Pattern(
        "note-that",
        "insight",
        (
            "note that",
            "notably",
            "keep in mind",
            "bear in mind",
            "be aware",
            *label_keys("note", "nb"),
        ),
        _ci(
            r"^(?:(?:note|keep in mind|bear in mind|be aware),? that"
            r"|[*_]*(?:note|nb)[*_]*\s*:[*_]*)"
            r"\s*(?!\s*(?:I|I'm|I've|I'll|we|we're|we've|we'll|you|this (?:PR|change|commit))\b)"
            # a word on the process, not the system: `Note that this may take a minute`
            r"(?![^.?!]*\btakes? (?:a (?:minute|moment|while|few)|some time|long)\b)"
            rf"(?!{ASIDE})"
        ),
        None,  # the person's `Note:` is an order to the agent, or a pasted template's
        0.5,
        "after",
    ),
    Pattern(
        "comes-from-not",
        "insight",
        ("comes from", "come from", "came from", "coming from"),
        _ci(r"\b(?:comes?|came|is coming) from\b[^.?!,]{1,40}, not (?:from )?\S"),
        0.55,
        0.55,
    ),
    Pattern(
        "only-when",
        "insight",
        (
            *(
                f"only {verb}"
                for verb in (*_GOES_WRONG, "shows up", "show up", "appears", "reproduces")
            ),
            *(f"{verb} only" for verb in (*_GOES_WRONG, "reproduces")),
        ),
        _ci(
            rf"^(?:it|this|that|the \S+(?: \S+)?) only (?:{'|'.join(_GOES_WRONG)}|shows? up"
            r"|appears|reproduces) (?:when|if|on|in|with|after|for)\b"
            rf"|\b(?:{'|'.join(_GOES_WRONG)}|reproduces) only (?:when|if|on|after)\b"
        ),
        0.55,
        0.55,
    ),
    Pattern(
        "insight-label",
        "insight",
        (
            *label_keys("finding", "findings", "insight", "discovery", "observation", "diagnosis"),
            *label_keys("interesting", "interestingly", "confirmed", "verified"),
            *label_keys("gotcha", "caveat", "pitfall"),
            "gotcha ",
            "caveat you",
            "caveat to",
            "would have bitten",
            "noticed something",
            "ran into",
            "i noticed",
            "i found",
            "i learned",
            "i discovered",
            "explains it",
            "explains why",
            "explains the",
            "interesting,",
            "interestingly,",
        ),
        _ci(
            r"^[*_]*(?:(?:key |main |important )?(?:finding|insight|discovery|observation)s?"
            r"|diagnosis"
            r"|interesting(?:ly)?|confirmed|verified|(?:(?:one|a|another|the|last) )?(?:small |big "
            r"|nasty )?(?:gotcha|caveat|pitfall)(?: [^:*_]{1,32})?"
            # (`While checking this I noticed something related:`, `One thing that would have
            # bitten you:`)
            r"|(?:while [^:,.]{3,40}?,?\s+)?(?:(?:something|one thing|what) I (?:ran into|noticed"
            r"|found|learned|discovered)|I noticed something)(?: related| else| odd)?"
            r"|(?:one |the )?thing that (?:would have|will|could) (?:bitten|bite|hit) you)"
            r"[*_]*\s*:"
            r"[*_]*\s*"
            r"|^(?:that|this|which) explains (?:it\s*[:,—–-]|why\b|[^:.]{1,60}:)\s*"
            r"|^interesting(?:ly)?,\s+(?=(?:the|it|this|that|our|\S+ (?:is|are|was|were))\b)"
        ),
        0.6,
        0.6,
        "after",
    ),
    Pattern(
        "risk-is",
        "insight",
        ("risk", "catch", "downside", "drawback"),
        _ci(
            r"(?:^|\b(?:the|one) (?:main|biggest|big|key|real|only|one) )[*_]*(?:(?:the|one) )?"
            r"(?:risks?|catch|downside|drawback)(?: here)?[*_]*(?: is(?: that)?|\s*:)[*_]*\s+"
            r"(?!(?:low|small|minimal|minor|negligible|none|here|there)\b)"
        ),
        0.55,
        0.55,
        "after",
    ),
    Pattern(
        "worth-knowing",
        "insight",
        (
            "worth knowing",
            "good to know",
            "fyi",
            "beware",
            "watch out",
            "be aware",
            "heads up",
            "heads-up",
            "pour info",
            "zur info",
            "per info",
        ),
        _ci(
            r"^[*_]*(?:worth knowing|good to know|fyi|heads[- ]up|pour info|zur info|per info)[*_]*"
            r"\s*[:,—–-]?[*_]*\s+"
            r"(?!(?:I|I'm|I'll|I've|we're|we'll|we've)\s)"
            r"|^(?:beware|watch out|be aware)(?:,? that|\s*:)\s+"
        ),
        0.5,
        0.5,
        "after",
    ),
    Pattern(
        "til",
        "insight",
        ("til:", "til that", "til,", "til -", "til —"),
        re.compile(r"^TIL(?:\s*[:,—–-]|\s+that\b)\s*"),
        0.6,
        0.6,
        "after",
    ),
    Pattern(
        "found-the-bug",
        "insight",
        (
            "found the bug",
            "found the issue",
            "found the problem",
            "found the culprit",
            "found the cause",
            "found it",
        ),
        _ci(r"^found (?:the (?:bug|issue|problem|culprit|cause)|it)\s*[:—–-]\s*"),
        0.6,
        0.6,
        "after",
    ),
    Pattern(
        "comes-from",
        "insight",
        (
            "comes from",
            "came from",
            "stems from",
            "stemmed from",
            "originates from",
            "originated from",
            "caused by",
            "triggered by",
        ),
        _ci(
            r"\b(?:slowdown|slowness|latency|leak|crash|error|failure|flakiness|regression"
            r"|timeout|bug|problem|issue|spike|delay|mismatch|drift|hang|freeze|stall|lag|outage"
            r"|\d{3})s?"
            r" (?:(?:comes?|came|stem(?:s|med)?|originat(?:es|ed)) from"
            r"|(?:is|are|was|were) (?:all )?(?:caused|triggered) by)\b"
        ),
        0.55,
        0.55,
    ),
    Pattern(
        "which-is-why",
        "insight",
        (
            "which is why",
            "which was why",
            "which explains",
            "that's why",
            "that is why",
            "this is why",
        ),
        _ci(
            r",\s+which (?:is|was) why\b|,\s+which explains\b"
            r"|^(?:that's|that is|this is) why\b(?! (?:I|I'm|I've|we)\b)"
        ),
        0.5,
        0.5,
    ),
    Pattern(
        "the-fix-was",
        "insight",
        ("fix was",),
        _ci(r"\bthe (?:actual |real )?fix was\b"),
        0.55,
        0.55,
    ),
    Pattern(
        "learned-that",
        "insight",
        ("learned", "learnt"),
        _ci(r"\b(?:I|we)(?:'ve| have)? learn(?:ed|t) that\b"),
        0.6,
        0.6,
    ),
    Pattern(
        "the-reason-is",
        "insight",
        ("the reason", "the real reason"),
        _ci(
            r"\bthe (?:real |actual )?reason (?:is|was)\b|\bthe (?:real |actual )?reason\b"
            r"[^.?!]{1,60}? (?:is|was) that\b"
        ),
        0.5,
        0.5,
    ),
    Pattern(
        "learned-is",
        "takeaway",
        ("thing i learned", "thing i've learned", "take away from", "takeaway from"),
        _ci(
            r"\bthe (?:main|key|big|one) thing I(?:'ve)? learned(?: today| here)? is(?: that)?\s+"
            r"|^what I take away from\b[^.?!]{0,40}? is(?: that)?\s+"
        ),
        0.6,
        0.6,
        "after",
    ),
    Pattern(
        "takeaway-is",
        "takeaway",
        ("takeaway", "lesson", "moral of the story", "bottom line"),
        _ci(
            # at the start, or of the clause after a colon (`And on the dashboard: the lesson is…`)
            r"(?:^|(?<=: )|(?<=; ))(?:so,? )?(?:(?:the|my|our|one) )?"
            r"(?:(?:key|main|big|bigger|biggest|real|general|broader|important) )?"
            r"(?:takeaway|lesson|moral of"
            r" the story|bottom line)(?: (?:from this(?: (?:one|whole \w+|\w+))?|for"
            r" (?:me|us)|here|from (?:this|that|today)))? (?:is|was)(?: that| to)?\s+"
        ),
        0.65,
        0.6,
        "after",
    ),
    # question: only what is still open when the session ends
    Pattern(
        "open-question",
        "question",
        (
            "open question",
            "offene frage",
            "open point",
            "question for",
            "questions for",
            "offen ist",
            "separate question",
            "side question",
            "another question",
            *label_keys("open"),
            *label_keys("still open", "still unclear", "undecided", "unresolved", "unclear", "tbd"),
        ),
        _ci(
            r"\b(?:open|offene) (?:questions?|fragen?)\b[^:?]{0,40}:\s*|\bopen points?\s*:\s*"
            # a question apart from the work (`Separate question: do you need copytruncate…?`)
            r"|^(?:a |one )?(?:separate|side|another) question\s*:\s*(?=[^?]{8,}\?)"
            r"|^offen ist (?:nur |noch )*eine sache\s*:\s*"
            r"|\b(?:open|offene) (?:questions?|fragen?)\s+[—–-]\s+"
            r"|^[*_]*open[*_]*\s*:[*_]*\s*(?=[^?]{8,}\?|whether\b)"
            r"|^[*_]*(?:still (?:open|undecided|unclear)|undecided|unresolved|unclear|tbd"
            r"|questions? for (?!you\b|me\b)[^:?]{1,30})[*_]*\s*:[*_]*\s*"
        ),
        0.7,
        0.7,
        "after",
    ),
    Pattern(
        "still-unclear",
        "question",
        ("unclear", "not clear", "undecided", "open "),
        _ci(_UNCLEAR),
        0.6,
        None,
    ),
    Pattern(
        "dont-know-whether-at-the-end",
        "question",
        (
            "don't know whether",
            "do not know whether",
            "don't know if",
            "do not know if",
            "know yet whether",
            "know yet if",
            "not sure whether",
            "not sure if",
        ),
        # not what the person wants (`I'm not sure if you also want it in the docs`): an offer
        _ci(
            r"^I(?: still)?(?: (?:don't|do not) know(?: yet)?|'m not sure| am not sure)"
            r" (?:whether|if)\s+"
            r"(?!you\b)(?=\w)"
        ),
        None,
        0.55,
        "after",
        "Whether ",
        scope="open",
    ),
    Pattern(
        "still-unclear-at-the-end",
        "question",
        ("unclear", "not clear", "undecided", "open "),
        _ci(_UNCLEAR),
        None,
        0.6,
        scope="open",
    ),
    Pattern(
        "wonder-whether",
        "question",
        (
            "wonder whether",
            "wonder if",
            "wondering whether",
            "wondering if",
            "clear to me",
            "back and forth",
            "sure whether",
            "sure if",
        ),
        _ci(
            r"(?:^(?:(?:and|but|so|also|now|and now|honestly),? )?(?:(?:I )?wonder"
            r"|I(?:'m| am) (?:also |now )?wondering) (?:whether|if)\s+"
            r"|\bnot clear to me (?:whether|if)\s+|\bunclear to me (?:whether|if)\s+"
            r"|^(?:I'm |I am )?not sure (?:whether|if)\s+(?=[^.!]*\?)"
            r"|^I keep going back and forth on (?:whether|if)\s+)(?!you\b)"
        ),
        0.55,
        None,
        "after",
        "Whether ",
    ),
    # what the person will ask someone else (`I'll write to the graduate school office and ask
    # whether PDF/A-2b is ok`): open for this session, unless it comes back to it
    Pattern(
        "ask-someone-whether",
        "question",
        (" ask ", "check with"),
        _ci(
            r"^(?:(?:ok|okay|so|and|but|also|then),? )?I(?:'ll| will|'m going to| am going to"
            r"| need to| have to| should| must)? (?:also |first )?(?:(?:write to|e-?mail|ping"
            r"|call|message) (?:[^\s,.?!]+ ){1,5}?and (?:then )?)?(?:ask|check with)"
            r" (?!you\b|around\b)(?:[^\s,.?!]+ ){0,5}?(?:whether|if)\s+"
        ),
        0.55,
        None,
        "after",
        "Whether ",
        scope="open",
    ),
    # the question first, then that it is open (`Who owns the shared-types package is still an
    # open point`, `Whether finance accepts the gap is up to Priya`), or not found out yet (`We
    # haven't figured out how to migrate existing tenants`)
    Pattern(
        "asked-then-open",
        "question",
        (
            "open point",
            "open question",
            "open issue",
            "still open",
            "unclear",
            "undecided",
            "up to",
            "to decide",
            "figured out",
            "worked out",
            "something to raise",
            "something to discuss",
            "something to decide",
            "something to bring up",
            "something to settle",
            "something to take up",
            "a question for",
            "a topic for",
            "not deciding",
            "park it",
            "park that",
            "decide later",
        ),
        _ci(
            r"^(?=(?:whether|who|how|which|what|when|where)\b[^.?!]{5,}?\b(?:is|remains)"
            r" (?:still )?(?:an open (?:point|question|issue|item)|open|unclear|undecided"
            r"|not (?:yet )?decided|up to (?!date\b)\w+|for \w+ to decide"
            # … or to be raised later (`whether we go to 26 at all is something to raise at
            # planning`)
            r"|something to (?:raise|discuss|decide|bring up|settle|take up)|a (?:question|topic)"
            r" for)\b)"
            # … or put off after a dash (`whether we move to service config — not deciding that
            # today, park it`)
            r"|^(?=(?:whether|if)\b[^.?!]{5,}?\s[—–-]\s+(?:not deciding|(?:let's )?park (?:it|that)"
            r"|decide (?:it |that )?later)\b)"
            r"|^(?:we|I) (?:still )?(?:haven't|have not) (?:yet )?(?:figured|worked) out (?:yet )?"
            r"(?=(?:how|whether|if|what|who|which|when|why)\b)"
        ),
        0.6,
        0.55,
        "after",
    ),
    Pattern(
        "open-question-stated",
        "question",
        ("open question", "open item"),
        # or a topic marked open (`**Blurhash placeholders** — open question.`)
        _ci(
            r"\b(?:is|remains) (?:still )?an open (?:question|item)\b"
            r"|\S\s*(?:[—–:]|\s-)\s*(?:still )?(?:an )?open (?:question|item)[.!]?$"
        ),
        0.6,
        0.6,
    ),
    Pattern(
        "could-not-determine",
        "question",
        (
            "couldn't",
            "could not",
            "can't",
            "cannot",
            "wasn't able",
            "unsure about",
            "not sure about",
            "open question is",
            "resolved",
            "settled",
            "decided",
            "figured out",
            "unknown",
            "open question",
        ),
        _ci(
            r"^[*_]*(?:one thing|something|what) I (?:couldn't|could not|can't|cannot"
            r"|wasn't able to) (?:determine|figure out|find out|tell|confirm|verify|work out"
            r"|answer|check)"
            # up to its colon or its `is` (`…tell from the logs is whether…`), if any
            r"(?:[^:.?!]{0,40}?(?::\s*|\s+(?:is|was)\s+(?=(?:whether|if|why|how|what|when|where"
            r"|which|who)\b))|[^:]{0,20}?)"
            r"|^[*_]*(?:one thing|something|what)(?: that)? (?:isn't|is not|hasn't been"
            r"|has not been|is still not|wasn't|was not) (?:yet )?(?:decided|settled|resolved"
            r"|clear)[^:]{0,12}:\s*"
            r"|^[*_]*(?:one thing|something) (?:we|I|neither of us) (?:haven't|hasn't|have not"
            r"|has not|has|have) (?:yet )?(?:resolved|settled|decided|figured out)[^:]{0,12}:\s*"
            r"|^[*_]*(?:the )?big(?:gest)? (?:unknowns?|open questions?)[*_]*\s*:\s*"
            r"|^[*_]*(?:one thing|something) I'm (?:still )?(?:unsure|not sure) about"
            r"\s*:\s*"
            r"|^(?:the )?(?:big(?:gest)? |main |remaining |one )?open question (?:is|remains)"
            r" (?=whether|if|who|what|which|how|when|where|why)"
            r"|^I (?:couldn't|could not|wasn't able to) (?:determine|figure out|tell|confirm"
            r"|verify)"
            r" (?=whether|if)"
        ),
        0.6,
        0.6,
        "after",
    ),
    Pattern(
        "question-for-you",
        "question",
        ("question for you", "questions for you"),
        _ci(r"^[*_]*(?:one )?questions? for you[*_]*\s*:[*_]*\s*"),
        None,
        0.6,
        "after",
        scope="end",
    ),
    Pattern(
        "not-sure-whether",
        "question",
        ("sure whether", "sure if"),
        _ci(r"\bI (?:wasn't|was not|am not|'m not) sure (?:whether|if)\s+"),
        None,
        0.5,
        "after",
        "Whether ",
        scope="open",
    ),
    Pattern(
        "unresolved",
        "question",
        ("to be decided", "unresolved"),
        _ci(r"\bto be decided\b|\b(?:is|are|remains?|still) unresolved\b"),
        0.6,
        0.6,
        scope="open",
    ),
)

_OPEN_SECTION = (
    # a bare `Open` heading over the list of what is left (`**Offen**`, `**Pendiente**`)
    r"(?:open|offen|noch offen|ouvert|en suspens|abierto|pendiente|aperto|in sospeso|em aberto"
    r"|открыто|nog open|otwarte|öppet|açık"
    # … and said to be still so, or as points (`Still open:`, `Points ouverts`)
    r"|still open|open points|points ouverts|reste ouvert|sigue abierto|puntos abiertos"
    r"|ancora aperto|punti aperti|ainda em aberto|pontos em aberto|open punten|всё ещё открыто"
    r"|nadal otwarte|fortfarande öppet|hâlâ açık"
    # … or said to remain open, as the speaker sees it (`Offen bleibt aus meiner Sicht:`)
    r"|(?:what )?(?:still )?remains open|offen bleibt(?: noch)?|reste ouvert|queda abierto"
    r"|resta aperto|fica em aberto|остаётся открытым)"
    r"(?: (?:in my view|from my side|for me|aus meiner sicht|für mich|à mon avis|de mon côté"
    r"|para mí|a mio avviso|na minha opinião|на мой взгляд))?$"
)
OPEN_SECTION = _ci(rf"^{_OPEN_SECTION}")
"""A heading that only says its list is open: work left, or, beside a list of the work left
(`**Zu tun** … **Offen** …`), what is still to be settled."""
FOLLOW_UP_SECTION = _ci(
    r"^(?:follow[- ]?ups?|todos?|to-dos?|to do|open (?:tasks|items)|offene (?:tasks|aufgaben"
    r"|punkte)|(?:noch )?zu tun|remaining(?: work| tasks| items)?(?! (?:questions?|risks?))"
    r"|not (?:yet )?done(?: yet)?(?: / next| and next|, next)?|left to do|still to do"
    r"|pending(?: items| work| tasks)?|(?:also )?left over(?: from \w+)?|leftovers"
    r"|left for later|что (?:ещё|еще) нужно сделать"
    # what is left for the person to do (`### Left for you`, `**Für dich zu tun**`)
    r"|(?:what's |what is )?left for you|for you to do|on your (?:side|end)|für (?:dich|euch)"
    r"(?: zu tun| übrig)?|(?:à faire )?de (?:ton|votre) côté|(?:lo que )?te toca|de tu lado"
    r"|da parte tua|do (?:seu|teu) lado|с (?:твоей|вашей) стороны|voor jou(?: te doen)?"
    r"|нужно сделать|(?:tâches restantes|reste) à faire|à faire"
    r"|(?:tareas )?pendientes|por hacer|falta hacer|queda por hacer|da fare|resta da fare"
    r"|attività (?:rimanenti|aperte)|pendências|tarefas pendentes|a fazer|falta fazer"
    r"|осталось сделать|открытые задачи|待办(?:事项)?|待辦(?:事項)?"
    rf"|{_OPEN_SECTION}"
    r"|后续(?:工作|还需要|要做)?|後續(?:工作|還需要)?|还需要|残作業|残タスク|やること|남은 작업"
    r"|残っている(?:こと|作業|タスク)(?:です|は(?:以下|次)の(?:通り|とおり)です)?|未完了|没做完的?"
    r"|未完成的?|还没做的?"
    r"(?:の(?:作業|タスク))?|남은 일"
    r"|(?:що )?(?:ще )?(?:лишилось|залишилось)(?: зробити)?|co (?:zostało|pozostało)"
    r"(?: do zrobienia)?"
    r"|할 일|what(?:'s| is) (?:still )?left|was noch fehlt|что осталось|o que (?:ainda )?falta"
    r"|lo que (?:aún |todavía )?falta|pendientes? para más adelante|ce qui reste"
    r"|nog te doen|(?:nog )?openstaand(?:e (?:punten|taken))?|do zrobienia|pozostałe zadania"
    r"|att göra"
    r"|kvar att göra|återstående (?:arbete|uppgifter)|yapılacaklar|kalan işler"
    # what is not solved yet (`**还没解决的**`, `Not fixed yet`)
    r"|not (?:yet )?(?:solved|fixed|resolved)(?: yet)?|still unsolved|noch nicht gelöst"
    r"|pas encore résolu|aún sin resolver|sin resolver|ancora da risolvere|ainda não resolvido"
    r"|ещё не решено|не решено|还没(?:有)?(?:解决|完成|做)的?|未解决的?(?:问题)?|遗留问题|待解决"
    r"|尚未解决|未解決|未対応|미해결|남은 문제)(?!\w)"
    # what is left, in one word as the whole heading (`Zostało:`, `Осталось:`, `Queda:`)
    r"|^(?:zostało|pozostało|осталось|лишилось|залишилось|queda|quedan|falta|faltam|resta|restano"
    r"|rimane|rimangono|reste|kvar|kaldı|blijft over|bleibt)$"
    # a short lead-in that writes them into a todo file (`` `docs/TODO.md` dosyasına ekledim:``)
    r"|^[^:]{0,40}\btodo\.(?:md|txt)\b[^:]{0,40}$"
    # what to do before the step ahead (`**Before the real run**`, `Vor dem Release`)
    r"|^before (?:the )?(?:real|actual|first|next|prod(?:uction)?)? ?(?:run|deploy|release|cutover"
    r"|migration|merge|rollout|launch)$|^before (?:we )?(?:ship|merge|go live|deploy|release)"
    r"(?: this)?$|^vor dem (?:release|deploy|merge|go-live|rollout)$|^avant (?:la )?mise en prod$"
    r"|^antes de (?:producción|produção|subir|desplegar|liberar)$"
    # a count of the things left (`Two things left:`)
    r"|^(?:two|three|four|a few|\d) (?:things|items) (?:left|to do|remain)"
    # tickets to file for the work left, as the whole heading (`Tickets:`, `Follow-up tickets`)
    r"|^(?:follow[- ]?up |new )?tickets?(?: to (?:file|open|create))?$|^issues to (?:file|open)$"
)
"""A heading whose list items are todos wherever it appears."""
LEFT_ASKED_KEYS = Words(
    "left", "remain", "missing", "else", "fehlt", "offen", "bleibt", "reste", "manque", "ещё",
    "еще", "noch", "faut", "más", "mas",
    "falta", "queda", "manca", "resta", "nog", "осталось", "остаётся", "не хватает",
    "zostało", "zostaje", "brakuje", "återstår", "kvar", "saknas", "kaldı", "kalanlar", "eksik",
    "还剩",
    "还差", "还有什么", "剩下", "残り", "残って", "あと何", "남았", "남은",
)  # fmt: skip
LEFT_ASKED = _ci(
    r"\bwhat(?:'s| is| else is)? (?:still )?(?:left|remaining|missing|open)\b"
    r"|\bwhat (?:else )?(?:remains|is there left|do we (?:still )?need)\b"
    r"|\banything (?:else )?left\b"
    # what else to check or do before a step (`Что ещё проверить перед продом?`)
    r"|\bwhat else (?:should|do|must) (?:we|I) (?:check|do|test|verify)\b"
    r"|\banything else to (?:check|do|test|verify)\b"
    r"|(?<!\w)что (?:ещё|еще) (?:нужно |надо |стоит )?(?:проверить|сделать)(?!\w)"
    r"|\bwas (?:sollten|müssen|muss) (?:wir|ich) (?:noch|vorher) (?:prüfen|testen|machen)\b"
    r"|\bqu'est-ce qu'il faut (?:encore )?(?:vérifier|faire)\b"
    r"|\bqu[ée] (?:más|mas) (?:hay que|debo|debemos) (?:revisar|comprobar|hacer)\b"
    r"|\bwas (?:fehlt|ist|bleibt) (?:denn |jetzt |dann )?noch(?: offen| zu tun)?\b"
    r"|\bqu(?:'est-ce qu'il|'est-ce qui|e) reste(?:-t-il)?\b|\bqu'est-ce qui manque\b"
    r"|\bqu[ée] (?:nos |me |te )?(?:falta|queda)\b|\bcosa (?:ci |mi )?(?:manca|resta)\b"
    r"|\bo que (?:ainda )?(?:falta|resta)\b|\bwat (?:moet er|ontbreekt er|is er) nog\b"
    r"|(?<!\w)(?:что|чего) (?:ещё |еще )?(?:осталось|остаётся|не хватает)(?!\w)"
    r"|\bco (?:jeszcze )?(?:zostało|zostaje)\b|\bczego (?:jeszcze )?brakuje\b"
    r"|\bvad (?:återstår|är kvar|saknas)\b|\bne(?:ler)? kaldı\b|\beksik ne\b"
    r"|还剩(?:什么|哪些|下什么)|还差(?:什么|哪些)|还有(?:什么|哪些)没(?:做|完成)|剩下(?:什么|哪些)"
    r"|残り(?:は|の作業)|何が残って|あと何が|뭐가 남았|남은 (?:게|것|작업)"
)
REFUTED = _ci(
    r"\b(?:it's|it is|that's|that is|this is|it was|that was|it isn't|that isn't|not)\s+(?:not\s+)?"
    r"(?:the\s+)?(?:cause|culprit|problem|issue|it)\b|\b(?:isn't|wasn't|is not|was not"
    r"|aren't|are not|doesn't|does not|didn't|did not)\b|\bruled?\s+(?:it\s+|that\s+)?out\b"
    r"|\bnot the\b|\bnicht\b|\bkein(?:e|en)?\b|\bn'(?:est|était|a|y a)\b|\bne\s+\w+\s+pas\b"
    r"|\bno (?:es|era|está|hay|tiene)\b|\bnon (?:è|era|c'è)\b|\bnão (?:é|era|está|tem)\b"
    r"|(?<!\w)(?:не|нет)(?!\w)"
    r"|ではありません|ではない|じゃない|ていません|原因は別|不是|并不是|没有|아닙니다|아니에요"
)
"""A reply that rules a thing out (`It's not clock skew`, `Es liegt nicht an…`, `…は止めて
いません`): with the words of the person's guess (`_not_refuted`), that guess is refuted."""
REFUTED_KEYS = Words(
    "not", "n't", "ruled", "rule it", "nicht", "kein", "n'", " pas", "no ", "non ", "não",
    "не", "нет", "ではな", "じゃな", "ていません", "原因は別", "不是", "没有", "아닙", "아니",
)  # fmt: skip
"""Case-folded words one of which an answer's opening needs to hold for REFUTED."""
ELSEWHERE = _ci(
    r"\b(?:the (?:cause|problem|issue|culprit) (?:is|was|lies|lay) (?:elsewhere|somewhere else"
    r"|something else)|something else entirely|liegt (?:woanders|an etwas anderem)|ailleurs"
    r"|(?:está|estaba) en otro lado|(?:è|era) altrove|(?:está|estava) em outro lugar"
    r"|в другом(?: месте)?)\b|原因は別|原因在别处|원인은 다른"
)
"""What says the cause is other than the person guessed, without naming the guess."""
_UNITS = {
    "time": "ms s sec secs second seconds min mins minute minutes minuten minutos minuti minuto "
    "минут минуты минута мин h hr hrs hour hours stunde stunden heure heures hora horas ore "
    "часов часа час d day days tag tage jour jours día días giorni dias дней дня",
    "size": "b kb mb gb tb kib mib gib tib кб мб гб тб",
    "share": "%",
    "frequency": "hz khz mhz ghz кгц мгц",
    "rate": "r/s rps req/s qps rpm",
}
UNIT_KINDS = {kind: frozenset(words.split()) for kind, words in _UNITS.items()}
"""Units of one kind: a value set in one of them answers a value named in another."""
VALUE = _ci(
    r"(?<![\w.])\d+(?:[.,_]\d+)*\s?(?P<unit>%|r/s|req/s|"
    + "|".join(
        sorted(
            {u for words in UNIT_KINDS.values() for u in words} - {"%", "r/s", "req/s"},
            key=len,
            reverse=True,
        )
    )
    + r")(?!\w)"
)
"""A number with its unit (`10 ms`, `15 Minuten`, `2h`, `80GB`, `50 khz`)."""
STATED = _ci(
    r"\b(?:is|are|was|were|has|have|had|does|did|takes|took|ist|sind|war|hat|haben|dauert|est|sont"
    r"|était"
    r"|es|son|era|está|están|è|sono|era|é|são|tem|zijn|heeft|är|har)\b|(?<!\w)(?:это|есть|был[аои]?"
    r"|занимает)(?!\w)"
)
"""A verb that says what is (`Disk on ledger-db-01 is 500GB`): a value said of a thing, not set."""
ORDER_CLAUSE = _ci(
    r"[,;]\s*(?:so |then |just |please )?(?:leave|keep|use|drop|put|make|move|add|remove|skip"
    r"|stop|don't|never|lass|nimm|laisse|garde|deja|usa|lascia|deixa|оставь|убери|используй)\b"
)
"""An order in a clause after a statement (`tmp_import_rows is scratch, leave it out`)."""
LEFT_LISTED = _ci(
    r"\b(?:list|summari[sz]e|write (?:down|up)|give me|sum up) (?:me )?what(?:'s| is)? (?:still )?"
    r"(?:left|remaining|open)\b|残って(?:いる|る)(?:こと|作業|タスク)(?:を)?(?:まとめ|教え|リスト)"
    r"|残り(?:を)?まとめ|(?:总结|列出|整理)(?:一下)?(?:还)?剩下的"
    r"|남은 (?:것|일|작업)(?:을|를)? 정리|\b(?:spisz|wypisz|napisz) (?:mi )?co (?:jeszcze )?"
    r"(?:zostało|zostaje)\b|\bschreib (?:mir )?auf,? was (?:noch )?(?:offen|übrig) ist\b"
    r"|\b(?:liste|note)(?:-moi)? ce qui reste\b|\b(?:anota|apunta|lista) lo que queda\b"
    r"|(?<!\w)(?:запиши|перечисли),? что осталось(?!\w)|\bkalanları (?:bir yere )?(?:yaz|listele)"
)
"""Asking to be given what is left, as an order (`list what's left`, `残ってることまとめて`)."""
"""Asking what is left to do (`what's left before this can go to beta?`, `Co jeszcze zostało,
zanim wywalimy Vuex?`): the list the answer gives is work left. Asked, not told (`sum up what
you did and what is left`: the answer's headings say which is which)."""
DEFERRED_SECTION = _ci(
    r"^(?:(?:the )?plan for (?:next time|later|tomorrow|monday)|for (?:next time|later|tomorrow)"
    r"|next time|later|für später|fürs nächste mal|nächstes mal|(?:note )?pour plus tard"
    r"|pour la prochaine fois|para (?:después|más tarde|la próxima(?: vez)?)|per dopo"
    r"|per la prossima volta|pra depois|para depois|da próxima vez|на потом|в следующий раз"
    r"|voor later|volgende keer|na później|na następny raz)(?!\w)"
)
"""A lead-in that puts what follows off to later (`plan for next time:`): a person's list under it
is todos too (their list under `TODO:` may be orders for now)."""
CHANGES_SECTION = _ci(
    r"^(?:(?:both |all )?done|what (?:I|we) (?:did|changed)|what changed|(?:the )?changes(?: made)?"
    r"|changes I made|summary of changes|(?:the )?fix(?:es)?|implemented|erledigt|beides erledigt"
    r"|was ich (?:geändert|gemacht) habe|(?:die )?änderungen|umgesetzt|(?:c'est )?fait"
    r"|ce que j'ai (?:fait|changé)|modifications|changements|hecho|listo"
    r"|(?:lo )?qu[eé] (?:hice|cambié)|cambios|fatto|cosa ho (?:fatto|cambiato)|modifiche|feito"
    r"|o que (?:fiz|mudei)|alterações"
    r"|mudanças|готово|сделано|что (?:я )?(?:сделал|изменил|поменял|исправил)|изменения"
    r"|zrobione|gotowe"
    r"|co zmieniłem|zmiany|klart|ändringar|vad jag ändrade|(?:allebei )?gedaan"
    r"|wat ik (?:heb )?(?:gedaan|veranderd)|wijzigingen|yapıldı|değişiklikler|yaptıklarım"
    r"|що (?:я )?(?:змінив|змінила|зробив|зробила)|зміни|зроблено)"
    r"\s*[:：]?\s*$"
    r"|^(?:已完成|改动|修改内容|变更|対応内容|変更点|変更内容|やったこと|변경 ?사항|수정 사항"
    r"|(?:수정|변경) 내용|한 일)"
)
"""A heading or lead-in over what the agent just changed (`What I did:`, `Allebei gedaan:`): its
items that say how the system now works are the choices made (`For() now uses…`)."""
_CHANGES_KEYS = (
    *label_keys("done", "what i did", "what i changed", "what changed", "changes", "the fix",
                "fixes", "implemented", "erledigt", "gemacht", "geändert", "änderungen",
                "umgesetzt", "fait", "changé", "modifications", "changements", "hecho", "listo",
                "hice", "cambié", "cambios", "fatto", "cambiato", "modifiche", "feito", "fiz",
                "mudei", "alterações", "mudanças", "готово", "сделано", "сделал", "изменил",
                "поменял", "исправил",
                "изменения", "zrobione", "gotowe", "zmieniłem", "zmiany", "klart", "ändringar",
                "ändrade", "gedaan", "veranderd", "wijzigingen", "yapıldı", "değişiklikler",
                "yaptıklarım"),
    "# changes", "# summary of changes", "# what changed", "# änderungen", "# modifications",
    "# cambios", "# modifiche", "# alterações", "# изменения", "# zmiany", "# wijzigingen",
    # what I did or changed, as a heading (`### Что поменял`, `## Qué cambié`)
    "# what i did", "# what i changed", "# was ich", "# ce que j'ai", "# qué hice", "# qué cambié",
    "# lo que hice", "# lo que cambié", "# cosa ho", "# o que fiz", "# o que mudei", "# что сделал",
    "# что изменил", "# что поменял", "# что исправил", "# что я",
    "已完成：", "改动：", "修改内容", "变更：", "变更内容", "対応内容", "変更点", "変更内容",
    "やったこと", "변경 사항", "변경사항", "수정 사항",
)  # fmt: skip
"""Case-folded words that make a message worth reading for CHANGES_SECTION (in SECTION_KEYS)."""
ROUTINE_CHANGE = _ci(
    r"\b(?:tests?|specs|(?:\w+ )?(?:test|regression) spec|suite|docs?|documentation|readme"
    r"|changelog|lint\w*|format\w*|typos?"
    r"|regenerat\w*|comments?|dokumentation|doku|kommentar\w*|documentación|pruebas|comentarios?"
    r"|documentazione|commenti|documentação|testes|comentários|documentatie|testy|dokumentacja"
    r"|testleri?|belgeler)\b|(?<!\w)(?:тест\w*|документаци\w*|комментари\w*)(?!\w)"
    r"|测试|文档|注释|テスト|ドキュメント|コメント|테스트|문서|주석"
)
"""An item of a list of changes about the tests, the docs or generated files: work done, not a
choice about how the system works (`CRD regenerated`, `Added the case as a regression spec`)."""
TO_DECIDE = _ci(
    r"^(?:decide|settle) (?=whether|if|which|who|what|how|when)"
    # one thing or another (`Decide fixed vs adaptive interpolation buffer`)
    r"|^(?:decide|settle|choose|pick)(?: between)? (?=[^.?!:;]{2,60}?\s(?:vs\.?|versus|or)\s)"
    r"|^(?=(?:decidir|décider|decidere|entscheiden|beslissen|zdecydować|bestämma|karar ver)\w*,?"
    r" (?:si|se|ob|of|czy|om)\b)"
)
"""Work that is a decision still to make (`Decide whether the export includes archived
tenants`, `Decide fixed vs adaptive buffer`, `Decidir si migramos los archivados`): a question
left open; the English verb goes from its title (`Whether the export includes archived
tenants?`, `Fixed vs adaptive buffer?`)."""
STILL_ASKED = _ci(
    r"^(?:whether|ob|czy)\s|(?<!\w)(?:\w+ ли|是否|要不要|かどうか|여부)(?!\w)"
    # X or not, said of the work itself (`Importer ou non le bucket`, `…: incluirlas o no`)
    r"|(?:^|:\s*)\S+ (?:or not|oder nicht|ou non|ou pas|o no|o non|ou não|of niet|eller inte"
    r"|czy nie|или нет)(?!\w)|(?<!\w)(?:or not|oder nicht|ou non|ou pas|o no|o non|ou não"
    r"|of niet|eller inte|или нет)[.?]?$|か(?:[（(][^）)]*[）)])?[。.]?$"
    r"|\bquestion (?:waits|stays|remains|is (?:still )?open)\b"
    # to be found out from someone (`Wer das Paket besitzt, müssen wir noch klären`)
    r"|\b(?:(?:ab)?klären|klärst|clarify|clarifier|aclarar|chiarire|esclarecer)\b"
    r"|(?<!\w)(?:выяснить|уточнить|з['’]ясувати|уточнити)(?!\w)"
)
"""Work that is a question still open, in its words (`Whether 0.04% is acceptable (Priya)`,
`Importer ou non le bucket dans Terraform`, `GHC 9.2 サポートを続けるか（保留）`, `The Debian
completions question waits for Tomás`): a question, whatever heading it is listed under."""
AWAITS_DECISION = _ci(
    # waiting on someone's work is being blocked, a todo (`blocked-on`): only a decision here
    r"\b(?:pending (?:a |the |\w+'s )?(?:decision|answer|call|input"
    r"|confirmation|sign-off)|undecided|unresolved|tbd|to be decided|not (?:yet )?decided"
    r"|(?:your|\w+'s) call|up to (?:you|\w+ to decide)|needs? (?:a )?decision"
    r"|(?:noch|weiterhin) (?:offen|ungeklärt|unklar|unentschieden)|ungeklärt"
    r"|noch zu (?:klären|entscheiden)|entscheidest du|à (?:décider|trancher)"
    r"|pas (?:encore )?tranché|c'est à (?:toi|vous) de voir|por decidir"
    r"|sin decidir|pendiente de (?:decisión|respuesta|confirmación)|lo decides|decides tú"
    r"|da decidere|decidi tu|a decidir|em aberto|você decide"
    r"|nog (?:open|onduidelijk|te beslissen)|do decyzji|nierozstrzygnięt\w*"
    r"|inte (?:bestämt|avgjort)"
    # what someone has to find out first (`need to know whether those sysctls are still needed`)
    r"|need to (?:know|find out|check with \w+) (?:whether|if)|müssen wissen,? ob"
    r"|(?:il )?faut savoir si|hay que saber si|bisogna sapere se|precisa(?:mos)? saber se)\b"
    r"|(?<!\w)(?:ждём|ждем|ожида\w+ (?:решени|ответ)\w*|не решено|решать (?:тебе|вам)"
    r"|нужно (?:знать|понять|выяснить),? (?:ли|нужны ли|нужен ли))(?!\w)"
    r"|待定|待确认|还没定|未定|相談して決める|決まっていない|判断待ち|確認待ち|결정 필요|미정"
)
"""Work that waits on someone's decision or answer (`Remediation: waiting on Maria's call`,
`…ist weiterhin ungeklärt`, `lo decides con Andrés`): a question left open, not work to do."""
_FOUND_AND_GUESSED_KEYS = (
    "qué encontré", "lo que encontré", "qué descubrí", "j'ai trouvé", "j'ai découvert",
    "ich gefunden", "ich herausgefunden", "que encontrei", "que descobri", "ho trovato",
    "ho scoperto", "что нашёл", "что нашел", "что я нашёл", "что я нашел", "что обнаружил",
    "ik vond", "ik gevonden", "hypothes", "hypothès", "vermutung", "hipótes", "ipotesi",
    "гипотез", "仮説", "假设", "猜测", "推测", "가설", "추측",
    *(f"{mark}{word}" for mark in ("# ", "**") for word in (
        "theory", "theories", "suspicion", "guesses", "hunch", "verdacht", "soupçon", "sospech",
        "sospett", "suspeita", "предположени", "подозрени", "vermoeden", "hipotez", "misstanke",
        "şüphe", "a theory", "my theory", "working theory")),
    # a count of things that hold (`Twee dingen die het plan bepalen:`)
    *(f"{count} {noun}" for counts, nouns in (
        ("two three four few", "things points facts constraints catches gotchas caveats details"),
        ("zwei drei", "dinge punkte"), ("deux trois", "choses points"),
        ("dos tres", "cosas puntos"), ("due tre", "cose punti"),
        ("dois duas três", "coisas pontos"),
        ("два две три", "вещи момента"), ("twee drie", "dingen punten"), ("två tre", "saker"),
        ("dwie trzy", "rzeczy"), ("iki üç", "şey"),
    ) for count in counts.split() for noun in nouns.split()),
)  # fmt: skip
"""What the speaker found (`## Qué encontré`), what is only guessed (`### Гипотеза`), as
headings: a word common in prose (`theory`) only as a heading's (`# theory`, `**theory`); a
count of things that hold (`two catches`)."""
_BROKE_KEYS = tuple(key for said in (
    "what broke", "what went wrong", "was kaputt", "was schief", "ce qui a cassé",
    "lo que se rompió", "qué se rompió", "cosa si è rotto", "o que quebrou", "что сломалось",
    "wat er brak", "wat brak", "co się zepsuło", "vad som gick sönder",
) for key in _marked(said))  # fmt: skip
"""What broke, as headings open (`## What broke`, `**Lo que se rompió**`): FINDINGS_SECTION's."""
SECTION_KEYS = Words(
    "follow",
    "solved",
    "fixed",
    "resolved",
    "gelöst",
    "résolu",
    "resolver",
    "risolvere",
    "resolvido",
    "не решено",
    "还没",
    "未解决",
    "遗留",
    "待解决",
    "尚未",
    "未解決",
    "未対応",
    "미해결",
    "남은 문제",
    "todo",
    "to-do",
    "to do",
    "zu tun",
    "open ",
    "offen",
    "remaining",
    "not done yet",
    "left to do",
    "left for you",
    "for you to do",
    "your side",
    "your end",
    "für dich",
    "für euch",
    "ton côté",
    "votre côté",
    "te toca",
    "tu lado",
    "parte tua",
    "seu lado",
    "teu lado",
    "твоей стороны",
    "вашей стороны",
    "voor jou",
    "待办",
    "待辦",
    "后续",
    "後續",
    "残作業",
    "残タスク",
    "残っている",
    "未完了",
    "確認したい",
    "確認事項",
    "質問",
    "질문",
    "확인하고 싶은",
    "やること",
    "남은 작업",
    "할 일",
    "남은 일",
    "결정이 필요한",
    "결정할",
    "결정해야 할",
    "수정 내용",
    "변경 내용",
    "원인",
    "발견",
    "확인 못",
    "확인하지 못",
    "미확인",
    "unconfirmed",
    "tickets",
    "not decided",
    "undecided",
    "# before",
    "**before",
    "todo.md",
    "为什么这么做",
    "为什么这样做",
    "顺便发现",
    "没做完",
    "未完成",
    "需要你",
    "经验",
    "心得",
    "zostało:",
    "pozostało:",
    "осталось:",
    "лишилось:",
    "queda:",
    "quedan:",
    "falta:",
    "faltam:",
    "resta:",
    "rimane:",
    "kvar:",
    "kaldı:",
    "знайшов",
    "знайшла",
    "виявив",
    "змінив",
    "змінила",
    "зробив",
    "лишилось",
    "залишилось",
    "вирішити",
    "нужно решить",
    "надо решить",
    "висновок",
    "висновки",
    "підсумок",
    "гіпотез",
    "припущення",
    "hittade",
    "bestämma",
    "besluta",
    "do decyzji",
    "do ustalenia",
    "znalazł",
    "zostało",
    "pozostało",
    "te beslissen",
    "te bepalen",
    "karar veril",
    "відкриті питання",
    "unverified",
    "sin confirmar",
    "unbestätigt",
    "не подтверждено",
    "still to",
    "à faire",
    "pendientes",
    "por hacer",
    "da fare",
    "attività",
    "pendências",
    "pendentes",
    "a fazer",
    "осталось сделать",
    "открытые задачи",
    "?",
    "decisions",
    "decided",
    "entscheidungen",
    "décisions",
    "decisiones",
    "decisioni",
    "decisões",
    "решения",
    "findings",
    "learnings",
    "learned",
    "lesson",
    "choice",
    "choix",
    "scelt",
    "escolha",
    "takeaway",
    "next time",
    "fazit",
    "lehren",
    "leçon",
    "lecciones",
    "lezioni",
    "lições",
    "уроки",
    "выводы",
    "нужно сделать",
    "left for later",
    "分かったこと",
    "わかったこと",
    "判明",
    "发现",
    "發現",
    "확인한",
    "알게 된",
    "教训",
    "教訓",
    "经验总结",
    "學び",
    "学び",
    "교훈",
    "caveats",
    "gotchas",
    # `cause` where a word starts (`## Root cause`, `**Cause**`), not inside `because`
    " cause",
    "*cause",
    "_cause",
    "[cause",
    "why it",
    "what i found",
    "ursache",
    "原因",
    "what we found",
    "what i found",
    "what we learned",
    *_BROKE_KEYS,
    "what i learned",
    "erkenntnisse",
    "befunde",
    "constats",
    "découvertes",
    "hallazgos",
    "scoperte",
    "descobertas",
    "находки",
    # Dutch, Polish, Swedish, Turkish
    "te doen",
    "openstaande",
    "do zrobienia",
    "pozostałe",
    "att göra",
    "återstående",
    "yapılacaklar",
    "kalan işler",
    "beslissingen",
    "besluiten",
    "decyzje",
    "beslut",
    "kararlar",
    "bevindingen",
    "ustalenia",
    "upptäckter",
    "bulgular",
    "lessen",
    "lekcje",
    "wnioski",
    "lärdomar",
    "dersler",
    "design calls",
    "judgment calls",
    "judgement calls",
    "calls i made",
    "calls we made",
    "things i",
    "pitfalls",
    "quirks",
    "observations",
    *_marked("why"),
    "gelernt",
    "stolperfallen",
    "fallstricke",
    *_marked("warum"),
    "appris",
    "pièges",
    *_marked("pourquoi"),
    "aprendí",
    "trampas",
    *_marked("por qué"),
    "imparato",
    "insidie",
    *_marked("perché"),
    "aprendi",
    "armadilhas",
    "pegadinhas",
    *_marked("por que"),
    "выяснилось",
    "подводные",
    "нюансы",
    *_marked("почему"),
    "geleerd",
    "valkuilen",
    *_marked("waarom"),
    "nauczyłem",
    "pułapki",
    *_marked("dlaczego"),
    "lärde mig",
    "fallgropar",
    *_marked("varför"),
    "öğrendiklerim",
    "tuzaklar",
    "to know",
    "worth knowing",
    "aware of",
    "gut zu wissen",
    "à savoir",
    "tener en cuenta",
    "da sapere",
    "bom saber",
    "стоит знать",
    "designentscheidungen",
    "de conception",
    "de diseño",
    "di design",
    "de design",
    *_marked("offen"),
    *_marked("open"),
    *_marked("ouvert"),
    *_marked("suspens"),
    *_marked("abierto"),
    *_marked("pendiente"),
    *_marked("aperto"),
    *_marked("sospeso"),
    *_marked("em aberto"),
    *_marked("открыто"),
    *_marked("otwarte"),
    *_marked("öppet"),
    *_marked("açık"),
    "causes",
    "ursachen",
    "causas",
    "причины",
    "oorzaken",
    "przyczyny",
    "orsaker",
    "nedenler",
    *_FOUND_AND_GUESSED_KEYS,
    *_CHANGES_KEYS,
)
"""Lower-case words one of which a message needs to hold a heading whose items are findings
(FOLLOW_UP_SECTION, DECISION_SECTION, FINDINGS_SECTION)."""
QUESTION_SECTION = _ci(
    r"^(?:(?:open|unresolved|remaining) questions?|unresolved|questions?(?: for (?:the )?\w+)?"
    r"|(?:offene )?fragen?(?: an dich| an euch)?|questions? ouvertes?|preguntas?(?: abiertas)?"
    r"|domande(?: aperte)?|perguntas?(?: em aberto)?|(?:открытые )?вопросы|points? à trancher"
    r"|open vragen|otwarte pytania|öppna frågor|açık sorular"
    r"|à trancher|zu klären|da decidere|por decidir|a decidir|to decide"
    # what the speaker doubts (`## Dudas`, `Doubts`, `Zweifel`)
    r"|doubts|dudas|doutes|zweifel|dubbi|dúvidas|сомнения|wątpliwości|twijfels)\b"
    r"|^(?:待确认|待確認|待定|未解决|未解決|未決|要確認|확인 필요|確認したい(?:こと|点)|確認事項"
    r"|質問(?:事項)?|확인하고 싶은 (?:것|점)|질문|결정(?:이 필요한|할|해야 할) (?:것|사항)"
    r"|需要决定|待决定|需要你(?:拍板|决定|确认)|需要確認|要你拍板"
    # what is not decided yet (`**Not decided yet**`, `Noch nicht entschieden`)
    r"|not (?:yet )?decided(?: yet)?|undecided|to be decided|open decisions|noch nicht entschieden"
    r"|pas encore décidé|sin decidir|ancora da decidere|ainda não decidido|ещё не решено"
    # what is left to decide (`### Треба вирішити`, `## Att bestämma innan januari`)
    r"|(?:що |что )?(?:треба|потрібно|нужно|надо) (?:вирішити|решить)|на решение|att (?:bestämma"
    r"|besluta)|do (?:decyzji|ustalenia|rozstrzygnięcia)|(?:nog )?te (?:beslissen|bepalen)"
    r"|karar veril(?:ecekler|mesi gerekenler)|відкриті питання"
    r"|判断が必要な(?:こと|点)|決めてほしいこと)"
)
"""A heading whose list items that end in `?` are questions the session leaves to someone."""
TO_THE_PERSON = _ci(
    r"\b(?:for you|an dich|an euch|pour (?:toi|vous)|para (?:ti|usted|vos|você)|per te"
    r"|per voi)\b|(?<!\w)(?:для тебя|для вас|к тебе|к вам)(?!\w)"
)
"""A Questions heading addressed to the person (`Frage an dich`): the next prompt answers them."""
DECISION_SECTION = _ci(
    r"^(?:(?:key |design |technical )?(?:decisions?|choices?)(?: made| taken)?"
    r"|(?:design|judg(?:e)?ment) calls|calls (?:I|we) made|designentscheidungen"
    r"|choix de conception|decisiones de diseño|scelte di design|decisões de design"
    r"|what (?:we|I) decided|entscheidungen|décisions|choix(?: retenus?)?|decisiones|decisioni"
    r"|scelt[ae]|decisões|escolhas?|решения|beslissingen|besluiten|decyzje|beslut|kararlar"
    r"|keuzes|gemaakte keuzes|val|vägval|wybory|seçimler|вибір|рішення"
    # why the work was done this way (`### 为什么这么做`, `Why this approach`)
    r"|why (?:I|we) (?:did it|went|chose) this way|why this approach)\b"
    r"|^(?:为什么这么做|为什么这样做|為什麼這麼做|なぜこうしたか|왜 이렇게 했는지)"
)
"""A heading whose list items are decisions (an agent's recap of what was decided)."""
FINDINGS_SECTION = _ci(
    r"^(?:(?:key |main )?findings|learnings|what (?:we|I) (?:found|learned)|learned"
    r"|things learned|caveats|gotchas|(?:root )?causes?|why it (?:was|failed|broke|happened)"
    r"|what I found|erkenntnisse|befunde|ursache|grundursache|hauptursache|causa ra[ií]z"
    r"|causa principale|cause racine|cause première|первопричина|корневая причина|причина"
    # where the time or the memory went (`### Where the time went`), what was slow
    r"|where (?:the )?(?:time|memory|money|latency|budget) (?:goes|went|is going)"
    r"|what (?:was|is) (?:slow|wrong|broken)|bottlenecks?|diagnosis|diagnose|diagnostic"
    # what broke (`## What broke`, `## Was kaputtging`, `## Ce qui a cassé`)
    r"|what (?:broke|went wrong)|was (?:kaputt ?ging|schief ?ging|kaputt war)|ce qui a cassé"
    r"|(?:lo que|qué) se rompió|cosa si è rotto|o que quebrou|что сломалось|wat (?:er )?brak"
    r"|co się zepsuło|vad som gick sönder"
    r"|diagnóstico|диагноз|wo die zeit (?:bleibt|hingeht|verloren geht)"
    # what to watch out for (`Os pontos de atenção:`, `Points to watch`)
    r"|(?:os |the |les |die |los |i )?(?:pontos de atenção|points? (?:of attention|to watch)"
    r"|things to watch(?: out for)?|points d'attention|puntos de atención|punti di attenzione"
    r"|worauf (?:man )?achten muss|на что обратить внимание)"
    # what a profile, a trace or the logs showed (`Ce que le profil a montré`)
    r"|(?:what|ce que|was|lo que|cosa|o que|что) [^:]{0,30}(?:showed|shows|revealed|montré"
    r"|montre|révélé|gezeigt|zeigt|mostró|muestra|ha mostrato|mostra|mostrou|показал[аио]?)"
    r"|constats|découvertes|hallazgos|scoperte|descobertas|находки|bevindingen|ustalenia"
    r"|upptäckter|bulgular"
    # what the speaker found, in each language (`## Qué encontré`, `Ce que j'ai trouvé`)
    r"|(?:qué|lo que) (?:encontré|descubrí)|ce que j'ai (?:trouvé|découvert)"
    r"|was ich (?:gefunden|herausgefunden) habe|(?:o )?que (?:encontrei|descobri)"
    r"|cosa ho (?:trovato|scoperto)|что (?:я )?(?:нашёл|нашел|обнаружил)"
    r"|wat ik (?:vond|gevonden heb)|vad jag (?:hittade|fann)|co (?:znalazł[ae]m|ustalił[ae]m)"
    r"|що (?:я )?(?:знайшов|знайшла|виявив|виявила)|знахідки"
    # what was learned, the traps, and why it happened, as headings in each language
    r"|things (?:I|we) (?:learned|found|noticed)|what (?:I|we) (?:noticed|learned along the way)"
    r"|pitfalls|quirks|observations|why\b(?! not\b)|was ich gelernt habe|stolperfallen|fallstricke"
    r"|warum|ce que j'ai appris|pièges|pourquoi|lo que aprendí|trampas|por qué|cosa ho imparato"
    r"|insidie|perché|o que aprendi|armadilhas|pegadinhas|por que|что выяснилось|выяснилось"
    r"|подводные камни|нюансы|почему|wat ik geleerd heb|valkuilen|waarom|czego się nauczyłem"
    r"|pułapki|dlaczego|vad jag lärde mig|fallgropar|varför|öğrendiklerim|tuzaklar)\b"
    r"|^[\w' -]{0,40}\b(?:to know about|worth knowing|to be aware of|gut zu wissen|à savoir"
    r"|a tener en cuenta|da sapere|bom saber|стоит знать)$"
    r"|^(?:分かったこと|わかったこと|判明したこと|原因|发现|發現|顺便发现|順便發現|另外发现"
    r"|ついでに見つけた|확인한 (?:점|것)"
    r"|알게 된 (?:점|것)|(?:근본 )?원인|발견(?:한 것| 사항))"
    # a review's findings by how severe they are (`## Crítico`, `### High severity`)
    r"|^(?:critical|high|medium|low|major|minor|blocker|crítico|alto|medio|bajo|kritisch|hoch"
    r"|mittel|niedrig|critique|élevé|moyen|faible|critico|basso|médio|baixo|критично|критичные"
    r"|высокий|средний|низкий)(?: (?:severity|priority|risk))?(?: (?:issues|findings))?"
    r"(?: \(\d+\))?$"
)
"""A heading whose list items (and paragraphs) are insights."""
COUNTED_LEAD = _ci(
    r"^(?:two|three|four|a few|zwei|drei|deux|trois|dos|tres|due|tre|dois|duas|três|два|две|три"
    r"|twee|drie|två|tre|dwie|trzy|iki|üç|\d) (?:things|points|facts|constraints|catches|gotchas"
    r"|caveats|details|dinge|punkte|choses|cosas|puntos|cose|punti|coisas|pontos|вещи|момента"
    r"|dingen|punten|saker|rzeczy|şey)\b(?! (?:to (?:do|fix|check)|left|I|we|you|zu tun|à faire"
    r"|por hacer|da fare|a fazer|te doen)\b)"
)
"""A lead-in that counts things that hold, not work (`Twee dingen die het plan bepalen:`, `Two
catches:`; not `Two things to do`, `Two things I changed`): its items are insights, unless they
answer what is left, or a row reads one as work, a question or a choice."""
CAUSES_LEAD = _ci(
    r"^(?:\w+ ){0,2}(?:root causes|causes|ursachen|causas|cause|причины|oorzaken|przyczyny"
    r"|orsaker|nedenler)\b"
)
"""A lead-in that counts causes (`Zwei Ursachen decken 44 der 50 Fehlschläge ab:`): its list
items are insights (the paragraphs after it are not)."""
REPORT_STEP = _ci(
    r"^(?:(?:write|give|send|draft|prepare|post|deliver|compose)(?: up)? (?:an? |the )?"
    r"(?:final |short |brief )?)?(?:summar(?:y|ize|ise)|report(?:ing)?(?: back)?|write-?up|recap"
    r"|final (?:answer|report|summary)|(?:(?:написать|подготовить|составить) )?(?:итоговый )?"
    r"(?:отч[её]т|итоги?|резюме)|(?:redactar )?(?:el )?(?:informe|resumen|resumir)"
    r"|(?:rédiger (?:le |un )?)?(?:rapport|résumé|résumer|synthèse)|zusammenfass\w*"
    r"|(?:abschluss)?bericht|relatório|resumo|resumir|riepilogo|relazione|riassunt\w*"
    r"|verslag|samenvatting|raport|podsumowanie|sammanfattning|özet|rapor|报告|总结|汇报|報告"
    r"|まとめ|요약|보고|정리|整理|汇总)(?!\w)(?:\W+\w+){0,4}\W*$"
)
"""The step of an agent's plan that is its closing report (`Summarize findings`, `Informe
final`, `Отчёт`): done by its final answer, though it was not marked so."""
HYPOTHESIS_SECTION = _ci(
    r"^(?:(?:a |my |our |the |working |open |one )?(?:hypothes[ie]s|theory|theories|suspicions?"
    r"|guess(?:es)?|hunch)|vermutung(?:en)?|hypothesen?|verdacht|hypothèses?|soupçons?"
    r"|hipótesis|sospechas?|ipotesi|sospett[oi]|hipóteses?|suspeitas?|гипотез[аы]"
    r"|предположени[ея]|подозрени[ея]|vermoedens?|hipotez[ay]?|podejrzenia|hypotes(?:er)?"
    r"|misstanke|şüphe|仮説|假设|猜测|推测|가설|추측|гіпотез[аи]|припущення"
    # what could not be confirmed (`## Sin confirmar`, `### 확인 못 한 것`)
    r"|unconfirmed|unverified|not (?:yet )?(?:verified|confirmed)|sin confirmar|no confirmado"
    r"|nicht (?:bestätigt|verifiziert)|unbestätigt|non (?:confirmé|vérifié|confermato)"
    r"|não confirmado|не подтверждено|не проверено|확인 못 한 것|확인하지 못한 것|미확인"
    r"|未確認(?:事項)?|未验证|未確認のこと)(?!\w)"
)
"""A heading whose paragraphs and items are guesses not yet verified (`### Гипотеза`)."""
TAKEAWAY_SECTION = _ci(
    r"^(?:(?:key )?takeaways?|lessons?(?: learned)?|(?:a )?note for next time|for next time"
    r"|fazit|lehren?|leçons?(?: apprises)?|lecci(?:ones|ón)(?: aprendidas?)?"
    r"|lezion[ei](?: imparat[ae])?|li(?:ções|ção)(?: aprendidas?)?|уроки?|выводы|tl;dr"
    r"|bottom line|lessen|lekcje|wnioski|lärdomar"
    # the conclusion a report ends on (`## Conclusión`, `Schlussfolgerung`, `Заключение`)
    r"|conclusions?|conclusi[oó]n(?:es)?|conclus(?:ão|ões)|conclusion[ei]|schlussfolgerung(?:en)?"
    r"|conclusie|заключение|вывод|итоги?|sonuç|висновок|висновки|підсумок|slutsats(?:er)?"
    r"|dersler"
    # what to remember, as a heading (`### Merke`, `À retenir`, `На будущее`)
    r"|merke|zum merken|à retenir|a retenir|para recordar|da ricordare|para lembrar"
    r"|на будущее|запомнить|(?:worth|things to|what to) remember|note to self"
    r"|what I(?:'d| would)? take (?:away )?from (?:this|it)|what to take away)(?!\w)"
    r"|^(?:教训|教訓|经验总结|經驗總結|经验教训|經驗教訓|经验|經驗|心得|复盘|復盤|学び|교훈)"
)
"""A heading whose paragraphs and items are lessons: takeaways (at most TAKEAWAYS a session)."""
NEXT_STEPS_SECTION = _ci(
    r"^(?:next steps?|next up|what(?:'s| is| comes) next|up next|nächste schritte"
    r"|prochaines étapes|étapes suivantes|próximos pasos"
    r"|siguientes pasos|prossimi passi|próximos passos|следующие шаги|дальнейшие шаги"
    r"|volgende stappen|następne kroki|nästa steg|sonraki adımlar|次のステップ|今後の対応"
    r"|后续步骤|後續步驟|下一步|다음 단계)(?!\w)"
    r"(?!.*\b(?:optional|suggest))"
)
"""A heading whose list items are todos only in the closing answer (else the user takes them up)."""
SECTION_CONFIDENCE = 0.6
CHANGES_CONFIDENCE = 0.45
"""An item of the agent's list of what it changed: a choice, or only a step of the work."""
DECISION_SECTION_CONFIDENCE = 0.55
FINDINGS_SECTION_CONFIDENCE = 0.5
HYPOTHESIS_SECTION_CONFIDENCE = 0.5
TAKEAWAY_SECTION_CONFIDENCE = 0.55
NEXT_STEPS_CONFIDENCE = 0.45
CHECKBOX_CONFIDENCE = 0.5

OFFER = _ci(
    r"\b(?:you|your|me|shall I|should I|shall we|should we|can I|may I|let me|ready to"
    r"|anything else|dich|euch|soll ich|sollen wir|wollen wir|möchtest|willst|du(?<=\w\wst du)"
    r"|du (?:hast|bist|kannst|musst|solltest|könntest|hättest|wirst|brauchst|siehst|weißt)"
    r"|tu|toi|vous|dois-je|puis-je|quieres|prefieres|usted|ustedes|vuoi|preferisci|volete"
    r"|você|vocês|queres|quer que eu|posso|вы|ты|вам|тебе|хотите|хочешь|happy to|glad to"
    r"|wil je|zal ik|moet ik|chcesz|czy mam|vill du|ska jag|ister misin|ister misiniz)\b"
    r"|需要我|要不要我|要我|我可以|ましょうか|(?<!どちらに)(?<!どう)しますか|할까요|드릴까요|원하시면"
)
"""A question to the user about what to do next: an offer, not an open question. In every
language of the cue tables: the person addressed, or the agent asking what to do (German `du`
only beside its verb, `bevorzugst du`, `du hast`: a bare `du` is French for `of the`). One
group of words between word boundaries (Unicode ones: Cyrillic too), and the verb before `du`
looked behind at, not scanned: this runs on every question and list item."""
ASKED_OF_US = _ci(
    r"^(?:(?:so|and|but|also),?\s+)?(?:should|shall) we\b|^(?:sollen|sollten) wir\b"
    r"|^(?:devrions|devons)-nous\b|^¿?(?:deberíamos|debemos)\b|^(?:dovremmo|dobbiamo)\b"
    r"|^(?:devemos|deveríamos)\b|^(?:нам )?стоит ли(?: нам)?(?!\w)"
)
"""A closing question about what "we" should change (`Should we lower it to 60 seconds?`,
`Sollen wir das auf 60 Sekunden senken?`): a decision left to the person, unless it is only
about going on (GO_ON)."""
GO_ON = _ci(
    r"\b(?:proceed|continue|go ahead|carry on|move on|start|begin|get started|wrap up|stop here"
    r"|weitermachen|fortfahren|loslegen|anfangen|continuer|commencer|continuar|empezar|procéder"
    r"|proseguire|continuare|iniziare|começar|prosseguir)\b|(?<!\w)(?:продолж|начина|начн)"
)
"""Going on with the work: what an offer asks (`Should we proceed?`, `Sollen wir weitermachen?`)."""
POINTS_BACK = _ci(
    r"\b(?:it|that|this|these|those|them|das|dies|diese[nms]?|es|ça|cela|eso|esto|isso|isto"
    r"|questo|quello)\b|(?<!\w)(?:это|его|её|их)(?!\w)|その|それ|これ|この|这|那|그것|이것"
)
"""Words naming what the sentence before said (`Should we lower it to 60 seconds?`)."""
OFFERED = _ci(
    r"\b(?:happy to|glad to|let me know|if you(?:'d)? (?:like|want|prefer)|whenever you|unless you"
    r"|for you|shall I|should I|can I|I can|I could|want me to|si tu veux|si vous voulez"
    r"|wenn du (?:willst|möchtest)|falls gewünscht|si quieres|se vuoi|se quiser|если хотите)\b"
)
"""A todo or a question that is an offer or an order for now (`Next steps: happy to add a
benchmark`, `TODO for you right now: rename…`, `Open question for you: should I print…?`)."""
REQUEST = _ci(
    r"^(?:can|could|would|will) you\b(?! (?:please )?(?:look (?:at|into)|check|find out"
    r"|figure out|investigate|see (?:why|if|whether|what|how)|dig into|tell me|explain)\b)"
    r"|\bplease\b|\bbitte\b"
)
"""A user's question that asks for work to be done rather than something to be found out (`can
you look at how push works?` asks to find out)."""
FILLER = _ci(
    r"^(?:(?:(?:ok(?:ay)?|so|also|and|but|then|well|alright|und|please|bitte|meanwhile"
    # what only adds to what was said (`Außerdem instanziieren…`, `Además, …`)
    r"|además|inoltre|além disso|en plus|de plus|кроме того)\b"
    r"\s*[,.:;!—–-]*"
    r"|(?:yes|yeah|yep|no|nope|nah|great|good|right|sure|perfect|thanks|fine|note|ja|gut|nein"
    # the same, beyond English (`Ладно, оставим…`, `Bon, prenons…`, `Vale, usemos…`)
    r"|passt|bon|d'accord|vale|bueno|va bene|bene|allora|beleza|certo|então|ладно|хорошо|ок"
    r"|prima|super|alles klar|parfait|perfecto|perfetto|perfeito|goed|oké|dobrze|okej|bra"
    r"|tamam|peki"
    r"|you(?:'re| are) right|good (?:catch|call|question|point)|got it|great (?:call|question))"
    r"\s*(?:[,.:;!—–-]+|(?=\s+please\b)))\s+"
    # in Chinese, Japanese and Korean, with their own comma and no space (`はい、今は…`)
    r"|(?:はい|ええ|うん|是的|好的|对|對|嗯|네|예)\s*[、，,]\s*)+"
)
"""Words that open a sentence without adding to it: dropped before a title is made.
`No`, `Yes`, `Great`… only with punctuation after them (`No tests cover it` keeps its `No`),
but `Yes please add…` loses its `Yes please`."""
PROPOSAL = _ci(
    r"^(?:I|we)(?:'d| would)\s+(?!rather not\b)(?:(?:recommend|suggest|prefer)(?: to)?\s+"
    r"|rather\s+)?"
    rf"|^(?:I|we) (?={_KEPT}\b)"
    r"|^[*_]*(?:my )?recommendation[*_]*\s*:[*_]*\s*"
)
"""How the agent words a proposal (`I'd add a leeway…`): dropped from a decision's title."""
NOTHING = _ci(
    r"^(?:none|nothing|n/a|not yet|nichts|keine?s?|aucune?|rien|nada|ningun[oa]?|niente"
    r"|nessun[oa]?|nenhum[a]?|нет|ничего)\b(?:\W+\w+){0,4}\W*$"
)
"""A few words that say there is nothing (`Known limitations: none that I know of.`)."""
ANNOUNCED = _ci(
    # a bare `found it` only alone (`Found it.`), not `Found it, opening it now`
    r"^(?:(?:I(?:'ve)? |we(?:'ve)? )?found it(?=[.!:]|$)"
    r"|(?:I(?:'ve)? |we(?:'ve)? )?found the (?:cause|culprit|bug|problem|issue|reason)\b"
    # what was found, named before a colon (`Found the leak:`, `Нашёл утечку:`)
    r"|(?:(?:I )?found (?:the|a) \w+|(?:j'ai )?trouvé (?:la |le |l'|une? )\w+"
    r"|encontré (?:el|la|un|una) \w+|(?:ho )?trovato (?:il |la |lo |l'|una? )\w+"
    r"|(?:achei|encontrei) (?:o|a|um|uma) \w+|(?:ich )?hab(?:e)? (?:den|die|das|einen|eine) \w+"
    r" gefunden|(?:нашёл|нашел|нашла) \w+)(?=\s*:)"
    r"|(?:I )?(?:see|know"
    r"|figured out|found out) why\b|I (?:looked into|dug into|checked|looked at) why\b|I traced\b"
    r"|I tracked (?:it|this|that|the \S+) down\b"
    r"|(?:ich )?hab(?:e)?(?:'s| es| die ursache)? gefunden\b|ich (?:weiß|sehe) jetzt,? warum\b"
    r"|(?:j'ai )?trouvé(?: la cause| le problème| pourquoi|(?=\s?[.!:]))|je vois pourquoi\b"
    r"|ya (?:vi|sé) por qué\b|encontré (?:la causa|el problema|por qué)\b"
    r"|estuve revisando por qué\b|j'ai regardé pourquoi\b"
    r"|ich habe (?:geprüft|nachgesehen),? warum\b"
    r"|(?:ho )?trovato(?: la causa| il problema| il motivo|(?=[.!:]))|ho capito perché\b"
    r"|achei(?: a causa| o problema|(?=[.!:]))|encontrei (?:a causa|o problema)\b"
    r"|já sei por que\b|descobri (?:o motivo|a causa|o problema)\b|ho capito il problema\b"
    r"|ho verificato(?=[:,])|ich hab(?:e)? nachgeschaut(?=[:,])|(?:нашёл|нашел|нашла)(?: причину"
    r"| проблему|(?=[.!:]))"
    r"|понял,? (?:почему|в чём дело)(?!\w)"
    # there it is: `Da ist es: …`, `Voilà : …`, `Ecco il problema: …`
    r"|(?:there it is|da ist es|da haben wir'?s|voilà|ahí está|ahi esta|eccolo|ecco(?: il problema"
    r"| la causa)?|aí está|daar is het|där är det|вот оно|вот в чём дело|mam to|buldum)"
    r"(?=\s*[.!:])"
    r"|(?:gevonden|hittade det|znalazłem|znalazłam)(?=\s*[.!:])"
    # it is clear now, understood how it works: `Ya está claro el problema: …`
    r"|(?:(?:the )?problem is clear(?: now)?|(?:it's|it is) clear now"
    r"|(?:understood|figured out) how [^.:!?]{1,40}|(?:ya )?está claro(?: el problema)?"
    r"|entendido cómo [^.:!?]{1,40}|c'est clair(?: maintenant)?"
    r"|(?:j'ai )?compris (?:comment [^.:!?]{1,40}|le problème)"
    r"|jetzt ist (?:es |mir )?klar|(?:ich habe |hab )?verstanden,? wie [^.:!?]{1,40}"
    r"|ora è chiaro|(?:ho )?capito come [^.:!?]{1,40}|ficou claro"
    r"|entendi (?:como [^.:!?]{1,40}|o problema)|теперь (?:понятно|ясно)|разобрался)"
    r"(?=\s*[.!:]))"
    r"|^(?:找到(?:原因|问题|問題)了|原因找到了|查到了|查清楚了|原因が?(?:わかりました|分かりました"
    r"|判明しました)"
    r"|원인을 찾았)"
)
"""A sentence announcing what was found (`Found it.`, `I looked into why the import drops rows.`,
`原因がわかりました。`): the sentence after it, or after its colon, says what."""
FOUND_IT = ("found it", "got it", "ya lo tengo", "encontré", "gefunden", "trouvé", "trovato",
            "achei", "encontrei", "mam to", "buldum", "gevonden")  # fmt: skip
"""How a find is announced (`Found it.`, `Gefunden, …`, `Ya lo tengo, y…`)."""
ANNOUNCED_KEYS = Words(*FOUND_IT, "found the", "see why", "know why", "out why", "into why",
                       "checked why", "looked at why", "i traced", "tracked", "warum", "pourquoi",
                       "por qué", "perché", "por que", "нашёл", "нашел", "нашла", "понял", "找到",
                       "原因が", "원인을", "descobri", "capito", "verificato", "nachgeschaut",
                       "查到", "查清楚", "原因わか", "原因分か", "there it is", "da ist es",
                       "da haben wir", "voilà", "ahí está", "ahi esta", "ecco", "aí está",
                       "daar is het", "där är det", "вот оно", "вот в чём", "hittade det",
                       "znalazł", "is clear", "clear now", "understood how",
                       "figured out how", "está claro", "entendido", "c'est clair", "compris",
                       "ist klar", "ist mir klar", "verstanden", "è chiaro", "capito come",
                       "ficou claro", "entendi", "понятно", "ясно", "разобрался")  # fmt: skip
"""Case-folded words one of which a text needs to hold for ANNOUNCED to be looked for."""
LEADING_SYMBOLS = re.compile(r"^[\u2190-\u2bff\U0001f000-\U0001faff\ufe0f\u200d]+\s*")
"""Arrows, dingbats and emoji that open a line (`💡 Insight:`, `⚠️ TODO:`): not read."""
LEAD_WORDS = 4
"""An `after` title drops the words before the marker when there are at most this many."""
TAKEAWAY_OPENER = _ci(
    r"^(?:here(?:'s| is| are)|you(?:'re| are) welcome|done|let me|I'll"
    r"|I (?:don't|do not|can't|cannot|haven't|am not|'m not)"
    r"|hello|hi|hey|bonjour|hallo|hola|ciao|olá|привет|здравствуйте"
    # thanks, praise (`Thanks for the stack trace.`, `Great list — I've expanded…`)
    r"|thanks|thank you|great|good (?:catch|call|point|question|idea|find)|nice|perfect"
    r"|danke|merci|gracias|grazie|obrigad[oa]|спасибо|dzięki|bedankt|tack"
    # what the speaker first meant to do, and gave up (`Сначала я думал сделать…, но…`)
    r"|(?:at first|initially|originally),? I (?:thought|wanted|planned|considered)"
    r"|I (?:first|initially|originally) (?:thought|wanted|planned|considered)"
    r"|zuerst (?:dachte|wollte) ich|(?:au début|d'abord),? (?:j'ai (?:pensé|voulu)|je (?:pensais"
    r"|voulais))|al principio (?:pensé|quise)|primero pensé|all'inizio (?:pensavo|volevo)"
    r"|(?:no início|primeiro),? pensei|сначала (?:я )?(?:думал|хотел)|(?:aanvankelijk|eerst) dacht"
    r" ik)\b"
    # how to run something (`Para correr los tests: dotnet test desde la raíz`)
    r"|^(?:to run|para (?:correr|ejecutar|lanzar|rodar|executar)|pour (?:lancer|exécuter)"
    r"|zum (?:ausführen|starten)|per (?:eseguire|lanciare)|чтобы запустить"
    r"|(?:적용|실행) (?:순서|방법)"
    r"|実行方法|適用手順|运行方法|执行步骤)\b[^:]{0,40}:"
)
"""A sentence that opens an answer without saying anything, with what the speaker first meant
and gave up, or with how to run something: never a takeaway's or an insight's title."""
SUMMARY_LABEL = _ci(r"^(?:summary|tl;dr|short answer|in short|bottom line|zusammenfassung)\s*:\s*")
"""The agent's own one-line summary of its answer: the best takeaway title when there is one."""
TITLE_LABEL = _ci(
    r"^(?:title|titel|titre|título|titolo|заголовок|(?:my )?(?:proposal|suggestion)|vorschlag"
    r"|voorstel|proposition|propuesta|sugerencia|proposta|suggerimento|sugestão|предложение"
    r"|propozycja|förslag|öneri(?:m)?)\s*:\s*"
)
"""A label a title must not keep (`Titel:`, `Voorstel: in de PDF de thumbnails gebruiken`)."""
FIRST_PERSON = _ci(
    r"^(?:I|we)(?:'ve| have)? (?:found|confirmed|verified|noticed|learn(?:ed|t)|reali[sz]ed"
    r"|discovered|think|believe|see|can confirm)(?: (?:that|out))?,?\s+"
    # the agent's choice, said by it (`I go with one bucket…` → `Go with one bucket…`)
    r"|^I(?:'ll| will| am going to|'m going to)? (?=(?:go with|use|keep|switch|move|split|drop|pin"
    r"|replace|stay|stick|pick|choose|prefer|went with|kept|chose|picked|switched|dropped"
    r"|replaced|pinned)\b)"
)
"""How a finding's first person opens (`I found that …`): the title states the finding itself."""
FOUND_OUT = _ci(
    r"^(?:(?:so|and)[,]?\s+)?(?:it )?turn(?:s|ed) out,?(?: that)?\s+(?=\S)"
    r"|^il s'(?:avère|est avéré) que\s+|^(?:resulta|resultó) que\s+"
    r"|^(?:si è scoperto|è emerso) che\s+|^(?:acontece|descobrimos) que\s+"
    r"|^(?:оказалось|выяснилось),? что\s+|^note that\s+"
    r"|^(?:查到了|找到了|定位到了|确认了|確認了)[，,：:]\s*"
)
"""How a finding that was found out opens (`It turns out that…`, `Оказалось, что…`, `查到了，`):
dropped from its title, which states what was found (German keeps its `dass`: the clause after
it puts its verb last)."""
REFUSAL = _ci(
    r"^\W*(?:no|nope|nah|not (?:that|this|yet|now|really)|don't|do not|rather|instead|wait"
    r"|hold on|I(?: don't| disagree|'d rather| would rather| prefer)|let's not|nein|non|нет)\b"
)
"""How a reply turns down what the agent proposed (`No, keep the LRU`)."""
STATUS_LINE = _ci(
    r"\b(?:(?:is|are|now|stays?) (?:green|passing|clean)\b"
    r"|(?:all )?(?:\d+ )?(?:tests?|checks?|specs?) (?:now )?(?:pass(?:ed|es|ing)?|green"
    r"|succeed(?:ed)?)\b"
    r"|build (?:succeeds|succeeded|passes|passed|is green)\b|successfully\b"
    r"|(?:is|are) (?:now )?(?:up|running|responding|live)\b|launched\b"
    r"|(?<!not )(?<!non )(?<!no )(?<!não )(?<!не )(?<!nicht )(?:works|funktioniert|fonctionne"
    r"|funciona|funziona|работает)\W*$|(?:added|implemented|complete|completed|ready)\W*$"
    r"|(?:is|are) (?:now )?(?:deployed|merged|released) to\b"
    r"|(?:lint|linter|ruff|mypy|typecheck)\b[^.]{0,20}\b(?:clean|passes|green)\b"
    # the rows above in the other languages of the cue tables
    r"|(?:is|are) now \w+(?:ed|en)\b|(?:est|sont) (?:maintenant|désormais) \w+(?:é|ée|és|ées)\b"
    r"|(?:ahora|agora) (?:está|están|estão) \w+(?:ado|ada|ados|adas)\b"
    r"|(?:не найден[аоы]?|тесты проходят"
    r"|tests? (?:laufen durch|bestanden|sind grün|passent|réussis)"
    r"|(?:pruebas|test|testes) (?:pasan|passano|passam))\b)"
    # saved or written somewhere: a file, a folder (not `generado en el cliente`)
    r"|\b(?:(?:saved|written|stored|created|generated) (?:to|in|at|under)"
    r"|(?:gespeichert|geschrieben|erstellt|angelegt) (?:in|unter|nach)"
    r"|(?:enregistré|sauvegardé|écrit|créé|généré)e?s? (?:dans|sous|en)"
    r"|(?:guardad|escrit|cread|generad)[oa]s? en|(?:salvat|scritt|creat|generat)[oaie] (?:in|nella"
    r"|nel|sotto)|(?:salv|escrit|criad|gerad)[oa]s? (?:em|no|na)"
    r"|(?:сохранён|сохранен|записан|создан)[оаы]? в)"
    r" (?:(?:the|a|an|le|la|les|l'|un|une|el|los|las|der|die|das|den|dem|einem?|il|lo|gli|o|os|as"
    r"|um|uma) ?)?(?:[`/~\[]|\S+[./]\w|(?:[\w-]+ )?(?:files?|folders?|director(?:y|ies)|dir"
    r"|disk|repo\w*|fichiers?|dossiers?|répertoires?|carpetas?|archivos?|ficheros?|directorios?|ordner|dateie?n?"
    r"|verzeichnis\w*|cartell[ae]|pastas?|arquivos?|diretórios?|папк\w*|файл\w*|каталог\w*)\b)"
)
"""A status line: that something ran and passed is not what the session concluded (searched
for anywhere in a sentence, every shape after one word boundary: a third faster than each with
its own; `STATUS_OPENING` where one opens)."""
STATUS_OPENING = _ci(
    r"(?:done|fixed|committed|pushed|merged|deployed|shipped|all set|erledigt|fertig|behoben"
    r"|terminé|corrigé|hecho|listo|terminado|corregido|fatto|finito|completato|corretto|feito"
    r"|pronto|concluído|corrigido|готово|сделано|исправлено)\b"
    # nothing found, something loaded: a look around, not a conclusion
    r"|(?:no|aucune?|keine?|ning[uú]n[oa]?|nessun[oa]?|nenhuma?)\b[^.]{0,80}\b(?:found"
    r"|trouvée?s?|gefunden|encontrad[oa]s?|trovat[oaie])\b"
    r"|(?:\S+\s+){0,2}(?:loaded|activated|initiali[sz]ed|chargée?s?|activée?s?|geladen"
    r"|aktiviert|cargad[oa]s?|activad[oa]s?|caricat[oaie]|attivat[oaie]|carregad[oa]s?"
    r"|ativad[oa]s?|загружен[аоы]?|активирован[аоы]?)\b"
)
"""How a status line opens (`Done`, `Config chargée`, `Aucun story … trouvé`): matched at the
start of a sentence only."""

WORK_LOG = _ci(
    r"^(?:(?!(?:named|nested|cached|signed|unsigned|compressed|encrypted|versioned|typed"
    r"|untyped|unused|unexpected|detailed|limited|embedded|distributed|sorted|mixed|hardcoded"
    r"|prefixed|isolated|scoped|pinned|bounded|unbounded|structured|unstructured|automated"
    r"|shared|managed|generated|compiled|provisioned|reserved|allocated|dedicated|deprecated"
    r"|related|estimated|expected|required|supported|preferred)\b)[A-Z]\w+ed\b"
    r"|(?:I|we)(?:'ve| have)? (?:also |then |now |just )?(?:\w+ed|made|wrote"
    r"|built|ran|put|set|took|got|did|kept|left|split|cut)|(?:added|removed|updated|changed|created|fixed|renamed"
    r"|moved|refactored|deleted|implemented|wrote|ran|replaced|extracted|introduced|cleaned)\b)\b"
    # the same in the other languages of the cue tables: `Ich habe … hinzugefügt`, `J'ai ajouté`
    r"|^(?:ich habe|wir haben)\b[^.]{0,80}\b(?:hinzugefügt|entfernt|aktualisiert|geändert"
    r"|erstellt|behoben|umbenannt|verschoben|gelöscht|implementiert|geschrieben|ersetzt)\b"
    r"|^(?:hinzugefügt|entfernt|aktualisiert|geändert|erstellt|behoben)\b"
    r"|^(?:j['’]ai|nous avons|on a) (?:\S+ )?(?:ajouté|supprimé|mis à jour|modifié|créé|corrigé"
    r"|renommé|déplacé|implémenté|écrit|remplacé|lancé|exécuté)"
    r"|^(?:ajouté|supprimé|mis à jour|modifié|créé|corrigé)e?s?\b"
    r"|^(?:he|hemos) (?:añadido|agregado|eliminado|actualizado|cambiado|creado|corregido"
    r"|renombrado|movido|implementado|escrito|reemplazado|ejecutado)\b"
    r"|^(?:añadí|agregué|eliminé|actualicé|creé|corregí|implementé|añadido|agregado|eliminado"
    r"|actualizado|creado|corregido)\b"
    r"|^(?:ho|abbiamo) (?:aggiunto|rimosso|aggiornato|modificato|creato|corretto|rinominato"
    r"|spostato|implementato|scritto|sostituito|eseguito)\b"
    r"|^(?:aggiunto|rimosso|aggiornato|creato|corretto)\b"
    r"|^(?:eu )?(?:adicionei|removi|atualizei|alterei|criei|corrigi|renomeei|implementei"
    r"|escrevi|substituí|executei|adicionado|removido|atualizado|criado|corrigido"
    # what was looked at (`Olhei o código e o schema`, `Miré los logs`, `J'ai lu la PR`)
    r"|olhei|verifiquei|analisei|revisei|chequei)\b"
    r"|^(?:miré|revisé|analicé|leí|comprobé|he (?:mirado|revisado|leído|analizado))\b"
    r"|^ho (?:guardato|controllato|letto|analizzato)\b"
    r"|^j['’]ai (?:regardé|lu|vérifié|analysé|parcouru|relu)\b"
    r"|^(?:ich habe|hab) [^.]{0,60}\b(?:angeschaut|angesehen|gelesen|geprüft|durchgesehen"
    r"|analysiert)\b|^(?:я )?(?:посмотрел|проверил|просмотрел)\w*"
    r"|^(?:я |мы )?(?:добавил|удалил|обновил|изменил|создал|исправил|переименовал|реализовал"
    r"|написал|заменил|запустил|перевёл|перевел|прочитал|настроил|переписал|починил)\w*"
    r"|^(?:я |ми )?(?:додав|видалив|оновив|змінив|створив|виправив|переписав|запустив)\w*"
    r"|^(?:ik heb|we hebben|wij hebben)\b[^.]{0,80}\b(?:toegevoegd|verwijderd|bijgewerkt"
    r"|aangepast|veranderd|gewijzigd|aangemaakt|gemaakt|opgelost|hernoemd|verplaatst|omgezet"
    r"|geschreven|vervangen|uitgevoerd|geïmplementeerd|gedraaid)\b"
    r"|^(?:jag har|vi har)\b[^.]{0,80}\b(?:lagt till|tagit bort|uppdaterat|ändrat|skapat|fixat"
    r"|rättat|flyttat|skrivit|ersatt|kört|implementerat)\b"
    r"|^(?:la till|tog bort|uppdaterade|ändrade|skapade|fixade|flyttade|skrev|ersatte|körde)\b"
    r"|^(?:dodał|usunął|usunęł|zaktualizował|zmienił|utworzył|poprawił|naprawił|przeniósł"
    r"|przeniosł|napisał|zastąpił|uruchomił|dodano|usunięto|zaktualizowano|zmieniono"
    r"|poprawiono)\w*"
    r"|^(?=[^.]{0,80}\b(?:ekledim|kaldırdım|güncelledim|değiştirdim|oluşturdum|düzelttim"
    r"|taşıdım|yazdım|çalıştırdım)\b)"
    # the irregular verbs of a log, the subject dropped (`Rebuilt the settings screen`)
    r"|^(?:re)?(?:built|wrote|ran|made|set up|split|did)\b"
    # German with its verb second (`Zuerst habe ich … erweitert`), passives of the other languages
    r"|^\w+,? (?:habe|hab) ich\b|^se (?:añadió|agregó|eliminó|actualizó|cambió|creó|corrigió"
    r"|implementó|migró|reescribió)\b|^(?:foi|foram) (?:adicionad|removid|atualizad|criad"
    r"|corrigid|implementad|migrad)\w*"
    # what was moved from one version or place to another (`Spring Boot upgraded from 2.7 to 3.2`)
    r"|^[^:]{1,60}? (?:upgraded|migrated|moved|converted|updated|bumped|ported|rewritten"
    r"|réécrit|migré|converti|portado|migrado|migrato|обновлён|обновлен|переведён|переведен)"
    r"(?: \S+)? (?:from|to|into|with|avec|vers|a|para|на|с)\b"
    # what is being done, with no verb of what it found: `Listing all available skills`
    r"|^(?:listing|checking|looking (?:at|into|for)|searching|fetching|loading|showing"
    r"|reviewing|investigating|exploring|scanning|reading)\b(?![^.]*\b(?:is|are|was|were"
    r"|shows?|showed|reveals?|revealed|confirms?|confirmed|means)\b)"
)
"""A work log's sentence (`I removed the duplication`, `Updated the docs`, `Checking the
logs`): what was or is being done."""
DEFER = _ci(
    # moving on without an answer: `anyway, let's keep going`, `mach erstmal weiter`
    r"\b(?:anyway|meanwhile|in the meantime|for now),? (?:let's |just )?(?:keep|move|carry|go"
    r"|finish|continue|focus)"
    r"(?: going| on| moving)?\b|\b(?:keep|carry) (?:going|moving|on) (?:with [^.?!]{1,40} )?"
    r"(?:meanwhile|in the meantime|for now)\b|\bmach (?:erstmal|doch erstmal|einfach) "
    r"(?:mit [^.?!]{1,40} )?weiter\b|\bon continue [^.?!]{0,40}en attendant\b"
    r"|\b(?:mientras tanto|entretanto|intanto|enquanto isso|comunque vai avanti)\b"
    r"|(?<!\w)пока продолжай(?!\w)|一旦置いといて|とりあえず(?:先に|次)"
    # unsure of it: `Bin mir da echt unsicher`
    r"|\bbin mir (?:da )?(?:echt |wirklich |noch )?(?:unsicher|nicht sicher)\b"
    r"|\bI'm (?:really |still )?(?:not sure|unsure)(?: about (?:that|this|it))?\.?$"
    r"|\bnon (?:ne )?sono (?:ancora )?sicur[oa]\b|\bno estoy segur[oa]\b"
    r"|\bnão tenho certeza\b|\bnot deciding (?:that|this|it)\b|\bparking (?:that|this|it)\b"
    r"|\b(?:leave|keep) it as an open (?:item|question)\b|\bundecided\.?$"
    r"|\blet's (?:revisit|reconsider|come back to) (?:it|this|that)?\b"
    r"|\bnot going to guess\b|\bgenuinely don't know\b"
    r"|\b(?:faut que j'en parle|il faut que j'en parle|need to (?:ask|check with|talk to)"
    r"|muss ich (?:noch )?mit \w+ klären|tengo que hablarlo|preciso falar com|deixar em aberto"
    r"|(?:needs?|has|have) to (?:check|find out|figure (?:that |it )?out|dig into|clarify)"
    r"|need to find out|muss (?:die|der|das) \w+ klären|question à poser"
    r"|hay que preguntar(?:le)?|(?:alguém|alguem) tem que|va chiest[oa]|for (?:now|today)"
    r"|por (?:ahora|hora)|en attendant|erstmal|vorerst)\b|要问|聞く必要|とりあえず"
    r"|(?<!\w)(?:надо|нужно) (?:уточн|спрос)\w*|再说|再決定|再决定|얘기해봐야|確認が必要|"
    r"\b(?:(?:don't|do not|won't) want to decide|(?:decide|figure)(?: (?:that|this|it))?(?: out)?"
    r" later|(?:leave|keep) (?:that|this|it) open|park (?:that|this|it)"
    r"|not (?:decide (?:(?:that|this|it) )?)?(?:today|now)\b"
    r"|for another (?:day|time)|(?:think|talk) about (?:that|this|it) (?:later|tomorrow"
    r"|next (?:week|time|sprint))|revisit (?:that|this|it) (?:later|tomorrow|next (?:week|time"
    r"|sprint))|entscheiden wir (?:später|morgen)|später entscheiden"
    r"|lassen wir (?:das )?offen|nicht heute|on (?:verra|décidera) plus tard|décider plus tard"
    r"|(?:lo )?decidimos (?:luego|después|depois|más adelante|más tarde|mañana|otro día)"
    r"|(?:a gente|nós) (?:decide|decidimos|vê|vemos|resolve|resolvemos) (?:isso )?depois"
    r"|dejémoslo abierto"
    r"|decidiamo (?:dopo|poi|più tardi|più avanti)|non lo so|boh|non saprei|lascio la domanda"
    r"|lasciamolo aperto|deixemos em aberto|не сегодня|(?:реши[мт]|решим это) (?:позже|потом)"
    r"|оставим (?:это )?открытым|(?:don't|do not) need an answer|no need to answer"
    r"|just thinking out loud|voor een andere keer|für ein andermal|pour une autre fois"
    r"|per un'altra volta|para otra ocasión|para outra hora"
    r"|(?:beslissen|bespreken) we later|dat laten we open|zdecydujemy później|zostawmy to otwarte"
    r"|det bestämmer vi senare|vi lämnar det öppet|sonra karar veririz|bunu açık bırakalım)"
    # no word boundary between Chinese or Japanese words
    r"|以后再(?:决定|定)|以後再(?:決定|定)|回头再(?:决定|定)|今天不(?:决定|決定)|後で決め|また今度決め"
    r"|拿不准|拿不準|先放着|先放著|再定|(?:讨论|討論)(?:一)?下|说不好|說不好|(?:评审|評審)会上"
    r"|나중에 결정|오늘은 결정하지|그때 (?:정해요|정하죠|다시 얘기)|다시 얘기해요"
)
"""A person leaving the question just asked open: it stays a question of the ledger. `|` first:
the rows of moving on, then those of deciding later."""
UNSURE = _ci(
    r"\b(?:(?:not |un)sure|undecided|(?:don't|do not) know)(?: yet)?,? (?:whether|if|about)\b"
    r"|\b(?:nicht sicher|weiß (?:noch )?nicht),? ob\b|\b(?:pas sûr|ne sais pas) si\b"
    r"|\bno (?:estoy segur[oa] de|sé) si\b|\bnon (?:sono sicur[oa]|so) se\b"
    r"|\bnão (?:tenho certeza|sei) se\b|(?<!\w)не (?:уверен[а]?|знаю),? (?:ли|стоит|нужно)(?!\w)"
    # unclear (to me) whether…, in the same languages
    r"|\b(?:unclear|not clear)(?: to (?:me|us))?,? (?:whether|if)\b|\bunklar(?: ist mir)?,? ob\b"
    r"|\b(?:pas clair|pas encore clair) si\b|\bno (?:tengo|me queda) claro si\b"
    r"|\b(?:je )?(?:ne )?sais pas (?:encore |trop |vraiment )?si\b"
    r"|(?<!\w)не понимаю,? \w+(?= ли(?!\w))"
    r"|\blo que no (?:tengo|me queda) claro es si\b|\bnon ho (?:ancora )?capito se\b"
    r"|\bstill (?:don'?t|do not) know (?:whether|if)\b|\bunclear (?:who|what|how|which|when)\b"
    r"|\b(?:wir )?wissen (?:immer )?noch nicht,? ob\b"
    r"|\bon (?:ne )?sait (?:toujours|encore) pas si\b"
    r"|\b(?:todav[ií]a |a[uú]n )?no est[aá] claro si\b|\bainda n[aã]o (?:decidimos|sabemos) se\b"
    r"|\bnon abbiamo (?:ancora )?capito se\b|\bnon mi è (?:ancora )?chiaro se\b"
    r"|\bnon so ancora se\b|还没定|還沒定|まだ(?:分から|わから)ない"
)
"""A person saying they do not know yet which way to go: with a DEFER after it, a question."""
UNSURE_KEYS = Words("sure", "undecided", "know", "sicher", "weiss", "sûr", "sais", "segur", "sé si",
               "sicur", "so se", "certeza", "sei se", "уверен", "знаю", "clear", "unklar",
               "clair", "claro", "capito", "chiaro", "so ancora", "понимаю", "wissen", "sait",
               "decidimos", "sabemos",
               "还没定", "還沒定", "分からない", "わからない")  # fmt: skip
"""Case-folded words (`weiß` is `weiss`) one of which a text needs to hold for UNSURE to be
looked for."""
UNVERIFIED = _ci(
    r"\b(?:haven'?t|have not|hasn'?t|has not|didn'?t|did not|couldn'?t|could not|can'?t|cannot"
    r"|wasn'?t able to|not yet)\b(?: \w+){0,2}? (?:confirm|verif|prove|reproduc|test|check"
    r"|profil|measur|benchmark)\w*"
    r"|\b(?:not|un)(?: yet)?[ -]?(?:verified|confirmed|proven|tested)\b"
    r"|\b(?:could|might|may) be wrong\b|\b(?:just|only|purely) a (?:guess|hunch|theory)\b"
    r"|\b(?:that's|this is|it's) (?:just |only )?(?:a|my) (?:guess|hunch)\b"
    r"|\b(?:noch )?nicht (?:\w+ )?(?:überprüft|verifiziert|bestätigt|nachgeschaut|geprüft"
    r"|getestet|nachgewiesen)|\b(?:unbestätigt|ungeprüft)\b|\bkann mich (?:auch )?irren\b"
    r"|\bnur eine vermutung\b|\b(?:can'?t|cannot|couldn'?t) rule out\b"
    r"|(?<!\w)проверить (?:это |этого )?(?:я )?не (?:могу|смог|удалось)(?!\w)"
    r"|\bpas (?:encore )?(?:\w+ ){0,2}(?:vérifi|confirm|test|prouv|reprodui)\w*|\bà confirmer\b"
    r"|\bpour le (?:confirmer|vérifier)\b|\bje (?:peux|pourrais) me tromper\b"
    r"|\b(?:no|sin) (?:lo )?(?:he )?(?:\w+ )?(?:comprobado|verificado|confirmado|confirmar"
    r"|verificar|comprobar)\b|\bpuedo estar equivocad[oa]\b|\bsolo una suposición\b"
    r"|\b(?:não|sem) (?:o )?(?:\w+ )?(?:confirmei|verifiquei|testei|confirmar|verificar"
    r"|comprovei)\b|\bposso estar errad[oa]\b"
    r"|\bnon (?:l'ho |ho )?(?:ancora )?(?:verificato|confermato|controllato|provato)\b"
    r"|\bda (?:verificare|confermare)\b|\bpotrei sbagliarmi\b"
    r"|(?<!\w)(?:пока )?не (?:проверял[аи]?|проверил[аи]?|подтвердил[аи]?|подтвержден[оаы]?"
    r"|проверен[оаы]?|удалось (?:проверить|подтвердить))(?!\w)|(?<!\w)могу ошибаться(?!\w)"
    r"|(?<!\w)(?:утверждать не берусь|не берусь утверждать)(?!\w)"
    r"|(?<!\w)(?:поки )?не (?:перевіряв|перевіряла|перевірив|перевірила|перевірено|підтверджено"
    r"|вдалося (?:перевірити|підтвердити))(?!\w)|(?<!\w)можу помилятися(?!\w)"
    r"|\b(?:doğrulamadım|kontrol etmedim|test etmedim|teyit etmedim|ölçmedim|emin değilim)\b"
    r"|\bdoğrulamak için\b"
    r"|(?:確認|検証)(?:は|も)?(?:まだ)?(?:していません|してない|できていません|できてない|取れていません)"
    r"|未確認|未検証|未检证|(?:还|還)?(?:没|沒|未)(?:有)?(?:验证|驗證|确认|確認|证实|證實|复现)"
    r"|(?:复现|復現)不出来|只是(?:猜测|猜測|推测|推測)|不敢打包票"
    r"|확인(?:은|는)? (?:아직 )?(?:안 ?했|못 ?했)|검증(?:은|는)? (?:아직 )?(?:안|못)"
)
"""Said not to be verified yet (`I haven't confirmed it`, `hab aber nicht nachgeschaut`, `まだ確認は
していません`): what the speaker guessed next to it is a hypothesis."""
PLAUSIBLE = _ci(
    r"^(?:plausible|possibly|possible|could (?:well )?be|might (?:well )?be|that tracks"
    r"|makes sense|(?:gut )?möglich|(?:das )?(?:kann|könnte) (?:gut |schon )?sein|plausibel"
    r"|puede ser|tiene pinta|es posible|es plausible|ça se tient|c'est possible"
    r"|c'est plausible|pode ser|faz sentido|é possível|é plausível|può darsi|potrebbe essere"
    r"|è possibile|è plausibile|вполне вероятно|вполне возможно|возможно|похоже на то"
    r"|может быть)(?=[\s.,!:;—–]|$)"
    # not one that goes on to doubt it (`Possibly, but the failures started before…`)
    r"(?![^.!?]*(?:\b(?:but|aber|doch|mais|pero|ma|mas)\b|(?<!\w)но(?!\w)))"
)
"""A reply that opens by calling what the person guessed plausible (`Plausible.`, `Puede ser,
…`, `Möglich.`): their guess is a hypothesis."""
UNVERIFIED_KEYS = Words(
    "не берусь",
    "confirm",
    "verif",
    "prove",
    "reproduc",
    "tested",
    "checked",
    "wrong",
    "guess",
    "hunch",
    "rule out",
    "profiled",
    "measured",
    "benchmarked",
    "testé",
    "provato",
    "theory",
    "überprüft",
    "bestätigt",
    "nachgeschaut",
    "geprüft",
    "irren",
    "vermutung",
    "vérifi",
    "confirmé",
    "tromper",
    "comprob",
    "equivocad",
    "suposición",
    "confirmei",
    "verifiquei",
    "testei",
    "comprovei",
    "errad",
    "verificato",
    "confermat",
    "controllato",
    "sbagliarmi",
    "провер",
    "перевір",
    "doğrulamadım",
    "doğrulamak için",
    "etmedim",
    "ölçmedim",
    "emin değilim",
    "підтвердж",
    "помилятися",
    "подтверд",
    "ошибаться",
    "確認",
    "検証",
    "验证",
    "驗證",
    "确认",
    "证实",
    "證實",
    "复现",
    "復現",
    "猜测",
    "猜測",
    "推测",
    "推測",
    "打包票",
    "확인",
    "검증",
)
"""Case-folded words one of which a text needs to hold for UNVERIFIED to be looked for."""
COULD_NOT_FIND_OUT = (
    r"(?:(?:konnte|kann) ich (?:noch )?nicht (?:klären|herausfinden|prüfen|verifizieren"
    r"|bestätigen|sagen)|I (?:couldn't|could not|can't|cannot|wasn't able to|was unable to)"
    r" (?:confirm|verify|find out|tell|check|determine|establish)"
    r"|je n'ai pas pu (?:le )?(?:vérifier|confirmer|établir|déterminer|savoir)"
    r"|no (?:lo )?(?:he podido|pude) (?:confirmar|verificar|averiguar|comprobar|saber)"
    r"|non (?:sono riuscit[oa]|ho potuto) a (?:verificar|confermar|capir|chiarir)\w*"
    r"|não (?:consegui|pude) (?:confirmar|verificar|descobrir|esclarecer)"
    r"|(?:я )?не (?:смог(?:ла)?|удалось) (?:выяснить|проверить|подтвердить|понять))"
)
"""That the speaker could not find a thing out, after the question it leaves (`…, konnte ich
nicht klären`, `…, I couldn't confirm`, `…, je n'ai pas pu vérifier`)."""
LEAVE_IT_OPEN = (
    r"(?:(?:(?:давай(?:те)? )?оставим|оставляем) (?:это |его |её |вопрос )?открытым"
    r"|(?:das )?lassen wir (?:das |es )?(?:erst ?mal |vorerst )?offen"
    r"|on (?:le |la |les )?laisse (?:ça |cela )?ouvert|lo (?:dejamos|dejo) abierto"
    r"|lo (?:lasciamo|lascio) aperto|(?:deixamos|deixo|vamos deixar) (?:isso )?em aberto)"
)
"""That a thing is left open for now, beyond English (`оставим открытым`, `lassen wir offen`)."""
UNKNOWN_TAIL = _ci(
    r",\s*(?:(?:I )?(?:honestly |really )?(?:don't|do not) know|nobody knows|no one knows"
    r"|weiß ich (?:\w+ ){0,3}?(?:noch )?nicht|keine ahnung|niemand weiß(?: es)?|je ne sais pas"
    r"|personne ne (?:le )?sait|no (?:lo )?sé|nadie (?:lo )?sabe|non (?:lo )?so|nessuno (?:lo )?sa"
    r"|não sei|ninguém sabe|не знаю|никто (?:не знает|так и не сказал)"
    # … that it is unclear, or could not be found out (`Ob der Service dedupliziert, ist
    # unklar`, `…, konnte ich nicht klären: …`)
    rf"|(?:ist|bleibt) (?:noch )?(?:offen|unklar)|{COULD_NOT_FIND_OUT}"
    r"(?: (?:it|that|es|das|le|lo|это))?"
    # … or left open for now (`…, let's leave it open`, `…, оставим открытым`)
    rf"|(?:(?:let's|we'll|I'll) )?(?:leave|keep) (?:it|that|this) open|{LEAVE_IT_OPEN})"
    r"(?:[.!?…]*$|[,:]\s)"
    # … or that it is still open, after it (`Who owns X is still an open point`)
    r"|\s+(?:is|remains) (?:still )?(?:an open (?:point|question|issue|item)|open"
    r"|unclear(?: to (?:me|us))?|undecided|not (?:yet )?decided|up to (?!date\b)[^.?!]+"
    r"|for \w+ to decide|something to (?:raise|discuss|decide|bring up|settle|take up)[^.?!]*"
    r"|a (?:question|topic) for [^.?!]*)[.!…]*$"
    r"|\s[—–-]\s+(?:not deciding|(?:let's )?park (?:it|that)|decide (?:it |that )?later)\b[^.?!]*"
    r"[.!…]*$"
)
"""A question's clause that only says it is not known (`…, ninguém sabe`, `…, keine Ahnung, das
müsste man klären`): what comes before it is what is asked."""
STAYS_OPEN_KEYS = Words(
    "park", "open", "pending", "offen", "geparkt", "ouvert", "suspens", "abiert", "pendiente",
    "aparcad", "apert", "sospeso", "aberto", "открыт", "отлож", "klär", "clarif", "aclarar",
    "chiarire", "esclarecer", "выяснить", "to be confirmed",
)  # fmt: skip
STAYS_OPEN = _ci(
    r"\b(?:park(?:ed|ing)?|stays? (?:open|parked)|(?:is |are )?still open|left open"
    r"|remains? open|(?:is |are )?(?:still )?pending)\b"
    r"|\b(?:bleib\w* (?:offen|geparkt)|(?:ist|sind) noch offen|geparkt)\b"
    r"|\b(?:reste(?:nt)? ouverte?s?|en suspens)\b"
    r"|\b(?:queda(?:n)? (?:pendientes?|abiertos?|aparcad[oa]s?)|sigue(?:n)? abiert[oa]s?)\b"
    r"|\b(?:resta(?:no)? apert[oi]|in sospeso)\b|\b(?:fica(?:m)? em aberto|continua(?:m)? em"
    r" aberto)\b|(?<!\w)(?:остаётся открытым|остается открытым|отложен\w*)(?!\w)"
    # or still to be found out from someone (`SLA mit dem Preisdienst-Team klären`)
    r"|\b(?:(?:ab)?klären|(?:to )?clarify|to be (?:clarified|confirmed)|à clarifier"
    r"|(?:por )?aclarar|da chiarire|(?:a )?esclarecer)\b|(?<!\w)выяснить(?!\w)"
)
"""A sentence that says a thing is still left (`Console cookers stay parked.`, `Das SLA bleibt
offen`, `SLA mit dem Team klären`): it names the thing without coming back to it."""
DOING_NEXT = _ci(
    r"\b(?:doing|adding|fixing|wiring|writing|handling|tackling) (?:that|it|this|them)"
    r" (?:next|now|right away)\b|\b(?:I'll|I will|let me|going to) (?:do|add|fix|handle|wire"
    r"|write|tackle) (?:that|it|this|them) (?:next|now|right away)\b"
    r"|\bwhich I(?:'ll| will)? do next\b"
    r"|\b(?:mache|erledige|baue) ich (?:das |die |den |es )?(?:als nächstes|jetzt|gleich)\b"
    r"|\bje (?:m'en occupe|le fais|les ajoute) (?:maintenant|ensuite|tout de suite)\b"
    r"|\blo (?:hago|añado|arreglo) (?:ahora|a continuación)\b|\blo faccio (?:ora|adesso|subito)\b"
    r"|\bfaço (?:isso )?(?:agora|em seguida)\b"
    r"|(?<!\w)(?:сейчас|сразу) (?:сделаю|добавлю|поправлю|допишу)(?!\w)"
)
"""Work said to be left that the speaker turns to at once (`…, doing that next`): not left."""
NOT_DONE = _ci(
    r"\bI (?:didn't|did not|haven't|have not|couldn't|could not)(?: \w+)?(?: (?:it|that|this"
    r"|them|change it|do it|do that|touch it))?(?: here| yet)?(?=\s*(?:[,.;:]|because|since|$))"
    r"|\b(?:das|dies) habe ich (?:noch )?nicht (?:gemacht|erledigt|angefasst|umgesetzt)\b"
    r"|\bje ne l'ai pas (?:encore )?fait\b|\bno lo (?:he hecho|hice)\b|\bnão (?:o )?fiz\b"
    r"|\bnon l'ho (?:ancora )?fatto\b|(?<!\w)(?:я )?(?:этого |это )?не (?:сделал|делал)(?!\w)"
    # the same with the work's own verb (`die habe ich noch nicht eingebaut`, `je ne les ai pas
    # encore ajoutés`, `no los he añadido aún`, `non li ho ancora aggiunti`, `ainda não
    # adicionei`, `я их пока не добавил`)
    r"|\b(?:die|das|den|es|sie) habe ich (?:noch )?nicht \w+(?:t|en)\b"
    r"|\bje ne (?:les|l'|la|le) ?ai pas (?:encore )?\w+(?:é|ée|és|ées|i|is|it)\b"
    r"|\bno (?:lo|la|los|las) he \w+(?:ado|ido)\b|\bnon (?:l'|li |le |lo |la )ho (?:ancora )?"
    r"\w+|\bainda não (?:[oa]s? )?\w+(?:ei|i)\b"
    r"|(?<!\w)я (?:(?:их|его|её|ее|это) )?(?:пока |ещё |еще )?не \w+(?:ал|ил|ял|ел)(?!\w)"
    r"|まだ(?:書いて|やって|対応して|作って)い(?:ない|ません)|(?:还|還)(?:没|沒)(?:有)?(?:做|写|寫|处理|處理)"
)
"""Said not to be done (`I didn't`, `das habe ich nicht gemacht`, `まだ書いていない`): the work
said to be needed beside it is left for later."""
NOT_DONE_KEYS = Words(
    "didn't",
    "did not",
    "haven't",
    "have not",
    "couldn't",
    "could not",
    "nicht gemacht",
    "nicht erledigt",
    "nicht angefasst",
    "nicht umgesetzt",
    "pas fait",
    "pas encore fait",
    "he hecho",
    "lo hice",
    "fiz",
    "ho fatto",
    "fatto",
    "не сделал",
    "не делал",
    "habe ich noch nicht",
    "habe ich nicht",
    "ai pas",
    "no lo he",
    "no la he",
    "no los he",
    "no las he",
    "ho ancora",
    "non li ho",
    "non le ho",
    "non l'ho",
    "ainda não",
    "пока не",
    "ещё не",
    "еще не",
    "их не",
    "まだ",
    "还没",
    "還沒",
)
"""Case-folded words one of which a text needs to hold for NOT_DONE to be looked for."""
NEEDED = _ci(
    r"\b(?:should|must|needs?|has to|have to|ought to|müssen|muss|sollte|sollten|faut|doit"
    r"|devons|hay que|debe|deberíamos|tem que|precisa|bisogna|deve|dovremmo"
    # what a thing still lacks (`braucht noch Retries`, `a encore besoin`, `le faltan`)
    r"|braucht|brauchen|besoin|faltan?|mancan[oa]|precisam"
    # Dutch, Swedish, Polish, Turkish (`Die moet in shared_preload_libraries`)
    r"|moet|moeten|måste|behöver|trzeba|należy|musi|muszą|powinn\w+|gerekiyor|gerek)\b"
    r"|(?<!\w)(?:нужно|надо|следует|нужн[аыо]|треба|потрібно)(?!\w)|必要|需要|해야"
    r"|要(?=[^。]{0,20}(?:迁移|處理|处理))"
)
"""Work said to be needed (`We should add redirects`, `Die müssen migriert werden`)."""
REAL_CAUSE = _ci(
    r"\bthe (?:real|actual|true) (?:issue|problem|cause|culprit|reason|bug|difference"
    r"|bottleneck)\b"
    r"|\b(?:das|die|der) (?:eigentliche|tatsächliche|wahre) (?:Problem|Ursache|Grund|Fehler)\b"
    r"|\b(?:le vrai|le véritable) problème\b|\b(?:la vraie|la véritable) cause\b"
    r"|\b(?:la cause|le problème) réel(?:le)?\b"
    r"|\b(?:el verdadero|el auténtico) problema\b|\bla verdadera causa\b"
    r"|\b(?:la causa|el problema) (?:real|de verdad)\b"
    r"|\bil (?:vero|reale) problema\b|\bla vera causa\b|\b(?:la causa|il problema) reale\b"
    r"|\bo (?:verdadeiro|real) problema\b|\ba (?:verdadeira|real) causa\b"
    r"|\b(?:a causa|o problema) real\b"
    r"|\b(?:het echte|het eigenlijke|het werkelijke) probleem\b"
    r"|\bde (?:echte|eigenlijke|werkelijke) oorzaak\b"
    r"|\bprawdziw(?:a|y) (?:przyczyna|problem)\b|\b(?:den verkliga|den egentliga) orsaken\b"
    r"|\bdet (?:verkliga|egentliga) problemet\b|\basıl (?:sorun|neden|sebep)\b"
    r"|(?<!\w)(?:реальн|настоящ|истинн|справжн)\w* (?:причин|проблем)\w*(?!\w)"
    r"|本当の原因|真の原因|真正的(?:原因|问题|問題)|진짜 원인|실제 원인"
)
"""What names the real cause, in words that set it against one ruled out before it (`The real
issue is…`, `Das eigentliche Problem ist…`, `Реальная причина:`; not `Root cause:`, which
may only say more of what the answer opened on)."""
REAL_CAUSE_KEYS = Words(
    "the real ",
    "the actual ",
    "the true ",
    "eigentliche",
    "tatsächliche",
    "wahre ",
    "vrai",
    "véritable",
    "réel",
    "verdader",
    "auténtico",
    "causa real",
    "problema real",
    "real causa",
    "real problema",
    "vero problema",
    "vera causa",
    "reale",
    "verdadeir",
    "echte",
    "eigenlijke",
    "werkelijke",
    "prawdziw",
    "verkliga",
    "egentliga",
    "asıl",
    "реальн",
    "настоящ",
    "истинн",
    "справжн",
    "本当の原因",
    "真の原因",
    "真正的",
    "진짜 원인",
    "실제 원인",
)
"""Case-folded words one of which a text needs to hold for REAL_CAUSE to be looked for."""
THAT_SAID = _ci(
    r"^(?:that|this|das|dies|dat|ça|cela|eso|esto|isso|isto|questo|ciò|это|то)(?!\w)"
    r"(?:\s+(?:still|also|really|auch|noch|aussi|también|também|anche|ещё|еще|тоже)(?!\w))?\W*$"
)
"""A sentence's words before what it says is needed that only name what was said before
(`That should…`, `Das muss…`)."""
FIRST_CLAUSE_MODAL = re.compile(
    r"^([^,;.!?]*?\w)(?<!werden)\s+(?:müssen|muss|sollten|sollte)(?=\s*(?:[,;.!]|$))"
)
"""A German clause that ends on its modal verb (`die Alerts anpassen müssen, sonst…`): what a
todo's `dass wir` left, the work being the words before the modal."""
WHERE_NOT_DONE = _ci(
    r"\s*(?:(?:it|this|that|them|es|das|ça|lo|la|eso|esto|это|его|их) )?"
    r"(?:on|under|in|with|against|unter|auf|mit|gegen|sur|sous|dans|avec|contre|en|con|sobre"
    r"|contra|su|contro|no|na|em|com|на|в|с|под|против)\s+\w"
)
"""Where what was not done is still to be done (`…testei no Windows`, `…testé sous Windows`):
said after it, so the sentence does not only point back to work named before it."""
TRAILING_YET = re.compile(r"^((?:[^,;.!?]|[.,](?=\w))*?\w)\s+yet(?=\s*(?:[,;.!]|$))")
"""The `yet` that ends a first clause once a row's lead is put in place of `I haven't tested`
(`Test it on Windows yet`): the work is said without it."""
HEDGE = _ci(
    r"\b(?:I (?:think|believe|suspect|guess|bet)|I'd (?:guess|bet|say)|probably|likely|possibly"
    r"|perhaps|maybe|might|may be|could(?: be|n't be)?|seems?|appears?|looks? like|feels like"
    r"|sounds (?:more )?like|(?:I'm|I am) (?:fairly|pretty|quite|reasonably|almost) (?:sure"
    r"|certain|confident)"
    r"|my (?:best )?(?:bet|guess|hunch|theory|suspicion)|plausible|suspect"
    r"|vermutlich|wahrscheinlich|vielleicht|könnte|dürfte|ich (?:glaube|denke|vermute)|scheint"
    r"|wohl|probablement|peut-être|sans doute|je (?:pense|crois|soupçonne)|j'ai l'impression"
    r"|semble|pourrait|probablemente|quizás?|tal vez|creo que|parece|podría|sospecho"
    r"|provavelmente|talvez|acho que|pode ser|poderia|suspeito|probabilmente|forse"
    r"|credo che|penso che|sembra|potrebbe|sospetto"
    # a person's guess at a cause, said offhand (`me da que…`, `kann es sein, dass…?`)
    r"|gut says|bauchgefühl|kann es sein,? dass|me da que|a lo mejor|non è che|magari"
    r"|secondo me|será que)\b|^igual\b"
    r"|\b(?:olabilir|muhtemelen|sanırım|galiba)\b"
    r"|(?<!\w)(?:вероятно|наверное|возможно|кажется|похоже|скорее всего|думаю|видимо"
    r"|судя по всему|по-видимому"
    r"|может быть|подозреваю|по-моему|мабуть|ймовірно|можливо|здається|схоже|підозрюю)(?!\w)"
    r"|おそらく|たぶん|多分|かもしれ|気がする|と思(?:います|う)|可能性|ようです|みたい"
    r"|可能|也许|或许|大概|估计|应该是|怀疑|猜|아마|것 같|듯"
)
"""A guess said as such (`probably`, `I think`, `j'ai l'impression`, `たぶん`): what an
UNVERIFIED marker needs next to it to have a guess to mark."""
HEDGE_LEAD = _ci(
    r"(?:^|[,;:，、]\s*)(?:(?:but|so|and|aber|mais|pero|mas|ma|но)\s+)?(?:(?:I (?:think|believe"
    r"|suspect|guess|bet)|I'd (?:guess|bet|say)|(?:most )?(?:probably|likely)"
    r"|(?:it |that |this )?(?:feels|looks|seems|sounds)(?: more)? like"
    r"|my (?:best )?(?:bet|guess|hunch|theory) is"
    r"|(?:I'm|I am) (?:fairly|pretty|quite|reasonably|almost) (?:sure|certain|confident)"
    r"|(?:it )?could be|maybe|perhaps|(?:es )?könnte sein|vermutlich|wahrscheinlich"
    r"|ich (?:glaube|denke|vermute)|j'ai l'impression|je (?:pense|crois|soupçonne)"
    r"|probablement|creo|probablemente|acho|provavelmente|credo|penso|probabilmente|forse"
    r"|(?:my )?gut says|could it be|mein bauchgefühl sagt|kann es sein|me da|igual"
    r"|a lo mejor|tal vez|talvez|será|non è che|magari|secondo me"
    r"|думаю|кажется|вероятно|наверное|возможно|по-моему|мабуть|ймовірно|можливо|здається"
    r"|схоже)\b(?:,? (?:that|dass|que|che|что|що)\b)?"
    r"|おそらく|たぶん|多分|也许|估计|아마)[,，、]?\s*"
)
"""How a guess opens (`i think`, `my bet is`, `Likely`), or goes on after a comma (`it only
happens under load, i think it's…`): not a word of its title, nor what comes before it."""
ALTERNATIVE_NEXT = _ci(
    r"^(?:the|an?|one) alternative (?:would be|is|was)\b"
    r"|^(?:die|eine) alternative (?:wäre|ist|war)\b"
    r"|^(?:l'|une )alternative (?:serait|est|était)\b|^(?:la|una) alternativa (?:sería|es|era"
    r"|sarebbe|è|era)\b|^(?:l'|un')alternativa (?:sarebbe|è|era)\b"
    r"|^(?:a|uma) alternativa (?:seria|é|era)\b|^(?:het|een) alternatief (?:zou|is|was)\b"
    r"|^alternatywą (?:byłoby|jest|było)\b|^alternativet (?:vore|är|var)\b"
    r"|^(?:alternatif|diğer seçenek)\b|^альтернатива\b|^(?:другой|второй) вариант\b"
    # or why it was the one taken (`选这个是因为…`, `I picked this because…`)
    r"|^I (?:chose|picked|went with) (?:this|it|that)(?: one)? because\b"
    r"|^ich habe (?:das|es|mich dafür) (?:gewählt|entschieden),? weil\b"
    r"|^j'ai choisi (?:ça|cela|cette option) (?:parce que|car)\b|^lo elegí porque\b"
    r"|^l'ho scelto perché\b|^escolhi (?:isso|isto|essa opção) porque\b"
    r"|^выбрал[аи]? (?:это|его|этот вариант),? (?:потому что|так как)"
    r"|^(?:选这个|选它|之所以选(?:这个|它)?)(?:是)?因为|^これを選んだのは|^이걸 고른 (?:건|이유는)"
)
"""A sentence saying what else could have been done, or why this was: the one before it is the
choice made."""
ALTERNATIVE_KEYS = Words("alternativ", "альтернатив", "вариант", "alternatief", "alternatyw",
                         "alternatif", "seçenek", "chose this", "chose it", "chose that",
                         "picked this", "picked it", "picked that", "went with this",
                         "went with it", "went with that", "gewählt", "entschieden",
                         "choisi", "elegí", "scelto", "escolhi", "выбрал", "选这个", "选它",
                         "之所以选", "選んだ", "고른")  # fmt: skip
"""Case-folded words one of which a text needs to hold for ALTERNATIVE_NEXT to be looked for."""
REASON_NEXT = _ci(
    r"\b(?:because|since|otherwise|is (?:worse|better|safer|simpler|cheaper)|would (?:hide|break"
    r"|lose|cost|mask)|so that|weil|sonst|ist (?:besser|schlechter|sicherer)|parce que|sinon"
    r"|porque|si no|perché|altrimenti|senão)\b|(?<!\w)(?:потому что|иначе)(?!\w)"
)
"""A sentence giving the reason for the directive before it (`Fail open. Login down is worse…`)."""
_FUNCTION_WORDS = (
    "i we you he she it they this that these those there here the a an my our your its their "
    "is are was were be been do does did can could would should will shall may might must "
    "what why how when where which who whom whose if so but and or also just maybe perhaps "
    "yes no ok okay thanks thank sure great good nice hmm well then now not fyi btw oh ah cool "
    "quick bon merci danke gracias grazie obrigado valeu спасибо ive im bevor hier "
    "ich wir du er sie es das der die ein eine ist sind war je nous vous il elle le la les un "
    "une est yo nosotros el los las es io noi lo gli è eu nós o os as é я мы ты он она это "
    "y e и und et en och ve si se wenn falls если als om jeśli eğer"
)
NOT_IMPERATIVE = frozenset(_FUNCTION_WORDS.split())
"""First words that do not open an order: a sentence starting with one is not a directive."""
CHOICE_PUT = _ci(
    # options laid out, or one to pick: `Options: raise the limit, or go back to 2 workers.`
    r"\b(?:options?|alternatives?|optionen|alternativen|varianten?|opciones|alternativas|opzioni"
    r"|alternative|opções|opties|alternatieven|opcje|alternatywy|alternativ(?:en|er)?"
    r"|seçenek(?:ler)?)\s*:|(?<!\w)варианты?\s*:"
    r"|\b(?:either|entweder|soit|o bien|oppure|ou bien|albo|antingen)\b"
    r"|(?<!\w)либо(?!\w)|\b(?:the catch is|the trade-?off|the downside|der haken|le hic"
    r"|your call|up to you|call for you|decision for you|deine entscheidung|à toi de voir"
    r"|c'est à vous|decisión tuya|decidi tu|decide você|решать (?:тебе|вам)|decyzja dla"
    r"|to decyzja|ditt beslut|karar sizin)\b"
    # ways laid out (`Es gibt zwei Möglichkeiten:`), one of which the speaker would take (`Yo
    # iría por la segunda`, `I'd go with option 1`)
    r"|\b(?:possibilities|möglichkeiten|possibilités|posibilidades|possibilità|possibilidades"
    r"|mogelijkheden|(?:two|three) ways|zwei wege|deux façons|dos formas|due modi|duas formas)\b"
    r"|(?<!\w)возможност(?:и|ей)(?!\w)|\b(?:I'd|I would) (?:go (?:with|for)|pick|choose|take)"
    r" (?:the |option )?(?:first|second|third|last|\d|[a-c]\b)|\b(?:yo )?iría por"
    r"|\bj'irais (?:sur|avec)"
    r"|\bich würde (?:die |den |das )?(?:erste|zweite|dritte|option)|\bandrei (?:sulla|con)"
    r"|\beu iria (?:de|com|pela|pelo)|я бы выбрал"
    # what the speaker would do, or another way (`I'd lower the cap to 50GB, or stagger the two
    # subscriptions`, `Ich würde X nehmen, oder Y`)
    r"|\b(?:I'd|I would|we could|ich würde|wir könnten|on pourrait|je \w+rais|podríamos"
    r"|potremmo|poderíamos|я бы|можно)\b[^.?!]{5,160}?,? (?:or|oder|ou|o|oppure|или) (?=\w)"
)
"""An answer that leaves the person a choice (options, `either…or`, a trade-off, what it would
do or else): what the person's next prompt orders is the choice made."""
CHOICE_KEYS = Words("option", "alternativ", "variant", "opcion", "opzion", "opçõ", "opties",
                    "opcje", "alternatyw", "seçenek", "вариант", "either", "entweder", "soit",
                    "o bien", "oppure", "ou bien", "albo", "antingen", "либо", "catch",
                    "trade-off", "tradeoff", "downside", "haken", "le hic", "your call",
                    "up to you", "call for you", "decision for you", "entscheidung", "à toi",
                    "c'est à vous", "decisión tuya", "decidi tu", "decide você", "решать",
                    "decyzja", "beslut", "karar", "i'd", "i would", "we could", "ich würde",
                    "wir könnten", "on pourrait", "rais ", "podríamos", "potremmo", "poderíamos",
                    "я бы", "можно", "possibilit", "möglichkeit", "posibilidad", "mogelijkhed",
                    "two ways", "three ways", "zwei wege", "deux façons", "dos formas", "due modi",
                    "duas formas", "возможност", "iría por", "j'irais", "andrei",
                    "eu iria")  # fmt: skip
"""Case-folded words one of which a text needs to hold for CHOICE_PUT to be looked for."""
UNMARKED_QUESTION = _ci(
    r"(?:^|,\s+|\s(?=(?:but|so) ))(?:(?:so|ok|okay|hmm+|hey|btw|and|but|also"
    r"|quick q(?:uestion)?),?:?\s+)?(?:why"
    r"|how come|what(?:'s| is| was)? (?:causing|wrong|going on|happening|eating)|what causes"
    r"|what (?:happens|would happen)|who (?:owns|is|should|decides|approves)"
    r"|where (?:does|do|is|are)|is (?:it|this|that|there|the)|are (?:we|these|those|there|the)"
    r"|do (?:we|you)|does|did (?:we|it|the|you|anyone|anybody)|should (?:we|i|the|it|this|that)"
    r"|which|(?:has|have|is|does) (?:anyone|anybody|someone)|have (?:we|you|they)(?: ever)?\b"
    r"|can (?:we|it|the|this|that)|could (?:we|it|the|this)|will (?:it|this|the|we)"
    r"|how (?:does|is|are|much|many|long|often))\b"
    # two alternatives typed as a question (`redis or in-process lru for the flag cache`)
    r"|^(?=[^.!?,;:]{3,80}$)(?:(?!\b(?:please|pls|run|fix|add|make)\b)[^.!?,;:])+?\bor\b"
    r"|^(?:warum|wieso|weshalb|woran liegt|pourquoi|por ?qu[eé]|perch[eé]|come mai|por que"
    r"|(?:brauchen|müssen|sollen|sollten|können) wir|reicht|gibt es|faut-il|doit-on|peut-on"
    r"|est-ce qu|je (?:ne )?sais pas (?:trop |vraiment )?si|hace falta|se pueden?|podemos"
    r"|debemos|necesitamos|precisamos|devemos)\b"
    r"|^(?:нужно|надо|стоит|можно) ли(?!\w)"
    r"|^(?:почему|отчего)(?!\w)|^(?:为什么|为啥|怎么回事|なぜ|なんで|どうして|왜)"
)
"""A question typed without its question mark (`why is val loss lower than train loss`, `do we
even need the nat gateway in staging`): asked all the same."""
ACKNOWLEDGED = _ci(
    r"^(?:got it|understood|noted|ok(?:ay)?|alright|sounds good|verstanden|alles klar|notiert"
    r"|compris|d'accord|entendu|entendido|vale|de acuerdo|capito|ok,? capito|d'accordo|entendi"
    r"|combinado|certo|понял[а]?|принято|ясно|договорились|begrepen|duidelijk|rozumiem|jasne"
    r"|uppfattat|förstått|anladım|tamam)[.!]?\s*(?:[:—–]|\s-|,)\s*"
    # not what the agent will do next (`Got it, I'll fix the test`, `Ok, let me look`)
    r"(?!(?:I|I'll|I'm|let me|let's|je|j'|ich|wir|yo|voy|io|vado|eu|vou|я|мы|sure|thanks"
    r"|danke|merci|gracias|grazie|obrigad[oa]|спасибо)\b)(?=\S)"
)
"""How an answer opens when it restates what the person just settled (`Got it: annual
subscribers switch at their first renewal after Sep 1, no proration.`, `Verstanden – …`)."""
HOW_IT_STANDS = _ci(
    r"^\W*(?:and |so |und |et |y |e |и )?(?:status|progress|update|news|done|ready|ok(?:ay)?"
    r"|tests?|ci|build|eta|all good|fertig|stand|fortschritt|estado|stato|statut|progrès"
    r"|avancement|status quo|статус|готово|тесты)\W*$"
)
"""A question that asks how the work stands (`Status?`, `tests?`, `fertig?`): its answer is a
status line, not a finding."""
DONT_KNOW = _ci(
    r"^(?:(?:honestly|good question|hmm+|so),?\s+)?(?:(?:I'm )?not (?:sure|certain)|unsure"
    r"|unclear|(?:I )?(?:don't|do not) know(?: yet)?|no idea|hard to say|(?:I )?can't (?:say|tell)"
    r"(?: yet)?|not (?:yet )?clear|it's (?:not (?:yet )?clear|unclear)|nobody (?:knows|obvious)"
    r"|not that I can (?:find|tell|see))\b(?! (?:what|how|where|why) you\b)"
    r"|^(?:weiß ich (?:noch )?nicht|keine ahnung|unklar|schwer zu sagen|(?:ich bin mir )?nicht"
    r" sicher|hängt davon ab|je ne sais pas|pas sûr|difficile à dire|aucune idée|ça dépend"
    r"|je n'ai pas la réponse|no (?:lo )?sé|ni idea|difícil de decir|no estoy segur[oa]"
    r"|(?:yo )?(?:tampoco |no )lo tengo claro|depende|non lo so|non sono sicur[oa]"
    r"|difficile dirlo|dipende|não sei|não tenho certeza|difícil dizer)\b"
    r"|^(?:не знаю|не уверен|сложно сказать|неясно|зависит от)(?!\w)"
    r"|^(?:不确定|说不准|不知道|わからない|分からない|모르겠)"
)
"""An answer that opens by not knowing (`Not sure.`, `Hard to say.`, `Weiß ich nicht.`): the
question it answers stays open."""
CANT_SAY = _ci(
    r"\b(?:I )?(?:can't|cannot|can not|couldn't|won't be able to) (?:tell|say|know|judge|predict)"
    r"(?: you)?(?: (?:yet|for sure|for certain|from here|exactly))?,? (?:whether|if|when|how"
    r"|which|what|why|where)\b|\bI (?:don't|do not) know (?:yet )?(?:whether|if|when|how"
    r" (?:long|much|many|often))\b|\bI(?:'m| am) not (?:sure|certain) (?:whether|which|if)\b"
    r"|\bI (?:can't|cannot|can not) (?:say|tell)(?: for sure)?[.;]"
    r"|\b(?:there's )?no way (?:for me )?to (?:tell|know)\b|\bhard to (?:say|tell) (?:whether"
    r"|if|which|how)\b"
    r"|\b(?:kann|könnte) ich (?:(?:Ihnen|dir|euch) )?(?:(?:noch|so) )?nicht (?:sagen|beurteilen"
    r"|einschätzen)|\bweiß ich (?:noch )?nicht\b|\bweiß (?:noch )?nicht, (?:ob|wann|wie)\b"
    r"|\blässt sich (?:so |noch )?nicht sagen|\bnicht sicher, ob\b|\bweiß ich gerade nicht\b"
    r"|\bje ne (?:saurais|peux|pourrais) (?:pas )?(?:vous |te |le )?(?:dire|juger|savoir)"
    r"|\bje ne sais pas (?:si|quand|comment|combien)\b|\b(?:impossible|difficile) de (?:dire"
    r"|savoir|juger) (?:si|quand|comment)\b"
    r"|\bno (?:te |le |les |lo )?(?:sabría|puedo|podría) (?:decir|saber|juzgar)|\bno sé (?:si"
    r"|cuándo|cuánto|cómo)\b|\b(?:imposible|difícil) (?:de )?(?:saber|decir) si\b"
    r"|\bnão (?:te |lhe )?(?:saberia|sei|consigo|posso) (?:dizer|avaliar)|\bnão sei (?:se"
    r"|quando|quanto)\b"
    r"|\bnon (?:saprei|so|posso|potrei) (?:dir(?:e|ti|vi|le|lo)|valutar(?:e|lo))"
    r"|\bnon so (?:se|quando"
    r"|quanto|come)\b"
    r"|(?<!\w)не (?:могу|берусь|возьмусь) (?:(?:вам|тебе) )?(?:сказать|судить|оценить)"
    r"|(?<!\w)не знаю, (?:стоит ли|когда|как|сколько)"
    r"|说不准|不好说|无法判断|没法判断|不能确定|我不确定|판단하기 어렵|단정하기 어렵"
    r"|말씀드리기 어렵"
)
"""An answer saying it cannot tell part of what was asked (`I can't tell you how long it has to
stay up`, `Ob sich das lohnt, kann ich nicht sagen`): the question whose words it shares stays
open."""
NO_ANSWER = _ci(
    r"\b(?:no|(?:don't|do not) have an?|there's no|there is no) (?:clear|simple|definitive"
    r"|obvious|straight|good) answer\b|\bkeine (?:klare|eindeutige|einfache) Antwort\b"
    r"|\bpas de réponse (?:claire|nette|simple|tranchée)|\bje n'ai pas de réponse\b"
    r"|\bno (?:tengo|hay) (?:una )?respuesta (?:clara|definitiva|única)"
    r"|\bnão (?:tenho|há) (?:uma )?resposta (?:clara|definitiva|única)"
    r"|\bnon (?:ho|c'è) una risposta (?:chiara|netta|definitiva|unica)"
    r"|(?<!\w)нет (?:однозначного|чёткого|четкого|ясного) ответа|没有(?:明确|标准|确定)的?答案"
    r"|명확한 답(?:은|이) 없"
    # or cannot settle it (`donc je ne peux pas trancher`, `I can't make that call`)
    r"|\bI (?:can't|cannot|can not|couldn't) (?:decide|make (?:that|the|this) call|call it)\b"
    r"|\bje ne (?:peux|saurais|pourrais) pas (?:trancher|décider)|\bimpossible de trancher\b"
    r"|\bno (?:puedo|podría|sabría) decidir|\bnon (?:posso|potrei|saprei) decidere"
    r"|\bnão (?:consigo|posso|saberia) decidir"
    r"|\bkann ich (?:das |es )?(?:so |noch )?nicht entscheiden"
    r"|(?<!\w)не (?:могу|берусь) (?:решить|решать)(?!\w)|(?<!\w)(?:это|так) не решить(?!\w)"
    r"|\bnão dá (?:pra|para) (?:cravar|dizer|decidir|saber)\b"
    # or leaves it open (`Оставим вопрос открытым`, `Lassen wir offen`, `Let's leave it open`)
    r"|\blet'?s leave (?:it|that|this|the question) open\b|\blassen wir (?:das |es )?offen\b"
    r"|\blaissons (?:ça|cela|la question) ouverte?\b|\b(?:dejémoslo|lo dejamos) abierto\b"
    r"|\blasciamo(?:la)? (?:la domanda )?aperta\b|\bdeixo anotado como pergunta\b"
    r"|\bdeixamos (?:isso )?em aberto\b|(?<!\w)оставим (?:этот )?вопрос открытым(?!\w)"
    # or says it is not decided (`Eso no está decidido: …`, `That isn't decided yet`)
    r"|^(?:that|this|it)(?:'s not| isn't| is not| hasn't been| has not been) (?:been )?(?:yet )?"
    r"decided\b|^(?:eso|esto) (?:todavía |aún )?no está decidido\b"
    r"|^(?:das|dies) ist (?:noch )?nicht entschieden\b|^(?:ce|ça|cela) n'est pas (?:encore )?décidé"
    r"|^(?:questo|ciò) non è (?:ancora )?deciso\b|^isso (?:ainda )?não (?:está|foi) decidido\b"
    r"|^(?:это|этот вопрос) (?:пока |ещё |еще )?не решен[оа]?(?!\w)"
    # or says it is someone else's to decide (`la decisione è commerciale`, `Das muss jemand aus
    # dem Fachbereich entscheiden`, `daar kan ik niet over beslissen`)
    r"|\b(?:that's|that is|it's|it is|this is)(?: really| ultimately)? (?:a |an )?(?:business"
    r"|product|commercial|legal|finance|marketing|policy) (?:decision|call|question)\b"
    r"|\bnot (?:my|mine) (?:call|decision|to decide)\b|\b(?:someone|somebody) (?:from|in|on)"
    r" [\w -]{1,30} (?:has|needs) to (?:decide|make (?:that|the|this) call)\b"
    r"|\b(?:ist|wäre) (?:eine )?(?:fachliche|geschäftliche|kaufmännische|rechtliche|Produkt)\w*"
    r" Entscheidung\b|\b(?:das )?(?:muss|müssen|müsst) (?:jemand|ihr|du|der Fachbereich|das Team)"
    r"[\w ]{0,30} entscheiden\b|\bkann ich (?:es |das )?(?:daraus |aus den Daten )?nicht ableiten\b"
    r"|\bc'est une (?:décision|question) (?:métier|commerciale|produit|business|juridique)\b"
    r"|\bes una decisión (?:de negocio|comercial|de producto|legal)\b"
    r"|\bla decisione è (?:commerciale|tua|vostra|di business|di prodotto)\b"
    r"|\bè una decisione (?:commerciale|di business|di prodotto)\b"
    r"|\bé uma decisão (?:de negócio|comercial|de produto)\b|\ba decisão é (?:sua|de vocês)\b"
    r"|\b(?:daar|dat) kan ik niet (?:over )?beslissen\b|\bto decyzja (?:biznesowa|produktowa)\b"
    r"|(?<!\w)(?:это (?:бизнесовое|продуктовое) решение|решать не мне)(?!\w)"
    r"|(?:是|属于)(?:业务|产品|商业)(?:决定|决策)|ビジネス(?:上の)?判断|비즈니스 결정"
)
"""An answer that has none for the question as a whole (`I don't have a clear answer`, `No
tengo una respuesta clara`, `donc je ne peux pas trancher`): the question stays open."""
CANT_SAY_KEYS = Words(
    "can't", "cannot", "can not", "couldn't", "won't be able", "don't know", "do not know",
    "not sure", "not certain", "no way", "hard to", "answer", "nicht sagen", "nicht beurteilen",
    "nicht einschätzen", "weiss ich", "weiss nicht", "weiss noch nicht", "nicht sicher",
    "antwort", "je ne", "impossible de", "difficile de", "réponse", "sabría", "puedo", "podría",
    "no sé", "imposible", "difícil", "respuesta", "saberia", "não sei", "consigo", "posso",
    "não te", "não lhe", "resposta", "saprei", "non so", "potrei", "risposta", "не могу",
    "не берусь", "не возьмусь", "не знаю", "ответа", "说不准", "不好说", "无法判断",
    "没法判断", "不能确定", "我不确定", "答案", "판단하기", "단정하기", "말씀드리기", "답",
    "nicht entscheiden", "не решить", "não dá", "leave it open", "leave that open",
    "leave this open", "leave the question open", "lassen wir", "laissons", "dejémoslo",
    "lo dejamos abierto", "lasciamo", "como pergunta", "em aberto", "открытым", "decided",
    "decidido", "entschieden", "décidé", "deciso", "не решен", "decision", "decide", "my call",
    "that call", "this call", "the call", "business call", "product call", "legal call",
    "finance call", "marketing call", "policy call", "business question", "product question",
    "legal question", "finance question", "marketing question", "policy question",
    "entscheid", "ableiten", "décision", "decisión", "decisione", "decisão", "beslissen",
    "decyzja", "решение", "решать", "决定", "决策", "判断", "결정",
)  # fmt: skip
"""Words one of which an answer holds for CANT_SAY or NO_ANSWER to be looked for (case-folded:
a search of a long answer for either costs a millisecond)."""
_OR = r"(?:or|oder|ou|o|oppure|of|czy|albo|eller|veya|yoksa|ya da)"
"""The word between two alternatives, in the languages of the cue tables (Russian's `или`
apart: `\b` does not see Cyrillic)."""
WHICH_OF = _ci(
    rf"\b{_OR}\b[^.!?\n]*\?$"
    r"|(?<!\w)или(?!\w)[^.!?\n]*\?$|还是[^。？?]*[？?]$|아니면|どちら(?:に|が|を)[^。？?]*[？?]$"
    r"|か、[^。？?]*か[^。？?]*[？?]$"
)
"""A question naming alternatives (`memory or queue depth?`): put to the person, unless it
offers work (OFFER), it leaves them a choice too."""
ALTERNATIVES = _ci(
    rf"([\w.+#-]+)\s+{_OR}\s+([\w.+#-]+)"
    r"|(?<!\w)([\w.+#-]+)\s+или\s+([\w.+#-]+)"
)
"""The two alternatives a question names, by the words beside its `or` (`click or argparse`)."""
SO_CLAUSE = _ci(
    r"[,;]\s+(?:so|also|donc|así que|por eso|quindi|então|por isso|поэтому|так что)\s+(.+?)[.!]*$"
)
"""The clause of a sentence after its `so` (`…no runtime dependencies, so argparse.`)."""
_TASK_WORDS = (
    "write draft summarize summarise explain show give tell list commit push run check look find "
    "read open print describe review test continue proceed thanks answer "
    "schreib schreibe fass zeig zeige erkläre erklär prüf prüfe committe "
    "écris écrire résume montre explique vérifie "
    "escribe resume muestra explica revisa "
    "scrivi riassumi mostra spiega controlla "
    "escreva escreve resuma mostre explique verifique "
    "напиши запиши покажи объясни проверь закоммить "
    "schrijf laat toon leg napisz pokaż sprawdź wyjaśnij skriv visa förklara kolla yaz göster "
    "açıkla"
)
TASK_VERBS = frozenset(_TASK_WORDS.split())
"""First words of a request for work now (`write me a PR summary`): not the choice made."""
AGAIN = _ci(
    r"\b(?:again|once more|erneut|nochmal|noch einmal|de nouveau|à nouveau|otra vez|de nuevo"
    r"|di nuovo|ancora una volta|de novo|outra vez|opnieuw|jeszcze raz|igen|tekrar)\b"
    r"|(?<!\w)(?:снова|ещё раз|еще раз)(?!\w)"
)
"""Work done over (`Try the deploy again`): a request, never the choice a reply makes."""

DIAGNOSE = _ci(
    r"\b(?:investigat\w*|(?:figure|find) out (?:why|what|how|where)|dig into|diagnose"
    r"|root cause|what's (?:going on|wrong)|what is (?:going on|wrong)"
    r"|untersuch\w*|finde? (?:\w+ )?heraus|woran (?:es |das )?liegt|ursache"
    r"|enqu[êe]t\w*|pourquoi|la cause|comprendre (?:pourquoi|ce qui)|investig\w*|averigu\w*"
    r"|por qu[eé]|la causa|indag\w*|capire (?:la causa|perché|cosa)|perch[eé]|descobr\w*"
    r"|por que|a causa|zbadaj|dlaczego|przyczyn\w*|uitzoeken|zoek uit|waarom|oorzaak"
    # what's going on, in each language
    r"|was (?:da )?los ist|ce qui se passe|qu[ée] (?:pasa|está pasando)|cosa (?:succede|non va)"
    r"|o que (?:está )?acontecendo|co się dzieje|wat er (?:aan de hand|mis) is)\b"
    r"|(?<!\w)(?:разбер\w*|выясн\w*|почему|причин\w*|что происходит)(?!\w)"
    r"|排查|原因|为什么|調べ|なぜ|원인|왜"
)
"""A prompt asking to find out what is wrong (`figure out why`, `investigue a causa`,
`帮我排查一下原因`): what the answer states first is what was found. (`Look at…` is not: it
is as often where to read next.)"""
DIAGNOSE_KEYS = Words("investigat", "figure out", "find out", "dig into", "diagnos", "root cause",
                      "going on", "wrong", "untersuch", "heraus", "woran", "ursache", "enquêt",
                      "enquet", "pourquoi", "la cause", "comprendre", "averigu", "por qu", "causa",
                      "indag", "capire", "perch", "descobr", "zbadaj", "dlaczego", "przyczyn",
                      "uitzoek", "zoek uit", "waarom", "oorzaak", "los ist", "se passe", "pasa",
                      "succede", "non va", "acontecendo", "dzieje", "aan de hand", "mis is",
                      "разбер", "выясн", "почему", "причин", "происходит", "排查", "原因", "为什么",
                      "調べ", "なぜ", "원인", "왜")  # fmt: skip
"""Case-folded words one of which a prompt needs to hold for DIAGNOSE to be looked for."""
