"""The cue table in every language: each row recognised in a sentence written the way people
write, with the finding's title taken from the clause that carries it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.extract.languages import BY_LANGUAGE, EVERY_LANGUAGE, KEYS_FOR, PATTERNS
from ledger.extract.patterns import FINDINGS_SECTION, SECTION_KEYS, Pattern
from ledger.extract.structural import extract_findings
from ledger.models import KINDS, Finding, Session
from ledger.transcripts.builder import SessionBuilder

EXAMPLES: dict[str, tuple[str, str]] = {
    "de-todo-label": ("Noch zu tun: die Migration der Audit-Tabelle.",
                      "Die Migration der Audit-Tabelle"),
    "de-later": ("Später müssen wir die alten Tokens löschen.", "Die alten Tokens löschen"),
    "de-still-passive": ("Das Runbook muss noch aktualisiert werden.",
                         "Das Runbook muss noch aktualisiert werden"),
    "de-decided": ("Wir haben uns für Redis mit versionierten Schlüsseln entschieden.",
                   "Wir haben uns für Redis mit versionierten Schlüsseln entschieden"),
    "de-lass-uns": ("Lass uns lieber Postgres verwenden.", "Lass uns lieber Postgres verwenden"),
    "de-turns-out": ("Es stellte sich heraus, dass der Cron doppelt lief.", ""),
    "de-probably": ("Vermutlich liegt es an der Zeitzone des Servers.", ""),
    "de-needs-still": ("Den MySQL-Pfad ließ ich aus, der braucht noch dieselbe Änderung.",
                       "Den MySQL-Pfad ließ ich aus, der braucht noch dieselbe Änderung"),
    "de-noch": ("Das Logging müssen wir später noch aufräumen.",
                "Das Logging müssen wir später noch aufräumen"),
    "de-i-think": ("Ich glaube, der Cache wird nach dem Deploy nicht geleert.",
                   "Der Cache wird nach dem Deploy nicht geleert"),
    "fr-i-think": ("Je pense que le cache n'est pas vidé après le déploiement.",
                   "Le cache n'est pas vidé après le déploiement"),
    "es-i-think": ("Creo que la caché no se vacía después del despliegue.",
                   "La caché no se vacía después del despliegue"),
    "it-i-think": ("Credo che la cache non venga svuotata dopo il deploy.",
                   "La cache non venga svuotata dopo il deploy"),
    "pt-i-think": ("Acho que o cache não é limpo depois do deploy.",
                   "O cache não é limpo depois do deploy"),
    "ru-i-think": ("Думаю, кэш не очищается после деплоя.", "Кэш не очищается после деплоя"),
    "worth-knowing-label": ("Wichtig zu wissen: das Staging wird sonntags aus Prod überschrieben.",
                            "Das Staging wird sonntags aus Prod überschrieben"),
    "fr-todo-label": ("À faire : migrer la table d'audit.", "Migrer la table d'audit"),
    "fr-later": ("Plus tard, il faudra supprimer l'ancien endpoint.",
                 "Supprimer l'ancien endpoint"),
    "fr-decided": ("Nous avons décidé de garder Postgres pour les rapports.",
                   "Garder Postgres pour les rapports"),
    "fr-lets": ("Partons sur Redis avec des clés versionnées.",
                "Partons sur Redis avec des clés versionnées"),
    "fr-turns-out": ("Il s'avère que le cache ignorait la locale.", ""),
    "fr-suspect": ("Je soupçonne que le pool de connexions est épuisé.",
                   "Le pool de connexions est épuisé"),
    "fr-open-question": ("Question ouverte pour lundi : faut-il garder l'API v1 ?",
                         "Faut-il garder l'API v1 ?"),
    "es-todo-label": ("Pendiente: migrar la tabla de auditoría.", "Migrar la tabla de auditoría"),
    "es-later": ("Más adelante hay que borrar los tokens viejos.", "Borrar los tokens viejos"),
    "es-decided": ("Hemos decidido usar Postgres para los informes.",
                   "Usar Postgres para los informes"),
    "es-lets": ("Usemos Redis con claves versionadas.", "Usemos Redis con claves versionadas"),
    "es-settled": ("Tras medirlo, nos quedamos con pnpm para el monorepo.",
                   "Pnpm para el monorepo"),
    "es-turns-out": ("Resulta que el cron se ejecutaba dos veces.", ""),
    "es-suspect": ("Sospecho que el pool de conexiones está agotado.",
                   "El pool de conexiones está agotado"),
    "es-open-question": ("Pregunta abierta para el lunes: ¿mantenemos la API v1?",
                         "¿mantenemos la API v1?"),
    "it-todo-label": ("Da fare: migrare la tabella di audit.", "Migrare la tabella di audit"),
    "it-later": ("Più tardi dobbiamo rimuovere il vecchio endpoint.",
                 "Rimuovere il vecchio endpoint"),
    "it-decided": ("Abbiamo deciso di usare Postgres per i report.", "Usare Postgres per i report"),
    "it-lets": ("Usiamo Redis con chiavi versionate.", "Usiamo Redis con chiavi versionate"),
    "it-turns-out": ("Si è scoperto che il cron girava due volte.", ""),
    "it-suspect": ("Sospetto che il pool di connessioni sia esaurito.",
                   "Il pool di connessioni sia esaurito"),
    "it-open-question": ("Domanda aperta: teniamo l'API v1?", "Teniamo l'API v1?"),
    "it-unsettled": ("Resta un dubbio: gli allegati li teniamo su S3 o nel database?",
                     "Gli allegati li teniamo su S3 o nel database?"),
    "it-guess": ("Potrebbe essere il DNS interno che mette in cache la risposta vecchia.",
                 "Potrebbe essere il DNS interno che mette in cache la risposta vecchia"),
    "it-put-off": ("Più avanti va aggiunta la paginazione all'endpoint degli audit.",
                   "Più avanti va aggiunta la paginazione all'endpoint degli audit"),
    "it-choice": ("Il frontend facciamolo con Astro, ci basta qualcosa di statico.",
                  "Il frontend facciamolo con Astro, ci basta qualcosa di statico"),
    "it-understood": ("Ho capito perché il job girava due volte: il cron era definito in due file.",
                      "Ho capito perché il job girava due volte: il cron era definito in due file"),
    "it-moral": ("La morale è che i timeout vanno sempre configurati in modo esplicito.",
                 "I timeout vanno sempre configurati in modo esplicito"),
    "pt-todo-label": ("A fazer: migrar a tabela de auditoria.", "Migrar a tabela de auditoria"),
    "pt-later": ("Mais tarde precisamos remover o endpoint antigo.", "Remover o endpoint antigo"),
    "pt-decided": ("Resolvemos usar Postgres para os relatórios.",
                   "Usar Postgres para os relatórios"),
    "pt-lets": ("Vamos usar Redis com chaves versionadas.",
                "Vamos usar Redis com chaves versionadas"),
    "pt-turns-out": ("Acontece que o cron rodava duas vezes.", ""),
    "pt-suspect": ("Suspeito que o pool de conexões está esgotado.",
                   "O pool de conexões está esgotado"),
    "pt-open-question": ("Pergunta em aberto: mantemos a API v1?", "Mantemos a API v1?"),
    "ru-todo-label": ("Сделать: перенести таблицу аудита.", "Перенести таблицу аудита"),
    "ru-later": ("Потом нужно удалить старый эндпоинт.", "Удалить старый эндпоинт"),
    "ru-decided": ("Мы решили использовать Postgres для отчётов.",
                   "Использовать Postgres для отчётов"),
    "ru-lets": ("Давай использовать Redis с версионированными ключами.", ""),
    "ru-turns-out": ("Оказалось, что cron запускался дважды.", ""),
    "ru-suspect": ("Подозреваю, что пул соединений исчерпан.", "Пул соединений исчерпан"),
    "ru-open-question": ("Открытый вопрос: оставляем ли API v1?", "Оставляем ли API v1?"),
    "uk-todo-label": ("Зробити: перенести таблицю аудиту.", "Перенести таблицю аудиту"),
    "uk-later": ("Потім треба видалити старий ендпоінт.", "Видалити старий ендпоінт"),
    "uk-decided": ("Ми вирішили використовувати Postgres для звітів.",
                   "Використовувати Postgres для звітів"),
    "uk-lets": ("Гаразд, залишаємо Celery, переїзд на arq відкладаємо.",
                "Гаразд, залишаємо Celery, переїзд на arq відкладаємо"),
    "uk-turns-out": ("Виявилося, що cron запускався двічі.", ""),
    "uk-suspect": ("Підозрюю, що пул з'єднань вичерпано.", "Пул з'єднань вичерпано"),
    "uk-open-question": ("Відкрите питання: чи залишаємо API v1?", "Чи залишаємо API v1?"),
    "cause-then-colon": ("The flicker has a concrete cause: `keyExtractor` returns the index.",
                         "`keyExtractor` returns the index"),
    "measured-change": ("Cold start went from 412 ms → 169 ms with the lazy imports.",
                        "Cold start went from 412 ms → 169 ms with the lazy imports"),
    "put-off": ("Lo de la cola con BullMQ lo dejamos para más adelante.",
                "Lo de la cola con BullMQ lo dejamos para más adelante"),
    "none-dash": ("No ORM — raw SQL with psycopg.", "No ORM — raw SQL with psycopg"),
    "own-work": ("Das kläre ich mit Produkt.", "Das kläre ich mit Produkt"),
    "only-never": ("Se precisar rodar backfill, roda só em staging, nunca em prod.",
                   "Se precisar rodar backfill, roda só em staging, nunca em prod"),
    "fault-comes-from": ("Le ralentissement vient de la requête N+1 dans le sérialiseur.",
                         "Le ralentissement vient de la requête N+1 dans le sérialiseur"),
    "likely-opener": ("Provavelmente o pool de conexões se esgota sob carga.",
                      "O pool de conexões se esgota sob carga"),
    "not-but": ("Der SAP-Export ist gar nicht latin-1, sondern cp1252.",
                "Der SAP-Export ist gar nicht latin-1, sondern cp1252"),
    "chose-instead": ("Para el locking uso el bloqueo nativo de S3 en lugar de una tabla DynamoDB.",
                      "Para el locking uso el bloqueo nativo de S3 en lugar de una tabla DynamoDB"),
    "therefore-i": ("Поэтому автоопределение кодировки не использую: у каждого банка свой профиль.",
                    "Поэтому автоопределение кодировки не использую: у каждого банка свой профиль"),
    "not-because": ("Per favore NON alzare -Xmx: abbiamo già 4 GB di heap su una VM da 8.",
                    "Per favore NON alzare -Xmx: abbiamo già 4 GB di heap su una VM da 8"),
    "use-unwanted": ("Maar gebruik pg_partman, ik wil geen eigen cron scripts.",
                     "Maar gebruik pg_partman, ik wil geen eigen cron scripts"),
    "nl-todo-label": ("Nog te doen: de migratie van de audit-tabel.",
                      "De migratie van de audit-tabel"),
    "nl-later": ("Later moeten we de oude tokens opruimen.", "De oude tokens opruimen"),
    "nl-decided": ("We hebben besloten om de oude API uit te faseren.",
                   "We hebben besloten om de oude API uit te faseren"),
    "nl-lets": ("Laten we Redis gebruiken voor de sessies.",
                "Laten we Redis gebruiken voor de sessies"),
    "nl-turns-out": ("Het blijkt dat de cronjob twee keer draaide.",
                     "Het blijkt dat de cronjob twee keer draaide"),
    "nl-suspect": ("Ik vermoed dat de cache na de deploy niet geleegd wordt.",
                   "De cache na de deploy niet geleegd wordt"),
    "nl-open-question": ("Open vraag: moeten de retries per tenant instelbaar zijn?",
                         "Moeten de retries per tenant instelbaar zijn?"),
    "pl-todo-label": ("Do zrobienia: migracja tabeli audytowej.", "Migracja tabeli audytowej"),
    "pl-later": ("Później musimy usunąć stare tokeny.", "Usunąć stare tokeny"),
    "pl-decided": ("Zdecydowaliśmy się na PostgreSQL zamiast MySQL.",
                   "PostgreSQL zamiast MySQL"),
    "pl-lets": ("Użyjmy Redisa do sesji.", "Użyjmy Redisa do sesji"),
    "pl-turns-out": ("Okazało się, że cron uruchamiał się dwa razy.",
                     "Okazało się, że cron uruchamiał się dwa razy"),
    "pl-suspect": ("Podejrzewam, że cache nie jest czyszczony po deployu.",
                   "Cache nie jest czyszczony po deployu"),
    "pl-open-question": ("Otwarte pytanie: czy retry ma być konfigurowalne per tenant?",
                         "Czy retry ma być konfigurowalne per tenant?"),
    "sv-todo-label": ("Att göra: migreringen av audit-tabellen.",
                      "Migreringen av audit-tabellen"),
    "sv-later": ("Senare måste vi städa bort de gamla tokens.", "Städa bort de gamla tokens"),
    "sv-decided": ("Vi har bestämt oss för PostgreSQL i stället för MySQL.",
                   "PostgreSQL i stället för MySQL"),
    "sv-lets": ("Vi kör på Redis för sessionerna.", "Vi kör på Redis för sessionerna"),
    "sv-turns-out": ("Det visade sig att cron-jobbet körde två gånger.",
                     "Det visade sig att cron-jobbet körde två gånger"),
    "sv-suspect": ("Jag misstänker att cachen inte töms efter deployen.",
                   "Cachen inte töms efter deployen"),
    "sv-open-question": ("Öppen fråga: ska retries vara konfigurerbara per tenant?",
                         "Ska retries vara konfigurerbara per tenant?"),
    "tr-todo-label": ("Yapılacaklar: audit tablosunun migrasyonu.",
                      "Audit tablosunun migrasyonu"),
    "tr-later": ("Daha sonra eski tokenları temizlememiz gerekiyor.",
                 "Eski tokenları temizlememiz gerekiyor"),
    "tr-decided": ("MySQL yerine PostgreSQL kullanmaya karar verdik.",
                   "MySQL yerine PostgreSQL kullanmaya karar verdik"),
    "tr-lets": ("Redis ile devam edelim.", "Redis ile devam edelim"),
    "tr-turns-out": ("Sorunun kaynağı süresi dolmuş bir sertifikaymış.",
                     "Sorunun kaynağı süresi dolmuş bir sertifikaymış"),
    "tr-suspect": ("Sanırım deploy sonrası cache temizlenmiyor.",
                   "Deploy sonrası cache temizlenmiyor"),
    "tr-open-question": ("Açık soru: retry sayısı tenant bazında ayarlanabilir mi?",
                         "Retry sayısı tenant bazında ayarlanabilir mi?"),
    "zh-todo-label": ("待办：给审计表加迁移。", "给审计表加迁移"),
    "zh-later": ("以后我们需要删除旧接口。", "删除旧接口"),
    "zh-decided": ("我们决定用 Redis 做缓存。", "用 Redis 做缓存"),
    "zh-lets": ("那就用 Postgres 吧。", "那就用 Postgres 吧"),
    "zh-turns-out": ("原来是时区的问题。", "原来是时区的问题"),
    "zh-suspect": ("我怀疑连接池耗尽了。", "连接池耗尽了"),
    "zh-open-question": ("未解决的问题：要不要保留 v1 接口？", "要不要保留 v1 接口?"),
    "zh-rule": ("以后凡是改线上配置都先在预发环境验证一遍。",
                "以后凡是改线上配置都先在预发环境验证一遍"),
    "zh-put-off": ("审计日志的导出回头得做成异步任务。", "审计日志的导出回头得做成异步任务"),
    "zh-choice": ("那就换成 Redis Streams 吧，Kafka 对我们来说太重了。",
                  "那就换成 Redis Streams 吧，Kafka 对我们来说太重了"),
    "zh-found-cause": ("查到了，报错是因为证书链里缺了中间证书。",
                       "报错是因为证书链里缺了中间证书"),
    "zh-unsettled": ("有个点还没想清楚：多语言的 slug 要不要保留原文？",
                     "多语言的 slug 要不要保留原文?"),
    "ja-todo-label": ("やること：監査テーブルの移行。", "監査テーブルの移行"),
    "ja-next-term": ("Svelte 5 移行は来期のタスクにしとく。",
                     "Svelte 5 移行は来期のタスクにしとく"),
    "ja-later": ("後で、古いトークンを削除する必要があります。",
                 "古いトークンを削除する必要があります"),
    "ja-decided": ("Redis を使うことにしました。", "Redis を使うことにしました"),
    "ja-turns-out": ("原因はタイムゾーンでした。", "原因はタイムゾーンでした"),
    "ja-suspect": ("おそらくコネクションプールが原因です。", "コネクションプールが原因です"),
    "ja-guess": ("デプロイ後にキャッシュがクリアされていないのではないかと思います。",
                 "デプロイ後にキャッシュがクリアされていないのではないかと思います"),
    "ja-gotcha-label": ("注意点：`@State` でないと保持できません。",
                        "`@State` でないと保持できません"),
    "ja-put-off": ("検索画面は後回しにします。", "検索画面は後回しにします"),
    "ja-open-question": ("未解決の質問：v1 API を残すべきか？", "V1 API を残すべきか?"),
    "ko-todo-label": ("할 일: 감사 테이블 마이그레이션.", "감사 테이블 마이그레이션"),
    "ko-later": ("나중에 오래된 토큰을 삭제해야 한다.", "오래된 토큰을 삭제해야 한다"),
    "ko-put-off": ("웹소켓 쪽은 다음 스프린트에 따로 봐야 해요.",
                   "웹소켓 쪽은 다음 스프린트에 따로 봐야 해요"),
    "ko-decided": ("Redis를 쓰기로 했습니다.", "Redis를 쓰기로 했습니다"),
    "ko-turns-out": ("알고 보니 시간대 문제였다.", "알고 보니 시간대 문제였다"),
    "ko-suspect": ("아마 커넥션 풀 때문일 것이다.", "커넥션 풀 때문일 것이다"),
    "ko-guess": ("배포 후 캐시 때문인 것 같습니다.", "배포 후 캐시 때문인 것 같습니다"),
    "ko-open-question": ("남은 질문: v1 API를 유지할까?", "V1 API를 유지할까?"),
    "ko-unsettled": ("알림을 이메일로 보낼지 슬랙으로 보낼지 아직 못 정했어요.",
                     "알림을 이메일로 보낼지 슬랙으로 보낼지 아직 못 정했어요?"),
    "ko-maybe": ("응답이 느린 건 DNS 캐시 때문일 수도 있어요.",
                 "응답이 느린 건 DNS 캐시 때문일 수도 있어요"),
    "ko-because": ("테스트가 가끔 실패하는 건 시간대를 고정 안 해서 그래요.",
                   "테스트가 가끔 실패하는 건 시간대를 고정 안 해서 그래요"),
    "ko-next-time": ("앞으로 마이그레이션은 스테이징에서 먼저 돌려보는 게 맞아요.",
                     "앞으로 마이그레이션은 스테이징에서 먼저 돌려보는 게 맞아요"),
    "ko-going-with": ("세션 저장소는 Redis 쪽으로 갈게요.", "세션 저장소는 Redis 쪽으로 갈게요"),
    "reversal": ("We previously decided to keep drafts in IndexedDB via idb-keyval; now let's move "
                 "drafts server-side behind POST /api/drafts.",
                 "Move drafts server-side behind POST /api/drafts"),
    "from-now-on": ("Désormais, toutes les migrations doivent être réversibles.",
                    "Désormais, toutes les migrations doivent être réversibles"),
    "instead-directive": ("Return 409 instead of replaying.", "Return 409 instead of replaying"),
    "instead-because": ("Ordené por id en vez de created_at porque id está indexado.",
                        "Ordené por id en vez de created_at porque id está indexado"),
    "hence": ("Autovacuum kommt bei `events` nicht hinterher, deshalb sind die Abfragen langsam.",
              "Autovacuum kommt bei `events` nicht hinterher, deshalb sind die Abfragen langsam"),
    "left-open": ("Queda en el aire cómo versionamos los esquemas de Avro.",
                  "Queda en el aire cómo versionamos los esquemas de Avro?"),
    "unanswered-label": ("Eine Sache kann ich nicht beantworten: ob die Events vor dem Consent "
                         "ins Warehouse dürfen.",
                         "Ob die Events vor dem Consent ins Warehouse dürfen?"),
    "understood-label": ("Ce que j'ai compris du connecteur : il ne commit l'offset qu'après le "
                         "flush vers S3.",
                         "Il ne commit l'offset qu'après le flush vers S3"),
    "remains-to-do": ("Il reste à nettoyer les anciennes images dans l'ECR.",
                      "Nettoyer les anciennes images dans l'ECR"),
    "now-with-why": ("Fee splitting now rounds half-up, like Stripe does, so the shares sum to the "
                     "fee.",
                     "Fee splitting now rounds half-up, like Stripe does, so the shares sum to the "
                     "fee"),
    "picked": ("Para las colas me quedo con SQS, ya estamos en AWS.",
               "Para las colas me quedo con SQS, ya estamos en AWS"),
    "from-now-on-lesson": ("Going forward, injecting a clock beats mocking `datetime.now`.",
                           "Injecting a clock beats mocking `datetime.now`"),
    "de-must-still": ("Die ganzen console.log müssen vor dem Merge noch raus.",
                      "Die ganzen console.log müssen vor dem Merge noch raus"),
    "fails-because": ("La build falliva perché il lockfile era stato generato con npm 6.",
                      "La build falliva perché il lockfile era stato generato con npm 6"),
    "only-when-any": ("O bug só aparece quando o carrinho tem mais de 50 itens.",
                      "O bug só aparece quando o carrinho tem mais de 50 itens"),
    "undecided-any": ("ログの保存期間を 30 日にするか 90 日にするか、まだ決めきれてない。",
                      "ログの保存期間を 30 日にするか 90 日にするか、まだ決めきれてない?"),
    "remember-to-any": ("Il faudra penser à mettre à jour le schéma OpenAPI.",
                        "Mettre à jour le schéma OpenAPI"),
    "wonder-any": ("Je me demande si on doit chiffrer les sauvegardes côté appli ?",
                   "On doit chiffrer les sauvegardes côté appli ?"),
    "note-label": ("Nota: S3 exige que cada parte tenga al menos 5 MB, salvo la última.",
                   "S3 exige que cada parte tenga al menos 5 MB, salvo la última"),
    "takeaway-label": ("Key takeaway: retries must be idempotent or they double-charge.",
                       "Retries must be idempotent or they double-charge"),
    "summary-opener": ("En résumé, le goulot d'étranglement était l'encodeur JSON.",
                       "Le goulot d'étranglement était l'encodeur JSON"),
    "found-that": ("Descobri que a API pagina de 100 em 100.", "A API pagina de 100 em 100"),
    "hypothesis-label": ("Hipótesis: el CDN cachea los 404.", "El CDN cachea los 404"),
    "finding-label": ("Erkenntnis: Die API liefert maximal 100 Einträge pro Seite.",
                      "Die API liefert maximal 100 Einträge pro Seite"),
    "still-to-do": ("We still need to add rate limiting to the export endpoint.",
                    "Add rate limiting to the export endpoint"),
    "still-to-do-at-the-end": ("Wir müssen noch die Doku für den Export aktualisieren.",
                               "Die Doku für den Export aktualisieren"),
    "not-yet-done": ("La politique de retry n'est pas encore implémentée.",
                     "La politique de retry n'est pas encore implémentée"),
    "de-switched": ("Ich habe den Job auf Polars umgestellt, weil Pandas zu viel Speicher braucht.",
                    "Ich habe den Job auf Polars umgestellt, weil Pandas zu viel Speicher braucht"),
    "still-missing": ("Die Doku für den Export fehlt noch.", "Die Doku für den Export fehlt noch"),
    "our-plan": ("Voilà ce qu'on fait : le juge tourne trois fois et on garde la majorité.",
                 "Le juge tourne trois fois et on garde la majorité"),
    "fix-label": ("Correzione: rendo il processor `@StepScope`, così la mappa muore con lo step.",
                  "Rendo il processor `@StepScope`, così la mappa muore con lo step"),
    "write-it-down": ("Apunta en el TODO que hay que ajustar las alertas de Grafana.",
                      "Ajustar las alertas de Grafana"),
    "would-bet": ("Bei weichen Reifen würde ich wetten, dass der Abstand größer ist als im CAD.",
                  "Der Abstand größer ist als im CAD"),
    "not-yet-later": ("Der Endpoint ist fertig, aber Rate-Limiting ist noch nicht verdrahtet – das "
                      "muss vor dem Release rein.",
                      "Der Endpoint ist fertig, aber Rate-Limiting ist noch nicht verdrahtet"),
    "since-i-will": ("Como o bundle do admin tá em 3,1 MB, vou quebrar as rotas com `React.lazy`.",
                     "Quebrar as rotas com `React.lazy`"),
    "why-label": ("**为什么会超时**: 现在用的是对齐 checkpoint，barrier 要排在积压后面。",
                  "现在用的是对齐 checkpoint，barrier 要排在积压后面"),
    "de-kept": ("Den alten Endpoint habe ich aus Kompatibilitätsgründen behalten.",
                "Den alten Endpoint habe ich aus Kompatibilitätsgründen behalten"),
    "all-along": ("C'était le TTL DNS depuis le début.", "C'était le TTL DNS depuis le début"),
    "happens-because-elsewhere": ("Esto pasa porque el ORM carga cada relación dentro del bucle.",
                                  "Esto pasa porque el ORM carga cada relación dentro del bucle"),
    "kept-for-a-reason": ("J'ai gardé l'ancien endpoint pour la compatibilité.",
                          "J'ai gardé l'ancien endpoint pour la compatibilité"),
    "not-moving": ("Ладно, тогда не переезжаем на arq.", "Тогда не переезжаем на arq"),
    "dropped-for-good": ("Quitamos el export XML por completo.",
                         "Quitamos el export XML por completo"),
    "found-label": ("Gefunden: der Zeitzonen-Offset wird doppelt angewendet.",
                    "Der Zeitzonen-Offset wird doppelt angewendet"),
    "could-not-settle": ("Was ich nicht klären konnte: ob der Nacht-Job noch läuft.",
                         "Ob der Nacht-Job noch läuft?"),
    "assumption-label": ("Annahme: jeder Mandant hat höchstens ein aktives Abo.",
                         "Jeder Mandant hat höchstens ein aktives Abo"),
    "assumed-that": ("J'ai supposé que les horodatages du flux sont en UTC.",
                     "Les horodatages du flux sont en UTC"),
    "out-of-scope-label": ("Hors périmètre : l'export admin utilise encore l'ancienne requête.",
                           "L'export admin utilise encore l'ancienne requête"),
    "breaking-label": ("Breaking Change: `--format` akzeptiert kein `yml` mehr.",
                       "`--format` akzeptiert kein `yml` mehr"),
    "to-settle-label": ("Noch zu klären: wer die Migration auf Produktion ausführt.",
                        "Wer die Migration auf Produktion ausführt?"),
    "your-call-label": ("À vous de voir : on garde l'ancien endpoint une version de plus ?",
                                "On garde l'ancien endpoint une version de plus ?"),
    "up-to-you-whether": ("Up to you whether we keep the old endpoint for one more release.",
                          "Whether we keep the old endpoint for one more release?"),
    "trade-off-label": ("Nachteil: der Cache kann bis zu 60 Sekunden alte Daten liefern.",
                        "Der Cache kann bis zu 60 Sekunden alte Daten liefern"),
    "blocked-on": ("Wir warten noch auf das Payments-Team für den Refund-Webhook.",
                   "Wir warten noch auf das Payments-Team für den Refund-Webhook"),
    "suggested-follow-up": ("Il serait utile d'ajouter un retry autour de l'upload S3.",
                            "Ajouter un retry autour de l'upload S3"),
    "what-fixed-it": ("Was es gelöst hat, war ein höheres Timeout für den Health-Check.",
                      "Was es gelöst hat, war ein höheres Timeout für den Health-Check"),
    "we-are-keeping": ("We're keeping the v1 endpoint alive until the mobile app ships 4.2.",
                       "We're keeping the v1 endpoint alive until the mobile app ships 4.2"),
    "would-still-check": ("I'd still double-check the timezone handling before the DST switch.",
                          "Double-check the timezone handling before the DST switch"),
    "remaining-issue-label": ("Problème restant : l'export PDF expire au-delà de 500 pages.",
                              "L'export PDF expire au-delà de 500 pages"),
    "still-broken": ("Der Flaky-Test ist noch nicht behoben, er schlägt oft fehl.",
                     "Der Flaky-Test ist noch nicht behoben, er schlägt oft fehl"),
    "make-sure-to": ("N'oubliez pas de faire tourner la clé de staging avant vendredi.",
                     "Faire tourner la clé de staging avant vendredi"),
    "remember-that": ("Ten en cuenta que el cron del contenedor corre en UTC.",
                      "El cron del contenedor corre en UTC"),
    "guess-is": ("Mi sospecha es que la CDN cachea el 404 de la ruta vieja.",
                 "La CDN cachea el 404 de la ruta vieja"),
    "undecided-left": ("Eine Sache ist noch nicht entschieden: der Text der Benachrichtigung.",
                       "Eine Sache ist noch nicht entschieden: der Text der Benachrichtigung?"),
    "problem-lies-in": ("Das eigentliche Problem liegt im Retry-Handler, der zweimal liest.",
                        "Das eigentliche Problem liegt im Retry-Handler, der zweimal liest"),
    "deferred-to-later": ("Die Paginierung machen wir in einem eigenen PR.",
                          "Die Paginierung machen wir in einem eigenen PR"),
    "untested-elsewhere": ("Je n'ai pas testé le flux SAML sous Windows.",
                           "Je n'ai pas testé le flux SAML sous Windows"),
    "someone-should": ("Quelqu'un devrait écrire un runbook pour le failover.",
                       "Quelqu'un devrait écrire un runbook pour le failover"),
    "could-be-elsewhere": ("Potrebbe essere uno sfasamento di clock tra i nodi.",
                           "Potrebbe essere uno sfasamento di clock tra i nodi"),
    "feeling-that": ("Ho la sensazione che il load balancer chiuda le connessioni inattive.",
                     "Il load balancer chiuda le connessioni inattive"),
    "ja-use": ("ジョブキューには Postgres を使います。", "ジョブキューには Postgres を使います"),
    "not-sure-whether-at-the-end": ("Não tenho certeza se o importador aceita gzip.",
                                    "Se o importador aceita gzip?"),
    "same-problem-elsewhere": ("No toqué el export de admin; tiene el mismo problema.",
                               "No toqué el export de admin; tiene el mismo problema"),
    "once-deployed": ("Bisognerà rilanciare il backfill quando sarà in produzione.",
                      "Bisognerà rilanciare il backfill quando sarà in produzione"),
    "probably-is": ("La lentitud que queda probablemente es la red entre el job y S3.",
                    "La lentitud que queda probablemente es la red entre el job y S3"),
    "this-not-that": ("Und im Consumer: Parent, kein Link.", "Im Consumer: Parent, kein Link"),
    "no-idea": ("Aucune idée de comment on gère le RGPD pour les logs applicatifs.",
                "Comment on gère le RGPD pour les logs applicatifs?"),
    "none-of-it-then": ("Kein Kafka, eine Postgres-Queue reicht.",
                        "Kein Kafka, eine Postgres-Queue reicht"),
    "will-have-to": ("Il faudra aussi mettre à jour le runbook.", "Mettre à jour le runbook"),
    "ask-someone-any": ("Je vais demander au juridique si on peut garder les logs 90 jours.",
                        "On peut garder les logs 90 jours?"),
    "never-again": ("короче, больше никогда не верим в «у меня локально работает».",
                    "Короче, больше никогда не верим в «у меня локально работает»"),
    "lesson-is": ("La lección es que los reintentos sin jitter amplifican las caídas.",
                  "Los reintentos sin jitter amplifican las caídas"),
    "later-label": ("Más adelante: quitar el feature flag cuando termine el despliegue.",
                    "Quitar el feature flag cuando termine el despliegue"),
    "next-time": ("Nächstes Mal sollten wir zuerst die Logs lesen.",
                  "Nächstes Mal sollten wir zuerst die Logs lesen"),
    "to-fix-it": ("Pour corriger, je découpe le handler en deux messages distincts.",
                  "Je découpe le handler en deux messages distincts"),
    "some-day": ("Algún día habría que quitar jQuery del panel de admin.",
                 "Quitar jQuery del panel de admin"),
    "cant-explain-why": ("Die Slots sind frei, ich kann aber nicht erklären, warum der Scheduler "
                         "sie nie freigegeben hat.",
                         "Warum der Scheduler sie nie freigegeben hat?"),
    "likely-cause": ("La causa probabile è un indice mancante.",
                     "La causa probabile è un indice mancante"),
    "confirmed-label": ("Bestätigt: der Cache-Schlüssel ignoriert die Sprache.",
                        "Der Cache-Schlüssel ignoriert die Sprache"),
    "cause-label": ("Causa: el cursor se cerraba demasiado pronto.",
                    "Causa: el cursor se cerraba demasiado pronto"),
    "unclear-whether": ("Unklar ist noch, ob wir Multi-Region brauchen.",
                        "Unklar ist noch, ob wir Multi-Region brauchen?"),
    "unclear-whether-at-the-end": ("Todavía no está claro si necesitamos multi-región.",
                                   "Todavía no está claro si necesitamos multi-región?"),
    "what-is-not-known": ("Was ich nicht weiß, ist, ob die Buchhaltung Nettobeträge will.",
                          "Ob die Buchhaltung Nettobeträge will?"),
    "what-is-not-known-at-the-end": (
        "Lo que no sé, y no puedo saber desde aquí, es si el almacén hizo un recuento físico.",
        "Si el almacén hizo un recuento físico?"),
    "probable-cause": ("Provavelmente é causado pela falta de jitter nas retentativas.", ""),
    "sets-a-value": ("Begrenze die Wiederholungen auf 3, mehr bringt nichts.",
                     "Begrenze die Wiederholungen auf 3, mehr bringt nichts"),
    "as-it-is": ("ok then keep the old parser for now", "Keep the old parser for now"),
    "keep-it-any": ("Mantén el endpoint viejo hasta la v3.",
                    "Mantén el endpoint viejo hasta la v3"),
    "would-help": ("Ce qui aiderait vraiment : la reprise de session TLS dans `esp_tls`.",
                   "La reprise de session TLS dans `esp_tls`"),
    "would-be-good": ("Es wäre gut, einen Test für den leeren Warenkorb zu ergänzen.",
                      "Einen Test für den leeren Warenkorb zu ergänzen"),
    "still-lacks": ("The retry logic still lacks a backoff.", ""),
    "why-said": ("Дело в том, что пул держит только 10 соединений.",
                 "Пул держит только 10 соединений"),
    "rather-this": ("Dann lieber Redis, Memcached kennt hier keiner.",
                    "Dann lieber Redis, Memcached kennt hier keiner"),
    "so-we-must": ("Además, los jefes de los niveles 5 y 6 siguen instanciando balas como nodos, "
                   "así que hay que migrarlos.",
                   "Los jefes de los niveles 5 y 6 siguen instanciando balas como nodos, así que "
                   "hay que migrarlos"),
    "some-day-left": ("Langfristig sollte die PDF-Erzeugung eine eigene Queue bekommen.",
                      "Sollte die PDF-Erzeugung eine eigene Queue bekommen"),
    "can-go": ("A logs_whatsapp pode dropar, ninguém usa desde 2023.",
               "A logs_whatsapp pode dropar, ninguém usa desde 2023"),
    "separate-task": ("Я бы это вынес в отдельную задачу: заменить на `golang-lru/v2` и добавить "
                      "метрику hit rate.",
                      "Заменить на `golang-lru/v2` и добавить метрику hit rate"),
    "why-it-matters": ("Warum `directUrl` wichtig ist: PgBouncer unterstützt im Transaktionsmodus "
                       "keine Advisory Locks.",
                       "PgBouncer unterstützt im Transaktionsmodus keine Advisory Locks"),
    "we-do-now": ("usamos el pooler de Neon con connection_limit=1.",
                  "Usamos el pooler de Neon con connection_limit=1"),
    "leave-it-open": ("про Postmark пока не знаю, оставим открытым.",
                      "Про Postmark пока не знаю?"),
    "preferred-over": ("Preferi o modo reschedule a pedir mais slots de worker, porque assim o "
                       "sensor libera o slot.",
                       "Preferi o modo reschedule a pedir mais slots de worker, porque assim o "
                       "sensor libera o slot"),
    "ruled-out-first": ("Plutôt que de remettre SIGPIPE par défaut via libc, j'écris maintenant "
                        "avec `writeln!` et `main` traite `BrokenPipe` comme une fin normale.",
                        "Écris maintenant avec `writeln!` et `main` traite `BrokenPipe` comme une "
                        "fin normale"),
}  # fmt: skip
"""One sentence per row beyond the English table, and its title when the row builds one."""

OPENING = [
    ("Have a look at the reports module.", "It builds one report per tenant."),
    ("Now look at where it is called from.", "From the `/v1/reports` route only."),
]


def _chat(*exchanges: tuple[str, str]) -> Session:
    """A session of two neutral turns, then the given (prompt, answer) pairs from turn 3."""
    build = SessionBuilder("claude-code", Path("/tmp/s.jsonl"))
    build.session_id = "cues"
    for n, (prompt, answer) in enumerate([*OPENING, *exchanges], start=1):
        build.start_turn(prompt, f"2026-11-21T10:{n:02d}:00.000Z")
        if answer:
            build.add_text(answer)
    return build.build(skipped_lines=0)


def _found(session: Session, kind: str) -> list[Finding]:
    return [f for f in extract_findings(session) if f.kind == kind]


def _kinds_mid_session(prompt: str, answer: str) -> set[str]:
    """The kinds found at turn 3 when two more turns follow it (it is not the closing one)."""
    later = [("Continue.", "Continuing with the parser."), ("Tests?", "Updated.")]
    return {f.kind for f in extract_findings(_chat((prompt, answer), *later)) if 3 in f.turns}


def test_no_key_the_agents_text_is_read_for_sits_inside_a_common_word() -> None:
    """A key found inside a word (`put` in `input`, `output`) sends nearly every message of the
    agent to be split and tried against the rows: on the 1.1 GB benchmark corpus it cost 70 %."""
    words = ("input", "output", "throughput", "computed", "outputs", "update", "updated",
             "settings", "important", "instance", "information", "function", "return", "request",
             "response", "however", "something", "another", "support")  # fmt: skip
    keys = KEYS_FOR[False, False] | KEYS_FOR[False, True]
    assert {k for k in keys for w in words if k in f" {w} " and k.strip() != w} == set()
    # nor is one a word most answers hold (`because` cost the 100 MB corpus 30 %)
    common = {"because", "only", "must", "should", "need to", "have to", "has to", "it is", "so",
              "also", "then", "which", "there", "put", "since", "when", "after"}  # fmt: skip
    assert {k.strip() for k in keys} & common == set()


def test_every_row_beyond_english_has_an_example() -> None:
    english = set(BY_LANGUAGE["en"])
    assert sorted(EXAMPLES) == sorted(p.name for p in PATTERNS if p not in english)


def test_rows_are_tried_in_the_order_the_table_promises() -> None:
    """A reversal, then a labelled takeaway and guess, then English and each language's rows,
    then `from now on` and `X instead of Y`, then the rows of every language."""
    names = [p.name for p in PATTERNS]
    languages = [p.name for code, rows in BY_LANGUAGE.items() if code != "en" for p in rows]
    assert names[:3] == ["reversal", "takeaway-label", "hypothesis-label"]
    assert names.index("from-now-on") > max(map(names.index, languages))
    assert names.index("instead-directive") == names.index("from-now-on") + 1


def test_every_language_the_issue_names_has_rows_of_each_main_kind() -> None:
    for language in (
        "de",
        "fr",
        "es",
        "it",
        "pt",
        "ru",
        "uk",
        "nl",
        "pl",
        "sv",
        "tr",
        "zh",
        "ja",
        "ko",
    ):
        kinds = {p.kind for p in BY_LANGUAGE[language]}
        assert {"todo", "decision", "insight", "hypothesis"} <= kinds, language
    assert {p.kind for p in EVERY_LANGUAGE} == set(KINDS)


@pytest.mark.parametrize(
    "pattern", [p for p in PATTERNS if p.name in EXAMPLES], ids=lambda p: p.name
)
def test_each_row_is_recognised_with_its_title(pattern: Pattern) -> None:
    sentence, title = EXAMPLES[pattern.name]
    by_user = pattern.user is not None
    exchange = (sentence, "Noted.") if by_user else ("Go on.", sentence)
    found = _found(_chat(exchange), pattern.kind)
    assert len(found) == 1, [f.title for f in extract_findings(_chat(exchange))]
    assert found[0].turns == (3,)
    assert found[0].title == (title or found[0].title)
    assert found[0].title[0] not in "—–-:;,"


@pytest.mark.parametrize(
    ("prompt", "title"),
    [
        ("Should the export run nightly or on demand? I don't want to decide that today.",
         "Should the export run nightly or on demand?"),
        ("Soll der Export nachts laufen? Das entscheiden wir später.",
         "Soll der Export nachts laufen?"),
        ("¿El export corre de noche o bajo demanda? Lo decidimos luego.",
         "¿El export corre de noche o bajo demanda?"),
        ("Экспорт запускать ночью? Решим позже.", "Экспорт запускать ночью?"),
        ("¿El export incluye las filas archivadas? Lo decidimos más adelante.",
         "¿El export incluye las filas archivadas?"),
        ("O export inclui as linhas arquivadas? A gente decide depois.",
         "O export inclui as linhas arquivadas?"),
        ("导出是每晚运行还是按需运行？我们以后再决定。", "导出是每晚运行还是按需运行?"),
        ("エクスポートは毎晩実行すべきか？後で決めましょう。", "エクスポートは毎晩実行すべきか?"),
    ],
)  # fmt: skip
def test_a_question_the_person_leaves_open_is_a_question(prompt: str, title: str) -> None:
    (question,) = _found(_chat((prompt, "Sure, we can come back to it.")), "question")
    assert question.title == title
    assert question.turns == (3,)


def test_a_reason_in_the_next_sentence_goes_into_the_decision() -> None:
    session = _chat(("Return 409 instead of replaying. Replaying would hide client bugs.", "OK."))
    (decision,) = _found(session, "decision")
    assert decision.title == "Return 409 instead of replaying"
    assert "Replaying would hide client bugs." in decision.body


@pytest.mark.parametrize(
    ("prompt", "kind", "title"),
    [
        ("Please add a TODO to bump the lockfile after the release.", "todo",
         "Bump the lockfile after the release"),
        ("Note a TODO to rotate the staging keys.", "todo", "Rotate the staging keys"),
        ("Open question for Monday: should the audit log keep IP addresses?", "question",
         "Should the audit log keep IP addresses?"),
        ("That confirms the first half of the story: the root cause is a naive datetime.",
         "insight", "The root cause is a naive datetime"),
        ("I found that the gateway strips the header, so the root cause was the proxy.",
         "insight", "The gateway strips the header, so the root cause was the proxy"),
        ("Please keep the 800 ms debounce.", "decision", "Keep the 800 ms debounce"),
        ("Yes please use Postgres instead of MySQL because of JSONB.", "decision",
         "Use Postgres instead of MySQL because of JSONB"),
    ],
)  # fmt: skip
def test_cues_people_write_and_titles_that_state_them(prompt: str, kind: str, title: str) -> None:
    (finding,) = _found(_chat((prompt, "Noted.")), kind)
    assert finding.title == title


MORE_WAYS: list[tuple[str, str, str, str]] = [
    # a guess said with a word between (`I also suspect`, `my best guess`), in Swedish as a noun,
    # and one that governs a cause it names (`Sospecho que … la causa es otra`)
    ("assistant", "I also suspect the crash only shows up when iOS fires the `expirationHandler`.",
     "hypothesis", "The crash only shows up when iOS fires the `expirationHandler`"),
    ("assistant", "My best guess is the March 2024 pricing change rather than a data problem.",
     "hypothesis", "The March 2024 pricing change rather than a data problem"),
    ("assistant", "Min gissning är att kunden kör ett batchjobb kl 09 och delar samma nyckel.",
     "hypothesis", "Kunden kör ett batchjobb kl 09 och delar samma nyckel"),
    ("assistant", "Sospecho que ahí la causa es otra: el doble toque en el botón, que no tiene "
     "ningún debounce.", "hypothesis",
     "Ahí la causa es otra: el doble toque en el botón, que no tiene ningún debounce"),
    # what one keeps of it, said as such
    ("assistant", "The lesson I'd carry over to the other billing jobs: any job that calls "
     "Stripe and can be retried needs a deterministic idempotency key.", "takeaway",
     "Any job that calls Stripe and can be retried needs a deterministic idempotency key"),
    ("assistant", "What I'd take away: join points have to be treated as a separate binder class "
     "everywhere.", "takeaway",
     "Join points have to be treated as a separate binder class everywhere"),
    ("assistant", "Merksatz für die nächsten Migrationen: zuerst den Referenzvergleich bauen, "
     "dann migrieren.", "takeaway", "Zuerst den Referenzvergleich bauen, dann migrieren"),
    # a guess said sure of itself, or as what a thing sounds like, and left unverified
    ("assistant", "I'm fairly sure the `chrony` task conflicts with `systemd-timesyncd` on "
     "bookworm, but I couldn't verify without a Debian 12 box.", "hypothesis",
     "The `chrony` task conflicts with `systemd-timesyncd` on bookworm"),
    ("assistant", "That sounds more like the CloudKit schema not being deployed to Production. "
     "That's a guess until I see their logs.", "hypothesis",
     "The CloudKit schema not being deployed to Production"),
    ("assistant", "Yavaş istemciler tamponun sürekli dolu kalmasına yol açıyor olabilir. Bundan "
     "emin değilim.", "hypothesis",
     "Yavaş istemciler tamponun sürekli dolu kalmasına yol açıyor olabilir"),
    # what the person settles stays or goes back, after a diagnosis (session 27)
    ("user", "flip that one back to error", "decision", "Flip that one back to error"),
    ("user", "nah, leave the migration as is", "decision", "Leave the migration as is"),
    ("user", "no, make it a warning instead, errors break the build for everyone", "decision",
     "Make it a warning instead, errors break the build for everyone"),
    ("user", "Don't retry on 4xx, only on 5xx.", "decision", "Don't retry on 4xx, only on 5xx"),
    ("user", "2.0.1 is a hotfix. whether we go to 26 at all is something to raise at planning.",
     "question", "Whether we go to 26 at all?"),
    ("user", "Wichtig: kein Reset der Offsets, wir dürfen keine Zahlung verlieren.", "decision",
     "Wichtig: kein Reset der Offsets, wir dürfen keine Zahlung verlieren"),
    ("user", "no. refunds i'll do by hand with finance, not you.", "todo",
     "Refunds i'll do by hand with finance, not you"),
    ("user", "nie wiem, muszę zapytać Kasię z QA.", "todo", "Nie wiem, muszę zapytać Kasię z QA"),
    ("user", "了解、コンソールは自分で見る。", "todo", "了解、コンソールは自分で見る"),
    # what the agent noticed, a caveat with a few words before its colon, what would bite
    ("assistant", "While checking this I noticed something related: `automaticallyMerges` is "
     "never set on the viewContext.", "insight",
     "`automaticallyMerges` is never set on the viewContext"),
    ("assistant", "One caveat you should know about: Stripe only keeps idempotency keys for 24 "
     "hours.", "insight", "Stripe only keeps idempotency keys for 24 hours"),
    ("assistant", "One thing that would have bitten you: `GetButtonDown` is only true for a single "
     "frame.", "insight", "`GetButtonDown` is only true for a single frame"),
    # a thing the speaker does not know or cannot settle, labelled
    ("assistant", "One thing I can't decide for you: which of the duplicate rows is "
     "authoritative?", "question", "Which of the duplicate rows is authoritative?"),
    ("assistant", "Duas coisas que eu não sei e que mudam o plano: vocês têm réplicas de leitura?",
     "question", "Vocês têm réplicas de leitura?"),
    ("assistant", "Jednej rzeczy nie wiem i to mnie martwi: czy klienci nie dostali podwójnych "
     "faktur.", "question", "Czy klienci nie dostali podwójnych faktur?"),
    ("assistant", "One thing still open: `RefundJob` has the same shape, with no idempotency key.",
     "question", "`RefundJob` has the same shape, with no idempotency key?"),
    # what the person is torn on, does not know, is not sure is right, or puts off
    ("user", "それと、同期をオプトインにするかデフォルトONにするかまだ迷ってる。", "question",
     "それと、同期をオプトインにするかデフォルトONにするかまだ迷ってる?"),
    ("user", "redis pub/sub ile çoklu instance'a geçecek miyiz onu bilmiyorum.", "question",
     "Redis pub/sub ile çoklu instance'a geçecek miyiz onu bilmiyorum?"),
    ("user", "I'm really not sure that server-wins is right for offline edits.", "question",
     "I'm really not sure that server-wins is right for offline edits?"),
    ("user", "whether we move to service config once we upgrade grpc-go — not deciding that "
     "today, park it", "question", "Whether we move to service config once we upgrade grpc-go?"),
    ("user", "Deploy nur auf Staging, nie auf Prod.", "decision",
     "Deploy nur auf Staging, nie auf Prod"),
    ("user", "Use Postgres, I don't want to run Mongo too.", "decision",
     "Use Postgres, I don't want to run Mongo too"),
    # what is put off in Japanese, titled by what it is; a gotcha labelled; a guess
    ("user", "SearchViewModel は後回しで。", "todo", "SearchViewModel は後回しで"),
    ("assistant", "「半日」という数字は、おそらく最後のデプロイでキャッシュが作られたからだと"
     "思います。", "hypothesis",
     "「半日」という数字は、おそらく最後のデプロイでキャッシュが作られたからだと思います"),
    ("assistant", "ハマりどころが一つ：`@Observable` のクラスは `@StateObject` では保持"
     "できません。", "insight", "`@Observable` のクラスは `@StateObject` では保持できません"),
    ("assistant", "アバターの `AsyncImage` が毎回読み込み直されているので、そちらが本命"
     "ではないかと。", "hypothesis",
     "アバターの `AsyncImage` が毎回読み込み直されているので、そちらが本命ではないかと"),
    # what the person rules out in a clause of its own, with the harm it would do, a change of
    # plan on a thing
    ("user", "Constraints: the outage stays under 60 s, and we are not going to use pglogical — "
     "it's an extension to babysit.", "decision",
     "Don't use pglogical — it's an extension to babysit"),
    ("user", "Do not put REPLICA IDENTITY FULL on audit_events, on a table that size it's a trap.",
     "decision", "Do not put REPLICA IDENTITY FULL on audit_events, on a table that size it's a "
     "trap"),
    ("user", "And change of plan on audit_events: forget seeding it from a snapshot.", "decision",
     "Forget seeding it from a snapshot"),
    ("user", "Lass das Caching erstmal so.", "decision", "Lass das Caching erstmal so"),
    ("user", "Stell das Log-Level wieder auf info.", "decision",
     "Stell das Log-Level wieder auf info"),
    ("user", "Remets le niveau de log à info.", "decision", "Remets le niveau de log à info"),
    ("user", "Deja la migración como está.", "decision", "Deja la migración como está"),
    ("user", "Lascia il parser così com'è.", "decision", "Lascia il parser così com'è"),
    ("user", "Deixa o parser como está por enquanto.", "decision",
     "Deixa o parser como está por enquanto"),
    ("user", "Оставь миграцию как есть.", "decision", "Оставь миграцию как есть"),
    ("user", "Верни таймаут на 30 секунд.", "decision", "Верни таймаут на 30 секунд"),
    ("user", "Rename it to retry_budget, the old name is confusing.", "decision",
     "Rename it to retry_budget, the old name is confusing"),
    ("user", "Drop the Python 3.8 support, nobody uses it.", "decision",
     "Drop the Python 3.8 support, nobody uses it"),
    ("user", "Skip the Windows build for this release.", "decision",
     "Skip the Windows build for this release"),
    ("user", "fine, 5 minutes TTL it is.", "decision", "5 minutes TTL it is"),
    ("user", "ok, no backfill, new rows only", "decision", "No backfill, new rows only"),
    ("user", "hmm. not sure we want founders to get the increase at all. need to ask Dana, leave "
     "it open.", "question", "We want founders to get the increase at all?"),
    ("user", "bump. drop 0.13 support", "decision", "Drop 0.13 support"),
    ("user", "Dan nemen we Redis.", "decision", "Dan nemen we Redis"),
    ("user", "Då kör vi på Redis.", "decision", "Då kör vi på Redis"),
    ("user", "Geen ORM, gewoon SQL.", "decision", "Geen ORM, gewoon SQL"),
    ("user", "Ingen ORM, bara SQL.", "decision", "Ingen ORM, bara SQL"),
    ("user", "Bez ORM, czysty SQL.", "decision", "Bez ORM, czysty SQL"),
    ("user", "Без ORM, чистий SQL.", "decision", "Без ORM, чистий SQL"),
    ("user", "we're raising the Pro plan from $29 to $35 on March 1. existing subscribers are "
     "grandfathered for 6 months.", "decision",
     "We're raising the Pro plan from $29 to $35 on March 1"),
    ("user", "IP statique non. garde le DHCP mais mets BSSID et canal en RTC", "decision",
     "Garde le DHCP mais mets BSSID et canal en RTC"),
    ("assistant", "It works locally because macOS has a case-insensitive filesystem; Linux CI "
     "does not.", "insight",
     "It works locally because macOS has a case-insensitive filesystem; Linux CI does not"),
    ("assistant", "What's happening: the retry decorator swallows CancelledError, so shutdown "
     "hangs.", "insight", "The retry decorator swallows CancelledError, so shutdown hangs"),
    ("assistant", "The key detail is that `utcnow()` returns a naive datetime.", "insight",
     "`utcnow()` returns a naive datetime"),
    ("assistant", "C'est dû au fait que la clé de cache n'inclut pas la locale.", "insight",
     "La clé de cache n'inclut pas la locale"),
    ("assistant", "La raison : le pool n'a que 10 connexions.", "insight",
     "Le pool n'a que 10 connexions"),
    ("user", "hmm ok use the feature flag, default off", "decision",
     "Use the feature flag, default off"),
    ("user", "just use sqlite for tests, no docker", "decision",
     "Just use sqlite for tests, no docker"),
    ("user", "ok, go for the partial index", "decision", "Go for the partial index"),
    ("user", "Machen wir so, aber ohne den Cron-Teil.", "decision",
     "Machen wir so, aber ohne den Cron-Teil"),
    ("user", "Va pour Redis.", "decision", "Va pour Redis"),
    ("user", "Лучше Redis, Memcached тут никто не знает.", "decision",
     "Лучше Redis, Memcached тут никто не знает"),
    ("user", "Las del jugador son pocas y tienen lógica especial, esas se quedan como están.",
     "decision", "Las del jugador son pocas y tienen lógica especial, esas se quedan como están"),
    ("assistant", "I found the reason. In config/queue.php the redis connection has retry_after "
     "90, but Horizon lets the job run up to timeout 120.", "insight",
     "In config/queue.php the redis connection has retry_after 90"),
    ("assistant", "I put it in docs/horizon.md because that is where the supervisors are "
     "documented.", "decision",
     "Put it in docs/horizon.md because that is where the supervisors are documented"),
    ("user", "Externe ja, aber nur auf Outline. Ein Realm klingt gut, machen wir so.", "decision",
     "Ein Realm klingt gut, machen wir so"),
    ("assistant", "Ich habe deshalb `keycloak/keycloak` mit `~> 5.0` genommen.", "decision",
     "Ich habe deshalb `keycloak/keycloak` mit `~> 5.0` genommen"),
    ("user", "Sicher bin ich mir aber nicht, ob die Org-Rolle der Service-Accounts bleibt.",
     "question", "Ob die Org-Rolle der Service-Accounts bleibt?"),
    ("user", "Ajoute le failure transport en doctrine, pas en redis.", "decision",
     "Ajoute le failure transport en doctrine, pas en redis"),
    ("user", "Usa el pooler, no la conexión directa.", "decision",
     "Usa el pooler, no la conexión directa"),
    ("user", "Ok, ajoute ça aux commentaires. On merge après correction.", "decision",
     "On merge après correction"),
    ("user", "Accelerate no, no quiero otro servicio de pago.", "decision",
     "Accelerate no, no quiero otro servicio de pago"),
    ("user", "movemos lo del carrito fuera del layout, a un client component.", "decision",
     "Movemos lo del carrito fuera del layout, a un client component"),
    ("assistant", "Someone with access needs to set DIRECT_URL in Vercel before the next deploy.",
     "todo", "Someone with access needs to set DIRECT_URL in Vercel before the next deploy"),
    ("assistant", "Jemand mit Admin-Rechten muss `DIRECT_URL` in Vercel setzen.", "todo",
     "Jemand mit Admin-Rechten muss `DIRECT_URL` in Vercel setzen"),
    ("assistant", "Why `directUrl` matters: PgBouncer in transaction mode doesn't support "
     "session-level advisory locks.", "insight",
     "PgBouncer in transaction mode doesn't support session-level advisory locks"),
    ("user", "lo de Postmark no lo sé todavía, lo dejamos abierto.", "question",
     "Lo de Postmark no lo sé todavía?"),
    ("user", "Postmark-Idempotenz weiß ich noch nicht, lassen wir offen.", "question",
     "Postmark-Idempotenz weiß ich noch nicht?"),
    ("user", "Pas sûr qu'on veuille appliquer la hausse aux fondateurs.", "question",
     "Qu'on veuille appliquer la hausse aux fondateurs?"),
    ("user", "ne touche pas au format de sortie JSON, d'autres outils en dépendent", "decision",
     "Ne touche pas au format de sortie JSON, d'autres outils en dépendent"),
    ("user", "Fass das JSON-Format nicht an, andere Tools hängen davon ab.", "decision",
     "Fass das JSON-Format nicht an, andere Tools hängen davon ab"),
    ("user", "Don't change the JSON output, the dashboard parses it.", "decision",
     "Don't change the JSON output, the dashboard parses it"),
    ("user", "And no larger runners — we can't pay for them this quarter.", "decision",
     "No larger runners — we can't pay for them this quarter"),
    ("user", "No ORM for this service, raw SQL via sqlc.", "decision",
     "No ORM for this service, raw SQL via sqlc"),
    ("user", "Kein ORM, reines SQL.", "decision", "Kein ORM, reines SQL"),
    ("user", "Без ORM, чистый SQL.", "decision", "Без ORM, чистый SQL"),
    ("user", "Pas de migration pour l'instant, on ajoute juste la colonne.", "decision",
     "Pas de migration pour l'instant, on ajoute juste la colonne"),
    # what the person will ask someone else, left to them (session 26)
    ("user", "I'll write to the graduate school office and ask whether PDF/A-2b is ok or they "
     "need 1b.", "question", "Whether PDF/A-2b is ok or they need 1b?"),
    ("user", "Ich frage mal bei der Rechtsabteilung nach, ob wir die Logs 90 Tage behalten "
     "dürfen.", "question", "Ob wir die Logs 90 Tage behalten dürfen?"),
    ("user", "Voy a preguntar a legal si podemos guardar los logs 90 días.", "question",
     "Podemos guardar los logs 90 días?"),
    ("user", "Ik ga aan legal vragen of we de logs mogen bewaren.", "question",
     "Of we de logs mogen bewaren?"),
    ("user", "Спрошу у юристов, можно ли хранить логи 90 дней.", "question",
     "Можно ли хранить логи 90 дней?"),
    ("user", "Zapytam prawników, czy możemy trzymać logi 90 dni.", "question",
     "Możemy trzymać logi 90 dni?"),
    # what the agent cannot answer from where it is, labelled (session 26)
    ("assistant", "What I can't answer from here: whether Stadtwerke Kiel can move firmware 1.x "
     "to mTLS at all.", "question",
     "Whether Stadtwerke Kiel can move firmware 1.x to mTLS at all?"),
    ("assistant", "Was ich von hier aus nicht beantworten kann: ob die Stadtwerke Kiel ihre "
     "Firmware 1.x noch auf mTLS bringen können.", "question",
     "Ob die Stadtwerke Kiel ihre Firmware 1.x noch auf mTLS bringen können?"),
    ("assistant", "Ce que je ne peux pas dire d'ici : si le fournisseur peut encore passer le "
     "firmware en mTLS.", "question", "Si le fournisseur peut encore passer le firmware en mTLS?"),
    ("assistant", "Что я не могу проверить отсюда: поддерживает ли прошивка 1.x mTLS.", "question",
     "Поддерживает ли прошивка 1.x mTLS?"),
    # a bet, after what it is about or labelled; what one would do otherwise (session 26)
    ("assistant", "Sobre por qué ahora: mi apuesta es que empezó con la 3.8.0.", "hypothesis",
     "Empezó con la 3.8.0"),
    ("assistant", "Mon pari : un proxy d'inspection TLS, typiquement Zscaler.", "hypothesis",
     "Un proxy d'inspection TLS, typiquement Zscaler"),
    ("assistant", "What I'd do differently: add a verify_cli test that calls debug_assert().",
     "takeaway", "Add a verify_cli test that calls debug_assert()"),
    ("assistant", "Uma coisa que vale guardar: medir performance sempre em modo --profile.",
     "takeaway", "Medir performance sempre em modo --profile"),
    # lessons under their labels in Dutch, Swedish, Polish and Turkish (session 26)
    ("assistant", "Les: retries zonder jitter maken een storing alleen maar erger.", "takeaway",
     "Retries zonder jitter maken een storing alleen maar erger"),
    ("assistant", "Till nästa gång: läs loggarna först.", "takeaway", "Läs loggarna först"),
    ("assistant", "Na przyszłość: najpierw czytamy logi, potem zmieniamy kod.", "takeaway",
     "Najpierw czytamy logi, potem zmieniamy kod"),
    ("assistant", "Bir dahaki sefere: önce logları okuyalım.", "takeaway",
     "Önce logları okuyalım"),
    # work not done yet, unknowns and where the problem lies, in Dutch, Swedish, Turkish,
    # Korean and Ukrainian (session 26)
    ("assistant", "De migratie voor de audit-tabel moet nog geschreven worden.", "todo",
     "De migratie voor de audit-tabel moet nog geschreven worden"),
    ("user", "Geen idee of juridisch daarmee akkoord gaat.", "question",
     "Of juridisch daarmee akkoord gaat?"),
    ("assistant", "Migreringen för audit-tabellen återstår.", "todo",
     "Migreringen för audit-tabellen återstår"),
    ("user", "Ingen aning om juridik godkänner det.", "question", "Om juridik godkänner det?"),
    ("assistant", "Denetim tablosu için migration henüz yazılmadı.", "todo",
     "Denetim tablosu için migration henüz yazılmadı"),
    ("assistant", "Sorun önbellek anahtarında: PATH içeriyor.", "insight",
     "Sorun önbellek anahtarında: PATH içeriyor"),
    ("assistant", "감사 테이블 마이그레이션은 아직 작성하지 않았습니다.", "todo",
     "감사 테이블 마이그레이션은 아직 작성하지 않았습니다"),
    ("assistant", "Схоже, кеш очищається після кожного деплою, але я це не перевіряв.",
     "hypothesis", "Кеш очищається після кожного деплою"),
    ("assistant", "Міграцію для таблиці аудиту ще не написано.", "todo",
     "Міграцію для таблиці аудиту ще не написано"),
    ("user", "Гадки не маю, чи юристи це погодять.", "question", "Чи юристи це погодять?"),
    # a value set, in more languages and forms; a thing ruled out and what will do (session 26)
    ("user", "Make the timeout 30 seconds.", "decision", "Make the timeout 30 seconds"),
    ("user", "Nimm 30 Sekunden als Timeout.", "decision", "Nimm 30 Sekunden als Timeout"),
    ("user", "Поставь таймаут 30 секунд.", "decision", "Поставь таймаут 30 секунд"),
    ("user", "Zet de timeout op 30 seconden.", "decision", "Zet de timeout op 30 seconden"),
    ("user", "Sätt timeouten till 30 sekunder.", "decision", "Sätt timeouten till 30 sekunder"),
    ("user", "Ustaw timeout na 30 sekund.", "decision", "Ustaw timeout na 30 sekund"),
    ("user", "Timeout'u 30 saniye yap.", "decision", "Timeout'u 30 saniye yap"),
    ("user", "超时设成 30 秒。", "decision", "超时设成 30 秒"),
    ("user", "タイムアウトは30秒にして。", "decision", "タイムアウトは30秒にして"),
    ("user", "No Kafka, a plain Postgres queue is enough for this volume.", "decision",
     "No Kafka, a plain Postgres queue is enough for this volume"),
    ("user", "Drop the Redis cache entirely, Postgres is fast enough.", "decision",
     "Drop the Redis cache entirely, Postgres is fast enough"),
    # guesses and a rule that rules a thing out, in more languages (session 26)
    ("assistant", "Mijn gok is dat de cache-key de datum bevat.", "hypothesis",
     "De cache-key de datum bevat"),
    ("assistant", "Obstawiam, że klucz cache zawiera datę.", "hypothesis",
     "Klucz cache zawiera datę"),
    ("assistant", "Bence önbellek anahtarı bugünün tarihini de içeriyor, ama doğrulamadım.",
     "hypothesis", "Önbellek anahtarı bugünün tarihini de içeriyor"),
    ("assistant", "Merke: Keine Zeitstempel in Cache-Keys.", "takeaway",
     "Keine Zeitstempel in Cache-Keys"),
    # work the person says will have to be done (session 26)
    ("user", "Hay que rotar las claves de staging más adelante.", "todo",
     "Rotar las claves de staging más adelante"),
    ("user", "Надо будет ещё обновить ранбук.", "todo", "Обновить ранбук"),
    ("user", "Trzeba będzie jeszcze zaktualizować runbook.", "todo", "Zaktualizować runbook"),
    ("user", "Потрібно ще оновити ранбук.", "todo", "Оновити ранбук"),
    # where a fault comes from, plural; a cause said with a comma (session 26)
    ("assistant", "The 429s come from nginx, not from our code.", "insight",
     "The 429s come from nginx, not from our code"),
    ("assistant", "La cause, c'est que le middleware avale le 409.", "insight",
     "La cause, c'est que le middleware avale le 409"),
    # what is not known yet, said after the question or in more languages (session 26)
    ("user", "Who owns the shared-types package is still an open point.", "question",
     "Who owns the shared-types package?"),
    ("user", "Whether finance accepts a 0.04% gap is up to Priya.", "question",
     "Whether finance accepts a 0.04% gap?"),
    ("user", "Whether the lockfile is up to date is unclear to me.", "question",
     "Whether the lockfile is up to date?"),
    ("user", "We haven't figured out how to handle the migration for existing tenants.",
     "question", "How to handle the migration for existing tenants?"),
    ("assistant", "One thing I couldn't find out: whether the CDN caches the 404.", "question",
     "Whether the CDN caches the 404?"),
    ("user", "Wer das Paket besitzt, müssen wir noch klären.", "question",
     "Wer das Paket besitzt, müssen wir noch klären?"),
    ("user", "Nie wiadomo jeszcze, czy potrzebujemy drugiego regionu.", "question",
     "Nie wiadomo jeszcze, czy potrzebujemy drugiego regionu?"),
    ("user", "Вопрос с архивными тенантами пока открыт.", "question",
     "Вопрос с архивными тенантами пока открыт?"),
    ("user", "第二个区域要不要还没定。", "question", "第二个区域要不要还没定?"),
    # what is kept or taken, in Portuguese, Turkish, Chinese and Japanese (session 26)
    ("user", "Fica com a fila, tira o cron.", "decision", "Fica com a fila, tira o cron"),
    ("user", "Eski endpoint'i bir ay daha tutalım.", "decision",
     "Eski endpoint'i bir ay daha tutalım"),
    ("user", "旧的接口再保留一个月。", "decision", "旧的接口再保留一个月"),
    ("user", "古いエンドポイントはあと1か月残そう。", "decision",
     "古いエンドポイントはあと1か月残そう"),
    # Ukrainian (session 26)
    ("assistant", "Мабуть, справа в кеші після деплою.", "hypothesis",
     "Справа в кеші після деплою"),
    ("user", "Незрозуміло, чи треба підтримувати API v1.", "question",
     "Чи треба підтримувати API v1?"),
    ("assistant", "Висновок: ретраї без jitter посилюють падіння.", "takeaway",
     "Ретраї без jitter посилюють падіння"),
    # a way of doing a thing set against another: a choice (session 26)
    ("user", "for the map, serialize sorted by texture GUID, not by pointer.", "decision",
     "For the map, serialize sorted by texture GUID, not by pointer"),
    ("user", "If we need to freeze the clock anywhere, use time-machine, not freezegun — freezegun "
     "was adding 40s to the run.", "decision",
     "If we need to freeze the clock anywhere, use time-machine, not freezegun"),
    ("user", "Dann plan_cache_mode = force_custom_plan, aber nur für die Rolle reporting, nicht "
     "global.", "decision",
     "Dann plan_cache_mode = force_custom_plan, aber nur für die Rolle reporting, nicht global"),
    # what the person does not know, said after it or with `no clue` (session 26)
    ("user", "whether the debian packager wants them pre-generated instead, I honestly don't "
     "know, Tomás does that package.", "question",
     "Whether the debian packager wants them pre-generated instead?"),
    ("user", "Und ob die uns überhaupt irgendein SLA zusagen, keine Ahnung, das müsste man mal "
     "klären.", "question", "Ob die uns überhaupt irgendein SLA zusagen?"),
    ("user", "oh and no clue whether the console cookers have the same problem.", "question",
     "Whether the console cookers have the same problem?"),
    # ... and what the person wonders, after a word that leads in (session 26)
    ("user", "and now I'm wondering if we have to re-run the Q1 cohort.", "question",
     "Whether we have to re-run the Q1 cohort?"),
    # a title drops the yes that opens it in Chinese, Japanese and Korean too (session 25)
    ("user", "好的，我们就用 Redis 做会话存储。", "decision", "我们就用 Redis 做会话存储"),
    # what is found, said as a guess (session 25)
    ("assistant", "Why it's 4 min in CI: probably `setup-envtest` downloading the binaries on "
     "every run.", "hypothesis", "Probably `setup-envtest` downloading the binaries on every run"),
    # what the person puts off, in Chinese, Japanese and Korean (session 25)
    ("user", "コールドスタートは後で見る。", "todo", "コールドスタートは後で見る"),
    ("user", "冷启动的问题以后再看。", "todo", "冷启动的问题以后再看"),
    ("user", "콜드 스타트는 나중에 볼게요.", "todo", "콜드 스타트는 나중에 볼게요"),
    # the fault named by a bold label with a stop (session 25)
    ("assistant", "**The culprit.** The worker reads the config once at start.", "insight",
     "The worker reads the config once at start"),
    ("assistant", "**Hypothese.** Der Pool ist unter Last erschöpft.", "hypothesis",
     "Der Pool ist unter Last erschöpft"),
    ("assistant", "La racine du problème : le worker lit la config une seule fois.", "insight",
     "Le worker lit la config une seule fois"),
    ("user", "Denk daran, die Migration vor dem Deploy laufen zu lassen.", "todo",
     "Die Migration vor dem Deploy laufen zu lassen"),
    # work put into a later change, in each language (session 24)
    ("user", "Prima, die foutmelding pakken we volgende sprint op.", "todo",
     "Die foutmelding pakken we volgende sprint op"),
    ("user", "The pagination goes into a separate PR.", "todo",
     "The pagination goes into a separate PR"),
    ("user", "On fera la pagination dans une PR séparée.", "todo",
     "On fera la pagination dans une PR séparée"),
    ("user", "La paginación va en otro PR.", "todo", "La paginación va en otro PR"),
    ("user", "Пагинацию сделаем в отдельном PR.", "todo", "Пагинацию сделаем в отдельном PR"),
    ("user", "分页放到下个迭代再做。", "todo", "分页放到下个迭代再做"),
    # where the fault lies, in each language (session 24)
    ("assistant", "Le problème est dans ce que j'ai passé à `async_task` : un dict figé.",
     "insight", "Le problème est dans ce que j'ai passé à `async_task` : un dict figé"),
    ("assistant", "Het grootste probleem zit in de cache-key, die bij elke commit verandert.",
     "insight", "Het grootste probleem zit in de cache-key, die bij elke commit verandert"),
    ("assistant", "El problema está en la clave de caché, que incluye el SHA.", "insight",
     "El problema está en la clave de caché, que incluye el SHA"),
    ("assistant", "问题出在缓存键里包含了提交 SHA。", "insight", "问题出在缓存键里包含了提交 SHA"),
    ("assistant", "The biggest problem is the cache key: it includes the commit SHA.", "insight",
     "The biggest problem is the cache key: it includes the commit SHA"),
    # not yet settled, under a label that would say it is (session 24)
    ("user", "Eine Sache ist noch nicht entschieden: der Text der Benachrichtigung.", "question",
     "Eine Sache ist noch nicht entschieden: der Text der Benachrichtigung?"),
    ("user", "Not sure yet if we should expose this in the public API; let's revisit next week.",
     "question", "If we should expose this in the public API?"),
    ("assistant", "One theory: the proxy strips the Authorization header on redirects.",
     "hypothesis", "The proxy strips the Authorization header on redirects"),
    ("assistant", "I haven't confirmed it, but the timeouts look like connection pool exhaustion.",
     "hypothesis", "The timeouts look like connection pool exhaustion"),
    ("assistant", "The pattern to remember: idempotency keys make retries safe.", "takeaway",
     "Idempotency keys make retries safe"),
    ("user", "Besloten: geen ORM, gewoon SQL.", "decision", "Geen ORM, gewoon SQL"),
    ("user", "Zdecydowane: bez ORM, czysty SQL.", "decision", "Bez ORM, czysty SQL"),
    ("user", "İş kuyruğu için Postgres kullanacağız.", "decision",
     "İş kuyruğu için Postgres kullanacağız"),
    ("assistant", "Asıl neden iki worker arasındaki yarış durumu.", "insight",
     "Asıl neden iki worker arasındaki yarış durumu"),
    ("assistant", "CDN'in hata sayfasını önbelleğe aldığından şüpheleniyorum.", "hypothesis",
     "CDN'in hata sayfasını önbelleğe aldığından şüpheleniyorum"),
    ("user", "fechado então: o app vai usar expo router em vez do react navigation.", "decision",
     "O app vai usar expo router em vez do react navigation"),
    ("user", "da próxima vez a gente escreve o runbook antes de precisar dele.", "takeaway",
     "Da próxima vez a gente escreve o runbook antes de precisar dele"),
    ("user", "quem vai ser dono do pipeline de ML depois que o joão sair, ninguém sabe.",
     "question", "Quem vai ser dono do pipeline de ML depois que o joão sair?"),
    ("user", "не уверен, что webview для оплаты пройдёт ревью в app store.", "question",
     "Webview для оплаты пройдёт ревью в app store?"),
    ("user", "I'm not sure whether the vendor rate-limits per key or per IP.", "question",
     "Whether the vendor rate-limits per key or per IP?"),
    ("user", "может, память течёт из-за того, что мы храним весь кэш картинок в Map без лимита.",
     "hypothesis",
     "Может, память течёт из-за того, что мы храним весь кэш картинок в Map без лимита"),
    ("user", "типы в api/client.ts надо будет когда-нибудь генерить из openapi.", "todo",
     "Типы в api/client.ts надо будет когда-нибудь генерить из openapi"),
    # a rule for next time said with our verb, a moral after a comma, work pushed to next week,
    # what the person has no idea of (session 23)
    ("user", "nächstes mal pinnen wir die node version im Dockerfile.", "takeaway",
     "Nächstes mal pinnen wir die node version im Dockerfile"),
    ("user", "la próxima vez revisamos el changelog antes de subir de major.", "takeaway",
     "La próxima vez revisamos el changelog antes de subir de major"),
    ("user", "à l'avenir on met des timeouts explicites sur tous les appels http sortants.",
     "takeaway", "À l'avenir on met des timeouts explicites sur tous les appels http sortants"),
    ("user", "moralité, on ne fait plus confiance au latest des images docker.", "takeaway",
     "On ne fait plus confiance au latest des images docker"),
    ("user", "die e2e tests für den checkout schieben wir auf nächste woche.", "todo",
     "Die e2e tests für den checkout schieben wir auf nächste woche"),
    ("user", "No idea whether the client wants the reports in their time zone or in UTC.",
     "question", "Whether the client wants the reports in their time zone or in UTC?"),
    ("user", "wie wir mit offline-edits umgehen, wenn zwei geräte dasselbe dokument ändern, "
     "weiß ich ehrlich gesagt noch nicht.", "question",
     "Wie wir mit offline-edits umgehen, wenn zwei geräte dasselbe dokument ändern?"),
    ("user", "ni idea de si el cliente quiere los informes en su zona horaria o en UTC.",
     "question", "Si el cliente quiere los informes en su zona horaria o en UTC?"),
    # the same ways in Chinese, Japanese and Korean (session 23)
    ("user", "我们用 Postgres 做任务队列。", "decision", "我们用 Postgres 做任务队列"),
    ("user", "从现在开始，所有时间戳都存 UTC。", "decision", "从现在开始，所有时间戳都存 UTC"),
    ("user", "还是继续用 Celery 吧。", "decision", "还是继续用 Celery 吧"),
    ("user", "不迁移到 arq 了。", "decision", "不迁移到 arq 了"),
    ("assistant", "我选了 SQLite 而不是 Postgres，因为数据只在本地。", "decision",
     "SQLite 而不是 Postgres，因为数据只在本地"),
    ("assistant", "为了兼容，我保留了旧的接口。", "decision", "为了兼容，我保留了旧的接口"),
    ("assistant", "问题一直出在 DNS 的 TTL 上。", "insight", "问题一直出在 DNS 的 TTL 上"),
    ("assistant", "找到了：时区偏移被应用了两次。", "insight", "时区偏移被应用了两次"),
    ("assistant", "这个 bug 只有在批量超过 1000 时才出现。", "insight",
     "这个 bug 只有在批量超过 1000 时才出现"),
    ("user", "待定：我们真的需要支持 IPv6 吗？", "question", "我们真的需要支持 IPv6 吗?"),
    ("assistant", "我没能确认的是：夜间任务是否还在旧集群上运行。", "question",
     "夜间任务是否还在旧集群上运行?"),
    ("user", "以后再说：上线完成后删除功能开关。", "todo", "上线完成后删除功能开关"),
    ("assistant", "下次重启前先看日志。", "takeaway", "下次重启前先看日志"),
    ("user", "arq には移行しません。", "decision", "Arq には移行しません"),
    ("assistant", "データがローカルに留まるので、Postgres ではなく SQLite を選びました。",
     "decision",
     "データがローカルに留まるので、Postgres ではなく SQLite を選びました"),
    ("assistant", "互換性のために古いエンドポイントは残しました。", "decision",
     "互換性のために古いエンドポイントは残しました"),
    ("assistant", "実はキャッシュが書き込み時に一度も無効化されていませんでした。", "insight",
     "実はキャッシュが書き込み時に一度も無効化されていませんでした"),
    ("assistant", "遅いのはシリアライザの N+1 クエリのせいです。", "insight",
     "遅いのはシリアライザの N+1 クエリのせいです"),
    ("assistant", "確認できなかったこと：夜間ジョブがまだ旧クラスタで動いているかどうか。",
     "question",
     "夜間ジョブがまだ旧クラスタで動いているかどうか?"),
    ("user", "リリース前にバージョンを上げるのを忘れないで。", "todo",
     "リリース前にバージョンを上げるのを忘れないで"),
    ("assistant", "GC の停止がレイテンシのスパイクの原因だと思います。", "hypothesis",
     "GC の停止がレイテンシのスパイクの原因だと思います"),
    ("assistant", "ノード間のクロックのずれかもしれません。", "hypothesis",
     "ノード間のクロックのずれかもしれません"),
    ("assistant", "次回は再起動の前にログを見ること。", "takeaway",
     "次回は再起動の前にログを見ること"),
    ("user", "앞으로 모든 타임스탬프는 UTC로 저장합니다.", "decision",
     "앞으로 모든 타임스탬프는 UTC로 저장합니다"),
    ("user", "Celery 그대로 유지합시다.", "decision", "Celery 그대로 유지합시다"),
    ("assistant", "데이터가 로컬에만 있어서 Postgres 대신 SQLite를 선택했습니다.", "decision",
     "데이터가 로컬에만 있어서 Postgres 대신 SQLite를 선택했습니다"),
    ("assistant", "호환성을 위해 기존 엔드포인트는 남겨 두었습니다.", "decision",
     "호환성을 위해 기존 엔드포인트는 남겨 두었습니다"),
    ("assistant", "느려진 건 직렬화기의 N+1 쿼리 때문입니다.", "insight",
     "느려진 건 직렬화기의 N+1 쿼리 때문입니다"),
    ("assistant", "찾았습니다: 타임존 오프셋이 두 번 적용되고 있어요.", "insight",
     "타임존 오프셋이 두 번 적용되고 있어요"),
    ("user", "미결: IPv6를 정말 지원해야 하나요?", "question", "IPv6를 정말 지원해야 하나요?"),
    ("assistant", "확인하지 못한 것: 야간 작업이 아직 예전 클러스터에서 도는지.", "question",
     "야간 작업이 아직 예전 클러스터에서 도는지?"),
    ("user", "릴리스 전에 버전 올리는 거 잊지 마세요.", "todo",
     "릴리스 전에 버전 올리는 거 잊지 마세요"),
    ("user", "새 플래그 문서를 아직 업데이트해야 해요.", "todo",
     "새 플래그 문서를 아직 업데이트해야 해요"),
    ("assistant", "CDN이 에러 페이지를 캐시하고 있다고 의심됩니다.", "hypothesis",
     "CDN이 에러 페이지를 캐시하고 있다고 의심됩니다"),
    ("assistant", "노드 간 시계 차이일 수도 있습니다.", "hypothesis",
     "노드 간 시계 차이일 수도 있습니다"),
    ("assistant", "다음에는 재시작하기 전에 로그부터 보자.", "takeaway",
     "다음에는 재시작하기 전에 로그부터 보자"),
    # the same ways in more languages (session 23)
    ("assistant", "Era o TTL do DNS o tempo todo.", "insight", "Era o TTL do DNS o tempo todo"),
    ("assistant", "Это был TTL DNS с самого начала.", "insight", "Это был TTL DNS с самого начала"),
    ("assistant", "Ça arrive parce que l'ORM charge chaque relation dans la boucle.", "insight",
     "Ça arrive parce que l'ORM charge chaque relation dans la boucle"),
    ("assistant", "Это происходит, потому что ORM подгружает каждую связь в цикле.", "insight",
     "Это происходит, потому что ORM подгружает каждую связь в цикле"),
    ("assistant", "Mantuve el endpoint antiguo por compatibilidad.", "decision",
     "Mantuve el endpoint antiguo por compatibilidad"),
    ("assistant", "Оставил старый эндпоинт для совместимости.", "decision",
     "Оставил старый эндпоинт для совместимости"),
    ("user", "On ne migre pas vers arq.", "decision", "On ne migre pas vers arq"),
    ("user", "Non migriamo ad arq.", "decision", "Non migriamo ad arq"),
    ("user", "Vamos continuar com o Celery.", "decision", "Vamos continuar com o Celery"),
    ("assistant", "Encontrado: el desfase horario se aplica dos veces.", "insight",
     "El desfase horario se aplica dos veces"),
    ("assistant", "Нашёл: смещение часового пояса применяется дважды.", "insight",
     "Смещение часового пояса применяется дважды"),
    ("assistant", "Ce que je n'ai pas pu déterminer : si le job de nuit tourne encore.",
     "question", "Si le job de nuit tourne encore?"),
    ("assistant", "Что я не смог проверить: работает ли ночная задача ещё.", "question",
     "Работает ли ночная задача ещё?"),
    ("user", "Alguém precisa escrever um runbook para o failover.", "todo",
     "Alguém precisa escrever um runbook para o failover"),
    ("user", "Кто-то должен написать ранбук для фейловера.", "todo",
     "Кто-то должен написать ранбук для фейловера"),
    ("assistant", "Ça pourrait être un décalage d'horloge entre les nœuds.", "hypothesis",
     "Ça pourrait être un décalage d'horloge entre les nœuds"),
    ("assistant", "C'est peut-être dû aux nouveaux réglages TLS du proxy.", "hypothesis",
     "C'est peut-être dû aux nouveaux réglages TLS du proxy"),
    ("assistant", "Возможно, это рассинхрон часов между узлами.", "hypothesis",
     "Возможно, это рассинхрон часов между узлами"),
    ("user", "Me da la sensación de que el balanceador corta las conexiones a los 60 s.",
     "hypothesis", "El balanceador corta las conexiones a los 60 s"),
    ("assistant", "I suspect the CDN caches the error page, but I haven't verified that yet.",
     "hypothesis", "The CDN caches the error page"),
    ("assistant", "La leçon, c'est que les retries sans jitter amplifient les pannes.",
     "takeaway", "Les retries sans jitter amplifient les pannes"),
    ("assistant", "Урок в том, что ретраи без джиттера усиливают аварии.", "takeaway",
     "Ретраи без джиттера усиливают аварии"),
    ("user", "Plus tard : retirer le feature flag une fois le déploiement fini.", "todo",
     "Retirer le feature flag une fois le déploiement fini"),
    ("user", "Потом: убрать фича-флаг, когда раскатка закончится.", "todo",
     "Убрать фича-флаг, когда раскатка закончится"),
    ("user", "N'oublie pas de monter la version avant la release.", "todo",
     "Monter la version avant la release"),
    ("user", "No te olvides de subir la versión antes del release.", "todo",
     "Subir la versión antes del release"),
    ("user", "Para recordar: medir antes de optimizar.", "takeaway", "Medir antes de optimizar"),
    ("assistant", "Корневая причина — гонка между двумя воркерами.", "insight",
     "Корневая причина — гонка между двумя воркерами"),
    ("assistant", "Замедление идёт от N+1 запросов в сериализаторе.", "insight",
     "Замедление идёт от N+1 запросов в сериализаторе"),
    ("assistant", "Баг проявляется только когда батч больше 1000.", "insight",
     "Баг проявляется только когда батч больше 1000"),
    ("assistant", "Il bug compare solo quando il batch supera 1000.", "insight",
     "Il bug compare solo quando il batch supera 1000"),
    # common German ways of each kind that no row read (session 23)
    ("user", "Entschieden: kein ORM, reines SQL.", "decision", "Kein ORM, reines SQL"),
    ("user", "Wir setzen für den Rollout auf Feature-Flags.", "decision",
     "Wir setzen für den Rollout auf Feature-Flags"),
    ("assistant", "Ich habe eine begrenzte Queue genommen, damit der Speicher flach bleibt.",
     "decision", "Ich habe eine begrenzte Queue genommen, damit der Speicher flach bleibt"),
    ("assistant", "Es lag die ganze Zeit an der DNS-TTL.", "insight",
     "Es lag die ganze Zeit an der DNS-TTL"),
    ("assistant", "Die Verlangsamung kommt also von N+1-Queries im Serializer.", "insight",
     "Die Verlangsamung kommt also von N+1-Queries im Serializer"),
    ("assistant", "Der Fehler tritt nur auf, wenn die Batchgröße 1000 überschreitet.", "insight",
     "Der Fehler tritt nur auf, wenn die Batchgröße 1000 überschreitet"),
    ("assistant", "Das passiert, weil das ORM jede Relation in der Schleife nachlädt.", "insight",
     "Das passiert, weil das ORM jede Relation in der Schleife nachlädt"),
    ("user", "Später: das Feature-Flag nach dem Rollout entfernen.", "todo",
     "Das Feature-Flag nach dem Rollout entfernen"),
    ("assistant", "Könnte ein Clock-Skew zwischen den Knoten sein.", "hypothesis",
     "Könnte ein Clock-Skew zwischen den Knoten sein"),
    ("user", "Ich habe das Gefühl, dass der Load Balancer Verbindungen nach 60 s kappt.",
     "hypothesis", "Ich habe das Gefühl, dass der Load Balancer Verbindungen nach 60 s kappt"),
    ("assistant", "Nächstes Mal zuerst die Logs lesen, bevor man neu startet.", "takeaway",
     "Nächstes Mal zuerst die Logs lesen, bevor man neu startet"),
    ("user", "Faustregel: nie Migrationen zur Hauptlastzeit laufen lassen.", "takeaway",
     "Nie Migrationen zur Hauptlastzeit laufen lassen"),
    # common English ways of each kind that no row read (session 23)
    ("user", "We're going to use feature flags for this rollout.", "decision",
     "Use feature flags for this rollout"),
    ("user", "I'd rather keep it simple: one worker, no autoscaling.", "decision",
     "Keep it simple: one worker, no autoscaling"),
    ("user", "I'd rather not touch the generated client.", "decision",
     "I'd rather not touch the generated client"),
    ("user", "We're dropping the XML export entirely.", "decision",
     "We're dropping the XML export entirely"),
    ("user", "We're deprecating the v1 endpoints.", "decision",
     "We're deprecating the v1 endpoints"),
    ("assistant", "I kept the old endpoint for backwards compatibility.", "decision",
     "Kept the old endpoint for backwards compatibility"),
    ("assistant", "I switched the parser to streaming to cap memory at a few MB.", "decision",
     "Switched the parser to streaming to cap memory at a few MB"),
    ("user", "So the flaky test was a timezone bug all along.", "insight",
     "The flaky test was a timezone bug all along"),
    ("user", "Later: remove the feature flag once the rollout is done.", "todo",
     "Remove the feature flag once the rollout is done"),
    ("user", "Make a note to rotate the API keys next week.", "todo",
     "Rotate the API keys next week"),
    ("assistant", "Could be clock skew between the nodes.", "hypothesis",
     "Could be clock skew between the nodes"),
    ("assistant", "Maybe it's a race between the two workers.", "hypothesis",
     "Maybe it's a race between the two workers"),
    ("assistant", "The general lesson here is that retries without jitter amplify outages.",
     "takeaway", "Retries without jitter amplify outages"),
    ("assistant", "Next time, check the logs before restarting anything.", "takeaway",
     "Next time, check the logs before restarting anything"),
    ("user", "La prochaine fois, on lit les logs avant de redémarrer.", "takeaway",
     "La prochaine fois, on lit les logs avant de redémarrer"),
    ("user", "В следующий раз надо сначала смотреть логи.", "takeaway",
     "В следующий раз надо сначала смотреть логи"),
    # staying on what is there, or not moving off it, is as much a choice (session 23)
    ("user", "Ok, then we don't migrate, we stay on celery.", "decision",
     "We don't migrate, we stay on celery"),
    ("user", "We'll stay with Postgres for now.", "decision", "We'll stay with Postgres for now"),
    ("user", "So we're not switching to Redis after all.", "decision",
     "We're not switching to Redis after all"),
    # what a thing still lacks, and the agent did not do, in each language (session 22)
    ("assistant", "Der Uploader braucht noch Retries; die habe ich noch nicht eingebaut.", "todo",
     "Der Uploader braucht noch Retries"),
    ("assistant", "L'uploader a encore besoin de retries ; je ne les ai pas encore ajoutés.",
     "todo", "L'uploader a encore besoin de retries"),
    ("assistant", "Al uploader todavía le faltan reintentos; no los he añadido aún.", "todo",
     "Al uploader todavía le faltan reintentos"),
    ("assistant", "All'uploader mancano ancora i retry; non li ho ancora aggiunti.", "todo",
     "All'uploader mancano ancora i retry"),
    ("assistant", "O uploader ainda precisa de retries; ainda não adicionei.", "todo",
     "O uploader ainda precisa de retries"),
    ("assistant", "Загрузчику всё ещё нужны ретраи; я их пока не добавил.", "todo",
     "Загрузчику всё ещё нужны ретраи"),
    # a lesson after a colon, `Kortom:`, a bet in each language (session 22)
    ("assistant", "And on the dashboard: the lesson is that a panel has to measure the thing "
     "itself.", "takeaway", "A panel has to measure the thing itself"),
    ("assistant", "Kortom: eerst per stap meten loont.", "takeaway", "Eerst per stap meten loont"),
    ("assistant", "Je parierais que l'écart vient des pneus.", "hypothesis",
     "L'écart vient des pneus"),
    ("assistant", "Готов поспорить, что разница из-за шин.", "hypothesis", "Разница из-за шин"),
    # what is clear now, what the agent understood, then said after the colon (session 22)
    ("assistant", "The problem is clear now: the effect depends on an object that is new on "
     "every render.", "insight", "The effect depends on an object that is new on every render"),
    ("assistant", "Entendido cómo va el sync: la app solo sube cambios con wifi por la constraint "
     "UNMETERED.", "insight",
     "La app solo sube cambios con wifi por la constraint UNMETERED"),
    ("assistant", "Jetzt ist klar: der Effekt hängt an einem Objekt, das bei jedem Render neu ist.",
     "insight", "Der Effekt hängt an einem Objekt, das bei jedem Render neu ist"),
    # work not done yet that the agent puts off, mid-session (session 22)
    ("assistant", "The endpoint is done, but rate limiting isn't wired up yet – that has to go in "
     "before the release.", "todo",
     "The endpoint is done, but rate limiting isn't wired up yet – that has to go in before the "
     "release"),
    ("assistant", "La pagination n'est pas encore branchée côté front, ça viendra plus tard.",
     "todo", "La pagination n'est pas encore branchée côté front, ça viendra plus tard"),
    # what the agent does because of what it says first; what is done and what is not yet;
    # what was decided, the thing named first (session 22)
    ("assistant", "Since the admin bundle is 3.1 MB, I'll split the routes with `React.lazy`.",
     "decision", "Split the routes with `React.lazy`"),
    ("assistant", "Раз `redux` у нас держит только токен и тему, выпиливаю его и переношу всё в "
     "`zustand`.", "decision", "Выпиливаю его и переношу всё в `zustand`"),
    ("assistant", "The upload is ready, but the resize isn't wired to the queue yet.", "todo",
     "The upload is ready, but the resize isn't wired to the queue yet"),
    ("assistant", "Эндпоинт `/refunds` готов, но вебхук в бухгалтерию ещё не подключён.", "todo",
     "Эндпоинт `/refunds` готов, но вебхук в бухгалтерию ещё не подключён"),
    ("assistant", "Логи решил гнать через Vector в Loki, а не в Elasticsearch.", "decision",
     "Гнать через Vector в Loki, а не в Elasticsearch"),
    # why a thing happened, under a label that asks or names it (session 22)
    ("assistant", "**Why it times out:** the checkpoint is aligned, so the barrier waits behind "
     "the backlog.", "insight", "The checkpoint is aligned, so the barrier waits behind the "
     "backlog"),
    ("assistant", "Warum das hängt: der Worker wartet auf einen Lock, den niemand freigibt.",
     "insight", "Der Worker wartet auf einen Lock, den niemand freigibt"),
    # labels in Dutch, Chinese and Korean (session 22)
    ("user", "Belangrijkste les: pin de base image altijd op digest.", "takeaway",
     "Pin de base image altijd op digest"),
    ("user", "待解决的问题：导出是否应该包含已归档的行？", "question",
     "导出是否应该包含已归档的行?"),
    ("user", "발견: API는 날짜를 로컬 시간으로 반환한다.", "insight",
     "API는 날짜를 로컬 시간으로 반환한다"),
    # work a person has the agent write down (session 22)
    ("user", "Add to the TODO list that we need to adjust the Grafana alerts to the new limits.",
     "todo", "Adjust the Grafana alerts to the new limits"),
    ("user", "Notiere in der TODO.md, dass die Grafana-Alerts angepasst werden müssen.", "todo",
     "Die Grafana-Alerts angepasst werden müssen"),
    ("user", "Запиши в TODO, что нужно поправить алерты в Grafana.", "todo",
     "Поправить алерты в Grafana"),
    # whose work it is and that it must be done are not the title, in a verb-final clause too
    ("user", "Schreib bitte noch in die TODO.md, dass wir die Grafana-Alerts anpassen müssen, "
     "sonst feuern die im Minutentakt.", "todo",
     "Die Grafana-Alerts anpassen, sonst feuern die im Minutentakt"),
    ("user", "Note dans le backlog qu'il faut adapter les alertes Grafana.", "todo",
     "Adapter les alertes Grafana"),
    # what is not decided is a question, not a decision; a topic marked open (session 22)
    ("assistant", "One thing that isn't decided: the notification text.", "question",
     "The notification text?"),
    ("assistant", "**Blurhash placeholders** — open question.", "question",
     "Blurhash placeholders — open question?"),
    # the agent's choice of one thing over another after a comma (session 22)
    ("assistant", "As all three live in one account, I go with one bucket and a key per "
     "environment instead of three buckets.", "decision",
     "Go with one bucket and a key per environment instead of three buckets"),
    # ... with dots inside its words (`terraform.tfstate`, `1.80`) (session 22)
    ("assistant", "J'utilise `std::sync::LazyLock` (stable depuis Rust 1.80) plutôt que d'ajouter "
     "`once_cell`.", "decision",
     "J'utilise `std::sync::LazyLock` (stable depuis Rust 1.80) plutôt que d'ajouter `once_cell`"),
    # what the agent could not tell, up to its `is` (session 22)
    ("assistant", "What I can't tell from the logs is whether the retries come from the proxy.",
     "question", "Whether the retries come from the proxy?"),
    ("assistant", "Something I couldn't verify is whether the CDN honours the header.",
     "question", "Whether the CDN honours the header?"),
    ("assistant", "One thing I could not determine yet is which service sets the cookie.",
     "question", "Which service sets the cookie?"),
    # what was found, named before a colon; what was measured; what turns out (session 20)
    ("assistant", "Нашёл утечку: в `worker.go` канал `results` после таймаута никто не читает.",
     "insight", "В `worker.go` канал `results` после таймаута никто не читает"),
    ("assistant", "Found the leak: the `results` channel is never read after the timeout.",
     "insight", "The `results` channel is never read after the timeout"),
    ("assistant", "Hab den Fehler gefunden: der Cursor wird vor dem Flush geschlossen.",
     "insight", "Der Cursor wird vor dem Flush geschlossen"),
    ("assistant", "Замерил: холодный старт 4,1 с, из них 2,7 с уходит на инициализацию Sentry.",
     "insight", "Холодный старт 4,1 с, из них 2,7 с уходит на инициализацию Sentry"),
    ("assistant", "Measured on staging: 1.4 s of the p95 is an N+1 in `OrderSerializer`.",
     "insight", "1.4 s of the p95 is an N+1 in `OrderSerializer`"),
    ("assistant", "Оказывается, топик `orders` создан с 3 партициями, поэтому их только три.",
     "insight", "Оказывается, топик `orders` создан с 3 партициями, поэтому их только три"),
    # a choice, then why it was the one taken (session 20)
    ("assistant", "I turned on unaligned checkpoints in `flink-conf.yaml`. I picked this because "
     "it changes no result.", "decision", "Turned on unaligned checkpoints in `flink-conf.yaml`"),
    ("assistant", "Ich habe den Cache auf Redis umgestellt. Ich habe das gewählt, weil die anderen "
     "Dienste Redis schon nutzen.", "decision", "Ich habe den Cache auf Redis umgestellt"),
    # a choice for the team, said in the present (session 20)
    ("user", "응답이 UNREGISTERED면 토큰은 바로 삭제하는 걸로 해주세요.", "decision",
     "응답이 UNREGISTERED면 토큰은 바로 삭제하는 걸로 해주세요"),
    ("user", "les secrets, on passe tout sur Vault, j'en ai marre des .env", "decision",
     "Les secrets, on passe tout sur Vault, j'en ai marre des .env"),
    ("user", "короче, пуши делаем через FCM и на iOS тоже", "decision",
     "Короче, пуши делаем через FCM и на iOS тоже"),
    ("user", "давай так: gRPC между сервисами, REST только наружу", "decision",
     "Давай так: gRPC между сервисами, REST только наружу"),
    # a person's doubt, said without a question mark (session 20)
    ("user", "fico na dúvida se vale migrar o monorepo pra turborepo", "question",
     "Vale migrar o monorepo pra turborepo"),
    ("user", "хз, нужен ли нам вообще multi-region", "question",
     "Нужен ли нам вообще multi-region"),
    # work put off, named (session 20)
    ("user", "someday we should move the cron jobs off the bastion host", "todo",
     "Move the cron jobs off the bastion host"),
    ("user", "um dia a gente tem que documentar esses endpoints no swagger", "todo",
     "Documentar esses endpoints no swagger"),
    ("user", "o teste de snapshot do `CheckoutForm` tá quebrado, conserta na próxima sprint",
     "todo", "O teste de snapshot do `CheckoutForm` tá quebrado, conserta na próxima sprint"),
    ("user", "the export pagination can go in the next sprint", "todo",
     "The export pagination can go in the next sprint"),
    ("user", "we'll add the indexes on events later, the table is locked by the migration",
     "todo", "We'll add the indexes on events later, the table is locked by the migration"),
    ("user", "los índices de `events` los creamos más adelante, la tabla está bloqueada", "todo",
     "Los índices de `events` los creamos más adelante, la tabla está bloqueada"),
    ("user", "le monitoring du cron, on s'en occupe quand on aura migré le cluster", "todo",
     "Le monitoring du cron, on s'en occupe quand on aura migré le cluster"),
    ("user", "let's leave the i18n for later, pt-BR only for now", "todo",
     "Let's leave the i18n for later, pt-BR only for now"),
    ("user", "park the retry logic until next sprint", "todo",
     "Park the retry logic until next sprint"),
    ("user", "миграцию на python 3.12 отложим до после релиза", "todo",
     "Миграцию на python 3.12 отложим до после релиза"),
    ("user", "deixa o i18n pra depois, por enquanto só pt-BR", "todo",
     "Deixa o i18n pra depois, por enquanto só pt-BR"),
    ("user", "lo del modo offline lo dejamos para la v2", "todo",
     "Lo del modo offline lo dejamos para la v2"),
    ("user", "on mettra les tests de charge plus tard, pas le temps avant la démo", "todo",
     "On mettra les tests de charge plus tard, pas le temps avant la démo"),
    ("assistant", "Interessant: Postgres nutzt den Index auf `created_at` gar nicht.", "insight",
     "Postgres nutzt den Index auf `created_at` gar nicht"),
    ("assistant", "Dato curioso: el 83 % de las peticiones a `/search` llegan vacías.", "insight",
     "El 83 % de las peticiones a `/search` llegan vacías"),
    ("user", "Curioso: il job parte due volte perché il cron è definito in due file.", "insight",
     "Il job parte due volte perché il cron è definito in due file"),
    ("user", "do that, and cap it at 250ms. players above 250 ping get a worse experience.",
     "decision", "Do that, and cap it at 250ms"),
    ("user", "set Xmx to 80% of task.memory and retry with doubled memory.",
     "decision", "Set Xmx to 80% of task.memory and retry with doubled memory"),
    ("user", "Mets le timeout à 30 s, c'est largement suffisant.",
     "decision", "Mets le timeout à 30 s, c'est largement suffisant"),
    ("user", "Sube el pool de conexiones a 50.", "decision", "Sube el pool de conexiones a 50"),
    ("user", "Ограничь размер загрузки до 25 МБ.",
     "decision", "Ограничь размер загрузки до 25 МБ"),
    ("assistant", "Rather than resetting SIGPIPE through libc, I now write with `writeln!` and "
     "treat `BrokenPipe` as a normal end.",
     "decision", "Write with `writeln!` and treat `BrokenPipe` as a normal end"),
    ("assistant", "Statt SIGPIPE über libc zurückzusetzen, schreibe ich jetzt mit `writeln!`.",
     "decision", "Schreibe ich jetzt mit `writeln!`"),
    ("assistant", "En lugar de restaurar SIGPIPE con libc, ahora escribo con `writeln!`.",
     "decision", "Escribo con `writeln!`"),
    ("user", "다음 주에 로그 보관 정책을 정리해야 해요.", "todo", "로그 보관 정책을 정리해야 해요"),
    ("assistant", "La settimana prossima dobbiamo migrare i cron su Kubernetes.",
     "todo", "Migrare i cron su Kubernetes"),
    ("assistant", "Meine Vermutung: der Scheduler läuft zweimal und verschickt alles doppelt.",
     "hypothesis", "Der Scheduler läuft zweimal und verschickt alles doppelt"),
    ("assistant", "Un point que je n'arrive pas à éclaircir : le webhook peut-il arriver avant ?",
     "question", "Le webhook peut-il arriver avant ?"),
    ("assistant", "Mesuré sur la préprod : brotli fait tomber le bundle de 412 Ko à 318 Ko.",
     "insight", "Brotli fait tomber le bundle de 412 Ko à 318 Ko"),
    ("user", "Не дошли руки до удаления старого бакета legacy-uploads.",
     "todo", "Не дошли руки до удаления старого бакета legacy-uploads"),
    ("assistant", "Desconfio que os pedidos duplicados vêm de double-click no botão de pagar.",
     "hypothesis", "Os pedidos duplicados vêm de double-click no botão de pagar"),
    ("assistant", "Есть подозрение, что дубли в витрине из-за доставки at-least-once.",
     "hypothesis", "Дубли в витрине из-за доставки at-least-once"),
    ("assistant", "Uma coisa que não consegui descobrir: se o limite da API é por token ou por IP.",
     "question", "Se o limite da API é por token ou por IP?"),
    ("assistant", "Для авторизации в мобилке остановился на PKCE без client secret.",
     "decision", "PKCE без client secret"),
    ("assistant", "Riecht nach einer Race Condition zwischen onResume und dem Token-Refresh.",
     "hypothesis", "Riecht nach einer Race Condition zwischen onResume und dem Token-Refresh"),
    ("assistant", "Intuition : la lenteur vient du ILIKE qui ne peut pas utiliser l'index.",
     "hypothesis", "La lenteur vient du ILIKE qui ne peut pas utiliser l'index"),
    ("assistant", "Für die Zukunft: vor jeder Query-Optimierung erst EXPLAIN ANALYZE ansehen.",
     "takeaway", "Vor jeder Query-Optimierung erst EXPLAIN ANALYZE ansehen"),
    ("assistant", "Unklar ist noch, ob der Retry bei PaymentTimeout wirklich idempotent ist.",
     "question", "Unklar ist noch, ob der Retry bei PaymentTimeout wirklich idempotent ist?"),
    ("assistant", "J'ai tranché pour uuid v7 comme clé primaire de la table invoices.",
     "decision", "J'ai tranché pour uuid v7 comme clé primaire de la table invoices"),
    ("assistant", "Since every other dependency is on SPM, I'm dropping CocoaPods entirely.",
     "decision", "Dropping CocoaPods entirely"),
    ("assistant", "Going to keep the ORM for writes and drop it for this read path: one "
     "hand-written join is easier to reason about.",
     "decision", "Going to keep the ORM for writes and drop it for this read path"),
    ("assistant", "Keeping `created_at` since it's the indexed one, and dropping `created`.",
     "decision", "Keeping `created_at` since it's the indexed one, and dropping `created`"),
    ("assistant", "Smells like the ALB idle timeout being longer than gunicorn's keep-alive.",
     "hypothesis", "Smells like the ALB idle timeout being longer than gunicorn's keep-alive"),
    ("assistant", "Wouldn't surprise me if it's the index keys remounting recycled rows.",
     "hypothesis", "The index keys remounting recycled rows"),
    ("user", "i wouldn't be surprised if the cache key changed between the two builds",
     "hypothesis", "The cache key changed between the two builds"),
    ("assistant", "General rule worth keeping: any test that touches dates pins TZ=UTC.",
     "takeaway", "Any test that touches dates pins TZ=UTC"),
    ("assistant", "For the future: diff the flag state between environments before debugging.",
     "takeaway", "Diff the flag state between environments before debugging"),
    # (speaker, sentence, kind, title): more of the ways people and agents state each kind
    ("user", "Let's keep the old endpoint until the mobile app ships.", "decision",
     "Keep the old endpoint until the mobile app ships"),
    ("user", "Let's do the migration in two steps.", "decision", "Do the migration in two steps"),
    ("user", "Kein ORM – rohes SQL mit psycopg.", "decision", "Kein ORM – rohes SQL mit psycopg"),
    # a claim opened by how likely it is; advice opened so is none
    ("assistant", "Possibly the CDN caches the 404 for an hour.", "hypothesis",
     "The CDN caches the 404 for an hour"),
    ("assistant", "Vermutlich ist der Pool unter Last erschöpft.", "hypothesis",
     "Vermutlich ist der Pool unter Last erschöpft"),
    ("assistant", "Mi sospecha es que el pool de conexiones se agota bajo carga.", "hypothesis",
     "El pool de conexiones se agota bajo carga"),
    # Chinese and Korean: a guess with a space after its cue, a question left, a choice
    ("assistant", "可能是 CDN 把 404 缓存了一个小时。", "hypothesis", "CDN 把 404 缓存了一个小时"),
    ("assistant", "还有一个问题没解决：重试次数要不要按租户配置？", "question",
     "重试次数要不要按租户配置?"),
    ("assistant", "아직 해결되지 않은 질문: 재시도 횟수를 테넌트별로 설정해야 할까요?", "question",
     "재시도 횟수를 테넌트별로 설정해야 할까요?"),
    ("user", "세션 저장소는 Redis로 가죠.", "decision", "세션 저장소는 Redis로 가죠"),
    ("user", "family + autoDispose로 가요.", "decision", "Family + autoDispose로 가요"),
    ("assistant", "たぶん CDN が 404 を1時間キャッシュしています。", "hypothesis",
     "CDN が 404 を1時間キャッシュしています"),
    # a fault and where it comes from
    ("assistant", "The 502s are caused by the load balancer timing out after 30 s.", "insight",
     "The 502s are caused by the load balancer timing out after 30 s"),
    ("assistant", "La lentitud viene de la consulta N+1 en el serializador.", "insight",
     "La lentitud viene de la consulta N+1 en el serializador"),
    ("assistant", "Il rallentamento dipende dalla query N+1 nel serializer.", "insight",
     "Il rallentamento dipende dalla query N+1 nel serializer"),
    ("assistant", "A lentidão vem da query N+1 no serializer.", "insight",
     "A lentidão vem da query N+1 no serializer"),
    ("assistant", "Тормоза из-за N+1 запроса в сериализаторе.", "insight",
     "Тормоза из-за N+1 запроса в сериализаторе"),
    # a lesson's label with words before its colon, a suspicion with an adverb
    ("assistant", "Lesson for the other list endpoints: keyset-paginate any table that grows.",
     "takeaway", "Keyset-paginate any table that grows"),
    ("assistant", "Итог, как он записан в заметке: любому HTTP-вызову нужен явный таймаут.",
     "takeaway", "Любому HTTP-вызову нужен явный таймаут"),
    ("assistant", "Sospecho además que los picos vienen del batch de las 9:00.", "hypothesis",
     "Los picos vienen del batch de las 9:00"),
    # work put off, a person's
    ("user", "rayon on verra plus tard, c'est pas urgent.", "todo",
     "Rayon on verra plus tard, c'est pas urgent"),
    ("user", "La sessione TLS in RTC memory è rischiosa, per ora lasciala stare.", "todo",
     "La sessione TLS in RTC memory è rischiosa, per ora lasciala stare"),
    # choices as sessions make them
    ("user", "Let's make the factory produce aware datetimes in this test.", "decision",
     "Make the factory produce aware datetimes in this test"),
    ("user", "Bora ligar o Bullet nos specs dos jobs então.", "decision",
     "Bora ligar o Bullet nos specs dos jobs então"),
    ("user", "Zmieniamy podejście: dwa zapytania.", "decision",
     "Zmieniamy podejście: dwa zapytania"),
    ("user", "Делаем так: явные таймауты на все внешние HTTP-вызовы.", "decision",
     "Делаем так: явные таймауты на все внешние HTTP-вызовы"),
    ("user", "Ок, переезд на arq отменяем, остаёмся на celery.", "decision",
     "Переезд на arq отменяем, остаёмся на celery"),
    ("user", "Ok, entonces no pasamos a ONNX por ahora, seguimos con LightGBM nativo.", "decision",
     "Entonces no pasamos a ONNX por ahora, seguimos con LightGBM nativo"),
    ("assistant", "La decisión clave de implementación: el insert va en la misma transacción.",
     "decision", "El insert va en la misma transacción"),
    ("assistant", "Jag väljer en handskriven parser med memchr framför nom.", "decision",
     "En handskriven parser med memchr framför nom"),
    ("assistant", "Таймаут завершения выбрал 20 секунд, с запасом до grace period.", "decision",
     "20 секунд, с запасом до grace period"),
    # the agent pointing at a cause, then saying it
    ("assistant", "Flaskhalsen är uppenbar: `parse_line` anropar `Regex::new` för varje rad.",
     "insight", "`parse_line` anropar `Regex::new` för varje rad"),
    ("assistant", "Trouvé : `parse_line` appelle `Regex::new(...)` à chaque ligne.", "insight",
     "`parse_line` appelle `Regex::new(...)` à chaque ligne"),
    # what a thing is, against what it seemed
    ("assistant", "Il ne s'agit pas d'un problème de cache, mais d'un verrou oublié.", "insight",
     "Il ne s'agit pas d'un problème de cache, mais d'un verrou oublié"),
    ("assistant", "El cuello de botella no es la red, sino la serialización de JSON.", "insight",
     "El cuello de botella no es la red, sino la serialización de JSON"),
    ("assistant", "Дело не в сети, а в сериализации JSON в воркере.", "insight",
     "Дело не в сети, а в сериализации JSON в воркере"),
    ("assistant", "The bottleneck is actually the JSON serialisation, not the network.",
     "insight", "The bottleneck is actually the JSON serialisation, not the network"),
    ("assistant", "**Vermutung, nicht geprüft:** Die doppelten Artikel kommen vom Encoding.",
     "hypothesis", "Die doppelten Artikel kommen vom Encoding"),
    ("user", "Vi kör en foreground service istället för WorkManager.", "decision",
     "Vi kör en foreground service istället för WorkManager"),
    # a choice said as what to try first, in each language
    ("user", "Let's try the transactional outbox first.", "decision",
     "Try the transactional outbox first"),
    ("user", "Versuchen wir es erst mal mit der logischen Replikation.", "decision",
     "Versuchen wir es erst mal mit der logischen Replikation"),
    ("user", "Prenons PgBouncer en mode transaction.", "decision",
     "Prenons PgBouncer en mode transaction"),
    ("user", "Probemos con la replicación lógica primero.", "decision",
     "Probemos con la replicación lógica primero"),
    ("user", "Quedémonos con SQLite para las pruebas.", "decision",
     "Quedémonos con SQLite para las pruebas"),
    ("user", "Proviamo con la replica logica per ora.", "decision",
     "Proviamo con la replica logica per ora"),
    ("user", "Vamos ficar com o SQLite nos testes.", "decision",
     "Vamos ficar com o SQLite nos testes"),
    ("user", "Давай логическую репликацию, она проще.", "decision",
     "Давай логическую репликацию, она проще"),
    ("user", "Ладно, оставим PgBouncer в режиме сессий.", "decision",
     "Оставим PgBouncer в режиме сессий"),
    ("user", "Let's not use an ORM here; raw SQL is clearer.", "decision",
     "Don't use an ORM here; raw SQL is clearer"),
    ("user", "We should use feature flags for this rollout.", "decision",
     "We should use feature flags for this rollout"),
    ("user", "The plan is to migrate the billing service first.", "decision",
     "Migrate the billing service first"),
    ("user", "Rule: every public function gets a docstring.", "decision",
     "Every public function gets a docstring"),
    ("user", "Use pnpm, not npm, for this repo from now on.", "decision",
     "Use pnpm, not npm, for this repo from now on"),
    ("user", "Going forward, all migrations must be reversible.", "decision",
     "Going forward, all migrations must be reversible"),
    ("assistant", "I chose a token bucket over a sliding window because it handles bursts.",
     "decision", "Go with a token bucket over a sliding window because it handles bursts"),
    ("assistant", "I opted to keep the retries at 3 with exponential backoff.", "decision",
     "Keep the retries at 3 with exponential backoff"),
    ("assistant", "We settled on a 15-minute TTL for the report cache.", "decision",
     "Go with a 15-minute TTL for the report cache"),
    ("assistant", "I'll go with the versioned keys, since they never serve stale data.",
     "decision", "Go with the versioned keys, since they never serve stale data"),
    ("assistant", "This happens because the ORM lazily loads the relation inside the loop.",
     "insight", "This happens because the ORM lazily loads the relation inside the loop"),
    ("assistant", "Key finding: 80% of the latency is in the TLS handshake.", "insight",
     "80% of the latency is in the TLS handshake"),
    ("assistant", "The export was slow because it loaded every row into memory first.",
     "insight", "The export was slow because it loaded every row into memory first"),
    ("assistant", "Confirmed: the cache key ignores the locale.", "insight",
     "The cache key ignores the locale"),
    ("assistant", "That explains it: the cron runs in UTC but the report in local time.",
     "insight", "The cron runs in UTC but the report in local time"),
    ("assistant", "So the bug is in the pagination cursor, not in the serializer.", "insight",
     "The bug is in the pagination cursor, not in the serializer"),
    ("assistant", "The likely culprit is the N+1 query in the serializer.", "hypothesis",
     "The likely culprit is the N+1 query in the serializer"),
    ("assistant", "My working theory: the pool is exhausted under load.", "hypothesis",
     "The pool is exhausted under load"),
    ("assistant", "The culprit is the N+1 query in the serializer.", "insight",
     "The culprit is the N+1 query in the serializer"),
    ("assistant", "So the actual cause of the timeout is the missing keep-alive.", "insight",
     "The actual cause of the timeout is the missing keep-alive"),
    ("assistant", "The reason the build failed is that Node 18 lacks the fetch flag.", "insight",
     "The reason the build failed is that Node 18 lacks the fetch flag"),
    ("assistant", "It might be that the token expires before the refresh job runs.", "hypothesis",
     "It might be that the token expires before the refresh job runs"),
    ("assistant", "One possibility is that the balancer drops idle connections.", "hypothesis",
     "One possibility is that the balancer drops idle connections"),
    ("assistant", "I believe this is caused by the stale lockfile.", "hypothesis",
     "This is caused by the stale lockfile"),
    ("user", "My guess: the CDN caches the error page.", "hypothesis",
     "The CDN caches the error page"),
    ("user", "Note for later: the retry count should come from config.", "todo",
     "The retry count should come from config"),
    ("user", "We need to remember to update the runbook after this.", "todo",
     "Update the runbook after this"),
    ("user", "Still undecided: do we keep the SOAP adapter?", "question",
     "Do we keep the SOAP adapter?"),
    ("user", "Question for later: do we need a GDPR export for archived users?", "question",
     "Do we need a GDPR export for archived users?"),
    ("user", "I'm not sure whether we shard by tenant or by region. Let's leave that open.",
     "question", "Whether we shard by tenant or by region?"),
    ("user", "Should we keep v1 around or drop it? Let's not decide that today.", "question",
     "Should we keep v1 around or drop it?"),
    ("assistant", "In short: the cache works, but every writer must invalidate it.", "takeaway",
     "The cache works, but every writer must invalidate it"),
    ("assistant", "Ich habe mich für versionierte Schlüssel entschieden, weil sie nie veralten.",
     "decision", "Ich habe mich für versionierte Schlüssel entschieden, weil sie nie veralten"),
    ("assistant", "Es hat sich herausgestellt, dass der Cronjob zweimal lief.", "insight",
     "Es hat sich herausgestellt, dass der Cronjob zweimal lief"),
    ("assistant", "Wahrscheinlich liegt das an der Zeitzone im Basis-Image.", "hypothesis",
     "Wahrscheinlich liegt das an der Zeitzone im Basis-Image"),
    ("user", "Ich bin nicht sicher, ob wir nach Mandant sharden. Das entscheiden wir später.",
     "question", "Ob wir nach Mandant sharden?"),
    ("user", "J'ai décidé d'utiliser pnpm pour ce dépôt.", "decision",
     "Utiliser pnpm pour ce dépôt"),
    ("user", "Je ne sais pas si on garde l'API v1. On décidera plus tard.", "question",
     "Si on garde l'API v1?"),
    ("user", "Optamos por PostgreSQL para los informes.", "decision",
     "PostgreSQL para los informes"),
    ("user", "De ahora en adelante, cada endpoint lleva su test.", "decision",
     "De ahora en adelante, cada endpoint lleva su test"),
    ("user", "Abbiamo scelto di usare pnpm in questo repository.", "decision",
     "Usare pnpm in questo repository"),
    ("user", "Non sono sicuro se tenere l'API v1. Decidiamo dopo.", "question",
     "Se tenere l'API v1?"),
    ("user", "Escolhemos usar pnpm neste repositório.", "decision",
     "Usar pnpm neste repositório"),
    ("user", "Daqui para frente, toda migração precisa ser reversível.", "decision",
     "Daqui para frente, toda migração precisa ser reversível"),
    ("user", "Мы выбрали Postgres для отчётов.", "decision", "Postgres для отчётов"),
    ("user", "Впредь все миграции должны быть обратимыми.", "decision",
     "Впредь все миграции должны быть обратимыми"),
    ("user", "Не уверен, стоит ли оставлять API v1. Решим это позже.", "question",
     "Стоит ли оставлять API v1?"),
    ("user", "Wir gehen mit Redis für die Sessions.", "decision",
     "Wir gehen mit Redis für die Sessions"),
    ("user", "Lass uns die alte API erstmal behalten.", "decision",
     "Lass uns die alte API erstmal behalten"),
    ("user", "Machen wir es so: Migrationen laufen nur nachts.", "decision",
     "Machen wir es so: Migrationen laufen nur nachts"),
    ("assistant", "Der Grund war ein fehlender Index auf tenant_id.", "insight",
     "Der Grund war ein fehlender Index auf tenant_id"),
    ("assistant", "Das Problem lag am fehlenden Index auf tenant_id.", "insight",
     "Das Problem lag am fehlenden Index auf tenant_id"),
    ("assistant", "Möglicherweise liegt es an der Zeitzone.", "hypothesis",
     "Möglicherweise liegt es an der Zeitzone"),
    ("assistant", "Offen ist noch: der Windows-Installer.", "todo", "Der Windows-Installer"),
    ("assistant", "Merke: Basis-Images immer per Digest pinnen.", "takeaway",
     "Basis-Images immer per Digest pinnen"),
    ("user", "On garde l'ancienne API pour l'instant.", "decision",
     "On garde l'ancienne API pour l'instant"),
    ("assistant", "Le problème venait d'un index manquant sur tenant_id.", "insight",
     "Le problème venait d'un index manquant sur tenant_id"),
    ("assistant", "Il se peut que le pool soit saturé sous charge.", "hypothesis",
     "Le pool soit saturé sous charge"),
    ("user", "On ne sait pas encore si on a besoin du multi-région.", "question",
     "On ne sait pas encore si on a besoin du multi-région?"),
    ("user", "Nos quedamos con Postgres.", "decision", "Nos quedamos con Postgres"),
    ("assistant", "El problema venía de un índice que faltaba en tenant_id.", "insight",
     "El problema venía de un índice que faltaba en tenant_id"),
    ("assistant", "Puede que el pool se agote bajo carga.", "hypothesis",
     "El pool se agote bajo carga"),
    ("user", "Falta actualizar el runbook.", "todo", "Actualizar el runbook"),
    ("user", "Restiamo su Postgres.", "decision", "Restiamo su Postgres"),
    ("assistant", "Il problema era dovuto a un indice mancante su tenant_id.", "insight",
     "Il problema era dovuto a un indice mancante su tenant_id"),
    ("assistant", "Potrebbe essere dovuto allo sfasamento degli orologi.", "hypothesis",
     "Potrebbe essere dovuto allo sfasamento degli orologi"),
    ("user", "Non è ancora chiaro se serve il multi-regione.", "question",
     "Non è ancora chiaro se serve il multi-regione?"),
    ("user", "Vamos manter a API antiga por enquanto.", "decision",
     "Vamos manter a API antiga por enquanto"),
    ("assistant", "O problema era um índice faltando em tenant_id.", "insight",
     "O problema era um índice faltando em tenant_id"),
    ("user", "Falta atualizar o runbook.", "todo", "Atualizar o runbook"),
    ("user", "Оставляем Postgres.", "decision", "Оставляем Postgres"),
    ("assistant", "Не исключено, что пул исчерпывается под нагрузкой.", "hypothesis",
     "Пул исчерпывается под нагрузкой"),
    ("user", "Пока неясно, нужен ли мульти-регион.", "question",
     "Пока неясно, нужен ли мульти-регион?"),
    ("assistant", "Das erklärt es: der Cron läuft in UTC, der Bericht in lokaler Zeit.",
     "insight", "Der Cron läuft in UTC, der Bericht in lokaler Zeit"),
    ("user", "Wir nehmen Redis, nicht Memcached.", "decision", "Wir nehmen Redis, nicht Memcached"),
    ("assistant", "La cause probable est un index manquant.", "hypothesis",
     "La cause probable est un index manquant"),
    ("assistant", "Confirmé : la clé de cache ignore la langue.", "insight",
     "La clé de cache ignore la langue"),
    ("user", "On passe à Postgres pour les rapports.", "decision",
     "On passe à Postgres pour les rapports"),
    ("assistant", "La causa probable es un índice que falta.", "hypothesis",
     "La causa probable es un índice que falta"),
    ("user", "Cambiamos a Postgres para los informes.", "decision",
     "Cambiamos a Postgres para los informes"),
    ("assistant", "Confermato: la chiave della cache ignora la lingua.", "insight",
     "La chiave della cache ignora la lingua"),
    ("assistant", "A causa provável é um índice faltando.", "hypothesis",
     "A causa provável é um índice faltando"),
    ("assistant", "Confirmado: a chave do cache ignora o idioma.", "insight",
     "A chave do cache ignora o idioma"),
    ("assistant", "Вероятная причина — отсутствующий индекс.", "hypothesis",
     "Вероятная причина — отсутствующий индекс"),
    ("assistant", "Подтверждено: ключ кэша игнорирует язык.", "insight",
     "Ключ кэша игнорирует язык"),
    # a later set, each written before the row that now matches it (session 12's probe)
    ("assistant", "Settled on pnpm over yarn for the monorepo.", "decision",
     "Go with pnpm over yarn for the monorepo"),
    ("user", "Final answer: no ORM, plain SQL with sqlc.", "decision",
     "No ORM, plain SQL with sqlc"),
    ("user", "Let's standardize on ruff for linting.", "decision",
     "Standardize on ruff for linting"),
    ("assistant", "The root cause: the cron job runs in UTC but the report expects local time.",
     "insight", "Root cause: the cron job runs in UTC but the report expects local time"),
    ("assistant", "Possibly the race is between the two writers.", "hypothesis",
     "Possibly the race is between the two writers"),
    ("assistant", "Still unclear: who owns the billing webhook?", "question",
     "Who owns the billing webhook?"),
    ("assistant", "Unresolved: how to version the public schema.", "question",
     "How to version the public schema?"),
    ("assistant", "In short, the bottleneck was the JSON encoder, not the database.", "takeaway",
     "The bottleneck was the JSON encoder, not the database"),
    ("assistant", "En resumen, el cuello de botella era el codificador JSON.", "takeaway",
     "El cuello de botella era el codificador JSON"),
    ("assistant", "In sintesi, il collo di bottiglia era l'encoder JSON.", "takeaway",
     "Il collo di bottiglia era l'encoder JSON"),
    ("assistant", "Итого: узкое место было в JSON-энкодере.", "takeaway",
     "Узкое место было в JSON-энкодере"),
    ("assistant", "I found that the API paginates at 100 items.", "insight",
     "The API paginates at 100 items"),
    ("assistant", "Ho scoperto che l'API pagina a 100 elementi.", "insight",
     "L'API pagina a 100 elementi"),
    ("assistant", "Я выяснил, что API отдаёт по 100 элементов.", "insight",
     "API отдаёт по 100 элементов"),
    ("assistant", "Wir haben festgestellt, dass der Cache nie invalidiert wird.", "insight",
     "Der Cache nie invalidiert wird"),
    # labels as agents format them (bold, a leading emoji, a bullet) and headings over lists
    ("assistant", "- **Decision**: keep the v1 endpoint until March.", "decision",
     "Keep the v1 endpoint until March"),
    ("assistant", "💡 Insight: most of the latency is DNS resolution.", "insight",
     "Most of the latency is DNS resolution"),
    ("assistant", "⚠️ TODO: remove the debug logging before release.", "todo",
     "Remove the debug logging before release"),
    ("user", "todo: rotate the staging keys", "todo", "Rotate the staging keys"),
    ("user", "TODO (Anna): Migration schreiben.", "todo", "Migration schreiben"),
    ("user", "open question - do we shard by tenant or by region?", "question",
     "Do we shard by tenant or by region?"),
    ("user", "decided: no ORM, plain SQL with sqlc", "decision", "No ORM, plain SQL with sqlc"),
    ("assistant", "Gotcha: `datetime.utcnow()` returns a naive datetime.", "insight",
     "`datetime.utcnow()` returns a naive datetime"),
    ("assistant", "Known limitations: the exporter does not handle pagination yet.", "todo",
     "The exporter does not handle pagination yet"),
    ("assistant", "Theory: the deadlock comes from two transactions locking rows in turn.",
     "hypothesis", "The deadlock comes from two transactions locking rows in turn"),
    ("user", "Going with option B: a queue per tenant.", "decision",
     "Go with option B: a queue per tenant"),
    ("assistant", "Hypothèse : le CDN met en cache les 404.", "hypothesis",
     "Le CDN met en cache les 404"),
    ("assistant", "Гипотеза: CDN кэширует 404.", "hypothesis", "CDN кэширует 404"),
    ("assistant", "Constat : l'API renvoie au plus 100 éléments par page.", "insight",
     "L'API renvoie au plus 100 éléments par page"),
    ("assistant", "## Decisions\n- Use Postgres for the event store", "decision",
     "Use Postgres for the event store"),
    ("assistant", "## Key findings\n- The API paginates at 100 items", "insight",
     "The API paginates at 100 items"),
    ("assistant", "I'd go with advisory locks here, since we hold a connection per worker.",
     "decision", "Go with advisory locks here, since we hold a connection per worker"),
    ("assistant", "My recommendation: keep the v1 endpoint for six months.", "decision",
     "Keep the v1 endpoint for six months"),
    ("user", "Sounds good, go with option 2 then.", "decision", "Go with option 2 then"),
    ("assistant", "It might be a race between the two webhook handlers.", "hypothesis",
     "It might be a race between the two webhook handlers"),
    ("assistant", "The catch is that each pod keeps its own copy of the cache.", "insight",
     "Each pod keeps its own copy of the cache"),
    ("assistant", "Beware that `git worktree remove` deletes untracked files.", "insight",
     "`git worktree remove` deletes untracked files"),
    ("user", "FYI the staging database is restored from prod every Sunday.", "insight",
     "The staging database is restored from prod every Sunday"),
    ("user", "Do we even need the websocket path if polling works? Let's think about it next week.",
     "question", "Do we even need the websocket path if polling works?"),
    ("assistant", "Vermutlich liegt es am Connection-Pool, der unter Last leerläuft.",
     "hypothesis", "Vermutlich liegt es am Connection-Pool, der unter Last leerläuft"),
    ("user", "Нужно ещё написать документацию для нового API.", "todo",
     "Написать документацию для нового API"),
    ("user", "Hay que todavía escribir la documentación.", "todo", "Escribir la documentación"),
    ("assistant", "The deploy most likely picked up an old base image; worth a look.", "hypothesis",
     "The deploy most likely picked up an old base image"),
    ("user", "Tenemos que limpiar los logs más adelante.", "todo",
     "Limpiar los logs más adelante"),
    ("user", "Нужно почистить логи потом.", "todo", "Почистить логи потом"),
    ("user", "还有一个问题没定：websocket 还要不要保留？", "question", "Websocket 还要不要保留?"),
    ("user", "OK, Redis it is.", "decision", "Redis it is"),
    ("user", "We're going to keep the old API around until Q3.", "decision",
     "Keep the old API around until Q3"),
    ("user", "Final call: no GraphQL, REST only.", "decision", "No GraphQL, REST only"),
    ("user", "The decision is to drop IE11 support.", "decision", "Drop IE11 support"),
    ("user", "Stay on Node 20 until the LTS switch.", "decision",
     "Stay on Node 20 until the LTS switch"),
    ("user", "Option 3, definitely.", "decision", "Option 3, definitely"),
    ("assistant", "## À faire\n- Mettre à jour la documentation", "todo",
     "Mettre à jour la documentation"),
    ("assistant", "## Pendientes\n- Actualizar la documentación", "todo",
     "Actualizar la documentación"),
    ("user", "Bon à savoir : le staging est écrasé chaque dimanche.", "insight",
     "Le staging est écrasé chaque dimanche"),
    ("assistant", "I think the cache isn't cleared after the deploy.", "hypothesis",
     "The cache isn't cleared after the deploy"),
    ("assistant", "Diagnosis: the pool runs dry under load.", "insight",
     "The pool runs dry under load"),
    ("assistant", "**Diagnose:** der Pool läuft unter Last leer.", "insight",
     "Der Pool läuft unter Last leer"),
    # written by someone who had not read the table (session 14): labels with words before
    # the colon, other languages' labels, a reversal, what a person wonders and forgets
    ("user", "Actually scrap the queue plan, we'll just call the API synchronously.", "decision",
     "Call the API synchronously"),
    ("user", "Reverting my earlier call: we will use an ORM after all.", "decision",
     "We will use an ORM after all"),
    ("user", "Fechado: vamos migrar os testes de Jest para Vitest.", "decision",
     "Vamos migrar os testes de Jest para Vitest"),
    ("user", "Решили: логи пишем в JSON через structlog.", "decision",
     "Логи пишем в JSON через structlog"),
    ("user", "决定了，配置文件统一用 TOML。", "decision", "配置文件统一用 TOML"),
    ("user", "方針変更：キャッシュはインメモリの LRU にします。", "decision",
     "方針変更: キャッシュはインメモリの LRU にします"),
    ("user", "Lesson from this whole mess: test migrations on a prod-sized snapshot.", "takeaway",
     "Test migrations on a prod-sized snapshot"),
    ("assistant", "In hindsight the real problem was two sources of truth for flags.", "takeaway",
     "The real problem was two sources of truth for flags"),
    ("user", "Moraleja: los tests de integración usan la misma versión de Postgres.", "takeaway",
     "Los tests de integración usan la misma versión de Postgres"),
    ("user", "Let's remember to drop the DEBUG_SQL variable once this is fixed.", "todo",
     "Drop the DEBUG_SQL variable once this is fixed"),
    ("user", "we still need to rotate the leaked key, don't let me forget that", "todo",
     "Rotate the leaked key, don't let me forget that"),
    ("user", "Follow-up for later: make the export job resumable.", "todo",
     "Make the export job resumable"),
    ("assistant", "One thing left open: the webhook handler doesn't verify signatures.", "todo",
     "The webhook handler doesn't verify signatures"),
    ("assistant", "Queda por hacer la limpieza de los buckets temporales.", "todo",
     "La limpieza de los buckets temporales"),
    ("assistant", "后续需要把超时时间挪到配置里。", "todo", "把超时时间挪到配置里"),
    ("user", "Nicht vergessen: die Rate-Limits für den Public-Endpoint.", "todo",
     "Die Rate-Limits für den Public-Endpoint"),
    ("user", "not sure whether we should retry POSTs at all? they could double-charge", "question",
     "Whether we should retry POSTs at all?"),
    ("user", "Still unclear to me who owns the shared-types package, web or platform?",
     "question", "Still unclear to me who owns the shared-types package, web or platform?"),
    ("user", "Será que vale a pena manter suporte a IE11?", "question",
     "Vale a pena manter suporte a IE11?"),
    ("user", "有个问题还没想清楚：多租户的数据是分库还是同库？", "question",
     "多租户的数据是分库还是同库?"),
    ("user", "未解決の疑問：退会したユーザーのデータは何日保持すべき？", "question",
     "退会したユーザーのデータは何日保持すべき?"),
    ("assistant", "Likely culprit: the new uvloop release we bumped on Monday.", "hypothesis",
     "The new uvloop release we bumped on Monday"),
    ("assistant", "À mon avis ce sont les pauses du GC qui provoquent ces pics.", "hypothesis",
     "Ce sont les pauses du GC qui provoquent ces pics"),
    ("assistant", "Probabilmente il deadlock nasce dall'ordine dei lock.", "hypothesis",
     "Probabilmente il deadlock nasce dall'ordine dei lock"),
    ("assistant", "En fait le timeout venait du DNS dans l'image Alpine.", "insight",
     "En fait le timeout venait du DNS dans l'image Alpine"),
    ("assistant", "확인해보니 의존성 배열에 객체를 넣어서 무한 루프가 생긴 거였어요.", "insight",
     "확인해보니 의존성 배열에 객체를 넣어서 무한 루프가 생긴 거였어요"),
    ("assistant", "Dabei hat sich gezeigt, dass der Gunicorn-Timeout auch fürs Streaming gilt.",
     "insight", "Dabei hat sich gezeigt, dass der Gunicorn-Timeout auch fürs Streaming gilt"),
    # written blind in German and Italian (session 14): causes, guesses, what is still to do
    ("user", "Ah, der Fehler kommt daher, dass der Healthcheck vor der Migration läuft.", "insight",
     "Ah, der Fehler kommt daher, dass der Healthcheck vor der Migration läuft"),
    ("assistant", "Der Leak kommt tatsächlich vom EventEmitter in `ws/handler.ts`.", "insight",
     "Der Leak kommt tatsächlich vom EventEmitter in `ws/handler.ts`"),
    ("user", "Mein Verdacht ist, dass noch der alte Service Worker im Browser hängt.", "hypothesis",
     "Mein Verdacht ist, dass noch der alte Service Worker im Browser hängt"),
    ("user", "Evtl. liegt's am Connection-Pool, verifiziert hab ich das noch nicht.", "hypothesis",
     "Evtl. liegt's am Connection-Pool, verifiziert hab ich das noch nicht"),
    ("user", "Mi sa che il problema è la cache del CDN, ma devo verificarlo.", "hypothesis",
     "È la cache del CDN, ma devo verificarlo"),
    ("user", "Ich muss morgen noch die Secrets im Staging-Vault rotieren.", "todo",
     "Ich muss morgen noch die Secrets im Staging-Vault rotieren"),
    ("user", "Domani devo sentire Marco per le credenziali del nuovo bucket.", "todo",
     "Sentire Marco per le credenziali del nuovo bucket"),
    ("user", "Luego hay que añadir los índices que faltan en la tabla pedidos.", "todo",
     "Añadir los índices que faltan en la tabla pedidos"),
    ("user", "Lass uns die Migration auf Node 20 erst nach dem Release machen.", "decision",
     "Lass uns die Migration auf Node 20 erst nach dem Release machen"),
    ("user", "Merk ich mir für die Zukunft: Datumswerte immer in UTC speichern.", "takeaway",
     "Datumswerte immer in UTC speichern"),
    ("user", "Hab's gefunden: TZ ist im Docker-Image nicht gesetzt, deswegen sind die Zeiten"
     " verschoben.", "insight",
     "TZ ist im Docker-Image nicht gesetzt, deswegen sind die Zeiten verschoben"),
    # written blind in English and seven more languages (session 14, last round)
    ("user", "ok so the plan is: we keep the retries in the client.", "decision",
     "We keep the retries in the client"),
    ("assistant", "My money is on the connection pool: 10 connections for 12 threads.",
     "hypothesis", "The connection pool: 10 connections for 12 threads"),
    ("assistant", "Likely culprit is the caret range on eslint-plugin-import.", "hypothesis",
     "Likely culprit is the caret range on eslint-plugin-import"),
    ("assistant", "Takeaway for the team: structured logs with a request ID would have saved us"
     " an afternoon.", "takeaway",
     "Structured logs with a request ID would have saved us an afternoon"),
    ("user", "note to future self: run migrations against a prod-size snapshot first.", "takeaway",
     "Run migrations against a prod-size snapshot first"),
    ("assistant", "Still outstanding: the benchmark numbers are from my laptop.", "todo",
     "The benchmark numbers are from my laptop"),
    ("user", "remember we have to tell the data team about the schema change.", "todo",
     "Tell the data team about the schema change"),
    ("user", "parking that for now: should soft-deleted users count toward the seat limit?",
     "question", "Should soft-deleted users count toward the seat limit?"),
    ("assistant", "Something neither of us has settled: should null in a PATCH clear the field?",
     "question", "Should null in a PATCH clear the field?"),
    ("user", "Je sais pas encore si on doit invalider le cache, faut que j'en parle avec Julien.",
     "question", "Si on doit invalider le cache, faut que j'en parle avec Julien?"),
    ("user", "aprendi do jeito difícil: sempre rodar terraform plan antes do apply.", "takeaway",
     "Sempre rodar terraform plan antes do apply"),
    ("user", "后面记得把这里的 any 类型补上。", "todo", "把这里的 any 类型补上"),
    ("assistant", "I checked why the bundle grew by 400 KB.\n\nThe new chart component imports all"
     " of lodash instead of lodash/debounce.", "insight",
     "The new chart component imports all of lodash instead of lodash/debounce"),
    ("assistant", "The failures only come from partner orders, which makes me think the partner API"
     " sends the currency under another key.", "hypothesis",
     "The partner API sends the currency under another key"),
    ("assistant", "Für die Preise nehme ich mit, dass Geldbeträge immer in Cent geführt werden.",
     "takeaway", "Geldbeträge immer in Cent geführt werden"),
    ("assistant", "Later on, the secrets in values-prod.yaml have to be moved to External Secrets.",
     "todo", "The secrets in values-prod.yaml have to be moved to External Secrets"),
    ("user", "One thing that's still unclear is whether we may add an index by day.", "question",
     "One thing that's still unclear is whether we may add an index by day?"),
    ("user", "Wir machen das mit Feature-Flags und nicht mit einem Branch pro Kunde.", "decision",
     "Wir machen das mit Feature-Flags und nicht mit einem Branch pro Kunde"),
    ("user", "Пока не понимаю, нужно ли хранить историю цен. Это надо уточнять у бизнеса.",
     "question", "Нужно ли хранить историю цен?"),
    ("assistant", "I left a FIXME in retry.ts: the jitter is hard-coded and should eventually come"
     " from config.", "todo",
     "The jitter is hard-coded and should eventually come from config"),
    ("assistant", "查到了，502 是因为上游的 keep-alive 超时比 nginx 的短。", "insight",
     "502 是因为上游的 keep-alive 超时比 nginx 的短"),
    ("user", "그냥 axios 빼고 기본 fetch 쓰는 걸로 가죠.", "decision",
     "그냥 axios 빼고 기본 fetch 쓰는 걸로 가죠"),
    # a find announced, then said; a question asked and left for later; an effect and its cause
    ("assistant", "Found it. The signature check fails because our JSON middleware parses the"
     " raw body first.", "insight",
     "The signature check fails because our JSON middleware parses the raw body first"),
    ("assistant", "Ya vi por qué el contador sale mal. El efecto se ejecuta dos veces en modo"
     " estricto.", "insight", "El efecto se ejecuta dos veces en modo estricto"),
    ("assistant", "原因がわかりました。iOS Safari のプライベートブラウズでは"
     "データベースを開く処理が失敗します。", "insight",
     "iOS Safari のプライベートブラウズではデータベースを開く処理が失敗します"),
    ("user", "but why does it only happen on Windows? the paths look identical. anyway let's keep"
     " moving with the installer.", "question", "Why does it only happen on Windows?"),
    ("user", "Does anyone know who owns the billing topic these days? Anyway, let's finish the"
     " consumer first.", "question", "Does anyone know who owns the billing topic these days?"),
    ("user", "Eine Sache ist mir noch unklar: Sollen gelöschte Accounts hart gelöscht werden? Mach"
     " erstmal mit dem Export weiter.", "question",
     "Sollen gelöschte Accounts hart gelöscht werden?"),
    ("user", "Par contre je me demande si on doit garder la compat v1. On continue sur la v2 en"
     " attendant.", "question", "On doit garder la compat v1?"),
    ("assistant", "Le front envoie la date en DD/MM/YYYY, d'où les plantages côté back.",
     "insight", "Le front envoie la date en DD/MM/YYYY, d'où les plantages côté back"),
    ("assistant", "Autovacuum не успевает, отсюда и медленные запросы.", "insight",
     "Autovacuum не успевает, отсюда и медленные запросы"),
    ("user", "Before we ship we still need rate limiting on /login, but let's not do it in this"
     " PR.", "todo", "Rate limiting on /login, but let's not do it in this PR"),
    # a guess its speaker says is not verified: the guess, without its hedge (session 15)
    ("user", "the deadlock only happens under load, i think it's the two transactions locking"
     " accounts and ledger in opposite order but havent proven it", "hypothesis",
     "It's the two transactions locking accounts and ledger in opposite order"),
    ("assistant", "Builds fail only in CI. Likely the runner's /tmp is a small tmpfs and the cache"
     " fills it. Not verified yet.", "hypothesis",
     "The runner's /tmp is a small tmpfs and the cache fills it"),
    ("assistant", "I haven't confirmed it, but my bet is the lru_cache on get_tenant_config, keyed"
     " on the whole request.", "hypothesis",
     "The lru_cache on get_tenant_config, keyed on the whole request"),
    ("assistant", "J'ai l'impression que c'est l'autovacuum sur la table events, mais je n'ai pas"
     " encore pu le vérifier.", "hypothesis", "C'est l'autovacuum sur la table events"),
    ("assistant", "テストがCIだけで落ちるのは、おそらくロケールの違いだと思います。"
     "まだ確認はしていません。", "hypothesis",
     "テストがCIだけで落ちるのは、おそらくロケールの違いだと思います"),
    ("assistant", "**Open:** what should happen to orders that reference a deleted customer?",
     "question", "What should happen to orders that reference a deleted customer?"),
    ("assistant", "Queda una duda abierta: ¿cuánto tiempo puede estar desactualizado el stock?",
     "question", "¿cuánto tiempo puede estar desactualizado el stock?"),
    ("assistant", "Resta una cosa da decidere: gli utenti viewer devono poter esportare i report?",
     "question", "Gli utenti viewer devono poter esportare i report?"),
    ("user", "Unklar ist noch, wie wir mit Dezimalkommas umgehen sollen.", "question",
     "Unklar ist noch, wie wir mit Dezimalkommas umgehen sollen?"),
    ("assistant", "说到底这次的教训就是：多实例部署下定时任务不加锁，就一定会重复执行。",
     "takeaway", "多实例部署下定时任务不加锁，就一定会重复执行"),
    ("user", "insomma la lezione è: mai fidarsi della cache del browser, svuotala sempre prima di"
     " dire che il fix non funziona", "takeaway",
     "Mai fidarsi della cache del browser, svuotala sempre prima di dire che il fix non funziona"),
    ("assistant", "Big picture: stale flags pile up because nobody owns removing them after"
     " rollout.", "takeaway",
     "Stale flags pile up because nobody owns removing them after rollout"),
    ("assistant", "What was going on: the export iterates over a set, so the column order changed"
     " between runs.", "insight",
     "The export iterates over a set, so the column order changed between runs"),
    ("assistant", "Después de comparar, nos quedamos con pnpm en lugar de yarn para el monorepo.",
     "decision", "Pnpm en lugar de yarn para el monorepo"),
    ("assistant", "Остановились на S3 с presigned URL вместо проксирования через бэкенд.",
     "decision", "S3 с presigned URL вместо проксирования через бэкенд"),
    ("assistant", "Optei pelo Amazon SES em vez do SendGrid: já estamos na AWS.", "decision",
     "Amazon SES em vez do SendGrid: já estamos na AWS"),
    ("assistant", "Re: cascading — chose not to soft-delete child Task rows.", "decision",
     "Don't soft-delete child Task rows"),
    # how people type to an agent: lowercase, run on, a finding before an order for now
    ("user", "heads up the staging db is a read replica, any write silently goes nowhere. point it"
     " at staging-primary", "insight",
     "The staging db is a read replica, any write silently goes nowhere"),
    ("user", "pour info le endpoint /search limite à 100 résultats même si tu passes limit=500.",
     "insight", "Le endpoint /search limite à 100 résultats même si tu passes limit=500"),
    ("user", "passt. wir bleiben bei fastapi, kein wechsel zu django.", "decision",
     "Wir bleiben bei fastapi, kein wechsel zu django"),
    ("user", "decided with the team: api responses stay snake_case, frontend converts at the"
     " boundary.", "decision", "Api responses stay snake_case, frontend converts at the boundary"),
    ("user", "no graphql for now, plain REST + openapi spec instead.", "decision",
     "No graphql for now, plain REST + openapi spec instead"),
    ("user", "OK, I read it; we should return 409 instead of replaying the request.", "decision",
     "We should return 409 instead of replaying the request"),
    ("user", "Devuelve una lista vacía en vez de null en el endpoint de búsqueda.", "decision",
     "Devuelve una lista vacía en vez de null en el endpoint de búsqueda"),
    ("user", "了解 認証はcognitoじゃなくてfirebase authで行くことにした", "decision",
     "了解 認証はcognitoじゃなくてfirebase authで行くことにした"),
    ("user", "maybe the slow startup is because we import pandas at module level in every lambda?"
     " havent profiled. leave it", "hypothesis",
     "The slow startup is because we import pandas at module level in every lambda"),
    ("user", "could be that the docker image is using musl and thats why the numpy wheel builds"
     " from source", "hypothesis",
     "Could be that the docker image is using musl and thats why the numpy wheel builds from"
     " source"),
    ("user", "unclear who owns the shared common-utils package now that ana left, we need to"
     " figure that out before changing its api.", "question",
     "Who owns the shared common-utils package now that ana left?"),
    ("user", "wir wissen immer noch nicht ob die rechnungen netto oder brutto gespeichert werden"
     " sollen, muss die buchhaltung klären.", "question",
     "Ob die rechnungen netto oder brutto gespeichert werden sollen, muss die buchhaltung"
     " klären?"),
    ("user", "at some point someone has to migrate the old cron jobs off the ubuntu 18 box.",
     "todo", "Migrate the old cron jobs off the ubuntu 18 box"),
    ("user", "faut encore qu'on écrive les tests e2e pour le parcours de paiement avant la mise en"
     " prod.", "todo", "Écrive les tests e2e pour le parcours de paiement avant la mise en prod"),
    ("user", "ta bom assim. fica pra depois: trocar a lib de pdf que ta sem manutencao.", "todo",
     "Trocar a lib de pdf que ta sem manutencao"),
    ("user", "bottom line from this whole mess is we should pin every transitive dep.",
     "takeaway", "We should pin every transitive dep"),
    ("user", "morale de l'histoire: jamais de logique métier dans les signaux django.",
     "takeaway", "Jamais de logique métier dans les signaux django"),
    # from blind end-to-end transcripts (session 15)
    ("user", "let's set the stripe client timeout to 25s", "decision",
     "Set the stripe client timeout to 25s"),
    ("assistant", "No tengo una causa confirmada. Mi hipótesis: el único worker atiende tanto"
     " `emails` como `pdfs`.", "hypothesis",
     "El único worker atiende tanto `emails` como `pdfs`"),
    ("assistant", "Возможно, часть сообщений бот не видит из-за privacy mode в BotFather. Проверить"
     " это я не могу.", "hypothesis",
     "Часть сообщений бот не видит из-за privacy mode в BotFather"),
    ("assistant", "El fallo está en `storage.ts`: `save()` se traga el `QuotaExceededError`.",
     "insight", "El fallo está en `storage.ts`: `save()` se traga el `QuotaExceededError`"),
    ("assistant", "问题出在 `deduct()`：两步之间既没有加锁也没有版本号。", "insight",
     "问题出在 `deduct()`: 两步之间既没有加锁也没有版本号"),
    # work the agent says is needed and did not do, and work a person puts off to a later day
    ("assistant", "Old links will now 404. We should add redirects to the new paths; I didn't,"
     " because that needs a plugin.", "todo", "We should add redirects to the new paths"),
    ("assistant", "Die Daten vor 2024 liegen noch im alten Format. Die müssen einmalig migriert"
     " werden; das habe ich nicht gemacht.", "todo", "Die müssen einmalig migriert werden"),
    ("assistant", "はい。再計算用のスクリプトはまだ書いていないので、別途対応が必要です。", "todo",
     "再計算用のスクリプトはまだ書いていないので、別途対応が必要です"),
    ("user", "ok, I'll resend the older ones from the dashboard tomorrow morning.", "todo",
     "Resend the older ones from the dashboard tomorrow morning"),
    ("assistant", "Queda una duda que no me corresponde decidir: ¿queremos sincronizar el carrito"
     " con la cuenta del usuario?", "question",
     "¿queremos sincronizar el carrito con la cuenta del usuario?"),
    ("assistant", "Una cosa que nadie ha decidido: un cliente puede tener dos reservas solapadas."
     " ¿Se debe permitir?", "question", "Un cliente puede tener dos reservas solapadas?"),
    # what to watch for, under its label in any language, and a gotcha with a word or two
    ("assistant", "**Something to be aware of:** this limiter is per process, so the effective"
     " limit is ~300/min per key.", "insight",
     "This limiter is per process, so the effective limit is ~300/min per key"),
    ("assistant", "Attention : avec un client_id fixe, deux instances sur le même Pi se"
     " déconnectent l'une l'autre.", "insight",
     "Avec un client_id fixe, deux instances sur le même Pi se déconnectent l'une l'autre"),
    ("assistant", "Let op: `lock_timeout` bestaat pas sinds ansible-core 2.12.", "insight",
     "`lock_timeout` bestaat pas sinds ansible-core 2.12"),
    ("assistant", "Uwaga: to Cloudflare zwraca 429, nie sama strona.", "insight",
     "To Cloudflare zwraca 429, nie sama strona"),
    ("assistant", "Важный момент: Alembic по умолчанию оборачивает каждую миграцию в транзакцию.",
     "insight", "Alembic по умолчанию оборачивает каждую миграцию в транзакцию"),
    ("assistant", "One gotcha on the way: Alembic only sees models that are imported.", "insight",
     "Alembic only sees models that are imported"),
    # a label's `you` is anyone's, in a labelled lesson or under a Takeaway heading
    ("assistant", "**Takeaway from today:** the cost is dominated by how much you parse per"
     " probe.", "takeaway", "The cost is dominated by how much you parse per probe"),
    ("assistant", "### Takeaway\nAlways pin or filter data-source lists you index into.",
     "takeaway", "Always pin or filter data-source lists you index into"),
    ("assistant", "In generale: mai combinare paginazione e fetch join su collezioni.",
     "takeaway", "Mai combinare paginazione e fetch join su collezioni"),
    # a hunch, and a guess typed in lower case after another sentence
    ("user", "nice. I have a hunch the remaining 300ms is mostly page cache misses. can't prove"
     " it though", "hypothesis", "The remaining 300ms is mostly page cache misses"),
    ("user", "yes add prevent_destroy too. btw I think the staging env has the same drift.",
     "hypothesis", "The staging env has the same drift"),
    ("user", "Bien vu. Je soupçonne d'ailleurs que c'est ce qui se passait sur le Pi de la serre.",
     "hypothesis", "C'est ce qui se passait sur le Pi de la serre"),
    # a person's choice, the way each language says what we do now
    ("user", "Passt. Wir lassen `--wait` drin, aber setzen den Timeout auf 5m runter.", "decision",
     "Wir lassen `--wait` drin, aber setzen den Timeout auf 5m runter"),
    ("user", "D'accord. On passe en QoS 1 avec clean_session=False.", "decision",
     "On passe en QoS 1 avec clean_session=False"),
    ("user", "Vale. Pues hagamos las dos cosas: primero vectorizamos los SKUs.", "decision",
     "Pues hagamos las dos cosas: primero vectorizamos los SKUs"),
    ("user", "Beleza, vamos fazer assim: renomeia os duplicados com sufixo -OLD.", "decision",
     "Renomeia os duplicados com sufixo -OLD"),
    ("user", "Делаем составной индекс (status, created_at), CONCURRENTLY.", "decision",
     "Делаем составной индекс (status, created_at), CONCURRENTLY"),
    ("user", "日志字段统一用 snake_case，和网关那边保持一致。", "decision",
     "日志字段统一用 snake_case，和网关那边保持一致"),
    ("user", "なるほど。じゃあ next-intl の useFormatter に統一しよう。", "decision",
     "じゃあ next-intl の useFormatter に統一しよう"),
    ("user", "알겠어요. 일단 Runner 타겟만 NO로 할게요.", "decision",
     "일단 Runner 타겟만 NO로 할게요"),
    ("user", "Utilise un CharField pour le code postal plutôt qu'un IntegerField.", "decision",
     "Utilise un CharField pour le code postal plutôt qu'un IntegerField"),
    ("user", "we'll add the opt-in-status filter and ignore_changes on the db.", "decision",
     "Add the opt-in-status filter and ignore_changes on the db"),
    # what a person asks to be reminded of, or notes for later
    ("user", "ok. Erinner mich bitte daran, dass wir die Probe in values-prod.yaml brauchen.",
     "todo", "Wir die Probe in values-prod.yaml brauchen"),
    ("user", "Tá. Pendência pra próxima sprint: abrir issue no loja-admin.", "todo",
     "Abrir issue no loja-admin"),
    ("user", "Par contre, note pour plus tard : activer la persistance de Mosquitto.", "todo",
     "Activer la persistance de Mosquitto"),
    # a choice with what happens otherwise; what a person does not know, or wonders about, or
    # leaves without wanting an answer
    ("assistant", "Je pars sur un `CharField` pour le code postal plutôt qu'un `IntegerField`,"
     " sinon on perd le zéro initial.", "decision",
     "Je pars sur un `CharField` pour le code postal plutôt qu'un `IntegerField`"),
    ("user", "Non so se il team mobile usa lo stesso endpoint.", "question",
     "Non so se il team mobile usa lo stesso endpoint?"),
    ("user", "En ik vraag me af of we de nodes via een aparte inventory-groep kunnen rebooten.",
     "question", "We de nodes via een aparte inventory-groep kunnen rebooten?"),
    ("user", "also does prevent_destroy block terraform destroy in the CI teardown job? don't need"
     " an answer now, just thinking out loud", "question",
     "Does prevent_destroy block terraform destroy in the CI teardown job?"),
]  # fmt: skip


def test_what_a_person_puts_off_in_a_list_is_todos() -> None:
    """Under `plan for next time:` (at the end of a paragraph, too); under `TODO:` a person's
    list may be orders for now, and is not read."""
    later = [("Continue.", "Continuing with the parser."), ("Tests?", "Updated.")]
    for lead, todos in [
        ("not now, I need to stop for today. plan for next time:", 2),
        ("Pour la prochaine fois :", 2),
        ("TODO:", 0),
    ]:
        prompt = f"{lead}\n1. rerun the fp32 baseline on the old checkpoint\n2. check the defaults"
        found = extract_findings(_chat((prompt, "Noted."), *later))
        assert [f.kind for f in found if 3 in f.turns] == ["todo"] * todos, lead


@pytest.mark.parametrize(("speaker", "sentence", "kind", "title"), MORE_WAYS)
def test_more_ways_each_kind_is_stated(speaker: str, sentence: str, kind: str, title: str) -> None:
    """Said in the middle of a session (two turns follow), by the person or by the agent."""
    exchange = (sentence, "Noted.") if speaker == "user" else ("Go on.", sentence)
    later = [("Continue.", "Continuing with the parser."), ("Tests?", "Updated.")]
    found = [f for f in extract_findings(_chat(exchange, *later)) if 3 in f.turns]
    assert [(f.kind, f.title) for f in found] == [(kind, title)]


@pytest.mark.parametrize(
    ("sentence", "kind", "title"),
    [
        ("I didn't get to the Windows installer.", "todo", "The Windows installer"),
        ("Not done yet: the migration for the audit table.", "todo",
         "The migration for the audit table"),
        ("The retry policy is not implemented yet.", "todo",
         "The retry policy is not implemented yet"),
        ("The cleanup job still needs a regression test.", "todo",
         "The cleanup job still needs a regression test"),
        ("You'll still need to run the migration on production.", "todo",
         "Run the migration on production"),
        ("One open point: whether archived tenants should be exported at all.", "question",
         "Whether archived tenants should be exported at all?"),
        ("Die Retry-Policy ist noch nicht implementiert.", "todo",
         "Die Retry-Policy ist noch nicht implementiert"),
        ("Nicht erledigt: der Windows-Installer.", "todo", "Der Windows-Installer"),
        ("Du musst noch die Migration auf Produktion ausführen.", "todo",
         "Die Migration auf Produktion ausführen"),
        ("La política de reintentos todavía no está implementada.", "todo",
         "La política de reintentos todavía no está implementada"),
        ("La policy di retry non è ancora implementata.", "todo",
         "La policy di retry non è ancora implementata"),
        ("A política de retry ainda não foi implementada.", "todo",
         "A política de retry ainda não foi implementada"),
        ("Ainda é preciso rodar a migração em produção.", "todo", "Rodar a migração em produção"),
        ("Политика повторов ещё не реализована.", "todo", "Политика повторов ещё не реализована"),
        ("Осталось запустить миграцию на проде.", "todo", "Запустить миграцию на проде"),
        ("Die Ursache: der Cursor wurde zu früh geschlossen.", "insight",
         "Ursache: der Cursor wurde zu früh geschlossen"),
        ("Причина: курсор закрывался слишком рано.", "insight",
         "Причина: курсор закрывался слишком рано"),
        ("Not covered yet: the CSV writer still buffers the header row.", "todo",
         "The CSV writer still buffers the header row"),
        ("Left for a follow-up PR: removing the old `export_all` helper.", "todo",
         "Remove the old `export_all` helper"),
        ("One thing remains: the admin UI still calls the old endpoint.", "todo",
         "The admin UI still calls the old endpoint"),
        ("Design choice: batches are 500 rows, which keeps memory under 50 MB.", "decision",
         "Batches are 500 rows, which keeps memory under 50 MB"),
        ("I chose not to add a dependency; the stdlib `csv` module streams fine.", "decision",
         "Don't add a dependency; the stdlib `csv` module streams fine"),
        ("Note that named cursors only work in a transaction, which is why the first try failed.",
         "insight", "Named cursors only work in a transaction, which is why the first try failed"),
        ("The remaining latency is probably the round trip per batch; I did not measure it.",
         "hypothesis", "The remaining latency is probably the round trip per batch"),
        ("TL;DR: named cursors plus a generator fixed the memory blowup.", "takeaway",
         "Named cursors plus a generator fixed the memory blowup"),
        ("Summary: the export streams in constant memory, about 40 MB for any size.", "takeaway",
         "The export streams in constant memory, about 40 MB for any size"),
        ("Falta ainda documentar a opção `batch_size`.", "todo", "Documentar a opção `batch_size`"),
        ("J'ai gardé l'API synchrone, parce que les trois appelants itèrent.", "decision",
         "Gardé l'API synchrone, parce que les trois appelants itèrent"),
        ("Opté por cursores del servidor porque OFFSET se vuelve lento.", "decision",
         "Cursores del servidor porque OFFSET se vuelve lento"),
        ("Optei por cursores no servidor porque o OFFSET fica lento.", "decision",
         "Cursores no servidor porque o OFFSET fica lento"),
        ("Я выбрал серверные курсоры, потому что OFFSET медленный.", "decision",
         "Серверные курсоры, потому что OFFSET медленный"),
        ("Пока неясно, принимает ли загрузчик chunked encoding.", "question",
         "Пока неясно, принимает ли загрузчик chunked encoding?"),
        ("\n\n## Prochaines étapes\n- Mettre à jour la documentation", "todo",
         "Mettre à jour la documentation"),
        ("\n\n## Próximos pasos\n- Actualizar la documentación", "todo",
         "Actualizar la documentación"),
        ("\n\n## Prossimi passi\n- Aggiornare la documentazione", "todo",
         "Aggiornare la documentazione"),
        ("\n\n## Próximos passos\n- Atualizar a documentação", "todo", "Atualizar a documentação"),
        ("\n\n## Следующие шаги\n- Обновить документацию", "todo", "Обновить документацию"),
        ("\n\n## À faire\n- Mettre à jour la documentation", "todo",
         "Mettre à jour la documentation"),
        ("\n\n## Осталось сделать\n- Обновить документацию", "todo", "Обновить документацию"),
        ("\n\n## Remaining\n- Add a resume path for a worker that dies mid-export", "todo",
         "Add a resume path for a worker that dies mid-export"),
        ("\n\n**还没解决的**\n- 倾斜本身还在，需要做加盐的两阶段聚合", "todo",
         "倾斜本身还在，需要做加盐的两阶段聚合"),
        ("\n\n## Not fixed yet\n- The retry loop still sends twice after a timeout", "todo",
         "The retry loop still sends twice after a timeout"),
        ("\n\n**待办**\n- 导出进度条改成按已发送行数显示", "todo",
         "导出进度条改成按已发送行数显示"),
        ("\n\n残作業: リトライ処理にクリーンアップを追加する必要があります。", "todo",
         "リトライ処理にクリーンアップを追加する必要があります"),
        ("\n\nThe memory alert in `alerts/export.yaml` still needs lowering to 512 MB.", "todo",
         "The memory alert in `alerts/export.yaml` still needs lowering to 512 MB"),
        ("\n\nQuestion for you: should a running export stop when the session expires?",
         "question", "Should a running export stop when the session expires?"),
        ("\n\n## Learned\n`yield_per()` can't be combined with `joinedload` on collections.",
         "insight", "`yield_per()` can't be combined with `joinedload` on collections"),
        ("\n\nI dropped the `X-Total-Rows` header: it needed a count query before streaming.",
         "decision", "Dropped the `X-Total-Rows` header: it needed a count query before streaming"),
        ("\n\n## Lesson learned\n\nAsserting on peak memory in a test caught what reading the code"
         " did not.", "takeaway",
         "Asserting on peak memory in a test caught what reading the code did not"),
        ("\n\n### Design choice\n\nI kept the `Exporter` interface rather than a channel API, so"
         " the three call sites stay.", "decision",
         "Kept the `Exporter` interface rather than a channel API, so the three call sites stay"),
        ("\n\n**Pendiente**: el endpoint de descarga sigue leyendo el fichero completo.", "todo",
         "El endpoint de descarga sigue leyendo el fichero completo"),
        ("\n\n## Offene Frage\n\nGelöschte Kunden werden mitexportiert, weil der alte Code"
         " `unscoped` nutzt. Ist das gewollt?", "question",
         "Gelöschte Kunden werden mitexportiert, weil der alte Code `unscoped` nutzt — Ist das"
         " gewollt?"),
        ("\n\n## 🐛 Cause\n\nThe spec clicked Pay before the Stripe iframe had mounted.", "insight",
         "The spec clicked Pay before the Stripe iframe had mounted"),
        ("\n\n**Unresolved**\n\nI couldn't determine whether the provider's rate limit still"
         " applies.", "question", "Whether the provider's rate limit still applies?"),
        ("\n\nOne thing left for later: the shipping client has its own retry loop.", "todo",
         "The shipping client has its own retry loop"),
        ("\n\nI don't know whether streaming triggers a new PCI scope review. That's a compliance"
         " call.", "question", "Whether streaming triggers a new PCI scope review?"),
        ("\n\nI deliberately did not make the batch size configurable.", "decision",
         "Don't make the batch size configurable"),
        ("\n\n**Note:** the metric was set from `len(rows)` before anything was written.",
         "insight", "The metric was set from `len(rows)` before anything was written"),
        ("\n\n補足: `find_each` は主キー順で並べ替えるため、既存の順序は無視されます。", "insight",
         "`find_each` は主キー順で並べ替えるため、既存の順序は無視されます"),
        # a line flush left after a list is a paragraph of its own, not more of the last item
        ("\n- `export/job.py`\n- `export/progress.py`\nWorth knowing: a named cursor is closed on"
         " commit.", "insight", "A named cursor is closed on commit"),
        # what it does not know, what is left, said in the languages beyond the first seven
        ("Lo que no sé, y no puedo saber desde aquí, es si el almacén hizo un recuento físico.",
         "question", "Si el almacén hizo un recuento físico?"),
        ("Offen bleibt, ob die Buchhaltung die Zeitzone des Kontos will.", "question",
         "Offen bleibt, ob die Buchhaltung die Zeitzone des Kontos will?"),
        ("Queda por ver si contabilidad quiere la zona horaria de la cuenta.", "question",
         "Queda por ver si contabilidad quiere la zona horaria de la cuenta?"),
        ("Resta da capire se la contabilità vuole il fuso dell'account.", "question",
         "Resta da capire se la contabilità vuole il fuso dell'account?"),
        ("Остаётся вопрос, нужен ли бухгалтерии часовой пояс аккаунта.", "question",
         "Остаётся вопрос, нужен ли бухгалтерии часовой пояс аккаунта?"),
        ("Unclear whether the cron job still needs the lock.", "question",
         "Unclear whether the cron job still needs the lock?"),
        ("Mevcut çift kayıtları temizleyecek ayrı bir script yazmamız gerekiyor.", "todo",
         "Mevcut çift kayıtları temizleyecek ayrı bir script yazmamız gerekiyor"),
        ("Pendiente volver a medir el p99 en prod después del deploy.", "todo",
         "Volver a medir el p99 en prod después del deploy"),
        ("Offen: Die Kalibrierung gehört in die Inbetriebnahme-Checkliste.", "todo",
         "Die Kalibrierung gehört in die Inbetriebnahme-Checkliste"),
        ("Open: the migration for the audit table is not written.", "todo",
         "The migration for the audit table is not written"),
        ("Open: whether archived tenants are exported at all.", "question",
         "Whether archived tenants are exported at all?"),
        # what is still missing, subject first or none (session 20)
        ("Still need to add the same rule for the kafka brokers.", "todo",
         "Add the same rule for the kafka brokers"),
        ("Calibration (ECE) isn't computed yet.", "todo", "Calibration (ECE) isn't computed yet"),
        ("Dead-lettering after the last attempt is still missing.", "todo",
         "Dead-lettering after the last attempt is still missing"),
        ("Todavía falta la paginación del export.", "todo", "La paginación del export"),
        ("A paginação da exportação ainda falta.", "todo", "A paginação da exportação ainda falta"),
        ("La pagination de l'export manque encore.", "todo",
         "La pagination de l'export manque encore"),
        ("Для экспорта ещё не хватает пагинации.", "todo", "Для экспорта ещё не хватает пагинации"),
        ("I bumped the pool to 8 slots, but I still can't explain why the scheduler never "
         "released them.", "question", "Why the scheduler never released them?"),
        ("J'ai libéré les slots, mais je ne sais toujours pas pourquoi le scheduler ne les a pas "
         "rendus.", "question", "Pourquoi le scheduler ne les a pas rendus?"),
        ("Слоты освободил, но не могу объяснить, почему планировщик их не отдал.", "question",
         "Почему планировщик их не отдал?"),
        ("Rate-Limiting ist noch nicht verdrahtet.", "todo",
         "Rate-Limiting ist noch nicht verdrahtet"),
        ("La doc d'onboarding n'est pas encore écrite.", "todo",
         "La doc d'onboarding n'est pas encore écrite"),
        ("La guía de migración todavía no está escrita.", "todo",
         "La guía de migración todavía no está escrita"),
        ("La guida di migrazione non è ancora scritta.", "todo",
         "La guida di migrazione non è ancora scritta"),
        ("O guia de migração ainda não está escrito.", "todo",
         "O guia de migração ainda não está escrito"),
        ("Гайд по миграции ещё не написан.", "todo", "Гайд по миграции ещё не написан"),
        # work left under its label, said what it is left for (session 22)
        ("Still to do before tagging v3.0.0: a CHANGELOG entry and a heads-up to payments.",
         "todo", "A CHANGELOG entry and a heads-up to payments"),
        ("Noch zu tun vor dem Release: ein Changelog-Eintrag.", "todo", "Ein Changelog-Eintrag"),
        ("Reste à faire avant la release : prévenir l'équipe paiements.", "todo",
         "Prévenir l'équipe paiements"),
        ("Pendiente antes de la release: avisar al equipo de pagos.", "todo",
         "Avisar al equipo de pagos"),
        ("Da fare prima del rilascio: avvisare il team pagamenti.", "todo",
         "Avvisare il team pagamenti"),
        ("Осталось сделать до релиза: предупредить команду платежей.", "todo",
         "Предупредить команду платежей"),
        # common ways of a closing report, in several languages (session 23)
        ("I left the CSV dialect as it was so existing consumers keep working.", "decision",
         "Left the CSV dialect as it was so existing consumers keep working"),
        ("I'm not sure whether the downstream importer handles gzip.", "question",
         "Whether the downstream importer handles gzip?"),
        ("Ich bin nicht sicher, ob der Importer gzip verarbeitet.", "question",
         "Ob der Importer gzip verarbeitet?"),
        ("Je ne sais pas si l'importeur gère le gzip.", "question", "Si l'importeur gère le gzip?"),
        ("Still missing: a test with an empty table.", "todo", "A test with an empty table"),
        ("You'll want to rerun the backfill once this is deployed.", "todo",
         "You'll want to rerun the backfill once this is deployed"),
        ("Nach dem Deploy sollte das Backfill noch einmal laufen.", "todo",
         "Nach dem Deploy sollte das Backfill noch einmal laufen"),
        ("Il faudra relancer le backfill une fois déployé.", "todo",
         "Il faudra relancer le backfill une fois déployé"),
        ("Habrá que relanzar el backfill cuando esto esté desplegado.", "todo",
         "Habrá que relanzar el backfill cuando esto esté desplegado"),
        ("I didn't touch the admin export; it has the same problem.", "todo",
         "I didn't touch the admin export; it has the same problem"),
        ("Den Admin-Export habe ich nicht angefasst; der hat dasselbe Problem.", "todo",
         "Den Admin-Export habe ich nicht angefasst; der hat dasselbe Problem"),
        ("管理后台的导出我没动，它也有同样的问题。", "todo",
         "管理后台的导出我没动，它也有同样的问题"),
        ("In general, stream anything that can grow with the customer's data.", "takeaway",
         "In general, stream anything that can grow with the customer's data"),
        ("Der alte Job war langsam, weil er jede Zeile erst in eine Liste geladen hat.", "insight",
         "Der alte Job war langsam, weil er jede Zeile erst in eine Liste geladen hat"),
        ("L'ancien job était lent parce qu'il chargeait chaque ligne dans une liste.", "insight",
         "L'ancien job était lent parce qu'il chargeait chaque ligne dans une liste"),
        ("Die restliche Langsamkeit ist vermutlich das Netz zwischen Job und S3.", "hypothesis",
         "Die restliche Langsamkeit ist vermutlich das Netz zwischen Job und S3"),
        ("La lenteur restante vient probablement du réseau entre le job et S3.", "hypothesis",
         "La lenteur restante vient probablement du réseau entre le job et S3"),
        ("剩下的慢可能是任务和 S3 之间的网络。", "hypothesis",
         "剩下的慢可能是任务和 S3 之间的网络"),
        ("我用了流式写入，而不是在内存里拼整个文件，因为导出会到 2 GB。", "decision",
         "我用了流式写入，而不是在内存里拼整个文件，因为导出会到 2 GB"),
        ("还没做：进度条还是按旧方式计数。", "todo", "进度条还是按旧方式计数"),
        # what was not tested or tried, and a test or an alert that is missing (session 24)
        ("I haven't tested it on Windows yet.", "todo", "Test it on Windows"),
        ("I only linted the manifest; nobody has loaded the build in Firefox ESR 115 yet.",
         "todo", "Load the build in Firefox ESR 115"),
        ("The nightly job has no alert when the unmatched count jumps.", "todo",
         "The nightly job has no alert when the unmatched count jumps"),
        ("The CLI path is still untested.", "todo", "The CLI path is still untested"),
        ("Ich habe es unter Windows nicht getestet.", "todo",
         "Ich habe es unter Windows nicht getestet"),
        ("Es gibt keinen Test für den Retry-Pfad.", "todo",
         "Es gibt keinen Test für den Retry-Pfad"),
        ("Je ne l'ai pas encore testé sous Windows.", "todo",
         "Je ne l'ai pas encore testé sous Windows"),
        ("Todavía no lo he probado en Windows.", "todo", "Todavía no lo he probado en Windows"),
        ("Non l'ho ancora testato su Windows.", "todo", "Non l'ho ancora testato su Windows"),
        ("Ainda não testei no Windows.", "todo", "Ainda não testei no Windows"),
        ("Я ещё не тестировал это на Windows.", "todo", "Я ещё не тестировал это на Windows"),
        ("还没有在 Windows 上测试过。", "todo", "还没有在 Windows 上测试过"),
        ("Windows ではまだテストしていません。", "todo", "Windows ではまだテストしていません"),
        ("Windows에서는 아직 테스트하지 않았습니다.", "todo",
         "Windows에서는 아직 테스트하지 않았습니다"),
        # what the work assumes, what it leaves out, what it breaks (session 24)
        ("I assumed the timestamps in the feed are UTC; if they're local, the buckets are off.",
         "hypothesis", "The timestamps in the feed are UTC"),
        ("Assumption: every tenant has at most one active subscription.", "hypothesis",
         "Every tenant has at most one active subscription"),
        ("Ich bin davon ausgegangen, dass die Zeitstempel in UTC sind.", "hypothesis",
         "Die Zeitstempel in UTC sind"),
        ("Asumí que las marcas de tiempo del feed están en UTC.", "hypothesis",
         "Las marcas de tiempo del feed están en UTC"),
        ("Я предположил, что время в выгрузке в UTC.", "hypothesis", "Время в выгрузке в UTC"),
        ("我假设数据里的时间戳都是 UTC。", "hypothesis", "数据里的时间戳都是 UTC"),
        ("Out of scope for this PR: the admin export still uses the old query.", "todo",
         "The admin export still uses the old query"),
        ("Fuera de alcance: el export de admin sigue usando la consulta vieja.", "todo",
         "El export de admin sigue usando la consulta vieja"),
        ("Breaking change: the `--format` flag no longer accepts `yml`.", "insight",
         "The `--format` flag no longer accepts `yml`"),
        # what it leaves to the person, what it costs, what waits, what it suggests next
        ("Your call: keep the old endpoint for one more release, or drop it now?", "question",
         "Keep the old endpoint for one more release, or drop it now?"),
        ("Trade-off: the cache can serve data up to 60 seconds stale.", "insight",
         "The cache can serve data up to 60 seconds stale"),
        ("Blocked on the payments team exposing the refund webhook.", "todo",
         "Blocked on the payments team exposing the refund webhook"),
        ("Waiting on ops to raise the connection limit on the replica.", "todo",
         "Waiting on ops to raise the connection limit on the replica"),
        ("You may want to pin the Node version in CI as well.", "todo",
         "Pin the Node version in CI as well"),
        ("Consider adding an index on `orders.created_at` before the table grows.", "todo",
         "Add an index on `orders.created_at` before the table grows"),
        ("Convendría añadir un índice en `orders.created_at`.", "todo",
         "Añadir un índice en `orders.created_at`"),
        ("Имеет смысл добавить индекс на `orders.created_at`.", "todo",
         "Добавить индекс на `orders.created_at`"),
        ("可以考虑给 `orders.created_at` 加索引。", "todo", "给 `orders.created_at` 加索引"),
        ("The root of it: the worker reads the config once at import time.", "insight",
         "The worker reads the config once at import time"),
        ("What fixed it was setting `pool_pre_ping=True`; stale connections were handed out.",
         "insight",
         "What fixed it was setting `pool_pre_ping=True`; stale connections were handed out"),
        ("Lo que lo arregló fue subir el timeout del health check.", "insight",
         "Lo que lo arregló fue subir el timeout del health check"),
        ("Remaining issue: the PDF export still times out for reports over 500 pages.", "todo",
         "The PDF export still times out for reports over 500 pages"),
        ("The flaky test is not fixed; it still fails about 1 in 20 runs on CI.", "todo",
         "The flaky test is not fixed; it still fails about 1 in 20 runs on CI"),
        ("Make sure to rotate the staging key before Friday.", "todo",
         "Rotate the staging key before Friday"),
        ("Don't forget to update the runbook with the new failover steps.", "todo",
         "Update the runbook with the new failover steps"),
        ("Denken Sie daran, den Staging-Key vor Freitag zu rotieren.", "todo",
         "Den Staging-Key vor Freitag zu rotieren"),
        ("Denk daran, dass der Cron im Container in UTC läuft.", "insight",
         "Der Cron im Container in UTC läuft"),
        ("Lembre-se de que o cron do contêiner roda em UTC.", "insight",
         "O cron do contêiner roda em UTC"),
        ("Pensez à relancer le backfill après le déploiement.", "todo",
         "Relancer le backfill après le déploiement"),
        ("Remember that `cron` in the container runs in UTC.", "insight",
         "`cron` in the container runs in UTC"),
        ("My best guess is that the CDN caches the 404 for the old asset path.", "hypothesis",
         "The CDN caches the 404 for the old asset path"),
        ("Important: the v2 API drops the `expand` parameter without a warning.", "insight",
         "The v2 API drops the `expand` parameter without a warning"),
        ("**Memory alert**: there's no alert before the OOM kill.", "todo",
         "There's no alert before the OOM kill"),
        ("En sak som inte är bestämd: notisen.", "question",
         "En sak som inte är bestämd: notisen?"),
        ("Otwarta sprawa, której nie umiem rozstrzygnąć z kodu: frontend nie używa `/api/cart`.",
         "question", "Frontend nie używa `/api/cart`?"),
        # what is still to be decided, and by whom (session 25)
        ("We still need to decide whether the export should include archived tenants.",
         "question", "Whether the export should include archived tenants?"),
        ("Still to do: decide fixed vs adaptive interpolation buffer after the playtest.",
         "question", "Fixed vs adaptive interpolation buffer after the playtest?"),
        ("The big open question is who owns the billing webhooks after the migration.",
         "question", "Who owns the billing webhooks after the migration?"),
        ("I don't know yet whether Stripe retries the webhook after a 409.", "question",
         "Whether Stripe retries the webhook after a 409?"),
        ("Reste à trancher : garder l'ancien endpoint ou le supprimer.", "question",
         "Garder l'ancien endpoint ou le supprimer?"),
        # what is asked first, then that the report could not find it out (session 27)
        ("Ob der Ledger-Service doppelte Buchungen per `event_id` dedupliziert, konnte ich nicht "
         "klären: im `ledger-client` gibt es weder `event_id` noch einen Idempotency-Header.",
         "question", "Ob der Ledger-Service doppelte Buchungen per `event_id` dedupliziert?"),
        ("Whether the ledger service dedupes by event_id, I couldn't confirm: the client sends no "
         "key.", "question", "Whether the ledger service dedupes by event_id?"),
        ("Si le service dédoublonne par event_id, je n'ai pas pu le vérifier.", "question",
         "Si le service dédoublonne par event_id?"),
        ("Дедуплицирует ли сервис события, я не смог выяснить.", "question",
         "Дедуплицирует ли сервис события?"),
        ("Ob der Service doppelte Events verwirft, ist unklar.", "question",
         "Ob der Service doppelte Events verwirft?"),
        # work left, and where the time went, under the headings reports give them
        ("\n\n### Not done / next\n- Split `make e2e` into 2 shards via a matrix.", "todo",
         "Split `make e2e` into 2 shards via a matrix"),
        ("\n\n### Where the time went\n- **Docker builds had no layer cache at all.** Every PR "
         "rebuilt the image from scratch.", "insight", "Docker builds had no layer cache at all"),
        ("\n\n### Ce que le profil a montré\n1. **48 % du temps passait dans la compilation "
         "de la regex** : `parse_line` appelle `Regex::new` à chaque ligne.", "insight",
         "48 % du temps passait dans la compilation de la regex"),
        # what to watch out for, and a guess with a comma after its `que`
        ("\n\nOs pontos de atenção:\n- **PostGIS.** No RDS a extensão precisa ser atualizada "
         "antes do upgrade de major.", "insight",
         "PostGIS: No RDS a extensão precisa ser atualizada antes do upgrade de major"),
        ("Meu palpite é que, sem ajustar o pool, vocês vão ver uns 2–3 minutos de erros.",
         "hypothesis", "Sem ajustar o pool, vocês vão ver uns 2–3 minutos de erros"),
        ("`socialiteproviders/keycloak` muss noch auf v5 gehoben werden: v4 baut die URLs mit "
         "`/auth`.", "todo",
         "`socialiteproviders/keycloak` muss noch auf v5 gehoben werden: v4 baut die URLs mit "
         "`/auth`"),
        ("Und noch eine Vermutung, die ich nicht geprüft habe: Die Session-Laufzeit steht auf 120 "
         "min.", "hypothesis", "Die Session-Laufzeit steht auf 120 min"),
        # what is left, said after a sentence that only says nothing does it yet
        ("\n\n### Still open\n- Nothing watches the buffer yet. We need a Grafana panel for buffer"
         " size.", "todo", "We need a Grafana panel for buffer size"),
        ("\n\n### What I'd take from this\nA no-grace window join is only safe when both sides "
         "share one clock.", "takeaway",
         "A no-grace window join is only safe when both sides share one clock"),
        ("\n\n## Not fixed\n- The conntrack sysctls: we need to know whether they are still "
         "required on bookworm.", "question",
         "The conntrack sysctls: we need to know whether they are still required on bookworm?"),
        ("Pour les prochains projets sur batterie : mesurer le courant en deep sleep avant "
         "d'optimiser.", "takeaway", "Mesurer le courant en deep sleep avant d'optimiser"),
        # work worth doing next, what a thing still lacks
        ("It would be good to add a test for the empty-cart case.", "todo",
         "Add a test for the empty-cart case"),
        ("Next thing would be to wire the metrics into Grafana.", "todo",
         "Wire the metrics into Grafana"),
        ("I'd also recommend adding a canary deploy for the worker.", "todo",
         "Add a canary deploy for the worker"),
        ("Хорошо бы добавить тест на пустую корзину.", "todo", "Добавить тест на пустую корзину"),
        ("The retry logic still lacks a backoff; worth adding before we go live.", "todo",
         "The retry logic still lacks a backoff; worth adding before we go live"),
        ("The docs still describe the old flag, those need updating.", "todo",
         "The docs still describe the old flag, those need updating"),
        # what was written down to do, a question apart, what is left over
        ("Noted in TODO.md: Windows follow mode via ReadDirectoryChangesW.", "todo",
         "Windows follow mode via ReadDirectoryChangesW"),
        ("Separate question: do you need copytruncate rotation to work too?", "question",
         "Do you need copytruncate rotation to work too?"),
        ("\n\nAlso left over from today:\n- `--since 10m` silently parses as 10 seconds; fix it "
         "before anyone relies on it.", "todo",
         "`--since 10m` silently parses as 10 seconds; fix it before anyone relies on it"),
        # work that will have to be done, said by the report
        ("You'll need to create the table: run messenger:setup-transports in preprod before the "
         "deploy.", "todo",
         "Create the table: run messenger:setup-transports in preprod before the deploy"),
        ("The table still has to be created before the deploy.", "todo",
         "The table still has to be created before the deploy"),
        ("Die Tabelle muss noch angelegt werden, bevor wir deployen.", "todo",
         "Die Tabelle muss noch angelegt werden, bevor wir deployen"),
        # a question with an aside that asks too (`(c'est bien SiteMinder ?)`)
        ("Une question reste ouverte de mon côté : est-ce que le channel manager (c'est bien "
         "SiteMinder ?) accepte deux fois la même synchro ?", "question",
         "Est-ce que le channel manager (c'est bien SiteMinder ?) accepte deux fois la même "
         "synchro ?"),
        # what stays open, a guess not claimed, a lesson that concedes (Russian)
        ("Открытым остаётся вопрос, почему это всплыло только сейчас: `grpc.NewClient` есть в "
         "коде с октября.", "question",
         "Открытым остаётся вопрос, почему это всплыло только сейчас: `grpc.NewClient` есть в "
         "коде с октября?"),
        ("Судя по всему, hit rate у него низкий, хотя метрик на это нет, поэтому утверждать не "
         "берусь.", "hypothesis", "Судя по всему, hit rate у него низкий"),
        ("Главный вывод: `ClientConn` — долгоживущий объект; создавать его на каждый вызов нельзя,"
         " даже если в тестах всё работает.", "takeaway",
         "`ClientConn` — долгоживущий объект; создавать его на каждый вызов нельзя"),
        ("I'd split that into a separate ticket: replace the map with golang-lru/v2.", "todo",
         "Replace the map with golang-lru/v2"),
        # a Dutch report's choices, what it leaves and its lesson
        ("\n\nKeuzes:\n- `merge` in plaats van `delete+insert`: bij een mislukte run blijft de "
         "tabel consistent.", "decision",
         "`merge` in plaats van `delete+insert`: bij een mislukte run blijft de tabel consistent"),
        ("\n\nOpenstaand:\n- Een wekelijkse full refresh inplannen in de zondagsjob als vangnet.",
         "todo", "Een wekelijkse full refresh inplannen in de zondagsjob als vangnet"),
        ("Les voor incrementele modellen: de lookback moet gebaseerd zijn op de laatste bron.",
         "takeaway", "De lookback moet gebaseerd zijn op de laatste bron"),
        # causes numbered inside their bold, as paragraphs under `Root causes`
        ("\n\n### Root causes\n\n**1. `test_invoice_due_dates` — midnight UTC mismatch (4/9).** "
         "The test used `date.today()`, which is local time.", "insight",
         "`test_invoice_due_dates` — midnight UTC mismatch (4/9)"),
        ("\n\nPending:\n\n1. `/categorias/[slug]`: move the sort order to a client-side control "
         "so it can be ISR too.", "todo",
         "`/categorias/[slug]`: move the sort order to a client-side control so it can be ISR too"),
        # a cause under its heading, past a lead-in that names no kind
        ("\n\n### Causa raiz\nSão duas falhas encadeadas, ambas começando em 13/08:\n\n1. **O ERP "
         "mudou o horário da exportação.** Desde 13/08 o arquivo chega às 03:30 BRT.", "insight",
         "O ERP mudou o horário da exportação"),
        ("\n\n### Lição\nSensor em modo `poke` segura um slot de worker o tempo inteiro.",
         "takeaway", "Sensor em modo `poke` segura um slot de worker o tempo inteiro"),
        ("Também vale saber: `start_date` está sem timezone, então o cron roda em UTC.", "insight",
         "`start_date` está sem timezone, então o cron roda em UTC"),
        ("Uma suspeita, sem confirmação: a mudança de horário do ERP vem da migração para o SAP.",
         "hypothesis", "A mudança de horário do ERP vem da migração para o SAP"),
        # what is learned, under a heading that says to remember it
        ("\n\n### Merke\nEin Consumer, der pro Batch länger als `max.poll.interval.ms` braucht, "
         "steckt in einer Rebalance-Schleife.", "takeaway",
         "Ein Consumer, der pro Batch länger als `max.poll.interval.ms` braucht, steckt in "
         "einer…"),
        # a fault that comes from somewhere: a cause found
        ("Das Hängen kommt aus der Konfiguration: jeder Batch braucht 75 s.", "insight",
         "Das Hängen kommt aus der Konfiguration: jeder Batch braucht 75 s"),
        ("The hang comes from the config: each batch takes 75 s.", "insight",
         "The hang comes from the config: each batch takes 75 s"),
        # work listed that is a question in its own words (session 26)
        ("\n\nStill open:\n- Whether 0.04% is acceptable for the finance report (Priya).",
         "question", "Whether 0.04% is acceptable for the finance report (Priya)?"),
        ("\n\n**Points ouverts**\n- Importer ou non le bucket de state dans Terraform.",
         "question", "Importer ou non le bucket de state dans Terraform?"),
        ("\n\n残タスク:\n- GHC 9.2 サポートを続けるか（保留）", "question",
         "GHC 9.2 サポートを続けるか（保留）"),
        ("\n\nStill open:\n- The Debian completions question waits for Tomás.", "question",
         "The Debian completions question waits for Tomás?"),
        ("\n\nStill open:\n- Add pool checkout time to telemetry, to confirm or not the Oban "
         "lead.", "todo", "Add pool checkout time to telemetry, to confirm or not the Oban lead"),
        # a list under `Still open` (session 25)
        ("\n\nStill open:\n- move `ensureStatefulSet` to server-side apply (separate PR);",
         "todo", "Move `ensureStatefulSet` to server-side apply (separate PR)"),
        ("\n\n**Points ouverts**\n- la migration des anciens exports vers le nouveau format.",
         "todo", "La migration des anciens exports vers le nouveau format"),
        # what is said to remain open, as the speaker sees it: the lead-in is no finding
        ("\n\nOffen bleibt aus meiner Sicht:\n- Nach der Beobachtungswoche: das Grafana-Panel "
         "ins Dashboard übernehmen.", "todo",
         "Nach der Beobachtungswoche: das Grafana-Panel ins Dashboard übernehmen"),
        ("\n\nWhat remains open in my view:\n- Move the audit logs to a channel of their own.",
         "todo", "Move the audit logs to a channel of their own"),
        # what the report found, changed, guessed and concluded, under its headings
        ("\n\n## Qué encontré\n1. **El backend ya soporta idempotencia y no la usábamos.** "
         "La app nunca enviaba la cabecera.", "insight",
         "El backend ya soporta idempotencia y no la usábamos"),
        ("\n\n### Что поменял\n- `execution_timeout` поднят с 25 до 60 минут, чтобы загрузка "
         "не упиралась в таймаут.", "decision",
         "`execution_timeout` поднят с 25 до 60 минут, чтобы загрузка не упиралась в таймаут"),
        ("\n\n### Гипотеза\nТаймауты, похоже, начались после переезда воркеров на "
         "spot-инстансы.", "hypothesis",
         "Таймауты, похоже, начались после переезда воркеров на spot-инстансы"),
        ("\n\n### Итог\nРетраи безопасны только для идемпотентных тасков.", "takeaway",
         "Ретраи безопасны только для идемпотентных тасков"),
        ("\n\n## Conclusión\nToda escritura que la app reintenta necesita un id generado en el "
         "cliente.\n\nSi quieres, puedo abrir el PR.", "takeaway",
         "Toda escritura que la app reintenta necesita un id generado en el cliente"),
        # a review's findings under how severe they are, its doubts
        ("\n\n## Crítico\n\n**1. IDOR en `GET /api/facturas/{id}`.** Cualquier usuario podía "
         "leer facturas de otra empresa.", "insight", "IDOR en `GET /api/facturas/{id}`"),
        ("\n\n### High severity\n- The webhook never checks the `x-signature` header, so anyone "
         "can mark invoices paid.", "insight",
         "The webhook never checks the `x-signature` header, so anyone can mark invoices paid"),
        ("\n\n## Dudas\n- ¿El endpoint de métricas tiene que ser público o solo interno?",
         "question", "¿El endpoint de métricas tiene que ser público o solo interno?"),
        # what is left and what is to be confirmed, in Japanese; an item there asks, marked
        # or not
        ("\n\n残っていること：\n1. UI テストの `SettingsFlowTests` を次に UI テストを回す前に"
         "直す。", "todo", "UI テストの `SettingsFlowTests` を次に UI テストを回す前に直す"),
        ("\n\n確認したいこと：\n- App Group 経由の共有で `@Observable` がウィジェット側でも"
         "使えるかは未検証です。", "question",
         "App Group 経由の共有で `@Observable` がウィジェット側でも使えるかは未検証です?"),
        ("\n\nOpen questions:\n- The nightly job hits real Stripe test mode. Is that intentional, "
         "or should it use the recorded fixtures?", "question",
         "The nightly job hits real Stripe test mode — Is that intentional?"),
        ("\n\nOpen questions:\n- `downgrades` uses a 180-day window, the dictionary says 90 days. "
         "I kept 180; which one is intended?", "question",
         "`downgrades` uses a 180-day window, the dictionary says 90 days — which one is "
         "intended?"),
        # a Korean report's cause, changes, work left, choice to make and what it could not
        # confirm; `Sin confirmar` likewise
        ("\n\n### 원인\n확인 메일 중복은 `post_save` 시그널 때문입니다.", "insight",
         "확인 메일 중복은 `post_save` 시그널 때문입니다"),
        ("\n\n### 수정 내용\n- 태스크 발행을 `transaction.on_commit` 안으로 옮겼습니다.",
         "decision", "태스크 발행을 `transaction.on_commit` 안으로 옮겼습니다"),
        ("\n\n### 남은 일\n- 마이그레이션 `0047_emaillog` 은 운영 적용 전에 검토해야 합니다.",
         "todo", "마이그레이션 `0047_emaillog` 은 운영 적용 전에 검토해야 합니다"),
        ("\n\n### 결정이 필요한 것\n리마인더 ETA 를 (예: 24시간 후) 더 길게 늘릴 계획이 있나요?",
         "question", "리마인더 ETA 를 (예: 24시간 후) 더 길게 늘릴 계획이 있나요?"),
        ("\n\n### 확인 못 한 것\n워커 재시작(OOM kill)과 세 번 발송된 건들이 겹쳤을 가능성이 "
         "있습니다.", "hypothesis",
         "워커 재시작(OOM kill)과 세 번 발송된 건들이 겹쳤을 가능성이 있습니다"),
        ("\n\n## Sin confirmar\nLa clave JWT de desarrollo es la misma que la de producción.",
         "hypothesis", "La clave JWT de desarrollo es la misma que la de producción"),
        # what is open, named in a word or two and asked next: the question only
        ("Nog open: de retentie. Moeten partities ouder dan 24 maanden gedropt worden, of eerst "
         "gearchiveerd?", "question",
         "Moeten partities ouder dan 24 maanden gedropt worden, of eerst gearchiveerd?"),
        # what was noticed on the way
        ("One more thing I noticed: `AppDatabase` has `exportSchema = false`, so there is no "
         "schema history.", "insight",
         "`AppDatabase` has `exportSchema = false`, so there is no schema history"),
        # a Chinese report's reasons, what it found on the way, what is not done, what the
        # person must decide, its lesson; a label and a command say nothing
        ("\n\n### 为什么这么做\n- 超时定为 50ms：正常 Redis 往返在 1ms 左右。", "decision",
         "超时定为 50ms: 正常 Redis 往返在 1ms 左右"),
        ("\n\n### 顺便发现的问题\n旧的 node-cache 是进程内缓存，4 个 Pod 各存一份。", "insight",
         "旧的 node-cache 是进程内缓存，4 个 Pod 各存一份"),
        ("\n\n### 没做完的\n- 需要把 `cache_fallback_total` 暴露到 Prometheus 并配告警。", "todo",
         "需要把 `cache_fallback_total` 暴露到 Prometheus 并配告警"),
        ("\n\n### 需要你拍板\n1. 订单状态更新时要不要主动删除缓存？", "question",
         "订单状态更新时要不要主动删除缓存?"),
        ("\n\n### 经验\n多实例部署时，进程内缓存会让各实例数据不一致。\n\n本地复现压测："
         "`npm run k6`。", "takeaway", "多实例部署时，进程内缓存会让各实例数据不一致"),
        # what was written into a todo file, listed after saying so
        ("\n\n`docs/TODO.md` dosyasına ekledim:\n\n1. Saniyelik tick yerine `Phoenix.PubSub` "
         "broadcast'i.", "todo", "Saniyelik tick yerine `Phoenix.PubSub` broadcast'i"),
        # what is not decided yet; what to do before the step ahead
        ("\n\n**Not decided yet**\n- Reporting's nightly export runs `SELECT * FROM shipments`. "
         "Across partitions that's a merge of scans; can they live with that?", "question",
         "Reporting's nightly export runs `SELECT * FROM shipments` — can they live with that?"),
        ("\n\n**Before the real run**\n- Rehearse the whole runbook against the staging "
         "snapshot.", "todo", "Rehearse the whole runbook against the staging snapshot"),
        # what is left, in one word as its heading
        ("\n\nZostało:\n\n- Alert na długość kolejki invoices > 1000.", "todo",
         "Alert na długość kolejki invoices > 1000"),
        ("\n\nОсталось:\n- Вернуть `maxProcesses` к 3, когда очередь опустеет.", "todo",
         "Вернуть `maxProcesses` к 3, когда очередь опустеет"),
        # a count of things that hold, the detail that matters, tickets to file
        ("\n\nTwee dingen die het plan bepalen:\n- Op een gepartitioneerde tabel moet elke unieke "
         "index de partitiesleutel bevatten.", "insight",
         "Op een gepartitioneerde tabel moet elke unieke index de partitiesleutel bevatten"),
        ("\n\nTwo things left:\n- Add a retry budget to the sync job.", "todo",
         "Add a retry budget to the sync job"),
        ("\n\nTwo catches:\n1. TODO: make the window configurable per tenant.", "todo",
         "Make the window configurable per tenant"),
        ("Belangrijk detail: `ATTACH PARTITION` scant zonder CHECK-constraint de hele tabel.",
         "insight", "`ATTACH PARTITION` scant zonder CHECK-constraint de hele tabel"),
        ("\n\nTickets:\n1. Vóór de migratie een alert op lock waits klaarzetten.", "todo",
         "Vóór de migratie een alert op lock waits klaarzetten"),
        # a Ukrainian report, a Swedish one's findings and choices left, a Polish one's work left
        ("\n\n### Що знайшов\n1. **Provisioned concurrency фактично не працює.** Трафік іде повз "
         "alias.", "insight", "Provisioned concurrency фактично не працює"),
        ("\n\n### Що змінив\n- Інтеграцію API Gateway переключив на alias `live`.", "decision",
         "Інтеграцію API Gateway переключив на alias `live`"),
        ("\n\n### Гіпотеза\nЗалишок init дає `config.py`, який синхронно тягне секрет.",
         "hypothesis", "Залишок init дає `config.py`, який синхронно тягне секрет"),
        ("\n\n### Що лишилось\n- Хтось із доступом має зробити `terraform apply`.", "todo",
         "Хтось із доступом має зробити `terraform apply`"),
        ("\n\n### Треба вирішити\n- Чи потрібна цій функції VPC взагалі?", "question",
         "Чи потрібна цій функції VPC взагалі?"),
        ("\n\n### Висновок\nProvisioned concurrency на alias нічого не дає, якщо тригер вказує на "
         "`$LATEST`.", "takeaway",
         "Provisioned concurrency на alias нічого не дає, якщо тригер вказує на `$LATEST`"),
        ("\n\n## Vad jag hittade\n- Varje pod håller en egen kö i minnet, så gränsen gäller per "
         "pod.", "insight", "Varje pod håller en egen kö i minnet, så gränsen gäller per pod"),
        ("\n\n## Att bestämma innan januari\n- Ska vi byta till clockwork eller behålla cron?",
         "question", "Ska vi byta till clockwork eller behålla cron?"),
        # an item that says how things stand, then the work: both, the work cut to fit
        ("\n\nStill open:\n- The migration test has only run on the API 34 emulator. It still "
         "needs a run on an API 24 image, since that's our minSdk.", "todo",
         "The migration test has only run on the API 34 emulator: it still needs a run on an API "
         "24 image"),
        ("\n\nPendiente:\n- El `HIT_RADIUS` está fijado a 6 px a ojo. Hay que ajustarlo con el "
         "sprite del jugador, ahora mismo el hitbox se siente más generoso.", "todo",
         "El `HIT_RADIUS` está fijado a 6 px a ojo: hay que ajustarlo con el sprite del jugador"),
        ("\n\nNog te doen:\n- pg_partman draait zijn onderhoud via `pg_partman_bgw`. Die moet in "
         "`shared_preload_libraries`, en dat vraagt een reboot.", "todo",
         "pg_partman draait zijn onderhoud via `pg_partman_bgw`: die moet in "
         "`shared_preload_libraries`"),
        # what is left for the person to do is work left
        ("\n\n### Left for you\n1. Pin the google provider in the shared modules (`~> 6.8`).",
         "todo", "Pin the google provider in the shared modules (`~> 6.8`)"),
        ("\n\n**Für dich zu tun**\n- Den Service-Account-Key in EAS hochladen.", "todo",
         "Den Service-Account-Key in EAS hochladen"),
        # what broke, listed under its heading, is what was found
        ("\n\n## What broke\n- **`/fr/tarifs` vanished from the prerender.** SvelteKit 2 no "
         "longer crawls optional-param routes nothing links to.", "insight",
         "`/fr/tarifs` vanished from the prerender"),
        ("\n\n## Was kaputtging\n- Der Import bricht bei leeren Zeilen ab, weil `csv.reader` "
         "sie als Liste ohne Felder liefert.", "insight",
         "Der Import bricht bei leeren Zeilen ab, weil `csv.reader` sie als Liste ohne Felder "
         "liefert"),
        ("\n\n## Lo que se rompió\n- El webhook de Stripe llegaba dos veces porque el endpoint "
         "respondía 500 tras guardar.", "insight",
         "El webhook de Stripe llegaba dos veces porque el endpoint respondía 500 tras guardar"),
        # a guess listed with the work left, and left unverified, is a guess, not work
        ("\n\n## Follow-ups\n- I'm fairly sure the `chrony` task conflicts with "
         "`systemd-timesyncd` on bookworm, but I couldn't verify without a Debian 12 box.",
         "hypothesis", "The `chrony` task conflicts with `systemd-timesyncd` on bookworm"),
        # an item that says the work first keeps it; so does one with no room left for it, and
        # one whose next sentence only says that it is needed
        ("\n\nNoch offen:\n- Der Cron-Job nutzt das alte venv. Das muss noch vor dem Merge "
         "passieren.", "todo", "Der Cron-Job nutzt das alte venv"),
        ("\n\nStill open:\n- Someone needs to add a worker for the `exports` queue. It has no "
         "consumer yet.", "todo", "Someone needs to add a worker for the `exports` queue"),
        ("\n\nStill open:\n- The nightly cron on the runner still calls `etl/bestand.py` with the "
         "old virtualenv and lock. It must be reinstalled before the merge.", "todo",
         "The nightly cron on the runner still calls `etl/bestand.py` with the old virtualenv "
         "and lock"),
        ("\n\n### Co zostało do zrobienia\n- Przenieść testy na `tmp_path` zamiast `/tmp`.",
         "todo", "Przenieść testy na `tmp_path` zamiast `/tmp`"),
        # an item a row leaves a word or two of is titled as an item
        ("\n\n### Что осталось\n- Изменение настройки таблицы на проде согласовать с DBA: "
         "`MODIFY SETTING` на проде я, как договаривались, не запускал.", "todo",
         "Изменение настройки таблицы на проде согласовать с DBA: `MODIFY SETTING` на проде я"),
        # one question per item; a short one asks what the next says in full
        ("\n\nStill open:\n- What happens to rotated files under backpressure? logrotate may "
         "delete them first. Should we keep them open until read?", "question",
         "What happens to rotated files under backpressure?"),
        ("\n\nStill open:\n- Who fills the field for existing customers? A backfill from the "
         "CRM, or by hand?", "question",
         "Who fills the field for existing customers? A backfill from the CRM, or by hand?"),
    ],
)  # fmt: skip
def test_what_a_closing_report_leaves_open(sentence: str, kind: str, title: str) -> None:
    """A single-prompt agentic session's closing report: what is not done yet, what is open."""
    found = _closing_report(sentence)
    assert [(f.kind, f.title) for f in found] == [(kind, title)]


