"""The printout mails: body assembly, subjects and putting them in the outbox.

A printout mail is the engine's printout (which ends with the order form), then the
host's notes to this player, the secret messages held for the seat, the next
deadline, the account balance and a footer. Every printout of an evaluation goes
into the outbox under the key ``printout:<game>:<turn>:<player_id>``, so a retried turn
run can never mail one twice.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam
from sqlmodel import Session, col, select

from db import repo
from db.models import (
    PASSWORD_PLACEHOLDER,
    Game,
    GameMessage,
    LedgerEntry,
    LedgerKind,
    MessageKind,
    Outbox,
    OutboxKind,
    Player,
)
from engine.core import State
from mailserver.common.catalog import say, wrap
from mailserver.common.formats import format_money, format_when
from mailserver.common.kinds import game_kind
from mailserver.common.links import link_lines
from mailserver.common.terms import HostTerms, TurnContext
from mailserver.printouts.dice import DiceView

PASSWORD_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
"""Lower-case letters and digits without the look-alikes (l, o, 0, 1)."""
PASSWORD_LENGTH = 10
RULE = "=" * 78


def new_password(length: int = PASSWORD_LENGTH) -> str:
    """A fresh password that is easy to type into a mail."""
    return "".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(length))


def player_timezone(game: Game, player: Player) -> str:
    """The zone a player reads times in: his own, else the game's."""
    return player.timezone or game.timezone


def held_secrets(session: Session, game_id: int, seat: int, turn: int) -> list[GameMessage]:
    """Secret messages to ``seat`` not yet delivered that belong in printout ``turn``."""
    return held_secrets_of(session, game_id, [seat], turn).get(seat, [])


_HELD_SECRETS_OF = (
    select(GameMessage)
    .where(
        GameMessage.game_id == bindparam("game_id"),
        GameMessage.kind == MessageKind.SECRET,
        col(GameMessage.addressee_seat).in_(bindparam("seats", expanding=True)),
        col(GameMessage.turn) <= bindparam("turn"),
        col(GameMessage.delivered).is_(False),
    )
    .order_by(col(GameMessage.id))
)
"""Built once (building a statement cost more than running it; every turn run asks)."""


def held_secrets_of(
    session: Session, game_id: int, seats: Collection[int], turn: int
) -> dict[int, list[GameMessage]]:
    """:func:`held_secrets` of several seats in one query (a turn run's printouts), by
    seat (none: absent)."""
    values = {"game_id": game_id, "seats": list(seats), "turn": turn}
    found: dict[int, list[GameMessage]] = {}
    for message in session.exec(_HELD_SECRETS_OF, params=values):
        found.setdefault(message.addressee_seat or 0, []).append(message)
    return found


def _section(head: str, lines: Sequence[str]) -> list[str]:
    return ["", RULE, head, "-" * len(head), *lines]


