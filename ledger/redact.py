"""Replace secrets with `[REDACTED:<rule>]` before anything is written or sent (SPEC §2.4).

The rules are data (`ledger.redact_rules`), compiled here once at import; each is skipped at the
cost of a substring search where the literal it starts with is absent.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from ahocorasick_rs import AhoCorasick, MatchKind

from ledger import redact_vendored as vendored
from ledger.models import Session, Step, Text
from ledger.redact_rules import RULES, Check, Rule, confirmed, masked

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
    """Text one of which a match must hold (empty: no such text is known)."""


_LITERAL = re.compile(r"(?:[^\\\[\](){}.*+?^$|]|\\[.\-/]|\\u[0-9a-f]{4})+")


def _branches(pattern: str) -> list[str]:
    """The top-level alternatives of a pattern (a `|` inside a group or a class is not one)."""
    branches, depth, start, escaped, in_class = [], 0, 0, False, False
    for at, char in enumerate(pattern):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char in "()":
            depth += 1 if char == "(" else -1
        elif char == "|" and depth == 0:
            branches.append(pattern[start:at])
            start = at + 1
    return [*branches, pattern[start:]]


def _needles(pattern: str) -> tuple[str, ...]:
    """The literal text each branch of a pattern starts with; () when a branch starts with
    anything else: a text without all of these cannot match, and costs no pass over it."""
    found = []
    for branch in _branches(pattern):
        head = _LITERAL.match(branch)
        if head is None or "(" in branch[: head.end()]:
            return ()
        literal = re.sub(
            r"\\u([0-9a-f]{4})|\\(.)",
            lambda m: chr(int(m[1], 16)) if m[1] else m[2],
            head.group(),
        )
        if len(literal) < 2:
            return ()
        found.append(literal)
    return tuple(found)


def _compile(priority: int, rule: Rule) -> _Compiled:
    regex = re.compile(rule.pattern, re.ASCII)
    group: str | int = "secret" if "secret" in regex.groupindex else 0
    return _Compiled(priority, regex, rule.check, group, rule.anchors, _needles(rule.pattern))


_Anchored = tuple[tuple[re.Pattern[str], tuple[str, ...], tuple[_Compiled, ...]], ...]


def _by_anchor(compiled: tuple[_Compiled, ...]) -> _Anchored:
    """Each distinct anchor once, with its needles and the rules to try where it matches."""
    rules: dict[str, tuple[_Compiled, ...]] = {}
    for each in compiled:
        for anchor in each.anchors:
            rules[anchor] = (*rules.get(anchor, ()), each)
    return tuple(
        (re.compile(anchor, re.ASCII), _needles(anchor), tried) for anchor, tried in rules.items()
    )


_COMPILED = tuple(_compile(priority, rule) for priority, rule in enumerate(RULES))
_SEARCHED = tuple(each for each in _COMPILED if not each.anchors)
_ANCHORED = _by_anchor(_COMPILED)


def _accepted(compiled: _Compiled, match: re.Match[str]) -> tuple[int, int, int] | None:
    if not confirmed(compiled.check, match, match.group(compiled.group)):
        return None
    start, end = match.span(compiled.group)
    return start, end, compiled.priority


_NEEDLES = tuple(
    sorted({n for c in _COMPILED for n in c.needles} | {n for _, ns, _ in _ANCHORED for n in ns})
)
_FINDER = AhoCorasick(_NEEDLES, matchkind=MatchKind.Standard)
_UNNEEDLED_SEARCHED = tuple(c for c in _SEARCHED if not c.needles)
_UNNEEDLED_ANCHORED = tuple(a for a in _ANCHORED if not a[1])
"""Every rule's needles found in one pass over a text: most texts hold none of most of them, and
skip those rules at the cost of a set lookup (testing each needle with `in` cost more than the
rules themselves, benchmarks/redact.py)."""


def _hits(anchor: re.Pattern[str], needles: tuple[str, ...], text: str) -> Iterator[int]:
    """Where an anchor matches: found with `str.find` when it is plain text (several times as
    fast as a regex pass), else with the regex."""
    if len(needles) == 1 and needles[0] == anchor.pattern:
        literal = needles[0]
        at = text.find(literal)
        while at >= 0:
            yield at
            at = text.find(literal, at + 1)
    else:
        for hit in anchor.finditer(text):
            yield hit.start()


def _candidates(text: str) -> Iterator[tuple[int, int, int]]:
    """Every confirmed match of every rule, as (start, end, priority); they may overlap."""
    found_at = _FINDER.find_matches_as_indexes(text, overlapping=True)
    present = {_NEEDLES[n] for n, _, _ in found_at}
    for compiled in _SEARCHED if present else _UNNEEDLED_SEARCHED:
        if compiled.needles and present.isdisjoint(compiled.needles):
            continue
        for match in compiled.regex.finditer(text):
            if found := _accepted(compiled, match):
                yield found
    for anchor, needles, rules in _ANCHORED if present else _UNNEEDLED_ANCHORED:
        if needles and present.isdisjoint(needles):
            continue
        for at in _hits(anchor, needles, text):
            for compiled in rules:
                tried = compiled.regex.match(text, at)
                if tried and (found := _accepted(compiled, tried)):
                    yield found


@cache
def _names() -> tuple[str, ...]:
    """Every rule's name by priority: ledger's own rules first, then the vendored ones."""
    return (*(rule.name for rule in RULES), *vendored.rule_names())


_GLUE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


def _theirs(text: str, ours: list[tuple[int, int, int]]) -> Iterator[tuple[int, int, int]]:
    """The vendored rules' secrets that ledger's own rules did not find: not inside a longer run
    of base64 (an image, a hash), not masked, not a marker already in the text."""
    for start, end, n in vendored.vendored_secrets(text):
        secret = text[start:end]
        glued = start > 0 and text[start - 1] in _GLUE and secret[:1].isalnum()
        if glued or masked(secret) or "[REDACTED:" in secret or PRIVATE_MARKER in secret:
            continue
        if not any(start < theirs_end and end > s for s, theirs_end, _ in ours):
            yield start, end, len(RULES) + n


def find_secrets(text: str) -> list[SecretMatch]:
    """The secrets in `text`, in order; overlapping matches merge under the earlier rule. Where
    a vendored rule and one of ledger's own find the same secret, ledger's (the precise one)
    decides its span."""
    ours = list(_candidates(text))
    merged: list[list[int]] = []
    names = _names()
    for start, end, priority in sorted([*ours, *_theirs(text, ours)]):
        if merged and start < merged[-1][1]:
            last = merged[-1]
            last[1], last[2] = max(last[1], end), min(last[2], priority)
        else:
            merged.append([start, end, priority])
    return [SecretMatch(names[priority], start, end) for start, end, priority in merged]


SHORTEST_SECRET = 8
"""No rule matches fewer characters than this (AWS key ids are 20, passwords 4 after `=`)."""


_PRIVATE = re.compile(r"<private>.*?(?:</private>|\Z)", re.DOTALL | re.IGNORECASE)
PRIVATE_MARKER = "[PRIVATE]"
"""What stands where a person's `<private>…</private>` text was (an unclosed one runs to the
end of the text: a prompt cut short keeps nothing of it)."""


def redact(text: str) -> str:
    """`text` without its `<private>` parts, and with every secret replaced by
    `[REDACTED:<rule>]`."""
    if "<private>" in text or "<PRIVATE>" in text or "<Private>" in text:
        text = _PRIVATE.sub(PRIVATE_MARKER, text)
    if len(text) < SHORTEST_SECRET:
        return text
    parts: list[str] = []
    done = 0
    for secret in find_secrets(text):
        parts += (text[done : secret.start], MARKER.format(secret.rule))
        done = secret.end
    if not parts:
        return text
    parts.append(text[done:])
    return "".join(parts)


def rules_digest() -> str:
    """A digest of the rules table: `versions.REDACTION_VERSION` must name the current one."""
    own = [_PRIVATE.pattern, *(f"{r.name}\t{r.pattern}\t{r.check}" for r in RULES)]
    table = "\n".join([*own, vendored.digest()])
    return "redact/" + hashlib.sha256(table.encode()).hexdigest()[:8]


def _clean_step(step: Step) -> Step:
    if isinstance(step, Text):
        return Text(redact(step.text))
    return replace(step, detail=redact(step.detail), result=redact(step.result))


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


def redact_session(session: Session) -> Session:
    """The session with every text it carries redacted: what may be written or sent."""
    turns = tuple(
        replace(turn, prompt=redact(turn.prompt), steps=tuple(map(_clean_step, turn.steps)))
        for turn in session.turns
    )
    return replace(
        session,
        title=redact(session.title),
        project=session.project and redact(session.project),
        git_branch=session.git_branch and redact(session.git_branch),
        agent_name=session.agent_name and redact(session.agent_name),
        source=Path(redact_path(str(session.source))),
        preamble=tuple(map(_clean_step, session.preamble)),
        turns=turns,
        files_touched=tuple(map(redact, session.files_touched)),
        files_read=tuple(map(redact, session.files_read)),
        commands=tuple(map(redact, session.commands)),
        plan=tuple(replace(item, text=redact(item.text)) for item in session.plan),
    )
