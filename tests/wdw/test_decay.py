"""Decay (Strategie 3.4; F15, D24): an Einnahmetermin the treasury cannot cover leaves
the realm's settlements unpaid; they lose BWP/120 a month in exact parts, and the GM
names the structure of each whole BWP (the ``Z`` items)."""

from __future__ import annotations

from engine.core import Ruling
from engine.wdw.items import find_items
from engine.wdw.state import WdwState
from tests.wdw.helpers import GAME, month, sample


def broke_in_june() -> WdwState:
    state = sample()
    state.month = 6
    for realm in state.realms:
        realm.treasury = 0
    state.settlements[0].population = 0  # Guru earns nothing, its BWP cost upkeep
    return state


def test_an_einnahmetermin_the_treasury_cannot_cover_leaves_the_settlements_unpaid() -> None:
    state = month(broke_in_june())
    guru, tharnburg = state.settlements[0], state.settlements[1]
    assert guru.unpaid and not tharnburg.unpaid
    assert "Guru: der Unterhalt ist nicht bezahlt" in GAME.printout(state, 1, "de")


def test_an_unpaid_settlement_decays_a_120th_of_its_bwp_a_month() -> None:
    state = sample()
    guru = state.settlements[0]
    guru.unpaid = True  # 13 BWP: 13/120 BWP a month
    state = month(state)
    assert state.settlements[0].progress == ["verfall=13/120"]
    assert find_items(state, {}).decays == {}


def test_a_whole_bwp_is_an_item_and_the_gm_names_the_structure() -> None:
    state = sample()
    guru = state.settlements[0]
    guru.unpaid, guru.progress = True, ["verfall=19/20"]
    items = find_items(state, {})
    assert items.decays == {"Z1": ("Guru", "bev")}
    dossier = GAME.dossier(state, {}, "de")
    assert "Z1 Verfall in Guru (Reich 1): ein BWP zerfällt" in dossier
    # The structure as players read it (Strategie 3.2), not the state's field name "bev".
    assert "(Vorschlag: die größte, Bev)" in dossier and "\nZ1 Bev\n" in dossier
    assert "(proposed: the largest, Bev)" in GAME.dossier(state, {}, "en")
    after = month(state, rulings=(Ruling("Z1", "Mil"),))
    assert (after.settlements[0].mil, after.settlements[0].bev) == (2, 5)
    assert after.settlements[0].progress == ["verfall=7/120"]
    assert "Guru: 1 BWP Mil verfallen." in GAME.printout(after, 1, "de")
    assert month(state).settlements[0].bev == 4  # the default: the largest


def test_a_decay_ruling_names_a_structure() -> None:
    state = sample()
    state.settlements[0].unpaid, state.settlements[0].progress = True, ["verfall=19/20"]
    reason = GAME.check_ruling(state, {}, [], Ruling("Z1", "Turm"), "de")
    assert reason.startswith("Verfall: die Struktur")
    assert GAME.check_ruling(state, {}, [], Ruling("Z1", "rüs"), "de") == ""


def test_a_paid_einnahmetermin_ends_the_decay() -> None:
    state = sample()
    state.month = 12
    guru = state.settlements[0]
    guru.unpaid, guru.progress = True, ["verfall=1/2"]
    after = month(state)
    assert not after.settlements[0].unpaid and after.settlements[0].progress == []
