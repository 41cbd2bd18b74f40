"""Safety end to end: safe against strangers and careless mail, over ``pbem serve``,
Dovecot and SMTP, one test per kind of abuse, each asserting its bound.

Every attack travels the way an attacker's mail would: through the stack's SMTP relay (or
LMTP for bulk) into the server's mailbox; every answer is counted in the mailbox it went
to. Nothing waits for a time: a test waits until the server has committed the mails it
cares about (their inbound rows exist) and has sent everything that caused (no pending
outbox row), then counts.

Most tests share one server (its own game and fresh mail users each, so that no rate limit
of one test touches another); the tests that measure the server's memory start their own,
so that no earlier test's peak is counted. Figures are printed (``pytest -s`` shows them).
"""

from __future__ import annotations

import base64
import email
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from email.message import EmailMessage
from email.policy import default as default_policy
from email.utils import format_datetime, make_msgid
from pathlib import Path

import pytest
from sqlmodel import Session, col, select

from config.limits import LimitSettings
from db import models, repo
from db.session import transaction
from mailserver.common.kinds import game_kind
from mailserver.inbound.router import MASK
from tests.dbfixtures import temporary_database
from tests.e2e.conftest import DEADLINE, OwnGame
from tests.e2e.game_helpers import GM_PASSWORD, host_game, message_id, stored_id, text_of
from tests.e2e.server import ENTRY_POINT, ROOT, Seat, ServerProcess, create_game, send_smtp
from tests.factories import flat, make_game, order_mail
from tests.mailstack import MailStack, MailUser

pytestmark = pytest.mark.timeout(240)

LIMITS = LimitSettings()
"""The default limits: the server runs with them."""
URGENT = game_kind("ashes").messages
"""The message rules of an Ashes game (urgent dispatches per mail and turn)."""
MEMORY_LIMIT_MB = 320
"""The server's and its workers' peaks together. What it guards against is the mails kept
whole (thirty 10 MB mails held would add 300 MB); the rest is the processes' own: since
the server loads the engines of the kinds in play at start and checks passwords with
Argon2id (19 MiB a check), that is about 300 MB (300.4 once in CI), so the bound is 320."""
WAIT_LIMIT_S = 15.0


# ------------------------------------------------------------------------------ helpers


def figure(text: str) -> None:
    """A measured figure, for the report (visible with ``pytest -s``)."""
    print(f"\n[safety figure] {text}")


def raw_mail(
    from_header: str,
    to: str,
    body: str,
    *,
    subject: str = "Befehle",
    headers: Sequence[str] = (),
    message_id: str | None = None,
) -> bytes:
    """A plain-text mail, byte for byte as written here (UTF-8, 8bit, CRLF): the header
    lines are not re-encoded or re-folded, so a hostile From goes out as it stands."""
    head = [
        f"From: {from_header}",
        f"To: {to}",
        f"Subject: {subject}",
        f"Message-ID: {message_id or make_msgid(domain='safety.example')}",
        f"Date: {format_datetime(datetime.now(UTC))}",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: 8bit",
        *headers,
    ]
    text = body.replace("\r\n", "\n").replace("\n", "\r\n")
    return ("\r\n".join(head) + "\r\n\r\n" + text).encode("utf-8")


def orders(player: Seat, server: ServerProcess, game: int, text: str, **kwargs: str) -> bytes:
    """An order mail of ``player`` for ``game``: his header line, then ``text``."""
    return raw_mail(player.address, server.address, f"{player.header(game)}\n{text}", **kwargs)


def outbox_drained(session: Session) -> bool:
    """No outbox row is waiting to be sent."""
    return (
        session.exec(
            select(models.Outbox.id).where(models.Outbox.status == models.OutboxStatus.PENDING)
        ).first()
        is None
    )


def wait_handled(
    server: ServerProcess, raws: Sequence[bytes], timeout: float = 60.0
) -> list[models.InboundMail]:
    """Wait until every one of ``raws`` is committed (with all it caused) and the outbox
    has sent everything; the inbound rows, in the order of ``raws``."""
    wanted = [stored_id(raw) for raw in raws]

    def committed(session: Session) -> list[models.InboundMail] | None:
        rows = session.exec(
            select(models.InboundMail).where(col(models.InboundMail.message_id).in_(wanted))
        ).all()
        by_id = {row.message_id: row for row in rows}
        return [by_id[w] for w in wanted] if all(w in by_id for w in wanted) else None

    rows = server.wait_for_db(committed, timeout=timeout, what=f"{len(wanted)} mails committed")
    server.wait_for_db(outbox_drained, timeout=timeout, what="outbox drained")
    return rows


