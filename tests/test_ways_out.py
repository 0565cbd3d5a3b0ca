"""One redaction guards every way out (issue 15, point 3): every secret format of the test set,
planted in each part of a Claude Code and a Codex transcript, reaches no ledger file, no
commit, no file in `.ledger/`, no LLM request, and no answer of `show`, `grep` or `context`."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from fake_messages import FakeMessages, fake_messages_server
from llm_fixtures import llm_ledger, run
from test_redact import (
    AGE,
    ANTHROPIC,
    AWS_KEY_ID,
    GITHUB,
    GITHUB_PAT,
    GITLAB,
    GOOGLE,
    HUGGINGFACE,
    NPM,
    POSITIVES,
    SHOPIFY,
    SLACK,
    STRIPE,
)
from transcript_fixtures import (
    CODEX_ID,
    SESSION_ID,
    claude_assistant,
    claude_file,
    claude_user,
    codex_answer,
    codex_call,
    codex_file,
    codex_meta,
    codex_output,
    codex_prompt,
    codex_turn_context,
    text,
    tool_result,
    tool_use,
)
from typer.testing import CliRunner

from ledger.cli.app import app

MORE = [  # formats the vendored gitleaks rules know, beside the test set of test_redact
    ("github-token", "gh" + "s_" + "FAKE0123456789abcdefghijklmnopqrstuv"),
    ("github-token", "gh" + "o_" + "FAKE0123456789abcdefghijklmnopqrstuv"),
    ("github-token", "gh" + "r_" + "FAKE0123456789abcdefghijklmnopqrstuv" * 2),
    ("slack-app-token", "xa" + "pp-1-A0FAKE0000-0000000000000-" + "fa" * 32),
    ("databricks-api-token", "da" + "pi" + "0123456789abcdef0123456789abcdef"),
    ("postman-api-token", "PM" + "AK-0123456789abcdef01234567-" + "0123456789abcdef" * 2 + "01"),
    ("grafana-cloud-api-token", "gl" + "c_" + "FAKEfake0123456789abcdef" * 2),
    ("grafana-service-account-token", "gl" + "sa_" + "FAKEfake0123456789abcdefFAKEfake_0123abcd"),
    ("doppler-api-token", "dp" + ".pt." + "FAKEfake0123456789abcdefFAKEfake01234567abc"),
    ("linear-api-key", "lin" + "_api_" + "FAKEfake0123456789abcdefFAKEfake01234567"),
    ("sentry-user-token", "sntr" + "yu_" + "0123456789abcdef" * 4),
    ("pulumi-api-token", "pu" + "l-" + "0123456789abcdef0123456789abcdef01234567"),
    ("gitlab-runner-authentication-token", "gl" + "rt-" + "FAKEfake0123456789ab"),
    ("gitlab-deploy-token", "gl" + "dt-" + "FAKEfake0123456789ab"),
    ("openai-api-key", "sk-" + "svcacct-" + "FAKE0123456789abcdefT3BlbkFJFAKE0123456789abcdef"),
    ("square-access-token", "EA" + "AA" + "FAKEfake0123456789abcdef" * 2 + "FAKEfake0123"),
    ("flyio-access-token", "fo" + "1_" + "FAKEfake0123456789abcdefFAKEfake0123456789a"),
    ("planetscale-api-token", "psc" + "ale_tkn_" + "FAKEfake0123456789abcdefFAKEfake01234567"),
]
SHAPED = [GITHUB, GITHUB_PAT, GITLAB, NPM, ANTHROPIC, AWS_KEY_ID, STRIPE, GOOGLE, HUGGINGFACE,
          SHOPIFY, SLACK, AGE, *(secret for _, secret in MORE)]  # fmt: skip
"""Formats that stand alone (no context word needed): they go where only a token fits, a path,
a branch, a folder, a title."""
SAMPLES = [before + secret + after for _, before, secret, after in POSITIVES]
SAMPLES += [f"the value is {secret} here" for _, secret in MORE]
SECRETS = sorted({secret for _, _, secret, _ in POSITIVES} | set(SHAPED))


def test_the_set_holds_sixty_formats_each_found_by_its_rule() -> None:
    from ledger.redact import find_secrets

    assert len(SECRETS) >= 60
    for rule, secret in MORE:
        text = f"the value is {secret} here"
        assert [(m.rule, text[m.start : m.end]) for m in find_secrets(text)] == [(rule, secret)]


def _said(n: int) -> str:
    """A paragraph holding every sample of the test set, as a person or agent writes them."""
    return f"Turn {n}, what we have:\n" + "\n".join(f"- {sample}" for sample in SAMPLES)


def _claude(folder: Path) -> Path:
    token = GITHUB
    common = {"sessionId": SESSION_ID, "cwd": f"/home/dev/{NPM}/shop", "gitBranch": f"fix/{token}",
              "version": f"2.1.87-{SHOPIFY}"}  # fmt: skip
    records = [claude_user(f"Rotate {ANTHROPIC} now; " + _said(1), **common)]
    # the transcript's own facts too: a model and a tool named with a token
    records.append(
        claude_assistant([tool_use("toolu_01", f"mcp__{SLACK}", q="x")], message_id="msg_1",
                         model=f"claude-{AGE}", **common)
    )  # fmt: skip
    records.append(claude_user([tool_result("toolu_01", "ok")], **common))
    for n in range(2, 5):
        call = f"toolu_{n:02d}"
        records += [
            claude_assistant(
                [tool_use(call, "Bash", command="echo " + " ".join(SAMPLES[:8])),
                 tool_use(f"{call}b", "Read", file_path=f"/home/dev/{STRIPE}/{GOOGLE}.env")],
                message_id=f"msg_{n}a", **common,
            ),
            claude_user([tool_result(call, _said(n)), tool_result(f"{call}b", _said(n))],
                        **common),
            claude_assistant([text(_said(n) + f"\nDecision: keep {SLACK} out of CI.")],
                             message_id=f"msg_{n}b", **common),
            claude_user(f"TODO: revoke {HUGGINGFACE}. " + _said(n), **common),
        ]  # fmt: skip
    return claude_file(folder / "claude" / "projects" / f"-home-dev-{NPM}-shop", records)


def _codex(folder: Path) -> Path:
    meta = codex_meta(cwd=f"/home/dev/{AWS_KEY_ID}/api",
                      git={"commit_hash": "abc123", "branch": f"fix/{GITLAB}"})  # fmt: skip
    records = [meta, codex_turn_context(), *codex_prompt(f"Use {SHOPIFY} for now. " + _said(1))]
    for n in range(2, 5):
        records += [
            codex_call(f"call_{n}", "shell", {"command": ["bash", "-lc", " ".join(SAMPLES[:8])]}),
            codex_output(f"call_{n}", _said(n)),
            *codex_answer(_said(n) + f"\nDecision: never log {AGE}."),
            *codex_prompt(f"TODO: rotate {GITHUB_PAT}. " + _said(n)),
        ]
    return codex_file(folder / "codex" / "sessions" / "2026" / "01" / "05", records, CODEX_ID)


@pytest.fixture(scope="module")
def fake_server() -> Iterator[FakeMessages]:
    with fake_messages_server() as fake:
        yield fake


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory, fake_server: FakeMessages) -> Path:
    base = tmp_path_factory.mktemp("ways-out")
    sources = base / "sources"
    _claude(sources)
    _codex(sources)
    config = llm_ledger(base / "ledger", fake_server)
    result = run(config, sources)
    assert result.commit and result.llm is not None and result.llm.requests >= 2
    return config.root


_NOT_ALNUM = re.compile(r"[^A-Za-z0-9]")


def _leaks(text: str) -> list[str]:
    """The secrets `text` holds, also with their punctuation gone (a title loses `_` and `*`,
    a slug its dots): what is left of a secret after some rewriting is still a leak."""
    flat = _NOT_ALNUM.sub("", text)
    cores = {secret: _NOT_ALNUM.sub("", secret) for secret in SECRETS}
    return [s for s, core in cores.items() if s in text or (len(core) >= 12 and core in flat)]


def _without_sources(path: Path, sources: list[str]) -> str:
    """A file's text, less the paths where this machine's transcripts lie: the machine-local
    state (`local.json`, `scan.json`) points at them, to open them again; a folder named after a
    secret is the user's own, on their own disk, and goes nowhere else."""
    found = path.read_bytes().decode("utf-8", "replace")
    if path.name in ("local.json", "scan.json"):
        for source in sources:
            found = found.replace(json.dumps(source)[1:-1], "")
    return found