@pytest.mark.parametrize(
    "heading",
    ["What broke", "Was kaputtging", "Ce qui a cassé", "Lo que se rompió", "Cosa si è rotto",
     "O que quebrou", "Что сломалось", "Wat er brak", "Co się zepsuło", "Vad som gick sönder"],
)  # fmt: skip
def test_what_broke_is_a_heading_of_findings_and_opens_its_section(heading: str) -> None:
    """Each language's `What broke` heading reads as one of findings, and the message's words
    for it open the reading of its sections (as a heading only: `brak` alone is in prose)."""
    assert FINDINGS_SECTION.match(heading)
    assert SECTION_KEYS.any_in(f"## {heading}".casefold())
    assert SECTION_KEYS.any_in(f"**{heading}**".casefold())


def test_a_question_asked_in_a_paragraph_keeps_what_hangs_on_it() -> None:
    """Under a heading of what is left to decide, a question asked in a paragraph: its title is
    the question, its body the paragraph, with what the answer would change."""
    found = _closing_report(
        "\n\n### To decide\nDo we plan reminders more than 3 hours out? If so, raising "
        "`visibility_timeout` stops working and we should look at RabbitMQ instead."
    )
    assert [(f.kind, f.title) for f in found] == [
        ("question", "Do we plan reminders more than 3 hours out?")
    ]
    assert "look at RabbitMQ instead" in found[0].body


