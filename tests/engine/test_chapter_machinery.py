"""What every banked poker chapter words alike (games/engine/chapters/banked_poker.py), checked once
over each game: the dealing methods of §§ .8-.10 and the sections their prompts cite, the stub
count and its misdeals, and the irregularities of § .13 every chapter has (a card found face up,
a wrong number of cards, a jammed automated shoe) with the floorperson's part in a void, a
card-reading shoe; the table's limits on each wager (§ .7); the rankings by which the hold'em
chapters compare the player's hand with the dealer's (§ .6); the first decision asked clockwise
and the settlement from the dealer's right (§ .11).

Each game's play helper gives a round that reaches every step of its chapter (``ROUND``, played by
its ``at``); the tables below give, per chapter, the paragraphs the chapter prints for each step,
copied by hand from it: the expected sections are written out, never computed by the code under
test.  What only one chapter says (§ 647a.13(d), § 643a.13(d), which wagers a void keeps alive)
stays in that game's own files.
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
from play import approve_void, assert_every_wager_returned, outcomes, refuse, tap

from games.engine.core import RoundState

# 655a: its dealing sections (§§ 655a.8-655a.10) and irregularities (§ 655a.13) are not available;
# the game follows Let It Ride's and cites them (games/engine/mississippi_stud.py).
HELPERS = {"647a": thb_play, "677a": wpt_play, "643a": lir_play, "655a": ms_play, "657a": c4_play,
           "653a": uth_play, "639a": cs_play, "641a": fcp_play}


def rows(text: str) -> list[list[str]]:
    """The rows of a table written as text: a header line, then a row a line, its columns two spaces
    or more apart."""
    return [re.split(r"\s{2,}", line.strip()) for line in text.strip().splitlines()[1:] if line.strip()]


def table(text: str) -> dict[str, list[list[str]]]:
    """{chapter: its rows} of a table written as text whose first column is the chapter."""
    return {chapter: [row[1:] for row in rows(text) if row[0] == chapter] for chapter in HELPERS}


# §§ .8-.10: where each dealing method's steps are.  A reshuffling shoe counts the cards itself
# (§ .10(g)): it has no stub count, and so no misdeal.
DEALING = {chapter: {method: (*sections, None, None)[:4] for method, *sections in rows}
           for chapter, rows in table("""
    chapter  method            "no more bets"   the deal      stub count    wrong stub count
    647a     manual_shoe       § 647a.8(b)      § 647a.8(d)   § 647a.8(f)   § 647a.8(h)
    647a     hand              § 647a.9(b)      § 647a.9(b)   § 647a.9(d)   § 647a.9(f)
    647a     automated_shoe    § 647a.10(a)(2)  § 647a.10(b)  § 647a.10(d)  § 647a.10(f)
    647a     reshuffling_shoe  § 647a.10(a)(2)  § 647a.10(g)
    677a     manual_shoe       § 677a.8(b)      § 677a.8(c)   § 677a.8(e)   § 677a.8(g)
    677a     hand              § 677a.9(b)      § 677a.9(b)   § 677a.9(d)   § 677a.9(f)
    677a     automated_shoe    § 677a.10(a)(2)  § 677a.10(b)  § 677a.10(d)  § 677a.10(f)
    677a     reshuffling_shoe  § 677a.10(a)(2)  § 677a.10(g)
    643a     manual_shoe       § 643a.8(b)      § 643a.8(d)   § 643a.8(f)   § 643a.8(h)
    643a     hand              § 643a.9(a)(3)   § 643a.9(b)   § 643a.9(d)   § 643a.9(f)
    643a     automated_shoe    § 643a.10(a)(2)  § 643a.10(b)  § 643a.10(d)  § 643a.10(f)
    643a     reshuffling_shoe  § 643a.10(a)(2)  § 643a.10(g)
    655a     manual_shoe       § 643a.8(b)      § 643a.8(d)   § 643a.8(f)   § 643a.8(h)
    655a     hand              § 643a.9(a)(3)   § 643a.9(b)   § 643a.9(d)   § 643a.9(f)
    655a     automated_shoe    § 643a.10(a)(2)  § 643a.10(b)  § 643a.10(d)  § 643a.10(f)
    655a     reshuffling_shoe  § 643a.10(a)(2)  § 643a.10(g)
    657a     manual_shoe       § 657a.8         § 657a.8      § 657a.8      § 657a.8
    657a     hand              § 657a.9         § 657a.9      § 657a.9      § 657a.9
    657a     automated_shoe    § 657a.10        § 657a.10     § 657a.10     § 657a.10
    657a     reshuffling_shoe  § 657a.10        § 657a.10
    653a     manual_shoe       § 677a.8(b)      § 677a.8(c)   § 677a.8(e)   § 677a.8(g)
    653a     hand              § 677a.9(b)      § 677a.9(b)   § 677a.9(d)   § 677a.9(f)
    653a     automated_shoe    § 677a.10(a)(2)  § 677a.10(b)  § 677a.10(d)  § 677a.10(f)
    653a     reshuffling_shoe  § 677a.10(a)(2)  § 677a.10(g)
    639a     manual_shoe       § 639a.8         § 639a.8      § 639a.8      § 639a.8
    639a     hand              § 639a.9         § 639a.9      § 639a.9      § 639a.9
    639a     automated_shoe    § 639a.10        § 639a.10     § 639a.10     § 639a.10
    639a     reshuffling_shoe  § 639a.10        § 639a.10
    641a     manual_shoe       § 641a.8         § 641a.8      § 641a.8      § 641a.8
    641a     hand              § 641a.9         § 641a.9      § 641a.9      § 641a.9
    641a     automated_shoe    § 641a.10        § 641a.10     § 641a.10     § 641a.10
    641a     reshuffling_shoe  § 641a.10        § 641a.10
