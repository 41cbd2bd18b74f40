"""A whole Starweb game by mail: ``pbem serve`` as a real process, Dovecot, SMTP.

The GM creates a game of three (a pirate, a merchant who reads English, a berserker) with
code names and a low end score; the players read their passwords in the turn-0
printouts and mail orders in the rulebook's notation under a code-name header, one with
a conflicting pair and a secret message to a code name; the acknowledgements echo the
codes and explain the conflict; the deadline runs the turn; printouts arrive in German
and English; a missed turn is an NMR; the bots play on until somebody reaches the end
score and the GM gets the final report.
"""

from __future__ import annotations

from random import Random

import pytest

from db import repo
from db.models import Game, GameStatus
from engine.starweb.bots import StarwebBots
from engine.starweb.state import StarwebState
from tests.e2e.conftest import ServerFactory
from tests.e2e.game_helpers import FAST, HostedGame, host_game, message_id, text_of
from tests.factories import order_mail

pytestmark = pytest.mark.timeout(240)

NUMBER = 901
FIELDS = {
    1: {"character": "Pirat", "code_name": "BORG"},
    2: {"character": "Merchant", "code_name": "THRAWN"},
    3: {"character": "Berserker", "code_name": "NECRON"},
}
OPTIONS = {
    "worlds": 30,
    "black_holes": 1,
    # A low end score, so that the game ends after a few turns (Starweb "Was ist Sache?").
    "end_score_min": 10,
    "end_score_max": 200,
    "end_score_default": 100,
}
SECRET = "Treffen bei W7, allein."


def subject(turn: int, seat: int, lang: str = "de") -> str:
    if lang == "en":
        return f"Game {NUMBER} turn {turn}: printout for player {seat}"
    return f"Partie {NUMBER} Runde {turn}: Auswertung für Spieler {seat}"


def state_of(game: HostedGame) -> StarwebState:
    with game.server.session() as session:
        row = session.get(Game, game.game_id, populate_existing=True)
        assert row is not None
        snapshot = repo.load_snapshot(session, game.game_id, row.turn)
        assert snapshot is not None
        return StarwebState.from_json(snapshot.state_data())


def mail(game: HostedGame, seat: int, body: str, header: str | None = None) -> str:
    """Mail ``body`` under the seat's code-name header; the acknowledgement's text."""
    name = FIELDS[seat]["code_name"]
    first = header or f"Partie {NUMBER} Spieler {name} Kennwort {game.passwords[seat]}"
    raw = order_mail(game.users[seat].address, f"{first}\n{body}", to=game.server.address)
    game.server.send(raw)
    msgid = message_id(raw)
    mails = game.wait_mail(game.users[seat], lambda ms: any(m["In-Reply-To"] == msgid for m in ms))
    return text_of(next(m for m in mails if m["In-Reply-To"] == msgid))


def bot_orders(game: HostedGame, seat: int) -> str:
    state = state_of(game)
    return "\n".join(StarwebBots().orders(state, seat, Random(seat * 100 + state.turn))) + "\n"


def run_deadline(game: HostedGame, turn: int) -> None:
    game.set_deadline(1)
    game.wait_turn(turn, timeout=60)


def test_a_starweb_game_by_mail(server_factory: ServerFactory) -> None:
    server = server_factory(settings=FAST)
    server.start()
    game = host_game(
        server,
        number=NUMBER,
        seats=3,
        kind="starweb",
        fields=FIELDS,
        languages={2: "en"},
        options=OPTIONS,
    )
    for seat in (1, 3):
        game.read_password(seat)
    english = game.wait_subject(game.users[2], subject(0, 2, "en"))
    game.passwords[2] = text_of(english).split("Your password: ")[1].split()[0]
    start = state_of(game)
    assert [p.code_name for p in start.players] == ["BORG", "THRAWN", "NECRON"]
    assert [p.character for p in start.players] == ["Pirat", "Händler", "Berserker"]

    # Turn 1: the pirate moves a key and then orders it to fire (the conflict: the move,
    # written first, wins) and sends the merchant a secret message by code name.
    home = start.player(1).home
    key = next(f for f in start.fleets if f.owner == 1)
    gate = start.world(home).gates[0]
    ack = mail(
        game,
        1,
        f"E=1000\nW{home}B5F{key.number}\nf{key.number} w{gate}\nF{key.number}AP\n"
        f"Geheim an THRAWN\n{SECRET}\nEnde\n",
    )
    assert f"F{key.number}W{gate}" in ack and f"W{home}B5F{key.number}" in ack
    # The fire order is named, with why it is dropped.
    dropped = f"F{key.number}AP entfällt: widerspricht dem früheren Befehl F{key.number}W{gate}"
    assert dropped in " ".join(ack.split()), ack
    english_ack = mail(game, 2, bot_orders(game, 2))
    assert "received" in english_ack.lower() or "orders" in english_ack.lower()
    # Seat 3 sends nothing: an NMR.
    run_deadline(game, 1)

    first = game.printout(game.users[1], 1, 1)
    second = text_of(game.wait_subject(game.users[2], subject(1, 2, "en")))
    assert "[BORG]" in first and "Befehle=" in first
    assert "[THRAWN]" in second and "Orders=" in second
    assert SECRET in second and SECRET not in first
    assert state_of(game).report.nmr == [3]

    # The bots play on until somebody reaches the (secret) end score.
    turn = 1
    while state_of(game).over is False and turn < 8:
        turn += 1
        for seat in (1, 2, 3):
            mail(game, seat, bot_orders(game, seat))
        run_deadline(game, turn)
    final = state_of(game)
    assert final.over, f"no end after {turn} turns: {[p.score for p in final.players]}"
    status = server.query(lambda s: s.get(Game, game.game_id, populate_existing=True).status)
    assert status == GameStatus.FINISHED
    report = text_of(game.wait_subject(game.gm, f"Partie {NUMBER}: Hall of Fame"))
    assert f"Endpunktzahl {final.end_score}" in report
    assert "BORG" in report and "THRAWN" in report and "NECRON" in report
