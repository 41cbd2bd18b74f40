"""Starweb "Der Printout", "Sonden": which worlds each player sees, whom he meets."""

from __future__ import annotations

from collections import defaultdict

from engine.core import NEUTRAL
from engine.starweb.context import Turn


def observe(turn: Turn) -> None:
    """Fill each active player's ``seen`` and ``contacts``; add the contacts to ``met``.

    Seen: the home world always, owned worlds (robot worlds included), worlds with his
    converts, probed worlds, worlds with his keys now or at the start of the turn, worlds
    passed, worlds lost or left. Contacts: every other player whose name the printout
    shows on a seen world: its owner, its converts' apostle, the owners of its keys and
    of the keys that left it this turn.
    """
    state = turn.state
    names: dict[int, set[int]] = defaultdict(set)
    for world in state.worlds:
        names[world.number] |= {world.owner, world.convert_owner if world.converts else 0}
    for fleet in state.fleets:
        names[fleet.world].add(fleet.owner)
    for note in state.report.worlds:
        names[note.world] |= {d.owner for d in note.departures}
    for player in state.active():
        number = player.number
        report = turn.player_report(number)
        seen = {player.home, *report.probed}
        seen |= {w.number for w in state.worlds if w.owner == number}
        seen |= {w.number for w in state.worlds if w.converts and w.convert_owner == number}
        seen |= {f.world for f in state.fleets if f.owner == number}
        seen |= {f.world for f in turn.start.fleets if f.owner == number}
        seen |= turn.passed.get(number, set()) | turn.left.get(number, set())
        report.seen = sorted(seen)
        contacts = set().union(*(names[w] for w in seen)) - {NEUTRAL, number}
        report.contacts = sorted(contacts)
        player.met = sorted(set(player.met) | contacts)
