"""A session as units of work: where the person changes subject, what kind of work each part is,
how it ended (the structural engagements of SPEC §2.2; the LLM pass may replace them).

A new engagement starts at a prompt that says so ("now let's…", "next,", "another thing", in
several languages), after a long pause, or where the work moves to other files than the ones the
engagement was about. Its method comes from the words of its first prompt and the tools it used;
its phase from how it ends; its outcome from its last answer. Deterministic and cheap: one pass
over the turns.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import PurePosixPath

from ledger.extract.prose import word_count
from ledger.models import METHODS, Finding, Session, ToolCall, Turn, is_bare_command

PAUSE = timedelta(hours=2)
"""A prompt this long after the one before starts new work, whatever it says."""
MAX_ENGAGEMENTS = 12
OPENING_CHARS = 200
"""How much of a prompt's opening names its work."""
READ_CHARS = 800
"""How much of a prompt or an answer is read at either end: enough for its opening or its
conclusion, and a pasted 50 KB log costs nothing."""
TOPIC_WORDS = (5, 15)


@dataclass(frozen=True, slots=True)
class Engagement:
    """One unit of work within a session."""

    topic: str
    method: str
    phase: str
    outcome: str
    first_turn: int
    last_turn: int
    decisions: tuple[str, ...] = ()

    @property
    def turns(self) -> str:
        return f"{self.first_turn}-{self.last_turn}"


def _words(alternatives: str) -> re.Pattern[str]:
    """Any of `a|b|c` as whole words, any case."""
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


FOLLOW_UP = re.compile(
    r"^\W*(?:yes|yeah|yep|ok(?:ay)?|sure|go on|go ahead|continue|proceed|do it|please do|"
    r"ja|genau|weiter|mach weiter|oui|vas-y|continue[zr]?|sí|si|dale|sigue|continua|vai|"
    r"sim|pode|да|давай|продолжай)\b",
    re.IGNORECASE,
)
"""A prompt opening so goes on with the work at hand."""
FOLLOW_UP_WORDS = 2
"""A prompt this short goes on with the work at hand too."""
SHORT_CHARS = 60
"""How much of a prompt is counted first for FOLLOW_UP_WORDS: room for more words than that."""
SHIFT = re.compile(
    r"^\W*(?:"
    r"(?:ok(?:ay)?|great|thanks|good|cool|perfect|alright)?\W*"
    r"(?:now,? (?:let'?s|can|could|we|i|please)|next,|next up|next step|moving on|"
    r""
    r"another (?:thing|task|question)|different (?:topic|question|task)|new task|"
    r"unrelated|"
    r"switch(?:ing)? to|let'?s (?:move on|switch|now)|"
    r"jetzt (?:lass uns|möchte ich)|als nächstes|nächster punkt|anderes thema|"
    r"maintenant,? (?:on|passons|je voudrais)|passons à|autre chose|"
    r"ahora,? (?:vamos|quiero|pasemos)|pasemos a|otra cosa|"
    r"ora,? (?:passiamo|vorrei)|adesso,? (?:passiamo|vorrei)|passiamo a|"
    r"un'altra cosa|"
    r"agora,? (?:vamos|quero)|vamos passar|outra coisa|"
    r"теперь давай|теперь (?:нужно|сделай)|далее|другой вопрос|следующ)"
    r")",
    re.IGNORECASE,
)
"""A prompt opening with one of these starts new work."""

