"""Find the ledger (flag > $LEDGER_DIR > walk up to ledger.yaml > ~/ledger) and read its config."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ledger.errors import LedgerError

CONFIG_FILE = "ledger.yaml"
DEFAULT_LOCATION = Path("~/ledger")
LLM_MODES = ("auto", "on", "off")
DEFAULT_MODEL = "claude-sonnet-4-5"


@dataclass(frozen=True, slots=True)
class Config:
    """A ledger's location and settings."""

    root: Path
    sources: tuple[Path, ...] = ()
    projects: tuple[str, ...] = ()
    author: str | None = None
    llm_mode: str = "auto"
    llm_model: str = DEFAULT_MODEL

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


def load(root: Path) -> Config:
    """Read `root/ledger.yaml`; a missing file means the ledger was never created."""
    from ledger.store.frontmatter import yaml_rt

    path = root / CONFIG_FILE
    if not path.is_file():
        raise LedgerError(f"no ledger at {root} (no {CONFIG_FILE})", f"run `ledger init {root}`")
    try:
        data = yaml_rt().load(path.read_text(encoding="utf-8")) or {}
    except Exception as error:  # ruamel raises many types; all mean the same to the user
        raise LedgerError(f"{path} is not valid YAML: {error}", "fix the file") from error
    if not isinstance(data, Mapping):
        raise LedgerError(f"{path} must be a mapping of settings", "fix the file")
    llm = data.get("llm") or {}
    mode = str(llm.get("mode", "auto"))
    if mode not in LLM_MODES:
        raise LedgerError(f"llm.mode {mode!r} in {path} is not one of {LLM_MODES}", "fix the file")
    return Config(
        root=root,
        sources=tuple(Path(s).expanduser() for s in _strings(data, "sources")),
        projects=_strings(data, "projects"),
        author=str(data["author"]) if data.get("author") else None,
        llm_mode=mode,
        llm_model=str(llm.get("model", DEFAULT_MODEL)),
    )
