"""No page shows what only another seat's printout says (a property over random games),
and ``pbem gm web-link`` shows, renews and revokes links."""

from __future__ import annotations

import html
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine
from sqlmodel import Session
from starlette.testclient import TestClient
from typer.testing import CliRunner

from db import repo
from db.models import Game
from db.session import transaction
from engine.core import State
from engine.wdw.state import WdwState
from mailserver.app.cli.main import app as cli
from mailserver.common.kinds import game_kind
from mailserver.gm import running
from mailserver.printouts.dice import dice_view
from mailserver.printouts.files import map_png, report_json
from mailserver.web import app as app_module
from mailserver.web import calculators, views
from tests.lanes import examples
from tests.web.helpers import (
    TERMS,
    form_token,
    give_defaults,
    link,
    now,
    run_turn,
    start_game,
    web_orders,
)

_numbers = itertools.count(700)


def _page_lines(page: str) -> set[str]:
    """The lines of a page's text (compared whole: "TR 1" is not "TR 10")."""
    text = html.unescape(re.sub(r"<[^>]+>", "\n", page))
    return {line.strip() for line in text.splitlines()}


def _lines(text: str) -> set[str]:
    """The telling lines of a printout: long enough not to be common words or numbers."""
    return {line.strip() for line in text.splitlines() if len(line.strip()) >= 20}


def _seat_lines(engine: Engine, number: int) -> tuple[dict[int, set[str]], list[State], Game]:
    """Every seat's telling printout lines over all turns, the states, the game."""
    with Session(engine) as session:
        game = repo.get_game_by_number(session, number)
        assert game is not None
        kind = game_kind(game.kind).engine
        states = [
            kind.state_from_json(snap.state_data())
            for t in range(game.turn + 1)
            if (snap := repo.load_snapshot(session, game.id or 0, t)) is not None
        ]
        seats = [p.seat for p in repo.current_players(session, game.id or 0)]
    own = {
        seat: set().union(*(_lines(kind.printout(s, seat, "de")) for s in states)) for seat in seats
    }
    return own, states, game


def _seat_pages(client: TestClient, game: Game, path: str, state: State) -> dict[str, str]:
    """Every page a seat's link opens, by what it is: its page at each turn, its
    calculators and each calculator answered with its defaults (where the kind has them)."""
    pages = {"page": client.get(path).text}
    for turn in range(game.turn + 1):
        pages[f"page turn {turn}"] = client.get(path, params={"turn": turn}).text
    calculating = game_kind(game.kind).calculating
    calculators = client.get(path + "/calculators")
    assert calculators.status_code == (404 if calculating is None else 200)
    if calculating is None:
        return pages
    pages["calculators"] = calculators.text
    csrf = form_token(calculators.text)
    for form in calculating.calculators(state, int(path.split("/")[-2]), "de"):
        fields = {f"f-{f.name}": f.default for f in form.fields}
        data = {"csrf": csrf, "calc": form.key, **fields}
        answered = client.post(path + "/calculators", data=data)
        assert answered.status_code == 200 and "calc-answer" in answered.text, form.key
        pages[f"calculator {form.key}"] = answered.text
    return pages


def _check_pages(client: TestClient, engine: Engine, number: int) -> None:
    """The property: the public page holds no line only some printouts have; a seat's
    pages (of every turn, its calculators answered), map and report hold nothing of
    another seat's that its own printout lacks."""
    own, states, game = _seat_lines(engine, number)
    seats = sorted(own)
    every = set().union(*own.values())
    shared = set.intersection(*own.values())  # what every seat's printout says anyway
    # The oracle can bite: the printouts differ, so a page showing the wrong one fails.
    assert every - shared, "every seat's printout is the same: the test would prove nothing"
    public = _page_lines(client.get(f"/game/{number}").text)
    for line in every - shared:
        assert line not in public, line
    for seat in seats:
        path = link(engine, number, seat)
        pages = _seat_pages(client, game, path, states[-1])
        # ... and looks at the right text: the seat's own latest printout is there.
        latest = _lines(game_kind(game.kind).engine.printout(states[-1], seat, "de"))
        assert latest <= _page_lines(pages["page"]), (seat, latest - _page_lines(pages["page"]))
        for name, shown in pages.items():
            page = _page_lines(shown)
            for other in seats:
                for line in own[other] - own[seat]:
                    assert line not in page, (seat, name, other, line)
        for turn, state in enumerate(states):
            report = client.get(path + "/report.json", params={"turn": turn})
            with Session(engine) as session:  # the twin carries the seat's part of the dice
                dice = dice_view(session, game, turn)
            mine = report_json(game, state, seat, "de", dice)
            assert report.status_code == (200 if mine is not None else 404)
            if mine is not None:
                assert report.json() == json.loads(json.dumps(mine))
            picture = client.get(path + "/map.png", params={"turn": turn})
            drawn = map_png(game, state, seat, "de")
            assert picture.status_code == (200 if drawn is not None else 404)
            if drawn is not None:
                assert picture.content == drawn
        # Another seat's files are not reached with this seat's token.
        token = path.rsplit("/", 1)[1]
        for other in seats:
            if other != seat:
                for extra in ("", "/report.json", "/map.png", "/calculators"):
                    wrong = f"/game/{number}/seat/{other}/{token}{extra}"
                    assert client.get(wrong).status_code == 404, wrong


