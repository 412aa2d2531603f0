"""A round started by mistake is cancelled by the dealer while nothing has been wagered or dealt in
it; once a wager is on the layout or "no more bets" was called, the cancel is refused and changes
nothing."""

import pytest
from play import refuse, tap
from thb_play import GAME, at

from games.engine.core import Refused, RoundState
from games.engine.poker.game import GAME as POKER


def cancel_on(rnd):
    return {"type": "cancel", "step": rnd.current_step().id}


def test_an_empty_round_is_cancelled_and_closed():
    rnd = RoundState(GAME, {})
    assert rnd.cancel_offer() == cancel_on(rnd)
    cancelled = rnd.apply(cancel_on(rnd))
    assert cancelled.cancelled and cancelled.closed and cancelled.prompt is None and cancelled.lines == []
    assert cancelled.seq == 1 and cancelled.log[-1]["type"] == "cancel"
    replayed = RoundState.replay(GAME, {}, cancelled.log)
    assert replayed.cancelled and replayed.closed


def test_a_wager_on_the_layout_refuses_the_cancel_until_it_is_removed():
    rnd = tap(RoundState(GAME, {}), {"type": "place_wager", "seat": 2, "wager": "ante", "amount": "10"})
    assert rnd.cancel_offer() is None
    refuse(rnd, cancel_on(rnd), r"Seat 2's Ante of \$10.00 is on the layout: a round with wagers is not cancelled")
    removed = tap(rnd, {"type": "remove_wager", "seat": 2, "wager": "ante"})
    assert removed.apply(cancel_on(removed)).cancelled


def test_after_no_more_bets_there_is_no_cancel():
    rnd = at("deal")
    refuse(rnd, cancel_on(rnd), "a round with wagers is not cancelled")
    refuse(rnd, {"type": "cancel", "step": "wagers"}, "decided on the wagers step")


def test_a_cancelled_round_takes_nothing_more():
    rnd = RoundState(GAME, {})
    cancelled = rnd.apply(cancel_on(rnd))
    with pytest.raises(Refused, match="The round is closed"):
        cancelled.apply({"type": "place_wager", "step": "wagers", "seat": 1, "wager": "ante", "amount": "10"})


def test_a_poker_round_is_cancelled_only_while_nothing_stands_in_it():
    rnd = POKER.new_round({})
    assert rnd.apply({"type": "cancel", "step": "seating"}).cancelled
    seated = tap(rnd, {"type": "seating", "seat": 1, "do": "sit", "amount": "100"})
    with pytest.raises(Refused, match="take back its entries with Undo first"):
        seated.apply({"type": "cancel", "step": "seating"})
