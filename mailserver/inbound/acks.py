"""The acknowledgement: an admitted player's mail taken, and answered with what was taken.

Its message orders go to the message desk, its printout settings are applied, its orders
stored as the seat's submission; the acknowledgement mail says what became of each, echoes
the order text in plain words and names the deadline.
"""

from __future__ import annotations

from dataclasses import replace

from db import repo
from db.models import Game, InboundStatus, OutboxKind
from engine.core import GameKind, MessageOrder, PrintoutFiles, Salt, TurnShape, preview
from grammar.mail_language import mail_language
from mailserver.common.catalog import DEFAULT_LANGUAGE, languages, say
from mailserver.common.formats import format_when
from mailserver.common.kinds import game_kind, order_language
from mailserver.inbound.context import Intake, IntakeOutcome, Mail, Outgoing, Seat
from mailserver.inbound.describe import describer
from mailserver.inbound.echo import echo
from mailserver.inbound.loaded_states import LoadedState, current_state
from mailserver.inbound.messages import MessageDesk
from mailserver.inbound.parsed import read_attachment, read_orders
from mailserver.inbound.submissions import NamedLanguage, Understood, store_orders
from mailserver.printouts.files import choose_printout_files

MESSAGE_LINES = 20
"""Message orders an acknowledgement lists one by one; the rest are counted."""


def acknowledge(intake: Intake, mail: Mail, seat: Seat) -> IntakeOutcome:
    """Take an admitted player's mail and acknowledge it; orders for a turn already
    run are refused, with the acknowledgement's echo all the same."""
    game, player = seat.game, seat.player
    kind = game_kind(game.kind)
    loaded = current_state(intake.session, game)
    read, seat = _understood(mail, seat, kind, loaded, intake.config.max_text_chars)
    next_turn = game.turn + 1
    if read.turn < next_turn:
        lines = [say(seat.lang, "turn_past", turn=read.turn, next=next_turn), ""]
        _send_ack(intake, mail, seat, read, lines, stored=False)
        reason = f"turn {read.turn} is past"
        return _unplanned(intake.finish(mail, InboundStatus.REJECTED, reason, game, player), game)
    ruler = (loaded.names.rulers.get(player.seat) if loaded else None) or player.ruler_name
    desk = MessageDesk(intake, mail, seat, turn=next_turn, ruler=ruler)
    lines = [*_taken(intake, mail, seat, read, desk), *_earlier_messages(intake, mail, seat)]
    _send_ack(intake, mail, seat, read, lines)
    return _unplanned(intake.finish(mail, InboundStatus.PROCESSED, "", game, player), game)


def _unplanned(outcome: IntakeOutcome, game: Game) -> IntakeOutcome:
    """``outcome``, told whether the scheduler needs a pass over ``game`` after it.

    A player's mail writes submissions, messages and the player's printout settings,
    never the game's deadline, reminders, status or hold, which the scheduler plans from
    (docs/performance.md, "A mail the scheduler need not see"). What it can change is
    whether every seat is final, and that matters only in a game that runs early
    (:func:`mailserver.turns.plan.early_run_ready`)."""
    outcome.replan = game.early_run
    return outcome


def answer_language(setting: str, words: list[str]) -> str | None:
    """The language to answer a mail in when it is not the seat's ``setting``: the
    mail's (told by its keywords, ``words``) if the seat's language is the host's default
    and the mail is written in another language of the catalogs. A seat set to another
    language than the default chose it; one with the default may merely never have
    chosen (the host cannot tell), and is answered as it writes (docs/host-rules.md)."""
    written = mail_language(words)
    if setting != DEFAULT_LANGUAGE or written is None or written not in languages():
        return None
    return written if written != setting else None


def _understood(
    mail: Mail, seat: Seat, kind: GameKind, loaded: LoadedState | None, max_chars: int
) -> tuple[Understood, Seat]:
    """The mail's order text as read for ``seat``, with the game's names in ``loaded``;
    an attached text file's when the body has no orders (at most ``max_chars`` long).
    And the seat with the language it is answered in (:func:`answer_language`)."""
    game, player = seat.game, seat.player
    # Read ahead, outside the write transaction, unless the game has moved on since.
    ahead = mail.parsed.reading(game.id or 0, loaded)
    result = ahead.result if ahead is not None else read_orders(kind, mail.body, loaded)
    attached = read_attachment(kind, mail.body, loaded, result, max_chars)
    read = attached or result
    seat = Seat(game, player, answer_language(player.language, read.words))
    namer = order_language(kind).namer(loaded.names.places if loaded else None)
    state = loaded.state if loaded is not None else None
    # The forecast found ahead is for the body's orders, this seat and this language.
    worded = ahead.words(player.seat, seat.lang) if ahead and attached is None else None
    describe = describer(game, kind, state, player.seat, seat.lang, namer, read.orders, worded)
    named = NamedLanguage(order_language(kind), namer, describe)
    turn = read.header.turn if read.header.turn is not None else game.turn + 1
    file = mail.body.attachment
    if attached is not None and file is not None:
        return Understood(attached, named, turn, attachment=file.name, text=file.text), seat
    return Understood(result, named, turn), seat


