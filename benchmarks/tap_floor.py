"""The floor under a tap: the CPU of a tap's statements alone, sent by psycopg with nothing else.

    .venv/bin/python benchmarks/tap_floor.py --taps 3000 --repeat 3

A tap must write its event and move the round on, in one transaction, after reading the round
under its row lock (the read that refuses a stale or doubled tap).  This times those statements
with a bare psycopg connection: no Django, no engine, no render, no push.  Whatever the
application does, a round of taps cannot cost less CPU than this, so it bounds the rounds per
second per core that ``services.py`` can reach.

The statements are the project's own: the locked read of the round with its table is
``games.common.rows``'s, on an open round started through the services, and the event row is the one a
decision writes.  Each statement is prepared on the connection, as a tap's are after its first
runs (DB_PREPARE_TAPS).  Three shapes, taken in turn so that a burst of load hits all alike:

- ``tap``: BEGIN, the locked read, the event's INSERT, the round's UPDATE, COMMIT (what a tap sends);
- ``tap, one write``: the INSERT and the UPDATE as one statement (a data-modifying WITH);
- ``no read``: one statement in autocommit that moves the round on only if its seq is the one
  expected, and inserts the event only then (an optimistic write, with no locked read).

Reports, per shape, the client's and the PostgreSQL backend's CPU milliseconds per tap (from
/proc), and the rounds per CPU-second they allow at ``--taps-per-round`` (what services.py
reports as taps_per_round).  Uses the benchmark's own database (see common.py), on 127.0.0.1 only,
and leaves the round as it found it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import common  # noqa: E402


def statements(round_id: int, user_id: int) -> tuple[str, str, str, list, int]:
    """The locked read, the event's INSERT and the round's UPDATE as a tap sends them, with the
    event's parameters and the place of its seq among them (filled in per tap)."""
    from django.db import connection
    from django.utils import timezone

    from games.common import rows
    from games.models import Round, RoundEvent

    read = rows._locked_round_sql(connection.vendor)
    insert, fields = rows._insert_sql(connection.vendor, RoundEvent, 1)
    update, _ = rows._update_sql(connection.vendor, Round, ("seq", "log_hash"))
    event = RoundEvent(round_id=round_id, seq=0, actor_id=user_id, role="dealer", created_at=timezone.now(),
                       action={"type": "decide", "step": 7, "seat": 3, "choice": "check"},
                       hash="a" * 64, prev_hash="b" * 64)
    event_params = [field.get_db_prep_save(field.pre_save(event, True), connection) for field in fields]
    return read, insert, update, event_params, [field.attname for field in fields].index("seq")


def run_shape(conn, shape: str, taps: int, sql: tuple, round_id: int, user_id: int) -> tuple[float, float, float]:
    """Client CPU, backend CPU and wall seconds of ``taps`` taps of one shape."""
    read, insert, update, event_params, seq_at = sql
    backend = [conn.info.backend_pid]
    cursor = conn.cursor()
    conn.autocommit = True
    seq, log_hash = cursor.execute('SELECT "seq", "log_hash" FROM "games_round" WHERE "id" = %s', [round_id]).fetchone()
    conn.autocommit = shape == "no read"
    # The optimistic write: the round moves on only from the seq expected, the event only with it.
    into, values = insert.split(" VALUES ")
    optimistic = f'WITH moved AS ({update} AND "seq" = %s RETURNING "id") {into} SELECT {values[1:-1]} FROM moved'
    one_write = f"WITH written AS ({insert}) {update}"
    params = list(event_params)  # the event's, its seq set per tap
    wall, cpu, pg = time.perf_counter(), time.process_time(), common.cpu_seconds(backend)
    for _ in range(taps):
        params[seq_at] = seq + 1
        moved = [seq + 1, "c" * 64, round_id]
        if shape == "tap":
            cursor.execute(read, [user_id, round_id]).fetchone()
            cursor.execute(insert, params)
            cursor.execute(update, moved)
            conn.commit()
        elif shape == "tap, one write":
            cursor.execute(read, [user_id, round_id]).fetchone()
            cursor.execute(one_write, params + moved)
            conn.commit()
        else:
            cursor.execute(optimistic, moved + [seq] + params)
            if cursor.rowcount != 1:
                raise SystemExit("the optimistic write found the round moved on: is something else writing to it?")
        seq += 1
    result = (time.process_time() - cpu, common.cpu_seconds(backend) - pg, time.perf_counter() - wall)
    conn.autocommit = True
    cursor.execute('DELETE FROM "games_roundevent" WHERE "round_id" = %s AND "seq" > %s', [round_id, seq - taps])
    cursor.execute('UPDATE "games_round" SET "seq" = %s, "log_hash" = %s WHERE "id" = %s',
                   [seq - taps, log_hash, round_id])
    return result


SHAPES = ("tap", "tap, one write", "no read")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=3000, help="taps per shape and repeat")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--taps-per-round", type=float, default=37.2,
                        help="taps a round takes (services.py's taps_per_round)")
    args = parser.parse_args()
    common.setup_django()
    import psycopg
    from django.contrib.auth.models import User

    from games.table import services

    common.create_database()
    table_id = common.reset_floor(1, 6)[0][0]
    dealer = User.objects.get(username="bench0")
    rnd = services.round_start(table_id=table_id, user=dealer)
    sql = statements(rnd.id, dealer.id)
    load = common.load_average()
    measured = {shape: [] for shape in SHAPES}
    with psycopg.connect(common.DATABASE_URL, prepare_threshold=0) as conn:
        for shape in SHAPES:  # warm-up: prepared statements, caches
            run_shape(conn, shape, 200, sql, rnd.id, dealer.id)
        for _ in range(args.repeat):
            for shape in SHAPES:
                measured[shape].append(run_shape(conn, shape, args.taps, sql, rnd.id, dealer.id))
    result = {"taps": args.taps, "repeat": args.repeat, "taps_per_round": args.taps_per_round,
              "load_average_before": load, "load_average_after": common.load_average(), "shapes": {}}
    for shape, runs in measured.items():
        client = statistics.median(run[0] for run in runs) * 1000 / args.taps
        backend = statistics.median(run[1] for run in runs) * 1000 / args.taps
        result["shapes"][shape] = {
            "client_cpu_ms_per_tap": round(client, 3), "postgres_cpu_ms_per_tap": round(backend, 3),
            "wall_ms_per_tap": round(statistics.median(run[2] for run in runs) * 1000 / args.taps, 3),
            "rounds_per_cpu_second": round(1000 / ((client + backend) * args.taps_per_round), 1),
        }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
