"""How a Poker hand runs (Chapter 637a): seats and table stakes, the button, the blinds and the
Straddle, who acts first in Stud, the structures' limits, the showdown and the irregularities."""

from __future__ import annotations

import poker_play
import pytest
from poker_play import GAME, action, lines, play, refuse, run, tap

from games.engine.core.records import VOID

SEATED = """
    sit 1 100
    sit 3 100
    sit 5 100
    sit 8 100
"""


# -- seats, table stakes and the button ---------------------------------------------------------

def test_the_first_button_goes_to_the_first_player_to_the_dealers_right_and_the_blinds_follow_it():
    # § 637a.11(c)(1)(i): seats are numbered from the dealer's left, so the dealer's right is seat 8.
    # § 637a.11(d): the small blind is seat 1, the big blind seat 3; seat 5 acts first (§ 637a.11(g)).
    rnd = play(SEATED + "start")
    assert rnd.button == 8 and rnd.order == (1, 3, 5, 8)
    assert rnd.wagers() == {(1, 1, "pot"): 1_00, (3, 1, "pot"): 2_00}
    rnd = run(rnd, "deal")
    assert rnd.prompt.seat == 5 and rnd.prompt.section == "§ 637a.11(g)"
    assert [c.label for c in rnd.prompt.choices] == ["Seat 5: Fold", "Seat 5: Call $2.00", "Seat 5: Raise to $4.00",
                                                     "Seat 5: All-in $100.00"]
    assert rnd.prompt.amount_entry == ("raise", "Raise to", 100_00) and rnd.prompt.amount_least == 4_00


def test_the_button_moves_clockwise_to_the_next_player_dealt_in_and_stays_after_a_misdeal():
    # § 637a.11(c)(2): the button rotates clockwise after each round of play.
    first = run(play(SEATED + "start\ndeal"), "5 fold\n8 fold\n1 fold\nclose")
    second = GAME.new_round(GAME.carried_options(first))
    second = run(second, "start")
    assert second.button == 1 and second.order == (3, 5, 8, 1)
    misdealt = run(second, "deal\nmisdeal\napprove\nclose")
    third = run(GAME.new_round(GAME.carried_options(misdealt)), "start")
    assert third.button == 1  # the hand was void: the same button deals again


def test_a_table_may_give_the_first_button_to_the_player_dealt_the_highest_card():
    # § 637a.11(c)(1)(ii): the card is dealt at the table; the dealer says who drew the highest.
    rnd = play(SEATED + "start", {"first_button": "high_card"})
    assert rnd.prompt.step == "button" and [c.action["value"] for c in rnd.prompt.choices] == [1, 3, 5, 8]
    refuse(rnd, {"type": "input", "value": 4}, "one of the players dealt in")
    rnd = run(rnd, "button 3")
    assert rnd.button == 3 and rnd.order == (5, 8, 1, 3)


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_before_the_flop():
    rnd = play("sit 2 100\nsit 6 100\nstart\ndeal")
    assert rnd.button == 6 and rnd.wagers() == {(6, 1, "pot"): 1_00, (2, 1, "pot"): 2_00}
    assert rnd.prompt.seat == 6
    rnd = run(rnd, "6 call\n2 check\nflop 2c 7d 9h")
    assert rnd.prompt.seat == 2


def test_the_straddle_is_offered_to_the_player_left_of_the_big_blind_who_keeps_the_option_to_raise():
    # § 637a.11(e) and (g): a Straddle of twice the big blind; the player to its left acts first, and
    # the option to raise applies to the player who made the Straddle.
    rnd = play(SEATED + "start", {"straddle": True})
    assert rnd.prompt.step == "straddle" and rnd.prompt.seat == 5
    rnd = run(rnd, "straddle\ndeal")
    assert rnd.wagers() == {(1, 1, "pot"): 1_00, (3, 1, "pot"): 2_00, (5, 1, "pot"): 4_00}
    assert rnd.prompt.seat == 8 and "Call $4.00" in rnd.prompt.choices[1].label
    rnd = run(rnd, "8 call\n1 call\n3 call")
    assert rnd.prompt.seat == 5 and [c.action["choice"] for c in rnd.prompt.choices] == ["check", "raise", "raise"]
    rnd = play(SEATED + "start\nno straddle\ndeal", {"straddle": True})
    assert rnd.prompt.seat == 5 and (5, 1, "pot") not in rnd.wagers()


