"""Building and besieging walls (Strategie 3.5, 5.1-2 B1–B6, 5.2 AB, 6.4; F16, D19,
D24): why a wall order fails, the BWP a worker builds at a side of its field, the wall
sieges the GM confirms (``B`` items after the settlements' sieges), and the printout's
and dossier's lines. The acknowledgement, the dossier and the month read the same
rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from engine.core import NEUTRAL, Order
from engine.wdw.calculators.texts import number
from engine.wdw.checks_army import Refusal
from engine.wdw.checks_build import arrival_leg, work_share, worker_of
from engine.wdw.checks_conquest import owner_of
from engine.wdw.formulas import build_rate
from engine.wdw.home_terrain import terrain_class
from engine.wdw.movement import Leg
from engine.wdw.options import WdwOptions
from engine.wdw.orders import Fight, Work
from engine.wdw.parts import progress
from engine.wdw.setup import options_of
from engine.wdw.state import Unit, Wall, WdwState, world
from engine.wdw.texts import say
from engine.wdw.walls import WALL_TIER, condition, seen_walls, siege_strength, targets, wall_at

if TYPE_CHECKING:
    from engine.wdw.items import Items


@dataclass(frozen=True)
class WallWork:
    """A legal AB at a wall: the field, the side, the wall already there (or None) and
    the BWP of this month's work."""

    kf: str
    side: int
    wall: Wall | None
    rate: Fraction


def wall_building(
    state: WdwState, seat: int, order: Work, leg: Leg | None = None, at: str = ""
) -> WallWork | Refusal:
    """Strategie 3.5, Tab. 5.2-1 AB: a worker builds (or repairs, first) a wall at a side
    of its field (``at``, else where it stands), a field of its realm with a neighbour
    there; no other realm's wall stands at that side. D19: walls count as Befestigungen
    (``build_strength_bef``); after a move (``leg``, D18) the share it arrives in time for."""
    unit = worker_of(state, seat, order)
    if isinstance(unit, Refusal):
        return unit
    kf = at or unit.kf
    options = options_of(state)
    share = work_share(unit, kf, leg, options)
    if isinstance(share, Refusal):
        return share
    if world(state.map_text).fields[kf].neighbours[order.side - 1] is None:
        return Refusal("wall_edge", {"kf": kf, "side": order.side})
    if owner_of(state, kf) != seat:  # "am eigenen Standort"
        return Refusal("wall_not_own", {"kf": kf})
    wall = wall_at(state, kf, order.side)
    if wall is not None and wall.owner != seat:
        return Refusal("wall_foreign", {"kf": kf, "side": order.side})
    most = wall_most(options)
    if wall is not None and most is not None and not wall.damage and wall.bwp >= most:
        return Refusal("chapter_tiered_walls_off", {"most": WALL_TIER})
    rate = build_rate(unit.size * unit.arbeit, "bef", options) * share
    return WallWork(kf, order.side, wall, rate)


def wall_most(options: WdwOptions) -> int | None:
    """The most BWP a wall may have: any number of tiers (None; Strategie 3.5,
    "Gestaffelte Wälle"), or one tier when the GM switched that chapter off [R Vorwort]."""
    return None if options.chapter("tiered_walls") else WALL_TIER


def wall_price(state: WdwState, seat: int, kf: str) -> int:
    """F2, D11: a wall's BWP costs the BWP price of its field's terrain class for the
    builder ``seat`` (normal in its Heimatgelände, D33)."""
    return options_of(state).bwp_cost(terrain_class(state, seat, kf))


def describe(state: WdwState, seat: int, order: Work, lang: str) -> str:
    """The acknowledgement of an AB at a wall: where, the rate and the price, or why
    it fails; after a move (D18) the share of the month it builds there."""
    moved = arrival_leg(state, seat, order, options_of(state))
    if isinstance(moved, Refusal):
        return moved.of(order, lang)
    found = wall_building(state, seat, order, *moved)
    if isinstance(found, Refusal):
        return found.of(order, lang)
    return say(
        lang,
        "order.wall_build",
        unit=order.unit,
        kf=found.kf,
        side=found.side,
        rate=number(found.rate, lang),
        cost=wall_price(state, seat, found.kf),
    )


# -- sieges of walls (B1–B6)


