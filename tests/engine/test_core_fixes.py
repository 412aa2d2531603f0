"""Behaviour of the shared engine core that every game relies on: options that would leave a
table unable to settle, payouts kept alive by a void, rounds where every seat folds, the "next"
line, and actions that name a step that is over."""

import pytest
import thb_play
import wpt_play
from thb_play import Hand, outcomes, refuse, tap

from games.engine.core import Refused, RoundState
from games.engine.registry import GAMES
from games.engine.round_sheet import settle_sheet, sheet_from_log

THB = thb_play.GAME
# The games whose wagers are banked by the house: they take payout approvals and define wagers.
BANKED = sorted(slug for slug, game in GAMES.items() if game.family == "banked")


@pytest.mark.parametrize("slug", BANKED)
@pytest.mark.parametrize("threshold, problem", [
    ("0", "more than $0.00"), ("0.00", "more than $0.00"), ("-5", "not an amount"), ("soon", "not an amount"),
])
def test_an_approval_threshold_that_would_stop_every_settlement_is_refused(slug, threshold, problem):
    with pytest.raises(Refused, match="approval threshold") as refusal:
        GAMES[slug].validate_rules({"approval_threshold": threshold})
    assert problem in refusal.value.message


def test_a_bonus_paid_in_a_void_round_waits_for_the_floorperson_like_any_payout():
    # § 647a.13(d): the dealer's card is exposed before the Flop decisions; the round is void but the
    # Bonus Wager is settled.  Seat 1's Kc Kd on Paytable A: king-king, 10 to 1 on $5 = $50 (§ 647a.12(b)),
    # at or above the table's $40 threshold.
    seats = {1: Hand("10", "Kc Kd", bonus="5")}
    exposed = {"type": "irregularity", "kind": "dealer_card_exposed"}
    rnd = thb_play.play(seats, rules={"approval_threshold": "40"}, until="flop_decision",
                        before={"flop_decision": [exposed]})
    rnd = tap(rnd, {"type": "approve", "approval": 1})
    rnd = thb_play.turn_cards(rnd, seats, thb_play.DEALER)
    assert outcomes(rnd, 1) == {"ante": ("void", 0), "bonus": ("win", 50_00)}
    payout = rnd.approvals[-1]
    assert (payout.kind, payout.seat, payout.status, payout.section) == ("payout", 1, "pending", "§ 647a.12(b)")
    refuse(rnd, {"type": "close"}, "approval is pending")


def test_when_every_seat_folds_the_board_and_the_dealers_cards_are_confirmed_without_their_cards():
    # § 647a.8(e), § 647a.11(c), (e), (g), (h) deal the board and turn the dealer's cards whatever the
    # players decided.  Paytable B has no row that pays on the dealer's cards: no wager is decided on
    # them, so each step is confirmed with one tap, then the folded Bonus seat's cards are turned.
    seats = {2: Hand("10", "Kc Kd", bonus="5", plays="fold"), 4: Hand("10", "7c 2d", plays="fold")}
    prompts = []
    rnd = thb_play.play(seats, rules={"bonus_paytable": "B"}, prompts=prompts)
    assert [p.step for p in prompts][-7:] == ["flop_decision", "flop_decision", "flop", "turn", "river", "reveal",
                                               "settle_bonus"]
    assert rnd.board == () and rnd.dealer_cards == ()
    assert outcomes(rnd, 2) == {"ante": ("lose", 10_00), "bonus": ("win", 50_00)}  # § 647a.12(b) B: 10 to 1 on $5
    assert rnd.prompt.step == "close"


def test_when_every_seat_folds_on_paytable_a_the_dealers_cards_still_decide_the_bonus():
    # § 647a.12(b) A pays "Ace-ace (dealer and player)" 1,000 to 1 on the dealer's cards too.
    seats = {2: Hand("10", "Ac Ad", bonus="5", plays="fold")}
    prompts = []
    rnd = thb_play.play(seats, dealer="Ah As", prompts=prompts)
    confirms = {p.step for p in prompts if any(c.action["type"] == "confirm" for c in p.choices)}
    assert confirms == {"flop", "turn", "river"} and rnd.dealer_cards and rnd.board == ()
    assert outcomes(rnd, 2) == {"ante": ("lose", 10_00), "bonus": ("win", 5_000_00)}  # 1,000 to 1 on $5


def test_when_every_heads_up_seat_folds_the_dealers_hand_is_turned_without_entering_it():
    # § 677a.11(g) turns the dealer's cards; they decide only the seats that placed a Raise Wager: none
    # did, so the dealer confirms the step without entering them.
    seats = {1: wpt_play.Hand("10", "7c 2d", plays="check check fold")}
    rnd = wpt_play.play(seats)
    assert rnd.dealer_cards == () and rnd.prompt.step == "close"
    assert outcomes(rnd, 1) == {"ante": ("lose", 10_00), "odds": ("lose", 10_00)}  # § 677a.11(f)


