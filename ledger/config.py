"""Find the ledger (flag > $LEDGER_DIR > walk up to ledger.yaml > ~/ledger) and read its config."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ledger.errors import LedgerError
from ledger.store.paths import CONFIG_FILE, LOCAL_CONFIG_FILE

DEFAULT_LOCATION = Path("~/ledger")
LOCAL_ONLY = ("author",)
"""Settings that would be wrong for everyone else if they were shared through git."""
_AUTHOR = re.compile(r"[^<>\n]*[^<>\s][^<>\n]*<[^<>\n]*>\Z")
VERSIONS = (1,)
"""The `version:` values of ledger.yaml this ledger understands."""
LLM_MODES = ("auto", "on", "off")
DEFAULT_MODEL = "claude-sonnet-4-6"
"""Current Sonnet: claude-sonnet-4-5 reaches end of life on 2026-11-30 (the SDK warns)."""


@dataclass(frozen=True, slots=True)
class Price:
    """USD per million tokens of one model."""

    input: float
    output: float
    cache_read: float
    cache_write: float


DEFAULT_PRICES: tuple[tuple[str, Price], ...] = (
    ("claude-sonnet-4-6", Price(3.0, 15.0, 0.30, 3.75)),
    ("claude-sonnet-4-5", Price(3.0, 15.0, 0.30, 3.75)),
    ("claude-haiku-4-5", Price(1.0, 5.0, 0.10, 1.25)),
    ("claude-opus-4-5", Price(5.0, 25.0, 0.50, 6.25)),
    ("claude-opus-4-6", Price(5.0, 25.0, 0.50, 6.25)),
    ("claude-opus-4-7", Price(5.0, 25.0, 0.50, 6.25)),
    ("claude-opus-4-8", Price(5.0, 25.0, 0.50, 6.25)),
)
"""Anthropic's list prices (5-minute cache writes); `llm.prices` in ledger.yaml adds to them."""


@dataclass(frozen=True, slots=True)
class LlmConfig:
    """The `llm:` section of ledger.yaml: how (and whether) the LLM pass runs."""

    mode: str = "auto"
    model: str = DEFAULT_MODEL
    base_url: str | None = None
    """None: $ANTHROPIC_BASE_URL, else the SDK's default (api.anthropic.com)."""
    api_key_env: str = "ANTHROPIC_API_KEY"
    """The environment variable holding the key: a key never sits in ledger.yaml (it is in git)."""
    max_tokens: int = 4096
    timeout: float = 120.0
    retries: int = 2
    concurrency: int = 2
    """Sessions sent at the same time: more is faster, and sooner at the API's rate limits."""
    window_turns: int = 30
    window_overlap: int = 5
    max_window_chars: int = 80_000
    budget_usd: float | None = None
    prices: tuple[tuple[str, Price], ...] = DEFAULT_PRICES

    def price(self, model: str) -> Price | None:
        """The price of `model`: an exact entry, else the longest entry it starts with."""
        table = dict(self.prices)
        if model in table:
            return table[model]
        starts = [name for name in table if model.startswith(name)]
        return table[max(starts, key=len)] if starts else None


IGNORE_FILE = ".ledgerignore"
"""In a project folder: its sessions are never ingested (or, when the file says `llm: off`,
never sent to the LLM)."""


@dataclass(frozen=True, slots=True)
class Privacy:
    """Projects kept out: `skip` ones are never ingested, `no_llm` ones never sent to the LLM
    (folders, or globs such as `~/clients/*`), and any project with a `.ledgerignore`."""

    skip: tuple[str, ...] = ()
    no_llm: tuple[str, ...] = ()

    def of(self, project: str | None) -> str | None:
        """`skip`, `no-llm` or None for a session's project folder."""
        if not project:
            return None
        if _matches(project, self.skip):
            return "skip"
        marker = _ignore_file(project)
        if marker is not None:
            return "no-llm" if marker else "skip"
        return "no-llm" if _matches(project, self.no_llm) else None


def _matches(project: str, patterns: tuple[str, ...]) -> bool:
    from fnmatch import fnmatchcase

    for pattern in patterns:
        folder = os.path.expanduser(pattern).rstrip("/")
        if fnmatchcase(project, folder) or project == folder or project.startswith(folder + "/"):
            return True
    return False


IGNORE_BYTES = 64 * 1024
"""What is read of a `.ledgerignore` (a link to `/dev/zero` in a cloned repo never ends)."""