def printout_body(
    session: Session,
    game: Game,
    player: Player,
    state: State,
    terms: HostTerms,
    *,
    extra_notes: Sequence[str] = (),
    intro: Sequence[str] = (),
    secret_messages: Sequence[GameMessage] = (),
    show_deadline: bool = True,
    postage: Sequence[LedgerEntry] | None = None,
    view: str | None = None,
    dice: DiceView | None = None,
) -> str:
    """The body of ``player``'s printout mail for ``state`` (see the module doc).

    ``intro`` goes above the printout (welcome, password); ``extra_notes`` are the host's
    notes (late evaluation, fee not covered, NMR warning); ``secret_messages`` are
    printed under their heading (the caller marks them delivered). The deadline shown is
    ``game.next_deadline`` for the turn after ``state``. ``postage``: the player's
    postage bookings of ``state.turn`` when the caller has read them (else read here).
    ``view``: the engine's printout of ``state`` for the player, when made ahead. The
    money is in ``terms.currency``; the page links follow ``terms.web``. ``dice``: the
    seal of the next turn and this turn's reveal (docs/dice.md), the player's part shown.
    """
    lang = player.language
    engine = game_kind(game.kind).engine
    lines: list[str] = []
    if intro:
        lines += [*(wrap(line) for line in intro), ""]
    if view is None:
        view = engine.printout(state, player.seat, lang)
    lines.append(view.rstrip("\n"))
    if extra_notes:
        lines += _section(say(lang, "notes_head"), [])
        for note in extra_notes:
            lines += [wrap(note), ""]
        lines.pop()
    if secret_messages:
        rulers = engine.names(state, lang).rulers
        body: list[str] = []
        for message in secret_messages:
            if message.sender_seat is None:
                body.append(say(lang, "secret_from_gm"))
            else:
                ruler = rulers.get(message.sender_seat) or str(message.sender_seat)
                body.append(say(lang, "secret_from", ruler=ruler, seat=message.sender_seat))
            body += [message.text.rstrip("\n"), ""]
        lines += _section(say(lang, "secrets_head"), body[:-1])
    dice_lines = dice.lines(player.seat, lang) if dice is not None else []
    if dice_lines:
        lines += ["", RULE, *dice_lines]
    lines += ["", RULE]
    if show_deadline:
        nxt = state.turn + 1
        if game.next_deadline is not None:
            when = format_when(game.next_deadline, player_timezone(game, player), lang)
            lines.append(wrap(say(lang, "printout_deadline", turn=nxt, when=when)))
        else:
            lines.append(wrap(say(lang, "printout_no_deadline", turn=nxt)))
    currency = terms.currency
    balance = format_money(player.balance_cents, currency)
    lines.append(say(lang, "balance", balance=balance))
    if postage is None:
        postage = repo.bookings(session, player.id or 0, turn=state.turn, kind=LedgerKind.POSTAGE)
    if postage:
        total = format_money(sum(b.amount_cents for b in postage), currency)
        lines.append(say(lang, "balance_postage", count=len(postage), amount=total))
    web = link_lines(session, terms.web, game, player.seat, lang)
    if web:
        # The links on lines of their own, never wrapped (a mail client must see them whole).
        lines += ["", *web]
    lines += ["", wrap(say(lang, "printout_footer")), ""]
    return "\n".join(lines)


def printout_subject(game: Game, player: Player, turn: int) -> str:
    """``Partie 227 Runde 3: Auswertung für Spieler 2``."""
    return say(player.language, "printout_subject", game=game.number, turn=turn, seat=player.seat)


def printout_key(game: Game, turn: int, player: Player) -> str:
    """The outbox dedup key of a printout: one per game, turn and occupant."""
    return f"printout:{game.number}:{turn}:{player.id}"


def printout_values(
    game: Game,
    player: Player,
    turn: int,
    body: str,
    ctx: TurnContext,
    *,
    dedup: bool = True,
    attachments: list[Any] | None = None,
    secret: str | None = None,
) -> dict[str, Any]:
    """A printout mail's values, not yet stored (:func:`enqueue_printout` stores them).

    ``attachments`` in the stored form of :class:`mailserver.outbound.smtp.Attachment`."""
    return repo.outbox_values(
        to_address=player.address,
        subject=printout_subject(game, player, turn),
        body=body,
        kind=OutboxKind.PRINTOUT,
        domain=ctx.terms.domain,
        game_id=game.id,
        player_id=player.id,
        turn=turn,
        dedup_key=printout_key(game, turn, player) if dedup else None,
        attachments=attachments,
        secret=secret,
        now=ctx.now,
    )


def enqueue_printout(session: Session, values: dict[str, Any]) -> int:
    """Put a printout mail (:func:`printout_values`) in the outbox; its id. Idempotent per
    game, turn and occupant unless made with ``dedup=False``.

    The printouts of a turn run go in together: :func:`db.repo.enqueue_outbox_many`."""
    if values["dedup_key"] is not None:
        return repo.enqueue_outbox_many(session, [values])[0]
    mail = repo.saved(session, Outbox(**values))
    assert mail.id is not None
    return int(mail.id)


