"""Database connections come from the pool: many requests, a handful of connections."""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import HttpCommunicator
from django.conf import settings
from django.db import connection

from dealer_assist.asgi import application
from tests.table.test_table_consumer import session_cookie

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def backends() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")
        return cursor.fetchone()[0]


async def test_requests_take_their_connection_from_the_pool(cast, table):
    """Through the ASGI application, as the server runs it: each request on a thread of its own,
    and Django closing (with a pool: handing back) its connection when the request finishes."""
    pool = connection.pool
    assert pool is not None, "DB_POOL_SIZE is 0: the pool is off"
    cookie = await session_cookie(cast["dealer"])
    start, opened = await sync_to_async(backends)(), pool.get_stats().get("connections_num", 0)
    requested = pool.get_stats().get("requests_num", 0)
    for _ in range(40):
        request = HttpCommunicator(application, "GET", f"/tables/{table.id}/state/",
                                   headers=[(b"host", b"testserver"), (b"cookie", cookie)])
        assert (await request.get_response())["status"] == 200
        await request.wait(5)  # as the server does: the application finishes (and closes its connection)
    stats = pool.get_stats()
    assert stats["requests_num"] - requested >= 40  # each request asked the pool for a connection...
    assert stats.get("connections_num", 0) - opened <= settings.DB_POOL_SIZE  # ...which did not open one each
    assert await sync_to_async(backends)() <= start + settings.DB_POOL_SIZE  # and PostgreSQL's count stays flat
    await sync_to_async(lambda: connection.close())()  # this test's own, so that the test database can be dropped


@pytest.fixture
def fixtures_backend(cast, table) -> int:
    """The backend of the connection the fixtures use (and tear down with)."""
    connection.ensure_connection()
    return connection.connection.info.backend_pid


async def test_a_connection_postgresql_dropped_is_replaced_not_served(cast, table, fixtures_backend):
    cookie = await session_cookie(cast["dealer"])

    async def get() -> int:
        request = HttpCommunicator(application, "GET", f"/tables/{table.id}/state/",
                                   headers=[(b"host", b"testserver"), (b"cookie", cookie)])
        status = (await request.get_response())["status"]
        await request.wait(5)
        return status

    assert await get() == 200

    def drop_the_others():
        with connection.cursor() as cursor:  # as a PostgreSQL restart does to the pooled connections
            cursor.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                           "WHERE datname = current_database() AND pid NOT IN (pg_backend_pid(), %s)",
                           [fixtures_backend])
            return cursor.fetchone()[0]

    assert await sync_to_async(drop_the_others)() >= 1
    assert [await get() for _ in range(3)] == [200, 200, 200]
    await sync_to_async(lambda: connection.close())()


def test_a_pool_refuses_persistent_connections(monkeypatch):
    import importlib

    from django.core.exceptions import ImproperlyConfigured

    import dealer_assist.settings as project_settings

    monkeypatch.setenv("DB_CONN_MAX_AGE", "60")
    monkeypatch.setenv("DB_POOL_SIZE", "5")
    try:
        with pytest.raises(ImproperlyConfigured, match="DB_CONN_MAX_AGE must be 0"):
            importlib.reload(project_settings)
    finally:
        monkeypatch.undo()
        importlib.reload(project_settings)


def test_only_what_asks_is_prepared_unless_a_threshold_is_set(monkeypatch):
    """By default a connection prepares only what asks to be (a tap's statements, the close's report
    figures), with server-side parameters; without the taps' (DB_PREPARE_TAPS=0) parameters are
    bound client-side; DB_PREPARE_THRESHOLD prepares every statement run that often; with
    DB_PREPARE_CLOSE=0 as well (and no threshold), nothing is prepared."""
    import importlib

    import dealer_assist.settings as project_settings

    def options() -> dict:
        return importlib.reload(project_settings).DATABASES["default"].get("OPTIONS", {})

    try:
        for name in ("DB_PREPARE_THRESHOLD", "DB_PREPARE_TAPS", "DB_PREPARE_CLOSE"):
            monkeypatch.delenv(name, raising=False)
        assert (options()["prepare_threshold"], options()["server_side_binding"]) == (
            project_settings.PREPARE_ONLY_WHEN_ASKED, True)
        monkeypatch.setenv("DB_PREPARE_THRESHOLD", "5")
        assert (options()["prepare_threshold"], options()["server_side_binding"]) == (5, True)
        monkeypatch.setenv("DB_PREPARE_THRESHOLD", "0")
        monkeypatch.setenv("DB_PREPARE_TAPS", "0")
        assert (options()["prepare_threshold"], options().get("server_side_binding")) == (
            project_settings.PREPARE_ONLY_WHEN_ASKED, None)
        monkeypatch.setenv("DB_PREPARE_CLOSE", "0")
        assert "prepare_threshold" not in options()
    finally:
        monkeypatch.undo()
        importlib.reload(project_settings)


@pytest.mark.django_db
def test_with_a_threshold_a_statement_run_often_is_prepared_and_its_plan_reused():
    """DB_PREPARE_THRESHOLD=5: once a statement has run five times on a connection, the next run
    prepares it there, and PostgreSQL plans it once."""
    from django.db import connections

    options = {key: value for key, value in connection.settings_dict["OPTIONS"].items() if key != "pool"}
    prepared_db = type(connections[connection.alias])(
        {**connection.settings_dict, "OPTIONS": {**options, "server_side_binding": True, "prepare_threshold": 5}},
        alias=connection.alias)  # a connection of its own, with these options
    try:
        with prepared_db.cursor() as cursor:
            def lookup(n: int) -> list[str]:
                cursor.execute("SELECT %s::integer + 1 AS next_one", [n])
                assert cursor.fetchone() == (n + 1,)
                cursor.execute("SELECT statement FROM pg_prepared_statements")
                return [row[0] for row in cursor.fetchall() if "next_one" in row[0]]

            assert [lookup(n) for n in range(5)] == [[]] * 5
            assert lookup(5) == ["SELECT $1::integer + 1 AS next_one"]
    finally:
        prepared_db.close()


@pytest.mark.django_db
def test_a_taps_statements_are_prepared_and_a_search_run_as_often_is_not(cast, table):
    """DB_PREPARE_TAPS (5 by default): a statement a tap has run five times on a connection is
    prepared there (PostgreSQL reuses its plan); one run as often outside a tap, as a history
    search is, is not: it is planned for its own values every time."""
    from django.db.models import Count

    from games.models import Round
    from games.table import services
    from tests.conftest import OPENING, play

    assert settings.DB_PREPARE_TAPS == 5

    def prepared() -> list[str]:
        with connection.cursor() as cursor:
            cursor.execute("SELECT statement FROM pg_prepared_statements")
            return [row[0] for row in cursor.fetchall()]

    for _ in range(7):  # outside a tap, before the table's first round
        assert Round.objects.filter(table=table, seq__gte=0).aggregate(n=Count("id"))["n"] == 0
    play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING)
    statements = prepared()
    assert sum('INSERT INTO "games_roundevent"' in statement for statement in statements) == 1
    assert not any("COUNT(" in statement for statement in statements)
    assert connection.connection.prepare_threshold == settings.PREPARE_ONLY_WHEN_ASKED  # set back after each tap
