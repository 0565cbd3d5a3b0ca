"""The ledger opens as an Obsidian vault: every wikilink resolves to exactly one file, properties
have types Obsidian understands, tags are valid tags.

The resolver here is written from Obsidian's rules, not from ledger's code: a link names a file
by its vault path or by the shortest end of a path that is unique, without `.md`, ignoring case;
`#heading` and `^block` and `|alias` are not part of the target; a note's `aliases` property
names it too. A link that matches no file, or several, fails.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from index_fixtures import fixture_ledger
from ledger_fixtures import CORPUS, new_ledger, run_ingest
from ruamel.yaml import YAML

from ledger.index.build import update_index

LINK = re.compile(r"!?\[\[([^\]\n]+?)\]\]")
CODE = re.compile(r"^(```|~~~).*?^\1[^\n]*$|(`+)[^\n]*?\2", re.M | re.S)
TAG = re.compile(r"[\w/-]*[^\W\d][\w/-]*\Z")
yaml = YAML(typ="safe")


def _frontmatter(text: str) -> dict[str, object]:
    if not text.startswith("---\n"):
        return {}
    data = yaml.load(text[4 : text.index("\n---\n", 3)])
    return data if isinstance(data, dict) else {}


class Vault:
    """The notes and attachments of a folder opened in Obsidian."""

    def __init__(self, root: Path) -> None:
        self.files = sorted(
            p.relative_to(root).as_posix()
            for p in root.rglob("*")
            if p.is_file() and not any(part.startswith(".") for part in p.relative_to(root).parts)
        )
        self.aliases: dict[str, list[str]] = {}
        for path in self.files:
            if path.endswith(".md"):
                for alias in _frontmatter((root / path).read_text()).get("aliases") or []:
                    self.aliases.setdefault(str(alias).casefold(), []).append(path)

    def resolve(self, link: str) -> list[str]:
        """The files a wikilink could mean: one when it resolves, none or several when not."""
        target = re.split(r"[|#^]", link, maxsplit=1)[0].strip().casefold()
        if not target:
            return []
        names = {p: p.casefold().removesuffix(".md") for p in self.files}
        exact = [p for p, name in names.items() if target in (name, p.casefold())]
        if exact:
            return exact
        ends = [p for p, name in names.items() if name.endswith("/" + target)]
        return ends or self.aliases.get(target, [])


def _links(text: str) -> list[str]:
    return LINK.findall(CODE.sub("", text))


def _dangling(root: Path) -> dict[str, list[str]]:
    vault = Vault(root)
    problems: dict[str, list[str]] = {}
    for path in vault.files:
        if path.endswith(".md"):
            bad = [
                link for link in _links((root / path).read_text()) if len(vault.resolve(link)) != 1
            ]
            if bad:
                problems[path] = bad
    return problems


def test_the_resolver_follows_obsidian_s_rules(tmp_path: Path) -> None:
    for name in ("a/Note.md", "b/c/Note.md", "b/Other.md", "Top.md", "x/Top.md", "img.png"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(
            "---\naliases: [Nickname]\n---\n" if name == "b/Other.md" else ""
        )
    vault = Vault(tmp_path)
    assert vault.resolve("a/note") == ["a/Note.md"], "case-insensitive, without .md"
    assert vault.resolve("c/Note#Heading|shown") == ["b/c/Note.md"], "end of a path"
    assert vault.resolve("Note") == ["a/Note.md", "b/c/Note.md"], (
        "ambiguous: the shortest unique path is longer"
    )
    assert vault.resolve("Top") == ["Top.md"], "a vault path wins"
    assert vault.resolve("nickname") == ["b/Other.md"], "aliases"
    assert vault.resolve("img.png") == ["img.png"]
    assert vault.resolve("missing") == []


def test_every_wikilink_of_the_fixture_vault_resolves_to_one_file(tmp_path: Path) -> None:
    root = fixture_ledger(tmp_path / "ledger")
    update_index(root, root / ".ledger")
    assert _dangling(root) == {}


def test_sessions_findings_and_files_are_connected(tmp_path: Path) -> None:
    root = fixture_ledger(tmp_path / "ledger")
    update_index(root, root / ".ledger")
    vault = Vault(root)
    linked = {
        vault.resolve(link)[0]
        for path in vault.files
        if path.endswith(".md")
        for link in _links((root / path).read_text())
    }
    notes = {p for p in vault.files if p.endswith(".md") and p != "index.md"}
    assert notes - linked == set(), "every note is linked from somewhere: nothing floats alone"


def test_properties_have_types_obsidian_understands(tmp_path: Path) -> None:
    root = fixture_ledger(tmp_path / "ledger")
    for path in sorted((root / "sessions").rglob("*.md")):
        fields = _frontmatter(path.read_text())
        assert isinstance(fields["date"], date), path
        for key in ("tags", "references", "supersedes", "superseded_by", "turns"):
            if key in fields:
                assert isinstance(fields[key], list), (path, key)
        assert all(TAG.match(str(tag)) for tag in fields.get("tags") or []), path


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS}")
def test_every_wikilink_of_the_ingested_corpus_resolves(tmp_path: Path) -> None:
    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, CORPUS)
    update_index(config.root, config.state)
    assert (config.root / "index.md").is_file()
    assert _dangling(config.root) == {}
    for path in sorted((config.root / "sessions").rglob("*.md")):
        _assert_flat(path)


def _assert_flat(path: Path) -> None:
    """Obsidian's Properties panel shows and edits scalars and lists of scalars, no maps."""
    for key, value in _frontmatter(path.read_text(encoding="utf-8")).items():
        items = value if isinstance(value, list) else [value]
        assert not any(isinstance(v, (dict, list)) for v in items), (path.name, key)


def test_a_session_record_has_flat_properties_and_older_ones_still_read(tmp_path: Path) -> None:
    from ledger_fixtures import SAMPLES

    from ledger.index.entries import refresh

    config = new_ledger(tmp_path / "ledger")
    run_ingest(config, SAMPLES)
    records = sorted((config.root / "sessions").glob("*/_session.md"))
    for record in records:
        _assert_flat(record)
    fields = _frontmatter(records[0].read_text(encoding="utf-8"))
    assert isinstance(fields["tools"], list) and isinstance(fields["tokens_output"], int)
    before = {e.path: e.tokens for e in refresh(config.root, config.state).entries}
    older = records[0].read_text(encoding="utf-8")  # as ledgers wrote tokens before
    parts = [f"tokens_{k}: {fields[f'tokens_{k}']}\n" for k in ("input", "output")]
    parts += [f"tokens_{k}: {fields[f'tokens_{k}']}\n" for k in ("cache_read", "cache_creation")]
    nested = "tokens:\n" + "".join("  " + p.removeprefix("tokens_") for p in parts)
    records[0].write_text(older.replace("".join(parts), nested), encoding="utf-8")
    assert "tokens:\n  input:" in records[0].read_text(encoding="utf-8")
    after = {e.path: e.tokens for e in refresh(config.root, config.state, thorough=True).entries}
    assert after == before
