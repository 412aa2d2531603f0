"""Push latency: from a dealer's POST until every tablet of the table shows the new state.

    .venv/bin/python benchmarks/push.py --tables 10 --mode paced --actions 20
    .venv/bin/python benchmarks/push.py --tables 50 --mode max --actions 20 --processes 2
    .venv/bin/python benchmarks/push.py --tables 100 --mode paced --actions 10 --storm

Starts ``--processes`` server processes (``dealer_assist.server``, DEBUG=0, the production
settings, each on a free port of 127.0.0.1) on the benchmark's own database and Redis database
(see common.py), and opens ``--tablets`` websockets per table, each with its own session and the
Origin a browser sends, spread over the servers.  One driver per table plays Texas Hold 'Em Bonus rounds through the
POSTs the tablet's buttons send (it reads the next button from the fragment it is answered
with): each seat's Ante and Bonus, then the first choice of every prompt and the first cards
the picker offers.  ``--mode paced``: one action per table every ``--interval`` seconds, the tables' starts spread
over one interval;
``--mode max``: each driver posts again as soon as it is answered.  Each driver stops after
``--actions`` actions, and everything after ``--timeout`` seconds.  ``--phases`` first brings
each table, unmeasured, to its own point of a round (table i of T: i/T of a round in), as on a
floor; without it every table starts, and later closes, its round in the same interval.

Per action: the HTTP time, and for each tablet the time from sending the POST until it received
that state or a newer one (a tablet that never does within the run, ``--grace`` seconds after the
last POST included, counts as a missed push, reported by server port and by whether the tablet's
socket had ended, and how);
p50/p95/p99/max in milliseconds, the servers' and PostgreSQL's CPU seconds while the drivers
ran (PostgreSQL's: the backends alive at the end, pooled connections being long-lived), and the
load generator's own: its CPU and how late its event loop woke (a late wake would delay the
times it takes).  ``--details FILE`` writes every action (its tap, HTTP and push times) for a
breakdown by tap.  ``--storm`` then
closes every socket and opens them all again at once, and reports how long until every tablet
had been sent the current state.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections import defaultdict
from urllib.parse import urlencode

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import common  # noqa: E402

POSITION = re.compile(r'data-seq="(\d*)" data-round="(\d*)"')
SEQ = re.compile(r'name="seq" value="(\d+)"')
START = re.compile(r'hx-post="(/tables/\d+/start/)"')
CHOICE = re.compile(r'<form hx-post="(/rounds/\d+/act/)"[^>]*>\s*<input type="hidden" name="seq" value="\d+">\s*'
                    r'<input type="hidden" name="action" value="([^"]*)">')
PICKER = re.compile(r'<form class="picker"[^>]* hx-post="(/rounds/\d+/act/)"[^>]*data-needed="(\d+)">.*?'
                    r'name="action" value="([^"]*)"', re.S)
FREE_CARD = re.compile(r'data-card="(\w\w)" data-label="[^"]*" (?!disabled)')
STEP = re.compile(r'name="step" value="([^"]*)"')
ERROR = re.compile(r'<p class="error" role="alert">(.*?)</p>', re.S)
WAGER_FORM = re.compile(r'<form class="seat-wagers"[^>]* hx-post="(/rounds/\d+/act/)"[^>]*data-seat="(\d+)">')


def position(text: str) -> tuple[int, int] | None:
    found = POSITION.search(text)
    if not found:
        return None
    return int(found.group(2) or 0), int(found.group(1) or 0)


# -- a minimal HTTP/1.1 client (one connection per request, as the load is what is measured) -------

async def request(port: int, method: str, path: str, cookies: dict[str, str], body: dict | None = None,
                  headers: dict[str, str] | None = None) -> tuple[int, dict[str, list[str]], str]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = urlencode(body or {}, doseq=True).encode()
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close",
             "Cookie: " + "; ".join(f"{k}={v}" for k, v in cookies.items()), f"Origin: http://127.0.0.1:{port}",
             f"Referer: http://127.0.0.1:{port}{path}"]
    if body is not None:
        lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(data)}"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, payload = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    found: dict[str, list[str]] = defaultdict(list)
    for line in header_lines:
        name, _, value = line.partition(":")
        found[name.strip().lower()].append(value.strip())
    if "chunked" in ",".join(found.get("transfer-encoding", [])):
        payload = _unchunk(payload)
    return int(status_line.split()[1]), found, payload.decode(errors="replace")


def _unchunk(data: bytes) -> bytes:
    out = b""
    while data:
        size_line, _, rest = data.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        out += rest[:size]
        data = rest[size + 2:]
    return out


# -- the floor: sessions, servers, sockets --------------------------------------------------------

def make_sessions(names: list[str]) -> list[str]:
    """One session per tablet, as a login makes it."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, load_backend
    from django.contrib.auth.models import User

    store = import_module(settings.SESSION_ENGINE).SessionStore
    # The backend a sign-in goes through: the first that loads users (as Django's test client picks it).
    backend = next(path for path in settings.AUTHENTICATION_BACKENDS if hasattr(load_backend(path), "get_user"))
    users = {user.username: user for user in User.objects.filter(username__in=names)}
    keys = []
    for name in names:
        user = users[name]
        session = store()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = backend
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        keys.append(session.session_key)
    return keys


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_servers(count: int, log_dir: str) -> list[tuple[int, subprocess.Popen]]:
    env = common.server_environment()
    servers = []
    for n in range(count):
        port = free_port()
        log = open(os.path.join(log_dir, f"server-{n}.log"), "w")  # noqa: SIM115 - kept open with the server
        # BENCH_SERVER: what follows ``python`` to start another server taking --host and --port.
        launcher = os.environ.get("BENCH_SERVER", "").split() or ["-m", "dealer_assist.server"]
        process = subprocess.Popen([sys.executable, *launcher, "--host", "127.0.0.1", "--port", str(port)],
                                   cwd=common.BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT)
        servers.append((port, process))
    deadline = time.monotonic() + 60
    for port, process in servers:
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server on port {port} did not start (see {log_dir})") from None
                time.sleep(0.2)
    return servers


