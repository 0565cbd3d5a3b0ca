"""Fuzzing the readers with mutations of the shared corpus (of the bundled samples where it is
not here): no run fails because of one file.

Each case is one transcript of `../shared/corpus/` changed one way (truncated, bytes flipped,
NUL bytes let in, one field of one record given a wrong type or a deep nesting, a huge line),
seeded so every run tries the same cases. One ingest reads them all: it must finish, and every
file must come out as a session or as a skip with its reason, never as a reader failure.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ledger_fixtures import CORPUS, SAMPLES, new_ledger, run_ingest

from ledger.transcripts.read import READER_FAILED

SEED = 20
BASE_BYTES = 60_000
"""Corpus transcripts up to this size are mutated: small ones keep the run well under a minute."""
FIELDS_PER_RECORD = 40
SHAPES_PER_FILE = 8
WRONG: tuple[Any, ...] = (None, 7, -1.5, True, "text", [], [1, "a"], {}, {"x": {"y": None}})
DEEP = "[" * 3000 + "]" * 3000


def _bases() -> list[Path]:
    """The corpus transcripts to mutate; the bundled samples where the corpus is not here (a
    clean clone in CI), so the test always runs."""
    folder = CORPUS if CORPUS.is_dir() else SAMPLES
    files = sorted(folder.rglob("*.jsonl"))
    return [p for p in files if 2_000 < p.stat().st_size <= BASE_BYTES and "agent-" not in p.name]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every field of a record, nested ones too (the first item of a list stands for all)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*prefix, key)
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list) and value:
        yield (*prefix, 0)
        yield from _paths(value[0], (*prefix, 0))


def _with(record: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(record))
    holder = copy
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return copy


def _shape(record: Any) -> str:
    if not isinstance(record, dict):
        return "?"
    payload = record.get("payload") if isinstance(record.get("payload"), dict) else {}
    message = record.get("message") if isinstance(record.get("message"), dict) else {}
    content = message.get("content")
    block = content[0].get("type") if isinstance(content, list) and content else type(content)
    return f"{record.get('type')}/{payload.get('type')}/{block}"


def _type_cases(data: bytes, rng: random.Random) -> Iterator[tuple[str, bytes]]:
    """One field of one record of each shape given a wrong type (or a deep nesting)."""
    lines = data.split(b"\n")
    seen: set[str] = set()
    for index, line in enumerate(lines):
        try:
            record = json.loads(line)
        except ValueError:
            continue
        shape = _shape(record)
        if shape in seen or len(seen) >= SHAPES_PER_FILE:
            continue
        seen.add(shape)
        for n, path in enumerate(list(_paths(record))[:FIELDS_PER_RECORD]):
            wrong = rng.choice(WRONG)
            mutant = json.dumps(_with(record, path, wrong)).encode()
            if n % 7 == 0:  # deep nesting in place of the field
                mutant = mutant.replace(json.dumps(wrong).encode(), DEEP.encode(), 1)
            changed = [*lines[:index], mutant, *lines[index + 1 :]]
            yield f"type-{index}-{n}", b"\n".join(changed)


def _byte_cases(data: bytes, rng: random.Random) -> Iterator[tuple[str, bytes]]:
    for n in range(3):
        yield f"truncated-{n}", data[: rng.randrange(1, len(data))]
    for n in range(3):
        flipped = bytearray(data)
        for _ in range(rng.randint(1, 64)):
            flipped[rng.randrange(len(flipped))] = rng.randrange(256)
        yield f"flipped-{n}", bytes(flipped)
    for n in range(2):
        at = rng.randrange(len(data))
        yield f"nul-{n}", data[:at] + b"\0" * rng.randint(1, 5000) + data[at:]


def _huge_cases(data: bytes) -> Iterator[tuple[str, bytes]]:
    first, _, rest = data.partition(b"\n")
    yield "huge-over-limit", first + b"\n" + b'{"type":"' + b"x" * 33_000_000 + b'"}\n' + rest
    record = json.loads(first)
    big = json.dumps(_with(record, (next(iter(record)),), "y" * 5_000_000)).encode()
    yield "huge-valid", big + b"\n" + data


def fuzz_cases(seed: int = SEED) -> list[tuple[str, bytes]]:
    """(name, bytes) of every case, the same for the same seed."""
    rng = random.Random(seed)
    made: list[tuple[Path, str, bytes]] = []
    bases = _bases()
    for base in bases:
        data = base.read_bytes()
        made += [(base, n, c) for n, c in (*_byte_cases(data, rng), *_type_cases(data, rng))]
    made += [(bases[0], n, c) for n, c in _huge_cases(bases[0].read_bytes())]
    return [_own_id(base, n, name, content) for n, (base, name, content) in enumerate(made)]


def _own_id(base: Path, n: int, name: str, content: bytes) -> tuple[str, bytes]:
    """Each case a session of its own: its id (in its name and records) made unique."""
    old = base.stem[-36:]
    new = f"{n:08x}{old[8:]}"
    return f"{base.name.replace(old, new)[:-6]}-{name}.jsonl", content.replace(
        old.encode(), new.encode()
    )


def test_no_run_fails_because_of_one_file(tmp_path: Path) -> None:
    cases = fuzz_cases()
    source = tmp_path / "fuzzed"
    source.mkdir()
    for name, content in cases:
        (source / name).write_bytes(content)
    ledger = new_ledger(tmp_path / "ledger")
    started = time.perf_counter()
    result = run_ingest(ledger, source)
    seconds = time.perf_counter() - started
    failed = [s for s in result.skipped if s.reason.startswith(READER_FAILED)]
    assert failed == [], f"{len(failed)} of {len(cases)} cases broke a reader: {failed[:3]}"
    accounted = result.new + result.unchanged + result.filtered + len(result.skipped)
    assert len(cases) > 100 and accounted >= len(cases) - result.unchanged
    assert seconds < 50, f"{len(cases)} cases took {seconds:.1f} s"
    assert run_ingest(ledger, source).commit is None  # and the run after settles
