"""The wire bytes of a plain mail written directly, without building an ``EmailMessage``.

Nearly every mail the host sends has one shape: a UTF-8 text body, quoted-printable,
and maybe a few attachments (a printout's JSON twin and map) with plain ASCII file
names. For that shape :func:`flat_mail` writes the bytes :func:`~mailserver.outbound.smtp.flatten`
would give for :func:`~mailserver.outbound.smtp.build_message`'s message, byte for byte
(tests/mail/test_wire.py compares both), at a fraction of the cost: building the message
(a tree of parts, every header parsed into an object) was five times flattening it, and
the largest single cost of a deadline burst's mails. Anything else (a non-ASCII address,
a display name that needs quoting, an unusual attachment) gets ``None``, and the caller
goes the email package's way. The headers are still folded by the email package's
policy unless they are short printable ASCII, where folding changes nothing.
"""

from __future__ import annotations

import base64
import email.utils
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from email import quoprimime
from email.headerregistry import Address
from functools import lru_cache

from mailserver.outbound.smtp import (
    _POLICY,
    _WIRE,
    Attachment,
    FlatMail,
    _boundary,
    normalize_msgid,
    sanitize_header,
    thread_ids,
)

_SIMPLE_NAME = re.compile(r"[A-Za-z0-9 ]*")
"""A display name written as it is (no quoting, no encoded words)."""
_SIMPLE_FILENAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,40}")
_SIMPLE_TYPE = re.compile(r"(application|image)/[a-z0-9][a-z0-9.+-]{0,40}")
"""Attachment types whose part the email package writes as base64 with no parameters."""
_MAX_LINE = _WIRE.max_line_length or 78
_CRLF = "\r\n"


@lru_cache(maxsize=64)
def _from_line(from_addr: str, from_name: str) -> tuple[str, str] | None:
    """The From line and the envelope sender (the same for every mail of a server), or
    None when not simple."""
    name = sanitize_header(from_name)
    if not (from_addr.isascii() and _SIMPLE_NAME.fullmatch(name)):
        return None
    address = Address(display_name=name, addr_spec=sanitize_header(from_addr))
    return _header("From", address), address.addr_spec


def _header(name: str, value: object) -> str:
    """A header line as the generator writes it: through the policy's header factory
    and folding, unless the value is a short printable ASCII string."""
    if isinstance(value, str):
        line = f"{name}: {value}"
        if len(line) <= _MAX_LINE and value.isascii() and value.isprintable():
            return line + _CRLF
    folded: bytes = _WIRE.fold_binary(name, _POLICY.header_store_parse(name, value)[1])
    return folded.decode("ascii")


def _text_part(body: str) -> str:
    """The text body, quoted-printable, as ``set_content`` encodes it, with CRLF."""
    lines = body.encode("utf-8").splitlines()
    encoded = quoprimime.body_encode((b"\n".join(lines) + b"\n").decode("latin-1"), _MAX_LINE)
    return encoded.replace("\n", _CRLF)


def flat_mail(
    *,
    from_addr: str,
    from_name: str,
    to: str,
    subject: str,
    body: str,
    message_id: str,
    in_reply_to: str | None = None,
    references: Sequence[str] = (),
    auto_submitted: str | None = None,
    date: datetime | None = None,
    attachments: Sequence[Attachment] = (),
) -> FlatMail | None:
    """The mail :func:`~mailserver.outbound.smtp.build_message` would build, flattened,
    or None when it is not of the simple shape this writes (ValueError as there: an
    address no SMTP line takes, a Message-ID that is none)."""
    sender = _from_line(from_addr, from_name)
    if sender is None or not to.isascii():
        return None
    from_line, envelope_from = sender
    for item in attachments:
        if not (
            _SIMPLE_FILENAME.fullmatch(item.filename) and _SIMPLE_TYPE.fullmatch(item.content_type)
        ):
            return None
    recipient = Address(addr_spec=sanitize_header(to))  # parses: ValueError on junk
    msgid = normalize_msgid(message_id)
    head = [from_line, _header("To", str(recipient)), _header("Subject", sanitize_header(subject))]
    head.append(_header("Date", email.utils.format_datetime(date or datetime.now(UTC))))
    head.append(_header("Message-ID", msgid))
    parent, refs = thread_ids(in_reply_to, references)
    if parent:
        head.append(_header("In-Reply-To", parent))
    if refs:
        head.append(_header("References", " ".join(refs)))
    if auto_submitted:
        head.append(_header("Auto-Submitted", sanitize_header(auto_submitted)))
    mime_version = "MIME-Version: 1.0" + _CRLF
    text_head = (
        'Content-Type: text/plain; charset="utf-8"'
        + _CRLF
        + "Content-Transfer-Encoding: quoted-printable"
        + _CRLF
    )
    if not attachments:
        # set_content adds MIME-Version after its own headers; a part added later moves
        # them into the part and leaves MIME-Version on top.
        out = [*head, text_head, mime_version, _CRLF, _text_part(body)]
    else:
        boundary = _boundary(msgid)
        head.append(mime_version)
        head.append(f'Content-Type: multipart/mixed; boundary="{boundary}"' + _CRLF)
        out = [*head, _CRLF, f"--{boundary}{_CRLF}", text_head, _CRLF, _text_part(body)]
        for item in attachments:
            out += [
                f"{_CRLF}--{boundary}{_CRLF}",
                f"Content-Type: {item.content_type}{_CRLF}",
                f"Content-Transfer-Encoding: base64{_CRLF}",
                f'Content-Disposition: attachment; filename="{item.filename}"{_CRLF}',
                f"MIME-Version: 1.0{_CRLF}{_CRLF}",
                base64.encodebytes(item.data).decode("ascii").replace("\n", _CRLF),
            ]
        out.append(f"{_CRLF}--{boundary}--{_CRLF}")
    data = "".join(out).encode("ascii")
    return FlatMail(msgid, envelope_from, (recipient.addr_spec,), data, False)
