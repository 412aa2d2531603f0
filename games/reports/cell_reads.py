"""A report read from the figures stored as rounds closed (``games.reports.cells``): the selection
a filter stands for, the cells of that selection rolled up per level, day by day, and the paytable
rows hit.  The same figures as summing the lines, without reading them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from django.contrib.auth import get_user_model
from django.contrib.postgres.aggregates import BitOr
from django.db import connection
from django.db.models import (
    Count,
    F,
    Q,
    QuerySet,
    Sum,
)

from games.models import (
    ReportCell,
    ReportCount,
    ReportGameCell,
    ReportGameCount,
    ReportHit,
    Table,
)
from games.reports import cells as stored
from games.reports import figures

if TYPE_CHECKING:  # a report is filled here, and made by games.reports.report, which reads through here
    from games.reports.report import Report
from games.reports.figures import (
    Selection,
)

# The cells are added up by the ids of their table and dealer (integers group faster than
# names, benchmarks/RESULTS.md); each row's name is looked up once, after.
IDS = {"t": F("table_id"), "d": F("dealer_id"), "g": F("game")}


class Names:
    """The tables' and dealers' names of rolled-up rows named by id."""

    def __init__(self, rows: list[dict[str, Any]]):
        ids = {level: {int(row["name"]) for row in rows if row["level"] == level} for level in ("table", "dealer")}
        self.tables = dict(Table.objects.filter(id__in=ids["table"]).values_list("id", "name"))
        self.dealers = dict(get_user_model().objects.filter(id__in=ids["dealer"]).values_list("id", "username"))

    def rows(self, rows: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        for row in rows:
            if row["level"] == "table":
                row = {**row, "name": self.tables[int(row["name"])]}
            elif row["level"] == "dealer":
                row = {**row, "name": self.dealers[int(row["name"])]}
            yield row


GAME_LEVELS = {"floor", "game"}


def _split(selection: figures.Selection, levels: tuple[str, ...] | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The levels asked (all when None) the roll-up without tables and dealers holds (the floor's
    and games', of a selection that names no table or dealer), and the others, from the cells."""
    asked = tuple(level for level, _ in figures.LEVELS if levels is None or level in levels)
    if selection.tables is not None or selection.dealers is not None:
        return (), asked
    return (tuple(level for level in asked if level in GAME_LEVELS),
            tuple(level for level in asked if level not in GAME_LEVELS))


def breadth(selection: figures.Selection) -> dict[str, int]:
    """How many tables and dealers the selection's rows hold (its report's rows at those levels)."""
    stored.catch_up()
    counts = selection.filter(ReportCell.objects.all()).aggregate(
        table=Count("table_id", distinct=True), dealer=Count("dealer_id", distinct=True))
    return {level: counts[level] or 0 for level in ("table", "dealer")}


