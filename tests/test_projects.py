"""Project identity that survives machines (issue 14, point 3): a remote, else a root commit,
else a path; `--project` takes a folder, an identity or a bare name, and says when it matches
nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ledger.errors import LedgerError
from ledger.search.grep import GrepOptions, grep
from ledger.store.projects import normalise_remote, project_filter, project_identity
from tests.ledger_fixtures import CACHE_ID, JWT_ID, copy_samples, git, new_ledger, run_ingest


@pytest.mark.parametrize(
    "url",
    [
        "git@github.com:acme/api.git",
        "git@github.com:Acme/API",
        "https://github.com/acme/api.git",
        "https://user:token@github.com/acme/api/",
        "ssh://git@github.com:22/acme/api.git",
        "git+ssh://git@GitHub.com/acme/api",
    ],
)
def test_remotes_of_one_repo_are_one_identity(url: str) -> None:
    assert normalise_remote(url) == "github.com/acme/api"


def test_other_remotes_keep_their_host_and_path() -> None:
    assert normalise_remote("git@git.corp.example:Team/Tool.git") == "git.corp.example/Team/Tool"
    assert normalise_remote("/srv/git/tool.git") == "/srv/git/tool"
    assert normalise_remote("file:///srv/git/tool.git/") == "/srv/git/tool"


def _repo(path: Path, remote: str | None = None) -> Path:
    path.mkdir(parents=True)
    git(path, "init", "-q")
    git(path, "commit", "-q", "--allow-empty", "-m", "first")
    if remote:
        git(path, "remote", "add", "origin", remote)
    return path


def test_identity_is_the_remote_else_the_root_commit_else_the_path(tmp_path: Path) -> None:
    with_remote = _repo(tmp_path / "a", "git@github.com:acme/api.git")
    (with_remote / "sub").mkdir()
    assert project_identity(str(with_remote / "sub")) == "github.com/acme/api"
    local = _repo(tmp_path / "b")
    root = git(local, "rev-list", "--max-parents=0", "HEAD").strip()
    assert project_identity(str(local)) == root
    (tmp_path / "plain").mkdir()
    assert project_identity(str(tmp_path / "plain")) == str(tmp_path / "plain")
    assert project_identity("/nowhere/on/this/machine") == "/nowhere/on/this/machine"


def _two_checkouts(tmp_path: Path) -> Path:
    """Alice's and Bob's checkouts of one repo, a session in each, ingested into one ledger."""
    alice = _repo(tmp_path / "home" / "alice" / "api", "git@github.com:acme/api.git")
    bob = _repo(tmp_path / "home" / "bob" / "src" / "api-main", "https://github.com/acme/api")
    samples = copy_samples(tmp_path / "samples")
    for session_id, folder in ((JWT_ID, alice), (CACHE_ID, bob)):
        transcript = next(samples.rglob(f"{session_id}.jsonl"))
        text = transcript.read_text(encoding="utf-8").replace("/home/dev/acme-api", str(folder))
        transcript.write_text(text, encoding="utf-8")
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, samples)
    return config.root


def _sessions(root: Path, project: str) -> set[str]:
    result = grep(root, root / ".ledger", GrepOptions("", kinds=("session",), project=project))
    return {m.session_id for m in result.matches}


def test_project_matches_by_folder_identity_or_name(tmp_path: Path) -> None:
    root = _two_checkouts(tmp_path)
    both = {JWT_ID, CACHE_ID}
    assert _sessions(root, "github.com/acme/api") == both
    assert _sessions(root, "https://github.com/Acme/api.git") == both
    assert _sessions(root, str(tmp_path / "home" / "alice" / "api")) == both, "its identity"
    assert _sessions(root, "api") == both, "a folder's name, or the end of an identity"
    assert _sessions(root, "api-main") == {CACHE_ID}


def test_a_project_that_matches_nothing_says_so(tmp_path: Path) -> None:
    root = _two_checkouts(tmp_path)
    with pytest.raises(LedgerError) as caught:
        _sessions(root, "github.com/acme/web")
    assert "no project in the ledger matches --project 'github.com/acme/web'" in str(caught.value)
    assert "github.com/acme/api" in str(caught.value)


def test_a_folder_not_in_a_repo_is_its_path(tmp_path: Path) -> None:
    chosen = project_filter(str(tmp_path))
    assert chosen.folders == (str(tmp_path),) and not chosen.identities
    assert chosen.matches(str(tmp_path / "inside")) and not chosen.matches("/elsewhere")


WINDOWS = r"C:\Users\dev\OneDrive\Desktop\neuro-conversion"
"""A folder as Codex on Windows records it (the shared corpus has such sessions)."""


@pytest.mark.parametrize(
    ("given", "matches"),
    [
        (WINDOWS, True),
        ("c:/users/dev/onedrive/desktop/neuro-conversion", True),  # case and slashes as typed
        ("neuro-conversion", True),  # its name
        ("Neuro-Conversion", True),  # Windows ignores case
        (r"C:\Users\dev\OneDrive\Desktop", True),  # a folder holding it
        (r"C:\Users\dev\OneDrive\Desktop\neuro-conversion\src", True),  # work at its top
        (r"D:\Users\dev\OneDrive\Desktop\neuro-conversion", False),
        ("neuro", False),
    ],
)
def test_windows_folders_match_by_folder_or_name(given: str, matches: bool) -> None:
    assert project_filter(given).matches(WINDOWS) is matches
    assert project_filter(given).matches(WINDOWS + "\\") is matches


def test_a_windows_folder_for_ingest_takes_only_what_is_in_it() -> None:
    chosen = project_filter(WINDOWS, holding=False)
    assert chosen.matches(WINDOWS + r"\tools") and not chosen.matches(r"C:\Users\dev")


CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
WINDOWS_CODEX = sorted((CORPUS / "codex").glob("agentic-neurodata-conversion/*.jsonl"))


@pytest.mark.skipif(not WINDOWS_CODEX, reason="no Windows Codex sessions in the shared corpus")
def test_sessions_from_windows_ingest_and_are_found_by_their_project(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from ledger.cli.app import app

    source = tmp_path / "windows"
    source.mkdir()
    for path in WINDOWS_CODEX:
        (source / path.name).write_bytes(path.read_bytes())
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, source)
    folders = [p.name for p in (config.root / "sessions").iterdir()]
    assert folders and not any("\\" in name or ":" in name for name in folders)
    runner = CliRunner()
    listed = runner.invoke(app, ["sessions", "list", "--ghosts", "--json", "--ledger",
                                 str(config.root)])  # fmt: skip
    projects = {row["project"] for row in json.loads(listed.output)}
    assert projects and all(p and p[1:3] == ":\\" for p in projects)
    name = next(iter(projects)).rsplit("\\", 1)[-1]
    args = ["grep", ".", "-l", "--kind", "session", "--ghosts", "--project", name]
    found = runner.invoke(app, [*args, "--ledger", str(config.root)])
    assert found.exit_code == 0 and len(found.output.splitlines()) == len(folders)
