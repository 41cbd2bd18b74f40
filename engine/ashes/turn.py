"""One turn of Ashes of Empire in the order of the rulebook, Ashes 7.1 to 7.11."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.ashes import cargo, diplomacy, flights, research, victory
from engine.ashes.combat import combat_phase
from engine.ashes.economy import economy_phase
from engine.ashes.gnp import gnp_table
from engine.ashes.morale import regenerate
from engine.ashes.neutrals import neutral_production, neutral_sorties
from engine.ashes.orders import (
    PRODUCTION_ITEMS,
    CargoFlight,
    Flight,
    HomePlanet,
    Production,
    PVChange,
    RenamePlanet,
    RenameRuler,
    Research,
    Spy,
    VoteEnd,
    VoteExtension,
    VoteRounds,
    VoteRule,
)
from engine.ashes.production import build
from engine.ashes.revolt import revolt_phase
from engine.ashes.state import AshesState, News, TurnReport, copy_state
from engine.ashesmap.galaxy import Galaxy, load_galaxy
from engine.core import NEUTRAL, Article, Event, Order, Resign
from engine.dice import Dice


class GameOverError(ValueError):
    """The game has ended; no further turn can be evaluated."""


def run_turn(
    before: AshesState, orders: Mapping[int, Sequence[Order]], dice: Dice
) -> tuple[AshesState, list[Event]]:
    """Evaluate the next turn: the new state (with its report) and the host's events; the
    dice drawn are in ``dice.log`` (docs/dice.md lists them)."""
    if before.finished:
        raise GameOverError(f"game {before.game} is over")
    state = copy_state(before)
    state.turn += 1
    state.report = TurnReport()
    galaxy = load_galaxy(state.galaxy_text)
    events: list[Event] = []
    for p in state.players:
        p.vote_extension, p.vote_end, p.rule_votes = None, False, []
    for order in orders.get(NEUTRAL, ()):
        if isinstance(order, Article):
            state.report.news.append(News(kind="press", player=NEUTRAL, text=order.text))
    mine = _orders_of_active(state, orders, events)
    bound, pending_names = _phase_7_1(state, before, mine)
    for player, own in mine.items():  # Ashes 7.2
        for order in own:
            if isinstance(order, CargoFlight):
                cargo.load(state, galaxy, player, order)
    _phase_7_3(state, galaxy, mine, bound, dice)
    _phase_7_4(state, mine)
    revolt_phase(state, dice)  # Ashes 7.5
    economy_phase(state, before)  # Ashes 7.6
    combat_phase(state, galaxy, dice, pending_names)  # Ashes 7.7, 7.8
    diplomacy.fix_homes(state, galaxy)
    cargo.unload_phase(state)  # Ashes 7.9
    regenerate(state)
    for player, own in mine.items():
        for order in own:
            if isinstance(order, Research):
                research.research(state, player, order, dice)
    diplomacy.political_points(state)
    for number in victory.defeated(state):
        events.append(victory.retire(state, number, "defeated"))
    state.report.gnp = gnp_table(state)  # Ashes 7.10
    _phase_7_11(state, events)
    state.tidy()
    return state, events


def _orders_of_active(
    state: AshesState, orders: Mapping[int, Sequence[Order]], events: list[Event]
) -> dict[int, list[Order]]:
    """The orders of players still in; NMR notices (Ashes 5.1), NMR limit (Ashes 1.5),
    resignations."""
    mine: dict[int, list[Order]] = {}
    for p in state.active():
        if p.number not in orders:
            p.nmr += 1
            state.report.news.append(News(kind="nmr", player=p.number))
            limit = state.options.nmr_out_after
            if limit and p.nmr >= limit:
                events.append(victory.retire(state, p.number, "nmr"))
            continue
        p.nmr = 0
        own = list(orders[p.number])
        if any(isinstance(o, Resign) for o in own):
            events.append(victory.retire(state, p.number, "resigned"))
            continue
        mine[p.number] = own
    return mine


def _phase_7_1(
    state: AshesState,
    before: AshesState,
    mine: dict[int, list[Order]],
) -> tuple[set[tuple[int, int]], dict[tuple[int, int], str]]:
    """Ashes 7.1: PV, home planet, names; also spying (the report shows the planet as before).

    Returns the (owner, guest) pairs whose alliance the owner just lowered (Ashes 6.3.6) and
    the names given to planets not yet owned, for a conquest this turn (Ashes 6.3.3).
    """
    declared: set[tuple[int, int]] = set()
    pending: dict[tuple[int, int], str] = {}
    for player, own in mine.items():
        for order in own:
            if isinstance(order, PVChange):
                diplomacy.declare(state, player, order)
                if order.value < 2:
                    declared.add((player, order.player))
            elif isinstance(order, HomePlanet):
                diplomacy.set_home(state, player, order)
            elif isinstance(order, RenamePlanet):
                diplomacy.rename_planet(state, player, order, pending)
            elif isinstance(order, RenameRuler):
                diplomacy.rename_ruler(state, player, order)
            elif isinstance(order, Spy):
                research.spy(state, before, player, order)
            elif isinstance(order, VoteRounds | VoteExtension | VoteEnd | VoteRule):
                victory.record_vote(state, player, order)
            elif isinstance(order, Article):
                state.report.news.append(News(kind="press", player=player, text=order.text))
    pv_before = [row[:] for row in state.pv]
    diplomacy.settle_relations(state)
    return diplomacy.lowered_from_alliance(pv_before, state, declared), pending


def _phase_7_3(
    state: AshesState,
    galaxy: Galaxy,
    mine: dict[int, list[Order]],
    bound: set[tuple[int, int]],
    dice: Dice,
) -> None:
    """Ashes 7.3: flight orders, neutral sorties, then every fleet advances one stage."""
    for player, own in mine.items():
        for order in own:
            if isinstance(order, Flight):
                flights.fly(state, galaxy, player, order, bound)
    neutral_sorties(state, dice)
    flights.advance(state)


def _phase_7_4(state: AshesState, mine: dict[int, list[Order]]) -> None:
    """Ashes 7.4: production of every planet; shortages are announced in the GM."""
    wanted: dict[int, dict[str, int]] = {}
    for player, own in mine.items():
        for order in own:
            if not isinstance(order, Production):
                continue
            if not 1 <= order.planet <= len(state.planets) or (
                state.planet(order.planet).owner != player
            ):
                state.report.notices.append(
                    News(kind="build_not_owner", player=player, planet=order.planet)
                )
                continue
            request = wanted.setdefault(order.planet, {})
            for item in PRODUCTION_ITEMS:
                request[item] = request.get(item, 0) + getattr(order, item)
    for planet in state.planets:
        if planet.owner == NEUTRAL:
            built = neutral_production(planet, state)
        elif planet.number in wanted:
            built = build(planet, wanted[planet.number], state.options)
            for short in built.short:
                state.report.news.append(
                    News(kind="short", player=planet.owner, planet=planet.number, item=short)
                )
        else:
            continue
        if built.items and planet.owner != NEUTRAL:
            state.report.notices.append(
                News(
                    kind="built",
                    player=planet.owner,
                    planet=planet.number,
                    text=" ".join(f"{n} {k}" for k, n in built.items.items()),
                )
            )
        state.add_fleet(
            planet.owner, planet.number, built.items.get("FI", 0), built.items.get("TR", 0)
        )


def _phase_7_11(state: AshesState, events: list[Event]) -> None:
    """Ashes 7.11: the game length after turn 1, extensions, and the end of the game."""
    if state.rounds is None:
        events.append(victory.decide_rounds(state))
    else:
        ext = victory.extension(state)
        if ext is not None:
            events.append(ext)
    end = victory.game_end(state, state.report.gnp)
    if end is not None:
        state.finished = True
        state.winners, state.end_reason = end
        state.report.news.append(News(kind="game_over", item=state.end_reason))
        events.append(victory.game_over_event(state, state.report.gnp))
