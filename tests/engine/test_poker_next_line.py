"""The line under a Poker prompt says what comes next, and is right at every step: each hand below is
played a step at a time, and each step's "next" line is checked against the step that follows."""

from __future__ import annotations

import pytest
from poker_play import GAME, HOLDEM_ALL_INS, STUD_HILO, STUD_HILO_SPLIT, action, tap

# The words each kind of step is named by on the line before it, written out here.
NAMED = {
    "seating": lambda m, street: "between hands",
    "button": lambda m, street: "the button",
    "straddle": lambda m, street: "Straddle Bet or not",
    "deal": lambda m, street: "the deal",
    "up_card": lambda m, street: f"seat {m.seat}'s up card ({street})",
    "board": lambda m, street: f"the {street}",
    "common": lambda m, street: "the common card",
    "bet": lambda m, street: f"seat {m.seat} to act",
    "show": lambda m, street: f"seat {m.seat} shows",
    "close": lambda m, street: "the pots awarded",
}

# The button seat 9 acts first before the flop, and folds; the blinds play on until a raise takes it.
ENDED_BY_A_FOLD = """
    sit 2 100
    sit 6 100
    sit 9 100
    start
    deal
    9 fold
    2 raise 6
    6 call
    flop 2c 7d 9h
    2 check
    6 bet 10
    2 raise 30
    6 fold
"""
CHECKED_DOWN_AFTER_A_FOLD = """
    sit 1 100
    sit 3 100
    sit 5 100
    sit 8 100
    start
    deal
    5 call
    8 call
    1 call
    3 check
    flop Ah Kd 7c
    1 check
    3 check
    5 check
    8 bet 4
    1 fold
    3 call
    5 call
    turn 2s
    3 check
    5 check
    8 check
    river 9d
    3 check
    5 check
    8 check
    3 shows Ac Ad
    5 mucks
    8 shows Kc Ks
"""
STRADDLED_FROM_A_HIGH_CARD_BUTTON = """
    sit 1 100
    sit 3 100
    sit 5 100
    sit 8 100
    start
    button 3
    straddle
    deal
    3 call
    5 fold
    8 fold
    1 check
    flop Ah Kd 7c
    1 check
    3 check
    turn 2s
    1 check
    3 check
    river 9d
    1 bet 10
    3 call
    1 shows Ac Ad
    3 shows Kc Ks
"""


def kind_of(act: dict) -> str:
    choice = act.get("choice")
    return "raise" if choice in ("bet", "raise", "complete", "all_in") else "fold" if choice == "fold" else ""


@pytest.mark.parametrize(("script", "rules"), [
    (HOLDEM_ALL_INS, {}),
    (ENDED_BY_A_FOLD, {}),
    (CHECKED_DOWN_AFTER_A_FOLD, {}),
    (STRADDLED_FROM_A_HIGH_CARD_BUTTON, {"straddle": True, "first_button": "high_card"}),
    (STUD_HILO_SPLIT, STUD_HILO),
], ids=["all-ins", "folds", "checked-down", "straddle", "stud"])
def test_each_steps_next_line_names_the_step_that_follows(script, rules):
    rnd = GAME.new_round(rules)
    checked = 0
    for line in [line.strip() for line in script.strip().splitlines()]:
        prompt, moment = rnd.prompt, rnd.moment()
        act = action(rnd, line)
        after = tap(rnd, act)
        if prompt.step == "seating" and act["type"] == "seating":
            rnd = after  # seating players: the step stays the same
            continue
        assert prompt.upcoming.startswith("next: "), (prompt.step, prompt.upcoming)
        said = prompt.upcoming.removeprefix("next: ").split(" · order: ")[0].split("; ")
        # The first part is what the passive choice leads to; "if seat 3 bets or raises: ...", "if seat 3
        # folds: ..." follow where the others lead elsewhere.
        taken = kind_of(act) if act["type"] == "decide" and moment.kind == "bet" else ""
        verb = {"raise": "bets or raises", "fold": "folds"}.get(taken, "")
        meant = next((part.split(": ", 1)[1] for part in said[1:] if verb and f"seat {moment.seat} {verb}:" in part),
                     said[0])
        following = after.moment()
        street = after.street.name if after.state is not None else ""
        if moment.kind == "up_card" and following.kind == "bet":
            # Who acts first in Stud follows from the up card just entered (§ 637a.10): named by the rule.
            expected = "the Forced Bet" if after.state.street_index == 0 else "the best hand showing acts first"
        else:
            expected = NAMED[following.kind](following, street)
        assert expected in meant, f"{prompt.step} ({line}): next line {prompt.upcoming!r}, then {following.id}"
        # And the parts for the choices not taken name steps too, not machine words.
        assert all("_" not in part and "." not in part for part in said), prompt.upcoming
        checked += 1
        rnd = after
    assert rnd.prompt.step == "close" and rnd.prompt.upcoming == "next: the next hand"
    assert checked >= 10
