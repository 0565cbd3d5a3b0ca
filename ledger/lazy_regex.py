"""Regular expressions compiled when first used: of a table of hundreds (the structural pass's
rows, the secret scanner's rules) a run compiles only those its texts need."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator

_END = sys.maxsize


class LazyRegex:
    """`re.compile(pattern, flags)`, done on the first search. `flags` are those given: flags a
    pattern sets inline (`(?s)…`) are read from it by whoever parses it, as `re` does."""

    __slots__ = ("_compiled", "flags", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    def _compile(self) -> re.Pattern[str]:
        self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled

    def search(self, text: str, pos: int = 0, endpos: int = _END) -> re.Match[str] | None:
        return (self._compiled or self._compile()).search(text, pos, endpos)

    def match(self, text: str, pos: int = 0, endpos: int = _END) -> re.Match[str] | None:
        return (self._compiled or self._compile()).match(text, pos, endpos)

    def finditer(self, text: str, pos: int = 0, endpos: int = _END) -> Iterator[re.Match[str]]:
        return (self._compiled or self._compile()).finditer(text, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str, count: int = 0) -> str:
        return (self._compiled or self._compile()).sub(repl, text, count)
