"""Redaction: each rule catches its secret, spares its near-miss, and never re-matches a marker.

Every credential here is fake, and built by concatenation so that secret scanners do not take
this file for a leak (the AWS pair is AWS's own documented example).
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from ledger.redact import RULES, SecretMatch, find_secrets, redact

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"

AWS_KEY_ID = "AKIA" + "IOSFODNN7EXAMPLE"
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYEXAMPLEKEY"
GITHUB = "gh" + "p_" + "FAKE0123456789abcdefghijklmnopqrstuv"
GITHUB_PAT = "github" + "_pat_" + "11FAKE0123456789abcdef_FAKEfake0123456789abcdefghijklmnop"
GITLAB = "gl" + "pat-" + "FAKEfake0123456789ab"
SLACK = "xo" + "xb-" + "000000000000-0000000000000-FAKEfakeFAKEfake0123"
SLACK_HOOK_PATH = "T0FAKE000/B0FAKE000/" + "FAKEfake0123456789abcd"
STRIPE = "sk" + "_live_" + "FAKE0123456789abcdefFAKE"
STRIPE_RESTRICTED = "rk" + "_test_" + "FAKE0123456789abcdefFAKE"
GOOGLE = "AI" + "za" + "SyFAKE-0123456789_abcdefghijklmnopq"
ANTHROPIC = "sk-" + "ant-" + "api03-FAKE0123456789abcdefghijklmnopqrstuvwxyz-_FAKEAA"
OPENAI = "sk-" + "proj-" + "FAKE0123456789abcdefghijklmnop_qrstuv-wxyz"
OPENAI_LEGACY = "sk-" + "FAKE0123456789abcdefT3BlbkFJFAKE0123456789abcdef"
HUGGINGFACE = "hf" + "_" + "FAKEfake0123456789abcdefghijklmnop"
JWT = "eyJ" + "hbGciOiJIUzI1NiJ9." + "eyJzdWIiOiJmYWtlIn0." + "FAKEsignature0123456789_-abc"
PEM_BODY = "MIIEowIBAAKCAQEAFAKEfakeFAKEfake0123456789\nabcdefFAKEfakeFAKE0123456789+/=="
PEM = "-----BEGIN " + "RSA PRIVATE KEY-----\n" + PEM_BODY + "\n-----END RSA PRIVATE KEY-----"
NPM = "npm" + "_" + "FAKEfake0123456789abcdefghijklmnopqr"
PYPI = "pypi-" + "AgEIcHlwaS5vcmc" + "CJDFAKEfake0123456789abcdefghijklmnopqrstuvwxyz0123456789"
SENDGRID = "SG" + ".FAKEfake0123456789abcd." + "FAKEfake0123456789abcdefghijklmnopqrstuvwxy"
SHOPIFY = "shp" + "at_" + "0123456789abcdef0123456789abcdef"
DIGITALOCEAN = "dop" + "_v1_" + "0123456789abcdef" * 4
WHSEC = "wh" + "sec_" + "FAKEfake0123456789abcdefFAKE"
AGE = "AGE-SECRET-" + "KEY-1" + "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7LQPZRY9X8GF2TVDW0S3JN54KHCE"
TWILIO = "SK" + "0123456789abcdef0123456789abcdef"
TELEGRAM = "FAKEfake0123456789abcdefFAKEfake0"
AZURE = "FAKEfake0123456789+/" * 4 + "abcdefgh=="

POSITIVES = [
    # rule, text before, the secret, text after
    ("private-key", "key.pem:\n", PEM, "\nthen restart"),
    ("jwt", "curl -H 'X-Session: ", JWT, "' localhost"),
    ("aws-access-key-id", "aws_access_key_id = ", AWS_KEY_ID, "\n"),
    ("aws-secret-access-key", "aws_secret_access_key = ", AWS_SECRET, "\n"),
    ("aws-secret-access-key", 'export AWS_SECRET_ACCESS_KEY="', AWS_SECRET, '"'),
    ("aws-secret-access-key", '{"SecretAccessKey": "', AWS_SECRET, '", "x": 1}'),
    ("github-token", "git clone https://", GITHUB, "@github.com/o/r"),
    ("github-token", "GH_TOKEN=", GITHUB_PAT, " gh pr list"),
    ("gitlab-token", "-H 'PRIVATE-TOKEN: ", GITLAB, "'"),
    ("slack-token", "the bot token is ", SLACK, ", rotate it"),
    ("slack-webhook", "POST https://hooks.slack.com/services/", SLACK_HOOK_PATH, " failed"),
    ("stripe-key", "stripe.api_key = '", STRIPE, "'"),
    ("stripe-key", "key ", STRIPE_RESTRICTED, "."),
    ("google-api-key", "maps?key=", GOOGLE, "&q=x"),
    ("anthropic-api-key", "ANTHROPIC_API_KEY=", ANTHROPIC, "\n"),
    ("openai-api-key", "OPENAI_API_KEY=", OPENAI, "\n"),
    ("openai-api-key", "client = OpenAI(api_key='", OPENAI_LEGACY, "')"),
    ("huggingface-token", "huggingface-cli login --token ", HUGGINGFACE, " done"),
    ("bearer-token", 'curl -H "Authorization: Bearer ', "FAKE0123456789abcdefghij", '" api'),
    ("url-password", "postgres://admin:", "hunter2FAKE", "@db.internal:5432/app"),
    ("url-password", "DATABASE_URL=mysql://app:", "s3cr3t%21FAKE", "@10.0.0.5/prod"),
    ("env-key", "ENCRYPTION_KEY=", "FAKE0123456789abcdefABCDEF", "\n"),
    ("env-key", "SECRET_KEY = '", "django-insecure-FAKE0123456789", "'"),
    ("env-secret", "DB_PASSWORD=", "tiramisu", "\nDB_HOST=db"),
    ("env-secret", "export SMTP_PASS=", "s3cr3t!FAKE", "\n"),
    ("env-secret", "  ACME_TOKEN: ", "FAKE0123abcd", "\n"),
    ("secret-assignment", "password=", "hunter2FAKE", " user=bob"),
    ("secret-assignment", "passwd: ", "hunter2FAKE", "\n"),
    ("secret-assignment", '{"client_secret": "', "FAKEs3cret", '"}'),
    ("secret-assignment", "api_key = '", "FAKE1234abcd", "'"),
    ("secret-assignment", "const apiKey = `", "FAKE1234abcd", "`;"),
    ("secret-assignment", "x-api-key: ", "FAKE1234abcd", "\n"),
    ("secret-assignment", "wss://host/feed?token=", "FAKE1234abcd", "&v=2"),
    ("secret-assignment", "psql password=", "hunter", " host=db"),
    ("npm-token", "//registry.npmjs.org/:_authToken=", NPM, "\n"),
    ("pypi-token", "twine upload -p ", PYPI, " dist/*"),
    ("sendgrid-key", "the SendGrid key is ", SENDGRID, "."),
    ("shopify-token", "X-Shopify-Access-Token: ", SHOPIFY, "\n"),
    ("digitalocean-token", "doctl auth init -t ", DIGITALOCEAN, ""),
    ("stripe-webhook-secret", "endpoint secret ", WHSEC, " (webhooks)"),
    ("age-secret-key", "# created: 2026\n", AGE, "\n"),
    ("twilio-key", "twilio api key ", TWILIO, " for sms"),
    ("telegram-bot-token", "https://api.telegram.org/bot123456789:AA", TELEGRAM, "/getMe"),
    ("azure-storage-key", "AccountName=acme;AccountKey=", AZURE, ";EndpointSuffix=x"),
    ("basic-auth", "-H 'Authorization: Basic ", "ZGVwbG95OnM0Y3JldEZBS0U=", "'"),
    ("cli-password", "curl -u deploy:", "s4cretFAKE", " https://ci/x"),
    ("cli-password", "docker login -u bot -p ", "s4cretFAKE", " ghcr.io"),
    ("cli-password", "mysql -h db -u root -p", "s4cretFAKE", " shop"),
    ("env-secret", "PGPASSWORD=", "s4cretFAKE", " psql -h db"),
    ("secret-in-prose", "the new root password for staging is ", "Tq8vL2m9xZ", ", use that"),
    ("password-in-prose", "Das Passwort lautet ", "K9x2mPq7rT", "."),
    ("secret-in-prose", "пароль: ", "Zx81mQpw7Lk", " от базы"),
    ("password-in-prose", "la contraseña es ", "Hx82kLmq2Z", " ahora"),
    # session 15: formats and shapes a red team found leaking (a name a person chose, CJK)
    ("password-in-prose", "TODO: the db password is ", "Sommer4821", " and rotate it"),
    ("password-in-prose", "the password is ", "zpizq7mA.382", "."),
    ("password-in-prose", "服务器的SSH密码是", "xLFAqKH6_388", "，别外传"),
    ("password-in-prose", "本番のパスワードは", "NHvIEmg78o*428", "です"),
    ("credentials-in-prose", "log in to the admin panel as admin / ", "pyqzmBER7I", " and rotate"),
    ("secret-assignment", "pw: ", "Xk3pQ9vR2m", ""),
    ("secret-assignment", "define('DB_PASSWORD', '", "Xk3pQ9vR2m", "');"),
    ("secret-assignment", "<password>", "Xk3pQ9vR2m", "</password>"),
    ("url-password", '{"url":"postgres:\\/\\/app:', "Hx7pQ2mZr9", '@db:5432\\/app"}'),
    ("url-password", "redis://default:", "Kaffee1683$", "@cache.internal:6379/0"),
    ("cli-password", "sshpass -p '", "Xk3pQ9vR2m", "' ssh root@h"),
    ("cli-password", "ldapsearch -x -D cn=admin -w ", "Xk3pQ9vR2m", " -b dc=x"),
    ("cli-password", "redis-cli -h cache -a ", "Xk3pQ9vR2m", " ping"),
    ("figma-token", "revoke ", "figd_" + "FaUNWutPqcaQa9UttQBck2Ux5IvMwPi2ijN0pqbQ", "?"),
    ("groq-api-key", "", "gsk_" + "F4EElmpNYgAU6rjhRr0rpdA0HJiyPOTnncG50hu3Fszad5tibnw4", "."),
    ("replicate-token", "(", "r8_" + "FAKEfake0123456789abcdefghijklmnopqrst", ")"),
    ("doppler-token", "DOPPLER=", "dp.ct." + "FAKEfake0123456789abcdefghijklmnopqrstuvwxyz", ""),
    ("vault-token", "batch ", "hvb." + "FAKEfake0123456789abcdef" * 3, "/"),
    ("atlassian-token", "", "ATATT3" + "xFfGF0sIKbqjrbrBt-tmgAtoiPAUqO1_FvPy" * 4, " for CI"),
    ("airtable-token", "", "pat" + "FAKEfake012345." + "0123456789abcdef" * 4, "."),
    (
        "discord-webhook",
        "https://discord.com/api/webhooks/123456789012345678/",
        "FAKEfake0123456789_-abcdefghijklmnopqrstuvwxyzFAKEfake0123456789ab",
        " posts",
    ),
    (
        "braintree-token",
        "",
        "access_token$production$" + "abcdefgh01234567$" + "0123456789abcdef" * 2,
        ".",
    ),
    ("fcm-server-key", "AAAAFAKEfak", ":APA91b" + "FAKEfake0123456789_-" * 6, ""),
    ("supabase-token", "", "sbp_" + "0123456789abcdef0123456789abcdef01234567", "."),
    ("netlify-token", "", "nfp_" + "FAKEfake0123456789abcdefghijklmnop", "."),
    ("new-relic-key", "", "NRAK-" + "FAKE0123456789ABCDEFGHIJKLM", "."),
    ("contentful-token", "", "CFPAT-" + "FAKEfake0123456789_-abcdefghijklmnopqrstuvw", "."),
    ("sonarqube-token", "", "sqp_" + "0123456789abcdef0123456789abcdef01234567", "."),
    ("render-token", "", "rnd_" + "FAKEfake0123456789abcdefghijklmn", "."),
    ("okta-token", "Authorization: SSWS ", "00" + "FAKEfake0123456789_-abcdefghijklmnopqrst", ""),
    ("mailgun-key", "", "key-" + "0123456789abcdef0123456789abcdef", "."),
    ("square-token", "", "sq0csp-" + "FAKEfake0123456789_-abcdefgh", "."),
    ("cloudflare-key", "X-Auth-Key: ", "0123456789abcdef0123456789abcdef01234", ""),
    (
        "azure-sas",
        "https://a.blob.core.windows.net/c?sv=2022&sig=",
        "FAKEfake0123456789abcdefghijkl%2B%3D",
        "",
    ),
    ("password-hash", "admin:", "$apr1$abc12345$abcdefghijklmnopqrstuv", ""),
    ("docker-auth", '{"auths":{"ghcr.io":{"auth":"', "dXNlcjpYazNwUTl2UjJtMTIz", '"}}}'),
    ("npm-auth", "_auth=", "dXNlcjpwYXNzd29yZDEy", ""),
    # a header alone: two in one file are a key to gitleaks' rule, which `ledger check` runs
    (
        "private-key",
        "We leaked the OpenSSH private key: ",
        "-----BEGIN OPENSSH PRIVATE KEY-----",
        "",
    ),
]

NEAR_MISSES = [
    # rule it must not fire, text
    ("private-key", "the file starts with BEGIN RSA PRIVATE KEY, between five dashes"),
    (
        "private-key",
        "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A\n-----END PUBLIC KEY-----",
    ),
    ("jwt", "the header eyJhbGciOiJIUzI1NiJ9 decodes to {'alg': 'HS256'}"),
    ("aws-access-key-id", "AKIA1234 is too short"),
    ("aws-access-key-id", "base64: QUJDREVGR0hJSktMTU5PUFFSAKIAIOSFODNN7EXAMPLE"),
    ("aws-secret-access-key", "aws_secret_access_key = ${AWS_SECRET}"),
    ("github-token", "ghp_tooShort and gho_"),
    ("github-token", "YbDghp_" + "FAKE0123456789abcdefghijklmnopqrstuv (inside base64)"),
    ("gitlab-token", "glpat-short"),
    ("slack-token", "SLACK_BOT_TOKEN=xoxb-your-bot-token"),
    (
        "slack-webhook",
        "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
    ),
    ("stripe-key", "sk_live_ is the prefix of live keys; mask_live_preview_enabled_flag"),
    ("google-api-key", "AIzaShort"),
    ("anthropic-api-key", "sk-ant-... goes in ANTHROPIC_API_KEY"),
    ("openai-api-key", "task-list-manager-and-everything-else"),
    ("openai-api-key", "scikit sk-learn-compatible-estimators-here"),
    ("huggingface-token", "from huggingface_hub import hf_hub_download"),
    ("bearer-token", "Authorization: Bearer ${TOKEN}; Bearer tokens are opaque"),
    ("url-password", "ssh://git@github.com:22/o/r.git and http://localhost:3000/x"),
    ("url-password", "postgres://user:password@localhost/db"),
    ("url-password", "redis://default:${REDIS_PASSWORD}@cache:6379"),
    ("env-key", "CACHE_KEY = 'ledger:v1:state'"),
    ("env-key", "PUBLIC_KEY=0123456789abcdef0123456789abcdef"),
    ("env-key", "TWITTER_API_KEY=TWITTER_API_KEY"),
    ("env-secret", "CLICKHOUSE_PASSWORD="),
    ("env-secret", "TWITTER_API_KEY=TWITTER_API_KEY:latest"),
    ("env-secret", "GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}"),
    ("secret-assignment", "password: str"),
    ("secret-assignment", "token=get_token()"),
    ("secret-assignment", "token: ${GITHUB_TOKEN}"),
    ("secret-assignment", "password=None"),
    ("secret-assignment", 'api_key="your-api-key"'),
    ("secret-assignment", "token: <token>"),
    ("secret-assignment", "password: ****"),
    ("secret-assignment", "api_key=xxx"),
    ("secret-assignment", "API_KEY=$API_KEY"),
    ("secret-assignment", 'api_key = os.environ["OPENAI_API_KEY"]'),
    ("secret-assignment", "apiKey: process.env.OPENAI_API_KEY,"),
    ("secret-assignment", "self.token = token"),
    ("secret-assignment", "token = access_token"),
    ("secret-assignment", "if token == 'async':"),
    ("secret-assignment", "max_tokens: 4096, token_count=5"),
    ("secret-assignment", '"usage": {"output_tokens": 1234}'),
    ("secret-assignment", "permissions:\n  id-token: write"),
    ("secret-assignment", "error: unclosed token: line 2, column 0"),
    ("secret-assignment", "Token: '#cccccc',"),
    ("secret-assignment", "password_hash = 'FAKEhash0123'"),
    ("npm-token", "npm_config_cache and npm_package_version"),
    ("pypi-token", "pypi-simple-index and pypi-AgE"),
    ("sendgrid-key", "SG.short.parts"),
    ("shopify-token", "shpat_ is the prefix of admin tokens"),
    ("digitalocean-token", "dop_v1_ followed by 64 hex characters"),
    ("stripe-webhook-secret", "whsec_ marks a webhook secret"),
    ("age-secret-key", "AGE-SECRET-KEY-1 starts an age identity"),
    ("twilio-key", "SKU 0123456789 in stock"),
    ("telegram-bot-token", "ratio 16:AA and 123:AAshort"),
    ("azure-storage-key", "AccountKey=<your-key>"),
    ("basic-auth", "basic machine/material settings, a basic auth header"),
    ("cli-password", "mkdir -p build/out && pytest -p no:cacheprovider"),
    ("cli-password", "docker login --password-stdin -u bot ghcr.io"),
    ("env-secret", "PGPASSWORD= psql"),
    ("secret-in-prose", "the token budget is 4096 and the password hash is 3f2a9c1d"),
    ("secret-in-prose", "the token cache (trading_stats_24h) lives in europe-west3"),
    ("secret-in-prose", '"output_tokens":8,"service_tier":"standard"},"requestId":"req_011CSk"'),
    ("secret-in-prose", "session token 123e4567-e89b-12d3-a456-426614174000 expired"),
    ("password-in-prose", "the password is stored in vault; the password is ${DB_PASS}"),
    ("password-in-prose", "password: config.clickhouse.password"),
    ("credentials-in-prose", "logged in as bob / alice; see the login page at /login/admin"),
    ("figma-token", "the figd_ prefix marks a Figma token"),
    ("groq-api-key", "gsk_short is no key"),
    ("replicate-token", "r8_ is Replicate's prefix"),
    ("doppler-token", "dp.ct.short"),
    ("vault-token", "hvb.short"),
    ("atlassian-token", "ATATT3 then nothing"),
    ("airtable-token", "patient.record_id"),
    ("discord-webhook", "https://discord.com/api/webhooks/ is the endpoint"),
    ("braintree-token", "access_token$production$ is the prefix"),
    ("fcm-server-key", "AAAA:APA91b"),
    ("supabase-token", "sbp_ is Supabase's prefix"),
    ("netlify-token", "nfp_ prefix"),
    ("new-relic-key", "NRAK-123"),
    ("contentful-token", "CFPAT-short"),
    ("sonarqube-token", "sqp_short"),
    ("render-token", "rnd_short"),
    ("okta-token", "SSWS then a space"),
    ("mailgun-key", "the key-value store, a key-0123 tag"),
    ("square-token", "sq0csp- prefix"),
    ("cloudflare-key", "X-Auth-Key: <your key>"),
    ("azure-sas", "the sig= parameter"),
    ("password-hash", "use $2 in awk and $apr1$ in htpasswd"),
    ("docker-auth", '{"auth": "token"}'),
    ("npm-auth", "_auth=${NPM_AUTH}"),
]

ORDINARY = [
    "commit 3f2a9c1d4e5b6a7980c1d2e3f4a5b6c7d8e9f0a1 fixed it",
    "session 123e4567-e89b-12d3-a456-426614174000 ended",
    "def login(user: str, password: str | None = None) -> Token:",
    "The token budget stays at 4k; the secret manager holds the password.",
    "naïve café — 日本語のテキスト ✅ Ünïcödé 🚀",
    '{"type":"thinking","signature":"EqQBCkgIBxABGAIqQJ0ZsDUhbA2t+Kz9aRa8/6Ya"}',
]


@pytest.mark.parametrize(("rule", "before", "secret", "after"), POSITIVES)
def test_rule_replaces_the_secret_and_keeps_the_text_around_it(
    rule: str, before: str, secret: str, after: str
) -> None:
    assert redact(before + secret + after) == f"{before}[REDACTED:{rule}]{after}"


@pytest.mark.parametrize(("rule", "text"), NEAR_MISSES)
def test_near_miss_is_left_alone(rule: str, text: str) -> None:
    assert find_secrets(text) == []
    assert redact(text) == text


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_engineering_text_is_untouched(text: str) -> None:
    assert redact(text) == text


def test_every_rule_has_a_true_positive_and_a_near_miss() -> None:
    names = {rule.name for rule in RULES}
    assert {case[0] for case in POSITIVES} == names
    assert {case[0] for case in NEAR_MISSES} == names


@pytest.mark.parametrize(("rule", "before", "secret", "after"), POSITIVES)
def test_redaction_is_idempotent(rule: str, before: str, secret: str, after: str) -> None:
    once = redact(before + secret + after)
    assert redact(once) == once
    assert find_secrets(once) == []


def test_markers_of_every_rule_are_never_matched_again() -> None:
    text = "\n".join(f"{rule.name}: [REDACTED:{rule.name}]" for rule in RULES)
    text += "\npassword=[REDACTED:secret-assignment] postgres://u:[REDACTED:url-password]@h"
    assert find_secrets(text) == []


def test_all_secrets_at_once_are_all_gone() -> None:
    text = "\n".join(before + secret + after for _, before, secret, after in POSITIVES)
    redacted = redact(text)
    for _, _, secret, _ in POSITIVES:
        assert secret not in redacted
    assert redact(redacted) == redacted


def test_find_secrets_gives_rule_and_span() -> None:
    text = f"id {AWS_KEY_ID} and password=hunter2FAKE"
    assert find_secrets(text) == [
        SecretMatch("aws-access-key-id", 3, 23),
        SecretMatch("secret-assignment", text.index("hunter2"), len(text)),
    ]


def test_multi_line_pem_with_headers_goes_whole() -> None:
    pem = (
        "-----BEGIN " + "EC PRIVATE KEY-----\n"
        "Proc-Type: 4,ENCRYPTED\n"
        "DEK-Info: AES-128-CBC,0123456789ABCDEF\n\n" + PEM_BODY + "\n" + PEM_BODY + "\n"
        "-----END EC PRIVATE KEY-----"
    )
    assert (
        redact(f"$ cat key.pem\n{pem}\n$ ls\n") == "$ cat key.pem\n[REDACTED:private-key]\n$ ls\n"
    )


def test_pem_cut_before_its_end_still_loses_its_body() -> None:
    text = "$ head -3 id_ed25519\n-----BEGIN " + "OPENSSH PRIVATE KEY-----\n" + PEM_BODY
    assert redact(text) == "$ head -3 id_ed25519\n[REDACTED:private-key]"


def test_pem_inside_a_json_string_with_escaped_newlines() -> None:
    record = json.dumps({"type": "tool_result", "content": f"key:\n{PEM}\nok"})
    assert "\\n" in record
    redacted = redact(record)
    assert json.loads(redacted)["content"] == "key:\n[REDACTED:private-key]\nok"


def test_password_inside_json_inside_json() -> None:
    inner = json.dumps({"password": "hunter2FAKE", "user": "bob"})
    record = json.dumps({"content": inner})
    content = json.loads(redact(record))["content"]
    assert json.loads(content) == {"password": "[REDACTED:secret-assignment]", "user": "bob"}


def test_url_password_keeps_user_and_host() -> None:
    text = "mongodb+srv://alice:Tr0ub4dor%263@cluster0.example.net/db?retryWrites=true"
    assert redact(text) == (
        "mongodb+srv://alice:[REDACTED:url-password]@cluster0.example.net/db?retryWrites=true"
    )


def test_specific_token_wins_over_the_assignment_it_sits_in() -> None:
    assert redact(f"OPENAI_API_KEY={OPENAI}") == "OPENAI_API_KEY=[REDACTED:openai-api-key]"
    assert redact(f"token: {ANTHROPIC}") == "token: [REDACTED:anthropic-api-key]"
    assert redact(f"Authorization: Bearer {JWT}") == "Authorization: Bearer [REDACTED:jwt]"


def test_anthropic_key_is_not_also_an_openai_key() -> None:
    assert [m.rule for m in find_secrets(ANTHROPIC)] == ["anthropic-api-key"]


def test_quoted_value_cut_at_the_end_of_a_line_is_still_redacted() -> None:
    assert redact('"password": "hunter2FA…') == '"password": "[REDACTED:secret-assignment]…'


def test_non_ascii_text_around_a_secret_is_unaffected() -> None:
    text = f"🔑 clé: password={'hunter2FAKE'} — 日本語 ✅"
    assert redact(text) == "🔑 clé: password=[REDACTED:secret-assignment] — 日本語 ✅"


@pytest.mark.parametrize(
    "text",
    [
        "token=" + "a" * 200_000,
        "-----BEGIN " + "RSA PRIVATE KEY-----" + "\nA" * 100_000,
        "password: '" + "x1" * 100_000,
        "://" + "a:" * 100_000,
        "sk-" * 100_000,
        # one run of keys (a pasted query string): found at each key, it was quadratic
        "token=" * 8_000,
        "token=your_a1" * 8_000,
        "secret=" * 8_000,
        "password: your_a1 " * 8_000,
    ],
    ids=[
        "long-value",
        "pem-without-end",
        "unclosed-quote",
        "colons",
        "prefixes",
        "keys",
        "placeholder-keys",
        "secret-keys",
        "prose-keys",
    ],
)
def test_hostile_input_stays_fast(text: str) -> None:
    started = time.perf_counter()
    redact(text)
    assert time.perf_counter() - started < 2


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS}")
def test_a_title_cut_after_a_password_flag_is_no_secret() -> None:
    """A session title cut at 80 characters (`… mysql -h db -u admin -p…]],`): `…` starts no
    password, so `ledger check` passes on what ingest wrote."""
    assert find_secrets("[[s/_session|why mysql -h db.internal -u admin -p…]], 2026-01-10") == []
    assert redact("mysql -u admin -pS3cretPass") == "mysql -u admin -p[REDACTED:cli-password]"


def test_corpus_false_positives_do_not_fire() -> None:
    """Its remaining hits are base64, signatures, placeholders and secret-manager names."""
    hits = {
        path.name: find_secrets(path.read_text(encoding="utf-8", errors="replace"))
        for path in sorted(CORPUS.rglob("*.jsonl"))
    }
    assert {name: found for name, found in hits.items() if found} == {}


def test_redaction_version_names_the_current_rules() -> None:
    from ledger.redact import rules_digest
    from ledger.versions import REDACTION_VERSION

    assert rules_digest() == REDACTION_VERSION, "rules changed: set versions.REDACTION_VERSION"


PLACEMENTS = [
    "{}",
    "so the key is {} and that is it",
    '{{"text": "here: {}"}}',
    "'{}'",
    "`{}`",
    "- {}",
    "see /tmp/{}/log",
    # what a red team found leaking with gitleaks' own rules (session 15): punctuation after
    "should we also rotate {}?",
    "revoke the PAT ({}) today",
    "TODO: revoke {}.",
    "/home/dev/acme/config/{}/settings.json",
    "**{}**",
]
GITLEAKS_ONLY = [
    "hf_" + "JfPElHaxyKoeyzgchXnygAdNbJGeXmXmbT",  # no digit: not ledger's own rule's
    "pul-" + "a70bbbfa8249eddaa37483a74f52358b103a9788",
    "dapi" + "61cd98a68e1b0e43ccbd12923dfb283a",
    "glptt-" + "0123456789abcdef0123456789abcdef01234567",
]


@pytest.mark.parametrize("placement", PLACEMENTS)
@pytest.mark.parametrize(
    "secret",
    [NPM, PYPI, SENDGRID, SHOPIFY, DIGITALOCEAN, WHSEC, AGE, GITHUB, ANTHROPIC, STRIPE, JWT,
     *GITLEAKS_ONLY],
)  # fmt: skip
def test_shaped_secrets_are_redacted_wherever_they_stand(placement: str, secret: str) -> None:
    assert secret not in redact(placement.format(secret))


def test_private_text_is_dropped_before_anything_else() -> None:
    said = "keep <private>my salary and " + GITHUB + "</private> this <PRIVATE>x</PRIVATE>."
    assert redact(said) == "keep [PRIVATE] this [PRIVATE]."
    assert redact("cut short <private>never closed " + NPM) == "cut short [PRIVATE]"


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ('<private reason="salary">S3CRET</private> keep', "[PRIVATE] keep"),
        ("<private >S3CRET</private > keep", "[PRIVATE] keep"),
        ("a <private>b <private>c</private> S3CRET </private> keep", "[PRIVATE] keep"),
        # a block opened in the prompt before: all before its closing tag was private
        ("go with the S3CRET settlement</private> and more", "[PRIVATE] and more"),
        ("ordinary text about private methods", "ordinary text about private methods"),
    ],
)
def test_private_blocks_however_they_are_written(said: str, kept: str) -> None:
    assert redact(said) == kept


def test_a_token_split_by_an_invisible_character_is_redacted_whole() -> None:
    for invisible in ("\u200b", "\ufeff", "\u00ad", "\u2060"):
        split = DIGITALOCEAN[:30] + invisible + DIGITALOCEAN[30:]
        assert redact(f"revoke {split} today") == "revoke [REDACTED:digitalocean-token] today"


def test_what_extraction_unwraps_is_redacted_again_before_it_is_written() -> None:
    """`glpat-…**…`: the session's text holds no whole token, the finding's title would."""
    from ledger.extract.structural import extract_findings
    from ledger.ingest.prepare import render
    from ledger.redact import redact_session
    from ledger.transcripts.builder import SessionBuilder

    token = "glpat-" + "Tx6WHb01iISD6thwqqhR"
    build = SessionBuilder("claude-code", Path("/tmp/s.jsonl"))
    build.session_id = "guarded"
    for n, text in enumerate(("Look at CI.", f"TODO: revoke {token[:16]}**{token[16:]} today",
                              "Go on.", "Done?"), start=1):  # fmt: skip
        build.start_turn(text, f"2026-11-21T10:0{n}:00.000Z")
        build.add_text("Noted, the pipeline is configured in ci.yml and runs on every push.")
    clean = redact_session(build.build(skipped_lines=0))
    prepared = render(clean, extract_findings(clean), "digest", ("structural/x",))
    assert any("revoke" in text for _, text in prepared.files)
    assert not any(token in f"{name}\n{text}" for name, text in prepared.files)


def test_a_link_the_transcript_wrote_is_text_not_a_link_of_the_ledger() -> None:
    """`[[../../etc/passwd]]` in a title or a finding would dangle (`ledger check` fails)."""
    from ledger.extract.structural import extract_findings
    from ledger.ingest.prepare import render
    from ledger.redact import redact_session
    from ledger.transcripts.builder import SessionBuilder

    build = SessionBuilder("claude-code", Path("/tmp/s.jsonl"))
    build.session_id = "linked"
    for n, text in enumerate(("Let's go with [[../../etc/passwd]]", "TODO: fix ]]|[[evil]]",
                              "Go on.", "Done?"), start=1):  # fmt: skip
        build.start_turn(text, f"2026-11-21T10:0{n}:00.000Z")
        build.add_text("Noted, the pipeline is configured in ci.yml and runs on every push.")
    clean = redact_session(build.build(skipped_lines=0))
    prepared = render(clean, extract_findings(clean), "digest", ("structural/x",))
    for _, text in prepared.files:
        assert "[[../" not in text and "[[evil" not in text
    assert any("\\[\\[../../etc/passwd" in text for _, text in prepared.files)


@pytest.mark.parametrize("secret", [GITHUB, ANTHROPIC, GOOGLE, HUGGINGFACE, JWT, NPM])
@pytest.mark.parametrize("at", [60, 70, 75, 110, 115])
def test_a_secret_is_redacted_before_a_line_is_cut(secret: str, at: int) -> None:
    """Titles (80), tool lines (120): no piece of a secret the cut would have left survives."""
    from ledger.transcripts.builder import one_line

    for limit in (80, 120):
        shown = one_line("x" * at + " " + secret + " the rest of the line", limit)
        assert not any(secret[:n] in shown for n in range(8, len(secret) + 1)), shown


def test_a_secret_in_an_encoded_folder_name_is_redacted() -> None:
    from ledger.redact import redact_path

    for secret in (ANTHROPIC, OPENAI, GITHUB):
        path = f"/home/me/.claude/projects/-home-me-{secret}/5e55f00d.jsonl"
        shown = redact_path(path)
        assert secret[4:20] not in shown, shown
        assert shown.startswith("/home/me/.claude/projects/-home-me-") and shown.endswith(".jsonl")
