"""Settlement of Texas Hold 'Em Bonus Poker, Chapter 647a: every wager outcome.

Each expected amount is worked out here from the regulation, in cents, with the section next
to it: the Ante, Flop, Turn and River Wagers at 1 to 1 (§ 647a.12(a)) under § 647a.11(h)(2),
the Texas Hold 'Em Bonus Wager on Paytable A or B (§ 647a.12(b)), a folded seat
(§ 647a.11(b)(2)) and the aggregate payout limit (§ 647a.12(c)).
"""


import pytest
from thb_play import GAME, TABLE, Hand, outcomes, play

from games.engine.core import Refused

# A flush for the player against the dealer's pair of queens:
#   player Ah Kh + 2h 7h 9h = flush, ace high; dealer Qs Qd + Jc 9h 7h = pair of queens.
FLUSH_BOARD, QUEENS = "2h 7h 9h Jc 3d", "Qs Qd"
ALL_IN = "flop turn river"  # Ante $10 -> Flop Wager $20 (§ 647a.11(b)), Turn and River $10 (§ 647a.11(d), (f))


def main_game(cards, board=FLUSH_BOARD, dealer=QUEENS, *, threshold="straight"):
    """Seat 1 plays Ante $10 and every later wager; its four lines."""
    rnd = play({1: Hand("10", cards, plays=ALL_IN)}, board, dealer, rules={"ante_returned_below": threshold})
    return outcomes(rnd, 1)


# -- Ante, Flop, Turn and River: § 647a.11(h)(2), § 647a.12(a) ------------------------------------


def test_it_pays_ante_flop_turn_and_river_at_1_to_1_when_the_player_wins_with_a_flush():
    assert main_game("Ah Kh") == {
        "ante": ("win", 10_00),  # § 647a.12(a): 1 to 1 on the $10 Ante = $10 (a flush is above a straight)
        "flop": ("win", 20_00),  # § 647a.12(a): 1 to 1 on the $20 Flop Wager = $20
        "turn": ("win", 10_00),  # § 647a.12(a): 1 to 1 on the $10 Turn Wager = $10
        "river": ("win", 10_00),  # § 647a.12(a): 1 to 1 on the $10 River Wager = $10
    }


def test_it_collects_every_wager_when_the_dealer_ranks_higher():
    # player 4c 5d: jack high (2-3-4-5-7 is no straight) against the dealer's pair of queens
    assert main_game("4c 5d") == {
        "ante": ("lose", 10_00),  # § 647a.11(h)(2)(i): collect the $10 Ante
        "flop": ("lose", 20_00),  # § 647a.11(h)(2)(i): collect the $20 Flop Wager
        "turn": ("lose", 10_00),  # § 647a.11(h)(2)(i)
        "river": ("lose", 10_00),  # § 647a.11(h)(2)(i)
    }


def test_it_returns_every_wager_when_the_hands_tie():
    # The board is a straight to the ace for both: 2c 3d and 4c 5d do not play.
    lines = main_game("2c 3d", "As Ks Qd Jc Th", "4c 5d")
    assert lines == {wager: ("push", 0) for wager in ("ante", "flop", "turn", "river")}  # § 647a.11(h)(2)(iii)


def test_it_settles_only_the_wagers_the_player_made():
    rnd = play({1: Hand("10", "Ah Kh", plays="flop check river")}, FLUSH_BOARD, QUEENS)
    assert outcomes(rnd, 1) == {
        "ante": ("win", 10_00),  # § 647a.12(a)
        "flop": ("win", 20_00),  # § 647a.12(a)
        "river": ("win", 10_00),  # § 647a.12(a): no Turn Wager was made, so there is no Turn line
    }


def test_each_winning_line_names_its_odds_and_section():
    rnd = play({1: Hand("10", "Ah Kh", plays=ALL_IN)}, FLUSH_BOARD, QUEENS)
    assert {(line.odds, line.section) for line in rnd.lines} == {("1 to 1", "§ 647a.12(a)")}


# -- The Ante returned below the table's threshold: § 647a.11(h)(2)(ii) ----------------------------

# Player Ac Td + Jh Qd Ks = a straight, ace high; the dealer's 5s 5h make a pair of fives.
STRAIGHT = ("Ac Td", "Jh Qd Ks 2c 3d", "5s 5h")


