"""The redaction rules as data: one table, each rule named for what it catches, and how a match
of each is confirmed (`ledger.redact` compiles and runs them).

Speed comes from never running a costly regex over the whole text: a rule's pattern either starts
with a literal, which `re` skips ahead to at C speed, or the rule lists anchors (small
literal-first regexes, shared between rules) and its pattern is tried only where one matches.
`heads` reads that literal from a pattern: where none of a text's heads is, no rule runs.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

Check = Literal["shape", "value", "assignment", "prose"]
"""How a match is confirmed once the pattern has found it.

- `shape`: the pattern alone decides (a prefix and a length no prose has); only masked strings
  (`xxxxxx`, `***`) are let through.
- `value`: free text in a credential slot (the password of a URL): placeholders, templates and
  look-ups (`<password>`, `${DB_PASS}`, `your-password`, `NAME:latest`) are let through too.
- `assignment`: as `value`, and code is let through as well: calls, subscripts, attributes,
  type names and variables (`token=get_token()`, `password: str`, `token = access_token`).
- `prose`: a word a few words after a secret word ("the root password is Tq8v…"): only what
  looks generated (letters and digits mixed, no path, not a hash, a UUID or a version).
"""


@dataclass(frozen=True, slots=True)
class Rule:
    """A kind of secret: its name (shown in the marker), its pattern and how a match is confirmed.

    When the pattern has a group named `secret`, only that group is replaced, so the key of an
    assignment and the user and host of a URL stay readable. Without `anchors` the pattern is
    searched everywhere and must start with a literal; with them, it is tried only where an
    anchor matches, starting there (it may look behind).
    """

    name: str
    pattern: str
    anchors: tuple[str, ...] = ()
    check: Check = "shape"


_SEP = r"(?P<sep>[ \t]*(?::=|=>|=(?!=)|:)[ \t]*)"
"""Between a key and its value: `=`, `:`, `:=`, `=>` with spaces or tabs; never `==` (a test)."""

_VALUE = (
    r"(?P<quote>[bBrRuU]?\\?[\"'`])?"
    r"(?P<secret>(?(quote)[^\s\"'`\\…]|[^\s\"'`\\,;&|<>()\[\]{}]){4,})"
    r"(?(quote)(?:\\?[\"'`]|(?=[\r\n…]|\Z)))"
)
"""A value of 4 characters or more: quoted (no spaces; `b'...'` and JSON-escaped quotes too;
closed, unless cut at the end of a line) or bare up to punctuation."""

_KEY_END = r"\\?[\"']?"
"""The closing quote of a quoted key: `"password": ...`, or `\\"password\\"` inside JSON."""

_KEYLIKE = r"\\?[\"']?(?P<secret>(?=[A-Za-z_./+=~-]{0,255}[0-9])[A-Za-z0-9_./+=~-]{16,})"
"""A generated key: 16 characters or more, with a digit (names and paths rarely are)."""

_NAMED_KEYS = ("PUBLIC", "PUBLISHABLE", "PRIMARY", "FOREIGN", "SORT", "CACHE", "PARTITION")
"""`<WORD>_KEY` names that are not secrets."""


def _assigned(key: str, value: str = _VALUE) -> str:
    return rf"(?:{key}){_KEY_END}{_SEP}{value}"


def _key(literal: str, suffix: int = 0) -> str:
    """An anchor for assignments: a key's literal, then up to `suffix` letters and a separator."""
    return rf"{literal}(?=[A-Za-z_-]{{0,{suffix}}}\\?[\"']?[ \t]*[:=])"


_COMMANDS = (r"-u[ \t](?<![A-Za-z0-9-]-u[ \t])", r"--user[ \t]", "--password[ =]")
"""Where a password may follow on a command line."""
_SECRET_WORDS = (
    "ass[wcp]", "ASSW", "ennwort", "ecret", "ECRET", "oken", "OKEN", "redential", "lave", "enha",
    "pi[ _-]?[Kk]ey", "ccess[ _-]?[Kk]ey", "ot de passe", "ontrase", "arola d'ordine",
    "\u0430\u0440\u043e\u043b\u044c", "\u5bc6\u7801", "\u5bc6\u78bc",
    "\u30d1\u30b9\u30ef\u30fc\u30c9", "\ube44\ubc00\ubc88\ud638",
)  # fmt: skip
"""The words that name a secret in prose, from their second letter on (a literal to look for)."""

