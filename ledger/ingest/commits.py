"""Which commits a session produced: matched by project, branch and time, reproducibly.

Pure: the session spans and the commits are given (the commits from `store.git.commits_between`
over the session's repo), so the same history always gives the same answer, on any machine.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ledger.models import Session
from ledger.store import git
from ledger.store.git import SUBJECT, Commit

SLACK_SECONDS = 120
"""A commit this long after a session's last record still counts as its own: the record of the
commit's tool result can be written after the commit itself, and clocks differ a little."""


@dataclass(frozen=True, slots=True)
class SessionSpan:
    """What matching needs of a session: where and when it ran."""

    session_id: str
    project: str | None
    branch: str | None
    started: datetime | None
    ended: datetime | None


def _inside(project: str, repo: str) -> bool:
    repo = repo.rstrip("/")
    return project == repo or project.startswith(repo + "/")


def _covers(span: SessionSpan, moment: float, slack: int) -> bool:
    if span.started is None or span.ended is None:
        return False
    return span.started.timestamp() - slack <= moment <= span.ended.timestamp() + slack


def _distance(span: SessionSpan, moment: float) -> float:
    """0 inside the span, else how far outside it: the closer session wins a shared commit."""
    assert span.started is not None and span.ended is not None
    return max(span.started.timestamp() - moment, moment - span.ended.timestamp(), 0.0)


def match_commits(
    sessions: Sequence[SessionSpan],
    repo: str,
    commits: Iterable[Commit],
    slack: int = SLACK_SECONDS,
) -> dict[str, tuple[str, ...]]:
    """session id → the commits (oldest first) of `repo` it produced.

    A commit belongs to a session whose project is `repo` or inside it, whose branch is the
    commit's (when both are known), and whose time span (± `slack`) holds the commit time.
    When several sessions qualify, the one whose span is nearest takes it, then the one that
    started last (the most specific), then the smallest id: each commit has at most one session.
    ledger's own commits are never a session's.
    """
    candidates = [s for s in sessions if s.project and _inside(s.project, repo)]
    found: dict[str, list[Commit]] = {}
    for commit in commits:
        if commit.subject.startswith(SUBJECT):
            continue
        fitting = [
            s
            for s in candidates
            if _covers(s, commit.time, slack)
            and (commit.branch is None or s.branch is None or s.branch == commit.branch)
        ]
        if not fitting:
            continue
        best = min(
            fitting,
            key=lambda s: (
                _distance(s, commit.time),
                -(s.started.timestamp() if s.started else 0.0),
                s.session_id,
            ),
        )
        found.setdefault(best.session_id, []).append(commit)
    return {
        session: tuple(c.sha for c in sorted(made, key=lambda c: (c.time, c.sha)))
        for session, made in sorted(found.items())
    }


def session_commits(session: Session) -> tuple[str, ...]:
    """The commits a session produced in its project's repo, where that repo is on this machine.

    Looked up on the session's branch when the transcript names it (a branch deleted since, say
    after a merge, gives none), else on every branch; ledger's own commits never count.
    """
    project, started, ended = session.project, session.started, session.ended
    if not project or started is None or ended is None or not os.path.isdir(project):
        return ()
    repo = git.toplevel(Path(project))
    if repo is None:
        return ()
    since, until = int(started.timestamp()) - SLACK_SECONDS, int(ended.timestamp()) + SLACK_SECONDS
    commits = git.commits_between(repo, since, until, session.git_branch)
    span = SessionSpan(session.session_id, project, session.git_branch, started, ended)
    return match_commits([span], str(repo), commits).get(session.session_id, ())