""").items()}

# § .11: the other steps of the round, whatever the dealing method, each with its section.
STEPS = {chapter: {tuple(row) for row in rows} for chapter, rows in table("""
    chapter  step                    section
    647a     flop_decision           § 647a.11(b)
    647a     flop                    § 647a.11(c)
    647a     turn_decision           § 647a.11(d)
    647a     turn                    § 647a.11(e)
    647a     river_decision          § 647a.11(f)
    647a     river                   § 647a.11(g)
    647a     reveal                  § 647a.11(h)
    647a     settle                  § 647a.11(h)
    647a     settle_bonus            § 647a.11(b)(2)(i)(A)
    647a     close                   § 647a.11(k)
    677a     preflop_decision        § 677a.11(b)
    677a     flop                    § 677a.11(c)
    677a     flop_decision           § 677a.11(d)
    677a     turn_river              § 677a.11(e)
    677a     river_decision          § 677a.11(f)
    677a     reveal                  § 677a.11(g)
    677a     settle                  § 677a.11(g)
    677a     settle_optional         § 677a.11(f)
    677a     close                   § 677a.11(j)
    643a     bet1_decision           § 643a.11(b)
    643a     first_community_card    § 643a.11(c)
    643a     bet2_decision           § 643a.11(d)
    643a     second_community_card   § 643a.11(e)
    643a     settle                  § 643a.11(f)
    643a     settle                  § 643a.11(g)(6)
    643a     close                   § 643a.11(h)
    655a     third_street_decision   § 655a.1
    655a     first_community_card    § 655a.1
    655a     fourth_street_decision  § 655a.1
    655a     second_community_card   § 655a.1
    655a     fifth_street_decision   § 655a.1
    655a     third_community_card    § 655a.11(i)
    655a     settle                  § 655a.11(i)
    655a     close                   § 655a.11(j)
    657a     play_decision          § 657a.11(b)
    657a     reveal                 § 657a.11(c)
    657a     settle                 § 657a.11(c)
    657a     close                  § 657a.11(f)
    653a     preflop_decision       § 653a.11
    653a     flop                   § 653a.11
    653a     flop_decision          § 653a.11
    653a     turn_river             § 653a.11
    653a     river_decision         § 653a.11
    653a     reveal                 § 653a.11
    653a     settle                 § 653a.11
    653a     settle_trips           § 653a.11
    653a     close                  § 653a.11
    639a     bet_decision           § 639a.11(b)
    639a     reveal                 § 639a.11(c)
    639a     settle                 § 639a.11(c)
    639a     close                  § 639a.11(d)
    641a     play_decision          § 641a.11(b)
    641a     reveal                 § 641a.11(c)
    641a     settle                 § 641a.11(c)
    641a     settle_aces_up         § 641a.11(b)(1)
    641a     close                  § 641a.11(d)
