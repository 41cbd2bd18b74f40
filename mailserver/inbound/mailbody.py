"""Turn a raw mail (or a plain text) into the order text the player meant.

:func:`extract_order_text` reads an RFC 822 message with the standard library ``email``
package: it picks the text/plain body (or converts the text/html one, see
:mod:`mailserver.inbound.html_text`), decodes transfer encodings and charsets
forgivingly, joins ``format=flowed`` lines and ignores attachments and attached mails
(but keeps the first plain-text file aside, :attr:`MailBody.attachment`, for a mail
whose body holds no orders); then :func:`mailserver.inbound.cleaning.clean_text` cleans
the text. Nothing here raises on hostile input.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from email import policy
from email.errors import HeaderParseError
from email.header import decode_header
from email.headerregistry import BaseHeader, HeaderRegistry
from email.message import Message
from email.parser import BytesParser
from functools import lru_cache

from mailserver.inbound.cleaning import NEWLINE, clean_text, normalise
from mailserver.inbound.html_text import PlainHTML

__all__ = ["MailBody", "TextAttachment", "extract_order_text", "looks_like_mail", "read_mail_body"]


@dataclass
class MailBody:
    """The order text of one mail plus what the host needs to know about the mail."""

    text: str
    subject: str
    source: str
    message_id: str | None
    in_reply_to: str | None
    references: list[str]
    notes: list[str]
    cut_at: str | None
    attachment: TextAttachment | None = None
    """The first attached plain-text file, cleaned: read when the body has no orders."""


@dataclass(frozen=True)
class TextAttachment:
    """An attached ``text/plain`` file: its name and its text (cleaned as a body is)."""

    name: str
    text: str


_HEADER_NAME = re.compile(r"[!-9;-~]+:")
_MAIL_LINE = re.compile(r"\r\n|\r|\n")  # not str.splitlines: 0x85 occurs inside UTF-8
_MAIL_HEADERS = frozenset(
    {
        "from",
        "to",
        "cc",
        "subject",
        "date",
        "received",
        "return-path",
        "message-id",
        "mime-version",
        "content-type",
        "content-transfer-encoding",
        "delivered-to",
        "reply-to",
        "sender",
        "in-reply-to",
        "references",
    }
)
_LOOK_AHEAD = 65536
_SINGLE_BYTE = frozenset({"ascii", "iso8859-1", "iso8859-15", "cp1252"})
_MSG_ID = re.compile(r"<([^<>\s]+)>")
_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
_PLAIN_MSG_ID = re.compile(rf"<({_ATOM}@{_ATOM})>")
"""A message id as RFC 5322 3.6.4 writes it (dot-atoms, no comments or spaces)."""


def looks_like_mail(data: bytes | str) -> bool:
    """True if ``data`` starts with an RFC 822 header block.

    Every line up to the first blank one must be a header field (or a continuation, or
    an mbox ``From`` line first) and one of them a common mail header, so order text
    such as ``Crab: 1 PDU`` is not taken for a mail.
    """
    head = data[:_LOOK_AHEAD]
    lines = _MAIL_LINE.split(head.decode("latin-1") if isinstance(head, bytes) else head)
    if len(data) > _LOOK_AHEAD:
        lines.pop()  # may end in the middle of a line
    known = False
    for number, line in enumerate(lines):
        if not line:
            break
        if number == 0 and line.startswith("From "):
            continue
        if line[0] in " \t":
            if number == 0:
                return False
            continue
        name = _HEADER_NAME.match(line)
        if name is None:
            return False
        known = known or name.group()[:-1].lower() in _MAIL_HEADERS
    return known


@dataclass
class _Body:
    """A body before cleaning: its text, where it came from, what was noticed."""

    text: str
    source: str
    notes: list[str] = field(default_factory=list)
    cut_at: str | None = None
    attachment: Message | None = None


@dataclass
class _Parts:
    """Body candidates found in a mail's MIME tree."""

    plain: Message | None = None
    html: Message | None = None
    attached_mails: list[Message] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    text_file: Message | None = None


