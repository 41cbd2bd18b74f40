"""The GM options of a Welt der Waben game (design §2.7): every rate the missing
Basismodul would set, and every chapter the module makes optional [R Vorwort]."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields

from engine.core import JSONValue
from engine.wdw.movement_rules import MOUNTED_HS3, MovementRules

_CHOICES = {
    "hv_bonus": ("strength", "gp"),
    "income_rounding": ("full", "exact"),
    "allied_meeting": ("stop", "pass"),
    "fort_ranged_gp": ("per_bwp", "flat"),
    "build_on_arrival": ("pro_rata", "next_month"),
    "bukaz_display": ("exact", "verbal"),
    "after_fight": ("go_on", "stay"),
    "espionage_mode": ("rules", "culture_only"),
    "movement": ("ranges", "bp"),
    "mounted_hs3": MOUNTED_HS3,
}
"""The options that take one of a few words."""

CHAPTERS = (
    "settlement_kit",
    "unit_kit",
    "espionage",
    "advanced_combat",
    "provinces",
    "tiered_walls",
    "decay",
    "microfields",
)
"""The module's chapters a GM may switch off [R Vorwort] (design §2.7)."""

NOT_BUILT = ("bukaz_split",)
"""Options of the design (§2.7) the host does not have yet: refused with that reason, so
no GM believes them in play (docs/rules-wdw.md, "GM options")."""

SWITCHABLE = ("espionage", "provinces", "tiered_walls", "decay")
"""The chapters the host can switch off so far; the others are refused, not ignored
(docs/rules-wdw.md, "GM options")."""


