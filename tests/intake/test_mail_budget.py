"""The mail budget (a property test): whatever mail comes in, the server never
sends more than it received plus what it owes — here, with no turn run, no printouts and
no reminders are due.

Random sequences of mails go through :func:`mailserver.inbound.intake.process_mail` on SQLite:
senders among the two players, two strangers and the GM; right, wrong and missing
passwords, also in bursts of guesses; orders with urgent dispatches; plain chatter; GM
mails; automatic replies; exact resends (the same Message-ID) and the same text again;
the clock moves between them by 0 to 61 minutes.

The bound asserted after every mail (for every prefix of the sequence), with ``in`` the
mails received so far and every outbox row put in exactly one class:

    out = answers + urgent + warnings + locks + gm_warnings
        ≤ in + urgent + warnings + locks + gm_warnings

* answers (rows that reply to a mail): at most one per mail received, none to an
  automatic mail or an exact resend;
* urgent (urgent dispatches forwarded): at most ``urgent_per_mail`` per mail and
  ``urgent_per_turn`` per sending seat;
* warnings (to a seat's owner about a mail for his seat from elsewhere): at most one per
  seat, kind of warning (wrong password / right password from elsewhere) and clock hour;
* locks (the GM told that a seat or the GM password is locked): at most one per seat (or
  GM) and clock hour — the lock window is counted in clock hours;
* gm_warnings (the GM told of a GM mail with a wrong password from elsewhere): at most
  ``password_tries`` per clock hour — every such mail warns the GM until the lock. (The goal
  is one an hour, as for a seat's owner; that stronger bound fails, see
  ``tests/e2e/test_safety_e2e.py::test_gm_password_guessing_is_locked_out_and_gives_no_seat_away``.)

Nothing else may go out. Strangers do not send the right GM password: knowing it is a
takeover, not an attack the budget is about.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine
from sqlmodel import Session, select

from db.models import (
    Game,
    GameMessage,
    GameStatus,
    InboundStatus,
    MessageKind,
    Outbox,
    OutboxKind,
    Player,
)
from db.passwords import hash_password
from db.session import transaction
from mailserver.common.kinds import game_kind
from mailserver.inbound.intake import IntakeOutcome, process_mail
from tests.dbfixtures import empty_all_tables
from tests.factories import order_mail
from tests.intake.helpers import CONFIG, outbox
from tests.lanes import examples

RULES = game_kind("ashes").messages
GAME = 227
ALICE, BOB = "alice@example.org", "bob@example.org"
GM = "gm@example.org"
STRANGERS = ("mallory@evil.example", "eve@evil.example")
SEATS = {2: ALICE, 3: BOB}
PASSWORDS = {2: "sternenstaub", 3: "mondlicht", 0: "spielleiter-227"}
"""Seat -> password; 0 is the GM's."""
HASHES = {seat: hash_password(password) for seat, password in PASSWORDS.items()}
GM_WARNINGS_PER_HOUR = CONFIG.password_tries
"""What intake does; the goal is 1 (see the module doc)."""
START = datetime(2026, 3, 1, 9, 50, tzinfo=UTC)
"""Ten minutes before a clock hour: the once-an-hour bounds meet their edge soon."""

ORDER_TEXTS = ("HP=10", "2/15/1/21", "HP=10\nFertig", "PV 5 = 0", "Crabb: 1 PDU")
PLAIN_TEXTS = (
    "Hallo, wann ist der nächste ZAT?",
    "Ich bin bis Montag im Urlaub.\nAnna",
    "Partie 999 Spieler 2 Kennwort x",
    "Partie 227",
)
AUTOMATIC = (
    {"Auto-Submitted": "auto-replied"},
    {"Precedence": "bulk"},
    {"List-Id": "<spiele.example.org>"},
    {"X-Autoreply": "yes"},
    {"Return-Path": "<>"},
)