_PROMPT_METHODS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "review",
        _words(
            r"review\w*|pr|pull request|code review|look over|check|verify|audit\w*|überprüf\w*|"
            r"revis\w+|relis\w*|ревью|провер\w+"
        ),
    ),
    (
        "debug",
        _words(
            r"bug\w*|fix\w*|broke|error\w*|errors?|fail\w*|broken|crash\w*|traceback|exception|"
            r"doesn'?t work|not working|slow|fehler\w*|erreur\w*|errore\w*|"
            r"erro\w*|ошибк\w*|не работает"
        ),
    ),
    (
        "deploy",
        _words(
            r"deploy\w*|release|publish\w*|rollout|ship it|push to (?:remote|"
            r"prod\w*)|veröffentlich\w*|déploy\w*|despleg\w*|rilasci\w*|"
            r"implanta\w*|депло\w*|разверн\w*"
        ),
    ),
    (
        "plan",
        _words(
            r"plan\w*|roadmap|break (?:it )?down|milestone\w*|phase\w*|spec(?:s|ification)?|"
            r"planen|planifi\w*|planific\w*|pianific\w*|планир\w*"
        ),
    ),
    (
        "design",
        _words(
            r"design\w*|architect\w*|approach|how should (?:we|i)|trade-?offs?|"
            r"entwurf|conception|diseñ\w*|progett\w*|projet\w*|архитектур\w*|"
            r"дизайн"
        ),
    ),
    (
        "reorg",
        _words(
            r"refactor\w*|renam\w*|reorgani[sz]\w*|restructur\w*|clean ?up|"
            r"move \w+ (?:to|into)|umbenenn\w*|aufräum\w*|refactoris\w*|"
            r"рефактор\w*"
        ),
    ),
    ("triage", _words(r"triage|backlog|prioriti[sz]\w*|issues|tickets?")),
    (
        "write",
        _words(
            r"readme|docs?|documentation|document|blog|draft|translat\w*|"
            r"traduc\w*|traduci|übersetz\w*|dokumentation|перевед\w*|"
            r"документац\w*"
        ),
    ),
    (
        "research",
        _words(
            r"research\w*|investigat\w*|explor\w*|stud(?:y|ied)|find out|how does|"
            r"what (?:is|are|were)|explain\w*|summari[sz]\w*|read through|"
            r"untersuch\w*|zusammen\w*|erklär\w*|recherch\w*|investig\w*|изуч\w*|"
            r"объясн\w*"
        ),
    ),
    (
        "build",
        _words(
            r"implement\w*|add\w*|build\w*|creat\w*|feature|support|write (?:a|"
            r"the) (?:test|function|script|class)|erstell\w*|hinzufüg\w*|ajout\w*|"
            r"crea\w*|aggiung\w*|adicion\w*|добав\w*|созда\w*|реализ\w*"
        ),
    ),
)
"""The first of these whose words open a segment's prompt names its method (most specific first)."""

EDITS = frozenset({"Edit", "Write", "MultiEdit", "NotebookEdit", "apply_patch"})
READS = frozenset({"Read", "Grep", "Glob", "LS", "WebFetch", "WebSearch", "Task", "Skill"})
DELEGATES = frozenset({"Task", "Agent", "spawn_agent"})
"""Tools that hand work to a sub-agent: its edits are not in this transcript."""
SHELLS = frozenset({"Bash", "shell", "shell_command", "exec_command", "local_shell"})
DEPLOY_COMMAND = re.compile(
    r"\b(?:git push|gh release|docker push|kubectl apply|helm (?:install|upgrade)|"
    r"terraform apply|"
    r"npm publish|twine upload|fly deploy|vercel)\b"
)
TEST_COMMAND = re.compile(r"\b(?:pytest|npm (?:run )?test|cargo test|go test|jest|vitest|make)\b")

DONE = _words(
    r"done|committed|shipped|resolved|fixed|all (?:\d+ )?tests? pass\w*|passing|"
    r"implemented|complete[ds]?|"
    r"finished|merged|pushed|green|works|erledigt|fertig|behoben|terminé|corrigé|"
    r"listo|terminado|completato|fatto|concluído|pronto|готово|исправлен\w*|"
    r"сделано"
)
HANDOFF = _words(
    r"next steps?|you (?:can|could|should|will need to)|let me know|"
    r"would you like|shall i|do you want|nächste schritte|prochaines étapes|"
    r"próximos pasos|prossimi passi|próximos passos|следующие шаги"
)
_MARKUP = re.compile(r"<[^>\n]{1,80}>|```.*?```|`|\*\*|__|^#+\s*", re.DOTALL | re.MULTILINE)
_SLASH = re.compile(r"^/[\w:.-]+\s*")
_SENTENCE_END = re.compile(r"[.!?。！？]\s")
_PATHLIKE = re.compile(r"[\w.-]*[/\\][\w./\\-]+|[\w-]+\.[a-z]{1,5}\b")


