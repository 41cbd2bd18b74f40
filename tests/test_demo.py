"""``pbem demo`` end to end: a short bot game by mail on each kind of local mail stack."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from sqlmodel import col, func, select

from db.models import Game, InboundMail, InboundStatus, Outbox, OutboxKind, OutboxStatus, Player
from db.session import make_engine, transaction
from mailserver.app.demo import DemoConfig, player_address, run_demo, summary
from mailserver.app.localmail import dovecot_available

pytestmark = pytest.mark.slow  # whole games by mail, turns on the clock

KINDS = ["embedded", *(["dovecot"] if dovecot_available() else [])]


@pytest.mark.parametrize("kind", KINDS)
async def test_the_demo_plays_a_game_by_mail(kind: str) -> None:
    # Under /tmp, not pytest's tmp_path: Dovecot's mail user must be able to enter it.
    directory = Path(tempfile.mkdtemp(prefix="pbem-demo-test-"))
    directory.chmod(0o755)
    said: list[str] = []
    config = DemoConfig(
        directory=directory,
        players=3,
        turns=2,
        turn_seconds=3,
        embedded=kind == "embedded",
        say=said.append,
    )
    result = await run_demo(config)
    assert result.mail_kind == kind
    # Turn 0, 1 and 2 printouts for all three; player 3 skipped turn 2 (an NMR).
    engine = make_engine(f"sqlite:///{directory / 'pbem.sqlite3'}")
    with transaction(engine) as session:
        game = session.exec(select(Game)).one()
        assert game.turn == 2
        printouts = session.exec(
            select(Outbox.to_address, func.count(col(Outbox.id)))
            .where(Outbox.kind == OutboxKind.PRINTOUT, Outbox.status == OutboxStatus.SENT)
            .group_by(col(Outbox.to_address))
        ).all()
        assert dict(printouts) == {player_address(seat): 3 for seat in (1, 2, 3)}
        processed = session.exec(
            select(func.count(col(InboundMail.id))).where(
                InboundMail.status == InboundStatus.PROCESSED
            )
        ).one()
        assert processed == 3 + 2  # every order mail the bots sent, once
    engine.dispose()
    # Every player's mailbox holds the printouts and acks, read from disk after the stop.
    assert result.mail_counts[player_address(1)] >= 3 + 2
    assert "=== Auswertung Partie 1 Runde 2 ===" in result.last_printout
    text = summary(result)
    assert str(directory) in text and player_address(1) in text
    # The printouts carry the map and the JSON twin, the summary gives the links.
    assert sorted(result.printout_files) == ["karte-1-2-1.png", "report-1-2-1.json"]
    assert [whose for whose, _ in result.links] == ["public", "GM", *map(player_address, (1, 2, 3))]
    assert all(url.startswith("http://127.0.0.1:") for _, url in result.links)
    assert result.links[0][1] in text and result.links[2][1] in text
    assert any("Turn 2 evaluated" in line for line in said)
    shutil.rmtree(directory, ignore_errors=True)


async def test_the_demo_plays_starweb_with_every_character() -> None:
    directory = Path(tempfile.mkdtemp(prefix="pbem-demo-starweb-"))
    directory.chmod(0o755)
    config = DemoConfig(
        directory=directory,
        kind="starweb",
        players=6,
        turns=3,
        turn_seconds=3,
        embedded=True,
        say=lambda line: None,
    )
    result = await run_demo(config)
    engine = make_engine(f"sqlite:///{directory / 'pbem.sqlite3'}")
    with transaction(engine) as session:
        game = session.exec(select(Game)).one()
        assert (game.kind, game.turn) == ("starweb", 3)
        seats = session.exec(select(Player).order_by(col(Player.seat))).all()
        assert [p.seat_fields["character"] for p in seats if p.seat_fields] == [
            "Reichsgründer",
            "Händler",
            "Pirat",
            "Kunstsammler",
            "Berserker",
            "Apostel",
        ]
    engine.dispose()
    assert "[THRAWN]" in result.last_printout  # spieler1's code name heads his printout
    assert sorted(result.printout_files) == ["karte-1-3-1.png", "report-1-3-1.json"]
    assert str(directory) in summary(result)
    shutil.rmtree(directory, ignore_errors=True)
