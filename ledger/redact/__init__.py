"""Replace secrets with `[REDACTED:<rule>]` before anything is written or sent (SPEC §2.4).

The rules are data (`ledger.redact.rules`), compiled here once at import. The screen
(`ledger.redact.screen`) names the rules that may match a text, in one pass for all of a
session's texts together: a text runs only those. Where there is no screen, one pass over a text
finds the texts every match of each rule starts with (its needles), and a rule runs only where
one of its needles is.
"""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from ahocorasick_rs import BytesAhoCorasick, Implementation, MatchKind

from ledger.lazy_regex import LazyRegex
from ledger.models import Session, Step, Text, Turn
from ledger.redact import screen as redact_screen
from ledger.redact import vendored
from ledger.redact.rules import RULES, Check, Rule, branches, confirmed, heads, masked, utf8

MARKER = "[REDACTED:{}]"


@dataclass(frozen=True, slots=True)
class SecretMatch:
    """Where a secret is: the rule that names it and its span in the text."""

    rule: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class _Compiled:
    priority: int
    regex: re.Pattern[str]
    check: Check
    group: str | int
    anchors: tuple[str, ...]
    needles: tuple[str, ...]
    """The texts one of which every match starts with (empty for a rule tried at its anchors)."""


def _needles(pattern: str) -> tuple[str, ...]:
    """The texts one of which every match of a pattern starts with (`heads` of each branch);
    () when a branch has fewer than two such characters: a text without one of these cannot
    match, and costs no pass over it."""
    found: list[str] = []
    for branch in branches(pattern):
        starts = heads(branch)
        if min(len(start) for start in starts) < 2:
            return ()
        found += starts
    return tuple(sorted(set(found)))


def _needed(pattern: str) -> tuple[str, ...]:
    if needles := _needles(pattern):
        return needles
    raise ValueError(f"a rule or anchor must start with known text: {pattern}")


def _compile(priority: int, rule: Rule) -> _Compiled:
    regex = re.compile(rule.pattern, re.ASCII)
    group: str | int = "secret" if "secret" in regex.groupindex else 0
    needles = () if rule.anchors else _needed(rule.pattern)
    return _Compiled(priority, regex, rule.check, group, rule.anchors, needles)


@dataclass(frozen=True, slots=True)
class _Anchor:
    """Where rules are tried: each match of `regex`, which starts with one of `needles`."""

    regex: re.Pattern[str]
    needles: tuple[str, ...]
    rules: tuple[_Compiled, ...]


def _by_anchor(compiled: tuple[_Compiled, ...]) -> tuple[_Anchor, ...]:
    """Each distinct anchor once, with its needles and the rules to try where it matches."""
    rules: dict[str, tuple[_Compiled, ...]] = {}
    for each in compiled:
        for anchor in each.anchors:
            rules[anchor] = (*rules.get(anchor, ()), each)
    return tuple(
        _Anchor(re.compile(anchor, re.ASCII), _needed(anchor), tried)
        for anchor, tried in rules.items()
    )


_COMPILED = tuple(_compile(priority, rule) for priority, rule in enumerate(RULES))
_SEARCHED = tuple(each for each in _COMPILED if not each.anchors)
_ANCHORED = _by_anchor(_COMPILED)
_NEEDLES = tuple(
    sorted({n for c in _SEARCHED for n in c.needles} | {n for a in _ANCHORED for n in a.needles})
)
_FINDER = BytesAhoCorasick(
    [needle.encode() for needle in _NEEDLES],
    matchkind=MatchKind.Standard,
    implementation=Implementation.DFA,
)
_SEARCHED_BY = tuple(
    tuple(i for i, c in enumerate(_SEARCHED) if needle in c.needles) for needle in _NEEDLES
)
_ANCHORED_BY = tuple(
    tuple(i for i, a in enumerate(_ANCHORED) if needle in a.needles) for needle in _NEEDLES
)
"""Every rule's needles found in one pass over a text, and from them the rules to run: most texts
hold none of most of them, and run no rule (benchmarks/redact.py)."""


def _accepted(compiled: _Compiled, match: re.Match[str]) -> tuple[int, int, int] | None:
    if not confirmed(compiled.check, match, match.group(compiled.group)):
        return None
    start, end = match.span(compiled.group)
    return start, end, compiled.priority


