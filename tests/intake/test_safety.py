"""Intake against strangers and careless mail, on SQLite and PostgreSQL:
the sender is the address in From's angle brackets, password guessing is locked out,
no mail causes more than one answer, limits refuse huge mails unread, passwords are
masked in everything kept."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid
from random import Random
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from db import repo
from db.models import (
    Game,
    GameMessage,
    InboundMail,
    InboundStatus,
    MessageKind,
    Outbox,
    Submission,
    utcnow,
)
from db.session import transaction
from engine.core import ParseResult
from engine.dice import Dice
from grammar.ashes import AshesLanguage
from mailserver.common.terms import HostTerms
from mailserver.inbound.intake import IntakeConfig
from mailserver.inbound.router import MASK, sender_address
from tests.factories import flat, make_game, order_mail
from tests.intake.helpers import CONFIG, feed, outbox

ALICE, BOB, GM = "alice@example.org", "bob@example.org", "gm@example.org"
ATTACKER = "mallory@evil.example"
PASSWORD = "sternenstaub"


@pytest.fixture
def game(db_engine: Engine) -> int:
    with transaction(db_engine) as session:
        made = make_game(
            session,
            players=[(2, ALICE, PASSWORD), (3, BOB, "mondlicht")],
            gm_address=GM,
            options={"host": {"urgent_per_mail": 2, "urgent_per_turn": 3}},
        )
        return made.id or 0


def sent(engine: Engine) -> list[Outbox]:
    with Session(engine) as session:
        return outbox(session)


def mail_from(header: str, body: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = header
    msg["To"] = "ashes@example.org"
    msg["Subject"] = "Befehle"
    msg["Message-ID"] = make_msgid(domain="x.example")
    msg.set_content(body)
    return bytes(msg)


@pytest.mark.parametrize(
    "header",
    [
        "=?utf-8?q?x:<alice@example.org>;?= <mallory@evil.example>",
        "<alice@example.org> <mallory@evil.example>",
        '"alice@example.org" <mallory@evil.example>',
        "Alice (alice@example.org) <mallory@evil.example>",
    ],
)
def test_the_sender_is_the_address_in_angle_brackets(header: str) -> None:
    assert sender_address(header) == ATTACKER


def test_a_display_name_cannot_pose_as_the_player(db_engine: Engine, game: int) -> None:
    raw = mail_from(
        "=?utf-8?q?x:<alice@example.org>;?= <mallory@evil.example>",
        f"Partie 227 Spieler 2 Kennwort {PASSWORD}\nHP=10\n",
    )
    feed(db_engine, raw)
    to = [o.to_address for o in sent(db_engine)]
    # The answer goes to the address that sent it; the player hears of it.
    assert to == [ALICE, ATTACKER] or sorted(to) == sorted([ALICE, ATTACKER])
    warning = next(o for o in sent(db_engine) if o.to_address == ALICE)
    assert ATTACKER in warning.body


def test_a_mail_from_two_addresses_speaks_for_neither(db_engine: Engine, game: int) -> None:
    # Read by the first address, as the mail body's own sender rule did, this was
    # Alice's mail; the host's one rule finds no single sender: it is not answered.
    raw = mail_from(f"{ALICE}, {ATTACKER}", f"Spieler 2 Kennwort {PASSWORD}\nHP=10\n")
    outcome = feed(db_engine, raw)
    assert (outcome.status, outcome.reason) == (
        InboundStatus.IGNORED_AUTOMATIC,
        "no sender address",
    )
    assert sent(db_engine) == []
    with Session(db_engine) as session:
        assert session.exec(select(Submission)).first() is None


def test_password_guessing_is_locked_out_with_one_answer_each_at_most(
    db_engine: Engine, game: int
) -> None:
    for guess in range(12):
        raw = order_mail(ATTACKER, f"Partie 227 Spieler 2 Kennwort falsch{guess}\nHP=10\n")
        feed(db_engine, raw)
    mails = sent(db_engine)
    to_attacker = [o for o in mails if o.to_address == ATTACKER]
    to_alice = [o for o in mails if o.to_address == ALICE]
    to_gm = [o for o in mails if o.to_address == GM]
    assert len(to_attacker) == CONFIG.password_tries + 1  # the refusals, then "locked" once
    assert "zu viele falsche Kennwörter" in flat(to_attacker[-1].body)
    assert len(to_alice) == 1  # one summary warning an hour
    assert len(to_gm) == 1 and "falsche Kennwörter" in flat(to_gm[0].body)
    assert len(mails) <= 12 + 2  # never more than one answer per attack mail, plus two notes
    # While locked even the right password is not checked.
    locked = feed(
        db_engine, order_mail(ATTACKER, f"Partie 227 Spieler 2 Kennwort {PASSWORD}\nHP=1")
    )
    assert locked.status == InboundStatus.REJECTED and locked.reason.startswith("locked")
    assert locked.outbox_ids == []
    with Session(db_engine) as session:
        assert repo.latest_submission(session, game, 2, 1) is None


def test_a_huge_mail_without_text_at_its_start_is_refused_unread(
    db_engine: Engine, game: int
) -> None:
    config = IntakeConfig(HostTerms(from_address="ashes@example.org"), max_mail_bytes=200_000)
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = ALICE, "ashes@example.org", "Befehle"
    msg["Message-ID"] = make_msgid(domain="x.example")
    msg.make_mixed()  # the attachment first: no text within the bytes read
    msg.add_attachment(b"\0" * 1_000_000, maintype="application", subtype="octet-stream")
    msg.add_attachment(f"Partie 227 Spieler 2 Kennwort {PASSWORD}\nHP=10\n")
    outcome = feed(db_engine, bytes(msg), config)
    assert outcome.status == InboundStatus.REJECTED and outcome.reason.startswith("too big")
    (answer,) = sent(db_engine)
    assert answer.to_address == ALICE and "kB" in answer.body
    with Session(db_engine) as session:
        row = session.get(InboundMail, outcome.inbound_id)
        assert row is not None and len(row.raw) < 10_000  # headers, not the attachment


@pytest.mark.timeout(120)  # a safety net; the bound is that the text is not parsed
def test_junk_lines_over_the_limits_are_refused_unparsed_with_one_answer(
    db_engine: Engine, game: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Junk lines beyond the limits are refused unparsed (parsing them would take minutes)."""
    parsed: list[int] = []
    parse = AshesLanguage.parse

    def counted(self: AshesLanguage, text: str, *args: Any, **kwargs: Any) -> ParseResult:
        parsed.append(len(text))
        return parse(self, text, *args, **kwargs)

    monkeypatch.setattr(AshesLanguage, "parse", counted)
    junk = "".join(f"{n} junk junk junk\n" for n in range(200_000))
    outcome = feed(
        db_engine, order_mail(ALICE, f"Partie 227 Spieler 2 Kennwort {PASSWORD}\n{junk}")
    )
    assert outcome.status == InboundStatus.REJECTED and outcome.reason == "too long"
    assert len(outcome.outbox_ids) == 1
    assert parsed == []  # neither read ahead nor in intake
    with Session(db_engine) as session:
        row = session.get(InboundMail, outcome.inbound_id)
        assert row is not None and len(row.raw) < CONFIG.max_text_chars * 2
        assert PASSWORD.encode() not in row.raw


