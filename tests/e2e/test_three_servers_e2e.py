"""Three servers (real ``pbem serve`` processes) on one PostgreSQL database and one shared
mailbox, the way to grow in deploy/servers.md: through a burst of order mails and a
deadline burst, with a server killed in each, nothing is lost, no turn runs twice, and a
mail goes out twice only if it was in flight at a kill (deploy/delivery.md)."""

from __future__ import annotations

import signal
from collections import Counter
from pathlib import Path

import pytest
from sqlmodel import Session, func, select

from db.models import InboundMail
from tests.e2e.conftest import ServerFactory
from tests.e2e.game_helpers import FAST, HostedGame, host_game, message_id, printout_subject
from tests.e2e.server import ServerProcess
from tests.e2e.test_outbox_takeover_e2e import (
    BATCH,
    MAILS,
    assert_every_mail_arrived,
    burst,
    kill_mid_burst,
    sent,
)
from tests.mailstack import MailStack

pytestmark = pytest.mark.timeout(300)

GAMES = (411, 412, 413, 414)
SEATS = 3


def processed(servers: list[ServerProcess]) -> int:
    """Order mails taken in, over every server and every start of it."""
    return sum(
        server.count_log(lambda r: str(r.get("message")).endswith(": processed "), all_runs=True)
        for server in servers
    )


def inbound_rows(session: Session) -> int:
    return int(session.exec(select(func.count()).select_from(InboundMail)).one())


def acks_by_request(game: HostedGame, sent_ids: dict[int, str]) -> dict[int, int]:
    """Seat -> how many answers to its order mail its mailbox holds."""
    return {
        seat: sum(m.message["In-Reply-To"] == msgid for m in game.mailbox(game.users[seat]))
        for seat, msgid in sent_ids.items()
    }


def test_three_servers_share_a_burst_with_kills_and_lose_nothing_nor_run_a_turn_twice(
    server_factory: ServerFactory, mailstack: MailStack, tmp_path: Path
) -> None:
    first = server_factory(backend="postgresql", settings=FAST)
    games = [host_game(first, number=n, seats=SEATS) for n in GAMES]
    others = [
        ServerProcess(
            mailstack,
            first.database_url,
            tmp_path / name,
            settings=FAST,
            mailbox=first.mailbox,  # one mailbox, polled by all three
        )
        for name in ("second", "third")
    ]
    servers = [first, *others]
    try:
        for server in servers:
            server.start()
        for game in games:
            for seat in game.users:
                game.read_password(seat)

        # An intake burst: every seat's orders at once; the first server killed once
        # the first of them is in.
        sent_ids: dict[int, dict[int, str]] = {}
        for game in games:
            sent_ids[game.number] = {}
            for seat in game.users:
                raw = game.orders_mail(seat)
                first.send(raw)
                sent_ids[game.number][seat] = message_id(raw)
        orders = len(GAMES) * SEATS
        first.wait_until(lambda: processed(servers) >= 1, timeout=60, what="a mail taken in")
        assert first.kill() == -signal.SIGKILL
        others[0].wait_until(
            lambda: processed(servers) >= orders, timeout=90, what="every order mail taken in"
        )
        assert processed(servers) == orders  # each mail once, whichever server took it
        assert first.query(inbound_rows) == orders
        for game in games:
            for seat, msgid in sent_ids[game.number].items():
                game.wait_mail(
                    game.users[seat],
                    lambda mails, msgid=msgid: any(m["In-Reply-To"] == msgid for m in mails),
                    timeout=60,
                )
            # An answer twice only if the killed server sent it and died before marking it.
            assert all(1 <= n <= 2 for n in acks_by_request(game, sent_ids[game.number]).values())

        # A deadline burst: every game's deadline at one moment, and a burst of other mail;
        # the second server killed in the middle of the sending, the first back again.
        first.start()
        user = mailstack.new_user("burst-")
        burst(others[0], user)
        for game in games:
            game.set_deadline(2)
        kill_mid_burst(others[0])
        for game in games:
            game.wait_turn(1, timeout=120)
        first.wait_for_db(lambda s: sent(s) >= MAILS, timeout=60, what="the burst sent")

        for game in games:
            assert game.snapshot_counts() == {0: 1, 1: 1}  # no turn twice
            for seat, reader in game.users.items():
                copies = Counter(
                    str(m.message["Message-ID"])
                    for m in game.mailbox(reader)
                    if m.message["Subject"] == printout_subject(game.number, 1, seat)
                )
                assert len(copies) == 1, copies  # every copy is the same mail
        assert_every_mail_arrived(mailstack, user)  # copies at most one batch (of the kill)
        assert BATCH < MAILS
        took_over = sum(
            s.count_log("took over the claims of dead server", all_runs=True) for s in servers
        )
        assert took_over >= 1
        # The first server's killed run left a warning of its workers' semaphores on stderr.
        assert first.errors_logged(all_runs=False) == [] and others[1].errors_logged() == []
        for server in (first, others[1]):
            assert server.terminate() == 0
    finally:
        for server in others:
            server.close()
