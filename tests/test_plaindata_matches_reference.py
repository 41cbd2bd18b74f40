"""The compiled conversions of engine.plaindata give exactly what the reflective walk gave.

``to_plain``/``from_plain``/``copy_plain`` are compiled once per dataclass for speed. The
walks they replace are kept here, verbatim, as the reference: real Ashes and Starweb states (from
the bots' games), those states damaged at random (hypothesis), and hand-picked edge
cases must give the same JSON (key order and ``true`` versus ``1`` included), the same
objects, or the same exception with the same message.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import re
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from random import Random
from typing import Any, Optional, Union, get_args, get_origin, get_type_hints

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ashes.state import AshesState
from engine.ashes_board.state import BoardState
from engine.core import JSONValue, PlayerSetup, Setup, turn_dice, turn_rng
from engine.plaindata import (
    STORED_BEFORE,
    added_later,
    copy_plain,
    from_plain,
    from_tagged,
    to_plain,
)
from engine.spacewar.state import SpacewarState
from engine.starweb.kind import STARWEB
from engine.starweb.state import Character, StarwebState
from grammar.starweb import LANGUAGE
from tests.ashes.bots import bot_turn, new_standard_game
from tests.lanes import examples

# -- the reference: engine/plaindata.py before the compiled conversions, verbatim


def _left_out(f: dataclasses.Field[Any], value: Any) -> bool:
    return STORED_BEFORE in f.metadata and bool(value == f.metadata[STORED_BEFORE])


def reference_to_plain(value: Any) -> JSONValue:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: reference_to_plain(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if not _left_out(f, getattr(value, f.name))
        }
    if isinstance(value, list):
        return [reference_to_plain(v) for v in value]
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"cannot store {type(value).__name__} in the state")


@functools.cache
def _fields_of(tp: type) -> tuple[dict[str, Any], frozenset[str], dict[str, Any]]:
    fields = dataclasses.fields(tp)
    absent = {f.name: f.metadata[STORED_BEFORE] for f in fields if STORED_BEFORE in f.metadata}
    return get_type_hints(tp), frozenset(f.name for f in fields), absent


def reference_from_plain(tp: Any, value: Any) -> Any:
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        return None if value is None else reference_from_plain(args[0], value)
    if origin is list:
        (item,) = get_args(tp)
        if not isinstance(value, list):
            raise ValueError(f"expected a list, got {value!r}")
        return [reference_from_plain(item, v) for v in value]
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(value, Mapping):
            raise ValueError(f"expected an object for {tp.__name__}, got {value!r}")
        hints, names, absent = _fields_of(tp)
        unknown = set(value) - names
        if unknown:
            raise ValueError(f"unknown fields for {tp.__name__}: {sorted(unknown)}")
        given = {k: reference_from_plain(hints[k], v) for k, v in value.items()}
        return tp(**{**absent, **given})
    if tp is bool:
        if not isinstance(value, bool):
            raise ValueError(f"expected true/false, got {value!r}")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"expected an integer, got {value!r}")
        return value
    if tp is str:
        if not isinstance(value, str):
            raise ValueError(f"expected a string, got {value!r}")
        return value
    raise TypeError(f"unsupported type {tp!r}")


@functools.cache
def _field_names(tp: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(tp))


def reference_copy(value: Any) -> Any:
    cls = type(value)
    if value is None or cls is bool or cls is int or cls is str:
        return value
    if cls is list:
        return [reference_copy(v) for v in value]
    if dataclasses.is_dataclass(cls):
        return cls(**{name: reference_copy(getattr(value, name)) for name in _field_names(cls)})
    raise TypeError(f"cannot store {cls.__name__} in the state")


# -- comparing outcomes


def outcome(func: Callable[..., Any], *args: Any) -> tuple[object, ...]:
    """What a call gives: its result's repr (types, field and key order show in it) or
    its exception's type and message."""
    try:
        result = func(*args)
    except Exception as error:  # every error is compared, whatever its type
        return ("raised", type(error), str(error))
    return ("returned", type(result), repr(result))


def assert_same_to_plain(value: Any) -> None:
    assert outcome(to_plain, value) == outcome(reference_to_plain, value)


def assert_same_copy(value: Any) -> None:
    """``copy_plain`` copies as before, and shares no list or dataclass with ``value``."""
    assert outcome(copy_plain, value) == outcome(reference_copy, value)
    try:
        copied = copy_plain(value)
    except TypeError:
        return
    mutable = [id(v) for v in walk(value) if isinstance(v, list) or dataclasses.is_dataclass(v)]
    assert not set(mutable) & {id(v) for v in walk(copied)}


