"""What `ledger sources`, `show`, `init` and `ingest` show: sessions on disk, what an ingest did."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ledger.cli.llm_render import llm_json, llm_report
from ledger.cli.render import (
    console,
    error_console,
    plain,
    plural,
    short_count,
    short_project,
    tokens_json,
)
from ledger.times import canonical_time

if TYPE_CHECKING:
    from ledger.ingest.demo import Demo
    from ledger.ingest.results import IngestResult
    from ledger.models import Session, SkippedFile, SourcesResult
    from ledger.search.lookup import SessionFound
    from ledger.search.turns import Turns
    from ledger.store.create import Created
    from ledger.store.local_pages import Untracked

WIDE_TABLE = 110
"""From this many columns on, the sessions table also shows tool calls and tokens."""


def iso(moment: datetime | None) -> str | None:
    """ISO 8601 UTC with milliseconds, ending in Z."""
    return canonical_time(moment) if moment else None


def session_json(session: Session) -> dict[str, Any]:
    """The facts of a session as `ledger sources --json` promises them, key for key."""
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
        "tokens": tokens_json(session.tokens),
        "subagents": session.subagents,
        "ghost": session.ghost,
        "skipped_lines": session.skipped_lines,
    }


def sources_table(result: SourcesResult) -> None:
    """The sessions found, newest first, then one line of totals."""
    from rich.table import Table
    from rich.text import Text

    wide = console().width >= WIDE_TABLE
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
            numbers += [str(s.tool_calls), short_count(s.tokens.total)]
        table.add_row(
            s.started.strftime("%Y-%m-%d %H:%M") if s.started else "?",
            s.agent.removesuffix("-code"),
            Text(short_project(s.project)),
            *numbers,
            Text(s.title, style="dim" if s.ghost else ""),
        )
    if result.sessions:
        console().print(table)
    ghosts = sum(s.ghost for s in result.sessions)
    megabytes = result.bytes_read / 1_000_000
    console().print(
        f"{plural(len(result.sessions), 'session')} ({plural(ghosts, 'ghost')}, dimmed) "
        f"in {megabytes:.1f} MB of transcripts"
    )


def skipped_report(
    skipped: tuple[SkippedFile, ...],
    sessions: tuple[Session, ...],
    verbose: bool = False,
    first_seen: tuple[SkippedFile, ...] = (),
) -> None:
    """Say on stderr how many files were passed over and why, each file the first time it is
    seen (`verbose`: every time), and which lines could not be read: one line each once known,
    as a home folder holds many such files."""
    lines: list[str] = []
    if skipped:
        reasons = Counter(s.reason.split(";")[0] for s in skipped)
        summary = ", ".join(f"{n} {reason}" for reason, n in sorted(reasons.items()))
        listed = skipped if verbose else first_seen
        hint = "" if len(listed) == len(skipped) else " (--verbose lists them)"
        files = "1 file that holds" if len(skipped) == 1 else f"{len(skipped)} files that hold"
        lines.append(f"skipped {files} no session: {summary}{hint}")
        lines.extend(f"  {item.path}: {item.reason}" for item in listed)
    damaged = [s for s in sessions if s.skipped_lines]
    if damaged:
        count = sum(s.skipped_lines for s in damaged)
        lines.append(
            f"skipped {count} unreadable lines in {len(damaged)} sessions "
            "(truncated, malformed or oversized); the rest of each session was read"
        )
    sys.stderr.write("".join(f"{line}\n" for line in lines))


def session_panel(session: Session) -> None:
    """A session's normalised facts, one per row, as people read them."""
    facts = session_json(session)
    facts["tools"] = dict(session.tools)
    _facts_table(facts)


def record_report(found: SessionFound) -> None:
    """A session as the ledger holds it: its record's facts, its text, its findings with ids."""
    _facts_table(found.session.fields)
    plain("\n" + found.session.body.strip())
    plain("\nFindings:" if found.findings else "\nFindings: none.")
    for f in found.findings:
        meta = f.meta
        plain(f"  {meta.id}  {meta.kind:<10} {meta.status:<10} {meta.title}")


def _facts_table(facts: dict[str, Any]) -> None:
    """Facts one per row, as people read them: `yes`/`no`, `none`, lists and maps joined, long
    values wrapped under themselves at spaces and commas."""
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, show_header=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")
    for key, value in facts.items():
        table.add_row(key, Text(_human(value)))
    console().print(table)


