"""How well the structural engagements agree with the labelled ones on `shared/corpus`.

For each labelled engagement (a session, the turn its work starts at, its method), the structural
engagement holding that turn is looked up: the label agrees when the methods match. Prints the
agreement per session and in all (the issue's floor: 0.7), and the disagreements. Exits 0.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from ledger.extract.engagements import engagements  # noqa: E402
from ledger.transcripts.read import scan  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus"
LABELS = Path(__file__).resolve().parent / "labels" / "engagements.json"


def agreement(corpus: Path = CORPUS) -> tuple[float, list[str]]:
    """The share of labels the structural method agrees with, and a line per disagreement."""
    labels = json.loads(LABELS.read_text(encoding="utf-8"))["labels"]
    sessions = {s.session_id[:8]: s for s in scan([corpus]).sessions}
    agreed, missed = 0, []
    for label in labels:
        found = engagements(sessions[label["session"]])
        holding = [e for e in found if e.first_turn <= label["turn"] <= e.last_turn]
        method = holding[0].method if holding else "none"
        if method == label["method"]:
            agreed += 1
        else:
            missed.append(f"{label['session']} turn {label['turn']}: {label['method']} → {method}")
    return agreed / len(labels), missed


def main() -> None:
    share, missed = agreement()
    labels = json.loads(LABELS.read_text(encoding="utf-8"))["labels"]
    wrong = Counter(line.split()[0] for line in missed)
    for session in dict.fromkeys(label["session"] for label in labels):
        total = sum(label["session"] == session for label in labels)
        print(f"{session}: {total - wrong[session]}/{total}")
    print("\n".join(["disagreements:", *missed] if missed else ["no disagreement"]))
    print(f"method agreement: {share:.2f} of {len(labels)} labelled engagements (floor 0.70)")


if __name__ == "__main__":
    main()
