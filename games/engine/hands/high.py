"""Five-card high poker hands (§ 647a.6, § 677a.6, § 643a.6(b), § 637a.6(a)-(b)).

The royal flush is its own class because paytables pay it apart from other straight
flushes; the ace plays low only in A-2-3-4-5 and a straight never wraps around
(Q-K-A-2-3 is no straight, § 647a.6(a)).  Ties are broken by § 647a.6(c): the highest
card not held in common decides, so two hands of equal ``value`` tie.

``value`` packs the category and the ranks that decide ties::

    category << 20 | r0 << 16 | r1 << 12 | r2 << 8 | r3 << 4 | r4

with ``r0..`` the ranks ordered by (how many, rank) -- "three kings and two fours" is
``K 4`` -- or the top card alone for a straight.  Comparing two values is comparing
the hands.

Speed comes from two look-up tables built at import:

* every multiset of 5 to 7 ranks maps to the value of its best five cards when no
  flush is possible.  A card's key adds ``8 ** (rank - 2)`` above bit 16, so the sum
  of the keys of up to seven cards spells the multiset in base 8 (no rank is held
  more than four times, so the digits never carry);
* the low 16 bits of the same sum count each suit in a nibble; adding 3 to every
  nibble sets its top bit exactly when a suit is held five times or more.  Five to
  seven cards cannot hold both a flush and a full house (the flush takes five distinct
  ranks), so a flush hand is decided by the 13-bit rank mask of its suit alone.

``rank_value(indices)`` is the fast path for enumerations (card indices 0..51, as
``Card.index``, unchecked); ``hand_value(cards)`` checks ``Card`` objects and returns the
value alone; ``high_hand(cards)`` gives the full ``HighHand`` for the tablets.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache
from operator import itemgetter

from games.engine.cards import RANK_NAMES, RANK_PLURALS, SUIT_CHARS, Card, CardError


class Category(IntEnum):
    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").capitalize().replace("Three of a kind", "Three-of-a-kind").replace(
            "Four of a kind", "Four-of-a-kind"
        )

    @property
    def slug(self) -> str:
        """The hand slug paytables use ("four_of_a_kind")."""
        return self.name.lower()


@dataclass(frozen=True, order=True)
class HighHand:
    """The best five-card hand; hands compare by ``value`` alone (equal value = tie)."""

    value: int
    category: Category = field(compare=False)
    cards: tuple[Card, ...] = field(compare=False)  # the five cards, those that make the hand first
    name: str = field(compare=False)

    @property
    def slugs(self) -> tuple[str, ...]:
        """The paytable rows this hand may be paid under, the most specific first."""
        return five_card_slugs(self.value)


CATEGORY_SHIFT = 20
CATEGORIES = tuple(Category)


def pack(category: int, ranks: Sequence[int]) -> int:
    """The ``value`` of a hand of ``category`` whose deciding ranks are ``ranks``."""
    value = category << CATEGORY_SHIFT
    for position, rank in enumerate(ranks):
        value |= rank << (16 - 4 * position)
    return value


def category_of(value: int) -> Category:
    return CATEGORIES[value >> CATEGORY_SHIFT]


# Pair rows as the chapters print them: (slug, lowest pair rank, highest pair rank).
PAIR_ROWS = (
    ("pair_of_jacks_or_better", 11, 14),  # § 655a.12(a)
    ("pair_of_tens_or_better", 10, 14),  # § 643a.12(a)-(b), § 639a.12(c)
    ("pair_6_to_10", 6, 10),  # § 655a.12(a), a push
)


@cache
def five_card_slugs(value: int) -> tuple[str, ...]:
    """Paytable hand slugs for a five-card value, the most specific first: a royal flush may
    be paid as a straight flush where a table has no royal row, a pair of kings as "pair of
    jacks or better", then "pair of tens or better", then "pair"."""
    category = category_of(value)
    if category is Category.ROYAL_FLUSH:
        return ("royal_flush", "straight_flush")
    if category is Category.PAIR:
        top = value >> 16 & 0xF
        return (*(slug for slug, low, high in PAIR_ROWS if low <= top <= high), "pair")
    return (category.slug,)


