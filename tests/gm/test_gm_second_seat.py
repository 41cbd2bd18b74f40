"""A replacement that would give one person two seats is refused unless the GM confirms
it (``--allow-second-seat``, ``zweite Position``)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session

from db import repo
from tests.gm.test_cli_gm import create, game_row
from tests.gm.test_cli_gm import gm as pbem_gm
from tests.gm.test_gm_mail import HEADER, _game, _mail

# ------------------------------------------------------------------ a second seat


def test_replace_refuses_an_address_that_holds_another_seat_and_names_it(
    config: Path,
    engine: Engine,
) -> None:
    create(config)
    pbem_gm(config, "start", "227")
    out = pbem_gm(
        config, "replace", "227", "3", "--address", "Anna@example.org", "--lang", "en", code=1
    )
    assert "anna@example.org already holds seat 1 of this game" in out
    assert "--allow-second-seat" in out
    with Session(engine) as session:
        seat3 = [p for p in repo.current_players(session, game_row(engine).id or 0) if p.seat == 3]
        assert seat3[0].address == "carl@example.org"
    pbem_gm(config, "replace", "227", "3", "--address", "anna@example.org", "--allow-second-seat")
    with Session(engine) as session:
        seats = repo.current_players(session, game_row(engine).id or 0)
        assert [p.seat for p in seats if p.address == "anna@example.org"] == [1, 3]


def test_replace_by_the_same_address_is_no_second_seat(config: Path, engine: Engine) -> None:
    create(config)
    pbem_gm(config, "start", "227")
    pbem_gm(config, "replace", "227", "2", "--address", "bob@example.org")


def test_replace_by_mail_needs_the_word_second_seat(
    running_227: Engine,
    db_session: Session,
) -> None:
    reply = _mail(running_227, HEADER + "Ersatz 3 durch p1@example.org")
    assert "p1@example.org hat schon Position 1 dieser Partie" in reply
    assert "zweite Position" in reply
    reply = _mail(running_227, HEADER + "Ersatz 3 durch p1@example.org zweite Position")
    assert "Zeile 2: Ersatz 3 durch p1@example.org zweite Position\n  → Position 3" in reply
    game = _game(db_session)
    seats = repo.current_players(db_session, game.id or 0)
    assert [p.seat for p in seats if p.address == "p1@example.org"] == [1, 3]