def test_a_winning_straight_returns_the_ante_when_the_table_selects_flush_or_better():
    lines = main_game(*STRAIGHT, threshold="flush")
    assert lines["ante"] == ("returned", 0)  # § 647a.11(h)(2)(ii): a straight is not a flush or higher
    assert lines["flop"] == ("win", 20_00)  # § 647a.12(a): the Flop Wager is still paid 1 to 1 = $20


def test_a_winning_straight_pays_the_ante_when_the_table_selects_straight_or_better():
    lines = main_game(*STRAIGHT, threshold="straight")
    assert lines["ante"] == ("win", 10_00)  # § 647a.12(a): 1 to 1 on $10 = $10


def test_a_winning_flush_pays_the_ante_when_the_table_selects_flush_or_better():
    lines = main_game("Ah Kh", threshold="flush")
    assert lines["ante"] == ("win", 10_00)  # § 647a.12(a): 1 to 1 on $10 = $10


@pytest.mark.parametrize("cards, dealer", [
    ("9c 9d", QUEENS),  # three nines against a pair of queens
    ("Jd 7s", QUEENS),  # two pair, jacks and sevens, against a pair of queens
    ("Ac 3h", "Ks 4c"),  # a pair of threes against king high
])
def test_a_winning_hand_below_a_straight_returns_the_ante_and_pays_the_rest(cards, dealer):
    assert main_game(cards, FLUSH_BOARD, dealer) == {
        "ante": ("returned", 0),  # § 647a.11(h)(2)(ii): the winning hand is not a straight or higher
        "flop": ("win", 20_00),  # § 647a.12(a): 1 to 1 on $20
        "turn": ("win", 10_00),  # § 647a.12(a): 1 to 1 on $10
        "river": ("win", 10_00),  # § 647a.12(a): 1 to 1 on $10
    }


def test_the_threshold_does_not_save_a_losing_ante():
    lines = main_game("4c 5d", threshold="flush")
    assert lines["ante"] == ("lose", 10_00)  # § 647a.11(h)(2)(i): a losing Ante is collected


# -- The Texas Hold 'Em Bonus Wager: § 647a.12(b) --------------------------------------------------

