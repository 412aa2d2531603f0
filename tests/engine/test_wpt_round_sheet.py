"""Round sheets of World Poker Tour Heads-Up Hold 'Em: settled end to end, exported with its own
decisions, refused when wrong, and its refusals documented in docs/round-sheets.md exactly as the
engine gives them.  What round sheets do for every game is in test_round_sheet.py."""

import copy
import re

import pytest
from sheets import blocks, edited, section, summary
from wpt_play import GAME, Hand, round_actions

from games.engine.core import RoundState
from games.engine.round_sheet import SheetError, settle_sheet, sheet_from_log

SHEET = {
    "game": "wpt-heads-up",
    "rules": {"pocket_bonus_paytable": "B", "trips_plus_paytable": "C", "approval_threshold": "100"},
    "seats": {
        "1": {"wagers": {"ante": "10", "odds": "10", "trips_plus": "5"}, "decisions": {"preflop": "30"},
              "cards": ["Ah", "Kh"]},
        "3": {"wagers": {"ante": "20", "odds": "20", "pocket_bonus": "5"},
              "decisions": {"preflop": "check", "flop": "check", "river": "fold"}, "cards": ["Qc", "Qh"]},
        "4": {"wagers": {"ante": "15", "odds": "15"}, "decisions": {"preflop": "check", "flop": "30"},
              "cards": ["Jd", "Js"]},
        "6": {"wagers": {"ante": "5", "odds": "5"}, "decisions": {"preflop": "check", "flop": "check", "river": "5"},
              "cards": ["4c", "5d"]},
    },
    "board": ["2h", "7h", "9h", "Jc", "3d"],
    "dealer": ["Ks", "Kd"],
}


def sheet(**changes):
    return edited(SHEET, **changes)


def test_a_full_sheet_settles_to_the_hand_computed_lines():
    settlement = settle_sheet(SHEET)
    # Board 2h 7h 9h Jc 3d; the dealer's Ks Kd make a pair of kings: the Ante plays (§ 677a.11(h)(2)).
    assert summary(settlement) == [
        (3, "ante", "lose", 20_00),  # § 677a.11(f): seat 3 folds, its $20 Ante is collected
        (3, "odds", "lose", 20_00),  # § 677a.11(f): and its $20 Odds Wager
        # § 677a.11(g): seats with a Raise Wager from the dealer's right: 6, 4, 1; then seat 3's cards.
        (6, "ante", "lose", 5_00),  # § 677a.11(h)(2)(iii): 4c 5d, jack high, loses
        (6, "raise", "lose", 5_00),  # § 677a.11(h)(2)(iii)(A)
        (6, "odds", "lose", 5_00),  # § 677a.11(h)(2)(iii)(A)
        (4, "ante", "win", 15_00),  # § 677a.12(a): three jacks beat kings, 1 to 1 on $15
        (4, "raise", "win", 30_00),  # § 677a.12(a): 1 to 1 on $30
        (4, "odds", "push", 0),  # § 677a.12(b): three-of-a-kind pushes
        (1, "ante", "win", 10_00),  # § 677a.12(a): a flush, ace high, 1 to 1 on $10
        (1, "raise", "win", 30_00),  # § 677a.12(a): 1 to 1 on $30
        (1, "odds", "win", 15_00),  # § 677a.12(b): a flush, 3 to 2 on $10 = $15
        (1, "trips_plus", "win", 30_00),  # § 677a.12(e) C: a flush, 6 to 1 on $5 = $30
        (3, "pocket_bonus", "win", 25_00),  # § 677a.11(f), § 677a.12(d) B: a pair of queens, 5 to 1 on $5
    ]
    # $15 + $30 + $10 + $30 + $15 + $30 + $25 paid; $20 + $20 + $5 + $5 + $5 collected.
    assert settlement["totals"] == {"paid": "$155.00", "collected": "$55.00"}
    # Seat 1 wins $10 + $30 + $15 + $30 = $85: below the table's $100; so is seat 4's $45.
    assert settlement["approvals"] == []


