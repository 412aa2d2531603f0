"""The round of Texas Hold 'Em Bonus Poker as the dealer plays it: prompts, order and refusals.

Every refusal leaves the round exactly as it was (``refuse`` compares the round before and
after), and every prompt, settlement line and irregularity cites a section that exists in
Chapter 647a.
"""


import pytest
from citations import Chapter
from thb_play import GAME, Hand, play, refuse, tap, turn_cards

from games.engine.core import Refused, RoundState
from games.engine.paytables import paytables_for

SEATS = {1: Hand("10", "Ah Kh", bonus="5", plays="flop turn river"),
         3: Hand("25", "4c 5d", plays="flop check check"),
         5: Hand("5", "Kc Kd", bonus="5", plays="fold")}
BOARD, DEALER = "2h 7h 9h Jc 3d", "Qs Qd"


def at(phase, *, rules=None, seats=SEATS):
    """The round just before the first action of ``phase``."""
    return play(seats, BOARD, DEALER, rules=rules, until=phase)


# -- Prompts and their sections, for every dealing method --------------------------------------

COMMON = {
    "flop_decision": "§ 647a.11(b)", "flop": "§ 647a.11(c)", "turn_decision": "§ 647a.11(d)",
    "turn": "§ 647a.11(e)", "river_decision": "§ 647a.11(f)", "river": "§ 647a.11(g)",
    "reveal": "§ 647a.11(h)", "settle": "§ 647a.11(h)", "settle_bonus": "§ 647a.11(b)(2)(i)(A)",
}
METHODS = {
    # method: (wagers and "no more bets", the deal, the stub count)
    "manual_shoe": ("§ 647a.8(b)", "§ 647a.8(d)", "§ 647a.8(f)"),
    "hand": ("§ 647a.9(b)", "§ 647a.9(b)", "§ 647a.9(d)"),
    "automated_shoe": ("§ 647a.10(a)(2)", "§ 647a.10(b)", "§ 647a.10(d)"),
}


@pytest.mark.parametrize("method", METHODS)
def test_each_prompt_names_the_section_of_the_tables_dealing_method(method):
    prompts = []
    rnd = play(SEATS, BOARD, DEALER, rules={"dealing_method": method, "stub_count_due": True},
               stub_count="correct", prompts=prompts)
    wagers, deal, stub = METHODS[method]
    expected = {"wagers": wagers, "deal": deal, "stub_count": stub, **COMMON}
    assert {p.step: p.section for p in prompts} == expected
    assert rnd.prompt.section == "§ 647a.11(k)"  # cards to the discard rack, each hand reconstructible


def test_a_reshuffling_shoe_deals_under_647a_10_g_and_turns_the_community_cards_without_burning():
    prompts = []
    play(SEATS, BOARD, DEALER, rules={"dealing_method": "reshuffling_shoe"}, prompts=prompts)
    sections = {p.step: p.section for p in prompts}
    assert (sections["wagers"], sections["deal"]) == ("§ 647a.10(a)(2)", "§ 647a.10(g)")
    flop = next(p for p in prompts if p.step == "flop")
    assert "burn" not in flop.text.lower()  # § 647a.10(g): the shoe dispensed the community cards


@pytest.mark.parametrize("method", ["manual_shoe", "hand", "automated_shoe"])
def test_the_dealer_burns_a_card_before_each_community_card_is_dealt(method):
    prompts = []
    play(SEATS, BOARD, DEALER, rules={"dealing_method": method}, prompts=prompts)
    texts = [p.text for p in prompts if p.step in ("flop", "turn", "river")]
    assert len(texts) == 3 and all("Burn one card, then deal" in text for text in texts)  # § 647a.11(c), (e), (g)


def test_the_flop_decision_offers_twice_the_ante_and_names_the_next_seats():
    prompt = at("flop_decision").prompt
    assert (prompt.seat, prompt.section) == (1, "§ 647a.11(b)")
    # Twice the $10 Ante; each button names its seat, so a second tap cannot decide the next seat unseen.
    assert [choice.label for choice in prompt.choices] == ["Seat 1: Flop Wager $20.00", "Seat 1: Fold"]
    assert prompt.upcoming.startswith("next: seat 3, seat 5")


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


def test_it_refuses_to_settle_seats_out_of_the_counterclockwise_order():
    refusal = refuse(at("settle"), {"type": "cards", "target": "seat:1", "cards": ["Ah", "Kh"]},
                     "Seat 3 is settled now")
    assert refusal.section == "§ 647a.11(h)"