def engagements(session: Session, findings: Sequence[Finding] = ()) -> tuple[Engagement, ...]:
    """The engagements of a non-ghost session (a ghost has none)."""
    if session.ghost or not session.turns:
        return ()
    turns = [t for t in session.turns if t.steps or not is_bare_command(t.prompt)]
    turns = turns or list(session.turns)
    segments = _merge_smallest(_segments(turns), MAX_ENGAGEMENTS)
    last = len(segments) - 1
    work = [
        _engagement(segment, at_end=n == last, project=session.project)
        for n, segment in enumerate(segments)
    ]
    return with_decisions(work, findings)


def with_decisions(
    work: Sequence[Engagement], findings: Sequence[Finding]
) -> tuple[Engagement, ...]:
    """The engagements, each with the ids of the decisions the session made in its turns."""
    decided = [f for f in findings if f.kind == "decision"]
    return tuple(
        replace(
            e,
            decisions=tuple(
                f.id for f in decided if any(e.first_turn <= t <= e.last_turn for t in f.turns)
            ),
        )
        for e in work
    )


def _files(calls: Sequence[ToolCall]) -> set[str]:
    """The folders of the files a turn's calls read or changed: what it was about."""
    found: set[str] = set()
    for call in calls:
        for token in _PATHLIKE.findall(call.detail):
            folder, slash, name = token.replace("\\", "/").rstrip("/").rpartition("/")
            found.add(folder if slash and folder not in ("", ".") else name)
    return found


def _segments(turns: Sequence[Turn]) -> list[list[Turn]]:
    segments: list[list[Turn]] = []
    about: set[str] = set()
    was = ""
    for turn in turns:
        calls = turn.tool_calls
        files, mode = _files(calls), _mode(calls)
        if segments and _continues(segments[-1], turn, files, about, mode != was):
            segments[-1].append(turn)
            about |= files
        else:
            segments.append([turn])
            about = files
        was = mode
    return segments


def _continues(
    segment: list[Turn], turn: Turn, files: set[str], about: set[str], other_mode: bool
) -> bool:
    said = _plain(turn.prompt[:READ_CHARS])
    if SHIFT.search(said[:120]):
        return False
    before = segment[-1].started
    if before and turn.started and turn.started - before > PAUSE:
        return False
    if FOLLOW_UP.match(said) or _short(said):
        return True  # "yes please", "continue", "ja": the same work goes on
    if other_mode:
        return False  # a new request that changes what the agent does: talk, look, or edit
    # other files than the work so far, after it had some of its own: another piece of work
    return not (len(segment) >= 2 and about and files and not files & about)


def _short(said: str) -> bool:
    """At most FOLLOW_UP_WORDS words. Its opening is counted first: it has no more words than the
    whole, and it settles most prompts without counting the words of a long one."""
    return word_count(said[:SHORT_CHARS]) <= FOLLOW_UP_WORDS and word_count(said) <= FOLLOW_UP_WORDS


def _mode(calls: Sequence[ToolCall]) -> str:
    """What a turn's calls did: changed files, only looked (read, searched, ran), or only talked."""
    if any(c.name in EDITS or "apply_patch" in c.detail for c in calls):
        return "edit"
    return "look" if calls else "talk"


def _merge_smallest(segments: list[list[Turn]], most: int) -> list[list[Turn]]:
    while len(segments) > most:
        n = min(range(len(segments) - 1), key=lambda i: len(segments[i]) + len(segments[i + 1]))
        segments[n : n + 2] = [segments[n] + segments[n + 1]]
    return segments


def _engagement(segment: Sequence[Turn], at_end: bool, project: str | None) -> Engagement:
    first, last = segment[0].number, segment[-1].number
    calls = [c for t in segment for c in t.tool_calls]
    method = _method(segment, calls)
    return Engagement(
        topic=_topic(segment, method, project),
        method=method,
        phase=_phase(segment, calls, at_end),
        outcome=_outcome(segment),
        first_turn=first,
        last_turn=last,
    )


