"""Starweb as a game kind: everything the host needs to know, in one object."""

from __future__ import annotations

from engine.core import MessageRules, SeatField, kind_of
from engine.starweb.bots import StarwebBots
from engine.starweb.characters import SPELLINGS
from engine.starweb.game import CHARACTER, CODE_NAME, StarwebGame
from engine.starweb.setup import SCENARIOS
from engine.starweb.state import Options
from engine.starweb.texts import PRINTOUT_HEADINGS, TEXTS

MIN_PLAYERS, MAX_PLAYERS = 2, 15
"""Starweb "Was ist Sache?" says ten to fifteen players; the host takes two and more, for
small games on small maps (option ``worlds``), demonstrations and tests
(docs/rules-starweb.md)."""

SEAT_FIELDS = (
    SeatField(
        name=CHARACTER,
        labels=TEXTS.every("seat_field.character"),
        # German first; the English 7th edition's names are read as well.
        choices=SPELLINGS,
    ),
    SeatField(name=CODE_NAME, labels=TEXTS.every("seat_field.code_name"), unique=True),
)
"""Every seat names its character and its code name (Starweb "Die Charaktere"; the
players know each other only by code name)."""

STARWEB = kind_of(
    StarwebGame(),
    "grammar.starweb",
    (MIN_PLAYERS, MAX_PLAYERS),
    Options(),  # the rule options and their defaults (docs/rules-starweb.md, "Rule options")
    seat_fields=SEAT_FIELDS,
    scenarios=tuple(SCENARIOS),
    # Starweb "Der Printout": the players' messages are printed to everyone, without
    # names; secret messages and urgent dispatches go through the host, signed with the
    # code name.
    messages=MessageRules(newspaper=True, urgent_dispatches=True, urgent_postage_cents=0),
    texts=TEXTS,
    printout_headings=PRINTOUT_HEADINGS,
    bots=StarwebBots(),
)
"""The Starweb game kind (listed in ``engine.registry.KINDS``)."""