@pytest.mark.parametrize(
    ("items", "kind", "title"),
    [
        # waiting on someone's work is being blocked: work left, as `blocked-on` reads it
        ("- Archivados de más de 5 años: a la espera de legal.", "todo",
         "Archivados de más de 5 años: a la espera de legal"),
        ("- Remediation for the 187 overcharged changes: waiting on Maria's call.", "question",
         "Remediation for the 187 overcharged changes: waiting on Maria's call?"),
        ("- Wie genau die Strecke fürs Finanzamt sein muss, ist weiterhin ungeklärt.", "question",
         "Wie genau die Strecke fürs Finanzamt sein muss, ist weiterhin ungeklärt?"),
        ("- 30 vs 60 fps en gama baja: lo decides con Andrés.", "question",
         "30 vs 60 fps en gama baja: lo decides con Andrés?"),
        # what a fix spares is no wait
        ("- Add a smoke test for the login flow, so a regression pages us instead of waiting for "
         "user reports.", "todo",
         "Add a smoke test for the login flow, so a regression pages us instead of waiting for "
         "user reports"),
    ],
)  # fmt: skip
def test_open_work_that_waits_on_a_decision_is_a_question(
    items: str, kind: str, title: str
) -> None:
    found = _closing_report(f"\n\n**Open**\n{items}")
    assert [(f.kind, f.title) for f in found if f.kind in ("todo", "question")] == [(kind, title)]


