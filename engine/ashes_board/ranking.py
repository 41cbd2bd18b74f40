"""Phase 2: the flight order (B G.4.3)."""

from __future__ import annotations

from engine.ashes_board.state import BoardState, Player


def rank_key(state: BoardState, player: Player) -> tuple[int, ...]:
    """B G.4.3: the lowest total population goes first; ties by the total stockpile, then
    the number of planets, fighters, transporters, factories, hangars and the home planet
    number, the smallest first. Ships in flight count to the fleets."""
    mine = state.owned(player.number)
    fleets = state.fleets_of(player.number)
    return (
        sum(p.pop for p in mine),
        player.stock,
        len(mine),
        sum(f.fighters for f in fleets),
        sum(f.transporters for f in fleets),
        sum(len(p.factories) for p in mine),
        sum(len(p.hangars) for p in mine),
        player.hp,
    )


def rank(state: BoardState) -> list[Player]:
    """Every active player's place in the flight order (``Player.place``), first first."""
    ranked = sorted(state.active(), key=lambda p: (rank_key(state, p), p.number))
    for player in state.players:
        player.place = 0
    for place, player in enumerate(ranked, 1):
        player.place = place
    return ranked


def order_phase(state: BoardState) -> None:
    """Phase 2. Nobody chooses his place: with sealed orders it changes nothing but the
    order in which the engine carries the orders out (decision D-11)."""
    state.say("turn_order", order=" ".join(str(p.number) for p in rank(state)))
