"""Work intake does before its write transaction: the order text read ahead by
``preverify``, the game's state loaded once a turn."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from db import repo
from db.models import Game, InboundStatus, Outbox
from db.session import reading, transaction
from engine.ashes.kind import ASHES
from engine.core import PlayerSetup, Setup
from mailserver.inbound import acks, describe, loaded_states
from mailserver.inbound.intake import ParsedMail, parse_mail, preverify, process_mail
from mailserver.inbound.parsed import Reading
from tests.factories import make_game, order_mail
from tests.intake.helpers import CONFIG

ALICE = "alice@example.org"
HEADER = "Partie 227 Spieler 2 Kennwort sternenstaub\n"


def state_json(planet_2: str) -> dict[str, Any]:
    """A turn's state in which planet 2 is called ``planet_2`` and seat 2's ruler Ada."""
    setup = Setup(game=227, players=[PlayerSetup(n) for n in range(1, 6)])
    data: dict[str, Any] = ASHES.engine.new_game(setup, Random(1)).to_json()
    next(p for p in data["planets"] if p["number"] == 2)["name"] = planet_2
    next(p for p in data["players"] if p["number"] == 2)["ruler"] = "Ada"
    return data


@pytest.fixture
def game(db_engine: Engine) -> int:
    """A running game at turn 0, planet 2 renamed Krebsnebel, seat 2's ruler Ada."""
    with transaction(db_engine) as session:
        game = make_game(session, players=[(2, ALICE, "sternenstaub"), (3, "b@example.org", "x")])
        assert game.id is not None
        state = state_json("Krebsnebel")
        repo.store_snapshot(session, game_id=game.id, turn=0, state=state, seed=227)
        return game.id


def preverified(engine: Engine, raw: bytes) -> ParsedMail:
    """``raw`` taken apart and pre-verified, as the mail handler does outside intake."""
    parsed = parse_mail(raw, config=CONFIG)
    with reading(engine) as session:
        assert preverify(session, parsed, config=CONFIG)
    return parsed


def feed(engine: Engine, raw: bytes, parsed: ParsedMail) -> None:
    with transaction(engine) as session:
        outcome = process_mail(session, raw, config=CONFIG, parsed=parsed)
    assert outcome.status == InboundStatus.PROCESSED


def test_a_snapshot_is_loaded_once_and_a_new_one_loaded_anew() -> None:
    first, second = (repo_text(state_json(name)) for name in ("Krebsnebel", "Hummerhort"))
    loaded = loaded_states.loaded_state("ashes", first)
    assert loaded_states.loaded_state("ashes", first) is loaded
    assert loaded.names.places[2] == "Krebsnebel"
    assert loaded_states.loaded_state("ashes", second).names.places[2] == "Hummerhort"


def test_the_cache_keeps_the_latest_states_only() -> None:
    loaded_states.forget_all()
    texts = [repo_text(state_json(f"Planet{n}")) for n in range(loaded_states.KEPT + 1)]
    first = loaded_states.loaded_state("ashes", texts[0])
    for text in texts[1:]:
        loaded_states.loaded_state("ashes", text)
    assert loaded_states.loaded_state("ashes", texts[0]) is not first


