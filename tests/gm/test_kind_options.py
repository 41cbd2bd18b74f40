"""A kind's rule options as the GM sets them: every option the kind declares is accepted,
any other refused with the known ones listed, the same at ``pbem gm create``, ``pbem gm
edit`` and by GM mail (``Option KEY=VALUE``). Welt der Waben declares its options by name
only (``GameKind.gm_options``), so it is the kind that shows whether the host checks
those names or the defaults."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from db.models import Outbox, TurnSnapshot
from engine.wdw.setup import options_of
from engine.wdw.state import WdwState
from mailserver.common.kinds import game_kind
from tests.factories import order_mail
from tests.gm.test_cli_gm import game_row
from tests.gm.test_cli_gm import gm as pbem_gm
from tests.gm.test_gm_edit import refused
from tests.intake.helpers import feed

WDW_CREATE = (
    *("create", "--kind", "wdw", "--number", "227", "--gm", "gm@example.org"),
    *("--gm-password", "mondschein-42", "--player", "1=anna@example.org"),
    *("--player", "2=bob@example.org,en", "--seed", "5"),
)
"""``pbem gm create`` of Welt der Waben game 227, two seats."""

GM_MAIL = "Partie 227 Spielleiter Kennwort mondschein-42\n"


def _gm_reply(engine: Engine, body: str) -> str:
    """The reply to a GM mail of game 227 with ``body``, through the real intake, its
    lines joined."""
    feed(engine, order_mail("gm@example.org", GM_MAIL + body))
    with Session(engine) as session:
        rows = session.exec(
            select(Outbox).where(Outbox.to_address == "gm@example.org").order_by(col(Outbox.id))
        ).all()
    return " ".join(rows[-1].body.split())  # the reply wraps long lines


def test_a_wdw_game_is_created_with_the_gms_rule_options_and_they_reach_the_state(
    config: Path, engine: Engine
) -> None:
    options = ("--option", "sight_radius=2", "--option", "max_rounds=3")
    pbem_gm(config, *WDW_CREATE, *options, "--option", 'chapters={"decay": false}')
    assert game_row(engine).options["sight_radius"] == 2
    pbem_gm(config, "start", "227")
    with Session(engine) as session:
        snapshot = session.exec(select(TurnSnapshot)).one()
        state = game_kind("wdw").engine.state_from_json(snapshot.state_data())
    assert isinstance(state, WdwState)
    rules = options_of(state)
    assert (rules.sight_radius, rules.max_rounds, rules.chapter("decay")) == (2, 3, False)


def test_an_unknown_wdw_option_is_refused_at_create_listing_the_known_ones(
    config: Path, engine: Engine
) -> None:
    line = refused(config, *WDW_CREATE, "--option", "fog=1", code=1)
    assert "Unbekannte Regeloption „fog“ für Welt der Waben (bekannt: " in line
    assert "sight_radius" in line and "scenario" in line and "max_rounds" in line
    assert "bekannt: )" not in line


def test_wdw_options_are_set_and_refused_by_gm_mail_and_edit_as_at_create(
    config: Path, engine: Engine
) -> None:
    pbem_gm(config, *WDW_CREATE)
    reply = _gm_reply(engine, "Option sight_radius=2\nOption fog=true\n")
    assert "Unbekannte Regeloption „fog“ für Welt der Waben (bekannt: " in reply
    assert "sight_radius" in reply.split("bekannt: ")[1]
    options = game_row(engine).options
    assert options["sight_radius"] == 2 and "fog" not in options
    line = refused(config, "edit", "227", "--option", "fog=1", "--lang", "en", code=1)
    assert 'Unknown rule option "fog" for Welt der Waben (known: ' in line
    pbem_gm(config, "edit", "227", "--option", "max_rounds=2")
    assert game_row(engine).options["max_rounds"] == 2
