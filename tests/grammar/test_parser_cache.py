"""grammar.parser_cache: a parser built once per user and grammar, loaded from Lark's cache
after, and two processes starting at once never see a half-written file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from grammar import parser_cache
from grammar.parser_cache import cache_file, cached_parser
from grammar.reader import build_parser

GRAMMAR = """
start: WORD ("," WORD)*
WORD: /[a-z]+/
%ignore " "
"""
OPTIONS = {"parser": "lalr", "lexer": "contextual"}
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path


def test_the_first_build_writes_the_cache_and_the_next_loads_it(cache_home: Path) -> None:
    where = cache_file(GRAMMAR, OPTIONS)
    assert where.parent == cache_home / "pbem" / "lark"
    built = cached_parser(GRAMMAR, **OPTIONS)
    # Lark's cache is a pickle: the user's own, read by no one else.
    assert where.stat().st_mode & 0o077 == 0 and where.parent.stat().st_mode & 0o077 == 0
    written = where.stat().st_ino
    loaded = cached_parser(GRAMMAR, **OPTIONS)
    assert where.stat().st_ino == written  # read, not written anew
    assert loaded.parse("ab, cd") == built.parse("ab, cd")
    assert list(where.parent.glob("*.part")) == []


def test_the_folder_keeps_the_files_used_last(cache_home: Path) -> None:
    grammars = [GRAMMAR + f'\nX{n}: "{n}"\n' for n in range(4)]
    for grammar in grammars[:3]:
        cached_parser(grammar, **OPTIONS)
    first = cache_file(grammars[0], OPTIONS)
    os.utime(first, ns=(0, 0))  # long unused ...
    cached_parser(grammars[0], **OPTIONS)  # ... and used again: the newest now
    os.utime(cache_file(grammars[1], OPTIONS), ns=(0, 0))
    cached_parser(grammars[3], **OPTIONS)
    parser_cache.prune(first.parent, keep=3)
    kept = {cache_file(g, OPTIONS).name for g in (grammars[0], grammars[2], grammars[3])}
    assert {path.name for path in first.parent.glob("*.lark")} == kept


def test_another_grammar_or_option_has_another_file(cache_home: Path) -> None:
    assert cache_file(GRAMMAR, OPTIONS) != cache_file(GRAMMAR + "\n", OPTIONS)
    assert cache_file(GRAMMAR, OPTIONS) != cache_file(GRAMMAR, {**OPTIONS, "start": "x"})
    assert cache_file(GRAMMAR, OPTIONS) == cache_file(GRAMMAR, dict(reversed(OPTIONS.items())))


def test_without_a_writable_cache_folder_the_parser_is_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert cached_parser(GRAMMAR, **OPTIONS).parse("ab").children == ["ab"]
    assert not parser_cache.cache_folder().exists()


def test_without_a_home_folder_the_parser_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.setattr("pwd.getpwuid", _no_user)
    assert cached_parser(GRAMMAR, **OPTIONS).parse("ab").children == ["ab"]


def _no_user(uid: int) -> object:
    raise KeyError(uid)


def test_two_processes_starting_at_once_both_parse_and_leave_one_whole_file(
    cache_home: Path,
) -> None:
    code = (
        "from grammar.reader import build_parser\n"
        f"print(build_parser({GRAMMAR!r}).parse('ab, cd').pretty())\n"
    )
    env = {"XDG_CACHE_HOME": str(cache_home), "PATH": "/usr/bin:/bin"}
    started = [
        subprocess.Popen(
            [sys.executable, "-c", code], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
        )
        for _ in range(4)
    ]
    outputs = [process.communicate(timeout=120)[0].strip() for process in started]
    assert [process.returncode for process in started] == [0, 0, 0, 0]
    assert len(set(outputs)) == 1 and outputs[0]
    assert outputs[0] == build_parser(GRAMMAR).parse("ab, cd").pretty().strip()
    folder = cache_home / "pbem" / "lark"
    assert len(list(folder.glob("*.lark"))) == 1 and list(folder.glob("*.part")) == []
    again = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert again.stdout.strip() == outputs[0] and again.stderr == ""
