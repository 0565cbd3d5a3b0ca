"""The Anthropic Messages API behind a one-method interface; the SDK is imported on first call.

`ledger --help` and a run with nothing to send never import `anthropic`. Every failure the API
or the network can produce becomes one `LlmError` with a one-line reason, so the pass can keep
the structural findings, mark the session for retry and go on.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

from ledger.models import Tokens

FATAL_STATUS = frozenset({401, 403, 404})
"""A bad key, a forbidden or unknown model: every later call would fail the same way."""


class LlmError(Exception):
    """A call that gave no usable answer; `fatal` when no later call can succeed either."""

    def __init__(self, reason: str, fatal: bool = False, tokens: Tokens | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.fatal = fatal
        self.tokens = tokens or Tokens()


@dataclass(frozen=True, slots=True)
class Reply:
    """What came back: the forced tool call's input, why the model stopped, what it cost."""

    tool_input: Mapping[str, Any] | None
    stop_reason: str | None
    tokens: Tokens = field(default_factory=Tokens)


class MessagesApi(Protocol):
    """The one thing the LLM pass needs from the API: one message for one request."""

    def create(self, params: Mapping[str, Any]) -> Reply:
        """Send `params` (the keyword arguments of `messages.create`); raise LlmError."""
        ...


class BatchApi(Protocol):
    """The Message Batches API: many requests at half price, answered within 24 hours."""

    def submit(self, requests: Sequence[tuple[str, Mapping[str, Any]]]) -> str:
        """Submit (custom id, params) pairs; the batch id. Raise LlmError."""
        ...

    def ended(self, batch_id: str) -> bool:
        """Whether the batch has finished processing. Raise LlmError."""
        ...

    def results(self, batch_id: str) -> Iterator[tuple[str, Reply | None]]:
        """(custom id, reply) of an ended batch; None for a request that errored or expired."""
        ...


def _tokens(usage: Any) -> Tokens:
    if usage is None:
        return Tokens()
    return Tokens(
        input=int(getattr(usage, "input_tokens", 0) or 0),
        output=int(getattr(usage, "output_tokens", 0) or 0),
        cache_read=int(getattr(usage, "cache_read_input_tokens", 0) or 0),
        cache_creation=int(getattr(usage, "cache_creation_input_tokens", 0) or 0),
    )


def _reply(message: Any, tool: str) -> Reply:
    """The forced tool call of a message, or None where the model did not make it."""
    tool_input = None
    for block in getattr(message, "content", None) or []:
        if getattr(block, "type", None) == "tool_use" and getattr(block, "name", None) == tool:
            tool_input = block.input if isinstance(block.input, Mapping) else None
            break
    return Reply(tool_input, getattr(message, "stop_reason", None), _tokens(message.usage))


def _status_reason(status: int, message: str) -> str:
    names = {429: "rate limited", 529: "overloaded", 500: "server error"}
    name = names.get(status, "server error" if status >= 500 else "request refused")
    detail = " ".join(message.split())[:160]
    return f"HTTP {status} {name}: {detail}" if detail else f"HTTP {status} {name}"


class AnthropicMessages:
    """`MessagesApi` through the official SDK, with its own retries (backoff, Retry-After)."""

    def __init__(
        self, api_key: str, base_url: str | None, timeout: float, retries: int, tool: str
    ) -> None:
        self._settings = (api_key, base_url, timeout, retries)
        self._tool = tool
        self._client: Any = None

    def _sdk(self) -> Any:
        if self._client is None:
            import anthropic  # ~1 s of imports, paid only by a run that sends something

            api_key, base_url, timeout, retries = self._settings
            # An explicit key: the SDK then reads no profile or other credential from disk;
            # base_url None lets it honour $ANTHROPIC_BASE_URL as it always does.
            self._client = anthropic.Anthropic(
                api_key=api_key, base_url=base_url, timeout=timeout, max_retries=retries
            )
        return self._client

    def create(self, params: Mapping[str, Any]) -> Reply:
        with _errors():
            return _reply(self._sdk().messages.create(**params), self._tool)

    def submit(self, requests: Sequence[tuple[str, Mapping[str, Any]]]) -> str:
        batch = [{"custom_id": custom_id, "params": dict(params)} for custom_id, params in requests]
        with _errors():
            return str(self._sdk().messages.batches.create(requests=batch).id)

    def ended(self, batch_id: str) -> bool:
        with _errors():
            status = self._sdk().messages.batches.retrieve(batch_id).processing_status
        return bool(status == "ended")

    def results(self, batch_id: str) -> Iterator[tuple[str, Reply | None]]:
        with _errors():
            for item in self._sdk().messages.batches.results(batch_id):
                ok = item.result.type == "succeeded"
                yield item.custom_id, _reply(item.result.message, self._tool) if ok else None


@contextmanager
def _errors() -> Iterator[None]:
    """Every failure of the SDK or the network as one LlmError with a one-line reason."""
    import anthropic

    try:
        yield
    except anthropic.APIStatusError as error:
        reason = _status_reason(error.status_code, str(error.message))
        raise LlmError(reason, fatal=error.status_code in FATAL_STATUS) from error
    except anthropic.APITimeoutError as error:
        raise LlmError("timed out waiting for the API") from error
    except anthropic.APIConnectionError as error:
        cause = error.__cause__ or error
        raise LlmError(f"cannot reach the API: {' '.join(str(cause).split())[:160]}") from error
    except (anthropic.AnthropicError, ValueError, TypeError, AttributeError) as error:
        raise LlmError(f"unreadable reply: {' '.join(str(error).split())[:160]}") from error
