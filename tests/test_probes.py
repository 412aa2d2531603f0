"""/healthz, /readyz and /metrics (dealer_assist.probes): answered before Django, cheap, and telling an
anonymous caller nothing but ok or not; readiness fails as its dependencies do."""

import json
import logging
import os
import re
import subprocess
import sys

import pytest
from asgiref.sync import async_to_sync
from asgiref.testing import ApplicationCommunicator
from django.db import OperationalError, connection, connections
from django.db.migrations.recorder import MigrationRecorder
from prometheus_client.parser import text_string_to_metric_families

from dealer_assist import probes
from dealer_assist.asgi import application
from games.floor import services as floor_services
from games.models import Round
from games.table import services
from tests.conftest import OPENING, REST_OF_ROUND, play


def ask(path: str, *headers: tuple[bytes, bytes], method: str = "GET") -> tuple[int, bytes, dict]:
    """What the server answers a request for ``path``, as a load balancer sends it: to the process's
    own address (a Host no ALLOWED_HOSTS names), over plain HTTP."""

    async def exchange():
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
                 "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
                 "headers": [(b"host", b"10.1.2.3:8000"), *headers], "client": ("10.1.2.1", 40000),
                 "server": ("10.1.2.3", 8000)}
        communicator = ApplicationCommunicator(application, scope)
        await communicator.send_input({"type": "http.request", "body": b""})
        start = await communicator.receive_output(15)
        body = await communicator.receive_output(15)
        return start["status"], body.get("body", b""), dict(start["headers"])

    return async_to_sync(exchange)()


@pytest.fixture(autouse=True)
def production_redirects(settings):
    """As in production: plain HTTP redirected to HTTPS; the probes must not be."""
    settings.SECURE_SSL_REDIRECT = True
    settings.METRICS_TOKEN = ""


def test_liveness_answers_without_the_database_or_a_known_host():
    status, body, headers = ask("/healthz")
    assert (status, body) == (200, b"ok\n")
    assert headers[b"cache-control"] == b"no-store"


@pytest.mark.django_db(transaction=True)  # read on a thread of its own
def test_readiness_answers_ok_when_the_database_answers_and_every_migration_is_applied():
    probes._migrated.clear()
    assert ask("/readyz")[:2] == (200, b"ok\n")
    assert ask("/readyz", method="HEAD")[0] == 200


@pytest.mark.django_db(transaction=True)
def test_readiness_fails_while_the_database_does_not_answer_and_says_why_only_in_the_log(monkeypatch, caplog):
    def refused(*args, **kwargs):
        raise OperationalError('connection to server at "db" (10.0.0.5), port 5432 failed: Connection refused')

    monkeypatch.setattr(type(connections["default"]), "cursor", refused)  # on every thread
    status, body, _ = ask("/readyz")
    assert (status, body) == (503, b"not ready\n")  # nothing of the address or the error
    [warning] = [r for r in caplog.records if r.name == "dealer_assist.server" and r.levelname == "WARNING"]
    assert "Connection refused" in warning.getMessage()
    monkeypatch.undo()
    assert ask("/readyz")[0] == 200  # back as soon as it answers


@pytest.mark.django_db(transaction=True)
def test_readiness_fails_while_a_migration_is_not_applied():
    probes._migrated.clear()
    recorder = MigrationRecorder(connection)
    last = max(name for app, name in recorder.applied_migrations() if app == "games")
    recorder.record_unapplied("games", last)
    try:
        assert ask("/readyz")[:2] == (503, b"not ready\n")
    finally:
        recorder.record_applied("games", last)
    assert ask("/readyz")[0] == 200


@pytest.mark.django_db(transaction=True)
def test_readiness_fails_while_redis_does_not_answer(settings, monkeypatch, caplog):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1: refused at once
    monkeypatch.setattr(probes, "_redis", None)
    status, body, _ = ask("/readyz")
    assert (status, body) == (503, b"not ready\n")
    assert any("redis" in r.getMessage() for r in caplog.records if r.name == "dealer_assist.server")
    monkeypatch.setattr(probes, "_redis", None)


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_readiness_pings_the_redis_the_server_uses(settings, monkeypatch):
    monkeypatch.setattr(probes, "_redis", None)
    assert ask("/readyz")[0] == 200
    assert probes._redis is not None  # it was asked


def test_metrics_are_off_without_a_token_and_refused_without_the_right_one(settings):
    assert ask("/metrics")[0] == 404
    settings.METRICS_TOKEN = "s3cret-token"
    assert ask("/metrics")[0] == 401
    assert ask("/metrics", (b"authorization", b"Bearer wrong-token"))[0] == 401
    assert ask("/metrics", (b"authorization", b"s3cret-token"))[0] == 401  # the scheme is part of it


