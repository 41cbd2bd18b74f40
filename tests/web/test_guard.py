"""The pages' connection caps and request limits as logic (mailserver/web/guard.py); the
real sockets are in test_slow_connections.py."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from starlette.types import Message, Receive, Scope, Send

from mailserver.web.guard import ConnectionGuard, RequestLimits, client_key


@dataclass(eq=False)
class FakeConnection:
    waiting: bool = True
    dropped: bool = False

    def drop(self) -> None:
        self.dropped = True


def test_an_address_over_its_share_loses_its_oldest_waiting_connection() -> None:
    guard = ConnectionGuard(per_client=3, total=100)
    mine = [FakeConnection() for _ in range(3)]
    for connection in mine:
        assert guard.admit(connection, "192.0.2.7")
    mine[0].waiting = False  # busy with a request: kept
    newest = FakeConnection()
    assert guard.admit(newest, "192.0.2.7")
    assert [c.dropped for c in mine] == [False, True, False]
    assert len(guard) == 3


def test_another_address_is_not_touched_by_a_flood_from_one() -> None:
    guard = ConnectionGuard(per_client=2, total=100)
    other = FakeConnection()
    guard.admit(other, "192.0.2.1")
    for _ in range(50):
        guard.admit(FakeConnection(), "192.0.2.9")
    assert not other.dropped
    assert len(guard) == 3


def test_a_full_server_drops_its_oldest_waiting_connection_refusing_only_when_all_are_busy() -> (
    None
):
    guard = ConnectionGuard(per_client=10, total=2)
    first, second = FakeConnection(), FakeConnection()
    guard.admit(first, "192.0.2.1")
    guard.admit(second, "192.0.2.2")
    assert guard.admit(FakeConnection(), "192.0.2.3")
    assert first.dropped and not second.dropped
    busy = ConnectionGuard(per_client=10, total=1)
    busy.admit(FakeConnection(waiting=False), "192.0.2.1")
    assert not busy.admit(FakeConnection(), "192.0.2.2")


def test_a_released_connection_no_longer_counts() -> None:
    guard = ConnectionGuard(per_client=1, total=1)
    first = FakeConnection(waiting=False)
    guard.admit(first, "192.0.2.1")
    guard.release(first)
    assert guard.admit(FakeConnection(), "192.0.2.1")
    assert not first.dropped


def test_ipv6_addresses_of_one_network_count_together() -> None:
    assert client_key("2001:db8:1:2::5") == client_key("2001:db8:1:2:ffff::1")
    assert client_key("2001:db8:1:2::5") != client_key("2001:db8:1:3::5")
    assert client_key("::ffff:192.0.2.1") == client_key("192.0.2.1") == "192.0.2.1"
    assert client_key("/run/pbem.sock") == ""


async def _call(app: RequestLimits, receive: Receive) -> list[Message]:
    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    scope: Scope = {"type": "http", "method": "POST", "path": "/", "headers": []}
    await app(scope, receive, send)
    return sent


async def _reads_the_body(scope: Scope, receive: Receive, send: Send) -> None:
    while (await receive()).get("more_body", False):
        pass
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


def test_a_body_that_stops_coming_gets_408() -> None:
    async def stalls() -> Message:
        if not hasattr(stalls, "called"):
            stalls.called = True  # type: ignore[attr-defined]
            return {"type": "http.request", "body": b"x", "more_body": True}
        await asyncio.Event().wait()  # the rest never comes
        raise AssertionError

    app = RequestLimits(_reads_the_body, body_seconds=0.05)
    sent = asyncio.run(_call(app, stalls))
    assert sent[0]["status"] == 408
    assert app.running == 0


def test_a_whole_body_is_answered_and_the_disconnect_is_awaited_without_a_deadline() -> None:
    async def whole() -> Message:
        return {"type": "http.request", "body": b"x", "more_body": False}

    sent = asyncio.run(_call(RequestLimits(_reads_the_body, body_seconds=0.05), whole))
    assert sent[0]["status"] == 200


def test_requests_past_the_limit_in_flight_get_503_at_once() -> None:
    release = asyncio.Event()

    async def waits(scope: Scope, receive: Receive, send: Send) -> None:
        await release.wait()
        await _reads_the_body(scope, receive, send)

    async def whole() -> Message:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def scenario() -> tuple[list[Message], list[Message]]:
        app = RequestLimits(waits, in_flight=1)
        first = asyncio.ensure_future(_call(app, whole))
        await asyncio.sleep(0)
        refused = await _call(app, whole)
        release.set()
        return await first, refused

    answered, refused = asyncio.run(scenario())
    assert answered[0]["status"] == 200
    assert refused[0]["status"] == 503
