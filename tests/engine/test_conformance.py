"""What every registered game must satisfy, checked over each game's scripted example rounds.

Each game supplies rounds written the way a floorperson would (``EXAMPLES``); the checks below
walk every prompt of every round.  A game's own test files keep only the rules that are its own.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
from typing import Any

import c4_play
import cs_play
import fcp_play
import lir_play
import ms_play
import poker_play
import pytest
import s21_play
import thb_play
import uth_play
import wpt_play
from citations import Chapter
from play import named, tap

from games.engine.cards import Shoe
from games.engine.core import VOID, Refused
from games.engine.core.contract import GameRound as RoundState
from games.engine.core.copying import SHARED, copy_round
from games.engine.registry import GAMES
from games.engine.round_sheet import settle_sheet, sheet_from_log

TH, WH, LH, SB, MH, CH = thb_play.Hand, wpt_play.Hand, lir_play.Hand, s21_play.Box, ms_play.Hand, c4_play.Hand
UH = uth_play.Hand
C4_PROGRESSIVES = {"progressives": {  # one progressive a table (§ 605a.7(e)(2))
    "four_card_progressive": {"amount": "5", "meters": {"": {"id": 1, "name": "C4 four-card"}}}}}
CSH, FH = cs_play.Hand, fcp_play.Hand

# (name, rules, the dealer's actions) per game: ordinary rounds, a fold, a card-reading shoe.
EXAMPLES: dict[str, list[tuple[str, dict[str, Any], list[dict[str, Any]]]]] = {
    "texas-holdem-bonus": [
        ("three seats, one folds keeping its Bonus", {"approval_threshold": "100"}, [
            a for _, a in thb_play.round_actions(
                {1: TH("10", "Ah Kh", bonus="5", plays="flop turn river"),
                 3: TH("25", "Jc Jd", plays="flop check check"),
                 5: TH("5", "Kc Kd", bonus="5", plays="fold")}, "2h 7h 9h Jh 3d", "Qs Qd")]),
        ("a card-reading shoe and an automated shoe", {"dealing_method": "automated_shoe"}, [
            a for _, a in thb_play.round_actions({2: TH("10", "As Ad", bonus="10")}, thb_play.BOARD, "Ac Ah",
                                                 card_reader=True)]),
    ],
    "wpt-heads-up": [
        ("a raise at each point and a fold", {"pocket_bonus_paytable": "A"}, [a for _, a in wpt_play.round_actions(
            {1: WH("10", "Ah Kh", plays="30"), 2: WH("10", "Qc Qd", plays="check 20", pocket_bonus="5"),
             4: WH("10", "8c 2d", plays="check check fold", trips_plus="5")}, wpt_play.BOARD, wpt_play.DEALER)]),
        ("a card-reading shoe and an automated shoe", {"dealing_method": "automated_shoe"}, [
            a for _, a in wpt_play.round_actions({3: WH("25", "As Ks", plays="check check raise")}, wpt_play.BOARD,
                                                 wpt_play.DEALER, card_reader=True)]),
    ],
    "ultimate-texas-holdem": [
        ("a Play Wager at each point and a fold keeping Trips", {"trips_paytable": "A"}, [
            a for _, a in uth_play.round_actions(
                {1: UH("10", "Ah Kh", plays="30"), 2: UH("10", "Qc Qd", plays="check play", trips="5"),
                 4: UH("10", "8c 2d", plays="check check fold", trips="5"),
                 6: UH("5", "Js Td", plays="check check play")}, uth_play.BOARD, uth_play.DEALER)]),
        ("a card-reading shoe and an automated shoe", {"dealing_method": "automated_shoe"}, [
            a for _, a in uth_play.round_actions({3: UH("25", "As Ks", plays="check check play")}, uth_play.BOARD,
                                                 "2h 6s", card_reader=True)]),
    ],
    "let-it-ride": [
        ("pulled bets and every side wager", {"five_card_bonus_paytable": "A", "three_card_bonus_paytable": "A",
                                              "six_card_bonus_paytable": "A"}, [a for _, a in lir_play.round_actions(
            {1: LH("10", "Ah Kh Qh", plays="pull pull", three_card_bonus="5"),
             4: LH("15", "2c 2d 9s", plays="ride pull", five_card_bonus="5", six_card_bonus="5")})]),
        ("a card-reading shoe", {}, [a for _, a in lir_play.round_actions(
            {2: LH("20", "Ts Td 4h")}, card_reader=True)]),
    ],
    "mississippi-stud": [
        ("every street, a fold at each street", {"approval_threshold": "100"}, [a for _, a in ms_play.round_actions(
            {1: MH("10", "Ah Kh", plays="3x 2x 1x"), 2: MH("10", "7c 2d", plays="fold"),
             3: MH("25", "Jc Jd", plays="1x fold"), 5: MH("5", "Kc Kd", plays="1x 1x fold"),
             6: MH("5", "9c 9d", plays="2x 2x 2x")}, "Qh 9h Th")]),
        ("a card-reading shoe and an automated shoe", {"dealing_method": "automated_shoe"}, [
            a for _, a in ms_play.round_actions({2: MH("10", "As Ad")}, ms_play.BOARD, card_reader=True)]),
    ],
    "caribbean-stud": [
        ("a Bet, a fold, the Bonus and the Progressive", {**cs_play.METER, "approval_threshold": "100"}, [
            a for _, a in cs_play.round_actions(
                {1: CSH("10", "Kh Ks 7d 4c 2h", bonus="5", progressive="1"),
                 3: CSH("25", "5s 5h 5d 5c Qs", progressive="1"),
                 5: CSH("5", "Qc Jh 8d 5h 4d", decision="fold", bonus="5", progressive="1")}, "", cs_play.DEALER)]),
        ("a card-reading shoe and an automated shoe", {"dealing_method": "automated_shoe"}, [
            a for _, a in cs_play.round_actions({2: CSH("10", "As Ad 7c 7h 2s", bonus="5")}, "", cs_play.DEALER,
                                                card_reader=True)]),
    ],
    "four-card-poker": [
        ("Play Wagers, Aces Up alone, a fold keeping Aces Up, the Bad Beat", {"bad_beat_paytable": "A",
                                                                            "approval_threshold": "100"}, [
            a for _, a in fcp_play.round_actions(
                {1: FH("10", "As Ah Qd 7c 4h", "30", aces_up="5", bad_beat="5"),
                 2: FH(None, "Js Jh Jd 5c 2h", aces_up="10"),
                 4: FH("10", "Qs Qh Ts Tc 4s", "10", bad_beat="5"),
                 6: FH("5", "Qc Th 8s 5h 4d", "fold", aces_up="5")}, "", fcp_play.DEALER)]),
        ("a card-reading shoe and an automated shoe", {"dealing_method": "automated_shoe"}, [
            a for _, a in fcp_play.round_actions({3: FH("10", "7s 7h 7d 4c 2h", "20")}, "", fcp_play.DEALER,
                                                 card_reader=True)]),
    ],
    "spanish-21": [
        ("a split, a double down, a surrender and Match-the-Dealer",
         {"match_the_dealer": True, "approval_threshold": "100"}, s21_play.actions(
             {1: SB("10", "8s 8d", ("split 3c double 9h stand", "Kc stand"), match="5"),
              3: SB("25", "5h 6c", "double Kd stand"), 4: SB("10", "Ks 6h", "surrender"),
              6: SB("5", "As Qd", "", match="5")}, "8h 6d 7c", rules={"match_the_dealer": True})),
        ("an ace up: Insurance, even money, the peek, a rescue", {"even_money": True, "decks": "8",
                                                                  "settlement_order": "right_to_left"},
         s21_play.actions({2: SB("20", "Ah Kh", "", insurance="even_money"),
                           5: SB("10", "5c 5d", "double 2s rescue", insurance="5"),
                           7: SB("10", "9s 7h", "4c stand", insurance="no")}, "As 5c 2d", peek="no",
                          rules={"even_money": True, "decks": "8"})),
        ("a dealer's Blackjack at the peek", {}, s21_play.actions(
            {1: SB("10", "Qs 9s", ""), 2: SB("15", "Ad Jd", "")}, "Kc Ah", peek="yes")),
    ],
    "crazy-4-poker": [
        ("three times the Ante on aces, a fold, Queens Up", {"approval_threshold": "100"}, [
            a for _, a in c4_play.round_actions(c4_play.ROUND.seats, "", c4_play.ROUND.cards)]),
        ("a Play above the Ante on a lesser hand, the floorperson decides", {}, [
            a for _, a in c4_play.round_actions({2: CH("10", "Kc Kh 8d 4s 2c", play="30"),
                                                 4: CH("10", "9c 9h 8s 4d 2d", play="20")}, "", c4_play.DEALER,
                                                approvals={4: "refuse approve", 2: "approve"})]),
        ("progressives and an Envy Bonus from a card-reading automated shoe",
         {"dealing_method": "automated_shoe", **C4_PROGRESSIVES}, [
            a for _, a in c4_play.round_actions({1: CH("10", "8c 8d 8h 8s 2c", play="30", four_card_progressive="5"),
                                                 3: CH("10", "2h 5h 9h Jh Kh", four_card_progressive="5")},
                                                "", c4_play.DEALER, card_reader=True, envy=True)]),
    ],
    "poker": [
        ("no-limit Hold'em: two all-ins, side pots, a fold", {}, poker_play.actions(poker_play.HOLDEM_ALL_INS)),
        ("Seven-card Stud high-low eight or better: the Forced Bet, a fold, a split pot", poker_play.STUD_HILO,
         poker_play.actions(poker_play.STUD_HILO_SPLIT, poker_play.STUD_HILO)),
        ("limit Hold'em from a card-reading shoe: a muck at the showdown", {"structure": "limit"},
         poker_play.actions(poker_play.LIMIT_TO_THE_FLOP_RAISE.format(cards=" 2:As,Ad 5:Kc,Qc 9:7h,2d") + """
            2 call
            turn Jh
            2 check
            5 check
            river 4s
            2 bet 4
            5 call
            2 shows
            5 mucks""", {"structure": "limit"})),
    ],
}
CASES = [(slug, name, rules, actions) for slug, examples in EXAMPLES.items() for name, rules, actions in examples]
IDS = [f"{slug}: {name}" for slug, name, _, _ in CASES]


def test_every_registered_game_supplies_examples():
    assert set(EXAMPLES) == set(GAMES)


def played(slug: str, rules: dict[str, Any], actions: list[dict[str, Any]]) -> list[RoundState]:
    """The round before each action and after the last one (closed)."""
    rounds = [GAMES[slug].new_round(rules)]
    for action in completed(rounds[0], actions):
        rounds.append(tap(rounds[-1], action))
    assert rounds[-1].closed
    return rounds


def completed(rnd: RoundState, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The example's actions, then the floorperson's approvals it waits for and the close."""
    for action in actions:
        rnd = tap(rnd, action)
    tail = [{"type": "approve", "approval": a.id} for a in rnd.approvals if a.status == "pending"]
    return [*actions, *tail, {"type": "close"}]