def scrape() -> dict[tuple[str, tuple], float]:
    """Every sample /metrics shows, by name and labels."""
    status, body, headers = ask("/metrics", (b"authorization", b"Bearer s3cret-token"))
    assert status == 200 and headers[b"content-type"].startswith(b"text/plain")
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(body.decode()) for sample in family.samples}


@pytest.mark.django_db(transaction=True)
def test_metrics_count_a_scripted_round(settings, cast, table):
    settings.METRICS_TOKEN = "s3cret-token"
    before = scrape()

    def grew(name, **labels):
        key = (name, tuple(sorted(labels.items())))
        return scrape().get(key, 0) - before.get(key, 0)

    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)
    # The 8 taps of OPENING and the 9 of REST_OF_ROUND, by the kind of their action (tests/conftest.py).
    assert grew("dealer_assist_tap_seconds_count", kind="start", outcome="done") == 1
    assert grew("dealer_assist_tap_seconds_count", kind="place_wager", outcome="done") == 3
    assert grew("dealer_assist_tap_seconds_count", kind="decide", outcome="done") == 2 + 4
    assert grew("dealer_assist_tap_seconds_count", kind="cards", outcome="done") == 1 + 5
    assert scrape()[("dealer_assist_floor_requests_waiting", ())] == 1  # seat 1's payout awaits a floorperson
    with pytest.raises(Exception, match="moved on"):  # a stale tap: refused, and counted so
        services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[{"type": "close", "step": "close"}],
                           expected_seq=rnd.seq - 1)
    assert grew("dealer_assist_tap_seconds_count", kind="close", outcome="refused") == 1

    floor_services.approval_decide(approval_id=rnd.approvals.get().id, user=cast["floor"], approve=True)
    assert scrape()[("dealer_assist_floor_requests_waiting", ())] == 0
    rnd.refresh_from_db()
    services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[{"type": "close", "step": "close"}],
                       expected_seq=rnd.seq)
    assert Round.objects.get(pk=rnd.pk).status == "closed"
    assert grew("dealer_assist_rounds_ended_total", status="closed") == 1
    assert grew("dealer_assist_tap_seconds_count", kind="close", outcome="done") == 1
    # Each tap pushed the table once (the start, 17 taps, the approval, the close), and the
    # approval's request and decision the pit (the in-memory channel layer here).
    assert grew("dealer_assist_pushes_total", screen="table") == 1 + 17 + 1 + 1
    assert grew("dealer_assist_pushes_total", screen="pit") >= 2


def test_the_error_lines_are_counted(settings):
    settings.METRICS_TOKEN = "s3cret-token"
    key = ("dealer_assist_errors_total", (("source", "log"),))
    before = scrape().get(key, 0)
    logging.getLogger("games.table.push").error("Could not render table 7 after a change")
    assert scrape()[key] == before + 1


def test_the_sample_dashboard_shows_only_metrics_the_server_exports(settings):
    settings.METRICS_TOKEN = "s3cret-token"
    dashboard = json.loads((settings.BASE_DIR / "deploy" / "grafana-dashboard.json").read_text())
    shown = {name for panel in dashboard["panels"] for target in panel["targets"]
             for name in re.findall(r"dealer_assist_\w+", target["expr"])}
    _, body, _ = ask("/metrics", (b"authorization", b"Bearer s3cret-token"))
    declared = re.findall(r"^# TYPE (dealer_assist_\w+) ", body.decode(), re.M)
    exported = {re.sub(r"_total$", "", name) for name in declared}
    assert len(shown) >= 8
    # A histogram's _count and _bucket, a counter's _total, are of the family the server declares;
    # the pool's figures are shown where there is a pool.
    families = {re.sub(r"_(count|bucket|sum|total)$", "", name) for name in shown}
    assert families <= exported | {"dealer_assist_db_pool_connections"}


def test_the_processes_of_one_server_share_their_counts(tmp_path, settings):
    """uvicorn --workers: with PROMETHEUS_MULTIPROC_DIR, a scrape of any process sums them all."""
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "dealer_assist.settings"}
    env.pop("DATABASE_URL", None)  # the scrape's database figures are not what is looked at here
    for _ in range(2):  # two processes, one push each
        subprocess.run([sys.executable, "-c", "from games.common import metrics; metrics.pushed('table')"],
                       cwd=settings.BASE_DIR, env=env, check=True, timeout=60)
    scrape = ("import django; django.setup(); from dealer_assist import metrics; "
              "print(metrics.exposition()[0].decode())")
    shown = subprocess.run([sys.executable, "-c", scrape], cwd=settings.BASE_DIR, env=env, check=True,
                           capture_output=True, text=True, timeout=60).stdout
    assert 'dealer_assist_pushes_total{screen="table"} 2.0' in shown