def inbox(stack: MailStack, user: MailUser | Seat) -> list[EmailMessage]:
    """Everything in the user's INBOX, oldest first."""
    if isinstance(user, Seat):
        user = user.user
    return stack.fetch_all(user.address, user.password)


def body(message: EmailMessage) -> str:
    """The text of a plain-text mail."""
    return text_of(message)


def answers_to(mails: Sequence[EmailMessage], raw: bytes) -> list[EmailMessage]:
    """The mails among ``mails`` that answer ``raw``."""
    return [m for m in mails if m["In-Reply-To"] == message_id(raw)]


def memory_mb(pid: int) -> tuple[float, float]:
    """(resident now, peak resident) of a process in MB, from /proc/<pid>/status."""
    values: dict[str, float] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(value.split()[0]) / 1024
    return values["VmRSS"], values["VmHWM"]


def pbem(server: ServerProcess, *args: str) -> subprocess.CompletedProcess[str]:
    """``pbem ARGS --config <the server's settings>`` in a child process (the GM at the
    server's shell)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env["COLUMNS"] = "200"  # rich wraps at the terminal width otherwise
    return subprocess.run(
        [sys.executable, "-c", ENTRY_POINT, *args, "--config", str(server.config_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def junk_lines(size: int, seed: int = 14) -> str:
    """About ``size`` bytes of lines of random words: nothing a parser can use."""
    rng = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyzäöüß0123456789/=.-"
    lines: list[str] = []
    total = 0
    while total < size:
        words = [
            "".join(rng.choice(letters) for _ in range(rng.randint(2, 9)))
            for _ in range(rng.randint(3, 7))
        ]
        line = " ".join(words)
        lines.append(line)
        total += len(line.encode()) + 2
    return "\n".join(lines) + "\n"


def hours_spanned(start: float, end: float) -> int:
    """How many clock hours the span touches: the server's once-an-hour notices are
    counted per clock hour, so a test that crosses one may see two."""
    return int(end // 3600) - int(start // 3600) + 1


def seat_player(server: ServerProcess, number: int, seat: int) -> models.Player:
    """The current occupant of a seat, from the database."""

    def read(session: Session) -> models.Player:
        game = repo.get_game_by_number(session, number)
        assert game is not None
        return next(p for p in repo.current_players(session, game.id or 0) if p.seat == seat)

    return server.query(read)


@pytest.fixture(scope="module")
def shared(
    mailstack: MailStack, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """One running server (SQLite, default limits) for the tests that measure no memory."""
    workdir = tmp_path_factory.mktemp("safety-shared")
    with temporary_database("sqlite", workdir) as url:
        server = ServerProcess(mailstack, url, workdir)
        try:
            server.start()
            yield server
        finally:
            server.close()


NewGame = Callable[..., OwnGame]
"""``new_game(number, seats=(2, 3, 5))``: a game of the test's own on the shared server."""


@pytest.fixture
def new_game(shared: ServerProcess, mailstack: MailStack) -> NewGame:
    """A game of its own on the shared server (:class:`OwnGame`), made on demand."""

    def make(number: int, seats: Sequence[int] = (2, 3, 5)) -> OwnGame:
        gm_user = mailstack.new_user(f"gm{number}-")
        players = create_game(shared, seats, number=number, gm=gm_user, next_deadline=DEADLINE)
        return OwnGame(shared, players, gm_user)

    return make


# ------------------------------------------- item 1: a stranger's junk holds nobody back


