"""A third language is files, not code (docs/texts.md): a pseudo-locale ``xx``, derived
from the English catalogs, is written to ``pbem_locales/<package>.xx.po`` in a temporary
directory put on ``PYTHONPATH``; a fresh process of the unchanged code then runs a game
with a player who reads ``xx``: the host's mails, the acknowledgement of his orders and
his printout come out in it."""

from __future__ import annotations

import json
import os
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]

_VOWELS = str.maketrans("aeiouAEIOU", "åëïøůÅËÏØŮ")


def pseudo(text: str) -> str:
    """English with its vowels marked (``Orders`` -> ``Ørdërs``); placeholders, their
    format specs and doubled braces stay as they are."""
    out = []
    for literal, name, spec, conversion in string.Formatter().parse(text):
        out.append(literal.translate(_VOWELS).replace("{", "{{").replace("}", "}}"))
        if name is not None:
            out.append(
                "{"
                + name
                + (f"!{conversion}" if conversion else "")
                + (f":{spec}" if spec else "")
                + "}"
            )
    return "".join(out)


def write_pseudo_locale(directory: Path) -> list[str]:
    """``directory/pbem_locales/<package>.xx.po`` for every package with an English
    catalog; the packages, dotted."""
    target = directory / "pbem_locales"
    target.mkdir()
    packages = []
    for english in sorted(ROOT.glob("*/**/locale/en.po")):
        package = ".".join(english.parent.parent.relative_to(ROOT).parts)
        with english.open("rb") as f:
            source = read_po(f)
        catalog = Catalog(locale=None)
        for message in source:
            if isinstance(message.string, tuple):  # a plural: each form
                catalog.add(message.id, tuple(pseudo(form) for form in message.string))
            elif message.id:
                catalog.add(message.id, pseudo(str(message.string)))
        with (target / f"{package}.xx.po").open("wb") as f:
            write_po(f, catalog)
        packages.append(package)
    return packages


def test_the_pseudo_locale_keeps_placeholders() -> None:
    assert (
        pseudo("Orders for turn {turn:>3} ({x!r}) {{}}") == "Ørdërs før tůrn {turn:>3} ({x!r}) {{}}"
    )


# Runs in the fresh process: a game of two on SQLite, player 1 reading "xx".
_GAME = r"""
import json, sys
from datetime import UTC, datetime
from sqlmodel import col, select
from db.models import Outbox
from db.session import make_engine, transaction, upgrade
from grammar import gm as gm_language
from mailserver.common.catalog import languages
from mailserver.common.terms import HostTerms
from mailserver.gm import operations as gm
from mailserver.inbound.intake import IntakeConfig, process_mail
from tests.factories import order_mail

url = "sqlite:///" + sys.argv[1]
upgrade(url)
engine = make_engine(url)
now = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)
terms = HostTerms(from_address="ashes@example.org")
seats = [
    gm.SeatSpec(seat=1, address="xena@example.org", language="xx"),
    gm.SeatSpec(seat=2, address="dora@example.org", language="de"),
]
with transaction(engine) as session:
    gm.create_game(
        session, kind="ashes", number=7, gm_address="gm@example.org",
        gm_password="lang-sam-geheim", seats=seats, now=now,
    )
    passwords = gm.start_game(session, 7, terms.at(now))
raw = order_mail("xena@example.org", f"Game 7 Player 1 Password {passwords[1]}\nHP = 1\nfoo bar")
with transaction(engine) as session:
    process_mail(session, raw, config=IntakeConfig(terms))
with transaction(engine) as session:
    mails = [
        {"to": m.to_address, "kind": m.kind.value, "subject": m.subject, "body": m.body}
        for m in session.exec(select(Outbox).order_by(col(Outbox.id)))
    ]
standby = gm_language.parse("Game 7 GM Password x\nStand-by zoe@example.org xx").commands
print(json.dumps({"languages": languages(), "mails": mails, "standby": standby[0].language}))
"""


@pytest.mark.slow  # a whole game in a child process
def test_a_third_language_is_only_files(tmp_path: Path) -> None:
    packages = write_pseudo_locale(tmp_path)
    assert {"mailserver.common", "engine.ashes", "grammar"} <= set(packages)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)]),
    }
    done = subprocess.run(
        [sys.executable, "-c", _GAME, str(tmp_path / "game.sqlite3")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout.splitlines()[-1])
    assert said["languages"] == ["de", "en", "xx"]
    assert said["standby"] == "xx"  # a GM may name the new language in a command
    xena = [m for m in said["mails"] if m["to"] == "xena@example.org"]
    dora = [m for m in said["mails"] if m["to"] == "dora@example.org"]
    printout, ack = xena[0], xena[-1]
    # The host's mail around the printout, and the game's printout itself.
    assert printout["kind"] == "printout"
    assert printout["subject"] == "Gåmë 7 tůrn 0: prïntøůt før plåyër 1"
    assert "=== Prïntøůt gåmë 7 tůrn 0 ===" in printout["body"]
    assert "Flëët øvërvïëw øf" in printout["body"]
    # The acknowledgement: the host's words, the game's description of the order, the
    # order language's note on a line it did not read, the deadline in the catalog's form.
    assert ack["kind"] == "ack"
    assert ack["subject"].startswith("Ørdërs rëcëïvëd – gåmë 7, plåyër 1, tůrn 1")
    assert "Hømë plånët: 1 (Earth)" in ack["body"]
    assert "å sëntëncë ør å sïgnåtůrë" in ack["body"]
    assert "Dëådlïnë før tůrn 1: Møn 16 Nov 2026, 18:00" in ack["body"]
    # The German reader of the same game is not touched.
    assert dora and all("å" not in m["body"] for m in dora)
    assert any("=== Auswertung Partie 7 Runde 0 ===" in m["body"] for m in dora)
