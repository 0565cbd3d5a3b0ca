"""Frontmatter read fast: ledger's own shapes by hand, YAML only for what a person wrote.

`frontmatter.dump` writes `key: scalar`, `key: []`, `key: {}`, `key:` (null), and a key followed
by `  - item` lines (a list) or `  name: value` lines (a flat mapping); quoted scalars are JSON
strings. Reading that by hand is 15x faster than a C YAML parser (PERF.md). Anything else (flow
lists, comments, block scalars, anchors) goes to ruamel's safe loader, imported only then.
Values come back as text: str, list of str, dict of str, or None, whatever the path taken.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from datetime import date, datetime
from functools import lru_cache
from typing import Any, Union

from ledger.times import canonical_time

Value = Union[str, list[str], dict[str, str], None]  # noqa: UP007 - a runtime alias on 3.10
Fields = dict[str, Value]
_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?\Z")
_SUB = re.compile(r"  ([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?\Z")
_ODD_LINE = re.compile(r"\n(?:[^\S ]|\S[^:\n]*\n)")
"""After a line break, a line that is neither `key:...` nor indented by a space: an empty one,
one indented otherwise, one without a colon. Searched for rather than matching every line: the
search skips from line break to line break."""
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")


_INDICATORS = frozenset("[]{}&*!|>'%@`#,?")
"""The characters that give a plain scalar starting with one another meaning in YAML."""


def _plain(text: str) -> bool:
    """Whether YAML reads `text` (stripped, not empty, unquoted) as this very string: no
    indicator first, no list item, no comment, no `key: value`. Tested with str methods: a
    regex search, tried at every character, cost as much as the rest of `_quick`."""
    return not (
        text[:1] in _INDICATORS
        or text[:2] in ("-", "- ")
        or " #" in text
        or ": " in text
        or text.endswith(":")
    )


class FieldsError(ValueError):
    """Frontmatter that no YAML reader would accept, or that is not a mapping."""


def _scalar(raw: str) -> str | None:
    """A scalar as ledger writes it, or None when a full YAML reader is needed."""
    text = raw.strip()
    if not text:
        return ""
    if text[0] == '"':
        if text[-1] == '"' and "\\" not in text and '"' not in text[1:-1]:
            return text[1:-1]
        try:
            value = json.loads(text)
        except ValueError:
            return None
        return value if isinstance(value, str) else None
    return text if _plain(text) else None


def _nested(lines: str) -> Value | None:
    """The indented lines under a key, each after its line break: a list of `  - item` or a
    flat mapping; None otherwise."""
    items: list[str] = []
    mapping: dict[str, str] = {}
    for line in lines.split("\n")[1:]:
        if line.startswith("  - "):
            item = _scalar(line[4:])
            if item is None or mapping:
                return None
            items.append(item)
            continue
        sub = _SUB.match(line)
        value = _scalar(sub.group(2) or "") if sub else None
        if sub is None or value is None or items:
            return None
        mapping[sub.group(1)] = value
    return items or mapping


@lru_cache(maxsize=8)
def _names(wanted: frozenset[str]) -> bool:
    """Whether every wanted key is a plain name (what `_quick` looks for)."""
    return all(_NAME.match(key) for key in wanted)


@lru_cache(maxsize=8)
def _items_of(wanted: frozenset[str]) -> re.Pattern[str]:
    """The lines of the `wanted` keys and the indented lines after each, each line after its
    line break (which the search skips to)."""
    keys = "|".join(sorted(map(re.escape, wanted)))
    return re.compile(rf"\n({keys}):([^\n]*)((?:\n [^\n]*)*)")


def _quick(yaml: str, wanted: frozenset[str]) -> Fields | None:
    """`_fast` for the usual case, each key's lines taken by one regex; None when the text is
    not wholly such items (blank lines, odd indents): `_fast` decides those."""
    text = "\n" + yaml  # each line after a line break, the first one too
    if yaml[:1] == " " or text[-1] != "\n" or _ODD_LINE.search(text):
        return None
    fields: Fields = {}
    for key, rest, nested in _items_of(wanted).findall(text):
        raw = rest.strip()
        if key in fields or (rest and rest[0] != " ") or (nested and raw):
            return None
        value: Value | None
        if nested:
            value = _nested(nested)
        elif not raw:
            value = None
        elif raw[0] == '"' or raw[0] == "[" or raw[0] == "{":
            value = [] if raw == "[]" else {} if raw == "{}" else _scalar(raw)
            if value is None:
                return None
        elif _plain(raw):
            value = raw
        else:
            return None
        if value is None and nested:
            return None
        fields[key] = value
    return fields


def _fast(yaml: str, wanted: frozenset[str] | None) -> Fields | None:
    """The fields of frontmatter in ledger's own shapes; None for anything else.

    Keys outside `wanted` (all when None) are passed over, their nested lines unread.
    """
    fields: Fields = {}
    block: str | None = None
    """The key whose nested lines follow; "" while passing over a key not wanted."""
    for line in yaml.split("\n"):
        if not line:
            continue
        if line[0] == " ":
            if block is None:
                return None
            if not block:
                continue
            current = fields[block]
            if line.startswith("  - "):
                item = _scalar(line[4:])
                if item is None or isinstance(current, (dict, str)):
                    return None
                if current is None:
                    current = fields[block] = []
                current.append(item)
                continue
            sub = _SUB.match(line)
            value = _scalar(sub.group(2) or "") if sub else None
            if sub is None or value is None or isinstance(current, (list, str)):
                return None
            if current is None:
                current = fields[block] = {}
            current[sub.group(1)] = value
            continue
        key, colon, rest = line.partition(":")
        if wanted is not None and key not in wanted and colon:
            block = ""
            continue
        match = _KEY.match(line)
        if match is None or key in fields:
            return None
        raw = rest.strip()
        block = None
        if raw == "[]":
            fields[key] = []
        elif raw == "{}":
            fields[key] = {}
        elif not raw:
            fields[key], block = None, key
        else:
            value = _scalar(raw)
            if value is None:
                return None
            fields[key] = value
    return fields


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        return canonical_time(value)
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def _normal(value: Any) -> Value:
    """What a YAML reader returned, as the text the fast path would give."""
    if value is None:
        return None
    if isinstance(value, Mapping):
        return {str(k): _text(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_text(item) for item in value]
    return _text(value)


def _slow(yaml: str, wanted: frozenset[str] | None) -> Fields:
    from ruamel.yaml import YAML

    try:
        data = YAML(typ="safe").load(yaml)
    except Exception as error:  # ruamel raises many types; all mean "not YAML"
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise FieldsError(f"frontmatter is not valid YAML: {first}") from error
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise FieldsError("frontmatter is not a mapping of fields")
    return {
        str(key): _normal(value)
        for key, value in data.items()
        if wanted is None or str(key) in wanted
    }


def parse_fields(yaml: str, wanted: frozenset[str] | None = None) -> Fields:
    """The fields of a frontmatter block (without its fences), every value as text; only the
    keys in `wanted` when it is given."""
    fast = _quick(yaml, wanted) if wanted is not None and _names(wanted) else None
    if fast is None:
        fast = _fast(yaml, wanted)
    return fast if fast is not None else _slow(yaml, wanted)
