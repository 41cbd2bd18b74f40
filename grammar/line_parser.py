"""A faster driver for Lark's LALR parser with the contextual lexer, for one order line.

Profiling the reader (tests/bench/bench_parser.py) showed three quarters of its time in
Lark's generic machinery around each token: the lexer thread and generator, the line
counter, the parser state object and its method calls. The tables it runs on are cheap.
:func:`parse_line` runs the same tables in one tight loop: the same per-state lexers
(their compiled scanners and callbacks), the same parse table and the same tree-building
callbacks, so a line it reads gives the very tree ``Lark.parse`` gives.

It only handles what a read line is, text without a newline, and only the success path:
when a line does not lex or parse it hands the line to ``Lark.parse``, which raises the
exception (with its expected terminals and interactive parser) the error messages are
worded from. So a failing line costs one extra, partial attempt, and every error stays
exactly what it was.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from lark import Lark, Token, Tree
from lark.parsers.lalr_analysis import Shift


@dataclass(frozen=True)
class _Scanner:
    """One parser state's lexer: its regexes in order, what it ignores, its callbacks."""

    regexes: tuple[re.Pattern[str], ...]
    ignore: frozenset[str]
    callbacks: Mapping[str, Callable[[Token], Token]]


@dataclass(frozen=True)
class _Reduce:
    """A reduction: pop ``size`` values, build the node, go to the state after ``origin``."""

    size: int
    build: Callable[[list[Any]], Any] | None
    origin: str


_Action = int | _Reduce
"""What a state does on a terminal: shift to that state, or reduce."""


class _Tables:
    """What the loop needs of one ``Lark`` instance, taken from it once.

    Lark looks a reduction's rule up by its (Python-hashed) ``Rule`` object and the goto
    by the rule's origin name, a ``Token`` compared with Python's ``__eq__``; here each
    action is resolved to plain values once.
    """

    def __init__(self, lark: Lark) -> None:
        frontend: Any = lark.parser
        parser = frontend.parser.parser  # lark.parsers.lalr_parser._Parser
        table = parser.parse_table
        (start,) = frontend.parser_conf.start
        self.start_state: int = table.start_states[start]
        self.end_state: int = table.end_states[start]
        callbacks = parser.callbacks
        # Terminal callbacks (Lark's ``callbacks[token.type]`` on a shift), if any.
        self.on_shift: Mapping[str, Callable[[Token], Any]] = {
            k: v for k, v in callbacks.items() if isinstance(k, str)
        }
        reduces: dict[Any, _Reduce] = {}
        self.actions: dict[int, dict[str, _Action]] = {}
        for state, row in table.states.items():
            actions: dict[str, _Action] = {}
            for symbol, (action, arg) in row.items():
                if action is Shift:
                    actions[str(symbol)] = arg
                    continue
                reduce = reduces.get(arg)
                if reduce is None:
                    build = callbacks[arg] if callbacks else None
                    reduce = reduces[arg] = _Reduce(len(arg.expansion), build, str(arg.origin.name))
                actions[str(symbol)] = reduce
            self.actions[state] = actions
        self._lexers: Mapping[int, Any] = frontend.lexer.lexers
        # Several states share one lexer; its scanner is compiled on first use, as in Lark.
        self._by_lexer: dict[int, _Scanner] = {}
        self._by_state: dict[int, _Scanner] = {}

    def scanner(self, state: int) -> _Scanner:
        found = self._by_state.get(state)
        if found is None:
            lexer = self._lexers[state]
            found = self._by_lexer.get(id(lexer))
            if found is None:
                scanner = lexer.scanner  # builds lexer.callback as a side effect
                found = _Scanner(
                    tuple(scanner._mres), frozenset(lexer.ignore_types), lexer.callback
                )
                self._by_lexer[id(lexer)] = found
            self._by_state[state] = found
        return found


_TABLES: weakref.WeakKeyDictionary[Lark, _Tables] = weakref.WeakKeyDictionary()


def _tables(lark: Lark) -> _Tables:
    tables = _TABLES.get(lark)
    if tables is None:
        tables = _TABLES[lark] = _Tables(lark)
    return tables


class _Fallback(Exception):
    """The line does not lex or parse here: let Lark say why."""


def parse_line(lark: Lark, code: str) -> Tree[Token]:
    """``lark.parse(code)`` for a parser built by :func:`grammar.reader.build_parser`
    (LALR, contextual lexer, one start rule, no postlexer) and a line without newlines."""
    if "\n" in code:  # the loop counts columns on one line only
        return lark.parse(code)
    try:
        return _run(_tables(lark), code)
    except _Fallback:
        return lark.parse(code)


def _run(t: _Tables, code: str) -> Tree[Token]:
    """Lark's ``ContextualLexer.lex`` and ``ParserState.feed_token`` in one loop."""
    state_stack = [t.start_state]
    value_stack: list[Any] = []
    pos, end = 0, len(code)
    last: Token | None = None
    # Token(...) without its check for deprecated keywords
    new_token: Callable[..., Token] = Token._future_new
    while pos < end:
        scanner = t.scanner(state_stack[-1])
        for regex in scanner.regexes:
            match = regex.match(code, pos, end)
            if match:
                break
        else:
            raise _Fallback
        value, type_ = match.group(0), match.lastgroup
        assert type_ is not None
        start, pos = pos, pos + len(value)
        callback = scanner.callbacks.get(type_)
        if callback is None and type_ in scanner.ignore:
            continue  # Lark makes no token for ignored text without a callback
        # A one-line text: line 1, and the column is the position plus one (LineCounter).
        token = new_token(type_, value, start, 1, start + 1, 1, pos + 1, pos)
        if callback is not None:
            token = callback(token)
        if type_ in scanner.ignore:
            continue
        last = token
        _feed(t, state_stack, value_stack, token, is_end=False)
    end_token = Token.new_borrow_pos("$END", "", last) if last else Token("$END", "", 0, 1, 1)
    tree: Tree[Token] = _feed(t, state_stack, value_stack, end_token, is_end=True)
    return tree


def _feed(
    t: _Tables, state_stack: list[int], value_stack: list[Any], token: Token, *, is_end: bool
) -> Any:
    """Shift ``token`` after the reductions it calls for (Lark's ``feed_token``)."""
    actions = t.actions
    while True:
        action = actions[state_stack[-1]].get(token.type)
        if action is None:
            raise _Fallback
        if not isinstance(action, _Reduce):
            if is_end:
                raise _Fallback
            state_stack.append(action)
            on_shift = t.on_shift.get(token.type)
            value_stack.append(token if on_shift is None else on_shift(token))
            return None
        size = action.size
        if size:
            children = value_stack[-size:]
            del state_stack[-size:]
            del value_stack[-size:]
        else:
            children = []
        value_stack.append(children if action.build is None else action.build(children))
        goto = actions[state_stack[-1]][action.origin]
        assert isinstance(goto, int)
        state_stack.append(goto)
        if is_end and goto == t.end_state:
            return value_stack[-1]
