"""`ledger index`: the index brought up to date, and the derived pages that changed rewritten.

Derived pages are a pure function of the files under `sessions/` (ledger/pages.py): rebuilding
from scratch and updating incrementally give the same bytes. They are local: git ignores them
(`store/local_pages.py`), so merging two ledgers never touches them; hooks in the ledger's repo
and every read command bring them up to date.
"""

from __future__ import annotations

import marshal
import os
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from ledger.atomic import write_bytes_atomic
from ledger.errors import LedgerError
from ledger.index import delta, derived, fts, page_files, summaries
from ledger.index.delta import Synced
from ledger.index.entries import (
    INDEX_STATE,
    Entry,
    Index,
    cache_bytes,
    folder_stamps,
    folders_token,
    is_current,
    links_in,
    refresh,
)
from ledger.index.graph import Graph
from ledger.index.layout import all_pages, all_parts, render_pages
from ledger.index.page_files import Stamps, sync_pages
from ledger.index.pages import (
    GRAPH,
    GRAPH_DIR,
    HOME,
    NOTICE,
    PAGES_DIR,
    by_month,
    month_stats,
)
from ledger.parallel import aside
from ledger.store.files import refuse_escaping_links
from ledger.store.local_pages import Untracked, make_local
from ledger.store.paths import SESSIONS
from ledger.store.state import JOURNAL, locked

PAGE_STAMPS = "pages.bin"
_TAG = re.compile(r"[\w/-]*[^\W\d][\w/-]*\Z")
"""Obsidian tags: letters, digits, `_`, `-`, `/`, no spaces, and not only digits."""
_SKIP_DIRS = frozenset({".git", ".ledger", ".obsidian", ".trash"})


@dataclass(frozen=True, slots=True)
class IndexResult:
    """What `update_index` did: derived files written and removed, relative to the ledger."""

    written: tuple[str, ...]
    removed: tuple[str, ...]
    files: int
    """How many files under `sessions/` are indexed."""
    changed: bool
    """Whether any of them changed since the last run."""


@dataclass(frozen=True, slots=True)
class IndexProblem:
    """What `ledger index --check` reports: a stale page, a dangling link, an unreadable file."""

    path: str
    message: str


@dataclass(frozen=True, slots=True)
class Current:
    """The index brought up to date, its link graph, and what grep and context read."""

    index: Index
    graph: Graph
    docs: summaries.Docs
    briefs: summaries.Briefs


@contextmanager
def lock_if_free(root: Path, state: Path) -> Iterator[bool]:
    """Hold the ledger's lock if no other run does (True), else go on without it (False). Once
    held, a run cut short is put back first: what is read is never half of one."""
    with ExitStack() as stack:
        try:
            stack.enter_context(locked(state, wait=False))
        except (LedgerError, OSError):
            yield False
            return
        if (state / JOURNAL).exists():
            from ledger.store.journal import Journal, roll_back

            journal = Journal(state)
            roll_back(root, journal)
            journal.clear()
        yield True


def current(root: Path, state: Path, *, thorough: bool = False, save: bool = True) -> Current:
    """The index, graph and summaries as the files are now; saved when `save` (lock held)."""
    made: list[Current] = []

    def derive(index: Index, saving: bool) -> None:
        graph = Graph(index.entries)
        docs = summaries.docs_of(graph, index)
        briefs = summaries.brief_of(graph, by_month(graph))
        if saving:
            summaries.save_docs(state, docs, index.token)
            summaries.save_briefs(state, briefs, index.token)
        made.append(Current(index, graph, docs, briefs))

    index = refresh(root, state, thorough=thorough, save=save, derive=derive)
    if not made:
        derive(index, save and summaries.load_docs(state, index.token) is None)
    return made[0]


@dataclass(frozen=True, slots=True)
class IndexRun:
    """What `ledger index` did: the update, and the commit that stopped git tracking the
    derived pages of an older ledger (None: there was none to make)."""

    result: IndexResult
    untracked: Untracked | None = None

    @property
    def commit(self) -> str | None:
        return self.untracked.commit if self.untracked else None


