"""What is current, end to end: a `--no-llm` ingest of a project whose later session reverses an
earlier decision, the brief and the index after it, people's triage and people's edits."""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from ledger_fixtures import fields_of, folder_of, git, new_ledger, run_ingest, subjects
from lifecycle_fixtures import FIRST_ID, SECOND_ID, drafts_project
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.config import Config
from ledger.errors import LedgerError
from ledger.index.build import update_index
from ledger.ingest.triage import reopen, resolve, supersede
from ledger.search.check import check_ledger
from ledger.search.context import build_context, context_brief

runner = CliRunner()


@pytest.fixture
def drafts(tmp_path: Path) -> tuple[Config, Path]:
    source = drafts_project(tmp_path / "source")
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, source, llm=False)
    return config, source


def _one(folder: Path, prefix: str) -> Path:
    (found,) = folder.glob(f"{prefix}*.md")
    return found


def _brief(config: Config) -> str:
    return build_context(config.root, config.state, None, 1500)


def test_a_later_reversal_supersedes_the_decision_and_the_brief_names_only_the_new_one(
    drafts: tuple[Config, Path],
) -> None:
    config, _ = drafts
    first, second = folder_of(config.root, FIRST_ID), folder_of(config.root, SECOND_ID)
    old, new = _one(first, "decision-"), _one(second, "decision-")
    old_fields, new_fields = fields_of(old), fields_of(new)
    assert old_fields["status"] == "superseded"
    assert new_fields["id"].strip('"') in old.read_text().split("superseded_by:")[1]
    assert old_fields["id"] in new.read_text().split("supersedes:")[1]
    assert "Replaced by [[" in old.read_text() and "in session [[" in old.read_text()
    brief = context_brief(config.root, config.state, None, 1500)
    decisions = dict(brief.sections)["Current decisions"]
    assert [d.id for d in decisions] == [new_fields["id"].strip('"')]
    assert old_fields["title"] not in _brief(config)
    assert subjects(config.root)[0].startswith("ledger: ingest 2 sessions")  # one commit
    assert check_ledger(config.root, config.state).ok


def test_the_todo_is_done_and_the_question_answered(drafts: tuple[Config, Path]) -> None:
    config, _ = drafts
    first = folder_of(config.root, FIRST_ID)
    todo, question = _one(first, "todo-"), _one(first, "question-")
    assert fields_of(todo)["status"] == "done"
    assert "Done in session [[" in todo.read_text() and "(turn 2:" in todo.read_text()
    assert fields_of(question)["status"] == "answered"
    answer = _one(folder_of(config.root, SECOND_ID), "insight-")
    assert fields_of(answer)["id"] in question.read_text().split("references:")[1]
    brief = _brief(config)
    assert "Open todos" not in brief and "Open questions" not in brief


def test_one_run_and_two_runs_give_the_same_ledger(tmp_path: Path) -> None:
    source = drafts_project(tmp_path / "source")
    together = new_ledger(tmp_path / "together")
    run_ingest(together, source, llm=False)
    apart = new_ledger(tmp_path / "apart")
    run_ingest(apart, source, llm=False, session=FIRST_ID[:8])
    run_ingest(apart, source, llm=False)
    for config in (together, apart):
        assert not run_ingest(config, source, llm=False).changes  # settled: nothing moves

    def files(config: Config) -> dict[str, bytes]:
        found = sorted((config.root / "sessions").rglob("*.md"))
        return {p.relative_to(config.root).as_posix(): p.read_bytes() for p in found}

    assert files(together) == files(apart)


def test_index_strikes_the_superseded_decision_through_and_grep_current_agrees(
    drafts: tuple[Config, Path],
) -> None:
    config, _ = drafts
    home = (config.root / "index.md").read_text()
    old = fields_of(_one(folder_of(config.root, FIRST_ID), "decision-"))["title"]
    struck = next(line for line in home.splitlines() if old in line)
    assert struck.count("~~") == 2 and "superseded → [[" in struck
    done = runner.invoke(
        app, ["grep", "drafts", "--current", "--json", "--ledger", str(config.root)]
    )
    listed = {m["id"] for m in json.loads(done.output)}
    brief = context_brief(config.root, config.state, None, 4000)
    current = {i.id for name, items in brief.sections if name != "Recent sessions" for i in items}
    assert current <= listed
    assert not any(
        m["status"] in ("superseded", "done", "answered") for m in json.loads(done.output)
    )