@dataclass(frozen=True)
class WdwOptions:
    """The options with their defaults (docs/rules-wdw.md, "GM options"); the design's
    (§2.7) not built yet are refused (:data:`NOT_BUILT`)."""

    income_months: tuple[int, ...] = (6, 12)
    """The Einnahmetermin months (D12)."""
    upkeep_rs_surcharge: bool = False
    """Upkeep +100 % per 3 full RS after the first (Strategie 4.2, D23)."""
    sight_radius: int = 1
    """Fields around a unit or settlement a realm sees (D1)."""
    bwp_cost_normal: int = 5000
    bwp_cost_schwer: int = 10000
    bwp_cost_extrem: int = 15000
    max_rounds: int = 4
    """Rounds of combat a unit can fight a month at most (Strategie 4.4, D8)."""
    spy_sight: bool = False
    """Spies get a sight range like other units (Strategie 6.1, Spielleiter-Option)."""
    min_size_land: int = 1000
    """D4: the Mindestgröße of a land unit for E (mounted units: ``min_size_mounted``)."""
    hv_bonus: str = "strength"
    """D13: Heimatverteidigung's +2 inside its province: ``strength`` (per element) or
    ``gp`` (+2 GP)."""
    training_halfyear: bool = False
    """D22, Strategie 4.2: training times rounded down to 6-month steps."""
    income_rounding: str = "full"
    """D10, Strategie 2.1: income per ``full`` 10,000 inhabitants, or ``exact``
    (1,500·population/10,000, truncated)."""
    g_any_character: bool = False
    """D15, Strategie 5.3: every character may take G orders, not only trained spies."""
    min_size_mounted: int = 500
    """D4: the Mindestgröße of a mounted unit for E."""
    min_size_fleet: int = 0
    """D4: the Mindestgröße of a fleet for E (0: none, the GM's)."""
    build_strength: int = 1000
    """D19: the Arbeitsstärke that builds or demolishes one BWP a month."""
    build_strength_bef: int = 2500
    """D19: the same for Befestigungen."""
    build_on_arrival: str = "pro_rata"
    """D18, Tab. 5.2-1 AB: a worker that moves builds at its target ``pro_rata`` (the
    month's work × (30 − arrival day)/30) or from the ``next_month`` on."""
    into_white: bool = True
    """Strategie 4.4 (SL-Option): units may move into fields their realm does not know;
    off, a step into one ends the path."""
    allied_meeting: str = "stop"
    """D26, Strategie 5.1: mutual allies meeting in the territory of one of them ``stop``
    (KV against each other) or ``pass``; elsewhere they pass (KI)."""
    build_people: int = 1
    """D19, Strategie 3.1, 3.3: the BWP a month the people of a settlement build or
    demolish."""
    ig_carry_over: bool = False
    """D14, Strategie 5.3 ("Jeder Spion hat einen IG"): a spy keeps one IG whatever its
    target (a new target starts at the IG it has, a discovery sets it to 0); else one IG
    per (spy, target), a new target starts at 1."""
    fort_ranged_gp: str = "per_bwp"
    """D9, Strategie 3.2: the Befestigung's GP in ranged rounds: 2 ``per_bwp`` or 2
    ``flat``."""
    plunder_days: bool = True
    """D31, Strategie 5.1-2: the server computes a plunder's days (F18); off, the GM's."""
    wall_unmanned_holds: bool = False
    """Strategie 5.1-2: an unmanned wall holds hostile units too (else only a manned one)."""
    wall_siege_strength: int = 2500
    """Strategie 6.4: the siege strength that destroys one BWP of a wall a month."""
    show_odds: bool = False
    """Design §6: a spy's owner reads the GM's odds beside the roll (``Wurf 12 (W100)
    gegen 35``); off, the roll only."""
    bukaz_display: str = "exact"
    """Strategie 6.5: a realm reads its BükAz ``exact`` or ``verbal`` (a word for its band,
    engine.wdw.morale); the GM reads the number."""
    after_fight: str = "go_on"
    """Strategie 6.2: when a combat's last round ends, its winner's units ``go_on`` along
    their paths (four days a round later), or every unit of a combat ``stay`` in its
    field for the rest of the month."""
    espionage_mode: str = "rules"
    """Strategie 5.3 (Spielleiter-Optionen): G orders by the ``rules``, or espionage by
    culture and Sonderbefehle only (``culture_only``: G orders are refused)."""
    g_max_active: int = 0
    """Strategie 5.3: the G orders a realm may have a month (0: unlimited); the later
    ones are refused."""
    g_min_rs: tuple[tuple[str, int], ...] = ()
    """Strategie 5.3: the least RS a spy needs for an action (JSON ``{"GA": 3}``)."""
    leader_capacity: int = 0
    """Strategie 4.1 (D1): the elements one Heerführer leads, mounted ones counting twice
    (0: no check); an army beyond it is warned of and noted for the GM."""
    movement: str = "ranges"
    """Strategie 7.1, 4.4 (D21): movement by ``ranges`` (fields a month) or by ``bp`` (the
    unit's BP by F8, each step priced by ``bp_costs``, docs/rules-wdw.md "Movement by BP")."""
    bp_costs: tuple[tuple[str, int], ...] = ()
    """The Basismodul's BM 5.3 (missing, D1): the BP a field of each terrain costs to enter
    (JSON ``{"Tiefland": 3, "Wald": 5}``); only with ``movement`` ``bp``, every terrain of
    the map named."""
    mounted_hs3: str = "per_field"
    """Strategie 7.1 "Für Reiter reduziert sich die Reichweite in Höhenstufe 3 um 1 KF": a
    rider pays one field more (by BP: the field's BP once more) for each HS 3 field it
    enters (``per_field``), or for the first only (``once``, WDW.md D21)."""
    chapters: tuple[str, ...] = CHAPTERS
    """[R Vorwort]: the chapters in play (JSON: the ones switched off, ``{"decay":
    false}``; only :data:`SWITCHABLE` ones)."""
    water_territory: bool = False
    """Strategie 1.2, 5.1-2 E: water fields may be a realm's land — a fleet's E conquers
    them, the scenario and the GM's ``Gebiet`` correction give them; off (the default),
    the sea is held only as a sea province (1.2) and is nobody's land: E conquers no
    water field, the scenario and the correction refuse one."""

    def __post_init__(self) -> None:
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                allowed = " or ".join(repr(c) for c in choices)
                raise ValueError(f"{name} must be {allowed}, not {value!r}")
        if self.movement == "bp" and not self.bp_costs:
            raise ValueError('movement "bp" needs bp_costs, like {"Tiefland": 3, "Wald": 5}')
        if self.bp_costs and self.movement != "bp":
            raise ValueError('bp_costs are only used with movement "bp"')

    @classmethod
    def of(cls, options: Mapping[str, JSONValue]) -> WdwOptions:
        """The options of a game (its ``options`` mapping; unknown keys are refused)."""
        known = {f.name: f for f in fields(cls)}
        values: dict[str, object] = {}
        for key, value in options.items():
            if key in NOT_BUILT:
                raise ValueError(f"the option {key!r} is not built yet (docs/rules-wdw.md)")
            if key not in known:
                raise ValueError(f"Welt der Waben has no option {key!r}")
            default = getattr(cls(), key)
            if key == "g_min_rs":
                values[key] = _min_rs(value)
            elif key == "bp_costs":
                values[key] = _bp_costs(value)
            elif key == "chapters":
                values[key] = _chapters(value)
            elif isinstance(default, tuple):
                values[key] = tuple(int(v) for v in value)
            elif isinstance(default, bool):
                values[key] = bool(value)
            elif isinstance(default, int):
                values[key] = int(value)
            else:
                values[key] = str(value)
        return cls(**values)  # type: ignore[arg-type]

    def chapter(self, name: str) -> bool:
        """Whether the chapter ``name`` (:data:`CHAPTERS`) is in play [R Vorwort]."""
        return name in self.chapters

    def least_rs(self, code: str) -> int:
        """Strategie 5.3: the least RS a spy needs for the action ``code`` (1: any)."""
        return dict(self.g_min_rs).get(code.upper(), 1)

    def movement_rules(self) -> MovementRules:
        """How units move (engine.wdw.movement): by ranges (Strategie 7.1) or at the BP
        a field of each terrain costs, and how a rider pays for HS 3 (D21)."""
        prices = dict(self.bp_costs) if self.movement == "bp" else None
        return MovementRules(prices, hs3_once=self.mounted_hs3 == "once")

    def check_terrains(self, terrains: Iterable[str]) -> None:
        """Refuses (ValueError) a BP-cost table that misses a terrain of the map."""
        if self.movement != "bp":
            return
        priced = dict(self.bp_costs)
        missing = sorted({t for t in terrains if t not in priced})
        if missing:
            raise ValueError(f"bp_costs has no BP for the terrain {', '.join(missing)}")

    def bwp_cost(self, terrain_class: str) -> int:
        """F2, Strategie 3.1 (D11): the cost of one BWP by terrain class."""
        return {
            "normal": self.bwp_cost_normal,
            "schwer": self.bwp_cost_schwer,
            "extrem": self.bwp_cost_extrem,
        }[terrain_class]


