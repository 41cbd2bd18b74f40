"""The repository functions, one behaviour at a time (each on SQLite and PostgreSQL)."""

import hashlib
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from db import repo
from db.models import (
    GameMessage,
    InboundMail,
    InboundStatus,
    LedgerEntry,
    LedgerKind,
    MessageKind,
    Outbox,
    OutboxKind,
    OutboxStatus,
    Player,
    PlayerStatus,
    Standby,
    StandbyStatus,
    Submission,
)
from db.session import transaction
from mailserver.outbound.outbox import OutboxMail
from mailserver.turns.inputs import pending_news
from tests.db.helpers import PASSWORD_HASH, add_game, add_player

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


# ------------------------------------------------------------------ inbound mail


def test_a_mail_is_recorded_once_by_its_message_id(db_engine: Engine) -> None:
    raw = b"Message-ID: <a@example.org>\r\nSubject: Zug\r\n\r\nBefehle\r\n"
    with transaction(db_engine) as session:
        first, new = repo.record_inbound_mail(
            session, raw=raw, message_id=" <a@example.org> ", mailbox="INBOX", uidvalidity=7, uid=1
        )
        assert new and first.status == InboundStatus.RECEIVED
        first.status = InboundStatus.PROCESSED
    with transaction(db_engine) as session:
        again, new = repo.record_inbound_mail(
            session, raw=raw + b"resent", message_id="<a@example.org>", uid=9
        )
        assert not new
        assert (again.id, again.raw, again.uid, again.status) == (
            first.id,
            raw,
            1,
            InboundStatus.PROCESSED,
        )
        assert len(session.exec(select(InboundMail)).all()) == 1


def test_a_recorded_mail_is_the_row_stored(db_engine: Engine) -> None:
    # The new mail's object is made from the values inserted, not read back: every
    # column, defaults included, as the row reads afresh.
    received = datetime(2030, 1, 7, 17, 0, tzinfo=UTC)
    with transaction(db_engine) as session:
        mail, new = repo.record_inbound_mail(
            session, raw=b"x", message_id="<r@x>", sender="a@b.org", received_at=received
        )
        assert new and mail.id is not None
        made = mail.model_dump()
    with transaction(db_engine) as session:
        stored = session.get(InboundMail, made["id"])
        assert stored is not None and stored.model_dump() == made
        assert made["status"] == InboundStatus.RECEIVED and made["reason"] is None


def test_a_mail_without_message_id_is_keyed_by_the_hash_of_its_bytes(db_session: Session) -> None:
    raw = b"Subject: ohne ID\r\n\r\nText\r\n"
    mail, new = repo.record_inbound_mail(db_session, raw=raw, message_id=None)
    assert new and mail.message_id == "sha256:" + hashlib.sha256(raw).hexdigest()
    _, new = repo.record_inbound_mail(db_session, raw=raw, message_id="   ")
    assert not new
    _, new = repo.record_inbound_mail(db_session, raw=raw + b"!", message_id=None)
    assert new


def test_malformed_message_ids_fall_back_to_the_hash() -> None:
    raw = b"x"
    digest = "sha256:" + hashlib.sha256(raw).hexdigest()
    assert repo.inbound_key("<ok@example.org>", raw) == "<ok@example.org>"
    assert repo.inbound_key("<" + "x" * 1000 + ">", raw) == digest
    assert repo.inbound_key("<a\x00b@example.org>", raw) == digest
    assert repo.inbound_key("<a\nb@example.org>", raw) == digest


def test_nul_characters_in_headers_do_not_break_the_insert(db_session: Session) -> None:
    mail, new = repo.record_inbound_mail(
        db_session, raw=b"\x00", message_id=None, subject="Zug\x001", sender="a\x00@b"
    )
    assert new and (mail.subject, mail.sender) == ("Zug1", "a@b")


def test_mailbox_state_keeps_the_highest_uid_per_uidvalidity(db_session: Session) -> None:
    assert repo.get_mailbox_state(db_session, "INBOX") is None
    state = repo.set_mailbox_state(db_session, "INBOX", uidvalidity=100, last_uid=5)
    assert (state.uidvalidity, state.last_uid) == (100, 5)
    state = repo.set_mailbox_state(db_session, "INBOX", uidvalidity=100, last_uid=3)
    assert state.last_uid == 5
    state = repo.set_mailbox_state(db_session, "INBOX", uidvalidity=100, last_uid=2**32 - 1)
    assert state.last_uid == 2**32 - 1
    state = repo.set_mailbox_state(db_session, "INBOX", uidvalidity=101, last_uid=1)
    assert (state.uidvalidity, state.last_uid) == (101, 1)
    other = repo.get_mailbox_state(db_session, "Archiv")
    assert other is None
    fetched = repo.get_mailbox_state(db_session, "INBOX")
    assert fetched is not None and (fetched.uidvalidity, fetched.last_uid) == (101, 1)


