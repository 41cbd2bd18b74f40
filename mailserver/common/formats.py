"""How the host's mails write a moment and an amount, in the reader's language (the
host catalog's ``when``, ``weekdays`` and ``zone_*``)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from mailserver.common.catalog import HOST, say


def format_when(moment: datetime, timezone: str, lang: str) -> str:
    """A deadline as a player reads it in his own time zone: ``Mo., 07.12.2026, 18:00 MEZ``."""
    local = moment.astimezone(ZoneInfo(timezone))
    day = say(lang, "weekdays").split("\n")[local.weekday()]
    zone = local.tzname() or timezone
    # A zone's abbreviation as the language writes it (German: MEZ for CET), if it has one.
    shown = say(lang, f"zone_{zone}") if f"zone_{zone}" in HOST else zone
    return say(lang, "when", day=day, local=local, zone=shown, timezone=timezone)


def format_money(cents: int, currency: str) -> str:
    """``0,80 EUR``."""
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100},{cents % 100:02d} {currency}"
