"""Ashes 7.1 Political relations, home planet and names (Ashes 4.3, 6.3.1-6.3.4)."""

from __future__ import annotations

from engine.ashes.orders import NAME_MAX, HomePlanet, PVChange, RenamePlanet, RenameRuler
from engine.ashes.state import AshesState, News
from engine.ashesmap.galaxy import Galaxy
from engine.core import NEUTRAL


def declare(state: AshesState, player: int, order: PVChange) -> None:
    """Record a PV declaration; it stands until changed (Ashes 6.3.1)."""
    other = order.player
    seats = {p.number for p in state.active()}
    if other == player or other not in seats or order.value not in (0, 1, 2):
        state.report.notices.append(
            News(kind="pv_rejected", player=player, other=other, number=order.value)
        )
        return
    state.player(player).declared[other] = order.value


def settle_relations(state: AshesState) -> None:
    """The lower of two declarations counts, moving one step a turn (Ashes 4.3, 6.3.1).

    Lowering is one-sided (the lower declaration wins), raising needs both sides.
    PV to oneself is 1, to Neutral always 0.
    """
    active = state.active()
    for i, p in enumerate(active):
        for q in active[i + 1 :]:
            target = min(p.declared[q.number], q.declared[p.number])
            current = state.pv[p.number][q.number]
            new = current + (target > current) - (target < current)
            state.pv[p.number][q.number] = state.pv[q.number][p.number] = new


def lowered_from_alliance(
    before: list[list[int]], state: AshesState, declared_now: set[tuple[int, int]]
) -> set[tuple[int, int]]:
    """Pairs (owner, guest) where the owner lowered an alliance this turn (Ashes 6.3.6)."""
    return {
        (owner, guest)
        for owner, guest in declared_now
        if before[owner][guest] == 2 and state.pv[owner][guest] < 2
    }


def set_home(state: AshesState, player: int, order: HomePlanet) -> None:
    """HP = a planet of the player's own (Ashes 6.3.2)."""
    if not 1 <= order.planet <= len(state.planets) or (state.planet(order.planet).owner != player):
        state.report.notices.append(News(kind="hp_rejected", player=player, planet=order.planet))
        return
    state.player(player).home = order.planet


def rename_planet(
    state: AshesState, player: int, order: RenamePlanet, pending: dict[tuple[int, int], str]
) -> None:
    """Rename an own planet now; a planet being attacked when it is conquered (Ashes 6.3.3)."""
    name = order.name.strip()
    if not name or len(name) > NAME_MAX or not 1 <= order.planet <= len(state.planets):
        state.report.notices.append(
            News(kind="name_rejected", player=player, planet=order.planet, text=name[:40])
        )
        return
    planet = state.planet(order.planet)
    if planet.owner == player:
        planet.name = name
    else:
        pending[(player, order.planet)] = name


def rename_ruler(state: AshesState, player: int, order: RenameRuler) -> None:
    """The ruler's (and empire's) name, at most 15 characters (Ashes 6.3.3)."""
    name = order.name.strip()
    if not name or len(name) > NAME_MAX:
        state.report.notices.append(News(kind="name_rejected", player=player, text=name[:40]))
        return
    state.player(player).ruler = name


def political_points(state: AshesState) -> None:
    """Ashes 6.3.4: +1 PP for every PV=2, -1 PP for every PV=0, each turn (players only)."""
    active = state.active()
    for p in active:
        for q in active:
            if q.number != p.number:
                value = state.pv[p.number][q.number]
                p.pp += (value == 2) - (value == 0)


def nearest_own_planet(
    state: AshesState, galaxy: Galaxy, player: int, near: int, exclude: int = 0
) -> int | None:
    """The player's planet nearest to ``near`` (then the lowest number), if any."""
    own = [p.number for p in state.planets if p.owner == player and p.number != exclude]
    if not own:
        return None
    return min(own, key=lambda n: (0 if n == near else galaxy.distance(near, n) + 1, n))


def fix_homes(state: AshesState, galaxy: Galaxy) -> None:
    """A lost HP is replaced by the own planet nearest to it (Ashes 6.3.2)."""
    for p in state.active():
        if state.planet(p.home).owner != p.number:
            new = nearest_own_planet(state, galaxy, p.number, p.home)
            if new is not None:
                p.home = new


def retreat_target(state: AshesState, galaxy: Galaxy, player: int, planet: int) -> int | None:
    """Where a fleeing fleet goes: the HP, else the nearest other own planet (Ashes 6.2.3, 6.3.2).

    Neutral fleets have no home; ``None`` means the ships have nowhere to go.
    """
    if player == NEUTRAL:
        return None
    home = state.player(player).home
    if home != planet and state.planet(home).owner == player:
        return home
    return nearest_own_planet(state, galaxy, player, home, exclude=planet)