class Tablet:
    def __init__(self, table_id: int, port: int, session: str):
        self.table_id, self.port, self.session = table_id, port, session
        self.received: list[tuple[tuple[int, int], float]] = []
        self.socket = None
        self.task = None
        self.closing = False
        self.lost: str | None = None  # how the socket ended, if it ended before the run did

    async def open(self) -> None:
        import websockets

        self.socket = await websockets.connect(
            f"ws://127.0.0.1:{self.port}/ws/tables/{self.table_id}/", origin=f"http://127.0.0.1:{self.port}",
            additional_headers={"Cookie": f"sessionid={self.session}"}, max_size=None, open_timeout=60)
        self.closing, self.lost = False, None
        self.task = asyncio.create_task(self.listen())

    async def listen(self) -> None:
        try:
            async for message in self.socket:
                where = position(message)
                if where is not None:
                    self.received.append((where, time.perf_counter()))
        except Exception as error:  # a closed socket ends the listener; what it missed is counted
            self.lost = repr(error)[:200]
        if not self.closing and self.lost is None:
            self.lost = f"closed by the server: {self.socket.close_code} {self.socket.close_reason!r}"

    async def close(self) -> None:
        self.closing = True
        if self.socket is not None:
            await self.socket.close()
        if self.task is not None:
            await self.task

    def first_at_or_after(self, where: tuple[int, int], since: float) -> float | None:
        for seen, at in self.received:
            if seen >= where and at >= since:
                return at
        return None


# -- the dealer --------------------------------------------------------------------------------------

