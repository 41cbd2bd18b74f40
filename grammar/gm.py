"""Read a game master's command mail: every line a command or an error, never both lost.

A GM mail starts with a header line naming the game, the GM and the GM's password
(``Partie 227 Spielleiter Kennwort xyz`` / ``Game 227 GM Password xyz``; the Subject may
carry it), followed by one command per line in German or English (``docs/gm-commands.md``).
The frame is the players' (:mod:`grammar.reader`): the header line, comments, greetings
and a signature (notes, not errors), ``Ende``, lines after it, the wording of errors.
``Nachricht`` / ``News`` and ``Geheim an 3`` / ``Secret to 3`` without text on the same
line collect the following lines up to ``Ende``; unlike a player's text, one without
``Ende`` is not used: a command acts at once. Every other line is parsed by the LALR
grammar ``gm.lark``; a line that fails gets a suggestion for a misspelled keyword and an
example of the command's right form.

Nothing here knows the database: a deadline stays a :class:`When` until the game's time
zone turns it into a moment (``When.canonical`` gives the text ``schedule.parse_when``
reads).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from engine.core import Findings
from grammar import reader
from grammar.lark_errors import TEXTS, LineError, Messages, Position, in_range, join_words
from grammar.reader import HeaderParts, Text

SEAT_MAX = 99
"""The largest seat number the language accepts; the game checks its own size."""
TURN_MAX = 999
TEXT_MAX = reader.TEXT_MAX
"""Characters in one news item or secret message."""
POSTPONE_MAX = timedelta(days=366)


# ------------------------------------------------------------------------ commands


@dataclass(frozen=True)
class When:
    """A deadline as the GM wrote it: a local date (and time), a day word, or an offset.

    Exactly one of ``day`` (a calendar date), ``days_ahead`` (``heute`` 0, ``morgen`` 1,
    ``übermorgen`` 2) and ``delta`` (``+3d``) is set; ``at`` is the local time of day if
    written.
    """

    day: date | None = None
    at: time | None = None
    days_ahead: int | None = None
    delta: timedelta | None = None

    def canonical(self, tz: str, *, now: datetime, default_at: time = time(18, 0)) -> str:
        """``2026-12-01 18:00`` (local, in ``tz``) or ``+36h``: the form ``parse_when`` reads."""
        if self.delta is not None:
            hours, rest = divmod(int(self.delta.total_seconds()), 3600)
            if rest == 0 and hours % 24 == 0:
                return f"+{hours // 24}d"
            if rest == 0:
                return f"+{hours}h"
            return f"+{int(self.delta.total_seconds()) // 60}m"
        day = self.day
        if day is None:
            day = now.astimezone(ZoneInfo(tz)).date() + timedelta(days=self.days_ahead or 0)
        at = self.at or default_at
        return f"{day:%Y-%m-%d} {at:%H:%M}"

    def echo(self, lang: str) -> str:
        """The deadline as the reply shows what was understood."""
        if self.delta is not None:
            return "+" + format_duration(self.delta, lang)
        if self.day is not None:
            shown = TEXTS.say(lang, "gm.date", day=self.day)
        else:
            shown = TEXTS.say(lang, f"gm.day.{self.days_ahead or 0}")
        return f"{shown} {self.at:%H:%M}" if self.at is not None else shown


def format_duration(delta: timedelta, lang: str) -> str:
    """``2 Tage 12 Stunden`` / ``2 days 12 hours``."""
    total_hours = int(delta.total_seconds()) // 3600
    days, hours = divmod(total_hours, 24)
    parts = []
    if days:
        parts.append(TEXTS.say(lang, "gm.day" if days == 1 else "gm.days", n=days))
    if hours or not parts:
        parts.append(TEXTS.say(lang, "gm.hour" if hours == 1 else "gm.hours", n=hours))
    return " ".join(parts)


@dataclass(frozen=True)
class Command:
    """What every GM command holds: the 1-based line of the mail it stands on (replies and
    errors point at it)."""

    line: int


@dataclass(frozen=True)
class StartGame(Command):
    """``Start``: turn 0 printouts with every player's password; the game runs."""


@dataclass(frozen=True)
class SetDeadline(Command):
    """``ZAT 01.12.2026 18:00``: the next deadline, in the game's time zone."""

    when: When


@dataclass(frozen=True)
class Postpone(Command):
    """``Verschieben 2 Tage``: move the current deadline later (rulebook 1.6)."""

    delta: timedelta


