"""The `ledger-check` hook of `.pre-commit-hooks.yaml`, run by pre-commit itself on a ledger."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ledger_fixtures import GIT_ENV, SAMPLES, new_ledger, run_ingest

REPO = Path(__file__).resolve().parents[1]
PRE_COMMIT = Path(sys.executable).parent / "pre-commit"
OFFLINE = (
    "No matching distribution",
    "Could not find a version",
    "Failed to establish a new connection",
    "Temporary failure in name resolution",
    "Network is unreachable",
)
"""What pip says when it cannot reach a package index: pre-commit installs the hook with pip."""

pytestmark = pytest.mark.skipif(not PRE_COMMIT.exists(), reason="pre-commit is not installed")


@pytest.fixture(scope="module")
def snapshot_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The working tree as one commit of a repo of its own: what `try-repo` clones."""
    repo = tmp_path_factory.mktemp("snapshot") / "ledger"
    junk = (".venv", ".git", "__pycache__", "*.egg-info", "*_cache", ".data", "build", "dist")
    shutil.copytree(REPO, repo, symlinks=True, ignore=shutil.ignore_patterns(*junk))
    env = {**os.environ, **GIT_ENV}
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "snapshot"]):
        subprocess.run(["git", *command], cwd=repo, env=env, check=True, capture_output=True)
    return repo


def _try_repo(repo: Path, ledger: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(PRE_COMMIT), "try-repo", str(repo), "ledger-check", "--all-files"],
        cwd=ledger,
        env={**os.environ, "PRE_COMMIT_HOME": str(cache), "NO_COLOR": "1"},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if done.returncode != 0 and any(sign in done.stdout + done.stderr for sign in OFFLINE):
        pytest.skip("pip cannot reach a package index to install the hook's environment")
    return done


def test_ledger_check_runs_through_pre_commit(
    snapshot_repo: Path, tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    index = pytest.importorskip("ledger.index.build")
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, SAMPLES)
    index.update_index(config.root, config.state)
    cache = tmp_path_factory.mktemp("pre-commit-home")
    clean = _try_repo(snapshot_repo, config.root, cache)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "ledger check" in clean.stdout and "Passed" in clean.stdout
    finding = sorted(config.root.glob("sessions/*/decision-go-with-incr*.md"))[0]
    text = finding.read_text(encoding="utf-8")
    finding.write_text(text.replace("confidence: 0.8", "confidence: 8"), encoding="utf-8")
    dirty = _try_repo(snapshot_repo, config.root, cache)
    assert dirty.returncode == 1
    assert "Failed" in dirty.stdout and "`confidence` should be between 0 and 1" in dirty.stdout
