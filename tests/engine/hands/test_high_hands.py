"""Five-card high hands: § 647a.6 rankings, best five of five to seven cards."""

import random
from collections import Counter
from itertools import combinations, pairwise

import pytest
from treys import Card as TreysCard
from treys import Evaluator

from games.engine.cards import FULL_DECK, Card, CardError, parse_cards
from games.engine.hands.high import Category, category_of, hand_value, high_hand, rank_value

CODES = [card.code for card in sorted(FULL_DECK, key=lambda card: card.index)]


def hand(codes):
    return high_hand(parse_cards(codes))


@pytest.fixture(scope="module")
def five_card_values():
    """How many of the 2,598,960 five-card hands have each value, and one hand of each."""
    counts: Counter[int] = Counter()
    examples = {}
    for five in combinations(range(52), 5):
        value = rank_value(five)
        if value not in counts:
            examples[value] = five
        counts[value] += 1
    return counts, examples


def test_it_counts_every_category_over_all_2598960_five_card_hands(five_card_values):
    counts, _ = five_card_values
    by_category = Counter()
    for value, count in counts.items():
        by_category[category_of(value)] += count
    assert by_category == {
        Category.ROYAL_FLUSH: 4,
        Category.STRAIGHT_FLUSH: 36,
        Category.FOUR_OF_A_KIND: 624,
        Category.FULL_HOUSE: 3_744,
        Category.FLUSH: 5_108,
        Category.STRAIGHT: 10_200,
        Category.THREE_OF_A_KIND: 54_912,
        Category.TWO_PAIR: 123_552,
        Category.PAIR: 1_098_240,
        Category.HIGH_CARD: 1_302_540,
    }
    assert sum(by_category.values()) == 2_598_960


def test_its_7462_distinct_five_card_values_rank_exactly_as_treys_ranks_them(five_card_values):
    _, examples = five_card_values
    evaluator = Evaluator()
    treys_ranks = [
        evaluator.evaluate([TreysCard.new(CODES[index]) for index in five], [])
        for _, five in sorted(examples.items())
    ]
    # treys numbers the 7,462 classes of five-card hands from 1 (a royal flush) to 7,462.
    assert treys_ranks == list(range(7462, 0, -1))


def test_it_orders_100000_random_seven_card_hands_as_treys_does_ties_included():
    rng = random.Random(647)
    evaluator = Evaluator()
    hands = [rng.sample(range(52), 7) for _ in range(100_000)]
    ours = [rank_value(seven) for seven in hands]
    theirs = [evaluator.evaluate([], [TreysCard.new(CODES[index]) for index in seven]) for seven in hands]

    def sign(number):
        return (number > 0) - (number < 0)

    # treys gives lower numbers to better hands, hence the minus.
    assert [sign(a - b) for a, b in pairwise(ours)] == [sign(b - a) for a, b in pairwise(theirs)]
    # treys's classes run 1 (straight flush, royal included) to 9 (high card).
    assert [9 - min(category_of(value), Category.STRAIGHT_FLUSH) for value in ours] == [
        evaluator.get_rank_class(rank) for rank in theirs
    ]
    assert sum(a == b for a, b in pairwise(ours)) > 0, "the sample holds ties"


def test_high_hand_gives_the_same_value_as_the_fast_path_on_random_hands():
    rng = random.Random(677)
    for size in (5, 6, 7):
        for _ in range(2_000):
            indices = rng.sample(range(52), size)
            cards = [card for index in indices for card in FULL_DECK if card.index == index]
            best = high_hand(cards)
            assert best.value == rank_value(indices) == hand_value(cards)
            assert rank_value([card.index for card in best.cards]) == best.value, "the five shown make the hand"


