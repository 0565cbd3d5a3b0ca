"""Everything ledger shows: rich tables for people, JSON for programs. Only this module prints."""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from ledger.models import Session, SkippedFile, SourcesResult, Tokens
from ledger.times import canonical_time

if TYPE_CHECKING:
    from rich.console import Console

    from ledger.check import CheckResult
    from ledger.create import Created
    from ledger.history import History, Link
    from ledger.hooks import HooksResult
    from ledger.index import IndexProblem, IndexRun
    from ledger.ingest import IngestResult
    from ledger.llm_summary import LlmSummary
    from ledger.search import GrepMatch, GrepResult
    from ledger.stats import SessionRow, Stats


def _out() -> Console:
    """stdout for people; rich is imported only when something is shown to a person.

    A console per use, not one cached: each reads the terminal's width and stream anew.
    """
    from rich.console import Console

    return Console(highlight=False)


def _err() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True)


WIDE_TABLE = 110
"""From this many columns on, the sessions table also shows tool calls and tokens."""


def iso(moment: datetime | None) -> str | None:
    """ISO 8601 UTC with milliseconds, ending in Z."""
    return canonical_time(moment) if moment else None


def session_json(session: Session) -> dict[str, Any]:
    """The facts of a session as `ledger sources --json` promises them, key for key."""
    tokens = session.tokens
    return {
        "agent": session.agent,
        "session_id": session.session_id,
        "source": str(session.source),
        "project": session.project,
        "git_branch": session.git_branch,
        "agent_version": session.agent_version,
        "models": list(session.models),
        "title": session.title,
        "started": iso(session.started),
        "ended": iso(session.ended),
        "prompts": session.prompts,
        "turns": len(session.turns),
        "tool_calls": session.tool_calls,
        "tools": dict(session.tools),
        "files_touched": list(session.files_touched),
        "files_read": list(session.files_read),
        "tokens": {
            "input": tokens.input,
            "output": tokens.output,
            "cache_read": tokens.cache_read,
            "cache_creation": tokens.cache_creation,
        },
        "subagents": session.subagents,
        "ghost": session.ghost,
        "skipped_lines": session.skipped_lines,
    }


def print_json(value: object) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=2) + "\n")


def _short_project(project: str | None) -> str:
    if not project:
        return "?"
    return project.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1] or project


def _count(number: int) -> str:
    for unit, size in (("M", 1_000_000), ("k", 1_000)):
        if number >= size:
            return f"{number / size:.1f}{unit}"
    return str(number)


def sources_table(result: SourcesResult) -> None:
    """The sessions found, newest first, then one line of totals."""
    from rich.table import Table
    from rich.text import Text

    wide = _out().width >= WIDE_TABLE
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("started (UTC)", no_wrap=True)
    table.add_column("agent", no_wrap=True)
    table.add_column("project", max_width=20, overflow="ellipsis", no_wrap=True)
    table.add_column("prompts", justify="right", no_wrap=True)
    if wide:
        table.add_column("tools", justify="right", no_wrap=True)
        table.add_column("tokens", justify="right", no_wrap=True)
    table.add_column("title", ratio=1)
    for s in result.sessions:
        numbers = [str(s.prompts)]
        if wide:
            numbers += [str(s.tool_calls), _count(s.tokens.total)]
        table.add_row(
            s.started.strftime("%Y-%m-%d %H:%M") if s.started else "?",
            s.agent.removesuffix("-code"),
            Text(_short_project(s.project)),
            *numbers,
            Text(s.title, style="dim" if s.ghost else ""),
        )
    if result.sessions:
        _out().print(table)
    ghosts = sum(s.ghost for s in result.sessions)
    megabytes = result.bytes_read / 1_000_000
    _out().print(
        f"{len(result.sessions)} sessions ({ghosts} ghosts, dimmed) "
        f"in {megabytes:.1f} MB of transcripts"
    )


