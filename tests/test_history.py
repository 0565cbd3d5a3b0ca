"""`ledger log ID`: the commits that changed a finding's file, and its supersedes chain."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ledger_fixtures import copy_samples, git, new_ledger, run_ingest
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.config import Config
from ledger.errors import LedgerError
from ledger.search.log import finding_history

REDIS = "d9638cc8d108"
"""The Redis-cache decision of the samples (2026-11-19)."""
RATE = "decision-go-with-incr-expire-instead-of-a-token-bucket-in-lua.md"


def _path_of(root: Path, name: str) -> Path:
    [found] = root.glob(f"sessions/*/{name}")
    return found


def _set_list(path: Path, key: str, value: str) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f"{key}: []", f"{key}:\n  - {value}", 1), encoding="utf-8")


@pytest.fixture
def chained(tmp_path: Path) -> Config:
    """The samples, then a person records that the rate-limit decision replaced the Redis one."""
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, copy_samples(tmp_path / "samples"))
    root = config.root
    redis = next(root.glob("sessions/*/decision-redis-*.md"))
    rate = _path_of(root, RATE)
    rate_id = next(line for line in rate.read_text().splitlines() if line.startswith("id: "))[4:]
    _set_list(rate, "supersedes", REDIS)
    _set_list(redis, "superseded_by", rate_id)
    git(root, "commit", "--quiet", "--all", "--message", "note what replaced what")
    return config


def test_log_shows_the_commits_of_the_file_newest_first(chained: Config) -> None:
    history = finding_history(chained.root, chained.state, REDIS)
    assert history.kind == "decision"
    assert [c.subject for c in history.commits] == [
        "note what replaced what",
        "ledger: ingest 5 sessions (+33 ~0 -0 findings)",
    ]


def test_log_follows_the_chain_both_ways(chained: Config) -> None:
    old = finding_history(chained.root, chained.state, REDIS)
    assert [link.path.rsplit("/", 1)[1] for link in old.replaced_by] == [RATE]
    assert old.replaced == ()
    new = finding_history(chained.root, chained.state, old.replaced_by[0].id)
    assert [link.id for link in new.replaced] == [REDIS]


def test_one_side_of_a_link_is_enough(chained: Config) -> None:
    redis = next(chained.root.glob("sessions/*/decision-redis-*.md"))
    text = redis.read_text(encoding="utf-8")
    redis.write_text(text.replace("superseded_by:\n  - ", "superseded_by: []\nx: "), "utf-8")
    assert finding_history(chained.root, chained.state, REDIS).replaced_by, "from the new side"


def test_an_unknown_or_ambiguous_id_says_what_to_do(chained: Config) -> None:
    with pytest.raises(LedgerError, match="no finding 'ffffff'"):
        finding_history(chained.root, chained.state, "ffffff")
    with pytest.raises(LedgerError, match="findings start with ''"):
        finding_history(chained.root, chained.state, "")


def test_log_json_for_programs(chained: Config) -> None:
    result = CliRunner().invoke(app, ["log", REDIS[:8], "--ledger", str(chained.root), "--json"])
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert set(shown) == {
        "id", "path", "title", "date", "kind", "status", "commits", "supersedes", "superseded_by"
    }  # fmt: skip
    assert shown["id"] == REDIS
    assert shown["commits"][0]["subject"] == "note what replaced what"
    assert shown["superseded_by"][0]["path"].endswith(RATE)


def test_show_prints_a_finding_by_its_id(chained: Config) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["show", REDIS[:8], "--ledger", str(chained.root)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"---\nid: {REDIS}\nkind: decision\n")
    assert "superseded_by:" in result.stdout
