"""The web application (Starlette): the routes, the security checks, the templates.

Every page reads the database in a worker thread (``asyncio.to_thread``): the event loop
stays free for the mail service when ``pbem serve`` runs the pages. A wrong, old or
revoked link, and the link of an occupant who left his seat (dropped, resigned,
replaced), is a 404 like a page that is not there, so a link cannot be probed; its page
says why a private link can stop working. A form
submission must carry the page's form token (``tokens.form_token``) and come from the
site's own origin; every answer carries a strict Content Security Policy (scripts only
from ``/static``), and the private pages are never cached.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from markupsafe import Markup
from sqlalchemy import Engine
from sqlmodel import Session, col, func, select
from starlette.applications import Starlette
from starlette.convertors import IntegerConvertor, register_url_convertor
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from config.game_options import gm_language
from config.settings import Settings
from db import repo
from db.models import Game, GameStatus, InboundMail, Player, PlayerStatus
from db.session import reading, transaction
from mailserver.common import tokens
from mailserver.common.catalog import DEFAULT_LANGUAGE
from mailserver.common.kinds import game_kind
from mailserver.common.priority import MailFirst
from mailserver.inbound.intake import WEB_MAILBOX, IntakeConfig, process_web_orders
from mailserver.printouts.dice import dice_view
from mailserver.printouts.files import map_png, map_web, report_json
from mailserver.printouts.maps import WebMap
from mailserver.web import calculators, gm_desk, views, workbench
from mailserver.web.guard import BodyLimit, RequestLimits
from mailserver.web.headers import SecurityHeaders
from mailserver.web.orders import check_orders
from mailserver.web.templating import page_templates
from mailserver.web.texts import PAGES, text
from mailserver.web.throttle import Throttle

log = logging.getLogger("pbem.web")

HERE = Path(__file__).parent
MAX_BODY_BYTES = 1_500_000
"""The largest request body read (the order form, the check), and never more than
``limits.max_mail_bytes``: the text limits apply after it. Enough for the longest order
text the intake takes (``limits.max_text_chars``) however it is encoded."""
WEB_THREADS = 2
"""The pages' own worker threads: the service's (outbox, scheduler) stay free. Two, not
more: pages are work for the interpreter, and more threads at it only took turns with
each other and with the mail stages (bench_pageflood.py: 1.14x the quiet ack latency
with four, 1.07x with two, as many pages a second)."""
KEPT_EXTRAS = 256
"""Maps and reports kept in memory (the most recently used), not every one ever drawn."""


@dataclass
class Page:
    """A private page opened by a valid link: the game, the seat (0: GM), its occupant."""

    game: Game
    seat: int
    player: Player | None
    link: str
    """The link token (the form token derives from it)."""

    @property
    def lang(self) -> str:
        return self.player.language if self.player else gm_language(self.game.options)

    @property
    def path(self) -> str:
        return tokens.seat_path(self.game, self.seat, self.link)


@dataclass(frozen=True)
class PageMap:
    """A map as a template inlines it: the SVG and the legend's symbols as markup (built
    by ElementTree, which escaped every text in them), the legend's meanings as text."""

    svg: Markup
    legend: tuple[tuple[Markup, str], ...]


def map_markup(found: WebMap | None) -> PageMap | None:
    """The page's map from the drawing (None: the kind draws none)."""
    if found is None:
        return None
    return PageMap(Markup(found.svg), tuple((Markup(s), text) for s, text in found.legend))


class _Number(IntegerConvertor):
    """A game or seat number in an address: at most nine digits, so that a longer one is
    no page (404) rather than a number the database cannot hold (a 500)."""

    regex = "[0-9]{1,9}"


register_url_convertor("number", _Number())


def _lang_of(request: Request) -> str:
    """A public page's language: ``?lang=``, else the browser's first choice (``en-US``:
    ``en``), if the pages have it; else the default (German)."""
    asked = request.query_params.get("lang", "")
    if asked in PAGES.languages:
        return asked
    accept = request.headers.get("accept-language", "").lower()
    first = re.split(r"[-_,;\s]", accept.strip(), maxsplit=1)[0]
    return first if first in PAGES.languages else DEFAULT_LANGUAGE


