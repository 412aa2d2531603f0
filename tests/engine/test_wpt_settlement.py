"""Settlement of World Poker Tour Heads-Up Hold 'Em, Chapter 677a: every wager outcome.

Each expected amount is worked out here from the regulation, in cents, with the section next
to it: the Ante and Raise Wagers at 1 to 1 (§ 677a.12(a)) under § 677a.11(h), the Odds Wager on
its own table (§ 677a.12(b), read as INDEX.md defect 1 gives it) when the player wins and the
Bad Beat Bonus on it (§ 677a.12(c)) when a straight or better loses, the Pocket Bonus Wager
(§ 677a.12(d), Paytables A-C), the Trips Plus Wager (§ 677a.12(e), Paytables A-D), a folded seat
(§ 677a.11(f)) and the optional aggregate payout limit (§ 677a.12(f)).
"""

import re

import pytest
from wpt_play import BOARD, DEALER, GAME, TABLE, Hand, outcomes, play, refuse, round_actions, tap

from games.engine.core import Refused, RoundState

# A flush for the player against the dealer's pair of queens:
#   player Ah Kh + 2h 7h 9h = flush, ace high; dealer Qs Qd + Jc 9h 7h = pair of queens.
FLUSH_BOARD, QUEENS = "2h 7h 9h Jc 3d", "Qs Qd"


def main_game(cards, board=FLUSH_BOARD, dealer=QUEENS, *, plays="30", ante="10"):
    """Seat 1 plays an Ante and Odds Wager of $10 and, by default, raises $30 before the Flop."""
    return outcomes(play({1: Hand(ante, cards, plays=plays)}, board, dealer), 1)


# -- The dealer has a pair or better: § 677a.11(h)(2) --------------------------------------------


def test_a_winning_flush_pays_ante_and_raise_at_1_to_1_and_the_odds_wager_3_to_2():
    assert main_game("Ah Kh") == {
        "ante": ("win", 10_00),  # § 677a.11(h)(2)(i), § 677a.12(a): 1 to 1 on the $10 Ante = $10
        "raise": ("win", 30_00),  # § 677a.12(a): 1 to 1 on the $30 Raise Wager = $30
        "odds": ("win", 15_00),  # § 677a.12(b): a flush, 3 to 2 on the $10 Odds Wager = $15
    }


# § 677a.12(b), each row, when the player beats a dealer holding a pair or better: $10 Odds Wager.
ODDS_ROWS = [
    # (player, board, dealer, odds, winnings in cents or None for a push)
    ("As Ks", "Qs Js Ts 4d 4c", "2h 3c", "500 to 1", 5_000_00),  # royal flush vs a pair of fours: 500 to 1 = $5,000
    ("9s 8s", "7s 6s 5s Kd Kc", "2h 3h", "50 to 1", 500_00),  # 9-high straight flush vs kings: 50 to 1 = $500
    ("9c 9d", "9h 9s 4c Kd 2h", "Qh Jh", "10 to 1", 100_00),  # four nines vs a pair of nines: 10 to 1 = $100
    ("Kh Kc", "Kd 7s 7c 2h 3d", "Qh Jh", "3 to 1", 30_00),  # kings full vs a pair of sevens: 3 to 1 = $30
    ("Ah Kh", FLUSH_BOARD, QUEENS, "3 to 2", 15_00),  # ace-high flush vs queens: 3 to 2 = $15
    ("Ac Td", "Jh Qd Ks 2c 3d", "5s 5h", "1 to 1", 10_00),  # ace-high straight vs fives: 1 to 1 = $10
    ("9c 9d", "9h 2s 4c Kd Jh", "Ks Qh", "Push", None),  # three nines vs a pair of kings: Push
    ("Jd 7s", FLUSH_BOARD, QUEENS, "Push", None),  # jacks and sevens vs a pair of queens: Push
    ("Jd Ac", FLUSH_BOARD, "3s 4c", "Push", None),  # a pair of jacks vs a pair of threes: Push
]


