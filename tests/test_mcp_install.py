"""`ledger hooks install --claude/--codex` registers `ledger mcp` with the agent: Claude Code's
`mcpServers` (`~/.claude.json`, `.mcp.json`) and Codex's `[mcp_servers.ledger]`, in a temporary
home; idempotent, precise, reversible, and shown by `hooks status`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from ledger_fixtures import new_ledger

from ledger.automation import install as hooks
from ledger.automation.targets.base import HookEnv, Scope
from ledger.automation.targets.mcp_config import tomllib
from ledger.config import Config
from ledger.errors import LedgerError

LEDGER_EXE = Path(sys.executable).parent / "ledger"
CLAUDE_JSON: dict[str, Any] = {
    "numStartups": 12,
    "projects": {"/home/me/api": {"mcpServers": {"db": {"command": "pg-mcp"}}}},
    "mcpServers": {"github": {"type": "http", "url": "https://api.example.com/mcp"}},
}
CODEX_TOML = """# my Codex settings
model = "o3"

[mcp_servers.docs]
command = "docs-mcp"
args = ["--port", "0"]

[mcp_servers.docs.env]
TOKEN_FILE = "~/.docs"

[features]
hooks = true
"""


@pytest.fixture
def ledger(tmp_path: Path) -> Config:
    return new_ledger(tmp_path / "ledger")


@pytest.fixture
def home(tmp_path: Path) -> Path:
    path = tmp_path / "home"
    path.mkdir()
    return path


def _env(home: Path, ledger: Config, scope: Scope = "user", **environ: str) -> HookEnv:
    return HookEnv(
        home=home,
        environ={"PATH": os.environ["PATH"], **environ},
        ledger_root=ledger.root,
        command=(str(LEDGER_EXE),),
        repo=home / "project",
        scope=scope,
    )


def _names(names: list[str]) -> list[str]:
    return hooks.with_servers(names)


def test_the_agent_flags_bring_their_mcp_server() -> None:
    assert _names(["claude", "git"]) == ["claude", "claude-mcp", "git"]
    assert _names(["codex"]) == ["codex", "codex-mcp"]


def test_claude_user_scope_adds_and_removes_only_its_server(home: Path, ledger: Config) -> None:
    path = home / ".claude.json"
    path.write_text(json.dumps(CLAUDE_JSON))
    env = _env(home, ledger)
    (report,) = hooks.install(["claude-mcp"], env).reports
    assert (report.action, report.installed, report.would_run) == ("updated", True, True)
    data = json.loads(path.read_text())
    assert data["mcpServers"]["ledger"] == {
        "type": "stdio",
        "command": str(LEDGER_EXE),
        "args": ["mcp", "--ledger", str(ledger.root)],
        "env": {},
    }
    assert {k: v for k, v in data.items() if k != "mcpServers"} == {
        k: v for k, v in CLAUDE_JSON.items() if k != "mcpServers"
    }
    assert hooks.install(["claude-mcp"], env).reports[0].action == "unchanged"
    assert hooks.status(["claude-mcp"], env).reports[0].installed
    (removed,) = hooks.uninstall(["claude-mcp"], env).reports
    assert removed.action == "removed" and json.loads(path.read_text()) == CLAUDE_JSON
    assert hooks.uninstall(["claude-mcp"], env).reports[0].action == "absent"


def test_claude_project_scope_writes_mcp_json_and_takes_it_away(home: Path, ledger: Config) -> None:
    env = _env(home, ledger, scope="project")
    (home / "project").mkdir()
    hooks.install(["claude-mcp"], env)
    path = home / "project" / ".mcp.json"
    assert list(json.loads(path.read_text())["mcpServers"]) == ["ledger"]
    assert hooks.uninstall(["claude-mcp"], env).reports[0].action == "removed"
    assert not path.exists()


def test_claude_config_dir_moves_the_user_file(home: Path, ledger: Config) -> None:
    config_dir = home / "claude-config"
    env = _env(home, ledger, CLAUDE_CONFIG_DIR=str(config_dir))
    (report,) = hooks.install(["claude-mcp"], env).reports
    assert report.path == config_dir / ".claude.json" and report.path.is_file()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{oops", "not valid JSON"),
        ("[]", "not a JSON object"),
        ('{"mcpServers": []}', '"mcpServers"'),
        ('{"mcpServers": {"ledger": {"command": "npx", "args": ["ledger-cloud"]}}}',
         "does not run `ledger mcp`"),
    ],
)  # fmt: skip
def test_claude_refuses_what_it_cannot_own(
    home: Path, ledger: Config, text: str, message: str
) -> None:
    path = home / ".claude.json"
    path.write_text(text)
    with pytest.raises(LedgerError, match=message):
        hooks.install(["claude-mcp"], _env(home, ledger))
    assert path.read_text() == text


def test_codex_adds_its_table_and_removes_it_byte_for_byte(home: Path, ledger: Config) -> None:
    path = home / ".codex" / "config.toml"
    path.parent.mkdir()
    path.write_text(CODEX_TOML)
    env = _env(home, ledger)
    (report,) = hooks.install(["codex-mcp"], env).reports
    assert (report.action, report.installed, report.would_run) == ("updated", True, True)
    data = tomllib.loads(path.read_text())
    assert data["mcp_servers"]["ledger"] == {
        "command": str(LEDGER_EXE),
        "args": ["mcp", "--ledger", str(ledger.root)],
    }
    assert data["mcp_servers"]["docs"]["env"] == {"TOKEN_FILE": "~/.docs"}
    assert path.read_text().startswith(CODEX_TOML)
    assert hooks.install(["codex-mcp"], env).reports[0].action == "unchanged"
    module = (sys.executable, "-m", "ledger.entry")
    other = HookEnv(env.home, env.environ, ledger.root, module, env.repo)
    assert hooks.install(["codex-mcp"], other).reports[0].action == "updated"
    assert path.read_text().count("[mcp_servers.ledger]") == 1  # replaced, not doubled
    assert hooks.uninstall(["codex-mcp"], env).reports[0].action == "removed"
    assert path.read_text() == CODEX_TOML


def test_codex_creates_and_removes_a_file_of_its_own(home: Path, ledger: Config) -> None:
    codex_home = home / "codex-home"
    env = _env(home, ledger, CODEX_HOME=str(codex_home))
    hooks.install(["codex-mcp"], env)
    path = codex_home / "config.toml"
    assert path.read_text().startswith("[mcp_servers.ledger]\n")
    assert hooks.uninstall(["codex-mcp"], env).reports[0].action == "removed"
    assert not path.exists()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("model = \n", "not valid TOML"),
        ('[mcp_servers.ledger]\ncommand = "npx"\nargs = ["ledger-cloud"]\n',
         "does not run `ledger mcp`"),
        ('mcp_servers.ledger.command = "ledger"\nmcp_servers.ledger.args = ["mcp"]\n',
         "form ledger does not edit"),
    ],
)  # fmt: skip
def test_codex_refuses_what_it_cannot_own(
    home: Path, ledger: Config, text: str, message: str
) -> None:
    path = home / ".codex" / "config.toml"
    path.parent.mkdir()
    path.write_text(text)
    with pytest.raises(LedgerError, match=message):
        hooks.install(["codex-mcp"], _env(home, ledger))
    assert path.read_text() == text


def test_the_command_installs_both_and_status_shows_them(home: Path, ledger: Config) -> None:
    env = {**os.environ, "HOME": str(home)}
    env.pop("CLAUDE_CONFIG_DIR", None)
    env.pop("CODEX_HOME", None)
    root = str(ledger.root)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(LEDGER_EXE), *args, "--ledger", root], capture_output=True,
                              text=True, env=env, cwd=home, check=False)  # fmt: skip

    assert run("hooks", "install", "--claude", "--codex").returncode == 0
    status = json.loads(run("hooks", "status", "--claude", "--codex", "--json").stdout)
    shown = {t["target"]: (t["installed"], t["path"]) for t in status["targets"]}
    assert shown["claude-mcp"] == (True, str(home / ".claude.json"))
    assert shown["codex-mcp"] == (True, str(home / ".codex" / "config.toml"))
    assert run("hooks", "uninstall", "--claude", "--codex").returncode == 0
    assert not (home / ".claude.json").exists()
    assert not (home / ".codex" / "config.toml").exists()
