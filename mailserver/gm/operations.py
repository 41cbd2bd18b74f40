"""The game master's operations at the database level (issue 5, item 1).

The mail front end (``mailserver.gm.mail``) and the CLI (``pbem gm``) call these. Every
function works inside the caller's transaction and never sends mail itself: mails go in
the outbox. A mistake of the GM raises :class:`GmError` with a plain explanation.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, select

from config.game_options import HOST_KEY, rule_options, split_options, with_host
from db import repo
from db.models import (
    Game,
    GameMessage,
    GameStatus,
    LedgerKind,
    MessageKind,
    OutboxKind,
    Player,
    PlayerStatus,
    Standby,
    StandbyStatus,
)
from db.passwords import hash_password, verify_password_cached
from engine.core import GameKind, PlayerSetup, Setup, turn_rng
from grammar.reader import name_problem
from mailserver.common.catalog import public_notice, say, wrap
from mailserver.common.formats import format_when
from mailserver.common.kinds import UnknownGameKind, game_kind
from mailserver.common.terms import HostTerms, TurnContext
from mailserver.outbound.smtp import Attachment
from mailserver.printouts.compose import (
    enqueue_printout,
    new_password,
    player_timezone,
    printout_body,
    printout_values,
)
from mailserver.turns.deadlines import next_deadline
from mailserver.turns.mails import start_game_printouts, takeover_printout
from mailserver.turns.preview import preview_turn
from mailserver.turns.run import TurnRun, publish_reports, run_turn


class GmError(Exception):
    """A GM command that cannot be carried out; the message says why in plain words, in
    German and English (``str()`` gives the German one)."""

    def __init__(self, de: str, en: str | None = None) -> None:
        super().__init__(de)
        self.messages = {"de": de, "en": en if en is not None else de}

    def message(self, lang: str) -> str:
        """The explanation in ``lang`` (German for anything but English)."""
        return self.messages["en" if lang == "en" else "de"]


def game_numbered(session: Session, number: int) -> Game:
    """The game ``number``; :class:`GmError` when there is none."""
    game = repo.get_game_by_number(session, number)
    if game is None:
        raise GmError(f"Es gibt keine Partie {number}.", f"There is no game {number}.")
    return game


def locked_game(session: Session, number: int) -> Game:
    """The game ``number``, its row locked for this transaction (GM commands that change
    it run one at a time, and never beside its turn run)."""
    game = game_numbered(session, number)
    locked = repo.lock_game(session, game.id or 0)
    assert locked is not None  # it was just read in this transaction
    return locked


def occupant(session: Session, game: Game, seat: int) -> Player:
    """The current occupant of ``seat``; :class:`GmError` when the game has no such seat."""
    for player in repo.current_players(session, game.id or 0):
        if player.seat == seat:
            return player
    raise GmError(
        f"Partie {game.number} hat keinen Spieler {seat}.",
        f"Game {game.number} has no player {seat}.",
    )


@dataclass
class SeatSpec:
    """One seat of a new game."""

    seat: int
    address: str
    language: str = "de"
    ruler_name: str | None = None
    timezone: str | None = None
    fields: dict[str, str] = field(default_factory=dict)
    """Values of the game kind's per-seat fields (a character, a code name)."""


