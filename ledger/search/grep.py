"""`ledger grep`: search every finding and session of the ledger, body and frontmatter.

The text comes from the index's search cache (one file in `.ledger/index/`, memory-mapped), not
from 100,000 files: opening them is what costs (PERF.md). Filters (kind, status, dates, session,
project, agent, tag, superseded) are answered from the index's facts before any text is read.
Matching is line by line, as grep's: a match is a line, reported with its number in the file.
Patterns match the UTF-8 bytes, so `\\w`, `\\b` and `-i` are ASCII-only, except that `-i` with a
non-ASCII pattern searches decoded text.
"""

from __future__ import annotations

import mmap
import re
import sys
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from datetime import date, timedelta
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from ledger.errors import LedgerError
from ledger.index.entries import folders_token, is_current
from ledger.index.summaries import SEPARATOR, Docs, Meta, load_docs
from ledger.lazy_regex import LazyRegex
from ledger.models import AGENTS, CLOSED, KINDS, METHODS, NOTES_AGENT, OPEN, PHASES
from ledger.parallel import forked
from ledger.store.projects import ProjectFilter, check_matches, project_filter

PER_DOCUMENT = 0.2
"""Below this share of files left by the filters, search each one instead of the whole cache."""
PARALLEL_BYTES = 16_000_000
"""From this size of search cache on, a second process does half of the work (there are two
cores): it checks half of the session folders and searches the tail of the cache (ASIDE_SHARE),
while the first one lists them, checks the other half and searches the head."""
SCREEN_BYTES = 4_000_000
"""From this size of search cache on, the files to read are found by Hyperscan (see `_scan`)."""
MOST_SCREENED = 100_000
"""Past this many matches of the screen (a pattern in every file), `re` finds the files: it
looks for one match a file, and Python would spend longer on the screen's."""
ASIDE_SHARE = 0.8
"""The share of the cache the second process searches: the first one also lists the folders (at
100,000 sessions, listing them and a stat of half of them take 0.24 s, the screen's search of
the whole 450 MB 0.08 s)."""


class PatternError(LedgerError):
    """A pattern that is not a valid regular expression."""


class FilterError(LedgerError):
    """A filter that names no kind, status or agent findings can have."""


@dataclass(frozen=True, slots=True)
class GrepOptions:
    """What to search for, and in which findings."""

    pattern: str
    ignore_case: bool = False
    fixed: bool = False
    kinds: tuple[str, ...] = ()
    status: str | None = None
    since: date | None = None
    until: date | None = None
    session: str | None = None
    project: str | None = None
    agent: str | None = None
    tag: str | None = None
    current: bool = False
    """Only what is current: no superseded finding, no todo done, question answered, decision
    dropped (what `ledger context` lists as current)."""
    methods: tuple[str, ...] = ()
    phases: tuple[str, ...] = ()
    """Files of sessions with an engagement of one of these methods, in one of these phases."""
    ghosts: bool = False
    """Files of ghost sessions too (left out unless asked)."""


@dataclass(frozen=True, slots=True)
class Line:
    """A matching line: its number in the file, its text, and where the matches are in it."""

    number: int
    text: str
    spans: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class GrepMatch:
    """A finding (or session) with at least one matching line."""

    path: str
    type: str
    kind: str
    id: str
    title: str
    status: str
    date: str
    session_id: str
    session_title: str
    project: str
    agent: str
    tags: tuple[str, ...]
    superseded: bool
    superseded_by: tuple[str, ...]
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class GrepResult:
    """The matches, newest first, and how many files the filters left to search."""

    root: Path
    matches: tuple[GrepMatch, ...]
    searched: int


def compile_pattern(options: GrepOptions) -> re.Pattern[bytes] | re.Pattern[str]:
    """The pattern as a regex over bytes (over text for `-i` with non-ASCII letters)."""
    source = re.escape(options.pattern) if options.fixed else options.pattern
    flags = re.MULTILINE | (re.IGNORECASE if options.ignore_case else 0)
    try:
        if options.ignore_case and not source.isascii():
            return re.compile(source, flags)
        return re.compile(source.encode("utf-8"), flags)
    except re.error as error:
        raise PatternError(
            f"invalid regular expression {options.pattern!r}: {error}",
            "fix it, or pass -F to search for the text as it is",
        ) from error


@lru_cache(maxsize=64)
def _project(given: str) -> ProjectFilter:
    return project_filter(given)


@lru_cache(maxsize=65536)
def _in_project(project: str, wanted: str) -> bool:
    """A session folder in the project `wanted` names: a folder (inside it, or holding it), a
    project identity (`github.com/acme/api`), or a bare name (`store/projects.py`)."""
    return _project(wanted).matches(project)


