"""What a reply takes of the answer before it: the option it picks, of those the answer laid out
(`1. **Redis locks**… 2. **Postgres advisory locks**… Which do you prefer?` ← `ok, go with 2`,
`B please`, `Option 2, we don't want Redis`, `la segunda`, `第二个吧`), or the proposal it says
yes to by name (`Voorstel: … thumbnails …` ← `Ja, thumbnails.`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from anyascii import anyascii

from ledger.extract import patterns as p
from ledger.extract.prose import plain, sentences, units, word_count

OFFERED_CHARS = 2500
"""How much of an answer's end is read for the options it lays out: they close an answer."""
MAX_OPTIONS = 6
PICK_WORDS = 12
"""A reply's opening sentence longer than this does more than pick an option."""
PICK_CHARS = 200
"""How much of a reply is read for its opening sentence: one that picks is short."""
_OPENING = re.compile(r"\s*([^\n.!?。！？]*[.!?。！？]?)")
_HEADLINE_WORDS = 2

_OPTION_WORD = (
    r"option|opt\.?|alternative|approach|variant|variante|opción|opcion|opzione|opção|opcao"
    r"|optie|wariant|вариант|seçenek|alternativ|方案|选项|選項|オプション|案|옵션|방안"
)
_CJK_DIGITS = {"一": "1", "二": "2", "三": "3", "四": "4", "五": "5", "六": "6"}
_ITEM = re.compile(
    r"^[ \t]*(?:[-*+•][ \t]+)?(?:#{1,6}[ \t]+)?(?P<bold>\*\*|__)?[ \t]*"
    rf"(?:(?:{_OPTION_WORD})[ \t]*)?[(（]?(?P<label>[A-Fa-f]|[1-6]|[一二三四五六])"
    r"(?:[.):：）、]|(?:\*\*|__)|[ \t]+[—–-]|(?=[ \t]*(?:\*\*|__)?[ \t]*\n))"
    r"(?:\*\*|__)?[ \t]*(?P<text>.*)$",
    re.MULTILINE | re.IGNORECASE,
)
"""A line opening with an option's label: `1. …`, `B) …`, `- **Option A:** …`, `### Option 2 —
…`, `方案二：…`."""
_BOLD = re.compile(r"^(?:\*\*|__)(.+?)(?:\*\*|__)")
_BOLD_END = re.compile(r"^(.+?)(?:\*\*|__)")
_HEAD_END = re.compile(r":\s|\s[—–-]\s|[：。]|(?<=[\w)])[.!?](?:\s|$)")
_WAYS = (
    r"(?:(?:possible|other) )?(?:ways|fixes|solutions|choices)(?: (?:to|of) \w+(?: \w+)?)?"
    r"|(?:mögliche )?(?:möglichkeiten|lösungen|wege)|(?:les )?(?:pistes|solutions(?: possibles)?)"
    r"|(?:posibles )?(?:soluciones|alternativas)|(?:possibili )?(?:soluzioni|alternative)"
    r"|(?:possíveis )?soluções|способы(?: \w+)?|решения"
)
_CHOICE_ASKED = re.compile(
    rf"\?|？|\b(?:{_OPTION_WORD}|options|opciones|opzioni|opções|варианты)s?\b\s*[:：]"
    rf"|(?:^|\n)[*_ ]*(?:{_WAYS})[*_ ]*[:：]",
    re.I,
)
"""What tells options from a list of steps: a question after them, or `Options:`, `Ways to fix
it:` before."""
_LEAD_IN_CHARS = 200
"""How far before its first option an `Options:` may stand."""

