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
from engine.catalogs import FALLBACK, in_language
from engine.core import GameKind, PlayerSetup, Setup, turn_rng
from grammar.reader import name_problem
from mailserver.common.catalog import DEFAULT_LANGUAGE, public_notice, say, wrap
from mailserver.common.formats import format_when
from mailserver.common.kinds import UnknownGameKind, game_kind
from mailserver.outbound.smtp import Attachment
from mailserver.printouts.compose import (
    domain_of,
    enqueue_printout,
    new_password,
    player_timezone,
    printout_body,
    printout_values,
)
from mailserver.turns.deadlines import next_deadline
from mailserver.turns.mails import start_game_printouts, takeover_printout
from mailserver.turns.run import TurnRun, preview_turn, publish_reports, run_turn


class GmError(Exception):
    """A GM command that cannot be carried out; the message says why in plain words: the
    host catalog's text ``key`` in the GM's language (``str()`` gives the default
    language's). A value that is a mapping holds a word per language (a seat field's
    label) and is said in the GM's."""

    def __init__(self, key: str, /, **values: object) -> None:
        self.key, self.values = key, values
        super().__init__(self.message(DEFAULT_LANGUAGE))

    def message(self, lang: str) -> str:
        """The explanation in ``lang``."""
        return say(lang, self.key, **{k: in_language(v, lang) for k, v in self.values.items()})


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


def _game(session: Session, number: int) -> Game:
    game = repo.get_game_by_number(session, number)
    if game is None:
        raise GmError("gm_error_there_no_game", number=number)
    return game


def _locked(session: Session, number: int) -> Game:
    game = _game(session, number)
    locked = repo.lock_game(session, game.id or 0)
    assert locked is not None  # it was just read in this transaction
    return locked


def _seat(session: Session, game: Game, seat: int) -> Player:
    for player in repo.current_players(session, game.id or 0):
        if player.seat == seat:
            return player
    raise GmError("gm_error_game_has_no_player", number=game.number, seat=seat)


def _notify_players(
    session: Session, game: Game, key: str, *, now: datetime, from_address: str, **values: Any
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
            domain=domain_of(from_address),
            game_id=game.id,
            player_id=player.id,
            turn=game.turn + 1,
            now=now,
        )
        ids.append(row.id or 0)
    return ids


# ------------------------------------------------------------------ games


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
        raise GmError("gm_error_plain", text=str(err)) from None
    engine = game_type.engine
    if number < 1 or repo.get_game_by_number(session, number) is not None:
        raise GmError("gm_error_game_number_taken_or_invalid", number=number)
    if every_days is not None and every_days < 1:
        raise GmError("gm_error_every_days_must_1_or")
    if not game_type.min_players <= len(seats) <= game_type.max_players:
        raise GmError(
            "gm_error_takes_players",
            title=game_type.title,
            min_players=game_type.min_players,
            max_players=game_type.max_players,
        )
    _check_seat_fields(game_type, seats)
    _check_gm_password(gm_password)
    for spec in seats:
        problem = name_problem(spec.ruler_name) if spec.ruler_name else None
        if problem is not None:
            raise GmError("gm_error_seat_problem", seat=spec.seat, problem=problem)
    numbers = [s.seat for s in seats]
    if len(set(numbers)) != len(numbers):
        raise GmError("gm_error_each_seat_only_once")
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
        raise GmError("gm_error_game_cannot_set_up_like", err=err) from None
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
        raise GmError("gm_error_gm_password_too_weak_at", GM_PASSWORD_MIN=GM_PASSWORD_MIN)


def _check_seat_fields(kind: GameKind, seats: Sequence[SeatSpec]) -> None:
    """Every seat gives the kind's per-seat fields, each with an allowed value; a field
    marked unique has a different value at every seat."""
    known = {f.name for f in kind.seat_fields}
    names = ", ".join(sorted(known)) or "-"
    for spec in seats:
        for name in spec.fields:
            if name not in known:
                raise GmError(
                    "gm_error_has_no_seat_field_known", title=kind.title, name=name, names=names
                )
    for seat_field in kind.seat_fields:
        values = [spec.fields.get(seat_field.name) for spec in seats]
        label = {FALLBACK: seat_field.name, **seat_field.labels}
        for spec, value in zip(seats, values, strict=True):
            if value is None:
                if seat_field.required:
                    raise GmError(
                        "gm_error_seat_field_missing",
                        seat=spec.seat,
                        label=label,
                        name=seat_field.name,
                    )
            elif seat_field.choices and value not in seat_field.choices:
                choices = ", ".join(seat_field.choices)
                raise GmError(
                    "gm_error_seat_field_unknown",
                    seat=spec.seat,
                    label=label,
                    value=value,
                    choices=choices,
                )
        given = [v.casefold() for v in values if v is not None]
        if seat_field.unique and len(set(given)) != len(given):
            raise GmError("gm_error_seat_field_twice", label=label)


