"""Two-card rows (§ 647a.12(b), § 677a.12(d)), low hands (§ 637a.6(c)-(e), § 637a.10(j))
and Spanish 21 totals (§ 635a.3(c), § 635a.12(b))."""

from collections import Counter
from itertools import combinations

import pytest

from games.engine.cards import FULL_DECK, CardError, parse_cards
from games.engine.hands.blackjack import blackjack_total, spanish21_bonus
from games.engine.hands.low import eight_or_better_low, low_hand
from games.engine.hands.two_card import holdem_bonus_hand, pocket_bonus_hand


def test_it_counts_the_pocket_bonus_rows_over_all_1326_starting_hands():
    counts = Counter(pocket_bonus_hand(two) for two in combinations(FULL_DECK, 2))
    # 6 pairs of aces; 12 pairs of each other rank; 4 suited and 12 offsuit hands of each of A-K, A-Q, A-J.
    assert counts == {
        "pair_of_aces": 6,
        "pair_two_to_king": 72,
        "ace_king_queen_or_jack_suited": 12,
        "ace_king_queen_or_jack_offsuit": 36,
        None: 1_326 - 126,
    }


def test_it_counts_the_holdem_bonus_rows_over_all_1326_starting_hands():
    counts = Counter(holdem_bonus_hand(two) for two in combinations(FULL_DECK, 2))
    assert counts == {
        "ace_ace": 6,
        "ace_king_suited": 4,
        "ace_queen_or_jack_suited": 8,
        "ace_king_offsuit": 12,
        "king_queen_jack_pair": 18,
        "ace_queen_or_jack_offsuit": 24,
        "pair_ten_to_two": 54,
        None: 1_326 - 126,
    }


def test_the_best_low_is_five_four_three_two_ace_and_straights_do_not_count():
    best = low_hand(parse_cards("Ac 2c 3c 4c 5c Kd Kh"))
    assert best.name == "5-4-3-2-A"
    assert best > low_hand(parse_cards("Ac 2d 3h 4s 6c"))
    assert best.qualifies_eight_or_better


def test_a_pair_makes_a_worse_low_than_any_five_different_ranks():
    assert low_hand(parse_cards("Kc Qd Jh 9s 8c")) > low_hand(parse_cards("Ac Ad 2h 3s 4c"))


def test_the_highest_card_not_in_common_decides_between_lows():
    assert low_hand(parse_cards("8c 5d 4h 3s 2c")) > low_hand(parse_cards("8d 6h 4c 3d 2h"))


def test_eight_or_better_refuses_a_nine_or_a_pair():
    assert eight_or_better_low(parse_cards("9c 5d 4h 3s 2c Kd Qd")) is None
    assert eight_or_better_low(parse_cards("8c 5d 4h 3s 3c Kd Qd")) is None
    assert eight_or_better_low(parse_cards("8c 5d 4h 3s 2c Kd Qd")).name == "8-5-4-3-2"


@pytest.mark.parametrize(
    ("codes", "text"),
    [
        ("As Kd", "Blackjack"),
        ("As 6d", "soft 17"),
        ("As 6d Kc", "hard 17"),
        ("As Ad", "soft 12"),
        ("Kc Qd 5h", "hard 25 (bust)"),
    ],
)
def test_it_totals_spanish_21_hands_hard_and_soft(codes, text):
    assert str(blackjack_total(parse_cards(codes))) == text


@pytest.mark.parametrize(
    ("codes", "bonus"),
    [
        ("6s 7s 8s", "six_seven_eight_spades"),
        ("6h 7h 8h", "six_seven_eight_suited"),
        ("6h 7d 8h", "six_seven_eight_mixed"),
        ("7s 7s 7s", "three_sevens_spades"),
        ("7d 7d 7d", "three_sevens_suited"),
        ("7d 7c 7d", "three_sevens_mixed"),
        ("2c 3d 4h 5s 7c", "five_card_21"),
        ("2c 3d 4h 5s Ac 6d", "six_card_21"),
        ("2c 3d 4h 2s Ac Ad 8d", "seven_or_more_card_21"),
        ("Kc 9d 2h", None),
    ],
)
def test_it_names_the_spanish_21_bonus_shapes(codes, bonus):
    cards = [card for code in codes.split() for card in parse_cards(code)]  # six or eight decks: repeats allowed
    assert spanish21_bonus(cards) == bonus


def test_a_doubled_hand_gets_no_bonus_shape():
    assert spanish21_bonus(parse_cards("6s 7s 8s"), doubled=True) is None


def test_a_ten_is_refused_in_a_spanish_deck_by_name():
    with pytest.raises(CardError, match="Td is not in a Spanish 21 deck"):
        blackjack_total(parse_cards("Td As"))
