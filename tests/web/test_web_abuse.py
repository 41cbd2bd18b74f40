"""The pages under abuse: bodies too large to read, a flood of submissions, a client
that would hold the service's worker threads, the archive's ``?turn=`` and the static
files (docs/web.md, "Security")."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select
from starlette.testclient import TestClient

from db.models import InboundMail, Outbox, Submission
from mailserver.web.app import MAX_BODY_BYTES, WebApp
from tests.web.helpers import SETTINGS, link, open_form, start_game


@pytest.fixture
def game(web_engine: Engine) -> int:
    start_game(web_engine, 601)
    return 601


def _chunks(total: int, size: int = 65536) -> Iterator[bytes]:
    """A body sent chunked (no Content-Length): only counting can stop it."""
    yield b'{"text": "'
    sent = 0
    while sent < total:
        yield b"a" * size
        sent += size
    yield b'"}'


def test_a_body_over_the_limit_is_refused_unread(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    own, csrf = open_form(client, web_engine, game, 1)
    huge = b"a" * 10_000_000
    by_length = client.post(own + "/check", content=huge, headers={"X-CSRF-Token": csrf})
    assert by_length.status_code == 413
    assert by_length.headers["content-security-policy"]
    chunked = client.post(
        own + "/check", content=_chunks(3 * MAX_BODY_BYTES), headers={"X-CSRF-Token": csrf}
    )
    assert chunked.status_code == 413
    form = client.post(
        own + "/orders",
        data={"csrf": csrf, "action": "send", "text": "a" * 10_000_000},
        follow_redirects=False,
    )
    assert form.status_code == 413
    million = client.post(
        own + "/orders",
        data={"csrf": csrf, "action": "send", "text": "\n" * 1_000_000},
        follow_redirects=False,
    )
    assert million.status_code == 413
    with Session(web_engine) as session:
        assert session.exec(select(InboundMail)).all() == []
        assert session.exec(select(Submission)).all() == []


def test_a_body_within_the_limit_is_read(client: TestClient, web_engine: Engine, game: int) -> None:
    own, csrf = open_form(client, web_engine, game, 1)
    lines = "HP = 20\n" * 900
    answer = client.post(own + "/check", json={"text": lines}, headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 200 and not answer.json()["too_long"]


def test_submissions_from_a_page_are_limited_per_hour(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    """A page (or a script with the link) cannot make the server send unbounded mail:
    past ``limits.answers_per_hour`` submissions in an hour, a send is refused unread
    and unanswered."""
    own, csrf = open_form(client, web_engine, game, 1)
    allowed = SETTINGS.limits.answers_per_hour
    data = {"csrf": csrf, "action": "send", "text": "Fertig\n"}
    for _ in range(allowed):
        ok = client.post(own + "/orders", data=data, follow_redirects=False)
        assert ok.status_code == 303
    with Session(web_engine) as session:
        mails = len(session.exec(select(Outbox)).all())
        received = len(session.exec(select(InboundMail)).all())
    for _ in range(5):
        refused = client.post(own + "/orders", data=data, follow_redirects=False)
        assert refused.status_code == 429
        assert 'id="too-many"' in refused.text
    with Session(web_engine) as session:
        assert len(session.exec(select(Outbox)).all()) == mails
        assert len(session.exec(select(InboundMail)).all()) == received
    # Another seat is not held back by it.
    other, csrf2 = open_form(client, web_engine, game, 2)
    assert (
        client.post(other + "/orders", data={**data, "csrf": csrf2}, follow_redirects=False)
    ).status_code == 303


def test_pages_do_not_use_the_services_worker_threads(web_engine: Engine) -> None:
    """The pages read the database in threads of their own, a bounded few: a flood of
    requests cannot occupy the default executor the outbox and the scheduler use."""
    web = WebApp(SETTINGS, web_engine)

    async def names() -> set[str]:
        async def one() -> str:
            return str(await web.db(lambda session: threading.current_thread().name))

        return set(await asyncio.gather(*(one() for _ in range(50))))

    used = asyncio.run(names())
    assert all(name.startswith("pbem-web") for name in used), used
    assert len(used) <= 8


def test_the_archive_turn_parameter(client: TestClient, web_engine: Engine, game: int) -> None:
    own = link(web_engine, game, 1)
    for turn in ("-1", "-99999999999", "99999999999", "9" * 5000, "x", "", "1e3", "0x1"):
        page = client.get(own, params={"turn": turn})
        assert page.status_code == 200, turn
        for extra in ("/map.png", "/report.json"):
            assert client.get(own + extra, params={"turn": turn}).status_code in (200, 404)
    assert client.get(own + "/map.png", params={"turn": "-1"}).status_code == 404
    assert client.get(own + "/report.json", params={"turn": "5"}).status_code == 404


@pytest.mark.parametrize(
    "path",
    [
        "/static/../app.py",
        "/static/%2e%2e/app.py",
        "/static/..%2fapp.py",
        "/static/%2e%2e%2f%2e%2e%2fconfig/settings.py",
        "/static//etc/passwd",
        "/static/templates/../../app.py",
    ],
)
def test_static_files_stay_in_their_folder(client: TestClient, game: int, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404
    assert "import" not in answer.text and "root:" not in answer.text


def test_content_types(client: TestClient, web_engine: Engine, game: int) -> None:
    own = link(web_engine, game, 1)
    assert client.get(own + "/report.json").headers["content-type"] == "application/json"
    assert client.get(own + "/map.png").headers["content-type"] == "image/png"
    assert client.get("/static/pbem.js").headers["content-type"].startswith(
        "text/javascript"
    ) or client.get("/static/pbem.js").headers["content-type"].startswith("application/javascript")
    assert client.get("/static/pbem.css").headers["content-type"].startswith("text/css")
    for path in ("/", "/game/601", own, own + "/map.png", own + "/report.json", "/static/pbem.js"):
        assert client.get(path).headers["x-content-type-options"] == "nosniff", path


def test_the_kept_maps_and_reports_are_bounded(
    web_engine: Engine, game: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Maps and reports are kept to answer again quickly, but a long-running server
    does not keep every one it ever drew (every turn of every seat of every game)."""
    from mailserver.web import app as app_module
    from tests.web.helpers import run_turn

    monkeypatch.setattr(app_module, "KEPT_EXTRAS", 4)
    web = WebApp(SETTINGS, web_engine)
    client = TestClient(web.app, headers={"Origin": "http://testserver"})
    run_turn(web_engine, game)
    for seat in (1, 2, 3):
        own = link(web_engine, game, seat)
        for turn in (0, 1):
            assert client.get(own + "/map.png", params={"turn": turn}).status_code == 200
            assert client.get(own + "/report.json", params={"turn": turn}).status_code == 200
    assert len(web._extras) <= 4


