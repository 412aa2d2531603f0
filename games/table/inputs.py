"""Strict readers for what tablets and forms send: ids, sequence numbers, notes, names, amounts,
rates, choices and socket messages.

Each reader either returns the value or raises ``Refused`` with a message naming what is wrong,
so a bad input never reaches the services (and never becomes a server error).  Ids are ASCII
digits only: ``int()`` would also take " 7", "٧" or "7_0", and JSON ``true`` is an int in Python.
The action itself is checked against its type's schema by the services (``games.engine.core.schema``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any, TypeVar

from games.engine.core import Refused
from games.engine.core.schema import NOTE_MAX, text_problem
from games.engine.core.schema import shown as _shown
from games.engine.money import Cents, MoneyError, parse_dollars
from games.people import roles

T = TypeVar("T")

# 18 digits always fit the database's 64-bit integer columns.
_ID = re.compile(r"[0-9]{1,18}")
# A socket message carries one tap: a few hundred bytes.  Far larger is a fault or a probe.
SOCKET_MESSAGE_MAX = 8 * 1024
# The JSON ``action`` field of a page's form, for the same reason.
ACTION_FIELD_MAX = 4 * 1024
# The JSON ``actions`` of one tap that does several things (every seat's wagers of last round):
# at most seven seats of a few wagers each.
ACTIONS_FIELD_MAX = 16 * 1024
ACTIONS_MAX = 64


def parse_id(value: Any, what: str) -> int:
    """A record id or sequence number: a JSON integer or a string of ASCII digits.

    >>> parse_id("12", "seq"), parse_id(3, "round")
    (12, 3)
    >>> parse_id(True, "approval")
    Traceback (most recent call last):
    ...
    games.engine.core.records.Refused: approval must be a whole number in digits 0-9, got True
    """
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**18:
        return value
    if isinstance(value, str) and _ID.fullmatch(value):
        return int(value)
    raise Refused(f"{what} must be a whole number in digits 0-9, got {_shown(value)}")


def parse_note(value: Any, what: str = "The note") -> str:
    """A note as written (line breaks and tabs kept): at most NOTE_MAX characters, no other control
    character (PostgreSQL refuses NUL; the others would be stored and shown as they are)."""
    return parse_text(value, what, NOTE_MAX, one_line=False)


def parse_text(value: Any, what: str, most: int, *, one_line: bool = True) -> str:
    """Typed text without the blanks around it, refused (naming ``what``) when longer than ``most``
    characters or holding a control character: a name (``one_line``) holds no line break or tab
    either, since it goes into headers, file names and one-line cells.

    >>> parse_text("  HOLDEM ", "The link's name", 40)
    'HOLDEM'
    >>> parse_text("A\\nB", "The link's name", 40)
    Traceback (most recent call last):
    ...
    games.engine.core.records.Refused: The link's name contains a control character (a line break, tab or the like)
    """
    if not isinstance(value, str):
        raise Refused(f"{what} must be text, got {_shown(value)}")
    value = value.strip()
    problem = text_problem(value, most, one_line=one_line)
    if problem is not None:
        raise Refused(f"{what} {problem}")
    return value


def parse_amount(value: Any, what: str) -> Cents:
    """An amount typed in dollars ("25", "1,000.50"), read by the one grammar of every amount
    (``parse_dollars``) but for the dollar sign, which no form asks for: refused naming ``what``.

    >>> parse_amount(" 1,000.50 ", "The correction")
    100050
    >>> parse_amount("$5", "The correction")
    Traceback (most recent call last):
    ...
    games.engine.core.records.Refused: The correction: '$5' is not an amount in dollars (like 25, 25.50 or 1,000)
    """
    if not isinstance(value, str):
        raise Refused(f"{what} must be an amount in dollars written as text, like 25.50, got {_shown(value)}")
    text = value.strip()
    if (problem := text_problem(text, 20)) is not None:
        raise Refused(f"{what} {problem}")
    try:
        if text.startswith("$"):
            raise MoneyError(f"{text!r} is not an amount in dollars (like 25, 25.50 or 1,000)")
        return parse_dollars(text)
    except MoneyError as error:
        raise Refused(f"{what}: {error}") from None


RATE_MOST = Decimal(100)


def parse_rate(value: Any, what: str) -> Decimal:
    """A percentage typed as digits with at most two decimals ("21", "7.5"); empty is 0.  Exponents,
    infinities and NaN are refused, as is anything over 100%.

    >>> parse_rate("7.5", "The rate of progression")
    Decimal('7.5')
    >>> parse_rate("1e400", "The rate of progression")
    Traceback (most recent call last):
    ...
    games.engine.core.records.Refused: The rate of progression must be a percentage like 21 or 7.5, not '1e400'
    """
    if not isinstance(value, str):
        raise Refused(f"{what} must be a percentage written as text, like 21 or 7.5, got {_shown(value)}")
    text = value.strip() or "0"
    if not re.fullmatch(r"[0-9]{1,3}(\.[0-9]+)?", text):
        raise Refused(f"{what} must be a percentage like 21 or 7.5, not {_shown(text)}")
    try:
        rate = Decimal(text)
    except InvalidOperation:  # pragma: no cover - the pattern admits only decimals
        raise Refused(f"{what} must be a percentage like 21 or 7.5, not {_shown(text)}") from None
    if rate != rate.quantize(Decimal("0.01")):
        raise Refused(f"{what} must be a percentage with at most two decimals, not {_shown(text)}")
    if rate > RATE_MOST:
        raise Refused(f"{what} is a percentage of at most 100, not {_shown(text)}")
    return rate


def one_value(query: Any, key: str) -> str | None:
    """The one value of a form's field (None when it is not sent).  A field sent twice is refused:
    which of its values was meant is unknown, so neither is taken."""
    values = query.getlist(key)
    if len(values) > 1:
        shown = ", ".join(_shown(value) for value in values[:3])
        raise Refused(f"The field {key} was sent {len(values)} times ({shown}): send it once; nothing was done")
    return values[0] if values else None


def parse_choice(query: Any, key: str, choices: Mapping[str, T], what: str, nothing: str = "nothing was done") -> T:
    """The value of a field that must be exactly one of ``choices`` (by their keys), sent once: a
    missing, repeated or garbled answer is refused, never taken for one of them."""
    values = query.getlist(key)
    if len(values) != 1 or values[0] not in choices:
        raise Refused(f"{what} must be {' or '.join(choices)}, got {', '.join(values) or 'none'!r:.60}; {nothing}")
    return choices[values[0]]


def _once_each(pairs: list[tuple[str, Any]]) -> dict:
    """A JSON object whose keys are each given once: with a key repeated ("seq" twice), which value
    was meant is unknown, and the parser would silently keep the last."""
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        repeated = sorted({key for key in keys if keys.count(key) > 1})
        raise Refused(f"The key {', '.join(map(_shown, repeated))} is given more than once: send each key once; "
                      "nothing was done")
    return dict(pairs)


def _json_field(text: str, subject: str, limit: int) -> Any:
    """A form field's JSON, refused when longer than ``limit`` characters or not JSON (``subject``
    begins the message: "The action is")."""
    if len(text) > limit:
        raise Refused(f"{subject} {len(text)} characters long; at most {limit} are accepted")
    try:
        return json.loads(text, object_pairs_hook=_once_each)
    except (json.JSONDecodeError, RecursionError):
        raise Refused(f"{subject} not valid JSON") from None


def parse_action_field(text: str) -> dict:
    """The JSON ``action`` of a page's form: one object."""
    action = _json_field(text, "The action is", ACTION_FIELD_MAX)
    if not isinstance(action, dict):
        raise Refused(f"The action must be a JSON object, got {_shown(action)}")
    return action


