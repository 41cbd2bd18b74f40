"""The three turn shapes end to end: the test game kind (tests/toykind) hosted by
``pbem serve`` as a plug-in (setting ``game_kinds``), over Dovecot and SMTP.

Players read their passwords in the turn-0 printouts and mail their orders; the GM moves
the deadlines; a GM-adjudicated turn's dossier reaches the GM by mail and the GM answers
with the reports (one with a map attached) and "Veröffentlichen".
"""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from sqlmodel import Session, select

from db import repo
from db.models import Game, GameStatus
from tests.e2e.conftest import ServerFactory
from tests.e2e.game_helpers import (
    GM_PASSWORD,
    HostedGame,
    host_game,
    message_id,
    printout_subject,
    text_of,
)
from tests.factories import order_mail

pytestmark = pytest.mark.usefixtures("toy_kinds")

PLUG_INS = {
    "game_kinds": ["tests.toykind:TOY", "tests.toykind:TOY_STEPPED", "tests.toykind:TOY_GM"],
    "resync_seconds": 0.5,  # the deadlines the GM moves in the database are seen at once
}


def mail_orders(game: HostedGame, seat: int, body: str) -> str:
    """Mail ``body`` under the seat's header; the acknowledgement's text."""
    text = f"Partie {game.number} Spieler {seat} Kennwort {game.passwords[seat]}\n{body}"
    raw = order_mail(game.users[seat].address, text, to=game.server.address)
    game.server.send(raw)
    msgid = message_id(raw)
    mails = game.wait_mail(game.users[seat], lambda ms: any(m["In-Reply-To"] == msgid for m in ms))
    return text_of(next(m for m in mails if m["In-Reply-To"] == msgid))


def toy_game(server_factory: ServerFactory, number: int, seats: int, kind: str) -> HostedGame:
    """A started server with the toy kinds plugged in, hosting a started game of ``kind``
    whose players have read their passwords."""
    server = server_factory(settings=PLUG_INS)
    server.start()
    game = host_game(server, number=number, seats=seats, kind=kind)
    for seat in range(1, seats + 1):
        game.read_password(seat)
    return game


def scores(game: HostedGame, turn: int) -> dict[str, int]:
    def read(session: Session) -> dict[str, int]:
        snapshot = repo.load_snapshot(session, game.game_id, turn)
        assert snapshot is not None
        return dict(snapshot.state_data()["scores"])

    return game.server.query(read)


def test_a_simultaneous_turn_of_a_plug_in_kind(server_factory: ServerFactory) -> None:
    game = toy_game(server_factory, 801, 2, "toy")
    assert "Addiere 3" in mail_orders(game, 1, "ADD 3\n")
    assert "Addiere 4" in mail_orders(game, 2, "PLUS 4\n")
    game.set_deadline(1)
    game.wait_turn(1)
    assert "Seat 1: 3" in game.printout(game.users[1], 1, 1)
    assert scores(game, 1) == {"1": 3, "2": 4}


def test_stepped_turns_over_the_server(server_factory: ServerFactory) -> None:
    game = toy_game(server_factory, 802, 4, "toy-stepped")
    server = game.server
    assert "ungerade Plätze" in mail_orders(game, 2, "ADD 9\n")  # not this step's seat
    mail_orders(game, 1, "ADD 1\n")
    mail_orders(game, 3, "ADD 3\n")
    game.set_deadline(1)
    game.wait_turn(1)
    assert scores(game, 1) == {"1": 1, "2": 0, "3": 3, "4": 0}
    mail_orders(game, 2, "ADD 2\n")
    game.set_deadline(1)
    game.wait_turn(2)
    assert scores(game, 2) == {"1": 1, "2": 2, "3": 3, "4": 0}
    nmr = server.query(
        lambda s: {p.seat: p.nmr_count for p in repo.current_players(s, game.game_id)}
    )
    assert nmr == {1: 0, 2: 0, 3: 0, 4: 1}


def test_a_gm_adjudicated_turn_by_mail(server_factory: ServerFactory) -> None:
    game = toy_game(server_factory, 803, 2, "toy-gm")
    server = game.server
    mail_orders(game, 1, "ADD 5\n")
    game.set_deadline(1)
    dossier = game.wait_subject(game.gm, "Partie 803 Runde 1: die Befehle zur Auswertung")
    assert "Seat 1: Addiere 5" in text_of(dossier) and "Seat 2: -" in text_of(dossier)
    status = server.query(
        lambda s: s.exec(select(Game.status).where(Game.id == game.game_id)).one()
    )
    assert status == GameStatus.ADJUDICATING

    reports = EmailMessage()
    reports["From"] = game.gm.address
    reports["To"] = server.address
    reports["Subject"] = "Berichte"
    reports["Message-ID"] = make_msgid(domain="gm.example")
    reports.set_content(
        f"Partie 803 Spielleiter Kennwort {GM_PASSWORD}\n"
        "Bericht an 1\nDein Heer erreicht die Küste.\nEnde\n"
        "Bericht an 2\nEin ruhiger Monat.\nEnde\n"
        "Veröffentlichen\n"
    )
    reports.add_attachment(
        b"\x89PNG map of seat 1", maintype="image", subtype="png", filename="1-karte.png"
    )
    server.send(bytes(reports))
    game.wait_turn(1)
    first = game.wait_subject(game.users[1], printout_subject(803, 1, 1))
    assert "Dein Heer erreicht die Küste." in text_of(first)
    (attached,) = list(first.iter_attachments())
    assert attached.get_filename() == "1-karte.png"
    assert attached.get_payload(decode=True) == b"\x89PNG map of seat 1"
    second = game.wait_subject(game.users[2], printout_subject(803, 1, 2))
    assert "Ein ruhiger Monat." in text_of(second) and "Küste" not in text_of(second)
    assert not list(second.iter_attachments())
