"""The round of Texas Hold 'Em Bonus Poker as the dealer plays it: prompts, order and refusals.

Every refusal leaves the round exactly as it was (``refuse`` compares the round before and
after).  The sections each dealing method's prompts cite, the limits, the first decision and the
order of settlement are checked for every game in test_chapter_machinery.py; that every citation
names a section of Chapter 647a, in test_citations.py.
"""


import pytest
from thb_play import GAME, ROUND, at, play, refuse, tap

from games.engine.core import Refused, RoundState

SEATS, BOARD, DEALER = ROUND


# -- Prompts ------------------------------------------------------------------------------------


def test_a_reshuffling_shoe_turns_the_community_cards_without_burning():
    prompts = []
    play(SEATS, BOARD, DEALER, rules={"dealing_method": "reshuffling_shoe"}, prompts=prompts)
    flop = next(p for p in prompts if p.step == "flop")
    assert "burn" not in flop.text.lower()  # § 647a.10(g): the shoe dispensed the community cards


@pytest.mark.parametrize("method", ["manual_shoe", "hand", "automated_shoe"])
def test_the_dealer_burns_a_card_before_each_community_card_is_dealt(method):
    prompts = []
    play(SEATS, BOARD, DEALER, rules={"dealing_method": method}, prompts=prompts)
    texts = [p.text for p in prompts if p.step in ("flop", "turn", "river")]
    assert len(texts) == 3 and all("Burn one card, then deal" in text for text in texts)  # § 647a.11(c), (e), (g)


def test_the_turn_and_river_wagers_equal_the_ante():
    rnd = at("turn_decision")
    rnd = tap(rnd, {"type": "decide", "seat": 1, "choice": "turn"})
    # § 647a.11(d)
    assert [choice.label for choice in rnd.prompt.choices] == ["Seat 3: Turn Wager $25.00", "Seat 3: Check"]
    assert rnd.seats[1].wagers["turn"] == 10_00


def test_the_flop_decisions_go_clockwise_and_the_later_ones_skip_the_folded_seat():
    prompts = []
    play(SEATS, BOARD, DEALER, prompts=prompts)
    asked = [(p.step, p.seat) for p in prompts if p.step.endswith("_decision")]
    assert asked == [("flop_decision", 1), ("flop_decision", 3), ("flop_decision", 5),  # § 647a.11(b)
                     ("turn_decision", 1), ("turn_decision", 3),  # § 647a.11(d): seats with a Flop Wager
                     ("river_decision", 1), ("river_decision", 3)]  # § 647a.11(f)


def test_the_deal_names_the_seats_with_an_ante():
    prompt = at("deal").prompt
    assert "seats 1, 3, 5" in prompt.text  # § 647a.8(d): each player who placed an Ante Wager


def test_the_virtual_shoe_deals_one_card_at_a_time_clockwise_the_dealer_last_and_burns_before_each_street():
    order = "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah".split()
    rnd = RoundState(GAME, {}, shoe_order=order)
    for seat in (1, 3):
        rnd = tap(rnd, {"type": "place_wager", "seat": seat, "wager": "ante", "amount": "10"})
    rnd = tap(tap(rnd, {"type": "no_more_bets"}), {"type": "deal"})
    # § 647a.8(d): seat 1, seat 3, the dealer; twice.
    assert [c.code for c in rnd.seats[1].cards] == ["As", "Js"]
    assert [c.code for c in rnd.seats[3].cards] == ["Ks", "Ts"]
    assert [c.code for c in rnd.dealer_cards] == ["Qs", "9s"]
    for seat in (1, 3):
        rnd = tap(rnd, {"type": "decide", "seat": seat, "choice": "flop"})
    rnd = tap(rnd, {"type": "cards", "target": "board"})
    assert [c.code for c in rnd.board] == ["7s", "6s", "5s"]  # § 647a.11(c): 8s burned first


# -- Refusals: each leaves the round unchanged --------------------------------------------------


def test_it_refuses_a_flop_wager_that_is_not_twice_the_ante():
    refusal = refuse(at("flop_decision"), {"type": "decide", "seat": 1, "choice": "flop", "amount": "15"},
                     r"twice the Ante \(\$20\.00\), not \$15\.00")
    assert refusal.section == "§ 647a.11(b)"


def test_it_refuses_a_turn_wager_that_is_not_equal_to_the_ante():
    rnd = at("turn_decision")
    refuse(rnd, {"type": "decide", "seat": 1, "choice": "turn", "amount": "20"}, r"equal to the Ante \(\$10\.00\)")


