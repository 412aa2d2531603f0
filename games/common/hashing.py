"""The hashes every append-only record of the app is chained with: a round's log and seal
(``games.history.chain``), each progressive meter's ledger (``games.progressives.ledger``) and
the audit trail (``games.people.audit``).

An entry stores the hash it links to (``prev_hash``: the entry before it, or for the first the
chain's start, which names the chain so that entries cannot be moved to another) and its own
``hash``, over that link and its content as stored.  ``check_chain`` walks entries in order and
names every entry whose content no longer matches its hash (edited) or whose link is not the
hash of the entry before (one removed, inserted or rewritten).  A chain has no secret: what makes
it hard to rewrite whole is what seals it with a key (a round's closing hash) or records its head
elsewhere (the daily digest in the audit trail, exported).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any


def _integral_float(text: str) -> float | int:
    value = float(text)
    return int(value) if value.is_integer() else value


def storable(value: Any, encoder: type[json.JSONEncoder] | None = None) -> Any:
    """A JSON value as the database will give it back, whichever it is: tuples become lists, keys
    text, and a whole number an integer (PostgreSQL's jsonb gives ``1e16`` back as one).  What
    the services write is first made this, so that the hash of what they wrote is the hash of
    what is read later.  ``encoder``: the one its JSON field stores it with.

    >>> storable({"b": (1.0, 2.5), 7: 1e16})
    {'b': [1, 2.5], '7': 10000000000000000}
    """
    return json.loads(json.dumps(value, cls=encoder), parse_float=_integral_float)


def canonical(value: Any) -> str:
    """One text for a JSON value as stored: keys sorted, no spaces.

    >>> canonical({"b": [1, 2.5], "a": "é"})
    '{"a":"é","b":[1,2.5]}'
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(*parts: Any) -> str:
    return hashlib.sha256(canonical(list(parts)).encode()).hexdigest()


def stamp(moment: datetime | None) -> str | None:
    """A stored time as the hash sees it: UTC to the microsecond, as both databases keep it."""
    return None if moment is None else moment.astimezone(UTC).isoformat(timespec="microseconds")


def values_of(row: Any, fields: Iterable[str]) -> list:
    """A row's content as its hash sees it: times stamped."""
    return [stamp(value) if isinstance(value, datetime) else value for value in (getattr(row, name) for name in fields)]


def entry_hash(kind: str, prev_hash: str, row: Any, fields: Iterable[str]) -> str:
    return digest(kind, prev_hash, values_of(row, fields))


def link(rows: Iterable[Any], head: str, kind: str, fields: Iterable[str]) -> str:
    """Give new rows (in order, after ``head``) their links and hashes; returns the new head."""
    fields = tuple(fields)
    for row in rows:
        row.prev_hash = head
        row.hash = head = entry_hash(kind, head, row, fields)
    return head


def check_chain(rows: Iterable[Any], start: str, kind: str, fields: Iterable[str],
                name: Callable[[Any], str]) -> tuple[list[str], str]:
    """Every problem of a chain of ``rows`` in order from ``start`` (each naming its entry by
    ``name``), and the hash it ends at."""
    fields, problems, head = tuple(fields), [], start
    for row in rows:
        if row.prev_hash != head:
            problems.append(f"{name(row)}: its link to the entry before is not that entry's hash: an entry was "
                            "removed, inserted or rewritten before it")
        if row.hash != entry_hash(kind, row.prev_hash, row, fields):
            problems.append(f"{name(row)}: its content no longer matches the hash written with it: it was changed "
                            "after it was written")
        head = row.hash  # from what is stored: one edit is one problem
    return problems, head
