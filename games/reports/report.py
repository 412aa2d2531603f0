"""The supervisor's reports: gaming-day and shift figures, and hit frequency against theory.

Every figure is an aggregate the database computes over the settlement lines, rounds,
approvals, events and meter ledgers of the rounds the filter keeps (``games.reports.filters``),
grouped by table, dealer and game (the finest cells); those few rows are then added up per
table, game, dealer and for the floor.  No round is replayed or read one by one.

What each figure is (money in cents, ratios as ``Decimal``):

- rounds: rounds closed in the period (voids are counted apart); a round belongs to the gaming
  day and shift in which it started, on the casino's clock (``settings.TIME_ZONE``);
- hands: seats played, one per seat's first hand of the game's required wager (the Ante, Bet 1,
  the Spanish 21 Wager) settled with action;
- drop: the total wagered, the stakes of every line settled with action: won, lost, pushed, or
  returned at the settlement (Texas Hold 'Em Bonus returns an Ante that ties or is below a
  straight: a push).  A wager withdrawn or returned by a decision (Let It Ride's pulled bets, a
  Spanish 21 rescue or dead hand), a Play Wager's part above the Ante handed back (Crazy 4, a line
  that is no wager of its own) and the wagers of a voided round are not in it;
- win: collected − paid (the rounds' totals: a progressive jackpot the cage pays is in paid);
- hold %: win ÷ drop × 100; average bet: drop ÷ hands;
- table-hours: the clock hours in which a table dealt at least one round, counted per table;
  rounds per hour: rounds ÷ table-hours;
- payouts by size: the winning lines by amount paid, in ``BANDS``;
- approvals: requested, approved, refused, still pending, and the median and longest wait
  from request to decision;
- voids by the irregularity that voided them, and irregularities reported, by kind;
- progressive: what the rounds put on the meters (the ledgers' contributions), and the
  jackpots paid from them (count and amount).

Nonbanked Poker has no drop: its collected is the rake (and jackpot drops).
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import io
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Case, CharField, Count, F, Q, QuerySet, Sum, Value, When
from django.db.models.fields.json import KT, KeyTextTransform
from django.db.models.functions import Coalesce, TruncHour
from django.utils import timezone

from games.engine.core.records import DECISION, LOSE, PUSH, RETURNED, WIN
from games.engine.money import plain_dollars
from games.engine.paytables import MeterShare, paytable, paytables_for
from games.engine.registry import GAMES
from games.models import Approval, MeterEntry, Round, RoundEvent, SettlementLine
from games.reports.binomial import two_sided_p_value

# A round in play has no figures yet, and one cancelled (started by mistake) never had any.
NOT_REPORTED = (Round.Status.OPEN, Round.Status.CANCELLED)
ACTION = (WIN, LOSE, PUSH)  # the house had action on a line settled so
# Lines that are no wager of their own (a bonus paid beside a wager, a Play Wager's excess).
NOT_WAGERS = sorted({slug for game in GAMES.values() for slug in getattr(game, "line_labels", {})})
# A line with action: the drop's (see the module's docstring).
ACTED = Q(outcome__in=ACTION) | (Q(outcome=RETURNED) & ~Q(stage=DECISION) & ~Q(wager__in=NOT_WAGERS))
BANDS = ((0, 100_00, "under $100"), (100_00, 1_000_00, "$100 to $999.99"),
         (1_000_00, 10_000_00, "$1,000 to $9,999.99"), (10_000_00, None, "$10,000 and over"))
SIGNIFICANCE = Decimal("0.001")  # the hit-frequency flag's default: a count this improbable, or more
LEVELS = (("floor", "Floor"), ("game", "Game"), ("table", "Table"), ("dealer", "Dealer"))
CENT, HUNDREDTH, TENTH = Decimal(1), Decimal("0.01"), Decimal("0.1")


# -- the gaming day and its shifts --------------------------------------------------------------

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


# -- the figures ---------------------------------------------------------------------------------

def hold_percent(win: int, drop: int) -> Decimal | None:
    """Win ÷ drop, as a percentage to the hundredth.

    >>> hold_percent(1_250, 10_000), hold_percent(-300, 9_000), hold_percent(5, 0)
    (Decimal('12.50'), Decimal('-3.33'), None)
    """
    if not drop:
        return None
    return (Decimal(win) * 100 / Decimal(drop)).quantize(HUNDREDTH, ROUND_HALF_UP)


def ratio(numerator: int, denominator: int, places: Decimal = CENT) -> Decimal | None:
    if not denominator:
        return None
    return (Decimal(numerator) / Decimal(denominator)).quantize(places, ROUND_HALF_UP)


class Takings:
    """What the house kept of what was wagered: the win (collected less paid) and the hold (win ÷ drop)."""

    collected: int
    paid: int
    drop: int

    @property
    def win(self) -> int:
        return self.collected - self.paid

    @property
    def hold(self) -> Decimal | None:
        return hold_percent(self.win, self.drop)


@dataclass
class Figures(Takings):
    """One row of a report: a table, game, dealer or the floor."""

    name: str
    rounds: int = 0
    voids: int = 0
    hands: int = 0
    paid: int = 0
    collected: int = 0
    drop_by_wager: Counter = field(default_factory=Counter)  # (game, wager) -> cents
    wagers_by_kind: Counter = field(default_factory=Counter)  # (game, wager) -> wagers
    paid_by_wager: Counter = field(default_factory=Counter)
    collected_by_wager: Counter = field(default_factory=Counter)
    table_hours: int = 0  # the (table, clock hour) pairs in which a round started
    bands: Counter = field(default_factory=Counter)  # band label -> count
    band_amounts: Counter = field(default_factory=Counter)
    approvals: Counter = field(default_factory=Counter)  # status -> count
    waits: list = field(default_factory=list)  # timedelta of each decided approval
    void_kinds: Counter = field(default_factory=Counter)
    irregularities: Counter = field(default_factory=Counter)
    contributed: int = 0
    jackpots: int = 0
    jackpots_paid: int = 0

    @property
    def drop(self) -> int:
        return sum(self.drop_by_wager.values())


    @property
    def average_bet(self) -> Decimal | None:  # cents
        return ratio(self.drop, self.hands)

    @property
    def rounds_per_hour(self) -> Decimal | None:
        return ratio(self.rounds, self.table_hours, TENTH)

    @property
    def approval_count(self) -> int:
        return sum(self.approvals.values())

    @property
    def median_wait(self) -> timedelta | None:
        return statistics.median(self.waits) if self.waits else None

    @property
    def longest_wait(self) -> timedelta | None:
        return max(self.waits) if self.waits else None

    @property
    def irregularity_count(self) -> int:
        return sum(self.irregularities.values())

    def wager_rows(self) -> list[dict[str, Any]]:
        """The drop, paid, collected, win and hold of each wager kind, in game and wager order."""
        rows = []
        for kind, drop in sorted(self.drop_by_wager.items()):
            paid, collected = self.paid_by_wager[kind], self.collected_by_wager[kind]
            rows.append({"game": kind[0], "wager": kind[1], "label": wager_label(kind),
                         "wagers": self.wagers_by_kind[kind], "drop": drop, "paid": paid, "collected": collected,
                         "win": collected - paid, "hold": hold_percent(collected - paid, drop)})
        return rows

    def kind_rows(self) -> list[tuple[str, str, int]]:
        """(what, kind, count): the voids by what voided them, then the irregularities reported."""
        return ([("Void", kind, count) for kind, count in sorted(self.void_kinds.items())]
                + [("Irregularity", kind, count) for kind, count in sorted(self.irregularities.items())])

    def band_rows(self) -> list[dict[str, Any]]:
        return [{"band": band, "count": self.bands[band], "paid": self.band_amounts[band]} for _, _, band in BANDS]


@contextmanager
def without_jit() -> Iterator[None]:
    """A transaction in which PostgreSQL does not JIT-compile: it judges these aggregates costly
    enough to compile, and compiling them takes longer than running them (0.4 s of a 2.2 s
    statement over a month, benchmarks/reports_explain.md).  With room for a month's groups
    (a few thousand) in memory, it hashes them instead of sorting the rows on disk.  Planned for
    the period asked (a day or a year), not by the generic plan of a statement prepared on the
    connection (``DB_PREPARE_THRESHOLD``), which is planned for no period in particular.

    Nested in another (a page reading its figures in one transaction), it is that one: no
    savepoint, and the stored figures are caught up once (``report_figures.catch_up``)."""
    if connection.in_atomic_block and getattr(connection, "reports_jit_off", False):
        yield
        return
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL jit = off; SET LOCAL work_mem = '32MB'; "
                               "SET LOCAL plan_cache_mode = force_custom_plan")
        connection.reports_jit_off = True
        try:
            yield
        finally:
            connection.reports_jit_off = connection.reports_caught_up = False


# The finest cells the queries group by, under short aliases the roll-up reads.
CELL = {"t": F("table__name"), "d": F("dealer__username"), "g": F("game")}
LINE_CELL = {"t": F("round__table__name"), "d": F("round__dealer__username"), "g": F("round__game")}
LEVEL_KEYS = (("floor", "'Floor'"), ("game", '"g"'), ("table", '"t"'), ("dealer", '"d"'))


def rolled_up(cells: QuerySet, extra: tuple[str, ...], totals: dict[str, str],
              levels: tuple[str, ...] | None = None) -> Iterator[dict[str, Any]]:
    """``cells`` (a values() query of "t", "d", "g" (names, or ids), the ``extra`` columns and the figures it
    aggregates per cell) added up in the database for the floor and per game, table and dealer:
    one statement, ``WITH cells AS (...)`` and a ``UNION ALL`` of one ``GROUP BY`` per level, so
    only the levels' rows come back.  ``totals`` maps each output column to its SQL aggregate over
    the cells' columns (``levels``: only those, all when None).  Each row: level, name, the
    extra columns, the totals."""
    sql, params = cells.query.sql_with_params()
    kept = "".join(f', "{column}"' for column in extra)
    figures = ", ".join(f'{aggregate} AS "{name}"' for name, aggregate in totals.items())
    parts = []
    for level, key in LEVEL_KEYS:
        if levels is not None and level not in levels:
            continue
        group = ([key] if level != "floor" else []) + [f'"{column}"' for column in extra]
        # Only this module's column names and aggregates are spliced in; every value is a parameter.
        parts.append(f"SELECT '{level}' AS level, CAST({key} AS TEXT) AS name{kept}, {figures} FROM cells"  # noqa: S608
                     + (f" GROUP BY {', '.join(group)}" if group else ""))
    with connection.cursor() as cursor:
        cursor.execute(f"WITH cells AS ({sql}) " + " UNION ALL ".join(parts), params)
        names = [column[0] for column in cursor.description]
        for row in cursor.fetchall():
            yield dict(zip(names, row, strict=True))


@dataclass(frozen=True)
class Selection:
    """What a report covers, as its filter gives it: gaming days ``first`` to ``last`` (one shift
    of each, or whole days), tables and dealers (the ids the filter resolved their names to), a
    game, and training rounds or the others.  ``ReportFilter`` attaches it to the rounds it selects
    (``report_selection``) so that ``Report`` and ``hit_frequency`` read the stored figures of
    exactly those rounds; ``filter`` narrows ``ReportCell`` or ``ReportCount`` rows to it (group
    them by ``gaming_day`` for figures day by day)."""

    first: date
    last: date
    shift: int | None = None
    tables: list[int] | None = None  # the ids of the tables whose name holds the filter's text
    game: str = ""
    dealers: list[int] | None = None
    training: bool = False

    def filter(self, queryset: QuerySet) -> QuerySet:
        queryset = queryset.filter(gaming_day__range=(self.first, self.last), training=self.training)
        if self.shift is not None:
            queryset = queryset.filter(shift=self.shift)
        if self.tables is not None:
            queryset = queryset.filter(table_id__in=self.tables)
        if self.game:
            queryset = queryset.filter(game=self.game)
        if self.dealers is not None:
            queryset = queryset.filter(dealer_id__in=self.dealers)
        return queryset.order_by()


def selection_of(rounds: QuerySet) -> Selection | None:
    """The selection ``rounds`` stands for, when it came from ``ReportFilter`` as it is (a
    queryset filtered further loses it) and the stored figures can be read on this database."""
    from games.reports import cells as report_figures

    selection = getattr(rounds, "report_selection", None)
    return selection if selection is not None and report_figures.enabled() else None


def breadth(rounds: QuerySet[Round]) -> dict[str, int]:
    """How many tables and dealers ``rounds`` were dealt at and by: the rows of those levels of
    their ``Report``."""
    selection = selection_of(rounds)
    if selection is not None:
        from games.reports import cells as report_figures

        return report_figures.breadth(selection)
    return rounds.order_by().aggregate(table=Count("table", distinct=True), dealer=Count("dealer", distinct=True))


# Of each level a page of rows is taken from: the round's column, the name's field, the selection's ids.
NAMED = {"table": ("table_id", "name", "tables"), "dealer": ("dealer_id", "username", "dealers")}


def ids_and_names(rounds: QuerySet[Round], level: str) -> list[tuple[int, str]]:
    """The (id, name) of each table or dealer (``level``) with rows in the report of ``rounds``,
    in the order of ``Report.rows``: by name, any case."""
    column, field, _ = NAMED[level]
    selection = selection_of(rounds)
    if selection is not None:
        from games.reports import cells as report_figures

        report_figures.catch_up()
        ids = selection.filter(report_figures.ReportCell.objects.all()).values(column)
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
                from games.reports import cells as report_figures

                report_figures.collect(self, selection, levels)
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
        required = {slug: getattr(game, "required_wager", None) for slug, game in GAMES.items()}
        for row in rows:
            figures, kind = self._figures(row), (row["g"], row["wager"])
            if row["staked"] or row["won"] or row["lost"]:
                figures.drop_by_wager[kind] += row["staked"]
                figures.wagers_by_kind[kind] += row["count"]
                figures.paid_by_wager[kind] += row["won"]
                figures.collected_by_wager[kind] += row["lost"]
            if row["wager"] == required.get(row["g"]):
                figures.hands += row["first_hands"]
            for n, (_, _, label) in enumerate(BANDS):
                figures.bands[label] += row[f"band{n}_count"]
                figures.band_amounts[label] += row[f"band{n}_paid"]

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
        # The drop and the hands by wager kind, from the lines settled with action, and the wins
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


# What a void and an irregularity are counted under, and a round's progressive figures.
VOID_KIND = Coalesce(KT("record__page__void__label"), Value("(not recorded)"), output_field=CharField())
IRREGULARITY_KIND = Coalesce(KT("action__kind"), Value("(unnamed)"), output_field=CharField())
METER_FIGURES = {
    "contributed": Sum("amount", filter=Q(kind=MeterEntry.Kind.CONTRIBUTION)),
    "jackpots": Count("id", filter=Q(kind=MeterEntry.Kind.PAYOUT, pool=MeterEntry.METER)),
    "jackpots_paid": Sum("amount", filter=Q(kind=MeterEntry.Kind.PAYOUT)),
}


def wager_label(kind: tuple[str, str]) -> str:
    game, wager = kind
    engine = GAMES.get(game)
    label = engine.wager_labels.get(wager, wager) if engine is not None and hasattr(engine, "wager_labels") else wager
    return f"{engine.name if engine else game} · {label}"


def duration(value: timedelta | None) -> str:
    """A wait as minutes and seconds.

    >>> duration(timedelta(seconds=75)), duration(timedelta(hours=1, seconds=2)), duration(None)
    ('1:15', '60:02', '')
    """
    if value is None:
        return ""
    seconds = int(value.total_seconds())
    return f"{seconds // 60}:{seconds % 60:02d}"


# -- hit frequency against theory ------------------------------------------------------------------

@dataclass(frozen=True)
class PaytableKey:
    game: str
    wager: str
    option: str  # the rules option holding its letter; "" where the chapter has one table for it
    default: str  # the letter when the round's rules do not name one (the one table's letter)
    letters: tuple[str, ...]  # the letters of its registered paytables


def paytable_wagers(games: Iterable[str]) -> list[PaytableKey]:
    """Every wager of these games paid on a paytable: one the table chooses, or the chapter's only one."""
    keys = []
    for slug in games:
        game = GAMES.get(slug)
        for wager in getattr(game, "wagers", ()):
            if wager.paytable is not None:
                keys.append(PaytableKey(slug, wager.slug, wager.paytable_option,
                                        game.default_rules.get(wager.paytable_option, ""),
                                        tuple(game.paytable_letters[wager.slug])))
            elif len(tables := paytables_for(slug, wager.slug)) == 1:
                keys.append(PaytableKey(slug, wager.slug, "", tables[0].letter, (tables[0].letter,)))
    return keys


