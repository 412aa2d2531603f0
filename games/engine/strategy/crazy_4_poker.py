"""Crazy 4 Poker (§ 657a.11(b)-(c), § 657a.12(a)-(b)): fold, or play 1x (up to 3x with a pair of
aces or better).

The player makes the Ante and an equal Super Bonus, sees five cards and folds (losing both) or makes
the Play Wager: one Ante, or up to three with a pair of aces or better in the best four.  The best
four of the player's five meet the best four of the dealer's five.  A dealer below king high does
not qualify: the Ante is returned and the Play paid 1 to 1.  A qualifying dealer is compared: a
higher player hand wins the Ante and Play 1 to 1, a tie returns them, a lower one loses them.  The
Super Bonus pays its table on a straight or better whatever the dealer holds; a lesser hand's is
returned, or lost with the Ante when the qualifying dealer is higher.  Per Ante, playing k::

    play k = (not qualifying * k + beaten * (1 + k) - beating * (1 + k) + super bonus) / dealer hands
    super bonus = b * dealer hands with a straight or better paid b, else -beating;  fold = -2

The dealer's five come from the 47 cards the player does not hold: counted by inclusion-exclusion
over the player's cards, from one table per class of cards S (under a change of suits) of every
five-card hand holding S, sorted by value.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

from games.engine.cards import Card, CardError
from games.engine.hands.counting import four_card_value_counts
from games.engine.hands.four_card import FourCardCategory, category_of, four_card_slugs, four_card_value
from games.engine.hands.high import card_indices, pack
from games.engine.paytables import paytable
from games.engine.strategy.core import DecisionValue, HouseEdge, Published, Strategy, net
from games.engine.strategy.dealing import FULL, Deck, card_of, suit_class, suit_classes

GAME = "crazy-4-poker"
SECTION = "§ 657a.11(b)-(c), § 657a.12(a)-(b)"
HAND = 5
FOLD = "fold"
KING_HIGH = pack(FourCardCategory.HIGH_CARD, (13,))  # the least qualifying hand (§ 657a.11(c)(3))
ACES = pack(FourCardCategory.PAIR, (14,))  # a pair of aces or better may play up to 3x (§ 657a.11(b))
PUBLISHED = Published("1.09", "Wizard of Odds (Stanley Ko's analysis), Crazy 4 Poker, element of risk, "
                      "Super Bonus 200-30-15-2-3/2-1", measure="element of risk")
NOTE = "The Super Bonus's only paytable, § 657a.12(b) (200-30-15-2-3/2-1), is the one analysed; the edge is per Ante."


def super_bonus(value: int, table=None) -> Fraction | None:
    """What the Super Bonus nets per unit for a straight or better (§ 657a.12(b)); None below."""
    if category_of(value) < FourCardCategory.STRAIGHT:
        return None
    row = (table or paytable(GAME, "super_bonus")).pay_row(four_card_slugs(value))
    return None if row is None else net(row.payout)


class _Dealer:
    """The dealer's five-card hands of a deck, counted below any value, avoiding any player's five."""

    def __init__(self, deck: Deck):
        self.deck = deck
        self.tables: dict[tuple, tuple[list[int], list[int]]] = {}

    def _table(self, held: tuple[int, ...]) -> tuple[list[int], list[int]]:
        key = suit_class(held)
        if key not in self.tables:
            if not held and self.deck == FULL:
                counts = four_card_value_counts(HAND)
            else:
                rest = [index for index in self.deck.indices() if index not in held]
                counts = Counter(four_card_value((*held, *more)) for more in combinations(rest, HAND - len(held)))
            values = sorted(counts)
            below = [0]
            for value in values:
                below.append(below[-1] + counts[value])
            self.tables[key] = values, below
        return self.tables[key]

    def below(self, player: Sequence[int], thresholds: Sequence[int]) -> list[int]:
        """How many dealer hands avoiding ``player`` are worth less than each threshold."""
        counts = [0] * len(thresholds)
        for size in range(len(player) + 1):
            sign = -1 if size % 2 else 1
            for held in combinations(player, size):
                values, below = self._table(held)
                for position, threshold in enumerate(thresholds):
                    counts[position] += sign * below[bisect_left(values, threshold)]
        return counts


@cache
def _dealer(deck: Deck) -> _Dealer:
    return _Dealer(deck)


def prepare(deck: Deck = FULL) -> None:
    """Build every table a decision reads (each class of up to four cards: seconds on the full
    deck), so that every decision after takes milliseconds."""
    dealer = _dealer(deck)
    for size in range(HAND):
        for _, held in suit_classes(deck, size):
            dealer._table(held)


def _options(dealer: _Dealer, cards: Sequence[int], table) -> tuple[tuple[str, Fraction | int], ...]:
    """Each option's value per Ante, in dealer hands."""
    value = four_card_value(cards)
    hands = comb(dealer.deck.size - HAND, HAND)
    not_qualifying, under, up_to = dealer.below(cards, (KING_HIGH, value, value + 1))
    beaten, tied = (under - not_qualifying, up_to - under) if value >= KING_HIGH else (0, 0)
    beating = hands - not_qualifying - beaten - tied
    bonus = super_bonus(value, table)
    bonus_value = -beating if bonus is None else bonus * hands
    options: list[tuple[str, Fraction | int]] = [(FOLD, -2 * hands)]
    for k in (1, 2, 3) if value >= ACES else (1,):
        options.append((f"{k}x", not_qualifying * k + (beaten - beating) * (1 + k) + bonus_value))
    return tuple(options)


def decision(cards: Sequence[Card], deck: Deck = FULL) -> DecisionValue:
    """Fold or play, holding ``cards`` (the player's five).  The first call on a deck builds its
    tables (seconds on the full deck, once per process); every call after takes milliseconds."""
    held = card_indices(cards, low=HAND, high=HAND, what="a Crazy 4 Poker hand")
    if not set(held) <= set(deck.indices()):
        raise CardError("a card of the hand is not in the deck analysed")
    hands = comb(deck.size - HAND, HAND)
    options = _options(_dealer(deck), held, paytable(GAME, "super_bonus"))
    return DecisionValue(tuple((name, Fraction(value, hands)) for name, value in options))


def house_edge(deck: Deck = FULL) -> HouseEdge:
    table = paytable(GAME, "super_bonus")
    dealer = _dealer(deck)
    hands = comb(deck.size - HAND, HAND)
    total = played = deals = 0
    rows = []
    for weight, held in suit_classes(deck, HAND):
        options = _options(dealer, held, table)
        name, best = max(options, key=lambda option: option[1])  # of equal values, the first offered
        deals += weight
        total += weight * best
        played += weight * (0 if name == FOLD else int(name[0]))
        rows.append((" ".join(card_of(index).code for index in sorted(held, reverse=True)), weight, name,
                     *(f"{float(Fraction(value, hands)):.6f}" for _, value in options)))
    return HouseEdge(
        GAME, table.title, SECTION,
        edge=-Fraction(total, deals * hands), average_wagered=2 + Fraction(played, deals),
        strategy=Strategy(("five cards (one of their class)", "deals", "decision", "value of fold", "value of 1x",
                           "value of 2x", "value of 3x"), rows),
        published=PUBLISHED if deck == FULL else None, note=NOTE,
    )
