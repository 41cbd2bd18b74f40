"""A game's life end to end: ``pbem serve`` as a real process, real Dovecot, real SMTP.

The GM creates and starts games in the database; every other step travels by mail:
passwords in the turn-0 printouts, the bots' orders mailed from the players' own
addresses, acknowledgements, reminders, Eildepeschen, printouts and the GM's summaries in
the IMAP mailboxes. Deadlines are moved in the database a second ahead and the server's
scheduler (resync every 0.5 s) runs the turn. "Exactly once" is checked after the outbox
is drained: the relay answers only after LMTP delivered, so nothing is still under way.
"""

from __future__ import annotations

import signal
from pathlib import Path

import pytest
from sqlmodel import select

from db import repo
from db.models import Outbox, OutboxKind, OutboxStatus, Player, PlayerStatus
from mailserver.common.faults import ENV as CRASH_ENV
from mailserver.turns.scheduler import CLAIM_REFUSALS
from tests.e2e.conftest import ServerFactory
from tests.e2e.game_helpers import (
    FAST,
    HostedGame,
    host_game,
    printout_subject,
    summary_subject,
    text_of,
)
from tests.e2e.server import ServerProcess
from tests.mailstack import MailStack, MailUser

pytestmark = pytest.mark.timeout(180)

SECRET = "Der Pakt gilt bis Runde 4."
DISPATCH = "Flieht aus dem Sektor, sofort!"
DROP_NEWS = "hat 2 Runden in Folge keine Befehle abgegeben und scheidet aus."


def flat(text: str) -> str:
    """``text`` with every run of white space as one blank."""
    return " ".join(text.split())


def run_deadline(game: HostedGame, turn: int, seconds: float = 1) -> None:
    """Let the deadline of ``turn`` come ``seconds`` from now and wait for its mail."""
    game.set_deadline(seconds)
    game.wait_turn(turn)


def assert_printouts_once(game: HostedGame, readers: dict[MailUser, tuple[int, list[int]]]) -> None:
    """Each reader (user -> seat, turns) holds exactly one printout of each of those turns
    and no other printout."""
    for user, (seat, turns) in readers.items():
        printouts = {
            subject: count
            for subject, count in game.subjects(user).items()
            if subject.startswith(f"Partie {game.number} Runde ") and "Auswertung" in subject
        }
        assert printouts == {printout_subject(game.number, t, seat): 1 for t in turns}, user