@pytest.mark.parametrize(
    ("codes", "category", "shown", "name"),
    [
        ("As Ks Qs Js Ts 2d 3c", Category.ROYAL_FLUSH, "As Ks Qs Js Ts", "Royal flush"),
        ("Ah 2h 3h 4h 5h Kd Kc", Category.STRAIGHT_FLUSH, "5h 4h 3h 2h Ah", "Straight flush, five high"),
        ("9c Tc Jc Qc Kc Ac 2d", Category.ROYAL_FLUSH, "Ac Kc Qc Jc Tc", "Royal flush"),
        ("Ac Ad Ah As Kd Kh 2c", Category.FOUR_OF_A_KIND, "Ac Ad Ah As Kd", "Four aces"),
        ("Kh Kd Kc 4s 4d 4h 2c", Category.FULL_HOUSE, "Kh Kd Kc 4s 4d", "Full house, kings over fours"),
        ("2c 3c 9c Tc Kc Ac 4d", Category.FLUSH, "Ac Kc Tc 9c 3c", "Flush, ace high"),
        ("2c 3d 4h 5s Ad 9c 9d", Category.STRAIGHT, "5s 4h 3d 2c Ad", "Straight, five high"),
        ("Tc Jd Qh Ks Ad 9c 2d", Category.STRAIGHT, "Ad Ks Qh Jd Tc", "Straight, ace high"),
        ("7c 7d 7h Ks 2d 9c 4d", Category.THREE_OF_A_KIND, "7c 7d 7h Ks 9c", "Three sevens"),
        ("Ac Ad 3c 3d 7h 7s Kc", Category.TWO_PAIR, "Ac Ad 7h 7s Kc", "Two pair, aces and sevens"),
        ("Qc Qd 3c 8d 7h Js 2c", Category.PAIR, "Qc Qd Js 8d 7h", "Pair of queens"),
        ("2c 3d 5h 7s 9d Jc Kd", Category.HIGH_CARD, "Kd Jc 9d 7s 5h", "High card, king high"),
    ],
)
def test_it_names_the_hand_and_shows_the_five_cards_that_make_it(codes, category, shown, name):
    best = hand(codes)
    assert best.category is category
    assert " ".join(card.code for card in best.cards) == shown
    assert best.name == name


def test_a_straight_never_wraps_around_the_ace():
    assert hand("Qs Kd Ah 2c 3d").category is Category.HIGH_CARD  # § 647a.6(a)
    assert hand("Ah 2c 3d 4s 5d").category is Category.STRAIGHT


def test_the_wheel_is_the_lowest_straight_and_straight_flush():
    assert hand("Ah 2c 3d 4s 5d") < hand("2h 3c 4d 5s 6d")
    assert hand("Ah 2h 3h 4h 5h") < hand("2c 3c 4c 5c 6c")
    assert hand("Ah 2h 3h 4h 5h").category is Category.STRAIGHT_FLUSH


def test_the_highest_card_not_held_in_common_breaks_a_tie():
    # § 647a.6(c): same pair, the third kicker decides; the sixth and seventh cards never do.
    assert hand("Ks Kd 9c 7h 4s") > hand("Kh Kc 9d 7s 3h")
    assert hand("As Ad Kc Qh Js 3c 2d") == hand("Ah Ac Kd Qs Jd 4c 5h")
    assert hand("2s 3d 4c 5h 6s") == hand("2h 3c 4d 5s 6d")


def test_suits_are_equal_in_rank():
    assert hand("As Ks Qs Js 9s") == hand("Ad Kd Qd Jd 9d")


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (parse_cards("As Ks Qs Js"), "formed from 5 to 7 cards, not 4"),
        (parse_cards("As Ks Qs Js Ts 9s 8s 7s"), "formed from 5 to 7 cards, not 8"),
        ([*parse_cards("As Ks Qs Js"), Card.parse("As")], "As appears twice"),
        ([*parse_cards("As Ks Qs Js"), Card(15, "s")], "Card(rank=15, suit='s') is not a card"),
        ([*parse_cards("As Ks Qs Js"), "Td"], "'Td' is not a card"),
    ],
)
def test_it_refuses_bad_hands_naming_the_card(cards, message):
    with pytest.raises(CardError, match=message.replace("(", r"\(").replace(")", r"\)")):
        high_hand(cards)


def test_a_malformed_card_code_is_refused_by_name():
    with pytest.raises(CardError, match="'1s' has no rank '1'"):
        parse_cards("As Ks Qs Js 1s")
