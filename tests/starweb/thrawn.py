"""The position behind the rulebook's printout example (Starweb "Der Printout": THRAWN,
a Reichsgründer, after turn 7), built by hand for the printout tests.

Every world, key, artifact, flag and departure of the example is here, so the header
totals (Welten=16, Flotten=18, Schiffe=91 …) come out of the position as they must. What
the example does not show is made up and marked: the other players' numbers and scores
(their scores are the example's 25 133 803 806 900 1077), THRAWN's home world (W13, the
one with 30 industries) and the game number.
"""

from __future__ import annotations

from engine.core import NEUTRAL
from engine.starweb import state as sw

THRAWN, BORG, NECRON, QUILDOR, ROLAND, SALVADOR, REBULARD = range(1, 8)
NAMES = ("THRAWN", "BORG", "NECRON", "QUILDOR", "ROLAND", "SALVADOR", "REBULARD")
CHARACTERS = (
    sw.Character.EMPIRE_BUILDER,
    sw.Character.BERSERKER,
    sw.Character.MERCHANT,
    sw.Character.PIRATE,
    sw.Character.APOSTLE,
    sw.Character.COLLECTOR,
    sw.Character.PIRATE,
)
SCORES = (964, 900, 803, 806, 133, 25, 1077)  # the others' are made up from the example

# number: (gates, owner, industry, metal, mines, population, limit, turns, i, p)
WORLDS: dict[int, tuple[tuple[int, ...], int, int, int, int, int, int, int, int, int]] = {
    2: ((13, 144), THRAWN, 1, 12, 4, 49, 112, 7, 0, 0),
    3: ((34, 70, 139, 233), THRAWN, 0, 9, 2, 61, 61, 5, 0, 1),
    9: ((21, 60, 84, 206), THRAWN, 0, 13, 3, 33, 84, 5, 0, 1),
    13: ((2, 79, 144), THRAWN, 30, 7, 3, 96, 100, 1, 1, 0),
    34: ((3, 166, 204, 212), QUILDOR, 0, 4, 2, 54, 54, 3, 0, 1),
    43: ((57, 132, 203, 228), THRAWN, 0, 19, 5, 73, 114, 4, 0, 1),
    70: ((3, 159, 195, 254), BORG, 0, 11, 4, 42, 42, 3, 0, 1),
    79: ((13, 132, 139, 198, 206), THRAWN, 0, 5, 5, 56, 92, 7, 0, 1),
    84: ((9, 86, 106, 134), NEUTRAL, 0, 0, 3, 20, 46, 0, 0, 0),
    86: ((84, 132, 203, 206), THRAWN, 0, 9, 2, 22, 48, 5, 0, 1),
    107: ((68, 159, 195, 202), BORG, 0, 6, 2, 58, 58, 4, 0, 1),
    132: ((43, 79, 86, 220), THRAWN, 0, 0, 0, 14, 20, 0, 0, 1),
    139: ((3, 79, 195, 212), THRAWN, 0, 14, 3, 65, 65, 5, 0, 1),
    144: ((2, 13), THRAWN, 2, 14, 3, 71, 106, 7, 3, 0),
    195: ((70, 107, 139, 198), THRAWN, 0, 4, 1, 26, 26, 5, 0, 1),
    198: ((79, 195, 202, 220), THRAWN, 0, 16, 4, 48, 63, 6, 0, 1),
    202: ((107, 156, 157, 198), THRAWN, 1, 4, 4, 66, 78, 1, 0, 0),
    203: ((43, 86, 106, 226), NECRON, 0, 12, 4, 77, 116, 3, 0, 1),
    206: ((9, 79, 86, 212), THRAWN, 3, 20, 6, 90, 148, 6, 1, 0),
    212: ((21, 34, 139, 206), THRAWN, 0, 17, 4, 47, 90, 5, 0, 1),
    220: ((132, 157, 198, 228), THRAWN, 0, 8, 2, 45, 45, 5, 0, 1),
}

