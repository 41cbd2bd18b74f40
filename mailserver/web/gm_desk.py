"""The GM's page as a desk: every seat with its address, orders and latest mails, and
buttons for the everyday commands.

Each button posts a form to ``…/gm/<token>/do`` with the page's form token (the seat
pages' scheme: :func:`mailserver.common.tokens.check_form`) from the site's own origin; the
command is built as the GM's mail would have it (``grammar.gm``) and carried out by the
same :func:`mailserver.gm.mail.perform`, in a savepoint of its own, so the page does
exactly what the mail command does and answers with the mail reply's words. The answer is
a redirect back to the page (a reload does not run a command twice) that shows them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from sqlmodel import Session, col, func, select
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from db.models import Game, InboundMail, Outbox, OutboxKind, Player
from engine.catalogs import FALLBACK
from engine.core import TurnShape
from grammar import gm as lang_gm
from grammar.reader import text_too_long
from mailserver.common import tokens
from mailserver.common.kinds import game_kind
from mailserver.common.terms import HostTerms
from mailserver.gm import operations as gm
from mailserver.gm.mail import GmContext, perform
from mailserver.inbound.cleaning import normalise
from mailserver.web import views
from mailserver.web.texts import text

if TYPE_CHECKING:
    from mailserver.web.app import Page, WebApp

log = logging.getLogger("pbem.web")

ACTIONS = ("postpone", "run", "preview", "resend", "news", "secret")
"""The desk's buttons, each a GM mail command. ``password`` (a new password for a seat)
is left out until the host has that GM command."""
MAIL_KINDS = frozenset({"INBOX", "web", *(str(k) for k in OutboxKind)})
"""Where a mail came in (the IMAP mailbox, the web page) or what it was sent as, by the
names the page has words for."""
SAID_CHARS = 600
"""The longest answer carried back to the page."""


@dataclass(frozen=True)
class LastMail:
    """The newest mail from or to a seat's occupant: when, and how it went."""

    when: datetime
    status: str


@dataclass(frozen=True)
class DeskSeat:
    """A seat on the GM's desk."""

    row: views.SeatRow
    address: str
    language: str
    last_in: LastMail | None
    last_out: LastMail | None


def _last_in(session: Session, player: Player) -> LastMail | None:
    mail = session.exec(
        select(InboundMail)
        .where(InboundMail.player_id == player.id)
        .order_by(col(InboundMail.id).desc())
        .limit(1)
    ).first()
    return None if mail is None else LastMail(mail.received_at, str(mail.status))


def _last_out(session: Session, player: Player) -> LastMail | None:
    # Only mails to the seat's own address: a reply to a stranger who wrote in the seat's
    # name is filed under the seat too, and its bounce says nothing about the seat.
    mail = session.exec(
        select(Outbox)
        .where(Outbox.player_id == player.id)
        .where(func.lower(Outbox.to_address) == player.address.lower())
        .order_by(col(Outbox.id).desc())
        .limit(1)
    ).first()
    return None if mail is None else LastMail(mail.created_at, str(mail.status))


def desk_seats(session: Session, game: Game, view: views.GmView) -> list[DeskSeat]:
    """Every current seat: its public row, its occupant's address and language, and his
    newest mail each way."""
    players = {p.seat: p for p in view.players}
    return [
        DeskSeat(
            row,
            players[row.seat].address,
            players[row.seat].language,
            _last_in(session, players[row.seat]),
            _last_out(session, players[row.seat]),
        )
        for row in view.public.seats
        if row.seat in players
    ]


def _number(form: Mapping[str, str], name: str, default: int | None = None) -> int | None:
    """A whole number from the form (empty: ``default``); ``ValueError`` if not one."""
    value = str(form.get(name, "")).strip()
    return default if not value else int(value)


def command_of(action: str, form: Mapping[str, str]) -> lang_gm.GmCommand:
    """The GM mail command a desk button stands for, from the form's fields;
    ``ValueError`` for an unknown button or a field that makes no sense (a text too long
    for a mail: :func:`too_long` says why)."""
    words = form_text(form)
    if (action in ("news", "secret") and not words) or text_too_long(words) is not None:
        raise ValueError("text")
    match action:
        case "postpone":
            days, hours = _number(form, "days", 0) or 0, _number(form, "hours", 0) or 0
            if days < 0 or hours < 0 or days + hours == 0 or days > 365:
                raise ValueError("delta")
            return lang_gm.Postpone(1, timedelta(days=days, hours=hours))
        case "run":
            return lang_gm.ProcessNow(1, force=form.get("force") == "1")
        case "preview":
            return lang_gm.Preview(1)
        case "resend":
            seat = _number(form, "seat")
            if seat is None:
                raise ValueError("seat")
            return lang_gm.ResendPrintout(1, seat, _number(form, "turn"))
        case "news":
            return lang_gm.PublishNews(1, words)
        case "password":
            seat = _number(form, "seat")
            if seat is None:
                raise ValueError("seat")
            return lang_gm.NewPassword(1, seat)
        case "secret":
            to_seat = _number(form, "to_seat")
            if to_seat is None:
                raise ValueError("seat")
            return lang_gm.ForwardSecret(1, to_seat, words, _number(form, "from_seat"))
    raise ValueError("action")


