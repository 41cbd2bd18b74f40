"""The page links printed in the mails, when the web pages are enabled.

Every process that writes printouts (``pbem serve``, ``pbem gm``) calls
:func:`configure` with its settings once, as it loads the game kinds; the printouts then
end with the player's links (``mailserver/printouts/compose.py``). Without it, or with
``web.enabled`` false, no mail names a page.
"""

from __future__ import annotations

from sqlmodel import Session

from config.settings import WebSettings
from db.models import Game
from mailserver.common.catalog import say
from mailserver.common.tokens import public_url, seat_url

_configured: list[WebSettings] = []


def configure(settings: WebSettings) -> None:
    """Print links in this process's mails when ``settings.enabled``."""
    _configured[:] = [settings] if settings.enabled else []


def link_lines(session: Session, game: Game, seat: int, lang: str) -> list[str]:
    """The lines naming ``seat``'s private page and the game's public page (seat 0: the
    GM page); none when the pages are off or the seat's link is revoked."""
    if not _configured:
        return []
    settings = _configured[0]
    private = seat_url(session, settings, game, seat)
    lines = [say(lang, "web_public"), f"  {public_url(settings, game)}"]
    if private is not None:
        lines += [say(lang, "web_private"), f"  {private}"]
    return lines
