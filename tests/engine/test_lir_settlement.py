"""Every wager outcome of Let It Ride Poker, each amount worked out by hand from § 643a.12.

"X to 1" pays X times the stake and returns it; the Five Card Bonus is paid "X for 1" (X times
the stake in all, so X − 1 times it beyond the returned stake), as the module explains.  Amounts
are in cents.
"""

from fractions import Fraction

import pytest
from lir_play import BOARD, Hand, outcomes, play, settle

from games.engine.money import Odds
from games.engine.paytables import paytable

# Five-card hands: (the player's three cards, the two community cards).
FIVE = {
    "royal_flush": ("As Ks Qs", "Js Ts"),
    "straight_flush": ("9h 8h 7h", "6h 5h"),
    "four_of_a_kind": ("Kc Kd Kh", "Ks 2c"),
    "full_house": ("Qc Qd Qh", "4s 4c"),
    "flush": ("Ad 9d 7d", "4d 2d"),
    "straight": ("Ah 2d 3c", "4s 5h"),  # ace low, § 643a.6(a)
    "three_of_a_kind": ("7c 7d 7h", "Ks 2c"),
    "two_pair": ("9c 9d 3h", "3s Kc"),
    "pair_of_tens": ("Th Tc 4d", "9s 2c"),
    "pair_of_aces": ("As Ad 4d", "9s 2c"),
    "pair_of_nines": ("9h 9c 4d", "Ks 2c"),
    "no_pair": ("Qh Kd Ac", "2s 3h"),  # Q-K-A-2-3 is no straight, § 643a.6(a)
}


# -- The Let It Ride Wagers, § 643a.12(a) ---------------------------------------------------------

@pytest.mark.parametrize(("hand", "paytable", "each"), [
    ("royal_flush", "A", 1_000_000),  # § 643a.12(a) A: 1,000 to 1 on $10 = $10,000
    ("royal_flush", "B", 500_000),  # § 643a.12(a) B: 500 to 1 on $10 = $5,000
    ("straight_flush", "A", 200_000),  # § 643a.12(a): 200 to 1 on $10 = $2,000
    ("straight_flush", "B", 200_000),  # § 643a.12(a) B: 200 to 1 = $2,000
    ("four_of_a_kind", "A", 50_000),  # § 643a.12(a): 50 to 1 on $10 = $500
    ("full_house", "A", 11_000),  # § 643a.12(a): 11 to 1 on $10 = $110
    ("flush", "A", 8_000),  # § 643a.12(a): 8 to 1 on $10 = $80
    ("straight", "A", 5_000),  # § 643a.12(a): 5 to 1 on $10 = $50
    ("three_of_a_kind", "A", 3_000),  # § 643a.12(a): 3 to 1 on $10 = $30
    ("two_pair", "B", 2_000),  # § 643a.12(a) B: 2 to 1 on $10 = $20
    ("pair_of_tens", "A", 1_000),  # § 643a.11(f)(2), § 643a.12(a): 1 to 1 on $10 = $10
    ("pair_of_aces", "B", 1_000),  # § 643a.12(a) B: 1 to 1 on $10 = $10
])
def test_each_let_it_ride_wager_that_rides_is_paid_on_the_tables_paytable(hand, paytable, each):
    cards, board = FIVE[hand]
    won = settle(cards, board, rules={"let_it_ride_paytable": paytable}, bet="10")
    assert won == {bet: ("win", each) for bet in ("bet1", "bet2", "bet3")}


@pytest.mark.parametrize("hand", ["pair_of_nines", "no_pair"])
def test_a_hand_below_a_pair_of_tens_loses_every_wager_that_rides(hand):
    cards, board = FIVE[hand]
    # § 643a.11(f)(1): a pair of nines or lower; each $25 bet collected.
    assert settle(cards, board, bet="25") == {bet: ("lose", 2_500) for bet in ("bet1", "bet2", "bet3")}


def test_a_winning_line_names_the_row_the_odds_and_the_section():
    cards, board = FIVE["full_house"]
    rnd = play({1: Hand("10", cards)}, board)
    line = next(line for line in rnd.lines if line.wager == "bet3")
    assert (line.odds, line.section) == ("11 to 1", "§ 643a.12(a)")
    assert line.hand == "Full house, queens over fours (Qc Qd Qh + 4s 4c): Full house (Paytable A)"