def collect(report: Report, selection: figures.Selection, levels: tuple[str, ...] | None = None) -> None:
    """``report``'s figures from the stored cells of ``selection``, rolled up as the lines are
    (``levels``: only those, all when None)."""
    stored.catch_up()
    games, levels = _split(selection, levels)
    if games:
        _collect_games(report, selection, games)
    if not levels:
        return
    total = "COALESCE(SUM({}), 0)".format
    cells = selection.filter(ReportCell.objects.all()).annotate(**IDS)
    totals = list(figures.rolled_up(cells.values("t", "d", "g").annotate(
        closed=Sum("rounds"), voided=Sum("voids"), paid=Sum("paid"), collected=Sum("collected"),
        contributed=Sum("contributed"), jackpots=Sum("jackpots"), jackpots_paid=Sum("jackpot_amounts")),
        (), {name: total(f'"{name}"') for name in ("closed", "voided", "paid", "collected", "contributed", "jackpots",
                                                   "jackpots_paid")}, levels))
    names = Names(totals)
    totals = list(names.rows(totals))
    report.add_totals(totals)
    report.add_meters(totals)
    report.add_hours(names.rows(_table_hours(cells, levels)))
    counts = selection.filter(ReportCount.objects.all()).annotate(**IDS)
    # (Each cell's column is "c_" and the name of the figure the roll-up gives: a stored column's own name is taken.)
    wagers = counts.filter(kind="wager").values("t", "d", "g", "wager").annotate(
        **{f"c_{name}": aggregate for name, aggregate in WAGER_FIGURES.items()})
    report.add_wagers(names.rows(figures.rolled_up(wagers, ("g", "wager"),
                                                   {name: total(f'"c_{name}"') for name in WAGER_FIGURES}, levels)))
    kept = counts.filter(kind="kept").values("t", "d", "g", "wager").annotate(c_kept=Sum("amount"))
    report.add_kept(names.rows(figures.rolled_up(kept, ("g", "wager"), {"kept": total('"c_kept"')}, levels)))
    named = (counts.filter(kind__in=("approval", "void", "irregularity")).annotate(label=F("name"))
             .values("t", "d", "g", "kind", "label").annotate(number=Sum("count")))
    _add_named(report, names.rows(figures.rolled_up(named, ("kind", "label"), {"count": total('"number"')}, levels)))
    report.add_waits(((names.tables.get(table), names.dealers.get(dealer), game, timedelta(microseconds=int(wait)))
                      for table, dealer, game, wait, number in counts.filter(kind="wait").values_list(
                          "t", "d", "g", "name", "count")
                      for _ in range(number)), levels)


def _wager_figures() -> dict[str, Sum]:
    """A cell's figures per wager kind from its "wager" rows."""
    return {"staked": Sum("amount"), "count": Sum("count"), "first_hands": Sum("hands"), "won": Sum("won"),
            "lost": Sum("lost"), **{name: Sum(name) for name in stored.BAND_FIGURES}}


WAGER_FIGURES = _wager_figures()


def _add_named(report: Report, rows: Iterable[dict[str, Any]]) -> None:
    rows = list(rows)
    report.add_approvals({**row, "status": row["label"]} for row in rows if row["kind"] == "approval")
    for kind, counter in (("void", "void_kinds"), ("irregularity", "irregularities")):
        report.add_kinds(({**row, "kind": row["label"]} for row in rows if row["kind"] == kind), counter)


def _levels(rows: Iterable[dict[str, Any]], key: tuple[str, ...], figures: tuple[str, ...],
            levels: tuple[str, ...]) -> list[dict[str, Any]]:
    """Rows per game (``"g"`` and ``key``) as ``rolled_up`` gives them: the games' rows and the
    floor's, their sums per ``key`` (one row with zeros when there is none, as a sum of nothing)."""
    rows = list(rows)
    out = [{**row, "level": "game", "name": row["g"]} for row in rows] if "game" in levels else []
    if "floor" in levels:
        floor: dict[tuple, dict[str, Any]] = {}
        for row in rows:
            found = floor.setdefault(tuple(row[column] for column in key),
                                     {**{column: row[column] for column in key}, "level": "floor", "name": "Floor",
                                      **dict.fromkeys(figures, 0)})
            for figure in figures:
                found[figure] += row[figure] or 0
        if not rows and not key:
            floor[()] = {"level": "floor", "name": "Floor", **dict.fromkeys(figures, 0)}
        out.extend(floor.values())
    return out


