"""Golden files of everything the host mails in seeded games, and the recorder.

Four games are played through the host, each on a fresh SQLite database migrated to the
newest schema, with the functions its mail poller, scheduler and sender call: an Ashes
of Empire game and a Starweb game of four seats each and an Ashes board game of three,
German and English players mixed, three turns, and a Spacewar game of two seats (German,
English), its setup step and two rounds. The GM creates each game (``gm.create_game``,
as ``pbem gm create`` does) and starts it by mail; from then on every order goes in as a
mail through the intake (``process_mail``, as the IMAP poller hands a mail over), written
by the kind's bots with fixed seeds; reminders go out and the turns run at the deadlines
of a simulated clock. Every mail the host puts in the outbox is recorded as the sender
builds it (``OutboxMail.message``): its headers, the SHA-256 of its wire form
(``flatten``), its text as the player reads it and its files (the JSON twin as its
SHA-256 and indented, the PNG map as its SHA-256, which is byte-stable from run to run
here). ``Step`` (what the recorder did), ``Outbox-Kind`` and ``Turn`` (the outbox row's
columns) are not mailed; they say which mail it is. At the end the offline printouts of
``pbem KIND report`` of the last turn are recorded too.

Each mail becomes one file ``tests/data/golden/<kind>/NNN-<slug>.txt``; ``index.txt``
beside them lists them. tests/golden/test_golden_printouts.py plays the games again and
compares. Record again (only when a change of what players read is intended, and review
the diff)::

    python -m tests.golden.record            # every game
    python -m tests.golden.record starweb    # one

Only what is inherently variable is replaced by a placeholder (:class:`_Normaliser`):

* the Message-IDs the host makes (``uuid4``), numbered in order of appearance, so that
  a reply's In-Reply-To/References still show which mail it answers (the players'
  Message-IDs are fixed by the recorder and stay as they are);
* the players' passwords (``secrets``), named by seat: ``<password of seat 2>``;
* a Date header only if a mail were stamped by the wall clock rather than the game's
  simulated clock (none is, at the time of recording).

The page links in the Starweb printouts stay: their tokens are HMACs of a fixed key.
Everything else, the texts and the subjects above all, is compared byte for byte.

Every import of the host (``mailserver``) for tests/golden is at the top of this file.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from random import Random

from sqlalchemy import Engine
from sqlmodel import Session, col, select
from typer.testing import CliRunner

from config.settings import SmtpSettings, WebSettings
from db import passwords as password_hashing
from db import repo
from db.models import Game, Outbox, Player
from db.session import make_engine, transaction
from engine.registry import kind as game_kind
from mailserver.app.cli.main import app as pbem_cli

# Every import of the host (mailserver/...) is here and nowhere else in tests/golden: the
# refactor moves these modules, and only these lines should need to follow.
from mailserver.common.terms import HostTerms
from mailserver.gm import operations as gm
from mailserver.inbound.intake import IntakeConfig, process_mail
from mailserver.outbound.outbox import OutboxMail
from mailserver.outbound.smtp import flatten
from mailserver.turns import sealing
from mailserver.turns.mails import send_reminders
from mailserver.turns.run import run_turn
from tests.dbfixtures import temporary_database
from tests.factories import QUICK_HASHING, order_mail

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden"
KINDS = ("ashes", "starweb", "ashes-board", "spacewar")
INDEX = "index.txt"

FROM = "pbem@example.org"
FROM_NAME = SmtpSettings().from_name
GM_ADDRESS = "gm@example.org"
GM_PASSWORD = "golden-spielleiter"
STRANGER = "stranger@example.net"
START = datetime(2027, 2, 1, 9, 0, tzinfo=UTC)
"""The simulated clock starts on a Monday morning (the real one plays no part)."""
# Built unchecked: the links recorded were made with this key, shorter than a
# configuration may give (config.settings.WEB_SECRET_MIN_CHARS).
WEB = WebSettings.model_construct(
    enabled=True, base_url="https://pbem.example.org", secret="golden-links"
)
"""The Starweb game's printouts carry the page links: derived from this fixed key."""