""").items()}  # (643a: the Six Card Bonus cards are turned within the settlement; close: cards to the rack)

# § .13 and the misdeal of §§ .8-.10: every irregularity each game knows, with its section.
IRREGULARITIES = {chapter: dict(rows) for chapter, rows in table("""
    chapter  irregularity            section
    647a     card_face_up            § 647a.13(a)
    647a     wrong_card_count        § 647a.13(c)
    647a     dealer_card_exposed     § 647a.13(d)
    647a     shoe_jam                § 647a.13(f)
    647a     stub_misdealt           § 647a.8(h)
    647a     stub_incorrect          § 647a.8(h)
    677a     card_face_up            § 677a.13(a)
    677a     wrong_card_count        § 677a.13(c)
    677a     dealer_card_exposed     § 677a.13(d)
    677a     shoe_jam                § 677a.13(f)
    677a     stub_misdealt           § 677a.8(g)
    677a     stub_incorrect          § 677a.8(g)
    643a     card_face_up            § 643a.13(a)
    643a     wrong_card_count        § 643a.13(c)
    643a     community_card_exposed  § 643a.13(d)
    643a     shoe_jam                § 643a.13(f)
    643a     stub_misdealt           § 643a.8(h)
    643a     stub_incorrect          § 643a.8(h)
    655a     card_face_up            § 643a.13(a)
    655a     wrong_card_count        § 643a.13(c)
    655a     community_card_exposed  § 643a.13(d)
    655a     shoe_jam                § 643a.13(f)
    655a     stub_misdealt           § 643a.8(h)
    655a     stub_incorrect          § 643a.8(h)
    657a     card_face_up            § 657a.13
    657a     wrong_card_count        § 657a.13
    657a     shoe_jam                § 657a.13
    657a     stub_misdealt           § 657a.8
    657a     stub_incorrect          § 657a.8
    653a     card_face_up            § 677a.13(a)
    653a     wrong_card_count        § 677a.13(c)
    653a     dealer_card_exposed     § 677a.13(d)
    653a     shoe_jam                § 677a.13(f)
    653a     stub_misdealt           § 677a.8(g)
    653a     stub_incorrect          § 677a.8(g)
    639a     card_face_up            § 639a.13
    639a     wrong_card_count        § 639a.13
    639a     dealer_card_exposed     § 639a.13
    639a     shoe_jam                § 639a.13
    639a     stub_misdealt           § 639a.8
    639a     stub_incorrect          § 639a.8
    641a     card_face_up            § 641a.13
    641a     wrong_card_count        § 641a.13
    641a     dealer_card_exposed     § 641a.13
    641a     shoe_jam                § 641a.13
    641a     stub_misdealt           § 641a.8
    641a     stub_incorrect          § 641a.8
