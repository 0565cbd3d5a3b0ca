"""The cue table beyond English: per language, the phrases that mark each kind of finding.

Each language is a tuple of rows in the shape of `patterns.Pattern` (kind, regular expression,
which clause holds the finding, confidence per speaker). Rows are tried after the English ones,
in the order given; the first match wins. `title="after"` means the finding is the clause after
the cue (`Entscheidung: Redis` gives `Redis`), `"sentence"` the whole sentence. The cross-language
rows at the end (reversals, `X instead of Y`, labelled takeaways) follow one shape in every
language, so they are built from one word list per language.
"""

from __future__ import annotations

import re

from ledger.extract.patterns import (
    ASIDE,
    BEHAVES,
    COULD_NOT_FIND_OUT,
    LEAVE_IT_OPEN,
    REMEMBER_TO,
    REMEMBER_TO_KEYS,
    UNDESCRIBED,
    UNTIL,
    Pattern,
    Scope,
    TitleMode,
    Words,
    label_keys,
)
from ledger.extract.patterns import PATTERNS as ENGLISH
from ledger.lazy_regex import LazyRegex
from ledger.models import Kind

_FLAGS = re.IGNORECASE


def _row(
    name: str,
    kind: Kind,
    keys: tuple[str, ...],
    regex: str,
    user: float | None,
    assistant: float | None,
    title: TitleMode = "after",
    scope: Scope = "anywhere",
) -> Pattern:
    keys = tuple(key.casefold() for key in keys)
    return Pattern(name, kind, keys, LazyRegex(regex, _FLAGS), user, assistant, title, scope=scope)


def _label_row(
    name: str,
    kind: Kind,
    labels: tuple[str, ...],
    confidence: float,
    person: bool = True,
    unless: str = "",
) -> Pattern:
    """A row for a label that opens a sentence (`Hypothese:`, `**Bon à savoir :**`, `Ipotesi non
    verificata:`, `**Le bug.**`): the finding is what follows it; the labels are the row's keys
    too. Not the person's when `person` is false (`Hinweis:` in a prompt is an order to the
    agent); not when what follows matches `unless`."""
    words = "|".join(re.escape(label) for label in labels)
    return _row(
        name,
        kind,
        labels,
        # `Label:`, or a bold `**Label.**` (read without its stars: `Label. `)
        # (`Und noch eine Vermutung, die ich nicht geprüft habe: …`)
        r"^[*_]*(?:(?:and|und|et|y|e|и) )?(?:(?:also|noch|aussi|también|anche|ещё|еще) )?"
        r"(?:(?:one|a|an|eine?|une?|una?|um|uma|одна|одно) (?:more |other )?)?"
        rf"(?:{words})(?:,? [^:*_]{{1,32}}?)?(?:[*_]*\s*:|\.[*_]*(?=\s))[*_]*\s*"
        + (rf"(?!{unless})" if unless else ""),
        confidence if person else None,
        confidence,
    )


# fmt: off


GERMAN = (
    _row("de-todo-label", "todo",
         ("zu tun", "zu erledigen", "aufgabe", "offen", "fehlt", "nicht erledigt", "noch machen",
          "noch tun", *label_keys("später", "für später")),
         r"^offen bleibt (?:noch )?(?=\w)"
         r"|^offen\s*:\s*(?![^\n]*\?\s*$|\s*(?:ob|wie|warum|wann|wer|welche\w*)\b)"
         r"|^was wir (?:irgendwann )?noch (?:machen|tun) müssen\s*:\s*"
         r"|\b(?:noch zu (?:tun|erledigen)|aufgabe|offen ist noch|noch offen|was noch fehlt"
         rf"|fehlt noch|(?:noch )?nicht erledigt){UNTIL}\s*:\s*"
         r"|^[*_]*(?:für )?später[*_]*\s*:[*_]*\s*(?=\S)", 0.65, 0.6),
    _row("de-noch", "todo", ("müssen wir", "sollten wir"),
         r"\b(?:müssen|sollten) wir (?:später |irgendwann |demnächst )?noch\b"
         r"|\b(?:müssen|sollten) wir (?:später|irgendwann|demnächst)\b", 0.6, None, "sentence"),
    _row("de-needs-still", "todo", ("braucht noch", "brauchen noch"),
         r"\b(?:braucht|brauchen) noch\b", 0.6, 0.5, "sentence", scope="open"),
    _row("de-later", "todo", ("später", "irgendwann", "demnächst", "nachher", "morgen"),
         r"\b(?:später|irgendwann|demnächst)\s+(?:müssen|sollten|sollen)\s+wir\s+"
         r"|^(?:nachher|später|morgen) noch\s+", 0.6, 0.5),
    _row("de-must-still", "todo", ("noch",),
         # a word or more between (`wir müssen noch X` is `still-to-do`'s, titled by its X)
         r"\b(?:muss|müssen|sollte|sollten)\b(?:\s+[^\s?]+){1,4}?\s+noch\b(?![^.!?]*\?)",
         0.55, None, "sentence"),
    _row("de-still-passive", "todo", ("noch",),
         r"\b(?:muss|müssen|sollte|sollten) noch\b(?=[^.!?]{1,80}\b(?:werden|erledigt)\b)",
         0.6, None, "sentence"),
    _row("de-decided", "decision", ("entschieden", "beschlossen", "geeinigt"),
         r"\b(?:wir haben|ich habe) (?:\S+\s+){0,8}?(?:entschieden|beschlossen|geeinigt)\b",
         0.8, 0.6, "sentence"),
    _row("de-lass-uns", "decision",
         ("lass uns", "lasst uns", "gehen mit", "bleiben bei", "setzen auf", "nehmen wir",
          "bleiben wir", "machen wir es", "wir nehmen", "machen wir", "lassen wir", "bewusst",
          "klingt gut",
          "wir setzen",
          "wir machen das", "wir lassen", "versuchen wir", "probieren wir"),
         # not what is put off (`Lass uns das morgen machen`): work left for later
         r"\blass(?:t)? uns (?![^.!?]*\b(?:morgen|später|nachher|demnächst|irgendwann"
         r"|nächste woche)\b)(?:\S+\s+){1,10}?(?:verwenden|nehmen|nutzen|benutzen|bleiben|wechseln"
         r"|behalten|lassen|löschen|entfernen|umstellen|machen)\b"
         r"|\bwir (?:gehen mit|bleiben bei|setzen (?:\S+ ){0,4}?auf)\b"
         r"|^(?:(?:ok|gut|passt|okay),? )?wir lassen\b"
         r"(?! (?:uns|mal|das mal)\b)|\b(?:nehmen wir(?! an\b)|bleiben wir)\b"
         r"|\bdann (?:machen|nehmen|lassen) wir\b|^bewusst (?:keine?|nicht)\b"
         r"|^wir machen das (?:mit|über|per)\b"
         r"|^(?:(?:ok|gut|also|dann),? )?(?:versuchen|probieren) wir(?: es)?"
         r"(?: (?:erst ?mal|zuerst|mal))? (?:mit|über)\b"
         r"|^machen wir(?: es)? so\b|^(?:(?:ok|gut|also),? )?wir nehmen (?!an\b)"
         # what sounds good, and so it is done (`Ein Realm klingt gut, machen wir so`)
         r"|^(?=[^.?!]{2,60}? klingt gut,? (?:machen wir(?: es)? so|nehmen wir)\b)", 0.75, None,
         "sentence"),
    # what the agent switched to (`Umgestellt auf strategy='timestamp'…`, `Ich habe den Job auf
    # Polars umgestellt`): a choice made
    _row("de-switched", "decision", ("umgestellt", "gewechselt"),
         r"^(?:\S+ ){0,3}?(?:umgestellt|gewechselt) (?:auf|zu)\s+"
         r"|^(?:ich habe|wir haben) (?:\S+ ){1,5}?(?:auf|zu) \S+(?: \S+)?"
         r" (?:umgestellt|gewechselt)\b",
         0.6, 0.5, "sentence"),
    _row("de-turns-out", "insight",
         ("heraus", "gezeigt", "zeigte sich", "ursache", "problem war", "problem ist",
          "problem lag",
          "grund war", "grund ist", "lag ", "kam daher", "kommt", "liegt ", "tritt", "taucht",
          "passiert", "geschieht", "scheitert", "crasht", "hängt"),
         r"\b(?:es stellt(?:e)? sich heraus|(?:es )?hat sich herausgestellt|wie sich herausstellte"
         r"|(?:es |dabei )?(?:hat sich gezeigt|zeigte sich),? dass"
         r"|das (?:eigentliche )?problem (?:war|ist),? dass|das (?:eigentliche )?problem lag"
         r"|die (?:eigentliche )?ursache (?:war|ist)|der (?:eigentliche )?grund (?:war|ist)"
         r"|(?:es|das) lag (?:die ganze zeit |also |eben )?(?:daran|an)|(?:kam|kommt) daher, dass"
         r"|kommt (?:\w+ )?(?:vom|von der|von den)"
         # when only it happens, and why (`Der Fehler tritt nur auf, wenn…`, `Das passiert, weil`)
         r"|(?:tritt|taucht|kommt) (?:\w+ )?nur (?:dann )?(?:auf|vor),? (?:wenn|bei|nach|mit)"
         r"|^(?:das|es|dies) (?:passiert|geschieht|tritt auf|scheitert|crasht|hängt)\b"
         r"[^.?!]{0,30}?,? weil"
         r"|(?<!vermutlich )(?<!wahrscheinlich )(?<!vielleicht )(?<!eventuell )(?<!evtl\. )"
         r"(?<!möglicherweise )"
         r"liegt (?:\w+ ){0,2}?(?:daran|an (?:der|dem|den)|am))\b",
         0.55, 0.55, "sentence"),
    # what the agent kept or took, and why (`Den alten Endpoint habe ich aus
    # Kompatibilitätsgründen behalten`, `Ich habe X genommen, damit…`)
    _row("de-kept", "decision", ("behalten", "genommen", "gewählt", "gelassen", "verwendet"),
         r"^(?:(?:ich habe|wir haben) (?!(?:das|es|dies|dieses|diese) (?:\S+ )?(?:behalten|genommen"
         r"|gewählt|gelassen|verwendet)\b)(?:\S+ ){1,6}?|(?:der|die|das|den) \S+(?: \S+)?"
         r" (?:habe ich|haben wir) (?:\S+ ){0,4}?)(?:behalten|genommen|gewählt|gelassen|verwendet)"
         r"\b(?=[^.?!]*(?:\b(?:weil|damit|sodass|wegen)\b|\baus \w+gründen\b))"
         r"|^(?:der|die|das|den) \S+(?: \S+)? (?:habe ich|haben wir) aus \w+gründen"
         r" (?:\S+ ){0,3}?(?:behalten|genommen|gewählt|gelassen|verwendet)\b",
         None, 0.5, "sentence"),
    _row("de-i-think", "hypothesis", ("ich glaube", "ich denke"),
         r"^ich (?:glaube|denke),? (?:dass )?(?=(?:der|die|das|dieser|diese|dieses|unser|unsere)"
         r"\s+(?-i:[A-ZÄÖÜ]))(?![^.?!]*\b(?:sollten|müssen|sollte|muss)\b)", 0.45, 0.45),
    _row("de-probably", "hypothesis",
         ("vermutlich", "wahrscheinlich", "hypothese", "vermutung", "möglicherweise",
          "vielleicht", "könnte", "verdacht", "ich tippe", "evtl.", "eventuell", "riecht",
          "gefühl"),
         r"\bmein verdacht (?:ist|wäre),? (?:dass\s+)?|\bich tippe (?:darauf|auf)\b"
         r"|\b(?:vermutlich|wahrscheinlich|möglicherweise|vielleicht|evtl\.|eventuell)"
         r" (?:liegt'?s|liegt (?:es|das)) (?:an|am)\b|\b(?:vermutlich|wahrscheinlich|möglicherweise"
         r"|vielleicht) (?:liegt (?:es|das) (?:an|am)"
         r"|wegen|verursacht durch|kommt (?:es|das) (?:von|vom|daher))\b"
         r"|\b(?:es )?könnte (?:sein, dass|daran liegen|an \S+ liegen)\b"
         r"|^(?:es |das )?könnte (?:auch )?(?:ein|eine|der|die|das)\b[^.?!]{1,60}? sein[.!]?$"
         r"|\bich habe (?:so )?(?:das|ein) (?:gefühl|bauchgefühl),? dass\b"
         r"|\bmeine (?:hypothese|vermutung) (?:ist|lautet),? (?:dass\s+)?"
         r"|^riecht (?:für mich |mir )?(?:stark )?nach\b", 0.5, 0.5, "sentence"),
)
FRENCH = (
    _row("fr-todo-label", "todo", ("à faire", "plus tard"),
         rf"\b(?:reste )?à faire{UNTIL}\s*:\s*|\b(?:note )?pour plus tard\s*:\s*", 0.65, 0.6),
    _row("fr-later", "todo", ("plus tard",),
         r"\bplus tard,?\s+(?:il faudra|on devra|nous devrons|on doit)\s+"
         r"|\b(?:il faudra|on devra|nous devrons)\s+(?:encore\s+)?(?=[^.!?]*\bplus tard\b)",
         0.6, 0.5),
    _row("fr-decided", "decision", ("décidé", "convenu", "choisi", "gardé", "conservé", "opté"),
         r"\b(?:nous avons|on a|j'ai|j’ai) (?:décidé|convenu|choisi) (?:de |d'|d’|que )?"
         # kept, and why: `J'ai gardé l'API synchrone, parce que…`
         r"|^(?:nous avons|on a|j'ai|j’ai) (?=(?:gardé|conservé|opté pour)\b[^.?!]*"
         r"\b(?:parce que|parce qu|car|puisque|sinon|pour éviter)\b)", 0.8, 0.6),
    _row("fr-lets", "decision",
         ("partons sur", "on part sur", "utilisons", "gardons", "on garde", "on va utiliser",
          "on va garder", "on reste sur", "restons sur", "on passe", "on abandonne", "prenons",
          "essayons", "on essaie", "on tente"),
         r"\bon abandonne\b|\b(?:partons sur|on part sur|utilisons|gardons|on garde"
         r"|on va (?:utiliser|garder"
         r"|partir sur|rester sur)|on reste sur|restons sur"
         r"|on passe (?:tout |toute \S+ |tous \S+ |le reste )?(?:à|sur|en))\s+"
         r"|^(?:(?:ok|bon|alors|d'accord),? )?(?:prenons|essayons|on essaie|on tente)\s+"
         r"(?!(?:de|d'|encore|à nouveau|le temps|un exemple|une pause)\b)(?=\w)", 0.75, None,
         "sentence"),
    _row("fr-turns-out", "insight",
         ("avère", "avéré", "problème", "la cause", "raison", "venait", "en fait", "en réalité"),
         r"\bil s'(?:avère|est avéré) que\b|\ble (?:vrai )?problème (?:était|est) que\b"
         r"|\bla cause (?:racine )?(?:était|est)\b|\bla (?:vraie )?raison (?:est|était) que\b"
         r"|\b(?:le (?:vrai )?problème|le bug|l'erreur) venait d"
         r"|^en (?:fait|réalité),? "
         r"(?=[^.?!]{0,80}\b(?:venait|vient|provenait|était dû|était causé))",
         0.55, 0.55, "sentence"),
    _row("fr-i-think", "hypothesis", ("je pense", "je crois"),
         r"^(?:je pense|je crois) que\s+(?=(?:(?:le|la|les|cette|ces|notre|nos|leur)\s+|l['’])\w)"
         r"(?![^.?!]*\b(?:devrait|devrions|faut|faudrait|doit)\b)",
         0.45, 0.45),
    _row("fr-suspect", "hypothesis",
         ("soupçonne", "hypothèse", "probablement", "se peut", "possible que", "pourrait",
          "à mon avis", "ça sent", "ca sent"),
         r"\bje soupçonne (?:[\w']+,? )?(?:que\s+|(?=(?:le|la|les|l')\b))"
         r"|\bmon hypothèse(?: est que|,? c'est que| :|:)\s*"
         r"|^(?:ça|ca) sent (?=(?:le|la|les|un|une)\b)"
         r"|^à mon avis,?\s+(?=[^.?!]*\b(?:provoqu|caus|à cause d|vien|dû|due))"
         r"|\bprobablement (?:dû|causé) (?:à|par)\b|\bil (?:se peut|est possible) que\s+"
         r"|\b(?:ça|cela) pourrait venir d", 0.55, 0.55),
    _row("fr-open-question", "question", ("question",),
         r"\bquestions? (?:ouvertes?|en suspens)\b[^:?]{0,40}:\s*", 0.7, 0.7),
)
SPANISH = (
    _row("es-todo-label", "todo", ("pendiente", "por hacer", "falta"),
         rf"\b(?:pendiente|por hacer){UNTIL}\s*:\s*"
         r"|^(?:todavía |aún )?falta(?:n)?(?: todavía| aún)?\s+(?=\w)(?!ainda\b)"
         # not what is asked to be reported (`…, qué queda pendiente y las dudas`)
         r"|(?<!qué )(?<!que )\bqueda pendiente\s+|^queda(?:n)? por hacer\s+|^pendiente\s+(?=\w)",
         0.65, 0.6),
    _row("es-later", "todo", ("adelante", "más tarde", "luego", "después"),
         r"\b(?:más (?:adelante|tarde)|luego|después),?\s+(?:hay que|tenemos que|deberíamos)\s+"
         r"|\b(?:tenemos que|deberíamos)\s+(?=[^.!?]*\bmás (?:adelante|tarde)\b)", 0.6, 0.5),
    _row("es-decided", "decision",
         ("decidido", "decidimos", "acordamos", "elegimos", "optamos", "opté", "elegí", "decidí"),
         r"\b(?:hemos decidido|he decidido|(?<!\blo )decidimos|acordamos|elegimos|optamos por"
         r"|opté por|(?:he|hemos) optado por|elegí|decidí)\s+(?:que\s+)?"
         r"(?!(?:luego|después|más adelante|más tarde|mañana|otro día)\b)",
         0.8, 0.6),
    _row("es-lets", "decision",
         ("vamos a usar", "usemos", "nos quedamos con", "vamos con", "mejor usa",
          "mantenemos", "cambiamos a", "nada de", "hagamos", "probemos", "quedémonos",
          "intentemos", "vamos a probar", "seguimos con"),
         r"\b(?:vamos a usar|usemos|nos quedamos con|vamos con|mejor usa(?:mos|r))\s+|^nada de\s+"
         r"|\b(?:probemos|quedémonos|intentemos|vamos a probar) con\s+"
         r"|\bseguimos con\s+"
         r"(?!(?:el|la|los|las) (?:paso|siguiente|próxim|resto|tarea|plan)|lo |esto|eso)"
         r"|\bhagamos\b(?! (?:una pausa|un descanso)\b)"
         r"|^(?:mantenemos|cambiamos a)\s+", 0.75, None, "sentence"),
    # what the agent reports was settled (`Después de comparar, nos quedamos con pnpm…`)
    _row("es-settled", "decision", ("nos quedamos con",), r"\bnos quedamos con\s+", None, 0.6),
    _row("es-turns-out", "insight",
         ("resulta", "resultó", "problema", "causa", "fallo está", "fallo estaba", "error está",
          "error estaba", "bug está"),
         r"\b(?:resulta|resultó) que\b"
         r"|\bel (?:verdadero )?problema (?:era|es que|venía de|estaba en|se debía a)\b"
         r"|\bla causa (?:raíz )?(?:era|es)\b|\bel (?:fallo|error|bug) (?:está|estaba) en\b",
         0.55, 0.55, "sentence"),
    _row("es-i-think", "hypothesis", ("creo que", "pienso que", "supongo que"),
         r"^(?:creo|pienso|supongo) que\s+(?=(?:el|la|los|las|nuestro|nuestra)\s+\w)"
         r"(?![^.?!]*\b(?:deberíamos|debería|hay que|tenemos que)\b)",
         0.45, 0.45),
    _row("es-suspect", "hypothesis",
         ("sospecho", "hipótesis", "probablemente", "puede que", "puede ser que", "posible que",
          "podría deberse", "igual", "a lo mejor", "quizá", "tal vez", "mi sospecha", "huele a",
          "corazonada"),
         r"\bsospecho(?: (?:además|también|incluso))? que\s+|\bmi (?:hipótesis|sospecha) es que\s+"
         r"|^huele a\s+|\btengo la corazonada de que\s+"
         r"|\bprobablemente (?:se debe a|causado por)\b|\b(?:puede(?: ser)?|es posible) que\s+"
         r"|\bpodría deberse a\b"
         r"|^(?:igual|a lo mejor|quizás?|tal vez) (?=[^.?!]*\b(?:viene de|es por|se debe a))",
         0.55, 0.55),
    _row("es-open-question", "question", ("pregunta", "duda", "por decidir", "nadie ha decidido"),
         r"\bpreguntas? (?:abiertas?|pendientes?)\b[^:?]{0,40}:\s*|^(?:una )?duda\s*:\s*"
         r"|\b(?:queda|hay) (?:una )?duda\b[^:?]{0,40}:\s*|\bqueda (?:una cosa )?por decidir\s*:\s*"
         r"|^una cosa que nadie ha decidido\s*:\s*",
         0.7, 0.7),
)
_IT_LATER = (
    r"più tardi|più avanti|in seguito|domani|poi|dopo|(?:la )?settimana prossima"
    r"|(?:la )?prossima settimana|nel prossimo (?:giro|sprint|rilascio)|prima del rilascio"
    r"|quando hai un attimo"
)
"""When Italian puts work off to: `più avanti`, `prima del rilascio`…"""
ITALIAN = (
    _row("it-todo-label", "todo", ("da fare", "manca ancora", "restano"),
         rf"\b(?:resta )?da fare{UNTIL}\s*:\s*|^manca(?:no)? ancora\s+|^restano (?:ancora )?(?=\w)",
         0.65, 0.6),
    _row("it-later", "todo",
         ("più tardi", "più avanti", "in seguito", "domani", "poi", "dopo", "prossim",
          "prima del rilascio", "quando hai un attimo"),
         rf"\b(?:{_IT_LATER}),?\s+(?:devo|dobbiamo|dovremo|bisogna)\s+(?!ricordarci\b)"
         r"|\b(?:dobbiamo|dovremo)\s+(?=[^.!?]*\b(?:più tardi|in seguito)\b)", 0.6, 0.5),
    _row("it-decided", "decision", ("deciso", "scelto", "optato"),
         r"\b(?:abbiamo|ho) (?:deciso|scelto|optato)\s+(?:di\s+|che\s+|per\s+)?", 0.8, 0.6),
    _row("it-lets", "decision",
         ("usiamo", "andiamo con", "teniamo", "restiamo su", "restiamo con", "manteniamo",
          "scegliamo", "meglio usare", "passiamo a", "proviamo con", "prendiamo"),
         r"\b(?:usiamo|andiamo con|teniamo|restiamo (?:su|con)|manteniamo|scegliamo"
         r"|meglio usare|passiamo a|proviamo con)\s+|^(?:(?:ok|bene|allora),? )?prendiamo\s+(?=\w)",
         0.75, None, "sentence"),
    _row("it-turns-out", "insight", ("scoperto", "emerso", "problema", "causa"),
         r"\b(?:si è scoperto|è emerso) che\b"
         r"|\bil (?:vero )?problema (?:era|è) (?:che|dovuto a)\b|\bil (?:vero )?problema stava\b"
         r"|\bla causa (?:principale )?(?:era|è)\b", 0.55, 0.55, "sentence"),
    _row("it-i-think", "hypothesis", ("credo che", "penso che", "suppongo che"),
         r"^(?:credo|penso|suppongo) che\s+(?=(?:(?:il|lo|la|i|gli|le)\s+|l['’])\w)"
         r"(?![^.?!]*\b(?:dovremmo|dovrebbe|bisogna)\b)",
         0.45, 0.45),
    _row("it-suspect", "hypothesis",
         ("sospetto", "ipotesi", "probabilmente", "può darsi", "possibile che", "potrebbe",
          "secondo me", "mi sa che"),
         r"\bsospetto che\s+|\bla mia ipotesi è che\s+"
         r"|\bprobabilmente (?:è dovuto a|causato da)\b|\b(?:può darsi|è possibile) che\s+"
         r"|\b(?=potrebbe essere (?:dovut|causat))"
         r"|^secondo me\b(?=[^.?!]*\b(?:dipende|è colpa|nasce|causa))"
         r"|\bmi sa che (?:il problema|la causa|è|sia)\b", 0.55, 0.55),
    _row("it-open-question", "question", ("domand", "question", "da decidere"),
         r"\b(?:domand[ae]|question[ei]) apert[ae]\b[^:?]{0,40}:\s*"
         r"|\bresta (?:(?:ancora )?una cosa )?da decidere\s*:\s*", 0.7, 0.7),
    # what the speaker cannot settle yet (`Resta un dubbio: …`, `Non mi è chiaro se…`)
    _row("it-unsettled", "question", ("dubbio", "chiaro se", "ancora se", "da capire se"),
         r"\b(?:resta|rimane|ho) (?:ancora )?un dubbio\s*:\s*"
         r"|^(?=non (?:so|sappiamo) ancora se\b|non mi è (?:ancora )?chiaro se\b"
         r"|resta da capire se\b)", 0.6, 0.6, "sentence"),
    # a guess that opens its sentence (`Potrebbe essere il GC: …`, `Forse è colpa di bcrypt?`,
    # `Secondo me il 502 arriva dal timeout`), not advice (`secondo me conviene…`)
    _row("it-guess", "hypothesis", ("potrebbe", "forse", "secondo me"),
         r"^(?=potrebbe(?:ro)? (?:essere|dipendere|venire|nascere)\b)"
         r"|\bpotrebbe(?:ro)? dipendere da\b"
         r"|^forse\s+(?=[^.?!]*\b(?:colpa|dipende|causa|perché|per via|dovuto)\b)"
         r"|^secondo me\s+(?![^.?!]*\b(?:conviene|dovremmo|meglio|bisogna|andrebbe|serve"
         r"|possiamo|facciamo)\b)", 0.5, 0.5),
    # work left for later (`Più avanti va riscritto…`, `è ancora da implementare`, `c'è da
    # sistemare il Dockerfile`, `li aggiungo nel prossimo giro`)
    _row("it-put-off", "todo",
         ("più avanti", "in seguito", "prossim", "prima del rilascio", "quando hai un attimo",
          "ancora da", "c'è da", "ricordamelo"),
         rf"\b(?:{_IT_LATER}),?\s+(?:va|vanno|si può|si potrebbe|c'è da|tocca|andrebbe)\b"
         r"|\bè ancora da (?:implementare|fare|sistemare|scrivere|aggiungere|gestire|decidere)\b"
         r"|\b(?:li|la|lo|le) (?:aggiungo|sistemo|faccio|scrivo|metto)"
         r" (?:nel prossimo (?:giro|sprint)|più avanti|in seguito|la prossima volta)\b"
         r"|(?:^|,\s*)c'è da (?:sistemare|fare|aggiornare|rivedere|migrare|togliere|aggiungere)\b"
         r"|\bricordamelo\b", 0.6, 0.55, "sentence"),
    # a choice the agent proposes or a person makes (`Andrei su RabbitMQ`, `facciamolo in Svelte`)
    _row("it-choice", "decision",
         ("andrei", "opterei", "sceglierei", "punterei", "facciamolo", "facciamola"),
         r"^(?:io )?(?:andrei (?:su|con)|opterei per|sceglierei|punterei su)\s+"
         r"|\bfacciamol[oa] (?:in|con|su)\b", 0.75, 0.6, "sentence"),
    # a cause understood or measured (`Ho capito perché…`, `Ah ecco: …`, `Ho misurato…: 2,8 s`)
    _row("it-understood", "insight", ("capito perché", "ah ecco", "ho misurato"),
         r"\bho capito perché\b|^ah,? ecco\b|\bho misurato\b",
         0.55, 0.55, "sentence"),
    _row("it-moral", "takeaway", ("morale è", "mi porto a casa"),
         r"^la morale è che\s+|\bregola che mi porto a casa\s*:\s*", 0.65, 0.6),
)
PORTUGUESE = (
    _row("pt-todo-label", "todo", ("a fazer", "pendente", "falta", "depois", "pendência"),
         rf"\b(?:a fazer|pendente){UNTIL}\s*:\s*|\bpendências?(?: [^:]{{1,30}}?)?\s*:\s*"
         r"|^(?:ainda )?falta(?:m)?(?: ainda)?\s+(?=\w)"
         r"|\bfica (?:pra|para) depois\s*:\s*"
         r"|^fic(?:ou|a|aram|am) faltando\s+", 0.65, 0.6),
    _row("pt-later", "todo", ("mais tarde", "depois"),
         r"\b(?:mais tarde|depois),?\s+(?:precisamos|temos que|devemos"
         r"|a gente (?:precisa|tem que))\s+"
         r"|\b(?:precisamos|temos que)\s+(?=[^.!?]*\bmais tarde\b)", 0.6, 0.5),
    _row("pt-decided", "decision",
         ("decidimos", "resolvemos", "escolhemos", "optamos", "optei", "escolhi", "decidi"),
         r"\b(?:decidimos|resolvemos|escolhemos|opt(?:amos|ei) (?:por|pel[oa]s?)|escolhi|decidi)"
         r"\s+"
         r"(?:que\s+)?(?!(?:depois|mais tarde|amanhã|outro dia)\b)", 0.8, 0.6),
    _row("pt-lets", "decision",
         ("vamos usar", "ficamos com", "vamos manter", "vamos com", "mantemos", "mudamos para",
          "vamos migrar", "vamos fazer assim", "fica assim", "vamos ficar com", "vamos tentar",
          "vamos de", "bora", "continuar com", "continuamos com", "fica com"),
         r"\b(?:vamos (?:usar|manter|com|migrar para|ficar com|tentar com|de|continuar com)"
         r"|ficamos com|continuamos com)\s+"
         r"|^(?:(?:ok|então|beleza),? )?bora\s+(?!(?:ver|lá|embora)\b)"
         r"|(?<=vamos fazer assim: )(?=\w)|(?<=fica assim: )(?=\w)"
         r"|^(?:mantemos|mudamos para|(?:(?:ok|então|beleza),? )?fica com)\s+", 0.75, None,
         "sentence"),
    _row("pt-turns-out", "insight", ("acontece", "descobrimos", "problema", "causa"),
         r"\b(?:acontece|descobrimos) que\b"
         r"|\bo (?:verdadeiro )?problema (?:era|é que|vinha d|estava n)"
         r"|\ba causa (?:raiz )?(?:era|é)\b", 0.55, 0.55, "sentence"),
    _row("pt-i-think", "hypothesis", ("acho que", "penso que", "creio que", "suponho que"),
         r"^(?:acho|penso|creio|suponho) que\s+(?=(?:(?:é|seja) )?(?:o|a|os|as|nosso|nossa)\s+\w)"
         r"(?![^.?!]*\b(?:deveríamos|deveria|precisamos|temos que)\b)",
         0.45, 0.45),
    _row("pt-suspect", "hypothesis",
         ("suspeito", "hipótese", "provavelmente", "pode ser que", "possível que", "talvez",
          "palpite", "desconfio", "cheira a"),
         r"\bsuspeito que\s+|\b(?:minha hipótese|meu palpite) é que\s+|^desconfio (?:de )?que\s+"
         r"|^cheira a\s+"
         r"|\bprovavelmente (?:é devido a|causado por)\b|\b(?:pode ser|é possível) que\s+"
         r"|\btalvez\b(?=[^.?!]{0,60}\b(?:causad[oa]|devido a|venha d))", 0.55, 0.55),
    _row("pt-open-question", "question", ("pergunta", "questão", "dúvida"),
         r"\b(?:perguntas?|questão|questões) (?:em )?abert[ao]s?\b[^:?]{0,40}:\s*"
         r"|^(?:fica )?(?:uma )?dúvida(?: em aberto| que [^:?]{1,40})?\s*:\s*", 0.7, 0.7),
)
RUSSIAN = (
    _row("ru-todo-label", "todo", ("сделать", "осталось"),
         r"(?<!\w)(?:(?:что )?(?:ещё |еще )?(?:нужно|осталось) сделать|сделать|осталось)"
         rf"{UNTIL}\s*:\s*"
         r"|^осталось\s+(?=\w)", 0.65, 0.6),
    _row("ru-later", "todo", ("потом", "позже"),
         r"(?<!\w)(?:потом|позже)\s+(?:нужно|надо|стоит)\s+"
         r"|(?<!\w)(?:нужно|надо)\s+(?=[^.!?]*(?<!\w)(?:потом|позже)(?!\w))", 0.6, 0.5),
    _row("ru-decided", "decision", ("решил", "выбрал", "решено", "остановил"),
         r"(?<!\w)(?:(?:мы )?(?:решили|выбрали|остановил(?:ись|ся|ась) на)|я (?:решила?|выбрала?)"
         r"|(?<!не )решено)"
         r"[,:]?\s+"
         r"(?:что\s+)?|^решила?\s+(?=не\s)|(?<!\w)выбрала?\s+(?=\S)"
         # decided to, with the thing first (`Логи решил гнать через Vector…`)
         r"|(?<=\w )решил[аи]?\s+(?=\w+(?:ть|ться|чь)(?!\w))", 0.8, 0.6),
    _row("ru-lets", "decision",
         ("давай", "остановимся", "оставляем", "берём", "берем", "используем", "остаёмся",
          "остаемся", "переходим на", "делаем", "сделаем", "оставим", "возьмём", "возьмем",
          "выберем", "попробуем"),
         r"(?<!\w)(?:давай(?:те)? (?:использовать|оставим|возьм[её]м|перейд[её]м на|используем"
         r"|выберем|попробуем(?! (?:ещё|еще|снова|заново))|сделаем (?:на|через|с))"
         r"|остановимся на)(?!\w)"
         # `давай логическую репликацию`, `давай Redis`: a thing chosen, not an action
         r"|(?<!\w)давай(?:те)? (?=\w+(?:ую|ый|ий|ое|ые)\s|[a-z])"
         r"|^(?:делаем|давай(?:те)?) так\s*:\s*"
         r"|(?:^|,\s*)(?:(?:тогда|ладно|ок|хорошо),? )?"
         r"(?:оставляем|бер[её]м|используем|оста[её]мся (?:на|с)"
         r"|переходим на|(?:\w+ )?делаем (?:на|через|с)|делаем(?= \w+ \w)|сделаем (?:на|через|с)"
         r"|оставим(?! (?:это |его |её |вопрос )?(?:открытым|на потом))"
         r"|возьм[её]м|выберем|попробуем(?! (?:ещё|еще|снова|заново)))(?!\w)",
         0.75, None, "sentence"),
    _row("ru-turns-out", "insight",
         ("оказалось", "оказывается", "выяснилось", "проблема", "причина"),
         r"(?<!\w)(?:оказалось|оказывается|выяснилось)(?!\w)"
         r"|(?<!\w)(?:проблема|причина) (?:была |оказалась )?в(?: том)?(?!\w)",
         0.55, 0.55, "sentence"),
    _row("ru-i-think", "hypothesis", ("думаю", "полагаю"),
         r"^(?:думаю|полагаю),?\s+(?:что\s+)?(?!(?:стоит|надо|нужно|лучше|можно|мы|ты|вы|я"
         r"|нам|тебе|вам|это|так|да|нет|всё|все)(?!\w))(?=\w)", 0.45, 0.45),
    _row("ru-suspect", "hypothesis",
         ("подозреваю", "предполагаю", "гипотеза", "вероятно", "не исключено", "возможно",
          "скорее всего", "походу", "похоже", "подозрение", "чуйка"),
         r"(?<!\w)(?:подозреваю|предполагаю),?\s+(?:что\s+)?|(?<!\w)моя гипотеза:?\s*"
         r"|(?<!\w)вероятно,? (?:дело в|из-за)(?!\w)|(?<!\w)не исключено,? что\s+"
         r"|(?<!\w)возможно,? (?:дело в|это из-за|причина)(?!\w)"
         r"|(?<!\w)(?:походу|похоже),? (?=[^.?!]*из-за)"
         r"|^(?:скорее всего|вероятно),? (?=там|тут|это|дело|проблема|причина)"
         r"|^есть подозрение,? что\s+|^чуйка (?:подсказывает|говорит),? что\s+", 0.55, 0.55),
    _row("ru-open-question", "question", ("вопрос",),
         r"(?<!\w)открыт(?:ый|ые) вопрос(?:ы)?[^:?]{0,40}:\s*"
         r"|^(?=вопрос\b[^.?!]{3,60}(?:пока|ещё|еще|остаётся|остается) открыт)", 0.7, 0.7),
)

