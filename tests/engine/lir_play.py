"""Play Let It Ride Poker rounds from a compact description (Chapter 643a).

A round is described the way a floorperson would write it down: each seat's three equal bets,
its side wagers, its two decisions and its three cards, the two community cards and the three
Six Card Bonus cards.  ``round_actions`` turns that into the dealer's actions in the order the
regulation prescribes:

* wagers, then "no more bets" and the deal (§ 643a.8(b)-(d)); the stub count when due (§ 643a.8(f));
* Bet 1 withdrawn or let ride, clockwise from the dealer's left = ascending seats (§ 643a.11(b));
* the first community card (§ 643a.11(c)); Bet 2 likewise (§ 643a.11(d)); the second (§ 643a.11(e));
* each seat from the dealer's right = descending seats (§ 643a.11(f)), the Six Card Bonus cards
  turned right after the first seat with that wager is settled on its other wagers (§ 643a.11(g)(6)).

Each action carries the phase it belongs to, so a test can stop a round just before a phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from play import Round, outcomes, play_round, refuse, state, tap

from games.engine.core import RoundState
from games.engine.registry import game_for

GAME = game_for("let-it-ride")

# Community and Six Card Bonus cards for tests where they do not matter: no two of one rank or suit
# beside the seats' cards the tests use, and none of the cards those tests deal to the seats.
BOARD = "8c 6d"
SIX_CARDS = "Jc 5d 3s"

__all__ = ["GAME", "BOARD", "ROUND", "ROUND_RULES", "SIX_CARDS", "Hand", "at", "outcomes", "play", "refuse",
           "round_actions", "settle", "state", "tap"]


@dataclass(frozen=True)
class Hand:
    """One seat: each of its three equal bets, its side wagers, its decisions ("ride" or "pull" for
    Bet 1 then Bet 2) and its three cards."""

    bet: str
    cards: str
    plays: str = "ride ride"
    five_card_bonus: str | None = None
    three_card_bonus: str | None = None
    six_card_bonus: str | None = None
    three_card_progressive: str | None = None  # need a meter: the round's progressives option
    five_card_progressive: str | None = None
    five_card_hand_bonus: str | None = None  # on the electronic wagering system, needs a meter

    @property
    def wagers(self) -> dict[str, str]:
        sides = {"five_card_bonus": self.five_card_bonus, "three_card_bonus": self.three_card_bonus,
                 "three_card_progressive": self.three_card_progressive,
                 "five_card_progressive": self.five_card_progressive, "six_card_bonus": self.six_card_bonus,
                 "five_card_hand_bonus": self.five_card_hand_bonus}
        return {"bet1": self.bet, "bet2": self.bet, "bet3": self.bet,
                **{wager: amount for wager, amount in sides.items() if amount is not None}}


# A round that reaches every step of the chapter, on a table offering every side wager on Paytable
# A: seat 2 pulls Bet 1, seat 5 lets both ride and has the Six Card Bonus cards turned after it.
# The checks every game shares play it, and so do this game's irregularity tests.
ROUND = Round({2: Hand("10", "Ah Kh 4c", plays="pull ride", five_card_bonus="5"),
               5: Hand("25", "Tc Td 2s", plays="ride ride", three_card_bonus="5", six_card_bonus="5")},
              "Th 3c", "9c Ts 2d")
ROUND_RULES = {"five_card_bonus_paytable": "A", "three_card_bonus_paytable": "A", "six_card_bonus_paytable": "A"}


def round_actions(seats: dict[int, Hand], board: str = BOARD, six_cards: str = SIX_CARDS, *,
                  stub_count: str | None = None, card_reader: bool = False,
                  draw: tuple[str, int | str] | None = None) -> list[tuple[str, dict[str, Any]]]:
    """The dealer's actions for a round, each with its phase, in the regulation's order.

    With ``card_reader`` the shoe reads every card as it is dealt: the deal carries the seats', the
    community and the Six Card Bonus cards, and turning them face up later enters nothing new.
    """
    six = any(hand.six_card_bonus is not None for hand in seats.values())
    actions: list[tuple[str, dict[str, Any]]] = []
    for number in sorted(seats):
        for wager, amount in seats[number].wagers.items():
            actions.append(("wagers", {"type": "place_wager", "seat": number, "wager": wager, "amount": amount}))
    deal: dict[str, Any] = {"type": "deal"}
    if card_reader:
        deal["cards"] = {f"seat:{n}": seats[n].cards.split() for n in sorted(seats)} | {"board": board.split()}
        if six:
            deal["cards"]["six_card_bonus"] = six_cards.split()
    actions.append(("no_more_bets", {"type": "no_more_bets"}))
    if draw is not None:  # what the table game system drew (the service draws it with secrets)
        actions.append(("magic_draw", {"type": "system_draw", "magic_card": draw[0], "lucky": draw[1]}))
    actions.append(("deal", deal))
    if stub_count is not None:
        actions.append(("stub_count", {"type": "stub_count", "result": stub_count}))

    def turned(target: str, codes: str) -> dict[str, Any]:
        return {"type": "cards", "target": target} | ({} if card_reader else {"cards": codes.split()})

    community = board.split()
    for index, bet in enumerate(("bet1", "bet2")):
        for number in sorted(seats):
            choice = seats[number].plays.split()[index]
            actions.append((f"{bet}_decision", {"type": "decide", "seat": number, "choice": choice}))
        phase = ("first_community_card", "second_community_card")[index]
        actions.append((phase, turned("board", community[index])))
    for number in sorted(seats, reverse=True):
        actions.append(("settle", turned(f"seat:{number}", seats[number].cards)))
        # § 643a.11(g)(6): the Six Card Bonus cards are turned once the first seat with that wager
        # has its other wagers settled.
        if seats[number].six_card_bonus is not None and six:
            actions.append(("six_card_bonus_cards", turned("six_card_bonus", six_cards)))
            six = False
    return actions


def play(seats: dict[int, Hand], board: str = BOARD, six_cards: str = SIX_CARDS, **options: Any) -> RoundState:
    """Play the round through the engine (``options``: see ``play.play_round``)."""
    return play_round(GAME, round_actions, Round(seats, board, six_cards), **options)


def at(phase: str | None = None, *, rules: dict[str, Any] | None = None, **kwargs: Any) -> RoundState:
    """ROUND, under ROUND_RULES and ``rules``, just before the first action of ``phase`` (all of it without one)."""
    return play(*ROUND, rules={**ROUND_RULES, **(rules or {})}, until=phase, **kwargs)


def settle(cards: str, board: str = BOARD, six_cards: str = SIX_CARDS, *, plays: str = "ride ride",
           rules: dict[str, Any] | None = None, **wagers: str) -> dict[str, tuple[str, int]]:
    """{wager: (outcome, cents)} of one seat 1 playing ``cards`` with ``wagers`` (``bet`` is each of the three)."""
    rnd = play({1: Hand(wagers.pop("bet", "10"), cards, plays, **wagers)}, board, six_cards, rules=rules)
    return outcomes(rnd, 1)
