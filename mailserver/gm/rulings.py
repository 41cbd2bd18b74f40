"""The GM's rulings on a GM-adjudicated turn whose kind has him rule on open items
(engine.core.Ruled): ``Entscheid`` … ``Ende``, ``Korrektur``, ``Spielende``.

Each ruling is checked by the kind against the state and the turn's orders, kept as an
input of the turn (``gm_ruling``; the turn's snapshot records which, so a replay
rebuilds it), and the GM is told what is still open. Works inside the caller's
transaction on the game's locked row.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session

from db import repo
from db.models import Game, GameStatus
from engine.core import CORRECTION, GAME_END, Order, Ruled, Ruling, State
from mailserver.common.catalog import say
from mailserver.common.kinds import game_kind
from mailserver.gm.lookup import GmError, game_numbered, locked_game
from mailserver.turns.inputs import TurnInputs, engine_orders
from mailserver.turns.plan import TurnPlan, plan_turn, state_of
from mailserver.turns.run import open_items


@dataclass(frozen=True)
class RulingsTaken:
    """What became of the rulings of one command: how many were kept, the lines refused
    with the reason, and the items still open afterwards."""

    taken: int
    refused: list[tuple[str, str]]
    still_open: list[str]


@dataclass(frozen=True)
class Giver:
    """Who gives rulings (the GM's address) and how they came (``mail``, ``web``,
    ``cli``), kept with each ruling."""

    address: str
    via: str


def ruling_of(line: str) -> Ruling | None:
    """One line of an ``Entscheid`` block as a ruling (``K1 Sieger A``: the item, then
    its words); None for an empty line."""
    item, _, text = line.strip().partition(" ")
    return Ruling(item, text.strip()) if item else None


def give_rulings(
    session: Session,
    number: int,
    lines: Sequence[str],
    *,
    lang: str,
    now: datetime,
    by: Giver | None = None,
) -> RulingsTaken:
    """Check and keep the rulings of an ``Entscheid`` block, one a line (``K1 Sieger A``:
    the item, then its words); a later ruling on an item replaces the earlier one."""
    rulings = [r for r in map(ruling_of, lines) if r is not None]
    return _take(session, number, rulings, lang=lang, now=now, by=by, block=True)


def check_lines(
    session: Session, number: int, lines: Sequence[str], *, lang: str
) -> list[tuple[int, str]]:
    """What :func:`give_rulings` would say of each line, storing nothing: ``(index of the
    line, why it would be refused or "")`` for every line that is not empty, each checked
    after the rulings kept and the lines above it that would be taken."""
    game = game_numbered(session, number)
    waiting = _waiting(session, game)
    numbered = [(i, ruling_of(line)) for i, line in enumerate(lines)]
    rulings = [(i, r) for i, r in numbered if r is not None]
    verdicts = _verdicts(waiting, [r for _, r in rulings], lang, block=True)
    return [(i, why) for (i, _), (_, why) in zip(rulings, verdicts, strict=True)]


def correct_state(
    session: Session,
    number: int,
    what: str,
    reason: str,
    *,
    lang: str,
    now: datetime,
    by: Giver | None = None,
) -> RulingsTaken:
    """Keep a correction of the state (the kind reads ``what``); a reason is required,
    and it goes into the game's log with the correction."""
    if not reason.strip():
        raise GmError("gm_error_correction_needs_reason")
    correction = Ruling(CORRECTION, what, reason)
    return _take(session, number, [correction], lang=lang, now=now, by=by)


def end_game(
    session: Session, number: int, *, lang: str, now: datetime, by: Giver | None = None
) -> RulingsTaken:
    """The turn waiting for publication ends the game (its printouts are the last)."""
    return _take(session, number, [Ruling(GAME_END, "")], lang=lang, now=now, by=by)


@dataclass(frozen=True)
class _Waiting:
    """A turn waiting for the GM's rulings: what each ruling is checked against."""

    game: Game
    ruled: Ruled
    plan: TurnPlan
    before: State
    orders: Mapping[int, Sequence[Order]]
    given: list[Ruling]


def _waiting(session: Session, game: Game) -> _Waiting:
    """The game's turn waiting for rulings (:class:`GmError` when there is none)."""
    ruled = game_kind(game.kind).ruled
    if ruled is None:
        raise GmError("gm_error_game_has_no_rulings", number=game.number)
    if game.status != GameStatus.ADJUDICATING:
        raise GmError("gm_error_game_not_waiting_rulings", number=game.number)
    turn = game.turn + 1
    plan = plan_turn(session, game, turn, 0)
    before = state_of(session, game, game.turn)
    orders = engine_orders(game_kind(game.kind), before, TurnInputs(plan.executing, []))
    given = [Ruling(r.item, r.text, r.reason) for r in repo.gm_rulings(session, game.id or 0, turn)]
    return _Waiting(game, ruled, plan, before, orders, given)


_COMMANDS = frozenset(
    word.casefold() for word in (CORRECTION, GAME_END, "correction", "Partieende")
)
"""The first words of the commands a ruling block may not hold (grammar/gm.lark)."""


def _verdicts(
    waiting: _Waiting, rulings: Sequence[Ruling], lang: str, *, block: bool = False
) -> Iterator[tuple[Ruling, str]]:
    """Each ruling with why it is refused ("" when it is taken), checked after the
    rulings kept and the ones before it that are taken (a later ruling on an item
    replaces the earlier one; corrections add up). A line of an ``Entscheid`` block
    (``block``) that is a ``Korrektur`` or ``Spielende`` is refused: those are commands
    of their own, a correction with its reason, never items of a block. The kind checks
    the rest as one mail (engine.core.Ruled.check_rulings: its turn found a few times,
    not once per ruling)."""
    commands = [block and ruling.item.casefold() in _COMMANDS for ruling in rulings]
    checked = [ruling for ruling, command in zip(rulings, commands, strict=True) if not command]
    answers = iter(
        waiting.ruled.check_rulings(waiting.before, waiting.orders, waiting.given, checked, lang)
    )
    for ruling, command in zip(rulings, commands, strict=True):
        if command:
            yield ruling, say(lang, "ruling_command_in_block", command=ruling.item)
        else:
            yield ruling, next(answers)


def _take(
    session: Session,
    number: int,
    rulings: Sequence[Ruling],
    *,
    lang: str,
    now: datetime,
    by: Giver | None,
    block: bool = False,
) -> RulingsTaken:
    waiting = _waiting(session, locked_game(session, number))
    game = waiting.game
    game_id, turn = game.id or 0, game.turn + 1
    taken, refused = 0, []
    for ruling, why in _verdicts(waiting, rulings, lang, block=block):
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
            given_by=None if by is None else by.address,
            given_via=None if by is None else by.via,
        )
        taken += 1
    rows = repo.gm_rulings(session, game_id, turn)
    still_open = open_items(session, game, waiting.plan, rows, lang)
    return RulingsTaken(taken, refused, still_open)
