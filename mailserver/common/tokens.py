"""The secret links of the private pages and the form tokens that guard them.

A link token is ``HMAC-SHA256(key, "web-link:<game>:<seat>:<occupant>:<generation>")``,
base64url, cut to 32 characters (192 bits): random-looking, never the password, and not
stored anywhere. The database keeps only a generation counter and a revoked flag per
seat (``db.models.WebAccess``): the GM renews a link (the old one stops working) or
revokes it. The seat's occupant (its ``Player`` row) is part of the message, so a
takeover by a stand-by makes the old occupant's link worthless at once. A link belongs to
one person holding one seat: it works only while its occupant is in the game or reads it
(:data:`LINK_HOLDERS`), so dropping or resigning ends it too. Seat 0 is the GM.

The form token of a page is an HMAC of its link token under another label, so it needs
no storage either and is worthless without the link. Every comparison is
:func:`hmac.compare_digest` (constant time).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from sqlmodel import Session

from config.settings import WebSettings
from db import repo
from db.models import Game, Player, PlayerStatus

TOKEN_CHARS = 32
SECRET_NAME = "web-links"
GM_SEAT = 0
LINK_HOLDERS = (PlayerStatus.ACTIVE, PlayerStatus.ELIMINATED)
"""The occupants whose link works: those in the game, and those the rules took out, who
keep reading it (host rules, "NMR and leaving the game"). A dropped or resigned
occupant's link is ended; a replaced one's names another occupant."""


def link_key(session: Session, settings: WebSettings) -> bytes:
    """The key of every link: the setting ``web.secret``, else one generated once and
    kept in the database (so ``pbem serve`` and ``pbem web`` agree)."""
    if settings.secret:
        return settings.secret.encode()
    return repo.host_secret(session, SECRET_NAME, lambda: secrets.token_urlsafe(48)).encode()


def _mac(key: bytes, message: str) -> str:
    digest = hmac.new(key, message.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")[:TOKEN_CHARS]


def _occupant(session: Session, game: Game, seat: int) -> Player | None:
    """The seat's current occupant (any status); ``None``: no such seat, or the GM's."""
    if seat == GM_SEAT:
        return None
    return next((p for p in repo.current_players(session, game.id or 0) if p.seat == seat), None)


def occupant_id(session: Session, game: Game, seat: int) -> int | None:
    """The id of the seat's current occupant (0 for the GM); ``None``: no such seat."""
    if seat == GM_SEAT:
        return 0
    player = _occupant(session, game, seat)
    return None if player is None else player.id


def link_ended(session: Session, game: Game, seat: int) -> bool:
    """Whether the seat's occupant has left the game (dropped or resigned): the seat has
    no link until it is given to someone."""
    player = _occupant(session, game, seat)
    return player is not None and player.status not in LINK_HOLDERS


def link_token(session: Session, key: bytes, game: Game, seat: int) -> str | None:
    """The valid token of ``seat``'s link now; ``None`` if the seat has no link (no
    occupant, one who left the game, or revoked)."""
    player = _occupant(session, game, seat)
    occupant = 0 if seat == GM_SEAT else (None if player is None else player.id)
    access = repo.web_access(session, game.id or 0, seat)
    # Computed in every case, so that the time does not tell a revoked or empty seat.
    token = _mac(key, f"web-link:{game.number}:{seat}:{occupant}:{access.generation}")
    if occupant is None or access.revoked:
        return None
    if player is not None and player.status not in LINK_HOLDERS:
        return None  # the link ended with the occupant's place in the game
    return token


def check_link(session: Session, key: bytes, game: Game, seat: int, token: str) -> bool:
    """Whether ``token`` opens ``seat``'s page (constant-time comparison)."""
    expected = link_token(session, key, game, seat)
    # Compared even without a valid token, so that the time does not tell the cases apart.
    return hmac.compare_digest((expected or "\0" * TOKEN_CHARS).encode(), token.encode()) and (
        expected is not None
    )


def form_token(key: bytes, link: str) -> str:
    """The token a page's forms carry (tied to its link token; nothing stored)."""
    return _mac(key, f"web-form:{link}")


def check_form(key: bytes, link: str, token: str) -> bool:
    """Whether ``token`` is the form token of the page of ``link`` (constant time)."""
    return hmac.compare_digest(form_token(key, link).encode(), token.encode())


def seat_path(game: Game, seat: int, token: str) -> str:
    """The path of a private page (seat 0: the GM page)."""
    if seat == GM_SEAT:
        return f"/game/{game.number}/gm/{token}"
    return f"/game/{game.number}/seat/{seat}/{token}"


def seat_url(session: Session, settings: WebSettings, game: Game, seat: int) -> str | None:
    """The full link of ``seat``'s page (seat 0: the GM's); ``None`` when it has none."""
    token = link_token(session, link_key(session, settings), game, seat)
    return None if token is None else settings.public_url() + seat_path(game, seat, token)


def public_url(settings: WebSettings, game: Game) -> str:
    """The link of a game's public page."""
    return f"{settings.public_url()}/game/{game.number}"
