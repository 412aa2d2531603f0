"""What the benchmarks share: the push and services benchmarks' own database and Redis, a table of
Texas Hold 'Em Bonus Poker and the CPU time of processes read from /proc; the history and reports
benchmarks' scratch database, made and dropped on a PostgreSQL server.

Both talk only to 127.0.0.1.  Defaults (each overridable by the environment):

    BENCH_DATABASE_URL  postgres://postgres@127.0.0.1:5432/dealer_assist_h9p_bench
    BENCH_REDIS_URL     redis://127.0.0.1:6379/4
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

BASE_DIR = Path(__file__).resolve().parent.parent
DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/dealer_assist_h9p_bench")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/4")
PASSWORD = "bench-pass-2026"  # noqa: S105 - throwaway accounts of a throwaway database
TABLE_RULES = {"bonus_paytable": "A", "approval_threshold": "100000.00"}  # no approval stops a round


def server_environment() -> dict[str, str]:
    """The environment of a production-like server process on the benchmark's services."""
    env = dict(os.environ)
    env.update({
        "DATABASE_URL": DATABASE_URL, "REDIS_URL": REDIS_URL, "DEBUG": "0", "SECRET_KEY": "benchmark-only-key-" * 3,
        # Plain HTTP on the loopback: no TLS to redirect to (production sits behind a proxy that has it).
        "SECURE_COOKIES": "0", "SECURE_SSL_REDIRECT": "0", "SECURE_HSTS_SECONDS": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost", "LOG_LEVEL": "WARNING",
        "DJANGO_SETTINGS_MODULE": "dealer_assist.settings", "PYTHONPATH": str(BASE_DIR),
    })
    return env


def setup_django() -> None:
    os.environ.update(server_environment())
    sys.path.insert(0, str(BASE_DIR))
    import django

    django.setup()


def setup_scratch_django(server: str, database: str) -> None:
    """Django on ``database`` of the PostgreSQL ``server`` (on the loopback only), with no channel
    layer and no pooled connection left open when the database is dropped."""
    host = urlparse(server).hostname
    if host not in ("127.0.0.1", "localhost", "::1"):
        sys.exit(f"refusing {host}: this benchmark only talks to a server on loopback")
    os.environ["DATABASE_URL"] = f"{server.rstrip('/')}/{database}"
    os.environ.pop("REDIS_URL", None)
    os.environ["DB_POOL_SIZE"] = "0"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dealer_assist.settings")
    sys.path.insert(0, str(BASE_DIR))
    import django

    django.setup()


def store_report_figures(started: float) -> None:
    """The report's figures of the rounds just generated (written marked as stored, without
    closing through the services), computed by ``manage.py rebuild_report_figures``."""
    from games.reports import cells as report_figures

    rounds = report_figures.rebuild()
    print(f"  report figures of {rounds:,} rounds: {time.perf_counter() - started:.0f} s", flush=True)


def admin_sql(server: str, sql: str) -> None:
    """A statement run on the server's ``postgres`` database (CREATE and DROP DATABASE)."""
    import psycopg

    with psycopg.connect(f"{server.rstrip('/')}/postgres", autocommit=True) as conn:
        conn.execute(sql)


def create_database() -> None:
    """Create the benchmark's database if it is missing, and migrate it."""
    import psycopg

    name = DATABASE_URL.rsplit("/", 1)[1]
    admin = DATABASE_URL.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def reset_floor(tables: int, tablets: int) -> tuple[list[int], list[str]]:
    """Empty the benchmark's rounds, then make ``tables`` tables BENCH-1.. and enough users:
    per table one dealer, and ``tablets - 1`` more watchers (dealers and floorpersons)."""
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import Group, User
    from django.db import connection

    from games.floor import services
    from games.models import Table
    from games.people.roles import DEALER, FLOORPERSON, ROLES

    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE games_approval, games_settlementline, games_wager, games_roundevent, games_round, "
                       "games_dealerassignment, games_table, django_session RESTART IDENTITY CASCADE")
    groups = {name: Group.objects.get_or_create(name=name)[0] for name in ROLES}
    password = make_password(PASSWORD)
    names = []
    for n in range(tables * tablets):
        name = f"bench{n}"
        user, created = User.objects.get_or_create(username=name, defaults={"password": password})
        if created:
            user.groups.add(groups[DEALER if n % tablets in (0, 1, 2, 3) else FLOORPERSON])
        names.append(name)
    ids = [Table.objects.create(name=f"BENCH-{n + 1}", game="texas-holdem-bonus", rules=TABLE_RULES).id
           for n in range(tables)]
    # Each table's dealers sign in there: a dealer acts only at their table.
    for n, name in enumerate(names):
        user = User.objects.get(username=name)
        if DEALER in {group.name for group in user.groups.all()}:
            services.dealer_sign_in(table_id=ids[n // tablets], user=user)
    return ids, names


def cpu_seconds(pids) -> float:
    """User + system CPU of these processes, from /proc (0 for one that is gone)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def postgres_backends(database: str) -> list[int]:
    """The PostgreSQL backend processes serving this database (their titles name it)."""
    pids = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (FileNotFoundError, PermissionError, ProcessLookupError):
            continue
        if cmdline.startswith("postgres: ") and f" {database} " in cmdline:
            pids.append(int(proc.name))
    return pids


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    ordered = sorted(values)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {"n": len(ordered), "p50": at(0.50), "p95": at(0.95), "p99": at(0.99), "max": ordered[-1]}
