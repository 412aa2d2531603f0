"""Every entry of a round's log in words (games/engine/core/corrections.py ``described``): what the
dealer's Undo button and the floorperson's correction say.  Each action type the engine takes has a
sample here, written as a tablet sends it, and none reads as the record's keys."""

from __future__ import annotations

import re

import pytest

from games.engine.core import RoundState
from games.engine.core.corrections import described, described_tap
from games.engine.registry import ACTIONS, check_shape, game_for

THB = RoundState(game_for("texas-holdem-bonus"), {})
LIR = RoundState(game_for("let-it-ride"), {"five_card_bonus_paytable": "A"})
MS = RoundState(game_for("mississippi-stud"), {})
S21 = RoundState(game_for("spanish-21"), {})

# (round, action, its words), by type: the words written by hand.
SAMPLES = {
    "place_wager": [(THB, {"type": "place_wager", "step": "wagers", "seat": 4, "wager": "bonus", "amount": "5"},
                     "seat 4's Texas Hold 'Em Bonus Wager $5")],
    "remove_wager": [(THB, {"type": "remove_wager", "step": "wagers", "seat": 4, "wager": "ante"},
                      "seat 4's Ante removed")],
    "same_player": [(THB, {"type": "same_player", "step": "wagers", "seat": 2, "with": 1},
                     "seat 2 wagered on by seat 1's player")],
    "own_player": [(THB, {"type": "own_player", "step": "wagers", "seat": 2}, "seat 2 its own player's again")],
    "no_more_bets": [(THB, {"type": "no_more_bets", "step": "wagers"}, "no more bets")],
    "deal": [(THB, {"type": "deal", "step": "deal"}, "the deal"),
             (THB, {"type": "deal", "step": "deal", "cards": {"seat:1": ["Ah", "Kh"]}},
              "the deal, its cards read by the shoe")],
    "decide": [(THB, {"type": "decide", "step": "flop_decision", "seat": 3, "choice": "flop"}, "seat 3's Flop Wager"),
               (THB, {"type": "decide", "step": "flop_decision", "seat": 5, "choice": "fold"},
                "seat 5's Fold instead of a Flop Wager"),
               (THB, {"type": "decide", "step": "turn_decision", "seat": 1, "choice": "check"},
                "seat 1's Check instead of a Turn Wager"),
               (MS, {"type": "decide", "step": "third_street_decision", "seat": 2, "choice": "bet", "amount": "20"},
                "seat 2's 3rd Street Wager $20"),
               (LIR, {"type": "decide", "step": "bet1_decision", "seat": 2, "choice": "ride"},
                "seat 2's Let It Ride on Bet 1"),
               (LIR, {"type": "decide", "step": "bet1_decision", "seat": 2, "choice": "pull"}, "seat 2's Pull Bet 1")],
    "cards": [(THB, {"type": "cards", "step": "flop", "target": "board", "cards": ["2h", "7h", "9h"]},
               "the board's cards: 2h 7h 9h"),
              (THB, {"type": "cards", "step": "settle", "target": "seat:3"}, "seat 3's cards: turned"),
              (LIR, {"type": "cards", "step": "settle", "target": "six_card_bonus", "cards": ["As", "Ad", "Ac"]},
               "the Six Card Bonus cards: As Ad Ac")],
    "confirm": [(THB, {"type": "confirm", "step": "reveal"}, "the reveal confirmed without its cards")],
    "stub_count": [(THB, {"type": "stub_count", "step": "stub_count", "result": "misdealt"},
                    "the stub count: misdealt")],
    "input": [(S21, {"type": "input", "step": "peek", "value": "no"}, None)],
    "play": [(S21, {"type": "play", "step": "play", "seat": 1, "hand": 2, "move": "double_down", "amount": "10"},
              "seat 1 hand 2: double down $10")],
    "settle": [(THB, {"type": "settle", "step": "envy"}, "the settlement: Envy Bonuses paid")],
    "close": [(THB, {"type": "close", "step": "close"}, "the close of the round")],
    "irregularity": [(THB, {"type": "irregularity", "step": "flop", "kind": "card_face_up", "card": "Td"}, None)],
    "system_draw": [(LIR, {"type": "system_draw", "step": "magic_draw", "magic_card": "Td", "lucky": 3},
                     "the Magic Card Td and the Lucky position seat 3")],
    "approve": [(THB, {"type": "approve", "step": "close", "approval": 2},
                 "the floorperson's approval of request 2")],
    "refuse": [(THB, {"type": "refuse", "step": "close", "approval": 2}, "the floorperson's refusal of request 2")],
    "resolve_claim": [(THB, {"type": "resolve_claim", "step": "settle", "claim": 1, "amount": 250_00},
                       "the meter's amount $250 for claim 1")],
    "hold_claim": [(THB, {"type": "hold_claim", "step": "settle", "claim": 1, "meter_amount": 10_000_50,
                          "down": "the link L is down"},
                    "claim 1 held for a floorperson, the meter's last reading $10,000.50")],
    "link_back": [(THB, {"type": "link_back", "step": "close"},
                   "the link back: the claims that waited for it asked again")],
    "undo": [(THB, {"type": "undo", "step": "flop"}, "the last entry taken back")],
    "correct": [(THB, {"type": "correct", "step": "turn", "entry": 7}, "a correction of entry 7 asked")],
    "cancel": [(THB, {"type": "cancel", "step": "wagers"}, "the round cancelled, started by mistake")],
    "seating": [(THB, {"type": "seating", "step": "seating", "do": "sit_out", "seat": 4}, "seat 4: sit out")],
    "start_hand": [(THB, {"type": "start_hand", "step": "seating"}, "the start of the hand")],
}
CASES = [(kind, *sample) for kind, samples in SAMPLES.items() for sample in samples]
# What a record's keys look like, never a person's words.
RAW = re.compile(r"·|\bat |_|\bvalue |\b(?:type|step|wager|choice|target|kind|move) [a-z0-9]|[{}\[\]]")


def test_every_action_type_the_engine_takes_has_a_sample():
    assert set(SAMPLES) == set(ACTIONS)


@pytest.mark.parametrize("kind, rnd, action, words", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_entry_is_described_in_words(kind, rnd, action, words):
    check_shape(action)  # the sample is an action as a tablet or the service sends it
    text = described(rnd, action)
    assert not RAW.search(text), text
    if words is not None:
        assert text == words
    assert described_tap(rnd, [action]) == text


def test_the_irregularity_and_the_peek_are_named_as_their_game_names_them():
    irregularity = THB.game.irregularities["card_face_up"].label
    text = described(THB, SAMPLES["irregularity"][0][1])
    assert text.startswith("the irregularity ") and irregularity[1:] in text and "(Td)" in text
    (peek,) = [step for step in S21.steps if step.id == "peek"]
    assert described(S21, SAMPLES["input"][0][1]) == f"the answer {dict(peek.answers)['no']}"


def test_one_choice_for_several_seats_is_said_once():
    checks = [{"type": "decide", "step": "turn_decision", "seat": seat, "choice": "check"} for seat in (1, 3)]
    assert described_tap(THB, checks) == "seats 1, 3's Check instead of a Turn Wager"
