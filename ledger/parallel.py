"""Spread per-file work over both cores when there is enough of it to pay for a second process."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TypeVar

PARALLEL_BYTES = 64 * 1024 * 1024
"""Below this much to read, a second process costs more than it saves."""

Item = TypeVar("Item")
Result = TypeVar("Result")


def _batches(items: Sequence[Item], sizes: Sequence[int], count: int) -> list[list[Item]]:
    """Split work into `count` batches of about equal bytes, largest items first."""
    batches: list[list[Item]] = [[] for _ in range(count)]
    loads = [0] * count
    for index in sorted(range(len(items)), key=lambda i: sizes[i], reverse=True):
        lightest = loads.index(min(loads))
        batches[lightest].append(items[index])
        loads[lightest] += sizes[index]
    return [batch for batch in batches if batch]


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
        parts = pool.map(work, _batches(items, sizes, workers * 4))
        return [result for part in parts for result in part]