def index_ledger(root: Path, state: Path, author: str | None) -> IndexRun:
    """`ledger index`: under the lock, index every file (stat each) and rewrite the derived
    pages that changed; they are local (an older ledger stops tracking them first)."""
    with locked(state):
        refuse_escaping_links(root)
        untracked = make_local(root, author)
        return IndexRun(update_index(root, state, thorough=True), untracked)


def _load_stamps(state: Path) -> tuple[Stamps, int, bytes]:
    """The derived files' stamps, how many files were indexed, and the index state they match."""
    try:
        stamps, files, token = marshal.loads((state / INDEX_STATE / PAGE_STAMPS).read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return {}, 0, b""
    return (stamps, files, token) if isinstance(stamps, dict) else ({}, 0, b"")


def derived_on_disk(root: Path, known: frozenset[str] | set[str] = frozenset()) -> set[str]:
    """The derived files there are: index.md, graph.json, and the pages under `index/` that
    carry the derived-page notice (a note a person keeps there is not ledger's to remove).
    Pages in `known` are derived: they are not opened to look."""
    found = {HOME} if (root / HOME).is_file() else set()
    for folder, _, names in os.walk(root / PAGES_DIR):
        relative = Path(folder).relative_to(root).as_posix()
        for name in names:
            path = f"{relative}/{name}"
            ours = path in known or path == GRAPH
            ours = ours or (relative == GRAPH_DIR and name.endswith(".json"))
            if ours or (name.endswith(".md") and NOTICE in (_reads(root / path) or "")):
                found.add(path)
    return found


def _leftovers(root: Path, stamps: Stamps, derived: set[str]) -> set[str]:
    """Derived files on disk that this state did not write (it was deleted, or a merge)."""
    return derived_on_disk(root, derived) - derived if not stamps else set()


def update_index(
    root: Path, state: Path, *, thorough: bool = False, folders: dict[str, int] | None = None
) -> IndexResult:
    """Index what changed and rewrite the derived pages whose bytes change; the caller holds
    the ledger's lock. `thorough` also stats every file (edits saved in place), and rebuilds
    the pages from scratch. `folders`: the `folder_stamps` of the ledger, when the caller
    knows them."""
    stamps, files, token = _load_stamps(state)
    folders = folder_stamps(root) if folders is None else folders
    before = folders_token(state)
    # the pages were written from the index as it is before this run: only then can what this
    # run finds changed tell which pages change (grep and context save the index too)
    follows = bool(token) and token == before and not thorough
    if follows and is_current(root, state, folders):
        # nothing moved since the pages were written: not even the entries are loaded
        return IndexResult((), (), files, False)
    synced: list[Synced] = []

    def derive(index: Index, saving: bool) -> None:
        # a run cut short while pages are written leaves no stamps: the next one rebuilds, and
        # sweeps away whatever derived page this one wrote that the ledger no longer needs
        (state / INDEX_STATE / PAGE_STAMPS).unlink(missing_ok=True)
        update = delta.update(root, state, index, stamps, before) if follows else None
        synced.append(update or _rebuild(root, state, index, stamps))

    index = refresh(root, state, thorough=thorough, derive=derive, folders=folders)
    if not synced:
        derive(index, True)
    done = synced[0]
    removed = []
    for path in sorted(done.removed):
        if (root / path).is_file():
            (root / path).unlink()
            removed.append(path)
    written = list(done.written)
    where = state / INDEX_STATE
    where.mkdir(parents=True, exist_ok=True)
    every = {p: s for p, s in done.stamps.items() if p not in done.removed}
    write_bytes_atomic(
        where / PAGE_STAMPS, marshal.dumps((every, index.count, folders_token(state)))
    )
    fts.refresh_if_present(state)
    return IndexResult(tuple(sorted(written)), tuple(removed), index.count, index.changed)


def _rebuild(root: Path, state: Path, index: Index, stamps: Stamps) -> Synced:
    """Every derived page and all derived state, from every entry."""
    graph = Graph(index.entries)
    months = by_month(graph)
    stats = {m: month_stats(graph, *lists) for m, lists in months.items()}
    _ = graph.files, graph.replaces, graph.cited  # once, before the forked processes share them

    def save_state() -> None:
        derived.forget(state)  # until the state below is all saved
        summaries.save_docs(state, summaries.docs_of(graph, index), index.token)
        summaries.save_briefs(state, summaries.brief_of(graph, months), index.token)
        derived.save_holders(state, graph, index.token)
        whole, members = derived.of_graph(graph, months, stats, index.token)
        derived.save(state, whole, b"", members)

    # the state by a second process meanwhile, on a large ledger (all of it is CPU work)
    with aside(save_state, len(graph.entries) >= page_files.PARALLEL_ENTRIES):
        here, aside_pages = all_pages(graph, months, stats), all_parts(graph, months)
        forked = page_files.parallel(len(graph.entries), stamps)
        written, fresh = sync_pages(str(root), stamps, here, aside_pages, forked)
    every = set(fresh)
    return Synced(written, fresh, (set(stamps) | _leftovers(root, stamps, every)) - every)


def _reads(path: Path) -> str | None:
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError):
        return None


