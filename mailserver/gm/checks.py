"""The checks of what a GM gives a game: a time zone, an address, a first deadline, the
names of rule options.

``create`` and ``edit`` (CLI and mail) call these before anything is stored, so a typo
(``Europe/Berlinn``, ``not-an-address``, a deadline in the past) is refused at once with
one plain line, instead of breaking the game later. Each raises :class:`GmError`.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from datetime import datetime
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from engine.core import GameKind
from grammar.gm import POSTPONE_MAX
from mailserver.common.catalog import languages
from mailserver.gm.lookup import GmError

_ADDRESS_RE = re.compile(r"[^\s@<>,;:\"()\[\]]+@[^\s@<>,;:\"()\[\].][^\s@<>,;:\"()\[\]]*")


@cache
def _zones() -> tuple[str, ...]:
    return tuple(sorted(available_timezones()))


def check_timezone(tz: str) -> str:
    """``tz`` if it names a time zone (``Europe/Berlin``); :class:`GmError` otherwise,
    with the nearest name as a suggestion."""
    name = tz.strip()
    try:
        if name and "\x00" not in name:
            ZoneInfo(name)
            return name
    except (ZoneInfoNotFoundError, ValueError, OSError):
        pass
    close = difflib.get_close_matches(name, _zones(), n=1, cutoff=0.6)
    if close:
        raise GmError("gm_error_bad_timezone_near", tz=tz, near=close[0])
    raise GmError("gm_error_bad_timezone", tz=tz)


def check_address(address: str) -> str:
    """``address`` (trimmed) if it looks like a mail address (``name@domain``);
    :class:`GmError` otherwise."""
    cleaned = address.strip().strip("<>")
    if _ADDRESS_RE.fullmatch(cleaned) is None or cleaned.endswith("."):
        raise GmError("gm_error_bad_address", address=address)
    return cleaned


def check_language(language: str) -> str:
    """``language`` if the host speaks it (its catalogs); :class:`GmError` otherwise."""
    if language not in languages():
        raise GmError("gm_error_bad_language", language=language, languages=", ".join(languages()))
    return language


EVERY_DAYS_MAX = POSTPONE_MAX.days
"""The longest time between two deadlines a GM may set, in days, as a GM mail's schedule
allows: a deadline far beyond it is a typing mistake, past the calendar's end none."""

TITLE_MAX = 120
"""Characters in a game's title."""


def check_title(title: str) -> str | None:
    """The title on one line, trimmed (``None`` when empty); :class:`GmError` when it is
    longer than :data:`TITLE_MAX`."""
    cleaned = " ".join(title.replace("\x00", "").split())
    if len(cleaned) > TITLE_MAX:
        raise GmError("gm_error_title_too_long", max=TITLE_MAX)
    return cleaned or None


def check_future(when: datetime, now: datetime, tz: str) -> datetime:
    """``when`` if it lies after ``now``; :class:`GmError` naming it (local to ``tz``)
    otherwise."""
    if when <= now:
        local = when.astimezone(ZoneInfo(check_timezone(tz)))
        raise GmError("gm_error_deadline_past", when=f"{local:%Y-%m-%d %H:%M} ({tz})")
    return when


def check_rule_options(kind: GameKind, names: Iterable[str]) -> None:
    """:class:`GmError` for the first of ``names`` that is no rule option a GM of ``kind``
    may set (``GameKind.gm_options``), listing those it may: one check for creation and
    setup edits, by mail, command line and web."""
    unknown = kind.unknown_options(names)
    if unknown:
        known = ", ".join(sorted(kind.gm_options))
        raise GmError("gm_error_unknown_option", key=unknown[0], title=kind.title, known=known)
