"""``pbem demo`` end to end: a short bot game by mail on each kind of local mail stack,
and a new user joining in with mutt and as the GM on the command line."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from email.message import EmailMessage
from pathlib import Path
from random import Random

import pytest
from sqlmodel import col, func, select
from typer.testing import CliRunner

from db import repo
from db.models import Game, InboundMail, InboundStatus, Outbox, OutboxKind, OutboxStatus, Player
from db.session import make_engine, transaction
from engine.dice import seal
from mailserver.app.cli.main import app as pbem
from mailserver.app.demo import (
    DemoConfig,
    DemoResult,
    _orders,
    player_address,
    run_demo,
    summary,
)
from mailserver.app.localmail import dovecot_available
from mailserver.app.localmail.maildir import read_maildir
from mailserver.common.kinds import game_kind
from mailserver.outbound.smtp import Attachment
from tests.wdw.helpers import sample

pytestmark = pytest.mark.slow  # whole games by mail, turns on the clock


def check_the_dice(directory: Path, *, seats: int, turns: int) -> int:
    """Every printout of the demo carries the next turn's seal, the next printout reveals
    that turn's dice under that seal, and ``pbem dice verify`` finds that every roll
    checks, in the text and in the JSON twin. The rolls the players saw, counted."""
    engine = make_engine(f"sqlite:///{directory / 'pbem.sqlite3'}")
    with transaction(engine) as session:
        rows = session.exec(
            select(Outbox, Player)
            .join(Player, col(Outbox.player_id) == col(Player.id))
            .where(Outbox.kind == OutboxKind.PRINTOUT)
        ).all()
        printouts = {(player.seat, row.turn): row for row, player in rows}
        seals = {t: seal(repo.dice_secret(session, 1, t) or "?") for t in range(1, turns + 2)}
    engine.dispose()
    assert set(printouts) == {(s, t) for s in range(1, seats + 1) for t in range(turns + 1)}
    seen = 0
    for (seat, turn), row in sorted(printouts.items()):
        assert f"Würfelsiegel Runde {turn + 1}: {seals[turn + 1]}" in row.body, (seat, turn)
        if turn == 0:
            continue  # nothing rolled before the game
        assert f"Siegel: {seals[turn]}" in row.body  # the seal the turn before published
        text = directory / f"printout-{seat}-{turn}.txt"
        text.write_text(row.body)
        twin = directory / f"printout-{seat}-{turn}.json"
        json_file = next(a for a in row.attachments or [] if a["filename"].endswith(".json"))
        twin.write_bytes(Attachment.from_json(json_file).data)
        for path in (text, twin):
            answer = CliRunner().invoke(pbem, ["dice", "verify", str(path), "--json"])
            verdict = json.loads(answer.output)
            assert answer.exit_code == 0 and verdict["ok"], (path, answer.output)
        seen += verdict["rolls"]
    return seen


async def play_embedded_demo(kind: str, players: int | None, turns: int) -> DemoResult:
    """A quiet demo game of ``kind`` by mail on the embedded stack, in a new directory under
    /tmp (``result.directory``), 3-second turns; the game stands at ``turns`` after it."""
    directory = Path(tempfile.mkdtemp(prefix=f"pbem-demo-{kind}-"))
    directory.chmod(0o755)
    config = DemoConfig(
        directory=directory,
        kind=kind,
        players=players,
        turns=turns,
        turn_seconds=3,
        embedded=True,
        say=lambda line: None,
    )
    result = await run_demo(config)
    engine = make_engine(f"sqlite:///{directory / 'pbem.sqlite3'}")
    with transaction(engine) as session:
        game = session.exec(select(Game)).one()
        assert (game.kind, game.turn) == (kind, turns)
    engine.dispose()
    return result


KINDS = ["embedded", *(["dovecot"] if dovecot_available() else [])]


@pytest.mark.parametrize("kind", KINDS)
async def test_the_demo_plays_a_game_by_mail(kind: str) -> None:
    # Under /tmp, not pytest's tmp_path: Dovecot's mail user must be able to enter it.
    directory = Path(tempfile.mkdtemp(prefix="pbem-demo-test-"))
    directory.chmod(0o755)
    said: list[str] = []
    config = DemoConfig(
        directory=directory,
        players=3,
        turns=2,
        turn_seconds=3,
        embedded=kind == "embedded",
        say=said.append,
    )
    result = await run_demo(config)
    assert result.mail_kind == kind
    # Turn 0, 1 and 2 printouts for all three; player 3 skipped turn 2 (an NMR).
    engine = make_engine(f"sqlite:///{directory / 'pbem.sqlite3'}")
    with transaction(engine) as session:
        game = session.exec(select(Game)).one()
        assert game.turn == 2
        printouts = session.exec(
            select(Outbox.to_address, func.count(col(Outbox.id)))
            .where(Outbox.kind == OutboxKind.PRINTOUT, Outbox.status == OutboxStatus.SENT)
            .group_by(col(Outbox.to_address))
        ).all()
        assert dict(printouts) == {player_address(seat): 3 for seat in (1, 2, 3)}
        processed = session.exec(
            select(func.count(col(InboundMail.id))).where(
                InboundMail.status == InboundStatus.PROCESSED
            )
        ).one()
        assert processed == 3 + 2  # every order mail the bots sent, once
    engine.dispose()
    # Every player's mailbox holds the printouts and acks, read from disk after the stop.
    assert result.mail_counts[player_address(1)] >= 3 + 2
    assert "=== Auswertung Partie 1 Runde 2 ===" in result.last_printout
    text = summary(result)
    assert str(directory) in text and player_address(1) in text
    # The printouts carry the map and the JSON twin, the summary gives the links.
    assert sorted(result.printout_files) == ["karte-1-2-1.png", "report-1-2-1.json"]
    assert [whose for whose, _ in result.links] == ["public", "GM", *map(player_address, (1, 2, 3))]
    assert all(url.startswith("http://127.0.0.1:") for _, url in result.links)
    assert result.links[0][1] in text and result.links[2][1] in text
    assert any("Turn 2 evaluated" in line for line in said)
    check_the_dice(directory, seats=3, turns=2)
    shutil.rmtree(directory, ignore_errors=True)


async def test_the_demo_plays_starweb_with_every_character() -> None:
    result = await play_embedded_demo("starweb", 6, 3)
    directory = result.directory
    engine = make_engine(f"sqlite:///{directory / 'pbem.sqlite3'}")
    with transaction(engine) as session:
        seats = session.exec(select(Player).order_by(col(Player.seat))).all()
        assert [p.seat_fields["character"] for p in seats if p.seat_fields] == [
            "Reichsgründer",
            "Händler",
            "Pirat",
            "Kunstsammler",
            "Berserker",
            "Apostel",
        ]
    engine.dispose()
    assert "[THRAWN]" in result.last_printout  # spieler1's code name heads his printout
    assert sorted(result.printout_files) == ["karte-1-3-1.png", "report-1-3-1.json"]
    assert str(directory) in summary(result)
    assert check_the_dice(directory, seats=6, turns=3) > 0
    shutil.rmtree(directory, ignore_errors=True)


MUTT = shutil.which("mutt")
PBEM = Path(sys.executable).with_name("pbem")


def _without_pbem_settings() -> dict[str, str]:
    """This process's environment without PBEM_* (a new user's shell has none)."""
    return {name: value for name, value in os.environ.items() if not name.startswith("PBEM_")}


DEMO_OPTIONS = ["--players", "2", "--turns", "1", "--turn-seconds", "3", "--keep-running"]


class Demo:
    """``pbem demo --keep-running`` in a process of its own, as a user starts it; its
    output read line by line in the background."""

    def __init__(self, directory: Path) -> None:
        self.lines: list[str] = []
        self.process = subprocess.Popen(
            [str(PBEM), "demo", "--dir", str(directory), *DEMO_OPTIONS],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=_without_pbem_settings(),
        )
        assert self.process.stdout is not None
        stdout = self.process.stdout
        self._reader = threading.Thread(target=lambda: self.lines.extend(stdout), daemon=True)
        self._reader.start()

    def wait_for(self, text: str, timeout: float = 180) -> str:
        """The output so far, once a line holds ``text``."""
        give_up = time.monotonic() + timeout
        while not any(text in line for line in self.lines):
            assert self.process.poll() is None, "".join(self.lines)
            assert time.monotonic() < give_up, "".join(self.lines)
            time.sleep(0.2)
        return "".join(self.lines)

    def stop(self) -> int:
        """Ctrl-C, as the summary says; the exit code."""
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(60)
        finally:
            self.process.kill()
            self._reader.join(5)


def acks_to(maildir: Path, message_id: str) -> list[EmailMessage]:
    """The mails in a Maildir that answer ``message_id``."""
    return [mail for mail in read_maildir(maildir) if mail["In-Reply-To"] == message_id]


def test_a_new_user_plays_seat_1_with_the_printed_mutt_command_and_is_gm_in_the_folder(
    tmp_path: Path,
) -> None:
    # The demo's printed mutt command opens seat 1 and a reply sent from mutt is
    # acknowledged; `pbem gm status` in the demo folder works without options, and
    # `pbem gm web-link` there names the demo's live web port.
    if MUTT is None:
        pytest.fail("mutt is not installed: apt-get install -y mutt (docs/testing.md)")
    directory = Path(tempfile.mkdtemp(prefix="pbem-demo-mutt-"))
    directory.chmod(0o755)  # Dovecot's mail user enters it (under /tmp, not tmp_path)
    demo = Demo(directory)
    try:
        said = demo.wait_for("Ctrl-C stops them")
        (command,) = re.findall(r"^  (mutt -F \S+spieler1\.muttrc)$", said, re.MULTILINE)
        muttrc = Path(command.split()[-1])
        assert muttrc.parent == directory / "mutt" and muttrc.stat().st_mode & 0o077 == 0
        assert "GM password demo-spielleiter" in said
        passwords = said.split("Game passwords the server mailed to the players:")[1]
        password = re.findall(r"^  spieler1@demo\.pbem +(\S+)$", passwords, re.MULTILINE)[0]
        (maildir,) = re.findall(r"spieler1@demo\.pbem +password \S+ +\(on disk: (.+)\)", said)
        printout = read_maildir(Path(maildir))[-1]

        # mutt in batch mode, with the printed command's muttrc: a reply to the last
        # printout (its subject, In-Reply-To and the printout quoted below the orders).
        message_id = f"<mutt-reply-{os.getpid()}@demo.pbem>"
        draft = tmp_path / "reply.eml"
        body = printout.get_body(preferencelist=("plain",))
        assert body is not None
        quoted = "\n".join("> " + line for line in str(body.get_content()).splitlines())
        draft.write_text(
            f"To: pbem@demo.pbem\nSubject: Re: {printout['Subject']}\n"
            f"In-Reply-To: {printout['Message-ID']}\nMessage-ID: {message_id}\n\n"
            f"Partie 1 Spieler 1 Kennwort {password}\nFertig\n\n"
            f"On a turn, pbem@demo.pbem wrote:\n{quoted}\n"
        )
        home = tmp_path / "home"
        home.mkdir()
        sent = subprocess.run(
            [*shlex.split(command), "-H", str(draft)],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
            env={**_without_pbem_settings(), "HOME": str(home), "LC_ALL": "C.UTF-8"},
        )
        assert sent.returncode == 0, sent.stderr + sent.stdout
        give_up = time.monotonic() + 60
        while not acks_to(Path(maildir), message_id):
            assert time.monotonic() < give_up, "no acknowledgement of the mutt reply"
            time.sleep(0.3)
        (ack,) = acks_to(Path(maildir), message_id)
        assert ack["Subject"].startswith("Befehle erhalten")

        # The GM's commands in the demo folder, without options, reach the demo's game.
        def pbem_here(*args: str) -> subprocess.CompletedProcess[str]:
            done = subprocess.run(
                [str(PBEM), *args],
                cwd=directory,
                capture_output=True,
                text=True,
                timeout=120,
                env=_without_pbem_settings(),
            )
            assert done.returncode == 0, done.stderr + done.stdout
            return done

        status = pbem_here("gm", "status", "1")
        assert status.stdout.startswith("Partie 1 (ashes)")
        assert "Spieler 1 spieler1@demo.pbem  Befehle da" in status.stdout
        assert f"{directory / 'pbem.sqlite3'} (aus pbem.toml in diesem Ordner)" in status.stderr
        link = pbem_here("gm", "web-link", "1", "0").stdout.strip()
        assert f"  GM{' ' * 26} {link}" in said
        with urllib.request.urlopen(link, timeout=30) as page:
            assert page.status == 200
    finally:
        code = demo.stop()
    assert code == 0, "".join(demo.lines)
    shutil.rmtree(directory, ignore_errors=True)


def test_the_bots_mails_name_only_seats_the_game_has() -> None:
    """Of three realms (Welt der Waben's sample world), a bot's secret or dispatch goes
    to a seat that exists and speaks of one."""
    players = 3
    said = []
    for turn in (1, 2, 3):
        for seat in range(1, players + 1):
            text = _orders(
                game_kind("wdw"), sample(players), seat, "geheim", Random(turn), turn, players
            )
            said += (text or "").splitlines()[1:]
    named = [int(n) for line in said for n in re.findall(r"\b(?:Spieler|an) (\d+)\b", line)]
    assert "Geheim an 3" in said and len(named) >= 4
    assert all(1 <= n <= players for n in named), named
