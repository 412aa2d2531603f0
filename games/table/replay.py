"""A round's engine state, rebuilt from its log, with a small per-process cache.

Replaying the log is the truth.  The cache only saves the replay when this process already
holds the state at exactly the round's current ``seq``: a round's committed log is one history,
so (round id, seq) names one state, whichever server process wrote it.  Entries are added only
for committed states (read from the database, or after the transaction that wrote them
commits), so a rolled-back tap can never leave a state another process's commit contradicts.
Any miss replays.  Callers never mutate a state: the engine's ``apply`` works on a copy.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import connection

from games.engine.core.contract import GameRound
from games.engine.registry import game_for
from games.models import Round

CACHE_ROUNDS = 512  # open rounds of a large floor, with room to spare; each state is a few kB

_states: OrderedDict[int, tuple[int, GameRound]] = OrderedDict()
_lock = threading.Lock()


def cached_state(round_id: int, seq: int) -> GameRound | None:
    with _lock:
        entry = _states.get(round_id)
        if entry is None or entry[0] != seq:
            return None
        _states.move_to_end(round_id)
        return entry[1]


def remember_state(round_id: int, seq: int, state: GameRound) -> None:
    """Keep a committed state.  Never call it for a state that may still be rolled back."""
    with _lock:
        current = _states.get(round_id)
        if current is not None and current[0] > seq:
            return  # a newer state is already known
        _states[round_id] = (seq, state)
        _states.move_to_end(round_id)
        while len(_states) > CACHE_ROUNDS:
            _states.popitem(last=False)


def forget_all() -> None:
    with _lock:
        _states.clear()


def replay(rnd: Round, events: Sequence[Mapping[str, Any]]) -> GameRound:
    return game_for(rnd.game).replay(rnd.rules, events, shoe_order=rnd.shoe_order)


def engine_round(rnd: Round, events: Sequence[Mapping[str, Any]] | None = None) -> GameRound:
    """The engine's state of a round at ``rnd.seq``: from the cache when it holds that seq,
    otherwise replayed from the log (only the events up to ``rnd.seq``, so that the state
    matches the row even if another tablet has acted since the row was read)."""
    if events is not None:
        return replay(rnd, events)
    state = cached_state(rnd.id, rnd.seq)
    if state is not None:
        return state
    actions = list(rnd.events.filter(seq__lte=rnd.seq).order_by("seq").values_list("action", flat=True))
    state = replay(rnd, actions)
    # Inside a transaction the rows read may be this transaction's own, not yet committed.
    if len(actions) == rnd.seq and not connection.in_atomic_block:
        remember_state(rnd.id, rnd.seq, state)
    return state