@pytest.mark.parametrize(("plays", "settled", "returned"), [
    ("pull ride", ["bet2", "bet3"], ["bet1"]),  # § 643a.11(b)(2)
    ("ride pull", ["bet1", "bet3"], ["bet2"]),  # § 643a.11(d)(2): decided regardless of Bet 1
    ("pull pull", ["bet3"], ["bet1", "bet2"]),  # Bet 3 always stays, § 643a.7(d)
])
def test_only_the_bets_let_ride_are_settled_and_the_withdrawn_ones_come_back(plays, settled, returned):
    cards, board = FIVE["three_of_a_kind"]
    won = settle(cards, board, plays=plays, bet="20")
    # § 643a.12(a): three-of-a-kind 3 to 1 on $20 = $60 for each bet that rode.
    assert won == {**{bet: ("returned", 0) for bet in returned}, **{bet: ("win", 6_000) for bet in settled}}


def test_a_withdrawn_bet_is_returned_as_the_player_decides_before_the_cards_are_turned():
    rnd = play({1: Hand("10", "2c 3d 7h", plays="pull pull")}, BOARD, until="settle")
    assert [(line.wager, line.outcome, line.stake, line.section, line.stage) for line in rnd.lines] == [
        ("bet1", "returned", 1_000, "§ 643a.11(b)(2)", "decision"),
        ("bet2", "returned", 1_000, "§ 643a.11(d)(2)", "decision"),
    ]


# -- The payout limit per hand, § 643a.12(h) -----------------------------------------------------------

def test_the_payout_limit_caps_the_let_it_ride_wagers_of_a_hand():
    cards, board = FIVE["royal_flush"]
    rnd = play({1: Hand("25", cards)}, board, rules={"payout_limit": "50000"})
    lines = [(line.wager, line.outcome, line.amount) for line in rnd.lines]
    # § 643a.12(a) A: 1,000 to 1 on $25 = $25,000 per bet, $75,000 for the three; § 643a.12(h): capped
    # at the table's $50,000, a reduction of $25,000.
    assert lines == [("bet1", "win", 2_500_000), ("bet2", "win", 2_500_000), ("bet3", "win", 2_500_000),
                     ("payout_limit", "capped", -2_500_000)]


def test_the_payout_limit_leaves_the_side_wagers_alone():
    cards, board = FIVE["royal_flush"]
    rnd = play({1: Hand("25", cards, plays="pull pull", five_card_bonus="5", three_card_bonus="25",
                        six_card_bonus="25")}, board, "Jh Th 9c",
               rules={"payout_limit": "50000", "five_card_bonus_paytable": "A", "three_card_bonus_paytable": "A",
                      "six_card_bonus_paytable": "A"})
    assert outcomes(rnd, 1) == {
        "bet1": ("returned", 0), "bet2": ("returned", 0),
        "bet3": ("win", 2_500_000),  # § 643a.12(a): 1,000 to 1 on $25 = $25,000, within the $50,000
        "five_card_bonus": ("win", 9_999_500),  # § 643a.12(b) A: 20,000 for 1 on $5 = $100,000 in all
        "three_card_bonus": ("win", 100_000),  # § 643a.12(c) A: no mini-royal row, straight flush 40 to 1 = $1,000
        "six_card_bonus": ("win", 25_000),  # § 643a.12(g) A: As Ks Qs + Jh Th 9c, a straight, 10 to 1 on $25
    }  # § 643a.12(h): $25,000 + $99,995 + $1,000 + $250 paid, more than $50,000: only $25,000 is covered


def test_no_payout_limit_applies_when_the_table_sets_none():
    cards, board = FIVE["royal_flush"]
    rnd = play({1: Hand("25", cards)}, board)  # the default: no limit (§ 643a.12(h) "may establish")
    assert sum(line.amount for line in rnd.lines) == 7_500_000  # 3 × 1,000 to 1 on $25


# -- The Five Card Bonus Wager, § 643a.12(b), paid "X for 1" ------------------------------------------

LOSE = ("lose", 500)  # § 643a.11(g)(1)(ii): the $5 wager collected
PUSH = ("push", 0)  # "1 for 1": the wager comes back, nothing more


def win(cents):
    return ("win", cents)


