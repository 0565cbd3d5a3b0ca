"""Timestamps as agents write them: parsed to aware UTC datetimes, written back as ISO `...Z`."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta, timezone


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


_AGO = re.compile(r"(\d{1,5})([dw])")


def parse_day(value: str, today: date, end: bool = False) -> date:
    """A day as people type it: `2026-11-24`, `2026-11` (its first day, or its last with
    `end`), `7d` and `2w` (that long before `today`), `today`, `yesterday`."""
    text = value.strip().lower()
    if text in ("today", "yesterday"):
        return today - timedelta(days=text == "yesterday")
    if ago := _AGO.fullmatch(text):
        return today - timedelta(days=int(ago[1]) * (7 if ago[2] == "w" else 1))
    try:
        return datetime.strptime(text, "%Y-%m-%d").date()
    except ValueError:
        pass
    try:
        first = datetime.strptime(text, "%Y-%m").date()
    except ValueError:
        raise ValueError(
            f"{value!r} is not a day: say 2026-11-24, 2026-11, 7d, 2w, today or yesterday"
        ) from None
    if not end:
        return first
    return (first.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)


OLDEST = datetime.min.replace(tzinfo=timezone.utc)
"""Where a session without timestamps sorts: before every dated one."""
