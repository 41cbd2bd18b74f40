"""A new game from a scenario (``engine/wdw/data/<name>.json``): the map file it names
(or the GM's own map text in the option ``map``), and each seat's realm in seat order."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from engine.core import Setup
from engine.plaindata import from_plain
from engine.wdw.mapfile import json_file, read_map
from engine.wdw.options import TEXT_OPTIONS, WdwOptions
from engine.wdw.sightlines import see
from engine.wdw.state import Realm, Settlement, Unit, WdwState
from engine.wdw.territory import land_problem, set_owner
from engine.wdw.texts import say

SCENARIOS = ("sample",)
MAPS = ("sample-map.json",)
"""The packaged scenarios and maps (``engine/wdw/data/``)."""


def _data(name: str) -> str:
    """A file of the package's ``data/`` folder (a scenario, a map)."""
    return resources.files("engine.wdw").joinpath("data", name).read_text(encoding="utf-8")


def scenario_data(name: str, text: object = None) -> dict[str, Any]:
    """The content of the scenario file ``text`` (the option ``scenario``: a GM's own
    file, docs/state-wdw.md "Scenario file"), else of the packaged scenario ``name``
    (ValueError for an unknown name or a file that is not a scenario)."""
    if text is None:
        if name not in SCENARIOS:
            raise ValueError(f"Welt der Waben has no scenario {name!r} ({', '.join(SCENARIOS)})")
        text = _data(f"{name}.json")
    if not isinstance(text, str):
        raise ValueError("the option scenario is the text of a scenario file")
    data = json_file(text, "scenario", "realms", ValueError)
    for key in ("map", "year", "month"):
        if key not in data:
            raise ValueError(f"the scenario file has no {key!r}")
    return data


def new_state(setup: Setup) -> WdwState:
    """Turn 0: the scenario's realms for the seats, the map checked whole, each realm
    knowing what its units and settlements see."""
    options = {k: v for k, v in setup.options.items() if k not in TEXT_OPTIONS}
    the_options = WdwOptions.of(options)  # unknown options and bad values are refused here
    data = scenario_data(setup.scenario or "sample", setup.options.get("scenario"))
    map_text = setup.options.get("map")
    if not isinstance(map_text, str):
        if str(data["map"]) not in MAPS:
            raise ValueError(
                f"the scenario's map {data['map']!r} is not packaged: give it as the option map"
            )
        map_text = _data(str(data["map"]))
    the_map = read_map(map_text)
    the_options.check_terrains(f.terrain for f in the_map.fields.values())
    realms_data = data["realms"]
    if len(setup.players) > len(realms_data):
        raise ValueError(f"the scenario has {len(realms_data)} realms")
    realms, settlements, units = [], [], []
    for player, realm in zip(
        sorted(setup.players, key=lambda p: p.number), realms_data, strict=False
    ):
        seat = player.number
        try:
            realms.append(Realm(seat, str(realm["name"]), int(realm["treasury"])))
            for place in realm["settlements"]:
                settlements.append(from_plain(Settlement, {**place, "owner": seat}))
            for unit in realm["units"]:
                units.append(from_plain(Unit, {**unit, "realm": seat}))
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"the scenario's realm {seat}: {error!r}") from None
    for item in [*settlements, *units]:
        if item.kf not in the_map.fields:
            raise ValueError(f"the scenario places something on {item.kf}, not on the map")
    state = WdwState(
        game=setup.game,
        turn=0,
        seed=setup.seed,
        year=int(data["year"]),
        month=int(data["month"]),
        map_text=map_text,
        realms=realms,
        settlements=settlements,
        units=units,
        options=[f"{k}={json.dumps(v, sort_keys=True)}" for k, v in sorted(options.items())],
    )
    _give_land(state, [realm.get("fields", []) for realm in realms_data], the_options)
    see(state, the_options)  # Strategie 1.3: the first printout shows what the realm sees
    return state


def _give_land(state: WdwState, lands: list[Any], options: WdwOptions) -> None:
    """Strategie 1.2, 1.3: each realm row's ``fields`` (its land besides its settlements'
    fields) become the realm's, in seat order; a field that cannot be its land, or that
    two realms claim, is refused with the reason (ValueError)."""
    claimed: dict[str, int] = {}
    for realm, fields in zip(state.realms, lands, strict=False):
        if not isinstance(fields, list) or not all(isinstance(kf, str) for kf in fields):
            raise ValueError(f"the scenario's realm {realm.seat}: fields must be a list of KF")
        for kf in fields:
            problem = land_problem(state, realm.seat, kf, options)
            if problem is not None:  # worded as the GM's correction is refused
                why = say("en", f"land.{problem[0]}", **problem[1])
                raise ValueError(f"the scenario's realm {realm.seat}: {why}")
            if claimed.setdefault(kf, realm.seat) != realm.seat:
                raise ValueError(
                    f"the scenario gives {kf} to realms {claimed[kf]} and {realm.seat}"
                )
            set_owner(state, kf, realm.seat)


def options_of(state: WdwState) -> WdwOptions:
    """The game's GM options as the state keeps them."""
    return _options(tuple(state.options))


@lru_cache(maxsize=8)
def _options(kept: tuple[str, ...]) -> WdwOptions:
    # Read once per game's options: a dossier asks for them a thousand times (a combat's
    # workbench, each K order's forecast); WdwOptions is frozen, so it can be shared.
    return WdwOptions.of({k: json.loads(v) for k, _, v in (o.partition("=") for o in kept)})
