"""The GM's workbench of a GM-adjudicated turn at its deadline: the dossier as it was
mailed, the items still open, the ruling form (checked as it is typed), the rulings and
corrections given so far, each seat's draft, and the publish button.

It is the mail's loop from the page. Rulings, corrections, the end of the game and the
publication are the GM's mail commands (``Entscheid`` … ``Ende``, ``Korrektur``,
``Spielende``, ``Veröffentlichen``) carried out by the same
:func:`mailserver.gm.mail.perform` as the desk's buttons (:func:`gm_desk.carry_out`):
the same checks, the same rows, the same mails. The check as typed is
:func:`mailserver.gm.rulings.check_lines` (stores nothing), the drafts are the GM's
preview. The host never names a game: the kind's ``adjudicated`` and ``ruled`` parts say
what there is. Forms carry the GM page's form token and come from the site's origin.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from sqlmodel import Session
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from db import repo
from db.models import GameStatus
from engine.core import CORRECTION, TurnShape
from grammar import gm as lang_gm
from mailserver.common import tokens
from mailserver.common.kinds import game_kind
from mailserver.common.terms import HostTerms
from mailserver.gm import operations as gm
from mailserver.gm import rulings
from mailserver.turns.plan import READERS, plan_turn
from mailserver.turns.run import dossier_text, open_items
from mailserver.web import views
from mailserver.web.gm_desk import back, carry_out, gm_form
from mailserver.web.texts import text

if TYPE_CHECKING:
    from mailserver.web.app import Page, WebApp

log = logging.getLogger("pbem.web")

SAID_CHARS = 4000
"""The longest answer carried back to the workbench (a ruling's refusals can be long)."""
ACTIONS = ("check", "give", "correct", "end")
"""The ruling form's buttons: check on the page (without the script), give the rulings,
a correction, the end of the game."""


def default_form(dossier: str, still_open: Sequence[str]) -> str:
    """The ruling lines the dossier's ``Entscheid`` block offers (its defaults), for the
    items still open (an item's id is the first word of its line)."""
    blocks = [
        c.text for c in lang_gm.parse(dossier, None).commands if isinstance(c, lang_gm.GiveRulings)
    ]
    if not blocks:
        return ""
    ids = {line.split()[0].upper() for line in still_open if line.split()}
    lines = blocks[-1].splitlines()
    return "\n".join(line for line in lines if line.split() and line.split()[0].upper() in ids)


def verdicts(
    session: Session, number: int, lines: Sequence[str], lang: str
) -> list[dict[str, Any]]:
    """Each typed ruling line with what giving it would say: taken, or why not."""
    found = rulings.check_lines(session, number, lines, lang=lang)
    return [
        {
            "line": i + 1,
            "text": lines[i].strip(),
            "ok": not why,
            "message": why or text(lang, "ruling_ok"),
        }
        for i, why in found
    ]


def _bench(
    web: WebApp, session: Session, request: Request, opened: Page, **extra: Any
) -> dict[str, Any] | None:
    """What the workbench shows; None when the game's turns are not the GM's to
    adjudicate (no such page)."""
    game, lang = opened.game, opened.lang
    kind = game_kind(game.kind)
    if kind.shape is not TurnShape.GM_ADJUDICATED:
        return None
    context: dict[str, Any] = {
        "lang": lang,
        "page": opened,
        "view": views.public_view(session, game, lang),
        "waiting": game.status == GameStatus.ADJUDICATING,
        "ruled": kind.ruled is not None,
        "form_token": tokens.form_token(web.key(session), opened.link),
        "done": request.query_params.get("done", ""),
        "said": request.query_params.get("said", "")[:SAID_CHARS],
        "checked": None,
        **extra,
    }
    if not context["waiting"]:
        return context
    plan = plan_turn(session, game, game.turn + 1, 0)
    dossier = dossier_text(session, game, plan, lang)
    given = repo.gm_rulings(session, game.id or 0, game.turn + 1)
    still_open = open_items(session, game, plan, given, lang)
    if "form" not in context:
        kept = request.query_params.get("keep")
        context["form"] = kept or default_form(dossier, still_open)
    players = repo.current_players(session, game.id or 0)
    return {
        **context,
        "dossier": dossier,
        "still_open": still_open,
        "rulings": [r for r in given if r.item != CORRECTION],
        "corrections": [r for r in given if r.item == CORRECTION],
        "seats": sorted(p.seat for p in players if p.status in READERS),
    }


Shown = Callable[[Session, "Page", dict[str, Any]], Response | None]
"""A page of the workbench from what it shows (None: no such page)."""


async def _bench_page(web: WebApp, request: Request, show: Shown) -> Response:
    """A page of the workbench behind the GM's link: ``show`` with the opened page and
    the workbench's context; 404 for a wrong link or a game without a workbench."""

    def read(session: Session) -> Response | None:
        try:
            opened = web.open_page(session, request, tokens.GM_SEAT)
        except LookupError:
            return None
        context = _bench(web, session, request, opened)
        return None if context is None else show(session, opened, context)

    shown: Response | None = await web.db(read)
    return shown or await web.not_found(request, LookupError())


async def page(web: WebApp, request: Request) -> Response:
    """The workbench (``…/gm/TOKEN/workbench``)."""
    return await _bench_page(web, request, lambda _s, _p, c: web.render("workbench.html", **c))


def _throttled(web: WebApp, request: Request) -> float:
    """0 when the GM's link may have rulings checked now, else the seconds to wait."""
    params = request.path_params
    return web.checks.take((params["number"], str(tokens.GM_SEAT), params["token"]))


async def check(web: WebApp, request: Request) -> Response:
    """The ruling form's check as JSON: ``{"text": ...}`` in, each line's verdict out."""
    typed = await web.typed_text(request, partial(_throttled, web))
    if isinstance(typed, Response):
        return typed
    csrf = request.headers.get("x-csrf-token", "")

    def work(session: Session) -> Response:
        try:
            opened = web.open_page(session, request, tokens.GM_SEAT)
        except LookupError:
            return JSONResponse({"error": "not found"}, status_code=404)
        if not tokens.check_form(web.key(session), opened.link, csrf):
            return JSONResponse({"error": "form token"}, status_code=403)
        if len(typed) > web.settings.limits.max_text_chars:
            return JSONResponse({"error": text(opened.lang, "too_long")}, status_code=413)
        try:
            lines = verdicts(session, opened.game.number, typed.splitlines(), opened.lang)
        except gm.GmError as exc:
            return JSONResponse({"error": exc.message(opened.lang)}, status_code=409)
        return JSONResponse({"lines": lines})

    response: Response = await web.db(work)
    return response


def _command(action: str, form: Mapping[str, str]) -> lang_gm.GmCommand:
    """The GM mail command a button of the ruling form stands for; ``ValueError`` for
    an unknown button or an empty block."""
    match action:
        case "give":
            typed = str(form.get("text", ""))
            if not typed.strip():
                raise ValueError("text")
            return lang_gm.GiveRulings(1, typed)
        case "correct":
            what, reason = str(form.get("what", "")).strip(), str(form.get("reason", ""))
            if not what:
                raise ValueError("what")
            return lang_gm.CorrectState(1, what, reason.strip())
        case "end":
            return lang_gm.EndGame(1)
    raise ValueError("action")


async def give(web: WebApp, request: Request) -> Response:
    """The ruling form: ``check`` shows each line's verdict on the page (no script
    needed); ``give``, ``correct`` and ``end`` are the mail's commands, carried out as
    the mail does, then back to the workbench with the reply's words (the refused lines
    stay in the form)."""

    def run(session: Session, opened: Page, form: Mapping[str, str]) -> Response:
        lang, bench = opened.lang, opened.path + "/workbench"
        action, typed = form.get("action", ""), form.get("text", "")
        too_long = len(typed) > web.settings.limits.max_text_chars
        if action == "check" and not too_long:
            return _checked_page(web, session, request, opened, typed)
        try:
            command = _command(action, form)
        except ValueError:
            command = None
        if command is None or too_long:
            kept = "" if too_long else typed  # a text too long stays out of the address
            return back(bench, "failed", text(lang, "desk_bad_form"), keep=kept)
        refused = _refused_lines(session, opened, command)
        ok, said = carry_out(web, session, opened.game, command, lang)
        log.info("gm workbench game %d: %s %s", opened.game.number, action, ok)
        return back(bench, "ok" if ok else "failed", said, SAID_CHARS, keep=refused)

    return await gm_form(web, request, run, writes=lambda form: form.get("action") != "check")


def _checked_page(
    web: WebApp, session: Session, request: Request, opened: Page, typed: str
) -> Response:
    """The workbench with the typed lines kept and each one's verdict (the form's check
    without the script)."""
    try:
        checked = verdicts(session, opened.game.number, typed.splitlines(), opened.lang)
    except gm.GmError as exc:
        checked, said = [], exc.message(opened.lang)
    else:
        said = ""
    context = _bench(web, session, request, opened, form=typed, checked=checked)
    if context is None:
        return web.render("message.html", 404, lang=opened.lang, key="link_gone")
    if said:
        context.update(done="failed", said=said)
    return web.render("workbench.html", **context)


def _refused_lines(session: Session, opened: Page, command: lang_gm.GmCommand) -> str:
    """The lines of an ``Entscheid`` block that giving it will refuse (they stay in the
    form to be mended); "" for another command or a turn that waits for none."""
    if not isinstance(command, lang_gm.GiveRulings):
        return ""
    lines = command.text.splitlines()
    try:
        found = rulings.check_lines(session, opened.game.number, lines, lang=opened.lang)
    except gm.GmError:
        return ""
    return "\n".join(lines[i].strip() for i, why in found if why)


async def draft(web: WebApp, request: Request) -> Response:
    """One seat's draft printout of the turn being ruled (``?seat=N``, 0: the GM's
    view): what publishing now would send it."""

    def show(session: Session, opened: Page, context: dict[str, Any]) -> Response | None:
        seat = request.query_params.get("seat", str(tokens.GM_SEAT))
        if not context["waiting"] or not seat.isdecimal():
            return None
        terms = HostTerms.from_settings(web.settings)
        drafts = gm.preview(session, opened.game.number, terms)
        if int(seat) not in drafts:
            return None
        return web.render("draft.html", **context, seat=int(seat), draft=drafts[int(seat)])

    return await _bench_page(web, request, show)


async def confirm(web: WebApp, request: Request) -> Response:
    """The publish button's confirmation step: what is still open (and no button while
    something is), else the button that publishes."""

    def show(session: Session, opened: Page, context: dict[str, Any]) -> Response:
        refusal = ""
        if context.get("still_open"):
            why = gm.GmError(
                "gm_error_turn_cannot_published",
                turn=opened.game.turn + 1,
                reason="; ".join(context["still_open"]),
            )
            refusal = why.message(opened.lang)
        return web.render("publish.html", **context, refusal=refusal)

    return await _bench_page(web, request, show)


async def publish(web: WebApp, request: Request) -> Response:
    """``Veröffentlichen`` from the confirmation page: the turn's printouts go out as the
    mail command sends them, or the refusal (an item still open) shows on the workbench."""

    def run(session: Session, opened: Page, form: Mapping[str, str]) -> Response:
        if form.get("confirm") != "yes":
            return RedirectResponse(opened.path + "/workbench/publish", status_code=303)
        command = lang_gm.PublishReports(1)
        ok, said = carry_out(web, session, opened.game, command, opened.lang)
        log.info("gm workbench game %d: publish %s", opened.game.number, ok)
        if ok:
            return back(opened.path, "ok", said)
        return back(opened.path + "/workbench", "failed", said, SAID_CHARS)

    return await gm_form(web, request, run)