_PLEASE = (
    r"please|pls|then|it is|for now|bitte|dann|alors|stp|s'il te plaît|entonces|por favor|pues"
    r"|allora|per favore|então|тогда|пожалуйста|proszę|lütfen|olsun|ile devam(?: edelim)?|seçelim"
    r"|då|tack|dan|graag|alsjeblieft"
)
"""Words a pick may end with (`B please`, `la 2 entonces`, `ikinci seçenek olsun`)."""
_CHOOSE = (
    "let's go with", "lets go with", "go with", "go for", "i'd go with", "i'll take", "i pick",
    "i choose", "va pour", "on part sur", "partons sur", "on prend", "je prends", "je choisis",
    "vamos con", "me quedo con", "elijo", "andiamo con", "scelgo", "vamos de", "vamos com",
    "fica com", "escolho", "nimm", "nehmen wir", "wir nehmen", "ich nehme", "давай", "берём",
    "берем", "выбираю", "weźmy", "bierzemy", "wybieram", "vi tar", "välj", "we nemen", "ga voor",
    "we gaan voor", "kies",
)  # fmt: skip
"""Words that take what follows them (`Va pour ETS`, `go with 2`)."""
_PICK_LEADS = (
    *_CHOOSE,
    # en
    *(f"{lets} {verb}".rstrip() for lets in ("let's", "lets")
      for verb in ("", "go", "go for", "do", "take", "use", "pick", "try")),
    "let us go with", "let us do", "let us take", "let us use", "going with", "going for",
    *(f"{i_would} {verb}" for i_would in ("i'd", "id")
      for verb in ("go with", "go for", "pick", "take", "prefer", "choose", "say", "do")),
    "i prefer", "i vote", "i vote for", "i'll go with", "i will go with", "i want",
    *(f"{we_will} {verb}" for we_will in ("we'll", "well") for verb in ("go with", "take", "do")),
    "take", "pick", "choose", "use", "do", "try", "implement", "prefer", "apply",
    # de, fr, es, it, pt
    "lass uns", "mach", "machen wir", "ich wähle", "wähle", "ich bin für", "ich würde", "prends",
    "on fait", "fais", "je préfère", "vamos por", "ve con", "elige", "prefiero", "haz",
    "hagamos", "usa", "vai con", "scegli", "prendi", "prendiamo", "facciamo", "fai",
    "preferisco", "procedi con", "vai com", "vai de", "fica", "prefiro", "faz", "faça",
    "segue com",
    # ru, pl, sv, nl
    "давайте", "делай", "делаем", "беру", "idziemy w", "rób", "zrób", "róbmy", "biorę", "ta",
    "kör på", "jag väljer", "gå på", "vi kör", "neem", "doe maar", "laten we",
    # zh, ja, ko
    "那就用", "那就", "就用", "就", "用", "选", "我选", "还是用", "では", "じゃあ", "그럼",
)  # fmt: skip
"""Words that may open a pick (`go with 2`, `Nimm Variante 2`, `就第二个吧`)."""


def _either(words: tuple[str, ...]) -> str:
    return "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))


