"""Sending mail: building well-formed outgoing messages and handing them to the relay.

The outbox sender (elsewhere) decides what to send and when; this module only knows how.
Delivery is at least once: when the connection drops after the message data went out but
before the relay's answer arrived, the caller cannot know whether the relay kept it, and a
retry may deliver it twice. The stable Message-ID lets anyone recognise the duplicate.
"""

from __future__ import annotations

import asyncio
import base64
import copy
import email.policy
import email.utils
import hashlib
import io
import logging
import random
import re
import ssl
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from email.generator import BytesGenerator
from email.headerregistry import Address, BaseHeader, HeaderRegistry
from email.message import EmailMessage
from email.policy import EmailPolicy
from typing import Any

import aiosmtplib
from aiosmtplib.email import extract_recipients, extract_sender, flatten_message

from config.settings import SmtpSettings

log = logging.getLogger("pbem.smtp")

_MSGID_RE = re.compile(r"<[^<>\s@]+@[^<>\s@]+>")
_HEADER_NAME_RE = re.compile(r"[!-9;-~]+")  # RFC 5322 ftext: printable ASCII but ':'
_REFERENCES_KEPT = 10
# Set by build_message itself; extra_headers may not replace them.
_OWN_HEADERS = frozenset(
    [
        "from",
        "to",
        "cc",
        "bcc",
        "subject",
        "date",
        "message-id",
        "in-reply-to",
        "references",
        "auto-submitted",
        "mime-version",
        "content-type",
        "content-transfer-encoding",
    ]
)


class _HeaderFactory(HeaderRegistry):
    """The email package's header registry, made cheap for mails built in bulk.

    ``HeaderRegistry`` creates a new class with ``type()`` for every header it parses;
    this one creates one per header name. It also keeps the parsed header of the values
    that repeat from mail to mail (the MIME headers of the text part and the
    attachments): header objects are immutable, so sharing one between messages is safe.
    Together they halve the cost of :func:`build_message` in a deadline burst.
    """

    _REPEATING = frozenset(
        [
            "mime-version",
            "content-type",
            "content-transfer-encoding",
            "content-disposition",
            "auto-submitted",
        ]
    )
    _KEPT = 512
    """At most this many parsed values (attachment file names differ per game and turn)."""

    def __init__(self) -> None:
        super().__init__()
        self._classes: dict[str, type[BaseHeader]] = {}
        self._parsed: dict[tuple[str, str], BaseHeader] = {}

    def __getitem__(self, name: str) -> type[BaseHeader]:
        key = name.lower()
        cls = self._classes.get(key)
        if cls is None:
            cls = self._classes[key] = super().__getitem__(name)
        return cls

    def __call__(self, name: str, value: object) -> BaseHeader:
        if not isinstance(value, str) or name.lower() not in self._REPEATING:
            return self[name](name, value)
        key = (name, value)
        header = self._parsed.get(key)
        if header is None:
            if len(self._parsed) >= self._KEPT:
                self._parsed.clear()
            header = self._parsed[key] = self[name](name, value)
        return header


_POLICY = email.policy.SMTP.clone(header_factory=_HeaderFactory())
"""``email.policy.SMTP`` with the cheaper header factory (same output)."""


def backoff(
    attempt: int, *, base: float = 1.0, cap: float = 60.0, rng: random.Random | None = None
) -> float:
    """Seconds to wait before retry number ``attempt`` (0 for the first retry).

    Exponential (``base * 2**attempt``, at most ``cap``) with "equal jitter": half the delay
    is fixed, half random, so retries of many clients spread out but never come at once.
    """
    if attempt < 0 or base <= 0 or cap <= 0:
        raise ValueError("attempt must be >= 0, base and cap > 0")
    delay = min(cap, base * 2.0 ** min(attempt, 64))
    return delay / 2 + (rng or random).uniform(0, delay / 2)


def sanitize_header(value: str) -> str:
    """A header value on one line: control characters and line breaks become spaces.

    Removes the means of header injection (CR/LF, also NEL and the Unicode line and
    paragraph separators) and collapses the resulting runs of white space.
    """
    cleaned = "".join(" " if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch for ch in value)
    return " ".join(cleaned.split())


def normalize_msgid(value: str) -> str:
    """A Message-ID in angle brackets; ValueError if it is not one (``local@domain``)."""
    msgid = sanitize_header(value)
    if not msgid.startswith("<"):
        msgid = f"<{msgid}>"
    if not _MSGID_RE.fullmatch(msgid):
        raise ValueError(f"not a Message-ID: {value!r}")
    return msgid


def _valid_msgids(values: Iterable[str]) -> list[str]:
    """The usable ones among Message-IDs taken from players' mails (which may be junk)."""
    kept = []
    for value in values:
        try:
            kept.append(normalize_msgid(value))
        except ValueError:
            log.debug("dropping unusable Message-ID %r from threading headers", value)
    return kept