def test_junk_and_a_million_lines_do_not_hold_back_another_players_orders(
    started: OwnGame, mailstack: MailStack
) -> None:
    server, alice, bob = started.server, started.alice, started.players[3]
    stranger = mailstack.new_user("stranger")
    junk = raw_mail(stranger.address, server.address, junk_lines(900_000), subject="hallo")
    million = orders(alice, server, 227, "HP\n" * 1_000_000)
    bobs = orders(bob, server, 227, "HP=3")
    assert 850_000 < len(junk) < 1_000_000 and million.count(b"\n") > 1_000_000
    assert len(million) < LIMITS.max_mail_bytes  # read by intake, not refused for its size

    send_smtp(mailstack, [junk], to=server.address, sender=stranger.address)
    server.send(million)
    start = time.monotonic()
    server.send(bobs)
    bob_mails = mailstack.wait_for(
        bob.address,
        bob.user.password,
        lambda ms: any(m.message["In-Reply-To"] == message_id(bobs) for m in ms),
        timeout=120,
    )
    waited = time.monotonic() - start
    rows = wait_handled(server, [junk, million, bobs])
    rss, peak = memory_mb(server.pid)
    figure(f"junk 0.9 MB + 1,000,000-line mail: the other player waited {waited:.1f} s")
    figure(f"server resident after them: {rss:.0f} MB, peak {peak:.0f} MB")

    assert waited < WAIT_LIMIT_S
    assert peak < MEMORY_LIMIT_MB
    assert [r.status for r in rows] == [
        models.InboundStatus.UNKNOWN_SENDER,
        models.InboundStatus.REJECTED,
        models.InboundStatus.PROCESSED,
    ]
    assert rows[1].reason == "too long"
    assert max(len(r.raw) for r in rows) < 2 * LIMITS.max_text_chars + 70_000
    (ack,) = [m.message for m in bob_mails if m.message["In-Reply-To"] == message_id(bobs)]
    assert str(ack["Subject"]).startswith("Befehle erhalten – Partie 227")
    # One short answer each: an explanation to the stranger, a refusal to the player.
    (explanation,) = inbox(mailstack, stranger)
    (refusal,) = inbox(mailstack, alice)
    assert refusal["In-Reply-To"] == message_id(million)
    assert "NICHT gelesen" in body(refusal) and len(body(refusal)) < 2_000
    assert len(body(explanation)) < 5_000
    assert server.errors_logged() == []


def test_a_strangers_subject_of_encoded_words_holds_back_nobody(
    started: OwnGame, mailstack: MailStack
) -> None:
    """Found with the hostile corpus: decoding a Subject of many RFC 2047
    encoded words costs memory far beyond its size, and intake decodes it before it knows
    the sender. 300 kB here; the bound is the one of the junk above."""
    server, bob = started.server, started.players[3]
    stranger = mailstack.new_user("wordbomb")
    words = "\r\n ".join(
        "=?utf-8?b?" + base64.b64encode(f"Wort{n} ".encode()).decode() + "?=" for n in range(12_000)
    )
    bomb = raw_mail(stranger.address, server.address, "Hallo\n", subject=words)
    bobs = orders(bob, server, 227, "HP=3")
    assert 250_000 < len(bomb) < LIMITS.max_mail_bytes

    send_smtp(mailstack, [bomb], to=server.address, sender=stranger.address)
    start = time.monotonic()
    server.send(bobs)
    mailstack.wait_for(
        bob.address,
        bob.user.password,
        lambda ms: any(m.message["In-Reply-To"] == message_id(bobs) for m in ms),
        timeout=120,
    )
    waited = time.monotonic() - start
    rows = wait_handled(server, [bomb, bobs])
    rss, peak = memory_mb(server.pid)
    figure(
        f"300 kB Subject of encoded words: the other player waited {waited:.1f} s; "
        f"server resident {rss:.0f} MB, peak {peak:.0f} MB"
    )

    assert [r.status for r in rows] == [
        models.InboundStatus.UNKNOWN_SENDER,
        models.InboundStatus.PROCESSED,
    ]
    assert len(inbox(mailstack, stranger)) == 1
    assert waited < WAIT_LIMIT_S
    assert peak < MEMORY_LIMIT_MB


# ------------------------------------------------ item 2: a display name poses as a player


def test_a_display_name_cannot_pose_as_the_player(new_game: NewGame, mailstack: MailStack) -> None:
    game = new_game(402)
    server, players = game.server, game.players
    attacker = mailstack.new_user("poser")
    posing = {
        2: f"=?utf-8?q?x:<{players[2].address}>;?= <{attacker.address}>",
        3: f"<{players[3].address}> <{attacker.address}>",
    }
    # The attacker knows the passwords (he read them over a shoulder): the mails are
    # accepted, but answered to him, and the players are warned.
    sent = {
        seat: raw_mail(from_header, server.address, f"{players[seat].header(402)}\nHP=4")
        for seat, from_header in posing.items()
    }
    for raw in sent.values():
        send_smtp(mailstack, [raw], to=server.address, sender=attacker.address)
    rows = wait_handled(server, list(sent.values()))

    assert [r.sender for r in rows] == [attacker.address.lower()] * 2
    to_attacker = inbox(mailstack, attacker)
    assert sorted(m["In-Reply-To"] for m in to_attacker) == sorted(map(message_id, sent.values()))
    for seat, raw in sent.items():
        (warning,) = inbox(mailstack, players[seat])  # no acknowledgement, one warning
        assert warning["In-Reply-To"] is None
        assert warning["Subject"] == "Hinweis: Mail für Ihre Position in Partie 402"
        assert attacker.address in body(warning) and "richtigen Kennwort" in body(warning)
        (answer,) = answers_to(to_attacker, raw)
        assert str(answer["To"]) == attacker.address


