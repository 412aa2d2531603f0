"""pokerkit as a Poker hand runs on it: the state that posts, deals, bets and forms the pots,
and its refusals turned into the table's."""

from __future__ import annotations

import warnings
from collections import deque
from collections.abc import Callable
from typing import Any, TypeVar

from pokerkit import Automation, State

from games.engine.core.records import Refused

T = TypeVar("T")
AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.RUNOUT_COUNT_SELECTION)
UNKNOWN = "??"  # a card dealt face down, not entered


class PostedState(State):
    """pokerkit's state, where a big blind a new player posts is live (the player may check or raise
    in turn) without moving where the action starts: pokerkit starts the first betting round after
    the last position that posted, this starts it after the blinds and the Straddle."""

    def __init__(self, *args: Any, posted: frozenset[int] = frozenset(), **kwargs: Any):
        self.posted = posted
        super().__init__(*args, **kwargs)

    def _begin_betting(self) -> None:
        super()._begin_betting()
        if not self.posted or self.street is not self.streets[0]:
            return
        blinds = self.blinds_or_straddles
        last = max((i for i in self.player_indices if i not in self.posted and blinds[i]),
                   key=lambda i: (self.bets[i], i))
        self.opener_index = (last + 1) % self.player_count
        actors = set(self.actor_indices)
        self.actor_indices = deque(i for i in [*range(self.opener_index, self.player_count),
                                               *range(self.opener_index)] if i in actors)


def kit_call(operation: Callable[[], T]) -> T:
    """A pokerkit operation; its ValueError (an operation the state does not allow) becomes a refusal,
    and a warning (a card pokerkit would not deal) an error rather than a message on the console."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            return operation()
        except (ValueError, UserWarning) as error:
            raise Refused(f"Not allowed now: {error}") from None
