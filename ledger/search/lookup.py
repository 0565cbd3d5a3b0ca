"""Findings and sessions by id, for agents (`ledger mcp`): answered from the index's saved facts
(`summaries.Docs`, one line of facts per file, memory-mapped) and the few files asked about,
never by building the link graph, so a lookup costs milliseconds at 100,000 findings.

A session's findings are the findings in its folder; a finding's supersedes chain is
followed file by file through each file's own links, and for newer findings also through the
index's view of who replaced whom (a link recorded on one side only).
"""

from __future__ import annotations

import os
import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from ledger.errors import LedgerError
from ledger.index.summaries import SEPARATOR, Docs, Meta
from ledger.models import KINDS
from ledger.search.ranked import current_docs
from ledger.store import frontmatter

MIN_PREFIX = 4
CHAIN_LIMIT = 100
"""How far a supersedes chain is followed: more than people ever make."""
_FINDING_FILE = re.compile(rf"({'|'.join(KINDS)})-.*\.md\Z")


@dataclass(frozen=True, slots=True)
class Found:
    """A file the facts name: its facts, and its frontmatter and body as on disk now."""

    meta: Meta
    fields: dict[str, Any]
    body: str


@dataclass(frozen=True, slots=True)
class SessionFound:
    session: Found
    findings: tuple[Found, ...]


@dataclass(frozen=True, slots=True)
class FindingFound:
    finding: Found
    replaced: tuple[Meta, ...]
    """What it supersedes, and what those superseded, nearest first."""
    replaced_by: tuple[Meta, ...]


class Facts:
    """The saved facts of every indexed file, searched by id and path."""

    def __init__(self, root: Path, state: Path) -> None:
        self.root = root
        self.docs: Docs = current_docs(root, state)[0]

    def _numbers(self, pattern: bytes) -> Iterator[tuple[int, re.Match[bytes]]]:
        for match in re.finditer(pattern, self.docs.blob):
            yield bisect_right(self.docs.facts, match.start()) - 1, match

    def by_id(self, wanted: str, type_: str) -> Meta | None:
        """The file of `type_` (finding, session) whose id is `wanted` or starts with it."""
        key = wanted.strip()
        if not key or "\t" in key or "\n" in key:
            return None
        kinds = rb"[a-z]+" if type_ == "finding" else rb"session"
        pattern = rb"\t" + type_.encode() + rb"\t" + kinds + rb"\t(" + re.escape(key.encode())
        found = {m.group(1): n for n, m in self._numbers(pattern + rb"[^\t]*)\t")}
        if key.encode() in found:
            return self.docs.meta(found[key.encode()])
        if len(key) < MIN_PREFIX or not found:
            return None
        if len(found) > 1:
            raise LedgerError(f"{len(found)} {type_}s start with {key!r}", "give more of the id")
        return self.docs.meta(next(iter(found.values())))

    def by_path(self, path: str) -> Meta | None:
        found = self.under(path + "\t")
        return found[0] if found else None

    def under(self, prefix: str) -> list[Meta]:
        """The files whose facts line starts with `prefix` (a path, or a folder and `/`)."""
        return [
            self.docs.meta(n)
            for n, match in self._numbers(re.escape(prefix.encode()))
            if match.start() == self.docs.facts[n]
        ]

    def read(self, meta: Meta) -> Found:
        text = (self.root / meta.path).read_text(encoding="utf-8", errors="replace")
        fields, body = frontmatter_of(text)
        return Found(meta, fields, body)


def frontmatter_of(text: str) -> tuple[dict[str, Any], str]:
    """A file's frontmatter (as JSON values: dates as ISO text) and its body; {} when a person
    left it unreadable."""
    parts = frontmatter.split(text)
    if parts is None:
        return {}, text
    try:
        data = frontmatter.yaml_safe().load(parts[0])
    except Exception:  # ruamel raises many types: the facts are left out, the body is kept
        return {}, parts[1]
    return (_plain(data) if isinstance(data, dict) else {}), parts[1]


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value.isoformat() if isinstance(value, date) else value


