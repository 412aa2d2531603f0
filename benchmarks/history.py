"""History at a million rounds: every page shape and filter of the history, and a month's CSV.

    .venv/bin/python benchmarks/history.py [--rounds 1000000] [--repeat 20] [--keep] [--reuse] [--pages-only]

Creates its own PostgreSQL database (``dealer_assist_history_bench`` on 127.0.0.1:5432 as user
postgres, or ``--server``), migrates it, and fills it server-side (``INSERT … SELECT`` over
``generate_series``, no row crosses the client) with ``--rounds`` rounds over a year at 200
tables and 300 dealers, each with 8 events, 3 wagers, 3 settlement lines and a record of the
size a closed round writes, then chained and sealed as the migration that introduced the hash
chain does (in Python, the slow part of the generation).  Then each page is requested through Django's test client, as a
supervisor opens it (form checks, queries, template), ``--repeat`` times after one warm-up;
p50/p95 in milliseconds.  The month's CSV is read through the streaming response: time to the
first chunk and to the end.  Every SQL statement of each page is run once more under
``EXPLAIN (ANALYZE, BUFFERS)`` and written to ``--explain`` (default benchmarks/history_explain.md).

Bounded: refuses a server that is not on loopback, and stops after ``--limit`` seconds (default
1800).  The database is dropped at the end unless ``--keep``; ``--reuse`` skips the generation
and measures a database kept from an earlier run.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import sys
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import common  # noqa: E402

TABLES, DEALERS, EVENTS, WAGERS, LINES = 200, 300, 8, 3, 3
# What the search finds, as rare as on a floor: a void round's last event is the irregularity
# that voided it (one round in 97), a training round one in TRAINING_EVERY, seat 3's wager a Bonus
# one in BONUS_EVERY, a $2,000 payout one in BIG_PAYOUT_EVERY, an approval one in APPROVAL_EVERY.
TRAINING_EVERY, BONUS_EVERY, BIG_PAYOUT_EVERY, APPROVAL_EVERY = 1000, 20, 500, 40
GAMES = ("texas-holdem-bonus", "let-it-ride", "wpt-heads-up")
# The year the rounds span, in the casino's time zone; a round every ~31 s at 1,000,000.
YEAR_START = date(2025, 11, 1)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--database", default="dealer_assist_history_bench")
    parser.add_argument("--explain", type=Path, default=ROOT / "benchmarks" / "history_explain.md")
    parser.add_argument("--limit", type=int, default=1800, help="seconds before the run stops itself")
    parser.add_argument("--keep", action="store_true", help="keep the database for --reuse")
    parser.add_argument("--reuse", action="store_true", help="measure the database an earlier --keep left")
    parser.add_argument("--pages-only", action="store_true", help="the pages and their EXPLAIN, not the CSV")
    return parser.parse_args()


# -- the data ----------------------------------------------------------------------------------------

def generate(args: argparse.Namespace) -> None:
    import importlib
    from types import SimpleNamespace

    from django.apps import apps as django_apps
    from django.contrib.auth.models import Group, User
    from django.core.management import call_command
    from django.db import connection

    common.admin_sql(args.server, f'DROP DATABASE IF EXISTS "{args.database}"')
    common.admin_sql(args.server, f'CREATE DATABASE "{args.database}"')
    call_command("migrate", verbosity=0)
    supervisor = User.objects.create_user("bench-super")
    supervisor.groups.add(Group.objects.get_or_create(name="supervisor")[0])
    floor = User.objects.create_user("bench-floor")
    floor.groups.add(Group.objects.get_or_create(name="floorperson")[0])
    record = sample_record()
    n = args.rounds
    seconds = 365 * 86_400
    started = time.perf_counter()
    with connection.cursor() as cur:
        cur.execute("SET synchronous_commit = off")
        cur.execute("SET maintenance_work_mem = '256MB'")
        cur.execute("""INSERT INTO auth_user (password, is_superuser, username, first_name, last_name, email,
                                              is_staff, is_active, date_joined)
                       SELECT '!', false, 'dealer' || i, '', '', '', false, true, now()
                       FROM generate_series(1, %s) i""", [DEALERS])
        cur.execute("""INSERT INTO games_table (name, game, rules, training, rounds_since_stub_count)
                       SELECT 'T-' || i, (%s::text[])[1 + i %% 3], '{}', false, 0
                       FROM generate_series(1, %s) i""", [list(GAMES), TABLES])
        cur.execute("SELECT min(id) FROM games_table")
        first_table = cur.fetchone()[0]
        cur.execute("SELECT min(id) FROM auth_user WHERE username LIKE 'dealer%%'")
        first_dealer = cur.fetchone()[0]
        # Round i at table i % 200 (its number i / 200 + 1), dealt by one of 300 dealers in turn
        # for a stretch, started at a regular pace over the year; one in 97 void.
        cur.execute(f"""
            INSERT INTO games_round (table_id, number, game, rules, status, dealer_id, started_at, closed_at,
                                     seq, total_paid, total_collected, record, engine_version, log_hash,
                                     record_hash, closing_hash, shoe_order, figures_stored)
            SELECT %(t0)s + i %% {TABLES}, i / {TABLES} + 1, (%(games)s::text[])[1 + (i %% {TABLES} + 1) %% 3],
                   '{{"bonus_paytable": "A"}}', CASE WHEN i %% 97 = 0 THEN 'void' ELSE 'closed' END,
                   %(d0)s + (i / 40 + i %% 7) %% {DEALERS},
                   %(start)s::timestamptz + make_interval(secs => i::float8 * {seconds} / %(n)s),
                   %(start)s::timestamptz + make_interval(secs => i::float8 * {seconds} / %(n)s + 150),
                   {EVENTS}, (i * 7919) %% 50000, (i * 104729) %% 30000, %(record)s::jsonb, 'bench', '', '', '',
                   CASE WHEN i %% {TRAINING_EVERY} = 0 THEN '["Ah", "Kd"]'::jsonb END, true
            FROM generate_series(0::bigint, %(n)s - 1) i""",
                    {"t0": first_table, "d0": first_dealer, "games": list(GAMES), "n": n,
                     "start": f"{YEAR_START.isoformat()} 00:00:00-04", "record": record})
        print(f"  rounds: {time.perf_counter() - started:.0f} s", flush=True)
        cur.execute(f"""
            INSERT INTO games_roundevent (round_id, seq, action, actor_id, role, created_at, prev_hash, hash)
            SELECT r.id, s, CASE WHEN r.status = 'void' AND s = {EVENTS}
                                 THEN '{{"type": "irregularity", "kind": "card_face_up"}}'::jsonb
                                 ELSE jsonb_build_object('type', 'place_wager', 'seat', s, 'wager', 'ante',
                                                         'amount', '10') END,
                   r.dealer_id, 'dealer', r.started_at + make_interval(secs => s * 10), '', ''
            FROM games_round r, generate_series(1, {EVENTS}) s""")
        print(f"  events: {time.perf_counter() - started:.0f} s", flush=True)
        cur.execute(f"""
            INSERT INTO games_wager (round_id, seat, hand_no, wager, amount)
            SELECT r.id, s, 1, CASE WHEN s = {WAGERS} AND r.id % {BONUS_EVERY} = 0 THEN 'bonus' ELSE 'ante' END,
                   1000 * s FROM games_round r, generate_series(1, {WAGERS}) s""")
        cur.execute(f"""
            INSERT INTO games_settlementline (round_id, position, seat, hand_no, wager, stage, stake, outcome, amount,
                                              odds, section, hand, note, stake_collected, payer)
            SELECT r.id, s, s, 1, CASE WHEN s = {LINES} AND r.id % {BONUS_EVERY} = 0 THEN 'bonus' ELSE 'ante' END,
                   'settle', 1000 * s, CASE WHEN s = 1 AND r.id % {BIG_PAYOUT_EVERY} = 0 THEN 'win' ELSE 'lose' END,
                   CASE WHEN s = 1 AND r.id % {BIG_PAYOUT_EVERY} = 0 THEN 200000 ELSE 1000 * s END,
                   '', '§ 647a.11(h)(2)(i)', 'Qs Qd: a pair of queens', '', false, 'table'
            FROM games_round r, generate_series(1, {LINES}) s""")
        # A payout approved (or, one in three, refused) by the floorperson every APPROVAL_EVERY rounds.
        cur.execute(f"""
            INSERT INTO games_approval (round_id, number, kind, seat, reason, section, status, note, requested_at,
                                        decided_by_id, decided_at)
            SELECT r.id, 1, 'payout', 1, 'a payout over the limit', '§ 647a.11',
                   CASE WHEN r.id %% 3 = 0 THEN 'refused' ELSE 'approved' END, '',
                   r.started_at + interval '60 s', %s, r.started_at + interval '90 s'
            FROM games_round r WHERE r.id %% {APPROVAL_EVERY} = 0""", [floor.id])
        print(f"  wagers and lines: {time.perf_counter() - started:.0f} s", flush=True)
    # The hash chain the services write as they go, computed over the generated logs as the
    # migration that introduced it does: the CSV verifies every round it exports.
    chain_stored_logs = importlib.import_module("games.migrations.0007_event_hash_chain").chain_existing_logs
    chain_stored_logs(django_apps, SimpleNamespace(connection=connection))
    print(f"  chained and sealed: {time.perf_counter() - started:.0f} s", flush=True)
    with connection.cursor() as cur:
        common.store_report_figures(started)
        cur.execute("VACUUM (ANALYZE) games_round")
        cur.execute("ANALYZE")
    print(f"  generated in {time.perf_counter() - started:.0f} s", flush=True)


def sample_record() -> str:
    """A record the size a real Texas Hold 'Em Bonus round writes, built by the same code."""
    import json

    from games.engine.core import RoundState
    from games.engine.registry import game_for
    from games.engine.round_sheet import settlement_sheet, sheet_from_log

    actions = [
        {"type": "place_wager", "seat": 1, "wager": "ante", "amount": "10"},
        {"type": "place_wager", "seat": 1, "wager": "bonus", "amount": "5"},
        {"type": "place_wager", "seat": 3, "wager": "ante", "amount": "25"},
        {"type": "no_more_bets"}, {"type": "deal"},
        {"type": "decide", "seat": 1, "choice": "flop"}, {"type": "decide", "seat": 3, "choice": "flop"},
        {"type": "cards", "target": "board", "cards": ["Ah", "Kd", "7c"]},
        {"type": "decide", "seat": 1, "choice": "check"}, {"type": "decide", "seat": 3, "choice": "check"},
        {"type": "cards", "target": "board", "cards": ["2s"]},
        {"type": "decide", "seat": 1, "choice": "check"}, {"type": "decide", "seat": 3, "choice": "check"},
        {"type": "cards", "target": "board", "cards": ["9s"]},
        {"type": "cards", "target": "dealer", "cards": ["Qs", "Qd"]},
        {"type": "cards", "target": "seat:3", "cards": ["3c", "4c"]},
        {"type": "cards", "target": "seat:1", "cards": ["Jd", "Js"]},
        {"type": "close"},
    ]
    rules = {"bonus_paytable": "A"}
    state = RoundState.replay(game_for("texas-holdem-bonus"), rules, actions)
    return json.dumps({"settlement": settlement_sheet(state),
                       "sheet": sheet_from_log("texas-holdem-bonus", rules, actions),
                       "page": {"lines": [line.as_dict() for line in state.lines]}})


