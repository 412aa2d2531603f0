"""Poker's pots, side pots, splits, odd chips, rake and jackpot drops, each computed by hand.

Amounts are in cents.  Seats are numbered clockwise from the dealer's left; with no button
carried from a last hand, the button starts at the first player to the dealer's right, the
highest seat dealt in (§ 637a.11(c)(1)(i)).
"""

from __future__ import annotations

from functools import partial

import pytest
from poker_play import LIMIT_TO_THE_FLOP_RAISE, STUD_HILO_SPLIT, lines, play
from poker_play import STUD_HILO as STUD_HILO_RULES
from pokerkit import Automation, Mode, NoLimitTexasHoldem
from pokerkit import rake as pokerkit_rake

from games.engine.core.records import totals
from games.engine.poker.options import read_options
from games.engine.poker.pots import divide, halves, rake_by_pot

NO_RAKE = {"rake_method": "none", "min_buy_in": "10.00"}


def test_three_all_ins_make_a_main_pot_and_two_side_pots_each_won_by_its_own_best_hand():
    # § 637a.8(b)(5): each all-in player wins only the pot it contributed to.  Seats 1-4 hold $20, $50,
    # $100, $200; the button is seat 4, so seat 1 posts the $1 small blind and seat 2 the $2 big blind.
    # Seat 3 goes all-in for $100; seat 4 calls (no one could call more), seats 1 and 2 call all-in.
    #   main pot:   4 x $20          = $80   (seats 1-4)   -> seat 1's aces
    #   side pot 1: 3 x ($50 - $20)  = $90   (seats 2-4)   -> seat 2's kings
    #   side pot 2: 2 x ($100 - $50) = $100  (seats 3-4)   -> seat 3's queens
    rnd = play("""
        sit 1 20
        sit 2 50
        sit 3 100
        sit 4 200
        start
        deal
        3 all-in
        4 all-in        # all it can put in is the call: the rest of its stack stays in front of it
        1 call
        2 call
        3 shows Qs Qd   # seat 3 made the last bet: it shows first, the others clockwise (§ 637a.18(e))
        4 shows Js Jd
        1 shows As Ad
        2 shows Ks Kd
        flop 2h 7c 9d
        turn 3s
        river 8h
    """, NO_RAKE)
    assert lines(rnd) == {
        (3, "side_pot_2"): ("award", 100_00),
        (2, "side_pot_1"): ("award", 90_00),
        (1, "main_pot"): ("award", 80_00),
    }
    assert rnd.final_stacks() == {1: 80_00, 2: 90_00, 3: 100_00, 4: 100_00}
    assert [pot.amount for pot in rnd._pots()] == [80_00, 90_00, 100_00]  # as pokerkit formed them
    assert rnd.prompt.step == "close" and totals(rnd.lines) == (0, 0)


def test_two_all_ins_and_the_rake_capped_across_the_main_pot_and_the_side_pot():
    # § 637a.17 as the 2012 preamble describes it: 10% of the pot, here capped at $15 for the hand.
    # Seat 1 is all-in for $40 before the flop; seats 2 and 3 call, then bet and call $30 on the flop.
    #   main pot: 3 x $40 = $120, rake 10% = $12;  side pot: 2 x $30 = $60, 10% = $6, but only $3 is
    #   left under the $15 cap.  Seat 1's straight wins the main pot ($108), seat 2's pair of aces
    #   the side pot ($57).
    rnd = play("""
        sit 1 40
        sit 2 100
        sit 3 100
        start
        deal
        3 call
        1 all-in
        2 call
        3 call
        flop Ah 9c 8d
        2 bet 30
        3 call
        turn 6s
        2 check
        3 check
        river Kh
        2 check
        3 check
        1 shows Tc 7h   # no bet on the river: the first player left of the button shows first
        2 shows Ac 3d
        3 shows Qc Qd
    """, {"rake_percent": "10", "rake_cap": "15.00"})
    assert lines(rnd) == {
        (2, "side_pot_1"): ("award", 57_00),
        (0, "rake"): ("rake", 15_00),
        (1, "main_pot"): ("award", 108_00),
    }
    rake = next(line for line in rnd.lines if line.wager == "rake")
    assert rake.note.endswith("the main pot $12.00, side pot 1 $3.00") and rake.section == "§ 637a.7(e)(6)(iii)"
    assert totals(rnd.lines) == (0, 15_00)