@pytest.mark.parametrize(
    "path",
    [
        "/game/99999999999999999999",
        "/game/{game}/seat/99999999999999999999/abc",
        "/game/99999999999999999999/seat/1/abc",
        "/game/99999999999999999999/gm/abc",
        "/game/{game}/seat/99999999999999999999/abc/report.json",
    ],
)
def test_a_number_too_long_for_the_database_is_no_page(
    client: TestClient, game: int, path: str
) -> None:
    # A 20-digit game or seat number reached the database and answered 500.
    answer = client.get(path.format(game=game))
    assert answer.status_code == 404


@pytest.mark.parametrize(
    ("action", "text", "said"),
    [
        ("send", "", "Nichts abgeschickt: das Befehlsfeld ist leer."),
        ("send", "  \n\t\n", "Nichts abgeschickt: das Befehlsfeld ist leer."),
        ("<script>", "Fertig\n", None),
    ],
)
def test_an_empty_send_or_a_forged_action_sends_nothing(
    client: TestClient, web_engine: Engine, game: int, action: str, text: str, said: str | None
) -> None:
    # An empty send answered "?sent=ok" and any unknown action counted as a send.
    own, csrf = open_form(client, web_engine, game, 1)
    data = {"csrf": csrf, "action": action, "text": text}
    answer = client.post(own + "/orders", data=data, follow_redirects=False)
    assert answer.status_code == 200
    assert "sent=ok" not in answer.headers.get("location", "")
    if said is not None:
        assert said in answer.text
    with Session(web_engine) as session:
        assert session.exec(select(InboundMail)).all() == []
        assert session.exec(select(Submission)).all() == []
