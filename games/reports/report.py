"""A report's figures per level (floor, game, table, dealer) for the rounds a filter keeps: read
from the figures stored as rounds closed (``games.reports.cell_reads``), or, for any other set of
rounds, summed by the database from their lines, approvals, events and ledgers.  What each figure
is: ``games.reports.figures``."""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.functions import TruncHour

from games.common.calendar import casino_zone
from games.engine.core.records import LOSE, WIN
from games.engine.registry import GAMES
from games.models import Approval, MeterEntry, ReportCell, Round, RoundEvent, SettlementLine
from games.reports import cell_reads, cells
from games.reports.cell_reads import selection_of
from games.reports.figures import (
    ACTED,
    BANDS,
    CELL,
    HAND_WAGER,
    IRREGULARITY_KIND,
    KEPT,
    LEVELS,
    LINE_CELL,
    METER_FIGURES,
    VOID_KIND,
    Figures,
    rolled_up,
    without_jit,
)

# -- the figures ---------------------------------------------------------------------------------


def breadth(rounds: QuerySet[Round]) -> dict[str, int]:
    """How many tables and dealers ``rounds`` were dealt at and by: the rows of those levels of
    their ``Report``."""
    selection = selection_of(rounds)
    if selection is not None:
        return cell_reads.breadth(selection)
    return rounds.order_by().aggregate(table=Count("table", distinct=True), dealer=Count("dealer", distinct=True))


# Of each level a page of rows is taken from: the round's column, the name's field, the selection's ids.
NAMED = {"table": ("table_id", "name", "tables"), "dealer": ("dealer_id", "username", "dealers")}


def ids_and_names(rounds: QuerySet[Round], level: str) -> list[tuple[int, str]]:
    """The (id, name) of each table or dealer (``level``) with rows in the report of ``rounds``,
    in the order of ``Report.rows``: by name, any case."""
    column, field, _ = NAMED[level]
    selection = selection_of(rounds)
    if selection is not None:
        cells.catch_up()
        ids = selection.filter(ReportCell.objects.all()).values(column)
    else:
        ids = rounds.order_by().values(column)
    model = Round._meta.get_field(column.removesuffix("_id")).related_model
    named = model.objects.filter(id__in=ids).order_by().values_list("id", field)
    return sorted(named, key=lambda row: row[1].lower())


def narrowed(rounds: QuerySet[Round], level: str, ids: list[int]) -> QuerySet[Round]:
    """``rounds`` at these tables or dealers (``level``) only, still read from the stored figures:
    each one's figures are those of the whole report (a row is of one table or dealer)."""
    column, _, attribute = NAMED[level]
    selection = getattr(rounds, "report_selection", None)
    kept = rounds.filter(**{f"{column}__in": ids})
    if selection is not None:
        given = getattr(selection, attribute)
        kept.report_selection = dataclasses.replace(
            selection, **{attribute: [n for n in ids if given is None or n in given]})
    return kept