def _hits(anchor: _Anchor, text: str) -> Iterator[int]:
    """Where an anchor matches: found with `str.find` when it is plain text (several times as
    fast as a regex pass), else with the regex."""
    if anchor.needles == (anchor.regex.pattern,):
        literal = anchor.regex.pattern
        at = text.find(literal)
        while at >= 0:
            yield at
            at = text.find(literal, at + 1)
    else:
        for hit in anchor.regex.finditer(text):
            yield hit.start()


_SEARCHED_AT = {each.priority: n for n, each in enumerate(_SEARCHED)}
_TRIED_AT_ANCHORS = frozenset(each.priority for each in _COMPILED if each.anchors)


def _candidates(
    text: str, encoded: bytes, only: frozenset[int] | None
) -> Iterator[tuple[int, int, int]]:
    """Every confirmed match of every rule (of the rules `only` names by priority, where the
    screen has named them), as (start, end, priority); they may overlap."""
    searched: set[int] = set()
    anchored: set[int] = set()
    if only is None or not only.isdisjoint(_TRIED_AT_ANCHORS):
        needles = _FINDER.find_matches_as_indexes(encoded, overlapping=True)
        present = {n for n, _, _ in needles}
        anchored = {i for n in present for i in _ANCHORED_BY[n]}
        if only is None:
            searched = {i for n in present for i in _SEARCHED_BY[n]}
    if only is not None:
        searched = {_SEARCHED_AT[p] for p in only if p in _SEARCHED_AT}
    for index in sorted(searched):
        compiled = _SEARCHED[index]
        for match in compiled.regex.finditer(text):
            if found := _accepted(compiled, match):
                yield found
    for index in sorted(anchored):
        anchor = _ANCHORED[index]
        tried = [c for c in anchor.rules if only is None or c.priority in only]
        after = dict.fromkeys((c.priority for c in tried), 0)
        for at in _hits(anchor, text) if tried else ():
            for compiled in tried:
                if at < after[compiled.priority]:
                    continue  # inside its last match, as `finditer` goes on (`token=a1token=…`
                    # is one run found at each key: trying each was quadratic, 24 KB took minutes)
                hit = compiled.regex.match(text, at)
                if hit:
                    after[compiled.priority] = hit.end()
                    if found := _accepted(compiled, hit):
                        yield found


@cache
def _names() -> tuple[str, ...]:
    """Every rule's name by priority: ledger's own rules first, then the vendored ones."""
    return (*(rule.name for rule in RULES), *vendored.rule_names())


_GLUE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
_SEGMENT = 40
"""A run of base64 this long before a `/` is a blob (an image, a key), not a folder's name."""
_RUN = _GLUE - {"/"}


def _glued(text: str, start: int) -> bool:
    """Whether a match starting at `start` is inside a longer run of base64: the character before
    it is one, and not the `/` that ends a path's folder (`config/glptt-…`)."""
    if start == 0 or text[start - 1] not in _GLUE:
        return False
    if text[start - 1] != "/":
        return True
    before = start - 1
    while before > 0 and start - 1 - before < _SEGMENT and text[before - 1] in _RUN:
        before -= 1
    return start - 1 - before >= _SEGMENT


def _theirs(
    text: str, encoded: bytes, ours: list[tuple[int, int, int]], only: frozenset[int] | None
) -> Iterator[tuple[int, int, int]]:
    """The vendored rules' secrets that ledger's own rules did not find: not inside a longer run
    of base64 (an image, a hash), not masked, not a marker already in the text."""
    tried = None if only is None else frozenset(p - len(RULES) for p in only if p >= len(RULES))
    if tried is not None and not tried:
        return
    for start, end, n in vendored.vendored_secrets(text, encoded, tried):
        secret = text[start:end]
        glued = secret[:1].isalnum() and _glued(text, start)
        if glued or masked(secret) or "[REDACTED:" in secret or PRIVATE_MARKER in secret:
            continue
        if not any(start < theirs_end and end > s for s, theirs_end, _ in ours):
            yield start, end, len(RULES) + n


