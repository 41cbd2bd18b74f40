"""A GM's mail of rulings checked as a whole (engine.wdw.ruling_mail, design §4.2): the
answers — refusals, their order and their words — are those of checking one ruling
after the other on the month as the rulings before it leave it, on crowded random
worlds with hiding units, KT questions, fights of more than two parties and rulings
that refer to late arrivals (hypothesis); and a mail of many rulings finds the month a
few times, not once per ruling."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import CORRECTION, Order, PlayerSetup, Ruling, Setup, taken
from engine.wdw import ruling_mail
from engine.wdw.forecast import standing
from engine.wdw.form import form_lines
from engine.wdw.items import Items, find_items
from engine.wdw.orders import Fight
from engine.wdw.rulings import check
from engine.wdw.state import Realm, Unit, WdwState, world
from engine.wdw.texts import say
from tests.lanes import examples
from tests.wdw.helpers import GAME
from tests.wdw.test_parties import ORDERS as THREE_ORDERS
from tests.wdw.test_parties import _three

CODES = ("KA", "KV", "KN", "KT", "KH", "KX", "KA", "KT")
"""The main orders of the crowd's units (KX hides: ``D`` questions; KT: ``E`` ones)."""


def crowd(
    codes: Sequence[str], realms: int = 4, fields: int = 6
) -> tuple[WdwState, dict[int, list[Order]]]:
    """``realms`` realms on the sample map, a unit for each of ``codes`` in each, all in
    ``fields`` neighbouring fields, every one under its K order one field onward: a
    crowded month of every kind of meeting."""
    base = GAME.new_game(Setup(1, [PlayerSetup(1), PlayerSetup(2)], seed=1), Random(0))
    the_map = world(base.map_text)
    land = sorted((f for f in the_map.fields.values() if not f.water), key=lambda f: (f.y, f.x))
    units: list[Unit] = []
    orders: dict[int, list[Order]] = {}
    for seat in range(1, realms + 1):
        orders[seat] = []
        for n, code in enumerate(codes):
            where = land[(seat * 3 + n) % fields]
            units.append(Unit(seat, 100 + n, "land", 500 + 250 * n, where.id, nahkampf=1))
            step = next((x for x in where.neighbours if x and not the_map.fields[x].water), None)
            orders[seat].append(Fight(unit=100 + n, code=code, path=(step,) if step else ()))
    state = WdwState(1, 0, 1, 1000, 1, base.map_text, [], [], units)
    state.realms = [Realm(seat, f"Reich {seat}", treasury=1000) for seat in orders]
    return state, orders


def one_by_one(
    state: WdwState, orders: dict[int, list[Order]], given: list[Ruling], mail: Sequence[Ruling]
) -> list[str]:
    """The check as it was, ruling by ruling: the month found again for each (and the
    month without rulings, for a meeting an earlier answer did away with)."""
    kept = standing(state, orders).orders
    unruled = find_items(state, kept)
    answers = []
    for ruling in mail:
        if ruling.item == CORRECTION:
            why = GAME.check_correction(state, ruling, "de")
        else:
            items, item = find_items(state, kept, given), ruling.item.upper()
            if given and item not in items.meetings and item in unruled.meetings:
                why = say("de", "ruling.meeting_gone", item=item)
            else:
                why = check(state, items, ruling, "de")
        answers.append(why)
        if not why:
            given = taken(given, ruling)
    return answers


def words_for(item: str, units: Sequence[str], realms: Sequence[int]) -> list[str]:
    """Rulings on ``item`` a GM might write, good and bad: each side, nobody, a realm
    (a party or none), rounds (within the BP and beyond), losses of any unit (in the
    fight, a late arrival or elsewhere, within its size and beyond), words not
    understood."""
    kind = item[0]
    if kind == "E":
        return ["A überlegen", "B überlegen", "überlegen"]
    if kind == "D":
        return ["entdeckt", "nicht entdeckt", "vielleicht"]
    found = ["Sieger A; Verluste keine", "Sieger B", "Sieger keiner", "Runden 1", "Runden 9"]
    found += [f"Sieger Reich {r}; Verluste keine" for r in (*realms, 9)]  # 9: no realm
    found += [f"Sieger A; Verluste {u} 100" for u in units]
    found += [f"Sieger B; Verluste {u} 99999" for u in units[:2]]
    return [*found, "Sieger vielleicht"]