@dataclass(frozen=True)
class Incoming:
    """One mail of a sequence (see :func:`mails`)."""

    kind: str
    """orders, plain, gm or resend."""
    sender: str
    seat: int
    password: str | None
    text: int
    dispatches: tuple[int, ...]
    """The seat each urgent dispatch of the mail is addressed to."""
    automatic: int | None
    minutes: int
    burst: int
    """Sent this many times in a row at once, with a new password each time (guessing)."""


def mails() -> st.SearchStrategy[Incoming]:
    """A random incoming mail (GM mails come from the GM or a stranger)."""
    anyone = st.sampled_from([ALICE, BOB, *STRANGERS])
    password = st.one_of(
        st.sampled_from(["right", None]), st.integers(1, 30).map(lambda n: f"rate{n}")
    )
    gm_senders = [GM, *STRANGERS]
    return st.builds(
        Incoming,
        kind=st.sampled_from(["orders", "orders", "plain", "gm", "resend"]),
        sender=anyone,
        seat=st.sampled_from(sorted(SEATS)),
        password=password,
        text=st.integers(0, 4),
        dispatches=st.lists(st.sampled_from([2, 3, 9]), max_size=5).map(tuple),
        automatic=st.one_of(st.none(), st.none(), st.integers(0, len(AUTOMATIC) - 1)),
        minutes=st.sampled_from([0, 0, 0, 1, 7, 30, 61]),
        burst=st.sampled_from([1, 1, 1, 1, 3, 6, 9]),
    ).map(lambda m: _gm_sender(m, gm_senders))


def _gm_sender(mail: Incoming, senders: list[str]) -> Incoming:
    if mail.kind != "gm":
        return mail
    sender = senders[mail.text % len(senders)]
    # A stranger does not know the GM password (knowing it is a takeover, not guessing).
    password = mail.password if sender == GM or mail.password != "right" else "rate0"
    return dataclasses.replace(mail, sender=sender, seat=0, password=password, dispatches=())


def raw_of(mail: Incoming, earlier: list[bytes], copy: int = 0) -> bytes:
    """The bytes of ``mail`` (for a resend: an earlier mail, byte for byte); ``copy`` of
    a burst has a guess of its own."""
    if mail.kind == "resend" and earlier:
        return earlier[(mail.text + copy) % len(earlier)]
    seat = mail.seat
    secret = {"right": PASSWORDS[seat], None: None}.get(mail.password, mail.password)
    if secret is not None and mail.password != "right" and copy:
        secret += f"-{copy}"
    if mail.kind == "gm":
        text = f"Partie {GAME} Spielleiter" + (f" Kennwort {secret}" if secret else "")
        text += "\nStatus\n"
    elif mail.kind == "orders":
        text = f"Partie {GAME} Spieler {seat}" + (f" Kennwort {secret}" if secret else "")
        text += "\n" + ORDER_TEXTS[mail.text] + "\n"
        text += "".join(
            f"Eildepesche an {to}: Nachricht {n}\n" for n, to in enumerate(mail.dispatches)
        )
    else:
        text = PLAIN_TEXTS[mail.text % len(PLAIN_TEXTS)]
    headers = AUTOMATIC[mail.automatic] if mail.automatic is not None else None
    return order_mail(mail.sender, text, headers=headers)


def is_automatic(raw: bytes) -> bool:
    head = raw.split(b"\n\n", 1)[0]
    return any(f"\n{name}:".encode() in b"\n" + head for marks in AUTOMATIC for name in marks)


def start_game(engine: Engine) -> None:
    """A running game 227, seats 2 and 3, with the default message rules (hashes made
    once: scrypt is slow on purpose)."""
    empty_all_tables(engine)
    with transaction(engine) as session:
        game = Game(
            kind="ashes",
            number=GAME,
            status=GameStatus.RUNNING,
            turn=0,
            seed=GAME,
            gm_address=GM,
            gm_password_hash=HASHES[0],
            options={},
        )
        session.add(game)
        session.flush()
        for seat, address in SEATS.items():
            session.add(
                Player(
                    game_id=game.id or 0,
                    seat=seat,
                    address=address,
                    password_hash=HASHES[seat],
                    language="de",
                    ruler_name=f"Herrscher {seat}",
                )
            )


