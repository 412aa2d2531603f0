"""The irregularities of § 643a.13 and the stub count of §§ 643a.8-643a.10.

Every void of Chapter 643a returns every wager, the side wagers included: unlike Chapter 647a,
no wager survives one.  A void waits for a floorperson to confirm it.
"""

import pytest
from lir_play import Hand, outcomes, play, refuse, tap

SEATS = {2: Hand("10", "Ah Kh 4c", plays="pull ride", five_card_bonus="5"),
         5: Hand("25", "Tc Td 2s", plays="ride ride", three_card_bonus="5", six_card_bonus="5")}
BOARD, SIX_CARDS = "Th 3c", "9c Ts 2d"
RULES = {"five_card_bonus_paytable": "A", "three_card_bonus_paytable": "A", "six_card_bonus_paytable": "A"}
EVERY_WAGER = {2: ["bet1", "bet2", "bet3", "five_card_bonus"],
               5: ["bet1", "bet2", "bet3", "three_card_bonus", "six_card_bonus"]}


def at(phase, *, rules=None, before=None, stub_count=None):
    return play(SEATS, BOARD, SIX_CARDS, rules={**RULES, **(rules or {})}, until=phase, before=before,
                stub_count=stub_count)


def irregularity(kind, **fields):
    return {"type": "irregularity", "kind": kind, **fields}


def confirmed(rnd):
    """The floorperson confirms the void the round waits on."""
    pending = next(a for a in rnd.approvals if a.kind == "void" and a.status == "pending")
    return tap(rnd, {"type": "approve", "approval": pending.id})


def assert_every_wager_returned(rnd, section):
    assert rnd.void is not None and rnd.void.section == section
    for seat, wagers in EVERY_WAGER.items():
        assert outcomes(rnd, seat) == {wager: ("void", 0) for wager in wagers}
    assert [line.section for line in rnd.lines] == [section] * 9
    assert rnd.prompt.step == "close"


# -- § 643a.13(a): a card found face up while dealing --------------------------------------------------

def test_one_card_found_face_up_while_dealing_is_taken_out_of_play_and_the_round_goes_on():
    rnd = tap(at("deal"), irregularity("card_face_up", card="Qs"))
    assert rnd.void_pending is None and [card.code for card in rnd.discarded] == ["Qs"]
    assert rnd.prompt.step == "deal"


def test_the_card_found_face_up_cannot_be_used_later_in_the_round():
    rnd = at("settle", before={"deal": [irregularity("card_face_up", card="Qs")]})
    refuse(rnd, {"type": "cards", "target": "seat:5", "cards": ["Qs", "Td", "2s"]}, "Qs is already on the table")


def test_a_second_card_found_face_up_voids_the_round_and_returns_every_wager():
    rnd = tap(tap(at("deal"), irregularity("card_face_up")), irregularity("card_face_up"))
    assert rnd.void_pending.label == "More than one card found face up while dealing"
    assert rnd.prompt.waiting_for_floor
    assert_every_wager_returned(confirmed(rnd), "§ 643a.13(a)")


@pytest.mark.parametrize("phase", ["bet1_decision", "second_community_card", "settle"])
def test_a_card_found_face_up_after_the_deal_is_refused(phase):
    # Every card of the round is dealt at once (§ 643a.8(d)-(e)): none is dealt after the deal.
    refuse(at(phase), irregularity("card_face_up"), "Every card of the round has been dealt")


# -- § 643a.13(c): an incorrect number of cards ----------------------------------------------------------

@pytest.mark.parametrize("phase", ["deal", "bet2_decision", "settle"])
def test_an_incorrect_number_of_cards_voids_the_round_and_returns_every_wager(phase):
    rnd = tap(at(phase), irregularity("wrong_card_count"))
    assert_every_wager_returned(confirmed(rnd), "§ 643a.13(c)")


def test_a_bet_withdrawn_before_a_void_is_returned_once():
    rnd = confirmed(tap(at("settle"), irregularity("wrong_card_count")))
    # Seat 2's Bet 1 came back at § 643a.11(b)(2); the void returns it again in its place, not twice.
    assert [line.wager for line in rnd.lines if line.seat == 2] == ["bet1", "bet2", "bet3", "five_card_bonus"]
    assert sum(line.stake for line in rnd.lines if line.seat == 2) == 3 * 1_000 + 500


def test_a_void_refused_by_the_floorperson_lets_the_round_go_on_at_the_same_prompt():
    before = at("bet2_decision")
    rnd = tap(tap(before, irregularity("wrong_card_count")), {"type": "refuse", "approval": 1})
    assert rnd.void is None and rnd.prompt == before.prompt
    assert rnd.approvals[0].status == "refused"


