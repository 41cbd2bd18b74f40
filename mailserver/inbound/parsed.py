"""A received mail read once: its header fields, its order text, what the header of that
text says, and (read ahead) its orders.

:func:`parse_mail` is the only reading of a mail. The poller's thread does it before the
write transaction; :func:`mailserver.inbound.read_ahead.preverify`, intake and the
acknowledgement all take the result, so that nothing is parsed twice and every step
sees the same sender, text and header.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from email.message import Message

from engine.core import GameKind, OrderHeader, ParseResult
from grammar.gm import GmHeader
from grammar.gm import read_header as read_gm_header
from grammar.reader import read_header
from mailserver.common.kinds import order_language, printout_headings
from mailserver.gm import mail as gm_mail
from mailserver.inbound.intake_config import IntakeConfig
from mailserver.inbound.loaded_states import LoadedState
from mailserver.inbound.mailbody import MailBody, read_mail_body
from mailserver.inbound.router import Headers, header_block, headers_of, read_headers


@dataclass(frozen=True)
class Reading:
    """An order text read ahead: for which game, with which state, and the result."""

    game_id: int
    loaded: LoadedState | None
    """The state it was read with (compared by identity: the same turn's cached state)."""
    result: ParseResult


@dataclass(frozen=True)
class ParsedMail:
    """A received mail taken apart (see :func:`parse_mail`)."""

    headers: Headers
    body: MailBody
    size: int
    """The mail's size in bytes (on the server)."""
    too_big: bool
    """Over the size limit: ``body`` was read from the header block alone."""
    header: OrderHeader | GmHeader
    """What the header of the order text says: a GM's (:class:`GmHeader`, when it names
    the GM) or a player's, read from at most ``max_text_chars`` of it."""
    message: Message | None = field(default=None, compare=False, repr=False)
    """The mail's structure (a GM's attachments are read there); ``None`` when the email
    package could not take it apart."""
    readings: list[Reading] = field(default_factory=list, compare=False)
    """Its order text read ahead by :func:`~mailserver.inbound.read_ahead.preverify`
    (at most one)."""

    @property
    def secrets(self) -> list[str]:
        """The password the header names (a player's, or a GM's), as the secrets to mask
        in everything kept of the mail or sent about it."""
        return [self.header.password] if self.header.password else []

    def reading(self, game_id: int, loaded: LoadedState | None) -> ParseResult | None:
        """The order text read ahead for game ``game_id`` with ``loaded``, if it was."""
        for reading in self.readings:
            if reading.game_id == game_id and reading.loaded is loaded:
                return reading.result
        return None


def parse_mail(raw: bytes, *, config: IntakeConfig, size: int | None = None) -> ParsedMail:
    """Take ``raw`` apart once for everything intake does with it.

    ``size`` is the mail's size when ``raw`` is only its header (the poller does not
    fetch a mail over the size limit). The email package parses the mail once: its
    header fields, its order text and its attachments all come from that. A mail it
    cannot parse is read by the lenient header parser alone (and its text as text)."""
    size = len(raw) if size is None else size
    headings = printout_headings()
    if size > config.max_mail_bytes:
        # Cheap before expensive: a huge mail is not taken apart. Its text is read from
        # its header block (the Subject), its fields from the whole header (the block
        # stops at 64 kB).
        body, _ = read_mail_body(header_block(raw), printout_headings=headings)
        return ParsedMail(read_headers(raw), body, size, True, _order_header(body, config))
    body, message = read_mail_body(raw, printout_headings=headings)
    # A mail the email package could not take apart: its fields by the lenient parser.
    headers = read_headers(raw) if message is None else headers_of(message)
    return ParsedMail(headers, body, size, False, _order_header(body, config), message)


def _order_header(body: MailBody, config: IntakeConfig) -> OrderHeader | GmHeader:
    """What the header lines (or the Subject) of ``body`` say: a GM mail's header when it
    names the GM (:func:`mailserver.gm.mail.is_gm_mail`), else a player's."""
    text, subject = body.text[: config.max_text_chars], body.subject or None
    if gm_mail.is_gm_mail(body.text, subject):
        return read_gm_header(text, subject)
    return read_header(text, subject)


def read_orders(kind: GameKind, body: MailBody, loaded: LoadedState | None) -> ParseResult:
    """``body``'s order text read by ``kind``'s order language, places and rulers named
    as in ``loaded`` (pure: done ahead, outside the write transaction, when it can be)."""
    names = loaded.names if loaded else None
    return order_language(kind).parse(
        body.text,
        body.subject or None,
        names.places if names else None,
        rulers=names.rulers if names else None,
    )
