"""The statements of a tap, prepared on their connection (``DB_PREPARE_TAPS``).

A tap runs the same few statements every time, each a look-up or a write by key: prepared after a
few runs on a connection, PostgreSQL reuses one generic plan for them instead of planning each run,
about half of its CPU per round of taps.  Nothing else is prepared: a history search or a report
needs the plan of its own values (a generic plan made the rare searches 10-30 times slower,
benchmarks/RESULTS.md).  psycopg prepares a statement once it has run ``prepare_threshold`` times
on a connection; that threshold is set for the length of a tap only (the connection's own lets
nothing be prepared unless asked), and server-side parameters carry the values.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings
from django.db import connection

Call = TypeVar("Call", bound=Callable[..., Any])


def in_taps(service: Call) -> Call:
    """Run ``service`` (a tap's transaction) with its statements prepared after
    ``DB_PREPARE_TAPS`` runs on the connection."""

    @functools.wraps(service)
    def tap(*args: Any, **kwargs: Any) -> Any:
        threshold = settings.DB_PREPARE_TAPS
        if not threshold or connection.vendor != "postgresql":
            return service(*args, **kwargs)
        connection.ensure_connection()
        psycopg_connection = connection.connection
        kept = psycopg_connection.prepare_threshold
        psycopg_connection.prepare_threshold = threshold
        try:
            return service(*args, **kwargs)
        finally:
            psycopg_connection.prepare_threshold = kept

    return tap  # type: ignore[return-value]