def test_a_game_of_four_over_five_turns_by_mail(
    server_factory: ServerFactory, mailstack: MailStack
) -> None:
    server = server_factory(settings=FAST)
    standby = mailstack.new_user("standby-")
    game = host_game(server, number=301, reminder_hours=[1], standby=standby)
    dropout = game.users[4]
    server.start()

    # Turn 0: each player finds his start position and password in his mailbox.
    for seat in game.users:
        game.read_password(seat)
    assert len(set(game.passwords.values())) == 4

    # Turn 1: seats 1-3 send orders, seat 1 with a secret message and an Eildepesche.
    extra = {1: f"Geheimnachricht an 2: {SECRET}\nEildepesche an 3\n{DISPATCH}\nEnde\n"}
    game.send_orders([1, 2, 3], extra)
    dispatch = game.wait_subject(game.users[3], "Eildepesche von Spieler A – Partie 301")
    assert DISPATCH in text_of(dispatch)
    assert game.users[1].address not in dispatch.as_string()
    assert game.turn() == 0  # it came at once, not with the turn
    # The deadline moves to 30 minutes ahead: the reminder 1 hour before is due now.
    game.set_deadline(30 * 60)
    reminder = game.wait_subject(dropout, "Partie 301: Erinnerung – Befehle für Runde 1")
    assert "(Spieler 4)" in text_of(reminder)
    game.set_reminder_hours([])
    run_deadline(game, 1)
    for seat in (1, 2, 3):
        assert not any("Erinnerung" in s for s in game.subjects(game.users[seat]))
    assert_printouts_once(game, {game.users[s]: (s, [0, 1]) for s in game.users})
    secret_holder = game.printout(game.users[2], 1, 2)
    assert "Geheimnachrichten" in secret_holder and SECRET in secret_holder
    for seat in (1, 3, 4):
        assert SECRET not in game.printout(game.users[seat], 1, seat)
    assert "keine Befehle vor" in flat(game.printout(dropout, 1, 4))  # the NMR warning
    summary = text_of(game.wait_subject(game.gm, summary_subject(301, 1)))
    assert "Befehle von Spieler: 1, 2, 3" in summary and "Ohne Befehle (NMR): 4" in summary

    # Turn 2: seat 4 misses again, is dropped and announced; the stand-by takes over.
    game.send_orders([1, 2, 3])
    run_deadline(game, 2)
    assert "scheiden damit aus Partie 301 aus" in flat(game.printout(dropout, 2, 4))
    for seat in (1, 2, 3):
        text = game.printout(game.users[seat], 2, seat)
        assert f"Spieler 4 (Spieler D) {DROP_NEWS}" in flat(text)  # the Media wraps lines
        assert SECRET not in text
    game.users[4] = standby
    game.read_password(4, turn=2)
    takeover = game.printout(standby, 2, 4)
    assert "Sie übernehmen Position 4 in Partie 301" in takeover and DROP_NEWS in flat(takeover)
    summary = text_of(game.wait_subject(game.gm, summary_subject(301, 2)))
    assert "Ausgeschieden nach 2 NMR: 4" in summary
    assert f"Stand-by übernimmt Position 4: {standby.address}" in summary

    # Turns 3-5: everyone sends orders, the stand-by's count.
    for turn in (3, 4, 5):
        game.send_orders([1, 2, 3, 4])
        run_deadline(game, turn)
        summary = text_of(game.wait_subject(game.gm, summary_subject(301, turn)))
        assert "Befehle von Spieler: 1, 2, 3, 4" in summary
        assert "keine Befehle vor" not in flat(game.printout(standby, turn, 4))

    newcomer = server.query(
        lambda s: s.exec(select(Player).where(Player.address == standby.address)).one()
    )
    assert newcomer.seat == 4 and newcomer.status == PlayerStatus.ACTIVE
    assert newcomer.nmr_count == 0 and newcomer.joined_turn == 3
    counted = server.query(lambda s: repo.latest_submission(s, game.game_id, 4, 3))
    assert counted is not None and counted.player_id == newcomer.id
    assert game.snapshot_counts() == {t: 1 for t in range(6)}
    readers = {game.users[s]: (s, list(range(6))) for s in (1, 2, 3)}
    readers[dropout] = (4, [0, 1, 2])
    readers[standby] = (4, [2, 3, 4, 5])
    assert_printouts_once(game, readers)
    assert game.subjects(game.gm) == {summary_subject(301, t): 1 for t in range(1, 6)}
    reminders = [s for s in game.subjects(dropout) if "Erinnerung" in s]
    assert reminders == ["Partie 301: Erinnerung – Befehle für Runde 1"]
    assert server.errors_logged() == []
    assert server.terminate() == 0


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
@pytest.mark.parametrize("point", ["turn-before-commit", "turn-after-commit"])
def test_sigkill_in_a_turn_run_then_the_turn_runs_once_and_each_printout_arrives_once(
    server_factory: ServerFactory, point: str, backend: str
) -> None:
    server = server_factory(backend=backend, settings=FAST)
    game = host_game(server, number=302, seats=3)
    server.start(env={CRASH_ENV: point})
    for seat in game.users:
        game.read_password(seat)
    game.send_orders(game.users)

    game.set_deadline(1)
    assert server.wait_exit(30) == -signal.SIGKILL
    counts = game.snapshot_counts()
    printouts = server.query(
        lambda s: s.exec(
            select(Outbox).where(Outbox.kind == OutboxKind.PRINTOUT, Outbox.turn == 1)
        ).all()
    )
    if point == "turn-before-commit":
        assert counts == {0: 1} and printouts == []
    else:  # committed with its printouts, none of them sent
        assert counts == {0: 1, 1: 1}
        assert [p.status for p in printouts] == [OutboxStatus.PENDING] * 3

    server.start()  # without the crash point: a missed deadline fires at start
    game.wait_turn(1)
    assert game.snapshot_counts() == {0: 1, 1: 1}
    assert_printouts_once(game, {game.users[s]: (s, [0, 1]) for s in game.users})
    assert game.subjects(game.gm) == {summary_subject(302, 1): 1}
    done = server.count_log(lambda r: "turn 1: done" in str(r.get("message")), all_runs=True)
    assert done == (1 if point == "turn-before-commit" else 0)  # the killed run logs nothing
    assert server.terminate() == 0