_THE = r"(?:the|die|den|das|der|la|le|el|il|lo|o|a|на|het|de)"
_ORDINALS = (
    ("1", r"first|erste[nrs]?|premi[eè]re?|primer[oa]?|prim[oa]|primeir[oa]|перв\w*|pierwsz\w*"
          r"|ilk(?:i|ini)?|första|eerste|第一|一つ目|最初|첫\s*번째"),
    ("2", r"second|zweite[nrs]?|deuxi[eè]me|seconde?|segund[oa]|second[oa]|втор\w*|drug\w*"
          r"|ikinci(?:si|sini)?|andra|tweede|第二|二つ目|두\s*번째"),
    ("3", r"third|dritte[nrs]?|troisi[eè]me|tercer[oa]?|terz[oa]|terceir[oa]|трет\w*|trzeci\w*"
          r"|üçüncü(?:sü|sünü)?|tredje|derde|第三|三つ目|세\s*번째"),
    ("-1", r"last|latter|letzte[nrs]?|derni[eè]re?|últim[oa]|ultim[oa]|последн\w*|ostatni\w*"
           r"|sonuncu(?:su|yu)?|sista|laatste"),
)  # fmt: skip
_ORDINAL_WORDS = "|".join(words for _, words in _ORDINALS)
_ONE = (
    r"one|option|approach|variant|way|variante|opción|opcion|opzione|opção|optie"
    r"|вариант\w*|wariant\w*|seçenek|alternativ|個|个|种|案|番目?|号|번|안"
)
_REF = (
    rf"(?:(?P<the>{_THE})\s+)?(?:(?P<word>{_OPTION_WORD})\s*)?[#(（]?"
    # a label, with a Turkish case ending (`2'yi`), not the start of a word or number (`2.5`)
    r"(?:(?P<label>[a-f1-6]|[一二三四五六])(?:['’](?:y?[iıuü]|[iı]le|le|la)\b)?"
    rf"(?![.,'’]?[0-9a-z])[)）]?|(?P<ordinal>{_ORDINAL_WORDS}))"
    rf"(?:\s*(?P<one>{_ONE}))?"
)
_PICK = re.compile(
    # after a verb of choosing, a space, or none after one in Chinese, Japanese or Korean
    rf"^(?:(?P<lead>{_either(_PICK_LEADS)})(?:\s+|(?<=[\u3040-\u9fff\uac00-\ud7af])))?{_REF}"
    rf"(?:\s*(?:{_PLEASE}))*\s*(?:[.!,;:—–-]|で|으로|吧|$)",
    re.IGNORECASE,
)
"""A reply that opens by picking (`2`, `B please`, `go with option 2`, `Option B, because…`,
`the second one`, `Nimm Variante 2.`, `la segunda`, `方案二吧`, `2番で`)."""
_NOT = re.compile(
    r"\b(?:not|no|neither|nor|nicht|kein\w*|pas|ni|non|nem|não|nie|inte|niet|değil)\b|(?<!\w)не(?!\w)"
    r"|不|没|ない|じゃなく|아니|말고",
    re.IGNORECASE,
)

_YES = (
    "ok", "okay", "oké", "yes", "yep", "yeah", "sure", "fine", "agreed", "good", "great",
    "perfect", "ja", "jo", "jep", "genau", "gut", "klar", "einverstanden", "oui", "ouais",
    "d'accord", "parfait", "bon", "sí", "si", "vale", "dale", "bueno", "perfecto", "claro",
    "de acuerdo", "sì", "va bene", "perfetto", "certo", "sim", "beleza", "perfeito", "fechado",
    "да", "ок", "ладно", "хорошо", "tak", "dobrze", "okej", "evet", "tamam", "olur", "peki",
    "prima", "goed", "bra", "top", "super",
)  # fmt: skip
"""Words that say yes, before what they say it to (`Ja, thumbnails.`)."""
_AGREED = (
    "passt", "ist gut", "klingt gut", "geht klar", "me va", "me vale", "me parece bien",
    "sounds good", "works for me", "is fine", "looks good", "est bon", "c'est bon", "va bene",
    "fica bom", "serve", "подходит", "годится", "pasuje", "olur", "går bra", "is goed", "prima",
)  # fmt: skip
"""Words that say yes after what they say it to (`Batches à 50k mit Pause passt.`)."""
_YES_ENDS = (",", ".", "!")
"""What follows a word of yes in the keys: the common ones (`Ja, …`, `Ok. …`); `Ok — …` is read
too, when the message has other words for it."""
ACCEPT_KEYS = p.Words(
    *(f" {word}{end}" for word in _YES for end in _YES_ENDS),
    *(f" {words} " for words in _CHOOSE),
    *(f" {words}" for words in _AGREED),
)
"""What a (spaced, case-folded) reply must hold to be read for a yes to a thing by name."""


_ASSENT = re.compile(
    rf"^(?:(?:{_either(_YES)})\s*[,.!:;—–-]+|(?:{_either(_CHOOSE)})(?=\s))\s*", re.IGNORECASE
)
"""A sentence that opens by saying yes (`Ja, thumbnails.`) or by taking (`Va pour ETS.`)."""
_ASSENTED = re.compile(rf"\s+(?:{_either(_AGREED)})\s*[.!]*$", re.IGNORECASE)
"""A sentence that ends by saying yes (`Batches à 50k mit Pause passt.`)."""
_WORK = frozenset((
    "add", "fix", "implement", "create", "update", "build", "make", "do", "füge", "ajoute",
    "añade", "aggiungi", "adiciona", "добавь", "dodaj", "lägg", "voeg",
))  # fmt: skip
"""Verbs that open a request for work (`ok, add more printers`): a yes to an offer of work."""
ACCEPTED_WORDS = 6
"""At most this many words name what a reply accepts (`DNI y número exactos`)."""
ACCEPTED_SENTENCES = 3
ANSWER_CHARS = 3000
"""How much of an answer's end a reply accepts from: its proposal closes it."""
_TOKEN = re.compile(r"\w[\w+.#/-]*\w|\w")
_STEM = 4


