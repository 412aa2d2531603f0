"""Mississippi Stud's round sheets: the docs' example settles to amounts worked out by hand from
§ 655a.12(a), a jackpot round exports with its meter reading, and a sheet the game does not allow
is refused.  (Exported rounds with each irregularity and stub count: test_round_sheet.py.)"""

import pytest
from ms_play import Hand, round_actions
from sheets import blocks, edited, summary

from games.engine.core import Refused, RoundState
from games.engine.registry import game_for
from games.engine.round_sheet import SheetError, settle_sheet, settlement_sheet, sheet_from_log

GAME = game_for("mississippi-stud")
EXAMPLE = blocks("mississippi-stud ", "sheet")["example"]
METER = {"progressive_paytable": "A", "progressives": {"progressive": {
    "amount": "5.00", "meters": {"": {"id": 3, "name": "MS-LINK"}}}}}


def test_the_docs_example_settles_to_amounts_worked_out_by_hand():
    assert summary(settle_sheet(EXAMPLE)) == [
        (5, "ante", "lose", 5_00), (2, "ante", "lose", 10_00), (2, "third_street", "lose", 20_00),  # folds
        # seat 6: T T with J 9 4, a pair of tens: § 655a.12(a) push on all four
        (6, "ante", "push", 0), (6, "third_street", "push", 0), (6, "fourth_street", "push", 0),
        (6, "fifth_street", "push", 0),
        # seat 4: three nines, 3 to 1 on $25 and 3 x $75
        (4, "ante", "win", 75_00), (4, "third_street", "win", 225_00), (4, "fourth_street", "win", 225_00),
        (4, "fifth_street", "win", 225_00),
        # seat 1: a pair of jacks, 1 to 1 on $10, $10, $20, $30
        (1, "ante", "win", 10_00), (1, "third_street", "win", 10_00), (1, "fourth_street", "win", 20_00),
        (1, "fifth_street", "win", 30_00),
    ]


def test_a_jackpot_round_exports_its_meter_reading_and_settles_to_the_same_lines():
    seats = {1: Hand("10", "As Ks", progressive="5"), 3: Hand("10", "7c 7d", progressive="5")}
    rnd, actions = RoundState(GAME, METER), []
    for _, action in round_actions(seats, "Qs Js Ts"):
        action = {**action, "step": rnd.current_step().id}
        rnd = rnd.apply(action)
        actions.append(action)
        for claim in [c for c in rnd.claims if c.pending]:
            answer = {"type": "resolve_claim", "claim": claim.id, "amount": 34_567_89, "meter_amount": 34_567_89}
            rnd = rnd.apply(answer)
            actions.append(answer)
    sheet = sheet_from_log(GAME.slug, METER, actions)
    assert sheet["meter_amounts"] == ["34567.89"]
    settled = settle_sheet(sheet)
    assert settled["lines"] == settlement_sheet(rnd)["lines"]
    # Seat 1's royal flush: § 655a.12(c)(1) A, 100% of the meter, from the cage; seat 3's 7 7 with Q J T
    # is a pair of sevens: the progressive loses, the Mississippi Stud wagers push.
    (jackpot,) = [line for line in settled["lines"] if (line["seat"], line["wager"]) == (1, "progressive")]
    assert (jackpot["amount_cents"], jackpot["payer"]) == (34_567_89, "cage")
    assert ("progressive", "lose") in {(line["wager"], line["outcome"]) for line in settled["lines"]
                                       if line["seat"] == 3}


@pytest.mark.parametrize(("change", "message"), [
    ({"seat_1": {"wagers": {"ante": "10"}, "decisions": {"third_street": "15", "fourth_street": "20",
                                                          "fifth_street": "30"}, "cards": ["Ah", "Jc"]}},
     r"must be one, two or three times the Ante \(\$10.00, \$20.00 or \$30.00\), not \$15.00"),
    ({"seat_1": {"wagers": {"ante": "10"}, "decisions": {"third_street": "10", "fourth_street": "check",
                                                          "fifth_street": "30"}, "cards": ["Ah", "Jc"]}},
     "must be one of bet, fold"),
    ({"seat_2": {"wagers": {"ante": "10"}, "decisions": {"third_street": "20", "fourth_street": "fold"},
                 "cards": ["7c", "7d"]}}, "its hand is never turned"),
    ({"board": ["Jh", "9c"]}, "the board has 2 cards"),
    ({"seat_1": {"wagers": {"ante": "10", "three_card_bonus": "5"},
                 "decisions": {"third_street": "10", "fourth_street": "20", "fifth_street": "30"},
                 "cards": ["Ah", "Jc"]}}, "not a wager this table offers"),
])
def test_a_sheet_the_game_does_not_allow_is_refused(change, message):
    with pytest.raises((Refused, SheetError), match=message):
        settle_sheet(edited(EXAMPLE, **change))
