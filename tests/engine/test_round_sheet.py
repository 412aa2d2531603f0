"""Round sheets, for every game (docs/round-sheets.md): a round played on the tablets exports
(``sheet_from_log``) to a sheet that settles to the round's own lines, whatever happened in it;
and the docs show what the engine does, for each game in its own part of the page.

Each game's play helper gives a round that reaches every step (``ROUND``); the table below gives
where each game's part of the docs is and what its examples show.  A game's own sheets (settled
to lines worked out by hand, and refused when wrong) are in its test_*_round_sheet.py; plain rounds
and rounds read by a card-reading shoe are exported and settled in test_conformance.py.
"""

from __future__ import annotations

import json
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
from play import tap, turn_cards
from sheets import blocks, section

from games.engine.core import RoundState
from games.engine.round_sheet import settle_sheet, sheet_from_log

HELPERS = {"texas-holdem-bonus": thb_play, "wpt-heads-up": wpt_play, "let-it-ride": lir_play,
           "mississippi-stud": ms_play, "crazy-4-poker": c4_play, "ultimate-texas-holdem": uth_play,
           "caribbean-stud": cs_play, "four-card-poker": fcp_play}

# Where each game's part of the docs is: the marker of its examples and the titles of its rules
# options and irregularities; the decisions its full example names, and the words (not amounts)
# it gives them.
DOCS = {
    "texas-holdem-bonus": ("", "Rules options", "Irregularities", {"flop", "turn", "river"}, {"fold", "check"}),
    "wpt-heads-up": ("wpt-heads-up ", "Heads-Up Hold 'Em: rules options", "Heads-Up Hold 'Em: irregularities",
                     {"preflop", "flop", "river"}, {"check", "fold"}),
    "let-it-ride": ("let-it-ride ", "Let It Ride: rules options", "Let It Ride: irregularities", {"bet1", "bet2"},
                    {"ride", "pull"}),
    "mississippi-stud": ("mississippi-stud ", "Mississippi Stud: rules options", "Mississippi Stud: irregularities",
                         {"third_street", "fourth_street", "fifth_street"}, {"fold"}),
    "crazy-4-poker": ("crazy-4-poker ", "Crazy 4 Poker: rules options", "Crazy 4 Poker: irregularities", {"play"},
                      {"fold"}),
    "ultimate-texas-holdem": ("ultimate-texas-holdem ", "Ultimate Texas Hold 'Em: rules options",
                              "Ultimate Texas Hold 'Em: irregularities", {"preflop", "flop", "river"},
                              {"check", "fold"}),
    "caribbean-stud": ("caribbean-stud ", "Caribbean Stud: rules options", "Caribbean Stud: irregularities", {"bet"},
                       {"bet", "fold"}),
    "four-card-poker": ("four-card-poker ", "Four Card Poker: rules options", "Four Card Poker: irregularities",
                        {"play"}, {"fold"}),
}

# The step at which a card is found face up in the exported rounds (643a: only while dealing); the
# voids the game knows (kind, step); the decisions of each seat of a training round in which the
# dealer takes the last choice at each decision point.
FACE_UP_AT = {"texas-holdem-bonus": "flop", "wpt-heads-up": "turn_river", "let-it-ride": "deal",
              "mississippi-stud": "deal", "crazy-4-poker": "deal", "ultimate-texas-holdem": "turn_river",
              "caribbean-stud": "deal", "four-card-poker": "deal"}
VOIDS = [("texas-holdem-bonus", "dealer_card_exposed", "turn_decision"),
         ("wpt-heads-up", "dealer_card_exposed", "preflop_decision"),
         ("wpt-heads-up", "dealer_card_exposed", "river_decision"),
         ("let-it-ride", "community_card_exposed", "bet2_decision"),
         ("mississippi-stud", "community_card_exposed", "fourth_street_decision"),
         ("ultimate-texas-holdem", "dealer_card_exposed", "preflop_decision"),
         ("ultimate-texas-holdem", "dealer_card_exposed", "river_decision"),
         ("caribbean-stud", "dealer_card_exposed", "bet_decision"),
         ("four-card-poker", "dealer_card_exposed", "play_decision")]
