"""Claude Code transcripts: `<config>/projects/<encoded-cwd>/<uuid>.jsonl` (SPEC §2.1-2.2)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec

from ledger.models import Session
from ledger.transcripts.builder import (
    LINE_COUNT_TOOLS,
    SessionBuilder,
    lines_summary,
    needs_text,
    one_line,
    summarize_result,
)
from ledger.transcripts.errors import NotASession
from ledger.transcripts.genealogy import continued_session
from ledger.transcripts.jsonl import JsonLines, decode_json, readable_path, session_id

GENERATED_PREFIXES = (
    "<local-command-stdout>",
    "<local-command-stderr>",
    "<local-command-caveat>",
    "<bash-stdout>",
    "<bash-stderr>",
    "<task-notification>",
    "<bash-notification>",
    "<system-reminder>",
    "Caveat: The messages below were generated",
    "[Request interrupted by user",
)
SYNTHETIC_MODEL = "<synthetic>"
WRITE_TOOLS = frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit"})
SHELL_TOOLS = frozenset({"Bash"})
AGENT_TOOLS = frozenset({"Task", "Agent"})
WARMUP = "Warmup"
RECORD_TYPES = frozenset(
    {"user", "assistant", "system", "summary", "attachment", "file-history-snapshot"}
    | {"queue-operation", "last-prompt", "permission-mode", "ai-title", "custom-title"}
    | {"agent-name"}
)
_COMMAND = re.compile(r"<command-name>\s*(.*?)\s*</command-name>", re.S)
_COMMAND_ARGS = re.compile(r"<command-args>\s*(.*?)\s*</command-args>", re.S)
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


class _AgentResult(msgspec.Struct):
    """What a Task/Agent call's `toolUseResult` says about the sub-agent it ran."""

    agentId: str | None = None


# The structs a record decodes into are made by the thousand and hold only what was decoded, so
# they can never be part of a reference cycle: `gc=False` leaves them untracked by the collector.
class _Usage(msgspec.Struct, gc=False):
    input_tokens: int | None = None
    output_tokens: int | None = None
    cache_read_input_tokens: int | None = None
    cache_creation_input_tokens: int | None = None

    def counts(self) -> tuple[int, int, int, int]:
        return (
            self.input_tokens or 0,
            self.output_tokens or 0,
            self.cache_read_input_tokens or 0,
            self.cache_creation_input_tokens or 0,
        )


class _Input(msgspec.Struct, gc=False):
    """The tool inputs worth a line in the skeleton; the rest (file bodies, patches) is skipped."""

    file_path: Any = None
    notebook_path: Any = None
    command: Any = None
    pattern: Any = None
    path: Any = None
    url: Any = None
    query: Any = None
    description: Any = None
    skill: Any = None
    prompt: Any = None
    todos: Any = None


class _Block(msgspec.Struct, gc=False):
    type: str = ""
    text: str | None = None
    id: str | None = None
    name: str | None = None
    input: _Input | None = None
    tool_use_id: str | None = None
    content: msgspec.Raw = msgspec.Raw()
    is_error: bool | None = None


class _Message(msgspec.Struct, gc=False):
    id: str | None = None
    model: str | None = None
    content: str | list[_Block] | None = None
    usage: _Usage | None = None


class _Record(msgspec.Struct, gc=False):
    type: str = ""
    uuid: str | None = None
    parentUuid: str | None = None
    leafUuid: str | None = None
    isSidechain: bool | None = None
    isMeta: bool | None = None
    isCompactSummary: bool | None = None
    timestamp: str | None = None
    sessionId: str | None = None
    cwd: str | None = None
    gitBranch: str | None = None
    version: str | None = None
    subtype: str | None = None
    message: _Message | None = None
    toolUseResult: msgspec.Raw = msgspec.Raw()
    customTitle: str | None = None
    aiTitle: str | None = None
    agentName: str | None = None


def looks_like(record: object) -> bool:
    """True when a decoded first record is one Claude Code writes."""
    return (
        isinstance(record, dict)
        and isinstance(record.get("type"), str)  # a list or a map here would not even hash
        and record["type"] in RECORD_TYPES
        and "payload" not in record
    )


def prompt_display(text: str) -> str:
    """A prompt as a person typed it: a slash command's markup becomes `/name args`."""
    command = _COMMAND.search(text)
    if command is None:
        return text.strip()
    args = _COMMAND_ARGS.search(text)
    return f"{command.group(1)} {args.group(1) if args else ''}".strip()


