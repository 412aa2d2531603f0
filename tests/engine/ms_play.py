"""Play Mississippi Stud rounds from a compact description (Chapter 655a).

A round is described the way a floorperson would write it down: each seat's Ante, its Progressive
Payout Wager, its three street decisions ("10" for a Street Wager of $10, or "fold") and its two
cards, and the three community cards.  ``round_actions`` turns that into the dealer's actions in
the order the game prescribes:

* wagers, then "no more bets" and the deal; the stub count when due (§ 643a.8(b)-(f), as commonly
  played: §§ 655a.8-655a.10 are not available);
* the 3rd Street decisions clockwise from the dealer's left = ascending seats (§ 655a.1); the first
  community card; the 4th Street decisions; the second; the 5th Street decisions; the third;
* each seat still in from the dealer's right = descending seats (2014 § 655a.11(i)).

Each action carries the phase it belongs to, so a test can stop a round just before a phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from play import Round, outcomes, play_round, refuse, state, tap

from games.engine.core import RoundState
from games.engine.registry import game_for

GAME = game_for("mississippi-stud")

# Community cards for tests where they do not matter: none of the cards those tests deal to seats.
BOARD = "8c 6d 2h"
STREETS = ("third_street", "fourth_street", "fifth_street")
COMMUNITY = ("first_community_card", "second_community_card", "third_community_card")

__all__ = ["GAME", "BOARD", "ROUND", "TABLE", "Hand", "at", "outcomes", "play", "refuse", "round_actions", "settle",
           "state", "tap"]


@dataclass(frozen=True)
class Hand:
    """One seat: its Ante, its cards, its three street decisions (amounts or "fold"; "1x 2x 3x" are
    multiples of the Ante) and its Progressive Payout Wager (which needs a meter: the round's
    progressives option)."""

    ante: str
    cards: str
    plays: str = "1x 1x 1x"
    progressive: str | None = None

    @property
    def wagers(self) -> dict[str, str]:
        return {"ante": self.ante, **({"progressive": self.progressive} if self.progressive else {})}

    def decisions(self) -> list[str]:
        return [str(int(play[:-1]) * int(self.ante)) if play.endswith("x") else play for play in self.plays.split()]


# A round that reaches every step of the game: seat 1 bets three times the Ante on each street and
# is settled last, seat 4 folds on 4th Street, seat 5 bets once, then twice, then three times.
ROUND = Round({1: Hand("10", "Ah Kh", plays="3x 3x 3x"), 4: Hand("25", "7c 2d", plays="1x fold"),
               5: Hand("15", "9s 9d", plays="1x 2x 3x")}, "Qh 9c 4s", "")
# Six seats: three fold, at each street, and three stay in.
TABLE = Round({1: Hand("10", "As Ad"), 2: Hand("10", "7c 2d", plays="fold"), 3: Hand("10", "Ks Kd"),
               4: Hand("10", "3c 4d", plays="1x fold"), 5: Hand("10", "Js Jd"),
               6: Hand("10", "5s 8d", plays="1x 1x fold")}, "Qh 9c Th", "")


def round_actions(seats: dict[int, Hand], board: str = BOARD, _unused: str = "", *, stub_count: str | None = None,
                  card_reader: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """The dealer's actions for a round, each with its phase, in the game's order.

    With ``card_reader`` the shoe reads every card as it is dealt: the deal carries the seats' and
    the community cards, and turning them face up later enters nothing new.
    """
    actions: list[tuple[str, dict[str, Any]]] = []
    for number in sorted(seats):
        for wager, amount in seats[number].wagers.items():
            actions.append(("wagers", {"type": "place_wager", "seat": number, "wager": wager, "amount": amount}))
    deal: dict[str, Any] = {"type": "deal"}
    if card_reader:
        deal["cards"] = {f"seat:{n}": seats[n].cards.split() for n in sorted(seats)} | {"board": board.split()}
    actions += [("no_more_bets", {"type": "no_more_bets"}), ("deal", deal)]
    if stub_count is not None:
        actions.append(("stub_count", {"type": "stub_count", "result": stub_count}))

    def turned(target: str, codes: str) -> dict[str, Any]:
        return {"type": "cards", "target": target} | ({} if card_reader else {"cards": codes.split()})

    community = board.split()
    folded: set[int] = set()
    for index, street in enumerate(STREETS):
        for number in sorted(set(seats) - folded):
            decision = seats[number].decisions()[index]
            if decision == "fold":
                folded.add(number)
                action = {"type": "decide", "seat": number, "choice": "fold"}
            else:
                action = {"type": "decide", "seat": number, "choice": "bet", "amount": decision}
            actions.append((f"{street}_decision", action))
        if folded != set(seats):
            actions.append((COMMUNITY[index], turned("board", community[index])))
    for number in sorted(set(seats) - folded, reverse=True):
        actions.append(("settle", turned(f"seat:{number}", seats[number].cards)))
    return actions


def play(seats: dict[int, Hand], board: str = BOARD, _unused: str = "", **options: Any) -> RoundState:
    """Play the round through the engine (``options``: see ``play.play_round``)."""
    return play_round(GAME, round_actions, Round(seats, board, ""), **options)


def at(phase: str | None = None, *, rules: dict[str, Any] | None = None, **kwargs: Any) -> RoundState:
    """ROUND under ``rules``, just before the first action of ``phase`` (all of it without one)."""
    return play(*ROUND, rules=rules or {}, until=phase, **kwargs)


def settle(cards: str, board: str = BOARD, *, plays: str = "1x 1x 1x", ante: str = "10",
           rules: dict[str, Any] | None = None, **wagers: str) -> dict[str, tuple[str, int]]:
    """{wager: (outcome, cents)} of one seat 1 playing ``cards`` with an ``ante`` and ``plays``."""
    rnd = play({1: Hand(ante, cards, plays, **wagers)}, board, rules=rules)
    return outcomes(rnd, 1)
