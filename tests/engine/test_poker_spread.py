"""Spread limits (§ 637a.8(k)): the table posts the minimum and maximum bets and the most raises in a
betting round; a bet or raise outside the spread, or a raise past the cap, is refused naming the
section, and changes nothing.  Enforced in limit, pot limit and no limit alike."""

from __future__ import annotations

import pytest
from poker_play import play, refuse, run

from games.engine.core.records import Refused
from games.engine.poker.options import read_options

# No limit, blinds $1/$2; bets and raises of $4 to $10, at most two raises a betting round.
SPREAD = {"spread_min_bet": "4.00", "spread_max_bet": "10.00", "spread_max_raises": "2", "rake_method": "none"}
# Seats 1, 3, 5: the button on seat 5 (the dealer's right), seat 1 the small blind, seat 3 the big blind.
DEALT = """
    sit 1 100
    sit 3 100
    sit 5 100
    start
    deal
"""


def offered(rnd) -> dict[str, list[str | None]]:
    choices = {}
    for choice in rnd.prompt.choices:
        choices.setdefault(choice.action["choice"], []).append(choice.action.get("amount"))
    return choices


def test_no_limit_bets_and_raises_stay_within_the_spread_and_its_raise_cap():
    rnd = play(DEALT, SPREAD)
    # Before the flop the $2 big blind is the bet: a raise is $4 to $10 more, to $6 to $12.
    assert offered(rnd)["raise"] == ["6.00", "12.00"]
    refuse(rnd, "5 raise 5", r"Seat 5 may raise to at least \$6.00, not \$5.00: the table's spread is bets and "
                             r"raises of \$4.00 to \$10.00", "§ 637a.8(k)")
    refuse(rnd, "5 raise 13", r"Seat 5 may raise to at most \$12.00, not \$13.00: the table's spread is bets and "
                              r"raises of \$4.00 to \$10.00", "§ 637a.8(k)")
    refuse(rnd, "5 all-in", r"may raise to at most \$12.00, not \$100.00", "§ 637a.8(k)")
    rnd = run(rnd, "5 raise 12")  # the first raise: $10 more
    refuse(rnd, "1 raise 23", r"at most \$22.00", "§ 637a.8(k)")
    rnd = run(rnd, "1 raise 22")  # the second raise: $10 more
    # Two raises is the cap: seat 3 may call or fold, not raise.
    assert set(offered(rnd)) == {"fold", "call"}
    refuse(rnd, "3 raise 32", r"The betting is capped: 2 raises in a betting round \(the table's spread\)",
           "§ 637a.8(k)")
    rnd = run(rnd, "3 call\n5 call\nflop 2c 7d 9h")
    # After the flop the first bet is $4 to $10.
    refuse(rnd, "1 bet 3", r"Seat 1 may bet at least \$4.00, not \$3.00", "§ 637a.8(k)")
    refuse(rnd, "1 bet 11", r"Seat 1 may bet at most \$10.00, not \$11.00", "§ 637a.8(k)")
    # The pot: 3 × $22 = $66 before the flop, 3 × $10 = $30 on it: $96.  Seat 1's aces win it all
    # (no rake): seat 1 $100 − $32 + $96 = $164; seats 3 and 5 $68.
    rnd = run(rnd, "1 bet 10\n3 call\n5 call\nturn Js\n1 check\n3 check\n5 check\nriver 4d\n1 check\n3 check\n"
                   "5 check\n1 shows Ac Ad\n3 shows Kc Kd\n5 shows Qc Qd\nclose")
    assert [(line.seat, line.wager, line.amount) for line in rnd.lines] == [(1, "main_pot", 96_00)]
    assert rnd.final_stacks() == {1: 164_00, 3: 68_00, 5: 68_00}