def walk(value: Any) -> list[Any]:
    """``value`` and everything in it (fields of dataclasses, items of lists)."""
    found = [value]
    if isinstance(value, list):
        for v in value:
            found += walk(v)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            found += walk(getattr(value, f.name))
    return found


def assert_same_from_plain(tp: Any, value: Any) -> None:
    assert outcome(from_plain, tp, value) == outcome(reference_from_plain, tp, value)


# -- real states of both games


def ashes_states() -> list[AshesState]:
    """An 8-player bot game at turn 0 to 3, and turn 3 again with the rule options added
    later set the other way."""
    states = [new_standard_game(seed=1)]
    while states[-1].turn < 3:
        states.append(bot_turn(states[-1], bot_seed=1)[0])
    odd = copy.deepcopy(states[-1])
    odd.options.growth_every_turn = False
    odd.options.landing_seat_order = True
    return [*states, odd]


def starweb_states() -> list[StarwebState]:
    """A 15-player game (every character, 255 worlds) at turn 0 and 1."""
    characters = [c.value for c in Character]
    setup = Setup(
        game=1,
        players=[
            PlayerSetup(n, None, {"character": characters[(n - 1) % 6], "code_name": f"P{n}"})
            for n in range(1, 16)
        ],
        seed=1,
    )
    state = STARWEB.engine.new_game(setup, turn_rng(1, 0))
    assert isinstance(state, StarwebState)
    orders = {}
    for player in state.active():
        lines = STARWEB.bots.orders(state, player.number, Random(player.number))  # type: ignore[union-attr]
        orders[player.number] = LANGUAGE.parse("\n".join(lines)).orders
    after = STARWEB.engine.run_turn(state, orders, turn_dice(1, 1)).state
    assert isinstance(after, StarwebState)
    return [state, after]


ASHES = ashes_states()
STARWEB_STATES = starweb_states()
STATES: list[tuple[type, Any]] = [(AshesState, s) for s in ASHES] + [
    (StarwebState, s) for s in STARWEB_STATES
]


@pytest.mark.parametrize(("tp", "state"), STATES, ids=lambda x: getattr(x, "__name__", ""))
def test_real_states_convert_as_before(tp: type, state: Any) -> None:
    new, old = to_plain(state), reference_to_plain(state)
    assert json.dumps(new) == json.dumps(old)  # same keys in the same order, true not 1
    assert_same_copy(state)
    data = json.loads(json.dumps(new))
    assert repr(from_plain(tp, data)) == repr(reference_from_plain(tp, data)) == repr(state)
    tagged = state.to_json()
    assert json.dumps(tagged) == json.dumps({"format": 1, "kind": tagged["kind"], **old})
    assert repr(tp.from_json(json.loads(json.dumps(tagged)))) == repr(state)  # type: ignore[attr-defined]


def test_options_added_later_are_left_out_as_before() -> None:
    standard, *_, odd = ASHES
    assert "growth_every_turn" not in to_plain(standard.options)
    assert "landing_seat_order" in to_plain(standard.options)
    assert list(to_plain(odd.options)) == list(reference_to_plain(odd.options))
    tagged = odd.to_json()
    assert tagged["options"]["growth_every_turn"] is False
    assert "landing_seat_order" not in tagged["options"]
    assert from_tagged(AshesState, tagged, "ashes", 1) == odd


def test_a_tagged_state_writes_its_kind_and_format_first_and_refuses_another_kinds() -> None:
    ashes = ASHES[0].to_json()
    assert list(ashes)[:2] == ["format", "kind"] and ashes["kind"] == "ashes"
    assert STARWEB_STATES[0].to_json()["kind"] == "starweb"
    with pytest.raises(ValueError, match="not a starweb state of format 1"):
        StarwebState.from_json(ashes)
    with pytest.raises(ValueError, match="not a ashes state of format 1"):
        AshesState.from_json({**ashes, "format": 2})
    assert (BoardState.json_kind, SpacewarState.json_kind) == ("ashes-board", "spacewar")


# -- damaged states (hypothesis)

Draw = Callable[[st.SearchStrategy[Any]], Any]
"""``data.draw`` of hypothesis."""


@st.composite
def odd_json(draw: st.DrawFn) -> Any:
    """A JSON value of any kind (and a float, which the state never holds)."""
    return draw(
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-2, 300),
            st.floats(allow_nan=False),
            st.text(max_size=3),
            st.lists(st.integers(0, 3), max_size=2),
            st.lists(st.booleans(), max_size=2),
            st.dictionaries(st.sampled_from(["number", "fi", "x"]), st.integers(), max_size=2),
        )
    )