def extract_order_text(raw: bytes | str, printout_headings: Iterable[str] = ()) -> MailBody:
    """Read the order text from a raw mail (bytes or str) or from plain text.

    A pasted printout is recognised by ``printout_headings`` (the first lines of the game
    kinds' printouts, ``GameKind.printout_headings``) and cut.
    Never raises: unreadable parts are skipped or decoded as well as possible, and what
    happened is listed in :attr:`MailBody.notes`.
    """
    return read_mail_body(raw, printout_headings)[0]


def read_mail_body(
    raw: bytes | str, printout_headings: Iterable[str] = ()
) -> tuple[MailBody, Message | None]:
    """:func:`extract_order_text`, and the mail's structure as the email package parsed
    it on the way (``None`` for a plain text, or a mail it could not parse): whoever needs
    more of the mail (its header fields, its attachments) reads them there instead of
    parsing the mail again."""
    headings = tuple(printout_headings)
    if not looks_like_mail(raw):
        text, notes = (raw, []) if isinstance(raw, str) else _decode(raw, None)
        return _finish(_Body(text, "text", notes), headings), None
    data = raw if isinstance(raw, bytes) else _to_bytes(raw)
    try:
        msg = BytesParser(policy=_POLICY).parsebytes(data)
    except Exception as error:  # the email package still has crash bugs on hostile input
        return _finish(_raw_body(data, error), headings), None
    try:
        return _finish(_read_body(msg), headings, msg), msg
    except Exception as error:  # the same, reading the parts
        return _finish(_raw_body(data, error), headings), msg


class _RepeatedHeaders(HeaderRegistry):
    """The standard header classes, parsing each short (name, value) once.

    Reading a mail asks for its Content-Type about ten times (type, main type, charset,
    format, disposition...), and the email package parses the header anew every time,
    most of the time spent on a mail. Header objects are immutable: one may serve all.
    """

    SHORT = 300
    """Longer values are parsed every time (and not kept)."""

    def __init__(self) -> None:
        super().__init__()
        self._parsed = lru_cache(maxsize=512)(super().__call__)

    def __call__(self, name: str, value: str) -> BaseHeader:
        if len(value) > self.SHORT:
            return super().__call__(name, value)
        header: BaseHeader = self._parsed(name, value)
        return header


_POLICY = policy.default.clone(header_factory=_RepeatedHeaders())


def _to_bytes(text: str) -> bytes:
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # surrogates that did not come from undecodable bytes
        return text.encode("utf-8", "replace")


def _raw_body(data: bytes, error: Exception) -> _Body:
    """Last resort: everything after the header block, read as text."""
    body = re.split(rb"\r?\n\r?\n", data, maxsplit=1)[-1]
    text, notes = _decode(body, None)
    notes.append(f"could not read the mail structure ({type(error).__name__}); read it as text")
    return _Body(text, "plain", notes)


def _finish(body: _Body, headings: tuple[str, ...], msg: Message | None = None) -> MailBody:
    text, notes, cut_at = clean_text(body.text, headings)
    result = MailBody(
        text=text,
        subject="",
        source=body.source if body.text.strip() else "empty",
        message_id=None,
        in_reply_to=None,
        references=[],
        notes=body.notes + notes,
        cut_at=cut_at or body.cut_at,
        attachment=_text_attachment(body.attachment, headings),
    )
    if msg is not None:
        result.subject = _header(msg, "subject")
        result.message_id = next(iter(_message_ids(msg, "message-id")), None)
        result.in_reply_to = next(iter(_message_ids(msg, "in-reply-to")), None)
        result.references = _message_ids(msg, "references")
    return result


def _read_body(msg: Message) -> _Body:
    """The first text/plain part, else the first text/html part, else an attached mail
    if the mail has no text of its own."""
    parts = _Parts()
    _scan(msg, parts)
    plain = _plain_body(parts.plain) if parts.plain is not None else None
    inner = _inner_mail(parts.attached_mails[0]) if parts.attached_mails else None
    if plain is not None and (plain.text.strip() or parts.html is None):
        body = plain
    elif parts.html is not None:
        body = _html_body(parts.html)
    elif inner is not None:
        parts.attached_mails.pop(0)
        body = _read_body(inner)
        body.notes.insert(0, "read the attached mail: the mail has no text of its own")
    else:
        body = _Body("", "empty")
    ignored = [f"ignored attached mail {_attached_subject(mail)}" for mail in parts.attached_mails]
    body.notes = parts.notes + ignored + body.notes
    body.attachment = parts.text_file
    return body