def _closing_report(sentence: str) -> list[Finding]:
    return _agentic(
        "Make the export job stream its rows.",
        f"The export now streams its rows in batches. {sentence}",
    )


def _agentic(prompt: str, report: str) -> list[Finding]:
    """The findings of a single-prompt agentic session: the prompt, six tool calls, the report."""
    build = SessionBuilder("codex", Path("/tmp/rollout.jsonl"))
    build.session_id = "agentic"
    build.start_turn(prompt, "2026-11-21T10:00:00.000Z")
    for n in range(6):
        build.add_call(f"c{n}", "shell", f"rg export src/m{n}.py")
        build.set_result(f"c{n}", "40 lines", False)
    build.add_text(report)
    return extract_findings(build.build(skipped_lines=0))


@pytest.mark.parametrize(
    ("report", "expected"),
    [
        ("\n\n**Zu tun**\n1. `auto_explain` auf Prod aktivieren.\n\n**Offen**\n"
         "- PgBouncer 1.21 im transaction mode (klärst du mit Ops).",
         [("question", "PgBouncer 1.21 im transaction mode (klärst du mit Ops)?"),
          ("todo", "`auto_explain` auf Prod aktivieren")]),
        ("\n\n**Falta fazer**\n- Colocar o teste de scroll na CI.\n\n**Em aberto**\n"
         "- Thumbnails servidos pelo backend (depende do time deles).",
         [("question", "Thumbnails servidos pelo backend (depende do time deles)?"),
          ("todo", "Colocar o teste de scroll na CI")]),
        # a bare `Open` list alone is the work left
        ("\n\n**Offen**\n- PgBouncer 1.21 im transaction mode prüfen.",
         [("todo", "PgBouncer 1.21 im transaction mode prüfen")]),
    ],
)  # fmt: skip
def test_what_is_open_beside_the_work_left_is_unsettled(
    report: str, expected: list[tuple[str, str]]
) -> None:
    found = _closing_report(report)
    assert sorted((f.kind, f.title) for f in found if f.kind in ("todo", "question")) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "Das ist noch nicht geklärt.",
        "Je ne suis pas encore sûr que ça suffise.",
        "Todavía no está decidido.",
        "Я ещё не уверен, что этого хватит.",
        "Пока не решено, нужен ли второй регион.",
    ],
)
def test_not_yet_settled_in_a_closing_report_is_no_todo(sentence: str) -> None:
    assert [f.title for f in _closing_report(sentence) if f.kind == "todo"] == []


