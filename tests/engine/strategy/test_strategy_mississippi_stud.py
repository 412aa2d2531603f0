"""Mississippi Stud under optimal strategy (games/engine/strategy/mississippi_stud.py).

§ 655a.12(a) pays every wager on the final five cards: ... three of a kind 3 to 1, two pair 2 to 1,
a pair of jacks or better 1 to 1, a pair of 6s to 10s pushes, anything less loses.  A fold loses
every Ante wagered so far.
"""

import time
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest

from games.engine.cards import CardError, parse_cards
from games.engine.hands.high import five_card_slugs, rank_value
from games.engine.paytables import paytable
from games.engine.strategy import mississippi_stud
from games.engine.strategy.core import winnings_by_value
from games.engine.strategy.dealing import Deck


def test_fifth_street_by_hand():
    # A-K-9-2 of four suits with 7 Antes wagered, 48 cards to come: an ace or king (6) pays 1 to 1,
    # a 9 (3) pushes, the 39 others lose: E[m] = (6 - 39) / 48 = -11/16.  Fold -7; 1x 8 * -11/16 =
    # -5.5; 2x 9 * -11/16; 3x 10 * -11/16.
    decision = mississippi_stud.decision(parse_cards("Ah Kd 9c 2s"), wagered=7)
    assert decision.options == (("3x", Fraction(-110, 16)), ("2x", Fraction(-99, 16)), ("1x", Fraction(-11, 2)),
                                ("fold", -7))
    assert decision.best == "1x"


def test_fifth_street_worth_the_same_folded_or_at_1x_is_played_at_1x_as_the_published_analysis_counts():
    # A-K-4-3 of four suits with 3 Antes wagered: an ace or king (6) pays 1 to 1, the 42 others lose
    # (a 4 or a 3 pairs below 6s; no straight, no flush): E[m] = -36/48 = -3/4.  Fold -3; 1x 4 * -3/4
    # = -3 too; 2x -15/4; 3x -9/2.  Of equal values the larger wager: the published 3.59 Antes wagered
    # on average count these hands played.
    decision = mississippi_stud.decision(parse_cards("Ah Kd 4c 3s"), wagered=3)
    assert decision.options == (("3x", Fraction(-9, 2)), ("2x", Fraction(-15, 4)), ("1x", -3), ("fold", -3))
    assert decision.best == "1x"


# The published strategy (Wizard of Odds) on third street: 3x any pair; 1x with two or more "points"
# (a jack or better 2 points, a 6 to 10 one point) or a suited 6-5 or better... ; fold the rest.
@pytest.mark.parametrize("cards, best", [
    ("2h 2d", "3x"), ("Ah Kd", "1x"), ("Jh 6d", "1x"), ("6h 2d", "fold"), ("5h 2d", "fold"), ("Th 9h", "1x"),
])
def test_the_published_third_street_boundary_hands(cards, best):
    assert mississippi_stud.decision(parse_cards(cards)).best == best


def brute_force(deck):
    cards = deck.indices()
    pays = winnings_by_value(paytable("mississippi-stud", "ante"), five_card_slugs,
                             {rank_value(five) for five in combinations(cards, 5)})

    @cache
    def value(seen, wagered):
        """(value, Antes wagered on average) of the best play with ``seen`` cards."""
        if len(seen) == 5:
            return wagered * pays[rank_value(seen)], Fraction(wagered)
        rest = [card for card in cards if card not in seen]
        options = [(Fraction(-wagered), Fraction(wagered))]
        for k in (1, 2, 3):
            outcomes = [value(tuple(sorted((*seen, card))), wagered + k) for card in rest]
            options.append((sum(v for v, _ in outcomes) / len(rest), Fraction(sum(w for _, w in outcomes), len(rest))))
        return max(options)  # of equal values, the larger wager

    results = [value(two, 1) for two in combinations(cards, 2)]
    return -sum(v for v, _ in results) / len(results), sum(w for _, w in results) / len(results)


def test_the_counted_edge_is_the_edge_of_every_deal_of_a_reduced_deck():
    deck = Deck((9, 10, 11, 12, 13, 14), 2)
    edge = mississippi_stud.house_edge(deck)
    assert (edge.edge, edge.average_wagered) == brute_force(deck)


def test_a_wager_the_streets_cannot_have_made_is_refused():
    with pytest.raises(CardError, match="the Antes wagered are 3 to 7, not 8"):
        mississippi_stud.decision(parse_cards("Ah Kd 9c 2s"), wagered=8)


def test_a_decision_is_valued_in_under_50_ms_once_the_tables_are_built():
    # On a reduced deck, so that building the four-card tables (seconds on the full deck, once per
    # process: benchmarks/house_edge_time.py times the full deck) stays out of the suite.
    deck = Deck((10, 11, 12, 13, 14), 3)
    mississippi_stud.prepare(deck)
    times = []
    for _ in range(5):
        start = time.perf_counter()
        mississippi_stud.decision(parse_cards("Ts Js"), deck=deck)
        times.append(time.perf_counter() - start)
    assert min(times) < 0.05
