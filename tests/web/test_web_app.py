"""The pages with Starlette's test client: every route, the links, the form's guards,
escaping and the headers (docs/web.md)."""

from __future__ import annotations

import re

import httpx2
import pytest
from sqlalchemy import Engine
from sqlmodel import Session, col, select
from starlette.testclient import TestClient

from db import repo
from db.models import InboundMail, Outbox, OutboxKind, Submission
from db.session import transaction
from mailserver.common import tokens
from mailserver.web.headers import CSP
from tests.web.helpers import form_token, game_of, link, open_form, run_turn, start_game, web_orders

SCRIPT = "<script>alert('hacked')</script>"


@pytest.fixture
def game(web_engine: Engine) -> int:
    """Game 501 of three seats, started (turn 0)."""
    start_game(web_engine, 501)
    return 501


@pytest.fixture
def form(client: TestClient, web_engine: Engine, game: int) -> tuple[str, str]:
    """Seat 1's page of game 501 as its player opens it: its path and the form token."""
    return open_form(client, web_engine, game, 1)


def submissions(engine: Engine) -> list[Submission]:
    """The submissions stored, from the web page or by mail."""
    with Session(engine) as session:
        return list(session.exec(select(Submission)).all())


def send_form(
    client: TestClient,
    form: tuple[str, str],
    text: str,
    action: str,
    *,
    follow_redirects: bool = True,
) -> httpx2.Response:
    """Send the order form of ``form`` with ``text`` by its ``action`` button ("send" or
    "check"), as the browser does."""
    own, csrf = form
    data = {"csrf": csrf, "text": text, "action": action}
    return client.post(own + "/orders", data=data, follow_redirects=follow_redirects)


def test_index_and_public_page(client: TestClient, game: int) -> None:
    index = client.get("/")
    assert index.status_code == 200 and "/game/501" in index.text
    page = client.get("/game/501")
    assert page.status_code == 200
    assert page.headers["content-security-policy"] == CSP
    assert page.headers["x-content-type-options"] == "nosniff"
    assert re.search(r'<time class="local" datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ">', page.text)
    assert 'id="seat-1"' in page.text and 'id="seat-3"' in page.text
    assert "<script>" not in page.text.replace('<script src="/static/pbem.js" defer>', "")
    assert client.get("/game/999").status_code == 404
    assert client.get("/static/pbem.js").status_code == 200


def test_public_page_in_english(client: TestClient, game: int) -> None:
    assert "Players" in client.get("/game/501?lang=en").text
    assert "Spieler" in client.get("/game/501", headers={"Accept-Language": "de-DE"}).text


