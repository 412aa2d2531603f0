"""Irregularities of Texas Hold 'Em Bonus Poker, § 647a.13, and the stub count of § 647a.8(f)-(h).

A void waits for a floorperson; once approved every wager comes back with outcome "void",
except the Texas Hold 'Em Bonus Wager where § 647a.13(a) (cards found face up after the
initial two cards) or § 647a.13(d) (a dealer's card exposed early) keeps it alive.
"""

import pytest
from thb_play import GAME, Hand, outcomes, play, refuse, tap, turn_cards

from games.engine.cards import deck
from games.engine.core import RoundState

# Seat 1: Ante $10, Bonus $5 on ace-king suited; seat 3: Ante $25, no Bonus; seat 5: Ante $5,
# Bonus $5 on king-king, folds.
SEATS = {1: Hand("10", "Ah Kh", bonus="5", plays="flop turn river"),
         3: Hand("25", "4c 5d", plays="flop check check"),
         5: Hand("5", "Kc Kd", bonus="5", plays="fold")}
BOARD, DEALER = "2h 7h 9h Jc 3d", "Qs Qd"


def at(phase, *, rules=None, seats=SEATS, stub_count=None):
    return play(seats, BOARD, DEALER, rules=rules, until=phase, stub_count=stub_count)


def irregularity(rnd, kind, **extra):
    return tap(rnd, {"type": "irregularity", "kind": kind, **extra})


def approve_void(rnd, seats=SEATS, dealer=DEALER):
    """The floorperson approves the void; the dealer turns whatever cards the settlement asks for."""
    (pending,) = [a for a in rnd.approvals if a.status == "pending"]
    assert pending.kind == "void"
    return turn_cards(tap(rnd, {"type": "approve", "approval": pending.id}), seats, dealer)


def all_returned(rnd):
    """Every wager of every seat, returned as void (amount 0)."""
    return {seat: {wager: ("void", 0) for wager in rnd.seats[seat].wagers} for seat in rnd.seats}


def settled(rnd):
    return {seat: outcomes(rnd, seat) for seat in rnd.seats}


# -- One card face up: § 647a.13(a), first sentence ---------------------------------------------


def test_one_card_found_face_up_is_taken_out_of_play_and_the_round_goes_on():
    before = at("deal")
    rnd = irregularity(before, "card_face_up", card="7c")
    assert rnd.void_pending is None and rnd.void is None
    assert rnd.prompt.step == before.prompt.step == "deal"
    assert [card.code for card in rnd.discarded] == ["7c"]
    assert rnd.approvals == []


def test_the_card_found_face_up_cannot_be_used_later_in_the_round():
    face_up = {"type": "irregularity", "kind": "card_face_up", "card": "Jc"}
    rnd = play(SEATS, BOARD, DEALER, before={"deal": [face_up]}, until="flop")
    refuse(rnd, {"type": "cards", "target": "board", "cards": ["2h", "7h", "Jc"]}, "Jc is already on the table")


# -- More than one card face up: § 647a.13(a) ----------------------------------------------------


def test_a_second_card_face_up_voids_the_round_pending_a_floorpersons_approval():
    rnd = irregularity(irregularity(at("deal"), "card_face_up", card="7c"), "card_face_up", card="8c")
    assert rnd.prompt.waiting_for_floor and rnd.prompt.section == "§ 647a.13(a)"
    (approval,) = rnd.approvals
    assert (approval.kind, approval.status, approval.section) == ("void", "pending", "§ 647a.13(a)")
    refuse(rnd, {"type": "deal"}, "waits for a floorperson")


def test_two_cards_face_up_during_the_deal_return_every_wager_including_the_bonus():
    rnd = irregularity(irregularity(at("deal"), "card_face_up", card="7c"), "card_face_up", card="8c")
    rnd = approve_void(rnd)
    assert settled(rnd) == all_returned(rnd)  # § 647a.13(a): all wagers returned
    assert {line.section for line in rnd.lines} == {"§ 647a.13(a)"}
    assert rnd.prompt.step == "close"


