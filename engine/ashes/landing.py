"""Ashes 7.8 Landing attempts (Ashes 6.2.4) and their outcome: conquest, or a revolt."""

from __future__ import annotations

from fractions import Fraction

from engine.ashes.economy import trunc
from engine.ashes.morale import change_tm, percent, tm_of
from engine.ashes.revolt import revolt
from engine.ashes.rules import PM_AFTER_CHANGE
from engine.ashes.state import AshesState, BattleReport, BattleSide, Fleet, News, Planet
from engine.core import NEUTRAL
from engine.dice import PRIVATE, Dice


def landing_strength(tr: int, tm: int, ad: Fraction) -> Fraction:
    """AS of one attacker's TR: AT x TM% x AD (Ashes 6.2.4)."""
    return tr * percent(tm) * ad


def tr_losses(pdu: int, pm: int, tr: int, total_tr: int) -> int:
    """Aj verliert TR: INT(PDU * PM% / 100) * (AT{Aj} / AT), truncated (Ashes 6.2.4)."""
    return trunc(trunc(Fraction(pdu * pm, 100)) * Fraction(tr, total_tr))


def pdu_destroyed(tr: int, tm: int, ad: Fraction) -> int:
    """Aj zerstört PDU: INT(AT{Aj} * TM%{Aj} * AD / 100) (Ashes 6.2.4)."""
    return trunc(tr * percent(tm) * ad / 100)


def land(
    state: AshesState,
    planet: Planet,
    attackers: list[tuple[Fleet, BattleSide]],
    ad: Fraction,
    dice: Dice,
    report: BattleReport,
    pending_names: dict[tuple[int, int], str],
) -> None:
    """All TR of all attackers against the PDU; the planet falls when AS > DS (Ashes 6.2.4).

    Each attacker destroys PDU and loses TR computed from the PDU present, so that no
    result depends on the seat numbers. The attacker with most TR takes the planet (ties:
    higher TM%, then more FI, then the lot), PM% falls to 50 and the defenders' remaining
    PDU are lost. A repelled landing costs PM% 1 per destroyed PDU and lets the population
    revolt (Ashes 4.4.2, 7.8).
    """
    landing = [(f, side) for f, side in attackers if f.tr > 0]
    total_tr = sum(f.tr for f, _ in landing)
    tm = {f.owner: tm_of(state, f.owner) for f, _ in landing}  # as they entered (Ashes 6.2.4)
    strength_a = sum((landing_strength(f.tr, tm[f.owner], ad) for f, _ in landing), Fraction(0))
    strength_d = Fraction(planet.pdu * planet.pm)
    report.landing = True
    report.landing_a, report.landing_d = trunc(strength_a), trunc(strength_d)
    pdu_before, entered = planet.pdu, {f.owner: (f.tr, f.fi) for f, _ in landing}
    hits_total = 0
    for fleet, side in landing:
        lost = min(fleet.tr, tr_losses(pdu_before, planet.pm, fleet.tr, total_tr))
        # Ashes 6.2.4: "Die TR verschiedener Angreifer können aber dasselbe PDU mehrfach
        # treffen": each attacker's hits are capped by the PDU present, whoever else lands
        cap = pdu_before - hits_total if state.options.landing_seat_order else pdu_before
        side.killed_pdu = min(pdu_destroyed(fleet.tr, tm[fleet.owner], ad), cap)
        hits_total += side.killed_pdu
        side.lost_tr += lost
        change_tm(state, fleet.owner, side.killed_pdu - lost)
    for fleet, side in landing:
        fleet.tr -= side.lost_tr
    destroyed_total = min(pdu_before, hits_total)  # no more PDU than there are (Ashes 6.2.4)
    planet.pdu -= destroyed_total
    if strength_a > strength_d:
        best = max((tr, tm[owner], fi) for owner, (tr, fi) in entered.items())
        tied = sorted(owner for owner, (tr, fi) in entered.items() if (tr, tm[owner], fi) == best)
        # Ashes 6.2.4: "danach das Los". Private: a lot among them tells the losers that
        # the winners' TM% equalled theirs, which no printout shows (docs/dice.md).
        winner = (
            tied[0]
            if len(tied) == 1
            else dice.choose(f"landing P{planet.number}", tied, seen_by=PRIVATE)
        )
        old_owner = planet.owner
        planet.owner, planet.pm, planet.pdu = winner, PM_AFTER_CHANGE, 0
        name = pending_names.get((winner, planet.number))
        if name:
            planet.name = name
        report.new_owner = winner
        state.report.news.append(
            News(kind="conquest", planet=planet.number, player=winner, other=old_owner)
        )
        return
    planet.pm = max(0, planet.pm - destroyed_total)
    if planet.owner != NEUTRAL:
        report.revolt_pdu = revolt(state, planet, dice)
        report.went_neutral = planet.owner == NEUTRAL
