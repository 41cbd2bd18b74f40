"""A GM-adjudicated turn whose GM rules on open items (engine.core.Ruled), by mail
through the real intake on SQLite and PostgreSQL: the dossier with its open items, the
rulings (``Entscheid`` … ``Ende``, in any number of mails), the checks and the answer of
what is still open, the drafts, ``Korrektur`` and ``Spielende``, the publication, and
the replay of the ruled turn."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from db import repo
from db.models import GameStatus, OutboxKind
from db.session import transaction
from mailserver.gm import operations as gm
from mailserver.inbound.intake import process_mail
from mailserver.turns.evaluate import replay_check
from tests.factories import order_mail
from tests.life.helpers import CONFIG, GM, START, TERMS, address, game_of, outbox
from tests.life.test_shapes import mail, run, start_toy
from tests.toykind.engine import RuledToyGame

pytestmark = pytest.mark.usefixtures("toy_kinds")


def gm_mail(engine: Engine, body: str) -> tuple[str, list[str]]:
    """Mail ``body`` as the GM of game 500: the reply's text and the subjects of the
    other mails it caused (the drafts)."""
    text = f"Partie 500 Spielleiter Kennwort spielleiter\n{body}"
    with transaction(engine) as session:
        outcome = process_mail(session, order_mail(GM, text), config=CONFIG, now=START)
        mails = [o for o in outbox(session) if o.id in outcome.outbox_ids]
        drafts = [o.subject for o in mails if "VORSCHAU" in o.subject]
        # The reply is the last mail the intake writes.
        reply = max(mails, key=lambda o: o.id or 0)
        return reply.body, drafts


def adjudicating(engine: Engine) -> tuple[int, dict[int, str]]:
    """Game 500 (toy-ruled, three seats) at its first deadline: seats 1 and 2 add more
    than the toy allows without a ruling (items A1, A2), seat 3 a little."""
    game_id, passwords = start_toy(engine, "toy-ruled", seats=3)
    mail(engine, 1, passwords[1], "ADD 9\n")
    mail(engine, 2, passwords[2], "ADD 7\n")
    mail(engine, 3, passwords[3], "ADD 2\n")
    assert run(engine, game_id).status == "adjudicating"
    return game_id, passwords


def test_the_dossier_numbers_the_open_items_and_carries_the_ruling_form(
    db_engine: Engine,
) -> None:
    adjudicating(db_engine)
    with Session(db_engine) as session:
        (dossier,) = [o for o in outbox(session, OutboxKind.NOTICE, 1) if o.to_address == GM]
    assert "A1 Seat 1 addiert 9" in dossier.body and "A2 Seat 2 addiert 7" in dossier.body
    assert "Entscheid\nA1 ja\nA2 ja\nEnde" in dossier.body
    # Every seat sent orders: said in words, not as an empty list "-".
    assert "(alle Spieler haben Befehle geschickt)" in " ".join(dossier.body.split())


def test_the_dossier_names_the_seats_without_orders(db_engine: Engine) -> None:
    game_id, passwords = start_toy(db_engine, "toy-ruled", seats=3)
    mail(db_engine, 1, passwords[1], "ADD 9\n")
    mail(db_engine, 2, passwords[2], "ADD 2\n")
    assert run(db_engine, game_id).status == "adjudicating"
    with Session(db_engine) as session:
        (dossier,) = [o for o in outbox(session, OutboxKind.NOTICE, 1) if o.to_address == GM]
    assert "(ohne Befehle: 3)" in " ".join(dossier.body.split())


def test_rulings_in_two_mails_are_checked_kept_and_answered_with_what_is_open(
    db_engine: Engine,
) -> None:
    game_id, _ = adjudicating(db_engine)
    reply, drafts = gm_mail(db_engine, "Entscheid\nA2 nein\nA7 ja\nA1 vielleicht\nEnde\n")
    assert "1 Entscheid übernommen" in reply
    assert "„A7 ja“ – A7: kein offener Punkt" in reply
    assert "„A1 vielleicht“ – ja | nein | Chance 0-100" in reply
    assert "Noch offen (1):\n      A1 Seat 1 addiert 9" in reply and drafts == []
    with transaction(db_engine) as session, pytest.raises(gm.GmError, match="A1 Seat 1"):
        gm.publish(session, 500, TERMS.at(START))
    reply, drafts = gm_mail(db_engine, "Entscheid A1 ja\n")
    assert "Nichts ist mehr offen" in reply
    # The drafts: the GM's view and one printout per seat, to the GM only.
    assert len(drafts) == 4
    reply, _ = gm_mail(db_engine, "Veröffentlichen\n")
    with Session(db_engine) as session:
        game = game_of(session, game_id)
        assert game.status == GameStatus.RUNNING and game.turn == 1
        state = repo.load_snapshot(session, game_id, 1)
        assert state is not None
        # A1 allowed, A2 refused, seat 3's small addition needs no ruling.
        assert '"scores":{"1":9,"2":0,"3":2}' in state.state
        assert replay_check(session, game_id, 1)


def test_a_later_ruling_on_an_item_replaces_the_earlier_one(db_engine: Engine) -> None:
    game_id, _ = adjudicating(db_engine)
    gm_mail(db_engine, "Entscheid\nA1 nein\nA2 ja\nEnde\n")
    gm_mail(db_engine, "Entscheid\nA1 ja\nEnde\n")
    gm_mail(db_engine, "Veröffentlichen\n")
    with Session(db_engine) as session:
        snapshot = repo.load_snapshot(session, game_id, 1)
        assert snapshot is not None and '"scores":{"1":9,"2":7,"3":2}' in snapshot.state
        assert [r.item for r in repo.gm_rulings(session, game_id, 1)] == ["A2", "A1"]


def test_a_block_of_rulings_is_checked_by_the_kind_as_one_mail(
    db_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The kind sees the whole block at once (engine.core.Ruled.check_rulings: Welt der
    # Waben finds its month a few times for it, not once per ruling); the host refuses
    # the commands in it itself, and the answers are those of one ruling after the other.
    adjudicating(db_engine)
    mails: list[list[str]] = []
    checked = RuledToyGame.check_rulings

    def counted(self: RuledToyGame, *args: Any) -> list[str]:
        mails.append([r.item for r in args[3]])
        return checked(self, *args)

    monkeypatch.setattr(RuledToyGame, "check_rulings", counted)
    body = "Entscheid\nA1 vielleicht\nSpielende\nA1 ja\nA2 nein\nA2 ja\nA9 ja\nEnde\n"
    reply, _ = gm_mail(db_engine, body)
    assert mails == [["A1", "A1", "A2", "A2", "A9"]]
    words = " ".join(reply.split())
    assert "3 Entscheide übernommen" in words
    assert "„A1 vielleicht“ – ja | nein | Chance 0-100" in words
    assert "„A9 ja“ – A9: kein offener Punkt" in words
    assert "Abgelehnt: „Spielende“ – „Spielende“ ist ein Befehl" in words


def test_a_chance_ruling_rolls_a_named_die_that_the_replay_reproduces(db_engine: Engine) -> None:
    game_id, _ = adjudicating(db_engine)
    gm_mail(db_engine, "Entscheid\nA1 Chance 100\nA2 Chance 0\nEnde\n")
    gm_mail(db_engine, "Veröffentlichen\n")
    with Session(db_engine) as session:
        snapshot = repo.load_snapshot(session, game_id, 1)
        assert snapshot is not None and '"scores":{"1":9,"2":0,"3":2}' in snapshot.state
        assert replay_check(session, game_id, 1)


def test_a_correction_needs_a_reason_and_is_logged_for_the_gm_only(db_engine: Engine) -> None:
    game_id, _ = adjudicating(db_engine)
    reply, _ = gm_mail(db_engine, "Korrektur 3 40\n")
    assert "braucht einen Grund" in reply
    reply, _ = gm_mail(db_engine, "Korrektur 3 forty Grund: Tippfehler\n")
    assert "Korrektur: <Platz> <Punkte>" in reply
    gm_mail(
        db_engine,
        "Korrektur 3 40 Grund: Tippfehler im Startbestand\nEntscheid\nA1 ja\nA2 ja\nEnde\n",
    )
    gm_mail(db_engine, "Veröffentlichen\n")
    with Session(db_engine) as session:
        snapshot = repo.load_snapshot(session, game_id, 1)
        assert snapshot is not None and '"3":40' in snapshot.state
        assert "Korrektur 3 40 (Tippfehler im Startbestand)" in snapshot.state
        printouts = {o.to_address: o.body for o in outbox(session, OutboxKind.PRINTOUT, 1)}
        assert all("Tippfehler" not in printouts[address(n)] for n in (1, 2, 3))
        assert replay_check(session, game_id, 1)


def test_a_correction_or_the_game_end_inside_a_ruling_block_is_refused_as_a_command(
    db_engine: Engine,
) -> None:
    # Inside the block these were taken as rulings: a correction without its reason.
    adjudicating(db_engine)
    reply, _ = gm_mail(db_engine, "Entscheid\nKorrektur 3 40\nSpielende\nA1 ja\nEnde\n")
    words = " ".join(reply.split())
    assert "1 Entscheid übernommen" in words
    assert (
        "Abgelehnt: „Korrektur 3 40“ – „Korrektur“ ist ein Befehl, kein Entscheid zu einem "
        "offenen Punkt: er steht außerhalb von „Entscheid … Ende“ in einer eigenen Zeile, eine "
        "Korrektur mit ihrem Grund („Korrektur … Grund: …“)."
    ) in words
    assert "Abgelehnt: „Spielende“ – „Spielende“ ist ein Befehl" in words


def test_the_end_of_the_game_is_a_ruling_and_the_published_turn_is_the_last(
    db_engine: Engine,
) -> None:
    game_id, _ = adjudicating(db_engine)
    gm_mail(db_engine, "Spielende\nEntscheid\nA1 ja\nA2 ja\nEnde\n")
    reply, _ = gm_mail(db_engine, "Veröffentlichen\n")
    assert "Runde 1 ist ausgewertet, die Partie ist zu Ende" in reply
    with Session(db_engine) as session:
        assert game_of(session, game_id).status == GameStatus.FINISHED
        assert replay_check(session, game_id, 1)


def test_rulings_are_refused_when_the_game_waits_for_none(db_engine: Engine) -> None:
    start_toy(db_engine, "toy-ruled", seats=2)
    reply, _ = gm_mail(db_engine, "Entscheid\nA1 ja\nEnde\n")
    assert "wartet auf keine Entscheide" in reply
