"""RoundState sheets: a whole round on paper, settled by the engine (docs/round-sheets.md).

A good sheet settles to lines worked out here from Chapter 647a; a round played on the
tablets exports (``sheet_from_log``) to a sheet that settles to the round's own lines; a bad
sheet is refused with a message that names the problem.
"""

import copy

import pytest
from thb_play import Hand, round_actions, tap

from games.engine.core import RoundState
from games.engine.registry import game_for
from games.engine.round_sheet import SheetError, settle_sheet, sheet_from_log

GAME = game_for("texas-holdem-bonus")

SHEET = {
    "game": "texas-holdem-bonus",
    "rules": {"bonus_paytable": "A", "ante_returned_below": "straight", "approval_threshold": "150.00"},
    "seats": {
        "1": {"wagers": {"ante": "10", "bonus": "5"}, "decisions": {"flop": "20", "turn": "10", "river": "10"},
              "cards": ["Ah", "Kh"]},
        "2": {"wagers": {"ante": "25"}, "decisions": {"flop": "fold"}},
        "4": {"wagers": {"ante": "15", "bonus": "5"}, "decisions": {"flop": "fold"}, "cards": ["Kc", "Kd"]},
        "5": {"wagers": {"ante": "5", "bonus": "10"}, "decisions": {"flop": "10", "turn": "check", "river": "5"},
              "cards": ["Js", "Jd"]},
        "6": {"wagers": {"ante": "20"}, "decisions": {"flop": "40", "turn": "check", "river": "check"},
              "cards": ["4c", "5d"]},
    },
    "dealer": ["Qs", "Qd"],
    "board": ["2h", "7h", "9h", "Jc", "3d"],
}


def sheet(**changes):
    """SHEET with some fields replaced; ``seat_N`` replaces seat N (None removes it)."""
    new = copy.deepcopy(SHEET)
    for key, value in changes.items():
        if key.startswith("seat_"):
            number = key.removeprefix("seat_")
            if value is None:
                del new["seats"][number]
            else:
                new["seats"][number] = value
        else:
            new[key] = value
    return new


def summary(settlement):
    return [(line["seat"], line["wager"], line["outcome"], line["amount_cents"]) for line in settlement["lines"]]


def test_a_full_sheet_settles_to_the_hand_computed_lines():
    settlement = settle_sheet(SHEET)
    # Board 2h 7h 9h Jc 3d; the dealer's Qs Qd make a pair of queens.
    assert summary(settlement) == [
        (2, "ante", "lose", 25_00),  # § 647a.11(b)(2): seat 2 folds, its $25 Ante is collected
        (4, "ante", "lose", 15_00),  # § 647a.11(b)(2): seat 4 folds, its $15 Ante is collected
        # § 647a.11(h): settled from the dealer's right: seats 6, 5, 1, then seat 4's Bonus Wager.
        (6, "ante", "lose", 20_00),  # § 647a.11(h)(2)(i): 4c 5d, jack high, loses
        (6, "flop", "lose", 40_00),  # § 647a.11(h)(2)(i)
        (5, "ante", "returned", 0),  # § 647a.11(h)(2)(ii): three jacks win, below a straight
        (5, "flop", "win", 10_00),  # § 647a.12(a): 1 to 1 on $10
        (5, "river", "win", 5_00),  # § 647a.12(a): 1 to 1 on $5
        (5, "bonus", "win", 100_00),  # § 647a.12(b) A: jack-jack 10 to 1 on $10 = $100
        (1, "ante", "win", 10_00),  # § 647a.12(a): a flush, ace high: 1 to 1 on $10
        (1, "flop", "win", 20_00),  # § 647a.12(a): 1 to 1 on $20
        (1, "turn", "win", 10_00),  # § 647a.12(a): 1 to 1 on $10
        (1, "river", "win", 10_00),  # § 647a.12(a): 1 to 1 on $10
        (1, "bonus", "win", 125_00),  # § 647a.12(b) A: ace-king suited 25 to 1 on $5 = $125
        (4, "bonus", "win", 50_00),  # § 647a.11(b)(2)(i)(A), § 647a.12(b) A: king-king 10 to 1 on $5 = $50
    ]
    # $10 + $5 + $100 + $10 + $20 + $10 + $10 + $125 + $50 paid; $25 + $15 + $20 + $40 collected.
    assert settlement["totals"] == {"paid": "$340.00", "collected": "$100.00"}


