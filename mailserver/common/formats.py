"""How the host's mails write a moment and an amount, in German and English."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

_DAYS = {
    "de": ("Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa.", "So."),
    "en": ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
}

_GERMAN_ZONES = {"CET": "MEZ", "CEST": "MESZ"}


def format_when(moment: datetime, timezone: str, lang: str) -> str:
    """A deadline as a player reads it in his own time zone: ``Mo., 07.12.2026, 18:00 MEZ``."""
    local = moment.astimezone(ZoneInfo(timezone))
    day = _DAYS["en" if lang == "en" else "de"][local.weekday()]
    zone = local.tzname() or timezone
    if lang == "en":
        return f"{day} {local:%d %b %Y, %H:%M} {zone} ({timezone})"
    zone = _GERMAN_ZONES.get(zone, zone)
    return f"{day}, {local:%d.%m.%Y, %H:%M} Uhr {zone} ({timezone})"


def format_money(cents: int, currency: str) -> str:
    """``0,80 EUR``."""
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100},{cents % 100:02d} {currency}"
