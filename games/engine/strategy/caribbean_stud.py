"""Caribbean Stud Poker (§ 639a.11(b)-(c), § 639a.12(a)-(b)): bet or fold against the dealer's up card.

Having seen five cards and the dealer's up card, the player makes the Bet Wager (twice the Ante)
or folds, losing the Ante.  A dealer below ace-king does not qualify: the Ante wins 1 to 1 and the
Bet is returned; a qualifying dealer is compared with the player: a win pays the Ante 1 to 1 and
the Bet on § 639a.12(b), a tie returns both, a loss takes both.  Per Ante, with ``b`` the Bet's
odds for the player's hand::

    bet = (not qualifying + beaten * (1 + 2b) - 3 * beating) / every dealer hand,  fold = -1

**A decision** (``decision``) counts the dealer's four hole cards from the unseen cards by rank
multiset (``dealing``): about 1,800 multisets and 495 one-suit hands instead of C(46, 4) = 163,185.

**The house edge** (``house_edge``) values every deal of the player's five and the up card.  By
suit symmetry the up card is a spade; a deal is then fixed, as far as the dealer's hands go, by the
player's rank multiset R, the up card's rank, the ranks M the player holds in spades and whether
the player's five are a flush.  The dealer's hands are counted in two parts:

* every hand as if it held no flush, a function of R and the up rank: by inclusion-exclusion over
  the player's cards, from one table per (up rank, sub-multiset S of R) of the hands holding S;
* then the hands of five spades moved to their flush value: the four-card subsets of the spades
  neither the up card nor the player holds, a function of the up rank and M.

Every count is an integer and the edge a ``Fraction``.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations, product
from math import comb, prod

from games.engine.cards import RANK_CHARS, RANK_NAMES, Card, CardError
from games.engine.hands.high import (
    ACE_KING,
    DIGIT_SHIFTS,
    FLUSH_VALUES,
    NO_FLUSH_VALUES,
    card_indices,
    five_card_slugs,
    rank_value,
)
from games.engine.paytables import paytable
from games.engine.strategy.core import DecisionValue, HouseEdge, Published, Strategy, winnings_by_value
from games.engine.strategy.dealing import FULL, Deck, bit, bounded_multisets, digit, multisets, rank_of, suit_of

GAME = "caribbean-stud"
SECTION = "§ 639a.11(b)-(c), § 639a.12(a)-(b)"
HOLE = 4  # the dealer's face-down cards
FOLD, BET = "fold", "bet"
NOTE = "The Bet Wager's only paytable, § 639a.12(b) (100-50-20-7-5-4-3-2-1), is the one analysed."
PUBLISHED = Published("5.22", "Wizard of Odds, Caribbean Stud Poker, optimal strategy, paytable 100-50-20-7-5-4-3-2-1")


@dataclass(frozen=True)
class Showdown:
    """The dealer's possible hands counted against the player's: not qualifying, qualifying and
    beaten by the player, tying, beating the player."""

    not_qualifying: int
    beaten: int
    tied: int
    beating: int

    @property
    def total(self) -> int:
        return self.not_qualifying + self.beaten + self.tied + self.beating


def bet_odds(table=None) -> Callable[[int], Fraction]:
    """The Bet's odds for each player hand value, read from § 639a.12(b) (a pair or less: 1 to 1)."""
    table = table or paytable(GAME, "bet")
    known: dict[int, Fraction] = {}

    def odds(value: int) -> Fraction:
        if value not in known:
            known.update(winnings_by_value(table, five_card_slugs, [value]))
        return known[value]

    return odds


def bet_value(showdown: Showdown, odds: Fraction) -> Fraction:
    """The Bet decision's expected value per Ante."""
    return Fraction(showdown.not_qualifying + showdown.beaten * (1 + 2 * odds) - 3 * showdown.beating,
                    showdown.total)


def showdown(unseen: Sequence[int], up: int, player: int) -> Showdown:
    """The dealer's hands of ``up`` and four of ``unseen`` (card indices) against a player's hand
    worth ``player``, counted by rank multiset, then the one-suit hands moved to their flush value."""
    available: dict[int, int] = {}
    for index in unseen:
        available[rank_of(index)] = available.get(rank_of(index), 0) + 1
    up_digit, up_bit = digit(rank_of(up)), bit(rank_of(up))
    counts = [0, 0, 0, 0]
    for key, ways in multisets(available, HOLE):
        counts[_outcome(NO_FLUSH_VALUES[key + up_digit], player)] += ways
    suited = [rank_of(index) for index in unseen if suit_of(index) == suit_of(up)]
    for ranks in combinations(suited, HOLE):
        counts[_outcome(NO_FLUSH_VALUES[sum(map(digit, ranks)) + up_digit], player)] -= 1
        counts[_outcome(FLUSH_VALUES[sum(map(bit, ranks)) | up_bit], player)] += 1
    return Showdown(*counts)


