"""Let It Ride (§ 643a.11, § 643a.12(a)): pull or ride Bet 1 and Bet 2.

Three equal Let It Ride Wagers are paid on one table by the player's final five cards (the three
dealt and the two community cards).  Having seen three cards the player may take Bet 1 back; having
seen the first community card, Bet 2; Bet 3 always stays.  Each wager left is worth what the final
hand pays per unit, ``m`` (-1 for a losing hand), so each decision stands alone: ride a bet
exactly when the expected ``m`` over the cards still to come is above 0 (at 0 the two are worth the
same, and the bet is pulled).  Per unit::

    edge = -(E[m] + E[max(E[m | three cards], 0)] + E[max(E[m | four cards], 0)])

Exact by suit symmetry: the three- and four-card sets are counted by their classes under a change
of suits (1,755 and 16,432 of them in the full deck), each valued once over every completion.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

from games.engine.cards import Card, CardError
from games.engine.hands.high import card_indices, five_card_slugs, rank_value
from games.engine.paytables import Paytable, paytable
from games.engine.strategy.core import DecisionValue, HouseEdge, Published, Strategy, winnings_by_value
from games.engine.strategy.dealing import FULL, Deck, card_of, completions

GAME = "let-it-ride"
SECTION = "§ 643a.11, § 643a.12(a)"
FINAL = 5
PULL, RIDE = "pull", "ride"
PUBLISHED = {
    "A": Published("3.51", "Wizard of Odds, Let It Ride, optimal strategy, paytable 1000-200-50-11-8-5-3-2-1"),
}
NOTES = {
    "B": "Paytable B pays a royal flush 500 to 1 instead of 1,000 to 1: no published analysis of it was found; "
         "the standard table the published 3.51% rests on is Paytable A.",
}


@dataclass(frozen=True)
class _Stage:
    seen: int
    deals: int  # sets of ``seen`` cards
    ridden: int  # of them, those where the bet rides
    value: Fraction  # E[max(E[m | seen], 0)]
    rows: tuple[tuple[object, ...], ...]


def _stage(deck: Deck, seen: int, pays: dict[int, Fraction], bet: str) -> _Stage:
    deals = ridden = 0
    total = Fraction(0)
    rows = []
    completed = comb(deck.size - seen, FINAL - seen)
    for weight, mask, values in completions(deck, seen):
        expected = Fraction(sum(count * pays[value] for value, count in values.items()), completed)
        deals += weight
        if expected > 0:
            ridden += weight
            total += weight * expected
        held = [index for index in range(52) if mask >> index & 1]
        rows.append((bet, " ".join(card_of(i).code for i in sorted(held, reverse=True)),
                     weight, RIDE if expected > 0 else PULL, f"{float(expected):.6f}"))
    return _Stage(seen, deals, ridden, total / deals, tuple(rows))


def _pays(table: Paytable, deck: Deck) -> dict[int, Fraction]:
    values = {value for _, _, counted in completions(deck, 4) for value in counted}
    return winnings_by_value(table, five_card_slugs, values)


def house_edge(letter: str = "A", deck: Deck = FULL) -> HouseEdge:
    table = paytable(GAME, "bet1", letter)
    pays = _pays(table, deck)
    bet1, bet2 = _stage(deck, 3, pays, "Bet 1"), _stage(deck, 4, pays, "Bet 2")
    # Bet 3 stays: E[m] is the four-card stage's E[m | four cards] averaged, every bet kept.
    completed = deck.size - 4
    bet3 = Fraction(sum(weight * count * pays[value] for weight, _, values in completions(deck, 4)
                        for value, count in values.items()), bet2.deals * completed)
    return HouseEdge(
        GAME, table.title, SECTION,
        edge=-(bet3 + bet1.value + bet2.value),
        average_wagered=1 + Fraction(bet1.ridden, bet1.deals) + Fraction(bet2.ridden, bet2.deals),
        strategy=Strategy(("bet", "cards seen (one of their class)", "deals", "decision", "ride value per unit"),
                          bet1.rows + bet2.rows),
        published=PUBLISHED.get(letter) if deck == FULL else None,
        note=NOTES.get(letter, ""),
    )


def decision(cards: Sequence[Card], letter: str = "A", seen: Sequence[Card] = (), deck: Deck = FULL) -> DecisionValue:
    """Pull or ride Bet 1 (three cards held) or Bet 2 (the player's three and the first community
    card); ``seen`` are other cards known to be out of play."""
    held = card_indices(cards, low=3, high=4, what="the cards a Let It Ride player sees")
    dead = card_indices(seen, low=0, high=52, what="the cards seen") if seen else []
    if set(held) & set(dead):
        raise CardError("a card cannot be both among the player's cards and the other cards seen")
    rest = [index for index in deck.indices() if index not in held and index not in dead]
    if len(rest) < FINAL - len(held):
        raise CardError(f"{FINAL - len(held)} more cards are needed and only {len(rest)} are unseen")
    table = paytable(GAME, "bet1", letter)
    values = Counter(rank_value((*held, *more)) for more in combinations(rest, FINAL - len(held)))
    pays = winnings_by_value(table, five_card_slugs, values)
    ride = Fraction(sum(count * pays[value] for value, count in values.items()), sum(values.values()))
    return DecisionValue(((PULL, Fraction(0)), (RIDE, ride)))


__all__ = ["decision", "house_edge"]
