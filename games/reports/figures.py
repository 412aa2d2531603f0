"""What a report's figures are, and the rows they are kept in: the vocabulary every part of the
supervisor's reports shares (gaming-day and shift figures, hit frequency against theory).

Every figure is an aggregate the database computes over the settlement lines, rounds,
approvals, events and meter ledgers of the rounds the filter keeps (``games.reports.filters``),
grouped by table, dealer and game (the finest cells); those few rows are then added up per
table, game, dealer and for the floor.  No round is replayed or read one by one.

What each figure is (money in cents, ratios as ``Decimal``):

- rounds: rounds closed in the period (voids are counted apart); a round belongs to the gaming
  day and shift in which it started, on the casino's clock (``settings.TIME_ZONE``);
- hands: seats played, one per seat's first hand of the game's required wager (the Ante, Bet 1,
  the Spanish 21 Wager) settled with action; in Let It Ride, of Bet 3, which a player may not
  withdraw (§ 643a.7(d)): a seat that pulls Bet 1 still played its hand;
- handle: the total wagered, the stakes of every line settled with action (``games.common.handle``:
  not a bet pulled, rescued or voided).  Casinos call it handle; drop is what the count room
  finds in the table's drop box, which the tablets do not see;
- win: collected + kept − paid (the rounds' totals: a progressive jackpot the cage pays is in
  paid; kept is the stake of a progressive wager whose jackpot the cage paid, which went into the
  table at "no more bets" and stays there);
- hold %: win ÷ handle × 100; average bet: handle ÷ hands;
- with progressives and before them: the progressive lines (``games.common.handle``) have their
  own handle and win; the table's own wagers are the others, and "hold before progressives" is
  their win ÷ their handle, the figure to compare from one day to the next (a jackpot of the
  meters is the casino's liability, not the table's game); "hold" is of every line;
- table-hours: the clock hours in which a table dealt at least one round, counted per table;
  rounds per hour: rounds ÷ table-hours;
- payouts by size: the winning lines by amount paid, in ``BANDS``;
- approvals: requested, approved, refused, still pending, and the median and longest wait
  from request to decision;
- voids by the irregularity that voided them, and irregularities reported, by kind;
- progressive: what the rounds put on the meters (the ledgers' contributions), and the
  jackpots paid from them (count and amount).

Nonbanked Poker has no handle: its collected is the rake (and jackpot drops).
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.db import connection, transaction
from django.db.models import CharField, Count, F, Q, QuerySet, Sum, Value
from django.db.models.fields.json import KT
from django.db.models.functions import Coalesce

from games.common import handle as handle_lines
from games.common.filters import irregularity_label
from games.engine.registry import GAMES
from games.models import MeterEntry, Round

# A round in play has no figures yet, and one cancelled (started by mistake) never had any.
NOT_REPORTED = (Round.Status.OPEN, Round.Status.CANCELLED)


# Handle (what was wagered), the lines with action, and the progressive lines: one definition
# the history's CSV shares (games.common.handle).
ACTION, NOT_WAGERS, ACTED, KEPT = handle_lines.ACTION, handle_lines.NOT_WAGERS, handle_lines.ACTED, handle_lines.KEPT


BANDS = ((0, 100_00, "under $100"), (100_00, 1_000_00, "$100 to $999.99"),
         (1_000_00, 10_000_00, "$1,000 to $9,999.99"), (10_000_00, None, "$10,000 and over"))


SIGNIFICANCE = Decimal("0.001")  # the hit-frequency flag's default: a count this improbable, or more


# The wager every seat that played a hand keeps to the settlement: the game's required wager, but
# where it may be withdrawn (Let It Ride's Bet 1: Bet 3 may not be, § 643a.7(d)).
HAND_WAGER = {slug: ("bet3" if slug == "let-it-ride" else getattr(game, "required_wager", None))
              for slug, game in GAMES.items()}


LEVELS = (("floor", "Floor"), ("game", "Game"), ("table", "Table"), ("dealer", "Dealer"))


CENT, HUNDREDTH, TENTH = Decimal(1), Decimal("0.01"), Decimal("0.1")


def hold_percent(win: int, handle: int) -> Decimal | None:
    """Win ÷ handle, as a percentage to the hundredth.

    >>> hold_percent(1_250, 10_000), hold_percent(-300, 9_000), hold_percent(5, 0)
    (Decimal('12.50'), Decimal('-3.33'), None)
    """
    if not handle:
        return None
    return (Decimal(win) * 100 / Decimal(handle)).quantize(HUNDREDTH, ROUND_HALF_UP)


def ratio(numerator: int, denominator: int, places: Decimal = CENT) -> Decimal | None:
    if not denominator:
        return None
    return (Decimal(numerator) / Decimal(denominator)).quantize(places, ROUND_HALF_UP)


class Takings:
    """What the house kept of what was wagered: the win (collected and kept, less paid) and the
    hold (win ÷ handle)."""

    collected: int
    paid: int
    kept: int
    handle: int

    @property
    def win(self) -> int:
        return self.collected + self.kept - self.paid

    @property
    def hold(self) -> Decimal | None:
        return hold_percent(self.win, self.handle)


@dataclass
class Figures(Takings):
    """One row of a report: a table, game, dealer or the floor."""

    name: str
    rounds: int = 0
    voids: int = 0
    hands: int = 0
    paid: int = 0
    collected: int = 0
    handle_by_wager: Counter = field(default_factory=Counter)  # (game, wager) -> cents
    wagers_by_kind: Counter = field(default_factory=Counter)  # (game, wager) -> wagers
    paid_by_wager: Counter = field(default_factory=Counter)
    collected_by_wager: Counter = field(default_factory=Counter)
    kept_by_wager: Counter = field(default_factory=Counter)  # stakes kept on jackpots the cage paid
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
    def handle(self) -> int:
        return sum(self.handle_by_wager.values())

    @property
    def kept(self) -> int:
        return sum(self.kept_by_wager.values())

    def _progressive(self, counter: Counter) -> int:
        return sum(value for kind, value in counter.items() if handle_lines.is_progressive(*kind))

    @property
    def progressive_handle(self) -> int:
        return self._progressive(self.handle_by_wager)

    @property
    def progressive_win(self) -> int:
        """The progressive lines' win: their stakes collected and kept, less what they paid (the
        jackpots and Envy Bonuses)."""
        return (self._progressive(self.collected_by_wager) + self._progressive(self.kept_by_wager)
                - self._progressive(self.paid_by_wager))

    @property
    def own_handle(self) -> int:
        """The handle of the table's own wagers: every line but the progressive ones."""
        return self.handle - self.progressive_handle

    @property
    def own_win(self) -> int:
        return self.win - self.progressive_win

    @property
    def own_hold(self) -> Decimal | None:
        """Hold before progressives: the table's own wagers' win ÷ their handle."""
        return hold_percent(self.own_win, self.own_handle)

    @property
    def progressive_hold(self) -> Decimal | None:
        return hold_percent(self.progressive_win, self.progressive_handle)

    @property
    def average_bet(self) -> Decimal | None:  # cents
        return ratio(self.handle, self.hands)

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
        """The handle, paid, collected (kept stakes included), win and hold of each wager kind, in
        game and wager order."""
        rows = []
        for kind, handle in sorted(self.handle_by_wager.items()):
            paid, collected = self.paid_by_wager[kind], self.collected_by_wager[kind] + self.kept_by_wager[kind]
            rows.append({"game": kind[0], "wager": kind[1], "label": wager_label(kind),
                         "progressive": handle_lines.is_progressive(*kind),
                         "wagers": self.wagers_by_kind[kind], "handle": handle, "paid": paid, "collected": collected,
                         "win": collected - paid, "hold": hold_percent(collected - paid, handle)})
        return rows

    def kind_rows(self) -> list[tuple[str, str, int]]:
        """(what, kind, count): the voids by what voided them, then the irregularities reported."""
        return ([("Void", kind, count) for kind, count in sorted(self.void_kinds.items())]
                + [("Irregularity", irregularity_label(kind), count)
                   for kind, count in sorted(self.irregularities.items())])

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
    savepoint, and the stored figures are caught up once (``games.reports.cells.catch_up``)."""
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


@dataclass
class DayFigures(Takings):
    """One gaming day of a table, game, dealer or the floor: the ``Figures`` of the same name."""

    rounds: int = 0
    handle: int = 0
    paid: int = 0
    collected: int = 0
    kept: int = 0


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
