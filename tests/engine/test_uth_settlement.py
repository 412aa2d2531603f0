"""Ultimate Texas Hold 'Em Poker, Chapter 653a: every wager's outcome, each amount worked out by hand.

The Ante and Play Wagers are paid at 1 to 1 (§ 653a.12(a)); the Blind Wager on the table's Blind
paytable (§ 653a.12(b)) when the player's hand beats the dealer's, pushing on a winning hand the
table lists no payout for; the Trips Wager on its paytable (§ 653a.12(c)) whatever the dealer
holds.  The rest, as the game is commonly played (§ 653a.11 is not available): the dealer opens
with a pair or better, otherwise the Ante pushes; the dealer's winning hand takes the Ante, Blind
and Play; a tie pushes them; a fold loses the Ante and the Blind, and the Trips Wager is still
settled.
"""

import pytest
from play import tap
from uth_play import GAME, Hand, at, outcomes, play, refuse

from games.engine.core import Refused

# Seat 1: Ante and Blind of $10 and, by default, a Play Wager of $40 before the Flop.
TEN = "10"


def main(player, board, dealer, plays="40", rules=None, **wagers):
    rnd = play({1: Hand(TEN, player, plays=plays, **wagers)}, board, dealer, rules=rules)
    return outcomes(rnd, 1)


# -- The dealer opens (a pair or better) and the player wins: the Blind on Paytable A -------------

BLIND_A = [
    # player, board, dealer, the Blind's outcome, why
    ("As Ks", "Qs Js Ts 2c 3d", "5h 5d", ("win", 5_000_00), "royal flush, 500 to 1: $10 x 500 = $5,000"),
    ("9s 8s", "7s 6s 5s 2c Kd", "5h 5d", ("win", 500_00), "straight flush, 50 to 1: $10 x 50 = $500"),
    ("9c 9d", "9h 9s 2c 5d Kh", "5h 5s", ("win", 100_00), "four nines beat 5s full, 10 to 1: $10 x 10 = $100"),
    ("Kc Kd", "Kh 7c 7d 2s 3h", "5h 5s", ("win", 30_00), "full house, 3 to 1: $10 x 3 = $30"),
    ("Ah 4h", "2h 7h 9h Jc 3d", "Qs Qd", ("win", 15_00), "flush, 3 to 2: $10 x 3 / 2 = $15"),
    ("Tc Jd", "Qh Ks Ac 2d 4s", "5h 5s", ("win", 10_00), "straight, 1 to 1: $10"),
    ("Kh 9h", "Kc 9d 2s 5c 7d", "Qs Qd", ("push", 0), "two pair wins: less than a straight, the Blind pushes"),
    ("Ac Ad", "3c 4d 8h 9s Kc", "5h 5s", ("push", 0), "a pair of aces wins: the Blind pushes"),
]


@pytest.mark.parametrize("player, board, dealer, blind, why", BLIND_A, ids=[row[-1] for row in BLIND_A])
def test_a_winning_hand_is_paid_1_to_1_on_the_ante_and_play_and_on_paytable_a_on_the_blind(
        player, board, dealer, blind, why):
    assert main(player, board, dealer) == {
        "ante": ("win", 10_00),  # § 653a.12(a): 1 to 1 on $10
        "blind": blind,  # § 653a.12(b) Paytable A
        "play": ("win", 40_00),  # § 653a.12(a): 1 to 1 on the $40 Play Wager
    }


def test_paytable_b_has_no_straight_row_so_a_winning_straight_pushes_the_blind():
    # § 653a.12(b) Paytable B: anything less than a flush pushes.
    result = main("Tc Jd", "Qh Ks Ac 2d 4s", "5h 5s", rules={"blind_paytable": "B"})
    assert result["blind"] == ("push", 0)
    assert result["play"] == ("win", 40_00)


def test_paytable_b_pays_a_flush_3_to_2():
    # § 653a.12(b) Paytable B: flush 3 to 2 on $10 = $15.
    assert main("Ah 4h", "2h 7h 9h Jc 3d", "Qs Qd", rules={"blind_paytable": "B"})["blind"] == ("win", 15_00)


def test_the_blind_line_cites_its_paytable_and_shows_the_odds():
    rnd = play({1: Hand(TEN, "Kc Kd")}, "Kh 7c 7d 2s 3h", "5h 5s")
    (blind,) = [line for line in rnd.lines if line.wager == "blind"]
    assert (blind.section, blind.odds) == ("§ 653a.12(b)", "3 to 1")


# -- The dealer opens and wins, or ties --------------------------------------------------------------


