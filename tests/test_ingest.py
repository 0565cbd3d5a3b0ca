"""`ledger ingest` end to end: the bundled samples, real temporary git repos, the real CLI.

Each test builds its own ledger in `tmp_path` (the snapshot tests share one, read-only), copies
the samples when it changes a transcript, and looks at the result the way a person would: the
files, `git log`, `git status`, and what the command printed.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from corpus_facts import SESSIONS as CORPUS_SESSIONS
from corpus_facts import SKIPPED as CORPUS_SKIPPED
from ledger_fixtures import (
    CACHE_ID,
    CODEX_LINT_ID,
    CODEX_RATE_ID,
    CORPUS,
    GHOST_ID,
    JWT_ID,
    SAMPLE_IDS,
    SAMPLES,
    append_turn,
    clone_samples,
    copy_samples,
    fields_of,
    folder_of,
    git,
    head,
    jwt_transcript,
    ledger_command,
    ledger_files,
    new_ledger,
    run_ingest,
    session_folders,
    set_title,
    set_tool_input,
    subjects,
    touch_all,
    tree_id,
)
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner, Result

from ledger.cli.app import app
from ledger.config import Config
from ledger.errors import LedgerError
from ledger.extract.structural import extract_findings
from ledger.ingest import run as ingest_run
from ledger.ingest.results import IngestResult
from ledger.models import KINDS
from ledger.search.check import check_ledger
from ledger.store import edits, frontmatter
from ledger.store import git as git_store
from ledger.store.markdown import finding_body, finding_fields, session_target, to_markdown
from ledger.store.state import locked
from ledger.transcripts.read import read_transcript

runner = CliRunner()
SESSION_FILE = "_session.md"
SMOKE_TODO = "todo-add-a-smoke-test-for-the-login-flow-to-the-post-deploy.md"
"""A todo of the JWT session (turn 8) that the edit tests work on."""
RESTATED_TODO = (
    "TODO: add a smoke test for the login flow to the post-deploy checks (issue a token against "
    "the deployed API and call an authenticated endpoint), so a regression like this pages us "
    "instead of waiting for user reports."
)
"""The smoke-test todo said again in a later turn: its file's `turns` grow from [8] to [8, 10]."""
NEW_TODO = (
    "TODO: document the 30-second leeway in docs/auth.md so on-call knows why a token that "
    "expired a moment ago still passes."
)
AFTER_SAMPLES = datetime(2026, 11, 23, tzinfo=timezone.utc).timestamp()
"""A modification time after every sample session, as the files would have on a real disk."""
FOLDER_NAME = re.compile(r"\d{4}-\d{2}-\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*")


def cli(*args: str | Path) -> Result:
    """`ledger ARGS` through typer's runner; stdout and stderr kept apart."""
    return runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "120"})


def ingest_cli(config: Config, source: Path, *args: str) -> Result:
    result = cli("ingest", "--ledger", config.root, "--source", source, *args)
    assert result.exit_code == 0, (result.output, result.exception)
    return result


def status(repo: Path) -> str:
    return git(repo, "status", "--porcelain", "--untracked-files=all")


def finding_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.md") if p.name != SESSION_FILE)


def session_ids(root: Path) -> set[str]:
    if not (root / "sessions").is_dir():
        return set()
    return {fields_of(f / SESSION_FILE)["session_id"] for f in session_folders(root)}


class Ledger(NamedTuple):
    config: Config
    samples: Path

    @property
    def root(self) -> Path:
        return self.config.root


@pytest.fixture
def fresh(tmp_path: Path) -> Ledger:
    """A new, empty ledger and a private copy of the samples."""
    samples = copy_samples(tmp_path / "samples")
    touch_all(samples, AFTER_SAMPLES)
    return Ledger(new_ledger(tmp_path / "ledger"), samples)


@pytest.fixture
def ingested(fresh: Ledger) -> Ledger:
    """A ledger that has ingested the samples once."""
    assert run_ingest(fresh.config, fresh.samples).commit
    return fresh


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Ledger:
    """The samples ingested once for read-only tests (snapshots)."""
    base = tmp_path_factory.mktemp("shared")
    samples = copy_samples(base / "samples")
    config = new_ledger(base / "ledger")
    run_ingest(config, samples)
    return Ledger(config, samples)


# 1. what users read -------------------------------------------------------------------------------


def shown(text: str, ledger: Ledger) -> str:
    """File text without the machine-specific folder the samples were copied to."""
    return text.replace(str(ledger.samples), "<samples>")


def test_session_record_snapshot(shared: Ledger, snapshot: SnapshotAssertion) -> None:
    record = folder_of(shared.root, JWT_ID) / SESSION_FILE
    assert shown(record.read_text(encoding="utf-8"), shared) == snapshot


def test_the_jwt_sample_has_a_finding_of_every_kind(shared: Ledger) -> None:
    kinds = {fields_of(p)["kind"] for p in finding_files(folder_of(shared.root, JWT_ID))}
    assert kinds == set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_finding_file_snapshot(kind: str, shared: Ledger, snapshot: SnapshotAssertion) -> None:
    first = next(
        p for p in finding_files(folder_of(shared.root, JWT_ID)) if p.name.startswith(f"{kind}-")
    )
    assert f"{first.name}\n{shown(first.read_text(encoding='utf-8'), shared)}" == snapshot


def test_ghost_sessions_get_a_record_and_no_findings(shared: Ledger) -> None:
    folder = folder_of(shared.root, GHOST_ID)
    assert fields_of(folder / SESSION_FILE)["ghost"] == "true"
    assert finding_files(folder) == []