# A $5 wager; each cell is X × $5 − $5 beyond the returned stake, X the printed figure.
FIVE_CARD_BONUS = {  # A, B, C, D, E, F, G
    # 20,000 / 10,000 / 25,000 for 1: $100,000, $50,000, $125,000 in all
    "royal_flush": [win(9_999_500)] * 3 + [win(4_999_500)] * 3 + [win(12_499_500)],
    # 2,000 for 1 = $10,000 in all; G 2,500 for 1 = $12,500
    "straight_flush": [win(999_500)] * 6 + [win(1_249_500)],
    # 150, 200, 100, 200, 200, 100, 400 for 1: $750, $1,000, $500, $1,000, $1,000, $500, $2,000 in all
    "four_of_a_kind": [win(74_500), win(99_500), win(49_500), win(99_500), win(99_500), win(49_500), win(199_500)],
    # 75 for 1 = $375; E 100 for 1 = $500; G 200 for 1 = $1,000
    "full_house": [win(37_000)] * 4 + [win(49_500), win(37_000), win(99_500)],
    "flush": [win(24_500)] * 7,  # 50 for 1 = $250 in all
    "straight": [win(12_000)] * 7,  # 25 for 1 = $125 in all
    # 4, 5, 9, 5, 10, 9, 5 for 1: $20, $25, $45, $25, $50, $45, $25 in all
    "three_of_a_kind": [win(1_500), win(2_000), win(4_000), win(2_000), win(4_500), win(4_000), win(2_000)],
    # 3, 4, 6, 4, 6, 6 for 1: $15, $20, $30, $20, $30, $30; G has no two pair row (§ 643a.7(e))
    "two_pair": [win(1_000), win(1_500), win(2_500), win(1_500), win(2_500), win(2_500), LOSE],
    # A 2 for 1 = $10; B and D 1 for 1 = $5, the wager back; C, E, F, G start higher
    "pair_of_tens": [win(500), PUSH, LOSE, PUSH, LOSE, LOSE, LOSE],
    "pair_of_aces": [win(500), PUSH, LOSE, PUSH, LOSE, LOSE, LOSE],
    "pair_of_nines": [LOSE] * 7,
    "no_pair": [LOSE] * 7,
}


@pytest.mark.parametrize("hand", FIVE_CARD_BONUS)
@pytest.mark.parametrize("letter", "ABCDEFG")
def test_the_five_card_bonus_pays_each_row_of_each_paytable_for_1(hand, letter):
    cards, board = FIVE[hand]
    won = settle(cards, board, rules={"five_card_bonus_paytable": letter}, bet="10", five_card_bonus="5")
    assert won["five_card_bonus"] == FIVE_CARD_BONUS[hand]["ABCDEFG".index(letter)]


def test_a_five_card_bonus_line_shows_the_printed_odds_and_how_they_are_paid():
    cards, board = FIVE["two_pair"]
    rnd = play({1: Hand("10", cards, five_card_bonus="5")}, board, rules={"five_card_bonus_paytable": "C"})
    line = next(line for line in rnd.lines if line.wager == "five_card_bonus")
    # § 643a.12(b) C prints "6 to 1": paid 6 for 1, $30 in all on $5, $25 beyond the stake.
    assert (line.outcome, line.amount, line.odds, line.section) == ("win", 2_500, "6 for 1", "§ 643a.12(b)")
    assert line.note == "Printed “6 to 1”, paid 6 for 1, the wager included"


# The 2,598,960 five-card hands by the rows of § 643a.12(b) (a pair of tens or better: 5 ranks × 84,480).
FIVE_CARD_COUNTS = {"royal_flush": 4, "straight_flush": 36, "four_of_a_kind": 624, "full_house": 3_744, "flush": 5_108,
                    "straight": 10_200, "three_of_a_kind": 54_912, "two_pair": 123_552,
                    "pair_of_tens_or_better": 422_400}


def five_card_bonus_return(letter, paid):
    """The expected return per unit wagered of a § 643a.12(b) paytable, each row paid as ``paid`` says."""
    table = paytable("let-it-ride", "five_card_bonus", letter)
    back = sum(FIVE_CARD_COUNTS[row.hand] * Fraction(paid(row.payout).winnings(1_000_000) + 1_000_000, 1_000_000)
               for row in table.rows)
    return back / 2_598_960 - 1


@pytest.mark.parametrize(("letter", "edge"), [
    ("A", "4.9"), ("B", "13.1"), ("C", "13.8"), ("D", "14.6"), ("E", "7.2"), ("F", "15.3"), ("G", "24.1")])
def test_read_for_1_every_five_card_bonus_paytable_keeps_a_house_edge(letter, edge):
    # C: (4 × 20,000 + 36 × 2,000 + 624 × 100 + 3,744 × 75 + 5,108 × 50 + 10,200 × 25 + 54,912 × 9
    #     + 123,552 × 6) / 2,598,960 − 1 = 2,241,120 / 2,598,960 − 1 = −0.1377
    assert f"{float(-100 * five_card_bonus_return(letter, lambda odds: odds)):.1f}" == edge


