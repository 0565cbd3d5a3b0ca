"""The structural pass against what a careful reader keeps (benchmarks/labels/findings.json).

The floors sit a little under the figures measured when the labels were made (see
benchmarks/quality.py for the figures): a change that loses findings people keep, or adds
findings nobody would, fails here."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
RECALL, TITLES, PRECISION = 0.45, 0.3, 0.6


@pytest.mark.skipif(not CORPUS.is_dir(), reason="shared/corpus is not here")
def test_the_structural_pass_holds_its_floor_on_the_labelled_sessions() -> None:
    sys.path.insert(0, str(BENCHMARKS))
    from quality import quality

    total, by_kind, _, _ = quality()
    assert total.labels >= 70
    assert total.found / total.labels >= RECALL
    assert total.titled / total.labels >= TITLES
    assert total.correct / total.findings >= PRECISION
    assert by_kind["todo"].correct / by_kind["todo"].findings >= 0.8
