"""Structural engagements: where work changes, its method, phase, outcome and topic."""

from __future__ import annotations

import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from ledger.extract.engagements import EDITS, FOLLOW_UP_WORDS, TOPIC_WORDS, _short, engagements
from ledger.extract.prose import word_count
from ledger.models import METHODS, PHASES, Finding, Session, Step, Text, Tokens, ToolCall, Turn
from ledger.transcripts.read import scan

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
T0 = datetime(2026, 1, 5, 10, 0, tzinfo=timezone.utc)


def turn(n: int, prompt: str, *steps: Step, minutes: int | None = None) -> Turn:
    started = T0 + timedelta(minutes=n if minutes is None else minutes)
    return Turn(n, prompt, started, steps)


def call(name: str, detail: str, error: bool = False) -> ToolCall:
    return ToolCall(f"{name}-{detail}", name, detail, "exit 1" if error else "ok", error)


def session(*turns: Turn, project: str = "/home/dev/shop") -> Session:
    tools: dict[str, int] = {}
    for t in turns:
        for c in t.tool_calls:
            tools[c.name] = tools.get(c.name, 0) + 1
    return Session(
        agent="claude-code",
        session_id="5e55f00d-0000-4000-8000-000000000001",
        source=Path("/tmp/x.jsonl"),
        project=project,
        git_branch="main",
        agent_version="2.1.87",
        models=("claude-opus-4-5",),
        title="t",
        started=T0,
        ended=T0 + timedelta(hours=1),
        preamble=(),
        turns=turns,
        tools=tuple(sorted(tools.items())),
        files_touched=tuple(
            dict.fromkeys(c.detail for t in turns for c in t.tool_calls if c.name in EDITS)
        ),
        files_read=(),
        commands=(),
        tokens=Tokens(),
        subagents=0,
        agent_name=None,
        parent_session=None,
        compacted=False,
        skipped_lines=0,
    )


def decision(fid: str, turns: tuple[int, ...]) -> Finding:
    return Finding(fid, "decision", "Use UTC", "b", "s", turns, (), 0.7, "structural")


def test_a_shift_in_words_starts_a_new_engagement_and_each_gets_its_method() -> None:
    s = session(
        turn(1, "The checkout fails with a 500 error on submit", call("Read", "src/checkout.py")),
        turn(
            2,
            "try again",
            call("Edit", "src/checkout.py"),
            call("Bash", "pytest -q"),
            Text("Fixed: all tests pass."),
        ),
        turn(
            3, "Now let's write the README section for the checkout flow", call("Edit", "README.md")
        ),
        turn(4, "good", Text("Done, the README explains checkout.")),
    )
    found = engagements(s, [decision("d1", (2,)), decision("d2", (9,))])
    assert [(e.first_turn, e.last_turn) for e in found] == [(1, 2), (3, 4)]
    assert [e.method for e in found] == ["debug", "write"]
    assert [e.phase for e in found] == ["completed", "completed"]
    assert found[0].decisions == ("d1",)
    assert found[1].decisions == ()
    assert found[0].outcome == "Fixed: all tests pass."


@pytest.mark.parametrize(
    "opening",
    [
        "Jetzt lass uns die Tests schreiben",
        "Maintenant, passons à la documentation",
        "Ahora vamos a revisar el despliegue",
        "Ora passiamo alla documentazione",
        "Agora vamos revisar os testes",
        "Теперь давай добавим тесты",
    ],
)
def test_shifts_are_recognised_in_other_languages(opening: str) -> None:
    s = session(
        turn(1, "add a retry to the client", call("Edit", "src/client.py"), Text("Added.")),
        turn(2, "and log it", call("Edit", "src/client.py"), Text("Logged.")),
        turn(3, opening, Text("OK.")),
    )
    assert len(engagements(s)) == 2


def test_a_long_pause_splits_but_a_follow_up_does_not() -> None:
    s = session(
        turn(1, "add a retry to the client", call("Edit", "src/client.py"), Text("Added.")),
        turn(2, "also log each retry", call("Edit", "src/client.py"), Text("Logged.")),
        turn(3, "what's the status?", Text("All done."), minutes=300),
    )
    assert [(e.first_turn, e.last_turn) for e in engagements(s)] == [(1, 2), (3, 3)]


