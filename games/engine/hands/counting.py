"""Exact counts of hands, by value, over every deal of the cards that matter.

Enumerating 133,784,560 seven-card hands one by one would take minutes in Python; these
counts are built from rank multisets instead:

1. every multiset of n ranks (no rank more than four times) is dealt in
   ``prod(C(4, c_r))`` ways; value them all as if no flush were possible;
2. then correct the hands that hold a flush: fix the suit holding ``suited_at`` or more
   cards (4 ways) and its rank mask F, let the other n - |F| cards take any rank multiset O
   from the three other suits (``prod(C(3, o_r))`` ways), and move those hands from the
   multiset's no-flush value to ``max(no-flush value, flush value of F)``.

With at most seven cards only one suit can hold the ``suited_at`` cards (4 + 4 > 7), so
no hand is corrected twice.  The totals are checked against C(52, n).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from itertools import combinations
from math import comb

from games.engine.hands import four_card, high
from games.engine.hands.high import DIGIT_SHIFTS
from games.engine.hands.three_card import ThreeCardCategory, three_card_slugs, three_card_value

SUITS = 4


def _multisets(size: int, most_per_rank: int) -> Iterator[tuple[int, int]]:
    """Every multiset of ``size`` ranks, at most ``most_per_rank`` of each, as (key, ways to deal it),
    where a rank held c times can be dealt in C(most_per_rank, c) ways."""
    states = {(0, 0): 1}  # (cards so far, key) -> ways
    for shift in DIGIT_SHIFTS:
        grown: dict[tuple[int, int], int] = {}
        for (cards, key), ways in states.items():
            for held in range(min(most_per_rank, size - cards) + 1):
                state = (cards + held, key + (held << shift))
                grown[state] = grown.get(state, 0) + ways * comb(most_per_rank, held)
        states = grown
    for (cards, key), ways in states.items():
        if cards == size:
            yield key, ways


def _value_counts(size: int, suited_at: int, no_flush: Mapping[int, int], flush: Sequence[int]) -> Counter[int]:
    counts: Counter[int] = Counter()
    for key, ways in _multisets(size, SUITS):
        counts[no_flush[key]] += ways
    for in_suit in range(suited_at, size + 1):
        others = list(_multisets(size - in_suit, SUITS - 1))
        for ranks in combinations(range(13), in_suit):
            mask = sum(1 << rank for rank in ranks)
            suit_key = sum(1 << DIGIT_SHIFTS[rank] for rank in ranks)
            for other_key, ways in others:
                before = no_flush[suit_key + other_key]
                after = max(before, flush[mask])
                if after != before:
                    counts[before] -= SUITS * ways
                    counts[after] += SUITS * ways
    if sum(counts.values()) != comb(52, size):
        raise ArithmeticError(f"{size}-card counts do not add up to C(52, {size})")  # a broken table, never input
    return +counts


@cache
def high_value_counts(size: int) -> Counter[int]:
    """How many of the C(52, size) hands of 5 to 7 cards have each best-five value (``high.rank_value``)."""
    return _value_counts(size, 5, high.NO_FLUSH_VALUES, high.FLUSH_VALUES)


@cache
def four_card_value_counts(size: int) -> Counter[int]:
    """How many of the C(52, size) hands of 4 to 7 cards have each best-four value (``four_card_value``)."""
    return _value_counts(size, 4, four_card.NO_FLUSH_VALUES, four_card.FLUSH_VALUES)


def _by_slugs(counts: Mapping[int, int], slugs_of: Callable[[int], tuple[str, ...]]) -> Counter[tuple[str, ...]]:
    by_slugs: Counter[tuple[str, ...]] = Counter()
    for value, count in counts.items():
        by_slugs[slugs_of(value)] += count
    return by_slugs


@cache
def five_card_hands(size: int = 5) -> Counter[tuple[str, ...]]:
    """Best five of ``size`` cards, counted by paytable slugs (``HighHand.slugs``)."""
    return _by_slugs(high_value_counts(size), high.five_card_slugs)


@cache
def four_card_hands(size: int = 5) -> Counter[tuple[str, ...]]:
    """Best four of ``size`` cards, counted by paytable slugs (``FourCardHand.slugs``)."""
    return _by_slugs(four_card_value_counts(size), four_card.four_card_slugs)


@cache
def six_card_hands() -> Counter[tuple[str, ...]]:
    """The Six Card Bonus hands (§ 643a.6(e)) over all C(52, 6) deals: the four six-card royal
    flushes (A-K-Q-J-10-9 of one suit, counted by the royal flush they hold) are taken apart."""
    counts = five_card_hands(6).copy()
    counts[("royal_flush", "straight_flush")] -= SUITS
    counts[("six_card_royal_flush_diamonds", "six_card_royal_flush", "royal_flush", "straight_flush")] += 1
    counts[("six_card_royal_flush_other", "six_card_royal_flush", "royal_flush", "straight_flush")] += SUITS - 1
    return counts


@cache
def three_card_hands() -> Counter[tuple[str, ...]]:
    """All 22,100 three-card hands, counted by paytable slugs (``ThreeCardHand.slugs``)."""
    counts: Counter[tuple[str, ...]] = Counter()
    for three in combinations(range(52), 3):
        value = three_card_value([index // 4 + 2 for index in three], [index % 4 for index in three])
        suit = "shdc"[three[0] % 4]
        counts[three_card_slugs(ThreeCardCategory(value >> high.CATEGORY_SHIFT), suit)] += 1
    return counts


def total(counts: Mapping[object, int]) -> int:
    return sum(counts.values())
