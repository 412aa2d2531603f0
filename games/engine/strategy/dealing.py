"""Counting what the unseen cards can be, by rank multiset or by suit class rather than card by card.

A hand of poker cards is worth, when no flush is possible, what its multiset of ranks is worth
(``high.NO_FLUSH_VALUES``); only the hands whose cards are all of one suit need their suit looked
at.  So the hands drawn from a set of unseen cards are counted by rank multiset, each multiset
weighted by the ways its cards can be picked (``prod C(available_r, held_r)``), and the few
one-suit hands are then moved to their flush value.

Where the suits matter throughout, sets of cards are taken by their class under a change of suits
(``suit_class``): a set's value is its class's, so each class is valued once and weighted by how
many sets it holds (1,755 classes of three cards, 16,432 of four, 134,459 of five).

A deck here is any set of ranks in one to four suits: the full deck, or a reduced one small
enough to count by hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb

from games.engine.cards import SUIT_CHARS, Card
from games.engine.hands.high import DIGIT_SHIFTS, rank_value

RANKS = tuple(range(2, 15))


def rank_of(index: int) -> int:
    return index // 4 + 2


def suit_of(index: int) -> int:
    return index % 4


def card_of(index: int) -> Card:
    return Card(rank_of(index), SUIT_CHARS[suit_of(index)])


def digit(rank: int) -> int:
    """A rank's unit in a multiset key (``high.DIGIT_SHIFTS``: one base-8 digit per rank)."""
    return 1 << DIGIT_SHIFTS[rank - 2]


def bit(rank: int) -> int:
    """A rank's bit in a 13-bit rank mask (``high.FLUSH_VALUES``)."""
    return 1 << (rank - 2)


@dataclass(frozen=True)
class Deck:
    """The cards of an analysis: ``ranks`` in ``suits`` suits (suits 0 .. suits - 1)."""

    ranks: tuple[int, ...] = RANKS
    suits: int = 4

    def __post_init__(self) -> None:
        if not 1 <= self.suits <= 4 or not set(self.ranks) <= set(RANKS) or len(set(self.ranks)) != len(self.ranks):
            raise ValueError(f"no such deck: ranks {self.ranks} in {self.suits} suits")

    @property
    def size(self) -> int:
        return len(self.ranks) * self.suits

    def indices(self) -> list[int]:
        return [(rank - 2) * 4 + suit for rank in self.ranks for suit in range(self.suits)]


FULL = Deck()


def multisets(available: Mapping[int, int], size: int) -> Iterator[tuple[int, int]]:
    """Every multiset of ``size`` ranks drawable from ``available`` (rank -> cards left), as
    (key, ways to pick its cards)."""
    ranks = [rank for rank, left in available.items() if left]
    yield from _grow(ranks, available, 0, size, 0, 1)


def _grow(ranks: Sequence[int], available: Mapping[int, int], start: int, size: int, key: int,
          ways: int) -> Iterator[tuple[int, int]]:
    if size == 0:
        yield key, ways
        return
    for position in range(start, len(ranks)):
        rank = ranks[position]
        unit = digit(rank)
        for held in range(1, min(available[rank], size) + 1):
            yield from _grow(ranks, available, position + 1, size - held, key + held * unit,
                             ways * comb(available[rank], held))


@cache
def bounded_multisets(ranks: tuple[int, ...], most: int, size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every multiset of ``size`` of ``ranks``, none held more than ``most`` times, as (key, the
    count of each rank in ``ranks`` order)."""
    found = []

    def grow(position: int, left: int, key: int, counts: tuple[int, ...]) -> None:
        if position == len(ranks):
            if left == 0:
                found.append((key, counts))
            return
        for held in range(min(most, left) + 1):
            grow(position + 1, left - held, key + held * digit(ranks[position]), (*counts, held))

    grow(0, size, 0, ())
    return tuple(found)


def suit_class(cards: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The cards' class under a change of suits: each suit's ranks, the suits in a fixed order."""
    by_suit: dict[int, list[int]] = {}
    for index in cards:
        by_suit.setdefault(suit_of(index), []).append(rank_of(index))
    return tuple(sorted((tuple(sorted(ranks)) for ranks in by_suit.values()), reverse=True))


@cache
def suit_classes(deck: Deck, size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every class of ``size`` cards under a change of suits: (how many sets of cards it holds,
    one of them)."""
    classes: dict[tuple, list] = {}
    for held in combinations(deck.indices(), size):
        classes.setdefault(suit_class(held), [0, held])[0] += 1
    return tuple((weight, held) for weight, held in classes.values())


@cache
def completions(deck: Deck, seen: int) -> tuple[tuple[int, int, Counter[int]], ...]:
    """Every class of ``seen`` cards: (how many sets of cards it holds, a set of it as a bit mask,
    the values of the five-card hands completing it)."""
    cards = deck.indices()
    found = []
    for weight, held in suit_classes(deck, seen):
        rest = [index for index in cards if index not in held]
        values = Counter(rank_value((*held, *more)) for more in combinations(rest, 5 - seen))
        found.append((weight, sum(1 << index for index in held), values))
    return tuple(found)
