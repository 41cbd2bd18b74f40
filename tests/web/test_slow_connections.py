"""Slow connections against the real server (uvicorn on a socket): 300 connections that
send part of a request line and then nothing neither keep a real client from its pages
nor stay open past the header deadline (mailserver/web/guard.py).

The slow clients come from other loopback addresses (127.0.0.0/8 is all loopback on
Linux) than the real one, as an attacker's would.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import socket
import threading
import time
from collections.abc import Iterator

import pytest
from sqlalchemy import Engine

from mailserver.web.app import create_app
from mailserver.web.guard import PER_CLIENT, ConnectionGuard
from mailserver.web.server import WebServer
from tests.web.helpers import SETTINGS, start_game

pytestmark = [
    pytest.mark.slow(reason="holds 300 sockets and waits on the real clock for the deadline"),
    pytest.mark.timeout(120),
]

SLOW = 300
PAGE_SECONDS = 5.0
"""How long a real page may take while the slow connections are held."""


@contextlib.contextmanager
def serving(engine: Engine, guard: ConnectionGuard, port: int = 0) -> Iterator[WebServer]:
    """The pages on loopback (``port``, else a free one), served by a thread of their own;
    with a ``port`` they are also its origin (forms from the page are accepted)."""
    update: dict[str, object] = {"host": "127.0.0.1", "port": port}
    if port:
        update["base_url"] = f"http://127.0.0.1:{port}"
    web = SETTINGS.web.model_copy(update=update)
    app = create_app(SETTINGS.model_copy(update={"web": web}), engine)
    server = WebServer(app, web, guard=guard)
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_until_complete, args=(server.run(),), daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not (server.server.started and server.port):
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        yield server
    finally:
        loop.call_soon_threadsafe(server.stop)
        thread.join(30)
        loop.close()


def open_slow(port: int, sources: list[str]) -> list[socket.socket]:
    """One connection from each source address, each sending half a request line."""
    sockets = []
    for source in sources:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", port))
        sock.sendall(b"GET /game/1 HT")
        sockets.append(sock)
    return sockets


def is_closed(sock: socket.socket) -> bool:
    """Whether the server has closed ``sock`` (end of stream or reset)."""
    sock.setblocking(False)
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def wait_closed(sockets: list[socket.socket], seconds: float) -> int:
    """Wait up to ``seconds`` until every socket is closed; how many still are not."""
    deadline = time.monotonic() + seconds
    while True:
        open_ = sum(1 for sock in sockets if not is_closed(sock))
        if open_ == 0 or time.monotonic() > deadline:
            return open_
        time.sleep(0.1)


def read_response(sock: socket.socket) -> bytes:
    """One whole answer (its headers and its Content-Length of body) from ``sock``."""
    sock.settimeout(PAGE_SECONDS)
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(4096)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += sock.recv(4096)
    return head


def fetch(port: int, path: str) -> tuple[int, float]:
    """GET ``path`` as a real client; the status and the seconds it took."""
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=PAGE_SECONDS * 2)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status, time.monotonic() - started
    finally:
        conn.close()


def assert_pages_served(port: int) -> None:
    for path in ("/", "/game/401", "/static/pbem.js"):
        status, seconds = fetch(port, path)
        assert status == 200, (path, status)
        assert seconds < PAGE_SECONDS, (path, seconds)


def many_addresses(count: int) -> list[str]:
    """``count`` loopback addresses other than 127.0.0.1."""
    return [f"127.1.{n // 250}.{n % 250 + 1}" for n in range(count)]


@contextlib.contextmanager
def attacked(
    web_engine: Engine, guard: ConnectionGuard, addresses: list[str]
) -> Iterator[tuple[int, list[socket.socket]]]:
    """Game 401's pages served behind ``guard`` while each of ``addresses`` holds a
    connection with a half-sent request: the port and those connections."""
    start_game(web_engine, 401)
    with serving(web_engine, guard) as server:
        assert server.port is not None
        slow = open_slow(server.port, addresses)
        try:
            yield server.port, slow
        finally:
            for sock in slow:
                sock.close()


def test_300_slow_connections_from_300_addresses_neither_block_pages_nor_outlive_the_deadline(
    web_engine: Engine,
) -> None:
    guard = ConnectionGuard(header_seconds=3.0)
    with attacked(web_engine, guard, many_addresses(SLOW)) as (port, slow):
        assert wait_closed(slow, 0.5) == SLOW  # held: no address is over its share
        assert_pages_served(port)
        assert wait_closed(slow, guard.header_seconds + 10) == 0
        assert_pages_served(port)


def test_one_address_holds_only_its_share_of_connections_and_the_pages_stay_served(
    web_engine: Engine,
) -> None:
    guard = ConnectionGuard(header_seconds=60.0)
    with attacked(web_engine, guard, ["127.0.0.2"] * SLOW) as (port, slow):
        # The oldest are closed to make room for the newest: the share stays open.
        assert wait_closed(slow[:-PER_CLIENT], 5) == 0
        assert wait_closed(slow[-PER_CLIENT:], 0.2) == PER_CLIENT
        assert_pages_served(port)


def test_headers_that_never_end_are_closed_at_the_deadline_also_on_a_kept_alive_connection(
    web_engine: Engine,
) -> None:
    start_game(web_engine, 401)
    guard = ConnectionGuard(header_seconds=2.0)
    with serving(web_engine, guard) as server:
        assert server.port is not None
        sock = socket.create_connection(("127.0.0.1", server.port))
        try:
            sock.sendall(b"GET /static/pbem.js HTTP/1.1\r\nHost: x\r\n\r\n")
            assert read_response(sock).startswith(b"HTTP/1.1 200")
            # The next request's headers, a byte now and then (each would renew uvicorn's
            # keep-alive timeout): closed at the header deadline all the same.
            closed = False
            for byte in b"GET / HTTP/1.1\r\nHost: x\r\n":
                try:
                    sock.sendall(bytes([byte]))
                except OSError:
                    closed = True
                    break
                if wait_closed([sock], 0.5) == 0:
                    closed = True
                    break
            assert closed
        finally:
            sock.close()