""").items()}

# Where the stub is counted: after a step, before another, with so many community cards face up
# (§ 647a.8(e)-(f): after the River; § 677a.8(d)-(e): after all community cards; § 643a.8(e)-(f):
# once the cards are dealt, before any decision).
STUB = {"647a": ("river", "reveal", 5), "677a": ("turn_river", "river_decision", 5),
        "643a": ("deal", "bet1_decision", 0), "655a": ("deal", "third_street_decision", 0),
        "657a": ("deal", "play_decision", 0), "653a": ("turn_river", "river_decision", 5),
        "639a": ("deal", "bet_decision", 0), "641a": ("deal", "play_decision", 0)}

# The wagers each seat of the round places before the deal, and those a decision may add.
DECIDED = {"647a": frozenset({"flop", "turn", "river"}), "677a": frozenset({"raise"}), "643a": frozenset(),
           "655a": frozenset({"third_street", "fourth_street", "fifth_street"}), "657a": frozenset({"play"}),
           "653a": frozenset({"play"}), "639a": frozenset({"bet"}), "641a": frozenset({"play"})}
PLACED = {"647a": {1: ("ante", "bonus"), 3: ("ante",), 5: ("ante", "bonus")},
          "677a": {1: ("ante", "odds", "pocket_bonus"), 3: ("ante", "odds", "trips_plus"),
                   5: ("ante", "odds", "pocket_bonus", "trips_plus")},
          "643a": {2: ("bet1", "bet2", "bet3", "five_card_bonus"),
                   5: ("bet1", "bet2", "bet3", "three_card_bonus", "six_card_bonus")},
          "655a": {1: ("ante",), 4: ("ante",), 5: ("ante",)},
          "653a": {1: ("ante", "blind"), 3: ("ante", "blind", "trips"), 5: ("ante", "blind", "trips")},
          "639a": {1: ("ante", "bonus"), 3: ("ante",), 5: ("ante", "bonus")},
          "641a": {1: ("ante", "aces_up"), 3: ("aces_up",), 5: ("ante", "aces_up")},
          "657a": {1: ("ante", "super_bonus", "queens_up"), 3: ("ante", "super_bonus"),
                   5: ("ante", "super_bonus", "queens_up")}}

# Two cards the round never deals, to be found face up; a card of the round found face up at the
# deal, and the step and action that enter it later.
SPARE = {"647a": ("7c", "8c"), "677a": ("8c", "8d"), "643a": ("Qs", "Qd"), "655a": ("Qs", "Qd"),
         "657a": ("7c", "7d"), "653a": ("8c", "8d"), "639a": ("Th", "Tc"), "641a": ("Tc", "Td")}
REUSED = {"647a": ("Jc", "flop", {"type": "cards", "target": "board", "cards": ["2h", "7h", "Jc"]}),
          "677a": ("Jc", "turn_river", {"type": "cards", "target": "board", "cards": ["Jc", "3d"]}),
          "643a": ("Qs", "settle", {"type": "cards", "target": "seat:5", "cards": ["Qs", "Td", "2s"]}),
          "655a": ("Qs", "settle", {"type": "cards", "target": "seat:5", "cards": ["Qs", "9d"]}),
          "657a": ("Ac", "reveal", {"type": "cards", "target": "dealer", "cards": ["Ac", "Jd", "Tc", "8h", "6s"]}),
          "653a": ("Jc", "turn_river", {"type": "cards", "target": "board", "cards": ["Jc", "3d"]}),
          "639a": ("Qd", "settle", {"type": "cards", "target": "seat:3", "cards": ["2d", "5d", "8d", "Jd", "Qd"]}),
          "641a": ("Jd", "settle", {"type": "cards", "target": "seat:3", "cards": ["Js", "Jh", "Jd", "5c", "2h"]})}

# Steps at which every card of the round is dealt, so a card found face up is no longer one found
# "while the cards are being dealt" (643a deals every card at once, § 643a.8(d)-(e)); steps at which
# a void may be reported (the first: while an automated shoe may still jam).
DEALT_AT = {"647a": ("reveal", "settle"), "677a": ("reveal", "settle"),
            "643a": ("bet1_decision", "second_community_card", "settle"),
            "655a": ("third_street_decision", "second_community_card", "settle"), "657a": ("play_decision", "settle"),
            "653a": ("reveal", "settle"), "639a": ("bet_decision", "settle"), "641a": ("play_decision", "settle")}
VOID_AT = {"647a": ("flop",), "677a": ("flop", "flop_decision"), "643a": ("deal", "bet2_decision", "settle"),
           "655a": ("deal", "fourth_street_decision", "settle"), "657a": ("deal", "reveal", "settle"),
           "653a": ("flop", "flop_decision"), "639a": ("deal", "bet_decision"), "641a": ("deal",)}

# § .7: a wager outside the table's default limits is refused, citing where the chapter defines
# that wager (the first seat of the round places it).
LIMITS = table("""
    chapter  wager           amount  the table's limits  section
    647a     ante            4.99    $5.00 to $500.00    § 647a.7(d)(1)
    647a     ante            500.01  $5.00 to $500.00    § 647a.7(d)(1)
    647a     bonus           0.50    $1.00 to $100.00    § 647a.7(d)(2)
    647a     bonus           101     $1.00 to $100.00    § 647a.7(d)(2)
    677a     ante            4.99    $5.00 to $500.00    § 677a.7(d)(1)
    677a     ante            500.01  $5.00 to $500.00    § 677a.7(d)(1)
    677a     pocket_bonus    0.50    $1.00 to $100.00    § 677a.7(d)(2)
    677a     trips_plus      101     $1.00 to $100.00    § 677a.7(d)(3)
    643a     bet2            2       $5.00 to $500.00    § 643a.7(d)
    643a     bet1            501     $5.00 to $500.00    § 643a.7(d)
    643a     six_card_bonus  101     $1.00 to $100.00    § 643a.7(j)
    655a     ante            4.99    $5.00 to $500.00    § 655a.7
    655a     ante            500.01  $5.00 to $500.00    § 655a.7
    657a     ante            4.99    $5.00 to $500.00    § 657a.7(d)(1)
    657a     queens_up       101     $1.00 to $100.00    § 657a.7(d)(2)
    653a     ante            4.99    $5.00 to $500.00    § 653a.7(d)
    653a     ante            500.01  $5.00 to $500.00    § 653a.7(d)
    653a     trips           0.50    $1.00 to $100.00    § 653a.7(d)
    653a     trips           101     $1.00 to $100.00    § 653a.7(d)
    639a     ante            4.99    $5.00 to $500.00    § 639a.7
    639a     ante            500.01  $5.00 to $500.00    § 639a.7
    639a     bonus           0.50    $1.00 to $100.00    § 639a.7
    639a     bonus           101     $1.00 to $100.00    § 639a.7
    641a     ante            4.99    $5.00 to $500.00    § 641a.7(d)(1)
    641a     aces_up         501     $5.00 to $500.00    § 641a.7(d)(2)