def _collect_games(report: Report, selection: figures.Selection, levels: tuple[str, ...]) -> None:
    """The floor's and games' figures from the roll-up without tables and dealers (a month is a
    few hundred rows)."""
    cells = list(selection.filter(ReportGameCell.objects.all()).values("game").annotate(
        closed=Sum("rounds"), voided=Sum("voids"), paid=Sum("paid"), collected=Sum("collected"),
        contributed=Sum("contributed"), jackpots=Sum("jackpots"), jackpots_paid=Sum("jackpot_amounts"),
        game_hours=Sum("table_hours"), table_hours=Sum("floor_hours")))
    figures = ("closed", "voided", "paid", "collected", "contributed", "jackpots", "jackpots_paid")
    totals = _levels(({**row, "g": row["game"]} for row in cells), (), figures, levels)
    report.add_totals(totals)
    report.add_meters(totals)
    # The floor's hours: each table's once, whichever games it dealt in them (of one game, its own).
    floor = "game_hours" if selection.game else "table_hours"
    hours = [{"level": "game", "name": row["game"], "hours": row["game_hours"]} for row in cells] \
        if "game" in levels else []
    if "floor" in levels:
        hours.append({"level": "floor", "name": "Floor", "hours": sum(row[floor] for row in cells)})
    report.add_hours(hours)
    counts = selection.filter(ReportGameCount.objects.all())
    wagers = counts.filter(kind="wager").annotate(g=F("game")).values("g", "wager").annotate(
        **{f"c_{name}": aggregate for name, aggregate in WAGER_FIGURES.items()})
    report.add_wagers(_levels(({"g": row["g"], "wager": row["wager"],
                                **{name: row[f"c_{name}"] or 0 for name in WAGER_FIGURES}} for row in wagers),
                              ("g", "wager"), tuple(WAGER_FIGURES), levels))
    kept = counts.filter(kind="kept").annotate(g=F("game")).values("g", "wager").annotate(kept=Sum("amount"))
    report.add_kept(_levels(kept, ("g", "wager"), ("kept",), levels))
    named = (counts.filter(kind__in=("approval", "void", "irregularity")).annotate(g=F("game"), label=F("name"))
             .values("g", "kind", "label").annotate(count=Sum("count")))
    _add_named(report, _levels(named, ("kind", "label"), ("count",), levels))
    report.add_waits(((None, None, game, timedelta(microseconds=int(wait)))
                      for game, wait, number in counts.filter(kind="wait").values_list("game", "name")
                      .annotate(number=Sum("count")) for _ in range(number)), levels)


def by_gaming_day(selection: figures.Selection, levels: tuple[str, ...] | None = None,
                  ) -> dict[str, dict[str, dict[Any, figures.DayFigures]]]:
    """``games.reports.daily.by_gaming_day`` from the stored cells of ``selection``: each cell is of one
    gaming day already; the handle is its wagers' stored stakes, as ``collect`` gives it."""
    stored.catch_up()
    games, levels = _split(selection, levels)
    totals, amounts = [], []
    if games:  # the floor and the games: from their roll-up
        totals = _levels(selection.filter(ReportGameCell.objects.all()).annotate(g=F("game"))
                         .values("g", "gaming_day").annotate(closed=Sum("rounds"), paid=Sum("paid"),
                                                             collected=Sum("collected")),
                         ("gaming_day",), ("closed", "paid", "collected"), games)
        amounts = _levels(selection.filter(ReportGameCount.objects.filter(kind__in=("wager", "kept")))
                        .annotate(g=F("game")).values("g", "gaming_day").annotate(**DAY_AMOUNTS),
                        ("gaming_day",), tuple(DAY_AMOUNTS), games)
    if not levels:
        return _days(totals, amounts)
    total = "COALESCE(SUM({}), 0)".format
    cells = selection.filter(ReportCell.objects.all()).annotate(**IDS).values("t", "d", "g", "gaming_day")
    cell_totals = list(figures.rolled_up(cells.annotate(c_closed=Sum("rounds"), c_paid=Sum("paid"),
                                                        c_collected=Sum("collected")), ("gaming_day",),
                                         {name: total(f'"c_{name}"') for name in ("closed", "paid", "collected")},
                                         levels))
    wagers = (selection.filter(ReportCount.objects.filter(kind__in=("wager", "kept"))).annotate(**IDS)
              .values("t", "d", "g", "gaming_day")
              .annotate(**{f"c_{name}": amount for name, amount in DAY_AMOUNTS.items()}))
    cell_amounts = list(figures.rolled_up(wagers, ("gaming_day",), {name: total(f'"c_{name}"') for name in DAY_AMOUNTS},
                                        levels))
    names = Names(cell_totals + cell_amounts)
    return _days([*totals, *names.rows(cell_totals)], [*amounts, *names.rows(cell_amounts)])


