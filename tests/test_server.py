"""The server process: uvicorn with the project's settings (``python -m dealer_assist.server``), and
the lifespan's startup, which builds each game's closing statements before the process serves, so
that no close of a running floor builds them while other taps wait."""

import os
import re
import subprocess
import sys

import pytest
from asgiref.sync import async_to_sync
from asgiref.testing import ApplicationCommunicator
from django.conf import settings
from django.db import OperationalError

from dealer_assist import server
from dealer_assist.asgi import application
from games.engine.registry import GAMES
from games.floor import services as floor_services
from games.models import Round
from games.reports import cells as report_figures
from games.table import services
from tests.conftest import OPENING, REST_OF_ROUND, play


@pytest.fixture
def uvicorn_runs(monkeypatch):
    """What uvicorn's command line would run, recorded instead of run."""
    runs = []
    monkeypatch.setattr(sys.modules["uvicorn.main"], "run", lambda app, **options: runs.append((app, options)))
    return runs


def test_the_server_is_uvicorn_with_the_projects_settings(uvicorn_runs):
    with pytest.raises(SystemExit) as ended:  # click's way of returning
        server.main(["--host", "127.0.0.1", "--port", "8123"])
    assert ended.value.code == 0
    [(app, options)] = uvicorn_runs
    assert app == "dealer_assist.asgi:application"
    assert (options["host"], options["port"]) == ("127.0.0.1", 8123)
    assert options["loop"] == "uvloop" and options["http"] == "httptools"
    assert options["ws"] == "dealer_assist.websocket:WebSocketProtocol"
    assert options["ws_max_size"] == 1024 * 1024 and options["ws_per_message_deflate"] is False
    assert options["lifespan"] == "on"  # a startup that fails stops the process instead of serving
    assert options["proxy_headers"] is False  # no forwarded address is believed unless asked for
    assert options["access_log"] is False and options["server_header"] is False


def test_an_option_on_the_command_line_overrides_the_projects_setting(uvicorn_runs):
    with pytest.raises(SystemExit):
        server.main(["--proxy-headers", "--forwarded-allow-ips", "*", "--ws-max-size", "4096"])
    [(_, options)] = uvicorn_runs
    assert options["proxy_headers"] is True and options["forwarded_allow_ips"] == "*"
    assert options["ws_max_size"] == 4096
    assert options["ws"] == "dealer_assist.websocket:WebSocketProtocol"  # the others keep the project's


def lifespan(*events: str) -> list[dict]:
    """What the application answers to each lifespan event ("startup", "shutdown"), as uvicorn sends
    them before it listens and when it stops; after a failed startup the application has returned."""

    async def exchange():
        communicator = ApplicationCommunicator(application, {"type": "lifespan",
                                                             "asgi": {"version": "3.0", "spec_version": "2.0"}})
        answers = []
        for event in events:
            await communicator.send_input({"type": f"lifespan.{event}"})
            answers.append(await communicator.receive_output(30))
        await communicator.wait(5)  # the application returned
        return answers

    return async_to_sync(exchange)()


READY = {"type": "lifespan.startup.complete"}
STOPPED = {"type": "lifespan.shutdown.complete"}


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)  # the statements are built on a connection of another thread
def test_the_startup_builds_every_games_statements_and_a_close_reuses_them(cast, table):
    report_figures._round_statements.cache_clear()
    assert lifespan("startup", "shutdown") == [READY, STOPPED]
    assert report_figures._round_statements.cache_info().currsize == len(GAMES)
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)
    floor_services.approval_decide(approval_id=rnd.approvals.get().id, user=cast["floor"], approve=True)
    rnd.refresh_from_db()
    built = report_figures._round_statements.cache_info().misses
    services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[{"type": "close", "step": "close"}],
                       expected_seq=rnd.seq)
    assert Round.objects.get(pk=rnd.pk).status == "closed"
    assert report_figures._round_statements.cache_info().misses == built  # the close built nothing


@pytest.mark.django_db(transaction=True)
def test_a_database_out_of_reach_at_start_leaves_the_statements_to_the_first_close(monkeypatch, caplog):
    def unreachable():
        raise OperationalError('connection to server at "127.0.0.1", port 5432 failed: Connection refused')

    monkeypatch.setattr(report_figures, "build_closing_statements", unreachable)
    assert lifespan("startup", "shutdown") == [READY, STOPPED]  # the process still serves
    [warning] = [r for r in caplog.records if r.name == "dealer_assist.server" and r.levelname == "WARNING"]
    assert "could not be reached at start" in warning.getMessage() and "Connection refused" in warning.getMessage()


@pytest.mark.django_db(transaction=True)
def test_where_no_figures_are_stored_nothing_is_built(monkeypatch):
    monkeypatch.setattr(report_figures, "enabled", lambda: False)  # SQLite's reports sum the lines
    report_figures._round_statements.cache_clear()
    assert lifespan("startup", "shutdown") == [READY, STOPPED]
    assert report_figures._round_statements.cache_info().currsize == 0


@pytest.mark.django_db(transaction=True)
def test_a_startup_that_fails_otherwise_says_why_and_the_process_does_not_serve(monkeypatch, caplog):
    def broken():
        raise RuntimeError("a game's statements could not be composed")

    monkeypatch.setattr(report_figures, "build_closing_statements", broken)
    [said] = lifespan("startup")
    assert said["type"] == "lifespan.startup.failed"  # uvicorn, with lifespan "on", then exits
    assert "could not be composed" in said["message"]
    assert any(r.name == "dealer_assist.server" and r.exc_info for r in caplog.records)  # with its traceback


def test_the_servers_own_lines_are_in_the_applications_format():
    """One log, one format: uvicorn's command line gives its loggers handlers of its own before it
    loads the application; the project's logging settings take them off, so that "Uvicorn running
    on ..." is written like every other line, not as uvicorn's "INFO:     ..."."""
    env = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
    # No database to reach (port 1 refuses at once, with no pool waiting): the process warns and serves.
    env.update(DATABASE_URL="postgres://nobody@127.0.0.1:1/none", DB_POOL_SIZE="0")
    process = subprocess.Popen([sys.executable, "-m", "dealer_assist.server", "--host", "127.0.0.1", "--port", "0"],
                               cwd=settings.BASE_DIR, env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                               text=True)
    lines = []
    try:
        for line in process.stderr:  # until it listens; a process that ends first ends the loop
            lines.append(line.rstrip("\n"))
            if "Uvicorn running on" in line:
                break
    finally:
        process.terminate()
        process.wait(30)
    running = [line for line in lines if "Uvicorn running on" in line]
    assert running, f"the server never said it was running: {lines}"
    application_format = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} (INFO|WARNING) [\w.]+ \[-\]: ")
    assert re.match(application_format.pattern + r"Uvicorn running on http://127\.0\.0\.1:\d+", running[0])
    # Every line is in that format, or continues the one before (the warning's second line).
    assert all(application_format.match(line) or line[:1].isspace() for line in lines), lines