def _screened_regexes() -> list[re.Pattern[str] | LazyRegex]:
    """What the screen names, by priority: ledger's rules, then the vendored ones; and last the
    private marker."""
    vendored_rules = [rule.regex for rule in vendored.table().rules]
    return [*(each.regex for each in _COMPILED), *vendored_rules, _PRIVATE_TAG]


@cache
def _rule_screen() -> redact_screen.Screen | None:
    """Every rule screened at once (`_screened_regexes`)."""
    return redact_screen.screen(_screened_regexes())


def _screened(texts: list[bytes]) -> list[frozenset[int] | None]:
    """For each text (its UTF-8), the rules that may find something in it (None: any)."""
    screen = _rule_screen()
    return [None] * len(texts) if screen is None else screen.rules(texts)


def find_secrets(text: str) -> list[SecretMatch]:
    """The secrets in `text`, in order; overlapping matches merge under the earlier rule. Where
    a vendored rule and one of ledger's own find the same secret, ledger's (the precise one)
    decides its span."""
    encoded = utf8(text)
    return _found(text, encoded, _screened([encoded])[0])


def _found(text: str, encoded: bytes, only: frozenset[int] | None) -> list[SecretMatch]:
    """`find_secrets` where only the rules `only` names may find something (None: any)."""
    ours = list(_candidates(text, encoded, only))
    merged: list[list[int]] = []
    names = _names()
    for start, end, priority in sorted([*ours, *_theirs(text, encoded, ours, only)]):
        if merged and start < merged[-1][1]:
            last = merged[-1]
            last[1], last[2] = max(last[1], end), min(last[2], priority)
        else:
            merged.append([start, end, priority])
    return [SecretMatch(names[priority], start, end) for start, end, priority in merged]


SHORTEST_SECRET = 8
"""No rule matches fewer characters than this (AWS key ids are 20, passwords 4 after `=`)."""


_PRIVATE = re.compile(r"<private\b[^>]*>.*?(?:</private\s*>|\Z)", re.DOTALL | re.IGNORECASE)
_BEFORE_CLOSE = re.compile(r"\A.*</private\s*>", re.DOTALL | re.IGNORECASE)
_PRIVATE_TAG = re.compile(r"</?private\b", re.IGNORECASE)
PRIVATE_MARKER = "[PRIVATE]"
"""What stands where a person's `<private>…</private>` text was (`<private reason="…">` too).
An unclosed one runs to the end of the text: a prompt cut short keeps nothing of it. A closing
tag with no opening before it (nested blocks, or a block opened in an earlier prompt) ends a
private part that began before the text: all of the text before it is dropped."""


_INVISIBLE_CHARS = "\u200b\u200c\u200d\u2060\ufeff\u00ad"
_INVISIBLE = re.compile(rf"(?<=[A-Za-z0-9_.-])[{_INVISIBLE_CHARS}]+(?=[A-Za-z0-9_.-])")
"""Characters that take no room, between the characters of a word (a token split by a zero-width
space or a BOM reads whole, and a rule must see it whole): dropped."""


def redact(text: str) -> str:
    """`text` without its `<private>` parts and the invisible characters inside its words, and
    with every secret replaced by `[REDACTED:<rule>]`."""
    text = _without_private(text)
    if not text.isascii() and any(char in text for char in _INVISIBLE_CHARS):
        text = _INVISIBLE.sub("", text)
    if len(text) < SHORTEST_SECRET:
        return text
    encoded = utf8(text)
    return _replaced(text, encoded, _screened([encoded])[0])


def _has_private(text: str) -> bool:
    return ("rivate" in text or "RIVATE" in text) and _PRIVATE_TAG.search(text) is not None


def _without_private(text: str) -> str:
    if not _has_private(text):
        return text
    return _BEFORE_CLOSE.sub(PRIVATE_MARKER, _PRIVATE.sub(PRIVATE_MARKER, text))


def _screened_redact(text: str, only: frozenset[int] | None) -> str:
    """`redact` of a text the screen has seen: only the rules it named (`only`) are tried; a
    text with a private part is not the text the screen saw, and is redacted afresh."""
    if len(text) < SHORTEST_SECRET or _has_private(text):
        return redact(text)
    return _replaced(text, utf8(text), only)


