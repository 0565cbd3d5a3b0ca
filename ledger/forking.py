"""Work done by a forked second process while this one goes on (Linux; there are two cores).

The forked process has everything this one has at the fork, without pickling: it runs the work,
sends back what it returned (marshalled, through a pipe) and leaves without running any of the
caller's code. When it fails (how, it cannot tell), the caller does the work itself.
"""

from __future__ import annotations

import marshal
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")


def forked(work: Callable[[], T]) -> Callable[[], T | None]:
    """`work` run by a forked process; call the answer to wait for what it returned (None when
    it failed). `work` returns what marshal can carry."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the forked process
        code = 1
        try:
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