def _prompt(record: _Record) -> str | None:
    """The prompt a record carries, per SPEC §2.2, or None when it is not a prompt."""
    if record.isSidechain or record.isMeta or record.isCompactSummary or record.message is None:
        return None
    content = record.message.content
    has_image = False
    if isinstance(content, str):
        text = content
    elif content:
        text = "\n".join(b.text for b in content if b.type == "text" and b.text)
        has_image = any(b.type == "image" for b in content)
    else:
        return None
    stripped = text.lstrip()
    if stripped.startswith(GENERATED_PREFIXES):
        return None
    if stripped:
        return prompt_display(stripped)
    return "[image]" if has_image else None


def _detail(name: str, given: _Input | None) -> str:
    if given is None:
        return ""
    if isinstance(given.todos, list):
        return f"{len(given.todos)} todos"
    for value in (
        given.file_path,
        given.notebook_path,
        given.command,
        given.pattern,
        given.url,
        given.query,
        given.description,
        given.skill,
        given.path,
        given.prompt,
    ):
        if isinstance(value, str) and value.strip():
            return one_line(value, redacted_later=True)
    return ""


def _result_text(raw: msgspec.Raw) -> str:
    if not raw:
        return ""
    value = decode_json(raw)
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "\n".join(
            b["text"] for b in value if isinstance(b, dict) and isinstance(b.get("text"), str)
        )
    return ""


_JSON_BLANKS = (b"\\n", b"\\t", b"\\r")


def _line_count(raw: msgspec.Raw) -> int | None:
    """Lines of a plain JSON string, counted on its bytes without decoding it (outputs are big).

    None when the string holds escaped backslashes (a `\\n` there might not be a newline).
    """
    data = bytes(raw)
    if len(data) < 2 or data[:1] != b'"' or b"\\\\" in data:
        return None
    start, end = 1, len(data) - 1
    while start < end:
        if data[start] in b" \t":
            start += 1
        elif data[start : start + 2] in _JSON_BLANKS:
            start += 2
        else:
            break
    while end > start:
        if data[end - 1] in b" \t":
            end -= 1
        elif data[end - 2 : end] in _JSON_BLANKS:
            end -= 2
        else:
            break
    return data.count(b"\\n", start, end) + 1 if end > start else 0


def _summary(tool: str, block: _Block, error: bool) -> str:
    if not error and tool in LINE_COUNT_TOOLS:
        lines = _line_count(block.content)
        if lines is not None:
            return lines_summary(lines)
    text = _result_text(block.content) if needs_text(tool, error) else ""
    return summarize_result(tool, text, error)


