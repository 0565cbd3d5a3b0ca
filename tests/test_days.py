"""Days as people type them for --since and --until."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.times import parse_day

TODAY = date(2026, 11, 24)
runner = CliRunner()


@pytest.mark.parametrize(
    ("typed", "end", "day"),
    [
        ("2026-11-03", False, date(2026, 11, 3)),
        ("2026-11", False, date(2026, 11, 1)),
        ("2026-11", True, date(2026, 11, 30)),
        ("2026-02", True, date(2026, 2, 28)),
        ("2024-02", True, date(2024, 2, 29)),
        ("2025-12", True, date(2025, 12, 31)),
        ("7d", False, date(2026, 11, 17)),
        ("2w", False, date(2026, 11, 10)),
        ("today", False, TODAY),
        (" Yesterday ", False, date(2026, 11, 23)),
    ],
)
def test_days_people_type(typed: str, end: bool, day: date) -> None:
    assert parse_day(typed, TODAY, end) == day


@pytest.mark.parametrize("typed", ["", "last week", "2026-13", "11/24", "7x", "-3d"])
def test_other_text_is_refused_with_the_forms_that_work(typed: str) -> None:
    with pytest.raises(ValueError, match="7d, 2w, today or yesterday"):
        parse_day(typed, TODAY)


def test_the_cli_takes_them_and_refuses_the_rest(tmp_path: Path) -> None:
    from ledger_fixtures import SAMPLES

    root = tmp_path / "ledger"
    runner.invoke(app, ["init", str(root)])
    runner.invoke(app, ["ingest", "--ledger", str(root), "--source", str(SAMPLES)])
    month = runner.invoke(
        app,
        [
            "grep",
            "-c",
            "--json",
            ".",
            "--since",
            "2026-11",
            "--until",
            "2026-11",
            "--ledger",
            str(root),
        ],
    )
    assert month.exit_code == 0 and json.loads(month.output)["count"] > 0
    later = runner.invoke(app, ["grep", "-c", ".", "--since", "2026-12", "--ledger", str(root)])
    assert later.exit_code == 1
    listed = runner.invoke(app, ["sessions", "list", "--since", "3650d", "--ledger", str(root)])
    assert listed.exit_code == 0 and "4f35e220" in listed.output
    wrong = runner.invoke(app, ["grep", "x", "--since", "last week", "--ledger", str(root)])
    assert wrong.exit_code == 2 and "is not a day" in wrong.output