def create_game(
    session: Session,
    *,
    kind: str,
    number: int,
    gm_address: str,
    gm_password: str,
    seats: Sequence[SeatSpec],
    options: Mapping[str, Any] | None = None,
    scenario: str | None = None,
    every_days: int | None = 14,
    at: time | None = time(18, 0),
    timezone: str = "Europe/Berlin",
    first_deadline: datetime | None = None,
    early_run: bool = False,
    reminder_hours: Sequence[int] = (48, 12),
    seed: int | None = None,
    now: datetime,
) -> Game:
    """A new game in status ``setup`` with its seats, options and schedule.

    ``options`` are the engine's rule options plus the host's (:mod:`config.game_options`:
    ``nmr_drop_after``, ``gm_language``, the message rules). The kind's ``host_options``
    apply unless given (e.g. a rule that drops players itself is switched off: the host
    drops players, docs/host-rules.md). The setup is tried on the engine at once, so a
    bad option or seat list is refused here.
    """
    try:
        game_type = game_kind(kind)
    except UnknownGameKind as err:
        raise GmError(str(err)) from None
    engine = game_type.engine
    if number < 1 or repo.get_game_by_number(session, number) is not None:
        raise GmError(
            f"Die Partienummer {number} ist vergeben oder ungültig.",
            f"Game number {number} is taken or invalid.",
        )
    if every_days is not None and every_days < 1:
        raise GmError("every_days muss mindestens 1 sein.", "every_days must be 1 or more.")
    if not game_type.min_players <= len(seats) <= game_type.max_players:
        raise GmError(
            f"{game_type.title} braucht {game_type.min_players} bis {game_type.max_players} "
            "Spieler.",
            f"{game_type.title} takes {game_type.min_players} to {game_type.max_players} players.",
        )
    _check_seat_fields(game_type, seats)
    _check_gm_password(gm_password)
    for spec in seats:
        problem = name_problem(spec.ruler_name) if spec.ruler_name else None
        if problem is not None:
            raise GmError(
                f"Spieler {spec.seat}: {problem['de']}", f"Player {spec.seat}: {problem['en']}"
            )
    numbers = [s.seat for s in seats]
    if len(set(numbers)) != len(numbers):
        raise GmError("Jede Spielernummer nur einmal.", "Each seat only once.")
    raw, host = split_options(options or {})
    raw = {**game_type.host_options, **raw}
    seed = secrets.randbits(64) if seed is None else seed
    setup = Setup(
        game=number,
        players=[PlayerSetup(s.seat, s.ruler_name, s.fields) for s in seats],
        scenario=scenario,
        options=raw,
        seed=seed,
    )
    try:
        engine.new_game(setup, turn_rng(seed, 0))
    except ValueError as err:
        raise GmError(
            f"Die Partie lässt sich so nicht anlegen: {err}",
            f"The game cannot be set up like this: {err}",
        ) from None
    game = Game(
        kind=kind,
        number=number,
        seed=seed,
        options={**raw, HOST_KEY: host},
        gm_address=repo.normalise_address(gm_address),
        gm_password_hash=hash_password(gm_password),
        schedule_every_days=every_days,
        schedule_time=at,
        timezone=timezone,
        next_deadline=first_deadline,
        reminder_hours=list(reminder_hours),
        early_run=early_run,
        created_at=now,
    )
    if scenario is not None:
        game.name = scenario
    session.add(game)
    session.flush()
    for spec in seats:
        session.add(
            Player(
                game_id=game.id or 0,
                seat=spec.seat,
                address=repo.normalise_address(spec.address),
                # Replaced by start_game; nobody can log in before the start.
                password_hash=hash_password(secrets.token_urlsafe(32)),
                ruler_name=spec.ruler_name,
                seat_fields=dict(spec.fields) or None,
                language=spec.language,
                timezone=spec.timezone,
                created_at=now,
            )
        )
    session.flush()
    return game


GM_PASSWORD_MIN = 10


def new_gm_password() -> str:
    """A GM password no guesser finds: 16 characters of the players' unambiguous alphabet."""
    return new_password(16)


def _check_gm_password(password: str) -> None:
    """The GM password opens every seat (a replacement mails its password): it must not
    be guessable in a few tries. ``pbem gm create`` generates one when none is given."""
    if len(password) < GM_PASSWORD_MIN or len(set(password)) < 5 or password.isdigit():
        raise GmError(
            f"Das Spielleiter-Kennwort ist zu schwach: mindestens {GM_PASSWORD_MIN} Zeichen, "
            "davon mindestens 5 verschiedene, nicht nur Ziffern (ohne Angabe wird eines erzeugt).",
            f"The GM password is too weak: at least {GM_PASSWORD_MIN} characters, at least 5 "
            "of them different, not only digits (without one, one is generated).",
        )


def _check_seat_fields(kind: GameKind, seats: Sequence[SeatSpec]) -> None:
    """Every seat gives the kind's per-seat fields, each with an allowed value; a field
    marked unique has a different value at every seat."""
    known = {f.name for f in kind.seat_fields}
    names = ", ".join(sorted(known)) or "-"
    for spec in seats:
        for name in spec.fields:
            if name not in known:
                raise GmError(
                    f"{kind.title} kennt kein Feld {name!r} (bekannt: {names}).",
                    f"{kind.title} has no seat field {name!r} (known: {names}).",
                )
    for seat_field in kind.seat_fields:
        values = [spec.fields.get(seat_field.name) for spec in seats]
        label_de = seat_field.labels.get("de", seat_field.name)
        label_en = seat_field.labels.get("en", seat_field.name)
        for spec, value in zip(seats, values, strict=True):
            if value is None:
                if seat_field.required:
                    raise GmError(
                        f"Spieler {spec.seat}: {label_de} fehlt ({seat_field.name}=…).",
                        f"Player {spec.seat}: {label_en} is missing ({seat_field.name}=…).",
                    )
            elif seat_field.choices and value not in seat_field.choices:
                choices = ", ".join(seat_field.choices)
                raise GmError(
                    f"Spieler {spec.seat}: {label_de} {value!r} gibt es nicht ({choices}).",
                    f"Player {spec.seat}: there is no {label_en} {value!r} ({choices}).",
                )
        given = [v.casefold() for v in values if v is not None]
        if seat_field.unique and len(set(given)) != len(given):
            raise GmError(
                f"{label_de}: jeder Wert nur einmal.", f"{label_en}: each value only once."
            )