def test_a_sheet_lists_the_approvals_the_round_needs():
    (approval,) = settle_sheet(SHEET)["approvals"]
    # Seat 1 wins $50 + $125 = $175, at or above the table's $150; seat 5's $115 is below it.
    assert (approval["kind"], approval["seat"], approval["status"]) == ("payout", 1, "pending")
    assert "$175.00" in approval["reason"]


def test_a_sheet_line_carries_odds_section_and_hand():
    line = settle_sheet(SHEET)["lines"][-2]
    assert (line["odds"], line["section"], line["amount"], line["stake"]) == ("25 to 1", "§ 647a.12(b)", "$125.00",
                                                                              "$5.00")
    assert "Ace-king (same suit)" in line["hand"]


# -- A round played on the tablets exports to a sheet that settles the same way -------------------

ROUND_SEATS = {1: Hand("10", "Ah Kh", bonus="5", plays="flop turn river"),
               3: Hand("25", "4c 5d"), 4: Hand("15", "Kc Kd", bonus="5", plays="fold"),
               6: Hand("5", "8c 8d", plays="fold")}
BOARD, DEALER = "2h 7h 9h Jc 3d", "Qs Qd"


def played(rules, actions):
    rnd = RoundState(GAME, rules)
    for action in actions:
        rnd = tap(rnd, action)
    return rnd


def actions_of(phases_before=None, stop=None, **kwargs):
    """The round's actions, with extra ones before a phase and optionally cut before another."""
    actions = []
    for phase, action in round_actions(ROUND_SEATS, BOARD, DEALER, **kwargs):
        actions += (phases_before or {}).pop(phase, [])
        if phase == stop:
            break
        actions.append(action)
    return actions


def assert_round_trip(rules, actions):
    rnd = played(rules, actions)
    exported = sheet_from_log(GAME.slug, rules, actions)
    assert settle_sheet(exported)["lines"] == [line.as_dict() for line in rnd.lines]
    return exported


def test_an_exported_round_settles_to_its_own_lines():
    assert_round_trip({"approval_threshold": "100"}, actions_of())


def test_an_exported_round_with_its_cards_read_at_the_deal_settles_to_its_own_lines():
    assert_round_trip({}, actions_of(card_reader=True))


def test_an_exported_round_with_one_card_face_up_settles_to_its_own_lines():
    face_up = {"type": "irregularity", "kind": "card_face_up", "card": "As"}
    exported = assert_round_trip({}, actions_of({"flop": [face_up]}))
    assert exported["irregularities"] == [{"at": "flop", "kind": "card_face_up", "card": "As"}]


def test_an_exported_void_round_settles_to_its_own_lines():
    exposed = [{"type": "irregularity", "kind": "dealer_card_exposed"}, {"type": "approve", "approval": 1}]
    actions = actions_of({"turn_decision": exposed}, stop="turn_decision")
    rnd = played({}, actions)
    for target, cards in (("dealer", DEALER), ("seat:4", "Kc Kd"), ("seat:1", "Ah Kh")):
        if rnd.prompt.cards_for == target:
            action = {"type": "cards", "target": target, "cards": cards.split()}
            actions.append(action)
            rnd = tap(rnd, action)
    exported = assert_round_trip({}, actions)
    assert exported["irregularities"][0]["approved"] is True


def test_an_exported_round_whose_void_was_refused_settles_to_its_own_lines():
    refused = [{"type": "irregularity", "kind": "wrong_card_count"}, {"type": "refuse", "approval": 1}]
    exported = assert_round_trip({}, actions_of({"flop": refused}))
    assert exported["irregularities"][0]["approved"] is False


@pytest.mark.parametrize("result", ["correct", "misdealt", "incorrect"])
def test_an_exported_round_with_a_stub_count_settles_to_its_own_lines(result):
    rules = {"stub_count_due": True}
    actions = actions_of(stub_count=result, stop=None if result == "correct" else "reveal")
    if result != "correct":
        actions.append({"type": "approve", "approval": 1})
    exported = assert_round_trip(rules, actions)
    assert exported["stub_count"] == result
    assert (settle_sheet(exported)["void"] is None) is (result == "correct")  # § 647a.8(h)


# -- Bad sheets are refused with a message naming the problem ----------------------------------

