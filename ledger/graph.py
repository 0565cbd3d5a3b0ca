"""The link graph of a ledger: finding → session, session → files, finding → references,
supersedes chains. Built from the index's entries alone, without opening a file."""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property

from ledger.entries import Entry
from ledger.store.paths import slug

FILE_PAGES = "index/files"
FILE_SLUG_CHARS = 80
_FINDING_ID = re.compile(r"[0-9a-f]{12}\Z")
_LINK = re.compile(r"\[\[([^\]|#^]*)")


@dataclass(frozen=True, slots=True)
class FileNode:
    """A file sessions changed or findings cite, and its derived page."""

    key: str
    """`<project folder name>/<path in the project>`, or the path as written when outside one."""
    page: str
    """The page's wikilink target: `index/files/<slug>`."""
    sessions: tuple[str, ...]
    """Paths of the `_session.md` of the sessions that changed it, newest first."""
    findings: tuple[str, ...]
    """Paths of the findings that cite it, newest first."""


def file_key(path: str, project: str) -> str:
    """How a file is named across the ledger: relative to its project, under the project's name."""
    text = path.replace("\\", "/")
    base = project.replace("\\", "/").rstrip("/")
    name = base.rsplit("/", 1)[-1]
    if base and text.startswith(base + "/"):
        return f"{name}/{text[len(base) + 1 :]}"
    if base and not text.startswith(("/", "~")) and ":" not in text[:3]:
        return f"{name}/{text.removeprefix('./')}"
    return text


def _pages(keys: list[str]) -> dict[str, str]:
    """File key → page target; keys whose slugs collide all get a short hash (order-free)."""
    slugs = {key: slug(key, FILE_SLUG_CHARS) for key in keys}
    taken: dict[str, int] = defaultdict(int)
    for value in slugs.values():
        taken[value] += 1
    pages = {}
    for key, value in slugs.items():
        if taken[value] > 1:
            value += "-" + hashlib.blake2b(key.encode(), digest_size=3).hexdigest()
        pages[key] = f"{FILE_PAGES}/{value}"
    return pages


