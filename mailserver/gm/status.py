"""The GM's view of a game's state of play, and the check of the GM's password."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from sqlalchemy import func
from sqlmodel import Session, select

from db import repo
from db.models import Game, GameStatus, PlayerStatus, Standby, StandbyStatus
from db.passwords import renewed, verify_password_cached
from mailserver.common.catalog import say
from mailserver.common.formats import format_when
from mailserver.gm.lookup import GmError, game_numbered


def status(session: Session, number: int, *, now: datetime, lang: str = "de") -> str:
    """Who has sent orders for the pending turn, who is late, the next deadline, holds."""
    game = game_numbered(session, number)
    turn = game.turn + 1
    lines = [
        say(
            lang,
            "status_head",
            game=number,
            kind=game.kind,
            status=say(lang, f"status_game_{game.status}"),
            turn=game.turn,
        )
    ]
    if game.title:
        lines.append(say(lang, "status_title", title=game.title))
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
        elif sub is not None and sub.player_id == player.id and sub.orders:
            # Only a submission with orders counts (an empty one is a mail, not orders).
            final = say(lang, "status_final") if sub.final else ""
            state = say(lang, "status_sent", final=final)
        else:
            state = say(lang, "status_missing", nmr=player.nmr_count)
        line = say(
            lang,
            "status_line",
            seat=player.seat,
            address=player.address,
            pstatus=say(lang, f"status_player_{player.status}"),
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


def verify_gm(
    session: Session, number: int, password: str, ready: Mapping[str, str] | None = None
) -> Game:
    """The game if ``password`` is its GM password; :class:`GmError` otherwise.

    A GM password hash stored before (scrypt, or Argon2id of an older cost) is replaced
    by one of the password just verified (``ready``: made ahead, see
    :func:`db.passwords.renewed`); the caller's transaction stores it."""
    game = game_numbered(session, number)
    if not verify_password_cached(password, game.gm_password_hash):
        raise GmError("gm_error_wrong_gm_password_game", number=number)
    new = renewed(password, game.gm_password_hash, ready)
    if new is not None:
        game.gm_password_hash = new
        session.add(game)
    return game
