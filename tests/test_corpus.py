"""Every file of the shared corpus of real transcripts reads as SPEC §2.1-2.2 says it must.

The expected values live in corpus_facts.py, counted without ledger. The corpus is not part of the
repo (it is other people's logs): it sits beside it, in `../shared/corpus`, and without it this
module is skipped.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from corpus_facts import SESSIONS, SKIPPED, SUBAGENT_FILES, SessionFacts

from ledger.models import Session, SourcesResult
from ledger.transcripts.discover import discover
from ledger.transcripts.read import scan

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
EXPECTED_GHOSTS = frozenset(
    {"4f283ba6", "4866b0f5", "dab5506f", "7de1dd02", "e8c742ee", "01999467", "0199865a"}
)
"""SPEC §2.2: fewer than 3 prompts that are not bare slash commands, fewer than 5 tool calls and
no file changed; read off the files by hand. Sessions of one prompt that did work are not."""

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS}")


@pytest.fixture(scope="module")
def result() -> SourcesResult:
    return scan([CORPUS])


@pytest.fixture(scope="module")
def sessions(result: SourcesResult) -> dict[str, Session]:
    return {session.source.name: session for session in result.sessions}


def facts_of(session: Session) -> SessionFacts:
    """The facts the corpus table records, as the reader produced them."""
    assert session.started and session.ended, f"{session.source.name} has no timestamps"
    return SessionFacts(
        agent=session.agent,
        session_id=session.session_id,
        project=session.project,
        git_branch=session.git_branch,
        agent_version=session.agent_version,
        models=session.models,
        prompts=session.prompts,
        tools=dict(session.tools),
        files_touched=session.files_touched,
        files_read=session.files_read,
        tokens=session.tokens,
        started=session.started,
        ended=session.ended,
        subagents=session.subagents,
    )


def test_every_corpus_file_is_in_the_tables() -> None:
    names = [path.name for path in CORPUS.rglob("*.jsonl")]
    assert len(names) == len(set(names)), "the tables are keyed by file name"
    assert sorted(names) == sorted([*SESSIONS, *SKIPPED, *SUBAGENT_FILES])


@pytest.mark.parametrize("name", list(SESSIONS))
def test_session_facts(name: str, sessions: dict[str, Session]) -> None:
    assert name in sessions, f"{name} was not read as a session"
    session, expected = sessions[name], SESSIONS[name]
    assert facts_of(session) == expected
    assert session.tool_calls == sum(expected.tools.values())
    assert session.ghost is (session.session_id[:8] in EXPECTED_GHOSTS)


def test_at_most_seven_corpus_sessions_are_ghosts(sessions: dict[str, Session]) -> None:
    assert sum(s.ghost for s in sessions.values()) == len(EXPECTED_GHOSTS) <= 7


def test_files_that_are_not_sessions_are_skipped_with_their_reason(
    result: SourcesResult,
) -> None:
    reasons = {skipped.path.name: skipped.reason for skipped in result.skipped}
    assert sorted(reasons) == sorted(SKIPPED)
    unexplained = {
        name: reasons[name]
        for name, words in SKIPPED.items()
        if not all(word in reasons[name] for word in words)
    }
    assert unexplained == {}


def test_subagent_files_belong_to_their_session() -> None:
    found = discover([CORPUS])
    owners = {sub.name: t.path.name for t in found.transcripts for sub in t.subagents}
    assert owners == SUBAGENT_FILES


def test_every_session_parses_without_skipping_a_line(result: SourcesResult) -> None:
    skipped = {s.source.name: s.skipped_lines for s in result.sessions if s.skipped_lines}
    assert skipped == {}


def test_sessions_come_out_newest_first(result: SourcesResult) -> None:
    newest_first = sorted(SESSIONS, key=lambda name: SESSIONS[name].started, reverse=True)
    assert [session.source.name for session in result.sessions] == newest_first


def test_timestamps_are_utc_aware(result: SourcesResult) -> None:
    not_utc = {
        session.source.name: (session.started, session.ended)
        for session in result.sessions
        for stamp in (session.started, session.ended)
        if stamp is None or stamp.utcoffset() != timedelta(0)
    }
    assert not_utc == {}
