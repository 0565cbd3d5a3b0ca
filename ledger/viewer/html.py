"""The viewer's pages as HTML: Jinja2 templates from `templates/site/` with autoescape on, so
every string from a transcript or a finding is text, never markup; Markdown bodies through
markdown-it with raw HTML off and unsafe link schemes (javascript:, data:...) refused.

The same templates serve `ledger serve` (absolute links) and `ledger site` (relative links to
`.html` files): `Links` is the only difference.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlencode

from ledger.store.git import Commit

if TYPE_CHECKING:
    from jinja2 import Environment
    from markdown_it import MarkdownIt
    from markupsafe import Markup

    from ledger.viewer.model import Snapshot

TEMPLATES = Path(__file__).resolve().parents[1] / "templates" / "site"
STATIC = TEMPLATES / "static"
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'"
)
"""Scripts and styles from the viewer's own files only: no inline script, nothing from outside."""
_SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,100}\Z")
_WIKILINK = re.compile(r"\[\[([^\]\[|#^\n]*)(?:[#^][^\]\[|\n]*)?(?:\|([^\]\[\n]*))?\]\]")
_CODE = re.compile(r"`([^`\n]+)`")
_MARKUP = re.compile(r"[\\*_\[\]<>!&#|~`]|^\d+[.)]|^[-+] |^ ")
"""What makes a list item more than plain text to Markdown (outside its code spans)."""
_BLOCKS = re.compile(r"\n\s*\n")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>!])")


def file_name(identifier: str) -> str:
    """A file name for an id: the id itself when it is plain, else a readable part and a hash."""
    if _SAFE_NAME.match(identifier):
        return identifier
    plain = re.sub(r"[^A-Za-z0-9._-]+", "-", identifier).strip("-.")[:40] or "id"
    return f"{plain}-{hashlib.blake2b(identifier.encode(), digest_size=6).hexdigest()}"


@dataclass(frozen=True, slots=True)
class Links:
    """Where each page is: `static` for `ledger site` (relative, from a page `depth` folders
    down), else the server's absolute paths."""

    static: bool = False
    depth: int = 0

    @property
    def base(self) -> str:
        return "../" * self.depth if self.static else "/"

    def home(self, group: str = "day", **query: str) -> str:
        if self.static:
            return self.base + ("index.html" if group == "day" else f"by-{group}.html")
        wanted = {k: v for k, v in {"group": group, **query}.items() if v and v != "day"}
        return "/" + (f"?{urlencode(wanted)}" if wanted else "")

    def session(self, session_id: str) -> str:
        if self.static:
            return f"{self.base}session/{file_name(session_id)}.html"
        return f"/session/{quote(session_id, safe='')}"

    def finding(self, finding_id: str) -> str:
        if self.static:
            return f"{self.base}finding/{file_name(finding_id)}.html"
        return f"/finding/{quote(finding_id, safe='')}"

    def page(self, name: str) -> str:
        """`search`, `charts`: a top-level page."""
        return f"{self.base}{name}.html" if self.static else f"/{name}"

    def asset(self, name: str) -> str:
        return f"{self.base}static/{name}"


@cache
def environment() -> Environment:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["role"] = _role
    env.filters["short"] = lambda value, n=8: str(value)[:n]
    env.filters["when"] = _when
    env.filters["commit_day"] = _commit_day
    env.filters["code"] = code_spans
    env.filters["number"] = lambda value: f"{value:,}"
    return env


def code_spans(text: str) -> Markup:
    """A title as text, its `code` spans shown as code."""
    from markupsafe import Markup, escape

    return Markup(_CODE.sub(r"<code>\1</code>", str(escape(text))))


def _role(line: str) -> str:
    """The CSS class of a skeleton line: who speaks in it."""
    for prefix, role in (("USER:", "user"), ("ASSISTANT:", "assistant"), ("TOOL ", "tool")):
        if line.startswith(prefix):
            return role
    return "more"


def _when(value: str) -> str:
    """An ISO time as `2026-11-21 14:02`."""
    return value[:16].replace("T", " ") if len(value) >= 16 else value


def _commit_day(commit: Commit) -> str:
    from datetime import datetime, timezone

    return datetime.fromtimestamp(commit.time, timezone.utc).strftime("%Y-%m-%d %H:%M")


@cache
def _markdown() -> MarkdownIt:
    from markdown_it import MarkdownIt

    return MarkdownIt("js-default", {"html": False, "linkify": False})


def _plain_list(block: str) -> str | None:
    """A block of `- item` lines with no Markdown but code spans, as HTML; None for any other
    block. Most of a long session's record is such lists: they skip the Markdown parser."""
    items = block.split("\n")
    if not all(item.startswith("- ") for item in items):
        return None
    if any(_MARKUP.search(_CODE.sub("", item[2:])) for item in items):
        return None
    return "<ul>\n" + "".join(f"<li>{code_spans(item[2:])}</li>\n" for item in items) + "</ul>\n"


def markdown(text: str, snapshot: Snapshot, links: Links) -> Markup:
    """Markdown as safe HTML; wikilinks to the ledger's files become links to their pages."""
    from markupsafe import Markup

    def link(found: re.Match[str]) -> str:
        target, label = found.group(1).strip(), (found.group(2) or "").strip()
        path = snapshot.graph.by_link.get(target.casefold())
        entry = snapshot.graph.entries.get(path) if path else None
        shown = _MD_SPECIAL.sub(r"\\\1", label or (entry.title if entry else target))
        if entry is None:
            return shown
        url = links.session(entry.id) if entry.type == "session" else links.finding(entry.id)
        return f"[{shown}](<{url}>)"

    source = _WIKILINK.sub(link, text)
    if "```" in source or "~~~" in source:  # a fence may hold blank lines: parse it whole
        return Markup(_markdown().render(source))
    parts: list[str] = []
    prose: list[str] = []  # blocks for the parser, parsed together
    for block in _BLOCKS.split(source):
        listed = _plain_list(block)
        if listed is None:
            prose.append(block)
            continue
        if prose:
            parts.append(_markdown().render("\n\n".join(prose)))
            prose = []
        parts.append(listed)
    if prose:
        parts.append(_markdown().render("\n\n".join(prose)))
    return Markup("".join(parts))


def render(template: str, links: Links, **values: Any) -> str:
    """One page as HTML."""
    return environment().get_template(template).render(links=links, csp=CSP, **values)
