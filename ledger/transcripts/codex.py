"""Codex CLI rollouts: `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl` (SPEC §2.1-2.2)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import msgspec

from ledger.models import Session, Tokens
from ledger.transcripts.builder import SessionBuilder, one_line, summarize_result
from ledger.transcripts.errors import NotASession, SubagentTranscript
from ledger.transcripts.jsonl import JsonLines, decode_json, readable_path, session_id

RECORD_TYPES = frozenset(
    {"session_meta", "turn_context", "response_item", "event_msg", "compacted"}
)
INJECTED_PREFIXES = ("<environment_context>", "<user_instructions>", "# AGENTS.md instructions")
IDE_CONTEXT = "# Context from my IDE setup:"
IDE_REQUEST = "## My request for Codex:"
SHELL_TOOLS = frozenset({"shell", "shell_command", "exec_command", "local_shell"})
_PATCH_FILE = re.compile(r"^\*\*\* (?:Add|Update|Delete) File: (.+?)\s*$", re.M)
_EXIT_CODE = re.compile(r"^Exit code: (-?\d+)", re.M)
_OUTPUT = re.compile(r"^Output:\n", re.M)


# like Claude Code's records, never part of a reference cycle: untracked by the collector
class _Payload(msgspec.Struct, gc=False):
    """The union of the payload fields ledger reads; shapes differ by type and version."""

    type: Any = None
    id: Any = None
    cwd: Any = None
    cli_version: Any = None
    git: Any = None
    model: Any = None
    name: Any = None
    arguments: Any = None
    input: Any = None
    call_id: Any = None
    output: Any = None
    message: Any = None
    images: Any = None
    info: Any = None
    source: Any = None
    parent_thread_id: Any = None
    forked_from_id: Any = None


class _Record(msgspec.Struct, gc=False):
    timestamp: str | None = None
    type: str = ""
    payload: _Payload | None = None


def looks_like(record: object) -> bool:
    """True when a decoded first record is one Codex writes."""
    return (
        isinstance(record, dict)
        and isinstance(record.get("type"), str)  # a list or a map here would not even hash
        and record["type"] in RECORD_TYPES
        and isinstance(record.get("payload"), dict)
    )


def patched_files(text: str) -> list[str]:
    """The paths an `apply_patch` envelope adds, updates or deletes, in order."""
    if "*** Begin Patch" not in text:
        return []
    return _PATCH_FILE.findall(text)


def prompt_display(text: str) -> str:
    """A prompt without the context the VS Code extension prepends to what the user typed."""
    text = text.strip()
    if text.startswith(IDE_CONTEXT) and IDE_REQUEST in text:
        return text.split(IDE_REQUEST, 1)[1].strip()
    return text


def _command_text(arguments: dict[str, Any]) -> str:
    command = arguments.get("command", arguments.get("cmd"))
    if isinstance(command, str):
        return command
    if isinstance(command, list) and all(isinstance(part, str) for part in command):
        parts: list[str] = command
        if len(parts) == 3 and parts[1] in ("-lc", "-c"):
            return parts[2]
        return " ".join(parts)
    return ""


def _tokens(info: Any) -> Tokens | None:
    usage = info.get("total_token_usage") if isinstance(info, dict) else None
    if not isinstance(usage, dict):
        return None

    def count(key: str) -> int:
        value = usage.get(key)
        return value if isinstance(value, int) else 0

    cached = count("cached_input_tokens")
    return Tokens(
        input=max(count("input_tokens") - cached, 0),
        output=count("output_tokens"),
        cache_read=cached,
    )


def _output_result(tool: str, output: Any) -> tuple[str, bool]:
    """Split a call's output into (one-line summary, is_error) from its exit code."""
    text = output if isinstance(output, str) else ""
    code: int | None = None
    if text.startswith("{"):
        parsed = decode_json(text)
        if isinstance(parsed, dict) and isinstance(parsed.get("output"), str):
            metadata = parsed.get("metadata")
            exit_code = metadata.get("exit_code") if isinstance(metadata, dict) else None
            code = exit_code if isinstance(exit_code, int) else None
            text = parsed["output"]
    else:
        match = _EXIT_CODE.match(text)
        if match:
            code = int(match.group(1))
            body = _OUTPUT.search(text)
            text = text[body.end() :] if body else ""
    if code:
        return summarize_result(tool, f"exit {code}\n{text}", True), True
    return summarize_result(tool, text, False), False


def _spawning_thread(meta: _Payload) -> str | None:
    """The parent thread of a sub-agent rollout (`source: {subagent: {thread_spawn: ...}}`)."""
    spawn = meta.source.get("subagent") if isinstance(meta.source, dict) else None
    if spawn is None:
        return None
    thread = spawn.get("thread_spawn") if isinstance(spawn, dict) else None
    parent = thread.get("parent_thread_id") if isinstance(thread, dict) else None
    parent = parent or meta.parent_thread_id
    return parent if isinstance(parent, str) and parent else "unknown"


