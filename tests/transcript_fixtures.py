"""Tiny hand-made transcripts: typed builders for Claude Code and Codex records, written as JSONL.

Each builder returns one record as a dict shaped like the real ones described in
`shared/corpus/FORMATS.md`, with only the fields the readers look at plus the usual companions.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ledger.models import Agent, Session
from ledger.transcripts.read import read_transcript

Record = dict[str, Any]

SESSION_ID = "5e55f00d-0000-4000-8000-000000000001"
CODEX_ID = "0199865a-ee71-7ae3-b232-87583b038e9f"
CWD = "/home/dev/shop"
PROJECT_DIR = "-home-dev-shop"
T0 = "2026-01-05T10:00:00.000Z"
_uuids = itertools.count(1)


def at(minute: int, second: int = 0) -> str:
    """A timestamp on the fixtures' day, at 10:mm:ss UTC."""
    return f"2026-01-05T10:{minute:02d}:{second:02d}.000Z"


def dumps(record: Record) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def as_lines(records: Iterable[Record]) -> list[bytes]:
    """Records as JSONL lines, `\\n` included, for tests that tamper with the bytes."""
    return [dumps(r).encode() + b"\n" for r in records]


def write_jsonl(path: Path, records: Iterable[Record]) -> Path:
    """Write records one per line, creating the folders on the way."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"".join(as_lines(records)))
    return path


# Claude Code ---------------------------------------------------------------------------------


def claude_record(kind: str, **fields: Any) -> Record:
    """A conversation record (`user`, `assistant`, `system`, `progress`…) with the common fields."""
    record: Record = {
        "parentUuid": None,
        "isSidechain": False,
        "userType": "external",
        "cwd": CWD,
        "sessionId": SESSION_ID,
        "version": "2.1.87",
        "gitBranch": "main",
        "type": kind,
        "uuid": f"00000000-0000-4000-8000-{next(_uuids):012d}",
        "timestamp": T0,
    }
    record.update(fields)
    return record


def claude_user(content: str | list[Record], **fields: Any) -> Record:
    """A `user` record: a typed prompt (string), or content blocks (text, image, tool_result)."""
    return claude_record("user", message={"role": "user", "content": content}, **fields)


def claude_assistant(
    blocks: list[Record],
    message_id: str = "msg_01",
    usage: Record | None = None,
    model: str = "claude-sonnet-4-6",
    **fields: Any,
) -> Record:
    """One line of an assistant response; Claude Code writes one per content block."""
    message = {
        "id": message_id,
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": blocks,
        "stop_reason": None,
        "usage": usage or tokens(),
    }
    return claude_record("assistant", message=message, requestId="req_01", **fields)


def claude_system(subtype: str, **fields: Any) -> Record:
    return claude_record("system", subtype=subtype, level="info", **fields)


def claude_meta(kind: str, **fields: Any) -> Record:
    """A metadata record (`summary`, `last-prompt`, `custom-title`…): no uuid, no timestamp."""
    return {"type": kind, **fields}


def thinking(value: str = "") -> Record:
    """A thinking block; from 2.1.87 its text is often empty, only the signature is kept."""
    return {"type": "thinking", "thinking": value, "signature": "EqMDCkYI"}


def text(value: str) -> Record:
    return {"type": "text", "text": value}


def image() -> Record:
    return {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iV"}}


def tool_use(block_id: str, name: str, **given: Any) -> Record:
    return {"type": "tool_use", "id": block_id, "name": name, "input": given}


def tool_result(
    block_id: str, content: str | list[Record] = "ok", is_error: bool = False
) -> Record:
    block: Record = {"type": "tool_result", "tool_use_id": block_id, "content": content}
    if is_error:
        block["is_error"] = True
    return block


def tokens(input: int = 0, output: int = 0, cache_read: int = 0, cache_creation: int = 0) -> Record:
    """An Anthropic `usage` object."""
    return {
        "input_tokens": input,
        "output_tokens": output,
        "cache_read_input_tokens": cache_read,
        "cache_creation_input_tokens": cache_creation,
        "service_tier": "standard",
    }


def claude_exchange(prompt: str, answer: str, message_id: str) -> list[Record]:
    """A prompt and a one-line answer."""
    return [claude_user(prompt), claude_assistant([text(answer)], message_id=message_id)]


def claude_session_records(prompts: int = 3) -> list[Record]:
    """A plain conversation of `prompts` exchanges."""
    return [
        record
        for n in range(1, prompts + 1)
        for record in claude_exchange(f"prompt {n}", f"answer {n}", f"msg_{n:02d}")
    ]


def claude_file(folder: Path, records: Iterable[Record], name: str = SESSION_ID) -> Path:
    return write_jsonl(folder / f"{name}.jsonl", records)


def read_claude(folder: Path, records: Iterable[Record]) -> Session:
    """Write records as a session file in `folder` and read it."""
    return read_transcript(claude_file(folder, records))


# Codex ---------------------------------------------------------------------------------------


def codex_record(kind: str, payload: Record, timestamp: str = T0) -> Record:
    """One rollout line: `{timestamp, type, payload}`."""
    return {"timestamp": timestamp, "type": kind, "payload": payload}


def codex_meta(timestamp: str = T0, **payload: Any) -> Record:
    fields: Record = {
        "id": CODEX_ID,
        "timestamp": timestamp,
        "cwd": CWD,
        "originator": "codex_cli_rs",
        "cli_version": "0.72.0",
        "instructions": None,
        "git": {"commit_hash": "abc123", "branch": "main"},
    }
    return codex_record("session_meta", {**fields, **payload}, timestamp)


def codex_turn_context(model: str = "gpt-5.1-codex", timestamp: str = T0) -> Record:
    payload = {"cwd": CWD, "approval_policy": "on-request", "model": model, "summary": "auto"}
    return codex_record("turn_context", payload, timestamp)


def codex_event(event: str, timestamp: str = T0, **payload: Any) -> Record:
    return codex_record("event_msg", {"type": event, **payload}, timestamp)


def codex_item(item: str, timestamp: str = T0, **payload: Any) -> Record:
    return codex_record("response_item", {"type": item, **payload}, timestamp)


def codex_message(role: str, value: str, timestamp: str = T0) -> Record:
    """The `response_item` copy of a message (the readers count the `event_msg` copy)."""
    kind = "output_text" if role == "assistant" else "input_text"
    return codex_item("message", timestamp, role=role, content=[{"type": kind, "text": value}])


def codex_prompt(value: str, timestamp: str = T0) -> list[Record]:
    """A typed prompt, written twice as Codex does."""
    return [
        codex_message("user", value, timestamp),
        codex_event("user_message", timestamp, message=value, kind="plain"),
    ]


def codex_answer(value: str, timestamp: str = T0) -> list[Record]:
    """An assistant message, written twice as Codex does."""
    return [
        codex_message("assistant", value, timestamp),
        codex_event("agent_message", timestamp, message=value),
    ]


def codex_call(call_id: str, name: str, arguments: Record) -> Record:
    return codex_item("function_call", name=name, arguments=json.dumps(arguments), call_id=call_id)


def codex_output(call_id: str, output: str) -> Record:
    return codex_item("function_call_output", call_id=call_id, output=output)


def codex_custom_call(call_id: str, name: str, given: str) -> Record:
    return codex_item(
        "custom_tool_call", status="completed", call_id=call_id, name=name, input=given
    )


def codex_token_count(input: int, cached: int, output: int, timestamp: str = T0) -> Record:
    usage = {"input_tokens": input, "cached_input_tokens": cached, "output_tokens": output}
    info = {"total_token_usage": usage, "last_token_usage": usage}
    return codex_event("token_count", timestamp, info=info, rate_limits=None)


def codex_reasoning(summary: str = "Checking the cache") -> Record:
    parts = [{"type": "summary_text", "text": summary}]
    return codex_item("reasoning", summary=parts, content=None, encrypted_content="gAAAA")


def codex_compacted(summary: str = "Summary of the work so far") -> Record:
    return codex_record("compacted", {"message": summary, "replacement_history": []})


def codex_session_records(prompts: int = 3, session_id: str = CODEX_ID) -> list[Record]:
    """A plain rollout of `prompts` exchanges."""
    records = [codex_meta(id=session_id), codex_turn_context()]
    for n in range(1, prompts + 1):
        records += codex_prompt(f"prompt {n}") + codex_answer(f"answer {n}")
    return records


def rollout_name(session_id: str = CODEX_ID) -> str:
    """A rollout file name: local time in the name, the session id at the end."""
    return f"rollout-2026-01-05T11-00-00-{session_id}.jsonl"


def codex_file(folder: Path, records: Iterable[Record], session_id: str = CODEX_ID) -> Path:
    return write_jsonl(folder / rollout_name(session_id), records)


def read_codex(folder: Path, records: Iterable[Record]) -> Session:
    """Write records as a rollout file in `folder` and read it."""
    return read_transcript(codex_file(folder, records))


def apply_patch(*headers: str) -> str:
    """An `apply_patch` envelope: one tiny hunk under each `*** Add|Update|Delete File:` header."""
    return "\n".join(["*** Begin Patch", *(f"{h}\n@@\n+x" for h in headers), "*** End Patch"])


# Either agent ---------------------------------------------------------------------------------


def session_records(agent: Agent, prompts: int = 3) -> list[Record]:
    """A plain conversation of `prompts` exchanges in `agent`'s format."""
    return (
        claude_session_records(prompts)
        if agent == "claude-code"
        else codex_session_records(prompts)
    )


def prompt_records(agent: Agent, value: str) -> list[Record]:
    """The record(s) that carry one typed prompt in `agent`'s format."""
    return [claude_user(value)] if agent == "claude-code" else codex_prompt(value)


def session_path(folder: Path, agent: Agent) -> Path:
    """Where `agent` would keep a session file in `folder`."""
    return folder / (f"{SESSION_ID}.jsonl" if agent == "claude-code" else rollout_name())
