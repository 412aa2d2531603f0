"""Let It Ride under optimal strategy (games/engine/strategy/let_it_ride.py).

Paytable A of § 643a.12(a) pays a unit wager: royal flush 1,000 to 1, straight flush 200, four of a
kind 50, full house 11, flush 8, straight 5, three of a kind 3, two pair 2, a pair of tens or better
1; any other hand loses the unit.  A pulled bet is returned: 0.
"""

import time
from fractions import Fraction
from itertools import combinations

import pytest

from games.engine.cards import FULL_DECK, CardError, parse_cards
from games.engine.hands.high import five_card_slugs, rank_value
from games.engine.paytables import paytable
from games.engine.strategy import let_it_ride
from games.engine.strategy.core import winnings_by_value
from games.engine.strategy.dealing import Deck


@pytest.mark.parametrize("cards, ride", [
    # Four to the royal flush, 48 cards to come: the 10 of spades, royal, 1,000; the 9 to 2 of
    # spades (8), flush, 8 each; the three other 10s, straight, 5 each; the 12 other aces, kings,
    # queens and jacks, a pair of them, 1 each; the 24 others lose.  (1000 + 64 + 15 + 12 - 24) / 48
    ("As Ks Qs Js", Fraction(1067, 48)),
    # An outside straight with no high card: a 4 or a 9 (8 cards) 5 each, the 40 others lose: 0.
    ("5c 6d 7h 8s", Fraction(0)),
    # An outside straight of high cards: a king or an 8 (8) 5 each, a 10, jack or queen paired (9)
    # 1 each, the 31 others lose: (40 + 9 - 31) / 48.
    ("9c Td Jh Qs", Fraction(18, 48)),
])
def test_four_cards_by_hand(cards, ride):
    decision = let_it_ride.decision(parse_cards(cards))
    assert decision.options == (("pull", 0), ("ride", ride))
    assert decision.best == ("ride" if ride > 0 else "pull")


def test_three_cards_with_three_unseen_by_hand():
    # 10-J-Q of spades; only Ks As 2d unseen: the community cards are two of them (three ways):
    # Ks As, a royal flush (1,000); Ks 2d and As 2d, no pair of tens (-1 each).  (1000 - 2) / 3
    kept = set(parse_cards("Ts Js Qs Ks As 2d"))
    seen = [card for card in FULL_DECK if card not in kept]
    assert let_it_ride.decision(parse_cards("Ts Js Qs"), seen=seen).ev("ride") == Fraction(998, 3)


# The published strategy (Wizard of Odds) for Bet 1: ride a paying pair, three to a royal flush,
# three suited in a row but 2-3-4 and A-2-3, three to a straight flush with one gap and a high card
# (10 or more), or with two gaps and two high cards; pull anything else.
@pytest.mark.parametrize("cards, best", [
    ("Tc Td 2h", "ride"), ("9c 9d 2h", "pull"),
    ("Js Qs As", "ride"), ("3s 4s 5s", "ride"), ("2s 3s 4s", "pull"), ("As 2s 3s", "pull"),
    ("9s Ts Qs", "ride"), ("2s 3s 5s", "pull"),
    ("9s Js Ks", "ride"), ("7s 9s Js", "pull"),
    ("Ah Kd 2c", "pull"),
])
def test_the_published_bet_1_strategy_boundary_hands(cards, best):
    assert let_it_ride.decision(parse_cards(cards)).best == best


def brute_force(deck, letter):
    """E[m] and each bet's optimal value, from every set of cards of a reduced deck one by one."""
    cards = deck.indices()
    pays = winnings_by_value(paytable("let-it-ride", "bet1", letter), five_card_slugs,
                             {rank_value(five) for five in combinations(cards, 5)})

    def ride(seen):
        rest = [card for card in cards if card not in seen]
        outcomes = [pays[rank_value((*seen, *more))] for more in combinations(rest, 5 - len(seen))]
        return Fraction(sum(outcomes), len(outcomes))

    threes, fours = list(combinations(cards, 3)), list(combinations(cards, 4))
    bet1 = [ride(three) for three in threes]
    bet2 = [ride(four) for four in fours]
    bet3 = sum(bet2) / len(bet2)  # E[m]
    edge = -(bet3 + sum(max(v, 0) for v in bet1) / len(bet1) + sum(max(v, 0) for v in bet2) / len(bet2))
    return edge, 1 + Fraction(sum(v > 0 for v in bet1), len(bet1)) + Fraction(sum(v > 0 for v in bet2), len(bet2))


@pytest.mark.parametrize("letter", "AB")
def test_the_counted_edge_is_the_edge_of_every_deal_of_a_reduced_deck(letter):
    deck = Deck((9, 10, 11, 12, 13, 14), 2)
    edge = let_it_ride.house_edge(letter, deck)
    assert (edge.edge, edge.average_wagered) == brute_force(deck, letter)


def test_cards_that_cannot_be_dealt_are_refused_by_name():
    with pytest.raises(CardError, match="formed from 3 to 4 cards, not 5"):
        let_it_ride.decision(parse_cards("As Ks Qs Js Ts"))
    with pytest.raises(CardError, match="both among the player's cards and the other cards seen"):
        let_it_ride.decision(parse_cards("As Ks Qs"), seen=parse_cards("As"))


def test_a_decision_is_valued_in_under_50_ms():
    times = []
    for _ in range(5):
        start = time.perf_counter()
        let_it_ride.decision(parse_cards("9s Ts Qs"))
        times.append(time.perf_counter() - start)
    assert min(times) < 0.05
