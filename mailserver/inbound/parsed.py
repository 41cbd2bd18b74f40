"""A received mail read once: its header fields, its order text, what the header of that
text says, and (read ahead) its orders.

:func:`parse_mail` is the only reading of a mail. The poller's thread does it before the
write transaction; :func:`mailserver.inbound.read_ahead.preverify`, intake and the
acknowledgement all take the result, so that nothing is parsed twice and every step
sees the same sender, text and header.
"""

from __future__ import annotations

import email.policy
import re
from dataclasses import dataclass, field
from email.message import Message
from email.parser import BytesHeaderParser

from engine.core import GameKind, OrderHeader, ParseResult
from grammar.gm import GmHeader
from grammar.gm import read_header as read_gm_header
from grammar.header_typos import HeaderTypo, header_typos
from grammar.reader import HeaderFault, header_fault, read_header, subject_fault
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
    worded: tuple[int, str, tuple[str, ...]] | None = None
    """(seat, language, words): the words of the result's orders for that seat in that
    language (:func:`mailserver.inbound.describe.order_words`), when the state was known."""

    def words(self, seat: int, lang: str) -> tuple[str, ...] | None:
        """The words of the orders for ``seat`` in ``lang``, if they were found ahead."""
        if self.worded is None or self.worded[:2] != (seat, lang):
            return None
        return self.worded[2]


@dataclass(frozen=True)
class ParsedMail:
    """A received mail taken apart (see :func:`parse_mail`)."""

    headers: Headers
    body: MailBody
    size: int
    """The mail's size in bytes (on the server)."""
    cut: bool
    """Over the size limit: read from its first ``max_mail_bytes`` alone (its text parts
    there are read; the attachments are not)."""
    header: OrderHeader | GmHeader
    """What the header of the order text says: a GM's (:class:`GmHeader`, when it names
    the GM) or a player's, read from at most ``max_text_chars`` of it."""
    message: Message | None = field(default=None, compare=False, repr=False)
    """The mail's structure (a GM's attachments are read there); ``None`` when the email
    package could not take it apart."""
    readings: list[Reading] = field(default_factory=list, compare=False)
    """Its order text read ahead by :func:`~mailserver.inbound.read_ahead.preverify`
    (at most one)."""
    rehashed: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    """New hash values made ahead beside the check of its password, for stored values that
    need one (:func:`db.passwords.verify_ahead`): stored hash → new hash."""

    skipped: tuple[str, ...] = ()
    """Of a cut mail: the attachments not read (their file names, else their types)."""
    typos: tuple[HeaderTypo, ...] = ()
    """A player's header lines with a misspelled password keyword (``Kenwort geheim``)."""
    fault: HeaderFault | None = None
    """A player's header line lost for a number out of range, when no other line named a
    password, or else the Subject's game number out of range when nothing else names a
    game: the reason his mail names no seat."""

    @property
    def too_big(self) -> bool:
        """Over the size limit with no text to read among its first bytes (or a GM's
        mail, whose attachments the GM's commands may need whole): refused unread."""
        return self.cut and (not self.body.text.strip() or isinstance(self.header, GmHeader))

    @property
    def secrets(self) -> list[str]:
        """The password the header names (a player's, or a GM's), and any value after a
        misspelled password keyword, as the secrets to mask in everything kept of the
        mail or sent about it."""
        # A value after a misspelled keyword is the password all the same.
        typed = [typo.value for typo in self.typos]
        if self.fault is not None and self.fault.password:
            typed.append(self.fault.password)
        return [self.header.password, *typed] if self.header.password else typed

    def reading(self, game_id: int, loaded: LoadedState | None) -> Reading | None:
        """The order text read ahead for game ``game_id`` with ``loaded``, if it was."""
        for reading in self.readings:
            if reading.game_id == game_id and reading.loaded is loaded:
                return reading
        return None


