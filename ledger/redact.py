"""Replace secrets with `[REDACTED:<rule>]` before anything is written or sent (SPEC §2.4).

The rules are data: one table, compiled once at import, each rule named for what it catches.
Speed comes from never running a costly regex over the whole text: a rule's pattern either
starts with a literal, which `re` skips ahead to at C speed, or the rule lists anchors (small
literal-first regexes, shared between rules) and its pattern is tried only where one matches.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from ledger.models import Session, Step, Text

MARKER = "[REDACTED:{}]"

Check = Literal["shape", "value", "assignment"]
"""How a match is confirmed once the pattern has found it.

- `shape`: the pattern alone decides (a prefix and a length no prose has); only masked strings
  (`xxxxxx`, `***`) are let through.
- `value`: free text in a credential slot (the password of a URL): placeholders, templates and
  look-ups (`<password>`, `${DB_PASS}`, `your-password`, `NAME:latest`) are let through too.
- `assignment`: as `value`, and code is let through as well: calls, subscripts, attributes,
  type names and variables (`token=get_token()`, `password: str`, `token = access_token`).
"""


@dataclass(frozen=True, slots=True)
class Rule:
    """A kind of secret: its name (shown in the marker), its pattern and how a match is confirmed.

    When the pattern has a group named `secret`, only that group is replaced, so the key of an
    assignment and the user and host of a URL stay readable. Without `anchors` the pattern is
    searched everywhere and must start with a literal; with them, it is tried only where an
    anchor matches, starting there (it may look behind).
    """

    name: str
    pattern: str
    anchors: tuple[str, ...] = ()
    check: Check = "shape"


@dataclass(frozen=True, slots=True)
class SecretMatch:
    """Where a secret is: the rule that names it and its span in the text."""

    rule: str
    start: int
    end: int


_SEP = r"(?P<sep>[ \t]*(?::=|=>|=(?!=)|:)[ \t]*)"
"""Between a key and its value: `=`, `:`, `:=`, `=>` with spaces or tabs; never `==` (a test)."""

_VALUE = (
    r"(?P<quote>[bBrRuU]?\\?[\"'`])?"
    r"(?P<secret>(?(quote)[^\s\"'`\\…]|[^\s\"'`\\,;&|<>()\[\]{}]){4,})"
    r"(?(quote)(?:\\?[\"'`]|(?=[\r\n…]|\Z)))"
)
"""A value of 4 characters or more: quoted (no spaces; `b'...'` and JSON-escaped quotes too;
closed, unless cut at the end of a line) or bare up to punctuation."""

_KEY_END = r"\\?[\"']?"
"""The closing quote of a quoted key: `"password": ...`, or `\\"password\\"` inside JSON."""

_KEYLIKE = r"\\?[\"']?(?P<secret>(?=[A-Za-z_./+=~-]*[0-9])[A-Za-z0-9_./+=~-]{16,})"
"""A generated key: 16 characters or more, with a digit (names and paths rarely are)."""

_NAMED_KEYS = ("PUBLIC", "PUBLISHABLE", "PRIMARY", "FOREIGN", "SORT", "CACHE", "PARTITION")
"""`<WORD>_KEY` names that are not secrets."""


def _assigned(key: str, value: str = _VALUE) -> str:
    return rf"(?:{key}){_KEY_END}{_SEP}{value}"


def _key(literal: str, suffix: int = 0) -> str:
    """An anchor for assignments: a key's literal, then up to `suffix` letters and a separator."""
    return rf"{literal}(?=[A-Za-z_-]{{0,{suffix}}}\\?[\"']?[ \t]*[:=])"