# -------------------------------------------------------- item 3: password guessing


def test_password_guessing_is_locked_out_and_answered_at_most_once_per_guess(
    new_game: NewGame, mailstack: MailStack
) -> None:
    game = new_game(403)
    server, alice, gm_user = game.server, game.alice, game.gm
    attacker = mailstack.new_user("guesser")
    guesses = [
        raw_mail(attacker.address, server.address, f"Partie 403 Spieler 2 Kennwort rate{n}\nHP=1")
        for n in range(30)
    ]
    began = time.time()
    start = time.monotonic()
    send_smtp(mailstack, guesses, to=server.address, sender=attacker.address)
    rows = wait_handled(server, guesses)
    figure(f"30 password guesses handled in {time.monotonic() - start:.1f} s")
    # The right password during the lockout: from the attacker, and from the owner.
    # (Once both were refused unread: the lock was the seat's, not the
    # strangers', so an attacker could cost the owner his turn.)
    right = [
        raw_mail(attacker.address, server.address, f"{alice.header(403)}\nHP=2"),
        orders(alice, server, 403, "HP=2"),
    ]
    send_smtp(mailstack, right[:1], to=server.address, sender=attacker.address)
    server.send(right[1])
    locked = wait_handled(server, right)
    spanned = hours_spanned(began, time.time())

    reasons = [r.reason for r in rows]
    tries = LIMITS.password_tries
    assert reasons[:tries] == ["wrong or missing password"] * tries
    assert set(reasons[tries:]) == {"locked: too many wrong passwords"}
    to_attacker = inbox(mailstack, attacker)
    figure(
        f"password guessing: {len(to_attacker)} answers to 30 guesses "
        f"(+1 right password while locked)"
    )
    # At most one answer per guess; in all the refusals before the lock plus one "locked".
    replied = [m["In-Reply-To"] for m in to_attacker]
    assert len(replied) == len(set(replied))
    assert set(replied) <= {message_id(g) for g in guesses}
    assert tries + 1 <= len(to_attacker) <= tries + spanned
    assert "zu viele falsche Kennwörter" in flat(body(to_attacker[-1]))
    to_gm = inbox(mailstack, gm_user)
    assert 1 <= len(to_gm) <= spanned
    assert "falsche Kennwörter" in body(to_gm[0]) and attacker.address in body(to_gm[0])
    # The lockout is the strangers': the attacker's right password was not
    # even checked, the owner's mail from her registered address was taken and answered.
    assert locked[0].reason == "locked: too many wrong passwords"
    assert locked[1].status == models.InboundStatus.PROCESSED, locked[1].reason
    to_alice = inbox(mailstack, alice)
    assert 2 <= len(to_alice) <= spanned + 1  # one summary warning, her acknowledgement
    assert [m["In-Reply-To"] for m in to_alice if m["In-Reply-To"]] == [message_id(right[1])]
    game_id = locked[0].game_id or 0
    stored = server.query(lambda s: repo.latest_submission(s, game_id, 2, 1))
    assert stored is not None and stored.inbound_mail_id == locked[1].id


# ---------------------------------------- item 4: a weak GM password, a seat taken away


def test_a_weak_gm_password_is_refused_and_a_replaced_player_is_told(
    shared: ServerProcess, mailstack: MailStack
) -> None:
    server = shared
    for weak in ("7", " ", "1234567890", "kurz"):
        done = pbem(
            server,
            "gm", "create", "--kind", "ashes", "--number", "404", "--gm", "gm404@test.example",
            "--gm-password", weak, "--player", "1=a404@test.example", "--player",
            "2=b404@test.example",
        )  # fmt: skip
        assert done.returncode == 1, done.stdout + done.stderr
        assert "zu schwach" in done.stdout + done.stderr
    assert server.query(lambda s: repo.get_game_by_number(s, 404)) is None

    hosted = host_game(server, number=405, seats=3)
    old = hosted.users[3]
    hosted.read_password(3)
    newcomer = mailstack.new_user("newcomer")
    command = raw_mail(
        hosted.gm.address,
        server.address,
        f"Partie 405 Spielleiter Kennwort {GM_PASSWORD}\n"
        f"Ersatz Spieler 3 durch {newcomer.address}\n",
    )
    server.send(command)
    wait_handled(server, [command])

    told = [m for m in inbox(mailstack, old) if m["Subject"] == "Partie 405: Ihre Position"]
    assert len(told) == 1
    text = body(told[0])
    assert "neuen Spieler" in text and hosted.gm.address in text  # by whom
    assert str(datetime.now(UTC).year) in text  # and when
    printout = [m for m in inbox(mailstack, newcomer) if "Auswertung" in str(m["Subject"])]
    assert len(printout) == 1
    assert seat_player(server, 405, 3).address == newcomer.address.lower()