def test_a_player_is_dealt_in_only_with_the_stakes_a_hand_needs_and_chips_are_added_only_between_hands():
    # § 637a.8(b)(4): the blinds and one minimum bet, $1 + $2 + $2 at the default stakes: $3.00 is not
    # enough.  § 637a.8(b)(2): chips are added between rounds only.
    rnd = play(SEATED, {"min_buy_in": "40.00"})
    refuse(rnd, "sit 2 30", "below the table's smallest, \\$40.00", "§ 637a.8(b)(4)")
    rnd = GAME.new_round({"positions": {"seats": {"1": {"stack": 300}, "2": {"stack": 100_00},
                                                  "4": {"stack": 100_00}}}})
    assert rnd.dealt_in() == [2, 4]
    rnd = run(rnd, "add 1 20\nstart")
    assert rnd.order == (1, 2, 4)  # the button at seat 4, the dealer's right
    rnd = run(rnd, "deal")
    refuse(rnd, "add 2 50", "only between hands", "§ 637a.8(b)(2)")


def test_stakes_carry_from_one_hand_to_the_next():
    rnd = play("sit 2 100\nsit 6 100\nstart\ndeal\n6 raise 10\n2 fold\nclose")
    # Seat 2, the big blind, folds to the button's raise: it loses its $2; seat 6's $10 was called for $2.
    assert rnd.final_stacks() == {2: 98_00, 6: 102_00}
    carried = GAME.carried_options(rnd)["positions"]
    # Two players: the button (seat 6) had the small blind, seat 2 the big blind; the dead button follows them.
    assert carried == {"seats": {"2": {"stack": 98_00}, "6": {"stack": 102_00}}, "button": 6, "moves": True,
                       "blinds": [6, 2]}


def test_no_more_than_eight_players_are_dealt_seven_card_stud():
    # § 637a.10(b).
    seats = "\n".join(f"sit {n} 50" for n in range(1, 10))
    rnd = play(seats, STUD)
    refuse(rnd, "start", "No more than 8 players may play Seven-card Stud High", "§ 637a.10(b)")
    assert run(rnd, "away 9\nstart").order == (1, 2, 3, 4, 5, 6, 7, 8)


# -- Seven-card Stud: who makes the Forced Bet and who acts first --------------------------------

STUD = {"variant": "stud", "structure": "limit", "ante": "0.50", "bring_in": "1.00", "small_bet": "2.00",
        "big_bet": "4.00", "min_buy_in": "20.00", "rake_method": "none", "chip_unit": "0.50"}


@pytest.mark.parametrize("variant, ups, forced, section", [
    ("stud", "5h 2s 2c Ad", 3, "§ 637a.10(d)(1)"),  # the lowest up card; a tie of 2s: clubs rank lowest
    ("razz", "Kh Ks 2c Ad", 2, "§ 637a.10(d)(2)"),  # the highest, an ace low; a tie of kings: spades highest
    ("stud_hilo", "Ah Ks Kc 2d", 2, "§ 637a.10(d)(3)"),  # the highest, an ace ranked below a two
    ("stud_hilo8", "Ah 2s 2h 3d", 3, "§ 637a.10(d)(4)"),  # the lowest, an ace ranked highest; hearts below spades
])
def test_the_forced_bet_falls_to_the_up_card_the_variant_names(variant, ups, forced, section):
    script = "\n".join(f"sit {n} 50" for n in (1, 2, 3, 4)) + "\nstart\n" + "\n".join(
        f"up {n} {card}" for n, card in zip((1, 2, 3, 4), ups.split(), strict=True))
    rnd = play(script, {**STUD, "variant": variant})
    assert rnd.prompt.seat == forced and rnd.prompt.section == section
    assert [c.action["choice"] for c in rnd.prompt.choices] == ["bring_in", "complete"]
    assert rnd.prompt.choices[0].label == f"Seat {forced}: Forced Bet $1.00"


def test_after_third_street_the_best_hand_showing_acts_first_and_a_tie_goes_to_the_dealers_left():
    third = "sit 1 50\nsit 2 50\nsit 3 50\nstart\nup 1 9h\nup 2 3c\nup 3 Ks\n2 bring-in\n3 call\n1 call\n"
    # § 637a.10(f)(1): seat 3's K-2 is the highest hand showing.
    rnd = play(third + "up 1 4d\nup 2 5s\nup 3 2h", STUD)
    assert rnd.prompt.seat == 3 and rnd.prompt.section == "§ 637a.10(f)(1)"
    # A pair showing beats a king.
    assert play(third + "up 1 9d\nup 2 5s\nup 3 2h", STUD).prompt.seat == 1
    # § 637a.10(f)(3): seats 1 and 3 both show K-9: the one nearest the dealer's left acts.
    rnd = play("sit 1 50\nsit 2 50\nsit 3 50\nstart\nup 1 Kh\nup 2 3c\nup 3 Ks\n2 bring-in\n3 call\n1 call\n"
               "up 1 9d\nup 2 5s\nup 3 9c", STUD)
    assert rnd.prompt.seat == 1