class WebApp:
    """The pages over one database; :attr:`app` is the ASGI application.

    ``on_orders(game_id)`` runs in the event loop after orders from a page were committed
    (``pbem serve`` wakes its outbox sender and re-plans the game's deadline); without it
    a separate sender finds the acknowledgement within seconds.
    """

    def __init__(
        self,
        settings: Settings,
        engine: Engine,
        on_orders: Callable[[int], None] | None = None,
        mail_first: MailFirst | None = None,
    ) -> None:
        self.settings = settings
        self.engine = engine
        self.on_orders = on_orders
        self.mail_first = mail_first or MailFirst()
        """The service's mail stages: a page waits for a pause in their work."""
        self._key: bytes | None = None
        self._threads = ThreadPoolExecutor(WEB_THREADS, thread_name_prefix="pbem-web")
        self._slots = asyncio.Semaphore(WEB_THREADS)
        """Work handed to the threads: never more than they run at once."""
        self._extras: OrderedDict[tuple[str, int, int, int, str], Any] = OrderedDict()
        self._extras_lock = threading.Lock()
        self.checks = Throttle()
        """The order form's checks, per link (a small token bucket each)."""
        self.templates = page_templates()
        seat = "/game/{number:number}/seat/{seat:number}/{token}"
        gm = "/game/{number:number}/gm/{token}"
        self.app = Starlette(
            routes=[
                Route("/", self.index),
                Route("/game/{number:number}", self.public),
                Route(seat, self.private),
                Route(seat + "/check", self.check, methods=["POST"]),
                Route(seat + "/orders", self.orders, methods=["POST"]),
                Route(seat + "/map.png", self.map_png),
                Route(seat + "/report.json", self.report),
                Route(seat + "/calculators", partial(calculators.page, self)),
                Route(
                    seat + "/calculators", partial(calculators.calculate, self), methods=["POST"]
                ),
                Route(gm, self.gm),
                Route(gm + "/do", self.gm_act, methods=["POST"]),
                Route(gm + "/map.png", self.map_png),
                Route(gm + "/report.json", self.report),
                Route(gm + "/calculators", partial(calculators.page, self)),
                Route(gm + "/calculators", partial(calculators.calculate, self), methods=["POST"]),
                # The GM's workbench of a turn he adjudicates (web/workbench.py).
                Route(gm + "/workbench", partial(workbench.page, self)),
                Route(gm + "/workbench/check", partial(workbench.check, self), methods=["POST"]),
                Route(gm + "/workbench/rulings", partial(workbench.give, self), methods=["POST"]),
                Route(gm + "/workbench/draft", partial(workbench.draft, self)),
                Route(gm + "/workbench/publish", partial(workbench.confirm, self)),
                Route(
                    gm + "/workbench/publish", partial(workbench.publish, self), methods=["POST"]
                ),
                Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
            ],
            middleware=[
                Middleware(RequestLimits),
                Middleware(SecurityHeaders),
                Middleware(BodyLimit, limit=min(MAX_BODY_BYTES, settings.limits.max_mail_bytes)),
            ],
            exception_handlers={404: self.not_found, 405: self.not_found},
        )

    # -- helpers -----------------------------------------------------------------------

    async def db(self, work: Callable[[Session], Any], *, write: bool = False) -> Any:
        """``work(session)`` in one transaction, in one of the pages' worker threads
        (a few, their own: a flood of requests waits for them, not the mail service).

        A read unless ``write``: it never takes the write lock (on SQLite a deferred
        transaction that only reads), so a flood of pages neither waits for intake and
        turn runs nor holds them up. Only sending orders writes.

        Mail goes first: no more work is handed to the threads than they run at once,
        and each waits for a pause in the mail stages' work before it is handed over
        (a queue in the executor would run on through a burst of mail).
        """

        def run() -> Any:
            if self._key is None and not self.settings.web.secret:
                # The links' key is made and stored the first time it is needed.
                with transaction(self.engine) as session:
                    self.key(session)
            with (transaction if write else reading)(self.engine) as session:
                return work(session)

        async with self._slots:
            await self.mail_first.pause()
            return await asyncio.get_running_loop().run_in_executor(self._threads, run)

    def key(self, session: Session) -> bytes:
        if self._key is None:
            self._key = tokens.link_key(session, self.settings.web)
        return self._key

    def render(self, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        html = self.templates.get_template(name).render(**context)
        return HTMLResponse(html, status_code=status)

    async def not_found(self, request: Request, exc: Exception) -> Response:
        private = "/seat/" in request.url.path or "/gm/" in request.url.path
        key = "link_gone" if private else "not_found"
        return self.render("message.html", 404, lang=_lang_of(request), key=key)

    def open_page(self, session: Session, request: Request, seat: int | None = None) -> Page:
        """The page of a valid link (``seat`` None: the GM's); else :class:`LookupError`."""
        params = request.path_params
        game = repo.get_game_by_number(session, int(params["number"]))
        seat = int(params.get("seat", tokens.GM_SEAT)) if seat is None else seat
        token = str(params["token"])
        if "seat" in params and seat < 1:
            raise LookupError("seat 0 is the GM's page")
        if game is None or not tokens.check_link(session, self.key(session), game, seat, token):
            raise LookupError("no such page")
        player = None
        if seat != tokens.GM_SEAT:
            player = next(p for p in repo.current_players(session, game.id or 0) if p.seat == seat)
        return Page(game, seat, player, token)

    def allowed_origin(self, request: Request) -> str:
        base = self.settings.web.base_url
        if base:
            parts = urlsplit(base)
            return f"{parts.scheme}://{parts.netloc}"
        return f"{request.url.scheme}://{request.url.netloc}"

    def same_origin(self, request: Request) -> bool:
        """Whether a submission comes from the site's own pages (Origin, else Referer)."""
        allowed = self.allowed_origin(request)
        origin = request.headers.get("origin")
        if origin is not None:
            return origin == allowed
        referer = request.headers.get("referer", "")
        return referer.startswith(allowed + "/")

    def takes_orders(self, page: Page) -> bool:
        player = page.player
        return (
            player is not None
            and player.status == PlayerStatus.ACTIVE
            and page.game.status in (GameStatus.RUNNING, GameStatus.PAUSED)
        )

    def sent_lately(self, session: Session, page: Page) -> int:
        """Orders the page's occupant sent from the page in the last hour."""
        assert page.player is not None
        since = datetime.now(UTC) - timedelta(hours=1)
        count = session.exec(
            select(func.count())
            .select_from(InboundMail)
            .where(
                InboundMail.mailbox == WEB_MAILBOX,
                InboundMail.game_id == page.game.id,
                InboundMail.player_id == page.player.id,
                col(InboundMail.received_at) >= since,
            )
        ).one()
        return int(count)

    # -- public ------------------------------------------------------------------------

    async def index(self, request: Request) -> Response:
        lang = _lang_of(request)

        def read(session: Session) -> Response:
            return self.render("index.html", lang=lang, games=views.listed_games(session))

        page: Response = await self.db(read)
        return page

    async def public(self, request: Request) -> Response:
        lang = _lang_of(request)
        number = int(request.path_params["number"])

        def read(session: Session) -> Response | None:
            game = repo.get_game_by_number(session, number)
            if game is None or game.status == GameStatus.SETUP:
                return None
            return self.render(
                "public.html", lang=lang, view=views.public_view(session, game, lang)
            )

        page: Response | None = await self.db(read)
        return page or await self.not_found(request, LookupError())

    # -- a player's page ---------------------------------------------------------------

    def private_context(
        self, session: Session, request: Request, page: Page, **extra: Any
    ) -> dict[str, Any]:
        game, lang = page.game, page.lang
        latest = game.turn
        try:
            shown = int(request.query_params.get("turn", latest))
        except ValueError:
            shown = latest
        shown = min(max(shown, 0), latest)
        printout = views.printout(session, game, page.seat, shown, lang)
        state = views.current_state(session, game, shown)
        shown_map = self.page_map(session, game, page.seat, lang, state)
        has_report = (
            state is not None
            and self.extra(session, "report", game, state, page.seat, lang) is not None
        )
        if "text" not in extra and page.player is not None:
            extra["text"], extra["text_from"] = views.order_text(session, game, page.player, lang)
        return {
            "lang": lang,
            "page": page,
            "view": views.public_view(session, game, lang),
            "turns": list(range(latest, -1, -1)),
            "shown": shown,
            "printout": printout,
            "ruler": views.ruler(game, state, page.seat, lang),
            "has_map": shown_map is not None,
            "map": shown_map,
            "has_report": has_report,
            "form_token": tokens.form_token(self.key(session), page.link),
            "takes_orders": self.takes_orders(page),
            "calculators": game_kind(game.kind).calculating is not None,
            "text": "",
            "text_from": "",
            "checked": None,
            "sent": request.query_params.get("sent", ""),
            **extra,
        }

    def page_map(
        self, session: Session, game: Game, seat: int, lang: str, state: Any = None
    ) -> PageMap | None:
        """The map a page inlines: of ``state`` (default: the game's latest), kept
        like the files; None when there is no state or the kind draws no map."""
        if state is None:
            state = views.current_state(session, game, game.turn)
        if state is None:
            return None
        return map_markup(self.extra(session, "web_map", game, state, seat, lang))

    def extra(
        self, session: Session, what: str, game: Game, state: Any, seat: int, lang: str
    ) -> Any:
        """The map or report (with its dice) of a seat and turn, asked of the hook once
        and kept (the :data:`KEPT_EXTRAS` most recently used)."""
        key = (what, game.id or 0, int(state.turn), seat, lang)
        with self._extras_lock:
            if key in self._extras:
                self._extras.move_to_end(key)
                return self._extras[key]
        found: Any
        if what == "map":
            found = map_png(game, state, seat, lang)
        elif what == "web_map":
            found = map_web(game, state, seat, lang)
        else:
            dice = dice_view(session, game, int(state.turn))
            found = report_json(game, state, seat, lang, dice)
        with self._extras_lock:
            self._extras[key] = found
            while len(self._extras) > KEPT_EXTRAS:
                self._extras.popitem(last=False)
        return found

    async def private(self, request: Request) -> Response:
        def read(session: Session) -> Response | None:
            try:
                page = self.open_page(session, request)
            except LookupError:
                return None
            return self.render("private.html", **self.private_context(session, request, page))

        shown: Response | None = await self.db(read)
        return shown or await self.not_found(request, LookupError())

    def too_many_checks(self, request: Request) -> float:
        """0 when the link may have its text checked now, else the seconds to wait (a
        token bucket per link as written: a stranger's wrong links never use up the
        player's)."""
        params = request.path_params
        return self.checks.take((params["number"], params["seat"], params["token"]))

    async def typed_text(
        self, request: Request, throttle: Callable[[Request], float]
    ) -> str | Response:
        """The text of a check as it is typed (``{"text": ...}``), or the JSON answer
        refusing it: from another origin (403), while the link's ``throttle`` says to
        wait (429), not JSON (400)."""
        if not self.same_origin(request):
            return JSONResponse({"error": "origin"}, status_code=403)
        if wait := throttle(request):
            lang = _lang_of(request)
            return JSONResponse(
                {"error": "too many", "message": text(lang, "checks_too_many")},
                status_code=429,
                headers={"Retry-After": str(max(1, round(wait)))},
            )
        body = await request.body()  # at most the BodyLimit's bytes
        try:
            return str(json.loads(body).get("text", ""))
        except (ValueError, AttributeError):
            return JSONResponse({"error": "bad request"}, status_code=400)

    async def check(self, request: Request) -> Response:
        """The order form's check as JSON: ``{"text": ...}`` in, what was understood out."""
        order_text = await self.typed_text(request, self.too_many_checks)
        if isinstance(order_text, Response):
            return order_text
        form = request.headers.get("x-csrf-token", "")

        def work(session: Session) -> Response:
            try:
                page = self.open_page(session, request)
            except LookupError:
                return JSONResponse({"error": "not found"}, status_code=404)
            if page.player is None or not tokens.check_form(self.key(session), page.link, form):
                return JSONResponse({"error": "form token"}, status_code=403)
            return JSONResponse(self.checked(session, page, order_text))

        response: Response = await self.db(work)
        return response

    def checked(self, session: Session, page: Page, order_text: str) -> dict[str, Any]:
        """The order form's check of ``order_text`` for the page's seat, within the limits
        mail intake applies."""
        assert page.player is not None
        limits = self.settings.limits
        return check_orders(
            session,
            page.game,
            page.player,
            order_text,
            max_chars=limits.max_text_chars,
            max_lines=limits.max_order_lines,
        )

    async def orders(self, request: Request) -> Response:
        """The order form: ``action=check`` shows the check on the page (without
        JavaScript), ``action=send`` takes the orders through the mail intake."""
        if not self.same_origin(request):
            return self.render("message.html", 403, lang=DEFAULT_LANGUAGE, key="forbidden")
        async with request.form(max_files=0, max_fields=10) as form:
            order_text = str(form.get("text", ""))
            form_token = str(form.get("csrf", ""))
            action = str(form.get("action", "send"))
        if action not in ("check", "send"):  # a forged form: checked, nothing is sent
            action = "check"
        limits = self.settings.limits
        if action == "check" and (wait := self.too_many_checks(request)):
            throttled = self.render(
                "message.html", 429, lang=_lang_of(request), key="checks_too_many"
            )
            throttled.headers["Retry-After"] = str(max(1, round(wait)))
            return throttled
        taken = False

        def work(session: Session) -> Response:
            nonlocal taken
            try:
                page = self.open_page(session, request)
            except LookupError:
                return self.render("message.html", 404, lang=DEFAULT_LANGUAGE, key="link_gone")
            if page.player is None or not tokens.check_form(
                self.key(session), page.link, form_token
            ):
                return self.render("message.html", 403, lang=page.lang, key="forbidden")
            if action == "check" or not self.takes_orders(page):
                checked = self.checked(session, page, order_text)
                context = self.private_context(
                    session, request, page, text=order_text, checked=checked
                )
                return self.render("private.html", **context)
            if not order_text.strip():  # nothing to send: said, nothing stored or mailed
                context = self.private_context(session, request, page, text=order_text)
                return self.render("private.html", **{**context, "sent": "empty"})
            if self.sent_lately(session, page) >= limits.answers_per_hour:
                # Refused unread and unanswered: a page cannot make the server send
                # unbounded mail (the mail path's answers are bounded the same way).
                log.warning("web orders game %d seat %d: too many", page.game.number, page.seat)
                context = self.private_context(session, request, page, text=order_text)
                return self.render("private.html", 429, too_many=True, **context)
            outcome = process_web_orders(
                session,
                page.game,
                page.player,
                order_text,
                config=IntakeConfig.from_settings(self.settings),
            )
            taken = True
            log.info(
                "web orders game %d seat %d: %s %s",
                page.game.number,
                page.seat,
                outcome.status.value,
                outcome.reason,
            )
            if outcome.status.value != "processed":  # the page keeps what was sent
                context = self.private_context(session, request, page, text=order_text)
                return self.render("private.html", **{**context, "sent": "refused"})
            return RedirectResponse(f"{page.path}?sent=ok", status_code=303)

        # Sending writes (the intake); a check only reads.
        response: Response = await self.db(work, write=action != "check")
        if taken and self.on_orders is not None:
            number = int(request.path_params["number"])

            def game_id(session: Session) -> int | None:
                game = repo.get_game_by_number(session, number)
                return None if game is None else game.id

            found = await self.db(game_id)
            if found is not None:
                self.on_orders(found)
        return response

    async def map_png(self, request: Request) -> Response:
        return await self.extra_file(request, "map")

    async def report(self, request: Request) -> Response:
        return await self.extra_file(request, "report")

    async def extra_file(self, request: Request, what: str) -> Response:
        """The map picture or the JSON report of the page's seat (``?turn=``)."""

        def read(session: Session) -> Any:
            try:
                page = self.open_page(session, request)
            except LookupError:
                return None
            try:
                turn = int(request.query_params.get("turn", page.game.turn))
            except ValueError:
                return None
            state = views.current_state(session, page.game, turn)
            if state is None:
                return None
            return self.extra(session, what, page.game, state, page.seat, page.lang)

        found = await self.db(read)
        if found is None:
            return await self.not_found(request, LookupError())
        if what == "map":
            return Response(found, media_type="image/png")
        return JSONResponse(found)

    # -- the GM's page (mailserver/web/gm_desk.py) ------------------------------------

    async def gm(self, request: Request) -> Response:
        return await gm_desk.page(self, request)

    async def gm_act(self, request: Request) -> Response:
        return await gm_desk.act(self, request)


def create_app(
    settings: Settings,
    engine: Engine,
    on_orders: Callable[[int], None] | None = None,
    mail_first: MailFirst | None = None,
) -> Starlette:
    """The ASGI application of the pages on ``engine``'s database (``mail_first``: the
    service's mail stages, which the pages let go first)."""
    return WebApp(settings, engine, on_orders, mail_first).app
