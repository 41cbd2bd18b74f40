"""The host's terms and the moment: what every mail about a game is written with.

A turn run, a GM command, a reminder and a printout all need the same few settings: the
server's From address (and its domain for the Message-IDs), the turn fee and its
currency, and the web pages whose links the printouts carry. :class:`HostTerms` holds
them, read from the settings once per process; :class:`TurnContext` adds the moment a
piece of work runs at. Both are frozen and travel as arguments: no module keeps them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from config.settings import Settings, WebSettings


@dataclass(frozen=True)
class HostTerms:
    """The settings every mail about a game is written with."""

    from_address: str = "pbem@localhost"
    turn_fee_cents: int = 0
    """Host rules, "Fees": charged per turn to every occupant still in."""
    currency: str = "EUR"
    web: WebSettings | None = None
    """The web pages' settings: with ``enabled`` the printouts name the player's links
    (``mailserver/common/links.py``); ``None`` or disabled: no mail names a page."""

    @property
    def domain(self) -> str:
        """The domain of the From address, for the Message-IDs."""
        return self.from_address.rsplit("@", 1)[-1] or "localhost"

    @classmethod
    def from_settings(cls, settings: Settings) -> HostTerms:
        """The terms of ``settings``."""
        return cls(
            from_address=settings.smtp.from_address,
            turn_fee_cents=settings.fees.turn_fee,
            currency=settings.fees.currency,
            web=settings.web,
        )

    def at(self, now: datetime) -> TurnContext:
        """These terms at the moment ``now``."""
        return TurnContext(now, self)


@dataclass(frozen=True)
class TurnContext:
    """Where and when a turn run, a GM command or a mail about a game is carried out."""

    now: datetime
    terms: HostTerms
