"""What a load balancer, an orchestrator and Prometheus ask a server process, answered before Django.

    GET /healthz   200 "ok": the process answers (liveness); nothing else is looked at.
    GET /readyz    200 "ok" when PostgreSQL and Redis answer and every migration is applied,
                   else 503 "not ready" (readiness); why is logged, never told to the caller.
    GET /metrics   Prometheus's text format (dealer_assist.metrics), to a caller that sends
                   ``Authorization: Bearer <METRICS_TOKEN>``; 404 when no token is set.

They are answered here, ahead of Django's middleware: a probe comes to the process's own address
over plain HTTP, with a Host no ``ALLOWED_HOSTS`` names and no ``X-Forwarded-Proto``, and must be
neither refused nor redirected to HTTPS; and it costs no session, no middleware, no template.
"""

import asyncio
import hmac
import logging
import threading
import time

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connections

logger = logging.getLogger("dealer_assist.server")

# A dependency that takes longer than this to answer is as good as down for a probe.
READY_TIMEOUT = 3.0

_migrated = threading.Event()  # once every migration is applied, they stay applied for this code
_redis = None


def _database_ready() -> str | None:
    """None when PostgreSQL (or SQLite) answers and no migration is left to apply; else why not."""
    try:
        connection = connections["default"]
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        if not _migrated.is_set():
            from django.db.migrations.executor import MigrationExecutor

            executor = MigrationExecutor(connection)
            plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
            if plan:
                return f"{len(plan)} migrations not applied (first: {plan[0][0]})"
            _migrated.set()
        return None
    except Exception as error:
        return f"database: {error}".strip()
    finally:
        connections["default"].close()  # back to the pool: the probe's thread serves nothing else


def _redis_ready() -> str | None:
    global _redis
    if not settings.REDIS_URL:
        return None  # the in-memory layer: nothing to reach
    try:
        if _redis is None:
            import redis

            _redis = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=READY_TIMEOUT,
                                          socket_connect_timeout=READY_TIMEOUT)
        _redis.ping()
        return None
    except Exception as error:
        return f"redis: {error}"


def not_ready() -> list[str]:
    """Why this process should not be sent requests now: empty when it is ready."""
    return [reason for reason in (_database_ready(), _redis_ready()) if reason]


async def _respond(send, status: int, body: bytes, content_type: bytes = b"text/plain; charset=utf-8") -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", content_type), (b"content-length", str(len(body)).encode()),
                            (b"cache-control", b"no-store")]})
    await send({"type": "http.response.body", "body": body})


async def readiness(send) -> None:
    started = time.monotonic()
    try:
        reasons = await asyncio.wait_for(sync_to_async(not_ready, thread_sensitive=False)(), READY_TIMEOUT + 1)
    except TimeoutError:
        reasons = [f"no answer within {READY_TIMEOUT + 1:.0f} s"]
    if reasons:
        logger.warning("Not ready (%.0f ms): %s", (time.monotonic() - started) * 1000, "; ".join(reasons))
        await _respond(send, 503, b"not ready\n")
    else:
        await _respond(send, 200, b"ok\n")


def _authorized(scope) -> bool:
    token = settings.METRICS_TOKEN
    if not token:
        return False
    sent = dict(scope["headers"]).get(b"authorization", b"")
    return hmac.compare_digest(sent, b"Bearer " + token.encode())


async def metrics(scope, send) -> None:
    from dealer_assist import metrics as exported

    if not settings.METRICS_TOKEN:
        await _respond(send, 404, b"not found\n")  # off: as if there were no such page
    elif not _authorized(scope):
        await _respond(send, 401, b"unauthorized\n")
    else:
        body, content_type = await sync_to_async(exported.exposition, thread_sensitive=False)()
        await _respond(send, 200, body, content_type.encode())


class Probes:
    """ASGI: answers the probes' paths itself (GET and HEAD alike) and passes everything else on."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            path = scope["path"]
            if path == "/healthz":
                return await _respond(send, 200, b"ok\n")
            if path == "/readyz":
                return await readiness(send)
            if path == "/metrics":
                return await metrics(scope, send)
        return await self.application(scope, receive, send)