HEADERS = ("From", "To", "Subject", "Date", "Message-ID", "In-Reply-To", "References")
HEADERS += ("Auto-Submitted",)
WALL_CLOCK = datetime(2000, 1, 1, tzinfo=UTC)
"""The Date of a mail stamped by the wall clock (and shown as ``<wall clock>``)."""

HEADER_DE = "Partie {game} Spieler {seat} Kennwort {password}"
HEADER_EN = "Game {game}, Player {seat}, Password {password}"


# ------------------------------------------------------------------ recorded mails


@dataclass(frozen=True)
class Recorded:
    """One golden file: its name (``NNN-slug.txt``) and its text."""

    name: str
    text: str


@dataclass
class _Normaliser:
    """Replaces what differs from run to run by stable placeholders (see the module doc)."""

    clock: set[datetime] = field(default_factory=set)
    """Every time the game's simulated clock showed: a Date from it is kept."""
    passwords: dict[str, str] = field(default_factory=dict)
    """Password -> its placeholder."""
    message_ids: dict[str, str] = field(default_factory=dict)

    def message_id(self, value: str) -> str:
        if value not in self.message_ids:
            domain = value.rsplit("@", 1)[-1].rstrip(">")
            self.message_ids[value] = f"<host-message-{len(self.message_ids) + 1}@{domain}>"
        return self.message_ids[value]

    def text(self, value: str) -> str:
        for secret, placeholder in self.passwords.items():
            value = value.replace(secret, placeholder)
        for msgid, placeholder in self.message_ids.items():
            value = value.replace(msgid, placeholder)
        return value


def _render(row: Outbox, seat: int | None, norm: _Normaliser, step: str) -> str:
    """One outbox mail as it goes out, built by the sender's own code, with the
    placeholders put in before it is built: its wire form is then the same from run to
    run too (the MIME boundary is made from the Message-ID), and its digest is kept."""
    if row.secret:
        norm.passwords.setdefault(row.secret, f"<password of seat {seat}>")
    mail = OutboxMail.of(row)
    stamped = mail.date in norm.clock
    mail = replace(
        mail,
        message_id=norm.message_id(mail.message_id),
        body=norm.text(mail.body),
        in_reply_to=None if mail.in_reply_to is None else norm.text(mail.in_reply_to),
        references=tuple(norm.text(r) for r in mail.references),
        date=mail.date if stamped else WALL_CLOCK,
    )
    message = mail.message(FROM, FROM_NAME)
    lines = [f"Step: {step}", f"Outbox-Kind: {row.kind.value}", f"Turn: {row.turn}"]
    for name in HEADERS:
        value = message.get(name)
        if value is not None:
            shown = str(value) if name != "Date" or stamped else "<wall clock>"
            lines.append(f"{name}: {shown}")
    lines.append(f"Content-Type: {message.get_content_type()}")
    lines.append(f"Wire-SHA256: {hashlib.sha256(flatten(message).data).hexdigest()}")
    body = message.get_body(("plain",))
    assert isinstance(body, EmailMessage)
    text = body.get_content()
    parts: list[str] = []
    for part in message.iter_attachments():
        assert isinstance(part, EmailMessage)
        data = part.get_payload(decode=True)
        assert isinstance(data, bytes)
        kind = part.get_content_type()
        head = f"--- attachment {part.get_filename()} ({kind})"
        digest = f"sha256: {hashlib.sha256(data).hexdigest()} ({len(data)} bytes)\n"
        if kind == "application/json":
            # The digest holds the bytes; the indented copy shows what changed.
            shown = json.dumps(json.loads(data), ensure_ascii=False, indent=1)
            parts.append(f"{head}\n{digest}{shown}\n")
        elif kind.startswith("text/"):
            parts.append(f"{head}\n{digest}{data.decode('utf-8')}\n")
        else:
            parts.append(f"{head}\n{digest}")
    return "\n".join(lines) + "\n\n--- text\n" + text + "".join("\n" + p for p in parts)


def _slug(row: Outbox) -> str:
    who = row.to_address.split("@", 1)[0]
    turn = "" if row.turn is None else f"-t{row.turn}"
    return re.sub(r"[^a-z0-9-]+", "-", f"{row.kind.value}{turn}-{who}".lower())


