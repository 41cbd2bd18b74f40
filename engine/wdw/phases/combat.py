"""Combats (Strategie 6.2): the GM's verdict on each K item, its losses applied, the
loser retreating (Tab. 6.1-1) to the field its leg came from, or a drawn one (D28,
engine.wdw.retreat)."""

from __future__ import annotations

from fractions import Fraction

from engine.wdw.fights import Combat
from engine.wdw.month import Month
from engine.wdw.retreat import retreat
from engine.wdw.rulings import default_ruling, read
from engine.wdw.state import Unit


def run(month: Month) -> None:
    """Apply the verdict of every combat (an item without one takes the form's default:
    publication is refused while items are open, so only a draft ever does)."""
    state = month.state
    units = {u.key: u for u in state.units}
    for item, meeting in month.items.meetings.items():
        if not item.startswith("K"):
            continue
        verdict = month.verdict(item) or read(item, default_ruling(item, month.items))
        if not isinstance(verdict, Combat):
            continue
        for seat, side in ((meeting.a.realm, "a"), (meeting.b.realm, "b")):
            if verdict.winner == "none":
                key = "note.no_fight"
            else:
                key = "note.won" if verdict.winner == side else "note.lost"
            month.note(seat, key, kf=meeting.kf)
        for key, loss in verdict.losses:
            unit = units.get(key)
            if unit is None or unit.size == 0:
                continue
            unit.size = max(0, unit.size - loss)
            month.note(unit.realm, "note.loss", unit=unit.id, loss=loss, left=unit.size)
            if unit.size == 0:
                month.note(unit.realm, "note.destroyed", unit=unit.id)
        if verdict.winner in ("a", "b"):
            loser, winner = (
                (meeting.b, meeting.a) if verdict.winner == "a" else (meeting.a, meeting.b)
            )
            # Strategie 6.2: the loser's late arrivals retreat with it.
            late = tuple(key for key, _ in meeting.late if units[key].realm == loser.realm)
            keys = (*loser.units, *late)
            _retreat(month, units, item, keys, winner.realm, meeting.day)
    state.units = [u for u in state.units if u.size > 0]


def _retreat(
    month: Month,
    units: dict[str, Unit],
    item: str,
    keys: tuple[str, ...],
    winner: int,
    day: Fraction,
) -> None:
    for key in keys:
        unit = units.get(key)
        if unit is None or unit.size == 0 or unit.order[:2] in ("KN", "KH"):
            continue  # Strategie 6.2: units under KN or KH do not retreat after a loss
        retreat(month, item, unit, winner, day)