class Report:
    """The figures of ``rounds`` (a filtered queryset of closed and voided rounds) per level.

    Rounds selected by ``ReportFilter`` are reported from the figures stored as they closed
    (``games.reports.cells``); any other queryset from its lines, rounds, approvals, events
    and ledgers (the same figures, summed on each request)."""

    def __init__(self, rounds: QuerySet[Round], levels: tuple[str, ...] | None = None):
        """``levels``: only the figures of those levels (their rows; the others have none), all
        when None."""
        self.ids = rounds.values("id")
        self.levels: dict[str, dict[str, Figures]] = {level: {} for level, _ in LEVELS}
        selection = selection_of(rounds)
        with without_jit():
            if selection is not None:

                cell_reads.collect(self, selection, levels)
            else:
                self._collect(rounds, levels)

    def rows(self, level: str) -> list[Figures]:
        rows = sorted(self.levels[level].values(), key=lambda figures: figures.name.lower())
        return rows or ([Figures("Floor")] if level == "floor" else [])

    def _figures(self, row: dict[str, Any]) -> Figures:
        """The figures of a rolled-up row's level and name (a game by its name)."""
        level, name = row["level"], row["name"]
        if level == "game":
            name = GAMES[name].name if name in GAMES else name
        found = self.levels[level].get(name)
        if found is None:
            found = self.levels[level][name] = Figures(name)
        return found

    # Each figure from rolled-up rows (``rolled_up``), whichever source they were summed from.

    def add_totals(self, rows: Iterable[dict[str, Any]]) -> None:
        for row in rows:
            figures = self._figures(row)
            figures.rounds, figures.voids = row["closed"], row["voided"]
            figures.paid, figures.collected = row["paid"], row["collected"]

    def add_hours(self, rows: Iterable[dict[str, Any]]) -> None:
        for row in rows:
            self._figures(row).table_hours = row["hours"]

    def add_wagers(self, rows: Iterable[dict[str, Any]]) -> None:
        """Per wager kind: "staked", "count" (of wagers), "first_hands", "won", "lost" and the
        wins by size, "band<n>_count" and "band<n>_paid"."""
        for row in rows:
            figures, kind = self._figures(row), (row["g"], row["wager"])
            if row["staked"] or row["won"] or row["lost"]:
                figures.handle_by_wager[kind] += row["staked"]
                figures.wagers_by_kind[kind] += row["count"]
                figures.paid_by_wager[kind] += row["won"]
                figures.collected_by_wager[kind] += row["lost"]
            if row["wager"] == HAND_WAGER.get(row["g"]):
                figures.hands += row["first_hands"]
            for n, (_, _, label) in enumerate(BANDS):
                figures.bands[label] += row[f"band{n}_count"]
                figures.band_amounts[label] += row[f"band{n}_paid"]

    def add_kept(self, rows: Iterable[dict[str, Any]]) -> None:
        """Per wager kind ("g", "wager"), the stakes "kept" on the jackpots the cage paid."""
        for row in rows:
            if row["kept"]:
                self._figures(row).kept_by_wager[row["g"], row["wager"]] += row["kept"]

    def add_approvals(self, rows: Iterable[dict[str, Any]]) -> None:
        for row in rows:
            self._figures(row)
            if row["count"]:
                self._figures(row).approvals[row["status"]] += row["count"]

    def add_waits(self, waits: Iterable[tuple[str, str, str, timedelta]], levels: tuple[str, ...] | None = None,
                  ) -> None:
        """Each decided approval's wait, with its round's table, dealer and game (``levels``: to
        those levels' rows only)."""
        for table, dealer, game, wait in waits:
            for level, key in (("floor", "Floor"), ("game", game), ("table", table), ("dealer", dealer)):
                if levels is None or level in levels:
                    self._figures({"level": level, "name": key}).waits.append(wait)

    def add_kinds(self, rows: Iterable[dict[str, Any]], counter: str) -> None:
        """Voids (``counter`` "void_kinds") or irregularities by their "kind"."""
        for row in rows:
            if row["count"]:
                getattr(self._figures(row), counter)[row["kind"]] += row["count"]

    def add_meters(self, rows: Iterable[dict[str, Any]]) -> None:
        """"contributed", "jackpots", and "jackpots_paid" as the ledgers record it (negative)."""
        for row in rows:
            if row["name"] is None:
                continue
            figures = self._figures(row)
            figures.contributed += row["contributed"]
            figures.jackpots += row["jackpots"]
            figures.jackpots_paid -= row["jackpots_paid"]

    def _collect(self, rounds: QuerySet[Round], levels: tuple[str, ...] | None = None) -> None:
        rounds = rounds.order_by()
        lines = SettlementLine.objects.filter(round__in=self.ids).order_by().annotate(**LINE_CELL)
        total = "COALESCE(SUM({}), 0)".format
        # Rounds, voids and the totals.
        cells = rounds.annotate(**CELL).values("t", "d", "g").annotate(
            closed=Count("id", filter=Q(status=Round.Status.CLOSED)),
            voided=Count("id", filter=Q(status=Round.Status.VOID)),
            paid=Sum("total_paid"), collected=Sum("total_collected"))
        self.add_totals(rolled_up(cells, (), {name: total(f'"{name}"')
                                              for name in ("closed", "voided", "paid", "collected")}, levels))
        # The table-hours: each (table, clock hour) with a round started, once per level's row.
        cells = (rounds.annotate(**CELL, hour=TruncHour("started_at", tzinfo=casino_zone()))
                 .values("t", "d", "g", "hour").distinct())
        self.add_hours(rolled_up(cells, (), {"hours": """COUNT(DISTINCT "t" || '|' || CAST("hour" AS TEXT))"""},
                                 levels))
        # The handle and the hands by wager kind, from the lines settled with action, and the wins
        # by size, in the same pass over the lines.
        bands = {}
        for n, (low, high, _) in enumerate(BANDS):
            won = Q(outcome=WIN, amount__gte=low) & (Q(amount__lt=high) if high else Q())
            bands[f"band{n}_count"] = Count("id", filter=won)
            bands[f"band{n}_paid"] = Sum("amount", filter=won)
        # (A win is always settled with action; a bonus paid beside a wager has no stake of its own.)
        cells = lines.filter(ACTED).values("t", "d", "g", "wager").annotate(
            staked=Sum("stake"), count=Count("id", filter=Q(stake__gt=0)), first_hands=Count("id", filter=Q(hand_no=1)),
            won=Sum("amount", filter=Q(outcome=WIN)), lost=Sum("amount", filter=Q(outcome=LOSE)), **bands)
        columns = ("staked", "count", "first_hands", "won", "lost", *bands)
        self.add_wagers(rolled_up(cells, ("g", "wager"), {name: total(f'"{name}"') for name in columns}, levels))
        cells = lines.filter(KEPT).values("t", "d", "g", "wager").annotate(kept=Sum("stake"))
        self.add_kept(rolled_up(cells, ("g", "wager"), {"kept": total('"kept"')}, levels))
        # Approvals: counted by status; the waits of the decided ones (a few per hundred rounds),
        # whose median no SQL aggregate computes on every database.
        approvals = Approval.objects.filter(round__in=self.ids).order_by().annotate(**LINE_CELL)
        cells = approvals.values("t", "d", "g", "status").annotate(count=Count("id"))
        self.add_approvals(rolled_up(cells, ("status",), {"count": total('"count"')}, levels))
        self.add_waits(((table, dealer, game, decided - requested) for table, dealer, game, requested, decided in (
            approvals.filter(decided_at__isnull=False).values_list("t", "d", "g", "requested_at", "decided_at"))),
            levels)
        # Voids by the irregularity that voided them, as recorded when the round was voided.
        cells = (rounds.filter(status=Round.Status.VOID).annotate(**CELL, kind=VOID_KIND)
                 .values("t", "d", "g", "kind").annotate(count=Count("id")))
        self.add_kinds(rolled_up(cells, ("kind",), {"count": total('"count"')}, levels), "void_kinds")
        # Irregularities reported (an index holds the events of that type alone).
        cells = (RoundEvent.objects.filter(round__in=self.ids, action__type="irregularity").order_by()
                 .annotate(**LINE_CELL, kind=IRREGULARITY_KIND)
                 .values("t", "d", "g", "kind").annotate(count=Count("id")))
        self.add_kinds(rolled_up(cells, ("kind",), {"count": total('"count"')}, levels),
                       "irregularities")
        # Progressive meters: contributions and jackpots from the ledgers.
        cells = (MeterEntry.objects.filter(round__in=self.ids).order_by().annotate(**LINE_CELL)
                 .values("t", "d", "g").annotate(**METER_FIGURES))
        self.add_meters(rolled_up(cells, (), {name: total(f'"{name}"') for name in METER_FIGURES}, levels))


# -- hit frequency against theory ------------------------------------------------------------------


# -- figures by gaming day ---------------------------------------------------------------------------


# -- CSV ----------------------------------------------------------------------------------------------