# ------------------------------------------------------------------ a hosted game


@dataclass
class _Table:
    """A game on the host's database, played on a simulated clock; records its mails."""

    engine: Engine
    kind: str
    number: int
    languages: dict[int, str]
    terms: HostTerms
    """What the host writes this game's mails with (the page links or none)."""
    headers: dict[int, str] = field(default_factory=dict)
    """Seat -> how its player names himself in the header (default: the seat number)."""
    now: datetime = START
    norm: _Normaliser = field(default_factory=_Normaliser)
    passwords: dict[int, str] = field(default_factory=dict)
    mails: list[Recorded] = field(default_factory=list)
    seen: int = 0
    """The highest outbox id recorded."""
    sent: int = 0
    """Mails sent to the host so far (their Message-IDs count up)."""

    def __post_init__(self) -> None:
        self.norm.clock.add(self.now)

    # -- the clock
    def at(self, when: datetime) -> None:
        self.now = when
        self.norm.clock.add(when)

    def later(self, delta: timedelta) -> None:
        self.at(self.now + delta)

    def game(self, session: Session) -> Game:
        game = repo.get_game_by_number(session, self.number)
        assert game is not None
        session.refresh(game)
        return game

    def deadline(self) -> datetime:
        with Session(self.engine) as session:
            when = self.game(session).next_deadline
        assert when is not None
        return when

    # -- mail
    def record(self, step: str) -> None:
        """Every mail the host put in the outbox since the last call."""
        with Session(self.engine) as session:
            rows = session.exec(
                select(Outbox).where(col(Outbox.id) > self.seen).order_by(col(Outbox.id))
            ).all()
            for row in rows:
                self.seen = max(self.seen, row.id or 0)
                player = session.get(Player, row.player_id) if row.player_id else None
                text = _render(row, player.seat if player else None, self.norm, step)
                number = len(self.mails) + 1
                self.mails.append(Recorded(f"{number:03d}-{_slug(row)}.txt", text))

    def mail(self, sender: str, text: str, step: str, subject: str = "Befehle") -> None:
        """``text`` mailed to the host by ``sender`` and taken in by the intake."""
        self.sent += 1
        msgid = f"<mail-{self.sent}@player.example>"
        raw = order_mail(sender, text, to=FROM, subject=subject, message_id=msgid)
        with transaction(self.engine) as session:
            process_mail(session, raw, config=IntakeConfig(self.terms), now=self.now)
        self.record(step)
        self.later(timedelta(minutes=7))

    def address(self, seat: int) -> str:
        return f"{self.kind}{self.number}-seat{seat}@example.org"

    def header(self, seat: int, password: str | None = None) -> str:
        template = HEADER_EN if self.languages[seat] == "en" else HEADER_DE
        return template.format(
            game=self.number,
            seat=self.headers.get(seat, seat),
            password=self.passwords[seat] if password is None else password,
        )

    def bot_orders(self, seat: int) -> list[str]:
        """The kind's bot's order lines for ``seat``, seeded by seat and turn."""
        kind = game_kind(self.kind)
        assert kind.bots is not None
        with Session(self.engine) as session:
            game = self.game(session)
            snapshot = repo.load_snapshot(session, game.id or 0, game.turn)
            assert snapshot is not None
            state = kind.engine.state_from_json(snapshot.state_data())
        return kind.bots.orders(state, seat, Random(1000 * self.number + 10 * game.turn + seat))

    def orders(self, seat: int, *, before: Sequence[str] = (), after: Sequence[str] = ()) -> None:
        lines = [self.header(seat), *before, *self.bot_orders(seat), *after]
        self.mail(self.address(seat), "\n".join(lines) + "\n", f"orders of seat {seat}")

    def gm_mail(self, *commands: str, step: str) -> None:
        text = f"Partie {self.number} Spielleiter Kennwort {GM_PASSWORD}\n" + "\n".join(commands)
        self.mail(GM_ADDRESS, text + "\n", step, subject="Spielleitung")

    # -- the GM and the deadlines
    def create(self, options: dict[str, object], fields: dict[int, dict[str, str]]) -> None:
        with transaction(self.engine) as session:
            gm.create_game(
                session,
                kind=self.kind,
                number=self.number,
                gm_address=GM_ADDRESS,
                gm_password=GM_PASSWORD,
                seats=[
                    gm.SeatSpec(seat, self.address(seat), lang, fields=fields.get(seat, {}))
                    for seat, lang in self.languages.items()
                ],
                options=options,
                every_days=7,
                seed=self.number * 7919,
                now=self.now,
            )
        self.record("create")

    def start(self) -> None:
        """The GM starts the game by mail; the players read their passwords."""
        self.gm_mail("Start", "Status", step="start by the GM")
        with Session(self.engine) as session:
            game = self.game(session)
            for player in repo.current_players(session, game.id or 0):
                row = session.exec(
                    select(Outbox)
                    .where(Outbox.player_id == player.id, Outbox.turn == 0)
                    .where(col(Outbox.secret).is_not(None))
                ).one()
                assert row.secret
                self.passwords[player.seat] = row.secret

    def remind(self, before_deadline: timedelta) -> None:
        self.at(self.deadline() - before_deadline)
        with transaction(self.engine) as session:
            send_reminders(session, self.game(session).id or 0, self.terms.at(self.now))
        self.record("reminders")

    def run(self) -> None:
        """The deadline passes: the turn runs."""
        self.at(self.deadline() + timedelta(minutes=1))
        with transaction(self.engine) as session:
            game = self.game(session)
            turn = game.turn + 1
            done = run_turn(session, game.id or 0, self.terms.at(self.now))
        assert done.status == "done", (done.status, done.reason)
        self.record(f"turn {turn} runs")
        self.later(timedelta(hours=2))

    # -- the offline printouts
    def offline_reports(self, views: Sequence[tuple[int, str]]) -> None:
        """``pbem KIND report`` of the last turn for each (seat, language)."""
        with Session(self.engine) as session:
            game = self.game(session)
            text = repo.snapshot_text(session, game.id or 0, game.turn)
            turn = game.turn
        assert text is not None
        runner = CliRunner()
        with tempfile.TemporaryDirectory() as folder:
            state = Path(folder) / "state.json"
            state.write_text(text, encoding="utf-8")
            for seat, lang in views:
                args = [self.kind, "report", str(state), "--player", str(seat), "--lang", lang]
                result = runner.invoke(pbem_cli, args)
                assert result.exit_code == 0, result.output
                number = len(self.mails) + 1
                head = f"Command: pbem {self.kind} report STATE --player {seat} --lang {lang}\n"
                head += f"Turn: {turn}\n\n--- stdout\n"
                name = f"{number:03d}-offline-report-t{turn}-seat{seat}-{lang}.txt"
                self.mails.append(Recorded(name, head + result.stdout))

    def finish(self) -> list[Recorded]:
        """The recorded files (the passwords replaced once more, should one have got
        where no placeholder went in before the mail was built)."""
        return [Recorded(m.name, self.norm.text(m.text)) for m in self.mails]


