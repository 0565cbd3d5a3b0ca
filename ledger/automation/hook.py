"""The hook entry points agents and git call: lean, quick, and failing open.

`ledger hook NAME` reads the agent's JSON payload from stdin, queues the heavy work and starts
a detached runner for it (`ledger.automation.background`), and returns at once with exit 0 whatever
happens: errors go to the ledger's `.ledger/hooks.log`, never to the agent (STYLE 9). Only the
standard library and ledger's own light modules are imported here: no typer, rich, GitPython,
ruamel or anthropic (a test holds it so).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ledger.automation.log import append_log, fallback_state
from ledger.automation.queue import Job, push
from ledger.config import locate
from ledger.store.paths import CONFIG_FILE

DEFAULT_MAX_TOKENS = 1500
RECENT_DAYS = 7
"""A git commit or a Codex session start ingests the project's sessions of the last week."""
MAX_PAYLOAD = 1024 * 1024
Payload = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class HookArgs:
    name: str
    ledger: Path | None
    max_tokens: int


@dataclass(frozen=True, slots=True)
class Where:
    """The ledger a hook works on, and whether it exists."""

    root: Path
    exists: bool

    @property
    def state(self) -> Path:
        return self.root / ".ledger" if self.exists else fallback_state(os.environ)


def read_payload(text: str) -> Payload:
    """The hook's JSON object; anything else (empty, cut short, not an object) is empty."""
    try:
        data = json.loads(text) if text.strip() else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _field(payload: Payload, name: str) -> str | None:
    value = payload.get(name)
    return value if isinstance(value, str) and value else None


def _where(args: HookArgs, cwd: str | None) -> Where:
    start = Path(cwd) if cwd and os.path.isdir(cwd) else Path.cwd()
    root = locate(args.ledger, os.environ, start).absolute()
    return Where(root, (root / CONFIG_FILE).is_file())


def _since() -> str:
    """The first day of the week before today (UTC), for the project jobs."""
    from datetime import datetime, timedelta, timezone  # only git and Codex hooks need it

    return (datetime.now(timezone.utc).date() - timedelta(days=RECENT_DAYS)).isoformat()


def _queue_and_start(where: Where, *jobs: Job) -> None:
    """Queue first, then start a runner: a job is never left behind (see store/queue.py)."""
    from ledger.automation.background import start_detached

    push(where.state, *jobs)
    start_detached(where.root)


def session_end(args: HookArgs, payload: Payload) -> None:
    """Claude Code `SessionEnd` (and `PreCompact`): ingest that session in the background."""
    where = _where(args, _field(payload, "cwd"))
    if not where.exists:
        append_log(where.state, args.name, f"no ledger at {where.root}; run `ledger init`")
        return
    source, session = _field(payload, "transcript_path"), _field(payload, "session_id")
    if source is None and session is None:
        append_log(where.state, args.name, "payload has no transcript_path nor session_id")
        return
    job = Job(args.name, source=source) if source else Job(args.name, session_id=session)
    _queue_and_start(where, job)


def _context(args: HookArgs, where: Where, project: str | None) -> str:
    if not where.exists:
        return ""
    try:
        from ledger.search.context import build_context

        return build_context(where.root, where.state, project, args.max_tokens)
    except Exception as error:  # no brief is better than a broken session start
        append_log(where.state, args.name, f"context failed: {type(error).__name__}: {error}")
        return ""


