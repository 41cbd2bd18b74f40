"""Tests for mailserver.inbound.mailbody: from raw mails and plain texts to clean order text."""

from __future__ import annotations

import base64
from email.message import EmailMessage, Message
from email.parser import BytesParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ashes import orders as o
from grammar.ashes import PRINTOUT_HEADINGS, parse
from mailserver.inbound import mailbody
from mailserver.inbound.cleaning import clean_text, printout_start
from mailserver.inbound.mailbody import MailBody, extract_order_text, looks_like_mail
from tests.lanes import examples

DATA = Path(__file__).parent / "data" / "mailbody"
ORDERS = "Partie 227 Spieler 2 Kennwort xyz\nCrab: 1 PDU, 7 FP\n2/15/1/21"
PRINTOUT = "PV-Übersicht und Planetenberichte für player b game 227 turn 0"
PRINTOUT_START = printout_start(PRINTOUT_HEADINGS)
assert PRINTOUT_START is not None


def test_the_printout_pattern_is_made_once_for_the_same_headings() -> None:
    assert printout_start(list(PRINTOUT_HEADINGS)) is PRINTOUT_START


def mail(headers: str, body: bytes) -> bytes:
    """A raw mail from header lines ("\\n"-separated) and a raw body."""
    head = "From: Max <max@example.de>\nSubject: Befehle\n" + headers
    return head.strip("\n").replace("\n", "\r\n").encode("ascii") + b"\r\n\r\n" + body


def plain_mail(text: str, charset: str = "utf-8") -> bytes:
    msg = EmailMessage()
    msg["From"] = "Max <max@example.de>"
    msg["Subject"] = "Befehle"
    msg.set_content(text, charset=charset)
    return msg.as_bytes()


def alternative_mail(plain: str, html: str) -> EmailMessage:
    """A multipart/alternative mail of a plain and an HTML part."""
    msg = EmailMessage()
    msg["From"] = "a@b.de"
    msg.set_content(plain)
    msg.add_alternative(html, subtype="html")
    return msg