@pytest.mark.parametrize("cards, board, dealer, odds, amount", ODDS_ROWS)
def test_it_pays_every_row_of_the_odds_wager_table_when_the_player_wins(cards, board, dealer, odds, amount):
    rnd = play({1: Hand("10", cards)}, board, dealer)
    line = next(line for line in rnd.lines if line.wager == "odds")
    if amount is None:  # § 677a.12(b): three-of-a-kind, two pair, a pair and less push
        assert (line.outcome, line.amount, line.odds) == ("push", 0, "Push")
    else:
        assert (line.outcome, line.amount, line.odds) == ("win", amount, odds)
    assert line.section == "§ 677a.12(b)"
    # § 677a.11(h)(2)(i): the Ante and the $30 Raise Wager are paid 1 to 1 whatever the Odds row.
    assert outcomes(rnd, 1)["ante"] == ("win", 10_00) and outcomes(rnd, 1)["raise"] == ("win", 30_00)


def test_it_pushes_every_wager_when_the_hands_tie():
    # The board is a straight to the ace for both: 2c 3d and 4c 5d do not play.
    assert main_game("2c 3d", "As Ks Qd Jc Th", "4c 5d") == {
        "ante": ("push", 0), "raise": ("push", 0), "odds": ("push", 0)}  # § 677a.11(h)(2)(ii)


def test_it_collects_every_wager_when_a_hand_below_a_straight_loses():
    # Player 4c 5d: jack high (2-3-4-5-7 is no straight) against the dealer's pair of queens.
    assert main_game("4c 5d") == {
        "ante": ("lose", 10_00),  # § 677a.11(h)(2)(iii): collect the $10 Ante
        "raise": ("lose", 30_00),  # § 677a.11(h)(2)(iii)(A): collect the $30 Raise Wager
        "odds": ("lose", 10_00),  # § 677a.11(h)(2)(iii)(A): collect the $10 Odds Wager
    }


def test_a_losing_hand_below_a_straight_cites_subparagraph_a():
    rnd = play({1: Hand("10", "4c 5d")}, FLUSH_BOARD, QUEENS)
    assert [line.section for line in rnd.lines] == ["§ 677a.11(h)(2)(iii)", "§ 677a.11(h)(2)(iii)(A)",
                                                    "§ 677a.11(h)(2)(iii)(A)"]


# -- The Bad Beat Bonus: § 677a.11(h)(2)(iii)(B), § 677a.12(c) ----------------------------------

BAD_BEATS = [
    # (player, board, dealer, odds, winnings on the $10 Odds Wager)
    ("8s 7s", "9s Ts Js 2d 3c", "Qs Ks", "500 to 1", 5_000_00),  # J-high straight flush vs K-high: 500 to 1
    ("5c 5d", "5h 5s Ks Qs Js", "9s Ts", "25 to 1", 250_00),  # four fives vs a K-high straight flush: 25 to 1
    ("9c 9d", "9h 5s 5c Kd Kh", "Ks 2c", "6 to 1", 60_00),  # nines full vs kings full: 6 to 1 = $60
    ("Ah 4c", "Kh 9h 5h 2h Kd", "Kc 9c", "5 to 1", 50_00),  # ace-high flush vs kings full: 5 to 1 = $50
    ("Ac Td", "Jh Qh Ks 2h 3h", "9h 4c", "4 to 1", 40_00),  # ace-high straight vs a flush: 4 to 1 = $40
]


@pytest.mark.parametrize("cards, board, dealer, odds, amount", BAD_BEATS)
def test_a_straight_or_better_that_loses_is_paid_the_bad_beat_bonus_on_the_odds_wager(
        cards, board, dealer, odds, amount):
    rnd = play({1: Hand("10", cards)}, board, dealer)
    assert outcomes(rnd, 1) == {
        "ante": ("lose", 10_00),  # § 677a.11(h)(2)(iii): the Ante loses
        "raise": ("lose", 30_00),  # § 677a.11(h)(2)(iii)(B): the Raise Wager loses
        "odds": ("win", amount),  # § 677a.12(c): the Bad Beat Bonus on the $10 Odds Wager
    }
    line = next(line for line in rnd.lines if line.wager == "odds")
    assert (line.odds, line.section) == (odds, "§ 677a.12(c)")
    assert "Bad Beat Bonus" in line.note


