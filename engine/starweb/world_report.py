"""One world's report in the printout (Starweb "Der Printout", reference items 1-23).

``W13 (2,79,144) [THRAWN] (Industrie=30/7,Metall=7,…) V11:Platinum Thron`` with the keys
at the world below (``F45[THRAWN]=1 (bewegt,Fracht=1)``) and the keys that left or passed
it (``(F39[THRAWN]-->W79 …)``). What a viewer may not see of a foreign key (its cargo,
its conditional fire) is left out here; which worlds a player sees is decided by
``engine.starweb.visibility`` (``PlayerReport.seen``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core import NEUTRAL
from engine.starweb.layout import Piece, fill, items
from engine.starweb.state import Artifact, Fleet, FleetNote, StarwebState, World, WorldNote
from engine.starweb.texts import FLEET_FLAGS, WORDS, WORLD_FLAGS, coded

UsableIndustry = Callable[[StarwebState, World], int]
"""The industry of a world that can build next turn (``engine.starweb.ships``)."""
ArtifactName = Callable[[Artifact, str], str]
"""An artifact's name in a language (``engine.starweb.artifacts``)."""

GM = NEUTRAL
"""The viewer number of the game master, who sees every key's cargo and orders."""


@dataclass(frozen=True)
class View:
    """Who reads the printout and how: the viewer (0: the GM), the language, the lookups."""

    state: StarwebState
    viewer: int
    lang: str
    usable: UsableIndustry
    artifact_name: ArtifactName

    def name(self, player: int) -> str:
        """A player's code name in brackets, ``[---]`` for nobody."""
        if player == NEUTRAL or not 1 <= player <= len(self.state.players):
            return f"[{WORDS.say(self.lang, 'neutral')}]"
        return f"[{self.state.player(player).code_name}]"

    def player_arg(self, arg: str) -> str:
        """A code's argument read as a player number, shown as his code name."""
        if arg.isdecimal() and 1 <= int(arg) <= len(self.state.players):
            return self.state.player(int(arg)).code_name
        return arg

    def sees_private(self, fleet: Fleet) -> bool:
        """Cargo and conditional fire of a key: its owner and the GM only."""
        return self.viewer == GM or (fleet.owner == self.viewer and fleet.owner != NEUTRAL)

    def artifact(self, artifact: Artifact) -> Piece:
        """``V70:Plastik Mondstein``, never broken inside."""
        return (" ", f"V{artifact.number}:{self.artifact_name(artifact, self.lang)}")


def industry_shown(view: View, world: World) -> str:
    """``30/7``: the industry and, when fewer can build, how many (Starweb "Bauen")."""
    usable = view.usable(view.state, world)
    return f"{world.industry}/{usable}" if usable < world.industry else str(world.industry)


def destroyed_shown(state: StarwebState, world: World, flags: list[str]) -> bool:
    """Starweb "Der Printout" 17: "VERNICHTET" (in dieser Runde wurde eine
    Planeten-Bruch-Bombe abgeworfen): the turn's flag ``destroyed``; with
    ``Options.destroyed_every_turn`` (English §27 "BUSTED") every turn after a bomb too."""
    return "destroyed" in flags or (world.bombed and state.options.destroyed_every_turn)


