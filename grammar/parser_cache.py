"""Lark parsers from a cache: a grammar's LALR tables are computed once per user and
grammar, not at every start of a command.

Building the Ashes parser takes about a quarter of a second (the LALR analysis); loaded
from the cache it takes a few milliseconds. The cache files live in the user's cache
folder (``$XDG_CACHE_HOME/pbem/lark``, else ``~/.cache/pbem/lark``; the folder and its
files the user's only, as they are pickles), one per grammar, named by the SHA-256 of the
grammar, the parser's options and the versions of Lark and Python: the same grammar always
finds the same file, a changed one another.

A file is Lark's own saved parser (``Lark.save``, read back with ``Lark.load``). Lark's
``cache=FILE`` option writes the same, but in place and with the file's name in its key;
here a new file is written under a name of its own and renamed into place (atomic on
POSIX), so that two commands starting at once never read a half-written file: each
builds the parser, the last rename wins, and every file read is whole. Without a
writable cache folder the parser is built every time, as before. The folder keeps the
:data:`KEEP` files used last (:func:`prune`).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

import lark
from lark import Lark


def cache_folder() -> Path:
    """Where the parsers of this user are cached."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "pbem" / "lark"


def cache_file(grammar: str, options: dict[str, Any]) -> Path:
    """The cache file of ``grammar`` built with ``options`` (in :func:`cache_folder`)."""
    key = "\n".join(
        (
            lark.__version__,
            "{}.{}".format(*sys.version_info[:2]),
            repr(sorted(options.items())),
            grammar,
        )
    )
    return cache_folder() / f"{hashlib.sha256(key.encode()).hexdigest()}.lark"


def cached_parser(grammar: str, **options: Any) -> Lark:
    """``Lark(grammar, **options)``, loaded from the user's cache when it is there, else
    built and saved there for the next start."""
    try:
        where = cache_file(grammar, options)
    except RuntimeError:  # no home folder (Path.home) and no XDG_CACHE_HOME: no cache
        return Lark(grammar, **options)
    try:
        with where.open("rb") as file:
            loaded: Lark = Lark.load(file)
        os.utime(where)  # used now: the last to be pruned
        return loaded
    except (OSError, EOFError, pickle.UnpicklingError):  # none yet, or unreadable: built
        pass
    parser = Lark(grammar, **options)
    part: str | None = None
    try:
        where.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, part = tempfile.mkstemp(dir=where.parent, prefix=where.stem, suffix=".part")
        with os.fdopen(handle, "wb") as file:
            parser.save(file)
        os.replace(part, where)
        prune(where.parent)
    except OSError:  # no cache folder to write to: built again next time
        pass
    finally:
        if part is not None:
            Path(part).unlink(missing_ok=True)
    return parser


KEEP = 256
"""Cache files kept: a running Ashes game whose planets were renamed has a grammar of its
own (about 100 kB of cache each), so the folder would grow with every rename."""


def prune(folder: Path, keep: int = KEEP) -> None:
    """Delete all but the ``keep`` files of ``folder`` used last (a load renews a file's
    time). Files another process deletes at the same time are no error."""
    files = []
    for path in folder.glob("*.lark"):
        with contextlib.suppress(FileNotFoundError):
            files.append((path.stat().st_mtime_ns, path))
    for _, path in sorted(files, reverse=True)[keep:]:
        path.unlink(missing_ok=True)