def test_a_single_prompt_session_that_did_work_is_no_ghost(shared: Ledger) -> None:
    """One prompt, a lint fix: tool calls and a changed file make it a session worth reading."""
    folder = folder_of(shared.root, CODEX_LINT_ID)
    assert fields_of(folder / SESSION_FILE)["ghost"] == "false"


def test_ingest_summary_snapshot(fresh: Ledger, snapshot: SnapshotAssertion) -> None:
    result = ingest_cli(fresh.config, fresh.samples)
    printed = re.sub(r"\b[0-9a-f]{10}\b", "<commit>", result.stdout)
    assert re.sub(r"\d+\.\d\d s\b", "<seconds> s", printed) == snapshot


# 2. idempotence and determinism -------------------------------------------------------------------


def test_second_ingest_makes_no_commit_and_changes_no_byte(ingested: Ledger) -> None:
    before = (head(ingested.root), tree_id(ingested.root), ledger_files(ingested.root))
    again = run_ingest(ingested.config, ingested.samples)
    assert again.commit is None
    assert (again.changes, again.unchanged) == ((), len(SAMPLE_IDS))
    assert (head(ingested.root), tree_id(ingested.root), ledger_files(ingested.root)) == before


def test_two_fresh_ledgers_get_the_same_tree(fresh: Ledger, tmp_path: Path) -> None:
    run_ingest(fresh.config, fresh.samples)
    other = new_ledger(tmp_path / "other")
    # another process: another hash seed, so set or dict order cannot leak into the files
    done = ledger_command(
        "ingest", "--ledger", str(other.root), "--source", str(fresh.samples), cwd=tmp_path / "cwd"
    )
    assert done.wait(60) == 0, done.communicate()
    assert tree_id(other.root) == tree_id(fresh.root)


def test_a_ledger_in_a_folder_of_another_repo_commits_its_files_there(
    fresh: Ledger, tmp_path: Path
) -> None:
    outer = tmp_path / "notes"
    git(tmp_path, "init", "-q", str(outer))
    inner = new_ledger(outer / "team" / "ledger")
    result = run_ingest(inner, fresh.samples)
    assert result.commit
    committed = set(git(outer, "ls-tree", "-r", "--name-only", "HEAD").split())
    written = {f"team/ledger/{path}" for change in result.changes for path in change.paths}
    assert written and written <= committed
    assert not any(path.startswith("sessions/") for path in committed)
    assert git(outer, "status", "--porcelain", "--", "team/ledger/sessions") == ""


# 3. a session that grows --------------------------------------------------------------------------


class Grown(NamedTuple):
    ledger: Ledger
    folder: Path
    before: str
    """HEAD before the session grew."""
    result: IngestResult


@pytest.fixture
def grown(ingested: Ledger) -> Grown:
    """The JWT session, ingested, then grown by a turn with a new TODO and ingested again."""
    folder = folder_of(ingested.root, JWT_ID)
    before = head(ingested.root)
    append_turn(jwt_transcript(ingested.samples), NEW_TODO, "Noted for the docs PR.")
    return Grown(ingested, folder, before, run_ingest(ingested.config, ingested.samples))


def changed_in_head(repo: Path) -> dict[str, str]:
    """Path → git status letter (A, M, D) of the last commit."""
    lines = git(repo, "show", "--name-status", "--format=", "--no-renames", "HEAD").splitlines()
    return {path: letter for letter, path in (line.split("\t", 1) for line in lines)}


def test_grown_session_keeps_its_folder(grown: Grown) -> None:
    assert folder_of(grown.ledger.root, JWT_ID) == grown.folder
    assert len(session_folders(grown.ledger.root)) == len(SAMPLE_IDS)


def test_grown_session_gets_its_new_finding(grown: Grown) -> None:
    added = [p for p in finding_files(grown.folder) if "document-the-30-second-leeway" in p.name]
    assert len(added) == 1
    assert (frontmatter.load(added[0].read_text(encoding="utf-8")) or {})["turns"] == [10]
    assert (
        changed_in_head(grown.ledger.root)[added[0].relative_to(grown.ledger.root).as_posix()]
        == "A"
    )


def test_grown_session_rewrites_its_record_in_place(grown: Grown) -> None:
    record = (grown.folder / SESSION_FILE).relative_to(grown.ledger.root).as_posix()
    assert changed_in_head(grown.ledger.root)[record] == "M"
    assert fields_of(grown.folder / SESSION_FILE)["prompts"] == "10"


def test_grown_session_leaves_an_unchanged_finding_history_alone(grown: Grown) -> None:
    hypothesis = next(p for p in finding_files(grown.folder) if p.name.startswith("hypothesis-"))
    history = git(grown.ledger.root, "log", "--follow", "--format=%H", "--", str(hypothesis))
    assert len(history.splitlines()) == 1


def test_grown_session_is_one_commit_with_a_structured_subject(grown: Grown) -> None:
    root = grown.ledger.root
    assert git(root, "rev-parse", "HEAD~1").strip() == grown.before
    findings = {
        k: v
        for k, v in changed_in_head(root).items()
        if k.startswith("sessions/") and not k.endswith(SESSION_FILE)
    }
    letters = list(findings.values())
    added, changed, removed = (letters.count(x) for x in "AMD")
    assert added >= 1
    assert (
        subjects(root)[0] == f"ledger: ingest 1 sessions (+{added} ~{changed} -{removed} findings)"
    )
    assert (grown.result.new, grown.result.updated) == (0, 1)