def test_a_bad_beat_cites_subparagraph_b_for_the_losing_raise():
    rnd = play({1: Hand("10", "Ac Td")}, "Jh Qh Ks 2h 3h", "9h 4c")
    assert [line.section for line in rnd.lines] == ["§ 677a.11(h)(2)(iii)", "§ 677a.11(h)(2)(iii)(B)",
                                                    "§ 677a.12(c)"]


# -- The dealer has less than a pair: § 677a.11(h)(1) -------------------------------------------

# The dealer's 9s 4h on Jh Qd Ks 2c 7d: king high, no pair.
NO_PAIR_BOARD, KING_HIGH = "Jh Qd Ks 2c 7d", "9s 4h"


def test_the_ante_pushes_and_raise_and_odds_win_when_the_dealer_has_less_than_a_pair():
    # Player Ac Td: a straight, ace high, against the dealer's king high.
    assert main_game("Ac Td", NO_PAIR_BOARD, KING_HIGH) == {
        "ante": ("push", 0),  # § 677a.11(h)(1): the dealer does not have a pair: the Ante pushes
        "raise": ("win", 30_00),  # § 677a.11(h)(1)(i), § 677a.12(a): 1 to 1 on $30 = $30
        "odds": ("win", 10_00),  # § 677a.12(b): a straight, 1 to 1 on $10 = $10
    }


def test_a_winning_high_card_against_a_dealer_without_a_pair_pushes_the_odds_wager():
    # Player Ac 5d: ace high against the dealer's kd 4s, king high, on 2h 7h 9d Jc 3s.
    assert main_game("Ac 5d", "2h 7h 9d Jc 3s", "Kd 4s") == {
        "ante": ("push", 0),  # § 677a.11(h)(1)
        "raise": ("win", 30_00),  # § 677a.11(h)(1)(i), § 677a.12(a): 1 to 1 on $30
        "odds": ("push", 0),  # § 677a.12(b): "Lower than a pair" pushes
    }


def test_a_tie_below_a_pair_pushes_every_wager():
    # Both play A K 9 7 4 from the board: 2c 3d and 2d 3c add nothing (A-2-3-4 is no straight).
    assert main_game("2c 3d", "As Kd 9h 7c 4s", "2d 3c") == {
        "ante": ("push", 0),  # § 677a.11(h)(1)
        "raise": ("push", 0),  # § 677a.11(h)(1)(ii)
        "odds": ("push", 0),  # § 677a.11(h)(1)(ii)
    }


def test_a_losing_hand_against_a_dealer_without_a_pair_keeps_its_ante_but_loses_raise_and_odds():
    # Player 2c 3d: A K 9 7 5 against the dealer's qd 4c: A K Q 9 7 (both without a pair).
    assert main_game("2c 3d", "As Kd 9h 7c 5s", "Qd 4c") == {
        "ante": ("push", 0),  # § 677a.11(h)(1): the Ante pushes whatever the player holds
        "raise": ("lose", 30_00),  # § 677a.11(h)(1)(iii): collect the $30 Raise Wager
        "odds": ("lose", 10_00),  # § 677a.11(h)(1)(iii): collect the $10 Odds Wager
    }


# -- The Raise Wager at each decision point: § 677a.11(b), (d), (f) ------------------------------


@pytest.mark.parametrize("plays, stake", [
    ("10", 10_00), ("20", 20_00), ("30", 30_00),  # § 677a.11(b): up to three times the $10 Ante
    ("12.50", 12_50),  # any amount up to the limit
    ("check 20", 20_00), ("check 15", 15_00),  # § 677a.11(d): up to twice the Ante after the Flop
    ("check check raise", 10_00),  # § 677a.11(f): equal to the Ante after the Turn and River
])
def test_a_winning_raise_is_paid_1_to_1_on_the_amount_raised(plays, stake):
    assert main_game("Ah Kh", plays=plays)["raise"] == ("win", stake)  # § 677a.12(a): 1 to 1


def test_the_odds_wager_is_paid_in_cents():
    # § 677a.12(b): a flush, 3 to 2 on a $7 Odds Wager = $10.50.
    assert main_game("Ah Kh", ante="7", plays="21")["odds"] == ("win", 10_50)


