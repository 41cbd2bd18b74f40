"""May the mail speak for its seat: the password, and the guard against guessing it.

A wrong password is refused and, when the mail came from elsewhere, the registered
address is told. After ``password_tries`` wrong ones for a seat (or a game's GM) within
``lockout_hours`` the seat is locked: further tries are refused unread.
"""

from __future__ import annotations

from datetime import timedelta

from config.game_options import gm_language
from db import repo
from db.models import Game, InboundStatus, OutboxKind, Player
from db.passwords import verify_password_cached
from mailserver.common.catalog import say
from mailserver.inbound.context import Intake, IntakeOutcome, Mail, Outgoing, Seat

WRONG_PASSWORD = "wrong or missing password"
LOCKED = "locked: too many wrong passwords"


def locked_out(intake: Intake, mail: Mail, seat: Seat) -> IntakeOutcome | None:
    """A player's mail for a locked seat: refused unread (see :func:`guessing`)."""
    return guessing(intake, mail, seat.game, seat.player, seat.player.language)


def wrong_password(intake: Intake, mail: Mail, seat: Seat) -> IntakeOutcome | None:
    """A player's mail without the seat's password: refused, the owner warned when it
    came from elsewhere."""
    password = mail.parsed.header.password
    game, player = seat.game, seat.player
    if password is not None and verify_password_cached(password, player.password_hash):
        return None
    intake.reply(mail, "reject_password", player.language, game, game.number, seat=player.seat)
    if mail.sender != player.address:
        warn_registered(intake, mail, seat, "warn_wrong_password")
    return intake.finish(mail, InboundStatus.REJECTED, WRONG_PASSWORD, game, player)


def guessing(
    intake: Intake, mail: Mail, game: Game, player: Player | None, lang: str
) -> IntakeOutcome | None:
    """The guessing guard: after ``password_tries`` wrong passwords for a seat (or the
    GM, ``player`` None) within ``lockout_hours``, further tries are refused unread.
    The first refused try is answered and the GM told, once; the rest get no answer."""
    config = intake.config
    since = intake.now - timedelta(hours=config.lockout_hours)
    wrong = repo.refusals_since(
        intake.session,
        game_id=game.id or 0,
        player_id=player.id if player else None,
        reason=WRONG_PASSWORD,
        since=since,
    )
    if wrong < config.password_tries:
        return None
    who = player.seat if player else 0
    window = int(since.timestamp()) // 3600
    intake.send(
        mail,
        Outgoing(
            to=mail.sender,
            subject=say(lang, "reject_subject", game=game.number),
            body=say(lang, "reject_locked", game=game.number, hours=config.lockout_hours)
            + "\n\n"
            + say(lang, "footer")
            + "\n",
            kind=OutboxKind.NOTICE,
            game=game,
            dedup_key=f"locked-answer:{game.number}:{who}:{window}",
        ),
    )
    gm_lang = gm_language(game.options)
    intake.send(
        None,
        Outgoing(
            to=game.gm_address,
            subject=say(gm_lang, "warn_subject", game=game.number),
            body=say(
                gm_lang,
                "gm_locked",
                game=game.number,
                who=say(gm_lang, "seat_name", seat=who) if player else "GM",
                tries=wrong,
                hours=config.lockout_hours,
                sender=mail.sender or "?",
            )
            + "\n",
            kind=OutboxKind.NOTICE,
            game=game,
            dedup_key=f"locked-gm:{game.number}:{who}:{window}",
        ),
    )
    return intake.finish(mail, InboundStatus.REJECTED, LOCKED, game, player)


def warn_registered(intake: Intake, mail: Mail, seat: Seat, key: str) -> None:
    """Tell the registered address about a mail for its position from elsewhere, at
    most once an hour for each kind of warning (a guesser cannot flood the owner)."""
    game, player = seat.game, seat.player
    lang = player.language
    hour = int(intake.now.timestamp()) // 3600
    intake.warn(
        player.address,
        lang,
        game,
        say(lang, key, game=game.number, seat=player.seat, sender=mail.sender or "?"),
        key=f"warn:{game.number}:{player.seat}:{key}:{hour}",
        player=player,
    )
