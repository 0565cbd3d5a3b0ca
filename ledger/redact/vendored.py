"""The rules of gitleaks, a maintained secret scanner, run the way gitleaks runs them.

The rule data is gitleaks' own default configuration, vendored unchanged with its MIT licence in
`ledger/rules/`. A rule's regex runs only over a text that holds one of its keywords (found for
all rules in one pass); the secret is the rule's `secretGroup`, else its first non-empty group,
else the whole match; it is kept when its Shannon entropy is above the rule's threshold and no
allowlist (gitleaks' global one, the rule's own) lets it through. Rules that only look at file
paths, and `generic-api-key`, are left out: a transcript has no file path to look at, and ledger's
own assignment and prose rules (`rules.py`) do the generic work with code-aware checks. One
difference: where a rule ends its token at a space, a quote or `;`, ledger ends it at any
punctuation too (`rotate hf_…?` in prose; `_END`).
"""

from __future__ import annotations

import hashlib
import math
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ahocorasick_rs import AhoCorasick, BytesAhoCorasick, Implementation, MatchKind

from ledger.lazy_regex import LazyRegex
from ledger.redact.rules import branches, group_end, heads

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

_DFA = Implementation.DFA
LOWERED_TO_ASCII = ("\u0130", "\u212a")
"""The only characters beyond ASCII that lower to ASCII letters (İ, the Kelvin sign): where one
is, lowering bytes (ASCII only) would miss a keyword that lowering the text finds."""
LEFT_OUT = frozenset({"generic-api-key"})
"""Rules not run (see the module's docstring)."""
_POSIX_CLASSES = {"[:alnum:]": "a-zA-Z0-9", "[:alpha:]": "a-zA-Z", "[:digit:]": "0-9"}
_GITLEAKS_END = r"""(?:[\x60'"\s;]|\\[nr]|$)"""
"""How 152 gitleaks rules end a token: a quote, a space or `;`, an escaped newline or the end."""
_END = r"""(?=[\x60'"\s;.,:!?)\]}>|*/<(\[{&…。、，：）」]|\\[nr]|$)"""
"""How ledger ends one: the same, or any punctuation that is not part of a token (`rotate
hf_…?`, `(dapi…)`, `…/glptt-…/settings.json`): looked at, not taken into the match."""
_CONTEXT = re.compile(r"^(?:\(\?i\))?\[\\w\.-\]\{0,50\}\?\(\?:([\w|-]+)\)")


@dataclass(frozen=True, slots=True)
class _Allow:
    """One allowlist: what it looks at (`secret`, `match` or `line`), its regexes, its words."""

    target: str
    regexes: tuple[LazyRegex, ...]
    stopwords: tuple[str, ...]

    def allows(self, secret: str, match: str, line: str) -> bool:
        text = {"match": match, "line": line}.get(self.target, secret)
        lowered = secret.lower()
        return any(r.search(text) for r in self.regexes) or any(
            word in lowered for word in self.stopwords
        )


@dataclass(frozen=True, slots=True)
class VendoredRule:
    id: str
    regex: LazyRegex
    keywords: tuple[str, ...]
    entropy: float
    group: int
    allow: tuple[_Allow, ...]
    context: tuple[str, ...]
    """For a rule of the form `[\\w.-]{0,50}?(?:lob)…`: the words the match starts at most 50
    characters before (its regex runs only there, which keeps `test_` from waking it up)."""
    lead: int
    """How far before one of its keywords a match may start: 0 where every match starts with one
    (`\\b((?:hvs\\.…|s\\.…))`), `CONTEXT` for a rule with context words (within the word
    characters just before them), else `BEFORE`."""


def _regex(pattern: str) -> LazyRegex:
    """Go's RE2 syntax as Python's: `(?i)` anywhere makes the whole rule case-blind, `\\z` is
    `\\Z`, POSIX classes are spelt out; and a token ends at punctuation too (`_END`). Compiled
    when a text first has its keywords (compiling all 200 cost every run that redacts 0.3 s)."""
    flags = re.IGNORECASE if "(?i)" in pattern else 0
    pattern = pattern.replace("(?i)", "").replace(r"\z", r"\Z").replace(_GITLEAKS_END, _END)
    for posix, spelt in _POSIX_CLASSES.items():
        pattern = pattern.replace(posix, spelt)
    return LazyRegex(pattern, flags)


