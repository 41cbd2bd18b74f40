"""``pbem demo --game spacewar``: three steps of the two bots by mail on the embedded
stack, every printout with a map and a JSON twin, every die checked by ``pbem dice
verify``."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from sqlmodel import select

from db.models import Game
from db.session import make_engine, transaction
from mailserver.app.demo import DemoConfig, run_demo
from tests.test_demo import check_the_dice

pytestmark = pytest.mark.slow  # a game by mail, steps on the clock


async def test_the_demo_plays_three_spacewar_steps_by_mail() -> None:
    directory = Path(tempfile.mkdtemp(prefix="pbem-demo-spacewar-"))
    directory.chmod(0o755)
    config = DemoConfig(
        directory=directory,
        kind="spacewar",
        players=2,
        turns=3,
        turn_seconds=3,
        embedded=True,
        say=lambda line: None,
    )
    result = await run_demo(config)
    engine = make_engine(f"sqlite:///{directory / 'pbem.sqlite3'}")
    with transaction(engine) as session:
        game = session.exec(select(Game)).one()
        assert (game.kind, game.turn) == ("spacewar", 3)
    engine.dispose()
    assert "SPACEWAR I – Spiel 1, Runde 3 (Schritt 3)" in result.last_printout
    assert "Nächster Schritt: Runde 3: Befehle" in result.last_printout
    assert sorted(result.printout_files) == ["karte-1-3-1.png", "report-1-3-1.json"]
    assert check_the_dice(directory, seats=2, turns=3) > 0
    shutil.rmtree(directory, ignore_errors=True)