def test_the_unknown_sender_explanation_is_rate_limited(db_session: Session) -> None:
    def due(address: str, now: datetime) -> bool:
        return repo.unknown_sender_reply_due(db_session, address, hours=24, now=now)

    assert due("Stranger@Example.org", T0)
    assert not due("stranger@example.org ", T0 + timedelta(hours=23))
    assert due("other@example.org", T0 + timedelta(hours=1))
    assert due("stranger@example.org", T0 + timedelta(hours=24))
    assert not due("stranger@example.org", T0 + timedelta(hours=25))


# ------------------------------------------------------------------ games, players


def test_games_are_found_by_number_and_numbers_are_unique(db_session: Session) -> None:
    game = add_game(db_session)
    assert repo.get_game_by_number(db_session, game.number) is game
    assert repo.get_game_by_number(db_session, game.number + 1) is None
    twin = add_game(db_session)
    twin.number = game.number
    db_session.add(twin)
    with pytest.raises(IntegrityError):
        db_session.flush()


def test_a_replaced_player_stays_as_history(db_engine: Engine) -> None:
    with transaction(db_engine) as session:
        game = add_game(session, turn=4)
        add_player(session, game, 1)
        old = add_player(session, game, 2)
        old.status = PlayerStatus.DROPPED
        session.add(Standby(address="late@example.org", created_at=T0 + timedelta(days=1)))
        session.add(Standby(address="first@example.org", created_at=T0, preferred_kind="ashes"))
        session.add(Standby(address="web@example.org", created_at=T0, preferred_kind="starweb"))
        session.flush()
        standby = repo.next_standby(session, kind="ashes")
        assert standby is not None and standby.address == "first@example.org"
        new = repo.replace_player(
            session,
            old,
            address=" First@Example.org",
            password_hash=PASSWORD_HASH,
            turn=5,
            standby=standby,
        )
        game_id = game.id
        assert game_id is not None
    with Session(db_engine) as session:
        seats = [(p.seat, p.address) for p in repo.current_players(session, game_id)]
        assert seats == [(1, "player1@example.org"), (2, "first@example.org")]
        history = session.exec(
            select(Player).where(Player.seat == 2).order_by(col(Player.id))
        ).all()
        assert [(p.is_current, p.status, p.joined_turn, p.left_turn) for p in history] == [
            (False, PlayerStatus.DROPPED, 0, 5),
            (True, PlayerStatus.ACTIVE, 5, None),
        ]
        entry = session.exec(select(Standby).where(Standby.address == "first@example.org")).one()
        assert (entry.status, entry.assigned_player_id) == (StandbyStatus.ASSIGNED, new.id)
    with transaction(db_engine) as session:
        following = repo.next_standby(session, kind="ashes")
        assert following is not None and following.address == "late@example.org"
        assert repo.next_standby(session, kind="starweb") is not None


def test_a_seat_by_numbers_is_its_current_occupant_in_one_query(db_engine: Engine) -> None:
    with transaction(db_engine) as session:
        game = add_game(session, turn=4)
        old = add_player(session, game, 2)
        new = repo.replace_player(
            session, old, address="new@example.org", password_hash=PASSWORD_HASH, turn=5
        )
        number, new_id = game.number, new.id
    with Session(db_engine) as session:
        found = repo.seat_by_numbers(session, number, 2)
        assert found is not None
        assert (found[0].number, found[1].id, found[1].address) == (
            number,
            new_id,
            "new@example.org",
        )
        assert repo.seat_by_numbers(session, number, 3) is None  # no such seat
        assert repo.seat_by_numbers(session, number + 1, 2) is None  # no such game


