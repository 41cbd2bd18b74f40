"""A GM's command mail: read it, carry out every command in mail order, write the reply.

The intake (``mailserver/inbound/intake.py``) recognises a GM mail by its header
(:func:`is_gm_mail`), checks the GM's password with ``mailserver.gm.operations.verify_gm`` and then
calls :func:`handle_gm_mail` inside its transaction; it enqueues the reply and commits.

Every command runs in a SAVEPOINT of its own: a command that fails (:class:`GmError`, or
a bug) is rolled back alone, reported with its line, and the following commands still run.
The reply lists, line by line, what was understood and what it did, and every error, in
the GM's language (from the header's words; German by default).

:func:`perform` runs one typed command and says what it did; ``pbem gm`` uses it too.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, time

from sqlalchemy import inspect
from sqlmodel import Session

from config.game_options import gm_language
from db.models import Game
from engine.core import ParseError
from grammar import gm as lang_gm
from mailserver.common.catalog import say, say_for
from mailserver.common.formats import format_when
from mailserver.common.terms import TurnContext
from mailserver.gm import operations as gm
from mailserver.gm import rulings
from mailserver.outbound.notices import Addressee, notice
from mailserver.outbound.smtp import Attachment
from mailserver.turns import deadlines as schedule

_log = logging.getLogger("pbem.gm_mail")

DEFAULT_DEADLINE_TIME = time(18, 0)


@dataclass
class CommandOutcome:
    """What one command did (``ok``) or why it failed."""

    line: int
    echo: str
    ok: bool
    message: str
    outbox_ids: list[int] = field(default_factory=list)


@dataclass
class GmMailResult:
    """The reply to a GM mail and what the mail's commands did."""

    subject: str
    reply: str
    language: str
    outcomes: list[CommandOutcome]
    parse_errors: list[ParseError]

    @property
    def done(self) -> int:
        return sum(1 for o in self.outcomes if o.ok)

    @property
    def failed(self) -> int:
        return sum(1 for o in self.outcomes if not o.ok) + len(self.parse_errors)

    @property
    def outbox_ids(self) -> list[int]:
        """The mails the commands put in the outbox (not the reply itself)."""
        return [i for o in self.outcomes for i in o.outbox_ids]


def is_gm_mail(text: str, subject: str | None) -> bool:
    """Whether a mail's header names the GM of a game (reads the header only)."""
    return lang_gm.is_gm_mail(text, subject)


def resolve_when(
    when: lang_gm.When, game: Game, *, now: datetime, lang: str = "de"
) -> schedule.ReadWhen:
    """The moment of a deadline the GM wrote, read in the game's time zone (with the wall
    time a DST change skips, if it does)."""
    at = game.schedule_time or DEFAULT_DEADLINE_TIME
    text = when.canonical(game.timezone, now=now, default_at=at)
    try:
        read = schedule.read_when(text, game.timezone, now=now, default_time=at)
    except ValueError as exc:
        why = exc.say(lang) if isinstance(exc, schedule.WhenError) else str(exc)
        raise gm.GmError("bad_when", reason=why) from None
    if read.moment <= now:
        raise gm.GmError("past", when=format_when(read.moment, game.timezone, lang))
    return read


def _deadline_text(game: Game, lang: str) -> str:
    if game.next_deadline is None:
        return say(lang, "reply_no_deadline")
    return say(
        lang,
        "reply_deadline",
        turn=game.turn + 1,
        when=format_when(game.next_deadline, game.timezone, lang),
    )


@dataclass(frozen=True)
class GmContext:
    """Where and when commands run: the moment and the host's terms, who asked, in
    which language, with which files."""

    turn: TurnContext
    preview_to: str
    """Where a preview's printouts go (the GM who asked)."""
    lang: str = "de"
    attachments: Sequence[Attachment] = ()
    """The files of the GM's mail (a report takes those named for its seat)."""
    via: str = "mail"
    """How the commands came (``mail``, ``web``, ``cli``), kept with his rulings."""

    @property
    def giver(self) -> rulings.Giver:
        """Who gives rulings with these commands, and how."""
        return rulings.Giver(self.preview_to, self.via)


_SEAT_FILE_RE = re.compile(r"^(?:spieler|player|seat|platz)?[\s_-]*0*(\d+)(?:\D|$)", re.IGNORECASE)


def files_for_seat(attachments: Sequence[Attachment], seat: int) -> list[Attachment]:
    """The attachments whose file name starts with the seat: ``3-karte.png``,
    ``spieler3.pdf``, ``Player_3 map.png``."""
    found = []
    for item in attachments:
        match = _SEAT_FILE_RE.match(item.filename)
        if match and int(match[1]) == seat:
            found.append(item)
    return found