# $5 Bonus Wager; the board and the dealer's default cards hold no ace, picture card, ten or two.
BONUS_ROWS = [
    # (paytable, player's cards, dealer's cards, odds, winnings in cents)
    ("A", "As Ah", "Ad Ac", "1,000 to 1", 5_000_00),  # § 647a.12(b) A: Ace-ace (dealer and player) 1,000 to 1 on $5
    ("B", "As Ah", "Ad Ac", "30 to 1", 150_00),  # § 647a.12(b) B: that row is N/A, paid as Ace-ace 30 to 1 on $5
    ("A", "As Ah", "Ad 5h", "30 to 1", 150_00),  # § 647a.12(b) A: Ace-ace (the dealer has one ace) 30 to 1 on $5
    ("A", "Ac Ad", "5h 5s", "30 to 1", 150_00),  # § 647a.12(b) A: Ace-ace 30 to 1 on $5 = $150
    ("B", "Ac Ad", "5h 5s", "30 to 1", 150_00),  # § 647a.12(b) B: Ace-ace 30 to 1 on $5 = $150
    ("A", "Ad Kd", "5h 5s", "25 to 1", 125_00),  # § 647a.12(b) A: ace-king suited 25 to 1 on $5 = $125
    ("B", "Ad Kd", "5h 5s", "25 to 1", 125_00),  # § 647a.12(b) B: ace-king suited 25 to 1 on $5 = $125
    ("A", "Ac Qc", "5h 5s", "20 to 1", 100_00),  # § 647a.12(b) A: ace-queen suited 20 to 1 on $5 = $100
    ("A", "Jh Ah", "5d 5s", "20 to 1", 100_00),  # § 647a.12(b) A: ace-jack suited 20 to 1 on $5 = $100
    ("B", "Ac Qc", "5h 5s", "20 to 1", 100_00),  # § 647a.12(b) B: ace-queen suited 20 to 1 on $5 = $100
    ("B", "Jh Ah", "5d 5s", "20 to 1", 100_00),  # § 647a.12(b) B: ace-jack suited 20 to 1 on $5 = $100
    ("A", "As Kh", "5d 5c", "15 to 1", 75_00),  # § 647a.12(b) A: ace-king different suits 15 to 1 on $5 = $75
    ("B", "As Kh", "5d 5c", "15 to 1", 75_00),  # § 647a.12(b) B: ace-king different suits 15 to 1 on $5 = $75
    ("A", "Kc Kd", "5h 5s", "10 to 1", 50_00),  # § 647a.12(b) A: king-king 10 to 1 on $5 = $50
    ("A", "Qh Qs", "5d 5c", "10 to 1", 50_00),  # § 647a.12(b) A: queen-queen 10 to 1 on $5 = $50
    ("A", "Jc Jd", "5h 5s", "10 to 1", 50_00),  # § 647a.12(b) A: jack-jack 10 to 1 on $5 = $50
    ("B", "Kc Kd", "5h 5s", "10 to 1", 50_00),  # § 647a.12(b) B: king-king 10 to 1 on $5 = $50
    ("B", "Jc Jd", "5h 5s", "10 to 1", 50_00),  # § 647a.12(b) B: jack-jack 10 to 1 on $5 = $50
    ("A", "As Qd", "5h 5c", "5 to 1", 25_00),  # § 647a.12(b) A: ace-queen different suits 5 to 1 on $5 = $25
    ("A", "Jc Ah", "5d 5s", "5 to 1", 25_00),  # § 647a.12(b) A: ace-jack different suits 5 to 1 on $5 = $25
    ("B", "As Qd", "5h 5c", "5 to 1", 25_00),  # § 647a.12(b) B: ace-queen different suits 5 to 1 on $5 = $25
    ("A", "Tc Td", "5h 5s", "3 to 1", 15_00),  # § 647a.12(b) A: a pair of 10-10 3 to 1 on $5 = $15
    ("A", "2c 2d", "5h 5s", "3 to 1", 15_00),  # § 647a.12(b) A: a pair of 2-2 3 to 1 on $5 = $15
    ("A", "6c 6d", "5h 5s", "3 to 1", 15_00),  # § 647a.12(b) A: a pair of 6-6 3 to 1 on $5 = $15
    ("B", "Tc Td", "5h 5s", "3 to 1", 15_00),  # § 647a.12(b) B: a pair of 10-10 3 to 1 on $5 = $15
    ("B", "2c 2d", "5h 5s", "3 to 1", 15_00),  # § 647a.12(b) B: a pair of 2-2 3 to 1 on $5 = $15
]


def bonus_line(paytable, cards, dealer, *, plays="flop check check", bonus="5"):
    rnd = play({2: Hand("10", cards, bonus=bonus, plays=plays)}, dealer=dealer, rules={"bonus_paytable": paytable})
    return next(line for line in rnd.lines if line.wager == "bonus")


@pytest.mark.parametrize("paytable, cards, dealer, odds, amount", BONUS_ROWS)
def test_it_pays_every_row_of_the_bonus_paytables(paytable, cards, dealer, odds, amount):
    line = bonus_line(paytable, cards, dealer)
    assert (line.outcome, line.odds, line.amount, line.section) == ("win", odds, amount, "§ 647a.12(b)")


@pytest.mark.parametrize("paytable", ["A", "B"])
@pytest.mark.parametrize("cards", ["Ks Qs", "Ah Tc", "Kd Qc", "Ac 9c", "7d 6d"])
def test_it_collects_a_bonus_wager_whose_two_cards_pay_nothing(paytable, cards):
    line = bonus_line(paytable, cards, "5h 5s")
    assert (line.outcome, line.amount) == ("lose", 5_00)  # § 647a.12(b): no row pays; collect the $5


def test_the_bonus_wager_is_settled_after_the_other_wagers_of_the_seat():
    rnd = play({1: Hand("10", "Ah Kh", bonus="5", plays=ALL_IN)}, FLUSH_BOARD, QUEENS)
    assert [line.wager for line in rnd.lines] == ["ante", "flop", "turn", "river", "bonus"]  # § 647a.11(h)(3)


