"""Orders that exclude each other (Starweb "Die Befehle"): the first written wins.

"Gibst Du zwei Befehle, die nach den Regeln nicht im selben Zug durchgeführt werden
können, so wird der zuerst geschriebene Befehl durchgeführt und der zweite ignoriert."

Each order claims slots; two orders on one slot whose roles clash conflict, and the later
one is dropped with the remark ``conflict:<code of the winner>``:

* a key (Starweb "Die Befehle"): fire (conditional fire too), move, robot attack, being
  given away, dropping the planet-buster: one of them per key and turn;
* a world: the home fleets' fire (I-ships and P-ships each one target, Starweb "Feuern")
  against giving the world away and against emigration (English rules §29); emigration
  once per world and turn (Starweb "Auswanderung"); giving the world away once;
* an artifact: one order per artifact and turn (Starweb "Kunstwerke");
* a key's cargo: loading and unloading in one turn (Starweb "Fracht");
* a key's stance, an alliance, a loading right, the jihad, the end-score vote: one
  order each (docs/rules-starweb.md);
* the same order twice.

The order language reports the conflicts in the acknowledgement (:func:`conflicts`,
:func:`explain`); the turn drops them (:func:`resolve`, the phase table's first step).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.starweb import orders as o
from engine.starweb.orders import StarwebOrder
from engine.starweb.texts import TEXTS

Slot = tuple[str, int | str]
"""What an order claims: a key, a world, an artifact … and its number or name."""

_ROLES = TEXTS.section("exclusive.role.")

_ALLOWED: frozenset[frozenset[str]] = frozenset(
    {
        frozenset({"fire_I", "fire_P"}),  # a world's I- and P-ships fire at two targets
        frozenset({"load"}),  # several loads of one key add up (Starweb "Fracht")
        frozenset({"unload"}),  # several unloads (metal, consumer goods) add up
    }
)
"""Pairs of roles on one slot that do not clash."""

_SECTIONS: dict[str, str] = {
    "fleet": "Die Befehle",
    "world": "Die Befehle",
    "artifact": "Kunstwerke",
    "cargo": "Fracht",
    "stance": "Flotten im Frieden",
    "ally": "Alliierte",
    "loader": "Fracht",
    "jihad": "Apostel",
    "vote": "Was ist Sache?",
    "code": "Die Befehle",
}
"""The rulebook section behind each kind of slot, for the acknowledgement."""


def claims(order: StarwebOrder) -> Iterator[tuple[Slot, str]]:
    """The slots ``order`` claims, each with its role there."""
    yield ("code", order.code), "same"
    if isinstance(order, o.Fire):
        if order.source == o.FLEET:
            yield ("fleet", order.number), "fire"
        else:
            yield ("world", order.number), f"fire_{order.source}"
    elif isinstance(order, o.Move):
        yield ("fleet", order.fleet), "move"
    elif isinstance(order, o.RobotAttack):
        yield ("fleet", order.fleet), "robot"
    elif isinstance(order, o.DropBomb):
        yield ("fleet", order.fleet), "bomb"
    elif isinstance(order, o.Gift):
        if order.what == "F":
            yield ("fleet", order.number), "gift"
        else:
            yield ("world", order.number), "give_world"
    elif isinstance(order, o.Emigrate):
        yield ("world", order.world), "emigrate"
    elif isinstance(order, o.AttachArtifact | o.DropArtifact):
        yield ("artifact", order.artifact), "artifact"
    elif isinstance(order, o.Cargo) and order.action != o.JETTISON:
        yield ("cargo", order.fleet), "load" if order.action == o.LOAD else "unload"
    elif isinstance(order, o.Stance):
        yield ("stance", order.fleet), "stance"
    elif isinstance(order, o.Diplomacy):
        if order.action == o.JIHAD:
            yield ("jihad", ""), "jihad"
        else:
            yield ("ally", order.player.upper()), "ally"
    elif isinstance(order, o.LoadingRight):
        yield ("loader", order.player.upper()), "loader"
    elif isinstance(order, o.EndScoreVote):
        yield ("vote", ""), "vote"


def _clash(first: str, second: str) -> bool:
    return frozenset({first, second}) not in _ALLOWED


def conflicts(orders: Sequence[StarwebOrder]) -> list[tuple[StarwebOrder, StarwebOrder]]:
    """Each dropped order with the earlier order that wins over it, in written order."""
    taken: dict[Slot, list[tuple[str, StarwebOrder]]] = {}
    out: list[tuple[StarwebOrder, StarwebOrder]] = []
    for order in orders:
        mine = list(claims(order))
        winner = next(
            (
                other
                for slot, role in mine
                for other_role, other in taken.get(slot, ())
                if _clash(role, other_role)
            ),
            None,
        )
        if winner is not None:
            out.append((order, winner))
            continue
        for slot, role in mine:
            taken.setdefault(slot, []).append((role, order))
    return out


def resolve(orders: list[StarwebOrder]) -> tuple[list[StarwebOrder], dict[int, str]]:
    """The orders kept (in written order) and, for each dropped one, ``id(order)`` →
    its remark ``conflict:<code of the earlier order that wins>``."""
    dropped = {id(order): f"conflict:{winner.code}" for order, winner in conflicts(orders)}
    return [order for order in orders if id(order) not in dropped], dropped


def _shared(dropped: StarwebOrder, winner: StarwebOrder) -> tuple[Slot, str, str]:
    """The slot the two orders clash on, with the winner's and the dropped order's role."""
    for slot, role in claims(dropped):
        for other_slot, other_role in claims(winner):
            if slot == other_slot and _clash(role, other_role):
                return slot, other_role, role
    raise ValueError(f"{dropped.code} does not conflict with {winner.code}")


def explain(dropped: StarwebOrder, winner: StarwebOrder, lang: str) -> str:
    """``F12W5 entfällt: widerspricht dem früheren Befehl F12AF3 (Die Befehle: Feuern
    und Bewegung schließen sich aus)`` in ``lang``."""
    slot, first, second = _shared(dropped, winner)
    section = _SECTIONS[slot[0]]
    if first == second == "same":
        why = TEXTS.say(lang, "exclusive.twice")
    elif first == second:
        why = TEXTS.say(lang, "exclusive.once", role=_ROLES.say(lang, first))
    else:
        why = TEXTS.say(
            lang,
            "exclusive.exclude",
            first=_ROLES.say(lang, first),
            second=_ROLES.say(lang, second),
        )
    return TEXTS.say(
        lang,
        "exclusive.dropped",
        dropped=dropped.code,
        winner=winner.code,
        section=section,
        why=why,
    )