def start_game(
    session: Session, number: int, *, now: datetime, from_address: str, currency: str = "EUR"
) -> dict[int, str]:
    """Turn 0: the start position, new passwords (returned as seat -> clear text, stored
    only hashed) and the printouts of turn 0 with password and order form in the outbox.

    The first deadline is the one set at creation, else the schedule's from now.
    """
    game = _locked(session, number)
    if game.status != GameStatus.SETUP:
        raise GmError("gm_error_game_has_started", number=number)
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
    start_game_printouts(
        session, game, passwords, now=now, from_address=from_address, currency=currency
    )
    return passwords


def set_deadline(
    session: Session, number: int, when: datetime, *, now: datetime, from_address: str = ""
) -> Game:
    """Set the deadline of the pending turn (host rules, "Deadlines"); the players are
    told if ``from_address``."""
    game = _locked(session, number)
    if game.status == GameStatus.FINISHED:
        raise GmError("gm_error_game_over", number=number)
    if when <= now:
        raise GmError("gm_error_that_moment_has_passed")
    game.next_deadline = when
    session.add(game)
    session.flush()
    if from_address:
        _notify_players(
            session,
            game,
            "deadline_set",
            now=now,
            from_address=from_address,
            turn=game.turn + 1,
            when=when,
        )
    return game


def postpone(
    session: Session, number: int, delta: timedelta, *, now: datetime, from_address: str = ""
) -> Game:
    """Move the pending deadline later by ``delta`` (host rules, "Deadlines": in
    emergencies, a day or two); the players are told if ``from_address``."""
    game = _locked(session, number)
    if game.next_deadline is None:
        raise GmError("gm_error_game_has_no_deadline", number=number)
    if delta <= timedelta(0):
        raise GmError("gm_error_postpone_means_later")
    game.next_deadline = max(game.next_deadline, now) + delta
    session.add(game)
    session.flush()
    if from_address:
        _notify_players(
            session,
            game,
            "postponed",
            now=now,
            from_address=from_address,
            turn=game.turn + 1,
            when=game.next_deadline,
        )
    return game


def pause(session: Session, number: int, *, now: datetime) -> Game:
    """Stop evaluations until :func:`resume`."""
    game = _locked(session, number)
    if game.status != GameStatus.RUNNING:
        raise GmError("gm_error_game_not_running", number=number)
    game.status = GameStatus.PAUSED
    session.add(game)
    session.flush()
    return game


def resume(session: Session, number: int, *, now: datetime) -> Game:
    """Let a paused game run again; a deadline that passed meanwhile runs the turn at once."""
    game = _locked(session, number)
    if game.status != GameStatus.PAUSED:
        raise GmError("gm_error_game_not_paused", number=number)
    game.status = GameStatus.RUNNING
    session.add(game)
    session.flush()
    return game


def release_hold(session: Session, number: int, *, now: datetime) -> Game:
    """Let a turn held by the mass-NMR guard run (at the next tick of the scheduler)."""
    game = _locked(session, number)
    if not game.held:
        raise GmError("gm_error_game_not_held", number=number)
    game.held, game.held_reason = False, None
    game.options = with_host(game.options, mass_nmr_released=game.turn + 1)
    session.add(game)
    session.flush()
    return game


def process_now(
    session: Session,
    number: int,
    *,
    now: datetime,
    from_address: str,
    turn_fee_cents: int = 0,
    currency: str = "EUR",
) -> TurnRun:
    """Run the pending turn now, before the deadline and past a hold."""
    game = _game(session, number)
    return run_turn(
        session,
        game.id or 0,
        now=now,
        from_address=from_address,
        force=True,
        turn_fee_cents=turn_fee_cents,
        currency=currency,
    )


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
    game = _locked(session, number)
    if game.status != GameStatus.ADJUDICATING:
        raise GmError("gm_error_game_not_waiting_reports", number=number)
    _seat(session, game, seat)
    if not text.strip():
        raise GmError("gm_error_report_empty")
    repo.store_gm_report(
        session,
        game_id=game.id or 0,
        turn=game.turn + 1,
        seat=seat,
        text=text,
        attachments=[a.to_json() for a in attachments],
        now=now,
    )


def publish(
    session: Session,
    number: int,
    *,
    now: datetime,
    from_address: str,
    turn_fee_cents: int = 0,
    currency: str = "EUR",
) -> TurnRun:
    """Send the GM's reports of the waiting turn as its printouts (GM-adjudicated)."""
    game = _game(session, number)
    result = publish_reports(
        session,
        game.id or 0,
        now=now,
        from_address=from_address,
        turn_fee_cents=turn_fee_cents,
        currency=currency,
    )
    if result.status != "done":
        raise GmError("gm_error_turn_cannot_published", turn=result.turn, reason=result.reason)
    return result


def preview(session: Session, number: int, *, now: datetime) -> dict[int, str]:
    """The printouts the pending turn would give now (0: the GM's view); writes nothing."""
    game = _game(session, number)
    if game.status == GameStatus.SETUP:
        raise GmError("gm_error_game_has_not_started", number=number)
    return preview_turn(session, game.id or 0, now=now)