def test_the_dealers_winning_hand_takes_the_ante_blind_and_play():
    # Dealer: a pair of fives; player: king high.
    assert main("2c 7d", "3c 4d 8h 9s Kc", "5h 5s") == {
        "ante": ("lose", 10_00), "blind": ("lose", 10_00), "play": ("lose", 40_00)}


def test_a_straight_that_loses_to_the_dealer_still_loses_the_blind():
    # The Blind is paid only when the player wins: a straight losing to a flush loses it.
    assert main("Tc Jd", "Qh Ks Ah 2h 4s", "5h 6h") == {
        "ante": ("lose", 10_00), "blind": ("lose", 10_00), "play": ("lose", 40_00)}


def test_a_tie_pushes_the_ante_blind_and_play():
    # Both play the straight on the board (the dealer opens with it).
    assert main("2c 3d", "As Ks Qd Jc Th", "4c 5d") == {
        "ante": ("push", 0), "blind": ("push", 0), "play": ("push", 0)}


def test_the_kicker_decides_between_equal_pairs():
    # Both hold the aces on the board (the dealer opens); the king beats the queen: the player wins,
    # the Blind pushes (a pair is less than a straight).
    assert main("Kh 3d", "Ac Ad 7h 8s 2c", "Qh 4d") == {
        "ante": ("win", 10_00), "blind": ("push", 0), "play": ("win", 40_00)}
    assert main("Qh 4d", "Ac Ad 7h 8s 2c", "Kh 3d") == {
        "ante": ("lose", 10_00), "blind": ("lose", 10_00), "play": ("lose", 40_00)}


def test_the_best_five_of_seven_plays_the_ace_low_straight():
    # A-2-3-4-5 with the player's ace and two beats the dealer's three kings (§ 653a.6(a)).
    assert main("Ah 2s", "3c 4d 5h Kc 9s", "Kd Kh")["blind"] == ("win", 10_00)  # 1 to 1 on $10


# -- The dealer does not open (less than a pair): the Ante pushes -------------------------------------


def test_the_dealer_not_opening_pushes_the_ante_and_a_winning_hand_wins_the_play_and_blind():
    # Dealer: king high (2h 6s with 3c 4d 8h 9s Kc); player: ace high wins.
    rnd = play({1: Hand(TEN, "Ac 7d")}, "3c 4d 8h 9s Kc", "2h 6s")
    assert outcomes(rnd, 1) == {"ante": ("push", 0), "blind": ("push", 0), "play": ("win", 40_00)}
    (ante,) = [line for line in rnd.lines if line.wager == "ante"]
    assert "does not open" in ante.note


def test_the_dealer_not_opening_still_pays_the_blind_on_a_winning_flush():
    # Dealer: 2h 6s with 3c 4c 8h 9c Kd, king high; player: Ac 7c with the three clubs, a flush.
    assert main("Ac 7c", "3c 4c 8h 9c Kd", "2h 6s") == {
        "ante": ("push", 0),  # the dealer does not open
        "blind": ("win", 15_00),  # § 653a.12(b) A: flush 3 to 2 on $10 = $15
        "play": ("win", 40_00),  # § 653a.12(a): 1 to 1
    }


def test_the_dealer_not_opening_and_winning_pushes_the_ante_and_takes_the_blind_and_play():
    # Dealer: K 9 8 6 4; player: K 9 8 5 4.
    assert main("2c 5d", "3c 4d 8h 9s Kc", "2h 6s") == {
        "ante": ("push", 0), "blind": ("lose", 10_00), "play": ("lose", 40_00)}


def test_a_tie_below_a_pair_pushes_everything():
    assert main("2c 3d", "As Kd 9h 7c 4s", "2d 3c") == {
        "ante": ("push", 0), "blind": ("push", 0), "play": ("push", 0)}


# -- The Play Wager: four or three times, twice, once the Ante ------------------------------------------


@pytest.mark.parametrize("plays, amount", [("40", 40_00), ("30", 30_00), ("check play", 20_00),
                                           ("check check play", 10_00)])
def test_the_play_wager_of_each_street_is_paid_1_to_1(plays, amount):
    # § 653a.12(a): 1 to 1 on the Play Wager; the player's flush beats the dealer's queens.
    result = main("Ah 4h", "2h 7h 9h Jc 3d", "Qs Qd", plays=plays)
    assert result["play"] == ("win", amount)
    assert result["ante"] == ("win", 10_00)