@dataclass(frozen=True)
class WallSiege:
    """A realm's units besieging a wall from ``kf`` (Tab. 5.1-2 B1–B6, or held by it on
    their way): the wall they attack and the units."""

    kf: str
    wall_kf: str
    wall_side: int
    realm: int
    units: tuple[str, ...]


def wall_sieges_of(
    state: WdwState,
    chosen: Mapping[tuple[int, int], Order],
    legs: Mapping[str, Leg],
    first: int,
) -> dict[str, WallSiege]:
    """The month's wall sieges, numbered ``B<first>`` on by field, side and realm: each
    unit with B1–B6 where its leg ends, or with B held by a wall on its way (it attacks
    that wall instead, Strategie 5.1-2); the target is the first wall of a realm it
    does not count an ally, the one facing its field first."""
    the_map = world(state.map_text)
    found: dict[tuple[str, int, int], list[str]] = {}
    for unit in state.units:
        order = chosen.get((unit.realm, unit.id))
        ext = order.ext if isinstance(order, Fight) else unit.order[2:]
        if ext[:1] != "B":
            continue
        leg = legs.get(unit.key)
        kf = leg.steps[-1][0] if leg is not None and leg.steps else unit.kf
        side = int(ext[1]) if ext[1:].isdecimal() else 0
        if leg is not None and _held(leg) and isinstance(order, Fight):
            side = the_map.side_to(kf, order.path[len(leg.steps)]) or 0
        if side:
            found.setdefault((kf, side, unit.realm), []).append(unit.key)
    sieges: dict[str, WallSiege] = {}
    for kf, side, realm in sorted(found, key=lambda k: (*map(int, k[0].split("/")), k[1], k[2])):
        attacked = targets(state, the_map, kf, side, realm)
        if attacked:
            wall = attacked[0]
            siege = WallSiege(kf, wall.kf, wall.side, realm, tuple(found[(kf, side, realm)]))
            sieges[f"B{first + len(sieges)}"] = siege
    return sieges


def _held(leg: Leg) -> bool:
    """The leg ended before a wall that held it (not shortened by a meeting or an
    interception afterwards)."""
    return leg.bad == "wall" and not leg.halted and not leg.pursued


def wall_siege_rate(state: WdwState, units: list[Unit]) -> Fraction:
    """Strategie 6.4: walls fall like a Festungsmauer, siege strength / 2,500 BWP a month
    (the option ``wall_siege_strength``), ships 1:50."""
    strength = sum(siege_strength(u) for u in units)
    return Fraction(strength, options_of(state).wall_siege_strength)


def wall_siege_lines(state: WdwState, items: Items, lang: str) -> list[str]:
    """The dossier's lines of the wall sieges: the wall, its BWP and breach, the BWP of
    this month's work as the units stand now."""
    lines = []
    for item, siege in items.wall_sieges.items():
        units = [u for u in state.units if u.key in siege.units]
        wall = wall_at(state, siege.wall_kf, siege.wall_side)
        lines.append(
            say(
                lang,
                "item.wall_siege",
                item=item,
                kf=siege.wall_kf,
                side=siege.wall_side,
                owner=wall.owner if wall else 0,
                bwp=wall.bwp if wall else 0,
                damage=wall.damage if wall else 0,
                realm=siege.realm,
                units=" ".join(siege.units),
                rate=number(wall_siege_rate(state, units), lang),
            )
        )
    return lines


def wall_lines(state: WdwState, seat: int, lang: str) -> list[str]:
    """The printout's walls: the realm's own (with the damage) and the others' in its
    known fields (buildings are seen, Strategie 1.3); the GM's all."""
    lines = []
    for wall in seen_walls(state, seat):
        # Strategie 3.5: the owner reads the part of the next BWP its workers did.
        part = progress(wall, "bau") if seat in (NEUTRAL, wall.owner) else 0
        lines.append(
            say(
                lang,
                "print.wall_part" if part else "print.wall",
                kf=wall.kf,
                side=wall.side,
                bwp=wall.bwp,
                part=number(part, lang),
                damage=wall.damage,
                owner=state.realm(wall.owner).name,
                state=say(lang, f"wall.{condition(wall)}"),
            )
        )
    return [say(lang, "print.walls"), *lines] if lines else []