def write_session_start_output(context: str) -> None:
    """The JSON Claude Code and Codex read from a `SessionStart` hook: the brief to add."""
    output = {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": context}}
    sys.stdout.write(json.dumps(output, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def session_start(args: HookArgs, payload: Payload) -> None:
    """Claude Code `SessionStart`: print the brief of the session's project."""
    cwd = _field(payload, "cwd")
    write_session_start_output(_context(args, _where(args, cwd), cwd))


def codex_session_start(args: HookArgs, payload: Payload) -> None:
    """Codex `SessionStart`: the brief, and the project's recent sessions ingested behind it.

    Codex has no session-end hook (`Stop` fires after every turn), so a session is ingested when
    the next one starts in its project, or by the timer.
    """
    cwd = _field(payload, "cwd")
    where = _where(args, cwd)
    write_session_start_output(_context(args, where, cwd))
    if where.exists and cwd:
        _queue_and_start(where, Job(args.name, project=cwd, since=_since()))


def git_post_commit(args: HookArgs, payload: Payload) -> None:
    """git `post-commit`: ingest the repo's recent sessions; never for ledger's own commits."""
    from ledger.automation.background import RUNNING_ENV
    from ledger.store import git

    head = git.head_commit(Path.cwd())
    if head is None:
        return
    where = _where(args, str(head.repo))
    if not where.exists:
        append_log(where.state, args.name, f"no ledger at {where.root}; run `ledger init`")
    elif os.environ.get(RUNNING_ENV):
        append_log(
            where.state, args.name, f"skipped {head.commit.sha[:12]}: made by ledger's runner"
        )
    elif head.subject.startswith(git.SUBJECT):
        append_log(where.state, args.name, f"skipped {head.commit.sha[:12]}: ledger's own commit")
    else:
        _queue_and_start(where, Job(args.name, project=str(head.repo), since=_since()))


def ledger_index(args: HookArgs, payload: Payload) -> None:
    """git `post-merge`, `post-checkout`, `post-rewrite` in the ledger's repo: bring its local
    pages up to date with the files git just changed (skipped while another run holds the
    lock: that run rebuilds them)."""
    if args.ledger is None or not (args.ledger / CONFIG_FILE).is_file():
        return
    from ledger.index.build import lock_if_free, update_index

    state = args.ledger / ".ledger"
    with lock_if_free(args.ledger, state) as held:
        if held:
            update_index(args.ledger, state)


HANDLERS: dict[str, tuple[Callable[[HookArgs, Payload], None], bool]] = {
    "claude-session-end": (session_end, True),
    "claude-pre-compact": (session_end, True),
    "claude-session-start": (session_start, True),
    "codex-session-start": (codex_session_start, True),
    "git-post-commit": (git_post_commit, False),
    "ledger-index": (ledger_index, False),
}
"""Hook name → (entry point, whether it reads a JSON payload on stdin)."""


def _parse(argv: list[str]) -> HookArgs:
    parser = argparse.ArgumentParser(
        prog="ledger hook",
        description="Entry points for agent and git hooks (installed by `ledger hooks install`).",
        epilog='Example: echo \'{"cwd": "/tmp"}\' | ledger hook claude-session-start',
    )
    parser.add_argument("name", choices=sorted(HANDLERS))
    parser.add_argument("--ledger", type=Path, default=None, help="The ledger folder.")
    parser.add_argument("--max-tokens", type=int, default=DEFAULT_MAX_TOKENS)
    parsed = parser.parse_args(argv)
    return HookArgs(parsed.name, parsed.ledger, parsed.max_tokens)


def _stdin() -> str:
    if sys.stdin is None or sys.stdin.isatty():
        return ""
    return sys.stdin.read(MAX_PAYLOAD)


GIT_REPO_ENV = (
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX", "GIT_QUARANTINE_PATH",
)  # fmt: skip
"""What git sets for the hooks it runs, naming *its* repository: a hook run inside another
repository's git operation must never let ledger's own git calls write there."""


def main(argv: list[str]) -> int:
    """Run one hook; exit 0 whatever happens (2 only for a name no install ever writes)."""
    for name in GIT_REPO_ENV:
        os.environ.pop(name, None)  # the runner it starts inherits the cleared environment
    args = _parse(argv)
    handler, reads_stdin = HANDLERS[args.name]
    try:
        handler(args, read_payload(_stdin()) if reads_stdin else {})
    except Exception as error:  # fail open: the agent's session must go on
        state = args.ledger / ".ledger" if args.ledger else fallback_state(os.environ)
        append_log(state, args.name, f"failed: {type(error).__name__}: {error}")
    return 0
