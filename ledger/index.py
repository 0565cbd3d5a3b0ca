"""`ledger index`: the index brought up to date, and the derived pages that changed rewritten.

Derived pages are a pure function of the files under `sessions/` (ledger/pages.py): rebuilding
from scratch and updating incrementally give the same bytes. `.gitattributes` merges them with
git's `union` driver, so merging two ledgers never stops on a conflict in them; the next
`ledger index` (or ingest) rewrites whatever the merge left.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from ledger import summaries
from ledger.entries import (
    FOLDERS,
    INDEX_STATE,
    STATE_VERSION,
    Entry,
    Index,
    cache_bytes,
    is_current,
    links_in,
    refresh,
    write_bytes_atomic,
)
from ledger.errors import LedgerError
from ledger.graph import FileNode, Graph
from ledger.page_files import Stamps, stamp, sync_pages
from ledger.pages import GRAPH, HOME, NOTICE, PAGES_DIR, render_pages
from ledger.store.files import write_atomic
from ledger.store.state import locked

PAGE_STAMPS = "pages.bin"
FILE_NODES = "files.bin"
"""File key → (page, sessions, findings) as the file pages on disk were rendered from."""
GITATTRIBUTES = ".gitattributes"
MERGE_RULES = (
    "# derived by `ledger index`: merged without conflicts, rewritten by the next run\n"
    f"/{HOME} merge=union\n/{PAGES_DIR}/** merge=union\n"
)
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
    derived: tuple[str, ...] = ()
    """Every derived file there is now, written this time or not."""


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
    brief: summaries.Brief


@contextmanager
def lock_if_free(state: Path) -> Iterator[bool]:
    """Hold the ledger's lock if no other run does (True), else go on without it (False)."""
    with ExitStack() as stack:
        try:
            stack.enter_context(locked(state, wait=False))
        except (LedgerError, OSError):
            yield False
            return
        yield True


def current(root: Path, state: Path, *, thorough: bool = False, save: bool = True) -> Current:
    """The index, graph and summaries as the files are now; saved when `save` (lock held)."""
    made: list[Current] = []

    def derive(index: Index, saving: bool) -> None:
        graph = Graph(index.entries)
        docs, brief = summaries.docs_of(graph, index), summaries.brief_of(graph)
        if saving:
            summaries.save(state, docs, brief)
        made.append(Current(index, graph, docs, brief))

    index = refresh(root, state, thorough=thorough, save=save, derive=derive)
    if not made:
        derive(index, save and summaries.load_docs(state) is None)
    return made[0]


@dataclass(frozen=True, slots=True)
class IndexRun:
    """What `ledger index` did: the update, and the commit that took it (None: nothing to take)."""

    result: IndexResult
    commit: str | None


def index_ledger(root: Path, state: Path, author: str | None) -> IndexRun:
    """`ledger index`: under the lock, index every file (stat each), rewrite the derived pages
    that changed, and commit those."""
    from ledger.store import git

    with locked(state):
        result = update_index(root, state, thorough=True)
        paths = [*result.written, *result.removed]
        repo = git.toplevel(root)
        if repo is None or not paths:
            return IndexRun(result, None)
        base = root.resolve().relative_to(repo)
        message = (
            f"{git.SUBJECT}index: {len(result.written)} derived files written, "
            f"{len(result.removed)} removed\n"
        )
        commit = git.commit_paths(
            repo, [(base / p).as_posix() for p in paths], message, git.identity(repo, author)
        )
    return IndexRun(result, commit)


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()


def _token(state: Path) -> bytes:
    """What names the index's current state: the digest of its saved folder stamps."""
    try:
        return _digest((state / INDEX_STATE / FOLDERS).read_bytes().hex())
    except OSError:
        return b""


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
            if ours or (name.endswith(".md") and NOTICE in (_reads(root / path) or "")):
                found.add(path)
    return found


def _leftovers(root: Path, stamps: Stamps, derived: set[str]) -> set[str]:
    """Derived files on disk that this state did not write (it was deleted, or a merge)."""
    return derived_on_disk(root, derived) - derived if not stamps else set()