def test_razz_gives_the_first_action_after_third_street_to_the_best_low_showing():
    # § 637a.10(f)(2): seat 2's A-3 is the best low showing; seat 1's 9-4 and seat 3's K-2 are worse.
    rnd = play("sit 1 50\nsit 2 50\nsit 3 50\nstart\nup 1 9h\nup 2 3c\nup 3 Ks\n3 bring-in\n1 call\n2 call\n"
               "up 1 4d\nup 2 As\nup 3 2h", {**STUD, "variant": "razz"})
    assert rnd.prompt.seat == 2 and rnd.prompt.section == "§ 637a.10(f)(2)"


# -- refusals ------------------------------------------------------------------------------------

def betting(rules: dict | None = None):
    return play(SEATED + "start\ndeal", rules)


def test_an_action_out_of_turn_is_refused_naming_the_player_to_act():
    rnd = betting()
    refusal = refuse(rnd, "8 call", "It is seat 5's turn, not seat 8's", "§ 637a.11(g)")
    assert "clockwise" in refusal.message


def test_a_raise_below_the_minimum_is_refused_with_the_minimum_and_the_all_in():
    rnd = run(betting(), "5 raise 6")  # a raise of $4 over the $2 big blind
    refuse(rnd, "8 raise 9", "may raise to at least \\$10.00 \\(the minimum raise\\), not \\$9.00; all-in is "
                              "\\$100.00", "§ 637a.8(k)")
    assert run(rnd, "8 raise 10").prompt.seat == 1


def test_a_bet_above_the_table_stakes_is_refused():
    # § 637a.8(b)(1): a player bets only with the table stakes in front of it.
    refuse(betting(), "5 raise 150", "has \\$100.00 in table stakes.*cannot bet \\$150.00", "§ 637a.8(b)(1)")


def test_pot_limit_caps_a_raise_at_the_pot():
    # Pot limit: seat 5 may raise to the pot: the $3 of blinds plus its $2 call, $5, over the call: $7.
    rnd = betting({"structure": "pot_limit"})
    assert [c.label for c in rnd.prompt.choices][-1] == "Seat 5: Raise to $7.00 (the pot)"
    refuse(rnd, "5 raise 8", "may raise to at most \\$7.00 in pot limit, not \\$8.00", "§ 637a.8(k)")


def test_limit_betting_is_capped_at_the_posted_number_of_bets_and_raises():
    # § 637a.8(k): a posted cap of three bets and raises: before the flop the big blind is the bet.
    rnd = run(betting({"structure": "limit", "max_raises": "3"}), "5 raise 4\n8 raise 6")
    assert [c.action["choice"] for c in rnd.prompt.choices] == ["fold", "call"]
    refuse(rnd, "1 raise 8", "capped: 3 bets and raises")


def test_a_stale_tablet_naming_an_earlier_step_is_refused():
    rnd = betting()
    stale = action(rnd, "5 call") | {"step": rnd.prompt.step}
    rnd = run(rnd, "5 call")
    refuse(rnd, stale, "The bet.preflop.1 step is not current: the round is at the bet.preflop.2 step")


def test_a_seating_change_or_an_unknown_choice_is_refused_in_the_hand():
    rnd = betting()
    refuse(rnd, {"type": "decide", "seat": 5, "choice": "double"}, "may .*not 'double'")
    refuse(rnd, {"type": "deal"}, "Not now")


# -- the showdown ------------------------------------------------------------------------------

SHOWDOWN = SEATED + """
    start
    deal
    5 call
    8 call
    1 call
    3 check
    flop 2c 7d 9h
    1 bet 2
    3 call
    5 call
    8 call
    turn Js
    1 check
    3 check
    5 check
    8 check
    river 3d
    1 check
    3 check
    5 check
    8 check
"""


def test_the_showdown_starts_with_the_final_bettor_and_a_losing_hand_may_be_mucked():
    # § 637a.18(e): no bet on the river, so the first player left of the button shows first: seat 1.
    rnd = play(SHOWDOWN)
    assert rnd.prompt.step == "show.seat1" and rnd.prompt.cards_needed == 2
    rnd = run(rnd, "1 shows Ac Ad\n3 mucks\n5 mucks")
    assert rnd.prompt.seat == 8
    rnd = run(rnd, "8 shows Kc Kd")
    assert lines(rnd)[(1, "main_pot")] == ("award", 15_00)  # $16 less the $1 rake (10%, down to the $1 chip)