def start_game(session: Session, number: int, ctx: TurnContext) -> dict[int, str]:
    """Turn 0: the start position, new passwords (returned as seat -> clear text, stored
    only hashed) and the printouts of turn 0 with password and order form in the outbox.

    The first deadline is the one set at creation, else the schedule's from now.
    """
    now = ctx.now
    game = locked_game(session, number)
    if game.status != GameStatus.SETUP:
        raise GmError(f"Partie {number} ist schon gestartet.", f"Game {number} has started.")
    players = repo.current_players(session, game.id or 0)
    engine = game_kind(game.kind).engine
    setup = Setup(
        game=game.number,
        players=[PlayerSetup(p.seat, p.ruler_name, p.seat_fields or {}) for p in players],
        scenario=game.name,
        options=rule_options(game.options),
        seed=game.seed,
    )
    state = engine.new_game(setup, turn_rng(game.seed, 0))
    repo.store_snapshot(
        session, game_id=game.id or 0, turn=0, state=state.to_json(), seed=game.seed
    )
    passwords: dict[int, str] = {}
    for player in players:
        passwords[player.seat] = new_password()
        player.password_hash = hash_password(passwords[player.seat])
        session.add(player)
    game.status, game.started_at, game.turn = GameStatus.RUNNING, now, 0
    if game.next_deadline is None or game.next_deadline <= now:
        if game.schedule_every_days is not None and game.schedule_time is not None:
            game.next_deadline = next_deadline(
                now, every_days=game.schedule_every_days, at=game.schedule_time, tz=game.timezone
            )
        else:
            game.next_deadline = None
    session.add(game)
    session.flush()
    start_game_printouts(session, game, passwords, ctx)
    return passwords


def set_deadline(
    session: Session, number: int, when: datetime, ctx: TurnContext, *, tell: bool = True
) -> Game:
    """Set the deadline of the pending turn (host rules, "Deadlines"); the players are
    told if ``tell``."""
    game = locked_game(session, number)
    if game.status == GameStatus.FINISHED:
        raise GmError(f"Partie {number} ist beendet.", f"Game {number} is over.")
    if when <= ctx.now:
        raise GmError("Der Termin liegt in der Vergangenheit.", "That moment has passed.")
    game.next_deadline = when
    session.add(game)
    session.flush()
    if tell:
        _notify_players(session, game, "deadline_set", ctx, turn=game.turn + 1, when=when)
    return game


def postpone(
    session: Session, number: int, delta: timedelta, ctx: TurnContext, *, tell: bool = True
) -> Game:
    """Move the pending deadline later by ``delta`` (host rules, "Deadlines": in
    emergencies, a day or two); the players are told if ``tell``."""
    game = locked_game(session, number)
    if game.next_deadline is None:
        raise GmError(
            f"Partie {number} hat keinen Abgabeschluss.", f"Game {number} has no deadline."
        )
    if delta <= timedelta(0):
        raise GmError("Nur nach hinten verschieben.", "Postpone means later.")
    game.next_deadline = max(game.next_deadline, ctx.now) + delta
    session.add(game)
    session.flush()
    if tell:
        when = game.next_deadline
        _notify_players(session, game, "postponed", ctx, turn=game.turn + 1, when=when)
    return game


def pause(session: Session, number: int, *, now: datetime) -> Game:
    """Stop evaluations until :func:`resume`."""
    game = locked_game(session, number)
    if game.status != GameStatus.RUNNING:
        raise GmError(f"Partie {number} läuft nicht.", f"Game {number} is not running.")
    game.status = GameStatus.PAUSED
    session.add(game)
    session.flush()
    return game


