"""Services throughput: Texas Hold 'Em Bonus rounds through ``services.round_act``.

    .venv/bin/python benchmarks/services.py --rounds 40 --seats 6
    .venv/bin/python benchmarks/services.py --rounds 40 --seats 6 --no-push

Reports rounds per second, CPU milliseconds per round of this process and of its PostgreSQL
backends (counted apart, from /proc), and SQL statements per tap.  Each tap is one call of
``round_act`` as a POST makes it, including what runs when it commits: the render of the table
for its tablets, the cache write and the group message to Redis, sent the way production sends
it (``async_to_sync`` from a worker thread while the event loop runs).  After each tap the
connection is handed back as Django does at the end of a request (``close_old_connections``:
to the pool when DB_POOL_SIZE is set).  The driver that picks the next tap from the engine's
prompt is timed apart and left out of the per-round CPU.

Uses its own database (BENCH_DATABASE_URL, created and migrated if missing; its rounds are
emptied first) and Redis database (BENCH_REDIS_URL), on 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import common  # noqa: E402


def unused_cards(state) -> list:
    """The game's deck, in order, less the cards the round has used."""
    used = Counter(state.used_cards())
    unused = []
    for card in state.game.deck.cards():
        if used[card]:
            used[card] -= 1
        else:
            unused.append(card)
    return unused


def next_tap(state, seats: int) -> list[dict]:
    """The tap a dealer makes at this prompt: each seat's Ante $10 and Bonus $5 while wagers are
    open, then the first (playing) choice of every decision, and the first unused cards."""
    prompt = state.prompt
    if prompt.wagers_open:
        for seat in range(1, seats + 1):
            if seat not in state.seats or not state.seats[seat].wagers:
                return [{"type": "place_wager", "step": prompt.step, "seat": seat, "wager": "ante", "amount": "10"},
                        {"type": "place_wager", "step": prompt.step, "seat": seat, "wager": "bonus", "amount": "5"}]
    if prompt.cards_needed:
        cards = [card.code for card in unused_cards(state)[:prompt.cards_needed]]
        return [{"type": "cards", "step": prompt.step, "target": prompt.cards_for, "cards": cards}]
    return [dict(prompt.choices[0].action)]


def run(rounds: int, seats: int) -> dict:
    from django.contrib.auth.models import User
    from django.db import close_old_connections, connection

    from games.models import Round, Table
    from games.table import replay, services

    dealer = User.objects.get(username="bench0")
    table = Table.objects.get(name="BENCH-1")
    statements = 0

    def count(execute, sql, params, many, context):
        nonlocal statements
        statements += 1
        return execute(sql, params, many, context)

    closed_before = Round.objects.filter(table=table, status=Round.Status.CLOSED).count()
    taps = 0
    driver = 0.0
    backends_before = None
    started_wall, started_cpu = time.perf_counter(), time.process_time()
    with connection.execute_wrapper(count):
        for _ in range(rounds):
            rnd = services.round_start(table_id=table.id, user=dealer)
            close_old_connections()
            if backends_before is None:
                pids = common.postgres_backends(connection.settings_dict["NAME"])
                backends_before = (pids, common.cpu_seconds(pids))
            while True:
                t = time.thread_time()
                state = replay.cached_state(rnd.id, rnd.seq) or services.engine_round(rnd)
                if state.closed:
                    driver += time.thread_time() - t
                    break
                actions = next_tap(state, seats)
                driver += time.thread_time() - t
                rnd = services.round_act(round_id=rnd.id, user=dealer, actions=actions, expected_seq=rnd.seq)
                close_old_connections()
                taps += 1
    wall = time.perf_counter() - started_wall
    cpu = time.process_time() - started_cpu - driver
    pids = set(backends_before[0]) | set(common.postgres_backends(connection.settings_dict["NAME"]))
    pg_cpu = common.cpu_seconds(pids) - backends_before[1]
    closed = Round.objects.filter(table=table, status=Round.Status.CLOSED).count() - closed_before
    return {
        "rounds": rounds, "closed": closed, "taps": taps, "taps_per_round": taps / rounds,
        "rounds_per_s": rounds / wall, "app_cpu_ms_per_round": 1000 * cpu / rounds,
        "postgres_cpu_ms_per_round": 1000 * pg_cpu / rounds, "driver_cpu_ms_per_round": 1000 * driver / rounds,
        "statements_per_tap": statements / (taps + rounds), "statements_per_round": statements / rounds,
    }


async def main_async(args) -> dict:
    from asgiref.sync import sync_to_async

    # Run in a worker thread while this loop runs, as the server runs a view: the push after each
    # commit then goes through async_to_sync into the running loop.
    return await sync_to_async(run, thread_sensitive=False)(args.rounds, args.seats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--seats", type=int, default=6, choices=range(1, 7))
    parser.add_argument("--warmup", type=int, default=2, help="rounds played first and not counted")
    parser.add_argument("--no-push", action="store_true",
                        help="leave out the render and push after each commit (the services alone)")
    args = parser.parse_args()
    common.setup_django()
    if args.no_push:
        from games.table import push

        push.table_changed = lambda table_id, **changed: None
    common.create_database()
    common.reset_floor(1, 6)
    load = common.load_average()
    if args.warmup:
        asyncio.run(main_async(argparse.Namespace(rounds=args.warmup, seats=args.seats)))
    result = asyncio.run(main_async(args))
    result["load_average_before"] = load
    result["load_average_after"] = common.load_average()
    from django.conf import settings

    result["pool"] = settings.DATABASES["default"].get("OPTIONS", {}).get("pool")
    result["push"] = not args.no_push
    print(json.dumps(result, indent=2, default=str))


if __name__ == "__main__":
    main()
