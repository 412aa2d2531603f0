"""The players at a Poker table between hands: their seats, table stakes and the button.

A table's positions carry from one round to the next: the service hands the closing state of the
last hand (``carried``) to the next round as its ``positions`` round option, and the dealer seats
players, adds to their stakes or marks them away before the next hand starts (§ 637a.8(b)(2)).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.core.records import Refused
from games.engine.money import Cents

SEATS = range(1, 11)  # up to ten players (§ 637a.2(a))


@dataclass
class Player:
    stack: Cents  # table stakes: what is on the table in front of the player (§ 637a.8(b)(1))
    away: bool = False  # left the table for a while, stakes kept (§ 637a.8(b)(6))


@dataclass(frozen=True)
class Positions:
    """Where a hand starts from: the players and the button of the last hand, and whether the
    button moves on (it does not after a misdeal)."""

    players: dict[int, Player]
    button: int | None = None
    moves: bool = True
    kill: bool = False  # the next hand is a kill hand (§ 637a.1 "Kill option")

    def as_option(self) -> dict[str, Any]:
        return {"seats": {str(n): {"stack": p.stack, **({"away": True} if p.away else {})}
                          for n, p in sorted(self.players.items())},
                "button": self.button, "moves": self.moves, **({"kill": True} if self.kill else {})}


def read_positions(value: Any) -> Positions:
    """The ``positions`` round option: ``{"seats": {"3": {"stack": 20000, "away": false}}, "button": 3,
    "moves": true}``, stacks in cents.  Anything else is refused, naming what is wrong."""
    if value in (None, {}):
        return Positions({})
    if not isinstance(value, Mapping) or set(value) - {"seats", "button", "moves", "kill"}:
        raise Refused('The positions are {"seats": {...}, "button": N, "moves": true, "kill": false}')
    seats = value.get("seats", {})
    if not isinstance(seats, Mapping):
        raise Refused("The positions' seats are an object by seat number")
    players = {}
    for key, entry in seats.items():
        number = int(key) if isinstance(key, str) and key.isdigit() and key.isascii() else None
        if number not in SEATS:
            raise Refused(f"There is no seat {key!r}: a Poker table has seats 1 to 10", "§ 637a.2(a)")
        stack = entry.get("stack") if isinstance(entry, Mapping) else None
        away = entry.get("away", False) if isinstance(entry, Mapping) else None
        if isinstance(stack, bool) or not isinstance(stack, int) or stack < 0 or not isinstance(away, bool):
            raise Refused(f"Seat {number}'s position needs its stack in cents and whether it is away")
        players[number] = Player(stack, away)
    button, moves = value.get("button"), value.get("moves", True)
    if button is not None and (isinstance(button, bool) or button not in SEATS):
        raise Refused(f"The button is at a seat from 1 to 10, not {button!r}", "§ 637a.11(c)")
    if not isinstance(moves, bool):
        raise Refused("Whether the button moves is true or false")
    kill = value.get("kill", False)
    if not isinstance(kill, bool):
        raise Refused("Whether the hand is a kill hand is true or false", "§ 637a.1")
    return Positions(players, button, moves, kill)


def next_clockwise(seats: Iterable[int], after: int) -> int:
    """The first of ``seats`` clockwise after seat ``after`` (seats are numbered clockwise from the
    dealer's left).

    >>> next_clockwise([2, 5, 9], 5), next_clockwise([2, 5, 9], 9), next_clockwise([2, 5, 9], 6)
    (9, 2, 9)
    """
    seats = sorted(seats)
    return next((seat for seat in seats if seat > after), seats[0])


def clockwise_from(seats: Iterable[int], button: int) -> list[int]:
    """The seats in the order of the deal: the first to the button's left first, the button last
    (§ 637a.11(f)).

    >>> clockwise_from([2, 5, 9], 5)
    [9, 2, 5]
    """
    return sorted(seats, key=lambda seat: (seat <= button, seat))
