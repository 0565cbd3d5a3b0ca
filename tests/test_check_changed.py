"""Review in pull requests (issue 14, point 7): a pull request for one session shows only that
session's files, and `ledger check --changed-since REF` checks what it changed and the files
that link into it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from ledger.errors import LedgerError
from ledger.index.entries import refresh, saved_files_naming
from ledger.search.check import check_changed
from ledger.store import git as git_store
from tests.ledger_fixtures import (
    CACHE_ID,
    JWT_ID,
    copy_samples,
    fields_of,
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


def test_files_touched_but_not_changed_are_not_part_of_the_change(pull_request: Path) -> None:
    """After a copy of the ledger, or a `touch` of every file, git's index no longer vouches
    for their stat: their content says they did not change."""
    before = check_changed(pull_request, pull_request / ".ledger", "main")
    for path in (pull_request / "sessions").rglob("*.md"):
        os.utime(path, ns=(1_700_000_000_000_000_000, 1_700_000_000_000_000_000))
    assert check_changed(pull_request, pull_request / ".ledger", "main") == before


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


def _edit(path: Path, key: str, value: str) -> None:
    """Set a frontmatter line `key: …` of a finding (a person's edit, in place)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(n for n, line in enumerate(lines) if line.startswith(f"{key}:"))
    end = next(n for n in range(at + 1, len(lines)) if not lines[n].startswith("  "))
    lines[at:end] = [f"{key}: {value}"]
    path.write_text("\n".join(lines), encoding="utf-8")


def _findings(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.md") if p.name != "_session.md")


@pytest.fixture(params=["index", "no index"])
def how(request: pytest.FixtureRequest) -> str:
    """Whether the check finds what links into a change from a current index, or by `git grep`
    (a CI runner's fresh clone has no `.ledger/`)."""
    return str(request.param)


def _checked(root: Path, since: str, how: str) -> set[tuple[str, str]]:
    state = root / ".ledger"
    if how == "index":
        refresh(root, state)
        assert saved_files_naming(root, state, {"x"}) is not None, "the index is current"
    else:
        shutil.rmtree(state / "index", ignore_errors=True)
    result = check_changed(root, state, since)
    return {(p.path, p.message) for p in result.problems}


def test_a_finding_that_supersedes_one_not_changed_is_checked_against_it(
    pull_request: Path, how: str
) -> None:
    old = _findings(folder_of(pull_request, CACHE_ID))[0]
    new = _findings(folder_of(pull_request, JWT_ID))[0]
    _edit(new, "supersedes", f'["{fields_of(old)["id"]}"]')  # and `old` does not say so
    problems = _checked(pull_request, "main", how)
    path = new.relative_to(pull_request).as_posix()
    assert any(p == path and "superseded_by` does not name this one" in m for p, m in problems)


def test_a_finding_not_changed_that_names_a_changed_one_is_checked(
    pull_request: Path, how: str
) -> None:
    older, newer = _findings(folder_of(pull_request, CACHE_ID))[:2]
    _edit(newer, "supersedes", f'["{fields_of(older)["id"]}"]')
    _edit(older, "superseded_by", f'["{fields_of(newer)["id"]}"]')
    _edit(older, "status", "superseded")
    git(pull_request, "commit", "-q", "-am", "a chain, as ledger records one")
    assert not _checked(pull_request, "HEAD", how)
    _edit(older, "superseded_by", "[]")  # the change: `newer` still names it
    problems = _checked(pull_request, "HEAD", how)
    assert {p for p, _ in problems} == {newer.relative_to(pull_request).as_posix()}


def test_a_new_finding_with_the_id_of_another_is_a_duplicate(pull_request: Path, how: str) -> None:
    old = _findings(folder_of(pull_request, CACHE_ID))[0]
    copy = folder_of(pull_request, JWT_ID) / "copied.md"
    text = old.read_text(encoding="utf-8")
    copy.write_text(text.replace(old.parent.name, copy.parent.name), encoding="utf-8")
    git(pull_request, "add", str(copy))
    problems = _checked(pull_request, "main", how)
    assert (
        copy.relative_to(pull_request).as_posix(),
        f"`id` {fields_of(old)['id']} is also the id of {old.relative_to(pull_request).as_posix()}",
    ) in problems


@pytest.mark.parametrize("most", [1_000, 2])
def test_files_naming_words_finds_them_as_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, most: int
) -> None:
    """The words are looked for as they are written, however many are asked for at once: none
    is read as a regular expression."""
    monkeypatch.setattr(git_store, "ALTERNATIVES", most)
    words = [
        "a.b",
        "x+y",
        "(p)",
        "[q]",
        "back\\slash",
        "$end",
        "^start",
        "c|d",
        "{2}",
        "0123abcd4567",
    ]
    repo = tmp_path / "repo"
    git(tmp_path, "init", "-q", str(repo))
    for n, word in enumerate(words):
        folder = repo / "sessions" / f"s{n}"
        folder.mkdir(parents=True)
        (folder / "holds.md").write_text(f"text with {word} in it\n")
        (folder / "decoy.md").write_text("axb xxy p q backslash end start c d 0123abcd456\n")
    git(repo, "add", "-A")
    found = git_store.files_naming(repo, [*words, "", "two\nlines"])
    assert found == {f"sessions/s{n}/holds.md" for n in range(len(words))}
    assert git_store.files_naming(repo, []) == set()


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