def perform(
    session: Session, game: Game, command: lang_gm.GmCommand, ctx: GmContext
) -> CommandOutcome:
    """Carry out one command for ``game``; raises :class:`GmError` if the GM asked wrongly."""
    number, turn_ctx, lang = game.number, ctx.turn, ctx.lang
    now = turn_ctx.now
    ids: list[int] = []
    match command:
        case lang_gm.StartGame():
            passwords = gm.start_game(session, number, turn_ctx)
            session.refresh(game)
            message = say(lang, "started", count=len(passwords))
            message += " " + _deadline_text(game, lang)
        case lang_gm.SetDeadline(when=when):
            read = resolve_when(when, game, now=now, lang=lang)
            game = gm.set_deadline(session, number, read.moment, turn_ctx)
            message = " ".join(
                filter(None, (_deadline_text(game, lang), read.note(game.timezone, lang)))
            )
        case lang_gm.Postpone(delta=delta):
            game = gm.postpone(session, number, delta, turn_ctx)
            message = _deadline_text(game, lang)
        case lang_gm.Pause():
            gm.pause(session, number, now=now)
            message = say_for(ctx.via, lang, "reply_paused", game=number)
        case lang_gm.Resume():
            game = gm.resume(session, number, now=now)
            message = say(lang, "reply_resumed") + " " + _deadline_text(game, lang)
        case lang_gm.Release():
            gm.release_hold(session, number, now=now)
            message = say(lang, "released")
        case lang_gm.ProcessNow(force=force):
            run = gm.process_now(session, number, turn_ctx, force=force)
            ids = list(run.outbox_ids)
            if run.status == "done":
                key = "run_over" if run.game_over else "run_done"
                message = say(lang, key, turn=run.turn, mails=len(ids))
            else:
                message = say(lang, "run_other", status=run.status, reason=run.reason)
        case lang_gm.Preview():
            ids, lapsed = enqueue_preview(session, game, ctx)
            message = say(
                lang, "preview", turn=game.turn + 1, count=len(ids), address=ctx.preview_to
            )
            message = "\n".join([message, *_lapsed_lines(lapsed, lang)])
        case lang_gm.ReplacePlayer(
            seat=seat, address=address, language=language, second_seat=second
        ):
            player, _password = gm.replace_player(
                session,
                number,
                seat,
                turn_ctx,
                address=address,
                language=language,
                second_seat=second,
            )
            message = say(
                lang, "replaced", seat=seat, address=player.address, language=player.language
            )
        case lang_gm.DropPlayer(seat=seat):
            player = gm.drop_player(session, number, seat, turn_ctx)
            message = say(lang, "reply_dropped", seat=seat, address=player.address)
        case lang_gm.AddStandby(address=address, language=language, name=name):
            entry = gm.add_standby(
                session, address, name=name, language=language or "de", kind=game.kind, now=now
            )
            message = say(lang, "standby", address=entry.address, language=entry.language)
        case lang_gm.PublishNews(text=text):
            news = gm.publish_news(session, number, text, now=now)
            message = say(lang, "news", turn=news.turn)
        case lang_gm.ForwardSecret(to_seat=to_seat, from_seat=from_seat, text=text):
            secret = gm.forward_secret(session, number, to_seat, text, from_seat=from_seat, now=now)
            message = say(lang, "secret", turn=secret.turn, seat=to_seat)
        case lang_gm.ResendPrintout(seat=seat, turn=turn):
            ids = [gm.resend_printout(session, number, seat, turn_ctx, turn=turn)]
            shown = game.turn if turn is None else turn
            message = say(lang, "resent", turn=shown, seat=seat)
        case lang_gm.SendReport(seat=seat, text=text):
            files = files_for_seat(ctx.attachments, seat)
            gm.record_report(session, number, seat, text, attachments=files, now=now)
            message = say(lang, "report", seat=seat, files=len(files))
        case lang_gm.PublishReports():
            run = gm.publish(session, number, turn_ctx)
            ids = list(run.outbox_ids)
            key = "run_over" if run.game_over else "run_done"
            message = say(lang, key, turn=run.turn, mails=len(ids))
        case lang_gm.GiveRulings(text=text):
            lines = text.splitlines()
            taken = rulings.give_rulings(session, number, lines, lang=lang, now=now, by=ctx.giver)
            message, ids = _rulings_reply(session, game, taken, ctx)
        case lang_gm.CorrectState(what=what, reason=reason):
            taken = rulings.correct_state(
                session, number, what, reason, lang=lang, now=now, by=ctx.giver
            )
            message, ids = _rulings_reply(session, game, taken, ctx)
        case lang_gm.EndGame():
            taken = rulings.end_game(session, number, lang=lang, now=now, by=ctx.giver)
            message, ids = _rulings_reply(session, game, taken, ctx)
        case lang_gm.ShowStatus():
            message = gm.status(session, number, now=now, lang=lang).rstrip("\n")
        case lang_gm.NewPassword(seat=seat):
            player = gm.new_seat_password(session, number, seat, turn_ctx)
            message = say(lang, "reply_new_password", seat=seat, address=player.address)
        case lang_gm.DeleteGame():
            gm.delete_game(session, number)
            message = say(lang, "reply_deleted", game=number)
        case _:
            message = _edit(session, game, command, ctx)
    return CommandOutcome(command.line, lang_gm.echo_command(command, lang), True, message, ids)