def html_mail(html: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = "Max <max@example.de>"
    msg.set_content(html, subtype="html")
    return msg.as_bytes()


def attached(attachment: str | bytes | EmailMessage, text: str | None, **options: str) -> bytes:
    """A mail of Max's with ``text`` (``None``: no text of its own) and ``attachment``
    (``options``: how ``add_attachment`` types and names it)."""
    msg = EmailMessage()
    msg["From"] = "Max <max@example.de>"
    if text is not None:
        msg.set_content(text)
    msg.add_attachment(attachment, **options)
    return msg.as_bytes()


def assert_clean(body: MailBody) -> None:
    assert isinstance(body.text, str)
    assert "\x00" not in body.text
    assert "\r" not in body.text
    # the order parser splits with str.splitlines(): it must see the same lines
    assert "\n".join(body.text.splitlines()) == body.text
    assert "\n" not in body.subject and "\r" not in body.subject


# ------------------------------------------------------------------ headers and encodings


def test_plain_utf8_mail_with_headers() -> None:
    msg = EmailMessage()
    msg["From"] = "=?utf-8?q?J=C3=BCrgen_M=C3=BCller?= <Juergen.Mueller@Example.DE>"
    msg["Subject"] = "Re: Züge   Partie 227"
    msg["Message-ID"] = "<abc.123@example.de>"
    msg["In-Reply-To"] = "<turn3@example.org>"
    msg["References"] = "<turn2@example.org> <turn3@example.org>"
    msg.set_content("Partie 227 Spieler 2 Kennwort xyz\nKröte: 1 PDU\nÄußere Welt: 2 FI\n")
    body = extract_order_text(msg.as_bytes())
    assert body.text == "Partie 227 Spieler 2 Kennwort xyz\nKröte: 1 PDU\nÄußere Welt: 2 FI"
    assert body.source == "plain"
    assert body.subject == "Re: Züge Partie 227"
    assert body.message_id == "abc.123@example.de"
    assert body.in_reply_to == "turn3@example.org"
    assert body.references == ["turn2@example.org", "turn3@example.org"]
    assert body.cut_at is None
    assert body.notes == []


_ATOM_TEXT = st.from_regex(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]{1,6}", fullmatch=True)
_DOT_ATOM = st.lists(_ATOM_TEXT, min_size=1, max_size=3).map(".".join)


@settings(max_examples=examples(200), deadline=None)
@given(st.tuples(_DOT_ATOM, _DOT_ATOM).map("@".join))
def test_a_plain_message_id_is_read_as_the_email_package_reads_it(message_id: str) -> None:
    # A plain id is taken as it stands, without the email package's header parser: what
    # that parser makes of the same field must be the same.
    raw = mail(f"Message-ID: <{message_id}>", b"Hallo\r\n")
    message = BytesParser(policy=mailbody._POLICY).parsebytes(raw)
    parsed = mailbody._MSG_ID.findall(mailbody._header(message, "message-id"))
    assert mailbody._message_ids(message, "message-id") == parsed
    assert extract_order_text(raw).message_id == parsed[0]


def test_subject_rfc2047_folded_and_collapsed() -> None:
    raw = b"From: a@b.de\r\nSubject: =?iso-8859-1?q?Z=FCge?=\r\n  f\tr   Runde 3\r\n\r\nx\r\n"
    assert extract_order_text(raw).subject == "Züge f r Runde 3"


def test_missing_headers_give_empty_values() -> None:
    body = extract_order_text(b"MIME-Version: 1.0\r\n\r\nCrab: 1 PDU\r\n")
    assert body.text == "Crab: 1 PDU"
    assert body.subject == ""
    assert (body.message_id, body.in_reply_to, body.references) == (None, None, [])


@pytest.mark.parametrize(
    ("headers", "payload", "text", "notes"),
    [
        pytest.param(
            "Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: 8bit",
            "Bau auf Kröte: 3 FI\r\nGrüße\r\n".encode("latin-1"),
            "Bau auf Kröte: 3 FI\nGrüße",
            [],
            id="latin1-8bit",
        ),
        pytest.param(
            "Content-Type: text/plain; charset=windows-1252\nContent-Transfer-Encoding: 8bit",
            "Presse: „Kröte“ kostet 5 €\r\n".encode("cp1252"),
            "Presse: „Kröte“ kostet 5 €",
            None,
            id="cp1252-euro-and-german-quotes",
        ),
        pytest.param(
            "Content-Type: text/plain; charset=iso-8859-15",
            "5 €\r\n".encode("iso-8859-15"),
            "5 €",
            None,
            id="iso-8859-15-euro",
        ),
        pytest.param(
            "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable",
            b"Kr=C3=B6te: 1 PDU, 7 FP, =\r\n5 OP\r\nA=3DB\r\n",
            "Kröte: 1 PDU, 7 FP, 5 OP\nA=B",
            None,
            id="quoted-printable-soft-line-breaks",
        ),
        pytest.param(
            "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64",
            base64.encodebytes("Partie 227\r\nKröte: 1 PDU\r\n".encode()),
            "Partie 227\nKröte: 1 PDU",
            None,
            id="base64-body",
        ),
        pytest.param(
            "Content-Type: text/plain; charset=utf-8; format=flowed; delsp=yes",
            b"Crab: 1 PDU, 7 F \r\nP\r\nnext line\r\n",
            "Crab: 1 PDU, 7 FP\nnext line",
            None,
            id="format-flowed-with-delsp",
        ),
        # the quote was one flowed paragraph: one blank line for it, one for the deeper quote
        pytest.param(
            "Content-Type: text/plain; format=flowed",
            b"Orders\r\n> quoted \r\n> more\r\n>> deeper\r\nCrab: 1\r\n",
            "Orders\n\n\nCrab: 1",
            ["dropped 2 quoted lines"],
            id="format-flowed-joins-quoted-lines-by-depth-only",
        ),
        pytest.param(
            "Content-Type: text/plain; format=flowed",
            b"> quoted \r\nCrab: 1, \r\n2 FI ",
            "\nCrab: 1, 2 FI",
            None,
            id="format-flowed-paragraph-ends-at-quote-change-and-end-of-text",
        ),
        pytest.param(
            "Content-Transfer-Encoding: 8bit",
            "Kröte: 1 PDU\r\n".encode(),
            "Kröte: 1 PDU",
            [],
            id="missing-charset-reads-utf8",
        ),
        pytest.param(
            "Content-Transfer-Encoding: 8bit",
            "Kröte: 5 €\r\n".encode("cp1252"),
            "Kröte: 5 €",
            ["no charset: read as cp1252"],
            id="missing-charset-falls-back-to-cp1252",
        ),
        pytest.param(
            "Content-Type: text/plain; charset=us-ascii\nContent-Transfer-Encoding: 8bit",
            "Kröte: 1 PDU\r\n".encode(),
            "Kröte: 1 PDU",
            ["declared charset us-ascii: read as utf-8"],
            id="utf8-labelled-us-ascii",
        ),
        pytest.param(
            "Content-Type: text/plain; charset=iso-8859-1",
            "Grüße\r\n".encode(),
            "Grüße",
            None,
            id="utf8-labelled-latin1-is-not-mojibake",
        ),
        pytest.param(
            "Content-Type: text/plain; charset=x-klingon",
            "Kröte\r\n".encode(),
            "Kröte",
            ["declared charset x-klingon: read as utf-8"],
            id="unknown-charset-label",
        ),
        pytest.param(
            "Content-Type: text/plain; charset=base64",
            b"Crab: 1\r\n",
            "Crab: 1",
            None,
            id="non-text-codec-label-does-not-crash",
        ),
        # 0x81 is undefined in cp1252, 0xfc alone is no UTF-8; the C1 control from 0x81
        # is removed
        pytest.param(
            "Content-Type: text/plain; charset=utf-8",
            b"Kr\xfcte\x81: 1\r\n",
            "Krüte: 1",
            ["undecodable bytes replaced: read as latin-1"],
            id="undecodable-bytes-fall-back-to-latin1",
        ),
        pytest.param(
            "Content-Type: text/plain; charset=utf-8",
            b"Crab:\x00 1 PDU\r\n\x00\r\n",
            "Crab: 1 PDU",
            None,
            id="nul-bytes-are-removed",
        ),
    ],
)
def test_body_decoding(headers: str, payload: bytes, text: str, notes: list[str] | None) -> None:
    """The body's charset, transfer encoding and format=flowed are undone (``notes``:
    the notes expected, ``None`` where the case does not look at them)."""
    body = extract_order_text(mail(headers, payload))
    assert body.text == text
    if notes is not None:
        assert body.notes == notes


def test_format_flowed_without_delsp() -> None:
    raw = mail(
        "Content-Type: text/plain; charset=utf-8; format=flowed",
        b"Crab: 1 PDU, \r\n7 FP\r\n From space-stuffed\r\n2/15/1/21\r\n-- \r\nMax\r\n",
    )
    body = extract_order_text(raw)
    assert body.text == "Crab: 1 PDU, 7 FP\nFrom space-stuffed\n2/15/1/21"
    assert body.cut_at == "signature"


def test_header_injection_in_from_name() -> None:
    raw = (
        b"From: =?utf-8?q?Evil=0D=0ABcc=3A_x=40y?= <Evil@Example.com>\r\n"
        b"Subject: =?utf-8?q?a=0D=0AX-Injected=3A_1?=\r\n\r\nCrab: 1 PDU\r\n"
    )
    body = extract_order_text(raw)
    assert body.subject == "a X-Injected: 1"
    assert body.text == "Crab: 1 PDU"
    assert_clean(body)


def test_crashing_header_parser_falls_back_to_raw_values() -> None:
    # the email package raises on "Message-ID: <" and on CR/LF in a display name
    raw = (
        b"From: =?x-unknown?q?Evil=0D=0AName?= <A@B.de>\r\nMessage-ID: <\r\n"
        b"In-Reply-To: abc@x\r\n\r\nCrab: 1\r\n"
    )
    body = extract_order_text(raw)
    assert (body.message_id, body.in_reply_to) == (None, "abc@x")
    assert body.text == "Crab: 1"


def test_str_mail_with_lone_surrogates() -> None:
    body = extract_order_text("From: a@b.de\nSubject: \ud800x\n\nCrab: 1\ud800\n")
    assert body.text == "Crab: 1?"
    assert body.subject == "?x"


def test_str_mail_input() -> None:
    raw = "From: Max <max@example.de>\nSubject: Züge\nContent-Type: text/plain\n\nKröte: 1\n"
    body = extract_order_text(raw)
    assert body.text == "Kröte: 1"
    assert body.subject == "Züge"
    assert body.source == "plain"


# ------------------------------------------------------------------------- MIME structure


def test_multipart_alternative_prefers_plain() -> None:
    msg = alternative_mail("plain orders\n", "<p>html orders</p>")
    body = extract_order_text(msg.as_bytes())
    assert body.text == "plain orders"
    assert body.source == "plain"
    assert body.notes == []


def test_empty_plain_alternative_falls_back_to_html() -> None:
    msg = alternative_mail("\n\n", "<p>html orders</p>")
    body = extract_order_text(msg.as_bytes())
    assert body.text == "html orders"
    assert body.source == "html"


def test_nested_multiparts_and_inline_image() -> None:
    msg = alternative_mail("Crab: 1 PDU\n", "<p>Crab: 1 PDU</p>")
    html_part = next(part for part in msg.iter_parts() if part.get_content_subtype() == "html")
    html_part.add_related(b"\x89PNG" + b"\0" * 2000, "image", "png", cid="<i1>")
    msg.add_attachment(b"%PDF-1.4", maintype="application", subtype="pdf", filename="z.pdf")
    body = extract_order_text(msg.as_bytes())
    assert body.text == "Crab: 1 PDU"
    assert body.notes == ["ignored image/png part (2.0 kB)", "ignored attachment z.pdf (8 bytes)"]


def test_further_text_parts_are_ignored() -> None:
    raw = mail(
        'Content-Type: multipart/mixed; boundary="b"',
        b"--b\r\nContent-Type: text/plain\r\n\r\nCrab: 1\r\n"
        b"--b\r\nContent-Type: image/jpeg\r\nContent-Transfer-Encoding: base64\r\n\r\n"
        b"/9j/4AAQ\r\n"
        b"--b\r\nContent-Type: text/plain\r\n\r\nCrab: 2\r\n--b--\r\n",
    )
    body = extract_order_text(raw)
    assert body.text == "Crab: 1"
    assert body.notes == [
        "ignored image/jpeg part (6 bytes)",
        "ignored a further text part (7 bytes)",
    ]


def decoded_payloads(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every payload the email package decodes from now on: (content type, bytes)."""
    decoded: list[tuple[str, int]] = []
    get_payload = Message.get_payload

    def recorded(self: Message, i: int | None = None, decode: bool = False) -> Any:
        payload = get_payload(self, i, decode)
        if decode:
            size = len(payload) if isinstance(payload, bytes) else 0
            decoded.append((self.get_content_type(), size))
        return payload

    monkeypatch.setattr(Message, "get_payload", recorded)
    return decoded


@pytest.mark.timeout(60)  # a safety net; the bound is what is decoded
def test_big_attachment_is_ignored_undecoded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 10 MB attachment is sized from its encoded text, never decoded: only the text
    part is (the time it takes is in tests/bench/bench_mailbody.py)."""
    pdf = b"\x17" * 10_000_000
    raw = attached(
        pdf, "Crab: 1 PDU\n", maintype="application", subtype="pdf", filename="printout.pdf"
    )
    decoded = decoded_payloads(monkeypatch)
    body = extract_order_text(raw)
    assert decoded == [("text/plain", len("Crab: 1 PDU\n"))]
    assert body.text == "Crab: 1 PDU"
    assert body.notes == ["ignored attachment printout.pdf (10.0 MB)"]


def test_text_attachment_is_not_the_body() -> None:
    raw = attached("Fleet overview of player b\n", "my orders\n", filename="printout.txt")
    body = extract_order_text(raw)
    assert body.text == "my orders"
    assert body.notes == ["ignored attachment printout.txt (27 bytes)"]


def test_only_an_attachment_gives_empty() -> None:
    body = extract_order_text(attached("Crab: 1 PDU\n", None, filename="orders.txt"))
    assert body.text == ""
    assert body.source == "empty"


def _forward(own_text: str | None) -> bytes:
    inner = EmailMessage()
    inner["From"] = "gm@example.org"
    inner["Subject"] = "Auswertung Runde 3"
    inner.set_content(PRINTOUT + "\nCrab: 1 PDU\n")
    return attached(inner, own_text)


def test_attached_mail_is_ignored_when_the_mail_has_text() -> None:
    body = extract_order_text(_forward("Crab: 2 FI\n"))
    assert body.text == "Crab: 2 FI"
    assert body.notes == ['ignored attached mail "Auswertung Runde 3"']


def test_attached_mail_is_read_when_it_is_the_only_body() -> None:
    inner = EmailMessage()
    inner["From"] = "max@other.example"
    inner.set_content("Crab: 3 FI\n")
    body = extract_order_text(attached(inner, None))
    assert body.text == "Crab: 3 FI"
    assert body.notes == ["read the attached mail: the mail has no text of its own"]


def test_delivery_report_parts_are_ignored() -> None:
    raw = mail(
        'Content-Type: multipart/report; report-type=delivery-status; boundary="r"',
        b"--r\r\nContent-Type: text/plain\r\n\r\nMail could not be delivered.\r\n"
        b"--r\r\nContent-Type: message/delivery-status\r\n\r\n"
        b"Reporting-MTA: dns; mx.example\r\n\r\nFinal-Recipient: rfc822; x@y\r\n"
        b"--r--\r\n",
    )
    body = extract_order_text(raw)
    assert body.text == "Mail could not be delivered."
    assert body.notes == ["ignored message/delivery-status part"]


def test_multipart_without_boundary_is_read_as_text() -> None:
    raw = mail("Content-Type: multipart/mixed", b"Crab: 1 PDU\r\n")
    body = extract_order_text(raw)
    assert body.text == "Crab: 1 PDU"
    assert body.notes == ["broken MIME structure: read the multipart body as plain text"]


def test_truncated_mime() -> None:
    raw = mail(
        'Content-Type: multipart/mixed; boundary="b1"',
        b"--b1\r\nContent-Type: text/plain\r\n\r\nCrab: 1 PDU\r\n--b1\r\nContent-Type: ima",
    )
    assert extract_order_text(raw).text == "Crab: 1 PDU"


def test_empty_mail() -> None:
    body = extract_order_text(b"From: a@b.de\r\nSubject: leer\r\n\r\n")
    assert body.text == ""
    assert body.source == "empty"
    assert body.subject == "leer"


@pytest.mark.parametrize("raw", [b"", "", "\n\n  \n"])
def test_empty_input(raw: bytes | str) -> None:
    body = extract_order_text(raw)
    assert (body.text, body.source) == ("", "empty")


def test_parser_crash_falls_back_to_raw_body(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(self: BytesParser, data: bytes) -> None:
        raise IndexError("parser bug")

    monkeypatch.setattr(BytesParser, "parsebytes", crash)
    body = extract_order_text(b"From: a@b.de\r\n\r\nCrab: 1 PDU\r\n")
    assert body.text == "Crab: 1 PDU"
    assert body.notes == ["could not read the mail structure (IndexError); read it as text"]


# ---------------------------------------------------------------------------------- HTML


@pytest.mark.parametrize(
    ("html", "text"),
    [
        ("<p>2/15/1/21</p>", "2/15/1/21"),
        ("Crab: 1 PDU<br>10: 2 FI<br/>", "Crab: 1 PDU\n10: 2 FI"),
        ("Crab:&nbsp;1&nbsp;PDU", "Crab: 1 PDU"),
        ("<b>Crab:</b> 1 <i>PDU</i> <u>x</u>", "Crab: 1 PDU x"),
        ("1. Zug<br>- zwei<br>+ drei<br>a\\b #4 _x_", "1. Zug\n- zwei\n+ drei\na\\b #4 _x_"),
        ("<h1>Befehle</h1>Crab: 1", "Befehle\nCrab: 1"),
        ("<pre>Crab: 1 PDU\n10:  2 FI</pre>", "Crab: 1 PDU\n10:  2 FI"),
        (
            "<table><tr><td>Crab:</td><td>1 PDU</td></tr><tr><th>10:</th><td>2 FI</td></tr>"
            "</table>",
            "Crab: 1 PDU\n10: 2 FI",
        ),
        ('Crab <a href="http://x.example">link</a><img src="a.png" alt="pic">', "Crab link"),
        ("<style>p {color: red}</style><p>Crab</p>", "Crab"),
        ("<div>Crab: 1</div><div>-- </div><div>Max</div>", "Crab: 1"),
    ],
)
def test_html_to_plain_lines(html: str, text: str) -> None:
    body = extract_order_text(html_mail(html))
    assert body.text == text
    assert body.source == "html"
    assert body.notes[0] == "converted from HTML"


def test_html_blockquote_is_dropped() -> None:
    body = extract_order_text(
        html_mail(
            "<p>Crab: 1</p><blockquote type='cite'><p>old<blockquote>older</blockquote>"
            "</p></blockquote><p>10: 2 FI</p>"
        )
    )
    assert body.text == "Crab: 1\n10: 2 FI"
    assert body.notes == ["converted from HTML", "dropped 1 quoted HTML block(s)"]
    assert body.cut_at is None


def test_gmail_html_only_reply() -> None:
    body = extract_order_text((DATA / "gmail_html_only.eml").read_bytes())
    assert body.text == "Partie 227 Spieler 4 Kennwort q\n2/15/1/21\nCrab: 1 PDU"
    assert body.source == "html"
    assert body.cut_at == "quote-header"
    assert body.message_id == "CAB123@mail.gmail.example"


def test_html_entities_keep_their_characters() -> None:
    # A webmailer's HTML-only mail in us-ascii: every umlaut is an entity.
    body = extract_order_text((DATA / "webmail_html_entities.eml").read_bytes())
    assert body.text.splitlines() == [
        "Partie 227 Spieler 5 Kennwort rätsel",
        "Lenin: 2 PDU, 4 FP",
        "13 = Neu Köln",
        "Artikel: Grüße an die EDU – wir sehen uns über Einstein.",
        "",
        "Schöne Grüße aus Köln",
        "Jonas",
    ]
    assert body.source == "html"
    result = parse(body.text, body.subject)
    assert result.header.password == "rätsel"
    assert result.orders[1:] == [
        o.RenamePlanet(line=3, planet=13, name="Neu Köln"),
        o.Press(line=4, text="Grüße an die EDU – wir sehen uns über Einstein."),
    ]


@pytest.mark.parametrize(
    ("html", "orders"),
    [
        pytest.param(
            '<div id="divtagdefaultwrapper"><p>Crab: 1 PDU</p><p>10: 2 FI</p></div>'
            '<hr style="display:inline-block;width:98%" tabindex="-1">'
            '<div id="divRplyFwdMsg" dir="ltr"><font><b>From:</b> GM &lt;gm@x.de&gt;<br>'
            "<b>Sent:</b> Tuesday, March 12, 2024 6:00 PM<br><b>Subject:</b> Turn 3</font></div>"
            f"<div><p>{PRINTOUT}</p><p>Crab: 9 PDU</p></div>",
            "Crab: 1 PDU\n10: 2 FI",
            id="web-div-rply-fwd-msg",
        ),
        pytest.param(
            "<p class=MsoNormal>Crab: 1 PDU<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p>"
            "<div style='border:none;border-top:solid #E1E1E1 1.0pt'><p class=MsoNormal>"
            "<b>Von:</b> Spielleiter &lt;gm@x.de&gt;<br><b>Gesendet:</b> Dienstag, "
            "12. März 2024<br>"
            "<b>An:</b> Max<br><b>Betreff:</b> Auswertung<o:p></o:p></p></div>"
            f"<p class=MsoNormal>{PRINTOUT}</p>",
            "Crab: 1 PDU",
            id="desktop-header-block",
        ),
    ],
)
def test_outlook_html_reply_header_cuts_the_original(html: str, orders: str) -> None:
    body = extract_order_text(html_mail(html))
    assert body.text == orders
    assert body.cut_at == "original-message"


# ------------------------------------------------------------ replies, quotes, signatures


def test_thunderbird_flowed_reply_file() -> None:
    body = extract_order_text((DATA / "thunderbird_flowed_reply.eml").read_bytes())
    assert body.text == "Partie 227 Spieler 2 Kennwort xyz\nKröte: 1 PDU, 7 FP, 5 OP\n2/15/1/21"
    assert body.cut_at == "quote-header"
    assert body.subject == "Re: Züge Partie 227"
    assert body.references == ["turn2.227@example.org", "turn3.227@example.org"]


def test_outlook_ursprungliche_nachricht_with_printout_file() -> None:
    body = extract_order_text((DATA / "outlook_reply_printout.eml").read_bytes())
    assert body.text == "Partie 227 Spieler 3 Kennwort abc\nBau auf Kröte: 3 FI\n\nGruß Erika"
    assert body.source == "plain"
    assert body.cut_at == "original-message"
    assert body.notes == ["cut the original message at line 6"]


@pytest.mark.parametrize(
    "header",
    [
        "Am 12.03.2024 um 18:00 schrieb Spielleiter <gm@x.de>:",
        "Am Di., 12. März 2024 um 18:00 Uhr schrieb Spielleiter <gm@x.de>:",
        "Am Di., 12. März 2024 um 18:00 Uhr schrieb Spielleiter\n<gm@x.de>:",
        "Am Di., 12. März 2024 um 18:00 Uhr schrieb Spielleiter <\ngm@x.de>:",
        "Spielleiter <gm@x.de> schrieb am 12.03.2024:",
        "Spielleiter schrieb am 12.03.2024 um 18:00:",
        "On Tue, Mar 12, 2024 at 6:00 PM GM <gm@x.de> wrote:",
        "On Tue, Mar 12, 2024 at 6:00 PM Game Master <gm@x.de>\nwrote:",
        "On 12/03/2024 18:00, GM wrote:",
        "GM <gm@x.de> wrote:",
    ],
)
@pytest.mark.parametrize(
    "original",
    [
        f"Auswertung Runde 3\n{PRINTOUT}\nCrab: 9 PDU\n",  # unquoted, as after an HTML conversion
        f"> Auswertung\n>\n> {PRINTOUT}\n\n",  # quoted, at the end of the mail
    ],
    ids=["unquoted", "quoted"],
)
def test_reply_header_cuts_whether_the_original_is_quoted_or_not(
    header: str, original: str
) -> None:
    out, notes, cut_at = clean_text(f"{ORDERS}\n\n{header}\n{original}")
    assert out == ORDERS
    assert cut_at == "quote-header"
    assert notes == ["cut a reply header at line 5"]


def test_reply_header_with_unquoted_original_cuts() -> None:
    out, _, cut_at = clean_text("Crab: 1\nOn 12/03/2024 18:00, GM wrote:\nold unquoted text\n")
    assert (out, cut_at) == ("Crab: 1", "quote-header")


def test_reply_header_on_line_one_leaves_nothing() -> None:
    body = extract_order_text(
        plain_mail("Am 12.03.2024 um 18:00 schrieb GM <gm@x.de>:\nCrab: 1 PDU\n")
    )
    assert body.text == ""
    assert body.cut_at == "quote-header"
    assert body.source == "plain"


def test_bottom_posted_reply_keeps_the_answer_and_its_line_numbers() -> None:
    text = "Am 12.03.2024 um 18:00 schrieb GM <gm@x.de>:\n> Befehle bitte\n\nCrab: 1 PDU\n"
    out, notes, cut_at = clean_text(text)
    assert out.split("\n") == ["", "", "", "Crab: 1 PDU"]
    assert cut_at is None
    assert notes == ["dropped 2 quoted lines"]


def test_attribution_without_date_before_a_quote_is_blanked() -> None:
    out, _, cut_at = clean_text("Crab: 1\nMax wrote:\n> old\nnew: 2\n")
    assert out == "Crab: 1\n\n\nnew: 2"
    assert cut_at is None


def test_overlong_line_is_no_reply_header() -> None:
    text = "Am 12.03.2024 " + "x" * 300 + " schrieb GM <gm@x.de>:\nCrab: 1"
    assert clean_text(text) == (text, [], None)


def test_free_text_with_schrieb_is_kept() -> None:
    text = "Presse: Er schrieb:\nAm Ende schrieb er ihm:\nCrab: 1"
    assert clean_text(text) == (text, [], None)


def test_quoted_lines_become_empty_lines() -> None:
    text = "Crab: 1\n> quoted\n  >> deeper\n| pipe quote\nCrab: 2\n"
    out, notes, cut_at = clean_text(text)
    assert out.split("\n") == ["Crab: 1", "", "", "", "Crab: 2"]
    assert notes == ["dropped 3 quoted lines"]
    assert cut_at is None


@pytest.mark.parametrize(
    "marker",
    [
        "-----Ursprüngliche Nachricht-----",
        "-----Original Message-----",
        "________________________________\nVon: Spielleiter <gm@x.de>",
        "________________________________\nFrom: GM <gm@x.de>",
        "Von: Spielleiter <gm@x.de>\nGesendet: Dienstag, 12. März 2024\nAn: Max\nBetreff: Runde 3",
        "From: GM <gm@x.de>\nSent: Tuesday, March 12, 2024 6:00 PM\nTo: Max\nSubject: Turn 3",
        'Gesendet: Dienstag, 12. März 2024 um 18:00 Uhr\nVon: "GM" <gm@x.de>\nAn: max@x.de\n'
        "Betreff: Runde 3",
        "Begin forwarded message:",
        "Anfang der weitergeleiteten Nachricht:",
        "---------- Forwarded message ---------",
        "-------- Weitergeleitete Nachricht --------",
        "-------- Original-Nachricht --------",
    ],
)
def test_original_message_markers_cut(marker: str) -> None:
    out, notes, cut_at = clean_text(
        f"{ORDERS}\n{marker}\n\n{PRINTOUT}\nCrab: 9 PDU", PRINTOUT_HEADINGS
    )
    assert out == ORDERS
    assert cut_at == "original-message"
    assert notes == ["cut the original message at line 4"]


def test_order_lines_with_colons_are_no_header_block() -> None:
    text = "An: 3 FI\nVon: 2 FI\nSubject: none"  # no From+Subject+third kind block
    assert clean_text(text)[0] == text


@pytest.mark.parametrize("sig", ["-- ", "--"])
def test_signature_cuts(sig: str) -> None:
    out, notes, cut_at = clean_text(f"{ORDERS}\n{sig}\nMax Mustermann\nCrab: 9 PDU\n")
    assert (out, cut_at) == (ORDERS, "signature")
    assert notes == ["cut a signature at line 4"]


def test_dashes_inside_a_line_are_no_signature() -> None:
    text = "Crab: 1 -- 2\n --\n---"
    assert clean_text(text) == (text, [], None)


@pytest.mark.parametrize(
    "footer",
    [
        "Sent from my iPhone",
        "Von meinem iPhone gesendet",
        "Gesendet von meinem Samsung Galaxy Smartphone.",
        "Gesendet mit der WEB.DE Mail App",
        "Sent from Outlook",
        "Get Outlook for Android",
    ],
)
def test_mobile_footers_cut(footer: str) -> None:
    out, _, cut_at = clean_text(f"{ORDERS}\n\n{footer}\n\nCrab: 9 PDU")
    assert (out, cut_at) == (ORDERS, "signature")


def test_iphone_footer_in_a_mail() -> None:
    body = extract_order_text(plain_mail("Crab: 1 PDU\n\nVon meinem iPhone gesendet\n"))
    assert body.text == "Crab: 1 PDU"
    assert body.cut_at == "signature"


# ------------------------------------------------------------------------------ printouts


def test_unquoted_pasted_printout_is_cut() -> None:
    text = f"{ORDERS}\n\n{PRINTOUT}\n\nCrab (10): 3 PDU\n2: 1 PDU\n"
    body = extract_order_text(plain_mail(text), PRINTOUT_HEADINGS)
    assert body.text == ORDERS
    assert body.cut_at == "printout"
    assert body.notes == ["cut a pasted printout at line 5"]


def test_quoted_printout_only_blanks_its_lines() -> None:
    out, notes, cut_at = clean_text(f"> {PRINTOUT}\n> Crab: 1\nCrab: 2 FI", PRINTOUT_HEADINGS)
    assert out == "\n\nCrab: 2 FI"
    assert cut_at is None
    assert notes == ["dropped 2 quoted lines"]


@pytest.mark.parametrize(
    "line",
    [
        PRINTOUT,
        "PV overview and planet reports for player b game 227 turn 0",
        "pv-übersicht UND planetenberichte FÜR x",
        "=== Auswertung Partie 227 Runde 3 ===",
        "=== Printout game 227 turn 3 ===",
        "Flottenübersicht von Spieler 2",
        "Fleet overview of player 2",
    ],
)
def test_printout_start_matches(line: str) -> None:
    assert PRINTOUT_START.match(line)
    assert clean_text(f"Crab: 1\n{line}\nCrab: 2", PRINTOUT_HEADINGS)[2] == "printout"


@pytest.mark.parametrize(
    "line", ["Crab: 1 PDU", "==Auswertung", "Die PV-Übersicht und Planetenberichte für", "=== Ende"]
)
def test_printout_start_does_not_match(line: str) -> None:
    assert not PRINTOUT_START.match(line)


# ------------------------------------------------------------------------ characters, lines


def test_nbsp_bom_zero_width_and_decomposed_umlauts() -> None:
    text = "\ufeffKro\u0308te:\u00a01\u202fPDU\u2007x\tFI\u200b\n10:\u00ad 2\u200d FI\u2060"
    out, notes, cut_at = clean_text(text)
    # The tab after "x" (column 15) reaches the stop at column 17: the columns of what
    # is left once the invisible characters are gone.
    assert out == "Kröte: 1 PDU x  FI\n10: 2 FI"
    assert (notes, cut_at) == ([], None)


def test_bom_in_the_middle_of_a_utf8_mail() -> None:
    body = extract_order_text(plain_mail("\ufeffCrab: 1\nu\u0308\n"))
    assert body.text == "Crab: 1\nü"


def test_newlines_and_control_characters() -> None:
    text = "a\r\nb\rc\x85d\u2028e\u2029f\x0bg\x0ch\x1ci\x07j\x7fk\x9bl"
    out, _, _ = clean_text(text)
    assert out == "a\nb\nc\nd\ne\nf" + "ghijkl"


def test_trailing_whitespace_and_blank_lines_go_leading_blank_lines_stay() -> None:
    out, notes, cut_at = clean_text("\n\n  Crab: 1   \n\t\nCrab: 2\t \n\n \n")
    assert out == "\n\n  Crab: 1\n\nCrab: 2"
    assert (notes, cut_at) == ([], None)


def test_lines_are_otherwise_untouched() -> None:
    text = "// Kommentar\n# comment\nENDE\nEnde\nCrab: 1 pdu  // x\n  Bau auf 10: 3 FI"
    assert clean_text(text) == (text, [], None)


# ----------------------------------------------------------------------- plain text input


def test_plain_text_input_is_not_a_mail() -> None:
    text = "Partie 227 Spieler 2 Kennwort xyz\n2: 1 PDU\n"
    assert not looks_like_mail(text)
    body = extract_order_text(text)
    assert body.text == "Partie 227 Spieler 2 Kennwort xyz\n2: 1 PDU"
    assert body.source == "text"
    assert (body.subject, body.message_id) == ("", None)


def test_plain_bytes_input_is_decoded() -> None:
    body = extract_order_text("Kröte: 5 €\r\nCrab: 1\r\n".encode("cp1252"))
    assert body.text == "Kröte: 5 €\nCrab: 1"
    assert body.source == "text"
    assert body.notes == ["no charset: read as cp1252"]


def test_plain_text_input_is_cleaned() -> None:
    body = extract_order_text(f"Crab: 1\n> old\n{PRINTOUT}\n", PRINTOUT_HEADINGS)
    assert body.text == "Crab: 1"
    assert body.cut_at == "printout"


@pytest.mark.parametrize(
    "data",
    [
        b"From: a@b.de\r\nSubject: x\r\n\r\nbody",
        "Received: from x\n\tby y\nMIME-Version: 1.0\n\nbody",
        b"From max@x.de Tue Mar 12 18:00:00 2024\nFrom: max@x.de\n\nbody",
        b"Subject: only headers",
        b"X-Custom: 1\nContent-Type: text/plain\n\nbody",
        "Subject: Åse\n\nbody".encode(),
    ],
)
def test_looks_like_mail_true(data: bytes | str) -> None:
    assert looks_like_mail(data)


@pytest.mark.parametrize(
    "data",
    [
        "Partie 227 Spieler 2 Kennwort xyz\n2: 1 PDU",
        "Crab: 1 PDU\n10: 2 FI\n\nmore",
        "Subject: Befehle\nPartie 227 Spieler 2\n",
        "\nFrom: a@b.de\n\nbody",
        " From: a@b.de\n\nbody",
        b"",
        b"\xff\xfe\x00garbage",
    ],
)
def test_looks_like_mail_false(data: bytes | str) -> None:
    assert not looks_like_mail(data)


def test_looks_like_mail_with_huge_header_block() -> None:
    data = b"From: a@b.de\r\n" + b"Received: from x by y\r\n" * 5000 + b"\r\nbody"
    assert looks_like_mail(data)
    assert extract_order_text(data).text == "body"


# ------------------------------------------------------------------------------- properties

FUZZ = settings(
    max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
HEADS = st.sampled_from(
    [
        b"From: a@b.de\r\n",
        b"From: a@b.de\r\nContent-Type: text/html; charset=utf-8\r\n",
        b"Content-Type: multipart/mixed; boundary=XX\r\n",
        b"Content-Type: multipart/alternative; boundary=XX\r\n"
        b"Content-Transfer-Encoding: base64\r\n",
        b"Content-Type: text/plain; format=flowed; delsp=yes; charset=utf-7\r\n"
        b"Content-Transfer-Encoding: quoted-printable\r\n",
        b"Content-Type: message/rfc822\r\n",
    ]
)
PIECES = st.sampled_from(
    [
        b"--XX\r\n",
        b"--XX--\r\n",
        b"\r\n",
        b"Content-Type: text/html\r\n",
        b"Content-Type: text/plain; charset=utf-16\r\n",
        b"Content-Type: message/rfc822\r\n",
        b"Content-Transfer-Encoding: base64\r\n",
        b"Content-Disposition: attachment; filename*=utf-8''%FF\r\n",
        b"From: =?utf-8?q?a=0D=0Ab?= <x@y>\r\n",
        b"<blockquote><div class=gmail_quote><pre><td><h2></div>",
        b'<div id="divRplyFwdMsg">',
        b"Am 1.2.2024 um 1:00 schrieb X <a@b>:\r\n> q\r\n",
        b"-- \r\n",
        b"=C3=BC=\r\n",
        b"\x00\x85\xff\r",
    ]
)
MAILISH = st.tuples(HEADS, st.lists(PIECES | st.binary(max_size=12), max_size=25))


@FUZZ
@given(st.binary())
def test_never_raises_on_bytes(data: bytes) -> None:
    assert_clean(extract_order_text(data))
    assert_clean(extract_order_text(b"From: a@b.de\r\n\r\n" + data))


@FUZZ
@given(st.text())
def test_never_raises_on_text(text: str) -> None:
    assert_clean(extract_order_text(text))
    assert_clean(extract_order_text(f"From: {text}\nSubject: {text}\n\n{text}"))
    out, notes, _ = clean_text(text)
    assert "\r" not in out and "\x00" not in out
    assert all(isinstance(note, str) for note in notes)


@FUZZ
@given(MAILISH)
def test_never_raises_on_mail_shaped_input(parts: tuple[bytes, list[bytes]]) -> None:
    head, body = parts
    raw = head + b"\r\n" + b"".join(body)
    assert_clean(extract_order_text(raw))
    assert_clean(extract_order_text(raw.decode("latin-1")))


ORDER_LINE = st.text(alphabet="abcxyzKröte0123456789 :,/()", max_size=30)


@FUZZ
@given(st.lists(ORDER_LINE, max_size=20))
def test_order_lines_keep_their_numbers(lines: list[str]) -> None:
    out, _, cut_at = clean_text("\n".join(lines))
    expected = [line.rstrip() for line in lines]
    while expected and not expected[-1]:
        expected.pop()
    assert (out.split("\n") if out else []) == expected
    assert cut_at is None


@FUZZ
@given(st.lists(ORDER_LINE, max_size=10), st.lists(ORDER_LINE, max_size=10))
def test_quoted_block_keeps_following_numbers(before: list[str], after: list[str]) -> None:
    lines = [*before, "> quoted", "> more", *after]
    out = clean_text("\n".join(lines))[0].split("\n")
    kept = [line.rstrip() for line in after]
    if any(kept):
        last = max(i for i, line in enumerate(kept) if line)
        assert out[len(before) + 2 + last] == kept[last]


@pytest.mark.timeout(60)  # a safety net; the bound is what the header parsers are given
def test_a_huge_subject_of_encoded_words_is_read_cheaply(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stranger's 300 kB Subject of encoded words is decoded in bounded memory (the
    standard decoding took the server to 1.9 GB): no header parser is given more than
    its first HEADER_MAX characters (the time it takes is in tests/bench/bench_mailbody.py)."""
    import resource
    import sys

    mailbody = sys.modules[extract_order_text.__module__]  # wherever the module lives
    parsed: list[int] = []
    registry, decode_header = mailbody._RepeatedHeaders.__call__, mailbody.decode_header

    def by_registry(self: Any, name: str, value: str) -> Any:
        parsed.append(len(value))
        return registry(self, name, value)

    def by_decode_header(text: str) -> Any:
        parsed.append(len(text))
        return decode_header(text)

    monkeypatch.setattr(mailbody._RepeatedHeaders, "__call__", by_registry)
    monkeypatch.setattr(mailbody, "decode_header", by_decode_header)
    words = ("=?utf-8?q?" + "a" * 60 + "?= ") * 5000
    raw = f"From: x@example.org\r\nSubject: {words}\r\nMessage-ID: <a@b>\r\n\r\nHallo\r\n"
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    body = extract_order_text(raw.encode())
    assert parsed and max(parsed) <= 2_000  # HEADER_MAX, not the 300 kB sent
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 200_000  # kB
    assert body.subject.startswith("aaa") and len(body.subject) < 3_000
    assert body.text == "Hallo"


def test_a_short_header_is_parsed_once_and_reads_as_the_standard_one() -> None:
    from email import policy
    from email.headerregistry import ContentTypeHeader

    from mailserver.inbound.mailbody import _RepeatedHeaders

    headers = _RepeatedHeaders()
    value = 'text/plain; charset="utf-8"; format=flowed'
    first = headers("Content-Type", value)
    assert headers("Content-Type", value) is first
    standard = policy.default.header_factory("Content-Type", value)
    assert isinstance(first, ContentTypeHeader) and isinstance(standard, ContentTypeHeader)
    assert (str(first), first.content_type, dict(first.params)) == (
        str(standard),
        standard.content_type,
        dict(standard.params),
    )
    long = "x" * (_RepeatedHeaders.SHORT + 1)
    assert headers("Subject", long) is not headers("Subject", long)
