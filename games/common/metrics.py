"""What the app counts for the operations team's Prometheus (exported by ``dealer_assist.metrics``).

Counted where it happens, in this process's memory (or, with ``PROMETHEUS_MULTIPROC_DIR`` set, in
files that every process of the server shares, so that one scrape sums them): each tap and how
long it took, by its kind; each round ended; each push sent and how late it reached a socket.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from prometheus_client import Counter, Histogram

from games.engine.core import Refused

Call = TypeVar("Call", bound=Callable[..., Any])

# A tap is answered in tens of milliseconds; a close, with its report figures, in a few hundred.
TAP_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
PUSH_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)

TAP_SECONDS = Histogram("dealer_assist_tap_seconds", "A tap's transaction and its push, by the kind of its first "
                        "action (start: a round opened) and its outcome (done, refused, failed)",
                        ["kind", "outcome"], buckets=TAP_BUCKETS)
ROUNDS_ENDED = Counter("dealer_assist_rounds_ended_total", "Rounds a tap ended, by how (closed, void, cancelled): "
                       "rate() * 60 is the floor's rounds per minute", ["status"])
PUSHES = Counter("dealer_assist_pushes_total", "Renders published to the tablets, by screen (table, pit)",
                 ["screen"])
PUSH_LAG_SECONDS = Histogram("dealer_assist_push_lag_seconds", "From a render's start to its sending on a "
                             "socket of this process, by screen", ["screen"], buckets=PUSH_BUCKETS)

_in_tap = threading.local()


def _kind(service: Callable, kwargs: dict[str, Any]) -> str:
    actions = kwargs.get("actions") or kwargs.get("first")
    if service.__name__ == "round_start" and not kwargs.get("first"):
        return "start"
    try:
        return str(actions[0]["type"])[:40]
    except (TypeError, KeyError, IndexError):
        return "unknown"


def tap(service: Call) -> Call:
    """Time ``service`` (a tap) by its kind; a tap inside another (a round opened with its first
    action) is the outer one's."""

    @functools.wraps(service)
    def timed(*args: Any, **kwargs: Any) -> Any:
        if getattr(_in_tap, "active", False):
            return service(*args, **kwargs)
        _in_tap.active = True
        started, outcome = time.perf_counter(), "failed"
        try:
            result = service(*args, **kwargs)
            outcome = "done"
            status = getattr(result, "status", "open")
            if status != "open":  # an ended round refuses every tap: this one ended it
                ROUNDS_ENDED.labels(status).inc()
            return result
        except Refused:
            outcome = "refused"
            raise
        finally:
            _in_tap.active = False
            TAP_SECONDS.labels(_kind(service, kwargs), outcome).observe(time.perf_counter() - started)

    return timed  # type: ignore[return-value]


def pushed(screen: str) -> None:
    PUSHES.labels(screen).inc()


def delivered(screen: str, stamp_ns: int) -> None:
    """A render stamped ``stamp_ns`` (``time.time_ns()`` when it started) is being sent to a socket."""
    PUSH_LAG_SECONDS.labels(screen).observe(max(0, time.time_ns() - stamp_ns) / 1e9)
