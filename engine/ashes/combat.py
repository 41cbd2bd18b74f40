"""Ashes 7.7 Space combat (Ashes 6.2.2, 6.2.3): attackers, defenders and spectators by their PV."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.ashes.economy import trunc
from engine.ashes.flights import flee
from engine.ashes.landing import land
from engine.ashes.morale import change_fm, change_tm, fm_of, percent
from engine.ashes.rules import AD_MAX, ESCORT_PER_TR
from engine.ashes.state import AshesState, BattleReport, BattleSide, Fleet, Planet
from engine.ashesmap.galaxy import Galaxy
from engine.core import NEUTRAL
from engine.dice import Dice


@dataclass
class Side:
    """One empire's fleet in the orbit during a battle."""

    fleet: Fleet
    report: BattleSide
    active: int
    """FI that fight: all FI less the escorts (Ashes 6.1.8)."""
    strength: Fraction
    fm: int
    """FM% as the fleet entered the fight: losses are simultaneous (Ashes 6.2.3)."""
    kills: int = 0

    @property
    def player(self) -> int:
        return self.fleet.owner


def escorts(fi: int, tr: int) -> int:
    """1 escort FI per started 5 TR, at most all FI (Ashes 6.1.8)."""
    return min(fi, -(-tr // ESCORT_PER_TR))


def role(state: AshesState, planet: Planet, player: int) -> str:
    """attack (PV 0 to the owner), defend (owner, PV 2) or watch (PV 1) (Ashes 4.3, 6.2.2).

    Everyone has PV 0 to Neutral and Neutral to everyone.
    """
    if player == planet.owner:
        return "defend"
    if NEUTRAL in (player, planet.owner):
        return "attack"
    return {0: "attack", 1: "watch", 2: "defend"}[state.pv[player][planet.owner]]


def fighting_strength(active: int, fm: int, home_pm: int | None) -> Fraction:
    """FI x FM%; the owner's FI also x PM%/100 when PM% > 100 (Ashes 6.2.2)."""
    strength = active * percent(fm)
    if home_pm is not None and home_pm > 100:
        strength *= Fraction(home_pm, 100)
    return strength


def superiority(larger: Fraction, smaller: Fraction) -> Fraction:
    """AD: the larger strength over the smaller, at most 2.5 (Ashes 6.2.3).

    Against no strength at all AD is 2.5; with no strength on either side 1.
    """
    if smaller == 0:
        return AD_MAX if larger > 0 else Fraction(1)
    return min(AD_MAX, larger / smaller)


def pair_losses(
    shooter_fi: int, shooter_fm: int, ad: Fraction, target_fi: int, target_total: int
) -> int:
    """FI one side loses to one shooter (Ashes 6.2.3).

    Aj verliert: INT(0.5 * (DF{Vi} * FM%{Vi} / 100 / AD) * AF{Aj} / AF), and the same
    with the roles swapped for Vi.
    """
    if target_total == 0:
        return 0
    return trunc(
        Fraction(1, 2) * (shooter_fi * percent(shooter_fm) / 100 / ad) * target_fi / target_total
    )


def _sides(state: AshesState, planet: Planet) -> list[tuple[str, Side]]:
    fleets = [
        f for f in state.fleets if f.target == planet.number and f.stage is None and f.fi + f.tr > 0
    ]
    sides = []
    for f in sorted(fleets, key=lambda f: f.owner):
        r = role(state, planet, f.owner)
        esc = escorts(f.fi, f.tr) if r == "attack" or state.options.escort_defenders else 0
        active = f.fi - esc
        pm = planet.pm if f.owner == planet.owner else None
        fm = fm_of(state, f.owner)
        sides.append(
            (
                r,
                Side(
                    fleet=f,
                    report=BattleSide(player=f.owner, role=r, fi=f.fi, tr=f.tr),
                    active=active,
                    strength=fighting_strength(active, fm, pm),
                    fm=fm,
                ),
            )
        )
    return sides


def _shoot(shooters: list[Side], targets: list[Side], ad: Fraction) -> None:
    """Every shooter against every target; losses capped at the FI there are (Ashes 6.2.3).

    Escorts count as targets only when the losses exceed the fighting FI (Ashes 6.2.3), which
    the cap at all FI of the fleet gives.
    """
    total = sum(t.active for t in targets)
    for s in shooters:
        for t in targets:
            hits = pair_losses(s.active, s.fm, ad, t.active, total)
            hits = min(hits, t.fleet.fi - t.report.lost_fi)
            t.report.lost_fi += hits
            s.kills += hits


def battle(
    state: AshesState,
    galaxy: Galaxy,
    planet: Planet,
    dice: Dice,
    pending_names: dict[tuple[int, int], str],
) -> BattleReport | None:
    """The battle report of one planet; fights, flights home and the landing attempt."""
    sides = _sides(state, planet)
    if all(s.player == planet.owner for _, s in sides):
        return None
    report = BattleReport(
        planet=planet.number, owner=planet.owner, pdu=planet.pdu, sides=[s.report for _, s in sides]
    )
    attackers = [s for r, s in sides if r == "attack"]
    defenders = [s for r, s in sides if r == "defend"]
    if not attackers:
        return report
    strength_a = sum((s.strength for s in attackers), Fraction(0))
    strength_d = sum((s.strength for s in defenders), Fraction(0))
    report.strength_a, report.strength_d = trunc(strength_a), trunc(strength_d)
    report.af = sum(s.active for s in attackers)
    report.df = sum(s.active for s in defenders)
    if defenders:
        report.fought = True
        report.attackers_won = strength_a > strength_d  # Ashes 6.2.2: ties go to the defenders
        ad = superiority(max(strength_a, strength_d), min(strength_a, strength_d))
        # Ashes 6.2.3: losses are computed from the fleets as they entered the fight
        _shoot(attackers, defenders, ad)
        _shoot(defenders, attackers, ad)
        winners, losers = (attackers, defenders) if report.attackers_won else (defenders, attackers)
        for group, outcome in ((winners, 1), (losers, -1)):
            for s in group:
                s.fleet.fi -= s.report.lost_fi
                # Ashes 6.2.5: +1 per enemy FI destroyed, -1 per FI lost, +/-1 for the battle
                change_fm(state, s.player, s.kills - s.report.lost_fi + outcome)
        for s in losers:
            s.report.lost_tr = s.fleet.tr
            change_tm(state, s.player, -s.fleet.tr)
            s.report.fled_fi = s.fleet.fi
            s.report.fled_to = flee(state, galaxy, s.player, planet.number, s.fleet.fi)
            s.fleet.fi = s.fleet.tr = 0
    else:
        report.attackers_won = True  # Ashes 7.8: nobody defends the orbit
        ad = superiority(strength_a, Fraction(0))
    if report.attackers_won and any(s.fleet.tr for s in attackers):
        land(
            state, planet, [(s.fleet, s.report) for s in attackers], ad, dice, report, pending_names
        )
    return report


def combat_phase(
    state: AshesState, galaxy: Galaxy, dice: Dice, pending_names: dict[tuple[int, int], str]
) -> None:
    """Ashes 7.7 and 7.8 for every planet with foreign fleets in orbit, by planet number."""
    for planet in state.planets:
        report = battle(state, galaxy, planet, dice, pending_names)
        if report is not None:
            state.report.battles.append(report)
    state.tidy()
