"""May the mail speak for its seat: the password, and the guard against guessing it.

A wrong password is refused and, when the mail came from elsewhere, the registered
address is told. Wrong passwords are counted within ``lockout_hours``, by who sent them:

* the **owner** (the seat's registered address; for the GM, the game's GM address) is
  never locked out: his mail is always read and, with the right password, taken. After
  ``password_tries`` wrong ones of his own, his further wrong ones are refused without
  an answer (one notice says so), nothing more;
* **strangers** (every other address) share one count per seat (or per game's GM):
  after ``password_tries`` wrong ones, every stranger's mail for the seat is refused
  unread — checked before the password, so a guesser costs no hashing — and the GM is
  told once. The owner's mail still goes through.

So no stranger can lock an owner out of his turn, and no sender gets more answers than
he sends mails: each refused try one answer at most, a lock one notice a window.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import Session

from config.game_options import gm_language
from db import repo
from db.models import Game, InboundStatus, OutboxKind, Player
from db.passwords import renewed, verify_password_cached
from mailserver.common.catalog import say
from mailserver.common.kinds import game_kind
from mailserver.inbound.context import Intake, IntakeOutcome, Mail, Outgoing, Seat
from mailserver.inbound.echo import echo
from mailserver.inbound.intake_config import IntakeConfig
from mailserver.inbound.parsed import read_attachment, read_orders

WRONG_PASSWORD = "wrong or missing password"
LOCKED = "locked: too many wrong passwords"
OWN_TRIES = "wrong password, not answered: too many from the registered address"


def locked_out(intake: Intake, mail: Mail, seat: Seat) -> IntakeOutcome | None:
    """A stranger's mail for a seat locked against strangers: refused unread (see
    :func:`guessing`). The owner's mail passes on to :func:`wrong_password`."""
    game, player = seat.game, seat.player
    if mail.sender == player.address:
        return None
    return guessing(intake, mail, game, player, player.language)


def wrong_password(intake: Intake, mail: Mail, seat: Seat) -> IntakeOutcome | None:
    """A player's mail without the seat's password: refused, the owner warned when it
    came from elsewhere; the owner's own wrong ones past the limit unanswered."""
    password = mail.parsed.header.password
    game, player = seat.game, seat.player
    if password is not None and verify_password_cached(password, player.password_hash):
        _renew(intake, mail, player, password)
        return None
    if mail.sender == player.address:
        throttled = own_tries(intake, mail, game, player, player.language)
        if throttled is not None:
            return throttled
    _refuse_password(intake, mail, seat)
    if mail.sender != player.address:
        warn_registered(intake, mail, seat, "warn_wrong_password")
    return intake.finish(mail, InboundStatus.REJECTED, WRONG_PASSWORD, game, player)


def _renew(intake: Intake, mail: Mail, player: Player, password: str) -> None:
    """A hash stored before (scrypt, or Argon2id of an older cost) replaced by one of the
    password just verified, in the transaction already open: usually made ahead by the
    read-ahead (``mail.parsed.rehashed``), else here, once a seat."""
    new = renewed(password, player.password_hash, mail.parsed.rehashed)
    if new is not None:
        player.password_hash = new
        intake.session.add(player)


def _refuse_password(intake: Intake, mail: Mail, seat: Seat) -> None:
    """The refusal of a wrong or missing password, with what :func:`checked_anyway` adds
    (as :meth:`Intake.reply`, within the sender's answers an hour)."""
    game, player = seat.game, seat.player
    if not intake.may_answer(mail.sender, game):
        return
    lang = player.language
    text = say(lang, "reject_password", game=game.number, seat=player.seat)
    more = checked_anyway(intake, mail, seat)
    footer = say(lang, "footer")
    intake.send(
        mail,
        Outgoing(
            to=mail.sender,
            subject=say(lang, "reject_subject", game=game.number),
            body="\n".join([text, "", *more, *mail.quoted_hint(lang), footer, ""]),
            kind=OutboxKind.NOTICE,
            game=game,
            # The refusal names the game and seat from the data: a password "falsch"
            # is masked in the echo, not in "das Kennwort fehlt oder ist falsch".
            own=(text, footer),
        ),
    )


