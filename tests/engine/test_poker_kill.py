"""Omaha High-low Split Eight or Better's Kill and Half-kill options (§ 637a.1, "Kill option",
"Half-kill option", "Qualifying pot").

Worked out by hand on a $2/$4 limit table with a $20 qualifying pot and no rake: a kill hand's limits
are $4/$8 (twice the posted), a half-kill hand's $3/$6 (half again); the blinds stay $1/$2.
"""

import pytest
from poker_play import actions, play

from games.engine.core.records import Refused
from games.engine.poker.game import GAME
from games.engine.poker.options import read_options
from games.engine.round_sheet import SheetError

TABLE = {"variant": "omaha_hilo", "structure": "limit", "small_blind": "1.00", "big_blind": "2.00",
         "small_bet": "2.00", "big_bet": "4.00", "rake_method": "none", "kill": "kill", "kill_pot": "20.00"}
SEATED = """
    sit 1 100
    sit 2 100
    sit 3 100
"""
# The button is seat 3 (the dealer's right), seat 1 posts $1 and seat 2 $2.  Everyone puts in $4
# before the flop and $2 on it, seats 1 and 3 $4 on the turn: $12 + $6 + $8 = $26, at least $20.
TO_THE_SHOWDOWN = """
    start
    deal
    3 raise 4
    1 call
    2 call
    flop Ah 2d 7c
    1 bet 2
    2 call
    3 call
    turn Kd
    1 bet 4
    2 fold
    3 call
    river 9s
    1 check
    3 check
"""
# Seat 1: high Ks Qh + Kd Ah 9s (kings), low 3c 4c + Ah 2d 7c (7-4-3-2-A).  Seat 3: high Jh Jc + Ah Kd 9s
# (jacks), no low (only one card of eight or lower); a low for seat 3 with 5h 6h instead: 7-6-5-2-A.
SCOOP = "1 shows 3c 4c Ks Qh\n3 shows Jh Jc Ts 8h"
SPLIT = "1 shows 3c Td Ks Qh\n3 shows 5h 6h Ts 8h"


def seat_3_first(shows: str) -> str:
    """The showdown when seat 3 shows first (no bet on the river, seat 3 first left of the button)."""
    return "\n".join(reversed(shows.splitlines()))


def kill_after(script, rules=TABLE, positions=None):
    rnd = play(SEATED + TO_THE_SHOWDOWN + script if positions is None else TO_THE_SHOWDOWN + script, rules,
               positions)
    return rnd, rnd.carried()


def test_a_player_winning_a_whole_qualifying_pot_makes_the_next_hand_a_kill_hand():
    rnd, carried = kill_after(SCOOP)
    assert rnd.main_pot == 26_00 and {line.seat for line in rnd.lines if line.wager.startswith("main_pot")} == {1}
    assert carried.kill and carried.as_option()["kill"] is True


def test_a_kill_hand_doubles_the_limits_and_a_half_kill_hand_adds_half():
    _, carried = kill_after(SCOOP)
    killed = play("", TABLE, carried.as_option())
    assert (killed.options.small_bet, killed.options.big_bet) == (4_00, 8_00)  # twice $2/$4
    assert (killed.options.small_blind, killed.options.big_blind) == (1_00, 2_00)  # the blinds as posted
    half = play("", {**TABLE, "kill": "half_kill"}, carried.as_option())
    assert (half.options.small_bet, half.options.big_bet) == (3_00, 6_00)  # $2/$4 and half again


def test_no_kill_without_a_scoop_or_below_the_qualifying_pot():
    _, split = kill_after(SPLIT)
    assert not split.kill  # seat 1 high, seat 3 low: no one won the whole pot
    _, small = kill_after(SCOOP, {**TABLE, "kill_pot": "30.00"})
    assert not small.kill  # $26 is below a $30 qualifying pot


def test_kill_hands_go_on_until_a_pot_is_split_high_low_or_too_small():
    _, carried = kill_after(SCOOP)
    # The kill hand, $4/$8: the button moves to seat 1, seat 2 posts $1, seat 3 $2.  Seat 1 raises to $6
    # (the most the $4 limit allows over the $2 blind), seat 2 folds, seat 3 calls: $13; on the flop $4 each:
    # $21, at least $20.  Seat 1 scoops again: the kill goes on.
    again = play("""
        start
        deal
        1 raise 6
        2 fold
        3 call
        flop Ah 2d 7c
        3 check
        1 bet 4
        3 call
        turn Kd
        3 check
        1 check
        river 9s
        3 check
        1 check
    """ + seat_3_first(SCOOP), TABLE, carried.as_option())
    assert again.kill and again.main_pot == 21_00 and again.carried().kill
    # The next kill hand: the button at seat 2, seat 3 posts $1, seat 1 $2.  Seat 2 folds, seat 3 raises to
    # $6 and seat 1 calls: $12; on the flop $4 each: $20.  Seat 1 wins high, seat 3 low: the kill ends.
    split = """
        start
        deal
        2 fold
        3 raise 6
        1 call
        flop Ah 2d 7c
        3 bet 4
        1 call
        turn Kd
        3 check
        1 check
        river 9s
        3 check
        1 check
    """
    ended = play(split + seat_3_first(SPLIT), TABLE, again.carried().as_option())
    assert ended.kill and ended.main_pot == 20_00 and not ended.carried().kill
    # The same hand won whole by seat 1 but under a $25 qualifying pot: the kill ends too.
    small = play(split + seat_3_first(SCOOP), {**TABLE, "kill_pot": "25.00"}, again.carried().as_option())
    assert small.kill and not small.carried().kill


def test_the_kill_option_is_omaha_high_low_limits_own():
    with pytest.raises(Refused, match="Omaha High-low Split Eight or Better dealt limit") as refused:
        read_options({**TABLE, "variant": "holdem"})
    assert refused.value.section == "§ 637a.1"
    with pytest.raises(Refused, match="qualifying pot"):
        read_options({**TABLE, "kill_pot": ""})
    with pytest.raises(Refused, match="whole chips"):
        read_options({**TABLE, "kill": "half_kill", "small_bet": "5.00", "big_bet": "10.00"})  # $7.50 in $1 chips


def test_the_dealer_is_told_the_hand_is_a_kill_hand():
    _, carried = kill_after(SCOOP)
    rnd = play("start", TABLE, carried.as_option())
    assert rnd.prompt.text.startswith("Kill hand: the limits are $4.00/$8.00 (twice the posted limits, § 637a.1)")
    plain = play(SEATED + "start", TABLE)
    assert "Kill hand" not in plain.prompt.text


def test_a_kill_hands_round_sheet_says_so_and_settles_only_as_one():
    _, carried = kill_after(SCOOP)
    rules = {**TABLE, "positions": carried.as_option()}
    log = actions("start\ndeal\n1 raise 6\n2 fold\n3 fold", rules)  # $6: a raise only the kill limits allow
    sheet = GAME.sheet_from_log(rules, log)
    assert sheet["kill_hand"] is True
    assert GAME.settle_sheet(sheet)["lines"]
    plain = {key: value for key, value in sheet.items() if key != "kill_hand"}
    with pytest.raises(SheetError, match="at most \\$4.00"):
        GAME.settle_sheet(plain)
