"""Three-card hands (§ 643a.6(c)-(d)) and the Six Card Bonus hands (§ 643a.6(e))."""

from collections import Counter
from itertools import combinations

import pytest

from games.engine.cards import FULL_DECK, CardError, parse_cards
from games.engine.hands.six_card import six_card_hand
from games.engine.hands.three_card import ThreeCardCategory, three_card_hand


def test_it_counts_every_three_card_class_over_all_22100_hands():
    counts = Counter(three_card_hand(three).category for three in combinations(FULL_DECK, 3))
    assert counts == {
        ThreeCardCategory.MINI_ROYAL: 4,
        ThreeCardCategory.STRAIGHT_FLUSH: 44,
        ThreeCardCategory.THREE_OF_A_KIND: 52,
        ThreeCardCategory.STRAIGHT: 720,
        ThreeCardCategory.FLUSH: 1_096,
        ThreeCardCategory.PAIR: 3_744,
        ThreeCardCategory.HIGH_CARD: 16_440,
    }
    assert sum(counts.values()) == 22_100


def test_a_spade_mini_royal_is_paid_apart_where_the_paytable_separates_it():
    assert three_card_hand(parse_cards("As Ks Qs")).slugs[0] == "mini_royal_spades"
    assert three_card_hand(parse_cards("Ah Kh Qh")).slugs[0] == "mini_royal_other_suits"
    # Without a mini-royal row the hand is a straight flush (§ 643a.12(c) Paytables A-C).
    assert "straight_flush" in three_card_hand(parse_cards("Ah Kh Qh")).slugs


@pytest.mark.parametrize(
    ("codes", "category", "name"),
    [
        ("Ac 2d 3h", ThreeCardCategory.STRAIGHT, "Straight, three high"),
        ("Qc Kd Ah", ThreeCardCategory.STRAIGHT, "Straight, ace high"),
        ("Kc Ad 2h", ThreeCardCategory.HIGH_CARD, "High card, ace high"),
        ("Ac 2c 3c", ThreeCardCategory.STRAIGHT_FLUSH, "Straight flush, three high"),
        ("7c 7d 7h", ThreeCardCategory.THREE_OF_A_KIND, "Three sevens"),
        ("7c 2c 9c", ThreeCardCategory.FLUSH, "Flush, nine high"),
        ("7c 7d 9c", ThreeCardCategory.PAIR, "Pair of sevens"),
    ],
)
def test_it_ranks_three_cards_as_section_643a_6_does(codes, category, name):
    best = three_card_hand(parse_cards(codes))
    assert (best.category, best.name) == (category, name)


def test_a_straight_beats_a_flush_in_three_cards():
    assert three_card_hand(parse_cards("4c 5d 6h")) > three_card_hand(parse_cards("Ac Kc 9c"))


def test_it_refuses_a_duplicate_card_by_name():
    with pytest.raises(CardError, match="As appears twice"):
        three_card_hand([*parse_cards("As Ks"), parse_cards("As")[0]])


def test_the_six_card_royal_flush_is_told_apart_by_suit():
    diamonds = six_card_hand(parse_cards("Ad Kd Qd Jd Td 9d"))
    assert diamonds.slugs[:2] == ("six_card_royal_flush_diamonds", "six_card_royal_flush")
    assert six_card_hand(parse_cards("Ah Kh Qh Jh Th 9h")).slugs[0] == "six_card_royal_flush_other"
    # A paytable with no six-card row pays it as the royal flush it holds (Paytables A-D).
    assert "royal_flush" in diamonds.slugs


def test_other_six_cards_rank_as_their_best_five():
    best = six_card_hand(parse_cards("Kd Kh Kc 9s 9d 2c"))
    assert best.slugs == ("full_house",)
    assert best.name == "Full house, kings over nines"
    assert six_card_hand(parse_cards("Ad Kd Qd Jd Td 8d")).slugs[0] == "royal_flush"
