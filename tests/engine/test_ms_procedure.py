"""Mississippi Stud's own procedure: what stands in for the missing sections and says so, the
training shoe's order of dealing, and the irregularities once every card is dealt.

The shared checks (dealing sections, stub count, voids, limits, order of decisions and
settlement) run over this game in test_chapter_machinery.py and test_conformance.py.
"""

import pytest
from ms_play import ROUND, Hand, at, play, refuse, tap

from games.engine.core import RoundState
from games.engine.registry import game_for

GAME = game_for("mississippi-stud")
COMMON = "Procedure as commonly played; the Pennsylvania section is not available."


def test_every_prompt_whose_procedure_is_not_in_the_pennsylvania_text_says_so():
    prompts = []
    at(rules={"stub_count_due": True}, stub_count="correct", prompts=prompts)
    marked = {p.step for p in prompts if COMMON in p.text}
    # Wagers, the deal and the stub count cite Let It Ride's sections; the streets and the community
    # cards follow § 655a.1's definitions in an order that is common practice.
    assert marked == {"wagers", "deal", "stub_count", "third_street_decision", "first_community_card",
                      "fourth_street_decision", "second_community_card", "fifth_street_decision",
                      "third_community_card"}
    # The settlement and the close are in the 2014 text of § 655a.11(i)-(j): no mark.
    assert all(COMMON not in p.text for p in prompts if p.step == "settle")


@pytest.mark.parametrize(("method", "words"), [
    ("manual_shoe", "Deal from the shoe one card at a time"),
    ("hand", "Deal from the hand one card at a time"),
    ("automated_shoe", "Deliver a stack of two cards"),
    ("reshuffling_shoe", "may dispense the three community cards first"),
])
def test_the_deal_prompt_follows_the_dealing_method(method, words):
    prompt = at("deal", rules={"dealing_method": method}).prompt
    assert words in prompt.text and "seats 1, 4, 5" in prompt.text


@pytest.mark.parametrize(("method", "seat_1", "board"), [
    # One card at a time around the table, twice, then the three community cards.
    ("manual_shoe", ["As", "Ks"], ["Ah", "Kh", "Qh"]),
    # A stack of two to each seat, then the three community cards.
    ("automated_shoe", ["As", "Qs"], ["Ah", "Kh", "Qh"]),
    # The community cards first, then the stacks.
    ("reshuffling_shoe", ["Js", "Ah"], ["As", "Qs", "Ks"]),
])
def test_the_virtual_shoe_deals_in_the_order_of_the_dealing_method(method, seat_1, board):
    order = ["As", "Qs", "Ks", "Js", "Ah", "Kh", "Qh"]
    rest = [card.code for card in GAME.deck.cards() if card.code not in order]
    rnd = RoundState(GAME, {"dealing_method": method, "training": True}, shoe_order=order + rest)
    for seat in (1, 2):
        rnd = tap(rnd, {"type": "place_wager", "seat": seat, "wager": "ante", "amount": "10"})
    rnd = tap(tap(rnd, {"type": "no_more_bets"}), {"type": "deal"})
    assert [card.code for card in rnd.seats[1].cards] == seat_1
    assert [card.code for card in rnd.zone("board").cards] == board


def test_a_community_card_exposed_once_all_three_are_turned_is_refused():
    refusal = refuse(at("settle"), {"type": "irregularity", "kind": "community_card_exposed"},
                     "All 3 community cards have been turned face up")
    assert refusal.section == "§ 643a.13(d)"


def test_a_community_card_exposed_before_it_is_turned_voids_the_round():
    rnd = tap(at("second_community_card"), {"type": "irregularity", "kind": "community_card_exposed"})
    assert rnd.void_pending.section == "§ 643a.13(d)"


def test_a_shoe_jam_once_every_card_is_dealt_is_refused():
    rnd = at("third_street_decision", rules={"dealing_method": "automated_shoe"})
    refuse(rnd, {"type": "irregularity", "kind": "shoe_jam"}, "dispensed every card of the round")


def test_the_fold_is_shown_on_the_prompt_of_each_street_and_no_card_of_a_folded_seat_is_asked():
    prompts = []
    play(*ROUND, prompts=prompts)
    settled = [p.seat for p in prompts if p.step == "settle"]
    assert settled == [5, 1]  # seat 4 folded on 4th Street
    assert all(p.choices[-1].label.endswith("Fold") for p in prompts if p.step.endswith("_decision"))


def test_every_seat_folding_on_3rd_street_ends_the_round_without_a_community_card():
    rnd = play({2: Hand("10", "7c 2d", plays="fold"), 3: Hand("5", "8c 3d", plays="fold")})
    assert rnd.prompt.step == "close" and rnd.board == ()
    assert [(line.seat, line.wager, line.amount) for line in rnd.lines] == [(2, "ante", 10_00), (3, "ante", 5_00)]