def _row_conditions(table) -> list[tuple[Q, str]]:
    """How a settlement line names the row it was paid under: by its odds, which are the row's
    payout, and where two rows pay the same, by the row's label in its ``hand`` too ("...: Flush
    (Paytable A)", or "Flush ... (Paytable A)" when the hand's own name says it).  A progressive
    jackpot's line carries no odds: its label names the row."""
    payouts = Counter(str(row.payout) for row in table.rows)
    title = f" ({table.title})"
    conditions = []
    # Longest labels first: "Straight flush (...)" must not be read as "Straight".
    for row in sorted(table.rows, key=lambda row: -len(row.label)):
        named = Q(hand__endswith=f": {row.label}{title}") | Q(hand__istartswith=row.label, hand__endswith=title)
        if isinstance(row.payout, MeterShare):
            conditions.append((Q(odds="") & named, row.hand))
        elif payouts[str(row.payout)] == 1:
            conditions.append((Q(odds=str(row.payout)), row.hand))
        else:
            conditions.append((Q(odds=str(row.payout)) & named, row.hand))
    return conditions


@dataclass
class HitRow:
    name: str
    payout: str
    probability: Fraction
    observed: int
    trials: int
    p_value: Decimal
    flagged: bool

    @property
    def expected(self) -> Decimal:
        return (Decimal(self.trials) * self.probability.numerator / self.probability.denominator).quantize(TENTH)

    @property
    def observed_frequency(self) -> Decimal | None:
        return ratio(self.observed, self.trials, Decimal("0.000001")) if self.trials else None

    @property
    def theoretical_frequency(self) -> Decimal:
        return (Decimal(self.probability.numerator) / self.probability.denominator).quantize(Decimal("0.000001"))

    @property
    def direction(self) -> str:
        if not self.flagged:
            return ""
        return "more often than theory" if self.observed > self.expected else "less often than theory"


