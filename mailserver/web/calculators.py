"""The calculators page: the forms a kind offers (:class:`engine.calculating.Calculating`),
for the GM (``…/gm/TOKEN/calculators``, seat None: everything) and for each player on
his private page (``…/seat/S/TOKEN/calculators``: what his seat knows).

A submitted form shows the kind's plain-text answer under it; input the kind cannot use
shows its :class:`~engine.calculating.CalculatorInputError` message beside the form, the
input kept. A calculation changes nothing (a read), but it costs the kind's work: it is
throttled per link like the order form's check. Forms carry the page's form token and
come from the site's origin.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sqlmodel import Session
from starlette.requests import Request
from starlette.responses import Response

from engine.calculating import CalculatorForm, CalculatorInputError
from mailserver.common import tokens
from mailserver.common.kinds import game_kind
from mailserver.web import views

if TYPE_CHECKING:
    from mailserver.web.app import Page, WebApp

log = logging.getLogger("pbem.web")

FIELD_PREFIX = "f-"
"""A calculator field's name in the form (apart from the form's own ``csrf`` and
``calc``)."""
MAX_FIELDS = 64
"""The most fields a submitted calculator form may have."""


@dataclass
class ShownForm:
    """A calculator as the page shows it: its form, the values in its fields, and the
    answer or the error of its last submission."""

    form: CalculatorForm
    values: dict[str, str]
    answer: str = ""
    error: str = ""
    submitted: bool = field(default=False)


@dataclass(frozen=True)
class Submitted:
    """A submitted calculator form: which calculator, with which values."""

    key: str
    values: dict[str, str]


def _seat_of(page: Page) -> int | None:
    """The seat a calculation is made for: None for the GM (he sees everything)."""
    return None if page.seat == tokens.GM_SEAT else page.seat


def _shown(session: Session, page: Page, submitted: Submitted | None) -> list[ShownForm] | None:
    """Every calculator of the page's seat, the submitted one answered; None when the
    kind offers none or the game has no state yet."""
    calculating = game_kind(page.game.kind).calculating
    state = views.current_state(session, page.game)
    if calculating is None or state is None:
        return None
    seat, lang = _seat_of(page), page.lang
    shown = []
    for form in calculating.calculators(state, seat, lang):
        values = {f.name: f.default for f in form.fields}
        item = ShownForm(form, values)
        if submitted is not None and submitted.key == form.key:
            item.values = {name: submitted.values.get(name, "") for name in values}
            item.submitted = True
            try:
                item.answer = calculating.calculate(state, seat, form.key, item.values, lang)
            except CalculatorInputError as exc:
                item.error = str(exc)
        shown.append(item)
    return shown


def _render(
    web: WebApp, session: Session, page: Page, submitted: Submitted | None, status: int = 200
) -> Response | None:
    forms = _shown(session, page, submitted)
    if forms is None:
        return None
    return web.render(
        "calculators.html",
        status,
        lang=page.lang,
        page=page,
        view=views.public_view(session, page.game, page.lang),
        forms=forms,
        form_token=tokens.form_token(web.key(session), page.link),
        too_many=status == 429,
    )


async def page(web: WebApp, request: Request) -> Response:
    """The calculators of the link's seat (the GM's link: the GM's)."""

    def read(session: Session) -> Response | None:
        try:
            opened = web.open_page(session, request)
        except LookupError:
            return None
        return _render(web, session, opened, None)

    shown: Response | None = await web.db(read)
    return shown or await web.not_found(request, LookupError())


async def calculate(web: WebApp, request: Request) -> Response:
    """A submitted calculator: the page again, with its answer or its input's error."""
    if not web.same_origin(request):
        return web.render("message.html", 403, lang="de", key="forbidden")
    async with request.form(max_files=0, max_fields=MAX_FIELDS) as form:
        csrf = str(form.get("csrf", ""))
        submitted = Submitted(
            str(form.get("calc", "")),
            {
                name.removeprefix(FIELD_PREFIX): str(value)
                for name, value in form.multi_items()
                if name.startswith(FIELD_PREFIX)
            },
        )
    params = request.path_params
    wait = web.checks.take(
        (params["number"], str(params.get("seat", tokens.GM_SEAT)), params["token"])
    )

    def read(session: Session) -> Response | None:
        try:
            opened = web.open_page(session, request)
        except LookupError:
            return None
        if not tokens.check_form(web.key(session), opened.link, csrf):
            return web.render("message.html", 403, lang=opened.lang, key="forbidden")
        if wait:
            return _render(web, session, opened, None, 429)
        return _render(web, session, opened, submitted)

    shown: Response | None = await web.db(read)
    return shown or await web.not_found(request, LookupError())