def selects(meta: Meta, options: GrepOptions) -> bool:
    """Whether a file passes the filters: kind, status, dates, session, project, agent, tag."""
    o = options
    if o.kinds and meta.kind not in o.kinds:
        return False
    if o.status and meta.status.casefold() != o.status.casefold():
        return False
    if o.since and not (meta.date and meta.date >= o.since.isoformat()):
        return False
    if o.until and not (meta.date and meta.date <= o.until.isoformat()):
        return False
    if o.session and not (
        meta.session_id.startswith(o.session) or meta.path.split("/")[1].startswith(o.session)
    ):
        return False
    if o.project and not _in_project(meta.project, o.project):
        return False
    if o.agent and not meta.agent.startswith(o.agent):
        return False
    if o.tag and o.tag.lstrip("#").casefold() not in meta.tags.casefold().split(SEPARATOR):
        return False
    if o.current and (meta.superseded or meta.status.casefold() in CLOSED):
        return False
    return in_facets(meta, o)


def in_facets(meta: Meta, options: GrepOptions) -> bool:
    """Whether a file's session has the methods and phases asked for (any of each), and is not
    a ghost unless ghosts are asked for."""
    o = options
    if meta.ghost and not o.ghosts:
        return False
    if o.methods and not set(o.methods) & set(meta.methods.split(SEPARATOR)):
        return False
    return not o.phases or bool(set(o.phases) & set(meta.phases.split(SEPARATOR)))


def _filtered(docs: Docs, options: GrepOptions) -> list[int] | None:
    """The files the filters leave, by number; None when there are no filters.

    Kind, dates and superseded come from columns; the other filters read the facts of only the
    files those leave.
    """
    o = options
    filters = (o.kinds, o.status, o.since, o.until, o.session, o.project, o.agent, o.tag, o.current,
               o.methods, o.phases)  # fmt: skip
    if not any(filters):
        return None
    wanted: list[int] | range = range(len(docs))
    if o.kinds:
        codes = {n for n, name in enumerate(docs.kind_names) if name in o.kinds}
        kinds = docs.kinds
        wanted = [n for n in wanted if kinds[n] in codes]
    if o.since or o.until:
        first = int(o.since.strftime("%Y%m%d")) if o.since else 1
        last = int(o.until.strftime("%Y%m%d")) if o.until else 99999999
        days = docs.days
        wanted = [n for n in wanted if first <= days[n] <= last]
    if o.current:
        wanted = [n for n in wanted if not docs.superseded[n]]
    if o.status or o.session or o.project or o.agent or o.tag or o.current or o.methods or o.phases:
        wanted = [n for n in wanted if selects(docs.meta(n), options)]
    return list(wanted)


def _updated(root: Path, state: Path) -> Docs:
    """The search facts once the index is brought up to date with the files."""
    from ledger.index.build import current, lock_if_free

    with lock_if_free(root, state) as held:
        return current(root, state, save=held).docs


@dataclass(slots=True)
class _Text:
    """The cache's bytes (mapped, not read) followed by what is not in it yet."""

    mapped: mmap.mmap | bytes
    pending: bytes
    size: int

    def __getitem__(self, span: slice) -> bytes:
        if span.start >= self.size:
            return self.pending[span.start - self.size : span.stop - self.size]
        return self.mapped[span]

    def parts(self) -> Iterator[tuple[mmap.mmap | bytes, int]]:
        yield self.mapped, 0
        if self.pending:
            yield self.pending, self.size


def _open(docs: Docs) -> _Text:
    if docs.size == 0:
        return _Text(b"", docs.pending, 0)
    with open(docs.cache, "rb") as handle:
        mapped = mmap.mmap(handle.fileno(), docs.size, access=mmap.ACCESS_READ)
    return _Text(mapped, docs.pending, docs.size)


def _chars(raw: bytes, offset: int) -> int:
    """The character offset of a byte offset in a line."""
    return len(raw[:offset].decode("utf-8", "replace"))


def _lines(data: bytes, pattern: re.Pattern[bytes] | re.Pattern[str]) -> tuple[Line, ...]:
    """The lines of one file that match, with the character spans of each match."""
    found = []
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if isinstance(pattern.pattern, bytes):
            if not pattern.search(raw):  # most lines: one call, no iterator
                continue
            text = raw.decode("utf-8", "replace")
            hits = pattern.finditer(raw)
            spans = tuple((_chars(raw, m.start()), _chars(raw, m.end())) for m in hits)
        else:
            text = raw.decode("utf-8", "replace")
            if not pattern.search(text):
                continue
            spans = tuple(m.span() for m in pattern.finditer(text))
        found.append(Line(number, text.rstrip("\r"), spans))
    return tuple(found)