def skipped_report(skipped: tuple[SkippedFile, ...], sessions: tuple[Session, ...]) -> None:
    """Say once, on stderr, which files were passed over and which lines could not be read."""
    lines: list[str] = []
    if skipped:
        reasons = Counter(s.reason.split(";")[0] for s in skipped)
        summary = ", ".join(f"{n} {reason}" for reason, n in sorted(reasons.items()))
        lines.append(f"skipped {len(skipped)} files that hold no session: {summary}")
        lines.extend(f"  {item.path}: {item.reason}" for item in skipped)
    damaged = [s for s in sessions if s.skipped_lines]
    if damaged:
        count = sum(s.skipped_lines for s in damaged)
        lines.append(
            f"skipped {count} unreadable lines in {len(damaged)} sessions "
            "(truncated, malformed or oversized); the rest of each session was read"
        )
    sys.stderr.write("".join(f"{line}\n" for line in lines))


def session_panel(session: Session) -> None:
    """A session's normalised facts, one per line."""
    facts = session_json(session)
    facts["tools"] = ", ".join(f"{name} {n}" for name, n in session.tools) or "none"
    facts["tokens"] = ", ".join(f"{k} {v}" for k, v in facts["tokens"].items())
    for key in ("models", "files_touched", "files_read"):
        facts[key] = ", ".join(facts[key]) or "none"
    width = max(len(k) for k in facts)
    for key, value in facts.items():
        _out().print(f"[bold]{key.ljust(width)}[/bold]  ", end="")
        _out().print(str(value), markup=False)


def plain(text: str) -> None:
    """Text exactly as given: no markup, no highlighting, no wrapping."""
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def error(message: str) -> None:
    _err().print(f"error: {message}", markup=False, style="red")


def created(result: Created) -> None:
    if result.existed:
        _out().print(
            f"A ledger already exists at {result.root}; nothing was changed.", markup=False
        )
        return
    where = "a new git repository" if result.new_repo else f"the git repository at {result.repo}"
    _out().print(f"Created a ledger at {result.root} in {where}.", markup=False)
    _out().print(f"Next: ledger ingest --ledger {result.root}", markup=False)


def ingest_json(result: IngestResult) -> dict[str, Any]:
    """The ingest summary for programs."""
    return {
        "dry_run": result.dry_run,
        "sessions": {
            "new": result.new,
            "updated": result.updated,
            "unchanged": result.unchanged,
            "filtered": result.filtered,
            "skipped": len(result.skipped),
        },
        "findings": {
            "added": result.added,
            "changed": result.changed,
            "removed": result.removed,
        },
        "kept_human_edits": sorted(path for c in result.changes for path in c.kept),
        "commit": result.commit,
        "extractors": list(result.extractors),
        "seconds": round(result.seconds, 3),
        **({"llm": llm_json(result.llm)} if result.llm else {}),  # only when the LLM pass had work
    }


def ingest_summary(result: IngestResult) -> None:
    """What an ingest did, as a short table and one line about the commit."""
    from rich.table import Table

    summary = ingest_json(result)
    table = Table(box=None, pad_edge=False, show_header=False)
    table.add_column(style="bold")
    table.add_column(justify="right")
    table.add_column()
    sessions, findings = summary["sessions"], summary["findings"]
    table.add_row("sessions", str(result.new), "new")
    table.add_row("", str(result.updated), "updated")
    table.add_row("", str(sessions["unchanged"]), "unchanged")
    table.add_row("", str(sessions["filtered"]), "not selected")
    table.add_row("", str(sessions["skipped"]), "skipped (not sessions)")
    table.add_row("findings", str(findings["added"]), "added")
    table.add_row("", str(findings["changed"]), "changed")
    table.add_row("", str(findings["removed"]), "removed")
    _out().print(table)
    for path in summary["kept_human_edits"]:
        _err().print(f"kept {path}: a person edited what ledger owns", markup=False)
    if result.llm:
        llm_report(result.llm)
    if result.dry_run:
        _out().print(f"Dry run in {result.seconds:.2f} s: nothing was written.", markup=False)
    elif result.commit:
        _out().print(f"Committed {result.commit[:10]} in {result.seconds:.2f} s.", markup=False)
    else:
        _out().print(f"Nothing new; no commit ({result.seconds:.2f} s).", markup=False)