def test_pokerkits_rake_callback_takes_its_cap_from_every_pot_so_the_cap_is_kept_here():
    # The same pots through pokerkit with its own rake (10%, cap $15): the callback is called once per
    # pot, so each pot may give up to the cap: $12 + $6 = $18, more than the hand's $15.
    state = NoLimitTexasHoldem.create_state(
        (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
         Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
         Automation.RUNOUT_COUNT_SELECTION),
        True, 0, (100, 200), 200, (4000, 10000, 10000), 3, mode=Mode.CASH_GAME,
        rake=partial(pokerkit_rake, percentage=0.1, cap=1500))
    state.check_or_call()  # seat 3, the button, calls
    state.complete_bet_or_raise_to(4000)  # seat 1 all-in
    state.check_or_call()
    state.check_or_call()
    state.complete_bet_or_raise_to(3000)
    state.check_or_call()
    assert [pot.raked_amount for pot in state.pots] == [1200, 600]
    ours = rake_by_pot([12000, 6000], read_options({"rake_percent": "10", "rake_cap": "15.00"}),
                       first_round_only=False)
    assert ours == [1200, 300]


def test_a_hand_that_ends_before_the_flop_pays_no_rake_where_the_rules_say_no_flop_no_drop():
    # Everyone folds to the big blind (§ 637a.11(g)): seats 1 ($5) and 2 ($10) post the blinds at $5/$10.
    # Seat 2's $10 is called by no one beyond seat 1's $5: $5 of it goes back uncalled, and the pot of
    # $5 + $5 is pushed to seat 2, which ends $5 up.  No flop: no rake.
    script = """
        sit 1 100
        sit 2 100
        sit 3 100
        sit 4 100
        start
        deal
        3 fold
        4 fold
        1 fold
    """
    rules = {"small_blind": "5.00", "big_blind": "10.00", "min_buy_in": "40.00"}
    rnd = play(script, rules)
    assert lines(rnd) == {(2, "uncalled_bet"): ("returned", 0), (2, "main_pot"): ("award", 10_00)}
    assert rnd.final_stacks() == {1: 95_00, 2: 105_00, 3: 100_00, 4: 100_00}
    assert rnd.lines[-1].section == "§ 637a.7(d)"
    # Without the rule, 10% of the $10 pot, rounded down to the $1 chip, is taken.
    rnd = play(script, {**rules, "no_flop_no_drop": False})
    assert lines(rnd)[(0, "rake")] == ("rake", 1_00) and lines(rnd)[(2, "main_pot")] == ("award", 9_00)


def test_the_jackpot_drops_come_out_of_the_main_pot_after_the_rake():
    # § 637a.7(e)(6)(iii)-(iv): the rake, then the Bad Beat ($1.00) and High Hand ($0.50) drops.  Two
    # players put $20 each in: the $40 pot gives $4 rake (10%), $1.50 in drops, and $34.50 to the winner.
    script = """
        sit 1 100
        sit 2 100
        start
        deal
        2 raise 20
        1 call
        flop 2c 7d 9h
        1 check
        2 check
        turn Js
        1 check
        2 check
        river 3d
        1 check
        2 check
        1 shows Ac Ad
        2 shows Kc Kd
    """
    # The table's smallest chip is $0.50, as the $0.50 drop needs (§ 637a.11(k)).
    rules = {"bad_beat_drop": "1.00", "high_hand_drop": "0.50", "drop_minimum_pot": "20.00", "chip_unit": "0.50"}
    rnd = play(script, rules)
    assert lines(rnd) == {(0, "rake"): ("rake", 4_00), (0, "bad_beat_drop"): ("drop", 1_00),
                          (0, "high_hand_drop"): ("drop", 50), (1, "main_pot"): ("award", 34_50)}
    assert [line.wager for line in rnd.lines] == ["rake", "bad_beat_drop", "high_hand_drop", "main_pot"]
    assert totals(rnd.lines) == (0, 5_50)
    # A pot below the drops' minimum gives none.
    rnd = play(script, {**rules, "drop_minimum_pot": "50.00"})
    assert lines(rnd) == {(0, "rake"): ("rake", 4_00), (1, "main_pot"): ("award", 36_00)}


def test_an_incremental_rake_takes_its_amount_for_every_full_step_of_the_pot():
    # $1 for every full $10 of the pot, capped at $3: a $40 pot gives $3 (not $4).
    rnd = play("""
        sit 1 100
        sit 2 100
        start
        deal
        2 raise 20
        1 call
        flop 2c 7d 9h
        1 bet 10
        2 fold
    """, {"rake_method": "incremental", "rake_increment": "1.00", "rake_every": "10.00", "rake_cap": "3.00"})
    # The flop bet of $10 was not called: it goes back; the pot is $40.
    assert lines(rnd) == {(1, "uncalled_bet"): ("returned", 0), (0, "rake"): ("rake", 3_00),
                          (1, "main_pot"): ("award", 37_00)}


