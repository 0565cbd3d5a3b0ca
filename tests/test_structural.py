"""The structural pass: findings recognised without a model, and how tool errors ended."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.extract.patterns import PATTERNS, Pattern
from ledger.extract.prose import capitalise, first_sentence, imperative, sentences, shorten
from ledger.extract.structural import (
    ACKNOWLEDGED_CONFIDENCE,
    EXTRACTOR_VERSION,
    TAKEAWAYS,
    ErrorOutcome,
    error_outcomes,
    extract_findings,
)
from ledger.models import KINDS, Finding, Kind, Session, finding_id
from ledger.transcripts.builder import SessionBuilder
from ledger.transcripts.read import scan

SAMPLES = Path(__file__).resolve().parents[1] / "ledger" / "samples"
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
JWT = "4f35e220-8c1d-4b7e-9a51-2d6f0c3b7e14"
CACHE = "b71d2a94-3e6f-4c08-8d25-71f0a9e6c3b2"
RATE_LIMIT = "01a1f83b-fd59-79b4-aa49-23a6df2f18fd"
GHOST = "e2a8c517-90d4-4f1b-b6e3-5c4d19a07f68"
RUFF = "01a202b5-f122-75c0-a26b-d7368baf568a"

Call = tuple[str, str, str, bool]
"""A tool call as (name, detail, result, is_error)."""
Exchange = tuple[str, list[str | Call]]
"""A prompt and what the agent did: its texts and tool calls, in order."""

OPENING: list[Exchange] = [
    ("Have a look at the reports module.", ["It builds one report per tenant."]),
    ("Now look at where it is called from.", ["From the `/v1/reports` route only."]),
]
"""Two neutral turns, so a session built for a test is not a ghost (fewer than 3 prompts)."""


def _session(
    *exchanges: Exchange, preamble: tuple[Call, ...] = (), session_id: str = "s-1"
) -> Session:
    build = SessionBuilder("claude-code", Path("/tmp/s.jsonl"))
    build.session_id = session_id
    build.project = "/home/dev/app"
    calls = 0

    def add(step: str | Call) -> None:
        nonlocal calls
        if isinstance(step, str):
            build.add_text(step)
            return
        calls += 1
        name, detail, result, is_error = step
        build.add_call(f"c{calls}", name, detail)
        build.set_result(f"c{calls}", result, is_error)

    for call in preamble:
        add(call)
    for n, (prompt, steps) in enumerate(exchanges, start=1):
        build.start_turn(prompt, f"2026-11-21T10:{n:02d}:00.000Z")
        for step in steps:
            add(step)
    return build.build(skipped_lines=0)


def _chat(*exchanges: Exchange) -> Session:
    """A session whose turns 3, 4… are the given exchanges."""
    return _session(*OPENING, *exchanges)


def _kinds(session: Session, kind: Kind) -> list[Finding]:
    return [f for f in extract_findings(session) if f.kind == kind]


def _samples() -> dict[str, Session]:
    return {s.session_id: s for s in scan([SAMPLES]).sessions}


# recognising each kind


EXAMPLES: dict[str, tuple[str, str]] = {
    "todo-marker": (
        "TODO: add an index on `events.tenant_id`.",
        "Add an index on `events.tenant_id`",
    ),
    "follow-up": ("Follow-up: rotate the leaked staging key.", "Rotate the leaked staging key"),
    "todo-label": (
        "Remaining: the cleanup job still needs a regression test.",
        "The cleanup job still needs a regression test",
    ),
    "later-we-should": ("Later we should split the worker.", "Split the worker"),
    "remember-to": (
        "Remember to rotate the staging keys next week.",
        "Rotate the staging keys next week",
    ),
    "it-is": ("Option B it is: a queue per tenant.", "Option B it is: a queue per tenant"),
    "maybe-the-cause": (
        "Perhaps the stale DNS cache is the culprit.",
        "Perhaps the stale DNS cache is the culprit",
    ),
    "til": (
        "TIL: Postgres advisory locks are per session, not per transaction.",
        "Postgres advisory locks are per session, not per transaction",
    ),
    "found-the-bug": (
        "Found the bug: the retry loop never reset its counter.",
        "The retry loop never reset its counter",
    ),
    "the-fix-was": (
        "The fix was to pin the tzdata package in the base image.",
        "The fix was to pin the tzdata package in the base image",
    ),
    "next-steps": ("Next steps: backfill the column.", "Backfill the column"),
    "lets-go-with": ("Let's go with Redis.", "Go with Redis"),
    "lets-use": ("Let's use SQLite for the cache.", "Use SQLite for the cache"),
    "decision-label": ("Decision: keep the API synchronous.", "Keep the API synchronous"),
    "we-decided": ("We decided to drop Python 3.9.", "Drop Python 3.9"),
    "i-decided": ("I decided to keep the old endpoint.", "Keep the old endpoint"),
    "decided-to": ("After the review the team decided to ship on Monday.", ""),
    "well-use": ("We'll use Postgres advisory locks.", "Use Postgres advisory locks"),
    "going-with": ("We're going with the queue.", "Go with the queue"),
    "agreed": ("Agreed, one PR per service.", "One PR per service"),
    "note-a-todo": (
        "Add a TODO to bump the lockfile after the release.",
        "Bump the lockfile after the release",
    ),
    "standing-directive": (
        "Fix it, and keep the log format without the offset.",
        "Keep the log format without the offset",
    ),
    "instead-because": ("Use a queue rather than cron, since jobs must survive restarts.", ""),
    "i-suspect": ("I suspect the fixture reuses a closed connection.", ""),
    "my-hypothesis": ("My hypothesis is that the cache key ignores the locale.", ""),
    "probably-caused": ("The timeout is probably caused by DNS lookups.", ""),
    "might-be-because": ("The flake might be because of test ordering.", ""),
    "i-think-the-cause": ("I think the problem is the retry loop.", ""),
    "ich-vermute": ("Ich vermute, dass der Hook nie geladen wird.", ""),
    "same-problem-left": (
        "I didn't touch the admin export; it has the same problem.",
        "I didn't touch the admin export; it has the same problem",
    ),
    "use-everywhere": (
        "Use UTC everywhere, convert only in the UI.",
        "Use UTC everywhere, convert only in the UI",
    ),
    "root-cause-was": (
        "The root cause was a naive datetime.",
        "The root cause was a naive datetime",
    ),
    "root-cause-label": ("**Root cause.** A naive datetime in the token.", ""),
    "ursache-label": ("**Ursache:** Der Pfad war falsch.", "Ursache: Der Pfad war falsch"),
    "turns-out": ("It turns out the CI image sets TZ=UTC.", ""),
    "the-problem-was": ("The problem was a stale lock file.", ""),
    "the-problem-is-that": ("The issue is that the env var holds a placeholder.", ""),
    "learned-that": ("We learned that the gateway strips the header.", ""),
    "the-reason-is": ("The reason is that the job runs twice.", ""),
    "open-question": ("Open question: do we keep the v1 endpoint?", "Do we keep the v1 endpoint?"),
    "still-unclear": ("It is still unclear whether the gateway retries.", ""),
    "unresolved": ("The retention period for audit rows is still to be decided.", ""),
    "once-merged": (
        "We'll need to update the README once this merges.",
        "We'll need to update the README once this merges",
    ),
    "switching-to": ("We're switching the queue to SQS.", "We're switching the queue to SQS"),
    "use-not": ("Use Postgres, not MySQL.", "Use Postgres, not MySQL"),
    "settling-order": ("ship it with the flag off", "Ship it with the flag off"),
    "i-wonder": (
        "I wonder if the proxy strips the Authorization header.",
        "I wonder if the proxy strips the Authorization header",
    ),
    "looks-like-a": (
        "This smells like a DNS caching issue.",
        "This smells like a DNS caching issue",
    ),
    "perhaps-so": (
        "Perhaps the index isn't used because of the cast.",
        "Perhaps the index isn't used because of the cast",
    ),
    "comes-from": (
        "The slowdown comes from N+1 queries in the serializer.",
        "The slowdown comes from N+1 queries in the serializer",
    ),
    "lets-not": ("Let's not add an ORM here.", "Don't add an ORM here"),
    "lets-verb": ("Let's keep the old endpoint until May.", "Keep the old endpoint until May"),
    "rule-label": ("Rule: every migration is reversible.", "Every migration is reversible"),
    "chose-to": ("We chose to keep the retries at 3.", "Keep the retries at 3"),
    "chose": ("I went with a token bucket.", "Go with a token bucket"),
    "we-should-use": ("We should use feature flags for the rollout.", ""),
    "the-plan-is": ("The plan is to migrate billing first.", "Migrate billing first"),
    "might-be-that": ("It might be that the token expires first.", ""),
    "happens-because": ("This fails because the fixture is shared.", ""),
    "insight-label": ("Key finding: the TLS handshake takes 80% of it.",
                      "The TLS handshake takes 80% of it"),
    "likely-culprit": ("The likely culprit is the N+1 query in the serializer.", ""),
    "didnt-get-to": ("I didn't get to the Windows installer.", "The Windows installer"),
    "still-needs": ("The cleanup job still needs a regression test.", ""),
    "not-yet": ("The retry policy is not implemented yet.", ""),
    "untested-test": ("I haven't tested the export on Windows yet.", "Test the export on Windows"),
    "untested-run": ("I didn't run the full integration suite because it needs Docker.",
                     "Run the full integration suite because it needs Docker"),
    "untested-try": ("We haven't tried the new pooler with Python 3.13 yet.",
                     "Try the new pooler with Python 3.13"),
    "untested-load": ("Nobody has actually loaded the build in Firefox ESR 115 yet.",
                      "Load the build in Firefox ESR 115"),
    "untested-state": ("There's no test for the retry path of the uploader.", ""),
    "if-then-do": ("If the error rate climbs again, roll back to 2.3.1 and ping me.", ""),
    "well-verb": ("We'll ship the flag off by default and enable it per tenant.",
                  "Ship the flag off by default and enable it per tenant"),
    "recommend": ("I'd go with advisory locks, since every worker holds a connection.",
                  "Go with advisory locks, since every worker holds a connection"),
    "fix-is-likely": ("The fix is likely a longer timeout on the health check.", ""),
    "could-it-be": ("Could it be that the token expires during the upload?",
                    "The token expires during the upload"),
    "risk-is": ("The main risk is that a writer forgets to bump the version.",
                "A writer forgets to bump the version"),
    "worth-knowing": ("Worth knowing: the SDK retries 429s on its own.",
                      "The SDK retries 429s on its own"),
    "remind-me": ("Remind me to rotate the Stripe keys after the audit.",
                  "Rotate the Stripe keys after the audit"),
    "takeaway-is": ("The takeaway for me is to pin every transitive dependency.",
                    "Pin every transitive dependency"),
    "pick-option": ("I'm fine with option B, do that.", "I'm fine with option B, do that"),
    "assent-choice": ("Yes, use the queue approach.", "Use the queue approach"),
    "go-ahead-with": ("Go ahead with the migration to Postgres 16.",
                      "Go ahead with the migration to Postgres 16"),
    "well-not": ("We will not support Windows for the first release.",
                 "Don't support Windows for the first release"),
    "i-think-so": ("I think the cache isn't cleared after the deploy.",
                   "The cache isn't cleared after the deploy"),
    "chose-not-to": ("We decided not to shard by tenant until we pass 10k tenants.",
                     "Don't shard by tenant until we pass 10k tenants"),
    "lets-later": ("Let's enable DTZ in a separate PR next week.",
                   "Enable DTZ in a separate PR next week"),
    "on-the-list": ("Not now. Put the leakage check on the list.",
                    "Put the leakage check on the list"),
    "dont-know-whether-at-the-end": (
        "I don't know whether the export should skip archived tenants.",
        "Whether the export should skip archived tenants?",
    ),
    "others-decided": ("Fine, but the docs guild decided it stays at throw.",
                       "The docs guild decided it stays at throw"),
    "decided-with": ("Decided with the team: responses stay snake_case at the boundary.",
                      "Responses stay snake_case at the boundary"),
    "kept-because": ("We kept the sync API because all three callers iterate anyway.",
                     "Kept the sync API because all three callers iterate anyway"),
    "left-for-later": ("The charts still use hard-coded colors; left that for a follow-up.",
                       "Left that for a follow-up"),
    "choosing-now": ("Switching the export job to polars: lazy scans keep memory under 6 GB.",
                     "Switching the export job to polars: lazy scans keep memory under 6 GB"),
    "we-keep-now": ("ok then we keep picard for now, the threshold was validated against it.",
                    "We keep picard for now, the threshold was validated against it"),
    "choosing-now-since": ("Since the other services log JSON, I'm switching this one to JSON too.",
                           "Switching this one to JSON too"),
    "which-is-why": ("In UTC the two errors cancel out, which is why CI never saw it.", ""),
    "not-sure-whether": ("I wasn't sure whether empty exports should return a 204; I kept the CSV.",
                         "Whether empty exports should return a 204?"),
    "someone-has-to": ("Someone has to tell the mobile team about the new error codes.",
                       "Someone has to tell the mobile team about the new error codes"),
    "should-be-once": ("The v1 webhook route should be removed once the last partner migrates.",
                       "The v1 webhook route should be removed once the last partner migrates"),
    "needs-doing": ("The 4 GB memory alert in alerts/export.yaml still needs lowering.",
                    "The 4 GB memory alert in alerts/export.yaml still needs lowering"),
    "scratch-that": ("Scratch the sidecar idea from earlier, we'll just log to stdout.",
                     "Log to stdout"),
    "decided-label": ("Vale, decidido: usamos pnpm en todo el monorepo.",
                      "Usamos pnpm en todo el monorepo"),
    "just-learned": ("I just learned the staging DB is a read replica of prod.",
                     "The staging DB is a read replica of prod"),
    "profile-shows": ("The profile shows that gzip, not the query, is where the time goes.",
                      "The profile shows that gzip, not the query, is where the time goes"),
    "note-that": ("Note that the S3 client retries 503s on its own, up to four times.",
                  "The S3 client retries 503s on its own, up to four times"),
    "i-bet": ("I bet it's the connection pool running dry under the batch load.",
              "It's the connection pool running dry under the batch load"),
    "culprit-label": ("Likely culprit: the new uvloop release we bumped to on Monday.",
                      "The new uvloop release we bumped to on Monday"),
    "probably-the": ("Probably the DNS cache in the sidecar still holds the old address.",
                     "Probably the DNS cache in the sidecar still holds the old address"),
    "still-unclear-at-the-end": ("It's still unclear who owns the shared-types package.",
                                 "It's still unclear who owns the shared-types package?"),
    "wonder-whether": ("I wonder whether we should keep the v1 endpoints past June?",
                       "Whether we should keep the v1 endpoints past June?"),
    "ask-someone-whether": ("I'll ask legal whether we can keep the logs for 90 days.",
                            "Whether we can keep the logs for 90 days?"),
    "asked-then-open": ("Who owns the shared-types package is still an open point.",
                        "Who owns the shared-types package?"),
    "could-not-determine": ("One thing I couldn't determine: is tenant_id unique across regions?",
                            "Is tenant_id unique across regions?"),
    "only-when": ("It only fails when test_export.py runs first, because it sets TZ globally.",
                  ""),
    "comes-from-not": ("The 413 comes from the ingress, not the app: its body limit is 1m.", ""),
    "learned-is": ("The main thing I learned today is that a green Dependabot check means little.",
                   "A green Dependabot check means little"),
    "period-or-rather": ("The max upload size is 25 MB, period.", ""),
    "could-be-the": ("It could be the CDN caching the 404 from before the upload.", ""),
    "just-realized": ("Oh wait, I just realized the mobile app still sends version 1 headers.",
                      "The mobile app still sends version 1 headers"),
    "bisect-landed": ("Bisect landed on a3f91c2, the commit that upgraded date-fns to v3.", ""),
    "cant-ship-until": ("We can't ship until the migration has a down step.", ""),
    "open-question-stated": ("What happens to in-flight jobs during a deploy is still an open"
                             " question.", ""),
    "question-for-you": ("Question for you: should expired sessions cut a running export?",
                         "Should expired sessions cut a running export?"),
}  # fmt: skip
"""One sentence per row of the pattern table, and its title when the row builds one."""


def test_every_pattern_row_has_an_example() -> None:
    assert sorted(EXAMPLES) == sorted(pattern.name for pattern in PATTERNS)


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda pattern: pattern.name)
def test_each_pattern_is_recognised_with_its_confidence(pattern: Pattern) -> None:
    sentence, title = EXAMPLES[pattern.name]
    by_user = pattern.user is not None
    exchange = (sentence, ["Noted."]) if by_user else ("Go on.", [sentence])
    found = _kinds(_chat(exchange), pattern.kind)
    assert len(found) == 1
    assert found[0].turns == (3,)
    assert found[0].confidence == (pattern.user if by_user else pattern.assistant)
    assert found[0].title == (title or found[0].title)


def test_decision_body_keeps_the_reason_and_the_rejected_alternative() -> None:
    session = _chat(
        (
            "OK, decision: Redis with versioned keys. We're not doing the LRU: it can't be "
            "invalidated across pods. What TTL should we use?",
            ["One hour."],
        )
    )
    (decision,) = _kinds(session, "decision")
    assert decision.title == "Redis with versioned keys"
    assert "We're not doing the LRU: it can't be invalidated across pods." in decision.body
    assert "What TTL" not in decision.body
    assert decision.status == "open"


def test_terse_agreement_is_a_decision_with_the_proposal_it_accepts() -> None:
    session = _chat(
        ("What about refresh.py?", ["I'd move `refresh.py` to its own PR, after the migration."]),
        ("Agreed, separate PR for refresh.py.", ["Noted."]),
    )
    (decision,) = _kinds(session, "decision")
    assert decision.title == "Separate PR for refresh.py"
    assert decision.turns == (4,)
    assert "In reply to turn 3: I'd move `refresh.py` to its own PR" in decision.body


def test_items_under_a_follow_ups_heading_are_todos() -> None:
    answer = "Summary of the fix.\n\n**Follow-ups.**\n- Migrate the audit table.\n- Drop the shim."
    found = _kinds(_chat(("Summarise.", [answer])), "todo")
    assert sorted(f.title for f in found) == ["Drop the shim", "Migrate the audit table"]


def test_an_item_named_in_bold_keeps_its_name_and_a_bold_sentence_is_its_title() -> None:
    answer = (
        "Two commits.\n\n**Not done yet**\n"
        "- **Backfill of the stored proration lines**: the old `invoice_items` still carry the "
        "wrong amounts.\n"
        "- **DST isn't covered by a spec.** Seconds-based proration should handle the switch."
    )
    found = _kinds(_chat(("What's not done?", [answer])), "todo")
    assert sorted(f.title for f in found) == [
        "Backfill of the stored proration lines: the old `invoice_items` still carry the wrong "
        "amounts",
        "DST isn't covered by a spec",
    ]


def test_bold_words_an_item_goes_on_from_are_its_own_not_a_label() -> None:
    answer = (
        "Summary of the fix.\n\n**Follow-ups.**\n"
        "- **Delta-compress snapshots** against the last snapshot the client acked.\n"
        "- **Dashboard.** Put a real tick-period histogram on it."
    )
    found = _kinds(_chat(("Summarise.", [answer])), "todo")
    assert sorted(f.title for f in found) == [
        "Dashboard: Put a real tick-period histogram on it",  # a label: what `it` is
        "Delta-compress snapshots against the last snapshot the client acked",
    ]


@pytest.mark.parametrize(
    "heading", ["## Root cause", "**Cause**", "__Cause:__", "Cause:", "[Cause](notes.md):"]
)
def test_items_under_a_cause_heading_are_insights(heading: str) -> None:
    """The heading's word is a key where a word starts: `because` alone makes a message worth
    no reading (most answers say it), `Cause` over a list does."""
    item = "The cron job runs in UTC while the report expects local time."
    answer = f"Looked at the logs.\n\n{heading}\n- {item}"
    session = _chat(("Check the nightly report logs.", [answer]), ("Go on", ["On it."]))
    (insight,) = _kinds(session, "insight")
    assert insight.title.startswith("The cron job runs in UTC")


def test_open_question_in_the_closing_answer() -> None:
    answer = (
        "Committed. One thing the code can't settle: should rotation get the same leeway as "
        "access tokens? That is a security call."
    )
    (question,) = _kinds(_chat(("Commit it.", [answer])), "question")
    assert question.title == "Should rotation get the same leeway as access tokens?"
    assert "That is a security call." in question.body
    assert question.status == "open"


@pytest.mark.parametrize(
    ("answer", "titles"),
    [
        # what "we" should change is left to the person, with what the question points back at
        ("Both models are fixed. For you to decide (not changed): the warehouse has "
         "AUTO_SUSPEND = 600. Should we lower it to 60 seconds? It costs a little every night.",
         ["The warehouse has AUTO_SUSPEND = 600 — Should we lower it to 60 seconds?"]),
        ("Beide Modelle sind angepasst. Zur Entscheidung (nicht geändert): WH_TRANSFORM hat "
         "AUTO_SUSPEND = 600. Sollen wir das auf 60 Sekunden senken?",
         ["WH_TRANSFORM hat AUTO_SUSPEND = 600 — Sollen wir das auf 60 Sekunden senken?"]),
        ("Committed e4f0c21. Open: whether last quarter's numbers can be compared at all.",
         ["Whether last quarter's numbers can be compared at all?"]),
        # going on is an offer, not a question left open
        ("The migration is ready on staging. Shall we proceed with the production run?", []),
        ("Die Migration ist fertig. Sollen wir mit dem nächsten Schritt weitermachen?", []),
    ],
)  # fmt: skip
def test_what_the_closing_answer_leaves_to_the_person(answer: str, titles: list[str]) -> None:
    session = _chat(("Find out why the nightly run costs so much.", [answer]))
    assert [f.title for f in _kinds(session, "question")] == titles
    assert _kinds(session, "decision") == [], "a decision still to be made is none yet"


def test_final_user_question_without_an_answer_is_open() -> None:
    session = _chat(("Is the staging database on the same Postgres version?", []), ("/exit", []))
    (question,) = _kinds(session, "question")
    assert question.title == "Is the staging database on the same Postgres version?"
    assert question.turns == (3,)


def test_the_final_answers_conclusion_is_a_takeaway() -> None:
    calls: list[str | Call] = [("Read", f"src/m{n}.py", "40 lines", False) for n in range(4)]
    answer = "The cache is keyed by tenant and params, so imports bump a version. " * 5
    (takeaway,) = _kinds(_chat(("Walk me through the cache.", [*calls, answer])), "takeaway")
    assert takeaway.title == "The cache is keyed by tenant and params, so imports bump a version"
    assert takeaway.turns == (3,)


def test_a_turn_whose_answer_states_an_insight_is_not_also_a_takeaway() -> None:
    calls: list[str | Call] = [("Read", f"src/m{n}.py", "40 lines", False) for n in range(4)]
    answer = "The root cause was a stale lock file. " + "It is left behind by a killed run. " * 9
    session = _chat(("Why does it hang?", [*calls, answer]))
    assert [f.kind for f in extract_findings(session)] == ["insight"]


def test_an_answer_states_its_own_insight_beside_a_cue_of_another() -> None:
    """The answer's statement is what was found even when a cue of the same answer gives another
    insight (session 22: the statement was dropped)."""
    answer = (
        "It's the worker bump on Friday, `GUNICORN_WORKERS` went from 2 to 4 workers. "
        "Root cause: each worker loads its own copy of the model, so memory doubled."
    )
    session = _chat(("why do the pods get OOM-killed since friday?", [answer]), ("Ok.", ["Done."]))
    assert sorted(f.title for f in _kinds(session, "insight")) == [
        "It's the worker bump on Friday, `GUNICORN_WORKERS` went from 2 to 4 workers",
        "Root cause: each worker loads its own copy of the model, so memory doubled",
    ]


@pytest.mark.parametrize(
    ("answer", "title"),
    [
        ("My first suspect was late refunds, but only 17 landed in December. The real difference "
         "is the timezone of the daily cut.",
         "The real difference is the timezone of the daily cut"),
        ("Zuerst hatte ich `list_per_page` im Verdacht, das steht aber auf 100. Das eigentliche "
         "Problem ist ein N+1 in `list_display`.",
         "Das eigentliche Problem ist ein N+1 in `list_display`"),
        ("El token se refresca bien en el log, así que no es eso. La causa real: desde Android 13 "
         "`POST_NOTIFICATIONS` es un permiso de runtime.",
         "Desde Android 13 `POST_NOTIFICATIONS` es un permiso de runtime"),
        ("Процессы тут ни при чём, самый большой весит 18 МБ. Реальная причина в том, что "
         "ETS-таблица `:rate_cache` никогда не чистится.",
         "Реальная причина в том, что ETS-таблица `:rate_cache` никогда не чистится"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("prompt", ["why is the number off?", "The report is off. Have a look."])
def test_an_answer_states_the_real_cause_not_what_it_ruled_out(
    prompt: str, answer: str, title: str
) -> None:
    """What an answer calls the real cause, a few sentences on, is what it found (asked why, or
    only asked to look); what it ruled out first is no insight."""
    session = _chat((prompt, [answer]), ("Ok.", ["Done."]))
    assert [f.title for f in _kinds(session, "insight")] == [title]


def test_an_answer_that_closes_on_its_lesson_states_what_it_found_too() -> None:
    """Asked to find out why, an answer that ends on a lesson of its own (a takeaway) still
    states the cause it found first: the two are different findings."""
    answer = (
        "The origin returns different bodies per `Accept-Language` but sends no `Vary` header, "
        "and our cache key leaves the language out.\n\nI added the language to the key.\n\n"
        "General rule worth keeping: anything the origin varies on has to be part of the cache key."
    )
    session = _chat(("Users get cached pages in the wrong language. Find out why.", [answer]))
    found = [(f.kind, f.title) for f in extract_findings(session) if 3 in f.turns]
    assert ("insight", "The origin returns different bodies per `Accept-Language` but sends no "
            "`Vary` header") in found  # fmt: skip
    assert ("takeaway", "Anything the origin varies on has to be part of the cache key") in found


@pytest.mark.parametrize(
    ("prompt", "titles"),
    [
        ("nice. what's left before this can go to the beta channel?",
         ["Re-test on the Galaxy A12", "Release notes: the store listing still names v1"]),
        ("Ok. Co jeszcze zostało, zanim wywalimy Vuex całkiem?",
         ["Re-test on the Galaxy A12", "Release notes: the store listing still names v1"]),
        ("Выкатываем на стейдж. Что ещё проверить перед продом?",
         ["Re-test on the Galaxy A12", "Release notes: the store listing still names v1"]),
        ("ok. anything else to check before we ship?",
         ["Re-test on the Galaxy A12", "Release notes: the store listing still names v1"]),
        # ordered listed, not asked
        ("今日はここまで。残ってることまとめて",
         ["Re-test on the Galaxy A12", "Release notes: the store listing still names v1"]),
        ("ok, list what's left for tomorrow.",
         ["Re-test on the Galaxy A12", "Release notes: the store listing still names v1"]),
        ("Spisz co zostało, idę na spotkanie.",
         ["Re-test on the Galaxy A12", "Release notes: the store listing still names v1"]),
        ("Şimdilik tick'e dokunma. Kalanları bir yere yaz.",
         ["Re-test on the Galaxy A12", "Release notes: the store listing still names v1"]),
        # told to say it, not asked: the answer's own headings say what is left
        ("Commit and sum up what you did and what is left.", []),
    ],
)  # fmt: skip
def test_the_list_that_answers_what_is_left_is_work_left(prompt: str, titles: list[str]) -> None:
    answer = (
        "Two things:\n\n"
        "- **Re-test on the Galaxy A12.** The crash is still unverified on a device.\n"
        "- **Release notes** — the store listing still names v1.\n\n"
        "Everything else is in the branch."
    )
    found = extract_findings(_chat((prompt, [answer])))
    assert sorted(f.title for f in found if f.kind == "todo") == titles
    if titles:  # what is left concludes nothing
        assert not [f for f in found if f.kind == "takeaway"]


def test_a_bold_subject_a_dash_goes_on_from_stays_in_what_was_found() -> None:
    prompt = "Figure out why logical replication drops rows. Report back, then stop."
    answer = (
        "Looked, nothing changed.\n\n**Tables with no primary key** — three of them: "
        "`audit_events`, `fx_rates_hist` and `tmp_import_rows`."
    )
    found = _kinds(_chat((prompt, [answer]), ("Ok.", ["Done."])), "insight")
    assert [f.title for f in found] == [
        "Tables with no primary key — three of them: `audit_events`, `fx_rates_hist` and "
        "`tmp_import_rows`"
    ]


def test_what_an_answer_lists_as_found_stays_beside_its_lesson() -> None:
    """A takeaway of the turn says what its statement would; the causes it lists in bold are
    found all the same."""
    answer = (
        "## Report\n\n**1. chunk 太小。** 每 10 条提交一次事务。\n\n**2. N+1 查询。** "
        "每条交易都调用一次 `findById`。\n\n### 经验\n"
        "用 `JdbcPagingItemReader` 时，排序键组合必须唯一。"
    )
    found = extract_findings(_chat(("reconcileJob 变慢了，帮我排查一下原因", [answer])))
    assert {f.title for f in found if f.kind == "insight"} >= {"Chunk 太小", "N+1 查询"}
    assert [f.kind for f in found].count("takeaway") == 1


def test_a_slash_command_report_is_not_a_takeaway() -> None:
    calls: list[str | Call] = [("Read", f"STATUS{n}.md", "40 lines", False) for n in range(4)]
    report = "Recovered the checkpoint of yesterday evening with all open tasks. " * 8
    assert _kinds(_chat(("/recover-from-checkpoint", [*calls, report])), "takeaway") == []


@pytest.mark.parametrize(
    "answer",
    [
        "Config chargée (`user_name=Edouard`, `communication_language=French`) et prête.",
        "Aucun story `ready-for-dev` trouvé dans le fichier de suivi du sprint.",
        "Ich habe die Tests für den Parser und die Doku hinzugefügt.",
        "J’ai ajouté les tests du parseur et mis à jour la documentation.",
        "He actualizado la configuración del servidor de pruebas.",
        "Ho aggiunto i test per il parser e aggiornato la documentazione.",
        "Adicionei os testes do parser e atualizei a documentação.",
        "Я добавил тесты для парсера и обновил документацию.",
        "Ik heb `fct_orders` omgezet naar een incremental model met `merge` op `order_id`.",
        "Jag har lagt till testerna för parsern och uppdaterat dokumentationen.",
        "Dodałem testy parsera i zaktualizowałem dokumentację.",
        "Parser testlerini ekledim ve dokümantasyonu güncelledim.",
        "Я додав тести для парсера й оновив документацію.",
        "Alle Tests bestanden, die Pipeline ist wieder stabil.",
        "Möchtest du, dass ich auch die CI-Konfiguration anpasse?",
        "Veux-tu que je prépare aussi la configuration de la CI ?",
    ],
)
def test_status_lines_work_logs_and_offers_are_not_takeaways_in_any_language(answer: str) -> None:
    calls: list[str | Call] = [("Read", f"src/m{n}.py", "40 lines", False) for n in range(4)]
    answer = f"{answer}\n\n" + "- une ligne de liste sans conclusion\n" * 12
    assert _kinds(_chat(("Vas-y.", [*calls, answer])), "takeaway") == []


def test_a_french_conclusion_with_du_is_a_takeaway() -> None:
    """`du` is French for `of the`: a sentence holding it does not address the person."""
    calls: list[str | Call] = [("Read", f"src/m{n}.py", "40 lines", False) for n in range(4)]
    answer = "Le verrou du processus tué pendant la migration bloque encore la table. " * 5
    (takeaway,) = _kinds(_chat(("Regarde le blocage.", [*calls, answer])), "takeaway")
    assert takeaway.title.startswith("Le verrou du processus tué")


@pytest.mark.parametrize(
    ("reply", "kept"),
    [
        ("Sounds good, write it up.", True),
        ("Agreed. What about the TTL?", True),
        ("No, keep the in-process LRU.", False),
        ("I'd rather not add Redis.", False),
        ("/exit", False),
    ],
)
def test_a_recommendation_the_person_takes_up_is_a_decision(reply: str, kept: bool) -> None:
    """The agent's `I'd go with…` is a decision once the person replies without turning it
    down; turned down, or left without a reply, it stays a proposal."""
    answer = "I'd go with versioned Redis keys, since only three writers touch the tables."
    session = _chat(("Which cache should we use?", [answer]), (reply, ["OK."]))
    found = [f.title for f in _kinds(session, "decision") if f.turns == (3,)]
    title = "Go with versioned Redis keys, since only three writers touch the tables"
    assert found == ([title] if kept else [])
    last = _kinds(_chat(("Which cache should we use?", [answer])), "decision")
    assert last == []


def test_sentences_end_before_any_letter_and_before_an_opening_question_mark() -> None:
    text = "Eso es todo. ¿Qué hacemos con los duplicados? ¡Vale! gracias. 3 fail, e.g. this one."
    assert sentences(text) == [
        "Eso es todo.", "¿Qué hacemos con los duplicados?", "¡Vale!", "gracias.",
        "3 fail, e.g. this one.",
    ]  # fmt: skip


def test_a_stop_inside_code_or_after_a_word_ending_like_an_abbreviation_still_splits() -> None:
    text = "`COPY . .` runs first. Fix the config. See the index. Then z.B. das, np. to."
    assert sentences(text) == [
        "`COPY . .` runs first.", "Fix the config.", "See the index.", "Then z.B. das, np. to.",
    ]  # fmt: skip
    assert first_sentence("`COPY . .` runs first. Then more.") == "`COPY . .` runs first."
    assert sentences("A stray ` here. Then more.") == ["A stray ` here.", "Then more."]


@pytest.mark.parametrize(
    "prompt",
    [
        "users report duplicated notes after syncing. can you look at how push works?",
        "logs say 'No signatures found matching the expected signature'. what's going on?",
        "Staging logs everyone out after login. Can you check why?",
        "Staging logs everyone out after login. What's going on?",
    ],
)
def test_what_the_agent_finds_when_asked_to_look_is_an_insight(prompt: str) -> None:
    """A question to find something out, typed in lower case after what prompted it, or a
    request to look into something: what the answer states is an insight."""
    answer = "The handler re-serializes the parsed body, so the signature never matches."
    session = _chat((prompt, [answer]), ("Fix it.", ["Done."]))
    assert [(f.title, f.turns) for f in _kinds(session, "insight")] == [
        ("The handler re-serializes the parsed body, so the signature never matches", (3,))
    ]


def test_a_request_for_work_is_not_asked_and_its_report_is_no_insight() -> None:
    answer = "The handler re-serializes the parsed body, so the signature never matches."
    session = _chat(("Can you fix the webhook handler?", [answer]), ("Fix it.", ["Done."]))
    assert _kinds(session, "insight") == []


ASKED = (
    "Annual subscribers only switch at a billing boundary.\n\nDo you want annual subs to get the"
    " new price at their next renewal after Sep 1, or prorated mid-term on Sep 1?"
)


@pytest.mark.parametrize(
    ("asked", "reply", "answer", "titles"),
    [
        (ASKED, "next renewal after sept 1. no mid-term proration, support will hate it",
         "Got it: annual subscribers switch at their first renewal after Sep 1, no proration.",
         ["Annual subscribers switch at their first renewal after Sep 1, no proration"]),
        (ASKED, "Strict an.", "Notiert, `role_attribute_strict: true`.",
     ["`role_attribute_strict: true`"]),
    (ASKED, "Nächste Verlängerung nach dem 1. September.",
         "Verstanden – Jahresabos wechseln bei der ersten Verlängerung nach dem 1. September.",
         ["Jahresabos wechseln bei der ersten Verlängerung nach dem 1. September"]),
        # what the agent will do next is no restatement
        (ASKED, "next renewal", "Got it, I'll write the rake task for the schedules now.", []),
        # nor is an answer to a reply the agent did not ask for
        ("Annual subscribers only switch at a billing boundary.", "ok next renewal then",
         "Got it: annual subscribers switch at their first renewal after Sep 1.", []),
    ],
)  # fmt: skip
def test_a_reply_the_answer_restates_as_settled_is_the_persons_decision(
    asked: str, reply: str, answer: str, titles: list[str]
) -> None:
    session = _chat(("How do annual plans renew?", [asked]), (reply, [answer]))
    found = [f for f in _kinds(session, "decision") if 4 in f.turns]
    assert [f.title for f in found] == titles
    assert all(reply in f.body and f.confidence == ACKNOWLEDGED_CONFIDENCE for f in found)


def test_an_answer_that_opens_on_work_states_what_was_asked_where_it_names_it() -> None:
    """An order and a question in one prompt: the answer reports the work first, then answers
    the question in the paragraph that names what was asked."""
    prompt = "Add the unique constraint. Should we move to Oban Pro for workflows?"
    answer = (
        "Added `unique: [period: 300, keys: [:invoice_id]]`.\n\nAs for Oban Pro: our longest "
        "chain is two steps, which a plain `perform` handles, so Pro does not pay off for us."
    )
    (insight,) = [f for f in _kinds(_chat((prompt, [answer])), "insight") if 3 in f.turns]
    assert insight.title == (
        "Our longest chain is two steps, which a plain `perform` handles, so Pro does not pay off"
        " for us"
    )


def test_a_topic_asked_alone_is_asked() -> None:
    """A terse person asks by naming the topic (`allocator?`): the answer says what of it."""
    answer = (
        "Currently `GeneralPurposeAllocator` everywhere, which in 0.14 is an alias for "
        "`DebugAllocator`: great in Debug, slow for a long-running tail in release."
    )
    (insight,) = _kinds(_chat(("allocator?", [answer])), "insight")
    assert insight.title.startswith("Currently `GeneralPurposeAllocator` everywhere")
    options = (
        "Two options:\n\n1. **A shared Redis** for the cache, already deployed.\n2. **Memcached** "
        "on each pod.\n\nI'd go with 1."
    )
    session = _chat(("opciones?", [options]), ("ok, the shared redis then. do it", ["Done."]))
    decided = [f.title for f in _kinds(session, "decision") if 3 in f.turns]
    assert decided == ["Go with 1"], "a topic adds nothing to a terse choice"
    status = "The migration test for the drafts schema is done and passes."
    assert _kinds(_chat(("Status?", [status])), "insight") == []


def test_what_the_agent_asks_and_the_person_does_not_know_yet_is_left_open() -> None:
    asked = "La tercera rinde más. ¿Sabes si el artista acepta una estela hecha con shader?"
    for reply in (
        "No lo sé, le pregunto mañana.",
        "Sí, es Godot 4.3. Ni idea del shader, ya veré.",
    ):
        session = _chat(("¿Qué opciones hay?", [asked]), (reply, ["Vale."]))
        (question,) = _kinds(session, "question")
        assert (question.title, question.turns) == (
            "¿Sabes si el artista acepta una estela hecha con shader?",
            (3,),
        )


def test_a_decision_the_agent_gives_in_answer_keeps_the_question() -> None:
    session = _chat(
        ("What TTL should the report entries get?", ["I'd use **1 hour**:\n\n- long enough"]),
        ("Which Redis, the sessions one?", ["I'd go with a Redis of its own for report caching."]),
        ("Write that up.", ["Done."]),
    )
    terse, stated = _kinds(session, "decision")
    assert _kinds(session, "insight") == []  # the answer is the decision, not an insight too
    assert terse.title == "What TTL should the report entries get? Use 1 hour"  # not `Use 1 hour`
    assert terse.body.endswith("In answer to: What TTL should the report entries get?")
    assert stated.title == "Go with a Redis of its own for report caching"
    assert stated.body.endswith("In answer to: Which Redis, the sessions one?")


@pytest.mark.parametrize(
    ("prompt", "answer", "kind", "title"),
    [
        # asked without a question mark, as people type: the answer's statement is found out
        ("why does the sync job take 2h now",
         "The `events` table lost its index on `day` in the last migration, so every run scans it "
         "whole.",
         "insight",
         "The `events` table lost its index on `day` in the last migration, so every run scans it "
         "whole"),
        ("warum bricht der upload bei großen dateien ab",
         "Der Proxy begrenzt den Body auf 1 MB, alles darüber wird mit 413 abgewiesen.",
         "insight", "Der Proxy begrenzt den Body auf 1 MB, alles darüber wird mit 413 abgewiesen"),
        # an answer that opens by not knowing leaves the question open
        ("do we still need the cron on the old box",
         "Not sure. Two reports still read from its output folder, and I can't tell who owns them.",
         "question", "Do we still need the cron on the old box?"),
        ("Is the retry queue drained before deploys?",
         "Unclear. The deploy script never waits on it, and the queue has no metrics.",
         "question", "Is the retry queue drained before deploys?"),
        # an answer that says it cannot tell: the question it names by its words stays open
        ("Should the retry helper live in the shared lib or in each service? And how long do we "
         "keep the old endpoint alive after the switch?",
         "Put it in the shared lib: every service needs the same backoff. On the old endpoint, I "
         "can't tell you how long it has to stay up; that depends on the mobile releases.",
         "question", "How long do we keep the old endpoint alive after the switch?"),
        ("is it worth moving the image resizing to a lambda, or should it stay in the api?",
         "A lambda takes the CPU spikes off the API; in-process avoids a cold start. I don't have "
         "a clear answer without knowing how many uploads you get at peak.",
         "question", "Is it worth moving the image resizing to a lambda, or should it stay in the "
         "api?"),
        ("Lohnt es sich, die Berichte nachts vorzurechnen, oder reicht es bei Bedarf?",
         "Vorrechnen spart Wartezeit, kostet aber jede Nacht Rechenzeit. Ob sich das lohnt, kann "
         "ich nicht sagen, solange wir nicht wissen, wie oft die Berichte abgerufen werden.",
         "question", "Lohnt es sich, die Berichte nachts vorzurechnen, oder reicht es bei Bedarf?"),
        ("¿Conviene partir la tabla de eventos por mes o es mejor un índice compuesto?",
         "El particionado ayuda a borrar datos viejos. No tengo una respuesta clara: depende del "
         "volumen del año que viene.",
         "question",
         "¿Conviene partir la tabla de eventos por mes o es mejor un índice compuesto?"),
        ("Vale a pena trocar o Redux pelo Zustand agora ou só depois do lançamento?",
         "O Zustand deixaria o código mais curto. Não saberia dizer se compensa antes do "
         "lançamento sem saber quanto tempo de teste vocês têm.",
         "question", "Vale a pena trocar o Redux pelo Zustand agora ou só depois do lançamento?"),
        ("Стоит ли переносить кэш в Redis, или оставить его в памяти процесса?",
         "В памяти быстрее, но каждый под держит свою копию. Не могу сказать, стоит ли переносить, "
         "пока не понятно, сколько подов будет.",
         "question", "Стоит ли переносить кэш в Redis, или оставить его в памяти процесса?"),
        # ... or one that cannot settle it (session 20)
        ("faut-il garder la compatibilité IE11 sur le back-office ?",
         "Je n'ai pas les stats d'usage du back-office, donc je ne peux pas trancher.",
         "question", "Faut-il garder la compatibilité IE11 sur le back-office ?"),
        ("Sollen wir IE11 im Backoffice weiter unterstützen?",
         "Ohne Nutzungszahlen fürs Backoffice kann ich das nicht entscheiden.",
         "question", "Sollen wir IE11 im Backoffice weiter unterstützen?"),
        ("Нужно ли поддерживать IE11 в бэк-офисе?", "Без статистики по бэк-офису не могу решить.",
         "question", "Нужно ли поддерживать IE11 в бэк-офисе?"),
        # ... or says it is someone else's to decide (session 25)
        ("Andere vraag: moeten we de klanten die dubbele mails kregen een excuusmail sturen?",
         "Prima, de webhook blijft zoals hij is.\n\nOver de excuusmail: daar kan ik niet over "
         "beslissen. Uit de logs kan ik de lijst met orders halen.",
         "question", "Moeten we de klanten die dubbele mails kregen een excuusmail sturen?"),
        ("should we refund the overcharged customers to their card, or credit the next invoice?",
         "That's a finance decision: both are two lines of code.",
         "question",
         "Should we refund the overcharged customers to their card, or credit the next invoice?"),
        ("Zu welchem Mandanten gehören die Buchungen mit lager_id NULL eigentlich?",
         "Aus den Daten kann ich es nicht ableiten: sie stammen alle aus 2019 bis 2021. Das muss "
         "jemand aus dem Fachbereich entscheiden.",
         "question", "Zu welchem Mandanten gehören die Buchungen mit lager_id NULL eigentlich?"),
        # ... or leaves it open
        ("нужен ли нам multi-region или хватит одного региона с бэкапами?",
         "Без SLA от бизнеса это не решить. Оставим вопрос открытым.",
         "question", "Нужен ли нам multi-region или хватит одного региона с бэкапами?"),
        ("migrar o monorepo pra Turborepo ou manter o Nx?",
         "Sem benchmark dos nossos builds não dá pra cravar. Deixo anotado como pergunta.",
         "question", "Migrar o monorepo pra Turborepo ou manter o Nx?"),
        ("should we shard the events table by tenant?",
         "Let's leave it open until we see the load numbers.",
         "question", "Should we shard the events table by tenant?"),
        # ... but not what it cannot tell about something else than the question
        ("why does the build take 4 minutes now?",
         "The new `lint:types` step runs `tsc` over the whole monorepo, that's 2.5 of the 4 "
         "minutes. I can't tell you why it got slower last week without the old timings.",
         "insight", "The new `lint:types` step runs `tsc` over the whole monorepo, that's 2.5 of "
         "the 4 minutes"),
        # ... after what was done to find it, with the state it gives as the cause (session 22)
        ("why is the nightly job taking 3h now, it was 40 min last month",
         "Looked at the Spark UI: stage 7 shuffles 210 GB because `events` is now partitioned by "
         "`user_id`, so the date filter no longer prunes anything.",
         "insight", "Stage 7 shuffles 210 GB because `events` is now partitioned by `user_id`"),
        # ... asked without its question mark, after a `but` (session 22)
        ("the backups run but has anyone ever restored one",
         "Not that I can find. There's no runbook, so honestly I don't know if a restore would "
         "work today.", "question", "The backups run but has anyone ever restored one?"),
        # ... or one that says it is not decided (session 22)
        ("do we need redis backups or is it a pure cache?",
         "That isn't decided yet: Redis holds more than cache, like the Sidekiq queues.",
         "question", "Do we need redis backups or is it a pure cache?"),
        ("нужны ли бэкапы redis или это чистый кэш?",
         "Это пока не решено: в Redis лежат ещё очереди Sidekiq.",
         "question", "Нужны ли бэкапы redis или это чистый кэш?"),
        ("¿hacen falta backups de redis o lo tratamos como caché pura?",
         "Eso no está decidido: en Redis hay colas de Sidekiq, no solo caché.",
         "question", "¿hacen falta backups de redis o lo tratamos como caché pura?"),
        # ... whose colon inside `code` is no lead-in's (session 22)
        ("what happens on a conflict, when two devices edit offline?",
         "The upsert does `update: data`, so in effect the last write to reach the server wins, "
         "not the last edit.",
         "insight", "The upsert does `update: data`, so in effect the last write to reach the "
         "server wins"),
        # a short answer that takes one of the alternatives asked about
        ("postgres or sqlite for the local cache",
         "SQLite. One file, no server, and the cache is per machine anyway.",
         "decision", "Postgres or sqlite for the local cache: SQLite"),
        ("wandb or mlflow",
         "mlflow, self-hosted. The data can't leave our VPC, and wandb's licence is out of budget.",
         "decision", "Wandb or mlflow: mlflow, self-hosted"),
        # ... one that opens with one and never names the other, or says `so` one (session 20)
        ("polling or interrupt for the button",
         "Interrupt on falling edge with a 20 ms software debounce. Polling at 1 kHz was burning "
         "~3 mA we can't afford in sleep.",
         "decision", "Polling or interrupt for the button: Interrupt on falling edge with a 20 ms "
         "software debounce"),
        ("which arg parser, click or argparse",
         "We ship this as a single file and don't want runtime dependencies, so argparse. Click "
         "is nicer but not worth vendoring.",
         "decision", "Which arg parser, click or argparse: argparse"),
        ("zustand or context for the cart state",
         "Context re-renders the whole tree on every quantity change, so the cart moves to "
         "zustand. Auth stays in context since it barely changes.",
         "decision", "Zustand or context for the cart state: the cart moves to zustand"),
        # ... or says it cannot say, in a few words (session 26)
        ("does rev C still have the external pull-up on PA10?",
         "Rev B has a 10 kΩ pull-up on PA10 (R17), rev A doesn't. For rev C I can't say. If it "
         "is still there, the internal pull-up is in parallel and costs nothing.",
         "question", "Does rev C still have the external pull-up on PA10?"),
        ("la rev C ha ancora il pull-up esterno su PA10?",
         "Nella rev B c'è un pull-up da 10 kΩ su PA10 (R17). Per la rev C non posso dirlo, serve "
         "lo schematico.", "question", "La rev C ha ancora il pull-up esterno su PA10?"),
        # ... and no statement in an answer listing what a thing has (a menu's items)
        ("does the GUI have the new features?",
         "Yes, the GUI includes the new features:\n"
         "- Toolbar and menu actions: Validate, Run Rules, Build Bundle, Install to Orca\n"
         "- Preferences: Save Orca presets path", "insight", None),
        # ... but not one weighing both
        ("postgres or mysql for the new service?",
         "Postgres is already deployed, but mysql would be simpler, so it depends on the team.",
         "decision", None),
    ],
)  # fmt: skip
def test_what_an_answer_to_a_question_says(
    prompt: str, answer: str, kind: str, title: str | None
) -> None:
    found = _kinds(_chat((prompt, [answer]), ("Ok.", ["Done."])), kind)
    assert [f.title for f in found] == ([title] if title else [])


@pytest.mark.parametrize(
    ("prompt", "answer", "title"),
    [
        ("the feed stutters when scrolling fast on android. can you figure out why",
         "The feed downloads the originals from the CDN: `toPost()` adds no size parameter.",
         "The feed downloads the originals from the CDN: `toPost()` adds no size parameter"),
        ("Der Import braucht 40 Minuten. Bitte untersuche, wo die Zeit draufgeht.",
         "Klar. Die Zeit geht fast ganz in `df.apply(normalize, axis=1)`, nicht ins CSV-Lesen.",
         "Die Zeit geht fast ganz in `df.apply(normalize, axis=1)`, nicht ins CSV-Lesen"),
        # past what only announces it (session 26)
        ("proration is off for acct 8841, can you figure out why",
         "Found it, and it's two separate bugs stacked on each other.\n\n"
         "The period is hardcoded to 30 days in `ProrationCalculator`.",
         "The period is hardcoded to 30 days in `ProrationCalculator`"),
        ("Los tokens se pierden tras un restore. Mira por qué.",
         "Sí, y ahí hay una trampa. En Android, secure-store cifra con una clave del Keystore.",
         "En Android, secure-store cifra con una clave del Keystore"),
        ("Deux retours sur logtamis : `| head` plante. Enquête sur la cause.",
         "Un programme Rust ignore SIGPIPE dès le démarrage, et `println!` panique sur EPIPE.",
         "Un programme Rust ignore SIGPIPE dès le démarrage, et `println!` panique sur EPIPE"),
        ("El endpoint tarda 3 s. Mira qué pasa, por favor.",
         "Por cada pedido se lanza una consulta más: son 102 consultas por página.",
         "Por cada pedido se lanza una consulta más: son 102 consultas por página"),
        ("Эндпоинт отвечает 3 секунды. Разберись, в чём дело.",
         "На каждую страницу уходит 102 запроса: классический N+1 по позициям заказа.",
         "На каждую страницу уходит 102 запроса: классический N+1 по позициям заказа"),
        ("checkpoint 经常超时失败，帮我排查一下原因。",
         "`MerchantFeatureJob` 按 `merchant_id` 做 keyBy，商户 0 的数据全部落在 #17 上。",
         "`MerchantFeatureJob` 按 `merchant_id` 做 keyBy，商户 0 的数据全部落在 #17 上"),
        ("Endpoint GET /api/zamowienia jest strasznie wolny. Zobacz proszę, co się dzieje.",
         "Na jedną stronę 50 zamówień idą 102 zapytania: klasyczne N+1.",
         "Na jedną stronę 50 zamówień idą 102 zapytania: klasyczne N+1"),
        # work asked for, where to read next, or a person's reasons naming a way to look: no
        # finding asked for
        ("Now look at where the reports module is called from.",
         "From the `/v1/reports` route and the nightly export job.", None),
        ("add an index on order_items.order_id with a Flyway migration",
         "Added `V42__order_items_order_id.sql`; the migration runs in 40 ms on the dump.", None),
        ("Let's go with INCR + EXPIRE, because anyone can debug it with redis-cli.",
         "`src/acme/ratelimit.py` has `check(key, limit, window_seconds)` now.", None),
    ],
)  # fmt: skip
def test_what_an_answer_to_a_request_to_find_out_states(
    prompt: str, answer: str, title: str | None
) -> None:
    """Asked to find out what is wrong (`can you take a look`, `investigue a causa`): what the
    answer states first is what was found."""
    found = _kinds(_chat((prompt, [answer]), ("Ok.", ["Done."])), "insight")
    assert [f.title for f in found] == ([title] if title else [])


@pytest.mark.parametrize(
    ("prompt", "answer", "titles"),
    [
        ("bumping clap breaks the build. look at what breaks first, anything nasty?",
         "Mostly mechanical. Two things are not:\n\n"
         "**1. `-s` is claimed twice.** `--since` and `--sort` both use it.\n\n"
         "**2. clap 4.5 requires rustc 1.74.** Our CI pins 1.70.",
         ["`-s` is claimed twice", "Clap 4.5 requires rustc 1.74"]),
        ("El admin tarda 11 s. Mira por qué.",
         "Son tres cosas que se suman:\n\n"
         "1. **N+1 en `list_display`.** Cada fila dispara dos consultas extra.\n"
         "2. **Dos `COUNT(*)`** sobre los 3 millones de filas, ~9 s cada uno.\n",
         ["Dos `COUNT(*)` sobre los 3 millones de filas, ~9 s cada uno", "N+1 en `list_display`"]),
        # options laid out to pick are no findings
        ("how should we fix the flaky test?",
         "1. **Retry it.** Cheap, hides the race.\n2. **Fix the race.** Slower.\nWhich one?",
         []),
    ],
)  # fmt: skip
def test_what_an_answer_lists_as_found_is_an_insight_each(
    prompt: str, answer: str, titles: list[str]
) -> None:
    found = extract_findings(_chat((prompt, [answer]), ("Ok.", ["Done."])))
    listed = {f.title for f in found if f.kind == "insight" and 3 in f.turns}
    assert set(titles) <= listed
    assert not listed & {"Retry it", "Fix the race"}


@pytest.mark.parametrize(
    ("prompt", "answer"),
    [
        ("rename fetchUsr to fetchUser everywhere", "Done: 14 occurrences across src/api."),
        ("fix the flaky test or revert the commit",
         "Fixed the test: it depended on dict order, which Python 3.7+ keeps by insertion."),
        ("can you add a retry to the uploader", "Not sure it needs one: the SDK retries 3 times."),
        ("can you add the --dry-run flag to the cli",
         "Added it to `cli.py`. I'm not sure if you also want it in the docs, I left them as they "
         "are."),
    ],
)  # fmt: skip
def test_orders_are_not_questions_their_answers_answer(prompt: str, answer: str) -> None:
    """Work asked for, an order with alternatives answered at length, a request: no question
    left open, no choice between alternatives."""
    session = _chat((prompt, [answer]), ("Ok.", ["Done."]))
    assert _kinds(session, "question") == [] and _kinds(session, "decision") == []


@pytest.mark.parametrize(
    ("prompt", "answer", "title"),
    [
        ("pods get OOMKilled on the new pool. feels like a cgroup v2 thing, our jvm might not "
         "read v2 limits",
         "Plausible. Only 11.0.16+ understands cgroup v2 and we're on 11.0.12.",
         "A cgroup v2 thing, our jvm might not read v2 limits"),
        ("me da que el layout shift es por las imágenes sin width/height",
         "Puede ser, un CLS de 0,31 apunta a algo así. Lo miro luego con Lighthouse.",
         "El layout shift es por las imágenes sin width/height"),
        ("kann es sein dass der cronjob doppelt läuft, weil zwei replicas den scheduler starten?",
         "Möglich. Würde zu den doppelten Erinnerungsmails passen.",
         "Der cronjob doppelt läuft, weil zwei replicas den scheduler starten"),
        ("talvez o airflow esteja perdendo tasks porque o redis do celery tá sem persistência",
         "Faz sentido como hipótese, bateria com as tasks sumindo depois de restart.",
         "O airflow esteja perdendo tasks porque o redis do celery tá sem persistência"),
        ("non è che è la cache del service worker? sembra che carichi ancora il bundle vecchio",
         "Può darsi, il SW fa cache-first su `main.js`.",
         "È la cache del service worker"),
    ],
)  # fmt: skip
def test_a_guess_the_answer_calls_plausible_is_a_hypothesis(
    prompt: str, answer: str, title: str
) -> None:
    session = _chat((prompt, [answer]), ("Ok.", ["Done."]))
    assert [f.title for f in _kinds(session, "hypothesis")] == [title]
    assert _kinds(session, "insight") == []


def test_a_guess_the_answer_doubts_is_no_hypothesis_of_the_person() -> None:
    session = _chat(
        (
            "the export is slow, I think it's the gzip step",
            ["Could be, but the profile shows gzip at 2% of the time."],
        ),
        ("Ok.", ["Done."]),
    )
    assert _kinds(session, "hypothesis") == []


def test_an_answer_with_no_words_to_a_choice_is_no_decision() -> None:
    session = _chat(("polling or interrupt for the button?", ["**"]), ("Ok.", ["Done."]))
    assert _kinds(session, "decision") == []


def test_instead_of_in_a_reason_is_no_directive() -> None:
    """`…because events is partitioned by user_id instead of event_date` explains, it chooses
    nothing."""
    answer = (
        "The job shuffles 210 GB because `events` is partitioned by `user_id` instead of "
        "`event_date`, so the date filter prunes nothing."
    )
    session = _chat(("why is the nightly job so slow now?", [answer]), ("Ok.", ["Done."]))
    assert _kinds(session, "decision") == []
    assert [f.title for f in _kinds(session, "insight")] == [answer.partition(", so")[0]]


@pytest.mark.parametrize(
    ("sentence", "title"),
    [
        ("It turns out that the cron job runs in UTC.", "The cron job runs in UTC"),
        ("Turns out the flaky test depends on dict order.", "The flaky test depends on dict order"),
        ("Il s'avère que le cron tourne en UTC.", "Le cron tourne en UTC"),
        ("Resulta que el cron se ejecuta en UTC.", "El cron se ejecuta en UTC"),
        ("Si è scoperto che il cron gira in UTC.", "Il cron gira in UTC"),
        ("Acontece que o cron roda em UTC.", "O cron roda em UTC"),
        ("Оказалось, что cron работает в UTC.", "Cron работает в UTC"),
        ("Es stellt sich heraus, dass der Cron in UTC läuft.",
         "Es stellt sich heraus, dass der Cron in UTC läuft"),
    ],
)  # fmt: skip
def test_what_turned_out_is_titled_by_what_was_found(sentence: str, title: str) -> None:
    """The lead-in goes (German keeps it: the clause after `dass` puts its verb last)."""
    (insight,) = _kinds(_chat(("Why does it fail at night?", [sentence])), "insight")
    assert insight.title == title


@pytest.mark.parametrize(
    ("heading", "replied", "found"),
    [
        ("Questions for Author", True, True),
        ("Questions for you", True, False),
        ("Questions for you", False, True),
        ("Frage an dich", True, False),
    ],
)
def test_listed_questions_asked_of_the_person_are_answered_by_the_next_prompt(
    heading: str, replied: bool, found: bool
) -> None:
    """Questions for a third party stay open; those asked of the person mid-session are answered
    by the next prompt, and stay open only when the session ends on them."""
    review = (
        f"Reviewed the PR.\n\n## {heading}\n\n1. Is the credential migration documented anywhere?"
    )
    later: list[Exchange] = [("Yes, see DEPLOYMENT.md.", ["Thanks."])] if replied else []
    questions = _kinds(_chat(("Review the PR.", [review]), *later), "question")
    assert [q.title for q in questions] == (
        ["Is the credential migration documented anywhere?"] if found else []
    )


# near misses


@pytest.mark.parametrize(
    ("prompt", "answer"),
    [
        ("Add tests.", "Done. Would you like me to add a CI job for them as well?"),
        ("Add tests.", "Done. Shall I open the PR now?"),
        ("Add tests.", "Done. Want me to run the full suite too?"),
        ("Fix it.", "Fixed:\n\n```python\n# TODO: remove after the migration\nx = 1\n```"),
        ("Fix it.", "Let me check the config first."),
        ("Fix it.", "I'll use grep to find the callers."),
        ("Build it.", "The TODO app is ready."),
        ("Fix it.", "It uses `docker build` instead of buildx now."),
        ("Why?", "I suspect you want the fast path here."),
        ("Why?", "The risk is low: the job is idempotent."),
        ("Why?", "I'd suggest you restart the dev server first."),
        ("What was I doing?", "Could you remind me what you were working on?"),
        ("Which skills are there?", "SUMMARY: Listing all available skills and their purposes."),
    ],
)
def test_near_misses_are_not_findings(prompt: str, answer: str) -> None:
    found = [f for f in extract_findings(_chat((prompt, [answer]))) if f.kind != "takeaway"]
    assert found == []


