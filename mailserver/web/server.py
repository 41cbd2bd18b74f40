"""Serving the pages with uvicorn, inside ``pbem serve`` or alone as ``pbem web``."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator

import uvicorn
from starlette.applications import Starlette

from config.settings import WebSettings
from mailserver.web.guard import ConnectionGuard, guarded

log = logging.getLogger("pbem.web")


class _Server(uvicorn.Server):
    """uvicorn without its own signal handlers: the service owns SIGTERM and stops the
    pages with everything else (``should_exit``)."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


class WebServer:
    """The pages ``app`` (:func:`mailserver.web.app.create_app`) on ``web.host``/``port``;
    ``await run()`` until :meth:`stop`.

    ``guard`` counts the connections and closes the slow ones (default: the limits of
    :mod:`mailserver.web.guard`).
    """

    def __init__(
        self, app: Starlette, web: WebSettings, *, guard: ConnectionGuard | None = None
    ) -> None:
        self.guard = guard or ConnectionGuard()
        config = uvicorn.Config(
            app,
            host=web.host,
            port=web.port,
            # No access log: the private pages' addresses are their keys.
            access_log=False,
            log_config=None,
            lifespan="off",
            server_header=False,
            # uvicorn's h11 protocol with a deadline for request headers and caps on
            # connections per address and in all (guard.py). No limit_concurrency: it
            # counts connections, so slow ones that never send a request would make
            # every real request a 503; the app bounds the requests in flight instead.
            http=guarded(self.guard),
            limit_concurrency=None,
            timeout_keep_alive=5,
        )
        self.server = _Server(config)

    @property
    def port(self) -> int | None:
        """The port it listens on once started (``web.port = 0`` picks a free one)."""
        for server in getattr(self.server, "servers", []):
            for sock in server.sockets:
                return int(sock.getsockname()[1])
        return None

    async def run(self) -> None:
        """Serve until stopped."""
        await self.server.serve()

    def stop(self) -> None:
        """Finish the requests in hand and return from :meth:`run`."""
        self.server.should_exit = True