def test_a_time_charge_is_collected_from_each_seated_player_between_hands_and_no_pot_is_raked():
    rnd = play("""
        sit 1 100
        sit 2 100
        away 2
        sit 5 60
        time charge
        start
        deal
        5 raise 20      # heads-up the button (seat 5) posts the small blind and acts first
        1 call
        flop 2c 7d 9h
        1 bet 10
        5 fold
    """, {"rake_method": "time", "time_charge": "6.00"})
    # Seats 1 and 5 pay $6 each; seat 2 is away and pays nothing (§ 637a.17, as the preamble describes).
    assert lines(rnd) == {(1, "time_charge"): ("rake", 6_00), (5, "time_charge"): ("rake", 6_00),
                          (1, "uncalled_bet"): ("returned", 0), (1, "main_pot"): ("award", 40_00)}
    assert rnd.final_stacks() == {1: 114_00, 2: 100_00, 5: 34_00}


def test_a_pot_the_board_plays_for_three_players_leaves_one_odd_chip_to_the_first_clockwise_from_the_button():
    # § 637a.11(k): the board's royal flush ties seats 3, 5 and 7.  Seat 1 posted the $1 small blind and
    # folded: the pot is $1 + 3 x $2 = $7, $2 each and $1 over, which the Rules Submission gives to the
    # first tied player clockwise from the button (seat 7): seat 3.
    script = """
        sit 1 50
        sit 3 50
        sit 5 50
        sit 7 50
        start
        deal
        5 call
        7 call
        1 fold
        3 check
        flop As Ks Qs
        3 check
        5 check
        7 check
        turn Js
        3 check
        5 check
        7 check
        river Ts
        3 check
        5 check
        7 check
        3 shows 2c 3c
        5 shows 4d 5d
        7 shows 2h 3h
    """
    rnd = play(script, NO_RAKE)
    assert lines(rnd) == {(3, "main_pot"): ("award", 3_00), (5, "main_pot"): ("award", 2_00),
                          (7, "main_pot"): ("award", 2_00)}
    assert "the excess $1.00 to seat 3" in rnd.lines[0].note and "§ 637a.11(k)" in rnd.lines[0].note
    # The other option: the tied player with the highest card by suit, seat 5's 5♦.
    rnd = play(script, {**NO_RAKE, "odd_chip": "highest_card_by_suit"})
    assert lines(rnd) == {(5, "main_pot"): ("award", 3_00), (3, "main_pot"): ("award", 2_00),
                          (7, "main_pot"): ("award", 2_00)}


OMAHA = {"variant": "omaha_hilo", "structure": "pot_limit", **NO_RAKE}
OMAHA_HAND = """
    sit 1 50
    sit 2 50
    start
    deal
    2 call
    1 check
    flop {flop}
    1 check
    2 check
    turn {turn}
    1 check
    2 check
    river {river}
    1 check
    2 check
    1 shows {one}
    2 shows {two}
"""


def test_omaha_high_low_divides_the_pot_when_a_low_qualifies():
    # Heads-up the button (seat 2) posts the small blind and acts first before the flop.  The $4 pot:
    # seat 2's three nines (9c 9d + 9h ...) win the high half, seat 1's 7-5-3-2-A (Ah 3h + 2c 5d 7s) the low.
    rnd = play(OMAHA_HAND.format(flop="2c 5d 9h", turn="Ks", river="7s", one="Ah 3h Kd Qd", two="9c 9d 4c 6h"), OMAHA)
    assert lines(rnd) == {(2, "main_pot_high"): ("award", 2_00), (1, "main_pot_low"): ("award", 2_00)}
    assert rnd.lines[1].hand.startswith("High card (Ah 3h 2c 5d 7s)") or "7s" in rnd.lines[1].hand


def test_omaha_high_low_gives_the_whole_pot_to_the_high_hand_when_no_low_qualifies():
    # The board holds one card of 8 or lower: no low of five cards can be made (three from the board).
    rnd = play(OMAHA_HAND.format(flop="2c 9d 9h", turn="Ks", river="Qs", one="Ah 3h Kd Qd", two="Tc Th 4c 6h"),
               OMAHA)
    assert lines(rnd) == {(1, "main_pot_high"): ("award", 4_00)}
    assert rnd.lines[0].note.startswith("No hand qualifies for low")


STUD_HILO = {"variant": "stud_hilo8", "structure": "limit", "ante": "0.25", "bring_in": "0.50", "small_bet": "1.00",
             "big_bet": "2.00", "min_buy_in": "10.00", "chip_unit": "0.25", "rake_method": "none"}


