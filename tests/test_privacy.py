"""Per-project privacy: projects skipped or kept from the LLM by ledger.yaml or .ledgerignore."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from fake_messages import FakeMessages, fake_messages_server
from ledger_fixtures import CODEX_LINT_ID, CODEX_RATE_ID, copy_samples, new_ledger, run_ingest
from llm_fixtures import llm_ledger, run

from ledger.config import Config, load
from ledger.store.frontmatter import yaml_rt

CODEX_IDS = {CODEX_RATE_ID, CODEX_LINT_ID}


@pytest.fixture
def fake() -> Iterator[FakeMessages]:
    with fake_messages_server() as server:
        yield server


def _private(config: Config, **lists: list[str]) -> Config:
    path = config.root / "ledger.yaml"
    data = yaml_rt().load(path.read_text(encoding="utf-8"))
    data["privacy"] = {"skip": [], "no_llm": [], **lists}
    with path.open("w", encoding="utf-8") as handle:
        yaml_rt().dump(data, handle)
    return load(config.root)


def _held(root: Path) -> set[str]:
    return {p.parent.name[-8:] for p in root.glob("sessions/*/_session.md")}


def _codex_in(samples: Path, project: Path) -> Path:
    """The samples with the Codex sessions moved to `project` (a real folder)."""
    project.mkdir(parents=True)
    for rollout in (samples / "codex").rglob("*.jsonl"):
        text = rollout.read_text(encoding="utf-8")
        rollout.write_text(text.replace('"/home/dev/acme-api"', f'"{project}"'), encoding="utf-8")
    return samples


def test_skipped_projects_are_never_ingested_and_a_dry_run_says_so(tmp_path: Path) -> None:
    samples = copy_samples(tmp_path / "samples")
    config = _private(new_ledger(tmp_path / "ledger"), skip=["/home/dev/acme-*"])
    dry = run_ingest(config, samples, dry_run=True)
    assert len(dry.private) == 5 and all(p.endswith("(not ingested)") for p in dry.private)
    done = run_ingest(config, samples)
    assert done.changes == () and not list(config.root.glob("sessions/*"))


def test_a_ledgerignore_in_the_project_folder_skips_it(tmp_path: Path) -> None:
    project = tmp_path / "client-x"
    samples = _codex_in(copy_samples(tmp_path / "samples"), project)
    (project / ".ledgerignore").write_text("", encoding="utf-8")
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, samples)
    held = _held(config.root)
    assert held and not {i[-8:] for i in CODEX_IDS} & held


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero"])
def test_a_ledgerignore_that_is_no_regular_file_skips_without_blocking(
    tmp_path: Path, kind: str
) -> None:
    """A FIFO would block the run (and hold the ledger's lock) forever, a link to `/dev/zero`
    (committable in any cloned repo) would fill the memory: neither is read, both keep out."""
    project = tmp_path / "client-z"
    samples = _codex_in(copy_samples(tmp_path / "samples"), project)
    ignore = project / ".ledgerignore"
    os.mkfifo(ignore) if kind == "fifo" else ignore.symlink_to(kind)
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, samples)
    held = _held(config.root)
    assert held and not {i[-8:] for i in CODEX_IDS} & held


def test_a_project_path_no_file_can_have_is_no_crash(tmp_path: Path) -> None:
    """A NUL in a transcript's cwd: no `.ledgerignore` can be there; the session is ingested."""
    samples = copy_samples(tmp_path / "samples")
    for rollout in (samples / "codex").rglob("*.jsonl"):
        text = rollout.read_text(encoding="utf-8")
        rollout.write_text(text.replace('"/home/dev/acme-api"', '"/home/dev/a\\u0000b"'))
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, samples)
    assert {i[-8:] for i in CODEX_IDS} <= _held(config.root)


def test_a_project_kept_from_the_llm_is_ingested_but_never_sent(
    tmp_path: Path, fake: FakeMessages
) -> None:
    project = tmp_path / "client-y"
    samples = _codex_in(copy_samples(tmp_path / "samples"), project)
    (project / ".ledgerignore").write_text("# keep it local\nllm: off\n", encoding="utf-8")
    config = llm_ledger(tmp_path / "ledger", fake)
    result = run(config, samples)
    sent = " ".join(str(r) for r in fake.requests)
    assert fake.requests and "Ruff now flags" not in sent and "rate limiting" not in sent
    assert {i[-8:] for i in CODEX_IDS} <= _held(config.root)
    assert sum("kept from the LLM" in p for p in result.private) == 2