def _human(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_human(v)}" for k, v in value.items()) or "none"
    if isinstance(value, list):
        return ", ".join(_human(v) for v in value) or "none"
    return str(value)


def created(result: Created) -> None:
    if result.existed:
        console().print(
            f"A ledger already exists at {result.root}; nothing was changed.", markup=False
        )
        return
    where = "a new git repository" if result.new_repo else f"the git repository at {result.repo}"
    console().print(f"Created a ledger at {result.root} in {where}.", markup=False)
    console().print(f"Next: ledger ingest --ledger {result.root}", markup=False)


def untracked_line(untracked: Untracked) -> str:
    """The line an older ledger's first run prints: its derived pages are local now."""
    where = f" in commit {untracked.commit[:10]}" if untracked.commit else ""
    return (
        f"derived pages are local now: git no longer tracks them ({untracked.files} files "
        f"untracked{where}); index.md and index/ are git-ignored and rebuilt on each machine"
    )


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
        "private": list(result.private),
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


def _nothing_new(result: IngestResult) -> bool:
    """A run that changed nothing and has nothing to say: one line is enough."""
    summary = ingest_json(result)
    quiet = not (result.dry_run or result.commit or result.private or result.llm)
    quiet = quiet and not (summary["kept_human_edits"] or result.untracked)
    return (
        quiet
        and not (result.repaired_index or result.new or result.updated)
        and not any(summary["findings"].values())
    )


def ingest_summary(result: IngestResult) -> None:
    """What an ingest did, as a short table and one line about the commit."""
    from rich.table import Table

    summary = ingest_json(result)
    if _nothing_new(result):
        unchanged = summary["sessions"]["unchanged"]
        console().print(
            f"Nothing new: {unchanged} session{'' if unchanged == 1 else 's'} unchanged; "
            f"no commit ({result.seconds:.2f} s).",
            markup=False,
        )
        return
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
    if result.private:
        table.add_row("", str(len(result.private)), "touched by privacy settings")
    table.add_row("findings", str(findings["added"]), "added")
    table.add_row("", str(findings["changed"]), "changed")
    table.add_row("", str(findings["removed"]), "removed")
    console().print(table)
    for path in summary["kept_human_edits"]:
        error_console().print(f"kept {path}: a person edited what ledger owns", markup=False)
    if result.untracked:
        error_console().print(untracked_line(result.untracked), markup=False)
    if result.repaired_index:
        error_console().print(
            f"repaired git's index: {result.repaired_index} paths of ledger's last commit were "
            "not staged level with it (git's index was locked then)",
            markup=False,
        )
    if result.llm:
        llm_report(result.llm)
    if result.dry_run:
        for line in result.private:
            console().print(f"privacy: {line}", markup=False)
        console().print(f"Dry run in {result.seconds:.2f} s: nothing was written.", markup=False)
    elif result.commit:
        console().print(f"Committed {result.commit[:10]} in {result.seconds:.2f} s.", markup=False)
    else:
        console().print(f"Nothing new; no commit ({result.seconds:.2f} s).", markup=False)


@contextmanager
def progress(label: str, enabled: bool) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr for long runs on a terminal; a no-op callback otherwise."""
    if not enabled or not sys.stderr.isatty():
        yield lambda done, total: None
        return
    from rich.progress import Progress

    with Progress(console=error_console(), transient=True) as bar:
        task = bar.add_task(label, total=None)

        def tick(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield tick


def turns_text(turns: Turns) -> None:
    """`ledger show ID --turn N`: the session's header, then the turns asked for."""
    span = (
        f"turn {turns.first}" if turns.first == turns.last else f"turns {turns.first}-{turns.last}"
    )
    plain(f"{turns.header}({span} of {turns.total})\n\n{turns.text.rstrip()}")


def demo_report(demo: Demo) -> None:
    """Where the demo ledger is, what went in, and three commands to try on it."""
    result = demo.result
    console().print(
        f"A demo ledger of the bundled samples is at {demo.root}: "
        f"{plural(len(result.changes), 'session')}, {plural(result.added, 'finding')} "
        "(structural pass only; nothing left this machine).",
        markup=False,
    )
    console().print("Try:", markup=False)
    for command in demo.commands:
        console().print(f"  {command}", markup=False)
