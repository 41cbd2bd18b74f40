"""What intake can do for a mail before its write transaction: find whose password to
check, and read the order text.

:func:`preverify` runs in a short read-only transaction, so that the caller can run the
expensive password check (:func:`db.passwords.verify_password_cached`) afterwards, outside any
transaction and off the event loop; intake then finds the answer in the cache while it
holds the write lock. It places the mail by the same lookup as intake
(:func:`mailserver.inbound.identify.find_seat`), so that what it guesses is what intake
will check (a mail with the usual header from the seat's own address: by that query's
plain values, :func:`db.repo.seat_keys_by_numbers`, with no model rows built). A
stranger's mail for a seat locked against strangers gets no password check here either
(:func:`mailserver.inbound.authenticate.strangers_locked`).
"""

from __future__ import annotations

from collections.abc import Callable

from sqlmodel import Session

from db import repo
from db.models import Game, Player, utcnow
from db.repo import SeatKeys
from grammar.gm import GmHeader
from mailserver.common.kinds import game_kind, order_language
from mailserver.inbound.acks import answer_language
from mailserver.inbound.authenticate import strangers_locked
from mailserver.inbound.context import Seat
from mailserver.inbound.describe import order_words
from mailserver.inbound.identify import find_seat
from mailserver.inbound.intake_config import IntakeConfig
from mailserver.inbound.loaded_states import state_at
from mailserver.inbound.parsed import ParsedMail, Reading, read_orders


def preverify(
    session: Session,
    parsed: ParsedMail,
    *,
    config: IntakeConfig,
    start: Callable[[str, str], object] | None = None,
) -> list[tuple[str, str]]:
    """The (password, stored hash) pairs intake may check for the mail ``parsed``.

    Only a guess at what intake will look up (the database may change before it runs):
    a miss just costs intake its own check. Nothing for mails over the size limit or
    without a password. A player's order text is read into ``parsed.readings`` on the
    way (see :func:`_read_ahead`). ``start`` is called with each pair as soon as it is
    known, before the text is read: the caller may begin the check beside the reading.
    """
    header, sender = parsed.header, parsed.headers.sender
    if parsed.too_big or not header.password:
        return []
    if isinstance(header, GmHeader):
        game = repo.get_game_by_number(session, header.game or 0)
        if game is None or _locked(session, config, sender, game, None):
            return []
        return [_begun((header.password, game.gm_password_hash), start)]
    if header.game is not None and header.player is not None:
        # The usual header, from the seat's own address (no stranger to check): the
        # seat's keys alone, read as plain values.
        keys = repo.seat_keys_by_numbers(session, header.game, header.player)
        if keys is not None and keys.address == sender:
            return _read(session, parsed, keys, config, header.password, start)
    found = find_seat(session, header, sender)
    if not isinstance(found, Seat) or _locked(session, config, sender, found.game, found.player):
        return []
    keys = SeatKeys.of(found.game, found.player)
    return _read(session, parsed, keys, config, header.password, start)


def _read(
    session: Session,
    parsed: ParsedMail,
    keys: SeatKeys,
    config: IntakeConfig,
    password: str,
    start: Callable[[str, str], object] | None,
) -> list[tuple[str, str]]:
    """The seat's password check begun, then its order text read ahead."""
    pair = _begun((password, keys.password_hash), start)
    _read_ahead(session, parsed, keys, config)
    return [pair]


def _begun(pair: tuple[str, str], start: Callable[[str, str], object] | None) -> tuple[str, str]:
    """``pair``, its check begun by ``start`` when there is one."""
    if start is not None:
        start(*pair)
    return pair


def _locked(
    session: Session, config: IntakeConfig, sender: str, game: Game, player: Player | None
) -> bool:
    """Whether intake will refuse the mail unread (a stranger's, for a seat or GM locked
    against strangers): then no password check is spent on it here either."""
    owner = player.address if player else game.gm_address
    return sender != owner and strangers_locked(session, config, utcnow(), game, player) is not None


def _read_ahead(session: Session, parsed: ParsedMail, seat: SeatKeys, config: IntakeConfig) -> None:
    """Read the order text now, for intake to find in ``parsed.readings``: reading it is
    pure, so it need not hold up other mails by being done in the write transaction.

    Only texts within the limits intake reads at all (no more work than the password
    check this accompanies)."""
    text = parsed.body.text
    if len(text) > config.max_text_chars or text.count("\n") >= config.max_order_lines:
        return
    kind = game_kind(seat.kind)
    loaded = state_at(session, seat.kind, seat.game_id, seat.turn)
    result = read_orders(kind, parsed.body, loaded)
    worded = None
    if loaded is not None and result.orders:
        # The acknowledgement's forecast, in the language intake will answer in (unless
        # the seat's setting changes meanwhile: then intake finds the words itself).
        lang = answer_language(seat.language, result.words) or seat.language
        namer = order_language(kind).namer(loaded.names.places)
        words = order_words(kind, loaded.state, seat.seat, result.orders, lang, namer)
        worded = (seat.seat, lang, tuple(words))
    parsed.readings.append(Reading(seat.game_id, loaded, result, worded))
