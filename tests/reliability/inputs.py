"""Bad inputs, every category of issue 10's probe: each must be refused with a message (or a 4xx),
never answered with a server error or a closed socket, and must change nothing in the database."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from tests.reliability import world
from tests.reliability.client import Reply, Session, SocketReply, answer, close_quietly, open_socket, send
from tests.reliability.tablets import Ledger, Tablet

XSS = "<script>alert(1)</script>"


@dataclass
class Outcome:
    kind: str  # "refused", "error" (5xx, no answer, socket dropped without a message), "accepted"
    detail: str
    echoed: bool = False  # the raw payload came back unescaped


@dataclass
class Tried:
    category: str
    name: str
    outcome: Outcome
    changed: bool


@dataclass
class InputResults:
    tried: list[Tried] = field(default_factory=list)

    def count(self, predicate: Callable[[Tried], bool]) -> int:
        return sum(1 for tried in self.tried if predicate(tried))


def _echo(text: str, payload: str) -> str:
    """Where the raw payload came back, if it did."""
    at = text.find(payload) if payload else -1
    return "" if at < 0 else f" [raw payload at: {text[max(0, at - 80) : at + len(payload)]!r}]"


def http_outcome(reply: Reply, payload: str = "") -> Outcome:
    echoed = bool(payload) and payload in reply.body
    if reply.status == 0:
        return Outcome("error", f"no answer ({reply.problem})", echoed)
    if reply.status >= 500:
        return Outcome("error", f"HTTP {reply.status}", echoed)
    if reply.status in (400, 403, 404, 405, 413):
        message = reply.error or reply.body.strip().splitlines()[0][:120] if reply.body.strip() else ""
        return Outcome("refused", f"HTTP {reply.status} {message}".strip(), echoed)
    if reply.status == 200 and reply.error:
        return Outcome("refused", reply.error[:160] + _echo(reply.body, payload), echoed)
    return Outcome("accepted", f"HTTP {reply.status}" + _echo(reply.body, payload), echoed)


def socket_outcome(reply: SocketReply, payload: str = "") -> Outcome:
    echoed = bool(payload) and payload in reply.raw
    if reply.kind == "refused":
        return Outcome("refused", reply.text[:160], echoed)
    if reply.kind == "closed" and reply.code == 1009 and reply.reason:
        return Outcome("refused", f"closed {reply.code}: {reply.reason}", echoed)
    if reply.kind in ("closed", "silent"):
        return Outcome("error", f"socket {reply.kind} {reply.code or ''} {reply.reason}".strip(), echoed)
    return Outcome("accepted", "a state was pushed", echoed)


class BadInputs:
    def __init__(self, base_url: str, data: dict):
        self.data = data
        self.results = InputResults()
        self.dealer, self.floor, self.super = (Session(base_url) for _ in range(3))
        self.dealer.login("dealer")
        self.floor.login("floor")
        self.super.login("super")
        ledger = Ledger()
        # A round taking wagers (seat 1 has its Ante), for the dealer's bad taps.
        self.tablet = Tablet(self.dealer, data["tables"]["INPUT"], ledger)
        self.tablet.start_round()
        self.tablet.tap(world.SCRIPT[0])
        # A round whose payout waits for a floorperson, for the bad approvals.
        approving = Tablet(self.dealer, data["tables"]["APPROVE"], ledger)
        approving.start_round()
        for action in world.SCRIPT:
            approving.tap(action)
        self.approval = Tablet(self.floor, approving.table, ledger).approval_ids()[0]
        self.tablet.deal_here()  # the dealer goes back to the table the bad taps are sent at

    # -- how each kind of input is sent ------------------------------------------------------------

    @property
    def act_path(self) -> str:
        return f"/rounds/{self.tablet.round_id}/act/"

    def form_tap(self, payload: str = "", **fields: str) -> Outcome:
        data = {"seq": self.tablet.seq, "step": "wagers", "seat": "2", "wager": "ante", "amount_ante": "10", **fields}
        return http_outcome(self.dealer.post(self.act_path, {k: v for k, v in data.items() if v is not None}), payload)

    def json_tap(self, action: dict | str, payload: str = "", **fields: str) -> Outcome:
        text = action if isinstance(action, str) else json.dumps(action)
        data = {"seq": self.tablet.seq, "action": text, **fields}
        return http_outcome(self.dealer.post(self.act_path, {k: v for k, v in data.items() if v is not None}), payload)

    def socket(
        self, message: str | bytes, payload: str = "", session: Session | None = None, table: str = "INPUT"
    ) -> Outcome:
        ws, first = open_socket(session or self.dealer, f"/ws/tables/{self.data['tables'][table]['id']}/")
        if ws is None:
            return Outcome("error", f"the socket did not open: {first.kind} {first.code}")
        reply = send(ws, message) or answer(ws, 5)
        close_quietly(ws)
        return socket_outcome(reply, payload)

    def message(self, action: dict | list, **extra) -> str:
        return json.dumps({"round": self.tablet.round_id, "seq": self.tablet.seq, "action": action, **extra})

    # -- the catalogue -----------------------------------------------------------------------------

    def cases(self) -> list[tuple[str, str, Callable[[], Outcome]]]:
        wager = dict(world.SCRIPT[2], seat=2)  # a valid tap now: seat 2's Ante
        cases: list[tuple[str, str, Callable[[], Outcome]]] = []

        def add(category: str, name: str, run: Callable[[], Outcome]) -> None:
            cases.append((category, name, run))

        # A typed field is read without the blanks around it (" 10" is $10), as forms are.
        for amount in [
            "1e999999",
            "1e5000",
            "1,5",
            "5 0",
            "1e2",
            "1_0",
            "\u0661\u0660",
            "\uff11\uff10",
            "-5",
            "inf",
            "NaN",
            "0x10",
            "9" * 30,
            "$",
            "1.005",
            "0",
            "0.00",
            "",
        ]:
            add("amount (form)", repr(amount), lambda a=amount: self.form_tap(amount_ante=a))
        for amount in [2.5, True, [], {}, -5, 10**30, "1" * 5000, " 10", "10 "]:
            add("amount (JSON)", repr(amount)[:30], lambda a=amount: self.json_tap({**wager, "amount": a}))
        add(
            "amount (JSON)",
            "1e999 (infinite)",
            lambda: self.json_tap(json.dumps({**wager, "amount": "AMOUNT"}).replace('"AMOUNT"', "1e999")),
        )
        for seat in ["2.9", " 2", "0", "99", "\u0662", "-1", "2;DROP TABLE games_round", "1e1", ""]:
            add("seat (form)", repr(seat), lambda s=seat: self.form_tap(seat=s))
        for seat in [True, 2.9, [2], {"a": 1}, 10**20, None]:
            add("seat (JSON)", repr(seat), lambda s=seat: self.json_tap({**wager, "seat": s}))
        for name, value in [
            ("unknown wager", "progressive"),
            ("script", XSS),
            ("1000 characters", "x" * 1000),
            ("a list", ["ante"]),
        ]:
            add("wager", name, lambda v=value: self.json_tap({**wager, "wager": v}, payload=XSS))
        add("cards", "a list at the deal", lambda: self.json_tap({"type": "deal", "step": "deal", "cards": ["Ah"]}))
        add(
            "cards",
            "unknown codes",
            lambda: self.json_tap({"type": "cards", "step": "flop", "target": "board"}, cards="Zz Yy Xx"),
        )
        add(
            "cards",
            "13 codes",
            lambda: self.json_tap({"type": "cards", "step": "flop", "target": "board", "cards": ["2c"] * 13}),
        )
        add(
            "cards",
            "nested lists",
            lambda: self.json_tap({"type": "cards", "step": "flop", "target": "board", "cards": [["2c", "3c"]]}),
        )
        add(
            "cards",
            "a script as target",
            lambda: self.json_tap({"type": "cards", "step": "flop", "target": XSS}, payload=XSS),
        )
        irregularity = {"type": "irregularity", "step": "wagers", "kind": "card_face_up"}
        add("note", "301 characters (form)", lambda: self.json_tap(irregularity, note="n" * 301))
        add("note", "301 characters (JSON)", lambda: self.json_tap({**irregularity, "note": "n" * 301}))
        add("note", "a NUL byte", lambda: self.json_tap({**irregularity, "note": "a\x00b"}))
        add("note", "a lone surrogate", lambda: self.json_tap(json.dumps(irregularity)[:-1] + ', "note": "\\ud800"}'))
        add("note", "a script", lambda: self.json_tap({**irregularity, "note": XSS}, payload=XSS))
        add("kind", "a script", lambda: self.json_tap({**irregularity, "kind": XSS}, payload=XSS))
        add("unknown key", "small", lambda: self.json_tap({**wager, "x": 1}))
        add("unknown key", "60 kB", lambda: self.json_tap({**wager, "padding": "x" * 60_000}))
        add("unknown key", "2 MB request body", lambda: self.json_tap({**wager, "padding": "x" * 2_000_000}))
        add("unknown key", "seq inside the action", lambda: self.json_tap({**wager, "seq": 1}))
        add("step", "missing (JSON)", lambda: self.json_tap({k: v for k, v in wager.items() if k != "step"}))
        add("step", "missing (form)", lambda: self.form_tap(step=None))
        add("step", "a step that is over", lambda: self.json_tap({**wager, "step": "deal"}))
        for name, seq in [
            ("missing", None),
            ("stale", "0"),
            ("3.0", "3.0"),
            ("Arabic-Indic digit", "\u0663"),
            ("30 digits", "9" * 30),
            ("negative", "-1"),
            ("empty", ""),
            ("sent twice: stale, then current", ["0", "SEQ"]),
            ("sent twice: current, then stale", ["SEQ", "0"]),
        ]:
            add("sequence number", name, lambda s=seq: self.json_tap(wager, seq=self._seq_now(s)))
        for name, text in [
            ("not JSON", "{not json"),
            ("an array", "[1, 2]"),
            ("a string", '"no_more_bets"'),
            ("5000 nested arrays", "[" * 5000),
            ("3000 nested arrays", "[" * 3000 + "]" * 3000),
            ("no type", "{}"),
            ("a number as type", '{"type": 5}'),
            ("unknown type", '{"type": "fly"}'),
        ]:
            add("malformed action", name, lambda t=text: self.json_tap(t))
        add(
            "request size",
            "201 fields",
            lambda: http_outcome(
                self.dealer.post(
                    self.act_path,
                    {"seq": self.tablet.seq, "action": json.dumps(wager), **{f"f{n}": "1" for n in range(201)}},
                )
            ),
        )
        add(
            "ids",
            "an unknown round",
            lambda: http_outcome(self.dealer.post("/rounds/999999999/act/", {"seq": 0, "action": json.dumps(wager)})),
        )
        add(
            "ids",
            "a round id of 30 digits",
            lambda: http_outcome(
                self.dealer.post("/rounds/" + "9" * 30 + "/act/", {"seq": 0, "action": json.dumps(wager)})
            ),
        )
        self._approval_cases(add)
        self._configuration_cases(add)
        self._progressives_cases(add)
        self._history_cases(add)
        self._socket_cases(add, wager)
        return cases

    def _approval_cases(self, add) -> None:
        path = f"/approvals/{self.approval}/decide/"
        for name, data in [
            ("no decision", {}),
            ("maybe", {"decision": "maybe"}),
            ("APPROVE", {"decision": "APPROVE"}),
            ("empty", {"decision": ""}),
            ("both", {"decision": ["approve", "refuse"]}),
            ("true", {"decision": "true"}),
        ]:
            add("approval decision", name, lambda d=data: http_outcome(self.floor.post(path, d)))
        add(
            "approval note",
            "301 characters",
            lambda: http_outcome(self.floor.post(path, {"decision": "approve", "note": "n" * 301})),
        )
        add(
            "approval note",
            "a NUL byte",
            lambda: http_outcome(self.floor.post(path, {"decision": "approve", "note": "a\x00b"})),
        )
        add(
            "approval id",
            "unknown",
            lambda: http_outcome(self.floor.post("/approvals/987654/decide/", {"decision": "approve"})),
        )
        add(
            "approval id",
            "30 digits",
            lambda: http_outcome(
                self.floor.post("/approvals/" + "9" * 30 + "/decide/", {"decision": "approve", "from": "table"})
            ),
        )

    def _configuration_cases(self, add) -> None:
        path = f"/tables/{self.data['tables']['CONFIG']['id']}/configure/"
        valid = world.table_options()
        for threshold in ["0", "-5", "1e999999", "abc", "0.001", "9" * 40]:
            add(
                "table options",
                f"approval threshold {threshold[:12]!r}",
                lambda t=threshold: http_outcome(self.super.post(path, {**valid, "approval_threshold": t})),
            )
        add(
            "table options",
            "unknown paytable",
            lambda: http_outcome(self.super.post(path, {**valid, "bonus_paytable": "Z"})),
        )

    def _history_cases(self, add) -> None:
        for page in ("/history/", "/history.csv"):
            for name, params in [
                ("a NUL byte", {"table": "a\x00b"}),
                ("an impossible date", {"from": "2026-02-30"}),
                ("a date that is not one", {"to": "soon"}),
                ("SQL", {"table": "' OR 1=1 --"}),
                ("500 characters", {"dealer": "d" * 500}),
                ("unknown game", {"game": "baccarat"}),
                ("unknown status", {"status": "lost"}),
                ("a broken page cursor", {"older": "abc"}),
                ("an amount in fractions of a cent", {"amount_min": "1.005"}),
                ("a seat no game has", {"seat": "99"}),
                ("unknown wager", {"wager": "lay"}),
            ]:
                add(f"history filter ({page})", name, lambda p=page, q=params: http_outcome(self.super.get(p, **q)))

    def _socket_cases(self, add, wager: dict) -> None:
        other = self.approval_round_id()

        round_field = lambda: f'"round": {self.tablet.round_id}'  # noqa: E731 - read when sent
        seq_field = lambda: f'"seq": {self.tablet.seq}'  # noqa: E731
        for name, message in [
            ("a binary frame", lambda: b"\x00\x01"),
            ("not JSON", lambda: "not json"),
            ("an array", lambda: "[1, 2]"),
            ("a string", lambda: '"hello"'),
            ("an empty object", lambda: "{}"),
            ("unknown message key", lambda: self.message(wager, extra=1)),
            ("round 1x", lambda: self.message(wager).replace(round_field(), '"round": "1x"')),
            ("round true", lambda: self.message(wager).replace(round_field(), '"round": true')),
            ("seq 0.5", lambda: self.message(wager).replace(seq_field(), '"seq": "0.5"')),
            ("no seq", lambda: json.dumps({"round": self.tablet.round_id, "action": wager})),
            ("stale seq", lambda: self.message(wager).replace(seq_field(), '"seq": 0')),
            ("action not an object", lambda: self.message([1])),
            ("unknown action key", lambda: self.message({**wager, "x": 1})),
            ("900 kB unknown key", lambda: self.message({**wager, "padding": "x" * 900_000})),
            ("2 MB message", lambda: self.message({**wager, "padding": "x" * 2_000_000})),
            ("missing step", lambda: self.message({k: v for k, v in wager.items() if k != "step"})),
            ("amount 1e999999", lambda: self.message({**wager, "amount": "1e999999"})),
            ("amount 1e999", lambda: self.message({**wager, "amount": "AMOUNT"}).replace('"AMOUNT"', "1e999")),
            ("a round of another table", lambda: json.dumps({"round": other, "seq": 0, "action": wager})),
            ("a script as kind", lambda: self.message({"type": "irregularity", "step": "wagers", "kind": XSS})),
            (
                "a NUL byte in a note",
                lambda: self.message(
                    {"type": "irregularity", "step": "wagers", "kind": "card_face_up", "note": "\x00"}
                ),
            ),
            ("approve without an approval", lambda: self.message({"type": "approve", "step": "wagers"})),
        ]:
            add("socket message", name, lambda m=message: self.socket(m(), payload=XSS))

    def _seq_now(self, seq):
        """``seq`` with "SEQ" read as the tablet's current sequence number (when the input is sent)."""
        if isinstance(seq, list):
            return [str(self.tablet.seq) if value == "SEQ" else value for value in seq]
        return seq

    def _progressives_cases(self, add) -> None:
        """Every form of the progressives page, each field given a NUL, another control character, a
        huge number, a number in exponent form or a text far over its column (a supervisor's POSTs)."""
        ids = self.data["progressives"]
        note = "the meter board lost power during the storm at 02:10"  # long enough for § 605a.7(d)
        forms = {
            "link_create": ({"name": "NEW-LINK"}, {"name": "text"}),
            "link_down": ({"link": ids["link"], "reason": "controller fault"}, {"reason": "reason"}),
            "meter_create": (
                {"name": "NEW-METER", "owner": f"link:{ids['link']}", "wager": "texas-holdem-bonus:progressive",
                 "tier": "minor", "seed": "100", "reset": "100", "rate": "1", "reserve_rate": "0",
                 "wager_amount": "5"},
                {"name": "text", "tier": "text", "seed": "amount", "reset": "amount", "rate": "rate",
                 "reserve_rate": "rate", "wager_amount": "amount"},
            ),
            "meter_configure": ({"meter": ids["meter"], "reset": "10000", "rate": "10", "reserve_rate": "0"},
                                {"reset": "amount", "rate": "rate", "reserve_rate": "rate"}),
            "meter_transfer": ({"meter": ids["meter"], "to": ids["other_meter"], "amount": "5", "note": note},
                               {"amount": "amount", "note": "note"}),
            "meter_correct": ({"meter": ids["meter"], "direction": "on", "amount": "5", "note": note},
                              {"amount": "amount", "note": "note"}),
        }
        bad = {
            "text": [("a NUL", "A\x00B"), ("a line break", "A\nB"), ("an escape", "A\x1b[31mB"),
                     ("5,000 characters", "n" * 5000)],
            "reason": [("a NUL", "down\x00now"), ("a bell", "down\x07"), ("5,000 characters", "r" * 5000)],
            "note": [("a NUL", note + "\x00"), ("an escape", note + "\x1b[2J"), ("5,000 characters", "n" * 5000)],
            "amount": [("a NUL", "5\x00"), ("1e400", "1e400"), ("$5", "$5"), ("30 digits", "9" * 30),
                       ("NaN", "NaN")],
            "rate": [("a NUL", "1\x00"), ("1e400", "1e400"), ("NaN", "NaN"), ("-1", "-1"), ("Infinity", "Infinity")],
        }
        for op, (valid, fields) in forms.items():
            for key, kind in fields.items():
                for name, value in bad[kind]:
                    data = {"op": op, **valid, key: value}
                    add(f"progressives: {op}", f"{key}: {name}",
                        lambda d=data: http_outcome(self.super.post("/progressives/", d)))
        for name, direction in [("sideways", "sideways"), ("OFF", "OFF"), ("none", None), ("both", ["on", "off"])]:
            data = {"op": "meter_correct", **forms["meter_correct"][0], "direction": direction}
            add("progressives: meter_correct", f"direction: {name}",
                lambda d=data: http_outcome(self.super.post("/progressives/", {k: v for k, v in d.items()
                                                                                 if v is not None})))

    def approval_round_id(self) -> int:
        from games.models import Approval

        world.reconnect()
        return Approval.objects.get(pk=self.approval).round_id

    def run(self) -> InputResults:
        for category, name, run in self.cases():
            self.tablet.sync()  # the screen a tablet shows now, should an earlier input have changed it
            before = world.snapshot()
            outcome = run()
            self.results.tried.append(Tried(category, name, outcome, world.snapshot() != before))
        return self.results