def next_post(fragment: str, placed: set[int], seats: int) -> tuple[str, dict] | None:
    """The POST the next button of this fragment sends, as the dealer would tap it."""
    seq = SEQ.search(fragment)
    wager_forms = WAGER_FORM.findall(fragment)
    for url, seat in wager_forms:
        if int(seat) <= seats and int(seat) not in placed:
            placed.add(int(seat))
            return url, {"seq": seq.group(1), "step": html.unescape(STEP.search(fragment).group(1)),
                         "seat": seat, "wager": ["ante", "bonus"],
                         "amount_ante": "10", "amount_bonus": "5"}
    picker = PICKER.search(fragment)
    if picker:
        cards = FREE_CARD.findall(fragment[picker.start():])[:int(picker.group(2))]
        return picker.group(1), {"seq": seq.group(1), "action": html.unescape(picker.group(3)),
                                 "cards": " ".join(cards)}
    choice = CHOICE.search(fragment)
    if choice:
        return choice.group(1), {"seq": seq.group(1), "action": html.unescape(choice.group(2))}
    start = START.search(fragment)
    if start:
        placed.clear()
        return start.group(1), {}
    return None


def tap_name(body: dict) -> str:
    """What a tap was, for the reports by tap: its action's type and step, "wagers" or "start"."""
    if "action" in body:
        action = json.loads(html.unescape(body["action"]))
        return f"{action.get('type')} {action.get('step', '')}".strip()
    return "wagers" if "wager" in body else "start"


async def open_page(table_id: int, port: int, session: str) -> tuple[dict, str, str]:
    """The dealer opens the table's page: the cookies and CSRF token its POSTs carry."""
    cookies = {"sessionid": session}
    status, headers, page = await request(port, "GET", f"/tables/{table_id}/", cookies)
    for cookie in headers.get("set-cookie", []):
        name, _, rest = cookie.partition("=")
        cookies[name] = rest.split(";", 1)[0]
    return cookies, re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1), page


class Dealer:
    """A table's dealer: taps the next button of the fragment it was last answered with."""

    def __init__(self, table_id: int, port: int, page: tuple[dict, str, str], args):
        self.table_id, self.port, self.args = table_id, port, args
        self.cookies, self.token, self.fragment = page
        self.placed: set[int] = set()

    async def tap(self) -> dict | None:
        """One tap (None when the fragment offers none): what it was, when it was sent, how long
        its answer took, and the position it reached."""
        tap = next_post(self.fragment, self.placed, self.args.seats)
        if tap is None:
            return None
        url, body = tap
        began = time.perf_counter()
        status, _, answer = await request(self.port, "POST", url, self.cookies, body,
                                          {"X-CSRFToken": self.token, "HX-Request": "true"})
        answered = time.perf_counter()
        where = position(answer)
        if status != 200 or where is None or 'class="error"' in answer:
            refusal = ERROR.search(answer)
            self.fragment = (await request(self.port, "GET", f"/tables/{self.table_id}/state/", self.cookies))[2]
            return {"table": self.table_id, "sent": began, "http": answered - began, "ok": False, "status": status,
                    "refusal": html.unescape(refusal.group(1)) if refusal else None, "tap": tap_name(body)}
        self.fragment = answer
        return {"table": self.table_id, "sent": began, "http": answered - began, "ok": True, "where": where,
                "tap": tap_name(body), "port": self.port}

    async def round_length(self) -> int:
        """Taps in one round (unmeasured): played from this round's start to the next's."""
        taps, started = 0, 0
        while started < 2:
            done = await self.tap()
            if done is None:
                raise RuntimeError(f"table {self.table_id}: no button to tap")
            started += done["tap"] == "start"
            taps += started == 1
        return taps

    async def drive(self, actions: list, deadline: float, start_after: float = 0.0) -> None:
        await asyncio.sleep(start_after)
        for _ in range(self.args.actions):
            began = time.perf_counter()
            if began > deadline:
                break
            done = await self.tap()
            if done is None:
                break
            actions.append(done)
            if self.args.mode == "paced":
                await asyncio.sleep(max(0.0, self.args.interval - (time.perf_counter() - began)))


# -- the run ------------------------------------------------------------------------------------------

async def watch_loop(lags: list[float], stop: asyncio.Event, every: float = 0.01) -> None:
    """How late this process's own event loop wakes: a late wake delays every timestamp it takes."""
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(every)
        lags.append(time.perf_counter() - asked - every)


