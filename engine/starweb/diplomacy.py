"""Orders that only change standing: allies, jihad, loading rights, peace and war.

They take effect at the start of the turn, before anything else is evaluated
(docs/rules-starweb.md, "Alliierte", "Flotten im Frieden").
"""

from __future__ import annotations

from engine.starweb.context import Turn
from engine.starweb.orders import ALLY, JIHAD, UNALLY, Diplomacy, LoadingRight, Stance
from engine.starweb.state import Character, Player


def _target(turn: Turn, player: Player, order: Diplomacy | LoadingRight) -> Player | None:
    """The player named by code name, or None after a remark (unknown, oneself)."""
    other = turn.state.by_code_name(order.player)
    if other is None:
        turn.remark(player.number, order, f"unknown_player:{order.player.upper()}")
        return None
    if other.number == player.number:
        turn.remark(player.number, order, "self")
        return None
    return other


def _diplomacy(turn: Turn, player: Player, order: Diplomacy) -> None:
    other = _target(turn, player, order)
    if other is None:
        return
    if order.action == ALLY:
        # Starweb "Alliierte": "Sobald jedoch ein Mitspieler bekannt ist, kann man ihn zum
        # Alliierten erklären."
        if other.number not in player.met:
            turn.remark(player.number, order, f"not_met:{other.code_name}")
        elif other.number not in player.allies:
            player.allies = sorted([*player.allies, other.number])
    elif order.action == UNALLY:
        player.allies = [n for n in player.allies if n != other.number]
    elif order.action == JIHAD:
        # Starweb "Apostel": once declared the jihad stays; its target may change.
        if player.character != Character.APOSTLE:
            turn.remark(player.number, order, "apostle_only")
        else:
            player.jihad = other.number


def _loading_right(turn: Turn, player: Player, order: LoadingRight) -> None:
    # Starweb "Fracht": L= grants, X= takes back (the German list repeats the L= text
    # for X=; the English rules' "declaring player xxxxxx 'not' a loader" is followed).
    other = _target(turn, player, order)
    if other is None:
        return
    if order.grant:
        if other.number not in player.loaders:
            player.loaders = sorted([*player.loaders, other.number])
    else:
        player.loaders = [n for n in player.loaders if n != other.number]


def _stance(turn: Turn, player: Player, order: Stance) -> None:
    # Starweb "Flotten im Frieden": lasts until revoked; takes effect at once.
    state = turn.state
    if not 1 <= order.fleet <= len(state.fleets) or state.fleet(order.fleet).owner != player.number:
        turn.remark(player.number, order, "not_your_fleet")
        return
    state.fleet(order.fleet).peace = order.peace


def apply(turn: Turn) -> None:
    """Carry out A=, N=, J=, L=, X= and FnQ/FnX of every player, in the order written."""
    for number, order in turn.all_orders(Diplomacy, LoadingRight, Stance):
        player = turn.state.player(number)
        if isinstance(order, Diplomacy):
            _diplomacy(turn, player, order)
        elif isinstance(order, LoadingRight):
            _loading_right(turn, player, order)
        elif isinstance(order, Stance):
            _stance(turn, player, order)
