"""Phases of a turn run for those who leave the game (host rules, "NMR and leaving the game").

An occupant without orders counts one more NMR; one who reaches the game's limit is
dropped, and the next stand-by takes the seat over (else it stays vacant), announced in
the newspaper of the turn. Occupants the engine's rules take out (defeated, resigned)
leave after the evaluation.
"""

from __future__ import annotations

from collections.abc import Mapping

from config.game_options import nmr_drop_after
from db import repo
from db.models import GameMessage, MessageKind, Player, PlayerStatus
from db.passwords import hash_password
from mailserver.common.catalog import public_notice
from mailserver.printouts.compose import new_password
from mailserver.turns.plan import languages_of
from mailserver.turns.work import TurnWork

_OUT_STATUS = {
    "defeated": PlayerStatus.ELIMINATED,
    "resigned": PlayerStatus.RESIGNED,
    "nmr": PlayerStatus.DROPPED,
}


def count_nmr_and_drop(work: TurnWork) -> None:
    """Count an NMR for every active occupant without orders (reset it for the others)
    and drop those who reach the game's limit."""
    drops = {p.seat for p in work.plan.drops(nmr_drop_after(work.game.options))}
    for player in work.plan.active:
        count = player.nmr_count + 1 if player.seat in work.plan.nmr else 0
        if count != player.nmr_count:  # a row set to what it holds is work for the flush
            player.nmr_count = count
            work.session.add(player)
    for player in work.plan.active:
        if player.seat in drops:
            _drop(work, player)
    work.session.flush()


def _drop(work: TurnWork, player: Player) -> None:
    """Take the occupant out; the next stand-by takes the seat over with a new password
    (mailed with the printout), else the seat stays vacant. The newspaper says which."""
    session, game, turn, now = work.session, work.game, work.turn, work.ctx.now
    player.status = PlayerStatus.DROPPED
    player.left_turn, player.left_at = turn + 1, now
    repo.saved(session, player)
    work.dropped.append(player)
    ruler = work.kind.engine.names(work.before).rulers.get(player.seat) or "?"
    parts: list[tuple[str, Mapping[str, object]]] = [
        ("news_dropped", {"seat": player.seat, "ruler": ruler, "count": player.nmr_count})
    ]
    standby = repo.next_standby_for_game(session, game)
    if standby is None:
        work.vacant.append(player.seat)
        parts.append(("news_vacant", {"seat": player.seat}))
    else:
        password = new_password()
        newcomer = repo.replace_player(
            session,
            player,
            address=standby.address,
            password_hash=hash_password(password),
            turn=turn + 1,
            language=standby.language,
            standby=standby,
            now=now,
        )
        work.takeovers.append((newcomer, password))
        parts.append(("news_takeover", {"seat": player.seat}))
    languages = languages_of(session, game) | {player.language}
    notice = GameMessage(
        game_id=game.id or 0,
        kind=MessageKind.GM_NEWS,
        text=public_notice(languages, parts),
        turn=turn,
        delivered=True,
        delivered_at=now,
        created_at=now,
    )
    session.add(notice)
    work.news.append(notice)  # printed with this turn, after the news read before it


def players_out(work: TurnWork) -> None:
    """The occupants the engine's ``player_out`` events name leave the game after this
    turn (defeated, resigned, out for NMR by the rules)."""
    outs = [event for event in work.evaluated.events if event.kind == "player_out"]
    if not outs:
        return
    seats = {p.seat: p for p in work.occupants()}
    for event in outs:
        reason = str(event.data.get("reason", ""))
        work.out.append((event.player, reason))
        player = seats.get(event.player)
        if player is None or player.status != PlayerStatus.ACTIVE:
            continue
        player.status = _OUT_STATUS.get(reason, PlayerStatus.ELIMINATED)
        player.left_turn, player.left_at = work.turn + 1, work.ctx.now
        work.session.add(player)