@contextmanager
def progress(label: str, enabled: bool) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr for long runs on a terminal; a no-op callback otherwise."""
    if not enabled or not sys.stderr.isatty():
        yield lambda done, total: None
        return
    from rich.progress import Progress

    with Progress(console=_err(), transient=True) as bar:
        task = bar.add_task(label, total=None)

        def tick(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield tick


def hooks_json(result: HooksResult) -> dict[str, Any]:
    """What `ledger hooks install|uninstall|status` found or did, for programs."""
    return {
        "action": result.verb,
        "ledger": str(result.ledger_root),
        "targets": [
            {
                "target": r.target,
                "path": str(r.path),
                "action": r.action,
                "installed": r.installed,
                "would_run": r.would_run,
                "notes": list(r.notes),
            }
            for r in result.reports
        ],
    }


def hooks_report(result: HooksResult) -> None:
    """One line per target: what is there now, whether it would run, and why not."""
    from rich.table import Table

    table = Table(box=None, pad_edge=False)
    for column in ("target", "state", "would run", "where"):
        table.add_column(column, overflow="fold")
    for r in result.reports:
        runs = "[green]yes[/green]" if r.would_run else ("no" if r.installed else "-")
        table.add_row(r.target, r.action, runs, str(r.path))
        for note in r.notes:
            table.add_row("", "", "", f"[yellow]{escape_markup(note)}[/yellow]")
    _out().print(table)


def escape_markup(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def check_json(result: CheckResult) -> dict[str, Any]:
    """`ledger check --json`: every problem, and how many files were read."""
    return {
        "ledger": str(result.root),
        "files": result.files,
        "ok": result.ok,
        "problems": [
            {"path": p.path, "line": p.line, "rule": p.rule, "message": p.message}
            for p in result.problems
        ],
    }


def check_report(result: CheckResult) -> None:
    """`path:line: [rule] message`, one per problem (on stdout, as linters do), then a total."""
    for p in result.problems:
        where = f"{p.path}:{p.line}" if p.line else p.path
        sys.stdout.write(f"{where}: [{p.rule}] {p.message}\n")
    if result.ok:
        _out().print(f"{result.files} files checked: no problems.", markup=False)
    else:
        count = len(result.problems)
        _err().print(
            f"{count} problem{'' if count == 1 else 's'} in {result.files} files checked.",
            markup=False,
        )


def _tokens_json(tokens: Tokens) -> dict[str, int]:
    return {
        "input": tokens.input,
        "output": tokens.output,
        "cache_read": tokens.cache_read,
        "cache_creation": tokens.cache_creation,
    }


def llm_json(llm: LlmSummary) -> dict[str, Any]:
    """The LLM pass of an ingest for programs: `ingest --json`'s `llm` key."""
    return {
        "model": llm.model,
        "prompt": llm.prompt_version,
        "dry_run": llm.dry_run,
        "sessions": len(llm.sessions),
        "completed": llm.completed,
        "requests": llm.requests,
        "cached_windows": sum(s.cached for s in llm.sessions),
        "tokens": _tokens_json(llm.tokens),
        "cost_usd": round(llm.cost_usd, 6),
        "priced": llm.priced,
        "budget_usd": llm.budget_usd,
        "dropped_citations": llm.dropped,
        "rejected_findings": llm.rejected,
        "stopped": llm.stopped,
        "retry": [
            {"session_id": s.session_id, "title": s.title, "reason": s.problem} for s in llm.retry
        ],
        "planned": [
            {
                "session_id": s.session_id,
                "title": s.title,
                "windows": [
                    {
                        "turns": [w.first_turn, w.last_turn],
                        "tokens": _tokens_json(w.tokens),
                        "cost_usd": round(w.cost_usd, 6),
                    }
                    for w in s.planned
                ],
            }
            for s in llm.planned
        ],
        "log": str(llm.log) if llm.log else None,
        "batch": {
            "submitted": llm.batch_id,
            "windows": llm.queued,
            "collected_batches": llm.collected.batches,
            "collected_windows": llm.collected.windows,
            "failed_windows": llm.collected.failed,
            "waiting_batches": llm.collected.waiting,
        },
    }