def _scan(part: Message, parts: _Parts) -> None:
    """Collect the body candidates depth-first; note what is ignored."""
    ctype = part.get_content_type()
    if ctype in ("message/rfc822", "message/global"):
        parts.attached_mails.append(part)
    elif part.get_content_maintype() == "message":  # delivery reports and the like
        parts.notes.append(f"ignored {ctype} part")
    elif part.is_multipart():
        for sub in part.get_payload():
            if isinstance(sub, Message):
                _scan(sub, parts)
    elif part.get_content_maintype() == "multipart":
        parts.notes.append("broken MIME structure: read the multipart body as plain text")
        parts.plain = parts.plain or part
    elif _is_attachment(part) or ctype not in ("text/plain", "text/html"):
        parts.notes.append(_ignored_note(part, ctype))
        if ctype == "text/plain" and parts.text_file is None:
            parts.text_file = part
    elif ctype == "text/plain" and parts.plain is None:
        parts.plain = part
    elif ctype == "text/html" and parts.html is None:
        parts.html = part
    elif ctype == "text/plain":
        parts.notes.append(f"ignored a further text part ({_human_size(_payload_size(part))})")


def _is_attachment(part: Message) -> bool:
    return part.get_content_disposition() == "attachment" or part.get_filename() is not None


ATTACHMENT_CHARS = 200_000
"""An attached text file longer than this is not read (the order text's own limits
apply to what is read of it)."""


def _text_attachment(part: Message | None, headings: tuple[str, ...]) -> TextAttachment | None:
    """The attached plain-text file ``part`` decoded and cleaned; ``None`` if too big."""
    if part is None or _payload_size(part) > ATTACHMENT_CHARS:
        return None
    raw = _plain_body(part)
    text = clean_text(raw.text, headings)[0]
    name = _one_line(part.get_filename() or part.get_content_type())[:100]
    return TextAttachment(name, text)


def _ignored_note(part: Message, ctype: str) -> str:
    size = _human_size(_payload_size(part))
    name = part.get_filename()
    if name is None:
        return f"ignored {ctype} part ({size})"
    return f"ignored attachment {_one_line(name)[:100]} ({size})"


def _payload_size(part: Message) -> int:
    """The decoded size, estimated from the encoded payload so nothing is decoded."""
    payload = str(part.get_payload())  # a str: the part is no multipart
    if str(part.get("content-transfer-encoding", "")).strip().lower() != "base64":
        return len(payload)
    padding = payload[-8:].count("=")
    return (len(payload) - payload.count("\n") - payload.count("\r")) * 3 // 4 - padding


def _human_size(size: int) -> str:
    if size < 1000:
        return f"{size} bytes"
    if size < 1_000_000:
        return f"{size / 1000:.1f} kB"
    return f"{size / 1_000_000:.1f} MB"


def _inner_mail(part: Message) -> Message | None:
    payload = part.get_payload()
    first = payload[0] if isinstance(payload, list) and payload else None
    return first if isinstance(first, Message) else None


def _attached_subject(part: Message) -> str:
    inner = _inner_mail(part)
    subject = _header(inner, "subject")[:100] if inner is not None else ""
    return f'"{subject}"' if subject else "(no subject)"


def _payload_bytes(part: Message) -> bytes:
    payload = part.get_payload(decode=True)
    return payload if isinstance(payload, bytes) else b""


def _plain_body(part: Message) -> _Body:
    text, notes = _decode(_payload_bytes(part), part.get_content_charset())
    if str(part.get_param("format", "")).lower() == "flowed":
        text = _unflow(text, delsp=str(part.get_param("delsp", "")).lower() == "yes")
    return _Body(text, "plain", notes)


