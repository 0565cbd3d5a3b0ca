"""Work on both cores: per-file work spread over a process pool when there is enough of it to
pay for a second process, or one piece of work done by a forked process while this one goes on.

A forked process (Linux) has everything this one has at the fork, without pickling: it runs the
work, sends back what it returned (marshalled, through a pipe) and leaves without running any of
the caller's code. When it fails (how, it cannot tell), the caller does the work itself.
"""

from __future__ import annotations

import marshal
import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any, TypeVar

PARALLEL_BYTES = 64 * 1024 * 1024
"""Below this much to read, a second process costs more than it saves."""

SHARES = 8
"""A batch holds about this share of what is left per worker (guided self-scheduling)."""
MIN_BATCH_BYTES = 1024 * 1024
"""Smaller batches would cost more in round trips to a worker than they even out."""

Item = TypeVar("Item")
Result = TypeVar("Result")


def _batches(items: Sequence[Item], sizes: Sequence[int], workers: int) -> list[list[Item]]:
    """Split work into batches, largest items first, each about the bytes left over
    `SHARES * workers` (at least MIN_BATCH_BYTES): the pool hands each to the first worker free,
    so the ever smaller ones at the end even out when the workers finish (batches of equal
    bytes left one core idle for a second and more of a cold ingest)."""
    left = sum(sizes)
    batches: list[list[Item]] = []
    load = goal = 0
    for index in sorted(range(len(items)), key=lambda i: sizes[i], reverse=True):
        if load >= goal:
            batches.append([])
            load, goal = 0, max(left // (SHARES * workers), MIN_BATCH_BYTES)
        batches[-1].append(items[index])
        load += sizes[index]
        left -= sizes[index]
    return batches


def map_batches(
    work: Callable[[list[Item]], list[Result]],
    items: Sequence[Item],
    sizes: Sequence[int],
    workers: int | None = None,
) -> list[Result]:
    """`work` over `items`, in one process or several; results in no particular order."""
    workers = workers or min(os.cpu_count() or 1, 2)
    if workers < 2 or sum(sizes) < PARALLEL_BYTES or len(items) < 2:
        return work(list(items))
    from concurrent.futures import ProcessPoolExecutor  # 25 ms of imports, only when it pays

    with ProcessPoolExecutor(max_workers=workers) as pool:
        parts = pool.map(work, _batches(items, sizes, workers))
        return [result for part in parts for result in part]


T = TypeVar("T")


def forked(work: Callable[[], T]) -> Callable[[], T | None]:
    """`work` run by a forked process; call the answer to wait for what it returned (None when
    it failed). `work` returns what marshal can carry. In a process with other threads (the
    LLM pass's, a server's) it is done here, now: a fork copies only the calling thread, and a
    lock another one holds would stay held in the child."""
    if threading.active_count() > 1:
        done = work()
        return lambda: done
    reader, writer = os.pipe()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # the forked process
        code = 1
        try:
            _die_with(parent)
            os.close(reader)
            with open(writer, "wb") as pipe:
                pipe.write(marshal.dumps(work()))  # type: ignore[arg-type]
            code = 0
        finally:
            os._exit(code)
    os.close(writer)

    def answer() -> T | None:
        with open(reader, "rb") as pipe:
            data = pipe.read()  # before waiting: a long answer fills the pipe until read
        _, status = os.waitpid(pid, 0)
        result: Any = marshal.loads(data) if status == 0 else None
        return result  # type: ignore[no-any-return]

    return answer


def halved(
    work: Callable[[Sequence[Item]], list[Result]], items: Sequence[Item], many: int
) -> list[Result]:
    """`work(items)`, the second half of them done by a forked process when there are at least
    `many` (Linux); the results in the order of `items`. `work` returns what marshal carries."""
    if len(items) < many or sys.platform != "linux":
        return work(items)
    half = len(items) // 2
    rest = forked(lambda: work(items[half:]))
    first = work(items[:half])
    done = rest()
    return first + (work(items[half:]) if done is None else done)


def _die_with(parent: int) -> None:
    """End this forked process when `parent` ends (Linux): a run killed midway must not leave a
    process of its own still writing into the ledger while the next run repairs it."""
    import ctypes
    import signal

    with suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it ended before the line above took effect
        os._exit(1)


_PR_SET_PDEATHSIG = 1


@contextmanager
def aside(work: Callable[[], None], parallel: bool) -> Iterator[None]:
    """`work` done by a forked process while the body runs when `parallel`, else here first."""
    if not parallel or sys.platform != "linux":
        work()
        yield
        return

    def done() -> bool:
        work()
        return True

    answer = forked(done)
    try:
        yield
    finally:
        finished = answer()
    if not finished:
        work()
