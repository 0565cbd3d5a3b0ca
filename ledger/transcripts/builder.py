"""Assemble a frozen Session from the facts a reader finds, in the order it finds them.

Both readers feed the same builder, so the definitions that do not depend on the agent
(turns, answers, titles, token totals, ghost) live in one place.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ledger.models import (
    Agent,
    PlanItem,
    Session,
    Step,
    Text,
    Tokens,
    ToolCall,
    Turn,
    is_bare_command,
)
from ledger.redact import redact
from ledger.times import canonical_time, parse_time

TITLE_CHARS = 80
DETAIL_CHARS = 120
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")
COMMAND = re.compile(r"^/[\w:.-]+(?:\s+|$)")
"""A slash command's name before its arguments (`/orchestrator create a TODO app`)."""
_MARKUP = re.compile(r"^(?:#{1,6}\s+|>\s*|[-*+]\s+)|[*_`]{1,3}(?=\S)|(?<=\S)[*_`]{1,3}")
"""Markdown that is not words: heading markers, quote and list markers, emphasis, code ticks."""
_WORD = re.compile(r"(?:^|\s)[^\W\d_]{2,}(?=\s|[,.:;!?]|$)")
"""A word of letters in any script: arguments that are only paths or options (`--help`) are not."""
LINE_COUNT_TOOLS = frozenset(
    {"Read", "Bash", "BashOutput", "Grep", "Glob", "LS", "WebFetch"}
    | {"shell", "shell_command", "exec_command"}
)
FIRST_LINE_TOOLS = frozenset({"Task", "Agent", "WebSearch"})
"""Tools whose result is prose worth a glance (a sub-agent's report): shown by its first line."""


def _first_line(text: str) -> str:
    """The first non-blank line, found without splitting the whole text (outputs can be MBs)."""
    start = len(text) - len(text.lstrip())
    end = text.find("\n", start)
    return text[start:] if end < 0 else text[start:end]


def _last_line(text: str) -> str:
    body = text.rstrip()
    return body[body.rfind("\n") + 1 :]


def _collapse_spaces(text: str) -> str:
    """Each run of whitespace as one space, none at the ends. The regex `\\s+` and `str.split`
    take the same characters for spaces; splitting costs a fifth of substituting."""
    return " ".join(text.split())


