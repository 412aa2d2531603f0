"""Play Caribbean Stud Poker rounds from a compact description (Chapter 639a).

A round is written down as each seat's wagers, its decision and its five cards, and the dealer's
five cards, the up card first.  ``round_actions`` turns it into the dealer's actions in the
chapter's order:

* wagers (Ante, the optional Caribbean Stud Bonus and Progressive Payout Wagers), "no more bets",
  the deal and the dealer's up card (§§ 639a.8-639a.10, as commonly played); the stub count when due;
* Bet Wager of twice the Ante or fold, clockwise = ascending seats (§ 639a.11(b));
* the dealer's four hole cards, then each seat with a Bet Wager from the dealer's right =
  descending seats (§ 639a.11(c)); then the Envy Bonuses where Paytable D pays them
  (§ 639a.11(c)(5)(v)).

Each action carries the phase it belongs to, so a test can stop a round just before a phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from play import Round, outcomes, play_round, refuse, state, tap, turn_cards

from games.engine.core import RoundState
from games.engine.registry import game_for

__all__ = ["DEALER", "GAME", "METER", "ROUND", "TABLE", "Hand", "at", "outcomes", "play", "refuse", "round_actions",
           "state", "tap", "turn_cards"]

GAME = game_for("caribbean-stud")

# The dealer's up card first, then the four hole cards: ace-king high, the least qualifying hand.
DEALER = "Kd Ac 9h 6s 3c"

# The round option a table fed by meter 5, "CSP-1", starts its rounds with: $1 Progressive Payout Wagers.
METER = {"progressives": {"progressive": {"amount": "1.00", "meters": {"": {"id": 5, "name": "CSP-1"}}}}}


@dataclass(frozen=True)
class Hand:
    """One seat: its Ante, its five cards, its decision ("bet" or "fold"), its side wagers."""

    ante: str
    cards: str
    decision: str = "bet"
    bonus: str | None = None
    progressive: str | None = None

    @property
    def folds(self) -> bool:
        return self.decision == "fold"

    def wagers(self) -> dict[str, str]:
        placed = {"ante": self.ante}
        for wager in ("bonus", "progressive"):
            if getattr(self, wager) is not None:
                placed[wager] = getattr(self, wager)
        return placed


# A round that reaches every step: seat 1 bets with a pair of kings, seat 3 bets with a flush, seat 5
# folds.  With METER in the rules, seats 1 and 5 also place the Progressive Payout Wager.
ROUND = Round({1: Hand("10", "Kh Ks 7d 4c 2h", bonus="5"), 3: Hand("25", "2d 5d 8d Jd Qd"),
               5: Hand("5", "Qc Jh 8s 5h 4d", decision="fold", bonus="5")}, "", DEALER)

# A whole table of $10 Antes and $1 Progressive Payout Wagers: seat 2 holds a straight flush, seat 4
# a royal flush (two Envy Bonus Qualifying Hands), seat 6 folds.
TABLE = Round({1: Hand("10", "Kc Ks 7d 4c 2h", progressive="1"), 2: Hand("10", "8s 9s Ts Js Qs", progressive="1"),
               3: Hand("10", "2d 5d 8d Jd Qd"), 4: Hand("10", "Ah Kh Qh Jh Th", progressive="1"),
               5: Hand("10", "Qc Jc 8h 5h 4d"), 6: Hand("10", "3h 3d 7c 9d Tc", decision="fold", progressive="1")},
              "", DEALER)


def round_actions(seats: dict[int, Hand], board: str, dealer: str, *, stub_count: str | None = None,
                  card_reader: bool = False, envy: bool | None = None,
                  enter_all: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """The dealer's actions for a round, each with its phase, in the chapter's order.  With
    ``card_reader`` the shoe reads every card at the deal.  ``envy``: whether the Envy Bonuses are
    paid (Paytable D); by default, whenever a seat has a Progressive Payout Wager.  With
    ``enter_all`` the dealer enters the hole cards even where no wager is decided on them."""
    actions: list[tuple[str, dict[str, Any]]] = []
    for number in sorted(seats):
        for wager, amount in seats[number].wagers().items():
            actions.append(("wagers", {"type": "place_wager", "seat": number, "wager": wager, "amount": amount}))
    up, *hole = dealer.split()
    if card_reader:
        deal = {"type": "deal", "cards": {f"seat:{n}": seats[n].cards.split() for n in sorted(seats)}
                | {"dealer": dealer.split()}}
    else:
        deal = {"type": "cards", "target": "dealer", "cards": [up]}
    actions += [("no_more_bets", {"type": "no_more_bets"}), ("deal", deal)]
    if stub_count is not None:
        actions.append(("stub_count", {"type": "stub_count", "result": stub_count}))
    for number in sorted(seats):
        actions.append(("bet_decision", {"type": "decide", "seat": number, "choice": seats[number].decision}))

    def turned(target: str, codes: list[str]) -> dict[str, Any]:
        return {"type": "cards", "target": target} | ({} if card_reader else {"cards": codes})

    # § 639a.11(c): the hole cards are revealed even when every seat folded; no wager is then decided
    # on them, and the dealer confirms the reveal with one tap.
    needed = not all(hand.folds for hand in seats.values())
    actions.append(("reveal", turned("dealer", hole) if needed or card_reader or enter_all else {"type": "confirm"}))
    for number in sorted(seats, reverse=True):
        if not seats[number].folds:
            actions.append(("settle", turned(f"seat:{number}", seats[number].cards.split())))
    if envy is None:
        envy = any(hand.progressive is not None for hand in seats.values())
    if envy and any(hand.progressive is not None for hand in seats.values()):
        actions.append(("envy", {"type": "settle"}))
    return actions


def play(seats: dict[int, Hand], board: str = "", dealer: str = DEALER, **options: Any) -> RoundState:
    """Play the round through the engine (``options``: see ``play.play_round``)."""
    rules = options.get("rules") or {}
    if "envy" not in options and rules.get("progressive_paytable", "D") != "D":
        options["envy"] = False
    return play_round(GAME, round_actions, Round(seats, board, dealer), **options)


def at(phase: str | None = None, *, seats: dict[int, Hand] = ROUND.seats, **kwargs: Any) -> RoundState:
    """ROUND (with other ``seats``, if given) just before the first action of ``phase`` (all of it without one)."""
    return play(seats, ROUND.board, ROUND.cards, until=phase, **kwargs)
