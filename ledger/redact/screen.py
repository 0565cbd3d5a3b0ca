"""Which rules may match a text: every rule's regex run at once by Hyperscan, a multi-regex
engine, so that a text runs only the few rules that can find something in it.

Each regex is read by Python's own parser and written again as a byte pattern that matches
wherever the regex can (a superset): lookarounds and anchors are dropped, and word boundaries
but those beside ASCII word characters; a part that may match a character beyond ASCII matches
any run of such bytes; a repeat of more than 64 is unbounded; a back-reference is anything; the
pattern ends before its first gap. A text its pattern does not match cannot match the rule; one
it matches goes through the rule itself. Compiling the ~250 patterns takes seconds, so the
database is kept in the user's cache, named by the regexes, the engine's version and this
module's digest. Where Hyperscan has no wheel (Linux on ARM with Python 3.14, Windows on ARM)
there is no screen, and every rule is tried as before.
"""

from __future__ import annotations

import hashlib
import os
import platform
import re
import sys
import threading
import time
from bisect import bisect_left
from collections.abc import Sequence
from itertools import accumulate
from pathlib import Path
from typing import Any

from ledger.atomic import write_bytes_atomic
from ledger.lazy_regex import LazyRegex

if sys.version_info >= (3, 11):
    from re import _constants as sre
    from re import _parser as sre_parse
else:  # pragma: no cover - Python 3.10
    import sre_constants as sre
    import sre_parse


Regex = re.Pattern[str] | LazyRegex
"""A regex as the screen reads it: its pattern and its flags, compiled or not."""
_ASCII = tuple(map(chr, range(128)))
_FOLDED = {0x130: "iI", 0x131: "iI", 0x17F: "sS", 0x212A: "kK"}
"""The characters beyond ASCII that match an ASCII letter case-blind (İ ı, K, ſ), with those
letters. The screen leaves a text that holds one to every rule: patterns that allowed them found
no literal to look for, and ran several times as slow."""
_FOLDING = tuple(chr(code).encode() for code in _FOLDED)
"""Their UTF-8: a pattern of its own in the screen, after the rules."""
_WIDE = r"[\x80-\xff]+"
"""Any characters beyond ASCII, in UTF-8: one of them is one to four such bytes."""
_NOTHING = r"\xff"
"""A class of no character: a byte UTF-8 never holds."""
_GAP = (16, 96)
"""A repeat of more than 16 of a class of more than 96 ASCII characters (`.*`, `[^\\n]{0,60}`)
is a gap: a pattern is cut before its first one. Its words before the gap are what makes it
rare, and the gap made Hyperscan report a match at nearly every character after them (the prose
rule alone, 13 ms of 15 on shared/corpus)."""
_LONGEST = 64
"""A repeat of more than this is unbounded in the pattern (Hyperscan compiles long bounded
repeats slowly: `[\\s\\S]{0,20000}` took minutes)."""
_CATEGORIES = {
    sre.CATEGORY_DIGIT: r"\d",
    sre.CATEGORY_NOT_DIGIT: r"\D",
    sre.CATEGORY_SPACE: r"\s",
    sre.CATEGORY_NOT_SPACE: r"\S",
    sre.CATEGORY_WORD: r"\w",
    sre.CATEGORY_NOT_WORD: r"\W",
}
_REPEATS = {sre.MAX_REPEAT, sre.MIN_REPEAT, getattr(sre, "POSSESSIVE_REPEAT", sre.MAX_REPEAT)}
_ZERO_WIDTH = {sre.AT, sre.ASSERT, sre.ASSERT_NOT}


class Untranslatable(ValueError):
    """A regex construct the screen does not know (a rule with one is always tried)."""