UKRAINIAN = (
    _row("uk-todo-label", "todo", ("зробити", "залишилось", "лишилось", "залишилося"),
         r"(?<!\w)(?:(?:що )?(?:ще )?(?:потрібно|треба|залишилос[ья]|лишилос[ья]) зробити|зробити"
         rf"|залишилос[ья]|лишилос[ья]){UNTIL}\s*:\s*"
         r"|^(?:залишилос[ья]|лишилос[ья])\s+(?=\w)", 0.65, 0.6),
    _row("uk-later", "todo", ("потім", "пізніше"),
         r"(?<!\w)(?:потім|пізніше)\s+(?:потрібно|треба|варто)\s+"
         r"|(?<!\w)(?:потрібно|треба)\s+(?=[^.!?]*(?<!\w)(?:потім|пізніше)(?!\w))", 0.6, 0.5),
    _row("uk-decided", "decision", ("вирішил", "вирішив", "обрал", "обрав", "вирішено", "зупинил"),
         r"(?<!\w)(?:(?:ми )?(?:вирішили|обрали|зупинилис[ья] на)|я (?:вирішила?|вирішив|обрала?"
         r"|обрав)|(?<!не )вирішено)[,:]?\s+(?:що\s+)?", 0.8, 0.6),
    _row("uk-lets", "decision",
         ("давай", "залишаємо", "беремо", "використовуємо", "переходимо на", "робимо",
          "зробимо", "залишимо", "візьмемо", "оберемо"),
         r"(?<!\w)давай(?:те)? (?:використаємо|використовувати|залишимо|візьмемо|перейдемо на"
         r"|оберемо|спробуємо|зробимо (?:на|через|з))(?!\w)"
         r"|^(?:робимо|давай(?:те)?) так\s*:\s*"
         r"|(?:^|,\s*)(?:(?:тоді|гаразд|добре|ок),? )?(?:залишаємо|беремо|використовуємо"
         r"|переходимо на|залишаємос[ья] (?:на|з)|робимо (?:на|через|з)|залишимо|візьмемо"
         r"|оберемо)(?!\w)", 0.75, None, "sentence"),
    _row("uk-turns-out", "insight",
         ("виявилося", "виявилось", "виявляється", "з'ясувалося", "з’ясувалося", "проблема",
          "причина"),
         r"(?<!\w)(?:виявилос[яь]|виявляється|з['’]ясувалос[яь])(?!\w)"
         r"|(?<!\w)(?:проблема|причина) (?:була |виявилася )?(?:в|у)(?: тому)?(?!\w)",
         0.55, 0.55, "sentence"),
    _row("uk-suspect", "hypothesis",
         ("підозрюю", "припускаю", "гіпотеза", "ймовірно", "мабуть", "можливо", "схоже"),
         # (`думаю, що…` is read by `ru-i-think`: the word is the same)
         r"(?<!\w)(?:підозрюю|припускаю),?\s+(?:що\s+)?|(?<!\w)моя гіпотеза:?\s*"
         r"|(?<!\w)(?:ймовірно|мабуть|можливо),? (?=(?:справа в|це через|причина|через)(?!\w))"
         r"|(?<!\w)схоже,? (?=[^.?!]*через)", 0.55, 0.55),
    _row("uk-open-question", "question", ("питання", "незрозуміло", "не знаю", "не впевнен"),
         r"(?<!\w)відкрит(?:е|і) питання[^:?]{0,40}:\s*"
         r"|^(?:поки (?:що )?)?незрозуміло,? (?=чи|як|хто|коли|що)"
         r"|(?<!\w)не (?:знаю|впевнений|впевнена),? чи\s+", 0.7, 0.6),
)
DUTCH = (
    _row("nl-todo-label", "todo", ("te doen", "openstaand", "nog open"),
         r"\b(?:nog te doen|te doen|openstaande punten|nog open)\s*:\s*", 0.65, 0.6),
    _row("nl-later", "todo", ("later", "straks", "morgen"),
         r"\b(?:later|straks|morgen),?\s+(?:moeten|moet|zullen) (?:we|ik)\s+(?:nog\s+)?"
         r"|\b(?:we|ik) (?:moeten|moet) (?:later|straks)\s+(?:nog\s+)?", 0.6, 0.5),
    _row("nl-decided", "decision", ("besloten", "gekozen", "afgesproken"),
         r"\b(?:we|wij|ik) (?:hebben|heb) (?=[^.?!]*\b(?:besloten|gekozen|afgesproken)\b)",
         0.8, 0.6, "sentence"),
    _row("nl-lets", "decision",
         ("laten we", "we gaan voor", "we kiezen", "we houden", "we blijven bij", "we nemen",
          "we stappen over", "nemen we", "gaan we voor", "kiezen we"),
         r"\blaten we\s+(?!(?:even|eens|kijken|zien|beginnen|verder)\b)"
         r"|\bwe (?:gaan voor|kiezen voor|houden|blijven bij|nemen|stappen over op)\s+"
         # the verb first, after `dan`/`oké` (`Dan nemen we Redis`)
         r"|^(?:(?:dan|oké|ok|goed),? )(?:nemen we|gaan we voor|kiezen we(?: voor)?)\s+",
         0.75, None, "sentence"),
    _row("nl-turns-out", "insight", ("blijkt", "bleek", "oorzaak", "probleem"),
         r"\b(?:het )?(?:blijkt|bleek)(?: dus)? dat\b|\bde (?:echte )?oorzaak (?:was|is)\b"
         r"|\bhet (?:echte )?probleem (?:was|is) dat\b", 0.55, 0.55, "sentence"),
    _row("nl-suspect", "hypothesis",
         ("vermoed", "vermoedelijk", "waarschijnlijk", "denk dat"),
         r"\bik vermoed dat\s+"
         r"|^(?=(?:vermoedelijk|waarschijnlijk) (?:komt|ligt) het (?:door|aan)\b)"
         r"|^ik denk dat (?=(?:de|het|die|dat)\b)(?![^.?!]*\b(?:moeten|zouden|kunnen)\b)",
         0.55, 0.55),
    _row("nl-open-question", "question", ("open vra", "openstaande vra"),
         r"\b(?:open|openstaande) vra(?:ag|gen)\b[^:?]{0,40}:\s*", 0.7, 0.7),
)
POLISH = (
    _row("pl-todo-label", "todo", ("do zrobienia", "zostało", "pozostało"),
         r"\b(?:(?:zostało |pozostało )?do zrobienia)\s*:\s*"
         r"|^(?:zostało|pozostało) (?:jeszcze )?(?=\w)", 0.65, 0.6),
    _row("pl-later", "todo", ("później", "potem", "jutro"),
         r"\b(?:później|potem|jutro),?\s+(?:musimy|trzeba|należy|powinniśmy)\s+(?:jeszcze\s+)?"
         r"|\b(?:musimy|trzeba|powinniśmy)\s+(?=[^.!?]*\b(?:później|potem)\b)", 0.6, 0.5),
    _row("pl-decided", "decision",
         ("zdecydowali", "zdecydował", "postanowili", "postanowił", "ustalili", "wybrali",
          "wybrałem", "wybrałam"),
         r"\b(?:zdecydowaliśmy|zdecydowałe[mś]|zdecydowałam|postanowiliśmy|postanowiłe[mś]"
         r"|postanowiłam|ustaliliśmy)(?: się)?,?\s+(?:na\s+|że\s+)?"
         r"|\b(?:wybraliśmy|wybrałem|wybrałam)\s+", 0.8, 0.6),
    _row("pl-lets", "decision",
         ("użyjmy", "zostańmy", "zostajemy", "idziemy w", "bierzemy", "zróbmy", "wybierzmy",
          "przejdźmy na", "zostawmy", "zmieniamy", "przechodzimy na", "robimy"),
         r"\b(?:użyjmy|zostańmy przy|zostajemy przy|idziemy w|bierzemy|wybierzmy|przejdźmy na"
         r"|zostawmy|przechodzimy na)\s+|\bzmieniamy (?:podejście|na)\b"
         r"|\bzróbmy to (?:przez|na|z|w)\b"
         r"|^robimy (?:to )?(?:tak|przez|na)\b", 0.75, None, "sentence"),
    _row("pl-turns-out", "insight", ("okazało się", "przyczyn", "problem był", "problem jest"),
         r"\bokazało się,? że\b|\bprzyczyn(?:ą|a) (?:był[aoy]?|jest)\b|^przyczyną\b"
         r"|\bproblem (?:był|jest) w tym,? że\b", 0.55, 0.55, "sentence"),
    _row("pl-suspect", "hypothesis",
         ("podejrzewam", "przypuszczam", "prawdopodobnie", "myślę"),
         r"\b(?:podejrzewam|przypuszczam),? że\s+"
         r"|^myślę,? że\s+(?![^.?!]*\b(?:powinniśmy|trzeba|musimy|warto)\b)"
         r"|^(?=(?:prawdopodobnie|pewnie) (?:to przez|chodzi o|winn[ay] jest)\b)", 0.55, 0.55),
    _row("pl-open-question", "question",
         ("otwarte pytani", "otwarta kwestia", "pytanie otwarte", "otwarta sprawa"),
         r"\b(?:otwarte pytani[ea]|otwarta (?:kwestia|sprawa)|pytanie otwarte)\b[^:?]{0,50}:\s*",
         0.7, 0.7),
)
SWEDISH = (
    _row("sv-todo-label", "todo", ("att göra", "återstår"),
         r"\b(?:kvar att göra|att göra|återstår)\s*:\s*|^det återstår att\s+", 0.65, 0.6),
    _row("sv-later", "todo", ("senare", "sen,", "sen måste", "sen behöver", "sen ska", "sen bör",
                              "imorgon"),
         r"\b(?:senare|sen|imorgon),?\s+(?:måste|behöver|ska|bör) vi\s+(?:fortfarande\s+|också\s+)?"
         r"|\bvi (?:måste|behöver|bör) (?=[^.!?]*\bsenare\b)", 0.6, 0.5),
    _row("sv-decided", "decision",
         ("bestämt", "bestämde", "valt", "valde", "kommit överens", "väljer"),
         r"\b(?:vi har|jag har) (?:bestämt oss för|bestämt att|valt(?: att)?|kommit överens om)\s+"
         r"|\b(?:vi|jag) (?:bestämde oss för|bestämde att|valde(?: att)?|väljer)\s+", 0.8, 0.6),
    _row("sv-lets", "decision",
         ("vi kör", "vi tar", "vi använder", "vi håller oss", "vi behåller", "vi går på",
          "vi går för", "låt oss", "vi byter", "kör vi", "tar vi", "väljer vi"),
         # the verb first, after `då`/`okej` (`Då kör vi på Redis`)
         r"^(?:(?:då|okej|ok|bra),? )(?:kör vi (?:på|med)|tar vi|väljer vi)\s+"
         r"|\b(?:vi kör (?:på|med)|vi tar (?!en |det |hand |bort |en titt)|vi använder"
         r"|vi håller oss till|vi behåller|vi går (?:på|för)|vi byter till"
         r"|låt oss (?:använda|köra|behålla|ta|byta till))\s+", 0.75, None, "sentence"),
    _row("sv-turns-out", "insight", ("visade sig", "visar sig", "orsaken", "problemet"),
         r"\b(?:det )?(?:visade|visar) sig(?: att)?\b|\borsaken (?:var|är)\b"
         r"|\bproblemet (?:var|är) att\b", 0.55, 0.55, "sentence"),
    _row("sv-suspect", "hypothesis",
         ("misstänker", "gissar", "gissning", "antagligen", "troligen"),
         r"\bjag (?:misstänker|gissar) att\s+|\bmin (?:bästa )?gissning är att\s+"
         r"|^(?=(?:antagligen|troligen|troligtvis) (?:beror det på|är det|ligger det)\b)",
         0.55, 0.55),
    _row("sv-open-question", "question", ("öppen fråga", "öppna frågor", "obesvarad"),
         r"\b(?:öppen fråga|öppna frågor|obesvarad fråga)\b[^:?]{0,40}:\s*", 0.7, 0.7),
)
TURKISH = (
    _row("tr-todo-label", "todo", ("yapılacak", "kalan işler", "eksikler"),
         r"\b(?:yapılacak(?:lar)?|kalan işler|eksikler)\s*:\s*", 0.65, 0.6),
    _row("tr-later", "todo", ("sonra", "ileride"),
         r"^(?:daha )?(?:sonra|ileride),?\s+"
         r"(?=[^.!?]*\b(?:gerek(?:iyor|ecek)|lazım|\w+malıyız|\w+meliyiz)\b)", 0.6, 0.5),
    _row("tr-decided", "decision", ("karar verdi", "karar kıldı", "seçtik", "tercih ettik"),
         r"\b(?:karar (?:verdik|verdim|kıldık)|seçtik|seçtim|tercih ettik)\b",
         0.8, 0.6, "sentence"),
    _row("tr-lets", "decision",
         ("devam edelim", "kullanalım", "gidelim", "seçelim", "kalalım", "kullanacağız",
          "tutalım", "geçelim"),
         r"\b(?:ile devam edelim|kullanalım|ile gidelim|seçelim|\w+(?:de|da|te|ta) kalalım"
         r"|kullanacağız|tutalım|\w+(?:e|a|ye|ya) geçelim)\b",
         0.75, None, "sentence"),
    _row("tr-turns-out", "insight",
         ("meğer", "ortaya çıktı", "kaynağı", "nedeni", "asıl sorun", "asıl neden", "sorun "),
         r"\bmeğer\b|\bortaya çıktı\b"
         r"|\b(?:sorunun (?:kaynağı|nedeni)|asıl sorun|asıl neden|hatanın (?:kaynağı|nedeni))\b"
         # where the problem lies (`Sorun önbellek anahtarında: …`)
         r"|^sorun (?:[^\s.?!:]+ ){0,4}?[^\s.?!:]+(?:[dt][ae]|n[dt][ae])\s*(?::|,|$)",
         0.55, 0.55, "sentence"),
    _row("tr-suspect", "hypothesis",
         ("sanırım", "galiba", "muhtemelen", "tahminim", "şüpheleniyorum", "bence"),
         r"^(?:sanırım|galiba|muhtemelen|tahminimce|bence),?\s+(?=\w)"
         r"|^(?=[^.!?]{4,}(?:dığından|diğinden|duğundan|düğünden|tığından|tiğinden)"
         r" şüpheleniyorum)",
         0.45, 0.45),
    _row("tr-open-question", "question", ("açık soru", "açık kalan"),
         r"\baçık soru(?:lar)?\b[^:?]{0,40}:\s*"
         r"|\baçık kalan (?:bir )?(?:nokta|konu|soru)(?: var)?\s*:\s*", 0.7, 0.7),
)

CHINESE = (
    # a rule for every next time (`以后凡是跟钱有关的都别用 float`, `记住，env 改了要重启 pod`)
    _row("zh-rule", "takeaway",
         ("以后凡是", "以後凡是", "今后凡是", "今後凡是", "下次再遇到", "下次遇到", "记住", "記住",
          "别再踩", "別再踩", "长个记性", "長個記性", "吸取"),
         r"^(?:以后|以後|今后|今後)凡是|^下次(?:再)?遇到|^(?:记住|記住)(?:啊|了)?[，,！!]"
         r"|(?:别|別)再踩|(?:长|長)(?:个|個)?记性|吸取(?:了)?(?:个|個|一个|一個)?(?:教训|教訓)",
         0.65, 0.6, "sentence"),
    _row("zh-todo-label", "todo",
         ("待办", "待辦", "待做", "要做的事", "没处理", "沒處理", "还没做", "還沒做", "未完成"),
         r"(?:待办(?:事项)?|待辦(?:事項)?|待做|要做的事|还有一处没处理|還有一處沒處理"
         r"|^(?:还没做|還沒做|未完成))\s*:\s*",
         0.65, 0.6),
    _row("zh-later", "todo", ("以后", "以後", "之后", "之後", "稍后", "稍後", "后续", "後續"),
         r"(?:以后|以後|之后|之後|稍后|稍後|后续|後續)[，,]?(?:我们|我們)?"
         r"(?:需要|还需要|還需要|还要|還要|得|应该|應該)",
         0.6, 0.5),
    # work put off to a time or an event (`回头得补上`, `上线之前我再补`, `等流量归零以后再清理`)
    _row("zh-put-off", "todo",
         ("回头", "回頭", "后面", "後面", "改天", "找个时间", "找個時間", "有空", "下个", "下個",
          "前我再", "前再", "以后再", "以後再", "之后再", "之後再", "完再", "后再", "後再"),
         r"(?:回头|回頭|后面|後面|改天|找(?:个|個)?时间|找(?:个|個)?時間|有空(?:的时候|的時候)?)"
         r"(?:我|我们|我們)?(?:再|得|要|还得|還得|还要|還要|统一|統一)(?![^。！？]*[？?]$)"
         r"|下(?:个|個)\s*(?:sprint|迭代|版本|星期|礼拜|禮拜|周|週)[^。！？]{0,20}(?:把|要|再|得)"
         r"(?![^。！？]*[？?]$)"
         r"|(?:上线|上線|发版|發版|合并|合併|提测|提測)(?:之)?前(?:我|我们|我們)?(?:再|得|要)"
         r"|等[^。！？]{2,40}?(?:以后|以後|之后|之後|完|后|後)[，,]?(?:再|才)(?!说|說)"
         # `冷启动的问题以后再看`: looked at later, not `以后再说` (said later: nothing)
         r"|(?:以后|以後|之后|之後|稍后|稍後)再(?!说|說)(?=[^。！？]*$|[^。！？]*[。！])",
         0.6, 0.55, "sentence"),
    _row("zh-decided", "decision",
         ("决定", "決定", "决策", "決策", "选择", "選擇", "选了", "選了", "而不是", "而非"),
         r"(?:决定|決定|决策|決策)\s*:\s*|(?:我们|我們|我)(?:已经|已經)?(?:决定|決定)(?:了)?[，,]?"
         r"|^(?:决定|決定)了[，,]?\s*|(?:我们|我們|我)(?:选择|選擇)了?|(?:我们|我們|我)(?:选|選)了"
         r"|^(?=(?:我们|我們|我)(?:用了|改用了|换成了|換成了)[^。！？]{1,40}?[，,]\s*而(?:不是|非))",
         0.8, 0.6),
    _row("zh-lets", "decision",
         ("就用", "就选", "就選", "改用", "直接用", "那就不", "统一用", "統一用", "统一使用",
          "統一使用", "我们用", "我們用", "不迁", "不遷", "不换", "不換", "不切", "不改", "保留"),
         r"(?:那|那么|那麼)?(?:就用|就选|就選|改用|直接用)|^那就不|(?:统一|統一)(?:使)?用"
         # what is kept a while longer (`旧的接口再保留一个月`)
         r"|(?:先|再|继续|繼續|还是|還是)保留"
         # the team's tool, said by the person (`我们用 Postgres 做任务队列`), not one used once
         r"|^(?:那)?(?:我们|我們)(?:就)?用(?![了的过過户戶到于於来來])\s*(?=\S)"
         # not moving to what was weighed (`不迁移到 arq 了`)
         r"|^(?:那|那就|就|还是|還是)?不(?:迁移|遷移|迁|遷|换|換|切|改)(?:到|成|回)?[^。！？，,]{1,30}了",
         0.75, None, "sentence"),
    # a choice put as `X 吧`, planned, kept, or made against another (`换成 cursor 吧`,
    # `我打算改成每个 test 一个事务`, `继续用 pnpm workspace 就够了`, `没上 pub/sub，直接…`)
    _row("zh-choice", "decision",
         ("吧", "打算", "准备改", "準備改", "继续用", "繼續用", "沿用", "先不", "统一存", "統一存",
          "统一走", "統一走", "不再", "没上", "沒上", "没用", "沒用"),
         r"(?:^|[，,：:]\s*)(?:那|那就|就|还是|還是|直接)?(?:换成|換成|改成|改为|改為|改用|选用|選用"
         r"|继续用|繼續用|用|选|選"
         r"|上|保留|留着|留著|删掉|刪掉|去掉)\s*[^。！？，,；;]{1,30}?吧(?=[，,。！!]|$)"
         r"|(?:我|我们|我們)(?:打算|准备|準備)(?:改成|换成|換成|改用|用|把)"
         r"|(?:继续|繼續)用[^。！？]{1,30}?(?:就够了|就夠了|就行|就好)|^沿用|先不(?:拆|换|換|改|上)"
         r"|(?:统一|統一)(?:存|走|放|改成)|不再(?:用|存|重建|维护|維護|支持)"
         r"|(?:没|沒)(?:上|用)[^。！？，,]{1,20}[，,]\s*(?:直接|而是|改用)",
         0.7, 0.6, "sentence"),
    _row("zh-turns-out", "insight",
         ("原来", "原來", "发现", "發現", "原因是", "问题在于", "問題在於", "出在"),
         r"(?:原来|原來|结果发现|結果發現|(?:根本)?原因是|问题在于|問題在於"
         r"|(?:问题|問題)(?:一直|其实|其實|就|都)?出在)",
         0.55, 0.55,
         "sentence"),
    # a cause found (`内存一直涨是因为…`, `瓶颈其实不在数据库`, `…的锅`)
    _row("zh-found-cause", "insight",
         ("是因为", "是因為", "瓶颈", "瓶頸", "的锅", "的鍋", "罪魁祸首", "罪魁禍首"),
         r"(?:主要|其实|其實|就|都)?是因[为為](?![^。！？]*[？?]$)|瓶[颈頸](?:其实|其實)?(?:不)?在"
         r"|的(?:锅|鍋)|罪魁(?:祸|禍)首",
         0.55, 0.55, "sentence"),
    _row("zh-suspect", "hypothesis",
         ("怀疑", "懷疑", "可能是", "假设", "假設", "也许是", "也許是", "大概是", "估计是",
          "估計是", "我猜", "我估计", "我估計", "可能跟", "可能和", "可能与", "可能與", "会不会是",
          "會不會是"),
         r"(?:我怀疑|我懷疑|我猜|我估计|我估計)[，,]?|(?:假设|假設)\s*:\s*|可能是因[为為]"
         r"|(?:很)?可能(?:是|跟|和|与|與)[^。！？]{1,40}(?:有关|有關|导致|導致|造成|引起)"
         r"|^(?:会不会是|會不會是)\s*(?=\S)"
         r"|^(?:可能是|也许是|也許是|大概是|估计是|估計是)\s*(?=\S)", 0.55, 0.55),
    _row("zh-open-question", "question", ("问题", "問題", "待定", "未定", "悬而未决", "懸而未決"),
         r"(?:未解决|未解決|待解决|待解決|开放|開放|待定|悬而未决|懸而未決)的?(?:问题|問題)[^:?？]{0,20}"
         r":\s*"
         r"|(?:问题|問題)(?:还|還)?(?:没定|沒定|未定|待定|没想清楚|沒想清楚|没想好|沒想好)\s*:\s*"
         r"|(?:问题|問題)(?:目前)?(?:没|沒)(?:有)?答案\s*:\s*"
         r"|(?:问题|問題)(?:还|還)?(?:没|沒)(?:有)?(?:解决|解決)\s*:\s*"
         r"|^[*_]*(?:待定|未定|悬而未决|懸而未決)[*_]*\s*:\s*(?=\S)",
         0.7, 0.7),
    # what the speaker says they cannot settle yet (`有个点还没想清楚：…？`,
    # `…会不会出问题我也说不准`)
    _row("zh-unsettled", "question",
         ("没想清楚", "沒想清楚", "没想好", "沒想好", "悬而未决", "懸而未決", "说不准", "說不準",
          "拿不准", "拿不準", "不确定", "不確定", "不好说", "不好說"),
         r"(?:还|還)?(?:没想清楚|沒想清楚|没想好|沒想好|悬而未决|懸而未決)的?[^:：。！？]{0,8}[:：]\s*"
         r"|^(?=[^。！？]*(?:会不会|會不會|是不是|要不要|能不能|该不该|該不該|是否|还是|還是))"
         r"(?=[^。！？]*(?:说不准|說不準|拿不准|拿不準|不确定|不確定|不好说|不好說))",
         0.6, 0.6),
)
JAPANESE = (
    _row("ja-todo-label", "todo", ("やること", "残タスク", "課題", "残作業"),
         r"(?:やること|残タスク|残作業|今後の課題|課題)\s*:\s*", 0.65, 0.6),
    _row("ja-later", "todo", ("後で", "あとで", "後ほど", "後回し", "別途"),
         r"(?:後で|あとで|後ほど)[、,]?(?=[^。]*(?:必要|しなければ|しないと|すべき))"
         r"|(?:後で|あとで)やる|別途(?:対応|作業)が必要"
         # `コールドスタートは後で見る`
         r"|(?:後で|あとで|後ほど)(?:見る|見ます|確認|対応|調べ|直す|直します)", 0.6, 0.5),
    # what is put off, titled by what it is (`SearchViewModel は後回しで`)
    _row("ja-put-off", "todo", ("後回し",), r"後回し", 0.6, 0.5, "sentence"),
    # work put into a later term or sprint (`Svelte 5 移行は来期のタスクにしとく`)
    _row("ja-next-term", "todo", ("来期", "次回", "来週", "次のスプリント"),
         r"(?=[^。]*(?:来期|次回|来週|次のスプリント)(?:の(?:タスク|課題)|に回))", 0.6, 0.5,
         "sentence"),
    _row("ja-decided", "decision",
         ("決定", "方針", "ことにしました", "ことに決めました", "でいきます", "でいきましょう",
          "に統一", "ことにした", "しよう", "でいこう", "残そう", "使おう", "残しましょう",
          "使いましょう"),
         r"(?:決定(?:事項)?|方針(?:変更)?)\s*:\s*|ことに(?:しました|した|決めました|決めた|決定しました)"
         r"|(?:の)?ままでいきます|でいきます|でいきましょう|でいこう(?!か)|に統一(?:しました|します)"
         r"|(?:に|で)(?:統一)?しよう(?!か)|(?:残|使)(?:そう|おう|しましょう|いましょう)(?!か)",
         0.8, 0.6,
         "sentence"),
    _row("ja-turns-out", "insight",
         ("原因は", "判明", "実は", "せいです", "せいでした", "が原因で"),
         # not a count or a place that announces the cause (`原因は2つありました`, `原因は別の
         # ところでした`): the cause follows
         r"(?:根本)?原因は(?![0-9一二三四五两]+つ|別の?)|(?:が|と)判明"
         # the cause, said as known (`遅いのは N+1 クエリのせいです`), not guessed (`おそらく…`)
         r"|^(?![^。]*(?:おそらく|恐らく|たぶん|多分))(?=[^。]*(?:のせい|が原因)(?:です|でした)[。.!]?$)"
         # what was so all along (`実はキャッシュが一度も無効化されていませんでした`)
         r"|^実は[、,]?(?=[^。]*(?:でした|ていました|ていません|なかった))",
         0.55, 0.55, "sentence"),
    # what the person settles on (`ジョブキューには Postgres を使います`, `arq には移行しません`)
    _row("ja-use", "decision", ("を使います", "を使いましょう", "移行しません", "切り替えません",
                                "乗り換えません", "を選びました", "を採用しました", "を採用します"),
         r"を使(?:います|いましょう|うことにします)(?=[。.!]?$)"
         r"|(?:には|へは|に)(?:移行|切り替え|乗り換え)(?:しません|しないことにします)"
         r"|を(?:選びました|採用しました|採用します)", 0.7, 0.6, "sentence"),
    _row("ja-suspect", "hypothesis",
         ("おそらく", "恐らく", "たぶん", "多分", "仮説", "原因かもしれ", "せいかもしれ",
          "かもしれません", "だと思います", "だと思う"),
         r"(?:おそらく|恐らく|たぶん)(?=[^。]{0,80}(?:原因|せい|ため))|仮説\s*:\s*"
         # said with what the speaker thinks (`…、おそらく最後のデプロイで…からだと思います`)
         r"|(?:おそらく|恐らく|たぶん|多分)(?=[^。]{0,120}(?:と思います|と思う|でしょう))"
         # opening a claim (`たぶん CDN が 404 をキャッシュしています`)
         r"|^(?:おそらく|恐らく|たぶん|多分)[、,]?\s*(?=\S)"
         r"|^(?=[^。]{2,}(?:原因|せい)かもしれ)"
         # a thing named as what it might be, or as the cause (`クロックのずれかもしれません`)
         r"|^(?=[^。]{2,}(?:ずれ|[\u30a0-\u30ff\u4e00-\u9fff]{2})かもしれません)"
         r"|^(?=[^。]{2,}(?:原因|せい)だと思(?:います|う))", 0.55, 0.55),
    # `…のではないかと思います`: I wonder whether it is not that…
    # (`そちらが本命ではないかと`)
    _row("ja-guess", "hypothesis", ("のではないか", "んじゃないか", "ではないかと"),
         r"^(?=(?![^。]*(?:いい|良い|大丈夫|問題ない))[^。]{2,}(?:のでは|んじゃ|では)ないか)",
         0.5, 0.5, "sentence"),
    # one thing to watch out for, labelled (`ハマりどころが一つ：…`, `注意点：…`)
    _row("ja-gotcha-label", "insight", ("ハマりどころ", "注意点", "落とし穴"),
         r"(?:ハマりどころ|注意点|落とし穴)(?:が(?:一つ|ひとつ|あります))?\s*:\s*", 0.6, 0.6),
    _row("ja-open-question", "question", ("質問", "問題", "疑問", "未決", "未解決"),
         r"(?:未解決の(?:質問|問題|疑問)|残っている質問|疑問点|未決事項)[^:?？]{0,20}:\s*"
         r"|^[*_]*未解決[*_]*\s*:[*_]*\s*",
         0.7, 0.7),
)
_KO_LATER_KEYS = ("나중에", "추후", "다음 주", "다음주", "다음 스프린트", "전에")
_KO_LATER = (
    r"(?:나중에|추후에?|다음 ?주에?|다음 스프린트에?"
    r"|(?:릴리즈|배포|오픈|머지|런칭)\s?전에(?:는)?)\s+"
    r"(?=[^.]*(?:해야|야 하|야 함|야 돼|야겠|필요|둘게요|놓을게요|할게요|들어가야|볼게요|봅시다"
    r"|보죠|보자))"
)
"""Work put off to a time or an event (`다음 주에 … 해둬야 돼요`, `나중에 환경변수로 빼둘게요`)."""
KOREAN = (
    _row("ko-todo-label", "todo",
         ("할 일", "남은 작업", "남겨둘게요", "남겨놓을게요", "남겨둡니다"),
         r"(?:해야 할 일|할 일|(?:아직 )?남은 작업|TODO로 남겨(?:둘게요|놓을게요|둡니다))\s*:\s*",
         0.65, 0.6),
    # … said first: what follows it is the work
    _row("ko-later", "todo", _KO_LATER_KEYS, rf"^{_KO_LATER}", 0.6, 0.5),
    # … said after what is put off: the whole sentence (`웹소켓 쪽은 다음 스프린트에 따로 보죠`)
    _row("ko-put-off", "todo", _KO_LATER_KEYS, rf"(?<=\S\s){_KO_LATER}", 0.6, 0.5, "sentence"),
    _row("ko-decided", "decision",
         ("결정", "기로 했", "기로 결정", "기로 합", "기로 하자", "정했", "걸로 가", "걸로 하",
          "걸로 해", "로 할게요", "로 가죠", "로 갑시다", "로 가자", "로 가요", "로 갈게요",
          "로 하죠", "로 합시다", "로 하자", "유지", "선택했", "골랐", "채택했"),
         r"결정\s*:\s*|\S+기로 (?:했|결정했|합시다|하자)|\S(?:으로|로) (?:정했|할게요)"
         r"|\S(?:으로|로) (?:가죠|갑시다|가자|가요|갈게요|하죠|합시다|하자)"
         r"|걸로 (?:가죠|갑시다|하죠|합시다|해\s?주세요|할게요|하겠습니다)"
         r"|(?:그대로 )?유지(?:합시다|하죠|하자|할게요|하겠습니다)"
         r"|(?:을|를) (?:선택했|골랐|채택했)(?:습니다|어요)",
         0.8, 0.6, "sentence"),
    _row("ko-turns-out", "insight",
         ("알고 보니", "원인은", "문제는", "확인해보니", "확인해 보니", "거였"),
         r"알고 보니|(?:근본 )?원인은|문제는|확인해\s?보니(?![^.]*중(?:입니다|이에요))"
         r"|(?=\S[^.]*거였(?:네|구나|어요|습니다))", 0.55, 0.55,
         "sentence"),
    _row("ko-suspect", "hypothesis", ("아마", "가설", "의심"),
         r"아마(?:도)?(?=[^.]{0,60}(?:때문|원인|것 같))|가설\s*:\s*"
         r"|^(?=[^.]{4,}(?:의심됩니다|의심돼요|의심하고 있))", 0.55, 0.55),
    # `…때문인 것 같습니다`: it seems to be because of…
    _row("ko-guess", "hypothesis", ("때문인 것 같", "원인인 것 같"),
         r"(?=\S[^.]*(?:때문|원인)인 것 같)", 0.5, 0.5, "sentence"),
    _row("ko-open-question", "question", ("질문", "확인이 필요", "미결", "미해결"),
         r"(?:미해결|열린|남은|해결되지 않은) 질문[^:?？]{0,20}:\s*|^(?:미결|미해결)\s*:\s*(?=\S)"
         r"|확인이 필요한 (?:점|부분|사항)\s*:\s*",
         0.7, 0.7),
    # which way to go, not known or not settled yet (`…할지 모르겠어요`, `…쓸지는 아직 못 정했어요`)
    _row("ko-unsettled", "question", ("모르겠", "정했", "정해진", "정하긴", "애매한"),
         r"지(?:는|를)? (?:잘 )?(?:모르겠|아직 (?:못 )?정(?:했|하지|해진))"
         r"|(?:정하긴|정하기는) 어렵|^(?:하나 )?애매한 (?:게|건|점은)",
         0.6, 0.6, "sentence"),
    # a guess (`…때문일 수도 있겠다`, `…거 아닌가 싶어요`, `아마 …안 해서일 거예요`)
    _row("ko-maybe", "hypothesis", ("수도 있", "수 있", "아닌가 싶", "아닐까", "일 거예요"),
         r"(?:때문|탓)일 수(?:도)? 있|\S일 수도 있(?:습니다|어요|겠)|(?:거|것) 아닌가 싶|아닐까 싶"
         r"|(?:해서|어서|아서|라서)일 (?:거예요|겁니다|것 같)",
         0.5, 0.5, "sentence"),
    # a cause explained or found (`…shallow copy라서 그래요`, `측정해보니까…`, `…받고 있더라고요`)
    _row("ko-because", "insight", ("그래요", "그런 거", "때문이", "때문입", "측정해", "보니까",
                                   "더라고요"),
         r"(?:라서|해서|어서|아서|때문에) (?:그래요|그런 거예요|그렇습니다)"
         r"|때문이(?:에요|었어요|었네요|었습니다|더라고요)|때문입니다|^측정해\s?보니(?:까)?\s"
         r"|(?:있|하|되|오)더라고요",
         0.5, 0.5, "sentence"),
    # a rule for next time (`앞으로 비슷한 장애 나면 롤백부터 하는 게 맞는 것 같아요`,
    # `다음부터는 …`)
    _row("ko-next-time", "takeaway", ("앞으로", "다음부터", "다음엔", "다음번엔", "다음에는"),
         r"^(?:앞으로(?:는)?|다음부터(?:는)?|다음엔|다음번엔|다음에는)\s"
         r"(?=[^.]*(?:게 (?:맞|좋|안전|낫)|금지|말자|않기|하지 말|자[.!]?$))",
         0.6, 0.6, "sentence"),
    # a choice taken (`…imgproxy로 처리하는 쪽으로 갈게요`, `Vitest로 옮기죠`, `…가는 게 좋겠어요`)
    _row("ko-going-with", "decision",
         ("쪽으로", "방향으로", "옮기죠", "옮길게요", "바꾸죠", "바꿀게요", "전환", "넣을게요",
          "게 좋겠", "게 낫겠", "게 나을"),
         r"(?:쪽|방향)으로 (?:갈게요|가죠|갑시다|가겠습니다|가요|하죠|할게요)"
         r"|(?:으로|로) (?:옮기죠|옮길게요|바꾸죠|바꿀게요|전환하죠|전환할게요|넣을게요)"
         r"|(?:가는|하는|쓰는|두는) (?:게|것이) (?:좋겠|낫겠|나을 것 같)",
         0.7, 0.6, "sentence"),
)