async def run(args, table_ids, sessions, ports, server_pids, database) -> dict:
    tablets: dict[int, list[Tablet]] = {}
    n = 0
    for table_id in table_ids:
        tablets[table_id] = []
        for _ in range(args.tablets):
            tablets[table_id].append(Tablet(table_id, ports[n % len(ports)], sessions[n]))
            n += 1
    every = [tablet for group in tablets.values() for tablet in group]
    for batch in range(0, len(every), 50):
        await asyncio.gather(*(tablet.open() for tablet in every[batch:batch + 50]))
    await asyncio.sleep(1)

    # The first tablet of each table is its dealer's: the driver posts with that session.
    pages = await asyncio.gather(*(open_page(table_id, ports[i % len(ports)], tablets[table_id][0].session)
                                   for i, table_id in enumerate(table_ids)))
    dealers = [Dealer(table_id, ports[i % len(ports)], pages[i], args) for i, table_id in enumerate(table_ids)]
    if args.phases:
        # Tables on a floor are at different points of their rounds.  Unmeasured, each table is
        # first brought to its own point: table i of T is i/T of a round in (the first plays one
        # whole round to count its taps).  Without it every table closes its round in the same
        # interval and starts the next in the following one, the two heaviest taps in step.
        length = await dealers[0].round_length()
        for n in range(length):
            await asyncio.gather(*(dealer.tap() for i, dealer in enumerate(dealers) if n < i * length // len(dealers)))
    actions: list[dict] = []
    lags: list[float] = []
    stop_watch = asyncio.Event()
    watcher = asyncio.create_task(watch_loop(lags, stop_watch))
    cpu = (common.cpu_seconds(server_pids), common.cpu_seconds(common.postgres_backends(database)),
           common.cpu_seconds([os.getpid()]))
    deadline = time.perf_counter() + args.timeout
    began = time.perf_counter()
    # Paced tables start spread over one interval, as tables on a floor do: all in step, every
    # action would arrive in one burst and wait for the others.
    spread = args.interval / len(table_ids) if args.mode == "paced" else 0.0
    await asyncio.gather(*(dealer.drive(actions, deadline, i * spread) for i, dealer in enumerate(dealers)))
    elapsed = time.perf_counter() - began
    await asyncio.sleep(args.grace)
    server_cpu = common.cpu_seconds(server_pids) - cpu[0]
    postgres_cpu = common.cpu_seconds(common.postgres_backends(database)) - cpu[1]
    client_cpu = common.cpu_seconds([os.getpid()]) - cpu[2]
    stop_watch.set()
    await watcher

    http_ms, push_ms, missed = [], [], 0
    # Where the missed pushes were, so that a loss can be told apart: a socket that ended, one
    # server process, or pushes that never reached a socket that stayed open.
    missed_by = defaultdict(int)
    for action in actions:
        http_ms.append(1000 * action["http"])
        if not action["ok"]:
            continue
        for tablet in tablets[action["table"]]:
            at = tablet.first_at_or_after(action["where"], action["sent"])
            if at is None:
                missed += 1
                missed_by[f"port {tablet.port}, " + ("socket lost" if tablet.lost else "socket open")] += 1
            else:
                push_ms.append(1000 * (at - action["sent"]))
                action.setdefault("push", []).append(at - action["sent"])
    failed = defaultdict(int)  # by HTTP status (200: answered with a refusal)
    for action in actions:
        if not action["ok"]:
            failed[str(action["status"])] += 1
    result = {"actions": len(actions), "refused_or_failed": sum(not a["ok"] for a in actions),
              "refused_or_failed_by_status": dict(failed),
              "refusals": sorted({a["refusal"] for a in actions if a.get("refusal")})[:5],
              "actions_per_s": len(actions) / elapsed if elapsed else 0, "http_ms": common.percentiles(http_ms),
              "push_ms": common.percentiles(push_ms), "pushes_missed": missed,
              "pushes_expected": sum(a["ok"] for a in actions) * args.tablets, "missed_by": dict(missed_by),
              "sockets_lost": sorted({t.lost for t in every if t.lost})[:5],
              "sockets_lost_count": sum(t.lost is not None for t in every),
              "server_cpu_s": server_cpu, "server_cpu_ms_per_action": 1000 * server_cpu / max(1, len(actions)),
              "postgres_cpu_s": postgres_cpu, "client_cpu_s": client_cpu,
              "client_loop_lag_ms": common.percentiles([1000 * lag for lag in lags])}
    if args.details:
        with open(args.details, "w") as out:
            json.dump([{k: v for k, v in a.items()} for a in actions], out)

    if args.storm:
        await asyncio.gather(*(tablet.close() for tablet in every))
        current = {}
        for table_id, group in tablets.items():
            last = max((where for where, _ in group[0].received), default=(0, 0))
            current[table_id] = last
            for tablet in group:
                tablet.received = []
        storm_began = time.perf_counter()
        opened = await asyncio.gather(*(tablet.open() for tablet in every), return_exceptions=True)
        errors = [outcome for outcome in opened if isinstance(outcome, Exception)]
        failures = len(errors)
        storm_deadline = storm_began + args.storm_timeout
        while time.perf_counter() < storm_deadline:
            if all(any(where >= current[t.table_id] for where, _ in t.received) for t in every):
                break
            await asyncio.sleep(0.05)
        settled = [min((at for where, at in t.received if where >= current[t.table_id]), default=None) for t in every]
        result["storm"] = {"sockets": len(every), "open_failures": failures,
                           "first_error": repr(errors[0]) if errors else None,
                           "settled": sum(at is not None for at in settled),
                           "all_settled_s": (max(at for at in settled) - storm_began)
                           if all(at is not None for at in settled) else None,
                           "p50_s": common.percentiles([at - storm_began for at in settled if at is not None])}
    await asyncio.gather(*(tablet.close() for tablet in every))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--tablets", type=int, default=6)
    parser.add_argument("--seats", type=int, default=3, help="seats that wager at each table")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--mode", choices=["paced", "max"], default="paced")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between a table's actions when paced")
    parser.add_argument("--actions", type=int, default=20, help="actions per table")
    parser.add_argument("--timeout", type=float, default=180, help="the most the drivers run, in seconds")
    parser.add_argument("--grace", type=float, default=5, help="seconds to wait for the last pushes")
    parser.add_argument("--phases", action="store_true",
                        help="first bring the tables to different points of their rounds (unmeasured)")
    parser.add_argument("--details", help="write every action (its tap, HTTP and push times) to this JSON file")
    parser.add_argument("--storm", action="store_true", help="then reopen every socket at once")
    parser.add_argument("--storm-timeout", type=float, default=60)
    args = parser.parse_args()
    if not 1 <= args.tables <= 200 or not 1 <= args.tablets <= 6 or not 1 <= args.processes <= 4:
        parser.error("at most 200 tables, 6 tablets each and 4 server processes")

    common.setup_django()
    common.create_database()
    from django.core.management import call_command

    call_command("collectstatic", "--noinput", verbosity=0)  # DEBUG=0 serves the manifest's files
    table_ids, names = common.reset_floor(args.tables, args.tablets)
    sessions = make_sessions(names)
    import redis

    redis.Redis.from_url(common.REDIS_URL).flushdb()  # this benchmark's Redis database only
    from django.db import connections

    connections.close_all()
    import tempfile

    log_dir = tempfile.mkdtemp(prefix="bench-push-")
    servers = start_servers(args.processes, log_dir)
    pids = [process.pid for _, process in servers]
    database = common.DATABASE_URL.rsplit("/", 1)[1]
    load_before = common.load_average()
    try:
        result = asyncio.run(run(args, table_ids, sessions, [port for port, _ in servers], pids, database))
    finally:
        for _, process in servers:
            process.send_signal(signal.SIGTERM)
        for _, process in servers:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
    result.update({"tables": args.tables, "tablets": args.tablets, "processes": args.processes, "mode": args.mode,
                   "load_average_before": load_before, "load_average_after": common.load_average(),
                   "server_logs": log_dir})
    print(json.dumps(result, indent=2, default=lambda v: round(v, 1) if isinstance(v, float) else str(v)))


if __name__ == "__main__":
    main()