def test_two_cards_face_up_after_the_initial_deal_still_settle_the_bonus_wagers():
    rnd = irregularity(at("flop"), "card_face_up", card="8c")
    rnd = irregularity(rnd, "card_face_up", card="8d")
    rnd = approve_void(rnd)
    assert settled(rnd) == {
        1: {"ante": ("void", 0), "flop": ("void", 0),  # § 647a.13(a): wagers returned
            "bonus": ("win", 125_00)},  # § 647a.13(a), § 647a.12(b) A: ace-king suited 25 to 1 on $5 = $125
        3: {"ante": ("void", 0), "flop": ("void", 0)},  # § 647a.13(a)
        5: {"ante": ("void", 0),  # § 647a.13(a): all wagers returned, the folded Ante too
            "bonus": ("win", 50_00)},  # § 647a.12(b) A: king-king 10 to 1 on $5 = $50
    }


def test_a_bonus_wager_that_pays_nothing_is_collected_in_a_void_after_the_deal():
    seats = {2: Hand("10", "9c 8d", bonus="5")}
    rnd = irregularity(irregularity(at("flop", seats=seats), "card_face_up", card="4c"), "card_face_up",
                       card="4s")
    rnd = approve_void(rnd, seats)
    assert outcomes(rnd, 2) == {"ante": ("void", 0), "flop": ("void", 0),
                                "bonus": ("lose", 5_00)}  # § 647a.12(b): nine-eight pays nothing


def test_a_void_after_the_deal_pays_ace_ace_dealer_and_player_when_the_dealer_holds_two_aces():
    # § 647a.13(a): the Bonus Wager is settled by § 647a.12(b), whose Paytable A pays
    # "Ace-ace (dealer and player)" 1,000 to 1: the dealer's two cards decide between that row
    # and "Ace-ace" (30 to 1), so the void must take them into account.
    seats = {2: Hand("10", "As Ah", bonus="5")}
    rnd = irregularity(irregularity(at("flop", seats=seats), "card_face_up", card="4c"), "card_face_up",
                       card="4s")
    rnd = approve_void(rnd, seats, dealer="Ad Ac")
    assert outcomes(rnd, 2)["bonus"] == ("win", 5_000_00)  # § 647a.12(b) A: 1,000 to 1 on $5 = $5,000


def test_a_card_reading_shoe_settles_ace_ace_dealer_and_player_in_a_void():
    seats = {2: Hand("10", "As Ah", bonus="5")}
    rnd = play(seats, BOARD, "Ad Ac", until="flop", card_reader=True)
    rnd = approve_void(irregularity(irregularity(rnd, "card_face_up", card="4c"), "card_face_up", card="4s"))
    assert outcomes(rnd, 2)["bonus"] == ("win", 5_000_00)  # § 647a.12(b) A: 1,000 to 1 on $5 = $5,000


# -- Incorrect number of cards: § 647a.13(c) -----------------------------------------------------


def test_an_incorrect_number_of_cards_voids_the_round_and_returns_every_wager():
    rnd = approve_void(irregularity(at("flop"), "wrong_card_count"))
    assert settled(rnd) == all_returned(rnd)  # § 647a.13(c): the Bonus Wager too
    assert {line.section for line in rnd.lines} == {"§ 647a.13(c)"}


def test_a_refused_void_lets_the_round_go_on_at_the_same_prompt():
    before = at("flop")
    rnd = irregularity(before, "wrong_card_count")
    rnd = tap(rnd, {"type": "refuse", "approval": 1})
    assert rnd.void is None and rnd.void_pending is None
    assert rnd.prompt == before.prompt
    rnd = tap(rnd, {"type": "cards", "target": "board", "cards": ["2h", "7h", "9h"]})
    assert rnd.prompt.step == "turn_decision"


def test_an_irregularity_while_the_round_is_taking_wagers_is_refused():
    refuse(at("no_more_bets"), {"type": "irregularity", "kind": "wrong_card_count"}, "still taking wagers")


