"""Which project a session's folder belongs to, in a way that survives machines: its repo's
git remote (normalised, e.g. `github.com/acme/api`), else the repo's root commit, else the
folder's path. Alice's `/home/alice/api` and Bob's `~/src/api` are one project.

The path stays what sessions record (`project:`, their cwd) and what people see; the identity
is worked out here, on this machine, where the folder is, and is what `--project` matches.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from ledger.errors import LedgerError
from ledger.store.git_run import answer

_SCP = re.compile(r"(?:[^@/\s]+@)?([A-Za-z0-9.-]+):(?!//)(.+)\Z")
"""`git@github.com:acme/api.git`: git's scp-like address."""
_CASELESS_HOSTS = frozenset({"github.com", "gitlab.com", "bitbucket.org"})
_ROOT_COMMIT = re.compile(r"[0-9a-f]{40}\Z")
_WINDOWS = re.compile(r"[A-Za-z]:[\\/]|\\\\")
"""A Windows path, as Codex on Windows records its folder: `C:\\Users\\…` or a UNC share."""


def _comparable(folder: str) -> str:
    """A folder as `--project` compares it: a Windows path with forward slashes and in lower
    case (its file system ignores case), a POSIX path as it is; no trailing slash."""
    if _WINDOWS.match(folder):
        return folder.replace("\\", "/").casefold().rstrip("/")
    return folder.rstrip("/")


def normalise_remote(url: str) -> str:
    """A remote as one string whatever the protocol: `host/owner/name`, no user, password,
    port or `.git`; a remote that is a folder on disk stays its path."""
    text = url.strip()
    scp = _SCP.match(text)
    if "://" in text:
        parts = urlsplit(text)
        host, path = ("" if parts.scheme == "file" else parts.hostname or ""), parts.path
    elif scp and not text.startswith(("/", ".", "~")):
        host, path = scp.group(1), scp.group(2)
    else:
        host, path = "", text
    path = path.rstrip("/")
    path = path[:-4] if path.endswith(".git") else path
    if not host:
        return os.path.normpath(path) if path else text
    host = host.lower()
    path = path.strip("/")
    return f"{host}/{path.lower() if host in _CASELESS_HOSTS else path}"


@lru_cache(maxsize=4096)
def project_identity(folder: str) -> str:
    """The project a folder belongs to: its repo's remote (`origin` first), else the repo's
    root commit, else the folder's path (as given: a folder not on this machine is its path)."""
    path = folder.rstrip("/") or folder
    if not os.path.isdir(path):
        return path
    top = answer(Path(path), "rev-parse", "--show-toplevel")
    if top is None:
        return path
    remotes = answer(Path(top), "config", "--get-regexp", r"^remote\..*\.url$")
    if remotes:
        listed = dict(line.split(" ", 1) for line in remotes.splitlines() if " " in line)
        chosen = listed.get("remote.origin.url") or listed[min(listed)]
        return normalise_remote(chosen)
    roots = answer(Path(top), "rev-list", "--max-parents=0", "HEAD")
    return min(roots.split()) if roots else path


@dataclass(frozen=True, slots=True)
class ProjectFilter:
    """What `--project` selects: folders (and what is inside them), identities, or a bare name
    (a folder's name, or the last part of an identity)."""

    given: str
    folders: tuple[str, ...] = ()
    identities: frozenset[str] = frozenset()
    name: str | None = None
    holding: bool = True
    """Whether a session in a folder that holds one of `folders` matches too (grep: a session
    at a repo's top touched its subfolders; ingest takes only the folder and what is in it)."""

    def matches(self, cwd: str | None) -> bool:
        """Whether a session whose folder is `cwd` belongs to the project."""
        if not cwd:
            return False
        base = _comparable(cwd)
        for want in self.folders:
            if base == want or base.startswith(want + "/"):
                return True
            if self.holding and want.startswith(base + "/"):
                return True
        name = self.name.casefold() if self.name and _WINDOWS.match(cwd) else self.name
        if name is not None and base.rsplit("/", 1)[-1] == name:
            return True
        if not self.identities and self.name is None:
            return False
        identity = project_identity(base)
        if identity in self.identities:
            return True
        return self.name is not None and identity.rsplit("/", 1)[-1] == self.name


def project_filter(given: str, holding: bool = True) -> ProjectFilter:
    """`--project` as people type it: a folder (the project it is in, and anything inside
    it), an identity (`github.com/acme/api`, a remote's URL, a root commit), or a bare name."""
    text = given.strip()
    if not text:
        raise LedgerError("--project is empty", "give a folder, a remote or a project's name")
    if _WINDOWS.match(text):  # a folder on a Windows machine: no identity to look up here
        return ProjectFilter(given, (_comparable(text),), holding=holding)
    if text.startswith(("/", "~", ".")) or os.path.isdir(text):
        folder = os.path.abspath(os.path.expanduser(text)).rstrip("/") or "/"
        identity = project_identity(folder)
        found = frozenset({identity}) if identity != folder else frozenset()
        return ProjectFilter(given, (folder,), found, holding=holding)
    if "/" in text or ":" in text or _ROOT_COMMIT.match(text):
        return ProjectFilter(given, identities=frozenset({normalise_remote(text), text}))
    return ProjectFilter(given, name=text)


def check_matches(chosen: ProjectFilter, folders: Iterable[str | None]) -> None:
    """Say so, with the projects there are, when `chosen` matches none of `folders`."""
    known = sorted({f for f in folders if f})
    if any(chosen.matches(f) for f in known):
        return
    shown = ", ".join(sorted({project_identity(f) for f in known})[:5]) or "none yet"
    raise LedgerError(
        f"no project in the ledger matches --project {chosen.given!r}",
        f"give a folder, a project or a name; the ledger's projects: {shown}",
    )