# -- A folded seat: § 677a.11(f) ----------------------------------------------------------------


def test_folding_collects_the_ante_and_the_odds_wager_at_once():
    rnd = play({1: Hand("10", "4c 5d", plays="check check fold")}, FLUSH_BOARD, QUEENS, until="reveal")
    assert [(line.wager, line.outcome, line.amount, line.section) for line in rnd.lines] == [
        ("ante", "lose", 10_00, "§ 677a.11(f)"),  # § 677a.11(f): collect the $10 Ante
        ("odds", "lose", 10_00, "§ 677a.11(f)"),  # § 677a.11(f): collect the $10 Odds Wager
    ]


def test_a_folded_seat_keeps_its_pocket_bonus_and_trips_plus_until_they_are_settled():
    # Seat 1 folds Kc Kd on 2h 7h 9h Jc 3d: a pair of kings in the pocket, no three-of-a-kind.
    rnd = play({1: Hand("10", "Kc Kd", plays="check check fold", pocket_bonus="5", trips_plus="5")},
               FLUSH_BOARD, QUEENS)
    assert outcomes(rnd, 1) == {
        "ante": ("lose", 10_00), "odds": ("lose", 10_00),  # § 677a.11(f)
        "pocket_bonus": ("win", 25_00),  # § 677a.12(d) A: a pair of twos-kings, 5 to 1 on $5 = $25
        "trips_plus": ("lose", 5_00),  # § 677a.11(i)(2)(ii): a pair of kings is below three-of-a-kind
    }


def test_a_folded_seat_without_optional_wagers_is_never_asked_for_its_cards():
    rnd = play({1: Hand("10", "Ah Kh"), 2: Hand("10", "Kc Kd", plays="check check fold")}, FLUSH_BOARD, QUEENS)
    assert rnd.prompt.step == "close"
    assert rnd.seats[2].cards == ()  # § 677a.11(f): its cards went to the discard rack unseen
    assert outcomes(rnd, 2) == {"ante": ("lose", 10_00), "odds": ("lose", 10_00)}  # § 677a.11(f)


# -- The Pocket Bonus Wager: § 677a.12(d) ----------------------------------------------------------

POCKET_ROWS = [
    # (paytable, player's two cards, odds, winnings on a $5 Pocket Bonus Wager)
    ("A", "As Ah", "30 to 1", 150_00),  # § 677a.12(d) A: pair of aces 30 to 1 = $150
    ("B", "As Ah", "25 to 1", 125_00),  # § 677a.12(d) B: pair of aces 25 to 1 = $125
    ("C", "As Ah", "30 to 1", 150_00),  # § 677a.12(d) C: pair of aces 30 to 1 = $150
    ("A", "Ad Kd", "20 to 1", 100_00),  # § 677a.12(d) A: ace-king same suit 20 to 1 = $100
    ("B", "Qc Ac", "20 to 1", 100_00),  # § 677a.12(d) B: ace-queen same suit 20 to 1 = $100
    ("C", "Ah Jh", "20 to 1", 100_00),  # § 677a.12(d) C: ace-jack same suit 20 to 1 = $100
    ("A", "As Kh", "10 to 1", 50_00),  # § 677a.12(d) A: ace-king different suits 10 to 1 = $50
    ("B", "Ac Qd", "10 to 1", 50_00),  # § 677a.12(d) B: ace-queen different suits 10 to 1 = $50
    ("C", "Jc Ah", "10 to 1", 50_00),  # § 677a.12(d) C: ace-jack different suits 10 to 1 = $50
    ("A", "Kc Kd", "5 to 1", 25_00),  # § 677a.12(d) A: a pair of twos-kings 5 to 1 = $25
    ("B", "2c 2d", "5 to 1", 25_00),  # § 677a.12(d) B: a pair of twos-kings 5 to 1 = $25
    ("C", "Tc Td", "4 to 1", 20_00),  # § 677a.12(d) C: a pair of twos-kings 4 to 1 = $20
    ("C", "Kc Kd", "4 to 1", 20_00),  # § 677a.12(d) C: kings are "2s—kings" too, 4 to 1 = $20
]


