"""Who holds the seats: the stand-by list, a replacement, a drop, and the accounts.

Host rules, "NMR and leaving the game": a seat passes to a new occupant (the next
stand-by, or someone the GM names) with a password and the current printout; the one
who lost it is told by mail, and the newspaper announces the change.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from db import repo
from db.models import (
    Game,
    GameStatus,
    LedgerKind,
    Player,
    PlayerStatus,
    Standby,
    StandbyStatus,
)
from db.passwords import hash_password
from mailserver.common.catalog import say, wrap
from mailserver.common.formats import format_when
from mailserver.common.kinds import kind_names
from mailserver.common.terms import TurnContext
from mailserver.common.tokens import LINK_HOLDERS
from mailserver.gm.checks import check_address, check_language
from mailserver.gm.lookup import GmError, game_numbered, locked_game, occupant
from mailserver.gm.messages import news_message
from mailserver.outbound.notices import Addressee, notice
from mailserver.printouts.compose import new_password, password_lines, player_timezone
from mailserver.turns.mails import takeover_printout


def add_standby(
    session: Session,
    address: str,
    *,
    name: str | None = None,
    language: str = "de",
    kind: str | None = None,
    now: datetime,
) -> Standby:
    """Put someone at the end of the stand-by list (host rules, "NMR and leaving the game").
    :class:`GmError` for an address that is none, a language the host does not speak, a
    kind not registered, or an address already waiting (it would be handed two seats)."""
    address = repo.normalise_address(check_address(address))
    check_language(language)
    if kind is not None and kind not in kind_names():
        raise GmError("gm_error_unknown_kind", kind=kind, known=", ".join(kind_names()))
    waiting = session.exec(
        select(Standby).where(Standby.address == address, Standby.status == StandbyStatus.WAITING)
    ).first()
    if waiting is not None:
        raise GmError("gm_error_standby_twice", address=address)
    return repo.saved(
        session,
        Standby(
            address=address,
            name=name,
            language=language,
            preferred_kind=kind,
            created_at=now,
        ),
    )


def replace_player(
    session: Session,
    number: int,
    seat: int,
    ctx: TurnContext,
    *,
    address: str | None = None,
    language: str | None = None,
    second_seat: bool = False,
) -> tuple[Player, str]:
    """Give a seat to a new occupant; without ``address`` the next stand-by (host rules,
    "NMR and leaving the game"). Someone who already holds another seat of the game gets
    this one only with ``second_seat`` (the GM confirms that one person plays two).

    The new occupant gets a password and the position's current printout (with secret
    messages held for the seat); the change is announced in the next newspaper.
    Returns the new player and his clear password.
    """
    game = locked_game(session, number)
    if game.status not in (GameStatus.RUNNING, GameStatus.PAUSED):
        raise GmError("gm_error_game_not_running", number=number)
    old = occupant(session, game, seat)
    standby: Standby | None = None
    if address is None:
        standby = repo.next_standby_for_game(session, game)
        if standby is None:
            raise GmError("gm_error_stand_by_list_empty")
        address, language = standby.address, language or standby.language
    else:
        address = check_address(address)
    if language is not None:
        check_language(language)
    _refuse_second_seat(session, game, seat, address, allowed=second_seat)
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


def _refuse_second_seat(
    session: Session, game: Game, seat: int, address: str, *, allowed: bool
) -> None:
    """:class:`GmError` naming the other seat when ``address`` holds one in the game
    already (in it or reading it), unless ``allowed``."""
    wanted = repo.normalise_address(address)
    others = [
        p.seat
        for p in repo.current_players(session, game.id or 0)
        if p.seat != seat and p.address == wanted and p.status in LINK_HOLDERS
    ]
    if others and not allowed:
        raise GmError(
            "gm_error_second_seat",
            address=wanted,
            seats=", ".join(str(s) for s in others),
            seat=seat,
        )


def new_seat_password(session: Session, number: int, seat: int, ctx: TurnContext) -> Player:
    """A lost password: the seat's occupant gets a new one by mail, to the registered
    address; the orders, the private link and everything else of the seat stay. The
    clear password is only in the outbox row's ``secret`` until the mail is sent."""
    game = locked_game(session, number)
    if game.status not in (GameStatus.RUNNING, GameStatus.PAUSED, GameStatus.ADJUDICATING):
        raise GmError("gm_error_game_not_running", number=number)
    player = occupant(session, game, seat)
    if player.status not in LINK_HOLDERS:
        raise GmError("gm_error_player_out_already", seat=seat)
    password = new_password()
    player.password_hash = hash_password(password)
    session.add(player)
    lang = player.language
    notice(
        session,
        ctx,
        Addressee.seat(game, player),
        subject=say(lang, "new_password_subject", game=game.number, seat=seat),
        body=wrap(say(lang, "new_password_body", game=game.number, seat=seat, gm=game.gm_address))
        + "\n\n"
        + "\n".join(wrap(line) for line in password_lines(game, player))
        + "\n\n"
        + wrap(say(lang, "printout_footer"))
        + "\n",
        secret=password,
    )
    session.flush()
    return player


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
        raise GmError("gm_error_player_out_already", seat=seat)
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
    notice(
        session,
        ctx,
        Addressee.seat(game, player),
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
        dedup_key=f"told:{game.number}:{player.id}:{key}",
    )


def deposit(
    session: Session, number: int, seat: int, amount_cents: int, *, now: datetime, note: str = ""
) -> Player:
    """Book a payment onto the account of the seat's occupant (host rules, "Fees")."""
    game = game_numbered(session, number)
    player = occupant(session, game, seat)
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
