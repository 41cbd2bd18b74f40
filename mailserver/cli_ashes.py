"""``pbem ashes``: run an Ashes of Empire game offline, from files (issue 3, point 5).

    pbem ashes new --game N [--players K] [--scenario NAME] [--seed S] -o state.json
    pbem ashes turn state.json --orders P=FILE ... [--seed S] -o next.json
    pbem ashes report state.json --player P [--lang de|en]

FILE is a player's order text or a whole mail, read by the order grammar; the state
JSON is documented in docs/state-ashes.md.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from engine.ashes.galaxy import load_galaxy
from engine.ashes.game import AshesGame
from engine.ashes.setup import SetupError
from engine.ashes.state import AshesState
from engine.ashes.turn import GameOverError
from engine.core import Order, PlayerSetup, Setup, turn_rng
from grammar import ashes as ashes_grammar
from grammar.mailbody import extract_order_text

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Ashes of Empire offline: new game, evaluate a turn, printouts.",
)


def _game() -> AshesGame:
    return AshesGame()


def _write(state: AshesState, output: Path) -> None:
    output.write_text(
        json.dumps(state.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


def _read(path: Path) -> AshesState:
    try:
        return AshesState.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError) as exc:
        raise typer.BadParameter(f"{path}: {exc}") from exc


@app.command("new")
def new_cmd(
    game: Annotated[int, typer.Option(help="The game number.")],
    output: Annotated[Path, typer.Option("-o", "--output", help="Where to write the state.")],
    players: Annotated[int, typer.Option(help="Number of players, 2 to 8 (seats 1..K).")] = 8,
    scenario: Annotated[
        str | None,
        typer.Option(help="standard (default), or the board game's 2-player scenarios I or II."),
    ] = None,
    seed: Annotated[int, typer.Option(help="The game's seed (every turn's chance).")] = 0,
    option: Annotated[
        list[str] | None,
        typer.Option(help="A rule option NAME=VALUE (docs/rules-ashes.md), repeatable."),
    ] = None,
    map_file: Annotated[
        Path | None,
        typer.Option(
            "--map", help="Another map file (format of engine/ashes/galaxy-standard.txt)."
        ),
    ] = None,
) -> None:
    """Start a game: the state of turn 0 (the start position)."""
    options: dict[str, object] = {}
    for item in option or []:
        key, _, value = item.partition("=")
        options[key.strip()] = json.loads(
            value.strip().lower() if value.strip().lower() in ("true", "false") else value.strip()
        )
    if map_file is not None:
        options["map"] = map_file.read_text(encoding="utf-8")
    seats = [PlayerSetup(number=n) for n in range(1, players + 1)]
    try:
        state = _game().new_game(
            Setup(game=game, players=seats, scenario=scenario, options=options, seed=seed),
            turn_rng(seed, 0),
        )
    except (SetupError, ValueError) as exc:
        raise typer.BadParameter(str(exc)) from exc
    _write(state, output)


def _read_orders(state: AshesState, spec: str) -> tuple[int, list[Order]]:
    player_text, _, file = spec.partition("=")
    if not player_text.strip().isdigit() or not file:
        raise typer.BadParameter(f"--orders {spec!r}: expected P=FILE")
    player = int(player_text)
    if player not in {p.number for p in state.players} and player != 0:
        raise typer.BadParameter(f"--orders {spec!r}: no player {player} in this game")
    raw = Path(file).read_bytes()
    body = extract_order_text(raw)
    planets = ashes_grammar.PlanetTable.from_galaxy(
        load_galaxy(state.galaxy_text), {p.number: p.name for p in state.planets}
    )
    result = ashes_grammar.parse(body.text, body.subject or None, planets=planets)
    for error in result.errors:
        typer.echo(f"player {player}, line {error.line}: {error.message('en')}", err=True)
    if result.header.player not in (None, player):
        typer.echo(
            f"warning: {file} is headed for player {result.header.player}, "
            f"used for player {player}",
            err=True,
        )
    return player, result.orders


@app.command("turn")
def turn_cmd(
    state_file: Annotated[Path, typer.Argument(help="The state of the last turn.")],
    output: Annotated[Path, typer.Option("-o", "--output", help="Where to write the state.")],
    orders: Annotated[
        list[str] | None,
        typer.Option(help="P=FILE: the orders of player P (0: GM press); missing players are NMR."),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            help="Seed of this turn's chance (default: from the game's seed and the turn)."
        ),
    ] = None,
) -> None:
    """Evaluate the next turn and write the new state."""
    state = _read(state_file)
    given: dict[int, list[Order]] = {}
    for spec in orders or []:
        player, found = _read_orders(state, spec)
        given.setdefault(player, []).extend(found)
    rng = turn_rng(state.seed if seed is None else seed, state.turn + 1)
    try:
        result = _game().run_turn(state, given, rng)
    except GameOverError as exc:
        raise typer.BadParameter(str(exc)) from exc
    assert isinstance(result.state, AshesState)
    _write(result.state, output)
    for event in result.events:
        typer.echo(
            json.dumps(
                {"event": event.kind, "player": event.player, **dict(event.data)},
                ensure_ascii=False,
            ),
            err=True,
        )


@app.command("report")
def report_cmd(
    state_file: Annotated[Path, typer.Argument(help="A state file.")],
    player: Annotated[int, typer.Option(help="The player (0: the game master's view).")],
    lang: Annotated[str, typer.Option(help="de or en.")] = "de",
) -> None:
    """Print a player's printout of the last evaluated turn."""
    state = _read(state_file)
    if player != 0 and player not in {p.number for p in state.players}:
        raise typer.BadParameter(f"no player {player} in this game")
    if lang not in ("de", "en"):
        raise typer.BadParameter("--lang must be de or en")
    sys.stdout.write(_game().printout(state, player, lang))


if __name__ == "__main__":
    app()
