"""The round log as a hash chain, and the seal of a closed round.

Each event stores the hash it links to (``prev_hash``: the event before it, or for the first
event the round's start, which names the round so that a log cannot be moved to another) and
its own ``hash``, over that link and its content: seq, action (canonical JSON), actor id, role
and time as stored.  The round keeps the hash of its last event (``log_hash``), so a tap links
its events without reading the log.  When the round closes, ``closing_hash`` seals that last
hash together with everything the history shows of the round: its row (status, times, totals),
the digest of the record written at close (``record_hash``: the round page and sheet check the
record against it; the CSV, which shows none of it, need not read it) and its approvals.

``verify`` walks a round's events in order and names every break: an event whose content no
longer matches its hash (edited), a link that is not the hash of the event before (an event
removed, inserted or re-hashed), a missing seq, a log that does not end where the round says
(events cut from or added to its end), a record that is not the one written at close, a closed
round whose seal does not match (its row or approvals edited) or that has none (not closed
through the services: fabricated).

The seal (version 2) also covers every row the history, the search, the exports and the report
read of the round: its wagers, settlement lines, approvals and progressive ledger entries.  Each
row's digest is kept in ``sealed_rows`` by its name, so that a check names the row edited, added
or removed; the closing hash is an HMAC, with a key the database never holds
(``games.history.keys``), of the round's sealed columns and those digests.  Write access to the
database alone cannot reseal an edited round.  The event chain itself is unkeyed: its last hash
is sealed with the key when the round closes.  A round sealed before version 2 (version 1) keeps
its unkeyed seal over its row and approvals, and verifies as it did; its page says so.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import islice
from typing import Any

from games.common.hashing import canonical, digest, stamp, storable  # noqa: F401 (chain.storable: the services')
from games.engine.money import dollars
from games.engine.registry import GAMES
from games.history import keys as seal_keys
from games.models import Approval, Meter, MeterEntry, Round, RoundEvent, SettlementLine, Wager

# What the verification reads of each row (``values_list(..., named=True)``); model instances
# with these attributes serve as well.
EVENT_FIELDS = ("round_id", "seq", "action", "actor_id", "role", "created_at", "prev_hash", "hash")
APPROVAL_FIELDS = ("round_id", "number", "kind", "seat", "reason", "section", "status", "note", "decided_by_id",
                   "requested_at", "decided_at", "requested_by_id")
WAGER_FIELDS = ("round_id", "seat", "hand_no", "wager", "amount")
LINE_FIELDS = ("round_id", "position", "seat", "hand_no", "wager", "stage", "stake", "outcome", "amount", "odds",
               "section", "hand", "note", "stake_collected", "payer")
METER_ENTRY_FIELDS = ("round_id", "meter_id", "seq", "pool", "kind", "amount", "balance_after", "seat", "claim",
                      "line_id", "payer", "user_id", "note", "reverses_id", "created_at")
SEAL_VERSION = 2  # the version a round closing now is sealed with (version 1: row and approvals, unkeyed)
# The round's own columns the seal covers (besides its approvals).
SEALED_FIELDS = ("id", "table_id", "number", "game", "dealer_id", "status", "rules", "shoe_order", "seq",
                 "started_at", "closed_at", "total_paid", "total_collected", "engine_version", "record_hash",
                 "log_hash")


def start_hash(round_id: int) -> str:
    """What the first event of a round links to."""
    return digest("round", round_id)


def event_hash(prev_hash: str, seq: int, action: Any, actor_id: int, role: str, created_at: datetime) -> str:
    return digest("event", prev_hash, seq, action, actor_id, role, stamp(created_at))


def link(events: Sequence[RoundEvent], round_id: int, log_hash: str) -> str:
    """Give new events (in order, after the round's last hash) their links and hashes; returns
    the new last hash.  Their actions must be ``storable``."""
    head = log_hash or start_hash(round_id)
    for event in events:
        event.prev_hash = head
        event.hash = head = event_hash(head, event.seq, event.action, event.actor_id, event.role, event.created_at)
    return head


def record_digest(record: Any) -> str:
    """The digest of a round's record (``storable``); empty while it has none."""
    return "" if record is None else hashlib.sha256(canonical(record).encode()).hexdigest()


def _row(rnd: Any) -> list:
    return [stamp(value) if isinstance(value, datetime) else value
            for value in (getattr(rnd, name) for name in SEALED_FIELDS)]


def seal(rnd: Any, approvals: Iterable[Any]) -> str:
    """The version 1 closing hash of a round: its sealed columns (the last hash of its log and its
    record's digest among them) and its approvals, as stored (its rules and shoe order ``storable``)."""
    decided = sorted(
        ([a.number, a.kind, a.seat, a.reason, a.section, a.status, a.note, a.decided_by_id, stamp(a.requested_at),
          stamp(a.decided_at)] for a in approvals),
        key=lambda values: values[0])
    return digest("close", _row(rnd), decided)


@dataclass
class Held:
    """The rows of a round besides its own that its seal covers, as stored."""

    approvals: list = field(default_factory=list)
    wagers: list = field(default_factory=list)
    lines: list = field(default_factory=list)
    entries: list = field(default_factory=list)  # its progressive ledger entries


KINDS = (("approvals", APPROVAL_FIELDS), ("wagers", WAGER_FIELDS), ("lines", LINE_FIELDS),
         ("entries", METER_ENTRY_FIELDS))
# Each kind's model and the order its rows are shown in.
_MODELS = {"approvals": (Approval, ("number",)), "wagers": (Wager, ("seat", "hand_no", "id")),
           "lines": (SettlementLine, ("position",)), "entries": (MeterEntry, ("meter_id", "seq"))}


def held_by(round_ids: list[int]) -> dict[int, Held]:
    """The sealed rows of ``round_ids``, one read per kind."""
    held = {pk: Held() for pk in round_ids}
    for kind, fields in KINDS:
        model, order = _MODELS[kind]
        for row in model.objects.filter(round_id__in=round_ids).order_by(*order).values_list(*fields, named=True):
            getattr(held[row.round_id], kind).append(row)
    return held


def _name(kind: str, row: Any) -> str:
    """A row's name in ``sealed_rows``: its natural key."""
    if kind == "approvals":
        return f"approval {row.number}"
    if kind == "wagers":
        return f"wager {row.seat}/{row.hand_no}/{row.wager}"
    if kind == "lines":
        return f"line {row.seat}/{row.hand_no}/{row.wager}/{row.stage}"
    return f"meter entry {row.meter_id}/{row.seq}"


def row_digests(held: Held) -> dict[str, str]:
    """Each sealed row's digest by its name (128 bits: the map itself is under the keyed seal)."""
    digests = {}
    for kind, fields in KINDS:
        for row in getattr(held, kind):
            values = [stamp(value) if isinstance(value, datetime) else value
                      for value in (getattr(row, name) for name in fields[1:])]
            digests[_name(kind, row)] = digest(kind, values)[:32]
    return digests


def keyed_seal(rnd: Any, key_id: str, secret: bytes) -> str:
    """The version 2 closing hash: an HMAC of the round's sealed columns and its rows' digests."""
    message = canonical(["close", 2, key_id, _row(rnd), sorted(rnd.sealed_rows.items())])
    return hmac.new(secret, message.encode(), hashlib.sha256).hexdigest()


def seal_round(rnd: Round) -> list[str]:
    """Seal ``rnd`` as it closes, over its rows as written in this transaction (with the key
    configured now); returns the columns it set."""
    configured = seal_keys.keys()
    rnd.sealed_rows = row_digests(held_by([rnd.id])[rnd.id])
    rnd.seal_version, rnd.seal_key = SEAL_VERSION, configured.current
    rnd.closing_hash = keyed_seal(rnd, configured.current, configured.secrets[configured.current])
    return ["sealed_rows", "seal_version", "seal_key", "closing_hash"]


def unkeyed(rnd: Round) -> str:
    """Why the round's seal has no secret (sealed before seals were keyed, or with the embedded
    key), as its page says it; empty when it is keyed or the round is not sealed."""
    if not rnd.closing_hash:
        return ""
    if rnd.seal_version < SEAL_VERSION:
        return ("This round's seal is unkeyed: it was sealed before seals were keyed, over its row and approvals "
                "only, so its wagers, lines and ledger entries are not covered by it.")
    if rnd.seal_key == seal_keys.EMBEDDED:
        return ("This round's seal is unkeyed: no seal key was configured when it closed, so it was sealed with the "
                "embedded default key, which anyone with this program holds.")
    return ""


# -- verification -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Break:
    round_id: int
    seq: int | None  # the event where the chain breaks; None when it is the round itself
    problem: str

    def __str__(self) -> str:
        return f"event {self.seq}: {self.problem}" if self.seq is not None else self.problem


def _described(rnd: Round, name: str, held: Held) -> str:
    """A sealed row named for a person: which seat, wager and amount it now holds."""
    kind, _, key = name.rpartition(" ")  # "meter entry 3/17": the key has no space
    game = GAMES.get(rnd.game)
    label = game.wager_label if game is not None else str
    if kind == "wager":
        seat, hand, wager = key.split("/", 2)
        now = next((w for w in held.wagers if _name("wagers", w) == name), None)
        amount = f", now {dollars(now.amount)}" if now is not None else ""
        return f"the wager of seat {seat}: {label(wager)}{f' (hand {hand})' if hand != '1' else ''}{amount}"
    if kind == "line":
        seat, hand, rest = key.split("/", 2)
        wager, _, stage = rest.rpartition("/")
        now = next((line for line in held.lines if _name("lines", line) == name), None)
        said = f", now {now.outcome} {dollars(now.amount)} on {dollars(now.stake)}" if now is not None else ""
        return (f"the settlement line of seat {seat}: {label(wager)}{f' (hand {hand})' if hand != '1' else ''}"
                f" ({stage}){said}")
    if kind == "approval":
        now = next((a for a in held.approvals if _name("approvals", a) == name), None)
        return f"approval {key}" + (f" ({now.reason}, now {now.status})" if now is not None else "")
    meter_id, seq = key.split("/")
    # Only when a break is found: a query for the meter's name costs nothing on an intact round.
    meter = Meter.objects.filter(pk=meter_id).values_list("name", flat=True).first() or f"meter {meter_id}"
    now = next((e for e in held.entries if _name("entries", e) == name), None)
    said = f" ({now.kind}, now {dollars(now.amount)})" if now is not None else ""
    return f"entry #{seq} of {meter}'s ledger{said}"


def _check_rows(rnd: Round, held: Held, broken) -> None:
    sealed, now = rnd.sealed_rows or {}, row_digests(held)
    for name in sorted(sealed.keys() | now.keys()):
        if name not in now:
            broken(None, f"{_described(rnd, name, held)} was removed after the round was sealed")
        elif name not in sealed:
            broken(None, f"{_described(rnd, name, held)} was added after the round was sealed")
        elif sealed[name] != now[name]:
            broken(None, f"{_described(rnd, name, held)} was changed after the round was sealed")


def _check_seal(rnd: Round, held: Held, broken) -> None:
    if rnd.seal_version < SEAL_VERSION:
        if rnd.closing_hash != seal(rnd, held.approvals):
            broken(None, "the round as stored (status, times, totals or approvals) is not what was sealed when it "
                         "closed")
        return
    _check_rows(rnd, held, broken)
    secret = seal_keys.keys().secrets.get(rnd.seal_key)
    if secret is None:
        broken(None, f"the round was sealed with the key {rnd.seal_key!r}, which this server does not hold: its "
                     "seal cannot be checked")
    elif not hmac.compare_digest(rnd.closing_hash, keyed_seal(rnd, rnd.seal_key, secret)):
        broken(None, "the round as stored (status, times, totals or the digests of its rows) is not what was "
                     "sealed when it closed")


def verify(rnd: Round, events: Iterable[Any], held: Held | Iterable[Any] | None = None, *,
           record: bool = True) -> list[Break]:
    """Every break in the chain of ``rnd``, given its events in seq order and its sealed rows
    (``held``; given only its approvals, the rest are read); an untouched round has none.
    ``record=False`` leaves out the check of its record (for a reader that shows none of it and
    has not read it)."""
    if not isinstance(held, Held):
        rows = held_by([rnd.id])[rnd.id]
        held = Held(list(held) if held is not None else rows.approvals, rows.wagers, rows.lines, rows.entries)
    breaks: list[Break] = []

    def broken(seq: int | None, problem: str) -> None:
        breaks.append(Break(rnd.id, seq, problem))

    head, expected, count = start_hash(rnd.id), 1, 0
    for event in events:
        count += 1
        if event.seq != expected:
            if event.seq > expected:
                missing = f"event {expected}" if event.seq == expected + 1 else f"events {expected} to {event.seq - 1}"
                broken(expected, f"{missing} missing: the log goes from "
                       f"{'its start' if expected == 1 else f'event {expected - 1}'} to event {event.seq}")
            else:
                broken(event.seq, f"out of place after event {expected - 1}")
        elif event.prev_hash != head:
            before = "the round's start" if event.seq == 1 else f"event {event.seq - 1}"
            broken(event.seq, f"its link to {before} is not that {'start' if event.seq == 1 else 'event'}'s hash: "
                              "an event was removed, inserted or rewritten before it")
        if event.hash != event_hash(event.prev_hash, event.seq, event.action, event.actor_id, event.role,
                                    event.created_at):
            broken(event.seq, "its action, actor, role or time no longer match the hash written with it: "
                              "the event was changed after it was recorded")
        # Carry on from what is stored, so that one edit is one break, not one for every later event.
        head, expected = event.hash, max(expected, event.seq + 1)
    if count != rnd.seq:
        broken(None, f"the round counts {rnd.seq} events but its log has {count}")
    if rnd.log_hash != (head if count else ""):
        broken(None, "the log does not end where the round's last hash says: events were removed from or added "
                     "to its end")
    if record and rnd.record_hash != record_digest(rnd.record):
        broken(None, "the recorded page and sheet are not the ones written when the round closed")
    if rnd.status == Round.Status.OPEN:
        if rnd.closing_hash:
            broken(None, "the round is in play but has a closing hash: it was reopened outside the services")
    elif not rnd.closing_hash:
        broken(None, f"the round is {rnd.status} but has no closing hash: it was not closed through the services")
    else:
        _check_seal(rnd, held, broken)
    return breaks


def rounds_by_id(rounds, batch: int) -> Iterator[Round]:
    """``rounds`` in id order, ``batch`` at a time by keyset: a long history is never held whole."""
    last = 0
    while chunk := list(rounds.filter(id__gt=last).order_by("id")[:batch]):
        yield from chunk
        last = chunk[-1].id


def verify_rounds(rounds: Iterable[Round], *, batch: int = 500, record: bool = True
                  ) -> Iterator[tuple[Round, list[Break]]]:
    """Each round with its breaks, reading the events and sealed rows of ``batch`` rounds at a
    time: memory stays that of one batch however many rounds there are.  The rounds must carry
    every column (but their record when ``record=False``)."""
    for rnd, breaks, _ in verify_held(rounds, batch=batch, record=record):
        yield rnd, breaks


def verify_held(rounds: Iterable[Round], *, batch: int = 500, record: bool = True
                ) -> Iterator[tuple[Round, list[Break], Held]]:
    """``verify_rounds``, each round also with the rows it was checked with (the CSV shows them)."""
    rounds = iter(rounds)
    while chunk := list(islice(rounds, batch)):
        ids = [rnd.id for rnd in chunk]
        events: dict[int, list] = {}
        for event in (RoundEvent.objects.filter(round_id__in=ids).order_by("round_id", "seq")
                      .values_list(*EVENT_FIELDS, named=True)):
            events.setdefault(event.round_id, []).append(event)
        held = held_by(ids)
        for rnd in chunk:
            yield rnd, verify(rnd, events.get(rnd.id, ()), held[rnd.id], record=record), held[rnd.id]
