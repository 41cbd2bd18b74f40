"""Turn a raw mail (or a plain text) into the order text the player meant.

Two halves:

* :func:`extract_order_text` reads an RFC 822 message with the standard library ``email``
  package: it picks the text/plain body (or converts the text/html one), decodes transfer
  encodings and charsets forgivingly, joins ``format=flowed`` lines and ignores
  attachments and attached mails.
* :func:`clean_text` cleans the text: normalises characters and newlines, blanks quoted
  lines and cuts reply headers, original messages, signatures and pasted printouts.

Players get error messages by line number, so cleaning never removes or merges lines
inside the kept text: a removed line becomes an empty line, and only the tail is cut.
Nothing here raises on hostile input.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from email import policy
from email.errors import HeaderParseError
from email.header import decode_header
from email.headerregistry import Address, BaseHeader, HeaderRegistry
from email.message import Message
from email.parser import BytesParser
from email.utils import parseaddr
from functools import lru_cache

import html2text

__all__ = [
    "MailBody",
    "clean_text",
    "extract_order_text",
    "looks_like_mail",
    "printout_start",
]


@dataclass
class MailBody:
    """The order text of one mail plus what the host needs to know about the mail."""

    text: str
    subject: str
    source: str
    sender: str
    sender_name: str
    message_id: str | None
    in_reply_to: str | None
    references: list[str]
    notes: list[str]
    cut_at: str | None


def printout_start(headings: Iterable[str]) -> re.Pattern[str] | None:
    """A pattern for the first line of a printout: a line starting with one of ``headings``.

    Each game kind names its printouts' headings (``GameKind.printout_headings``);
    case and the width of spaces do not matter. ``None`` when there are none.
    """
    alternatives = [
        r"\s+".join(re.escape(word) for word in heading.split())
        + (r"\b" if re.search(r"\w$", heading) else "")
        for heading in headings
        if heading.strip()
    ]
    return _compiled("|".join(f"(?:{a})" for a in sorted(set(alternatives))) or None)


@lru_cache(maxsize=16)
def _compiled(pattern: str | None) -> re.Pattern[str] | None:
    return re.compile(pattern, re.IGNORECASE) if pattern else None


# ----------------------------------------------------------------------------- text part

_NEWLINE = re.compile("\r\n|[\n\r\x85\u2028\u2029]")
_NOT_PLAIN_ASCII = re.compile(r"[^\n\x20-\x7e]")
_QUOTED = re.compile(r"\s*[>|]")
_ORIGINAL_MESSAGE = re.compile(
    r"-{2,}\s*(?:Ursprüngliche Nachricht|Original Message|Original-Nachricht"
    r"|Weitergeleitete Nachricht|Forwarded message)\s*-{2,}"
    r"|Begin forwarded message:|Anfang der weitergeleiteten Nachricht:",
    re.IGNORECASE,
)
_SEPARATOR = re.compile(r"_{10,}|-{5,}")
_FROM_FIELD = re.compile(r"(?:von|from)\s*:", re.IGNORECASE)
_HEADER_FIELD = re.compile(
    r"(von|from|gesendet|sent|datum|date|an|to|cc|betreff|subject)\s*:", re.IGNORECASE
)
_FIELD_KIND = {
    "von": "from",
    "from": "from",
    "gesendet": "date",
    "sent": "date",
    "datum": "date",
    "date": "date",
    "an": "to",
    "to": "to",
    "cc": "cc",
    "betreff": "subject",
    "subject": "subject",
}
_MOBILE_FOOTER = re.compile(
    r"(?:Sent from (?:my\s|Outlook\b|Mail for Windows\b|Yahoo Mail\b).*"
    r"|Sent with Proton ?Mail\b.*"
    r"|Get Outlook for \S.*"
    r"|Von meinem \S.* gesendet\.?"
    r"|Gesendet (?:von|mit) (?:meinem|der|dem|einem|einer) \S.*)",
    re.IGNORECASE,
)
# Attribution lines with a date, so free text like "Er schrieb:" is not taken for one.
_REPLY_HEADER = re.compile(
    r"(?:Am\s.*\d.*\sschrieb\b.*"
    r"|On\s.*\d.*\swrote"
    r"|.*\S\s+schrieb am\s.*\d.*"
    r"|.*@.*\s(?:wrote|schrieb)):",
    re.IGNORECASE,
)
_WRAPPED_REPLY_START = re.compile(r"(?:Am|On)\s.*\d", re.IGNORECASE)
_BARE_ATTRIBUTION = re.compile(r".*\s(?:wrote|schrieb):", re.IGNORECASE)
_MAX_HEADER_LEN = 300  # attribution lines are short; bounds the regex work on long lines

_CUT_NOTES = {
    "quote-header": "cut a reply header at line {}",
    "original-message": "cut the original message at line {}",
    "signature": "cut a signature at line {}",
    "printout": "cut a pasted printout at line {}",
}


def clean_text(
    text: str, printout_headings: Iterable[str] = ()
) -> tuple[str, list[str], str | None]:
    """Clean order text: returns ``(text, notes, cut_at)``.

    Normalises characters and newlines, strips trailing whitespace, blanks quoted lines
    and cuts everything from the first reply header, original-message marker, signature
    or printout (a line starting with one of ``printout_headings``) on. Kept lines keep
    their line numbers.
    """
    lines = [line.rstrip() for line in _normalise(text).split("\n")]
    quoted, cut = _classify(lines, printout_start(printout_headings))
    notes: list[str] = []
    cut_at: str | None = None
    if cut is not None:
        index, cut_at = cut
        del lines[index:]
        notes.append(_CUT_NOTES[cut_at].format(index + 1))
    dropped = sum(1 for i, line in enumerate(lines) if quoted[i] and line)
    lines = ["" if quoted[i] else line for i, line in enumerate(lines)]
    if dropped:
        notes.insert(0, f"dropped {dropped} quoted line{'s' if dropped > 1 else ''}")
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines), notes, cut_at


_DIRECTION_OVERRIDES = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embeddings, overrides and isolates: they make text read other than it is."""