def _rulings_reply(
    session: Session, game: Game, taken: rulings.RulingsTaken, ctx: GmContext
) -> tuple[str, list[int]]:
    """The answer to rulings: how many were kept, the lines refused and why, and what is
    still open; when nothing is, the drafts of every printout go to the GM."""
    lang = ctx.lang
    lines = [say(lang, "rulings_taken", count=taken.taken)]
    lines += [say(lang, "ruling_refused", line=line, reason=why) for line, why in taken.refused]
    if taken.still_open:
        lines.append(say(lang, "rulings_open", count=len(taken.still_open)))
        lines += [f"  {item}" for item in taken.still_open]
        return "\n".join(lines), []
    ids, lapsed = enqueue_preview(session, game, ctx)
    lines.append(say(lang, "rulings_none_open", count=len(ids), address=ctx.preview_to))
    return "\n".join([*lines, *_lapsed_lines(lapsed, lang)]), ids


def _lapsed_lines(lapsed: list[str], lang: str) -> list[str]:
    """The rulings the drafted turn could not apply, under their heading (none: no
    lines), so that the GM learns of each with the drafts."""
    if not lapsed:
        return []
    return [say(lang, "rulings_lapsed", count=len(lapsed)), *(f"  {line}" for line in lapsed)]


def _edit(session: Session, game: Game, command: lang_gm.GmCommand, ctx: GmContext) -> str:
    """A change of the game's settings (title, time zone, GM address, schedule, an
    option)."""
    match command:
        case lang_gm.ChangeTitle(title=title):
            edit = gm.GameEdit(title=title)
        case lang_gm.ChangeTimezone(timezone=timezone):
            edit = gm.GameEdit(timezone=timezone)
        case lang_gm.ChangeGmAddress(address=address):
            edit = gm.GameEdit(gm_address=address)
        case lang_gm.ChangeSchedule(every_days=days, at=at):
            edit = gm.GameEdit(every_days=days, at=at)
        case lang_gm.SetOption(key=key, value=value):
            edit = gm.GameEdit(options={key: gm.option_value(value)})
        case _:  # pragma: no cover - perform handles every other command
            raise AssertionError(command)
    gm.edit_game(session, game.number, edit, now=ctx.turn.now)
    session.refresh(game)
    return say(ctx.lang, "reply_edited", game=game.number) + " " + settings_text(game, ctx.lang)


def settings_text(game: Game, lang: str) -> str:
    """The game's time zone, GM address and schedule, as a reply shows them."""
    if game.schedule_every_days is None or game.schedule_time is None:
        schedule_text = say(lang, "settings_no_schedule")
    else:
        schedule_text = say(
            lang,
            "settings_schedule",
            days=game.schedule_every_days,
            at=f"{game.schedule_time:%H:%M}",
        )
    return say(
        lang,
        "settings_line",
        timezone=game.timezone,
        gm=game.gm_address,
        schedule=schedule_text,
    )


def enqueue_preview(session: Session, game: Game, ctx: GmContext) -> tuple[list[int], list[str]]:
    """Every printout of the pending turn, each as a mail of its own to the GM who asked:
    the mails' ids, and the rulings the drafted turn could not apply."""
    assert game.id is not None
    lang, turn_ctx = ctx.lang, ctx.turn
    drafts = gm.drafts(session, game.number, turn_ctx.terms)
    ids = []
    for seat, body in sorted(drafts.printouts.items()):
        who = say(lang, "preview_gm") if seat == 0 else say(lang, "preview_seat", seat=seat)
        mail = notice(
            session,
            turn_ctx,
            Addressee(ctx.preview_to, game.id),
            subject=say(lang, "preview_subject", game=game.number, turn=game.turn + 1, who=who),
            body=say(lang, "preview_note") + "\n\n" + body,
            turn=game.turn + 1,
        )
        assert mail.id is not None
        ids.append(mail.id)
    return ids, drafts.lapsed


