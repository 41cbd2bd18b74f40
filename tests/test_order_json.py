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
from engine.core import Order, OrderKinds, OrderLanguage, PrintoutFiles, order_items
from engine.starweb.orders import Move, Transfer
from grammar.ashes import LANGUAGE as ASHES
from grammar.starweb import LANGUAGE as STARWEB
from grammar.starweb import ORDER_KINDS as STARWEB_ORDERS
from mailserver.inbound.echo import echo
from tests import lanes
from tests.order_examples import MAILS, RECORDED, examples, stored_text
from tests.toykind.engine import ORDER_KINDS as TOY_ORDERS
from tests.toykind.grammar import LANGUAGE as TOY

CODECS: dict[str, OrderKinds] = {
    "ashes": ASHES_ORDERS,
    "starweb": STARWEB_ORDERS,
    "toy": TOY_ORDERS,
}
LANGUAGES: dict[str, OrderLanguage] = {"ashes": ASHES, "starweb": STARWEB, "toy": TOY}
STORED: dict[str, Any] = json.loads(RECORDED.read_text("utf-8"))
SETTING = PrintoutFiles.kind
"""Recorded as an order before settings were parted from the orders."""

EVERY_CLASS = [(game, cls) for game, codec in CODECS.items() for cls in codec.classes]
RECORDED_ORDERS = [(game, kind) for game in CODECS for kind in STORED[game] if kind != SETTING]


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
        assert {cls.kind for cls in codec.classes} == set(STORED[game]) - {SETTING}


def orders_of(cls: type[Order]) -> st.SearchStrategy[Order]:
    """Any order of ``cls``: every field (those with defaults too) from its type."""
    hints = get_type_hints(cls)
    fields = {f.name: st.from_type(hints[f.name]) for f in dataclasses.fields(cls)}
    return st.builds(cls, **fields)


@pytest.mark.parametrize(("game", "cls"), EVERY_CLASS, ids=class_id)
@settings(max_examples=lanes.examples(40), deadline=None)
@given(data=st.data())
def test_every_order_round_trips_through_its_stored_json(
    game: str, cls: type[Order], data: st.DataObject
) -> None:
    order = data.draw(orders_of(cls))
    text = stored_text(order)
    again = CODECS[game].from_json(json.loads(text))
    assert again == order and type(again) is cls
    assert stored_text(again) == text


@pytest.mark.parametrize("game", list(MAILS))
def test_an_order_mail_gives_the_recorded_orders_and_settings_apart(game: str) -> None:
    result = LANGUAGES[game].parse(MAILS[game])
    recorded = json.loads(STORED[f"{game} mail"]["orders"])
    parsed = result.to_json("en")
    assert json.dumps(parsed["orders"]) == json.dumps([o for o in recorded if o["kind"] != SETTING])
    assert json.dumps(parsed["settings"]) == json.dumps(
        [o for o in recorded if o["kind"] == SETTING]
    )
    assert not any(isinstance(order, PrintoutFiles) for order in result.orders)


@pytest.mark.parametrize("game", list(MAILS))
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_echo_of_an_order_mail_with_settings_is_as_recorded(game: str, lang: str) -> None:
    language = LANGUAGES[game]
    result = language.parse(MAILS[game])
    assert echo(result, lang, language.namer()) == STORED[f"{game} mail"]["echo"][lang]


@pytest.mark.parametrize("game", list(MAILS))
def test_orders_stored_with_a_printout_files_item_read_without_it(game: str) -> None:
    stored = json.loads(STORED[f"{game} mail"]["orders"])
    assert any(item["kind"] == SETTING for item in stored)
    kept = order_items(stored)
    assert [item["kind"] for item in kept] == [
        item["kind"] for item in stored if item["kind"] != SETTING
    ]
    orders = [LANGUAGES[game].order_from_json(item) for item in kept]
    assert [order.kind for order in orders] == [item["kind"] for item in kept]
    with pytest.raises(ValueError, match="unknown order kind 'printout_files'"):
        LANGUAGES[game].order_from_json(next(i for i in stored if i["kind"] == SETTING))


def test_a_setting_has_the_json_form_it_was_stored_in() -> None:
    setting = PrintoutFiles(line=4, file="map", on=False)
    assert (
        stored_text(setting) == '{"line": 4, "kind": "printout_files", "file": "map", "on": false}'
    )


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
