"""engine.plaindata for the orders: a field under another JSON key (``stored_as``) and
fields typed as tuples, written as lists and read back as tuples."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

from engine.plaindata import from_plain, stored_as, to_plain


@dataclass
class Hop:
    """Fields taken by position (the quick reading) with keys that are no Python names."""

    source: int = field(metadata=stored_as("from"))
    target: int = field(metadata=stored_as("to"))
    fuel: int = 0


@dataclass(frozen=True, kw_only=True)
class Route:
    """Fields taken by name only, a tuple and an optional tuple."""

    name: str
    stops: tuple[int, ...] = ()
    detour: tuple[int, ...] | None = None
    first: int = field(default=0, metadata=stored_as("from"))


@dataclass
class Plain:
    stops: list[int]


def test_a_field_is_written_under_its_json_key_in_field_order() -> None:
    assert json.dumps(to_plain(Hop(2, 3))) == '{"from": 2, "to": 3, "fuel": 0}'


@pytest.mark.parametrize(
    "data",
    [{"from": 2, "to": 3, "fuel": 0}, {"to": 3, "from": 2}, {"from": 2, "to": 3}],
    ids=["in order", "another order", "a default left out"],
)
def test_a_field_is_read_back_from_its_json_key(data: dict[str, int]) -> None:
    assert from_plain(Hop, data) == Hop(2, 3)


def test_a_field_is_not_read_under_its_python_name() -> None:
    with pytest.raises(ValueError, match=r"unknown fields for Hop: \['source'\]"):
        from_plain(Hop, {"source": 2, "to": 3})


def test_tuples_are_written_as_lists_and_read_back_as_tuples() -> None:
    route = Route(name="x", stops=(1, 2), detour=(5,), first=1)
    data = to_plain(route)
    assert json.dumps(data) == '{"name": "x", "stops": [1, 2], "detour": [5], "from": 1}'
    assert from_plain(Route, json.loads(json.dumps(data))) == route
    assert to_plain(Route(name="y")) == {"name": "y", "stops": [], "detour": None, "from": 0}
    assert from_plain(Route, {"name": "y"}) == Route(name="y")


@pytest.mark.parametrize("stops", [3, [1, "2"], None])
def test_a_tuple_field_reads_only_a_list_of_its_items(stops: object) -> None:
    with pytest.raises(ValueError):
        from_plain(Route, {"name": "x", "stops": stops})


def test_a_tuple_in_a_field_typed_as_a_list_is_still_refused() -> None:
    with pytest.raises(TypeError, match="cannot store tuple in the state"):
        to_plain(Plain(stops=(1, 2)))  # type: ignore[arg-type]
