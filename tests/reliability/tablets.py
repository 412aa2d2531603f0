"""Tablets that play rounds through faults, and the ledger of what the server acknowledged.

A tap is *acknowledged* when the server answered it with the table at the next sequence number
(over HTTP: the POST's answer; over a socket: the push of that state).  When a tap gets no answer
(the server was killed, the database is down), the tablet does what the page does: it waits for
the server, reads the table's state, and sends the tap again only if the state shows it was not
applied.  At the end the ledger is compared with the database: every acknowledged tap must be
in its round's log at its place, and no tap may be there twice.
"""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass, field

from tests.reliability.client import Reply, Session, SocketReply, close_quietly, open_socket, receive, send

WAIT_FOR_SERVER = 90  # seconds a tablet keeps trying through a fault


class HarnessError(RuntimeError):
    """The round did not go as the script says for a reason other than a fault: a bug to look at."""


@dataclass
class Tap:
    table: str
    round_id: int
    seq: int  # the sequence number it was decided on; applied, it is event seq + 1
    action: dict
    acknowledged: bool
    via: str


@dataclass
class Ledger:
    taps: list[Tap] = field(default_factory=list)
    rounds: dict[int, str] = field(default_factory=dict)  # round id -> table, for rounds acknowledged started
    unanswered: list[str] = field(default_factory=list)  # what a tap got instead of an answer, during faults
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, tap: Tap) -> None:
        with self.lock:
            self.taps.append(tap)

    def note(self, what: str, reply: Reply | SocketReply) -> None:
        if isinstance(reply, Reply):
            answer = f"HTTP {reply.status}" if reply.status else f"no answer ({reply.problem.split(':')[0]})"
        else:
            answer = f"socket {reply.kind}" + (f" {reply.code}" if reply.code else "")
        with self.lock:
            self.unanswered.append(f"{what}: {answer}")


def _wait(until: float) -> None:
    if time.monotonic() > until:
        raise HarnessError("the server did not come back in time")
    time.sleep(0.2)


class Tablet:
    """A dealer's (or floorperson's) tablet over HTTP at one table."""

    def __init__(self, session: Session, table: dict, ledger: Ledger):
        self.session, self.table, self.ledger = session, table, ledger
        self.seq, self.round_id, self.status = 0, None, ""

    @property
    def name(self) -> str:
        return self.table["name"]

    def sync(self) -> tuple[int, int | None, str]:
        """The table's state as the server has it, waiting through a fault."""
        until = time.monotonic() + WAIT_FOR_SERVER
        while True:
            reply = self.session.get(f"/tables/{self.table['id']}/state/")
            if reply.status == 200 and reply.position:
                self.seq, self.round_id, self.status = reply.position
                return reply.position
            _wait(until)

    def deal_here(self) -> None:
        """A dealer acts only at the table they are signed in at: before acting at this table, the
        dealer taps "I'm dealing this table" here, as one moving between tables does."""
        if getattr(self.session, "dealing_at", None) == self.table["id"]:
            return
        until = time.monotonic() + WAIT_FOR_SERVER
        while (reply := self.session.post(f"/tables/{self.table['id']}/deal/")).status >= 500 or reply.status == 0:
            self.ledger.note("a dealer's sign-in", reply)
            _wait(until)
        self.session.dealing_at = self.table["id"]

    def start_round(self) -> int:
        self.deal_here()
        until = time.monotonic() + WAIT_FOR_SERVER
        while True:
            self.sync()
            if self.round_id is not None and self.status == "open" and self.seq == 0:
                break  # started, by this tablet before a fault cut the answer
            reply = self.session.post(f"/tables/{self.table['id']}/start/")
            if reply.status == 200 and reply.position and not reply.error:
                self.seq, self.round_id, self.status = reply.position
                break
            if reply.status == 200 and reply.error:
                raise HarnessError(f"{self.name}: the round was not started: {reply.error}")
            self.ledger.note("a round's start", reply)
            _wait(until)
        self.ledger.rounds[self.round_id] = self.name
        return self.round_id

    def tap(self, action: dict) -> bool:
        """Send one tap until it is applied; returns whether its answer acknowledged it."""
        self.deal_here()
        expected = self.seq
        until = time.monotonic() + WAIT_FOR_SERVER
        while True:
            reply = self.send(action, expected)
            position = reply.position if reply.status == 200 else None
            if position and not reply.error and position[:2] == (expected + 1, self.round_id):
                self.seq = expected + 1
                self._record(expected, action, acknowledged=True)
                return True
            if position and reply.error and "moved on" not in reply.error:
                raise HarnessError(f"{self.name}: {action['type']} at seq {expected} was refused: {reply.error}")
            if not position:
                self.ledger.note("a tap over HTTP", reply)
            # No answer, or "moved on": did it apply before the fault cut its answer?
            seq, round_id, _ = self.sync()
            if round_id != self.round_id or seq > expected + 1:
                raise HarnessError(f"{self.name}: the round moved to {round_id}/{seq}, expected {expected + 1}")
            if seq == expected + 1:
                self._record(expected, action, acknowledged=False)
                return False
            _wait(until)

    def send(self, action: dict, seq: int) -> Reply:
        """One POST of the tap, decided on ``seq``, whatever its answer."""
        return self.session.post(f"/rounds/{self.round_id}/act/", {"seq": seq, "action": json.dumps(action)})

    def _record(self, seq: int, action: dict, *, acknowledged: bool) -> None:
        self.ledger.record(Tap(self.name, self.round_id, seq, action, acknowledged, "http"))

    def approval_ids(self) -> list[int]:
        """The approvals this (floorperson's) tablet can decide at the table."""
        reply = self.session.get(f"/tables/{self.table['id']}/state/")
        return [int(n) for n in re.findall(r"/approvals/(\d+)/decide/", reply.body)]

    def decide(self, approval_id: int, decision: str = "approve") -> Reply:
        until = time.monotonic() + WAIT_FOR_SERVER
        while True:
            reply = self.session.post(f"/approvals/{approval_id}/decide/", {"decision": decision, "from": "table"})
            if reply.status == 200:
                return reply
            self.ledger.note("an approval", reply)
            _wait(until)