@dataclass
class PaytableHits:
    table: str
    game: str
    wager: str
    letter: str
    section: str
    trials: int  # wagers judged on their cards
    staked: int
    won: int
    lost: int
    rows: list[HitRow]
    unmatched: int  # lines paid under a row the report could not tell (none, unless a format changed)
    theoretical_return: Fraction | None
    note: str

    @property
    def label(self) -> str:
        return wager_label((self.game, self.wager)) + (f" · Paytable {self.letter}" if self.letter else "")

    @property
    def observed_return(self) -> Decimal | None:  # per unit wagered, as a percentage
        return hold_percent(self.won - self.lost, self.staked)

    @property
    def theoretical_percent(self) -> Decimal | None:
        if self.theoretical_return is None:
            return None
        value = self.theoretical_return * 100
        return (Decimal(value.numerator) / value.denominator).quantize(HUNDREDTH, ROUND_HALF_UP)

    @property
    def flagged(self) -> bool:
        return any(row.flagged for row in self.rows)


UNKNOWN = "?"


def hit_frequency(rounds: QuerySet[Round], significance: Decimal = SIGNIFICANCE) -> list[PaytableHits]:
    """Per table and paytable played: how often each row paid, beside its exact probability
    (``games.engine.returns``), with the two-sided binomial test's p-value, flagged below
    ``significance``; and the observed return beside the theoretical one.  The trials are the
    wagers judged on their cards: a wager forfeited by a fold or returned is not one."""
    selection = selection_of(rounds)
    if selection is not None:
        from games.reports import cells as report_figures

        with without_jit():
            games, counted = report_figures.hit_counts(selection)
        return _hit_report(games, counted, significance)
    games = list(rounds.order_by().values_list("game", flat=True).distinct())
    hits = HitRows(games)
    if not hits.keys:
        return []
    lines = (hits.lines(SettlementLine.objects.filter(round__in=rounds.values("id"))).order_by()
             .values_list("round__table__name", "round__game", "wager", "letter", "row")
             .annotate(count=Count("id"), staked=Sum("stake"), won=Sum("amount", filter=Q(outcome=WIN)),
                       lost=Sum("amount", filter=Q(outcome=LOSE))))
    with without_jit():
        lines = list(lines)
    return _hit_report(games, lines, significance, hits)