def test_the_bonus_wager_has_no_bearing_on_the_other_wagers():
    # § 647a.7(d)(2): ace-king suited wins its Bonus Wager although the hand loses to the dealer.
    rnd = play({1: Hand("10", "Ad Kd", bonus="5", plays=ALL_IN)}, FLUSH_BOARD, QUEENS)
    assert outcomes(rnd, 1) == {
        "ante": ("lose", 10_00),  # § 647a.11(h)(2)(i): ace-king high loses to a pair of queens
        "flop": ("lose", 20_00),
        "turn": ("lose", 10_00),
        "river": ("lose", 10_00),
        "bonus": ("win", 125_00),  # § 647a.12(b) Paytable A: ace-king suited 25 to 1 on $5 = $125
    }


def test_a_bonus_wager_is_paid_even_in_cents():
    line = bonus_line("A", "Ad Kd", "5h 5s", bonus="2.50")
    assert line.amount == 62_50  # § 647a.12(b) Paytable A: ace-king suited 25 to 1 on $2.50 = $62.50


# -- A folded seat: § 647a.11(b)(2) ----------------------------------------------------------------


def test_folding_collects_the_ante_at_once():
    rnd = play({1: Hand("10", "Kc Kd", plays="fold")}, until="flop")  # stopped right after the decisions
    (line,) = rnd.lines
    assert (line.seat, line.wager, line.outcome, line.amount, line.section) == (
        1, "ante", "lose", 10_00, "§ 647a.11(b)(2)")  # § 647a.11(b)(2): the $10 Ante is collected on the fold


def test_a_folded_seat_keeps_its_bonus_wager_until_the_end_of_the_round():
    rnd = play({1: Hand("10", "Kc Kd", bonus="5", plays="fold")}, FLUSH_BOARD, QUEENS)
    assert outcomes(rnd, 1) == {
        "ante": ("lose", 10_00),  # § 647a.11(b)(2): collected on the fold
        "bonus": ("win", 50_00),  # § 647a.11(b)(2)(i)(A), § 647a.12(b) A: king-king 10 to 1 on $5 = $50
    }


def test_a_folded_seat_without_a_bonus_wager_is_never_asked_for_its_cards():
    rnd = play({1: Hand("10", "Ah Kh", plays=ALL_IN), 2: Hand("10", "Kc Kd", plays="fold")}, FLUSH_BOARD, QUEENS)
    assert rnd.prompt.step == "close"
    assert rnd.seats[2].cards == ()  # § 647a.11(b)(2)(ii): its cards went to the discard rack unseen
    assert outcomes(rnd, 2) == {"ante": ("lose", 10_00)}  # § 647a.11(b)(2)


# -- A whole table: § 647a.11(h) ---------------------------------------------------------------------

ORDER_SEATS = TABLE.seats  # six $10 Antes, three folding (two keeping a side wager)


def test_settlement_lines_come_in_settlement_order_after_the_antes_collected_on_folds():
    rnd = play(ORDER_SEATS, FLUSH_BOARD, QUEENS)
    order = []
    for line in rnd.lines:
        if not order or order[-1] != line.seat:
            order.append(line.seat)
    assert order == [2, 4, 6, 5, 3, 1, 4, 2]


def test_the_whole_table_settles_to_hand_computed_amounts():
    rnd = play(ORDER_SEATS, FLUSH_BOARD, QUEENS)
    assert {seat: outcomes(rnd, seat) for seat in range(1, 7)} == {
        1: {"ante": ("win", 10_00), "flop": ("win", 20_00),  # § 647a.12(a): flush, 1 to 1 on $10 and $20
            "turn": ("win", 10_00), "river": ("win", 10_00)},
        2: {"ante": ("lose", 10_00),  # § 647a.11(b)(2)
            "bonus": ("win", 50_00)},  # § 647a.12(b) A: king-king 10 to 1 on $5 = $50
        3: {"ante": ("lose", 10_00), "flop": ("lose", 20_00)},  # § 647a.11(h)(2)(i): jack high
        4: {"ante": ("lose", 10_00),  # § 647a.11(b)(2)
            "bonus": ("win", 150_00)},  # § 647a.12(b) A: ace-ace 30 to 1 on $5 = $150
        5: {"ante": ("returned", 0),  # § 647a.11(h)(2)(ii): three jacks is below a straight
            "flop": ("win", 20_00)},  # § 647a.12(a): 1 to 1 on $20
        6: {"ante": ("lose", 10_00)},  # § 647a.11(b)(2)
    }


# -- The aggregate payout limit: § 647a.12(c) ------------------------------------------------------