def test_tag_blocks_and_pasted_logs_are_not_read() -> None:
    session = _chat(
        (
            "Deploy failed:\n2026-01-14T14:23:06Z hint: use main instead of master, because x."
            "\n<system-reminder>\nTODO: remember the rules.\n</system-reminder>",
            ["<thinking>\nI suspect the runner image is stale.\n</thinking>\nLooking."],
        )
    )
    assert extract_findings(session) == ()


def test_question_answered_later_is_not_open() -> None:
    session = _chat(
        ("Does the limiter fail open or closed if Redis is down?", ["Closed: it raises."]),
        ("Fail open then.", ["Done: it logs a warning and allows the attempt."]),
    )
    assert _kinds(session, "question") == []


def test_question_in_an_answer_the_user_replied_to_is_not_open() -> None:
    session = _chat(
        ("Check the pods.", ["Should the gateway retry when a pod is draining?"]),
        ("Yes, retry once.", ["Done."]),
    )
    assert _kinds(session, "question") == []


def test_next_steps_before_the_end_are_not_todos() -> None:
    session = _chat(
        ("Plan it.", ["Next steps: add the migration and backfill the column."]),
        ("Go ahead.", ["Migration added and column backfilled."]),
    )
    assert _kinds(session, "todo") == []


def test_next_steps_at_the_end_are_todos() -> None:
    session = _chat(("Plan it.", ["Next steps: add the migration and backfill the column."]))
    (todo,) = _kinds(session, "todo")
    assert todo.title == "Add the migration and backfill the column"


