"""The irregularities of Let It Ride Poker that are its own, § 643a.13.

Every void of Chapter 643a returns every wager, the side wagers included: unlike Chapter 647a,
no wager survives one.  A void waits for a floorperson to confirm it.  What every banked poker
chapter words alike (a card found face up while dealing, a wrong number of cards, a shoe jam,
the stub count) is checked for every game in test_chapter_machinery.py.
"""

import pytest
from lir_play import ROUND, at, refuse, tap
from play import approve_void, assert_every_wager_returned

PLACED = {2: ["bet1", "bet2", "bet3", "five_card_bonus"],
          5: ["bet1", "bet2", "bet3", "three_card_bonus", "six_card_bonus"]}


def irregularity(kind, **fields):
    return {"type": "irregularity", "kind": kind, **fields}


def test_a_bet_withdrawn_before_a_void_is_returned_once():
    rnd = approve_void(tap(at("settle"), irregularity("wrong_card_count")), ROUND)
    # Seat 2's Bet 1 came back at § 643a.11(b)(2); the void returns it again in its place, not twice.
    assert [line.wager for line in rnd.lines if line.seat == 2] == ["bet1", "bet2", "bet3", "five_card_bonus"]
    assert sum(line.stake for line in rnd.lines if line.seat == 2) == 3 * 1_000 + 500


# -- § 643a.13(d): a community card exposed before the dealer turns it -----------------------------------

@pytest.mark.parametrize("phase", ["deal", "bet1_decision", "first_community_card", "bet2_decision",
                                   "second_community_card"])
def test_a_community_card_exposed_before_it_is_turned_voids_the_round(phase):
    rnd = tap(at(phase), irregularity("community_card_exposed"))
    assert_every_wager_returned(approve_void(rnd, ROUND), "§ 643a.13(d)", PLACED)


@pytest.mark.parametrize("phase", ["six_card_bonus_cards", "settle"])
def test_a_community_card_exposed_after_both_are_turned_is_refused(phase):
    refuse(at(phase), irregularity("community_card_exposed"), "Both community cards have been turned")


# -- § 643a.13(f): the automated dealing shoe jams ----------------------------------------------------------

def test_a_shoe_jam_after_the_deal_is_refused():
    # The automated shoe dispenses every card of the round at the deal (§ 643a.10(b)); nothing is left to jam.
    refuse(at("bet1_decision", rules={"dealing_method": "automated_shoe"}), irregularity("shoe_jam"),
           "dispensed every card of the round at the deal")


def test_an_irregularity_of_another_chapter_is_refused():
    # § 643a.13 has no dealer's hand to expose: Chapter 647a's § 647a.13(d) is not this chapter's.
    refuse(at("deal"), irregularity("dealer_card_exposed"), "Unknown irregularity 'dealer_card_exposed'")