@dataclass(frozen=True)
class Pause(Command):
    """``Pause``: no deadlines until ``Weiter``."""


@dataclass(frozen=True)
class Resume(Command):
    """``Weiter`` / ``Resume``: deadlines again."""


@dataclass(frozen=True)
class Release(Command):
    """``Freigeben``: a turn held for the GM (mass NMR guard) may run."""


@dataclass(frozen=True)
class ProcessNow(Command):
    """``Auswerten`` / ``Process now``: evaluate the pending turn now; with seats still
    missing orders only with ``trotzdem`` / ``anyway`` (``force``)."""

    force: bool = False


@dataclass(frozen=True)
class Preview(Command):
    """``Vorschau``: every printout of the pending turn to the GM, nothing to the players."""


@dataclass(frozen=True)
class ReplacePlayer(Command):
    """``Ersatz 3 [durch addr [en]]``: a new occupant for seat 3 (no address: next standby)."""

    seat: int
    address: str | None = None
    language: str | None = None
    second_seat: bool = False
    """``zweite Position`` / ``second seat``: also if the address holds another seat."""


@dataclass(frozen=True)
class DropPlayer(Command):
    """``Ausscheiden 3`` / ``Drop 3``: seat 3 leaves the game."""

    seat: int


@dataclass(frozen=True)
class AddStandby(Command):
    """``Stand-by anna@x [en] [Name]``: a new entry on the standby list."""

    address: str
    language: str | None = None
    name: str | None = None


@dataclass(frozen=True)
class PublishNews(Command):
    """``Nachricht`` … ``Ende``: GM news in the next printouts' Galactic Media."""

    text: str


@dataclass(frozen=True)
class ForwardSecret(Command):
    """``Geheim an 3 [von 2]`` … ``Ende``: a secret message for seat 3's next printout."""

    to_seat: int
    text: str
    from_seat: int | None = None


@dataclass(frozen=True)
class ResendPrintout(Command):
    """``Auswertung erneut 3 [Runde 4]``: mail a printout again (default: the latest)."""

    seat: int
    turn: int | None = None


@dataclass(frozen=True)
class SendReport(Command):
    """``Bericht an 3`` … ``Ende``: the GM's report to seat 3 for the turn he adjudicates
    (GM-adjudicated games); the mail's attachments named for the seat go with it."""

    seat: int
    text: str


@dataclass(frozen=True)
class PublishReports(Command):
    """``Veröffentlichen``: the reports go out as the printouts of the turn."""


@dataclass(frozen=True)
class GiveRulings(Command):
    """``Entscheid`` … ``Ende``: the GM's rulings on the open items of the turn he
    adjudicates, one a line (``K1 Sieger A``), in a kind whose GM rules."""

    text: str


@dataclass(frozen=True)
class CorrectState(Command):
    """``Korrektur <what> Grund: <why>``: a correction of the state with its reason,
    an input of the adjudicated turn like a ruling (the kind reads ``what``)."""

    what: str
    reason: str


@dataclass(frozen=True)
class EndGame(Command):
    """``Spielende``: the adjudicated turn waiting for publication ends the game."""


@dataclass(frozen=True)
class ShowStatus(Command):
    """``Status``: who has submitted, who is late, the next deadline."""


@dataclass(frozen=True)
class ChangeTitle(Command):
    """``Titel Der lange Krieg``: the game's title."""

    title: str


@dataclass(frozen=True)
class ChangeTimezone(Command):
    """``Zeitzone Europe/Vienna``: the game's time zone."""

    timezone: str


@dataclass(frozen=True)
class ChangeSchedule(Command):
    """``Rhythmus 7 Tage 18:00`` / ``Schedule off``: a deadline every so many days (0:
    the GM sets each; ``None``: as before), at that local time (``None``: as before)."""

    every_days: int | None
    at: time | None = None


@dataclass(frozen=True)
class ChangeGmAddress(Command):
    """``SL-Adresse neu@example.org``: the GM's registered address."""

    address: str


@dataclass(frozen=True)
class SetOption(Command):
    """``Option newspaper=false``: a game option (rule options while in setup); the value
    as written (JSON if it reads as JSON)."""

    key: str
    value: str


@dataclass(frozen=True)
class DeleteGame(Command):
    """``Partie löschen`` / ``Delete game``: a game in setup is removed."""


