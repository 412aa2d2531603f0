"""Statements run on every tap and every request, written once from the models' own metadata.

A tap reads its round under a lock, inserts its events and updates a few columns of the round:
three statements by key, 37 times a round; every request reads its user with the user's roles.
Through the QuerySet API each one was built and compiled again on every run, which cost more of
the server's CPU than the statements themselves (benchmarks/RESULTS.md).  Here each statement's
SQL is written once per database backend from the models' fields, so it follows the models as
the ORM would; values are prepared and rows converted by the fields themselves
(``get_db_prep_save``, the backend's and the field's converters), and instances are made with
``Model.from_db``, as the ORM makes them.  Nothing here sends a model signal: none is connected
for the models written here.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import DatabaseError, connection, connections
from django.db.models import Model

from games.common import sql
from games.models import Round, Table


def _columns(model: type[Model]) -> list[str]:
    """Every concrete column of ``model``, in the order ``_from_row`` reads them."""
    return [sql.column_sql(model, field.name) for field in model._meta.concrete_fields]


@functools.cache
def _locked_round_sql(vendor: str) -> str:
    """The round with its table, whether the user deals there and whether a meter feeds it, locked
    until the transaction ends (where the backend has row locks: SQLite locks the whole database
    for a write anyway)."""
    q = connection.ops.quote_name
    round_table, table_table = q(Round._meta.db_table), q(Table._meta.db_table)
    joined = f"{sql.column_sql(Round, 'table')} = {sql.column_sql(Table, 'id')}"
    columns = _columns(Round) + _columns(Table)
    dealing, fed = sql.assigned_sql(Round, "table"), sql.meters_feed(Round, "table").sql
    lock = f" {connection.ops.for_update_sql()}" if connection.features.has_select_for_update else ""
    return (f"SELECT {', '.join(columns)}, ({dealing}), ({fed}) FROM {round_table} "  # noqa: S608 - names only
            f"INNER JOIN {table_table} ON ({joined}) "
            f"WHERE {sql.column_sql(Round, 'id')} = %s{lock}")


@functools.cache
def _reading(alias: str, model: type[Model]) -> tuple[list[str], tuple[tuple[Any, tuple[Any, ...]], ...]]:
    """The concrete fields' names, and each one's column with what converts its value from the
    database, as the ORM's compiler finds them: the same for every thread's connection to one database."""
    db = connections[alias]
    columns = [field.get_col(model._meta.db_table) for field in model._meta.concrete_fields]
    return ([field.attname for field in model._meta.concrete_fields],
            tuple((column, tuple(db.ops.get_db_converters(column) + column.get_db_converters(db)))
                  for column in columns))


def _from_row(model: type[Model], values: Sequence[Any]) -> Model:
    """An instance of ``model`` from its concrete fields' columns, converted as the ORM converts them."""
    names, converting = _reading(connection.alias, model)
    converted = []
    for (column, converters), value in zip(converting, values, strict=True):
        for convert in converters:
            value = convert(value, column, connection)
        converted.append(value)
    return model.from_db(connection.alias, names, converted)


def _storable_key(model: type[Model], pk: Any) -> bool:
    """Whether ``pk`` fits the model's key column: a key past it is no row, as the ORM finds without
    asking the database (SQLite cannot even bind an integer past 64 bits)."""
    kind = model._meta.pk.get_internal_type()
    if kind not in connection.ops.integer_field_ranges:
        return True  # not an integer key
    low, high = connection.ops.integer_field_range(kind)
    return (low is None or pk >= low) and (high is None or pk <= high)