def _outcome(dealer: int, player: int) -> int:
    if dealer < ACE_KING:
        return 0
    return 1 if dealer < player else 2 if dealer == player else 3


def decision(player: Sequence[Card], up: Card, seen: Sequence[Card] = (), deck: Deck = FULL) -> DecisionValue:
    """Fold or bet, for a player holding ``player`` against the dealer's ``up`` card; ``seen`` are
    other cards known to be out of the dealer's reach (none at a table where hands are not shared)."""
    cards = card_indices(player, low=5, high=5, what="a Caribbean Stud hand")
    dead = card_indices([up, *seen], low=1, high=52, what="the cards seen")
    if set(cards) & set(dead):
        raise CardError("a card cannot be both in the player's hand and among the dealer's up card and cards seen")
    unseen = [index for index in deck.indices() if index not in cards and index not in dead]
    if len(unseen) < HOLE:
        raise CardError(f"the dealer needs {HOLE} hole cards and only {len(unseen)} are unseen")
    value = rank_value(cards)
    bet = bet_value(showdown(unseen, dead[0], value), bet_odds()(value))
    return DecisionValue(((FOLD, Fraction(-1)), (BET, bet)))


# --- The house edge ---------------------------------------------------------------------------------


def _ranks_held(key: int, ranks: Sequence[int]) -> list[tuple[int, int]]:
    return [(rank, key >> DIGIT_SHIFTS[rank - 2] & 7) for rank in ranks if key >> DIGIT_SHIFTS[rank - 2] & 7]


class _NoFlushHands:
    """For one up rank: the dealer's hands as if none held a flush, against any player's cards."""

    def __init__(self, deck: Deck, up: int):
        self.deck, self.up = deck, up
        self.left = {rank: deck.suits - (rank == up) for rank in deck.ranks}
        self.tables: dict[int, tuple[list[int], list[int]]] = {}

    def _table(self, held: tuple[tuple[int, int], ...], key: int) -> tuple[list[int], list[int]]:
        """The hands holding given cards of multiset ``held``: their values sorted, and the number
        of hands below each."""
        if key not in self.tables:
            left = dict(self.left)
            for rank, count in held:
                left[rank] -= count
            by_value: dict[int, int] = {}
            size = HOLE - sum(count for _, count in held)
            for more, ways in multisets(left, size):
                value = NO_FLUSH_VALUES[key + more + digit(self.up)]
                by_value[value] = by_value.get(value, 0) + ways
            values = sorted(by_value)
            below = [0]
            for value in values:
                below.append(below[-1] + by_value[value])
            self.tables[key] = values, below
        return self.tables[key]

    def below(self, player_key: int, thresholds: Sequence[int]) -> list[int]:
        """How many dealer hands avoiding the player's cards (multiset ``player_key``) are worth
        less than each threshold: inclusion-exclusion over the player's cards."""
        counts = [0] * len(thresholds)
        held = _ranks_held(player_key, self.deck.ranks)
        for taken in product(*(range(count + 1) for _, count in held)):
            size = sum(taken)
            if size > HOLE:
                continue
            sub = tuple((rank, n) for (rank, _), n in zip(held, taken, strict=True) if n)
            ways = prod(comb(count, n) for (_, count), n in zip(held, taken, strict=True))
            values, below = self._table(sub, sum(n * digit(rank) for rank, n in sub))
            signed = -ways if size % 2 else ways
            for position, threshold in enumerate(thresholds):
                counts[position] += signed * below[bisect_left(values, threshold)]
        return counts


def _suited_hands(deck: Deck, up: int, held: Sequence[int]) -> tuple[list[int], list[int]]:
    """The dealer's five-spade hands when the player holds the spades of ranks ``held``: each
    hand's value as no flush and as the flush it is, both sorted."""
    free = [rank for rank in deck.ranks if rank != up and rank not in held]
    as_no_flush, as_flush = [], []
    for ranks in combinations(free, HOLE):
        as_no_flush.append(NO_FLUSH_VALUES[sum(map(digit, ranks)) + digit(up)])
        as_flush.append(FLUSH_VALUES[sum(map(bit, ranks)) | bit(up)])
    return sorted(as_no_flush), sorted(as_flush)


@cache
def _weights(deck: Deck, size: int) -> tuple[tuple[int, int, bool], ...]:
    """The player's cards outside spades: every multiset of ``size`` ranks, as (key, ways from
    the suits - 1 other suits, whether its ranks are all different)."""
    return tuple((key, prod(comb(deck.suits - 1, n) for n in counts), max(counts, default=0) <= 1)
                 for key, counts in bounded_multisets(deck.ranks, deck.suits - 1, size))