""")

# § .11(b): the first decision, asked of the seats clockwise from the dealer's left (the first seat
# of the round, the others named next) with a button for each choice, each naming the seat, so a
# second tap cannot decide the next seat unseen: a Flop Wager of twice the $10 Ante or a fold
# (647a); a Raise Wager of up to three times it, or a check (677a); Bet 1 ridden or pulled (643a).
FIRST_DECISION = {
    "647a": ("flop_decision", 1, "next: seat 3, seat 5", ["Seat 1: Flop Wager $20.00", "Seat 1: Fold"]),
    "677a": ("preflop_decision", 1, "next: seat 3, seat 5", ["Seat 1: Raise Wager $10.00", "Seat 1: Raise Wager $20.00",
                                                             "Seat 1: Raise Wager $30.00", "Seat 1: Check"]),
    "643a": ("bet1_decision", 2, "next: seat 5", ["Seat 2: Let It Ride", "Seat 2: Pull Bet 1"]),
    "655a": ("third_street_decision", 1, "next: seat 4, seat 5", [
        "Seat 1: 3rd Street Wager $10.00", "Seat 1: 3rd Street Wager $20.00", "Seat 1: 3rd Street Wager $30.00",
        "Seat 1: Fold"]),
    "653a": ("preflop_decision", 1, "next: seat 3, seat 5", ["Seat 1: Play Wager $40.00", "Seat 1: Play Wager $30.00",
                                                             "Seat 1: Check"]),
    "639a": ("bet_decision", 1, "next: seat 3, seat 5", ["Seat 1: Bet Wager $20.00", "Seat 1: Fold"]),
    "641a": ("play_decision", 1, "next: seat 5", ["Seat 1: Play Wager $10.00", "Seat 1: Play Wager $20.00",
                                                  "Seat 1: Play Wager $30.00", "Seat 1: Fold"]),
    "657a": ("play_decision", 1, "next: seat 3, seat 5", ["Seat 1: Play Wager $10.00", "Seat 1: Play Wager $20.00",
                                                          "Seat 1: Play Wager $30.00", "Seat 1: Fold"]),
}

# § .11: the seats are settled from the dealer's right: the one due first, when the lowest is
# offered, and the paragraph that says so.
SETTLED_FIRST = {"647a": (3, "§ 647a.11(h)"), "677a": (3, "§ 677a.11(g)"), "643a": (5, "§ 643a.11(f)"),
                 "655a": (5, "§ 655a.11(i)"), "657a": (3, "§ 657a.11(c)"),
                 "653a": (3, "§ 653a.11"), "639a": (3, "§ 639a.11(c)"), "641a": (3, "§ 641a.11(c)")}

# § .11: a whole table (the hold'em helpers' TABLE: six seats, three folding, two of those keeping a
# side wager) is settled from the dealer's right, then the folded seats whose cards wait under a
# side wager, from the right too (§ 647a.11(h), (b)(2)(i)(A); § 677a.11(g), (f)).
SETTLEMENT_ORDER = {"647a": [("settle", 5), ("settle", 3), ("settle", 1), ("settle_bonus", 4), ("settle_bonus", 2)],
                    "677a": [("settle", 5), ("settle", 3), ("settle", 1), ("settle_optional", 4),
                             ("settle_optional", 2)],
                    "655a": [("settle", 5), ("settle", 3), ("settle", 1)],  # folded seats keep nothing
                    "653a": [("settle", 5), ("settle", 3), ("settle", 1), ("settle_trips", 4), ("settle_trips", 2)]}

# § .6 of the hold'em chapters, worded alike: the player's two cards and the board against the
# dealer's, and the outcome of the wager that comparison decides (647a: the Flop Wager; 677a: the
# Raise Wager).
DECIDED_BY_THE_HANDS = {"647a": "flop", "677a": "raise", "653a": "play"}
RANKINGS = rows("""
    player  board           dealer  outcome  why, in § .6 of either chapter
    Kh 3d   Ac Ad 7h 8s 2c  Qh 4d   win      (c): both hold aces (on the board); the king kicker beats the queen
    Qh 4d   Ac Ad 7h 8s 2c  Kh 3d   lose     (c): the same, the other way round
    Ah 3d   Kc Kd 9h 9s 2c  Qh 3s   win      (c): kings and nines on the board; the ace beats the queen as fifth card
    2c 3d   Ac Ad Kh Qs Jc  4h 5s   push     (c): the best five cards are all on the board: a tie
    7d 6c   7h Ks Qd 4c 2h  7s 5d   win      (c): the same pair of sevens, the same kickers but the last: 6 beats 5
    Ah 3c   Kh 9h 5h 2h 8d  Qh Jh   win      (c): flush against flush, decided by the highest card not in common
    9c Tc   6d 7h 8s 2c 2d  9d Th   push     (c): two hands of the same straight tie, whatever the suits
    Ah 2s   3c 4d 5h Kc 9s  2d 6c   lose     (a), (b)(6): the ace plays low in A-2-3-4-5, the lowest straight
    Ah 2s   3c 4d 5h Kc 9s  Kd Kh   win      (a): ... but A-2-3-4-5 is still a straight, above three kings
    Ah 9d   Qc Kd 2h 3s 8c  4h 4s   lose     (a): Q-K-A-2-3 is no straight: ace high loses to a pair of fours
    Ah 2h   3h 4h 5h 5c 5d  5s 9c   win      (b)(2): the ace-low straight flush beats four-of-a-kind
    8d 8c   8h 3h 3d Jh 2h  Ah Kh   win      (b)(4)-(5): a full house beats a flush