def thread_ids(in_reply_to: str | None, references: Sequence[str]) -> tuple[str | None, list[str]]:
    """A reply's In-Reply-To and References: the valid Message-IDs of each, the parent
    last among the references, which keep the first and the last ones (at most ten), as
    RFC 5322 suggests for long threads."""
    parent = _valid_msgids([in_reply_to] if in_reply_to else [])
    refs = _valid_msgids(references)
    if parent and parent[0] not in refs:
        refs.append(parent[0])
    if len(refs) > _REFERENCES_KEPT:
        refs = refs[:1] + refs[-(_REFERENCES_KEPT - 1) :]
    return (parent[0] if parent else None), refs


def _address(value: str | Address, name: str | None = None) -> Address:
    if isinstance(value, Address):
        return value
    # Address() parses and validates the addr-spec (raises on junk and on several).
    return Address(display_name=sanitize_header(name or ""), addr_spec=sanitize_header(value))


def build_message(
    *,
    from_addr: str,
    from_name: str,
    to: str | Address | Sequence[str | Address],
    subject: str,
    body: str,
    message_id: str,
    in_reply_to: str | None = None,
    references: Sequence[str] = (),
    auto_submitted: str | None = None,
    extra_headers: Mapping[str, str] | None = None,
    date: datetime | None = None,
    attachments: Sequence[Attachment] = (),
) -> EmailMessage:
    """A plain-text UTF-8 mail, ready for :meth:`SmtpTransport.send`, with ``attachments``
    after the text (a map, the GM's files).

    The body goes out quoted-printable: 7-bit safe through any relay, lines short enough
    for every hop, and trailing blanks of fixed-width printouts survive (8bit would need
    8BITMIME on every hop and may lose them). Header values are sanitised (no CR/LF
    injection from player names or subjects); long ones are folded by the email package.
    ``to`` takes bare addresses or ``Address`` objects (with a display name). Threading IDs
    that are not Message-IDs are dropped; ``references`` keeps the first and the last
    ones (at most ten), as RFC 5322 suggests for long threads. ``message_id`` must be a
    valid Message-ID (brackets added when missing): it identifies the mail on retries.
    """
    recipients = [to] if isinstance(to, str | Address) else list(to)
    if not recipients:
        raise ValueError("a mail needs at least one recipient")
    msg = EmailMessage(policy=_POLICY)
    msg["From"] = _address(from_addr, from_name)
    msg["To"] = [_address(r) for r in recipients]
    msg["Subject"] = sanitize_header(subject)
    msg["Date"] = email.utils.format_datetime(date or datetime.now(UTC))
    msg["Message-ID"] = normalize_msgid(message_id)
    parent, refs = thread_ids(in_reply_to, references)
    if parent:
        msg["In-Reply-To"] = parent
    if refs:
        msg["References"] = " ".join(refs)
    if auto_submitted:
        msg["Auto-Submitted"] = sanitize_header(auto_submitted)
    for name, value in (extra_headers or {}).items():
        if not _HEADER_NAME_RE.fullmatch(name) or name.lower() in _OWN_HEADERS:
            raise ValueError(f"header name not allowed in extra_headers: {name!r}")
        msg[name] = sanitize_header(value)
    msg.set_content(body, subtype="plain", charset="utf-8", cte="quoted-printable")
    for item in attachments:
        maintype, _, subtype = item.content_type.partition("/")
        msg.add_attachment(
            item.data,
            maintype=maintype or "application",
            subtype=subtype or "octet-stream",
            filename=sanitize_header(item.filename),
        )
    if attachments:
        msg.set_boundary(_boundary(msg["Message-ID"]))
    return msg


def _boundary(message_id: str) -> str:
    """The MIME boundary of a mail with attachments: ``=_`` and a hash of its Message-ID.

    ``=_`` occurs in no quoted-printable or base64 text (the only encodings the parts
    get), so the boundary is safe without searching the parts for it, which the email
    package does, compiling a new regular expression each time, for a random one. It
    also makes a mail sent again after a crash the same bytes.
    """
    return "=_" + hashlib.sha256(message_id.encode()).hexdigest()[:32]


@dataclass(frozen=True)
class Attachment:
    """A file sent with a mail."""

    filename: str
    content_type: str
    data: bytes

    def to_json(self) -> dict[str, str]:
        """The form kept in the database (``Outbox.attachments``, ``GmReport``)."""
        return {
            "filename": self.filename,
            "content_type": self.content_type,
            "data": base64.b64encode(self.data).decode("ascii"),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, str]) -> Attachment:
        """Inverse of :meth:`to_json`."""
        return cls(data["filename"], data["content_type"], base64.b64decode(data["data"]))