def test_a_sheet_line_carries_odds_section_and_hand():
    line = settle_sheet(SHEET)["lines"][-3]
    assert (line["wager"], line["odds"], line["section"], line["amount"]) == ("odds", "3 to 2", "§ 677a.12(b)",
                                                                              "$15.00")
    assert line["hand"] == "Flush, ace high beats the dealer's pair of kings"


def test_a_raise_decision_may_be_written_as_the_word_raise_after_the_river():
    changed = sheet(seat_6={**SHEET["seats"]["6"], "decisions": {"preflop": "check", "flop": "check",
                                                                  "river": "raise"}})
    assert settle_sheet(changed) == settle_sheet(SHEET)  # § 677a.11(f): the Raise equals the $5 Ante


# -- A round played on the tablets exports to a sheet that settles the same way -------------------


def test_an_exported_round_writes_each_decision_it_was_asked_for():
    seats = {1: Hand("10", "Ah Kh", plays="30", pocket_bonus="5"), 2: Hand("25", "4c 5d", plays="check check fold"),
             4: Hand("15", "Kc Kd", plays="check check fold", trips_plus="5"),
             5: Hand("5", "Js Jd", plays="check 10", trips_plus="5")}
    rules = {"approval_threshold": "100"}
    actions = [action for _, action in round_actions(seats, "2h 7h 9h Jc 3d", "Qs Qd")]
    exported = sheet_from_log(GAME.slug, rules, actions)
    assert exported["seats"]["1"]["decisions"] == {"preflop": "30.00"}
    assert exported["seats"]["5"]["decisions"] == {"preflop": "check", "flop": "10.00"}
    assert exported["seats"]["2"] == {"wagers": {"ante": "25.00", "odds": "25.00"},
                                      "decisions": {"preflop": "check", "flop": "check", "river": "fold"}}
    settled = RoundState.replay(GAME, rules, actions).lines
    assert settle_sheet(exported)["lines"] == [line.as_dict() for line in settled]


def test_a_training_round_from_the_virtual_shoe_exports_to_a_sheet_that_settles_the_same():
    order = "Ah Kh Qs Qd 2h 7h 9h 8c Jc 3d 5s 6c 4c 9d".split()
    rules = {"dealing_method": "automated_shoe"}
    actions = [{"type": "place_wager", "seat": 1, "wager": w, "amount": "10"} for w in ("ante", "odds")]
    actions += [{"type": "no_more_bets"}, {"type": "deal"},  # § 677a.10(b): Ah Kh to seat 1, Qs Qd to the dealer
                {"type": "decide", "seat": 1, "choice": "raise", "amount": "30"},
                {"type": "cards", "target": "board"},  # 2h burned; the Flop 7h 9h 8c
                {"type": "cards", "target": "board"},  # Jc burned; the Turn and River 3d 5s
                {"type": "cards", "target": "dealer"}, {"type": "cards", "target": "seat:1"}]
    rnd = RoundState.replay(GAME, rules, actions, shoe_order=order)
    exported = sheet_from_log(GAME.slug, rules, actions, shoe_order=order)
    assert exported["board"] == ["7h", "9h", "8c", "3d", "5s"] and exported["dealer"] == ["Qs", "Qd"]
    assert settle_sheet(exported)["lines"] == [line.as_dict() for line in rnd.lines]


# -- Bad sheets are refused with a message naming the problem ----------------------------------