def update_index(root: Path, state: Path, *, thorough: bool = False) -> IndexResult:
    """Index what changed and rewrite the derived pages whose bytes change; the caller holds
    the ledger's lock. `thorough` also stats every file (edits saved in place)."""
    stamps, files, token = _load_stamps(state)
    if not thorough and token and is_current(root, state) and token == _token(state):
        # nothing moved since the pages were written: not even the entries are loaded
        return IndexResult((), (), files, False, tuple(sorted([*stamps, GITATTRIBUTES])))
    # the pages were written from the index as it is before this run: only then does what this
    # run finds changed tell which pages may change (grep and context save the index too)
    follows = bool(token) and token == _token(state)

    synced: list[tuple[Graph, list[str], Stamps]] = []

    def sync(index: Index, graph: Graph) -> None:
        skip = (
            _unchanged_files(str(root), state, graph, index, stamps, thorough) if follows else None
        )
        synced.append((graph, *sync_pages(str(root), graph, skip, stamps)))

    def derive(index: Index, saving: bool) -> None:
        graph = Graph(index.entries)
        # the pages before the folder stamps: a run cut short leaves them to the next one
        with summaries.saved_aside(state, graph, index):
            sync(index, graph)

    index = refresh(root, state, thorough=thorough, derive=derive)
    if not synced:
        sync(index, Graph(index.entries))
    graph, written, fresh = synced[0]
    for node in graph.files:
        if (path := f"{node.page}.md") not in fresh:
            fresh[path] = stamps[path]
    removed = []
    every = set(fresh)
    for path in sorted((set(stamps) | _leftovers(root, stamps, every)) - every):
        if (root / path).is_file():
            (root / path).unlink()
            removed.append(path)
    if _merge_rules(root):
        written.append(GITATTRIBUTES)
    where = state / INDEX_STATE
    where.mkdir(parents=True, exist_ok=True)
    nodes = {n.key: (n.page, n.sessions, n.findings) for n in graph.files}
    write_bytes_atomic(where / FILE_NODES, marshal.dumps((STATE_VERSION, nodes)))
    write_bytes_atomic(
        where / PAGE_STAMPS, marshal.dumps((fresh, len(index.entries), _token(state)))
    )
    derived = tuple(sorted([*every, GITATTRIBUTES]))
    return IndexResult(
        tuple(sorted(written)), tuple(removed), len(index.entries), index.changed, derived
    )


def _unchanged_files(
    root: str, state: Path, graph: Graph, index: Index, stamps: Stamps, thorough: bool
) -> Callable[[FileNode], bool] | None:
    """Which file pages need no rendering: the same sessions and findings as last time, none of
    them (nor a session of theirs) changed since, and (`thorough`: each is stat-ed) the page on
    disk as this state wrote it."""
    try:
        version, saved = marshal.loads((state / INDEX_STATE / FILE_NODES).read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    if version != STATE_VERSION or not isinstance(saved, dict) or index.fresh:
        return None
    paths, sessions = index.touched()
    entries = graph.entries

    def unchanged(node: FileNode) -> bool:
        if saved.get(node.key) != (node.page, node.sessions, node.findings):
            return False
        for path in (*node.sessions, *node.findings):
            if path in paths or entries[path].session_id in sessions:
                return False
        known = stamps.get(f"{node.page}.md")
        return known is not None and (not thorough or known[:2] == stamp(f"{root}/{node.page}.md"))

    return unchanged


def _reads(path: Path) -> str | None:
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError):
        return None


def _merge_rules(root: Path) -> bool:
    """Add the union-merge rules for derived pages to `.gitattributes`; True if it changed."""
    path = root / GITATTRIBUTES
    existing = _reads(path) or ""
    if MERGE_RULES in existing:
        return False
    separator = "\n" if existing and not existing.endswith("\n") else ""
    write_atomic(path, existing + separator + MERGE_RULES)
    return True


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

    def __init__(self, root: Path) -> None:
        self.paths: set[str] = set()
        self.by_name: dict[str, list[str]] = defaultdict(list)
        for folder, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if d not in _SKIP_DIRS]
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
