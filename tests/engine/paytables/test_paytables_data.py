"""Every paytable of every chapter, each letter, as data."""

from collections import defaultdict
from decimal import Decimal

import pytest

from games.engine.cards import parse_cards
from games.engine.hands.high import high_hand
from games.engine.hands.six_card import six_card_hand
from games.engine.hands.three_card import three_card_hand
from games.engine.money import Odds
from games.engine.paytables import PUSH, FixedAmount, MeterShare, all_paytables, payout, paytable

LETTERS = {
    ("caribbean-stud", "bet"): [""],
    ("caribbean-stud", "bonus"): ["A", "B", "C"],
    ("caribbean-stud", "progressive"): ["A", "B", "C", "D", "E"],
    ("crazy-4-poker", "queens_up"): ["A", "B", "C", "D"],
    ("crazy-4-poker", "four_card_progressive"): ["A", "B"],
    ("four-card-poker", "aces_up"): ["A", "B", "C", "D", "E", "F"],
    ("four-card-poker", "bad_beat"): ["A", "B"],
    ("let-it-ride", "bet3"): ["A", "B"],
    ("let-it-ride", "five_card_bonus"): ["A", "B", "C", "D", "E", "F", "G"],
    ("let-it-ride", "three_card_bonus"): ["A", "B", "C", "D", "E", "F"],
    ("let-it-ride", "three_card_progressive"): ["A", "B"],
    ("let-it-ride", "five_card_progressive"): ["A", "B", "C", "D"],
    ("let-it-ride", "six_card_bonus"): ["A", "B", "C", "D", "E"],
    ("mississippi-stud", "progressive"): ["A", "B", "C", "D"],
    ("spanish-21", "match_the_dealer"): ["6 decks", "8 decks"],
    ("texas-holdem-bonus", "bonus"): ["A", "B"],
    ("ultimate-texas-holdem", "blind"): ["A", "B"],
    ("ultimate-texas-holdem", "trips"): ["A", "B", "C", "D"],
    ("wpt-heads-up", "pocket_bonus"): ["A", "B", "C"],
    ("wpt-heads-up", "trips_plus"): ["A", "B", "C", "D"],
}


def test_every_lettered_paytable_of_the_chapters_is_registered():
    letters = defaultdict(list)
    for table in all_paytables():
        letters[(table.game, table.wager)].append(table.letter)
    for key, expected in LETTERS.items():
        assert letters[key] == expected, key


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("3 to 2", Odds(3, 2)),
        ("9 for 1", Odds(9, 1, "for")),
        ("100% of meter", MeterShare(Decimal(100))),
        ("100% minor jackpot", MeterShare(Decimal(100), "minor")),
        ("$1,500", FixedAmount(150_000)),
        ("Push", PUSH),
    ],
)
def test_it_reads_every_kind_of_cell_the_regulations_print(text, read):
    assert payout(text) == read
    assert str(payout(text)).replace(".00", "") == text


def test_a_damaged_table_carries_the_reading_chosen():
    assert "Hand column" in paytable("wpt-heads-up", "odds").reading
    assert "standard five-card progressive" in paytable("caribbean-stud", "progressive", "D").reading
    assert paytable("four-card-poker", "aces_up", "E").missing == ("Two pair", "Pair of aces")


def test_an_empty_cell_pays_nothing():
    # § 643a.12(b) Paytable C starts at two pair: a pair of tens or better is not paid.
    table = paytable("let-it-ride", "five_card_bonus", "C")
    assert table.pay_row(high_hand(parse_cards("Ts Td 4c 7h 9s")).slugs) is None
    assert str(table.pay_row(high_hand(parse_cards("Ts Td 4c 4h 9s")).slugs).payout) == "6 for 1"  # read "for 1"


def test_a_hand_is_paid_under_its_most_specific_row_the_table_has():
    spade_royal = three_card_hand(parse_cards("As Ks Qs")).slugs
    assert paytable("let-it-ride", "three_card_progressive", "A").pay_row(spade_royal).label == "Mini-royal, spades"
    assert paytable("let-it-ride", "three_card_bonus", "D").pay_row(spade_royal).label == "Mini-royal"
    assert paytable("let-it-ride", "three_card_bonus", "A").pay_row(spade_royal).label == "Straight flush"
    six = six_card_hand(parse_cards("Ad Kd Qd Jd Td 9d")).slugs
    assert str(paytable("let-it-ride", "six_card_bonus", "E").pay_row(six).payout) == "200,000 to 1"
    assert paytable("let-it-ride", "six_card_bonus", "D").pay_row(six).label == "Royal flush"


def test_holdem_bonus_b_pays_ace_ace_for_player_and_dealer_as_ace_ace():
    slugs = ("ace_ace_dealer_and_player", "ace_ace")
    assert str(paytable("texas-holdem-bonus", "bonus", "A").pay_row(slugs).payout) == "1,000 to 1"
    assert str(paytable("texas-holdem-bonus", "bonus", "B").pay_row(slugs).payout) == "30 to 1"


def test_a_catch_all_row_pushes_what_the_table_does_not_list():
    blind_b = paytable("ultimate-texas-holdem", "blind", "B")
    assert blind_b.pay_row(high_hand(parse_cards("2s 3d 4c 5h 6s")).slugs).payout == PUSH
    mississippi = paytable("mississippi-stud", "ante")
    assert mississippi.pay_row(high_hand(parse_cards("8s 8d 4c 5h Ks")).slugs).payout == PUSH
    assert mississippi.pay_row(high_hand(parse_cards("5s 5d 4c 9h Ks")).slugs) is None