# -- the measurements --------------------------------------------------------------------------------

def shapes() -> list[tuple[str, dict]]:
    """(name, query string) of every page shape and filter the history offers."""
    from games.history.selectors import Cursor
    from games.models import Round, Table

    day = YEAR_START + timedelta(days=200)
    month = (day.replace(day=1), (day.replace(day=1) + timedelta(days=32)).replace(day=1) - timedelta(days=1))
    deep = Round.objects.order_by("-started_at", "-id").only("id", "started_at")[500_000 - 1:500_000].first()
    deep = deep or Round.objects.order_by("started_at", "id").only("id", "started_at").first()
    cursor = Cursor.of(deep).token()
    table = Table.objects.order_by("id")[7].name
    # A dealer who dealt on that day, so that "dealer + day" is a page of rounds, not an empty one.
    from games.common.calendar import gaming_day_start

    noon = gaming_day_start(day) + timedelta(hours=6)
    dealer = Round.objects.filter(started_at__gte=noon).order_by("started_at").select_related("dealer").first()
    dealer = dealer.dealer.username if dealer else "dealer17"
    return [
        ("first page", {}),
        ("deep page (500,000 rounds in = page 10,000), older", {"older": cursor}),
        ("deep page, newer", {"newer": cursor}),
        ("one day", {"from": day.isoformat(), "to": day.isoformat()}),
        ("one month", {"from": month[0].isoformat(), "to": month[1].isoformat()}),
        ("one table", {"table": table}),
        ("one dealer", {"dealer": dealer}),
        ("one game", {"game": "let-it-ride"}),
        ("status void", {"status": "void"}),
        ("table + month", {"table": table, "from": month[0].isoformat(), "to": month[1].isoformat()}),
        ("dealer + day", {"dealer": dealer, "from": day.isoformat(), "to": day.isoformat()}),
        ("game + void + month", {"game": "wpt-heads-up", "status": "void", "from": month[0].isoformat(),
                                 "to": month[1].isoformat()}),
        ("one table, older page", {"table": table, "older": cursor}),
        ("part of a table name (111 tables)", {"table": "T-1"}),
        ("seat 2", {"seat": "2"}),
        ("seat 7 (no round)", {"seat": "7"}),
        ("seat 3, wager bonus", {"seat": "3", "wager": "bonus"}),
        ("amount $2,000 or more", {"amount_min": "2000"}),
        ("amount $10 to $20, seat 2", {"amount_min": "10", "amount_max": "20", "seat": "2"}),
        ("approval refused", {"approval": "refused"}),
        ("approval pending (none)", {"approval": "pending"}),
        ("floorperson", {"floorperson": "bench-floor"}),
        ("irregularity card face up", {"irregularity": "card_face_up"}),
        ("training only", {"training": "only"}),
        ("irregularity + month", {"irregularity": "any", "from": month[0].isoformat(), "to": month[1].isoformat()}),
    ], month


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