# number: (world, owner, ships, cargo, flags)
KEYS: dict[int, tuple[int, int, int, int, tuple[str, ...]]] = {
    160: (3, THRAWN, 6, 0, ("moved",)),
    47: (3, SALVADOR, 1, 0, ("moved",)),
    2: (9, ROLAND, 6, 0, ("moved",)),
    45: (13, THRAWN, 1, 1, ("moved",)),
    79: (13, THRAWN, 7, 7, ("moved",)),
    128: (13, THRAWN, 15, 15, ("moved",)),
    186: (13, THRAWN, 1, 1, ("moved",)),
    199: (13, THRAWN, 1, 1, ("moved",)),
    180: (34, THRAWN, 1, 0, ("ambush",)),
    8: (34, QUILDOR, 13, 4, ("moved",)),  # QUILDOR's cargo of 4 is made up: hidden
    4: (70, BORG, 2, 0, ("conditional:CF82",)),  # made up: hidden from THRAWN
    82: (70, BORG, 1, 0, (f"gift_from:{THRAWN}",)),
    102: (70, NEUTRAL, 0, 0, ()),
    223: (84, THRAWN, 8, 0, ("moved",)),
    22: (84, ROLAND, 2, 0, ("fire:AF113",)),
    37: (84, NEUTRAL, 0, 0, ()),
    39: (139, THRAWN, 11, 0, ("moved",)),
    106: (144, THRAWN, 1, 0, ("moved",)),
    42: (198, THRAWN, 11, 0, ("moved",)),
    78: (202, THRAWN, 8, 0, ("fire:AF189",)),
    163: (202, THRAWN, 1, 0, ()),
    189: (202, THRAWN, 0, 0, ("captured", f"taken_from:{REBULARD}")),
    197: (202, THRAWN, 0, 0, ("captured",)),
    250: (202, THRAWN, 1, 0, ("moved",)),
    113: (206, THRAWN, 1, 0, ("moved",)),
    149: (206, THRAWN, 1, 0, ("moved",)),
    181: (212, QUILDOR, 3, 0, ("moved",)),
}

# world: [(key, owner, to)]
DEPARTURES: dict[int, list[tuple[int, int, int]]] = {
    3: [(35, QUILDOR, 34)],
    9: [(45, THRAWN, 206), (113, THRAWN, 206), (223, THRAWN, 84)],
    13: [(39, THRAWN, 79), (42, THRAWN, 79), (106, THRAWN, 144), (160, THRAWN, 79)],
    34: [(35, QUILDOR, 204), (129, QUILDOR, 204)],
    70: [(255, BORG, 159)],
    79: [
        (39, THRAWN, 139),
        (42, THRAWN, 198),
        (45, THRAWN, 13),
        (79, THRAWN, 13),
        (128, THRAWN, 13),
        (160, THRAWN, 139),
        (186, THRAWN, 13),
        (199, THRAWN, 13),
    ],
    84: [(2, ROLAND, 9), (113, THRAWN, 9)],
    86: [(65, NECRON, 203), (149, THRAWN, 206)],
    107: [(250, THRAWN, 202)],
    139: [(160, THRAWN, 3)],
    198: [(79, THRAWN, 79), (186, THRAWN, 79), (199, THRAWN, 79)],
    202: [(214, BORG, 156)],
    203: [(65, NECRON, 226), (149, THRAWN, 86)],
    206: [(45, THRAWN, 79), (223, THRAWN, 9)],
    220: [(199, THRAWN, 198)],
}

# number: (name, world, key)
ARTIFACTS: dict[int, tuple[str, int, int]] = {
    70: ("Plastik Mondstein", 3, 0),
    38: ("Diamant Sextant", 0, 160),
    11: ("Platinum Thron", 13, 0),
    13: ("Silber Thron", 13, 0),
    59: ("Strahlender Degen", 13, 0),
    76: ("Geweiheter Mondstein", 13, 0),
    95: ("Titanium Scarabeus", 13, 0),
    61: ("Platinum Kelch", 0, 186),
    50: ("Plastik Degen", 0, 8),
    72: ("Uralter Mondstein", 70, 0),
    39: ("Strahlender Sextant", 144, 0),
}

