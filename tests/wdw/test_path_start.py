"""docs/orders-wdw.md, Field: a path begins next to the unit. One that names the
unit's own field first is refused with that reason, not with "1/20 does not border
1/20"."""

from __future__ import annotations

from engine.wdw.orders import Fight, Work
from tests.wdw.helpers import GAME, by_number, sample


def test_a_path_naming_the_units_own_field_first_says_a_path_begins_next_to_it() -> None:
    state = sample()
    here = state.unit(1, 101).kf  # type: ignore[union-attr]
    order = Fight(unit=101, code="KA", path=(here, "1/21"))
    german = GAME.describe_order(state, 1, order, "de", by_number)
    english = GAME.describe_order(state, 1, order, "en", by_number)
    assert german.endswith(
        f"Weg: ein Weg beginnt neben der Einheit (101 steht in {here}); "
        "schreiben Sie die Felder danach"
    )
    assert f"path: a path begins next to the unit (101 stands in {here})" in english
    assert "does not border" not in english


def test_a_workers_path_naming_its_own_field_first_says_the_same() -> None:
    state = sample()
    here = state.unit(1, 201).kf  # type: ignore[union-attr]
    order = Work(unit=201, code="AB", structure="stv", path=(here,))
    reason = GAME.describe_order(state, 1, order, "de", by_number)
    assert f"ein Weg beginnt neben der Einheit (201 steht in {here})" in reason