@pytest.mark.parametrize("wager, amount, limits", [
    ("ante", "4.99", r"\$5\.00 to \$500\.00"),  # the table's default Ante limits
    ("ante", "500.01", r"\$5\.00 to \$500\.00"),
    ("bonus", "0.50", r"\$1\.00 to \$100\.00"),  # the table's default Bonus Wager limits
    ("bonus", "101", r"\$1\.00 to \$100\.00"),
])
def test_it_refuses_a_wager_outside_the_tables_limits(wager, amount, limits):
    rnd = tap(RoundState(GAME, {}), {"type": "place_wager", "seat": 2, "wager": "ante", "amount": "10"})
    refusal = refuse(rnd, {"type": "place_wager", "seat": 2, "wager": wager, "amount": amount}, limits)
    assert refusal.section == "§ 647a.7(d)"


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


# -- Every citation names a real section of Chapter 647a ----------------------------------------

CHAPTER = Chapter("647a")


def every_citation():
    """The sections of every prompt, settlement line, irregularity and paytable the engine can show."""
    citations = {irregularity.section for irregularity in GAME.irregularities.values()}
    citations |= {GAME.MULTIPLE_FACE_UP_BEFORE_DEAL.section, GAME.MULTIPLE_FACE_UP_AFTER_DEAL.section,
                  GAME.wager_section, GAME.table_section}
    citations |= {table.section for table in paytables_for(GAME.slug, "bonus")}
    rounds = []
    for method in ("manual_shoe", "hand", "automated_shoe", "reshuffling_shoe"):
        stub = "correct" if method != "reshuffling_shoe" else None
        rules = {"dealing_method": method, "stub_count_due": True, "approval_threshold": "100"}
        prompts = []
        rounds.append(play(SEATS, BOARD, DEALER, rules=rules, stub_count=stub, prompts=prompts))
        citations |= {p.section for p in prompts}
    rounds.append(play({1: Hand("500", "As Ah", bonus="100", plays="flop turn river"),
                        2: Hand("10", "2c 3c", plays="flop turn river")},
                       "Ks 9s 5s 2s 7d", "Ad Ac"))  # capped, lost
    rounds.append(play({1: Hand("10", "2c 3d")}, "As Ks Qd Jc Th", "4c 5d"))  # push
    rounds.append(play({1: Hand("10", "9c 9d")}, BOARD, DEALER))  # Ante returned below a straight
    refusals = [(at("flop_decision"), {"type": "decide", "seat": 1, "choice": "flop", "amount": "15"}),
                (at("flop_decision"), {"type": "decide", "seat": 3, "choice": "flop"}),
                (at("turn_decision"), {"type": "decide", "seat": 1, "choice": "turn", "amount": "1"}),
                (at("settle"), {"type": "cards", "target": "seat:1", "cards": ["Ah", "Kh"]}),
                (at("reveal"), {"type": "irregularity", "kind": "dealer_card_exposed"}),
                (at("flop"), {"type": "irregularity", "kind": "shoe_jam"}),
                (RoundState(GAME, {}), {"type": "place_wager", "seat": 7, "wager": "ante", "amount": "10"}),
                (RoundState(GAME, {}), {"type": "place_wager", "seat": 1, "wager": "ante", "amount": "1"})]
    for rnd, action in refusals:
        with pytest.raises(Refused) as refusal:
            tap(rnd, action)
        citations.add(refusal.value.section)
    for kind, phase in (("wrong_card_count", "flop"), ("dealer_card_exposed", "turn_decision")):
        rnd = tap(at(phase), {"type": "irregularity", "kind": kind})
        citations.add(rnd.prompt.section)
        prompts = []
        rounds.append(turn_cards(tap(rnd, {"type": "approve", "approval": 1}), SEATS, DEALER, prompts))
        citations |= {p.section for p in prompts}
    for rnd in rounds:
        citations |= {line.section for line in rnd.lines} | {a.section for a in rnd.approvals}
        citations.add(rnd.prompt.section)
    return citations


def test_the_seed_file_gives_the_thirteen_sections_of_the_chapter():
    assert sorted(CHAPTER.sections) == list(range(1, 14))


def test_the_citation_check_rejects_sections_the_chapter_does_not_have():
    assert CHAPTER.names_a_real_section("§ 647a.11(h)(2)(iii)")
    assert not CHAPTER.names_a_real_section("§ 647a.14")
    assert not CHAPTER.names_a_real_section("§ 647a.13(h)")
    assert not CHAPTER.names_a_real_section("§ 647a.13(c)(1)")


def test_every_section_the_engine_cites_exists_in_chapter_647a():
    citations = every_citation()
    assert len(citations) > 20
    assert sorted(c for c in citations if not CHAPTER.names_a_real_section(c)) == []

