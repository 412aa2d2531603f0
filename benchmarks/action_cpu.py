"""CPU per tap along the server's whole path for one action, in one process.

    .venv/bin/python benchmarks/action_cpu.py --actions 300

A dealer's taps of Texas Hold 'Em Bonus rounds (the buttons' POSTs, read from each answer as
``push.py``'s drivers do) go through Django's ASGI handler in this process's event loop: the
middleware, the view, the service and its transaction, the render after the commit, the cache
write and the publish to Redis.  Not counted: the server's HTTP parsing and the websocket sends to
the tablets (``push.py`` measures those with the rest).  Reports CPU milliseconds and SQL
statements per tap.

CPU time on a shared machine moves with the other work on it; instruction counts do not.  For
those, run it under callgrind with no timed taps and with 40, and divide the difference:

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.0 \\
        .venv/bin/python benchmarks/action_cpu.py --warmup 20 --actions 0
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.40 \\
        .venv/bin/python benchmarks/action_cpu.py --warmup 20 --actions 40
    # (the "Collected" line of the second - that of the first) / 40 = instructions per tap

Uses the benchmarks' own database and Redis database (common.py; its rounds are emptied first).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import common  # noqa: E402


async def run(args) -> dict:
    import push as floor  # this folder's push.py: its sessions and its reading of the buttons
    from asgiref.sync import sync_to_async
    from django.db.backends.signals import connection_created
    from django.test import AsyncClient

    statements = 0
    kinds: collections.Counter = collections.Counter()

    def count(execute, sql, params, many, context):
        nonlocal statements
        statements += 1
        if args.statements:
            kinds[re.sub(r"\d+", "N", sql)[:args.statements]] += 1
        return execute(sql, params, many, context)

    def counted(sender, connection, **kwargs):
        if count not in connection.execute_wrappers:
            connection.execute_wrappers.append(count)

    connection_created.connect(counted)
    await sync_to_async(common.create_database)()
    table_ids, names = await sync_to_async(common.reset_floor)(1, 1)
    import redis

    redis.Redis.from_url(common.REDIS_URL).flushdb()  # this benchmark's Redis database only
    client = AsyncClient()
    client.cookies["sessionid"] = (await sync_to_async(floor.make_sessions)(names))[0]
    fragment = (await client.get(f"/tables/{table_ids[0]}/state/")).content.decode()
    placed: set[int] = set()

    by_tap: dict[str, list[tuple[float, float, int]]] = collections.defaultdict(list)  # (CPU, wall, statements)

    async def tap() -> None:
        nonlocal fragment
        url, body = floor.next_post(fragment, placed, args.seats)
        began, began_wall, statements_before = time.process_time(), time.perf_counter(), statements
        response = await client.post(url, body, headers={"HX-Request": "true"})
        by_tap[floor.tap_name(body)].append((time.process_time() - began, time.perf_counter() - began_wall,
                                             statements - statements_before))
        fragment = response.content.decode()
        if response.status_code != 200 or 'class="error"' in fragment:
            raise RuntimeError(f"the tap to {url} was not taken: {response.status_code} {fragment[:500]}")

    for _ in range(args.warmup):
        await tap()
    statements = 0
    kinds.clear()
    by_tap.clear()
    began_wall, began_cpu = time.perf_counter(), time.process_time()
    for _ in range(args.actions):
        await tap()
    wall, cpu = time.perf_counter() - began_wall, time.process_time() - began_cpu
    per = max(1, args.actions)
    result = {"actions": args.actions, "cpu_ms_per_action": 1000 * cpu / per, "wall_ms_per_action": 1000 * wall / per,
              "statements_per_action": statements / per,
              # Which taps cost what: each kind's mean CPU and wall milliseconds and statements, and how
              # many were measured.
              "by_tap": {name: {"cpu_ms": round(1000 * sum(t[0] for t in taps) / len(taps), 2),
                                "wall_ms": round(1000 * sum(t[1] for t in taps) / len(taps), 2),
                                "statements": round(sum(t[2] for t in taps) / len(taps), 2), "taps": len(taps)}
                         for name, taps in sorted(by_tap.items(), key=lambda item: -sum(t[0] for t in item[1]))}}
    if args.statements:
        # Which statements a tap runs, per tap (the warm-up's left out).
        result["statements"] = {sql: round(n / per, 2) for sql, n in kinds.most_common()}
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=300, help="taps measured")
    parser.add_argument("--warmup", type=int, default=40, help="taps first, not measured")
    parser.add_argument("--seats", type=int, default=3, help="seats that wager")
    parser.add_argument("--statements", type=int, default=0, metavar="CHARS",
                        help="also list the statements a tap runs, each by its first CHARS characters")
    args = parser.parse_args()
    # Django's test client names its host "testserver".
    os.environ["ALLOWED_HOSTS"] = "127.0.0.1,testserver"
    environment = common.server_environment
    common.server_environment = lambda: {**environment(), "ALLOWED_HOSTS": os.environ["ALLOWED_HOSTS"]}
    common.setup_django()
    load = common.load_average()
    result = asyncio.run(run(args))
    result.update({"load_average_before": load, "load_average_after": common.load_average()})
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
