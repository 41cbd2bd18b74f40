"""A player's orders for a turn: stored as a new submission, with what changed.

Every submission is kept; the latest of a seat's occupant counts. "Final" alone confirms
the orders sent before and marks them final. The acknowledgement says what a
resubmission added and dropped.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from db import repo
from engine.core import (
    Final,
    MessageOrder,
    Order,
    OrderLanguage,
    ParseResult,
    PlanetNamer,
    order_items,
)
from engine.dice import submission_digest
from mailserver.common.catalog import say
from mailserver.inbound.context import Intake, Mail, Seat


@dataclass(frozen=True)
class NamedLanguage:
    """An order language that names places by a running game's current names."""

    language: OrderLanguage
    place_name: PlanetNamer
    describe: Callable[[Order], str] | None = None
    """How the acknowledgement words an order with the game's state in view."""

    def order_from_json(self, data: Any) -> Order:
        return self.language.order_from_json(data)


@dataclass(frozen=True)
class Understood:
    """A player's order text as read for his seat, and the turn it is for."""

    result: ParseResult
    language: NamedLanguage
    turn: int
    attachment: str | None = None
    """The name of the attached file the orders were read from (the body had none)."""
    text: str | None = None
    """The order text read, when it is not the mail's body (an attached file)."""


def store_orders(
    intake: Intake, mail: Mail, seat: Seat, read: Understood, orders: list[Order]
) -> list[str]:
    """Store ``orders`` (no message orders) of ``read`` as the seat's submission for its
    turn; the acknowledgement's lines about it."""
    session, game, player = intake.session, seat.game, seat.player
    result, language, turn = read.result, read.language, read.turn
    lang = seat.lang
    previous = repo.latest_orders(session, game.id or 0, player.seat, turn)
    parsed = result.to_json(lang)
    final = any(isinstance(o, Final) for o in orders)
    confirm_only = final and previous is not None and all(isinstance(o, Final) for o in orders)
    # parsed["orders"] lists result.orders one for one, in their JSON form.
    as_json = list(zip(result.orders, parsed["orders"], strict=True))
    if confirm_only and previous is not None:
        # "Final" alone: the previous orders stand, now marked final.
        kept = [
            o for o in order_items(previous) if not isinstance(language.order_from_json(o), Final)
        ]
        orders = [*(language.order_from_json(o) for o in kept), *orders]
        stored = [*kept, *(j for o, j in as_json if isinstance(o, Final))]
    else:
        stored = [j for o, j in as_json if not isinstance(o, MessageOrder)]
    raw_text = intake.masked(read.text if read.text is not None else mail.body.text)
    repo.add_submission(
        session,
        player=player,
        turn=turn,
        raw_text=raw_text,
        orders=stored,
        errors=parsed["errors"],
        final=final,
        inbound_mail_id=mail.record.id,
        now=intake.now,
    )
    lines = [say(lang, "ack_intro", turn=turn)]
    if turn > game.turn + 1:
        lines.append(say(lang, "ack_later", turn=turn, next=game.turn + 1))
    if previous is not None and not confirm_only:
        lines.append(say(lang, "ack_replaces"))
    if final:
        lines.append(say(lang, "ack_final"))
    lines.append("")
    if repo.dice_secret(session, game.id or 0, game.turn + 1) is not None:
        # The digest the reveal after the turn must show for this seat (docs/dice.md).
        digest = submission_digest(raw_text)
        lines += [say(lang, "ack_digest", turn=turn), f"  {digest}", ""]
    if previous is not None:
        lines += [*diff(previous, orders, lang, language), ""]
    return lines


def diff(
    before: Sequence[Any], after: Sequence[Order], lang: str, language: NamedLanguage
) -> list[str]:
    """What a resubmission added and dropped, ignoring line numbers and order."""

    def key(data: dict[str, Any]) -> str:
        return json.dumps({k: v for k, v in data.items() if k != "line"}, sort_keys=True)

    old = Counter(key(o) for o in order_items(before))
    new_orders = {key({"kind": o.kind, **o.to_json()}): o for o in after}
    new = Counter(key({"kind": o.kind, **o.to_json()}) for o in after)
    added, removed = new - old, old - new
    if not added and not removed:
        return [say(lang, "diff_none")]
    out = [say(lang, "diff_title")]
    for k in sorted(added, key=lambda k: new_orders[k].line):
        described = new_orders[k].describe(lang, language.place_name)
        out += [say(lang, "diff_added", text=described)] * added[k]
    for k in removed:
        rebuilt = language.order_from_json(json.loads(k))
        described = rebuilt.describe(lang, language.place_name)
        out += [say(lang, "diff_removed", text=described)] * removed[k]
    return out