def _members(items: Sequence[tuple[Any, Any]], flags: int) -> tuple[frozenset[str], bool]:
    """The ASCII characters a class matches, and whether it may match one beyond ASCII."""
    chars: set[str] = set()
    wide = negate = False
    unicode = not flags & re.ASCII
    for op, arg in items:
        if op is sre.NEGATE:
            negate = True
        elif op is sre.LITERAL:
            chars.update(_ASCII[arg : arg + 1])
            wide = wide or arg > 127
        elif op is sre.RANGE:
            chars.update(_ASCII[arg[0] : arg[1] + 1])
            wide = wide or arg[1] > 127
        elif op is sre.CATEGORY and arg in _CATEGORIES:
            spelt = re.compile(_CATEGORIES[arg], 0 if unicode else re.ASCII)
            chars.update(char for char in _ASCII if spelt.match(char))
            wide = wide or unicode or _CATEGORIES[arg].isupper()
        else:
            raise Untranslatable(op)
    if flags & re.IGNORECASE:
        chars |= {char.swapcase() for char in chars}
        if unicode:
            chars.update(*(partner for code, partner in _FOLDED.items() if _holds(items, code)))
    if negate:
        return frozenset(_ASCII) - chars, True
    return frozenset(chars), wide


def _holds(items: Sequence[tuple[Any, Any]], code: int) -> bool:
    """Whether a class's literals and ranges name the character `code`."""
    return any(
        (op is sre.LITERAL and arg == code) or (op is sre.RANGE and arg[0] <= code <= arg[1])
        for op, arg in items
    )


def _class(chars: frozenset[str], wide: bool) -> str:
    spelt = "[" + "".join(f"\\x{ord(char):02x}" for char in sorted(chars)) + "]"
    if not chars:
        return _WIDE if wide else _NOTHING
    return f"(?:{spelt}|{_WIDE})" if wide else spelt


def _one(op: Any, arg: Any, flags: int) -> str:
    """One character of the text, as bytes."""
    if op is sre.LITERAL and arg > 127 and not flags & re.IGNORECASE:
        return "".join(f"\\x{byte:02x}" for byte in chr(arg).encode("utf-8", "surrogatepass"))
    if op is sre.LITERAL:
        return _class(*_members([(op, arg)], flags))
    if op is sre.NOT_LITERAL:
        return _class(*_members([(sre.NEGATE, None), (sre.LITERAL, arg)], flags))
    if op is sre.IN:
        return _class(*_members(arg, flags))
    every = frozenset(_ASCII) if flags & re.DOTALL else frozenset(_ASCII) - {"\n"}
    return _class(every, True)  # ANY


_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


def _edge(items: Sequence[tuple[Any, Any]], flags: int, last: bool) -> frozenset[str] | None:
    """The characters the first (or `last`) character of a match of `items` may be, when they
    are all ASCII and the part that gives it cannot match nothing; else None."""
    if not items:
        return None
    op, arg = items[-1 if last else 0]
    if (op is sre.LITERAL and arg < 128) or op is sre.IN:
        chars, wide = _members([(op, arg)] if op is sre.LITERAL else arg, flags)
        return None if wide else chars
    if op in _REPEATS and arg[0] > 0:
        return _edge(arg[2], flags, last)
    if op is sre.SUBPATTERN:
        return _edge(arg[3], (flags | arg[1]) & ~arg[2], last)
    if op is sre.BRANCH:
        found: set[str] = set()
        for branch in arg[1]:
            edge = _edge(branch, flags, last)
            if edge is None:
                return None
            found |= edge
        return frozenset(found)
    return None


def _boundary(items: Sequence[tuple[Any, Any]], at: int, flags: int) -> str:
    """`\\b` where the part beside it can only be ASCII word characters: there a byte engine's
    boundary is wherever Python's is (a character beyond ASCII is no word character to it, and
    may be one to Python only on the other side). Anywhere else, nothing."""
    after, before = _edge(items[at + 1 :], flags, False), _edge(items[:at], flags, True)
    return r"\b" if any(edge and edge <= _WORD for edge in (after, before)) else ""