def resume(session: Session, number: int, *, now: datetime) -> Game:
    """Let a paused game run again; a deadline that passed meanwhile runs the turn at once."""
    game = locked_game(session, number)
    if game.status != GameStatus.PAUSED:
        raise GmError(f"Partie {number} ist nicht angehalten.", f"Game {number} is not paused.")
    game.status = GameStatus.RUNNING
    session.add(game)
    session.flush()
    return game


def release_hold(session: Session, number: int, *, now: datetime) -> Game:
    """Let a turn held by the mass-NMR guard run (at the next tick of the scheduler)."""
    game = locked_game(session, number)
    if not game.held:
        raise GmError(f"Partie {number} ist nicht angehalten.", f"Game {number} is not held.")
    game.held, game.held_reason = False, None
    game.options = with_host(game.options, mass_nmr_released=game.turn + 1)
    session.add(game)
    session.flush()
    return game


def process_now(session: Session, number: int, ctx: TurnContext) -> TurnRun:
    """Run the pending turn now, before the deadline and past a hold."""
    game = game_numbered(session, number)
    return run_turn(session, game.id or 0, ctx, force=True)


def record_report(
    session: Session,
    number: int,
    seat: int,
    text: str,
    *,
    attachments: Sequence[Attachment] = (),
    now: datetime,
) -> None:
    """Keep the GM's report to ``seat`` for the turn waiting for reports (GM-adjudicated
    games); a second report to the same seat replaces the first."""
    game = locked_game(session, number)
    if game.status != GameStatus.ADJUDICATING:
        raise GmError(
            f"Partie {number} wartet auf keine Berichte.",
            f"Game {number} is not waiting for reports.",
        )
    occupant(session, game, seat)
    if not text.strip():
        raise GmError("Der Bericht ist leer.", "The report is empty.")
    repo.store_gm_report(
        session,
        game_id=game.id or 0,
        turn=game.turn + 1,
        seat=seat,
        text=text,
        attachments=[a.to_json() for a in attachments],
        now=now,
    )


def publish(session: Session, number: int, ctx: TurnContext) -> TurnRun:
    """Send the GM's reports of the waiting turn as its printouts (GM-adjudicated)."""
    game = game_numbered(session, number)
    result = publish_reports(session, game.id or 0, ctx)
    if result.status != "done":
        raise GmError(
            f"Runde {result.turn} lässt sich nicht freigeben: {result.reason}.",
            f"Turn {result.turn} cannot be published: {result.reason}.",
        )
    return result


def preview(session: Session, number: int, terms: HostTerms) -> dict[int, str]:
    """The printouts the pending turn would give now (0: the GM's view); writes nothing."""
    game = game_numbered(session, number)
    if game.status == GameStatus.SETUP:
        raise GmError(
            f"Partie {number} ist noch nicht gestartet.", f"Game {number} has not started."
        )
    return preview_turn(session, game.id or 0, terms)


def _notify_players(
    session: Session, game: Game, key: str, ctx: TurnContext, **values: Any
) -> list[int]:
    """A notice of the GM to every active player, in his language and time zone."""
    ids = []
    for player in repo.current_players(session, game.id or 0):
        if player.status != PlayerStatus.ACTIVE:
            continue
        lang = player.language
        when = values.get("when")
        shown = dict(values)
        if isinstance(when, datetime):
            shown["when"] = format_when(when, player_timezone(game, player), lang)
        row = repo.enqueue_outbox(
            session,
            to_address=player.address,
            subject=say(lang, "notice_subject", game=game.number),
            body=wrap(
                say(lang, key, game=game.number, **shown) + "\n\n" + say(lang, "printout_footer")
            )
            + "\n",
            kind=OutboxKind.NOTICE,
            domain=ctx.terms.domain,
            game_id=game.id,
            player_id=player.id,
            turn=game.turn + 1,
            now=ctx.now,
        )
        ids.append(row.id or 0)
    return ids


def add_standby(
    session: Session,
    address: str,
    *,
    name: str | None = None,
    language: str = "de",
    kind: str | None = None,
    now: datetime,
) -> Standby:
    """Put someone at the end of the stand-by list (host rules, "NMR and leaving the game")."""
    entry = Standby(
        address=repo.normalise_address(address),
        name=name,
        language=language,
        preferred_kind=kind,
        created_at=now,
    )
    session.add(entry)
    session.flush()
    return entry


