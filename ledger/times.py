"""Timestamps as agents write them: parsed to aware UTC datetimes, written back as ISO `...Z`."""

from __future__ import annotations

from datetime import datetime, timezone


def parse_time(value: str | None) -> datetime | None:
    """An ISO 8601 timestamp as an aware UTC datetime; None when absent or unreadable."""
    if not value:
        return None
    text = value.strip()
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc)


def canonical_time(moment: datetime) -> str:
    """`YYYY-MM-DDTHH:MM:SS.mmmZ`: the form Claude Code and Codex write, which sorts as text."""
    utc = moment.astimezone(timezone.utc)
    return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"


OLDEST = datetime.min.replace(tzinfo=timezone.utc)
"""Where a session without timestamps sorts: before every dated one."""
