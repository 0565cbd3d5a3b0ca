"""Streaming JSON Lines: one record at a time, in bounded memory, never fatal on a bad line."""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO, Generic, TypeVar

import msgspec

from ledger.transcripts.discover import open_regular

MAX_LINE_BYTES = 32 * 1024 * 1024
"""A line longer than this is skipped without ever being held whole in memory."""

UTF8_BOM = b"\xef\xbb\xbf"
TOO_DEEP = "JSON nested too deeply"
"""msgspec bounds nesting (about 1,000 levels) with a RecursionError: such a line is skipped."""
T = TypeVar("T")


_SESSION_ID = re.compile(r"[0-9A-Za-z][0-9A-Za-z_.:-]{0,127}\Z")


def session_id(value: object) -> str | None:
    """A session id as a record states it, if it can be one (a short run of safe characters):
    a hostile id would otherwise name folders and fill the `_session.md` header."""
    return value if isinstance(value, str) and _SESSION_ID.match(value) else None


def readable_path(path: Path) -> Path:
    """`path` as text that can be written anywhere: bytes of a file name that are not UTF-8
    (kept by Python as surrogates, to open the file) become U+FFFD."""
    return Path(os.fsencode(path).decode("utf-8", "replace"))


def decode_json(data: bytes | str | msgspec.Raw) -> Any:
    """A JSON value decoded defensively: invalid UTF-8 replaced, too deep or malformed → None."""
    raw = bytes(data) if isinstance(data, msgspec.Raw) else data
    try:
        return msgspec.json.decode(raw)
    except (UnicodeError, msgspec.DecodeError):
        if isinstance(raw, bytes) and not _is_utf8(raw):  # replaced: this recurses once
            return decode_json(raw.decode("utf-8", "replace").encode("utf-8"))
        return None
    except RecursionError:
        return None


def _is_utf8(data: bytes) -> bool:
    """Whether bytes that failed to decode are valid UTF-8 (msgspec tells bad UTF-8 from bad JSON
    with a UnicodeDecodeError before 0.23, with a DecodeError since)."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


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
        with open_regular(self.path) as f:
            # not peek(): it returns all it buffered, a copy of the first MiB of every file
            if f.read(len(UTF8_BOM)) != UTF8_BOM:
                f.seek(0)  # within the buffer: nothing is read again
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
        except msgspec.ValidationError:
            self.skipped["unexpected record shape"] += 1
            return None
        except (msgspec.DecodeError, UnicodeDecodeError):
            if _is_utf8(line):
                self.skipped["malformed or truncated JSON"] += 1
                return None
        except RecursionError:
            self.skipped[TOO_DEEP] += 1
            return None
        try:  # non-UTF-8 bytes: replaced (U+FFFD), the record kept
            return self._decoder.decode(line.decode("utf-8", "replace").encode("utf-8"))
        except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
            self.skipped["malformed or truncated JSON"] += 1
            return None