@dataclass(frozen=True)
class NewPassword(Command):
    """``Neues Kennwort 3`` / ``New password 3``: a lost password replaced, mailed to the
    seat's registered address."""

    seat: int


GmCommand = (
    StartGame
    | SetDeadline
    | Postpone
    | Pause
    | Resume
    | Release
    | ProcessNow
    | Preview
    | ReplacePlayer
    | DropPlayer
    | AddStandby
    | PublishNews
    | ForwardSecret
    | ResendPrintout
    | SendReport
    | PublishReports
    | GiveRulings
    | CorrectState
    | EndGame
    | ShowStatus
    | ChangeTitle
    | ChangeTimezone
    | ChangeSchedule
    | ChangeGmAddress
    | SetOption
    | DeleteGame
    | NewPassword
)


def echo_command(command: GmCommand, lang: str = "de") -> str:
    """The command in its canonical form in ``lang``, as the reply echoes it."""

    def say(key: str, **values: object) -> str:
        return TEXTS.say(lang, f"gm.echo.{key}", **values)

    match command:
        case StartGame():
            return say("start")
        case SetDeadline(when=when):
            return say("deadline", when=when.echo(lang))
        case Postpone(delta=delta):
            return say("postpone", duration=format_duration(delta, lang))
        case Pause():
            return say("pause")
        case Resume():
            return say("resume")
        case Release():
            return say("release")
        case ProcessNow(force=force):
            return say("process_force" if force else "process")
        case Preview():
            return say("preview")
        case ReplacePlayer(seat=seat, address=address, language=language, second_seat=second):
            out = (
                say("replace_with", seat=seat, address=address)
                if address
                else say("replace", seat=seat)
            )
            out += f" {language}" if language else ""
            return out + (" " + say("second_seat") if second else "")
        case DropPlayer(seat=seat):
            return say("drop", seat=seat)
        case AddStandby(address=address, language=language, name=name):
            out = say("standby", address=address)
            out += f" {language}" if language else ""
            return out + (f" {name}" if name else "")
        case PublishNews(text=text):
            return say("news", text=_first_line(text))
        case ForwardSecret(to_seat=to_seat, from_seat=from_seat, text=text):
            if from_seat is not None:
                return say("secret_from", to=to_seat, sender=from_seat, text=_first_line(text))
            return say("secret", to=to_seat, text=_first_line(text))
        case ResendPrintout(seat=seat, turn=turn):
            if turn is None:
                return say("resend", seat=seat)
            return say("resend_turn", seat=seat, turn=turn)
        case SendReport(seat=seat, text=text):
            return say("report", seat=seat, text=_first_line(text))
        case PublishReports():
            return say("publish")
        case GiveRulings(text=text):
            return say("rulings", count=len([x for x in text.splitlines() if x.strip()]))
        case CorrectState(what=what, reason=reason):
            return say("correction", what=what, reason=reason)
        case EndGame():
            return say("end_game")
        case ShowStatus():
            return say("status")
        case ChangeTitle(title=title):
            return say("title", title=title).rstrip()
        case ChangeTimezone(timezone=timezone):
            return say("timezone", timezone=timezone)
        case ChangeSchedule(every_days=0):
            return say("schedule_off")
        case ChangeSchedule(every_days=None, at=at):
            return say("schedule_at", at=f"{at:%H:%M}" if at is not None else "")
        case ChangeSchedule(every_days=days, at=at):
            out = say("schedule", days=days)
            return out + (f" {at:%H:%M}" if at is not None else "")
        case ChangeGmAddress(address=address):
            return say("gm_address", address=address)
        case SetOption(key=key, value=value):
            return say("option", name=key, value=value)
        case DeleteGame():
            return say("delete")
        case NewPassword(seat=seat):
            return say("new_password", seat=seat)
    raise AssertionError(command)  # pragma: no cover - the match is exhaustive


def _first_line(text: str, width: int = 60) -> str:
    first = text.strip().splitlines()[0] if text.strip() else ""
    lines = len(text.strip().splitlines())
    shown = first if len(first) <= width else first[: width - 1] + "…"
    return shown + (" …" if lines > 1 and shown == first else "")


# ------------------------------------------------------------------------ results