def find_named(root: Path, state: Path, target: str) -> Meta | None:
    """The finding or session `target` names: its whole id, or a prefix of at least MIN_PREFIX
    characters of a finding id, a session id or a session's short id (the end of its folder's
    name); None when nothing does, an error naming the candidates when several do."""
    facts = Facts(root, state)
    key = target.strip().casefold()
    if not re.fullmatch(r"[0-9a-z][0-9a-z_.:-]*", key):
        return None
    text = re.escape(key.encode())
    ids = {m.group(1): n for n, m in facts._numbers(_ANY_ID + text + rb"[^\t]*)\t")}
    if key.encode() in ids:
        return facts.docs.meta(ids[key.encode()])
    if len(key) < MIN_PREFIX:
        return None
    folders = (facts.docs.meta(n) for n, _ in facts._numbers(rb"-" + text + rb"[^/\t]*/_session"))
    tails = [m for m in folders if m.type == "session" and _short(m).startswith(key)]
    chosen = {m.path: m for m in (*(facts.docs.meta(n) for n in ids.values()), *tails)}
    if len(chosen) > 1:
        listed = "; ".join(_candidate(m) for m in sorted(chosen.values())[:6])
        more = f"; and {len(chosen) - 6} more" if len(chosen) > 6 else ""
        raise LedgerError(f"ambiguous: {target!r} names {listed}{more}", "give more of the id")
    return next(iter(chosen.values()), None)


_ANY_ID = rb"\t(?:finding\t[a-z]+|session\tsession)\t("


def _short(meta: Meta) -> str:
    """A session's short id: the end of its folder's name."""
    return meta.path.rsplit("/", 2)[-2].rsplit("-", 1)[-1]


def _candidate(meta: Meta) -> str:
    what = "session" if meta.type == "session" else meta.kind
    return f"{what} {meta.id} ({meta.date or 'undated'}) {meta.title}"


def find_session(root: Path, state: Path, session_id: str) -> SessionFound:
    """The session of that id (or unique prefix) and the findings in its folder."""
    facts = Facts(root, state)
    meta = facts.by_id(session_id, "session")
    if meta is None:
        raise LedgerError(f"no session {session_id!r}", "find its id with list_sessions or search")
    folder = meta.path.rsplit("/", 1)[0]
    findings = sorted(m for m in facts.under(f"{folder}/") if m.type == "finding")
    return SessionFound(facts.read(meta), tuple(facts.read(m) for m in findings))


def find_finding(root: Path, state: Path, finding_id: str) -> FindingFound:
    """The finding of that id (or unique prefix), and its supersedes chain both ways."""
    facts = Facts(root, state)
    meta = facts.by_id(finding_id, "finding")
    if meta is None:
        raise LedgerError(f"no finding {finding_id!r}", "find its id with search")
    found = facts.read(meta)
    older = _chain(facts, found, "supersedes")
    newer = _chain(facts, found, "superseded_by")
    return FindingFound(found, older, newer)


def _chain(facts: Facts, start: Found, key: str) -> tuple[Meta, ...]:
    """Follow `key` (supersedes, superseded_by) from `start`, breadth first, each file once;
    newer findings are also found from the facts' `replaced_by` (a link on one side only)."""
    seen = {start.meta.id}
    chain: list[Meta] = []
    todo = [start]
    while todo and len(chain) < CHAIN_LIMIT:
        current = todo.pop(0)
        linked = [str(i) for i in current.fields.get(key) or [] if isinstance(i, (str, int))]
        metas = [m for i in linked if (m := facts.by_id(i, "finding")) is not None]
        if key == "superseded_by":
            paths = [p for p in current.meta.replaced_by.split(SEPARATOR) if p]
            metas += [m for p in paths if (m := facts.by_path(p)) is not None]
        for meta in metas:
            if meta.id not in seen:
                seen.add(meta.id)
                chain.append(meta)
                todo.append(facts.read(meta))
    return tuple(chain)


def recent_sessions(
    root: Path, state: Path, project: str | None, since: date | None, limit: int
) -> list[tuple[Meta, dict[str, int]]]:
    """The newest sessions (of `project`, from `since` on), each with its findings by kind:
    the finding files in its folder, counted by the kind their names start with."""
    from ledger.search.grep import _in_project

    docs = Facts(root, state).docs
    if "session" not in docs.kind_names:
        return []
    code = docs.kind_names.index("session")
    first = int(since.strftime("%Y%m%d")) if since else 0
    numbers = [n for n, k in enumerate(docs.kinds) if k == code and docs.days[n] >= first]
    metas = [docs.meta(n) for n in numbers]
    chosen = [m for m in metas if not project or _in_project(m.project, project)]
    chosen.sort(key=lambda m: (m.started or m.date, m.path), reverse=True)
    return [(m, _kinds_in(root / m.path.rsplit("/", 1)[0])) for m in chosen[:limit]]


def _kinds_in(folder: Path) -> dict[str, int]:
    counts: dict[str, int] = dict.fromkeys(KINDS, 0)
    try:
        with os.scandir(folder) as listing:
            for entry in listing:
                if match := _FINDING_FILE.match(entry.name):
                    counts[match.group(1)] += 1
    except OSError:
        pass
    return {kind: n for kind, n in counts.items() if n}