def test_an_unknown_irregularity_is_refused():
    refuse(at("flop"), {"type": "irregularity", "kind": "spilled_drink"}, "Unknown irregularity")


# -- A dealer's card exposed: § 647a.13(d) -------------------------------------------------------


def test_a_dealer_card_exposed_before_the_decisions_end_returns_the_main_wagers_and_settles_the_bonus():
    rnd = irregularity(at("turn_decision"), "dealer_card_exposed")
    assert rnd.approvals[0].section == "§ 647a.13(d)"
    rnd = approve_void(rnd)
    assert settled(rnd) == {
        1: {"ante": ("void", 0), "flop": ("void", 0),  # § 647a.13(d): Ante and Flop returned
            "bonus": ("win", 125_00)},  # § 647a.13(d), § 647a.12(b) A: ace-king suited 25 to 1 on $5 = $125
        3: {"ante": ("void", 0), "flop": ("void", 0)},
        5: {"ante": ("void", 0), "bonus": ("win", 50_00)},  # § 647a.12(b) A: king-king 10 to 1 on $5 = $50
    }
    assert rnd.prompt.step == "close"


def test_a_dealer_card_exposed_during_the_river_decisions_returns_the_turn_wager_too():
    rnd = play(SEATS, BOARD, DEALER, until="river_decision")
    rnd = approve_void(irregularity(rnd, "dealer_card_exposed"))
    assert outcomes(rnd, 1) == {"ante": ("void", 0), "flop": ("void", 0), "turn": ("void", 0),  # § 647a.13(d)
                                "bonus": ("win", 125_00)}  # § 647a.12(b) A: 25 to 1 on $5


@pytest.mark.parametrize("phase", ["river", "reveal", "settle"])
def test_a_dealer_card_exposed_after_every_decision_is_not_a_void(phase):
    refusal = refuse(at(phase), {"type": "irregularity", "kind": "dealer_card_exposed"}, "applies only")
    assert refusal.section == "§ 647a.13(d)"


def test_a_dealer_card_exposed_after_every_player_folded_is_not_a_void():
    seats = {2: Hand("10", "Kc Kd", bonus="5", plays="fold")}
    refuse(at("flop", seats=seats), {"type": "irregularity", "kind": "dealer_card_exposed"}, "applies only")


def test_a_dealer_card_exposed_during_the_deal_is_a_void():
    rnd = irregularity(at("deal"), "dealer_card_exposed")
    assert rnd.void_pending.section == "§ 647a.13(d)"


# -- Automated shoe jam: § 647a.13(f) ------------------------------------------------------------


@pytest.mark.parametrize("method", ["manual_shoe", "hand"])
def test_a_shoe_jam_is_refused_on_a_table_without_an_automated_shoe(method):
    rnd = at("flop", rules={"dealing_method": method})
    refusal = refuse(rnd, {"type": "irregularity", "kind": "shoe_jam"}, "does not deal from an automated shoe")
    assert refusal.section == "§ 647a.13(f)"


@pytest.mark.parametrize("method", ["automated_shoe", "reshuffling_shoe"])
def test_a_shoe_jam_voids_the_round_and_returns_every_wager_including_the_bonus(method):
    rnd = approve_void(irregularity(at("flop", rules={"dealing_method": method}), "shoe_jam"))
    assert settled(rnd) == all_returned(rnd)  # § 647a.13(f): all wagers returned
    assert {line.section for line in rnd.lines} == {"§ 647a.13(f)"}


# -- The stub count: § 647a.8(f)-(h), § 647a.9(d)-(f), § 647a.10(d)-(f) ---------------------------

STUB_DUE = {"stub_count_due": True}


def test_the_stub_count_is_prompted_after_the_river_when_it_is_due():
    rnd = at("stub_count", rules=STUB_DUE, stub_count="correct")
    assert (rnd.prompt.step, rnd.prompt.section) == ("stub_count", "§ 647a.8(f)")
    assert [c.action["result"] for c in rnd.prompt.choices] == ["correct", "misdealt", "incorrect"]


