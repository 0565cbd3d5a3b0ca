"""`ledger check`: lint a ledger the way a reviewer would, before a commit lands.

Problem classes: files ledger owns that no longer parse or lack what ledger owns (`broken`),
frontmatter of the wrong shape for its kind (`schema`), ids that are not unique or do not match
the finding they name (`id`), supersedes chains not recorded on both sides (`supersedes`),
secrets the redaction rules catch (`secret`), merge conflict markers (`conflict`), and, from
the index, dangling wikilinks and stale derived pages (`index`).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from ledger.models import KINDS, NOTES_AGENT, STANDING
from ledger.store import frontmatter
from ledger.store.paths import SESSION_FILE, SESSIONS

_CONFLICT = re.compile(r"^(<{7} |={7}$|>{7} )", re.M)
_FINDING_ID = re.compile(r"^[0-9a-f]{12}$")
_HEX_WORD = re.compile(r"\b[0-9a-f]{12}\b")
_WIKILINK = re.compile(r"^\[\[([^|\]#]+)(?:[#|][^\]]*)?\]\]$")
AGENTS = ("claude-code", "codex", NOTES_AGENT)

FINDING_KEYS: dict[str, tuple[type, ...]] = {
    "id": (str,),
    "kind": (str,),
    "title": (str,),
    "status": (str,),
    "date": (date, type(None)),
    "session": (str,),
    "session_id": (str,),
    "turns": (list,),
    "confidence": (int, float),
    "extractor": (str,),
    "supersedes": (list,),
    "superseded_by": (list,),
    "references": (list,),
    "tags": (list,),
}
"""What ledger writes in every finding's frontmatter, and the YAML types it must read back as."""
SESSION_KEYS: dict[str, tuple[type, ...]] = {
    "type": (str,),
    "session_id": (str,),
    "content_hash": (str,),
    "extractors": (str,),
    "agent": (str,),
    "title": (str,),
    "date": (date, type(None)),
    "started": (datetime, type(None)),
    "ended": (datetime, type(None)),
    "prompts": (int,),
    "tool_calls": (int,),
    "files_touched": (list,),
    "ghost": (bool,),
}


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong, where it is (relative to the ledger) and what it is."""

    path: str
    rule: str
    message: str
    line: int | None = None


@dataclass(frozen=True, slots=True)
class CheckResult:
    root: Path
    files: int
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True, slots=True)
class _Finding:
    path: str
    data: Mapping[str, Any]
    text: str = ""

    @property
    def id(self) -> str:
        return str(self.data.get("id", ""))


def _markdown_files(root: Path) -> Iterator[str]:
    """Every `.md` file of the ledger, relative, sorted; hidden folders (.git, .ledger) skipped."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.endswith(".md"):
                yield Path(folder, name).relative_to(root).as_posix()


def _plain_file_text(path: Path) -> str | None:
    """The text of a regular file, not through a link; None for anything else (a teammate can
    commit a link to `/dev/zero`, and a FIFO can be made in any folder)."""
    from ledger.transcripts.discover import open_regular

    try:
        if stat.S_ISLNK(os.lstat(path).st_mode):
            return None
        with open_regular(path) as handle:
            return handle.read().decode("utf-8", errors="replace")
    except OSError:
        return None


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _text_problems(path: str, text: str) -> list[Problem]:
    from ledger.redact import find_secrets

    found = [
        Problem(path, "conflict", "merge conflict marker", _line(text, m.start()))
        for m in _CONFLICT.finditer(text)
    ]
    found += [
        Problem(path, f"secret:{s.rule}", "looks like a secret: redact it", _line(text, s.start))
        for s in find_secrets(text)
    ]
    return found


def _parse(path: str, text: str) -> tuple[Mapping[str, Any] | None, list[Problem]]:
    parts = frontmatter.split(text)
    if parts is None:
        return None, [Problem(path, "broken", "no frontmatter: a ledger file starts with ---")]
    try:
        data = frontmatter.yaml_safe().load(parts[0])  # real YAML errors, never edits
    except Exception as error:  # ruamel raises many types; all mean the same here
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        return None, [Problem(path, "broken", f"frontmatter is not valid YAML: {first}")]
    if not isinstance(data, Mapping):
        return None, [Problem(path, "broken", "frontmatter is not a mapping of fields")]
    return data, []


def _shape(
    path: str, data: Mapping[str, Any], keys: Mapping[str, tuple[type, ...]]
) -> list[Problem]:
    found = []
    for key, types in keys.items():
        if key not in data:
            found.append(Problem(path, "broken", f"`{key}` is missing (ledger owns it)"))
        elif not isinstance(data[key], types) or (bool in types) != isinstance(data[key], bool):
            names = " or ".join("null" if t is type(None) else t.__name__ for t in types)
            found.append(Problem(path, "schema", f"`{key}` should be {names}"))
    return found