def test_urgent_dispatches_are_limited_per_mail_and_turn(db_engine: Engine, game: int) -> None:
    blocks = "".join(f"Eildepesche an 3\nNachricht {n}\nEnde\n" for n in range(4))
    feed(db_engine, order_mail(ALICE, f"Partie 227 Spieler 2 Kennwort {PASSWORD}\n{blocks}"))
    feed(db_engine, order_mail(ALICE, f"Partie 227 Spieler 2 Kennwort {PASSWORD}\n{blocks}X\n"))
    to_bob = [o for o in sent(db_engine) if o.to_address == BOB]
    assert len(to_bob) == 3  # 2 per mail, 3 per turn
    with Session(db_engine) as session:
        kept = session.exec(select(GameMessage).where(GameMessage.kind == MessageKind.URGENT))
        assert len(list(kept)) == 3
    ack = [o for o in sent(db_engine) if o.to_address == ALICE][-1]
    assert "NICHT weitergeleitet" in ack.body


def test_the_same_mail_again_is_answered_once(db_engine: Engine, game: int) -> None:
    text = f"Partie 227 Spieler 2 Kennwort {PASSWORD}\nHP=10\n"
    first = feed(db_engine, order_mail(ALICE, text))
    again = feed(db_engine, order_mail(ALICE, text))  # a new Message-ID, the same text
    assert first.status == InboundStatus.PROCESSED and len(first.outbox_ids) == 1
    assert again.status == InboundStatus.DUPLICATE and again.outbox_ids == []