def test_the_showdown_names_only_a_player_still_in_the_hand_and_asks_for_a_shown_hand_face_up():
    # The button is seat 8, so seat 1 is first to act after the flop; it folds to seat 8's flop bet.  No
    # bet on the river: the first player still in the hand to act, seat 3, shows first (§ 637a.18(e)).
    rnd = play(SEATED + "start\ndeal\n5 call\n8 call\n1 call\n3 check\nflop Ah Kd 7c\n1 check\n3 check\n"
               "5 check\n8 bet 4\n1 fold\n3 call\n5 call\nturn 2s\n3 check\n5 check\n8 check\nriver 9d\n"
               "3 check\n5 check\n8 check")
    assert rnd.prompt.step == "show.seat3"
    assert "seat 3, first to act of the players still in the hand, shows first" in rnd.prompt.text
    assert "seat 1" not in rnd.prompt.text  # folded on the flop: it shows nothing
    # A hand shown is turned face up; the dealer enters the cards it shows.
    assert rnd.prompt.text.endswith("seat 3 shows its hand face up: enter the 2 cards it shows.")
    assert "face down" not in rnd.prompt.text


def test_no_muck_where_the_rules_require_every_hand_shown_nor_for_the_last_hand_in_contention():
    rnd = play(SHOWDOWN, {"show_all_hands": True})
    refuse(rnd, "1 mucks", "requires every hand at the showdown to be shown", "§ 637a.18(e)")
    rnd = run(play(SHOWDOWN), "1 mucks\n3 mucks\n5 mucks")
    refuse(rnd, "8 mucks", "the winning hand must be shown in full")


def test_cards_read_at_the_deal_are_only_turned_at_the_showdown():
    rnd = play(SEATED + "start\ndeal 1:Ac,Ad 3:Kc,Kd 5:Qc,Qd 8:Jc,Jd\n5 fold\n8 fold\n1 call\n3 check\n"
               "flop 2c 7d 9h\n1 check\n3 check\nturn Js\n1 check\n3 check\nriver 3d\n1 check\n3 check")
    assert [c.label for c in rnd.prompt.choices] == ["Seat 1 shows", "Seat 1 mucks (unshown, gives up the pot)"]
    refuse(rnd, "1 shows Ac Ad", "known already")
    rnd = run(rnd, "1 shows\n3 shows")
    assert lines(rnd)[(1, "main_pot")][0] == "award"


# -- irregularities ----------------------------------------------------------------------------

def test_a_misdeal_confirmed_by_the_floorperson_returns_every_chip():
    rnd = run(betting(), "5 raise 6\nmisdeal")
    assert rnd.prompt.waiting_for_floor and rnd.approvals[0].kind == "void"
    refuse(rnd, "8 call", "waits for a floorperson")
    rnd = run(rnd, "approve")
    assert {(line.seat, line.wager): (line.outcome, line.stake) for line in rnd.lines} == {
        (1, "pot"): (VOID, 1_00), (3, "pot"): (VOID, 2_00), (5, "pot"): (VOID, 6_00)}
    rnd = run(rnd, "close")
    assert rnd.final_stacks() == {1: 100_00, 3: 100_00, 5: 100_00, 8: 100_00}


def test_a_refused_misdeal_lets_the_hand_go_on():
    rnd = run(betting(), "misdeal\nrefuse")
    assert rnd.void is None and rnd.prompt.seat == 5


def test_two_cards_exposed_in_the_deal_make_a_misdeal_one_is_only_taken_out_of_play():
    rnd = run(betting(), "exposed Ah")
    assert rnd.void_pending is None and "Ah" in [c.code for c in rnd.used_cards()]
    refuse(run(rnd, "5 call\n8 call\n1 call\n3 check"), "flop Ah 2c 3c", "Ah is already on the table")
    rnd = run(rnd, "exposed Kd")
    assert rnd.void_pending is not None and rnd.approvals[-1].note == "2 cards exposed in the deal"


def test_a_wrong_number_of_cards_makes_a_misdeal_before_any_action_and_a_dead_hand_after():
    assert run(betting(), "wrong cards 8").void_pending is not None
    rnd = run(betting(), "5 call\nwrong cards 1\n8 call")
    assert [c.label for c in rnd.prompt.choices] == ["Seat 1: Fold (the hand is dead: wrong number of cards)"]
    refuse(rnd, "1 call", "is fixed")
    assert run(rnd, "1 fold").prompt.seat == 3