def voided_rounds(game, rounds: list[RoundState]):
    """Each of ``rounds`` voided by each report of irregularities that voids it there (each that
    voids, and a card found face up twice: every chapter voids on the second), the void approved
    and the round finished: (the round before, the kinds reported, the voided round)."""
    voids = [[kind] for kind, irr in game.irregularities.items() if irr.void and not kind.startswith("stub_")]
    voids += [["card_face_up", "card_face_up"]] if "card_face_up" in game.irregularities else []
    for rnd, kinds in itertools.product(rounds, voids):
        try:
            voided = rnd
            for kind in kinds:
                voided = tap(voided, {"type": "irregularity", "kind": kind})
        except Refused:
            continue  # not possible at this point of the round
        yield rnd, kinds, finish(tap(voided, {"type": "approve", "approval": voided.approvals[-1].id}))


def steps_before(rounds: list[RoundState], number: int) -> list[str]:
    """The steps of the prompts before round ``number``: what a stale tablet would still name."""
    return [r.prompt.step for r in rounds[:number] if r.prompt is not None]


def snapshot(rnd: RoundState) -> Any:
    return copy.deepcopy({key: value for key, value in vars(rnd).items() if key not in ("game", "steps")})


def bad_actions(rnd: RoundState, earlier: list[str]) -> list[dict[str, Any]]:
    """Actions no prompt of this round offers now: a step that is not current (one that no longer is,
    as a stale tablet would send, or none at all), a seat whose turn it is not, cards for the wrong
    place, nonsense."""
    prompt = rnd.prompt
    others = [step for step in dict.fromkeys([*reversed(earlier), "no_such_step"]) if step != prompt.step]
    wrong_seat = next((n for n in range(1, rnd.game.seat_count + 1) if n != prompt.seat), 1)
    return [
        {"type": "decide", "step": prompt.step, "seat": wrong_seat, "choice": "fold"},
        {"type": "cards", "step": others[0], "target": "board", "cards": ["2c"]},
        {"type": "cards", "target": "seat:99", "cards": ["2c", "3c"]},
        {"type": "place_wager", "seat": 1, "wager": "ante", "amount": "-5"},
        {"type": "no_such_action"},
        {"type": "approve", "approval": 99},
        {"type": "irregularity", "kind": "no_such_irregularity"},
        *[{**choice.action, "step": step} for choice in prompt.choices for step in others[:2]],
    ]


