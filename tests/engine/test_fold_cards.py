"""The cards a chapter deals and turns when every seat has folded.

No section has an exception for such a round: the community cards are dealt (§ 647a.8(e); § 647a.11(c),
(e), (g)) and the dealer's cards turned (§ 647a.11(h), § 677a.11(g), § 639a.11(c), § 641a.11(c),
§ 657a.11(c)).  The steps still come, in order, each naming its section.  Where no wager is decided on
the cards the dealer confirms the step with one tap, or enters them; a side wager that is still
decided on them (a Progressive Payout Wager on the Flop, a Bonus Wager on the dealer's cards) keeps
them required.  A round sheet may carry those cards or leave them out: both settle the same.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import c4_play
import cs_play
import fcp_play
import pytest
import thb_play
import wpt_play
from play import named, refuse, tap

from games.engine.core import RoundState
from games.engine.round_sheet import settle_sheet, sheet_from_log


class Case(NamedTuple):
    helper: Any  # the game's play helper
    seats: dict[int, Any]
    rules: dict[str, Any]
    options: dict[str, Any]  # the helper's own options
    steps: list[tuple[str, str]]  # (step, section) that come after every seat has folded
    lines: list[tuple[int, str, str, int, str]]  # (seat, wager, outcome, cents, section), worked by hand


CASES = {
    # Two $10 Antes fold; seat 2 keeps a $5 Bonus Wager on K-K.  § 647a.11(b)(2): each Ante is collected,
    # $10 + $10 = $20.  § 647a.12(b) Paytable B: king-king 10 to 1, $5 x 10 = $50 paid.  Paytable B has no
    # row on the dealer's cards, so neither the board nor the dealer's cards decide anything.
    "texas-holdem-bonus": Case(
        thb_play,
        {2: thb_play.Hand("10", "Kc Kd", bonus="5", plays="fold"), 4: thb_play.Hand("10", "7c 2d", plays="fold")},
        {"bonus_paytable": "B"}, {"bonus_on_dealer_cards": False},
        [("flop", "§ 647a.11(c)"), ("turn", "§ 647a.11(e)"), ("river", "§ 647a.11(g)"), ("reveal", "§ 647a.11(h)"),
         ("settle_bonus", "§ 647a.11(b)(2)(i)(A)")],
        [(2, "ante", "lose", 10_00, "§ 647a.11(b)(2)"), (4, "ante", "lose", 10_00, "§ 647a.11(b)(2)"),
         (2, "bonus", "win", 50_00, "§ 647a.12(b)")]),
    # A $10 Ante and its equal Odds Wager fold at the River decision: § 677a.11(f) collects both, $20.
    "wpt-heads-up": Case(
        wpt_play, {1: wpt_play.Hand("10", "7c 2d", plays="check check fold")}, {}, {},
        [("reveal", "§ 677a.11(g)")],
        [(1, "ante", "lose", 10_00, "§ 677a.11(f)"), (1, "odds", "lose", 10_00, "§ 677a.11(f)")]),
    # A $10 Ante and a $5 Caribbean Stud Bonus Wager fold: § 639a.11(b) forfeits both, $15.
    "caribbean-stud": Case(
        cs_play, {1: cs_play.Hand("10", "7h 5d 4c 3s 2h", decision="fold", bonus="5")}, {}, {},
        [("reveal", "§ 639a.11(c)")],
        [(1, "ante", "lose", 10_00, "§ 639a.11(b)"), (1, "bonus", "lose", 5_00, "§ 639a.11(b)")]),
    # A $10 Ante folds and is forfeited (§ 641a.11(b)); the $5 Aces Up Wager is not ((b)(1)): a pair of
    # aces, 1 to 1 on Paytable A (§ 641a.12(c)), $5 paid on the player's cards alone.
    "four-card-poker": Case(
        fcp_play, {1: fcp_play.Hand("10", "As Ah 7c 5d 2h", "fold", aces_up="5")}, {}, {},
        [("reveal", "§ 641a.11(c)"), ("settle_aces_up", "§ 641a.11(b)(1)")],
        [(1, "ante", "lose", 10_00, "§ 641a.11(b)"), (1, "aces_up", "win", 5_00, "§ 641a.12(c)")]),
    # A $10 Ante, its equal $10 Super Bonus and a $5 Queens Up Wager fold: § 657a.11(b)(1) forfeits all
    # three, $25.
    "crazy-4-poker": Case(
        c4_play, {1: c4_play.Hand("10", "Qc Qd 8h 4s 2c", play="fold", queens_up="5")}, {}, {},
        [("reveal", "§ 657a.11(c)")],
        [(1, "ante", "lose", 10_00, "§ 657a.11(b)(1)"), (1, "super_bonus", "lose", 10_00, "§ 657a.11(b)(1)"),
         (1, "queens_up", "lose", 5_00, "§ 657a.11(b)(1)")]),
}


def played(case: Case, **options: Any) -> tuple[RoundState, list[Any], list[dict[str, Any]]]:
    """The round of ``case`` played as a tablet would: its final state, the prompts and the log."""
    prompts: list[Any] = []
    actions: list[dict[str, Any]] = []
    rnd = RoundState(case.helper.GAME, case.rules)
    written = case.helper.ROUND
    for _, action in case.helper.round_actions(case.seats, written.board, written.cards, **case.options, **options):
        prompts.append(rnd.prompt)
        actions.append(named(rnd, action))
        rnd = rnd.apply(actions[-1])
    return rnd, prompts, actions


def lines(rnd: RoundState) -> list[tuple[int, str, str, int, str]]:
    return [(line.seat, line.wager, line.outcome, line.amount, line.section) for line in rnd.lines]


@pytest.mark.parametrize("slug", CASES)
def test_after_every_seat_folds_the_cards_steps_still_come_each_confirmed_with_one_tap(slug):
    case = CASES[slug]
    rnd, prompts, actions = played(case)
    folded = next(i for i, p in enumerate(prompts) if all(seat.folded for seat in rnd.seats.values())
                  and p.step == case.steps[0][0])
    assert [(p.step, p.section) for p in prompts[folded:]] == case.steps
    for prompt, action in zip(prompts[folded:], actions[folded:], strict=True):
        if prompt.step.startswith("settle"):
            continue  # a folded seat's cards under its side wager are turned and settle it, as before
        # One tap: a choice that confirms the step; the picker still takes the cards if the dealer enters them.
        (confirm,) = [choice for choice in prompt.choices if choice.action["type"] == "confirm"]
        assert confirm.action == {"type": "confirm", "step": prompt.step} == action
        assert confirm.label.endswith("no entry needed") and prompt.cards_needed > 0
        assert "No wager is decided on these cards" in prompt.text
    assert rnd.prompt.step == "close" and lines(rnd) == case.lines


@pytest.mark.parametrize("slug", CASES)
def test_entering_the_cards_no_wager_is_decided_on_settles_the_same(slug):
    case = CASES[slug]
    confirmed, entered = played(case)[0], played(case, enter_all=True)[0]
    assert entered.dealer_cards and not confirmed.dealer_cards[1:]  # entered, or at most the up card
    assert lines(entered) == lines(confirmed) == case.lines


@pytest.mark.parametrize("slug", CASES)
def test_a_sheet_with_the_cards_and_one_without_settle_identically(slug):
    case = CASES[slug]
    rnd, _, actions = played(case)
    without = sheet_from_log(slug, case.rules, [*actions, {"type": "close", "step": "close"}])
    _, _, entered = played(case, enter_all=True)
    with_cards = sheet_from_log(slug, case.rules, [*entered, {"type": "close", "step": "close"}])
    # The sheet of the confirmed round records no card it was not given (a dealer's up card was entered
    # at the deal); the other records them all.
    assert len(without.get("dealer", [])) <= 1
    if ("flop", "§ 647a.11(c)") in case.steps:
        assert without["board"] == [] and with_cards["board"] == case.helper.ROUND.board.split()
    assert with_cards["dealer"] == case.helper.ROUND.cards.split()
    assert settle_sheet(without)["lines"] == settle_sheet(with_cards)["lines"] == [line.as_dict() for line in rnd.lines]


def test_a_hold_em_bonus_board_that_only_some_streets_enter_settles_the_same():
    # The dealer entered the Flop and confirmed the Turn and River: the sheet gives three cards.
    case = CASES["texas-holdem-bonus"]
    rnd, _, actions = played(case)
    flop = next(i for i, a in enumerate(actions) if a.get("step") == "flop")
    actions[flop] = {"type": "cards", "step": "flop", "target": "board", "cards": ["2h", "7h", "9h"]}
    sheet = sheet_from_log("texas-holdem-bonus", case.rules, [*actions, {"type": "close", "step": "close"}])
    assert sheet["board"] == ["2h", "7h", "9h"]
    assert settle_sheet(sheet)["lines"] == [line.as_dict() for line in rnd.lines]


def test_cards_a_wager_is_decided_on_cannot_be_confirmed_without_them():
    # A Progressive Payout Wager is decided on the two cards and the three-card Flop, a folded player's
    # Envy Bonus Qualifying Hand too (§ 647a.11(b)(2)(i)(B), (i)): the Flop must be entered.  The Turn,
    # the River and the dealer's cards decide nothing then, and are confirmed.
    seats = {1: thb_play.Hand("10", "2s 2h", progressive="5", plays="fold")}
    rules = thb_play_meter()
    rnd = thb_play.play(seats, thb_play.BOARD, thb_play.DEALER, rules=rules, until="flop")
    assert not [c for c in rnd.prompt.choices if c.action["type"] == "confirm"]
    refusal = refuse(rnd, {"type": "confirm"}, "decide wagers in this round: enter them")
    assert refusal.section == "§ 647a.11(c)"
    rnd = tap(rnd, {"type": "cards", "target": "board", "cards": ["3c", "4d", "8h"]})
    for step in ("turn", "river", "reveal"):
        assert rnd.prompt.step == step
        rnd = tap(rnd, {"type": "confirm"})
    assert len(rnd.board) == 3 and rnd.prompt.step == "settle_folded"


def thb_play_meter() -> dict[str, Any]:
    from test_thb_progressive import meter

    return meter()


def test_the_dealers_cards_a_folded_bonus_wager_is_paid_on_must_be_entered():
    # § 647a.12(b) Paytable A pays "Ace-ace (dealer and player)" on the dealer's cards: the reveal
    # decides seat 2's Bonus Wager although every seat folded.
    seats = {2: thb_play.Hand("10", "Ac Ad", bonus="5", plays="fold")}
    rnd = thb_play.play(seats, dealer="Ah As", until="reveal")
    assert not [c for c in rnd.prompt.choices if c.action["type"] == "confirm"]
    refuse(rnd, {"type": "confirm"}, "The dealer's cards decide wagers in this round")


def test_a_step_no_fold_can_spare_takes_no_confirm():
    # The dealer's cards decide seat 1's Ante and Flop Wagers: its reveal is entered.
    rnd = thb_play.play({1: thb_play.Hand("10", "Ah Kh")}, until="reveal")
    refuse(rnd, {"type": "confirm"}, "decide wagers in this round")


def test_cards_a_shoe_read_at_the_deal_are_turned_not_confirmed():
    # The card-reading shoe dealt the dealer's cards face down: turning them is the one tap.
    case = CASES["crazy-4-poker"]
    rnd = c4_play.play(case.seats, "7s 7d Kc 6c 3d", until="reveal", card_reader=True)
    assert [c.label for c in rnd.prompt.choices] == ["Dealer's cards turned"]
    refuse(rnd, {"type": "confirm"}, "read by the shoe at the deal: turn them")


def test_a_confirm_is_taken_back_with_an_undo_and_the_cards_may_then_be_entered():
    case = CASES["wpt-heads-up"]
    rnd, _, _ = played(case)
    rnd = tap(rnd, {"type": "undo", "step": "close"})
    assert rnd.prompt.step == "reveal" and rnd.prompt.cards_for == "dealer"
    rnd = tap(rnd, {"type": "cards", "target": "dealer", "cards": ["Qs", "Qd"]})
    assert rnd.dealer_cards and lines(rnd) == case.lines


def test_a_card_found_face_up_after_a_river_confirmed_without_its_card_does_not_void_the_round():
    # § 647a.13(a) voids a round for a card found face up while the cards are being dealt: once the River
    # is dealt, confirmed or entered, every card of the round has been dealt.
    case = CASES["texas-holdem-bonus"]
    rnd = thb_play.play(case.seats, rules=case.rules, until="reveal")
    assert rnd.board == () and "river" in rnd.completed_steps
    refuse(rnd, {"type": "irregularity", "kind": "card_face_up", "card": "Ah"}, "Every card of the round")
