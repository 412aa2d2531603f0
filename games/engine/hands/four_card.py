"""Four-card hands of Four Card Poker (§ 641a.6) and Crazy 4 Poker (§ 657a.6).

Four-of-a-kind ranks above a straight flush, and three-of-a-kind above a flush and a
straight (§ 641a.6(b), § 657a.6(b)); the ace plays low only in A-2-3-4 and nothing wraps
(K-A-2-3 is no straight); ties by § 641a.6(c) / § 657a.6(c), as for five-card hands.
Each hand is the best four of the cards dealt (five to a player, up to seven).

The tables work as in ``high``: a multiset table for hands with no four cards of a suit,
and a rank-mask table for the suit holding four or more.  With at most seven cards only
one suit can, and the best hand is the better of the two tables' answers (three-of-a-kind
or four-of-a-kind beats any flush; a straight flush beats both tables' other hands).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache

from games.engine.cards import RANK_NAMES, RANK_PLURALS, SUIT_CHARS, Card
from games.engine.hands.high import (
    CARD_KEYS,
    CATEGORY_SHIFT,
    FLUSH_BITS,
    FLUSH_SUIT_SHIFT,
    RANK_SHIFT,
    SUIT_RANK_BITS,
    card_indices,
    deciding_ranks,
    no_flush_table,
    pack,
    straight_high,
)

ACE, KING, QUEEN = 14, 13, 12


class FourCardCategory(IntEnum):
    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    STRAIGHT = 3
    FLUSH = 4
    THREE_OF_A_KIND = 5
    STRAIGHT_FLUSH = 6
    FOUR_OF_A_KIND = 7

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").capitalize().replace("Three of a kind", "Three-of-a-kind").replace(
            "Four of a kind", "Four-of-a-kind"
        )


CATEGORIES = tuple(FourCardCategory)


@dataclass(frozen=True, order=True)
class FourCardHand:
    """The best four cards; hands compare by ``value`` alone (equal value = tie)."""

    value: int
    category: FourCardCategory = field(compare=False)
    cards: tuple[Card, ...] = field(compare=False)  # the four cards, those that make the hand first
    name: str = field(compare=False)

    @property
    def slugs(self) -> tuple[str, ...]:
        """The paytable rows this hand may be paid under, the most specific first."""
        return four_card_slugs(self.value)


def category_of(value: int) -> FourCardCategory:
    return CATEGORIES[value >> CATEGORY_SHIFT]


def _four_ranks_value(ranks: Sequence[int]) -> int:
    """The value of four cards of ``ranks`` that are not all of one suit."""
    counts = {rank: ranks.count(rank) for rank in ranks}
    ordered = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = tuple(sorted(counts.values(), reverse=True))
    high = straight_high(sum(1 << (rank - 2) for rank in counts), 4) if len(counts) == 4 else 0
    if high:
        return pack(FourCardCategory.STRAIGHT, [high])
    category = {
        (4,): FourCardCategory.FOUR_OF_A_KIND,
        (3, 1): FourCardCategory.THREE_OF_A_KIND,
        (2, 2): FourCardCategory.TWO_PAIR,
        (2, 1, 1): FourCardCategory.PAIR,
    }.get(shape, FourCardCategory.HIGH_CARD)
    return pack(category, ordered)


def _flush_value(mask: int) -> int:
    """The best four cards of one suit whose ranks are ``mask`` (four or more of them)."""
    high = straight_high(mask, 4)
    if high:
        return pack(FourCardCategory.STRAIGHT_FLUSH, [high])
    return pack(FourCardCategory.FLUSH, [rank for rank in range(14, 1, -1) if mask >> (rank - 2) & 1][:4])


NO_FLUSH_VALUES: dict[int, int] = no_flush_table(_four_ranks_value, 4, 7)
FLUSH_VALUES: list[int] = [_flush_value(mask) if 4 <= mask.bit_count() <= 7 else 0 for mask in range(1 << 13)]
FOUR_OF_A_SUIT_TEST = 0x4444  # a suit nibble of 4 or more overflows into bit 3 once 4 is added


def four_card_value(indices: Sequence[int]) -> int:
    """The value of the best four of 4 to 7 cards given as indices 0..51 (no checks: the fast path)."""
    key = sum([CARD_KEYS[index] for index in indices])
    value = NO_FLUSH_VALUES[key >> RANK_SHIFT]
    suited = (key + FOUR_OF_A_SUIT_TEST) & FLUSH_BITS
    if suited:
        word = sum([SUIT_RANK_BITS[index] for index in indices])
        flush = FLUSH_VALUES[(word >> FLUSH_SUIT_SHIFT[suited]) & 0x1FFF]
        if flush > value:
            return flush
    return value


@cache
def four_card_slugs(value: int) -> tuple[str, ...]:
    """Paytable hand slugs for a four-card value, the most specific first ("four_aces" before
    "four_of_a_kind"; "pair_of_aces" before "pair_of_queens_or_better" before "pair")."""
    category = category_of(value)
    top = deciding_ranks(value)[0]
    slugs = [category.name.lower()]
    if category is FourCardCategory.FOUR_OF_A_KIND and top == ACE:
        slugs.insert(0, "four_aces")
    if category is FourCardCategory.PAIR:
        slugs[:0] = [slug for slug, low in (("pair_of_aces", ACE), ("pair_of_queens_or_better", QUEEN)) if top >= low]
    return tuple(slugs)


def _describe(value: int) -> str:
    category = category_of(value)
    ranks = deciding_ranks(value)
    top = ranks[0]
    match category:
        case FourCardCategory.FOUR_OF_A_KIND:
            return f"Four {RANK_PLURALS[top]}"
        case FourCardCategory.THREE_OF_A_KIND:
            return f"Three {RANK_PLURALS[top]}"
        case FourCardCategory.TWO_PAIR:
            return f"Two pair, {RANK_PLURALS[top]} and {RANK_PLURALS[ranks[1]]}"
        case FourCardCategory.PAIR:
            return f"Pair of {RANK_PLURALS[top]}"
        case _:
            return f"{category.label}, {RANK_NAMES[top]} high"


def _shown_ranks(value: int) -> list[int]:
    category = category_of(value)
    ranks = deciding_ranks(value)
    if category in (FourCardCategory.STRAIGHT, FourCardCategory.STRAIGHT_FLUSH):
        return [rank if rank > 1 else ACE for rank in range(ranks[0], ranks[0] - 4, -1)]
    times = {
        FourCardCategory.FOUR_OF_A_KIND: (4,),
        FourCardCategory.THREE_OF_A_KIND: (3, 1),
        FourCardCategory.TWO_PAIR: (2, 2),
        FourCardCategory.PAIR: (2, 1, 1),
    }.get(category, (1, 1, 1, 1))
    return [rank for rank, count in zip(ranks, times, strict=True) for _ in range(count)]


def four_card_hand(cards: Sequence[Card]) -> FourCardHand:
    """The best four-card hand of four to seven cards (a player's five, say)."""
    value = four_card_value(card_indices(cards, low=4, high=7, what="a four-card hand"))
    category = category_of(value)
    pool = list(cards)
    if category in (FourCardCategory.FLUSH, FourCardCategory.STRAIGHT_FLUSH):
        suit = next(suit for suit in SUIT_CHARS if sum(card.suit == suit for card in cards) >= 4)
        pool = [card for card in cards if card.suit == suit]
    chosen = []
    for rank in _shown_ranks(value):
        card = next(card for card in pool if card.rank == rank and card not in chosen)
        chosen.append(card)
    return FourCardHand(value, category, tuple(chosen), _describe(value))


def crazy4_dealer_qualifies(hand: FourCardHand) -> bool:
    """The Crazy 4 Poker dealer plays with king high or better (§ 657a.11(c)(3))."""
    return hand.category > FourCardCategory.HIGH_CARD or deciding_ranks(hand.value)[0] >= KING
