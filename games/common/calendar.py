"""The casino's calendar: its time zone, the gaming day (which starts at ``GAMING_DAY_START`` on the
casino's clock, whatever the clocks did that night) and its shifts, and the instants a run of
gaming days (or one shift of each) spans.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone


def casino_zone() -> ZoneInfo:
    return ZoneInfo(settings.TIME_ZONE)


def now() -> datetime:
    return timezone.now()


def gaming_day_start(day: date) -> datetime:
    """When gaming day ``day`` begins, on the casino's clock.

    >>> gaming_day_start(date(2026, 11, 1)).isoformat()  # the clocks go back at 2:00 that morning
    '2026-11-01T06:00:00-05:00'
    """
    return datetime.combine(day, time(settings.GAMING_DAY_START), tzinfo=casino_zone())


def gaming_day_of(moment: datetime) -> date:
    """The gaming day an instant belongs to.

    >>> gaming_day_of(datetime(2026, 11, 3, 10, 59, tzinfo=ZoneInfo("UTC")))  # 5:59 in New York
    datetime.date(2026, 11, 2)
    """
    local = moment.astimezone(casino_zone())
    return local.date() - timedelta(days=1) if local.hour < settings.GAMING_DAY_START else local.date()


def shift_hours() -> list[int]:
    """The shifts' starting hours in the order of the gaming day (the first at its start)."""
    return sorted(settings.SHIFT_STARTS, key=lambda hour: (hour - settings.GAMING_DAY_START) % 24)


def shift_choices() -> list[tuple[int, str]]:
    hours = shift_hours()
    return [(n, f"Shift {n} ({hour:02d}:00 to {hours[n % len(hours)]:02d}:00)")
            for n, hour in enumerate(hours, start=1)]


def _at(day: date, hour: int) -> datetime:
    """The hour ``hour`` of gaming day ``day`` (the next calendar day once past midnight)."""
    calendar = day + timedelta(days=1) if hour < settings.GAMING_DAY_START else day
    return datetime.combine(calendar, time(hour), tzinfo=casino_zone())


def windows(first: date, last: date, shift: int | None = None) -> list[tuple[datetime, datetime]]:
    """The instants of gaming days ``first`` to ``last``, or of one shift of each: [start, end).

    >>> [(a.isoformat(), b.isoformat()) for a, b in windows(date(2026, 11, 2), date(2026, 11, 2), 3)]
    [('2026-11-02T22:00:00-05:00', '2026-11-03T06:00:00-05:00')]
    """
    if shift is None:
        return [(gaming_day_start(first), gaming_day_start(last + timedelta(days=1)))]
    hours = shift_hours()
    begin, end = hours[shift - 1], hours[shift % len(hours)]
    spans = []
    day = first
    while day <= last:
        spans.append((_at(day, begin), _at(day, end) if shift < len(hours) else gaming_day_start(day + timedelta(1))))
        day += timedelta(days=1)
    return spans


def shift_of(moment: datetime) -> tuple[date, int]:
    """The gaming day and shift (1 = the one starting the gaming day) an instant belongs to.

    >>> shift_of(datetime(2026, 11, 3, 4, 30, tzinfo=ZoneInfo("UTC")))  # 23:30 in New York
    (datetime.date(2026, 11, 2), 3)
    """
    local = moment.astimezone(casino_zone())
    offset = (local.hour - settings.GAMING_DAY_START) % 24
    begins = [(hour - settings.GAMING_DAY_START) % 24 for hour in shift_hours()]
    return gaming_day_of(moment), max(n for n, begin in enumerate(begins, start=1) if begin <= offset)


def previous_shift(moment: datetime) -> tuple[date, int]:
    """The gaming day and shift before the one ``moment`` is in (the last of the day before, after the first).

    >>> previous_shift(datetime(2026, 11, 2, 12, 0, tzinfo=ZoneInfo("UTC")))  # 07:00, shift 1 of the 2nd
    (datetime.date(2026, 11, 1), 3)
    """
    day, shift = shift_of(moment)
    return (day, shift - 1) if shift > 1 else (day - timedelta(days=1), len(shift_hours()))


def presets(moment: datetime) -> list[tuple[str, dict[str, str]]]:
    """The periods a supervisor asks for most, as (label, the from, to and shift of the filters):
    today's gaming day, yesterday's, the previous shift, this month to today."""
    today = gaming_day_of(moment)
    yesterday = today - timedelta(days=1)
    day, shift = previous_shift(moment)
    return [("Today", {"from": str(today), "to": str(today), "shift": ""}),
            ("Yesterday", {"from": str(yesterday), "to": str(yesterday), "shift": ""}),
            (f"Previous shift (shift {shift} of {day})", {"from": str(day), "to": str(day), "shift": str(shift)}),
            ("This month", {"from": str(today.replace(day=1)), "to": str(today), "shift": ""})]