def _replaced(text: str, encoded: bytes, only: frozenset[int] | None) -> str:
    parts: list[str] = []
    done = 0
    for secret in _found(text, encoded, only):
        parts += (text[done : secret.start], MARKER.format(secret.rule))
        done = secret.end
    if not parts:
        return text
    parts.append(text[done:])
    return "".join(parts)


def rules_digest() -> str:
    """A digest of the rules table: `versions.REDACTION_VERSION` must name the current one."""
    own = [
        _PRIVATE.pattern,
        _BEFORE_CLOSE.pattern,
        *(f"{r.name}\t{r.pattern}\t{r.check}" for r in RULES),
    ]
    table = "\n".join([*own, vendored.digest()])
    return "redact/" + hashlib.sha256(table.encode()).hexdigest()[:8]


def redact_path(path: str) -> str:
    """A path redacted whole, and each of its parts decoded first as an agent encodes folder
    names (Claude Code writes `/home/me/x` as `-home-me-x`: a `-` glued before a token hides it
    from a rule that wants it to stand alone)."""
    parts = redact(path).split("/")
    for n, part in enumerate(parts):
        for at in (i for i, char in enumerate(part) if char == "-"):
            tail = part[at + 1 :]
            if (cleaned := redact(tail)) != tail:
                parts[n] = part[: at + 1] + cleaned
                break
    return "/".join(parts)


def _texts(session: Session) -> tuple[list[str], list[int]]:
    """The texts a session carries (a text left out here is redacted alone, never kept), its
    source path last; and where among them each turn's texts end."""
    texts: list[str] = []
    ends: list[int] = []
    for turn in session.turns:
        texts.append(turn.prompt)
        texts += _step_texts(turn.steps)
        ends.append(len(texts))
    texts += _step_texts(session.preamble)
    texts += (*session.files_touched, *session.files_read, *session.commands)
    texts += (item.text for item in session.plan)
    texts += (text for text in (session.title, session.project, session.git_branch) if text)
    texts += (*session.models, *(name for name, _ in session.tools))
    texts += (text for text in (session.agent_version, session.agent_name) if text)
    texts.append(str(session.source))
    return texts, ends


def _step_texts(steps: tuple[Step, ...]) -> Iterator[str]:
    for step in steps:
        if isinstance(step, Text):
            yield step.text
        else:
            yield from (step.name, step.detail, step.result)


def redact_session(session: Session) -> Session:
    """The session with every text it carries redacted: what may be written or sent. All its
    texts are screened together; only the turns that hold a text a rule may find something in
    are rebuilt."""
    texts, ends = _texts(session)
    screened = _screened([utf8(text) for text in texts])
    dirty = {text: only for text, only in zip(texts, screened, strict=True) if only is None or only}
    if not dirty:
        return session

    def redacted(text: str) -> str:
        return _screened_redact(text, dirty[text]) if text in dirty else text

    def step(step: Step) -> Step:
        if isinstance(step, Text):
            return Text(redacted(step.text)) if step.text in dirty else step
        if step.name in dirty or step.detail in dirty or step.result in dirty:
            name, detail, result = map(redacted, (step.name, step.detail, step.result))
            return replace(step, name=name, detail=detail, result=result)
        return step

    def turn(turn: Turn) -> Turn:
        return replace(turn, prompt=redacted(turn.prompt), steps=tuple(map(step, turn.steps)))

    rebuilt = {bisect_right(ends, n) for n, only in enumerate(screened) if only is None or only}
    source = texts[-1]
    return replace(
        session,
        title=redacted(session.title),
        project=session.project and redacted(session.project),
        git_branch=session.git_branch and redacted(session.git_branch),
        agent_version=session.agent_version and redacted(session.agent_version),
        agent_name=session.agent_name and redacted(session.agent_name),
        models=tuple(map(redacted, session.models)),
        tools=tuple((redacted(name), count) for name, count in session.tools),
        source=Path(redact_path(source)) if source in dirty else session.source,
        preamble=tuple(map(step, session.preamble)),
        turns=tuple(turn(t) if n in rebuilt else t for n, t in enumerate(session.turns)),
        files_touched=tuple(map(redacted, session.files_touched)),
        files_read=tuple(map(redacted, session.files_read)),
        commands=tuple(map(redacted, session.commands)),
        plan=tuple(replace(item, text=redacted(item.text)) for item in session.plan),
    )
