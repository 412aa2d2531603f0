"""Dealer Assist settings: one file, read from the environment.

With no environment variables at all this is the embedded default a newcomer gets from
``scripts/run``: DEBUG on, SQLite in ``db.sqlite3``, the in-memory channel layer. Production
(``docker-compose.yml``) sets ``DEBUG=0``, ``SECRET_KEY``, ``DATABASE_URL`` and ``REDIS_URL``.
Every variable is read through the small typed helpers below, which refuse a value they do
not understand instead of guessing: a typo in a deployment should stop the server, not
quietly turn DEBUG on.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from redis.connection import parse_url as parse_redis_url

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def envstr(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def envbool(name: str, default: bool) -> bool:
    value = os.environ.get(name, "").strip().lower()
    if value == "":
        return default
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={os.environ[name]!r} is not a boolean: use 1/0, true/false, yes/no or on/off")


def envint(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if value == "":
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not an integer") from None


def envlist(name: str, default: str) -> list[str]:
    """A comma-separated list; blanks around items and empty items are dropped."""
    value = os.environ.get(name, default)
    return [item.strip() for item in value.split(",") if item.strip()]


# --- Core -------------------------------------------------------------------------------

DEBUG = envbool("DEBUG", default=True)

SECRET_KEY = envstr("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    # Only ever used with DEBUG on, on a developer's machine.
    SECRET_KEY = "dev-only-insecure-dealer-assist-secret-key-do-not-deploy"  # noqa: S105

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "localhost,127.0.0.1,testserver")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "http://127.0.0.1:8000,http://localhost:8000")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "template_partials",
    "axes",
    "games.apps.GamesConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Right after SecurityMiddleware, as WhiteNoise asks: static files skip the rest.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last but one, as django-axes asks (last of the real ones): it turns a locked-out login into
    # the lock-out page.
    "axes.middleware.AxesMiddleware",
    # Innermost and synchronous: under ASGI the whole chain then runs on the request's one thread
    # instead of hopping between the event loop and threads for each middleware (see its doc).
    "dealer_assist.middleware.SynchronousChain",
]

# A tap's POST is a few hundred bytes; Django's default (2.5 MB) would let one request carry
# megabytes into a round's permanent log.  A larger body is refused with 400 before any view runs.
DATA_UPLOAD_MAX_MEMORY_SIZE = envint("DATA_UPLOAD_MAX_MEMORY_SIZE", 64 * 1024)
# The same for the number of fields (query string and form together): a tap sends a handful, the
# largest form (a table's Rules Submission options, the admin's user page) well under 200.
DATA_UPLOAD_MAX_NUMBER_FIELDS = envint("DATA_UPLOAD_MAX_NUMBER_FIELDS", 200)

ROOT_URLCONF = "dealer_assist.urls"
ASGI_APPLICATION = "dealer_assist.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        # template_partials replaces APP_DIRS with its own (cached) loader chain at startup.
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # {% partialdef %} / {% partial %} everywhere without {% load partials %}.
            "builtins": ["template_partials.templatetags.partials"],
        },
    },
    {
        # The table's fragment alone, rendered on every tap for every tablet (games.table.jinja_env).
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates" / "jinja2"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "games.table.jinja_env.environment"},
    },
]

# --- Database ---------------------------------------------------------------------------

# DATABASE_URL (postgres://user:password@host:5432/name) selects PostgreSQL; without it, SQLite.
# On PostgreSQL each server process keeps a pool of connections (Django's native pool, over
# psycopg-pool) of at most DB_POOL_SIZE; 0 turns the pool off.  Under ASGI each request may run
# on another thread, so Django's persistent connections (CONN_MAX_AGE) do not help there and a
# pool refuses them: Django "closes" a connection after each request, and channels'
# database_sync_to_async after each call (close_old_connections), which with a pool hands it
# back instead of closing it.  Without a pool, DB_CONN_MAX_AGE keeps the old behaviour.
DATABASE_URL = envstr("DATABASE_URL")
PREPARE_ONLY_WHEN_ASKED = 2**31 - 1  # psycopg prepares a statement after this many runs, or when asked
DB_POOL_SIZE = envint("DB_POOL_SIZE", 10)
DB_CONN_MAX_AGE = envint("DB_CONN_MAX_AGE", 0)
DB_PREPARE_THRESHOLD = envint("DB_PREPARE_THRESHOLD", 0)
DB_PREPARE_CLOSE = envbool("DB_PREPARE_CLOSE", True)
DB_PREPARE_TAPS = envint("DB_PREPARE_TAPS", 5)
if DB_POOL_SIZE < 0:
    raise ImproperlyConfigured(f"DB_POOL_SIZE={DB_POOL_SIZE} must be 0 (no pool) or more")
if DATABASE_URL:
    # Health checks: a connection that PostgreSQL dropped (a restart) is replaced when it is
    # taken from the pool (or reused), instead of failing the request that gets it.
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=DB_CONN_MAX_AGE,
                                                  conn_health_checks=True)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DB_POOL_SIZE:
        if DB_CONN_MAX_AGE:
            raise ImproperlyConfigured("DB_CONN_MAX_AGE must be 0 when DB_POOL_SIZE is set: the pool keeps "
                                       "the connections (set DB_POOL_SIZE=0 to use persistent connections)")
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": min(2, DB_POOL_SIZE),
            "max_size": DB_POOL_SIZE,
            # A request waits this long for a free connection before it fails.
            "timeout": envint("DB_POOL_TIMEOUT", 10),
        }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DB_PREPARE_THRESHOLD:
        # A statement run this many times on a connection is prepared there, and PostgreSQL then
        # reuses its plan: it halves PostgreSQL's CPU per round of taps.  Off by default: a generic
        # plan, planned for no value in particular, made some of the history's searches 10-30 times
        # slower (benchmarks/RESULTS.md).  It needs server-side parameters, and connections that
        # stay with one server process (the pool's), not a pooler that shares them per transaction.
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            server_side_binding=True, prepare_threshold=DB_PREPARE_THRESHOLD)
    elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DB_PREPARE_TAPS:
        # A tap's statements are prepared after this many runs, and nothing else unless asked
        # (games.common.prepared): server-side parameters for every statement, so that a tap's are the same
        # text each time.  Off, as the threshold, behind a pooler that shares connections per transaction.
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            server_side_binding=True, prepare_threshold=PREPARE_ONLY_WHEN_ASKED)
    elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DB_PREPARE_CLOSE:
        # Only what asks to be prepared is (Django's cursors never ask): the two statements that add
        # a closing round to the report figures (games.reports.cells), which PostgreSQL then plans
        # once per connection instead of on every close, 6 ms of it.  Off, as the threshold, behind
        # a pooler that shares connections per transaction.
        DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = PREPARE_ONLY_WHEN_ASKED
else:
    DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": BASE_DIR / "db.sqlite3"}}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Channel layer ----------------------------------------------------------------------

# REDIS_URL (redis://host:6379/0) selects the Redis channel layer, which every server process
# shares; without it, the in-memory layer, which only works inside a single process.  The
# publish/subscribe flavour: a push to a table is published once and each server process,
# subscribed once to the groups its sockets joined, hands it to them itself.  The list-based
# layer queues one copy per socket, all in one list per process and capped at 100 messages:
# at 25 actions a second over 10 tables its pushes fell seconds behind and some were dropped.
# Both deliver at most once; PostgreSQL holds the truth and tablets catch up by their seq.
REDIS_URL = envstr("REDIS_URL")
if REDIS_URL:
    if not REDIS_URL.startswith(("redis://", "rediss://", "unix://")):
        raise ImproperlyConfigured(f"REDIS_URL={REDIS_URL!r} must start with redis://, rediss:// or unix://")
    # An idle connection must never be timed out by redis-py itself: its default socket_timeout
    # (5 s) equals the list-based layer's blocking read, which closed idle sockets with 1011.  The
    # publish/subscribe layer polls briefly instead, but the same settings keep any blocking read
    # inside the timeout; the health check and TCP keepalive notice a dead Redis instead.
    REDIS_HOST = {"address": REDIS_URL, "socket_timeout": 15, "socket_connect_timeout": 5,
                  "health_check_interval": 30}
    if not REDIS_URL.startswith("unix://"):
        REDIS_HOST["socket_keepalive"] = True  # a TCP option; Unix sockets do not take it
    CHANNEL_LAYERS = {
        "default": {
            # channels_redis's publish/subscribe layer, which also resends the latest state to
            # this process's sockets when it reconnects to Redis (pushes are lost while it is away).
            "BACKEND": "games.table.channel_layer.ResyncingPubSubChannelLayer",
            # Redis's publish/subscribe channels are shared by every database of a server: the
            # prefix names the database, so that sites (or test runs) on other databases of the
            # same Redis never receive each other's pushes (table ids repeat between them).
            "CONFIG": {"hosts": [REDIS_HOST], "prefix": f"asgi-db{parse_redis_url(REDIS_URL).get('db', 0)}"},
        },
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# The cache holds the latest render of each table and of the pit (games.table.push), which every
# server process must see: Redis when REDIS_URL is set, this process's memory otherwise.
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "games.table.cache.KeptRedisCache", "LOCATION": REDIS_URL,
                          "KEY_PREFIX": "dealer-assist"}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Authentication -----------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Login throttling (django-axes) covers every login, the admin's included: after
# LOGIN_FAILURE_LIMIT failed logins for one username (from any address), or from one address
# (for any username), further attempts are refused for LOGIN_LOCKOUT_MINUTES, even with the
# right password, until a supervisor resets the lock (the "Locked logins" page, or
# ``manage.py login_unlock``).  The address is REMOTE_ADDR: behind a proxy, the server must be run
# with --proxy-headers and --forwarded-allow-ips naming the proxy, or every tablet would share
# the proxy's address and its lock.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "games.backends.RolesModelBackend",  # the path signed-in sessions store; see games/backends.py
    # Never reached by a sign-in (the one above takes every valid one); keeps the sessions it signed in.
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = envint("LOGIN_FAILURE_LIMIT", 5)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_COOLOFF_TIME = envint("LOGIN_LOCKOUT_MINUTES", 15) / 60  # hours, as django-axes counts them
# Failures expire after the lock-out time, not on a successful login: django-axes would then
# also clear the address's failures for other usernames, so anyone with one valid login could
# keep guessing others' passwords from the same address.
AXES_RESET_ON_SUCCESS = False
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False  # lock-outs are logged once, as security events (games.people.security)
if AXES_FAILURE_LIMIT < 1 or AXES_COOLOFF_TIME <= 0:
    raise ImproperlyConfigured("LOGIN_FAILURE_LIMIT and LOGIN_LOCKOUT_MINUTES must be at least 1")

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# --- Security -----------------------------------------------------------------------------

# Sessions are read from the cache (Redis, shared by every server process; this process's memory
# in the embedded mode) and kept in the database: a request costs no query for its session.
SESSION_ENGINE = "games.people.sessions"

# Secure cookies are only sent over HTTPS (browsers also accept them on http://localhost).
# SECURE_COOKIES=0 lets a non-DEBUG server be tried over plain HTTP on another host.
SESSION_COOKIE_SECURE = envbool("SECURE_COOKIES", default=not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE

# HTTPS.  In production the server sits behind a proxy that terminates TLS and forwards plain
# HTTP; SECURE_PROXY_SSL_HEADER names the header by which that proxy says the browser used
# HTTPS (X-Forwarded-Proto: https), so that Django knows the request was secure.  Trust it only
# when the server is reachable through that proxy alone, and the proxy overwrites the header.
_PROXY_SSL_HEADER = envstr("SECURE_PROXY_SSL_HEADER").strip()
if _PROXY_SSL_HEADER:
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + _PROXY_SSL_HEADER.upper().replace("-", "_"), "https")
# Plain HTTP is redirected to HTTPS, and browsers are told (HSTS) to use nothing but HTTPS for
# this host, and its subdomains, for SECURE_HSTS_SECONDS.  On by default when DEBUG is off; set
# SECURE_SSL_REDIRECT=0 and SECURE_HSTS_SECONDS=0 only to try the stack over plain HTTP.
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", default=not DEBUG)
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=SECURE_HSTS_SECONDS > 0)
# The preload directive only matters once the domain is submitted to the browsers' preload list.
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", default=SECURE_HSTS_SECONDS > 0)

# The key of the rounds' seals (games/history/keys.py, docs/operations.md): an HMAC key the
# database never holds, so that write access to the database alone cannot reseal an edited round.
# HISTORY_SEAL_KEY_FILE names a file of "id:secret" lines (the first seals, the others still
# verify: a key is rotated by adding a line above it); HISTORY_SEAL_KEY holds the same inline.
# With neither, rounds are sealed with an embedded default key and their pages say so.
HISTORY_SEAL_KEY = envstr("HISTORY_SEAL_KEY")
HISTORY_SEAL_KEY_FILE = envstr("HISTORY_SEAL_KEY_FILE")

# --- Internationalization -------------------------------------------------------------------

LANGUAGE_CODE = "en-us"
# The casinos are in Pennsylvania; times are stored in UTC and shown in Eastern time.
TIME_ZONE = "America/New_York"
# The gaming day and the shifts of the supervisor's reports (games/common/calendar.py) start at these
# hours of the casino's clock: GAMING_DAY_START (0-23) and SHIFT_STARTS (comma-separated hours,
# one of which is GAMING_DAY_START).
GAMING_DAY_START = envint("GAMING_DAY_START", 6)
_shift_starts = envlist("SHIFT_STARTS", "6,14,22")
SHIFT_STARTS = [int(hour) for hour in _shift_starts if hour.isdigit() and 0 <= int(hour) <= 23]
if len(set(SHIFT_STARTS)) != len(_shift_starts) or not 0 <= GAMING_DAY_START <= 23 \
        or GAMING_DAY_START not in SHIFT_STARTS:
    raise ImproperlyConfigured(f"GAMING_DAY_START={GAMING_DAY_START} and SHIFT_STARTS={','.join(_shift_starts)!r}: the "
                               "shifts must start at distinct hours from 0 to 23, one of them the gaming day's start")
USE_I18N = True
USE_TZ = True

# --- Static files -------------------------------------------------------------------------

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# The manifest storage needs collectstatic to have run; with DEBUG on (development, and the
# test suite, whose settings are read with DEBUG unset) plain storage serves from the sources.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        ),
    },
}

# --- Logging ------------------------------------------------------------------------------

# Everything to the console (the server's stdout, the container's log); Django's default would
# only show errors there with DEBUG on.  Each line carries the id of the request it was written
# for (dealer_assist.observe); LOG_FORMAT=json writes one JSON object per line instead, for a log
# shipper.  ACCESS_LOG=0 drops the access log (a line per request, and per websocket when it ends).
LOG_FORMAT = envstr("LOG_FORMAT", "plain").strip().lower()
if LOG_FORMAT not in ("plain", "json"):
    raise ImproperlyConfigured(f"LOG_FORMAT={LOG_FORMAT!r} must be plain or json")
ACCESS_LOG = envbool("ACCESS_LOG", default=True)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name} [{request_id}]: {message}", "style": "{"},
        "json": {"()": "dealer_assist.observe.JsonFormatter"},
    },
    "filters": {
        "refusal_logged_once": {"()": "games.people.security.RefusalLoggedOnce"},
        "request_id": {"()": "dealer_assist.observe.RequestIdFilter"},
        "no_server_access_lines": {"()": "dealer_assist.observe.NoServerAccessLines"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT, "filters": ["request_id"]},
        # Counts each line at ERROR or above for the metrics (dealer_assist_errors_total).
        "errors": {"()": "dealer_assist.metrics.CountErrors"},
    },
    "root": {"handlers": ["console", "errors"], "level": envstr("LOG_LEVEL", "INFO")},
    "loggers": {
        # Drop Django's own DEBUG-only console handler so nothing is printed twice; "django"
        # records still reach the root handler above.
        "django": {"handlers": [], "level": "INFO"},
        # A 403 of a page a role may not open is logged once, as its role_refused security event.
        "django.request": {"filters": ["refusal_logged_once"]},
        # uvicorn's command line gives its loggers handlers of their own, in another format, before
        # it loads the application (and with it these settings): taken off here, so that the
        # server's lines reach the same handler in the same format (their levels stay uvicorn's).
        "uvicorn": {"handlers": [], "propagate": True},
        # uvicorn's line for each websocket, there whatever the access log, is not kept either.
        "uvicorn.error": {"filters": ["no_server_access_lines"]},
        # uvicorn's access log is never kept (it has no request id): dealer_assist.access is.
        "uvicorn.access": {"handlers": [], "propagate": False},
    },
}

# --- Operations ---------------------------------------------------------------------------

# /healthz, /readyz and /metrics (dealer_assist.probes).  /metrics answers a scrape that sends
# "Authorization: Bearer METRICS_TOKEN"; with no token it is off (404).
METRICS_TOKEN = envstr("METRICS_TOKEN").strip()