@dataclass(frozen=True, slots=True)
class Option:
    """One option an answer laid out: its label (`2`, `b`), its place, and what it says."""

    label: str
    place: int
    text: str
    name: str = ""
    """Its name, where the answer wrote one in bold (`**Postgres advisory locks**: …`)."""

    @property
    def headline(self) -> str:
        """What choosing it means, in a few words: its bold name, or its first clause."""
        name = self.name.rstrip(":：—–- ")
        if word_count(name) >= _HEADLINE_WORDS:
            return name
        text = plain(self.text)
        end = _HEAD_END.search(text)
        if end and word_count(text[: end.start()]) >= _HEADLINE_WORDS:
            return text[: end.start()]
        return text


def offered(answer: str) -> tuple[Option, ...]:
    """The options closing an answer: its last run of labelled lines (`1.` `2.`…, `A)` `B)`…),
    when a question follows them or they follow `Options:`; none else."""
    end = answer[-OFFERED_CHARS:]
    for at, run in _runs(end):
        before = end[max(at - _LEAD_IN_CHARS, 0) : at]
        asked = _CHOICE_ASKED.search(end, at) or _CHOICE_ASKED.search(before)
        return run if asked else ()
    return ()


def _runs(end: str) -> Iterator[tuple[int, tuple[Option, ...]]]:
    """The runs of labelled lines in an answer's end, the last first, with where each starts."""
    runs: list[list[tuple[int, Option]]] = []
    current: dict[bool, list[tuple[int, Option]]] = {}
    for line in _ITEM.finditer(end):
        label = _CJK_DIGITS.get(line["label"], line["label"]).casefold()
        numbered = label.isdigit()
        place = int(label) if numbered else ord(label) - ord("a") + 1
        text = line["text"].strip()
        name = _BOLD.match(text)
        if name is None and line["bold"] and ("**" in text or "__" in text):
            name = _BOLD_END.match(text)  # `**Option 1 – Redis locks**: fast…`
        option = Option(label, place, text, plain(name[1]) if name else "")
        run = current.get(numbered)
        if place == 1:
            current[numbered] = [(line.start(), option)]
            runs.append(current[numbered])
        elif run is not None and run[-1][1].place == place - 1:
            run.append((line.start(), option))
    for run in reversed(runs):
        if 2 <= len(run) <= MAX_OPTIONS and all(option.text for _, option in run):
            yield run[0][0], tuple(option for _, option in run)


def opening(reply: str) -> str:
    """The first sentence of a reply, as far as a pick can reach (`2. We don't need Redis.`)."""
    found = _OPENING.match(reply, 0, PICK_CHARS)
    return found[1] if found else ""


def picked(sentence: str, answer: str) -> Option | None:
    """The option of `answer` that the opening sentence of the reply to it picks by its label
    or its place (`ok, go with 2`, `the second one`), if it does; not one it turns down (`not
    2`), nor a question about one (`what about B?`)."""
    found = _PICK.match(sentence)
    if found is None or word_count(sentence) > PICK_WORDS or sentence.endswith(("?", "？")):
        return None
    if _NOT.search(sentence, 0, found.end()):
        return None
    alone = found.end() >= len(sentence.rstrip(".!。！ "))
    label, ordinal = found["label"], found["ordinal"]
    if label is not None:
        # a bare letter is a word too (`go with a retry`): a label only when it is written as
        # one (`B`, `option b`, `b, fixed-order tiles`) or is all the reply says
        after = sentence[found.end("label") : found.end("label") + 1]
        named = found["word"] or alone or (not found["lead"] and after in (",", ":", ")"))
        if label.isalpha() and label.islower() and not named:
            return None
        label = _CJK_DIGITS.get(label, label).casefold()
        return next((o for o in offered(answer) if o.label == label), None)
    # `First, fix the tests`: a place only with `the`, `one`, a verb of choosing, or alone
    if not (found["the"] or found["one"] or found["lead"] or alone or not ordinal.isascii()):
        return None
    at = next(i for i, (_, words) in enumerate(_ORDINALS) if re.fullmatch(words, ordinal, re.I))
    place = int(_ORDINALS[at][0])
    laid_out = offered(answer)
    if place == -1:
        return laid_out[-1] if laid_out else None
    return laid_out[place - 1] if place <= len(laid_out) else None


