"""``pbem demo``: a whole game by mail on this machine, with no setup.

A local mail stack on loopback (Dovecot when installed, otherwise the embedded IMAP
server), the real service (IMAP intake, scheduler, SMTP outbox) on a fresh SQLite
database, a game of bot players who read their printouts and mail orders like people
do — some with an article, a secret message or an Eildepesche — and short deadlines. At
the end it says where every player's mail is and how to read it with a mail client.

The demo folder also gets what a person needs to join in while the demo runs
(``--keep-running``): a ready muttrc per player and for the GM (``mutt/``), and the
demo's settings as ``pbem.toml``, which ``pbem`` commands run in that folder read by
themselves (``pbem gm status 1``, ``pbem gm web-link 1 0``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import shutil
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from email.message import EmailMessage
from email.utils import make_msgid
from functools import partial
from pathlib import Path
from random import Random

from sqlmodel import col, func, select

from config.settings import Settings, WebSettings, toml_value
from db.models import Game, Outbox, OutboxKind, OutboxStatus, utcnow
from db.session import transaction
from engine.core import GameKind, State
from mailserver.app.localmail import LocalMail
from mailserver.app.localmail.mutt import write_private
from mailserver.app.service import Service
from mailserver.common import tokens
from mailserver.common.catalog import say
from mailserver.common.kinds import UnknownGameKind, game_kind, kind_names
from mailserver.common.terms import HostTerms
from mailserver.gm import operations as gm
from mailserver.outbound.smtp import SmtpTransport

log = logging.getLogger("pbem.demo")

DOMAIN = "demo.pbem"
HOST = f"pbem@{DOMAIN}"
HOST_IP = "127.0.0.1"
"""Where the demo's web pages listen (loopback only)."""
GM = f"gm@{DOMAIN}"
MARKER = ".pbem-demo"
GAME_NUMBER = 1
GM_PASSWORD = "demo-spielleiter"
"""The GM password of the demo game (the GM writes no mail in the demo)."""
SETTINGS_FILE = "pbem.toml"
"""The demo's settings in its folder (``pbem`` commands there read it without --config)."""
MUTT_FOLDER = "mutt"
"""Where the demo writes a muttrc per mailbox (``spieler1.muttrc``, ``gm.muttrc``)."""


