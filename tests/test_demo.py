"""``pbem demo`` end to end: a short bot game by mail on each kind of local mail stack."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest
from sqlmodel import col, func, select
from typer.testing import CliRunner

from db import repo
from db.models import Game, InboundMail, InboundStatus, Outbox, OutboxKind, OutboxStatus, Player
from db.session import make_engine, transaction
from engine.dice import seal
from mailserver.app.cli.main import app as pbem
from mailserver.app.demo import DemoConfig, player_address, run_demo, summary
from mailserver.app.localmail import dovecot_available
from mailserver.outbound.smtp import Attachment

pytestmark = pytest.mark.slow  # whole games by mail, turns on the clock


def check_the_dice(directory: Path, *, seats: int, turns: int) -> int:
    """Every printout of the demo carries the next turn's seal, the next printout reveals
    that turn's dice under that seal, and ``pbem dice verify`` finds that every roll
    checks, in the text and in the JSON twin. The rolls the players saw, counted."""
    engine = make_engine(f"sqlite:///{directory / 'pbem.sqlite3'}")
    with transaction(engine) as session:
        rows = session.exec(
            select(Outbox, Player)
            .join(Player, col(Outbox.player_id) == col(Player.id))
            .where(Outbox.kind == OutboxKind.PRINTOUT)
        ).all()
        printouts = {(player.seat, row.turn): row for row, player in rows}
        seals = {t: seal(repo.dice_secret(session, 1, t) or "?") for t in range(1, turns + 2)}
    engine.dispose()
    assert set(printouts) == {(s, t) for s in range(1, seats + 1) for t in range(turns + 1)}
    seen = 0
    for (seat, turn), row in sorted(printouts.items()):
        assert f"Würfelsiegel Runde {turn + 1}: {seals[turn + 1]}" in row.body, (seat, turn)
        if turn == 0:
            continue  # nothing rolled before the game
        assert f"Siegel: {seals[turn]}" in row.body  # the seal the turn before published
        text = directory / f"printout-{seat}-{turn}.txt"
        text.write_text(row.body)
        twin = directory / f"printout-{seat}-{turn}.json"
        json_file = next(a for a in row.attachments or [] if a["filename"].endswith(".json"))
        twin.write_bytes(Attachment.from_json(json_file).data)
        for path in (text, twin):
            answer = CliRunner().invoke(pbem, ["dice", "verify", str(path), "--json"])
            verdict = json.loads(answer.output)
            assert answer.exit_code == 0 and verdict["ok"], (path, answer.output)
        seen += verdict["rolls"]
    return seen


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
    check_the_dice(directory, seats=3, turns=2)
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
    assert check_the_dice(directory, seats=6, turns=3) > 0
    shutil.rmtree(directory, ignore_errors=True)
