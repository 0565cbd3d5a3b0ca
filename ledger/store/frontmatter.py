"""YAML frontmatter: a fast deterministic dump, and the one ruamel.yaml setup for editing."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Mapping
from datetime import date, datetime
from functools import cache, lru_cache
from typing import Any

from ledger.times import canonical_time

FENCE = "---"
_YAML11_AMBIGUOUS = re.compile(
    r"^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF"
    r"|null|Null|NULL|~|[-+]?[0-9][0-9_:.,eE+-]*|\.inf|\.nan)$"
)
"""Strings a YAML 1.1 reader (PyYAML, many Markdown tools) would take for a bool, null or number."""
_PLAIN = re.compile(r"[A-Za-z_/(][^\x00-\x1f\x7f\x85\u2028\u2029\ufeff]*\Z")
"""Plain scalars ledger writes start with a letter, `_`, `/` or `(`: never an indicator or digit."""


def _represent_datetime(representer: Any, moment: datetime) -> Any:
    return representer.represent_scalar("tag:yaml.org,2002:timestamp", canonical_time(moment))


@cache
def yaml_safe() -> Any:
    """The one reading-only YAML setup (C, 4x faster than round-trip): for checking and for the
    frontmatter a person wrote in a shape ledger's fast reader does not know."""
    from ruamel.yaml import YAML

    return YAML(typ="safe")


@cache
def yaml_rt() -> Any:
    """The one round-trip YAML setup: for config and for editing files people may have edited.

    Imported on first use: ruamel costs start-up time that a no-change run should not pay.
    """
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.width = 4096  # never fold a long title onto two lines
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.allow_unicode = True
    yaml.preserve_quotes = True
    yaml.representer.add_representer(datetime, _represent_datetime)
    return yaml


def _plain(text: str) -> bool:
    """Whether a string can stand unquoted and be read back as the same string by any reader."""
    return (
        bool(_PLAIN.match(text))
        and ": " not in text
        and " #" not in text
        and not text.endswith((":", " "))
        and not _YAML11_AMBIGUOUS.match(text)
    )


def _quoted(text: str) -> str:
    escaped = json.dumps(text, ensure_ascii=False)
    return (
        escaped.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029").replace("\x85", "\\x85")
    )


def _string(text: str) -> str:
    return text if _plain(text) else _quoted(text)


@lru_cache(maxsize=256)
def _key(key: str) -> str:
    """A key as written: the same few names in every file, so each is checked once."""
    return _string(key)


def _scalar(value: Any) -> str:
    if isinstance(value, str):  # most values: asked first
        return _string(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, datetime):
        return canonical_time(value)
    if isinstance(value, date):
        return value.isoformat()
    return _string(str(value))


def _lines(key: str, value: Any) -> list[str]:
    name = _key(key)
    if isinstance(value, Mapping):
        if not value:
            return [f"{name}: {{}}"]
        return [f"{name}:", *(f"  {line}" for k, v in value.items() for line in _lines(str(k), v))]
    if isinstance(value, (list, tuple)):
        if not value:
            return [f"{name}: []"]
        return [f"{name}:", *(f"  - {_scalar(item)}" for item in value)]
    scalar = _scalar(value)
    return [f"{name}: {scalar}" if scalar else f"{name}:"]


def dump(fields: Mapping[str, Any]) -> str:
    """Frontmatter block for `fields`, in their order: `---`, YAML, `---`, each line ending LF.

    A small emitter for the shapes ledger writes (scalars, lists of scalars, flat mappings):
    deterministic, readable by any YAML reader, and ~100x faster than ruamel's (PERF.md).
    """
    body = "".join(f"{line}\n" for key, value in fields.items() for line in _lines(key, value))
    return f"{FENCE}\n{body}{FENCE}\n"


def dump_map(data: Any) -> str:
    """Frontmatter block for a round-tripped mapping (a person's comments and order kept)."""
    stream = io.StringIO()
    yaml_rt().dump(data, stream)
    return f"{FENCE}\n{stream.getvalue()}{FENCE}\n"


def split(text: str) -> tuple[str, str] | None:
    """(YAML, body) of a Markdown file with frontmatter; None when it has none."""
    if not text.startswith(FENCE + "\n"):
        return None
    end = text.find(f"\n{FENCE}\n", len(FENCE))
    if end < 0:
        return None
    return text[len(FENCE) + 1 : end + 1], text[end + len(FENCE) + 2 :]


def load(text: str) -> Any:
    """The frontmatter of a file as a round-trip mapping, for editing in place; None if absent
    or not YAML (a person's typo: the file is theirs then, and left as it is)."""
    parts = split(text)
    if parts is None:
        return None
    try:
        data = yaml_rt().load(parts[0])
    except Exception:  # ruamel raises many types (parser, scanner, duplicate keys…): one answer
        return None
    return data if isinstance(data, Mapping) else None