def test_gm_password_guessing_is_locked_out_and_gives_no_seat_away(
    shared: ServerProcess, mailstack: MailStack
) -> None:
    server = shared
    hosted = host_game(server, number=406, seats=3)
    hosted.read_password(3)
    before = len(inbox(mailstack, hosted.gm))
    attacker = mailstack.new_user("gmguesser")
    guesses = [
        raw_mail(
            attacker.address,
            server.address,
            f"Partie 406 Spielleiter Kennwort rate-{n}-xyz\n"
            f"Ersatz Spieler 3 durch {attacker.address}\n",
        )
        for n in range(30)
    ]
    began = time.time()
    send_smtp(mailstack, guesses, to=server.address, sender=attacker.address)
    rows = wait_handled(server, guesses)
    right = raw_mail(
        attacker.address,
        server.address,
        f"Partie 406 Spielleiter Kennwort {GM_PASSWORD}\n"
        f"Ersatz Spieler 3 durch {attacker.address}\n",
    )
    send_smtp(mailstack, [right], to=server.address, sender=attacker.address)
    (locked,) = wait_handled(server, [right])
    spanned = hours_spanned(began, time.time())

    tries = LIMITS.password_tries
    assert [r.reason for r in rows][:tries] == ["wrong or missing password"] * tries
    assert locked.reason == "locked: too many wrong passwords"
    assert seat_player(server, 406, 3).address == hosted.users[3].address.lower()
    to_attacker = inbox(mailstack, attacker)
    assert not any("Auswertung" in str(m["Subject"]) for m in to_attacker)
    assert tries + 1 <= len(to_attacker) <= tries + spanned
    to_gm = inbox(mailstack, hosted.gm)[before:]
    figure(f"GM password guessing: {len(to_attacker)} answers, {len(to_gm)} mails to the GM")
    # The GM is the owner here: like a seat's owner, one warning an hour, and the notice
    # of the lock once.
    assert len(to_gm) <= 2 * spanned, [m["Subject"] for m in to_gm]


# ------------------------------------------------------------- item 5: a mail bomb


def test_a_mail_with_2000_urgent_dispatches_delivers_at_most_the_limit(
    new_game: NewGame, mailstack: MailStack
) -> None:
    game = new_game(407)
    server, alice, bob = game.server, game.alice, game.players[3]
    bomb = orders(
        alice, server, 407, "".join(f"Eildepesche an 3: Bombe {n}\n" for n in range(2000))
    )
    # Under the line limit, so that the per-mail limit itself is what holds.
    under = orders(
        alice, server, 407, "".join(f"Eildepesche an 3: Splitter {n}\n" for n in range(900))
    )
    figure(f"mail bomb: {len(bomb) // 1000} kB with 2,000 dispatches")
    server.send(bomb)
    server.send(under)
    rows = wait_handled(server, [bomb, under])

    to_bob = inbox(mailstack, bob)
    figure(f"mail bomb: {len(to_bob)} mails reached the addressee from 2,900 dispatches")
    assert len(to_bob) <= URGENT.urgent_per_mail
    assert len(to_bob) == URGENT.urgent_per_mail  # the second mail's first three
    assert all(str(m["Subject"]).startswith("Eildepesche von Herrscher 2") for m in to_bob)
    assert rows[0].reason == "too long"
    to_alice = inbox(mailstack, alice)
    assert [m["In-Reply-To"] for m in to_alice] == [message_id(bomb), message_id(under)]
    urgent = server.query(
        lambda s: s.exec(
            select(models.GameMessage).where(models.GameMessage.kind == models.MessageKind.URGENT)
        ).all()
    )
    assert len([m for m in urgent if m.game_id == rows[1].game_id]) == URGENT.urgent_per_mail


def test_the_acknowledgement_of_many_dispatches_stays_short(
    new_game: NewGame, mailstack: MailStack
) -> None:
    """The echo lists at most 100 orders and counts the rest; the lines about messages
    (forwarded or not) should be bounded the same way."""
    game = new_game(408)
    server, alice = game.server, game.alice
    sizes = {}
    for count in (100, 900):
        raw = orders(
            alice, server, 408, "".join(f"Eildepesche an 3: Nr {n}\n" for n in range(count))
        )
        server.send(raw)
        wait_handled(server, [raw])
        (ack,) = answers_to(inbox(mailstack, alice), raw)
        sizes[count] = len(body(ack).encode())
    figure(f"acknowledgement of 100 / 900 dispatches: {sizes[100]} / {sizes[900]} bytes")
    assert sizes[900] < 2 * sizes[100]