_PREVIOUSLY = {
    "en": r"(?:we |I )?(?:had )?(?:previously|originally|initially|earlier) "
          r"(?:decided|agreed|chose|went with|picked)",
    "de": r"(?:wir hatten|ursprünglich|zuvor|vorher) (?:\S+\s+){0,3}?(?:entschieden|beschlossen)",
    "fr": r"(?:on avait|nous avions) (?:d'abord )?(?:décidé|choisi)",
    "es": r"(?:habíamos|antes) (?:decidido|decidimos|elegido)",
    "it": r"(?:avevamo|prima) (?:deciso|scelto)",
    "pt": r"(?:tínhamos|antes) (?:decidido|decidimos|escolhido)",
    "ru": r"(?:раньше|ранее|сначала) (?:мы )?(?:решили|выбрали)",
}
_NOW = r"(?:but |aber |mais |pero |ma |mas |но )?(?:now|jetzt|nun|maintenant|désormais|ahora|"
_NOW += r"ora|adesso|agora|теперь)\b,?\s*"
_LETS = r"(?:(?:let'?s|we(?:'ll| will| should)|lass uns|on va|vamos a|andiamo a|vamos|давай)\s+)?"
_INSTEAD_OF = (
    r"(?:\b(?:instead of|rather than|statt|anstatt|anstelle von|au lieu de|en lugar de|en vez de"
    r"|invece di|invece che|anziché|al posto d(?:i|el|ella|ello|ei|egli|elle)"
    r"|em vez de|ao invés de|plutôt que|plutôt qu'|piuttosto che|in plaats van"
    r"|zamiast|i stället för|istället för)\b|(?<!\w)вместо(?!\w)|(?<=\S )대신(?!\w)"
    r"|(?<=\w )yerine\b)"
)
"""`instead of`, in each language."""
_PRONOUN = r"(?:j'|(?:I|we|je|nous|on|yo|io|eu|ik|jag|vi|ja|my|я|мы)\s+)"
"""The speaker who says what they do (`I`, `j'`, `мы`), dropped from a title."""
_RULED_OUT_FIRST = (
    rf"^{_INSTEAD_OF}[^.?!]{{3,160}}?,\s*(?:{_NOW}{_PRONOUN}?|{_PRONOUN}(?:{_NOW})?"
    r"|(?=\w+ (?:ich|wir)\b))"
)
"""What was ruled out, then what is done instead (`Rather than resetting SIGPIPE through libc,
I now write with writeln!`, `Statt SIGPIPE zurückzusetzen, schreibe ich jetzt…`): up to what is
done."""
_INSTEAD = (
    rf"(?!{_RULED_OUT_FIRST})(?:"
    # what is ruled out, then what instead: `no graphql for now, plain REST instead.`
    rf"\b(?:no|not|don't|skip|drop)\b(?:(?!{BEHAVES})[^.!?]){{1,60}}\binstead(?=\s*(?:[.!;]|$))"
    rf"|{UNDESCRIBED}{_INSTEAD_OF})"
)
_SETS_KEYS = ("set ", "cap ", "limit", "pin ", "raise ", "lower ", "increase ", "decrease ",
              "reduce ", "setz", "begrenz", "stell ", "stelle ", "erhöh", "senk", "reduzier",
              "mets ", "mettez ", "plafonne", "fixe", "augmente", "baisse", "réduis", "pon ",
              "fija ", "sube ", "baja ", "aumenta ", "coloca ", "põe ", "fixa ", "sobe ",
              "baixa ", "reduz ", "metti ", "imposta ", "fissa ", "alza ", "abbassa ", "riduci ",
              "поставь", "установи", "ограничь", "подними", "уменьши", "увеличь",
              "выставь", "make ", "nimm ", "zet ", "sätt ", "ustaw ", "yap", "设成", "设为",
              "設成", "設為", "改成", "调成", "調成", "にして", "にしよう")  # fmt: skip
_SETS_A_VALUE = (
    r"(?:^|[,;]\s+|\b(?:and|und|et|y|e|и)\s+)(?:(?:please|pls|just|bitte|einfach)\s+)?"
    r"(?:(?:set|cap|limit|pin|raise|lower|increase|decrease|reduce)\s+(?!(?:the )?version\b)"
    r"[^.?!;]{1,50}?\s(?:to|at|=|under|below)"
    r"|(?:setz(?:e|t)?|begrenz(?:e|t)?|stell(?:e|t)?|erhöh(?:e|t)?|senk(?:e|t)?"
    r"|reduzier(?:e|t)?)\s+[^.?!;]{1,50}?\s(?:auf|bei)"
    r"|(?:mets|mettez|limite[zr]?|plafonne[zr]?|fixe[zr]?|augmente[zr]?|baisse[zr]?"
    r"|réduis(?:ez)?)\s+[^.?!;]{1,50}?\s(?:à|a)"
    r"|(?:pon|limita|fija|sube|baja|reduce|aumenta)\s+[^.?!;]{1,50}?\s(?:a|al|en)"
    r"|(?:coloca|põe|limita|fixa|sobe|baixa|reduz|aumenta)\s+[^.?!;]{1,50}?\s(?:a|ao|para|em)"
    r"|(?:metti|imposta|limita|fissa|alza|abbassa|riduci|aumenta)\s+[^.?!;]{1,50}?\s(?:a|al"
    r"|su)"
    r"|(?:поставь|установи|ограничь|подними|уменьши|увеличь|выставь)\s+[^.?!;]{1,50}?\s(?:до"
    r"|на|в)"
    r"|(?:zet|verhoog|verlaag|beperk)\s+[^.?!;]{1,50}?\s(?:op|naar|tot)"
    r"|(?:sätt|höj|sänk|begränsa)\s+[^.?!;]{1,50}?\s(?:till|på)"
    r"|(?:ustaw|zwiększ|zmniejsz|ogranicz)\s+[^.?!;]{1,50}?\s(?:na|do))"
    r"\s+(?:[~^<>=]+\s*)?\d"
    # the value first, or said with `make`, `nimm … als`, `…yap` (`Make the timeout 30
    # seconds`, `Nimm 30 Sekunden als Timeout`, `Timeout'u 30 saniye yap`, `超时设成 30 秒`,
    # `タイムアウトは30秒にして`)
    r"|^(?:поставь|установи|выставь)\s+[^.?!;\d]{1,40}?\s(?=\d)"
    r"|^(?:(?:please|pls|just|ok),? )?make (?:the |it )?[^.?!;]{0,40}?\d"
    r"|^(?:bitte )?nimm (?:[~^<>=]+\s*)?\d[^.?!;]{0,30}?\sals\s"
    r"|^(?=[^.?!]{1,40}?\d+[^.?!]{0,15}?\s(?:yap|yapalım|olsun)\s*[.!]?$)"
    r"|^(?=[^。！？]{1,30}?(?:设成|设为|設成|設為|改成|调成|調成)\s*\d)"
    r"|^(?=[^。！？]{1,30}?\d+\s*[^\d\s。！？]{0,4}に(?:して|しよう)(?!か))"
)
"""A person's order that sets a value: a limit, a size, a version range (`pin the provider to ~>
5.60`); never the version of a release (`bump the version to 1.4.2`)."""
_AS_IT_IS_KEYS = ("as is", "as it is", "alone", "untouched", "unchanged", "for now", "back ",
                  "instead", "only", "so wie", "vorerst", "erstmal", "unverändert", "in ruhe",
                  "zurück", "wieder auf", "stattdessen", "tel quel", "telle quelle", "comme ça",
                  "pour l'instant", "pour le moment", "remet", "à la place", "como está", "así",
                  "tal cual", "por ahora", "de momento", "en su lugar", "vuelve a", "così",
                  "com'è", "per ora", "per adesso", "rimetti", "invece", "assim",
                  "por enquanto", "por agora", "em vez disso", "volta", "как есть", "пока",
                  "без изменений", "верни", "вместо этого", "se queda", "bleibt so",
                  "bleiben so", "reste comme", "restent comme", "restano così",
                  "resta così", "fica como", "ficam como", "stays as", "stay as",
                  "остаются как есть")  # fmt: skip
_LEAVE_IT = (
    r"^(?:(?:ok(?:ay)?|so|then|fine|alright|no|nah|nope|actually|hm+|ja|nein|nee|gut|bon|non"
    r"|d'accord|vale|bueno|va bene|allora|tá|então|ладно|нет|хорошо)[,.!]?\s+){0,3}(?:"
    # what stays as it is (`keep the old parser for now`, `leave the migration alone`): not
    # `leave it for now`, which names nothing and puts off more than it settles
    r"(?:keep|leave)\s+(?!(?:it|that|this|them|going|trying|on|in|me|us|you)\b)[^.?!;]{1,60}?"
    r"\s(?:as (?:it )?is|alone|untouched|unchanged|as it was|in place)\b"
    r"|keep\s+(?!(?:it|that|this|them|going|trying|on|in|me|us|you)\b)[^.?!;]{1,60}?\sfor now\b"
    # what goes back as it was (`flip that one back to error`), what is done in its place
    # (`make it a warning instead`), what is done only (`don't retry on 4xx, only on 5xx`)
    r"|(?:switch|flip|turn|change|put|move|revert|roll|set|make)\s(?:[^.?!;]{1,50}?\s)?"
    r"back\s(?:to|on|off)\b"
    r"|(?:make|use|do|put|return|log|throw|raise|send|write|store|call)\s[^.?!;]{1,50}?"
    r"\sinstead(?=\s*(?:[.!,;]|$))"
    r"|(?:don't|do not|never)\s[^.?!,;]{2,50}[,;]\s*only\b"
    # the same, beyond English
    r"|lass\s+(?!uns\b)[^.?!;]{1,50}?\s(?:so,? wie (?:es|sie|er) (?:ist|sind)|vorerst so"
    r"|erstmal so|so|in ruhe|unverändert)(?=\s*(?:[.!,;]|$))"
    r"|(?:stell|setz|schalt|mach)\w*\s[^.?!;]{1,50}?\s(?:wieder|zurück)\s(?:auf|zu|an|aus)\b"
    r"|(?:nimm|mach|verwende|nutze|nutz|logg?e?)\s[^.?!;]{1,50}?\sstattdessen\b"
    r"|(?:laisse[zr]?|garde[zr]?)\s[^.?!;]{1,50}?\s(?:tel(?:le)?s? quel(?:le)?s?|comme (?:ça"
    r"|c'est|il est|elle est)|pour l'instant|pour le moment)\b"
    r"|remet(?:s|tez)?\s[^.?!;]{1,50}?\s(?:à|en|sur)\s"
    r"|(?:utilise[zr]?|fai[st]|mets|passe[zr]?)\s[^.?!;]{1,50}?\sà la place\b"
    r"|(?:deja|mantén|mantenga)\s[^.?!;]{1,50}?\s(?:como está|así|tal cual|por ahora"
    r"|de momento)\b"
    r"|vuelve a (?:poner|dejar)\s[^.?!;]{1,50}?\s(?:a|al|en|como)\s"
    r"|(?:usa|haz|pon|devuelve)\s[^.?!;]{1,50}?\sen su lugar\b"
    r"|(?:lascia|tieni|mantieni)\s[^.?!;]{1,50}?\s(?:così(?: com'è)?|com'è|per ora|per adesso"
    r"|intatt[oaie])\b"
    r"|rimetti\s[^.?!;]{1,50}?\s(?:a|su|al|in)\s"
    r"|(?:usa|fai|metti)\s[^.?!;]{1,50}?\sinvece(?=\s*(?:[.!,;]|$))"
    r"|(?:deixa|deixe|mantém|mantenha)\s[^.?!;]{1,50}?\s(?:como está|assim|por enquanto"
    r"|por agora)\b"
    r"|volta\s[^.?!;]{1,50}?\s(?:para|pra)\s"
    r"|(?:usa|use|faz|põe)\s[^.?!;]{1,50}?\sem vez disso\b"
    r"|(?:оставь|оставим|оставляем)\s[^.?!;]{1,50}?\s(?:как есть|пока|без изменений)(?!\w)"
    # … and what is said to stay as it is (`esas se quedan como están`, `die bleiben so`)
    r"|(?:[^.?!;]{1,80}?\s)?(?:se quedan? como (?:está|están)|(?:bleibt|bleiben) so(?:, wie"
    r" (?:es|sie) (?:ist|sind))?|rest(?:e|ent) comme (?:ça|ils sont|elles sont)"
    r"|rest(?:a|ano) così|fica(?:m)? como (?:está|estão)|stays? as (?:it is|they are)"
    r"|остаются как есть)(?=\s*(?:[.!,;]|$))"
    r"|(?:верни|вернём|вернем)\s[^.?!;]{1,50}?\s(?:на|к|обратно)(?!\w)"
    r"|(?:используй|сделай)\s[^.?!;]{1,50}?\sвместо этого(?!\w))"
)
"""A person's order that settles how a thing stays or goes back (`keep the old parser for now`,
`flip that one back to error`, `make it a warning instead`, `Lass das Caching so`, `Remets le
niveau de log à info`, `Оставь миграцию как есть`): a choice after a diagnosis, not work."""
_CANNOT = (
    r"(?:we|wir|on|nous|noi|nós|мы|wij|vi|my)\b[^.?!]{0,20}?(?:can't|cannot|can not|must not"
    r"|mustn't|dürfen (?:keine?|nicht)|können (?:keine?|nicht)|ne (?:peut|pouvons|doit) pas"
    r"|no podemos"
    r"|non possiamo|não podemos|не можем|не должны|kunnen (?:geen|niet)|mogen (?:geen|niet)"
    r"|kan inte|får inte|nie możemy)"
)
"""What the speaker's team cannot afford (`we can't lose a payment`, `wir dürfen keine Zahlung
verlieren`): why a thing is ruled out."""
_AND_THEN = (
    r"(?:(?:ok(?:ay)?|fine|so|then|alright|and|also|gut|und|bon|et|vale|y|e|и)[,.]?\s+)"
)
"""A word of assent or of going on, before what a person rules out (`ok, no backfill…`)."""
_NOT_RULED_OUT = (
    r"(?:idea|clue|problem|worries|luck|way|wonder|ahnung|idée|problème|idea|problema|понятия"
    r"|idee|aning|pojęcia|fikrim|need|rush|hurry"
    # what was seen, not ruled out (`No errors, just warnings`)
    r"|errors?|warnings?|logs?|output|change|changes|difference|response|tests?|failures?"
    r"|issues?|results?|hits|matches|data|crash\w*|fehler|erreurs?|ошиб\w*)\b"
)
"""What follows `no` when nothing is ruled out (`No idea, …`, `No luck — …`, `No errors, …`)."""
_PREFERRED_KEYS = ("preferred", "favored", "favoured", "preferi", "preferí", "preferito",
                   "préféré", "bevorzugt", "vorgezogen", "предпочёл", "предпочел", "предпочла",
                   "предпочли", "voorkeur", "föredrog", "tercih")  # fmt: skip
_PREFERRED_OVER = (
    r"^(?:(?:I|we)(?:'ve| have)? (?:preferred|favou?red) [^.?!]{2,60}?\s(?:over|to|rather than)\s"
    r"|(?:eu |nós )?prefer(?:i|imos) [^.?!]{2,60}?\s(?:a|ao|à|em vez de)\s"
    r"|(?:yo )?prefer(?:í|imos) [^.?!]{2,60}?\s(?:a|al|antes que|en vez de)\s"
    r"|(?:io )?ho preferito [^.?!]{2,60}?\s(?:a|al|alla|rispetto a|invece di)\s"
    r"|j'ai préféré [^.?!]{2,60}?\s(?:à|au|aux|plutôt que)\s"
    r"|ich habe [^.?!]{2,60}?\s(?:bevorzugt|vorgezogen)\b"
    r"|(?:я |мы )?предпоч(?:ёл|ел|ла|ли) [^.?!]{2,60}?(?<!\w)(?:вместо|а не)(?!\w))"
)
"""What the speaker preferred over what (`Preferi o modo reschedule a pedir mais slots…`, `I
preferred reschedule mode over more worker slots`): a choice made, with what it was weighed
against."""
_LEAVE_OPEN_KEYS = ("открытым", "offen", "ouvert", "abierto", "aperto", "em aberto",
                    "aberto")  # fmt: skip
_LEAVE_OPEN = rf"^(?=[^.?!]{{3,}},\s*{LEAVE_IT_OPEN})"
"""What the person does not know yet and leaves open, in one sentence (`про Postmark пока не
знаю, оставим открытым`, `lo de Postmark no lo sé todavía, lo dejamos abierto`): a question
(in English, `not-sure-about` reads it)."""
_WHY_IT_MATTERS_KEYS = tuple(f"{word}{end}" for word in ("matters", "wichtig ist",
                                                         "c'est important", "est important",
                                                         "importa", "è importante", "conta",
                                                         "важно")
                             for end in (":", " :", "**:"))  # fmt: skip
_WHY_IT_MATTERS = (
    r"^[*_]*(?:why (?:[^:.?!]{1,40} )?matters|warum (?:[^:.?!]{1,40} )?wichtig ist"
    r"|pourquoi (?:c'est|[^:.?!]{1,40} est) important|por qué (?:[^:.?!]{1,40} )?importa"
    r"|perché (?:[^:.?!]{1,40} )?(?:è importante|conta)|por que (?:[^:.?!]{1,40} )?importa"
    r"|почему (?:[^:.?!]{1,40} )?(?:это )?важно)[*_]*\s*:[*_]*\s*"
)
"""Why a thing matters, under its label (`Why directUrl matters: PgBouncer in transaction mode
doesn't support…`): what was found out."""
_WE_DO_NOW_KEYS = ("usamos", "movemos", "pasamos", "ponemos", "dejamos", "hacemos", "cambiamos",
                   "usiamo", "spostiamo", "passiamo", "mettiamo", "lasciamo", "facciamo",
                   "cambiamo", "colocamos", "deixamos", "fazemos", "trocamos", "mudamos",
                   "on utilise", "on passe", "on met", "on garde", "on déplace", "on fait",
                   "on change", "on merge", "on livre", "on attend", " no,", " no.",
                   " não,")  # fmt: skip
_WE_DO_NOW = (
    r"^(?:(?:vale|ok|bueno|entonces|bien|allora|bene|va bene|então|beleza|bon|alors|d'accord)"
    r"[,.]?\s+)?(?:"
    r"(?:usamos|movemos|pasamos|ponemos|dejamos|hacemos|cambiamos|usiamo|spostiamo|passiamo"
    r"|mettiamo|lasciamo|facciamo|cambiamo|colocamos|deixamos|fazemos|trocamos|mudamos"
    r"|on (?:utilise|passe|met|garde|déplace|fait|change|merge|livre|attend))\s+\S"
    # a thing ruled out, named first (`Accelerate no, no quiero otro servicio de pago`)
    r"|(?!(?:yo|io|eu|creo|penso|acho|pues|bueno|ahora)\b)[\w.@/-]+(?: [\w.@/-]+)? (?:no|não)"
    r",\s+(?=(?:no|non|não|nada|niente|nunca|mejor|meglio|melhor|sólo|solo|só)\b))"
)
"""What the person settles the team does, in the present (`usamos el pooler de Neon con
connection_limit=1`, `movemos lo del carrito a un client component`, `on garde Postgres`), or
rules out with the thing first (`Accelerate no, no quiero otro servicio de pago`)."""
_SEPARATE_TASK_KEYS = (
    *(f"{kind} {thing}" for kind in ("separate", "follow-up", "own") for thing in ("task",
      "ticket", "issue", "pr", "story")),
    "отдельную задач", "отдельной задач", "отдельный тикет", "отдельный пр", "eigenes ticket",
    "eigene aufgabe", "eigenen task", "separates ticket", "separate aufgabe", "ticket séparé",
    "tâche séparée", "ticket à part", "tâche à part", "pr séparée", "tarea aparte",
    "ticket aparte", "tarea separada", "pr aparte", "task separato", "ticket separato",
    "ticket a parte", "pr separata", "attività separata", "tarefa separada", "ticket separado",
    "tarefa à parte", "pr separado", "apart ticket", "aparte taak", "los ticket",
)  # fmt: skip
_SEPARATE = (
    r"(?:(?:a |as a |into a |in a |its own |their own )?(?:separate|follow-up) (?:task|ticket|issue"
    r"|pr|story)|(?:its|their) own (?:task|ticket|issue|pr)"
    r"|(?:в )?отдельн(?:ую|ой|ый|ом) (?:задач|тикет|пр|issue)\w*"
    r"|(?:in )?(?:ein(?:e|en)? )?(?:eigene[ns]?|separate[ns]?) (?:ticket|aufgabe|task|pr|issue)"
    r"|(?:dans )?(?:un|une) (?:ticket|tâche|pr) (?:séparée?|à part)"
    r"|(?:en )?(?:una|un) (?:tarea|ticket|pr) (?:aparte|separad[oa])"
    r"|(?:in )?(?:un|una) (?:task|ticket|pr|attività) (?:separat[oa]|a parte)"
    r"|(?:numa|em uma|numa) (?:tarefa|ticket|pr) (?:separad[oa]|à parte)"
    r"|(?:in )?een (?:apart|apare|los) (?:ticket|taak|issue))(?!\w)"
)
_SEPARATE_TASK = (
    # the work after its colon (`Я бы это вынес в отдельную задачу: заменить на golang-lru`)
    # (not a label that opens it: `Separate PR: move refresh.py…` says more as it is)
    rf"^[^:.?!]{{3,60}}?{_SEPARATE}[^:.?!]{{0,20}}:\s*(?=\S)"
    # or the whole sentence (`I'd do the LRU swap as a separate ticket`)
    rf"|^(?=[^.?!]{{8,}}\b{_SEPARATE})"
    # not one that is done (`The pagination was merged in a separate PR last week`)
    r"(?![^.?!]*\b(?:I've|I have|already|opened|created|was|were|got|been|merged|landed"
    r"|shipped)\b)"
)
"""Work the speaker puts into a task of its own (`I'd split that into a separate ticket: replace
the map with golang-lru`, `Я бы это вынес в отдельную задачу: …`): work left."""
_CAN_GO_KEYS = ("can be dropped", "can be removed", "can be deleted", "can go", "pode dropar",
                "pode ser", "pode remover", "pode apagar", "pode sair", "puede ser", "puede ir",
                "kann weg", "kann raus", "kann gelöscht", "kann entfernt", "peut être",
                "peut partir", "può essere", "può andare", "можно удалить", "можно убрать",
                "можно дропнуть")  # fmt: skip
_CAN_GO = (
    r"^(?=[^.?!]{2,60}?(?:\b(?:can (?:be dropped|be removed|be deleted|go)"
    r"|pode (?:ser (?:dropad[ao]|removid[ao]|apagad[ao])|dropar|remover|apagar|sair)"
    r"|puede (?:ser (?:eliminad[ao]|borrad[ao]|quitad[ao])|ir(?:se)?)"
    r"|kann (?:weg|raus|gelöscht werden|entfernt werden)"
    r"|peut (?:être (?:supprimée?s?|retirée?s?)|partir)"
    r"|può (?:essere (?:rimoss[oa]|eliminat[oa]|cancellat[oa])|andare))\b"
    r"|(?<!\w)можно (?:удалить|убрать|дропнуть)(?!\w))"
    # … with why (`A logs_whatsapp pode dropar, ninguém usa desde 2023`)
    r"[^.?!]*?,\s*(?:(?:nobody|no one|ninguém|nadie|niemand|personne|nessuno)\b|никто(?!\w)"
    r"|(?:it's|it is) (?:not|un)used\b))"
)
"""A thing the person says can go, and why (`A logs_whatsapp pode dropar, ninguém usa desde
2023`, `The legacy table can be dropped, nobody reads it`): a decision."""
_SO_WE_MUST_KEYS = (
    *(f"{so} {who} {must}" for so in ("so", "which means") for who in ("we", "you")
      for must in ("need to", "have to", "must", "still need to", "still have to")),
    *(f"{so} {must}" for so in ("así que", "por lo que") for must in ("hay que", "tenemos que")),
    *(f"{so} müssen wir" for so in ("also", "deshalb", "daher")), "also muss man",
    "donc il faut", "du coup il faut", "quindi bisogna", "quindi dobbiamo", "per cui bisogna",
    "então precisamos", "então temos que", "por isso precisamos", "por isso temos que",
    "поэтому нужно", "так что нужно", "поэтому надо", "так что надо",
)  # fmt: skip
_SO_WE_MUST = (
    r"(?:,\s*|\s)(?:so|and so|which means|así que|por lo que|also|deshalb|daher|donc|du coup"
    r"|quindi|per cui|então|por isso|поэтому|так что)\s+(?=(?:we|you) (?:still )?(?:need to"
    r"|have to|must)\b|(?:hay que|tenemos que)\b|(?:müssen wir|muss man)\b|il faut\b"
    r"|(?:bisogna|dobbiamo)\b|(?:precisamos|temos que)\b|(?:нужно|надо)(?!\w))"
)
"""Work a finding leaves, said after it (`…still spawn bullets as nodes, so we need to migrate
them too`, `…, así que hay que migrarlos también`): work left, titled by the whole sentence,
which names what it is about."""
_RATHER_KEYS = ("lieber", "meglio", "mejor", "melhor", "лучше", "plutôt", "va pour",
                "dale con")  # fmt: skip
_A_THING = (
    r"(?:(?:der|die|das|den|dem|ein|eine|einen|il|lo|la|le|i|gli|l'|el|los|las|un|una|o|a|os"
    r"|as|um|uma|les|du|des|the)\s|(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ\d`]))"
)
"""What names a thing: an article, or a word in capitals or code (`Redis`, `die zweite`)."""
_RATHER = (
    r"^(?:(?:dann|also|ok|gut|allora|ok|entonces|vale|então|тогда|ладно|alors|bon),? )?"
    r"(?:lieber|meglio|mejor|melhor|plutôt|va pour|dale con)\s+"
    # a thing, not what would rather happen (`Lieber kommt keiner rein als zu viele`)
    rf"(?={_A_THING})|^(?:(?:тогда|ладно),? )?лучше\s+(?={_A_THING})"
)
"""What the person would rather have, said first (`Dann lieber Redis, Memcached kennt hier
keiner`, `Meglio Redis`, `Va pour Redis`, `Лучше Redis`): a choice made."""
_WHY_SAID_KEYS = (
    *(f"{verb} {where}" for verb in ("works", "passes", "worked", "passed", "fails", "failed",
                                     "breaks", "broke")
      for where in ("locally", "here", "on", "in", "only")),
    "what's happening", "what is happening", "what happened", "what's going on",
    *(f"{part} is that" for part in ("detail", "part", "point", "thing", "bit")),
    "dû au fait", "c'est dû à", "c'est lié à", "дело в том", "проблема в том", "причина в том",
    "se debe a que", "dovuto al fatto", "se deve ao fato",
    *(f"{label}{end}" for label in ("la raison", "la razón", "il motivo", "la ragione",
                                    "o motivo", "a razão", "der grund")
      for end in (":", " :", "**:")),
)  # fmt: skip
_WHY_SAID = (
    # where a thing works and where not, and why (`It works locally because macOS…`)
    r"^(?=(?:it|this|that|the \w+) (?:only )?(?:works|passes|worked|passed|fails|failed|breaks"
    r"|broke) (?:only )?(?:locally|here|on \S+|in \S+)(?: \S+){0,3} because\b)"
    # what is going on, under its label (`What's happening: the retry decorator…`)
    r"|^(?:so,? )?(?:what(?:'s| is) happening|what happened|what(?:'s| is) going on)\s*:\s*"
    # the part that matters (`The key detail is that utcnow() returns a naive datetime`)
    r"|^(?:the )?(?:key|important|crucial|interesting|relevant) (?:detail|part|point|bit"
    r"|thing) is that\s+"
    # the cause, said as such (`C'est dû au fait que…`, `Дело в том, что…`)
    r"|^(?:c'est (?:dû|lié) (?:au fait que|à)|se debe a que|è dovuto al fatto che"
    r"|(?:isso )?se deve ao fato de que)\s+"
    r"|^(?:дело|проблема|причина) в том,? что\s+"
    r"|^[*_]*(?:la raison|la razón|il motivo|la ragione|o motivo|a razão|der grund)[*_]*\s*:"
    r"[*_]*\s*"
)
"""Why, said as what was found (`It works locally because macOS has a case-insensitive
filesystem`, `What's happening: …`, `The key detail is that…`, `La raison : …`, `Дело в том,
что…`): an insight."""
_WOULD_BE_GOOD_KEYS = ("would be good", "would be nice", "would be wise", "would be useful",
                       "would be smart", "would be worth", "next thing would", "next step would",
                       "what's left is", "what is left is", "what remains is",
                       "one more thing to do", "also recommend", "also suggest", "recommend adding",
                       "suggest adding", "wäre gut", "wäre sinnvoll", "wäre besser",
                       "als nächstes sollten", "serait bien", "prochaine étape serait",
                       "estaría bien", "siguiente paso sería", "sarebbe utile", "sarebbe bene",
                       "sarebbe meglio", "prossimo passo sarebbe", "seria bom",
                       "próximo passo seria", "хорошо бы", "следующим шагом")  # fmt: skip
_WOULD_BE_GOOD = (
    r"^(?:(?:also|and),? )?(?:it would be (?:good|nice|wise|useful|smart|worth it) to"
    r"|(?:the )?next (?:thing|step) would be to|what(?:'s| is) left is(?: to)?"
    r"|what remains is(?: to)?|one more thing to do\s*:"
    r"|I(?:'d| would) (?:also )?(?:recommend|suggest) (?=\w+ing\b)"
    r"|es wäre (?:gut|sinnvoll|besser),?|als nächstes sollten wir"
    r"|(?:ce )?serait bien d(?:e |')|(?:la )?prochaine étape serait de"
    r"|estaría bien|(?:el )?siguiente paso sería|sarebbe (?:utile|bene|meglio)"
    r"|(?:il )?prossimo passo sarebbe(?: di)?|seria bom|(?:o )?próximo passo seria"
    r"|хорошо бы|следующим шагом (?:было бы|будет))\s*(?=\S)"
)
"""Work the speaker would do next or finds worth doing (`It would be good to add a test for the
empty cart`, `Next thing would be to wire the metrics into Grafana`, `Es wäre gut, …`,
`Хорошо бы добавить…`): work left, where the session leaves it."""
_STILL_LACKS_KEYS = ("still lacks", "still lack", "need updating", "needs updating",
                     "needs fixing", "need fixing", "needs a rewrite",
                     "need a rewrite")  # fmt: skip
_STILL_LACKS = (
    r"^(?=[^.?!]{3,80}?\b(?:still lacks?\b|needs? (?:updating|fixing|a rewrite)\b))"
)
"""What a thing still lacks, or needs done to it (`The retry logic still lacks a backoff`,
`The docs still describe the old flag, those need updating`): work left."""
_KEEP_IT_KEYS = ("garde ", "gardez ", "conserve ", "mantén ", "mantened ", "mantenga ",
                 "tieni ", "mantieni ", "mantém ", "mantenha ", "behalte ", "behaltet ",
                 "оставь ", "оставьте ", "сохрани ")  # fmt: skip
_KEEP_IT = (
    r"(?:^|[,;]\s*|\b(?:et|y|e|und|и|mais|pero|ma|mas|aber|но)\s+)"
    r"(?:(?:bon|ok|vale|allora|então|ладно|gut|also),? )?(?:garde[zr]?|conserve[zr]?|mantén"
    r"|mantened|mantenga|tieni|mantieni|mantém|mantenha|behalte[tn]?|оставь(?:те)?|сохрани)\s+"
    # what is kept, not what is kept in mind (`garde en tête`, `tieni presente`)
    r"(?!(?:-moi|moi|me|mi|mir|мне|en tête|à l'esprit|presente|in mente|em mente"
    r"|im hinterkopf|в голове|в уме)\b)(?=\S)"
)
"""What the person keeps (`garde le DHCP mais mets BSSID et canal en RTC`, `Behalte das alte
Schema`, `mantén el endpoint viejo`): a choice, as `standing-directive` reads it in English."""
_WOULD_HELP_KEYS = ("would really help", "would help", "aiderait", "helfen würde", "ayudaría",
                    "aiuterebbe", "ajudaria", "помогло бы")  # fmt: skip
_WOULD_HELP = (
    r"^(?:what|ce qui|was|lo que|ciò che|quello che|o que|что) (?:\S+ )?(?:would (?:really )?help"
    r"|aiderait|(?:wirklich )?helfen würde|ayudaría|aiuterebbe|ajudaria|помогло бы)"
    r"(?: (?:vraiment|realmente|davvero|реально))?\s*:\s*"
)
"""What the report says would really help (`Ce qui aiderait vraiment : la reprise de session
TLS`): work left, where the session leaves it."""
_INSTEAD_KEYS = ("instead", "rather than", "statt", "anstelle", "au lieu", "en lugar", "en vez",
                 "invece", "anziché", "al posto d", "em vez", "ao invés", "вместо", "대신",
                 "plutôt qu",
                 "piuttosto che", "in plaats van", "zamiast", "i stället för", "istället för",
                 "yerine")  # fmt: skip
_UNITS = ("ms", "µs", "s", "sec", "min", "h", "kb", "mb", "gb", "kib", "mib", "gib", "%", "x", "×")
_AMOUNT = rf"\d[\d.,:]*\s?(?:{'|'.join(_UNITS)})(?!\w)"
"""A measured amount: a number and its unit."""
_AMOUNT_KEYS = tuple(f"{digit}{gap}{unit}{end}" for digit in "0123456789" for unit in _UNITS
                     for gap, end in (("", ""), (" ", " " if len(unit) == 1 else "")))  # fmt: skip
"""A digit and a unit: the keys of a measured amount (a unit alone is in too many words; one
letter after a space is one only as a word of its own: `5 s `, not `5 sessions`)."""
_LIKELY_WORDS = ("probably", "possibly", "most likely", "likely", "vermutlich", "wahrscheinlich",
                 "möglicherweise", "probablement", "sans doute", "probablemente", "posiblemente",
                 "probabilmente", "forse", "provavelmente", "possivelmente", "вероятно",
                 "возможно", "скорее всего", "waarschijnlijk", "vermoedelijk", "prawdopodobnie",
                 "troligen", "antagligen", "muhtemelen")  # fmt: skip