@pytest.mark.parametrize("slug, name, rules, actions", CASES, ids=IDS)
def test_every_refusal_changes_nothing_and_wrong_seats_and_steps_are_refused(slug, name, rules, actions):
    rounds = played(slug, rules, actions)
    for number, rnd in enumerate(rounds[:-1]):
        before = snapshot(rnd)
        for action in bad_actions(rnd, steps_before(rounds, number)):
            with pytest.raises(Refused):
                tap(rnd, action)
            assert snapshot(rnd) == before, action


@pytest.mark.parametrize("slug, name, rules, actions", CASES, ids=IDS)
def test_an_action_that_does_not_name_its_step_is_refused_naming_the_current_one(slug, name, rules, actions):
    for rnd in played(slug, rules, actions)[:-1]:
        before = snapshot(rnd)
        for choice in rnd.prompt.choices:
            unnamed = {key: value for key, value in choice.action.items() if key != "step"}
            with pytest.raises(Refused, match=f"does not name its step: the round is at the {rnd.prompt.step} step"):
                rnd.apply(unnamed)
            assert snapshot(rnd) == before


@pytest.mark.parametrize("slug, name, rules, actions", CASES, ids=IDS)
def test_a_log_written_before_actions_named_their_steps_still_replays(slug, name, rules, actions):
    log = [{key: value for key, value in action.items() if key != "step"}
           for action in completed(GAMES[slug].new_round(rules), actions)]
    replayed = GAMES[slug].replay(rules, log)
    assert replayed.closed and replayed.lines == played(slug, rules, actions)[-1].lines