@pytest.fixture
def read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Intake must take the order text as read ahead: reading it again fails the test."""
    refuse(monkeypatch, acks, "read_orders")


def refuse(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> None:
    """``module.name`` fails the test when intake calls it in the write transaction."""

    def again(*args: object) -> None:
        raise AssertionError(f"{name} again in the write transaction")

    monkeypatch.setattr(module, name, again)


@pytest.mark.usefixtures("read_once")
def test_orders_read_ahead_are_not_read_again(
    db_engine: Engine, db_session: Session, game: int
) -> None:
    raw = order_mail(ALICE, HEADER + "Krebsnebel: 1 PDU")
    parsed = preverified(db_engine, raw)
    assert len(parsed.readings) == 1
    feed(db_engine, raw, parsed)
    submission = repo.latest_submission(db_session, game, 2, 1)
    assert submission is not None and submission.errors == []
    assert submission.orders[0]["planet"] == 2


def test_orders_read_ahead_of_a_turn_run_are_read_again(
    db_engine: Engine, db_session: Session, game: int
) -> None:
    raw = order_mail(ALICE, HEADER.replace("Spieler 2", "Spieler 2 Runde 2") + "Hummerhort: 1 PDU")
    parsed = preverified(db_engine, raw)
    # A turn runs between the reading ahead and intake: planet 2 is renamed.
    with transaction(db_engine) as session:
        state = state_json("Hummerhort")
        repo.store_snapshot(session, game_id=game, turn=1, state=state, seed=227)
        row = session.get(Game, game)
        assert row is not None
        row.turn = 1
    feed(db_engine, raw, parsed)
    submission = repo.latest_submission(db_session, game, 2, 2)
    assert submission is not None and submission.errors == []
    assert submission.orders[0]["planet"] == 2


def test_the_usual_header_from_the_seats_address_is_placed_ahead_without_model_rows(
    db_engine: Engine, game: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    def model_rows(*args: object) -> None:
        raise AssertionError("the seat was loaded as model rows")

    monkeypatch.setattr(repo, "seat_by_numbers", model_rows)
    parsed = parse_mail(order_mail(ALICE, HEADER + "Krebsnebel: 1 PDU"), config=CONFIG)
    with reading(db_engine) as session:
        ((password, stored),) = preverify(session, parsed, config=CONFIG)
        player = repo.current_players(session, game)[0]
    assert (password, stored) == ("sternenstaub", player.password_hash)
    (read,) = parsed.readings
    assert read.game_id == game and read.result.errors == []
    assert read.result.orders[0].to_json()["planet"] == 2  # the game's names, from its state


def test_the_usual_header_from_another_address_is_placed_by_the_full_lookup(
    db_engine: Engine, game: int
) -> None:
    # Not the seat's address: the seat is looked up as intake does (the stranger check
    # needs the rows), and read ahead all the same when the seat takes strangers' mail.
    raw = order_mail("alias@example.org", HEADER + "Krebsnebel: 1 PDU")
    (read,) = preverified(db_engine, raw).readings
    assert read.game_id == game and read.result.errors == []


def test_an_over_long_text_is_not_read_ahead(db_engine: Engine, game: int) -> None:
    raw = order_mail(ALICE, HEADER + "HP=10\n" * CONFIG.max_order_lines)
    assert preverified(db_engine, raw).readings == []


def repo_text(state: dict[str, Any]) -> str:
    """A state as a snapshot stores it."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def test_a_mail_naming_no_game_is_read_ahead_for_the_senders_only_game(
    db_engine: Engine, game: int
) -> None:
    raw = order_mail(ALICE, "Spieler 2 Kennwort sternenstaub\nKrebsnebel: 1 PDU")
    (reading,) = preverified(db_engine, raw).readings
    assert reading.game_id == game and reading.result.errors == []


@pytest.mark.usefixtures("read_once")
def test_a_seat_named_by_its_rulers_name_is_found_ahead_and_in_the_transaction(
    db_engine: Engine, db_session: Session, game: int
) -> None:
    # From an address that holds no seat: only the ruler's name can place the mail.
    text = "Partie 227 Spieler Ada Kennwort sternenstaub\nKrebsnebel: 1 PDU"
    raw = order_mail("ada@elsewhere.example", text)
    parsed = parse_mail(raw, config=CONFIG)
    with reading(db_engine) as session:
        pairs = preverify(session, parsed, config=CONFIG)
        seat_2 = next(p for p in repo.current_players(session, game) if p.seat == 2)
        assert pairs == [("sternenstaub", seat_2.password_hash)]
    assert len(parsed.readings) == 1
    feed(db_engine, raw, parsed)
    submission = repo.latest_submission(db_session, game, 2, 1)
    assert submission is not None and submission.orders[0]["planet"] == 2


def ack_body(session: Session) -> str:
    """The body of the one acknowledgement in the outbox."""
    (ack,) = session.exec(select(Outbox)).all()
    return ack.body


@pytest.fixture
def forecast_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Intake must take the orders' words as found ahead: a forecast in the write
    transaction fails the test (the read-ahead holds its own reference)."""
    refuse(monkeypatch, describe, "order_words")


def read_ahead(db_engine: Engine) -> tuple[bytes, ParsedMail, Reading]:
    """Alice's mail of one order, read ahead: the mail, what was read, its one reading."""
    raw = order_mail(ALICE, HEADER + "Krebsnebel: 1 PDU")
    parsed = preverified(db_engine, raw)
    (reading,) = parsed.readings
    return raw, parsed, reading


@pytest.mark.usefixtures("forecast_once")
def test_the_orders_words_are_found_ahead_and_not_again(
    db_engine: Engine, db_session: Session, game: int
) -> None:
    raw, parsed, reading = read_ahead(db_engine)
    words = reading.words(2, "de")
    assert words is not None and "Krebsnebel" in words[0]
    feed(db_engine, raw, parsed)
    assert words[0] in ack_body(db_session)


def test_words_found_ahead_in_another_language_are_found_again(
    db_engine: Engine, db_session: Session, game: int
) -> None:
    raw, parsed, reading = read_ahead(db_engine)
    german = reading.words(2, "de")
    assert german is not None and reading.words(2, "en") is None
    # The player sets English between the reading ahead and intake.
    with transaction(db_engine) as session:
        alice = next(p for p in repo.current_players(session, game) if p.seat == 2)
        alice.language = "en"
        session.add(alice)
    feed(db_engine, raw, parsed)
    body = ack_body(db_session)
    assert german[0] not in body and "Krebsnebel" in body