# The session, the logged-in user and their roles: the same few rows on every page.
SAME_ON_EVERY_PAGE = ("django_session", '"auth_user"."id" =', "auth_group")


def explain(statements: list[dict]) -> str:
    from django.db import connection

    out = []
    with connection.cursor() as cur:
        for query in statements:
            # The CSV reads through a server-side cursor: explain the query it was declared for.
            sql = re.sub(r'^DECLARE "\w+" NO SCROLL CURSOR (WITH HOLD )?FOR ', "", query["sql"])
            if not sql.lstrip().upper().startswith("SELECT") or any(part in sql for part in SAME_ON_EVERY_PAGE):
                continue
            cur.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql)
            out.append("```sql\n" + sql + "\n```\n```\n" + "\n".join(row[0] for row in cur.fetchall()) + "\n```")
    return "\n".join(out)


def explain_csv(query: dict) -> str:
    from django.db import connection

    from games.history import chain, selectors
    from games.history.filters import history_filter
    from games.models import Approval, RoundEvent, Wager

    search = history_filter(dict(query))
    assert search.is_valid(), search.errors
    rounds = search.qs.defer(None).defer("record")
    # The rounds' cursor, and the reads of one batch of rounds' wagers and approvals to write them
    # and of their events and approvals to verify them.
    batch = list(rounds.values_list("id", flat=True)[:selectors.CSV_BATCH])
    queries = [query.query.sql_with_params() for query in (
        rounds, Wager.objects.filter(round_id__in=batch).order_by("round_id", "seat", "hand_no", "id").values_list(
            "round_id", "seat", "hand_no", "wager", "amount"),
        Approval.objects.filter(round_id__in=batch).order_by("round_id", "number").values_list(
            "round_id", "status", "decided_by__username"),
        RoundEvent.objects.filter(round_id__in=batch).order_by("round_id", "seq").values_list(
            *chain.EVENT_FIELDS), Approval.objects.filter(round_id__in=batch).values_list(*chain.APPROVAL_FIELDS))]
    with connection.cursor() as cur:
        return explain([{"sql": cur.cursor.mogrify(sql, params)} for sql, params in queries])