def test_read_to_1_four_five_card_bonus_paytables_would_pay_the_player_more_than_is_wagered():
    as_printed = lambda odds: Odds(odds.numerator, odds.denominator, "to")  # noqa: E731
    favourable = [letter for letter in "ABCDEFG" if five_card_bonus_return(letter, as_printed) > 0]
    assert favourable == ["A", "B", "D", "E"]


def test_the_five_card_bonus_is_settled_whatever_the_player_did_with_bets_1_and_2():
    cards, board = FIVE["flush"]
    won = settle(cards, board, plays="pull pull", rules={"five_card_bonus_paytable": "D"}, bet="10",
                 five_card_bonus="5")
    # § 643a.7(k); § 643a.12(b) D: flush 50 for 1 on $5 = $250 in all, $245 beyond the stake.
    assert won["five_card_bonus"] == ("win", 24_500)


# -- The Three Card Bonus Wager, § 643a.12(c), on the player's three cards ----------------------------

THREE = {
    "mini_royal": "As Ks Qs",
    "straight_flush": "9h 8h 7h",
    "three_of_a_kind": "7c 7d 7h",
    "straight": "Ah 2d 3c",  # A-2-3 counts, § 643a.6(c)(4)
    "straight_ace_high": "Qh Kd Ac",
    "flush": "Ad 9d 7d",
    "pair": "Th Tc 4d",
    "high_card": "Kh Ad 2c",  # K-A-2 does not wrap
}
# A $10 wager "X to 1": X × $10 beyond the returned stake.
THREE_CARD_BONUS = {  # A, B, C, D, E, F
    # D-F: mini-royal 50 to 1 = $500; A-C have no such row: a straight flush, 40 to 1 = $400
    "mini_royal": [win(40_000)] * 3 + [win(50_000)] * 3,
    "straight_flush": [win(40_000)] * 6,  # 40 to 1 = $400
    "three_of_a_kind": [win(30_000)] * 6,  # 30 to 1 = $300
    "straight": [win(6_000), win(5_000), win(6_000)] * 2,  # 6, 5, 6 to 1 = $60, $50, $60
    "straight_ace_high": [win(6_000), win(5_000), win(6_000)] * 2,
    "flush": [win(4_000), win(4_000), win(3_000)] * 2,  # 4, 4, 3 to 1 = $40, $40, $30
    "pair": [win(1_000)] * 6,  # 1 to 1 = $10
    "high_card": [("lose", 1_000)] * 6,  # § 643a.11(g)(2)(ii): collected
}


@pytest.mark.parametrize("hand", THREE_CARD_BONUS)
@pytest.mark.parametrize("letter", "ABCDEF")
def test_the_three_card_bonus_pays_each_row_of_each_paytable(hand, letter):
    won = settle(THREE[hand], rules={"three_card_bonus_paytable": letter}, bet="10", three_card_bonus="10")
    assert won["three_card_bonus"] == THREE_CARD_BONUS[hand]["ABCDEF".index(letter)]


def test_the_three_card_bonus_ignores_the_community_cards():
    # Th Tc 4d with the community 4s 4c is a full house for the Let It Ride Wagers, a pair here.
    won = settle("Th Tc 4d", "4s 4c", rules={"three_card_bonus_paytable": "A"}, bet="10", three_card_bonus="10")
    assert won["three_card_bonus"] == ("win", 1_000)  # § 643a.12(c): pair 1 to 1 on $10
    assert won["bet3"] == ("win", 11_000)  # § 643a.12(a): full house 11 to 1 on $10


# -- The Six Card Bonus Wager, § 643a.12(g), the player's three cards and the three Six Card Bonus cards -