@contextmanager
def _database() -> Iterator[Engine]:
    with (
        tempfile.TemporaryDirectory(prefix="pbem-golden-") as folder,
        temporary_database("sqlite", Path(folder)) as url,
    ):
        engine = make_engine(url)
        try:
            yield engine
        finally:
            engine.dispose()


# ------------------------------------------------------------------ the games


def play_ashes(engine: Engine) -> list[Recorded]:
    """Ashes of Empire, game 301: four seats, German and English, three turns."""
    languages = {1: "de", 2: "en", 3: "de", 4: "en"}
    table = _Table(engine, "ashes", 301, languages, HostTerms(from_address=FROM))  # no links
    table.create({}, {})
    table.start()

    # Turn 1: a stranger writes; seat 1 sends a secret message and an article; seat 2
    # (English) an urgent dispatch and a note to the GM; seat 3 first a wrong password;
    # seat 4 a line nobody can read. Seat 3 is reminded and then sends.
    table.later(timedelta(hours=3))
    table.mail(STRANGER, "Hallo, wie kann ich mitspielen?\n", "a stranger writes", "Frage")
    table.orders(
        1,
        after=["Geheimnachricht an 2: Pakt gegen Spieler 3?", "Artikel", "Friede!", "Ende"],
    )
    table.orders(2, after=["Urgent dispatch to 1: Agreed.", "Message to the GM: Hello!"])
    table.mail(table.address(3), table.header(3, "falsch") + "\nHP = 20\n", "wrong password")
    table.orders(4, after=["Fly to the moon"])
    table.remind(timedelta(hours=47))
    table.later(timedelta(hours=1))
    table.orders(3, after=["Karte aus"])  # (fewer maps, see turn 2)
    table.run()

    # Turn 2: the GM mails news and a secret; seat 3 sends nothing (NMR); seat 1 switches
    # his map off too (fewer maps: each costs a fifth of a second); seat 4 marks his
    # orders final.
    table.gm_mail(
        "Nachricht", "Der Krieg beginnt.", "Ende", "Geheim an 2", "Nur für dich.", "Ende",
        step="GM news and a secret",
    )  # fmt: skip
    table.orders(1, after=["Karte aus"])
    table.orders(2)
    table.orders(4, after=["Final"])
    table.remind(timedelta(hours=11))
    table.run()

    # Turn 3: everybody again.
    for seat in (1, 2, 3, 4):
        table.orders(seat)
    table.run()
    table.offline_reports([(1, "de"), (2, "en"), (0, "de")])
    return table.finish()