def hour(moment: datetime) -> int:
    """The clock hour of a stored time (SQLite gives it back without a zone)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return int(moment.timestamp()) // 3600


_LOCKED_WHO = re.compile(r"Für (.+?) in Partie")


def classify(row: Outbox) -> tuple[str, object]:
    """The class of an outbox row and what its bound is counted by."""
    if row.in_reply_to is not None:
        return "answer", row.inbound_mail_id
    if row.kind == OutboxKind.URGENT:
        return "urgent", row.to_address
    if row.kind == OutboxKind.NOTICE and row.to_address in SEATS.values():
        warning = "wrong" if "falschem oder fehlendem Kennwort" in row.body else "elsewhere"
        return "warning", (row.to_address, warning, hour(row.created_at))
    if row.kind == OutboxKind.NOTICE and row.to_address == GM:
        locked = _LOCKED_WHO.search(row.body)
        if locked is not None and "falsche Kennwörter" in row.body:
            return "lock", (locked[1], hour(row.created_at))
        if "Spielleiter-Mail" in row.body and "falschem oder fehlendem" in row.body:
            return "gm_warning", hour(row.created_at)
    raise AssertionError(f"a mail outside the budget: {row.kind} to {row.to_address}: {row.body}")


def check_budget(session: Session, received: int) -> None:
    """The bound of the module doc over everything sent so far."""
    rows = outbox(session)
    classes = Counter[str]()
    per = Counter[tuple[str, object]]()
    for row in rows:
        name, key = classify(row)
        classes[name] += 1
        per[name, key] += 1
    for (name, key), count in per.items():
        bound = {"urgent": RULES.urgent_per_turn, "gm_warning": GM_WARNINGS_PER_HOUR}
        assert count <= bound.get(name, 1), f"{count} {name} mails for {key}"
    urgent = session.exec(
        select(GameMessage.sender_seat).where(GameMessage.kind == MessageKind.URGENT)
    ).all()
    assert classes["urgent"] == len(urgent)
    assert max(Counter(urgent).values(), default=0) <= RULES.urgent_per_turn
    budget = received + classes["urgent"] + classes["warning"] + classes["lock"]
    budget += classes["gm_warning"]
    assert len(rows) <= budget


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_mails_out_never_exceed_mails_in_plus_what_is_owed(
    db_engine: Engine,
) -> None:
    @settings(
        max_examples=examples(40),
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(sequence=st.lists(mails(), min_size=5, max_size=20))
    def run(sequence: list[Incoming]) -> None:
        start_game(db_engine)
        now = START
        earlier: list[bytes] = []
        copies = [(mail, copy) for mail in sequence for copy in range(mail.burst)]
        for received, (mail, copy) in enumerate(copies, start=1):
            now += timedelta(minutes=0 if copy else mail.minutes)
            raw = raw_of(mail, earlier, copy)
            resent = raw in earlier
            earlier.append(raw)
            with transaction(db_engine) as session:
                outcome: IntakeOutcome = process_mail(session, raw, config=CONFIG, now=now)
            with Session(db_engine) as session:
                caused = [session.get(Outbox, i) for i in outcome.outbox_ids]
                answers = [r for r in caused if r is not None and r.in_reply_to is not None]
                urgent = [r for r in caused if r is not None and r.kind == OutboxKind.URGENT]
                assert len(answers) <= 1
                assert len(urgent) <= RULES.urgent_per_mail
                if resent:
                    assert outcome.status == InboundStatus.DUPLICATE and not caused
                elif is_automatic(raw):
                    assert outcome.status == InboundStatus.IGNORED_AUTOMATIC and not caused
                check_budget(session, received)

    run()
