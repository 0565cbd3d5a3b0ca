"""How redaction skips text that holds nothing a rule looks for: the text every match starts
with, one pass over a whole session, vendored rules tried only where a match may start. None
of it may cost a secret: each shortcut is checked against redacting each text alone."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from ledger_fixtures import CORPUS, SAMPLES

from ledger.models import Session, Text, Turn
from ledger.redact import _texts, redact, redact_path, redact_session, vendored
from ledger.redact.rules import heads
from ledger.transcripts.read import scan

NPM = "npm_" + "a1B2c3D4e5" * 3 + "f6G7h8"
VAULT = "hvs." + "aB3dE5gH7jK9mN1pQ3sT5vW7yZ9" * 4


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"A[KS]IA(?<![A-Za-z0-9+]A[KS]IA)[A-Z0-9]{16}", ["AKIA", "ASIA"]),
        (r"do(?<![A-Za-z0-9_]do)[opr]_v1_[a-f0-9]{64}", ["doo_v1_", "dop_v1_", "dor_v1_"]),
        (r"hooks\.slack\.com/(?:services|workflows)/", ["hooks.slack.com/"]),
        (r"pi[ _-]?[Kk]ey", [f"pi{gap}{k}ey" for gap in " _-" for k in "Kk"] + ["piKey", "pikey"]),
        (r"ab?c", ["abc", "ac"]),
        (r"ab+c", ["ab"]),
        (r"ab*c", ["a"]),
        (r"ab{2}c", ["a"]),
        (r"\bcurl", [""]),
        (r"[A-Za-z0-9]{20}", [""]),
    ],
)
def test_heads_are_the_text_every_match_starts_with(pattern: str, expected: list[str]) -> None:
    assert sorted(heads(pattern)) == sorted(expected)


def test_a_vendored_rule_is_tried_only_where_its_match_may_start() -> None:
    lead = {rule.id: rule.lead for rule in vendored.table().rules}
    assert lead["vault-service-token"] == 0  # \b((?:hvs\.…|s\.…)): at a keyword
    assert lead["npm-access-token"] == 0
    assert lead["lob-api-key"] == vendored.CONTEXT  # [\w.-]{0,50}?(?:lob)…: before its keyword
    assert lead["facebook-access-token"] == vendored.BEFORE  # keyword facebook, match \d{15,16}…


@pytest.mark.parametrize(
    "text",
    [
        f"Größe 日本語 — the vault token is {VAULT} to keep",
        f"\u212a (a Kelvin sign lowers to k) then {VAULT}",
        f"a lone surrogate \ud800 then {NPM} and {VAULT}",
        f"ü {NPM}\nü twitter_secret = '{'a1b2c3d4e5' * 4}abcde'",
    ],
)
def test_text_beyond_ascii_loses_its_secrets_and_keeps_the_rest(text: str) -> None:
    cleaned = redact(text)
    assert VAULT not in cleaned and NPM not in cleaned and "a1b2c3d4e5" not in cleaned
    assert cleaned.split()[0] == text.split()[0]


def _planted(*odd: str) -> Session:
    """A session whose texts hold secrets, private parts and nothing, beyond ASCII too; `odd`
    texts send it down the slow path (a NUL, a character that lowers to ASCII)."""
    texts = [
        "nothing here",
        f"deploy with {NPM}",
        "Größe <PRIVATE>mine</private> ok",
        f"the token {VAULT} ok",
        f"lone \ud800 {NPM}",
        "export PGPASSWORD=Tq8vXz93kLm2",
        *odd,
    ]
    base = scan([SAMPLES]).sessions[0]
    turn = Turn(1, texts[0], None, tuple(Text(text) for text in texts))
    source = Path(f"/home/me/.claude/projects/-home-me-{NPM}/x.jsonl")
    return replace(
        base,
        turns=(base.turns[0], turn),
        commands=tuple(texts),
        files_touched=(f"/tmp/{NPM}",),
        title=f"rotate {VAULT}",
        git_branch=f"fix/{NPM}",
        source=source,
    )


def _sessions() -> list[Session]:
    folders = [SAMPLES, *([CORPUS] if CORPUS.is_dir() else [])]
    return [*scan(folders).sessions, _planted(), _planted("a NUL\x00here", f"\u212a {VAULT}")]


@pytest.mark.parametrize("session", _sessions(), ids=lambda s: s.session_id[:8])
def test_a_session_is_redacted_as_each_of_its_texts_alone(session: Session) -> None:
    cleaned, (texts, ends) = redact_session(session), _texts(session)
    assert _texts(cleaned) == ([*map(redact, texts[:-1]), redact_path(texts[-1])], ends)