_LIKELY_OPENER = (
    # a verb second after it (`Vermutlich ist der Pool…`): the title keeps the whole sentence
    r"^(?=(?:vermutlich|wahrscheinlich|möglicherweise|waarschijnlijk|vermoedelijk|troligen"
    r"|antagligen) (?:ist|sind|war|waren|liegt|lag|kommt|kam|wird|werden|hat|haben|is|zijn|ligt"
    r"|komt|wordt|heeft|är|var|ligger|kommer|blir|har)\b)(?![^?]*\?$)"
    rf"|^(?:{'|'.join(_LIKELY_WORDS)})(?: que)?,?\s+(?![^?]*\?$)"
    # nor a claim about what was just said (`Возможно, это усугубляет…`): its title says nothing
    r"(?!(?:this|that|it|these|those|das|dies|es|ça|cela|ce|esto|eso|questo|quello|isso|isto"
    r"|dat|dit|het|to|det|bu|şu)\b|(?:это|то)(?!\w))"
    # not advice (`Probably best to pin it`), a verdict (`Probably fine`) nor what to do
    r"(?!(?:\S+ ){0,2}(?:best|better|fine|ok|okay|worth|easiest|simplest|safest|enough|should"
    r"|want|need|am besten|besser|mieux|mejor|meglio|melhor|лучше|beter|lepiej|bättre|daha iyi)\b)"
    r"(?=\S)"
)
"""A claim opened by how likely it is, in each language (`Possibly the CDN caches the 404`,
`Provavelmente o pool se esgota`): a guess, not yet shown."""
_COMES_FROM_KEYS = ("vient", "viennent", "venait", "provient", "dû", "due", "causé", "viene",
                    "vienen", "venía", "proviene", "se debe", "causad", "dipende", "derivan",
                    "deriva", "dovut", "causat", "vem ", "vêm", "vinha", "provém", "se deve",
                    "kommt", "kommen", "kam ", "stammt", "stammen", "rührt", "entsteht",
                    "verursacht", "из-за", "вызван", "связан", "идут из", "идёт из", "идут от",
                    "идёт от",
                    "komt",
                    "komen", "veroorzaakt", "wynika", "pochodzi", "spowodowan", "beror på",
                    "berodde på", "orsakas", "kommer från")  # fmt: skip
_FAULT_COMES_FROM = (
    r"\b(?:ralentissement|lenteur|fuite|plantage|erreur|échec|bug|problème|timeout|pic|décalage"
    r"|régression|blocage|gel|lag|panne)s? (?:vien(?:t|nent|ait)|provien(?:t|nent)"
    r"|(?:est|sont) (?:dûe?s?|causée?s? par))"
    r"|\b(?:lentitud|fuga|caída|error|fallo|bug|problema|timeout|pico|retraso|regresión|bloqueo"
    r"|cuelgue|lag)(?:es|s)?"
    r" (?:vienen?|venía|provienen?|se deben?|(?:es|son) causad[oa]s? por)\b"
    r"|\b(?:rallentamento|lentezza|perdita|crash|error[ei]|bug|problem[ai]|timeout|picc(?:o|hi)"
    r"|ritard[oi]|regressione|blocc(?:o|hi)|lag) (?:dipend(?:e|ono)|vien(?:e|gono)|deriv(?:a|ano)"
    r"|(?:è|sono) (?:dovut|causat)[oaie])\b"
    r"|\b(?:lentidão|vazamento|queda|erros?|falhas?|bugs?|problemas?|timeouts?|picos?|atrasos?"
    r"|regressão|travamentos?|bloqueios?|lag) (?:vem|vêm|vinha|provém|se devem?"
    r"|(?:é|são) causad[oa]s?)\b"
    r"|\b(?:verlangsamung|langsamkeit|latenz|leck|absturz|fehler|bug|problem|timeouts?"
    r"|verzögerung|regression|spitze|hängen|hänger|stillstand|lag|ausfall)\w* (?:kommt|kommen"
    r"|kam|kamen|stammt|stammen|rührt|rühren"
    r"|entsteht|entstehen)(?: also| eigentlich| wohl)? (?:von|vom|aus|durch|daher)\b"
    r"|\b(?:wird|werden|wurde|wurden) (?:durch|von) [^.?!]{1,40}"
    r" verursacht\b"
    r"|(?<!\w)(?:тормоза|тормоз|утечка|падени[ея]|ошибк[аи]|баги?|проблем[аы]|таймауты?"
    r"|задержк[аи]|регресси[яи]|замедлени[ея]|зависани[ея]|лаг)(?!\w)[^.?!]{0,30}?(?<!\w)(?:из-за|вызван[аоы]?"
    r"|связан[аоы]? с|ид(?:ут|ёт) (?:из|от))(?!\w)"
    r"|\b(?:vertraging|traagheid|lek|crash|fout(?:en)?|bug|probleem|timeouts?)\w* (?:kom(?:t|en)"
    r"|kwam(?:en)?) (?:door|van|uit)\b|\bwordt veroorzaakt door\b"
    r"|\b(?:spowolnienie|wyciek|błąd|błędy|awaria|problem|timeout)\w* (?:wynika(?:ją)?"
    r"|pochodz(?:i|ą)) z\b|\bjest spowodowan\w+ przez\b"
    r"|\b(?:långsamhet|läcka|krasch|fel|bugg|problem|timeout)\w* (?:beror|berodde) på\b"
    r"|\borsakas av\b"
)
"""A fault and where it comes from, beyond English (`comes-from` there): an insight."""
_CAUSE_NOUNS = ("cause", "culprit", "bottleneck", "ursache", "engpass", "flaschenhals", "schuld",
                "goulot", "coupable", "causa", "cuello de botella", "culpable",
                "collo di bottiglia", "colpevole", "gargalo", "culpado", "причин", "узкое место",
                "виновник", "oorzaak",
                "knelpunt", "boosdoener", "przyczyn", "wąskie gardło", "winowaj", "orsak",
                "flaskhals", "neden", "darboğaz", "probleem zit", "problem liegt",
                "problème vient", "problema está", "problema sta")  # fmt: skip
"""Words for what causes a fault, in each language (a word's start: `причин` is `причина`,
`причину`…): the agent's sentence naming one, then a colon, says it after the colon."""
_PUT_OFF_KEYS = ("later", "not urgent", "can wait", "another time", "plus tard", "pas urgent",
                 "schieben wir",
                 "más adelante", "después", "no es urgente", "lascia", "lasciamo", "più avanti",
                 "non è urgente", "depois", "não é urgente", "später", "nicht dringend",
                 "erstmal nicht", "heben wir", "отложим", "потом", "не срочно", "niet dringend",
                 "później", "nie jest pilne", "odłóżmy", "senare", "inte bråttom",
                 "sonra bakarız", "acil değil", "sonraya", "dejamos para", "dejemos para",
                 "next sprint", "next release", "another time", "next week", "s'en occupe",
                 "prochain sprint",
                 "próximo sprint", "próxima sprint", "prossimo sprint", "nächsten sprint",
                 "следующ")  # fmt: skip
_PUT_OFF = (
    # within the sentence: a dot before a letter or digit is no end (`3.12`, `setup.py`)
    r"^(?!(?:[^.?!]|\.(?=\w))*\b(?:decide|decision|entscheid|décid|decid|решим|besluit|zdecyduj"
    r"|bestäm|karar)\w*)"
    # nor what the person is not sure of yet (`Not sure yet if we expose it; let's revisit…`)
    r"(?!(?:[^.?!]|\.(?=\w))*\b(?:not sure|unsure|nicht sicher|pas sûr|no estoy segur"
    r"|non sono sicur|não tenho certeza)|(?:[^.?!]|\.(?=\w))*(?<!\w)не уверен)"
    r"(?:[^.?!]|\.(?=\w))*?"
    r"(?:\b(?:(?:do|handle|leave|park|save|keep) (?:that|this|it|those) (?:for )?later"
    # what is left for later, named (`leave the i18n for later`, `deixa o i18n pra depois`,
    # `lo dejamos para la v2`, `on mettra les tests de charge plus tard`)
    r"|(?:leave|park|save|keep|push|punt) (?:[^\s.?!]+ ){1,5}?(?:for|to|until) (?:later"
    r"|another time|the next (?:sprint|release|version)|next (?:sprint|week|release)|v\d+)"
    r"|deix(?:a|e|amos|ar) (?:[^\s.?!]+ ){1,5}?(?:pra|para) (?:depois|mais tarde|a próxima"
    r"|o próximo|a v\d+)"
    r"|(?:deja|dejamos|dejemos|dejar) (?:[^\s.?!]+ ){0,5}?para (?:más adelante|después|luego"
    r"|otro día|la próxima|el próximo|la v\d+)"
    r"|on (?:mettra|fera|verra|ajoutera|traitera) (?:[^\s.?!]+ ){1,5}?plus tard"
    # what is said to be done later (`we'll add the indexes later`, `los creamos más adelante`,
    # `on s'en occupe quand on aura migré`)
    r"|we(?:'ll| will) (?:[^\s.?!]+ ){1,5}?(?:later|another time|next week)"
    r"|(?:lo|la|los|las) \w+(?:amos|emos|imos) (?:más adelante|después|luego|más tarde)"
    r"|on s'en occupe(?:ra)? (?:plus tard|quand|après)"
    r"|(?:is|it's|that's) not urgent|can wait|for another time"
    r"|on verra (?:ça )?plus tard|(?:c'est )?pas urgent|on (?:le |la |les )?garde pour plus tard"
    r"|(?:lo|la|los|las) dejamos para (?:más adelante|después|luego|otro día)|no es urgente"
    r"|per ora (?:lascia(?:la|lo|li|le)? stare|lasciamo (?:perdere|stare))|non è urgente"
    r"|lo vediamo più avanti|fica (?:pra|para) depois|deixa (?:pra|para) depois|não é urgente"
    r"|machen wir später|kommt später|heben wir uns (?:für später )?auf|(?:ist )?nicht dringend"
    r"|(?:ver)?schieben wir (?:auf|in) (?:die |den )?(?:nächste|später|morgen)"
    r"|erstmal nicht|doen we later|niet dringend|zrobimy później|nie jest pilne|odłóżmy"
    r"|tar vi senare|gör vi senare|inte bråttom|sonra bakarız|acil değil|sonraya bırakalım"
    # for the next sprint (`conserta na próxima sprint`, `c'est pour le prochain sprint`)
    r"|(?:for|in|until) (?:the )?next sprint|(?:pour|dans|au) (?:le )?prochain sprint"
    r"|(?:en|para) el próximo sprint|(?:na|para a|pra) próxima sprint"
    r"|(?:nel|per il) prossimo sprint|(?:im|für den) nächsten sprint)\b"
    r"|(?<!\w)(?:отложим|потом сделаем|сделаем потом|не срочно|оставим на потом"
    r"|(?:в|на) следующ(?:ем|ий) спринт\w*)(?!\w))"
)
"""A person putting work off (`Lo de BullMQ lo dejamos para más adelante`, `per ora lasciala
stare`): a todo of theirs; not a decision put off (a question, `DEFER`)."""
_CHOSE_INSTEAD = (
    r"(?:^|(?<=[,;] )|\b(?:para|pour|für|per|for|dla|för|для)\b[^.?!,]{1,30}\s)"
    r"(?:I|we|ich|wir|je|j'|nous|on|yo|io|eu|ik|jag|vi|ja|my|я|мы"
    # the verbs of a choice that drop their pronoun (`Para el locking uso…`)
    r"|uso|utilizo|elijo|elegí|opté|voy con|utilizzo|scelgo|ho scelto|usei|escolhi|optei"
    r"|używam|wybieram|wybrałem|использую|выбираю|беру)\b"
    rf"(?:(?!{BEHAVES})[^.?!])*?(?:{_INSTEAD_OF}|\bframför\b)"
)
"""The agent's own choice of one thing over another, in the first person (`Ich kodiere vorab nach
UTF-8 um, statt utf8-lossy zu nehmen`, `Para el locking uso S3 en lugar de DynamoDB`): not
what a thing does instead."""
_THEREFORE_KEYS = ("so i ", "so i'", "therefore", "that's why i", "deshalb", "daher", "deswegen",
                   "donc", "du coup", "c'est pourquoi", "así que", "por eso", "por lo tanto",
                   "quindi", "per questo", "perciò", "então", "por isso", "portanto", "поэтому",
                   "так что", "daarom", "dlatego", "därför", "bu yüzden")  # fmt: skip
_THEREFORE_I = (
    r"^(?:so|therefore|hence|that's why),? I(?:'m| am| will|'ll)? (?:use|using|go|going|went"
    r"|keep|keeping|kept|pick|picked|chose|choose|switch|switched|stick|stuck|decided|opted)\b"
    r"|^(?:deshalb|daher|deswegen|also) (?:nehme|verwende|nutze|setze|lasse|bleibe|baue|kodiere"
    r"|habe) ich\b"
    r"|^ich habe (?:deshalb|daher|deswegen|also) [^.?!]{1,60}? (?:genommen|gewählt|verwendet"
    r"|benutzt|behalten)\b"
    r"|^(?:donc|du coup|c'est pourquoi|par conséquent),? (?:j'utilise|je garde|je pars|je reste"
    r"|j'ai choisi|j'ai gardé|je passe)\b"
    r"|^(?:así que|por eso|por lo tanto),? (?:uso|usé|elegí|opté|voy con|me quedo|mantengo|dejé)\b"
    r"|^(?:quindi|per questo|perciò),? (?:uso|ho usato|scelgo|ho scelto|tengo|resto|passo)\b"
    r"|^(?:então|por isso|portanto),? (?:uso|usei|escolhi|optei|mantive|mantenho|fico|vou com)\b"
    r"|^(?:поэтому|так что),? (?:я )?(?:[^\s.?!]+ ){0,4}?(?:не )?"
    r"(?:использую|выбрал[аи]?|оставил[аи]?|беру|взял[аи]?|делаю|сделал[аи]?)(?!\w)"
    r"|^(?:daarom|dus) (?:gebruik|kies|houd|neem) ik\b|^dlatego (?:używam|wybrałem|zostawiam)\b"
    r"|^(?:därför|så) (?:använder|väljer|behåller) jag\b|^bu yüzden\b(?=[^.?!]*(?:kullan|seç))"
)
"""What the agent does because of what it just said (`Поэтому автоопределение кодировки не
использую: …`): its choice."""
_DONT_VERBS = {
    "don't": "touch change bump raise increase add use move remove drop turn",
    "do not": "touch change bump raise increase add use move remove drop turn",
    "never": "touch change bump raise increase add use move remove drop turn",
    "nicht": "anfassen ändern anrühren hochdrehen erhöhen anheben verwenden benutzen entfernen",
    "non": "toccare alzare aumentare cambiare modificare usare togliere",
    "ne": "touche change modifie monte augmente touchez changez modifiez montez augmentez",
    "no": "toques cambies subas aumentes modifiques uses quites",
    "não": "mexa mude altere aumente suba use remova",
    "не": "трогай меняй трогайте меняйте поднимай увеличивай используй",
    "niet": "aanraken aanpassen veranderen verhogen",
    "nie": "ruszaj zmieniaj zwiększaj",
}
_UNWANTED_KEYS = (
    "don't want", "do not want", "wil geen", "willen geen", "will kein", "möchte kein",
    "wollen kein", "ne veux pas", "ne voulons pas", "no quiero", "no queremos", "non voglio",
    "non vogliamo", "não quero", "não queremos", "не хочу", "не хотим", "nie chcę", "nie chcemy",
    "vill inte", "istemiyorum",
)  # fmt: skip
_USE_UNWANTED = (
    # what to use, with what the person does not want in its place (`Maar gebruik pg_partman
    # voor toekomstige partities, ik wil geen eigen cron scripts`)
    r"^(?:(?:but|maar|aber|mais|pero|ma|mas|но|ale|men|ama|and|en|und|et|y|e|и)\s+)?"
    r"(?:use|take|go with|pick|stick with|gebruik|neem|nimm|nehmt|verwende|nutze|utilise|prends"
    r"|usa|usá|toma|prendi|pega|используй|возьми|użyj|weź|använd|ta|kullan)\b"
    r"(?!\s+(?:whatever|what|anything|any)\b)[^.?!]{2,80}?,\s*"
    r"(?:(?:I|we|ik|wij|ich|wir|je|nous|on|yo|io|eu|я|мы|jag|vi)\s+)?(?:don't want|do not want"
    r"|wil(?:len)? geen|will kein|möchte kein|wollen kein|ne veu(?:x|lent) pas|ne voulons pas"
    r"|no quiero|no queremos|non voglio|non vogliamo|não quero|não queremos|не хочу|не хотим"
    r"|nie chcę|nie chcemy|vill inte|istemiyorum)(?!\s+(?:to |zu |de |a )?(?:decide|choose|pick"
    r"|think|know|care|entscheiden|décider|decidir|decidere)\b)"
)
"""What to use, and what the person does not want in its place: their choice (not a choice
left to the agent: `Use whatever you like, I don't want to decide that`)."""
_NEVER_WORDS = ("nie", "niemals", "jamais", "nunca", "mai", "никогда", "nooit", "aldrig", "nigdy",
                "asla", "never")
_ONLY_NEVER = (
    # only here, never there (`roda só em staging, nunca em prod`, `nur auf Staging, nie auf Prod`)
    r"\b(?:only|just|só|somente|nur|seulement|uniquement|solo|solamente|soltanto|alleen|bara|tylko"
    r"|sadece)\b[^.?!]{1,60}?[,;]\s*(?:(?:aber|mais|pero|ma|mas|maar|men|ale|ama|but|and|und|et|y"
    r"|e|en|och|i|ve)\s+)?(?:" + "|".join(_NEVER_WORDS) + r")\b|(?<!\w)только\b[^.?!]{1,60}?[,;]"
    r"\s*(?:но |и |а )?никогда(?!\w)"
)
"""What the person allows only somewhere and never elsewhere: a decision (`Das hat nie
funktioniert, nur gestern kurz` says what happened, and is none)."""
_OWN_WORK_KEYS = (
    "i'll", "i will", "i'm going to", "i am going to", " ich ", "je m'en occupe", "je demanderai",
    "je vérifierai", "je regarderai", "me encargo", "lo hablo", "le pregunto", "lo reviso yo",
    "eu mesmo", "eu vejo", "eu falo", "pergunto", "ci penso io", "lo chiedo", "спрошу",
    "уточню", "сам посмотрю", "сам сделаю", "сам проверю", "muszę zapytać", "zapytam",
    "ik vraag het", "ik regel", "自分で", "聞いておく", "確認しておく", "集めておく", "我去找",
    "我自己", "我来",
)  # fmt: skip
_OWN_WORK = (
    # what the person will do themselves, later or with someone (`refunds i'll do by hand with
    # finance`, `I'll schedule the full refresh for sunday once finance answers`)
    r"\b(?:I'll|I will|I'm going to|I am going to)\s+(?:also |then |just )?(?:do|handle|write"
    r"|schedule|fix|add|create|set up|update|migrate|deploy|ask (?!you\b)|talk to|check with|email"
    r"|ping|file|open|take care of|sort out|clean up|test|build|prepare|upload|configure|book"
    r"|rotate|collect|gather|rename|remove|delete|move)\b[^.?!]{0,100}?\b(?:myself|later"
    r"|tomorrow|next (?:week|sprint|release|time)|by hand|manually|with (?!you\b)[A-Za-z]+"
    r"|once|after|on (?:monday|tuesday|wednesday|thursday|friday|the next)|for (?:monday"
    r"|tuesday|wednesday|thursday|friday|saturday|sunday))\b"
    r"|^(?:\w+[,.]\s+)?[\w-]+ i'll (?:do|handle|take care of)\b"
    # `Das kläre ich mit Produkt`, `Frage ich morgen nach`
    r"|\b(?:kläre|frage|mache|prüfe|erledige|übernehme|kümmere|schaue)\s+ich\s+(?:\w+\s+){0,3}?"
    r"(?:mit|bei|selbst|später|morgen|nächste woche)\b"
    r"|\bje (?:m'en occupe(?:rai)?|demanderai|vérifierai|regarderai)\b"
    r"|\b(?:yo me encargo|lo hablo con|le pregunto a|lo reviso yo|eu mesmo (?:vejo|faço|verifico)"
    r"|eu (?:vejo|falo) com|pergunto (?:pra|para|ao|à)|ci penso io|lo chiedo a)\b"
    r"|(?<!\w)(?:спрошу у|уточню у|сам (?:посмотрю|сделаю|проверю))(?!\w)"
    r"|\b(?:muszę zapytać|zapytam)\b|\bik (?:vraag het (?:aan|na bij)|regel)\b"
    r"|自分で(?:見る|やる|確認する|見ます|やります)|聞いておく|確認しておく|集めておく"
    r"|我去找|我自己(?:来|看|做)|我来(?:问|找|处理)"
)
"""Work the person takes on themselves, later or with someone else (`Das kläre ich mit
Produkt`, `muszę zapytać Kasię z QA`, `コンソールは自分で見る`): a todo of theirs."""
_DONT_KEYS = (
    *(f"{word} {verb}" for word, verbs in _DONT_VERBS.items() for verb in verbs.split()),
    "rör inte", "ändra inte", "höj inte", "dokunma", "değiştirme", "artırma", "nicht an",
)  # fmt: skip
_DONT_BECAUSE = (
    r"(?:\b(?:don't|do not|never) (?:touch|change|bump|raise|increase|add|use|move|remove|drop"
    r"|turn up)\b|\b(?:bitte )?nicht (?:einfach )?(?:anfassen|ändern|anrühren|hochdrehen|erhöhen"
    r"|anheben|verwenden|benutzen|entfernen)\b|\bfasst? [^.?!,]{1,40} nicht an\b"
    r"|\bnon (?:toccare|alzare|aumentare|cambiare"
    r"|modificare|usare|togliere)\b|\bne (?:touche|change|modifie|monte|augmente)z? pas\b"
    r"|\bno (?:toques|cambies|subas|aumentes|modifiques|uses|quites)\b"
    r"|\bnão (?:mexa|mude|altere|aumente|suba|use|remova)\b"
    r"|(?<!\w)не (?:трогай|меняй|трогайте|меняйте|поднимай|увеличивай|используй)(?!\w)"
    r"|\bniet (?:aanraken|aanpassen|veranderen|verhogen)\b|\bnie (?:ruszaj|zmieniaj|zwiększaj)\b"
    r"|\b(?:rör|ändra|höj) inte\b|\b(?:dokunma|değiştirme|artırma)\b)"
    r"(?=[^.?!]*(?:\b(?:because|since|weil|da|denn|parce qu|car|porque|perché|poiché|omdat|want"
    r"|bo|ponieważ|eftersom|çünkü)\b|(?<!\w)(?:потому что|так как)(?!\w)|:\s|\s[–—]\s"
    # … or what relies on it, after a comma (`…, other tools depend on it`, `…, d'autres outils
    # en dépendent`, `…, andere Tools hängen davon ab`)
    r"|,\s[^.?!]*?(?:\b(?:depends?|rel(?:y|ies)|parses?|dépend\w*|hängen|hängt|dependen?"
    r"|dipend\w*|dependem)\b|(?<!\w)завис\w*)))"
)
"""A person's order not to touch something, with why in the same sentence: a constraint they
set, a decision (`Per favore NON alzare -Xmx: abbiamo già 4 GB di heap`)."""
_COPULA = (
    r"(?:\b(?:is|are|was|were|it's|that's|ist|sind|war|est|c'est|es|son|è|sono|é|são|zijn|är)\b"
    r"|(?<!\w)это(?!\w))"
)
"""A verb that says what a thing is: a sentence holding it states, it does not choose."""
_HENCE = (
    r"\bd'où\b(?! (?:ma|mon|mes|notre|nos|la question)\b)|\bc'est pour (?:ça|cela) que\b"
    r"|(?<!\w)вот (?:почему|куда|откуда|из-за чего)(?!\w)"
    r"|(?<!\w)отсюда(?! и? ?(?:мой|моя|мои|наш|вопрос))(?!\w)(?!\s*:)"
    r"|\bper questo (?:motivo )?(?=(?:sembra|il|la|i|le|lo|non)\b)"
    r"|\bpor eso (?=(?:el|la|los|las|se|no)\b)|\bpor isso (?=(?:o|a|os|as|não)\b)"
    r"|\b(?:deshalb|daher|dadurch|deswegen) (?=(?:kommen|kommt|greifen|greift|läuft|laufen|liest"
    r"|lesen|stimmen|stimmt|ist|sind|war|waren|fällt|fallen|wird|werden|sieht|gibt|landet"
    r"|landen)\b)|\becco perché\b"
)
"""Hence…, said of an effect (`…, d'où les plantages`, `deshalb kommen die Reports doppelt`):
what precedes it explains what was seen. Not `отсюда:` (from here: `Что я не могу проверить
отсюда: …`)."""
_Node = dict[str, "_Node"]


def _trie(words: tuple[str, ...]) -> str:
    """One regular expression for many words, branching on their letters (`f(?:a(?:il…`): a
    search tries a handful of branches at each position, not every word (3x faster here)."""
    tree: _Node = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def branches(node: _Node) -> str:
        ways = [re.escape(char) + branches(rest) for char, rest in sorted(node.items()) if char]
        if not ways:
            return ""
        group = ways[0] if len(ways) == 1 and "" not in node else f"(?:{'|'.join(ways)})"
        return group + ("?" if "" in node else "")

    return branches(tree)


_FAILS = _trie((
    "schlägt fehl", "fehlschlägt", "hängt", "bricht ab", "abbricht", "ist so langsam",
    "ist langsam", "funktioniert nicht", "échoue", "échouait", "plante", "plantait", "bloque",
    "ne marche pas", "falla", "fallaba", "se queda colgado", "se cuelga", "no funciona",
    "fallisce", "falliva", "si blocca", "si bloccava", "non funziona", "falha", "falhava",
    "trava", "travava", "não funciona", "só acontece", "падает", "падал", "висит", "зависает",
    "не работает", "war langsam", "war so langsam", "était lent", "était lente", "était si lent",
    "era lento", "era lenta", "era tan lento", "era così lento", "era tão lento",
    "работал медленно", "был медленным",
))  # fmt: skip
"""What fails, beyond English (there `happens-because` and `is slow because`)."""
_FAILS_BECAUSE = (
    rf"\b{_FAILS}\b(?=[^.?!]*\b(?:weil|parce que|parce qu'|porque|perché|poiché"
    r"|потому что|так как)\b)"
    r"(?![^.?!]*\b(?:I haven't|I have not|I didn't|not yet|noch nicht|pas encore|todavía no"
    r"|ancora non|ainda não|ещё не)\b)"
)
"""Something that fails, and then why (`la build falliva perché il lockfile…`); not work that is
not done yet. Tried only where a word of why is (its keys)."""
_FAILS_KEYS = ("weil", "parce qu", "porque", "perché", "poiché", "потому что",
               "так как")  # fmt: skip
"""The words of why: rarer than those of failing, so the row is tried on fewer sentences."""
_UNDECIDED = (
    r"\b(?:haven't decided (?:yet )?(?:whether|if|on)|still undecided|noch nicht entschieden"
    r"|pas encore décidé|todavía no (?:he|hemos) decidido|non (?:ho|abbiamo) ancora deciso"
    r"|ainda não (?:decidi|decidimos))\b|(?<!\w)(?:ещё|еще) не решили(?!\w)"
    r"|\bhar inte bestämt (?:om|huruvida)\b|\binte (?:är )?(?:bestämd|bestämt|avgjord|avgjort)\b"
    r"|\b(?:nog )?niet besloten (?:of|welke)\b"
    r"|\bnie zdecydował\w* czy\b|\bhenüz karar verilmedi\b|未決|未定"
    r"|まだ決め(?:きれ)?てない|まだ決まってない|还没想好|還沒想好|还没决定|還沒決定"
    r"|아직 모르겠|아직 결정(?:하지 못했|을 못)"
    # still torn (`…か…かまだ迷ってる`), not known whether (`…geçecek miyiz onu bilmiyorum`)
    r"|まだ迷って(?:る|います)|(?:m[ıiuü]|m[ıiuü]y[ıiuü]z) (?:onu )?bilmiyorum"
    # the person not sure that a thing is right (`I'm really not sure that server-wins is right`)
    r"|\bI'm (?:really |still )?(?:not sure|unsure) (?:that|whether|if)\b"
    r"(?=[^.?!]*\b(?:right|enough|needed|worth|a good idea|ok|okay|correct)\b)"
)
_UNDECIDED_KEYS = ("decided", "undecided", "entschieden", "décidé", "decidido", "deciso",
                   "inte bestämd", "inte är bestämd", "inte bestämt", "inte avgjor",
                   "inte är avgjor",
                   "decidi", "не решили", "決め", "決まってない", "还没想好", "還沒想好",
                   "还没决定", "還沒決定", "아직 모르겠", "아직 결정", "inte bestämt",
                   "niet besloten", "nie zdecydował", "karar verilmedi", "未決",
                   "未定", "迷って", "bilmiyorum", "not sure that", "not sure whether",
                   "not sure if", "unsure that", "unsure whether", "unsure if")  # fmt: skip
"""Not decided yet, said as such: the person's open question (`…か、まだ決めきれてない`)."""
_REMEMBER = (
    r"(?:^|(?<=\s))(?:(?:il )?faudra penser à|n'oublions pas de|(?:il ne faut )?pas oublier de"
    r"|n'oublie(?:z)? pas de|no (?:te olvides|os olvidéis|olvides) de|non dimenticare di"
    r"|não (?:se )?esque(?:ça|ce) de"
    r"|nicht vergessen,?|vergiss nicht,?|vergesst nicht,?|(?:wir müssen )?daran denken,?"
    r"|no (?:hay que )?olvidar|no olvidemos|(?:hay que )?acordarse de|ricordarsi di"
    r"|ricordiamoci di|(?:dobbiamo )?ricordarci di|non dimentichiamo di|não esquecer de"
    r"|não podemos esquecer de"
    r"|lembrar de|lembre-se de(?! que)|не забыть|не забудь(?:те)?"
    # asked of someone (`Denken Sie daran, den Key zu rotieren`, `Pensez à relancer…`)
    r"|denk(?:t|en sie)? daran,?(?! dass\b)|pense(?:z)? à|acuérdate de|ricordat(?:i|evi) di"
    r"|erinner(?:e)? (?:mich|uns)(?: bitte)? daran,?(?: dass)?"
    r"|rappelle(?:-moi|-nous) de|recuérdame|recuérdanos|ricordami di|ricordaci di|lembra-me de"
    r"|me lembra de|напомни(?:те)?(?: мне)?,?(?: что| чтобы)?|herinner me eraan(?: om| dat)?"
    r"|przypomnij mi(?:, żeby|, że)?)\s*:?\s+|^(?:后面|之后|回头)?(?:记得|別忘了|别忘了)"
    r"|^(?=[^。]{4,}を忘れない(?:で|ように))|^(?=[^.]{4,}(?:거|것) 잊지 마)"
)
_REMEMBER_KEYS = ("penser à", "pense à", "pensez à", "denk daran", "denkt daran",
                  "denken sie daran", "acuérdate", "ricordati", "ricordatevi", "lembre-se de",
                  "oublier", "oublions", "oublie pas", "oubliez pas", "olvides",
                  "olvidéis", "dimenticare", "esqueça", "esquece", "vergessen", "vergiss",
                  "vergesst",
                  "daran denken", "olvidar", "olvidemos", "acordarse", "ricordarsi",
                  "ricordiamoci", "ricordarci", "dimentichiamo", "esquecer", "lembrar", "не забыть",
                  "忘れない", "잊지 마",
                  "не забуд", "记得", "别忘了", "別忘了", "erinner", "rappelle-moi",
                  "rappelle-nous",
                  "recuérda", "ricordami", "ricordaci", "lembra-me", "me lembra", "напомни",
                  "herinner me", "przypomnij mi")  # fmt: skip
_WONDER = (
    r"^(?:(?:par contre|mais|aber|pero|ma|mas|но|en|maar),? )?"
    r"(?:je me demande si|(?:ich )?frage mich,? ob|me pregunto si|mi chiedo se"
    r"|(?:eu )?me pergunto se|será que|(?:fico|estou|tô) na dúvida se|(?:tengo|me queda) la duda"
    r" de si|интересно,? (?=\w+ ли\b|стоит|нужно|надо)|(?:хз|не знаю|сомневаюсь),? (?=\w+ ли\b)"
    r"|ik vraag me af of|zastanawiam się,? czy)\s*"
    r"(?!\s*(?:tu|vous|du|usted|tú|você|vocês|ты|вы)\b)"  # not a request to the agent
)
"""A person wondering whether…, beyond English: the clause after it is their question."""
_FROM_NOW_ON_KEYS = ("from now on", "going forward", "from here on", "henceforth", "ab jetzt",
                     "ab sofort", "künftig", "in zukunft", "désormais", "dorénavant",
                     "à partir de maintenant", "a partir de ahora", "en adelante", "d'ora in",
                     "in poi", "a partir de agora", "daqui", "em diante", "с этого момента",
                     "впредь", "отныне", "теперь всегда", "앞으로는", "今後は", "今后",
                     "以后要", "从现在", "從現在", "从今以后", "從今以後", "一律", "以后都",
                     "以後都", "以后统一", "以後統一", "앞으로 ")  # fmt: skip
