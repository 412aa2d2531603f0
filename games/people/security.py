"""Security events: one structured record per refusal, on their own logger.

Failed logins, lock-outs, role refusals, refused websocket origins and sockets closed because
their user's rights changed all go to the ``dealer_assist.security`` logger as one JSON object
per record (``{"event": ..., "user": ..., "address": ..., ...}``), so that a log collector can
alert on them without parsing prose.  The record is also attached to the log record as
``record.security`` for handlers that want the fields.
"""

from __future__ import annotations

import json
import logging
from typing import Any

logger = logging.getLogger("dealer_assist.security")


def _username(user) -> str:
    if user is None or not getattr(user, "is_authenticated", False):
        return ""
    return user.get_username()


def security_event(event: str, *, user=None, username: str = "", address: str = "", **details: Any) -> None:
    """Log one security event.  ``username`` names an account that is not (or no longer) logged in."""
    record = {"event": event, "user": username or _username(user), "address": address, **details}
    logger.warning(json.dumps(record, default=str, sort_keys=True), extra={"security": record})


class RefusalLoggedOnce(logging.Filter):
    """On ``django.request``: drops its record of a 403 whose refusal was already logged as a
    security event (``role_required`` marks the request), so each refusal is one line, not that
    line and a traceback beside it.  Every other 4xx and 5xx is kept."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        return not (getattr(record, "status_code", None) == 403 and getattr(request, LOGGED_MARK, False))


LOGGED_MARK = "_dealer_assist_refusal_logged"


def request_address(request) -> str:
    # REMOTE_ADDR is the peer; behind a proxy the server's --proxy-headers puts the client there.
    return request.META.get("REMOTE_ADDR", "") if request is not None else ""


def scope_address(scope) -> str:
    client = scope.get("client") or ("",)
    return str(client[0])
