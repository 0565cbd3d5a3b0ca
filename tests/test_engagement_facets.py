"""Engagements in the ledger: `_session.md`, `sessions list` facets, `stats`, on the samples."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ledger_fixtures import copy_samples, new_ledger, run_ingest
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.models import METHODS, PHASES

runner = CliRunner()


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("engaged")
    config = new_ledger(base / "ledger")
    run_ingest(config, copy_samples(base / "samples"))
    return config.root


def _listed(root: Path, *facets: str) -> list[dict[str, object]]:
    done = runner.invoke(app, ["sessions", "list", "--json", "--ledger", str(root), *facets])
    assert done.exit_code == 0, done.output
    rows: list[dict[str, object]] = json.loads(done.output)
    return rows


def test_every_session_record_has_an_engagements_table(root: Path) -> None:
    for record in sorted(root.glob("sessions/*/_session.md")):
        text = record.read_text(encoding="utf-8")
        assert "\n## Engagements\n" in text
        if "ghost: false" in text:
            assert "| Turns | Method | Phase | Topic | Outcome | Decisions |" in text


def test_sessions_list_shows_and_filters_by_engagements(root: Path) -> None:
    listed = _listed(root)
    assert listed and all(r["methods"] and r["phases"] for r in listed)
    for row in listed:
        assert set(row["methods"]) <= set(METHODS)  # type: ignore[arg-type]
        assert set(row["phases"]) <= set(PHASES)  # type: ignore[arg-type]

    def ids(rows: list[dict[str, object]]) -> list[object]:
        return [r["session_id"] for r in rows]

    for method in {m for r in listed for m in r["methods"]}:  # type: ignore[attr-defined]
        wanted = [r for r in listed if method in r["methods"]]  # type: ignore[operator]
        assert ids(_listed(root, "--method", method)) == ids(wanted)
    method, phase = listed[0]["methods"][0], listed[-1]["phases"][0]  # type: ignore[index]
    both = [r for r in listed if method in r["methods"] and phase in r["phases"]]  # type: ignore[operator]
    assert ids(_listed(root, "--method", method, "--phase", phase)) == ids(both)
    codex = [r for r in listed if r["agent"] == "codex"]
    assert codex and ids(_listed(root, "--agent", "codex")) == ids(codex)
    assert len(_listed(root, "--ghosts")) >= len(listed)


def test_unknown_facets_are_refused(root: Path) -> None:
    wrong = runner.invoke(app, ["sessions", "list", "--method", "dance", "--ledger", str(root)])
    assert wrong.exit_code == 2
    assert "unknown method dance" in wrong.output
    grep = runner.invoke(app, ["grep", "x", "--phase", "done", "--ledger", str(root)])
    assert grep.exit_code == 2 and "unknown phase done" in grep.output


def _grepped(root: Path, *facets: str) -> set[str]:
    args = ["grep", ".", "-l", "--kind", "session", "--ledger", str(root), *facets]
    done = runner.invoke(app, args)
    assert done.exit_code in (0, 1), done.output
    return {Path(line).parent.name for line in done.output.splitlines()}


def test_grep_takes_the_same_facets(root: Path) -> None:
    """`--method`, `--phase`, `--ghosts` and `--date` mean on `grep` what they mean on
    `sessions list`: the files of the sessions these list."""
    listed = _listed(root)

    def folders(rows: list[dict[str, object]]) -> set[str]:
        return {Path(str(r["folder"])).name for r in rows}

    assert _grepped(root) == folders(listed)  # ghosts left out
    assert _grepped(root, "--ghosts") == folders(_listed(root, "--ghosts")) != folders(listed)
    for method in {m for r in listed for m in r["methods"]}:  # type: ignore[attr-defined]
        assert _grepped(root, "--method", method) == folders(_listed(root, "--method", method))
    phase = str(listed[0]["phases"][0])  # type: ignore[index]
    assert _grepped(root, "--phase", phase) == folders(_listed(root, "--phase", phase))
    day = str(listed[-1]["started"])[:10]
    assert _grepped(root, "--date", day) == folders(_listed(root, "--date", day))
    assert _grepped(root, "--date", day[:7]) == folders(_listed(root, "--date", day[:7]))


def test_stats_count_sessions_by_method_and_phase(root: Path) -> None:
    done = runner.invoke(app, ["stats", "--json", "--ledger", str(root)])
    stats = json.loads(done.output)
    listed = _listed(root, "--ghosts")
    assert sum(stats["sessions_by_method"].values()) == sum(len(r["methods"]) for r in listed)  # type: ignore[arg-type]
    assert set(stats["sessions_by_phase"]) <= set(PHASES)


def test_agents_are_found_by_the_name_a_roster_gives_them(root: Path) -> None:
    from ledger.store.frontmatter import yaml_rt

    listed = _listed(root)
    chosen = listed[0]["session_id"]
    config = root / "ledger.yaml"
    data = yaml_rt().load(config.read_text(encoding="utf-8"))
    data["agents"] = {str(chosen)[:8]: "Reviewer Rita"}
    with config.open("w", encoding="utf-8") as handle:
        yaml_rt().dump(data, handle)
    try:
        named = _listed(root, "--agent", "rita")
        assert [r["session_id"] for r in named] == [chosen]
        assert named[0]["agent_name"] == "Reviewer Rita"
    finally:
        data["agents"] = {}
        with config.open("w", encoding="utf-8") as handle:
            yaml_rt().dump(data, handle)


def test_the_month_pages_name_each_session_s_methods(root: Path) -> None:
    from ledger.index.build import update_index

    update_index(root, root / ".ledger")
    pages = "".join(p.read_text(encoding="utf-8") for p in root.glob("index/sessions/*.md"))
    for row in _listed(root):
        line = next(x for x in pages.splitlines() if str(row["folder"]) in x)
        assert ", ".join(row["methods"]) in line  # type: ignore[arg-type]
