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
clock's hour and the instants of ``games.common.calendar.windows`` agree except when a gaming day or a
shift starts in an hour the clocks skip or repeat, 1:00-2:59 in New York: a round of that hour
counts by the hour its wall clock showed.)

PostgreSQL only (the upsert and the bit aggregates); on another database the reports sum the
lines on each request, as before.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from types import SimpleNamespace
from typing import Any

import psycopg
from django.conf import settings
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
from django.utils import timezone

from games.common import calendar
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
    WithheldRound,
)
from games.reports import figures, paytable_rows

KEY = ("k_day", "k_shift", "k_table", "k_game", "k_dealer", "k_training")
KEY_COLUMNS = ("gaming_day", "shift", "table_id", "game", "dealer_id", "training")
GAME_KEY_COLUMNS = ("gaming_day", "shift", "game", "training")  # the floor's and games' roll-up
HIT_KEY_COLUMNS = ("gaming_day", "shift", "table_id", "game", "training")  # the rows hit, per table
CELL_FIGURES = ("rounds", "voids", "paid", "collected", "hours", "contributed", "jackpots", "jackpot_amounts")
COUNT_NAMES = ("kind", "wager", "letter", "name")
BAND_FIGURES = tuple(f"band{n}_{figure}" for n, _ in enumerate(figures.BANDS) for figure in ("count", "paid"))
COUNT_FIGURES = ("count", "amount", "won", "lost", "hands", *BAND_FIGURES)
BATCH = 50_000  # rounds folded in per statement by the rebuild and the catch-up


def enabled() -> bool:
    return connection.vendor == "postgresql"


# -- the cell of a round ----------------------------------------------------------------------------

def key(prefix: str = "") -> dict[str, Any]:
    """The cell key of the round (``prefix`` "round__" from its lines, approvals, events or
    ledger entries): its gaming day and shift from the clock hour it started in, on the casino's
    wall clock (``games.common.calendar.gaming_day_of``, ``windows``)."""
    start = settings.GAMING_DAY_START
    local_hour = TruncHour(f"{prefix}started_at", tzinfo=calendar.casino_zone())  # a wall-clock timestamp
    # Hours since the gaming day began (0-23), and the gaming day: the wall clock moved back
    # by its starting hour.  ``start`` is an int from the settings.
    offset = Func(local_hour, template=f"MOD(CAST(EXTRACT(HOUR FROM %(expressions)s) AS integer) + {24 - start}, 24)",
                  output_field=IntegerField())
    day = Func(local_hour, template=f"CAST((%(expressions)s - INTERVAL '{start} hours') AS date)",
               output_field=DateField())
    begins = [(hour - start) % 24 for hour in calendar.shift_hours()]  # 0 first, increasing
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
    rounds = rounds.exclude(status__in=figures.NOT_REPORTED).order_by()
    ids = rounds.values("id")
    zero = {column: "0" for column in CELL_FIGURES}
    # Rounds, voids, totals, hours; the ledgers' figures.
    cells = _keyed(rounds).values(*KEY).annotate(
        rounds=Count("id", filter=Q(status=Round.Status.CLOSED)), voids=Count("id", filter=Q(status=Round.Status.VOID)),
        paid=Sum("total_paid"), collected=Sum("total_collected"),
        hours=BitOr(Func(F("k_offset"), template="(1 << %(expressions)s)", output_field=IntegerField())))
    meters = _keyed(MeterEntry.objects.filter(round__in=ids), "round__").values(*KEY).annotate(
        **figures.METER_FIGURES)
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
    for n, (low, high, _) in enumerate(figures.BANDS):
        won = Q(outcome=WIN, amount__gte=low) & (Q(amount__lt=high) if high else Q())
        bands[f"b{n}_count"] = Count("id", filter=won)
        bands[f"b{n}_paid"] = Coalesce(Sum("amount", filter=won), 0)
    yield part(lines.filter(figures.ACTED).values(*KEY, "wager").annotate(
        wagers=Count("id", filter=Q(stake__gt=0)), staked=Sum("stake"),
        paid=Coalesce(Sum("amount", filter=Q(outcome=WIN)), 0),
        collected=Coalesce(Sum("amount", filter=Q(outcome=LOSE)), 0), first_hands=Count("id", filter=Q(hand_no=1)),
        **bands),
        "wager", wager='s."wager"', count='s."wagers"', amount='s."staked"', won='s."paid"', lost='s."collected"',
        hands='s."first_hands"', **{f"band{name[1:]}": f's."{name}"' for name in bands})
    # The stakes kept on the jackpots the cage paid: part of the win (``figures.KEPT``).
    yield part(lines.filter(figures.KEPT).values(*KEY, "wager").annotate(kept=Sum("stake"), lines=Count("id")),
               "kept", wager='s."wager"', count='s."lines"', amount='s."kept"')
    approvals = _keyed(Approval.objects.filter(round__in=ids), "round__")
    yield part(approvals.values(*KEY, "status").annotate(approvals=Count("id")),
               "approval", name='s."status"', count='s."approvals"')
    # Each decided approval's wait, to the microsecond: the median is taken from the counts.
    wait = Func(ExpressionWrapper(F("decided_at") - F("requested_at"), output_field=DurationField()),
                template="CAST(ROUND(EXTRACT(EPOCH FROM %(expressions)s) * 1000000) AS bigint)",
                output_field=IntegerField())
    yield part(approvals.filter(decided_at__isnull=False).annotate(wait=wait).values(*KEY, "wait").annotate(
        waits=Count("id")), "wait", name='CAST(s."wait" AS varchar)', count='s."waits"')
    yield part(_keyed(rounds.filter(status=Round.Status.VOID)).annotate(label=figures.VOID_KIND)
               .values(*KEY, "label").annotate(voids=Count("id")), "void", name='s."label"', count='s."voids"')
    yield part(_keyed(RoundEvent.objects.filter(round__in=ids, action__type="irregularity"), "round__")
               .annotate(label=figures.IRREGULARITY_KIND).values(*KEY, "label").annotate(events=Count("id")),
               "irregularity", name='s."label"', count='s."events"')
    # The paytable rows hit, by the letter each round played.
    hits = paytable_rows.HitRows(games)
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
    # Once per report's transaction (``figures.without_jit``): its later reads find them stored.
    reporting = connection.in_atomic_block and getattr(connection, "reports_jit_off", False)
    if reporting and getattr(connection, "reports_caught_up", False):
        return 0
    table = Round._meta.db_table
    with transaction.atomic(savepoint=False), connection.cursor() as cursor:
        # Never a round the last rebuild set apart (``set_apart``): its rows failed their check.
        withheld = WithheldRound._meta.db_table
        cursor.execute(f'UPDATE "{table}" SET figures_stored = true '  # noqa: S608
                       "WHERE NOT figures_stored AND status <> 'open' "
                       f'AND id NOT IN (SELECT round_id FROM "{withheld}") RETURNING id')
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