@pytest.mark.parametrize(
    "sentence",
    [
        "I haven't tried this kind of setup before, so bear with me.",
        "I didn't run into that problem.",
        "I didn't run the migration, as you asked.",
        "I haven't tested it.",
        "Niet getest.",
        "Sin probar.",
    ],
)
def test_what_was_not_tested_says_what_or_is_no_todo(sentence: str) -> None:
    """Never needed, not done on purpose, or not saying what: no work left."""
    assert [f.title for f in _closing_report(sentence) if f.kind == "todo"] == []


def test_why_the_person_asked_is_no_question_left_open() -> None:
    report = "I don't know why you wanted the old format, but here it is."
    assert [f.title for f in _closing_report(report) if f.kind == "question"] == []


@pytest.mark.parametrize(
    "report",
    [
        "All tests now pass, like before.",
        "The build is now green because the cache was cleared.",
        "I'll now run the migrations so that the schema matches.",
        "Done. It now works like you asked.",
    ],
)
def test_a_closing_status_with_now_is_no_choice(report: str) -> None:
    """`now-with-why` reads what now works another way in a closing report, not a status or the
    agent's next step."""
    assert _found(_chat(("Fix the build.", report)), "decision") == []


@pytest.mark.parametrize(
    "sentence",
    [
        "Let's move on to the parser.",
        "Let's look at the logs first.",
        "I picked up the failing test from CI.",
        "We should probably look at this together.",
        "Question for you: should I also update the docs?",
        "I don't know if that helps.",
        "The cause is unclear.",
        "Nehmen wir an, der Cache ist leer.",
        "Je ne sais pas si on garde l'API v1.",
        "Мы используем Postgres уже три года.",
        "Seguimos con el paso dos.",
        "Confirmed: all 48 tests pass now.",
        "Wir nehmen an, dass der Cache leer ist.",
        "Возможная ошибка в конфиге тоже есть.",
        "We're moving on to the tests.",
        "I wonder if you could check the logs.",
        "Maybe the tests will pass now.",
        "Perhaps the simplest way is to restart it.",
        "You should see it once this merges.",
        "In short, yes.",
        "Known limitations: none that I know of.",
        "todo: nothing else for now",
        "Use the staging DB, not prod, for this test run please.",
        "Go with it.",
        "leave it for now",
        "it is what it is",
        "No errors, just warnings.",
        "no luck — it still fails",
        "Yo no, no tengo acceso.",
        "garde en tête que le réseau change selon les sites.",
        "Lieber kommt keiner rein als zu viele.",
        "Лучше проверь логи ещё раз.",
        "I'm not sure the test is flaky, it failed twice.",
        "Don't change anything else, I'll look later.",
        "Skip it for now.",
        "Keep me posted on the results for now.",
        "Lass uns das morgen machen.",
        "We'll see how it goes.",
        "Watch out for the next deploy.",
        "Hay que tener en cuenta los tiempos de espera.",
        "The catch is minimal here.",
        "Let's think about the parser now.",
        "This is probably fine for now.",
        "It is probably easier to restart the worker.",
        "Named cursors are in the docs.",
        "I'd use `rg` to search for the callers.",
        "I'd suggest running the tests again.",
        "I would keep an eye on the memory graph.",
        "The catch is here: line 42.",
        "FYI I'm restarting the dev server.",
        "We'll keep you posted.",
        "The build is probably still running.",
        "Go with the flow.",
        "I'd recommend you take a look at the logs first.",
        "Summary: updated three files.",
        "I think that would be great.",
        "I think this is good enough for today.",
        "Je pense que c'est bon.",
        "Creo que eso es todo.",
        "Думаю, стоит попробовать ещё раз.",
        "Ich glaube, das passt so.",
        "Acho que isso é tudo.",
        "Credo che questo sia tutto.",
        "That's what it is.",
        "Here it is.",
        "Yes, take a look at the logs.",
        "Sure, use whatever you think is best.",
        "Go ahead with it.",
        "Option 3 is slower than option 2.",
        "We won't do that again, promise.",
        "We're going to need more tests.",
        "The decision is yours.",
        "OK, keep going.",
        "Yes, keep it up.",
        "Stay with me here.",
        "Ok, use the same command as before to rebuild it please.",
        "それでいいのではないかと思います。",
        "大丈夫なのではないかと思います。",
        "좋은 것 같습니다.",
        # requests and orders for now (session 14's hard negatives, in their shapes)
        "I wonder if you could paste the whole traceback?",
        "Je me demande si tu pourrais me montrer le diff complet ?",
        "Será que você consegue me mostrar o arquivo inteiro?",
        "Lesson for the next five minutes: don't touch settings.yaml.",
        "Someone has to press the button, might as well be you: commit it.",
        "Probably a silly question, but what does git status say?",
        "I bet you can't do it in one commit.",
        "ok try it with the staging config instead",
        "let's decide that tomorrow",
        "Thanks, that's great! In hindsight I should have just asked you this yesterday, haha.",
        # what a thing does instead of what it should: a report, not a directive
        "Since the migration the invoice PDFs show Ã© instead of é.",
        "mytool list --json gibt bei leeren Ergebnissen gar nichts aus statt [].",
        "Depuis la migration, les PDF des factures affichent « Ã© » au lieu de « é ».",
        "La API devuelve null en vez de una lista vacía.",
        "Сервис возвращает 500 вместо 404, когда заказа нет.",
        "Wir lassen uns das noch durch den Kopf gehen.",
        "Hagamos una pausa y seguimos mañana.",
        "Non so se funziona, provalo.",
        "Tu peux profiler et me dire d'où ça vient ?",
        "Let's make sure the tests still pass.",
        "Probably best to pin the version for now.",
        "Wahrscheinlich besser, die Version erstmal zu pinnen.",
        "Seguimos con el paso dos.",
        # trying again, or trying to see: an action, not a choice
        "Let's try again with the verbose flag.",
        "Let's try running it once more.",
        "Keeping an eye on it since the deploy is still rolling out.",
        "Switching to the tests now.",
        "why not, go ahead",
        "Essayons de relancer le serveur.",
        "Давай посмотрим логи ещё раз.",
        "Давай попробуем ещё раз.",
        # a release's version, a run's size: set, but no choice of how a thing works
        "bump the version to 1.4.2 and tag it",
        "Set the version to 2.0.0 in the changelog.",
        # put off, but nothing named, or a decision put off (session 20)
        "I'll leave the old endpoint in place for now.",
        "Let's leave the decision on the queue for later.",
        "ok we keep getting 502s from the gateway since the deploy.",
        "we shipped the pagination in the last sprint, it works.",
        "I'll explain later why I asked.",
        "не знаю, что там с кэшем, посмотри.",
        # what a thing does, an order about the reply (session 22)
        "Never reproduces locally for me.",
        "yes, draft the PR description, keep it short",
        # staying somewhere, not moving fast: no choice of a tool (session 23)
        "We stay on the call until the deploy is through.",
        "We're not moving fast enough on the review queue.",
        "We're not sure yet what broke.",
        "Next time you run it, the cache will be warm.",
        "We're dropping a few requests under load.",
        "Maybe it's a good idea to add a retry.",
        "I switched the terminal to dark mode.",
        "Offen: keine.",
        "Das kommt von selbst wieder.",
        "Es könnte auch sein.",
        "Возможно, это хорошая идея.",
        "Возможно, это усугубляет картину.",
        "que nadie pueda volver a commitear un tfstate nunca más",
        "我们用了三天才找到原因。",
        "我们用户量最近涨得很快。",
        "Use the staging config throughout this session, thanks.",
        "下次见。",
        "Das ist vermutlich besser so.",
        "C'est probablement mieux comme ça.",
        "We have the same problem on staging, can you look?",
        "Podría ser una buena idea añadir un retry.",
        "Quitamos el log de depuración.",
        "I'll ask you if it fails again.",
        "I have no clue how to check it.",
        "Fine, not sure it matters.",
        "Getestet, 20 Minuten Fahrt, kein einziger Sprung mehr.",
        "Honestly, that's Priya's call, not mine.",
        "Les tests passent: tout est vert.",
        "Sí, no hay problema.",
        "Jag frågar Anna om det.",
        # what the person asks to be told, not what is left
        "Al final dame un informe con lo que encontraste, qué queda pendiente y las dudas que "
        "tengas.",
    ],
)
def test_what_only_sounds_like_a_finding_is_none(sentence: str) -> None:
    exchange = (sentence, "Noted.")
    later = [("Continue.", "Continuing with the parser."), ("Tests?", "Updated.")]
    assert [f.title for f in extract_findings(_chat(exchange, *later)) if 3 in f.turns] == []


