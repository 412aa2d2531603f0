"""Play Four Card Poker rounds from a compact description (Chapter 641a).

A seat is written as its wagers, its Play decision (an amount, or "fold"; none for a seat with
only an Aces Up Wager) and its five cards; the dealer's six cards are written up card first.
``round_actions`` gives the dealer's actions in the chapter's order: wagers, "no more bets", the
deal with the dealer's up card (as commonly played), the stub count when due, the Play Wager or
fold clockwise (§ 641a.11(b)), the dealer's five hole cards, each seat still in from the dealer's
right (§ 641a.11(c)), the folded seats' Aces Up Wagers (§ 641a.11(b)(1)), the Envy Bonuses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from play import Round, outcomes, play_round, refuse, state, tap, turn_cards

from games.engine.core import RoundState
from games.engine.registry import game_for

__all__ = ["DEALER", "GAME", "ROUND", "Hand", "at", "outcomes", "play", "refuse", "round_actions", "state", "tap",
           "turn_cards"]

GAME = game_for("four-card-poker")

# The up card first, then five hole cards: the dealer's best four are a pair of kings (Kd Kc 9h 6s).
DEALER = "Kd Kc 9h 6s 3c 2d"

WAGERS = ("ante", "aces_up", "four_card_progressive", "five_card_progressive", "bad_beat")


@dataclass(frozen=True)
class Hand:
    """One seat: its Ante (or None), its five cards, its decision, its other wagers."""

    ante: str | None
    cards: str
    decision: str | None = None  # the Play Wager's amount, or "fold"; None without an Ante
    aces_up: str | None = None
    four_card_progressive: str | None = None
    five_card_progressive: str | None = None
    bad_beat: str | None = None

    @property
    def folds(self) -> bool:
        return self.decision == "fold"

    def wagers(self) -> dict[str, str]:
        return {wager: getattr(self, wager) for wager in WAGERS if getattr(self, wager) is not None}


# A round that reaches every step: seat 1 plays twice its Ante, seat 3 plays only the Aces Up
# Wager, seat 5 folds keeping its Aces Up Wager under its cards.
ROUND = Round({1: Hand("10", "Ad Ah Qd 7c 4h", "20", aces_up="5"), 3: Hand(None, "Js Jh Jd 5c 2h", aces_up="10"),
               5: Hand("5", "Qc Th 8s 5h 4d", "fold", aces_up="5")}, "", DEALER)


def round_actions(seats: dict[int, Hand], board: str, dealer: str, *, stub_count: str | None = None,
                  card_reader: bool = False, enter_all: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """The dealer's actions for a round, each with its phase, in the chapter's order.  With
    ``card_reader`` the shoe reads every card at the deal; with ``enter_all`` the dealer enters the
    dealer's cards even where no wager is decided on them."""
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
        decision = seats[number].decision
        if decision == "fold":
            actions.append(("play_decision", {"type": "decide", "seat": number, "choice": "fold"}))
        elif decision is not None:
            actions.append(("play_decision", {"type": "decide", "seat": number, "choice": "play", "amount": decision}))

    def turned(target: str, codes: list[str]) -> dict[str, Any]:
        return {"type": "cards", "target": target} | ({} if card_reader else {"cards": codes})

    # § 641a.11(c): the dealer's cards are revealed even where no wager is decided on them (every seat
    # folded, or plays the Aces Up Wager alone); the dealer then confirms the reveal with one tap.
    needed = any(not hand.folds and (hand.decision is not None or hand.bad_beat is not None)
                 for hand in seats.values())
    actions.append(("reveal", turned("dealer", hole) if needed or card_reader or enter_all else {"type": "confirm"}))
    for number in sorted(seats, reverse=True):
        if not seats[number].folds:
            actions.append(("settle", turned(f"seat:{number}", seats[number].cards.split())))
    for number in sorted(seats, reverse=True):
        if seats[number].folds and seats[number].aces_up is not None:
            actions.append(("settle_aces_up", turned(f"seat:{number}", seats[number].cards.split())))
    if any(hand.four_card_progressive or hand.five_card_progressive for hand in seats.values()):
        actions.append(("envy", {"type": "settle"}))
    return actions


def play(seats: dict[int, Hand], board: str = "", dealer: str = DEALER, **options: Any) -> RoundState:
    return play_round(GAME, round_actions, Round(seats, board, dealer), **options)


def at(phase: str | None = None, *, seats: dict[int, Hand] = ROUND.seats, **kwargs: Any) -> RoundState:
    """ROUND (with other ``seats``, if given) just before the first action of ``phase`` (all of it without one)."""
    return play(seats, ROUND.board, ROUND.cards, until=phase, **kwargs)