_FROM_NOW_ON = (
    r"\b(?:from now on|going forward|from here on(?: out)?|henceforth|ab jetzt|ab sofort"
    r"|künftig|in zukunft|désormais|dorénavant|à partir de maintenant|a partir de ahora"
    r"|de ahora en adelante|d'ora in (?:poi|avanti)|da (?:ora|adesso) in poi|a partir de agora"
    r"|daqui (?:para|pra) frente|de agora em diante)\b|앞으로는|今後は|今后|以后要"
    r"|从现在(?:开始|起)|從現在(?:開始|起)|从今以后|從今以後|(?:以后|以後|今后|今後)(?:一律|都|统一|統一)"
    r"|^앞으로 (?=(?:모든|전부|항상|무조건)\s)"
    r"|(?<!\w)(?:с этого момента|впредь|отныне|теперь всегда)(?!\w)"
)
_TAKEAWAY_LABEL = (
    r"(?:key takeaways?|takeaways?|lessons? learned|lesson|tl;dr|bottom line|the upshot"
    r"|in short|in a nutshell|in conclusion|conclusion|merke|die lehre|lehre|conclusión"
    r"|conclusione|in conclusione|conclusão|em conclusão|заключение"
    r"|note to (?:future )?self|rule of thumb|general rule|for the future|für die zukunft|moralité"
    # for the projects to come (`Pour les prochains projets sur batterie : …`)
    r"|for (?:future|the next|upcoming) projects|pour les prochains projets|für künftige projekte"
    r"|para los próximos proyectos|per i prossimi progetti|para os próximos projetos"
    r"|для следующих проектов"
    r"|grundregel|faustregel|pour l'avenir|à l'avenir|règle générale|règle d'or|para otra vez"
    r"|para recordar|da ricordare|para lembrar|запомнить"
    r"|regla general|regla de oro|regola d'oro|regra de ouro|золотое правило"
    r"|de cara al futuro|para o futuro|regra geral|общее правило"
    r"|worth (?:remembering|internalizing|keeping in mind)"
    r"|if there'?s one thing to (?:keep|remember|take away|carry forward)(?: from this)?"
    r"|morale de l'histoire|aprendizado|aprendizaje"
    r"|(?:the )?big picture|the general point(?: I'd keep)?"
    r"|fazit|kurz gesagt|wichtigste erkenntnis|lektion|en résumé|en bref|à retenir"
    r"|leçon(?: apprise)?|en resumen|lección(?: aprendida)?|lo más importante|in sintesi"
    r"|in breve|lezione(?: imparata)?|em resumo|resumindo|lição(?: aprendida)?|итог|вывод"
    r"|главный вывод|короче говоря|итого|урок|总结|總結|要点|要點|教训|教訓|结论|結論|まとめ|요약"
    r"|经验总结|經驗總結|(?:这次的)?经验是|经验|經驗|心得|moral(?: of the story)?|moraleja|мораль"
    r"|was ich daraus mitnehme|was wir daraus lernen|merk(?:e)? ich mir|(?:una )?cosa da tenere"
    r" a mente|regola da tenere a mente|morale della favola|moral da história"
    r"|(?:a )?rule to (?:keep in mind|remember)|para la próxima(?: vez)?|pour la prochaine fois"
    r"|da próxima vez|per la prossima volta|fürs nächste mal|на будущее|(?:for )?next time"
    r"|(?:今回の)?学び|learned (?:it )?the hard way|aprendi do jeito difícil|aprendí por las malas"
    r"|교훈|결론|배운 (?:거|것|점)|as a rule|in general|in generale|en général|im allgemeinen"
    r"|en general|em geral"
    r"|les geleerd|geleerde les|belangrijkste les|conclusie|samengevat|kortom|wniosek|lekcja"
    r"|podsumowanie|lärdom"
    r"|slutsats|sammanfattning|ders|çıkarılan ders|sonuç|висновок|на майбутнє|головний висновок"
    r"|voor de volgende keer|wat ik hiervan meeneem|till nästa gång|det jag tar med mig"
    r"|na przyszłość|bir dahaki sefere(?:ye)?|morał"
    # what one would do otherwise, worth keeping (`What I'd do differently:`, `Uma coisa que
    # vale guardar:`)
    r"|what I(?:'d| would) do differently(?: next time)?|was ich anders machen würde"
    # what one keeps of it (`What I'd take away:`, `The lesson I'd carry over to the other jobs:`)
    r"|what I(?:'d| would) take away|(?:the|one) (?:lesson|rule|thing) I(?:'d| would) (?:carry"
    r"|take|keep)(?: forward| over| away)?|merksatz"
    r"|ce que je ferais autrement|lo que haría distinto|(?:una )?cosa que vale (?:la pena )?guardar"
    r"|(?:uma )?coisa que vale (?:a pena )?guardar|vale (?:a pena )?guardar)"
)
_WIDE = r"[\u3040-\u30ff\u3400-\u9fff]"
"""A letter of a script written without spaces (Chinese, Japanese): a word may end at any."""
_STILL = (
    r"\b(?:we|I|you) (?:still|yet) (?:need|have) to\s+|(?:^|(?<=[,;] ))still need to\s+"
    r"|\bwe still need\s+(?!to\b)(?=\w)(?![^.?!]*\b(?:next thing|right after|right now|now)\b)"
    r"|\b(?:we|you)(?:'ll| will) still (?:need|have) to\s+"
    r"|\b(?:wir|ich|man) (?:müssen|muss|sollten|sollte) noch\s+|\bdu (?:musst|solltest) noch\s+"
    r"|\bihr (?:müsst|solltet) noch\s+"
    r"|\b(?:il )?(?:faut|faudra) encore(?: qu'on| que l'on| que nous)?\s+|\bil (?:nous )?reste à\s+"
    r"|\b(?:on|nous) (?:doit|devons) encore\s+"
    r"|\b(?:todavía|aún) (?:hay|tenemos|tengo) que\s+"
    r"|\b(?:dobbiamo|devo|bisogna) ancora\s+|\bresta da\s+(?!(?:capire|vedere|chiarire) se\b)"
    r"|\bainda (?:é preciso|precisamos|preciso|temos que|temos de)\s+(?:de\s+)?"
    r"|(?<!\w)(?:нам |мне )?(?:ещё|еще) (?:нужно|надо|предстоит)\s+"
    r"|(?<!\w)(?:нам |мне )?(?:нужно|надо) (?:ещё|еще)\s+|\bhay que (?:todavía|aún)\s+"
    r"|\b(?:we|ik|je) (?:moeten|moet) (?:ook )?nog\s+"
    r"|\b(?:musimy|muszę|trzeba) (?:jeszcze|nadal)\s+"
    r"|\b(?:vi|jag) (?:måste|behöver) fortfarande\s+"
    r"|^(?:hâlâ|hala|henüz)\s+(?=[^.!?]*\b(?:gerek(?:iyor|ecek)|lazım)\b)"
    r"|^(?=[^.!?]*\b\w+(?:mamız|memiz) gerek(?:iyor|ecek)\b)"
    # no spaces between words: the cue, then the rest of the clause
    r"|(?:我们|我們|我)?(?:还需要|還需要|还需|還需|仍需要?|仍須|还得|還得)"
    r"|まだ(?=[^。]*(?:必要があ|なければ))"
    # Korean puts the work before `아직`: the whole sentence is its title
    r"|^(?=[^.]*아직\s*[^.]*(?:해야|필요))"
)
_STILL_KEYS = ("still need", "still have to", "yet to", "will still need", "will still have",
               "'ll still need", "'ll still have", "noch", "encore",
               "reste à", "todavía", "aún", "ancora", "resta da", "ainda", "ещё", "еще",
               "还需", "還需", "仍需", "仍須", "还得", "還得", "まだ", "아직", "nog", "jeszcze",
               "nadal", "fortfarande", "hâlâ", "hala", "mamız gerek", "memiz gerek")
_UNCLEAR_WHETHER = (
    r"\b(?:(?:noch )?unklar|(?:noch )?offen|nicht klar)(?: ist)?(?: mir)?(?: noch)?,?"
    r" (?:ob|wie|wann|wer|welche[rsn]?)\b"
    r"|\b(?:eine sache ist mir|mir ist) noch unklar\s*:"
    r"|\bnon ho (?:ancora )?capito se\b|\blo que no (?:tengo|me queda) claro es si\b"
    r"|(?<!\w)я так и не понял,? (?=\w+ ли)"
    r"|\b(?:on ne sait pas (?:encore )?si|(?:ce n'est )?pas encore clair si|reste à savoir si)\b"
    r"|\b(?:(?:todavía |aún )?no (?:está|es) claro si|(?:aún|todavía) no sabemos si"
    r"|no (?:me|nos) queda claro si|no tengo claro si)\b"
    r"|\b(?:non è (?:ancora )?chiaro se|non sappiamo ancora se)\b"
    r"|\b(?:(?:ainda )?não (?:está|é) claro se|ainda não sabemos se)\b"
    r"|(?<!\w)(?:пока )?(?:неясно|непонятно|не ясно),? (?:\w+ ли|ли|нужен|нужна|нужно|стоит"
    r"|будем|как|что|кто|где|когда|почему|какой|какая|какие)(?!\w)"
    # what remains to be seen (`Offen bleibt, ob…`, `Queda por ver si…`, `Остаётся вопрос, …ли`)
    r"|^(?:it's )?(?:still )?unclear (?:whether|if)\b|\boffen bleibt,? ob\b"
    r"|\b(?:queda por ver|falta saber|queda (?:abierto|pendiente)) si\b"
    r"|\bresta da (?:capire|vedere|chiarire) se\b|\b(?:fica em aberto|resta saber|falta saber) se\b"
    r"|(?<!\w)(?:открытым )?оста[ёе]тся (?:открытым )?вопрос,? (?=\w+ ли\b|ли\b"
    r"|(?:почему|как|кто|когда|где|зачем|что|сколько)\b)"
    r"|\bblijft de vraag,? of\b|\bpozostaje pytanie,? czy\b|\bdet återstår att se om\b"
    # not yet known, in more languages (`Nog onduidelijk of…`, `oklart om…`, `Nie wiadomo, czy…`,
    # `Ще не ясно, чи…`, `Reste à voir si…`, `Je ne sais pas encore si…`)
    r"|\b(?:(?:nog )?onduidelijk|niet duidelijk) of\b|\b(?:fortfarande |ännu )?oklart om\b"
    r"|\bnie wiadomo(?: jeszcze)?,? czy\b|(?<!\w)(?:ще |поки )?не (?:ясно|зрозуміло),? чи(?!\w)"
    r"|\breste à voir si\b|\bje ne sais pas encore si\b"
    # the question first, then that it is open (`Ob wir die zweite Region brauchen, ist noch
    # offen`, `…olup olmadığı henüz belli değil`, `…要不要还没定`, `…かはまだ決まっていない`)
    r"|^(?=ob\b[^.?!]{5,},\s*(?:ist|bleibt) (?:noch )?(?:offen|unklar|nicht (?:entschieden"
    r"|geklärt|klar))\b)"
    # … or that the speaker could not find it out (`Ob der Service per event_id dedupliziert,
    # konnte ich nicht klären`, `Whether the client retries, I couldn't confirm`)
    # (four words at least: not `Ob sich das lohnt, kann ich nicht sagen`)
    rf"|^(?=(?:ob|whether|si|se)(?:\s+[^\s,.?!]+){{4,}},\s*{COULD_NOT_FIND_OUT})"
    rf"|^(?=\w+ ли(?!\w)[^.?!]{{3,}},\s*{COULD_NOT_FIND_OUT})"
    r"|^(?=[^.?!]{5,}(?:ıp|ip|up|üp) \w+(?:madığı|mediği) (?:henüz |hâlâ )?(?:belli|net) değil)"
    r"|^(?=[^。！？]{2,}(?:要不要|是否|还是)[^。！？]{0,20}(?:还没定|还没决定|還沒定|未定))"
    r"|^(?=[^。！？]{2,}か(?:どうか)?は(?:まだ)?(?:決まっていない|決まってない|未定|わからない))"
    # I don't know whether (`**Dubbio:** non so se il team mobile usa lo stesso endpoint`)
    r"|\b(?:non so se|no sé si|não sei se|ich weiß nicht,? ob|ik weet niet of"
    r"|nie wiem,? czy)\b(?=(?:\s+[^\s,.;:!?]+){4})"  # not `non so se funziona, provalo`
)
"""It is not yet known whether…, in each language beyond English (`still-unclear` there)."""
_FIX_LABELS = ("fix", "the fix", "proposed fix", "my fix", "solution", "the solution", "correction",
               "der fix", "die lösung", "lösung", "korrektur", "la correction", "le correctif",
               "correctif", "corrección", "la corrección", "la solución", "correzione",
               "la correzione", "la soluzione", "correção", "a correção", "a solução",
               "исправление", "решение", "de fix", "de oplossing", "poprawka", "rozwiązanie",
               "lösningen", "düzeltme")  # fmt: skip
"""The labels of the fix an agent goes with (`Correzione: rendo il processor @StepScope…`)."""
_FIX_LABEL = "|".join(_FIX_LABELS)
_REPORTED = (
    r"(?:updated|added|removed|changed|fixed|moved|replaced|renamed|corrected|set)\b"
    r"|\S+(?: \S+)? (?:korrigiert|angepasst|geändert|ergänzt|entfernt|hinzugefügt|behoben"
    r"|aktualisiert)\b"
)
"""A fix told as work done (`The fix: Updated PAI_DIR…`, `Fix: Pfad korrigiert in…`): a log."""
_WRITE_IT = (
    r"add|put|write(?: down)?|note(?: down)?|jot down|record|schreib\w*|notier\w*|trag\w*|setz\w*"
    r"|pack\w*|ajoute\w*|mets|mettez|note[sz]?|écris|écrivez|inscris|apunta\w*|añade\w*"
    r"|agrega\w*|anota\w*|escribe\w*|pon|scrivi\w*|aggiungi\w*|annota\w*|metti\w*|segna\w*"
    r"|adiciona\w*|escreve\w*|coloca\w*|põe|запиши\w*|добавь\w*|внеси\w*|занеси\w*|zet"
    r"|schrijf|noteer"
)
"""The verbs of a person having a thing written down, in each language."""
_TODO_PLACE = (
    r"todo|to-do|backlog|board|bord|tablero|tableau|quadro|бэклог|доск\w*|list|liste|lista"
    r"|lijst|список"
)
"""Where a person has work left written down: a todo list or file, a backlog, a board."""
_OBLIGED = (
    r"(?:we|I|you|someone)(?:'ll| will)? (?:need to|have to|must|should)\s+"
    r"|(?:wir|man)\s+(?=[^.!?,;]*\s(?:müssen|muss|sollten|sollte)(?:[.!,;]|$))"
    r"|il (?:faut|faudra)\s+|(?:on|nous) (?:doit|devons|devra|devrons)\s+"
    r"|(?:hay|habrá|tenemos|tendremos) que\s+|(?:debemos|deberíamos)\s+"
    r"|(?:precisamos|temos que|temos de|é preciso|(?:a gente )?(?:precisa|tem que))\s+(?:de\s+)?"
    r"|(?:dobbiamo|dovremo|dovremmo|bisogna)\s+|(?:нам |мне )?(?:нужно|надо|необходимо)\s+"
)
"""Whose work a thing written down is, and that it must be done (`that we need to`, `dass wir
… müssen`, `qu'il faut`, `что нужно`): not its title, which is the work itself."""
_LATER_ON = (
    r"before (?:the )?(?:release|launch|merge|deploy|go-live)|after (?:the )?(?:release|launch"
    r"|merge|deploy)|later|next (?:week|sprint|release|PR)|(?:a )?separate (?:ticket|PR|issue"
    r"|change)|follow-?up|maintenance window|will come|another (?:PR|day|time)"
    r"|vor dem (?:Release|Launch|Merge|Deploy)|nach dem (?:Release|Launch|Merge|Deploy)|später"
    r"|nächste[nm]? (?:Woche|Sprint|Release)|(?:eigene|separate)[nms]? (?:Ticket|PR|Issue)"
    r"|Wartungsfenster|kommt (?:in|später|danach)"
    r"|avant (?:la )?(?:release|mise en prod|livraison)|après (?:la )?(?:release|mise en prod"
    r"|livraison)|plus tard|ça viendra|(?:prochain|autre) (?:sprint|ticket|PR)|ticket séparé"
    r"|fenêtre de maintenance"
    r"|antes del? (?:release|lanzamiento|despliegue)|después del? (?:release|lanzamiento"
    r"|despliegue)|más adelante|más tarde|(?:otro|próximo) (?:ticket|PR|sprint)"
    r"|ventana de mantenimiento"
    r"|prima del (?:rilascio|deploy)|dopo il (?:rilascio|deploy)|più avanti|più tardi"
    r"|(?:altro|prossimo) (?:ticket|PR|sprint)|finestra di manutenzione"
    r"|antes do (?:release|lançamento|deploy)|depois do (?:release|lançamento|deploy)|mais tarde"
    r"|(?:outro|próximo) (?:ticket|PR|sprint)|janela de manutenção"
    r"|до релиза|после релиза|позже|потом|(?:отдельн|следующ)\w* (?:тикет|PR|спринт|задач)"
    r"|окно обслуживания"
)
"""When work left is put off to (`before the release`, `nach dem Deploy`, `ça viendra`)."""
_NOT_YET = (
    r"\b(?:isn't|is not|aren't|are not|hasn't|has not|haven't|have not)\b[^.!?]{0,80}?\byet\b"
    r"|\bnoch nicht\b|\bpas encore\b|\b(?:aún|todavía) no\b|\bnon (?:è|sono|ho|abbiamo) ancora\b"
    r"|\bainda não\b|(?<!\w)(?:ещё|еще|пока) не(?!\w)"
)
"""Not done yet, in each language (`isn't wired up yet`, `noch nicht`, `pas encore`, `ещё не`)."""
_NOT_YET_BUT_LATER = (
    rf"(?:{_NOT_YET}|\bstill missing\b|\bfehlt noch\b|\bmanque encore\b"
    r"|\bno (?:está|están) (?:aún|todavía)\b|\bfalta(?:n)? (?:aún|todavía)\b"
    r"|\bmanca(?:no)? ancora\b|\bainda falta)"
    rf"(?=[^.!?]*(?<!\w)(?:{_LATER_ON})(?!\w))"
    # or after a contrast with what is done (`The endpoint is ready, but the webhook isn't
    # connected yet`, `…готов, но вебхук ещё не подключён`)
    r"|(?:\b(?:done|ready|in place|finished|working|written|merged|fertig|bereit|drin|prête?"
    r"|en place|fait|list[oa]|hecho|terminad[oa]|pront[oa]|fatt[oa]|готов[аоы]?)\b[^.!?]{0,20}?"
    rf"(?:,\s*|\s)(?:but|aber|mais|pero|ma|mas|но)(?!\w))[^.!?]{{1,60}}?(?:{_NOT_YET})"
)
"""Work the agent says is not done yet and puts off (`Rate limiting isn't wired up yet – that
has to go in before the release`): a todo, said anywhere in the session."""
_WHAT_IS_NOT_KNOWN = (
    r"\bwhat I (?:don't|do not) know[^.?!]{0,40}? is (?=(?:whether|if)\b)"
    r"|\bwas ich nicht weiß[^.?!]{0,40}?ist,? (?=ob\b)"
    r"|\bce que je ne sais pas[^.?!]{0,40}?c'est (?=si\b)|\blo que no sé[^.?!]{0,40}? es (?=si\b)"
    r"|\bquello che non so[^.?!]{0,40}? è (?=se\b)"
    r"|\bo que (?:eu )?não sei[^.?!]{0,40}?(?:é (?=se\b)|:\s+)"
    r"|\bwat ik niet weet[^.?!]{0,40}? is (?=of\b)|\bczego nie wiem[^.?!]{0,40}? to (?=czy\b)"
    r"|\bdet jag inte vet[^.?!]{0,40}? är (?=om\b)"
    r"|(?<!\w)чего я не знаю[^.?!]{0,40}?(?:—|-|,) (?:так это )?"
)
"""What I don't know is whether… (`Lo que no sé, y no puedo saber desde aquí, es si…`): the
question is what follows, from its `whether` on."""
_NOT_YET_DONE = (
    # a participle after "not yet" (regular endings, common irregular ones), not one of settling
    # (`noch nicht geklärt` leaves a question open)
    r"\bnoch nicht (?!geklärt|entschieden|bekannt|gesagt)(?:\w*ge\w+(?:t|en)|\w+iert|erledigt"
    r"|fertig|verdrahtet|behoben|deployt)\b"
    r"|\bpas encore (?:été )?(?!clair|sûr|certain|décidé|tranché|défini|pu\b|eu\b|vu\b|su\b)"
    r"\w+(?:é|i|u|it|is)e?s?\b"
    r"|\b(?:todavía|aún) no (?:está|están|ha sido|han sido) (?!decidid|definid)(?:\w+(?:ad|id)"
    r"|escrit|hech|puest|abiert|resuelt|cubiert)[oa]s?\b"
    r"|\bnon (?:è|sono) ancora (?:stat[oaie] )?(?!decis|definit)(?:\w+(?:at|ut|it)|fatt|scritt"
    r"|mess|chius)[oaie]\b"
    r"|\bainda não (?:está|estão|foi|foram) (?!decidid|definid)(?:\w+(?:ad|id)|feit|escrit"
    r"|post|abert)[oa]s?\b"
    r"|(?<!\w)(?:ещё|еще|пока) не (?!(?:уверен|понят|ясен|нужен|важен|согласен|решен|решён"
    r"|определ)\w*(?!\w))(?:\w+(?:ан|ен|ён|ян)|готов)[аоы]?(?!\w)"
    r"|(?<!\w)(?:ще|поки) не (?!(?:вирішен|визначен|зрозуміл)\w*(?!\w))"
    r"(?:\w+(?:ан|ен|ян)|готов)[аоіи]?(?!\w)"
    # Dutch, Swedish, Polish, Turkish, Korean: the work's verb, not one of settling
    r"|\bmoet(?:en)? nog (?:\w+ )?(?!besloten|beslist)(?:ge\w+(?:d|t|en)) worden\b"
    r"|\bnog niet (?!besloten|beslist|duidelijk|gezien|gebeurd|gehoord|gemerkt|gevonden)"
    r"(?:ge\w+(?:d|t|en))\b"
    r"|\bär (?:inte|ännu inte) (?:\w+ )?(?!beslutad)\w+(?:ad|ade|at|ats)(?: än)?\b"
    r"|\båterstår\b|\bjeszcze nie (?:jest |są |został[aoy]? )?(?!zdecydowan|ustalon)"
    r"\w+(?:an|on|t)[aoey]?\b"
    r"|\bhenüz (?!karar)\w+(?:ılmadı|ilmedi|ulmadı|ülmedi|madı|medi|madık|medik)\b"
    r"|아직 (?:\S+ )?(?:작성|구현|테스트|추가|반영|수정|배포|적용)(?:하지|되지|을 하지|는 안) ?"
    r"(?:않았|못했|안 했)"
)
"""What a closing report says is not done yet, beyond English (`not-yet` there)."""
_STILL_MISSING = (
    r"\b(?:is|are) still (?:missing|on the (?:to-?do )?list|outstanding)\b"
    r"|\bfehl(?:t|en) (?:noch|bisher)\b|\bmanque(?:nt)? encore\b"
    r"|\b(?:todavía|aún) falta(?:n)?\b|\bfalta(?:n)? (?:todavía|aún)\b|\bmanca(?:no)? ancora\b"
    r"|\b(?:ainda )?falta(?:m)? ainda\b|\bainda falta(?:m)?\b"
    r"|(?<!\w)(?:ещё|еще|пока) не хватает(?!\w)"
)
_MISSING_KEYS = ("still missing", "still on the", "still outstanding", "fehlt noch", "fehlen noch",
                 "fehlt bisher", "fehlen bisher", "manque encore", "manquent encore", "falta",
                 "manca ancora", "mancano ancora", "не хватает")  # fmt: skip
"""What a closing report says is still missing, in any language: work left."""
_OUR_PLAN = (
    r"(?:^|\b(?:ok(?:ay)?|so|and|then|right),?\s+)(?:here'?s|here is) (?:what we(?:'ll| will"
    r"|'re going to) do|the plan)(?: [^:.!?]{1,30})?\s*:\s*|^(?:the |our )?plan(?: is)?\s*:\s*"
    r"|^(?:so machen wir(?:'s| es)|(?:unser |der )?plan)\s*:\s*"
    r"|^(?:voilà ce qu'on (?:va faire|fait)|(?:notre |le )plan)\s*:\s*"
    r"|^(?:esto es lo que (?:vamos a hacer|haremos)|(?:nuestro |el )plan)\s*:\s*"
    r"|^(?:vamos fazer assim|(?:nosso |o )plano)\s*:\s*|^(?:facciamo così|(?:il )?piano)\s*:\s*"
    r"|^(?:план(?: такой)?)\s*:\s*"
)
_PLAN_KEYS = ("what we'll do", "what we will do", "what we're going to do", "the plan", "plan:",
              "plan is", "so machen wir", "plan :", "ce qu'on", "lo que vamos", "lo que haremos",
              "vamos fazer assim", "plano:", "facciamo così", "piano:", "план")  # fmt: skip
"""The plan a person lays down, labelled: what follows is decided."""
_SOME_DAY = (
    r"\b(?:some ?day|one day|eventually|at some point),? (?:we|I|someone) (?:should|need to"
    r"|have to|must|will have to|'ll have to|ought to)\s+"
    # in the long run, what should be done (`Longer term the PDF generation should go to its own
    # queue`, `Langfristig sollte…`)
    r"|^(?:(?:in the )?long(?:er)?[- ]term|in the long run|langfristig|à (?:plus )?long terme"
    r"|a (?:más )?largo plazo|a lungo termine|a (?:mais )?longo prazo),? (?=[^.?!]*\b(?:should"
    r"|needs? to|has to|sollte|muss|devrait|doit|debería|debe|dovrebbe|deve|deveria|precisa)\b)"
    r"|\b(?:algún día|en algún momento),? (?:habría que|hay que|tenemos que|tendremos que"
    r"|deberíamos)\s+"
    r"|\b(?:um dia|algum dia|uma hora),? (?:a gente|nós|vamos) (?:tem que|precisa|deveria"
    r"|precisaria|vai ter que)\s+(?:de\s+)?"
    r"|\b(?:un jour|tôt ou tard),? (?:il faudra|on devra|faudra)\s+"
    r"|\bprima o poi (?:dobbiamo|bisogna|bisognerà|dovremo|andrebbe)\s+"
    r"|^(?=[^.?!]*(?<!\w)(?:надо|нужно|придётся|придется)(?: будет)? когда-нибудь(?!\w))"
    r"|^(?=[^.?!]*(?<!\w)когда-нибудь (?:надо|нужно|придётся|придется)(?!\w))"
)
_SOME_DAY_KEYS = ("someday", "some day", "one day", "eventually", "at some point", "algún día",
                  "en algún momento", "um dia", "algum dia", "uma hora", "un jour", "tôt ou tard",
                  "prima o poi", "когда-нибудь", "long term", "longer term", "long-term",
                  "longer-term", "long run", "langfristig", "long terme", "largo plazo",
                  "lungo termine", "longo prazo")  # fmt: skip
"""Work put off to some day, with what it is."""
_CANT_EXPLAIN = (
    # from the sentence's start: the title is its `why` on, whatever came before
    r"^.*?(?:\bI (?:still )?(?:can't|cannot|couldn't|could not) (?:explain|figure out|tell"
    r"|work out) (?=why\b)|\b(?:it's|it is|it remains|still) (?:unclear|not clear) (?=why\b)"
    r"|\bI (?:still )?(?:don't|do not) (?:yet )?know (?=why\b)"
    r"|\b(?:kann|konnte) (?:ich )?(?:aber |jedoch )?(?:noch )?nicht (?:erklären|sagen"
    r"|herausfinden),? (?=warum\b)|\b(?:noch )?unklar(?: ist)?,? (?=warum\b)"
    r"|\bne (?:sais|peux|comprends) (?:pas|toujours pas)(?: encore)?(?: expliquer)? (?=pourquoi\b)"
    r"|\bno (?:sé|puedo explicar|entiendo) (?:todavía |aún )?(?=por qué\b)"
    r"|\bnon (?:so|riesco a spiegare|capisco) (?:ancora )?(?=perché\b)"
    r"|\bnão (?:sei|consigo explicar|entendo) (?:ainda )?(?=por que\b|porque\b)"
    r"|(?<!\w)(?:не могу объяснить|не понимаю|непонятно|неясно),? (?=почему(?!\w)))"
    # not why the person asked (`I don't know why you asked`)
    r"(?!\S+ (?:you|du|vous|tu|usted|você|вы|ты)(?!\w))"
)
_CANT_EXPLAIN_KEYS = ("explain why", "out why", "tell why", "clear why", "know why", "warum",
                      "pourquoi", "por qué", "perché", "por que", "porque",
                      "почему")  # fmt: skip
"""Why a thing happened, said not to be known yet: asked, as a question left open. Keyed in
English by the words before `why`: `why` alone is in most explanations."""
_CAUSE_LABEL = (
    r"^[*_]*(?:la )?(?:cause(?: racine)?|causa(?: raíz| raiz| principale)?|причина)[*_]*\s*:"
    r"[*_]*\s*"
    # … or with a comma and `c'est que`, `es que` (`La cause, c'est que le middleware…`)
    r"|^(?:la )?(?:cause|causa|raison|razón),\s+(?:c'est|es|è|é) que\s+"
    # Russian says `is` with a dash (`Корневая причина — гонка…`)
    r"|^[*_]*(?:(?:корневая|основная|настоящая|главная) )?причина[*_]*\s+[—–]\s+"
)
_LIKELY_CAUSE = (
    r"\b(?:der|die) (?:wahrscheinliche|vermutliche|mögliche) (?:grund|ursache|auslöser)\b"
    r"|\bla (?:cause|raison) (?:probable|possible|vraisemblable)\b"
    r"|\bla causa (?:probable|posible|más probable|probabile|possibile)\b"
    r"|\ba causa (?:provável|possível|mais provável)\b"
    r"|(?<!\w)(?:(?:вероятная|возможная) причина|скорее всего,? причина)(?!\w)"
)
"""The likely cause, beyond English (`likely-culprit` there): a hypothesis."""
_CONFIRMED = (
    r"^[*_]*(?:bestätigt|überprüft|confirmée?|vérifiée?|confirmad[oa]|verificad[oa]"
    r"|confermat[oa]|verificat[oa]|подтверждено|проверено)[*_]*\s*:[*_]*\s*"
    r"|^(?:das erklärt (?:es|alles)|ça explique (?:tout|le problème)|(?:eso|esto) lo explica"
    r"|questo spiega (?:tutto|il problema)|isso explica (?:tudo|o problema)"
    r"|это (?:всё |все )?объясняет)\s*[:,—–-]\s*"
)
"""What the agent confirmed, and what explains it, beyond English (`insight-label` there)."""
_UNCLEAR_KEYS = ("unklar", "offen", "nicht klar", "ne sait pas", "pas encore clair", "capito se",
                 "так и не понял",
                 "reste à savoir", "claro", "sabemos", "chiaro", "sappiamo", "неясно",
                 "непонятно", "не ясно", "non so se", "no sé si", "não sei se",
                 "weiß nicht", "weet niet of", "nie wiem", "don't know", "nicht weiß",
                 "unclear", "offen bleibt", "queda por ver", "falta saber", "queda abierto",
                 "queda pendiente", "resta da", "fica em aberto", "resta saber", "остаётся",
                 "остается", "blijft de vraag", "pozostaje pytanie", "återstår att se",
                 "ne sais pas", "no sé", "non so", "não sei", "niet weet", "inte vet",
                 "не знаю", "onduidelijk", "niet duidelijk", "oklart", "nie wiadomo", "не ясно",
                 "не зрозуміло", "konnte ich nicht", "kann ich nicht",
                 *(f"{could} {verb}" for could in ("couldn't", "could not", "can't", "cannot",
                                                   "wasn't able to", "was unable to")
                   for verb in ("confirm", "verify", "find out", "tell", "check", "determine",
                                "establish")),
                 "n'ai pas pu", "he podido", "no pude", "no lo pude", "sono riuscit",
                 "ho potuto", "não consegui", "não pude", "не смог", "не удалось", "reste à voir",
                 "belli değil", "net değil",
                 "还没定", "还没决定",
                 "還沒定", "未定", "決まっていない", "決まってない", "わからない")  # fmt: skip
