"""The copy of a round's state that the next action is applied to.

``RoundState.apply`` never changes the state it is given: a refusal changes nothing, and the
services compare the state before a tap with the state after it.  So every action works on a
copy.  ``copy.deepcopy`` of the whole state was nine tenths of the cost of an action: it copied
the game's steps, and rebuilt every card and settlement line, on every tap.

Here what no action changes is shared, and everything else is copied as deep as it goes:

- the game, its rules and its steps, fixed when the round starts (``SHARED``);
- immutable values: numbers, text, cards, odds and the frozen records a step replaces rather than
  changes (settlement lines, claims, irregularities), and tuples of them.

Lists, dicts and sets are copied element by element, and so are the mutable records (seats,
hands, zones, approvals) and any plain object (a training shoe), attribute by attribute.
Anything else is handed to ``copy.deepcopy``, so a kind of value added later is never shared by
mistake.  The state holds no object twice (no seat is also kept elsewhere), so no memo is kept.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

from games.engine.cards import Card
from games.engine.core.records import Claim, Irregularity, SettlementLine
from games.engine.money import Odds

# Attributes of a round fixed for its whole life: its game, its validated rules, its steps.
# The log is a tuple that only grows by a new tuple, of actions no one changes once applied; so is
# what the round held before each of them (``effects_before``).
SHARED = frozenset({"game", "rules", "steps", "log", "replay_options", "effects_before"})

IMMUTABLE: frozenset[type] = frozenset(
    {
        int,
        float,
        bool,
        str,
        bytes,
        type(None),
        Card,
        Odds,
        SettlementLine,
        Claim,
        Irregularity,
    }
)

_copiers: dict[type, Callable[[Any], Any]] = {}


def copy_round(rnd: Any) -> Any:
    """A copy of ``rnd`` that shares nothing an action may change with it."""
    new = object.__new__(type(rnd))
    new.__dict__.update({name: value if name in SHARED else copy_value(value) for name, value in vars(rnd).items()})
    return new


def copy_value(value: Any) -> Any:
    kind = type(value)
    copier = _copiers.get(kind)
    if copier is None:
        copier = _copiers[kind] = _copier_for(kind)
    return copier(value)


def _same(value: Any) -> Any:
    return value


def _tuple(value: tuple) -> tuple:
    items = tuple(copy_value(item) for item in value)
    return value if all(new is old for new, old in zip(items, value, strict=True)) else items


def _list(value: list) -> list:
    return [copy_value(item) for item in value]


def _dict(value: dict) -> dict:
    return {key: copy_value(item) for key, item in value.items()}


def _set(value: set) -> set:
    return {copy_value(item) for item in value}


def _attributes(value: Any) -> Any:
    new = object.__new__(type(value))
    new.__dict__.update({name: copy_value(item) for name, item in vars(value).items()})
    return new


def _frozenset(value: frozenset) -> frozenset:
    return frozenset(copy_value(item) for item in value)


_CONTAINERS: dict[type, Callable[[Any], Any]] = {
    tuple: _tuple,
    list: _list,
    dict: _dict,
    set: _set,
    frozenset: _frozenset,
}


def _copier_for(kind: type) -> Callable[[Any], Any]:
    if kind in IMMUTABLE:
        return _same
    if kind in _CONTAINERS:
        return _CONTAINERS[kind]
    if _plain(kind):
        return _attributes
    return copy.deepcopy


def _plain(kind: type) -> bool:
    """One of the engine's own classes whose instances are their ``__dict__`` alone (a mutable
    dataclass, a plain object): copying its attributes is what ``copy.deepcopy`` would do."""
    if dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return False  # a frozen record not listed as immutable may hold a list
    return (
        kind.__module__.startswith("games.engine.")
        and not hasattr(kind, "__slots__")
        and all(
            getattr(kind, hook) is getattr(object, hook) for hook in ("__reduce_ex__", "__reduce__", "__getstate__")
        )
        and not any(hasattr(kind, hook) for hook in ("__setstate__", "__deepcopy__", "__copy__"))
    )