@dataclass(frozen=True)
class FlatMail:
    """A mail as the bytes that go over the wire, with its envelope (see :func:`flatten`)."""

    message_id: str
    sender: str
    recipients: tuple[str, ...]
    data: bytes
    utf8: bool
    """An address is not ASCII: the relay must offer SMTPUTF8."""


def flatten(message: EmailMessage) -> FlatMail:
    """``message`` made into its wire form, as ``aiosmtplib`` does when it sends one:
    envelope from the From and To/Cc/Bcc headers, Bcc left out, CRLF line ends.

    Flattening is most of what sending a mail costs the sender's process, so that
    :class:`mailserver.outbound.outbox.OutboxSender` has it done in a worker process. The bytes are
    7-bit (every body :func:`build_message` makes is quoted-printable or base64), the
    same whether or not the relay offers 8BITMIME.
    """
    sender = extract_sender(message)
    if sender is None:
        raise ValueError("No From header provided in message")
    recipients = tuple(extract_recipients(message))
    if not recipients:
        raise ValueError("No recipient headers provided in message")
    utf8 = not (sender + "".join(recipients)).isascii()
    if utf8:
        data = flatten_message(message, utf8=True, cte_type="7bit")
    else:
        wire = copy.copy(message)
        del wire["Bcc"], wire["Resent-Bcc"]
        with io.BytesIO() as out:
            BytesGenerator(out, policy=_WIRE).flatten(wire)
            data = out.getvalue()
    return FlatMail(message.get("Message-ID", ""), sender, recipients, data, utf8)


class _WirePolicy(EmailPolicy):
    """``email.policy.SMTP`` for flattening a mail, 7-bit, that writes a header whose
    value is short and ASCII as it is: folding it through the header parser gives the
    same line, and was a fifth of flattening a printout."""

    def fold_binary(self, name: str, value: Any) -> bytes:
        if hasattr(value, "name"):
            text = str(value)
            short = len(name) + 2 + len(text) <= (self.max_line_length or 78)
            if short and text.isascii() and text.isprintable():
                return f"{name}: {text}{self.linesep}".encode("ascii")
        folded: bytes = super().fold_binary(name, value)
        return folded


_WIRE = _WirePolicy(linesep="\r\n", cte_type="7bit")


async def _send_flat(
    client: aiosmtplib.SMTP, mail: FlatMail, sender: str, recipients: list[str]
) -> dict[str, aiosmtplib.SMTPResponse]:
    """``mail`` over ``client`` with the options ``send_message`` would give it."""
    if client.is_ehlo_or_helo_needed:  # the extensions are known after EHLO
        try:
            await client.ehlo()
        except aiosmtplib.SMTPHeloError:
            await client.helo()
    options = []
    if mail.utf8:
        if not client.supports_extension("smtputf8"):
            raise aiosmtplib.SMTPNotSupported(
                "An address containing non-ASCII characters was provided, but "
                "SMTPUTF8 is not supported by this server"
            )
        options.append("SMTPUTF8")
    if client.supports_extension("8BITMIME"):
        options.append("BODY=8BITMIME")
    refused, _ = await client.sendmail(sender, recipients, mail.data, mail_options=options)
    return refused


class SmtpError(Exception):
    """Sending failed."""


class SmtpUnavailable(SmtpError):
    """The relay could not be reached or dropped the connection: retry later."""


class SmtpRejected(SmtpError):
    """The relay answered with an error code.

    ``permanent`` (5xx) means retrying the same mail will not help; 4xx is temporary.
    ``refused`` maps each refused recipient to ``(code, text)``; when some recipients
    were accepted, the relay took the mail for them (``accepted``).
    """

    def __init__(
        self,
        message: str,
        code: int,
        refused: Mapping[str, tuple[int, str]] | None = None,
        accepted: Sequence[str] = (),
    ) -> None:
        super().__init__(message)
        self.code = code
        self.refused = dict(refused or {})
        self.accepted = tuple(accepted)

    @property
    def permanent(self) -> bool:
        """A 5xx answer."""
        return self.code >= 500