def damage_json(draw: Draw, data: Any, spare: list[Any]) -> Any:
    """``data`` with one node somewhere replaced, dropped, added to or reordered."""
    if isinstance(data, dict) and data and draw(st.booleans()):
        key = draw(st.sampled_from(list(data)))
        return {**data, key: damage_json(draw, data[key], spare)}
    if isinstance(data, list) and data and draw(st.booleans()):
        at = draw(st.integers(0, len(data) - 1))
        return [*data[:at], damage_json(draw, data[at], spare), *data[at + 1 :]]
    action = draw(st.sampled_from(["replace", "subtree", "drop", "add", "reorder"]))
    if action == "replace":
        return draw(odd_json())
    if action == "subtree":
        return draw(st.sampled_from(spare))
    if isinstance(data, dict) and data:
        keys = list(data)
        if action == "drop":
            gone = draw(st.sampled_from(keys))
            return {k: v for k, v in data.items() if k != gone}
        if action == "add":
            return {**data, draw(st.sampled_from(["zz", "number", "a"])): draw(odd_json())}
        return {k: data[k] for k in draw(st.permutations(keys))}
    if isinstance(data, list):
        return [*data, draw(odd_json())]
    return draw(odd_json())


def subtrees(data: Any) -> list[Any]:
    """Some objects and lists of ``data``, to put in the wrong places."""
    found: list[Any] = []
    stack = [data]
    while stack and len(found) < 200:
        node = stack.pop()
        if isinstance(node, dict):
            found.append(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            found.append(node)
            stack.extend(node[:3])
    return found


JSON_STATES = [(tp, json.loads(json.dumps(to_plain(s)))) for tp, s in STATES]


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_damaged_json_reads_as_before(data: st.DataObject) -> None:
    tp, plain = data.draw(st.sampled_from(JSON_STATES))
    damaged = damage_json(data.draw, plain, subtrees(plain))
    assert_same_from_plain(tp, damaged)


class Mood(StrEnum):
    CALM = "calm"


class Level(IntEnum):
    LOW = 1


class Items(list[int]):
    """A list subclass: written as a plain list."""


ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    2.5,
    "",
    Mood.CALM,
    Level.LOW,
    (1, 2),
    {"a": 1},
    {1, 2},
    Items([1, 2]),
    [1, True, None, "x"],
    [1.5],
    object(),
    AshesState,
]


def damage_object(draw: Draw, value: Any) -> None:
    """One field of a dataclass or item of a list somewhere in ``value`` (a record, see
    :func:`is_record`) set to a copy (later damage may go into it) of an odd value."""
    if isinstance(value, list):
        at = draw(st.integers(0, len(value) - 1))
        if is_record(value[at]) and draw(st.booleans()):
            damage_object(draw, value[at])
        else:
            value[at] = copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))
    else:
        name = draw(st.sampled_from([f.name for f in dataclasses.fields(value)]))
        if is_record(getattr(value, name)) and draw(st.booleans()):
            damage_object(draw, getattr(value, name))
        else:
            setattr(value, name, copy.deepcopy(draw(st.sampled_from(ODD_VALUES))))


def is_record(value: Any) -> bool:
    """A dataclass instance or a list that is not empty: damage can go further into it."""
    if isinstance(value, list):
        return bool(value)
    return dataclasses.is_dataclass(value) and not isinstance(value, type)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_damaged_states_write_as_before(data: st.DataObject) -> None:
    _, state = data.draw(st.sampled_from(STATES))
    damaged = copy.deepcopy(state)
    for _ in range(data.draw(st.integers(1, 3))):
        damage_object(data.draw, damaged)
    assert_same_to_plain(damaged)
    assert_same_copy(damaged)


# -- edge cases, by hand


@dataclass
class Later:
    """A dataclass with fields added later (one of them stored before as 1, not True)."""

    n: int
    flag: bool = added_later(True, stored_before=True)
    count: int = added_later(0, stored_before=1)
    name: str = ""


@dataclass
class Node:
    """A dataclass that refers to itself."""

    label: str
    children: list[Node] = field(default_factory=list)
    parent: Node | None = None


@dataclass
class One:
    only: int


@dataclass
class Empty:
    pass


@dataclass
class Derived(One):
    more: list[list[int]] = field(default_factory=list)


@dataclass(kw_only=True)
class KeywordsOnly:
    a: int
    b: str = ""


@dataclass
class WithFloat:
    """A field of a type the state cannot hold: only reading it fails."""

    n: int
    ratio: float = 0.5
    maybe: Optional[float] = None  # noqa: UP045 (typing's Optional is another origin)


@dataclass
class Posted:
    n: int
    doubled: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.doubled = 2 * self.n


@dataclass(init=False)
class OwnInit:
    a: int
    b: int

    def __init__(self, *values: int) -> None:
        self.a, self.b = sorted(values)


