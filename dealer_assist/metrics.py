"""The Prometheus metrics of a server process, served at /metrics (``dealer_assist.probes``).

What the app counts itself is in ``games.common.metrics`` (taps, rounds ended, pushes and their
lag); here, what the server sees around it: open sockets, errors, and, read when scraped, the
requests waiting for a floorperson and the database pool's use.

Several processes on one machine (uvicorn ``--workers``) share their counts through files when
``PROMETHEUS_MULTIPROC_DIR`` names an empty directory writable by them all (set before the server
starts, emptied at each start): any process then answers a scrape for all of them.  Separate
containers are scraped one by one instead, and Prometheus sums them.
"""

import logging
import os

from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, Counter, Gauge, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead

OPEN_SOCKETS = Gauge("dealer_assist_open_sockets", "Websockets open on the server, by screen (table, pit)",
                     ["screen"], multiprocess_mode="livesum")
ERRORS = Counter("dealer_assist_errors_total", "Errors: responses with a 5xx status (http), and lines logged at "
                 "ERROR or above (log)", ["source"])


def multiprocess() -> bool:
    return bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))


class ReadWhenScraped:
    """What the database and the pool say at the moment of a scrape: one count, and the pool's
    own figures (no query)."""

    def describe(self):
        return []  # registered at import, before the models can be read: nothing to read then

    def collect(self):
        from django.db import connections

        from games.models import Approval

        waiting = GaugeMetricFamily("dealer_assist_floor_requests_waiting",
                                    "Requests (approvals) waiting for a floorperson")
        try:
            waiting.add_metric([], Approval.objects.filter(status=Approval.Status.PENDING).count())
        except Exception:  # the database is away: the scrape still answers, without this figure
            logging.getLogger("dealer_assist.server").warning("Metrics: the database could not be read")
        finally:
            connections["default"].close()
        yield waiting
        pool = getattr(connections["default"], "pool", None)
        if pool is not None:
            stats = pool.get_stats()
            gauge = GaugeMetricFamily("dealer_assist_db_pool_connections", "The database pool of the process "
                                      "answering the scrape: its connections, those free, requests waiting for one",
                                      labels=["state"])
            gauge.add_metric(["open"], stats.get("pool_size", 0))
            gauge.add_metric(["free"], stats.get("pool_available", 0))
            gauge.add_metric(["waiting"], stats.get("requests_waiting", 0))
            yield gauge


_read_when_scraped = ReadWhenScraped()
REGISTRY.register(_read_when_scraped)


def exposition() -> tuple[bytes, str]:
    """The metrics in Prometheus's text format, and its content type."""
    if multiprocess():
        registry = CollectorRegistry()
        MultiProcessCollector(registry)
        registry.register(_read_when_scraped)
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST


def process_ended() -> None:
    """This process stops: its live gauges leave the shared files (the counters stay counted)."""
    if multiprocess():
        mark_process_dead(os.getpid())


class CountErrors(logging.Handler):
    """A logging handler that counts each line at ERROR or above (LOGGING in the settings)."""

    def __init__(self):
        super().__init__(level=logging.ERROR)

    def emit(self, record: logging.LogRecord) -> None:
        ERRORS.labels("log").inc()
