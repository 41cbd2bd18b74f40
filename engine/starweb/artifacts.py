"""The hundred artifacts and the Black Box (Starweb "Kunstwerke").

Numbering (docs/rules-starweb.md): the rulebook's printout example fixes it.
Its artifacts V11 Platin Thron, V13 Silber Thron, V38 Diamant Sextant, V39 Strahlender
Sextant, V50 Plastik Degen, V59 Strahlender Degen, V61 Platin Kelch, V70 Plastik
Mondstein, V72 Uralter Mondstein, V76 Geweihter Mondstein, V95 Titanium Skarabäus and
VRAZRUUB's "V3W <- Die Nebula-Schrift" all fit one table: the tens digit is the type
(1 Thron … 9 Skarabäus, the rulebook's order), the units digit the material (0 Plastik,
1 Platin, 2 Uralter, 3 Silber, 5 Titanium, 6 Geweihter, 8 Diamant, 9 Strahlender; Gold
and Smaragd, not in the example, take 4 and 7). So the standard artifacts are 10-99, and
the ten specials 1-9 and 100: the Nebula-Schrift volumes 1-5 are artifacts 1-5.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import NEUTRAL
from engine.dice import PRIVATE
from engine.starweb.context import Turn
from engine.starweb.state import CAP, MAX_MINES, Artifact, StarwebState, World
from engine.starweb.texts import TEXTS

MATERIALS: tuple[str, ...] = (
    "Plastik",
    "Platin",
    "Uralter",
    "Silber",
    "Gold",
    "Titanium",
    "Geweihter",
    "Smaragd",
    "Diamant",
    "Strahlender",
)
"""Starweb "Kunstwerke": the first name part; index = the number's units digit."""

TYPES: tuple[str, ...] = (
    "Thron",
    "Obelisk",
    "Sextant",
    "Taler",
    "Degen",
    "Kelch",
    "Mondstein",
    "Ring",
    "Skarabäus",
)
"""Starweb "Kunstwerke": the second name part; index + 1 = the number's tens digit."""


@dataclass(frozen=True)
class Special:
    """One of the ten special artifacts."""

    number: int
    kind: str
    de: str
    """The rulebook's name, the artifact's in the state (other languages: the catalog's
    ``artifact.special.<kind>``)."""


NEBULA_VOLUMES = 5

SPECIALS: tuple[Special, ...] = (
    *(Special(v, "nebula", f"Nebula-Schrift Band {v}") for v in range(1, NEBULA_VOLUMES + 1)),
    Special(6, "polaris", "Schatz der Polaris"),
    Special(7, "venus", "Schleier der Venus"),
    Special(8, "isotope", "Radioaktives Isotop"),
    Special(9, "lesser_evil", "Kleinstes Übel"),
    Special(100, "black_box", "Black Box"),
)
"""Starweb "Kunstwerke": the specials, by number."""

ARTIFACTS = 100


def standard_number(material: str, kind: str) -> int:
    """The number of the standard artifact ``material kind`` (10-99)."""
    return 10 * (TYPES.index(kind) + 1) + MATERIALS.index(material)


