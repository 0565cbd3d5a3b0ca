"""The ledger's git side: find or create the repo, commit exactly the paths ledger wrote, and
tell what ledger itself last committed.

Commits go through `git fast-import` and never through the user's index, so whatever the user
has staged in the same repo is never swept into a ledger commit; it is one process whatever the
number of files (GitPython's `index.add` spawns one per file: PERF.md).
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ledger.errors import LedgerError
from ledger.store.git_guard import check_index_lock, commit_env, idents, level_index, signed
from ledger.store.git_guard import operation_in_progress as operation_in_progress
from ledger.store.git_guard import repair_index as repair_index
from ledger.store.git_run import answer as _answer
from ledger.store.git_run import contents as _contents
from ledger.store.git_run import git as _git
from ledger.store.git_run import run as _run
from ledger.store.git_run import started
from ledger.store.paths import SESSIONS
from ledger.store.wide_tree import Spliced, splice

DEFAULT_AUTHOR = "ledger <ledger@localhost>"
SUBJECT = "ledger: "
"""Every commit ledger makes starts so: how it tells its own commits from a person's."""


@dataclass(frozen=True, slots=True)
class Identity:
    name: str
    email: str

    @classmethod
    def parse(cls, text: str) -> Identity:
        """`Name <email>`."""
        name, _, rest = text.partition("<")
        if not rest.endswith(">") or not name.strip():
            raise LedgerError(
                f"author {text!r} is not 'Name <email>'", "fix `author` in ledger.local.yaml"
            )
        return cls(name.strip(), rest[:-1].strip())


def toplevel(path: Path) -> Path | None:
    """The root of the git work tree holding `path`; None outside any repo, or when that repo
    ignores `path` (a ledger in a folder its enclosing repo ignores is never committed there)."""
    root = _answer(path, "rev-parse", "--show-toplevel")
    if root is None:
        return None
    inside = str(path.resolve())
    if inside != root and _run(Path(root), "check-ignore", "--quiet", inside).returncode == 0:
        return None
    return Path(root)


def path_in(repo: Path, root: Path) -> str:
    """Where `root` lies in `repo`'s work tree, as git names paths: empty at its top."""
    base = root.resolve().relative_to(repo).as_posix()
    return "" if base == "." else base


def ignored(root: Path, paths: list[str]) -> set[str]:
    """Those of `paths` (relative to `root`) that git ignores."""
    if not paths:
        return set()
    nul = ("\0".join(paths) + "\0").encode()
    done = _run(root, "check-ignore", "--stdin", "-z", stdin=nul)
    return set(filter(None, done.stdout.decode("utf-8", "replace").split("\0")))


def head_contents(root: Path, paths: list[str]) -> dict[str, bytes | None]:
    """What each of `paths` (relative to `root`, the repo's top) holds at HEAD, None where HEAD
    has no such file: one `git cat-file --batch` for all."""
    if head(root) is None:
        return dict.fromkeys(paths)
    found = _contents(root, [f"HEAD:{path}" for path in paths])
    return {path: found[f"HEAD:{path}"] for path in paths}


def init(path: Path) -> Path:
    """The repo holding `path`, creating one there when there is none (or it ignores `path`)."""
    root = toplevel(path)
    if root is None:
        _git(path, "init", "--quiet")
        root = path.resolve()
    return root


def identity(root: Path, configured: str | None) -> Identity:
    """Who ledger commits as: the configured author, else git's identity, else ledger's own."""
    if configured:
        return Identity.parse(configured)
    name, mail = _answer(root, "config", "user.name"), _answer(root, "config", "user.email")
    if name and mail:
        return Identity(name, mail)
    return Identity.parse(DEFAULT_AUTHOR)


