"""The report's figures, stored as rounds close, so that a month's report reads a few thousand
cells instead of summing hundreds of thousands of settlement lines on each request.

A closed or voided round adds its figures to one cell, ``ReportCell`` (rounds, voids, paid,
collected, the clock hours dealt, progressive contributions and jackpots) and its named
counts, ``ReportCount`` (per wager kind, wins by size, approvals by status and by wait, voids
and irregularities by kind, paytable rows hit), keyed by its gaming day, shift, table, game,
dealer and whether it was a training round.  Every figure is a sum (the clock hours a bit set
OR-ed together; the approvals' waits a count per exact wait, from which the median is taken),
so the figures of any set of cells are exact: the same queries as ``games.reports.report`` sums from
the lines (``Report._collect``), grouped by the cell instead of by the report's rows.

The same figures are kept added up without the table and the dealer, ``ReportGameCell`` and
``ReportGameCount``: the floor's and the games' rows of a month are a few hundred of them instead
of tens of thousands of cells and counts (with the clock hours counted per table as they are
added, ``_new_hours``); and the paytable rows hit without the dealer, ``ReportHit``, for the hit
frequency.  A report reads the floor and the games from those unless it names a table or a
dealer, and the tables and dealers from the cells.

The figures are added in the transaction that closes the round (``games.table.services.round_act``),
with one ``INSERT … ON CONFLICT DO UPDATE`` adding to the cells and their roll-up and one to the
counts and theirs.  A round
written any other way (before this existed, by a data load) has ``figures_stored`` false: the
next report folds it in first (``catch_up``), and ``manage.py rebuild_report_figures`` recomputes
every cell from the rounds.  The gaming day and shift follow ``GAMING_DAY_START`` and
``SHIFT_STARTS`` on the casino's wall clock: after changing them, run the rebuild.  (The wall
clock's hour and the instants of ``games.reports.report.windows`` agree except when a gaming day or a
shift starts in an hour the clocks skip or repeat, 1:00-2:59 in New York: a round of that hour
counts by the hour its wall clock showed.)

PostgreSQL only (the upsert and the bit aggregates); on another database the reports sum the
lines on each request, as before.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import psycopg
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.postgres.aggregates import BitOr
from django.db import connection, transaction
from django.db.models import (
    BooleanField,
    Case,
    Count,
    DateField,
    DurationField,
    ExpressionWrapper,
    F,
    Func,
    IntegerField,
    Max,
    Min,
    Q,
    QuerySet,
    Sum,
    Value,
    When,
)
from django.db.models.expressions import RawSQL
from django.db.models.functions import Coalesce, TruncHour

from games.engine.core.records import LOSE, WIN
from games.engine.registry import GAMES
from games.models import (
    Approval,
    MeterEntry,
    ReportCell,
    ReportCount,
    ReportGameCell,
    ReportGameCount,
    ReportHit,
    Round,
    RoundEvent,
    SettlementLine,
    Table,
)
from games.reports import report as reports

KEY = ("k_day", "k_shift", "k_table", "k_game", "k_dealer", "k_training")
KEY_COLUMNS = ("gaming_day", "shift", "table_id", "game", "dealer_id", "training")
GAME_KEY_COLUMNS = ("gaming_day", "shift", "game", "training")  # the floor's and games' roll-up
HIT_KEY_COLUMNS = ("gaming_day", "shift", "table_id", "game", "training")  # the rows hit, per table
CELL_FIGURES = ("rounds", "voids", "paid", "collected", "hours", "contributed", "jackpots", "jackpot_amounts")
COUNT_NAMES = ("kind", "wager", "letter", "name")
BAND_FIGURES = tuple(f"band{n}_{figure}" for n, _ in enumerate(reports.BANDS) for figure in ("count", "paid"))
COUNT_FIGURES = ("count", "amount", "won", "lost", "hands", *BAND_FIGURES)
BATCH = 50_000  # rounds folded in per statement by the rebuild and the catch-up


def enabled() -> bool:
    return connection.vendor == "postgresql"


# -- the cell of a round ----------------------------------------------------------------------------

def key(prefix: str = "") -> dict[str, Any]:
    """The cell key of the round (``prefix`` "round__" from its lines, approvals, events or
    ledger entries): its gaming day and shift from the clock hour it started in, on the casino's
    wall clock (``games.reports.report.gaming_day_of``, ``windows``)."""
    start = settings.GAMING_DAY_START
    local_hour = TruncHour(f"{prefix}started_at", tzinfo=reports.casino_zone())  # a wall-clock timestamp
    # Hours since the gaming day began (0-23), and the gaming day: the wall clock moved back
    # by its starting hour.  ``start`` is an int from the settings.
    offset = Func(local_hour, template=f"MOD(CAST(EXTRACT(HOUR FROM %(expressions)s) AS integer) + {24 - start}, 24)",
                  output_field=IntegerField())
    day = Func(local_hour, template=f"CAST((%(expressions)s - INTERVAL '{start} hours') AS date)",
               output_field=DateField())
    begins = [(hour - start) % 24 for hour in reports.shift_hours()]  # 0 first, increasing
    shift = Case(*(When(k_offset__gte=begin, then=Value(n)) for n, begin in reversed(list(enumerate(begins, 1)))),
                 default=Value(1), output_field=IntegerField())
    return {"k_offset": offset, "k_day": day, "k_shift": shift, "k_table": F(f"{prefix}table_id"),
            "k_game": F(f"{prefix}game"), "k_dealer": F(f"{prefix}dealer_id"),
            "k_training": ExpressionWrapper(Q(**{f"{prefix}shoe_order__isnull": False}), output_field=BooleanField())}


def _keyed(queryset: QuerySet, prefix: str = "") -> QuerySet:
    # The offset is annotated first: the shift's Case refers to it.
    keys = key(prefix)
    return queryset.order_by().annotate(k_offset=keys.pop("k_offset")).annotate(**keys)


# -- adding rounds ------------------------------------------------------------------------------------

def _select(query: QuerySet, columns: dict[str, str]) -> tuple[str, tuple]:
    """``query``'s rows as the stored table's columns: the key, then ``columns`` (an SQL
    expression over the query's output ``s``, or a constant)."""
    sql, params = query.query.sql_with_params()
    keys = [f's."{name}" AS {column}' for name, column in zip(KEY, KEY_COLUMNS, strict=True)]
    figures = [f"{expression} AS {column}" for column, expression in columns.items()]
    return f"SELECT {', '.join(keys + figures)} FROM ({sql}) s", params  # noqa: S608 (this module's names)


def _upsert(model, parts: list[tuple[str, tuple]], names: tuple[str, ...], figures: dict[str, str],
            rollups: tuple[tuple[Any, tuple[str, ...], str], ...] = ()) -> tuple[str, list]:
    """The statement that inserts the rows of ``parts`` (UNION ALL), adding each figure to a row already there
    (``figures``: column -> how the stored and the new value combine); and the same rows added up
    into each of ``rollups`` (model, its key's columns, a condition on the rows it takes; its
    figures: those it has), in the same statement: the rows are computed once."""
    union = " UNION ALL ".join(sql for sql, _ in parts)
    statements = [_insert(model, "u", KEY_COLUMNS, names, figures)]
    ctes = ""
    for rollup, key, kept in rollups:
        columns = {field.column for field in rollup._meta.fields}
        kept_figures = {column: operator for column, operator in figures.items() if column in columns}
        rows = f"(SELECT * FROM u WHERE {kept})" if kept else "u"  # noqa: S608 (this module's condition)
        if "table_hours" in columns:
            ctes, rows = _new_hours(kept_figures)
            kept_figures = {**kept_figures, "table_hours": "+", "floor_hours": "+"}
        statements.append(_insert(rollup, rows, key, tuple(name for name in names if name in columns), kept_figures))
    # One statement: the rows, then each table's insert (a data-modifying WITH runs whether or not
    # it is read, and every part of it reads the tables as they were before it).  Only this
    # module's names are spliced in; every value is a parameter.
    inserts = "".join(f", i{n} AS ({sql} RETURNING 1)" for n, sql in enumerate(statements[:-1]))
    return f"WITH u AS ({union}){inserts}{ctes} {statements[-1]}", [param for _, params in parts for param in params]


def _new_hours(figures: dict[str, str]) -> tuple[str, str]:
    """The clock hours the new rows add per table (``ReportGameCell``): per table and game, and
    per table (the floor's, under the least of the games that lit it), the hours not lit already
    by the cells stored before (this statement's own inserts are not seen).  A table's rounds are
    stored one at a time: a close, and ``catch_up`` and ``rebuild``, hold its row."""
    key = "gaming_day, shift, table_id, game, training"
    table_key = "gaming_day, shift, table_id, training"
    cell = ReportCell._meta.db_table
    bits = "BIT_COUNT(CAST({} AS bit(24)))".format
    ctes = (f", n AS (SELECT {key}, BIT_OR(hours) AS hours FROM u GROUP BY {key})"  # noqa: S608
            f", e AS (SELECT {', '.join(f'c.{column}' for column in key.split(', '))}, BIT_OR(c.hours) AS hours "
            f'FROM "{cell}" c JOIN (SELECT DISTINCT {table_key} FROM n) k USING ({table_key}) GROUP BY '
            f"{', '.join(f'c.{column}' for column in key.split(', '))})"
            f", ef AS (SELECT {table_key}, BIT_OR(hours) AS hours FROM e GROUP BY {table_key})"
            f", nf AS (SELECT {table_key}, MIN(game) AS game, BIT_OR(hours) AS hours FROM n GROUP BY {table_key})")
    zero = ", ".join(f"0 AS {column}" for column in figures)
    new = ", ".join(figures)
    rows = (f"(SELECT {', '.join(GAME_KEY_COLUMNS)}, {new}, 0 AS table_hours, 0 AS floor_hours FROM u "  # noqa: S608
            f"UNION ALL SELECT {', '.join(GAME_KEY_COLUMNS)}, {zero}, "
            f"{bits('n.hours & ~COALESCE(e.hours, 0)')}, 0 FROM n LEFT JOIN e USING ({key}) "
            f"UNION ALL SELECT {', '.join(GAME_KEY_COLUMNS)}, {zero}, 0, "
            f"{bits('nf.hours & ~COALESCE(ef.hours, 0)')} FROM nf LEFT JOIN ef USING ({table_key}))")
    return ctes, rows


def _insert(model, rows: str, key: tuple[str, ...], names: tuple[str, ...], figures: dict[str, str]) -> str:
    """``INSERT … ON CONFLICT DO UPDATE`` of ``rows`` (a name or a subquery) grouped by ``key`` and ``names``."""
    table = model._meta.db_table
    grouped = ", ".join([*key, *names])
    sums = ", ".join(f'{column} = "{table}".{column} {operator} EXCLUDED.{column}'
                     for column, operator in figures.items())
    aggregates = ", ".join(f"BIT_OR({column})" if operator == "|" else f"SUM({column})"
                           for column, operator in figures.items())
    return (f'INSERT INTO "{table}" ({grouped}, {", ".join(figures)}) '  # noqa: S608
            f"SELECT {grouped}, {aggregates} FROM {rows} r GROUP BY {grouped} "
            f"ON CONFLICT ({grouped}) DO UPDATE SET {sums}")


def store(rounds: QuerySet[Round]) -> None:
    """Add the figures of ``rounds`` (closed or void, not stored yet) to their cells.  The caller
    holds them (the close's transaction, or the rows ``catch_up`` marked)."""
    # Unordered: the rounds' default order would make DISTINCT keep a row per round.
    _execute(_statements(rounds, set(rounds.order_by().values_list("game", flat=True).distinct())))


# A round id no round has: the closing statements are built once with it and run with the round's.
_ANY_ROUND = -(2**62) - 7


def store_round(round_id: int, game: str) -> None:
    """``store`` for one round as it closes: the same statements, built once per game (building them
    through the ORM cost about 30 ms of CPU a close, far more than running them), and on PostgreSQL
    prepared where the connections allow it (``DB_PREPARE_CLOSE``): planning them was 6 ms of every
    close, running them 5."""
    statements = [(sql, [round_id if param == _ANY_ROUND else param for param in params])
                  for sql, params in _closing_statements(game)]
    connection.ensure_connection()
    if connection.vendor == "postgresql" and connection.connection.prepare_threshold is not None:
        _execute_prepared(statements)
    else:  # the connection prepares nothing (Django's default: a pooler may share it per transaction)
        _execute(statements)


def build_closing_statements() -> int:
    """Build every game's closing statements now, as a server process starts
    (``dealer_assist.server``), rather than in its first close of each game, where building them
    took 140 ms (1.1 s for all the games) and the taps queued behind that close waited for it.
    Returns how many games it built them for: none where figures are not stored."""
    if not enabled():
        return 0
    for game in GAMES:
        _closing_statements(game)
    return len(GAMES)


def _closing_statements(game: str) -> list[tuple[str, list]]:
    return _round_statements(game, settings.GAMING_DAY_START, tuple(settings.SHIFT_STARTS), settings.TIME_ZONE)


@functools.lru_cache(maxsize=64)
def _round_statements(game: str, *settings_in_force) -> list[tuple[str, list]]:
    # Keyed by the settings the gaming day and the shift are computed from, which a test may change.
    statements = _statements(Round.objects.filter(pk=_ANY_ROUND), [game])
    if connection.vendor == "postgresql":
        statements = [_only_the_round_as_parameter(sql, params) for sql, params in statements]
    return statements


def _only_the_round_as_parameter(sql: str, params: list) -> tuple[str, list]:
    """The statement with every parameter but the round's id written into it, quoted by psycopg.
    They are constants of the statement (statuses, paytable rows, the time zone): about 670 of
    them, which psycopg would find again in 35,000 characters of SQL on every close (2.5 ms of
    CPU; it caches that only for short statements)."""
    rounds = params.count(_ANY_ROUND)
    written = connection.ops.compose_sql(sql, params).replace("%", "%%")
    sentinel = f" {_ANY_ROUND}"  # psycopg writes a negative number after a space (no "--" comment)
    if written.count(sentinel) != rounds:  # pragma: no cover - the sentinel is no other value
        raise AssertionError("the round's placeholder cannot be told apart in the closing statement")
    return written.replace(sentinel, "%s"), [_ANY_ROUND] * rounds


def _statements(rounds: QuerySet[Round], games: Iterable[str]) -> list[tuple[str, list]]:
    rounds = rounds.exclude(status__in=reports.NOT_REPORTED).order_by()
    ids = rounds.values("id")
    zero = {column: "0" for column in CELL_FIGURES}
    # Rounds, voids, totals, hours; the ledgers' figures.
    cells = _keyed(rounds).values(*KEY).annotate(
        rounds=Count("id", filter=Q(status=Round.Status.CLOSED)), voids=Count("id", filter=Q(status=Round.Status.VOID)),
        paid=Sum("total_paid"), collected=Sum("total_collected"),
        hours=BitOr(Func(F("k_offset"), template="(1 << %(expressions)s)", output_field=IntegerField())))
    meters = _keyed(MeterEntry.objects.filter(round__in=ids), "round__").values(*KEY).annotate(
        **reports.METER_FIGURES)
    return [
        _upsert(ReportCell, [
            _select(cells, {**zero, **{name: f's."{name}"' for name in ("rounds", "voids", "paid", "collected",
                                                                          "hours")}}),
            _select(meters, {**zero, "contributed": 'COALESCE(s."contributed", 0)', "jackpots": 's."jackpots"',
                             "jackpot_amounts": 'COALESCE(s."jackpots_paid", 0)'}),
        ], (), {column: "|" if column == "hours" else "+" for column in CELL_FIGURES},
            ((ReportGameCell, GAME_KEY_COLUMNS, ""),)),
        _upsert(ReportCount, list(_count_parts(rounds, ids, games)), COUNT_NAMES, dict.fromkeys(COUNT_FIGURES, "+"),
                ((ReportGameCount, GAME_KEY_COLUMNS, "kind <> 'hit'"), (ReportHit, HIT_KEY_COLUMNS, "kind = 'hit'"))),
    ]


def _execute(statements: list[tuple[str, list]]) -> None:
    with connection.cursor() as cursor:
        for sql, params in statements:
            cursor.execute(sql, params)


class _Preparing:
    """A psycopg cursor with server-side parameters whose every statement is prepared on its
    connection (Django's own bind them client-side, which cannot be prepared)."""

    def __init__(self, cursor):
        self.cursor, self._last = cursor, ("", [])

    def execute(self, sql: str, params: list):
        self._last = (sql, params)
        return self.cursor.execute(sql, params, prepare=True)

    @property
    def _query(self) -> SimpleNamespace:
        """What Django's query log reads (``last_executed_query``): the statement with its
        parameters written in, as it logs its own; composed only when a log asks."""
        return SimpleNamespace(query=connection.ops.compose_sql(*self._last).encode())

    def __getattr__(self, name: str):
        return getattr(self.cursor, name)


def _execute_prepared(statements: list[tuple[str, list]]) -> None:
    # In the caller's transaction, through Django's wrappers: its query log and execute wrappers see them.
    preparing = _Preparing(psycopg.Cursor(connection.connection))
    with connection.make_debug_cursor(preparing) if connection.queries_logged else connection.make_cursor(preparing) \
            as cursor:
        for sql, params in statements:
            cursor.execute(sql, params)


def _count_parts(rounds: QuerySet[Round], ids: QuerySet, games: Iterable[str]) -> Iterator[tuple[str, tuple]]:
    def part(query: QuerySet, kind: str, **columns: str) -> tuple[str, tuple]:
        values = {"kind": f"'{kind}'", "wager": "''", "letter": "''", "name": "''",
                  **dict.fromkeys(COUNT_FIGURES, "0"), **columns}
        return _select(query, values)

    lines = _keyed(SettlementLine.objects.filter(round__in=ids), "round__")
    # Per wager kind, the lines settled with action (as ``Report._collect`` counts them), and its
    # wins by size band (a win is always settled with action).
    bands = {}
    for n, (low, high, _) in enumerate(reports.BANDS):
        won = Q(outcome=WIN, amount__gte=low) & (Q(amount__lt=high) if high else Q())
        bands[f"b{n}_count"] = Count("id", filter=won)
        bands[f"b{n}_paid"] = Coalesce(Sum("amount", filter=won), 0)
    yield part(lines.filter(reports.ACTED).values(*KEY, "wager").annotate(
        wagers=Count("id", filter=Q(stake__gt=0)), staked=Sum("stake"),
        paid=Coalesce(Sum("amount", filter=Q(outcome=WIN)), 0),
        collected=Coalesce(Sum("amount", filter=Q(outcome=LOSE)), 0), first_hands=Count("id", filter=Q(hand_no=1)),
        **bands),
        "wager", wager='s."wager"', count='s."wagers"', amount='s."staked"', won='s."paid"', lost='s."collected"',
        hands='s."first_hands"', **{f"band{name[1:]}": f's."{name}"' for name in bands})
    approvals = _keyed(Approval.objects.filter(round__in=ids), "round__")
    yield part(approvals.values(*KEY, "status").annotate(approvals=Count("id")),
               "approval", name='s."status"', count='s."approvals"')
    # Each decided approval's wait, to the microsecond: the median is taken from the counts.
    wait = Func(ExpressionWrapper(F("decided_at") - F("requested_at"), output_field=DurationField()),
                template="CAST(ROUND(EXTRACT(EPOCH FROM %(expressions)s) * 1000000) AS bigint)",
                output_field=IntegerField())
    yield part(approvals.filter(decided_at__isnull=False).annotate(wait=wait).values(*KEY, "wait").annotate(
        waits=Count("id")), "wait", name='CAST(s."wait" AS varchar)', count='s."waits"')
    yield part(_keyed(rounds.filter(status=Round.Status.VOID)).annotate(label=reports.VOID_KIND)
               .values(*KEY, "label").annotate(voids=Count("id")), "void", name='s."label"', count='s."voids"')
    yield part(_keyed(RoundEvent.objects.filter(round__in=ids, action__type="irregularity"), "round__")
               .annotate(label=reports.IRREGULARITY_KIND).values(*KEY, "label").annotate(events=Count("id")),
               "irregularity", name='s."label"', count='s."events"')
    # The paytable rows hit, by the letter each round played.
    hits = reports.HitRows(games)
    if hits.keys:
        yield part(hits.lines(lines).values(*KEY, "wager", "letter", "row").annotate(
            lines=Count("id"), staked=Sum("stake"), paid=Coalesce(Sum("amount", filter=Q(outcome=WIN)), 0),
            collected=Coalesce(Sum("amount", filter=Q(outcome=LOSE)), 0)),
            "hit", wager='s."wager"', letter='s."letter"', name='s."row"', count='s."lines"', amount='s."staked"',
            won='s."paid"', lost='s."collected"')


def catch_up() -> int:
    """Fold in the closed rounds whose figures are not stored yet (none, as a rule: rounds
    written before the figures were, or by a data load).  They are marked in this transaction;
    a report running at the same time waits for it and then finds them stored."""
    if not enabled():
        return 0
    # Once per report's transaction (``reports.without_jit``): its later reads find them stored.
    reporting = connection.in_atomic_block and getattr(connection, "reports_jit_off", False)
    if reporting and getattr(connection, "reports_caught_up", False):
        return 0
    table = Round._meta.db_table
    with transaction.atomic(savepoint=False), connection.cursor() as cursor:
        cursor.execute(f'UPDATE "{table}" SET figures_stored = true '  # noqa: S608
                       "WHERE NOT figures_stored AND status <> 'open' RETURNING id")
        ids = sorted(row[0] for row in cursor.fetchall())
        if ids:
            # Their tables' rows, as a close locks its own (``services._count_round_for_stub``) before
            # storing: the table-hours a round adds are counted against those its table has stored
            # (``_new_hours``), so two rounds of a table are not stored side by side.
            list(Table.objects.select_for_update().filter(
                id__in=Round.objects.filter(pk__in=RawSQL("SELECT UNNEST(%s::bigint[])", (ids,))).values("table_id"))
                .order_by("id").values_list("id", flat=True))
        for n in range(0, len(ids), BATCH):
            # One array parameter, however many rounds (a statement takes at most 65,535).
            store(Round.objects.filter(pk__in=RawSQL("SELECT UNNEST(%s::bigint[])", (ids[n:n + BATCH],))))
    if reporting:
        connection.reports_caught_up = True
    return len(ids)


def rebuild() -> int:
    """Recompute every cell from the rounds (after a change of the gaming day's or the shifts'
    hours, or to check them): one transaction; a round closing meanwhile waits for it."""
    with transaction.atomic():
        # Every table, as a close locks its own: a round closing meanwhile waits for the rebuild.
        list(Table.objects.select_for_update().order_by("id").values_list("id", flat=True))
        for model in (ReportCount, ReportCell, ReportGameCount, ReportGameCell, ReportHit):
            model.objects.all().delete()
        # The rounds already marked, by ranges of ids (their rows are left as they are), then the others.
        stored = Round.objects.filter(figures_stored=True)
        ids = stored.aggregate(first=Min("id"), last=Max("id"))
        if ids["first"] is not None:
            for low in range(ids["first"], ids["last"] + 1, BATCH):
                store(stored.filter(id__gte=low, id__lt=low + BATCH))
        return stored.exclude(status=Round.Status.OPEN).count() + catch_up()


# -- reading them ------------------------------------------------------------------------------------

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


def _split(selection: reports.Selection, levels: tuple[str, ...] | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The levels asked (all when None) the roll-up without tables and dealers holds (the floor's
    and games', of a selection that names no table or dealer), and the others, from the cells."""
    asked = tuple(level for level, _ in reports.LEVELS if levels is None or level in levels)
    if selection.tables is not None or selection.dealers is not None:
        return (), asked
    return (tuple(level for level in asked if level in GAME_LEVELS),
            tuple(level for level in asked if level not in GAME_LEVELS))


def breadth(selection: reports.Selection) -> dict[str, int]:
    """How many tables and dealers the selection's rows hold (its report's rows at those levels)."""
    catch_up()
    counts = selection.filter(ReportCell.objects.all()).aggregate(
        table=Count("table_id", distinct=True), dealer=Count("dealer_id", distinct=True))
    return {level: counts[level] or 0 for level in ("table", "dealer")}


def collect(report: reports.Report, selection: reports.Selection, levels: tuple[str, ...] | None = None) -> None:
    """``report``'s figures from the stored cells of ``selection``, rolled up as the lines are
    (``levels``: only those, all when None)."""
    catch_up()
    games, levels = _split(selection, levels)
    if games:
        _collect_games(report, selection, games)
    if not levels:
        return
    total = "COALESCE(SUM({}), 0)".format
    cells = selection.filter(ReportCell.objects.all()).annotate(**IDS)
    totals = list(reports.rolled_up(cells.values("t", "d", "g").annotate(
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
    report.add_wagers(names.rows(reports.rolled_up(wagers, ("g", "wager"),
                                                   {name: total(f'"c_{name}"') for name in WAGER_FIGURES}, levels)))
    named = (counts.filter(kind__in=("approval", "void", "irregularity")).annotate(label=F("name"))
             .values("t", "d", "g", "kind", "label").annotate(number=Sum("count")))
    _add_named(report, names.rows(reports.rolled_up(named, ("kind", "label"), {"count": total('"number"')}, levels)))
    report.add_waits(((names.tables.get(table), names.dealers.get(dealer), game, timedelta(microseconds=int(wait)))
                      for table, dealer, game, wait, number in counts.filter(kind="wait").values_list(
                          "t", "d", "g", "name", "count")
                      for _ in range(number)), levels)


def _wager_figures() -> dict[str, Sum]:
    """A cell's figures per wager kind from its "wager" rows."""
    return {"staked": Sum("amount"), "count": Sum("count"), "first_hands": Sum("hands"), "won": Sum("won"),
            "lost": Sum("lost"), **{name: Sum(name) for name in BAND_FIGURES}}


WAGER_FIGURES = _wager_figures()


def _add_named(report: reports.Report, rows: Iterable[dict[str, Any]]) -> None:
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


def _collect_games(report: reports.Report, selection: reports.Selection, levels: tuple[str, ...]) -> None:
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
    named = (counts.filter(kind__in=("approval", "void", "irregularity")).annotate(g=F("game"), label=F("name"))
             .values("g", "kind", "label").annotate(count=Sum("count")))
    _add_named(report, _levels(named, ("kind", "label"), ("count",), levels))
    report.add_waits(((None, None, game, timedelta(microseconds=int(wait)))
                      for game, wait, number in counts.filter(kind="wait").values_list("game", "name")
                      .annotate(number=Sum("count")) for _ in range(number)), levels)


def by_gaming_day(selection: reports.Selection, levels: tuple[str, ...] | None = None,
                  ) -> dict[str, dict[str, dict[Any, reports.DayFigures]]]:
    """``games.reports.report.by_gaming_day`` from the stored cells of ``selection``: each cell is of one
    gaming day already; the drop is its wagers' stored stakes, as ``collect`` gives it."""
    catch_up()
    games, levels = _split(selection, levels)
    totals, drops = [], []
    if games:  # the floor and the games: from their roll-up
        totals = _levels(selection.filter(ReportGameCell.objects.all()).annotate(g=F("game"))
                         .values("g", "gaming_day").annotate(closed=Sum("rounds"), paid=Sum("paid"),
                                                             collected=Sum("collected")),
                         ("gaming_day",), ("closed", "paid", "collected"), games)
        drops = _levels(selection.filter(ReportGameCount.objects.filter(kind="wager")).annotate(g=F("game"))
                        .values("g", "gaming_day").annotate(staked=Sum("amount")), ("gaming_day",), ("staked",),
                        games)
    if not levels:
        return _days(totals, drops)
    total = "COALESCE(SUM({}), 0)".format
    cells = selection.filter(ReportCell.objects.all()).annotate(**IDS).values("t", "d", "g", "gaming_day")
    cell_totals = list(reports.rolled_up(cells.annotate(c_closed=Sum("rounds"), c_paid=Sum("paid"),
                                                        c_collected=Sum("collected")), ("gaming_day",),
                                         {name: total(f'"c_{name}"') for name in ("closed", "paid", "collected")},
                                         levels))
    wagers = (selection.filter(ReportCount.objects.filter(kind="wager")).annotate(**IDS)
              .values("t", "d", "g", "gaming_day").annotate(c_staked=Sum("amount")))
    cell_drops = list(reports.rolled_up(wagers, ("gaming_day",), {"staked": total('"c_staked"')}, levels))
    names = Names(cell_totals + cell_drops)
    return _days([*totals, *names.rows(cell_totals)], [*drops, *names.rows(cell_drops)])


def _days(totals: Iterable[dict[str, Any]], drops: Iterable[dict[str, Any]],
          ) -> dict[str, dict[str, dict[Any, reports.DayFigures]]]:
    days = reports.DaysFigures()
    for row in totals:
        day = days.of(row, row["gaming_day"])
        day.rounds += row["closed"]
        day.paid += row["paid"]
        day.collected += row["collected"]
    for row in drops:
        days.of(row, row["gaming_day"]).drop += row["staked"]
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


def hit_counts(selection: reports.Selection) -> tuple[list[str], list[tuple]]:
    """The games of ``selection`` and its paytable rows hit: (table, game, wager, letter, row,
    count, staked, won, lost), as ``games.reports.report.hit_frequency`` counts them from the lines."""
    catch_up()
    model = ReportGameCell if selection.tables is None and selection.dealers is None else ReportCell
    games = list(selection.filter(model.objects.all()).values_list("game", flat=True).distinct())
    # Without a dealer filter, from the rows hit per table alone (the counts hold every other kind too).
    hit = ReportHit.objects.all() if selection.dealers is None else ReportCount.objects.filter(kind="hit")
    rows = list(selection.filter(hit)
                .values_list("table_id", "game", "wager", "letter", "name")
                .annotate(lines=Sum("count"), staked=Sum("amount"), paid=Sum("won"), collected=Sum("lost")))
    tables = dict(Table.objects.filter(id__in={row[0] for row in rows}).values_list("id", "name"))
    return games, [(tables[row[0]], *row[1:]) for row in rows]