STARWEB_FIELDS = {
    1: {"character": "Pirat", "code_name": "BORG"},
    2: {"character": "Merchant", "code_name": "THRAWN"},
    3: {"character": "Berserker", "code_name": "NECRON"},
    4: {"character": "Empire Builder", "code_name": "ASGARD"},
}
STARWEB_OPTIONS = {"worlds": 40, "black_holes": 1}


def play_starweb(engine: Engine) -> list[Recorded]:
    """Starweb, game 302: four seats under code names, German and English, three turns;
    the printouts carry the web links."""
    codes = {seat: f["code_name"] for seat, f in STARWEB_FIELDS.items()}
    languages = {1: "de", 2: "en", 3: "de", 4: "en"}
    terms = HostTerms(from_address=FROM, web=WEB)
    table = _Table(engine, "starweb", 302, languages, terms, headers=codes)
    table.create(dict(STARWEB_OPTIONS), STARWEB_FIELDS)
    table.start()

    # Turn 1: BORG sends THRAWN a secret by code name; THRAWN switches his map off;
    # ASGARD writes to the GM; NECRON is reminded, then sends.
    table.later(timedelta(hours=5))
    table.orders(1, after=["Geheim an THRAWN", "Treffen bei W7, allein.", "Ende"])
    table.orders(2, after=["Map off"])
    table.orders(4, after=["Message to the GM: Greetings from ASGARD."])
    table.remind(timedelta(hours=47))
    table.orders(3)
    table.run()

    # Turn 2: ASGARD sends nothing (NMR); NECRON switches his map off.
    table.orders(1)
    table.orders(2)
    table.orders(3, after=["Karte aus"])
    table.remind(timedelta(hours=11))
    table.run()

    # Turn 3: everybody; THRAWN wants his map again.
    table.orders(1)
    table.orders(2, after=["Map on"])
    table.orders(3)
    table.orders(4)
    table.run()
    table.offline_reports([(1, "de"), (2, "en"), (0, "en")])
    return table.finish()


def play_ashes_board(engine: Engine) -> list[Recorded]:
    """The Ashes board game, game 303: three seats of a free set-up, German and English,
    three rounds; the acknowledgements word each whole order list."""
    languages = {1: "de", 2: "en", 3: "de"}
    table = _Table(engine, "ashes-board", 303, languages, HostTerms(from_address=FROM))
    table.create({}, {})
    table.start()

    # Round 1: seat 1 builds more than the warehouse holds; seat 2 (English) sends two
    # flights from one orbit and switches his map off; seat 3 is reminded, then sends.
    table.later(timedelta(hours=4))
    table.orders(1, after=["1: 9 FI"])
    table.orders(2, after=["2/8/0/10", "2/8/0/11", "Map off"])
    table.remind(timedelta(hours=47))
    table.orders(3, after=["Karte aus"])
    table.run()

    # Round 2: seat 3 sends nothing (NMR); seat 1 switches his map off.
    table.orders(1, after=["Karte aus"])
    table.orders(2)
    table.run()

    # Round 3: everybody.
    for seat in (1, 2, 3):
        table.orders(seat)
    table.run()
    table.offline_reports([(1, "de"), (2, "en"), (0, "de")])
    return table.finish()