def all_artifacts() -> list[Artifact]:
    """The hundred artifacts, numbers 1-100, not yet placed (world 0, fleet 0)."""
    specials = {s.number: s for s in SPECIALS}
    artifacts = []
    for number in range(1, ARTIFACTS + 1):
        special = specials.get(number)
        if special is not None:
            artifacts.append(Artifact(number=number, name=special.de, kind=special.kind))
        else:
            material = MATERIALS[number % 10]
            kind = TYPES[number // 10 - 1]
            artifacts.append(
                Artifact(number=number, name=f"{material} {kind}", material=material, kind=kind)
            )
    return artifacts


def artifact_name(artifact: Artifact, lang: str) -> str:
    """The artifact's name in ``lang``, from the catalog (``artifact.``: German the
    rulebook's words, English the 7th edition's, StarWeb 14); one the catalogue does not
    know by its material or as a special is called by its own (the state's) name."""
    if artifact.material:
        material = TEXTS.say(lang, f"artifact.material.{artifact.material}")
        kind = TEXTS.say(lang, f"artifact.type.{artifact.kind}")
        return TEXTS.say(lang, "artifact.standard", material=material, kind=kind)
    for special in SPECIALS:
        if (special.number, special.de) == (artifact.number, artifact.name):
            return TEXTS.say(lang, f"artifact.special.{special.kind}", number=special.number)
    return artifact.name


BLACK_BOX = 100
"""The Black Box's artifact number."""


@dataclass(frozen=True)
class BlackBoxEffect:
    """One way the Black Box can act in a game (Starweb "Kunstwerke")."""

    nature: str
    """``positive``, ``negative``, ``mixed`` or ``neutral`` (the rulebook's four)."""
    text: str
    """What it does, for the GM (the players must find out)."""


BLACK_BOX_EFFECTS: dict[str, BlackBoxEffect] = {
    "nothing": BlackBoxEffect("neutral", "does nothing at all"),
    "metal": BlackBoxEffect("positive", "+1 metal each turn on its world"),
    "sporadic_metal": BlackBoxEffect(
        "positive", "in one turn of three (by chance) +3 metal on its world"
    ),
    "double_mines_every_8": BlackBoxEffect(
        "positive", "every 8th turn the mines of its world double (at most 31)"
    ),
    "industry": BlackBoxEffect("positive", "+1 industry each turn on its world"),
    "industry_explode_10": BlackBoxEffect(
        "mixed", "+1 industry each turn, but every 10th turn it blows up its world"
    ),
    "explode_turn_10": BlackBoxEffect(
        "negative", "on turn 10 (and every 10th turn) it blows up its world"
    ),
    "mines_down": BlackBoxEffect("negative", "every 4th turn its world loses a mine"),
    "metal_drain": BlackBoxEffect("negative", "eats 2 metal each turn on its world"),
}
"""Starweb "Kunstwerke": the Black Box's possible effects; one is chosen per game at setup
(``Options.black_box``, secret). The rulebook names metal each turn or sporadically,
doubled mines every eight turns, an industry per turn, blowing up the world in turn ten;
the English rules (StarWeb 14) add the industry-then-explode cycle."""


def black_box_place(state: StarwebState) -> tuple[int, int]:
    """(world, holder) of the Black Box: the world it lies on or its key's world, and the
    owner of that key or world (0: nobody holds it)."""
    box = state.artifact(BLACK_BOX)
    if box.fleet:
        fleet = state.fleet(box.fleet)
        return fleet.world, fleet.owner
    if box.world:
        return box.world, state.world(box.world).owner
    return 0, NEUTRAL


def apply_black_box(turn: Turn) -> None:
    """Let the game's Black Box act on its world, if a player holds it.

    Called by the economy once per turn. Only a held Black Box acts (Starweb "Kunstwerke":
    "für den Besitzer"); its holder gets a private notice ``black_box:<effect>`` whenever
    it does something. Its die (``black box``, a d3 for ``sporadic_metal``) is private: the
    effect "ist vor dem Spiel geheim und muß von den Spielern selbst herausgefunden
    werden" (Starweb "Kunstwerke"), and the die would name it.
    """
    state = turn.state
    effect = state.options.black_box
    number, holder = black_box_place(state)
    if holder == NEUTRAL or number == 0 or effect == "nothing":
        return
    world = state.world(number)
    if _act(effect, world, state.turn, turn):
        turn.notice(holder, f"black_box:{effect}")


def _act(effect: str, world: World, when: int, turn: Turn) -> bool:
    """Apply ``effect`` in turn ``when`` to ``world``; whether anything happened."""
    if effect == "metal":
        world.metal = min(CAP, world.metal + 1)
    elif effect == "sporadic_metal":
        if turn.dice.below("black box", 3, seen_by=PRIVATE) != 0:
            return False
        world.metal = min(CAP, world.metal + 3)
    elif effect == "double_mines_every_8":
        if when % 8 != 0:
            return False
        world.mines = min(MAX_MINES, world.mines * 2)
    elif effect == "industry":
        world.industry = min(CAP, world.industry + 1)
    elif effect == "industry_explode_10":
        if when % 10 == 0:
            _explode(world, turn)
        else:
            world.industry = min(CAP, world.industry + 1)
    elif effect == "explode_turn_10":
        if when % 10 != 0:
            return False
        _explode(world, turn)
    elif effect == "mines_down":
        if when % 4 != 0 or world.mines == 0:
            return False
        world.mines -= 1
        if world.mines == 0:
            # Starweb "Minen und Rundenzähler": a world without a mine has no count.
            world.turns = 0
    elif effect == "metal_drain":
        if world.metal == 0:
            return False
        world.metal = max(0, world.metal - 2)
    else:
        raise ValueError(f"unknown Black Box effect {effect!r}")
    return True


def _explode(world: World, turn: Turn) -> None:
    """Blow the world up like a planet-buster (Starweb "Planetenbruch-Bombe": everything on
    the world goes, the artifacts and the keys in orbit stay); it falls neutral."""
    world.industry = world.metal = world.mines = 0
    world.population = world.converts = world.robots = 0
    world.i_ships = world.p_ships = 0
    world.turns = 0
    world.owner = world.convert_owner = NEUTRAL
    turn.flag_world(world.number, "destroyed")