@dataclass
class GmHeader:
    """What the header (text or Subject) said: game, password, and whether it named the GM."""

    game: int | None = None
    password: str | None = None
    gm: bool = False
    language: str | None = None
    """``en`` or ``de`` when the header's words tell; ``None`` otherwise."""
    fault: Messages | None = None
    """A header line naming the GM with a game number out of range, when no line named
    a game: what is wrong, per language (its password is ``password`` all the same)."""


@dataclass
class GmParseResult(Findings):
    """Everything read from one GM mail."""

    header: GmHeader = field(default_factory=GmHeader)
    commands: list[GmCommand] = field(default_factory=list)
    language: str | None = None
    """The GM's language, for the reply: from the header's words, else the commands';
    ``None`` if nothing tells (the game's setting decides)."""


# ------------------------------------------------------------------------- parser


@cache
def language_words() -> dict[str, str]:
    """Every word a GM may write for a player's language (lower case) -> its code: the
    codes of the languages the catalogs have and each catalog's ``language_words``."""
    words: dict[str, str] = {}
    for lang in TEXTS.languages:
        words[lang] = lang
        for word in TEXTS.text(lang, "language_words").split("\n"):
            words.setdefault(word.strip().lower(), lang)
    return words


@cache
def parser() -> Lark:
    """The LALR parser of the header line and ``gm.lark`` (built once), its ``LANG``
    the words of :func:`language_words`."""
    names = "|".join(re.escape(word) for word in sorted(language_words(), key=len, reverse=True))
    lang = f"LANG.2: /({names})(?![\\w])/i"
    return reader.build_parser(
        "\n".join((reader.grammar_text("header.lark"), reader.grammar_text("gm.lark"), lang))
    )


_TERMINAL_WORDS = TEXTS.section("gm.terminal.")


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


# Canonical keywords for suggestions ("Meinten Sie ...?"), German and English.
_KEYWORDS = _words(
    """
    Partie Spielleiter Kennwort Game Password Start ZAT Deadline Termin Verschieben
    Postpone Pause Weiter Resume Freigeben Release Auswerten Process Vorschau Preview
    Ersatz Replace Ausscheiden Drop Stand-by Standby Nachricht News Geheim Secret Resend
    Status Spieler Player Runde Turn durch with morgen tomorrow Tage days Stunden hours
    Titel Title Zeitzone Rhythmus Schedule Option Löschen Delete
    """
)

# The examples a failed line gets, by the keyword it starts with.
_EXAMPLES = TEXTS.section("gm.example.")
_COMMAND_KEYWORDS = _words(
    """
    START_KW DEADLINE_KW POSTPONE_KW PAUSE_KW RESUME_KW RELEASE_KW PROCESS_KW PREVIEW_KW
    REPLACE_KW DROP_KW STANDBY_KW NEWS_KW SECRET_KW RESEND_KW STATUS_KW REPORT_KW PUBLISH_KW
    RULING_KW CORRECTION_KW END_GAME_KW
    TITLE_KW TIMEZONE_KW SCHEDULE_KW GM_ADDRESS_KW OPTION_KW DELETE_KW NEW_PASSWORD_KW
    """
)

# English spellings of the keywords; anything else a keyword matches counts as German.
_ENGLISH_WORDS = re.compile(
    r"^(game|password|pw|pwd|deadline|due|postpone|delay|resume|continue|unpause|release|"
    r"process|evaluate|run|preview|dry|replace|substitute|drop|remove|expel|news|announcement|"
    r"notice|secret|resend|send again|overview|suspend|start the game|start game|report|publish|"
    r"send reports|send the reports|ruling|correction|end of the game|end game|"
    r"title|time ?zone|schedule|gm-address|game master address|"
    r"setting|delete|new password|reset password|second seat|two seats)",
    re.IGNORECASE,
)
_GERMAN_WORDS = re.compile(
    r"^(partie|spiel|spielleiter|spielleitung|sl|kennwort|passwort|zat|abgabe|einsende|stichtag|"
    r"termin|verschieb|verläng|verlaeng|aufschieb|pausieren|anhalten|unterbrechen|weiter|fort|"
    r"freigeb|freigabe|runde|auswert|jetzt|sofort|vorschau|probe|test|ersatz|ersetz|austausch|"
    r"ausscheid|ausschl|entfern|warteliste|nachricht|neuigkeit|meldung|mitteilung|"
    r"bekanntmachung|geheim|auswertung|ausdruck|erneut|stand|übersicht|uebersicht|bericht|"
    r"veröffentlich|veroeffentlich|entscheid|korrektur|spielende|titel|zeitzone|rhythmus|turnus|zeitplan|spielleiter-?adresse|"
    r"sl-adresse|gm-adresse|regel|einstellung|löschen|loeschen|neues|zweite)",
    re.IGNORECASE,
)