def _finding_problems(path: str, data: Mapping[str, Any]) -> list[Problem]:
    found = _shape(path, data, FINDING_KEYS)
    if found:
        return found
    if data["kind"] not in KINDS:
        found.append(Problem(path, "schema", f"`kind` {data['kind']!r} is not one of {KINDS}"))
    elif not _FINDING_ID.match(str(data["id"])):
        # an id is an identity, not a checksum: a finding retitled by hand keeps its id
        found.append(Problem(path, "id", "`id` should be 12 hex digits, as ledger gives them"))
    if not all(isinstance(t, int) and not isinstance(t, bool) for t in data["turns"]):
        found.append(Problem(path, "schema", "`turns` should be a list of turn numbers"))
    if not 0 <= data["confidence"] <= 1:
        found.append(Problem(path, "schema", "`confidence` should be between 0 and 1"))
    folder = path.rsplit("/", 1)[0]
    if not data["session"].startswith(f"[[{folder}/{SESSION_FILE[:-3]}"):
        found.append(Problem(path, "schema", "`session` does not link to its own _session"))
    return found


def _session_problems(path: str, data: Mapping[str, Any]) -> list[Problem]:
    found = _shape(path, data, SESSION_KEYS)
    if not found and data["agent"] not in AGENTS:
        found.append(Problem(path, "schema", f"`agent` {data['agent']!r} is not one of {AGENTS}"))
    if not found and data["type"] != "session":
        found.append(Problem(path, "schema", "`type` should be session"))
    return found


def _reference(reference: object) -> str | None:
    """What a supersedes entry names: an id, or the file (`….md`) of a wikilink."""
    if not isinstance(reference, str) or not reference.strip():
        return None
    link = _WIKILINK.match(reference.strip())
    return link.group(1).strip().removesuffix(".md") + ".md" if link else reference.strip()


def _target(reference: object, by_path: Mapping[str, str]) -> str | None:
    """The id a supersedes entry names: an id, or a wikilink to the finding's file."""
    named = _reference(reference)
    return by_path.get(named, named) if named else None


def _chain_problems(findings: list[_Finding]) -> list[Problem]:
    by_id = {f.id: f for f in findings}
    by_path = {f.path: f.id for f in findings}
    found = []
    for f in findings:
        for key, back in (("supersedes", "superseded_by"), ("superseded_by", "supersedes")):
            for reference in f.data.get(key) or []:
                other = by_id.get(_target(reference, by_path) or "")
                if other is None:
                    found.append(Problem(f.path, "supersedes", f"`{key}` names {reference!r}, "
                                         "which is not in the ledger"))  # fmt: skip
                elif other is f:
                    found.append(Problem(f.path, "supersedes", f"`{key}` names the finding itself"))
                elif f.id not in {_target(r, by_path) for r in other.data.get(back) or []}:
                    found.append(Problem(f.path, "supersedes", f"`{key}` names {other.path}, "
                                         f"whose `{back}` does not name this one"))  # fmt: skip
        # a person may close a superseded finding otherwise (dropped...); still open is a slip
        if f.data.get("superseded_by") and f.data.get("status") in STANDING:
            still = f"still {f.data.get('status')}; `ledger reopen {f.id}` undoes the link"
            found.append(Problem(f.path, "supersedes", f"superseded, but `status` is {still}"))
    return found


def _index_problems(root: Path, state: Path) -> list[Problem]:
    """Dangling wikilinks and stale derived pages, as the indexer sees them; the pages are
    local (a fresh clone has none), so they are brought up to date first, as by every read."""
    from ledger.index.build import check_index, lock_if_free, update_index

    with lock_if_free(root, state) as held:
        if held:
            update_index(root, state)
    return [Problem(p.path, "index", p.message) for p in check_index(root, state)]


def _lint(root: Path, paths: Iterable[str]) -> tuple[list[Problem], list[_Finding], int]:
    """The problems of each file on its own, the findings that parse, how many files."""
    problems: list[Problem] = []
    findings: list[_Finding] = []
    files = 0
    for path in paths:
        files += 1
        text = _plain_file_text(root / path)
        if text is None:
            problems.append(Problem(path, "broken", "not a plain file: a ledger file never links"))
            continue  # a FIFO blocks, a link to `/dev/zero` never ends, another leaves the ledger
        problems += _text_problems(path, text)
        parts = path.split("/")
        if parts[0] != SESSIONS or len(parts) != 3:
            continue
        data, broken = _parse(path, text)
        problems += broken
        if data is None:
            continue
        if parts[2] == SESSION_FILE:
            problems += _session_problems(path, data)
            continue
        mistakes = _finding_problems(path, data)
        problems += mistakes
        if not any(p.rule == "broken" for p in mistakes):
            findings.append(_Finding(path, data))
    return problems, findings, files


def _duplicates(findings: list[_Finding], others: Mapping[str, str]) -> list[Problem]:
    """Findings whose id another file has too (`others`: id → path of files not linted)."""
    seen: dict[str, str] = dict(others)
    found = []
    for f in findings:
        if seen.get(f.id, f.path) != f.path:
            found.append(Problem(f.path, "id", f"`id` {f.id} is also the id of {seen[f.id]}"))
        seen.setdefault(f.id, f.path)
    return found