@pytest.mark.parametrize("slug, name, rules, actions", CASES, ids=IDS)
def test_an_accepted_action_leaves_the_round_it_was_applied_to_unchanged(slug, name, rules, actions):
    # The services compare the state before a tap with the state after it, and cache both.
    rnd = GAMES[slug].new_round(rules)
    for action in completed(rnd, actions):
        before = snapshot(rnd)
        after = tap(rnd, action)
        assert snapshot(rnd) == before, action
        assert after.seq == rnd.seq + 1
        rnd = after


def mutable_parts(value: Any, found: dict[int, Any], twice: list | None = None) -> dict[int, Any]:
    """Every list, dict, set and changeable object reachable from ``value``, by id (and in
    ``twice``, any reached a second time)."""
    if isinstance(value, list | dict | set) or (hasattr(value, "__dict__") and not is_frozen(value)):
        if id(value) in found:
            if twice is not None:
                twice.append(value)
            return found
        found[id(value)] = value
    items = (value.values() if isinstance(value, dict) else value if isinstance(value, list | tuple | set | frozenset)
             else vars(value).values() if hasattr(value, "__dict__")
             else (getattr(value, f.name) for f in dataclasses.fields(value)) if dataclasses.is_dataclass(value)
             else ())
    for item in items:
        mutable_parts(item, found, twice)
    return found


def is_frozen(value: Any) -> bool:
    return dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen


BANKED = [case for case in CASES if GAMES[case[0]].family == "banked"]