# identity, order, merging


def test_ids_are_content_addressed_and_stable() -> None:
    session = _chat(("Let's go with Postgres.", ["Noted."]))
    first, again = extract_findings(session), extract_findings(session)
    assert first == again
    for finding in first:
        assert finding.id == finding_id(session.session_id, finding.kind, finding.title)


def test_findings_are_sorted_by_turn_then_kind_then_id() -> None:
    session = _chat(
        ("Why is it slow?", ["I suspect the N+1 query. TODO: add an index on tenant_id."]),
        ("Let's go with the index.", ["The root cause was the missing index."]),
    )
    found = extract_findings(session)
    keys = [(f.turns[0], KINDS.index(f.kind), f.id) for f in found]
    assert keys == sorted(keys)
    assert [f.kind for f in found] == ["todo", "hypothesis", "decision", "insight"]


def test_duplicates_merge_into_one_finding_with_all_turns() -> None:
    session = _chat(
        ("Fix it.", ["Fixed. TODO: add a regression test for expiry."]),
        ("Anything else?", ["Nothing new."]),
        ("Summarise.", ["- TODO: Add a regression test for expiry"]),
    )
    (todo,) = _kinds(session, "todo")
    assert todo.turns == (3, 5)
    assert [e.turn for e in todo.evidence] == [3, 5]