@pytest.mark.parametrize(
    "sentence",
    [
        "I'd use `rg` to search for the callers.",
        "I'd suggest running the tests again.",
        "I'd add a quick log line to see what's happening.",
        "I would keep an eye on the memory graph.",
        "I'd recommend you take a look at the logs first.",
        "The catch is here: line 42.",
        "The build is probably still running.",
        "Looking at the config, the timeout is 30 s.",
        "I think that's it.",
        "I think the tests are fine now.",
        "I think the best approach is to split the file.",
        "I believe this covers everything you asked for.",
        "The profile shows the run finished; the flame graph is in /tmp/profile.svg.",
        "I bet the tests pass now, running them to confirm.",
        "This debug print should be removed once you've seen it, so I'll take it out next.",
        "Open question for you: should I print the result as JSON or as text?",
        "Note : je lance la compilation, ça prendra quelques secondes.",
        "Nota: a saída era longa, então colei só as últimas linhas.",
        "Примечание: вывод длинный, показываю последние строки.",
        "Entschieden: Ich beantworte zuerst deine zweite Frage.",
        "확인해보니 테스트가 아직 실행 중입니다.",
        "Note that this may take a minute.",
        # not verified, with no guess beside it (session 15)
        "I haven't verified the production deploy yet.",
        "All 48 tests pass; I haven't checked the Windows build.",
        "I didn't find any issues in the parser; the tests should pass now.",
        "Plan: first I'll read the parser, then fix the flaky test.",
        # what is still missing before the closing report is the agent's next step (session 20)
        "Still need to add the same rule for the kafka brokers, doing that next.",
        "The pagination is still missing; adding it now.",
        # a fix told as work done, or the word before a colon that is no label's (session 22)
        "**The fix:** Updated `PAI_DIR` from `~/.claude` to `/home/jenkins/.claude`.",
        "**Fix:** Pfad korrigiert in `~/.claude/settings.json`.",
        "Fix ist drin, baut (Flash: 61.2%), und beide Tests sind grün.",
        # not done yet, and done next, not put off (session 22)
        "The tests aren't green yet, fixing the fixture now.",
        "Since it's late, I'll stop here.",
        "Since no custom commands are available, I'll decompose the task into subtasks.",
        "Mais vous êtes en 5.1 et il n'y a pas encore de worker fourni en standard.",
        # a lead-in to what was found, a TODO comment told of (session 22)
        "Что выяснилось по файлам:",
        "TODO added to `monthly_rows()`; behaviour unchanged.",
        # a guess already settled, an assumption of the person's request (session 24)
        "As I assumed, the worker was reading a stale config.",
        "I assumed the function returns a list, but it's a generator.",
        "Consider this a first draft.",
        "We're switching to the feature branch now.",
        "The pagination was merged in a separate PR last week.",
        "What fixed it?",
        "You may want to look at the diff first, then I'll explain the tests.",
        # what a decision is, not one made (session 25)
        "Posso solo darti i dati tecnici, la decisione è commerciale: JUCE supporta AAX.",
        # not yet seen, not meant: no work left (session 26)
        "Ik heb dit probleem nog niet gezien.",
        "Hay que arreglar esto ya.",
        "No errors, tests are green.",
        "Det är inte meningen att det ska vara så.",
        # how many causes there are, or that the cause is elsewhere: what follows says it
        "原因は2つありました。",
        "原因は別のところでした。",
        "There were two causes.",
        # a thing that never happened, and only once
        "Das hat nie funktioniert, nur gestern kurz.",
        # what the person does now, not later
        "I'll run it now and tell you.",
        # what to use, left to the agent
        "Use whatever you like, I don't want to decide that.",
        # how to run something, under a lesson
        "### Lección\n\nPara correr los tests: `dotnet test` desde la raíz.",
        # what the agent first meant to do and gave up, under what it found
        "### Что нашёл\n\nСначала я думал сделать загрузку через `DROP PARTITION`, но этот "
        "вариант отпал.",
        "## Findings\n\nAt first I thought of dropping the partition, but that would drop the "
        "month.",
    ],
)
def test_what_the_agent_only_sounds_like_concluding_is_none(sentence: str) -> None:
    """Said mid-session and replied to: how the agent would go about a step, not a choice."""
    exchange = ("Go on.", sentence)
    later = [("Sure, continue.", "Continuing with the parser."), ("Tests?", "Updated.")]
    assert [f.title for f in extract_findings(_chat(exchange, *later)) if 3 in f.turns] == []