class Committed:
    """The files of a folder as ledger last committed them: two git processes for any number.

    One `git log` lists, newest first, the files each of ledger's commits touched and the blob
    each left, read only as far as the files asked for need (a session ingested again was
    committed a run or two ago: its files are found without walking the whole history, where
    every commit's tree of `sessions/` lists every session); one `git cat-file --batch` serves
    those blobs. Use it as a context manager.
    """

    def __init__(self, folder: Path, within: Collection[str] | None = None) -> None:
        self.folder = folder
        self.within = sorted(within) if within is not None else ["."]
        """The subfolders (relative to `folder`) whose files may be asked for: `git log` lists
        only theirs (at 100,000 sessions, listing every file of every commit took seconds)."""
        self._blobs: dict[str, str] = {}
        """Path → the blob ledger last left there (`0`s where it deleted the file), as far as
        the log has been read."""
        self._log: subprocess.Popen[bytes] | None = None
        self._walked = False
        self._reader: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Committed:
        return self

    def __exit__(self, *_: object) -> None:
        if self._log is not None:
            self._log.kill()  # a walk not needed further: it only reads
            self._log.communicate()
            self._log = None
        if self._reader is not None:
            assert self._reader.stdin is not None
            self._reader.stdin.close()
            self._reader.wait()
            self._reader = None

    def _last_blob(self, relative: str) -> str | None:
        """The blob the newest of ledger's commits that touched `relative` left there."""
        while relative not in self._blobs and not self._walked:
            self._read_log()
        return self._blobs.get(relative)

    def _read_log(self) -> None:
        """One more line of the log (started on first use); at its end, the walk is done."""
        if self._log is None:
            if head(self.folder) is None or not self.within:
                self._walked = True
                return
            self._log = subprocess.Popen(
                # -m: a merge `ledger sync` made claims the files it settled or brought in
                ["git", "-c", "core.quotePath=false", "log", "-m", "--format=", "--raw",
                 "--no-abbrev", "--no-renames", f"--grep=^{SUBJECT}", "--relative", "--",
                 *self.within],
                cwd=self.folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            )  # fmt: skip
        assert self._log.stdout is not None
        line = self._log.stdout.readline().decode("utf-8", "replace")
        if not line:
            self._walked = True
            error = self._log.communicate()[1]
            if self._log.returncode != 0:
                said = " ".join(error.decode(errors="replace").split())
                raise LedgerError(f"git log failed in {self.folder}: {said}", "check the repo")
            return
        # `:<mode> <mode> <blob before> <blob after> <status>\t<path>`
        change, _, name = line.rstrip("\n").partition("\t")
        if name and change.startswith(":"):
            self._blobs.setdefault(name, change.split(" ")[3])

    def text(self, relative: str) -> str | None:
        """The file as ledger last committed it; None if ledger never did (or deleted it)."""
        blob = self._last_blob(relative)
        if blob is None or not blob.strip("0"):
            return None
        if self._reader is None:
            self._reader = subprocess.Popen(
                ["git", "cat-file", "--batch"],
                cwd=self.folder,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
            )
        assert self._reader.stdin is not None and self._reader.stdout is not None
        self._reader.stdin.write(f"{blob}\n".encode())
        self._reader.stdin.flush()
        header = self._reader.stdout.readline().split()
        if len(header) != 3 or header[1] != b"blob":
            return None
        content = self._reader.stdout.read(int(header[2]) + 1)[:-1]
        return content.decode("utf-8", "replace")


def changed_since(folder: Path, ref: str) -> list[str]:
    """Files under `folder` (relative to it) changed since `ref` forked from HEAD: committed
    since, staged, changed in the work tree, or deleted (files git does not track yet are not
    part of a change: listing them walks every folder)."""
    base = _answer(folder, "merge-base", ref, "HEAD")
    if base is None:
        raise LedgerError(
            f"no commit {ref!r} shares history with HEAD in {folder}",
            "give a branch or commit of this repo (in CI: fetch it first, e.g. fetch-depth: 0)",
        )
    # the index against the fork, then the work tree against the index, at the same time (each
    # 0.5 s at 400,000 files): the same files as `git diff base`, which compares every file's
    # content (at 80,000 files 0.43 s, not 0.17). Not `git diff-files`: it names every file
    # whose stat git's index no longer matches (all of them after a copy or a `touch`: a check
    # of 400,000 files, 5 minutes), where `git diff` looks at their content and saves the stat
    options = ("--name-only", "--no-color", "-z", "--no-renames", "--relative", "--")
    index, work_tree = (
        started(folder, *c, *options) for c in (("diff", "--cached", base), ("diff",))
    )
    listed = index().stdout + b"\0" + work_tree().stdout
    return sorted(set(filter(None, listed.decode("utf-8", "replace").split("\0"))))