def optional_line(wager, paytable, cards, board=BOARD, dealer=DEALER, *, plays="30", stake="5"):
    rules = {f"{wager}_paytable": paytable}
    rnd = play({2: Hand("10", cards, plays=plays, **{wager: stake})}, board, dealer, rules=rules)
    return next(line for line in rnd.lines if line.wager == wager)


@pytest.mark.parametrize("paytable, cards, odds, amount", POCKET_ROWS)
def test_it_pays_every_row_of_the_pocket_bonus_paytables(paytable, cards, odds, amount):
    line = optional_line("pocket_bonus", paytable, cards)
    assert (line.outcome, line.odds, line.amount, line.section) == ("win", odds, amount, "§ 677a.12(d)")


@pytest.mark.parametrize("paytable", ["A", "B", "C"])
@pytest.mark.parametrize("cards", ["Ks Qs", "As Tc", "Kd Qc", "Ac 9c", "7d 6d"])
def test_it_collects_a_pocket_bonus_without_a_pair_or_an_ace_with_a_picture_card(paytable, cards):
    line = optional_line("pocket_bonus", paytable, cards)
    assert (line.outcome, line.amount, line.section) == ("lose", 5_00, "§ 677a.11(i)(1)(ii)")  # collect the $5


# -- The Trips Plus Wager: § 677a.12(e) ------------------------------------------------------------

# (player's cards, board) for each hand; the dealer holds 2c 2d.
TRIPS_HANDS = {
    "royal flush": ("As Ks", "Qs Js Ts 3h 4h"),
    "straight flush": ("9s 8s", "7s 6s 5s Kh 4h"),
    "four-of-a-kind": ("9c 9d", "9h 9s Kd 4h 3c"),
    "full house": ("Kh Kc", "Kd 7s 7c 4h 3d"),
    "flush": ("Ah 4h", "Kh 9h 5h 3c 7d"),
    "straight": ("Ac Td", "Jh Qd Ks 3c 4d"),
    "three-of-a-kind": ("9c 9d", "9h 3s 4c Kd Jh"),
}
TRIPS_ODDS = {  # § 677a.12(e): (A, B, C, D)
    "royal flush": (100, 100, 100, 100),
    "straight flush": (40, 40, 40, 40),
    "four-of-a-kind": (30, 30, 30, 30),
    "full house": (9, 8, 7, 8),
    "flush": (7, 6, 6, 7),
    "straight": (4, 5, 5, 4),
    "three-of-a-kind": (3, 3, 3, 3),
}
TRIPS_ROWS = [(hand, letter, odds) for hand, column in TRIPS_ODDS.items() for letter, odds in zip("ABCD", column,
                                                                                                   strict=True)]


@pytest.mark.parametrize("hand, paytable, odds", TRIPS_ROWS)
def test_it_pays_every_row_of_the_trips_plus_paytables(hand, paytable, odds):
    cards, board = TRIPS_HANDS[hand]
    line = optional_line("trips_plus", paytable, cards, board, "2c 2d")
    # § 677a.12(e): "odds to 1" on the $5 Trips Plus Wager, e.g. a full house on C: 7 to 1 = $35.
    assert (line.outcome, line.odds, line.amount, line.section) == ("win", f"{odds} to 1", odds * 5_00,
                                                                    "§ 677a.12(e)")


@pytest.mark.parametrize("paytable", ["A", "B", "C", "D"])
@pytest.mark.parametrize("cards, board", [
    ("Jd 7s", "2h 7h 9h Jc 3d"),  # two pair
    ("Kc Kd", "2h 7h 9h Jc 3d"),  # a pair of kings
    ("4c 5d", "2h 7h 9h Jc Qd"),  # queen high
])
def test_it_collects_a_trips_plus_below_three_of_a_kind(paytable, cards, board):
    line = optional_line("trips_plus", paytable, cards, board, "As Ad")
    assert (line.outcome, line.amount, line.section) == ("lose", 5_00, "§ 677a.11(i)(2)(ii)")  # collect the $5