def test_no_file_of_the_ledger_or_its_state_holds_a_secret(planted: Path) -> None:
    files = [p for p in planted.rglob("*") if p.is_file() and ".git/" not in p.as_posix()]
    assert any(p.name == "_session.md" for p in files) and any(".ledger" in p.parts for p in files)
    sources = [str(p) for p in (planted.parent / "sources").rglob("*") if p.is_file()]
    sources += [str(p) for p in (planted.parent / "sources").rglob("*") if p.is_dir()]
    leaked = {str(p.relative_to(planted)): _leaks(_without_sources(p, sources))
              for p in files}  # fmt: skip
    assert {p: found for p, found in leaked.items() if found} == {}
    every = b"".join(p.read_bytes() for p in files)
    assert b"[REDACTED:" in every


def test_no_commit_holds_a_secret(planted: Path) -> None:
    history = subprocess.run(
        ["git", "log", "-p", "--all", "--format=%H %an %s%n%b"],
        cwd=planted, capture_output=True, text=True, check=True, encoding="utf-8", errors="replace",
    ).stdout  # fmt: skip
    assert "sessions/" in history and _leaks(history) == []


def test_no_llm_request_holds_a_secret(planted: Path, fake_server: FakeMessages) -> None:
    sent = "\n".join(json.dumps(r, ensure_ascii=False) for r in fake_server.requests)
    assert "Turn 2, what we have" in sent and _leaks(sent) == []


@pytest.mark.parametrize(
    "args",
    [
        ["grep", "-i", "REDACTED"],
        ["context"],
        ["sessions", "list", "--ghosts", "--json"],
        ["show", SESSION_ID[:8]],
        ["show", CODEX_ID[-8:], "--json"],
        ["show", SESSION_ID[:8], "--turns", "1-4"],
        ["search", "revoke"],
    ],
)
def test_no_answer_of_the_cli_holds_a_secret(planted: Path, args: list[str]) -> None:
    done = CliRunner().invoke(app, [*args, "--ledger", str(planted)], env={"COLUMNS": "300"})
    assert done.exit_code in (0, 1), done.output
    assert _leaks(done.output) == []
