"""Review in pull requests (issue 14, point 7): a pull request for one session shows only that
session's files, and `ledger check --changed-since REF` checks what it changed and the files
that link into it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ledger.errors import LedgerError
from ledger.search.check import check_changed
from tests.ledger_fixtures import (
    CACHE_ID,
    JWT_ID,
    copy_samples,
    folder_of,
    git,
    new_ledger,
    run_ingest,
)


@pytest.fixture
def pull_request(tmp_path: Path) -> Path:
    """A ledger of the samples but one on `main`, and a branch `pr` that ingests that one."""
    samples = copy_samples(tmp_path / "samples")
    later = tmp_path / "later"
    later.mkdir()
    jwt = next(samples.rglob(f"{JWT_ID}.jsonl"))
    shutil.move(jwt, later / jwt.name)
    shutil.move(jwt.with_suffix(""), later / JWT_ID)  # its sub-agents
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, samples)
    git(config.root, "branch", "-M", "main")
    git(config.root, "checkout", "-q", "-b", "pr")
    run_ingest(config, later)
    return config.root


def test_a_pull_request_for_one_session_shows_only_its_files(pull_request: Path) -> None:
    changed = git(pull_request, "diff", "--name-only", "main...pr").split()
    folder = folder_of(pull_request, JWT_ID).relative_to(pull_request).as_posix()
    assert changed and all(path.startswith(folder + "/") for path in changed)


def test_it_checks_what_changed_and_passes(pull_request: Path) -> None:
    result = check_changed(pull_request, pull_request / ".ledger", "main")
    folder = folder_of(pull_request, JWT_ID)
    assert result.ok, result.problems
    assert result.files == len(list(folder.glob("*.md")))


def test_it_reports_problems_in_changed_files_only(pull_request: Path) -> None:
    untouched = next(folder_of(pull_request, CACHE_ID).glob("*.md"))
    untouched.write_text(untouched.read_text() + "\n<<<<<<< HEAD\n")
    git(pull_request, "commit", "-q", "-am", "a slip committed before")
    changed = next(folder_of(pull_request, JWT_ID).glob("todo-*.md"))
    changed.write_text(changed.read_text() + "\n<<<<<<< HEAD\n")  # not committed yet
    staged = next(folder_of(pull_request, JWT_ID).glob("decision-*.md"))
    staged.write_text(staged.read_text() + "\n<<<<<<< HEAD\n")
    git(pull_request, "add", str(staged))  # staged, not committed
    result = check_changed(pull_request, pull_request / ".ledger", "HEAD")
    assert {(p.path, p.rule) for p in result.problems} == {
        (changed.relative_to(pull_request).as_posix(), "conflict"),
        (staged.relative_to(pull_request).as_posix(), "conflict"),
    }


def test_a_file_that_links_to_a_removed_one_is_checked(pull_request: Path) -> None:
    git(pull_request, "checkout", "-q", "main")
    record = folder_of(pull_request, CACHE_ID) / "_session.md"
    finding = next(p for p in record.parent.glob("*.md") if p != record)
    git(pull_request, "checkout", "-q", "-b", "removal")
    finding.unlink()
    git(pull_request, "commit", "-q", "-am", "a finding removed")
    result = check_changed(pull_request, pull_request / ".ledger", "main")
    target = finding.relative_to(pull_request).as_posix()[:-3]
    assert any(
        p.path == record.relative_to(pull_request).as_posix() and target in p.message
        for p in result.problems
    ), result.problems


def test_an_unknown_ref_is_one_line(pull_request: Path) -> None:
    with pytest.raises(LedgerError, match="no commit 'origin/nothing'"):
        check_changed(pull_request, pull_request / ".ledger", "origin/nothing")


def test_the_workflow_template_runs_the_check_of_a_pull_request(pull_request: Path) -> None:
    from ruamel.yaml import YAML

    from tests.ledger_fixtures import REPO, ledger_command

    workflow = YAML(typ="safe").load(
        (REPO / "templates" / "github" / "ledger-check.yml").read_text()
    )
    steps = {step.get("name"): step for step in workflow["jobs"]["check"]["steps"]}
    command = steps["Check what the pull request changed"]["run"]
    assert command.startswith("ledger check --changed-since ")
    base = '"origin/${{ github.base_ref }}"'  # what GitHub fills in; here the branch is main
    assert command.endswith(base)
    args = [*command.removesuffix(base).split()[1:], "main", "--ledger", str(pull_request)]
    done = ledger_command(*args, cwd=pull_request.parent / "cwd")
    out, err = done.communicate(timeout=120)
    assert done.returncode == 0, out + err
    assert "files checked: no problems" in out
