"""Claude Code `settings.json` and Codex `hooks.json`: the same shape, event → groups → hooks.

```json
{"hooks": {"SessionEnd": [{"hooks": [{"type": "command", "command": "...", "timeout": 10}]}]}}
```
ledger owns exactly the command hooks whose command runs `ledger hook <one of its names>`; it
replaces them rather than adding a second, leaves every other entry as it is, and refuses to
touch a file it cannot read as such an object.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ledger.automation.hook import HANDLERS
from ledger.automation.targets.base import (
    HookEnv,
    TargetReport,
    command_problems,
    remove_owned,
    restore,
    split_command,
    write_keeping,
)
from ledger.errors import LedgerError

TIMEOUT_SECONDS = 10
Settings = dict[str, Any]


def _hook_name(command: object) -> str | None:
    """The hook a command runs if it is ledger's (`<...ledger> hook NAME ...`), else None."""
    if not isinstance(command, str):
        return None
    words = split_command(command)
    for at in range(1, len(words) - 1):
        runs_ledger = Path(words[0]).name == "ledger" or words[at - 1] == "ledger.entry"
        if words[at] == "hook" and words[at + 1] in HANDLERS and runs_ledger:
            return words[at + 1]
    return None


def is_ours(entry: object) -> bool:
    return isinstance(entry, dict) and _hook_name(entry.get("command")) is not None


@dataclass(frozen=True, slots=True)
class AgentSettings:
    """One agent's hook settings file and the events ledger hooks into there."""

    name: str
    events: tuple[tuple[str, str], ...]
    """(agent event, ledger hook name)."""
    user_dir_env: str
    user_dir: str
    project_dir: str
    file: str
    checks: Callable[[HookEnv], list[str]] = lambda env: []
    """Why the agent would not run installed hooks (a feature turned off): problems to show."""

    def path(self, env: HookEnv) -> Path:
        if env.scope == "project":
            return env.repo / self.project_dir / self.file
        configured = env.environ.get(self.user_dir_env)
        base = Path(configured).expanduser() if configured else env.home / self.user_dir
        return base / self.file

    def install(self, env: HookEnv) -> TargetReport:
        path = self.path(env)
        data = _load(path)
        hooks = data.setdefault("hooks", {})
        for event, name in self.events:
            wanted: dict[str, Any] = {
                "type": "command",
                "command": env.hook_command(name),
                "timeout": TIMEOUT_SECONDS,
            }
            groups = hooks.setdefault(event, [])
            ours = [h for g in groups for h in g.get("hooks", []) if is_ours(h)]
            if ours != [wanted]:
                _remove_ours(hooks, event)
                hooks.setdefault(event, []).append({"hooks": [wanted]})
        action = save_json(path, data, "installed")
        return self._report(path, data, action, env)

    def uninstall(self, env: HookEnv) -> TargetReport:
        path = self.path(env)
        if not path.exists():
            return TargetReport(self.name, path, "absent", installed=False, would_run=False)
        data = _load(path)
        hooks = data.get("hooks", {})
        for event, _ in self.events:
            _remove_ours(hooks, event)
        if "hooks" in data and not hooks:
            del data["hooks"]
        if not data:  # the file held nothing but ledger's hooks: install created it
            remove_owned(path)
            return TargetReport(self.name, path, "removed", installed=False, would_run=False)
        action = restore_json(path, data)
        return TargetReport(self.name, path, action, False, False)

    def status(self, env: HookEnv) -> TargetReport:
        path = self.path(env)
        data = _load(path) if path.exists() else {}
        return self._report(path, data, "installed", env)

    def _report(self, path: Path, data: Settings, action: str, env: HookEnv) -> TargetReport:
        hooks = data.get("hooks", {})
        notes: list[str] = []
        found = 0
        for event, name in self.events:
            commands = [
                h["command"]
                for g in hooks.get(event, [])
                for h in g.get("hooks", [])
                if _hook_name(h.get("command")) == name
            ]
            found += bool(commands)
            for command in commands:
                notes += [f"{event}: {p}" for p in command_problems(split_command(command))]
        installed = found == len(self.events)
        if 0 < found < len(self.events):
            notes.append(f"only {found} of {len(self.events)} hooks there: run install again")
        if action == "installed" and not found:
            action = "absent"
        notes += self.checks(env) if installed else []
        return TargetReport(self.name, path, action, installed, installed and not notes, (*notes,))


