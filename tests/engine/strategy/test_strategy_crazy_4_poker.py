"""Crazy 4 Poker under optimal strategy (games/engine/strategy/crazy_4_poker.py).

Per Ante, with the Super Bonus an equal wager (§ 657a.11(b)-(c), § 657a.12(a)-(b)): fold, -2 (the
Ante and Super Bonus).  Playing k Antes: a dealer below king high, Ante returned and Play won (+k);
a qualifying dealer beaten, +1 + k; a tie, 0; a qualifying dealer higher, -1 - k.  The Super Bonus
pays a straight 1 to 1, a flush 3 to 2, three of a kind 2 to 1, a straight flush 15 to 1,
four of a kind 30 to 1, four aces 200 to 1, whatever the dealer holds; a lesser hand's is lost
only when the qualifying dealer is higher.
"""

import time
from fractions import Fraction
from itertools import combinations

import pytest

from games.engine.cards import CardError, parse_cards
from games.engine.hands.four_card import four_card_value
from games.engine.strategy import crazy_4_poker
from games.engine.strategy.dealing import Deck, suit_class, suit_classes

TENS_UP = Deck((10, 11, 12, 13, 14), 2)  # ten cards: the dealer holds the five the player does not


def test_ten_cards_by_hand_a_straight_against_the_same_straight():
    # The player's Ts Jh Qs Kh As play A-K-Q-J, a straight; the dealer's Th Js Qh Ks Ah too: a tie,
    # the Ante and Play returned, the Super Bonus paid 1 to 1 on the straight: playing is worth +1
    # whatever the Play Wager (a straight is better than a pair of aces: up to 3x); of equal values
    # the first offered, 1x.
    decision = crazy_4_poker.decision(parse_cards("Ts Jh Qs Kh As"), deck=TENS_UP)
    assert decision.options == (("fold", -2), ("1x", 1), ("2x", 1), ("3x", 1))
    assert decision.best == "1x"


def test_ten_cards_by_hand_a_pair_of_aces_against_a_straight():
    # The player's As Ah Ks Qh Th play A-A-K-Q (no jack for a straight, no four of a suit); the
    # dealer's Ts Js Jh Qs Kh play K-Q-J-10, a straight: it qualifies and is higher: -1 - k on the
    # Ante and Play, and the Super Bonus on a pair is lost: -2 - k.  Folding loses less.
    decision = crazy_4_poker.decision(parse_cards("As Ah Ks Qh Th"), deck=TENS_UP)
    assert decision.options == (("fold", -2), ("1x", -3), ("2x", -4), ("3x", -5))
    assert decision.best == "fold"


# The published strategy: play 3x with a pair of aces or better, 1x with K-Q-8-4 or better, fold less.
@pytest.mark.parametrize("cards, best", [
    ("Kh Qd 8c 4s 2h", "1x"), ("Kh Qd 8c 3s 2h", "fold"), ("Ah Ad 8c 3s 2h", "3x"), ("Kh Kd 8c 3s 2h", "1x"),
])
def test_the_published_strategy_boundary_hands(cards, best):
    deck = Deck((2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14), 4)
    assert crazy_4_poker.decision(parse_cards(cards), deck=deck).best == best


def brute_force(deck):
    cards = deck.indices()
    total = played = deals = 0
    for player in combinations(cards, 5):
        mine = four_card_value(player)
        paid = crazy_4_poker.super_bonus(mine)
        rest = [card for card in cards if card not in player]
        outcomes = []  # (Ante, Play per Ante played, Super Bonus)
        for dealer_cards in combinations(rest, 5):
            dealer = four_card_value(dealer_cards)
            if dealer < crazy_4_poker.KING_HIGH:
                outcomes.append((0, 1, paid or 0))
            elif dealer < mine:
                outcomes.append((1, 1, paid or 0))
            elif dealer == mine:
                outcomes.append((0, 0, paid or 0))
            else:
                outcomes.append((-1, -1, -1 if paid is None else paid))
        options = [(Fraction(-2), 0)]
        for k in (1, 2, 3) if mine >= crazy_4_poker.ACES else (1,):
            options.append((Fraction(sum(a + k * p + b for a, p, b in outcomes), len(outcomes)), k))
        value, k = max(options, key=lambda option: option[0])
        total, played, deals = total + value, played + k, deals + 1
    return -total / deals, 2 + Fraction(played, deals)


def test_the_counted_edge_is_the_edge_of_every_deal_of_a_reduced_deck():
    deck = Deck((9, 10, 11, 12, 13, 14), 2)
    edge = crazy_4_poker.house_edge(deck)
    assert (edge.edge, edge.average_wagered) == brute_force(deck)


def test_cards_not_in_the_deck_are_refused():
    with pytest.raises(CardError, match="not in the deck analysed"):
        crazy_4_poker.decision(parse_cards("2s Jh Qs Kh As"), deck=TENS_UP)


def test_a_decision_is_valued_in_under_50_ms_once_the_tables_are_built():
    deck = Deck((9, 10, 11, 12, 13, 14), 2)
    crazy_4_poker.prepare(deck)
    built = crazy_4_poker._dealer(deck).tables
    assert all(suit_class(held) in built for size in range(5) for _, held in suit_classes(deck, size))
    times = []
    for _ in range(5):
        start = time.perf_counter()
        crazy_4_poker.decision(parse_cards("Ts 9h Qs Kh Ah"), deck=deck)
        times.append(time.perf_counter() - start)
    assert min(times) < 0.05