ORDERS = (
    "F39U",
    "F42U",
    "F106U",
    "F160U",
    "V11W",
    "P9T1F45",
    "W13B5F160",
    "W13B10F39",
    "W13B10F42",
    "W2S1",
    "W206B3F223",
    "F45L",
    "V38F160",
    "F128L",
    "F79L",
    "F186L",
    "F199L",
    "V61F186",
    "F78AF189",
    "F45W206W79W13",
    "F39W79W139",
    "F42W79W198",
    "F106W144",
    "F160W79W139W3",
    "F128W13",
    "F113W9W206",
    "F250W202",
    "F79W79W13",
    "F186W79W13",
    "F149W86W206",
    "F223W9W84",
    "F199W198W79W13",
    "Z3",
    "A=BORG",
    "A=NECRON",
    "F82G=BORG",
)
"""THRAWN's 36 orders as the example echoes them."""

MESSAGES = (
    "Das Reich der Grßen Alten ist wieder aufgerichtet!",
    "Das wirst Du bitter bereuen Quildor! Tod allen Verrätern!",
    "Katarn, das letztmal bist Du davon gekommen, diesmal nicht!!! - Pogonatos -",
    "Wenn Du so weitermachst, hast Du uns Feinde Katarn! Quildor.",
    "Taylor, Taylor... Elizabeth Taylor, oder wer? - kein Taylor.",
    "Hike, Du weißt wer jetzt, drann ist! Ensch, viel Mut beim Kampf!",
    "SCHLACHTET VERBÜNDETE!",
    "Händler gesucht! Gandalf Fle Grey.",
    "HALLO REBI! JETZT BIST DU DRAN...",
)


def usable(state: sw.StarwebState, world: sw.World) -> int:
    """The example's usable industry: the smallest of industry, metal and population
    (W13: 30 industries, 7 metal -> 30/7); no enemy fleet stands on an industry world."""
    return min(world.industry, world.metal, world.population)


def thrawn_state() -> sw.StarwebState:
    """The position after turn 7 as THRAWN's printout shows it."""
    worlds = [sw.World(number=n, gates=[]) for n in range(1, 256)]
    for number, (gates, owner, ind, metal, mines, pop, limit, turns, i, p) in WORLDS.items():
        w = worlds[number - 1]
        w.gates, w.owner, w.industry, w.metal, w.mines = list(gates), owner, ind, metal, mines
        w.population, w.limit, w.turns, w.i_ships, w.p_ships = pop, limit, turns, i, p
    worlds[13 - 1].home_of = THRAWN
    fleets = [sw.Fleet(number=n, world=0) for n in range(1, 256)]
    notes = []
    for number, (world, owner, ships, cargo, flags) in KEYS.items():
        f = fleets[number - 1]
        f.world, f.owner, f.ships, f.cargo = world, owner, ships, cargo
        if flags:
            notes.append(sw.FleetNote(fleet=number, flags=list(flags)))
    world_notes = [
        sw.WorldNote(world=w, departures=[sw.Departure(fleet=f, owner=o, to=t) for f, o, t in gone])
        for w, gone in DEPARTURES.items()
    ]
    next(n for n in world_notes if n.world == 202).flags.append("conquered")
    players = [
        sw.Player(
            number=n,
            code_name=NAMES[n - 1],
            character=CHARACTERS[n - 1].value,
            home=13 if n == THRAWN else 0,
            score=SCORES[n - 1],
        )
        for n in range(1, 8)
    ]
    players[THRAWN - 1].met = [REBULARD, SALVADOR, NECRON, QUILDOR, BORG, ROLAND]
    players[THRAWN - 1].allies = [NECRON, BORG]
    players[THRAWN - 1].end_vote = 4000
    report = sw.PlayerReport(
        player=THRAWN,
        seen=sorted(WORLDS),
        contacts=[NECRON, SALVADOR, REBULARD, ROLAND, BORG, QUILDOR],
        echo=[sw.EchoLine(code=c) for c in ORDERS],
    )
    return sw.StarwebState(
        game=42,
        turn=7,
        seed=1,
        options=sw.Options(),
        worlds=worlds,
        fleets=fleets,
        artifacts=[
            sw.Artifact(number=n, name=name, world=world, fleet=key)
            for n, (name, world, key) in sorted(ARTIFACTS.items())
        ],
        players=players,
        report=sw.TurnReport(
            worlds=world_notes,
            fleets=notes,
            players=[report],
            messages=list(MESSAGES),
        ),
        end_score=5000,
    )
