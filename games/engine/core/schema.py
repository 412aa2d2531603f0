"""The shape of an action, declared per action type: which keys it carries and what each may hold.

Actions come from tablets.  Before the round looks at one, its shape is checked against the
schema of its type: every key known, every required key present, every value of its kind and
within bounds (a seat number in range, a short name, a list of a few card codes, a note of at
most 300 characters).  Anything else is refused with a message naming the key, so nothing
unexpected, and nothing large, reaches the round's permanent log.  The schema only checks the
shape; whether the action is allowed now is the round's business (``RoundState.apply``).

Each step declares the action types it takes with their fields (``Step.actions``); the actions
a round takes at any step (irregularities, approvals, claims) are declared here.  Every action
names the step it was decided on (``step``): a stale tablet's tap is then recognised.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.engine.core.records import Refused

NOTE_MAX = 300  # the length of the notes' columns


def shown(value: Any) -> str:
    """A value as a message may quote it: short, whatever its size."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def text_problem(value: Any, most: int, *, one_line: bool = False) -> str | None:
    """What is wrong with a text of at most ``most`` characters, or None.  A control character (C0,
    DEL, C1) is refused but a tab or a line break in a multi-line text (a note); a one-line text (a
    name) holds no line or paragraph separator either."""
    if not isinstance(value, str):
        return f"must be text, got {shown(value)}"
    if len(value) > most:
        return f"is {len(value)} characters long; at most {most} are accepted"
    # PostgreSQL's JSON refuses NUL, and text must encode as UTF-8 (a lone surrogate does not).
    allowed = "" if one_line else "\t\n\r"
    if any((ord(char) < 32 or 127 <= ord(char) < 160 or (one_line and char in "\u2028\u2029"))
           and char not in allowed for char in value):
        return "contains a control character (a line break, tab or the like)" if one_line else \
            "contains a control character"
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "is not valid Unicode text"
    return None


@dataclass(frozen=True)
class Field:
    """What one key of an action may hold.  ``problem`` says what is wrong with a value, or None."""

    def problem(self, value: Any) -> str | None:
        raise NotImplementedError


