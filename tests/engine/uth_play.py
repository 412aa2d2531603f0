"""Play Ultimate Texas Hold 'Em Poker rounds from a compact description (Chapter 653a).

A round is described the way a floorperson would write it down: each seat's wagers, its
decisions and its two cards, the board and the dealer's cards.  ``round_actions`` turns that
into the dealer's actions in the order of the game as commonly played (§§ 653a.7-653a.11 are
not available; the dealing cites §§ 677a.8-677a.10):

* wagers (Ante, an equal Blind, the optional Trips), "no more bets" and the deal;
* the Play Wager (four or three times the Ante) or check, clockwise = ascending seats;
* the Flop; the Play Wager (twice the Ante) or check by the seats that have not played; the Turn
  and the River together; the stub count when due;
* the Play Wager equal to the Ante or fold by the seats that still have not played;
* the dealer's reveal, then each seat with a Play Wager from the dealer's right = descending
  seats; then the folded seats whose cards wait under a Trips Wager.

Each action carries the phase it belongs to, so a test can stop a round just before a phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from play import Round, outcomes, play_round, refuse, state, tap, turn_cards

from games.engine.core import RoundState
from games.engine.registry import game_for

__all__ = ["BOARD", "DEALER", "GAME", "ROUND", "TABLE", "Hand", "at", "outcomes", "play", "refuse", "round_actions",
           "state", "tap", "turn_cards"]

GAME = game_for("ultimate-texas-holdem")

# A board and a dealer's hand for tests where the main game does not matter: no straight or flush
# is possible with most two cards, and the dealer has a pair of fives.
BOARD = "3c 4d 8h 9s Kc"
DEALER = "5h 5s"

DECISIONS = ("preflop_decision", "flop_decision", "river_decision")


@dataclass(frozen=True)
class Hand:
    """One seat: its Ante (the Blind equals it unless given), its Trips Wager, its decisions, its cards.

    ``plays`` lists the seat's answers in order, one per decision point until it plays or folds:
    "check", an amount ("40": a Play Wager of $40), "play" (the Play Wager the engine computes:
    after the Flop or the River) or "fold".  "40" plays four times a $10 Ante before the Flop;
    "check play" twice it after the Flop; "check check play" once it after the River.
    """

    ante: str
    cards: str
    plays: str = "40"
    trips: str | None = None
    blind: str | None = None

    @property
    def answers(self) -> list[str]:
        return self.plays.split()

    @property
    def folds(self) -> bool:
        return self.answers[-1] == "fold"

    def answer(self, index: int) -> str | None:
        return self.answers[index] if index < len(self.answers) else None

    def wagers(self) -> dict[str, str]:
        placed = {"ante": self.ante, "blind": self.blind or self.ante}
        if self.trips is not None:
            placed["trips"] = self.trips
        return placed


# A round that reaches every step: seat 1 plays four times before the Flop, seat 3 twice after
# it, seat 5 folds after the River and its cards wait under its Trips Wager.
ROUND = Round({1: Hand("10", "Ah Kh", plays="40"),
               3: Hand("25", "9c 9d", plays="check play", trips="5"),
               5: Hand("5", "Kc Kd", plays="check check fold", trips="5")},
              "2h 7h 9h Jc 3d", "Qs Qd")

# A whole table of $10 Antes against the dealer's pair of queens: seats 2 and 4 fold keeping their
# Trips Wager, seat 6 folds without one; seat 1 plays before the Flop, seat 3 after it, seat 5
# after the River.
TABLE = Round({1: Hand("10", "Ah Kh", plays="40"), 2: Hand("10", "Kc Kd", plays="check check fold", trips="5"),
               3: Hand("10", "4c 5d", plays="check play"),
               4: Hand("10", "Ac Ad", plays="check check fold", trips="5"),
               5: Hand("10", "Js Jd", plays="check check play"), 6: Hand("10", "8c 8d", plays="check check fold")},
              "2h 7h 9h Jc 3d", "Qs Qd")


def decide(step: str, seat: int, answer: str) -> dict[str, Any]:
    if answer in ("check", "fold", "play"):
        return {"type": "decide", "step": step, "seat": seat, "choice": answer}
    return {"type": "decide", "step": step, "seat": seat, "choice": "play", "amount": answer}


def round_actions(seats: dict[int, Hand], board: str, dealer: str, *, stub_count: str | None = None,
                  card_reader: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """The dealer's actions for a round, each with its phase, in the game's order."""
    actions: list[tuple[str, dict[str, Any]]] = []
    for number in sorted(seats):
        for wager, amount in seats[number].wagers().items():
            actions.append(("wagers", {"type": "place_wager", "seat": number, "wager": wager, "amount": amount}))
    deal: dict[str, Any] = {"type": "deal"}
    if card_reader:
        deal["cards"] = {f"seat:{n}": seats[n].cards.split() for n in sorted(seats)} | {"dealer": dealer.split()}
    actions += [("no_more_bets", {"type": "no_more_bets"}), ("deal", deal)]
    cards = board.split()
    streets = {0: ("flop", cards[:3]), 1: ("turn_river", cards[3:])}
    for index, step in enumerate(DECISIONS):
        for number in sorted(seats):
            answer = seats[number].answer(index)
            if answer is not None:
                actions.append((step, decide(step, number, answer)))
        if index in streets:
            phase, dealt = streets[index]
            actions.append((phase, {"type": "cards", "target": "board", "cards": dealt}))
    if stub_count is not None:
        river = next(i for i, (phase, _) in enumerate(actions) if phase == "turn_river")
        actions.insert(river + 1, ("stub_count", {"type": "stub_count", "result": stub_count}))

    def turned(target: str, codes: str) -> dict[str, Any]:
        return {"type": "cards", "target": target} | ({} if card_reader else {"cards": codes.split()})

    if not all(hand.folds for hand in seats.values()):
        actions.append(("reveal", turned("dealer", dealer)))
    for number in sorted(seats, reverse=True):
        if not seats[number].folds:
            actions.append(("settle", turned(f"seat:{number}", seats[number].cards)))
    for number in sorted(seats, reverse=True):
        if seats[number].folds and seats[number].trips is not None:
            actions.append(("settle_trips", turned(f"seat:{number}", seats[number].cards)))
    return actions


def play(seats: dict[int, Hand], board: str = BOARD, dealer: str = DEALER, **options: Any) -> RoundState:
    """Play the round through the engine (``options``: see ``play.play_round``)."""
    return play_round(GAME, round_actions, Round(seats, board, dealer), **options)


def at(phase: str | None = None, *, seats: dict[int, Hand] = ROUND.seats, **kwargs: Any) -> RoundState:
    """ROUND (with other ``seats``, if given) just before the first action of ``phase`` (all of it without one)."""
    return play(seats, ROUND.board, ROUND.cards, until=phase, **kwargs)
