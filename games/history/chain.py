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

The chain has no secret: whoever can write the database and recompute every hash after an edit
can hide it.  It makes an edit through the admin, a raw SQL statement or a faulty program
evident; it does not make a forger with this code and write access to the database impossible.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import islice
from typing import Any

from games.models import Approval, Round, RoundEvent

# What the verification reads of each row (``values_list(..., named=True)``); model instances
# with these attributes serve as well.
EVENT_FIELDS = ("round_id", "seq", "action", "actor_id", "role", "created_at", "prev_hash", "hash")
APPROVAL_FIELDS = ("round_id", "number", "kind", "seat", "reason", "section", "status", "note", "decided_by_id",
                   "requested_at", "decided_at")
# The round's own columns the seal covers (besides its approvals).
SEALED_FIELDS = ("id", "table_id", "number", "game", "dealer_id", "status", "rules", "shoe_order", "seq",
                 "started_at", "closed_at", "total_paid", "total_collected", "engine_version", "record_hash",
                 "log_hash")


def _integral_float(text: str) -> float | int:
    value = float(text)
    return int(value) if value.is_integer() else value


def storable(value: Any) -> Any:
    """A JSON value as the database will give it back, whichever it is: tuples become lists, keys
    text, and a whole number an integer (PostgreSQL's jsonb gives ``1e16`` back as one).  What
    the services write is first made this, so that the hash of what they wrote is the hash of
    what is read later.

    >>> storable({"b": (1.0, 2.5), 7: 1e16})
    {'b': [1, 2.5], '7': 10000000000000000}
    """
    return json.loads(json.dumps(value), parse_float=_integral_float)


def canonical(value: Any) -> str:
    """One text for a JSON value as stored: keys sorted, no spaces.

    >>> canonical({"b": [1, 2.5], "a": "é"})
    '{"a":"é","b":[1,2.5]}'
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _digest(*parts: Any) -> str:
    return hashlib.sha256(canonical(list(parts)).encode()).hexdigest()


def stamp(moment: datetime | None) -> str | None:
    """A stored time as the hash sees it: UTC to the microsecond, as both databases keep it."""
    return None if moment is None else moment.astimezone(UTC).isoformat(timespec="microseconds")


def start_hash(round_id: int) -> str:
    """What the first event of a round links to."""
    return _digest("round", round_id)


def event_hash(prev_hash: str, seq: int, action: Any, actor_id: int, role: str, created_at: datetime) -> str:
    return _digest("event", prev_hash, seq, action, actor_id, role, stamp(created_at))


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


def seal(rnd: Any, approvals: Iterable[Any]) -> str:
    """The closing hash of a round: its sealed columns (the last hash of its log and its record's
    digest among them) and its approvals, as stored (its rules and shoe order ``storable``)."""
    row = [stamp(value) if isinstance(value, datetime) else value
           for value in (getattr(rnd, name) for name in SEALED_FIELDS)]
    decided = sorted(
        ([a.number, a.kind, a.seat, a.reason, a.section, a.status, a.note, a.decided_by_id, stamp(a.requested_at),
          stamp(a.decided_at)] for a in approvals),
        key=lambda values: values[0])
    return _digest("close", row, decided)


# -- verification -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Break:
    round_id: int
    seq: int | None  # the event where the chain breaks; None when it is the round itself
    problem: str

    def __str__(self) -> str:
        return f"event {self.seq}: {self.problem}" if self.seq is not None else self.problem


def verify(rnd: Round, events: Iterable[Any], approvals: Iterable[Any] = (), *, record: bool = True) -> list[Break]:
    """Every break in the chain of ``rnd``, given its events in seq order and its approvals; an
    untouched round has none.  ``record=False`` leaves out the check of its record (for a reader
    that shows none of it and has not read it)."""
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
    elif rnd.closing_hash != seal(rnd, approvals):
        broken(None, "the round as stored (status, times, totals or approvals) is not what was sealed when it "
                     "closed")
    return breaks


def verify_rounds(rounds: Iterable[Round], *, batch: int = 500, record: bool = True
                  ) -> Iterator[tuple[Round, list[Break]]]:
    """Each round with its breaks, reading the events and approvals of ``batch`` rounds at a time:
    memory stays that of one batch however many rounds there are.  The rounds must carry every
    column (but their record when ``record=False``)."""
    rounds = iter(rounds)
    while chunk := list(islice(rounds, batch)):
        ids = [rnd.id for rnd in chunk]
        events: dict[int, list] = {}
        for event in (RoundEvent.objects.filter(round_id__in=ids).order_by("round_id", "seq")
                      .values_list(*EVENT_FIELDS, named=True)):
            events.setdefault(event.round_id, []).append(event)
        approvals: dict[int, list] = {}
        for approval in Approval.objects.filter(round_id__in=ids).values_list(*APPROVAL_FIELDS, named=True):
            approvals.setdefault(approval.round_id, []).append(approval)
        for rnd in chunk:
            yield rnd, verify(rnd, events.get(rnd.id, ()), approvals.get(rnd.id, ()), record=record)