def _method(segment: Sequence[Turn], calls: Sequence[ToolCall]) -> str:
    """The kind of work: the words of the segment's first sentence where its tools allow them,
    else what its tools did (edits of prose only: write; failing and fixing: debug...)."""
    commands = " ".join(c.detail for c in calls if c.name in SHELLS)
    edits = [c.detail for c in calls if c.name in EDITS]
    edited = bool(edits) or "apply_patch" in commands
    opening = _opening(segment[0].prompt)
    said = next((m for m, cue in _PROMPT_METHODS if cue.search(opening)), None)
    if not edited:
        if DEPLOY_COMMAND.search(commands):
            return "deploy"
        delegated = any(c.name in DELEGATES for c in calls)
        if said in ("review", "research", "plan", "design", "triage", "debug", "deploy") or (
            said in ("build", "write") and delegated
        ):
            return said
        return "research" if calls else said or "discuss"
    if said in ("reorg", "deploy", "debug"):
        return said
    if said == "write" or (edits and all(_is_prose(path) for path in edits)):
        return "write"
    failed = sum(c.is_error for c in calls)
    return "debug" if said is None and failed >= max(2, len(calls) // 5) else "build"


def _opening(prompt: str) -> str:
    """What a prompt asks for: its opening, without a leading slash command's name (a pasted
    log or a long instruction further down says little about the work)."""
    return _plain(_SLASH.sub("", prompt.strip()[:READ_CHARS]))[:OPENING_CHARS]


def _is_prose(path: str) -> bool:
    return path.lower().endswith((".md", ".mdx", ".rst", ".txt", ".adoc"))


def _phase(segment: Sequence[Turn], calls: Sequence[ToolCall], at_end: bool) -> str:
    answer = segment[-1].answer
    if answer is None:
        return "abandoned" if calls or len(segment) > 1 else "started"
    if calls and calls[-1].is_error:
        return "blocked"
    if not at_end:
        return "completed"  # work the session went on from was done, whatever its words
    conclusion = _plain(answer[-READ_CHARS:])
    if DONE.search(conclusion):
        return "completed"
    if HANDOFF.search(conclusion):
        return "handed-off"
    return "in-progress" if calls else "completed"


def _outcome(segment: Sequence[Turn]) -> str:
    answer = next((t.answer for t in reversed(segment) if t.answer), None)
    if not answer:
        return "No answer was given."
    return _cut(_first_sentence(_plain(answer[:READ_CHARS])), 200)


def _topic(segment: Sequence[Turn], method: str, project: str | None) -> str:
    text = _plain(_SLASH.sub("", segment[0].prompt[:READ_CHARS]))
    low, high = TOPIC_WORDS
    sentence = _first_sentence(text).split()
    words = sentence if low <= len(sentence) <= high else text.split()
    if len(words) >= low:
        return " ".join(words[:high])
    names = ", ".join(sorted({_name(f) for t in segment for f in _files(t.tool_calls)})[:3])
    if not words:
        return f"{method.capitalize()} work in {_name(project)} on {names or 'its files'}"
    return " ".join(
        [method.capitalize(), "work", "on", f"{names or _name(project)}:", *words][:high]
    )


def _first_sentence(text: str) -> str:
    """The text up to its first stop followed by a space (found by the stop: a lookbehind for
    it was tried at every character)."""
    end = _SENTENCE_END.search(text)
    return text[: end.start() + 1] if end else text


def _name(project: str | None) -> str:
    return PurePosixPath(project.replace("\\", "/")).name if project else "the project"


def _plain(text: str) -> str:
    if any(mark in text for mark in "<`*_#"):  # most prompts and answers hold no markup
        text = _MARKUP.sub(" ", text)
    return " ".join(text.split())


def _cut(text: str, most: int) -> str:
    if len(text) <= most:
        return text
    return text[:most].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def method_counts(found: Iterable[Engagement]) -> dict[str, int]:
    """How many engagements of each method, in METHODS order (for stats)."""
    counts = dict.fromkeys(METHODS, 0)
    for e in found:
        counts[e.method] += 1
    return {m: n for m, n in counts.items() if n}