def password_intro(game: Game, player: Player, *, takeover: bool) -> list[str]:
    """The welcome lines with the password (start of the game or a takeover); the
    password stands as ``PASSWORD_PLACEHOLDER`` and goes in only when the mail is sent
    (``printout_values(secret=...)``), so no stored body keeps it."""
    lang = player.language
    key = "takeover_intro" if takeover else "start_intro"
    intro = say(lang, key, game=game.number, seat=player.seat, turn=game.turn)
    return [intro, "", *password_lines(game, player)]


def password_lines(game: Game, player: Player) -> list[str]:
    """The seat's password (as ``PASSWORD_PLACEHOLDER``) and how to write it in orders."""
    lang, password = player.language, PASSWORD_PLACEHOLDER
    return [
        say(lang, "password", password=password),
        say(lang, "password_hint", game=game.number, seat=player.seat, password=password),
    ]


def mark_delivered(
    session: Session, messages: Sequence[GameMessage], turn: int, now: datetime
) -> None:
    """Record that ``messages`` went out with the printouts of ``turn``."""
    for message in messages:
        message.turn = turn
        message.delivered = True
        message.delivered_at = now
        session.add(message)


def _seats(lang: str, seats: Sequence[int] | set[int]) -> str:
    return ", ".join(str(s) for s in sorted(seats)) or say(lang, "none")


@dataclass(frozen=True)
class TurnFacts:
    """What a turn run did besides the evaluation, as the GM's summary lists it."""

    executed: set[int]
    """Seats whose orders were evaluated."""
    missing: set[int]
    """Seats without orders (NMR)."""
    broke: set[int]
    """Seats whose occupant could not pay the turn fee (treated as NMR)."""
    dropped: Sequence[tuple[int, int]]
    """(seat, NMRs in a row) of each occupant dropped."""
    takeovers: Sequence[tuple[int, str]]
    """(seat, address) of each stand-by who took a seat over."""
    vacant: Sequence[int]
    out: Sequence[tuple[int, str]]
    """(seat, reason) of each occupant the rules took out."""
    secrets_delivered: int
    fees: tuple[int, int] | None
    """(occupants charged, the fee in cents); ``None`` when no fee is charged."""


def gm_summary_body(
    game: Game,
    state: State,
    lang: str,
    ctx: TurnContext,
    facts: TurnFacts,
    view: str | None = None,
) -> str:
    """The GM's mail after a turn: who sent orders, NMRs, drops, takeovers, the next
    deadline, and the GM's full view of the new state (``view``, when made ahead)."""
    tz = game.timezone
    lines = [
        say(lang, "gm_turn", turn=state.turn, ran=format_when(ctx.now, tz, lang)),
        "",
        say(lang, "gm_orders", seats=_seats(lang, facts.executed)),
        say(lang, "gm_nmr", seats=_seats(lang, facts.missing | facts.broke)),
    ]
    if facts.broke:
        lines.append(say(lang, "gm_broke", seats=_seats(lang, facts.broke)))
    if facts.dropped:
        count = max(n for _, n in facts.dropped)
        seats = _seats(lang, [s for s, _ in facts.dropped])
        lines.append(say(lang, "gm_dropped", count=count, seats=seats))
    for seat, address in facts.takeovers:
        lines.append(say(lang, "gm_takeover", seat=seat, address=address))
    if facts.vacant:
        lines.append(say(lang, "gm_vacant", seats=_seats(lang, facts.vacant)))
    for seat, reason in facts.out:
        lines.append(say(lang, "gm_out", seat=seat, reason=reason))
    lines.append(say(lang, "gm_secrets", count=facts.secrets_delivered))
    if facts.fees is not None:
        fee = format_money(facts.fees[1], ctx.terms.currency)
        lines.append(say(lang, "gm_fees", count=facts.fees[0], fee=fee))
    if game.status == "finished":
        lines.append(say(lang, "gm_finished"))
    elif game.next_deadline is not None:
        lines.append(say(lang, "gm_next", when=format_when(game.next_deadline, tz, lang)))
    else:
        lines.append(say(lang, "gm_no_next"))
    if view is None:
        view = game_kind(game.kind).engine.printout(state, 0, lang)
    lines += ["", RULE, say(lang, "gm_view"), "", view]
    return "\n".join(lines)