@dataclass
class _Tally:
    holes: int
    deals: int = 0
    raised: int = 0
    value: Fraction | int = 0  # sum over deals of the optimal value, in dealer hands
    # (player ranks, player flush, up rank) -> [deals, deals bet, sum of the Bet's value]
    rows: dict[tuple[int, bool, int], list] = field(default_factory=dict)

    def add(self, weight: int, key: int, flush: bool, up: int, value: Fraction | int) -> None:
        raise_it = value > -self.holes
        self.deals += weight
        self.value += weight * max(value, -self.holes)
        row = self.rows.setdefault((key, flush, up), [0, 0, 0])
        row[0] += weight
        if raise_it:
            self.raised += weight
            row[1] += weight
        row[2] += weight * value


def analyse(deck: Deck = FULL, odds: Callable[[int], Fraction] | None = None) -> _Tally:
    """Every deal of the player's five and the dealer's up card, valued played optimally."""
    odds = odds or bet_odds()
    holes = comb(deck.size - 6, HOLE)
    tally = _Tally(holes)
    for up in deck.ranks:
        no_flush = _NoFlushHands(deck, up)
        kept: dict[tuple[int, int], list[int]] = {}
        spades = [rank for rank in deck.ranks if rank != up]
        for size in range(min(5, len(spades)) + 1):
            for held in combinations(spades, size):
                suited = _suited_hands(deck, up, held)
                held_key, held_mask = sum(map(digit, held)), sum(map(bit, held))
                for other_key, weight, distinct in _weights(deck, 5 - size):
                    key = held_key + other_key
                    if size == 5:  # five spades: a flush
                        _tally(tally, no_flush, kept, suited, key, FLUSH_VALUES[held_mask], weight, True, up, odds)
                        continue
                    flushes = deck.suits - 1 if size == 0 and distinct else 0  # five of one other suit
                    if flushes:
                        mask = sum(bit(rank) for rank, _ in _ranks_held(key, deck.ranks))
                        _tally(tally, no_flush, kept, suited, key, FLUSH_VALUES[mask], flushes, True, up, odds)
                    if weight > flushes:
                        _tally(tally, no_flush, kept, suited, key, NO_FLUSH_VALUES[key], weight - flushes, False, up,
                               odds)
    return tally


def _tally(tally, no_flush, kept, suited, key, player, weight, flush, up, odds) -> None:
    if (key, player) not in kept:
        kept[(key, player)] = no_flush.below(key, (ACE_KING, player, player + 1))
    counted = kept[(key, player)]
    as_no_flush, as_flush = suited
    below = [count + bisect_left(as_flush, threshold) - bisect_left(as_no_flush, threshold)
             for count, threshold in zip(counted, (ACE_KING, player, player + 1), strict=True)]
    not_qualifying, under, up_to = below
    beaten, tied = (under - not_qualifying, up_to - under) if player > ACE_KING else (0, 0)
    beating = tally.holes - not_qualifying - beaten - tied
    paid = odds(player)
    if paid.denominator == 1:  # integer arithmetic where the odds allow it: a Fraction is slower
        paid = paid.numerator
    tally.add(weight, key, flush, up, not_qualifying + beaten * (1 + 2 * paid) - 3 * beating)


def _ranks_text(key: int, deck: Deck) -> str:
    held = reversed(_ranks_held(key, deck.ranks))
    return " ".join(RANK_CHARS[rank - 2] for rank, count in held for _ in range(count))


def house_edge(deck: Deck = FULL) -> HouseEdge:
    table = paytable(GAME, "bet")
    tally = analyse(deck, bet_odds(table))
    if tally.deals != len(deck.ranks) * comb(deck.size - 1, 5):
        raise ArithmeticError("the deals counted do not add up")  # a broken enumeration, never input
    rows = []
    for (key, flush, up), (deals, raised, value) in sorted(tally.rows.items()):
        choice = BET if raised == deals else FOLD if raised == 0 else "bet or fold by suits"
        rows.append((_ranks_text(key, deck), "flush" if flush else "", RANK_NAMES[up], deals, raised, choice,
                     f"{float(Fraction(value, deals * tally.holes)):.6f}"))
    strategy = Strategy(("player ranks", "player flush", "dealer up card", "deals", "deals bet", "decision",
                         "bet value per Ante"), rows)
    return HouseEdge(
        GAME, table.title, SECTION,
        edge=-Fraction(tally.value) / (tally.deals * tally.holes),
        average_wagered=1 + Fraction(2 * tally.raised, tally.deals),
        strategy=strategy,
        published=PUBLISHED if deck == FULL else None,
        note=NOTE,
    )
