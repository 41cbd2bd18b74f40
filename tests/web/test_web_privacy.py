"""No page shows what only another seat's printout says (a property over random games),
and ``pbem gm web-link`` shows, renews and revokes links."""

from __future__ import annotations

import html
import itertools
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine
from sqlmodel import Session
from starlette.testclient import TestClient
from typer.testing import CliRunner

from db import repo
from mailserver.cli import app as cli
from mailserver.kinds import game_kind
from tests.web.helpers import link, run_turn, start_game, web_orders

_numbers = itertools.count(700)


def _page_lines(page: str) -> set[str]:
    """The lines of a page's text (compared whole: "TR 1" is not "TR 10")."""
    text = html.unescape(re.sub(r"<[^>]+>", "\n", page))
    return {line.strip() for line in text.splitlines()}


def _lines(text: str) -> set[str]:
    """The telling lines of a printout: long enough not to be common words or numbers."""
    return {line.strip() for line in text.splitlines() if len(line.strip()) >= 20}


@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seats=st.integers(min_value=2, max_value=4), seed=st.integers(0, 2**32), turns=st.integers(0, 1)
)
def test_pages_never_show_another_seats_printout(
    client: TestClient, web_engine: Engine, seats: int, seed: int, turns: int
) -> None:
    number = next(_numbers)
    start_game(web_engine, number, seats=seats, seed=seed)
    for _ in range(turns):
        web_orders(web_engine, number, 1, "Artikel\nEine Nachricht an alle.\nEnde\n")
        run_turn(web_engine, number)
    with Session(web_engine) as session:
        game = repo.get_game_by_number(session, number)
        assert game is not None
        engine = game_kind(game.kind).engine
        states = [
            engine.state_from_json(snap.state_data())
            for t in range(game.turn + 1)
            if (snap := repo.load_snapshot(session, game.id or 0, t)) is not None
        ]
    own = {
        seat: set().union(*(_lines(engine.printout(s, seat, "de")) for s in states))
        for seat in range(1, seats + 1)
    }
    public = _page_lines(client.get(f"/game/{number}").text)
    every = set().union(*own.values())
    shared = set.intersection(*own.values())  # what every seat's printout says anyway
    for line in every - shared:
        assert line not in public, line
    for seat in range(1, seats + 1):
        page = _page_lines(client.get(link(web_engine, number, seat)).text)
        for other in range(1, seats + 1):
            for line in own[other] - own[seat]:
                assert line not in page, (seat, other, line)


def test_gm_web_link_command(web_engine: Engine, tmp_path: Path) -> None:
    start_game(web_engine, 690)
    config = tmp_path / "pbem.toml"
    config.write_text(
        f'database_url = "{web_engine.url.render_as_string(hide_password=False)}"\n'
        '[web]\nbase_url = "https://pbem.example.org"\nsecret = "k"\n'
    )
    runner = CliRunner()
    shown = runner.invoke(cli, ["gm", "web-link", "690", "2", "--config", str(config)])
    assert shown.exit_code == 0, shown.output
    first = shown.stdout.strip()
    assert re.fullmatch(r"https://pbem\.example\.org/game/690/seat/2/[\w-]{32}", first)
    renewed = runner.invoke(cli, ["gm", "web-link", "690", "2", "--renew", "--config", str(config)])
    assert renewed.stdout.strip() != first
    revoked = runner.invoke(
        cli, ["gm", "web-link", "690", "2", "--revoke", "--config", str(config), "--lang", "en"]
    )
    assert revoked.exit_code == 0 and "revoked" in revoked.stdout
    gm = runner.invoke(cli, ["gm", "web-link", "690", "0", "--config", str(config)])
    assert "/game/690/gm/" in gm.stdout
    both = runner.invoke(
        cli, ["gm", "web-link", "690", "2", "--renew", "--revoke", "--config", str(config)]
    )
    assert both.exit_code == 2 and "Traceback" not in both.output
    nobody = runner.invoke(cli, ["gm", "web-link", "690", "9", "--config", str(config)])
    assert nobody.exit_code == 1 and "Traceback" not in nobody.output