def test_one_sentence_matching_several_patterns_is_one_finding() -> None:
    prompt = "Let's go with INCR instead of a Lua script, because anyone can debug it."
    (decision,) = _kinds(_chat((prompt, ["Ok."])), "decision")
    assert decision.title == "Go with INCR instead of a Lua script, because anyone can debug it"
    assert len(decision.evidence) == 1


def test_ghost_session_has_no_findings() -> None:
    session = _session(("Let's go with Redis. TODO: benchmark it.", ["Noted."]))
    assert session.ghost
    assert extract_findings(session) == ()


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("the cache is stale", "The cache is stale"),
        ("useEffect runs twice in dev", "useEffect runs twice in dev"),
        ("iOS isn't wired up yet", "iOS isn't wired up yet"),
        ("max_cpus decides the scatter count", "max_cpus decides the scatter count"),
        ("setup.py pins the old version", "setup.py pins the old version"),
        ("é preciso migrar", "É preciso migrar"),
    ],
)
def test_a_title_starts_with_a_capital_unless_its_first_word_is_a_name(
    text: str, title: str
) -> None:
    assert capitalise(text) == title


def test_titles_are_short_and_free_of_markers() -> None:
    answer = "- **TODO:** " + "make the limit configurable per tenant and per endpoint " * 3
    (todo,) = _kinds(_chat(("Anything left?", [answer])), "todo")
    assert len(todo.title) <= 100
    assert todo.title.startswith("Make the limit configurable")
    assert all(len(e.quote) <= 240 for e in todo.evidence)


