"""The headers of every answer of the pages: a strict content security policy, no
framing, no sniffing, no referrer outside the site; private pages are never cached."""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # Same-origin: a link token in the address never leaves the site in a Referer, and
    # the browser still sends a real Origin with the form (no-referrer would send "null").
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


class SecurityHeaders:
    """The headers of every answer; private pages (a token in the path) are not cached.

    Plain ASGI: Starlette's ``BaseHTTPMiddleware`` costs the event loop a task group and
    a stream per request, time the mail stages share.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        private = "/seat/" in scope["path"] or "/gm/" in scope["path"]

        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(raw=message["headers"])
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
                if private:
                    headers["Cache-Control"] = "no-store"
            await send(message)

        await self.app(scope, receive, headed)
