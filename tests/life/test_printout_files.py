"""Every printout mail carries the map and the JSON twin; the GM
can switch either off for a game."""

from __future__ import annotations

import json
from datetime import timedelta

from sqlalchemy import Engine
from sqlmodel import Session

from db import repo
from db.models import OutboxKind
from db.session import transaction
from mailserver.inbound.intake import process_mail
from mailserver.outbound.smtp import Attachment
from tests.factories import flat, order_mail
from tests.life.helpers import (
    CONFIG,
    START,
    address,
    create_and_start,
    deadline,
    occupant,
    outbox,
    run,
    send_orders,
)

PNG = b"\x89PNG\r\n\x1a\n"


def files(row_attachments: list[dict[str, str]] | None) -> dict[str, Attachment]:
    return {a.filename: a for a in (Attachment.from_json(d) for d in row_attachments or [])}


def test_each_printout_carries_its_seats_map_and_json(db_engine: Engine) -> None:
    game_id, _ = create_and_start(db_engine)
    with Session(db_engine) as session:
        start = outbox(session, OutboxKind.PRINTOUT, 0)
    assert len(start) == 4
    for row in start:
        attached = files(row.attachments)
        assert {a.content_type for a in attached.values()} == {"image/png", "application/json"}
    due = deadline(db_engine, game_id)
    assert run(db_engine, game_id, due + timedelta(minutes=1), force=True).status == "done"
    with Session(db_engine) as session:
        printouts = outbox(session, OutboxKind.PRINTOUT, 1)
    seen = set()
    for row in printouts:
        attached = files(row.attachments)
        png = next(a for a in attached.values() if a.content_type == "image/png")
        assert png.data.startswith(PNG)
        report = next(a for a in attached.values() if a.content_type == "application/json")
        data = json.loads(report.data)
        assert data["turn"] == 1
        seen.add(data["player"])
        # German players get a "karte", English ones a "map"
        assert png.filename.startswith(("karte-227-1-", "map-227-1-"))
    assert seen == {1, 2, 3, 4}


def test_the_gm_can_switch_maps_and_json_off(db_engine: Engine) -> None:
    create_and_start(db_engine, options={"printout_map": False, "printout_json": False})
    with Session(db_engine) as session:
        start = outbox(session, OutboxKind.PRINTOUT, 0)
    assert start and all(not row.attachments for row in start)


def test_a_player_switches_his_map_off_by_mail_and_keeps_his_orders(db_engine: Engine) -> None:
    game_id, passwords = create_and_start(db_engine)
    due = deadline(db_engine, game_id)
    send_orders(db_engine, game_id, 1, passwords[1], now=START + timedelta(hours=1))
    with transaction(db_engine) as session:
        occupant = next(p for p in repo.current_players(session, game_id) if p.seat == 1)
        text = f"Partie 227 Spieler 1 Kennwort {passwords[1]}\nKarte aus\n"
        process_mail(
            session,
            order_mail(occupant.address, text),
            config=CONFIG,
            now=START + timedelta(hours=2),
        )
    with Session(db_engine) as session:
        player = next(p for p in repo.current_players(session, game_id) if p.seat == 1)
        assert player.printout_files == {"map": False}
        ack = outbox(session, OutboxKind.ACK)[-1]
        assert "Die Karte kommt nicht mehr mit den Ausdrucken" in flat(ack.body)
        assert "nur Einstellungen" in flat(ack.body)
        stored = repo.latest_submission(session, game_id, 1, 1)
        assert stored is not None and stored.orders  # the bot's orders still stand
    assert run(db_engine, game_id, due + timedelta(minutes=1), force=True).status == "done"
    with Session(db_engine) as session:
        rows = {r.to_address: r for r in outbox(session, OutboxKind.PRINTOUT, 1)}
    own = {a.content_type for a in files(rows[address(1)].attachments).values()}
    other = {a.content_type for a in files(rows[address(2)].attachments).values()}
    assert own == {"application/json"}
    assert other == {"image/png", "application/json"}


def test_a_map_switched_off_with_orders_is_kept_apart_from_them(db_engine: Engine) -> None:
    game_id, passwords = create_and_start(db_engine)
    send_orders(
        db_engine, game_id, 1, passwords[1], now=START + timedelta(hours=1), extra="Karte aus\n"
    )
    with Session(db_engine) as session:
        assert occupant(session, game_id, 1).printout_files == {"map": False}
        stored = repo.latest_submission(session, game_id, 1, 1)
        assert stored is not None and stored.orders
        assert "printout_files" not in {o["kind"] for o in stored.orders}
        ack = flat(outbox(session, OutboxKind.ACK)[-1].body)
        assert "Die Karte kommt nicht mehr mit den Ausdrucken" in ack


OLD_SWITCH = {"line": 30, "kind": "printout_files", "file": "map", "on": False}
"""How a submission stored a map switched off among its orders, before settings were
parted from the orders."""


def store_as_before(db_engine: Engine, game_id: int, password: str) -> list[dict[str, object]]:
    """Seat 1's orders, stored again with :data:`OLD_SWITCH` among them; the orders."""
    send_orders(db_engine, game_id, 1, password, now=START + timedelta(hours=1))
    with transaction(db_engine) as session:
        sent = repo.latest_submission(session, game_id, 1, 1)
        assert sent is not None
        repo.store_submission(
            session,
            player=occupant(session, game_id, 1),
            turn=1,
            raw_text=sent.raw_text,
            orders=[*sent.orders, OLD_SWITCH],
            errors=[],
            now=START + timedelta(hours=2),
        )
        return list(sent.orders)


def test_a_turn_runs_with_orders_stored_with_a_map_switch_among_them(db_engine: Engine) -> None:
    game_id, passwords = create_and_start(db_engine)
    store_as_before(db_engine, game_id, passwords[1])
    due = deadline(db_engine, game_id)
    assert run(db_engine, game_id, due + timedelta(minutes=1), force=True).status == "done"


def test_final_alone_confirms_such_orders_without_the_map_switch(db_engine: Engine) -> None:
    game_id, passwords = create_and_start(db_engine)
    orders = store_as_before(db_engine, game_id, passwords[1])
    with transaction(db_engine) as session:
        text = f"Partie 227 Spieler 1 Kennwort {passwords[1]}\nFertig\n"
        process_mail(
            session, order_mail(address(1), text), config=CONFIG, now=START + timedelta(hours=3)
        )
    with Session(db_engine) as session:
        final = repo.latest_submission(session, game_id, 1, 1)
        assert final is not None and final.final
        assert final.orders[:-1] == orders and final.orders[-1]["kind"] == "final"
        ack = flat(outbox(session, OutboxKind.ACK)[-1].body)
        assert "entfällt" not in ack and "Karte" not in ack  # the switch was no order
