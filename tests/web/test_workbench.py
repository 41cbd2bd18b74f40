"""The GM's workbench of a turn he rules on (the ruled toy kind): the dossier as mailed,
the open items, the ruling form with the dossier's defaults and its check as typed, the
rulings kept as the mail's ``Entscheid`` keeps them, corrections, the drafts per seat,
and the publish button with its confirmation and its refusal while items are open;
only behind the GM's link, form token and the site's origin."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select
from starlette.testclient import TestClient

from db import repo
from db.models import GameStatus, Outbox, OutboxKind
from db.session import transaction
from mailserver.common import tokens
from mailserver.inbound.intake import IntakeConfig, process_mail
from mailserver.web.workbench import default_form
from tests.factories import order_mail
from tests.web.helpers import (
    SETTINGS,
    TERMS,
    form_token,
    game_of,
    link,
    now,
    run_turn,
    start_game,
    web_orders,
)

pytestmark = pytest.mark.usefixtures("toy_kinds")

GAME = 541


@pytest.fixture
def bench(web_engine: Engine) -> str:
    """Game 541 (toy-ruled, three seats) at its first deadline: seats 1 and 2 add more
    than the toy allows without a ruling (items A1, A2), seat 3 a little; the path of
    the GM's workbench."""
    start_game(web_engine, GAME, kind="toy-ruled")
    for seat, amount in ((1, 9), (2, 7), (3, 2)):
        assert web_orders(web_engine, GAME, seat, f"ADD {amount}\n") == "processed"
    run_turn(web_engine, GAME)
    assert game_of(web_engine, GAME).status == GameStatus.ADJUDICATING
    return link(web_engine, GAME, 0) + "/workbench"


