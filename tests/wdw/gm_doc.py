"""The month that docs/gm-wdw.md shows: the sample scenario's game 7 played through the
real intake, giving the dossier (section 2) and the reply to the GM's ruling mail
(section 3) as the server writes them. ``test_gm_doc.py`` compares them with the doc's
code blocks; after a change to what the server writes, regenerate the blocks with

    .venv/bin/python -m tests.wdw.gm_doc --regen
"""

from __future__ import annotations

import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session

from db.models import OutboxKind
from db.session import make_engine, transaction
from mailserver.gm import operations as gm
from mailserver.inbound.intake import process_mail
from tests.dbfixtures import temporary_database
from tests.factories import order_mail
from tests.life.helpers import CONFIG, GM, START, TERMS, address, create, outbox
from tests.life.test_shapes import mail, run

DOC = Path(__file__).resolve().parents[2] / "docs" / "gm-wdw.md"
NUMBER = 7
ORDERS = {
    1: "101 KA 1/19 1/20\n601 GI4 Ziel: Tharnburg\nBaue Guru stv +1\n",
    2: "101 KV 1/21 1/20\nSonderbefehl 102: Die Brücke bei 1/21 abbrechen\n",
}
"""The realms' order mails (below their header line): Isyrial attacks along the road and
sends a spy, Tharn defends and asks for a Sonderbefehl."""
PASSWORD = "spielleiter"
RULING = (
    "Entscheid\n"
    "K1 Sieger A; Verluste 1/101 -120, 2/101 -500\n"
    "G1 Chance 35; entdeckt nein\n"
    "Ende\n"
    "Korrektur Schatz 2 +2000 Grund: Tribut aus dem Vormonat vergessen\n"
)
"""The GM's ruling mail of section 3 (below its header line)."""


@dataclass(frozen=True)
class DocMonth:
    """What the doc shows of the month, each as its code block holds it."""

    dossier: str
    ruling_mail: str
    reply: str


def _header(who: str) -> str:
    return f"Partie {NUMBER} {who} Kennwort"


def play(engine: Engine) -> DocMonth:
    """Game 7 of the sample scenario (two realms) on the empty database of ``engine``:
    the orders mailed, the ZAT run, the GM's ruling mailed; the texts the doc shows."""
    with transaction(engine) as session:
        seats = [gm.SeatSpec(seat, address(seat)) for seat in sorted(ORDERS)]
        game = create(session, NUMBER, kind="wdw", seats=seats, every_days=7, seed=5)
        game_id = game.id or 0
        passwords = gm.start_game(session, NUMBER, TERMS.at(START))
    for seat, orders in ORDERS.items():
        mail(engine, seat, passwords[seat], orders, NUMBER)
    assert run(engine, game_id).status == "adjudicating"
    with Session(engine) as session:
        (notice,) = [o for o in outbox(session, OutboxKind.NOTICE, 1) if o.to_address == GM]
    # The doc shows the dossier itself, not the mail's opening words about it.
    dossier = notice.body[notice.body.index(f"Dossier Partie {NUMBER},") :]
    text = f"{_header('Spielleiter')} {PASSWORD}\n{RULING}"
    with transaction(engine) as session:
        outcome = process_mail(session, order_mail(GM, text), config=CONFIG, now=START)
        (reply,) = [o for o in outbox(session) if o.id in outcome.outbox_ids]
    return DocMonth(
        dossier=dossier.rstrip("\n"),
        # The doc does not print a password.
        ruling_mail=f"{_header('Spielleiter')} …\n{RULING}".rstrip("\n"),
        reply=reply.body.rstrip("\n"),
    )


_FENCE = re.compile(r"^```\n(.*?)\n```$", re.S | re.M)
BLOCKS = (
    ("## 2. The dossier", 0, "dossier"),
    ("## 3. Ruling by mail", 0, "ruling_mail"),
    ("## 3. Ruling by mail", 1, "reply"),
)
"""Where each text stands in the doc: its section's heading, the code block's index in
that section, the field of :class:`DocMonth`."""


def _span(doc: str, heading: str, index: int) -> tuple[int, int]:
    """Where the text of the ``index``-th code block under ``heading`` starts and ends."""
    start = doc.index(f"\n{heading}\n")
    end = doc.find("\n## ", start + 1)
    fences = list(_FENCE.finditer(doc, start, len(doc) if end < 0 else end))
    return fences[index].span(1)


def shown(doc: str) -> DocMonth:
    """The code blocks of the doc's month."""
    texts = {field: doc[slice(*_span(doc, heading, n))] for heading, n, field in BLOCKS}
    return DocMonth(**texts)


def regenerated(doc: str, month: DocMonth) -> str:
    """``doc`` with its month's code blocks replaced by ``month``'s texts."""
    for heading, n, field in BLOCKS:
        start, end = _span(doc, heading, n)
        doc = doc[:start] + getattr(month, field) + doc[end:]
    return doc


def main(argv: list[str]) -> int:
    """``--regen``: write the month as the server writes it now into docs/gm-wdw.md."""
    if argv != ["--regen"]:
        print("usage: python -m tests.wdw.gm_doc --regen", file=sys.stderr)
        return 2
    with (
        tempfile.TemporaryDirectory() as folder,
        temporary_database("sqlite", Path(folder)) as url,
    ):
        engine = make_engine(url)
        try:
            month = play(engine)
        finally:
            engine.dispose()
    DOC.write_text(regenerated(DOC.read_text(encoding="utf-8"), month), encoding="utf-8")
    print(f"{DOC}: regenerated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
