"""Orders get their JSON form from their fields (engine.core.Instruction, engine.plaindata):
exactly the form the hand-written codecs stored (tests/data/orders, recorded before), read
back strictly, for every order class of every kind."""

from __future__ import annotations

import dataclasses
import json
from typing import Any, get_type_hints

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ashes.orders import ORDER_KINDS as ASHES_ORDERS
from engine.ashes.orders import Flight, Production
from engine.core import Order, OrderKinds
from engine.starweb.orders import Move, Transfer
from grammar.starweb import ORDER_KINDS as STARWEB_ORDERS
from tests.order_examples import RECORDED, examples, stored_text
from tests.toykind.engine import ORDER_KINDS as TOY_ORDERS

CODECS: dict[str, OrderKinds] = {
    "ashes": ASHES_ORDERS,
    "starweb": STARWEB_ORDERS,
    "toy": TOY_ORDERS,
}
STORED: dict[str, Any] = json.loads(RECORDED.read_text("utf-8"))

EVERY_CLASS = [(game, cls) for game, codec in CODECS.items() for cls in codec.classes]
RECORDED_ORDERS = [(game, kind) for game in CODECS for kind in STORED[game]]


def class_id(value: Any) -> str:
    return value.__name__ if isinstance(value, type) else str(value)


@pytest.mark.parametrize(("game", "kind"), RECORDED_ORDERS, ids=lambda v: str(v))
def test_recorded_orders_read_back_and_write_byte_for_byte(game: str, kind: str) -> None:
    texts = STORED[game][kind]
    orders = [CODECS[game].from_json(json.loads(text)) for text in texts]
    assert orders == examples(game, type(orders[0]))
    assert [stored_text(order) for order in orders] == texts


def test_every_order_class_of_every_kind_has_recorded_json() -> None:
    for game, codec in CODECS.items():
        assert {cls.kind for cls in codec.classes} == set(STORED[game])


def orders_of(cls: type[Order]) -> st.SearchStrategy[Order]:
    """Any order of ``cls``: every field (those with defaults too) from its type."""
    hints = get_type_hints(cls)
    fields = {f.name: st.from_type(hints[f.name]) for f in dataclasses.fields(cls)}
    return st.builds(cls, **fields)


@pytest.mark.parametrize(("game", "cls"), EVERY_CLASS, ids=class_id)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_order_round_trips_through_its_stored_json(
    game: str, cls: type[Order], data: st.DataObject
) -> None:
    order = data.draw(orders_of(cls))
    text = stored_text(order)
    again = CODECS[game].from_json(json.loads(text))
    assert again == order and type(again) is cls
    assert stored_text(again) == text


def test_fields_absent_from_the_json_take_their_defaults() -> None:
    production = ASHES_ORDERS.from_json({"kind": "production", "planet": 2, "FP": 3})
    assert production == Production(planet=2, FP=3)
    transfer = STARWEB_ORDERS.from_json(
        {"kind": "transfer", "source": "I", "number": 3, "quantity": 2, "target": "P"}
    )
    assert transfer == Transfer(source="I", number=3, quantity=2, target="P")


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"kind": "flight", "from": 2, "fi": 1, "tr": 0, "to": 3, "via": 9}, ValueError),
        ({"kind": "flight", "from": "2", "fi": 1, "tr": 0, "to": 3}, ValueError),
        ({"kind": "flight", "source": 2, "fi": 1, "tr": 0, "to": 3}, ValueError),
        ({"kind": "flight", "fi": 1, "tr": 0, "to": 3}, TypeError),
        ({"kind": "teleport", "to": 3}, ValueError),
        ({"to": 3}, ValueError),
    ],
)
def test_json_that_no_codec_wrote_is_refused(data: dict[str, Any], error: type) -> None:
    with pytest.raises(error):
        ASHES_ORDERS.from_json(data)


def test_a_renamed_field_and_a_derived_code_are_keys_of_the_json_only() -> None:
    assert Flight(source=2, fi=1, tr=0, target=3).to_json() == {
        "from": 2,
        "fi": 1,
        "tr": 0,
        "to": 3,
    }
    move = Move(line=5, fleet=3, path=(7, 9))
    assert list(move.to_json()) == ["code", "fleet", "path"]
    assert STARWEB_ORDERS.from_json({"kind": "move", "line": 5, **move.to_json()}) == move
