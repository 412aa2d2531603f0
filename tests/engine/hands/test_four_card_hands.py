"""Four-card hands: § 641a.6 / § 657a.6, best four of a player's five cards."""

import random
from collections import Counter
from itertools import combinations

import pytest

from games.engine.cards import FULL_DECK, CardError, parse_cards
from games.engine.hands.four_card import (
    FourCardCategory,
    category_of,
    crazy4_dealer_qualifies,
    four_card_hand,
    four_card_value,
)

BY_INDEX = sorted(FULL_DECK, key=lambda card: card.index)


def hand(codes):
    return four_card_hand(parse_cards(codes))


def test_it_counts_every_four_card_class_over_all_2598960_five_card_deals():
    counts = Counter(category_of(four_card_value(five)) for five in combinations(range(52), 5))
    assert counts == {
        FourCardCategory.FOUR_OF_A_KIND: 624,
        FourCardCategory.STRAIGHT_FLUSH: 2_072,
        FourCardCategory.THREE_OF_A_KIND: 58_656,
        FourCardCategory.FLUSH: 114_616,
        FourCardCategory.STRAIGHT: 101_808,
        FourCardCategory.TWO_PAIR: 123_552,
        FourCardCategory.PAIR: 1_047_552,
        FourCardCategory.HIGH_CARD: 1_150_080,
    }


def _by_definition(cards):
    """An independent, slow reading of § 641a.6(b)-(c): the best of every four cards."""
    best = None
    for four in combinations(cards, 4):
        ranks = sorted((card.rank for card in four), reverse=True)
        counts = Counter(ranks)
        order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
        flush = len({card.suit for card in four}) == 1
        straight = 0
        if len(counts) == 4:
            straight = ranks[0] if ranks[0] - ranks[3] == 3 else (4 if ranks == [14, 4, 3, 2] else 0)
        shape = sorted(counts.values(), reverse=True)
        if shape == [4]:
            key = (7, order)
        elif straight and flush:
            key = (6, [straight])
        elif shape[0] == 3:
            key = (5, order)
        elif flush:
            key = (4, order)
        elif straight:
            key = (3, [straight])
        else:
            key = ({(2, 2): 2, (2, 1, 1): 1}.get(tuple(shape), 0), order)
        best = key if best is None or key > best else best
    return best


@pytest.mark.parametrize("size", [4, 5, 6, 7])
def test_it_orders_random_hands_as_the_definition_does_ties_included(size):
    rng = random.Random(641 + size)
    hands = [[BY_INDEX[index] for index in rng.sample(range(52), size)] for _ in range(3_000)]
    ours = [four_card_hand(cards).value for cards in hands]
    theirs = [_by_definition(cards) for cards in hands]
    for i in range(len(hands) - 1):
        assert (ours[i] > ours[i + 1]) == (theirs[i] > theirs[i + 1]), hands[i : i + 2]
        assert (ours[i] == ours[i + 1]) == (theirs[i] == theirs[i + 1]), hands[i : i + 2]


def test_four_of_a_kind_beats_a_straight_flush_and_three_of_a_kind_beats_a_flush():
    assert hand("2c 2d 2h 2s 9c") > hand("As Ks Qs Js 9d")
    assert hand("2c 2d 2h 5s 9c") > hand("As Ks Qs 9s 3d")
    assert hand("2c 3d 4h 5s Kc").category is FourCardCategory.STRAIGHT


@pytest.mark.parametrize(
    ("codes", "category", "shown", "name", "slug"),
    [
        ("Ac Ad Ah As Kd", FourCardCategory.FOUR_OF_A_KIND, "Ac Ad Ah As", "Four aces", "four_aces"),
        ("9c 9d 9h 9s Kd", FourCardCategory.FOUR_OF_A_KIND, "9c 9d 9h 9s", "Four nines", "four_of_a_kind"),
        ("Ah 2h 3h 4h Kd", FourCardCategory.STRAIGHT_FLUSH, "4h 3h 2h Ah", "Straight flush, four high",
         "straight_flush"),
        ("Ah Ad 3h Js Kd", FourCardCategory.PAIR, "Ah Ad Kd Js", "Pair of aces", "pair_of_aces"),
        ("Qh Qd 3h Js Kd", FourCardCategory.PAIR, "Qh Qd Kd Js", "Pair of queens", "pair_of_queens_or_better"),
        ("Kh Ad 2c 3d 9s", FourCardCategory.HIGH_CARD, "Ad Kh 9s 3d", "High card, ace high", "high_card"),
    ],
)
def test_it_names_the_four_cards_and_the_paytable_row(codes, category, shown, name, slug):
    best = hand(codes)
    assert best.category is category
    assert " ".join(card.code for card in best.cards) == shown
    assert best.name == name
    assert best.slugs[0] == slug


def test_king_ace_two_three_is_no_straight():
    assert hand("Kc Ad 2h 3s 8c").category is FourCardCategory.HIGH_CARD


def test_the_crazy_4_dealer_needs_king_high_or_better():
    assert crazy4_dealer_qualifies(hand("Kc 9d 7h 3s 2c"))
    assert not crazy4_dealer_qualifies(hand("Qc 9d 7h 3s 2c"))
    assert crazy4_dealer_qualifies(hand("2c 2d 7h 3s 4c"))


def test_it_refuses_a_wrong_number_of_cards():
    with pytest.raises(CardError, match="a four-card hand is formed from 4 to 7 cards, not 3"):
        hand("As Ks Qs")
