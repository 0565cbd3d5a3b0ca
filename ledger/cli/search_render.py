"""What the commands that read the ledger show: `grep`, `stats`, `sessions list`, `log`,
`index` and `check`."""

from __future__ import annotations

import sys
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from ledger.cli.render import console, error_console, plain, plural, short_count, short_project
from ledger.models import short_id

if TYPE_CHECKING:
    from ledger.index.build import IndexProblem, IndexRun
    from ledger.search.check import CheckResult
    from ledger.search.context import ContextBrief
    from ledger.search.grep import GrepMatch, GrepResult
    from ledger.search.log import History, Link
    from ledger.search.stats import SessionRow, Stats


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
        console().print(heading, soft_wrap=True)
        shown = _shown(result, m.path)
        for line in m.lines:
            text = Text(f"{shown}:{line.number}: ", style="magenta")
            start = len(text)
            text.append(line.text)
            for left, right in line.spans:
                text.stylize("bold red", start + left, start + right)
            console().print(text, soft_wrap=True)


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
        "sessions_by_method": dict(stats.sessions_by_method),
        "sessions_by_phase": dict(stats.sessions_by_phase),
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
    console().print(
        f"{plural(stats.sessions, 'session')} ({plural(stats.ghosts, 'ghost')}), "
        f"{plural(stats.findings, 'finding')} ({stats.superseded} superseded)",
        markup=False,
    )
    kinds = ", ".join(f"{n} {k}" for k, n in stats.by_kind)
    statuses = ", ".join(f"{n} {s}" for s, n in stats.by_status)
    console().print(f"by kind: {kinds}\nby status: {statuses or 'none'}", markup=False)
    for name, counts in (("method", stats.sessions_by_method), ("phase", stats.sessions_by_phase)):
        said = ", ".join(f"{n} {m}" for m, n in counts) or "none"
        console().print(f"sessions by engagement {name}: {said}", markup=False)
    for key, title in (("by_project", "by project"), ("by_agent", "by agent")):
        console().print(_counts_table(title, data[key]["sessions"], data[key]["findings"]))
    days = sorted({*data["by_day"]["sessions"], *data["by_day"]["findings"]}, reverse=True)
    recent = {d: data["by_day"]["sessions"].get(d, 0) for d in days[:STATS_ROWS]}
    found = {d: data["by_day"]["findings"].get(d, 0) for d in days[:STATS_ROWS]}
    console().print(_counts_table("latest days", recent, found))
    tokens = ", ".join(f"{k} {short_count(v)}" for k, v in stats.tokens)
    console().print(f"tokens: {tokens}", markup=False)


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
            "methods": list(r.methods),
            "phases": list(r.phases),
            "continues": r.continues or None,
            "agent_name": r.agent_name or None,
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
            short_id(r.session_id),
            r.agent.removesuffix("-code"),
            Text(short_project(r.project)),
            found,
            Text(r.title, style="dim" if r.ghost else ""),
        )
    if rows:
        console().print(table)
    total = sum(n for r in rows for _, n in r.findings)
    console().print(
        f"{len(rows)} sessions, {total} findings (d decisions, t todos, q questions)", markup=False
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
    console().print(f"{result.kind} {f.id} · {f.status} · {f.date}", markup=False)
    console().print(f"{f.title}\n{f.path}\n", markup=False, soft_wrap=True)
    for title, chain in (("supersedes", result.replaced), ("superseded by", result.replaced_by)):
        for link in chain:
            line = f"{title}: {link.id} {link.date} {link.title} ({link.status})"
            console().print(line, markup=False, soft_wrap=True)
    console().print("\ncommits:" if result.commits else "\nnot committed yet", markup=False)
    for c in result.commits:
        console().print(
            f"  {c.sha[:10]} {_epoch(c.time)} {c.subject}", markup=False, soft_wrap=True
        )


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
    if run.untracked:
        from ledger.cli.ingest_render import untracked_line

        console().print(untracked_line(run.untracked), markup=False)
    if not r.written and not r.removed:
        console().print(
            f"Indexed {r.files} files; every derived page was up to date.", markup=False
        )
        return
    console().print(
        f"Indexed {r.files} files: wrote {len(r.written)} derived files, removed {len(r.removed)}.",
        markup=False,
    )


def index_problems_json(problems: tuple[IndexProblem, ...]) -> list[dict[str, str]]:
    return [{"path": p.path, "message": p.message} for p in problems]


def index_problems_report(problems: tuple[IndexProblem, ...]) -> None:
    for p in problems:
        console().print(f"{p.path}: {p.message}", markup=False, soft_wrap=True)
    if problems:
        console().print(f"{len(problems)} problems", markup=False)
    else:
        console().print("Derived pages are up to date and every wikilink resolves.", markup=False)


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
        console().print(f"{result.files} files checked: no problems.", markup=False)
    else:
        count = len(result.problems)
        error_console().print(
            f"{count} problem{'' if count == 1 else 's'} in {result.files} files checked.",
            markup=False,
        )


def context_json(brief: ContextBrief) -> dict[str, Any]:
    """The brief as `ledger context --json` prints it: one list per section, each item once."""
    keys = ("id", "title", "date", "outcome")
    sections = {
        name.casefold().replace(" ", "_"): [
            dict(zip(keys, (i.id, i.title, i.started[:10], i.detail), strict=True)) for i in items
        ]
        for name, items in brief.sections
    }
    return {"project": brief.project, **sections}