def test_private_page_opens_only_with_its_link(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    own = link(web_engine, game, 1)
    page = client.get(own)
    assert page.status_code == 200
    assert page.headers["cache-control"] == "no-store"
    assert 'id="printout"' in page.text and 'name="csrf"' in page.text
    token = own.rsplit("/", 1)[1]
    assert len(token) == 32
    assert client.get(own[:-1] + ("A" if own[-1] != "A" else "B")).status_code == 404
    # The link of seat 1 does not open seat 2's page, nor the GM's.
    assert client.get(f"/game/501/seat/2/{token}").status_code == 404
    assert client.get(f"/game/501/gm/{token}").status_code == 404
    assert client.get(f"/game/501/seat/0/{token}").status_code == 404
    assert client.get(f"/game/502/seat/1/{token}").status_code == 404


def test_revoked_and_renewed_links(client: TestClient, web_engine: Engine, game: int) -> None:
    old = link(web_engine, game, 2)
    game_id = game_of(web_engine, game).id or 0
    with transaction(web_engine) as session:
        repo.set_web_access(session, game_id, 2, renew=False, revoke=True, now=tokens_now())
    assert client.get(old).status_code == 404
    with transaction(web_engine) as session:
        repo.set_web_access(session, game_id, 2, renew=True, revoke=False, now=tokens_now())
    new = link(web_engine, game, 2)
    assert new != old
    assert client.get(old).status_code == 404
    assert client.get(new).status_code == 200


def tokens_now():  # type: ignore[no-untyped-def]
    from tests.web.helpers import now

    return now()


def test_links_are_compared_in_constant_time(
    client: TestClient, web_engine: Engine, game: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[bytes, bytes]] = []
    real = tokens.hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(tokens.hmac, "compare_digest", spy)
    client.get("/game/501/seat/1/" + "x" * 32)
    assert calls, "the link was not compared with hmac.compare_digest"


def test_check_endpoint_reads_orders_like_the_intake(
    client: TestClient, form: tuple[str, str]
) -> None:
    own, csrf = form
    answer = client.post(
        own + "/check",
        json={"text": "HP = 20\n37 / XX / 3\n"},
        headers={"X-CSRF-Token": csrf},
    )
    assert answer.status_code == 200
    result = answer.json()
    assert [e["line"] for e in result["errors"]] == [2]
    assert result["errors"][0]["message"]
    assert "Zeile" in result["echo"]


def test_the_check_on_the_seat_s_page_names_its_game_and_seat(
    client: TestClient, form: tuple[str, str]
) -> None:
    own, csrf = form
    answer = client.post(own + "/check", json={"text": "HP = 20\n"}, headers={"X-CSRF-Token": csrf})
    echo = answer.json()["echo"]
    assert echo.startswith("Partie 501 · Spieler 1 · ")
    assert "?" not in echo.splitlines()[0] and "kein Kennwort" not in echo


def test_check_endpoint_refuses_without_form_token_or_from_elsewhere(
    client: TestClient, web_engine: Engine, game: int, form: tuple[str, str]
) -> None:
    own, csrf = form
    assert client.post(own + "/check", json={"text": "x"}).status_code == 403
    assert (
        client.post(own + "/check", json={"text": "x"}, headers={"X-CSRF-Token": "A" * 32})
    ).status_code == 403
    evil = {"X-CSRF-Token": csrf, "Origin": "https://evil.example"}
    assert client.post(own + "/check", json={"text": "x"}, headers=evil).status_code == 403
    # Seat 2's form token does not open seat 1's form.
    _, other = open_form(client, web_engine, game, 2)
    assert (
        client.post(own + "/check", json={"text": "x"}, headers={"X-CSRF-Token": other})
    ).status_code == 403


def test_submitted_orders_take_the_mail_path(
    client: TestClient, web_engine: Engine, form: tuple[str, str]
) -> None:
    own, _ = form
    answer = send_form(client, form, "Fertig\n", "send", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == own + "?sent=ok"
    assert 'id="sent"' in client.get(answer.headers["location"]).text
    with Session(web_engine) as session:
        (submission,) = session.exec(select(Submission)).all()
        assert submission.seat == 1 and submission.final
        mail = session.get(InboundMail, submission.inbound_mail_id)
        assert mail is not None and mail.mailbox == "web" and mail.status == "processed"
        (ack,) = session.exec(select(Outbox).where(Outbox.kind == OutboxKind.ACK)).all()
        assert ack.to_address == "p1.501@example.org"
        assert "über Ihre Seite im Web" in ack.body
    # The public page now says seat 1 has sent orders (not what).
    public = client.get("/game/501").text
    assert re.search(r'<tr id="seat-1" class="sent">', public)
    assert "Fertig" not in public


def test_form_refuses_cross_site_posts(
    client: TestClient, web_engine: Engine, form: tuple[str, str]
) -> None:
    own, csrf = form
    data = {"csrf": csrf, "text": "Fertig\n", "action": "send"}
    evil = client.post(own + "/orders", data=data, headers={"Origin": "https://evil.example"})
    assert evil.status_code == 403
    no_token = client.post(own + "/orders", data={**data, "csrf": ""})
    assert no_token.status_code == 403
    bare = TestClient(client.app)  # no Origin, no Referer: refused
    assert bare.post(own + "/orders", data=data).status_code == 403
    assert submissions(web_engine) == []


def test_check_without_javascript_renders_the_page(
    client: TestClient, web_engine: Engine, form: tuple[str, str]
) -> None:
    page = send_form(client, form, f"HP = 20\n37 / XX {SCRIPT}\n", "check")
    assert page.status_code == 200
    assert SCRIPT not in page.text and "&lt;script&gt;" in page.text
    assert 'class="errors"' in page.text
    assert submissions(web_engine) == []


def test_articles_are_escaped_on_every_page(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    assert web_orders(web_engine, game, 2, f"Artikel\n{SCRIPT}\nEnde\n") == "processed"
    run_turn(web_engine, game)
    for path in ("/game/501", link(web_engine, game, 1), link(web_engine, game, 0)):
        page = client.get(path).text
        assert SCRIPT not in page, path
        assert "&lt;script&gt;alert(&#39;hacked&#39;)&lt;/script&gt;" in page, path


def test_gm_page_shows_the_mails_of_the_turn(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    web_orders(web_engine, game, 1, "Fertig\n")
    page = client.get(link(web_engine, game, 0))
    assert page.status_code == 200
    assert 'id="mails"' in page.text and "p1.501@example.org" in page.text
    assert "$argon2" not in page.text and "pbkdf2" not in page.text


def test_printout_archive_and_turns(client: TestClient, web_engine: Engine, game: int) -> None:
    run_turn(web_engine, game)
    own = link(web_engine, game, 3)
    assert "?turn=0" in client.get(own).text and "?turn=1" in client.get(own).text
    assert client.get(own + "?turn=0").status_code == 200
    assert client.get(own + "?turn=x").status_code == 200


def test_the_map_and_the_report_of_the_seat_are_linked(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    own = link(web_engine, game, 1)
    page = client.get(own).text
    assert 'id="map-link"' in page and 'id="report-link"' in page
    picture = client.get(own + "/map.png")
    assert picture.headers["content-type"] == "image/png"
    assert picture.content.startswith(b"\x89PNG\r\n\x1a\n")
    report = client.get(own + "/report.json").json()
    assert report["player"] == 1
    other = client.get(link(web_engine, game, 2) + "/report.json").json()
    assert other["player"] == 2 and other != report


def test_printouts_carry_the_links_when_enabled(web_engine: Engine) -> None:
    from mailserver.common.terms import HostTerms
    from tests.web.helpers import SETTINGS

    start_game(web_engine, 502, terms=HostTerms.from_settings(SETTINGS))
    with Session(web_engine) as session:
        printouts = session.exec(
            select(Outbox).where(Outbox.kind == OutboxKind.PRINTOUT).order_by(col(Outbox.id))
        ).all()
        for mail in printouts:
            assert "http://testserver/game/502\n" in mail.body
            assert re.search(r"http://testserver/game/502/seat/\d/[\w-]{32}\n", mail.body)
    assert len(printouts) == 3


def test_a_replaced_occupants_link_is_dead(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    from mailserver.gm import operations as gm
    from tests.web.helpers import TERMS, now

    old = link(web_engine, game, 2)
    csrf = form_token(client.get(old).text)
    with transaction(web_engine) as session:
        gm.replace_player(session, game, 2, TERMS.at(now()), address="new2@example.org")
    new = link(web_engine, game, 2)
    assert new != old
    assert client.get(old).status_code == 404
    assert client.get(old + "/report.json").status_code == 404
    assert client.get(old + "/map.png").status_code == 404
    data = {"csrf": csrf, "text": "Fertig\n", "action": "send"}
    assert client.post(old + "/orders", data=data).status_code == 404
    assert (
        client.post(old + "/check", json={"text": "x"}, headers={"X-CSRF-Token": csrf}).status_code
        == 404
    )
    assert client.get(new).status_code == 200
    assert submissions(web_engine) == []


def test_the_gm_page_never_shows_a_password_from_a_subject(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    """A player may put his header line, password and all, into the Subject: the GM
    page lists subjects, masked."""
    from mailserver.gm import operations as gm
    from mailserver.inbound.intake import IntakeConfig, process_mail
    from tests.web.helpers import SERVER, TERMS, now

    with transaction(web_engine) as session:
        _, password = gm.replace_player(
            session, game, 1, TERMS.at(now()), address="p1.501@example.org"
        )
    for secret in (password, "Falsch-geraten-123"):
        raw = (
            f"From: p1.501@example.org\r\nTo: {SERVER}\r\n"
            f"Subject: Partie 501 Spieler 1 Kennwort {secret}\r\n"
            f"Message-ID: <{secret}@example.org>\r\n\r\nFertig\r\n"
        ).encode()
        with transaction(web_engine) as session:
            process_mail(session, raw, config=IntakeConfig(TERMS), mailbox="INBOX")
    page = client.get(link(web_engine, game, 0)).text
    assert "Kennwort" in page  # the subjects are listed ...
    assert password not in page and "Falsch-geraten-123" not in page  # ... masked


def test_a_revoked_link_costs_the_same_work_as_a_wrong_one(
    client: TestClient, web_engine: Engine, game: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The time of a 404 does not tell a revoked seat (or an empty one) from a wrong
    token: the MAC is computed and compared in every case."""
    macs: list[str] = []
    real = tokens._mac

    def spy(key: bytes, message: str) -> str:
        macs.append(message)
        return real(key, message)

    game_id = game_of(web_engine, game).id or 0
    with transaction(web_engine) as session:
        repo.set_web_access(session, game_id, 2, renew=False, revoke=True, now=tokens_now())
    monkeypatch.setattr(tokens, "_mac", spy)
    for path in ("/game/501/seat/1/", "/game/501/seat/2/", "/game/501/seat/9/"):
        macs.clear()
        assert client.get(path + "x" * 32).status_code == 404
        assert len(macs) == 1, path


def test_the_live_check_reads_code_names_as_the_mail_intake_does(web_engine: Engine) -> None:
    from mailserver.web.orders import check_orders

    start_game(web_engine, 733, kind="starweb")
    with Session(web_engine) as session:
        game = game_of(web_engine, 733)
        player = next(p for p in repo.current_players(session, game.id or 0) if p.seat == 1)
        other = next(p for p in repo.current_players(session, game.id or 0) if p.seat == 2)
        name = (other.seat_fields or {})["code_name"]
        text = f"Geheim an {name}\nHallo\nEnde\nF1W2\nF1AF3"
        answer = check_orders(session, game, player, text, max_chars=10_000, max_lines=100)
    assert answer["errors"] == []
    fire = next(o for o in answer["orders"] if o["text"].startswith("F1AF3"))
    assert "F1W2" in fire["text"]  # the conflict stands beside the order it drops
    assert all("F1AF3" not in n["text"] for n in answer["notes"])
