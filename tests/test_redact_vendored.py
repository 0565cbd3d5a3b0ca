"""gitleaks' rules, vendored: loaded whole, run as gitleaks runs them, under ledger's guards."""

from __future__ import annotations

from importlib import resources

import pytest

from ledger.redact import find_secrets, redact, vendored

FAKE = "0123456789abcdefghijABCDEFGHIJ"


def test_every_rule_for_text_is_loaded_with_its_licence() -> None:
    rules = vendored.rule_names()
    assert len(rules) >= 200  # all of gitleaks' but the path-only ones and generic-api-key
    assert "generic-api-key" not in rules
    folder = resources.files("ledger") / "rules"
    assert "MIT License" in (folder / "LICENSE-gitleaks").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        (f"the sync uses lin_api_{FAKE}0123456789 now", "linear-api-key"),
        (f"run it with dp.pt.{FAKE}0123456789abc as before", "doppler-api-token"),
        (f'lob_key = "live_{"0123456789abcdef" * 2}012"', "lob-api-key"),
        (f"the vault token is hvs.{'aB3dE5gH7jK9mN1pQ3sT5vW7yZ9' * 4}", "vault-service-token"),
    ],
)
def test_a_format_only_gitleaks_knows_is_redacted(text: str, rule: str) -> None:
    assert [s.rule for s in find_secrets(text)] == [rule]
    assert f"[REDACTED:{rule}]" in redact(text)


def test_a_token_inside_a_run_of_base64_is_not_a_secret() -> None:
    blob = "iVBORw0KGgoAAAANSUhEUgAA" + f"lin_api_{FAKE}0123456789" + "AAElFTkSuQmCC"
    assert find_secrets(blob) == []


def test_ledgers_own_rule_decides_the_span_where_both_find_a_secret() -> None:
    text = "curl -u deploy:s4cretPassw0rd https://ci.example/x"
    assert redact(text) == "curl -u deploy:[REDACTED:cli-password] https://ci.example/x"
    assert redact(redact(text)) == redact(text)  # a marker is never taken for a secret


def test_entropy_is_gitleaks_shannon_entropy() -> None:
    assert vendored.entropy("aaaa") == 0
    assert vendored.entropy("abcd") == 2