@dataclass(frozen=True)
class Number(Field):
    """A whole number from ``low`` to ``high``: a JSON integer, or (from a form) ASCII digits."""

    low: int
    high: int
    digits: bool = True  # a string of digits is accepted (a form's field); else a JSON integer only

    def problem(self, value: Any) -> str | None:
        if isinstance(value, str) and self.digits and value.isascii() and value.isdigit() and len(value) <= 18:
            number = int(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            kind = "a whole number in digits 0-9" if self.digits else "a whole number (a JSON integer)"
            return f"must be {kind}, got {shown(value)}"
        if not self.low <= number <= self.high:
            return f"must be from {self.low} to {self.high}, got {shown(value)}"
        return None


@dataclass(frozen=True)
class Text(Field):
    """Text of at most ``most`` characters, matching ``pattern`` (described by ``what``) if one is given."""

    most: int
    pattern: str = ""
    what: str = ""

    def problem(self, value: Any) -> str | None:
        if (problem := text_problem(value, self.most)) is not None:
            return problem
        if self.pattern and not re.fullmatch(self.pattern, value):
            return f"must be {self.what}, got {shown(value)}"
        return None


@dataclass(frozen=True)
class Amount(Field):
    """An amount in dollars as the dealer typed it ("25", "1,000.50") or a JSON integer of dollars.
    Only its size is checked here; ``parse_dollars`` reads it with the one strict grammar."""

    most_characters: int = 20

    def problem(self, value: Any) -> str | None:
        if isinstance(value, int) and not isinstance(value, bool):
            return None if 0 <= value < 10**12 else f"must be an amount in dollars, got {shown(value)}"
        if isinstance(value, str):
            return text_problem(value, self.most_characters)
        return f'must be an amount in dollars written as text, like "25.50", got {shown(value)}'


CARD_CODE = r"[0-9A-Za-z]{2}"


@dataclass(frozen=True)
class Cards(Field):
    """At most ``most`` card codes: a list, or one string of codes separated by spaces."""

    most: int = 12

    def problem(self, value: Any) -> str | None:
        if isinstance(value, str):
            if (problem := text_problem(value, self.most * 3)) is not None:
                return problem
            value = value.split()
        if not isinstance(value, list):
            return f"must be a list of card codes, got {shown(value)}"
        if len(value) > self.most:
            return f"holds {len(value)} cards; at most {self.most} are accepted"
        for code in value:
            if not isinstance(code, str) or not re.fullmatch(CARD_CODE, code):
                return f"must hold card codes (rank then suit, like 'Td' or 'As'), got {shown(code)}"
        return None


@dataclass(frozen=True)
class CardsByPlace(Field):
    """Cards keyed by where they are dealt (``seat:3``, ``board``): a card-reading shoe's deal."""

    places: int = 24
    each: Cards = field(default_factory=Cards)

    def problem(self, value: Any) -> str | None:
        if not isinstance(value, dict):
            return f'must be an object of cards by place, like {{"seat:1": [...]}}, got {shown(value)}'
        if len(value) > self.places:
            return f"names {len(value)} places; at most {self.places} are accepted"
        for place, codes in value.items():
            if (problem := PLACE.problem(place)) is not None:
                return f"has a place that {problem}"
            if (problem := self.each.problem(codes)) is not None:
                return f"[{place}] {problem}"
        return None


# The kinds of value most actions carry.
NAME = Text(40, r"[a-z][a-z0-9_]*", "a name in lower case letters, digits and _")  # a wager, choice, kind, step
# A step's name: a poker hand's moments are numbered by street and round ("bet.preflop.1").
STEP = Text(40, r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)*", "a name in lower case letters, digits, _ and .")
PLACE = Text(40, r"[a-z][a-z0-9_]*(:[0-9]{1,3})?", "a place such as board, dealer or seat:3")
SEAT = Number(1, 99)
HAND = Number(1, 20)  # a seat's hand, counted from 1 (a split makes more)
ANSWER = Text(40, r"[A-Za-z0-9_:.-]+", "one of the answers offered")
NOTE = Text(NOTE_MAX)
RECORD_ID = Number(1, 10**9, digits=False)  # an approval or claim of the round, by its number
CENTS = Number(1, 10**13, digits=False)
METER = Number(1, 10**9, digits=False)  # a progressive meter, by its id


@dataclass(frozen=True)
class Either(Field):
    """A value that is one kind or another (a Lucky position: a seat number or "dealer")."""

    first: Field
    second: Field

    def problem(self, value: Any) -> str | None:
        first = self.first.problem(value)
        return None if first is None or self.second.problem(value) is None else first


@dataclass(frozen=True)
class ActionSchema:
    """One action type: its required and optional keys, each with what it may hold.  Every action
    also carries ``type`` and ``step``."""

    type: str
    required: Mapping[str, Field] = field(default_factory=dict)
    optional: Mapping[str, Field] = field(default_factory=dict)

    @property
    def keys(self) -> tuple[str, ...]:
        return ("type", "step", *self.required, *self.optional)

    def merged(self, other: ActionSchema) -> ActionSchema:
        """The one schema of a type that several steps take (a decision with an amount at one step,
        with cards at another): a key is required where every step requires it.  A key must hold
        the same kind of value at every step that takes it."""
        fields = {**self.required, **self.optional}
        for key, kind in {**other.required, **other.optional}.items():
            if fields.setdefault(key, kind) != kind:
                raise TypeError(f"the {self.type} action's {key} is declared as {fields[key]} and as {kind}")
        required = {key: kind for key, kind in self.required.items() if key in other.required}
        return ActionSchema(self.type, required, {k: v for k, v in fields.items() if k not in required})

    def check(self, action: Mapping[str, Any]) -> None:
        """Refuse an action of this type whose keys or values are not what the type takes."""
        kind = self.type
        unknown = [key for key in action if key not in self.keys]
        if unknown:
            named = ", ".join(shown(key) for key in unknown[:3])
            raise Refused(
                f"The {kind} action has unknown key{'s' if len(unknown) > 1 else ''} {named}: it takes "
                f"{', '.join(self.keys)}"
            )
        if "step" not in action:
            raise Refused(f"The {kind} action names no step (step): the screen it was decided on is unknown")
        missing = [key for key in self.required if key not in action]
        if missing:
            raise Refused(f"The {kind} action needs {', '.join(missing)}")
        fields = {"step": STEP, **self.required, **self.optional}
        for key, value in action.items():
            if key != "type" and (problem := fields[key].problem(value)) is not None:
                raise Refused(f"The {kind} action's {key} {problem}")


def accepts(*schemas: ActionSchema) -> Mapping[str, ActionSchema]:
    """A step's actions, by type (``Step.actions``)."""
    return {schema.type: schema for schema in schemas}


# Actions a round takes whatever its step: the dealer reports an irregularity, a floorperson
# decides an approval, the service answers a meter's claim.
ROUND_ACTIONS = accepts(
    # The seat and hand an irregularity happened to, where the chapter's outcome is the hand's (§ 635a.13).
    # Poker's "acted out of turn" says what the player did, and the amount.
    ActionSchema("irregularity", {"kind": NAME}, {"card": Text(3, CARD_CODE, "a card code like 'Td'"), "note": NOTE,
                                                  "seat": SEAT, "hand": HAND, "choice": NAME, "amount": Amount()}),
    # The dealer takes back the last entry still standing, while nothing depends on it.
    ActionSchema("undo", {}),
    # The dealer asks a floorperson to correct an entry something depends on: the entry's number in the log.
    ActionSchema("correct", {"entry": RECORD_ID}, {"note": NOTE}),
    # The dealer ends a round started by mistake, before anything is wagered or dealt.
    ActionSchema("cancel", {}),
    ActionSchema("approve", {"approval": RECORD_ID}, {"note": NOTE}),
    ActionSchema("refuse", {"approval": RECORD_ID}, {"note": NOTE}),
    # The service's answer to a meter claim: the amount owed and the meter's reading it was taken from.
    ActionSchema("resolve_claim", {"claim": RECORD_ID, "amount": CENTS}, {"meter": METER, "meter_amount": CENTS}),
    # The service's answer to a claim made while the progressive is unplayable (§ 605a.8(c)): held for
    # a floorperson, with why and the meter's last reading.
    ActionSchema("hold_claim", {"claim": RECORD_ID, "meter_amount": CENTS, "down": NOTE}, {"meter": METER}),
)


def check_action(action: Any, schemas: Mapping[str, ActionSchema]) -> None:
    """Refuse an action that is not an object with a known type, or whose keys or values are not its type's."""
    if not isinstance(action, Mapping):
        raise Refused(f"An action must be an object with a type, got {shown(action)}")
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in schemas:
        known = ", ".join(sorted(schemas))
        raise Refused(f"An action's type must be one of {known}; got {shown(kind)}")
    schemas[kind].check(action)
