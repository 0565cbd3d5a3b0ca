"""How close the structural pass comes to what a careful reader keeps (issue 12).

`labels/findings.json` holds, per session of `shared/corpus` and the bundled samples, the findings
a careful reader keeps (kind, turn, key words any good title must hold) and things that must not
be findings. A finding *matches* a label when it is of the same session and its title and body
hold every key; it *states* it when its title holds every key. Printed: recall with the right
kind, title recall, precision (findings that match some label), per kind and per language, and
the misses. Targets: recall ≥ 0.85, titles ≥ 0.7, precision ≥ 0.8. Exits 0.

    python benchmarks/quality.py                                # the labels above
    python benchmarks/quality.py --labels KEY.json --corpus DIR # a set labelled the same way
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from ledger.extract.structural import extract_findings  # noqa: E402
from ledger.models import Finding  # noqa: E402
from ledger.transcripts.read import scan  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus"
SAMPLES = REPO / "ledger" / "samples"
LABELS = Path(__file__).resolve().parent / "labels" / "findings.json"
_MARKUP = re.compile(r"[`*_]")


def _norm(text: str) -> str:
    return " ".join(_MARKUP.sub("", text).casefold().split())


def _holds(text: str, keys: list[str]) -> bool:
    said = _norm(text)
    return all(_norm(key) in said for key in keys)


@dataclass
class Tally:
    labels: int = 0
    found: int = 0
    """Labels matched by a finding of the right kind."""
    titled: int = 0
    """Labels whose key words a finding's title states."""
    findings: int = 0
    correct: int = 0
    """Findings that match some label of their session."""
    misses: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.labels += other.labels
        self.found += other.found
        self.titled += other.titled
        self.findings += other.findings
        self.correct += other.correct

    def line(self, name: str) -> str:
        recall = self.found / self.labels if self.labels else 1.0
        titles = self.titled / self.labels if self.labels else 1.0
        precision = self.correct / self.findings if self.findings else 1.0
        return (
            f"{name:<12} labels {self.labels:>3}  findings {self.findings:>3}  recall {recall:.2f}"
            f"  titles {titles:.2f}  precision {precision:.2f}"
        )


def _score(findings: tuple[Finding, ...], labelled: dict[str, list]) -> dict[str, Tally]:
    """A tally per kind (labels by their kind, findings by theirs)."""
    tallies: dict[str, Tally] = defaultdict(Tally)
    labels = labelled.get("findings", [])
    for label in labels:
        tally = tallies[label["kind"]]
        tally.labels += 1
        same = [f for f in findings if f.kind == label["kind"]]
        if any(_holds(f"{f.title} {f.body}", label["key"]) for f in same):
            tally.found += 1
        else:
            tally.misses.append(f"missed {label['kind']} turn {label['turn']}: {label['key']}")
        if any(_holds(f.title, label["key"]) for f in findings):
            tally.titled += 1
    for finding in findings:
        tally = tallies[finding.kind]
        tally.findings += 1
        text = f"{finding.title} {finding.body}"
        if any(_holds(text, label["key"]) for label in labels):
            tally.correct += 1
        else:
            tally.misses.append(f"extra {finding.kind} turn {finding.turns[0]}: {finding.title}")
    return tallies


def quality(
    roots: tuple[Path, ...] = (CORPUS, SAMPLES), labels_file: Path = LABELS
) -> tuple[Tally, dict[str, Tally], dict[str, Tally], list[str]]:
    """The overall tally, per kind, per language, and a line per miss."""
    labels = json.loads(labels_file.read_text(encoding="utf-8"))["sessions"]
    sessions = {s.session_id[:8]: s for s in scan([r for r in roots if r.is_dir()]).sessions}
    total, by_kind, by_language = Tally(), defaultdict(Tally), defaultdict(Tally)
    misses: list[str] = []
    for short, labelled in sorted(labels.items()):
        if short not in sessions:
            continue
        for kind, tally in _score(extract_findings(sessions[short]), labelled).items():
            total.add(tally)
            by_kind[kind].add(tally)
            by_language[labelled.get("lang", "?")].add(tally)
            misses.extend(f"{short} {miss}" for miss in tally.misses)
    return total, dict(by_kind), dict(by_language), sorted(misses)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--labels", type=Path, default=LABELS, help="labels in the same shape")
    parser.add_argument("--corpus", type=Path, action="append", help="transcripts they label")
    args = parser.parse_args()
    roots = tuple(args.corpus) if args.corpus else (CORPUS, SAMPLES)
    total, by_kind, by_language, misses = quality(roots, args.labels)
    print("\n".join(misses))
    for kind, tally in sorted(by_kind.items()):
        print(tally.line(kind))
    for language, tally in sorted(by_language.items()):
        print(tally.line(language))
    print(total.line("all"))
    print("targets: recall ≥ 0.85, titles ≥ 0.70, precision ≥ 0.80")


if __name__ == "__main__":
    main()
