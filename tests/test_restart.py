"""Stopping a server process as an orchestrator does (SIGTERM): its sockets are closed with 1012
("service restart"), on which the tablets' websocket extension reconnects at once (within a second,
static/vendor/htmx-ext-ws), and the process ends cleanly."""

import os
import signal
import subprocess
import sys

import pytest
import websockets.sync.client
from django.conf import settings
from django.db import connection
from django.test import Client
from websockets.exceptions import ConnectionClosed

from tests.reliability.stack import free_port, wait_for_port

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_sigterm_closes_the_sockets_with_service_restart_and_the_process_ends(cast, tmp_path):
    client = Client()
    client.force_login(cast["floor"])
    port = free_port()
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "PYTEST_"))}
    env.update(SECRET_KEY=settings.SECRET_KEY, DB_POOL_SIZE="2", DATABASE_URL="postgres://{USER}@{HOST}:{PORT}/{NAME}"
               .format(**{key: connection.settings_dict[key] or default for key, default in
                          (("USER", "postgres"), ("HOST", "127.0.0.1"), ("PORT", "5432"), ("NAME", ""))}))
    if settings.REDIS_URL:
        env["REDIS_URL"] = settings.REDIS_URL
    log = (tmp_path / "server.log").open("w")
    command = [sys.executable, "-m", "dealer_assist.server", "--host", "127.0.0.1", "--port", str(port)]
    server = subprocess.Popen(command, cwd=settings.BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT)
    cookie = f"sessionid={client.cookies['sessionid'].value}"
    try:
        wait_for_port(port, 60, "the server", server)
        with websockets.sync.client.connect(f"ws://127.0.0.1:{port}/ws/pit/", origin=f"http://127.0.0.1:{port}",
                                            additional_headers={"Cookie": cookie},
                                            open_timeout=30) as socket_:
            socket_.recv(timeout=30)  # the pit, sent on connecting
            server.send_signal(signal.SIGTERM)
            with pytest.raises(ConnectionClosed) as closed:
                socket_.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
        # uvicorn finishes what is in flight, then ends by the signal it was sent, as the signal's own.
        assert server.wait(15) in (0, -signal.SIGTERM)
        assert "Finished server process" in (tmp_path / "server.log").read_text()
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
        log.close()
