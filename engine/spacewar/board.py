"""The strategic board and the rulebook's tables (Spacewar §4, §6, §11; the board's
picture is missing from the text: docs/rules-spacewar.md, decisions 2 and 3).

Row A holds W1-W6 (player 1's, home W1), row B W7-W12 (player 2's, home W7); the four
space fields R1-R4 lie between the rows; the hyperspace strip H1 borders row A and the
space row, H2 row B and the space row. Ids are absolute: W7 faces W6, W12 faces W1.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

WORLDS = tuple(f"W{n}" for n in range(1, 13))
SPACE = ("R1", "R2", "R3", "R4")
FIELDS = WORLDS + SPACE
"""Every field of the board, in the order battles are fought (decision P6)."""
STRIPS = ("H1", "H2")
HOME = {1: "W1", 2: "W7"}
HOME_PE, COLONY_PE = 20, 10  # Spacewar "Der Spielaufbau"

OWN, ENEMY, SPACE_ROW = "own", "enemy", "space"
"""The three destinations of a jump (Spacewar §4: a Planetengruppe or the Raumfelder)."""


def is_world(field: str) -> bool:
    """Whether ``field`` is a world W1-W12."""
    return field in WORLDS


def row_of(player: int) -> tuple[str, ...]:
    """The six worlds a player starts with, from his home to his right."""
    return WORLDS[:6] if player == 1 else WORLDS[6:]


def other(player: int) -> int:
    """The other player of the two."""
    return 3 - player


def strip_of(field: str, player: int) -> str:
    """The hyperspace strip next to ``field`` (Spacewar §4 ¶3): row A's is H1, row B's
    H2; from a space field the strip on the player's own side (decision 20)."""
    if field in WORLDS[:6]:
        return "H1"
    if field in WORLDS[6:]:
        return "H2"
    return "H1" if player == 1 else "H2"


def world_by_die(group: str, die: int, player: int, mirrored: bool = True) -> str:
    """The world a die value names in a planet row (Spacewar §4 "Es wird immer vom
    eigenen Heimatplaneten nach rechts gezählt"; decision 3: the enemy row is counted
    from the mover's own left, so the enemy home is die 6 unless ``mirrored`` is off)."""
    if group == OWN:
        return f"W{die}" if player == 1 else f"W{6 + die}"
    if not mirrored:
        return f"W{6 + die}" if player == 1 else f"W{die}"
    return f"W{13 - die}" if player == 1 else f"W{7 - die}"


def space_by_die(die: int, player: int) -> str | None:
    """The space field a 1W6 names (Spacewar §4); None on a 1 or 6: free choice."""
    if die in (1, 6):
        return None
    return SPACE[die - 2] if player == 1 else SPACE[5 - die]


def group_fields(group: str, player: int) -> tuple[str, ...]:
    """The fields of a destination group, for ``player``."""
    if group == OWN:
        return row_of(player)
    if group == ENEMY:
        return row_of(other(player))
    return SPACE


def reachable(where: str, group: str, player: int, open_reach: bool = False) -> bool:
    """Whether a fleet at ``where`` may jump to ``group`` (Spacewar §4 ¶3, decision 2,
    option ``hyperspace_reach``: a strip reaches its planet row and the space row; a
    space field reaches every group)."""
    if open_reach or where in SPACE or group == SPACE_ROW:
        return True
    strip = where if where in STRIPS else strip_of(where, player)
    row = WORLDS[:6] if strip == "H1" else WORLDS[6:]
    return group_fields(group, player) == row


def _hit_tables() -> dict[str, tuple[tuple[int | None, ...], ...]]:
    """The tables of Spacewar §11.1 by weapon (``R``, ``L``), from ``hit-tables.txt``
    (laid out as the rulebook prints them): a row per number of weapons 1-9, an entry per
    shield 1-4, None where the rulebook prints "---" (no hit possible)."""
    text = resources.files("engine.spacewar").joinpath("hit-tables.txt").read_text(encoding="utf-8")
    tables: dict[str, list[tuple[int | None, ...]]] = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            weapon, _count, *entries = line.split()
            row = tuple(None if entry == "---" else int(entry) for entry in entries)
            tables.setdefault(weapon, []).append(row)
    return {weapon: tuple(rows) for weapon, rows in tables.items()}


HIT_TABLES = _hit_tables()
"""Spacewar §11.1: a d20 result at least the entry hits (read once, on import)."""
MAX_GROUP = 9
"""The tables stop at 9 weapons: a larger group fires as 9 + the rest (decision 18)."""


def needed(weapon: str, count: int, shield: int) -> int | None:
    """The d20 result that hits with ``count`` weapons of a kind against ``shield``
    (Spacewar §11.1); None when no hit is possible."""
    return HIT_TABLES[weapon][count - 1][shield - 1]


@dataclass(frozen=True)
class UnitType:
    """One line of Spacewar §11.2."""

    code: str
    cost: int
    lasers: int
    missiles: int
    shield: int
    bwp: int
    fighters: int = 0
    """Jäger it carries (Schlachtträger 8, Basis 16)."""


UNITS = {
    "JG": UnitType("JG", 1, 1, 1, 1, 13),
    "SC": UnitType("SC", 6, 1, 1, 2, 8),
    "KR": UnitType("KR", 11, 6, 8, 4, 3),
    "ST": UnitType("ST", 23, 2, 4, 4, 3, fighters=8),
    "TR": UnitType("TR", 5, 1, 1, 1, 3),
    "BA": UnitType("BA", 32, 8, 12, 4, 0, fighters=16),
}
"""Spacewar §11.2 Aufstellungskosten und Werte."""
TROOP_COST = 5
SPLITTERS = frozenset({"ST", "KR", "BA"})
"""Who may split fire (Spacewar §5.3; the Basis by decision 18)."""
TR_JAEGER = 8
"""Jäger one transporter carries (Spacewar §4)."""

GROUND_EFFECTS = (
    # result -2 .. 9 (Spacewar §6; the lost minus signs restored, decision 5)
    "a_destroyed",
    "a_destroyed",
    "a_destroyed",
    "a_repulsed",
    "a_repulsed",
    "none",
    "none",
    "d_repulsed",
    "d_repulsed",
    "d_destroyed",
    "d_destroyed",
    "d_destroyed",
)


def ground_effect(result: int) -> str:
    """The effect of a ground result, clamped to -2 .. 9 (Spacewar §6, decision 5)."""
    return GROUND_EFFECTS[max(-2, min(9, result)) + 2]


DAMAGE = ("graze", "yellow", "yellow", "yellow", "orange", "orange", "red", "white")
"""Spacewar §10.1 Mehrfachtreffer: the event of a result 1-8."""
MARKERS = ("", "yellow", "orange", "red")


def damage_event(die: int, marker: str, red_modifier: int = 3) -> str:
    """The damage a hit does with option 10.1 (Spacewar §10.1): a 1 stays a graze; +1
    with a yellow marker, +2 with orange, ``red_modifier`` with red (decision 23)."""
    if die == 1:
        return "graze"
    bonus = {"": 0, "yellow": 1, "orange": 2, "red": red_modifier}[marker]
    return DAMAGE[min(8, die + bonus) - 1]
