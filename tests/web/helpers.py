"""Games for the page tests: created, started and played in the database as the host does."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime, timedelta
from functools import partial

from sqlalchemy import Engine
from sqlmodel import Session
from starlette.testclient import TestClient

from config.settings import Settings
from db import repo
from db.models import Game
from db.session import transaction
from mailserver.app.demo import seat_fields
from mailserver.common import tokens
from mailserver.common.kinds import game_kind
from mailserver.common.terms import HostTerms
from mailserver.gm import operations as gm
from mailserver.inbound.intake import IntakeConfig, process_web_orders

SERVER = "pbem@example.org"
SETTINGS = Settings(
    database_url="sqlite://",
    web={"enabled": True, "base_url": "http://testserver", "secret": "test-key" * 4},
)
TERMS = HostTerms(from_address=SERVER)
"""The host's terms of the page tests' games: no links in their mails (as the default)."""


def now() -> datetime:
    """The current time (UTC)."""
    return datetime.now(UTC)


def start_game(
    engine: Engine,
    number: int,
    seats: int = 3,
    seed: int = 7,
    kind: str = "ashes",
    terms: HostTerms = TERMS,
) -> None:
    """A game of ``kind`` (default Ashes) of ``seats`` players (German), started: turn 0
    is there. A Starweb seat gets a character and a code name as the demo's do; the
    mails are written with ``terms``."""
    with transaction(engine) as session:
        fields = partial(seat_fields, game_kind(kind))
        gm.create_game(
            session,
            kind=kind,
            number=number,
            gm_address=f"gm{number}@example.org",
            gm_password="geheim-spielleiter",
            seats=[
                gm.SeatSpec(seat, f"p{seat}.{number}@example.org", fields=fields(seat))
                for seat in range(1, seats + 1)
            ],
            every_days=None,
            at=None,
            first_deadline=now() + timedelta(days=2),
            seed=seed,
            now=now(),
        )
        gm.start_game(session, number, terms.at(now()))


def web_orders(engine: Engine, number: int, seat: int, text: str) -> str:
    """Orders of ``seat`` as the order form sends them; the intake's status."""
    with transaction(engine) as session:
        game = repo.get_game_by_number(session, number)
        assert game is not None
        player = next(p for p in repo.current_players(session, game.id or 0) if p.seat == seat)
        outcome = process_web_orders(session, game, player, text, config=IntakeConfig(TERMS))
        return outcome.status.value


def run_turn(engine: Engine, number: int) -> None:
    """Evaluate the pending turn now (as ``pbem gm run --force``: seats may miss orders)."""
    with transaction(engine) as session:
        gm.process_now(session, number, TERMS.at(now()), force=True)


def link(engine: Engine, number: int, seat: int) -> str:
    """The path of ``seat``'s page (0: the GM's) with its valid token."""
    with Session(engine) as session:
        game = repo.get_game_by_number(session, number)
        assert game is not None
        url = tokens.seat_url(session, SETTINGS.web, game, seat)
        assert url is not None
        return url.removeprefix("http://testserver")


def form_token(html: str) -> str:
    """The CSRF token of the order form on a seat's page."""
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found
    return found[1]


def open_form(client: TestClient, engine: Engine, number: int, seat: int) -> tuple[str, str]:
    """Open ``seat``'s page as its player does: its path and its form's CSRF token."""
    path = link(engine, number, seat)
    return path, form_token(client.get(path).text)


def game_of(engine: Engine, number: int) -> Game:
    """The game row as stored now."""
    with Session(engine) as session:
        game = repo.get_game_by_number(session, number)
        assert game is not None
        return game


def give_defaults(client: TestClient, engine: Engine, number: int) -> str:
    """Give the rulings the GM's workbench offers for the month's open items (the
    dossier's defaults) as the GM does on the page; the workbench's answer."""
    bench = link(engine, number, 0) + "/workbench"
    page = client.get(bench).text
    form = re.search(r'<textarea name="text" id="ruling-text"[^>]*>(.*?)</textarea>', page, re.S)
    assert form
    data = {"csrf": form_token(page), "action": "give", "text": html.unescape(form[1])}
    return client.post(bench + "/rulings", data=data).text