class HitRows:
    """The lines judged on their cards of these games' paytable wagers, each annotated with the
    paytable ``letter`` its round played (its rules' option, the table's default where they name
    none, or the chapter's one table) and the ``row`` it paid under ("" for a loss, ``UNKNOWN``
    when no row matches)."""

    def __init__(self, games: Iterable[str]):
        from games.table.selectors import _paytable_return  # cached per paytable: the counts are exact enumerations

        self.keys = paytable_wagers(sorted(games))
        self.known: dict[tuple[str, str, str], tuple[Any, Any]] = {}
        for key in self.keys:
            for table_letter in key.letters:
                table = paytable(key.game, key.wager, table_letter)
                entry = _paytable_return(key.game, key.wager, table_letter)
                if len(entry.hands) != len(table.rows) + 1:  # not one line per row (Match-the-Dealer, Envy)
                    continue
                self.known[key.game, key.wager, table_letter] = (table, entry)

    @functools.cached_property
    def whens(self) -> list[When]:
        """Each known row's condition on a line (only the lines' query needs them, not the stored counts)."""
        return [When(Q(round__game=game, wager=wager, letter=table_letter) & condition, then=Value(hand))
                for (game, wager, table_letter), (table, _) in self.known.items()
                for condition, hand in _row_conditions(table)]

    def lines(self, lines: QuerySet[SettlementLine]) -> QuerySet[SettlementLine]:
        letter = Case(*(When(Q(round__game=key.game, wager=key.wager),
                             then=Coalesce(KeyTextTransform(key.option, "round__rules"), Value(key.default),
                                           output_field=CharField()) if key.option else Value(key.default))
                        for key in self.keys), default=Value(""), output_field=CharField())
        row = Case(When(outcome=LOSE, then=Value("")), *self.whens, default=Value(UNKNOWN), output_field=CharField())
        return (lines.filter(outcome__in=ACTION, wager__in={key.wager for key in self.keys}).exclude(stage=DECISION)
                .annotate(letter=letter).annotate(row=row))