def test_the_optional_wagers_have_no_bearing_on_the_others():
    # § 677a.7(d)(2)-(3): seat 1's ace-king suited and its three nines win their wagers while
    # the hand loses to the dealer's full house.
    rnd = play({1: Hand("10", "Ad 9d", pocket_bonus="5", trips_plus="5")}, "9h 9s 4c Kd 2h", "4h 4d")
    assert outcomes(rnd, 1) == {
        "ante": ("lose", 10_00),  # § 677a.11(h)(2)(iii): three nines lose to fours full of nines
        "raise": ("lose", 30_00),  # § 677a.11(h)(2)(iii)(A)
        "odds": ("lose", 10_00),  # § 677a.11(h)(2)(iii)(A)
        "pocket_bonus": ("lose", 5_00),  # § 677a.11(i)(1)(ii): ace-nine pays nothing
        "trips_plus": ("win", 15_00),  # § 677a.12(e) A: three-of-a-kind 3 to 1 on $5 = $15
    }


def test_the_pocket_bonus_and_trips_plus_are_settled_after_the_other_wagers_in_that_order():
    rnd = play({1: Hand("10", "Ah Kh", pocket_bonus="5", trips_plus="5")}, FLUSH_BOARD, QUEENS)
    assert [line.wager for line in rnd.lines] == ["ante", "raise", "odds", "pocket_bonus", "trips_plus"]  # (i)
    assert outcomes(rnd, 1)["pocket_bonus"] == ("win", 100_00)  # § 677a.12(d) A: ace-king suited 20 to 1 on $5
    assert outcomes(rnd, 1)["trips_plus"] == ("win", 35_00)  # § 677a.12(e) A: a flush 7 to 1 on $5 = $35


# -- A whole table: § 677a.11(g) ---------------------------------------------------------------------

ORDER_SEATS = TABLE.seats  # six $10 Antes, three folding (two keeping a side wager)


def test_the_whole_table_settles_to_hand_computed_amounts():
    rnd = play(ORDER_SEATS, FLUSH_BOARD, QUEENS)
    assert {seat: outcomes(rnd, seat) for seat in range(1, 7)} == {
        1: {"ante": ("win", 10_00), "raise": ("win", 30_00),  # § 677a.12(a): a flush, 1 to 1 on $10 and $30
            "odds": ("win", 15_00)},  # § 677a.12(b): a flush, 3 to 2 on $10
        2: {"ante": ("lose", 10_00), "odds": ("lose", 10_00),  # § 677a.11(f)
            "pocket_bonus": ("win", 25_00)},  # § 677a.12(d) A: a pair of kings 5 to 1 on $5
        3: {"ante": ("lose", 10_00), "raise": ("lose", 20_00),  # § 677a.11(h)(2)(iii), (iii)(A): jack high
            "odds": ("lose", 10_00)},
        4: {"ante": ("lose", 10_00), "odds": ("lose", 10_00),  # § 677a.11(f)
            "trips_plus": ("lose", 5_00)},  # § 677a.11(i)(2)(ii): a pair of aces
        5: {"ante": ("win", 10_00), "raise": ("win", 10_00),  # § 677a.12(a): three jacks beat queens
            "odds": ("push", 0)},  # § 677a.12(b): three-of-a-kind pushes
        6: {"ante": ("lose", 10_00), "odds": ("lose", 10_00)},  # § 677a.11(f)
    }


# -- The aggregate payout limit: § 677a.12(f) ------------------------------------------------------

ROYAL = ("As Ks", "Qs Js Ts 4d 4c", "2h 3c")  # a royal flush against the dealer's pair of fours


def test_there_is_no_payout_limit_unless_the_table_sets_one():
    rnd = play({1: Hand("200", ROYAL[0], plays="600")}, *ROYAL[1:])
    # § 677a.12(b): 500 to 1 on the $200 Odds Wager = $100,000, paid in full; no cap line.
    assert outcomes(rnd, 1) == {"ante": ("win", 200_00), "raise": ("win", 600_00), "odds": ("win", 100_000_00)}


