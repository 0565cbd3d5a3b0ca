"""Which commits a session produced: the pure matching, and the commits git lists for it."""

from __future__ import annotations

import os
import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path

from ledger_fixtures import GIT_ENV

from ledger.ingest.commits import SLACK_SECONDS, SessionSpan, match_commits
from ledger.store import frontmatter
from ledger.store import git as store_git
from ledger.store.git import Commit

T0 = datetime(2026, 11, 21, 9, 0, tzinfo=timezone.utc)
REPO = "/home/dev/acme-api"


def _span(
    sid: str, start_min: int, end_min: int, project: str = REPO, branch: str | None = "main"
) -> SessionSpan:
    return SessionSpan(
        sid, project, branch, T0 + timedelta(minutes=start_min), T0 + timedelta(minutes=end_min)
    )


def _at(minute: float, sha: str, subject: str = "work", branch: str | None = "main") -> Commit:
    return Commit(sha, int((T0 + timedelta(minutes=minute)).timestamp()), subject, branch)


def test_a_commit_inside_a_session_is_its_own() -> None:
    sessions = [_span("a", 0, 30), _span("b", 60, 90)]
    commits = [_at(10, "c1"), _at(29, "c2"), _at(75, "c3"), _at(45, "c4")]
    assert match_commits(sessions, REPO, commits) == {"a": ("c1", "c2"), "b": ("c3",)}


def test_a_commit_just_after_the_last_record_still_counts() -> None:
    sessions = [_span("a", 0, 30)]
    inside = _at(30 + SLACK_SECONDS / 60 - 0.1, "late")
    outside = _at(30 + SLACK_SECONDS / 60 + 0.5, "too-late")
    assert match_commits(sessions, REPO, [inside, outside]) == {"a": ("late",)}


def test_project_and_branch_must_agree() -> None:
    sessions = [
        _span("other-repo", 0, 30, project="/home/dev/other"),
        _span("subfolder", 0, 30, project=f"{REPO}/services/api", branch="feature"),
    ]
    commits = [_at(10, "on-main", branch="main"), _at(11, "on-feature", branch="feature")]
    assert match_commits(sessions, REPO, commits) == {"subfolder": ("on-feature",)}
    unknown_branch = [_at(12, "detached", branch=None)]
    assert match_commits(sessions, REPO, unknown_branch) == {"subfolder": ("detached",)}


def test_overlapping_sessions_share_nothing_the_nearest_wins() -> None:
    long = _span("long", 0, 120)
    short = _span("short", 50, 60)
    ended = _span("ended", 0, 40)
    commits = [_at(55, "mid"), _at(41, "after-ended"), _at(100, "late")]
    found = match_commits([long, short, ended], REPO, commits)
    assert found == {"long": ("after-ended", "late"), "short": ("mid",)}


def test_ledgers_own_commits_and_undated_sessions_never_match() -> None:
    sessions = [_span("a", 0, 30), SessionSpan("undated", REPO, "main", None, None)]
    commits = [_at(10, "own", subject="ledger: ingest 1 sessions (+1 ~0 -0 findings)")]
    assert match_commits(sessions, REPO, commits) == {}


def test_matching_is_deterministic_whatever_the_order() -> None:
    sessions = [_span("a", 0, 30), _span("b", 0, 30)]
    commits = [_at(10, "x"), _at(5, "w")]
    first = match_commits(sessions, REPO, commits)
    assert first == match_commits(sessions[::-1], REPO, commits[::-1]) == {"a": ("w", "x")}


def test_git_lists_the_commits_of_a_window(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    env = dict(GIT_ENV)

    def commit(message: str, when: datetime) -> None:
        stamp = f"{int(when.timestamp())} +0000"
        (repo / "f.txt").write_text(message)
        subprocess.run(["git", "add", "f.txt"], cwd=repo, check=True)
        subprocess.run(
            ["git", "commit", "-q", "-m", message], cwd=repo, check=True,
            env={**os.environ, **env, "GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp},
        )  # fmt: skip

    subprocess.run(["git", "init", "-q", "--initial-branch=main"], cwd=repo, check=True)
    commit("before", T0 - timedelta(hours=2))
    commit("during", T0 + timedelta(minutes=10))
    commit("after", T0 + timedelta(hours=2))
    since, until = int(T0.timestamp()), int((T0 + timedelta(minutes=30)).timestamp())
    listed = store_git.commits_between(repo, since, until, "main")
    assert [c.subject for c in listed] == ["during"]
    assert listed[0].branch == "main" and listed[0].time == since + 600
    head = store_git.head_commit(repo / ".")
    assert head is not None and head.subject == "after" and head.commit.branch == "main"
    assert head.repo == repo.resolve()
    spans = [_span("s", 0, 30, project=str(repo))]
    assert match_commits(spans, str(repo), listed) == {"s": (listed[0].sha,)}
    # a transcript's branch is a name, never an option of git's (`--output=FILE` truncated it)
    victim = tmp_path / "victim.txt"
    victim.write_text("someone's data\n")
    assert store_git.commits_between(repo, since, until, f"--output={victim}") == []
    assert victim.read_text() == "someone's data\n"


def _commit_at(repo: Path, moment: datetime, subject: str) -> str:
    stamp = moment.strftime("%Y-%m-%dT%H:%M:%S+00:00")
    (repo / "log.txt").write_text(f"{subject}\n", encoding="utf-8")
    env = {**os.environ, **GIT_ENV, "GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp}
    for args in (["add", "log.txt"], ["commit", "--quiet", "--message", subject]):
        subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)
    return subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, text=True, check=True
    ).stdout.strip()


def test_ingest_records_the_commits_a_session_made(tmp_path: Path) -> None:
    """The JWT sample ran 09:12–09:22 on `fix/jwt-expiry`: its commit is recorded, nothing else."""
    from ledger_fixtures import (
        JWT_ID,
        copy_samples,
        folder_of,
        jwt_transcript,
        new_ledger,
        run_ingest,
    )

    from ledger.store.local_facts import load_facts

    project = tmp_path / "acme-api"
    project.mkdir()
    subprocess.run(["git", "init", "--quiet", "-b", "main"], cwd=project, check=True)
    start = datetime(2026, 11, 21, 9, 0, tzinfo=timezone.utc)
    _commit_at(project, start, "before the session")
    subprocess.run(["git", "checkout", "--quiet", "-b", "fix/jwt-expiry"], cwd=project, check=True)
    made = _commit_at(project, start + timedelta(minutes=20), "auth: aware UTC datetimes")
    _commit_at(project, start + timedelta(hours=3), "much later")
    subprocess.run(["git", "checkout", "--quiet", "main"], cwd=project, check=True)
    _commit_at(project, start + timedelta(minutes=21), "same time, other branch")

    samples = copy_samples(tmp_path / "samples")
    transcript = jwt_transcript(samples)
    transcript.write_text(
        transcript.read_text(encoding="utf-8").replace("/home/dev/acme-api", str(project)),
        encoding="utf-8",
    )
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, samples)

    record = (folder_of(config.root, JWT_ID) / "_session.md").read_text(encoding="utf-8")
    assert load_facts(config.state)[JWT_ID].commits == (made,), "a local fact, in .ledger/"
    assert "commits" not in frontmatter.load(record) and made[:12] not in record
