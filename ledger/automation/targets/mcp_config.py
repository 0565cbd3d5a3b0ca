"""The `ledger mcp` server registered with the agents: Claude Code's `mcpServers` (user scope in
`~/.claude.json`, project scope in `<repo>/.mcp.json`) and Codex's `[mcp_servers.ledger]` table
(`~/.codex/config.toml`, or `<repo>/.codex/config.toml`).

ledger owns the one server named `ledger` whose command runs `ledger mcp`: install writes or
replaces it, uninstall takes it (and a file left holding nothing) away, and a `ledger` entry
that runs something else, or a file that does not parse, is refused and left as it was.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path
from typing import Any

from ledger.automation.targets.agent_settings import UNCHANGED, load_object, restore_json, save_json
from ledger.automation.targets.base import (
    HookEnv,
    TargetReport,
    command_problems,
    remove_owned,
    restore,
    write_keeping,
)
from ledger.errors import LedgerError

# the standard library's reader from Python 3.11 on, its original (tomli) on 3.10
tomllib = importlib.import_module("tomllib" if sys.version_info >= (3, 11) else "tomli")

SERVER = "ledger"


def server_argv(env: HookEnv) -> list[str]:
    """How the agent starts the server: this `ledger`, `mcp`, this ledger."""
    return [*env.command, "mcp", "--ledger", str(env.ledger_root)]


def _is_ours(entry: object) -> bool:
    """Whether a server entry runs `ledger mcp` (this or another install of ledger)."""
    if not isinstance(entry, dict) or not isinstance(entry.get("command"), str):
        return False
    args = entry.get("args") or []
    if not isinstance(args, list) or "mcp" not in args:
        return False
    words = [entry["command"], *map(str, args)]
    return Path(words[0]).name == "ledger" or "ledger.entry" in words


def _report(name: str, path: Path, action: str, entry: Any) -> TargetReport:
    installed = _is_ours(entry)
    notes = command_problems([entry["command"], *entry.get("args", [])]) if installed else []
    if action == "installed" and not installed:
        action = "absent"
    return TargetReport(name, path, action, installed, installed and not notes, tuple(notes))


class ClaudeMcp:
    """`mcpServers.ledger` in `~/.claude.json` (user) or `<repo>/.mcp.json` (project)."""

    name = "claude-mcp"

    def path(self, env: HookEnv) -> Path:
        if env.scope == "project":
            return env.repo / ".mcp.json"
        configured = env.environ.get("CLAUDE_CONFIG_DIR")
        return (Path(configured).expanduser() if configured else env.home) / ".claude.json"

    def install(self, env: HookEnv) -> TargetReport:
        path = self.path(env)
        data, servers = _claude(path)
        argv = server_argv(env)
        wanted = {"type": "stdio", "command": argv[0], "args": argv[1:], "env": {}}
        _refuse_others(servers.get(SERVER), path)
        servers[SERVER] = wanted
        data["mcpServers"] = servers
        return _report(self.name, path, save_json(path, data, "installed"), wanted)

    def uninstall(self, env: HookEnv) -> TargetReport:
        path = self.path(env)
        if not path.exists():
            return TargetReport(self.name, path, "absent", False, False)
        data, servers = _claude(path)
        if not _is_ours(servers.get(SERVER)):
            return TargetReport(self.name, path, "absent", False, False)
        del servers[SERVER]
        if not servers:
            data.pop("mcpServers", None)
        if not data:  # the file held nothing but ledger's server: install created it
            remove_owned(path)
            return TargetReport(self.name, path, "removed", False, False)
        return TargetReport(self.name, path, restore_json(path, data), False, False)

    def status(self, env: HookEnv) -> TargetReport:
        path = self.path(env)
        servers = _claude(path)[1] if path.exists() else {}
        return _report(self.name, path, "installed", servers.get(SERVER))


def _claude(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The settings and their `mcpServers`; a file of another shape is refused."""
    data = load_object(path)
    servers = data.get("mcpServers", {})
    if not isinstance(servers, dict):
        raise LedgerError(f'"mcpServers" in {path} is not an object', UNCHANGED)
    return data, servers