LAST_CHOICES = {"texas-holdem-bonus": {"flop": "fold"}, "wpt-heads-up": {"preflop": "check", "flop": "check",
                                                                          "river": "fold"},
                "let-it-ride": {"bet1": "pull", "bet2": "pull"}, "mississippi-stud": {"third_street": "fold"},
                "crazy-4-poker": {"play": "fold"},
                "ultimate-texas-holdem": {"preflop": "check", "flop": "check", "river": "fold"},
                "caribbean-stud": {"bet": "fold"}, "four-card-poker": {"play": "fold"}}

EACH = pytest.mark.parametrize("slug", HELPERS)


def actions_of(slug, before=None, stop=None, **kwargs):
    """The actions of the game's round, with ``before`` = {phase: actions} added before a phase and,
    with ``stop``, cut just before that phase."""
    helper, actions, extra = HELPERS[slug], [], dict(before or {})
    for phase, action in helper.round_actions(*helper.ROUND, **kwargs):
        actions += extra.pop(phase, [])
        if phase == stop:
            break
        actions.append(action)
    return actions


def assert_round_trip(slug, actions, rules=None, shoe_order=None):
    """The round played action by action and its exported sheet settle to the same lines."""
    rules = {**HELPERS[slug].at("wagers").rules, **(rules or {})}
    rnd = RoundState.replay(HELPERS[slug].GAME, rules, actions, shoe_order=shoe_order)
    exported = sheet_from_log(slug, rules, actions, shoe_order=shoe_order)
    assert settle_sheet(exported)["lines"] == [line.as_dict() for line in rnd.lines]
    return exported


# -- A round played on the tablets exports to a sheet that settles the same way -------------------


@EACH
def test_an_exported_round_with_one_card_found_face_up_settles_to_its_own_lines(slug):
    face_up = {"type": "irregularity", "kind": "card_face_up", "card": "As"}
    exported = assert_round_trip(slug, actions_of(slug, {FACE_UP_AT[slug]: [face_up]}))
    assert exported["irregularities"] == [{"at": FACE_UP_AT[slug], "kind": "card_face_up", "card": "As"}]


@pytest.mark.parametrize("slug, kind, phase", VOIDS)
def test_an_exported_void_round_settles_to_its_own_lines(slug, kind, phase):
    helper = HELPERS[slug]
    actions = actions_of(slug, {phase: [{"type": "irregularity", "kind": kind}]}, stop=phase)
    actions.append({"type": "approve", "approval": 1})
    # The wagers the void keeps alive ask for their seats' cards (and the rest of the board).
    seats, board, cards = helper.ROUND
    turn_cards(RoundState.replay(helper.GAME, helper.at("wagers").rules, actions), seats, cards, board=board,
               log=actions)
    exported = assert_round_trip(slug, actions)
    assert exported["irregularities"] == [{"at": phase, "kind": kind, "approved": True}]


@EACH
def test_an_exported_round_whose_void_was_refused_settles_to_its_own_lines(slug):
    refused = [{"type": "irregularity", "kind": "wrong_card_count"}, {"type": "refuse", "approval": 1}]
    exported = assert_round_trip(slug, actions_of(slug, {FACE_UP_AT[slug]: refused}))
    assert exported["irregularities"] == [{"at": FACE_UP_AT[slug], "kind": "wrong_card_count", "approved": False}]


@pytest.mark.parametrize("result", ["correct", "misdealt", "incorrect"])
@EACH
def test_an_exported_round_with_a_stub_count_settles_to_its_own_lines(slug, result):
    actions = actions_of(slug, stub_count=result)
    if result != "correct":  # the round waits for the floorperson right after the count
        actions = actions[:actions.index({"type": "stub_count", "result": result}) + 1]
        actions.append({"type": "approve", "approval": 1})
    exported = assert_round_trip(slug, actions, {"stub_count_due": True})
    assert exported["stub_count"] == result
    assert (settle_sheet(exported)["void"] is None) is (result == "correct")  # a wrong count voids the round


@pytest.mark.parametrize("result", ["misdealt", "incorrect"])
@EACH
def test_an_exported_round_whose_stub_count_void_was_refused_settles_to_its_own_lines(slug, result):
    # The floorperson refuses the void a wrong count asks for: the round is played to its end, and
    # its sheet says so, or settling it would void the round the table played on.
    actions = actions_of(slug, stub_count=result)
    counted = actions.index({"type": "stub_count", "result": result}) + 1
    actions[counted:counted] = [{"type": "refuse", "approval": 1}]
    exported = assert_round_trip(slug, actions, {"stub_count_due": True})
    assert (exported["stub_count"], exported["stub_count_void"]) == (result, "refused")
    assert settle_sheet(exported)["void"] is None