def test_a_restated_finding_stays_one_finding(ingested: Ledger) -> None:
    prompt = "Back to the TODO: add a smoke test for the login flow to the post-deploy checks."
    append_turn(jwt_transcript(ingested.samples), prompt, "Right, that one is still open.")
    run_ingest(ingested.config, ingested.samples)
    ids = [fields_of(p)["id"] for p in finding_files(folder_of(ingested.root, JWT_ID))]
    assert len(ids) == len(set(ids))


# 4. human edits -----------------------------------------------------------------------------------


class Edited(NamedTuple):
    ledger: Ledger
    path: Path
    text: str
    """The file as the person left it."""


def edit_then_grow(ledger: Ledger, edit: Callable[[str], str], commit: bool) -> Edited:
    """A person edits the smoke-test todo (and commits or not); the session then restates it."""
    path = folder_of(ledger.root, JWT_ID) / SMOKE_TODO
    text = edit(path.read_text(encoding="utf-8"))
    path.write_text(text, encoding="utf-8")
    if commit:
        git(ledger.root, "commit", "--quiet", "--all", "--message", "review the smoke-test todo")
    append_turn(jwt_transcript(ledger.samples), RESTATED_TODO, "Still open: it needs staging.")
    return Edited(ledger, path, text)


def close_and_tag(text: str) -> str:
    text = text.replace("\nstatus: open\n", "\nstatus: done\n", 1)
    return text.replace("\ntags: []\n", "\ntags:\n  - auth  # added by a person\n", 1)


def test_the_edit_scenario_updates_a_field_ledger_owns(ingested: Ledger) -> None:
    """Guard for the edit tests below: without an edit, the restated todo's `turns` grow."""
    edited = edit_then_grow(ingested, lambda text: text, commit=False)
    run_ingest(ingested.config, ingested.samples)
    assert (frontmatter.load(edited.path.read_text(encoding="utf-8")) or {})["turns"] == [8, 10]


def test_committed_status_and_tag_survive_reingest(ingested: Ledger) -> None:
    edited = edit_then_grow(ingested, close_and_tag, commit=True)
    run_ingest(ingested.config, ingested.samples)
    text = edited.path.read_text(encoding="utf-8")
    fields = frontmatter.load(text)
    assert (fields["status"], fields["tags"]) == ("done", ["auth"])
    assert "# added by a person" in text
    assert fields["turns"] == [8, 10], "ledger's own fields are still updated"


def test_uncommitted_status_edit_survives_reingest(ingested: Ledger) -> None:
    edited = edit_then_grow(ingested, close_and_tag, commit=False)
    run_ingest(ingested.config, ingested.samples)
    fields = frontmatter.load(edited.path.read_text(encoding="utf-8"))
    assert (fields["status"], fields["tags"], fields["turns"]) == ("done", ["auth"], [8, 10])


def test_notes_a_person_wrote_survive_reingest(ingested: Ledger) -> None:
    notes = "\n## Notes\n\nShipped in PR 42; the smoke test runs after every deploy.\n"
    edited = edit_then_grow(ingested, lambda text: text + notes, commit=True)
    run_ingest(ingested.config, ingested.samples)
    assert edited.path.read_text(encoding="utf-8").endswith(notes)


def test_a_finding_a_person_renamed_stays_one_file_where_they_put_it(ingested: Ledger) -> None:
    """Obsidian renames a note and keeps its `id`: the session grown and ingested again does
    not write the finding a second time under its old name, and its record links to it."""
    old = folder_of(ingested.root, JWT_ID) / SMOKE_TODO
    renamed = old.with_name("smoke test for logins.md")
    git(ingested.root, "mv", str(old), str(renamed))
    git(ingested.root, "commit", "--quiet", "--message", "rename a note")
    append_turn(jwt_transcript(ingested.samples), RESTATED_TODO, "Still open: it needs staging.")
    run_ingest(ingested.config, ingested.samples)
    assert renamed.exists() and not old.exists()
    ids = [fields_of(p)["id"] for p in finding_files(renamed.parent)]
    assert len(ids) == len(set(ids))
    record = (renamed.parent / SESSION_FILE).read_text(encoding="utf-8")
    assert f"/{renamed.stem}|" in record and f"/{old.stem}|" not in record
    assert check_ledger(ingested.root, ingested.config.state).problems == ()


MID_RUN_NOTE = "\n## Notes\n\nSaved while an ingest was running.\n"


