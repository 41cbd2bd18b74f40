"""The GM options that switch rules off (design §2.7, [R Vorwort]): the espionage limits
of Strategie 5.3 (``espionage_mode``, ``g_min_rs``, ``g_max_active``) and the chapters
espionage, provinces, decay and tiered walls; each refusal names its reason, and what is
refused never becomes an item or a phase's work."""

from __future__ import annotations

import pytest

from engine.core import Order
from engine.wdw.items import find_items
from engine.wdw.options import WdwOptions
from engine.wdw.orders import Province, Spy, Work
from engine.wdw.state import Unit, Wall, WdwState
from tests.wdw.helpers import GAME, by_number, month, sample, unit_of


def said(order: Order, state: WdwState, lang: str = "de") -> str:
    return GAME.describe_order(state, 1, order, lang, by_number)


def _spy(code: str = "GI", unit: int = 601) -> Spy:
    return Spy(line=1, unit=unit, code=code, target="Tharnburg")


def _spies(**options: object) -> WdwState:
    """The sample with a second trained spy, 602, of realm 1."""
    state = sample(2, **options)
    state.units.append(Unit(realm=1, id=602, unit_class="character", size=1, kf="1/18", spion=True))
    return state


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        (
            {"chapters": {"espionage": False}},
            "Spionage (Strategie 5.3) ist in diesem Spiel abgeschaltet",
        ),
        ({"espionage_mode": "culture_only"}, "Spionage läuft in diesem Spiel nur über Kultur"),
    ],
)
def test_espionage_off_or_by_culture_only_refuses_g_orders_and_makes_no_item(
    options: dict[str, object], reason: str
) -> None:
    state = sample(**options)
    assert reason in said(_spy(), state)
    assert find_items(state, {1: [_spy()]}).spies == {}
    assert find_items(sample(), {1: [_spy()]}).ids() == ["G1"]  # by the rules: an item
    assert "Strategie 5.3" in said(_spy(), state, "en")


def test_g_min_rs_refuses_a_spy_below_the_rs_the_action_needs() -> None:
    state = sample(g_min_rs={"GA": 9})
    spy = state.unit(1, 601)
    assert spy is not None and spy.rs() < 9
    text = said(_spy("GA"), state)
    assert f"GA braucht einen Spion ab RS 9, Einheit 601 hat RS {spy.rs()}" in text
    assert "Wurf" not in text and find_items(state, {1: [_spy("GA")]}).spies == {}
    # Another action, and the same action without the option, stand.
    assert "braucht einen Spion" not in said(_spy("GI"), state)
    assert find_items(sample(), {1: [_spy("GA")]}).ids() == ["G1"]


def test_g_min_rs_lets_a_spy_of_the_rs_act() -> None:
    state = sample(2)
    spy = unit_of(state, 1, 601)
    state = sample(2, g_min_rs={"ga": spy.rs()})
    assert find_items(state, {1: [_spy("GA")]}).ids() == ["G1"]


@pytest.mark.parametrize(("limit", "items"), [(0, ["G1", "G2"]), (1, ["G1"]), (2, ["G1", "G2"])])
def test_g_max_active_counts_a_realms_g_orders_of_the_month(limit: int, items: list[str]) -> None:
    state = _spies(g_max_active=limit)
    orders = [_spy(unit=601), _spy(unit=602)]
    assert find_items(state, {1: orders}).ids() == items
    first, second = GAME.describe_orders(state, 1, orders, "de", by_number)
    refusal = "das Reich hat schon 1 G-Befehle in diesem Monat"
    assert refusal not in first
    assert (refusal in second) is (limit == 1)


def test_g_max_active_counts_a_units_replaced_order_once() -> None:
    state = _spies(g_max_active=1)
    orders = [_spy(unit=601), _spy("GO", unit=601)]
    texts = GAME.describe_orders(state, 1, orders, "de", by_number)
    assert not any("G-Befehle in diesem Monat" in t for t in texts)


def test_provinces_off_refuses_a_province_and_asks_the_gm_nothing() -> None:
    order = Province(line=1, name="Erinal", fields=("1/18", "1/19"))
    state = sample(chapters={"provinces": False})
    assert "Provinzen (Strategie 1.2) sind in diesem Spiel abgeschaltet" in said(order, state)
    assert find_items(state, {1: [order]}).provinces == {}
    assert find_items(sample(), {1: [order]}).ids() == ["V1"]


@pytest.mark.parametrize("decay", [True, False])
def test_decay_off_makes_no_item_and_no_settlement_decays(decay: bool) -> None:
    state = sample(chapters={"decay": decay})
    guru = state.settlements[0]
    guru.unpaid, guru.progress = True, ["verfall=19/20"]
    assert (find_items(state, {}).decays == {}) is not decay
    after = month(state)
    assert (after.settlements[0].bev < guru.bev) is decay
    assert (after.settlements[0].progress == ["verfall=19/20"]) is not decay


def _wall(bwp: int, damage: int = 0, **options: object) -> WdwState:
    state = sample(**options)
    worker = unit_of(state, 1, 201)
    worker.size = 12500  # a whole tier a month
    state.walls.append(Wall("1/18", 3, 1, bwp, damage))
    return state


def test_tiered_walls_off_refuses_building_past_the_first_tier() -> None:
    order = Work(line=1, unit=201, code="AB", structure="wall", side=3)
    off = {"chapters": {"tiered_walls": False}}
    text = said(order, _wall(5, **off))
    assert "gestaffelte Wälle (Strategie 3.5) sind in diesem Spiel abgeschaltet" in text
    assert "höchstens 5 BWP" in text
    assert "abgeschaltet" not in said(order, _wall(5))
    assert month(_wall(5, **off), order).walls[0].bwp == 5
    assert month(_wall(5), order).walls[0].bwp == 10


def test_tiered_walls_off_still_builds_the_first_tier_and_repairs() -> None:
    order = Work(line=1, unit=201, code="AB", structure="wall", side=3)
    off = {"chapters": {"tiered_walls": False}}
    assert month(_wall(2, **off), order).walls[0].bwp == 5  # 3 of 5 BWP built, no more
    repaired = month(_wall(3, 2, **off), order).walls[0]
    assert (repaired.bwp, repaired.damage) == (5, 0)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"espionage_mode": "dreams"}, "espionage_mode"),
        ({"g_min_rs": {"KA": 2}}, "no G action"),
        ({"g_min_rs": [3]}, "g_min_rs must map"),
        ({"chapters": {"magic": False}}, "no chapter 'magic'"),
        ({"chapters": {"unit_kit": False}}, "cannot be switched off yet"),
        ({"chapters": ["decay"]}, "chapters must map"),
        ({"movement": "bp"}, "needs bp_costs"),
        ({"movement": "hops"}, "movement must be"),
        ({"bp_costs": {"Wald": 5}}, "only used with movement"),
        ({"movement": "bp", "bp_costs": {"Wald": 0}}, "'Wald' must cost"),
        ({"movement": "bp", "bp_costs": [3]}, "bp_costs must map"),
        ({"bukaz_split": True}, "'bukaz_split' is not built yet"),
    ],
)
def test_a_bad_or_unbuilt_option_is_refused_with_its_reason(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        WdwOptions.of(options)  # type: ignore[arg-type]


def test_every_chapter_is_in_play_unless_switched_off() -> None:
    assert WdwOptions().chapter("decay") and WdwOptions.of({"chapters": {"decay": True}}).chapter(
        "decay"
    )
    assert not WdwOptions.of({"chapters": {"decay": False}}).chapter("decay")