def test_an_outcome_is_written_at_once_and_leaves_nothing_to_flush(db_engine: Engine) -> None:
    with transaction(db_engine) as session:
        game = add_game(session)
        player = add_player(session, game, 2)
        mail, _ = repo.record_inbound_mail(session, raw=b"x", message_id="<o@example.org>")
        repo.set_inbound_outcome(
            session, mail, InboundStatus.REJECTED, "why", game_id=game.id, player_id=player.id
        )
        assert (mail.status, mail.reason, mail.game_id) == (InboundStatus.REJECTED, "why", game.id)
        assert mail not in session.dirty
        ids = (mail.id, game.id, player.id)
    with Session(db_engine) as session:
        stored = session.get(InboundMail, ids[0])
        assert stored is not None
        assert (stored.status, stored.reason, stored.game_id, stored.player_id) == (
            InboundStatus.REJECTED,
            "why",
            *ids[1:],
        )


# ------------------------------------------------------------ orders, messages


def test_every_submission_is_kept_and_the_latest_counts(db_session: Session) -> None:
    game = add_game(db_session)
    one, two = add_player(db_session, game, 1), add_player(db_session, game, 2)
    assert game.id is not None
    first = repo.store_submission(
        db_session, player=one, turn=1, raw_text="F 1 2 3", orders=[{"kind": "fly"}], errors=[]
    )
    latest = repo.store_submission(
        db_session,
        player=one,
        turn=1,
        raw_text="F 1 2 4\x00",
        orders=[],
        errors=[{"line": 1, "message": "unknown planet"}],
        final=True,
    )
    repo.store_submission(db_session, player=one, turn=2, raw_text="later", orders=[], errors=[])
    other = repo.store_submission(
        db_session, player=two, turn=1, raw_text="X", orders=[], errors=[]
    )
    db_session.commit()
    counted = repo.latest_submission(db_session, game.id, 1, 1)
    assert counted is not None and counted.id == latest.id
    assert (counted.raw_text, counted.final, counted.errors[0]["line"]) == ("F 1 2 4", True, 1)
    assert repo.latest_submission(db_session, game.id, 3, 1) is None
    by_seat = {seat: s.id for seat, s in repo.latest_submissions(db_session, game.id, 1).items()}
    assert by_seat == {1: latest.id, 2: other.id}
    assert first.id is not None and latest.id is not None and first.id < latest.id
    assert len(db_session.exec(select(Player)).all()) == 2


def test_a_submission_added_by_values_is_the_one_its_orders_are_read_from(
    db_session: Session,
) -> None:
    game = add_game(db_session)
    one = add_player(db_session, game, 1)
    assert game.id is not None
    assert repo.latest_orders(db_session, game.id, 1, 1) is None
    repo.store_submission(
        db_session, player=one, turn=1, raw_text="old", orders=[{"kind": "old"}], errors=[]
    )
    added = repo.add_submission(
        db_session, player=one, turn=1, raw_text="HP=10\x00", orders=[{"kind": "hp"}], errors=[]
    )
    db_session.commit()
    assert repo.latest_orders(db_session, game.id, 1, 1) == [{"kind": "hp"}]
    stored = repo.latest_submission(db_session, game.id, 1, 1)
    assert stored is not None and stored.id == added
    assert (stored.raw_text, stored.final, stored.seat) == ("HP=10", False, 1)


def test_stored_rows_are_the_sessions_and_later_changes_are_saved(db_engine: Engine) -> None:
    # store_submission and enqueue_outbox insert without a flush and without reading back.
    with transaction(db_engine) as session:
        game = add_game(session)
        player = add_player(session, game, 1)
        submission = repo.store_submission(
            session, player=player, turn=1, raw_text="HP=10", orders=[{"kind": "hp"}], errors=[]
        )
        mail = repo.enqueue_outbox(
            session, to_address="a@example.org", subject="S", body="B", kind=OutboxKind.ACK, now=T0
        )
        assert submission.id is not None and mail.id is not None
        assert session.get(Submission, submission.id) is submission
        submission.final = True
        mail.attempts = 2
    with transaction(db_engine) as session:
        stored = session.get(Submission, submission.id)
        assert stored is not None and (stored.final, stored.orders) == (True, [{"kind": "hp"}])
        sent = session.get(Outbox, mail.id)
        assert sent is not None and (sent.attempts, sent.created_at) == (2, T0)


def test_a_host_secret_is_made_once_and_kept(db_engine: Engine) -> None:
    # Its table's key is its name, not an id.
    with transaction(db_engine) as session:
        assert repo.host_secret(session, "links", lambda: "first") == "first"
        assert repo.host_secret(session, "links", lambda: "second") == "first"
    with transaction(db_engine) as session:
        assert repo.host_secret(session, "links", lambda: "third") == "first"


