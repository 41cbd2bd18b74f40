"""Deadline arithmetic: calendar days in the game's time zone, DST, reminders, GM dates."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import pytest

from mailserver.turns.deadlines import (
    local_to_utc,
    next_deadline,
    parse_when,
    read_when,
    reminder_times,
)

BERLIN = "Europe/Berlin"


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def test_every_14_days_at_18_local_winter() -> None:
    # Mon 7 Dec 2026 18:00 CET = 17:00 UTC -> Mon 21 Dec 18:00 CET.
    assert next_deadline(utc(2026, 12, 7, 17), every_days=14, at=time(18), tz=BERLIN) == utc(
        2026, 12, 21, 17
    )


def test_spring_dst_change_keeps_the_local_hour() -> None:
    # 22 Mar 2027 18:00 CET (17:00 UTC); 28 Mar is the change; 5 Apr 18:00 CEST = 16:00 UTC.
    deadline = next_deadline(utc(2027, 3, 22, 17), every_days=14, at=time(18), tz=BERLIN)
    assert deadline == utc(2027, 4, 5, 16)
    assert deadline - utc(2027, 3, 22, 17) == timedelta(days=14) - timedelta(hours=1)


def test_autumn_dst_change_keeps_the_local_hour() -> None:
    # 19 Oct 2026 18:00 CEST (16:00 UTC); 25 Oct is the change; 2 Nov 18:00 CET = 17:00 UTC.
    assert next_deadline(utc(2026, 10, 19, 16), every_days=14, at=time(18), tz=BERLIN) == utc(
        2026, 11, 2, 17
    )


def test_a_later_start_time_of_day_moves_to_the_next_day() -> None:
    # After 20:00 local + 7 days, the first 18:00 not before that is the day after.
    after = utc(2026, 12, 7, 19)  # 20:00 CET
    assert next_deadline(after, every_days=7, at=time(18), tz=BERLIN) == utc(2026, 12, 15, 17)


def test_nonexistent_and_ambiguous_local_times() -> None:
    # 28 Mar 2027 02:30 does not exist in Berlin: moved forward to 03:30 CEST (01:30 UTC).
    assert local_to_utc(datetime(2027, 3, 28).date(), time(2, 30), BERLIN) == utc(
        2027, 3, 28, 1, 30
    )
    # 25 Oct 2026 02:30 exists twice: the first (CEST, 00:30 UTC).
    assert local_to_utc(datetime(2026, 10, 25).date(), time(2, 30), BERLIN) == utc(
        2026, 10, 25, 0, 30
    )


def test_reminder_times_earliest_first() -> None:
    deadline = utc(2026, 12, 21, 17)
    assert reminder_times(deadline, [12, 48, 0]) == [
        (48, utc(2026, 12, 19, 17)),
        (12, utc(2026, 12, 21, 5)),
    ]


NOW = utc(2026, 12, 7, 10)  # Mon 11:00 CET


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-12-21 18:00", utc(2026, 12, 21, 17)),
        ("2026-12-21T18:00", utc(2026, 12, 21, 17)),
        ("2027-07-01 18:00", utc(2027, 7, 1, 16)),
        ("21.12.2026 18:00", utc(2026, 12, 21, 17)),
        ("21.12.2026, 18.30 Uhr", utc(2026, 12, 21, 17, 30)),
        ("21.12.2026", utc(2026, 12, 21, 17)),
        ("+3d", NOW + timedelta(days=3)),
        ("+36h", NOW + timedelta(hours=36)),
        ("+ 90m", NOW + timedelta(minutes=90)),
        ("morgen 20:00", utc(2026, 12, 8, 19)),
        ("tomorrow", utc(2026, 12, 8, 17)),
        ("Übermorgen 9:15", utc(2026, 12, 9, 8, 15)),
    ],
)
def test_parse_when(text: str, expected: datetime) -> None:
    assert parse_when(text, BERLIN, now=NOW) == expected


@pytest.mark.parametrize("text", ["", "next week", "31.02.2027", "2026-12-21 25:00", "+3y"])
def test_parse_when_refuses_what_it_cannot_read(text: str) -> None:
    with pytest.raises(ValueError):
        parse_when(text, BERLIN, now=NOW)


def test_read_when_names_the_wall_time_the_spring_change_skips() -> None:
    read = read_when("28.03.2027 02:30", BERLIN, now=NOW)
    assert read.moment == utc(2027, 3, 28, 1, 30)  # 03:30 CEST
    assert read.skipped == (date(2027, 3, 28), time(2, 30))
    assert "02:30" in read.note(BERLIN, "en") and "clocks go forward" in read.note(BERLIN, "en")
    assert read_when("28.03.2027 03:30", BERLIN, now=NOW).skipped is None
    assert read_when("31.10.2027 02:30", BERLIN, now=NOW).skipped is None  # twice, not never
    assert read_when("+36h", BERLIN, now=NOW).note(BERLIN, "de") == ""


def test_read_when_puts_whole_days_at_the_schedule_hour_when_asked() -> None:
    read = read_when("+3d", BERLIN, now=NOW, default_time=time(9, 15), days_at_default_time=True)
    assert read.moment == utc(2026, 12, 10, 8, 15)
