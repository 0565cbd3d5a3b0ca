"""Settling a file both clones wrote (`store/conflicts.py`): the longer transcript's version,
with what people did on either side kept, and the same answer whichever clone settles."""

from __future__ import annotations

from ledger.store.conflicts import session_rank, settle_text


def _finding(
    status: str = "open", tags: str = "[]", superseded_by: str = "[]", body: str = ""
) -> str:
    return (
        f"---\nid: 0123456789ab\nkind: todo\ntitle: Add a test\nstatus: {status}\n"
        f"superseded_by: {superseded_by}\ntags: {tags}\n---\n\nAdd a test.{body}\n"
    )


def test_the_longer_transcript_is_the_winner() -> None:
    short = "---\nended: 2026-11-21T09:22:30Z\nprompts: 9\ntool_calls: 15\ncontent_hash: b\n---\n"
    long = "---\nended: 2026-11-21T10:00:30Z\nprompts: 10\ntool_calls: 15\ncontent_hash: a\n---\n"
    assert session_rank(long) > session_rank(short)
    assert session_rank(None) == ()


def test_a_status_and_tags_a_person_gave_on_the_shorter_side_are_kept() -> None:
    base = _finding()
    loser = _finding(status="done", tags="[urgent]", body="\n\nNote: done by hand.")
    winner = _finding(tags="[auth]").replace("Add a test.", "Add a test for DST.")
    settled = settle_text(base, winner, loser)
    assert settled is not None
    assert "status: done" in settled and "urgent" in settled and "auth" in settled


def test_lifecycle_links_of_both_sides_are_kept() -> None:
    base = _finding()
    one = _finding(status="superseded", superseded_by="[aaaaaaaaaaaa]")
    other = _finding(status="superseded", superseded_by="[bbbbbbbbbbbb]")
    settled = settle_text(base, one, other)
    assert settled is not None and "aaaaaaaaaaaa" in settled and "bbbbbbbbbbbb" in settled


def test_a_file_only_the_shorter_side_has() -> None:
    base = _finding()
    assert settle_text(base, None, base) is None, "the winner's extraction no longer makes it"
    edited = _finding(status="dropped")
    assert settle_text(base, None, edited) == edited, "a person's edit is never dropped"
    assert settle_text(None, None, edited) is None, "new on the shorter side only: ledger's own"


def test_one_side_unchanged_gives_the_other() -> None:
    base, changed = _finding(), _finding(status="done")
    assert settle_text(base, base, changed) == changed
    assert settle_text(base, changed, base) == changed
