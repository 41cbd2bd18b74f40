"""The GM's page as a desk: every seat with its address, orders and
latest mails, the mails' statuses in words, and the buttons of the everyday GM commands
behind the GM's link, its form token and the site's origin."""

from __future__ import annotations

import re
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, col, select
from starlette.testclient import TestClient

from db import repo
from db.models import GameMessage, MessageKind, Outbox, OutboxKind, OutboxStatus
from grammar import gm as lang_gm
from tests.web.helpers import form_token, game_of, link, start_game, web_orders


@pytest.fixture
def game(web_engine: Engine) -> int:
    """Game 531 of three seats, started (turn 0)."""
    start_game(web_engine, 531)
    return 531


def press(client: TestClient, engine: Engine, number: int, action: str, **fields: str) -> str:
    """Press a button of the GM's desk as the GM's browser does; what the page says then
    (the redirect's ``said``, after checking that the page shows it)."""
    path = link(engine, number, 0)
    csrf = form_token(client.get(path).text)
    answer = client.post(
        path + "/do",
        data={"csrf": csrf, "action": action, **fields},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    location = answer.headers["location"]
    assert location.startswith(path + "?")
    query = parse_qs(urlsplit(location).query)
    said = query["said"][0]
    shown = client.get(location).text
    assert 'id="done"' in shown
    return f"{query['done'][0]}: {said}"


def test_the_desk_lists_every_seat_with_address_orders_and_last_mail(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    web_orders(web_engine, game, 2, "Fertig\n")
    page = client.get(link(web_engine, game, 0)).text
    for seat in (1, 2, 3):
        row = re.search(rf'<tr id="desk-seat-{seat}".*?</tr>', page, re.S)
        assert row, seat
        assert f"p{seat}.531@example.org" in row[0]
    seat2 = re.search(r'<tr id="desk-seat-2".*?</tr>', page, re.S)
    assert seat2 and "eingegangen" in seat2[0] and "verarbeitet" in seat2[0]
    seat1 = re.search(r'<tr id="desk-seat-1".*?</tr>', page, re.S)
    assert seat1 and "noch nicht" in seat1[0]
    assert "versandt" in seat1[0] or "wartet auf Versand" in seat1[0]  # the printout of turn 0


def test_a_strangers_bounced_reply_does_not_mark_the_seats_last_mail(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    with Session(web_engine) as session:
        game_id = game_of(web_engine, game).id
        assert game_id is not None
        seat1 = next(p for p in repo.current_players(session, game_id) if p.seat == 1)
        session.add(
            Outbox(
                to_address="stranger@example.net",
                subject="Antwort",
                body="-",
                kind=OutboxKind.ACK,
                game_id=seat1.game_id,
                player_id=seat1.id,
                status=OutboxStatus.FAILED,
            )
        )
        session.commit()
    page = client.get(link(web_engine, game, 0)).text
    row = re.search(r'<tr id="desk-seat-1".*?</tr>', page, re.S)
    assert row and "nicht zustellbar" not in row[0]
    assert "versandt" in row[0] or "wartet auf Versand" in row[0]  # his own printout


def test_the_mail_list_says_statuses_and_kinds_in_words(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    web_orders(web_engine, game, 1, "Fertig\n")
    page = client.get(link(web_engine, game, 0)).text
    mails = page[page.index('id="mails"') :]
    statuses = re.findall(r'<td class="mail-status">([^<]*)</td>', mails)
    assert statuses and "verarbeitet" in statuses and "wartet auf Versand" in statuses
    for raw in ("processed", "pending", "sent", "failed"):
        assert raw not in statuses
    assert "<td>Webseite</td>" in mails and "<td>Bestätigung</td>" in mails
    # A moment in the table is one short line, not the deadline's long form.
    assert re.search(r'<td class="when"><time class="local short"', mails)


def test_postpone_moves_the_deadline_as_the_mail_command_does(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    before = game_of(web_engine, game).next_deadline
    assert before is not None
    said = press(client, web_engine, game, "postpone", days="1", hours="6")
    assert said.startswith("ok:") and "Runde 1" in said
    assert game_of(web_engine, game).next_deadline == before + timedelta(days=1, hours=6)


def test_run_waits_for_missing_orders_unless_forced(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    web_orders(web_engine, game, 1, "Fertig\n")
    said = press(client, web_engine, game, "run")
    assert game_of(web_engine, game).turn == 0
    assert "2" in said and "3" in said  # the seats still missing
    said = press(client, web_engine, game, "run", force="1")
    assert said.startswith("ok:")
    assert game_of(web_engine, game).turn == 1


def test_the_desks_refusal_to_run_names_the_pages_checkbox_not_a_command(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    said = press(client, web_engine, game, "run")
    assert "„trotzdem, auch wenn Befehle fehlen“ ankreuzen" in said
    assert "„Jetzt auswerten“" in said
    assert "Auswerten trotzdem" not in said and "--force" not in said


def test_preview_resend_news_and_secret_from_the_desk(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    assert press(client, web_engine, game, "preview").startswith("ok:")
    assert press(client, web_engine, game, "resend", seat="2", turn="").startswith("ok:")
    assert press(client, web_engine, game, "news", text="Die Sterne stehen gut.").startswith("ok:")
    said = press(client, web_engine, game, "secret", to_seat="3", from_seat="1", text="Psst.")
    assert said.startswith("ok:")
    with Session(web_engine) as session:
        hosted = game_of(web_engine, game)
        mails = session.exec(select(Outbox).where(Outbox.game_id == hosted.id)).all()
        previews = [m for m in mails if m.to_address == "gm531@example.org"]
        assert len(previews) == 4  # the GM's full view and three seats
        resent = [
            m for m in mails if m.kind == OutboxKind.PRINTOUT and m.to_address.startswith("p2.")
        ]
        assert len(resent) == 2  # turn 0 at the start, and again
        messages = session.exec(
            select(GameMessage)
            .where(GameMessage.game_id == hosted.id)
            .order_by(col(GameMessage.id))
        ).all()
        kinds = [(m.kind, m.addressee_seat, m.text) for m in messages]
        assert (MessageKind.GM_NEWS, None, "Die Sterne stehen gut.") in kinds
        assert any(k == MessageKind.SECRET and to == 3 and t == "Psst." for k, to, t in kinds)


def test_a_gm_mistake_is_shown_and_changes_nothing(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    said = press(client, web_engine, game, "resend", seat="9")
    assert said.startswith("failed:") and "9" in said
    assert press(client, web_engine, game, "postpone", days="x").startswith("failed:")
    assert press(client, web_engine, game, "news", text=" ").startswith("failed:")


def test_the_desk_refuses_without_form_token_from_elsewhere_or_with_a_seat_link(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    gm_path = link(web_engine, game, 0)
    csrf = form_token(client.get(gm_path).text)
    data = {"csrf": csrf, "action": "run", "force": "1"}
    evil = client.post(gm_path + "/do", data=data, headers={"Origin": "https://evil.example"})
    assert evil.status_code == 403
    assert client.post(gm_path + "/do", data={**data, "csrf": ""}).status_code == 403
    seat_path = link(web_engine, game, 1)
    seat_csrf = form_token(client.get(seat_path).text)
    # A seat's link and token do not open the desk, nor does a seat's token on the GM's.
    token = seat_path.rsplit("/", 1)[1]
    assert client.post(f"/game/{game}/gm/{token}/do", data=data).status_code == 404
    assert client.post(gm_path + "/do", data={**data, "csrf": seat_csrf}).status_code == 403
    assert game_of(web_engine, game).turn == 0
    with Session(web_engine) as session:
        assert repo.latest_submissions(session, game_of(web_engine, game).id or 0, 1) == {}


def test_the_desk_has_a_button_for_each_everyday_command(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    page = client.get(link(web_engine, game, 0)).text
    for action in ("postpone", "run", "preview", "resend", "password", "news", "secret"):
        assert f'id="do-{action}"' in page, action


def test_the_desk_mails_a_seat_a_new_password_and_keeps_its_link(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    seat_link = link(web_engine, game, 2)
    assert press(client, web_engine, game, "password", seat="2").startswith("ok:")
    with Session(web_engine) as session:
        hosted = game_of(web_engine, game)
        mails = session.exec(select(Outbox).where(Outbox.game_id == hosted.id)).all()
        before = [m for m in mails if m.to_address.startswith("p2.") and m.secret]
        mail = max(before, key=lambda m: m.id or 0)  # the start's printout had the first
        assert len(before) == 2 and mail.secret and mail.secret not in mail.body
    assert link(web_engine, game, 2) == seat_link


def test_the_desk_takes_news_up_to_the_gm_mails_limit_and_refuses_it_in_its_words(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    longest = "x" * lang_gm.TEXT_MAX
    assert press(client, web_engine, game, "news", text=longest).startswith("ok:")
    said = press(client, web_engine, game, "news", text=longest + "y")
    by_mail = lang_gm.parse(f"Partie {game} Spielleiter Kennwort geheim\nNachricht: {longest}y")
    (error,) = by_mail.errors
    assert said == "failed: " + error.message("de")
    assert said == f"failed: Der Text ist zu lang (20001 Zeichen, höchstens {lang_gm.TEXT_MAX})."
    with Session(web_engine) as session:
        news = session.exec(
            select(GameMessage).where(GameMessage.kind == MessageKind.GM_NEWS)
        ).all()
        assert [len(m.text) for m in news] == [lang_gm.TEXT_MAX]


def test_the_desk_keeps_the_tab_stops_of_news_as_the_gm_s_mail_does(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    table = "Reich\tGold\nTharn\t500\x1b[2J"
    assert press(client, web_engine, game, "news", text=table).startswith("ok:")
    with Session(web_engine) as session:
        (news,) = session.exec(
            select(GameMessage).where(GameMessage.kind == MessageKind.GM_NEWS)
        ).all()
        assert news.text == "Reich   Gold\nTharn   500[2J"  # no escape reaches a terminal