""")

EACH = pytest.mark.parametrize("chapter", HELPERS)


def each(column: dict[str, tuple | dict], *, having: int | None = None):
    """Parametrise over (chapter, each item of its entry in ``column``); with ``having``, only the
    dealing methods that have that step (2: the stub count, 3: a misdeal)."""
    cases = [(chapter, item) for chapter, items in column.items() for item in items
             if having is None or DEALING[chapter][item][having]]
    return pytest.mark.parametrize("chapter, item", cases, ids=[f"{chapter}-{item}" for chapter, item in cases])


def at(chapter: str, phase: str | None = None, **kwargs) -> RoundState:
    return HELPERS[chapter].at(phase, **kwargs)


def approve(chapter: str, rnd: RoundState) -> RoundState:
    return approve_void(rnd, HELPERS[chapter].ROUND)


def irregularity(kind, **extra):
    return {"type": "irregularity", "kind": kind, **extra}


def assert_all_returned(chapter: str, rnd: RoundState, section: str) -> None:
    assert_every_wager_returned(rnd, section, PLACED[chapter], DECIDED[chapter])


# -- The dealing methods of §§ .8-.10 --------------------------------------------------------------


@each(DEALING)
def test_each_prompt_names_the_section_of_the_tables_dealing_method(chapter, item):
    prompts = []
    announce, deal, stub, _ = DEALING[chapter][item]
    rnd = at(chapter, rules={"dealing_method": item, "stub_count_due": True}, stub_count="correct" if stub else None,
             prompts=prompts)
    expected = {("wagers", announce), ("deal", deal), *STEPS[chapter]} | ({("stub_count", stub)} if stub else set())
    assert {(p.step, p.section) for p in [*prompts, rnd.prompt]} == expected


@pytest.mark.parametrize("chapter, name", [*((chapter, "ROUND") for chapter in HELPERS), ("647a", "TABLE"),
                                           ("677a", "TABLE")])
def test_a_card_reading_shoe_settles_like_cards_entered_as_they_are_turned(chapter, name):
    written = getattr(HELPERS[chapter], name)
    rules = at(chapter, "wagers").rules
    read = HELPERS[chapter].play(*written, rules=rules, card_reader=True)
    assert read.lines == HELPERS[chapter].play(*written, rules=rules).lines


# -- Limits, decisions and the settlement: §§ .7, .11 -----------------------------------------------


@each(LIMITS)
def test_it_refuses_a_wager_outside_the_tables_limits(chapter, item):
    wager, amount, limits, section = item
    seat = min(HELPERS[chapter].ROUND.seats)
    refusal = refuse(at(chapter, "no_more_bets"), {"type": "place_wager", "seat": seat, "wager": wager,
                                                   "amount": amount}, re.escape(limits))
    assert refusal.section == section


@EACH
def test_the_first_decision_is_asked_clockwise_each_button_naming_its_seat(chapter):
    step, seat, upcoming, labels = FIRST_DECISION[chapter]
    prompt = at(chapter, step).prompt
    assert (prompt.step, prompt.seat) == (step, seat) and prompt.upcoming.startswith(upcoming)
    assert [choice.label for choice in prompt.choices] == labels


@EACH
def test_it_refuses_to_settle_seats_out_of_the_counterclockwise_order(chapter):
    due, section = SETTLED_FIRST[chapter]
    seats = HELPERS[chapter].ROUND.seats
    lowest = min(seats)
    refusal = refuse(at(chapter, "settle"), {"type": "cards", "target": f"seat:{lowest}",
                                             "cards": seats[lowest].cards.split()}, f"Seat {due} is settled now")
    assert refusal.section == section


@pytest.mark.parametrize("chapter", SETTLEMENT_ORDER)
def test_a_whole_table_is_settled_from_the_dealers_right_then_the_wagers_under_folded_hands(chapter):
    prompts = []
    helper = HELPERS[chapter]
    helper.play(*helper.TABLE, prompts=prompts)
    assert [(p.step, p.seat) for p in prompts if p.step.startswith("settle")] == SETTLEMENT_ORDER[chapter]


@pytest.mark.parametrize("player, board, dealer, outcome, why", RANKINGS, ids=[row[4] for row in RANKINGS])
@pytest.mark.parametrize("chapter", DECIDED_BY_THE_HANDS)
def test_it_compares_the_players_and_the_dealers_hands_by_the_rankings_of_the_chapter(
        chapter, player, board, dealer, outcome, why):
    helper = HELPERS[chapter]
    rnd = helper.play({1: helper.Hand("10", player)}, board, dealer)
    assert outcomes(rnd, 1)[DECIDED_BY_THE_HANDS[chapter]][0] == outcome, why


# -- The stub count: §§ .8-.10 (d)-(h) --------------------------------------------------------------

STUB_DUE = {"stub_count_due": True}


@EACH
def test_the_stub_count_is_prompted_where_the_chapter_puts_it_when_it_is_due(chapter):
    prompts = []
    rnd = at(chapter, "stub_count", rules=STUB_DUE, stub_count="correct", prompts=prompts)
    assert (rnd.prompt.step, rnd.prompt.section) == ("stub_count", DEALING[chapter]["manual_shoe"][2])
    assert (prompts[-1].step, len(rnd.board)) == (STUB[chapter][0], STUB[chapter][2])
    assert [c.action["result"] for c in rnd.prompt.choices] == ["correct", "misdealt", "incorrect"]


@pytest.mark.parametrize("rules", [{}, {"stub_count_due": True, "counting_shuffler": True},
                                   {"stub_count_due": True, "dealing_method": "reshuffling_shoe"}],
                         ids=["not due", "counting shuffler", "reshuffling shoe"])
@EACH
def test_no_stub_count_is_prompted_when_not_due_with_a_counting_shuffler_or_a_reshuffling_shoe(chapter, rules):
    prompts = []
    at(chapter, rules=rules, prompts=prompts)
    assert "stub_count" not in {p.step for p in prompts}


@EACH
def test_a_correct_stub_count_lets_the_round_go_on(chapter):
    rnd = at(chapter, STUB[chapter][1], rules=STUB_DUE, stub_count="correct")
    assert rnd.prompt.step == STUB[chapter][1] and rnd.void_pending is None


@pytest.mark.parametrize("result, deck_removed", [("misdealt", False), ("incorrect", True)])
@EACH
def test_a_wrong_stub_count_voids_the_round_and_returns_every_wager(chapter, result, deck_removed):
    rnd = at(chapter, STUB[chapter][1], rules=STUB_DUE, stub_count=result)
    assert rnd.prompt.waiting_for_floor
    # If the cards were not misdealt, the entire deck is removed from the table (§ 647a.8(h), § 677a.8(g)).
    assert rnd.void_pending.removes_deck is deck_removed
    rnd = approve(chapter, rnd)
    assert_all_returned(chapter, rnd, DEALING[chapter]["manual_shoe"][3])
    assert rnd.void.removes_deck is deck_removed


@each(DEALING, having=3)
def test_a_wrong_stub_count_cites_the_misdeal_rule_of_the_tables_dealing_method(chapter, item):
    misdeal = DEALING[chapter][item][3]
    rnd = at(chapter, STUB[chapter][1], rules={**STUB_DUE, "dealing_method": item}, stub_count="misdealt")
    assert (rnd.void_pending.section, rnd.approvals[0].section) == (misdeal, misdeal)


@EACH
def test_an_unknown_stub_count_result_is_refused(chapter):
    rnd = at(chapter, "stub_count", rules=STUB_DUE, stub_count="correct")
    refuse(rnd, {"type": "stub_count", "result": "about right"}, "correct, misdealt")


# -- Irregularities: § .13 ----------------------------------------------------------------------------


@EACH
def test_the_game_knows_the_irregularities_of_its_chapter_each_with_its_section(chapter):
    known = HELPERS[chapter].GAME.irregularities
    assert {kind: irr.section for kind, irr in known.items()} == IRREGULARITIES[chapter]


@EACH
def test_an_irregularity_while_the_round_is_taking_wagers_is_refused(chapter):
    rnd = at(chapter, "no_more_bets")
    for kind, section in IRREGULARITIES[chapter].items():
        if not kind.startswith("stub_"):  # a stub count is reported as such, never as an irregularity
            assert refuse(rnd, irregularity(kind), "still taking wagers").section == section


@EACH
def test_an_unknown_irregularity_is_refused(chapter):
    refuse(at(chapter, "deal"), irregularity("spilled_drink"), "Unknown irregularity 'spilled_drink'")


@EACH
def test_one_card_found_face_up_is_taken_out_of_play_and_the_round_goes_on(chapter):
    before = at(chapter, "deal")
    rnd = tap(before, irregularity("card_face_up", card=SPARE[chapter][0]))
    assert rnd.void_pending is None and rnd.void is None
    assert rnd.prompt.step == before.prompt.step == "deal"
    assert [card.code for card in rnd.discarded] == [SPARE[chapter][0]]
    assert rnd.approvals == []


@EACH
def test_the_card_found_face_up_cannot_be_used_later_in_the_round(chapter):
    card, phase, action = REUSED[chapter]
    rnd = at(chapter, phase, before={"deal": [irregularity("card_face_up", card=card)]})
    refuse(rnd, action, f"{card} is already on the table")


@EACH
def test_a_card_found_face_up_in_the_virtual_shoe_is_never_dealt(chapter):
    # The card "may not be used in that round of play" (§ .13(a)).  Training mode's shoe holds the
    # ace of spades next; reported face up, it goes to the discards and the deal skips it: every seat
    # and zone gets what a shoe without it would have dealt.
    helper = HELPERS[chapter]
    rest = [card.code for card in helper.GAME.deck.cards() if card.code != "As"]
    wagers = [action for phase, action in helper.round_actions(*helper.ROUND) if phase == "wagers"]

    def dealt(order, found):
        rnd = RoundState(helper.GAME, at(chapter, "wagers").rules, shoe_order=order)
        for action in [*wagers, {"type": "no_more_bets"}, *found, {"type": "deal"}]:
            rnd = tap(rnd, action)
        return rnd

    skipped = dealt(["As", *rest], [irregularity("card_face_up", card="As")])
    assert [card.code for card in skipped.discarded] == ["As"]
    cards = [card for card in skipped.used_cards() if card not in skipped.discarded]
    assert cards and cards == dealt(rest, []).used_cards()


@EACH
def test_more_than_one_card_found_face_up_while_dealing_voids_the_round_and_returns_every_wager(chapter):
    first, second = SPARE[chapter]
    rnd = tap(tap(at(chapter, "deal"), irregularity("card_face_up", card=first)),
              irregularity("card_face_up", card=second))
    section = IRREGULARITIES[chapter]["card_face_up"]
    assert rnd.void_pending.label.startswith("More than one card found face up while dealing")
    assert rnd.prompt.waiting_for_floor and rnd.prompt.section == section
    (approval,) = rnd.approvals
    assert (approval.kind, approval.status, approval.section) == ("void", "pending", section)
    refuse(rnd, {"type": "deal"}, "waits for a floorperson")
    assert_all_returned(chapter, approve(chapter, rnd), section)


@each(DEALT_AT)
def test_a_card_found_face_up_once_every_card_is_dealt_is_refused(chapter, item):
    # The rule is about a card found face up "while the cards are being dealt" (§ .13(a)).
    refusal = refuse(at(chapter, item), irregularity("card_face_up", card=SPARE[chapter][0]),
                     "Every card of the round has been dealt")
    assert refusal.section == IRREGULARITIES[chapter]["card_face_up"]


@each(VOID_AT)
def test_an_incorrect_number_of_cards_voids_the_round_and_returns_every_wager(chapter, item):
    section = IRREGULARITIES[chapter]["wrong_card_count"]
    rnd = tap(at(chapter, item), irregularity("wrong_card_count"))
    assert rnd.approvals[0].section == section
    assert_all_returned(chapter, approve(chapter, rnd), section)


@each(VOID_AT)
def test_a_void_refused_by_the_floorperson_lets_the_round_go_on_at_the_same_prompt(chapter, item):
    before = at(chapter, item)
    rnd = tap(tap(before, irregularity("wrong_card_count")), {"type": "refuse", "approval": 1})
    assert rnd.void is None and rnd.void_pending is None and rnd.prompt == before.prompt
    assert rnd.approvals[0].status == "refused"
    refused = [irregularity("wrong_card_count"), {"type": "refuse", "approval": 1}]
    assert at(chapter, before={item: refused}).lines == at(chapter).lines  # it settles as if nothing happened


@each(VOID_AT)
def test_a_void_round_refuses_a_second_irregularity(chapter, item):
    rnd = tap(at(chapter, item), irregularity("wrong_card_count"))
    for kind in IRREGULARITIES[chapter]:
        refuse(rnd, irregularity(kind), "already being voided")


@each(VOID_AT)
def test_a_void_round_closes_without_a_payout_approval_for_the_returned_wagers(chapter, item):
    rnd = tap(at(chapter, item, rules={"approval_threshold": "1"}), irregularity("wrong_card_count"))
    rnd = tap(approve(chapter, rnd), {"type": "close"})
    assert rnd.closed and [a.kind for a in rnd.approvals] == ["void"]


@pytest.mark.parametrize("method", ["manual_shoe", "hand"])
@EACH
def test_a_shoe_jam_is_refused_on_a_table_without_an_automated_shoe(chapter, method):
    rnd = at(chapter, VOID_AT[chapter][0], rules={"dealing_method": method})
    refusal = refuse(rnd, irregularity("shoe_jam"), "does not deal from an automated shoe")
    assert refusal.section == IRREGULARITIES[chapter]["shoe_jam"]


@pytest.mark.parametrize("method", ["automated_shoe", "reshuffling_shoe"])
@EACH
def test_a_shoe_jam_voids_the_round_and_returns_every_wager_the_side_wagers_too(chapter, method):
    rnd = tap(at(chapter, VOID_AT[chapter][0], rules={"dealing_method": method}), irregularity("shoe_jam"))
    assert_all_returned(chapter, approve(chapter, rnd), IRREGULARITIES[chapter]["shoe_jam"])
