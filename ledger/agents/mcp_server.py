"""`ledger mcp`: the ledger's tools for agents, over MCP on stdio (the official SDK's
`MCPServer`).

Each tool checks its arguments and calls `agents/tools.py`; whatever goes wrong comes back as
the tool's error in one sentence (what happened; what to do), never as a crash of the server.
Reading tools take no lock; writing tools hold the ledger's lock only while they write. The
SDK is imported here only, when the server starts: `ledger --help` and the hooks never load it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, InputRequiredResult, ToolAnnotations
from pydantic import Field, ValidationError

from ledger import __version__
from ledger.agents import tools
from ledger.errors import LedgerError

INSTRUCTIONS = (
    "The ledger holds what earlier coding sessions found: decisions, insights, questions, todos, "
    "hypotheses and takeaways, each a Markdown file in git. Ask it before you decide something "
    "(search, context), cite what you use by id and path, record what you conclude "
    "(record_finding) and close what you settle (resolve)."
)
READ = ToolAnnotations(read_only_hint=True, open_world_hint=False)
WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)
LIMIT = 20
STATUSES = (
    "done or dropped (todo), answered or dropped (question), dropped or superseded (decision), "
    "confirmed or refuted (hypothesis), superseded (insight, takeaway); open reopens it."
)

Kind = Annotated[
    str | None,
    Field(description="Only this kind: decision, insight, question, todo, hypothesis, takeaway "
          "or session."),
]  # fmt: skip
Project = Annotated[
    str | None,
    Field(description="Only this project: its folder path, or the folder's name."),
]
Since = Annotated[
    str | None,
    Field(description="Only from this day on: 2026-11-24, 2026-11, 7d, 2w, today or yesterday."),
]
Limit = Annotated[int, Field(description=f"How many results at most (1 to {tools.MAX_LIMIT}).")]
FindingId = Annotated[str, Field(description="A finding's id (12 hex digits) or a unique prefix.")]


class LedgerServer(MCPServer):
    """MCPServer whose argument errors read as one sentence naming the argument."""

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as error:
            cause = error.__cause__
            if not isinstance(cause, ValidationError):
                raise
            first = cause.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "arguments"
            raise ToolError(
                f"{name}: argument {where!r}: {first['msg'].lower()}; see the tool's input schema"
            ) from None


def _answer(call: Any) -> dict[str, Any]:
    """Run one tool call: a LedgerError or any other failure becomes the tool's error."""
    try:
        result: dict[str, Any] = call()
    except LedgerError as error:
        raise ToolError(str(error)) from None
    except Exception as error:  # a failure we did not foresee: one line, the server goes on
        raise ToolError(f"the ledger could not answer ({type(error).__name__}: {error})") from None
    return result


def build_server(root: Path) -> MCPServer:
    """The server for the ledger at `root` (checked at every call, so a ledger made after the
    server started is found)."""
    ledger = tools.Ledger(root)
    server = LedgerServer(
        "ledger", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING"
    )

    def search(
        query: Annotated[str, Field(description="What to look for, in words.")],
        kind: Kind = None,
        project: Project = None,
        since: Since = None,
        current: Annotated[bool, Field(description="Leave out superseded findings.")] = False,
        limit: Limit = LIMIT,
    ) -> dict[str, Any]:
        """Ranked full-text search of findings and sessions, best first (current findings
        before superseded ones, an exact title first): ids, titles, dates, status, paths and
        a snippet with the matching words in [brackets]."""
        return _answer(lambda: tools.search(ledger, query, kind, project, since, current, limit))

    def list_sessions(
        project: Project = None, since: Since = None, limit: Limit = LIMIT
    ) -> dict[str, Any]:
        """Ingested sessions, newest first: id, title, agent, project, start, findings by
        kind, and the path of each session's record."""
        return _answer(lambda: tools.list_sessions(ledger, project, since, limit))

    def get_session(
        id: Annotated[str, Field(description="A session's id, or a unique prefix of it.")],
    ) -> dict[str, Any]:
        """One session: its facts (files touched, tools, tokens...), its summary, and its
        findings (id, kind, title, status, path)."""
        return _answer(lambda: tools.get_session(ledger, id))

    def get_finding(id: FindingId) -> dict[str, Any]:
        """One finding: its facts, its text with evidence, and its supersedes chain both ways
        (what it replaced, what replaced it)."""
        return _answer(lambda: tools.get_finding(ledger, id))

    def context(
        project: Project = None,
        max_tokens: Annotated[int, Field(description="Stay within this many tokens.")] = 1500,
    ) -> dict[str, Any]:
        """The brief `ledger context` gives a new session: recent sessions, current
        decisions, open todos and questions, newest first ("" when there is nothing)."""
        return _answer(lambda: tools.context(ledger, project, max_tokens))

    def record_finding(
        kind: Annotated[
            str, Field(description="decision, insight, question, todo, hypothesis or takeaway.")
        ],
        title: Annotated[str, Field(description="One line that says the finding.")],
        body: Annotated[str, Field(description="The finding in plain prose: what and why.")],
        project: Project = None,
        session_id: Annotated[
            str | None, Field(description="The session it comes from, when you know its id.")
        ] = None,
        references: Annotated[
            list[str] | None, Field(description="Files and finding ids it refers to.")
        ] = None,
        supersedes: Annotated[
            list[str] | None, Field(description="Ids of earlier findings it replaces.")
        ] = None,
    ) -> dict[str, Any]:
        """Write a finding into the ledger on purpose, committed to git like any other
        (`extractor: agent`); secrets in it are redacted first. Answers its id and path."""
        links = (references or [], supersedes or [])
        return _answer(
            lambda: tools.record_finding(ledger, kind, title, body, project, session_id, *links)
        )

    def resolve(
        id: FindingId,
        status: Annotated[str, Field(description=STATUSES)],
        by: Annotated[
            str | None,
            Field(description="The finding that resolved it (needed for superseded)."),
        ] = None,
        note: Annotated[str | None, Field(description="A line saying how it was settled.")] = None,
    ) -> dict[str, Any]:
        """Change a finding's status as `ledger resolve`, `supersede` and `reopen` do: one
        commit, both sides of a link written. Answers the status before and after."""
        return _answer(lambda: tools.resolve(ledger, id, status, by, note))

    readers: tuple[Callable[..., Any], ...] = (
        search, list_sessions, get_session, get_finding, context
    )  # fmt: skip
    for tool in readers:
        _register(server, tool, READ)
    for tool in (record_finding, resolve):
        _register(server, tool, WRITE)
    return server


def _register(server: MCPServer, tool: Callable[..., Any], hints: ToolAnnotations) -> None:
    """Add `tool`, its docstring on one line as its description."""
    server.add_tool(tool, description=" ".join((tool.__doc__ or "").split()), annotations=hints)


def serve(root: Path) -> None:
    """Answer MCP requests on stdin/stdout until the client closes them."""
    build_server(root).run("stdio")
    logging.shutdown()
