"""A GM's news keeps the layout he wrote: a tab becomes the spaces to its next stop of
eight (mailserver/inbound/cleaning.py), by mail, on the command line and at the web desk
alike, so a table aligned with tabs stays aligned for every player (docs/gm-commands.md)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from db.models import GameMessage, InboundStatus, MessageKind
from tests.factories import order_mail
from tests.gm.test_cli_gm import create, gm
from tests.intake.helpers import ALICE, feed, gm_game

TABLE = "Reich\tGold\nTharn\t500\nIsyrial\t12000"
ALIGNED = "Reich   Gold\nTharn   500\nIsyrial 12000"


def _news(session: Session) -> list[str]:
    rows = session.exec(
        select(GameMessage)
        .where(GameMessage.kind == MessageKind.GM_NEWS)
        .order_by(col(GameMessage.id))
    ).all()
    return [row.text for row in rows]


def test_a_gm_s_news_by_mail_keeps_its_tab_stops(db_engine: Engine, db_session: Session) -> None:
    gm_game(db_engine, ALICE, "bob@example.org")
    header = "Partie 88 Spielleiter Kennwort spielleiter-x\n"
    assert feed(db_engine, order_mail("gm@example.org", header + "Start")).status == (
        InboundStatus.PROCESSED
    )
    text = header + "Nachricht\n" + TABLE + "\nEnde\n"
    assert feed(db_engine, order_mail("gm@example.org", text)).status == InboundStatus.PROCESSED
    assert _news(db_session) == [ALIGNED]


def test_a_gm_s_news_on_the_command_line_keeps_its_tab_stops(config: Path, engine: Engine) -> None:
    create(config)
    gm(config, "start", "227")
    gm(config, "news", "227", TABLE)
    gm(config, "news", "227", stdin=TABLE + "\n")
    with Session(engine) as session:
        assert _news(session) == [ALIGNED, ALIGNED]