@EACH
def test_a_round_dealt_by_the_virtual_shoe_exports_a_sheet_that_settles_to_its_own_lines(slug):
    # Training mode on an automated shoe: the dealer takes the last choice at each decision (a fold,
    # a check, a bet withdrawn) and the first elsewhere, and never enters a card.
    helper = HELPERS[slug]
    order = [card.code for card in helper.GAME.deck.cards()]
    rules = {**helper.at("wagers").rules, "dealing_method": "automated_shoe", "training": True}
    actions = actions_of(slug, stop="deal")
    rnd = RoundState.replay(helper.GAME, rules, actions, shoe_order=order)
    while not rnd.closed:
        choices = rnd.prompt.choices
        action = (choices[-1] if rnd.prompt.step.endswith("_decision") else choices[0]).action
        actions.append(action)
        rnd = tap(rnd, action)
    exported = assert_round_trip(slug, actions, rules, order)
    # Every seat with the required wager decides; a seat playing another wager alone (Four Card
    # Poker's Aces Up Wager, § 641a.7(d)(2)) has no decision to make.
    required = helper.GAME.required_wager
    seats = exported["seats"].values()
    assert [seat["decisions"] for seat in seats if required in seat["wagers"]] == [LAST_CHOICES[slug]] * len(
        [seat for seat in seats if required in seat["wagers"]])
    assert not [seat for seat in seats if required not in seat["wagers"] and "decisions" in seat]


# -- docs/round-sheets.md shows what the engine does -------------------------------------------


@EACH
def test_the_docs_show_a_full_example_and_a_void_example(slug):
    marker = DOCS[slug][0]
    assert set(blocks(marker, "sheet")) == set(blocks(marker, "settlement")) == {"example", "void"}


@pytest.mark.parametrize("name", ["example", "void"])
@EACH
def test_each_example_in_the_docs_settles_to_the_output_the_docs_show(slug, name):
    marker = DOCS[slug][0]
    assert settle_sheet(blocks(marker, "sheet")[name]) == blocks(marker, "settlement")[name]


@EACH
def test_the_full_example_uses_every_field_every_wager_and_every_decision(slug):
    marker, _, _, decisions, words = DOCS[slug]
    example = blocks(marker, "sheet")["example"]
    seats = example["seats"].values()
    assert {field for seat in seats for field in seat} == {"wagers", "decisions", "cards"}
    game = HELPERS[slug].GAME
    assert {wager for seat in seats for wager in seat["wagers"]} == set(
        game.betting_wagers(game.validate_rules(example["rules"])))
    assert {name for seat in seats for name in seat.get("decisions", {})} == decisions
    assert {choice for seat in seats for choice in seat.get("decisions", {}).values()
            if not choice[0].isdigit()} == words


@EACH
def test_the_docs_describe_every_rules_option_with_its_default(slug):
    rows = [line.split("|") for line in section(DOCS[slug][1]).splitlines() if line.startswith("| `")]
    documented = {cells[1].strip(): cells[2].strip() for cells in rows}
    default_rules = HELPERS[slug].GAME.default_rules
    assert documented == {f"`{option}`": f"`{json.dumps(default)}`" for option, default in default_rules.items()}


@EACH
def test_the_docs_name_every_irregularity_a_sheet_can_give(slug):
    documented = section(DOCS[slug][2])
    for kind, irregularity in HELPERS[slug].GAME.irregularities.items():
        if not kind.startswith("stub_"):  # a stub count is the sheet's stub_count field
            assert f"`{kind}` ({irregularity.section})" in documented


@EACH
def test_the_steps_the_docs_list_for_at_are_the_steps_of_a_round(slug):
    at_row = next(line for line in section(DOCS[slug][2]).splitlines() if line.startswith("| `at` |"))
    documented = set(re.findall(r"`(\w+)`", at_row.split("|")[2]))
    prompts = []
    helper = HELPERS[slug]
    helper.at(rules={"stub_count_due": True}, stub_count="correct", prompts=prompts)
    # Every step a round prompts is documented ("no more bets" closes the wagers); steps that only a
    # progressive table has (the Envy Bonuses) are documented too, as the game's steps show.
    assert {prompt.step for prompt in prompts} - {"wagers"} <= documented
    rules = helper.GAME.validate_rules(helper.at("wagers").rules)
    assert documented == {step.id for step in helper.GAME.steps(rules)} - {"wagers", "close"}