def test_a_table_that_allows_four_times_only_refuses_three_times_the_ante_before_the_flop():
    rnd = at("preflop_decision", rules={"preflop_play": "4"})
    assert [choice.label for choice in rnd.prompt.choices] == ["Seat 1: Play Wager $40.00", "Seat 1: Check"]
    refusal = refuse(rnd, {"type": "decide", "seat": 1, "choice": "play", "amount": "30"},
                     r"four times the Ante \(\$40\.00\), not \$30\.00")
    assert refusal.section == "§ 653a.11"


def test_a_play_wager_before_the_flop_other_than_four_or_three_times_is_refused():
    rnd = at("preflop_decision")
    refuse(rnd, {"type": "decide", "seat": 1, "choice": "play", "amount": "35"},
           r"four or three times the Ante \(\$40\.00 or \$30\.00\), not \$35\.00")
    refuse(rnd, {"type": "decide", "seat": 1, "choice": "play"}, "say how much")


def test_the_play_wager_after_the_flop_is_twice_the_ante():
    rnd = at("flop_decision")
    refuse(rnd, {"type": "decide", "seat": 3, "choice": "play", "amount": "75"},
           r"twice the Ante \(\$50\.00\), not \$75\.00")


def test_a_seat_that_played_is_not_asked_again():
    rnd = at("flop_decision")
    assert rnd.prompt.seat == 3  # seat 1 played before the Flop
    refuse(rnd, {"type": "decide", "seat": 1, "choice": "check"}, "no decision to make here")


def test_after_the_river_the_choice_is_the_ante_again_or_fold():
    rnd = at("river_decision")
    assert [choice.label for choice in rnd.prompt.choices] == ["Seat 5: Play Wager $5.00", "Seat 5: Fold"]
    refuse(rnd, {"type": "decide", "seat": 5, "choice": "check"}, "play or fold")


# -- A fold, and the Trips Wager ---------------------------------------------------------------------


def test_a_fold_loses_the_ante_and_blind_at_once_and_keeps_the_trips_wager():
    rnd = play({1: Hand(TEN, "9c 9d", plays="check check fold", trips="5")}, "9h 2c 5d Kh 7s", "5h 5s")
    assert outcomes(rnd, 1) == {
        "ante": ("lose", 10_00), "blind": ("lose", 10_00),
        "trips": ("win", 15_00),  # § 653a.12(c) B: three nines, 3 to 1 on $5 = $15
    }
    assert [line.stage for line in rnd.lines if line.wager in ("ante", "blind")] == ["decision", "decision"]


def test_every_seat_folding_leaves_the_dealers_cards_down():
    prompts = []
    play({1: Hand(TEN, "2c 7d", plays="check check fold")}, prompts=prompts)
    assert "reveal" not in {p.step for p in prompts}


TRIPS = [
    # player, board, paytable, outcome on $5, why
    ("As Ks", "Qs Js Ts 2c 3d", "B", ("win", 250_00), "royal flush, 50 to 1: $5 x 50 = $250"),
    ("9s 8s", "7s 6s 5s 2c Kd", "B", ("win", 200_00), "straight flush, 40 to 1: $5 x 40 = $200"),
    ("9c 9d", "9h 9s 2c 5d Kh", "B", ("win", 150_00), "four-of-a-kind, 30 to 1: $5 x 30 = $150"),
    ("9c 9d", "9h 9s 2c 5d Kh", "D", ("win", 100_00), "four-of-a-kind on D, 20 to 1: $5 x 20 = $100"),
    ("Kc Kd", "Kh 7c 7d 2s 3h", "B", ("win", 40_00), "full house, 8 to 1: $5 x 8 = $40"),
    ("Kc Kd", "Kh 7c 7d 2s 3h", "A", ("win", 45_00), "full house on A, 9 to 1: $5 x 9 = $45"),
    ("Kc Kd", "Kh 7c 7d 2s 3h", "D", ("win", 35_00), "full house on D, 7 to 1: $5 x 7 = $35"),
    ("Ah 4h", "2h 7h 9h Jc 3d", "B", ("win", 30_00), "flush, 6 to 1: $5 x 6 = $30"),
    ("Ah 4h", "2h 7h 9h Jc 3d", "C", ("win", 35_00), "flush on C, 7 to 1: $5 x 7 = $35"),
    ("Tc Jd", "Qh Ks Ac 2d 4s", "B", ("win", 25_00), "straight, 5 to 1: $5 x 5 = $25"),
    ("Tc Jd", "Qh Ks Ac 2d 4s", "A", ("win", 20_00), "straight on A, 4 to 1: $5 x 4 = $20"),
    ("9c 9d", "9h 2c 5d Kh 7s", "B", ("win", 15_00), "three-of-a-kind, 3 to 1: $5 x 3 = $15"),
    ("Kh 9h", "Kc 9d 2s 5c 7d", "B", ("lose", 5_00), "two pair is below three-of-a-kind: collected"),
]