def _allow(raw: dict[str, Any]) -> _Allow | None:
    """An allowlist; None for one that needs a file path (a transcript has none)."""
    if raw.get("paths"):
        return None
    regexes = tuple(_regex(r) for r in raw.get("regexes", ()))
    words = tuple(w.lower() for w in raw.get("stopwords", ()))
    return _Allow(raw.get("regexTarget", "secret"), regexes, words)


_OPENING = re.compile(r"(?:\(\?i\)|\\b|\((?:\?:)?)*")
"""What a pattern may open with before its first text: flags, word boundaries, groups."""


def _keyword_first(pattern: str, keywords: tuple[str, ...]) -> bool:
    """Whether every match of a gitleaks pattern starts with one of its keywords: after its
    opening, each branch of the innermost group opened (none of them optional) starts with one."""
    opened = _OPENING.match(pattern)
    body = pattern[opened.end() if opened else 0 :]
    groups = [at for at, char in enumerate(pattern[: len(pattern) - len(body)]) if char == "("]
    for at in groups:
        end = group_end(pattern, at)
        if pattern[end : end + 1] in ("?", "*", "{"):
            return False
    if groups:
        body = pattern[len(pattern) - len(body) : group_end(pattern, groups[-1]) - 1]
    return bool(keywords) and all(
        start.lower().startswith(keywords) for branch in branches(body) for start in heads(branch)
    )


def _rule(raw: dict[str, Any]) -> VendoredRule | None:
    if raw["id"] in LEFT_OUT or "path" in raw or not raw.get("regex"):
        return None
    allows = [_allow(a) for a in raw.get("allowlists", ())]
    keywords = tuple(k.lower() for k in raw.get("keywords", ()))
    context = _CONTEXT.match(raw["regex"])
    return VendoredRule(
        raw["id"],
        _regex(raw["regex"]),
        keywords,
        float(raw.get("entropy", 0.0)),
        int(raw.get("secretGroup", 0)),
        tuple(a for a in allows if a is not None),
        tuple(context.group(1).lower().split("|")) if context else (),
        CONTEXT if context else 0 if _keyword_first(raw["regex"], keywords) else BEFORE,
    )


def _text() -> bytes:
    return (resources.files("ledger") / "rules" / "gitleaks.toml").read_bytes()


@dataclass(frozen=True, slots=True)
class _Table:
    rules: tuple[VendoredRule, ...]
    allow: _Allow
    keywords: tuple[str, ...]
    """Every rule's keywords and context words."""
    finder: AhoCorasick
    ascii_finder: BytesAhoCorasick
    """The same keywords, found in ASCII text as bytes (lowered and searched several times as
    fast, benchmarks/redact.py)."""
    by_keyword: dict[str, tuple[int, ...]]
    """A keyword's rules: those that start from it (their context words, else their keywords)."""
    always: tuple[int, ...]
    """Rules without keywords: run on every text."""


@cache
def table() -> _Table:
    """The rules, compiled once per process (on first use: a run with nothing to redact never
    pays for it)."""
    config = tomllib.loads(_text().decode("utf-8"))
    rules = tuple(r for r in map(_rule, config["rules"]) if r is not None)
    keywords = tuple(sorted({k for r in rules for k in (*r.keywords, *r.context)}))
    by_keyword = {
        k: tuple(i for i, r in enumerate(rules) if k in (r.context or r.keywords)) for k in keywords
    }
    allow = _allow(config.get("allowlist", {})) or _Allow("secret", (), ())
    always = tuple(i for i, r in enumerate(rules) if not r.keywords)
    finder = AhoCorasick(keywords, matchkind=MatchKind.Standard, implementation=_DFA)
    ascii_finder = BytesAhoCorasick(
        [k.encode() for k in keywords], matchkind=MatchKind.Standard, implementation=_DFA
    )
    return _Table(rules, allow, keywords, finder, ascii_finder, by_keyword, always)


def rule_names() -> tuple[str, ...]:
    return tuple(r.id for r in table().rules)


def digest() -> str:
    """A digest of the vendored rule data and of how ledger reads it: part of the redaction
    version."""
    return hashlib.sha256(_text() + _END.encode()).hexdigest()[:8]


def _keywords(text: str, encoded: bytes) -> tuple[list[tuple[int, int, int]], bool]:
    """Every keyword in `text` case-blind, as (keyword, start, end), and whether the spans are
    the text's own. Found in the text's UTF-8 lowered as bytes (ASCII only: several times as
    fast as lowering the text) unless it holds a character that lowers to ASCII."""
    t = table()
    is_ascii = text.isascii()
    if not is_ascii and any(char in text for char in LOWERED_TO_ASCII):
        lower = text.lower()
        return t.finder.find_matches_as_indexes(lower, overlapping=True), len(lower) == len(text)
    found = t.ascii_finder.find_matches_as_indexes(encoded.lower(), overlapping=True)
    return (found if is_ascii else _in_characters(encoded, found)), True