def _html_body(part: Message) -> _Body:
    html, notes = _decode(_payload_bytes(part), part.get_content_charset())
    converter = PlainHTML()
    text = converter.handle(html)
    notes.insert(0, "converted from HTML")
    if converter.dropped:
        notes.append(f"dropped {converter.dropped} quoted HTML block(s)")
    return _Body(text, "html", notes, converter.cut_at)


def _decode(data: bytes, label: str | None) -> tuple[str, list[str]]:
    """Decode with the declared charset, then utf-8, then cp1252; latin-1 never fails."""
    codec = _codec_name(label)
    # UTF-8 labelled latin-1 or ascii is common; its byte pairs do not occur in latin-1 text
    order = ["utf-8", codec] if codec in _SINGLE_BYTE else [codec, "utf-8"]
    for name in [*order, "cp1252"]:
        if name is None:
            continue
        try:
            text = data.decode(name)
        except (ValueError, LookupError):  # LookupError: labels such as "base64"
            continue
        if name == codec or data.isascii() or (label is None and name == "utf-8"):
            return text, []
        declared = f"declared charset {_one_line(label)[:40]}" if label else "no charset"
        return text, [f"{declared}: read as {name}"]
    return data.decode("latin-1"), ["undecodable bytes replaced: read as latin-1"]


def _codec_name(label: str | None) -> str | None:
    if not label:
        return None
    try:
        return codecs.lookup(label).name
    except (LookupError, ValueError):
        return None


def _unflow(text: str, delsp: bool) -> str:
    """Join the soft line breaks of RFC 3676 format=flowed text."""
    lines: list[str] = []
    paragraph: str | None = None
    depth = 0
    for raw in NEWLINE.split(text):
        quote = len(raw) - len(raw.lstrip(">"))
        line = raw[quote:]
        line = line[1:] if line.startswith(" ") else line  # space-stuffing
        soft = line.endswith(" ") and line != "-- "
        line = line[:-1] if soft and delsp else line
        if paragraph is not None and quote != depth:
            lines.append(_flowed_line(depth, paragraph))
            paragraph = None
        paragraph, depth = (paragraph or "") + line, quote
        if not soft:
            lines.append(_flowed_line(depth, paragraph))
            paragraph = None
    if paragraph is not None:
        lines.append(_flowed_line(depth, paragraph))
    return "\n".join(lines)


def _flowed_line(depth: int, text: str) -> str:
    return f"{'>' * depth} {text}" if depth else text


# ------------------------------------------------------------------------------ headers


HEADER_MAX = 2_000
"""Characters of a header read at most: the email package's header parser takes time and
memory far beyond linear on long runs of encoded words (a 300 kB Subject took 1.9 GB)."""


def _header(msg: Message, name: str) -> str:
    """A header decoded for display on one line; "" if missing."""
    raw = _raw_header(msg, name)
    if len(raw) > HEADER_MAX:
        return _one_line(_decode_words(raw[:HEADER_MAX]))
    try:
        value = msg.get(name)
    except Exception:  # the header parser raises on some garbage, e.g. CR/LF in names
        value = _decode_words(raw)
    return _one_line(str(value)) if value is not None else ""


def _raw_header(msg: Message, name: str) -> str:
    return next((str(value) for key, value in msg.raw_items() if key.lower() == name), "")


def _decode_words(text: str) -> str:
    """RFC 2047 encoded words decoded, or the text as it is if they are broken."""
    try:
        words = decode_header(text)
    except HeaderParseError:
        return text
    return "".join(
        _decode(word, charset)[0] if isinstance(word, bytes) else word for word, charset in words
    )


def _message_ids(msg: Message, name: str) -> list[str]:
    plain = _PLAIN_MSG_ID.fullmatch(_raw_header(msg, name))
    if plain is not None and "=?" not in plain[1]:
        # One well-formed id (every Message-ID a mail client writes): what the email
        # package's parser would make of it, without its cost (every mail's id differs,
        # so no parse is ever cached for it).
        return [plain[1]]
    value = _header(msg, name)
    ids = _MSG_ID.findall(value) or [token.strip("<>") for token in value.split()]
    return [message_id for message_id in ids if message_id]


def _one_line(text: str) -> str:
    """Header text for display: no control characters, whitespace collapsed."""
    return " ".join(normalise(text).split())