def test_undelivered_news_goes_into_the_printout(db_session: Session) -> None:
    game = add_game(db_session)
    assert game.id is not None
    for turn, text, delivered in ((1, "old", True), (1, "late", False), (2, "now", False)):
        db_session.add(
            GameMessage(
                game_id=game.id,
                kind=MessageKind.PRESS,
                sender_seat=1,
                text=text,
                turn=turn,
                delivered=delivered,
            )
        )
    db_session.add(
        GameMessage(game_id=game.id, kind=MessageKind.SECRET, addressee_seat=2, text="t3", turn=3)
    )
    db_session.flush()
    texts = [m.text for m in pending_news(db_session, game.id, 2)]
    assert texts == ["late", "now"]


# ------------------------------------------------------------------------ outbox


def enqueue(session: Session, n: int = 1, **kwargs: object) -> list[Outbox]:
    return [
        repo.enqueue_outbox(
            session,
            to_address=f"p{i}@example.org",
            subject=f"Auswertung {i}",
            body="Text",
            kind=OutboxKind.PRINTOUT,
            **kwargs,  # type: ignore[arg-type]
        )
        for i in range(n)
    ]


def test_outbox_rows_get_a_stable_unique_message_id(db_session: Session) -> None:
    rows = enqueue(db_session, 3, domain="pbem.example.org", now=T0)
    ids = [r.message_id for r in rows]
    assert len(set(ids)) == 3
    assert all(i.startswith("<") and i.endswith("@pbem.example.org>") for i in ids)
    db_session.commit()
    db_session.expire_all()
    assert [r.message_id for r in db_session.exec(select(Outbox).order_by(col(Outbox.id)))] == ids


def test_a_dedup_key_makes_enqueueing_idempotent(db_session: Session) -> None:
    first = enqueue(db_session, dedup_key="reminder:7:3:48:1")[0]
    again = enqueue(db_session, dedup_key="reminder:7:3:48:1")[0]
    enqueue(db_session, 2)  # no key: both kept
    assert again.id == first.id and again.message_id == first.message_id
    assert len(db_session.exec(select(Outbox)).all()) == 3


def test_an_outbox_mail_stored_by_id_alone_is_the_same_row(db_session: Session) -> None:
    fields: dict[str, Any] = {"subject": "S", "body": "B", "kind": OutboxKind.ACK, "now": T0}
    first = repo.enqueue_outbox_id(db_session, to_address="a@example.org", **fields)
    keyed = repo.enqueue_outbox_id(db_session, to_address="b@example.org", dedup_key="k", **fields)
    again = repo.enqueue_outbox_id(db_session, to_address="c@example.org", dedup_key="k", **fields)
    assert keyed == again and first != keyed  # a key already there gives its row
    rows = {r.id: r for r in db_session.exec(select(Outbox))}
    assert sorted(rows) == sorted([first, keyed])
    assert (rows[first].to_address, rows[first].kind, rows[first].created_at) == (
        "a@example.org",
        OutboxKind.ACK,
        T0,
    )
    assert rows[keyed].to_address == "b@example.org"


def test_outbox_rows_come_in_the_order_asked_with_the_models_values(
    db_session: Session,
) -> None:
    attachment = {"filename": "map.png", "content_type": "image/png", "data": "AAAA"}
    rows = [
        *enqueue(db_session, 2, now=T0),
        *enqueue(db_session, now=T0, attachments=[attachment], secret="pw", references="<a@b>"),
    ]
    ids = [r.id or 0 for r in rows]
    wanted = [ids[2], ids[0], 10**9]  # a missing id is left out
    plain = repo.outbox_rows(db_session, wanted)
    assert [r.id for r in plain] == [ids[2], ids[0]]
    models = repo.outbox_mails(db_session, wanted)
    # The sender builds the same mail from either.
    assert [OutboxMail.of(r) for r in plain] == [OutboxMail.of(m) for m in models]
    assert OutboxMail.of(plain[0]).attachments == (attachment,)


