"""``pbem web``: the pages alone, beside a ``pbem serve`` on the same database."""

from __future__ import annotations

import asyncio
import logging
import signal

from config.settings import Settings
from db.session import make_engine, upgrade
from mailserver.common.kinds import load_kinds

log = logging.getLogger("pbem.web")


async def serve_pages(settings: Settings) -> None:
    """Serve the pages until SIGTERM or SIGINT. Orders sent from a page wait in the
    outbox for the service's sender (it looks every few seconds)."""
    from mailserver.web.app import create_app
    from mailserver.web.server import WebServer

    load_kinds(settings.game_kinds)
    upgrade(settings.database_url)
    engine = make_engine(settings.database_url)
    web = WebServer(create_app(settings, engine), settings.web)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, web.stop)
    log.info("web pages on %s", settings.web.public_url())
    try:
        await web.run()
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
        engine.dispose()