_PROBABLY = (
    r"probably|likely|wahrscheinlich|vermutlich|probablement|sans doute|probablemente"
    r"|seguramente|probabilmente|provavelmente"
)
_CAUSED = (
    r"caused by|due to|because|comes? from|verursacht|wegen|liegt (?:es |das )?an|kommt (?:von|vom)"
    r"|dûe?s? (?:à|au|aux)|causée?s? par|vient d[eu']|à cause d|debido a|se debe a"
    r"|causad[oa]s? (?:por|pel[oa]s?)|viene de|dovut[oa] a|causat[oa] da|deriva da|viene da"
    r"|devido a|vem d[eoa]|nasce d|dipende d"
)
_NOT_BARE = r"(?:(?<=\w\W)|(?=(?:\S+\s+){2}\S))"
"""Not a sentence that is only `Niet getest.`, `Sin probar.`: words before the cue, or three
after it (what is not tested)."""
EVERY_LANGUAGE = (
    _row("reversal", "decision",
         ("previously", "originally", "initially", "earlier", "hatten", "ursprünglich",
          "zuvor", "vorher", "avait", "avions", "habíamos", "antes", "avevamo", "prima",
          "tínhamos", "раньше", "ранее", "сначала"),
         rf"\b(?:{'|'.join(_PREVIOUSLY.values())})\b[^.!?]*?(?:[;,:—–]\s*|\s+){_NOW}{_LETS}",
         0.8, 0.6),
    _row("from-now-on", "decision", _FROM_NOW_ON_KEYS, _FROM_NOW_ON, 0.7, None, "sentence"),
    _row("instead-directive", "decision", _INSTEAD_KEYS, _INSTEAD, 0.7, None, "sentence"),
    _row("takeaway-label", "takeaway",
         ("takeaway", "lesson", "tl;dr", "bottom line", "upshot", "note to self", "rule of thumb",
          "to remember:", "to keep in mind:",
          "general rule", "for the future", "für die zukunft", "grundregel", "pour l'avenir",
          "faustregel", "règle d'or", "regla de oro", "regola d'oro", "regra de ouro",
          "para recordar", "da ricordare", "para lembrar", "запомнить",
          "золотое правило",
          "moralité",
          "à l'avenir", "règle générale", "para otra vez", "regla general", "de cara al futuro",
          "para o futuro", "regra geral", "общее правило",
          "note to future self", "worth remembering", "worth internalizing", "worth keeping",
          "one thing to", "big picture", "general point", "morale de l'histoire", "aprendizado",
          "aprendizaje",
          "in short", "in a nutshell", "conclusion", "merke", "lehre", "conclusión", "conclusione",
          "conclusão", "заключение",
          "fazit", "kurz gesagt",
          "erkenntnis", "lektion", "en résumé", "en bref", "retenir", "leçon", "resumen",
          "lección", "importante", "sintesi", "in breve", "lezione", "resumo", "resumindo",
          "lição", "итог", "итого", "вывод", "короче", "урок", "总结", "總結", "要点", "要點",
          "教训", "教訓", "结论", "結論", "まとめ", "요약", "교훈", "결론", "moral", "moraleja",
          "мораль", "经验总结", "經驗總結", "经验是", "经验", "經驗", "心得", "mitnehme",
          "daraus lernen", "배운 거", "배운 것", "배운 점",
          "tenere a mente", "rule to", "pays off", "merk ich mir", "merke ich mir", "próxima",
          "nehme ich mit", "nehmen wir mit",
          "prochaine fois", "prossima volta", "nächste mal", "на будущее", "next time", "学び",
          "hard way", "jeito difícil", "por las malas",
          "morale della favola", "moral da história", "hindsight", "retrospect", "looking back",
          "rückblickend", "nachhinein", "avec le recul", "retrospectiva", "senno di poi",
          "оглядываясь", "as a rule", "in general", "in generale", "en général", "im allgemeinen",
          "en general", "em geral", "les geleerd", "geleerde les", "belangrijkste les", "conclusie",
          "samengevat", "kortom",
          "wniosek", "lekcja", "podsumowanie", "lärdom", "slutsats", "sammanfattning", "ders:",
          "ders**", "ders :", "çıkarılan ders",
          "sonuç", "висновок", "на майбутнє", "volgende keer", "hiervan meeneem", "nästa gång",
          "tar med mig", "na przyszłość", "dahaki sefere", "morał", "les:", "les voor", "onthoud:",
          "kom ihåg:", "do differently", "anders machen", "future projects", "next projects",
          "upcoming projects", "prochains projets", "künftige projekte", "próximos proyectos",
          "prossimi progetti", "próximos projetos", "следующих проектов",
          "ferais autrement", "haría distinto", "vale guardar", "vale la pena guardar",
          "vale a pena guardar", "take away", "i'd carry", "i'd keep", "i'd take",
          "i would carry", "i would keep", "i would take", "merksatz"),
         # a few words may stand between the label and its colon (`Lesson from this mess:`)
         rf"(?:^|(?<=[\s*_(]|{_WIDE}))[*_]*{_TAKEAWAY_LABEL}(?:\b|(?<={_WIDE})(?:就是|是)?)"
         r",?(?: +[^\s:]+){0,5}?[*_]*\s*:[*_]*\s*"
         # what hindsight teaches, opening a sentence
         r"|^in general,? it pays off to\s+|^worth (?:remembering|internalizing)(?: that)?[:,]?\s+"
         # labels that are common words too, only with their colon (`Les:`, `Onthoud:`)
         r"|^[*_]*(?:les(?: voor [^:.?!]{1,40})?|onthoud|kom ihåg)[*_]*\s*:[*_]*\s+"
         # what to remember, under its label (`The pattern to remember: idempotency keys…`)
         r"|^(?:the |one )?(?:pattern|thing|rule|point) to (?:remember|keep in mind)\s*:\s*"
         # the moral, after a comma (`moralité, on ne fait plus confiance au latest`)
         r"|^(?:moralité|moraleja|morale della favola|moral da história|moral of the story"
         r"|мораль),\s+(?=\S)"
         # a rule for any case (`In general, stream anything that can grow…`)
         r"|^(?=(?:in general|as a rule|generally speaking),\s+(?:(?:always|never|prefer|avoid"
         r"|don't|do not)\b|\w+ (?:anything|everything|all|any|every)\b))"
         r"|\b(?:nehme ich|nehmen wir) (?:daraus )?mit, dass\s+"
         r"|^(?:in hindsight|in retrospect|looking back"
         r"|rückblickend|im nachhinein"
         r"|avec le recul|en retrospectiva|col senno di poi|em retrospectiva"
         r"|оглядываясь назад),?\s*", 0.65, 0.6),
    # a guess under its label (`Intuition : …`, `Meine Vermutung: …`), tried as early
    _label_row("hypothesis-label", "hypothesis",
               ("theory", "working theory", "one theory", "another theory", "a theory", "my bet",
                "mon pari", "mi apuesta", "la mia scommessa", "minha aposta", "meine wette",
                "hypothesis", "working hypothesis", "hypothese",
                "vermutung", "theorie", "hypothèse", "théorie", "hipótesis", "teoría", "ipotesi",
                "teoria", "hipótese", "гипотеза", "теория", "предположение", "mi hipótesis",
                "meine hypothese", "mon hypothèse", "minha hipótese", "la mia ipotesi",
                "моя гипотеза", "guess", "my guess", "suspicion", "verdacht", "supposition",
                "sospecha", "sospetto", "suspeita", "vermoeden", "przypuszczenie", "hipoteza",
                "misstanke", "hypotes", "tahmin", "hipotez", "intuition", "mon intuition",
                "meine vermutung", "mein verdacht", "mi corazonada", "mi sospecha", "meu palpite",
                "minha intuição", "моя догадка", "a suspicion", "one suspicion", "a hunch",
                "ein verdacht", "un soupçon", "una sospecha", "un sospetto", "uma suspeita",
                "подозрение", "одно подозрение"), 0.6),
    # what the agent says holds from now on, not of its own next steps: a lesson
    _row("from-now-on-lesson", "takeaway",
         ("from now on", "going forward", "from here on", "henceforth"),
         r"^(?:from now on|going forward|from here on(?: out)?|henceforth),?\s+"
         r"(?![^.?!]*\b(?:I|I'll|I will|we'll|we will|I'm going to)\b)", None, 0.5),
    # a summary opened by an adverb and a comma (`In short, …`): a takeaway as its label is
    _row("summary-opener", "takeaway",
         ("in short", "in a nutshell", "in conclusion", "in summary", "to sum up", "kurz gesagt",
          "zusammengefasst", "en résumé", "en bref", "en resumen", "en conclusión", "in sintesi",
          "in breve", "in conclusione", "em resumo", "resumindo", "em conclusão",
          "короче говоря", "итого", "в итоге"),
         r"^[*_]*(?:in short|in a nutshell|in conclusion|in summary|to sum up|kurz gesagt"
         r"|zusammengefasst|en résumé|en bref|en resumen|en conclusión|in sintesi|in breve"
         r"|in conclusione|em resumo|resumindo|em conclusão|короче говоря|итого|в итоге)[*_]*"
         r"\s*,\s*", 0.6, 0.55),
    # a finding under its label, in any language
    _label_row("worth-knowing-label", "insight",
               ("gut zu wissen", "wichtig zu wissen", "zur info", "bon à savoir", "à noter",
                "bueno saber", "es bueno saber", "a tener en cuenta", "buono da sapere",
                "importante da sapere", "bom saber", "важно знать", "стоит знать",
                "полезно знать", "auch gut zu wissen", "aussi bon à savoir", "vale saber",
                "também vale saber", "vale a pena saber", "conviene saber",
                "también conviene saber", "vale la pena saber", "da sapere",
                "vale la pena sapere", "также стоит знать"), 0.5),
    _label_row("note-label", "insight",
               ("hinweis", "remarque", "nota", "примечание", "補足", "참고", "备注", "備註",
                # what to watch for (`Attention :`, `Let op:`, `Uwaga:`, `Важный момент:`)
                "attention", "achtung", "attenzione", "atenção", "cuidado", "ojo", "внимание",
                "важный момент", "let op", "uwaga", "keep in mind", "something to be aware of",
                "something to keep in mind", "one thing to keep in mind", "worth noting",
                "important", "wichtig", "importante", "важно", "重要", "중요"), 0.5,
               person=False, unless=ASIDE),
    _label_row("finding-label", "insight",
               ("the flake", "flake cause", "the interesting part", "lo que encontré",
                "ce que j'ai trouvé", "was ich gefunden habe", "o que encontrei",
                "erkenntnis", "befund", "constat", "découverte", "hallazgo", "descubrimiento",
                "scoperta", "descoberta", "находка", "diagnose", "diagnostic", "diagnóstico",
                "diagnosi", "диагноз", "확인한 점", "알게 된 점", "발견", "分かったこと",
                "わかったこと",
                "发现", "發現", "what was going on", "what was happening", "lo que pasaba",
                "lo que ocurría", "o que descobri", "o que acontecia", "ce qui se passait",
                "ursache", "原因查清楚了", "原因找到了", "原因", "根本原因", "원인", "근본 원인",
                "nebenbefund", "side finding",
                # where a fault comes from (`The root of it: the worker reads the config once`)
                "the root of it", "root of it", "the root of the problem", "the root of the issue",
                "die wurzel des problems", "la racine du problème", "la raíz del problema",
                "la radice del problema", "a raiz do problema", "корень проблемы", "问题根源",
                "問題根源", "問題の根本", "문제의 근본",
                "bevinding", "ustalenie", "upptäckt", "bulgu",
                # the fault, named (`**Le bug.** `TuilesSentinel` crée…`, `The culprit: …`)
                "the bug", "le bug", "der bug", "el bug", "il bug", "o bug", "the culprit",
                "le coupable", "der übeltäter", "el culpable", "il colpevole", "o culpado",
                "виновник",
                # what struck the speaker (`Interessant: Postgres nutzt den Index gar nicht`)
                "interessant", "intéressant", "interesante", "interessante", "curioso",
                "dato curioso", "curiosidade", "curiosità", "интересно", "ciekawe", "intressant",
                "ilginç",
                # what the speaker noticed on the way (`One more thing I noticed: …`)
                "thing i noticed", "things i noticed", "i also noticed", "also noticed",
                "was mir aufgefallen ist", "mir ist noch aufgefallen", "ce que j'ai remarqué",
                "j'ai aussi remarqué", "algo que noté", "también noté", "ho anche notato",
                "também notei", "ещё я заметил", "также заметил",
                # the detail that matters (`Belangrijk detail: ATTACH PARTITION scant alles`)
                "important detail", "key detail", "belangrijk detail", "wichtiges detail",
                "détail important", "detalle importante", "dettaglio importante",
                "detalhe importante", "важная деталь", "ważny szczegół", "viktig detalj",
                "önemli ayrıntı"), 0.6),
    # what is ruled out, a dash, and what instead (`No ORM — raw SQL with psycopg.`)
    # (`and no larger runners — we can't pay for them`), not what was seen (`no luck — …`)
    _row("none-dash", "decision", ("no ", "kein", "pas de", "niente", "nessun", "nada de",
                                   "никак", "geen", "żadn", "ingen", "inget", "hiç"),
         rf"^{_AND_THEN}?(?:(?:important|wichtig|importante|важно|belangrijk|viktigt|ważne|önemli)"
         r"\s*:\s*)?(?:no|kein(?:e|en)?|pas de|nada de|niente|nessun[oa]?|никак(?:ого|ой|их)"
         rf"|geen|żadn\w+|ingen|inget|hiç)\s+(?!{_NOT_RULED_OUT})[^.?!—–]{{1,40}}"
         # … then a dash, or what the team cannot afford (`kein Reset der Offsets, wir dürfen
         # keine Zahlung verlieren`)
         rf"(?:\s[—–]\s+(?=\S)|,\s*(?={_CANNOT}))",
         0.65, None, "sentence"),
    # the agent pointing at the cause, then saying it (`The flicker has a concrete cause: …`,
    # `Het grootste probleem zit in de cache-key: …`, `Flaskhalsen är uppenbar: …`)
    _row("cause-then-colon", "insight", tuple(f" {noun}" for noun in _CAUSE_NOUNS),
         # not the bare label (`Cause: …`, `Причина: …`: `cause-label` keeps it in the title)
         rf"^(?![*_]*(?:la )?(?:{'|'.join(_CAUSE_NOUNS)})\w*[*_]*\s*:)"
         rf"[^:.!?]{{0,50}}\b(?:{'|'.join(_CAUSE_NOUNS)})\w*\b[^:.!?]{{0,50}}:\s+(?=\S)",
         None, 0.5),
    # what a change did, measured (`cold start: 412 ms → 169 ms`, `von 11,4 s till 2,3 s`)
    _row("measured-change", "insight", _AMOUNT_KEYS,
         rf"{_AMOUNT}[^.!?\n]{{0,12}}?(?:→|->|=>|\b(?:to|auf|à|a|na|till|naar|para)\b|(?<!\w)до(?!\w))"
         rf"\s*~?[*_]*{_AMOUNT}",
         None, 0.45, "sentence"),
    # a fault and where it comes from (`Le ralentissement vient de la requête N+1`)
    _row("fault-comes-from", "insight", _COMES_FROM_KEYS, _FAULT_COMES_FROM, 0.55, 0.55,
         "sentence"),
    # what a thing is, said against what it seemed (`ist gar nicht latin-1, sondern cp1252`)
    _row("not-but", "insight",
         ("sondern", "n'est pas", "n'était pas", "s'agit pas", "vient pas", "venait pas",
          "trouve pas", "trouvait pas", "tient pas", "tenait pas", "sino", "bensì", "non è",
          "non era", "e sim",
          "não é", "não era", ", а ", "maar", "tylko", "lecz", "utan", "actually"),
         r"\b(?:ist|sind|war|waren|liegt|lag|kommt|kam) (?:gar |eigentlich |also )?nicht"
         r" [^.;!?]{1,40}?,? sondern\b"
         r"|\b(?:n'(?:est|était)|ne (?:s'agit|vient|venait|se trouve|se trouvait|tient|tenait))"
         r" pas [^.;!?]{1,40}?,? mais\b"
         r"|\bno (?:es|era|son|eran|está|estaba) [^.;!?]{1,40}?,? sino\b"
         r"|\bnon (?:è|era|sono|erano|sta|stava) [^.;!?]{1,40}?,? (?:ma|bensì)\b"
         r"|\bnão (?:é|era|são|eram|está|estava) [^.;!?]{1,40}?,? (?:mas|e sim)\b"
         r"|(?<!\w)(?:это |дело )?не (?:в )?[^.;!?,]{1,40}?, а(?!\w)"
         r"|\b(?:is|was|zijn|waren|ligt|lag) (?:helemaal |eigenlijk )?niet [^.;!?]{1,40}?,?"
         r" maar\b"
         r"|\b(?:to )?nie (?:jest |był[aoy]? )?[^.;!?]{1,40}?, (?:tylko|lecz)\b"
         r"|\b(?:är|var|ligger|låg) (?:inte|inget|ingen) [^.;!?]{1,40}? utan\b"
         r"|\b(?:is|was|are|were) actually\b[^.;!?]{1,60}?, not\b",
         0.5, 0.5, "sentence"),
    # what someone found out, told as such: an insight (the clause after `that`)
    _row("found-that", "insight",
         ("found that", "found out that", "discovered that", "noticed that", "realized that",
          "realised that", "festgestellt", "herausgefunden", "découvert que", "constaté que",
          "descubrí", "descubrimos", "di cuenta", "scoperto che", "notato che", "descobri",
          "descobrimos", "percebi", "обнаружил", "выяснил", "выяснилось"),
         r"\b(?:I|we)(?:'ve| have)? (?:found(?: out)?|discovered|noticed|reali[sz]ed) that\s+"
         r"|\b(?:ich habe|wir haben|hab(?:e)?) (?:festgestellt|herausgefunden),? dass\s+"
         r"|\b(?:j'ai|nous avons|on a) (?:découvert|constaté) que\s+"
         r"|\b(?:descubrí|descubrimos|me di cuenta de|nos dimos cuenta de) que\s+"
         r"|\b(?:ho|abbiamo) (?:scoperto|notato) che\s+"
         r"|\b(?:descobri|descobrimos|percebi|percebemos) que\s+"
         r"|(?<!\w)(?:я |мы )?(?:обнаружил[аи]?|выяснил[аи]?|выяснилось),? что\s+", 0.55, 0.55),
    # what is still to do: a person's anywhere; an agent's only in its closing report (before
    # it, "we still need to wire it in" is the agent's next step, taken in the same turn)
    _row("still-to-do", "todo", _STILL_KEYS, _STILL, 0.6, None),
    _row("still-to-do-at-the-end", "todo", _STILL_KEYS, _STILL, None, 0.5, scope="open"),
    # a cause offered as probable, in any language: a hypothesis
    _row("probable-cause", "hypothesis",
         ("probab", "likely", "wahrscheinlich", "vermutlich", "sans doute", "seguramente",
          "provavel", "вероятно", "скорее всего"),
         rf"\b(?:{_PROBABLY})\b[^.!?]{{0,80}}?\b(?:{_CAUSED})|(?<!\w)(?:вероятно|скорее всего)"
         r"(?!\w)[^.!?]{0,80}?(?<!\w)(?:вызван[аоы]?|из-за|связан[аоы]? с)(?!\w)",
         0.5, 0.5, "sentence"),
    _row("not-yet-done", "todo",
         ("noch nicht", "pas encore", "todavía no", "aún no", "ancora", "ainda não", "ещё не",
          "еще не", "пока не", "ще не", "поки не", "moet nog", "moeten nog", "nog niet",
          "inte", "återstår", "jeszcze nie", "henüz", "아직"), _NOT_YET_DONE, None, 0.45,
         "sentence", scope="open"),
    _row("likely-cause", "hypothesis",
         ("wahrscheinliche", "vermutliche", "mögliche", "cause probable", "cause possible",
          "raison probable", "cause vraisemblable", "causa probable", "causa posible",
          "causa más probable", "causa probabile", "causa possibile", "causa provável",
          "causa possível", "causa mais provável", "вероятная", "возможная", "скорее всего"),
         _LIKELY_CAUSE, 0.5, 0.5, "sentence"),
    _row("confirmed-label", "insight",
         ("bestätigt", "überprüft", "confirmé", "vérifié", "confirmad", "verificad", "confermat",
          "verificat", "подтверждено", "проверено", "erklärt", "explique", "explica", "spiega",
          "объясняет"), _CONFIRMED, 0.6, 0.6),
    _row("cause-label", "insight",
         ("cause :", "cause:", "causa:", "causa raíz:", "causa raiz:", "causa principale:",
          "cause racine :", "причина:", "причина —", "причина –", "cause, c'est",
          "causa, es", "raison, c'est", "razón, es", "causa, è", "causa, é"), _CAUSE_LABEL,
         0.65, 0.65,
         "sentence"),
    # an effect and its cause, joined by hence: an insight (`which-is-why` in English)
    _row("hence", "insight",
         ("d'où", "отсюда", "per questo", "por eso", "por isso", "deshalb", "daher", "dadurch",
          "deswegen", "ecco perché", "pour ça que", "pour cela que", "вот почему", "вот куда",
          "вот откуда", "вот из-за"),
         _HENCE, 0.5, 0.5, "sentence"),
    # what fails, and because of what: an insight (`happens-because` in English)
    _row("fails-because", "insight", _FAILS_KEYS, _FAILS_BECAUSE, 0.5, 0.5, "sentence"),
    # what happens only when…: an insight (`only-when` in English)
    _row("only-when-any", "insight",
         ("só aparece", "só acontece", "só falha", "solo aparece", "solo pasa", "solo falla",
          "sólo", "seulement quand", "que quand", "solo quando", "nur wenn", "nur dann",
          "только когда", "только если", "только при", "только, когда", "只有在", "だけ発生",
          "だけ起き", "だけ再現", "にのみ", "때만", "경우에만"),
         r"\b(?:só|solo|sólo) (?:aparece|acontece|falha|quebra|pasa|ocurre|falla|sale) (?:quando"
         r"|cuando)\b|\b(?:n'(?:apparaît|arrive|échoue|plante) que|(?:apparaît|arrive|échoue"
         r"|plante) seulement) (?:quand|si|lorsque)\b|\b(?:succede|fallisce|capita|appare) solo"
         r" (?:quando|se)\b|\b(?:tritt|passiert|schlägt|kracht) (?:\w+ )?nur (?:auf|fehl)?,? wenn\b"
         r"|\bcompare solo (?:quando|se)\b"
         r"|只有在[^。！？]{1,40}(?:时|時|的时候|的時候)才(?:会|會)?(?:出现|出現|发生|發生|复现|復現"
         r"|报错|報錯)|(?:時|とき|場合)(?:だけ|にのみ)(?:発生|起き|再現)"
         r"|(?:때|경우)(?:에)?만 (?:발생|나타)"
         r"|(?<!\w)(?:падает|ломается|происходит|воспроизводится|проявляется|возникает) только"
         r",? (?:когда|если|при)(?!\w)",
         0.5, 0.5, "sentence"),
    # work a person puts off (`rayon on verra plus tard, c'est pas urgent`): a todo of theirs
    _row("put-off", "todo", _PUT_OFF_KEYS, _PUT_OFF, 0.5, None, "sentence"),
    # what a person has not decided: a question of theirs
    _row("undecided-any", "question", _UNDECIDED_KEYS, _UNDECIDED, 0.55, None, "sentence"),
    # the agent's, what its report leaves undecided (`En sak som inte är bestämd: notisen`)
    _row("undecided-left", "question", _UNDECIDED_KEYS, _UNDECIDED, None, 0.5, "sentence",
         scope="open"),
    # what not to forget, a person's: a todo (`remember-to` in English)
    _row("remember-to-any", "todo", _REMEMBER_KEYS, _REMEMBER, 0.6, None),
    # what a person wonders about: a question of theirs (`wonder-whether` in English)
    _row("wonder-any", "question",
         ("me demande", "frage mich", "me pregunto", "mi chiedo", "me pergunto", "será que",
          "интересно", "vraag me af", "zastanawiam się", "na dúvida", "la duda", "хз",
          "не знаю", "сомневаюсь"), _WONDER, 0.55, None),
    # the agent's choice of one thing over another, with why: a decision
    _row("instead-because", "decision", _INSTEAD_KEYS,
         rf"(?:{_INSTEAD})(?=[^.?!]*(?:\b(?:because|since|so that|weil|da|parce que|car|porque"
         r"|perché|poiché|otherwise|sinon|sonst|altrimenti|senão|de lo contrario)\b|,\s+so\b"
         r"|(?<!\w)(?:потому что|иначе)(?!\w)|때문))", None, 0.5, "sentence"),
    _row("chose-instead", "decision", (*_INSTEAD_KEYS, "framför"), _CHOSE_INSTEAD, None, 0.5,
         "sentence"),
    # so I use…: what the agent does because of what it just said
    _row("therefore-i", "decision", _THEREFORE_KEYS, _THEREFORE_I, None, 0.5, "sentence"),
    # a person's way of doing a thing, set against another (`serialize sorted by texture GUID,
    # not by pointer`, `nightly, not per-PR`, `Parent, kein Link`, `nur für die Rolle reporting,
    # nicht global`): a choice; not a state set against another (`the bug is in X, not Y`)
    _row("this-not-that", "decision",
         (", not ", ", nicht ", ", kein", ", pas ", ", non ", ", no ", ", não ", ", а не ",
          ", a nie ", ", niet ", ", inte "),
         # (said of the clause it opens, or of the clause set against: `that's Priya's call, not
         # mine`)
         rf"^(?![^,.?!]*{_COPULA}|[^.?!]*{_COPULA}[^,.?!]*,\s*(?:not|nicht|pas|non|no|não)\b)"
         # nor a request for this once (`Use the staging DB, not prod, for this run please`)
         r"(?![^.?!]*\b(?:please|bitte|por favor|s'il te plaît|per favore|this (?:test )?run"
         r"|this time)\b|[^.?!]*(?<!\w)пожалуйста(?!\w))(?=[^.?!]{3,80}?,\s*(?:"
         r"not (?!(?:yet|sure|now|really|only|just|too|so|that|very|always|necessarily|quite"
         r"|exactly|even|much|bad|great|a single|one)\b)|(?:nicht|kein\w*) (?!(?:mehr|so|ganz"
         r"|nur|sicher|wirklich|schlecht|schlimm|einzig\w*|ahnung|idee|problem|zeit)\b)"
         r"|(?:pas|non) (?:le|la|les|un|une|du|des|en|par|sur|dans) "
         r"|no (?:el|la|los|las|un|una|en|por|con) |non (?:il|lo|gli|un|una|per|in|con|da) "
         r"|não (?:o|os|as|um|uma|em|por|com|no|na) |а не |a nie "
         r"|niet (?!(?:meer|zo|echt|alleen)\b)|inte (?!(?:längre|så|bara)\b))\w)",
         0.5, None, "sentence"),
    # a person's order not to, with why (`bitte nicht anfassen – die bleibt auf pandas, weil…`)
    _row("not-because", "decision", _DONT_KEYS, _DONT_BECAUSE, 0.6, None, "sentence"),
    _row("use-unwanted", "decision", _UNWANTED_KEYS, _USE_UNWANTED, 0.65, None, "sentence"),
    _row("only-never", "decision", _NEVER_WORDS, _ONLY_NEVER, 0.6, None, "sentence"),
    # what is not known yet: a person's anywhere; an agent's only in its closing report
    _row("unclear-whether", "question", _UNCLEAR_KEYS, _UNCLEAR_WHETHER, 0.6, None, "sentence"),
    _row("unclear-whether-at-the-end", "question", _UNCLEAR_KEYS, _UNCLEAR_WHETHER, None, 0.6,
         "sentence", scope="open"),
    # a claim opened by how likely it is (`Vermutlich ist der Pool unter Last erschöpft.`)
    _row("likely-opener", "hypothesis", _LIKELY_WORDS, _LIKELY_OPENER, 0.45, 0.45),
    # what the speaker says stays open (`Unklar ist noch, ob…`, `Queda en el aire cómo…`)
    _row("left-open", "question",
         ("unklar ist noch", "offen ist noch", "queda en el aire", "queda abierto",
          "reste à savoir", "fica em aberto", "остаётся открытым", "não está claro",
          "непонятно"),
         r"^(?:unklar|offen) ist noch,? (?=ob|wie|wer|wann|was|welche)"
         r"|^ainda não está claro\s+|^пока непонятно,?\s+"
         r"|^queda (?:en el aire|abierto)\s+|^reste à savoir\s+|^fica em aberto\s+"
         r"|(?<!\w)остаётся открытым(?!\w)",
         0.6, 0.6, "sentence"),
    # what the speaker could not answer, labelled (`Eine Sache kann ich nicht beantworten: ob…`)
    _row("unanswered-label", "question",
         ("nicht beantworten", "não consegui", "нет ответа", "n'arrive pas à", "don't know",
          "do not know", "can't decide", "cannot decide", "can't answer", "unsure about",
          "not sure about", "still open", "nicht weiß", "ne sais pas", "no sé", "non so",
          "não sei", "nie wiem", "не знаю", "не могу ответить", "weet ik niet", "vet inte"),
         r"\beine sache kann ich nicht beantworten\s*:\s*"
         r"|\b(?:un point|une chose) que je n'arrive pas à (?:éclaircir|trancher|expliquer)\s*:\s*"
         r"|\buma coisa que não consegui (?:descobrir|responder)\s*:\s*"
         r"|(?<!\w)вопрос,? на который у меня нет ответа\s*:\s*"
         # a thing or two the speaker does not know or cannot settle, labelled (`One thing I
         # can't decide for you: …`, `Duas coisas que eu não sei e que mudam o plano: …`)
         r"|^(?:(?:and |also |one more |one |two |a |the )?(?:thing|things|question|point)s? "
         r"(?:I |we )?(?:don't know|do not know|can't (?:decide|answer|tell)|cannot (?:decide"
         r"|answer|tell)|(?:I'm|am) (?:unsure|not sure) about|(?:is |are )?still open)"
         r"|(?:eine sache|eins|zwei dinge),? (?:die|das) ich nicht weiß|(?:une chose|deux choses)"
         r" que je ne sais pas|(?:una cosa|dos cosas) que no sé|(?:una cosa|due cose) che non so"
         r"|(?:uma coisa|duas coisas) que (?:eu )?não sei|jednej rzeczy nie wiem|есть вопрос,? на"
         r" который я не могу ответить[^:]{0,20}|één ding weet ik niet|en sak vet jag inte)"
         r"[^:?]{0,40}:\s*(?=\S)",
         0.6, 0.6),
    # what the speaker understood or measured, labelled (`Ce que j'ai compris du connecteur :`,
    # `Mesuré sur la préprod :`, `La fuite de pods s'explique :`)
    _row("understood-label", "insight",
         ("j'ai compris", "verstanden habe", "lo que entendí", "o que eu entendi", "mesuré",
          "gemessen", "medido", "medi ", "medí", "misurato", "measured", "замерил", "измерил",
          "s'explique", "erklärt sich", "se explica", "se explicam", "объясняется"),
         r"^(?:ce que j'ai compris|was ich verstanden habe|lo que entendí|o que eu entendi)"
         r"(?: [^:]{1,40})?\s*:\s*"
         r"|^(?:(?:I )?measured|(?:j'ai )?mesuré|(?:hab(?:e)? )?(?:nach)?gemessen|medido|medí|medi"
         r"|(?:ho )?misurato|(?:я )?(?:за|из)мерил[аи]?)(?!\w)[^:]{0,40}:\s*"
         r"|\b(?:s'explique|erklärt sich|se explica(?:m)?|объясняется)\s*:\s*",
         0.55, 0.55),
    # what remains to be done (`Il reste à nettoyer les images`, `Queda por…`, `Resta ainda…`,
    # `Не дошли руки до…`)
    _row("remains-to-do", "todo",
         ("il reste", "queda por", "quedan por", "resta ainda", "restam ainda", "ainda falta",
          "не дошли руки", "руки не дошли"),
         r"^il reste (?:encore )?à\s+|^(?:todavía |aún )?queda(?:n)? por\s+"
         r"|^resta(?:m)? ainda\s+|^ainda falta(?:m)?\s+"
         r"|(?<!\w)(?:не дошли руки|руки не дошли) до(?!\w)",
         0.6, 0.5, "sentence"),
    # what the closing report says now works another way, and why (`Fee splitting now rounds
    # half-up, like Stripe`, `La sortie passe maintenant par un BufWriter pour…`): a choice made
    _row("now-with-why", "decision",
         (" now ", "jetzt", " nun ", "maintenant", "ahora", "agora", "теперь"),
         # the first letter of the word first: the look-behinds are then tried only there
         r"(?=[njmaт])(?<!I'll )(?<!I will )(?<!we'll )(?<!let me )"
         r"(?:\bnow\b|\bjetzt\b|\bnun\b|\bmaintenant\b|\bahora\b|\bagora\b|(?<!\w)теперь(?!\w))"
         # not a status (`tests now pass`, `it now works`, `is now green`)
         r"(?!\s+(?:\w+\s+)?(?:pass(?:es|ed|ing)?|works?|working|green|runs?|running|fixed"
         r"|compiles?|builds?|succeeds?|looks?)\b)"
         r"(?=[^.!?]{3,200}?(?:\b(?:like|so that|so the|because|since|instead of|rather than"
         r"|to avoid|wie|damit|weil|statt|comme|pour que|parce que|au lieu|como|para que|porque"
         r"|en vez de|em vez de|invece di)\b|(?<!\w)(?:чтобы|вместо|потому что)(?!\w)))",
         None, 0.5, "sentence", scope="end"),
    # one option taken (`J'ai tranché pour uuid v7`, `me quedo con Unleash`, `Ich nehm Redis`)
    _row("picked", "decision",
         ("tranché", "me quedo con", "he optado por", "ich nehm", "fico com", "vou de",
          "я бы взял", "я бы выбрал", "eu iria", "eu usaria", "yo iría",
          "yo usaría", "partirais", "j'irais"),
         r"^(?:j'ai|on a) tranché pour\s+|\bme quedo con\s+|\bhe optado por\s+"
         r"|^ich nehm(?:e)? (?!(?:an|mal|das mal|mir)\b)(?=\S)|\bfico com\s+"
         r"|(?:^|,\s*)vou de\s+"
         # what the speaker would take (`Я бы взял Dagster`, `eu iria de Prisma`)
         r"|^(?:я бы (?:взял[аи]?|выбрал[аи]?)|eu (?:iria de|usaria)|yo (?:iría con|usaría)"
         r"|je partirais sur|j'irais sur)\s+",
         0.7, 0.55, "sentence"),
    # what a thing matters for, what the team does now
    _row("why-it-matters", "insight", _WHY_IT_MATTERS_KEYS, _WHY_IT_MATTERS, 0.55, 0.55),
    _row("we-do-now", "decision", _WE_DO_NOW_KEYS, _WE_DO_NOW, 0.65, None, "sentence"),
    # work put into a task of its own (`…as a separate ticket`, `в отдельную задачу: …`)
    _row("separate-task", "todo", _SEPARATE_TASK_KEYS, _SEPARATE_TASK, 0.6, 0.5),
    # what the person leaves open, in one sentence (`…, оставим открытым`)
    _row("leave-it-open", "question", _LEAVE_OPEN_KEYS, _LEAVE_OPEN, 0.6, None, "sentence"),
    # what was preferred over what (`Preferi o modo reschedule a pedir mais slots`)
    _row("preferred-over", "decision", _PREFERRED_KEYS, _PREFERRED_OVER, 0.7, 0.55, "sentence"),
    # what was ruled out, then what is done instead: titled by what is done
    _row("ruled-out-first", "decision", _INSTEAD_KEYS, _RULED_OUT_FIRST, 0.7, 0.55, "after"),
    # a thing ruled out, and what will do instead (`No Kafka, a plain Postgres queue is enough`,
    # `Kein Kafka, eine Postgres-Queue reicht`, `Drop the Redis cache, Postgres is fast enough`)
    _row("none-of-it-then", "decision",
         ("no ", "kein", "pas de", "niente", "nessun", "никак", "geen", "ingen", "inget",
          "żadn", "hiç", "sem ", "без ", "bez ", "drop ", "scrap ", "remove ", "kill "),
         rf"^{_AND_THEN}?(?:(?:no|kein(?:e|en)?|pas d[e']|niente|nessun[oa]?"
         r"|никак(?:ой|ого|ая|ие|их)|geen|ingen|inget|żadn\w+|hiç|sem|без|bez)\s+"
         rf"(?!{_NOT_RULED_OUT})"
         r"|(?:drop|scrap|remove|kill)\s+)[^,.?!]{1,30},\s+(?=[^.?!]*(?:\b(?:enough|suffices"
         r"|will do|instead|reicht|genügt|stattdessen|suffit|à la place|basta|bastano|invece"
         r"|genoeg|volstaat|räcker|istället|wystarczy|zamiast|yeter|yerine"
         # or what is done in its place, plainly (`No ORM, raw SQL via sqlc`, `no backfill, new
         # rows only`, `Kein ORM, reines SQL`, `Без ORM, чистый SQL`)
         r"|only|just|plain|raw|pure|nur|reines?|juste|seulement|solo|puro|pura|só|apenas"
         r"|gewoon|alleen|bara|enbart|czysty|czyste|tylko|zwykły|düz|sadece)\b"
         r"|(?<!\w)(?:хватит|достаточно|вместо|только|просто|чист\w*|лише|тільки)(?!\w)))",
         0.6, None, "sentence"),
    # the person sets a value (`cap it at 250ms`, `set Xmx to 80% of task.memory`, `Begrenze die
    # Wiederholungen auf 3`): a choice made, not work to be done
    _row("sets-a-value", "decision", _SETS_KEYS, _SETS_A_VALUE, 0.7, None, "sentence"),
    # why, said as what was found (`What's happening: …`, `Дело в том, что…`)
    _row("why-said", "insight", _WHY_SAID_KEYS, _WHY_SAID, 0.55, 0.55),
    # what the person would rather have (`Dann lieber Redis`, `Va pour Redis`)
    _row("rather-this", "decision", _RATHER_KEYS, _RATHER, 0.65, None, "sentence"),
    # what the person says can go, and why (`A logs_whatsapp pode dropar, ninguém usa…`)
    _row("can-go", "decision", _CAN_GO_KEYS, _CAN_GO, 0.65, None, "sentence"),
    # the person settles what stays or goes back (`keep the old parser for now`, `flip that
    # one back to error`): a choice after a diagnosis
    _row("as-it-is", "decision", _AS_IT_IS_KEYS, _LEAVE_IT, 0.7, None, "sentence"),
    # what a closing report says is still missing (`Dead-lettering is still missing`, `Die
    # Doku fehlt noch`): work left
    _row("still-missing", "todo", _MISSING_KEYS, _STILL_MISSING, None, 0.45, "sentence",
         scope="open"),
    # why something happened, which a closing report says it cannot explain: a question left
    # open, titled from its `why` (`I still can't explain why the scheduler never released…`)
    _row("cant-explain-why", "question", _CANT_EXPLAIN_KEYS, _CANT_EXPLAIN, None, 0.55,
         scope="open"),
    # the plan a person lays down for the team (`here's what we'll do on our side: judge runs 3
    # times…`): a choice made, what follows its colon (an agent's `Plan:` is its work plan)
    _row("our-plan", "decision", _PLAN_KEYS, _OUR_PLAN, 0.7, None),
    # work a person puts off to some day (`algún día habría que quitar jquery`, `um dia a gente
    # tem que documentar…`): a todo, titled by the work
    _row("some-day", "todo", _SOME_DAY_KEYS, _SOME_DAY, 0.6, None),
    # what the person keeps, beyond English (`garde le DHCP mais…`)
    _row("keep-it-any", "decision", _KEEP_IT_KEYS, _KEEP_IT, 0.65, None, "sentence"),
    # what would really help (`Ce qui aiderait vraiment : la reprise de session TLS…`)
    _row("would-help", "todo", _WOULD_HELP_KEYS, _WOULD_HELP, None, 0.5, scope="open"),
    # work worth doing next, and what a thing still lacks (`It would be good to add…`)
    _row("would-be-good", "todo", _WOULD_BE_GOOD_KEYS, _WOULD_BE_GOOD, 0.55, 0.5, scope="open"),
    _row("still-lacks", "todo", _STILL_LACKS_KEYS, _STILL_LACKS, 0.55, 0.5, "sentence",
         scope="open"),
    # work a finding leaves, said after it (`…, so we need to migrate them too`)
    _row("so-we-must", "todo", _SO_WE_MUST_KEYS, _SO_WE_MUST, None, 0.5, "sentence",
         scope="open"),
    # the agent's, only where it is left (`Longer term the PDF generation should go to…`)
    _row("some-day-left", "todo", _SOME_DAY_KEYS, _SOME_DAY, None, 0.5, scope="open"),
    # what the speaker does not know (`Lo que no sé… es si…`): a question, from its `whether`
    # on; a person's anywhere, an agent's only in its closing report
    _row("what-is-not-known", "question", _UNCLEAR_KEYS, _WHAT_IS_NOT_KNOWN, 0.6, None),
    _row("what-is-not-known-at-the-end", "question", _UNCLEAR_KEYS, _WHAT_IS_NOT_KNOWN, None, 0.6,
         scope="open"),
    # the fix the agent goes with, under its label (`Correzione: rendo il processor
    # @StepScope…`, `Correção que vou implementar: …`) or after `to fix it,` (`Pour corriger,
    # je découpe le handler…`): a decision of its own
    _row("fix-label", "decision",
         (*label_keys(*_FIX_LABELS), "correção que", "correction que", "corrección que"),
         rf"^[*_]*(?:{_FIX_LABEL})(?: [^\W\d]+){{0,3}}[*_]*\s*:[*_]*\s*(?!\s|{_REPORTED})",
         None, 0.55),
    # work the agent says is not done yet, and puts off
    _row("not-yet-later", "todo",
         ("yet", "still missing", "noch nicht", "fehlt noch", "pas encore", "manque encore",
          "aún no", "todavía no", "no está", "no están", "falta", "ancora", "ainda não",
          "ainda falta", "ещё не", "еще не", "пока не"),
         _NOT_YET_BUT_LATER, None, 0.5, "sentence"),
    # what the agent does because of what it says first (`Since the bundle is 3.1 MB, I'll split
    # the admin routes…`, `Como o bundle tá em 3,1 MB, vou quebrar…`): a decision of its own
    _row("since-i-will", "decision",
         # keyed by what follows the comma: `since`, `como`, `da` alone are in most paragraphs
         (", i'll ", ", i will ", ", we'll ", ", we will ", ", i'm going to ", ", je ", ", j'",
          ", on ", ", voy a ", ", vado a ", ", vou ", " ich ", " wir ", "так как", "поскольку",
          "раз "),
         r"^(?:since|as|because|given that)\s[^.?!]{5,100}?,\s+(?:I(?:'ll| will| am going to"
         r"|'m going to)|we(?:'ll| will))\s+(?!(?:need|have|be|try|see|check|look|stop|wait"
         # the agent's own way of working, not a choice of the project's
         r"|continue|start|proceed|go ahead|do (?:that|this|it)|first|begin|decompose|break"
         r"|run|read|search|explore|investigate|examine|review|analy[sz]e|plan|launch|spawn"
         r"|delegate|go through|dig|focus)\b)"
         r"|^da\s[^.?!]{5,100}?,\s+(?=(?:\w+e|\w+en) (?:ich|wir)\b)"
         r"|^(?:comme|vu que|puisque)\s[^.?!]{5,100}?,\s+(?:je|j'|on)\s*"
         r"|^(?:como|ya que|dado que)\s[^.?!]{5,100}?,\s+(?:voy a\s+)?"
         r"(?=\w+(?:o|amos|é|aré|eré|iré)\b)"
         r"|^(?:visto che|siccome|dato che)\s[^.?!]{5,100}?,\s+(?:vado a\s+)?"
         r"(?=\w+(?:o|iamo)\b)"
         r"|^(?:como|já que)\s[^.?!]{5,100}?,\s+vou\s+"
         r"|^(?:раз|так как|поскольку)\s[^.?!]{5,100}?,\s+(?=\w+(?:ю|у)(?!\w))",
         None, 0.45),
    # why a thing happened, under a label that asks or names it (`**Why it times out**: the
    # checkpoint is aligned…`, `**倾斜来源**: …`): what follows the colon
    _row("why-label", "insight",
         ("why it ", "why it'", "root cause", "warum", "ursache", "pourquoi",
          "por qué", "perché", "почему", "причина", "为什么", "原因", "来源", "なぜ", "理由", "왜",
          "원인"),
         r"^(?:why it|(?:the )?root cause|warum|ursache|pourquoi|por qué|perché|почему|причина)"
         r"\b[^:.!?\n]{0,40}:\s+(?=\S)"
         r"|^[^:.!?\n]{0,12}(?:为什么|原因|来源|なぜ|理由|왜|원인)[^:.!?\n]{0,12}:\s*(?=\S)",
         None, 0.5),
    # work a person has the agent write down (`Schreib bitte noch in die TODO.md, dass wir die
    # Alerts anpassen müssen`): a todo, what follows its `that`
    _row("write-it-down", "todo",
         ("todo", "to-do", "backlog", "board", "bord", "tablero", "tableau", "quadro", "бэклог",
          "доск", "the list", "die liste", "la liste", "la lista", "a lista", "de lijst",
          "список"),
         rf"^(?:(?:ok|okay|also|and|und|et|y|e|и|en)[,.]?\s+)?(?:(?:please|pls|bitte|noch|mal"
         rf"|por favor|per favore|s'il te plaît|пожалуйста|even)\s+)*(?:{_WRITE_IT})\s+"
         rf"(?:(?:it|this|bitte|noch|mal|por favor|per favore|пожалуйста)\s+)*"
         r"(?:to|in|into|on|in die|in der|im|ins|in den|auf die|aufs|zur|dans|sur|au|en|a|al|nel"
         r"|nella|sul|alla|no|na|em|в|на|op|in het|op het)\s+(?:the |our |die |der |das |den "
         r"|unsere |le |la |notre |el |nuestro |il |o |a |het |de )?"
         rf"(?:{_TODO_PLACE})\S*(?:\s+(?:list|file|liste|lista|lijst))?,?\s+"
         rf"(?:that|dass|qu'|que|che|что|dat)\s*(?:{_OBLIGED})?",
         0.6, None),
    # a guess the speaker would bet on (`würde ich wetten, dass…`, `je parierais que…`)
    _row("would-bet", "hypothesis",
         ("wette", "wetten", "parie", "parierais", "apuesto", "apostaría", "scommetto",
          "scommetterei", "aposto", "apostaria", "поспорить", "спорим", "ставлю на", "ik wed",
          "obstawiam"),
         r"\b(?:ich wette|würde ich wetten),? dass\s+|\bje (?:parie|parierais) (?:que|sur)\s+"
         r"|\bobstawiam,? (?:że\s+)?"
         r"|\b(?:apuesto|apostaría) (?:a )?que\s+|\bscommett(?:o|erei) che\s+"
         r"|\b(?:aposto|apostaria) que\s+|(?<!\w)(?:готов поспорить|спорим|ставлю на то),? что\s+"
         r"|\bik wed (?:erop )?dat\s+", 0.5, 0.5),
    _row("to-fix-it", "decision",
         ("to fix it,", "to fix this,", "to fix that,", "um das zu beheben,", "um es zu beheben,",
          "zur behebung,", "pour corriger,", "pour corriger ça,", "pour corriger cela,",
          "pour corriger le problème,", "pour réparer", "para corregir", "para arreglar",
          "para solucionar", "per correggere", "per risolvere", "para corrigir", "para resolver",
          "чтобы исправить", "чтобы это исправить", "om dit op te lossen,", "aby to naprawić,"),
         r"^(?:to fix (?:it|this|that)|um (?:das|es) zu beheben|zur behebung"
         r"|pour (?:corriger|réparer)(?: (?:ça|cela|le problème))?"
         r"|para (?:corregir|arreglar|solucionar)(?:lo)?"
         r"|per (?:correggere|risolvere)(?: il problema)?|para (?:corrigir|resolver)(?: isso)?"
         r"|чтобы (?:это )?исправить|om dit op te lossen|aby to naprawić),\s+(?=\S)", None, 0.55),
    # what to do differently another time (`Next time, check the logs before restarting`,
    # `Nächstes Mal sollten wir zuerst…`): a lesson, however it is worded after
    _row("next-time", "takeaway",
         ("next time", "nächstes mal", "nächsten mal", "la prochaine fois", "la próxima vez",
          "la prossima volta", "próxima vez", "в следующий раз", "volgende keer",
          "następnym razem", "nästa gång", "下次", "次回は", "次からは", "à l'avenir",
          "in the future", "in future"),
         r"^(?:(?:so|and|also|und|et|y|e|и|en),?\s+)?(?:next time|(?:beim )?nächste(?:n|s)? mal"
         r"|la prochaine fois|la próxima vez|la prossima volta|(?:da|na) próxima vez"
         r"|в следующий раз|volgende keer|następnym razem|nästa gång)"
         r"(?:,\s+|\s+(?=(?:I'd|I would|I'll|I should|we should|we'll|let's|sollten|sollte|würde"
         r"|werde|werden|müssen|prüfe|prüfen|zuerst|erst|lieber|besser|gleich|direkt|vorher"
         r"|il faudra|hay que|conviene|bisogna|devemos|vale"
         r"|нужно|надо|стоит|сначала|лучше|сразу|moeten|trzeba|ska)\b))(?=\S)"
         # what we do then, said with our verb (`nächstes mal pinnen wir…`, `la próxima vez
         # revisamos…`), and what we do in future (`à l'avenir on met des timeouts…`)
         r"|^(?:(?:beim )?nächste(?:n|s)? mal|das nächste mal) \w+en wir\b"
         r"|^la próxima vez \w+(?:amos|emos|imos)\b|^la prossima volta \w+(?:iamo)\b"
         r"|^(?:da|na) próxima vez,? (?:\w+(?:amos|emos|imos)|a gente)\b"
         r"|^(?:à l'avenir|dorénavant),? (?=on |nous )|^in (?:the )?future,? (?=we |let's )"
         # without spaces: what to do first, or not again (`下次重启前先看日志`)
         r"|^下次(?=[^。！？]*(?:先|要|记得|記得|别|別|不要|一定|务必|務必))"
         r"|^(?:次回|次から)は(?=[^。]*(?:こと|べき|ましょう|ように|しない))",
         0.55, 0.5, "sentence"),
    # a fault that was the cause from the start (`It was the DNS TTL all along`, `Es lag die
    # ganze Zeit an…`, `C'était le TTL DNS depuis le début`)
    _row("all-along", "insight",
         ("all along", "die ganze zeit", "depuis le début", "desde el principio",
          "desde el inicio", "todo el tiempo", "dall'inizio", "per tutto il tempo",
          "desde o início", "desde o começo", "o tempo todo", "с самого начала", "всё это время",
          "все это время"),
         r"^(?:so,? )?(?:it|this|that|the \S+(?: \S+){0,3}) (?:was|were|had been|has been)\b"
         r"(?=[^?]* all along[.!]*$)"
         r"|^(?:(?:en fait|donc),? )?c'était\b(?=[^?]* depuis le début[.!]*$)"
         r"|^(?:(?:al final|o sea),? )?era\b(?=[^?]* (?:desde el (?:principio|inicio)"
         r"|todo el tiempo|(?:fin|sin) dall'inizio|per tutto il tempo|desde o (?:início|começo)"
         r"|o tempo todo)[.!]*$)"
         r"|^(?:(?:так что|в итоге),? )?(?:это |дело )?(?:был[аио]?|было в)\b"
         r"(?=[^?]* (?:с самого начала|вс[её] это время)[.!]*$)", 0.55, 0.55, "sentence"),
    # why it happens, said of `this` (`Ça arrive parce que…`, `Esto pasa porque…`)
    _row("happens-because-elsewhere", "insight",
         ("arrive parce", "produit parce", "pasa porque", "ocurre porque", "succede perché",
          "capita perché", "acontece porque", "происходит, потому", "происходит потому",
          "случается, потому"),
         r"^(?:ça|cela|ceci|esto|eso|questo|ciò|isso|isto|это|так)"
         r" (?:arrive|se produit|pasa|ocurre|succede|capita|acontece|происходит|случается),?"
         r" (?:parce que|parce qu'|porque|perché|потому что)\s", 0.55, 0.55, "sentence"),
    # what the agent kept, and why (`J'ai gardé l'ancien endpoint pour la compatibilité`)
    _row("kept-for-a-reason", "decision",
         ("gardé", "conservé", "mantuve", "mantuvimos", "conservé", "ho tenuto", "ho mantenuto",
          "abbiamo tenuto", "mantive", "mantivemos", "оставил", "оставила", "оставили",
          "сохранил", "保留了", "留着", "留著", "残しました", "維持しました", "남겨 두었",
          "남겨두었", "유지했"),
         r"^(?:j'ai|nous avons|on a) (?:gardé|conservé)|^(?:mantuve|mantuvimos|conservé)"
         r"|^(?:ho|abbiamo) (?:tenuto|mantenuto)|^(?:eu )?(?:mantive|mantivemos)"
         r"|^(?:я )?(?:оставил[аи]?|сохранил[аи]?)"
         r"(?=[^.?!]*(?:\b(?:parce que|parce qu'|porque|perché|pour (?:la )?compatibilité"
         r"|por compatibilidad|per (?:la )?compatibilità|por compatibilidade|pour (?:éviter|garder"
         r"|limiter)|para (?:evitar|mantener|manter|limitar)|per (?:evitare|mantenere))\b"
         r"|(?<!\w)(?:потому что|для совместимости|чтобы)(?!\w)))"
         # the reason first (`为了兼容，我保留了旧的接口`, `互換性のために…残しました`)
         r"|^(?:为了|為了)[^，,。]{1,20}[，,]\s*(?:我|我们|我們)?(?:保留|留着|留著)"
         r"|(?:のため|ために)[^。]{0,40}(?:残しました|維持しました)"
         r"|(?:위해|때문에)[^.]{0,40}(?:남겨\s?두었|유지했)", None, 0.5, "sentence"),
    # not moving to what was weighed (`On ne migre pas vers arq`, `No migramos a arq`)
    _row("not-moving", "decision",
         ("ne migre pas", "ne passe pas", "ne bascule pas", "no migramos", "no pasamos",
          "no cambiamos", "non migriamo", "non passiamo", "não migramos", "não vamos migrar",
          "não mudamos", "не переезжаем", "не переходим", "не мигрируем"),
         r"^(?:(?:ok|bon|alors|bueno|vale|entonces|allora|então|ладно|тогда),?\s+)*"
         r"(?:on ne (?:migre|passe|bascule) pas (?:vers|à|sur)"
         r"|no (?:migramos|pasamos|cambiamos) a|non (?:migriamo|passiamo) ad?"
         r"|não (?:migramos|vamos migrar|mudamos) para|не (?:переезжаем|переходим|мигрируем) на)"
         r"\s", 0.7, None, "sentence"),
    # what is given up for good (`Quitamos el export XML por completo`)
    _row("dropped-for-good", "decision",
         ("quitamos", "eliminamos", "togliamo", "eliminiamo", "tiramos", "removemos",
          "убираем", "выкидываем"),
         r"^(?:(?:bueno|vale|entonces|allora|então|ладно|тогда),?\s+)*"
         r"(?:quitamos|eliminamos|togliamo|eliminiamo|tiramos|removemos|убираем|выкидываем)\b"
         r"(?=[^.?!]*(?:\b(?:por completo|del todo|del tutto|completamente|de vez)\b"
         r"|(?<!\w)(?:полностью|совсем)(?!\w)))", 0.7, None, "sentence"),
    # found, under its label (`Gefunden: …`, `Encontrado: …`)
    _row("found-label", "insight",
         ("gefunden", "encontrado", "lo encontré", "trovato", "encontrei", "achei", "нашёл",
          "нашел", "нашла", "找到了", "找到原因", "見つけました", "見つかりました", "찾았습니다",
          "찾았어요"),
         r"^(?:gefunden|(?:ich )?hab'?s gefunden|(?:ich )?habe es gefunden|encontrado"
         r"|lo encontré|trovato|l'ho trovato|encontrei|achei|нашёл|нашел|нашла"
         r"|找到了|找到原因了|見つけました|見つかりました|찾았습니다|찾았어요)"
         r"\s*[:—–-]\s*(?=\S)", 0.6, 0.6),
    # what the agent could not settle, under its label (`Was ich nicht klären konnte: ob…`)
    _row("could-not-settle", "question",
         ("nicht klären", "nicht herausfinden", "nicht feststellen", "nicht verifizieren",
          "nicht beantworten", "nicht prüfen", "pas pu", "ne peux pas", "no pude", "no puedo",
          "non sono riuscit", "non posso", "não consegui", "não consigo", "não posso", "не смог",
          "не удалось", "не могу", "没能", "沒能", "确认的", "確認的", "確認できなかった",
          "확인하지 못한", "확인 못 한"),
         # could not, or cannot from here (`Was ich von hier aus nicht beantworten kann: ob…`)
         r"^[*_]*(?:(?:was|eine sache,? die|etwas,? das) ich (?:von hier aus )?(?:noch )?nicht"
         r" (?:klären|herausfinden|feststellen|verifizieren|beantworten|prüfen) (?:konnte|kann)"
         r"|ce que je (?:n'ai pas pu|ne peux pas) (?:déterminer|vérifier|établir|savoir"
         r"|confirmer|dire)(?: d'ici)?"
         r"|lo que no (?:pude|puedo) (?:determinar|averiguar|comprobar|confirmar|responder"
         r"|saber)(?: desde aquí)?"
         r"|quello che non (?:sono riuscit[oa] a|posso) (?:capire|verificare|determinare"
         r"|stabilire|dire|sapere)(?: da qui)?"
         r"|o que (?:eu )?não (?:consegui|consigo|posso) (?:determinar|descobrir|confirmar"
         r"|verificar|responder|saber)(?: daqui)?"
         r"|что (?:я )?не (?:смог|смогла|удалось|могу) (?:выяснить|проверить|определить"
         r"|установить|сказать)(?: отсюда)?"
         r"|(?:我)?(?:没能|沒能|还没|還沒)(?:确认|確認|查清|弄清|确定|確定)的(?:是|问题|問題)?"
         r"|確認できなかった(?:こと|点)|확인(?:하지)? 못한 (?:것|점|부분))"
         r"[*_]*\s*:[*_]*\s*(?=\S)", None, 0.6),
    # work someone has to do (`Jemand sollte ein Runbook schreiben`, `Alguien debería…`)
    _row("someone-should", "todo",
         ("jemand sollte", "jemand muss", "jemand müsste", "jemand mit", "jemand aus",
          "jemand vom", "quelqu'un devr", "quelqu'un doit", "quelqu'un de", "quelqu'un avec",
          "alguien debe", "alguien tiene que", "alguien de", "alguien con", "qualcuno dov",
          "qualcuno deve", "qualcuno del", "qualcuno con", "alguém dev", "alguém precisa",
          "alguém tem que", "alguém do", "alguém com", "кто-то должен", "кто-то из", "кто-то с",
          "кому-то нужно", "кому-то надо", "кому-то из"),
         # (who, when it is said: `Jemand mit Admin-Rechten muss…`)
         r"^(?:jemand(?: [^.?!,]{1,30}?)? (?:sollte|muss|müsste)"
         r"|quelqu'un(?: [^.?!,]{1,30}?)? (?:devrait|doit|devra)"
         r"|alguien(?: [^.?!,]{1,30}?)? (?:debería|debe|tiene que)"
         r"|qualcuno(?: [^.?!,]{1,30}?)? (?:dovrebbe|deve|dovrà)"
         r"|alguém(?: [^.?!,]{1,30}?)? (?:deveria|devia|precisa|tem que)"
         r"|кто-то(?: [^.?!,]{1,30}?)? должен|кому-то(?: [^.?!,]{1,30}?)? (?:нужно|надо))"
         r"\s+(?=\S)", 0.6, 0.5, "sentence"),
    # a guess of what it could be (`Ça pourrait être un décalage d'horloge`, `Podría ser…`)
    _row("could-be-elsewhere", "hypothesis",
         ("pourrait être", "peut-être dû", "podría ser", "quizá sea", "quizás sea",
          "potrebbe essere", "pode ser", "talvez seja", "может быть, это", "возможно, это",
          "это может быть", "возможно, дело", "может быть, дело", "может,"),
         r"^c'est peut-être (?:dûe?s?|liée?s?|à cause) (?:à|aux|au|de|du|des)\s"
         r"|^(?:(?:ça|cela) pourrait être|podría ser"
         r"|quizás? (?:sea|se deba a)|potrebbe essere|pode ser|talvez seja"
         r") (?:un|une|le|la|les|du|de la|el|los|las|il|lo|gli|um|uma|o|a|os|as|dû|due"
         r"|\w+ (?:de|du) )\b"
         r"(?![^.?!]*\b(?:bonne idée|buena idea|buona idea|boa ideia|mieux|mejor|meglio|melhor)\b)"
         # maybe, and because of what (`может, память течёт из-за того, что…`)
         r"|^может(?: быть)?,? (?=[^.?!]*(?<!\w)(?:из-за|потому что|от того)(?!\w))"
         # what it is, not what it does (`Возможно, это усугубляет картину`: a verb)
         r"|^(?:может быть|возможно),? (?:это|дело в)\s+(?!(?:хорош|лучше|стоит|неплох)\w*)"
         r"(?!\w+(?:ет|ит|ют|ят|ут|ат|ёт|ал|ил|ла|ло|ли)(?!\w))(?=\w)",
         0.45, 0.45, "sentence"),
    # a guess felt more than known (`J'ai l'impression que…`, `Ho la sensazione che…`)
    _row("feeling-that", "hypothesis",
         ("l'impression que", "le sentiment que", "la sensación de que", "la sensazione che",
          "l'impressione che", "a sensação de que", "a impressão de que", "ощущение, что",
          "ощущение что"),
         r"\b(?:j'ai (?:l'impression|le sentiment)|(?:me da|tengo) la sensación de"
         r"|ho (?:la sensazione|l'impressione)|tenho a (?:sensação|impressão) de"
         r"|у меня (?:такое )?ощущение,?) (?:que|qu'|che|что)\s*", 0.45, 0.45),
    # the lesson, said as a sentence (`La leçon, c'est que…`, `La lección es que…`)
    _row("lesson-is", "takeaway",
         ("leçon", "lección", "lezione", "lição", "урок"),
         r"^(?:la (?:leçon|lección|lezione)|a lição|урок)(?: (?:ici|aquí|qui|aqui|здесь))?"
         r"(?:,? c'est qu(?:e|')|,? es que| è che| é que| в том,? что)\s*", 0.6, 0.6),
    # what the agent is not sure of, at the end (`Ich bin nicht sicher, ob der Importer…`)
    _row("not-sure-whether-at-the-end", "question",
         ("nicht sicher", "weiß nicht, ob", "weiß nicht ob", "ne sais pas si", "pas sûr",
          "no sé si", "no estoy seguro", "non so se", "non sono sicur", "não sei se",
          "não tenho certeza", "не уверен", "не знаю,"),
         # titled from its `whether` (`Ob der Importer gzip verarbeitet?`)
         r"^(?:ich bin (?:mir )?nicht sicher|ich weiß nicht),? (?=ob\s+\w)"
         r"|^je ne (?:sais pas|suis pas sûre?) (?=si\s+\w)"
         r"|^no (?:sé|estoy segur[oa] de) (?=si\s+\w)"
         r"|^non (?:so|sono sicur[oa]) (?=se\s+\w)|^não (?:sei|tenho certeza) (?=se\s+\w)"
         r"|^(?:я )?не (?:уверен[а]?|знаю),? (?=\w+ ли\b)", None, 0.55, scope="open"),
    # what has the same problem and was left as it is (`same-problem-left` in English)
    _row("same-problem-elsewhere", "todo",
         ("dasselbe problem", "das gleiche problem", "même problème", "mismo problema",
          "stesso problema", "mesmo problema", "та же проблема", "同样的问题", "同樣的問題",
          "一样的问题", "一樣的問題"),
         r"^(?=[^.?!。]*(?:dasselbe|das gleiche|le même|el mismo|lo stesso|o mesmo)"
         r" (?:problem|problème|problema)|[^.?!。]*та же проблема"
         r"|[^.?!。]*(?:同样|同樣|一样|一樣)的(?:问题|問題))"
         r"(?=[^.?!。]*(?:nicht (?:angefasst|angerührt|geändert)|pas touché|no (?:toqué|he tocado)"
         r"|non (?:ho )?toccat|não mexi|не трогал|没动|沒動|没改|沒改))", None, 0.5, "sentence",
         scope="open"),
    # work for after the change is out (`Nach dem Deploy sollte das Backfill noch einmal laufen`)
    _row("once-deployed", "todo",
         ("nach dem", "sobald", "il faudra", "habrá que", "bisognerà", "vai ser preciso",
          "será preciso", "teremos que", "vamos ter que", "нужно будет", "надо будет", "придётся",
          "придется", "上线后", "上线之后", "部署后", "部署之后", "发布后", "合并后"),
         r"\b(?:nach dem |sobald (?:das|der|die|es)\b[^.]{0,30}?)"
         r"(?:deploy|merge|release|rollout)\w*"
         r"\b[^.]{0,60}?\b(?:sollte|sollten|muss|müssen)\b"
         r"|\bil faudra\b[^.]{0,80}?\b(?:une fois|après|quand)\b[^.]{0,30}?(?:déployé|mergé|en prod"
         r"|livré|le déploiement|le merge)"
         r"|\bhabrá que\b[^.]{0,80}?\b(?:cuando|una vez|después de)\b[^.]{0,30}?"
         r"(?:desplegad|mergead|en producción|el despliegue|el merge)"
         r"|\bbisognerà\b[^.]{0,80}?\b(?:quando|una volta|dopo)\b[^.]{0,30}?(?:deployat|rilasciat"
         r"|in produzione|il deploy|il merge)"
         r"|\b(?:vai ser preciso|será preciso|teremos que|vamos ter que)\b[^.]{0,80}?\b(?:quando"
         r"|depois d[oa]|assim que)\b[^.]{0,30}?(?:deploy|em produção|merge|no ar)"
         r"|(?:нужно будет|надо будет|придётся|придется)[^.]{0,80}?(?:после|когда)[^.]{0,30}?"
         r"(?:деплой|выкат|релиз|мерж)|(?:上线|部署|发布|合并)(?:之)?后[^。]{0,30}(?:需要|要|得|记得)",
         0.55, 0.5, "sentence"),
    # work that will have to be done (`Il faudra aussi mettre à jour le runbook`, `Надо будет
    # ещё обновить ранбук`, `You'll need to create the table`, `The table still has to be
    # created`): a todo, unless the session comes back to it
    _row("will-have-to", "todo",
         ("il faudra", "habrá que", "hay que", "será preciso", "vai ser preciso",
          "vamos ter que", "надо будет", "нужно будет", "треба буде", "потрібно буде",
          "треба ще", "потрібно ще", "trzeba będzie", "trzeba jeszcze", "'ll need to",
          "will need to", "'ll have to", "will have to", "still has to be", "still have to be",
          "still needs to be", "still need to be", "va falloir", "tu devras", "vous devrez",
          "on devra", "tendrás que", "tendremos que", "tendréis que", "bisognerà",
          "sarà necessario", "dovrai", "dovremo", "será necessário", "vai precisar",
          "vais ter de", "teremos que", "teremos de", "придётся", "придется", "потребуется",
          "musst noch", "müsst noch", "müssen noch", "muss noch", "musst vorher",
          "müsst vorher", "müssen vorher", "muss vorher", "man muss"),
         # (not `il faudra penser à…`: `remember-to-any`; after `once-deployed`)
         r"^(?:(?:et|and|y|e|и|і|i),? )?(?:il (?:faudra(?: aussi| encore| ensuite)?(?! penser)"
         r"|va falloir)"
         r"|habrá que|hay que(?=[^.?!]*\b(?:más adelante|luego|después|algún día)\b)"
         r"|(?:será|vai ser) preciso|vamos ter que"
         r"|(?:надо|нужно) будет(?: ещё| еще| также)?|(?:треба|потрібно) (?:буде|ще)"
         r"|trzeba (?:będzie(?: jeszcze)?|jeszcze)"
         r"|(?:you|we|someone)(?:'ll| will) (?:still )?(?:need to|have to)"
         r"|tu devras|vous devrez|on devra|tendrás que|tendremos que|tendréis que"
         r"|bisognerà|sarà necessario|dovrai|dovremo|será necessário|(?:você )?vai precisar"
         r"|vais ter de|teremos (?:que|de)|придётся|придется|потребуется"
         r"|(?:du musst|ihr müsst|wir müssen|man muss) (?:noch|vorher|vor dem \w+))\s+(?=\w)"
         # what still has to be done to a thing (`The table still has to be created`, `Die
         # Tabelle muss noch angelegt werden`)
         r"|^(?=[^.?!]{3,60}? still (?:has|have|needs?) to be \w+(?:ed|en|t)\b)"
         r"|^(?=[^.?!]{3,60}? (?:muss|müssen) (?:noch|vorher) [^.?!]{0,40}?\w+(?:t|en)"
         r" werden\b)",
         0.5, 0.5, scope="open"),
    # a cause said to be probable (`…ist vermutlich das Netz zwischen Job und S3`)
    _row("probably-is", "hypothesis",
         ("vermutlich", "wahrscheinlich", "probablement", "probablemente", "probabilmente",
          "provavelmente", "скорее всего", "可能是"),
         r"\b(?:ist|sind|war|liegt|kommt) (?:vermutlich|wahrscheinlich)\b(?! (?:gut|besser"
         r"|einfacher|sinnvoll\w*|richtig|okay|ok|egal|nicht nötig|unnötig|schneller|sicherer)\b)"
         r"|\b(?:est|vient|sont|viennent) probablement\b"
         r"(?! (?:mieux|plus simple|suffisant|bon|ok)\b)"
         r"|\bprobablemente (?:es|sea|son|viene|venga)\b(?! (?:mejor|más fácil|suficiente)\b)"
         r"|\b(?:es|viene) probablemente\b|\b(?:è|viene) probabilmente\b"
         r"|\bprobabilmente (?:è|viene)\b(?! (?:meglio|più semplice)\b)"
         r"|\b(?:é|vem) provavelmente\b"
         r"|\bprovavelmente (?:é|vem|seja)\b(?! (?:melhor|mais fácil)\b)"
         r"|^(?=[^。！？]{2,}可能是[^。！？]{2,})", 0.5, 0.5, "sentence"),
    # what the person has no idea of (`no idea whether the client wants UTC`, `aucune idée de
    # comment on gère le RGPD…`): open, unless what follows comes back to it
    _row("no-idea", "question",
         ("no idea", "no clue", "don't know", "do not know", "keine ahnung", "weiss ich",
          "weiß ich", "aucune idée", "ni idea", "non ho idea", "nessuna idea", "não faço",
          "sem ideia", "понятия не имею", "без понятия", "not sure", "nicht sicher", "pas sûr",
          "sicher bin ich",
          "no estoy", "no sé si", "non sono sicur", "non so se", "não tenho certeza", "não sei se",
          "не уверен", "ninguém sabe", "nadie sabe", "nadie lo sabe", "personne ne",
          "niemand weiss", "niemand weiß", "nobody knows", "no one knows", "никто не знает",
          "никто так и не", "geen idee", "ingen aning", "nie mam pojęcia", "гадки не маю",
          "bilmiyorum", "bilmiyoruz"),
         r"\b(?:(?:I have |I've got )?no (?:idea|clue)|(?:I )?(?:don't|do not) know yet),? "
         r"(?=(?:whether|if|how(?! to\b)|why|when|where|which|what)\b)"  # not help asked
         r"|\bkeine ahnung,? (?=(?:ob|wie|wann|warum|welche\w*|was)\b)"
         r"|\bgeen idee,? (?=(?:of|hoe|waarom|wanneer|wie|welke)\b)"
         r"|\bingen aning,? (?=(?:om|hur|varför|när|vem|vilken)\b)"
         r"|\bnie mam pojęcia,? (?=(?:czy|jak|dlaczego|kiedy|kto)\b)"
         r"|(?<!\w)гадки не маю,? (?=(?:чи|як|чому|коли|хто)(?!\w))"
         r"|^(?=[^.?!]{10,}?(?:acağını|eceğini|madığını|mediğini|dığını|diğini|ıp ıpmayacağını)"
         r" (?:bilmiyorum|bilmiyoruz)\b)"
         # the question first (`whether the packager wants them…, I honestly don't know`)
         r"|^(?:(?:and|but|oh and|also|und|aber)\W+)?(?=(?:whether|how|why|when|which)\b"
         r"[^.?!]{10,}?,\s*(?:I (?:honestly |really |just )?(?:don't|do not) know|no idea"
         r"|nobody knows)\b)"
         r"|^(?:(?:und|aber) )?(?=(?:wie|ob|wann|welche\w*|was|warum)\b[^.?!]{10,}?,\s*"
         r"(?:weiß ich (?:\w+ ){0,3}?(?:noch )?nicht|keine ahnung)\b)"
         r"|\baucune idée,? (?:de )?(?=(?:si|comment|pourquoi|quand|combien|où)\b)"
         r"|\bni idea,? (?:de )?(?=(?:si|cómo|por qué|cuándo|dónde|cuál)\b)"
         r"|\b(?:non (?:ho )?idea|nessuna idea),? (?:di )?(?=(?:se|come|perché|quando)\b)"
         r"|\b(?:não faço (?:a menor )?ideia|sem ideia),? (?:de )?(?=(?:se|como|por que|quando)\b)"
         r"|(?<!\w)(?:понятия не имею|без понятия),? (?=(?:как|почему|когда|где|что)\b|\w+ ли\b)"
         # not sure of it (`не уверен, что webview пройдёт ревью`), unless it is to be tried
         # (`Non so se funziona, provalo`)
         r"|^(?![^.?!]*,\s*(?:try|check|test|prova|verifica|prueba|comprueba|essaie|vérifie|teste"
         r"|testa|probier|prüf|проверь|попробуй)\w*)"
         r"(?:(?:I'm |I am )?not sure(?: yet)? (?=(?:whether|if)\s+(?!you\b)"
         # … or what is not sure, said at once (`not sure we want founders to get it at all`)
         r"|(?:we|they|our|the|this|that|it)\s+(?:\w+\s+)?(?:want|need|should|can|must"
         r"|will|would)\b)"
         r"|(?:ich bin (?:mir )?)?nicht sicher,? (?=ob\b)"
         r"|^sicher bin ich mir (?:aber |noch |da )*nicht,? (?=ob\b)"
         r"|(?:je ne suis )?pas sûre? (?=que\b|qu'|si\b)"
         r"|no (?:estoy segur[oa] de|sé) (?=si\b)|non (?:sono sicur[oa]|so) (?=se\b)"
         r"|não (?:tenho certeza|sei) (?=se\b)|(?:я )?не уверен[а]?,? (?:что\s+|(?=\w+ ли\b)))"
         # what nobody knows (`quem vai ser dono do pipeline…, ninguém sabe`)
         r"|^(?=[^.?!]{10,}?,\s*(?:ninguém sabe|nadie (?:lo )?sabe|personne ne (?:le )?sait"
         r"|niemand weiß(?: es)?|nobody knows|no one knows|никто (?:не знает|так и не сказал)))",
         0.55, None, scope="open"),
    # what the person will ask someone else, beyond English (`ask-someone-whether`): open
    # for this session, unless it comes back to it
    _row("ask-someone-any", "question",
         ("ich frag", "ich kläre", "demander à", "demande à", "demander au", "demande au",
          "voir avec", "preguntar", "pregunto a", "consultar", "lo consulto", "chiedo",
          "chiederò", "perguntar", "ik vraag", "vragen of", "спрошу", "zapytam", "jag frågar",
          "ska fråga"),
         r"^(?:(?:ok|okay|also|alors|bon|vale|bueno|dann|então|ладно),? )?(?:"
         r"ich (?:frag(?:e)?(?! mich\b)|kläre?) (?:[^\s,.?!]+ ){0,5}?[^\s,.?!]+,? (?=ob\s)"
         r"|je (?:vais |dois )?(?:demander|demande|voir) (?:à|au|aux|avec) (?:[^\s,.?!]+ ){0,4}?"
         r"[^\s,.?!]+,? s(?:i\s+|')"
         r"|(?:voy a |tengo que )?(?:preguntar(?:le)?|le pregunto|pregunto|consultar(?:lo)?"
         r"|lo consulto) (?:a |al |con )?(?:[^\s,.?!]+ ){0,4}?[^\s,.?!]+,? si\s+"
         r"|(?:chiedo|chiederò|devo chiedere) (?:a |al |alla |ai |agli )(?:[^\s,.?!]+ ){0,4}?"
         r"[^\s,.?!]+,? se\s+"
         r"|vou (?:perguntar|ver com)(?: (?:a|ao|à|para|pro|pra))? (?:[^\s,.?!]+ ){0,4}?"
         r"[^\s,.?!]+,? se\s+"
         r"|ik (?:vraag (?!me af\b)(?:[^\s,.?!]+ ){0,4}?[^\s,.?!]+"
         r"|ga (?:[^\s,.?!]+ ){0,4}?vragen),? (?=of\s)"
         r"|(?:я )?спрошу (?:у )?(?:[^\s,.?!]+ ){0,4}?[^\s,.?!]+,? (?=\w+ ли\b|можно|нужно|стоит)"
         r"|zapytam (?:[^\s,.?!]+ ){0,4}?[^\s,.?!]+,? czy\s+"
         r"|jag (?:frågar|ska fråga) (?:[^\s,.?!]+ ){0,4}?[^\s,.?!]+,? om\s+)",
         0.55, None, scope="open"),
    # after what the person will ask someone (`Спрошу у юристов, можно ли…` is asked)
    _row("own-work", "todo", _OWN_WORK_KEYS, _OWN_WORK, 0.55, None, "sentence"),
    # never again (`больше никогда не верим в «у меня локально работает»`): a lesson
    _row("never-again", "takeaway",
         ("never again", "nie wieder", "plus jamais", "nunca más", "mai più", "nunca mais",
          "больше никогда"),
         # said as a rule, not wished for (`que nadie pueda volver a commitear un tfstate nunca
         # más`: a requirement)
         r"^(?!(?:que|that|dass|damit|so that|para que|pour que|afin que|perché|affinché"
         r"|чтобы)\b)(?=[^.?!]*(?:\b(?:never again|nie wieder|plus jamais|nunca más|mai più"
         r"|nunca mais)\b|(?<!\w)больше никогда(?!\w)))", 0.55, 0.5, "sentence"),
    # work put off, under its label (`Plus tard : …`, `Más adelante: …`)
    _row("later-label", "todo",
         (*label_keys("plus tard", "pour plus tard", "más adelante", "más tarde", "para después",
                      "più tardi", "per dopo", "mais tarde", "para depois", "позже", "потом",
                      "на потом", "나중에"),
          # bare: a full-width colon (`以后再说：`) is read as `:` only after keys are found
          "以后再说", "以後再說", "以后再做", "以後再做", "後で:", "後で："),
         r"^[*_]*(?:(?:pour )?plus tard|más adelante|más tarde|para después|più tardi|per dopo"
         r"|mais tarde|para depois|позже|потом|на потом|以后再(?:说|做)|以後再(?:說|做)|後で"
         r"|나중에)"
         r"[*_]*\s*:[*_]*\s*(?=\S)", 0.65, 0.6),
    # what its speaker has not tested or tried (`Je n'ai pas testé sous Windows`, `No lo he
    # probado en Windows`, `还没有在 Windows 上测试过`), or a test that is missing: a todo
    _row("untested-elsewhere", "todo",
         ("getestet", "nicht testen", "nicht ausprobiert", "keinen test", "keine tests",
          "keinen alarm", "kein monitoring", "testé", "essayé", "pu tester", "pas de test",
          "aucun test", "aucune alerte", "probado", "testeado", "podido probar", "sin probar",
          "no hay test", "no hay ningún test", "testat", "provato", "potuto testare",
          "nessun test", "testei", "testamos", "testad", "conseguimos testar", "consegui testar",
          "não há teste", "не тестировал", "не запускал", "не пробовал", "не успел",
          "не смог", "не протестирован", "нет тестов", "нет теста", "测试", "測試", "跑过",
          "跑過", "试过", "試過", "テストして", "テストでき", "動作確認して", "動作確認でき",
          "未テスト", "테스트하지", "테스트를 하지", "테스트는 하지", "테스트해", "테스트 해",
          "niet getest", "nie testował", "nie przetestował", "nieprzetestowan", "inte testat",
          "inte testad", "inte provat", "test etmedim", "test edilmedi", "test edemedim"),
         r"\b(?:ich|wir) (?:habe|hab|haben|hatte|hatten)\b[^.?!]{0,60}?\bnicht"
         r" (?:getestet|ausprobiert|laufen lassen)\b"
         r"|\b(?:habe|hab|haben|hatte|hatten) (?:ich|wir)\b[^.?!]{0,60}?\bnicht"
         r" (?:getestet|ausprobiert|laufen lassen)\b"
         r"|\b(?:ich|wir) (?:konnte|konnten)\b[^.?!]{0,60}?\bnicht testen\b"
         r"|\b(?:konnte|konnten) (?:ich|wir)\b[^.?!]{0,60}?\bnicht testen\b"
         r"|\b(?:ist|sind|bleibt|bleiben) (?:\w+ ){0,2}?(?:noch )?(?:völlig )?ungetestet\b"
         r"|\bes gibt (?:noch )?(?:keinen test|keine tests|keinen alarm|kein monitoring)"
         r" (?:für|bei|wenn)\b"
         r"|\b(?:je|nous|on) (?:ne |n')(?:l'|les |le |la )?(?:ai|avons|a)(?: pas| encore| jamais)+"
         r" (?:pu )?(?:testée?s?|tester|essayée?s?|essayer)\b"
         rf"|{_NOT_BARE}\b(?:n'(?:a|ont) (?:pas|jamais) été|(?:pas|jamais|non) encore)"
         r" testée?s?\b"
         r"|\bil n'y a (?:pas de|aucun|aucune) (?:tests?|alertes?) (?:pour|sur|quand)\b"
         r"|\bno (?:lo |la |los |las )?(?:he|hemos) (?:podido )?"
         r"(?:probado|testeado|probar|testear)\b"
         rf"|{_NOT_BARE}\bsin probar\b"
         r"|\bno hay (?:ningún )?(?:test|tests|alertas?) (?:para|de|sobre|cuando)\b"
         r"|\bnon (?:l'|li |la |le )?(?:ho|abbiamo) (?:ancora )?(?:potuto )?(?:testat[oaie]"
         r"|provat[oaie]|testare|provare)\b"
         r"|\bnon (?:c'è|esiste) (?:(?:ancora )?nessun|un) (?:test|alert) (?:per|su|quando)\b"
         r"|\b(?:ainda )?não (?:o |a |os |as )?(?:testei|testamos|consegui testar"
         r"|conseguimos testar)\b|\bnão (?:foi|foram) testad[oa]s?\b"
         r"|\bnão há (?:nenhum )?(?:testes?|alertas?) (?:para|de|quando)\b"
         r"|(?<!\w)(?:я |мы )?(?:ещё |еще |пока )?не (?:тестировал[аи]?|запускал[аи]?|пробовал[аи]?"
         r"|(?:успел[аи]?|смог(?:ла|ли)?) (?:протестировать|запустить|попробовать)"
         rf"|{_NOT_BARE}протестирован[аоы]?)(?!\w)"
         r"|(?<!\w)нет (?:тестов|теста) (?:на|для)(?!\w)"
         r"|(?:还没有?|還沒有?|没有|沒有|未)(?:在[^，。！？,.!?]{1,30}?(?:上|里|裡|中))?"
         r"(?:测试|測試|跑过|跑過|试过|試過)"
         r"|(?:テスト|動作確認)(?:を|は)?(?:まだ)?(?:して|でき)(?:い(?:ません|ない)|ていません"
         r"|ていない|ません)|未テスト"
         r"|테스트(?:를|는)?\s*(?:아직\s*)?(?:하지|해\s?보지)\s*(?:않았|못했)"
         rf"|{_NOT_BARE}(?:\b(?:nog )?niet getest|\bnie (?:przetestował|testował)\w*"
         r"|\bnieprzetestowan\w*|\b(?:inte|ej) (?:testat|testad|testade|provat))\b"
         r"|\btest (?:etmedim|etmedik|edilmedi|edemedim|edemedik)\b",
         0.5, 0.45, "sentence", scope="open"),
    # what the work takes for granted, under its label or said so (`Assumption: one active
    # subscription per tenant`, `I assumed the feed is UTC`): a guess the next session can check
    _label_row("assumption-label", "hypothesis",
               ("assumption", "my assumption", "one assumption", "working assumption",
                "annahme", "meine annahme", "suposición", "supuesto", "assunzione",
                "presupposto", "suposição", "pressuposto", "допущение", "предпосылка", "假设",
                "假設", "前提", "가정", "aanname", "założenie", "antagande", "varsayım"), 0.55),
    _row("assumed-that", "hypothesis",
         ("assumed", "assuming", "angenommen", "ausgegangen", "gehe davon aus", "supposé",
          "présumé", "je suppose", "pars du principe", "asumí", "supuse", "asumido",
          "supuesto que", "asumo", "supongo", "assunto che", "supposto", "dato per scontato",
          "suppongo", "presumo", "assumi", "supus", "presumi", "suponho", "parti do princípio",
          "предположил", "исходил из того", "допустил", "假设", "假設", "假定", "と仮定し",
          "と想定し", "前提にし", "가정했", "가정하"),
         r"^(?:(?:also|and|but|note|here),?\s+)?(?:I|we)(?:'ve| have|'m| am|'re| are)?"
         r" (?:assumed|assuming)(?: (?:here|throughout|for now))?,?(?: that)?\s+"
         # not one the sentence says was wrong (`I assumed it returns a list, but it's a generator`)
         r"(?![^.?!]*,? but (?:it|they|that|this|the \w+)(?:'s| is| was| are| were| turned out"
         r"| actually| returns| returned)\b)"
         r"|^(?:ich|wir) (?:habe|haben|bin|sind) (?:\w+ )?(?:angenommen|davon ausgegangen),?"
         r" dass\s+"
         r"|^(?:ich gehe|wir gehen) (?:\w+ )?davon aus,? dass\s+"
         r"|^(?:j'ai|nous avons|on a) (?:supposé|présumé) que\s+"
         r"|^je (?:suppose|pars du principe) que\s+"
         r"|^(?:asumí|supuse|he asumido|he supuesto|asumo|supongo|asumimos) que\s+"
         r"|^(?:ho|abbiamo) (?:assunto|supposto|dato per scontato) che\s+"
         r"|^(?:suppongo|assumo|presumo) che\s+"
         r"|^(?:eu )?(?:assumi|supus|presumi|parti do princípio de|suponho|assumo|presumo) que\s+"
         r"|^(?:я |мы )?(?:предположил[аи]?|исходил[аи]? из того|допустил[аи]?),? что\s+"
         r"|^(?:我|我们|我們)(?:这里|這裡)?(?:假设|假設|假定)(?:了)?[,，:：]?\s*"
         r"|^(?=[^。]*(?:と仮定し|と想定し|を前提にし))"
         r"|^(?=[^.]*(?:라고|다고|로) 가정(?:했|하고))",
         0.45, 0.5, scope="open"),
    # work left out of this change, under its label (`Out of scope for this PR: the admin export`)
    _label_row("out-of-scope-label", "todo",
               ("out of scope", "not in scope", "außerhalb des scopes", "nicht im scope",
                "hors périmètre", "hors scope", "fuera de alcance", "fuera del alcance",
                "fuori scope", "fuori dall'ambito", "fora do escopo", "fora de escopo",
                "вне рамок", "вне скоупа", "范围外", "範圍外", "スコープ外", "범위 밖",
                "buiten scope", "poza zakresem", "utanför scope", "kapsam dışı"), 0.5,
               person=False),
    # what others must know of the change (`Breaking change: --format no longer takes yml`)
    _label_row("breaking-label", "insight",
               ("breaking change", "breaking changes", "breaking", "incompatible change",
                "changement cassant", "changement incompatible", "cambio incompatible",
                "modifica incompatibile", "mudança incompatível", "несовместимое изменение",
                "破坏性变更", "破壞性變更", "互換性のない変更", "호환성 깨짐"), 0.55,
               person=False),
    # a choice the agent leaves to the person (`Your call: keep the old endpoint, or drop it?`,
    # `Up to you whether we keep it`): a question left open
    _label_row("your-call-label", "question",
               ("your call", "decision for you", "one decision for you", "up to you",
                "deine entscheidung", "ihre entscheidung", "à toi de voir", "à vous de voir",
                "decisión tuya", "decidi tu", "decide você", "решать вам", "решать тебе",
                "на ваше усмотрение", "需要你决定", "需要你決定", "请你决定", "ご判断ください",
                "判断をお願いします", "결정이 필요"), 0.5,
               person=False),
    _row("up-to-you-whether", "question",
         ("up to you whether", "up to you if", "your call whether", "deine entscheidung, ob",
          "à toi de voir si", "à vous de voir si", "decide tú si", "decidi tu se",
          "você decide se", "решать вам, ", "решать тебе, "),
         r"^(?:(?:it's|it is|that's|that is) )?(?:up to you|your call),? (?=whether|if)"
         r"|^(?:das ist )?deine entscheidung,? (?=ob)|^(?:c'est )?à (?:toi|vous) de voir,? (?=si)"
         r"|^decide tú,? (?=si)|^decidi tu,? (?=se)|^você decide,? (?=se)"
         r"|^решать (?:вам|тебе),? (?=\w+ ли)", None, 0.5),
    # what a choice costs, under its label (`Trade-off: the cache can serve stale data`)
    _label_row("trade-off-label", "insight",
               ("trade-off", "tradeoff", "the trade-off", "downside", "der haken",
                "nachteil", "le hic", "inconvénient", "contrepartie", "desventaja",
                "contrapartida", "svantaggio", "desvantagem", "недостаток", "минус", "代价",
                "代價", "缺点", "缺點", "トレードオフ", "デメリット", "단점", "트레이드오프"),
               0.5, person=False),
    # work that waits on someone else (`Blocked on the payments team exposing the webhook`,
    # `Waiting on ops to raise the connection limit`): a todo, once nothing later settles it
    _row("blocked-on", "todo",
         ("blocked on", "blocked by", "waiting on", "blockiert", "warten noch auf", "wartet auf",
          "warten auf", "bloqué par", "bloquée par", "en attente de", "en attente d'",
          "bloqueado por", "bloqueada por", "a la espera de", "bloccato da", "bloccata da",
          "in attesa di", "in attesa del", "in attesa della", "aguardando", "à espera de",
          "заблокирован", "ждём", "ждем", "卡在", "在等", "待ちです", "待ちの状態",
          "기다리는 중", "대기 중"),
         r"^(?:(?:we're|we are|I'm|I am|this is|it's|it is|the \w+(?: \w+)? is|still|currently)"
         r" )?(?:still |currently )?(?:blocked (?:on|by)|waiting on)\s+(?=\S+ \S+)"
         r"|\b(?:ist|sind) (?:noch )?blockiert (?:durch|von)\s|\bwir warten (?:noch )?auf\s"
         r"|^(?:noch )?blockiert (?:durch|von)\s|\b(?:bloquée?s?) par\s|^en attente d(?:e |')"
         r"|\b(?:bloquead[oa]s?) por\s|^(?:estamos )?a la espera de\s"  # es, pt
         r"|\b(?:bloccat[oaie]) da\s|^(?:siamo )?in attesa d(?:i|el|ella)\s"
         r"|^(?:estamos )?(?:aguardando|à espera de)\s"
         r"|(?<!\w)заблокирован[аоы]?(?: из-за)?\s|^(?:мы )?(?:ждём|ждем)\s"
         r"|^(?:目前|现在|現在)?(?:卡在|在等)|(?:待ちです|待ちの状態)"
         r"|(?:기다리는 중|대기 중)", 0.5, 0.45, "sentence", scope="open"),
    # a follow-up the closing report suggests (`Consider adding an index on…`, `You may want
    # to pin the Node version in CI as well`)
    _row("suggested-follow-up", "todo",
         ("consider", "may want to", "might want to", "could want to", "worth adding",
          "would be worth", "might be worth", "could be worth", "may be worth", "'d be worth",
          "wäre sinnvoll", "wäre es sinnvoll", "lohnt sich", "il serait utile", "il vaudrait",
          "vous pourriez envisager", "tu pourrais envisager", "à envisager", "convendría",
          "valdría la pena", "podrías considerar", "podría considerar", "varrebbe la pena",
          "converrebbe", "potresti considerare", "valeria a pena", "vale a pena", "seria bom",
          "имеет смысл", "стоит также", "стоит еще", "стоит ещё", "можно рассмотреть",
          "可以考虑", "可以考慮", "建议", "建議", "検討してもよい", "검토해 보", "고려해 보"),
         r"^(?:(?:also|and|finally|as a follow-up|next),?\s+)?(?:consider(?= \w+ing\b)"
         r"|you (?:may|might|could) (?:also )?want to|it (?:would|might|could|may) (?:also )?be"
         r" worth|it'd (?:also )?be worth)\s+"
         r"|^(?:es )?wäre (?:es )?(?:noch )?sinnvoll,?\s+|^es lohnt sich,?\s+(?:noch\s+)?"
         r"|^il (?:serait utile|vaudrait (?:la peine|mieux)) d[e']\s*"
         r"|^(?:vous pourriez|tu pourrais) (?:aussi )?envisager d[e']\s*|^à envisager\s*:\s*"
         r"|^(?:convendría|valdría la pena)\s+|^(?:podrías|podría|podrían) considerar\s+"
         r"|^(?:varrebbe la pena (?:di )?|converrebbe\s+)|^potresti (?:anche )?considerare\s+"
         r"|^(?:valeria a pena|vale a pena|seria bom)\s+"
         r"|^(?:имеет смысл|стоит (?:также|ещё|еще)|можно (?:также )?рассмотреть)\s+"
         r"|^(?:可以考虑|可以考慮|建议|建議)|^(?=[^。]*検討してもよい)"
         r"|^(?=[^.]*(?:검토해|고려해) 보)",
         None, 0.45, scope="end"),
    # what made it work (`What fixed it was setting pool_pre_ping`, `Lo que lo arregló fue…`)
    _row("what-fixed-it", "insight",
         ("fixed it", "solved it", "resolved it", "gelöst hat", "behoben hat", "a réglé",
          "a résolu", "a corrigé", "lo arregló", "lo resolvió", "lo solucionó", "arregló el",
          "resolvió el", "ha risolto", "l'ha risolto", "resolveu", "corrigiu", "помогло",
          "решило"),
         r"^(?:(?:so|and|in the end),? )?what (?:finally |actually |eventually |really )?"
         r"(?:fixed|solved|resolved) it (?:in the end )?(?:was|is)\s"
         r"|^was (?:es |das )?(?:schließlich |am ende |letztlich )?(?:gelöst|behoben) hat,? war\s"
         r"|^ce qui a (?:(?:finalement|vraiment) )?(?:réglé|résolu|corrigé)"
         r"(?: le problème| ça)?,? c'est\b"
         r"|^lo que (?:lo )?(?:arregló|resolvió|solucionó)(?: el problema)? fue\s"
         r"|^(?:quello|ciò) che (?:l'ha|ha) risolto(?: il problema)? è stat[oa]\s"
         r"|^o que (?:resolveu|corrigiu)(?: o problema)? foi\s"
         r"|^(?:в итоге )?(?:помогло|проблему решило|решило проблему)\s", 0.55, 0.55,
         "sentence"),
    # a choice the person says as what we are doing now (`We're keeping the v1 endpoint
    # until…`); the agent's is what it is doing (`We're switching to the feature branch`)
    _row("we-are-keeping", "decision",
         ("we're keeping", "we are keeping", "we're sticking", "we are sticking", "we're going",
          "we are going", "we're switching",
          "we are switching", "we're moving to", "we are moving to", "we're standardi",
          "we are standardi"),
         r"^(?:(?:so|ok|okay|then|for now),? )*(?:we're|we are) (?:now )?(?:keeping|sticking with"
         r"|going with|switching to|moving to|standardi[sz]ing on)\s+(?=\S)",
         0.6, None, "sentence"),
    # what the agent would still check (`I'd still double-check the timezone handling`)
    _row("would-still-check", "todo",
         ("i'd still", "i'd also", "i would still", "i would also", "i'd double", "i'd verify",
          "i'd keep an eye", "i'd watch", "i'd monitor", "i'd re"),
         r"^(?:(?:but|though|also|and),?\s+)?I(?:'d| would) (?:still |also )?(?=(?:double-check"
         r"|verify|re-?check|re-?test|keep an eye on|watch|monitor|confirm|test)\b)", None, 0.45,
         scope="end"),
    # what is still wrong, under its label (`Remaining issue: the PDF export times out…`)
    _label_row("remaining-issue-label", "todo",
               ("remaining issue", "remaining issues", "remaining problem", "one remaining issue",
                "open issue", "open issues", "known issue", "known issues",
                "verbleibendes problem", "offenes problem", "bekanntes problem",
                "problème restant", "problème connu", "problema pendiente", "problema conocido",
                "problema restante", "problema noto", "problema aperto", "problema conhecido",
                "problema pendente", "известная проблема", "оставшаяся проблема", "遗留问题",
                "遺留問題", "已知问题", "已知問題", "残課題", "既知の問題", "남은 문제",
                "알려진 문제"), 0.55, person=False),
    # what is still failing (`The flaky test is not fixed; it still fails 1 in 20`)
    _row("still-broken", "todo",
         ("not fixed", "not resolved", "not solved", "still failing", "still broken",
          "still flaky", "still flaking", "still red", "nicht behoben", "noch fehl",
          "immer noch kaputt", "immer noch rot", "immer noch flaky", "pas corrigé",
          "pas résolu", "échoue toujours", "toujours cassé", "no está arreglad",
          "no está resuelt", "sigue fallando", "non è risolt", "non è ancora risolt",
          "fallisce ancora", "continua a fallire", "não está resolvid", "continua falhando",
          "ainda falha", "всё ещё падает", "все еще падает", "по-прежнему падает",
          "не исправлен"),
         r"\b(?:is|are) (?:still )?not (?:fixed|resolved|solved)\b(?! yet)(?!\s+by\b)"
         r"|\b(?:is|are) still (?:failing|broken|flaky|flaking|red)\b"
         r"|\b(?:ist|sind) (?:noch )?nicht behoben\b|\bschläg(?:t|en) (?:immer )?noch fehl\b"
         r"|\b(?:ist|sind) immer noch (?:kaputt|rot|flaky)\b"
         r"|\bn'(?:est|sont) (?:toujours |pas encore )?pas (?:corrigée?s?|résolue?s?)\b"
         r"|\béchoue(?:nt)? toujours\b|\b(?:est|sont) toujours cassée?s?\b"
         r"|\b(?:todavía |aún )?no (?:está|están) (?:arreglad|resuelt)[oa]s?\b"
         r"|\bsigue(?:n)? fallando\b|\bnon (?:è|sono) (?:ancora )?(?:risolt|sistemat)[oaie]\b"
         r"|\b(?:fallisce|falliscono) ancora\b|\bcontinua(?:no)? a fallire\b"
         r"|\bnão (?:está|estão) resolvid[oa]s?\b|\bcontinua(?:m)? falhando\b"
         r"|\bainda falha(?:m)?\b"
         r"|(?<!\w)(?:вс[её] ещ[её]|по-прежнему) (?:падает|падают|не работает)(?!\w)"
         r"|(?<!\w)не исправлен[аоы]?(?!\w)", 0.5, 0.45, "sentence", scope="open"),
    # what the agent asks the person not to forget (`Make sure to rotate the staging key`)
    _row("make-sure-to", "todo",
         ("make sure to", "make sure you", "be sure to", *REMEMBER_TO_KEYS, *_REMEMBER_KEYS),
         r"^(?:(?:and|also|just|finally),?\s+)?(?:make sure (?:to|you)|be sure to)\s+"
         rf"|{REMEMBER_TO}|{_REMEMBER}", None, 0.5, scope="end"),
    # what the agent asks the person to keep in mind (`Remember that cron runs in UTC`)
    _row("remember-that", "insight",
         ("remember that", "denk daran, dass", "bedenke, dass", "rappelle-toi que",
          "rappelez-vous que", "gardez en tête que", "garde en tête que", "recuerda que",
          "ten en cuenta que", "ricorda che", "tieni presente che", "tieni a mente che",
          "lembre-se de que", "lembre-se que", "tenha em mente que", "помните, что",
          "учтите, что", "имейте в виду, что"),
         r"^(?:(?:just|also|and),? )?remember,? that\s+|^(?:denk daran|bedenke),? dass\s+"
         r"|^(?:rappelle-toi|rappelez-vous|garde(?:z)? en tête) que\s+"
         r"|^(?:recuerda|ten en cuenta) que\s+|^(?:ricorda|tieni (?:a mente|presente)) che\s+"
         r"|^(?:lembre-se|tenha em mente) (?:de )?que\s+"
         r"|^(?:помните|учтите|имейте в виду),? что\s+", None, 0.5, scope="end"),
    # a guess said as one (`My best guess is that the CDN caches the 404`)
    _row("guess-is", "hypothesis",
         ("guess is", "bet is", "hunch is", "theory is", "suspicion is", "vermutung ist",
          "theorie ist", "intuition est", "hypothèse est", "hypothèse, c'est", "apuesta es",
          "sospecha es", "hipótesis es", "teoría es", "ipotesi è", "teoria è", "sospetto è",
          "palpite é", "suspeita é", "hipótese é", "teoria é", "моя догадка", "моя версия",
          "моя гипотеза", "gok is", "vermoeden is"),
         # after what it is a guess about, if anything (`Sobre por qué ahora: mi apuesta es…`)
         r"^(?:[^:.?!]{1,40}:\s+)?(?:(?:(?:so|but|and),? )?(?:my|our) (?:best |working |current "
         r"|main )?(?:guess|bet|hunch|theory|suspicion) is(?: that)?,?\s+"
         r"|meine (?:beste )?(?:vermutung|theorie) ist,? dass\s+"
         r"|(?:mon intuition|ma (?:meilleure )?hypothèse|mon hypothèse|mon pari),? (?:est|c'est)"
         r" que\s+|mi (?:apuesta|sospecha|hipótesis|teoría) es que\s+"
         r"|(?:la mia (?:ipotesi|teoria)|il mio sospetto) è che\s+"
         r"|(?:meu palpite|minha (?:suspeita|hipótese|teoria|aposta)) é (?:de )?que,?\s+"
         r"|моя (?:догадка|версия|гипотеза)\s*(?:[—:,-]\s*)?(?:что\s+)?"
         r"|mijn (?:gok|vermoeden|theorie) is,? (?:dat\s+)?)", 0.5, 0.5),
    # where the fault lies (`Le problème est dans ce que j'ai passé à async_task`, `Het grootste
    # probleem zit in de cache-key`): `the-problem-was` in English
    _row("problem-lies-in", "insight",
         ("problem liegt", "problem steckt", "problem sitzt", "problem ist", "nadelöhr",
          "problème est", "problème vient", "problème se", "souci est", "souci vient", "goulot",
          "problema está", "problema estaba", "problema viene", "cuello de botella",
          "problema è", "problema sta", "problema era", "collo di bottiglia", "problema vem",
          "problema vinha", "gargalo", "probleem zit", "probleem ligt", "knelpunt",
          "проблема в", "проблема была в", "problem jest", "problem leży", "problem tkwi",
          "problemet är", "problemet ligger", "problemet sitter", "问题出在", "问题在于",
          "問題出在", "問題在於"),
         r"^(?:(?:also|ok|donc|bueno|allora|então|dus),? )?"
         r"(?:(?:das|unser) (?:eigentliche |größte |wahre |ganze |echte )?(?:problem|nadelöhr)"
         r" (?:liegt|steckt|sitzt|ist) (?:\w+ )?(?:in|im|bei|an|am|beim)"
         r"|le (?:vrai |principal |plus gros |seul )?(?:problème|souci|goulot(?: d'étranglement)?)"
         r" (?:est|vient|se trouve|se situe) (?:dans|de|du|des|au|à|chez|côté)"
         r"|el (?:verdadero |principal |mayor |único )?(?:problema|cuello de botella)"
         r" (?:está|estaba|viene|venía) (?:en|de|del)"
         r"|il (?:vero |principale |più grande )?(?:problema|collo di bottiglia)"
         r" (?:è|sta|era|stava|viene) (?:in|nel|nella|nei|nelle|dal|dalla)"
         r"|o (?:verdadeiro |principal |maior )?(?:problema|gargalo) (?:está|estava|vem|vinha)"
         r" (?:em|no|na|nos|nas|do|da)"
         r"|het (?:grootste |echte |eigenlijke )?(?:probleem|knelpunt) (?:zit|ligt|zat|lag)"
         r" (?:in|bij|aan)"
         r"|(?:największy |główny |prawdziwy )?problem (?:jest|leży|tkwi|był) (?:w|we)"
         r"|(?:det största |det egentliga )?problemet (?:är|ligger|sitter|låg|satt) (?:i|hos))\b"
         r"|^(?:главная |основная |настоящая )?проблема (?:была )?(?:в|во)\s"
         r"|^(?:真正的|最大的|主要)?(?:问题(?:出在|在于)|問題(?:出在|在於))",
         0.55, 0.55, "sentence"),
    # work put into a later change (`Die Paginierung machen wir in einem eigenen PR`, `…pakken
    # we volgende sprint op`), not one it already went into (`…was merged in a separate PR`)
    _row("deferred-to-later", "todo",
         ("follow-up pr", "followup pr", "separate pr", "own pr", "another pr", "next sprint",
          "follow-up ticket", "separate ticket", "eigenen pr", "separaten pr", "späteren pr",
          "nächsten sprint", "eigenen ticket", "pr séparé", "pr à part", "prochain sprint",
          "ticket séparé", "otro pr", "pr aparte", "pr separad", "próximo sprint",
          "siguiente sprint", "pr separat", "pr a parte", "prossimo sprint", "outro pr",
          "próxima sprint", "aparte pr", "losse pr", "volgende sprint", "отдельном pr",
          "следующем спринте", "отдельном пулл", "osobnym pr", "następnym sprincie",
          "kolejnym sprincie", "separat pr", "egen pr", "nästa sprint", "下个迭代", "下一个迭代",
          "下個迭代", "下个冲刺", "单独的pr", "单独 pr", "另一个pr", "另一个 pr", "次のスプリント",
          "別のpr", "別の pr", "다음 스프린트", "별도 pr", "별도의 pr"),
         r"^(?![^.?!]*\b(?:was|were|did|merged|landed|shipped|already|wurde|wurden|bereits|schon"
         r"|déjà|ya|già|já|уже|al)\b)[^.?!]*?"
         r"(?:\b(?:in|into|for) (?:a |the |its |their )?(?:follow-?up|separate|own|another|later)"
         r" (?:PR|pull request|MR|merge request|ticket|change)\b|\bnext sprint\b"
         r"|\b(?:in|im) (?:einem |einen )?(?:eigenen|separaten|späteren|weiteren|extra)"
         r" (?:PR|Pull Request|MR|Ticket)\b|\bim nächsten sprint\b"
         r"|\bdans (?:une |un )?(?:PR|MR|ticket) (?:séparée?|à part|dédiée?)\b"
         r"|\b(?:au|pour le) prochain sprint\b"
         r"|\ben (?:un |una |otro |otra )?(?:PR|MR|ticket) (?:aparte|separad[oa])\b|\ben otro PR\b"
         r"|\b(?:para|en) el (?:próximo|siguiente) sprint\b"
         r"|\bin (?:una |un )?(?:PR|MR|ticket) (?:separat[oa]|a parte)\b|\bnel prossimo sprint\b"
         r"|\bem (?:um |uma |outro |outra )?(?:PR|MR|ticket) (?:separad[oa]|à parte)\b"
         r"|\bem outro PR\b|\bn[oa] próxim[oa] sprint\b"
         r"|\b(?:in )?(?:een )?(?:aparte|losse) (?:PR|MR|ticket)\b|\bvolgende sprint\b"
         r"|(?<!\w)(?:в )?(?:отдельном|следующем) (?:PR|пулл-?реквесте|спринте)(?!\w)"
         r"|\bw (?:osobnym|kolejnym|następnym) (?:PR|sprincie)\b"
         r"|\bi (?:en )?(?:separat|egen) PR\b|\bnästa sprint\b)"
         r"|(?:下个|下一个|下個|下一個)(?:迭代|冲刺|衝刺)|(?:单独|單獨|另一个|另一個)(?:的)?\s*PR"
         r"|(?:次の)スプリント|別の\s*PR|(?:다음)\s*스프린트|별도(?:의)?\s*PR",
         0.6, 0.5, "sentence", scope="open"),
    # what is still to be settled, labelled (`Noch zu klären: wer die Migration ausführt`,
    # `Reste à trancher : garder l'ancien endpoint ou le supprimer`)
    _label_row("to-settle-label", "question",
               ("to be decided", "to decide", "to clarify", "still to decide", "noch zu klären",
                "zu klären", "noch zu entscheiden", "reste à trancher", "à trancher",
                "à clarifier", "reste à décider", "por aclarar", "por decidir", "queda por decidir",
                "da chiarire", "da decidere", "resta da decidere", "a esclarecer", "a decidir",
                "falta decidir", "предстоит решить", "нужно решить", "nog te beslissen",
                "do ustalenia", "do decyzji", "att avgöra", "karar verilecek", "待定", "待決定",
                "要検討", "未定", "결정 필요"), 0.6),
)
# fmt: on

