"""`ledger show ID`: findings and sessions from the ledger first, no transcript needed; any
unique prefix of 4+ characters; "ambiguous" with the candidates."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ledger_fixtures import copy_samples, fields_of, new_ledger, run_ingest
from typer.testing import CliRunner

from ledger.cli.app import app

runner = CliRunner()


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ledger of the samples whose transcripts are gone (moved away after the ingest)."""
    base = tmp_path_factory.mktemp("show")
    config = new_ledger(base / "ledger")
    samples = copy_samples(base / "samples")
    run_ingest(config, samples)
    shutil.rmtree(samples)
    return config.root


def _show(root: Path, *args: str) -> tuple[int, str]:
    done = runner.invoke(app, ["show", *args, "--ledger", str(root)], env={"COLUMNS": "200"})
    return done.exit_code, done.output


def test_every_short_id_of_sessions_list_opens_without_its_transcript(root: Path) -> None:
    listed = runner.invoke(app, ["sessions", "list", "--ghosts", "--json", "--ledger", str(root)])
    rows = json.loads(listed.output)
    assert rows
    for row in rows:
        short = str(row["folder"]).rsplit("-", 1)[-1]
        code, out = _show(root, short)
        assert code == 0, out
        assert str(row["session_id"]) in out and "Findings" in out


def test_a_finding_by_a_four_character_prefix(root: Path) -> None:
    finding = next(root.glob("sessions/*/decision-*.md"))
    found_id = fields_of(finding)["id"].strip('"')
    code, out = _show(root, found_id[:4])
    assert code == 0, out
    assert out.rstrip("\n") == finding.read_text(encoding="utf-8").rstrip("\n")


def test_a_session_lists_its_findings_with_their_ids_and_answers_json(root: Path) -> None:
    record = next(root.glob("sessions/*-4f35e220/_session.md"))
    ids = {fields_of(f)["id"].strip('"') for f in record.parent.glob("*.md") if f != record}
    code, out = _show(root, "4f35e220")
    assert code == 0 and all(i in out for i in ids)
    code, out = _show(root, "4f35e220", "--json")
    data = json.loads(out)
    assert code == 0 and {f["id"] for f in data["findings"]} == ids
    assert data["session_id"].startswith("4f35e220")


def test_a_prefix_two_ids_share_is_ambiguous_and_names_both(root: Path) -> None:
    finding = next(root.glob("sessions/*/insight-*.md"))
    other = next(root.glob("sessions/*/todo-*.md"))
    taken = fields_of(finding)["id"].strip('"')
    twin = other.with_name("todo-a-twin-of-an-id.md")
    text = other.read_text(encoding="utf-8")
    twin.write_text(
        text.replace(fields_of(other)["id"].strip('"'), taken[:5] + "0000000"), encoding="utf-8"
    )
    try:
        code, out = _show(root, taken[:5])
    finally:
        twin.unlink()
    assert code == 2
    assert "ambiguous:" in out and taken in out and taken[:5] + "0000000" in out
    assert len(out.strip().splitlines()) == 1


def test_too_short_or_unknown_ids_are_one_line(root: Path) -> None:
    """Three characters name nothing in the ledger: show looks for a transcript, finds none."""
    args = ["show", "4f3", "--ledger", str(root), "--source", str(root)]
    done = subprocess.run(
        [sys.executable, "-m", "ledger", *args], capture_output=True, text=True, check=False
    )
    assert done.returncode == 1 and len(done.stderr.strip().splitlines()) == 1, done.stderr
