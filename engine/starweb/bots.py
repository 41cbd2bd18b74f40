"""Demo players for Starweb: the orders a sensible player of each character would mail.

Every bot writes rulebook notation (Starweb "Die Befehle"), one order a line. All bots
vote an end score in turn 1, build ships onto their keys, scrap spare I-ships into
industry, carry metal home and explore through the gates; then each character follows
its own aim (Starweb "Die Charaktere"):

* the empire builder builds industry and sends keys to take neutral worlds;
* the merchant loads metal at home and unloads it on foreign worlds with industry;
* the pirate plunders his worlds whenever they have recovered (every four turns) and
  keeps his keys;
* the collector picks up every artifact he meets and brings it home to a museum;
* the berserker fires at populations and fleets and launches robot attacks;
* the apostle keeps his keys at war on populated worlds to convert them.

The bots read the whole state (they avoid black holes, which a player would learn the
hard way); they are deterministic for a given ``rng``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from random import Random

from engine.core import State
from engine.kind_engine import state_as
from engine.starweb.state import Character, Fleet, Player, StarwebState, World

Wanted = Callable[[World], bool]
"""Which worlds a key is looking for."""

VOTE_MIN, VOTE_MAX = 1000, 15000
"""Starweb "Was ist Sache?": the end-score vote lies between these."""

MOVES = 3
"""Starweb "Bewegung": at most three gates a turn."""

SCRAP = {Character.EMPIRE_BUILDER.value: 4}
"""I-ships scrapped per industry (Starweb "Industrien aus verschrotteten Schiffen bauen")."""


class StarwebBots:
    """The bots of every character (:class:`engine.core.Bots`)."""

    def orders(self, state: State, seat: int, rng: Random) -> list[str]:
        """The order lines of ``seat`` for the next turn."""
        state = state_as(state, StarwebState)
        player = state.player(seat)
        if player.out:
            return []
        return _Bot(state, player, rng).orders()


class _Bot:
    """One seat's plan for one turn."""

    def __init__(self, state: StarwebState, player: Player, rng: Random) -> None:
        self.state = state
        self.me = player
        self.rng = rng
        self.lines: list[str] = []
        self.busy: set[int] = set()
        """Keys that already have their one exclusive order (move, fire, robots ...)."""
        self.character = player.character

    # ------------------------------------------------------------------ the plan

    def orders(self) -> list[str]:
        state = self.state
        if state.turn == 0:
            # Starweb "Was ist Sache?": a vote of 1000 to 15000; the engine narrows it to
            # the game's range (a small test game's end score may lie below 1000).
            low = max(VOTE_MIN, min(state.options.end_score_min, VOTE_MAX))
            high = max(low, min(state.options.end_score_max, VOTE_MAX))
            self.lines.append(f"E={self.rng.randint(low, high) // 100 * 100}")
        for world in self.my_worlds():
            self.build(world)
        plan = {
            Character.EMPIRE_BUILDER.value: self.empire_builder,
            Character.MERCHANT.value: self.merchant,
            Character.PIRATE.value: self.pirate,
            Character.COLLECTOR.value: self.collector,
            Character.BERSERKER.value: self.berserker,
            Character.APOSTLE.value: self.apostle,
        }[self.character]
        plan()
        for fleet in self.my_fleets():
            self.haul(fleet)
            self.explore(fleet)
        return self.lines

    def empire_builder(self) -> None:
        for fleet in self.my_fleets():
            world = self.state.world(fleet.world)
            if world.owner == 0 and world.population > 0:
                self.busy.add(fleet.number)  # stay: the world is taken at the turn's end
            else:
                self.go_to(fleet, lambda w: w.owner == 0 and w.population > 0)

    def merchant(self) -> None:
        for fleet in self.my_fleets():
            world = self.state.world(fleet.world)
            foreign = world.owner not in (0, self.me.number)
            if fleet.cargo and foreign and world.industry > 0:
                self.lines.append(f"F{fleet.number}U")
                self.busy.add(fleet.number)
            elif fleet.cargo and foreign:
                self.lines.append(f"F{fleet.number}N")  # consumer goods
                self.busy.add(fleet.number)
            elif fleet.cargo:
                self.go_to(fleet, lambda w: w.owner not in (0, self.me.number) and w.industry > 0)

    def pirate(self) -> None:
        for world in self.my_worlds():
            if world.recovery == 0 and world.number != self.me.home:
                self.lines.append(f"W{world.number}X")

    def collector(self) -> None:
        for fleet in self.my_fleets():
            here = self.state.artifacts_at(fleet.world)
            for artifact in here:
                self.lines.append(f"V{artifact.number}F{fleet.number}")
            carried = self.state.artifacts_on(fleet.number)
            if fleet.world == self.me.home and carried:
                self.lines += [f"V{a.number}W" for a in carried]
                continue
            if carried and not here:
                self.go_to(fleet, lambda w: w.number == self.me.home)
            elif not here:
                self.go_to(fleet, lambda w: bool(self.state.artifacts_at(w.number)))

    def berserker(self) -> None:
        for fleet in self.my_fleets():
            world = self.state.world(fleet.world)
            if world.owner == self.me.number or fleet.ships < 2:
                continue
            enemy = [
                f for f in self.state.fleets_at(world.number) if f.owner not in (0, self.me.number)
            ]
            if world.population > 0 and fleet.ships >= 6 and world.robots == 0:
                self.lines.append(f"F{fleet.number}R{fleet.ships // 3}")
            elif enemy:
                self.lines.append(f"F{fleet.number}AF{enemy[0].number}")
            elif world.population > 0:
                self.lines.append(f"F{fleet.number}AP")
            else:
                continue
            self.busy.add(fleet.number)

    def apostle(self) -> None:
        for fleet in self.my_fleets():
            world = self.state.world(fleet.world)
            if fleet.peace:
                self.lines.append(f"F{fleet.number}X")  # at war: only then do they preach
            if world.population > world.converts and world.robots == 0:
                self.busy.add(fleet.number)  # stay and convert
            else:
                self.go_to(fleet, lambda w: w.population > w.converts and w.robots == 0)

    # --------------------------------------------------------------- every bot

    def build(self, world: World) -> None:
        """Ships onto a key here (or I-ships), industry from spare I-ships."""
        if world.recovery:
            return
        need = SCRAP.get(self.character, 6)
        if world.i_ships >= need * 2:
            self.lines.append(f"W{world.number}S{world.i_ships // need - 1}")
        can = min(world.industry, world.metal, world.population)
        keys = [f for f in self.state.fleets_at(world.number) if f.owner == self.me.number]
        if can <= 0 or not keys:
            return
        builder = self.character == Character.EMPIRE_BUILDER.value
        if builder and can >= 8:
            self.lines.append(f"W{world.number}I1I")
            can -= 4
        key = min(keys, key=lambda f: (f.ships, f.number))
        self.lines.append(f"W{world.number}B{can}F{key.number}")

    def haul(self, fleet: Fleet) -> None:
        """Metal from a world without industry home; unloaded where it can be used."""
        if fleet.number in self.busy:
            return
        world = self.state.world(fleet.world)
        mine = world.owner == self.me.number
        if fleet.cargo and mine and world.industry > 0:
            self.lines.append(f"F{fleet.number}U")
        elif not fleet.cargo and mine and world.industry == 0 and world.metal >= fleet.ships:
            self.lines.append(f"F{fleet.number}L")
            self.go_to(fleet, lambda w: w.number == self.me.home)

    def explore(self, fleet: Fleet) -> None:
        """An idle key goes through a gate, preferring worlds it does not own."""
        if fleet.number in self.busy or fleet.ships == 0:
            return
        here = self.state.world(fleet.world)
        gates = [g for g in sorted(here.gates) if not self.state.world(g).black_hole]
        if not gates:
            return
        foreign = [g for g in gates if self.state.world(g).owner != self.me.number]
        target = self.rng.choice(foreign or gates)
        self.lines.append(f"F{fleet.number}W{target}")
        self.busy.add(fleet.number)

    def go_to(self, fleet: Fleet, wanted: Wanted) -> None:
        """Move ``fleet`` up to three gates along the shortest way to a world ``wanted``
        accepts (a predicate on :class:`World`); nothing if none is near."""
        if fleet.number in self.busy or fleet.ships == 0:
            return
        path = self.path(fleet.world, wanted)
        if path:
            self.lines.append(f"F{fleet.number}" + "".join(f"W{w}" for w in path[:MOVES]))
            self.busy.add(fleet.number)

    def path(self, start: int, wanted: Wanted) -> list[int]:
        """The shortest way from ``start`` to the nearest world ``wanted`` accepts (at
        most six gates away, around black holes); empty if none."""
        came: dict[int, int] = {start: 0}
        queue = deque([(start, 0)])
        while queue:
            number, depth = queue.popleft()
            if number != start and wanted(self.state.world(number)):
                way = [number]
                while came[way[-1]] != start:
                    way.append(came[way[-1]])
                return way[::-1]
            if depth == 2 * MOVES:
                continue
            for gate in sorted(self.state.world(number).gates):
                if gate not in came and not self.state.world(gate).black_hole:
                    came[gate] = number
                    queue.append((gate, depth + 1))
        return []

    def my_worlds(self) -> list[World]:
        return [w for w in self.state.worlds if w.owner == self.me.number]

    def my_fleets(self) -> list[Fleet]:
        return [f for f in self.state.fleets if f.owner == self.me.number]
