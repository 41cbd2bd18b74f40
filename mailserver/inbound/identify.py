"""Whose mail is it: the game and the seat a player's mail names.

One lookup, :func:`find_seat`, serves both the read-ahead (which only wants to know whose
password to check before the write transaction) and the transaction (which answers a mail
it cannot place). A sender nobody knows gets one polite notice a period, nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sqlmodel import Session

from db import repo
from db.models import Game, InboundStatus, OutboxKind, Player
from engine.catalogs import FALLBACK
from engine.core import OrderHeader
from grammar.reader import HeaderFault
from mailserver.common.catalog import unknown_sender_mail
from mailserver.common.kinds import game_kind
from mailserver.inbound.context import Intake, IntakeOutcome, Mail, Outgoing, Seat
from mailserver.inbound.loaded_states import current_state


@dataclass(frozen=True)
class Unplaced:
    """Why a player's mail names no seat, and how that is answered."""

    reason: str
    """For the mail's record."""
    refusal: str | None
    """The catalog text of the answer; ``None``: the sender is a stranger."""
    lang: str = "de"
    game: Game | None = None
    number: object = "?"
    """The game as the sender named it."""
    values: Mapping[str, object] = field(default_factory=dict)
    """What else the answer names."""


HEADER_OUT_OF_RANGE = "header number out of range"
"""For the mail's record: a header line named a game or player number out of range."""

STRANGER = Unplaced("sender and game unknown", None)
"""No game the header names, and no seat of the sender's to guess it from."""


def find_seat(session: Session, header: OrderHeader, sender: str) -> Seat | Unplaced:
    """The seat a player's mail from ``sender`` with ``header`` speaks for.

    The game is the one the header names, else the sender's only game; the seat is the
    one it names by number or by its ruler's name (the order languages' header line
    "names game, player (number or code name) and password", see the players' order
    documentation), else the sender's only seat in that game. The sender's seats are
    looked up only when the header names no game, or one that does not exist (for the
    answer's language).
    """
    if header.game is not None and header.player is not None:
        # The usual header (game and seat by number): both rows in one query, the same
        # seat as below; the lookups below only when they find none, to say why.
        found = repo.seat_by_numbers(session, header.game, header.player)
        if found is not None:
            return Seat(*found)
    if header.game is not None:
        game = repo.get_game_by_number(session, header.game)
        if game is None:
            players = players_of(session, sender)
            if not players:
                return STRANGER
            return Unplaced(
                f"no game {header.game}", "reject_game", _lang(players), None, header.game
            )
    else:
        players = players_of(session, sender)
        game = session.get(Game, players[0].game_id) if len(players) == 1 else None
        if game is None:
            if not players:
                return STRANGER
            return Unplaced("no game named", "reject_no_game", _lang(players))
    return _seat_in(session, game, header, sender)


def _seat_in(session: Session, game: Game, header: OrderHeader, sender: str) -> Seat | Unplaced:
    """The seat of ``game`` the header names (see :func:`find_seat`)."""
    seat = seat_named(session, game, header)
    seats = {p.seat: p for p in repo.current_players(session, game.id or 0)}
    by_address = [p for p in seats.values() if p.address == sender]
    lang = by_address[0].language if by_address else "de"
    if seat is None:
        if len(by_address) != 1:
            return Unplaced("no player named", "reject_no_player", lang, game, game.number)
        seat = by_address[0].seat
    player = seats.get(seat)
    if player is None:
        return Unplaced(
            f"no player {seat}", "reject_player", lang, game, game.number, {"seat": seat}
        )
    return Seat(game, player)


def seat_named(session: Session, game: Game, header: OrderHeader) -> int | None:
    """The seat the header names: by number, or by a ruler's name (a code name,
    ``Spieler BORG``), case-insensitive."""
    if header.player is not None or header.player_name is None:
        return header.player
    loaded = current_state(session, game)
    wanted = header.player_name.casefold()
    rulers = loaded.names.rulers if loaded else {}
    return next((seat for seat, name in rulers.items() if name.casefold() == wanted), None)


def players_of(session: Session, address: str) -> list[Player]:
    """The seats ``address`` holds in running games (none for no address)."""
    return repo.seats_of_address(session, address) if address else []


def _lang(players: Sequence[Player]) -> str:
    return players[0].language if players else "de"


def identify(intake: Intake, mail: Mail, header: OrderHeader) -> Seat | IntakeOutcome:
    """The seat a player's mail speaks for; a mail that names none is answered (see
    :func:`find_seat`) and ends here."""
    found = find_seat(intake.session, header, mail.sender)
    fault = mail.parsed.fault
    if isinstance(found, Seat):
        if fault is None:
            return found
        return _refuse_fault(intake, mail, fault, found.player.language, found.game)
    if found.refusal is None:
        return unknown_sender(intake, mail)
    if fault is not None:
        return _refuse_fault(intake, mail, fault, found.lang, found.game)
    intake.reply(mail, found.refusal, found.lang, found.game, found.number, **found.values)
    return intake.finish(mail, InboundStatus.REJECTED, found.reason, found.game)


def _refuse_fault(
    intake: Intake, mail: Mail, fault: HeaderFault, lang: str, game: Game | None
) -> IntakeOutcome:
    """A header line lost for a number out of range: that number is the reason the mail
    names no seat, not the password the line carried. Said only to a sender who holds a
    seat (a stranger stays one) and names nothing he did not write; a seat out of range
    with the range of the game's kind (public in its rules), once the game is known."""
    messages = fault.messages if game is None else fault.in_game(game_kind(game.kind).max_players)
    reason = messages.get(lang) or messages[FALLBACK]
    number = game.number if game is not None else "?"
    key = "reject_header" if fault.line else "reject_header_subject"
    intake.reply(mail, key, lang, game, number, line=fault.line, reason=reason)
    return intake.finish(mail, InboundStatus.REJECTED, HEADER_OUT_OF_RANGE, game)


def unknown_sender(intake: Intake, mail: Mail) -> IntakeOutcome:
    """One polite explanation per address and period; nothing else is done."""
    if mail.sender and repo.unknown_sender_reply_due(
        intake.session, mail.sender, hours=intake.config.unknown_sender_hours, now=intake.now
    ):
        subject, body = unknown_sender_mail()
        intake.send(mail, Outgoing(mail.sender, subject, body, OutboxKind.UNKNOWN_SENDER))
    return intake.finish(mail, InboundStatus.UNKNOWN_SENDER, STRANGER.reason)