def _normalise(text: str) -> str:
    text = _NEWLINE.sub("\n", text)
    text = _NOT_PLAIN_ASCII.sub(lambda m: _plain_char(m.group()), text)
    return unicodedata.normalize("NFC", text)


@lru_cache(maxsize=4096)
def _plain_char(char: str) -> str:
    """Tabs and Unicode spaces become spaces; controls, format characters and lone
    surrogates (BOM, zero-width, soft hyphen, ...) vanish."""
    category = unicodedata.category(char)
    if char == "\t" or category == "Zs":
        return " "
    if char in _DIRECTION_OVERRIDES:
        return char  # kept, so that a name hiding them is refused rather than disguised
    return "" if category in ("Cc", "Cf", "Cs") else char


def _classify(
    lines: list[str], printout: re.Pattern[str] | None
) -> tuple[list[bool], tuple[int, str] | None]:
    """Mark quoted lines and find the first cut: ``(quoted, (index, kind) | None)``."""
    quoted = [bool(_QUOTED.match(line)) for line in lines]
    for i in range(len(lines)):
        if quoted[i]:
            continue
        kind, span = _marker(lines, quoted, i, printout)
        if kind == "quote-header" and _answer_below(lines, quoted, i + span, printout):
            # bottom-posted reply: the attribution belongs to the quote, the answer stays
            quoted[i : i + span] = [True] * span
        elif kind is not None:
            return quoted, (i, kind)
    return quoted, None


def _marker(
    lines: list[str], quoted: list[bool], i: int, printout: re.Pattern[str] | None
) -> tuple[str | None, int]:
    """The cut marker starting at line ``i`` and how many lines it spans."""
    line = lines[i].strip()
    if lines[i] == "--" or _MOBILE_FOOTER.fullmatch(line):
        return "signature", 1
    if printout is not None and printout.match(line):
        return "printout", 1
    if (
        _ORIGINAL_MESSAGE.fullmatch(line)
        or _separator_before_from(lines, i)
        or _header_block(lines, i)
    ):
        return "original-message", 1
    span = _reply_header_span(lines, quoted, i)
    return ("quote-header", span) if span else (None, 0)


