"""Every test runs without an Anthropic key or endpoint from the environment: nothing may reach
the network, and the LLM pass runs only where a test starts a fake server and says so."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _no_anthropic_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name.startswith("ANTHROPIC_"):
            monkeypatch.delenv(name)


@pytest.fixture(autouse=True, scope="session")
def _one_cache_for_the_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The user's cache (`XDG_CACHE_HOME`: the compiled redaction screen) is a folder of the test
    run, which every process the tests start shares: nothing is written to the real one, and the
    screen is compiled once, not in each process."""
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if before is None:
        del os.environ["XDG_CACHE_HOME"]
    else:
        os.environ["XDG_CACHE_HOME"] = before
