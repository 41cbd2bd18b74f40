"""``pbem gm``: the GM's commands on the command line, for any game in the database.

    pbem gm create --config pbem.toml --kind KIND --number 227 --gm gm@example.org \\
        --gm-password geheim --player 1=anna@example.org --player 2=bob@example.org,en
    pbem gm start 227 --config pbem.toml
    pbem gm deadline 227 "01.12.2026 18:00"      pbem gm postpone 227 "2 Tage"
    pbem gm status 227                            pbem gm list

Every command opens the database of ``--config`` (``database_url``; migrated first), does
its work in one transaction and commits. Without ``--config`` the database comes from
``PBEM_DATABASE_URL`` or the default, and the command says which. Only ``create`` and
``standby add`` make a database that is not there; every other command says it is missing.
Mails (printouts, notices) only go into the outbox: the running service (``pbem serve``)
sends them. Deadlines and durations are written as in a GM mail (docs/gm-commands.md) and
read in the game's time zone. Output and errors are in the language of ``--lang``; an
error is one line on stderr, exit code 1 when the GM asked for something impossible, 2
when the command line is wrong (mailserver/app/cli/common.py).
"""

from __future__ import annotations

import mimetypes
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.rule import Rule
from rich.table import Table
from sqlmodel import col, select

from db.models import Game, GameStatus, Standby, StandbyStatus
from db.repo import current_players, set_web_access
from grammar import gm as lang_gm
from mailserver.app.cli.common import (
    LangOption,
    fail,
    game_number,
    read_input,
    whole_number,
)
from mailserver.app.cli.gm_create import create_cmd
from mailserver.app.cli.gm_edit import delete_cmd, edit_cmd, password_cmd
from mailserver.app.cli.gm_map import map_cmd
from mailserver.app.cli.gm_session import (
    ConfigOption,
    GameArg,
    SeatArg,
    console,
    game_or_fail,
    gm_session,
    one_command,
    perform,
    utc_now,
)
from mailserver.app.cli.group_help import GM_HELP, HELP_MARKUP
from mailserver.common import tokens as web_tokens
from mailserver.common.catalog import languages as host_languages
from mailserver.common.catalog import say
from mailserver.common.formats import format_when
from mailserver.common.terms import HostTerms
from mailserver.gm import operations as gm
from mailserver.inbound.cleaning import normalise
from mailserver.outbound.smtp import Attachment

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help=GM_HELP,
    rich_markup_mode=HELP_MARKUP,
)
standby_app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="The standby list (docs/host-rules.md).",
    rich_markup_mode=HELP_MARKUP,
)
app.add_typer(standby_app, name="standby")
app.command("create")(create_cmd)
app.command("edit")(edit_cmd)
app.command("delete")(delete_cmd)
app.command("password")(password_cmd)
app.command("map")(map_cmd)


# ------------------------------------------------------------------------ life


@app.command("start")
def start_cmd(
    number: GameArg,
    config: ConfigOption = None,
    show_passwords: Annotated[
        bool, typer.Option(help="Also print the players' new passwords here.")
    ] = False,
    lang: LangOption = "de",
) -> None:
    """Start a game: turn 0 printouts with each player's password go into the outbox."""
    with gm_session(config, lang) as (session, settings):
        passwords = gm.start_game(session, number, HostTerms.from_settings(settings).at(utc_now()))
        game = game_or_fail(session, number, lang)
        deadline = (
            format_when(game.next_deadline, game.timezone, lang)
            if game.next_deadline is not None
            else say(lang, "cli_no_deadline")
        )
    console.print(
        say(lang, "cli_started", game=number, count=len(passwords), deadline=deadline)
        + " "
        + say(lang, "cli_outbox_note")
    )
    if show_passwords:
        table = Table(*say(lang, "cli_password_columns").split("|"))
        for seat, password in sorted(passwords.items()):
            table.add_row(str(seat), password)
        console.print(table)


