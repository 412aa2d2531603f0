"""Every role against every endpoint and message type, and sockets kept open after their user
logged out or lost a role: a forbidden attempt must change nothing and show nothing.

Who may do what is written here from the roles' description (README, games/people/roles.py), not read
from the code under test.  The forbidden attempts run first, while everything they target is
still there to be changed (a pending approval, a table with no round in play); then the allowed
ones, to show that each attempt was one the server would accept from the right role.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from tests.reliability import world
from tests.reliability.client import Reply, Session, close_quietly, open_socket, receive, send
from tests.reliability.tablets import Ledger, Tablet

ROLES = ["anonymous", "stranger", "dealer", "floor", "super", "both", "admin"]
DEALERS = {"dealer", "both"}
FLOOR = {"floor", "super", "both"}
ANY_ROLE = {"dealer", "floor", "super", "both"}


@dataclass
class Attempt:
    role: str
    target: str
    allowed: bool
    succeeded: bool
    detail: str = ""


@dataclass
class AccessResults:
    attempts: list[Attempt] = field(default_factory=list)
    stale: list[Attempt] = field(default_factory=list)
    stale_sockets_closed: list[tuple[str, bool, bool]] = field(default_factory=list)  # (what, closed, must close)

    @property
    def forbidden(self) -> list[Attempt]:
        return [a for a in self.attempts if not a.allowed] + self.stale


@dataclass
class Target:
    name: str
    allowed: set[str]
    run: Callable[[Session], object]  # a Reply (HTTP) or a SocketReply-like outcome
    writes: bool  # success means the database changed; otherwise a page shown (HTTP 200)


class Access:
    def __init__(self, base_url: str, data: dict):
        self.base_url, self.data = base_url, data
        self.results = AccessResults()
        self.sessions = {role: Session(base_url) for role in ROLES}
        for role, session in self.sessions.items():
            if role != "anonymous":
                session.login(role)
        self.prepare()

    def table(self, name: str) -> dict:
        return self.data["tables"][name]

    def prepare(self) -> None:
        ledger = Ledger()
        dealer, floor = self.sessions["dealer"], self.sessions["floor"]
        # ACCESS: a round taking wagers (the dealer's next tap would be applied).
        self.taking = Tablet(dealer, self.table("ACCESS"), ledger)
        self.taking.start_round()
        self.taking.tap(world.SCRIPT[0])
        # SEGREGATION: a round "both" dealt, its payout waiting for a floorperson.
        dealt = Tablet(self.sessions["both"], self.table("SEGREGATION"), ledger)
        dealt.start_round()
        for action in world.SCRIPT:
            dealt.tap(action)
        self.segregated = dealt
        self.approval = Tablet(floor, dealt.table, ledger).approval_ids()[0]
        # ACCESS-2: a closed round (history pages) and no round in play (starting one).
        closed = Tablet(dealer, self.table("ACCESS-2"), ledger)
        closed.start_round()
        for action in world.SCRIPT:
            closed.tap(action)
        floor_tablet = Tablet(floor, closed.table, ledger)
        floor_tablet.decide(floor_tablet.approval_ids()[0])
        closed.sync()
        closed.tap(world.CLOSE)
        self.closed_round = closed.round_id

    # -- the targets ------------------------------------------------------------------------------

    def targets(self) -> list[Target]:
        access, access2 = self.table("ACCESS")["id"], self.table("ACCESS-2")["id"]
        closed, segregation = self.closed_round, self.table("SEGREGATION")["id"]
        tap = {"seq": self.taking.seq, "action": json.dumps(world.SCRIPT[2])}
        approve_by_act = {
            "seq": self.segregated.seq,
            "action": json.dumps({"type": "approve", "step": "close", "approval": 1}),
        }
        event = self.some_event_id()

        def get(path: str) -> Callable[[Session], Reply]:
            return lambda session: session.get(path)

        def post(path: str, data: dict) -> Callable[[Session], Reply]:
            return lambda session: session.post(path, data)

        return [
            Target("home", ANY_ROLE, get("/"), False),
            Target("table page", ANY_ROLE, get(f"/tables/{access}/"), False),
            Target("table state", ANY_ROLE, get(f"/tables/{access}/state/"), False),
            Target("table options (page)", {"super"}, get(f"/tables/{access2}/configure/"), False),
            Target(
                "table options (change)",
                {"super"},
                post(f"/tables/{access2}/configure/", world.table_options(approval_threshold="250.00")),
                True,
            ),
            Target("start a round", DEALERS, post(f"/tables/{access2}/start/", {}), True),
            Target("a dealer's tap", DEALERS, post(f"/rounds/{self.taking.round_id}/act/", tap), True),
            Target(
                "approve through the round's taps",
                {"floor", "super"},
                post(f"/rounds/{self.segregated.round_id}/act/", approve_by_act),
                True,
            ),
            Target("pit", FLOOR, get("/pit/"), False),
            Target("pit state", FLOOR, get("/pit/state/"), False),
            Target("pit count", FLOOR, get("/pit/waiting/"), False),
            Target(
                "decide an approval",
                {"floor", "super"},
                post(f"/approvals/{self.approval}/decide/", {"decision": "approve"}),
                True,
            ),
            Target("locked logins", {"super"}, get("/logins/locked/"), False),
            Target("audit trail", {"super"}, get("/audit/"), False),
            Target("audit trail CSV", {"super"}, get("/audit.csv"), False),
            Target("history", FLOOR, get("/history/"), False),
            Target("history CSV", FLOOR, get("/history.csv"), False),
            Target("round page", FLOOR, get(f"/rounds/{closed}/"), False),
            Target("round sheet", FLOOR, get(f"/rounds/{closed}/sheet.json"), False),
            Target("recompute a round", {"super"}, get(f"/rounds/{closed}/recompute/"), False),
            Target("admin", {"admin"}, get("/admin/"), False),
            Target(
                "admin: add a closed round",
                set(),
                post(
                    "/admin/games/round/add/",
                    {
                        "table": access2,
                        "number": 99,
                        "game": "texas-holdem-bonus",
                        "rules": "{}",
                        "status": "closed",
                        "dealer": self.data["users"]["dealer"],
                        "seq": 0,
                        "total_paid": 100000000,
                        "total_collected": 0,
                    },
                ),
                True,
            ),
            Target(
                "admin: change a table's rules",
                set(),
                post(
                    f"/admin/games/table/{access2}/change/",
                    {"name": "ACCESS-2", "rules": json.dumps({"bonus_paytable": "B"}), "game": "texas-holdem-bonus"},
                ),
                True,
            ),
            Target(
                "admin: delete an event", set(), post(f"/admin/games/roundevent/{event}/delete/", {"post": "yes"}), True
            ),
            Target(
                "admin: add an event",
                set(),
                post(
                    "/admin/games/roundevent/add/",
                    {"round": closed, "seq": 99, "action": json.dumps({"type": "close", "step": "close"})},
                ),
                True,
            ),
            Target("table socket", ANY_ROLE, self.connect(f"/ws/tables/{access}/"), False),
            Target("pit socket", FLOOR, self.connect("/ws/pit/"), False),
            *self.message_targets(segregation),
        ]

    def some_event_id(self) -> int:
        from games.models import RoundEvent

        world.reconnect()
        return RoundEvent.objects.filter(round_id=self.closed_round).values_list("id", flat=True).first()

    def connect(self, path: str) -> Callable[[Session], Reply]:
        def run(session: Session) -> Reply:
            ws, first = open_socket(session, path)
            close_quietly(ws)
            return Reply(200 if ws is not None and first.kind == "state" else 403, first.text)

        return run

    def message_targets(self, segregation: int) -> list[Target]:
        """Every action type over the table's socket, each as a role may send it."""
        from games.engine.registry import ACTIONS

        access = self.table("ACCESS")["id"]
        targets = []
        for kind in sorted(ACTIONS):
            if kind in ("approve", "refuse"):
                message = {"round": self.segregated.round_id, "action": {"type": kind, "step": "close", "approval": 1}}
                allowed, table = {"floor", "super"}, segregation
            else:
                action = dict(world.SCRIPT[2]) if kind == "place_wager" else _shaped(kind)
                message = {"round": self.taking.round_id, "seq": self.taking.seq, "action": action}
                # A meter's amount and a claim held while the link is down are the services' own entries.
                allowed, table = (DEALERS if kind not in ("resolve_claim", "hold_claim") else set()), access
            targets.append(Target(f"socket message: {kind}", allowed, self.message(table, json.dumps(message)), True))
        return targets

    def message(self, table_id: int, text: str) -> Callable[[Session], Reply]:
        def run(session: Session) -> Reply:
            ws, first = open_socket(session, f"/ws/tables/{table_id}/")
            if ws is None:
                return Reply(403, problem=f"socket refused ({first.kind} {first.code})")
            reply = send(ws, text) or receive(ws, 3)
            close_quietly(ws)
            return Reply(200, reply.text, problem=reply.kind)

        return run

    # -- running them ------------------------------------------------------------------------------

    def run(self) -> AccessResults:
        targets = self.targets()
        for allowed_pass in (False, True):
            for target in targets:
                for role in ROLES:
                    if (role in target.allowed) != allowed_pass:
                        continue
                    self.attempt(role, target)
        self.stale_sockets()
        self.administrator_socket()
        self.stale_pit_sockets()
        return self.results

    def administrator_socket(self) -> None:
        """An administrator (the group) opens no table: the socket is refused at the handshake, not
        accepted and then dropped without a close frame."""
        session = Session(self.base_url)
        session.login("administrator")
        ws, first = open_socket(session, f"/ws/tables/{self.table('ACCESS')['id']}/")
        close_quietly(ws)
        # Accepted and then dropped (a consumer that crashed) counts as let in: only an HTTP refusal
        # of the handshake keeps the socket from ever being opened.
        refused = ws is None and first.kind == "refused_connect"
        self.results.attempts.append(
            Attempt("administrator", "table socket (refused at the handshake)", False, not refused,
                    f"{first.kind} {first.code or ''}".strip())
        )

    def attempt(self, role: str, target: Target) -> None:
        before = world.snapshot() if target.writes else None
        reply = target.run(self.sessions[role])
        if target.writes:
            succeeded = world.snapshot() != before
        else:
            succeeded = reply.status == 200 and 'name="password"' not in reply.body
        self.results.attempts.append(
            Attempt(
                role,
                target.name,
                role in target.allowed,
                succeeded,
                f"{reply.status} {reply.error or reply.problem}".strip(),
            )
        )

    def stale_sockets(self) -> None:
        """Sockets left open while their user logs out, loses a role, is deactivated or changes password."""
        from django.contrib.auth.models import Group, User

        ledger = Ledger()
        table = self.table("STALE")
        tablet = Tablet(self.sessions["dealer"], table, ledger)
        tablet.start_round()
        changes: list[tuple[str, str, Callable[[Session], None]]] = [
            ("leaver", "logged out", lambda session: session.logout()),
            (
                "demoted",
                "lost the dealer role (kept floorperson)",
                lambda session: User.objects.get(username="demoted").groups.remove(Group.objects.get(name="dealer")),
            ),
            ("removed", "lost every role", lambda session: User.objects.get(username="removed").groups.clear()),
            (
                "deactivated",
                "was deactivated",
                lambda session: _save(User.objects.get(username="deactivated"), is_active=False),
            ),
            ("repassworded", "changed password elsewhere", lambda session: _new_password("repassworded")),
        ]
        for username, what, change in changes:
            session = Session(self.base_url)
            session.login(username)
            ws, _ = open_socket(session, f"/ws/tables/{table['id']}/")
            world.reconnect()
            change(session)
            closed = _closed_within(ws, 5)
            tablet.sync()
            message = json.dumps({"round": tablet.round_id, "seq": tablet.seq, "action": world.SCRIPT[0]})
            before = world.snapshot()
            reply = send(ws, message) or receive(ws, 3)
            succeeded = world.snapshot() != before
            close_quietly(ws)
            # A user left with a role keeps a socket that role may hold; the tap is refused for the role.
            self.results.stale_sockets_closed.append((f"{username} {what}", closed, username != "demoted"))
            self.results.stale.append(
                Attempt(
                    username,
                    f"stale socket after the user {what}",
                    False,
                    succeeded,
                    f"{reply.kind} {reply.code or ''} {reply.text[:80]}".strip(),
                )
            )


    def stale_pit_sockets(self) -> None:
        """Pit sockets whose user loses the floorperson role without any signal about the user: the
        role's group renamed (roles are group names; renamed back afterwards), or the membership row
        deleted directly.  Then a round starts at a table (PIT, PIT-2), which pushes the pit: the socket must be
        closed rather than sent it."""
        from django.contrib.auth.models import Group, User

        changes: list[tuple[str, str, str, Callable[[], None], Callable[[], None]]] = [
            ("renamed", "lost the floorperson role: its group was renamed", "PIT",
             lambda: _rename_group("floorperson", "floorperson (renamed)"),
             lambda: _rename_group("floorperson (renamed)", "floorperson")),
            ("unlisted", "lost the floorperson role: its membership row was deleted", "PIT-2",
             lambda: User.groups.through.objects.filter(user__username="unlisted", group__name="floorperson").delete(),
             lambda: User.objects.get(username="unlisted").groups.add(Group.objects.get(name="floorperson"))),
        ]
        for username, what, table, change, undo in changes:
            session = Session(self.base_url)
            session.login(username)
            ws, _ = open_socket(session, "/ws/pit/")
            while ws is not None and receive(ws, 0.5).kind == "state":
                pass  # the pit and its meters, sent at connect
            world.reconnect()
            change()
            Tablet(self.sessions["dealer"], self.table(table), Ledger()).start_round()  # the pit is pushed
            reply = receive(ws, 5) if ws is not None else None
            closed = reply is not None and reply.kind == "closed" and reply.code == 4401
            close_quietly(ws)
            undo()
            self.results.stale_sockets_closed.append((f"{username} {what}", closed, True))
            self.results.stale.append(
                Attempt(username, f"stale socket after the user {what}", False,
                        reply is not None and reply.kind == "state",
                        f"{reply.kind} {reply.code or ''}".strip() if reply else "no socket")
            )


