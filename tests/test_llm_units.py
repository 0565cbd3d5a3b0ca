"""The pieces of the LLM pass without a server: the prompt, checks and merges, config, plans."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from ledger_fixtures import SAMPLES, git, jwt_transcript, new_ledger
from syrupy.assertion import SnapshotAssertion

from ledger.config import DEFAULT_MODEL, load
from ledger.errors import LedgerError
from ledger.extract.structural import extract_findings
from ledger.llm.merge import (
    Citable,
    MalformedReply,
    check_window,
    merge_findings,
    merge_windows,
)
from ledger.llm.plan import plan_llm
from ledger.llm.prompt import (
    OpenFinding,
    Request,
    llm_windows,
    prompt_digest,
    truncated,
    window_prompt,
)
from ledger.models import Session
from ledger.redact import redact_session
from ledger.store import git as store_git
from ledger.store.edits import Mark, mark_file
from ledger.transcripts.read import read_transcript
from ledger.versions import EXTRACTORS, PROMPT_VERSION, llm_extractor

PINNED = "2e8db11f7200"
"""The digest of the prompt templates and the tool schema at PROMPT_VERSION."""
CONTEXT = (
    OpenFinding("5b1e0c7d9a2f", "question", "Why do some logins fail right after deploys?"),
    OpenFinding("0c4f6a2e8b11", "todo", "Document the token TTL in docs/auth.md"),
)


@pytest.fixture(scope="module")
def jwt() -> Session:
    return redact_session(read_transcript(jwt_transcript(SAMPLES)))


def test_the_rendered_request_of_a_sample_session(
    jwt: Session, snapshot: SnapshotAssertion
) -> None:
    window = llm_windows(jwt, 30, 5, 80_000)[0]
    request = Request(DEFAULT_MODEL, 4096, window_prompt(jwt, window, CONTEXT))
    params = request.params()
    system, user = params.pop("system")[0], params.pop("messages")[0]
    shown = [
        json.dumps(params, indent=2, ensure_ascii=False),
        f"--- system ({json.dumps(system['cache_control'])}) ---",
        system["text"],
        f"--- {user['role']} ---",
        user["content"],
    ]
    assert "\n".join(shown) == snapshot


def test_the_prompt_version_moves_with_the_prompt() -> None:
    assert (PROMPT_VERSION, prompt_digest()) == ("extract/4", PINNED), (
        "the prompt or the tool schema changed: bump PROMPT_VERSION and PINNED"
    )


def test_windows_overlap_and_the_cache_key_ignores_the_header(jwt: Session) -> None:
    windows = llm_windows(jwt, 4, 1, 80_000)
    assert [(w.first_turn, w.last_turn) for w in windows] == [(1, 4), (4, 7), (7, 9)]
    assert windows[0].text.startswith("## Turn 1 ")
    assert "## Turn 4 " in windows[0].text and "## Turn 4 " in windows[1].text


def test_an_over_long_window_keeps_head_and_tail() -> None:
    text = "a" * 600 + "b" * 400
    cut = truncated(text, 300)
    assert cut.startswith("a" * 200) and cut.endswith("b" * 100)
    assert "[… 700 characters of this window cut …]" in cut


# checks and merges ---------------------------------------------------------------------------


def _answer(*findings: dict[str, Any]) -> dict[str, Any]:
    summary = {
        "objective": "o",
        "work_done": [],
        "decisions": [],
        "unresolved": [],
        "next_steps": [],
    }
    return {"findings": list(findings), "summary": summary}


def _raw(title: str, turns: list[int], **more: Any) -> dict[str, Any]:
    return {
        "kind": "decision",
        "title": title,
        "body": "Because.",
        "turns": turns,
        "confidence": 0.8,
        **more,
    }


def test_a_reply_without_findings_is_malformed(jwt: Session) -> None:
    window = llm_windows(jwt, 30, 5, 80_000)[0]
    with pytest.raises(MalformedReply):
        check_window({"summary": {}}, jwt, Citable.of(jwt, window, ()), "m")
    with pytest.raises(MalformedReply):
        check_window({"findings": []}, jwt, Citable.of(jwt, window, ()), "m")


def test_citations_are_checked_against_the_window_and_the_ledger(jwt: Session) -> None:
    window = llm_windows(jwt, 4, 1, 80_000)[0]
    citable = Citable.of(jwt, window, ["5b1e0c7d9a2f"])
    raw = _raw(
        "Use aware datetimes",
        [2, 6],
        references=["5b1e0c7d9a2f", "ffffffffffff", "/home/dev/acme-api/src/acme/auth.py", "x.py"],
        supersedes=["5b1e0c7d9a2f", "eeeeeeeeeeee"],
    )
    result = check_window(_answer(raw), jwt, citable, "m")
    (finding,) = result.findings
    assert finding.turns == (2,)
    assert finding.references == ("5b1e0c7d9a2f", "/home/dev/acme-api/src/acme/auth.py")
    assert finding.supersedes == ("5b1e0c7d9a2f",)
    assert finding.extractor == "llm" and finding.model == "m" and finding.status == "open"
    assert sorted(d.value for d in result.dropped) == ["6", "eeeeeeeeeeee", "ffffffffffff", "x.py"]


def test_the_same_finding_in_two_windows_is_one(jwt: Session) -> None:
    first, second = llm_windows(jwt, 4, 1, 80_000)[:2]
    a = check_window(
        _answer(_raw("Use aware datetimes", [4])), jwt, Citable.of(jwt, first, ()), "m"
    )
    b = check_window(
        _answer(_raw("Use aware  datetimes!", [4, 5], body="Because it is longer.")),
        jwt,
        Citable.of(jwt, second, ()),
        "m",
    )
    (merged,), _, _ = merge_windows([a, b])
    assert merged.turns == (4, 5) and merged.body == "Because it is longer."


def _work(topic: str, method: str, first: int, last: int, **more: Any) -> dict[str, Any]:
    return {
        "topic": topic,
        "method": method,
        "phase": "completed",
        "outcome": f"{topic} is done.",
        "first_turn": first,
        "last_turn": last,
        **more,
    }


def test_engagements_are_checked_and_stitched_across_windows(jwt: Session) -> None:
    first, second = llm_windows(jwt, 4, 1, 80_000)[:2]  # turns 1-4 and 4-7
    a = _answer()
    a["engagements"] = [
        _work("Why tokens expire early on Berlin hosts", "debug", 1, 2),
        _work("Switch token times to aware datetimes everywhere", "build", 3, 4),
        _work("Something the model made up about other turns", "build", 5, 9),
        _work("A method nobody knows about at all here", "dance", 1, 1),
    ]
    b = _answer()
    b["engagements"] = [
        _work("Switch token times to aware datetimes everywhere", "build", 4, 5, phase="blocked"),
        _work("Why the refresh test is flaky on CI runners", "debug", 6, 7),
    ]
    one = check_window(a, jwt, Citable.of(jwt, first, ()), "m")
    two = check_window(b, jwt, Citable.of(jwt, second, ()), "m")
    reasons = [d.reason for d in one.dropped if d.what == "engagement"]
    assert reasons == ["turns outside the window", "unknown method"]
    _, _, work = merge_windows([one, two])
    assert [(e.method, e.first_turn, e.last_turn, e.phase) for e in work] == [
        ("debug", 1, 2, "completed"),
        ("build", 3, 5, "blocked"),  # one engagement across the windows' shared turn
        ("debug", 6, 7, "completed"),
    ]
    _, _, none = merge_windows(
        [one, check_window(_answer(), jwt, Citable.of(jwt, second, ()), "m")]
    )
    assert none == ()  # a window without engagements: the structural ones stand


def test_the_llm_version_of_a_finding_wins(jwt: Session) -> None:
    structural = extract_findings(jwt)
    decision = next(f for f in structural if f.kind == "decision" and 5 in f.turns)
    window = llm_windows(jwt, 30, 5, 80_000)[0]
    restated = _raw("Go with timezone-aware datetimes: datetime.now(timezone.utc) everywhere", [5])
    same_id = _raw(structural[0].title, list(structural[0].turns), kind=structural[0].kind)
    llm = check_window(_answer(restated, same_id), jwt, Citable.of(jwt, window, ()), "m").findings
    merged = merge_findings(structural, llm)
    assert decision not in merged and structural[0] not in merged
    assert [f.id for f in merged if f.extractor == "llm"] == [f.id for f in llm]
    assert llm[1].id == structural[0].id  # the same kind and title: the same id
    assert len(merged) == len(structural) - 2 + 2


# config and plans ----------------------------------------------------------------------------


def _yaml(tmp_path: Path, llm: str) -> Path:
    config = new_ledger(tmp_path / "ledger")
    path = config.root / "ledger.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("\nllm:") + 1] + "llm:\n" + llm, encoding="utf-8")
    return config.root


def test_the_llm_section_is_read_with_defaults(tmp_path: Path) -> None:
    root = _yaml(
        tmp_path,
        "  model: claude-haiku-4-5\n  budget_usd: 0.5\n  window_turns: 10\n"
        "  prices:\n    my-model: {input: 2, output: 8}\n",
    )
    llm = load(root).llm
    assert (llm.mode, llm.model, llm.budget_usd, llm.window_turns) == (
        "auto",
        "claude-haiku-4-5",
        0.5,
        10,
    )
    assert llm.retries == 2 and llm.api_key_env == "ANTHROPIC_API_KEY"
    price = llm.price("my-model")
    assert price is not None and (price.cache_read, price.cache_write) == (0.2, 2.5)
    assert llm.price("claude-sonnet-4-6-20261001") == llm.price("claude-sonnet-4-6")


@pytest.mark.parametrize(
    ("llm", "says"),
    [
        ("  mode: maybe\n", "llm.mode 'maybe'"),
        ("  timeout: soon\n", "llm.timeout"),
        ("  window_turns: 5\n  window_overlap: 5\n", "window_turns"),
        ("  api_key: sk-ant-xyz\n", "would be committed to git"),
        ("  prices:\n    m: {input: cheap}\n", "llm.prices.m"),
    ],
)
def test_a_bad_llm_setting_says_which(tmp_path: Path, llm: str, says: str) -> None:
    with pytest.raises(LedgerError, match=says.replace("(", r"\(")):
        load(_yaml(tmp_path, llm))


def test_modes(tmp_path: Path) -> None:
    config = new_ledger(tmp_path / "ledger")
    key = {"ANTHROPIC_API_KEY": "k"}
    assert not plan_llm(config, {}).active
    assert plan_llm(config, key).active
    assert not plan_llm(config, key, choice=False).active
    assert plan_llm(config, {}, choice=True, dry_run=True).active  # estimates need no key
    with pytest.raises(LedgerError, match="not set"):
        plan_llm(config, {}, choice=True)
    assert plan_llm(config, key, model="claude-haiku-4-5").extractors == (
        *EXTRACTORS,
        llm_extractor("claude-haiku-4-5"),
    )


def test_what_counts_as_done(tmp_path: Path) -> None:
    config = new_ledger(tmp_path / "ledger")
    base = ", ".join(EXTRACTORS)
    other = f"{base}, {llm_extractor('claude-opus-4-8')}"
    on, off = plan_llm(config, {"ANTHROPIC_API_KEY": "k"}), plan_llm(config, {})
    assert off.is_done(base) and off.is_done(other)
    assert not on.is_done(base)  # left for retry
    assert on.is_done(other)  # another model or prompt: only --reextract sends it again
    assert not plan_llm(config, {"ANTHROPIC_API_KEY": "k"}, reextract=True).is_done(other)
    assert not on.is_done("structural/1, redact/0")


# supersedes on a file a person edited --------------------------------------------------------


def test_a_person_s_status_survives_being_superseded(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q")
    relative = "sessions/s/todo-x.md"
    path = root / relative
    path.parent.mkdir(parents=True)
    original = "---\nid: abc\nstatus: open\nsupersedes: []\nsuperseded_by: []\n---\nBody.\n"
    path.write_text(original)
    git(root, "add", "-A")
    git(root, "commit", "-qm", "ledger: ingest 1 sessions")
    path.write_text(original.replace("status: open", "status: done"))  # a person closed it
    with store_git.Committed(root) as committed:
        mark = Mark("superseded", (("superseded_by", "0123456789ab"),))
        done = mark_file(root, relative, mark, False, committed)
    assert done.status == "changed"
    text = path.read_text()
    assert "status: done" in text and "0123456789ab" in text