def parse_mail(raw: bytes, *, config: IntakeConfig, size: int | None = None) -> ParsedMail:
    """Take ``raw`` apart once for everything intake does with it.

    ``size`` is the mail's size when ``raw`` is only its start (the poller fetches only
    the first ``max_mail_bytes`` of a larger mail): its whole parts are read, its text
    among them, and the attachments named (``skipped``). The email package parses the mail once: its
    header fields, its order text and its attachments all come from that. A mail it
    cannot parse is read by the lenient header parser alone (and its text as text)."""
    size = len(raw) if size is None else size
    headings = printout_headings()
    cut, left = size > config.max_mail_bytes, None
    if cut:
        # Cheap before expensive: of a huge mail only as much is read as of the largest
        # mail taken whole (what the poller fetched of it): its text parts, which come
        # first in a player's mail, not the attachment cut off behind them.
        raw, left = _whole_parts(raw[: config.max_mail_bytes])
    body, message = read_mail_body(raw, printout_headings=headings)
    # A mail the email package could not take apart: its fields by the lenient parser.
    headers = read_headers(raw) if message is None else headers_of(message)
    skipped: tuple[str, ...] = ()
    if cut and message is not None:
        skipped = (*_attachments(message), *([left] if left else []))
    header = _order_header(body, config)
    typos: tuple[HeaderTypo, ...] = ()
    fault = None
    if not isinstance(header, GmHeader):
        typos = tuple(header_typos(body.text[: config.max_text_chars]))
        if header.password is None:
            fault = header_fault(body.text[: config.max_text_chars])
        if fault is None and header.game is None and body.subject:
            fault = subject_fault(body.subject)  # the only game named is none
    return ParsedMail(
        headers, body, size, cut, header, message, skipped=skipped, typos=typos, fault=fault
    )


_BOUNDARY = re.compile(rb"""(?i)\bboundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^\s;"]{1,200}))""")
"""A boundary a Content-Type declares (RFC 2046 5.1.1: at most 70 characters)."""
_PART_HEADER_BYTES = 8_000
"""Of the part a cut goes through, this much is read for its name."""


def _whole_parts(start: bytes) -> tuple[bytes, str | None]:
    """The first bytes of a mail without the part the cut went through (up to the last
    boundary line among them), and that part's file name or type. No half text is ever
    read as orders; a mail that is one part (or whose cut falls in its first part) keeps
    its header block alone."""
    boundaries = {m[1] or m[2] for m in _BOUNDARY.finditer(start)}
    end = max((start.rfind(b"\n--" + b) for b in boundaries), default=-1)
    if end < 0:
        return header_block(start), None
    # The cut part's own header fields: after the boundary line, up to an empty line.
    head = start[start.find(b"\n", end + 1) + 1 :][:_PART_HEADER_BYTES]
    part = BytesHeaderParser(policy=email.policy.compat32).parsebytes(head)
    return start[: end + 1], part.get_filename() or part.get_content_type()


def _attachments(message: Message) -> tuple[str, ...]:
    """The parts of ``message`` that are no text to read: file names, else types."""
    return tuple(
        part.get_filename() or part.get_content_type()
        for part in message.walk()
        if not part.is_multipart() and part.get_content_maintype() != "text"
    )


def _order_header(body: MailBody, config: IntakeConfig) -> OrderHeader | GmHeader:
    """What the header lines (or the Subject) of ``body`` say: a GM mail's header when it
    names the GM (:func:`mailserver.gm.mail.is_gm_mail`), else a player's."""
    text, subject = body.text[: config.max_text_chars], body.subject or None
    if gm_mail.is_gm_mail(body.text, subject):
        return read_gm_header(text, subject)
    header = read_header(text, subject)
    if header.password is None and body.attachment is not None:
        # The orders may stand in an attached file, header and all.
        _fill(header, read_header(body.attachment.text[: config.max_text_chars]))
    return header


def _fill(header: OrderHeader, more: OrderHeader) -> None:
    """What ``header`` lacks, taken from ``more``."""
    for key in ("game", "player", "player_name", "password", "turn"):
        if getattr(header, key) is None:
            setattr(header, key, getattr(more, key))


def read_attachment(
    kind: GameKind, body: MailBody, loaded: LoadedState | None, read: ParseResult, limit: int
) -> ParseResult | None:
    """The attached text file of a mail whose body (read as ``read``) has no orders and no
    settings, read as its order text (what the body's header says fills what the file's
    lacks); ``None`` when there is no such file, it is over ``limit`` characters, or it
    holds no orders either."""
    attachment = body.attachment
    if attachment is None or read.orders or read.settings or len(attachment.text) > limit:
        return None
    names = loaded.names if loaded else None
    result = order_language(kind).parse(
        attachment.text,
        body.subject or None,
        names.places if names else None,
        rulers=names.rulers if names else None,
    )
    if not (result.orders or result.settings):
        return None
    _fill(result.header, read.header)
    return result


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
