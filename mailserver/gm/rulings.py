"""The GM's rulings on a GM-adjudicated turn whose kind has him rule on open items
(engine.core.Ruled): ``Entscheid`` … ``Ende``, ``Korrektur``, ``Spielende``.

Each ruling is checked by the kind against the state and the turn's orders, kept as an
input of the turn (``gm_ruling``; the turn's snapshot records which, so a replay
rebuilds it), and the GM is told what is still open. Works inside the caller's
transaction on the game's locked row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session

from db import repo
from db.models import Game, GameStatus
from engine.core import CORRECTION, GAME_END, Ruled, Ruling
from mailserver.common.kinds import game_kind
from mailserver.gm.lookup import GmError, locked_game
from mailserver.turns.inputs import TurnInputs, engine_orders
from mailserver.turns.plan import plan_turn, state_of
from mailserver.turns.run import open_items


@dataclass(frozen=True)
class RulingsTaken:
    """What became of the rulings of one command: how many were kept, the lines refused
    with the reason, and the items still open afterwards."""

    taken: int
    refused: list[tuple[str, str]]
    still_open: list[str]


def give_rulings(
    session: Session, number: int, lines: Sequence[str], *, lang: str, now: datetime
) -> RulingsTaken:
    """Check and keep the rulings of an ``Entscheid`` block, one a line (``K1 Sieger A``:
    the item, then its words); a later ruling on an item replaces the earlier one."""
    rulings = []
    for line in lines:
        item, _, text = line.strip().partition(" ")
        if item:
            rulings.append(Ruling(item, text.strip()))
    return _take(session, number, rulings, lang=lang, now=now)


def correct_state(
    session: Session, number: int, what: str, reason: str, *, lang: str, now: datetime
) -> RulingsTaken:
    """Keep a correction of the state (the kind reads ``what``); a reason is required,
    and it goes into the game's log with the correction."""
    if not reason.strip():
        raise GmError("gm_error_correction_needs_reason")
    return _take(session, number, [Ruling(CORRECTION, what, reason)], lang=lang, now=now)


def end_game(session: Session, number: int, *, lang: str, now: datetime) -> RulingsTaken:
    """The turn waiting for publication ends the game (its printouts are the last)."""
    return _take(session, number, [Ruling(GAME_END, "")], lang=lang, now=now)


def _ruled_game(session: Session, number: int) -> tuple[Game, Ruled]:
    game = locked_game(session, number)
    ruled = game_kind(game.kind).ruled
    if ruled is None:
        raise GmError("gm_error_game_has_no_rulings", number=number)
    if game.status != GameStatus.ADJUDICATING:
        raise GmError("gm_error_game_not_waiting_rulings", number=number)
    return game, ruled


def _take(
    session: Session, number: int, rulings: Sequence[Ruling], *, lang: str, now: datetime
) -> RulingsTaken:
    game, ruled = _ruled_game(session, number)
    game_id, turn = game.id or 0, game.turn + 1
    plan = plan_turn(session, game, turn, 0)
    kind = game_kind(game.kind)
    before = state_of(session, game, game.turn)
    orders = engine_orders(kind, before, TurnInputs(plan.executing, []))
    given = [Ruling(r.item, r.text, r.reason) for r in repo.gm_rulings(session, game_id, turn)]
    taken, refused = 0, []
    for ruling in rulings:
        why = ruled.check_ruling(before, orders, given, ruling, lang)
        if why:
            refused.append((f"{ruling.item} {ruling.text}".strip(), why))
            continue
        repo.store_gm_ruling(
            session,
            game_id=game_id,
            turn=turn,
            item=ruling.item,
            text=ruling.text,
            reason=ruling.reason,
            now=now,
            adds=ruling.item == CORRECTION,
        )
        given = [g for g in given if ruling.item == CORRECTION or g.item != ruling.item]
        given.append(ruling)
        taken += 1
    still_open = open_items(session, game, plan, repo.gm_rulings(session, game_id, turn), lang)
    return RulingsTaken(taken, refused, still_open)
