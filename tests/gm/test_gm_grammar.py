"""The GM command language: every command in German and English, blocks, headers, errors."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

import pytest

from grammar import gm
from mailserver.turns.deadlines import parse_when

HEADER = "Partie 227 Spielleiter Kennwort xyz\n"


def one(line: str) -> gm.GmCommand:
    """The single command a line must give, with no errors."""
    result = gm.parse(HEADER + line)
    assert not result.errors, [e.message("en") for e in result.errors]
    assert len(result.commands) == 1, result.commands
    return result.commands[0]


def only_error(line: str) -> str:
    """The English message of the single error a line must give (and no command)."""
    result = gm.parse(HEADER + line)
    assert not result.commands, result.commands
    assert len(result.errors) == 1, [e.message("en") for e in result.errors]
    return result.errors[0].message("en")


# ------------------------------------------------------------------------ the header


@pytest.mark.parametrize(
    ("line", "lang"),
    [
        ("Partie 227 Spielleiter Kennwort xyz", "de"),
        ("Partie 227, SL, Kennwort: xyz", "de"),
        ("SL Partie 227 Passwort xyz", "de"),
        ("Game 227 GM Password xyz", "en"),
        ("game no. 227 / gm / password=xyz", "en"),
        ("GAME 227 GAME MASTER PW xyz", "en"),
    ],
)
def test_header_forms(line: str, lang: str) -> None:
    result = gm.parse(line + "\nStatus")
    assert not result.errors, [e.message("en") for e in result.errors]
    assert result.header == gm.GmHeader(game=227, password="xyz", gm=True, language=lang)
    assert result.language == lang
    assert result.commands == [gm.ShowStatus(line=2)]


def test_header_in_subject() -> None:
    result = gm.parse("Status\n", subject="Re: Partie 227 SL Kennwort xyz")
    assert (result.header.game, result.header.password, result.header.gm) == (227, "xyz", True)
    assert result.language == "de"
    english = gm.parse("Status\n", subject="Game 227 GM password xyz")
    assert english.language == "en"


def test_contradicting_header_is_an_error() -> None:
    result = gm.parse("Partie 227 SL Kennwort xyz\nStatus", subject="Partie 228 SL")
    assert result.header.game == 227
    assert [e.line for e in result.errors] == [0]
    assert "228" in result.errors[0].message("de")


def test_is_gm_mail_reads_only_the_header() -> None:
    assert gm.is_gm_mail("Hallo,\nPartie 227 Spielleiter Kennwort xyz\nStatus")
    assert gm.is_gm_mail("Status", "Game 227 GM password xyz")
    # A player's mail: a message to the GM is no GM header, nor a question in the Subject.
    assert not gm.is_gm_mail("Partie 227 Spieler 2 Kennwort abc\nan SL: Hallo", "Partie 227")
    assert not gm.is_gm_mail("Partie 227 Spieler 2 Kennwort abc", "Frage an den SL zu Partie 227")
    assert not gm.is_gm_mail("Spielleiter Kennwort xyz\nStatus")  # no game named
    header = gm.read_header("Partie 227 SL\nKennwort xyz", None)
    assert header.game == 227 and header.gm


# ----------------------------------------------------------------------- commands


@pytest.mark.parametrize("line", ["Start", "start", "Starten", "Spiel starten", "Start game"])
def test_start(line: str) -> None:
    assert one(line) == gm.StartGame(line=2)


@pytest.mark.parametrize(
    ("line", "when"),
    [
        ("ZAT 01.12.2026 18:00", gm.When(day=date(2026, 12, 1), at=time(18, 0))),
        ("ZAT: 1.12.26 18 Uhr", gm.When(day=date(2026, 12, 1), at=time(18, 0))),
        ("Deadline 2026-12-01 18:00", gm.When(day=date(2026, 12, 1), at=time(18, 0))),
        ("Termin 18:30 01.12.2026", gm.When(day=date(2026, 12, 1), at=time(18, 30))),
        ("Abgabetermin 01.12.2026", gm.When(day=date(2026, 12, 1))),
        ("ZAT +3d", gm.When(delta=timedelta(days=3))),
        ("deadline +36h", gm.When(delta=timedelta(hours=36))),
        ("ZAT + 2 Tage 6 Stunden", gm.When(delta=timedelta(hours=54))),
        ("ZAT morgen 18:00", gm.When(days_ahead=1, at=time(18, 0))),
        ("Deadline tomorrow", gm.When(days_ahead=1)),
        ("ZAT übermorgen 12:00", gm.When(days_ahead=2, at=time(12, 0))),
    ],
)
def test_deadline(line: str, when: gm.When) -> None:
    assert one(line) == gm.SetDeadline(line=2, when=when)


def test_deadline_canonical_form_is_read_by_schedule() -> None:
    now = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
    tz = "Europe/Berlin"
    cases = {
        "ZAT 01.12.2026 18:00": datetime(2026, 12, 1, 17, 0, tzinfo=UTC),
        "ZAT 01.12.2026": datetime(2026, 12, 1, 19, 30, tzinfo=UTC),  # the default time
        "ZAT +3d": now + timedelta(days=3),
        "ZAT +36h": now + timedelta(hours=36),
        "ZAT morgen 9:15": datetime(2026, 11, 21, 8, 15, tzinfo=UTC),
    }
    for line, moment in cases.items():
        command = one(line)
        assert isinstance(command, gm.SetDeadline)
        text = command.when.canonical(tz, now=now, default_at=time(20, 30))
        assert parse_when(text, tz, now=now) == moment, (line, text)


@pytest.mark.parametrize(
    ("line", "delta"),
    [
        ("Verschieben 2 Tage", timedelta(days=2)),
        ("Verschieben um 1 Woche und 2 Tage", timedelta(days=9)),
        ("Verlängern 12 Stunden", timedelta(hours=12)),
        ("Postpone 36h", timedelta(hours=36)),
        ("postpone by 2 days, 3 hours", timedelta(hours=51)),
        ("Delay 1 week", timedelta(days=7)),
    ],
)
def test_postpone(line: str, delta: timedelta) -> None:
    assert one(line) == gm.Postpone(line=2, delta=delta)


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("Pause", gm.Pause(line=2)),
        ("Anhalten", gm.Pause(line=2)),
        ("Weiter", gm.Resume(line=2)),
        ("Fortsetzen!", gm.Resume(line=2)),
        ("Resume", gm.Resume(line=2)),
        ("Freigeben", gm.Release(line=2)),
        ("Runde freigeben", gm.Release(line=2)),
        ("Release", gm.Release(line=2)),
        ("Auswerten", gm.ProcessNow(line=2)),
        ("Jetzt auswerten", gm.ProcessNow(line=2)),
        ("Process now", gm.ProcessNow(line=2)),
        ("Auswerten trotzdem", gm.ProcessNow(line=2, force=True)),
        ("Process now anyway", gm.ProcessNow(line=2, force=True)),
        ("Vorschau", gm.Preview(line=2)),
        ("Preview", gm.Preview(line=2)),
        ("Status", gm.ShowStatus(line=2)),
        ("Übersicht", gm.ShowStatus(line=2)),
        ("status?", gm.ShowStatus(line=2)),
    ],
)
def test_single_word_commands(line: str, command: gm.GmCommand) -> None:
    assert one(line) == command


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("Ersatz 3", gm.ReplacePlayer(line=2, seat=3)),
        ("Ersatz Spieler 3 durch anna@example.org", gm.ReplacePlayer(2, 3, "anna@example.org")),
        ("Ersetze 3 durch <anna@x> en", gm.ReplacePlayer(2, 3, "anna@x", "en")),
        ("Replace 3", gm.ReplacePlayer(line=2, seat=3)),
        ("Replace player 3 with anna@x english", gm.ReplacePlayer(2, 3, "anna@x", "en")),
        ("replace 3 anna@x de", gm.ReplacePlayer(2, 3, "anna@x", "de")),
        ("Ausscheiden 3", gm.DropPlayer(line=2, seat=3)),
        ("Entfernen Spieler 4", gm.DropPlayer(line=2, seat=4)),
        ("Drop 3", gm.DropPlayer(line=2, seat=3)),
        ("Stand-by anna@x", gm.AddStandby(line=2, address="anna@x")),
        ("Standby anna@x en", gm.AddStandby(2, "anna@x", "en")),
        ("Warteliste anna@x de Anna Schmidt", gm.AddStandby(2, "anna@x", "de", "Anna Schmidt")),
        ("stand by bob@example.org Bob", gm.AddStandby(2, "bob@example.org", None, "Bob")),
        ("Auswertung erneut 3", gm.ResendPrintout(line=2, seat=3)),
        ("Auswertung erneut an Spieler 3 Runde 4", gm.ResendPrintout(2, 3, 4)),
        ("Resend 3 turn 4", gm.ResendPrintout(2, 3, 4)),
        ("resend printout to player 5", gm.ResendPrintout(2, 5)),
    ],
)
def test_seat_commands(line: str, command: gm.GmCommand) -> None:
    assert one(line) == command


def test_news_block_and_inline() -> None:
    text = (
        HEADER
        + "Nachricht\n\nDer Krieg beginnt.\n  Zweite Zeile, eingerückt.\n\nEnde\nNews: Peace.\n"
    )
    result = gm.parse(text)
    assert not result.errors
    assert result.commands == [
        gm.PublishNews(line=2, text="Der Krieg beginnt.\n  Zweite Zeile, eingerückt."),
        gm.PublishNews(line=8, text="Peace."),
    ]


def test_block_text_is_not_read_as_commands_or_comments() -> None:
    # Inside a block, "Status" and "# 1" are text; only "Ende" closes it.
    result = gm.parse(HEADER + "Geheim an 3 von 2\nStatus # 1\nEnde\nEnd\nthanks")
    assert not result.errors
    assert result.commands == [gm.ForwardSecret(line=2, to_seat=3, text="Status # 1", from_seat=2)]
    assert result.ended


@pytest.mark.parametrize(
    ("line", "to_seat", "from_seat"),
    [
        ("Geheim an 3", 3, None),
        ("Geheimnachricht an Spieler 3 von Spieler 2", 3, 2),
        ("Secret to 3 from 2", 3, 2),
        ("secret message to player 7", 7, None),
    ],
)
def test_secret_block(line: str, to_seat: int, from_seat: int | None) -> None:
    result = gm.parse(HEADER + line + "\nTreffen bei Crab.\nEnde")
    assert not result.errors
    assert result.commands == [gm.ForwardSecret(2, to_seat, "Treffen bei Crab.", from_seat)]


def test_secret_inline() -> None:
    assert one("Secret to 3 from 2: Meet at Crab") == gm.ForwardSecret(2, 3, "Meet at Crab", 2)


def test_many_commands_keep_their_lines_and_order() -> None:
    text = "Game 227 GM Password xyz\nPause\n\nDeadline +3d // comment\nResume\nStatus\n"
    result = gm.parse(text)
    assert [type(c).__name__ for c in result.commands] == [
        "Pause",
        "SetDeadline",
        "Resume",
        "ShowStatus",
    ]
    assert [c.line for c in result.commands] == [2, 4, 5, 6]


def test_echo_in_both_languages() -> None:
    command = gm.ReplacePlayer(2, 3, "anna@x", "en")
    assert gm.echo_command(command, "de") == "Ersatz 3 durch anna@x en"
    assert gm.echo_command(command, "en") == "Replace 3 with anna@x en"
    deadline = gm.SetDeadline(2, gm.When(day=date(2026, 12, 1), at=time(18, 0)))
    assert gm.echo_command(deadline, "de") == "ZAT 01.12.2026 18:00"
    assert gm.echo_command(deadline, "en") == "Deadline 2026-12-01 18:00"
    assert (
        gm.echo_command(gm.Postpone(2, timedelta(hours=36)), "de") == "Verschieben 1 Tag 12 Stunden"
    )
    # Every echo reads back as the same command.
    for each in (
        command,
        deadline,
        gm.Postpone(2, timedelta(days=2)),
        gm.ResendPrintout(2, 3, 4),
        gm.DropPlayer(2, 5),
        gm.AddStandby(2, "anna@x", "en"),
        gm.ProcessNow(2),
    ):
        for lang in ("de", "en"):
            assert one(gm.echo_command(each, lang)) == each


# ------------------------------------------------------------------------- errors


def test_misspelled_command_gets_a_suggestion() -> None:
    result = gm.parse(HEADER + "Stauts")
    (error,) = result.errors
    assert (error.line, error.column, error.text, error.suggestion) == (2, 1, "Stauts", "Status")
    assert "Meinten Sie „Status“?" in error.message("de")
    assert 'Did you mean "Status"?' in error.message("en")


def test_wrong_date_gets_the_example() -> None:
    message = only_error("ZAT morgn")
    assert 'Did you mean "morgen"?' in message
    assert 'A deadline is written e.g. "Deadline 2026-12-01 18:00"' in message
    assert "a date (2026-12-01 or 01.12.2026)" in message


@pytest.mark.parametrize(
    ("line", "column", "words"),
    [
        ("ZAT 32.12.2026", 5, "There is no date 32.12.2026."),
        ("ZAT 01.12.2026 25:00", 16, "There is no time of day 25:00."),
        ("Ersatz 0", 8, "The player number must be between 1 and 99, not 0."),
        ("Resend 3 turn 1000", 15, "The turn number must be between 0 and 999"),
        ("Verschieben 0 Tage", 13, "more than zero"),
        ("Geheim an 3 von 3", 17, "Sender and addressee are the same player."),
        ("Nachricht an 3: Hallo", 11, '"Secret to 3"'),
    ],
)
def test_value_errors(line: str, column: int, words: str) -> None:
    result = gm.parse(HEADER + line)
    assert not result.commands
    (error,) = result.errors
    assert error.column == column
    assert words in error.message("en")
    assert error.line_text == line


def test_incomplete_command_says_what_is_missing() -> None:
    message = only_error("Ersatz")
    assert message.startswith("The line ends too early; expected here:")
    assert "a number" in message and "Replace 3" in message
    german = gm.parse(HEADER + "Ersatz").errors[0].message("de")
    assert german.startswith("Die Zeile endet zu früh; erwartet wird hier")


def test_one_bad_line_never_stops_the_others() -> None:
    result = gm.parse(HEADER + "Pause\nVerschiebn 2 Tage\nStatus\nZAT gestern\nWeiter")
    assert [type(c).__name__ for c in result.commands] == ["Pause", "ShowStatus", "Resume"]
    assert [e.line for e in result.errors] == [3, 5]
    assert result.errors[0].suggestion == "Verschieben"


def test_unclosed_block_is_an_error_and_not_used() -> None:
    result = gm.parse(HEADER + "Pause\nNachricht\nDer Text\nStatus")
    assert result.commands == [gm.Pause(line=2)]
    (error,) = result.errors
    assert error.line == 3
    assert 'not closed with "End"' in error.message("en")


def test_empty_block_is_an_error() -> None:
    result = gm.parse(HEADER + "Nachricht\n\nEnde")
    assert not result.commands
    assert result.errors[0].message("en") == "The text is empty."


def test_command_after_end_is_reported() -> None:
    result = gm.parse(HEADER + "Status\nEnde\nPause\nsome remark")
    assert result.commands == [gm.ShowStatus(line=2)]
    (error,) = result.errors
    assert error.line == 4 and 'comes after "End"' in error.message("en")


def test_greetings_and_signature_are_notes() -> None:
    text = "Hallo Server,\n" + HEADER + "Status\n\nViele Grüße\nMarkus Mustermann\n"
    result = gm.parse(text)
    assert not result.errors
    assert [n.line for n in result.notes] == [1, 5, 6]
    assert result.commands == [gm.ShowStatus(line=3)]


def test_language_follows_the_commands_without_a_telling_header() -> None:
    assert gm.parse("GM game 227\nPostpone 2 days\nStatus").language == "en"
    assert gm.parse("Status\nVerschieben 2 Tage", subject="GM 227").language == "de"
    assert gm.parse("Status\nPause\nStart").language is None  # the game decides


# -------------------------------------------------------------------------- the docs


DOCS = Path(__file__).resolve().parents[2] / "docs" / "gm-commands.md"


def _doc_examples() -> list[str]:
    """The first code span of the German and English column of the mail command table."""
    examples = []
    in_table = False
    for row in DOCS.read_text(encoding="utf-8").splitlines():
        if row.startswith("| German | English"):
            in_table = True
            continue
        if in_table and not row.startswith("|"):
            break
        if in_table and not row.startswith("|---"):
            cells = row.split("|")[1:3]
            examples += [re.findall(r"`([^`]+)`", cell)[0] for cell in cells]
    return examples


def test_every_documented_command_parses() -> None:
    examples = _doc_examples()
    assert len(examples) == 62
    blocks = 0
    for example in examples:
        result = gm.parse(HEADER + example)
        if any("not closed" in e.message("en") for e in result.errors):
            blocks += 1
            result = gm.parse(HEADER + example + "\nDer Text.\nEnde\n")
        assert not result.errors, (example, [e.message("en") for e in result.errors])
        assert len(result.commands) == 1, (example, result.commands)
    # Nachricht, News, Geheim an, Secret to, Bericht an, Report to, Entscheid, Rulings
    assert blocks == 8


@pytest.mark.parametrize(
    ("text", "commands", "echoed", "echo"),
    [
        pytest.param(
            "Entscheid\nK1 Sieger A\nG2 Chance 35\nEnde\nRulings E3 entdeckt\n"
            "Korrektur 3/115 Größe 1800 Grund: Tippfehler\nCorrection 3 12\nSpielende\n",
            [
                gm.GiveRulings(line=2, text="K1 Sieger A\nG2 Chance 35"),
                gm.GiveRulings(line=6, text="E3 entdeckt"),
                gm.CorrectState(line=7, what="3/115 Größe 1800", reason="Tippfehler"),
                gm.CorrectState(line=8, what="3 12", reason=""),
                gm.EndGame(line=9),
            ],
            2,
            "Correction 3/115 Größe 1800 reason: Tippfehler",
            id="rulings_corrections_and_the_end_of_the_game",
        ),
        pytest.param(
            "Bericht an 3\nDein Heer erreicht die Küste.\nEnde\n"
            "Report 2: A quiet month.\nVeröffentlichen\n",
            [
                gm.SendReport(line=2, seat=3, text="Dein Heer erreicht die Küste."),
                gm.SendReport(line=5, seat=2, text="A quiet month."),
                gm.PublishReports(line=6),
            ],
            0,
            "Report to 3: Dein Heer erreicht die Küste.",
            id="reports_and_publishing",
        ),
    ],
)
def test_adjudicated_game_commands_are_read_and_echoed(
    text: str, commands: list[gm.GmCommand], echoed: int, echo: str
) -> None:
    """The commands of a GM-adjudicated game: what each block reads as, and how the
    ``echoed`` one is repeated back in English."""
    result = gm.parse(HEADER + text)
    assert not result.errors
    assert result.commands == commands
    assert gm.echo_command(result.commands[echoed], "en") == echo


def test_publishing_reports_in_both_languages() -> None:
    assert gm.echo_command(gm.PublishReports(line=6), "de") == "Veröffentlichen"
    english = gm.parse("Game 227 GM password x\nSend reports\n")
    assert english.commands == [gm.PublishReports(line=2)] and english.language == "en"


@pytest.mark.parametrize(
    ("text", "lang", "echo"),
    [
        ("K1 Sieger A", "de", "Entscheid (1 Zeile)"),
        ("K1 Sieger A\nG2 Chance 35", "de", "Entscheid (2 Zeilen)"),
        ("K1 winner A", "en", "Rulings (1 line)"),
        ("K1 winner A\nG2 chance 35", "en", "Rulings (2 lines)"),
    ],
)
def test_a_rulings_block_is_echoed_with_its_lines_counted_in_the_plural_form(
    text: str, lang: str, echo: str
) -> None:
    assert gm.echo_command(gm.GiveRulings(line=2, text=text), lang) == echo