def checked_anyway(intake: Intake, mail: Mail, seat: Seat) -> list[str]:
    """The lines a refusal for a wrong password adds: the password keyword a header line
    misspelled, and the echo of the orders read but not stored. Read without the
    seat's position (the sender is not known to be the seat's player): nothing in it
    but what the mail itself says."""
    game, lang = seat.game, seat.player.language
    lines = [
        say(lang, "password_typo", line=typo.line, word=typo.word, keyword=typo.keyword)
        for typo in mail.parsed.typos
    ]
    kind = game_kind(game.kind)
    result = read_orders(kind, mail.body, None)
    limit = intake.config.max_text_chars
    result = read_attachment(kind, mail.body, None, result, limit) or result
    header = result.header  # the seat the mail was taken to be for, when it did not say
    header.game = game.number if header.game is None else header.game
    if header.player is None and header.player_name is None:
        header.player = seat.player.seat
    if len(mail.body.text) > limit or not (result.orders or result.settings or result.errors):
        return [*lines, ""] if lines else []
    return [*lines, "", echo(result, lang, stored=False).rstrip("\n"), ""]


def strangers_locked(
    session: Session,
    config: IntakeConfig,
    now: datetime,
    game: Game,
    player: Player | None,
) -> int | None:
    """The strangers' wrong passwords for the seat of ``player`` (``None``: the GM of
    ``game``) within ``lockout_hours`` if they lock it, else ``None``.

    Strangers are those writing from any address but the registered one. The read-ahead
    asks this before it spends a password check on a mail, intake before it reads one."""
    wrong = repo.refusals_since(
        session,
        game_id=game.id or 0,
        player_id=player.id if player else None,
        reason=WRONG_PASSWORD,
        since=now - timedelta(hours=config.lockout_hours),
        not_sender=player.address if player else game.gm_address,
    )
    return wrong if wrong >= config.password_tries else None


def guessing(
    intake: Intake, mail: Mail, game: Game, player: Player | None, lang: str
) -> IntakeOutcome | None:
    """The guessing guard for a stranger's mail: after ``password_tries`` wrong passwords
    from strangers for a seat (or the GM, ``player`` None) within ``lockout_hours``,
    further tries from strangers are refused unread. The first refused try is answered
    and the GM told, once a window; the rest get no answer."""
    config = intake.config
    wrong = strangers_locked(intake.session, config, intake.now, game, player)
    if wrong is None:
        return None
    who = player.seat if player else 0
    window = _window(intake)
    _answer_locked(intake, mail, game, lang, "reject_locked", f"locked-answer:{game.number}:{who}")
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


def own_tries(
    intake: Intake, mail: Mail, game: Game, player: Player | None, lang: str
) -> IntakeOutcome | None:
    """The owner's wrong password (his password already checked and found wrong): past
    ``password_tries`` wrong ones of his own within ``lockout_hours``, refused without
    an answer (one notice a window says so). His right password is never refused."""
    config = intake.config
    wrong = repo.refusals_since(
        intake.session,
        game_id=game.id or 0,
        player_id=player.id if player else None,
        reason=WRONG_PASSWORD,
        since=intake.now - timedelta(hours=config.lockout_hours),
        sender=mail.sender,
    )
    if wrong < config.password_tries:
        return None
    who = player.seat if player else 0
    _answer_locked(intake, mail, game, lang, "reject_own_tries", f"own-tries:{game.number}:{who}")
    return intake.finish(mail, InboundStatus.REJECTED, OWN_TRIES, game, player)


def _window(intake: Intake) -> int:
    """The clock hour the lock's notices are counted in."""
    since = intake.now - timedelta(hours=intake.config.lockout_hours)
    return int(since.timestamp()) // 3600


def _answer_locked(intake: Intake, mail: Mail, game: Game, lang: str, key: str, dedup: str) -> None:
    """The one answer a window to a refused try (catalog text ``key``)."""
    intake.send(
        mail,
        Outgoing(
            to=mail.sender,
            subject=say(lang, "reject_subject", game=game.number),
            body=say(lang, key, game=game.number, hours=intake.config.lockout_hours)
            + "\n\n"
            + say(lang, "footer")
            + "\n",
            kind=OutboxKind.NOTICE,
            game=game,
            dedup_key=f"{dedup}:{_window(intake)}",
        ),
    )


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