_SECRET_LOOKALIKE_RE = re.compile(r"^\s*(an|to|für|fuer|for)\s+(spieler\s+|player\s+)?\d+", re.I)

_GM_WORDS = r"(spielleiter|spielleitung|sl|gm|game\s*master|gamemaster)"
_GM_WORD_RE = re.compile(rf"(?i)(?<![\w-]){_GM_WORDS}(?![\w-])")
# In a Subject the GM word must stand beside the game ("Partie 227 SL", "GM game 227"):
# "Frage an den SL zu Partie 227" is a player's question, not a GM mail.
_SUBJECT_GM_RE = re.compile(
    rf"(?i)\b(partie|spiel|game)\s*(nr\.?|no\.?|#)?\s*:?\s*\d+\s*[,;:/-]?\s*{_GM_WORDS}(?![\w-])"
    rf"|(?<![\w-]){_GM_WORDS}\s*[,;:/-]?\s*(partie|spiel|game)\b"
)

_DAY_WORDS = {
    "heute": 0,
    "today": 0,
    "morgen": 1,
    "tomorrow": 1,
    "übermorgen": 2,
    "uebermorgen": 2,
    "day after tomorrow": 2,
}
_UNIT_HOURS = (
    (("tage", "tagen", "tag", "t", "d", "days", "day"), 24),
    (("stunden", "stunde", "std", "h", "hours", "hour", "hrs", "hr"), 1),
    (("wochen", "woche", "w", "weeks", "week"), 24 * 7),
)


def _seat(tok: Token) -> int:
    return in_range(tok, 1, SEAT_MAX, TEXTS.every("word.player_number"))


def _language(tok: Token | None) -> str | None:
    if tok is None:
        return None
    return language_words()[str(tok).lower()]


def _address(tok: Token) -> str:
    return str(tok).strip("<>")


def _duration(node: Tree[Token], out_of_range: str) -> timedelta:
    """The sum of the parts (``1 Woche und 2 Tage``), more than zero and at most
    :data:`POSTPONE_MAX`; else the error ``out_of_range`` (a catalog key) at the first part.
    Checked as a number of hours: a huge one is no ``timedelta`` at all."""
    hours = 0
    for tok in node.children:
        if not isinstance(tok, Token) or tok.type != "DURATION":
            continue
        match = re.fullmatch(r"(\d+)\s*(\w+)", str(tok))
        assert match is not None
        unit = match.group(2).lower()
        hours += int(match.group(1)) * next(h for names, h in _UNIT_HOURS if unit in names)
    if not 0 < hours <= POSTPONE_MAX // timedelta(hours=1):
        first = _first(node, "DURATION")
        assert first is not None
        raise LineError.at(first, TEXTS.every(out_of_range))
    return timedelta(hours=hours)


def _date(tok: Token) -> date:
    text = str(tok)
    try:
        if "-" in text:
            year, month, day = (int(part) for part in text.split("-"))
        else:
            day, month, year = (int(part) for part in text.split("."))
            year += 2000 if year < 100 else 0
        return date(year, month, day)
    except ValueError:
        raise LineError.at(tok, TEXTS.every("gm.there_no_date", text=text)) from None


def _time(tok: Token) -> time:
    match = re.match(r"(\d{1,2})(?::(\d{2}))?", str(tok))
    assert match is not None
    hour, minute = int(match.group(1)), int(match.group(2) or 0)
    if hour > 23 or minute > 59:
        raise LineError.at(tok, TEXTS.every("gm.there_no_time_day", tok=tok))
    return time(hour, minute)


def _tokens(node: Tree[Token], kind: str) -> list[Token]:
    return [t for t in node.children if isinstance(t, Token) and t.type == kind]


def _first(node: Tree[Token], kind: str) -> Token | None:
    found = _tokens(node, kind)
    return found[0] if found else None


def _text_of(node: Tree[Token]) -> str | None:
    tok = _first(node, "TEXT")
    return str(tok).strip() if tok is not None else None