def _screen(pattern: re.Pattern[bytes] | re.Pattern[str]) -> Any | None:
    """A Hyperscan database of a byte pattern that matches wherever `pattern` does (and maybe
    elsewhere: the translation the redaction screen makes of its rules); None without Hyperscan,
    for a pattern over text, or one with escapes that mean other bytes over text than over
    bytes (`\\xe9`, an octal one)."""
    if not isinstance(pattern.pattern, bytes):
        return None
    source = pattern.pattern.decode("utf-8", "surrogateescape")
    if re.search(r"\\[xuUN0-7]", source):
        return None
    try:
        import hyperscan
    except ImportError:  # pragma: no cover - a platform without a wheel
        return None
    from ledger.redact.screen import Untranslatable
    from ledger.redact.screen import pattern as superset

    try:
        expression = superset(LazyRegex(source, pattern.flags | re.ASCII)).encode()
        database = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
        database.compile(expressions=[expression])
    except (Untranslatable, UnicodeEncodeError, hyperscan.error):
        return None
    return database


def _screened(screen: Any, text: _Text, docs: Docs, first: int, last: int) -> list[int] | None:
    """The files whose bytes between offsets `first` and `last` of the cache hold a match of the
    screen's pattern (its last byte in the file); None past MOST_SCREENED matches."""
    import hyperscan

    scratch, ended = hyperscan.Scratch(screen), []
    for buffer, offset in text.parts():
        start, stop = max(first - offset, 0), min(last - offset, len(buffer))
        if start >= stop:
            continue
        moved = start + offset

        def found(
            _id: int, _from: int, end: int, _flags: int, _: object, moved: int = moved
        ) -> bool:
            ended.append(end + moved)
            return len(ended) > MOST_SCREENED

        view = memoryview(buffer)[start:stop]
        try:
            screen.scan(view, found, 0, None, scratch)
        except hyperscan.ScanTerminated:
            return None
        finally:
            view.release()
    starts, ends, files = docs.starts, docs.ends, list[int]()
    for end in ended:  # in order
        n = bisect_right(starts, end - 1) - 1
        if n >= 0 and end <= ends[n] and (not files or files[-1] != n):
            files.append(n)
    return files


def _scan(
    text: _Text,
    docs: Docs,
    pattern: re.Pattern[bytes] | re.Pattern[str],
    wanted: list[int] | None,
    files: range,
    screen: Any | None = None,
) -> list[int]:
    """The numbers of the files in `files` (of those `wanted`) whose text may hold a match (a
    few may not: `_lines` reads each of them).

    Few files wanted, or a pattern over text: each is searched alone. Else the bytes of `files`
    are searched as one text: by the `screen` (Hyperscan, several times as fast as `re`: at
    100,000 sessions `-F` 0.24 → 0.08 s, `-i` 2.2 → 0.08 s), or from one match to the end of
    its file and on.
    """
    starts, ends = docs.starts, docs.ends
    if not isinstance(pattern.pattern, bytes) or (
        wanted is not None and len(wanted) < PER_DOCUMENT * len(starts)
    ):
        found = []
        for n in files if wanted is None else [n for n in wanted if n in files]:
            data = text[starts[n] : ends[n]]
            probe = data if isinstance(pattern.pattern, bytes) else data.decode("utf-8", "replace")
            if pattern.search(probe):  # type: ignore[arg-type]
                found.append(n)
        return found
    if not files:
        return []
    allowed = None if wanted is None else set(wanted)
    first = starts[files.start]
    last = starts[files.stop] if files.stop < len(starts) else 1 << 62
    screened = _screened(screen, text, docs, first, last) if screen is not None else None
    if screened is not None:
        return [n for n in screened if allowed is None or n in allowed]
    found = []
    for buffer, offset in text.parts():
        position, end = max(first - offset, 0), min(last - offset, len(buffer))
        while position < end and (hit := pattern.search(buffer, position, end)) is not None:
            n = bisect_right(starts, hit.start() + offset) - 1
            if n < 0 or hit.start() + offset >= ends[n]:
                # bytes of a file replaced since it was cached: search on from the next file
                position = (starts[n + 1] if n + 1 < len(starts) else 1 << 62) - offset
                continue
            position = ends[n] - offset
            if allowed is None or n in allowed:
                found.append(n)
    return found