def post(client: TestClient, bench: str, url: str, **fields: str) -> tuple[str, dict[str, str]]:
    """A form of the workbench posted as the GM's browser does: where it led, and the
    redirect's query (``done``, ``said``, ``keep``)."""
    csrf = form_token(client.get(bench).text)
    answer = client.post(url, data={"csrf": csrf, **fields}, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    location = answer.headers["location"]
    query = {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}
    return location, query


def check(client: TestClient, bench: str, typed: str) -> list[dict[str, object]]:
    """The as-typed check of ``typed``: each line's verdict."""
    csrf = form_token(client.get(bench).text)
    answer = client.post(bench + "/check", json={"text": typed}, headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 200, answer.text
    lines: list[dict[str, object]] = answer.json()["lines"]
    return lines


def printouts(engine: Engine, turn: int) -> dict[str, str]:
    """The printouts of ``turn`` in the outbox: address -> body."""
    with Session(engine) as session:
        mails = session.exec(
            select(Outbox).where(Outbox.kind == OutboxKind.PRINTOUT, Outbox.turn == turn)
        ).all()
        return {m.to_address: m.body for m in mails}


def player_form_token(engine: Engine, token: str) -> str:
    """The form token a player's page carries (his page has no form while the GM rules)."""
    with Session(engine) as session:
        return tokens.form_token(tokens.link_key(session, SETTINGS.web), token)


def test_the_workbench_shows_dossier_open_items_and_the_dossiers_defaults(
    client: TestClient, web_engine: Engine, bench: str
) -> None:
    page = client.get(bench).text
    dossier = re.search(r'<pre class="printout" id="dossier-text">(.*?)</pre>', page, re.S)
    assert dossier and "Seat 1: Addiere 9" in dossier[1] and "Entscheid\nA1 ja" in dossier[1]
    with Session(web_engine) as session:
        mailed = session.exec(select(Outbox).where(Outbox.kind == OutboxKind.NOTICE)).all()
        (sent,) = [m for m in mailed if m.to_address == f"gm{GAME}@example.org" and m.turn == 1]
    assert sent.body.replace('"', "&#34;") == dossier[1]  # as mailed
    opened = page[page.index('id="open-items"') : page.index('id="ruling"')]
    assert "A1 Seat 1 addiert 9" in opened and "A2 Seat 2 addiert 7" in opened
    form = re.search(r'<textarea name="text" id="ruling-text"[^>]*>(.*?)</textarea>', page, re.S)
    assert form and form[1] == "A1 ja\nA2 ja"


def test_the_default_form_offers_only_what_is_still_open() -> None:
    dossier = "Offen:\nK1 x\nK2 y\nEntscheid\nK1 ja\nk2 nein\nEnde\n"
    assert default_form(dossier, ["K2 y"]) == "k2 nein"
    assert default_form("no block here\n", ["K1 x"]) == ""


def test_the_check_as_typed_judges_each_line_after_the_ones_above_and_stores_nothing(
    client: TestClient, web_engine: Engine, bench: str
) -> None:
    verdicts = check(client, bench, "A1 vielleicht\n\nA7 ja\nA2 nein")
    assert [(v["line"], v["ok"]) for v in verdicts] == [(1, False), (3, False), (4, True)]
    assert verdicts[0]["message"] == "ja | nein | Chance 0-100"
    assert verdicts[1]["message"] == "A7: kein offener Punkt"
    assert verdicts[2]["message"] == "wird übernommen"
    with Session(web_engine) as session:
        assert repo.gm_rulings(session, game_of(web_engine, GAME).id or 0, 1) == []


def test_the_check_without_script_shows_the_verdicts_beside_the_kept_lines(
    client: TestClient, bench: str
) -> None:
    csrf = form_token(client.get(bench).text)
    page = client.post(
        bench + "/rulings", data={"csrf": csrf, "action": "check", "text": "A7 ja\nA1 ja"}
    ).text
    shown = re.findall(r'<li value="(\d)" class="(\w+)">([^<]*)</li>', page)
    assert shown == [
        ("1", "error", "A7 ja – A7: kein offener Punkt"),
        ("2", "ok", "A1 ja – wird übernommen"),
    ]
    assert ">A7 ja\nA1 ja</textarea>" in page


def test_rulings_are_kept_as_the_mail_keeps_them_and_the_answer_says_what_is_open(
    client: TestClient, web_engine: Engine, bench: str
) -> None:
    location, query = post(
        client, bench, bench + "/rulings", action="give", text="A2 nein\nA7 ja\nA1 vielleicht"
    )
    assert location.startswith(bench + "?") and query["done"] == "ok"
    said = query["said"]
    assert "1 Entscheid übernommen" in said and "„A7 ja“ – A7: kein offener Punkt" in said
    assert "Noch offen (1):" in said and "A1 Seat 1 addiert 9" in said
    assert query["keep"] == "A7 ja\nA1 vielleicht"  # the refused lines stay to be mended
    page = client.get(location).text
    assert ">A7 ja\nA1 vielleicht</textarea>" in page
    given = page[page.index('id="given"') :]
    assert (
        f'<td>A2</td><td>nein</td><td class="address">gm{GAME}@example.org · auf dieser Seite</td>'
        in given
    )
    with Session(web_engine) as session:
        rows = repo.gm_rulings(session, game_of(web_engine, GAME).id or 0, 1)
        assert [(r.item, r.text) for r in rows] == [("A2", "nein")]
    # The other item: nothing is open, and the drafts go to the GM as the mail's do.
    _, query = post(client, bench, bench + "/rulings", action="give", text="A1 ja")
    assert "Nichts ist mehr offen" in query["said"]
    assert 'id="nothing-open"' in client.get(bench).text


def test_a_correction_needs_its_reason_and_is_listed(
    client: TestClient, web_engine: Engine, bench: str
) -> None:
    _, query = post(client, bench, bench + "/rulings", action="correct", what="3 40", reason="")
    assert query["done"] == "failed" and "Grund" in query["said"]
    _, query = post(
        client, bench, bench + "/rulings", action="correct", what="3 40", reason="Tippfehler"
    )
    assert query["done"] == "ok"
    page = client.get(bench).text
    assert re.search(r'id="corrections-given"><li>3 40 – Tippfehler', page)


def test_each_seats_draft_is_the_printout_publishing_now_would_send(
    client: TestClient, bench: str
) -> None:
    post(client, bench, bench + "/rulings", action="give", text="A1 ja\nA2 nein")
    page = client.get(bench).text
    for seat in (0, 1, 2, 3):
        assert f'id="draft-{seat}"' in page
    one = client.get(bench + "/draft?seat=1").text
    assert "Seat 1: 9" in one and "Seat 2:" not in one
    full = client.get(bench + "/draft?seat=0").text
    assert "Seat 1: 9" in full and "Seat 2: 0" in full and "Seat 3: 2" in full
    assert client.get(bench + "/draft?seat=9").status_code == 404
    # "²" is a digit to str.isdigit but no number to int(): a 404, not a crash.
    assert client.get(bench + "/draft?seat=²").status_code == 404


def test_publishing_is_refused_while_items_are_open_and_asks_to_confirm(
    client: TestClient, web_engine: Engine, bench: str
) -> None:
    confirm = client.get(bench + "/publish").text
    assert 'id="refusal"' in confirm and "A1 Seat 1 addiert 9" in confirm
    assert 'id="publish-button"' not in confirm
    _, query = post(client, bench, bench + "/publish", confirm="yes")
    assert query["done"] == "failed" and "A1 Seat 1 addiert 9" in query["said"]
    assert game_of(web_engine, GAME).status == GameStatus.ADJUDICATING
    post(client, bench, bench + "/rulings", action="give", text="A1 ja\nA2 ja")
    assert 'id="publish-button"' in client.get(bench + "/publish").text
    # Without the confirmation the button only leads to the confirmation page.
    location, _ = post(client, bench, bench + "/publish")
    assert location.endswith("/workbench/publish")
    assert game_of(web_engine, GAME).turn == 0
    location, query = post(client, bench, bench + "/publish", confirm="yes")
    assert query["done"] == "ok" and location.startswith(link(web_engine, GAME, 0) + "?")
    game = game_of(web_engine, GAME)
    assert game.turn == 1 and game.status == GameStatus.RUNNING
    assert set(printouts(web_engine, 1)) == {f"p{s}.{GAME}@example.org" for s in (1, 2, 3)}
    assert 'id="not-waiting"' in client.get(bench).text


def test_end_of_the_game_from_the_workbench(
    client: TestClient, web_engine: Engine, bench: str
) -> None:
    _, query = post(client, bench, bench + "/rulings", action="end")
    assert query["done"] == "ok"
    post(client, bench, bench + "/rulings", action="give", text="A1 ja\nA2 ja")
    post(client, bench, bench + "/publish", confirm="yes")
    assert game_of(web_engine, GAME).status == GameStatus.FINISHED


def test_a_player_cannot_reach_the_workbench(
    client: TestClient, web_engine: Engine, bench: str
) -> None:
    player = link(web_engine, GAME, 1)
    token = player.rsplit("/", 1)[1]
    as_gm = f"/game/{GAME}/gm/{token}/workbench"
    assert client.get(as_gm).status_code == 404
    assert client.get(as_gm + "/draft?seat=2").status_code == 404
    assert client.get(as_gm + "/publish").status_code == 404
    assert client.get(player + "/workbench").status_code == 404
    csrf = player_form_token(web_engine, token)
    answer = client.post(as_gm + "/check", json={"text": "A1 ja"}, headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 404
    answer = client.post(as_gm + "/publish", data={"csrf": csrf, "confirm": "yes"})
    assert answer.status_code == 404
    assert game_of(web_engine, GAME).status == GameStatus.ADJUDICATING


def test_forms_need_the_gms_form_token_and_the_sites_origin(
    client: TestClient, web_engine: Engine, bench: str
) -> None:
    player_csrf = player_form_token(web_engine, link(web_engine, GAME, 1).rsplit("/", 1)[1])
    answer = client.post(
        bench + "/rulings", data={"csrf": player_csrf, "action": "give", "text": "A1 ja"}
    )
    assert answer.status_code == 403
    csrf = form_token(client.get(bench).text)
    answer = client.post(
        bench + "/publish",
        data={"csrf": csrf, "confirm": "yes"},
        headers={"Origin": "http://elsewhere.example"},
    )
    assert answer.status_code == 403
    answer = client.post(bench + "/check", json={"text": "A1 ja"}, headers={"X-CSRF-Token": "x"})
    assert answer.status_code == 403
    with Session(web_engine) as session:
        assert repo.gm_rulings(session, game_of(web_engine, GAME).id or 0, 1) == []


def test_a_game_whose_turns_the_gm_does_not_adjudicate_has_no_workbench(
    client: TestClient, web_engine: Engine
) -> None:
    start_game(web_engine, 542, kind="toy")
    gm_page = link(web_engine, 542, 0)
    assert client.get(gm_page + "/workbench").status_code == 404
    assert 'id="workbench-link"' not in client.get(gm_page).text


def test_the_desk_links_the_workbench_and_says_when_no_turn_waits(
    client: TestClient, web_engine: Engine
) -> None:
    start_game(web_engine, 543, kind="toy-ruled")
    gm_page = link(web_engine, 543, 0)
    assert 'id="workbench-link"' in client.get(gm_page).text
    page = client.get(gm_page + "/workbench").text
    assert 'id="not-waiting"' in page and 'id="ruling-form"' not in page


def test_rulings_given_by_mail_show_who_gave_them_and_how(
    client: TestClient, web_engine: Engine, bench: str
) -> None:
    gm = f"gm{GAME}@example.org"
    text = f"Partie {GAME} Spielleiter Kennwort geheim-spielleiter\nEntscheid A2 nein\n"
    with transaction(web_engine) as session:
        process_mail(session, order_mail(gm, text), config=IntakeConfig(TERMS), now=now())
    given = client.get(bench).text
    assert f'<td>A2</td><td>nein</td><td class="address">{gm} · per Mail</td>' in given
    with Session(web_engine) as session:
        (row,) = repo.gm_rulings(session, game_of(web_engine, GAME).id or 0, 1)
        assert (row.given_by, row.given_via) == (gm, "mail")