ALTERNATIVES = 1_000
"""Words looked for by one `git grep`, as one extended regex of alternatives: git tries each of
several patterns in turn (300 ids in 30,000 files: 0.72 s, as alternatives 0.29 s), and a regex
of 20,000 alternatives took it 14 s to build."""
_ERE_SPECIAL = re.compile(r"([\\.\[\](){}*+?|^$])")


def files_naming(folder: Path, words: Collection[str]) -> set[str]:
    """The files git tracks in the `sessions/` of the ledger at `folder` whose text (in the work
    tree) holds one of `words` (those of one line), relative to it: a `git grep` (on every
    core) for each ALTERNATIVES of them."""
    lines = sorted(_ERE_SPECIAL.sub(r"\\\1", w) for w in words if w and "\n" not in w)
    found: set[str] = set()
    options = ("-l", "-z", "-I", "-E", "--no-color", "--no-full-name", "-f", "-")
    for start in range(0, len(lines), ALTERNATIVES):
        either = "|".join(lines[start : start + ALTERNATIVES]) + "\n"
        listed = _run(folder, "grep", *options, "--", SESSIONS, stdin=either.encode())
        if listed.returncode not in (0, 1):  # 1: none holds one
            error = " ".join(listed.stderr.decode(errors="replace").split())
            raise LedgerError(f"git grep failed in {folder}: {error}", "check the repo")
        found.update(filter(None, listed.stdout.decode("utf-8", "replace").split("\0")))
    return found


def head(root: Path) -> str | None:
    """The commit HEAD names (None before the first)."""
    return _answer(root, "rev-parse", "--verify", "--quiet", "HEAD^{commit}")


def ready_to_commit(root: Path) -> str | None:
    """Raise what would stop a commit that can be known before a file is written: a detached
    HEAD, git's index locked (a signing that fails is known only when it is tried); else the
    commit HEAD names, which a run stopped before its own commit is put back to."""
    _branch(root)
    check_index_lock(root)
    return head(root)


def _branch(root: Path) -> str:
    branch = _answer(root, "symbolic-ref", "-q", "HEAD")
    if branch is None:
        raise LedgerError(f"the repository at {root} has a detached HEAD", "check out a branch")
    return branch


def _path(path: str) -> bytes:
    """A path as fast-import reads it: C-style quoted when it needs to be."""
    if path.startswith('"') or any(c in path for c in "\n\\"):
        return (
            '"' + path.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
        ).encode()
    return path.encode()


SCRATCH_REF = "refs/ledger/import"
"""Where fast-import writes a commit before the branch is moved to it (or to its signed twin)."""


def _import_stream(
    paths: list[str],
    head: str | None,
    message: str,
    idents: tuple[str, str],
    content: Callable[[str], bytes | None],
    wide: Spliced | None = None,
    tree: str | None = None,
) -> bytes:
    """A `git fast-import` stream of one commit on SCRATCH_REF: each path's `content`, or its
    deletion (None); a `wide` directory's tree as ledger spliced it, its files as blobs. The
    commit's tree starts as `head`'s, or as `tree` (an existing tree) when given."""
    text = message.encode()
    parts = (
        [f"blob\ndata {len(blob)}\n".encode() + blob + b"\n" for blob in wide.blobs] if wide else []
    )
    parts += [
        f"reset {SCRATCH_REF}\n\n".encode(),
        f"commit {SCRATCH_REF}\n".encode(),
        f"author {idents[0]}\ncommitter {idents[1]}\n".encode(),
        f"data {len(text)}\n".encode() + text + b"\n",
    ]
    if head:
        parts.append(f"from {head}\n".encode())
    if tree:
        parts.append(f'M 040000 {tree} ""\n'.encode())  # the root's tree
    if wide:
        parts.append(f"M 040000 {wide.tree} ".encode() + _path(wide.directory) + b"\n")
    for path in paths:
        if wide and path in wide.paths:
            continue
        data = content(path)
        if data is None:
            parts.append(b"D " + _path(path) + b"\n")
            continue
        parts.append(b"M 100644 inline " + _path(path) + f"\ndata {len(data)}\n".encode())
        parts.append(data + b"\n")
    parts.append(b"\ndone\n")
    return b"".join(parts)


