"""Who sent a mail and may we answer it? Loop protection and sender identification.

An automatic mail (vacation notice, bounce, mailing list, another robot's answer) is
never answered: that is how mail loops start (RFC 3834). Every header field here is read
from its raw value as the lenient ``compat32`` policy reads it, which never raises and
never decodes: whichever parser took the mail apart.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from email.header import Header
from email.message import EmailMessage, Message
from email.parser import BytesHeaderParser
from email.policy import compat32
from email.utils import getaddresses
from functools import lru_cache

from mailserver.outbound.smtp import Attachment

_AUTO_LOCALPARTS = re.compile(
    r"^(mailer-daemon|postmaster|no-?reply|do-?not-?reply|bounces?|listserv|majordomo|"
    r"auto-?reply|autoresponder)([+\-.].*)?$",
    re.IGNORECASE,
)
_AUTO_SUBJECTS = re.compile(
    r"^\s*(automatic reply|auto(matische)?[ -]?(antwort|reply)|abwesenheitsnotiz|"
    r"out of (the )?office|urlaubsnotiz|abwesend|delivery status notification|"
    r"undeliver(ed|able)|returned mail|mail delivery (failed|system)|"
    r"unzustellbar|nicht zustellbar)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Headers:
    """The header fields the router looks at, read leniently."""

    sender: str
    """The From address by :func:`sender_address` (the host's one sender rule)."""
    return_path: str | None
    fields: tuple[tuple[str, str], ...]
    """Every header field, (name, value) as received."""

    def get(self, name: str) -> str:
        """The first field ``name`` (any case), stripped; ``""`` if there is none."""
        value = _field(self.fields, name)
        return "" if value is None else value.strip()


def read_headers(raw: bytes) -> Headers:
    """Headers of a raw mail; never raises (garbage gives empty values)."""
    return headers_of(BytesHeaderParser(policy=compat32).parsebytes(raw))


def headers_of(message: Message) -> Headers:
    """The headers of a mail already taken apart, by whichever policy: the same fields
    as :func:`read_headers` of its bytes gives (a parser reads header fields alike)."""
    fields = tuple(message.raw_items())
    return Headers(
        sender=sender_address(_field(fields, "From") or ""),
        return_path=_field(fields, "Return-Path"),
        fields=fields,
    )


def _field(fields: Iterable[tuple[str, str]], name: str) -> str | None:
    """The first field ``name``, as ``compat32`` gives it (undecoded, never raising)."""
    wanted = name.lower()
    for key, value in fields:
        if key.lower() == wanted:
            return str(compat32.header_fetch_parse(key, value))
    return None


def sender_address(value: str) -> str:
    """The address a From header names: the one in its last angle brackets (what mail
    clients show and DMARC aligns), else a bare address; lower case, ``""`` if none.

    Anything address-like in the display name is text: ``"<player@x>" <evil@y>``,
    ``=?utf-8?q?x:<player@x>;?= <evil@y>`` and ``<player@x> <evil@y>`` all name evil@y.
    Encoded words are not decoded first, so they cannot smuggle in structure.
    """
    value = _unfold(value)
    bracketed = _angle_addresses(value)
    if bracketed:
        candidate = bracketed[-1]
    else:
        try:
            addresses = [a for _, a in getaddresses([value]) if "@" in a]
        except Exception:  # the stdlib can still trip over exotic garbage
            addresses = []
        if len(addresses) != 1:
            return ""
        candidate = addresses[0]
    candidate = candidate.strip()
    local, at, domain = candidate.rpartition("@")
    if not at or not local or not domain or any(c.isspace() for c in candidate):
        return ""
    return candidate.lower()


def _angle_addresses(value: str) -> list[str]:
    """The contents of every ``<…>`` outside quoted strings and comments."""
    found: list[str] = []
    quoted, depth, start = False, 0, -1
    escaped = False
    for i, char in enumerate(value):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif quoted:
            quoted = char != '"'
        elif char == '"':
            quoted = True
        elif char == "(":
            depth += 1
        elif char == ")" and depth:
            depth -= 1
        elif depth:
            continue
        elif char == "<":
            start = i + 1
        elif char == ">" and start >= 0:
            found.append(value[start:i])
            start = -1
    return found


def _unfold(value: str) -> str:
    """A header value with its folding line breaks (RFC 5322 2.2.3) removed."""
    return re.sub(r"\r?\n(?=[ \t])", "", value)


def automatic_reason(headers: Headers) -> str | None:
    """Why a mail is automatic and must not be answered, or None for a person's mail."""
    auto = headers.get("Auto-Submitted").lower()
    if auto and auto.split(";")[0].strip() != "no":
        return f"Auto-Submitted: {auto}"
    precedence = headers.get("Precedence").lower()
    if precedence in ("bulk", "junk", "list", "auto_reply"):
        return f"Precedence: {precedence}"
    for name in ("List-Id", "List-Unsubscribe", "List-Post"):
        if headers.get(name):
            return f"{name} present (mailing list)"
    for name in ("X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress"):
        value = headers.get(name).lower()
        if value and (name != "X-Auto-Response-Suppress" or value in ("all", "oof")):
            return f"{name}: {value}"
    if headers.return_path is not None and headers.return_path.strip() in ("<>", ""):
        return "empty Return-Path (a bounce)"
    if not headers.sender:
        return "no sender address"
    if _AUTO_LOCALPARTS.match(headers.sender.split("@", 1)[0]):
        return f"sender {headers.sender} is a robot"
    content_type = headers.get("Content-Type").lower()
    if "multipart/report" in content_type:
        return "delivery report"
    if _AUTO_SUBJECTS.match(headers.get("Subject")):
        return "subject of an automatic reply"
    return None


MAX_ATTACHMENTS = 20
MAX_ATTACHMENT_BYTES = 5_000_000


def attachments_of(message: Message | None) -> list[Attachment]:
    """The files attached to a mail (a GM's maps and reports), at most
    :data:`MAX_ATTACHMENTS` of at most :data:`MAX_ATTACHMENT_BYTES` each; the rest are
    left out (the raw mail keeps them). ``message`` is the mail as the email package took
    it apart (``None``: it could not)."""
    if not isinstance(message, EmailMessage):
        return []
    found: list[Attachment] = []
    for part in message.iter_attachments():
        if len(found) >= MAX_ATTACHMENTS:
            break
        filename = part.get_filename()
        data = part.get_payload(decode=True)
        if not filename or not isinstance(data, bytes) or len(data) > MAX_ATTACHMENT_BYTES:
            continue
        found.append(Attachment(filename, part.get_content_type(), data))
    return found


_HEADER_END = re.compile(rb"\r?\n\r?\n")
_MIME_HEADER = re.compile(rb"^(content-|mime-version)", re.IGNORECASE)
MAX_STORED_HEADER_BYTES = 64_000


def stored_copy(
    raw: bytes, text: str, *, limit: int, secrets: Iterable[str] = (), subject: str | None = None
) -> bytes:
    """What the database keeps of a mail: its header fields as received (no MIME ones),
    then the order text read from it, at most ``limit`` characters, as one UTF-8 text
    part. Attachments, HTML and the rest of a huge text are not kept; every ``secrets``
    (a password it carried) is masked in the headers and the text. ``subject`` (the
    decoded Subject) replaces the Subject as received, so that a password in encoded
    words is masked too.
    """
    block = header_block(raw)
    fields: list[bytes] = []
    for line in re.split(rb"\r?\n(?![ \t])", block):
        if line and not _MIME_HEADER.match(line):
            if subject is not None and line[:8].lower() == b"subject:":
                continue
            fields.append(line.rstrip(b"\r\n"))
    kept = text if len(text) <= limit else text[:limit] + "\n[…]\n"
    head = b"\r\n".join(fields).decode("utf-8", "replace")
    if subject is not None:
        for secret in secrets:
            subject = mask(subject, secret)
        head += f"\r\nSubject: {_encoded_subject(subject)}"
    for secret in secrets:
        if secret:
            head, kept = mask(head, secret), mask(kept, secret)
    return (
        head.encode("utf-8")
        + b"\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8"
        + b"\r\nContent-Transfer-Encoding: 8bit\r\nX-Pbem-Stored: order text only\r\n\r\n"
        + kept.encode("utf-8")
    )


@lru_cache(maxsize=256)
def _encoded_subject(subject: str) -> str:
    """``subject`` (its secrets masked) as a stored copy's header writes it: most mails
    of a game bear one of a few subjects, encoded once each."""
    return Header(subject, "utf-8").encode(maxlinelen=76, linesep="\r\n")


MASK = "••••••"


_OPENS = frozenset(",;:=\"'„“<(")
"""What may stand right before a masked secret, besides white space (or nothing)."""
_CLOSES = frozenset(",;:.!?\"'“”>)]")
"""What may stand right after it, likewise."""


def mask(text: str, secret: str) -> str:
    """``text`` with every occurrence of ``secret`` as a word replaced by :data:`MASK`.

    A word: white space, the text's edge or one of :data:`_OPENS` before it, white space,
    the edge or one of :data:`_CLOSES` after it; found from the left, as a regular
    expression of the secret would find them, without compiling one per password (a
    player's first mail paid that compile in the write transaction)."""
    if not secret:
        return text
    kept: list[str] = []
    start, found = 0, text.find(secret)
    while found >= 0:
        end = found + len(secret)
        if _edge(text, found - 1, _OPENS) and _edge(text, end, _CLOSES):
            kept += (text[start:found], MASK)
            start, found = end, text.find(secret, end)
        else:
            found = text.find(secret, found + 1)
    return "".join([*kept, text[start:]]) if kept else text


def _edge(text: str, at: int, marks: frozenset[str]) -> bool:
    """Whether position ``at`` of ``text`` may border a masked word: outside the text,
    white space or one of ``marks``."""
    return not 0 <= at < len(text) or text[at].isspace() or text[at] in marks


def header_block(raw: bytes) -> bytes:
    """The header block of a raw mail (at most :data:`MAX_STORED_HEADER_BYTES`), with the
    blank line that ends it: a mail with no body."""
    end = _HEADER_END.search(raw, 0, MAX_STORED_HEADER_BYTES)
    return raw[: end.start() if end else min(len(raw), MAX_STORED_HEADER_BYTES)] + b"\r\n\r\n"