def parse_actions_field(text: str) -> list[dict]:
    """The JSON ``actions`` of a page's form: a list of actions, applied all or none.

    >>> parse_actions_field('[{"type": "no_more_bets"}]')
    [{'type': 'no_more_bets'}]
    >>> parse_actions_field('[]')
    Traceback (most recent call last):
    ...
    games.engine.core.records.Refused: The tap carries no action
    """
    actions = _json_field(text, "The actions are", ACTIONS_FIELD_MAX)
    if not isinstance(actions, list) or not all(isinstance(action, dict) for action in actions):
        raise Refused(f"The actions must be a JSON list of objects, got {_shown(actions)}")
    if not actions:
        raise Refused("The tap carries no action")
    if len(actions) > ACTIONS_MAX:
        raise Refused(f"The tap carries {len(actions)} actions; at most {ACTIONS_MAX} are accepted at once")
    return actions


def parse_socket_message(text_data: str | None, bytes_data: bytes | None) -> tuple[int, int | None, dict]:
    """An action sent over a socket: ``{"round": id, "seq": n, "action": {...}}``.

    Returns (round id, seq, action).  Every dealer action carries the sequence number the tablet
    decided it on, so a repeated message is refused as stale; a floorperson's approve or refuse
    may leave it out because it names its approval, which can be decided only once (the
    approval's number is its idempotency key).  The action's own keys are checked by the services.
    """
    if text_data is None:
        raise Refused("Binary messages are not accepted: send the action as JSON text")
    if len(text_data) > SOCKET_MESSAGE_MAX:
        raise Refused(f"The message is {len(text_data)} characters long; at most {SOCKET_MESSAGE_MAX} are accepted")
    try:
        message = json.loads(text_data, object_pairs_hook=_once_each)
    except (json.JSONDecodeError, RecursionError):
        raise Refused("The message is not valid JSON: expected round, seq and action") from None
    if not isinstance(message, dict):
        raise Refused(f"The message must be a JSON object with round, seq and action, got {_shown(message)}")
    unknown = sorted(set(message) - {"round", "seq", "action"})
    if unknown:
        raise Refused(f"The message has unknown keys: {', '.join(map(_shown, unknown))}")
    if "round" not in message:
        raise Refused("The message names no round")
    round_id = parse_id(message["round"], "round")
    action = message.get("action")
    if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        raise Refused(f"The message's action must be an object with a type, got {_shown(action)}")
    if action["type"] not in roles.FLOOR_ACTIONS and "seq" not in message:
        raise Refused("The action carries no sequence number (seq): the screen it was decided on is unknown")
    seq = parse_id(message["seq"], "seq") if "seq" in message else None
    return round_id, seq, dict(action)


def seat_seen(wagers: Mapping[str, int], player: int = 0) -> str:
    """A seat's wagers as a tablet's wager form for it was drawn (its hidden "seen" field): sent back
    with every tap on that form, so that one setting the seat's wagers from a screen that no
    longer shows them is refused (``services.round_act``).  The player it shares with another seat
    (§ 677a.7(e)) is part of it.  The same wagers give the same text, in any order.

    >>> seat_seen({"bonus": 500, "ante": 1000})
    'ante:1000 bonus:500'
    >>> seat_seen({}, player=2)
    'player:2'
    """
    seen = [f"{wager}:{amount}" for wager, amount in sorted(wagers.items())]
    return " ".join(seen + ([f"player:{player}"] if player else []))