@functools.cache
def _hand_lines(game: str, wager: str, letter: str) -> tuple[tuple[str, str, Fraction], ...]:
    """Each row's name, payout and exact probability (a ``Fraction`` made once, not per table)."""
    from games.table.selectors import _paytable_return

    return tuple((line.name, line.payout, line.probability) for line in _paytable_return(game, wager, letter).hands)


def _hit_report(games: Iterable[str], lines: Iterable[tuple], significance: Decimal,
                hits: HitRows | None = None) -> list[PaytableHits]:
    """The report of the counted lines: (table, game, wager, letter, row, count, staked, won, lost)."""
    hits = hits or HitRows(games)
    known = hits.known
    groups: dict[tuple, dict[str, Any]] = defaultdict(lambda: {"rows": Counter(), "staked": 0, "won": 0, "lost": 0})
    for table_name, game, wager, table_letter, row, count, staked, won, lost in lines:
        key = (table_name, game, wager, table_letter)
        if key[1:] not in known:
            continue
        group = groups[key]
        group["rows"][row] += count
        group["staked"] += staked or 0
        group["won"] += won or 0
        group["lost"] += lost or 0
    report = []
    for (table_name, game, wager, table_letter), group in sorted(groups.items()):
        table, entry = known[game, wager, table_letter]
        counts = group["rows"]
        trials = sum(counts.values())
        rows = []
        losers = trials - sum(counts[row.hand] for row in table.rows) - counts[UNKNOWN]
        for pay_row, (name, payout, probability) in zip([*table.rows, None], _hand_lines(game, wager, table_letter),
                                                        strict=True):
            observed = counts[pay_row.hand] if pay_row is not None else losers
            p_value = two_sided_p_value(observed, trials, probability)
            rows.append(HitRow(name, payout, probability, observed, trials, p_value, p_value < significance))
        report.append(PaytableHits(table_name, game, wager, table_letter, table.section, trials, group["staked"],
                                   group["won"], group["lost"], rows, counts[UNKNOWN], entry.expected, entry.note))
    return report