async def page(web: WebApp, request: Request) -> Response:
    """The GM's page: status, the desk of seats and buttons, the mails, the full view."""

    def read(session: Session) -> dict[str, Any] | None:
        try:
            opened = web.open_page(session, request, tokens.GM_SEAT)
        except LookupError:
            return None
        game, lang = opened.game, opened.lang
        view = views.gm_view(session, game, lang)
        return {
            "lang": lang,
            "page": opened,
            "gm": view,
            "view": view.public,
            "desk": desk_seats(session, game, view),
            "mail_kinds": MAIL_KINDS,
            "form_token": tokens.form_token(web.key(session), opened.link),
            "full": views.printout(session, game, tokens.GM_SEAT, game.turn, lang),
            "map": web.page_map(session, game, tokens.GM_SEAT, lang),
            "done": request.query_params.get("done", ""),
            "said": request.query_params.get("said", "")[:SAID_CHARS],
            "workbench": game_kind(game.kind).shape is TurnShape.GM_ADJUDICATED,
            "calculators": game_kind(game.kind).calculating is not None,
        }

    context = await web.db(read)
    if context is None:
        return await web.not_found(request, LookupError())
    return web.render("gm.html", **context)


FormAct = Callable[[Session, "Page", Mapping[str, str]], Response]
"""What a form of the GM's pages does: with the opened page and the form's fields, in
the request's transaction; its answer."""


async def gm_form(
    web: WebApp,
    request: Request,
    act: FormAct,
    *,
    writes: Callable[[Mapping[str, str]], bool] = lambda form: True,
) -> Response:
    """A form posted on the GM's pages (the desk, the workbench): from the site's own
    origin and with the GM page's form token (else 403; a wrong link 404), ``act`` in
    one transaction, a writing one unless ``writes`` says the form only reads; after a
    write the service is woken (the outbox sender, the game's deadline)."""
    if not web.same_origin(request):
        return web.render("message.html", 403, lang="de", key="forbidden")
    async with request.form(max_files=0, max_fields=10) as form:
        fields = {name: str(value) for name, value in form.items()}
    write = writes(fields)
    game_id: int | None = None

    def work(session: Session) -> Response:
        nonlocal game_id
        try:
            opened = web.open_page(session, request, tokens.GM_SEAT)
        except LookupError:
            return web.render("message.html", 404, lang="de", key="link_gone")
        if not tokens.check_form(web.key(session), opened.link, fields.get("csrf", "")):
            return web.render("message.html", 403, lang=opened.lang, key="forbidden")
        game_id = opened.game.id
        return act(session, opened, fields)

    response: Response = await web.db(work, write=write)
    if write and game_id is not None and web.on_orders is not None:
        web.on_orders(game_id)  # wakes the outbox sender, plans the deadline anew
    return response


async def act(web: WebApp, request: Request) -> Response:
    """A desk button: the GM mail command it stands for, carried out as the mail does,
    then back to the page with the reply's words (``?done=ok|failed&said=…``)."""

    def run(session: Session, opened: Page, form: Mapping[str, str]) -> Response:
        lang, action = opened.lang, form.get("action", "")
        try:
            command = command_of(action, form)
        except ValueError:
            return back(opened.path, "failed", too_long(form, lang) or text(lang, "desk_bad_form"))
        ok, said = carry_out(web, session, opened.game, command, lang)
        log.info("gm desk game %d: %s %s", opened.game.number, action, "ok" if ok else "failed")
        return back(opened.path, "ok" if ok else "failed", said)

    return await gm_form(web, request, run)


def form_text(form: Mapping[str, str]) -> str:
    """The text of news or a secret message as the GM's mail would carry it: cleaned as
    the intake cleans a mail (no control characters; a tab as the spaces to its stop)."""
    return normalise(str(form.get("text", ""))).strip()


def too_long(form: Mapping[str, str], lang: str) -> str | None:
    """Why the form's text is refused for its length, in the words the GM's mail gets for
    it (the one limit of :data:`grammar.reader.TEXT_MAX`); ``None``: it is not."""
    refused = text_too_long(form_text(form))
    return None if refused is None else refused.get(lang) or refused[FALLBACK]


def carry_out(
    web: WebApp, session: Session, game: Game, command: lang_gm.GmCommand, lang: str
) -> tuple[bool, str]:
    """``command`` for ``game`` in a savepoint of its own, as the GM's mail runs it:
    whether it worked, and the reply's words."""
    terms = HostTerms.from_settings(web.settings)
    ctx = GmContext(
        turn=terms.at(datetime.now(UTC)), preview_to=game.gm_address, lang=lang, via="web"
    )
    savepoint = session.begin_nested()
    try:
        outcome = perform(session, game, command, ctx)
    except gm.GmError as exc:
        savepoint.rollback()
        session.refresh(game)
        return False, exc.message(lang, ctx.via)
    savepoint.commit()
    return True, outcome.message


def back(path: str, done: str, said: str, limit: int = SAID_CHARS, **more: str) -> RedirectResponse:
    """Back to the page at ``path`` (a reload runs nothing twice), showing ``said`` (at
    most ``limit`` characters) as having worked (``done`` "ok") or not, with ``more``
    for the page."""
    query = urlencode({"done": done, "said": said[:limit], **more})
    return RedirectResponse(f"{path}?{query}", status_code=303)