BY_LANGUAGE: dict[str, tuple[Pattern, ...]] = {
    "en": ENGLISH,
    "de": GERMAN,
    "fr": FRENCH,
    "es": SPANISH,
    "it": ITALIAN,
    "pt": PORTUGUESE,
    "ru": RUSSIAN,
    "uk": UKRAINIAN,
    "nl": DUTCH,
    "pl": POLISH,
    "sv": SWEDISH,
    "tr": TURKISH,
    "zh": CHINESE,
    "ja": JAPANESE,
    "ko": KOREAN,
}
(_REVERSAL_ROW, _FROM_NOW_ON_ROW, _INSTEAD_ROW, _TAKEAWAY_ROW, _GUESS_LABEL_ROW,
 *_GENERAL_ROWS) = EVERY_LANGUAGE  # fmt: skip
PATTERNS: tuple[Pattern, ...] = (
    _REVERSAL_ROW,
    _TAKEAWAY_ROW,
    _GUESS_LABEL_ROW,
    *ENGLISH,
    *(row for language, rows in BY_LANGUAGE.items() if language != "en" for row in rows),
    _FROM_NOW_ON_ROW,
    _INSTEAD_ROW,
    *_GENERAL_ROWS,
)
"""Every row, in the order tried: a reversal first (its clause after `now` is the finding),
then a labelled takeaway (`Key takeaway: always pin…` is not a person's standing order) and a
labelled guess (`Intuition : la lenteur vient du ILIKE` guesses a cause, it did not find it); the
general rows (what is still to do, a probable cause) last, where no row of a language says
more."""
KEYS = tuple(sorted({key for pattern in PATTERNS for key in pattern.keys}))
"""Every row's keys: what a sentence is searched for before any regular expression runs."""
_FINDER = Words(*KEYS)
_ROWS: dict[str, set[int]] = {}
for _i, _row_of in enumerate(PATTERNS):  # once per row's key, not per key and row (0.2 s)
    for _key in _row_of.keys:
        _ROWS.setdefault(_key, set()).add(_i)