def test_a_wrong_card_count_voids_the_hand_and_takes_the_deck_out():
    rnd = run(betting(), "wrong count")
    assert rnd.void_pending.section == "§ 637a.7(e)(5)" and rnd.void_pending.removes_deck


def test_an_action_out_of_turn_binds_when_no_one_bets_or_raises_before_the_players_turn():
    rules = {"out_of_turn": "binding_if_unchanged"}
    rnd = run(betting(rules), "out of turn 1 call\n5 call\n8 call")
    assert [c.label for c in rnd.prompt.choices] == [
        "Seat 1: Call $1.00 (binding: acted out of turn, and no one bet or raised since)"]
    refuse(rnd, "1 raise 6", "fixed")
    # A raise before its turn frees the player.
    rnd = run(betting(rules), "out of turn 1 call\n5 raise 6\n8 call")
    assert [c.action["choice"] for c in rnd.prompt.choices] == ["fold", "call", "raise", "raise"]
    assert "no longer binds" in rnd.prompt.text
    # Under the chapter's own words (§ 637a.8(c)) an action out of turn does not bind.
    rnd = run(betting(), "out of turn 1 call\n5 call\n8 call")
    assert len(rnd.prompt.choices) == 4


def test_an_irregularity_before_the_hand_starts_or_unknown_is_refused():
    rnd = play(SEATED)
    refuse(rnd, "misdeal", "has not started")
    refuse(rnd, {"type": "irregularity", "kind": "card_face_up"}, "Unknown irregularity")


def test_a_hands_log_replays_to_the_same_hand():
    log = poker_play.actions(SHOWDOWN + "1 shows Ac Ad\n3 mucks\n5 mucks\n8 shows Kc Kd\nclose")
    played = play(SHOWDOWN + "1 shows Ac Ad\n3 mucks\n5 mucks\n8 shows Kc Kd\nclose")
    replayed = GAME.replay({}, log)
    assert replayed.closed and replayed.lines == played.lines and replayed.final_stacks() == played.final_stacks()


def test_eight_players_at_seventh_street_share_one_common_card():
    # § 637a.10(h): after three rounds of up cards to eight players, 8 x 6 cards and 3 burns leave one
    # card: too few to give each player a seventh.  The dealer burns (shuffling the burn cards first)
    # and deals one common card face up, which plays in every hand.
    rules = {**STUD, "rake_method": "none"}
    ups = ["2c 3c 4c 5c 6c 7c 8c 9c", "Td Jd Qd Kd Ad 2d 3d 4d", "5d 6d 7d 8d 9d 2h 3h 4h",
           "5h 6h 7h 8h 9h Th Jh Qh"]
    rnd = play("\n".join(f"sit {n} 50" for n in range(1, 9)) + "\nstart", rules)
    for street, cards in enumerate(ups):
        rnd = run(rnd, "\n".join(f"up {n} {card}" for n, card in enumerate(cards.split(), start=1)))
        while rnd.prompt.step.startswith("bet."):  # the Forced Bet, then everyone calls or checks
            kinds = [c.action["choice"] for c in rnd.prompt.choices]
            rnd = tap(rnd, next(c.action for c in rnd.prompt.choices
                                if c.action["choice"] == next(k for k in ("bring_in", "call", "check") if k in kinds)))
        assert street == 3 or rnd.prompt.step.startswith("deal.")
    assert rnd.prompt.step == "common.seventh_street" and rnd.prompt.section == "§ 637a.10(h)"
    assert "too few cards remain to give each of the 8 players one" in rnd.prompt.text
    rnd = run(rnd, "common As")  # to the center
    assert [c.code for c in rnd.board] == ["As"]
    while rnd.prompt.step.startswith("bet."):
        rnd = tap(rnd, rnd.prompt.choices[0].action)  # everyone checks
    downs = {1: "Kh Ah", 2: "2s 3s", 3: "4s 5s", 4: "6s 7s", 5: "8s 9s", 6: "Ts Js", 7: "Qs Ks", 8: "Tc Jc"}
    while rnd.prompt.step.startswith("show."):
        assert rnd.prompt.cards_needed == 2  # the two cards dealt face down on third street
        rnd = run(rnd, f"{rnd.prompt.seat} shows {downs[rnd.prompt.seat]}")
    # The pot: eight $0.50 Antes and eight $1 calls of the Forced Bet, $12.  Seat 5's 9♦ 9♥ 9♠ with
    # its A♦ and the common A♠ is a full house, nines full of aces (§ 637a.10(i)(1)).
    assert lines(rnd) == {(5, "main_pot"): ("award", 12_00)}
    assert rnd.lines[0].hand.startswith("Full house") and "As" in rnd.lines[0].hand