@lru_cache(maxsize=4096)
def _ignore_file(project: str) -> bool | None:
    """None without a `.ledgerignore`; True when it keeps the project from the LLM only. One
    that is not a regular file (a FIFO would block the run) keeps the project out: it is there."""
    from ledger.transcripts.discover import NotRegularFile, open_regular

    try:
        with open_regular(Path(project) / IGNORE_FILE) as handle:
            text = handle.read(IGNORE_BYTES).decode("utf-8", errors="replace")
    except NotRegularFile:
        return False
    except (OSError, ValueError):  # none, or a path no file can have (a NUL in the transcript's)
        return None
    return any(line.split("#")[0].replace(" ", "") == "llm:off" for line in text.splitlines())


@dataclass(frozen=True, slots=True)
class Config:
    """A ledger's location and settings."""

    root: Path
    sources: tuple[Path, ...] = ()
    projects: tuple[str, ...] = ()
    author: str | None = None
    llm: LlmConfig = LlmConfig()
    agents: tuple[tuple[str, str], ...] = ()
    """A roster: session-id prefixes and the names of the agents that ran them."""
    privacy: Privacy = Privacy()

    @property
    def llm_mode(self) -> str:
        return self.llm.mode

    @property
    def llm_model(self) -> str:
        return self.llm.model

    @property
    def state(self) -> Path:
        """The git-ignored folder of speed-ups (caches, lock, log): deletable at any time."""
        return self.root / ".ledger"


def locate(flag: Path | None, environ: Mapping[str, str], cwd: Path) -> Path:
    """--ledger, else $LEDGER_DIR, else the nearest folder up with ledger.yaml, else ~/ledger."""
    if flag is not None:
        return flag.expanduser()
    if environ.get("LEDGER_DIR"):
        return Path(environ["LEDGER_DIR"]).expanduser()
    for folder in (cwd, *cwd.parents):
        if (folder / CONFIG_FILE).is_file():
            return folder
    return DEFAULT_LOCATION.expanduser()


