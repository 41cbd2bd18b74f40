"""Who sent a mail and may we answer it? Loop protection and sender identification.

An automatic mail (vacation notice, bounce, mailing list, another robot's answer) is
never answered: that is how mail loops start (RFC 3834). Everything here works on the
raw bytes with the lenient ``compat32`` header parser, which never raises.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from email.message import EmailMessage, Message
from email.parser import BytesHeaderParser, BytesParser
from email.policy import compat32, default
from email.utils import getaddresses

from mailserver.smtp import Attachment

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
    """The header fields the router looks at, decoded leniently."""

    sender: str
    return_path: str | None
    message: Message

    def get(self, name: str) -> str:
        value = self.message.get(name)
        return "" if value is None else str(value).strip()


def read_headers(raw: bytes) -> Headers:
    """Headers of a raw mail; never raises (garbage gives empty values)."""
    message = BytesHeaderParser(policy=compat32).parsebytes(raw)
    sender = ""
    try:
        # Unfold first: getaddresses reads a folded display name as a second address.
        addresses = getaddresses([_unfold(str(message.get("From", "")))])
    except Exception:  # the stdlib can still trip over exotic garbage
        addresses = []
    for _, address in addresses:
        if "@" in address:
            sender = address.strip().lower()
            break
    return_path = message.get("Return-Path")
    return Headers(
        sender=sender,
        return_path=None if return_path is None else str(return_path),
        message=message,
    )


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


def attachments_of(raw: bytes) -> list[Attachment]:
    """The files attached to a mail (a GM's maps and reports), at most
    :data:`MAX_ATTACHMENTS` of at most :data:`MAX_ATTACHMENT_BYTES` each; the rest are
    left out (the raw mail keeps them)."""
    message = BytesParser(policy=default).parsebytes(raw)
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