@pytest.mark.parametrize(
    ("kind", "article"),
    [
        pytest.param("ashes", "Artikel\nEine Nachricht an alle.\nEnde\n", id="ashes"),
        pytest.param("starweb", None, id="starweb"),
        pytest.param("spacewar", None, id="spacewar"),
        pytest.param("ashes-board", None, id="ashes-board"),
        pytest.param("wdw", None, id="wdw"),
    ],
)
@settings(
    max_examples=examples(4),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seats=st.integers(min_value=2, max_value=4), seed=st.integers(0, 2**32), turns=st.integers(0, 1)
)
def test_pages_never_show_another_seats_printout(
    client: TestClient,
    web_engine: Engine,
    kind: str,
    article: str | None,
    seats: int,
    seed: int,
    turns: int,
) -> None:
    """Of every kind, before and after a turn (with seat 1's article in it, where given);
    Welt der Waben's months with orders of every realm have their own test below."""
    number = next(_numbers)
    # Spacewar and the board game are for two, Welt der Waben's sample world has three realms.
    seats = {"spacewar": 2, "ashes-board": 2, "wdw": min(seats, 3)}.get(kind, seats)
    start_game(web_engine, number, seats=seats, seed=seed, kind=kind)
    for _ in range(turns):
        if article is not None:
            web_orders(web_engine, number, 1, article)
        run_turn(web_engine, number)
        if game_kind(kind).ruled is not None:  # the GM publishes the month as drafted
            with transaction(web_engine) as session:
                running.publish(session, number, TERMS.at(now()))
    _check_pages(client, web_engine, number)


WDW_ORDERS = {
    1: "101 KA 1/19 1/20\n601 GI4 Ziel: Tharnburg\nBaue Guru stv +1\n",
    2: "101 KV 1/21 1/20\n102 KX 1/21\n",
    3: "101 KA 1/35\n",
}
"""Each month: Isyrial's army and Tharn's meet in 1/20, Isyrial sends a spy to Tharnburg
and builds (its treasury is no longer the others'), Tharn's 102 hides (KX) on its way."""


def _page_text(page: str) -> str:
    """A page's text, its tags made line breaks."""
    return html.unescape(re.sub(r"<[^>]+>", "\n", page))


def _hidden_facts(state: WdwState, realm: int) -> set[str]:
    """What only ``realm`` may read of its state: its treasury, its units' ids (as the
    GM names them), fields and sizes, its spies' targets."""
    facts = {f"Schatz {state.realm(realm).treasury} GS"}
    for unit in state.units:
        if unit.realm == realm:
            facts |= {f"{realm}/{unit.id}", f"{unit.id} in {unit.kf}: {unit.size}"}
    for seat, text in WDW_ORDERS.items():
        if seat == realm:
            facts |= {f"Ziel {target}" for target in re.findall(r"Ziel: (\w+)", text)}
    return facts


@pytest.mark.slow(reason="plays Welt der Waben months with orders: over 3 s an example")
@settings(
    max_examples=examples(4),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seats=st.integers(2, 3), seed=st.integers(0, 2**32), months=st.integers(1, 2))
def test_wdw_pages_never_show_another_realms_hidden_state(
    client: TestClient, web_engine: Engine, seats: int, seed: int, months: int
) -> None:
    """Welt der Waben months with orders of every realm (armies that meet, a hiding
    unit, a spy, a build), each published as drafted: no realm's page (of any month), its
    calculators (each answered with its defaults), map or report
    shows another's printout, nor its treasury, its units' ids and sizes (the hidden one
    among them) or its spy's target, unless its own printouts say the same."""
    number = _wdw_months(client, web_engine, seats, seed, months)
    _check_pages(client, web_engine, number)
    _check_wdw_pages(client, web_engine, number, months)


def _wdw_months(client: TestClient, web_engine: Engine, seats: int, seed: int, months: int) -> int:
    """A new Welt der Waben game of ``seats`` realms after ``months`` months of
    :data:`WDW_ORDERS`, each published as drafted: its number."""
    number = next(_numbers)
    start_game(web_engine, number, seats=seats, seed=seed, kind="wdw")
    for _ in range(months):
        for seat in range(1, seats + 1):
            web_orders(web_engine, number, seat, WDW_ORDERS[seat])
        run_turn(web_engine, number)
        assert 'id="nothing-open"' in give_defaults(client, web_engine, number)
        with transaction(web_engine) as session:
            running.publish(session, number, TERMS.at(now()))
    return number