def test_many_outbox_rows_go_in_at_once_and_a_retry_keeps_the_first(
    db_session: Session,
) -> None:
    def rows(keys: list[str]) -> list[dict[str, Any]]:
        return [
            repo.outbox_values(
                to_address=f"{key}@example.org",
                subject=key,
                body="Text",
                kind=OutboxKind.PRINTOUT,
                dedup_key=key,
                now=T0,
            )
            for key in keys
        ]

    first = repo.enqueue_outbox_many(db_session, rows(["a", "b", "c"]))
    # A retried turn run: the keys already there keep their rows, ids in the given order.
    again = repo.enqueue_outbox_many(db_session, rows(["c", "d", "a"]))
    assert len(set(first)) == 3
    assert again[0] == first[2] and again[2] == first[0] and again[1] not in first
    stored = {r.dedup_key: r for r in db_session.exec(select(Outbox))}
    assert {key: r.id for key, r in stored.items()} == {
        "a": first[0],
        "b": first[1],
        "c": first[2],
        "d": again[1],
    }
    # The columns not given get the defaults one mail put in alone gets.
    alone = repo.enqueue_outbox(
        db_session, to_address="z@example.org", subject="z", body="Text", kind=OutboxKind.PRINTOUT
    )
    for column in ("status", "attempts", "sent_at", "last_error", "auto_submitted", "secret"):
        assert getattr(stored["a"], column) == getattr(alone, column), column
    assert stored["a"].status == OutboxStatus.PENDING and stored["a"].next_attempt_at == T0
    assert repo.enqueue_outbox_many(db_session, []) == []
    with pytest.raises(ValueError):
        repo.enqueue_outbox_many(db_session, rows(["e", "e"]))


def test_claim_send_and_retry_with_backoff(db_engine: Engine) -> None:
    with transaction(db_engine) as session:
        due, later = enqueue(session, 2, now=T0)
        later.next_attempt_at = T0 + timedelta(hours=1)
        session.add(later)
    with transaction(db_engine) as session:
        claimed = repo.claim_due_outbox(session, now=T0, lease=timedelta(minutes=5))
        assert [r.id for r in claimed] == [due.id]
        assert claimed[0].attempts == 1
        assert repo.claim_due_outbox(session, now=T0 + timedelta(minutes=4)) == []
    assert due.id is not None and later.id is not None
    with transaction(db_engine) as session:
        row = repo.mark_failed(session, due.id, "421 try later", now=T0 + timedelta(minutes=1))
        assert (row.status, row.last_error) == (OutboxStatus.PENDING, "421 try later")
        assert row.next_attempt_at == T0 + timedelta(minutes=2)
    with transaction(db_engine) as session:
        again = repo.claim_due_outbox(session, now=T0 + timedelta(minutes=2))
        assert [(r.id, r.attempts) for r in again] == [(due.id, 2)]
        row = repo.mark_failed(session, due.id, "421", now=T0 + timedelta(minutes=3))
        assert row.next_attempt_at == T0 + timedelta(minutes=5)  # doubled
    with transaction(db_engine) as session:
        repo.claim_due_outbox(session, now=T0 + timedelta(minutes=5))
        assert repo.mark_sent(session, due.id, now=T0 + timedelta(minutes=6))
        assert not repo.mark_sent(session, due.id)
    with transaction(db_engine) as session:
        repo.claim_due_outbox(session, now=T0 + timedelta(hours=2))
        gone = repo.mark_failed(session, later.id, "550 no such user", permanent=True)
        assert gone.status == OutboxStatus.FAILED
    with Session(db_engine) as session:
        sent = session.get(Outbox, due.id)
        assert sent is not None
        assert (sent.status, sent.sent_at, sent.last_error) == (
            OutboxStatus.SENT,
            T0 + timedelta(minutes=6),
            None,
        )


def test_a_mail_is_given_up_after_the_last_attempt(db_engine: Engine) -> None:
    with transaction(db_engine) as session:
        (row,) = enqueue(session, now=T0)
    assert row.id is not None
    now = T0
    for attempt in range(1, 4):
        with transaction(db_engine) as session:
            (claimed,) = repo.claim_due_outbox(session, now=now)
            assert claimed.attempts == attempt
            failed = repo.mark_failed(session, row.id, "timeout", max_attempts=3, now=now)
            now = failed.next_attempt_at
    assert failed.status == OutboxStatus.FAILED
    with transaction(db_engine) as session:
        assert repo.claim_due_outbox(session, now=now + timedelta(days=30)) == []


def test_backoff_is_capped() -> None:
    base, cap = timedelta(minutes=1), timedelta(hours=6)
    delays = [repo.retry_delay(n, base=base, cap=cap) for n in (1, 2, 3, 10, 50)]
    assert delays == [base, 2 * base, 4 * base, cap, cap]


