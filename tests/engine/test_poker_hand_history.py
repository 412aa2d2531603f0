"""A Poker hand exported as a round sheet and as a Poker Hand History (PHH) file settles, read back,
to the same lines and stacks; pokerkit itself reads the PHH to the same finishing stacks."""

from __future__ import annotations

import pytest
from poker_play import GAME, HOLDEM_ALL_INS, STUD_HILO, STUD_HILO_SPLIT, actions, play
from pokerkit import HandHistory

from games.engine.core.records import Refused
from games.engine.money import Cents
from games.engine.round_sheet import SheetError, settle_sheet, sheet_from_log

HOLDEM = HOLDEM_ALL_INS + "close"
STUD = STUD_HILO_SPLIT + "close"
STRADDLED = """
    sit 1 100
    sit 3 100
    sit 5 100
    start
    straddle
    deal
    1 call
    3 call
    5 check
    flop 2c 7d 9h
    1 bet 4
    3 fold
    5 fold
    close
"""
HANDS = [("no-limit Hold'em, two all-ins", HOLDEM, {}), ("Stud high-low", STUD, STUD_HILO),
         ("a Straddle, then folds to a bet", STRADDLED, {"straddle": True})]


def settled(rnd) -> tuple[list, dict[int, Cents]]:
    return [line.as_dict() for line in rnd.lines], rnd.final_stacks()


@pytest.mark.parametrize("script, rules", [(s, r) for _, s, r in HANDS], ids=[name for name, _, _ in HANDS])
def test_the_round_sheet_settles_to_the_hands_own_lines_and_stacks(script, rules):
    rnd = play(script, rules)
    sheet = sheet_from_log("poker", rules, actions(script, rules))
    settlement = settle_sheet(sheet)
    assert settlement["lines"] == [line.as_dict() for line in rnd.lines]
    assert settlement["stacks"] == {str(seat): f"{stack / 100:.2f}" for seat, stack in rnd.final_stacks().items()}


@pytest.mark.parametrize("script, rules", [(s, r) for _, s, r in HANDS], ids=[name for name, _, _ in HANDS])
def test_a_hand_history_round_trips_through_phh(script, rules):
    rnd = play(script, rules)
    text = GAME.hand_history(rnd, table="P-1", hand=7)
    assert "variant = " in text and "_dealer_assist_rules" in text
    sheet = GAME.sheet_from_hand_history(text)
    assert settle_sheet(sheet)["lines"] == [line.as_dict() for line in rnd.lines]


def test_pokerkit_reads_the_exported_phh_to_the_same_finishing_stacks():
    # pokerkit replays the file by itself (with no rake): its final stacks are the file's.
    rnd = play(HOLDEM.replace("close", ""), {"rake_method": "none"})
    history = HandHistory.loads(GAME.hand_history(rnd))
    *_, final = iter(history)
    assert list(final.stacks) == list(history.finishing_stacks) == [99, 0, 120, 211]
    assert rnd.final_stacks() == {1: 99_00, 3: 0, 5: 120_00, 8: 211_00}


def test_a_phh_file_from_elsewhere_is_settled_with_no_rake():
    text = """
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 10', 'p1 f', 'p2 cc', 'd db 2c7d9h', 'p2 cc',
           'p3 cbr 20', 'p2 cc', 'd db Js', 'p2 cc', 'p3 cc', 'd db 3d', 'p2 cc', 'p3 cc', 'p2 sm AcAd', 'p3 sm']
"""
    settlement = settle_sheet(GAME.sheet_from_hand_history(text))
    # p1 (seat 1) folds its $1 small blind; p2 and p3 put in $10 and $20 each: $61, all to seat 2.
    assert [(line["seat"], line["wager"], line["amount_cents"]) for line in settlement["lines"]] == [
        (2, "main_pot", 61_00)]
    assert settlement["stacks"] == {"1": "99.00", "2": "131.00", "3": "70.00"}


def test_what_phh_cannot_write_is_refused_and_a_bad_file_is_named():
    with pytest.raises(Refused, match="PHH has no code for Texas Hold'em in pot limit"):
        GAME.hand_history(play("sit 1 100\nsit 2 100\nstart\ndeal", {"structure": "pot_limit"}))
    with pytest.raises(SheetError, match="not a Poker Hand History"):
        GAME.sheet_from_hand_history("variant = ")
    with pytest.raises(SheetError, match="does not follow the rules here"):
        GAME.sheet_from_hand_history("variant = 'NT'\nantes = 0\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
                                     "starting_stacks = [100, 100]\nactions = ['d dh p1 ????', 'd dh p2 ????', "
                                     "'p1 cbr 1']\n")