def _reader(
    root: Path, untrack: frozenset[str], given: Mapping[str, bytes]
) -> Callable[[str], bytes | None]:
    """What a path is to hold in the commit: what `given` says, else its bytes on disk; None
    (deleted) when it is not on disk or is in `untrack`."""
    base = str(root)

    def content(path: str) -> bytes | None:
        if path in untrack:
            return None
        found = given.get(path)
        if found is not None:
            return found
        try:
            with open(os.path.join(base, path), "rb") as handle:
                return handle.read()
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            return None

    return content


def commit_paths(
    root: Path,
    paths: list[str],
    message: str,
    who: Identity,
    untrack: Sequence[str] = (),
    contents: Mapping[str, bytes] | None = None,
) -> str | None:
    """Commit the current content of `paths` (relative to `root`; deleted ones are removed), or
    what `contents` gives for them, and remove `untrack` from git while leaving them on disk.

    One `git fast-import` writes every blob, the tree and the commit in a single pack (3x
    faster than `git add`, PERF.md) without touching the user's index, on a scratch ref; the
    commit is signed when `commit.gpgsign` asks; only then does the branch move (checked
    against the HEAD it was built on). Last the user's index entries for exactly these paths
    are brought level with it: git's index lock is checked before the branch moves, and if the
    index still cannot be updated the paths are journalled for `repair_index`. Returns the new
    commit id, or None when the paths already match HEAD (no empty commits).
    """
    if not paths and not untrack:
        return None
    branch, parent = _branch(root), head(root)
    repair_index(root)
    check_index_lock(root)
    listed = sorted({*paths, *untrack})
    env = commit_env(who)
    content = _reader(root, frozenset(untrack), contents or {})
    wide = splice(root, parent, listed, content) if parent else None
    stream = _import_stream(listed, parent, message, idents(root, env), content, wide)
    # fast zlib and no deltas (each blob was tried against the one before it: a third of the
    # time of a first ingest's commit of 5,700 files, 1.1 s → 0.75 s); `git gc` packs them
    # tightly later
    _git(root, "-c", "pack.compression=1", "fast-import", "--quiet", "--done", "--force",
         "--date-format=raw", "--big-file-threshold=1m", "--depth=0", stdin=stream)  # fmt: skip
    trees = [f"{SCRATCH_REF}^{{tree}}", f"{parent}^{{tree}}"] if parent else []
    commit, *compared = _git(root, "rev-parse", SCRATCH_REF, *trees).split()
    try:
        if parent and compared[0] == compared[1]:
            return None  # nothing changed: no empty commit
        commit = signed(root, commit, parent, message, env)
        _git(root, "update-ref", "-m", SUBJECT + "commit", branch, commit, parent or "")
    finally:
        _git(root, "update-ref", "-d", SCRATCH_REF)
    level_index(root, sorted(set(listed) - set(untrack)), commit, sorted(untrack))
    return commit


_SCRATCH_WHO = ("ledger", "ledger@localhost")
"""Who makes the scratch commits of `write_tree` and `scratch_commit` (they reach no branch)."""
_SCRATCH_IDENT = "{} <{}> 0 +0000".format(*_SCRATCH_WHO)


def write_tree(root: Path, base: str, files: Mapping[str, bytes | None]) -> str:
    """The id of the tree `base` (a tree id) with `files` (relative to the repo) set to their
    bytes, or removed (None): written by one `git fast-import`, a wide directory spliced as a
    commit's is; no ref, index or file moves."""
    listed = sorted(files)
    wide = splice(root, base, listed, files.get)
    idents = (_SCRATCH_IDENT, _SCRATCH_IDENT)
    stream = _import_stream(listed, None, "tree\n", idents, files.get, wide, tree=base)
    _git(root, "fast-import", "--quiet", "--done", "--force", "--depth=0", stdin=stream)
    try:
        return _git(root, "rev-parse", f"{SCRATCH_REF}^{{tree}}")
    finally:
        _git(root, "update-ref", "-d", SCRATCH_REF)