def _applies(row: Pattern, person: bool, closing: bool) -> bool:
    """Whether a row reads a person's (or an agent's) message, in the closing report or not."""
    return (row.user if person else row.assistant) is not None and (closing or row.scope != "end")


def _keys_for(person: bool, closing: bool) -> frozenset[str]:
    """The keys of the rows that can read such a message: it need not be split into sentences
    for the others (` now ` opens no row before the closing report, `cap ` none in an agent's
    words)."""
    return frozenset(
        key
        for key, rows in _ROWS.items()
        if any(_applies(PATTERNS[i], person, closing) for i in rows)
    )


_BOTH = (False, True)
KEYS_FOR = {(person, closing): _keys_for(person, closing) for person in _BOTH for closing in _BOTH}
"""`_keys_for` by (a person's message?, in the closing report?)."""


def rows_for(keys: set[str]) -> list[Pattern]:
    """The rows that hold any of these keys, in the order they are tried."""
    return [PATTERNS[i] for i in sorted(set().union(*(_ROWS[key] for key in keys)))]


def keys_in(lower: str) -> set[str]:
    """The keys a (case-folded) text holds, in one pass: 10x faster than testing each of the
    ~200 keys with `in` (benchmarks/structural.py). A key may start with a space, for a word that
    starts there (` cause`, not `because`): the text is read as `spaced` gives it."""
    return _FINDER.found_in(spaced(lower))


def spaced(lower: str) -> str:
    """A text with a space before it and for its line breaks, where a key's word may start."""
    return f" {lower}".replace("\n", " ")