def test_it_refuses_a_decision_out_of_turn():
    refusal = refuse(at("flop_decision"), {"type": "decide", "seat": 3, "choice": "flop"}, "seat 1's turn")
    assert refusal.section == "§ 647a.11(b)"


def test_it_refuses_a_second_decision_by_the_same_seat():
    rnd = tap(at("flop_decision"), {"type": "decide", "seat": 1, "choice": "flop"})
    refuse(rnd, {"type": "decide", "seat": 1, "choice": "fold"}, "already decided")


def test_it_refuses_a_turn_wager_by_a_folded_seat():
    rnd = at("turn_decision")
    refuse(rnd, {"type": "decide", "seat": 5, "choice": "turn"}, "Seat 5 has no decision")


def test_it_refuses_a_turn_decision_while_the_flop_decisions_are_due():
    refuse(at("flop_decision"), {"type": "decide", "step": "turn_decision", "seat": 1, "choice": "turn"},
           "turn_decision step is not current")


def test_it_refuses_a_choice_the_step_does_not_offer():
    refuse(at("flop_decision"), {"type": "decide", "seat": 1, "choice": "check"}, "may choose flop or fold")


def test_it_refuses_a_card_already_on_the_board():
    rnd = at("turn")
    refuse(rnd, {"type": "cards", "target": "board", "cards": ["9h"]}, "9h is already on the table")


def test_it_refuses_a_dealers_card_already_on_the_board():
    refuse(at("reveal"), {"type": "cards", "target": "dealer", "cards": ["Qs", "Jc"]}, "Jc is already on the table")


def test_it_refuses_a_players_card_already_held_by_the_dealer():
    refuse(at("settle"), {"type": "cards", "target": "seat:3", "cards": ["Qs", "5d"]}, "Qs is already on the table")


def test_it_refuses_the_same_card_twice_in_one_entry():
    refuse(at("flop"), {"type": "cards", "target": "board", "cards": ["Ad", "Ad", "5c"]}, "Ad appears twice")


@pytest.mark.parametrize("code, problem", [("10d", "is not a card code"), ("Zs", "has no rank"),
                                           ("Ax", "has no suit"), ("", "is not a card code")])
def test_it_refuses_a_malformed_card_code(code, problem):
    refuse(at("flop"), {"type": "cards", "target": "board", "cards": ["2c", "3c", code]}, problem)


def test_it_refuses_the_wrong_number_of_flop_cards():
    refuse(at("flop"), {"type": "cards", "target": "board", "cards": ["2c", "3c"]}, "must be 3 cards, not 2")


def test_it_refuses_community_cards_while_a_seat_must_decide():
    refuse(at("flop_decision"), {"type": "cards", "target": "board", "cards": ["2c", "3c", "4c"]}, "Not now")


@pytest.mark.parametrize("amount", ["0", "-5", "ten", "5.001"])
def test_it_refuses_an_amount_that_is_not_a_positive_sum_of_cents(amount):
    refuse(RoundState(GAME, {}), {"type": "place_wager", "seat": 2, "wager": "ante", "amount": amount}, ".")


def test_it_refuses_a_bonus_wager_when_the_table_offers_none():
    rnd = tap(RoundState(GAME, {"bonus_paytable": ""}), {"type": "place_wager", "seat": 2, "wager": "ante",
                                                      "amount": "10"})
    refusal = refuse(rnd, {"type": "place_wager", "seat": 2, "wager": "bonus", "amount": "5"}, "not a wager")
    assert refusal.section == "§ 647a.7(d)"  # § 647a.7(d)(2): only if the Rules Submission offers it


def test_it_refuses_a_bonus_wager_before_the_ante():
    refuse(RoundState(GAME, {}), {"type": "place_wager", "seat": 2, "wager": "bonus", "amount": "5"},
           "must place its Ante before")


@pytest.mark.parametrize("seat", [7, 0, "x"])
def test_it_refuses_an_unknown_seat(seat):
    refuse(RoundState(GAME, {}), {"type": "place_wager", "seat": seat, "wager": "ante", "amount": "10"}, "seat")


def test_it_refuses_a_seat_beyond_the_six_of_647a_2_a():
    refusal = refuse(RoundState(GAME, {}), {"type": "place_wager", "seat": 7, "wager": "ante", "amount": "10"},
                     "There is no seat 7")
    assert refusal.section == "§ 647a.2(a)"


