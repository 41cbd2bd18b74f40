"""The kinds in play: the kinds of the games not finished, which a server loads at start."""

import subprocess
import sys
from pathlib import Path

from db import repo
from db.models import GameStatus
from db.session import make_engine, transaction, upgrade
from tests.factories import make_game


def _games(url: str) -> None:
    upgrade(url)
    engine = make_engine(url)
    with transaction(engine) as session:
        for number, kind, status in (
            (1, "starweb", GameStatus.RUNNING),
            (2, "starweb", GameStatus.SETUP),
            (3, "spacewar", GameStatus.FINISHED),
            (4, "wdw", GameStatus.ADJUDICATING),
        ):
            game = make_game(session, number)
            game.kind, game.status = kind, status
    engine.dispose()


def test_kinds_in_play_are_those_of_unfinished_games_each_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    _games(url)
    engine = make_engine(url)
    with transaction(engine) as session:
        assert repo.kinds_in_play(session) == ["starweb", "wdw"]
    engine.dispose()


def test_a_server_loads_the_engines_of_the_kinds_in_play_and_no_other(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    _games(url)
    code = (
        "import sys\n"
        "from db.session import make_engine\n"
        "from mailserver.app.service import load_kinds_in_play\n"
        f"print(load_kinds_in_play(make_engine({url!r})))\n"
        "print(sorted(m for m in ('engine.starweb.kind', 'engine.wdw.kind', "
        "'engine.spacewar.kind', 'engine.ashes.kind') if m in sys.modules))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines() == [
        "['starweb', 'wdw']",
        "['engine.starweb.kind', 'engine.wdw.kind']",
    ]
