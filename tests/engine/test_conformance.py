"""What every registered game must satisfy, checked over each game's scripted example rounds.

Each game supplies rounds written the way a floorperson would (``EXAMPLES``); the checks below
walk every prompt of every round.  A game's own test files keep only the rules that are its own.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import lir_play
import pytest
import thb_play
import wpt_play
from citations import Chapter

from games.engine.cards import Shoe
from games.engine.core import VOID, Refused, RoundState
from games.engine.core.copying import SHARED, copy_round
from games.engine.registry import GAMES
from games.engine.round_sheet import settle_sheet, sheet_from_log

TH, WH, LH = thb_play.Hand, wpt_play.Hand, lir_play.Hand

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
        ("a card-reading shoe", {}, [a for _, a in wpt_play.round_actions(
            {3: WH("25", "As Ks", plays="check check raise")}, wpt_play.BOARD, wpt_play.DEALER, card_reader=True)]),
    ],
    "let-it-ride": [
        ("pulled bets and every side wager", {"five_card_bonus_paytable": "A", "three_card_bonus_paytable": "A",
                                              "six_card_bonus_paytable": "A"}, [a for _, a in lir_play.round_actions(
            {1: LH("10", "Ah Kh Qh", plays="pull pull", three_card_bonus="5"),
             4: LH("15", "2c 2d 9s", plays="ride pull", five_card_bonus="5", six_card_bonus="5")})]),
        ("a card-reading shoe", {}, [a for _, a in lir_play.round_actions(
            {2: LH("20", "Ts Td 4h")}, card_reader=True)]),
    ],
}
CASES = [(slug, name, rules, actions) for slug, examples in EXAMPLES.items() for name, rules, actions in examples]
IDS = [f"{slug}: {name}" for slug, name, _, _ in CASES]


def test_every_registered_game_supplies_examples():
    assert set(EXAMPLES) == set(GAMES)


def played(slug: str, rules: dict[str, Any], actions: list[dict[str, Any]]) -> list[RoundState]:
    """The round before each action and after the last one (closed)."""
    rounds = [RoundState(GAMES[slug], rules)]
    for action in completed(rounds[0], actions):
        rounds.append(rounds[-1].apply(action))
    assert rounds[-1].closed
    return rounds


def completed(rnd: RoundState, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The example's actions, then the floorperson's approvals it waits for and the close."""
    for action in actions:
        rnd = rnd.apply(action)
    tail = [{"type": "approve", "approval": a.id} for a in rnd.approvals if a.status == "pending"]
    return [*actions, *tail, {"type": "close"}]


def snapshot(rnd: RoundState) -> Any:
    return copy.deepcopy({key: value for key, value in vars(rnd).items() if key not in ("game", "steps")})


def bad_actions(rnd: RoundState) -> list[dict[str, Any]]:
    """Actions no prompt of this round offers now: a step that is not current, a seat whose turn it
    is not, cards for the wrong place, nonsense."""
    prompt = rnd.prompt
    others = [step.id for step in rnd.steps if step.id != prompt.step]
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
    for rnd in played(slug, rules, actions)[:-1]:
        before = snapshot(rnd)
        for action in bad_actions(rnd):
            with pytest.raises(Refused):
                rnd.apply(action)
            assert snapshot(rnd) == before, action


@pytest.mark.parametrize("slug, name, rules, actions", CASES, ids=IDS)
def test_an_accepted_action_leaves_the_round_it_was_applied_to_unchanged(slug, name, rules, actions):
    # The services compare the state before a tap with the state after it, and cache both.
    rnd = RoundState(GAMES[slug], rules)
    for action in completed(rnd, actions):
        before = snapshot(rnd)
        after = rnd.apply(action)
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


@pytest.mark.parametrize("slug, name, rules, actions", CASES, ids=IDS)
def test_the_copy_an_action_is_applied_to_shares_nothing_an_action_can_change(slug, name, rules, actions):
    game = GAMES[slug]
    rounds = [RoundState(game, rules, shoe_order=Shoe(game.deck.cards()).order()), *played(slug, rules, actions)]
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
            rnd.apply(choice.action)  # raises Refused if the engine does not take its own button