def test_a_note_saved_while_ingest_merges_the_file_is_merged_too(
    ingested: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person saves the file between ingest reading it and replacing it: ingest reads it
    again and merges that, rather than replacing it with what it made of the older text."""
    edited = edit_then_grow(ingested, close_and_tag, commit=False)
    real, saved = edits.carry_lifecycle, []

    def saving_meanwhile(disk: str, text: str) -> str:
        if not saved and "status: done" in disk:
            edited.path.write_text(disk + MID_RUN_NOTE, encoding="utf-8")
            saved.append(True)
        return real(disk, text)

    monkeypatch.setattr(edits, "carry_lifecycle", saving_meanwhile)
    run_ingest(ingested.config, ingested.samples)
    text = edited.path.read_text(encoding="utf-8")
    assert saved and text.endswith(MID_RUN_NOTE)
    fields = frontmatter.load(text) or {}
    assert (fields["status"], fields["turns"]) == ("done", [8, 10])


def test_a_note_saved_after_ingest_wrote_the_file_stays_the_persons(
    ingested: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Saved after ingest wrote the file, before its commit: the commit holds what ingest
    wrote, so the note stays the person's own edit, uncommitted, and the next run keeps it."""
    edited = edit_then_grow(ingested, lambda text: text, commit=False)
    real = git_store.commit_paths

    def saving_first(*args: Any, **kwargs: Any) -> str | None:
        edited.path.write_text(edited.path.read_text(encoding="utf-8") + MID_RUN_NOTE)
        return real(*args, **kwargs)

    monkeypatch.setattr(git_store, "commit_paths", saving_first)
    run_ingest(ingested.config, ingested.samples)
    monkeypatch.undo()
    relative = edited.path.relative_to(ingested.root).as_posix()
    assert MID_RUN_NOTE not in git(ingested.root, "show", f"HEAD:{relative}")
    assert edited.path.read_text(encoding="utf-8").endswith(MID_RUN_NOTE)
    assert status(ingested.root).split() == ["M", relative]  # staged: git's index is levelled
    append_turn(jwt_transcript(ingested.samples), RESTATED_TODO, "Still open, again.")
    run_ingest(ingested.config, ingested.samples)
    assert edited.path.read_text(encoding="utf-8").endswith(MID_RUN_NOTE)


def _cut_short(ledger: Ledger, monkeypatch: pytest.MonkeyPatch, stop: BaseException) -> Edited:
    """A person's uncommitted edit of the smoke-test todo; the session grows; the ingest that
    merges it into the file stops at its commit with `stop`."""
    edited = edit_then_grow(ledger, close_and_tag, commit=False)

    def stopped(*args: Any, **kwargs: Any) -> None:
        raise stop

    monkeypatch.setattr(git_store, "commit_paths", stopped)
    return edited


def test_an_interrupted_ingest_puts_back_the_persons_uncommitted_edit(
    ingested: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C during the commit: what the run wrote is undone at once, the person's edit as
    they had it (not the last commit's version), and the run says so in one line."""
    start = head(ingested.root)
    edited = _cut_short(ingested, monkeypatch, KeyboardInterrupt())
    with pytest.raises(LedgerError, match="interrupted: the ledger is back at its last commit"):
        run_ingest(ingested.config, ingested.samples)
    assert edited.path.read_text(encoding="utf-8") == edited.text
    relative = edited.path.relative_to(ingested.root).as_posix()
    assert head(ingested.root) == start and status(ingested.root) == f" M {relative}\n"
    assert not (ingested.config.state / "pending").exists()


def test_an_interrupted_dry_run_leaves_a_cut_short_runs_journal(
    ingested: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dry run writes nothing and puts nothing back: Ctrl-C in it leaves the journal of an
    earlier run cut short to the next real run, which alone knows those files are ledger's."""
    journal = ingested.config.state / "pending"
    journal.write_text("sessions/nowhere/_session.md\n")
    append_turn(jwt_transcript(ingested.samples), RESTATED_TODO, "Still open.")

    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(ingest_run, "_apply", interrupted)
    with pytest.raises(LedgerError, match="interrupted"):
        run_ingest(ingested.config, ingested.samples, dry_run=True)
    assert journal.read_text() == "sessions/nowhere/_session.md\n"


def test_a_read_after_a_killed_ingest_puts_back_what_it_wrote(
    ingested: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run killed before its commit leaves its files written (here a failure whose undo fails
    too stands for the kill). The next command that takes the lock, a grep, puts them back
    first, the person's uncommitted edit as they had it, and the next ingest does it again."""
    edited = _cut_short(ingested, monkeypatch, RuntimeError("killed"))

    def cannot(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ingest_run, "roll_back", cannot)
    with pytest.raises(RuntimeError):
        run_ingest(ingested.config, ingested.samples)
    assert (ingested.config.state / "pending").exists()
    assert "turns:\n  - 8\n  - 10\n" in edited.path.read_text(encoding="utf-8")
    monkeypatch.undo()
    assert cli("grep", "-l", "smoke test", "--ledger", ingested.root).exit_code == 0
    assert edited.path.read_text(encoding="utf-8") == edited.text
    assert not (ingested.config.state / "pending").exists()
    relative = edited.path.relative_to(ingested.root).as_posix()
    assert status(ingested.root) == f" M {relative}\n"
    run_ingest(ingested.config, ingested.samples)
    fields = frontmatter.load(edited.path.read_text(encoding="utf-8")) or {}
    assert (fields["status"], fields["tags"], fields["turns"]) == ("done", ["auth"], [8, 10])


def _typo(text: str) -> str:
    return text.replace("\nstatus: open\n", "\nstatus: [done\n", 1) + "my note\n"


@pytest.mark.parametrize("commit", [True, False])
def test_a_typo_that_breaks_a_files_yaml_keeps_the_file_and_the_run(
    ingested: Ledger, commit: bool
) -> None:
    """`status: [done` (an unclosed list) once made every later ingest a traceback, with the
    run's other sessions lost: the file is the person's now, left as they wrote it."""
    edited = edit_then_grow(ingested, _typo, commit=commit)
    result = run_ingest(ingested.config, ingested.samples)
    assert edited.path.read_text(encoding="utf-8") == edited.text
    assert result.commit is not None  # the run went on: the rest of the session is committed
    dirty = git(ingested.root, "status", "--porcelain").strip()
    assert dirty == ("" if commit else f"M {edited.path.relative_to(ingested.root).as_posix()}")


def retitle(text: str) -> str:
    return text.replace("\ntitle: Add a smoke test", "\ntitle: Smoke-test logins", 1)


def test_a_file_whose_ledger_field_a_person_changed_is_left_alone(ingested: Ledger) -> None:
    edited = edit_then_grow(ingested, retitle, commit=True)
    result = ingest_cli(ingested.config, ingested.samples)
    assert edited.path.read_text(encoding="utf-8") == edited.text
    relative = edited.path.relative_to(ingested.root).as_posix()
    assert f"kept {relative}: a person edited what ledger owns" in result.stderr


def test_a_finding_ledger_drops_is_kept_when_a_person_edited_it(ingested: Ledger) -> None:
    """The open question closes the session; once the session grows it is no longer open."""
    folder = folder_of(ingested.root, JWT_ID)
    question = next(p for p in finding_files(folder) if p.name.startswith("question-"))
    text = question.read_text(encoding="utf-8").replace("status: open", "status: rejected", 1)
    question.write_text(text, encoding="utf-8")
    git(ingested.root, "commit", "--quiet", "--all", "--message", "not a question for us")
    append_turn(jwt_transcript(ingested.samples), NEW_TODO, "Noted.")
    run_ingest(ingested.config, ingested.samples)
    assert question.read_text(encoding="utf-8") == text


# 5. hostile titles --------------------------------------------------------------------------------

HOSTILE_TITLES = {
    "traversal": "../../etc/passwd",
    "windows-device": "CON",
    "very-long": "word " * 60,
    "emoji-only": "🔥🚀🎉",
    "empty": "",
    "separators-and-controls": "a/b\\c\x00d\x1b[31m\ne\tf",
    "dots": "..",
}


@pytest.mark.parametrize("title", HOSTILE_TITLES.values(), ids=HOSTILE_TITLES.keys())
def test_hostile_titles_stay_inside_sessions(title: str, fresh: Ledger) -> None:
    transcript = jwt_transcript(fresh.samples)
    set_title(transcript, title)
    result = run_ingest(fresh.config, transcript)
    sessions = (fresh.root / "sessions").resolve()
    written = [p for change in result.changes for p in change.paths]
    tracked = git(fresh.root, "ls-files").splitlines()
    assert written and set(written) <= set(tracked)
    pages = (fresh.root / "index").resolve()
    for relative in set(tracked) - {"ledger.yaml", ".gitignore", ".gitattributes", "index.md"}:
        where = (fresh.root / relative).resolve()
        assert where.is_relative_to(sessions) or where.is_relative_to(pages), relative
    [folder] = session_folders(fresh.root)
    assert FOLDER_NAME.fullmatch(folder.name), folder.name
    assert len(folder.name) <= 80
    assert sorted(p.name for p in fresh.root.parent.iterdir()) == ["ledger", "samples"]


def test_control_characters_in_a_title_leave_the_files_as_text(fresh: Ledger) -> None:
    transcript = jwt_transcript(fresh.samples)
    set_title(transcript, HOSTILE_TITLES["separators-and-controls"])
    run_ingest(fresh.config, transcript)
    [folder] = session_folders(fresh.root)
    for path in folder.iterdir():
        controls = set(re.findall(r"[\x00-\x08\x0b-\x1f\x7f]", path.read_text(encoding="utf-8")))
        assert controls == set(), path.name
    numstat = git(fresh.root, "diff", "--numstat", "HEAD~1", "HEAD").splitlines()
    assert [line for line in numstat if line.startswith("-\t-\t")] == []


# 6. awkward text round-trips ----------------------------------------------------------------------

AWKWARD = {
    "fence-line": "before\n---\nafter",
    "fence-only": "---",
    "frontmatter-lookalike": "---\nstatus: done\n---",
    "wikilinks": "see [[x]] and [[sessions/y|z]]",
    "templates": "{{ title }} and ${title} and $body and {%raw%}",
}


@pytest.mark.parametrize("body", AWKWARD.values(), ids=AWKWARD.keys())
def test_awkward_body_round_trips(body: str) -> None:
    session = read_transcript(jwt_transcript(SAMPLES))
    finding = replace(extract_findings(session)[0], body=body)
    text = to_markdown(finding, session)
    parts = frontmatter.split(text)
    assert parts is not None
    target = session_target(session)
    assert parts[1] == "\n" + finding_body(finding, session, target)
    assert body in parts[1]
    assert dict(frontmatter.load(text) or {}) == finding_fields(finding, session, target)


@pytest.mark.parametrize(
    "title", [" ".join(v.split()) for v in AWKWARD.values()], ids=AWKWARD.keys()
)
def test_awkward_title_round_trips(title: str) -> None:
    session = read_transcript(jwt_transcript(SAMPLES))
    finding = replace(extract_findings(session)[0], title=title)
    loaded = frontmatter.load(to_markdown(finding, session))
    assert loaded is not None and loaded["title"] == title


# 7. secrets ---------------------------------------------------------------------------------------

AWS_KEY_ID = "AKIAIOSFODNN7EXAMPLE"
GITHUB_TOKEN = "ghp_" + "k7Qm2XvR9tLp4Wz8Yb3Nc6Hd1Fj5Gs0Ae2Ui"
DB_PASSWORD = "Tr0ub4dor-and-3-horses"
DB_URL = f"postgres://deploy:{DB_PASSWORD}@db.internal:5432/acme"
PEM_BODY = "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw"
PEM = "-----BEGIN " + "RSA PRIVATE KEY-----\n" + PEM_BODY + "\n-----END " + "RSA PRIVATE KEY-----"
SECRETS = (AWS_KEY_ID, GITHUB_TOKEN, DB_PASSWORD, PEM_BODY)
EVERYTHING = f"{AWS_KEY_ID} and {GITHUB_TOKEN}, then {DB_URL}.\n\n{PEM}\n"


def plant_in_prompt(transcript: Path) -> None:
    append_turn(transcript, f"TODO: rotate {EVERYTHING}", "Will do right after the deploy.")


def plant_in_answer(transcript: Path) -> None:
    answer = f"The root cause was a leaked deploy config: {EVERYTHING}"
    append_turn(transcript, "What did you find in the deploy config?", answer)


def plant_in_command(transcript: Path) -> None:
    command = f"AWS_ACCESS_KEY_ID={AWS_KEY_ID} GH_TOKEN={GITHUB_TOKEN} psql {DB_URL} -c 'select 1'"
    set_tool_input(transcript, "Bash", "command", command)


def plant_in_file_path(transcript: Path) -> None:
    path = f"/home/dev/acme-api/keys/{AWS_KEY_ID}/{GITHUB_TOKEN}.pem"
    set_tool_input(transcript, "Edit", "file_path", path)


def plant_in_title(transcript: Path) -> None:
    set_title(transcript, f"Rotate {AWS_KEY_ID} and {GITHUB_TOKEN}")


PLANTS = [
    pytest.param(plant_in_prompt, id="prompt"),
    pytest.param(plant_in_answer, id="answer"),
    pytest.param(plant_in_command, id="command"),
    pytest.param(plant_in_file_path, id="file-path"),
    pytest.param(plant_in_title, id="title"),
]


@pytest.mark.parametrize("plant", PLANTS)
def test_no_planted_secret_reaches_the_ledger_or_its_history(
    plant: Callable[[Path], None], fresh: Ledger
) -> None:
    plant(jwt_transcript(fresh.samples))
    assert run_ingest(fresh.config, fresh.samples).commit
    files = {
        path: path.read_bytes()
        for path in fresh.root.rglob("*")
        if path.is_file() and ".git" not in path.relative_to(fresh.root).parts
    }
    history = git(fresh.root, "log", "-p", "--all")
    for secret in SECRETS:
        assert secret not in history
        assert [p for p, data in files.items() if secret.encode() in data] == []
    assert any(b"[REDACTED:" in data for data in files.values())


# 8. the lock --------------------------------------------------------------------------------------


def test_ingest_waits_while_another_run_holds_the_lock(fresh: Ledger) -> None:
    results: list[IngestResult] = []

    def second_run() -> None:
        results.append(run_ingest(fresh.config, fresh.samples))

    worker = threading.Thread(target=second_run, daemon=True)
    with locked(fresh.config.state):
        worker.start()
        worker.join(0.5)
        assert worker.is_alive(), "the run did not wait for the lock"
        assert not (fresh.root / "sessions").exists()
    worker.join(30)
    assert not worker.is_alive()
    assert results and results[0].commit == head(fresh.root)


def test_taking_a_held_lock_without_waiting_fails_clearly(tmp_path: Path) -> None:
    """Another thread (or process) is refused in one line; the thread holding the lock takes it
    again (a sync's ingest), and lets it go only when its outer hold ends."""
    refused: list[str] = []

    def other() -> None:
        try:
            with locked(tmp_path, wait=False):
                refused.append("")
        except LedgerError as error:
            refused.append(str(error))

    with locked(tmp_path):
        with locked(tmp_path, wait=False):
            pass
        worker = threading.Thread(target=other)
        worker.start()
        worker.join()
    assert refused and "another ledger run holds the lock" in refused[0]
    worker = threading.Thread(target=other)
    worker.start()
    worker.join()
    assert refused[1] == ""  # free again


def test_concurrent_ingests_serialise(fresh: Ledger, tmp_path: Path) -> None:
    args = ("ingest", "--ledger", str(fresh.root), "--source", str(fresh.samples), "--json")
    runs = [ledger_command(*args, cwd=tmp_path / "cwd") for _ in range(2)]
    outputs = [run.communicate(timeout=60) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
    summaries = [json.loads(out) for out, _ in outputs]
    assert sorted(s["sessions"]["new"] for s in summaries) == [0, len(SAMPLE_IDS)]
    folders = session_folders(fresh.root)
    assert sorted(fields_of(f / SESSION_FILE)["session_id"] for f in folders) == sorted(SAMPLE_IDS)
    assert sum(s.startswith("ledger: ingest ") for s in subjects(fresh.root)) == 1
    fsck = subprocess.run(["git", "fsck", "--full"], cwd=fresh.root, capture_output=True, text=True)
    assert fsck.returncode == 0 and not re.search(
        r"error|missing|broken", fsck.stdout + fsck.stderr
    )
    assert not (fresh.config.state / "pending").exists()
    assert status(fresh.root) == ""


# 9. a killed run ----------------------------------------------------------------------------------

COPIES = 40
"""Copies of the samples in the kill test: enough that writing them takes about a second."""


def _signalled_while_writing(
    config: Config, corpus: Path, written: int, sent: signal.Signals, cwd: Path
) -> tuple[subprocess.Popen[str], str]:
    """`ledger ingest` in a process of its own, sent `sent` once it has written `written`
    session records; the process, waited for, and what it said on stderr."""
    run = ledger_command("ingest", "--ledger", str(config.root), "--source", str(corpus), cwd=cwd)
    records = config.root / "sessions"
    deadline = time.monotonic() + 60
    while run.poll() is None and time.monotonic() < deadline:
        if records.is_dir() and len(list(records.glob(f"*/{SESSION_FILE}"))) >= written:
            break
        time.sleep(0.002)
    run.send_signal(sent)
    _, err = run.communicate(timeout=60)
    return run, err


@pytest.mark.parametrize("written", [COPIES // 2, COPIES + COPIES // 3])
def test_killed_ingest_reruns_to_the_same_tree(tmp_path: Path, written: int) -> None:
    """Killed while it writes, the next run does the work again to the tree of an uninterrupted
    run. The second kill falls among copies of a session whose decision each next copy replaces:
    a run that completed the cut one instead left a pair that did not say the same of each
    other (the earlier `Replaced by` the later, the later replacing nothing)."""
    corpus = clone_samples(tmp_path / "corpus", COPIES)
    reference = new_ledger(tmp_path / "reference")
    run_ingest(reference, corpus)
    config = new_ledger(tmp_path / "ledger")
    start = head(config.root)
    _signalled_while_writing(config, corpus, written, signal.SIGKILL, tmp_path / "cwd")
    records = config.root / "sessions"
    assert head(config.root) == start, "the run committed before it was killed: grow COPIES"
    assert list(records.glob(f"*/{SESSION_FILE}")), "the run was killed before writing anything"
    run_ingest(config, corpus)
    assert tree_id(config.root) == tree_id(reference.root)
    # a temp file of a write cut short is the subject of the next test
    assert [line for line in status(config.root).splitlines() if not line.endswith(".tmp")] == []
    assert not (config.state / "pending").exists()


def test_an_interrupted_ingest_leaves_the_ledger_as_it_was(tmp_path: Path) -> None:
    """Ctrl-C while it writes: the files written so far are removed at once (read commands
    never see half a run), and the run says so in one line. On a machine so busy that the run
    reached its commit first, it says that instead, and the ledger holds the whole run."""
    corpus = clone_samples(tmp_path / "corpus", 2 * COPIES)
    config = new_ledger(tmp_path / "ledger")
    start = head(config.root)
    run, err = _signalled_while_writing(config, corpus, 1, signal.SIGINT, tmp_path / "cwd")
    records = config.root / "sessions"
    assert "Traceback" not in err and not (config.state / "pending").exists()
    assert status(config.root) == ""
    if head(config.root) != start:
        assert "interrupted after its commit" in err or run.returncode == 0
        return
    assert run.returncode == 1
    assert "interrupted: the ledger is back at its last commit" in err
    assert not list(records.glob(f"*/{SESSION_FILE}"))


def test_a_run_cut_short_after_its_derived_pages_is_done_again(
    ingested: Ledger, tmp_path: Path
) -> None:
    """Killed after writing findings and derived pages, before its commit: the next run puts
    back what the last commit holds and ingests again (the pages are local, never committed),
    and the ledger is as an uninterrupted run leaves it."""
    complete = tree_id(ingested.root)
    written = git(ingested.root, "show", "--name-only", "--format=", "HEAD").split()
    assert "index.md" not in written and (ingested.root / "index.md").is_file()
    git(ingested.root, "reset", "--quiet", "--soft", "HEAD~1")
    git(ingested.root, "reset", "--quiet")
    sessions = [p for p in written if p.startswith("sessions/")]
    (ingested.config.state / "pending").write_text("".join(f"{p}\n" for p in sessions))

    run_ingest(ingested.config, ingested.samples)

    assert tree_id(ingested.root) == complete
    assert status(ingested.root) == ""


def test_a_temp_file_left_by_a_killed_write_does_not_dirty_the_ledger(ingested: Ledger) -> None:
    folder = folder_of(ingested.root, JWT_ID)
    (folder / f".{SMOKE_TODO}.k1ll3d00.tmp").write_text("---\nid: half a fi", encoding="utf-8")
    run_ingest(ingested.config, ingested.samples)
    assert status(ingested.root) == ""


# 10. the shared corpus ----------------------------------------------------------------------------


needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS}")


class Corpus(NamedTuple):
    config: Config
    result: Result


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    """The whole shared corpus ingested through the CLI into a fresh ledger."""
    config = new_ledger(tmp_path_factory.mktemp("corpus") / "ledger")
    return Corpus(config, ingest_cli(config, CORPUS, "--json", "--verbose"))


@needs_corpus
def test_corpus_every_session_gets_a_folder_with_its_record(corpus: Corpus) -> None:
    assert json.loads(corpus.result.stdout)["sessions"]["new"] == len(CORPUS_SESSIONS)
    assert session_ids(corpus.config.root) == {f.session_id for f in CORPUS_SESSIONS.values()}


@needs_corpus
def test_corpus_ghost_sessions_have_no_findings(corpus: Corpus) -> None:
    folders = session_folders(corpus.config.root)
    ghosts = [f for f in folders if fields_of(f / SESSION_FILE)["ghost"] == "true"]
    assert ghosts
    assert [f.name for f in ghosts if finding_files(f)] == []


@needs_corpus
def test_corpus_skipped_files_are_reported(corpus: Corpus) -> None:
    assert json.loads(corpus.result.stdout)["sessions"]["skipped"] == len(CORPUS_SKIPPED)
    assert f"skipped {len(CORPUS_SKIPPED)} files" in corpus.result.stderr
    for name in CORPUS_SKIPPED:
        assert name in corpus.result.stderr


@needs_corpus
def test_corpus_ledger_is_clean_afterwards(corpus: Corpus) -> None:
    assert status(corpus.config.root) == ""


@needs_corpus
def test_corpus_finding_ids_are_unique(corpus: Corpus) -> None:
    folders = session_folders(corpus.config.root)
    ids = [fields_of(p)["id"] for f in folders for p in finding_files(f)]
    assert ids and len(ids) == len(set(ids))


# 11. a ledger inside a project --------------------------------------------------------------------


def test_ledger_in_a_project_leaves_the_users_changes_alone(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "src").mkdir(parents=True)
    (project / "README.md").write_text("# project\n")
    (project / "src" / "app.py").write_text("print('v1')\n")
    git(project, "init", "--quiet")
    git(project, "add", ".")
    git(project, "commit", "--quiet", "--message", "start")
    base = head(project)
    (project / "src" / "app.py").write_text("print('v2')\n")
    (project / "src" / "new.py").write_text("NEW = True\n")
    git(project, "add", "src")
    (project / "README.md").write_text("# project\n\nunstaged words\n")
    (project / "notes.txt").write_text("untracked\n")
    before = (git(project, "diff", "--cached"), git(project, "diff"), status(project))
    samples = copy_samples(tmp_path / "samples")

    ledger = project / "docs" / "ledger"
    assert cli("init", ledger).exit_code == 0
    assert cli("ingest", "--ledger", ledger, "--source", samples).exit_code == 0

    assert (git(project, "diff", "--cached"), git(project, "diff"), status(project)) == before
    ours = git(project, "rev-list", f"{base}..HEAD").split()
    assert len(ours) == 2, "ledger: init, then one ingest"
    for commit in ours:
        for path in git(project, "show", "--name-only", "--format=", commit).split():
            assert path.startswith("docs/ledger/"), (commit, path)


def test_a_ledger_in_a_folder_the_project_ignores_is_a_repo_of_its_own(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / ".gitignore").write_text("scratch/\n")
    git(project, "init", "--quiet")
    git(project, "add", ".")
    git(project, "commit", "--quiet", "--message", "start")
    base = head(project)

    ledger = project / "scratch" / "ledger"
    assert cli("init", ledger).exit_code == 0

    assert head(project) == base, "the project's history is untouched"
    assert status(project) == ""
    assert git(ledger, "rev-parse", "--show-toplevel").strip() == str(ledger.resolve())
    assert git(ledger, "log", "--format=%s").strip() == "ledger: init"


# 12. options --------------------------------------------------------------------------------------


def test_dry_run_writes_nothing(fresh: Ledger) -> None:
    before = (head(fresh.root), ledger_files(fresh.root))
    result = ingest_cli(fresh.config, fresh.samples, "--dry-run")
    assert "nothing was written" in result.stdout
    assert (head(fresh.root), ledger_files(fresh.root)) == before
    assert not (fresh.root / "sessions").exists()
    assert status(fresh.root) == ""


SELECTIONS = {
    "session-prefix": (["--session", "4f35"], {JWT_ID}),
    "session-prefix-two": (["--session", "01a"], {CODEX_RATE_ID, CODEX_LINT_ID}),
    "project": (["--project", "/home/dev/acme-api"], set(SAMPLE_IDS)),
    "project-parent": (["--project", "/home/dev"], set(SAMPLE_IDS)),
    "project-name-prefix": (["--project", "/home/dev/acme"], set()),
    "project-subfolder": (["--project", "/home/dev/acme-api/src"], set()),
    "since": (["--since", "2026-11-21"], {JWT_ID, GHOST_ID, CODEX_LINT_ID}),
    "max-sessions": (["--max-sessions", "2"], {GHOST_ID, CODEX_LINT_ID}),
    "max-sessions-zero": (["--max-sessions", "0"], set()),
}


@pytest.mark.parametrize(("args", "wanted"), SELECTIONS.values(), ids=SELECTIONS.keys())
def test_selection_options(args: list[str], wanted: set[str], fresh: Ledger) -> None:
    summary = json.loads(ingest_cli(fresh.config, fresh.samples, *args, "--json").stdout)
    assert session_ids(fresh.root) == wanted
    assert summary["sessions"]["new"] == len(wanted)
    assert summary["sessions"]["filtered"] == len(SAMPLE_IDS) - len(wanted)


def test_since_counts_every_session_it_leaves_out(fresh: Ledger) -> None:
    before_since = datetime(2026, 11, 20, 23, tzinfo=timezone.utc).timestamp()
    for session_id in (CACHE_ID, CODEX_RATE_ID):  # sessions of the 19th and 20th, written then
        os.utime(next(fresh.samples.rglob(f"*{session_id}.jsonl")), (before_since, before_since))
    result = ingest_cli(fresh.config, fresh.samples, "--since", "2026-11-21", "--json")
    assert session_ids(fresh.root) == {JWT_ID, GHOST_ID, CODEX_LINT_ID}
    assert json.loads(result.stdout)["sessions"]["filtered"] == 2


def test_json_summary_has_exactly_the_promised_keys(fresh: Ledger) -> None:
    summary = json.loads(ingest_cli(fresh.config, fresh.samples, "--json").stdout)
    assert set(summary) == {
        "dry_run", "sessions", "private", "findings", "kept_human_edits", "commit", "extractors",
        "seconds",
    }  # fmt: skip
    assert set(summary["sessions"]) == {"new", "updated", "unchanged", "filtered", "skipped"}
    assert set(summary["findings"]) == {"added", "changed", "removed"}
    files = [p for f in session_folders(fresh.root) for p in finding_files(f)]
    assert summary["sessions"]["new"] == len(SAMPLE_IDS)
    assert summary["findings"]["added"] == len(files)
    assert summary["commit"] == head(fresh.root)
    assert isinstance(summary["seconds"], float)


def test_a_run_that_changes_nothing_reports_no_commit(ingested: Ledger) -> None:
    summary = json.loads(ingest_cli(ingested.config, ingested.samples, "--json").stdout)
    assert summary["commit"] is None
    assert summary["sessions"]["unchanged"] == len(SAMPLE_IDS)
    printed = ingest_cli(ingested.config, ingested.samples).stdout
    assert "no commit" in printed and "Committed" not in printed
