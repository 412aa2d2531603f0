"""Let It Ride round sheets: settled end to end by the engine, exported from a played round with
its three bets and Six Card Bonus cards and settled again, and refused when wrong.  What round
sheets do for every game (and the docs) is in test_round_sheet.py."""

import copy

import pytest
from lir_play import GAME, Hand, round_actions, tap
from sheets import summary

from games.engine.core import RoundState
from games.engine.round_sheet import SheetError, settle_sheet, sheet_from_log

SHEET = {
    "game": "let-it-ride",
    "rules": {"five_card_bonus_paytable": "B", "three_card_bonus_paytable": "A", "six_card_bonus_paytable": "D",
              "payout_limit": "50000"},
    "seats": {
        "2": {"wagers": {"bet1": "25", "bet2": "25", "bet3": "25", "five_card_bonus": "5", "six_card_bonus": "10"},
              "decisions": {"bet1": "ride", "bet2": "ride"}, "cards": ["Qs", "Js", "Ts"]},
        "5": {"wagers": {"bet1": "10", "bet2": "10", "bet3": "10", "five_card_bonus": "5", "three_card_bonus": "5"},
              "decisions": {"bet1": "pull", "bet2": "pull"}, "cards": ["Ad", "Ac", "3h"]},
        "7": {"wagers": {"bet1": "15", "bet2": "15", "bet3": "15"},
              "decisions": {"bet1": "ride", "bet2": "pull"}, "cards": ["4c", "6d", "8h"]},
    },
    "board": ["As", "Ks"],
    "six_card_bonus": ["9s", "8s", "2c"],
}


def sheet(change):
    new = copy.deepcopy(SHEET)
    change(new)
    return new


def test_a_full_sheet_settles_to_the_hand_computed_lines():
    settlement = settle_sheet(SHEET)
    assert summary(settlement) == [
        (5, "bet1", "returned", 0),  # § 643a.11(b)(2)
        (5, "bet2", "returned", 0),  # § 643a.11(d)(2)
        (7, "bet2", "returned", 0),  # § 643a.11(d)(2); its Bet 1 rode
        # § 643a.11(f): settled from the dealer's right, seats 7, 5, 2.
        (7, "bet1", "lose", 1_500),  # 4c 6d 8h + As Ks: ace high, § 643a.11(f)(1)
        (7, "bet3", "lose", 1_500),
        (5, "bet3", "win", 3_000),  # Ad Ac 3h + As Ks: three aces, § 643a.12(a) 3 to 1 on $10 = $30
        (5, "five_card_bonus", "win", 2_000),  # § 643a.12(b) B: "5 to 1" paid 5 for 1 on $5 = $25 in all, $20 more
        (5, "three_card_bonus", "win", 500),  # § 643a.12(c) A: Ad Ac 3h, a pair, 1 to 1 on $5
        # Qs Js Ts + As Ks: a royal flush, § 643a.12(a) A 1,000 to 1 on $25 = $25,000 each, $75,000 in all
        (2, "bet1", "win", 2_500_000), (2, "bet2", "win", 2_500_000), (2, "bet3", "win", 2_500_000),
        (2, "payout_limit", "capped", -2_500_000),  # § 643a.12(h): capped at the table's $50,000
        (2, "five_card_bonus", "win", 9_999_500),  # § 643a.12(b) B: 20,000 for 1 on $5 = $100,000 in all
        (2, "six_card_bonus", "win", 200_000),  # § 643a.12(g) D: Qs Js Ts + 9s 8s 2c, straight flush 200 to 1 on $10
    ]


def test_a_sheet_with_a_withdrawn_bet_lists_all_three_bets_and_the_decision():
    settlement = settle_sheet(SHEET)
    seat_7 = [line for line in settlement["lines"] if line["seat"] == 7]
    assert [(line["wager"], line["stake"], line["outcome"]) for line in seat_7] == [
        ("bet2", "$15.00", "returned"), ("bet1", "$15.00", "lose"), ("bet3", "$15.00", "lose")]


def played(seats, board, six_cards, rules, **kwargs):
    """A round played action by action, as the tablets would log it."""
    actions = [action for _, action in round_actions(seats, board, six_cards, **kwargs)]
    rnd = RoundState(GAME, rules)
    for action in actions:
        rnd = tap(rnd, action)
    return rnd, actions + [{"type": "close"}]


SEATS = {1: Hand("10", "Th Tc 4d", plays="pull ride", five_card_bonus="5"),
         4: Hand("20", "7c 7d 2s", plays="pull pull", six_card_bonus="5"),
         6: Hand("5", "Ks Kc 5d", plays="ride pull", three_card_bonus="5")}
RULES = {"five_card_bonus_paytable": "C", "three_card_bonus_paytable": "E", "six_card_bonus_paytable": "B"}


@pytest.mark.parametrize("rules", [RULES, {**RULES, "dealing_method": "hand", "stub_count_due": True}])
def test_a_played_round_exports_a_sheet_that_settles_to_its_own_lines(rules):
    stub_count = "correct" if "stub_count_due" in rules else None
    rnd, actions = played(SEATS, "Kd 5s", "7h 9c 3d", rules, stub_count=stub_count)
    exported = sheet_from_log("let-it-ride", rules, actions)
    assert exported["seats"]["4"] == {"wagers": {"bet1": "20.00", "bet2": "20.00", "bet3": "20.00",
                                                 "six_card_bonus": "5.00"},
                                      "decisions": {"bet1": "pull", "bet2": "pull"}, "cards": ["7c", "7d", "2s"]}
    assert exported["six_card_bonus"] == ["7h", "9c", "3d"] and exported["board"] == ["Kd", "5s"]
    assert settle_sheet(exported)["lines"] == [line.as_dict() for line in tap(rnd, {"type": "close"}).lines]


@pytest.mark.parametrize(("change", "problem"), [
    (lambda s: s["seats"]["7"]["wagers"].update(bet3="20"), "three Let It Ride Wagers must be equal"),
    (lambda s: s["seats"]["7"]["wagers"].pop("bet1"), "must place its Bet 1 before a Bet 2"),
    (lambda s: s["seats"]["7"]["decisions"].update(bet2="fold"), "bet2 decision must be one of ride, pull"),
    (lambda s: s["seats"]["7"]["decisions"].pop("bet1"), "seat 7 has no bet1 decision"),
    (lambda s: s.pop("six_card_bonus"), "the cards are missing"),
    (lambda s: s["rules"].update(six_card_bonus_paytable=""), "'six_card_bonus' is not a wager this table offers"),
    (lambda s: s["seats"]["2"]["wagers"].pop("six_card_bonus"), "never reached their reveal"),
    (lambda s: s.update(six_card_bonus=["9s", "8s", "Ks"]), "Ks is already on the table"),
    (lambda s: s["seats"]["5"].update(cards=["Ad", "Ac"]), "3 cards, not 2"),
    (lambda s: s.update(board=["As"]), "the second_community_card needs 2"),
    (lambda s: s["seats"].update({"8": s["seats"].pop("7")}), "There is no seat 8"),
    (lambda s: s.update(irregularities=[{"at": "deal", "kind": "shoe_jam"}]), "does not deal from an automated"),
])
def test_a_wrong_sheet_is_refused_with_the_problem_named(change, problem):
    with pytest.raises(SheetError, match=problem):
        settle_sheet(sheet(change))
