"""Printouts and JSON twins stay byte for byte what they were: many games, turns, seats.

tests/data/ashes-printout-digests.json holds the SHA-256 of every printout (seats 0..n,
0 being the GM view) and of every ``report_data`` (as compact JSON, keys in their order)
in German and English, for every turn of a few games: two bot games, the recorded game of
seed 3 to its end, and a turn with awkward texts (tabs, runs of blanks, long words, long
names, articles of many paragraphs) for the line breaking. The digests were made with the
printout code before its speed-ups (commit 67997b0); a change of wording or layout is
stored deliberately: ``ASHES_UPDATE_SNAPSHOTS=1 python -m pytest tests/ashes``.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path

from engine.ashes.game import AshesGame
from engine.ashes.state import AshesState, News
from tests.ashes.bots import bot_turn, new_standard_game, recorded_game, recorded_turn

DIGESTS = Path(__file__).parents[1] / "data" / "ashes-printout-digests.json"
LANGS = ("de", "en")


def _bot_game(
    name: str, game: int, players: int, seed: int, turns: int
) -> Iterator[tuple[str, AshesState]]:
    state = new_standard_game(game=game, players=players, seed=seed)
    yield f"{name}-t0", state
    while state.turn < turns and not state.finished:
        state, _ = bot_turn(state, bot_seed=seed)
        yield f"{name}-t{state.turn}", state


def _recorded_to_the_end() -> Iterator[tuple[str, AshesState]]:
    game = recorded_game("game227-seed3-to-the-end.txt")
    state = new_standard_game(seed=3)
    while not state.finished:
        state, _ = recorded_turn(state, game)
        yield f"recorded3-t{state.turn}", state


def _awkward() -> AshesState:
    """Turn 4 of a bot game with texts that make every rule of the line breaking count."""
    state = new_standard_game(game=9, seed=5)
    while state.turn < 4:
        state, _ = bot_turn(state, bot_seed=5)
    rulers = [
        "Kaiserin Ming die Grausame von Mongo und allen umliegenden Monden",
        "Tab\tim\tNamen",
        "  Blanks   vorn  und hinten  ",
        "Ein" + "x" * 90,
        "Bindestrich-Herrscher-von-der-langen-Dynastie-der-Sternen-Kaiser-und-Koenige",
        "",
    ]
    for player, name in zip(state.players, rulers, strict=False):
        player.ruler = name or None
    state.planets[0].name = "Q" * 80
    state.planets[1].name = "Name mit  zwei  Blanks\tund Tab"
    owned = state.owned(1)
    if owned:
        owned[0].name = "Langername-" * 6
    state.players[1].rule_votes = ["Regel  mit\tTab und " + "sehr " * 30, "x" * 100, "   "]
    articles = [
        "Kurz.",
        "\tEingerückt mit Tab\n\n  zwei Blanks vorn\nhinten Blanks   \n" + "Wort " * 40,
        "Ein" + "e" * 100 + " langes Wort\r\nmit CRLF\x0bund VT\x0cund FF\n\u00a0geschützt",
        "Satzende.  Zwei Blanks. " * 8 + "\n   \n",
        "Bindestrich-Wort-" * 10 + "\n" + "x" * 72 + "\n" + "y" * 73 + " z",
    ]
    state.report.news += [News("press", player=n % 3, text=text) for n, text in enumerate(articles)]
    state.report.notices += [
        News("name_rejected", player=2, text="Ein  sehr\tlanger Name " + "z" * 70),
        News("flight_failed", player=1, planet=2, other=17),
    ]
    return state


def _scenarios() -> Iterator[tuple[str, AshesState]]:
    yield from _bot_game("bot1", 227, 8, 1, 8)
    yield from _bot_game("bot2", 31, 5, 2, 5)
    yield from _recorded_to_the_end()
    yield "awkward-t4", _awkward()


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _digests() -> dict[str, str]:
    engine = AshesGame()
    digests: dict[str, str] = {}
    for name, state in _scenarios():
        for seat in range(len(state.players) + 1):
            for lang in LANGS:
                key = f"{name}-s{seat}-{lang}"
                digests[f"{key}-printout"] = _sha(engine.printout(state, seat, lang))
                data = engine.report_data(state, seat, lang)
                digests[f"{key}-data"] = _sha(
                    json.dumps(data, ensure_ascii=False, separators=(",", ":"))
                )
    return digests


def test_printouts_and_report_data_are_unchanged() -> None:
    digests = _digests()
    if os.environ.get("ASHES_UPDATE_SNAPSHOTS") == "1":
        DIGESTS.write_text(json.dumps(digests, indent=0, sort_keys=True) + "\n", "utf-8")
    stored = json.loads(DIGESTS.read_text("utf-8"))
    assert digests.keys() == stored.keys()
    changed = [key for key, value in digests.items() if stored[key] != value]
    assert not changed, f"{len(changed)} outputs differ, first: {changed[:5]}"