def test_the_payout_limit_caps_ante_raise_and_odds_but_not_the_trips_plus():
    rnd = play({1: Hand("100", ROYAL[0], plays="300", trips_plus="100")}, *ROYAL[1:],
               rules={"payout_limit": "50000.00"})
    # Ante $100 + Raise $300 at 1 to 1 (§ 677a.12(a)) + Odds $100 at 500 to 1 = $50,000 (§ 677a.12(b)):
    # $50,400, capped at $50,000: -$400 (§ 677a.12(f)).  The Trips Plus royal flush, 100 to 1 on
    # $100 = $10,000 (§ 677a.12(e)), is not covered by the limit.
    assert [(line.wager, line.outcome, line.amount, line.section) for line in rnd.lines] == [
        ("ante", "win", 100_00, "§ 677a.12(a)"),
        ("raise", "win", 300_00, "§ 677a.12(a)"),
        ("odds", "win", 50_000_00, "§ 677a.12(b)"),
        ("payout_limit", "capped", -400_00, "§ 677a.12(f)"),
        ("trips_plus", "win", 10_000_00, "§ 677a.12(e)"),
    ]
    assert sum(line.amount for line in rnd.lines if line.outcome in ("win", "capped")) == 60_000_00


def test_the_payout_limit_does_not_reduce_a_bad_beat_bonus():
    # J-high straight flush loses to the dealer's K-high straight flush: 500 to 1 on a $200 Odds
    # Wager = $100,000 (§ 677a.12(c)), above the $50,000 limit, which does not apply to it (§ 677a.12(f)).
    rnd = play({1: Hand("200", "8s 7s")}, "9s Ts Js 2d 3c", "Qs Ks", rules={"payout_limit": "50000.00"})
    assert outcomes(rnd, 1) == {"ante": ("lose", 200_00), "raise": ("lose", 30_00), "odds": ("win", 100_000_00)}


def test_a_payout_exactly_at_the_limit_is_not_capped():
    # Ante $100 + Raise $300 + Odds $100 at 500 to 1: $50,400, exactly the table's limit.
    rnd = play({1: Hand("100", ROYAL[0], plays="300")}, *ROYAL[1:], rules={"payout_limit": "50400.00"})
    assert "payout_limit" not in outcomes(rnd, 1)


@pytest.mark.parametrize("rules, below, floor", [
    ({}, "49999.99", "$50,000.00"),  # § 677a.12(f): never below $50,000
    # § 677a.12(f): betting the minimum, a $100 Ante, one patron wins at most $100 on the Ante,
    # $300 on a Raise of three times it and $50,000 on the Odds Wager's royal flush: $50,400.
    ({"min_ante": "100.00"}, "50399.99", "$50,400.00"),
])
def test_a_table_payout_limit_below_the_regulations_floor_is_refused(rules, below, floor):
    with pytest.raises(Refused, match=re.escape(floor)) as refusal:
        GAME.validate_rules({**rules, "payout_limit": below})
    assert refusal.value.section == "§ 677a.12(f)"


@pytest.mark.parametrize("rules", [
    {"min_ante": "100.00", "payout_limit": "50400.00"},  # exactly the most one patron could win at the minimum
    {"payout_limit": "50000.00"},
    {"payout_limit": ""},  # no limit (§ 677a.12(f): "may establish")
])
def test_a_table_payout_limit_at_or_above_the_floor_or_none_is_accepted(rules):
    assert GAME.validate_rules(rules)["payout_limit"] == rules["payout_limit"]


# -- Payout approvals -----------------------------------------------------------------------------


def test_a_payout_at_the_tables_threshold_waits_for_a_floorperson():
    rnd = play({1: Hand("10", "Ah Kh", pocket_bonus="5")}, FLUSH_BOARD, QUEENS, rules={"approval_threshold": "155"})
    # $10 + $30 + $15 (§ 677a.12(a)-(b)) + $100 (§ 677a.12(d) A: ace-king suited 20 to 1 on $5) = $155.
    (approval,) = rnd.approvals
    assert (approval.kind, approval.seat, approval.status) == ("payout", 1, "pending")
    assert "$155.00" in approval.reason


# -- One player on adjacent boxes: § 677a.7(e), § 677a.12(f) ------------------------------------------

