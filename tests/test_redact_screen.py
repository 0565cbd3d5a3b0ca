"""The rule screen (Hyperscan): a text runs only the rules whose byte pattern matches it, so each
pattern must match wherever its rule's regex does. Checked rule by rule on every sample and
placement, beyond ASCII, and against redaction that tries every rule."""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path

import pytest
from ledger_fixtures import CORPUS, SAMPLES
from test_redact import NEAR_MISSES, ORDINARY, PLACEMENTS, POSITIVES
from test_ways_out import MORE

from ledger import redact as redacting
from ledger.redact import _texts, redact
from ledger.redact import screen as redact_screen
from ledger.transcripts.read import scan

RULES = redacting._screened_regexes()
AROUND = [
    "{}",
    "Größe {} überall",
    "пароль: {}",
    "密码：{}",
    "password\u00a0=\u00a0{}",
    "token = «{}»",
    "\u2003{}\u3000",
    "lone \ud800 {} \udfff",
    "a NUL\x00{}\x00",
]
SAMPLES_TEXTS = sorted(
    {before + secret + after for _, before, secret, after in POSITIVES}
    | {text for _, text in NEAR_MISSES}
    | set(ORDINARY)
    | {place.format(secret) for place in PLACEMENTS for _, _, secret, _ in POSITIVES}
    | {around.format(secret) for around in AROUND for _, secret in MORE}
    | {around.format(b + secret + a) for around in AROUND for _, b, secret, a in POSITIVES}
)  # fmt: skip


def _missed(texts: list[str]) -> list[tuple[str, str]]:
    """The (rule, text) pairs where a rule's regex matches and the screen did not name it."""
    screen = redacting._rule_screen()
    assert screen is not None
    named = screen.rules([text.encode("utf-8", "surrogatepass") for text in texts])
    return [
        (RULES[n].pattern[:60], text[:80])
        for text, rules in zip(texts, named, strict=True)
        if rules is not None
        for n, regex in enumerate(RULES)
        if n not in rules and regex.search(text)
    ]


def test_every_rule_is_screened() -> None:
    for regex in RULES:
        assert redact_screen.pattern(regex)  # none is left to run over every text
    assert redact_screen.screen(RULES) is not None


@pytest.mark.parametrize("text", SAMPLES_TEXTS)
def test_a_rule_is_named_wherever_its_regex_matches(text: str) -> None:
    assert _missed([text]) == []


def test_texts_screened_together_are_each_named_their_rules() -> None:
    assert _missed(SAMPLES_TEXTS) == []
    assert _missed(list(reversed(SAMPLES_TEXTS))) == []


def _shuffled(seed: int) -> str:
    """A text of pieces of the samples, cut anywhere, with characters that byte and character
    engines see differently put in between."""
    chance = random.Random(seed)
    odd = ["é", "ß", "Ж", "中", "\U0001f600", "\u00a0", "\u200b", "\t", "\n", "\\n", '"', "=", ": "]
    pieces = []
    for _ in range(chance.randint(1, 6)):
        text = chance.choice(SAMPLES_TEXTS)
        start = chance.randrange(len(text))
        pieces += [text[start : start + chance.randint(1, 120)], chance.choice(odd)]
    return "".join(pieces)


def test_texts_cut_and_mixed_are_each_named_their_rules() -> None:
    texts = [_shuffled(seed) for seed in range(800)]
    assert _missed(texts) == []
    assert all(_missed([text]) == [] for text in texts[:200])


