"""Every action type has one schema, declared by the step that takes it: what a tablet may send."""

import gc

import poker_play
import pytest

from games.engine.core import Refused, RoundState, Step
from games.engine.core.schema import NAME, NOTE_MAX, SEAT, ActionSchema, Cards, accepts
from games.engine.registry import ACTIONS, GAMES, _action_schemas, check_shape
from games.people import roles


def test_every_action_type_has_a_schema_and_a_role():
    # resolve_claim and hold_claim (the service's answers to a meter's claim) and system_draw (the table
    # game system's Magic Card) come from the service, never from a tablet.
    assert set(ACTIONS) == roles.DEALER_ACTIONS | roles.FLOOR_ACTIONS | {"resolve_claim", "hold_claim",
                                                                         "system_draw"}


def test_a_step_that_lists_its_actions_without_their_keys_is_refused():
    class Shapeless(Step):
        actions = ("hit", "stand")

    with pytest.raises(TypeError, match="Shapeless.actions must declare each action type with its keys"):
        _action_schemas()
    del Shapeless
    gc.collect()  # a class's entry among Step's subclasses lives only as long as the class
    assert "hit" not in _action_schemas()


def test_an_action_type_two_steps_take_has_their_keys_together():
    class SplitOrStand(Step):
        actions = accepts(ActionSchema("decide", {"seat": SEAT, "choice": NAME}, {"cards": Cards()}))

    decide = _action_schemas()["decide"]
    assert (list(decide.required), sorted(decide.optional)) == (["seat", "choice"], ["amount", "cards"])
    del SplitOrStand
    gc.collect()


def test_two_steps_may_not_give_one_key_two_kinds_of_value():
    class OtherDeal(Step):
        actions = accepts(ActionSchema("deal", optional={"cards": Cards()}))

    with pytest.raises(TypeError, match="OtherDeal: the deal action's cards is declared as"):
        _action_schemas()
    del OtherDeal
    gc.collect()
    assert _action_schemas()["deal"] == ACTIONS["deal"]


# -- what the rounds offer passes ------------------------------------------------------------------


def _place_wagers(rnd: RoundState, seat: int) -> list[dict]:
    game = rnd.game
    step = rnd.prompt.step
    playing = [w.slug for w in game.wagers if w.slug in game.betting_wagers(rnd.rules) and (w.required or w.equals)]
    return [{"type": "place_wager", "step": step, "seat": seat, "wager": wager, "amount": "10"} for wager in playing]


def _next_action(rnd: RoundState) -> dict:
    """The dealer's tap at this prompt, built as the table's page builds it."""
    prompt = rnd.prompt
    if prompt.wagers_open and not rnd.seats:
        return _place_wagers(rnd, 1) + _place_wagers(rnd, 2)
    if prompt.cards_needed:
        used = rnd.used_cards()
        cards = [card.code for card in rnd.deck.cards() if card not in used][: prompt.cards_needed]
        return [{**prompt.card_action, "cards": cards}]
    return [dict(prompt.choices[0].action)]


@pytest.mark.parametrize("slug", sorted(slug for slug, game in GAMES.items() if game.family == "banked"))
def test_every_action_a_round_offers_fits_its_schema(slug):
    rnd = RoundState(GAMES[slug], {})
    taken = set()
    while not rnd.closed:
        for choice in rnd.prompt.choices:
            check_shape(choice.action)
        for action in _next_action(rnd):
            check_shape(action)
            taken.add(action["type"])
            rnd = rnd.apply(action)
    assert {"place_wager", "no_more_bets", "cards", "close"} <= taken


def test_every_action_of_a_poker_hand_fits_its_schema():
    for action in poker_play.actions(poker_play.HOLDEM_ALL_INS) + poker_play.actions(
            poker_play.STUD_HILO_SPLIT, poker_play.STUD_HILO):
        check_shape(action)


# -- what is refused, naming the key ---------------------------------------------------------------

WAGER = {"type": "place_wager", "step": "wagers", "seat": 1, "wager": "ante", "amount": "10"}


@pytest.mark.parametrize(
    "action, message",
    [
        ({**WAGER, "padding": "x" * 2_000_000}, "The place_wager action has unknown key 'padding'"),
        ({**WAGER, "Seat": 1}, "unknown key 'Seat'"),
        ({k: v for k, v in WAGER.items() if k != "step"}, "The place_wager action names no step"),
        ({k: v for k, v in WAGER.items() if k != "amount"}, "The place_wager action needs amount"),
        ({**WAGER, "amount": "1" * 900_000}, "amount is 900000 characters long; at most 20"),
        ({**WAGER, "amount": 10**20}, "amount must be an amount in dollars"),
        ({**WAGER, "amount": 2.5}, "amount must be an amount in dollars written as text"),
        ({**WAGER, "seat": 100}, "seat must be from 1 to 99"),
        ({**WAGER, "seat": True}, "seat must be a whole number"),
        ({**WAGER, "seat": "2.9"}, "seat must be a whole number"),
        ({**WAGER, "wager": "ante" * 20}, "wager is 80 characters long; at most 40"),
        ({**WAGER, "wager": {"nested": ["deep"]}}, "wager must be text"),
        ({**WAGER, "step": "<script>"}, "step must be a name"),
        ({**WAGER, "type": "place_wagers"}, "An action's type must be one of"),
        ({"type": "cards", "step": "flop", "target": "board", "cards": ["Ah"] * 13}, "holds 13 cards; at most 12"),
        ({"type": "cards", "step": "flop", "target": "board", "cards": [["Ah"]]}, "must hold card codes"),
        ({"type": "deal", "step": "deal", "cards": {f"seat:{n}": ["Ah"] for n in range(30)}}, "names 30 places"),
        ({"type": "deal", "step": "deal", "cards": ["Ah", "Kd"]}, "cards must be an object of cards by place"),
        (
            {"type": "irregularity", "step": "deal", "kind": "card_face_up", "note": "n" * (NOTE_MAX + 1)},
            "note is 301 characters long; at most 300",
        ),
        (
            {"type": "irregularity", "step": "deal", "kind": "card_face_up", "note": "a\x00b"},
            "note contains a control character",
        ),
        (
            {"type": "irregularity", "step": "deal", "kind": "card_face_up", "note": "\ud800"},
            "note is not valid Unicode text",
        ),
        ({"type": "approve", "step": "close", "approval": "1"}, "approval must be a whole number (a JSON integer)"),
        ([WAGER], "An action must be an object with a type"),
    ],
)
def test_an_action_of_the_wrong_shape_is_refused_naming_the_key(action, message):
    with pytest.raises(Refused) as refused:
        check_shape(action)
    assert message in str(refused.value)
    assert len(str(refused.value)) < 400  # the message quotes a value, never all of it


def test_a_well_formed_action_passes():
    check_shape(WAGER)
    check_shape({**WAGER, "seat": "3", "amount": "1,000.50"})  # as a form sends them
    check_shape({"type": "deal", "step": "deal", "cards": {"seat:1": "Ah Kd", "dealer": ["2c", "3c"]}})
    check_shape({"type": "same_player", "step": "wagers", "seat": 2, "with": 1})
