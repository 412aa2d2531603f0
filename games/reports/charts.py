"""The charts of the supervisor's reports: which figures each one draws (``games.reports.svg`` draws).

- hold % by gaming day, one line per table, and one per game;
- handle and win by gaming day, for the floor;
- approval waits, the decided approvals counted by how long they waited;
- hit frequency, each paying row's count observed beside the count expected (one chart per
  table and paytable; its table is the hit-frequency table printed with it).

Every gaming day of the period has its place on the x axis, a day without rounds included (its
hold has no value and breaks the line); a period without any round has no chart, but a sentence.
"""

from __future__ import annotations

from datetime import date, timedelta

from django.db.models import QuerySet

from games.models import Round
from games.reports import daily, paytable_hits
from games.reports import report as reports
from games.reports.figures import DayFigures
from games.reports.svg import Chart, Series

# Waits from request to decision, in seconds: [low, high).
WAIT_BANDS = ((0, 60, "under 1 min"), (60, 120, "1 to 2 min"), (120, 300, "2 to 5 min"),
              (300, 600, "5 to 10 min"), (600, None, "10 min and over"))
DAY_CHARTS = ("hold-by-table", "hold-by-game", "win-and-handle")
SECTIONS = tuple(f"chart-{slug}" for slug in (*DAY_CHARTS, "approval-waits"))
# The sections' names before the amount wagered was called handle: links kept still work.
RENAMED_SECTIONS = {"chart-win-and-drop": "chart-win-and-handle"}


def _days(first: date, last: date) -> list[date]:
    return [first + timedelta(days=n) for n in range((last - first).days + 1)]


def day_charts(rounds: QuerySet[Round], first: date, last: date, per_table: bool = True,
               table_rounds: QuerySet[Round] | None = None) -> list[Chart]:
    """Hold % per table (unless not ``per_table``; the tables of ``table_rounds`` when given, a
    page of them) and per game, and the floor's handle and win, by gaming day."""
    apart = per_table and table_rounds is not None
    figures = daily.by_gaming_day(rounds, ("floor", "game", "table") if per_table and not apart
                                    else ("floor", "game"))
    if apart:
        figures["table"] = daily.by_gaming_day(table_rounds, ("table",))["table"]
    days = _days(first, last) if figures["floor"] else []
    labels = tuple(str(day) for day in days)

    def holds(level: str) -> tuple[Series, ...]:
        return tuple(Series(name, tuple(by_day[day].hold if day in by_day else None for day in days))
                     for name, by_day in sorted(figures[level].items(), key=lambda item: item[0].lower()))

    floor = figures["floor"].get("Floor", {})
    nothing = DayFigures()
    return [chart for chart in [
        Chart("hold-by-table", "Hold % by gaming day, per table",
              "Each table's hold (win ÷ handle × 100, progressives included) on each gaming day of the period; "
              "a day on which a table took no wager has no point.", labels, holds("table"), unit="percent",
              kind="lines"),
        Chart("hold-by-game", "Hold % by gaming day, per game",
              "Each game's hold (win ÷ handle × 100, progressives included) on each gaming day of the period.",
              labels, holds("game"), unit="percent", kind="lines"),
        Chart("win-and-handle", "Handle and win by gaming day, the floor",
              "The handle (every stake settled with action) and the win (collected + kept − paid) of each gaming day; "
              "a win below zero is a day the players won.", labels,
              (Series("Handle", tuple(floor.get(day, nothing).handle for day in days)),
               Series("Win", tuple(floor.get(day, nothing).win for day in days))), unit="money"),
    ] if per_table or chart.slug != "hold-by-table"]


def approval_chart(report: reports.Report) -> Chart:
    """The floor's decided approvals by how long each waited for the decision."""
    floor = report.rows("floor")[0]
    counts = [0] * len(WAIT_BANDS)
    for wait in floor.waits:
        seconds = wait.total_seconds()
        counts[next(n for n, (low, high, _) in enumerate(WAIT_BANDS)
                    if seconds >= low and (high is None or seconds < high))] += 1
    pending = floor.approvals["pending"]
    return Chart("approval-waits", "Approval waits, from request to decision",
                 f"The decided approvals of the period counted by how long each waited; "
                 f"{pending} still pending {'is' if pending == 1 else 'are'} not among them.",
                 tuple(label for _, _, label in WAIT_BANDS) if floor.waits else (),
                 (Series("Decided approvals", tuple(counts)),), category_label="Wait",
                 empty="No approval was decided in this period: nothing to chart.")


def hit_chart(entry: paytable_hits.PaytableHits, number: int) -> Chart:
    """The paying rows of one paytable, observed beside expected (the losing row, far taller, is
    left to the table; a paytable without a probability per row has no expected bars)."""
    paying = entry.rows[:-1]
    return Chart(f"hits-{number}", f"{entry.table} · {entry.label}: observed and expected",
                 "How many wagers each paying row paid, beside the count its exact probability expects "
                 f"over {entry.trials} wagers.", tuple(row.name for row in paying),
                 (Series("Observed", tuple(row.observed for row in paying)),
                  Series("Expected", tuple(row.expected for row in paying))), category_label="Hand",
                 empty="No wager was judged on this paytable: nothing to chart.")


def page_charts(rounds: QuerySet[Round], report: reports.Report, first: date, last: date,
                per_table: bool = True, table_rounds: QuerySet[Round] | None = None) -> list[Chart]:
    """The page's charts; without ``per_table`` not the hold of each table (a line per table),
    with ``table_rounds`` the hold of their tables only."""
    return [*day_charts(rounds, first, last, per_table, table_rounds), approval_chart(report)]


def chart_for(section: str, rounds: QuerySet[Round], first: date, last: date) -> Chart:
    """The chart a CSV section names (one of ``SECTIONS``)."""
    slug = section.removeprefix("chart-")
    if slug == "approval-waits":
        return approval_chart(reports.Report(rounds))
    return next(chart for chart in day_charts(rounds, first, last) if chart.slug == slug)
