"""A rolling restart of two server processes behind the proxy (deploy/nginx.conf, in Debian's nginx)
while tablets play rounds through it: each process in turn is stopped with SIGTERM, as an
orchestrator does, and started again, and the next is stopped only once it answers /readyz.

What counts: taps lost (the ledger is the faults' one, checked against the database at the end),
taps answered with an error or not at all (over HTTP the proxy sends a request the stopping process
no longer takes to the other one, and the stopping process finishes those it has), and how long a
tablet's socket stays closed (it is closed with 1012 and reconnects, through the proxy, at once).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import threading
import time
from dataclasses import dataclass, field

from websockets.exceptions import InvalidStatus

from tests.reliability import world
from tests.reliability.client import Session, close_quietly, receive
from tests.reliability.stack import Stack, free_port, nginx_process, wait_for_port
from tests.reliability.tablets import Ledger, SocketTablet, Tablet

HTTP_TABLES = ("RL-1", "RL-2", "RL-4")
SOCKET_TABLE = "RL-3"
SETTLE = 3.0  # seconds of play before, between and after the restarts
# More rounds are played at a table here than the stub count allows without one (§ 647a.8(f)).
STUB_COUNT = {"type": "stub_count", "step": "stub_count", "result": "correct"}
STEP = re.compile(r'id="prompt" data-step="(\w*)"')


def _step(tablet: Tablet) -> str:
    """The step the round's prompt is at, as the table's fragment shows it."""
    found = STEP.search(tablet.session.get(f"/tables/{tablet.table['id']}/state/").body)
    return found[1] if found else ""


@dataclass
class RollingResults:
    why_not: str = ""  # why the scenario could not run (no nginx)
    rounds: int = 0  # closed during the scenario
    taps: int = 0  # recorded during the scenario
    http_unanswered: list[str] = field(default_factory=list)
    socket_unanswered: list[str] = field(default_factory=list)
    stop_seconds: list[float] = field(default_factory=list)
    ready_seconds: list[float] = field(default_factory=list)
    offline_seconds: list[float] = field(default_factory=list)  # each time a watching socket was closed

    @property
    def longest_offline(self) -> float:
        return max(self.offline_seconds, default=0.0)


class RollingRestart:
    def __init__(self, stack: Stack, ledger: Ledger, data: dict):
        self.stack, self.ledger, self.data = stack, ledger, data
        self.results = RollingResults()
        self.stop = threading.Event()
        self.errors: list[BaseException] = []

    def run(self) -> RollingResults:
        if not shutil.which("nginx") and not os.access("/usr/sbin/nginx", os.X_OK):
            self.results.why_not = "nginx is not installed (scripts/bootstrap installs it as root)"
            return self.results
        second_port, proxy_port = free_port(), free_port()
        second_log = self.stack.logs / "web2.log"
        second = self.stack.server_process(second_port, second_log)
        proxy = nginx_process(self.stack.root / "nginx", proxy_port, [self.stack.web_port, second_port],
                              log_path=self.stack.logs / "nginx.log")
        try:
            wait_for_port(second_port, 60, "the second server process", second)
            wait_for_port(proxy_port, 10, "nginx", proxy)
            second = self._play_while_restarting(f"http://127.0.0.1:{proxy_port}", second, second_port, second_log)
        finally:
            self.stop.set()
            for process in (proxy, second):
                if process.poll() is None:
                    process.terminate()
                    process.wait(30)
        if self.errors:
            raise self.errors[0]
        return self.results

    def _play_while_restarting(self, base: str, second, second_port: int, second_log):
        floor = Session(base)
        floor.login("floor")
        taps_before, notes_before = len(self.ledger.taps), len(self.ledger.unanswered)
        threads = [threading.Thread(target=self._play, args=(base, table, floor), daemon=True)
                   for table in (*HTTP_TABLES, SOCKET_TABLE)]
        threads.append(threading.Thread(target=self._watch, args=(floor,), daemon=True))
        for thread in threads:
            thread.start()
        time.sleep(SETTLE)
        # The first process, then the second: each stopped as an orchestrator does, and started again.
        self.results.stop_seconds.append(self.stack.web_stop())
        self.stack.web_start()
        self._until_ready(self.stack.web_port)
        time.sleep(SETTLE)
        started = time.monotonic()
        second.send_signal(signal.SIGTERM)
        second.wait(60)
        self.results.stop_seconds.append(time.monotonic() - started)
        second = self.stack.server_process(second_port, second_log)
        wait_for_port(second_port, 60, "the second server process", second)
        self._until_ready(second_port)
        time.sleep(SETTLE)
        self.stop.set()
        for thread in threads:
            thread.join(180)
        self.results.taps = len(self.ledger.taps) - taps_before
        notes = self.ledger.unanswered[notes_before:]
        self.results.socket_unanswered = [note for note in notes if "socket" in note]
        self.results.http_unanswered = [note for note in notes if "socket" not in note]
        return second

    def _until_ready(self, port: int) -> None:
        started = time.monotonic()
        probe = Session(f"http://127.0.0.1:{port}", timeout=5)
        while probe.get("/readyz").status != 200:
            if time.monotonic() - started > 60:
                raise RuntimeError(f"the server process on {port} was not ready within 60 s")
            time.sleep(0.1)
        self.results.ready_seconds.append(time.monotonic() - started)

    def _play(self, base: str, table: str, floor: Session) -> None:
        """Rounds at ``table``, one after another, until the restarts are over and a round is closed."""
        try:
            dealer = Session(base)
            dealer.login(world.TABLE_DEALERS[table])
            kind = SocketTablet if table == SOCKET_TABLE else Tablet
            tablet = kind(dealer, self.data["tables"][table], self.ledger)
            while not self.stop.is_set():
                tablet.start_round()
                if isinstance(tablet, SocketTablet):
                    tablet.connect()
                for action in world.SCRIPT[tablet.seq :]:
                    if action["step"] == "reveal" and _step(tablet) == STUB_COUNT["step"]:
                        tablet.tap(STUB_COUNT)  # due every 5 rounds at a table (§ 647a.8(f)), before the reveal
                    tablet.tap(action)
                approver = Tablet(floor.copy(), tablet.table, self.ledger)
                for approval in approver.approval_ids():
                    approver.decide(approval)
                tablet.sync()
                tablet.tap(world.CLOSE)
                self.results.rounds += 1
            if isinstance(tablet, SocketTablet):
                tablet.close()
        except BaseException as error:  # reported by the main thread
            self.errors.append(error)
            self.stop.set()

    def _watch(self, floor: Session) -> None:
        """A floorperson's pit, reconnecting at once whenever its socket closes, as the page does:
        how long it stayed without a socket each time (until the server accepted the new one: the
        page shows "Live" again then)."""
        ws = _connect(floor)
        while not self.stop.is_set():
            if ws is not None and receive(ws, 0.5).kind != "closed":
                continue
            closed = time.monotonic()
            ws = None
            while ws is None and not self.stop.is_set():
                ws = _connect(floor)
                if ws is None:
                    time.sleep(0.1)
            self.results.offline_seconds.append(time.monotonic() - closed)
        close_quietly(ws)


def _connect(session: Session):
    try:
        return session.socket("/ws/pit/")
    except (OSError, TimeoutError, InvalidStatus):
        return None