BAD_SHEETS = {
    "an Odds Wager unequal to the Ante": (sheet(seat_6={**SHEET["seats"]["6"], "wagers": {"ante": "5", "odds": "10"}}),
                                          r"Seat 6's Odds Wager must equal its Ante \(\$5\.00\), not \$10\.00"),
    "an Ante without an Odds Wager": (sheet(seat_6={**SHEET["seats"]["6"], "wagers": {"ante": "5"}}),
                                      "Seat 6 has an Ante of .5.00 but no Odds Wager"),
    "a Raise of four times the Ante before the Flop": (
        sheet(seat_1={**SHEET["seats"]["1"], "decisions": {"preflop": "40"}}),
        r"up to three times the Ante \(\$30\.00\), not \$40\.00 — § 677a\.11\(b\)"),
    "a Raise of three times the Ante after the Flop": (
        sheet(seat_4={**SHEET["seats"]["4"], "decisions": {"preflop": "check", "flop": "45"}}),
        r"up to twice the Ante \(\$30\.00\), not \$45\.00 — § 677a\.11\(d\)"),
    "a last Raise unequal to the Ante": (
        sheet(seat_6={**SHEET["seats"]["6"], "decisions": {"preflop": "check", "flop": "check", "river": "10"}}),
        r"equal to the Ante \(\$5\.00\), not \$10\.00 — § 677a\.11\(f\)"),
    "a second Raise by a seat that already raised": (
        sheet(seat_1={**SHEET["seats"]["1"], "decisions": {"preflop": "30", "flop": "20"}}),
        "seat 1 has a flop decision, but the round never asked seat 1 for one"),
    "a fold before the Flop": (sheet(seat_3={**SHEET["seats"]["3"], "decisions": {"preflop": "fold"}}),
                               "preflop decision must be one of raise, check, or an amount for the raise, "
                               "not 'fold'"),
    "a decision missing": (sheet(seat_6={**SHEET["seats"]["6"], "decisions": {"preflop": "check", "flop": "check"}}),
                           "seat 6 has no river decision"),
    "a Trips Plus on a table without one": (sheet(rules={"trips_plus_paytable": ""}),
                                            "'trips_plus' is not a wager this table offers"),
    "a paytable the chapter does not have": (sheet(rules={"pocket_bonus_paytable": "D"}), "one of A, B, C"),
    "the Turn and River missing": (sheet(board=["2h", "7h", "9h"]), "the board has 3 cards; the turn_river needs 5"),
    "cards for a folded seat without an optional wager": (
        sheet(seat_6={**SHEET["seats"]["6"], "decisions": {"preflop": "check", "flop": "check", "river": "fold"}}),
        "seat 6's cards are given, but its hand is never turned"),
}


@pytest.mark.parametrize("problem", BAD_SHEETS)
def test_a_bad_sheet_is_refused_with_a_message_naming_the_problem(problem):
    bad, message = BAD_SHEETS[problem]
    with pytest.raises(SheetError, match=message):
        settle_sheet(bad)


# -- docs/round-sheets.md shows the refusals the engine gives ----------------------------------


def documented_refusals():
    console = re.search(r"```console\n(.*?)```", section("Heads-Up Hold 'Em: refusals"), flags=re.DOTALL).group(1)
    return re.findall(r"^CommandError: the round sheet is refused: (.*)$", console, flags=re.MULTILINE)


def changed(change):
    sheet = copy.deepcopy(blocks("wpt-heads-up ", "sheet")["example"])
    change(sheet)
    return sheet


# In the order the docs show them.
DOCUMENTED_CHANGES = [
    lambda s: s["seats"]["6"]["wagers"].update(odds="5"),
    lambda s: s["seats"]["6"]["wagers"].pop("odds"),
    lambda s: s["seats"]["1"]["decisions"].update(preflop="40"),
    lambda s: s["seats"]["3"]["decisions"].update(flop="45"),
    lambda s: s["seats"]["6"]["decisions"].update(river="20"),
    lambda s: s["seats"]["1"]["decisions"].update(flop="20"),
    lambda s: s["rules"].update(trips_plus_paytable=""),
]


def test_the_docs_show_one_refusal_per_documented_change():
    assert len(documented_refusals()) == len(DOCUMENTED_CHANGES)


@pytest.mark.parametrize("index", range(len(DOCUMENTED_CHANGES)))
def test_each_refusal_in_the_docs_is_the_message_the_engine_gives(index):
    with pytest.raises(SheetError) as refusal:
        settle_sheet(changed(DOCUMENTED_CHANGES[index]))
    assert str(refusal.value) == documented_refusals()[index]