RULES: tuple[Rule, ...] = (
    Rule(
        "private-key",
        r"-----BEGIN[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----"
        r"(?:[\s\S]{0,20000}?-----END[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----"
        r"|(?:(?:\r?\n|\\r?\\n)+(?:[A-Za-z-]+: [^\r\n\\]*|[A-Za-z0-9+/=]{16,}))+)",
    ),
    Rule("jwt", r"eyJ(?<![A-Za-z0-9_-]eyJ)[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
    Rule("aws-access-key-id", r"A[KS]IA(?<![A-Za-z0-9+]A[KS]IA)[A-Z0-9]{16}(?![A-Za-z0-9+])"),
    Rule(
        "aws-secret-access-key",
        _assigned(
            r"(?<=[Ss])ecret_?[Aa]ccess_?[Kk]ey|(?<=S)ECRET_ACCESS_KEY",
            r"\\?[\"']?(?P<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
        ),
        anchors=(_key("ecret", 14), _key("ECRET", 14)),
    ),
    Rule("github-token", r"gh(?<![A-Za-z0-9_]gh)[pousr]_[A-Za-z0-9]{36,255}(?![A-Za-z0-9])"),
    Rule("github-token", r"github_pat_(?<![A-Za-z0-9]github_pat_)[A-Za-z0-9_]{22,255}"),
    Rule("gitlab-token", r"glpat-(?<![A-Za-z0-9]glpat-)[A-Za-z0-9_.-]{20,}"),
    Rule("slack-token", r"xox[abprs]-(?<![A-Za-z0-9]xox.-)[0-9]{6,}-[A-Za-z0-9-]{8,}"),
    Rule(
        "slack-webhook",
        r"hooks\.slack\.com/(?:services|workflows|triggers)/"
        r"(?P<secret>T[A-Z0-9]{6,}/[AB][A-Z0-9]{6,}/[A-Za-z0-9/]{16,})",
    ),
    Rule("stripe-key", r"sk_(?<![A-Za-z0-9]sk_)(?:live|test)_[A-Za-z0-9]{16,}"),
    Rule("stripe-key", r"rk_(?<![A-Za-z0-9]rk_)(?:live|test)_[A-Za-z0-9]{16,}"),
    Rule("google-api-key", r"AIza(?<![A-Za-z0-9_-]AIza)[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])"),
    Rule("anthropic-api-key", r"(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,}", anchors=("sk-",)),
    Rule(
        "openai-api-key",
        r"(?<![A-Za-z0-9_-])sk-(?!ant-)(?:proj-|svcacct-|admin-)?"
        r"(?=[A-Za-z_-]*[0-9])[A-Za-z0-9_-]{20,}",
        anchors=("sk-",),
    ),
    Rule("huggingface-token", r"hf_(?<![A-Za-z0-9_]hf_)(?=[A-Za-z]*[0-9])[A-Za-z0-9]{30,}"),
    Rule(
        "bearer-token",
        r"(?<=[Bb])earer[ \t]+(?P<secret>(?=[A-Za-z._~+/-]*[0-9])[A-Za-z0-9._~+/-]{20,}=*)",
        anchors=("earer",),
        check="value",
    ),
    Rule(
        "url-password",
        r"://[^\s:/@?#\[\]\"'\\]*:(?P<secret>[^\s@/?#\[\]\"'\\]+)@",
        check="value",
    ),
    Rule(
        "env-key",
        _assigned("".join(f"(?<!{word}_)" for word in _NAMED_KEYS) + "(?<=[A-Z0-9]_)KEY", _KEYLIKE),
        anchors=(_key("KEY"),),
        check="value",
    ),
    Rule(
        "env-secret",
        _assigned(r"(?<=[A-Z0-9]_S)ECRET|(?<=[A-Z0-9]_T)OKEN|(?<=[A-Z0-9]_)PASS(?:WORD|WD)?"),
        anchors=(_key("ECRET", 14), _key("OKEN"), _key("PASS", 4)),
        check="assignment",
    ),
    Rule(
        "secret-assignment",
        _assigned(
            r"(?<=[Pp])assw(?:or)?d|(?<![A-Z0-9])PASSW(?:OR)?D"
            r"|(?<=[Ss])ecret(?:[_-]?[Kk]ey)?|(?<![A-Z0-9]S)(?<=S)ECRET(?:_KEY)?"
            r"|(?<=[Tt])oken|(?<![A-Z0-9]T)(?<=T)OKEN"
            r"|(?:(?<=[Aa][Pp][Ii])|(?<=[Aa][Pp][Ii][_-]))(?:[Kk]ey|KEY)"
        ),
        anchors=(
            *(_key("assw", 3), _key("PASS", 4), _key("ecret", 14), _key("ECRET", 14)),
            *(_key("oken"), _key("OKEN"), _key("key"), _key("Key"), _key("KEY")),
        ),
        check="assignment",
    ),
)

_MASKED = re.compile(r"[xX]{6}|[*•]{3}")
_PLACEHOLDER = re.compile(
    # words that name a secret or a type rather than being one
    r"^(?:none|null|nil|true|false|undefined|str|string|bytes|int|bool|boolean|any|object"
    r"|optional|required|secretstr|text|char|varchar|number|self|this|key|env|empty|unset"
    r"|unknown|missing|invalid|hidden|masked|pass|passwd|password|pwd|secret|secrets|token"
    r"|apikey|api_key|test|todo|tbd|read|write|latest|value|default|inherit)$"
    # masks, numbers, colours, secret-manager references
    r"|^[*x.•…_-]+$|^[0-9]{1,6}$|^(?:0x|#)[0-9a-f]+$|^[A-Za-z0-9_.-]+:(?:latest|[0-9]+)$"
    # templates, variables, look-ups and made-up values
    r"|^[%{<\[(]|\$(?:[{(A-Za-z_]|$)|\{\{|environ|getenv|process\.env|import\.meta|secrets\."
    r"|your|example|placeholder|change[_-]?me|dummy|redacted|x{4}",
    re.IGNORECASE,
)
"""Values that stand for a secret without being one: templates, look-ups, masks, type names,
numbers and colours, secret-manager references (`TWITTER_API_KEY:latest`), GitHub permissions
(`id-token: write`)."""

_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z]+(?:_[a-z]+)+")
"""A snake_case name: a secret manager's entry (`TWITTER_API_KEY=TWITTER_API_KEY`), a constant
(`GRANT_TYPE = "refresh_token"`)."""