def _taken(
    intake: Intake, mail: Mail, seat: Seat, read: Understood, desk: MessageDesk
) -> list[str]:
    """Take the mail's messages, settings and orders; the acknowledgement's lines on them."""
    result, player, lang = read.result, seat.player, seat.lang
    messages = [o for o in result.orders if isinstance(o, MessageOrder)]
    # The host's settings, applied now: never orders of the game.
    settings = [s for s in result.settings if isinstance(s, PrintoutFiles)]
    # Salt is part of the submission's text, so it makes one even without orders.
    salted = any(isinstance(s, Salt) for s in result.settings)
    orders = [o for o in result.orders if not isinstance(o, MessageOrder)]
    message_lines = _listed([desk.take(m) for m in messages], lang)
    lines = [say(lang, "ack_web"), ""] if intake.via_web else []
    lines += _cut_note(intake, mail, lang)
    if read.attachment is not None:
        lines += [say(lang, "ack_attachment", name=read.attachment), ""]
    lines += _step_note(intake, seat, read.turn)
    if settings:
        lines += [*choose_printout_files(intake.session, player, settings, lang), ""]
    # "Final" alone is still a submission: it confirms the orders sent before.
    if orders or salted:
        lines += store_orders(intake, mail, seat, read, orders)
    elif not (messages or settings):
        # Nothing understood is no submission: earlier orders stand, none are counted.
        lines += [say(lang, "ack_no_orders", turn=read.turn), ""]
    elif messages:
        lines += [say(lang, "ack_messages_only", turn=read.turn), ""]
    else:
        lines += [say(lang, "ack_settings_only", turn=read.turn), ""]
    if message_lines:
        lines += [say(lang, "messages_title"), *message_lines, ""]
    return lines


def _subject(stored: bool, read: Understood) -> str:
    """The acknowledgement's subject key: refused, nothing understood (no submission), or
    received."""
    if not stored:
        return "ack_subject_refused"
    if not (read.result.orders or read.result.settings):
        return "ack_subject_empty"
    return "ack_subject"


def _listed(message_lines: list[str], lang: str) -> list[str]:
    """One line each for the first message orders; the rest counted (a bounded answer)."""
    if len(message_lines) <= MESSAGE_LINES:
        return message_lines
    rest = len(message_lines) - MESSAGE_LINES
    return [*message_lines[:MESSAGE_LINES], say(lang, "messages_more", n=rest)]


def _cut_note(intake: Intake, mail: Mail, lang: str) -> list[str]:
    """A mail over the size limit was read up to the limit: its text, not its attachments."""
    parsed = mail.parsed
    if not parsed.cut:
        return []
    files = ", ".join(parsed.skipped) or "?"
    limit = intake.config.max_mail_bytes // 1000
    return [say(lang, "ack_cut", size=parsed.size // 1000, limit=limit, files=files), ""]


def _step_note(intake: Intake, seat: Seat, turn: int) -> list[str]:
    """In a stepped game: a note when the next step does not wait for this seat."""
    game, player = seat.game, seat.player
    kind = game_kind(game.kind)
    if kind.shape != TurnShape.STEPPED or turn != game.turn + 1:
        return []
    loaded = current_state(intake.session, game)
    if loaded is None:
        return []
    stepped = kind.stepped
    state = loaded.state
    if player.seat in stepped.awaiting(state):
        return []
    step = stepped.step_name(state, seat.lang)
    return [say(seat.lang, "step_not_awaited", step=step), ""]


def _earlier_messages(intake: Intake, mail: Mail, seat: Seat) -> list[str]:
    """What earlier mails of this turn left waiting (articles, secret messages): a
    new mail replaces the orders, not these, and the acknowledgement says so."""
    game, player = seat.game, seat.player
    waiting = repo.waiting_messages(
        intake.session, game.id or 0, player.seat, game.turn + 1, except_mail=mail.record.id
    )
    if not waiting:
        return []
    lang = seat.lang
    shown = []
    for message in waiting:
        to = message.addressee_seat
        what = say(lang, "kept_secret", to=to) if to is not None else say(lang, "kept_press")
        shown.append(f"  {what} {preview(message.text, lang)}")
    return [say(lang, "kept_title"), *shown, ""]


def _send_ack(
    intake: Intake,
    mail: Mail,
    seat: Seat,
    read: Understood,
    lines: list[str],
    *,
    stored: bool = True,
) -> None:
    """The acknowledgement mail: ``lines``, the echo of the order text, the deadline; for
    orders refused (``stored`` False) its subject and echo say that nothing was kept."""
    game, player = seat.game, seat.player
    lang = seat.lang
    tz = player.timezone or game.timezone or intake.config.default_timezone
    # Orders for a turn already evaluated: the deadline that matters is the coming one's.
    turn = max(read.turn, game.turn + 1)
    if game.next_deadline is not None and turn == game.turn + 1:
        when = format_when(game.next_deadline, tz, lang)
        deadline = say(lang, "deadline", turn=turn, when=when)
    else:
        deadline = say(lang, "no_deadline", turn=turn)
    orders = [o for o in read.result.orders if not isinstance(o, MessageOrder)]
    language = read.language
    result = read.result
    if intake.via_web:  # the page's link named the game and the seat: the echo says so
        header = replace(result.header, game=game.number, player=player.seat, turn=read.turn)
        result = replace(result, header=header)
    body = "\n".join(
        [
            *lines,
            *(mail.quoted_hint(lang) if not (orders or read.result.settings) else []),
            echo(
                result,
                lang,
                language.place_name,
                describe=language.describe,
                stored=stored,
                web=intake.via_web,
            ).rstrip("\n"),
            "",
            deadline,
            "",
            say(lang, "footer"),
            "",
        ]
    )
    intake.send(
        mail,
        Outgoing(
            to=mail.sender,
            subject=say(
                lang,
                _subject(stored, read),
                game=game.number,
                seat=player.seat,
                turn=read.turn,
            ),
            body=body,
            kind=OutboxKind.ACK,
            game=game,
            player=player,
            turn=read.turn,
        ),
    )
