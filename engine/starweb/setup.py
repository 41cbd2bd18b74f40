"""Turn 0: players, options, the galaxy and the Black Box of a new Starweb game.

Each seat brings a character (German or English name, any case) and a code name (the
players know each other only by it); a seat without them is dealt a character and given
a made-up code name from the game's ``Random``, after the map and the Black Box, so that
the map of a seed is the same whoever chose what. Options come from ``Setup.options`` over
a scenario's presets (``standard``: 255 worlds; ``small``: 17 worlds per player); the
Black Box's effect is drawn from the game's ``Random`` unless the GM names one.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from random import Random

from engine.core import JSONValue, Setup
from engine.starweb.artifacts import BLACK_BOX_EFFECTS
from engine.starweb.galaxy import generate, small_worlds
from engine.starweb.state import Character, Options, Player, PlayerReport, StarwebState, TurnReport

BLACK_HOLE_WORLDS = 51
"""One black hole per 51 worlds on a small map (the full game's 5 on 255)."""


def _small(players: int) -> dict[str, JSONValue]:
    worlds = small_worlds(players)
    return {"worlds": worlds, "black_holes": max(1, worlds // BLACK_HOLE_WORLDS)}


SCENARIOS: Mapping[str, Callable[[int], dict[str, JSONValue]]] = {
    "standard": lambda players: {},
    "small": _small,
}
"""Named option presets by the number of players; the GM's options override them."""

CHARACTER_NAMES: Mapping[str, Character] = {
    "reichsgruender": Character.EMPIRE_BUILDER,
    "reichsgrunder": Character.EMPIRE_BUILDER,
    "empirebuilder": Character.EMPIRE_BUILDER,
    "haendler": Character.MERCHANT,
    "handler": Character.MERCHANT,
    "merchant": Character.MERCHANT,
    "pirat": Character.PIRATE,
    "pirate": Character.PIRATE,
    "kunstsammler": Character.COLLECTOR,
    "artifactcollector": Character.COLLECTOR,
    "berserker": Character.BERSERKER,
    "apostel": Character.APOSTLE,
    "apostle": Character.APOSTLE,
}
"""Folded spellings (:func:`fold`) of the six characters, German and English."""

CODE_NAME = re.compile(r"[A-Z][A-Z0-9]{0,9}")
"""A code name: a letter, then letters or digits, ten at most (``BORG``, ``THRAWN``)."""


class SetupError(ValueError):
    """The setup cannot start a Starweb game (players, characters, names or options)."""


def fold(text: str) -> str:
    """Lower case, umlauts spelt out, everything but letters dropped."""
    text = text.casefold()
    for umlaut, spelt in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        text = text.replace(umlaut, spelt)
    return re.sub(r"[^a-z]", "", text)


def character(text: str) -> Character:
    """The character named ``text`` (``Händler``, ``merchant``, ``Empire Builder`` …)."""
    found = CHARACTER_NAMES.get(fold(text))
    if found is None:
        known = ", ".join(c.value for c in Character)
        raise SetupError(f"unknown character {text!r} (known: {known}, or the English names)")
    return found


def code_name(text: str) -> str:
    """The code name in upper case, checked against :data:`CODE_NAME`."""
    name = text.strip().upper()
    if not CODE_NAME.fullmatch(name):
        raise SetupError(
            f"code name {text!r}: a letter, then letters or digits, at most 10 (e.g. BORG)"
        )
    return name


def read_options(
    raw: Mapping[str, JSONValue], scenario: str | None, players: int
) -> tuple[Options, bool]:
    """The rule options (scenario presets, then ``raw``) and whether the GM chose the
    Black Box's effect."""
    name = (scenario or "standard").lower()
    if name not in SCENARIOS:
        raise SetupError(f"unknown scenario {scenario!r} (known: {', '.join(SCENARIOS)})")
    given = {**SCENARIOS[name](players), **raw}
    fields = {f.name for f in dataclasses.fields(Options)}
    defaults = Options()
    for key, value in given.items():
        if key not in fields:
            raise SetupError(f"unknown rule option {key!r} (known: {', '.join(sorted(fields))})")
        if type(value) is not type(getattr(defaults, key)):
            kind = type(getattr(defaults, key)).__name__
            raise SetupError(f"rule option {key!r} must be {kind}, not {value!r}")
    options = dataclasses.replace(defaults, **given)
    if not 1 <= options.end_score_min <= options.end_score_default <= options.end_score_max:
        raise SetupError("end scores: 1 <= end_score_min <= end_score_default <= end_score_max")
    if options.black_box not in BLACK_BOX_EFFECTS:
        raise SetupError(
            f"unknown Black Box effect {options.black_box!r} "
            f"(known: {', '.join(sorted(BLACK_BOX_EFFECTS))})"
        )
    return options, "black_box" in raw


Seat = tuple[int, str | None, Character | None]
"""(number, code name, character) of a seat; ``None``: not given, dealt at setup."""


def read_players(setup: Setup) -> list[Seat]:
    """(number, code name or None, character or None) per seat, seats numbered 1..N."""
    numbers = sorted(p.number for p in setup.players)
    if numbers != list(range(1, len(numbers) + 1)):
        raise SetupError("the seats must be numbered 1, 2, … without gaps")
    seats: list[Seat] = []
    for seat in sorted(setup.players, key=lambda p: p.number):
        name = seat.fields.get("code_name")
        kind = seat.fields.get("character")
        seats.append(
            (
                seat.number,
                None if name is None else code_name(name),
                None if kind is None else character(kind),
            )
        )
    names = [name for _, name, _ in seats if name is not None]
    doubles = sorted({n for n in names if names.count(n) > 1})
    if doubles:
        raise SetupError(f"code names must differ: {', '.join(doubles)}")
    return seats


SYLLABLES = (
    ("B", "D", "G", "K", "L", "M", "N", "R", "S", "T", "V", "Z", "TH", "KR", "DR", "QU"),
    ("A", "E", "I", "O", "U", "A", "O", "U"),
    ("", "", "", "N", "R", "X", "S", "RN", "TH"),
)
"""Made-up code names: two or three syllables (onset, vowel), then an ending."""


def made_up_name(rng: Random, taken: set[str]) -> str:
    """A code name (:data:`CODE_NAME`) from ``rng`` that is not in ``taken``
    (``THORAX``, ``KEDURN``): the rulebook's names are made up as well."""
    onsets, vowels, endings = SYLLABLES
    while True:
        count = 2 + rng.randrange(2)
        name = "".join(rng.choice(onsets) + rng.choice(vowels) for _ in range(count))
        name = (name + rng.choice(endings))[:10]
        if name not in taken:
            return name


def deal(seats: list[Seat], rng: Random) -> list[tuple[int, str, Character]]:
    """The seats with what was not given: characters dealt from shuffled packs of the six
    (a new pack when one is used up, so no character comes twice before each came once),
    code names made up (:func:`made_up_name`). English §31: "If you don't choose a name
    or character, we will pick them for you"."""
    taken = {name for _, name, _ in seats if name is not None}
    pack: list[Character] = []
    dealt = []
    for number, name, kind in seats:
        if kind is None:
            if not pack:
                pack = rng.sample(list(Character), len(Character))
            kind = pack.pop()
        if name is None:
            name = made_up_name(rng, taken)
            taken.add(name)
        dealt.append((number, name, kind))
    return dealt


def new_game(setup: Setup, rng: Random) -> StarwebState:
    """The start position, turn 0: the galaxy from ``rng``, then the Black Box's effect
    (unless the GM chose it), then the characters and code names not given
    (:func:`deal`); each player sees his home world."""
    given = read_players(setup)
    options, chosen = read_options(setup.options, setup.scenario, len(given))
    galaxy = generate(options, len(given), rng)
    if not chosen:
        options.black_box = rng.choice(sorted(BLACK_BOX_EFFECTS))
    seats = deal(given, rng)
    players = [
        Player(number=n, code_name=name, character=kind.value, home=galaxy.homes[n - 1])
        for n, name, kind in seats
    ]
    report = TurnReport(players=[PlayerReport(player=p.number, seen=[p.home]) for p in players])
    return StarwebState(
        game=setup.game,
        turn=0,
        seed=setup.seed,
        options=options,
        worlds=galaxy.worlds,
        fleets=galaxy.fleets,
        artifacts=galaxy.artifacts,
        players=players,
        report=report,
    )
