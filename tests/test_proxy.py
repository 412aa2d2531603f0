"""Debian's nginx with the shipped deploy/nginx.conf in front of the server, as behind the load
balancer that terminates TLS: a request the terminator says came over HTTPS is served (not sent to
HTTPS again), a client's own X-Forwarded-For never chooses its address, and websockets pass."""

import http.client
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
import websockets.sync.client
from django.conf import settings
from django.db import connection
from django.test import Client

from tests.reliability.stack import free_port, nginx_process, wait_for_port

pytestmark = [pytest.mark.nginx, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

TERMINATOR = "127.0.0.1"  # the TLS terminator's address, as the proxy is told it
ELSEWHERE = "127.0.0.2"  # any other peer: a client that reaches the proxy directly
HOST = "tables.example.com"


@pytest.fixture
def stack(tmp_path):
    """The server (production settings, believing forwarded headers from the proxy alone) and nginx
    in front of it with deploy/nginx.conf, its variables filled in as nginx's image does."""
    server_port, proxy_port = free_port(), free_port()
    server_log = tmp_path / "server.log"
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "PYTEST_"))}
    # The test's own key: the session it signs in with is checked against it.
    env.update(DEBUG="0", SECRET_KEY=settings.SECRET_KEY, ALLOWED_HOSTS=f"{HOST},127.0.0.1",
               CSRF_TRUSTED_ORIGINS=f"https://{HOST}", SECURE_SSL_REDIRECT="1", SECURE_COOKIES="1",
               SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto", DB_POOL_SIZE="2", ACCESS_LOG="1",
               DATABASE_URL="postgres://{USER}@{HOST}:{PORT}/{NAME}".format(**{
                   key: connection.settings_dict[key] or default
                   for key, default in (("USER", "postgres"), ("HOST", "127.0.0.1"), ("PORT", "5432"), ("NAME", ""))}))
    if settings.REDIS_URL:
        env["REDIS_URL"] = settings.REDIS_URL  # the sessions' cache the test signs in through
    with server_log.open("w") as log:
        server = subprocess.Popen([sys.executable, "-m", "dealer_assist.server", "--host", "127.0.0.1",
                                   "--port", str(server_port), "--proxy-headers", "--forwarded-allow-ips", "127.0.0.1"],
                                  cwd=settings.BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT)
    proxy = nginx_process(tmp_path / "nginx", proxy_port, [server_port], TERMINATOR)
    try:
        wait_for_port(server_port, 60, "the server", server)
        wait_for_port(proxy_port, 10, "nginx", proxy)
        yield proxy_port, server_log
    finally:
        for process in (proxy, server):
            process.terminate()
            process.wait(30)


@pytest.fixture
def floorperson(cast, table) -> tuple[str, str]:
    """A table's fragment (a page served with no static file, none being collected here), and the
    session cookie of a floorperson signed in to read it."""
    client = Client()
    client.force_login(cast["floor"])
    return f"/tables/{table.id}/state/", f"sessionid={client.cookies['sessionid'].value}"


def get(port: int, path: str, source: str, **headers: str) -> http.client.HTTPResponse:
    request = http.client.HTTPConnection("127.0.0.1", port, source_address=(source, 0), timeout=30)
    request.request("GET", path, headers={"Host": HOST, **headers})
    response = request.getresponse()
    response.read()
    request.close()
    return response


def access_line(log: Path, request_id: str) -> str:
    """The server's access line for the request of that id (nginx's $request_id, passed on)."""
    for _ in range(50):
        lines = [line for line in log.read_text().splitlines() if "dealer_assist.access" in line and request_id in line]
        if lines:
            return lines[0]
        time.sleep(0.1)
    raise AssertionError(f"no access line for {request_id}:\n{log.read_text()}")


def test_a_request_the_terminator_says_came_over_https_is_served_from_the_clients_address(stack, floorperson):
    port, log = stack
    path, cookie = floorperson
    # The client wrote an X-Forwarded-For of its own; the terminator added the address it saw.
    response = get(port, path, TERMINATOR, Cookie=cookie, **{"X-Forwarded-Proto": "https",
                                                             "X-Forwarded-For": "6.6.6.6, 10.20.30.40"})
    assert response.status == 200, log.read_text()
    request_id = response.getheader("X-Request-ID")
    assert re.fullmatch(r"[0-9a-f]{32}", request_id)  # nginx's, on the server's line too
    line = access_line(log, request_id)
    assert line.endswith(" 10.20.30.40") and "6.6.6.6" not in line


@pytest.mark.parametrize("proto", ["http", ""])
def test_what_the_terminator_says_came_over_plain_http_is_redirected(stack, floorperson, proto):
    port, _ = stack
    path, cookie = floorperson
    headers = {"X-Forwarded-Proto": proto} if proto else {}
    response = get(port, path, TERMINATOR, Cookie=cookie, **headers)
    assert response.status == 301 and response.getheader("Location") == f"https://{HOST}{path}"


def test_a_client_that_is_not_the_terminator_chooses_neither_its_address_nor_its_scheme(stack, floorperson):
    port, log = stack
    path, cookie = floorperson
    response = get(port, path, ELSEWHERE, Cookie=cookie, **{"X-Forwarded-Proto": "https",
                                                            "X-Forwarded-For": "10.20.30.40",
                                                            "X-Request-ID": "chosen-by-the-client"})
    assert response.status == 301  # its "https" is not believed: plain HTTP, sent to HTTPS
    request_id = response.getheader("X-Request-ID")
    assert request_id != "chosen-by-the-client"
    line = access_line(log, request_id)
    assert line.endswith(f" {ELSEWHERE}") and "10.20.30.40" not in line


def test_a_tablets_websocket_passes_through_the_proxy(stack, floorperson):
    port, log = stack
    _, cookie = floorperson
    with websockets.sync.client.connect(f"ws://127.0.0.1:{port}/ws/pit/", origin=f"https://{HOST}",
                                        additional_headers={"Cookie": cookie, "X-Forwarded-Proto": "https",
                                                            "X-Forwarded-For": "10.20.30.41"},
                                        open_timeout=30) as socket_:
        first = socket_.recv(timeout=30)  # the pit as it is, sent on connecting
        assert "pit" in first.lower()
    line = access_line(log, "WS /ws/pit/")
    assert line.endswith(" 10.20.30.41")