def accepted(reply: str, answer: str) -> tuple[str, str] | None:
    """The sentence of a reply's opening that says yes to what the answer proposed by naming
    it (`Ja, thumbnails.`, `Va pour ETS.`, `Ok, Batches à 50k mit Pause passt.`), with what
    states the choice: the option it names, its own words when they say enough (`DNI y número
    exactos`), else the answer's sentence that holds them (`Voorstel: … thumbnails …`)."""
    tail = answer[-ANSWER_CHARS:]
    said = _stems(tail)
    for sentence in sentences(reply[: PICK_CHARS * 2])[:ACCEPTED_SENTENCES]:
        text = plain(sentence)
        phrase = _named(text)
        if phrase is None:
            continue
        words = _content(phrase)
        named = [word for word in words if _stems(word) <= said]
        if not named or 2 * len(named) < len(words):
            continue  # `Eso lo dejamos para otro día`: words of its own, not the answer's
        # the options it names, asked which or not (`Va pour ETS.` after `1. … ETS … 2. …`)
        listed = next((run for _, run in _runs(tail)), ())
        laid_out = [o for o in listed if all(w in o.text.casefold() for w in named)]
        if len(laid_out) == 1:
            headline = laid_out[0].headline
            if all(w in headline.casefold() for w in named):
                return text, headline
            return text, next(iter(sentences(plain(laid_out[0].text))), headline)
        if len(words) >= 2:
            return text, phrase
        holding = [
            plain(s)
            for unit in units(tail)
            for s in sentences(unit.text)
            if named[0] in s.casefold() and not s.rstrip().endswith("?")
        ]
        return (text, holding[-1]) if holding else None
    return None


def _named(text: str) -> str | None:
    """What a sentence says yes to, when it does and is short: not a question, nor a thing
    turned down (`Ok, no Redis`)."""
    if text.endswith(("?", "？")):
        return None
    yes_first = _ASSENT.match(text)
    yes_after = _ASSENTED.search(text)
    if yes_first is None and yes_after is None:
        return None
    phrase = text[yes_first.end() if yes_first else 0 : yes_after.start() if yes_after else None]
    phrase = phrase.strip(" .!,;:")
    if not phrase or word_count(phrase) > ACCEPTED_WORDS or _NOT.search(phrase):
        return None
    first = phrase.split()[0].casefold()
    if first in p.TASK_VERBS or first in _WORK or p.AGAIN.search(phrase) or p.GO_ON.search(phrase):
        return None  # `ok, push it`, `ok, add more printers`: work asked for, no choice
    if p.POINTS_BACK.search(phrase) or p.REQUEST.search(phrase):
        return None  # `OK, this worked: …`, `ok, dann bau bitte…`: no name, or a request
    return phrase


def _stems(text: str) -> set[str]:
    """The starts of a text's words, spelled in ASCII: the same word inflected or accented
    (`pausiert`/`Pause`, `numero`/`número`)."""
    return {word[:_STEM] for word in _TOKEN.findall(anyascii(text).casefold())}


def _content(phrase: str) -> list[str]:
    """The words of a phrase that name something (`batches`, `50k`, `idempotency-key`)."""
    return [
        word
        for word in _TOKEN.findall(phrase.casefold())
        if (len(word) >= 3 or any(c.isdigit() for c in word)) and word not in p.NOT_IMPERATIVE
    ]