def test_claiming_on_sqlite_needs_a_write_transaction(db_engine: Engine) -> None:
    with Session(db_engine) as session:
        if db_engine.dialect.name == "sqlite":
            with pytest.raises(RuntimeError, match="BEGIN IMMEDIATE"):
                repo.claim_due_outbox(session)
        else:
            assert repo.claim_due_outbox(session) == []


# --------------------------------------------------------------------- snapshots


def test_snapshots_store_one_state_per_turn(db_session: Session) -> None:
    game = add_game(db_session)
    assert game.id is not None
    state = {"game": game.number, "turn": 1, "planets": [{"n": 1, "owner": 0}], "z": None}
    repo.store_snapshot(db_session, game_id=game.id, turn=0, state={"turn": 0}, seed=1)
    repo.store_snapshot(db_session, game_id=game.id, turn=1, state=state, seed=2**64 - 1)
    db_session.commit()
    latest = repo.load_snapshot(db_session, game.id)
    assert latest is not None and (latest.turn, latest.seed) == (1, 2**64 - 1)
    assert latest.state_data() == state
    assert latest.state.startswith('{"game":')  # canonical: sorted keys, compact
    first = repo.load_snapshot(db_session, game.id, 0)
    assert first is not None and first.state_data() == {"turn": 0}
    assert repo.load_snapshot(db_session, game.id, 7) is None
    with pytest.raises(IntegrityError):
        repo.store_snapshot(db_session, game_id=game.id, turn=1, state=state, seed=3)


# ------------------------------------------------------------------------ ledger


def test_the_balance_is_the_sum_of_the_ledger(db_engine: Engine) -> None:
    with transaction(db_engine) as session:
        game = add_game(session)
        player = add_player(session, game, 1)
        other = add_player(session, game, 2)
        assert player.id is not None and other.id is not None
        repo.book(session, player_id=player.id, amount_cents=2000, kind=LedgerKind.DEPOSIT)
        repo.book(session, player_id=player.id, amount_cents=-150, kind=LedgerKind.TURN_FEE, turn=1)
        repo.book(session, player_id=player.id, amount_cents=-85, kind=LedgerKind.POSTAGE, turn=1)
        repo.book(session, player_id=other.id, amount_cents=-150, kind=LedgerKind.TURN_FEE, turn=1)
        # The loaded object follows the booking in the same session.
        assert player.balance_cents == 1765
    with Session(db_engine) as session:
        stored = session.get(Player, player.id)
        assert stored is not None and stored.balance_cents == 1765
        assert repo.ledger_balance(session, player.id) == 1765
        assert repo.ledger_balance(session, other.id) == -150
        kinds = session.exec(
            select(LedgerEntry.kind).where(LedgerEntry.player_id == player.id)
        ).all()
        assert sorted(kinds) == sorted(
            [LedgerKind.DEPOSIT, LedgerKind.TURN_FEE, LedgerKind.POSTAGE]
        )
        assert repo.ledger_balance(session, player.id + 999) == 0


def test_booking_for_an_unknown_player_fails(db_session: Session) -> None:
    with pytest.raises(Exception, match="No row was found"):
        repo.book(db_session, player_id=424242, amount_cents=1, kind=LedgerKind.BONUS)


def test_received_mails_past_retention_keep_their_record_not_their_text(
    db_session: Session,
) -> None:
    old, _ = repo.record_inbound_mail(
        db_session,
        raw=b"Subject: old\r\n\r\ntext",
        message_id="<old@x>",
        received_at=datetime(2026, 1, 1, tzinfo=UTC),
    )
    new, _ = repo.record_inbound_mail(
        db_session,
        raw=b"Subject: new\r\n\r\ntext",
        message_id="<new@x>",
        received_at=datetime(2026, 6, 1, tzinfo=UTC),
    )
    assert repo.expire_inbound_mail(db_session, before=datetime(2026, 3, 1, tzinfo=UTC)) == 1
    db_session.refresh(old)
    db_session.refresh(new)
    assert old.raw == b"" and old.message_id == "<old@x>"
    assert new.raw.startswith(b"Subject: new")
    # A copy of the expired mail is still recognised.
    _, is_new = repo.record_inbound_mail(db_session, raw=b"x", message_id="<old@x>")
    assert not is_new
