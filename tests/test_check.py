"""`ledger check` catches each problem class, and a fresh ledger passes it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from ledger_fixtures import SAMPLES, new_ledger, run_ingest

from ledger.config import Config
from ledger.search.check import CheckResult, check_ledger

GITHUB_TOKEN = "ghp_" + "FAKE0123456789abcdefghijklmnopqrstuv"


@pytest.fixture
def ledger(tmp_path: Path) -> Config:
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, SAMPLES)
    index = pytest.importorskip("ledger.index.build")
    index.update_index(config.root, config.state)
    return config


def _check(config: Config) -> CheckResult:
    return check_ledger(config.root, config.state)


def _finding(config: Config, name: str = "decision-go-with-incr", nth: int = 0) -> Path:
    """A finding file by the start of its name (the sample "Go with INCR + EXPIRE" decision)."""
    return sorted(config.root.glob(f"sessions/*/{name}*.md"))[nth]


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _rules(result: CheckResult, path: Path, root: Path) -> dict[str, list[str]]:
    relative = path.relative_to(root).as_posix()
    found: dict[str, list[str]] = {}
    for p in result.problems:
        if p.path == relative:
            found.setdefault(p.rule, []).append(p.message)
    return found


def test_a_fresh_ledger_has_no_problems(ledger: Config) -> None:
    result = _check(ledger)
    assert result.problems == ()
    assert result.files > 10


@pytest.mark.parametrize(
    ("old", "new", "rule", "message"),
    [
        ("---\nid:", "id:", "broken", "no frontmatter"),
        ("kind: decision\n", "kind: [decision\n", "broken", "not valid YAML"),
        ("kind: decision\n", "", "broken", "`kind` is missing"),
        ("confidence: 0.8", "confidence: high", "schema", "`confidence` should be"),
        ("kind: decision", "kind: idea", "schema", "is not one of"),
        ("turns:\n  - ", "turns:\n  - two\n  - ", "schema", "`turns`"),
        ("status: open", "status: [open]", "schema", "`status` should be str"),
        ("\nid: ", "\nid: not-hex-", "id", "should be 12 hex digits"),
    ],
    ids=[
        "no-frontmatter", "bad-yaml", "owned-key-removed", "confidence-type", "unknown-kind",
        "turns-type", "status-type", "id-misshapen",
    ],
)  # fmt: skip
def test_check_catches_broken_and_misshapen_findings(
    ledger: Config, old: str, new: str, rule: str, message: str
) -> None:
    path = _finding(ledger)
    _edit(path, old, new)
    found = _rules(_check(ledger), path, ledger.root)
    assert any(message in m for m in found.get(rule, [])), found


def test_a_finding_a_person_retitled_keeps_its_id_and_passes(ledger: Config) -> None:
    path = _finding(ledger)
    _edit(path, "title: Go with", "title: Went with")
    _edit(path, "kind: decision", "kind: insight")
    assert "id" not in _rules(_check(ledger), path, ledger.root)


def test_check_catches_a_broken_session_record(ledger: Config) -> None:
    record = sorted(ledger.root.glob("sessions/*/_session.md"))[0]
    _edit(record, "agent: ", "agent: cursor-")
    _edit(record, "ghost: false", "ghost: maybe")
    found = _rules(_check(ledger), record, ledger.root)
    assert "`ghost` should be bool" in found["schema"]


def test_check_catches_duplicate_ids(ledger: Config) -> None:
    path = _finding(ledger)
    copy = path.with_name("decision-the-same-again.md")
    copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    found = _rules(_check(ledger), copy, ledger.root)
    assert any("is also the id of" in m for m in found["id"])


def _id(path: Path) -> str:
    match = re.search(r'^id: "?([0-9a-f]+)"?$', path.read_text(encoding="utf-8"), re.M)
    assert match
    return match.group(1)


def test_check_wants_supersedes_on_both_sides(ledger: Config) -> None:
    folder = next(
        f for f in sorted(ledger.root.glob("sessions/*")) if len(list(f.glob("todo-*"))) > 1
    )
    new, old = sorted(folder.glob("todo-*.md"))[:2]
    _edit(new, "supersedes: []", f'supersedes:\n  - "{_id(old)}"')
    found = _rules(_check(ledger), new, ledger.root)
    assert any("does not name this one" in m for m in found["supersedes"])
    link = old.relative_to(ledger.root).as_posix()[:-3]
    _edit(old, "superseded_by: []", f'superseded_by:\n  - "[[{link.replace(old.stem, new.stem)}]]"')
    found = _rules(_check(ledger), old, ledger.root)
    assert found["supersedes"] == [
        f"superseded, but `status` is still open; `ledger reopen {_id(old)}` undoes the link"
    ]
    _edit(old, "status: open", "status: dropped")  # a person's own way to close it
    assert "supersedes" not in _rules(_check(ledger), old, ledger.root)
    _edit(old, "status: dropped", "status: open")
    _edit(old, "status: open", "status: superseded")
    result = _check(ledger)
    assert not [p for p in result.problems if p.rule == "supersedes"]
    _edit(new, f'  - "{_id(old)}"', '  - "000000000000"')
    assert any(
        "not in the ledger" in m for m in _rules(_check(ledger), new, ledger.root)["supersedes"]
    )


def test_check_finds_secrets_and_conflict_markers(ledger: Config) -> None:
    path = _finding(ledger)
    _edit(path, "## Evidence", f"The token was {GITHUB_TOKEN}.\n\n## Evidence")
    _edit(path, "\nFrom [[", "\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> main\nFrom [[")
    result = _check(ledger)
    found = _rules(result, path, ledger.root)
    assert found["secret:github-token"] == ["looks like a secret: redact it"]
    assert len(found["conflict"]) == 3
    assert GITHUB_TOKEN not in json.dumps([p.message for p in result.problems])


def test_check_reports_dangling_links_and_stale_pages(ledger: Config) -> None:
    path = _finding(ledger)
    _edit(path, "## Evidence", "See [[sessions/no-such-session/_session]].\n\n## Evidence")
    (ledger.root / "index.md").write_text("# edited by hand\n", encoding="utf-8")
    result = _check(ledger)
    index_paths = {p.path for p in result.problems if p.rule == "index"}
    assert "index.md" in index_paths
    assert path.relative_to(ledger.root).as_posix() in index_paths


def test_the_command_exits_1_with_a_list_and_prints_json(ledger: Config) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "ledger.entry", "check", "--ledger", str(ledger.root), *args],
            capture_output=True, text=True, cwd=ledger.root, check=False,
        )  # fmt: skip

    clean = run()
    assert clean.returncode == 0, clean.stdout
    path = _finding(ledger)
    _edit(path, "confidence: 0.8", "confidence: 7")
    dirty = run()
    relative = path.relative_to(ledger.root).as_posix()
    assert dirty.returncode == 1
    assert f"{relative}: [schema] `confidence` should be between 0 and 1" in dirty.stdout
    report = json.loads(run("--json").stdout)
    assert report["ok"] is False
    assert {"path": relative, "line": None, "rule": "schema",
            "message": "`confidence` should be between 0 and 1"} in report["problems"]  # fmt: skip
    # a token a person pasted into a committed file: `path:line: [secret:<rule>]`
    _edit(path, "confidence: 7", "confidence: 0.8")
    (ledger.root / "notes.md").write_text(f"the token: {GITHUB_TOKEN}\n", encoding="utf-8")
    pasted = run()
    assert pasted.returncode == 1
    assert "notes.md:1: [secret:github-token] looks like a secret: redact it\n" in pasted.stdout
    assert GITHUB_TOKEN not in pasted.stdout + pasted.stderr