def _when(node: Tree[Token]) -> When:
    if node.data == "when_relative":
        duration = node.children[0]
        assert isinstance(duration, Tree)
        return When(delta=_duration(duration, "gm.deadline_offset_range"))
    at_tok = _first(node, "TIME")
    at = _time(at_tok) if at_tok is not None else None
    if node.data == "when_day":
        word = _first(node, "DAY_WORD")
        assert word is not None
        return When(days_ahead=_DAY_WORDS[re.sub(r"\s+", " ", str(word).lower())], at=at)
    date_tok = _first(node, "DATE")
    assert date_tok is not None
    return When(day=_date(date_tok), at=at)


def _build(node: Tree[Token], line: int) -> Sequence[GmCommand] | Text[GmCommand]:
    """One parsed command line (not the header): a command, or one carrying a text."""
    kind = node.data
    simple: dict[str, Callable[[int], GmCommand]] = {
        "start_game": StartGame,
        "pause": Pause,
        "resume": Resume,
        "release": Release,
        "preview": Preview,
        "status": ShowStatus,
        "publish": PublishReports,
        "end_game": EndGame,
        "delete": DeleteGame,
    }
    if kind in simple:
        return [simple[kind](line)]
    if kind == "process":
        return [ProcessNow(line, force=_first(node, "FORCE_KW") is not None)]
    ints = _tokens(node, "INT")
    if kind == "deadline":
        when = node.children[-1]
        assert isinstance(when, Tree)
        return [SetDeadline(line, _when(when))]
    if kind == "postpone":
        duration = node.children[-1]
        assert isinstance(duration, Tree)
        return [Postpone(line, _duration(duration, "gm.postponement_must_more_than_zero"))]
    if kind == "replace":
        address = _first(node, "ADDRESS")
        second = _first(node, "SECOND_KW") or _first(node, "FORCE_KW")
        return [
            ReplacePlayer(
                line,
                _seat(ints[0]),
                _address(address) if address is not None else None,
                _language(_first(node, "LANG")),
                second_seat=second is not None,
            )
        ]
    if kind in _SETTINGS:
        return [_SETTINGS[kind](node, line)]
    if kind == "drop":
        return [DropPlayer(line, _seat(ints[0]))]
    if kind == "standby":
        address = _first(node, "ADDRESS")
        assert address is not None
        return [
            AddStandby(line, _address(address), _language(_first(node, "LANG")), _text_of(node))
        ]
    if kind == "news":
        text = _text_of(node)
        if text is not None and _SECRET_LOOKALIKE_RE.match(text):
            tok = _first(node, "TEXT")
            assert tok is not None
            raise LineError.at(
                tok,
                TEXTS.every("gm.news_goes_every_player_galactic"),
            )
        return Text(lambda body: PublishNews(line, body), text)
    if kind == "secret":
        to_seat = _seat(ints[0])
        from_seat = _seat(ints[1]) if len(ints) > 1 else None
        if from_seat == to_seat:
            raise LineError.at(
                ints[1],
                TEXTS.every("gm.sender_addressee_are_same_player"),
            )
        return Text(lambda body: ForwardSecret(line, to_seat, body, from_seat), _text_of(node))
    if kind == "report":
        seat = _seat(ints[0])
        return Text(lambda body: SendReport(line, seat, body), _text_of(node))
    if kind == "rulings":
        return Text(lambda body: GiveRulings(line, body), _text_of(node))
    if kind == "correction":
        return Text(lambda body: _correction(line, body), _text_of(node))
    if kind == "resend":
        turn = (
            in_range(ints[1], 0, TURN_MAX, TEXTS.every("word.turn_number"))
            if len(ints) > 1
            else None
        )
        return [ResendPrintout(line, _seat(ints[0]), turn)]
    raise AssertionError(kind)  # pragma: no cover - every rule is handled above


_REASON_RE = re.compile(r"\s*[(;,]?\s*(?:grund|reason|weil|because)\s*:?\s*", re.IGNORECASE)


def _correction(line: int, text: str) -> CorrectState:
    """``Korrektur 3 12 Grund: Tippfehler``: what to correct, and why (the host refuses
    a correction without a reason)."""
    parts = _REASON_RE.split(" ".join(text.split()), maxsplit=1)
    reason = parts[1].strip(" )") if len(parts) > 1 else ""
    return CorrectState(line, parts[0].strip(), reason)