# ------------------------------------------------------------------ players


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
    *,
    now: datetime,
    from_address: str,
    address: str | None = None,
    language: str | None = None,
    currency: str = "EUR",
) -> tuple[Player, str]:
    """Give a seat to a new occupant; without ``address`` the next stand-by (host rules,
    "NMR and leaving the game").

    The new occupant gets a password and the position's current printout (with secret
    messages held for the seat); the change is announced in the next newspaper.
    Returns the new player and his clear password.
    """
    game = _locked(session, number)
    if game.status not in (GameStatus.RUNNING, GameStatus.PAUSED):
        raise GmError("gm_error_game_not_running", number=number)
    old = _seat(session, game, seat)
    standby: Standby | None = None
    if address is None:
        standby = repo.next_standby_for_game(session, game)
        if standby is None:
            raise GmError("gm_error_stand_by_list_empty")
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
        now=now,
    )
    _news(session, game, [("news_takeover", {"seat": seat})], now=now)
    takeover_printout(
        session, game, new, password, now=now, from_address=from_address, currency=currency
    )
    if old.address != new.address:
        _tell_occupant(session, game, old, "told_replaced", now=now, from_address=from_address)
    return new, password


def drop_player(
    session: Session,
    number: int,
    seat: int,
    *,
    now: datetime,
    reason: str = "gm",
    from_address: str = "",
) -> Player:
    """Take the occupant out of the game; the seat stays vacant (NMR) until replaced. With
    ``from_address`` the occupant is told by mail, by whom and when."""
    game = _locked(session, number)
    player = _seat(session, game, seat)
    if player.status != PlayerStatus.ACTIVE:
        raise GmError("gm_error_player_out_already", seat=seat)
    player.status = PlayerStatus.DROPPED if reason in ("gm", "nmr") else PlayerStatus.RESIGNED
    player.left_turn, player.left_at = game.turn + 1, now
    session.add(player)
    ruler = player.ruler_name or str(seat)
    _news(session, game, [("news_dropped_gm", {"seat": seat, "ruler": ruler})], now=now)
    if from_address:
        _tell_occupant(session, game, player, "told_dropped", now=now, from_address=from_address)
    session.flush()
    return player


def _tell_occupant(
    session: Session, game: Game, player: Player, key: str, *, now: datetime, from_address: str
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
                when=format_when(now, player_timezone(game, player), lang),
            )
            + "\n\n"
            + say(lang, "printout_footer")
        )
        + "\n",
        kind=OutboxKind.NOTICE,
        domain=domain_of(from_address),
        game_id=game.id,
        player_id=player.id,
        dedup_key=f"told:{game.number}:{player.id}:{key}",
        now=now,
    )


def deposit(
    session: Session, number: int, seat: int, amount_cents: int, *, now: datetime, note: str = ""
) -> Player:
    """Book a payment onto the account of the seat's occupant (host rules, "Fees")."""
    game = _game(session, number)
    player = _seat(session, game, seat)
    if amount_cents <= 0:
        raise GmError("gm_error_amount_must_positive")
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


# ------------------------------------------------------------------ messages


def _news(
    session: Session,
    game: Game,
    parts: Sequence[tuple[str, Mapping[str, object]]],
    *,
    now: datetime,
) -> GameMessage:
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
    game = _game(session, number)
    if not text.strip():
        raise GmError("gm_error_news_item_empty")
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
    game = _game(session, number)
    _seat(session, game, to_seat)
    if from_seat is not None:
        _seat(session, game, from_seat)
    if not text.strip():
        raise GmError("gm_error_message_empty")
    return _message(
        session, game, MessageKind.SECRET, text, now=now, to_seat=to_seat, from_seat=from_seat
    )


def resend_printout(
    session: Session,
    number: int,
    seat: int,
    *,
    now: datetime,
    from_address: str,
    turn: int | None = None,
    currency: str = "EUR",
) -> int:
    """Mail the printout of ``turn`` (default: the latest) to the seat's occupant again."""
    game = _game(session, number)
    player = _seat(session, game, seat)
    turn = game.turn if turn is None else turn
    snapshot = repo.load_snapshot(session, game.id or 0, turn)
    if snapshot is None:
        raise GmError("gm_error_there_no_turn", turn=turn)
    state = game_kind(game.kind).engine.state_from_json(snapshot.state_data())
    body = printout_body(
        session, game, player, state, now=now, currency=currency, show_deadline=turn == game.turn
    )
    return enqueue_printout(
        session,
        printout_values(game, player, turn, body, now=now, from_address=from_address, dedup=False),
    )


# ------------------------------------------------------------------ status


def status(session: Session, number: int, *, now: datetime, lang: str = "de") -> str:
    """Who has sent orders for the pending turn, who is late, the next deadline, holds."""
    game = _game(session, number)
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
    game = _game(session, number)
    if not verify_password_cached(password, game.gm_password_hash):
        raise GmError("gm_error_wrong_gm_password_game", number=number)
    return game
