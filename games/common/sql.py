"""SQL fragments written from the models' metadata, for correlated subqueries and the statements
written once (``games.common.rows``): a column, an ``EXISTS``, whether the user deals at a row's
table, whether a meter may feed it.
"""

from __future__ import annotations

from django.db import connection
from django.db.models import BooleanField
from django.db.models.expressions import RawSQL

from games.models import (
    DealerAssignment,
    LinkedTable,
    Meter,
)


def column_sql(model, field: str) -> str:
    """A column of ``model``'s table as SQL, for a correlated subquery of a query on that table (the
    query's main table, which Django does not alias)."""
    q = connection.ops.quote_name
    return f"{q(model._meta.db_table)}.{q(model._meta.get_field(field).column)}"


def exists_sql(model, where: dict[str, str]) -> str:
    """``EXISTS`` a row of ``model`` whose columns (by field) equal the SQL expressions given."""
    q = connection.ops.quote_name
    table = q(model._meta.db_table)
    test = " AND ".join(f"{table}.{q(model._meta.get_field(field).column)} "
                        + ("IS NULL" if value is None else f"= {value}") for field, value in where.items())
    return f"EXISTS (SELECT 1 FROM {table} WHERE {test})"  # noqa: S608 (the models' names; values are SQL or %s)


def assigned_sql(model, field: str) -> str:
    """Whether the user whose id is the statement's parameter is assigned to the table of the row's
    ``field`` (of ``model``, the query's main table)."""
    return exists_sql(DealerAssignment, {"dealer": "%s", "table": column_sql(model, field), "ended_at": None})


def meters_feed(model, field: str) -> RawSQL:
    """Whether a meter may feed the table of the row's ``field`` (of ``model``, the query's main
    table): it has a meter of its own or is on a link.  Read with a row the caller reads anyway, so
    that the render of a table with neither (most of a floor) reads no meter and no link.  Plain
    SQL: the ORM's EXISTS cost more CPU to build than the reads it saves."""
    table = column_sql(model, field)
    sql = f"{exists_sql(Meter, {'table': table})} OR {exists_sql(LinkedTable, {'table': table})}"
    return RawSQL(sql, (), output_field=BooleanField())  # noqa: S611 - the models' names, no input