def _in_characters(encoded: bytes, found: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """Keywords found at byte offsets of a text's UTF-8, at the text's own offsets (a keyword is
    ASCII: as many characters as bytes)."""
    spans, characters, done = [], 0, 0
    for keyword, start, end in sorted(found, key=lambda hit: hit[1]):
        characters += len(encoded[done:start].decode("utf-8", "surrogatepass"))
        done = start
        spans.append((keyword, characters, characters + end - start))
    return spans


def entropy(text: str) -> float:
    """Shannon entropy in bits per character, as gitleaks computes it."""
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def _span(rule: VendoredRule, match: re.Match[str]) -> tuple[int, int]:
    if match.re.groups:
        if rule.group:
            return match.span(rule.group)
        for n in range(1, match.re.groups + 1):
            if match.group(n):
                return match.span(n)
    return match.span()


def _line(text: str, start: int, end: int) -> str:
    return text[text.rfind("\n", 0, start) + 1 : (text.find("\n", end) + 1 or len(text) + 1) - 1]


BEFORE, AFTER = 64, 1024
"""A rule's match starts at most this many characters before one of its keywords and ends at
most this many after it: gitleaks' rules find the keyword within 50 characters of the match's
start, and no secret they name is longer than about 500 (the longest, a private key block, is
ledger's own rule)."""
CONTEXT = 50
"""How far before its context words a rule with them starts (`[\\w.-]{0,50}?`)."""
_WORD_RUN = re.compile(r"[\w.-]*\Z")
"""That opening's characters, up to a context word (the search's `endpos`)."""


def _first(rule: VendoredRule, text: str, keyword: int) -> int:
    """Where a rule's match around one of its keywords, at `keyword`, may start at the earliest:
    for a rule with context words, where the word characters just before it begin (1 place to
    try before most words, where 65 were tried)."""
    if rule.context and (run := _WORD_RUN.search(text, max(0, keyword - CONTEXT), keyword)):
        return run.start()
    return max(0, keyword - rule.lead)


def _matches(
    rule: VendoredRule, text: str, hits: list[tuple[int, int]] | None
) -> Iterator[re.Match[str]]:
    """The rule's matches near its keywords' `hits`, tried only where one may start (a search
    over a window around each keyword cost several times as much, benchmarks/redact.py); every
    match in the text when where its keywords are is not known."""
    if hits is None:
        yield from rule.regex.finditer(text)
        return
    free = 0
    for start, end in sorted(hits):
        at, stop = max(free, _first(rule, text, start)), min(len(text), end + AFTER)
        while at <= start:
            match = rule.regex.match(text, at, stop)
            if match is None:
                at += 1
                continue
            yield match
            at = max(match.end(), at + 1)
        free = at


def vendored_secrets(
    text: str, encoded: bytes, tried: frozenset[int] | None
) -> Iterator[tuple[int, int, int]]:
    """Every secret a vendored rule (of those `tried` names, when it names them) finds in
    `text` (`encoded` is its `utf8`), as (start, end, index of the rule in `rule_names`)."""
    t = table()
    found, aligned = _keywords(text, encoded)
    hits: dict[int, list[tuple[int, int]]] = {}
    present = {t.keywords[k] for k, _, _ in found}
    for k, start, end in found:
        for index in t.by_keyword[t.keywords[k]]:
            if tried is None or index in tried:
                hits.setdefault(index, []).append((start, end))
    for index in [i for i in hits if t.rules[i].context]:  # the keyword too, as gitleaks wants
        if present.isdisjoint(t.rules[index].keywords):
            del hits[index]
    always = t.always if tried is None else tried.intersection(t.always)
    for index in sorted(set(hits) | set(always)):
        rule = t.rules[index]
        for match in _matches(rule, text, hits.get(index) if aligned else None):
            start, end = _span(rule, match)
            secret = text[start:end]
            if not secret.strip() or (rule.entropy and entropy(secret) <= rule.entropy):
                continue
            line = _line(text, *match.span())
            if any(a.allows(secret, match.group(), line) for a in (t.allow, *rule.allow)):
                continue
            yield start, end, index