RULES: tuple[Rule, ...] = (
    Rule(
        "private-key",
        r"-----BEGIN[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----"
        r"(?:[\s\S]{0,20000}?-----END[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----"
        r"|(?:(?:\r?\n|\\r?\\n)+(?:(?:Proc-Type|DEK-Info|Comment|Version|Hash|Charset): [^\r\n\\]*"
        r"|[A-Za-z0-9+/=]{16,}))+)?",  # a header alone too: two make a key to gitleaks' rule
    ),
    Rule("jwt", r"eyJ(?<![A-Za-z0-9_-]eyJ)[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
    Rule("aws-access-key-id", r"A[KS]IA(?<![A-Za-z0-9+]A[KS]IA)[A-Z0-9]{16}(?![A-Za-z0-9+])"),
    Rule(
        "aws-secret-access-key",
        _assigned(
            r"(?<=[Ss])ecret_?[Aa]ccess_?[Kk]ey|(?<=S)ECRET_ACCESS_KEY",
            r"\\?[\"']?(?P<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
        ),
        anchors=(_key("ecret", 14), _key("ECRET", 14)),
    ),
    Rule("github-token", r"gh(?<![A-Za-z0-9_]gh)[pousr]_[A-Za-z0-9]{36,255}(?![A-Za-z0-9])"),
    Rule("github-token", r"github_pat_(?<![A-Za-z0-9]github_pat_)[A-Za-z0-9_]{22,255}"),
    Rule("gitlab-token", r"glpat-(?<![A-Za-z0-9]glpat-)[A-Za-z0-9_.-]{20,}"),
    Rule("slack-token", r"xox[abprs]-(?<![A-Za-z0-9]xox.-)[0-9]{6,}-[A-Za-z0-9-]{8,}"),
    Rule(
        "slack-webhook",
        r"hooks\.slack\.com/(?:services|workflows|triggers)/"
        r"(?P<secret>T[A-Z0-9]{6,}/[AB][A-Z0-9]{6,}/[A-Za-z0-9/]{16,})",
    ),
    Rule("stripe-key", r"sk_(?<![A-Za-z0-9]sk_)(?:live|test)_[A-Za-z0-9]{16,}"),
    Rule("stripe-key", r"rk_(?<![A-Za-z0-9]rk_)(?:live|test)_[A-Za-z0-9]{16,}"),
    Rule("google-api-key", r"AIza(?<![A-Za-z0-9_-]AIza)[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])"),
    Rule("anthropic-api-key", r"(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,}", anchors=("sk-",)),
    Rule(
        "openai-api-key",
        r"(?<![A-Za-z0-9_-])sk-(?!ant-)(?:proj-|svcacct-|admin-)?"
        r"(?=[A-Za-z_-]{0,255}[0-9])[A-Za-z0-9_-]{20,}",
        anchors=("sk-",),
    ),
    Rule("huggingface-token", r"hf_(?<![A-Za-z0-9_]hf_)(?=[A-Za-z]{0,255}[0-9])[A-Za-z0-9]{30,}"),
    Rule(
        "npm-token",
        r"npm_(?<![A-Za-z0-9_]npm_)[A-Za-z0-9]{36}(?![A-Za-z0-9])",
    ),
    Rule("pypi-token", r"pypi-(?<![A-Za-z0-9_-]pypi-)AgE[A-Za-z0-9_-]{50,}"),
    Rule(
        "sendgrid-key",
        r"SG\.(?<![A-Za-z0-9_]SG\.)[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}",
    ),
    Rule(
        "shopify-token",
        r"shp(?<![A-Za-z0-9_]shp)(?:at|ca|pa|ss)_[a-fA-F0-9]{32}",
    ),
    Rule("digitalocean-token", r"do(?<![A-Za-z0-9_]do)[opr]_v1_[a-f0-9]{64}"),
    Rule(
        "stripe-webhook-secret",
        r"whsec_(?<![A-Za-z0-9_]whsec_)[A-Za-z0-9+/]{24,}",
    ),
    Rule("age-secret-key", r"AGE-SECRET-KEY-1[0-9A-Z]{58}"),
    Rule("twilio-key", r"SK(?<![A-Za-z0-9]SK)[0-9a-f]{32}(?![A-Za-z0-9])"),
    # formats the vendored rules lack (a red team's set of 125, session 15)
    Rule("figma-token", r"figd_(?<![A-Za-z0-9]figd_)[A-Za-z0-9_-]{38,}"),
    Rule("groq-api-key", r"gsk_(?<![A-Za-z0-9]gsk_)[A-Za-z0-9]{40,}"),
    Rule("replicate-token", r"r8_(?<![A-Za-z0-9]r8_)[A-Za-z0-9]{30,}"),
    Rule("doppler-token", r"dp\.(?<![A-Za-z0-9]dp\.)(?:ct|st|sa|scim|audit)\.[A-Za-z0-9]{40,}"),
    Rule("vault-token", r"hvb\.(?<![A-Za-z0-9]hvb\.)[A-Za-z0-9_-]{60,}"),
    Rule("atlassian-token", r"ATATT3(?<![A-Za-z0-9]ATATT3)[A-Za-z0-9_=-]{100,}"),
    Rule("airtable-token", r"pat(?<![A-Za-z0-9]pat)[A-Za-z0-9]{14}\.[a-f0-9]{64}"),
    Rule(
        "discord-webhook",
        r"discord(?:app)?\.com/api/webhooks/[0-9]{17,20}/(?P<secret>[A-Za-z0-9_-]{60,})",
    ),
    Rule(
        "braintree-token",
        r"access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}",
    ),
    Rule("fcm-server-key", r":APA91b[A-Za-z0-9_-]{100,}"),  # `AAAA…` before it is the sender's id
    Rule("supabase-token", r"sbp_(?<![A-Za-z0-9]sbp_)[a-f0-9]{40}"),
    Rule("supabase-token", r"sb_secret_(?<![A-Za-z0-9]sb_secret_)[A-Za-z0-9_-]{20,}"),
    Rule("netlify-token", r"nfp_(?<![A-Za-z0-9]nfp_)[A-Za-z0-9]{30,}"),
    Rule("new-relic-key", r"NRAK-(?<![A-Za-z0-9]NRAK-)[A-Z0-9]{27}"),
    Rule("contentful-token", r"CFPAT-(?<![A-Za-z0-9]CFPAT-)[A-Za-z0-9_-]{43}"),
    Rule("sonarqube-token", r"sq(?<![A-Za-z0-9]sq)[pua]_[a-f0-9]{40}"),
    Rule("render-token", r"rnd_(?<![A-Za-z0-9]rnd_)[A-Za-z0-9]{32,}"),
    Rule("okta-token", r"SSWS[ \t]+(?P<secret>00[A-Za-z0-9_-]{40})"),
    Rule("mailgun-key", r"key-(?<![A-Za-z0-9/_-]key-)[0-9a-f]{32}(?![0-9A-Za-z])"),
    Rule("square-token", r"sq0(?<![A-Za-z0-9]sq0)(?:csp|atp)-[A-Za-z0-9_-]{22,}"),
    Rule("cloudflare-key", r"X-Auth-Key:[ \t]*(?P<secret>[0-9a-f]{37})"),
    Rule("azure-sas", r"sig=(?<=[?&]sig=)(?P<secret>[A-Za-z0-9%+/]{30,}(?:%3D|=){0,2})"),
    Rule("password-hash", r"\$apr1\$[./0-9A-Za-z]{1,8}\$[./0-9A-Za-z]{22}"),
    Rule("password-hash", r"\$2(?<![A-Za-z0-9]\$2)[aby]\$[0-9]{2}\$[./0-9A-Za-z]{53}"),
    Rule(
        "docker-auth",
        r"auth\\?\"[ \t]*:[ \t]*\\?\"(?P<secret>[A-Za-z0-9+/]{16,}={0,2})\\?\"",
        anchors=('auth"', 'auth\\"'),
    ),
    Rule("npm-auth", r"_auth(?:Token)?[ \t]*=[ \t]*(?P<secret>[^\s\"']{8,})", check="value"),
    Rule(
        "cli-password",
        r"sshpass[ \t]+-p[ \t]*\\?[\"']?(?P<secret>[^\s\"'…-][^\s\"']{3,})",
        check="value",
    ),
    Rule(
        "cli-password",
        r"ldap(?:search|modify|add|delete|whoami|passwd|compare)\b[^\n|;&]{0,120}?[ \t]-w[ \t]+"
        r"\\?[\"']?(?P<secret>[^\s\"'…-][^\s\"']{3,})",
        check="value",
    ),
    Rule(
        "cli-password",
        r"redis-cli\b[^\n|;&]{0,120}?[ \t]-a[ \t]+\\?[\"']?(?P<secret>[^\s\"'…-][^\s\"']{3,})",
        check="value",
    ),
    Rule(
        "secret-assignment",
        r"_PASSWORD\\?[\"'][ \t]*,[ \t]*\\?[\"'](?P<secret>[^\"'\s\\]{4,})\\?[\"']",
        check="value",
    ),
    Rule(
        "secret-assignment",
        r"<(?:password|passwd|secret|token|apiKey|api_key)>(?P<secret>[^<\s]{4,})</",
        anchors=("<password>", "<passwd>", "<secret>", "<token>", "<apiKey>", "<api_key>"),
        check="value",
    ),
    Rule(
        "telegram-bot-token",
        r":AA(?<=[0-9]{8}:AA)(?P<secret>[A-Za-z0-9_-]{33})(?![A-Za-z0-9_-])",
    ),
    Rule(
        "azure-storage-key",
        r"AccountKey=(?P<secret>[A-Za-z0-9+/]{80,}={0,2})",
    ),
    Rule(
        "basic-auth",
        r"asic(?<=[Bb]asic)[ \t]+"
        r"(?P<secret>(?=[A-Za-z0-9+/]{0,255}[0-9+=])[A-Za-z0-9+/]{12,}={0,2})(?![A-Za-z0-9+/=])",
        check="value",
    ),
    Rule(
        "cli-password",
        r"(?:-u|--user)[ \t]+\\?[\"']?[^\s:\"'@]+:(?P<secret>[^\s\"'@]{3,})",
        anchors=_COMMANDS,
        check="value",
    ),
    Rule(
        "cli-password",
        r"(?:-p|--password)(?:[ \t]+|=)\\?[\"']?(?P<secret>[^\s\"'…-][^\s\"']{3,})",
        anchors=_COMMANDS,
        check="value",
    ),
    Rule(
        "cli-password",
        r"docker login\b[^\n|;&]{0,120}?[ \t](?:-p|--password)(?:[ \t]+|=)\\?[\"']?"
        r"(?P<secret>[^\s\"'…-][^\s\"']{3,})",
        check="value",
    ),
    Rule(
        "cli-password",
        r"mysql(?:[^\n|;&]{0,80}?[ \t])-p(?P<secret>[^\s\"'…-][^\s\"']{3,})",
        check="value",
    ),
    Rule(
        "env-secret",
        _assigned(r"(?<=P)GPASSWORD|(?<=MYSQL_)PWD|(?<=R)EDISCLI_AUTH"),
        anchors=(_key("GPASSWORD"), _key("PWD"), _key("EDISCLI_AUTH")),
        check="assignment",
    ),
    Rule(
        "bearer-token",
        r"(?<=[Bb])earer[ \t]+(?P<secret>(?=[A-Za-z._~+/-]{0,255}[0-9])[A-Za-z0-9._~+/-]{20,}=*)",
        anchors=("earer",),
        check="value",
    ),
    Rule(
        "url-password",
        r"://[^\s:/@?#\[\]\"'\\]*:(?P<secret>[^\s@/?#\[\]\"'\\]+)@",
        check="value",
    ),
    Rule(  # the same in JSON that escapes its slashes: `"postgres:\/\/app:PW@db\/app"`
        "url-password",
        r":\\/\\/[^\s:/@?#\[\]\"'\\]*:(?P<secret>[^\s@/?#\[\]\"'\\]+)@",
        check="value",
    ),
    Rule(
        "env-key",
        _assigned("".join(f"(?<!{word}_)" for word in _NAMED_KEYS) + "(?<=[A-Z0-9]_)KEY", _KEYLIKE),
        anchors=(_key("KEY"),),
        check="value",
    ),
    Rule(
        "env-secret",
        _assigned(r"(?<=[A-Z0-9]_S)ECRET|(?<=[A-Z0-9]_T)OKEN|(?<=[A-Z0-9]_)PASS(?:WORD|WD)?"),
        anchors=(_key("ECRET", 14), _key("OKEN"), _key("PASS", 4)),
        check="assignment",
    ),
    Rule(
        "secret-assignment",
        _assigned(
            r"(?<=[Pp])assw(?:or)?d|(?<![A-Z0-9])PASSW(?:OR)?D"
            r"|(?<=[Ss])ecret(?:[_-]?[Kk]ey)?|(?<![A-Z0-9]S)(?<=S)ECRET(?:_KEY)?"
            r"|(?<=[Tt])oken|(?<![A-Z0-9]T)(?<=T)OKEN"
            r"|(?:(?<=[Aa][Pp][Ii])|(?<=[Aa][Pp][Ii][_-]))(?:[Kk]ey|KEY)"
        ),
        anchors=(
            *(_key("assw", 3), _key("PASS", 4), _key("ecret", 14), _key("ECRET", 14)),
            *(_key("oken"), _key("OKEN"), _key("key"), _key("Key"), _key("KEY")),
        ),
        check="assignment",
    ),
    Rule(  # a password stated as one: `the db password is Sommer4821`, `密码是…`, `パスワードは…`
        "password-in-prose",
        r"(?:(?<=[Pp])ass(?:word|wort|wd|code|phrase)|(?<=P)ASS(?:WORD|WD)|(?<=[Kk])ennwort"
        r"|(?<=[Mm])ot de passe|(?<=[Cc])ontrase\u00f1a|(?<=[Ss])enha"
        r"|\u0430\u0440\u043e\u043b\u044c"
        r"|\u5bc6\u7801|\u5bc6\u78bc|\u30d1\u30b9\u30ef\u30fc\u30c9|\ube44\ubc00\ubc88\ud638)"
        r"(?:[ \t]+(?:is|was|lautet|ist|est|es|\u00e9|\u00e8|\u044d\u0442\u043e)[ \t]+"
        r"|[ \t]*(?:\uff1a|\u662f|\u4e3a|\u70ba|\u306f|\ub294|\uc740)[ \t]*)"
        r"(?P<secret>(?=[^\s\"'`]{0,78}[0-9!@#$%^&*_+~])[A-Za-z0-9!@#$%^&*_+~.,:;=?/-]{5,79}"
        r"[A-Za-z0-9@#$%^&*_+~=-])",
        anchors=_SECRET_WORDS,
        check="value",
    ),
    Rule(
        "secret-assignment",
        _assigned(r"(?<![A-Za-z0-9_])pwd?"),
        anchors=(_key("pw", 1),),
        check="assignment",
    ),
    Rule(  # a user and a password given together: `log in as admin / pyqzmBER7I`
        "credentials-in-prose",
        r"(?:log(?:[ -]?in|ged in)|sign(?:[ -]?in|ed in)|cred(?:s|entials)?)\b[^\n.]{0,40}?"
        r"[ \t][A-Za-z0-9_.@-]{2,40}[ \t]*/[ \t]*(?P<secret>[^\s\"'`/]{6,80})(?![^\s\"'`])",
        anchors=(
            "log in",
            "login",
            "logged in",
            "Log in",
            "Login",
            "sign in",
            "signin",
            "Sign in",
            "creds",
            "credentials",
            "Creds",
            "Credentials",
        ),
        check="prose",
    ),
    Rule(
        "secret-in-prose",
        r"(?:(?<=[Pp])ass(?:word|wort|wd|code|phrase)|(?<=P)ASS(?:WORD|WD)|(?<=[Kk])ennwort"
        r"|(?<=[Ss])ecret|(?<=S)ECRET|(?<=[Tt])oken|(?<=T)OKEN|(?<=[Cc])redentials?"
        r"|(?<=[Cc])lave|(?<=[Ss])enha|(?<=[Aa])pi[ _-]?[Kk]ey|(?<=[Aa])ccess[ _-]?[Kk]ey"
        r"|(?<=[Mm])ot de passe|(?<=[Cc])ontrase\u00f1a|(?<=[Pp])arola d'ordine"
        r"|\u0430\u0440\u043e\u043b\u044c|\u5bc6\u7801)"
        r"(?:[^\n\\\"{}\[\],;|]{0,60}?)(?<=[\s:=(\"'`\uff1a])"
        r"(?P<secret>(?=[^\s\"'`]{0,79}[0-9])(?=[^\s\"'`]{0,79}[A-Za-z])[A-Za-z0-9!@#$%^*_+~-]{8,80})"
        r"(?![A-Za-z0-9!@#$%^&*_+=~/-]|[.:][A-Za-z0-9/])",
        anchors=_SECRET_WORDS,
        check="prose",
    ),
)

# Reading patterns: the text every match of one starts with (the engine and vendored.py
# run a rule only where that text is).


def _syntax(pattern: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
    """The characters of a pattern from `start` that are its syntax (neither escaped nor in a
    class), each with where it is and how deep in groups the pattern is after it."""
    depth, escaped, in_class = 0, False, False
    for at in range(start, len(pattern)):
        char = pattern[at]
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        else:
            depth += (char == "(") - (char == ")")
            yield at, char, depth


def branches(pattern: str) -> list[str]:
    """The top-level alternatives of a pattern (a `|` inside a group or a class is not one)."""
    found, start = [], 0
    for at, char, depth in _syntax(pattern):
        if char == "|" and depth == 0:
            found.append(pattern[start:at])
            start = at + 1
    return [*found, pattern[start:]]


_LOOKAROUND = re.compile(r"\(\?<?[=!]")
_ESCAPE = re.compile(r"\\u([0-9a-f]{4})|\\([.\-/\\$])")
_CLASS = re.compile(r"\[((?:[A-Za-z0-9_ ]|\\t){1,5}-?)\]")
"""A class of a few plain characters (a tab, a last `-`): each of them spells a needle."""
_MOST_HEADS = 32
_SPECIAL = frozenset("\\[](){}.*+?^$|")


def group_end(pattern: str, at: int) -> int:
    """Just past the `)` that closes the group opening at `at`."""
    for end, char, depth in _syntax(pattern, at):
        if char == ")" and depth == 0:
            return end + 1
    return len(pattern)


def heads(branch: str) -> list[str]:
    """The texts one of which every match of `branch` starts with: its leading literal, read
    through lookarounds (they take no text) and spelt out through small classes and optional
    parts (`A[KS]IA` is `AKIA` or `ASIA`, `pi[ _-]?[Kk]ey` eight texts); it ends before a part
    that repeats any number of times, and after one that repeats at least once."""
    found, at = [""], 0
    while at < len(branch):
        if _LOOKAROUND.match(branch, at):
            at = group_end(branch, at)
            continue
        if escape := _ESCAPE.match(branch, at):
            chars, end = chr(int(escape[1], 16)) if escape[1] else escape[2], escape.end()
        elif spelt := _CLASS.match(branch, at):
            chars, end = spelt[1].replace("\\t", "\t"), spelt.end()
        elif branch[at] not in _SPECIAL:
            chars, end = branch[at], at + 1
        else:
            break
        quantifier = branch[end : end + 1]
        options = [*chars, ""] if quantifier == "?" else list(chars)
        if quantifier in ("*", "{") or len(found) * len(options) > _MOST_HEADS:
            break
        found = [head + char for head in found for char in options]
        if quantifier == "+":
            break
        at = end + (quantifier == "?")
    return found


def utf8(text: str) -> bytes:
    """A text as UTF-8 for a byte search, a lone surrogate (which JSON may hold) too."""
    return text.encode("utf-8", "surrogatepass")


_MASKED = re.compile(r"[xX]{6}|[*•]{3}")
_PLACEHOLDER = re.compile(
    # words that name a secret or a type rather than being one
    r"^(?:none|null|nil|true|false|undefined|str|string|bytes|int|bool|boolean|any|object"
    r"|optional|required|secretstr|text|char|varchar|number|self|this|key|env|empty|unset"
    r"|unknown|missing|invalid|hidden|masked|pass|passwd|password|pwd|secret|secrets|token"
    r"|apikey|api_key|test|todo|tbd|read|write|latest|value|default|inherit)$"
    # masks, numbers, colours, secret-manager references
    r"|^[*x.•…_-]+$|^[0-9]{1,6}$|^(?:0x|#)[0-9a-f]+$|^[A-Za-z0-9_.-]+:(?:latest|[0-9]+)$"
    # templates, variables, look-ups and made-up values
    r"|^[%{<\[(]|\$[{(]|(?:^|[^A-Za-z0-9])\$[A-Za-z_]|\{\{|environ|getenv|process\.env"
    r"|import\.meta|secrets\."
    r"|your|example|placeholder|change[_-]?me|dummy|redacted|x{4}",
    re.IGNORECASE,
)
"""Values that stand for a secret without being one: templates, look-ups, masks, type names,
numbers and colours, secret-manager references (`TWITTER_API_KEY:latest`), GitHub permissions
(`id-token: write`)."""

_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z]+(?:_[a-z]+)+")
"""A snake_case name: a secret manager's entry (`TWITTER_API_KEY=TWITTER_API_KEY`), a constant
(`GRANT_TYPE = "refresh_token"`)."""

_REFERENCE = re.compile(r"[A-Za-z_]+(?:\.[A-Za-z_]+)+")
"""A dotted name: an attribute in code (`self.token`, `settings.SECRET_KEY`)."""

_WORD = re.compile(r"[A-Za-z_]+")


def _is_code(match: re.Match[str], value: str) -> bool:
    """Whether a bare (unquoted) assigned value is code or prose rather than a literal secret."""
    following = match.string[match.end() : match.end() + 1]
    if following in ("(", "[", "{") or _REFERENCE.fullmatch(value):
        return True
    # A word is prose after `key: `, a variable after `key = `, a name or type when it has capitals
    # or underscores, and a literal only in `key=word` (shell, URL query, .env).
    literal = match.group("sep") == "=" and value.isalpha() and value.islower()
    return bool(_WORD.fullmatch(value)) and not literal


_NOT_GENERATED = re.compile(
    r"[0-9a-fA-F]{7,12}|[0-9a-fA-F]{40}|[0-9a-fA-F]{64}"  # git SHAs and hashes
    r"|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"  # UUIDs
    r"|[A-Za-z]+[0-9]{1,4}",  # a word with a number: utf8, python3
)
"""Words near a secret word that are not secrets: hashes, ids, names of things."""


def _generated(value: str) -> bool:
    """Whether a word looks made by a machine or a person choosing a password: mixed letters
    and digits (or symbols) spread through it, not a hash, an id or a name."""
    if _NOT_GENERATED.fullmatch(value) or _PLACEHOLDER.search(value):
        return False
    words = re.split(r"[_-]", value)
    if (
        len(words) > 1
        and (value.islower() or value.isupper())
        and any(len(w) >= 3 and w.isalpha() for w in words)
    ):
        return False  # a snake_case or kebab-case name: trading_stats_24h, europe-west3
    classes = sum(
        any(test(c) for c in value)
        for test in (str.islower, str.isupper, str.isdigit, lambda c: not c.isalnum())
    )
    return classes >= 3 or (classes == 2 and len(value) >= 12)


_LOOKED_AT = 256
"""What of a value its placeholder and mask tests read: they say how a value starts or looks,
and a value can run on (`token=token=…` is one run of 6,000 characters, found at each of its
1,000 keys: testing it whole made redaction quadratic, 24 KB took minutes)."""


def masked(value: str) -> bool:
    """A value shown masked (`xxxxxx`, `***`): a placeholder, not a secret."""
    return _MASKED.search(value, 0, _LOOKED_AT) is not None


def confirmed(check: Check, match: re.Match[str], value: str) -> bool:
    if masked(value):
        return False
    if check == "shape":
        return True
    if check == "prose":
        return _generated(value)
    if _PLACEHOLDER.search(value, 0, _LOOKED_AT) or _NAME.fullmatch(value):
        return False
    return check == "value" or bool(match.group("quote")) or not _is_code(match, value)