def test_a_vacation_responder_loop_stops_at_once(db_engine: Engine, game: int) -> None:
    """A naive responder answering from the player's own address, without Auto-Submitted."""
    for _ in range(25):
        feed(db_engine, order_mail(ALICE, "Ich bin im Urlaub bis Montag.\nAnna\n"))
    assert len([o for o in sent(db_engine) if o.to_address == ALICE]) == 1


def test_answers_to_one_address_are_limited_per_hour(db_engine: Engine, game: int) -> None:
    for n in range(30):
        feed(db_engine, order_mail(ALICE, f"Partie 999{n} Spieler 2 Kennwort x\n"))
    assert len(sent(db_engine)) == CONFIG.answers_per_hour


def test_passwords_are_masked_in_what_is_kept_and_in_answers(db_engine: Engine, game: int) -> None:
    raw = order_mail(
        ALICE,
        f"Partie 227 Spieler 2 Kennwort {PASSWORD} Runde x1\nHP=10\n",
        subject=f"Partie 227 Spieler 2 Kennwort {PASSWORD}",
    )
    outcome = feed(db_engine, raw)
    with Session(db_engine) as session:
        row = session.get(InboundMail, outcome.inbound_id)
        assert row is not None
        assert PASSWORD.encode() not in row.raw and PASSWORD not in (row.subject or "")
        assert MASK in (row.subject or "")
        for submission in session.exec(select(Submission)):
            assert PASSWORD not in submission.raw_text
    for answer in sent(db_engine):
        assert PASSWORD not in answer.body and PASSWORD not in answer.subject


@pytest.mark.parametrize("kind", ["resent", "automatic", "gm"])
def test_a_password_is_masked_in_what_is_kept_of_a_mail_never_read_further(
    db_engine: Engine, game: int, kind: str
) -> None:
    # A copy sent again and an automatic reply are set aside before the header is read
    # for the game; their passwords are not kept either.
    text = f"Partie 227 Spieler 2 Kennwort {PASSWORD}\nHP=10\n"
    subject = f"Kennwort {PASSWORD}"
    if kind == "resent":
        feed(db_engine, order_mail(ALICE, text))
        raw = order_mail(ALICE, text, subject=subject)
    elif kind == "automatic":
        raw = order_mail(ALICE, text, subject=subject, headers={"Auto-Submitted": "auto-replied"})
    else:
        raw = order_mail(ALICE, f"GM Partie 999 Kennwort {PASSWORD}\nStatus\n", subject=subject)
    outcome = feed(db_engine, raw)
    with Session(db_engine) as session:
        row = session.get(InboundMail, outcome.inbound_id)
        assert row is not None and row.status != InboundStatus.PROCESSED
        assert PASSWORD.encode() not in row.raw and PASSWORD not in (row.subject or "")
        assert MASK in (row.subject or "")