def _written(items: Sequence[tuple[Any, Any]], flags: int) -> str:
    parts = []
    for at, (op, arg) in enumerate(items):
        if op is sre.AT and arg is sre.AT_BOUNDARY:
            parts.append(_boundary(items, at, flags))
        elif op in (sre.LITERAL, sre.NOT_LITERAL, sre.IN, sre.ANY):
            parts.append(_one(op, arg, flags))
        elif op in _REPEATS:
            least, most, repeated = arg
            if most is sre.MAXREPEAT or most > _LONGEST:
                times = f"{{{min(least, _LONGEST)},}}"
            else:
                times = f"{{{least},{most}}}"
            parts.append(f"(?:{_written(repeated, flags)}){times}")
        elif op is sre.SUBPATTERN:
            _, added, removed, grouped = arg
            parts.append(f"(?:{_written(grouped, (flags | added) & ~removed)})")
        elif op is getattr(sre, "ATOMIC_GROUP", None):
            parts.append(f"(?:{_written(arg, flags)})")
        elif op is sre.BRANCH:
            parts.append("(?:" + "|".join(_written(each, flags) for each in arg[1]) + ")")
        elif op is sre.GROUPREF_EXISTS:
            _, yes, no = arg
            parts.append(f"(?:{_written(yes, flags)}|{_written(no or [], flags)})")
        elif op is sre.GROUPREF:
            parts.append(r"[\x00-\xff]*")
        elif op not in _ZERO_WIDTH:
            raise Untranslatable(op)
    return "".join(parts)


def _optional(item: tuple[Any, Any]) -> bool:
    op, arg = item
    return op in _ZERO_WIDTH or (op in _REPEATS and arg[0] == 0)


def _gap(item: tuple[Any, Any], flags: int) -> bool:
    op, arg = item
    if op not in _REPEATS or (arg[1] is not sre.MAXREPEAT and arg[1] <= _GAP[0]):
        return False
    if len(arg[2]) != 1 or arg[2][0][0] not in (sre.NOT_LITERAL, sre.IN, sre.ANY):
        return False
    (unit, spec), most = arg[2][0], _GAP[1]
    if unit is sre.ANY:
        return True
    items = [(sre.NEGATE, None), (sre.LITERAL, spec)] if unit is sre.NOT_LITERAL else spec
    return len(_members(items, flags)[0]) > most


def pattern(regex: Regex) -> str:
    """A byte pattern that matches a text's UTF-8 wherever `regex` matches the text: what comes
    before the regex's first gap, without the parts at its start or end that may match nothing
    (they do not decide whether it matches)."""
    parsed = sre_parse.parse(regex.pattern, regex.flags)
    flags = parsed.state.flags
    items = list(parsed.data)
    while items and _optional(items[0]):
        items.pop(0)
    gaps = [n for n, item in enumerate(items) if _gap(item, flags)]
    items = items[: gaps[0]] if gaps else items
    while items and _optional(items[-1]):
        items.pop()
    if not items:
        raise Untranslatable("a regex that may match nothing")
    return _written(items, flags)


_MOST_MATCHES = 100_000
"""Past this many matches in one scan (megabytes of hex, say) the screen gives up on the texts,
and every rule runs over them: Python would spend longer counting the matches."""


class Screen:
    """The rules (by their index in the list it was made from) that may match each of many texts,
    found in one scan of them all (one scan per text cost ten times as much: Hyperscan's start on
    a small block is slow)."""

    def __init__(self, database: Any, always: tuple[int, ...], folding: int) -> None:
        self._database = database
        self._always = always
        self._folding = folding
        self._local = threading.local()

    def rules(self, texts: Sequence[bytes]) -> list[frozenset[int] | None]:
        """For each text (its UTF-8), the rules that may match it; None where any may."""
        import hyperscan

        scratch = getattr(self._local, "scratch", None)
        if scratch is None:
            scratch = self._local.scratch = hyperscan.Scratch(self._database)
        found: list[tuple[int, int]] = []
        try:
            self._database.scan(_SEPARATOR.join(texts), _found, 0, found, scratch)
        except hyperscan.ScanTerminated:
            return [None] * len(texts)
        ends = list(accumulate(map(_SEPARATED, map(len, texts))))
        matched: dict[int, set[int]] = {}
        for rule, end in found:  # a match ends in the text whose end comes next
            matched.setdefault(bisect_left(ends, end), set(self._always)).add(rule)
        named: list[frozenset[int] | None] = [frozenset(self._always)] * len(texts)
        for n, rules in matched.items():
            named[n] = None if self._folding in rules else frozenset(rules)
        return named


