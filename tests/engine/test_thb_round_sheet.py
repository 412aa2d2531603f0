"""Round sheets of Texas Hold 'Em Bonus Poker: a whole round on paper, settled by the engine
(docs/round-sheets.md).

A good sheet settles to lines worked out here from Chapter 647a; a bad sheet is refused with a
message that names the problem.  What round sheets do for every game (exported rounds settle to
their own lines, the docs show what the engine does) is in test_round_sheet.py.
"""

import pytest
from sheets import edited, summary
from thb_play import GAME, Hand, round_actions

from games.engine.core import RoundState
from games.engine.round_sheet import SheetError, settle_sheet, sheet_from_log

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
    return edited(SHEET, **changes)


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


# -- A round played on the tablets exports to a sheet ---------------------------------------------


def test_a_seat_that_folded_without_a_bonus_wager_is_exported_without_cards():
    # § 647a.11(b)(2)(ii): its cards went to the discard rack unseen; seat 4's waited under its Bonus Wager.
    seats = {1: Hand("10", "Ah Kh", bonus="5", plays="flop turn river"), 3: Hand("25", "4c 5d"),
             4: Hand("15", "Kc Kd", bonus="5", plays="fold"), 6: Hand("5", "8c 8d", plays="fold")}
    actions = [action for _, action in round_actions(seats, "2h 7h 9h Jc 3d", "Qs Qd")]
    exported = sheet_from_log(GAME.slug, {}, actions)
    assert exported["seats"]["6"] == {"wagers": {"ante": "5.00"}, "decisions": {"flop": "fold"}}
    assert exported["seats"]["4"]["cards"] == ["Kc", "Kd"]
    assert settle_sheet(exported)["lines"] == [line.as_dict() for line in RoundState.replay(GAME, {}, actions).lines]


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