def test_a_title_keeps_the_stars_and_underscores_of_its_code() -> None:
    answer = "**Le bug.** `TuilesSentinel.__init__` crée `self.rng`, et chaque **worker** le copie."
    (insight,) = _kinds(_chat(("Pourquoi les runs diffèrent-ils ?", [answer])), "insight")
    assert insight.title == "`TuilesSentinel.__init__` crée `self.rng`, et chaque worker le copie"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # what is to be done when something holds, not the condition alone
        ("If Lea still has the Q1 candidate outputs, re-score them with the new judge so the deck "
         "compares like with like; if not, say the method changed.", "re-score"),
        ("Wenn die Fehlerquote in der Nacht wieder über zwei Prozent steigt, rollt bitte sofort "
         "auf die Version 2.3.1 zurück und gebt mir Bescheid.", "rollt"),
        # what a relative clause is said of, which comes after it
        ("Ein Consumer, der pro Batch länger als `max.poll.interval.ms` braucht, steckt in einer "
         "Rebalance-Schleife und verarbeitet dieselben Nachrichten immer wieder.", "steckt"),
        ("The retry decorator, which wraps every handler in the service layer, swallows the "
         "CancelledError, so shutdown hangs forever on SIGTERM in prod.", "swallows"),
    ],
)  # fmt: skip
def test_a_long_title_is_never_cut_before_what_it_says(text: str, said: str) -> None:
    title = shorten(text)
    assert len(title) <= 100
    assert said in title, title