def codex_hooks_off(env: HookEnv) -> list[str]:
    """Codex runs hooks only when the `hooks` feature is on and you have trusted them."""
    base = env.environ.get("CODEX_HOME")
    config = (Path(base).expanduser() if base else env.home / ".codex") / "config.toml"
    try:
        text = config.read_text(encoding="utf-8")
    except OSError:
        text = ""
    features = re.search(r"(?ms)^\[features\]\s*$(.*?)(?=^\[|\Z)", text)
    if features and re.search(r"(?m)^\s*(codex_)?hooks\s*=\s*false\b", features.group(1)):
        return [f"hooks are turned off in {config}: set `hooks = true` under [features]"]
    return []


UNCHANGED = "fix it (or move it away) and run the command again; it was not changed"


def load_object(path: Path) -> Settings:
    """A JSON settings file as a dict ({} when there is none); anything else is refused."""
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8") or "{}")
    except (ValueError, UnicodeDecodeError) as error:
        raise LedgerError(f"{path} is not valid JSON ({error})", UNCHANGED) from error
    if not isinstance(data, dict):
        raise LedgerError(f"{path} is not a JSON object", UNCHANGED)
    return data


def _load(path: Path) -> Settings:
    """The settings as a dict; a file that is not JSON of the expected shape is refused."""
    data = load_object(path)
    hooks = data.get("hooks", {})
    if not isinstance(hooks, dict):
        raise LedgerError(f'"hooks" in {path} is not an object', UNCHANGED)
    for event, groups in hooks.items():
        if not isinstance(groups, list) or not all(
            isinstance(g, dict) and isinstance(g.get("hooks", []), list) for g in groups
        ):
            raise LedgerError(f'"hooks.{event}" in {path} is not a list of hook groups', UNCHANGED)
    return data


def _remove_ours(hooks: Settings, event: str) -> None:
    """Take ledger's hooks out of `event`, and the groups and event left empty by it."""
    groups = hooks.get(event)
    if groups is None:
        return
    kept = []
    for group in groups:
        entries = group.get("hooks", [])
        mine = [h for h in entries if is_ours(h)]
        if mine and len(mine) == len(entries):
            continue
        if mine:
            group["hooks"] = [h for h in entries if not is_ours(h)]
        kept.append(group)
    if kept:
        hooks[event] = kept
    else:
        del hooks[event]


def restore_json(path: Path, data: Settings) -> str:
    """Uninstall's write of a JSON settings file: `absent` when nothing of ledger's was there
    (the file is left byte for byte), else `removed`, as `restore` writes it."""
    if json.loads(path.read_text(encoding="utf-8") or "{}") == data:
        return "absent"
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    restore(path, text, lambda before: json.loads(before or "{}") == data)
    return "removed"


def save_json(path: Path, data: Settings, action: str) -> str:
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if path.exists():
        if json.loads(path.read_text(encoding="utf-8") or "{}") == data:
            return "unchanged"
        action = "updated" if action == "installed" else action
    write_keeping(path, text)
    return action


CLAUDE = AgentSettings(
    name="claude",
    events=(
        ("SessionStart", "claude-session-start"),
        ("SessionEnd", "claude-session-end"),
        ("PreCompact", "claude-pre-compact"),
    ),
    user_dir_env="CLAUDE_CONFIG_DIR",
    user_dir=".claude",
    project_dir=".claude",
    file="settings.json",
)
CODEX = AgentSettings(
    name="codex",
    events=(("SessionStart", "codex-session-start"),),
    user_dir_env="CODEX_HOME",
    user_dir=".codex",
    project_dir=".codex",
    file="hooks.json",
    checks=codex_hooks_off,
)