def locked_round(round_id: int, user) -> Round:
    """``Round.objects.select_for_update().select_related("table")`` with two annotations,
    ``dealing_here`` (``user`` is assigned to its table) and ``table_fed`` (a meter may feed it):
    raises ``Round.DoesNotExist`` as ``get`` does."""
    row = None
    if _storable_key(Round, round_id):
        with connection.cursor() as cursor:
            cursor.execute(_locked_round_sql(connection.vendor), [user.pk, round_id])
            row = cursor.fetchone()
    if row is None:
        raise Round.DoesNotExist(f"There is no round {round_id}")
    split = len(Round._meta.concrete_fields)
    tables_end = split + len(Table._meta.concrete_fields)
    rnd = _from_row(Round, row[:split])
    Round.table.field.set_cached_value(rnd, _from_row(Table, row[split:tables_end]))
    rnd.dealing_here, rnd.table_fed = (bool(value) for value in row[tables_end:])
    return rnd


@functools.cache
def _by_pk_sql(vendor: str, model: type[Model], columns: tuple[str, ...]) -> str:
    table = connection.ops.quote_name(model._meta.db_table)
    selected = _columns(model) + [f"({sql})" for sql in columns]
    return (f"SELECT {', '.join(selected)} FROM {table} "  # noqa: S608 - the model's names and the caller's SQL
            f"WHERE {sql.column_sql(model, model._meta.pk.name)} = %s")


def by_pk(model: type[Model], pk: Any, columns: Mapping[str, str] | None = None,
          params: Sequence[Any] = ()) -> Model | None:
    """``model.objects.annotate(...).filter(pk=pk).first()``, or None: each of ``columns`` (an
    attribute's name: SQL of one value, a constant string, with ``params`` for its ``%s``) is set on
    the instance as it is read, unconverted."""
    columns = columns or {}
    if not _storable_key(model, pk):
        return None
    with connection.cursor() as cursor:
        cursor.execute(_by_pk_sql(connection.vendor, model, tuple(columns.values())), [*params, pk])
        row = cursor.fetchone()
    if row is None:
        return None
    split = len(model._meta.concrete_fields)
    instance = _from_row(model, row[:split])
    for name, value in zip(columns, row[split:], strict=True):
        setattr(instance, name, value)
    return instance


@functools.cache
def _insert_sql(vendor: str, model: type[Model], count: int) -> tuple[str, tuple[Any, ...]]:
    fields = tuple(field for field in model._meta.concrete_fields if not field.primary_key)
    q = connection.ops.quote_name
    row = f"({', '.join(['%s'] * len(fields))})"
    sql = (f"INSERT INTO {q(model._meta.db_table)} ({', '.join(q(field.column) for field in fields)}) "  # noqa: S608
           f"VALUES {', '.join([row] * count)}")
    return sql, fields


def insert(objs: Sequence[Model]) -> None:
    """Insert new rows of one model in one statement, like ``bulk_create`` but leaving their ids
    unread: for rows found by their natural key, whose ids the caller does not need."""
    if not objs:
        return
    sql, fields = _insert_sql(connection.vendor, type(objs[0]), len(objs))
    params = [field.get_db_prep_save(field.pre_save(obj, True), connection) for obj in objs for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
    for obj in objs:
        obj._state.adding, obj._state.db = False, connection.alias


@functools.cache
def _update_sql(vendor: str, model: type[Model], names: tuple[str, ...]) -> tuple[str, tuple[Any, ...]]:
    fields = tuple(model._meta.get_field(name) for name in names)
    q = connection.ops.quote_name
    assignments = ", ".join(f"{q(field.column)} = %s" for field in fields)
    sql = f"UPDATE {q(model._meta.db_table)} SET {assignments} WHERE {q(model._meta.pk.column)} = %s"  # noqa: S608
    return sql, fields


def update(obj: Model, names: Sequence[str]) -> None:
    """``obj.save(update_fields=names)`` in one statement built once: refused, as ``save`` refuses
    it, when the row is gone."""
    sql, fields = _update_sql(connection.vendor, type(obj), tuple(names))
    params = [field.get_db_prep_save(field.pre_save(obj, False), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, obj.pk])
        if cursor.rowcount != 1:
            raise DatabaseError("Save with update_fields did not affect any rows.")