def measure(args: argparse.Namespace) -> None:
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    client = Client(raise_request_exception=True)
    client.force_login(User.objects.get(username="bench-super"))
    pages, month = shapes()
    with connection.cursor() as cur:
        cur.execute("SELECT count(*) FROM games_round")
        total = cur.fetchone()[0]
    print(f"\n{total:,} rounds; load average {os.getloadavg()[0]:.2f} at the start\n")
    print("| page | p50 ms | p95 ms | queries |\n|---|---:|---:|---:|")
    explained = [f"# EXPLAIN (ANALYZE, BUFFERS) of every history query at {total:,} rounds\n",
                 "Written by `benchmarks/history.py`; each statement once more after the timed runs.\n"]
    for name, query in pages:
        times = []
        for attempt in range(args.repeat + 1):
            started = time.perf_counter()
            response = client.get(reverse("history"), query)
            elapsed = (time.perf_counter() - started) * 1000
            assert response.status_code == 200, (name, response.status_code, response.content[:500])
            if attempt:
                times.append(elapsed)
        with CaptureQueriesContext(connection) as captured:
            client.get(reverse("history"), query)
        print(f"| {name} | {statistics.median(times):.1f} | {percentile(times, 0.95):.1f} | "
              f"{len(captured.captured_queries)} |", flush=True)
        explained.append(f"## {name} `{query}`\n\n" + explain(captured.captured_queries) + "\n")
    if args.pages_only:
        args.explain.write_text("\n".join(explained))
        print(f"\nload average {os.getloadavg()[0]:.2f} at the end; EXPLAIN written to {args.explain}")
        return
    query = {"from": month[0].isoformat(), "to": month[1].isoformat()}
    print("\n| CSV | first chunk ms | whole ms | CPU ms | rows | MB | peak Python memory MB |\n"
          "|---|---:|---:|---:|---:|---:|---:|")
    for _ in range(3):
        csv_export(client, f"month {query['from']} to {query['to']}", query)
    csv_export(client, f"month {query['from']} to {query['to']}, memory traced", query, traced=True)
    csv_export(client, "the whole year, memory traced", {}, traced=True)
    explained.append(f"## a month's CSV `{query}`\n\nThe rounds' cursor, then per batch of "
                     "rounds the reads that verify their chains:\n\n" + explain_csv(query) + "\n")
    args.explain.write_text("\n".join(explained))
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end; EXPLAIN written to {args.explain}")