def test_a_reversal_in_german_keeps_the_new_decision() -> None:
    prompt = (
        "Wir hatten entschieden, Entwürfe lokal zu halten; jetzt speichern wir sie auf dem Server."
    )
    (decision,) = _found(_chat((prompt, "Gut.")), "decision")
    assert decision.title == "Speichern wir sie auf dem Server"


def test_status_lines_and_work_logs_are_never_takeaways() -> None:
    answer = ("I removed the duplication in `report.py` and `export.py`. The build is green. "
              + "Updated the docs and the changelog accordingly. " * 8)  # fmt: skip
    assert _found(_chat(("Finish it.", answer)), "takeaway") == []
    labelled = _chat(("Wrap up.", "TL;DR: all tests pass."))
    assert _found(labelled, "takeaway") == []
    said_by_its_end = "Caching layer for `GET /catalog` added. The image service is deployed to"
    said_by_its_end += " staging. " + "Both are behind the existing load balancer. " * 8
    assert _found(_chat(("Finish it.", said_by_its_end)), "takeaway") == []
    for log in (
        "The `root_cause` field is now serialized in `IncidentSerializer`.",
        "Spring Boot app upgraded from 2.7.18 to 3.2.5.",
        "Rebuilt the settings screen.",
        "Se añadió inicio de sesión con Google.",
        "10:05 added the NAT gateway variables.",
        "Kurzer Bericht zum Ablauf: Zuerst habe ich die Routen erweitert.",
        "`make lint` ✅ `make test` ✅ `make e2e` ✅",
    ):
        answer = f"{log} " + "All 48 tests pass. " * 16
        assert _found(_chat(("Finish it.", answer)), "takeaway") == [], log


@pytest.mark.parametrize(
    ("answer", "title"),
    [
        ("总结：重试必须是幂等的。", "重试必须是幂等的"),
        ("まとめ：リトライは冪等でなければならない。", "リトライは冪等でなければならない"),
        ("요약: 재시도는 멱등이어야 한다.", "재시도는 멱등이어야 한다"),
    ],
)  # fmt: skip
def test_takeaway_labels_in_chinese_japanese_and_korean(answer: str, title: str) -> None:
    (takeaway,) = _found(_chat(("Sum up.", answer)), "takeaway")
    assert takeaway.title == title


def test_at_most_two_takeaways_a_session() -> None:
    lessons = ["retries must be idempotent", "caches need a version key",
               "clocks drift between pods", "queues hide slow consumers"]  # fmt: skip
    answer = " ".join(f"Key takeaway: {lesson}." for lesson in lessons)
    assert len(_found(_chat(("Sum up.", answer)), "takeaway")) == 2


PLANTED: dict[str, tuple[str, ...]] = {
    # decision, todo, question, takeaway, insight, hypothesis: as a person or an agent writes them
    "en": ("We decided to use PostgreSQL instead of MySQL because we need JSONB.",
           "TODO: add retry logic with backoff to the S3 uploader.",
           "Open question: should we shard the events table by tenant or by region?",
           "Key takeaway: always pin the base image by digest, never by tag.",
           "It turns out the login timeout was caused by slow DNS resolution.",
           "I suspect the memory leak comes from the unbounded thumbnail cache."),
    "de": ("Wir haben entschieden, PostgreSQL statt MySQL zu verwenden, weil wir JSONB brauchen.",
           "TODO: Retry-Logik mit Backoff für den S3-Uploader einbauen.",
           "Offene Frage: Sollen wir die Events-Tabelle nach Mandant oder nach Region sharden?",
           "Wichtigste Erkenntnis: Das Basis-Image immer per Digest pinnen, nie per Tag.",
           "Es stellte sich heraus, dass der Login-Timeout durch langsames DNS verursacht wurde.",
           "Ich vermute, dass das Speicherleck aus dem unbegrenzten Thumbnail-Cache kommt."),
    "fr": ("Nous avons décidé d'utiliser PostgreSQL au lieu de MySQL parce qu'il nous faut JSONB.",
           "TODO : ajouter une logique de relance avec backoff à l'uploader S3.",
           "Question ouverte : faut-il partitionner la table des événements par client ?",
           "À retenir : toujours épingler l'image de base par digest, jamais par tag.",
           "Il s'avère que le timeout de connexion venait d'une résolution DNS lente.",
           "Je soupçonne que la fuite mémoire vient du cache de miniatures non borné."),
    "es": ("Hemos decidido usar PostgreSQL en lugar de MySQL porque necesitamos JSONB.",
           "TODO: añadir lógica de reintentos con backoff al cargador de S3.",
           "Pregunta abierta: ¿deberíamos particionar la tabla de eventos por cliente?",
           "Lección aprendida: fijar siempre la imagen base por digest, nunca por etiqueta.",
           "Resulta que el timeout del login se debía a una resolución DNS lenta.",
           "Sospecho que la fuga de memoria viene de la caché de miniaturas sin límite."),
    "it": ("Abbiamo deciso di usare PostgreSQL invece di MySQL perché ci serve JSONB.",
           "TODO: aggiungere la logica di retry con backoff all'uploader S3.",
           "Domanda aperta: dovremmo partizionare la tabella degli eventi per cliente?",
           "Lezione imparata: fissare sempre l'immagine di base tramite digest, mai tramite tag.",
           "Si è scoperto che il timeout del login era causato da una risoluzione DNS lenta.",
           "Sospetto che la perdita di memoria venga dalla cache delle miniature senza limiti."),
    "pt": ("Decidimos usar PostgreSQL em vez de MySQL porque precisamos de JSONB.",
           "TODO: adicionar lógica de retentativa com backoff ao uploader do S3.",
           "Pergunta em aberto: devemos particionar a tabela de eventos por cliente?",
           "Lição aprendida: sempre fixar a imagem base por digest, nunca por tag.",
           "Descobrimos que o timeout do login era causado por uma resolução DNS lenta.",
           "Suspeito que o vazamento de memória vem do cache de miniaturas sem limite."),
    "ru": ("Мы решили использовать PostgreSQL вместо MySQL, потому что нам нужен JSONB.",
           "TODO: добавить логику повторных попыток с backoff в загрузчик S3.",
           "Открытый вопрос: шардировать таблицу событий по клиенту или по региону?",
           "Главный вывод: всегда закреплять базовый образ по digest, а не по тегу.",
           "Оказалось, что таймаут входа был вызван медленным разрешением DNS.",
           "Подозреваю, что утечка памяти идёт из неограниченного кэша миниатюр."),
    "nl": ("We hebben besloten PostgreSQL te gebruiken in plaats van MySQL, want JSONB.",
           "TODO: retry-logica met backoff toevoegen aan de S3-uploader.",
           "Open vraag: moeten we de events-tabel per tenant of per regio sharden?",
           "Les geleerd: pin de base image altijd op digest, nooit op tag.",
           "Het bleek dat de login-timeout door trage DNS-resolutie kwam.",
           "Ik vermoed dat het geheugenlek uit de onbegrensde thumbnail-cache komt."),
    "pl": ("Zdecydowaliśmy się na PostgreSQL zamiast MySQL, bo potrzebujemy JSONB.",
           "TODO: dodać logikę ponawiania z backoffem do uploadera S3.",
           "Otwarte pytanie: czy shardować tabelę zdarzeń po tenancie, czy po regionie?",
           "Wniosek: zawsze przypinać obraz bazowy po digeście, nigdy po tagu.",
           "Okazało się, że timeout logowania był spowodowany wolnym DNS.",
           "Podejrzewam, że wyciek pamięci pochodzi z nieograniczonego cache miniatur."),
    "sv": ("Vi har bestämt oss för PostgreSQL i stället för MySQL eftersom vi behöver JSONB.",
           "TODO: lägg till retry-logik med backoff i S3-uppladdaren.",
           "Öppen fråga: ska vi sharda händelsetabellen per kund eller per region?",
           "Lärdom: pinna alltid basimagen på digest, aldrig på tagg.",
           "Det visade sig att inloggningens timeout berodde på långsam DNS.",
           "Jag misstänker att minnesläckan kommer från den obegränsade miniatyrcachen."),
    "tr": ("JSONB gerektiği için MySQL yerine PostgreSQL kullanmaya karar verdik.",
           "TODO: S3 yükleyicisine backoff ile yeniden deneme mantığı ekle.",
           "Açık soru: olay tablosunu müşteriye göre mi bölgeye göre mi bölmeliyiz?",
           "Çıkarılan ders: temel imajı her zaman digest ile sabitle, asla tag ile değil.",
           "Meğer giriş zaman aşımı yavaş DNS çözümlemesinden kaynaklanıyormuş.",
           "Sanırım bellek sızıntısı sınırsız küçük resim önbelleğinden geliyor."),
}  # fmt: skip
PLANTED_KINDS = ("decision", "todo", "question", "takeaway", "insight", "hypothesis")


