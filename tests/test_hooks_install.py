"""`ledger hooks install|uninstall|status` for every target, in a temporary home and repos."""

from __future__ import annotations

import json
import os
import plistlib
import re
import shutil
import stat
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from hook_fixtures import home_env, hooks_log, ingested, wait_for_log, wait_for_runners
from ledger_fixtures import CLAUDE_PROJECT, GIT_ENV, JWT_ID, SAMPLES, git, new_ledger, subjects

from ledger.automation import install as hooks
from ledger.automation.targets.base import HookEnv, Scope
from ledger.config import Config
from ledger.errors import LedgerError

LEDGER_EXE = Path(sys.executable).parent / "ledger"
OTHER_SETTINGS: dict[str, Any] = {
    "model": "opus",
    "permissions": {"allow": ["Bash(git status)"]},
    "hooks": {
        "SessionEnd": [{"hooks": [{"type": "command", "command": "~/bin/notify-end.sh"}]}],
        "PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh", "timeout": 5}]}
        ],
    },
}


class Calls:
    """A service manager that says yes and remembers what it was asked."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def __call__(self, argv: Sequence[str]) -> int:
        self.calls.append(list(argv))
        return 0


@pytest.fixture
def ledger(tmp_path: Path) -> Config:
    return new_ledger(tmp_path / "ledger")


@pytest.fixture
def home(tmp_path: Path) -> Path:
    path = tmp_path / "home"
    path.mkdir()
    return path


def _env(
    home: Path,
    ledger: Config,
    repo: Path | None = None,
    scope: Scope = "user",
    command: tuple[str, ...] = (str(LEDGER_EXE),),
    **environ: str,
) -> HookEnv:
    return HookEnv(
        home=home,
        environ={"PATH": os.environ["PATH"], **environ},
        ledger_root=ledger.root,
        command=command,
        repo=repo or home,
        scope=scope,
        interval_minutes=15,
        run=Calls(),
    )


def _ours(data: dict[str, Any], event: str) -> list[str]:
    return [
        h["command"]
        for g in data.get("hooks", {}).get(event, [])
        for h in g["hooks"]
        if " hook " in h["command"]
    ]


# Claude Code ---------------------------------------------------------------------------------


def test_claude_install_writes_the_three_hooks(home: Path, ledger: Config) -> None:
    result = hooks.install(["claude"], _env(home, ledger))
    settings = home / ".claude" / "settings.json"
    data = json.loads(settings.read_text())
    for event, name in [
        ("SessionStart", "claude-session-start"),
        ("SessionEnd", "claude-session-end"),
        ("PreCompact", "claude-pre-compact"),
    ]:
        assert _ours(data, event) == [f"{LEDGER_EXE} hook {name} --ledger {ledger.root}"]
        assert data["hooks"][event][-1]["hooks"][0]["type"] == "command"
        assert data["hooks"][event][-1]["hooks"][0]["timeout"] == 10
    (report,) = result.reports
    assert (report.action, report.installed, report.would_run) == ("installed", True, True)


def test_claude_install_keeps_other_hooks_permissions_and_a_backup(
    home: Path, ledger: Config
) -> None:
    settings = home / ".claude" / "settings.json"
    settings.parent.mkdir()
    original = json.dumps(OTHER_SETTINGS, indent=4)
    settings.write_text(original)
    settings.chmod(0o600)
    hooks.install(["claude"], _env(home, ledger))
    data = json.loads(settings.read_text())
    assert data["model"] == "opus" and data["permissions"] == OTHER_SETTINGS["permissions"]
    assert data["hooks"]["PreToolUse"] == OTHER_SETTINGS["hooks"]["PreToolUse"]
    assert data["hooks"]["SessionEnd"][0] == OTHER_SETTINGS["hooks"]["SessionEnd"][0]
    assert len(_ours(data, "SessionEnd")) == 1
    assert stat.S_IMODE(settings.stat().st_mode) == 0o600
    assert (home / ".claude" / "settings.json.ledger-backup").read_text() == original


def test_claude_second_install_changes_nothing(home: Path, ledger: Config) -> None:
    hooks.install(["claude"], _env(home, ledger))
    settings = home / ".claude" / "settings.json"
    before = settings.read_bytes()
    (report,) = hooks.install(["claude"], _env(home, ledger)).reports
    assert report.action == "unchanged"
    assert settings.read_bytes() == before


def test_claude_install_from_elsewhere_replaces_rather_than_duplicates(
    home: Path, ledger: Config
) -> None:
    hooks.install(["claude"], _env(home, ledger, command=("/old/venv/bin/ledger",)))
    (report,) = hooks.install(["claude"], _env(home, ledger)).reports
    data = json.loads((home / ".claude" / "settings.json").read_text())
    assert report.action == "updated"
    assert _ours(data, "SessionEnd") == [
        f"{LEDGER_EXE} hook claude-session-end --ledger {ledger.root}"
    ]


@pytest.mark.parametrize(
    "text",
    ["{not json", "[]", '{"hooks": []}', '{"hooks": {"SessionEnd": {"hooks": []}}}'],
    ids=["syntax", "not-an-object", "hooks-not-an-object", "event-not-a-list"],
)
def test_claude_refuses_a_malformed_settings_file(home: Path, ledger: Config, text: str) -> None:
    settings = home / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(text)
    for verb in (hooks.install, hooks.uninstall):
        with pytest.raises(LedgerError, match=r"settings\.json"):
            verb(["claude"], _env(home, ledger))
    assert settings.read_text() == text
    assert sorted(p.name for p in settings.parent.iterdir()) == ["settings.json"]


def test_claude_uninstall_removes_exactly_what_install_wrote(home: Path, ledger: Config) -> None:
    settings = home / ".claude" / "settings.json"
    settings.parent.mkdir()
    handmade = json.dumps(OTHER_SETTINGS, indent=3, sort_keys=True).replace('": ', '" : ')
    settings.write_text(handmade)  # formatted by hand: uninstall gives it back as it was
    hooks.install(["claude"], _env(home, ledger))
    (report,) = hooks.uninstall(["claude"], _env(home, ledger)).reports
    assert report.action == "removed"
    assert settings.read_text() == handmade
    assert sorted(p.name for p in settings.parent.iterdir()) == ["settings.json"]  # no backup
    (again,) = hooks.uninstall(["claude"], _env(home, ledger)).reports
    assert again.action == "absent" and settings.read_text() == handmade


def test_claude_uninstall_after_an_edit_keeps_the_edit(home: Path, ledger: Config) -> None:
    settings = home / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(json.dumps(OTHER_SETTINGS))
    hooks.install(["claude"], _env(home, ledger))
    data = json.loads(settings.read_text())
    settings.write_text(json.dumps({**data, "theme": "dark"}))  # a change after install
    hooks.uninstall(["claude"], _env(home, ledger))
    assert json.loads(settings.read_text()) == {**OTHER_SETTINGS, "theme": "dark"}
    assert sorted(p.name for p in settings.parent.iterdir()) == ["settings.json"]


def test_claude_uninstall_removes_the_file_install_created(home: Path, ledger: Config) -> None:
    hooks.install(["claude"], _env(home, ledger))
    hooks.uninstall(["claude"], _env(home, ledger))
    assert not (home / ".claude" / "settings.json").exists()


def test_claude_config_dir_and_project_scope(home: Path, ledger: Config, tmp_path: Path) -> None:
    config = tmp_path / "claude-config"
    hooks.install(["claude"], _env(home, ledger, CLAUDE_CONFIG_DIR=str(config)))
    assert (config / "settings.json").is_file()
    assert not (home / ".claude").exists()
    project = tmp_path / "project"
    project.mkdir()
    hooks.install(["claude"], _env(home, ledger, repo=project, scope="project"))
    assert _ours(json.loads((project / ".claude" / "settings.json").read_text()), "SessionStart")


def test_claude_status_says_why_it_would_not_run(home: Path, ledger: Config) -> None:
    hooks.install(["claude"], _env(home, ledger, command=(str(home / "gone" / "ledger"),)))
    (report,) = hooks.status(["claude"], _env(home, ledger)).reports
    assert report.installed and not report.would_run
    assert any("is not an executable program" in note for note in report.notes)
    hooks.install(["claude"], _env(home, ledger))
    (ledger.root / "ledger.yaml").unlink()
    (report,) = hooks.status(["claude"], _env(home, ledger)).reports
    assert any("no ledger at" in note for note in report.notes)


def test_installing_needs_a_ledger_and_a_target(home: Path, ledger: Config) -> None:
    with pytest.raises(LedgerError, match="say what to install"):
        hooks.install([], _env(home, ledger))
    with pytest.raises(LedgerError, match="unknown hook target"):
        hooks.install(["vim"], _env(home, ledger))
    (ledger.root / "ledger.yaml").unlink()
    with pytest.raises(LedgerError, match="ledger init"):
        hooks.install(["claude"], _env(home, ledger))


# Codex ---------------------------------------------------------------------------------------


def test_codex_install_writes_hooks_json(home: Path, ledger: Config, tmp_path: Path) -> None:
    codex_home = tmp_path / "codex-home"
    (report,) = hooks.install(["codex"], _env(home, ledger, CODEX_HOME=str(codex_home))).reports
    data = json.loads((codex_home / "hooks.json").read_text())
    assert _ours(data, "SessionStart") == [
        f"{LEDGER_EXE} hook codex-session-start --ledger {ledger.root}"
    ]
    assert report.would_run
    (codex_home / "config.toml").write_text('model = "x"\n[features]\nhooks = false\n')
    (report,) = hooks.status(["codex"], _env(home, ledger, CODEX_HOME=str(codex_home))).reports
    assert not report.would_run and "turned off" in report.notes[0]


# git -----------------------------------------------------------------------------------------


def _repo(path: Path) -> Path:
    path.mkdir(parents=True)
    git(path, "init", "--quiet", "--initial-branch=main")
    (path / "README.md").write_text("a project\n")
    git(path, "add", "README.md")
    git(path, "commit", "--quiet", "-m", "first")
    return path


def test_git_install_chains_an_existing_hook_and_uninstall_restores_it(
    home: Path, ledger: Config, tmp_path: Path
) -> None:
    repo = _repo(tmp_path / "project")
    existing = repo / ".git" / "hooks" / "post-commit"
    original = '#!/bin/sh\necho ran >> "$(git rev-parse --show-toplevel)/.chained"\n'
    existing.write_text(original)
    existing.chmod(0o750)
    env = _env(home, ledger, repo=repo)
    (report,) = hooks.install(["git"], env).reports
    assert report.installed and report.would_run
    assert (repo / ".git" / "hooks" / "post-commit.ledger-chained").read_text() == original
    assert hooks.install(["git"], env).reports[0].action == "unchanged"
    (repo / "a.txt").write_text("a\n")
    git(repo, "add", "a.txt")
    git(repo, "commit", "--quiet", "-m", "second")
    assert (repo / ".chained").read_text() == "ran\n"
    hooks.uninstall(["git"], env)
    assert existing.read_text() == original
    assert stat.S_IMODE(existing.stat().st_mode) == 0o750
    assert not (repo / ".git" / "hooks" / "post-commit.ledger-chained").exists()


def test_git_install_respects_core_hooks_path(home: Path, ledger: Config, tmp_path: Path) -> None:
    repo = _repo(tmp_path / "project")
    git(repo, "config", "core.hooksPath", ".githooks")
    hooks.install(["git"], _env(home, ledger, repo=repo))
    assert (repo / ".githooks" / "post-commit").is_file()
    assert not (repo / ".git" / "hooks" / "post-commit").exists()


def _session_in(home: Path, project: Path) -> str:
    """The JWT sample as a session of `project`, held today (commits ingest the last week)."""
    source = SAMPLES / CLAUDE_PROJECT / f"{JWT_ID}.jsonl"
    today = datetime.now(timezone.utc).strftime("%Y-%m-%dT")
    text = re.sub(r"\d{4}-\d{2}-\d{2}T", today, source.read_text())
    target = home / ".claude" / "projects" / "-project" / f"{JWT_ID}.jsonl"
    target.parent.mkdir(parents=True)
    target.write_text(text.replace("/home/dev/acme-api", str(project)))
    return JWT_ID


def _commit(repo: Path, home: Path, message: str, **extra: str) -> None:
    (repo / "change.txt").write_text(message + "\n")
    env = {**home_env(home, **extra), **GIT_ENV}
    subprocess.run(["git", "add", "change.txt"], cwd=repo, env=env, check=True)
    subprocess.run(["git", "commit", "--quiet", "-m", message], cwd=repo, env=env, check=True)


def test_a_commit_ingests_the_projects_sessions_and_ledger_commits_do_not_recurse(
    home: Path, tmp_path: Path
) -> None:
    repo = _repo(tmp_path / "project")
    ledger = new_ledger(repo / "docs" / "ledger")  # the ledger inside the project's own repo
    session = _session_in(home, repo)
    hooks.install(["git"], _env(home, ledger, repo=repo))
    _commit(repo, home, "fix the expiry check")
    wait_for_log(ledger.state, "background[")
    wait_for_runners(ledger.state)
    assert session in ingested(ledger.root), hooks_log(ledger.state)
    assert subjects(repo)[0].startswith("ledger: ingest 1 sessions")
    _commit(repo, home, "ledger: a commit named like ledger's own")
    wait_for_log(ledger.state, "ledger's own commit")
    _commit(repo, home, "made while ledger runs", LEDGER_BACKGROUND="1")
    wait_for_log(ledger.state, "made by ledger's runner")
    wait_for_runners(ledger.state)
    # one run: neither ledger's commit into this same repo nor the two above started another
    assert hooks_log(ledger.state).count("background[") == 1


# timers --------------------------------------------------------------------------------------


def test_systemd_units_are_filled_in_valid_and_loaded(home: Path, ledger: Config) -> None:
    env = _env(home, ledger, XDG_CONFIG_HOME=str(home / "config"))
    (report,) = hooks.install(["systemd"], env).reports
    folder = home / "config" / "systemd" / "user"
    service = (folder / "ledger-ingest.service").read_text()
    timer = (folder / "ledger-ingest.timer").read_text()
    assert f'ExecStart="{LEDGER_EXE}" "ingest" "--ledger" "{ledger.root}"' in service
    assert "OnUnitActiveSec=15min" in timer and "WantedBy=timers.target" in timer
    assert report.installed and report.would_run
    assert isinstance(env.run, Calls)
    assert env.run.calls[1:] == [
        ["systemctl", "--user", "enable", "--now", "ledger-ingest.timer"],
        ["systemctl", "--user", "is-active", "--quiet", "ledger-ingest.timer"],
    ]
    if shutil.which("systemd-analyze"):
        done = subprocess.run(
            ["systemd-analyze", "verify", "ledger-ingest.service", "ledger-ingest.timer"],
            cwd=folder, capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
    assert hooks.install(["systemd"], env).reports[0].action == "unchanged"
    (removed,) = hooks.uninstall(["systemd"], env).reports
    assert removed.action == "removed" and not list(folder.glob("ledger-ingest.*[rt]"))


def test_a_timer_the_service_manager_does_not_run_is_installed_not_running(
    home: Path, ledger: Config
) -> None:
    env = replace(_env(home, ledger, XDG_CONFIG_HOME=str(home / "config")), run=lambda argv: 1)
    (report,) = hooks.install(["systemd"], env).reports
    assert (report.installed, report.would_run) == (True, False)
    assert "`systemctl --user daemon-reload` failed (exit 1)" in report.notes
    (status,) = hooks.status(["systemd"], env).reports
    assert not status.would_run and "installed, not running" in status.notes[-1]
    absent = replace(env, run=lambda argv: None)  # no systemctl at all
    assert "not available here" in hooks.status(["systemd"], absent).reports[0].notes[-1]


def test_systemd_refuses_to_replace_a_unit_that_is_not_ledgers(home: Path, ledger: Config) -> None:
    folder = home / "config" / "systemd" / "user"
    folder.mkdir(parents=True)
    (folder / "ledger-ingest.timer").write_text("[Timer]\nOnCalendar=daily\n")
    with pytest.raises(LedgerError, match="not ledger's"):
        hooks.install(["systemd"], _env(home, ledger, XDG_CONFIG_HOME=str(home / "config")))
    assert (folder / "ledger-ingest.timer").read_text() == "[Timer]\nOnCalendar=daily\n"


def test_launchd_plist_is_valid_and_filled_in(home: Path, ledger: Config) -> None:
    env = _env(home, ledger)
    (report,) = hooks.install(["launchd"], env).reports
    path = home / "Library" / "LaunchAgents" / "dev.ledger.ingest.plist"
    plist = plistlib.loads(path.read_bytes())
    assert plist["Label"] == "dev.ledger.ingest"
    assert plist["ProgramArguments"] == [str(LEDGER_EXE), "ingest", "--ledger", str(ledger.root)]
    assert plist["StartInterval"] == 15 * 60 and plist["RunAtLoad"] is True
    assert "/usr/bin" in plist["EnvironmentVariables"]["PATH"]
    assert report.installed and report.would_run
    if shutil.which("plutil"):
        subprocess.run(["plutil", "-lint", str(path)], check=True, capture_output=True)
    hooks.uninstall(["launchd"], env)
    assert not path.exists()


# the command ---------------------------------------------------------------------------------


def _ledger(*args: str, home: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = home_env(home, COLUMNS="200", PATH=f"{LEDGER_EXE.parent}:/usr/bin:/bin")
    return subprocess.run(
        [str(LEDGER_EXE), *args], capture_output=True, text=True, env=env, cwd=cwd, check=False
    )


def test_the_command_installs_reports_and_refuses(home: Path, ledger: Config) -> None:
    root = str(ledger.root)
    done = _ledger("hooks", "install", "--claude", "--ledger", root, home=home, cwd=home)
    assert done.returncode == 0, done.stderr
    status = _ledger("hooks", "status", "--json", "--ledger", root, home=home, cwd=home)
    report = json.loads(status.stdout)
    assert report["action"] == "status" and report["ledger"] == root
    claude = next(t for t in report["targets"] if t["target"] == "claude")
    assert (claude["installed"], claude["would_run"]) == (True, True)
    assert {t["target"] for t in report["targets"]} == {
        "claude",
        "claude-mcp",
        "codex",
        "codex-mcp",
        "git",
        "launchd",
        "systemd",
    }
    settings = home / ".claude" / "settings.json"
    settings.write_text("{oops")
    refused = _ledger("hooks", "install", "--claude", "--ledger", root, home=home, cwd=home)
    assert refused.returncode == 1
    assert refused.stderr.startswith("error: ") and "not valid JSON" in refused.stderr
    assert "Traceback" not in refused.stderr and settings.read_text() == "{oops"
    nothing = _ledger("hooks", "install", "--ledger", root, home=home, cwd=home)
    assert nothing.returncode == 1 and "say what to install" in nothing.stderr
    settings.unlink()
    assert (
        _ledger("hooks", "install", "--claude", "--ledger", root, home=home, cwd=home).returncode
        == 0
    )
    (ledger.root / "ledger.yaml").rename(ledger.root / "moved.yaml")  # the hooks would fail now
    broken = _ledger("hooks", "status", "--claude", "--ledger", root, home=home, cwd=home)
    assert broken.returncode == 1 and "no ledger at" in broken.stdout


@pytest.mark.parametrize(
    "command",
    [["hooks"], ["hooks", "install"], ["hooks", "uninstall"], ["hooks", "status"], ["check"],
     ["hook"]],
    ids=" ".join,
)  # fmt: skip
def test_help_shows_an_example(command: list[str]) -> None:
    from typer.testing import CliRunner

    from ledger.cli.app import app

    result = CliRunner().invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "Example: " in result.stdout and "ledger " in result.stdout.split("Example: ")[1]


def test_hook_help_shows_an_example(tmp_path: Path) -> None:
    done = subprocess.run(
        [str(LEDGER_EXE), "hook", "--help"], capture_output=True, text=True, cwd=tmp_path
    )
    assert done.returncode == 0 and "Example: " in done.stdout