def _strings(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = data.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise LedgerError(f"`{key}` in {CONFIG_FILE} must be a list of strings", "fix the file")
    return tuple(value)


def existing(root: Path) -> Path:
    """`root`, checked to hold a ledger.yaml; a missing file means the ledger was never created."""
    if not (root / CONFIG_FILE).is_file():
        raise LedgerError(f"no ledger at {root} (no {CONFIG_FILE})", f"run `ledger init {root}`")
    return root


def _read(path: Path) -> Mapping[str, Any]:
    from ledger.store.frontmatter import yaml_rt

    try:
        data = yaml_rt().load(path.read_text(encoding="utf-8")) or {}
    except OSError as error:
        raise LedgerError(
            f"cannot read {path}: {error.strerror}", "check its permissions"
        ) from error
    except Exception as error:  # ruamel raises many types; all mean the same to the user
        message = " ".join(str(error).split())
        raise LedgerError(f"{path} is not valid YAML: {message}", "fix the file") from error
    if not isinstance(data, Mapping):
        raise LedgerError(f"{path} must be a mapping of settings", "fix the file")
    return data


def _version(data: Mapping[str, Any], path: Path) -> None:
    version = data.get("version", VERSIONS[-1])
    if isinstance(version, bool) or not isinstance(version, int):
        raise LedgerError(f"version in {path} must be a whole number, not {version!r}", "fix it")
    if version not in VERSIONS:
        newest = VERSIONS[-1]
        raise LedgerError(
            f"version {version} of {path} is not one this ledger understands (it reads {newest})",
            "upgrade ledger" if version > newest else f"set `version: {newest}`",
        )


def _settings(root: Path) -> Mapping[str, Any]:
    """ledger.yaml, checked, with this machine's ledger.local.yaml over it."""
    path = existing(root) / CONFIG_FILE
    data = _read(path)
    _version(data, path)
    shared = [key for key in LOCAL_ONLY if data.get(key)]
    if shared:
        raise LedgerError(
            f"`{shared[0]}` in {path} is shared with everyone who clones the ledger",
            f"move it to {LOCAL_CONFIG_FILE} beside it (git-ignored: this machine's settings)",
        )
    local = root / LOCAL_CONFIG_FILE
    return {**data, **_read(local)} if local.is_file() else data


def _author(value: Any, path: Path) -> str | None:
    """The machine's author override, checked now rather than when a commit is made."""
    if not value:
        return None
    if not isinstance(value, str) or not _AUTHOR.match(value):
        raise LedgerError(f"author {value!r} in {path} is not 'Name <email>'", "fix it")
    return value


def load(root: Path) -> Config:
    """Read `root/ledger.yaml` (and `ledger.local.yaml`); no file means no ledger was created."""
    path = root / CONFIG_FILE
    data = _settings(root)
    return Config(
        root=root,
        sources=tuple(Path(s).expanduser() for s in _strings(data, "sources")),
        projects=_strings(data, "projects"),
        author=_author(data.get("author"), root / LOCAL_CONFIG_FILE),
        llm=_llm(data.get("llm") or {}, path),
        agents=_agents(data.get("agents") or {}, path),
        privacy=_privacy(data.get("privacy") or {}, path),
    )


def _privacy(given: Any, path: Path) -> Privacy:
    if not isinstance(given, Mapping):
        raise LedgerError(f"privacy in {path} must have `skip:` and `no_llm:` lists", "fix it")
    lists = {key: given.get(key) or [] for key in ("skip", "no_llm")}
    if not all(isinstance(v, list) and all(isinstance(s, str) for s in v) for v in lists.values()):
        raise LedgerError(f"privacy.skip and privacy.no_llm in {path} must list folders", "fix it")
    return Privacy(tuple(lists["skip"]), tuple(lists["no_llm"]))


def _agents(given: Any, path: Path) -> tuple[tuple[str, str], ...]:
    """`agents:` as (session-id prefix, name) pairs, longest prefix first."""
    if not isinstance(given, Mapping) or not all(
        isinstance(k, str) and k and isinstance(v, str) and v for k, v in given.items()
    ):
        raise LedgerError(f"agents in {path} must map session-id prefixes to names", "fix it")
    return tuple(sorted(given.items(), key=lambda pair: (-len(pair[0]), pair[0])))


_NUMBERS: dict[str, tuple[type, float]] = {
    "max_tokens": (int, 1),
    "retries": (int, 0),
    "window_turns": (int, 1),
    "concurrency": (int, 1),
    "window_overlap": (int, 0),
    "max_window_chars": (int, 1000),
    "timeout": (float, 0.1),
    "budget_usd": (float, 0),
}
"""The schema of `llm:`'s numbers: (type, smallest value that works)."""


def _number(llm: Mapping[str, Any], key: str, kind: type, least: float, path: Path) -> Any:
    value = llm[key]
    whole = kind is int
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        expected = "a whole number" if whole else "a number"
        raise LedgerError(f"llm.{key} in {path} must be {expected}, not {value!r}", "fix it")
    if whole and value != int(value):
        raise LedgerError(f"llm.{key} in {path} must be a whole number, not {value!r}", "fix it")
    if value < least:
        raise LedgerError(f"llm.{key} in {path} must be {least:g} or more, not {value!r}", "fix it")
    return kind(value)


def _prices(given: Any, path: Path) -> tuple[tuple[str, Price], ...]:
    table = dict(DEFAULT_PRICES)
    if not isinstance(given, Mapping):
        raise LedgerError(f"llm.prices in {path} must map model names to prices", "fix it")
    for model, entry in given.items():
        keys = ("input", "output", "cache_read", "cache_write")
        if not isinstance(entry, Mapping) or not all(
            isinstance(entry.get(k), (int, float)) for k in keys[:2]
        ):
            raise LedgerError(
                f"llm.prices.{model} in {path} needs numbers `input` and `output` "
                "(USD per million tokens)",
                "fix it",
            )
        base = float(entry["input"])
        table[str(model)] = Price(
            base,
            float(entry["output"]),
            float(entry.get("cache_read", base * 0.1)),
            float(entry.get("cache_write", base * 1.25)),
        )
    return tuple(table.items())


def _llm(llm: Any, path: Path) -> LlmConfig:
    """The `llm:` section, checked: a wrong value stops the run with the key to fix."""
    if not isinstance(llm, Mapping):
        raise LedgerError(f"`llm` in {path} must be a mapping of settings", "fix the file")
    mode = str(llm.get("mode", "auto"))
    if mode not in LLM_MODES:
        raise LedgerError(f"llm.mode {mode!r} in {path} is not one of {LLM_MODES}", "fix the file")
    if llm.get("api_key"):
        raise LedgerError(
            f"llm.api_key in {path}: a key in ledger.yaml would be committed to git",
            "remove it; put the key in $ANTHROPIC_API_KEY (or the variable llm.api_key_env names)",
        )
    numbers = {k: _number(llm, k, *schema, path) for k, schema in _NUMBERS.items() if k in llm}
    settings = LlmConfig(
        mode=mode,
        model=str(llm.get("model") or DEFAULT_MODEL),
        base_url=str(llm["base_url"]) if llm.get("base_url") else None,
        api_key_env=str(llm.get("api_key_env") or "ANTHROPIC_API_KEY"),
        prices=_prices(llm.get("prices") or {}, path),
        **numbers,
    )
    if settings.window_turns <= settings.window_overlap:
        raise LedgerError(
            f"llm.window_turns in {path} must be larger than llm.window_overlap", "fix it"
        )
    return settings