@pytest.mark.parametrize("player, board, letter, trips, why", TRIPS, ids=[row[-1] for row in TRIPS])
def test_the_trips_wager_is_paid_on_its_paytable_whatever_the_dealer_holds(player, board, letter, trips, why):
    # The dealer holds a pair of eights (or better with the board): it does not matter to the Trips Wager.
    rules = {"trips_paytable": letter}
    assert main(player, board, "8c 8d", trips="5", rules=rules)["trips"] == trips
    folded = main(player, board, "8c 8d", trips="5", rules=rules, plays="check check fold")
    assert folded["trips"] == trips  # a folded player's Trips Wager too


def test_a_table_without_the_trips_wager_refuses_it():
    rnd = at("wagers", rules={"trips_paytable": ""})
    refuse(rnd, {"type": "place_wager", "seat": 1, "wager": "trips", "amount": "5"}, "not a wager this table offers")


# -- The Blind equals the Ante ---------------------------------------------------------------------------


def test_the_blind_must_equal_the_ante_when_placed_and_at_no_more_bets():
    rnd = at("wagers")
    refuse(rnd, {"type": "place_wager", "seat": 2, "wager": "blind", "amount": "10"},
           "must place its Ante before its Blind Wager")
    rnd = play({2: Hand("10", "2c 3c")}, until="no_more_bets")
    refusal = refuse(rnd, {"type": "place_wager", "seat": 2, "wager": "blind", "amount": "15"},
                     r"Seat 2's Blind Wager must equal its Ante \(\$10\.00\), not \$15\.00")
    assert refusal.section == "§ 653a.7(d)"
    rnd = tap(rnd, {"type": "place_wager", "seat": 2, "wager": "ante", "amount": "20"})
    refuse(rnd, {"type": "no_more_bets"}, r"Seat 2's Blind Wager must equal its Ante \(\$20\.00\), not \$10\.00")
    rnd = tap(rnd, {"type": "remove_wager", "seat": 2, "wager": "blind"})
    refuse(rnd, {"type": "no_more_bets"}, r"Seat 2 has an Ante of \$20\.00 but no Blind Wager: a player places an "
                                          "Ante and a Blind Wager equal to it")


# -- The aggregate payout limit ----------------------------------------------------------------------------


def test_a_payout_limit_caps_the_ante_blind_and_play_winnings():
    # Ante and Blind $100, Play $400, a royal flush against the dealer's pair: Ante $100 + Blind
    # 500 to 1 = $50,000 + Play $400 = $50,500, capped at the table's $50,000: $500 comes off.
    rnd = play({1: Hand("100", "As Ks", plays="400", trips="5")}, "Qs Js Ts 2c 3d", "5h 5d",
               rules={"payout_limit": "50000"})
    result = outcomes(rnd, 1)
    assert result["payout_limit"] == ("capped", -500_00)
    assert result["blind"] == ("win", 50_000_00)
    assert result["trips"] == ("win", 250_00)  # § 653a.12(c) B: royal 50 to 1 on $5, not capped


def test_a_payout_limit_below_50000_is_refused():
    with pytest.raises(Refused, match="below the least the regulation allows"):
        GAME.validate_rules({"payout_limit": "40000"})


def test_the_least_payout_limit_is_505_minimum_antes_when_that_is_above_50000():
    # At a $100 minimum Ante: Ante $100 + Play 4 x $100 = $400 + Blind royal 500 to 1 = $50,000: $50,500.
    with pytest.raises(Refused, match=r"\$50,500\.00"):
        GAME.validate_rules({"min_ante": "100.00", "payout_limit": "50000"})


def test_a_table_whose_folded_trips_wagers_lose_collects_them_with_the_ante_and_blind():
    rnd = play({1: Hand(TEN, "9c 9d", plays="check check fold", trips="5")}, "9h 2c 5d Kh 7s", "5h 5s",
               rules={"trips_after_fold": "lost"}, until="settle_trips")
    # Three nines would pay 3 to 1, but the table's rules lose the Trips Wager on a fold.
    assert outcomes(rnd, 1) == {"ante": ("lose", 10_00), "blind": ("lose", 10_00), "trips": ("lose", 5_00)}
    assert {line.stage for line in rnd.lines} == {"decision"}
    assert "cards to the discard rack" in rnd.lines[0].note
    assert rnd.prompt.step == "close"  # no folded seat's cards wait for a Trips Wager
