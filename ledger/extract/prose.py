"""Chat text as prose: code, tables and pasted output dropped, paragraphs and sentences split."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

TITLE_CHARS = 100
QUOTE_CHARS = 240

_FENCE = re.compile(r"^\s*(?:```|~~~)")
_BLOCK_OPEN = re.compile(r"^\s*<([a-zA-Z][\w-]*)(?:\s[^>]*)?>\s*$")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)[\s#]*$")
_BOLD_LINE = re.compile(r"^\s*(?:\*\*|__)([^*_]+?)(?:\*\*|__)\s*:?\s*$")
_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+(.*)$")
_CHECKBOX = re.compile(r"^\[([ xX])\]\s*(.*)$")
_NOISE = re.compile(
    r"""^\s*(?:
        \|                                  # a table row
      | [-*_=]{3,}\s*$                      # a rule
      | >                                   # a quotation: someone else's words
      | \d{4}-\d{2}-\d{2}[T\ ]\d{2}:\d{2}   # a timestamped log line
      | Traceback\ \( | File\ " | >>> | \$\ | \#\#\[ | at\ [\w.$<>]+\(
      | <[/!?]?[a-zA-Z][\w-]*[^>]*>\s*$      # a markup tag on its own line
    )""",
    re.VERBOSE,
)
_BOX = re.compile(r"[│┌┐└┘├┤┬┴┼─═║]")
_SPACE = re.compile(r"\s+")
_WIDE_CHARS = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
"""Chinese characters and Japanese kana: written without spaces between words."""
_SPLIT = re.compile(
    rf"[.!?][\"')\]*_]*\s+(?=`|[\"'(\[*_¿¡]*[^\W_])|[。！？]"
    rf"|\?(?=[{_WIDE_CHARS}])"
)
"""A sentence's end: its stop (one character, kept with the sentence), then the gap to the next
one, which opens with a letter or a digit, in lower case too (`yes add it too. btw I think…`,
`why only on Windows? the paths look the same`), a backtick, or `¿`/`¡`; a wide stop, or `?`
before a wide character, needs no gap. The stop is matched, not looked behind for: a
regex that opens on a character class skips ahead to it, 6x faster than trying a look-behind at
every position."""
_BOLD_LABEL = re.compile(r"^(?:\*\*|__)[^*_]{1,40}(?:\*\*|__)$")
LABEL_SENTENCE_WORDS = 4
"""A bold label this long that ends like a sentence is one: what its item says."""
_OPENING_LABEL = re.compile(r"^(?:\*\*|__)([^*_]{1,40})(?:\*\*|__)([.:]?)\s+(?=\S)")
_ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "vs.", "cf.", "approx.", "no.", "fig.", "mr.", "dr.",
                  "evtl.", "ggf.", "bzw.", "z.b.", "d.h.", "u.a.", "usw.", "eig.", "ca.", "inkl.",
                  "p.ej.", "ecc.", "ex.", "p.ex.", "env.", "ad es.", "np.", "tj.", "tzn.", "itd.",
                  "m.in.", "bijv.", "o.a.", "enz.", "d.w.z.", "t.ex.", "bl.a.", "osv.", "dvs.",
                  "örn.", "vb.", "т.е.", "т.к.", "напр.", "т.д.", "см.", "nr.", "vgl.", "bspw.",
                  "sog.", "mio.", "mrd.", "tsd.", "mln.", "mld.", "млн.", "млрд.",
                  "тыс.")  # fmt: skip
_ABBREVIATED = re.compile(
    r"(?<![^\W\d_])(?:" + "|".join(re.escape(a) for a in _ABBREVIATIONS) + r")$", re.IGNORECASE
)
"""A word ending in an abbreviation that no letter precedes: `(e.g.`, `z.B.`, not `config.`
(`fig.`) nor `index.` (`ex.`)."""
_SPACED_ABBREVIATION = re.compile(r"(?<![^\W\d_])(?:[zdu]\.(?: [bhatBHAT]\.)?)$")
"""`z. B.`, `d. h.`, `u. a.`, `z. T.` written with their space: no sentence ends in them."""
_LINK = re.compile(r"\[([^\]]+)\]\([^)]+\)")
_EMPHASIS = re.compile(r"\*\*|__|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])")
_CODE_SPAN = re.compile(r"(`[^`\n]*`)")
_CLAUSE_END = re.compile(r"[,;:]\s| [—–-]\s| \(")
_RELATIVE = re.compile(
    r"(?:der|die|das|dem|den|deren|dessen|welche[rsmn]?|which|who|whom|whose|qui|dont|lequel"
    r"|laquelle|lesquels|che|cui|il quale|la quale|quien|quienes|cuyo|cuya|который|которая"
    r"|которое|которые|которого|которой|которых|которым|które|który|która)\b",
    re.IGNORECASE,
)
"""A relative pronoun opening a clause: the comma that closes it is no place to end a title."""
_TRAILING = re.compile(r"[\s.,;:—–。、，；-]+$")
_ASIDE = re.compile(r" \([^()`]{3,}\)(?=[\s,;:.!?]|$)")
"""An aside in parentheses after a word, with no code in it."""
_CONDITION_ONLY = re.compile(
    r"(?:if|when|once|unless|wenn|falls|sobald|si|quand|lorsque|cuando|se|quando|caso|если"
    r"|когда)\b[^,;:]*\Z",
    re.IGNORECASE,
)
"""A head that is only a condition (`If Lea still has the Q1 outputs`): no place to cut a title."""
_LEAD_WORDS = 8
_ORDINAL = re.compile(r"\d{1,2}\.")
"""`am 3. Dezember`: a German ordinal, not the end of a sentence (see `_ordinal_at`)."""


def _ordinal_at(text: str, start: int, end: int) -> bool:
    """Whether `text[start:end]` ends with an ordinal (`3.`, `12.`) standing as a word: only
    its last three characters are looked at (a search of the whole run was quadratic)."""
    for width in (2, 3):
        begin = end - width
        if begin < start:
            return False
        before = text[begin - 1] if begin > start else " "
        # (`**1. `x` — midnight UTC mismatch.**`: numbered inside its bold too)
        if _ORDINAL.fullmatch(text, begin, end) and (before.isspace() or before in "*_"):
            return True
    return False


@dataclass(frozen=True, slots=True)
class Unit:
    """A paragraph or a list item, on one line, with the heading or lead-in it sits under."""

    text: str
    section: str = ""
    item: bool = False
    checkbox: bool | None = None
    """None: not a checkbox; False: unchecked `- [ ]`; True: checked."""
    heading: bool = False
    under: str = ""
    """The heading above an item's lead-in (`### Root cause` above `Two failures, chained:`)."""


def plain(text: str) -> str:
    """Markdown emphasis and link targets removed, whitespace collapsed: text for titles. Code
    keeps its stars and underscores (`` `__init__` ``, `` `**kwargs` ``)."""
    if "*" in text or "_" in text:
        if "`" in text:
            parts = _CODE_SPAN.split(text)  # code spans at the odd places
            text = "".join(p if i % 2 else _EMPHASIS.sub("", p) for i, p in enumerate(parts))
        else:
            text = _EMPHASIS.sub("", text)
    if "](" in text:
        text = _LINK.sub(r"\1", text)
    return " ".join(text.split())


def unlabelled(sentence: str) -> str:
    """A sentence without the bold label that opens it (`**Zeitzone.** Die CI-Runner…`); bold
    words the sentence goes on from in lower case are its own (`**Delta-compress snapshots**
    against the last one acked`); a bold sentence is what it says (`**DST isn't covered by a
    spec.** Seconds-based proration should…`)."""
    label = _OPENING_LABEL.match(sentence)
    if label is None:
        return sentence
    if _said(label[1]):
        return label[1]
    return sentence if topic_label(sentence) is None else sentence[label.end() :]


def topic_label(sentence: str) -> str | None:
    """The bold topic a sentence opens with, that is not a sentence itself nor the first words
    of this one (`**Backfill of the stored proration lines**: the old…` → `Backfill of the
    stored proration lines`)."""
    label = _OPENING_LABEL.match(sentence)
    if label is None or _said(label[1]):
        return None
    rest = sentence[label.end() :]
    if not label[2] and not label[1].endswith((".", ":", "!", "?")) and rest[:1].islower():
        return None
    return label[1].rstrip(".:")


def _said(label: str) -> bool:
    """Whether a bold label is a sentence of its own (`**DST isn't covered by a spec.**`)."""
    return label.endswith((".", "!")) and word_count(label) >= LABEL_SENTENCE_WORDS


def _is_lead_in(text: str) -> bool:
    """A short line that introduces a list: `Next steps:`, `Follow-ups`, `What I changed`."""
    words = text.split()
    return 0 < len(words) <= _LEAD_WORDS and (text.endswith(":") or text[-1] not in ".!?")


class _Splitter:
    """Accumulates lines into units; one instance per text."""

    def __init__(self) -> None:
        self.units: list[Unit] = []
        self.section = ""
        self.lead = ""
        self.lines: list[str] = []
        self.item = False
        self.checkbox: bool | None = None

    def flush(self) -> None:
        text = " ".join(" ".join(self.lines).split())
        self.lines = []
        if not text:
            return
        if self.item:
            section = self.lead or self.section
            self.units.append(Unit(text, section, True, self.checkbox, under=self.section))
        else:
            self.units.append(Unit(text, self.section))
            last = text.rsplit(". ", 1)[-1] if text.endswith(":") else text  # `not now. plan:`
            short = last.count(" ") < _LEAD_WORDS and _is_lead_in(plain(last))
            self.lead = plain(last).rstrip(":") if short else ""
        self.item, self.checkbox = False, None

    def heading(self, text: str) -> None:
        self.flush()
        self.section, self.lead = plain(text).rstrip(":."), ""
        if self.section:
            self.units.append(Unit(self.section, heading=True))

    def start_item(self, text: str) -> None:
        if self.lines and not self.item and _is_lead_in(plain(" ".join(self.lines))):
            self.flush()  # `Next steps` directly above its list, without a blank line
        self.flush()
        box = _CHECKBOX.match(text)
        self.item, self.checkbox = True, None if box is None else box.group(1) != " "
        self.lines = [box.group(2) if box else text]

    def line(self, raw: str) -> None:
        if not raw.strip() or _NOISE.match(raw) or _BOX.search(raw):
            self.flush()
        elif heading := _HEADING.match(raw) or _BOLD_LINE.match(raw):
            self.heading(heading.group(1))
        elif item := _ITEM.match(raw):
            self.start_item(item.group(1))
        else:
            if self.item and not raw[:1].isspace():
                self.flush()  # flush left after a list item: a paragraph of its own, not the item's
            self.lines.append(raw.strip())


def _visible(text: str) -> Iterator[str]:
    """The lines a reader sees as the message: fenced code and tag blocks (`<thinking>…`,
    `<system-reminder>…`, `<agent-activation>…`) become one blank line each."""
    lines = iter(text.splitlines())
    for raw in lines:
        block = _BLOCK_OPEN.match(raw)
        if _FENCE.match(raw):
            end: re.Pattern[str] | str = _FENCE
        elif block and f"</{block.group(1)}>" in text:
            end = f"</{block.group(1)}>"
        else:
            yield raw
            continue
        for inner in lines:
            if end.match(inner) if isinstance(end, re.Pattern) else inner.strip() == end:
                break
        yield ""


@lru_cache(maxsize=64)
def units(text: str) -> tuple[Unit, ...]:
    """The prose of a message: paragraphs and list items, code blocks and pasted output dropped."""
    splitter = _Splitter()
    # typographic apostrophes as plain ones, so `let’s go with` reads as `let's go with`, and
    # full-width colons and question marks (Chinese, Japanese) as ASCII ones, so `TODO：` reads
    # as a label and `…吗？` as a question
    plain_text = text.replace("’", "'").replace("‘", "'").replace("：", ": ").replace("？", "?")
    for raw in _visible(plain_text):
        splitter.line(raw)
    splitter.flush()
    return tuple(splitter.units)


def sentences(text: str) -> list[str]:
    """Sentences of one unit, not split after common abbreviations nor inside `code`."""
    return list(_sentences(text))


@lru_cache(maxsize=256)
def _sentences(text: str) -> tuple[str, ...]:
    """`sentences`, kept for the last texts: the rules of a message each split its paragraphs
    again (on a sample of the benchmark corpus, 18,000 splits of 7,000 texts)."""
    result: list[str] = []
    start = 0
    code = _InCode(text)
    for match in _SPLIT.finditer(text):
        if code.at(match.start()):
            continue  # `COPY . .`, `a.b()`: a stop in code ends no sentence
        stop = match.start() + 1
        before = text[text.rfind(" ", start, stop) + 1 : stop]
        if _ABBREVIATED.search(before):
            continue
        # an ordinal goes on with its noun (`am 1. September`), a date ends (`on March 1. the`)
        if _ordinal_at(text, start, stop) and not text[match.end() : match.end() + 1].islower():
            continue
        if _SPACED_ABBREVIATION.search(text, max(start, stop - 6), stop):
            continue  # `(z. B. `intern`)`: one abbreviation, written with a space
        if "(" in text[start:stop] and text.count("(", start, stop) > text.count(")", start, stop):
            continue  # `(c'est bien SiteMinder ?)`: an aside ends no sentence
        piece = text[start : match.end()].strip()
        if _BOLD_LABEL.match(piece):
            continue  # `**Root cause.** The …`: the label belongs to the sentence it opens
        result.append(text[start:stop].strip())
        start = match.end()
    result.append(text[start:].strip())
    return tuple(s for s in result if s)


_STOP = re.compile(r"[.!?](?=\s+\S)")


class _InCode:
    """Whether a position of a text is inside `code`, asked for positions in increasing order:
    the backticks are counted once over the whole text, not again from its start each time. A
    stray backtick that nothing closes opens no code."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.seen = 0
        self.ticks = 0
        self.last = text.rfind("`")

    def at(self, position: int) -> bool:
        self.ticks += self.text.count("`", self.seen, position)
        self.seen = position
        return self.ticks % 2 == 1 and position < self.last


def after_label(text: str) -> tuple[str, str] | None:
    """The text before and after its first `: ` outside `code` (`update: data` is code, not a
    label's colon) and outside parentheses (`… (예: 24시간 후) …?` labels nothing); None when there
    is none."""
    start = 0
    while (colon := text.find(": ", start)) >= 0:
        before = text[:colon]
        if before.count("`") % 2 == 0 and before.count("(") <= before.count(")"):
            return before, text[colon + 2 :]
        start = colon + 2
    return None


def first_sentence(text: str) -> str:
    """The text up to its first full stop, even one followed by a lower-case word (`… ok. das`),
    that is not inside `code`."""
    code = _InCode(text)
    for match in _STOP.finditer(text):
        if code.at(match.start()):
            continue
        before = text[: match.end()]
        word = before.rsplit(" ", 1)[-1]
        spaced = _SPACED_ABBREVIATION.search(text, max(0, match.end() - 6), match.end())
        following = text[match.end() : match.end() + 2].lstrip()[:1]
        ordinal = _ordinal_at(text, 0, match.end()) and not following.islower()
        if not (_ABBREVIATED.search(word) or spaced or ordinal):
            return before
    return text


_WIDE = re.compile(rf"[{_WIDE_CHARS}]+")


def word_count(text: str) -> int:
    """The words of a text as a reader counts them: where a script puts no spaces between words
    (Chinese, Japanese), a word per two characters."""
    wide = sum((len(run) + 1) // 2 for run in _WIDE.findall(text))
    return len(_WIDE.sub(" ", text).split()) + wide


_VERBS = (
    "add", "adjust", "allow", "archive", "ask", "audit", "backfill", "batch", "build", "bump",
    "cache", "change", "check", "clean", "close", "configure", "consolidate", "convert", "create",
    "delete", "deploy", "deprecate", "disable", "document", "double-check", "enable", "expose",
    "extract", "fix", "handle", "harden", "ignore", "improve", "increase", "index", "inline",
    "introduce", "invalidate", "limit", "load", "lock", "look", "lower", "make", "measure",
    "merge", "migrate", "monitor", "move", "normalize", "normalise", "note", "notify", "open",
    "optimize", "optimise", "paginate", "parallelize", "parallelise", "profile", "raise",
    "rate-limit", "reduce", "refactor", "reindex", "remove", "rename", "replace", "rerun",
    "restart", "retry", "revert", "review", "rewrite", "rotate", "schedule", "shard", "simplify",
    "store", "stream", "switch", "test", "track", "update", "upgrade", "use", "validate",
    "verify", "watch", "wire", "write",
)  # fmt: skip
_DOUBLED = ("cap", "drop", "get", "log", "pin", "plan", "put", "run", "set", "ship", "skip",
            "split", "stop", "swap", "tag", "trim", "wrap")  # fmt: skip
"""Verbs that double their last letter before `-ing` (`pinning`, `running`)."""


def _gerund(verb: str) -> str:
    if verb in _DOUBLED:
        return f"{verb}{verb[-1]}ing"
    if verb.endswith("e") and not verb.endswith("ee"):
        return f"{verb[:-1]}ing"
    return f"{verb}ing"


_IMPERATIVE_OF = {_gerund(verb): verb for verb in (*_VERBS, *_DOUBLED)}
_FIRST_WORD = re.compile(r"[A-Za-z-]+")


def imperative(text: str) -> str:
    """Work said with a gerund first said as an order (`adding an index on…` → `add an index
    on…`), for the common verbs of software work; any other text as it is."""
    word = _FIRST_WORD.match(text)
    verb = _IMPERATIVE_OF.get(word[0].casefold()) if word else None
    return verb + text[len(word[0]) :] if word and verb else text


def capitalise(text: str) -> str:
    """`text` with a capital first letter, unless its first word is a name that must be written
    as it is (`useEffect`, `iOS`, `max_cpus`, `setup.py`)."""
    return text if _AS_WRITTEN.match(text) else text[:1].upper() + text[1:]


_AS_WRITTEN = re.compile(r"[a-z][a-z0-9]*[A-Z]|[a-z][a-z0-9]*[_.][a-z0-9]")
"""A first word in camelCase, snake_case or with a dot inside: an identifier or a file."""


def shorten(text: str, limit: int = TITLE_CHARS) -> str:
    """`text` within `limit`: cut at the last clause boundary that keeps enough, else at a word."""
    text = _TRAILING.sub("", text) if not text.endswith(("?", ")", "`")) else text
    if len(text) <= limit:
        return text
    # an aside in parentheses goes first (`J'utilise LazyLock (stable depuis Rust 1.80) plutôt
    # que once_cell`): the sentence around it is what it says
    text = _ASIDE.sub("", text)
    if len(text) <= limit:
        return text
    head = text[:limit]
    ends = list(_CLAUSE_END.finditer(head + " "))
    clauses = [
        m.start()
        for i, m in enumerate(ends)
        if m.start() >= limit // 3
        and _balanced(head[: m.start()])
        and not _CONDITION_ONLY.match(head[: m.start()])
        # not where a relative clause ends (`Ein Consumer, der … braucht, | steckt…`): what
        # it is said of has not been said yet
        and not (
            i
            and head[ends[i - 1].start()] == ","
            and _RELATIVE.match(head, ends[i - 1].end(), m.start())
        )
    ]
    if clauses:
        return _TRAILING.sub("", head[: clauses[-1]])
    space = head.rfind(" ", 0, limit - 1)
    return _TRAILING.sub("", head[: space if space > limit // 2 else limit - 1]) + "…"


def _balanced(text: str) -> bool:
    """No parenthesis, bracket or code span left open: a safe place to cut."""
    return (
        text.count("(") <= text.count(")")
        and text.count("[") <= text.count("]")
        and text.count("`") % 2 == 0
    )


def quote(text: str, limit: int = QUOTE_CHARS) -> str:
    """A short evidence quote: one line, cut at a word with an ellipsis."""
    line = plain(text)
    if len(line) <= limit:
        return line
    cut = line[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip() + "…"


def clip(text: str, limit: int) -> str:
    """At most `limit` characters of `text`, cut at a line or sentence end."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    end = max(head.rfind("\n"), head.rfind(". "))
    return (head[: end + 1] if end > limit // 2 else head).rstrip() + " …"


_BLANK_LINES = re.compile(r"\n{3,}")
_RULE = re.compile(r"^\s*([-*_])\s*(?:\1\s*){2,}$")


def without_code(text: str) -> str:
    """Markdown kept readable inside a finding: code blocks dropped, headings made bold lines."""
    kept: list[str] = []
    for raw in _visible(text):
        if not _RULE.match(raw):
            heading = _HEADING.match(raw)
            kept.append(f"**{heading.group(1)}**" if heading else raw.rstrip())
    return _BLANK_LINES.sub("\n\n", "\n".join(kept)).strip()