# Player As Ah with Ks 9s 5s 2s on the board: a flush, ace high; the dealer's Ad Ac: a pair of aces.
# Ante $500, Flop $1,000, Turn $500, River $500 all win 1 to 1 (§ 647a.12(a)): $2,500.
ACES_BOARD, DEALER_ACES = "Ks 9s 5s 2s 7d", "Ad Ac"


def capped_round(bonus, rules=None):
    seats = {4: Hand("500", "As Ah", bonus=bonus, plays=ALL_IN)}
    return play(seats, ACES_BOARD, DEALER_ACES, rules=rules or {})


def test_the_payout_limit_caps_the_aggregate_of_the_covered_wagers():
    rnd = capped_round("100")
    # § 647a.12(b) A: Ace-ace (dealer and player) 1,000 to 1 on $100 = $100,000; with $2,500 on the
    # Ante, Flop, Turn and River the hand wins $102,500, capped at $50,000 (§ 647a.12(c)).
    assert outcomes(rnd, 4)["bonus"] == ("win", 100_000_00)
    cap = rnd.lines[-1]
    assert (cap.wager, cap.outcome, cap.amount, cap.section) == (
        "payout_limit", "capped", 50_000_00 - 102_500_00, "§ 647a.12(c)")  # -$52,500
    assert sum(line.amount for line in rnd.lines if line.outcome in ("win", "capped")) == 50_000_00


def test_the_chapter_fixes_the_limit_so_a_table_cannot_raise_it():
    # § 647a.12(c) sets the limit itself ("shall be $50,000 or ..."), unlike § 677a.12(f) and
    # § 643a.12(h): a table that asks for $100,000 is refused, and never pays past $50,000.
    with pytest.raises(Refused, match="payout_limit"):
        GAME.validate_rules({"payout_limit": "100000.00"})
    assert "payout_limit" not in {option.key for option in GAME.rule_options}


def test_the_limit_is_the_most_one_patron_could_win_betting_the_minimum_when_that_is_more():
    # Minimum Ante $12,000: Ante $12,000 + Flop $24,000 + Turn $12,000 + River $12,000 at 1 to 1 =
    # $60,000, and a $1 minimum Bonus Wager at 1,000 to 1 = $1,000: the limit is $61,000 (§ 647a.12(c)).
    rules = {"min_ante": "12000.00", "max_ante": "20000.00"}
    assert GAME.minimum_payout_limit(GAME.validate_rules(rules)) == 61_000_00
    rnd = capped_round("100", rules={**rules, "min_ante": "500.00"})
    assert rnd.lines[-1].amount == 50_000_00 - 102_500_00  # at a $500 minimum Ante the $50,000 stands
    seats = {4: Hand("12000", "As Ah", bonus="100", plays=ALL_IN)}
    rnd = play(seats, ACES_BOARD, DEALER_ACES, rules=rules)
    # $60,000 on the four wagers + $100,000 on the Bonus = $160,000, capped at $61,000.
    assert rnd.lines[-1].amount == 61_000_00 - 160_000_00


def test_a_payout_exactly_at_the_limit_is_not_capped():
    rnd = capped_round("47.50")
    # § 647a.12(b) A: 1,000 to 1 on $47.50 = $47,500, + $2,500 = $50,000: not above the limit.
    assert outcomes(rnd, 4)["bonus"] == ("win", 47_500_00)
    assert "payout_limit" not in outcomes(rnd, 4)


@pytest.mark.parametrize("rules, limit", [
    ({}, 50_000_00),  # § 647a.12(c): never below $50,000
    # Betting the minimum ($5 Ante: $5 + $10 Flop + $5 Turn + $5 River = $25 at 1 to 1) and a $60
    # Bonus Wager at 1,000 to 1 ($60,000), one patron could win $60,025.
    ({"min_bonus": "60.00", "max_bonus": "100.00"}, 60_025_00),
    ({"bonus_paytable": "B", "min_bonus": "60.00"}, 50_000_00),  # B: 30 to 1 on $60 + $25 < $50,000
    ({"bonus_paytable": "", "min_bonus": "60.00"}, 50_000_00),  # no Bonus Wager offered
])
def test_the_derived_limit_follows_the_tables_minimums_and_paytable(rules, limit):
    assert GAME.minimum_payout_limit(GAME.validate_rules(rules)) == limit