@pytest.mark.parametrize("slug, name, rules, actions", BANKED, ids=[f"{c[0]}: {c[1]}" for c in BANKED])
def test_actions_applied_in_place_on_one_copy_give_the_rounds_applied_on_copies(slug, name, rules, actions):
    # What a shortcut tries (games.table.shortcuts.same_for_all): every action on one copy, none copied.
    # (A Poker hand's state holds pokerkit's own shuffled deck: two plays of it never compare equal.)
    rounds = played(slug, rules, actions)
    first = rounds[0]
    scratch = first.copied()
    for number, rnd in enumerate(rounds[1:], start=1):
        scratch.apply_in_place(named(scratch, rnd.log[-1]))
        assert snapshot(scratch) == snapshot(rnd), number
    assert snapshot(first) == snapshot(GAMES[slug].new_round(rules))


def test_an_undo_is_not_applied_in_place_it_rebuilds_the_round():
    slug, _, rules, actions = BANKED[0]
    rnd = tap(GAMES[slug].new_round(rules), actions[0])
    assert rnd.undo_offer() is not None  # an undo the dealer may send now
    with pytest.raises(ValueError, match="use apply"):
        rnd.copied().apply_in_place({"type": "undo", "step": rnd.prompt.step})


# A banked round's copy shares what no action changes (a Poker hand's is a deep copy).
@pytest.mark.parametrize("slug, name, rules, actions", BANKED, ids=[f"{c[0]}: {c[1]}" for c in BANKED])
def test_the_copy_an_action_is_applied_to_shares_nothing_an_action_can_change(slug, name, rules, actions):
    game = GAMES[slug]
    deck = game.deck_for(game.validate_rules(rules))
    rounds = [game.new_round(rules, shoe_order=Shoe(deck.cards()).order()), *played(slug, rules, actions)]
    for rnd in rounds:
        copied = copy_round(rnd)
        assert {k: v for k, v in vars(copied).items() if k != "shoe"} == {k: v for k, v in vars(rnd).items()
                                                                         if k != "shoe"}
        assert (copied.shoe and copied.shoe.order()) == (rnd.shoe and rnd.shoe.order())  # a Shoe has no ==
        assert {name: getattr(copied, name) is getattr(rnd, name) for name in SHARED} == dict.fromkeys(SHARED, True)
        own = {k: v for k, v in vars(rnd).items() if k not in SHARED}
        theirs = {k: v for k, v in vars(copied).items() if k not in SHARED}
        assert mutable_parts(own, {}).keys() & mutable_parts(theirs, {}).keys() == set()
        # The copy keeps no memo: it would split an object the state held in two places.
        twice: list = []
        mutable_parts(own, {}, twice)
        assert twice == []


@pytest.mark.parametrize("slug, name, rules, actions", CASES, ids=IDS)
def test_every_choice_a_prompt_offers_is_accepted(slug, name, rules, actions):
    for rnd in played(slug, rules, actions)[:-1]:
        for choice in rnd.prompt.choices:
            tap(rnd, choice.action)  # raises Refused if the engine does not take its own button


@pytest.mark.parametrize("slug, name, rules, actions", CASES, ids=IDS)
def test_every_citation_names_a_section_of_the_games_chapter(slug, name, rules, actions):
    game = GAMES[slug]
    chapter = Chapter.of(game)
    rounds = played(slug, rules, actions)
    cited = {p.section for p in (r.prompt for r in rounds[:-1])} | {line.section for line in rounds[-1].lines}
    cited |= {a.section for a in rounds[-1].approvals} | {i.section for i in game.irregularities.values()}
    cited |= {option.section for option in game.rule_options if option.section}
    cited |= {game.table_section, game.wager_section}
    for number, rnd in enumerate(rounds[:-1]):
        for action in bad_actions(rnd, steps_before(rounds, number)):
            try:
                tap(rnd, action)
            except Refused as refusal:
                cited |= {refusal.section} - {""}
    assert sorted(c for c in cited if not chapter.names_a_real_section(c)) == []


@pytest.mark.parametrize("slug, name, rules, actions", CASES, ids=IDS)
def test_a_round_exported_as_a_sheet_settles_to_the_same_lines(slug, name, rules, actions):
    rounds = played(slug, rules, actions)
    sheet = sheet_from_log(slug, rules, completed(GAMES[slug].new_round(rules), actions))
    assert settle_sheet(sheet)["lines"] == [line.as_dict() for line in rounds[-1].lines]


