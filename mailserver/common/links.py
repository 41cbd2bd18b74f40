"""The page links printed in the mails, when the web pages are enabled.

The printouts end with the player's links (``mailserver/printouts/compose.py``) when the
host's terms carry web settings with ``enabled`` set
(:attr:`mailserver.common.terms.HostTerms.web`); otherwise no mail names a page.
"""

from __future__ import annotations

from sqlmodel import Session

from config.settings import WebSettings
from db.models import Game
from mailserver.common.catalog import say
from mailserver.common.tokens import public_url, seat_url


def link_lines(
    session: Session, web: WebSettings | None, game: Game, seat: int, lang: str
) -> list[str]:
    """The lines naming ``seat``'s private page and the game's public page (seat 0: the
    GM page); none when the pages are off (``web`` None or not enabled) or the seat's
    link is revoked."""
    if web is None or not web.enabled:
        return []
    private = seat_url(session, web, game, seat)
    lines = [say(lang, "web_public"), f"  {public_url(web, game)}"]
    if private is not None:
        lines += [say(lang, "web_private"), f"  {private}"]
    return lines