def _schedule(node: Tree[Token], line: int) -> GmCommand:
    at_tok = _first(node, "TIME")
    at = _time(at_tok) if at_tok is not None else None
    duration = _first(node, "DURATION")
    if duration is None:
        return ChangeSchedule(line, 0 if _first(node, "OFF_KW") else None, at)
    delta = _duration(Tree("duration", [duration]), "gm.schedule_whole_days")
    if delta.total_seconds() % 86400:
        raise LineError.at(duration, TEXTS.every("gm.schedule_whole_days"))
    return ChangeSchedule(line, delta.days, at)


def _option(node: Tree[Token], line: int) -> GmCommand:
    tok = _first(node, "TEXT")
    assert tok is not None
    key, sep, value = str(tok).partition("=")
    if not sep or not key.strip() or not value.strip():
        raise LineError.at(tok, TEXTS.every("gm.option_key_value"))
    return SetOption(line, key.strip(), value.strip())


def _title(node: Tree[Token], line: int) -> GmCommand:
    return ChangeTitle(line, _text_of(node) or "")


def _zone(node: Tree[Token], line: int) -> GmCommand:
    return ChangeTimezone(line, str(_first(node, "ZONE")))


def _gm_address(node: Tree[Token], line: int) -> GmCommand:
    tok = _first(node, "ADDRESS")
    assert tok is not None
    return ChangeGmAddress(line, _address(tok))


def _new_password(node: Tree[Token], line: int) -> GmCommand:
    return NewPassword(line, _seat(_tokens(node, "INT")[0]))


_SETTINGS: dict[str, Callable[[Tree[Token], int], GmCommand]] = {
    "title": _title,
    "timezone": _zone,
    "schedule": _schedule,
    "gm_address": _gm_address,
    "option": _option,
    "new_password": _new_password,
}


def keyword_language(word: str) -> str | None:
    """``en`` or ``de`` for a keyword as written; ``None`` if it says neither."""
    if _ENGLISH_WORDS.match(word):
        return "en"
    if _GERMAN_WORDS.match(word):
        return "de"
    return None


# ------------------------------------------------------------------ error messages


def _expected_words(names: Iterable[str], lang: str) -> list[str]:
    words: list[str] = []
    keywords = 0
    for name in sorted(set(names)):
        if name in _TERMINAL_WORDS:
            languages = TEXTS.say(lang, "or").join(TEXTS.languages)
            words.append(_TERMINAL_WORDS.say(lang, name, languages=languages))
        elif name.endswith("_KW"):
            keywords += 1
    if keywords:
        words.append(TEXTS.say(lang, "word.keyword"))
    return words