class Graph:
    """What links to what, for derived pages, graph.json, grep and context."""

    def __init__(self, entries: tuple[Entry, ...]) -> None:
        self.entries = {e.path: e for e in entries}
        self.by_link = {e.link.casefold(): e.path for e in entries}
        self.by_id: dict[str, str] = {}
        self.session_of: dict[str, str] = {}
        for e in entries:
            if e.type == "finding" and e.id:
                self.by_id.setdefault(e.id, e.path)
            elif e.type == "session" and e.id:
                self.session_of.setdefault(e.id, e.path)
        self._problems: list[tuple[str, str]] = []

    def session(self, entry: Entry) -> Entry | None:
        """The session a finding belongs to (by session_id), or the session itself."""
        return self._sessions_by_id.get(entry.session_id)

    @property
    def sessions_by_id(self) -> dict[str, Entry]:
        """session_id → the session of that id (the first by path when several claim it)."""
        return self._sessions_by_id

    @cached_property
    def _sessions_by_id(self) -> dict[str, Entry]:
        return {sid: self.entries[path] for sid, path in self.session_of.items()}

    def started(self, entry: Entry) -> str:
        """When a finding's session started (its date when unknown): the order of recency."""
        session = self._sessions_by_id.get(entry.session_id)
        return (session.started if session else "") or entry.date

    def resolve(self, value: str) -> str | None:
        """A finding named by id, wikilink or path, as the path of its file; None if absent."""
        text = value.strip()
        if _FINDING_ID.match(text):
            return self.by_id.get(text)
        link = _LINK.match(text)
        target = (link.group(1) if link else text).strip().removesuffix(".md").casefold()
        return self.by_link.get(target)

    @cached_property
    def sessions(self) -> tuple[Entry, ...]:
        """Sessions, newest first."""
        found = [e for e in self.entries.values() if e.type == "session"]
        return tuple(sorted(found, key=lambda e: (e.started or e.date, e.path), reverse=True))

    @cached_property
    def findings(self) -> tuple[Entry, ...]:
        """Findings, newest first (by their session's start), then by path."""
        began = {sid: e.started for sid, e in self._sessions_by_id.items()}
        keyed = [
            ((began.get(e.session_id) or e.date), e.path, e)
            for e in self.entries.values()
            if e.type == "finding"
        ]
        # paths are unique: the entries themselves are never compared
        keyed.sort(reverse=True)
        return tuple(item[2] for item in keyed)

    @cached_property
    def _by_kind(self) -> dict[str, list[Entry]]:
        found: dict[str, list[Entry]] = defaultdict(list)
        for e in self.findings:
            found[e.kind].append(e)
        return found

    def of_kind(self, kind: str) -> list[Entry]:
        """The findings of a kind, newest first (as `findings`)."""
        return self._by_kind.get(kind, [])

    @cached_property
    def rank(self) -> dict[str, int]:
        """Path → place in the newest-first order of sessions, then of findings."""
        return {e.path: n for n, e in enumerate((*self.sessions, *self.findings))}

    @cached_property
    def findings_of(self) -> dict[str, tuple[str, ...]]:
        """session_id → its findings' paths, in path order."""
        found: dict[str, list[str]] = defaultdict(list)
        for e in sorted(self.entries.values()):
            if e.type == "finding":
                found[e.session_id].append(e.path)
        return {k: tuple(v) for k, v in found.items()}

    @cached_property
    def replaced_by(self) -> dict[str, tuple[str, ...]]:
        """Finding path → the findings that supersede it, from either side of the link."""
        found: dict[str, set[str]] = defaultdict(set)
        for e in self.entries.values():
            if e.type != "finding":
                continue
            for value in e.superseded_by:
                if newer := self._resolved(e, value, "superseded_by"):
                    found[e.path].add(newer)
            for value in e.supersedes:
                if older := self._resolved(e, value, "supersedes"):
                    found[older].add(e.path)
        return {k: tuple(sorted(v)) for k, v in found.items()}

    def _resolved(self, entry: Entry, value: str, field: str) -> str | None:
        path = self.resolve(value)
        if path is None:
            self._problems.append((entry.path, f"{field} {value!r}: no such finding"))
        return path

    @cached_property
    def problems(self) -> tuple[tuple[str, str], ...]:
        """(path, message) for each supersedes or reference naming no finding in the ledger."""
        _ = self.replaced_by, self.cited
        return tuple(sorted(set(self._problems)))

    def superseded(self, entry: Entry) -> bool:
        return entry.status == "superseded" or entry.path in self.replaced_by

    @cached_property
    def cited(self) -> dict[str, tuple[str, ...]]:
        """Finding path → the findings it references."""
        found: dict[str, tuple[str, ...]] = {}
        for e in self.entries.values():
            if e.type == "finding" and e.references:
                hits = (
                    self._resolved(e, r, "references")
                    for r in e.references
                    if not _looks_like_file(r)
                )
                if targets := tuple(sorted({h for h in hits if h})):
                    found[e.path] = targets
        return found

    @cached_property
    def files(self) -> tuple[FileNode, ...]:
        """Every file discussed, by key: changed by a session or cited by a finding."""
        touched: dict[str, list[str]] = defaultdict(list)
        cited: dict[str, list[str]] = defaultdict(list)
        keyed: dict[tuple[str, str], str] = {}
        # taken in rank order (sessions, then findings, newest first): each list comes out
        # sorted by rank, and a repeat can only follow the same path
        for e, field, found in (
            *((e, e.files, touched) for e in self.sessions),
            *((e, e.references, cited) for e in self.findings),
        ):
            for path in field:
                if found is cited and not _looks_like_file(path):
                    continue
                key = keyed.get((path, e.project))
                if key is None:
                    key = keyed[path, e.project] = file_key(path, e.project)
                paths = found[key]
                if not paths or paths[-1] != e.path:
                    paths.append(e.path)
        keys = sorted({*touched, *cited})
        pages = _pages(keys)
        return tuple(
            FileNode(key, pages[key], tuple(touched.get(key, ())), tuple(cited.get(key, ())))
            for key in keys
        )


def _looks_like_file(reference: str) -> bool:
    """A reference that names a file rather than a finding (ids and wikilinks name findings)."""
    text = reference.strip()
    return not (_FINDING_ID.match(text) or text.startswith("[["))