def test_a_mail_with_many_messages_to_the_gm_delivers_a_few_at_most(
    new_game: NewGame, mailstack: MailStack
) -> None:
    """A message to the GM goes out at once like an urgent dispatch: one mail should not
    turn into hundreds in the GM's mailbox."""
    game = new_game(409)
    server, alice, gm_user = game.server, game.alice, game.gm
    raw = orders(
        alice, server, 409, "".join(f"An den Spielleiter: Hallo {n}\n" for n in range(200))
    )
    server.send(raw)
    wait_handled(server, [raw])
    to_gm = inbox(mailstack, gm_user)
    figure(f"one mail with 200 messages to the GM: {len(to_gm)} mails to the GM")
    assert len(to_gm) <= URGENT.urgent_per_mail


# ---------------------------------------------------- item 6: a vacation responder loop


@pytest.mark.parametrize("quoting", [False, True], ids=["same-text", "quoting"])
def test_a_vacation_responder_from_the_players_address_gets_one_answer(
    new_game: NewGame,
    mailstack: MailStack,
    quoting: bool,
) -> None:
    number = 411 if quoting else 410
    game = new_game(number)
    server, alice = game.server, game.alice
    first = orders(alice, server, number, "HP=2")
    server.send(first)
    wait_handled(server, [first])

    # The responder answers every mail in Alice's mailbox from her address, without
    # Auto-Submitted, until nothing new comes (at most 25 rounds or 30 s).
    answered: set[str] = set()
    sent: list[bytes] = []
    rounds = 0
    start = time.monotonic()
    while rounds < 25 and time.monotonic() - start < 30:
        new = [m for m in inbox(mailstack, alice) if str(m["Message-ID"]) not in answered]
        if not new:
            break
        rounds += 1
        batch = []
        for mail in new:
            answered.add(str(mail["Message-ID"]))
            text = "Ich bin bis Montag im Urlaub und lese keine Mail.\nAnna\n"
            if quoting:
                text += "\n" + "".join(f"> {line}\n" for line in body(mail).splitlines())
            batch.append(
                raw_mail(
                    alice.address,
                    server.address,
                    text,
                    subject=f"Re: {mail['Subject']}",
                    headers=[f"In-Reply-To: {mail['Message-ID']}"],
                )
            )
        send_smtp(mailstack, batch, to=server.address)
        sent += batch
        wait_handled(server, batch)

    to_alice = inbox(mailstack, alice)
    answers = [m for m in to_alice if m["In-Reply-To"] in {message_id(r) for r in sent}]
    figure(
        f"vacation responder ({'quoting' if quoting else 'same text'}): {rounds} rounds, "
        f"{len(answers)} answers to {len(sent)} responder mails"
    )
    assert rounds <= 2
    assert len(answers) == 1


# ------------------------------- item 7: a 6 MB order mail, a permanent SMTP refusal


def test_a_6_mb_order_mail_gets_one_small_answer(new_game: NewGame, mailstack: MailStack) -> None:
    game = new_game(412)
    server, alice = game.server, game.alice
    big = orders(alice, server, 412, "2/15/1/21\n" * 550_000)
    assert 6_000_000 < len(big) < 7_000_000
    server.send(big)
    (row,) = wait_handled(server, [big])

    (answer,) = inbox(mailstack, alice)
    size = len(answer.as_bytes())
    figure(f"6 MB order mail: one answer of {size} bytes")
    assert answer["In-Reply-To"] == message_id(big)
    assert size < 10_000
    assert "NICHT gelesen" in body(answer)
    assert row.status == models.InboundStatus.REJECTED and (row.reason or "").startswith("too big")
    assert len(row.raw) < 10_000


