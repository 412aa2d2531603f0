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
import shutil
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest

# ---------------------------------------------------------------------------------------------
# Services (infrastructure; keep this section first)
# ---------------------------------------------------------------------------------------------

REQUIRE_SERVICES = os.environ.get("DEALER_ASSIST_REQUIRE_SERVICES", "") == "1"
CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def _worker_redis_url(url: str, worker: int) -> str:
    """REDIS_URL with its database number moved up by ``worker`` (redis://h:6379/8 -> /9 for gw1)."""
    from redis.connection import parse_url

    number = parse_url(url).get("db", 0) + worker
    parts = urlsplit(url)
    query = [(key, value) for key, value in parse_qsl(parts.query) if key != "db"]
    path = parts.path
    if parts.scheme == "unix":  # the path is the socket's: the number goes in the query
        query.append(("db", str(number)))
    else:
        path = f"/{number}"
    # Spelt out rather than urlunsplit, which writes unix:///run/redis.sock as unix:/run/redis.sock.
    return f"{parts.scheme}://{parts.netloc}{path}" + (f"?{urlencode(query)}" if query else "")


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hooks: not called when it is not loaded
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (scripts/test): two workers per core, up to 8 (more only when there are more cores).

    The suite mostly waits: on browsers, on the live server, on timers, three minutes on idle
    sockets; a worker keeps about a third of a core busy, so one per core would leave the cores
    idle.  Beyond 8 nothing is gained: the idle-socket test alone takes a worker three minutes.
    PYTEST_XDIST_AUTO_NUM_WORKERS still decides, as pytest-xdist documents.
    """
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS", "").isdigit():
        return int(os.environ["PYTEST_XDIST_AUTO_NUM_WORKERS"])
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(cores, min(2 * cores, 8))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_setupnodes(config: pytest.Config, specs: list) -> None:
    """Each worker of pytest-xdist gets a Redis database of its own: REDIS_URL's number plus the
    worker's (gw0 keeps it, gw1 the next one, ...).

    The workers share one Redis but must never see each other there: ``cache.clear()`` (in
    ``fresh_caches``) empties the whole database, and table ids, which name the channel layer's
    groups, repeat between the workers' test databases (the settings name the layer's prefix after
    the database number, so its publish/subscribe channels, which ignore the number, stay apart too).

    Set in the environment each worker starts with, so that it reads its settings with it from
    the start (pytest-django sets Django up before any conftest is imported, and ``games.push``
    opens its cache then); the browser tests' server and commands run as children inherit it.
    """
    url = os.environ.get("REDIS_URL", "")
    if not url:
        return
    for number, spec in enumerate(specs):  # gw0, gw1, ... in this order
        spec.env.setdefault("REDIS_URL", _worker_redis_url(url, number))


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
    if not backend.startswith(("channels_redis.", "games.table.channel_layer.")):
        return f"needs the Redis channel layer, but CHANNEL_LAYERS uses {backend}"
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2).ping()
    except redis.RedisError as exc:
        if "out of range" in str(exc):  # a worker's number past the server's last database
            return (f"needs Redis database {url!r} (REDIS_URL's number + the worker's), which this server "
                    f"does not have: run fewer workers, or start from a lower number")
        return f"needs Redis, but REDIS_URL does not answer: {exc}"
    return None


@functools.cache
def _browser_problem() -> str | None:
    if not os.access(CHROMIUM_PATH, os.X_OK):
        return f"needs chromium at {CHROMIUM_PATH} (scripts/bootstrap installs Debian's chromium as root)"
    return None


@functools.cache
def _nginx_problem() -> str | None:
    if not shutil.which("nginx") and not os.access("/usr/sbin/nginx", os.X_OK):
        return "needs nginx (scripts/bootstrap installs Debian's nginx as root)"
    return None


_SERVICE_PROBES = {"postgres": _postgres_problem, "redis": _redis_problem, "browser": _browser_problem,
                   "nginx": _nginx_problem}


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


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    # The cast logs in often; the production hasher is slow on purpose.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_caches():
    """Each test starts with no remembered render and no cached engine state: ids repeat
    between runs of the suite, and the Redis cache outlives a run."""
    from django.core.cache import cache

    from games.table import replay, shortcuts

    cache.clear()
    replay.forget_all()
    shortcuts.forget_all()
    yield
    replay.forget_all()
    shortcuts.forget_all()


@pytest.fixture
def renders(monkeypatch):
    """Counts the table renders (each makes every variant) and the pit renders of this process."""
    from games.table import push

    counts = {"table": 0, "pit": 0}
    render_table, render_pit = push.render_table, push.render_pit

    def counted_table(table_id, *args, **kwargs):
        counts["table"] += 1
        return render_table(table_id, *args, **kwargs)

    def counted_pit():
        counts["pit"] += 1
        return render_pit()

    monkeypatch.setattr(push, "render_table", counted_table)
    monkeypatch.setattr(push, "render_pit", counted_pit)
    return counts


@pytest.fixture
def cast(db):
    """The fixed cast: two dealers, a floorperson, a supervisor, and a stranger with no role."""
    from django.contrib.auth.models import Group, User

    from games.people.roles import ROLES

    groups = {name: Group.objects.get_or_create(name=name)[0] for name in ROLES}
    people = {}
    for username, role in [("dealer", "dealer"), ("dealer2", "dealer"), ("floor", "floorperson"),
                           ("super", "supervisor"), ("stranger", None)]:
        user = User.objects.create_user(username, password="pw")  # noqa: S106 - test accounts
        if role:
            user.groups.add(groups[role])
        people[username] = user
    return people


@pytest.fixture
def table(cast):
    """Table TH-9, where both dealers of the cast are signed in to deal."""
    from games.models import Table

    table = Table.objects.create(name="TH-9", game="texas-holdem-bonus",
                                 rules={"bonus_paytable": "A", "approval_threshold": "100.00"})
    deal_at(table, cast["dealer"], cast["dealer2"])
    return table


def deal_at(table, *dealers):
    """Sign dealers in at a table, as each would on its page ("I'm dealing this table")."""
    from django.contrib.auth.models import User

    from games.floor import services

    for dealer in dealers:
        # A fresh instance: the roles are cached on the one given, which the test may still change.
        services.dealer_sign_in(table_id=table.id, user=User.objects.get(pk=dealer.pk))


def start_round(table, dealer):
    """The dealer signs in at the table and starts a round there."""
    from games.table import services

    deal_at(table, dealer)
    return services.round_start(table_id=table.id, user=dealer)


def reseal(rnd):
    """Seal a closed round again after a test edited it to stand for an older one (a round closed
    before records were kept, an option a later engine renamed), as the migration that
    introduced the seal did for the rounds it found."""
    from games.history import chain
    from games.models import Round

    rnd.refresh_from_db()
    columns = chain.seal_round(rnd)
    Round.objects.filter(pk=rnd.pk).update(**{column: getattr(rnd, column) for column in columns})
    rnd.refresh_from_db()
    return rnd


def seal_loaded():
    """Seal every closed or void round a test wrote directly (as a data load would), as if it had
    closed through the services: its events chained, its record digested, its rows sealed; so that
    the check ``rebuild_report_figures`` runs first finds them intact."""
    from games.history import chain
    from games.models import Round, RoundEvent

    for rnd in Round.objects.exclude(status__in=["open", "cancelled"]).filter(seal_version=0):
        events = list(rnd.events.order_by("seq"))
        log_hash = chain.link(events, rnd.id, "") if events else ""
        RoundEvent.objects.bulk_update(events, ["prev_hash", "hash"])
        Round.objects.filter(pk=rnd.pk).update(seq=len(events), log_hash=log_hash,
                                               record_hash=chain.record_digest(rnd.record))
        reseal(rnd)


def tablet_action(rnd, action):
    """``action`` as a tablet sends it at the round's current prompt (``tests.engine.play.named``)."""
    from games.table import services
    from tests.engine.play import named

    return named(services.engine_round(rnd), action)


