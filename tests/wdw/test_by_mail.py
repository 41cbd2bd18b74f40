"""A month of Welt der Waben by mail through the real intake: orders acknowledged with
their checks, the dossier with its ruling form, a ruling by mail, publication, the
printouts, and the replay of the adjudicated month from state, orders and rulings; a
correction and the end of the game by mail, replayed too."""

from __future__ import annotations

from sqlalchemy import Engine
from sqlmodel import Session

from db import repo
from db.models import GameStatus, OutboxKind
from db.session import transaction
from mailserver.gm import operations as gm
from mailserver.inbound.intake import process_mail
from mailserver.turns.evaluate import replay_check
from tests.factories import order_mail
from tests.life.helpers import CONFIG, GM, START, TERMS, address, create, game_of, outbox
from tests.life.test_shapes import mail, run


def gm_mail(engine: Engine, body: str) -> str:
    """Mail ``body`` as the GM of game 600; the reply's words."""
    text = f"Partie 600 Spielleiter Kennwort spielleiter\n{body}"
    with transaction(engine) as session:
        outcome = process_mail(session, order_mail(GM, text), config=CONFIG, now=START)
        mails = [o for o in outbox(session) if o.id in outcome.outbox_ids]
        # The reply's lines are wrapped: compared as words.
        return " ".join(max(mails, key=lambda o: o.id or 0).body.split())


def two_realms(
    engine: Engine, options: dict[str, object] | None = None
) -> tuple[int, dict[int, str]]:
    """Game 600 of two realms (with the GM's rule ``options``) started: its id and the
    seats' passwords."""
    with transaction(engine) as session:
        seats = [gm.SeatSpec(1, address(1)), gm.SeatSpec(2, address(2))]
        game = create(session, 600, kind="wdw", seats=seats, every_days=7, seed=5, options=options)
        return game.id or 0, gm.start_game(session, 600, TERMS.at(START))


def month_ruled(
    engine: Engine, game_id: int, passwords: dict[int, str], isyrial: str, tharn: str
) -> None:
    """Game 600 after the month's orders (``isyrial``, ``tharn``): waiting for the GM's
    rulings."""
    mail(engine, 1, passwords[1], isyrial, 600)
    mail(engine, 2, passwords[2], tharn, 600)
    assert run(engine, game_id).status == "adjudicating"


def two_realms_ruled(
    engine: Engine, isyrial: str, tharn: str, options: dict[str, object] | None = None
) -> int:
    """Game 600 of two realms (with the GM's rule ``options``) after month 1's orders
    (``isyrial``, ``tharn``): waiting for the GM's rulings; its id."""
    game_id, passwords = two_realms(engine, options)
    month_ruled(engine, game_id, passwords, isyrial, tharn)
    return game_id


def publish_month(engine: Engine, game_id: int) -> dict[str, str]:
    """The GM of game 600 publishes month 1: its printouts by address, once the turn has
    advanced and the replay rebuilds it from state, orders and rulings."""
    gm_mail(engine, "Veröffentlichen\n")
    with Session(engine) as session:
        assert game_of(session, game_id).turn == 1
        assert replay_check(session, game_id, 1)
        return {o.to_address: o.body for o in outbox(session, OutboxKind.PRINTOUT, 1)}