def _cost(llm: LlmSummary, usd: float) -> str:
    return f"${usd:.4f}" if llm.priced else "unknown (no price for this model in llm.prices)"


def llm_report(llm: LlmSummary) -> None:
    """The LLM pass in a few lines; what it left for the next run as warnings on stderr."""
    t = llm.tokens
    tokens = (
        f"{_count(t.input)} in, {_count(t.cache_read)} cache reads, "
        f"{_count(t.cache_creation)} cache writes, {_count(t.output)} out"
    )
    if llm.dry_run:
        windows = sum(len(s.planned) for s in llm.planned)
        _out().print(
            f"LLM ({llm.model}, {llm.prompt_version}) would send {windows} windows of "
            f"{len(llm.planned)} sessions: about {tokens}; about {_cost(llm, llm.cost_usd)}.",
            markup=False,
        )
        for s in llm.planned:
            spans = ", ".join(f"turns {w.first_turn}-{w.last_turn}" for w in s.planned)
            cost = sum(w.cost_usd for w in s.planned)
            line = f"  {s.session_id[:8]} {s.title}: {spans} (~{_cost(llm, cost)})"
            _out().print(line, markup=False)
        return
    cached = sum(s.cached for s in llm.sessions)
    _out().print(
        f"LLM ({llm.model}, {llm.prompt_version}): {llm.completed} of {len(llm.sessions)} "
        f"sessions complete, {llm.requests} requests, {cached} windows from the cache; "
        f"{tokens}; cost {_cost(llm, llm.cost_usd)}.",
        markup=False,
    )
    _batch_report(llm)
    if llm.dropped or llm.rejected:
        _out().print(
            f"LLM: dropped {llm.dropped} citations to things that do not exist and rejected "
            f"{llm.rejected} findings (details in {llm.log}).",
            markup=False,
        )
    if llm.retry:
        _err().print(
            f"warning: the LLM pass left {len(llm.retry)} sessions with their structural "
            f"findings for the next run{f' ({llm.stopped})' if llm.stopped else ''}",
            markup=False,
            style="yellow",
        )
        for s in llm.retry:
            _err().print(f"  {s.session_id[:8]} {s.title}: {s.problem}", markup=False)


# index, grep, stats, sessions list -----------------------------------------------------------


def index_json(run: IndexRun) -> dict[str, Any]:
    r = run.result
    return {
        "files": r.files,
        "changed": r.changed,
        "written": list(r.written),
        "removed": list(r.removed),
        "commit": run.commit,
    }


def index_report(run: IndexRun) -> None:
    r = run.result
    if not r.written and not r.removed:
        _out().print(f"Indexed {r.files} files; every derived page was up to date.", markup=False)
        return
    _out().print(
        f"Indexed {r.files} files: wrote {len(r.written)} derived files, removed {len(r.removed)}.",
        markup=False,
    )
    if run.commit:
        _out().print(f"Committed {run.commit[:10]}.", markup=False)


def index_problems_json(problems: tuple[IndexProblem, ...]) -> list[dict[str, str]]:
    return [{"path": p.path, "message": p.message} for p in problems]


def index_problems_report(problems: tuple[IndexProblem, ...]) -> None:
    for p in problems:
        _out().print(f"{p.path}: {p.message}", markup=False, soft_wrap=True)
    if problems:
        _out().print(f"{len(problems)} problems", markup=False)
    else:
        _out().print("Derived pages are up to date and every wikilink resolves.", markup=False)


def _shown(result: GrepResult, path: str) -> str:
    """A path to open: relative to the current folder when the ledger is under it."""
    import os

    full = result.root / path
    relative = os.path.relpath(full)
    return full.as_posix() if relative.startswith("..") else relative


def grep_json(result: GrepResult) -> list[dict[str, Any]]:
    """The matches for programs: a finding's facts, its path, and its matching lines."""
    return [
        {
            "path": m.path,
            "file": str(result.root / m.path),
            "type": m.type,
            "kind": m.kind,
            "id": m.id,
            "title": m.title,
            "status": m.status,
            "date": m.date or None,
            "session_id": m.session_id,
            "session": m.session_title,
            "project": m.project,
            "agent": m.agent,
            "tags": list(m.tags),
            "superseded": m.superseded,
            "superseded_by": list(m.superseded_by),
            "lines": [{"line": line.number, "text": line.text} for line in m.lines],
        }
        for m in result.matches
    ]