SIX = {
    "six_card_royal_diamonds": ("Ad Kd Qd", "Jd Td 9d"),
    "six_card_royal_hearts": ("Ah Kh Qh", "Jh Th 9h"),
    "royal_flush": ("As Ks Qs", "Js Ts 2c"),
    "straight_flush": ("9h 8h 7h", "6h 5h 2c"),
    "four_of_a_kind": ("Kc Kd Kh", "Ks 2c 3d"),
    "full_house": ("Qc Qd Qh", "4s 4c 2d"),
    "flush": ("Ad 9d 7d", "4d 2d Kc"),
    "straight": ("Ah 2d 3c", "4s 5h Kd"),
    "three_of_a_kind": ("7c 7d 7h", "Ks 2c 4d"),
    "two_pair": ("9c 9d 3h", "3s Kc 2d"),
}
# A $5 wager "X to 1": X × $5 beyond the returned stake.
SIX_CARD_BONUS = {  # A, B, C, D, E
    # E: 200,000 to 1 = $1,000,000 for diamonds; the others have no six-card row: a royal flush,
    # 1,000 to 1 = $5,000 (§ 643a.12(g) D prints the six-card rows empty)
    "six_card_royal_diamonds": [win(500_000)] * 4 + [win(100_000_000)],
    "six_card_royal_hearts": [win(500_000)] * 4 + [win(10_000_000)],  # E: 20,000 to 1 = $100,000
    "royal_flush": [win(500_000)] * 5,  # 1,000 to 1 = $5,000
    "straight_flush": [win(100_000)] * 5,  # 200 to 1 = $1,000
    "four_of_a_kind": [win(25_000), win(25_000), win(50_000), win(50_000), win(25_000)],  # 50/100 to 1
    "full_house": [win(12_500), win(12_500), win(10_000), win(10_000), win(10_000)],  # 25/20 to 1
    "flush": [win(10_000), win(7_500), win(7_500), win(7_500), win(7_500)],  # 20/15 to 1
    "straight": [win(5_000), win(5_000), win(4_500), win(5_000), win(5_000)],  # 10/9 to 1
    "three_of_a_kind": [win(2_500), win(2_500), win(4_000), win(3_500), win(2_500)],  # 5, 5, 8, 7, 5 to 1
    "two_pair": [LOSE] * 5,  # § 643a.11(g)(6)(i): below three-of-a-kind, the $5 collected
}


@pytest.mark.parametrize("hand", SIX_CARD_BONUS)
@pytest.mark.parametrize("letter", "ABCDE")
def test_the_six_card_bonus_pays_each_row_of_each_paytable(hand, letter):
    cards, six_cards = SIX[hand]
    won = settle(cards, BOARD, six_cards, rules={"six_card_bonus_paytable": letter}, bet="10", six_card_bonus="5")
    assert won["six_card_bonus"] == SIX_CARD_BONUS[hand]["ABCDE".index(letter)]


def test_the_six_card_bonus_cards_settle_every_seat_that_wagered_on_them():
    rnd = play({1: Hand("10", "7c 7d 2h", six_card_bonus="5"), 2: Hand("10", "Ah Kc 4s"),
                4: Hand("10", "Qh Qd 3h", six_card_bonus="10")}, BOARD, "7h Qs 9c",
               rules={"six_card_bonus_paytable": "A"})
    assert outcomes(rnd, 1)["six_card_bonus"] == ("win", 2_500)  # three sevens: § 643a.12(g) A 5 to 1 on $5 = $25
    assert outcomes(rnd, 4)["six_card_bonus"] == ("win", 5_000)  # three queens: 5 to 1 on $10 = $50
    assert "six_card_bonus" not in outcomes(rnd, 2)


def test_each_seat_is_settled_from_the_dealers_right_let_it_ride_wagers_first():
    rnd = play({1: Hand("10", "Th Tc 4d", three_card_bonus="5"), 3: Hand("10", "2c 3d 7h", five_card_bonus="5")},
               "9s 2h", rules={"five_card_bonus_paytable": "A", "three_card_bonus_paytable": "A"})
    assert [(line.seat, line.wager, line.outcome, line.amount) for line in rnd.lines] == [
        (3, "bet1", "lose", 1_000), (3, "bet2", "lose", 1_000), (3, "bet3", "lose", 1_000),  # § 643a.11(f)(1)
        (3, "five_card_bonus", "lose", 500),  # § 643a.11(g)(1)(ii): a pair of twos, below Paytable A's pair of tens
        # § 643a.12(a): Th Tc 4d + 9s 2h, a pair of tens, 1 to 1 on each $10
        (1, "bet1", "win", 1_000), (1, "bet2", "win", 1_000), (1, "bet3", "win", 1_000),
        (1, "three_card_bonus", "win", 500),  # § 643a.12(c) A: pair 1 to 1 on $5
    ]


def test_a_five_card_bonus_taken_by_a_table_game_system_is_paid_in_full():
    # § 643a.8(b)(1): on a table game system the dealer collects the Five Card Bonus Wagers at "no
    # more bets", so nothing of the $5 is left on the layout.  Paytable C, two pair: 6 for 1
    # (§ 643a.12(b)), $30 in all — the dealer pays the whole $30, of which $25 is the win.
    cards, board = FIVE["two_pair"]
    rules = {"five_card_bonus_paytable": "C", "five_card_bonus_table_game_system": True}
    rnd = play({1: Hand("10", cards, five_card_bonus="5")}, board, rules=rules)
    line = next(line for line in rnd.lines if line.wager == "five_card_bonus")
    assert (line.amount, line.stake_collected) == (2_500, True)
    assert line.instruction == "pay $30.00 (the wager was collected before the deal)"