@app.command("deadline")
def deadline_cmd(
    number: GameArg,
    when: Annotated[
        str, typer.Argument(help="'01.12.2026 18:00', '2026-12-01 18:00', '+3d', 'morgen 18:00'.")
    ],
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """Set the next deadline (in the game's time zone); the players are told."""
    perform(config, number, one_command("ZAT " + when, lang), lang)


@app.command("postpone")
def postpone_cmd(
    number: GameArg,
    duration: Annotated[str, typer.Argument(help="'2 Tage', '36h', '1 week'.")],
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """Move the deadline later (docs/host-rules.md, "Deadlines"); the players are told."""
    perform(config, number, one_command("Verschieben " + duration, lang), lang)


def _game_command(
    name: str,
    command: type[lang_gm.Pause | lang_gm.Resume | lang_gm.Release],
    summary: str,
) -> None:
    """Register ``pbem gm NAME GAME``: the GM mail's ``command`` for one game, nothing else."""

    def run(number: GameArg, config: ConfigOption = None, lang: LangOption = "de") -> None:
        perform(config, number, command(line=1), lang)

    run.__doc__ = summary
    app.command(name)(run)


for _name, _command, _summary in (
    ("pause", lang_gm.Pause, "Pause a game: no turn runs until `resume`."),
    ("resume", lang_gm.Resume, "Resume a paused game."),
    (
        "release",
        lang_gm.Release,
        "Release a turn held for the GM (e.g. most players without orders).",
    ),
):
    _game_command(_name, _command, _summary)


@app.command("run")
def run_cmd(
    number: GameArg,
    force: Annotated[
        bool, typer.Option("--force", help="Run even while players still miss orders.")
    ] = False,
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """Evaluate the pending turn now; the printouts go into the outbox. While players
    still miss orders it names them and runs only with --force."""
    perform(config, number, lang_gm.ProcessNow(line=1, force=force), lang)


@app.command("report")
def report_cmd(
    number: GameArg,
    seat: SeatArg,
    file: Annotated[Path, typer.Argument(help="The report's text (UTF-8).")],
    attach: Annotated[
        list[Path] | None, typer.Option(help="A file sent with the report, repeatable.")
    ] = None,
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """Keep the report to one seat for the turn waiting for the GM (adjudicated games)."""
    try:
        text = read_input(file, lang).decode("utf-8")
    except UnicodeDecodeError:
        fail(say(lang, "cli_not_utf8", file=file), lang, 2)
    files = [
        Attachment(path.name, _content_type(path), read_input(path, lang)) for path in attach or []
    ]
    with gm_session(config, lang) as (session, _settings):
        gm.record_report(session, number, seat, text, attachments=files, now=utc_now())
    console.print(say(lang, "cli_report_kept", seat=seat, game=number, count=len(files)))


def _content_type(path: Path) -> str:
    guessed, _ = mimetypes.guess_type(path.name)
    return guessed or "application/octet-stream"


@app.command("publish")
def publish_cmd(number: GameArg, config: ConfigOption = None, lang: LangOption = "de") -> None:
    """Send the GM's reports of the waiting turn as its printouts (adjudicated games)."""
    with gm_session(config, lang) as (session, settings):
        result = gm.publish(session, number, HostTerms.from_settings(settings).at(utc_now()))
    console.print(
        say(lang, "cli_published", turn=result.turn, game=number, count=len(result.outbox_ids))
    )


@app.command("preview")
def preview_cmd(
    number: GameArg,
    config: ConfigOption = None,
    seat: Annotated[
        int | None,
        typer.Option(
            help="Only this seat's printout (0: the GM's summary).",
            **whole_number("--seat", 0, lang_gm.SEAT_MAX),
        ),
    ] = None,
    lang: LangOption = "de",
) -> None:
    """Print the printouts the pending turn would give; nothing is stored or sent."""
    with gm_session(config, lang) as (session, settings):
        game = game_or_fail(session, number, lang)
        printouts = gm.preview(session, number, HostTerms.from_settings(settings))
    if seat is not None and seat not in printouts:  # else it would print nothing at all
        fail(say(lang, "cli_no_player", player=seat), lang)
    for each, text in sorted(printouts.items()):
        if seat is not None and each != seat:
            continue
        who = say(lang, "cli_preview_gm") if each == 0 else say(lang, "cli_preview_seat", seat=each)
        console.print(
            Rule(say(lang, "cli_preview_title", game=game.number, turn=game.turn + 1, who=who))
        )
        console.print(text, markup=False)


@app.command("replace")
def replace_cmd(
    number: GameArg,
    seat: SeatArg,
    config: ConfigOption = None,
    address: Annotated[
        str | None, typer.Option(help="The new player's address (default: next standby).")
    ] = None,
    language: Annotated[str | None, typer.Option(help="The new player's language.")] = None,
    allow_second_seat: Annotated[
        bool,
        typer.Option(
            "--allow-second-seat", help="Also if that address already holds another seat."
        ),
    ] = False,
    lang: LangOption = "de",
) -> None:
    """A new player takes over a seat and gets its password and current printout."""
    command = lang_gm.ReplacePlayer(
        line=1, seat=seat, address=address, language=language, second_seat=allow_second_seat
    )
    perform(config, number, command, lang)


@app.command("drop")
def drop_cmd(
    number: GameArg, seat: SeatArg, config: ConfigOption = None, lang: LangOption = "de"
) -> None:
    """A player leaves the game."""
    perform(config, number, lang_gm.DropPlayer(line=1, seat=seat), lang)


def _text_argument(text: str | None, lang: str) -> str:
    """A news or secret text, from the argument or stdin: without control characters (an
    escape sequence would act in the players' terminals), as the intake cleans an order
    text, and at most the GM mail's :data:`~grammar.gm.TEXT_MAX` characters."""
    most = lang_gm.TEXT_MAX
    raw = sys.stdin.read(most + 1) if text in (None, "-") else str(text)
    value = normalise(raw)
    if not value.strip():
        fail(say(lang, "cli_empty_text"), lang, 2)
    if len(value) > most:
        fail(say(lang, "cli_text_too_long", most=most), lang, 2)
    return value.strip("\n")


@app.command("news")
def news_cmd(
    number: GameArg,
    text: Annotated[str | None, typer.Argument(help="The news; - or nothing: stdin.")] = None,
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """GM news for the newspaper of the next printouts."""
    perform(config, number, lang_gm.PublishNews(line=1, text=_text_argument(text, lang)), lang)


@app.command("secret")
def secret_cmd(
    number: GameArg,
    seat: Annotated[
        int,
        typer.Argument(
            help="The addressee's seat.",
            **whole_number("SEAT", 1, lang_gm.SEAT_MAX),
        ),
    ],
    text: Annotated[str | None, typer.Argument(help="The message; - or nothing: stdin.")] = None,
    from_seat: Annotated[
        int | None,
        typer.Option(
            "--from",
            help="The sender's seat (default: the GM).",
            **whole_number("--from", 1, lang_gm.SEAT_MAX),
        ),
    ] = None,
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """Forward a secret message; it goes with the addressee's next printout."""
    command = lang_gm.ForwardSecret(
        line=1, to_seat=seat, text=_text_argument(text, lang), from_seat=from_seat
    )
    perform(config, number, command, lang)


@app.command("resend")
def resend_cmd(
    number: GameArg,
    seat: SeatArg,
    turn: Annotated[
        int | None,
        typer.Option(
            help="The turn (default: the latest).",
            **whole_number("--turn", 0, lang_gm.TURN_MAX),
        ),
    ] = None,
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """Put a player's printout into the outbox again."""
    perform(config, number, lang_gm.ResendPrintout(line=1, seat=seat, turn=turn), lang)


@app.command("status")
def status_cmd(
    number: Annotated[
        int | None,
        typer.Argument(
            help="The game number (not needed if there is one game).",
            **game_number("GAME"),
        ),
    ] = None,
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """Who has submitted, who is late, the next deadline, whether the turn is held."""
    if number is None:
        number = _the_one_game(config, lang)
    perform(config, number, lang_gm.ShowStatus(line=1), lang)


def _the_one_game(config: Path | None, lang: str) -> int:
    """The number of the only game not finished (else of the only game); exit 2 naming
    the games if there are several, 1 if there are none."""
    with gm_session(config, lang) as (session, _settings):
        games = list(session.exec(select(Game).order_by(col(Game.number))).all())
    open_games = [g for g in games if g.status != GameStatus.FINISHED] or games
    if not open_games:
        fail(say(lang, "cli_no_games"), lang)
    if len(open_games) > 1:
        numbers = ", ".join(str(g.number) for g in open_games)
        fail(say(lang, "cli_which_game", games=numbers), lang, 2)
    return open_games[0].number


@app.command("list")
def list_cmd(config: ConfigOption = None, lang: LangOption = "de") -> None:
    """All games with status, turn, players and next deadline."""
    with gm_session(config, lang) as (session, _settings):
        games = list(session.exec(select(Game).order_by(col(Game.number))).all())
        rows = []
        for game in games:
            assert game.id is not None
            players = len(current_players(session, game.id))
            deadline = (
                format_when(game.next_deadline, game.timezone, lang)
                if game.next_deadline is not None
                else "-"
            )
            status = say(lang, f"status_game_{game.status}") + (
                say(lang, "cli_held") if game.held else ""
            )
            rows.append(
                (str(game.number), game.kind, status, str(game.turn), str(players), deadline)
            )
    if not rows:
        console.print(say(lang, "cli_no_games"))
        return
    table = Table(*say(lang, "cli_game_columns").split("|"))
    for row in rows:
        table.add_row(*row)
    console.print(table)


# ------------------------------------------------------------------------ standby


@standby_app.command("add")
def standby_add_cmd(
    address: Annotated[str, typer.Argument(help="The standby player's address.")],
    config: ConfigOption = None,
    name: Annotated[str | None, typer.Option(help="The name.")] = None,
    language: Annotated[str, typer.Option(help=" or ".join(host_languages()) + ".")] = "de",
    kind: Annotated[str | None, typer.Option(help="Only for this game kind.")] = None,
    lang: LangOption = "de",
) -> None:
    """Put someone on the standby list."""
    with gm_session(config, lang, may_create=True) as (session, _settings):
        entry = gm.add_standby(
            session, address, name=name, language=language, kind=kind, now=utc_now()
        )
        console.print(
            say(lang, "cli_standby_added", address=entry.address, language=entry.language)
        )


@standby_app.command("list")
def standby_list_cmd(config: ConfigOption = None, lang: LangOption = "de") -> None:
    """The standby list, longest waiting first."""
    with gm_session(config, lang) as (session, _settings):
        entries = list(
            session.exec(
                select(Standby)
                .where(Standby.status == StandbyStatus.WAITING)
                .order_by(col(Standby.created_at), col(Standby.id))
            ).all()
        )
    if not entries:
        console.print(say(lang, "cli_standby_empty"))
        return
    table = Table(*say(lang, "cli_standby_columns").split("|"))
    for position, entry in enumerate(entries, 1):
        table.add_row(
            str(position),
            entry.address,
            entry.name or "",
            entry.language,
            entry.preferred_kind or say(lang, "cli_any_kind"),
            f"{entry.created_at:%Y-%m-%d}",
        )
    console.print(table)


@app.command("web-link")
def web_link_cmd(
    number: GameArg,
    seat: Annotated[
        int,
        typer.Argument(
            help="The seat (player number); 0: the GM page.",
            **whole_number("SEAT", 0, lang_gm.SEAT_MAX),
        ),
    ],
    renew: Annotated[
        bool, typer.Option("--renew", help="A new link; the old one stops working.")
    ] = False,
    revoke: Annotated[bool, typer.Option("--revoke", help="No link works until --renew.")] = False,
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """Show a seat's secret web link (docs/web.md); renew or revoke it."""
    if renew and revoke:
        fail(say(lang, "cli_web_both"), lang, 2)
    with gm_session(config, lang) as (session, settings):
        game = game_or_fail(session, number, lang)
        if web_tokens.occupant_id(session, game, seat) is None:
            fail(say(lang, "cli_no_seat", game=number, seat=seat), lang)
        if renew or revoke:
            set_web_access(session, game.id or 0, seat, renew=renew, revoke=revoke, now=utc_now())
        url = web_tokens.seat_url(session, settings.web, game, seat)
        gone = "cli_web_left" if web_tokens.link_ended(session, game, seat) else "cli_web_revoked"
    console.print(url if url is not None else say(lang, gone, game=number, seat=seat))