def test_the_next_line_does_not_name_a_step_with_nothing_to_do():
    # Nobody folded: after the last seat settles comes the close, not "folded seat ...".
    seats = {1: Hand("10", "Ah Kh", bonus="5"), 3: Hand("10", "4c 5d")}
    rnd = thb_play.play(seats, until="settle")
    rnd = tap(rnd, {"type": "cards", "target": "seat:3", "cards": ["4c", "5d"]})
    assert rnd.prompt.seat == 1
    assert rnd.prompt.upcoming == "then place the cards in the discard rack and close the round"


def test_an_action_for_a_step_that_is_over_is_refused_naming_the_current_one():
    rnd = thb_play.play({1: Hand("10", "Ah Kh")}, until="turn")
    # A stale tablet still shows the Flop's picker: its cards name the flop step.
    refusal = refuse(rnd, {"type": "cards", "step": "flop", "target": "board", "cards": ["2c"]},
                     "The flop step is not current: the round is at the turn step")
    assert refusal.section == "§ 647a.11(e)"


def test_every_choice_a_prompt_offers_names_its_step():
    prompts = []
    seats = {1: Hand("10", "Ah Kh", bonus="5"), 2: Hand("10", "6c 2d", plays="fold")}
    rnd = thb_play.play(seats, rules={"stub_count_due": True}, stub_count="correct", prompts=prompts,
                        card_reader=True)
    prompts.append(rnd.prompt)
    choices = [(p.step, choice.action) for p in prompts for choice in p.choices]
    assert len(choices) > 10 and all(action["step"] == step for step, action in choices)


def test_a_let_it_ride_sheet_of_version_1_still_gives_its_six_card_bonus_cards_as_dealer():
    from lir_play import Hand as LirHand
    from lir_play import play as lir_play
    from lir_play import round_actions

    seats = {1: LirHand("10", "As Ks Qs", six_card_bonus="5")}
    rules = {"six_card_bonus_paytable": "A"}
    rnd = lir_play(seats, rules=rules)
    actions = [action for _, action in round_actions(seats)] + [{"type": "close"}]
    sheet = sheet_from_log("let-it-ride", rules, actions)
    assert sheet["version"] == 2 and "six_card_bonus" in sheet
    old = {key: value for key, value in sheet.items() if key not in ("version", "six_card_bonus")}
    old["dealer"] = sheet["six_card_bonus"]
    assert settle_sheet(old)["lines"] == settle_sheet(sheet)["lines"] == [line.as_dict() for line in rnd.lines]


def test_the_engine_round_is_replayed_from_its_log():
    actions = [action for _, action in thb_play.round_actions({1: Hand("10", "Ah Kh")}, thb_play.BOARD,
                                                              thb_play.DEALER)]
    played = RoundState.replay(THB, {}, actions)
    assert played.seq == len(actions) and played.prompt.step == "close"


@pytest.mark.parametrize("slug", BANKED)
def test_each_wager_is_defined_once_and_the_options_follow_from_it(slug):
    game = GAMES[slug]
    limit_keys = {w.limits_key for w in game.wagers if w.limits}
    money_options = {o.key for o in game.rule_options if o.key.startswith(("min_", "max_"))}
    assert money_options == {f"{end}_{key}" for key in limit_keys for end in ("min", "max")}
    # The options that choose a paytable by its letter; an option may also pick one by what it says
    # otherwise (Spanish 21's number of decks picks the Match-the-Dealer table).
    paytable_options = {o.key: o.paytable_wager for o in game.rule_options
                        if o.paytable_wager and o.paytable_letter == "{}"}
    assert set(paytable_options) == {w.paytable_option for w in game.wagers if w.paytable}
    assert all(game.default_rules[key] == game.wager(wager).paytable.default for key, wager in paytable_options.items())
    # Nothing optional is offered before the deal when its paytable is "not offered" or its option is
    # off, nor a progressive wager that no meter feeds (§ 647a.2(c): it needs a progressive table game system).
    none = {w.paytable_option: "" for w in game.wagers if w.paytable and w.paytable.optional}
    none |= {w.offered_by: False for w in game.wagers if w.offered_by}
    assert set(game.betting_wagers(game.validate_rules(none))) == {
        w.slug for w in game.wagers
        if w.placed == "before_deal" and not (w.paytable and w.paytable.optional) and not w.offered_by
        and not w.progressive}
    assert all(w.offered_by in game.default_rules for w in game.wagers if w.offered_by)


def test_let_it_ride_bets_share_one_pair_of_limits_and_one_paytable():
    game = GAMES["let-it-ride"]
    assert {game.limits(game.default_rules, bet) for bet in ("bet1", "bet2", "bet3")} == {(5_00, 500_00)}
    assert [o.key for o in game.rule_options].count("let_it_ride_paytable") == 1
    with pytest.raises(Refused, match=r"Let It Ride Wagers paytable must be one of A, B, not .."):
        game.validate_rules({"let_it_ride_paytable": ""})  # § 643a.12(a): the main paytable is not optional
