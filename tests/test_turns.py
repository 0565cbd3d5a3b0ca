"""`ledger show ID --turn N`: turns of a session's skeleton, from the transcript or the cache."""

from __future__ import annotations

from pathlib import Path

import pytest
from ledger_fixtures import JWT_ID, copy_samples, jwt_transcript, new_ledger, run_ingest
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.errors import LedgerError
from ledger.search.turns import TURNS_DIR, parse_range, session_turns

runner = CliRunner()


@pytest.fixture
def ingested(tmp_path: Path) -> tuple[Path, Path]:
    samples = copy_samples(tmp_path / "samples")
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, samples)
    return config.root, jwt_transcript(samples)


def _show(root: Path, *args: str) -> tuple[int, str]:
    done = runner.invoke(app, ["show", *args, "--ledger", str(root)], env={"COLUMNS": "200"})
    return done.exit_code, done.output


def test_one_turn_by_session_id_from_the_ledger(ingested: tuple[Path, Path]) -> None:
    root, _ = ingested
    code, out = _show(root, JWT_ID[:8], "--turn", "3")
    assert code == 0, out
    assert "(turn 3 of 9)" in out
    assert "## Turn 3 " in out and "## Turn 2 " not in out and "## Turn 4 " not in out
    assert "USER: CI is green on the same commit though" in out
    assert list((root / ".ledger" / TURNS_DIR).glob("*.bin"))


def test_a_range_by_transcript_path_and_the_cache_answers_the_same(
    ingested: tuple[Path, Path],
) -> None:
    root, transcript = ingested
    first = _show(root, str(transcript), "--turns", "2-4")
    again = _show(root, str(transcript), "--turns", "2-4")
    assert first == again
    assert first[0] == 0 and "(turns 2-4 of 9)" in first[1]
    assert [f"## Turn {n} " in first[1] for n in range(1, 6)] == [False, True, True, True, False]


def test_the_ingest_that_reads_a_large_transcript_keeps_its_turns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first look at a turn of a large transcript reads nothing once it is ingested: the
    ingest kept its turns, as a first look would have (here every transcript counts as large)."""
    from ledger.ingest import prepare

    monkeypatch.setattr(prepare, "WARM_BYTES", 0)
    samples = copy_samples(tmp_path / "samples")
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, samples)
    transcript = jwt_transcript(samples)
    monkeypatch.setattr("ledger.search.turns._read", lambda _: pytest.fail("read again"))
    kept = session_turns(transcript, 1, 9, config.state)
    monkeypatch.undo()
    assert kept.text == session_turns(transcript, 1, 9, None).text  # as a first look makes it


def test_a_grown_transcript_is_read_again(tmp_path: Path) -> None:
    samples = copy_samples(tmp_path / "samples")
    transcript = jwt_transcript(samples)
    state = tmp_path / "state"
    state.mkdir()
    before = session_turns(transcript, 9, 9, state)
    from ledger_fixtures import append_turn

    append_turn(transcript, "And one more thing?", "Here it is.")
    after = session_turns(transcript, 10, 10, state)
    assert before.total == 9 and after.total == 10
    assert "USER: And one more thing?" in after.text


def test_turns_are_redacted(tmp_path: Path) -> None:
    samples = copy_samples(tmp_path / "samples")
    transcript = jwt_transcript(samples)
    from ledger_fixtures import append_turn

    append_turn(transcript, "my key is ghp_abcdefghijklmnopqrstuvwxyz0123456789", "Noted.")
    shown = session_turns(transcript, 10, 10, None)
    assert "ghp_abcdefghijklmnopqrstuvwxyz0123456789" not in shown.text
    assert "[REDACTED:" in shown.text


@pytest.mark.parametrize("value", ["0", "x", "5-3", "3-", ""])
def test_bad_ranges_are_refused(value: str) -> None:
    with pytest.raises(LedgerError):
        parse_range(value)


def test_a_turn_past_the_end_says_how_many_there_are(ingested: tuple[Path, Path]) -> None:
    root, _ = ingested
    code, out = _show(root, JWT_ID[:8], "--turn", "40")
    assert code == 2
    assert "has 9 turns, not 40" in out


def test_a_findings_evidence_names_the_command_that_shows_its_turn(
    ingested: tuple[Path, Path],
) -> None:
    import re

    root, _ = ingested
    finding = next(root.glob("sessions/*4f35e220/decision-*.md"))
    shown, turn = re.findall(r"`ledger show (\S+) --turn (\d+)`", finding.read_text())[0]
    code, out = _show(root, shown, "--turn", turn)
    assert code == 0 and f"## Turn {turn} " in out