class SmtpTransport:
    """Sends mail through the configured relay, reusing one connection.

    aiosmtplib sends one message at a time per connection; a lock serialises callers.
    A connection that went away while unused is replaced before the next mail; one
    that breaks during a send is reconnected once and the mail sent again.
    """

    def __init__(
        self, settings: SmtpSettings, *, tls_context: ssl.SSLContext | None = None
    ) -> None:
        """``tls_context`` replaces the default (verifying) one for ``ssl``/``starttls``."""
        self.settings = settings
        self._tls_context = tls_context
        self._client: aiosmtplib.SMTP | None = None
        self._lock = asyncio.Lock()

    async def send(
        self,
        message: EmailMessage | FlatMail,
        *,
        sender: str | None = None,
        recipients: Sequence[str] | None = None,
    ) -> None:
        """Send one mail; returns once the relay accepted it for every recipient.

        Envelope sender and recipients default to the From and To/Cc/Bcc headers (Bcc is
        not transmitted), or a :class:`FlatMail`'s own. Raises :class:`SmtpRejected` or
        :class:`SmtpUnavailable`, and ValueError for an address that cannot go on an SMTP
        command line.
        """
        async with self._lock:
            try:
                await self._send_once(message, sender, recipients)
            except aiosmtplib.SMTPServerDisconnected:
                log.info("SMTP connection dropped during a send; reconnecting")
                self._drop()
                try:
                    await self._send_once(message, sender, recipients)
                except aiosmtplib.SMTPServerDisconnected as exc:
                    self._drop()
                    raise SmtpUnavailable(f"SMTP relay hung up: {exc}") from exc

    async def send_many(self, messages: Iterable[EmailMessage]) -> list[SmtpError | None]:
        """Send a batch over one connection; one outcome per mail (None: accepted).

        A rejection affects only its mail. Once the relay is unreachable, the remaining
        mails are not tried and get the same :class:`SmtpUnavailable`.
        """
        outcomes: list[SmtpError | None] = []
        down: SmtpUnavailable | None = None
        for message in messages:
            if down is not None:
                outcomes.append(down)
                continue
            try:
                await self.send(message)
            except SmtpUnavailable as exc:
                down = exc
                outcomes.append(exc)
            except SmtpError as exc:
                outcomes.append(exc)
            else:
                outcomes.append(None)
        return outcomes

    async def close(self) -> None:
        """Say goodbye to the relay and close the connection."""
        async with self._lock:
            client, self._client = self._client, None
            if client is not None and client.is_connected:
                try:
                    await client.quit()
                except aiosmtplib.SMTPException:
                    client.close()

    async def _send_once(
        self,
        message: EmailMessage | FlatMail,
        sender: str | None,
        recipients: Sequence[str] | None,
    ) -> None:
        client = await self._connected()
        if isinstance(message, FlatMail):
            msgid = message.message_id
            rcpts = list(recipients) if recipients is not None else list(message.recipients)
        else:
            msgid = message.get("Message-ID", "")
            rcpts = list(recipients) if recipients is not None else extract_recipients(message)
        try:
            if isinstance(message, FlatMail):
                refused = await _send_flat(client, message, sender or message.sender, rcpts)
            else:
                refused, _ = await client.send_message(message, sender=sender, recipients=rcpts)
        except aiosmtplib.SMTPServerDisconnected:
            raise
        except aiosmtplib.SMTPRecipientsRefused as exc:
            errors = {e.recipient: (e.code, e.message) for e in exc.recipients}
            code = min(c for c, _ in errors.values())
            raise SmtpRejected(f"{msgid}: every recipient refused: {errors}", code, errors) from exc
        except aiosmtplib.SMTPResponseException as exc:
            if exc.code == 421:  # the relay is closing this connection
                self._drop()
            raise SmtpRejected(
                f"{msgid}: relay answered {exc.code} {exc.message}", exc.code
            ) from exc
        except (aiosmtplib.SMTPException, OSError) as exc:
            self._drop()
            raise SmtpUnavailable(f"{msgid}: {type(exc).__name__}: {exc}") from exc
        if refused:
            errors = {rcpt: (r.code, r.message) for rcpt, r in refused.items()}
            accepted = [r for r in rcpts if r not in errors]
            code = min(c for c, _ in errors.values())
            raise SmtpRejected(f"{msgid}: recipients refused: {errors}", code, errors, accepted)
        # Debug only: the caller says what it sent (the sender's line names the outbox row).
        log.debug("mail %s accepted by the relay", msgid, extra={"message_id": msgid})

    async def _connected(self) -> aiosmtplib.SMTP:
        if self._client is not None and self._client.is_connected:
            return self._client
        s = self.settings
        client = aiosmtplib.SMTP(
            hostname=s.host,
            port=s.port,
            username=s.user,
            password=s.password,
            use_tls=s.ssl,
            start_tls=s.starttls,
            tls_context=self._tls_context,
            timeout=s.timeout_seconds,
        )
        try:
            await client.connect()
        except aiosmtplib.SMTPAuthenticationError as exc:
            # A configuration problem, not one of the mail: retrying must stay possible.
            raise SmtpUnavailable(f"SMTP login as {s.user} refused: {exc.message}") from exc
        except (aiosmtplib.SMTPException, OSError) as exc:
            raise SmtpUnavailable(f"cannot connect to {s.host}:{s.port}: {exc}") from exc
        self._client = client
        return client

    def _drop(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None