# -- § 643a.13(d): a community card exposed before the dealer turns it -----------------------------------

@pytest.mark.parametrize("phase", ["deal", "bet1_decision", "first_community_card", "bet2_decision",
                                   "second_community_card"])
def test_a_community_card_exposed_before_it_is_turned_voids_the_round(phase):
    rnd = tap(at(phase), irregularity("community_card_exposed"))
    assert_every_wager_returned(confirmed(rnd), "§ 643a.13(d)")


@pytest.mark.parametrize("phase", ["six_card_bonus_cards", "settle"])
def test_a_community_card_exposed_after_both_are_turned_is_refused(phase):
    refuse(at(phase), irregularity("community_card_exposed"), "Both community cards have been turned")


def test_an_irregularity_while_the_round_is_taking_wagers_is_refused():
    refuse(at("no_more_bets"), irregularity("community_card_exposed"), "still taking wagers")


# -- § 643a.13(f): the automated dealing shoe jams ----------------------------------------------------------

@pytest.mark.parametrize("method", ["automated_shoe", "reshuffling_shoe"])
def test_a_shoe_jam_during_the_deal_voids_the_round_and_returns_every_wager(method):
    rnd = tap(at("deal", rules={"dealing_method": method}), irregularity("shoe_jam"))
    assert_every_wager_returned(confirmed(rnd), "§ 643a.13(f)")


def test_a_shoe_jam_after_the_deal_is_refused():
    # The automated shoe dispenses every card at the deal (§ 643a.10(b)); nothing is left to jam.
    refuse(at("bet1_decision", rules={"dealing_method": "automated_shoe"}), irregularity("shoe_jam"),
           "dispensed every card of the round at the deal")


@pytest.mark.parametrize("method", ["manual_shoe", "hand"])
def test_a_shoe_jam_is_refused_on_a_table_without_an_automated_shoe(method):
    refuse(at("deal", rules={"dealing_method": method}), irregularity("shoe_jam"), "does not deal from an automated")


def test_an_unknown_irregularity_is_refused():
    refuse(at("deal"), irregularity("dealer_card_exposed"), "Unknown irregularity 'dealer_card_exposed'")


def test_a_void_round_refuses_a_second_irregularity():
    rnd = tap(at("deal"), irregularity("wrong_card_count"))
    refuse(rnd, irregularity("community_card_exposed"), "already being voided")


def test_a_void_round_closes_without_a_payout_approval_for_the_returned_wagers():
    rnd = confirmed(tap(at("settle", rules={"approval_threshold": "1"}), irregularity("wrong_card_count")))
    rnd = tap(rnd, {"type": "close"})
    assert rnd.closed and [a.kind for a in rnd.approvals] == ["void"]


# -- The stub count, § 643a.8(f)-(h), § 643a.9(d)-(f), § 643a.10(d)-(f) -------------------------------------

def test_the_stub_count_is_prompted_right_after_the_deal_when_it_is_due():
    rnd = at("bet1_decision", rules={"stub_count_due": True})
    assert rnd.prompt.step == "stub_count" and rnd.prompt.section == "§ 643a.8(f)"


@pytest.mark.parametrize("rules", [{}, {"stub_count_due": True, "counting_shuffler": True},
                                   {"stub_count_due": True, "dealing_method": "reshuffling_shoe"}])
def test_no_stub_count_is_prompted_when_not_due_with_a_counting_shuffler_or_a_reshuffling_shoe(rules):
    assert at("bet1_decision", rules=rules).prompt.step == "bet1_decision"


def test_a_correct_stub_count_lets_the_round_go_on_to_bet_1():
    rnd = at("bet1_decision", rules={"stub_count_due": True}, stub_count="correct")
    assert rnd.prompt.step == "bet1_decision" and rnd.void_pending is None


@pytest.mark.parametrize(("result", "deck_removed"), [("misdealt", False), ("incorrect", True)])
def test_a_wrong_stub_count_voids_the_round_and_returns_every_wager(result, deck_removed):
    rnd = at("bet1_decision", rules={"stub_count_due": True}, stub_count=result)
    assert rnd.void_pending.removes_deck is deck_removed
    assert_every_wager_returned(confirmed(rnd), "§ 643a.8(h)")


@pytest.mark.parametrize(("method", "section"), [("hand", "§ 643a.9(f)"), ("automated_shoe", "§ 643a.10(f)")])
def test_a_wrong_stub_count_cites_the_misdeal_rule_of_the_tables_dealing_method(method, section):
    rnd = at("bet1_decision", rules={"stub_count_due": True, "dealing_method": method}, stub_count="misdealt")
    assert rnd.void_pending.section == section