def _grep_heading(m: GrepMatch) -> str:
    facts = [m.date or "undated"]
    if m.type == "finding" and m.session_title:
        facts.append(m.session_title)
    if m.status and m.type == "finding":
        facts.append(m.status)
    return " · ".join(facts)


def grep_report(result: GrepResult, files_only: bool, count: bool) -> None:
    """Matches grouped by finding: kind, title, date, session; then path:line and the line."""
    if count:
        plain(str(len(result.matches)))
        return
    if files_only:
        sys.stdout.write("".join(f"{_shown(result, m.path)}\n" for m in result.matches))
        return
    from rich.text import Text

    for n, m in enumerate(result.matches):
        heading = Text("" if n == 0 else "\n")
        heading.append(f"{m.kind} ", style="bold cyan")
        heading.append(m.title, style="bold strike" if m.superseded else "bold")
        heading.append(f"  {_grep_heading(m)}", style="dim")
        if m.superseded:
            heading.append("  superseded", style="yellow")
            if m.superseded_by:
                heading.append(f" by {', '.join(m.superseded_by)}", style="yellow")
        _out().print(heading, soft_wrap=True)
        shown = _shown(result, m.path)
        for line in m.lines:
            text = Text(f"{shown}:{line.number}: ", style="magenta")
            start = len(text)
            text.append(line.text)
            for left, right in line.spans:
                text.stylize("bold red", start + left, start + right)
            _out().print(text, soft_wrap=True)


def stats_json(stats: Stats) -> dict[str, Any]:
    return {
        "sessions": stats.sessions,
        "ghost_sessions": stats.ghosts,
        "findings": stats.findings,
        "superseded": stats.superseded,
        "by_kind": dict(stats.by_kind),
        "by_status": dict(stats.by_status),
        "by_project": {
            "sessions": dict(stats.sessions_by_project),
            "findings": dict(stats.findings_by_project),
        },
        "by_agent": {
            "sessions": dict(stats.sessions_by_agent),
            "findings": dict(stats.findings_by_agent),
        },
        "by_day": {
            "sessions": dict(stats.sessions_by_day),
            "findings": dict(stats.findings_by_day),
        },
        "tokens": dict(stats.tokens),
    }


STATS_ROWS = 10
"""Projects and days beyond this many are summed up in one line (all are in --json)."""


def _counts_table(title: str, sessions: dict[str, int], findings: dict[str, int]) -> Any:
    from rich.table import Table

    table = Table(title=title, title_justify="left", box=None, pad_edge=False)
    table.add_column(title.split()[-1].rstrip("s"), overflow="fold")
    table.add_column("sessions", justify="right")
    table.add_column("findings", justify="right")
    names = list(dict.fromkeys([*sessions, *findings]))
    for name in names[:STATS_ROWS]:
        table.add_row(name, str(sessions.get(name, 0)), str(findings.get(name, 0)))
    if len(names) > STATS_ROWS:
        table.add_row(f"{len(names) - STATS_ROWS} more", "", "")
    return table


def stats_report(stats: Stats) -> None:
    """Counts as short tables: kinds and statuses, projects, agents, the latest days, tokens."""
    data = stats_json(stats)
    _out().print(
        f"{stats.sessions} sessions ({stats.ghosts} ghosts), {stats.findings} findings "
        f"({stats.superseded} superseded)",
        markup=False,
    )
    kinds = ", ".join(f"{n} {k}" for k, n in stats.by_kind)
    statuses = ", ".join(f"{n} {s}" for s, n in stats.by_status)
    _out().print(f"by kind: {kinds}\nby status: {statuses or 'none'}", markup=False)
    for key, title in (("by_project", "by project"), ("by_agent", "by agent")):
        _out().print(_counts_table(title, data[key]["sessions"], data[key]["findings"]))
    days = sorted({*data["by_day"]["sessions"], *data["by_day"]["findings"]}, reverse=True)
    recent = {d: data["by_day"]["sessions"].get(d, 0) for d in days[:STATS_ROWS]}
    found = {d: data["by_day"]["findings"].get(d, 0) for d in days[:STATS_ROWS]}
    _out().print(_counts_table("latest days", recent, found))
    tokens = ", ".join(f"{k} {_count(v)}" for k, v in stats.tokens)
    _out().print(f"tokens: {tokens}", markup=False)