# -- figures by gaming day ---------------------------------------------------------------------------

@dataclass
class DayFigures(Takings):
    """One gaming day of a table, game, dealer or the floor: the ``Figures`` of the same name."""

    rounds: int = 0
    drop: int = 0
    paid: int = 0
    collected: int = 0



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
    """The rounds, drop and win of each gaming day, per level and name (a game by its name):
    the figures of ``Report`` with the same definitions, each cell grouped by the clock hour its
    rounds started (a gaming day is made of whole hours) and the hours added up per day here
    (``levels``: only those, as ``rolled_up``)."""
    selection = selection_of(rounds)
    if selection is not None:  # from the cells stored as the rounds closed, as ``Report``
        from games.reports import cells as report_figures

        with without_jit():
            return report_figures.by_gaming_day(selection, levels)
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
        lines = (SettlementLine.objects.filter(round__in=rounds.values("id")).filter(ACTED).order_by()
                 .annotate(**LINE_CELL, hour=TruncHour("round__started_at", tzinfo=casino_zone()))
                 .values("t", "d", "g", "hour").annotate(staked=Sum("stake")))
        for row in rolled_up(lines, ("hour",), {"staked": total('"staked"')}, levels):
            figures(row).drop += row["staked"]
    return days.as_dict()


class DaysFigures:
    """``DayFigures`` per level, name (a game by its name) and gaming day, as rows roll up."""

    def __init__(self):
        self.days: dict[str, dict[str, dict[date, DayFigures]]] = {level: defaultdict(dict) for level, _ in LEVELS}

    def of(self, row: dict[str, Any], day: date) -> DayFigures:
        name = row["name"]
        if row["level"] == "game":
            name = GAMES[name].name if name in GAMES else name
        return self.days[row["level"]][name].setdefault(day, DayFigures())

    def as_dict(self) -> dict[str, dict[str, dict[date, DayFigures]]]:
        return {level: dict(names) for level, names in self.days.items()}


