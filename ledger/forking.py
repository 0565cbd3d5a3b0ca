"""Work done by a forked second process while this one goes on (Linux; there are two cores).

The forked process has everything this one has at the fork, without pickling: it runs the work
and leaves without running any of the caller's code. When it fails (how, it cannot tell), the
work is done here after all.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def aside(work: Callable[[], None], parallel: bool) -> Iterator[None]:
    """`work` done by a forked process while the body runs when `parallel`, else here first."""
    if not parallel or sys.platform != "linux":
        work()
        yield
        return
    pid = os.fork()
    if pid == 0:  # the forked process
        code = 1
        try:
            work()
            code = 0
        finally:
            os._exit(code)
    try:
        yield
    finally:
        _, status = os.waitpid(pid, 0)
    if status != 0:
        work()