def test_it_refuses_no_more_bets_before_any_ante():
    refuse(RoundState(GAME, {}), {"type": "no_more_bets"}, "No seat has")


def test_it_refuses_a_wager_after_no_more_bets():
    refuse(at("deal"), {"type": "place_wager", "seat": 2, "wager": "ante", "amount": "10"}, "Not now")  # § 647a.7(c)


def test_it_refuses_an_action_without_a_type():
    refuse(at("deal"), {"seat": 2}, "needs a type")


def test_it_refuses_to_close_while_a_payout_approval_is_pending():
    rnd = play(SEATS, BOARD, DEALER, rules={"approval_threshold": "100"})
    # Seat 1: $10 + $20 + $10 + $10 at 1 to 1 (§ 647a.12(a)) + ace-king suited 25 to 1 on $5 = $125
    # (§ 647a.12(b) A): $175, at or above the table's $100.
    (approval,) = rnd.approvals
    assert (approval.kind, approval.seat, approval.status) == ("payout", 1, "pending")
    assert "$175.00" in approval.reason
    assert rnd.prompt.waiting_for_floor
    refuse(rnd, {"type": "close"}, "approval is pending")


def test_a_round_closes_once_the_floorperson_approves_the_payout():
    rnd = play(SEATS, BOARD, DEALER, rules={"approval_threshold": "100"})
    rnd = tap(tap(rnd, {"type": "approve", "approval": 1}), {"type": "close"})
    assert rnd.closed and rnd.prompt is None


def test_a_refused_payout_approval_sends_the_seat_back_to_card_entry():
    rnd = play(SEATS, BOARD, DEALER, rules={"approval_threshold": "100"})
    rnd = tap(rnd, {"type": "refuse", "approval": 1})
    assert (rnd.prompt.step, rnd.prompt.cards_for) == ("settle", "seat:1")
    assert not [line for line in rnd.lines if line.seat == 1]
    rnd = tap(rnd, {"type": "cards", "target": "seat:1", "cards": ["Ah", "Kh"]})
    assert [a.status for a in rnd.approvals] == ["refused", "pending"]


def test_after_a_refused_payout_the_dealer_is_told_so_why_and_the_floorpersons_note():
    rnd = play(SEATS, BOARD, DEALER, rules={"approval_threshold": "100"})
    rnd = tap(rnd, {"type": "refuse", "approval": 1, "note": "the turn card was the 9 of clubs"})
    # Seat 1's $175 (worked out above) was at or above the table's $100.
    assert rnd.prompt.text.startswith(
        "The floorperson refused seat 1's payout: check and re-enter seat 1's cards (refused: payout of $175.00 "
        "(table requires approval from $100.00)). The floorperson's note: the turn card was the 9 of clubs. "
        "Turn seat 1's two cards face up and settle its wagers")
    # Entered again and sent to the floorperson again: the refusal is no longer what the screen says.
    rnd = tap(rnd, {"type": "cards", "target": "seat:1", "cards": ["Ah", "Kh"]})
    rnd = tap(rnd, {"type": "approve", "approval": 2})
    assert "refused" not in rnd.prompt.text


def test_a_payout_below_the_threshold_needs_no_approval():
    rnd = play(SEATS, BOARD, DEALER, rules={"approval_threshold": "176"})  # seat 1 wins $175
    assert rnd.approvals == [] and rnd.prompt.choices[0].action == {"type": "close", "step": "close"}


def test_it_refuses_an_action_on_a_closed_round():
    rnd = tap(play(SEATS, BOARD, DEALER), {"type": "close"})
    refuse(rnd, {"type": "close"}, "closed")


@pytest.mark.parametrize("rules, problem", [
    ({"bonus_paytable": "C"}, "one of A, B"),  # § 647a.12(b) has Paytables A and B
    ({"ante_returned_below": "pair"}, "straight"),  # § 647a.11(h)(2)(ii): a straight or a flush
    ({"dealing_method": "shuffle_master"}, "manual_shoe"),  # §§ 647a.8-647a.10
    ({"min_ante": "50", "max_ante": "10"}, "minimum"),
    ({"table_color": "green"}, "Unknown rules option"),
])
def test_it_refuses_rules_options_the_chapter_does_not_allow(rules, problem):
    with pytest.raises(Refused, match=problem):
        RoundState(GAME, rules)