def one_line(text: str, limit: int = DETAIL_CHARS, redacted_later: bool = False) -> str:
    """The first non-empty line of `text`, whitespace collapsed, redacted, then cut at a word
    with an ellipsis: a secret is replaced whole before the cut could leave half of it.

    `redacted_later`: the line goes into a session that is redacted whole before anything is
    written or sent (a tool line), so a line short enough not to be cut is left as it is here:
    redacting every tool line twice cost a fifth of reading a transcript."""
    first = _first_line(text)
    if not first.isprintable():  # control characters are not printable: most lines hold none
        first = _CONTROL.sub("", first)
    collapsed = _collapse_spaces(first[: limit * 4])
    if redacted_later and len(collapsed) <= limit and len(first) <= limit * 4:
        return collapsed
    line = redact(collapsed)
    if len(line) <= limit and len(first) > limit * 4:  # mostly blanks: look at all of it
        line = redact(_collapse_spaces(first))
    if len(line) <= limit:
        return line
    cut = line[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip() + "…"


def _prompt_title(prompt: str) -> str:
    """What a prompt asks, on one line: its first line of words, past a slash command's name
    (kept when its arguments are only paths or options), fences and Markdown markers
    (`## User Input` reads `User Input`); empty for a bare command (`/clear`)."""
    text = prompt.strip()
    if is_bare_command(text):
        return ""
    arguments = COMMAND.sub("", text)
    fenced = False
    for line in arguments.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        # redacted before its markup goes: `shpat_…` without its `_` is no token a rule knows
        words = _MARKUP.sub("", redact(line.strip())).strip() if not fenced else ""
        if words:
            return one_line(words if _WORD.search(words) else text, TITLE_CHARS)
    return one_line(text, TITLE_CHARS)


def needs_text(tool: str, is_error: bool) -> bool:
    """Whether `summarize_result` looks at the text (else decoding it would be wasted)."""
    return is_error or tool in LINE_COUNT_TOOLS or tool in FIRST_LINE_TOOLS


def summarize_result(tool: str, text: str, is_error: bool) -> str:
    """A tool result on one line: `245 lines`, `Exit code 1: 3 failed`, `ok`."""
    body = text.strip()
    if is_error:
        if not body:
            return "error"
        first = one_line(body, 80, redacted_later=True)
        last = one_line(_last_line(body), 80, redacted_later=True)
        return first if first == last else f"{first}: {last}"
    if tool in FIRST_LINE_TOOLS and body:
        return one_line(body, redacted_later=True)
    if tool not in LINE_COUNT_TOOLS:
        return "ok"
    return lines_summary(body.count("\n") + 1 if body else 0)


def lines_summary(lines: int) -> str:
    return "no output" if not lines else "1 line" if lines == 1 else f"{lines} lines"


@dataclass(slots=True)
class _Call:
    id: str
    name: str
    detail: str
    result: str = ""
    is_error: bool = False

    def freeze(self) -> ToolCall:
        return ToolCall(self.id, self.name, self.detail, self.result, self.is_error)


@dataclass(slots=True)
class _OpenTurn:
    prompt: str
    started: datetime | None
    steps: list[Text | _Call]


def _freeze_steps(steps: list[Text | _Call]) -> tuple[Step, ...]:
    return tuple(s.freeze() if isinstance(s, _Call) else s for s in steps)


MAX_PLAN_ITEMS = 100
"""A plan longer than this is cut: it is a list a person reads, not a log."""


class SessionBuilder:
    """Collects one session's facts; `build()` turns them into a frozen Session."""

    def __init__(self, agent: Agent, source: Path) -> None:
        self.agent: Agent = agent
        self.source = source
        self.session_id: str | None = None
        self.project: str | None = None
        self.git_branch: str | None = None
        self.agent_version: str | None = None
        self.custom_title: str | None = None
        self.ai_title: str | None = None
        self.agent_name: str | None = None
        self.parent_session: str | None = None
        self.compacted = False
        self._plan: tuple[list[object], str, int] = ([], "", 0)
        """The agent's latest plan as given (items, their text key, the turn): only the last one
        is kept, so only its items are cut and redacted (agents restate the whole list often)."""
        self.subagents = 0
        self.tokens: Tokens | None = None
        """Set by readers whose agent reports running totals (Codex); else summed per message."""
        self._models: dict[str, None] = {}
        self._started: str | None = None
        self._ended: str | None = None
        self._preamble: list[Text | _Call] = []
        self._turns: list[_OpenTurn] = []
        self._calls: dict[str, _Call] = {}
        self._tools: Counter[str] = Counter()
        self._touched: dict[str, None] = {}
        self._read: dict[str, None] = {}
        self._commands: list[str] = []
        self._usage: dict[str, tuple[int, ...]] = {}

    @property
    def has_prompt(self) -> bool:
        return bool(self._turns)

    def see_time(self, value: str | None) -> None:
        """Widen the session's span to a record's timestamp (compared as canonical text)."""
        if not value:
            return
        if not (len(value) == 24 and value[19] == "." and value[23] == "Z"):
            moment = parse_time(value)
            if moment is None:
                return
            value = canonical_time(moment)
        if self._started is None or value < self._started:
            self._started = value
        if self._ended is None or value > self._ended:
            self._ended = value

    def set_first(self, attr: str, value: str | None) -> None:
        """Set project/git_branch/agent_version/session_id once, from the first non-empty value."""
        if value and getattr(self, attr) is None:
            setattr(self, attr, value)

    def add_model(self, model: str | None) -> None:
        if model:
            self._models.setdefault(model, None)

    def start_turn(self, prompt: str, timestamp: str | None) -> None:
        self._turns.append(_OpenTurn(prompt, parse_time(timestamp), []))

    def _steps(self) -> list[Text | _Call]:
        return self._turns[-1].steps if self._turns else self._preamble

    def add_text(self, text: str) -> None:
        if text.strip():
            self._steps().append(Text(text.strip()))

    def add_call(self, call_id: str, name: str, detail: str) -> bool:
        """Record a tool call once per id; False when the id was already seen."""
        if call_id in self._calls:
            return False
        call = _Call(call_id, name, detail)
        self._calls[call_id] = call
        self._tools[name] += 1
        self._steps().append(call)
        return True

    def set_result(self, call_id: str, result: str, is_error: bool) -> None:
        call = self._calls.get(call_id)
        if call is not None:
            call.result, call.is_error = result, is_error

    def touch(self, path: str) -> None:
        self._touched.setdefault(path, None)

    def read(self, path: str) -> None:
        self._read.setdefault(path, None)

    def add_command(self, command: str) -> None:
        self._commands.append(command)

    def add_usage(self, message_id: str, counts: tuple[int, int, int, int]) -> None:
        """Count a message's usage once, keeping the largest value seen for each field."""
        seen = self._usage.get(message_id)
        if seen is None:
            self._usage[message_id] = counts
        elif seen != counts:  # most often equal: each block of a message repeats its usage
            self._usage[message_id] = tuple(map(max, seen, counts))

    def _title(self) -> str:
        for candidate in (self.custom_title, self.ai_title):
            if candidate and candidate.strip():
                return one_line(candidate, TITLE_CHARS)
        # lazily: the first prompt names most sessions, and each title costs a redaction
        said = (_prompt_title(turn.prompt) for turn in self._turns)
        bare = (one_line(turn.prompt, TITLE_CHARS) for turn in self._turns)
        return next((p for p in said if p), next((p for p in bare if p), "(untitled session)"))

    def _total_tokens(self) -> Tokens:
        if self.tokens is not None:
            return self.tokens
        sums = [sum(column) for column in zip(*self._usage.values(), strict=True)] or [0, 0, 0, 0]
        return Tokens(*sums)

    def build(self, skipped_lines: int) -> Session:
        turns = tuple(
            Turn(i, t.prompt, t.started, _freeze_steps(t.steps))
            for i, t in enumerate(self._turns, start=1)
        )
        return Session(
            agent=self.agent,
            session_id=self.session_id or _file_id(self.source),
            source=self.source,
            project=self.project,
            git_branch=self.git_branch,
            agent_version=self.agent_version,
            models=tuple(self._models),
            title=self._title(),
            started=parse_time(self._started),
            ended=parse_time(self._ended),
            preamble=_freeze_steps(self._preamble),
            turns=turns,
            tools=tuple(sorted(self._tools.items())),
            files_touched=tuple(self._touched),
            files_read=tuple(self._read),
            commands=tuple(self._commands),
            tokens=self._total_tokens(),
            subagents=self.subagents,
            agent_name=self.agent_name,
            parent_session=self.parent_session,
            compacted=self.compacted,
            skipped_lines=skipped_lines,
            plan=self._plan_items(),
        )

    def set_plan(self, items: object, text_key: str) -> None:
        """The agent's plan as it now stands: a list of `{<text_key>, status}` records."""
        if isinstance(items, list):
            self._plan = (items, text_key, len(self._turns))

    def _plan_items(self) -> tuple[PlanItem, ...]:
        items, text_key, turn = self._plan
        return tuple(
            PlanItem(one_line(str(item[text_key])), str(item.get("status") or "pending"), turn)
            for item in items[:MAX_PLAN_ITEMS]
            if isinstance(item, dict) and str(item.get(text_key) or "").strip()
        )


def _file_id(source: Path) -> str:
    """The id of a session whose records state none: the UUID in its file's name (a Codex
    `rollout-<date>-<uuid>`, whose first characters every rollout shares), else the name."""
    found = _UUID.search(source.stem)
    return found.group() if found else source.stem
