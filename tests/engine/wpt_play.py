"""Play World Poker Tour Heads-Up Hold 'Em rounds from a compact description (Chapter 677a).

A round is described the way a floorperson would write it down: each seat's wagers, its
decisions and its two cards, the board and the dealer's cards.  ``round_actions`` turns that
into the dealer's actions in the order the regulation prescribes:

* wagers (Ante, an equal Odds Wager, the optional Pocket Bonus and Trips Plus), "no more bets"
  and the deal (§ 677a.8(b)-(c));
* Raise Wager (up to three times the Ante) or check, clockwise = ascending seats (§ 677a.11(b));
* the Flop (§ 677a.11(c)); Raise Wager (up to twice the Ante) or check by the seats that have not
  raised (§ 677a.11(d)); the Turn and the River together (§ 677a.11(e)); the stub count when due;
* Raise Wager equal to the Ante or fold by the seats that still have not raised (§ 677a.11(f));
* the dealer's reveal, then each seat with a Raise Wager from the dealer's right = descending
  seats (§ 677a.11(g)); then the folded seats whose cards wait under a Pocket Bonus or Trips Plus
  Wager (§ 677a.11(f), (i)).

Each action carries the phase it belongs to, so a test can stop a round just before a phase.
The helpers every game shares (``outcomes``, ``refuse``, ``state``, ``tap``, ``turn_cards``)
come from ``play``, re-exported.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from play import Round, outcomes, play_round, refuse, state, tap, turn_cards

from games.engine.core import RoundState
from games.engine.registry import game_for

__all__ = ["BOARD", "DEALER", "GAME", "ROUND", "TABLE", "Hand", "at", "outcomes", "play", "refuse", "round_actions",
           "state", "tap", "turn_cards"]

GAME = game_for("wpt-heads-up")

# A board and dealer's hand for tests where the main game does not matter: no ace, king, queen,
# jack, ten or two, so any Pocket Bonus hand can be dealt beside them; the dealer has a pair.
BOARD = "3c 4d 8h 9s 7c"
DEALER = "5h 5s"

DECISIONS = ("preflop_decision", "flop_decision", "river_decision")


@dataclass(frozen=True)
class Hand:
    """One seat: its Ante (and Odds, Pocket Bonus and Trips Plus Wagers), its decisions, its cards.

    ``plays`` lists the seat's answers in order, one per decision point until it raises or folds:
    "check", an amount ("30": a Raise Wager of $30), "raise" (the Raise Wager the engine computes:
    after the River only) or "fold".  "30" raises before the Flop; "check 20" after the Flop;
    "check check raise" after the Turn and River.  The Odds Wager equals the Ante unless given.
    """

    ante: str
    cards: str
    plays: str = "30"
    pocket_bonus: str | None = None
    trips_plus: str | None = None
    odds: str | None = None

    @property
    def answers(self) -> list[str]:
        return self.plays.split()

    @property
    def folds(self) -> bool:
        return self.answers[-1] == "fold"

    def answer(self, index: int) -> str | None:
        """The answer at the ``index``-th decision point, or None once the seat raised or folded."""
        return self.answers[index] if index < len(self.answers) else None

    def wagers(self) -> dict[str, str]:
        placed = {"ante": self.ante, "odds": self.odds or self.ante}
        for wager in ("pocket_bonus", "trips_plus"):
            if getattr(self, wager) is not None:
                placed[wager] = getattr(self, wager)
        return placed


# A round that reaches every step of the chapter: seat 1 raises before the Flop, seat 3 after it,
# seat 5 folds after the River and its cards wait under its Pocket Bonus and Trips Plus Wagers.
# The checks every game shares play it, and so do this game's irregularity tests.
ROUND = Round({1: Hand("10", "Ah Kh", plays="30", pocket_bonus="5"),
               3: Hand("25", "9c 9d", plays="check 50", trips_plus="5"),
               5: Hand("5", "Kc Kd", plays="check check fold", pocket_bonus="5", trips_plus="5")},
              "2h 7h 9h Jc 3d", "Qs Qd")

# A whole table of $10 Antes against the dealer's pair of queens: seats 2 and 4 fold keeping their
# Pocket Bonus or Trips Plus Wager, seat 6 folds without one; seat 1 raises before the Flop, seat 3
# after it, seat 5 after the River.
TABLE = Round({1: Hand("10", "Ah Kh", plays="30"), 2: Hand("10", "Kc Kd", plays="check check fold", pocket_bonus="5"),
               3: Hand("10", "4c 5d", plays="check 20"),
               4: Hand("10", "Ac Ad", plays="check check fold", trips_plus="5"),
               5: Hand("10", "Js Jd", plays="check check raise"), 6: Hand("10", "8c 8d", plays="check check fold")},
              "2h 7h 9h Jc 3d", "Qs Qd")


def decide(step: str, seat: int, answer: str) -> dict[str, Any]:
    if answer in ("check", "fold", "raise"):
        return {"type": "decide", "step": step, "seat": seat, "choice": answer}
    return {"type": "decide", "step": step, "seat": seat, "choice": "raise", "amount": answer}


def round_actions(seats: dict[int, Hand], board: str, dealer: str, *, stub_count: str | None = None,
                  card_reader: bool = False, enter_all: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """The dealer's actions for a round, each with its phase, in the regulation's order.

    With ``card_reader`` the shoe reads every card as it is dealt: the deal carries the seats'
    and the dealer's cards, and turning them face up later enters nothing new.  With ``enter_all``
    the dealer enters the dealer's cards even where no wager is decided on them.
    """
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
        stub = ("stub_count", {"type": "stub_count", "result": stub_count})
        river = next(i for i, (phase, _) in enumerate(actions) if phase == "turn_river")
        actions.insert(river + 1, stub)  # the stub is counted once all community cards are dealt

    def turned(target: str, codes: str) -> dict[str, Any]:
        return {"type": "cards", "target": target} | ({} if card_reader else {"cards": codes.split()})

    # § 677a.11(g): the dealer's cards are turned even when every seat folded; they decide only the
    # seats that raised, so the dealer then confirms the step with one tap.
    needed = not all(hand.folds for hand in seats.values())
    actions.append(("reveal", turned("dealer", dealer) if needed or card_reader or enter_all else {"type": "confirm"}))
    for number in sorted(seats, reverse=True):
        if not seats[number].folds:
            actions.append(("settle", turned(f"seat:{number}", seats[number].cards)))
    for number in sorted(seats, reverse=True):
        hand = seats[number]
        if hand.folds and (hand.pocket_bonus is not None or hand.trips_plus is not None):
            actions.append(("settle_optional", turned(f"seat:{number}", hand.cards)))
    return actions


def play(seats: dict[int, Hand], board: str = BOARD, dealer: str = DEALER, **options: Any) -> RoundState:
    """Play the round through the engine (``options``: see ``play.play_round``)."""
    return play_round(GAME, round_actions, Round(seats, board, dealer), **options)


def at(phase: str | None = None, *, seats: dict[int, Hand] = ROUND.seats, **kwargs: Any) -> RoundState:
    """ROUND (with other ``seats``, if given) just before the first action of ``phase`` (all of it without one)."""
    return play(seats, ROUND.board, ROUND.cards, until=phase, **kwargs)
