"""The "next" line under each prompt of the banked games names what really follows, in words.

Each game's round that reaches every step of its chapter (its play helper's ``ROUND``, and its
``TABLE`` of six seats where it has one) is played through the engine, and every prompt's line is
read against the prompts that came after it: "next: seat 3, seat 5" lists, in order, the seats the
same step asks next, and "then ..." names the step that comes after this one, in the words written
below by hand for each step as a dealer would read them.
"""

from __future__ import annotations

import re

import c4_play
import cs_play
import fcp_play
import lir_play
import ms_play
import pytest
import thb_play
import uth_play
import wpt_play

SETTLE_TWO = "turn each seat's two cards face up and settle its wagers"
FLOP = "burn one card, then deal the three-card Flop face up"
TURN_RIVER = "burn one card, then deal the Turn and the River face up together"
CLOSE = "place the cards in the discard rack and close the round"

# {step: the words the line before it says}, per chapter.
NEXT = {
    "647a": {
        "deal": "deal the cards",
        "flop_decision": "Flop Wager or Fold for each seat in turn",
        "flop": "burn one card, then deal the Flop face up",
        "turn_decision": "Turn Wager or Check for each seat in turn",
        "turn": "burn one card, then deal the Turn card face up",
        "river_decision": "River Wager or Check for each seat in turn",
        "river": "burn one card, then deal the River card face up",
        "reveal": "remove the cover card and turn the dealer's two cards face up",
        "settle": f"{SETTLE_TWO}, right to left",
        "settle_bonus": "turn each folded seat's cards from under its Bonus Wager and settle it",
        "close": CLOSE,
    },
    "677a": {
        "deal": "deal the cards",
        "preflop_decision": "Raise Wager or Check for each seat in turn",
        "flop": FLOP,
        "flop_decision": "Raise Wager or Check for each seat in turn",
        "turn_river": TURN_RIVER,
        "river_decision": "Raise Wager or Fold for each seat in turn",
        "reveal": "turn the dealer's two cards face up and enter them",
        "settle": f"{SETTLE_TWO}, from the dealer's right",
        "settle_optional": "turn each folded seat's cards from under its Pocket Bonus or Trips Plus Wager and "
                           "settle that wager",
        "close": CLOSE,
    },
    "643a": {
        "deal": "deal the cards",
        "bet1_decision": "Let It Ride or Pull Bet 1 for each seat in turn",
        "first_community_card": "turn the community card on your left face up and place it to the right of the "
                                "other",
        "bet2_decision": "Let It Ride or Pull Bet 2 for each seat in turn",
        "second_community_card": "turn the second community card face up",
        "settle": "turn each seat's three cards face up and settle its wagers, right to left",
        "close": CLOSE,
    },
    "655a": {
        "deal": "deal the cards",
        "third_street_decision": "3rd Street Wager or Fold for each seat in turn",
        "first_community_card": "turn the first community card face up",
        "fourth_street_decision": "4th Street Wager or Fold for each seat in turn",
        "second_community_card": "turn the second community card face up",
        "fifth_street_decision": "5th Street Wager or Fold for each seat in turn",
        "third_community_card": "turn the third community card face up",
        "settle": "turn each seat's two cards face up, announce its best five-card hand with the three community "
                  "cards and settle its wagers, right to left",
        "close": CLOSE,
    },
    "657a": {
        "deal": "deal the cards",
        "play_decision": "Play Wager or Fold for each seat in turn",
        "reveal": "collect the forfeited wagers and their cards, then turn the dealer's five cards face up",
        "settle": "turn each seat's five cards face up, form its best four-card hand and settle its wagers, from "
                  "the dealer's right",
        "close": CLOSE,
    },
    "653a": {
        "deal": "deal the cards",
        "preflop_decision": "Play Wager or Check for each seat in turn",
        "flop": FLOP,
        "flop_decision": "Play Wager or Check for each seat in turn",
        "turn_river": TURN_RIVER,
        "river_decision": "Play Wager or Fold for each seat in turn",
        "reveal": "turn the dealer's two cards face up and enter them",
        "settle": f"{SETTLE_TWO}, from the dealer's right",
        "settle_trips": "turn each folded seat's cards from under its Trips Wager and settle it",
        "close": CLOSE,
    },
    "639a": {
        "deal": "deal the cards",
        "bet_decision": "Bet Wager or Fold for each seat in turn",
        "reveal": "collect the forfeited wagers and the folded cards, then turn the dealer's four hole cards face up",
        "settle": "turn each seat's five cards face up and settle its wagers, from the dealer's right",
        "close": CLOSE,
    },
    "641a": {
        "deal": "deal the cards",
        "play_decision": "Play Wager or Fold for each seat in turn",
        "reveal": "collect the forfeited wagers and the folded cards, then turn the dealer's five hole cards face up",
        "settle": "turn each seat's five cards face up and settle its wagers, from the dealer's right",
        "settle_aces_up": "turn each folded seat's cards from under its Aces Up Wager and settle it",
        "close": CLOSE,
    },
}

HELPERS = {"647a": thb_play, "677a": wpt_play, "643a": lir_play, "655a": ms_play, "657a": c4_play,
           "653a": uth_play, "639a": cs_play, "641a": fcp_play}
ROUNDS = [(chapter, "ROUND") for chapter in HELPERS] + [(chapter, "TABLE") for chapter in ("647a", "677a", "653a",
                                                                                           "655a")]


def prompts_of(chapter: str, name: str) -> list:
    """Every prompt the dealer saw, the last one (close) included."""
    helper, seen = HELPERS[chapter], []
    if name == "ROUND":
        rnd = helper.at(prompts=seen)
    else:
        rnd = helper.play(*getattr(helper, name), prompts=seen)
    return [*seen, rnd.prompt]


def split_line(upcoming: str) -> tuple[list[int], str]:
    """("next: seat 3, seat 5 · then X") -> ([3, 5], "X")."""
    seats, then = [], ""
    for part in upcoming.split(" · ") if upcoming else []:
        if part.startswith("next: "):
            seats = [int(seat) for seat in re.findall(r"seat (\d+)", part)]
        else:
            assert part.startswith("then "), upcoming
            then = part.removeprefix("then ")
    return seats, then


@pytest.mark.parametrize("chapter, name", ROUNDS, ids=[f"{c}-{n}" for c, n in ROUNDS])
def test_each_next_line_names_the_seats_and_the_step_that_really_follow(chapter, name):
    prompts = prompts_of(chapter, name)
    steps = [p.step for p in prompts]
    assert set(steps) - {"wagers"} == set(NEXT[chapter]), "the round reaches every step named above"
    for index, prompt in enumerate(prompts):
        later = prompts[index + 1:]
        following = next((p for p in later if p.step != prompt.step), None)
        seats, then = split_line(prompt.upcoming)
        assert then == (NEXT[chapter][following.step] if following else ""), (prompt.step, prompt.upcoming)
        # The seats this step asks after this one, in the order it asks them.
        same = [p.seat for p in later[:later.index(following) if following else None]]
        assert seats == [seat for seat in dict.fromkeys(same) if seat != prompt.seat], (prompt.step, prompt.upcoming)

