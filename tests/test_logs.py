"""The access log and the request id (dealer_assist.observe): one access line per request, carrying
the id that the application's own lines for that request carry too; LOG_FORMAT=json for shippers."""

import json
import logging

import pytest
from asgiref.sync import async_to_sync
from asgiref.testing import ApplicationCommunicator

from dealer_assist.asgi import application
from dealer_assist.observe import JsonFormatter, RequestIdFilter, request_id


def get(path: str, *headers: tuple[bytes, bytes]) -> dict:
    async def exchange():
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
                 "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
                 "headers": [(b"host", b"testserver"), *headers], "client": ("10.0.0.7", 40000),
                 "server": ("testserver", 80)}
        communicator = ApplicationCommunicator(application, scope)
        await communicator.send_input({"type": "http.request", "body": b""})
        start = await communicator.receive_output(15)
        await communicator.receive_output(15)
        return start

    return async_to_sync(exchange)()


@pytest.fixture
def lines(caplog):
    """The records logged, each with the request id the console's filter gives it."""
    caplog.handler.addFilter(RequestIdFilter())
    caplog.set_level(logging.INFO)
    return caplog


@pytest.mark.django_db(transaction=True)
def test_each_request_has_one_access_line_and_its_id_is_on_the_applications_lines_too(lines, settings):
    settings.ACCESS_LOG = True
    start = get("/no/such/page/")  # a 404: Django's own line for it is written while serving it
    headers = dict(start["headers"])
    rid = headers[b"x-request-id"].decode()
    assert len(rid) == 32
    access = [r for r in lines.records if r.name == "dealer_assist.access"]
    assert len(access) == 1 and access[0].getMessage().startswith("GET /no/such/page/ 404 ")
    assert access[0].getMessage().endswith(" 10.0.0.7") and access[0].request_id == rid
    [not_found] = [r for r in lines.records if r.name == "django.request"]
    assert not_found.request_id == rid  # the application's line for the same request


@pytest.mark.django_db(transaction=True)
def test_the_proxys_request_id_is_kept_and_a_strange_one_replaced(lines, settings):
    settings.ACCESS_LOG = True
    assert dict(get("/no/such/page/", (b"x-request-id", b"5f0c9a2e"))["headers"])[b"x-request-id"] == b"5f0c9a2e"
    replaced = dict(get("/no/such/page/", (b"x-request-id", b"a b\n<script>"))["headers"])[b"x-request-id"]
    assert replaced != b"a b\n<script>" and len(replaced) == 32


@pytest.mark.django_db(transaction=True)
def test_access_log_0_keeps_none(lines, settings):
    settings.ACCESS_LOG = False
    get("/no/such/page/")
    assert not [r for r in lines.records if r.name == "dealer_assist.access"]
    assert not [r for r in lines.records if r.name == "uvicorn.access"]


def test_the_json_format_writes_one_object_per_line_with_the_request_id():
    token = request_id.set("5f0c9a2e")
    try:
        record = logging.LogRecord("games.table.push", logging.ERROR, __file__, 1, "Push to %s failed", ("table-7",),
                                   None)
        RequestIdFilter().filter(record)
    finally:
        request_id.reset(token)
    line = JsonFormatter().format(record)
    assert "\n" not in line
    assert json.loads(line) | {"time": "-"} == {"time": "-", "level": "ERROR", "logger": "games.table.push",
                                                 "request_id": "5f0c9a2e", "message": "Push to table-7 failed"}


def test_uvicorns_own_lines_for_each_websocket_are_not_kept(lines):
    """uvicorn writes them on uvicorn.error whatever the access log: the access log has one per socket."""
    server = logging.getLogger("uvicorn.error")
    server.info('%s - "WebSocket %s" [accepted]', "10.0.0.7:40000", "/ws/pit/")
    server.info("connection open")
    server.info("connection rejected (%d %s)", 403, "Forbidden")
    server.info("Uvicorn running on %s", "http://127.0.0.1:8000")
    assert [r.getMessage() for r in lines.records if r.name == "uvicorn.error"] == [
        "Uvicorn running on http://127.0.0.1:8000"]