def _ordered(problems: list[Problem]) -> tuple[Problem, ...]:
    return tuple(sorted(problems, key=lambda p: (p.path, p.line or 0, p.rule, p.message)))


def check_ledger(root: Path, state: Path) -> CheckResult:
    """Every problem in the ledger at `root`, by file, in a stable order."""
    problems, findings, files = _lint(root, _markdown_files(root))
    problems += _duplicates(findings, {})
    problems += _chain_problems(findings)
    problems += _index_problems(root, state)
    return CheckResult(root, files, _ordered(problems))


def check_changed(root: Path, state: Path, since: str) -> CheckResult:
    """What changed since `since` forked (what a pull request changed, committed or not), and
    the files that link into it: the findings whose supersedes chains name a changed one or that
    a changed one names, and the files naming one that is gone (`_naming`)."""
    from concurrent.futures import ThreadPoolExecutor

    from ledger.store.git import changed_since

    changed = changed_since(root, since)
    core = {p for p in changed if p.endswith(".md") and os.path.lexists(root / p)}
    gone = {p.removesuffix(".md") for p in changed if not (root / p).exists()}
    # what may link in is looked for (a `git grep` of every file, without an index) while the
    # changed files are checked
    with ThreadPoolExecutor(1) as pool:
        naming = pool.submit(_naming, root, state, _ids_in(root, core), gone)
        problems, findings, _ = _lint(root, sorted(core))
        around = _findings_in(root, naming.result() - core)
    ids, named = {f.id for f in findings}, _named(findings)
    linked = {f.path for f in around if {f.id, f.path} & named or ids & _named([f])}
    linked |= {p for p in named if p.endswith(".md") and os.path.lexists(root / p)} - core
    if gone:  # ledger links by path: a file naming a removed one links into the change
        linked |= {f.path for f in around if any(g in f.text for g in gone)}
    more, linked_findings, _ = _lint(root, sorted(linked))
    core |= linked
    problems += more
    findings += linked_findings
    # read, not checked: what the findings linked in name, and other files with a checked id
    wanted, beyond = {f.id for f in findings}, _named(linked_findings) - ids - named
    around += _findings_in(root, _naming(root, state, (wanted - ids) | beyond, set()) - core)
    outside = sorted((f for f in around if f.path not in core), key=lambda f: f.path)
    others = {f.id: f.path for f in outside if f.id in wanted}
    problems += _duplicates(findings, others)
    problems += _chain_problems(findings + [f for f in outside if {f.id, f.path} & beyond])
    problems += _dangling(root, sorted(core))
    return CheckResult(root, len(core), _ordered([p for p in problems if p.path in core]))


def _naming(root: Path, state: Path, fields: set[str], texts: set[str]) -> set[str]:
    """The files of `sessions/` that may hold one of `fields` in their frontmatter or one of
    `texts` anywhere. The saved index, when it is current, tells those of `fields` (its entries
    searched as bytes: 0.05 s at 30,000 files); else one `git grep` of every file does (0.3 s),
    rather than an index built from scratch (2.9 s), as on a CI runner."""
    from ledger.index.entries import saved_files_naming
    from ledger.store.git import files_naming

    found = saved_files_naming(root, state, fields) if fields else set()
    if found is None:
        return files_naming(root, fields | texts)
    return found | files_naming(root, texts)


def _dangling(root: Path, paths: list[str]) -> list[Problem]:
    """The wikilinks in `paths` that name no file of the ledger."""
    from ledger.index.entries import links_in

    unsure = [  # ledger's links name a file by its path: the vault is rarely needed
        (path, target)
        for path in paths
        for target in links_in(_plain_file_text(root / path) or "")
        if not _is_file(root / target.strip().lstrip("/"))
    ]
    if not unsure:
        return []
    from ledger.index.build import Vault

    vault = Vault(root)
    return [
        Problem(path, "index", f"dangling wikilink [[{target}]]: no such file")
        for path, target in unsure
        if not vault.resolves(target)
    ]


def _is_file(file: Path) -> bool:
    return file.with_name(file.name + ".md").is_file() or file.is_file()


def _ids_in(root: Path, paths: Iterable[str]) -> set[str]:
    """Every id the frontmatter of these files may hold (its own, those its chains name): its
    words of 12 hex digits."""
    found: set[str] = set()
    for path in paths:
        parts = frontmatter.split(_plain_file_text(root / path) or "")
        found.update(_HEX_WORD.findall(parts[0]) if parts else ())
    return found


def _named(findings: Iterable[_Finding]) -> set[str]:
    """What the supersedes chains of `findings` name: ids, and the files of wikilinks."""
    chains = (f.data.get(key) for f in findings for key in ("supersedes", "superseded_by"))
    references = (r for chain in chains if isinstance(chain, list) for r in chain)
    return {name for name in map(_reference, references) if name}


def _findings_in(root: Path, paths: Iterable[str]) -> list[_Finding]:
    """The plain files among `paths`, with their frontmatter ({} when it does not parse)."""
    found = []
    for path in sorted(paths):
        text = _plain_file_text(root / path)
        if text is not None:
            found.append(_Finding(path, _parse(path, text)[0] or {}, text))
    return found
