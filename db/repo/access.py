"""The host's keys and the state of each seat's web link."""

from collections.abc import Callable
from datetime import datetime

from sqlmodel import Session, select

from db.models import HostSecret, WebAccess
from db.repo.rows import _insert_if_absent, saved


def host_secret(session: Session, name: str, make: Callable[[], str]) -> str:
    """The host's key ``name``, made with ``make()`` the first time (race-free: two
    processes starting together end up with the same key)."""
    row, _ = _insert_if_absent(session, HostSecret(name=name, value=make()), "name")
    return row.value


def web_access(session: Session, game_id: int, seat: int) -> WebAccess:
    """The state of a seat's web link (not stored until the GM changes it)."""
    stmt = select(WebAccess).where(WebAccess.game_id == game_id, WebAccess.seat == seat)
    found = session.exec(stmt).first()
    return found if found is not None else WebAccess(game_id=game_id, seat=seat)


def set_web_access(
    session: Session, game_id: int, seat: int, *, renew: bool, revoke: bool, now: datetime
) -> WebAccess:
    """Renew (a new generation, not revoked) or revoke a seat's web link; the new state."""
    row = web_access(session, game_id, seat)
    if renew:
        row.generation += 1
        row.revoked = False
    if revoke:
        row.revoked = True
    row.updated_at = now
    return saved(session, row)