@pytest.mark.parametrize("rules", [{}, {"stub_count_due": True, "counting_shuffler": True}])
def test_no_stub_count_is_prompted_when_not_due_or_with_a_counting_shuffler(rules):
    prompts = []
    play(SEATS, BOARD, DEALER, rules=rules, prompts=prompts)
    assert "stub_count" not in {p.step for p in prompts}


def test_a_correct_stub_count_lets_the_round_go_on_to_the_reveal():
    rnd = play(SEATS, BOARD, DEALER, rules=STUB_DUE, stub_count="correct", until="reveal")
    assert rnd.prompt.step == "reveal" and rnd.void_pending is None  # § 647a.8(g)


@pytest.mark.parametrize("result, deck_removed", [("misdealt", False), ("incorrect", True)])
def test_a_wrong_stub_count_voids_the_round_and_returns_every_wager(result, deck_removed):
    rnd = play(SEATS, BOARD, DEALER, rules=STUB_DUE, stub_count=result, until="reveal")
    assert rnd.prompt.waiting_for_floor
    rnd = approve_void(rnd)
    assert settled(rnd) == all_returned(rnd)  # § 647a.8(h): all hands void, all wagers returned
    assert {line.section for line in rnd.lines} == {"§ 647a.8(h)"}
    # § 647a.8(h): if the cards were not misdealt, the entire deck is removed from the table.
    assert rnd.void.removes_deck is deck_removed


@pytest.mark.parametrize("method, section", [("hand", "§ 647a.9(f)"), ("automated_shoe", "§ 647a.10(f)")])
def test_a_wrong_stub_count_cites_the_misdeal_rule_of_the_tables_dealing_method(method, section):
    rnd = play(SEATS, BOARD, DEALER, rules={**STUB_DUE, "dealing_method": method}, stub_count="misdealt",
               until="reveal")
    assert (rnd.void_pending.section, rnd.approvals[0].section) == (section, section)


def test_an_unknown_stub_count_result_is_refused():
    rnd = at("stub_count", rules=STUB_DUE, stub_count="correct")
    refuse(rnd, {"type": "stub_count", "result": "about right"}, "correct, misdealt")


# -- After a void ------------------------------------------------------------------------------


def test_a_void_round_refuses_a_second_irregularity():
    rnd = irregularity(at("flop"), "wrong_card_count")
    refuse(rnd, {"type": "irregularity", "kind": "dealer_card_exposed"}, "already being voided")


def test_a_void_round_closes_without_a_payout_approval_for_the_returned_wagers():
    rnd = approve_void(irregularity(at("flop", rules={"approval_threshold": "1"}), "wrong_card_count"))
    rnd = tap(rnd, {"type": "close"})
    assert rnd.closed and [a.kind for a in rnd.approvals] == ["void"]


@pytest.mark.parametrize("phase", ["reveal", "settle"])
def test_a_card_found_face_up_after_every_card_is_dealt_is_refused(phase):
    # § 647a.13(a): the rule is about a card found face up "while the cards are being dealt";
    # once the River is turned, the hands are known and no longer void.
    refusal = refuse(at(phase), {"type": "irregularity", "kind": "card_face_up", "card": "8c"}, "has been dealt")
    assert refusal.section == "§ 647a.13(a)"


def test_a_card_found_face_up_in_the_virtual_shoe_is_never_dealt():
    # § 647a.13(a): the card "may not be used in that round of play".  Training mode's shoe holds
    # the Ace of spades next; reported face up, it goes to the discards and the deal skips it.
    order = ["As"] + [card.code for card in deck() if card.code != "As"]
    rnd = RoundState(GAME, {}, shoe_order=order)
    for action in ({"type": "place_wager", "seat": 1, "wager": "ante", "amount": "10"}, {"type": "no_more_bets"},
                   {"type": "irregularity", "kind": "card_face_up", "card": "As"}, {"type": "deal"}):
        rnd = tap(rnd, action)
    dealt = {card.code for card in rnd.seats[1].cards + rnd.dealer_cards}
    assert "As" not in dealt and len(dealt) == 4