_SEPARATOR = b"\n"
"""Between texts scanned together. A match that runs across it names a rule for the text it
ends in: one more text tried, never one fewer (a match within a text ends in it)."""
_SEPARATED = (len(_SEPARATOR)).__add__


def _found(rule: int, start: int, end: int, flags: int, found: list[tuple[int, int]]) -> bool:
    found.append((rule, end))
    return len(found) > _MOST_MATCHES


def screen(regexes: Sequence[Regex]) -> Screen | None:
    """The screen of `regexes`, compiled or read from the cache; None without Hyperscan. A regex
    it cannot translate, or whose pattern the engine rejects, is named for every text."""
    try:
        import hyperscan
    except ImportError:  # pragma: no cover - a platform without a wheel
        return None
    sources = [f"{regex.flags}:{regex.pattern}" for regex in regexes]
    engine = f"{getattr(hyperscan, '__version__', '')}/{platform.machine()}/{_TRANSLATOR}"
    key = hashlib.sha256("\0".join([engine, *sources]).encode()).hexdigest()[:16]
    cached = _cache_dir() / f"redact-screen-{key}.hs"
    try:
        always, database = _loaded(cached.read_bytes())
    except (OSError, ValueError, hyperscan.error):
        built = _built(regexes)
        if built is None:
            return None
        always, database = built
        head = ",".join(map(str, always)).encode()
        _keep(cached, head + b"\n" + hyperscan.dumpb(database))
    return Screen(database, always, len(regexes))


_TRANSLATOR = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:8]
"""This module's own digest: a cached database is named by it, and a change to how patterns are
written compiles them anew."""


def _loaded(data: bytes) -> tuple[tuple[int, ...], Any]:
    """A database from the cache (the regexes it lacks on its first line), if it runs on this
    CPU (a home folder may be shared by machines of another kind)."""
    import hyperscan

    head, _, kept = data.partition(b"\n")
    always = tuple(int(n) for n in head.split(b",") if n)
    database = hyperscan.loadb(kept, hyperscan.HS_MODE_BLOCK)
    database.scan(b"", lambda *_: None, 0, None, hyperscan.Scratch(database))
    return always, database


def _built(regexes: Sequence[Regex]) -> tuple[tuple[int, ...], Any] | None:
    """The database of the regexes' patterns, and the regexes it lacks: those that cannot be
    translated, and those whose pattern the engine rejects (found by compiling each alone, only
    when the whole set fails); None when the set fails for no one of them."""
    import hyperscan

    patterns: dict[int, bytes] = {}
    for n, regex in enumerate(regexes):
        try:
            patterns[n] = pattern(regex).encode()
        except Untranslatable:
            continue
    folding = "|".join("".join(f"\\x{b:02x}" for b in char) for char in _FOLDING)
    patterns[len(regexes)] = folding.encode()
    while True:
        database = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
        try:
            database.compile(
                expressions=list(patterns.values()), ids=list(patterns), flags=[0] * len(patterns)
            )
            return tuple(n for n in range(len(regexes)) if n not in patterns), database
        except hyperscan.error:
            rejected = [n for n, each in patterns.items() if not _compiles(each)]
            if not rejected:
                return None
            for n in rejected:
                del patterns[n]


def _compiles(expression: bytes) -> bool:
    import hyperscan

    try:
        hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK).compile(expressions=[expression])
    except hyperscan.error:
        return False
    return True


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "ledger"


def _keep(path: Path, data: bytes) -> None:
    """Write the compiled database where the next process finds it; a cache that cannot be
    written costs the next process a compile, nothing else."""
    try:
        write_bytes_atomic(path, data)
    except OSError:
        return
    _prune(path)


_STALE = 30 * 24 * 3600
"""A cached database of other rules or another version, compiled this long ago, is removed when
a new one is kept: each upgrade would leave a megabyte behind (an install still using it
compiles it again, once)."""


def _prune(kept: Path) -> None:
    cutoff = time.time() - _STALE
    for other in kept.parent.glob("redact-screen-*.hs"):
        try:
            if other != kept and other.stat().st_mtime < cutoff:
                other.unlink()
        except OSError:
            continue
