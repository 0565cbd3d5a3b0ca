"""YAML frontmatter: the one ruamel.yaml setup, a deterministic dump, and a fast read path."""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.representer import RoundTripRepresenter
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from ledger.times import canonical_time

FENCE = "---"
_YAML11_AMBIGUOUS = re.compile(
    r"^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF"
    r"|null|Null|NULL|~|[-+]?[0-9][0-9_:.,eE+-]*|\.inf|\.nan)$"
)
"""Strings a YAML 1.1 reader (PyYAML, many Markdown tools) would take for a bool, null or number."""


def _represent_datetime(representer: RoundTripRepresenter, moment: datetime) -> Any:
    return representer.represent_scalar("tag:yaml.org,2002:timestamp", canonical_time(moment))


def _make_yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.width = 4096  # never fold a long title onto two lines
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.allow_unicode = True
    yaml.preserve_quotes = True
    yaml.representer.add_representer(datetime, _represent_datetime)
    return yaml


YAML_RT = _make_yaml()


def _scalar(value: Any) -> Any:
    """Quote strings other YAML readers would misread; recurse into lists and mappings."""
    if isinstance(value, str):
        return DoubleQuotedScalarString(value) if _YAML11_AMBIGUOUS.match(value) else value
    if isinstance(value, Mapping):
        return CommentedMap((k, _scalar(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return [_scalar(v) for v in value]
    return value


def dump(fields: Mapping[str, Any]) -> str:
    """Frontmatter block for `fields`, in their order: `---`, YAML, `---`, each line ending LF."""
    return dump_map(_scalar(fields))


def dump_map(data: CommentedMap) -> str:
    """Frontmatter block for an already round-tripped mapping (comments and order kept)."""
    stream = io.StringIO()
    YAML_RT.dump(data, stream)
    return f"{FENCE}\n{stream.getvalue()}{FENCE}\n"


def split(text: str) -> tuple[str, str] | None:
    """(YAML, body) of a Markdown file with frontmatter; None when it has none."""
    if not text.startswith(FENCE + "\n"):
        return None
    end = text.find(f"\n{FENCE}\n", len(FENCE))
    if end < 0:
        return None
    return text[len(FENCE) + 1 : end + 1], text[end + len(FENCE) + 2 :]


def load(text: str) -> CommentedMap | None:
    """The frontmatter of a file as a round-trip mapping, for editing in place; None if absent."""
    parts = split(text)
    if parts is None:
        return None
    data = YAML_RT.load(parts[0])
    return data if isinstance(data, CommentedMap) else None


def read_top_level(text: str) -> dict[str, str]:
    """Top-level `key: value` pairs as raw strings, without a YAML parser: the fast path."""
    parts = split(text)
    if parts is None:
        return {}
    fields: dict[str, str] = {}
    for line in parts[0].splitlines():
        if line[:1].isalpha() and ": " in line:
            key, value = line.split(": ", 1)
            fields[key] = value.strip().strip("'\"")
    return fields