def scratch_commit(root: Path, tree_of: str, parent: str) -> str:
    """A commit of the tree of commit `tree_of` on `parent`, never referenced: merged with a
    child of `parent`, git takes `parent` for the merge base (as `--merge-base` says, from git
    2.40)."""
    env = dict(os.environ)
    for role in ("AUTHOR", "COMMITTER"):
        env.update(zip((f"GIT_{role}_NAME", f"GIT_{role}_EMAIL"), _SCRATCH_WHO, strict=True))
        env[f"GIT_{role}_DATE"] = "@0 +0000"
    tree = f"{tree_of}^{{tree}}"
    return _git(root, "commit-tree", "-p", parent, tree, stdin=b"step\n", env=env)


@dataclass(frozen=True, slots=True)
class Commit:
    """A commit as the hooks and the session ↔ commit matching need it."""

    sha: str
    time: int
    """Committer time, seconds since the epoch."""
    subject: str
    branch: str | None = None


@dataclass(frozen=True, slots=True)
class Head:
    repo: Path
    commit: Commit

    @property
    def subject(self) -> str:
        return self.commit.subject


_LOG_FORMAT = "--format=%H%x00%ct%x00%s"


def _commit(line: str, branch: str | None) -> Commit | None:
    parts = line.split("\0")
    if len(parts) != 3 or not parts[1].isdigit():
        return None
    return Commit(parts[0], int(parts[1]), parts[2], branch)


def head_commit(cwd: Path) -> Head | None:
    """The repo holding `cwd` and its HEAD commit (with its branch); None outside a repo."""
    where = _answer(cwd, "rev-parse", "--show-toplevel", "--abbrev-ref", "HEAD")
    if where is None or "\n" not in where:
        return None
    top, branch = where.split("\n", 1)
    line = _answer(cwd, "log", "-1", _LOG_FORMAT)
    commit = _commit(line, None if branch == "HEAD" else branch) if line else None
    return Head(Path(top), commit) if commit else None


def files_log(folder: Path, under: str) -> dict[str, list[Commit]]:
    """The commits that changed each file under `under` (paths relative to `folder`), newest
    first: one git process for a whole ledger (renames not followed)."""
    out = _answer(folder, "log", "--relative", "--name-only", "--format=%x01%H%x00%ct%x00%s",
                  "--", under)  # fmt: skip
    found: dict[str, list[Commit]] = {}
    for block in (out or "").split("\x01"):
        line, _, names = block.partition("\n")
        commit = _commit(line, None)
        if commit is None:
            continue
        for name in filter(None, names.splitlines()):
            found.setdefault(name, []).append(commit)
    return found


def file_log(folder: Path, relative: str) -> list[Commit]:
    """The commits that changed a file (relative to `folder`), newest first, across renames."""
    out = _answer(folder, "log", "--follow", _LOG_FORMAT, "--", relative)
    commits = (_commit(line, None) for line in (out or "").splitlines())
    return [c for c in commits if c is not None]


def commits_between(repo: Path, since: int, until: int, ref: str | None = None) -> list[Commit]:
    """Commits of `ref` (default: every branch) made between two epoch times, newest first.
    `ref` comes from a transcript: after `--end-of-options`, so `--output=FILE` is a name."""
    refs = ["--end-of-options", ref, "--"] if ref else ["--all"]
    out = _answer(repo, "log", f"--since=@{since}", f"--until=@{until}", _LOG_FORMAT, *refs)
    commits = (_commit(line, ref) for line in (out or "").splitlines())
    return [c for c in commits if c is not None]


def hooks_dir(repo: Path) -> Path:
    """Where git looks for `repo`'s hooks, `core.hooksPath` respected."""
    path = Path(_git(repo, "rev-parse", "--git-path", "hooks"))
    return path if path.is_absolute() else (repo / path).resolve()