def deciding_ranks(value: int) -> list[int]:
    """The ranks packed in ``value``, most significant first (trailing blanks dropped)."""
    ranks = [(value >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]
    while ranks and not ranks[-1]:
        ranks.pop()
    return ranks


# --- the tables --------------------------------------------------------------------------

def straight_high(mask: int, length: int = 5) -> int:
    """The top card of the best run of ``length`` consecutive ranks in a 13-bit rank mask
    (bit 0 = deuce), 0 if none.  The ace plays low only below the deuce (A-2-3-4-5 is five
    high) and no run wraps past the ace."""
    run = (1 << length) - 1
    for top in range(14, length, -1):
        if mask >> (top - 1 - length) & run == run:
            return top
    wheel = 1 << 12 | (1 << (length - 1)) - 1
    return length if mask & wheel == wheel else 0


def _top_ranks(mask: int, count: int) -> list[int]:
    return [rank for rank in range(14, 1, -1) if mask >> (rank - 2) & 1][:count]


def _flush_value(mask: int) -> int:
    """The best hand in one suit whose ranks are ``mask`` (five or more of them)."""
    high = straight_high(mask)
    if high == 14:
        return pack(Category.ROYAL_FLUSH, [14])
    if high:
        return pack(Category.STRAIGHT_FLUSH, [high])
    return pack(Category.FLUSH, _top_ranks(mask, 5))


def _five_ranks_value(ranks: Sequence[int]) -> int:
    """The value of five cards of ``ranks`` that are not all of one suit."""
    counts = {rank: ranks.count(rank) for rank in ranks}
    # Ranks ordered by (multiplicity, rank): the § 647a.6(c) comparison order.
    ordered = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    high = straight_high(sum(1 << (rank - 2) for rank in counts)) if len(counts) == 5 else 0
    if high:
        return pack(Category.STRAIGHT, [high])
    category = {
        (4, 1): Category.FOUR_OF_A_KIND,
        (3, 2): Category.FULL_HOUSE,
        (3, 1, 1): Category.THREE_OF_A_KIND,
        (2, 2, 1): Category.TWO_PAIR,
        (2, 1, 1, 1): Category.PAIR,
    }.get(tuple(shape), Category.HIGH_CARD)
    return pack(category, ordered)


# A multiset of ranks is keyed by a base-8 number: digit r - 2 counts the cards of rank r
# (at most 4, so digits never carry).
DIGIT_SHIFTS = tuple(range(0, 39, 3))


def multiset_ranks(key: int) -> list[int]:
    """The ranks of a multiset key, lowest first, each as often as it is held."""
    return [rank for rank, shift in enumerate(DIGIT_SHIFTS, 2) for _ in range((key >> shift) & 7)]


def no_flush_table(value_of: Callable[[list[int]], int], hand_size: int, most: int) -> dict[int, int]:
    """Best value of every multiset of ``hand_size`` to ``most`` ranks, by multiset key.

    ``value_of`` values exactly ``hand_size`` ranks; the best hand of a bigger multiset is the
    best over the multisets one card smaller, which is cheap to build upwards.
    """
    # Adding a card of a rank is adding its digit's low bit, allowed while the digit's 4-bit is clear.
    steps = [(1 << shift, 4 << shift) for shift in DIGIT_SHIFTS]
    keys = {0}
    for _ in range(hand_size):
        keys = {key + bit for key in keys for bit, full in steps if not key & full}
    values = {key: value_of(multiset_ranks(key)) for key in keys}
    table = dict(values)
    for _ in range(hand_size, most):
        # Ascending by value, so that where several smaller multisets grow into the same
        # one the best is written last and stays.
        ascending = sorted(values.items(), key=itemgetter(1))
        values = {key + bit: value for key, value in ascending for bit, full in steps if not key & full}
        table.update(values)
    return table


RANK_SHIFT = 16
FLUSH_TEST = 0x3333
FLUSH_BITS = 0x8888

NO_FLUSH_VALUES: dict[int, int] = no_flush_table(_five_ranks_value, 5, 7)
FLUSH_VALUES: list[int] = [_flush_value(mask) if 5 <= mask.bit_count() <= 7 else 0 for mask in range(1 << 13)]

# Per card index: the additive key (rank digit and suit nibble) and the card's bit within
# a 64-bit "rank mask per suit" word (suit s occupies bits 16*s .. 16*s+12).
CARD_KEYS: tuple[int, ...] = tuple(1 << (3 * (index >> 2) + RANK_SHIFT) | 1 << 4 * (index & 3) for index in range(52))
SUIT_RANK_BITS: tuple[int, ...] = tuple(1 << (16 * (index & 3) + (index >> 2)) for index in range(52))
# The suit whose nibble overflowed: bit 3, 7, 11 or 15 of (key + FLUSH_TEST) & FLUSH_BITS.
FLUSH_SUIT_SHIFT = {0x8: 0, 0x80: 16, 0x800: 32, 0x8000: 48}


def rank_value(indices: Sequence[int]) -> int:
    """The ``value`` of the best five of 5 to 7 cards given as indices 0..51 (no checks: the fast path)."""
    key = sum([CARD_KEYS[index] for index in indices])
    flush = (key + FLUSH_TEST) & FLUSH_BITS
    if flush:
        word = sum([SUIT_RANK_BITS[index] for index in indices])
        return FLUSH_VALUES[(word >> FLUSH_SUIT_SHIFT[flush]) & 0x1FFF]
    return NO_FLUSH_VALUES[key >> RANK_SHIFT]


# --- the full hand, for people -------------------------------------------------------------

_SUIT_INDEX = {suit: number for number, suit in enumerate(SUIT_CHARS)}
_RANK_BASE = {rank: (rank - 2) * 4 for rank in range(2, 15)}  # rank -> index of its first card


def card_indices(cards: Sequence[Card], *, low: int = 5, high: int = 7, what: str = "a poker hand") -> list[int]:
    """Card indices of ``cards``, refusing a wrong count, a duplicate or something not a card."""
    if not low <= len(cards) <= high:
        wanted = f"{low}" if low == high else f"{low} to {high}"
        raise CardError(f"{what} is formed from {wanted} cards, not {len(cards)}")
    try:
        indices = [_RANK_BASE[card.rank] + _SUIT_INDEX[card.suit] for card in cards if type(card) is Card]
    except (AttributeError, KeyError, TypeError):
        indices = []
    if len(indices) == len(cards) and len(set(indices)) == len(indices):
        return indices
    # Something is wrong: find the first bad card and name it.
    indices = []
    for card in cards:
        try:
            rank, suit = card.rank, _SUIT_INDEX[card.suit]
        except (AttributeError, KeyError, TypeError):
            rank = suit = 0
        if not (isinstance(card, Card) and 2 <= rank <= 14):
            raise CardError(f"{card!r} is not a card: give Card objects such as Card.parse('As')")
        index = (rank - 2) * 4 + suit
        if index in indices:
            raise CardError(f"{card.code} appears twice in the hand")
        indices.append(index)
    return indices


def _shown_ranks(category: Category, ranks: list[int]) -> tuple[int, ...]:
    """The ranks of the five cards, in showing order, for a hand with deciding ``ranks``."""
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
        return tuple(rank if rank > 1 else 14 for rank in range(ranks[0], ranks[0] - 5, -1))
    multiplicity = {
        Category.FOUR_OF_A_KIND: (4, 1),
        Category.FULL_HOUSE: (3, 2),
        Category.THREE_OF_A_KIND: (3, 1, 1),
        Category.TWO_PAIR: (2, 2, 1),
        Category.PAIR: (2, 1, 1, 1),
    }.get(category, (1, 1, 1, 1, 1))
    return tuple(rank for rank, times in zip(ranks, multiplicity, strict=True) for _ in range(times))


def describe(value: int) -> str:
    """A hand's name as the dealer announces it ("Full house, kings over fours")."""
    category = category_of(value)
    ranks = deciding_ranks(value)
    top = ranks[0]
    match category:
        case Category.ROYAL_FLUSH:
            return "Royal flush"
        case Category.STRAIGHT_FLUSH | Category.STRAIGHT | Category.FLUSH | Category.HIGH_CARD:
            return f"{category.label}, {RANK_NAMES[top]} high"
        case Category.FOUR_OF_A_KIND:
            return f"Four {RANK_PLURALS[top]}"
        case Category.FULL_HOUSE:
            return f"Full house, {RANK_PLURALS[top]} over {RANK_PLURALS[ranks[1]]}"
        case Category.THREE_OF_A_KIND:
            return f"Three {RANK_PLURALS[top]}"
        case Category.TWO_PAIR:
            return f"Two pair, {RANK_PLURALS[top]} and {RANK_PLURALS[ranks[1]]}"
        case _:
            return f"Pair of {RANK_PLURALS[top]}"


_FLUSHES = (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)


@dataclass(frozen=True, slots=True)
class _Presentation:
    category: Category
    name: str
    places: dict[int, int]  # rank -> where its cards are shown (0 = first)
    times: dict[int, int]  # rank -> how many of its cards are shown


@cache
def _presentation(value: int) -> _Presentation:
    # Only 7,462 values exist: each is worked out once.
    category = category_of(value)
    shown = _shown_ranks(category, deciding_ranks(value))
    places = {rank: shown.index(rank) for rank in shown}
    return _Presentation(category, describe(value), places, {rank: shown.count(rank) for rank in shown})


def hand_from_value(value: int, cards: Sequence[Card]) -> HighHand:
    """The ``HighHand`` of ``cards`` whose best five are worth ``value``: picks those five."""
    shown = _presentation(value)
    if shown.category in _FLUSHES:
        suit = next(suit for suit in SUIT_CHARS if sum(card.suit == suit for card in cards) >= 5)
        cards = [card for card in cards if card.suit == suit]
    places = shown.places
    # A stable sort: among cards of equal rank the first given is shown.
    chosen = sorted([card for card in cards if card.rank in places], key=lambda card: places[card.rank])
    if len(chosen) > 5:  # a rank held more times than it is shown (a third pair, a second trips...)
        chosen = [card for rank in places for card in [c for c in chosen if c.rank == rank][: shown.times[rank]]]
    return HighHand(value, shown.category, tuple(chosen), shown.name)


def hand_value(cards: Sequence[Card]) -> int:
    """The ``value`` of the best five of 5 to 7 cards: enough to compare hands, checked input."""
    return rank_value(card_indices(cards))


def high_hand(cards: Sequence[Card]) -> HighHand:
    """The best five-card hand that can be formed from five to seven cards."""
    return hand_from_value(rank_value(card_indices(cards)), cards)



# The least hand with which a dealer qualifies at "ace-king or better" (§ 639a.11(c)(3)): ace and
# king high and the lowest three other cards; every ace-king-high hand is worth at least this.
ACE_KING = pack(Category.HIGH_CARD, (14, 13))


def at_least_ace_king(hand: HighHand) -> bool:
    """Whether a hand is "an ace-king or better": any pair, or no pair with an ace and a king.

    >>> from games.engine.cards import parse_cards
    >>> [at_least_ace_king(high_hand(parse_cards(c))) for c in ("Ah Kd 4c 3s 2h", "Ah Qd Jc 9s 8h", "2h 2d 4c 5s 7h")]
    [True, False, True]
    """
    return hand.value >= ACE_KING