def _rename_group(old: str, new: str) -> None:
    from django.contrib.auth.models import Group

    group = Group.objects.get(name=old)
    group.name = new
    group.save()  # as the admin saves it: post_save tells the members' sockets


def _shaped(kind: str) -> dict:
    """A well-formed action of this type (whether the round takes it now is another matter)."""
    examples = {
        "remove_wager": {"seat": 1, "wager": "ante"},
        "same_player": {"seat": 2, "with": 1},
        "own_player": {"seat": 2},
        "deal": {},
        "decide": {"seat": 1, "choice": "flop"},
        "cards": {"target": "board", "cards": ["2c", "3c", "4c"]},
        "stub_count": {"result": "correct"},
        "input": {"value": "yes"},
        "irregularity": {"kind": "card_face_up"},
        "resolve_claim": {"claim": 1, "amount": 100},
        "hold_claim": {"claim": 1, "meter_amount": 100, "down": "the link is down"},
        "link_back": {},  # the dealer asks again for the claims that waited for the link
        "no_more_bets": {},
        "settle": {},
        "close": {},
        "play": {"seat": 1, "hand": 1, "move": "stand"},  # Spanish 21's hands
        "seating": {"do": "sit", "seat": 1, "amount": "100"},  # Poker's seats between hands
        "start_hand": {},
        "system_draw": {"magic_card": "As", "lucky": 1},  # the service's own, never a tablet's
        "undo": {},  # the dealer takes back the last entry
        "correct": {"entry": 1},  # the dealer asks a floorperson to correct the first entry
        "cancel": {},  # the dealer cancels a round started by mistake
        "confirm": {},  # a card step no wager depends on, confirmed without its cards
    }
    return {"type": kind, "step": "wagers", **examples[kind]}


def _save(user, **changes) -> None:
    for name, value in changes.items():
        setattr(user, name, value)
    user.save()


def _new_password(username: str) -> None:
    from django.contrib.auth.models import User

    user = User.objects.get(username=username)
    user.set_password("another-password-entirely")
    user.save()


def _closed_within(ws, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        reply = receive(ws, left)
        if reply.kind == "closed":
            return reply.code == 4401
    return False