def play_spacewar(engine: Engine) -> list[Recorded]:
    """Spacewar I, game 303: two seats, German and English, the setup step and two
    rounds (stepped turns: each step runs at its deadline)."""
    table = _Table(engine, "spacewar", 303, {1: "de", 2: "en"}, HostTerms(from_address=FROM))
    table.create({}, {})
    table.start()

    # Step 1, the setup: seat 1 sends a secret message; seat 2 is reminded, then sends.
    table.later(timedelta(hours=4))
    table.orders(1, after=["Geheim an 2: Frieden auf R2?", "Ende"])
    table.remind(timedelta(hours=47))
    table.orders(2)
    table.run()

    # Step 2, round 1: seat 2 buys more than his PE covers (the acknowledgement says
    # which line is refused) and switches his map off.
    table.orders(1)
    table.orders(2, after=["Buy 9 cruisers at world 7", "Map off"])
    table.run()

    # Step 3, round 2: seat 1 sends nothing (NMR): his standing orders fight.
    table.orders(2)
    table.remind(timedelta(hours=11))
    table.run()
    table.offline_reports([(1, "de"), (2, "en"), (0, "de")])
    return table.finish()


PLAYS: dict[str, Callable[[Engine], list[Recorded]]] = {
    "ashes": play_ashes,
    "starweb": play_starweb,
    "ashes-board": play_ashes_board,
    "spacewar": play_spacewar,
}


@contextmanager
def _quick_password_hashes() -> Iterator[None]:
    """Argon2id at its least cost while a game is played, as the fast lane does: no hash
    is in any mail, and at full cost the hashing and checking of the passwords took a
    third of a play."""
    saved = password_hashing.COST
    password_hashing.COST = QUICK_HASHING
    try:
        yield
    finally:
        password_hashing.COST = saved


@contextmanager
def _fixed_dice_secrets() -> Iterator[None]:
    """The dice secrets drawn in order from a fixed sequence, so that the seals, the
    reveals and every die are the same at every play."""
    saved = sealing.new_secret
    drawn = iter(range(1_000_000))
    sealing.new_secret = lambda: hashlib.sha256(f"golden dice {next(drawn)}".encode()).hexdigest()
    try:
        yield
    finally:
        sealing.new_secret = saved


def play(kind: str) -> list[Recorded]:
    """The golden files of ``kind``'s game, played on a fresh database."""
    with _quick_password_hashes(), _fixed_dice_secrets(), _database() as engine:
        return PLAYS[kind](engine)


def index(recorded: Sequence[Recorded]) -> str:
    """The index file: one line per file, with its step and subject."""
    lines = []
    for item in recorded:
        head = dict(
            line.split(": ", 1)
            for line in item.text.split("\n\n", 1)[0].splitlines()
            if ": " in line
        )
        what = head.get("Subject") or head.get("Command", "")
        lines.append(f"{item.name}\t{head.get('Step', '-')}\t{head.get('To', '-')}\t{what}")
    return "\n".join(lines) + "\n"


def write(kind: str, recorded: Sequence[Recorded], root: Path = GOLDEN) -> Path:
    """Replace the golden files of ``kind`` by ``recorded``."""
    folder = root / kind
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.txt"):
        old.unlink()
    for item in recorded:
        (folder / item.name).write_bytes(item.text.encode("utf-8"))
    (folder / INDEX).write_bytes(index(recorded).encode("utf-8"))
    return folder


def main(argv: Sequence[str] = ()) -> int:
    kinds = list(argv) or list(KINDS)
    for kind in kinds:
        recorded = play(kind)
        folder = write(kind, recorded)
        print(f"{kind}: {len(recorded)} files in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