@pytest.mark.parametrize("slug, name, rules, actions", CASES, ids=IDS)
def test_every_citation_names_a_section_of_the_games_chapter(slug, name, rules, actions):
    game = GAMES[slug]
    chapter = Chapter(game.chapter)
    rounds = played(slug, rules, actions)
    cited = {p.section for p in (r.prompt for r in rounds[:-1])} | {line.section for line in rounds[-1].lines}
    cited |= {a.section for a in rounds[-1].approvals} | {i.section for i in game.irregularities.values()}
    cited |= {option.section for option in game.rule_options if option.section}
    cited |= {game.table_section, game.wager_section}
    for rnd in rounds[:-1]:
        for action in bad_actions(rnd):
            try:
                rnd.apply(action)
            except Refused as refusal:
                cited |= {refusal.section} - {""}
    assert sorted(c for c in cited if not chapter.names_a_real_section(c)) == []


@pytest.mark.parametrize("slug, name, rules, actions", CASES, ids=IDS)
def test_a_round_exported_as_a_sheet_settles_to_the_same_lines(slug, name, rules, actions):
    rounds = played(slug, rules, actions)
    sheet = sheet_from_log(slug, rules, completed(RoundState(GAMES[slug], rules), actions))
    assert settle_sheet(sheet)["lines"] == [line.as_dict() for line in rounds[-1].lines]


def finish(rnd: RoundState) -> RoundState:
    """Answer every prompt as a dealer would: enter unused cards where cards are asked for, else
    take the first choice; stop at a floorperson's wait or the end."""
    while rnd.prompt is not None and not rnd.prompt.waiting_for_floor:
        prompt = rnd.prompt
        if prompt.cards_needed:
            used = rnd.used_cards()
            unused = [card.code for card in rnd.game.deck.cards() if card not in used][:prompt.cards_needed]
            rnd = rnd.apply({"type": "cards", "step": prompt.step, "target": prompt.cards_for, "cards": unused})
        else:
            rnd = rnd.apply(prompt.choices[0].action)
    return rnd


@pytest.mark.parametrize("slug, name, rules, actions", CASES, ids=IDS)
def test_every_void_returns_every_wager_but_those_the_chapter_keeps_alive(slug, name, rules, actions):
    game = GAMES[slug]
    voids = {kind: irr for kind, irr in game.irregularities.items() if irr.void and not kind.startswith("stub_")}
    tried = 0
    for rnd in played(slug, rules, actions)[:-1]:
        for kind, irregularity in voids.items():
            try:
                voided = rnd.apply({"type": "irregularity", "kind": kind})
            except Refused:
                continue  # not possible at this point of the round
            tried += 1
            voided = finish(voided.apply({"type": "approve", "approval": voided.approvals[-1].id}))
            for number, seat in voided.seats.items():
                settled = {line.wager: line.outcome for line in voided.lines if line.seat == number
                           and line.stage != "decision"}
                for wager in seat.wagers:
                    if wager in irregularity.surviving_wagers:
                        assert settled.get(wager) not in (None, VOID), (kind, number, wager)
                    elif not any(line.wager == wager and line.stage == "decision" for line in voided.lines
                                 if line.seat == number):
                        assert settled.get(wager) == VOID, (kind, number, wager)
    assert tried > 0


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_the_training_shoe_never_deals_more_copies_of_a_card_than_the_deck_holds(slug):
    game = GAMES[slug]
    order = Shoe(game.deck.cards()).order()
    example_rules, example_actions = EXAMPLES[slug][0][1], EXAMPLES[slug][0][2]
    rnd = RoundState(game, example_rules, shoe_order=order)
    for action in example_actions:
        if action["type"] not in ("place_wager", "no_more_bets"):
            break
        rnd = rnd.apply(action)
    undealt, shoe = rnd, rnd.shoe.order()
    rnd = finish(rnd)
    assert undealt.shoe.order() == shoe  # the states before the deal kept their shoe
    dealt = [card.code for card in rnd.used_cards()]
    assert dealt and all(dealt.count(code) <= game.deck.copies(card) for code, card in
                         zip(dealt, rnd.used_cards(), strict=True))
    assert dealt == [code for code in order if code in dealt][:len(dealt)] or len(set(dealt)) == len(dealt)