def set_apart(withheld: dict[int, tuple[str, int]]) -> None:
    """Make ``withheld`` (round id: its first break and how many) the rounds the report leaves out,
    in place of those set apart before."""
    now = timezone.now()
    WithheldRound.objects.all().delete()
    WithheldRound.objects.bulk_create([WithheldRound(round_id=pk, problem=problem[:500], breaks=breaks, found_at=now)
                                       for pk, (problem, breaks) in sorted(withheld.items())], batch_size=1000)


def rebuild(withheld: dict[int, tuple[str, int]]) -> int:
    """Recompute every cell from the rounds but ``withheld`` (those whose history fails its check,
    ``set_apart``), after a change of the gaming day's or the shifts' hours, or to check them:
    one transaction; a round closing meanwhile waits for it."""
    with transaction.atomic():
        # Every table, as a close locks its own: a round closing meanwhile waits for the rebuild.
        list(Table.objects.select_for_update().order_by("id").values_list("id", flat=True))
        for model in (ReportCount, ReportCell, ReportGameCount, ReportGameCell, ReportHit):
            model.objects.all().delete()
        set_apart(withheld)
        # The rounds already marked, by ranges of ids (their rows are left as they are), then the others.
        stored = Round.objects.filter(figures_stored=True, withheld__isnull=True)
        ids = stored.aggregate(first=Min("id"), last=Max("id"))
        if ids["first"] is not None:
            for low in range(ids["first"], ids["last"] + 1, BATCH):
                store(stored.filter(id__gte=low, id__lt=low + BATCH))
        return stored.exclude(status=Round.Status.OPEN).count() + catch_up()


# -- reading them ------------------------------------------------------------------------------------


