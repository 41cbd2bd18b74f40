"""``pbem <kind> new|turn|report``: run any game kind offline, from files.

    pbem KIND new [--game N] [--players K] [--seat SEAT,FIELD=VALUE...] [--scenario NAME]
                  [--seed S] -o state.json
    pbem KIND turn state.json --orders P=FILE ... [--seed S] -o next.json
    (prints: Turn 3 evaluated: orders of 2 players read; player 4 is out (defeated).)
    pbem KIND report state.json --player P [--lang de|en]

One sub-command per registered kind, built from the kind's contract alone. FILE is a
player's order text or a whole mail, read by the kind's order language. A file that
cannot be read, a bad option or a game's refusal (a bad setup, a finished game) is one
line on stderr and exit code 2, never a traceback; the errors are in English except for
``report``, which says them in its ``--lang``.
"""

# No "from __future__ import annotations": typer reads the options' help texts, built per
# kind inside kind_app, from annotations evaluated when each command is defined.
import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from engine.core import (
    NEUTRAL,
    Event,
    GameKind,
    JSONValue,
    Order,
    PlayerSetup,
    Setup,
    State,
    turn_dice,
    turn_rng,
)
from engine.dice import Dice
from mailserver.app.cli.common import (
    LangOption,
    fail,
    game_number,
    read_input,
    whole_number,
    write_output,
)
from mailserver.app.cli.dice import forced_rolls
from mailserver.app.cli.group_help import HELP_MARKUP, kind_help
from mailserver.common.catalog import say
from mailserver.common.kinds import order_language, printout_headings
from mailserver.inbound.mailbody import extract_order_text

# Why a player left, in words: the reasons the host itself acts on (mailserver/turns/run.py);
# a kind's own reason is shown as the kind gives it.
_OUT_REASONS = {"defeated": "defeated", "nmr": "missed orders", "resigned": "resigned"}


def _players(numbers: list[JSONValue]) -> str:
    """``player 4``, ``players 2 and 4``, ``players 1, 2 and 4``."""
    names = [str(number) for number in numbers]
    if len(names) == 1:
        return f"player {names[0]}"
    return f"players {', '.join(names[:-1])} and {names[-1]}"


def event_words(event: Event) -> str:
    """An engine's event in words: a player out and the end of the game as sentences, any
    other kind by its name, its player and its plain details
    (``rounds decided (rounds 14, votes 8)``)."""
    data = event.data
    if event.kind == "player_out":
        reason = str(data.get("reason") or "")
        said = _OUT_REASONS.get(reason, reason)
        return f"player {event.player} is out" + (f" ({said})" if said else "")
    if event.kind == "game_over":
        why = data.get("reason")
        winners = data.get("winners")
        text = "game over" + (f" ({why})" if why else "")
        if isinstance(winners, list) and winners:
            text += f", won by {_players(winners)}"
        return text
    # Nested details (tables, lists) do not fit on the line; the state file has them.
    details = ", ".join(
        f"{key.replace('_', ' ')} {value}"
        for key, value in data.items()
        if isinstance(value, str | int | float | bool)
    )
    text = event.kind.replace("_", " ")
    if event.player != NEUTRAL:
        text += f" for player {event.player}"
    return text + (f" ({details})" if details else "")


def turn_summary(turn: int, players_read: int, events: list[Event]) -> str:
    """The line ``pbem KIND turn`` prints: the turn, whose orders were read, what happened."""
    noun = "player" if players_read == 1 else "players"
    parts = [f"orders of {players_read} {noun} read", *(event_words(e) for e in events)]
    return f"Turn {turn} evaluated: {'; '.join(parts)}."


def _option_value(text: str) -> Any:
    value = text.strip()
    return json.loads(value.lower() if value.lower() in ("true", "false") else value)


def seat_fields(kind: GameKind, specs: list[str], players: int) -> dict[int, dict[str, str]]:
    """The ``--seat SEAT,FIELD=VALUE[,FIELD=VALUE...]`` options read: per seat, the values
    of the kind's per-seat fields (as the GM's ``create`` takes them after the address).
    A seat or field given twice: the last value counts. Exits 2 on a bad one."""
    known = [f.name for f in kind.seat_fields]
    fields: dict[int, dict[str, str]] = {}
    for spec in specs:
        seat_text, *parts = spec.split(",")
        if not seat_text.strip().isdecimal() or not 1 <= int(seat_text) <= players:
            fail(f"--seat {spec!r}: expected SEAT,FIELD=VALUE with a seat 1-{players}", "en", 2)
        values = fields.setdefault(int(seat_text), {})
        for part in parts:
            name, sep, value = (x.strip() for x in part.partition("="))
            if not sep or name not in known or not value:
                names = ", ".join(known) or "none"
                fail(
                    f"--seat {spec!r}: {part.strip()!r} is no FIELD=VALUE (fields: {names})",
                    "en",
                    2,
                )
            values[name] = value
    return fields