class SocketTablet(Tablet):
    """A dealer's tablet that sends its taps over the websocket, as a card reader's bridge might."""

    def __init__(self, session: Session, table: dict, ledger: Ledger):
        super().__init__(session, table, ledger)
        self.ws = None

    def connect(self) -> None:
        until = time.monotonic() + WAIT_FOR_SERVER
        while True:
            close_quietly(self.ws)
            self.ws, first = open_socket(self.session, f"/ws/tables/{self.table['id']}/")
            if self.ws is not None and first.position:
                self.seq, self.round_id, self.status = first.position
                return
            _wait(until)

    def tap(self, action: dict) -> bool:
        self.deal_here()
        expected = self.seq
        until = time.monotonic() + WAIT_FOR_SERVER
        while True:
            if self.ws is None:
                self.connect()
                if self.seq == expected + 1:
                    self._record(expected, action, acknowledged=False, via="socket")
                    return False
            message = json.dumps({"round": self.round_id, "seq": expected, "action": action})
            reply = send(self.ws, message) or self._state_after(expected)
            if reply.kind == "state" and reply.position and reply.position[0] == expected + 1:
                self.seq = expected + 1
                self._record(expected, action, acknowledged=True, via="socket")
                return True
            if reply.kind == "refused" and "moved on" not in reply.text:
                raise HarnessError(f"{self.name}: {action['type']} at seq {expected} was refused: {reply.text}")
            self.ledger.note("a tap over the socket", reply)
            close_quietly(self.ws)
            self.ws = None  # reconnect: the state on connect says whether the tap was applied
            _wait(until)

    def _state_after(self, expected: int) -> SocketReply:
        """The push of the tap's state, or a refusal, or the close (pushes of older states skipped)."""
        deadline = time.monotonic() + 10
        while (left := deadline - time.monotonic()) > 0:
            reply = receive(self.ws, left)
            if reply.kind != "state" or (reply.position and reply.position[0] >= expected + 1):
                return reply
        return SocketReply("silent")

    def _record(self, seq: int, action: dict, *, acknowledged: bool, via: str = "http") -> None:
        self.ledger.record(Tap(self.name, self.round_id, seq, action, acknowledged, via))

    def close(self) -> None:
        close_quietly(self.ws)
        self.ws = None