def sessions_json(rows: tuple[SessionRow, ...]) -> list[dict[str, Any]]:
    return [
        {
            "session_id": r.session_id,
            "folder": r.folder,
            "title": r.title,
            "agent": r.agent,
            "project": r.project,
            "started": r.started or None,
            "ghost": r.ghost,
            "findings": dict(r.findings),
        }
        for r in rows
    ]


def sessions_table(rows: tuple[SessionRow, ...]) -> None:
    """Ingested sessions, newest first, with findings per kind."""
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("started", no_wrap=True)
    table.add_column("id", no_wrap=True)
    table.add_column("agent", no_wrap=True)
    table.add_column("project", max_width=16, overflow="ellipsis", no_wrap=True)
    table.add_column("findings", no_wrap=True)
    table.add_column("title", ratio=1, min_width=20)
    for r in rows:
        kinds = dict(r.findings)
        main = " ".join(f"{kinds[k]}{k[0]}" for k in ("decision", "todo", "question") if k in kinds)
        found = f"{sum(kinds.values())}" + (f" ({main})" if main else "")
        table.add_row(
            r.started[:10] or "?",
            r.session_id[:8],
            r.agent.removesuffix("-code"),
            Text(_short_project(r.project)),
            found,
            Text(r.title, style="dim" if r.ghost else ""),
        )
    if rows:
        _out().print(table)
    total = sum(n for r in rows for _, n in r.findings)
    _out().print(
        f"{len(rows)} sessions, {total} findings (d decisions, t todos, q questions)", markup=False
    )


def _batch_report(llm: LlmSummary) -> None:
    c = llm.collected
    if c.batches or c.waiting:
        _out().print(
            f"LLM batches: collected {c.windows} windows from {c.batches} ended batches "
            f"({c.failed} failed, asked again later); {c.waiting} batches still in progress.",
            markup=False,
        )
    if llm.batch_id:
        _out().print(
            f"LLM batch {llm.batch_id} submitted with {llm.queued} windows (about "
            f"{_cost(llm, llm.cost_usd)} at half price); `ledger ingest --collect` writes the "
            "answers once it has ended (within 24 hours).",
            markup=False,
        )


def _link_json(link: Link) -> dict[str, str]:
    return {"id": link.id, "path": link.path, "title": link.title, "date": link.date}


def history_json(result: History) -> dict[str, object]:
    """`ledger log --json`: the finding, its file's commits, and both sides of its chain."""
    return {
        **_link_json(result.finding),
        "kind": result.kind,
        "status": result.finding.status,
        "commits": [
            {"sha": c.sha, "time": _epoch(c.time), "subject": c.subject} for c in result.commits
        ],
        "supersedes": [_link_json(link) for link in result.replaced],
        "superseded_by": [_link_json(link) for link in result.replaced_by],
    }


def _epoch(seconds: int) -> str:
    return datetime.fromtimestamp(seconds, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def history_report(result: History) -> None:
    f = result.finding
    _out().print(f"{result.kind} {f.id} · {f.status} · {f.date}", markup=False)
    _out().print(f"{f.title}\n{f.path}\n", markup=False, soft_wrap=True)
    for title, chain in (("supersedes", result.replaced), ("superseded by", result.replaced_by)):
        for link in chain:
            line = f"{title}: {link.id} {link.date} {link.title} ({link.status})"
            _out().print(line, markup=False, soft_wrap=True)
    _out().print("\ncommits:" if result.commits else "\nnot committed yet", markup=False)
    for c in result.commits:
        _out().print(f"  {c.sha[:10]} {_epoch(c.time)} {c.subject}", markup=False, soft_wrap=True)
