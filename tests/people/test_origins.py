"""The websocket Origin check compares the full origin: scheme, host and port."""

import json

import pytest
from channels.testing import WebsocketCommunicator

from dealer_assist.asgi import application
from games.people.origins import origin_allowed
from tests.people.test_socket_rights import logged_in_client


@pytest.mark.parametrize("origin, host, scheme, allowed", [
    ("http://testserver", "testserver", "ws", True),
    ("https://testserver", "testserver", "wss", True),
    ("http://TESTSERVER", "testserver", "ws", True),
    ("https://testserver", "testserver", "ws", False),  # the page was https, the socket is not
    ("http://testserver", "testserver", "wss", False),
    ("http://testserver:8080", "testserver", "ws", False),  # another port is another origin
    ("http://testserver:80", "testserver", "ws", True),  # the default port, written out
    ("http://localhost:9999", "localhost:8000", "ws", False),
    ("http://localhost:8000", "localhost:8000", "ws", True),
    ("http://evil.example", "evil.example", "ws", False),  # its own origin, but not an allowed host
    ("http://evil.example", "testserver", "ws", False),
    ("http://127.0.0.1:8000", "internal-name:8000", "ws", True),  # listed in CSRF_TRUSTED_ORIGINS
    ("https://127.0.0.1:8000", "internal-name:8000", "wss", False),
    ("", "testserver", "ws", False),
    ("null", "testserver", "ws", False),
    ("http://testserver/path", "testserver", "ws", False),
    ("javascript://testserver", "testserver", "ws", False),
])
def test_an_origin_is_compared_whole(origin, host, scheme, allowed, settings):
    settings.ALLOWED_HOSTS = ["testserver", "localhost"]
    settings.CSRF_TRUSTED_ORIGINS = ["http://127.0.0.1:8000"]
    assert origin_allowed(origin, host, scheme) is allowed


@pytest.mark.parametrize("origin, allowed", [
    ("https://pit.casino.example", True), ("https://casino.example", False), ("http://pit.casino.example", False),
    ("https://pit.casino.example:8443", False), ("https://pitcasino.example", False),
])
def test_a_trusted_origin_may_name_every_subdomain(origin, allowed, settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://*.casino.example"]
    assert origin_allowed(origin, "backend:8000", "wss") is allowed


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("origin, connects", [(b"http://testserver", True), (b"http://testserver:8001", False),
                                              (b"https://testserver", False)])
async def test_a_socket_from_another_origin_is_refused_and_logged(cast, table, caplog, origin, connects):
    client = await logged_in_client(cast["dealer"])
    headers = [(b"origin", origin), (b"host", b"testserver"),
               (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())]
    communicator = WebsocketCommunicator(application, f"/ws/tables/{table.id}/", headers=headers)
    connected, _ = await communicator.connect()
    assert connected is connects
    refusals = [json.loads(r.getMessage()) for r in caplog.records if r.name == "dealer_assist.security"]
    assert [r["origin"] for r in refusals if r["event"] == "origin_refused"] == ([] if connects else [origin.decode()])
    await communicator.disconnect()