def test_work_moving_to_other_files_starts_a_new_engagement() -> None:
    s = session(
        turn(
            1, "add caching", call("Edit", "src/cache/store.py"), call("Read", "src/cache/keys.py")
        ),
        turn(2, "and expire entries", call("Edit", "src/cache/store.py"), Text("Done.")),
        turn(3, "tidy the CI config", call("Edit", "ci/deploy.yml"), Text("Updated the workflow.")),
    )
    assert [(e.first_turn, e.last_turn) for e in engagements(s)] == [(1, 2), (3, 3)]


@pytest.mark.parametrize(
    ("prompt", "steps", "method"),
    [
        ("please review PR 42", [call("Bash", "gh pr diff 42")], "review"),
        ("how does the token refresh work?", [call("Read", "src/auth.py")], "research"),
        ("let's plan the next milestone", [], "plan"),
        ("which approach should we take for sync?", [], "design"),
        ("rename the package and move modules into core", [call("Edit", "a/b.py")], "reorg"),
        ("ship it", [call("Bash", "git push origin main")], "deploy"),
        (
            "hmm",
            [
                call("Bash", "pytest", error=True),
                call("Edit", "src/a.py"),
                call("Bash", "pytest -x", error=True),
            ],
            "debug",
        ),
        ("go on", [call("Write", "src/new.py")], "build"),
        ("what is the retry policy?", [], "research"),
        ("thanks, sounds good", [], "discuss"),
    ],
)
def test_method_from_words_and_tools(prompt: str, steps: list[Step], method: str) -> None:
    s = session(
        turn(1, prompt, *steps, Text("Here it is.")),
        turn(2, "ok", Text("Good.")),
        turn(3, "right", Text("Yes.")),
    )
    assert engagements(s)[0].method == method


def test_phase_from_how_it_ends() -> None:
    start = turn(1, "add the page", call("Edit", "web/page.tsx"), Text("Added it."))
    blocked = session(
        start,
        turn(2, "deploy it", call("Bash", "kubectl apply -f x", error=True)),
        turn(3, "again", call("Bash", "kubectl apply -f x", error=True), Text("Still denied.")),
    )
    handed = session(
        start,
        turn(2, "more", call("Edit", "web/page.tsx"), Text("Added more.")),
        turn(3, "and?", call("Edit", "web/page.tsx"), Text("Next steps: wire the API.")),
    )
    left = session(start, turn(2, "more", call("Edit", "web/page.tsx")), turn(3, "hello"))
    assert engagements(blocked)[-1].phase == "blocked"
    assert engagements(handed)[-1].phase == "handed-off"
    assert engagements(left)[-1].phase == "abandoned"


def test_topics_have_five_to_fifteen_words() -> None:
    s = session(
        turn(1, "/fix", call("Edit", "src/auth/jwt.py"), Text("Fixed.")),
        turn(2, "ok", Text("Good.")),
        turn(3, " ".join(["word"] * 40), Text("Done.")),
    )
    for e in engagements(s):
        assert TOPIC_WORDS[0] <= len(e.topic.split()) <= TOPIC_WORDS[1], e.topic


def test_ghosts_have_none() -> None:
    assert engagements(session(turn(1, "hi", Text("Hello.")), turn(2, "/exit"))) == ()


@pytest.mark.skipif(not CORPUS.is_dir(), reason="shared corpus not present")
def test_every_non_ghost_corpus_session_has_valid_engagements() -> None:
    for s in scan([CORPUS]).sessions:
        found = engagements(s)
        if s.ghost:
            assert found == ()
            continue
        assert found, s.session_id
        numbers = [t.number for t in s.turns]
        for e in found:
            assert e.method in METHODS and e.phase in PHASES
            assert TOPIC_WORDS[0] <= len(e.topic.split()) <= TOPIC_WORDS[1], e.topic
            assert min(numbers) <= e.first_turn <= e.last_turn <= max(numbers)
            assert e.outcome
        assert [e.first_turn for e in found] == sorted(e.first_turn for e in found)


@pytest.mark.skipif(not CORPUS.is_dir(), reason="shared corpus not present")
def test_methods_agree_with_the_labelled_engagements() -> None:
    """benchmarks/labels/engagements.json: engagements a reader marked in the corpus."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from engagements import agreement

    share, missed = agreement(CORPUS)
    assert share >= 0.7, missed


@pytest.mark.parametrize(
    "said",
    [
        "yes",
        "go on then",
        "ok 修复",
        "修复登录",
        "修复登录问题",
        "a" * 70 + " b c",
        "a" * 70,
        "x " * 40,
    ],
)
def test_a_short_prompt_is_counted_as_word_count_counts_it(said: str) -> None:
    assert _short(said) == (word_count(said) <= FOLLOW_UP_WORDS)
