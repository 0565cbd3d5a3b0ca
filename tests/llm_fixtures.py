"""Helpers for LLM-pass tests and the benchmark: ledgers pointed at a fake Messages server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fake_messages import FakeMessages
from ledger_fixtures import new_ledger
from transcript_fixtures import (
    claude_assistant,
    claude_file,
    claude_user,
    text,
    tool_result,
    tool_use,
)

from ledger.config import Config, load
from ledger.ingest.run import IngestOptions, IngestResult, ingest

KEY = "test-key-for-the-fake-server"
"""Not a real key: it only ever reaches the fake server on 127.0.0.1."""
LONG_ID = "10a90000-0000-4000-8000-000000000200"


def llm_ledger(path: Path, fake: FakeMessages | None, **settings: Any) -> Config:
    """A new ledger whose `llm:` section points at `fake`, with no retries and a short timeout."""
    config = new_ledger(path)
    return configure_llm(config, **({"base_url": fake.url} if fake else {}), **settings)


def configure_llm(config: Config, **settings: Any) -> Config:
    """Set keys of the `llm:` section of ledger.yaml (appended lines win over the template's)."""
    values = {"retries": 0, "timeout": 5, **settings}
    path = config.root / "ledger.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index("llm:")
    kept = [
        line
        for line in lines[start + 1 :]
        if not any(line.strip().startswith(f"{key}:") for key in values)
    ]
    extra = [f"  {key}: {json.dumps(value)}" for key, value in values.items()]
    path.write_text("\n".join([*lines[: start + 1], *kept, *extra]) + "\n", encoding="utf-8")
    return load(config.root)


def run(
    config: Config, *sources: Path, environ: dict[str, str] | None = None, **options: Any
) -> IngestResult:
    """`ingest` with an API key in its environment (unless `environ` says otherwise)."""
    given = {"ANTHROPIC_API_KEY": KEY} if environ is None else environ
    return ingest(config, IngestOptions(sources=sources, **options), environ=given)


def long_session(folder: Path, turns: int, session_id: str = LONG_ID, **fields: Any) -> Path:
    """A Claude Code session of `turns` turns, each a prompt, a tool call and an answer;
    `fields` (`cwd`, `timestamp`…) go into every record."""
    fields["sessionId"] = session_id
    records = []
    for n in range(1, turns + 1):
        call = f"toolu_{n:04d}"
        records += [
            claude_user(f"Step {n}: look at module_{n}.py and tell me what it does.", **fields),
            claude_assistant(
                [tool_use(call, "Read", file_path=f"/home/dev/shop/module_{n}.py")],
                message_id=f"msg_{n:04d}a",
                **fields,
            ),
            claude_user([tool_result(call, "x = 1\n" * 40)], **fields),
            claude_assistant(
                [text(f"module_{n}.py defines x. It is small and has no tests yet (step {n}).")],
                message_id=f"msg_{n:04d}b",
                **fields,
            ),
        ]
    return claude_file(folder, records, session_id)