@pytest.mark.parametrize(
    ("regex", "text"),
    [
        (r"(?i)\u212a", "k"),  # the Kelvin sign matches k case-blind
        (r"(?i)[\u0130]x", "ix"),
        (r"\w{3}\d", "äöü5"),
        (r"[^\s]{4}x", "ééééx"),
        (r"a.{0,3}b", "a\u00e9\u4e2d\U0001f600b"),
        (r"(?s)a.b", "a\nb"),
        (r"(a)?(?(1)b|c)d", "cd"),
        (r"(ab)\1", "abab"),
        (r"(?<=x)y\b(?!z)", "xy"),
        (r"\bab\b", "\u2192ab\u2192"),  # a boundary beside characters beyond ASCII
        (r"x\b", "x\u00a0"),
        (r"\b\w+x", "\u00e9ax"),
        (r"\u00e9\b", "\u00e9."),
        (r"a{100}", "a" * 100),
        (r"\Aab\Z", "ab"),
        (r"[\u00e0-\u00ff]x", "éx"),
        (r"(?i)[\u00e0-\u00ff]x", "Éx"),
        (r"пароль: \d+", "пароль: 123"),
        (r"\x00z", "\x00z"),
        (r"\ud800x", "\ud800x"),
        (r"(?>ab|a)c", "abc"),
        (r"key.*=\s*\S{8}", "key = abcdefgh"),
        (r"a?", "b"),  # may match nothing: named for every text
        (r"(?:a|)b?", "c"),  # the same, found by the engine: it rejects the pattern
    ],
)
def test_a_construct_is_screened_loose_never_tight(regex: str, text: str) -> None:
    compiled = re.compile(regex)
    screen = redact_screen.screen([re.compile("never-matched-here"), compiled])
    assert screen is not None
    assert compiled.search(text)
    [named] = screen.rules([text.encode("utf-8", "surrogatepass")])
    assert named is None or 1 in named


def test_a_text_with_a_letter_that_folds_to_ascii_is_left_to_every_rule() -> None:
    screen = redacting._rule_screen()
    assert screen is not None
    assert screen.rules(["\u212aey: abc".encode(), b"plain", "\u017fecret".encode()]) == [
        None,
        frozenset(),
        None,
    ]


def test_a_text_with_too_many_matches_is_left_to_every_rule() -> None:
    screen = redacting._rule_screen()
    assert screen is not None
    assert screen.rules([b"plain", b"mysql -p x " * 110_000]) == [None, None]


def _corpus_texts() -> list[str]:
    folders = [SAMPLES, *([CORPUS] if CORPUS.is_dir() else [])]
    return [text for session in scan(folders).sessions for text in _texts(session)[0]]


def test_redaction_with_the_screen_is_redaction_with_every_rule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    texts = [*_corpus_texts(), *SAMPLES_TEXTS]
    screened = [redact(text) for text in texts]
    monkeypatch.setattr(redacting, "_rule_screen", lambda: None)
    assert [redact(text) for text in texts] == screened


def _screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> redact_screen.Screen | None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return redact_screen.screen([re.compile(r"tok_[a-z]{8}"), re.compile(r"(?i)secret=\S{8}")])


def test_the_compiled_screen_is_kept_and_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hyperscan

    first = _screen(tmp_path, monkeypatch)
    [kept] = (tmp_path / "ledger").glob("redact-screen-*.hs")
    texts = [b"x tok_abcdefgh", b"nothing", b"SECRET=abcdefgh tok_abcdefgh"]
    expected = [frozenset({0}), frozenset(), frozenset({0, 1})]
    assert first is not None and first.rules(texts) == expected

    def no_compile(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled again")

    monkeypatch.setattr(hyperscan, "Database", no_compile)
    again = _screen(tmp_path, monkeypatch)
    assert again is not None and again.rules(texts) == expected
    monkeypatch.undo()

    kept.write_bytes(b"0,1\nnot a database")
    broken = _screen(tmp_path, monkeypatch)
    assert broken is not None and broken.rules(texts) == expected
    assert kept.stat().st_size > 100
    assert [p.name for p in (tmp_path / "ledger").iterdir()] == [kept.name]


def test_a_new_database_removes_those_compiled_long_ago(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "ledger"
    folder.mkdir()
    old, recent = folder / "redact-screen-0000.hs", folder / "redact-screen-1111.hs"
    for each in (old, recent):
        each.write_bytes(b"x")
    os.utime(old, (time.time() - 31 * 86400,) * 2)
    assert _screen(tmp_path, monkeypatch) is not None
    assert not old.exists() and recent.exists() and len(list(folder.iterdir())) == 2


def test_a_cache_that_cannot_be_written_costs_a_compile_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "ledger").write_text("a file where the folder would be")
    screen = _screen(tmp_path, monkeypatch)
    assert screen is not None and screen.rules([b"tok_abcdefgh"]) == [frozenset({0})]
