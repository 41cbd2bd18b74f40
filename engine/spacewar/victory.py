"""P8 Ende and P9 Einkommen (Spacewar "Ziel des Spieles", §7, §8; decision 26)."""

from __future__ import annotations

from engine.core import Event
from engine.spacewar.state import SpacewarState


def worlds_of(state: SpacewarState, number: int) -> int:
    """How many worlds a player holds."""
    return sum(1 for w in state.worlds if w.owner == number)


def end_of_round(state: SpacewarState) -> list[Event]:
    """P8: a player holding all 12 worlds wins at once ("mit der Eroberung der 12ten Welt
    zu Ende"; with two players that is also the end of one who holds none: decision 26);
    with the option ``max_rounds`` the game ends at that round (most worlds, then income,
    else a draw)."""
    for number in (1, 2):
        if worlds_of(state, number) == len(state.worlds):
            state.player(3 - number).out = True
            return [Event("player_out", 3 - number), *finish(state, number, "all_worlds")]
    limit = state.options.max_rounds
    if limit and state.round >= limit:
        score = {n: (worlds_of(state, n), income(state, n)) for n in (1, 2)}
        winner = 0 if score[1] == score[2] else (1 if score[1] > score[2] else 2)
        return finish(state, winner, "max_rounds")
    return []


def income(state: SpacewarState, number: int) -> int:
    """The income of a player's worlds, the guerrillas' cut off (Spacewar §6, §7)."""
    return sum(w.income for w in state.worlds if w.owner == number)


def collect(state: SpacewarState) -> None:
    """P9: each player's PE grow by the income of the worlds he holds now."""
    for player in state.players:
        player.income = income(state, player.number)
        player.pe += player.income


def finish(state: SpacewarState, winner: int, why: str) -> list[Event]:
    """The game is over: ``winner`` (0: a draw)."""
    state.over, state.winner = True, winner
    state.note("game_over", [str(winner), why])
    winners = [winner] if winner else [1, 2]
    return [Event("game_over", data={"winners": winners, "reason": why, "round": state.round})]