def _search(
    docs: Docs,
    pattern: re.Pattern[bytes] | re.Pattern[str],
    options: GrepOptions,
    check: Callable[[tuple[int, int]], bool],
) -> tuple[list[tuple[Meta, tuple[Line, ...]]], int] | None:
    """(facts, matching lines) of each file that matches and how many files were searched; None
    when `check` (of a share of the session folders, see `is_current`) finds the index out of
    date. A large cache is searched on two cores (see PARALLEL_BYTES)."""
    wanted = _filtered(docs, options)
    text = _open(docs)
    screen = _screen(pattern) if docs.size >= SCREEN_BYTES else None
    try:
        if docs.size >= PARALLEL_BYTES and sys.platform == "linux":
            split = bisect_right(docs.starts, int(docs.size * (1 - ASIDE_SHARE)))
            head, tail = range(split), range(split, len(docs))

            def other_half() -> tuple[bool, list[int]]:
                return check((1, 2)), _scan(text, docs, pattern, wanted, tail, screen)

            aside = forked(other_half)
            current = check((0, 2))
            found = _scan(text, docs, pattern, wanted, head, screen) if current else []
            there, rest = aside() or other_half()
            current, found = current and there, found + rest
        else:
            current = check((0, 1))
            everything = range(len(docs))
            found = _scan(text, docs, pattern, wanted, everything, screen) if current else []
        if not current:
            return None
        hits = [(n, _lines(text[docs.starts[n] : docs.ends[n]], pattern)) for n in found]
    finally:
        if isinstance(text.mapped, mmap.mmap):
            with suppress(BufferError):
                text.mapped.close()
    searched = len(docs) if wanted is None else len(wanted)
    # ghosts are left out of the matches, not of the search: most searches filter nothing else
    shown = [(docs.meta(n), lines) for n, lines in hits if lines]
    return [(meta, lines) for meta, lines in shown if in_facets(meta, options)], searched


def _match(meta: Meta, lines: tuple[Line, ...]) -> GrepMatch:
    return GrepMatch(
        path=meta.path,
        type=meta.type,
        kind=meta.kind,
        id=meta.id,
        title=meta.title,
        status=meta.status,
        date=meta.date,
        session_id=meta.session_id,
        session_title=meta.session_title,
        project=meta.project,
        agent=meta.agent,
        tags=tuple(t for t in meta.tags.split(SEPARATOR) if t),
        superseded=bool(meta.superseded),
        superseded_by=tuple(p for p in meta.replaced_by.split(SEPARATOR) if p),
        lines=lines,
    )


STATUSES = (OPEN, "accepted", *sorted(CLOSED))
"""The statuses findings take (`accepted`: how decisions were once marked)."""
AGENT_NAMES = (*AGENTS, NOTES_AGENT)


def check_filters(options: GrepOptions) -> None:
    """Every filter names something findings can have: a typo is an error, not zero matches."""
    unknown = sorted(set(options.kinds) - set(KINDS) - {"session", "note"})
    if unknown:
        raise FilterError(
            f"unknown kind {', '.join(unknown)}", f"use one of {', '.join((*KINDS, 'session'))}"
        )
    if options.status and options.status not in STATUSES:
        raise FilterError(f"unknown status {options.status}", f"use one of {', '.join(STATUSES)}")
    if options.agent and not any(a.startswith(options.agent) for a in AGENT_NAMES):
        raise FilterError(f"unknown agent {options.agent}", f"use {', '.join(AGENT_NAMES)}")
    check_facets(options.methods, options.phases)


def check_facets(methods: Sequence[str], phases: Sequence[str]) -> None:
    """Methods and phases engagements can have: a typo is an error, not zero matches."""
    for given, known, what in ((methods, METHODS, "method"), (phases, PHASES, "phase")):
        unknown = sorted(set(given) - set(known))
        if unknown:
            hint = f"use one of {', '.join(known)}"
            raise FilterError(f"unknown {what} {', '.join(unknown)}", hint)


def project_folders(docs: Docs) -> set[str]:
    """The session folders the ledger's sessions ran in."""
    code = docs.kind_names.index("session") if "session" in docs.kind_names else -1
    return {docs.meta(n).project for n in range(len(docs)) if docs.kinds[n] == code}


def grep_ledger(
    root: Path, state: Path, options: GrepOptions, today: date, only_today: bool, week: bool
) -> GrepResult:
    """`ledger grep`: the options checked, `--today` / `--week` turned into dates, the search."""
    check_filters(options)
    if only_today or week:
        first = today - timedelta(days=0 if only_today else 6)
        options = replace(options, since=max(first, options.since or first), until=today)
    return grep(root, state, options)


def grep(root: Path, state: Path, options: GrepOptions) -> GrepResult:
    """The findings and sessions with a line matching the pattern, newest first."""
    pattern = compile_pattern(options)
    saved = load_docs(state, folders_token(state))
    # the usual case: the saved facts, searched while the index is checked to be current
    searched = None
    if saved is not None:
        searched = _search(saved, pattern, options, partial(is_current, root, state, None))
    if searched is None:  # none saved, or files changed since
        saved = _updated(root, state)
        searched = _search(saved, pattern, options, lambda part: True)
        assert searched is not None, "an index just brought up to date needs no check"
    found, count = searched
    if not found and options.project and saved is not None:
        check_matches(_project(options.project), project_folders(saved))
    found.sort(key=lambda pair: (pair[0].started or pair[0].date, pair[0].path), reverse=True)
    return GrepResult(root, tuple(_match(m, lines) for m, lines in found), count)