def _next_text_line(lines: list[str], start: int) -> int | None:
    return next((j for j in range(start, len(lines)) if lines[j]), None)


def _separator_before_from(lines: list[str], i: int) -> bool:
    """Outlook's underscore line followed by a From:/Von: line."""
    if not _SEPARATOR.fullmatch(lines[i].strip()):
        return False
    j = _next_text_line(lines, i + 1)
    return j is not None and bool(_FROM_FIELD.match(lines[j].strip()))


def _header_block(lines: list[str], i: int) -> bool:
    """A forwarded/replied mail's header block (Von/Gesendet/An/Betreff or English)."""
    first = _HEADER_FIELD.match(lines[i].strip())
    if first is None or _FIELD_KIND[first.group(1).lower()] not in ("from", "date"):
        return False
    kinds: set[str] = set()
    for line in lines[i : i + 8]:
        if not line:
            break
        field_match = _HEADER_FIELD.match(line.strip())
        if field_match:
            kinds.add(_FIELD_KIND[field_match.group(1).lower()])
    return {"from", "subject"} <= kinds and len(kinds) >= 3


def _reply_header_span(lines: list[str], quoted: list[bool], i: int) -> int:
    """1 or 2 if an attribution line ("Am ... schrieb X:") starts at line ``i``, else 0."""
    line = lines[i].strip()
    if len(line) > _MAX_HEADER_LEN:
        return 0
    if _REPLY_HEADER.fullmatch(line):
        return 1
    # Thunderbird and Gmail wrap long attribution lines
    if i + 1 < len(lines) and not quoted[i + 1] and _WRAPPED_REPLY_START.match(line):
        joined = f"{line} {lines[i + 1].strip()}"
        if len(joined) <= _MAX_HEADER_LEN and _REPLY_HEADER.fullmatch(joined):
            return 2
    # "Max wrote:" without a date only counts when a quote follows at once
    if i + 1 < len(lines) and quoted[i + 1] and _BARE_ATTRIBUTION.fullmatch(line):
        return 1
    return 0


def _answer_below(
    lines: list[str], quoted: list[bool], start: int, printout: re.Pattern[str] | None
) -> bool:
    """True if a quote follows ``start`` and unquoted text (not a marker) follows it."""
    first = _next_text_line(lines, start)
    if first is None or not quoted[first]:
        return False
    answer = next((j for j in range(first, len(lines)) if lines[j] and not quoted[j]), None)
    return answer is not None and _marker(lines, quoted, answer, printout)[0] is None


# ----------------------------------------------------------------------------- mail part

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
_HEADING = re.compile(r"h[1-6]")
_QUOTE_CLASSES = frozenset({"gmail_quote", "moz-cite-prefix", "yahoo_quoted"})


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


@dataclass
class _Parts:
    """Body candidates found in a mail's MIME tree."""

    plain: Message | None = None
    html: Message | None = None
    attached_mails: list[Message] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def extract_order_text(raw: bytes | str, printout_headings: Iterable[str] = ()) -> MailBody:
    """Read the order text from a raw mail (bytes or str) or from plain text.

    A pasted printout is recognised by ``printout_headings`` (the first lines of the game
    kinds' printouts, ``GameKind.printout_headings``) and cut.
    Never raises: unreadable parts are skipped or decoded as well as possible, and what
    happened is listed in :attr:`MailBody.notes`.
    """
    headings = tuple(printout_headings)
    if not looks_like_mail(raw):
        text, notes = (raw, []) if isinstance(raw, str) else _decode(raw, None)
        return _finish(_Body(text, "text", notes), headings)
    data = raw if isinstance(raw, bytes) else _to_bytes(raw)
    try:
        msg = BytesParser(policy=_POLICY).parsebytes(data)
        return _finish(_read_body(msg), headings, msg)
    except Exception as error:  # the email package still has crash bugs on hostile input
        return _finish(_raw_body(data, error), headings)


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
        sender="",
        sender_name="",
        message_id=None,
        in_reply_to=None,
        references=[],
        notes=body.notes + notes,
        cut_at=cut_at or body.cut_at,
    )
    if msg is not None:
        result.subject = _header(msg, "subject")
        result.sender, result.sender_name = _sender(msg)
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
    elif ctype == "text/plain" and parts.plain is None:
        parts.plain = part
    elif ctype == "text/html" and parts.html is None:
        parts.html = part
    elif ctype == "text/plain":
        parts.notes.append(f"ignored a further text part ({_human_size(_payload_size(part))})")