@pytest.mark.parametrize("speaker", ["user", "assistant"])
@pytest.mark.parametrize(("language", "kind"), [(lg, k) for lg in PLANTED for k in PLANTED_KINDS])
def test_a_planted_finding_of_every_kind_in_every_language(
    language: str, kind: str, speaker: str
) -> None:
    """One sentence of each kind, said by the person or by the agent in the middle of a
    session (not its closing answer), is found with its kind at its turn."""
    text = PLANTED[language][PLANTED_KINDS.index(kind)]
    if speaker == "user":
        planted = (text, "Noted, I will keep that in mind for the rest of the module.")
    else:
        planted = ("Please continue with the module.", f"{text} The rest goes on as planned.")
    assert kind in _kinds_mid_session(*planted)


AGENTIC: dict[str, tuple[str, str]] = {
    # one prompt, then the agent's closing report: a root cause, what is left, a question
    "en": ("Fix the flaky login test.",
           "The root cause was a race between the token refresh and the session cleanup job. "
           "Remaining: the cleanup job still needs a regression test. "
           "Open question: should the lock timeout be configurable per tenant?"),
    "de": ("Behebe den instabilen Login-Test.",
           "Die Ursache war ein Wettlauf zwischen dem Token-Refresh und dem Aufräumjob. "
           "Noch zu tun: Der Aufräumjob braucht noch einen Regressionstest. "
           "Offene Frage: Soll das Sperr-Timeout pro Mandant konfigurierbar sein?"),
    "fr": ("Corrige le test de connexion instable.",
           "La cause était une course entre le rafraîchissement du jeton et le nettoyage. "
           "Reste à faire : le nettoyage a encore besoin d'un test de régression. "
           "Question ouverte : le délai du verrou doit-il être configurable par client ?"),
    "es": ("Arregla el test de login inestable.",
           "La causa era una carrera entre el refresco del token y la limpieza de sesiones. "
           "Pendiente: la limpieza todavía necesita un test de regresión. "
           "Pregunta abierta: ¿debería el timeout del bloqueo ser configurable por cliente?"),
    "it": ("Sistema il test di login instabile.",
           "La causa era una corsa tra il refresh del token e la pulizia delle sessioni. "
           "Da fare: la pulizia ha ancora bisogno di un test di regressione. "
           "Domanda aperta: il timeout del lock dovrebbe essere configurabile per cliente?"),
    "pt": ("Corrija o teste de login instável.",
           "A causa era uma corrida entre o refresh do token e a limpeza de sessões. "
           "Pendente: a limpeza ainda precisa de um teste de regressão. "
           "Pergunta em aberto: o timeout do lock deveria ser configurável por cliente?"),
    "ru": ("Почини нестабильный тест входа.",
           "Причина была в гонке между обновлением токена и очисткой сессий. "
           "Осталось: очистке всё ещё нужен регрессионный тест. "
           "Открытый вопрос: должен ли таймаут блокировки настраиваться для каждого клиента?"),
}  # fmt: skip


@pytest.mark.parametrize("language", AGENTIC)
def test_a_single_prompt_agentic_session_gives_its_cause_what_is_left_and_its_question(
    language: str,
) -> None:
    prompt, report = AGENTIC[language]
    build = SessionBuilder("codex", Path("/tmp/rollout.jsonl"))
    build.session_id = "agentic"
    build.start_turn(prompt, "2026-11-21T10:00:00.000Z")
    for n in range(6):  # read, run, edit: not a ghost although it has one prompt
        build.add_call(f"c{n}", "Read", f"src/m{n}.py")
        build.set_result(f"c{n}", "40 lines", False)
    build.add_text(report)
    session = build.build(skipped_lines=0)
    assert not session.ghost
    kinds = sorted(f.kind for f in extract_findings(session))
    assert kinds == ["insight", "question", "todo"]


UNLABELLED: dict[str, tuple[str, ...]] = {
    # decision, todo, insight, hypothesis, question: as a person says them, without a label
    "en": ("Let's go with Redis for the session store.",
           "We still need to add rate limiting to the export endpoint.",
           "The problem was that the cache key ignored the locale.",
           "Probably the retry storm is caused by the missing jitter.",
           "Should we keep the v1 API or drop it? Let's decide that later."),
    "de": ("Lass uns Redis für den Session-Store nehmen.",
           "Wir müssen noch ein Rate-Limit für den Export-Endpoint einbauen.",
           "Das Problem war, dass der Cache-Schlüssel die Sprache ignoriert hat.",
           "Wahrscheinlich wird der Retry-Sturm durch den fehlenden Jitter verursacht.",
           "Sollen wir die v1-API behalten oder abschalten? Das entscheiden wir später."),
    "fr": ("On part sur Redis pour le stockage des sessions.",
           "Il faut encore ajouter une limite de débit à l'endpoint d'export.",
           "Le problème était que la clé de cache ignorait la langue.",
           "Probablement dû au jitter manquant dans les relances.",
           "Faut-il garder l'API v1 ou la supprimer ? On décidera plus tard."),
    "es": ("Vamos a usar Redis para las sesiones.",
           "Todavía hay que añadir un límite de tasa al endpoint de exportación.",
           "El problema era que la clave de caché ignoraba el idioma.",
           "Probablemente se debe a la falta de jitter en los reintentos.",
           "¿Mantenemos la API v1 o la quitamos? Lo decidimos luego."),
    "it": ("Andiamo con Redis per le sessioni.",
           "Dobbiamo ancora aggiungere un rate limit all'endpoint di export.",
           "Il problema era che la chiave della cache ignorava la lingua.",
           "Probabilmente è dovuto alla mancanza di jitter nei retry.",
           "Teniamo l'API v1 o la togliamo? Decidiamo dopo."),
    "pt": ("Vamos usar Redis para as sessões.",
           "Ainda precisamos adicionar rate limiting ao endpoint de exportação.",
           "O problema era que a chave do cache ignorava o idioma.",
           "Provavelmente é causado pela falta de jitter nas retentativas.",
           "Mantemos a API v1 ou removemos? Decidimos depois."),
    "ru": ("Давай использовать Redis для хранения сессий.",
           "Нам ещё нужно добавить ограничение частоты для эндпоинта экспорта.",
           "Проблема была в том, что ключ кэша игнорировал язык.",
           "Вероятно, шторм повторов вызван отсутствием джиттера.",
           "Оставим API v1 или уберём? Решим это позже."),
    "nl": ("Laten we Redis gebruiken voor de session store.",
           "We moeten nog rate limiting toevoegen aan het export-endpoint.",
           "Het probleem was dat de cache-sleutel de taal negeerde.",
           "Waarschijnlijk komt het door de ontbrekende jitter in de retries.",
           "Houden we de v1-API of schakelen we hem uit? Dat beslissen we later."),
    "pl": ("Użyjmy Redisa jako session store.",
           "Musimy jeszcze dodać rate limiting do endpointu eksportu.",
           "Problem był w tym, że klucz cache ignorował język.",
           "Prawdopodobnie to przez brak jittera w ponowieniach.",
           "Zostawiamy API v1 czy je wyłączamy? Zdecydujemy później."),
    "sv": ("Vi kör på Redis för session store.",
           "Vi måste fortfarande lägga till rate limiting på export-endpointen.",
           "Problemet var att cache-nyckeln ignorerade språket.",
           "Antagligen beror det på den saknade jittern i omförsöken.",
           "Behåller vi v1-API:t eller stänger vi av det? Det bestämmer vi senare."),
    "tr": ("Session store için Redis ile devam edelim.",
           "Hâlâ export endpoint'ine rate limiting eklememiz gerekiyor.",
           "Asıl sorun cache anahtarının dili yok saymasıydı.",
           "Muhtemelen sorun yeniden denemelerdeki eksik jitter yüzünden.",
           "v1 API'yi tutacak mıyız yoksa kapatacak mıyız? Sonra karar veririz."),
}  # fmt: skip
UNLABELLED_KINDS = ("decision", "todo", "insight", "hypothesis", "question")


@pytest.mark.parametrize(
    ("language", "kind"), [(lg, k) for lg in UNLABELLED for k in UNLABELLED_KINDS]
)
def test_an_unlabelled_finding_a_person_says_in_every_language(language: str, kind: str) -> None:
    text = UNLABELLED[language][UNLABELLED_KINDS.index(kind)]
    assert kind in _kinds_mid_session(text, "Okay, noted.")


def _left_mid_session(answer: str, *later: tuple[str, str], call: str = "") -> list[str]:
    """The todos and questions of a session whose turn 3 is the answer, with `call` (a tool
    call's detail) made after it, and the later exchanges after that."""
    build = SessionBuilder("claude-code", Path("/tmp/s.jsonl"))
    build.session_id = "left"
    for n, (prompt, text) in enumerate([*OPENING, ("Go on.", answer), *later], start=1):
        build.start_turn(prompt, f"2026-11-21T10:{n:02d}:00.000Z")
        build.add_text(text)
        if call and n == len(OPENING) + 1:
            build.add_call("c1", "Edit", call)
            build.set_result("c1", "ok", False)
    found = extract_findings(build.build(skipped_lines=0))
    return [f.title for f in found if f.kind in ("todo", "question") and 3 in f.turns]


ELSEWHERE = (("Now the CSV export.", "The CSV export streams now."), ("Thanks.", "You're welcome."))


@pytest.mark.parametrize(
    ("answer", "title"),
    [
        (
            "iOS isn't wired up yet: the APNs key is in the vault.",
            "iOS isn't wired up yet: the APNs key is in the vault",
        ),
        ("Die Retry-Logik ist noch nicht eingebaut.", "Die Retry-Logik ist noch nicht eingebaut"),
        (
            "I still can't explain why the scheduler never released the slots.",
            "Why the scheduler never released the slots?",
        ),
    ],
)
def test_what_the_agent_says_is_left_mid_session_and_the_session_leaves_is_left(
    answer: str, title: str
) -> None:
    assert _left_mid_session(answer, *ELSEWHERE) == [title]


def test_what_the_session_comes_back_to_after_saying_it_is_left_is_not_left() -> None:
    answer = "iOS push isn't wired up yet."
    assert _left_mid_session(answer, ("Go on.", "Wired the iOS push up."), *ELSEWHERE) == []
    assert _left_mid_session(answer, *ELSEWHERE, call="src/push/ios.ts") == []
    assert _left_mid_session("The pagination is still missing; adding it now.", *ELSEWHERE) == []


def test_one_word_again_or_a_thing_said_to_stay_open_is_no_coming_back() -> None:
    """`Tests?` names one word of `Test it on Safari`; `SLA mit dem Team klären` and `Console
    cookers stay parked` name what is left as left (session 26)."""
    safari = "Probably fine to merge now, though I haven't tested it on Safari."
    assert _left_mid_session(safari, ("Tests?", "Updated."), *ELSEWHERE) == ["Test it on Safari"]
    assert _left_mid_session(safari, ("Go on.", "Tested it on Safari 17: fine."), *ELSEWHERE) == []
    sla = "Ich bin mir nicht sicher, ob uns der Preisdienst ein SLA zusagt."
    said_again = ("Zusammenfassen bitte.", "Offen: SLA mit dem Preisdienst-Team klären.")
    assert _left_mid_session(sla, said_again, *ELSEWHERE) == [
        "Ob uns der Preisdienst ein SLA zusagt?"
    ]
    parked = "I'm not sure whether the console cookers have the same problem."
    said_again = ("Park that.", "Console cookers stay parked; the job covers win64 only.")
    assert _left_mid_session(parked, said_again, *ELSEWHERE) == [
        "Whether the console cookers have the same problem?"
    ]


def test_what_the_agent_still_needs_to_do_mid_session_is_its_next_step_not_a_todo() -> None:
    answer = "The parser is split. We still need to wire it into the CLI, which I do next."
    later = [("Continue.", "Wired into the CLI."), ("Tests?", "Updated.")]
    assert _found(_chat(("Split the parser.", answer), *later), "todo") == []


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("我们还需要给导出接口加上限流。", "todo"),
        ("まだエクスポートAPIにレート制限を追加する必要があります。", "todo"),
        ("아직 내보내기 API에 속도 제한을 추가해야 한다.", "todo"),
        ("아마 지터가 없어서 재시도 폭주가 생긴 것 같다.", "hypothesis"),
    ],
)  # fmt: skip
def test_still_to_do_and_a_probable_cause_in_chinese_japanese_and_korean(
    text: str, kind: str
) -> None:
    assert kind in _kinds_mid_session(text, "Okay, noted.")


@pytest.mark.parametrize(
    ("answer", "reply", "titles"),
    [
        ("Uploads have no size limit. Options: raise the memory limit to ~768Mi, or go back to 2 "
         "workers.",
         "don't bump memory, finance is already on us. go back to 2 workers, and set "
         "max_requests so slow leaks don't accumulate.",
         ["Don't bump memory, finance is already on us",
          "Go back to 2 workers, and set max_requests so slow leaks don't accumulate"]),
        ("It could scale either on memory utilisation or on queue depth.",
         "Für jetzt die Queue-Tiefe per KEDA.", ["Für jetzt die Queue-Tiefe per KEDA"]),
        ("Я вижу два варианта: таймауты на все HTTP-вызовы или soft_time_limit на задачи?",
         "Таймауты на все HTTP-вызовы, soft_time_limit потом.",
         ["Таймауты на все HTTP-вызовы, soft_time_limit потом"]),
        # ways laid out, far above the answer's end; one the agent would take
        ("Es gibt zwei Möglichkeiten:\n\n- **Backpressure**: `send().await` blockiert den Reader, "
         "wenn der Kanal voll ist.\n- **Droppen**: hält den Reader aktuell, verliert aber "
         "Zeilen.\n\n" + "Einschränkung: der journald-Cursor wird nur beim Shutdown gespeichert. "
         * 8, "Dann Backpressure, Kanalgröße 10_000.", ["Dann Backpressure, Kanalgröße 10_000"]),
        ("1. **Al primer arranque**: simple, baja aceptación.\n2. **Tras una acción con "
         "contexto**, por ejemplo después de guardar la primera receta.\n\nYo iría por la "
         "segunda.", "después de guardar la primera receta.",
         ["Después de guardar la primera receta"]),
        # the choice beside work the person takes on
        ("Options: a cron job of our own, or pg_partman if RDS allows it.",
         "own cron for now. I'll ask Sam whether our extension request went through next week.",
         ["Own cron for now"]),
        # what is, then an order about it
        ("Options: REPLICA IDENTITY FULL on `tmp_import_rows`, or a primary key.",
         "tmp_import_rows is scratch, leave it out of the publication entirely.",
         ["tmp_import_rows is scratch, leave it out of the publication entirely"]),
        # which of two, asked in Japanese
        ("英語がない記事は日本語にフォールバックするか、404 のままにするか、どちらに"
         "しますか？", "英語がない記事は日本語版にフォールバック。",
         ["英語がない記事は日本語版にフォールバック"]),
        # what the agent would do, or another way
        ("With 118 GB free that's not safe if both stall — I'd lower the cap to 50GB during the "
         "window, or stagger the two subscriptions so they never copy concurrently.",
         "Stagger them, audit first.", ["Stagger them, audit first"]),
    ],
)  # fmt: skip
def test_what_the_person_orders_when_left_a_choice_is_the_choice_made(
    answer: str, reply: str, titles: list[str]
) -> None:
    found = _found(_chat(("Why do the pods get killed?", answer), (reply, "Done.")), "decision")
    assert [f.title for f in found] == titles


@pytest.mark.parametrize(
    ("answer", "reply"),
    [
        # an offer of work, and the person asking for other work: no choice made
        ("Fixed. Want me to open a PR or just push the branch?",
         "write me a short PR summary with the follow-ups"),
        # the choice left, and the reply asks for work done over
        ("Options: raise the limit, or go back to 2 workers.",
         "Try the deploy with 2 workers again from here and help me fix it."),
        # the choice left, but the reply names none of it
        ("Options: raise the limit, or go back to 2 workers.", "ugh, nice catch. thanks"),
        # what is, told in reply to a choice, orders nothing
        ("Options: REPLICA IDENTITY FULL on `audit_events` and `fx_rates_hist`, or a primary "
         "key.", "audit_events is append-only, nothing ever updates it. fx_rates_hist does get "
         "updated nightly."),
        # no choice left: a report
        ("The limiter now fails open and logs a warning.", "Route thumbnails through imgproxy."),
        # the choice left, and the reply tells what was done (session 22)
        ("Options: apply it in prod now, or wait for the staging soak.",
         "Applied in prod an hour ago btw, zero destroys."),
    ],
)  # fmt: skip
def test_a_reply_that_takes_no_choice_is_no_decision(answer: str, reply: str) -> None:
    session = _chat(("Why do the pods get killed?", answer), (reply, "Done."))
    assert _found(session, "decision") == []


LOCKS = (
    "Two options:\n"
    "1. **Redis locks** with SET NX and a TTL: fast, but another moving part.\n"
    "2. **Postgres advisory locks**: no new infra, but ties the lock to the connection.\n"
    "Which do you prefer?"
)
MEMORY = (
    "Options:\n"
    "- A) Raise the memory limit to 2 GiB for the worker pods\n"
    "- B) Go back to 2 workers per pod\n"
    "- C) Stream the export instead of building it in memory\n"
    "Your call."
)
MILESTONE = (
    "**Options:**\n"
    "1. **Done with GSD** - Infrastructure work complete, deploy and use\n"
    "2. **Create v1.2 milestone** - Retroactively document PR #16 changes\n"
    "3. **Start fresh milestone** - When you have new feature requirements"
)
TILES = (
    "Ways to fix it:\n"
    "- (a) plain sequential `std::accumulate` in double. Deterministic, but slow.\n"
    "- (b) fixed-order per-tile partial sums: sum each tile, add the sums in index order.\n"
    "- (c) round `avgLuminance` to 16 bits so the noise disappears."
)
LOCKS_ZH = "\n".join(
    (
        "有两个方案：",
        "方案一：继续用 Redis 做锁",
        "方案二：改用 Postgres advisory lock",
        "你看用哪个？",
    )
)


@pytest.mark.parametrize(
    ("answer", "reply", "title"),
    [
        (LOCKS, "2", "Postgres advisory locks"),
        (LOCKS, "ok, go with 2", "Postgres advisory locks"),
        (LOCKS, "Option 2, we don't want to run Redis just for this.", "Postgres advisory locks"),
        (LOCKS, "the second one", "Postgres advisory locks"),
        (MEMORY, "B please", "Go back to 2 workers per pod"),
        (MEMORY, "Let's do C. Memory is not the problem.",
         "Stream the export instead of building it in memory"),
        (MEMORY, "the last one", "Stream the export instead of building it in memory"),
        (MILESTONE, "2", "Create v1.2 milestone"),
        (LOCKS, "Nimm Variante 2.", "Postgres advisory locks"),
        (MEMORY, "On part sur la B.", "Go back to 2 workers per pod"),
        (MEMORY, "Vamos con la opción B", "Go back to 2 workers per pod"),
        (LOCKS, "la segunda", "Postgres advisory locks"),
        (LOCKS, "давай второй вариант", "Postgres advisory locks"),
        (LOCKS, "ikinci seçenek olsun", "Postgres advisory locks"),
        (LOCKS_ZH, "方案二吧", "改用 Postgres advisory lock"),
        (LOCKS, "2番でお願いします", "Postgres advisory locks"),
        (LOCKS, "2번으로 가죠", "Postgres advisory locks"),
        # options after `Ways to fix it:`, a lower-case label set off by a comma (session 26)
        (TILES, "b, fixed-order tiles. c is just hiding it.", "Fixed-order per-tile partial sums"),
    ],
)  # fmt: skip
def test_an_option_picked_by_its_label_or_place_is_the_choice_it_names(
    answer: str, reply: str, title: str
) -> None:
    session = _chat(("How should we do it?", answer), (reply, "Done, switched to it."))
    found = _found(session, "decision")
    assert [(f.title, f.turns) for f in found] == [(title, (4,))]
    assert "In reply to turn 3" in found[0].body
    assert _found(session, "insight") == []  # the options are not what the answer found out


@pytest.mark.parametrize(
    ("answer", "reply"),
    [
        (LOCKS, "not 2, the network is too flaky for a session lock"),
        (MEMORY, "what about B?"),
        (MEMORY, "go with a retry first"),
        (TILES, "a retry first, then we see."),
        (LOCKS, "First, fix the tests."),
        (MEMORY, "use 2 workers"),
        # a list of what was done: no options, whatever the reply says
        ("I did this:\n1. Fixed the parser\n2. Added tests\nAll green.", "2"),
    ],
)  # fmt: skip
def test_a_reply_that_picks_no_option_is_no_such_decision(answer: str, reply: str) -> None:
    session = _chat(("How should we do it?", answer), (reply, "Done."))
    titles = [f.title for f in _found(session, "decision")]
    assert not {"Postgres advisory locks", "Go back to 2 workers per pod", "Added tests"} & set(
        titles
    )


@pytest.mark.parametrize(
    ("answer", "titles"),
    [
        ("What I did:\n"
         "- `For()` now uses `predicate.Or(GenerationChangedPredicate{}, "
         "AnnotationChangedPredicate{})`: annotation changes get through.\n"
         "- Status is only written when it differs (`equality.Semantic.DeepEqual`).\n"
         "- CRD regenerated.",
         ["Status is only written when it differs (`equality.Semantic.DeepEqual`)",
          "`For()` now uses `predicate.Or(GenerationChangedPredicate{}, "
          "AnnotationChangedPredicate{})`"]),
        ("Allebei gedaan:\n- `retry_after` staat nu op 180 seconden.\n"
         "- De job claimt de order met een atomische `UPDATE ... WHERE confirmation_sent_at IS "
         "NULL`.",
         ["De job claimt de order met een atomische `UPDATE ... WHERE confirmation_sent_at IS "
          "NULL`",
          "`retry_after` staat nu op 180 seconden"]),
        ("## Änderungen\n- Der Export streamt jetzt in Batches von 500 Zeilen.\n"
         "- Tests für den leeren Export ergänzt.",
         ["Der Export streamt jetzt in Batches von 500 Zeilen"]),
    ],
)  # fmt: skip
def test_what_the_agent_changed_says_the_choices_it_made(answer: str, titles: list[str]) -> None:
    session = _chat(("Fix it.", answer), ("Thanks.", "You're welcome."))
    assert sorted(f.title for f in _found(session, "decision")) == titles


@pytest.mark.parametrize(
    "answer",
    [
        # steps of the work: done, tested, documented, files touched
        "Done:\n- Added the acct 8841 case as a regression spec.\n- Updated the README.\n"
        "- File: `opk/cli/main.py`",
        # a changelog: more changes than a list of choices holds
        "Changes:\n- The GUI has a toolbar now.\n- The status bar shows validation results.\n"
        "- The drop zone takes JSON files.\n- The preferences dialog sets the presets folder.\n"
        "- The example printers cover Prusa models.",
    ],
)  # fmt: skip
def test_steps_of_the_work_and_changelogs_are_no_decisions(answer: str) -> None:
    session = _chat(("Fix it.", answer), ("Thanks.", "You're welcome."))
    assert _found(session, "decision") == []


@pytest.mark.parametrize(
    ("answer", "reply", "title"),
    [
        ("Voorstel: in de PDF de kleine thumbnails gebruiken die we al lokaal hebben, via een "
         "lokaal pad.", "Ja, thumbnails.",
         "In de PDF de kleine thumbnails gebruiken die we al lokaal hebben, via een lokaal pad"),
        ("Trois pistes :\n1. Sortir l'état du GenServer : compteurs dans une table ETS "
         "publique.\n2. Mettre les compteurs dans Redis.\n3. Garder le GenServer.",
         "Pas de Redis, on n'en a pas. Va pour ETS.",
         "Sortir l'état du GenServer : compteurs dans une table ETS publique"),
        ("Para el DNI conviene una búsqueda exacta: `=cliente__dni` compara entero. Lo mismo "
         "para `numero`.", "Sí, DNI y número exactos.", "DNI y número exactos"),
        ("Vorschlag: ein Skript, das in Batches von 50.000 IDs updatet und nach jedem Schritt "
         "200 ms pausiert.", "Ok, Batches à 50k mit Pause passt.", "Batches à 50k mit Pause"),
        ("I'd keep the sessions in Redis with a 30-minute TTL rather than in Postgres.",
         "Sure, Redis with the TTL.", "Redis with the TTL"),
    ],
)  # fmt: skip
def test_a_reply_saying_yes_to_what_the_answer_proposed_by_name_is_that_choice(
    answer: str, reply: str, title: str
) -> None:
    session = _chat(("How should we do it?", answer), (reply, "Done."))
    assert [(f.title, f.turns) for f in _found(session, "decision")] == [(title, (4,))]


@pytest.mark.parametrize(
    ("answer", "reply"),
    [
        ("The branch is ready. Want me to push the branch?", "Ok, push it."),
        ("Want me to add more printers (Prusa, Creality) to the examples?",
         "ok, add more printers"),
        ("Run it with QT_QPA_PLATFORM=xcb set.", "OK, this worked: QT_QPA_PLATFORM=xcb opk-gui"),
        ("Das Dockerfile baut noch mit dem alten Base-Image.",
         "Ok, dann bau bitte das Dockerfile um."),
        ("Los índices parciales se pueden dejar para otro momento.",
         "Vale, eso lo dejamos para otro día."),
        ("I'd keep the sessions in Redis with a 30-minute TTL.", "Yes, but not Redis."),
        ("I'd keep the sessions in Redis with a 30-minute TTL.", "Ok, thanks."),
    ],
)  # fmt: skip
def test_a_yes_that_names_nothing_proposed_is_no_such_decision(answer: str, reply: str) -> None:
    session = _chat(("How should we do it?", answer), (reply, "Done."))
    assert [f.title for f in _found(session, "decision") if 4 in f.turns] == []


@pytest.mark.parametrize(
    ("answer", "title"),
    [
        ("I pin `timezoneId` to Europe/Berlin in the config. The alternative would be rewriting "
         "every test to be zone-independent.", "Pin `timezoneId` to Europe/Berlin in the config"),
        ("Ich setze `timezoneId` fest in der Config. Die Alternative wäre, alle Tests "
         "umzuschreiben.", "Ich setze `timezoneId` fest in der Config"),
        ("On garde le transport Doctrine. L'alternative serait RabbitMQ, mais c'est trop lourd.",
         "On garde le transport Doctrine"),
    ],
)  # fmt: skip
def test_a_choice_said_with_the_alternative_it_beat_is_a_decision(answer: str, title: str) -> None:
    found = _found(_chat(("Fix the flaky week view test.", answer), ("ok", "Done.")), "decision")
    assert [f.title for f in found] == [title]


@pytest.mark.parametrize(
    ("answer", "titles"),
    [
        ("**Two causes cover 44 of the 50 failures:**\n\n"
         "1. **Time zone.** The CI runners run in UTC, the fixtures in Europe/Berlin.\n"
         "2. **MSW race.** `worker.start()` was not awaited before the first request went out.\n\n"
         "Noted for later.",
         ["MSW race: `worker.start()` was not awaited before the first request went out",
          "Time zone: The CI runners run in UTC, the fixtures in Europe/Berlin"]),
        ("Da ist es: `worker.start()` gibt ein Promise zurück, wird aber nicht awaited.",
         ["`worker.start()` gibt ein Promise zurück, wird aber nicht awaited"]),
    ],
)  # fmt: skip
def test_causes_the_agent_counts_or_points_at_are_insights(answer: str, titles: list[str]) -> None:
    found = _found(_chat(("Why is the suite flaky?", answer), ("ok", "Done.")), "insight")
    assert [f.title for f in found] == titles


def test_a_duration_that_came_instead_of_another_is_no_decision() -> None:
    answer = "The first run after pushing took 5 min 10 s instead of ~14 min, with the cache warm."
    assert _found(_chat(("Did it help?", answer), ("ok", "Done.")), "decision") == []


@pytest.mark.parametrize(
    ("answer", "found"),
    [
        ("Done.\n\n**Offen**\n- `scripts/import_preise.py` liest auch mit latin-1 und muss auf "
         "cp1252 umgestellt werden.\n- Sollen die Lieferanten-Joins auch auf polars?",
         [("todo", "`scripts/import_preise.py` liest auch mit latin-1 und muss auf cp1252 "
                   "umgestellt werden"),
          ("question", "Sollen die Lieferanten-Joins auch auf polars?")]),
        ("Retries are in.\n\n**Things I learned in the code**\n- The gateway sends `Retry-After` "
         "as an HTTP date on 503s, not as seconds.",
         [("insight", "The gateway sends `Retry-After` as an HTTP date on 503s, not as seconds")]),
        ("Готово.\n\n**Почему терялись события**\n- `ENTRYPOINT` в shell-форме: SIGTERM получал "
         "`/busybox/sh`, а не сервис.",
         [("insight", "`ENTRYPOINT` в shell-форме: SIGTERM получал `/busybox/sh`, а не сервис")]),
        ("Retries are in.\n\n**Design calls**\n- No reqwest-middleware: a 60-line retry loop "
         "keeps `Client`'s public surface as it is.",
         [("decision", "No reqwest-middleware: a 60-line retry loop keeps `Client`'s public "
                       "surface as it is")]),
    ],
)  # fmt: skip
def test_what_a_closing_report_lists_under_open_and_design_calls(
    answer: str, found: list[tuple[str, str]]
) -> None:
    session = _chat(("Speed up the import.", answer))
    kept = [(f.kind, f.title) for f in extract_findings(session) if f.kind != "takeaway"]
    assert sorted(kept) == sorted(found)


@pytest.mark.parametrize(
    ("report", "expected"),
    [
        ("修正しました。\n\n**原因:** ジョブは `created_at` をローカル時刻で読み、締め日は UTC で"
         "計算していました。\n\n**次のステップ**\n- 3 月分のエクスポートを再生成する。",
         [("insight",
           "ジョブは `created_at` をローカル時刻で読み、締め日は UTC で計算していました"),
          ("todo", "3 月分のエクスポートを再生成する")]),
        ("已修复。\n\n**原因：** 任务按本地时间读取 `created_at`，而截止日期按 UTC 计算。\n\n"
         "**后续步骤**\n- 重新生成三月份的导出。\n\n**待解决的问题**\n- 归档的租户是否还需要导出？",
         [("insight", "任务按本地时间读取 `created_at`，而截止日期按 UTC 计算"),
          ("question", "归档的租户是否还需要导出?"), ("todo", "重新生成三月份的导出")]),
    ],
)  # fmt: skip
def test_a_closing_report_in_japanese_or_chinese(
    report: str, expected: list[tuple[str, str]]
) -> None:
    """The cause under its label, the next steps under their heading, and a question that asks
    whether something is still needed (`还需要`), which is no todo (session 22)."""
    found = _agentic("修复导出任务。", report)
    assert sorted((f.kind, f.title) for f in found) == expected


@pytest.mark.parametrize(
    ("prompt", "answer"),
    [
        ("I bet the CDN is caching the 404. Fix it.",
         "It's not the CDN: the origin itself returns 404 for `/en/` paths."),
        ("あと英語版だけ全部404になる。たぶんmiddlewareのロケール判定のせい。直して",
         "middleware はロケールをヘッダーに載せているだけで、リクエストは止めていません。"
         "原因は別のところでした。"),
        ("Ich vermute, der Cache ist schuld. Schau mal.",
         "Am Cache liegt es nicht: die Antwort kommt direkt vom Origin."),
    ],
)  # fmt: skip
def test_a_guess_the_answer_rules_out_is_no_hypothesis(prompt: str, answer: str) -> None:
    later = [("Ok, continue.", "Continuing."), ("Thanks.", "Done.")]
    assert _found(_chat((prompt, answer), *later), "hypothesis") == []


def test_a_guess_the_answer_does_not_rule_out_stays() -> None:
    exchange = ("I bet the CDN is caching the 404. Fix it.", "Plausible: the CDN keeps 404s for "
                "an hour. I purged it and set a 60 s TTL for errors.")  # fmt: skip
    later = [("Ok, continue.", "Continuing."), ("Thanks.", "Done.")]
    assert [f.title for f in _found(_chat(exchange, *later), "hypothesis")] != []


@pytest.mark.parametrize(
    ("answer", "reply", "titles"),
    [
        ("Vorschlag: Alert, wenn die Auslastung über 0.8 liegt, für 10 Minuten.",
         "0.9 für 15 Minuten, sonst nervt das nachts.",
         ["0.9 für 15 Minuten, sonst nervt das nachts"]),
        ("The sensor stretches the clock up to 15 ms, but we never read during it, so 10 ms is "
         "safe.", "ok 10ms, do it.", ["10ms, do it"]),
        # a value said of a thing, or of another kind than the answer named, sets nothing
        ("Retained WAL reached 38 GB during the copy.",
         "Disk on ledger-db-01 is 500GB with ~120 free.", []),
        ("Retained WAL reached 38 GB during the copy.", "Wait 10 minutes before retrying.", []),
    ],
)  # fmt: skip
def test_a_value_the_person_sets_after_one_named_is_a_decision(
    answer: str, reply: str, titles: list[str]
) -> None:
    found = _found(_chat(("Look at the alerting.", answer), (reply, "Done.")), "decision")
    assert [f.title for f in found if 4 in f.turns] == titles
