"""Faults injected while rounds are played: kill -9 of the server between taps and during bursts,
Redis stopped and restarted mid-round, PostgreSQL stopped (immediate) and restarted, and 20
clients racing the same tap over HTTP and over sockets."""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

from tests.reliability import world
from tests.reliability.client import Session, close_quietly, open_socket, receive, send
from tests.reliability.stack import Stack
from tests.reliability.tablets import Ledger, SocketTablet, Tablet


@dataclass
class FaultResults:
    injected: list[str] = field(default_factory=list)
    resumed_at_same_prompt: list[bool] = field(default_factory=list)
    restart_seconds: list[float] = field(default_factory=list)
    redis_outage_taps: int = 0
    redis_outage_5xx: int = 0
    resync_seconds: list[float] = field(default_factory=list)
    postgres_recovery_seconds: list[float] = field(default_factory=list)
    races: list[tuple[str, int, int]] = field(default_factory=list)  # (via, racers, applied)
    rounds_played: int = 0


class Faults:
    def __init__(self, stack: Stack, data: dict):
        self.stack, self.data = stack, data
        self.ledger = Ledger()
        self.results = FaultResults()
        self.dealers: dict[str, Session] = {}  # each table's dealer, signed in at it on the first tap
        self.floor = Session(stack.base_url)
        self.floor.login("floor")

    def dealer(self, table: str) -> Session:
        if table not in self.dealers:
            self.dealers[table] = Session(self.stack.base_url)
            self.dealers[table].login(world.TABLE_DEALERS[table])
        return self.dealers[table]

    def tablet(self, table: str, *, socket: bool = False) -> Tablet:
        kind = SocketTablet if socket else Tablet
        return kind(self.dealer(table).copy(), self.data["tables"][table], self.ledger)

    def round_in_play(self, table: str, taps: int) -> Tablet:
        """A dealer's tablet at ``table``, its round started and the script's first ``taps`` applied."""
        tablet = self.tablet(table)
        tablet.start_round()
        for action in world.SCRIPT[:taps]:
            tablet.tap(action)
        return tablet

    def restart_server(self) -> None:
        self.results.restart_seconds.append(self.stack.web_start())

    def kill_server(self, why: str) -> None:
        self.stack.web_kill()
        self.results.injected.append(f"kill -9 of the server {why}")

    def finish(self, tablet: Tablet) -> None:
        """The rest of the script, the floorperson's approval and the close."""
        for action in world.SCRIPT[tablet.seq :]:
            tablet.tap(action)
        floor = Tablet(self.floor.copy(), tablet.table, self.ledger)
        for approval in floor.approval_ids():
            floor.decide(approval)
        tablet.sync()
        tablet.tap(world.CLOSE)
        self.results.rounds_played += 1

    # -- the scenarios ---------------------------------------------------------------------------

    def kill_between_taps(self) -> None:
        tablet = self.round_in_play("RL-1", 5)
        before = tablet.sync()
        prompt_before = _prompt(tablet)
        self.kill_server("between two taps")
        self.restart_server()
        self.results.resumed_at_same_prompt.append(tablet.sync() == before and _prompt(tablet) == prompt_before)
        self.finish(tablet)

    def kill_during_burst(self, tables: list[str], socket_table: str, delay: float) -> None:
        """Several tablets tap as fast as the server answers; the server is killed in the middle."""
        tablets = [self.tablet(name) for name in tables] + [self.tablet(socket_table, socket=True)]
        for tablet in tablets:
            tablet.start_round()
        errors: list[BaseException] = []

        def play(tablet: Tablet) -> None:
            try:
                if isinstance(tablet, SocketTablet):
                    tablet.connect()
                for action in world.SCRIPT[tablet.seq :]:
                    tablet.tap(action)
            except BaseException as error:  # reported by the main thread
                errors.append(error)

        threads = [threading.Thread(target=play, args=(tablet,), daemon=True) for tablet in tablets]
        for thread in threads:
            thread.start()
        time.sleep(delay)
        self.kill_server(f"during a burst of taps at {len(tablets)} tables (one over its socket)")
        time.sleep(0.5)
        self.restart_server()
        for thread in threads:
            thread.join(120)
        if errors:
            raise errors[0]
        for tablet in tablets:
            if isinstance(tablet, SocketTablet):
                tablet.close()
            self.finish(tablet)

    def redis_outage(self) -> None:
        tablet = self.round_in_play("RL-2", 3)
        watcher, _ = open_socket(self.floor, f"/ws/tables/{tablet.table['id']}/")
        self.stack.redis_stop()
        self.results.injected.append("Redis stopped mid-round (3 taps while it was down), then restarted")
        for action in world.SCRIPT[3:6]:
            reply = tablet.send(action, tablet.seq)
            self.results.redis_outage_taps += 1
            if reply.status >= 500 or reply.status == 0:
                self.results.redis_outage_5xx += 1
                tablet.sync()
            elif reply.position and not reply.error:
                tablet.seq = reply.position[0]
                tablet._record(tablet.seq - 1, action, acknowledged=True)
            else:
                raise AssertionError(f"a tap during the Redis outage was refused: {reply.error}")
        time.sleep(2)
        self.stack.redis_start()
        restarted = time.monotonic()
        tablet.tap(world.SCRIPT[tablet.seq])
        self.results.resync_seconds.append(_watch_until(self.floor, watcher, tablet, restarted))
        self.finish(tablet)

    def postgres_outage(self) -> None:
        tablet = self.round_in_play("RL-3", 4)
        self.stack.pg_stop("immediate")
        self.results.injected.append("PostgreSQL stopped (immediate) mid-round, then restarted")
        for action in world.SCRIPT[4:6]:  # answered with an error: nothing can be recorded
            reply = tablet.send(action, tablet.seq)
            if reply.status == 200 and reply.position and not reply.error:
                raise AssertionError("a tap was acknowledged while PostgreSQL was down")
            self.ledger.note("a tap while PostgreSQL was down", reply)
        time.sleep(1)
        self.stack.pg_start()
        restarted = time.monotonic()
        tablet.tap(world.SCRIPT[tablet.sync()[0]])
        self.results.postgres_recovery_seconds.append(time.monotonic() - restarted)
        self.finish(tablet)

    def race(self, racers: int = 20, trials: int = 3) -> None:
        """racers clients send the same tap, decided on the same screen, at the same moment."""
        tablet = self.tablet("RACE")
        tablet.start_round()
        for via in ["HTTP"] * trials + ["socket"] * trials:
            action = world.SCRIPT[tablet.seq]
            before = len(world.events(tablet.round_id))
            barrier = threading.Barrier(racers)
            if via == "HTTP":
                racing = [_HttpRacer(self.dealer("RACE").copy(), tablet, action, barrier) for _ in range(racers)]
            else:
                racing = [_SocketRacer(self.dealer("RACE"), tablet, action, barrier) for _ in range(racers)]
            _run_all([threading.Thread(target=racer.run, daemon=True) for racer in racing])
            world.reconnect()
            applied = len(world.events(tablet.round_id)) - before
            self.results.races.append((via, racers, applied))
            tablet.sync()
            if applied == 1:
                tablet._record(tablet.seq - 1, action, acknowledged=True)
        self.finish(tablet)


