"""The figures of each gaming day, per level and name: what the day charts draw.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.functions import TruncHour

from games.common.calendar import casino_zone, gaming_day_of
from games.models import Round, SettlementLine
from games.reports import cell_reads
from games.reports.figures import (
    ACTED,
    CELL,
    KEPT,
    LINE_CELL,
    DayFigures,
    DaysFigures,
    rolled_up,
    without_jit,
)


def _gaming_day_of_hour(hour: datetime | str) -> date:
    """The gaming day of a clock hour on the casino's clock, as the database truncated it (a
    naive local time; text on SQLite)."""
    if isinstance(hour, str):
        hour = datetime.fromisoformat(hour)
    if hour.tzinfo is not None:
        return gaming_day_of(hour)
    return hour.date() - timedelta(days=1) if hour.hour < settings.GAMING_DAY_START else hour.date()


def by_gaming_day(rounds: QuerySet[Round], levels: tuple[str, ...] | None = None,
                  ) -> dict[str, dict[str, dict[date, DayFigures]]]:
    """The rounds, handle and win of each gaming day, per level and name (a game by its name):
    the figures of ``Report`` with the same definitions, each cell grouped by the clock hour its
    rounds started (a gaming day is made of whole hours) and the hours added up per day here
    (``levels``: only those, as ``rolled_up``)."""
    selection = cell_reads.selection_of(rounds)
    if selection is not None:  # from the cells stored as the rounds closed, as ``Report``

        with without_jit():
            return cell_reads.by_gaming_day(selection, levels)
    days = DaysFigures()

    def figures(row: dict[str, Any]) -> DayFigures:
        return days.of(row, _gaming_day_of_hour(row["hour"]))

    rounds = rounds.order_by()
    total = "COALESCE(SUM({}), 0)".format
    hour = TruncHour("started_at", tzinfo=casino_zone())
    with without_jit():
        cells = rounds.annotate(**CELL, hour=hour).values("t", "d", "g", "hour").annotate(
            closed=Count("id", filter=Q(status=Round.Status.CLOSED)), paid=Sum("total_paid"),
            collected=Sum("total_collected"))
        for row in rolled_up(cells, ("hour",), {name: total(f'"{name}"') for name in ("closed", "paid",
                                                                                       "collected")}, levels):
            day = figures(row)
            day.rounds += row["closed"]
            day.paid += row["paid"]
            day.collected += row["collected"]
        lines = (SettlementLine.objects.filter(round__in=rounds.values("id")).filter(ACTED | KEPT).order_by()
                 .annotate(**LINE_CELL, hour=TruncHour("round__started_at", tzinfo=casino_zone()))
                 .values("t", "d", "g", "hour").annotate(staked=Sum("stake", filter=ACTED, default=0),
                                                         kept=Sum("stake", filter=KEPT, default=0)))
        for row in rolled_up(lines, ("hour",), {name: total(f'"{name}"') for name in ("staked", "kept")}, levels):
            figures(row).handle += row["staked"]
            figures(row).kept += row["kept"]
    return days.as_dict()


