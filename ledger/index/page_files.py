"""Derived pages on disk: only those whose bytes change are written, each with its stamp.

On a large ledger, or at the first build of a middling one (Linux), a forked second process
renders and writes part of the pages (the graph's parts and the file pages: some 15,000 files on
a from-scratch build, and creating files is kernel work) while this one does the rest. Threads
were measured slower: the GIL changing hands costs more than it saves.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Iterable
from itertools import chain

from ledger.atomic import write_all

PARALLEL_ENTRIES = 20_000
"""From this many indexed files on, a second process renders and writes part of the pages."""
PARALLEL_NEW_ENTRIES = 2_000
"""The same from this many more indexed files than pages last written (a first build): most
pages are files to create, which is kernel work (a first ingest of 1,600 sessions creates
10,000 pages)."""

Stamps = dict[str, tuple[int, int, bytes]]
"""Derived file → (size, mtime_ns, digest of its text) as this state last wrote or found it."""
Pages = Iterable[tuple[str, str]]
"""Derived pages (path relative to the ledger → text), rendered as they are taken."""

_FORKED: tuple[str, Pages, Stamps] | None = None
"""What the forked process renders: set just before it is forked, never pickled."""


def stamp(path: str) -> tuple[int, int] | None:
    """A file's (size, mtime_ns), None when there is none."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_size, info.st_mtime_ns


def parallel(entries: int, stamps: Stamps) -> bool:
    """Whether a second process pays for the pages of a ledger of `entries` indexed files,
    given the stamps of the pages last written."""
    many = entries >= PARALLEL_ENTRIES or entries - len(stamps) >= PARALLEL_NEW_ENTRIES
    return many and sys.platform == "linux"


def sync_pages(
    root: str, stamps: Stamps, here: Pages, aside: Pages, forked: bool = False
) -> tuple[list[str], Stamps]:
    """Render the pages and write those whose bytes differ from what is on disk; the paths
    written and the stamps of all rendered. `aside` goes to a forked process when `forked`
    (see `parallel`)."""
    global _FORKED
    if not forked:
        return _sync(root, chain(here, aside), stamps)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    _FORKED = (root, aside, stamps)
    try:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
            job = pool.submit(_sync_forked)
            written, fresh = _sync(root, here, stamps)
            more, stamped = job.result()
    finally:
        _FORKED = None
    return [*written, *more], {**fresh, **stamped}


def _sync_forked() -> tuple[list[str], Stamps]:
    """The `aside` pages, in the forked process (which has them without pickling)."""
    assert _FORKED is not None, "runs only in a process forked by sync_pages"
    root, aside, stamps = _FORKED
    return _sync(root, aside, stamps)


def _sync(root: str, pages: Iterable[tuple[str, str]], stamps: Stamps) -> tuple[list[str], Stamps]:
    """Write the pages whose bytes differ from what is on disk; their stamps as they are now.

    A page whose stamp and digest match what this state last wrote is taken as it is, unread.
    """
    written: list[str] = []
    fresh: Stamps = {}
    folders: set[str] = set()
    for path, text in pages:
        data = text.encode("utf-8")
        digest = hashlib.blake2b(data, digest_size=16).digest()
        target = f"{root}/{path}"
        known = stamps.get(path)
        on_disk = stamp(target)
        if known is not None and known[2] == digest and known[:2] == on_disk:
            fresh[path] = known
            continue
        if on_disk is None or _read_bytes(target) != data:
            on_disk = _write_page(target, data, on_disk is not None, folders)
            written.append(path)
        fresh[path] = (*on_disk, digest)
    return written, fresh


def _write_page(path: str, data: bytes, exists: bool, folders: set[str]) -> tuple[int, int]:
    """A derived page, and its stamp: a new one written straight (a run cut short leaves a page
    the next run finds different and rewrites), an existing one replaced atomically."""
    folder, name = path.rsplit("/", 1)
    if folder not in folders:
        os.makedirs(folder, exist_ok=True)
        folders.add(folder)
    target = f"{folder}/.{name}.{os.getpid()}.tmp" if exists else path
    handle = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        write_all(handle, data)
        info = os.fstat(handle)
    finally:
        os.close(handle)
    if exists:
        os.replace(target, path)
    return info.st_size, info.st_mtime_ns


def _read_bytes(path: str) -> bytes | None:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return None