# -- CSV ----------------------------------------------------------------------------------------------

SECTIONS = ("summary", "wagers", "payouts", "approvals", "irregularities", "hits")


def _money(cents: int | Decimal | None) -> str:
    return "" if cents is None else plain_dollars(int(cents))


def csv_rows(section: str, report: Report | None, level: str, hits: list[PaytableHits] | None) -> Iterator[list]:
    """The rows of one section of the report as CSV (dollars as 12.50, percentages as 12.50)."""
    if section == "summary":
        yield ["level", "name", "rounds", "hands", "drop", "win", "hold_percent", "average_bet", "table_hours",
               "rounds_per_hour", "voids", "approvals", "irregularities", "progressive_contributions",
               "jackpots", "jackpots_paid"]
        for level_name, _ in LEVELS:
            for f in report.rows(level_name):
                yield [level_name, f.name, f.rounds, f.hands, _money(f.drop), _money(f.win), f.hold or "",
                       _money(f.average_bet), f.table_hours, f.rounds_per_hour or "", f.voids, f.approval_count,
                       f.irregularity_count, _money(f.contributed), f.jackpots, _money(f.jackpots_paid)]
    elif section == "wagers":
        yield ["level", "name", "game", "wager", "wagers", "drop", "paid", "collected", "win", "hold_percent"]
        for f in report.rows(level):
            for w in f.wager_rows():
                game = GAMES.get(w["game"])
                yield [level, f.name, game.name if game else w["game"], w["label"].split(" · ", 1)[-1], w["wagers"],
                       _money(w["drop"]), _money(w["paid"]), _money(w["collected"]), _money(w["win"]),
                       w["hold"] if w["hold"] is not None else ""]
    elif section == "payouts":
        yield ["level", "name", "band", "payouts", "paid"]
        for f in report.rows(level):
            for band in f.band_rows():
                yield [level, f.name, band["band"], band["count"], _money(band["paid"])]
    elif section == "approvals":
        yield ["level", "name", "approvals", "approved", "refused", "pending", "median_wait_seconds",
               "longest_wait_seconds"]
        for f in report.rows(level):
            median, longest = f.median_wait, f.longest_wait
            yield [level, f.name, f.approval_count, f.approvals["approved"], f.approvals["refused"],
                   f.approvals["pending"], "" if median is None else int(median.total_seconds()),
                   "" if longest is None else int(longest.total_seconds())]
    elif section == "irregularities":
        yield ["level", "name", "what", "kind", "count"]
        for f in report.rows(level):
            for what, kind, count in f.kind_rows():
                yield [level, f.name, what.lower(), kind, count]
    elif section == "hits":
        yield ["table", "game", "wager", "paytable", "section", "hand", "payout", "probability", "trials",
               "observed", "expected", "p_value", "flagged", "observed_return_percent",
               "theoretical_return_percent"]
        for entry in hits:
            for hit in entry.rows:
                yield [entry.table, GAMES[entry.game].name, wager_label((entry.game, entry.wager)).split(" · ", 1)[-1],
                       entry.letter, entry.section, hit.name, hit.payout, str(hit.probability), hit.trials,
                       hit.observed, hit.expected, f"{hit.p_value:.6g}", "yes" if hit.flagged else "no",
                       entry.observed_return or "", entry.theoretical_percent or ""]


def as_csv(rows: Iterable[list]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()

