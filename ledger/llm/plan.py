"""Whether and how the LLM pass runs, resolved once per run: light, so a run with nothing to do
can compute its cache keys without importing the pass itself."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from ledger.config import Config, LlmConfig, Privacy
from ledger.errors import LedgerError
from ledger.versions import EXTRACTORS, LLM_PREFIX, llm_extractor


@dataclass(frozen=True, slots=True)
class LlmPlan:
    """The LLM settings of one run, resolved from ledger.yaml, the options and the environment."""

    settings: LlmConfig
    active: bool
    """The mode resolved to on: windows missing from the cache are sent (or, dry, estimated)."""
    api_key: str | None = None
    reextract: bool = False
    budget_usd: float | None = None
    dry_run: bool = False
    batch: bool = False
    """Queue the windows to send into one Message Batch (half price) instead of sending them."""
    collect: bool = False
    """Collect the answers of ended batches (done by any run with the LLM on)."""
    privacy: Privacy = field(default_factory=Privacy)
    """Projects whose sessions are never sent (`privacy.no_llm`, `.ledgerignore`)."""

    @property
    def model(self) -> str:
        return self.settings.model

    @property
    def extractors(self) -> tuple[str, ...]:
        """What a session completed under this plan records (its cache key in `_session.md`)."""
        return (*EXTRACTORS, llm_extractor(self.model)) if self.active else EXTRACTORS

    def is_done(self, recorded: str) -> bool:
        """Whether a session whose `_session.md` records `recorded` needs no more work."""
        parts = recorded.split(", ")
        base = [p for p in parts if not p.startswith(LLM_PREFIX)]
        if base != list(EXTRACTORS) or self.reextract:
            return False
        # A session once completed by any model or prompt is done until --reextract: a new
        # prompt version or model alone never re-sends the whole ledger.
        return not self.active or len(base) < len(parts)


def plan_llm(
    config: Config,
    environ: Mapping[str, str],
    choice: bool | None = None,
    model: str | None = None,
    budget_usd: float | None = None,
    reextract: bool = False,
    dry_run: bool = False,
    batch: bool = False,
    collect: bool = False,
) -> LlmPlan:
    """`--llm` (on) / `--no-llm` (off) / the configured mode; `on` without a key is an error."""
    settings = config.llm
    if model:
        settings = replace(settings, model=model)
    if (batch or collect) and choice is False:
        raise LedgerError("--batch and --collect need the LLM pass", "drop --no-llm")
    mode = {True: "on", False: "off", None: "on" if batch or collect else settings.mode}[choice]
    key = environ.get(settings.api_key_env) or None
    if mode == "on" and key is None and not dry_run:
        raise LedgerError(
            f"the LLM pass is on but ${settings.api_key_env} is not set",
            f"export {settings.api_key_env}, or run with --no-llm (llm.mode: off in ledger.yaml)",
        )
    active = mode == "on" or (mode == "auto" and key is not None)
    budget = budget_usd if budget_usd is not None else settings.budget_usd
    if active and budget is not None and settings.price(settings.model) is None:
        raise LedgerError(
            f"a budget is set but llm.prices has no price for {settings.model}",
            "add one under llm.prices in ledger.yaml",
        )
    return LlmPlan(
        settings, active, key, reextract, budget, dry_run, batch, collect, config.privacy
    )
