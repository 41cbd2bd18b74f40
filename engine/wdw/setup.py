"""A new game from a scenario (``engine/wdw/data/<name>.json``): the map file it names
(or the GM's own map text in the option ``map``), and each seat's realm in seat order."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from engine.core import Setup
from engine.plaindata import from_plain
from engine.wdw.mapfile import read_map
from engine.wdw.options import WdwOptions
from engine.wdw.sightlines import see
from engine.wdw.state import Realm, Settlement, Unit, WdwState

SCENARIOS = ("sample",)


def _data(name: str) -> str:
    """A file of the package's ``data/`` folder (a scenario, a map)."""
    return resources.files("engine.wdw").joinpath("data", name).read_text(encoding="utf-8")


def scenario_data(name: str) -> dict[str, Any]:
    """The scenario file's content (ValueError for an unknown name)."""
    if name not in SCENARIOS:
        raise ValueError(f"Welt der Waben has no scenario {name!r} ({', '.join(SCENARIOS)})")
    data: dict[str, Any] = json.loads(_data(f"{name}.json"))
    return data


def new_state(setup: Setup) -> WdwState:
    """Turn 0: the scenario's realms for the seats, the map checked whole, each realm
    knowing what its units and settlements see."""
    options = {k: v for k, v in setup.options.items() if k != "map"}
    the_options = WdwOptions.of(options)  # unknown options and bad values are refused here
    data = scenario_data(setup.scenario or "sample")
    map_text = setup.options.get("map")
    if not isinstance(map_text, str):
        map_text = _data(str(data["map"]))
    the_map = read_map(map_text)
    realms_data = data["realms"]
    if len(setup.players) > len(realms_data):
        raise ValueError(f"the scenario has {len(realms_data)} realms")
    realms, settlements, units = [], [], []
    for player, realm in zip(
        sorted(setup.players, key=lambda p: p.number), realms_data, strict=False
    ):
        seat = player.number
        realms.append(Realm(seat, str(realm["name"]), int(realm["treasury"])))
        for place in realm["settlements"]:
            settlements.append(from_plain(Settlement, {**place, "owner": seat}))
        for unit in realm["units"]:
            units.append(from_plain(Unit, {**unit, "realm": seat}))
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
    see(state, the_options)  # Strategie 1.3: the first printout shows what the realm sees
    return state


def options_of(state: WdwState) -> WdwOptions:
    """The game's GM options as the state keeps them."""
    return WdwOptions.of(
        {k: json.loads(v) for k, _, v in (o.partition("=") for o in state.options)}
    )
