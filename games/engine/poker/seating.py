"""The players at a Poker table between hands: their seats, table stakes and the button.

A table's positions carry from one round to the next: the service hands the closing state of the
last hand (``carried``) to the next round as its ``positions`` round option, and the dealer seats
players, adds to their stakes or marks them away before the next hand starts (§ 637a.8(b)(2)).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.engine.core.records import Refused
from games.engine.money import Cents

SEATS = range(1, 11)  # up to ten players (§ 637a.2(a))


@dataclass
class Player:
    stack: Cents  # table stakes: what is on the table in front of the player (§ 637a.8(b)(1))
    away: bool = False  # left the table for a while, stakes kept (§ 637a.8(b)(6))
    new: bool = False  # sat down since the last hand: posts a big blind or waits for it (rules option)
    missed: bool = False  # was away when the big blind passed: posts it and a dead small blind, or waits

    def as_option(self) -> dict[str, Any]:
        return {"stack": self.stack, **{flag: True for flag in ("away", "new", "missed") if getattr(self, flag)}}


@dataclass(frozen=True)
class Positions:
    """Where a hand starts from: the players and the button of the last hand, and whether the
    button moves on (it does not after a misdeal); the seats of the last hand's blinds (the dead
    button follows them); the table's jackpot funds and the High Hand of the period so far."""

    players: dict[int, Player]
    button: int | None = None
    moves: bool = True
    kill: bool = False  # the next hand is a kill hand (§ 637a.1 "Kill option")
    blinds: tuple[int | None, int] | None = None  # the last hand's small blind (None: dead) and big blind
    funds: dict[str, Cents] = field(default_factory=dict)  # "bad_beat", "high_hand": cents in each fund
    high_hand: tuple[int, tuple[str, ...]] | None = None  # the period's High Hand: its seat and five cards

    def as_option(self) -> dict[str, Any]:
        return {"seats": {str(n): p.as_option() for n, p in sorted(self.players.items())},
                "button": self.button, "moves": self.moves, **({"kill": True} if self.kill else {}),
                **({"blinds": list(self.blinds)} if self.blinds else {}),
                **({"funds": {k: v for k, v in sorted(self.funds.items()) if v}} if any(self.funds.values()) else {}),
                **({"high_hand": {"seat": self.high_hand[0], "cards": list(self.high_hand[1])}}
                   if self.high_hand else {})}


KEYS = {"seats", "button", "moves", "kill", "blinds", "funds", "high_hand"}
FUNDS = ("bad_beat", "high_hand")


def read_positions(value: Any) -> Positions:
    """The ``positions`` round option: ``{"seats": {"3": {"stack": 20000, "away": false}}, "button": 3,
    "moves": true}``, stacks in cents, with the last blinds, the jackpot funds and the period's High
    Hand where there are.  Anything else is refused, naming what is wrong."""
    if value in (None, {}):
        return Positions({})
    if not isinstance(value, Mapping) or set(value) - KEYS:
        raise Refused('The positions are {"seats": {...}, "button": N, "moves": true, "kill": false, "blinds": '
                      '[N, N], "funds": {...}, "high_hand": {...}}')
    seats = value.get("seats", {})
    if not isinstance(seats, Mapping):
        raise Refused("The positions' seats are an object by seat number")
    players = {}
    for key, entry in seats.items():
        number = int(key) if isinstance(key, str) and key.isdigit() and key.isascii() else None
        if number not in SEATS:
            raise Refused(f"There is no seat {key!r}: a Poker table has seats 1 to 10", "§ 637a.2(a)")
        stack = entry.get("stack") if isinstance(entry, Mapping) else None
        flags = [entry.get(flag, False) for flag in ("away", "new", "missed")] if isinstance(entry, Mapping) else [None]
        if isinstance(stack, bool) or not isinstance(stack, int) or stack < 0 or not all(
                isinstance(flag, bool) for flag in flags) or set(entry) - {"stack", "away", "new", "missed"}:
            raise Refused(f"Seat {number}'s position needs its stack in cents and whether it is away, new or "
                          "missed the big blind")
        players[number] = Player(stack, *flags)
    button, moves = value.get("button"), value.get("moves", True)
    if button is not None and (isinstance(button, bool) or button not in SEATS):
        raise Refused(f"The button is at a seat from 1 to 10, not {button!r}", "§ 637a.11(c)")
    if not isinstance(moves, bool):
        raise Refused("Whether the button moves is true or false")
    kill = value.get("kill", False)
    if not isinstance(kill, bool):
        raise Refused("Whether the hand is a kill hand is true or false", "§ 637a.1")
    return Positions(players, button, moves, kill, _blinds(value.get("blinds")), _funds(value.get("funds")),
                     _high_hand(value.get("high_hand")))


def _is_seat(value: Any) -> bool:
    return not isinstance(value, bool) and value in SEATS


def _blinds(value: Any) -> tuple[int | None, int] | None:
    if value is None:
        return None
    if not isinstance(value, list | tuple) or len(value) != 2 or not _is_seat(value[1]) or not (
            value[0] is None or _is_seat(value[0])):
        raise Refused(f"The last blinds are [small blind's seat or null, big blind's seat], not {value!r}",
                      "§ 637a.11(d)")
    return value[0], value[1]


def _funds(value: Any) -> dict[str, Cents]:
    if value is None:
        return {}
    if not isinstance(value, Mapping) or set(value) - set(FUNDS) or any(
            isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in value.values()):
        raise Refused(f"The jackpot funds are cents by fund ({', '.join(FUNDS)}), not {value!r:.60}", "§ 637a.15")
    return dict(value)


def _high_hand(value: Any) -> tuple[int, tuple[str, ...]] | None:
    if value is None:
        return None
    cards = value.get("cards") if isinstance(value, Mapping) else None
    if not isinstance(value, Mapping) or not _is_seat(value.get("seat")) or not isinstance(cards, list) \
            or len(cards) != 5 or not all(isinstance(c, str) and len(c) == 2 for c in cards):
        raise Refused(f"The period's High Hand is its seat and five cards, not {value!r:.60}", "§ 637a.16")
    return value["seat"], tuple(cards)


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
