"""Every test runs without an Anthropic key or endpoint from the environment: nothing may reach
the network, and the LLM pass runs only where a test starts a fake server and says so."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True)
def _no_anthropic_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name.startswith("ANTHROPIC_"):
            monkeypatch.delenv(name)