class _Reader:
    def __init__(self, path: Path) -> None:
        self.build = SessionBuilder("codex", readable_path(path))
        self.lines = JsonLines(path, _Record)
        self.conversation = False
        self.call_names: dict[str, str] = {}
        self.parent: str | None = None

    def read(self) -> None:
        for record in self.lines:
            self.build.see_time(record.timestamp)
            payload = record.payload
            if record.type == "compacted":
                self.build.compacted = True
            elif payload is None:
                continue
            elif record.type == "session_meta":
                self._meta(payload)
            elif record.type == "turn_context":
                self.build.add_model(payload.model if isinstance(payload.model, str) else None)
                self.build.set_first(
                    "project", payload.cwd if isinstance(payload.cwd, str) else None
                )
            elif record.type == "event_msg":
                self._event(payload, record.timestamp)
            elif record.type == "response_item":
                self._item(payload)

    def _meta(self, payload: _Payload) -> None:
        text = {k: v for k, v in (("id", payload.id), ("cwd", payload.cwd)) if isinstance(v, str)}
        self.build.set_first("session_id", session_id(text.get("id")))
        self.build.set_first("project", text.get("cwd"))
        if isinstance(payload.cli_version, str):
            self.build.set_first("agent_version", payload.cli_version)
        self.parent = self.parent or _spawning_thread(payload)
        if isinstance(payload.forked_from_id, str) and payload.forked_from_id:
            self.build.parent_session = self.build.parent_session or payload.forked_from_id
        branch = payload.git.get("branch") if isinstance(payload.git, dict) else None
        self.build.set_first("git_branch", branch if isinstance(branch, str) else None)

    def _event(self, payload: _Payload, timestamp: str | None) -> None:
        message = payload.message if isinstance(payload.message, str) else ""
        if payload.type == "user_message":
            self.conversation = True
            text = prompt_display(message)
            if text.startswith(INJECTED_PREFIXES):
                return
            if text or payload.images:
                self.build.start_turn(text or "[image]", timestamp)
        elif payload.type == "agent_message":
            self.conversation = True
            self.build.add_text(message)
        elif payload.type == "token_count":
            tokens = _tokens(payload.info)
            if tokens is not None:
                self.build.tokens = tokens

    def _item(self, payload: _Payload) -> None:
        call_id = payload.call_id if isinstance(payload.call_id, str) else None
        name = payload.name if isinstance(payload.name, str) else ""
        if payload.type == "function_call" and call_id:
            self._function_call(call_id, name, payload.arguments)
        elif payload.type == "custom_tool_call" and call_id:
            patch = payload.input if isinstance(payload.input, str) else ""
            files = patched_files(patch)
            detail = ", ".join(files) if files else one_line(patch, redacted_later=True)
            if self.build.add_call(call_id, name, one_line(detail, redacted_later=True)):
                self.call_names[call_id] = name
                for path in files:
                    self.build.touch(path)
        elif payload.type in ("function_call_output", "custom_tool_call_output") and call_id:
            tool = self.call_names.get(call_id, "")
            summary, error = _output_result(tool, payload.output)
            self.build.set_result(call_id, summary, error)

    def _function_call(self, call_id: str, name: str, raw_arguments: Any) -> None:
        arguments: Any = {}
        if isinstance(raw_arguments, str):
            arguments = decode_json(raw_arguments)
        if not isinstance(arguments, dict):
            arguments = {}
        command = _command_text(arguments) if name in SHELL_TOOLS else ""
        files = patched_files(command)
        if files:
            detail = one_line("apply_patch " + ", ".join(files), redacted_later=True)
        elif name == "update_plan" and isinstance(arguments.get("plan"), list):
            detail = f"{len(arguments['plan'])} steps"
            self.build.set_plan(arguments["plan"], "step")
        else:
            first = next((v for v in arguments.values() if isinstance(v, str) and v.strip()), "")
            detail = one_line(command or first, redacted_later=True)
        if not self.build.add_call(call_id, name, detail):
            return
        self.call_names[call_id] = name
        for path in files:
            self.build.touch(path)
        if command.strip() and not files:
            self.build.add_command(command.strip())


def read(path: Path, subagent_files: tuple[Path, ...] = ()) -> Session:
    """Read one Codex rollout file; `subagent_files` are the rollouts of the sub-agents it ran."""
    reader = _Reader(path)
    reader.read()
    if reader.parent is not None:
        raise SubagentTranscript(reader.parent)
    if not reader.conversation:
        raise NotASession(
            "no user_message or agent_message event (abandoned before the first prompt)"
        )
    reader.build.subagents = len(subagent_files)
    return reader.build.build(reader.lines.skipped_lines)
