"""A private link belongs to one person holding one seat: dropping,
resigning or replacing ends it everywhere — page, archive, map, JSON, the check and the
order form — with a page that says why; the new occupant's link works, and an occupant
the rules took out keeps reading."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select
from starlette.testclient import TestClient
from typer.testing import CliRunner

from db import repo
from db.models import PlayerStatus, Submission
from db.session import transaction
from mailserver.app.cli.main import app as cli
from mailserver.common import tokens
from mailserver.gm import operations as gm
from tests.web.helpers import SETTINGS, TERMS, link, now, open_form, run_turn, start_game

GAME = 511
SECRET = "a-key-of-the-links-long-enough-for-the-rule"


@pytest.fixture
def game(web_engine: Engine) -> int:
    start_game(web_engine, GAME)
    return GAME


def drop(engine: Engine) -> None:
    with transaction(engine) as session:
        gm.drop_player(session, GAME, 2, TERMS.at(now()))


def resign(engine: Engine) -> None:
    with transaction(engine) as session:
        gm.drop_player(session, GAME, 2, TERMS.at(now()), reason="resigned")


def replace_same_address(engine: Engine) -> None:
    """The GM's way to give a player a new password: the seat to the same address."""
    with transaction(engine) as session:
        gm.replace_player(session, GAME, 2, TERMS.at(now()), address=f"p2.{GAME}@example.org")


def replace_by_newcomer(engine: Engine) -> None:
    with transaction(engine) as session:
        gm.replace_player(session, GAME, 2, TERMS.at(now()), address="new@example.org")


def assert_refused_everywhere(client: TestClient, path: str, csrf: str) -> None:
    """``path``'s link shows nothing: page, archive, map, JSON, check, order form."""
    for url in (path, path + "?turn=0", path + "?turn=1", path + "/map.png", path + "/report.json"):
        answer = client.get(url)
        assert answer.status_code == 404, url
        assert 'name="csrf"' not in answer.text and "report.json" not in answer.text
    page = client.get(path)
    assert "solange sein Inhaber die Position hält" in page.text  # says why
    assert "nur, solange" not in client.get("/game/999").text  # a plain 404 does not
    check = client.post(path + "/check", json={"text": "Fertig"}, headers={"X-CSRF-Token": csrf})
    assert check.status_code == 404
    form = {"csrf": csrf, "text": "Fertig\n", "action": "send"}
    sent = client.post(path + "/orders", data=form)
    assert sent.status_code == 404 and "Position hält" in sent.text
    checked = client.post(path + "/orders", data=form | {"action": "check"})
    assert checked.status_code == 404


@pytest.mark.parametrize("leave", [drop, resign], ids=["dropped", "resigned"])
def test_a_player_who_left_loses_his_link_and_the_next_occupant_gets_one(
    client: TestClient, web_engine: Engine, game: int, leave: Callable[[Engine], None]
) -> None:
    old, csrf = open_form(client, web_engine, game, 2)
    assert client.get(old + "/report.json").status_code == 200
    leave(web_engine)
    run_turn(web_engine, game)  # later turns: nothing of them through the old link

    assert_refused_everywhere(client, old, csrf)
    with Session(web_engine) as session:
        found = repo.get_game_by_number(session, game)
        assert found is not None and tokens.seat_url(session, SETTINGS.web, found, 2) is None
        assert session.exec(select(Submission)).all() == []
    assert client.get(link(web_engine, game, 1)).status_code == 200  # the others keep theirs

    replace_by_newcomer(web_engine)
    new = link(web_engine, game, 2)
    assert new != old and client.get(new).status_code == 200
    assert client.get(new + "/report.json").status_code == 200
    assert_refused_everywhere(client, old, csrf)


@pytest.mark.parametrize(
    "replace", [replace_same_address, replace_by_newcomer], ids=["same address", "newcomer"]
)
def test_a_replaced_occupants_link_ends_and_the_new_one_works(
    client: TestClient, web_engine: Engine, game: int, replace: Callable[[Engine], None]
) -> None:
    old, csrf = open_form(client, web_engine, game, 2)
    replace(web_engine)
    assert_refused_everywhere(client, old, csrf)
    new, new_csrf = open_form(client, web_engine, game, 2)
    assert new != old and client.get(new + "/map.png").status_code in (200, 404)
    check = client.post(new + "/check", json={"text": "Fertig"}, headers={"X-CSRF-Token": new_csrf})
    assert check.status_code == 200


def test_an_occupant_the_rules_took_out_keeps_reading(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    path = link(web_engine, game, 2)
    with transaction(web_engine) as session:
        found = repo.get_game_by_number(session, game)
        assert found is not None
        (player,) = [p for p in repo.current_players(session, found.id or 0) if p.seat == 2]
        player.status = PlayerStatus.ELIMINATED
        session.add(player)
    assert client.get(path).status_code == 200
    assert link(web_engine, game, 2) == path  # the same link: existing links keep working


def test_pbem_gm_web_link_says_the_seats_occupant_left(
    web_engine: Engine, game: int, tmp_path: Path
) -> None:
    config = tmp_path / "pbem.toml"
    config.write_text(
        f'database_url = "{web_engine.url.render_as_string(hide_password=False)}"\n'
        f'[web]\nbase_url = "https://pbem.example.org"\nsecret = "{SECRET}"\n'
    )
    drop(web_engine)
    shown = CliRunner().invoke(
        cli, ["gm", "web-link", str(game), "2", "--config", str(config), "--lang", "en"]
    )
    assert shown.exit_code == 0, shown.output
    assert "dropped out or resigned" in shown.stdout and "https://" not in shown.stdout
