"""How `ledger sync` reports: one line for people, an object for programs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ledger.cli.render import console, error_console, print_json

if TYPE_CHECKING:
    from ledger.ingest.sync import SyncResult


def sync_json(result: SyncResult) -> None:
    data: dict[str, Any] = {
        "remote": result.remote,
        "branch": result.branch,
        "how": result.how,
        "received": result.received,
        "sent": result.sent,
        "settled": list(result.settled),
        "reextracted": result.reextracted,
        "joined": list(result.joined),
        "attempts": result.attempts,
        "head": result.head,
        "seconds": round(result.seconds, 3),
    }
    print_json(data)


def sync_report(result: SyncResult) -> None:
    if result.untracked:
        from ledger.cli.ingest_render import untracked_line

        error_console().print(untracked_line(result.untracked), markup=False)
    where = f"{result.remote}/{result.branch}"
    if result.how == "up to date" and not result.sent:
        console().print(f"Up to date with {where}.", markup=False)
        return
    received = f"received {result.received} commits ({result.how})" if result.received else ""
    sent = f"pushed {result.sent} commits" if result.sent else "nothing to push"
    settled = f", settled {len(result.settled)} files both sides wrote" if result.settled else ""
    if result.reextracted:
        settled += f" ({result.reextracted} extracted again from the transcript here)"
    if result.joined:
        settled += f", joined {len(result.joined)} renamed sessions' folders into one each"
    retried = f", after {result.attempts} attempts" if result.attempts > 1 else ""
    head = f"; now at {result.head[:10]}" if result.head else ""
    parts = ", ".join(p for p in (received, sent) if p)
    console().print(f"Synced with {where}: {parts}{settled}{retried}{head}.", markup=False)