def replace_player(
    session: Session,
    number: int,
    seat: int,
    ctx: TurnContext,
    *,
    address: str | None = None,
    language: str | None = None,
) -> tuple[Player, str]:
    """Give a seat to a new occupant; without ``address`` the next stand-by (host rules,
    "NMR and leaving the game").

    The new occupant gets a password and the position's current printout (with secret
    messages held for the seat); the change is announced in the next newspaper.
    Returns the new player and his clear password.
    """
    game = locked_game(session, number)
    if game.status not in (GameStatus.RUNNING, GameStatus.PAUSED):
        raise GmError(f"Partie {number} läuft nicht.", f"Game {number} is not running.")
    old = occupant(session, game, seat)
    standby: Standby | None = None
    if address is None:
        standby = repo.next_standby_for_game(session, game)
        if standby is None:
            raise GmError("Die Stand-by-Liste ist leer.", "The stand-by list is empty.")
        address, language = standby.address, language or standby.language
    if old.status == PlayerStatus.ACTIVE:
        old.status = PlayerStatus.RESIGNED
    password = new_password()
    new = repo.replace_player(
        session,
        old,
        address=address,
        password_hash=hash_password(password),
        turn=game.turn + 1,
        language=language or old.language,
        timezone=old.timezone,
        standby=standby,
        now=ctx.now,
    )
    news_message(session, game, [("news_takeover", {"seat": seat})], now=ctx.now)
    takeover_printout(session, game, new, password, ctx)
    if old.address != new.address:
        _tell_occupant(session, game, old, "told_replaced", ctx)
    return new, password


def drop_player(
    session: Session,
    number: int,
    seat: int,
    ctx: TurnContext,
    *,
    reason: str = "gm",
    tell: bool = True,
) -> Player:
    """Take the occupant out of the game; the seat stays vacant (NMR) until replaced. With
    ``tell`` the occupant is told by mail, by whom and when."""
    now = ctx.now
    game = locked_game(session, number)
    player = occupant(session, game, seat)
    if player.status != PlayerStatus.ACTIVE:
        raise GmError(f"Spieler {seat} spielt nicht mehr mit.", f"Player {seat} is out already.")
    player.status = PlayerStatus.DROPPED if reason in ("gm", "nmr") else PlayerStatus.RESIGNED
    player.left_turn, player.left_at = game.turn + 1, now
    session.add(player)
    ruler = player.ruler_name or str(seat)
    news_message(session, game, [("news_dropped_gm", {"seat": seat, "ruler": ruler})], now=now)
    if tell:
        _tell_occupant(session, game, player, "told_dropped", ctx)
    session.flush()
    return player


def _tell_occupant(
    session: Session, game: Game, player: Player, key: str, ctx: TurnContext
) -> None:
    """A mail to an occupant who lost the seat: by whom (the game master's address) and
    when; nobody loses a seat without being told (a takeover by a stranger shows)."""
    lang = player.language
    repo.enqueue_outbox(
        session,
        to_address=player.address,
        subject=say(lang, "told_subject", game=game.number),
        body=wrap(
            say(
                lang,
                key,
                game=game.number,
                seat=player.seat,
                gm=game.gm_address,
                when=format_when(ctx.now, player_timezone(game, player), lang),
            )
            + "\n\n"
            + say(lang, "printout_footer")
        )
        + "\n",
        kind=OutboxKind.NOTICE,
        domain=ctx.terms.domain,
        game_id=game.id,
        player_id=player.id,
        dedup_key=f"told:{game.number}:{player.id}:{key}",
        now=ctx.now,
    )


def deposit(
    session: Session, number: int, seat: int, amount_cents: int, *, now: datetime, note: str = ""
) -> Player:
    """Book a payment onto the account of the seat's occupant (host rules, "Fees")."""
    game = game_numbered(session, number)
    player = occupant(session, game, seat)
    if amount_cents <= 0:
        raise GmError("Der Betrag muss positiv sein.", "The amount must be positive.")
    repo.book(
        session,
        player_id=player.id or 0,
        amount_cents=amount_cents,
        kind=LedgerKind.DEPOSIT,
        note=note,
        now=now,
    )
    session.refresh(player)
    return player


def news_message(
    session: Session,
    game: Game,
    parts: Sequence[tuple[str, Mapping[str, object]]],
    *,
    now: datetime,
) -> GameMessage:
    """A notice of the host for the next newspaper, in every language of the game
    (``parts``: catalog keys and their values)."""
    languages = {p.language for p in repo.current_players(session, game.id or 0)}
    return _message(session, game, MessageKind.GM_NEWS, public_notice(languages, parts), now=now)


