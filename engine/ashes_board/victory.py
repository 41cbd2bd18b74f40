"""The end of a round: who is out, who has won, the end dice and the points (B 2.6)."""

from __future__ import annotations

from engine.ashes_board.state import BoardState, Player
from engine.ashes_board.tables import (
    END_DICE,
    GOODS_PER_POINT,
    POINTS_PLANET,
    POINTS_UNIT,
    VICTORY_PLANETS,
    VICTORY_PLANETS_TWO,
    end_threshold,
)
from engine.core import Event, JSONValue
from engine.dice import EVERYBODY, Dice


def points(state: BoardState, player: Player) -> int:
    """B 2.6.3: 5 per planet; 1 per fighter, transporter, land troop, factory and hangar
    (ships in flight count); 1 for every 3 raw materials of the total (decision D-14)."""
    mine = state.owned(player.number)
    fleets = state.fleets_of(player.number)
    units = sum(f.fighters + f.transporters for f in fleets) + sum(
        p.troops + len(p.factories) + len(p.hangars) for p in mine
    )
    return POINTS_PLANET * len(mine) + POINTS_UNIT * units + player.stock // GOODS_PER_POINT


def victory_planets(state: BoardState) -> int:
    """B 2.6.2: 18 planets win at once, 22 in the two-player game."""
    return VICTORY_PLANETS_TWO if len(state.players) == 2 else VICTORY_PLANETS


def end_of_round(state: BoardState, dice: Dice) -> list[Event]:
    """Elimination (D-15), the premature victory (B 2.6.2), the last player standing, and
    from round 11 the end dice (B 2.6) with the points (B 2.6.3)."""
    events: list[Event] = []
    for player in state.active():
        has_tr = any(f.transporters for f in state.fleets_of(player.number))
        if not state.owned(player.number) and not has_tr:
            player.out = True
            state.fleets = [f for f in state.fleets if f.owner != player.number]
            state.say("out", owner=player.number)
            events.append(Event("player_out", player=player.number, data={"turn": state.turn}))
    active = list(state.active())
    need = victory_planets(state)
    big = [p.number for p in active if len(state.owned(p.number)) >= need]
    if big:
        return [*events, _over(state, big, "planets")]
    if len(active) <= 1:
        return [*events, _over(state, [p.number for p in active], "alone")]
    threshold = end_threshold(state.turn, state.options.end_step)
    if threshold is None:
        return events
    total = sum(dice.roll("end", 6, seen_by=EVERYBODY) for _ in range(END_DICE))
    state.say("end_dice", total=total, needed=threshold)
    if total < threshold:
        return events
    best = max(points(state, p) for p in active)
    return [*events, _over(state, [p.number for p in active if points(state, p) == best], "points")]


def _over(state: BoardState, winners: list[int], reason: str) -> Event:
    state.finished = True
    state.winners = winners
    state.say("game_over", reason=reason, winners=" ".join(map(str, winners)))
    rows: list[JSONValue] = [
        {
            "player": p.number,
            "points": points(state, p),
            "planets": len(state.owned(p.number)),
            "out": p.out,
        }
        for p in sorted(state.players, key=lambda p: (-points(state, p), p.number))
    ]
    return Event(
        "game_over",
        data={"winners": list(winners), "reason": reason, "turn": state.turn, "points": rows},
    )
