"""The Let It Ride steps of its own: three equal bets, the deal with the Six Card Bonus cards, each
bet withdrawn or let ride; and what they leave on a seat."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING

from games.engine.core.decisions import Option, SeatDecision
from games.engine.core.records import Prompt, Refused
from games.engine.core.state import Seat
from games.engine.core.steps import Betting, Deal
from games.engine.money import dollars

if TYPE_CHECKING:
    from games.engine.core.machine import Action, RoundState

BETS = ("bet1", "bet2", "bet3")  # the three Let It Ride Wagers, § 643a.7(d)


def plays(rnd: RoundState, seat: Seat) -> bool:
    """Whether the seat plays the round: it has Bet Number 1 (§ 643a.7(d))."""
    return "bet1" in seat.wagers


def withdrawn(seat: Seat, bet: str) -> bool:
    """Whether the player withdrew this bet at § 643a.11(b) (Bet 1) or § 643a.11(d) (Bet 2)."""
    return seat.decisions.get(f"{bet}_decision") == "pull"


def six_card_bonus_placed(rnd: RoundState) -> bool:
    return any("six_card_bonus" in seat.wagers for seat in rnd.seats.values())


class ThreeEqualBets(Betting):
    """§ 643a.7(d): a seat plays with three equal wagers; "no more bets" is refused until each seat has them.

    The check waits for "no more bets" so that a seat's three amounts can be changed one after the other.
    """

    def check_closing(self, rnd: RoundState) -> None:
        super().check_closing(rnd)
        for number in sorted(rnd.seats):
            wagers = rnd.seats[number].wagers
            missing = [rnd.game.wager_label(bet) for bet in BETS if bet not in wagers]
            if missing:
                raise Refused(f"Seat {number} must place Bet 1, Bet 2 and Bet 3 to play; it has no "
                              f"{' or '.join(missing)}", "§ 643a.7(d)")
            if len({wagers[bet] for bet in BETS}) > 1:
                amounts = ", ".join(f"{rnd.game.wager_label(bet)} {dollars(wagers[bet])}" for bet in BETS)
                raise Refused(f"Seat {number}'s three Let It Ride Wagers must be equal, not {amounts}", "§ 643a.7(d)")


class LetItRideDeal(Deal):
    """The deal of §§ 643a.8(d), 643a.9(b), 643a.10(b) and (g): three cards to each seat, two
    community cards face down, and three Six Card Bonus cards when a seat has that wager.

    A card-reading shoe (or training mode's virtual shoe) may give every card now: ``cards``
    holds ``seat:N`` (three each), ``board`` (the two community cards, the one turned first
    first) and ``six_card_bonus`` (three), all face down until they are turned (§ 643a.11(c),
    (e), (g)(6)).
    """

    def __init__(self, step_id: str, section: str, texts: tuple[str, str]):
        super().__init__(step_id, section, texts[0], cards_each=3, zones={"board": 2, "six_card_bonus": 3})
        self.six_card_text = texts[1]

    def prompt(self, rnd: RoundState) -> Prompt:
        prompt = super().prompt(rnd)
        if six_card_bonus_placed(rnd):
            return dataclasses.replace(prompt, text=self.six_card_text.format(
                seats=", ".join(str(n) for n in rnd.playing_seats())))
        return prompt

    def apply(self, rnd: RoundState, action: Action) -> None:
        given = action.get("cards") or {}
        if isinstance(given, Mapping) and "six_card_bonus" in given and not six_card_bonus_placed(rnd):
            raise Refused("No seat has a Six Card Bonus Wager: no Six Card Bonus cards are dealt", self.section)
        super().apply(rnd, action)


class PullOrRide(SeatDecision):
    """§ 643a.11(b) and (d): each seat in turn, clockwise, withdraws a bet or lets it ride.

    A withdrawn bet gets its "returned" line and stays in ``seat.wagers`` (``Option.returns``), so
    a sheet exported from the round still holds all three bets and a void returns each once.
    Whether a bet is still in action is the seat's decision.
    """

    def __init__(self, step_id: str, section: str, bet: str, pull_section: str):
        label = f"Bet {bet[-1]}"
        super().__init__(step_id, section, (
            Option("ride", "Let It Ride", section=section),
            Option("pull", f"Pull {label}", returns=bet, section=pull_section),
        ), eligible=plays)
        self.bet = bet

    def prompt(self, rnd: RoundState) -> Prompt:
        prompt = super().prompt(rnd)
        stake = rnd.seats[prompt.seat].wagers[self.bet]
        label = rnd.game.wager_label(self.bet)
        return dataclasses.replace(prompt, text=f"Seat {prompt.seat}: withdraw {label} ({dollars(stake)}) "
                                                f"or Let It Ride?")

