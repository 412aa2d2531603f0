"""Where a Poker hand is: the moment the next action must name, and the actions each kind of
moment takes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

Action = Mapping[str, Any]


@dataclass(frozen=True)
class Moment:
    """Where the hand is: the step an action must name, what kind of decision it is, whose."""

    id: str
    kind: str  # seating, button, straddle, deal, board, up_card, bet, show, close
    section: str
    seat: int | None = None

    @property
    def actions(self) -> tuple[str, ...]:
        return ACTIONS[self.kind]


ACTIONS: dict[str, tuple[str, ...]] = {
    "seating": ("seating", "start_hand"), "button": ("input",), "straddle": ("decide",), "deal": ("deal",),
    "up_card": ("cards",), "board": ("cards",), "common": ("cards",), "bet": ("decide",), "show": ("decide", "cards"),
    "close": ("close",),
}