def test_smtp_down_at_the_deadline_then_the_printouts_arrive_when_it_is_back(
    server_factory: ServerFactory, private_mailstack: MailStack
) -> None:
    stack = private_mailstack
    server = server_factory(stack=stack, settings=FAST)
    game = host_game(server, number=303, seats=3)
    server.start()
    for seat in game.users:
        game.read_password(seat)
    game.send_orders(game.users)

    stack.smtp_down()
    game.set_deadline(1)
    server.wait_for_log("cannot reach the SMTP relay", timeout=30)
    waiting = server.query(
        lambda s: s.exec(
            select(Outbox).where(Outbox.turn == 1, Outbox.kind == OutboxKind.PRINTOUT)
        ).all()
    )
    assert game.snapshot_counts() == {0: 1, 1: 1}
    assert len(waiting) == 3 and {p.status for p in waiting} == {OutboxStatus.PENDING}
    assert all(has_no_printout(game, seat, 1) for seat in game.users)

    stack.smtp_up()
    game.wait_turn(1, timeout=40)  # the sender retries after its back-off (5 s)
    assert_printouts_once(game, {game.users[s]: (s, [0, 1]) for s in game.users})
    assert game.subjects(game.gm) == {summary_subject(303, 1): 1}
    assert server.alive
    assert server.terminate() == 0


def has_no_printout(game: HostedGame, seat: int, turn: int) -> bool:
    """Whether the seat's mailbox holds no printout of ``turn``."""
    return printout_subject(game.number, turn, seat) not in game.subjects(game.users[seat])


def test_two_servers_on_one_postgresql_run_each_turn_once(
    server_factory: ServerFactory, mailstack: MailStack, tmp_path: Path
) -> None:
    first = server_factory(backend="postgresql", settings=FAST)
    game = host_game(first, number=304, seats=3)
    with ServerProcess(
        mailstack,
        first.database_url,
        tmp_path / "second",
        settings=FAST,
        mailbox=first.mailbox,  # both poll the one mailbox, as a standby host would
    ) as second:
        first.start()
        second.start()
        for seat in game.users:
            game.read_password(seat)
        for turn in (1, 2):
            game.send_orders(game.users)
            run_deadline(game, turn, seconds=2)  # both servers resync (0.5 s) before it

        assert game.snapshot_counts() == {0: 1, 1: 1, 2: 1}
        assert_printouts_once(game, {game.users[s]: (s, [0, 1, 2]) for s in game.users})
        assert game.subjects(game.gm) == {summary_subject(304, t): 1 for t in (1, 2)}
        for turn in (1, 2):
            prefix = f"game 304 turn {turn}: "

            def runs(prefix: str = prefix) -> int:
                return sum(server.count_log(prefix + "done") for server in (first, second))

            # The log says so a moment after the printouts are out: waited for, then once.
            first.wait_until(runs, timeout=30, what=f"{prefix}done")
            assert runs() == 1

        def fired_elsewhere() -> int:
            # The deadline the other server fired too: it found the game claimed before its
            # evaluation (mailserver.turns.claims), or the turn run already.
            return sum(
                server.count_log(
                    lambda r: (
                        str(r.get("message")).endswith(tuple(CLAIM_REFUSALS.values()))
                        or (
                            str(r.get("message")).startswith("game 304 turn ")
                            and " done" not in str(r.get("message"))
                        )
                    )
                )
                for server in (first, second)
            )

        # One server ran each turn; the other fired the same deadlines and gave way (it may
        # say so a moment after the printouts are out).
        first.wait_until(lambda: fired_elsewhere() >= 2, timeout=30, what="the other's firing")
        processed = sum(
            server.count_log(lambda r: str(r.get("message")).endswith(": processed "))
            for server in (first, second)
        )
        assert processed == 6  # each order mail once, whichever process took it
        assert first.errors_logged() == [] and second.errors_logged() == []
        assert second.terminate() == 0
    assert first.terminate() == 0
