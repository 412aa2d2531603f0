"""What decided a hand against the dealer's: the category, or the first rank that differs
(§ 647a.6(c) for five cards, § 641a.6(c) and § 657a.6(c) for four), said the way a dealer says it."""

from games.engine.cards import parse_cards
from games.engine.hands import four_card_hand, high_hand
from games.engine.hands.compare import against_dealer


def versus(player: str, dealer: str) -> str:
    return against_dealer(high_hand(parse_cards(player)), high_hand(parse_cards(dealer)))


def test_the_kicker_that_decides_is_named():
    # Both pairs of kings; ace against queen is the first card not held in common (§ 647a.6(c)).
    assert versus("Kh Kd Ac 7s 4h", "Ks Kc Qd 9c 4d") == (
        "Pair of kings, ace kicker beats the dealer's pair of kings, queen kicker")


def test_a_later_kicker_is_named_with_those_before_it():
    # Pair of eights, ace and jack held in common; the 9 beats the 7.
    assert versus("8h 8d Ac Js 9h", "8s 8c Ad Jc 7d") == (
        "Pair of eights, ace-jack-nine kickers beats the dealer's pair of eights, ace-jack-seven kickers")


def test_the_category_alone_decides_when_the_categories_differ():
    assert versus("Kh Jh 9h 5h 2h", "9s Tc Jd Qc Kd") == "Flush, king high beats the dealer's straight, king high"


def test_the_losing_hand_says_it_loses():
    assert versus("Qh Qd 5c 4s 2h", "Kc Kd 3c 4d 6h") == "Pair of queens loses to the dealer's pair of kings"


def test_a_flush_is_decided_by_its_cards_from_the_top():
    assert versus("Kh Qh 9h 5h 2h", "Kd Qd 8d 7d 6d") == (
        "Flush, king-queen-nine high beats the dealer's flush, king-queen-eight high")


def test_the_second_pair_decides_two_pair():
    assert versus("Ah Ad 5c 5s Jh", "As Ac 4d 4h Kd") == (
        "Two pair, aces and fives beats the dealer's two pair, aces and fours")


def test_a_tie_names_every_card_both_hands_hold():
    assert versus("Ah Ad 5c 5s Jh", "As Ac 5d 5h Jd") == "Ties the dealer: both two pair, aces and fives, jack kicker"


def test_four_card_hands_are_compared_the_same_way():
    # § 641a.6(c): pair of kings, the ace beats the queen.
    player, dealer = four_card_hand(parse_cards("Kh Kd Ac 3s 2h")), four_card_hand(parse_cards("Ks Kc Qd 3c 2d"))
    assert against_dealer(player, dealer) == "Pair of kings, ace kicker beats the dealer's pair of kings, queen kicker"
    # § 641a.6(b): three-of-a-kind ranks above a straight in four cards.
    trips, straight = four_card_hand(parse_cards("7h 7d 7c 2s 3h")), four_card_hand(parse_cards("9s Tc Jd Qc 2d"))
    assert against_dealer(straight, trips) == "Straight, queen high loses to the dealer's three sevens"