def _message(
    session: Session,
    game: Game,
    kind: MessageKind,
    text: str,
    *,
    now: datetime,
    to_seat: int | None = None,
    from_seat: int | None = None,
) -> GameMessage:
    message = GameMessage(
        game_id=game.id or 0,
        kind=kind,
        sender_seat=from_seat,
        addressee_seat=to_seat,
        text=repo.clean_text(text.strip("\n")),
        turn=game.turn + 1,
        created_at=now,
    )
    session.add(message)
    session.flush()
    return message


def publish_news(session: Session, number: int, text: str, *, now: datetime) -> GameMessage:
    """A notice of the GM for the newspaper of the next printouts."""
    game = game_numbered(session, number)
    if not text.strip():
        raise GmError("Die Meldung ist leer.", "The news item is empty.")
    return _message(session, game, MessageKind.GM_NEWS, text, now=now)


def forward_secret(
    session: Session,
    number: int,
    to_seat: int,
    text: str,
    *,
    from_seat: int | None,
    now: datetime,
) -> GameMessage:
    """A secret message for ``to_seat``, delivered with the next printout (host rules);
    ``from_seat`` names the sender (``None``: the GM forwards it without a sender)."""
    game = game_numbered(session, number)
    occupant(session, game, to_seat)
    if from_seat is not None:
        occupant(session, game, from_seat)
    if not text.strip():
        raise GmError("Die Nachricht ist leer.", "The message is empty.")
    return _message(
        session, game, MessageKind.SECRET, text, now=now, to_seat=to_seat, from_seat=from_seat
    )


def resend_printout(
    session: Session,
    number: int,
    seat: int,
    ctx: TurnContext,
    *,
    turn: int | None = None,
) -> int:
    """Mail the printout of ``turn`` (default: the latest) to the seat's occupant again."""
    game = game_numbered(session, number)
    player = occupant(session, game, seat)
    turn = game.turn if turn is None else turn
    snapshot = repo.load_snapshot(session, game.id or 0, turn)
    if snapshot is None:
        raise GmError(f"Runde {turn} gibt es nicht.", f"There is no turn {turn}.")
    state = game_kind(game.kind).engine.state_from_json(snapshot.state_data())
    body = printout_body(session, game, player, state, ctx.terms, show_deadline=turn == game.turn)
    return enqueue_printout(session, printout_values(game, player, turn, body, ctx, dedup=False))


def status(session: Session, number: int, *, now: datetime, lang: str = "de") -> str:
    """Who has sent orders for the pending turn, who is late, the next deadline, holds."""
    game = game_numbered(session, number)
    turn = game.turn + 1
    lines = [
        say(lang, "status_head", game=number, kind=game.kind, status=game.status, turn=game.turn)
    ]
    if game.held:
        when = format_when(game.held_at, game.timezone, lang) if game.held_at else "?"
        lines.append(say(lang, "status_held", when=when, reason=game.held_reason or ""))
    if game.status in (GameStatus.RUNNING, GameStatus.PAUSED):
        if game.next_deadline is not None:
            when = format_when(game.next_deadline, game.timezone, lang)
            lines.append(say(lang, "gm_next", when=when))
        else:
            lines.append(say(lang, "gm_no_next"))
    latest = repo.latest_submissions(session, game.id or 0, turn)
    lines.append("")
    for player in repo.current_players(session, game.id or 0):
        sub = latest.get(player.seat)
        if player.status != PlayerStatus.ACTIVE:
            state = ""
        elif sub is not None and sub.player_id == player.id:
            final = say(lang, "status_final") if sub.final else ""
            state = say(lang, "status_sent", final=final)
        else:
            state = say(lang, "status_missing", nmr=player.nmr_count)
        line = say(
            lang,
            "status_line",
            seat=player.seat,
            address=player.address,
            pstatus=player.status,
            state=state,
        ).rstrip()
        if player.bounced_at is not None:
            when = format_when(player.bounced_at, game.timezone, lang)
            line += say(lang, "status_bounced", when=when)
        lines.append(line)
    waiting = session.exec(
        select(func.count()).select_from(Standby).where(Standby.status == StandbyStatus.WAITING)
    ).one()
    lines.append(f"Stand-by: {waiting}")
    return "\n".join(lines) + "\n"


def verify_gm(session: Session, number: int, password: str) -> Game:
    """The game if ``password`` is its GM password; :class:`GmError` otherwise."""
    game = game_numbered(session, number)
    if not verify_password_cached(password, game.gm_password_hash):
        raise GmError(
            f"Falsches Spielleiter-Kennwort für Partie {number}.",
            f"Wrong GM password for game {number}.",
        )
    return game
