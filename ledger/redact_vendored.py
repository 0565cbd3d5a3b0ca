"""The rules of gitleaks, a maintained secret scanner, run the way gitleaks runs them.

The rule data is gitleaks' own default configuration, vendored unchanged with its MIT licence in
`ledger/rules/`. A rule's regex runs only over a text that holds one of its keywords (found for
all rules in one pass); the secret is the rule's `secretGroup`, else its first non-empty group,
else the whole match; it is kept when its Shannon entropy is above the rule's threshold and no
allowlist (gitleaks' global one, the rule's own) lets it through. Rules that only look at file
paths, and `generic-api-key`, are left out: a transcript has no file path to look at, and ledger's
own assignment and prose rules (`redact_rules`) do the generic work with code-aware checks.
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

from ahocorasick_rs import AhoCorasick, MatchKind

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

LEFT_OUT = frozenset({"generic-api-key"})
"""Rules not run (see the module's docstring)."""
_POSIX_CLASSES = {"[:alnum:]": "a-zA-Z0-9", "[:alpha:]": "a-zA-Z", "[:digit:]": "0-9"}
_CONTEXT = re.compile(r"^(?:\(\?i\))?\[\\w\.-\]\{0,50\}\?\(\?:([\w|-]+)\)")


@dataclass(frozen=True, slots=True)
class _Allow:
    """One allowlist: what it looks at (`secret`, `match` or `line`), its regexes, its words."""

    target: str
    regexes: tuple[re.Pattern[str], ...]
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
    regex: re.Pattern[str]
    keywords: tuple[str, ...]
    entropy: float
    group: int
    allow: tuple[_Allow, ...]
    context: tuple[str, ...]
    """For a rule of the form `[\\w.-]{0,50}?(?:lob)…`: the words the match starts at most 50
    characters before (its regex runs only there, which keeps `test_` from waking it up)."""


def _regex(pattern: str) -> re.Pattern[str]:
    """Go's RE2 syntax as Python's: `(?i)` anywhere makes the whole rule case-blind, `\\z` is
    `\\Z`, POSIX classes are spelt out."""
    flags = re.IGNORECASE if "(?i)" in pattern else 0
    pattern = pattern.replace("(?i)", "").replace(r"\z", r"\Z")
    for posix, spelt in _POSIX_CLASSES.items():
        pattern = pattern.replace(posix, spelt)
    return re.compile(pattern, flags)


def _allow(raw: dict[str, Any]) -> _Allow | None:
    """An allowlist; None for one that needs a file path (a transcript has none)."""
    if raw.get("paths"):
        return None
    regexes = tuple(_regex(r) for r in raw.get("regexes", ()))
    words = tuple(w.lower() for w in raw.get("stopwords", ()))
    return _Allow(raw.get("regexTarget", "secret"), regexes, words)


def _rule(raw: dict[str, Any]) -> VendoredRule | None:
    if raw["id"] in LEFT_OUT or "path" in raw or not raw.get("regex"):
        return None
    allows = [_allow(a) for a in raw.get("allowlists", ())]
    return VendoredRule(
        raw["id"],
        _regex(raw["regex"]),
        tuple(k.lower() for k in raw.get("keywords", ())),
        float(raw.get("entropy", 0.0)),
        int(raw.get("secretGroup", 0)),
        tuple(a for a in allows if a is not None),
        tuple(context.group(1).lower().split("|"))
        if (context := _CONTEXT.match(raw["regex"]))
        else (),
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
    finder = AhoCorasick(keywords, matchkind=MatchKind.Standard)
    return _Table(rules, allow, keywords, finder, by_keyword, always)


def rule_names() -> tuple[str, ...]:
    return tuple(r.id for r in table().rules)


def digest() -> str:
    """A digest of the vendored rule data: part of the redaction version."""
    return hashlib.sha256(_text()).hexdigest()[:8]


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
"""A rule's regex runs over this many characters around each of its keywords: gitleaks' rules
find the keyword within 50 characters of the match's start, and no secret they name is longer
than about 500 (the longest, a private key block, is ledger's own rule)."""


def _windows(hits: list[tuple[int, int]], size: int) -> list[tuple[int, int]]:
    """The keyword hits widened to windows and merged where they overlap."""
    merged: list[list[int]] = []
    for start, end in sorted(hits):
        low, high = max(0, start - BEFORE), min(size, end + AFTER)
        if merged and low <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], high)
        else:
            merged.append([low, high])
    return [(low, high) for low, high in merged]


def _matches(
    rule: VendoredRule, text: str, windows: list[tuple[int, int]]
) -> Iterator[re.Match[str]]:
    seen: set[tuple[int, int]] = set()
    for low, high in windows:
        for match in rule.regex.finditer(text, low, high):
            if match.span() not in seen:
                seen.add(match.span())
                yield match


def vendored_secrets(text: str) -> Iterator[tuple[int, int, int]]:
    """Every secret a vendored rule finds, as (start, end, index of the rule in `rule_names`)."""
    t = table()
    lower = text.lower()
    aligned = len(lower) == len(text)  # a few characters change length when lowered
    hits: dict[int, list[tuple[int, int]]] = {}
    found = t.finder.find_matches_as_indexes(lower, overlapping=True)
    present = {t.keywords[k] for k, _, _ in found}
    for k, start, end in found:
        for index in t.by_keyword[t.keywords[k]]:
            hits.setdefault(index, []).append((start, end) if aligned else (0, len(text)))
    for index in [i for i in hits if t.rules[i].context]:  # the keyword too, as gitleaks wants
        if present.isdisjoint(t.rules[index].keywords):
            del hits[index]
    everywhere = [(0, len(text))]
    for index in sorted(set(hits) | set(t.always)):
        rule = t.rules[index]
        windows = _windows(hits[index], len(text)) if index in hits else everywhere
        for match in _matches(rule, text, windows):
            start, end = _span(rule, match)
            secret = text[start:end]
            if not secret.strip() or (rule.entropy and entropy(secret) <= rule.entropy):
                continue
            line = _line(text, *match.span())
            if any(a.allows(secret, match.group(), line) for a in (t.allow, *rule.allow)):
                continue
            yield start, end, index
