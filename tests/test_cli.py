"""The `ledger` command as a person and a program use it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from ledger import __version__
from ledger.cli.app import app

SAMPLES = Path(__file__).resolve().parents[1] / "ledger" / "samples"
SOURCES_KEYS = {
    "agent", "session_id", "source", "project", "git_branch", "agent_version", "models", "title",
    "started", "ended", "prompts", "turns", "tool_calls", "tools", "files_touched", "files_read",
    "tokens", "subagents", "ghost", "skipped_lines",
}  # fmt: skip
runner = CliRunner()


def _ledger(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run the real entry point, as a shell would (exit codes, stderr, no traceback)."""
    return subprocess.run(
        [sys.executable, "-m", "ledger", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={"COLUMNS": "120", "PATH": "/usr/bin:/bin", "HOME": str(cwd or Path.cwd())},
    )


def _commands() -> list[str]:
    group = typer.main.get_command(app)
    return sorted(group.commands)  # type: ignore[attr-defined]


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"ledger {__version__}\n"


def test_shell_completion_completes_commands_and_options() -> None:
    env = {"_LEDGER_COMPLETE": "complete_bash", "COMP_WORDS": "ledger grep --ki", "COMP_CWORD": "2"}
    result = runner.invoke(app, [], env=env, prog_name="ledger")
    assert result.stdout.split() == ["--kind"]


COMMANDS = ["sources", "show", "init", "demo", "ingest", "grep", "index", "stats", "context",
            "sessions", "check", "hooks", "log", "resolve", "supersede", "reopen",
            "search", "serve", "site", "mcp", "sync"]  # fmt: skip
SUBCOMMANDS = [["sessions", "list"], ["hooks", "install"], ["hooks", "uninstall"],
               ["hooks", "status"]]  # fmt: skip


@pytest.mark.parametrize("command", [[], *([c] for c in COMMANDS), *SUBCOMMANDS])
def test_help_works_and_shows_an_example(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "Example: ledger " in result.stdout


def test_every_command_is_covered_by_the_help_test() -> None:
    hidden = ["hook"]  # what hooks run, not people: its example is a hook's stdin
    assert _commands() == sorted([*COMMANDS, *hidden])


def test_sources_json_has_exactly_the_promised_keys() -> None:
    result = runner.invoke(app, ["sources", "--source", str(SAMPLES), "--json"])
    assert result.exit_code == 0, result.output
    sessions = json.loads(result.stdout)
    assert sessions, "the bundled samples hold sessions"
    for session in sessions:
        assert set(session) == SOURCES_KEYS
        assert set(session["tokens"]) == {"input", "output", "cache_read", "cache_creation"}
        assert session["started"].endswith("Z") and session["ended"].endswith("Z")
        assert session["started"] <= session["ended"]
    starts = [s["started"] for s in sessions]
    assert starts == sorted(starts, reverse=True), "newest first"


def test_sources_table_on_the_samples(snapshot: SnapshotAssertion) -> None:
    result = runner.invoke(app, ["sources", "--source", str(SAMPLES)], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert result.stdout == snapshot


def test_skeleton_of_a_sample_session(snapshot: SnapshotAssertion) -> None:
    listing = json.loads(runner.invoke(app, ["sources", "--source", str(SAMPLES), "--json"]).stdout)
    busiest = max(listing, key=lambda s: (s["prompts"], s["session_id"]))
    result = runner.invoke(app, ["show", busiest["source"], "--transcript"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"# {busiest['title']}\n")
    assert result.stdout == snapshot


def test_show_finds_a_session_by_id_prefix() -> None:
    listing = json.loads(runner.invoke(app, ["sources", "--source", str(SAMPLES), "--json"]).stdout)
    wanted = listing[0]
    result = runner.invoke(app, ["show", wanted["session_id"][:13], "--source", str(SAMPLES)])
    assert result.exit_code == 0, result.output
    assert wanted["session_id"] in result.stdout


def test_missing_source_is_one_clear_line_and_exit_1(tmp_path: Path) -> None:
    done = _ledger("sources", "--source", str(tmp_path / "nowhere"), cwd=tmp_path)
    assert done.returncode == 1
    assert (
        done.stderr
        == f"error: no such file or folder: {tmp_path / 'nowhere'}; check the --source path\n"
    )
    assert "Traceback" not in done.stderr


def test_no_agent_folders_says_what_to_do(tmp_path: Path) -> None:
    done = _ledger("sources", cwd=tmp_path)
    assert done.returncode == 1
    assert "pass --source PATH" in done.stderr


def test_usage_error_exits_2(tmp_path: Path) -> None:
    done = _ledger("sources", "--no-such-option", cwd=tmp_path)
    assert done.returncode == 2


def test_show_of_a_file_that_is_not_a_session(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    done = _ledger("show", str(empty), "--transcript", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.startswith(f"error: {empty} is not a session: empty file;")


def test_skipped_files_are_reported_once_on_stderr(tmp_path: Path) -> None:
    (tmp_path / "empty.jsonl").write_bytes(b"")
    (tmp_path / "history.jsonl").write_text('{"display": "hi", "timestamp": 1}\n')
    done = _ledger("sources", "--source", str(tmp_path), "--json", cwd=tmp_path)
    assert done.returncode == 0
    assert json.loads(done.stdout) == []
    assert done.stderr.count("skipped 2 files") == 1
    assert "not a Claude Code or Codex transcript" in done.stderr


def test_a_run_that_changes_nothing_says_so_in_two_lines_at_most(tmp_path: Path) -> None:
    ledger = str(tmp_path / "ledger")
    assert runner.invoke(app, ["init", ledger]).exit_code == 0
    source = tmp_path / "sessions"
    source.mkdir()
    (source / "empty.jsonl").write_text("")  # a file that holds no session
    sample = next(SAMPLES.rglob("4f35e220*.jsonl"))
    (source / sample.name).write_bytes(sample.read_bytes())
    args = ["ingest", "--ledger", ledger, "--source", str(source), "--no-llm"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0  # the first sight of a file with no session lists it
    listed = f"  {source / 'empty.jsonl'}: empty file"
    assert listed in first.stderr.splitlines() and "--verbose lists" not in first.stderr
    again = runner.invoke(app, args)
    assert again.exit_code == 0
    lines = [*again.stdout.splitlines(), *again.stderr.splitlines()]
    assert len(lines) <= 2, lines
    assert lines[0].startswith("Nothing new: 1 session unchanged; no commit")
    assert "skipped 1 file that holds no session: 1 empty file (--verbose lists them)" in lines
    verbose = runner.invoke(app, [*args, "--verbose"])
    assert listed in verbose.stderr.splitlines()


def test_a_session_whose_folder_name_changes_leaves_no_empty_folder(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger"
    assert runner.invoke(app, ["init", str(ledger)]).exit_code == 0
    source = tmp_path / "sessions"
    source.mkdir()
    sample = next(SAMPLES.rglob("4f35e220*.jsonl"))
    copy = source / sample.name
    copy.write_bytes(sample.read_bytes())
    args = ["ingest", "--ledger", str(ledger), "--source", str(source), "--no-llm"]
    assert runner.invoke(app, args).exit_code == 0
    text = copy.read_text(encoding="utf-8")
    copy.write_text(text.replace('"customTitle":"Fix JWT expiry on non-UTC hosts"',
                                 '"customTitle":"JWT expiry on every host"'))  # fmt: skip
    assert runner.invoke(app, args).exit_code == 0
    folders = [d.name for d in (ledger / "sessions").iterdir() if d.is_dir()]
    assert folders == ["2026-11-21-jwt-expiry-on-every-host-4f35e220"]


def test_show_prints_human_values_and_wraps_under_them() -> None:
    result = runner.invoke(
        app, ["show", "4f35e220", "--source", str(SAMPLES)], env={"COLUMNS": "60"}
    )
    assert result.exit_code == 0, result.output
    rows = {line.split()[0]: line for line in result.stdout.splitlines() if line[:1].strip()}
    assert rows["ghost"].split()[1] == "no"
    assert "None" not in result.stdout and "False" not in result.stdout
    wrapped = [line for line in result.stdout.splitlines() if line.startswith(" ")]
    assert wrapped and all(line.startswith(" " * len("files_touched  ")) for line in wrapped)


def test_the_man_page_git_ledger_help_opens_names_every_command() -> None:
    """`git ledger --help` is `git help ledger`, which opens man/git-ledger.1 (installed to
    share/man/man1 by pyproject's data-files): it must name every command."""
    page = (Path(__file__).resolve().parents[1] / "man" / "git-ledger.1").read_text()
    named = set(re.findall(r"^\.B (\w+)", page, re.M)) | set(re.findall(r"\\fB(\w+)", page))
    commands = {c.name or "" for c in typer.main.get_command(app).commands.values()}  # type: ignore[attr-defined]
    assert commands - {"hook"} <= named, sorted(commands - named)