def _refuse_others(entry: object, path: Path) -> None:
    if entry is not None and not _is_ours(entry):
        raise LedgerError(
            f"{path} already has an MCP server named {SERVER!r} that does not run `ledger mcp`",
            "rename or remove it, then run the command again; it was not changed",
        )


_HEADER = re.compile(r"[ \t]*\[[ \t]*mcp_servers[ \t]*\.[ \t]*(?:ledger|\"ledger\")[ \t]*[\].]")
"""The header of ledger's table or of one of its sub-tables (`[mcp_servers.ledger.env]`)."""
_ANY_HEADER = re.compile(r"^[ \t]*\[", re.M)


class CodexMcp:
    """`[mcp_servers.ledger]` in `~/.codex/config.toml` (user) or `<repo>/.codex/config.toml`."""

    name = "codex-mcp"

    def path(self, env: HookEnv) -> Path:
        if env.scope == "project":
            return env.repo / ".codex" / "config.toml"
        configured = env.environ.get("CODEX_HOME")
        base = Path(configured).expanduser() if configured else env.home / ".codex"
        return base / "config.toml"

    def install(self, env: HookEnv) -> TargetReport:
        path = self.path(env)
        text, entry = _codex(path)
        _refuse_others(entry, path)
        argv = server_argv(env)
        block = (
            f"[mcp_servers.{SERVER}]\ncommand = {_toml(argv[0])}\n"
            f"args = [{', '.join(_toml(a) for a in argv[1:])}]\n"
        )
        kept = _without_block(text, path) if entry is not None else text
        new = kept.rstrip("\n") + ("\n\n" if kept.strip() else "") + block
        if new == text:
            return _report(self.name, path, "unchanged", entry)
        action = "updated" if path.exists() else "installed"
        write_keeping(path, new)
        return _report(self.name, path, action, tomllib.loads(new)["mcp_servers"][SERVER])

    def uninstall(self, env: HookEnv) -> TargetReport:
        path = self.path(env)
        if not path.exists():
            return TargetReport(self.name, path, "absent", False, False)
        text, entry = _codex(path)
        if not _is_ours(entry):
            return TargetReport(self.name, path, "absent", False, False)
        kept = _without_block(text, path)
        if not kept.strip():  # nothing but ledger's server: install created the file
            remove_owned(path)
            return TargetReport(self.name, path, "removed", False, False)
        kept = kept.rstrip("\n") + "\n"
        restore(path, kept, lambda before: before == kept)
        return TargetReport(self.name, path, "removed", False, False)

    def status(self, env: HookEnv) -> TargetReport:
        path = self.path(env)
        entry = _codex(path)[1] if path.exists() else None
        return _report(self.name, path, "installed", entry)


def _toml(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's, for what json.dumps writes)."""
    return json.dumps(text, ensure_ascii=False)


def _codex(path: Path) -> tuple[str, Any]:
    """The config's text and its `mcp_servers.ledger` (None when absent); bad TOML is refused."""
    if not path.exists():
        return "", None
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise LedgerError(f"{path} is not valid TOML ({error})", UNCHANGED) from error
    servers = data.get("mcp_servers", {})
    return text, servers.get(SERVER) if isinstance(servers, dict) else None


def _without_block(text: str, path: Path) -> str:
    """`text` without the `[mcp_servers.ledger]` table and its sub-tables; a server written
    another way (inline, dotted keys) is refused rather than half removed."""
    starts = [m.start() for m in _ANY_HEADER.finditer(text)]
    tables = list(zip(starts, [*starts[1:], len(text)], strict=False))
    kept = [text[a:b] for a, b in tables if not _HEADER.match(text, a)]
    result = text[: starts[0] if starts else len(text)] + "".join(kept)
    try:
        left = tomllib.loads(result).get("mcp_servers", {})
    except ValueError:
        left = {SERVER: None}
    if len(kept) == len(tables) or (isinstance(left, dict) and SERVER in left):
        raise LedgerError(
            f"the {SERVER!r} MCP server in {path} is written in a form ledger does not edit",
            "write it as an [mcp_servers.ledger] table, or remove it, and run the command again",
        )
    return result