def test_triage_commands_make_one_commit_each(drafts: tuple[Config, Path]) -> None:
    config, _ = drafts
    second = folder_of(config.root, SECOND_ID)
    new = fields_of(_one(second, "decision-"))["id"].strip('"')
    old = fields_of(_one(folder_of(config.root, FIRST_ID), "decision-"))["id"]
    before = len(subjects(config.root))
    reopened = reopen(config, old[:6])
    assert (reopened.old_status, reopened.new_status) == ("superseded", "open")
    assert new not in (config.root / reopened.path).read_text().split("superseded_by:")[1]
    assert old[:6] in _brief(config)
    dropped = resolve(config, old, "dropped", note="we keep drafts on the server")
    assert "· Dropped: we keep drafts on the server" in (config.root / dropped.path).read_text()
    reopen(config, old)
    replaced = supersede(config, old, new)
    assert (replaced.new_status, replaced.by) == ("superseded", new)
    assert len(subjects(config.root)) == before + 4
    assert subjects(config.root)[:2] == [
        f"ledger: supersede {old} by {new}",
        f"ledger: reopen {old}",
    ]
    assert git(config.root, "status", "--porcelain", "sessions") == ""
    assert check_ledger(config.root, config.state).ok


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda c, old, new: resolve(c, old, "done"), "a decision cannot be done"),
        (lambda c, old, new: resolve(c, old, "dropped"), "is already superseded"),
        (lambda c, old, new: supersede(c, new, new), "cannot supersede itself"),
        (lambda c, old, new: reopen(c, new), "is already"),
        (lambda c, old, new: resolve(c, "0000000000", "done"), "no finding '0000000000'"),
        (lambda c, old, new: resolve(c, "ab", "done"), "too short"),
    ],
)
def test_impossible_triage_is_refused_with_one_line(
    drafts: tuple[Config, Path], call: Callable[[Config, str, str], object], message: str
) -> None:
    config, _ = drafts
    old = fields_of(_one(folder_of(config.root, FIRST_ID), "decision-"))["id"]
    new = fields_of(_one(folder_of(config.root, SECOND_ID), "decision-"))["id"].strip('"')
    before = subjects(config.root)
    with pytest.raises(LedgerError, match=message) as raised:
        call(config, old, new)
    assert "\n" not in str(raised.value)
    assert subjects(config.root) == before


def test_triage_sees_a_status_a_person_changed_in_place(drafts: tuple[Config, Path]) -> None:
    """The index finds the finding; its file says what holds now, even when an editor saved it
    in place (the folder's stamp unmoved, so the index has not seen the edit)."""
    config, _ = drafts
    update_index(config.root, config.state)
    todo = _one(folder_of(config.root, FIRST_ID), "todo-")
    stamp = todo.parent.stat()
    with todo.open("r+", encoding="utf-8") as handle:  # in place: same inode, same folder
        text = handle.read().replace("status: done", "status: dropped")
        handle.seek(0)
        handle.write(text)
        handle.truncate()
    os.utime(todo.parent, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    with pytest.raises(LedgerError, match="dropped"):
        resolve(config, fields_of(todo)["id"], "done")  # the index still says done


def test_triage_cli_json_and_refusal(drafts: tuple[Config, Path]) -> None:
    config, _ = drafts
    todo = fields_of(_one(folder_of(config.root, FIRST_ID), "todo-"))["id"]
    at = ["--ledger", str(config.root)]
    done = runner.invoke(app, ["reopen", todo, "--json", *at])
    assert done.exit_code == 0, done.output
    shown = json.loads(done.output)
    assert (shown["id"], shown["old_status"], shown["new_status"]) == (todo, "done", "open")
    assert shown["commit"] and shown["kind"] == "todo"
    again = runner.invoke(app, ["resolve", todo, "--as", "answered", *at])
    assert again.exit_code == 1


def test_a_hand_retitled_finding_passes_check_and_survives_reingest(
    drafts: tuple[Config, Path], tmp_path: Path
) -> None:
    config, source = drafts
    new = _one(folder_of(config.root, SECOND_ID), "decision-")
    text = new.read_text()
    title = fields_of(new)["title"]
    edited = text.replace(title, "Keep drafts server-side behind POST /api/drafts")
    new.write_text(edited)
    git(config.root, "commit", "-qam", "retitle a decision")
    problems = check_ledger(config.root, config.state).problems
    assert [p for p in problems if p.rule != "index"] == []  # derived pages wait for an index
    grown = tmp_path / "grown"
    shutil.copytree(source, grown)
    (transcript,) = grown.rglob(f"{SECOND_ID}.jsonl")
    with transcript.open("a") as handle:  # the session grows: it is extracted again
        handle.write(transcript.read_text().splitlines()[-1].replace("msg_a23", "msg_a24") + "\n")
    result = run_ingest(config, grown, llm=False)
    assert new.read_text() == edited
    assert [k for c in result.changes for k in c.kept if k.endswith(new.name)], result
    assert "Keep drafts server-side" in _brief(config)


def test_the_llm_sees_earlier_sessions_of_the_same_run_and_its_supersedes_is_current(
    tmp_path: Path,
) -> None:
    from fake_messages import fake_messages_server, user_text, window_answer
    from llm_fixtures import llm_ledger, run

    source = drafts_project(tmp_path / "source")
    seen: list[str] = []

    def answer(request: dict[str, object]) -> dict[str, object]:
        text = user_text(request)  # type: ignore[arg-type]
        reply = window_answer(request)  # type: ignore[arg-type]
        listed = re.search(r"^- ([0-9a-f]{12}) decision: We will keep drafts", text, re.M)
        if listed:
            seen.append(listed.group(1))
            reply["findings"][0]["supersedes"] = [listed.group(1)]
        return reply

    with fake_messages_server() as fake:
        fake.responder = answer
        config = llm_ledger(tmp_path / "ledger", fake)
        run(config, source)  # both sessions in one run
    old = _one(folder_of(config.root, FIRST_ID), "decision-we-will")
    assert seen == [fields_of(old)["id"]]  # listed to the second session only
    assert fields_of(old)["status"] == "superseded"
    brief = context_brief(config.root, config.state, None, 4000)
    titles = [i.title for i in dict(brief.sections)["Current decisions"]]
    assert not any("We will keep drafts" in t for t in titles)
    assert len(titles) == len(set(titles))
    assert check_ledger(config.root, config.state).ok