def test_a_month_by_mail_from_orders_to_printouts_and_its_replay(db_engine: Engine) -> None:
    with transaction(db_engine) as session:
        game = create(
            session,
            600,
            kind="wdw",
            seats=[gm.SeatSpec(1, address(1)), gm.SeatSpec(2, address(2))],
            every_days=7,
            seed=5,
        )
        game_id = game.id or 0
        passwords = gm.start_game(session, 600, TERMS.at(START))
    ack = mail(db_engine, 1, passwords[1], "101 KA 1/19 1/20\n201 KA 1/19\nBaue Guru Bev\n", 600)
    assert "Einheit 101: KA 1/19 1/20" in ack
    assert "Einheit 201 hat keine Angriffsstärke" in ack
    assert "Bev darf höchstens 5 BWP haben" in ack
    mail(db_engine, 2, passwords[2], "101 KV 1/21 1/20\n", 600)
    assert run(db_engine, game_id).status == "adjudicating"
    with Session(db_engine) as session:
        (dossier,) = [o for o in outbox(session, OutboxKind.NOTICE, 1) if o.to_address == GM]
    assert "K1 Kampf in 1/20" in dossier.body and "K1 Sieger keiner; Verluste keine" in dossier.body
    reply = gm_mail(db_engine, "Entscheid\nK1 Sieger B; Verluste 1/101 -3000\nEnde\n")
    assert (
        "Verlust 3000 ist mehr als ihre Größe 2000" in reply
        and "Noch offen (1): K1 Kampf in 1/20" in reply
    )
    reply = gm_mail(db_engine, "Entscheid\nK1 Sieger B; Verluste 1/101 -300\nEnde\n")
    assert "Nichts ist mehr offen" in reply
    gm_mail(db_engine, "Bericht an 1: Die Schlacht bei 1/20 geht verloren.\nVeröffentlichen\n")
    with Session(db_engine) as session:
        game = game_of(session, game_id)
        assert game.status == GameStatus.RUNNING and game.turn == 1
        printouts = {o.to_address: o.body for o in outbox(session, OutboxKind.PRINTOUT, 1)}
        assert "Einheit 101 verliert 300 (1700 übrig)." in printouts[address(1)]
        assert "Die Schlacht bei 1/20 geht verloren." in printouts[address(1)]
        assert "Die Schlacht" not in printouts[address(2)]
        assert "Kampf in 1/20: gewonnen." in printouts[address(2)]
        assert len(repo.gm_rulings(session, game_id, 1)) == 1
        assert replay_check(session, game_id, 1)


def test_a_correction_and_the_end_of_the_game_by_mail_hold_in_the_replay(
    db_engine: Engine,
) -> None:
    # The host's GM rulings (docs/gm-wdw.md) on WdW's treasury: a correction by mail, with its
    # reason, is logged for the GM only and rebuilt by the replay; "Spielende" makes the
    # published month the last, and the replay of every month still holds.
    game_id, passwords = two_realms(db_engine)
    month_ruled(db_engine, game_id, passwords, "101 KA 1/19 1/20\n", "101 KV 1/21 1/20\n")
    reply = gm_mail(db_engine, "Korrektur Schatz 1 +500\n")
    assert "Eine Korrektur braucht einen Grund" in reply
    gm_mail(
        db_engine,
        "Korrektur Schatz 1 +500 Grund: Tribut aus dem Vormonat vergessen\n"
        "Entscheid\nK1 Sieger B; Verluste 1/101 -300\nEnde\n",
    )
    with Session(db_engine) as session:
        before = repo.load_snapshot(session, game_id, 0)
        assert before is not None
        treasury = before.state_data()["realms"][0]["treasury"]
    printouts = publish_month(db_engine, game_id)
    with Session(db_engine) as session:
        snapshot = repo.load_snapshot(session, game_id, 1)
        assert snapshot is not None
        data = snapshot.state_data()
        assert "Korrektur Schatz 1 +500 (Tribut aus dem Vormonat vergessen)" in data["log"]
        assert all("Tribut" not in body for body in printouts.values())
        assert data["realms"][0]["treasury"] == treasury + 500
        assert "Korrektur des Spielleiters: +500 GS" in printouts[address(1)]
    month_ruled(db_engine, game_id, passwords, "102 KV\n", "101 KV\n")
    reply = gm_mail(db_engine, "Spielende\nVeröffentlichen\n")
    assert "Runde 2 ist ausgewertet, die Partie ist zu Ende" in reply
    with Session(db_engine) as session:
        assert game_of(session, game_id).status == GameStatus.FINISHED
        assert replay_check(session, game_id, 2) and replay_check(session, game_id, 1)
