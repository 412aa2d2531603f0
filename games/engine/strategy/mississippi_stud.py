"""Mississippi Stud (§ 655a.11, § 655a.12(a)): fold, or wager 1, 2 or 3 Antes, on each street.

The player sees two cards, then the three community cards one by one; before each is turned the
player folds (losing everything wagered) or makes that street's wager of one to three Antes.  Every
wager is paid on one table by the final five cards (a pair of 6s to 10s pushes, less loses).  With
W the Antes wagered so far and ``m`` the final hand's odds (-1 for a losing hand)::

    fifth street:  V4(four cards, W) = max(-W, (W + k) E[m | four cards])   k = 1, 2, 3
    fourth:        V3(three cards, W) = max(-W, max_k E[V4(three + next card, W + k)])
    third:         V2(two cards) = max(-1, max_k E[V3(two + next card, 1 + k)])
    edge per Ante = -E[V2]

Every value is an integer count over the cards still to come; the four- and three-card sets are
taken by their classes under a change of suits (``dealing.completions``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

from games.engine.cards import Card, CardError
from games.engine.hands.high import card_indices, five_card_slugs
from games.engine.paytables import paytable
from games.engine.strategy.core import DecisionValue, HouseEdge, Published, Strategy, winnings_by_value
from games.engine.strategy.dealing import FULL, Deck, card_of, completions, suit_class, suit_classes

GAME = "mississippi-stud"
SECTION = "§ 655a.11, § 655a.12(a)"
FOLD = "fold"
RAISES = (1, 2, 3)
OPTIONS = (FOLD, *(f"{k}x" for k in RAISES))  # as computed; offered from the largest wager (``decision``)
PUBLISHED = Published("4.91", "Wizard of Odds, Mississippi Stud, optimal strategy, "
                      "paytable 500-100-40-10-6-4-3-2-1-push", average_wagered="3.59")
NOTE = "The Ante and street wagers' only paytable, § 655a.12(a), is the one analysed."


def _best(options):
    """The option worth most; of equal values the one wagering more, as the published analysis
    counts its 3.59 Antes wagered (on fifth street, A-K-4-3 of four suits with 3 Antes wagered is
    worth -3 folded or played at 1x)."""
    return max(options)


class _Streets:
    """Every street's optimal value for a deck, in integer counts of the cards to come."""

    def __init__(self, deck: Deck):
        self.deck = deck
        table = paytable(GAME, "ante")
        self.fours = {}  # class of four cards -> sum of m over the final cards
        values = {value for _, _, counted in completions(deck, 4) for value in counted}
        pays = winnings_by_value(table, five_card_slugs, values)
        for _, mask, counted in completions(deck, 4):
            self.fours[suit_class(_cards(mask))] = sum(count * pays[value] for value, count in counted.items())
        self.left4 = deck.size - 4
        self.threes: dict[tuple, dict[int, tuple[int, int]]] = {}

    def fifth(self, four: Sequence[int], wagered: int) -> tuple[tuple[int, int], ...]:
        """Each option's (value, expected Antes wagered) per Ante, in 1/(cards left) units."""
        total = self.fours[suit_class(four)]
        left = self.left4
        return ((-wagered * left, wagered * left), *(((wagered + k) * total, (wagered + k) * left) for k in RAISES))

    def fourth(self, three: Sequence[int], wagered: int) -> tuple[tuple[int, int], ...]:
        rest = self._rest(three)
        scale = len(rest) * self.left4
        options = [(-wagered * scale, wagered * scale)]
        for k in RAISES:
            value = spent = 0
            for card in rest:
                best = _best(self.fifth((*three, card), wagered + k))
                value, spent = value + best[0], spent + best[1]
            options.append((value, spent))
        return tuple(options)

    def best_fourth(self, three: Sequence[int], wagered: int) -> tuple[int, int]:
        key = suit_class(three)
        kept = self.threes.setdefault(key, {})
        if wagered not in kept:
            kept[wagered] = _best(self.fourth(three, wagered))
        return kept[wagered]

    def third(self, two: Sequence[int]) -> tuple[tuple[int, int], ...]:
        rest = self._rest(two)
        scale = len(rest) * (len(rest) - 1) * self.left4
        options = [(-scale, scale)]
        for k in RAISES:
            value = spent = 0
            for card in rest:
                best = self.best_fourth((*two, card), 1 + k)
                value, spent = value + best[0], spent + best[1]
            options.append((value, spent))
        return tuple(options)

    def _rest(self, held: Sequence[int]) -> list[int]:
        return [index for index in self.deck.indices() if index not in held]


def _cards(mask: int) -> list[int]:
    return [index for index in range(52) if mask >> index & 1]


@cache
def _streets(deck: Deck) -> _Streets:
    return _Streets(deck)


def prepare(deck: Deck = FULL) -> None:
    """Value fourth street for every class of three cards and every amount wagered (seconds on the
    full deck), so that every decision after takes milliseconds."""
    streets = _streets(deck)
    for _, three in suit_classes(deck, 3):
        for wagered in (2, 3, 4):
            streets.best_fourth(three, wagered)


def house_edge(deck: Deck = FULL) -> HouseEdge:
    streets = _streets(deck)
    classes: dict[tuple, list] = {}
    for two in combinations(deck.indices(), 2):
        classes.setdefault(suit_class(two), [0, two])[0] += 1
    scale = (deck.size - 2) * (deck.size - 3) * streets.left4
    value = spent = 0
    rows = []
    for weight, two in classes.values():
        options = streets.third(two)
        best = _best(options)
        value, spent = value + weight * best[0], spent + weight * best[1]
        rows.append((" ".join(card_of(index).code for index in sorted(two, reverse=True)), weight,
                     OPTIONS[options.index(best)], *(f"{float(Fraction(v, scale)):.6f}" for v, _ in options)))
    deals = comb(deck.size, 2)
    return HouseEdge(
        GAME, paytable(GAME, "ante").title, SECTION,
        edge=-Fraction(value, deals * scale), average_wagered=Fraction(spent, deals * scale),
        strategy=Strategy(("two cards (one of their class)", "deals", "third street",
                           *(f"value of {option}" for option in OPTIONS)), rows),
        published=PUBLISHED if deck == FULL else None, note=NOTE,
    )


def decision(cards: Sequence[Card], wagered: int = 1, deck: Deck = FULL) -> DecisionValue:
    """Fold, 1x, 2x or 3x on the street to come, holding ``cards`` (the player's two and the
    community cards turned: two to four cards) with ``wagered`` Antes already on the layout."""
    held = card_indices(cards, low=2, high=4, what="the cards a Mississippi Stud player sees")
    if not len(held) - 1 <= wagered <= 3 * (len(held) - 2) + 1:
        raise CardError(f"with {len(held)} cards seen, the Antes wagered are {len(held) - 1} to "
                        f"{3 * (len(held) - 2) + 1}, not {wagered} (§ 655a.11)")
    if not set(held) <= set(deck.indices()):
        raise CardError("a card seen is not in the deck analysed")
    streets = _streets(deck)
    street = {2: lambda: streets.third(held), 3: lambda: streets.fourth(held, wagered),
              4: lambda: streets.fifth(held, wagered)}[len(held)]
    left = deck.size - len(held)
    scale = {2: left * (left - 1) * (left - 2), 3: left * (left - 1), 4: left}[len(held)]
    valued = [(name, Fraction(v, scale)) for name, (v, _) in zip(OPTIONS, street(), strict=True)]
    return DecisionValue(tuple(reversed(valued)))  # of equal values the larger wager is the best