def _suggest(text: str, pos: int) -> str | None:
    """A likely intended keyword for a misspelled word at ``pos``."""
    match = re.compile(r"[^\W\d_][\w-]*").match(text, pos)
    if not match:
        return None
    word = match.group(0).lower()
    folded = {k.lower(): k for k in _KEYWORDS}
    cutoff = 0.6 if len(word) <= 4 else 0.75
    similar = [c for c in folded if abs(len(c) - len(word)) <= max(1, len(word) // 3)]
    close = difflib.get_close_matches(word, similar, n=1, cutoff=cutoff)
    if close and close[0] != word:
        return folded[close[0]]
    return None


def _command_keyword(text: str) -> str | None:
    """The terminal name of the keyword a line starts with, if any."""
    lark = parser()
    for name in (*_COMMAND_KEYWORDS, "GAME_KW", "GM_KW", "PASSWORD_KW"):
        pattern = lark.get_terminal(name).pattern
        if re.match(pattern.to_regexp(), text.lstrip(), re.IGNORECASE):
            return name
    return None


class _GmLines:
    """The GM's command lines for :class:`grammar.reader.Reader` (a ``LineGrammar``)."""

    @property
    def parser(self) -> Lark:
        """The parser of the header line and the commands (built once)."""
        return parser()

    def build(self, node: Tree[Token], line: int) -> Sequence[GmCommand] | Text[GmCommand]:
        """The command of one parsed line (see :func:`_build`)."""
        return _build(node, line)

    def explain(self, at: Position, code: str) -> reader.Explanation:
        """Expected words, a likely meant keyword, the example of the command's form."""
        if not code[: at.pos].strip():
            words = TEXTS.every("gm.command_deadline_postpone_process_now")
        else:
            words = {
                lang: join_words(_expected_words(at.expected or {"$END"}, lang), lang)
                for lang in TEXTS.languages
            }
        keyword = _command_keyword(code)
        return reader.Explanation(
            words,
            None if at.at_end else _suggest(code, at.pos),
            _EXAMPLES.every(keyword) if keyword is not None and keyword in _EXAMPLES else None,
        )

    def check(self, command: GmCommand) -> dict[str, str] | None:
        """The GM's commands have no limits beyond the reader's."""
        return None


# ------------------------------------------------------------------------- reading


def _header_language(sources: Iterable[HeaderParts]) -> str | None:
    """The language of the first header (line or Subject) whose keywords tell one."""
    for parts in sources:
        votes = [
            lang
            for word in parts.words
            if word.lower() != "gm" and (lang := keyword_language(word)) is not None
        ]
        if votes:
            return _majority(votes)
    return None


def _majority(votes: list[str]) -> str:
    return "en" if votes.count("en") > votes.count("de") else "de"


def _gm_header(sources: Sequence[HeaderParts], game: int | None, password: str | None) -> GmHeader:
    return GmHeader(
        game=game,
        password=password,
        gm=any(parts.gm for parts in sources),
        language=_header_language(sources),
    )


def _subject_parts(subject: str) -> HeaderParts:
    """Game and password as in a player's Subject; the GM word only beside the game."""
    parts = reader.subject_parts(subject, ("game", "password"))
    gm_match = _SUBJECT_GM_RE.search(unicodedata.normalize("NFC", subject))
    if gm_match is not None:
        parts.gm = True
        parts.words.extend(re.findall(r"[^\W\d_]+", gm_match.group(0)))
    return parts


def read_subject(subject: str) -> GmHeader:
    """The header parts a Subject line carries (each looked for on its own)."""
    parts = _subject_parts(subject)
    return _gm_header([parts], parts.game, parts.password)


def parse(text: str, subject: str | None = None) -> GmParseResult:
    """Read a GM command mail (see the module docstring)."""
    read = reader.Reader(
        _GmLines(), max_seat=SEAT_MAX, strict_blocks=True, subject=_subject_parts
    ).read(text, subject)
    header = _gm_header(read.sources, read.header.game, read.header.password)
    votes = [lang for word in read.keywords if (lang := keyword_language(word)) is not None]
    return GmParseResult(
        header=header,
        commands=read.items,
        errors=read.errors,
        notes=read.notes,
        ended=read.ended,
        language=header.language or (_majority(votes) if votes else None),
    )


def read_header(text: str, subject: str | None = None) -> GmHeader:
    """Only the header (text lines and Subject): game, password, whether it names the GM.

    Cheap enough for the intake to decide who a mail is from: only lines that contain a
    GM word are parsed.
    """
    sources: list[HeaderParts] = []
    faults: list[Messages] = []
    for raw in unicodedata.normalize("NFC", text).splitlines():
        if not _GM_WORD_RE.search(raw):
            continue
        try:
            tree = parser().parse(reader.strip_comment(raw))
        except UnexpectedInput:
            continue
        node = tree.children[0]
        if isinstance(node, Tree) and node.data == "header":
            try:
                sources.append(reader.header_parts(node, SEAT_MAX))
            except LineError as exc:
                faults.append(exc.messages)
                sources.append(_faulty_header(node))
    if subject:
        sources.append(_subject_parts(subject))
    game = next((parts.game for parts in sources if parts.game is not None), None)
    password = next((parts.password for parts in sources if parts.password is not None), None)
    header = _gm_header(sources, game, password)
    if game is None and not faults and subject and (in_subject := reader.subject_fault(subject)):
        faults.append(in_subject.messages)  # the Subject's game number out of range
    if game is None and faults and header.gm:
        header.fault = faults[0]
    return header


def _faulty_header(node: Tree[Token]) -> HeaderParts:
    """Of a header line with a number out of range: its words, whether it names the GM
    and its password (a secret still), nothing else."""
    parts = HeaderParts()
    for part in node.children:
        if isinstance(part, Tree) and isinstance(first := part.children[0], Token):
            parts.words.append(str(first))
            parts.gm = parts.gm or part.data == "h_gm"
            if part.data == "h_password":
                parts.password = str(part.children[-1])
    return parts


def is_gm_mail(text: str, subject: str | None = None) -> bool:
    """Whether the mail's header (in the text or the Subject) names the GM of a game (or
    of a game number out of range: a GM's mail all the same, refused for that)."""
    header = read_header(text, subject)
    return header.gm and (header.game is not None or header.fault is not None)