FROM_CASES: list[tuple[Any, Any]] = [
    (int, 3),
    (int, True),
    (int, 2.0),
    (int, "3"),
    (int, None),
    (int, Level.LOW),
    (bool, True),
    (bool, 1),
    (str, "x"),
    (str, Mood.CALM),
    (str, 3),
    (Optional[int], None),  # noqa: UP045
    (int | None, None),
    (int | None, False),
    (int | str, "x"),
    (int | str, None),
    (list[int], [1, 2]),
    (list[int], (1, 2)),
    (list[int], [1, True]),
    (list[int], None),
    (list[list[int]], [[1], [2, 3], []]),
    (list[list[int]], [[1], 2]),
    (list, [1]),
    (float, 1.5),
    (None, None),
    ([int], 1),
    (dict[str, int], {}),
    (Optional[float], None),  # noqa: UP045
    (Optional[float], 1.0),  # noqa: UP045
    (One, {"only": 1}),
    (One, {"only": 1, "other": 2, "zz": 3}),
    (One, {}),
    (One, []),
    (One, None),
    (One, types.MappingProxyType({"only": 4})),
    (One, types.MappingProxyType({"only": True})),
    (Empty, {}),
    (Empty, {"a": 1}),
    (Derived, {"only": 1, "more": [[2]]}),
    (Derived, {"more": [[2]], "only": 1}),
    (Derived, {"more": [[2]], "only": "1"}),
    (Derived, {"only": "1", "more": [["2"]]}),
    (Derived, {"more": [["2"]], "only": "1"}),
    (Later, {"n": 1}),
    (Later, {"n": 1, "flag": False, "count": 5, "name": "x"}),
    (Later, {"name": "x", "n": 2, "count": 1}),
    (Later, {"n": 1, "flag": 1}),
    (Later, {"flag": False}),
    (Node, {"label": "a", "children": [{"label": "b", "children": [], "parent": None}]}),
    (Node, {"label": "a", "children": [{"label": "b", "parent": {"label": 3}}]}),
    (KeywordsOnly, {"a": 1, "b": "x"}),
    (KeywordsOnly, {"b": "x", "a": 1}),
    (KeywordsOnly, {"b": "x"}),
    (WithFloat, {"n": 1}),
    (WithFloat, {"n": 1, "ratio": 0.5, "maybe": None}),
    (WithFloat, {"n": 1, "maybe": 2.0}),
    (Posted, {"n": 2, "doubled": 7}),
    (Posted, {"n": 2}),
    (OwnInit, {"a": 5, "b": 1}),
    (OwnInit, {"b": 1, "a": 5}),
]


@pytest.mark.parametrize(("tp", "value"), FROM_CASES, ids=repr)
def test_reading_edge_cases_as_before(tp: Any, value: Any) -> None:
    assert_same_from_plain(tp, value)
    assert_same_from_plain(tp, value)  # and again, with the compiled readers made


ADDRESS = re.compile(r" at 0x[0-9a-f]+")
"""A memory address in a repr: not part of a test id, which must be the same in every run."""

TO_CASES: list[Any] = [
    *ODD_VALUES,
    Later(1),
    Later(1, flag=False, count=1),
    Later(1, flag=1, count=True),  # type: ignore[arg-type]
    Later(1, flag=1.0, count=2),  # type: ignore[arg-type]
    Node("a", [Node("b"), Node("c", parent=Node("d"))]),
    Node("a", [Node("b", [Node(2.5)])]),  # type: ignore[arg-type]
    One(1),
    One(True),
    One(Mood.CALM),  # type: ignore[arg-type]
    Empty(),
    Derived(1, [[1], [2]]),
    Derived(1.5, [[1.5]]),  # type: ignore[arg-type, list-item]
    KeywordsOnly(a=1),
    WithFloat(1),
    Posted(3),
    OwnInit(4, 2),
    [One(1), Empty(), [Later(2)]],
    One,
]


@pytest.mark.parametrize("value", TO_CASES, ids=lambda v: ADDRESS.sub("", repr(v)))
def test_writing_edge_cases_as_before(value: Any) -> None:
    assert_same_to_plain(value)
    assert_same_to_plain(value)  # and again, with the compiled writers made
    assert_same_copy(value)


def test_field_errors_come_in_field_order() -> None:
    broken = Derived(1.5, [[1]])  # type: ignore[arg-type]
    del broken.more  # the first field's error comes first, as before
    assert_same_to_plain(broken)
    assert outcome(to_plain, broken)[1] is TypeError


def test_atoms_pass_through_as_the_same_objects() -> None:
    for value in (True, False, None, 7, "x", Mood.CALM, Level.LOW):
        assert to_plain(value) is value
        assert to_plain([value])[0] is value
    assert type(to_plain(Items([1]))) is list
    with pytest.raises(ValueError, match="expected an integer, got True"):
        from_plain(int, True)
