"""Charts drawn on the server as SVG geometry (the templates draw the shapes): sessions and
findings per day, tokens per project, findings by kind and by status. No script, no library."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date, timedelta

from ledger.models import KINDS
from ledger.viewer.model import Snapshot, project_name

DAYS = 60
"""The per-day charts cover the last this many days up to the newest session."""
WIDTH, HEIGHT = 1040, 160
ROW = 22
COLUMN = 36
"""The widest a day's bar gets, when there are few days."""
LABEL = 160


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    value: int
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True, slots=True)
class Chart:
    """A bar chart: `columns` (bars standing on a time axis) or rows (labelled bars)."""

    title: str
    bars: tuple[Bar, ...]
    width: int
    height: int
    columns: bool
    first: str = ""
    last: str = ""
    peak: int = 0


def _columns(title: str, counts: Counter[str], days: list[str]) -> Chart:
    peak = max((counts[d] for d in days), default=0) or 1
    step = min(WIDTH / max(len(days), 1), COLUMN)
    bars = []
    for n, day in enumerate(days):
        tall = (HEIGHT - 20) * counts[day] / peak
        bars.append(Bar(day, counts[day], n * step + 1, HEIGHT - 20 - tall, step - 2, tall))
    first, last = (days[0], days[-1]) if days else ("", "")
    width = max(round(step * len(days)), 240)
    return Chart(title, tuple(bars), width, HEIGHT, True, first, last, peak)


def _rows(title: str, counts: list[tuple[str, int]]) -> Chart:
    peak = max((v for _, v in counts), default=0) or 1
    bars = tuple(
        Bar(label, value, LABEL, n * ROW + 2, (WIDTH - LABEL - 90) * value / peak, ROW - 6)
        for n, (label, value) in enumerate(counts)
    )
    return Chart(title, bars, WIDTH, max(len(counts), 1) * ROW + 4, False, peak=peak)


def _days(dated: list[str]) -> list[str]:
    """Every day from the first dated one to the newest, at most the last DAYS of them."""
    try:
        first, end = date.fromisoformat(min(dated)), date.fromisoformat(max(dated))
    except ValueError:
        return []
    count = min(DAYS, (end - first).days + 1)
    return [(end - timedelta(days=n)).isoformat() for n in range(count - 1, -1, -1)]


def charts(snapshot: Snapshot) -> tuple[Chart, ...]:
    """The charts of the ledger as it is."""
    sessions = snapshot.graph.sessions
    findings = snapshot.graph.findings
    days = _days([s.date for s in sessions if s.date] or [""])
    tokens: Counter[str] = Counter()
    for s in sessions:
        tokens[project_name(s.project) or "none"] += s.tokens[0] + s.tokens[1]
    kinds = Counter(f.kind for f in findings)
    statuses = Counter(f.status or "none" for f in findings)
    return (
        _columns("Sessions per day", Counter(s.date for s in sessions), days),
        _columns("Findings per day", Counter(f.date for f in findings), days),
        _rows("Tokens per project (input + output)", tokens.most_common(12)),
        _rows("Findings by kind", [(k, kinds[k]) for k in KINDS if kinds[k]]),
        _rows("Findings by status", statuses.most_common()),
    )