def test_an_all_in_for_less_than_the_spread_minimum_is_the_players_table_stakes():
    # § 637a.8(b)(1), (5): a player bets only the table stakes on the table.  Seat 3 (the big blind) has $9:
    # it calls seat 5's raise to $6 and has $3 left, less than the spread's $4 minimum; on the flop it may
    # still bet it all.
    table = {"seats": {"1": {"stack": 100_00}, "3": {"stack": 9_00}, "5": {"stack": 100_00}}}
    rnd = play("start\ndeal\n5 raise 6\n1 call\n3 call\nflop 2c 7d 9h\n1 check", SPREAD, table)
    assert offered(rnd)["bet"] == ["3.00"]
    rnd = run(rnd, "3 all-in")
    assert rnd.put_in[3] == 9_00


def test_pot_limit_is_capped_by_the_spread_too():
    # Pot limit, blinds $1/$2, spread $2 to $4.  Before the flop the pot-sized raise is to $7 (the $2 call,
    # then the $5 pot), but the spread allows $4 more than the $2 big blind: to $6.
    rules = {"structure": "pot_limit", "spread_min_bet": "2.00", "spread_max_bet": "4.00", "rake_method": "none"}
    rnd = play(DEALT, rules)
    assert offered(rnd)["raise"] == ["4.00", "6.00"]
    rnd = run(rnd, "5 raise 6\n1 call\n3 call\nflop 2c 7d 9h")
    # On the flop the pot is 3 × $6 = $18: pot limit would allow a bet of $18, the spread $4.
    assert offered(rnd)["bet"] == ["2.00", "4.00"]
    refuse(rnd, "1 bet 5", r"Seat 1 may bet at most \$4.00, not \$5.00: the table's spread is bets and raises of "
                           r"\$2.00 to \$4.00", "§ 637a.8(k)")


def test_limit_has_its_raise_cap_from_the_spread_and_its_bets_within_it():
    # Limit $2/$4 with a spread of $2 to $4 and one raise: before the flop the big blind is the bet, so one
    # raise (to $4) caps the betting.
    rules = {"structure": "limit", "spread_min_bet": "2.00", "spread_max_bet": "4.00", "spread_max_raises": "1",
             "rake_method": "none"}
    rnd = run(play(DEALT, rules), "5 raise 4")
    refuse(rnd, "1 raise 6", r"The betting is capped: 1 raise in a betting round \(the table's spread\)", "§ 637a.8(k)")
    rnd = run(rnd, "1 call\n3 call\nflop 2c 7d 9h\n1 bet 2\n3 raise 4")  # after the flop: a bet and one raise
    refuse(rnd, "5 raise 6", "The betting is capped: 1 raise", "§ 637a.8(k)")


@pytest.mark.parametrize("rules, message", [
    ({"spread_min_bet": "10.00", "spread_max_bet": "4.00"},
     r"The spread's smallest bet \(\$10.00\) is above its largest \(\$4.00\)"),
    ({"spread_max_bet": "1.00"}, r"The spread's largest bet \(\$1.00\) is below the table's minimum bet \(\$2.00\)"),
    ({"structure": "limit", "small_bet": "2.00", "big_bet": "4.00", "spread_min_bet": "3.00"},
     r"The limit bets \(\$2.00/\$4.00\) must lie within the spread \(at least \$3.00\)"),
    ({"structure": "limit", "small_bet": "2.00", "big_bet": "4.00", "spread_max_bet": "3.00"},
     r"The limit bets \(\$2.00/\$4.00\) must lie within the spread \(at most \$3.00\)"),
    ({"spread_min_bet": "0.00"}, r"The spread's smallest bet must be more than \$0.00"),
    ({"spread_max_bet": "10.50"}, r"\(spread_max_bet, \$10.50\) is finer than the smallest chip"),
])
def test_a_spread_that_cannot_be_dealt_is_refused(rules, message):
    with pytest.raises(Refused, match=message) as refusal:
        read_options(rules)
    assert refusal.value.section in ("§ 637a.8(k)", "§ 637a.11(k)")


def test_the_table_header_shows_the_spread():
    assert read_options(SPREAD).describe() == ("Texas Hold'em, no limit, blinds $1.00/$2.00, spread $4.00 to $10.00, "
                                               "2 raises")
