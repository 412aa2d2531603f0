"""Each request's id, its access-log line, and the server's counts of sockets and errors (ASGI).

Every HTTP request and websocket gets an id: the proxy's ``X-Request-ID`` (deploy/nginx.conf sets
it to nginx's own ``$request_id``, overwriting the client's) when it is a plain token, else one made
here.  It is on the request's access-log line, on every line the application logs while serving it
(``RequestIdFilter``, in LOGGING), and on the response (``X-Request-ID``), so a line in nginx's log,
a tablet's error and the server's lines meet.

The access log (logger ``dealer_assist.access``, ``ACCESS_LOG=1`` by default): one line per HTTP
request when its response is sent (method, path, status, milliseconds, client address, request id),
and one per websocket when it ends (its path, close code and how long it was open).  uvicorn's own
access log is never kept, nor its lines for each websocket (``NoServerAccessLines``): these lines
are in the application's format, with the id.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import secrets
import time

from django.conf import settings

from dealer_assist.metrics import ERRORS, OPEN_SOCKETS

access_logger = logging.getLogger("dealer_assist.access")

request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
_PLAIN = re.compile(r"[A-Za-z0-9._-]{1,64}")


class RequestIdFilter(logging.Filter):
    """Gives every log record the id of the request being served (``-`` outside any)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        return True


def _header(scope, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key == name:
            return value.decode("latin-1")
    return ""


def _screen(path: str) -> str:
    return "table" if path.startswith("/ws/tables/") else "pit" if path.startswith("/ws/pit/") else "other"


def _client(scope) -> str:
    client = scope.get("client")
    return client[0] if client else "-"


class Observed:
    """ASGI: sets the request's id and counts; writes the access line (when ``ACCESS_LOG`` is on)."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.application(scope, receive, send)
        sent = _header(scope, b"x-request-id")
        rid = sent if _PLAIN.fullmatch(sent) else secrets.token_hex(16)
        token = request_id.set(rid)
        try:
            if scope["type"] == "http":
                await self._http(scope, receive, send, rid)
            else:
                await self._websocket(scope, receive, send)
        finally:
            request_id.reset(token)

    async def _http(self, scope, receive, send, rid: str) -> None:
        started, status = time.perf_counter(), 0

        async def observed_send(message):
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message = {**message, "headers": [*message.get("headers", ()), (b"x-request-id", rid.encode())]}
            await send(message)

        try:
            await self.application(scope, receive, observed_send)
        except BaseException:
            status = status or 500
            raise
        finally:
            if status >= 500:
                ERRORS.labels("http").inc()
            if settings.ACCESS_LOG:
                access_logger.info("%s %s %d %.1f ms %s", scope["method"], scope["path"], status,
                                   (time.perf_counter() - started) * 1000, _client(scope))

    async def _websocket(self, scope, receive, send) -> None:
        started, opened, code = time.perf_counter(), False, None
        gauge = OPEN_SOCKETS.labels(_screen(scope["path"]))

        async def observed_send(message):
            nonlocal opened, code
            if message["type"] == "websocket.accept" and not opened:
                opened = True
                gauge.inc()
            elif message["type"] == "websocket.close" and code is None:
                code = message.get("code", 1000)
            await send(message)

        async def observed_receive():
            nonlocal code
            message = await receive()
            if message["type"] == "websocket.disconnect" and code is None:
                code = message.get("code", 1005)
            return message

        try:
            await self.application(scope, observed_receive, observed_send)
        finally:
            if opened:
                gauge.dec()
            if settings.ACCESS_LOG:
                access_logger.info("WS %s %s %.1f s %s", scope["path"], code if code is not None else "-",
                                   time.perf_counter() - started, _client(scope))


class NoServerAccessLines(logging.Filter):
    """Drops uvicorn's own lines for each websocket (accepted, open, closed, rejected), which it
    writes on ``uvicorn.error`` whatever the access log: the access log has one line per socket."""

    SOCKET_LINES = ('%s - "WebSocket %s"', "connection open", "connection closed", "connection rejected")

    def filter(self, record: logging.LogRecord) -> bool:
        return not (isinstance(record.msg, str) and record.msg.startswith(self.SOCKET_LINES))


class JsonFormatter(logging.Formatter):
    """One JSON object per line (``LOG_FORMAT=json``), for a log shipper: time, level, logger,
    request id and message, and the traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line = {"time": self.formatTime(record), "level": record.levelname, "logger": record.name,
                "request_id": getattr(record, "request_id", "-"), "message": record.getMessage()}
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)