BAD_SHEETS = {
    "a card already on the board": (sheet(dealer=["Qs", "2h"]), "2h is already on the table"),
    "a card twice in a seat's hand": (sheet(seat_6={**SHEET["seats"]["6"], "cards": ["4c", "4c"]}),
                                      "4c appears twice"),
    "a board card missing": (sheet(board=["2h", "7h", "9h", "Jc"]), "the board has 4 cards; the river needs 5"),
    "a seat's cards missing": (sheet(seat_6={k: v for k, v in SHEET["seats"]["6"].items() if k != "cards"}),
                               "seat 6: the cards are missing"),
    "one card of a seat missing": (sheet(seat_6={**SHEET["seats"]["6"], "cards": ["4c"]}),
                                   "seat 6's cards must be 2 cards, not 1"),
    "the dealer's cards missing": (sheet(dealer=None), "the dealer: the cards are missing"),
    "an extra board card": (sheet(board=["2h", "7h", "9h", "Jc", "3d", "4s"]), "the board has 6 cards, but only 5"),
    "an extra card in a seat's hand": (sheet(seat_6={**SHEET["seats"]["6"], "cards": ["4c", "5d", "6d"]}),
                                       "seat 6's cards must be 2 cards, not 3"),
    "cards for a folded seat that were never turned": (sheet(seat_2={**SHEET["seats"]["2"], "cards": ["8c", "8d"]}),
                                                       "seat 2's cards are given, but its hand is never turned"),
    "an unknown seat": (sheet(seat_7=SHEET["seats"]["6"]), "There is no seat 7"),
    "a seat that is not a number": (sheet(seat_x=SHEET["seats"]["6"]), "'x' is not a seat number"),
    "a Bonus Wager on a table without one": (sheet(rules={"bonus_paytable": ""}),
                                             "'bonus' is not a wager this table offers"),
    "a wager the chapter does not have here": (sheet(seat_6={**SHEET["seats"]["6"],
                                                             "wagers": {"ante": "20", "progressive": "1"}}),
                                               "'progressive' is not a wager this table offers"),
    "a Flop Wager not twice the Ante": (sheet(seat_6={**SHEET["seats"]["6"], "decisions": {
        "flop": "30", "turn": "check", "river": "check"}}), r"must be twice the Ante \(\$40\.00\), not \$30\.00"),
    "a Turn Wager not equal to the Ante": (sheet(seat_6={**SHEET["seats"]["6"], "decisions": {
        "flop": "40", "turn": "40", "river": "check"}}), r"must be equal to the Ante \(\$20\.00\), not \$40\.00"),
    "an Ante below the table's minimum": (sheet(seat_6={**SHEET["seats"]["6"], "wagers": {"ante": "2"}}),
                                          r"outside the table's limits \(\$5\.00 to \$500\.00\)"),
    "a Bonus Wager above the table's maximum": (sheet(seat_6={**SHEET["seats"]["6"],
                                                              "wagers": {"ante": "20", "bonus": "250"}}),
                                                r"outside the table's limits \(\$1\.00 to \$100\.00\)"),
    "an amount that is not money": (sheet(seat_6={**SHEET["seats"]["6"], "wagers": {"ante": "twenty"}}),
                                    "'twenty' is not an amount"),
    "a decision missing": (sheet(seat_6={**SHEET["seats"]["6"], "decisions": {"flop": "40", "turn": "check"}}),
                           "seat 6 has no river decision"),
    "a decision the round never asked for": (sheet(seat_2={**SHEET["seats"]["2"], "decisions": {
        "flop": "fold", "turn": "25"}}), "seat 2 has a turn decision, but the round never asked"),
    "decisions that are not an object": (sheet(seat_6={**SHEET["seats"]["6"], "decisions": ["flop"]}),
                                         "'decisions' must be an object"),
    "an irregularity that is not an object": (sheet(irregularities=["card face up"]),
                                              "each irregularity must be an object"),
    "an irregularity at a step the round never reached": (sheet(irregularities=[
        {"at": "shuffle", "kind": "card_face_up"}]), "the irregularity at 'shuffle' never happened"),
    "a rules option the chapter does not allow": (sheet(rules={"bonus_paytable": "C"}), "must be one of A, B"),
    "a payout limit, which § 647a.12(c) fixes": (sheet(rules={"payout_limit": "10000"}),
                                                 r"Unknown rules option.*payout_limit"),
    "an unknown game": (sheet(game="baccarat"), "unknown game 'baccarat'"),
    "no game": ({"seats": {}}, "the sheet has no 'game'"),
    "no seats": (sheet(seats={}), "No seat has"),
    "a sheet that is not an object": (["texas-holdem-bonus"], "the sheet has no 'game'"),
}


@pytest.mark.parametrize("problem", BAD_SHEETS)
def test_a_bad_sheet_is_refused_with_a_message_naming_the_problem(problem):
    bad, message = BAD_SHEETS[problem]
    with pytest.raises(SheetError, match=message):
        settle_sheet(bad)