def world_values(view: View, world: World, note: WorldNote | None) -> list[str]:
    """Items 5-20 of a world: what happened this turn first (as the example's
    ``(erobert,Industrie=1,…``), then the values that are not zero, then the counters."""
    lang = view.lang
    flags = note.flags if note else []
    out = [
        coded(WORLD_FLAGS, f, lang, view.player_arg)
        for f in flags
        if not f.startswith(("i_fire:", "p_fire:"))
    ]
    if "destroyed" not in flags and destroyed_shown(view.state, world, flags):
        out.append(coded(WORLD_FLAGS, "destroyed", lang, view.player_arg))
    if world.black_hole:
        out.append(WORDS.say(lang, "black_hole"))
    if world.industry:
        shown = industry_shown(view, world)
        out.append(f"{WORDS.say(lang, 'industry')}={shown}")
    if world.robots:
        population = f"{world.robots}/R"
    elif world.converts:
        population = f"{world.population}/{world.converts}"
    else:
        population = str(world.population) if world.population else ""
    for key, value in (
        ("metal", str(world.metal) if world.metal else ""),
        ("mines", str(world.mines) if world.mines else ""),
        ("population", population),
        ("limit", str(world.limit) if world.limit else ""),
        ("turns", str(world.turns) if world.turns else ""),
        ("i_ships", _home_fleet(world.i_ships, flags, "i_fire:")),
        ("p_ships", _home_fleet(world.p_ships, flags, "p_fire:")),
    ):
        if value:
            out.append(f"{WORDS.say(lang, key)}={value}")
    dead = note.dead if note else 0
    dead_converts = note.dead_converts if note else 0
    if dead or dead_converts:
        shown = f"{dead}/{dead_converts}" if dead_converts else str(dead)
        out.append(f"{WORDS.say(lang, 'dead')}={shown}")
    if world.kg_unloads:
        out.append(f"{WORDS.say(lang, 'kg_count')}={world.kg_unloads}")
    if world.plundered:
        shown = f"{world.plundered}/{world.recovery}" if world.recovery else str(world.plundered)
        out.append(f"{WORDS.say(lang, 'plunder_count')}={shown}")
    return out


def _home_fleet(ships: int, flags: list[str], fire: str) -> str:
    """``1`` or, when the home fleet fired this turn, ``1(AF8)`` (items 11 and 12)."""
    target = next((f[len(fire) :] for f in flags if f.startswith(fire)), "")
    if target:
        return f"{ships}({target})"
    return str(ships) if ships else ""


def key_line(view: View, fleet: Fleet, note: FleetNote | None) -> list[str]:
    """Item 22: ``F45[THRAWN]=1 (bewegt,Fracht=1) V61:Platinum Kelch``."""
    lang = view.lang
    private = view.sees_private(fleet)
    flags = [
        coded(FLEET_FLAGS, f, lang, view.player_arg)
        for f in (note.flags if note else [])
        if private or not f.startswith("conditional:")
    ]
    if fleet.bomb:
        flags.append(WORDS.say(lang, "bomb"))
    if fleet.peace:
        flags.append(WORDS.say(lang, "peace"))
    if private and fleet.cargo:
        flags.append(f"{WORDS.say(lang, 'cargo')}={fleet.cargo}")
    pieces: list[Piece] = [("", f"F{fleet.number}{view.name(fleet.owner)}={fleet.ships}")]
    pieces += items(flags)
    pieces += [view.artifact(a) for a in view.state.artifacts_on(fleet.number)]
    return fill(pieces)


def _key_order(view: View, fleet: Fleet) -> tuple[int, int]:
    """The viewer's own keys first, then the others, each by number (the example's W34:
    ``F180[THRAWN]`` before ``F8[QUILDOR]``); the GM sees them by number."""
    foreign = view.viewer != GM and fleet.owner != view.viewer
    return (1 if foreign else 0, fleet.number)


def world_lines(view: View, number: int) -> list[str]:
    """The whole report of world ``number``: the world, its keys, the keys that left."""
    state = view.state
    world = state.world(number)
    note = next((n for n in state.report.worlds if n.world == number), None)
    fleet_notes = {n.fleet: n for n in state.report.fleets}
    head: list[Piece] = [
        ("", f"W{number}"),
        (" ", "(" + ",".join(str(g) for g in world.gates) + ")"),
        (" ", view.name(world.owner)),
    ]
    if world.converts and world.convert_owner != NEUTRAL:
        head.append((" ", "C" + view.name(world.convert_owner)))
    head += items(world_values(view, world, note))
    head += [view.artifact(a) for a in state.artifacts_at(number)]
    lines = fill(head)
    for fleet in sorted(state.fleets_at(number), key=lambda f: _key_order(view, f)):
        lines += key_line(view, fleet, fleet_notes.get(fleet.number))
    if note and note.departures:
        gone = sorted(note.departures, key=lambda d: d.fleet)
        lines += fill(items([f"F{d.fleet}{view.name(d.owner)}-->W{d.to}" for d in gone], "", " "))
    return lines