class DemoError(Exception):
    """Why the demo cannot run, or stopped: a text of the host's catalog and its values,
    said in the user's language (``pbem demo --lang``) by :meth:`message`. A value that is
    a :class:`Words` is said in that language too."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.words = Words(key, values)

    def message(self, lang: str) -> str:
        """The reason in ``lang``."""
        return self.words.say(lang)


@dataclass(frozen=True)
class Words:
    """A catalog text and its values, said once the language is known."""

    key: str
    values: dict[str, object] = field(default_factory=dict)

    def say(self, lang: str) -> str:
        values = {k: v.say(lang) if isinstance(v, Words) else v for k, v in self.values.items()}
        return say(lang, self.key, **values)


@dataclass
class DemoConfig:
    """What ``pbem demo`` is asked to do."""

    directory: Path
    kind: str | None = None
    """The game kind to play (default: the first registered)."""
    players: int | None = None
    """Bot players (default: the kind's :attr:`~engine.core.GameKind.demo_players`)."""
    turns: int = 3
    turn_seconds: float = 20.0
    seed: int = 1
    embedded: bool = False
    """Use the embedded IMAP server even when Dovecot is installed."""
    keep_running: bool = False
    """After the game, keep mail and service running (for a mail client) until Ctrl-C."""
    say: Callable[[str], None] = print


@dataclass
class DemoResult:
    """What the demo left behind (for the summary and for tests)."""

    directory: Path
    mail_kind: str
    turns_run: int
    mail_counts: dict[str, int] = field(default_factory=dict)
    passwords: dict[str, str] = field(default_factory=dict)
    client_instructions: str = ""
    last_printout: str = ""
    printout_files: list[str] = field(default_factory=list)
    """The names of the files the last printout carried (the map, the JSON twin)."""
    links: list[tuple[str, str]] = field(default_factory=list)
    """The web pages: (whose, link) for the public page, the GM and every seat."""
    muttrcs: dict[str, Path] = field(default_factory=dict)
    """Address -> a ready muttrc for it (every player and the GM)."""
    settings_file: Path | None = None
    """The demo's ``pbem.toml``."""


def player_address(seat: int) -> str:
    """The demo mailbox of the player in ``seat``."""
    return f"spieler{seat}@{DOMAIN}"


DEMO_NAMES = (
    "THRAWN",
    "BORG",
    "NECRON",
    "QUILDOR",
    "ROLAND",
    "SALVADOR",
    "REBULARD",
    "VRAZRUUB",
    "KATARN",
    "TAYLOR",
    "GANDALF",
    "HIKE",
    "ENSCH",
    "POGONATOS",
    "ZARDOZ",
)
"""Names for a kind's free-text seat fields (such as code names)."""


def seat_fields(kind: GameKind, seat: int) -> dict[str, str]:
    """The values of the kind's per-seat fields for a demo seat: the choices in turn (with
    as many seats as choices, every choice plays), a name of :data:`DEMO_NAMES` for free
    text."""
    values: dict[str, str] = {}
    for field_ in kind.seat_fields:
        if field_.choices:
            values[field_.name] = field_.choices[(seat - 1) % len(field_.choices)]
        else:
            values[field_.name] = DEMO_NAMES[(seat - 1) % len(DEMO_NAMES)]
    return values


def demo_players(config: DemoConfig, kind: GameKind) -> int:
    """The bot players of the demo: as asked, else the kind's default (its set-up for that
    many players, such as a scenario, is the engine's choice); refused outside the kind's
    range."""
    players = kind.demo_players if config.players is None else config.players
    if not kind.min_players <= players <= kind.max_players:
        raise DemoError(
            "demo_players_range", title=kind.title, low=kind.min_players, high=kind.max_players
        )
    return players


def prepare_directory(directory: Path) -> None:
    """An empty demo folder; only a folder of an earlier demo is ever emptied."""
    if directory.exists() and any(directory.iterdir()):
        if not (directory / MARKER).exists():
            raise DemoError("demo_not_a_demo_folder", path=directory)
        shutil.rmtree(directory)
    directory.mkdir(parents=True, exist_ok=True)
    (directory / MARKER).write_text("made by pbem demo; emptied by the next run\n")


async def run_demo(config: DemoConfig) -> DemoResult:
    """Play ``config.turns`` turns of a bot game by mail; return where the mail is."""
    say = config.say
    try:
        kind = game_kind(config.kind or kind_names()[0])
    except UnknownGameKind:
        known = ", ".join(kind_names())
        raise DemoError("gm_error_unknown_kind", kind=config.kind, known=known) from None
    if kind.bots is None:
        raise DemoError("demo_no_bots", kind=kind.name)
    players = demo_players(config, kind)
    prepare_directory(config.directory)
    mail = LocalMail(config.directory / "mail", prefer_embedded=config.embedded)
    mail.add_user(HOST, "host-secret")
    mail.add_user(GM, "gm-secret")
    for seat in range(1, players + 1):
        mail.add_user(player_address(seat), f"mail{seat}")
    await mail.start()
    say(
        f"Mail stack: {mail.kind} (IMAP {mail.imap_host}:{mail.imap_port}, "
        f"SMTP {mail.smtp_host}:{mail.smtp_port})"
    )
    muttrcs = write_muttrcs(mail, config.directory / MUTT_FOLDER, players)
    settings = Settings(
        database_url=f"sqlite:///{config.directory / 'pbem.sqlite3'}",
        gm_address=GM,
        imap=mail.imap_settings(HOST, "host-secret").model_copy(update={"idle_seconds": 60}),
        smtp=mail.smtp_settings(HOST),
        log_format="text",
        resync_seconds=2.0,
        web=WebSettings(enabled=True, host=HOST_IP, port=free_port()),
    )
    settings_file = write_settings(settings, config.directory / SETTINGS_FILE)
    service = Service(settings)
    service_task = asyncio.create_task(service.run())
    try:
        result = await _play(config, kind, players, mail, service, say)
        result.muttrcs, result.settings_file = muttrcs, settings_file
        result.client_instructions = mail.client_instructions()
        result.mail_counts = {address: len(mail.mailbox(address)) for address in mail.users}
        if config.keep_running:
            say(summary(result))
            say("Mail and game server keep running; Ctrl-C stops them.")
            await service_task  # the service stops on SIGINT/SIGTERM
    finally:
        service.stop()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(service_task, 30)
        await mail.stop()
    return result


async def _play(
    config: DemoConfig,
    kind: GameKind,
    players: int,
    mail: LocalMail,
    service: Service,
    say: Callable[[str], None],
) -> DemoResult:
    now, terms = utcnow(), HostTerms.from_settings(service.settings)
    seats = [
        gm.SeatSpec(
            seat=seat,
            address=player_address(seat),
            language="de",
            fields=seat_fields(kind, seat),
        )
        for seat in range(1, players + 1)
    ]
    with transaction(service.engine) as session:
        game = gm.create_game(
            session,
            kind=kind.name,
            number=GAME_NUMBER,
            gm_address=GM,
            gm_password=GM_PASSWORD,
            seats=seats,
            every_days=None,
            at=None,
            first_deadline=None,  # set once the bots' orders are in, and mailed to them
            options={"urgent_postage": 80},  # an urgent dispatch costs postage
            reminder_hours=[],
            seed=config.seed,
            now=now,
        )
        game_id = game.id or 0
        passwords = gm.start_game(session, GAME_NUMBER, terms.at(now))
    service.sender.wake()
    service.scheduler.poke(game_id)
    say(f"Game {GAME_NUMBER} started with {players} bot players; printouts of turn 0 sent.")
    rng = Random(config.seed)
    smtp = SmtpTransport(mail.smtp_settings(HOST))
    try:
        for turn in range(1, config.turns + 1):
            await _wait(
                partial(_printouts_sent, service, game_id, turn - 1, players),
                Words("demo_wait_printouts", {"turn": turn - 1}),
                120,
            )
            state = _state(service, game_id)
            for seat in range(1, players + 1):
                text = _orders(kind, state, seat, passwords[seat], rng, turn, players)
                if text is not None:
                    await smtp.send(_mail(player_address(seat), text, turn))
            say(f"Turn {turn}: the bots mailed their orders.")
            await _wait(
                partial(_acks_arrived, service, game_id, turn, players - 1),
                Words("demo_wait_acks", {"turn": turn}),
                120,
            )
            with transaction(service.engine) as session:
                deadline = utcnow() + timedelta(seconds=config.turn_seconds)
                gm.set_deadline(session, GAME_NUMBER, deadline, terms.at(utcnow()))
            service.scheduler.poke(game_id)
            say(f"Turn {turn}: acknowledged; the deadline is in {config.turn_seconds:.0f} s.")
            if kind.ruled is not None:
                await _rule_as_bot_gm(mail, smtp, turn)
                say(f"Turn {turn}: the bot GM took the dossier's ruling form and published.")
        await _wait(
            lambda: _printouts_sent(service, game_id, config.turns, players),
            Words("demo_wait_printouts", {"turn": config.turns}),
            180,
        )
    finally:
        await smtp.close()
    say(f"Turn {config.turns} evaluated; every printout delivered.")
    last, files = _last_printout(mail.mailbox(player_address(1)), config.turns)
    return DemoResult(
        directory=config.directory,
        mail_kind=mail.kind,
        turns_run=config.turns,
        passwords={player_address(s): p for s, p in passwords.items()},
        last_printout=last,
        printout_files=files,
        links=_links(service, game_id, players),
    )


def write_muttrcs(mail: LocalMail, folder: Path, players: int) -> dict[str, Path]:
    """A ready muttrc for every player and the GM in ``folder`` (``spieler1.muttrc``)."""
    people = [(player_address(s), f"Spieler {s}") for s in range(1, players + 1)]
    return {
        address: mail.write_muttrc(address, folder / f"{address.split('@')[0]}.muttrc", name)
        for address, name in [*people, (GM, "Spielleitung")]
    }


def write_settings(settings: Settings, path: Path) -> Path:
    """The demo's settings as TOML at ``path`` (owner only: it holds the mail password),
    what ``pbem gm …`` and ``pbem serve`` in the demo folder read by themselves."""
    header = [
        "# The settings of this pbem demo (written by pbem demo, anew by every run).",
        "# pbem commands run in this folder read this file by themselves, e.g.",
        f"#   pbem gm status {GAME_NUMBER}      pbem gm web-link {GAME_NUMBER} 0",
        "# The mail ports and the web port hold while the demo runs (--keep-running).",
        "",
    ]
    write_private(path, "\n".join(header) + settings_toml(settings))
    return path


def settings_toml(settings: Settings) -> str:
    """``settings`` as TOML, the values that differ from the defaults only."""

    data = settings.model_dump(exclude_defaults=True, exclude_none=True)
    lines = [
        f"{key} = {toml_value(item)}" for key, item in data.items() if not isinstance(item, dict)
    ]
    for table, items in data.items():
        if isinstance(items, dict):
            lines += [
                "",
                f"[{table}]",
                *(f"{key} = {toml_value(item)}" for key, item in items.items()),
            ]
    return "\n".join(lines) + "\n"


def free_port() -> int:
    """A TCP port free on the loopback interface now (for the demo's web pages)."""
    with socket.socket() as probe:
        probe.bind((HOST_IP, 0))
        port: int = probe.getsockname()[1]
        return port


def _links(service: Service, game_id: int, players: int) -> list[tuple[str, str]]:
    """The links of the game's pages, as the printouts carry them."""
    web = service.settings.web
    with transaction(service.engine) as session:
        game = session.get(Game, game_id)
        assert game is not None
        links = [("public", tokens.public_url(web, game))]
        for seat in range(players + 1):
            url = tokens.seat_url(session, web, game, seat)
            if url is not None:
                links.append(("GM" if seat == 0 else player_address(seat), url))
    return links


def _last_printout(mails: list[EmailMessage], turn: int) -> tuple[str, list[str]]:
    """The text of the printout of ``turn`` among ``mails`` (or of the latest mail if
    there is none) and the names of the files it carries."""
    wanted = say("de", "printout_subject", game=GAME_NUMBER, turn=turn, seat=1)
    found = [m for m in mails if m["Subject"] == wanted] or mails[-1:]
    if not found:
        return "", []
    body = found[-1].get_body(preferencelist=("plain",))
    files = [str(part.get_filename()) for part in found[-1].iter_attachments()]
    return (str(body.get_content()) if body is not None else ""), files


def _orders(
    kind: GameKind, state: State, seat: int, password: str, rng: Random, turn: int, players: int
) -> str | None:
    """A bot's order mail; some bots also write to others, one forgets turn 2."""
    if turn == 2 and seat == players:
        return None  # an NMR, to show the notice in the newspaper
    assert kind.bots is not None
    lines = [
        f"Partie {GAME_NUMBER} Spieler {seat} Kennwort {password}",
        *kind.bots.orders(state, seat, rng),
    ]
    if seat == 1 and turn == 1:
        lines += ["Artikel", f"Spieler {seat} grüßt alle Mitspieler!", "Ende"]
    if seat == 2 and turn == 2:
        lines += ["Geheim an 3", "Sollen wir gemeinsam gegen Spieler 1 ziehen?", "Ende"]
    if seat == 3 and turn == 3:
        lines += ["Eildepesche an 2", "Einverstanden. Flotten sind unterwegs.", "Ende"]
    return "\n".join(lines) + "\n"


def _mail(sender: str, body: str, turn: int) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = HOST
    msg["Subject"] = f"Befehle Runde {turn}"
    msg["Message-ID"] = make_msgid(domain=DOMAIN)
    msg.set_content(body)
    return msg


def _dossier_form(mail: LocalMail, turn: int) -> str | None:
    """The ruling form (``Entscheid`` … ``Ende``) of the dossier of ``turn`` in the GM's
    mailbox, or None while it has not come."""
    subject = say("de", "dossier_subject", game=GAME_NUMBER, turn=turn)
    for message in mail.mailbox(GM):
        if message["Subject"] != subject:
            continue
        part = message.get_body(preferencelist=("plain",))
        body = str(part.get_content()) if part is not None else ""
        start = body.rfind("\nEntscheid\n")
        end = body.find("\nEnde", start)
        if start >= 0 and end > start:
            return body[start + 1 : end] + "\nEnde"
    return None


async def _rule_as_bot_gm(mail: LocalMail, smtp: SmtpTransport, turn: int) -> None:
    """A turn whose GM rules: the bot GM mails the dossier's ruling form back as it
    came (its defaults) and publishes the turn in the same mail."""
    dossier = Words("demo_wait_dossier", {"turn": turn})
    await _wait(lambda: _dossier_form(mail, turn) is not None, dossier, 120)
    form = _dossier_form(mail, turn)
    # The greeting names the turn: two months with the same form are two mails, not one
    # mail sent twice.
    header = f"Hallo, hier Runde {turn}.\nPartie {GAME_NUMBER} Spielleiter Kennwort {GM_PASSWORD}"
    await smtp.send(_mail(GM, f"{header}\n{form}\nVeröffentlichen\n", turn))


def _state(service: Service, game_id: int) -> State:
    from db import repo

    with transaction(service.engine) as session:
        game = session.get(Game, game_id)
        assert game is not None
        snapshot = repo.load_snapshot(session, game_id, game.turn)
        assert snapshot is not None
        return game_kind(game.kind).engine.state_from_json(snapshot.state_data())


def _count_sent(service: Service, game_id: int, kind: OutboxKind, turn: int) -> int:
    with transaction(service.engine) as session:
        stmt = select(func.count(col(Outbox.id))).where(
            Outbox.game_id == game_id,
            Outbox.kind == kind,
            Outbox.turn == turn,
            Outbox.status == OutboxStatus.SENT,
        )
        return int(session.exec(stmt).one())


def _printouts_sent(service: Service, game_id: int, turn: int, players: int) -> bool:
    return _count_sent(service, game_id, OutboxKind.PRINTOUT, turn) >= players


def _acks_arrived(service: Service, game_id: int, turn: int, expected: int) -> bool:
    return _count_sent(service, game_id, OutboxKind.ACK, turn) >= expected


async def _wait(
    condition: Callable[[], bool], what: Words, timeout: float, step: float = 0.3
) -> None:
    loop = asyncio.get_running_loop()
    give_up = loop.time() + timeout
    while not await asyncio.to_thread(condition):
        if loop.time() > give_up:
            raise DemoError("demo_waited", seconds=f"{timeout:.0f}", what=what)
        await asyncio.sleep(step)


def summary(result: DemoResult) -> str:
    """What the user reads at the end: where the mail is and how to look at it, and last
    how to join in: seat 1 with mutt, the GM's password and commands."""
    lines = [
        "",
        f"The demo game ran {result.turns_run} turns by mail ({result.mail_kind} IMAP server).",
        f"Everything is in {result.directory}: the database pbem.sqlite3 and every mailbox.",
        "",
        "Mails per mailbox:",
        *(f"  {address:28} {count:3}" for address, count in sorted(result.mail_counts.items())),
        "",
        "Game passwords the server mailed to the players:",
        *(f"  {address:28} {password}" for address, password in sorted(result.passwords.items())),
        "",
        result.client_instructions.rstrip(),
        "",
        "The latest mail of spieler1 (its printout) begins:",
        *("  " + line for line in result.last_printout.splitlines()[:25]),
        "",
        "It carries: " + (", ".join(result.printout_files) or "no files"),
        "",
        "The game's web pages (up while the demo runs: --keep-running keeps them):",
        *(f"  {whose:28} {url}" for whose, url in result.links),
        "",
        *_join_in(result),
    ]
    return "\n".join(lines)


def _join_in(result: DemoResult) -> list[str]:
    """How to play seat 1 with mutt and be the GM on the command line (summary lines)."""
    lines: list[str] = []
    seat_1 = result.muttrcs.get(player_address(1))
    if seat_1 is not None:
        lines += [
            "Play seat 1 yourself with mutt (while the demo runs: pbem demo --keep-running):",
            f"  mutt -F {seat_1}",
            "  r replies to a printout; write the orders below the first line",
            f"  (Partie {GAME_NUMBER} Spieler 1 Kennwort ...), y sends: the acknowledgement",
            "  arrives within seconds. Every player and the GM have such a file in "
            f"{seat_1.parent}.",
            "",
        ]
    lines += [
        f"The game master {GM}: game {GAME_NUMBER}, GM password {GM_PASSWORD}.",
        f"  By mail to {HOST}: 'Partie {GAME_NUMBER} Spielleiter Kennwort {GM_PASSWORD}',",
        "  then commands such as Status, one a line (docs/gm-commands.md).",
    ]
    if result.settings_file is not None:
        lines += [
            f"  On the command line, in {result.settings_file.parent} (its {SETTINGS_FILE} names",
            "  the demo's database and web port):",
            f"    pbem gm status {GAME_NUMBER}",
            f"    pbem gm web-link {GAME_NUMBER} 0",
        ]
    return [*lines, ""]