@pytest.mark.parametrize(
    ("text", "work"),
    [
        ("adding an index on `orders.created_at`", "add an index on `orders.created_at`"),
        ("caching the token per tenant", "cache the token per tenant"),
        ("pinning the Node version in CI", "pin the Node version in CI"),
        ("Running the backfill again", "run the backfill again"),
        ("nothing to do", "nothing to do"),
        ("morning runs of the job", "morning runs of the job"),
    ],
)
def test_work_said_with_a_gerund_is_said_as_an_order(text: str, work: str) -> None:
    assert imperative(text) == work


def test_a_number_opening_a_bold_item_ends_no_sentence() -> None:
    text = "**1. `test_refund_flow` — a different loop (3/9).** The engine is session-scoped."
    assert sentences(text)[0].startswith("**1. `test_refund_flow` — a different loop (3/9).")


def test_an_abbreviation_written_with_its_space_ends_no_sentence() -> None:
    text = "Ich würde einen Realm nehmen (z. B. `intern`) und pro App einen Client. Grund: x."
    assert sentences(text)[0].endswith("pro App einen Client.")
    assert first_sentence(text).endswith("pro App einen Client.")
    assert sentences("Wir nehmen Option D. Dann geht es weiter.")[0] == "Wir nehmen Option D."


def test_an_ordinal_goes_on_with_its_noun_and_a_date_ends_a_sentence() -> None:
    assert len(sentences("Wir starten am 1. September mit dem Rollout. Dann weiter.")) == 2
    text = "we're raising the Pro plan from $29 to $35 on March 1. existing users keep $29."
    assert sentences(text)[0] == "we're raising the Pro plan from $29 to $35 on March 1."
    assert first_sentence(text) == "we're raising the Pro plan from $29 to $35 on March 1."


