"""`ledger demo`: a ledger of the bundled samples after any install, and commands that answer."""

from __future__ import annotations

import shlex
from pathlib import Path

from typer.testing import CliRunner

from ledger import __version__
from ledger.cli.app import app
from ledger.ingest.demo import bundled_samples

runner = CliRunner()


def test_the_samples_come_from_the_package_not_the_source_tree() -> None:
    import ledger

    found = bundled_samples()
    assert found.is_relative_to(Path(ledger.__file__).parent)
    assert list(found.rglob("*.jsonl"))


def test_demo_builds_a_ledger_and_every_suggested_command_answers(tmp_path: Path) -> None:
    root = tmp_path / "demo"
    done = runner.invoke(app, ["demo", str(root)], env={"COLUMNS": "200"})
    assert done.exit_code == 0, done.output
    assert f"A demo ledger of the bundled samples is at {root}: 5 sessions" in done.output
    commands = [line.strip() for line in done.output.splitlines() if line.startswith("  ledger ")]
    assert len(commands) == 3
    for command in commands:
        answered = runner.invoke(app, shlex.split(command)[1:], env={"COLUMNS": "200"})
        assert answered.exit_code == 0 and answered.output.strip(), command
    again = runner.invoke(app, ["demo", str(root)])
    assert again.exit_code == 0 and "0 sessions" in again.output


def test_demo_refuses_a_folder_that_holds_something_else(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    done = runner.invoke(app, ["demo", str(tmp_path)])
    assert done.exit_code == 1
    assert "is not empty and holds no ledger" in done.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_short_version_flag() -> None:
    done = runner.invoke(app, ["-V"])
    assert done.exit_code == 0 and done.output.strip() == f"ledger {__version__}"
