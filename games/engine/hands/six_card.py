"""Six-card hands of the Let It Ride Six Card Bonus (§ 643a.6(e)).

The player's three cards and the three Six Card Bonus cards: a six-card royal flush
(A-K-Q-J-10-9 of one suit) ranks above everything, and Paytable E pays the diamond one
apart from the others (§ 643a.12(g)); any other six cards rank as their best five.  A
paytable without six-card rows pays a six-card royal flush as the royal flush it holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.engine.cards import Card
from games.engine.hands.high import HighHand, card_indices, hand_from_value, rank_value

SIX_CARD_ROYAL = frozenset(range(9, 15))


@dataclass(frozen=True)
class SixCardHand:
    best_five: HighHand
    six_card_royal_suit: str | None  # the suit of a six-card royal flush, if the six cards are one

    @property
    def name(self) -> str:
        return "Six-card royal flush" if self.six_card_royal_suit else self.best_five.name

    @property
    def slugs(self) -> tuple[str, ...]:
        if self.six_card_royal_suit is None:
            return self.best_five.slugs
        by_suit = "six_card_royal_flush_diamonds" if self.six_card_royal_suit == "d" else "six_card_royal_flush_other"
        return (by_suit, "six_card_royal_flush", *self.best_five.slugs)


def is_six_card_royal(ranks: Sequence[int], suits: Sequence[object]) -> bool:
    return len(set(suits)) == 1 and set(ranks) == SIX_CARD_ROYAL


def six_card_hand(cards: Sequence[Card]) -> SixCardHand:
    """Rank exactly six cards as § 643a.6(e) does."""
    indices = card_indices(cards, low=6, high=6, what="a Six Card Bonus hand")
    best = hand_from_value(rank_value(indices), cards)
    royal = is_six_card_royal([card.rank for card in cards], [card.suit for card in cards])
    return SixCardHand(best, cards[0].suit if royal else None)
