"""Ashes of Empire as a game kind: everything the host needs to know, in one object."""

from __future__ import annotations

from engine.ashes.bots import AshesBots
from engine.ashes.game import AshesGame
from engine.ashes.orders import MAX_PLAYERS
from engine.ashes.setup import SCENARIOS
from engine.ashes.state import Options
from engine.ashes.texts import PRINTOUT_HEADINGS, TEXTS
from engine.core import MessageRules, kind_of

MIN_PLAYERS = 2
"""A game needs 2 to 8 players (Ashes 0.1; checked again in ``setup.positions``)."""

ASHES = kind_of(
    AshesGame(),
    "grammar.ashes",
    (MIN_PLAYERS, MAX_PLAYERS),
    Options(),  # the rule options and their defaults (docs/rules-ashes.md, "Rule options")
    # The host drops players who miss turns itself (docs/host-rules.md), so the engine's
    # own NMR limit (Ashes 1.5) is off unless the GM sets it.
    host_options={"nmr_out_after": 0},
    scenarios=("standard", *SCENARIOS),
    messages=MessageRules(newspaper=True, urgent_dispatches=True, urgent_postage_cents=0),
    texts=TEXTS,  # its newspaper is the Galactic Media (Ashes 5.1)
    printout_headings=PRINTOUT_HEADINGS,
    bots=AshesBots(),
)
"""The Ashes of Empire game kind (listed in ``engine.registry.KINDS``)."""
