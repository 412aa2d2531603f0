"""The supervisor's reports over a month of 1,000,000 rounds: the page and its CSVs.

    .venv/bin/python benchmarks/reports.py [--rounds 1000000] [--days 365] [--period 30] [--repeat 3]
                                           [--keep] [--reuse]

Creates its own PostgreSQL database (``dealer_assist_reports_bench`` on 127.0.0.1:5432 as user
postgres, or ``--server``), migrates it, and fills it server-side (``INSERT … SELECT`` over
``generate_series``) with ``--rounds`` rounds spread over ``--days`` gaming days at 200 tables
in 20 pits of 10, each pit with 15 of the 300 dealers, who move to another of its tables every
40 rounds (about 20 minutes at a table, as dealers rotate).  Each round has 4 events (one round
in 100 also an irregularity), 3 Antes and a Bonus Wager settled (the Bonus under a row of
Paytable A or lost, with the engine's wording); one in 97 is void, one in 50 has an approval,
one in 10 a progressive contribution.  Then it requests, as a supervisor does through Django's
test client, the reports page and its CSVs for ``--period`` gaming days (a month), one gaming
day, one shift of each day of the period and one table over the period, ``--repeat`` times
after one warm-up; p50, p95 and max in milliseconds, and the number of SQL statements.  Every SQL
statement of the month's page is run once more under ``EXPLAIN (ANALYZE, BUFFERS)`` and written
to ``--explain`` (default benchmarks/reports_explain.md).

Bounded: refuses a server that is not on loopback, and stops after ``--limit`` seconds (default
1800).  The database is dropped at the end unless ``--keep``; ``--reuse`` skips the generation.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import sys
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import common  # noqa: E402

TABLES, DEALERS = 200, 300
FIRST_DAY = date(2026, 10, 1)
# The Bonus rows of § 647a.12(b) Paytable A: (odds, label) as the engine writes them, and a loser.
BONUS_ROWS = [("30 to 1", "Ace-ace"), ("25 to 1", "Ace-king (same suit)"), ("15 to 1", "Ace-king (different suits)"),
              ("3 to 1", "A pair of 10-10 through 2-2")]


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--days", type=int, default=365, help="gaming days the rounds are spread over")
    parser.add_argument("--period", type=int, default=30, help="gaming days a report spans (a month)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--database", default="dealer_assist_reports_bench")
    parser.add_argument("--explain", type=Path, default=ROOT / "benchmarks" / "reports_explain.md")
    parser.add_argument("--limit", type=int, default=1800, help="seconds before the run stops itself")
    parser.add_argument("--keep", action="store_true", help="keep the database for --reuse")
    parser.add_argument("--reuse", action="store_true", help="measure the database an earlier --keep left")
    parser.add_argument("--summed", action="store_true",
                        help="sum the figures from the lines on each request (as before they were stored)")
    return parser.parse_args()


def generate(args: argparse.Namespace) -> None:
    from django.contrib.auth.models import Group, User
    from django.core.management import call_command
    from django.db import connection

    from games.common.calendar import gaming_day_start

    common.admin_sql(args.server, f'DROP DATABASE IF EXISTS "{args.database}"')
    common.admin_sql(args.server, f'CREATE DATABASE "{args.database}"')
    call_command("migrate", verbosity=0)
    supervisor = User.objects.create_user("bench-super")
    supervisor.groups.add(Group.objects.get_or_create(name="supervisor")[0])
    n, seconds = args.rounds, args.days * 86_400
    start = gaming_day_start(FIRST_DAY)
    started = time.perf_counter()
    rows = [f"('{odds}', '{label}')" for odds, label in BONUS_ROWS]
    with connection.cursor() as cur:
        cur.execute("SET synchronous_commit = off")
        cur.execute("SET maintenance_work_mem = '256MB'")
        cur.execute("""INSERT INTO auth_user (password, is_superuser, username, first_name, last_name, email,
                                              is_staff, is_active, date_joined)
                       SELECT '!', false, 'dealer' || i, '', '', '', false, true, now()
                       FROM generate_series(1, %s) i""", [DEALERS])
        cur.execute("""INSERT INTO games_table (name, game, rules, training, rounds_since_stub_count)
                       SELECT 'T-' || i, 'texas-holdem-bonus', '{"bonus_paytable": "A"}', false, 0
                       FROM generate_series(1, %s) i""", [TABLES])
        cur.execute("SELECT min(id) FROM games_table")
        first_table = cur.fetchone()[0]
        cur.execute("SELECT min(id) FROM auth_user WHERE username LIKE 'dealer%%'")
        first_dealer = cur.fetchone()[0]
        cur.execute(f"""
            INSERT INTO games_round (table_id, number, game, rules, status, dealer_id, started_at, closed_at,
                                     seq, total_paid, total_collected, record, engine_version, log_hash,
                                     record_hash, closing_hash, figures_stored)
            SELECT %(t0)s + i %% {TABLES}, i / {TABLES} + 1, 'texas-holdem-bonus', '{{"bonus_paytable": "A"}}',
                   CASE WHEN i %% 97 = 0 THEN 'void' ELSE 'closed' END,
                   %(d0)s + (i %% {TABLES}) / 10 * 15 + (i / {TABLES * 40} + i %% {TABLES}) %% 15,
                   %(start)s::timestamptz + make_interval(secs => i::float8 * {seconds} / %(n)s),
                   %(start)s::timestamptz + make_interval(secs => i::float8 * {seconds} / %(n)s + 150),
                   4, 0, 0,
                   CASE WHEN i %% 97 = 0 THEN '{{"page": {{"void": {{"label": "Misdeal"}}}}}}'::jsonb END,
                   'bench', '', '', '', true
            FROM generate_series(0::bigint, %(n)s - 1) i""",
                    {"t0": first_table, "d0": first_dealer, "n": n, "start": start})
        print(f"  rounds: {time.perf_counter() - started:.0f} s", flush=True)
        cur.execute("""
            INSERT INTO games_roundevent (round_id, seq, action, actor_id, role, created_at, prev_hash, hash)
            SELECT r.id, s, CASE WHEN s = 4 AND r.id % 100 = 0
                                 THEN jsonb_build_object('type', 'irregularity', 'step', 'deal', 'kind', 'card_exposed')
                                 ELSE jsonb_build_object('type', 'place_wager', 'seat', s, 'wager', 'ante') END,
                   r.dealer_id, 'dealer', r.started_at, '', ''
            FROM games_round r, generate_series(1, 4) s""")
        print(f"  events: {time.perf_counter() - started:.0f} s", flush=True)
        # Antes of $10, $20, $30 won, lost or returned in turn; a $5 Bonus Wager under a row or lost.
        cur.execute("""
            INSERT INTO games_settlementline (round_id, position, seat, hand_no, wager, stage, stake, outcome, amount,
                                              odds, section, hand, note, stake_collected, payer)
            SELECT r.id, s, s, 1, 'ante', 'settle', 1000 * s,
                   CASE WHEN r.status = 'void' THEN 'void'
                        ELSE (ARRAY['win', 'lose', 'returned'])[1 + (r.id + s) % 3] END,
                   CASE WHEN r.status <> 'void' AND (r.id + s) % 3 < 2 THEN 1000 * s ELSE 0 END,
                   '', '§ 647a.11(h)', 'Qs Qd', '', false, 'table'
            FROM games_round r, generate_series(1, 3) s""")
        cur.execute(f"""
            WITH paying(odds, label) AS (VALUES {', '.join(rows)})
            INSERT INTO games_settlementline (round_id, position, seat, hand_no, wager, stage, stake, outcome, amount,
                                              odds, section, hand, note, stake_collected, payer)
            SELECT r.id, 4, 1, 1, 'bonus', 'settle', 500,
                   CASE WHEN r.id % 20 < 4 THEN 'win' ELSE 'lose' END,
                   CASE WHEN r.id % 20 < 4 THEN 500 * split_part(p.odds, ' ', 1)::int ELSE 500 END,
                   CASE WHEN r.id % 20 < 4 THEN p.odds ELSE '' END, '§ 647a.12(b)',
                   CASE WHEN r.id % 20 < 4 THEN 'As Ad: ' || p.label || ' (Paytable A)'
                        ELSE '7c 2d: no paying hand on Paytable A' END, '', false, 'table'
            FROM games_round r JOIN (SELECT row_number() OVER () - 1 AS k, * FROM paying) p ON p.k = r.id % 4
            WHERE r.status = 'closed'""")
        cur.execute("""
            UPDATE games_round r SET total_paid = t.paid, total_collected = t.collected
            FROM (SELECT round_id, coalesce(sum(amount) FILTER (WHERE outcome = 'win'), 0) AS paid,
                         coalesce(sum(amount) FILTER (WHERE outcome = 'lose'), 0) AS collected
                  FROM games_settlementline GROUP BY round_id) t
            WHERE t.round_id = r.id""")
        print(f"  lines: {time.perf_counter() - started:.0f} s", flush=True)
        cur.execute("""
            INSERT INTO games_approval (round_id, number, kind, seat, reason, section, status, note, requested_at,
                                        decided_by_id, decided_at)
            SELECT r.id, 1, 'payout', 1, 'bench', '§ 647a.11',
                   CASE WHEN r.id %% 3 = 0 THEN 'refused' ELSE 'approved' END,
                   '', r.started_at, %s, r.started_at + make_interval(secs => 30 + r.id %% 400)
            FROM games_round r WHERE r.id %% 50 = 0""", [supervisor.pk])
        cur.execute("""
            INSERT INTO games_meter (name, game, wager, tier, table_id, seed_amount, reset_amount, rate, reserve_rate,
                                     wager_amount, amount, reserve, entries, created_at)
            VALUES ('bench', 'texas-holdem-bonus', 'progressive', '', %s, 1000000, 1000000, 10, 0, 100, 0, 0, 0,
                    now()) RETURNING id""", [first_table])
        meter = cur.fetchone()[0]
        cur.execute("""
            INSERT INTO games_meterentry (meter_id, seq, pool, kind, amount, balance_after, round_id, seat, payer,
                                          note, created_at)
            SELECT %s, row_number() OVER (ORDER BY r.id), 'meter', 'contribution', 10, 0, r.id, 1, '', '', now()
            FROM games_round r WHERE r.id %% 10 = 0""", [meter])
        print(f"  approvals and meters: {time.perf_counter() - started:.0f} s", flush=True)
        common.store_report_figures(started)
        cur.execute("VACUUM (ANALYZE) games_round")
        cur.execute("ANALYZE")
    print(f"  generated in {time.perf_counter() - started:.0f} s", flush=True)


def measure(args: argparse.Namespace) -> None:
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    if args.summed:
        from games.reports import cells as report_figures

        report_figures.enabled = lambda: False  # the reports then sum the lines, rounds and ledgers
    client = Client()
    client.force_login(User.objects.get(username="bench-super"))
    print(f"\n{'summed from the lines' if args.summed else 'stored figures'}; load average "
          f"{os.getloadavg()[0]:.2f} at the start", flush=True)
    last = FIRST_DAY + timedelta(days=args.period - 1)
    period = {"from": FIRST_DAY.isoformat(), "to": last.isoformat()}
    day = {"from": (FIRST_DAY + timedelta(days=10)).isoformat(), "to": (FIRST_DAY + timedelta(days=10)).isoformat()}
    shapes = [
        (f"page, {args.period} gaming days", {**period}),
        (f"page, {args.period} days by table", {**period, "by": "table"}),
        (f"summary CSV, {args.period} days", {**period, "section": "summary"}),
        (f"hits CSV, {args.period} days", {**period, "section": "hits"}),
        ("page, one gaming day", day),
        ("page, one shift of the period", {**period, "shift": "2"}),
        (f"page, one table over {args.period} days", {**period, "table": "T-17"}),
    ]
    print("\n| request | p50 ms | p95 ms | max ms | SQL statements |\n|---|---|---|---|---|")
    for name, query in shapes:
        url = "/reports.csv" if "section" in query else "/reports/"
        timings = []
        for attempt in range(args.repeat + 1):
            with CaptureQueriesContext(connection) as captured:
                begun = time.perf_counter()
                response = client.get(url, query)
                elapsed = (time.perf_counter() - begun) * 1000
            assert response.status_code == 200, response.content[:500]
            if attempt:
                timings.append(elapsed)
        statements = [q for q in captured.captured_queries if "django_session" not in q["sql"]
                      and '"auth_user"."id" =' not in q["sql"] and "auth_group" not in q["sql"]]
        p95 = statistics.quantiles(timings, n=20, method="inclusive")[-1] if len(timings) > 1 else timings[0]
        print(f"| {name} | {statistics.median(timings):.0f} | {p95:.0f} | {max(timings):.0f} | {len(statements)} |",
              flush=True)
        if name.startswith("page, ") and name.endswith("gaming days"):
            explain(args, statements)
    print(f"load average {os.getloadavg()[0]:.2f} at the end", flush=True)


def explain(args: argparse.Namespace, statements: list[dict]) -> None:
    from django.db import connection

    from games.reports.figures import without_jit

    out = ["# EXPLAIN of the reports page over a month (benchmarks/reports.py), JIT off as the page runs\n"]
    with without_jit(), connection.cursor() as cur:
        for query in statements:
            sql = query["sql"]
            if not sql.lstrip().upper().startswith(("SELECT", "WITH")) or "django_session" in sql:
                continue
            cur.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql)
            out.append("```sql\n" + sql + "\n```\n```\n" + "\n".join(row[0] for row in cur.fetchall()) + "\n```")
    args.explain.write_text("\n".join(out) + "\n")


def main() -> None:
    args = parse_args()
    signal.signal(signal.SIGALRM, lambda *_: sys.exit(f"stopped after --limit {args.limit} s"))
    signal.alarm(args.limit)
    common.setup_scratch_django(args.server, args.database)
    try:
        if not args.reuse:
            generate(args)
        measure(args)
    finally:
        if not args.keep:
            from django.db import connections

            connections.close_all()
            common.admin_sql(args.server, f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')


if __name__ == "__main__":
    main()
