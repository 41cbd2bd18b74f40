"""Spending political points: spying and research (Ashes 6.3.4)."""

from __future__ import annotations

import copy

from engine.ashes.morale import bounded
from engine.ashes.orders import Research, Spy
from engine.ashes.rules import PR_MAX60, SPY_COST
from engine.ashes.state import AshesState, News, SpyReport
from engine.dice import Dice


def spy(state: AshesState, before: AshesState, player: int, order: Spy) -> None:
    """7 PP buy the report of a planet as it stood before this turn's orders (Ashes 6.3.4)."""
    p = state.player(player)
    if not 1 <= order.planet <= len(state.planets) or p.pp < SPY_COST:
        state.report.notices.append(
            News(kind="spy_rejected", player=player, planet=order.planet, number=p.pp)
        )
        return
    p.pp -= SPY_COST
    planet = before.planet(order.planet)
    fleet = before.orbit(planet.number, planet.owner)
    state.report.spies.append(
        SpyReport(
            player=player,
            planet=copy.deepcopy(planet),
            fi=fleet.fi if fleet else 0,
            tr=fleet.tr if fleet else 0,
        )
    )


def successes(pp: int, dice: Dice, label: str, player: int) -> int:
    """Each PP succeeds with a chance of 50 % (Ashes 6.3.4): a d2 each, 2 succeeds. Only
    the researcher sees them, as only his printout tells his research."""
    return sum(dice.below(label, 2, seen_by=frozenset({player})) for _ in range(pp))


def research(state: AshesState, player: int, order: Research, dice: Dice) -> None:
    """Per PP: PR +1/60 on a planet, or FM% / TM% +0.01, each with a 50 % chance (Ashes 6.3.4).

    An order for more PP than the player has spends what there is.
    """
    p = state.player(player)
    pp = min(order.pp, max(0, p.pp))
    if order.target == "PR" and (
        order.planet is None or not 1 <= order.planet <= len(state.planets)
    ):
        pp = 0
    if pp < order.pp:
        state.report.notices.append(
            News(kind="research_cut", player=player, number=pp, other=order.pp, item=order.target)
        )
    if pp <= 0:
        return
    p.pp -= pp
    label = f"research seat {player} {order.target}"
    if order.target == "PR":
        label += f" P{order.planet}"
    gained = successes(pp, dice, label, player)
    if order.target == "PR" and order.planet is not None:
        planet = state.planet(order.planet)
        planet.pr60 = min(PR_MAX60, planet.pr60 + gained)
    elif order.target == "FM":
        p.fm = bounded(p.fm, gained)
    else:
        p.tm = bounded(p.tm, gained)
    state.report.notices.append(
        News(
            kind="research_done",
            player=player,
            number=gained,
            other=pp,
            item=order.target,
            planet=order.planet or 0,
        )
    )
