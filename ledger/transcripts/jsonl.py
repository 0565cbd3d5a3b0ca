"""Streaming JSON Lines: one record at a time, in bounded memory, never fatal on a bad line."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, Generic, TypeVar

import msgspec

MAX_LINE_BYTES = 32 * 1024 * 1024
"""A line longer than this is skipped without ever being held whole in memory."""

UTF8_BOM = b"\xef\xbb\xbf"
T = TypeVar("T")


class JsonLines(Generic[T]):
    """Decode each line of a file as `T`; count what had to be skipped, and why."""

    def __init__(self, path: Path, record_type: type[T], max_line: int = MAX_LINE_BYTES) -> None:
        self.path = path
        self.max_line = max_line
        self.skipped: Counter[str] = Counter()
        self._decoder = msgspec.json.Decoder(record_type)

    @property
    def skipped_lines(self) -> int:
        return sum(self.skipped.values())

    def __iter__(self) -> Iterator[T]:
        with open(self.path, "rb") as f:
            if f.peek(len(UTF8_BOM))[: len(UTF8_BOM)] == UTF8_BOM:
                f.read(len(UTF8_BOM))
            while line := f.readline(self.max_line):
                if len(line) == self.max_line and not line.endswith(b"\n"):
                    self._discard_rest_of_line(f)
                    self.skipped[f"line over {self.max_line // (1024 * 1024)} MiB"] += 1
                    continue
                if line.isspace():
                    continue
                record = self._decode(line)
                if record is not None:
                    yield record

    def _discard_rest_of_line(self, f: BinaryIO) -> None:
        while chunk := f.readline(self.max_line):
            if chunk.endswith(b"\n"):
                return

    def _decode(self, line: bytes) -> T | None:
        try:
            return self._decoder.decode(line)
        except UnicodeDecodeError:
            pass
        except msgspec.ValidationError:
            self.skipped["unexpected record shape"] += 1
            return None
        except msgspec.DecodeError:
            self.skipped["malformed or truncated JSON"] += 1
            return None
        try:  # non-UTF-8 bytes: replaced (U+FFFD), the record kept
            return self._decoder.decode(line.decode("utf-8", "replace").encode("utf-8"))
        except (msgspec.DecodeError, msgspec.ValidationError):
            self.skipped["malformed or truncated JSON"] += 1
            return None