def test_a_number_abbreviated_ends_no_sentence() -> None:
    text = "Der Lag ist fast komplett auf Partition 7 (1,81 Mio. von ~1,96 Mio.). Dort liegt er."
    assert (
        sentences(text)[0]
        == "Der Lag ist fast komplett auf Partition 7 (1,81 Mio. von ~1,96 Mio.)."
    )


def test_a_long_title_drops_its_asides_before_it_is_cut() -> None:
    text = ("Which one is intended for the export: the account timezone (set per tenant in the "
            "admin) or Europe/Berlin?")  # fmt: skip
    assert (
        shorten(text)
        == "Which one is intended for the export: the account timezone or Europe/Berlin?"
    )
    code = "Call `retry(attempts=3)` from the worker loop, not from the handler, " * 2
    assert "`retry(attempts=3)`" in shorten(code), "code keeps its parentheses"


# confidence


def test_confidence_is_ordered_user_decision_assistant_decision_takeaway() -> None:
    calls: list[str | Call] = [("Bash", f"make step{n}", "ok", False) for n in range(4)]
    session = _chat(
        ("Let's go with Redis.", ["Noted."]),
        (
            "And the TTL?",
            [*calls, "A short TTL heals every missed bump. " * 10 + "We decided to use a 1h TTL."],
        ),
    )
    by_kind = {(f.kind, f.turns[0]): f.confidence for f in extract_findings(session)}
    assert by_kind[("decision", 3)] > by_kind[("decision", 4)] > by_kind[("takeaway", 4)]