def check_index(root: Path, state: Path) -> tuple[IndexProblem, ...]:
    """Stale, missing or extra derived pages, dangling links, unreadable files; writes nothing."""
    index = refresh(root, state, thorough=True, save=False)
    graph = Graph(index.entries)
    pages = render_pages(graph)
    problems = [IndexProblem(path, message) for path, message in graph.problems]
    for path, text in sorted(pages.items()):
        on_disk = _reads(root / path)
        if on_disk is None:
            problems.append(IndexProblem(path, "missing: run `ledger index`"))
        elif on_disk != text:
            problems.append(IndexProblem(path, "stale: run `ledger index`"))
    for path in sorted(derived_on_disk(root) - set(pages)):
        problems.append(IndexProblem(path, "no longer derived from the ledger: run `ledger index`"))
    vault = Vault(root)
    data = cache_bytes(index)
    for entry in index.entries:
        text = data[entry.start : entry.end].decode("utf-8", "replace")
        problems += _entry_problems(entry, links_in(text), vault)
    return tuple(sorted(problems, key=lambda p: (p.path, p.message)))


def _entry_problems(entry: Entry, links: tuple[str, ...], vault: Vault) -> list[IndexProblem]:
    found = [IndexProblem(entry.path, entry.problem)] if entry.problem else []
    found += [
        IndexProblem(entry.path, f"dangling wikilink [[{target}]]: no such file")
        for target in links
        if not vault.resolves(target)
    ]
    found += [
        IndexProblem(entry.path, f"tag {tag!r} is not a valid Obsidian tag")
        for tag in entry.tags
        if not _TAG.match(tag)
    ]
    return found


class Vault:
    """The files of a ledger as Obsidian sees them, to resolve wikilinks the way it does:
    by path relative to the vault, or by the shortest unique end of one; case-insensitive."""

    def __init__(self, root: Path, known: Iterable[str] | None = None) -> None:
        """Every file under `root`; or, given the `known` files of `sessions/` (the index's),
        those and every file outside `sessions/` (fast: no walk of 30,000 files)."""
        self.paths: set[str] = set()
        self.by_name: dict[str, list[str]] = defaultdict(list)
        for path in known or ():
            self.add(path)
        for folder, dirs, names in os.walk(root):
            skip = _SKIP_DIRS | ({SESSIONS} if known is not None and folder == str(root) else set())
            dirs[:] = [d for d in dirs if d not in skip]
            relative = Path(folder).relative_to(root).as_posix()
            for name in names:
                path = name if relative == "." else f"{relative}/{name}"
                self.add(path)

    def add(self, path: str) -> None:
        lowered = path.casefold()
        self.paths.add(lowered)
        self.by_name[lowered.rsplit("/", 1)[-1]].append(lowered)
        if lowered.endswith(".md"):
            self.paths.add(lowered[:-3])
            self.by_name[lowered[:-3].rsplit("/", 1)[-1]].append(lowered[:-3])

    def resolves(self, target: str) -> bool:
        wanted = target.strip().casefold().lstrip("/")
        if wanted in self.paths:
            return True
        name = wanted.rsplit("/", 1)[-1]
        return any(p.endswith("/" + wanted) or p == wanted for p in self.by_name.get(name, ()))
