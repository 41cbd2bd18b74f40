"""Combats (Strategie 6.2): the GM's verdict on each K item, told to each party (design
§8: its own figures exact, the enemy's as seen), its losses applied, the loser
retreating (Tab. 6.1-1) to the field its leg came from, or a drawn one (D28,
engine.wdw.retreat)."""

from __future__ import annotations

from fractions import Fraction

from engine.wdw.fights import Combat, winning_realm
from engine.wdw.items import Meeting
from engine.wdw.month import Month
from engine.wdw.phases.sightings import estimate
from engine.wdw.retreat import retreat
from engine.wdw.rulings import default_ruling, read
from engine.wdw.state import Unit
from engine.wdw.tables import defends_as


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
        _tell(month, units, meeting, verdict)
        for key, loss in verdict.losses:
            unit = units.get(key)
            if unit is None or unit.size == 0:
                continue
            unit.size = max(0, unit.size - loss)
            month.note(unit.realm, "note.loss", unit=unit.id, loss=loss, left=unit.size)
            if unit.size == 0:
                month.note(unit.realm, "note.destroyed", unit=unit.id)
        winner = winning_realm(verdict, meeting.a.realm, meeting.b.realm)
        if winner:
            # Strategie 6.2: every other party lost (of more than two, each fought all),
            # its late arrivals with it.
            party = meeting.party_of(winner)
            keys = tuple(k for k in _fighting(meeting) if units[k].realm not in party)
            _retreat(month, units, item, keys, winner, meeting.day)
    state.units = [u for u in state.units if u.size > 0]


def _tell(month: Month, units: dict[str, Unit], meeting: Meeting, verdict: Combat) -> None:
    """Each side's lines of the combat before its losses are applied (design §8 "the
    month": own figures, enemy figures as seen): where and the outcome; the day, the
    enemy's strength as an observer guesses it (two digits, as a sighting) and its own
    units with their sizes; its own losses, and the enemy's as guessed. The enemy's
    realm, units and properties are not told (docs/rules-wdw.md, "Sightings")."""
    fighting = [units[key] for key in _fighting(meeting) if key in units]
    lost: dict[str, int] = {}
    for key, loss in verdict.losses:
        lost[key] = lost.get(key, 0) + loss
    winner = winning_realm(verdict, meeting.a.realm, meeting.b.realm)
    parties = meeting.parties or ((meeting.a.realm,), (meeting.b.realm,))
    for seat in (realm for party in parties for realm in party):
        if not winner:
            outcome = "note.no_fight"
        else:
            outcome = "note.won" if winner in meeting.party_of(seat) else "note.lost"
        month.note(seat, outcome, kf=meeting.kf)
        own = [u for u in fighting if u.realm == seat]
        # Strategie 6.2: the enemy is every other party (its allies fight beside it).
        theirs = [u for u in fighting if u.realm not in meeting.party_of(seat)]
        month.note(
            seat,
            "note.battle_sides",
            day=int(meeting.day),
            theirs=estimate(sum(u.size for u in theirs)),
            own=sum(u.size for u in own),
            units=", ".join(f"{u.id}: {u.size}" for u in own),
        )
        own_loss = sum(min(lost.get(u.key, 0), u.size) for u in own)
        their_loss = sum(min(lost.get(u.key, 0), u.size) for u in theirs)
        month.note(seat, "note.battle_losses", own=own_loss, theirs=estimate(their_loss))


def _fighting(meeting: Meeting) -> tuple[str, ...]:
    """Every unit of the combat once: sides A and B, then the late arrivals."""
    keys = (*meeting.a.units, *meeting.b.units, *(key for key, _ in meeting.late))
    return tuple(dict.fromkeys(keys))


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
        if unit is None or unit.size == 0 or defends_as(unit.order) in ("KN", "KH"):
            continue  # Strategie 6.2: KN or KH (a worker's H or I, 5.2) do not retreat
        retreat(month, item, unit, winner, day)