@pytest.mark.parametrize("slug, name, rules, actions", CASES, ids=IDS)
def test_the_sheet_written_at_the_close_is_the_sheet_of_the_replayed_log(slug, name, rules, actions):
    """The close writes the record's sheet from the state it holds rather than replaying the log:
    one sheet either way, and for a round voided on an irregularity too, whose sheet names the
    step it was reported at (which only a replay sees)."""
    rounds = played(slug, rules, actions)
    log = list(rounds[-1].log)
    assert sheet_from_log(slug, rules, log, closing=rounds[-1]) == sheet_from_log(slug, rules, log)
    for rnd, kinds, voided in voided_rounds(GAMES[slug], rounds[:-1]):
        log = list(voided.log)
        sheet = sheet_from_log(slug, rules, log, closing=voided)
        assert sheet == sheet_from_log(slug, rules, log)
        if "actions" in sheet:  # a game whose sheet is its log (Poker) lists the report itself
            assert any(action["type"] == "irregularity" for action in sheet["actions"])
        else:
            assert [entry["at"] for entry in sheet["irregularities"]] == [rnd.prompt.step] * len(kinds)
        return
    raise AssertionError(f"no point of the {name!r} round accepts a voiding irregularity")


def finish(rnd: RoundState) -> RoundState:
    """Answer every prompt as a dealer would: enter unused cards where cards are asked for, else
    take the first choice; stop at a floorperson's wait or the end."""
    while rnd.prompt is not None and not rnd.prompt.waiting_for_floor:
        prompt = rnd.prompt
        if prompt.cards_needed:
            used = rnd.used_cards()
            unused = [card.code for card in rnd.deck.cards() if card not in used][:prompt.cards_needed]
            rnd = tap(rnd, {**prompt.card_action, "cards": unused})
        else:
            rnd = tap(rnd, prompt.choices[0].action)
    return rnd


@pytest.mark.parametrize("slug, name, rules, actions", CASES, ids=IDS)
def test_every_void_returns_every_wager_but_those_the_chapter_keeps_alive(slug, name, rules, actions):
    game = GAMES[slug]
    tried = 0
    for _, kinds, voided in voided_rounds(game, played(slug, rules, actions)[:-1]):
        tried += 1
        irregularity = voided.void
        for number, hand_no, wager in voided.wagers():
            settled = {line.wager: line.outcome for line in voided.lines if line.seat == number
                       and line.hand_no == hand_no and line.stage != "decision"}
            if wager in irregularity.surviving_wagers:
                assert settled.get(wager) not in (None, VOID), (kinds, number, wager)
            elif not any(line.wager == wager and (line.stage == "decision" or game.kept_through_void(line))
                         for line in voided.lines if line.seat == number and line.hand_no == hand_no):
                # Not settled before the void (a fold, a wager settled at a named step): returned.
                assert settled.get(wager) == VOID, (kinds, number, wager)
    assert tried > 0


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_the_training_shoe_never_deals_more_copies_of_a_card_than_the_deck_holds(slug):
    game = GAMES[slug]
    example_rules, example_actions = EXAMPLES[slug][0][1], EXAMPLES[slug][0][2]
    deck = game.deck_for(game.validate_rules(example_rules))
    order = Shoe(deck.cards()).order()
    rnd = game.new_round(example_rules, shoe_order=order)
    for action in example_actions:
        if action["type"] in ("deal", "cards"):  # the example's cards stop here: the shoe deals the rest
            break
        rnd = tap(rnd, action)
    undealt, shoe = rnd, rnd.shoe.order()
    rnd = finish(rnd)
    assert undealt.shoe.order() == shoe  # the states before the deal kept their shoe
    dealt = [card.code for card in rnd.used_cards()]
    assert dealt and all(dealt.count(code) <= deck.copies(card) for code, card in
                         zip(dealt, rnd.used_cards(), strict=True))
    assert dealt == [code for code in order if code in dealt][:len(dealt)] or len(set(dealt)) == len(dealt)
