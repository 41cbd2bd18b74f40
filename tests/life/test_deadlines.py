"""Every printout, reminder and deadline mail states the deadline as
the player reads it (his time zone, his language), and a changed deadline is mailed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import Engine
from sqlmodel import Session

from db import repo
from db.models import OutboxKind
from db.session import transaction
from mailserver.common.formats import format_when
from mailserver.gm import operations as gm
from tests.factories import flat
from tests.life.helpers import START, TERMS, address, create_and_start, deadline, outbox, run


def test_a_changed_deadline_is_mailed_to_every_player_in_his_zone(db_engine: Engine) -> None:
    game_id, _ = create_and_start(db_engine)
    with transaction(db_engine) as session:
        player = next(p for p in repo.current_players(session, game_id) if p.seat == 2)
        player.timezone = "America/New_York"
        session.add(player)
    when = datetime(2026, 12, 10, 17, 0, tzinfo=UTC)  # 18:00 in Berlin, 12:00 in New York
    with transaction(db_engine) as session:
        gm.set_deadline(session, 227, when, TERMS.at(START))
    with Session(db_engine) as session:
        mails = {o.to_address: flat(o.body) for o in outbox(session, OutboxKind.NOTICE)}
    assert set(mails) == {address(n) for n in range(1, 5)}
    assert "10.12.2026, 18:00 Uhr MEZ" in mails[address(1)]
    assert "10 Dec 2026, 12:00 EST" in mails[address(2)]  # seat 2 reads English


def test_every_printout_states_the_next_deadline(db_engine: Engine) -> None:
    game_id, _ = create_and_start(db_engine)
    due = deadline(db_engine, game_id)
    assert run(db_engine, game_id, due + timedelta(minutes=1), force=True).status == "done"
    following = deadline(db_engine, game_id)
    assert following > due
    with Session(db_engine) as session:
        printouts = outbox(session, OutboxKind.PRINTOUT, 1)
        zones = {
            p.address: p.timezone or "Europe/Berlin" for p in repo.current_players(session, game_id)
        }
        langs = {p.address: p.language for p in repo.current_players(session, game_id)}
    assert len(printouts) == 4
    for row in printouts:
        when = format_when(following, zones[row.to_address], langs[row.to_address])
        assert when in flat(row.body), (row.to_address, flat(row.body)[-300:])