TEXT_OPTIONS = ("map", "scenario")
"""The options that are a file's text, read when the game is made (engine.wdw.setup),
not rates of :class:`WdwOptions`."""

GM_OPTIONS = frozenset({f.name for f in fields(WdwOptions)} | set(TEXT_OPTIONS))
"""Every option a GM may set (docs/rules-wdw.md, "GM options"): the host refuses others
with these listed (engine.core.GameKind.gm_options); :data:`NOT_BUILT` ones are none."""


def _min_rs(value: JSONValue) -> tuple[tuple[str, int], ...]:
    """``{"GA": 3}``: each G action with the least RS its spy needs."""
    if not isinstance(value, dict):
        raise ValueError('g_min_rs must map G actions to an RS, like {"GA": 3}')
    for code in value:
        if len(code) != 2 or code[0].upper() != "G":
            raise ValueError(f"g_min_rs: {code!r} is no G action (Tab. 5.3-2)")
    return tuple(sorted((code.upper(), int(str(rs))) for code, rs in value.items()))


def _bp_costs(value: JSONValue) -> tuple[tuple[str, int], ...]:
    """``{"Tiefland": 3}``: each terrain with the BP a field of it costs (at least 1)."""
    if not isinstance(value, dict):
        raise ValueError('bp_costs must map terrains to BP, like {"Tiefland": 3, "Wald": 5}')
    table = []
    for terrain, bp in value.items():
        if isinstance(bp, bool) or not isinstance(bp, int) or bp < 1:
            raise ValueError(f"bp_costs: {terrain!r} must cost a whole number of BP, at least 1")
        table.append((terrain, bp))
    return tuple(sorted(table))


def _chapters(value: JSONValue) -> tuple[str, ...]:
    """``{"decay": false}``: the chapters in play, all but the ones switched off."""
    if not isinstance(value, dict):
        raise ValueError('chapters must map chapters to true or false, like {"decay": false}')
    for name, on in value.items():
        if name not in CHAPTERS:
            raise ValueError(f"Welt der Waben has no chapter {name!r}")
        if not on and name not in SWITCHABLE:
            raise ValueError(f"the chapter {name!r} cannot be switched off yet")
    return tuple(c for c in CHAPTERS if value.get(c, True))
