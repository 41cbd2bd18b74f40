"""D30: urgent dispatches (Eildepeschen) in Welt der Waben are off by the kind's default
and the GM's host option ``urgent_dispatches`` turns them on for a game; the option is the
host's, never one of the rules (engine.wdw.options)."""

from __future__ import annotations

import pytest

from config.game_options import split_options
from db.models import Game
from mailserver.common.kinds import message_rules


@pytest.mark.parametrize(("given", "on"), [({}, False), ({"urgent_dispatches": True}, True)])
def test_the_gm_turns_urgent_dispatches_on_for_a_wdw_game(given: dict[str, bool], on: bool) -> None:
    rules, host = split_options({"max_rounds": 3, **given})
    assert rules == {"max_rounds": 3}  # the engine's options never see it
    game = Game(kind="wdw", name="Myra", options={**rules, "host": host})
    assert message_rules(game).urgent_dispatches is on