def test_confidence_is_within_zero_and_one_on_the_samples() -> None:
    for session in _samples().values():
        for finding in extract_findings(session):
            assert 0 <= finding.confidence <= 1
            assert finding.extractor == "structural"


# error outcomes


def test_error_resolved_by_a_later_run_of_the_same_test_command() -> None:
    session = _chat(
        ("Run the tests.", [("Bash", "pytest tests/test_auth.py -q", "Exit code 1", True)]),
        ("Fix it.", [("Bash", "pytest -q", "3 lines", False)]),
    )
    assert error_outcomes(session) == (ErrorOutcome(3, "Bash", "Exit code 1", True, 4),)


def test_error_resolved_by_a_later_read_of_the_same_file() -> None:
    session = _chat(
        ("Read it.", [("Read", "/app/src/a.py", "File does not exist.", True)]),
        ("Again.", [("Read", "/app/src/a.py", "12 lines", False)]),
    )
    assert error_outcomes(session)[0].resolved_in_turn == 4


def test_error_without_a_later_success_is_unresolved() -> None:
    session = _chat(
        ("Push.", [("Bash", "git push origin main", "rejected", True)]),
        ("Status?", [("Bash", "git status --short", "no output", False)]),
    )
    assert error_outcomes(session) == (ErrorOutcome(3, "Bash", "rejected", False, None),)


def test_error_before_the_first_prompt_is_turn_zero() -> None:
    session = _session(
        *OPENING,
        ("Go on.", ["Ok."]),
        preamble=(("Bash", "npm test", "exit 1", True), ("Bash", "npm test", "ok", False)),
    )
    assert error_outcomes(session) == (ErrorOutcome(0, "Bash", "exit 1", True, 0),)


def test_error_outcomes_follow_session_errors() -> None:
    for session in _samples().values():
        outcomes = error_outcomes(session)
        assert [(o.turn, o.tool, o.message) for o in outcomes] == [
            (e.turn, e.tool, e.message) for e in session.errors
        ]


# the bundled samples


def _summary(session: Session) -> list[tuple[str, str, tuple[int, ...]]]:
    return [(f.kind, f.title, f.turns) for f in extract_findings(session)]


def test_jwt_sample_findings() -> None:
    assert _summary(_samples()[JWT]) == [
        ("insight", "Both tests that verify a freshly issued token get `TokenExpired`", (2,)),
        ("hypothesis", "The clock skew between the staging pods is the cause", (2,)),
        ("insight", "The root cause was `datetime.utcnow().timestamp()` in `issue_token`", (3, 8)),
        ("insight", "This shell runs with `TZ=Europe/Berlin` (UTC+1); CI runs in UTC", (3,)),
        (
            "insight",
            "In UTC the two errors cancel out, which is why CI and prod (both UTC) never saw it",
            (3,),
        ),
        (
            "hypothesis",
            "Yesterday's staging deploy most likely picked up a base image with `TZ=Europe/Berlin`",
            (3,),
        ),
        (
            "insight",
            "`rotate()` stores `utcnow()` in `RefreshToken.rotated_at` and compares it with a "
            "later `utcnow()`",
            (4,),
        ),
        ("decision", "Go with timezone-aware datetimes, `datetime.now(timezone.utc)`", (5,)),
        ("decision", "Add a 30-second `leeway` to `jwt.decode` rather than raise the TTL", (6,)),
        (
            "insight",
            "`refresh.py` is not broken today: it compares naive UTC with naive UTC and never "
            "converts to an…",
            (7,),
        ),
        ("decision", "Separate PR for refresh.py", (8,)),
        ("todo", "Separate PR: move `refresh.py` and the timestamp mixin to `timestamptz`", (8,)),
        ("todo", "Add a smoke test for the login flow to the post-deploy checks", (8,)),
        (
            "question",
            "Should refresh-token rotation get the same 30-second leeway as access tokens, or stay "
            "strict?",
            (9,),
        ),
        (
            "takeaway",
            "A naive `datetime.utcnow()` turned into a POSIX timestamp is off by the host's UTC "
            "offset",
            (9,),
        ),
    ]


def test_jwt_sample_user_decision_carries_its_reason() -> None:
    decision = next(f for f in extract_findings(_samples()[JWT]) if f.turns == (5,))
    assert decision.confidence == 0.8
    assert "because pinning only protects the images we remember to patch" in decision.body
    assert decision.evidence[0].turn == 5


def test_cache_sample_findings() -> None:
    assert _summary(_samples()[CACHE]) == [
        (
            "insight",
            "The report depends only on (tenant, params, the rows in `events`/`categories`)",
            (1,),
        ),
        # the two catches its lead-in counts, each titled by its bold topic and what it says
        (
            "insight",
            "Invalidation: After a CSV import the pod that ran the import could clear its own "
            "cache",
            (2,),
        ),
        (
            "insight",
            "Hit rate and memory: The effective hit rate is roughly a quarter of what a shared "
            "cache gets",
            (2,),
        ),
        ("insight", "The load balancer spreads a tenant's requests over four pods", (2,)),
        ("decision", "What TTL should the entries get? Use 1 hour", (4,)),
        (
            "decision",
            "Redis with versioned keys, `report:{tenant}:{data_version}:{params_hash}`",
            (4,),
        ),
        ("insight", "With versioned keys the TTL no longer controls staleness", (4,)),
        (
            "insight",
            "A writer that forgets `acme.reports.invalidate(tenant_id)` serves stale data for up "
            "to an hour",
            (5,),
        ),
    ]


def test_codex_sample_findings() -> None:
    assert _summary(_samples()[RATE_LIMIT]) == [
        ("decision", "Put the logic in src/acme/ratelimit.py, not in the route", (2,)),
        ("decision", "Go with INCR + EXPIRE instead of a token bucket in Lua", (2,)),
        # the option `Fixed window is fine.` picks, beside what the reply decides after it
        ("decision", "Fixed window", (2,)),
        (
            "insight",
            "Nothing catches Redis errors, so if Redis is down `INCR` raises "
            "`redis.ConnectionError`",
            (3,),
        ),
        ("decision", "Fail open and log a warning", (4,)),
        (
            "insight",
            "Nothing configures proxy headers, so in production `request.client.host` is the load "
            "balancer's…",
            (5,),
        ),
        (
            "todo",
            "Make the limit and window configurable per tenant instead of hard-coding them in the "
            "route",
            (5,),
        ),
        # in answer to `Anything left before I open the PR?`: work left
        ("todo", "Client IP behind the load balancer", (5,)),
    ]


def test_a_ghost_sample_has_no_findings() -> None:
    assert extract_findings(_samples()[GHOST]) == ()


def test_a_two_prompt_session_that_changed_a_file_is_read() -> None:
    assert _summary(_samples()[RUFF]) == [
        (
            "insight",
            "DTZ003 flags `datetime.utcnow()` on line 14: it returns a naive datetime",
            (1,),
        ),
        ("decision", "Keep the log format without the offset", (2,)),
    ]


def test_extractor_version_names_the_pass() -> None:
    assert EXTRACTOR_VERSION.startswith("structural/")


# the shared corpus of real sessions


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is absent")
def test_extraction_runs_on_every_corpus_session_within_sane_bounds() -> None:
    sessions = scan([CORPUS]).sessions
    assert sessions
    for session in sessions:
        found = extract_findings(session)
        numbers = {t.number for t in session.turns}
        assert len(found) <= 15, session.session_id
        assert sum(f.kind == "takeaway" for f in found) <= TAKEAWAYS
        assert len({f.id for f in found}) == len(found)
        for finding in found:
            assert 0 < len(finding.title) <= 100
            assert set(finding.turns) <= numbers
            assert all(len(e.quote) <= 240 for e in finding.evidence)
        error_outcomes(session)
