"""Three-card hands: the Let It Ride Three Card Bonus (§ 643a.6(c)) and Three-Card
Progressive (§ 643a.6(d)).

Highest first: mini-royal (A-K-Q of one suit), straight flush, three-of-a-kind, straight
(A-2-3 counts, and the ace also tops Q-K-A; nothing wraps), flush, pair.  A straight
ranks above a flush because three cards make a flush more easily than a straight
(§ 643a.6(c) lists them in that order).  A paytable that has no mini-royal row pays one
as a straight flush, and one that separates spades pays the spade mini-royal apart; the
hand's ``slugs`` say so, most specific first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum

from games.engine.cards import RANK_NAMES, RANK_PLURALS, Card
from games.engine.hands.high import CATEGORY_SHIFT, card_indices, pack, straight_high


class ThreeCardCategory(IntEnum):
    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    STRAIGHT = 3
    THREE_OF_A_KIND = 4
    STRAIGHT_FLUSH = 5
    MINI_ROYAL = 6

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").capitalize().replace("Three of a kind", "Three-of-a-kind").replace(
            "Mini royal", "Mini-royal"
        )


CATEGORIES = tuple(ThreeCardCategory)


@dataclass(frozen=True, order=True)
class ThreeCardHand:
    value: int
    category: ThreeCardCategory = field(compare=False)
    cards: tuple[Card, ...] = field(compare=False)
    name: str = field(compare=False)
    slugs: tuple[str, ...] = field(compare=False)  # paytable rows it may be paid under, most specific first


def three_card_value(ranks: Sequence[int], suits: Sequence[int | str]) -> int:
    """The value of three cards given as ranks and suits (no checks: the fast path)."""
    flush = suits[0] == suits[1] == suits[2]
    distinct = len(set(ranks)) == 3
    high = straight_high(sum(1 << (rank - 2) for rank in ranks), 3) if distinct else 0
    ordered = sorted(ranks, key=lambda rank: (ranks.count(rank), rank), reverse=True)
    if high and flush:
        return pack(ThreeCardCategory.MINI_ROYAL if high == 14 else ThreeCardCategory.STRAIGHT_FLUSH, [high])
    if not distinct:
        category = ThreeCardCategory.THREE_OF_A_KIND if ranks.count(ordered[0]) == 3 else ThreeCardCategory.PAIR
        return pack(category, sorted(set(ranks), key=lambda rank: (ranks.count(rank), rank), reverse=True))
    if high:
        return pack(ThreeCardCategory.STRAIGHT, [high])
    return pack(ThreeCardCategory.FLUSH if flush else ThreeCardCategory.HIGH_CARD, ordered)


def three_card_slugs(category: ThreeCardCategory, suit: str) -> tuple[str, ...]:
    if category is ThreeCardCategory.MINI_ROYAL:
        return ("mini_royal_spades" if suit == "s" else "mini_royal_other_suits", "mini_royal", "straight_flush")
    return (category.name.lower(),)


def three_card_hand(cards: Sequence[Card]) -> ThreeCardHand:
    """The rank of exactly three cards, as § 643a.6(c)-(d) define it."""
    card_indices(cards, low=3, high=3, what="a three-card hand")
    value = three_card_value([card.rank for card in cards], [card.suit for card in cards])
    category = ThreeCardCategory(value >> CATEGORY_SHIFT)
    shown = sorted(cards, key=lambda card: ([c.rank for c in cards].count(card.rank), card.rank), reverse=True)
    if category in (ThreeCardCategory.STRAIGHT, ThreeCardCategory.STRAIGHT_FLUSH) and value >> 16 & 0xF == 3:
        shown = sorted(cards, key=lambda card: card.rank % 14, reverse=True)  # A-2-3 shows 3, 2, A
    top = shown[0].rank
    name = {
        ThreeCardCategory.MINI_ROYAL: "Mini-royal",
        ThreeCardCategory.THREE_OF_A_KIND: f"Three {RANK_PLURALS[top]}",
        ThreeCardCategory.PAIR: f"Pair of {RANK_PLURALS[top]}",
    }.get(category, f"{category.label}, {RANK_NAMES[top]} high")
    return ThreeCardHand(value, category, tuple(shown), name, three_card_slugs(category, cards[0].suit))