def _run_one(
    session: Session, game: Game, command: lang_gm.GmCommand, ctx: GmContext
) -> CommandOutcome:
    """One command in a SAVEPOINT: its failure undoes its own writes only."""
    echo = lang_gm.echo_command(command, ctx.lang)
    savepoint = session.begin_nested()
    try:
        outcome = perform(session, game, command, ctx)
    except gm.GmError as exc:
        savepoint.rollback()
        _refresh(session, game)
        return CommandOutcome(command.line, echo, False, exc.message(ctx.lang, ctx.via))
    except Exception:  # a bug must cost one command, never the mail
        savepoint.rollback()
        _refresh(session, game)
        _log.exception("GM command on line %d of game %d failed", command.line, game.number)
        return CommandOutcome(command.line, echo, False, say(ctx.lang, "internal"))
    savepoint.commit()
    return outcome


def _refresh(session: Session, game: Game) -> None:
    """The game as the database has it after a rollback; nothing once it is deleted."""
    if inspect(game).persistent:
        session.refresh(game)


def handle_gm_mail(
    session: Session,
    game: Game,
    text: str,
    subject: str | None,
    ctx: TurnContext,
    *,
    sender: str,
    attachments: Sequence[Attachment] = (),
) -> GmMailResult:
    """Carry out a GM mail's commands for ``game`` (password already checked) and reply.

    ``text`` is the cleaned mail body, ``sender`` the address it came from (previews go
    there), ``ctx`` the moment and the host's terms (the server's own address, the fees
    for ``Auswerten``, the page links), ``attachments`` the mail's files (reports take
    those named for their seat). Writes happen in ``session``; the caller enqueues the
    reply (``subject``, ``reply``) and commits.
    """
    parsed = lang_gm.parse(text, subject)
    lang = gm_language(game.options, parsed.language)
    errors = list(parsed.errors)
    named = parsed.header.game
    if named is not None and named != game.number:
        lines = [say(lang, "wrong_game", named=named, game=game.number)]
        return _result(game, lang, lines, [], errors)
    gm_ctx = GmContext(ctx, sender, lang, attachments)
    outcomes = [_run_one(session, game, command, gm_ctx) for command in parsed.commands]
    lines = _reply_lines(outcomes, errors, lang)
    if not parsed.commands and not errors:
        lines.append(say(lang, "nothing", game=game.number))
    return _result(game, lang, lines, outcomes, errors)


def _result(
    game: Game,
    lang: str,
    lines: list[str],
    outcomes: list[CommandOutcome],
    errors: list[ParseError],
) -> GmMailResult:
    result = GmMailResult("", "", lang, outcomes, errors)
    body = [say(lang, "intro", game=game.number), "", *lines]
    if outcomes or errors:
        body += ["", say(lang, "summary", done=result.done, failed=result.failed)]
    result.subject = say(lang, "subject", game=game.number, done=result.done, failed=result.failed)
    result.reply = "\n".join(body) + "\n"
    return result


def _reply_lines(
    outcomes: Sequence[CommandOutcome], errors: Sequence[ParseError], lang: str
) -> list[str]:
    """Commands and errors in line order, each with what it did or what went wrong."""
    entries: list[tuple[int, int, list[str]]] = []
    for outcome in outcomes:
        head = say(lang, "line", line=outcome.line, text=outcome.echo)
        if outcome.ok:
            body = [
                "  → " + part if i == 0 else "    " + part
                for i, part in enumerate(outcome.message.splitlines())
            ]
        else:
            body = [say(lang, "error", message=outcome.message)]
        entries.append((outcome.line, 0, [head, *body]))
    for error in errors:
        if error.line == 0:
            head = say(lang, "subject_line", text=error.line_text)
        else:
            head = say(lang, "line", line=error.line, text=error.line_text)
        entries.append(
            (
                error.line,
                1,
                [
                    head,
                    say(
                        lang,
                        "error_at",
                        column=error.column,
                        text=error.text,
                        message=error.message(lang),
                    ),
                ],
            )
        )
    lines: list[str] = []
    for _, _, block in sorted(entries, key=lambda e: (e[0], e[1])):
        lines += [*block, ""]
    return lines[:-1]