def kind_app(kind: GameKind) -> typer.Typer:
    """The offline commands of one game kind."""
    app = typer.Typer(
        add_completion=False,
        no_args_is_help=True,
        help=kind_help(kind.title),
        rich_markup_mode=HELP_MARKUP,
    )
    engine = kind.engine

    def write(state: State, output: Path) -> None:
        text = json.dumps(state.to_json(), ensure_ascii=False, indent=1) + "\n"
        write_output(output, text, "en")

    def read(path: Path, lang: str = "en") -> State:
        try:
            data = json.loads(read_input(path, lang))
        except ValueError:  # not JSON, not UTF-8: the decoder's position says nothing here
            fail(say(lang, "cli_state_not_json", file=path), lang, 2)
        if not isinstance(data, dict):
            fail(say(lang, "cli_state_not_json", file=path), lang, 2)
        try:
            return engine.state_from_json(data)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            fail(f"{path}: {exc}", lang, 2)

    field_names = ", ".join(f.name for f in kind.seat_fields)
    seat_help = (
        f"SEAT,FIELD=VALUE[,FIELD=VALUE...]: a seat's {field_names}, repeatable; what a "
        "seat does not give the game deals from the seed."
        if kind.seat_fields
        else "This kind has no per-seat fields."
    )

    @app.command("new")
    def new_cmd(
        output: Annotated[Path, typer.Option("-o", "--output", help="Where to write the state.")],
        game: Annotated[
            int,
            typer.Option(help="The game number.", **game_number("--game")),
        ] = 1,
        # The kind's own bounds: a huge --players would build millions of seats.
        players: Annotated[
            int,
            typer.Option(
                help=f"Number of players, seats 1..K ({kind.min_players}-{kind.max_players}).",
                **whole_number("--players", kind.min_players, kind.max_players),
            ),
        ] = kind.max_players,
        seat: Annotated[list[str] | None, typer.Option(help=seat_help)] = None,
        scenario: Annotated[
            str | None,
            typer.Option(help="A scenario: " + (", ".join(kind.scenarios) or "none") + "."),
        ] = None,
        seed: Annotated[
            int,
            typer.Option(
                help="The game's seed (every turn's chance).",
                **whole_number("--seed", 0),
            ),
        ] = 0,
        option: Annotated[
            list[str] | None,
            typer.Option(help="A rule option NAME=VALUE (JSON value), repeatable."),
        ] = None,
        option_file: Annotated[
            list[str] | None,
            typer.Option(help="A rule option NAME=FILE whose value is the file's text."),
        ] = None,
    ) -> None:
        """Start a game: the state of turn 0 (the start position)."""
        if scenario is not None and scenario not in kind.scenarios:
            known = ", ".join(kind.scenarios) or "none"
            fail(f"--scenario {scenario}: not a scenario of {kind.name} ({known})", "en", 2)
        options: dict[str, Any] = {}
        for item in option or []:
            key, _, value = item.partition("=")
            try:
                options[key.strip()] = _option_value(value)
            except ValueError:
                fail(f"--option {item!r}: not a JSON value", "en", 2)
        for item in option_file or []:
            key, _, file = item.partition("=")
            try:
                options[key.strip()] = Path(file).read_text(encoding="utf-8")
            except OSError as exc:
                fail(f"--option-file {item!r}: {exc.strerror or exc}", "en", 2)
        given = seat_fields(kind, seat or [], players)
        seats = [PlayerSetup(number=n, fields=given.get(n, {})) for n in range(1, players + 1)]
        try:
            state = engine.new_game(
                Setup(game=game, players=seats, scenario=scenario, options=options, seed=seed),
                turn_rng(seed, 0),
            )
        except ValueError as exc:
            fail(str(exc), "en", 2)
        write(state, output)

    def read_orders(state: State, spec: str) -> tuple[int, list[Order]]:
        player_text, _, file = spec.partition("=")
        if not player_text.strip().isdecimal() or not file:
            fail(f"--orders {spec!r}: expected P=FILE", "en", 2)
        player = int(player_text)
        rulers = engine.names(state).rulers
        if player not in rulers and player != 0:
            fail(f"--orders {spec!r}: no player {player} in this game", "en", 2)
        body = extract_order_text(
            read_input(Path(file), "en"), printout_headings=printout_headings()
        )
        names = engine.names(state)
        result = order_language(kind).parse(
            body.text, body.subject or None, names.places, rulers=names.rulers
        )
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
            typer.Option(help="P=FILE: the orders of player P (0: news); missing players: NMR."),
        ] = None,
        seed: Annotated[
            int | None,
            typer.Option(
                help="Seed of this turn's chance (default: from the game's seed and the turn)."
            ),
        ] = None,
        dice_file: Annotated[
            Path | None,
            typer.Option(
                "--dice",
                help="The turn's dice, in draw order: lines 'LABEL VALUE' or 'VALUE' "
                "(docs/dice.md, Dice.forced).",
            ),
        ] = None,
    ) -> None:
        """Evaluate the next turn and write the new state."""
        state = read(state_file)
        given: dict[int, list[Order]] = {}
        for spec in orders or []:
            player, found = read_orders(state, spec)
            given.setdefault(player, []).extend(found)
        dice = (
            turn_dice(state.seed if seed is None else seed, state.turn + 1)
            if dice_file is None
            else Dice.forced(forced_rolls(read_input(dice_file, "en"), dice_file))
        )
        try:
            result = engine.run_turn(state, given, dice)
        except ValueError as exc:
            fail(str(exc), "en", 2)
        write(result.state, output)
        # 0 is the news; a file with no order in it was not read as orders.
        players_read = len([player for player, found in given.items() if player != 0 and found])
        typer.echo(turn_summary(result.state.turn, players_read, result.events))

    @app.command("report")
    def report_cmd(
        state_file: Annotated[Path, typer.Argument(help="A state file.")],
        player: Annotated[int, typer.Option(help="The player (0: the game master's view).")],
        lang: LangOption = "de",
    ) -> None:
        """Print a player's printout of the last evaluated turn."""
        state = read(state_file, lang)
        if player != 0 and player not in engine.names(state).rulers:
            fail(say(lang, "cli_no_player", player=player), lang, 2)
        sys.stdout.write(engine.printout(state, player, lang))

    return app