def play(rnd, user, *actions):
    """Apply actions one tap at a time through the services, as a tablet would."""
    from games.table import services

    for action in actions:
        rnd.refresh_from_db()
        services.round_act(round_id=rnd.id, user=user, actions=[tablet_action(rnd, action)], expected_seq=rnd.seq)
    rnd.refresh_from_db()
    return rnd


# The first part of a round on table "TH-9": seat 1 Ante $10 + Bonus $5, seat 3 Ante $25,
# both make the Flop Wager, up to the Turn decisions.
OPENING = [
    {"type": "place_wager", "step": "wagers", "seat": 1, "wager": "ante", "amount": "10"},
    {"type": "place_wager", "step": "wagers", "seat": 1, "wager": "bonus", "amount": "5"},
    {"type": "place_wager", "step": "wagers", "seat": 3, "wager": "ante", "amount": "25"},
    {"type": "no_more_bets", "step": "wagers"},
    {"type": "deal", "step": "deal"},
    {"type": "decide", "step": "flop_decision", "seat": 1, "choice": "flop"},
    {"type": "decide", "step": "flop_decision", "seat": 3, "choice": "flop"},
    {"type": "cards", "step": "flop", "target": "board", "cards": ["Ah", "Kd", "7c"]},
]


# The rest of that round: seat 1 makes its Turn and River Wagers and wins with ace-king against
# the dealer's queens; seat 3 checks and loses.  Its last action turns seat 1's cards.
REST_OF_ROUND = [
    {"type": "decide", "step": "turn_decision", "seat": 1, "choice": "turn"},
    {"type": "decide", "step": "turn_decision", "seat": 3, "choice": "check"},
    {"type": "cards", "step": "turn", "target": "board", "cards": ["2s"]},
    {"type": "decide", "step": "river_decision", "seat": 1, "choice": "river"},
    {"type": "decide", "step": "river_decision", "seat": 3, "choice": "check"},
    {"type": "cards", "step": "river", "target": "board", "cards": ["9s"]},
    {"type": "cards", "step": "reveal", "target": "dealer", "cards": ["Qs", "Qd"]},
    {"type": "cards", "step": "settle", "target": "seat:3", "cards": ["Ac", "As"]},
    {"type": "cards", "step": "settle", "target": "seat:1", "cards": ["Ad", "Ks"]},
]
