"""The link graph of a ledger: finding → session, session → files, finding → references,
supersedes chains. Built from the index's entries alone, without opening a file."""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from ledger.index.entries import Entry
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


def file_pages(keys: list[str]) -> dict[str, str]:
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
        self._keyed: dict[tuple[str, str], str] = {}

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

    @cached_property
    def continued_by(self) -> dict[str, tuple[Entry, ...]]:
        """session id → the sessions that continue it (resumes, continuations, forks), oldest
        first."""
        found: dict[str, list[Entry]] = {}
        for session in self._sessions_by_id.values():
            if session.continues and session.continues in self._sessions_by_id:
                found.setdefault(session.continues, []).append(session)
        return {k: tuple(sorted(v, key=lambda e: (e.started, e.id))) for k, v in found.items()}

    @property
    def continuations(self) -> list[tuple[str, str]]:
        """(record of a session, record of one that continues it): pages link the two."""
        return [
            (self._sessions_by_id[sid].path, later.path)
            for sid, newer in self.continued_by.items()
            for later in newer
        ]

    def started(self, entry: Entry) -> str:
        """When a finding's session started (its date when unknown): the order of recency."""
        session = self._sessions_by_id.get(entry.session_id)
        return (session.started if session else "") or entry.date

    def resolve(self, value: str) -> str | None:
        """A finding named by id, wikilink or path, as the path of its file; None if absent."""
        key = resolve_key(value)
        return self.by_link.get(key[2:]) if key.startswith("[[") else self.by_id.get(key)

    @staticmethod
    def finding_references(entry: Entry) -> tuple[str, ...]:
        """The references of a finding that name findings rather than files."""
        return tuple(r for r in entry.references if not _looks_like_file(r))

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
                hits = (self._resolved(e, r, "references") for r in self.finding_references(e))
                if targets := tuple(sorted({h for h in hits if h})):
                    found[e.path] = targets
        return found

    @cached_property
    def replaces(self) -> dict[str, tuple[str, ...]]:
        """Finding path → the findings it supersedes (the other way round from `replaced_by`)."""
        found: dict[str, list[str]] = defaultdict(list)
        for old, newer in sorted(self.replaced_by.items()):
            for path in newer:
                found[path].append(old)
        return {k: tuple(v) for k, v in found.items()}

    def keys_of(self, entry: Entry) -> tuple[str, ...]:
        """The keys of the files a session changed or a finding cites, each once."""
        if entry.type == "session":
            paths: Iterable[str] = entry.files
        elif entry.type == "finding":
            paths = (r for r in entry.references if _looks_like_file(r))
        else:
            return ()
        keyed = self._keyed
        keys = []
        for path in paths:
            key = keyed.get((path, entry.project))
            if key is None:
                key = keyed[path, entry.project] = file_key(path, entry.project)
            keys.append(key)
        return tuple(dict.fromkeys(keys))

    @cached_property
    def members(self) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
        """File key → the sessions that changed it and the findings that cite it, each newest
        first (rank order)."""
        touched: dict[str, list[str]] = defaultdict(list)
        cited: dict[str, list[str]] = defaultdict(list)
        for entries, found in ((self.sessions, touched), (self.findings, cited)):
            for e in entries:
                for key in self.keys_of(e):
                    found[key].append(e.path)
        return {
            key: (tuple(touched.get(key, ())), tuple(cited.get(key, ())))
            for key in sorted({*touched, *cited})
        }

    @cached_property
    def files(self) -> tuple[FileNode, ...]:
        """Every file discussed, by key: changed by a session or cited by a finding."""
        members = self.members
        pages = file_pages(list(members))
        return tuple(FileNode(key, pages[key], *found) for key, found in members.items())


def resolve_key(value: str) -> str:
    """What a supersedes or reference is looked up by: a finding id, or `[[` and the target of a
    link (or a path) casefolded, without `.md`."""
    text = value.strip()
    if _FINDING_ID.match(text):
        return text
    link = _LINK.match(text)
    return "[[" + (link.group(1) if link else text).strip().removesuffix(".md").casefold()


def _looks_like_file(reference: str) -> bool:
    """A reference that names a file rather than a finding (ids and wikilinks name findings)."""
    text = reference.strip()
    return not (_FINDING_ID.match(text) or text.startswith("[["))
