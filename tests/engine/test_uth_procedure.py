"""Ultimate Texas Hold 'Em Poker's round, as commonly played (§§ 653a.7-653a.11 are not available).

Every prompt of that procedure says so, and the dealing methods are the hold'em chapters' shared
ones, cited from Chapter 677a.  Outcomes are in test_uth_settlement.py.
"""

import pytest
from uth_play import Hand, at

MARK = "(Procedure as commonly played; the Pennsylvania section is not available.)"


@pytest.mark.parametrize("method", ["manual_shoe", "hand", "automated_shoe", "reshuffling_shoe"])
def test_every_prompt_of_the_round_says_it_follows_the_game_as_commonly_played(method):
    prompts = []
    rnd = at(rules={"dealing_method": method, "stub_count_due": True},
             stub_count=None if method == "reshuffling_shoe" else "correct", prompts=prompts)
    for prompt in [*prompts, rnd.prompt]:
        if prompt.step != "stub_count":  # the stub count is § 677a.8's own step, cited as such
            assert MARK in prompt.text, (prompt.step, prompt.text)


def test_the_wagers_prompt_asks_for_an_ante_and_an_equal_blind_and_the_optional_trips():
    rnd = at("no_more_bets")
    assert rnd.prompt.text.startswith('Wagers are placed (Ante and Blind, optional Trips Wager). Announce "no more '
                                      'bets".')
    assert at("no_more_bets", seats={1: Hand("10", "Ah Kh")}, rules={"trips_paytable": ""}).prompt.text.startswith(
        "Wagers are placed (Ante and Blind). ")


def test_a_reshuffling_shoe_deals_the_community_cards_first_and_turns_them_without_burn_cards():
    prompts = []
    at(rules={"dealing_method": "reshuffling_shoe"}, prompts=prompts)
    texts = {p.step: p.text for p in prompts}
    assert texts["deal"].startswith("The shoe dispenses the five community cards first")
    assert texts["flop"].startswith("Turn three of the five community cards face up")
    assert "Burn" not in texts["turn_river"]


def test_the_turn_and_the_river_are_dealt_together_after_one_burn_card():
    assert at("turn_river").prompt.text.startswith("Burn one card, then deal the Turn and the River face up together")
    assert at("turn_river").prompt.cards_needed == 2