class _HttpRacer:
    def __init__(self, session: Session, tablet: Tablet, action: dict, barrier: threading.Barrier):
        self.session, self.barrier = session, barrier
        self.path = f"/rounds/{tablet.round_id}/act/"
        self.data = {"seq": tablet.seq, "action": json.dumps(action)}

    def run(self) -> None:
        self.barrier.wait(10)
        self.session.post(self.path, self.data)


class _SocketRacer:
    def __init__(self, session: Session, tablet: Tablet, action: dict, barrier: threading.Barrier):
        self.ws, _ = open_socket(session, f"/ws/tables/{tablet.table['id']}/")
        self.barrier = barrier
        self.message = json.dumps({"round": tablet.round_id, "seq": tablet.seq, "action": action})

    def run(self) -> None:
        self.barrier.wait(10)
        send(self.ws, self.message)
        receive(self.ws, 3)
        close_quietly(self.ws)


def _run_all(threads: list[threading.Thread]) -> None:
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)


def _prompt(tablet: Tablet) -> str:
    reply = tablet.session.get(f"/tables/{tablet.table['id']}/state/")
    start = reply.body.find('<section class="prompt')
    return reply.body[start : reply.body.find("</section>", start)]


def _watch_until(session: Session, watcher, tablet: Tablet, since: float) -> float:
    """Seconds from ``since`` until a watching tablet shows the table's latest state: from its open
    socket, or, if the outage closed it, from a new one (as the page reconnects)."""
    deadline = since + 30
    while time.monotonic() < deadline:
        if watcher is not None:
            reply = receive(watcher, 0.5)
            if reply.kind == "state" and reply.position and reply.position[0] >= tablet.seq:
                close_quietly(watcher)
                return time.monotonic() - since
            if reply.kind == "closed":
                watcher = None
        else:
            watcher, first = open_socket(session, f"/ws/tables/{tablet.table['id']}/")
            if first.position and first.position[0] >= tablet.seq:
                close_quietly(watcher)
                return time.monotonic() - since
            if watcher is None:
                time.sleep(0.2)
    close_quietly(watcher)
    return float("inf")


def verify(ledger: Ledger) -> dict[str, int]:
    """The ledger against the database: rounds lost, acknowledged taps lost, taps applied twice."""
    from games.models import Round

    world.reconnect()
    acknowledged = sum(tap.acknowledged for tap in ledger.taps)
    lost = duplicates = rounds_lost = 0
    for round_id in ledger.rounds:
        if not Round.objects.filter(pk=round_id).exists():
            rounds_lost += 1
        logged = world.events(round_id)
        taps = [tap for tap in ledger.taps if tap.round_id == round_id]
        lost += sum(tap.acknowledged and logged.get(tap.seq + 1) != tap.action for tap in taps)
        # A tap is in the log once: any further copy of an action is a duplicate.
        logged_actions = Counter(
            json.dumps(action, sort_keys=True)
            for action in logged.values()
            if action["type"] not in ("approve", "refuse")
        )
        tapped = Counter(json.dumps(tap.action, sort_keys=True) for tap in taps)
        duplicates += sum(max(0, count - tapped[key]) for key, count in logged_actions.items())
    return {
        "acknowledged": acknowledged,
        "applied_unacknowledged": len(ledger.taps) - acknowledged,
        "lost": lost,
        "duplicates": duplicates,
        "rounds": len(ledger.rounds),
        "rounds_lost": rounds_lost,
    }