class _Reader:
    def __init__(self, path: Path) -> None:
        self.build = SessionBuilder("claude-code", readable_path(path))
        self.lines = JsonLines(path, _Record)
        self.kinds: Counter[str] = Counter()
        self.assistant_messages = 0
        self.record_session_ids: dict[str, None] = {}
        self.call_names: dict[str, str] = {}
        self.sidechain_records = 0
        self.inline_subagents = 0
        self.launched_agents: set[str] = set()
        self.leading_leaves: list[str] = []
        """The `leafUuid`s of the summaries before the conversation: what it may continue."""

    def read(self) -> None:
        for record in self.lines:
            self.kinds[record.type] += 1
            # every record states the id: checked once, not on each
            stated = record.sessionId
            if stated and stated not in self.record_session_ids and session_id(stated):
                self.record_session_ids[stated] = None
            if record.isSidechain:
                self._sidechain(record)
            elif record.type == "user":
                self._user(record)
            elif record.type == "assistant":
                self._assistant(record)
            elif record.type == "system" and record.subtype == "compact_boundary":
                self.build.compacted = True
            elif record.type == "custom-title" and record.customTitle:
                self.build.custom_title = record.customTitle
            elif record.type == "ai-title" and record.aiTitle:
                self.build.ai_title = record.aiTitle
            elif record.type == "agent-name" and record.agentName:
                self.build.agent_name = record.agentName
            elif record.type == "summary" and record.leafUuid and not self.assistant_messages:
                self.leading_leaves.append(record.leafUuid)

    def _main_facts(self, record: _Record) -> None:
        build = self.build
        build.see_time(record.timestamp)
        if build.project is None and record.cwd:
            build.project = record.cwd
        if build.git_branch is None and record.gitBranch:
            build.git_branch = record.gitBranch
        if build.agent_version is None and record.version:
            build.agent_version = record.version

    def _sidechain(self, record: _Record) -> None:
        self.sidechain_records += 1
        if record.type == "user" and record.parentUuid is None:
            content = record.message.content if record.message else None
            if content != WARMUP:
                self.inline_subagents += 1

    def _user(self, record: _Record) -> None:
        self._main_facts(record)
        if record.isCompactSummary:
            self.build.compacted = True
        content = record.message.content if record.message else None
        results = isinstance(content, list) and bool(content) and content[0].type == "tool_result"
        prompt = None if results else _prompt(record)
        if prompt is not None:
            if prompt.startswith("/rename ") and prompt[8:].strip():
                self.build.agent_name = prompt[8:].strip()  # the name a person gave the session
            self.build.start_turn(prompt, record.timestamp)
            return
        if not isinstance(content, list):
            return
        for block in content:
            if block.type == "tool_result" and block.tool_use_id:
                name = self.call_names.get(block.tool_use_id, "")
                if name in AGENT_TOOLS:
                    self._note_agent(record.toolUseResult)
                error = bool(block.is_error)
                self.build.set_result(block.tool_use_id, _summary(name, block, error), error)

    def _note_agent(self, raw: msgspec.Raw) -> None:
        try:
            agent_id = msgspec.json.decode(raw, type=_AgentResult).agentId
        except (msgspec.MsgspecError, UnicodeError, RecursionError):
            return
        if agent_id:
            self.launched_agents.add(agent_id)

    def _assistant(self, record: _Record) -> None:
        self._main_facts(record)
        message = record.message
        if message is None:
            return
        self.assistant_messages += 1
        if message.model == SYNTHETIC_MODEL:
            return
        self.build.add_model(message.model)
        if message.usage is not None:
            self.build.add_usage(message.id or record.uuid or "", message.usage.counts())
        content = message.content
        if isinstance(content, str):
            self.build.add_text(content)
            return
        for block in content or ():
            if block.type == "text" and block.text:
                self.build.add_text(block.text)
            elif block.type == "tool_use" and block.id and block.name:
                self._tool_use(block.id, block.name, block.input)

    def _tool_use(self, call_id: str, name: str, given: _Input | None) -> None:
        if given is not None and name == "TodoWrite":
            self.build.set_plan(given.todos, "content")
        if not self.build.add_call(call_id, name, _detail(name, given)):
            return
        self.call_names[call_id] = name
        if given is None:
            return
        path = given.file_path if isinstance(given.file_path, str) else given.notebook_path
        if name in WRITE_TOOLS and isinstance(path, str) and path:
            self.build.touch(path)
        elif name == "Read" and isinstance(path, str) and path:
            self.build.read(path)
        elif name in SHELL_TOOLS and isinstance(given.command, str) and given.command.strip():
            self.build.add_command(given.command.strip())

    def not_a_session_reason(self) -> str:
        """Why this file is not a session (SPEC §2.2), or "" when it is one."""
        if self.build.has_prompt or self.assistant_messages:
            return ""
        if set(self.kinds) == {"summary"}:
            return "only summaries"
        if self.sidechain_records:
            parents = ", ".join(self.record_session_ids) or "unknown"
            return f"sub-agent transcript of session {parents}"
        return f"no prompt and no assistant message (only {', '.join(sorted(self.kinds))})"


def _is_housekeeping(path: Path) -> bool:
    """Claude Code's own sub-agents: the compaction run and the one-line warm-up."""
    if path.name.startswith("agent-acompact"):
        return True
    try:
        for record in JsonLines(path, _Record):
            content = record.message.content if record.message else None
            return record.type == "user" and content == WARMUP
    except OSError:
        pass  # unreadable now: not counted; its agent id still counts if the parent names it
    return True


def read(path: Path, subagent_files: tuple[Path, ...] = ()) -> Session:
    """Read one Claude Code session file (and count its sub-agent files)."""
    reader = _Reader(path)
    reader.read()
    reason = reader.not_a_session_reason()
    if reason:
        raise NotASession(reason)
    build = reader.build
    stem = path.stem
    ids = list(reader.record_session_ids)
    build.session_id = stem if _UUID.match(stem) else (ids[0] if ids else stem)
    build.parent_session = next((i for i in ids if i != build.session_id), None) or (
        continued_session(path, reader.leading_leaves)
    )
    on_disk = {f.stem.removeprefix("agent-") for f in subagent_files if not _is_housekeeping(f)}
    build.subagents = reader.inline_subagents + len(reader.launched_agents | on_disk)
    return build.build(reader.lines.skipped_lines)