def pool(state: WdwState, orders: dict[int, list[Order]]) -> list[Ruling]:
    """Every ruling of :func:`words_for` on every meeting of the month without rulings,
    and on items it does not have (``K9``, ``e77``), and a correction."""
    items: Items = find_items(state, standing(state, orders).orders)
    units = [u.key for u in state.units]
    realms = [r.seat for r in state.realms]
    out = [Ruling(i, w) for i in [*items.meetings, "K9"] for w in words_for(i, units, realms)]
    return [*out, Ruling("e77", "A überlegen"), Ruling(CORRECTION, "Schatz 1 +5", "Fund")]


WORLDS = [
    pytest.param(lambda: (_three(), THREE_ORDERS), id="three-parties"),
    pytest.param(lambda: crowd(CODES[:5]), id="crowd"),
    pytest.param(lambda: crowd(CODES, realms=3), id="hiding-crowd"),
    pytest.param(lambda: crowd(CODES, fields=10), id="parties-crowd"),
]


@pytest.mark.parametrize("make", WORLDS)
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_a_mail_of_rulings_gets_the_answers_of_one_ruling_after_the_other(
    make: object, data: st.DataObject
) -> None:
    state, orders = make()  # type: ignore[operator]
    rulings = pool(state, orders)
    form = [Ruling(*line.split(" ", 1)) for line in _form(state, orders)]
    mail = data.draw(
        st.one_of(
            st.lists(st.sampled_from(rulings), min_size=1, max_size=12),
            st.lists(st.sampled_from(form), min_size=1, max_size=12),
            st.permutations(form).map(lambda lines: lines[:12]),
        )
        .flatmap(lambda head: st.lists(st.sampled_from(rulings), max_size=3).map(head.__add__))
        .flatmap(st.permutations)
    )
    given_before = data.draw(st.lists(st.sampled_from(form), max_size=2))
    before: list[Ruling] = []
    for ruling in given_before:
        before = taken(before, ruling)
    expected = one_by_one(state, orders, before, mail)
    assert GAME.check_rulings(state, orders, before, mail, "de") == expected


def _form(state: WdwState, orders: dict[int, list[Order]]) -> list[str]:
    kept = standing(state, orders).orders
    return form_lines(state, kept, find_items(state, kept), "de")


@pytest.fixture
def findings(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How often the mail's check finds the month."""
    count = [0]

    def counted(*args: object, **kwargs: object) -> Items:
        count[0] += 1
        return find_items(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ruling_mail, "find_items", counted)
    yield count


def test_the_form_sent_back_finds_the_month_once_and_again_for_a_further_party(
    findings: list[int],
) -> None:
    state, orders = crowd(CODES, fields=10)
    form = [Ruling(*line.split(" ", 1)) for line in _form(state, orders)]
    # A combat won by a further party (Strategie 6.2) needs the month of the rulings
    # before it to its end: who joined the fight late.
    parties = [r for r in form if r.text.startswith("Sieger Reich")]
    assert len(form) > 30 and parties
    answers = GAME.check_rulings(state, orders, [], form, "de")
    assert answers == [""] * len(form)
    assert findings[0] == 1 + len(parties)


def test_a_mail_with_refused_and_reordered_rulings_finds_the_month_a_few_times(
    findings: list[int],
) -> None:
    state, orders = crowd(CODES, fields=10)
    form = [Ruling(*line.split(" ", 1)) for line in _form(state, orders)]
    mail = [*form[::-1], Ruling("K1", "Sieger vielleicht"), Ruling("E1", "Runden 3")]
    answers = GAME.check_rulings(state, orders, [], mail, "de")
    assert answers == one_by_one(state, orders, [], mail)
    assert answers[-2:] != ["", ""]
    # The month without rulings answers for the reversed form, but for the further
    # parties; the mail assumed taken was tried first.
    assert findings[0] <= 5 and len(mail) > 30