# A day's handle (its wagers' stakes) and the stakes kept on the jackpots the cage paid.
DAY_AMOUNTS = {"staked": Sum("amount", filter=Q(kind="wager"), default=0),
               "kept": Sum("amount", filter=Q(kind="kept"), default=0)}


def _days(totals: Iterable[dict[str, Any]], amounts: Iterable[dict[str, Any]],
          ) -> dict[str, dict[str, dict[Any, figures.DayFigures]]]:
    days = figures.DaysFigures()
    for row in totals:
        day = days.of(row, row["gaming_day"])
        day.rounds += row["closed"]
        day.paid += row["paid"]
        day.collected += row["collected"]
    for row in amounts:
        day = days.of(row, row["gaming_day"])
        day.handle += row["staked"]
        day.kept += row["kept"]
    return days.as_dict()


def _table_hours(cells: QuerySet, levels: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """Per level's row, the (table, clock hour) pairs in which it dealt: for each table and
    gaming day, the hours its cells of that row OR-ed together, counted (``levels``: only those)."""
    # The cells' hours OR-ed per table, game, gaming day (and dealer, when asked) first: the shifts
    # and the dealers of a table's day are a few cells each.
    columns = ("t", "d", "g", "gaming_day") if levels is None or "dealer" in levels else ("t", "g", "gaming_day")
    sql, params = cells.values(*columns).annotate(hours=BitOr("hours")).query.sql_with_params()
    bits = "BIT_COUNT(CAST(BIT_OR(hours) AS bit(24)))"
    parts = [f"SELECT '{level}' AS level, CAST({name} AS text) AS name, {bits} AS bits FROM cells GROUP BY {group}"  # noqa: S608
             for level, name, group in (("floor", "'Floor'", "t, gaming_day"), ("game", "g", "g, t, gaming_day"),
                                        ("table", "t", "t, gaming_day"), ("dealer", "d", "d, t, gaming_day"))
             if levels is None or level in levels]
    with connection.cursor() as cursor:
        cursor.execute(f"WITH cells AS ({sql}) SELECT level, name, SUM(bits) FROM ("  # noqa: S608
                       + " UNION ALL ".join(parts) + ") levels GROUP BY level, name", params)
        return [{"level": level, "name": name, "hours": int(hours)} for level, name, hours in cursor.fetchall()]


def hit_counts(selection: figures.Selection) -> tuple[list[str], list[tuple]]:
    """The games of ``selection`` and its paytable rows hit: (table, game, wager, letter, row,
    count, staked, won, lost), as ``games.reports.paytable_hits.hit_frequency`` counts them from the lines."""
    stored.catch_up()
    model = ReportGameCell if selection.tables is None and selection.dealers is None else ReportCell
    games = list(selection.filter(model.objects.all()).values_list("game", flat=True).distinct())
    # Without a dealer filter, from the rows hit per table alone (the counts hold every other kind too).
    hit = ReportHit.objects.all() if selection.dealers is None else ReportCount.objects.filter(kind="hit")
    rows = list(selection.filter(hit)
                .values_list("table_id", "game", "wager", "letter", "name")
                .annotate(lines=Sum("count"), staked=Sum("amount"), paid=Sum("won"), collected=Sum("lost")))
    tables = dict(Table.objects.filter(id__in={row[0] for row in rows}).values_list("id", "name"))
    return games, [(tables[row[0]], *row[1:]) for row in rows]


def selection_of(rounds: QuerySet) -> Selection | None:
    """The selection ``rounds`` stands for, when it came from ``ReportFilter`` as it is (a
    queryset filtered further loses it) and the stored figures can be read on this database."""
    selection = getattr(rounds, "report_selection", None)
    return selection if selection is not None and stored.enabled() else None
