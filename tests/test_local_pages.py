"""Derived pages are local (issue 14, point 1) and a session's committed files depend only on
its transcript (point 2): what a ledger repo shared by a team relies on."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ledger.index.build import index_ledger
from ledger.search.turns import transcript_of
from ledger.store import git_guard
from ledger.store.local_pages import OLD_MERGE_RULES, REPO_HOOKS
from tests.ledger_fixtures import (
    JWT_ID,
    copy_samples,
    folder_of,
    git,
    new_ledger,
    run_ingest,
    subjects,
)


def _tracked(root: Path, *paths: str) -> list[str]:
    return git(root, "ls-files", "--", *paths).split()


def test_a_new_ledger_never_commits_its_pages(tmp_path: Path) -> None:
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, copy_samples(tmp_path / "samples"))
    root = config.root
    assert (root / "index.md").is_file() and (root / "index" / "todos.md").is_file()
    assert _tracked(root, "index.md", "index") == []
    assert not (root / ".gitattributes").exists()
    assert git(root, "status", "--porcelain") == ""
    hooks = root / ".git" / "hooks"
    assert all("ledger-index" in (hooks / name).read_text() for name in REPO_HOOKS)


def _an_older_ledger(tmp_path: Path) -> Path:
    """A ledger as ledger wrote it before pages were local: pages committed, union-merged."""
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, copy_samples(tmp_path / "samples"))
    root = config.root
    ignore = root / ".gitignore"
    ignore.write_text(ignore.read_text().split("# derived pages")[0])
    (root / ".gitattributes").write_text("*.png binary\n" + OLD_MERGE_RULES)
    git(root, "add", "-f", ".gitignore", ".gitattributes", "index.md", "index")
    git(root, "commit", "-q", "-m", "pages committed, as older ledgers did")
    return root


def test_an_older_ledger_stops_tracking_its_pages_in_one_commit(tmp_path: Path) -> None:
    root = _an_older_ledger(tmp_path)
    pages = len(_tracked(root, "index.md", "index"))
    before = len(subjects(root))

    result = run_ingest(new_ledger(root), tmp_path / "samples")

    assert result.untracked is not None and result.untracked.files == pages > 10
    assert len(subjects(root)) == before + 1
    assert subjects(root)[0].startswith("ledger: derived pages are local")
    assert _tracked(root, "index.md", "index") == []
    assert (root / "index.md").is_file(), "the pages stay on disk for Obsidian"
    assert (root / ".gitattributes").read_text() == "*.png binary\n", "a person's rule is kept"
    assert git(root, "status", "--porcelain") == ""
    assert run_ingest(new_ledger(root), tmp_path / "samples").untracked is None


def test_ledger_index_also_stops_tracking_them(tmp_path: Path) -> None:
    root = _an_older_ledger(tmp_path)
    run = index_ledger(root, root / ".ledger", None)
    assert run.untracked is not None and run.commit == git(root, "rev-parse", "HEAD").strip()
    assert _tracked(root, "index.md", "index") == []


def test_a_large_index_is_split_in_a_ledgers_own_repo_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(git_guard, "SPLIT_INDEX_BYTES", 1)
    samples = copy_samples(tmp_path / "samples")
    own, kept = new_ledger(tmp_path / "own"), new_ledger(tmp_path / "kept")
    git(kept.root, "config", "core.splitIndex", "false")  # the person's own setting
    project = tmp_path / "project"
    git(tmp_path, "init", "-q", str(project))
    inside = new_ledger(project / "docs" / "ledger")
    for config in (own, kept, inside):
        run_ingest(config, samples)

    assert git(own.root, "config", "core.splitIndex").strip() == "true"
    assert list((own.root / ".git").glob("sharedindex.*")), "git wrote a shared index"
    assert git(kept.root, "config", "core.splitIndex").strip() == "false"
    assert git(project, "config", "--get", "--default=unset", "core.splitIndex") == "unset\n"
    for repo in (own.root, kept.root, project):
        assert git(repo, "status", "--porcelain") == ""


def test_hooks_rebuild_the_pages_after_a_merge_and_a_checkout(tmp_path: Path) -> None:
    config = new_ledger(tmp_path / "ledger")
    root = config.root
    samples = copy_samples(tmp_path / "samples")
    jwt = next(samples.rglob(f"{JWT_ID}.jsonl"))
    other = tmp_path / "later"
    other.mkdir()
    shutil.move(jwt, other / jwt.name)
    run_ingest(config, samples)
    main = git(root, "branch", "--show-current").strip()
    git(root, "checkout", "-q", "-b", "side")
    run_ingest(config, other)
    assert "Fix JWT expiry" in (root / "index.md").read_text()

    git(root, "checkout", "-q", main)  # post-checkout
    assert "Fix JWT expiry" not in (root / "index.md").read_text()
    git(root, "merge", "-q", "--no-edit", "side")  # post-merge (a fast-forward)
    assert "Fix JWT expiry" in (root / "index.md").read_text()
    assert git(root, "status", "--porcelain") == ""


def test_the_same_transcript_anywhere_gives_the_same_files(tmp_path: Path) -> None:
    """Two machines, the transcripts at different places: the same committed `sessions/`."""
    trees = []
    for name in ("alice", "bob"):
        config = new_ledger(tmp_path / name / "ledger")
        samples = copy_samples(tmp_path / name / "transcripts" / "somewhere")
        run_ingest(config, samples)
        trees.append(git(config.root, "rev-parse", "HEAD:sessions").strip())
        record = (folder_of(config.root, JWT_ID) / "_session.md").read_text()
        assert "\nsource:" not in record and "\ncommits:" not in record
        found = transcript_of(config.root, JWT_ID[:8])
        assert found == next(samples.rglob(f"{JWT_ID}.jsonl")), "a local fact, kept in .ledger/"
    assert trees[0] == trees[1]
