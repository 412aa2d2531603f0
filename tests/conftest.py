"""Shared test setup.

Services
--------
A test that needs a real service says so with a marker (declared in pyproject.toml):

    @pytest.mark.postgres   the configured database is PostgreSQL (DATABASE_URL=postgres://...)
    @pytest.mark.redis      REDIS_URL is set, the channel layer is Redis, and Redis answers PING
    @pytest.mark.browser    Debian's chromium is at CHROMIUM_PATH (/usr/bin/chromium unless set)

``pytest_runtest_setup`` below checks the service before such a test runs. If it is missing,
the test is skipped with the reason, so that ``scripts/test`` works on the embedded default;
but when DEALER_ASSIST_REQUIRE_SERVICES=1 (``.ci/run`` sets it) the test fails instead: in CI
these are the tests that matter, and they must never disappear quietly.
"""

import functools
import os

import pytest

# ---------------------------------------------------------------------------------------------
# Services (infrastructure; keep this section first)
# ---------------------------------------------------------------------------------------------

REQUIRE_SERVICES = os.environ.get("DEALER_ASSIST_REQUIRE_SERVICES", "") == "1"
CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


@functools.cache
def _postgres_problem() -> str | None:
    from django.db import connections

    vendor = connections["default"].vendor
    if vendor != "postgresql":
        return f"needs PostgreSQL, but the database is {vendor} (set DATABASE_URL=postgres://...)"
    return None


@functools.cache
def _redis_problem() -> str | None:
    from django.conf import settings

    url = os.environ.get("REDIS_URL", "")
    if not url:
        return "needs Redis (set REDIS_URL=redis://127.0.0.1:6379/0)"
    backend = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    if not backend.startswith("channels_redis."):
        return f"needs the Redis channel layer, but CHANNEL_LAYERS uses {backend}"
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2).ping()
    except redis.RedisError as exc:
        return f"needs Redis, but REDIS_URL does not answer: {exc}"
    return None


@functools.cache
def _browser_problem() -> str | None:
    if not os.access(CHROMIUM_PATH, os.X_OK):
        return f"needs chromium at {CHROMIUM_PATH} (scripts/bootstrap installs Debian's chromium as root)"
    return None


_SERVICE_PROBES = {"postgres": _postgres_problem, "redis": _redis_problem, "browser": _browser_problem}


@pytest.hookimpl(tryfirst=True)  # before fixtures set up databases or browsers for nothing
def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker, probe in _SERVICE_PROBES.items():
        if item.get_closest_marker(marker) is None:
            continue
        problem = probe()
        if problem is None:
            continue
        if REQUIRE_SERVICES:
            pytest.fail(f"[{marker}] {problem} — required because DEALER_ASSIST_REQUIRE_SERVICES=1", pytrace=False)
        pytest.skip(f"[{marker}] {problem}")


# ---------------------------------------------------------------------------------------------
# Fixtures (the app's shared cast and helpers go below)
# ---------------------------------------------------------------------------------------------