def test_a_permanent_refusal_reaches_the_gm_and_the_status(db_engine: Engine, game: int) -> None:
    from mailserver.gm import operations as gm
    from mailserver.outbound.outbox import report_refusal

    feed(db_engine, order_mail(ALICE, f"Partie 227 Spieler 2 Kennwort {PASSWORD}\nHP=10\n"))
    with transaction(db_engine) as session:
        (ack,) = list(session.exec(select(Outbox)))
        ack.player_id = next(p.id for p in repo.current_players(session, game) if p.seat == 2)
        failed = repo.mark_failed(session, ack.id or 0, "550 no such user", permanent=True)
        assert report_refusal(session, failed, "ashes@example.org")
        report_refusal(session, failed, "ashes@example.org")  # told once (dedup key)
    with Session(db_engine) as session:
        notices = [o for o in session.exec(select(Outbox)) if o.to_address == GM]
        assert len(notices) == 1 and "550 no such user" in notices[0].body
        status = gm.status(session, 227, now=utcnow())
        assert "mail to this address is refused" in gm.status(session, 227, now=utcnow(), lang="en")
        assert "abgewiesen" in status


def test_orders_inside_the_quoted_order_form_get_an_explanation(
    db_engine: Engine, game: int
) -> None:
    """Mutt keeps "> " before the lines of the order form: the answer says to remove it."""
    body = f"> Partie 227 Spieler 2 Kennwort {PASSWORD}\n> 2/15/1/21\n> HP=10\n\nBitte so.\n"
    feed(db_engine, order_mail(ALICE, body))
    (answer,) = sent(db_engine)
    assert "zitierte Zeilen" in answer.body and "ohne „>“" in answer.body
    assert "erste Zeile" not in answer.body


def test_a_replacement_mail_says_which_earlier_messages_stay(db_engine: Engine, game: int) -> None:
    """A second mail replaces the orders; the answer lists the articles and secret
    messages of earlier mails that stay."""
    feed(
        db_engine,
        order_mail(
            ALICE,
            f"Partie 227 Spieler 2 Kennwort {PASSWORD}\nHP=10\nArtikel\nKrieg!\nEnde\n"
            "Geheim an 3: Treffen bei Crab\n",
        ),
    )
    feed(db_engine, order_mail(ALICE, f"Partie 227 Spieler 2 Kennwort {PASSWORD}\nHP=12\n"))
    ack = [o for o in sent(db_engine) if o.to_address == ALICE][-1]
    assert "bleiben bestehen" in ack.body
    assert "Artikel „Krieg!“" in ack.body and "Geheimnachricht an Spieler 3" in ack.body


def test_postage_is_booked_and_shown_in_the_next_printout(db_engine: Engine, game: int) -> None:
    """The postage of an urgent dispatch is booked and shown (the postage here is the
    game's rule: 0 by default, set to 80)."""
    from engine.ashes.kind import ASHES
    from engine.core import PlayerSetup, Setup
    from mailserver.printouts.compose import printout_body

    with transaction(db_engine) as session:
        made = session.get(Game, game)
        assert made is not None
        made.options = {"host": {"urgent_postage": 80}}
        state = ASHES.engine.new_game(
            Setup(game=227, players=[PlayerSetup(2), PlayerSetup(3)]), Random(1)
        )
        repo.store_snapshot(session, game_id=game, turn=0, state=state.to_json(), seed=1)
    ack = feed(
        db_engine,
        order_mail(ALICE, f"Partie 227 Spieler 2 Kennwort {PASSWORD}\nEildepesche an 3: Los!\n"),
    )
    assert ack.status == InboundStatus.PROCESSED
    assert "Porto 0,80 EUR" in [o for o in sent(db_engine) if o.to_address == ALICE][-1].body
    with transaction(db_engine) as session:
        made = session.get(Game, game)
        alice = next(p for p in repo.current_players(session, game) if p.seat == 2)
        assert made is not None
        next_state = ASHES.engine.run_turn(state, {}, Dice.legacy(Random(2))).state
        body = printout_body(session, made, alice, next_state, CONFIG.terms)
    assert "Kontostand: -0,80 EUR" in body
    assert "Porto für 1 Eildepesche(n) dieser Runde: -0,80 EUR" in body