def test_a_permanent_smtp_refusal_reaches_the_gm_and_the_status(
    shared: ServerProcess, mailstack: MailStack
) -> None:
    server = shared
    alice = Seat(2, mailstack.new_user("p2-"), "kennwort2")
    gm_user = mailstack.new_user("gm413-")
    gone = "gone-413@test.example"  # no mailbox: the relay answers 550 at RCPT
    with transaction(server.engine) as session:
        make_game(
            session,
            413,
            [(2, alice.address, alice.password), (5, gone, "kennwort5")],
            gm_address=gm_user.address,
            next_deadline=DEADLINE,
        )
    raw = orders(alice, server, 413, "Eildepesche an 5: Hallo, lebst du noch?\n")
    server.send(raw)
    wait_handled(server, [raw])

    refused = server.wait_for_db(
        lambda s: s.exec(select(models.Outbox).where(models.Outbox.to_address == gone)).first(),
        what="the dispatch to the gone address",
    )
    assert refused.status == models.OutboxStatus.FAILED and refused.attempts == 1
    assert "550" in (refused.last_error or "")
    (notice,) = inbox(mailstack, gm_user)
    assert notice["Subject"] == "Partie 413: eine Mail wurde abgewiesen"
    assert gone in body(notice) and "550" in body(notice)
    assert seat_player(server, 413, 5).bounced_at is not None
    status = pbem(server, "gm", "status", "413")
    assert status.returncode == 0, status.stderr
    (line,) = [ln for ln in status.stdout.splitlines() if gone in ln]
    assert "abgewiesen" in line
    assert len(inbox(mailstack, alice)) == 1  # the acknowledgement, nothing more


# ---------------------------------------------------- item 8: thirty 10 MB mails


def worker_pids(server: ServerProcess) -> list[int]:
    """The pids of the server's worker processes, from its log."""
    [ready] = server.wait_for_log("worker processes", timeout=60)
    found = re.search(r"\(pids ([0-9, ]+)\)", str(ready["message"]))
    return [int(pid) for pid in found.group(1).split(", ")] if found else []


def _with_map(sender: str, to: str, text: str, size: int, seed: int) -> bytes:
    """Orders (or a greeting) with ``size`` random bytes attached as a file."""
    data = random.Random(seed).randbytes(size)
    return order_mail(
        sender, text, to=to, subject="Befehle mit Karte", attachment=data, filename="k.bin"
    )


def test_thirty_10_mb_mails_keep_the_database_and_the_server_small(
    started: OwnGame, mailstack: MailStack
) -> None:
    server, alice = started.server, started.alice
    stranger = mailstack.new_user("bigsender")
    mails = [
        _with_map(
            alice.address if n % 2 else stranger.address,
            server.address,
            f"{alice.header(227)}\nHP={n}\n" if n % 2 else "Hallo, hier die Karte.",
            10_000_000,
            n,
        )
        for n in range(30)
    ]
    # Two under the size limit: read, but their attachments are not kept.
    mails += [
        _with_map(alice.address, server.address, f"{alice.header(227)}\nHP={n}\n", 3_500_000, n)
        for n in (40, 41)
    ]
    start = time.monotonic()
    server.deliver_bulk(mails)
    rows = wait_handled(server, mails, timeout=180)
    took = time.monotonic() - start
    rss, peak = memory_mb(server.pid)
    # The server's worker processes (mailserver.app.workers) count with it.
    workers = [memory_mb(pid)[1] for pid in worker_pids(server)]
    peak += sum(workers)
    db_file = Path(server.database_url.removeprefix("sqlite:///"))
    db_mb = db_file.stat().st_size / 1e6
    kept = [len(r.raw) for r in rows]
    figure(
        f"thirty 10 MB mails (+2 of 4.7 MB): handled in {took:.0f} s, largest stored copy "
        f"{max(kept)} bytes, database {db_mb:.1f} MB, server resident {rss:.0f} MB, "
        f"peak {peak:.0f} MB with its {len(workers)} workers' peaks of "
        f"{', '.join(f'{w:.0f}' for w in workers)} MB"
    )

    assert max(kept) < 10_000  # headers and the order text, never an attachment
    assert db_mb < 5  # thirty 10 MB mails once made a 415 MB database
    assert [r.status for r in rows[30:]] == [models.InboundStatus.PROCESSED] * 2
    # Alice's: over the size limit, read up to it: her orders stored, the photo left.
    assert [r.status for r in rows[1:30:2]] == [models.InboundStatus.PROCESSED] * 15
    # The stranger's: the first answered as a stranger's, the same text again once only.
    assert rows[0].status == models.InboundStatus.UNKNOWN_SENDER
    assert {r.status for r in rows[2:30:2]} <= {
        models.InboundStatus.UNKNOWN_SENDER,
        models.InboundStatus.DUPLICATE,
    }
    answers = inbox(mailstack, alice)
    replied = [m["In-Reply-To"] for m in answers]
    assert len(replied) == len(set(replied)) <= LIMITS.answers_per_hour
    assert any("k.bin" in body(m) for m in answers), body(answers[0])  # named, and read
    assert server.errors_logged() == []
    assert peak < MEMORY_LIMIT_MB


# ------------------------------------------- items 8 and 9: passwords kept in clear


