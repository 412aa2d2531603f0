"""Low hands of nonbanked Poker (§ 637a.6(c)-(e)) and the eight-or-better qualifier
(§ 637a.10(j)).

In low hand Poker the ace is the lowest card and the ranking is the inverse of the high
ranking with straights and flushes ignored (§ 637a.6(d)): the best low is 5-4-3-2-A, any
hand with a pair is worse than any without, and between two hands of the same kind the
one whose highest card not held in common is lower wins (§ 637a.6(e)).  ``LowHand.value``
grows as the low hand gets better, so hands compare as high hands do.

A qualifying eight-or-better low holds five different ranks, none of them a 9, 10, jack,
queen or king (§ 637a.10(j)).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from games.engine.cards import Card
from games.engine.hands.high import Category, card_indices, pack

LOW_RANK = {rank: (1 if rank == 14 else rank) for rank in range(2, 15)}  # § 637a.6(c): the ace is low
WORST = 1 << 24
LOW_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


@dataclass(frozen=True, order=True)
class LowHand:
    value: int  # higher is a better low
    cards: tuple[Card, ...] = field(compare=False)  # the five cards, highest first
    name: str = field(compare=False)

    @property
    def qualifies_eight_or_better(self) -> bool:
        ranks = [LOW_RANK[card.rank] for card in self.cards]
        return len(set(ranks)) == 5 and max(ranks) <= 8


def _low_key(five: Sequence[Card]) -> int:
    """How high (bad) five cards are as a low: pairs count as in a high hand, straights and flushes do not."""
    ranks = [LOW_RANK[card.rank] for card in five]
    counts = Counter(ranks)
    ordered = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = tuple(sorted(counts.values(), reverse=True))
    category = {
        (4, 1): Category.FOUR_OF_A_KIND,
        (3, 2): Category.FULL_HOUSE,
        (3, 1, 1): Category.THREE_OF_A_KIND,
        (2, 2, 1): Category.TWO_PAIR,
        (2, 1, 1, 1): Category.PAIR,
    }.get(shape, Category.HIGH_CARD)
    return pack(category, ordered)


def low_hand(cards: Sequence[Card]) -> LowHand:
    """The best five-card low hand of five to seven cards."""
    card_indices(cards, what="a low hand")
    five = min(combinations(cards, 5), key=_low_key)
    shown = tuple(sorted(five, key=lambda card: LOW_RANK[card.rank], reverse=True))
    name = "-".join(LOW_NAMES.get(LOW_RANK[card.rank], str(LOW_RANK[card.rank])) for card in shown)
    return LowHand(WORST - _low_key(five), shown, name)


def eight_or_better_low(cards: Sequence[Card]) -> LowHand | None:
    """The best low of five to seven cards if it qualifies under § 637a.10(j), else None."""
    best = low_hand(cards)
    return best if best.qualifies_eight_or_better else None