def adjacent_round(join: bool):
    # Board Ts Js Qs 9h 9d; the dealer's 2c 2d make two pair, so the Ante plays (§ 677a.11(h)(2)).
    # Seat 2: As Ks, a royal flush; seat 3: 9c 9s, four nines.  Each: Ante $500, Raise $1,500, Odds $500.
    seats = {2: Hand("500", "As Ks", plays="1500"), 3: Hand("500", "9c 9s", plays="1500")}
    actions = [a for _, a in round_actions(seats, "Ts Js Qs 9h 9d", "2c 2d")]
    if join:
        actions.insert(actions.index({"type": "no_more_bets"}), {"type": "same_player", "seat": 2, "with": 3})
    rnd = RoundState(GAME, {"adjacent_boxes": "2", "payout_limit": "60000"})
    for action in actions:
        rnd = tap(rnd, action)
    return rnd


def test_one_players_adjacent_boxes_share_the_per_player_payout_limit():
    # Seat 3 (settled first, from the dealer's right) wins the Ante $500 and Raise $1,500 at 1 to 1
    # (§ 677a.12(a)) and the Odds $500 at 10 to 1 for four of a kind (§ 677a.12(b)): $7,000.
    # Seat 2 wins $500 + $1,500 and the Odds at 500 to 1 for the royal flush: $250,000; $252,000 in all.
    alone, together = adjacent_round(join=False), adjacent_round(join=True)
    assert outcomes(alone, 3).get("payout_limit") is None and outcomes(together, 3).get("payout_limit") is None
    # Two players: only seat 2 is over $60,000: $60,000 - $252,000.
    assert outcomes(alone, 2)["payout_limit"] == ("capped", 60_000_00 - 252_000_00)
    # One player on both boxes: $259,000 together, capped at $60,000 "per player per round".
    assert outcomes(together, 2)["payout_limit"] == ("capped", 60_000_00 - 259_000_00)
    paid = sum(line.amount for line in together.lines if line.outcome in ("win", "capped"))
    assert paid == 60_000_00


def test_boxes_are_joined_only_as_the_table_allows_and_only_when_adjacent():
    rnd = RoundState(GAME, {"adjacent_boxes": "2"})
    for seat in (1, 2, 4):
        rnd = tap(rnd, {"type": "place_wager", "seat": seat, "wager": "ante", "amount": "10"})
    refuse(rnd, {"type": "same_player", "seat": 4, "with": 2}, "at most 2 adjacent boxes")
    joined = tap(rnd, {"type": "same_player", "seat": 2, "with": 1})
    assert joined.seats[2].player == 1
    three = RoundState(GAME, {"adjacent_boxes": "3"})
    for seat in (1, 2, 3):
        three = tap(three, {"type": "place_wager", "seat": seat, "wager": "ante", "amount": "10"})
    three = tap(three, {"type": "same_player", "seat": 2, "with": 1})
    three = tap(three, {"type": "same_player", "seat": 3, "with": 2})
    refuse(three, {"type": "own_player", "seat": 2}, "would no longer be adjacent")
    assert tap(three, {"type": "own_player", "seat": 3}).seats[3].player == 0
    refuse(tap(tap(RoundState(GAME, {}), {"type": "place_wager", "seat": 1, "wager": "ante", "amount": "10"}),
        {"type": "place_wager", "seat": 2, "wager": "ante", "amount": "10"}),
        {"type": "same_player", "seat": 2, "with": 1}, "one box only")


def test_a_sheet_keeps_which_boxes_one_player_wagered_on():
    from games.engine.round_sheet import settle_sheet, sheet_from_log

    seats = {2: Hand("500", "As Ks", plays="1500"), 3: Hand("500", "9c 9s", plays="1500")}
    actions = [a for _, a in round_actions(seats, "Ts Js Qs 9h 9d", "2c 2d")]
    actions.insert(actions.index({"type": "no_more_bets"}), {"type": "same_player", "seat": 2, "with": 3})
    rules = {"adjacent_boxes": "2", "payout_limit": "60000"}
    sheet = sheet_from_log("wpt-heads-up", rules, actions)
    assert sheet["seats"]["2"]["player"] == 3
    assert settle_sheet(sheet)["lines"] == [line.as_dict() for line in adjacent_round(join=True).lines]