def test_stud_high_low_ties_for_high_with_no_low_and_the_odd_chip_goes_to_the_highest_card_by_suit():
    # § 637a.10(j): no eight-or-better low, so the whole pot goes to the high hands; both hold kings and
    # queens with a nine.  The pot: three Antes ($0.75), the Forced Bet and a call ($1.00), $2 + $2 on
    # fifth street and $2 + $2 on seventh = $9.75: $4.75 each and $0.25 over, which goes to the player
    # with the highest card by suit (§ 637a.10(i)(3)(ii), (iv)): seat 1's K♠ beats seat 2's K♥.
    rnd = play("""
        sit 1 20
        sit 2 20
        sit 3 20
        start
        up 1 2d
        up 2 2h
        up 3 Ac
        1 bring-in      # the lowest up card, an ace ranking highest: 2♦ below 2♥ (§ 637a.10(d)(4))
        2 call
        3 fold
        up 1 Ks
        up 2 Kh
        1 check         # a tie showing: the player nearest the dealer's left (§ 637a.10(f)(3))
        2 check
        up 1 9h
        up 2 9s
        1 bet 2
        2 call
        up 1 4c
        up 2 5c
        2 check         # seat 2's K-9-5 shows higher than seat 1's K-9-4 (§ 637a.10(f)(1))
        1 check
        deal
        2 bet 2
        1 call
        2 shows Kc Qs Qd
        1 shows Kd Qc Qh
    """, STUD_HILO)
    assert lines(rnd) == {(1, "main_pot_high"): ("award", 5_00), (2, "main_pot_high"): ("award", 4_75)}
    assert "the excess $0.25 to seat 1 (the highest card by suit, § 637a.10(i)(3))" in rnd.lines[0].note


def test_stud_high_low_divides_the_pot_between_the_high_hand_and_a_qualifying_low():
    # § 637a.10(i)(3)(i) and (j).  Three $0.25 Antes, the $0.50 Forced Bet completed to $1 and called by
    # all three ($3), $1 + $1 on fourth street, $2 + $2 on seventh: $9.75.  Seat 2's kings and queens win
    # the high half, seat 4's 6-4-3-2-A (eight or better) the low: $9.75 in quarters is $4.75 each and
    # a quarter over, which goes with the high half: $5.00 and $4.75.  The rake, 10% rounded down to the
    # $1 chip, is nothing.
    rnd = play(STUD_HILO_SPLIT, STUD_HILO_RULES)
    assert lines(rnd) == {(2, "main_pot_high"): ("award", 5_00), (4, "main_pot_low"): ("award", 4_75)}
    assert rnd.lines[0].hand.startswith("Two pair") and rnd.lines[1].hand == "High card (Ah 2h 3c 4h 6s)"


@pytest.mark.parametrize("amount, winners, unit, shares", [
    (700, [3, 5, 7], 100, {3: 300, 5: 200, 7: 200}),  # one chip over
    (1100, [4, 7, 2], 100, {4: 400, 7: 400, 2: 300}),  # two chips over: one each to the first two
    (1050, [4, 7], 100, {4: 550, 7: 500}),  # $10.50 in $1 chips: no odd chip, the $0.50 under a chip to the first
    (975, [1, 2], 25, {1: 500, 2: 475}),
])
def test_a_divided_pot_gives_each_winner_whole_chips_and_the_excess_a_chip_at_a_time(amount, winners, unit, shares):
    # § 637a.11(k): the excess may not exceed $1 a player, given in the order the Rules Submission names.
    assert divide(amount, winners, unit) == shares


def test_a_high_low_pot_that_cannot_be_halved_gives_the_excess_to_the_high_half():
    # § 637a.10(i)(3)(i): $5 in $1 chips is $3 high and $2 low; $9.75 in quarters is $5.00 and $4.75.
    assert halves(500, 100) == (300, 200)
    assert halves(975, 25) == (500, 475)


def test_when_the_last_player_folds_to_a_raise_the_called_part_is_in_the_pot_and_raked():
    # Limit Hold'em, $2/$4.  Before the flop seat 9 calls $2, seat 2 (small blind) raises to $4, seat 5
    # calls, seat 9 folds: $4 + $4 + $2 = $10.  On the flop seat 2 bets $2, seat 5 raises to $4, seat 2
    # folds.  $2 of seat 5's raise was called: the pot is $10 + $2 + $2 = $14, the $2 above it goes back
    # uncalled (§ 637a.7(d)).  The rake, 10% of $14 rounded down to the $1 chip, is $1: $13 to seat 5.
    rnd = play(LIMIT_TO_THE_FLOP_RAISE.format(cards="") + "2 fold", {"structure": "limit"})
    assert lines(rnd) == {(5, "uncalled_bet"): ("returned", 0), (0, "rake"): ("rake", 1_00),
                          (5, "main_pot"): ("award", 13_00)}
    assert rnd.lines[0].stake == 2_00
    assert rnd.final_stacks() == {2: 54_00, 5: 67_00, 9: 58_00}