def _stored_texts(server: ServerProcess, row_ids: Sequence[int]) -> list[str]:
    """What the database keeps of these inbound mails and of their submissions: the raw
    copy (bytes and its decoded Subject and text), the subject column, the order text."""

    def read(session: Session) -> list[str]:
        texts: list[str] = []
        for row_id in row_ids:
            row = session.get(models.InboundMail, row_id)
            assert row is not None
            stored = email.message_from_bytes(row.raw, policy=default_policy)
            assert isinstance(stored, EmailMessage)
            texts += [
                row.raw.decode("utf-8", "replace"),
                str(stored["Subject"]),
                text_of(stored),
                row.subject or "",
            ]
            subs = session.exec(
                select(models.Submission).where(models.Submission.inbound_mail_id == row_id)
            )
            texts += [s.raw_text for s in subs]
        return texts

    return server.query(read)


def test_passwords_are_not_kept_in_clear_nor_echoed(
    shared: ServerProcess, mailstack: MailStack
) -> None:
    server = shared
    hosted = host_game(server, number=414, seats=2)
    password = hosted.read_password(1)
    hosted.read_password(2)
    server.wait_for_db(outbox_drained, what="turn-0 printouts sent")
    printouts = server.query(
        lambda s: s.exec(
            select(models.Outbox).where(
                models.Outbox.game_id == hosted.game_id,
                models.Outbox.kind == models.OutboxKind.PRINTOUT,
            )
        ).all()
    )
    assert len(printouts) == 2
    for printout in printouts:
        assert printout.status == models.OutboxStatus.SENT and printout.secret is None
        assert models.PASSWORD_PLACEHOLDER in printout.body  # put in only when sending
        assert password not in printout.body

    user = hosted.users[1]
    # A malformed header line (an unknown turn) that holds the password, and the password
    # in the subject too.
    raw = raw_mail(
        user.address,
        server.address,
        f"Partie 414 Spieler 1 Kennwort {password} Runde x1\nHP=1\n",
        subject=f"Partie 414 Spieler 1 Kennwort {password}",
    )
    server.send(raw)
    (row,) = wait_handled(server, [raw])

    assert row.status == models.InboundStatus.PROCESSED
    texts = _stored_texts(server, [row.id or 0])
    assert len(texts) == 5  # the raw copy, its subject and text, the subject column, orders
    for text in texts:
        assert password not in text
    assert MASK in texts[3]
    (ack,) = answers_to(inbox(mailstack, user), raw)
    echoed = body(ack)
    # The header line is quoted (as a line not read, or as an error when the password
    # starts with a digit and the line reads like an order) with the password masked.
    assert f"Partie 414 Spieler 1 Kennwort {MASK} Runde x1" in echoed
    assert password not in echoed and password not in str(ack["Subject"])
    assert password not in ack.as_string()


def test_a_password_in_an_encoded_subject_is_not_kept_in_clear(new_game: NewGame) -> None:
    """Thunderbird and Outlook send a subject with an umlaut as one encoded word."""
    game = new_game(415)
    server, alice = game.server, game.alice
    subject = "=?UTF-8?Q?Befehle_f=C3=BCr_Partie_415_Spieler_2_Kennwort_" + alice.password + "?="
    raw = raw_mail(alice.address, server.address, "HP=1\n", subject=subject)
    server.send(raw)
    (row,) = wait_handled(server, [raw])

    assert row.status == models.InboundStatus.PROCESSED  # the subject's header line was read
    for text in _stored_texts(server, [row.id or 0]):
        assert alice.password not in text, text[:300]


# --------------------------------------------------------------------- item 10: names


def test_names_that_hide_or_pose_as_the_gm_are_refused(
    new_game: NewGame, mailstack: MailStack
) -> None:
    game = new_game(416)
    server, alice = game.server, game.alice
    raw = orders(
        alice,
        server,
        416,
        "Herrscher = \u202eSpielleiter\n"  # right-to-left override
        "Herrscher = \u3164\u3164\u3164\n"  # Hangul fillers: an invisible name
        "Herrscher = Spielleiter\n",
    )
    server.send(raw)
    (row,) = wait_handled(server, [raw])

    (ack,) = answers_to(inbox(mailstack, alice), raw)
    text = body(ack)
    assert text.count("unsichtbare oder Steuerzeichen") == 2
    assert text.count("der Spielleitung vorbehalten") == 1
    submissions = server.query(
        lambda s: s.exec(
            select(models.Submission).where(models.Submission.inbound_mail_id == row.id)
        ).all()
    )
    kinds = [o.get("kind") for sub in submissions for o in sub.orders]
    assert not any("ruler" in str(k) for k in kinds), kinds
    stored = server.query(lambda s: s.get(models.Game, row.game_id))
    assert stored is not None and stored.number == 416
