"""Deadline arithmetic (rulebook 1.6, 4.1): pure functions, no database.

A game's schedule is "every N days at HH:MM local time in a time zone" (or dates the GM
sets). Deadlines are stored in UTC; the arithmetic is done on the local calendar, so a
deadline at 18:00 Europe/Berlin stays at 18:00 local time across the DST changes (the UTC
hour moves instead).

Local times that do not exist (the hour skipped in spring) are moved forward by the
length of the gap; local times that exist twice (autumn) mean the first of the two.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from mailserver.common.catalog import say
from mailserver.common.formats import format_when


def _require_aware(moment: datetime) -> None:
    if moment.utcoffset() is None:
        raise ValueError("naive datetime: pass an aware datetime")


def local_to_utc(day: date, at: time, tz: str) -> datetime:
    """The UTC instant of the local wall-clock time ``at`` on ``day`` in ``tz``.

    A wall time in the spring gap is moved forward by the gap (02:30 becomes 03:30 CEST);
    an ambiguous autumn time is the first occurrence (summer time).
    """
    zone = ZoneInfo(tz)
    local = datetime.combine(day, at.replace(tzinfo=None), tzinfo=zone).replace(fold=0)
    # For a time in the gap, fold=0 takes the offset from before the change: that is
    # exactly "forward by the gap".
    return local.astimezone(UTC)


def next_deadline(after: datetime, *, every_days: int, at: time, tz: str) -> datetime:
    """The first local ``at`` that is not before ``after`` plus ``every_days`` calendar days.

    Calendar days are counted in ``tz``: 14 days after a Monday 18:00 is the Monday two
    weeks later at 18:00 local time, whatever DST did in between. Returned in UTC.
    """
    _require_aware(after)
    if every_days < 0:
        raise ValueError("every_days must not be negative")
    zone = ZoneInfo(tz)
    local = after.astimezone(zone)
    earliest_day = local.date() + timedelta(days=every_days)
    earliest = local_to_utc(earliest_day, local.time(), tz)
    candidate = local_to_utc(earliest_day, at, tz)
    if candidate < earliest:
        candidate = local_to_utc(earliest_day + timedelta(days=1), at, tz)
    return candidate


def reminder_times(deadline: datetime, hours: Sequence[int]) -> list[tuple[int, datetime]]:
    """When the reminders ``hours`` before ``deadline`` are due, earliest first."""
    _require_aware(deadline)
    moments = {(h, deadline - timedelta(hours=h)) for h in hours if h > 0}
    return sorted(moments, key=lambda item: (item[1], -item[0]))


class WhenError(ValueError):
    """A moment :func:`parse_when` cannot read: the catalog text ``key`` says why."""

    def __init__(self, key: str, text: str) -> None:
        super().__init__(say("en", key, text=text))
        self.key, self.text = key, text

    def say(self, lang: str) -> str:
        """Why, in ``lang``."""
        return say(lang, self.key, text=self.text)


_RELATIVE = re.compile(r"^\+\s*(\d+)\s*([dhm])$", re.IGNORECASE)
_TIME_PART = r"(?:[ T,]+(\d{1,2})[:.](\d{2})(?:\s*(?:uhr|h))?)?"
_ISO = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})" + _TIME_PART + "$", re.IGNORECASE)
_GERMAN = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})" + _TIME_PART + "$", re.IGNORECASE)
_DAY_WORDS = {"heute": 0, "today": 0, "morgen": 1, "tomorrow": 1, "übermorgen": 2}
_WORD = re.compile(r"^(\w+)" + _TIME_PART + "$", re.IGNORECASE)


@dataclass(frozen=True)
class ReadWhen:
    """A moment the GM wrote (:func:`read_when`), and the wall time a DST change skips."""

    moment: datetime
    """In UTC."""
    skipped: tuple[date, time] | None = None
    """The local day and time written, if the spring change skips that hour: the moment
    is then later by the gap (:func:`local_to_utc`), and the GM is told."""

    def note(self, tz: str, lang: str) -> str:
        """The line telling the GM his wall time was skipped, in ``lang``; "" if it was not."""
        if self.skipped is None:
            return ""
        day, at = self.skipped
        when = format_when(self.moment, tz, lang)
        return say(lang, "when_dst_gap", day=day, at=at, timezone=tz, when=when)


def skipped_wall_time(day: date, at: time, tz: str) -> bool:
    """Whether ``at`` on ``day`` is not on the clocks of ``tz`` (the hour skipped in spring)."""
    moment = local_to_utc(day, at, tz)
    return moment.astimezone(ZoneInfo(tz)).time() != at.replace(tzinfo=None)


def read_when(
    text: str,
    tz: str,
    *,
    now: datetime,
    default_time: time = time(18, 0),
    days_at_default_time: bool = False,
) -> ReadWhen:
    """A moment the GM wrote, in UTC, with the wall time a DST gap moved (if it did).

    Accepted: ``2026-12-01 18:00`` (ISO, also with ``T``), ``01.12.2026 18:00`` (German,
    also ``18.00`` and ``18:00 Uhr``), a date alone (then ``default_time``), ``+3d``,
    ``+36h``, ``+90m`` (from ``now``), and ``morgen 18:00`` / ``tomorrow 18:00`` /
    ``heute`` / ``übermorgen``. Dates and times are local to ``tz``. With
    ``days_at_default_time``, ``+3d`` is the local day three days on at ``default_time``
    (a schedule's deadline hour) rather than 72 hours from ``now``. Raises
    :class:`WhenError` (a :class:`ValueError`) saying why otherwise.
    """
    _require_aware(now)
    cleaned = " ".join(text.strip().split())
    relative = _RELATIVE.match(cleaned)
    if relative:
        amount, unit = int(relative.group(1)), relative.group(2).lower()
        if unit != "d" or not days_at_default_time:
            step = {"d": timedelta(days=1), "h": timedelta(hours=1), "m": timedelta(minutes=1)}
            try:
                return ReadWhen((now + amount * step[unit]).astimezone(UTC))
            except OverflowError:  # past the calendar's end (year 9999)
                raise WhenError("when_too_far", text) from None
        today = now.astimezone(ZoneInfo(tz)).date()
        try:
            return _wall_when(today + timedelta(days=amount), default_time, tz)
        except OverflowError:
            raise WhenError("when_too_far", text) from None
    day: date | None = None
    hour_minute: tuple[str | None, str | None] = (None, None)
    if match := _ISO.match(cleaned):
        year, month, mday = (int(match.group(i)) for i in (1, 2, 3))
        hour_minute = (match.group(4), match.group(5))
        day = _date(year, month, mday, text)
    elif match := _GERMAN.match(cleaned):
        mday, month, year = (int(match.group(i)) for i in (1, 2, 3))
        hour_minute = (match.group(4), match.group(5))
        day = _date(year, month, mday, text)
    elif (match := _WORD.match(cleaned)) and match.group(1).lower() in _DAY_WORDS:
        today = now.astimezone(ZoneInfo(tz)).date()
        day = today + timedelta(days=_DAY_WORDS[match.group(1).lower()])
        hour_minute = (match.group(2), match.group(3))
    if day is None:
        raise WhenError("when_unreadable", text)
    at = default_time
    if hour_minute[0] is not None and hour_minute[1] is not None:
        hour, minute = int(hour_minute[0]), int(hour_minute[1])
        if hour > 23 or minute > 59:
            raise WhenError("when_no_time", text)
        at = time(hour, minute)
    return _wall_when(day, at, tz)


def parse_when(text: str, tz: str, *, now: datetime, default_time: time = time(18, 0)) -> datetime:
    """The UTC moment of :func:`read_when` (which see for what is accepted)."""
    return read_when(text, tz, now=now, default_time=default_time).moment


def _wall_when(day: date, at: time, tz: str) -> ReadWhen:
    skipped = (day, at) if skipped_wall_time(day, at, tz) else None
    return ReadWhen(local_to_utc(day, at, tz), skipped)


def _date(year: int, month: int, mday: int, text: str) -> date:
    try:
        return date(year, month, mday)
    except ValueError:
        raise WhenError("when_no_date", text) from None