def csv_export(client, name: str, query: dict, *, traced: bool = False) -> None:
    """Read the CSV as a browser would, chunk by chunk; with ``traced``, the peak of Python's
    memory while it streams (tracemalloc slows the run, so those times are not comparable)."""
    import tracemalloc

    from django.urls import reverse

    if traced:
        tracemalloc.start()
    started, cpu = time.perf_counter(), time.process_time()
    response = client.get(reverse("history-csv"), query)
    chunks = iter(response.streaming_content)
    first = next(chunks)
    ttfb = (time.perf_counter() - started) * 1000
    size, lines = len(first), first.count(b"\n")
    for chunk in chunks:
        size, lines = size + len(chunk), lines + chunk.count(b"\n")
    whole, cpu = (time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000
    peak = ""
    if traced:
        peak = f"{tracemalloc.get_traced_memory()[1] / 1e6:.1f}"
        tracemalloc.stop()
    print(f"| {name} | {ttfb:.0f} | {whole:.0f} | {cpu:.0f} | {lines - 1:,} | {size / 1e6:.1f} | {peak} |", flush=True)


def main() -> None:
    args = parse_args()
    signal.signal(signal.SIGALRM, lambda *_: sys.exit(f"stopped after --limit {args.limit} s"))
    signal.alarm(args.limit)
    common.setup_scratch_django(args.server, args.database)
    try:
        if not args.reuse:
            print(f"generating {args.rounds:,} rounds into {args.database} …", flush=True)
            generate(args)
        measure(args)
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep:
            common.admin_sql(args.server, f'DROP DATABASE IF EXISTS "{args.database}"')


if __name__ == "__main__":
    main()