def _check_wdw_pages(client: TestClient, web_engine: Engine, number: int, months: int) -> None:
    """No realm's pages show another realm's treasury, units' ids and sizes (the hidden
    one among them) or its spy's target, unless its own printouts say the same."""
    own, states, _ = _seat_lines(web_engine, number)
    engine = game_kind("wdw").engine
    state = states[-1]
    assert isinstance(state, WdwState) and len(states) == months + 1
    said = {s: "\n".join(engine.printout(t, s, "de") for t in states) for s in own}
    with Session(web_engine) as session:
        game = repo.get_game_by_number(session, number)
    assert game is not None
    pages = {
        s: "\n".join(
            _page_text(p)
            for p in _seat_pages(client, game, link(web_engine, number, s), state).values()
        )
        for s in own
    }
    # The secrets are there to leak: each realm's page shows its treasury and its units.
    hider = state.unit(2, 102)
    assert hider is not None and hider.order == "KX"
    assert f"102 in {hider.kf}: {hider.size}" in pages[2]
    assert f"102 in {hider.kf}: {hider.size}" not in said[1]  # so realm 1's page is checked
    for realm in own:
        assert f"Schatz {state.realm(realm).treasury} GS" in pages[realm]
    for seat in own:
        for realm in own:
            if realm != seat:
                for fact in _hidden_facts(state, realm):
                    assert fact in said[seat] or fact not in pages[seat], (seat, realm, fact)


def test_the_property_fails_on_a_page_showing_another_seat(
    client: TestClient, web_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check above is not vacuous: a page that shows the next seat's printout, or
    its report, is caught."""
    number = next(_numbers)
    start_game(web_engine, number, seats=3, kind="starweb")
    real = views.printout

    def leaky(session: Session, game: Game, seat: int, turn: int, lang: str) -> str | None:
        return real(session, game, seat % 3 + 1 if seat else 0, turn, lang)

    monkeypatch.setattr(views, "printout", leaky)
    with pytest.raises(AssertionError):
        _check_pages(client, web_engine, number)
    monkeypatch.setattr(views, "printout", real)
    real_report = app_module.report_json

    def leaky_report(game: Game, state: State, seat: int, lang: str, dice: Any = None) -> Any:
        return real_report(game, state, seat % 3 + 1, lang, dice)

    monkeypatch.setattr(app_module, "report_json", leaky_report)
    with pytest.raises(AssertionError):
        _check_pages(client, web_engine, number)


def test_the_wdw_property_fails_on_calculators_made_for_another_realm(
    client: TestClient, web_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The calculators are among the pages checked: computed for the next realm (its
    units as the defaults), realm 1's calculators page is caught."""
    number = _wdw_months(client, web_engine, 3, 5, 1)
    _check_wdw_pages(client, web_engine, number, 1)
    monkeypatch.setattr(calculators, "_seat_of", lambda page: page.seat % 3 + 1)
    with pytest.raises(AssertionError):
        _check_wdw_pages(client, web_engine, number, 1)


def test_gm_web_link_command(web_engine: Engine, tmp_path: Path) -> None:
    start_game(web_engine, 690)
    config = tmp_path / "pbem.toml"
    config.write_text(
        f'database_url = "{web_engine.url.render_as_string(hide_password=False)}"\n'
        '[web]\nbase_url = "https://pbem.example.org"\n'
        f'secret = "{"k" * 32}"\n'
    )
    runner = CliRunner()
    shown = runner.invoke(cli, ["gm", "web-link", "690", "2", "--config", str(config)])
    assert shown.exit_code == 0, shown.output
    first = shown.stdout.strip()
    assert re.fullmatch(r"https://pbem\.example\.org/game/690/seat/2/[\w-]{32}", first)
    renewed = runner.invoke(cli, ["gm", "web-link", "690", "2", "--renew", "--config", str(config)])
    assert renewed.stdout.strip() != first
    revoked = runner.invoke(
        cli, ["gm", "web-link", "690", "2", "--revoke", "--config", str(config), "--lang", "en"]
    )
    assert revoked.exit_code == 0 and "revoked" in revoked.stdout
    gm = runner.invoke(cli, ["gm", "web-link", "690", "0", "--config", str(config)])
    assert "/game/690/gm/" in gm.stdout
    both = runner.invoke(
        cli, ["gm", "web-link", "690", "2", "--renew", "--revoke", "--config", str(config)]
    )
    assert both.exit_code == 2 and "Traceback" not in both.output
    nobody = runner.invoke(cli, ["gm", "web-link", "690", "9", "--config", str(config)])
    assert nobody.exit_code == 1 and "Traceback" not in nobody.output