_REFERENCE = re.compile(r"[A-Za-z_]+(?:\.[A-Za-z_]+)+")
"""A dotted name: an attribute in code (`self.token`, `settings.SECRET_KEY`)."""

_WORD = re.compile(r"[A-Za-z_]+")


def _is_code(match: re.Match[str], value: str) -> bool:
    """Whether a bare (unquoted) assigned value is code or prose rather than a literal secret."""
    following = match.string[match.end() : match.end() + 1]
    if following in ("(", "[", "{") or _REFERENCE.fullmatch(value):
        return True
    # A word is prose after `key: `, a variable after `key = `, a name or type when it has capitals
    # or underscores, and a literal only in `key=word` (shell, URL query, .env).
    literal = match.group("sep") == "=" and value.isalpha() and value.islower()
    return bool(_WORD.fullmatch(value)) and not literal


def _confirmed(check: Check, match: re.Match[str], value: str) -> bool:
    if _MASKED.search(value):
        return False
    if check == "shape":
        return True
    if _PLACEHOLDER.search(value) or _NAME.fullmatch(value):
        return False
    return check == "value" or bool(match.group("quote")) or not _is_code(match, value)


@dataclass(frozen=True, slots=True)
class _Compiled:
    priority: int
    regex: re.Pattern[str]
    check: Check
    group: str | int
    anchors: tuple[str, ...]


def _compile(priority: int, rule: Rule) -> _Compiled:
    regex = re.compile(rule.pattern, re.ASCII)
    group: str | int = "secret" if "secret" in regex.groupindex else 0
    return _Compiled(priority, regex, rule.check, group, rule.anchors)


_Anchored = tuple[tuple[re.Pattern[str], tuple[_Compiled, ...]], ...]


def _by_anchor(compiled: tuple[_Compiled, ...]) -> _Anchored:
    """Each distinct anchor once, with the rules to try where it matches."""
    rules: dict[str, tuple[_Compiled, ...]] = {}
    for each in compiled:
        for anchor in each.anchors:
            rules[anchor] = (*rules.get(anchor, ()), each)
    return tuple((re.compile(anchor, re.ASCII), tried) for anchor, tried in rules.items())


_COMPILED = tuple(_compile(priority, rule) for priority, rule in enumerate(RULES))
_SEARCHED = tuple(each for each in _COMPILED if not each.anchors)
_ANCHORED = _by_anchor(_COMPILED)


def _accepted(compiled: _Compiled, match: re.Match[str]) -> tuple[int, int, int] | None:
    if not _confirmed(compiled.check, match, match.group(compiled.group)):
        return None
    start, end = match.span(compiled.group)
    return start, end, compiled.priority


def _candidates(text: str) -> Iterator[tuple[int, int, int]]:
    """Every confirmed match of every rule, as (start, end, priority); they may overlap."""
    for compiled in _SEARCHED:
        for match in compiled.regex.finditer(text):
            if found := _accepted(compiled, match):
                yield found
    for anchor, rules in _ANCHORED:
        for hit in anchor.finditer(text):
            at = hit.start()
            for compiled in rules:
                tried = compiled.regex.match(text, at)
                if tried and (found := _accepted(compiled, tried)):
                    yield found


def find_secrets(text: str) -> list[SecretMatch]:
    """The secrets in `text`, in order; overlapping matches merge under the earlier rule."""
    merged: list[list[int]] = []
    for start, end, priority in sorted(_candidates(text)):
        if merged and start < merged[-1][1]:
            last = merged[-1]
            last[1], last[2] = max(last[1], end), min(last[2], priority)
        else:
            merged.append([start, end, priority])
    return [SecretMatch(RULES[priority].name, start, end) for start, end, priority in merged]


SHORTEST_SECRET = 8
"""No rule matches fewer characters than this (AWS key ids are 20, passwords 4 after `=`)."""


def redact(text: str) -> str:
    """`text` with every secret replaced by `[REDACTED:<rule>]`."""
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
    table = "\n".join(f"{r.name}\t{r.pattern}\t{r.check}" for r in RULES)
    return "redact/" + hashlib.sha256(table.encode()).hexdigest()[:8]


def _clean_step(step: Step) -> Step:
    if isinstance(step, Text):
        return Text(redact(step.text))
    return replace(step, detail=redact(step.detail), result=redact(step.result))


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
        source=Path(redact(str(session.source))),
        preamble=tuple(map(_clean_step, session.preamble)),
        turns=turns,
        files_touched=tuple(map(redact, session.files_touched)),
        files_read=tuple(map(redact, session.files_read)),
        commands=tuple(map(redact, session.commands)),
    )