def _is_attachment(part: Message) -> bool:
    return part.get_content_disposition() == "attachment" or part.get_filename() is not None


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
    converter = _PlainHTML()
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
    for raw in _NEWLINE.split(text):
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


class _PlainHTML(html2text.HTML2Text):
    """html2text giving plain lines (no markdown) and dropping the quoted parts of replies."""

    def __init__(self) -> None:
        super().__init__(bodywidth=0)
        # Entities keep their characters ("K&ouml;ln" is "Köln", not html2text's "Koln");
        # the non-breaking space it then gives is a space again in _normalise.
        self.unicode_snob = True
        self.ignore_links = True
        self.ignore_images = True
        self.ignore_emphasis = True
        self.ignore_tables = True
        self.single_line_break = True
        self.backquote_code_style = True  # no four-space indent in <pre>, see handle_tag
        self.dropped = 0
        self.cut_at: str | None = None
        self._skip_tag = ""
        self._skip_depth = 0
        self._stopped = False

    def handle_data(self, data: str, entity_char: bool = False) -> None:
        # entity_char=True switches off the markdown escaping ("1\.", "\-")
        super().handle_data(data, entity_char=True)

    def handle_tag(self, tag: str, attrs: dict[str, str | None], start: bool) -> None:
        if self._stopped or self._skipping(tag, start):
            return
        if start and attrs.get("id") == "divRplyFwdMsg":
            # Outlook: the original message follows, up to the end
            self._stopped = True
            self.quiet += 1
            self.cut_at = "original-message"
        elif start and _is_quote(tag, attrs):
            self._skip_tag, self._skip_depth = tag, 1
            self.quiet += 1
            self.dropped += 1
            self.cut_at = self.cut_at or ("quote-header" if tag != "blockquote" else None)
        elif tag in ("pre", "hr", "td", "th") or _HEADING.fullmatch(tag):
            self._plain_block(tag, start)
        else:
            super().handle_tag(tag, attrs, start)

    def _skipping(self, tag: str, start: bool) -> bool:
        if not self._skip_depth:
            return False
        if tag == self._skip_tag:
            self._skip_depth += 1 if start else -1
            if not self._skip_depth:
                self.quiet -= 1
        return True

    def _plain_block(self, tag: str, start: bool) -> None:
        """Headings, rules and <pre> as plain lines; table cells apart by a space."""
        if tag in ("td", "th"):
            if not start:
                self.o(" ")
            return
        self.p()
        if tag == "pre":
            self.pre = start


def _is_quote(tag: str, attrs: dict[str, str | None]) -> bool:
    classes = set((attrs.get("class") or "").split())
    return tag == "blockquote" or bool(classes & _QUOTE_CLASSES) or attrs.get("name") == "quote"


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


def _sender(msg: Message) -> tuple[str, str]:
    """The From address (bare, lower-cased; "" if none) and display name."""
    try:
        addresses: tuple[Address, ...] = (
            getattr(msg.get("from"), "addresses", ())
            if len(_raw_header(msg, "from")) <= HEADER_MAX
            else ()
        )
    except Exception:  # the header parser raises on some garbage, e.g. CR/LF in names
        addresses = ()
    if addresses:
        address, name = addresses[0].addr_spec, addresses[0].display_name
    else:
        name, address = parseaddr(_raw_header(msg, "from")[:HEADER_MAX])
        name = _decode_words(name)
    address = "".join(_one_line(address).split()).lower()
    return (address if "@" in address else ""), _one_line(name)


def _message_ids(msg: Message, name: str) -> list[str]:
    value = _header(msg, name)
    ids = _MSG_ID.findall(value) or [token.strip("<>") for token in value.split()]
    return [message_id for message_id in ids if message_id]


def _one_line(text: str) -> str:
    """Header text for display: no control characters, whitespace collapsed."""
    return " ".join(_normalise(text).split())
