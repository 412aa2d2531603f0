"""The dealer takes back a mis-entry: an ``undo`` is a new event of the log that takes back the
last entry still standing, while nothing depends on it (no wager settled, no floorperson asked,
nothing claimed from a meter).  Anything else is refused, naming why, and changes nothing."""

import pytest
from play import named, refuse, tap
from thb_play import GAME, at

from games.engine.core import Refused, RoundState
from games.engine.poker.game import GAME as POKER


def undo_on(rnd):
    """An undo as a tablet sends it, naming the step on its screen."""
    return {"type": "undo", "step": rnd.current_step().id}


def undo(rnd):
    return rnd.apply(undo_on(rnd))


def test_wrong_flop_cards_are_taken_back_and_entered_again():
    rnd = at("flop")
    wrong = tap(rnd, {"type": "cards", "target": "board", "cards": ["As", "Ks", "Qs"]})
    assert [c.code for c in wrong.board] == ["As", "Ks", "Qs"] and wrong.prompt.step == "turn_decision"
    back = undo(wrong)
    assert not back.board and back.prompt.step == "flop" and back.seq == wrong.seq + 1
    right = tap(back, {"type": "cards", "target": "board", "cards": ["2h", "7h", "9h"]})
    assert [c.code for c in right.board] == ["2h", "7h", "9h"]
    # The log keeps the mis-entry and its undo, and replays to the same round.
    assert [a["type"] for a in right.log[-3:]] == ["cards", "undo", "cards"]
    replayed = RoundState.replay(GAME, right.rules, right.log)
    assert replayed.board == right.board and replayed.seq == right.seq and replayed.prompt == right.prompt


def test_a_flop_wager_is_taken_back_and_the_seat_decides_again():
    rnd = at("flop_decision")
    decided = tap(rnd, {"type": "decide", "seat": 1, "choice": "flop"})
    assert decided.seats[1].wagers["flop"] == 20_00  # twice the $10 Ante (§ 647a.11(b))
    assert decided.undo_offer()[0]["choice"] == "flop"
    back = undo(decided)
    assert "flop" not in back.seats[1].wagers and back.prompt.seat == 1 and back.prompt.step == "flop_decision"


def test_two_undos_take_back_two_entries():
    rnd = at("flop_decision")
    one = tap(rnd, {"type": "decide", "seat": 1, "choice": "flop"})
    two = tap(one, {"type": "decide", "seat": 3, "choice": "flop"})
    back = undo(undo(two))
    assert back.prompt.seat == 1 and "flop" not in back.seats[1].wagers and "flop" not in back.seats[3].wagers


def test_a_fold_has_settled_the_ante_and_needs_a_floorperson():
    rnd = at("flop_decision")
    folded = tap(tap(rnd, {"type": "decide", "seat": 1, "choice": "flop"}),
                 {"type": "decide", "seat": 3, "choice": "flop"})
    folded = tap(folded, {"type": "decide", "seat": 5, "choice": "fold"})
    assert folded.undo_offer() is None  # no button offers it
    refuse(folded, undo_on(folded), "settled wagers or asked for a floorperson")


def test_no_more_bets_and_an_empty_log_cannot_be_taken_back():
    closed = at("deal")
    refuse(closed, undo_on(closed), r"last entry \(no more bets\) cannot be taken back by the dealer")
    empty = RoundState(GAME, {})
    refuse(empty, undo_on(empty), "nothing to take back")
    refuse(empty, {"type": "undo"}, "does not name its step")


def test_an_undo_decided_on_another_screen_is_refused():
    rnd = tap(at("flop"), {"type": "cards", "target": "board", "cards": ["2h", "7h", "9h"]})
    refuse(rnd, {"type": "undo", "step": "flop"}, "decided on the flop step, but the round is at turn_decision")


def test_a_poker_seat_taken_by_mistake_is_taken_back_but_not_the_time_charge():
    rnd = POKER.new_round({"rake_method": "time", "time_charge": "5.00"})
    rnd = rnd.apply(named(rnd, {"type": "seating", "seat": 1, "do": "sit", "amount": "100"}))
    assert 1 not in undo(rnd).players
    charged = rnd.apply(named(rnd, {"type": "seating", "do": "time_charge"}))
    with pytest.raises(Refused, match="settled wagers or asked for a floorperson"):
        charged.apply(undo_on(charged))


def test_the_last_entries_are_offered_as_undos_that_each_name_the_step_they_meet():
    rnd = at("flop_decision")
    one = tap(rnd, {"type": "decide", "seat": 1, "choice": "flop"})
    two = tap(one, {"type": "decide", "seat": 3, "choice": "flop"})
    three = tap(two, {"type": "decide", "seat": 5, "choice": "flop"})
    assert three.current_step().id == "flop"  # the last seat's decision moved the round on
    found, why = three.undos(3)
    assert [entry["seat"] for entry, _ in found] == [5, 3, 1] and why == ""
    assert [u["step"] for _, u in found] == ["flop", "flop_decision", "flop_decision"]
    back = three
    for _, undo_action in found:
        back = back.apply(undo_action)
    assert back.prompt.seat == 1 and back.prompt.step == "flop_decision" and back.standing() == rnd.standing()
    found, why = two.undos(2)
    assert [entry["seat"] for entry, _ in found] == [3, 1] and why == ""
    assert two.undos(5)[1] == ("The last entry (the deal) cannot be taken back by the dealer: a floorperson "
                               "corrects it, or the round goes on as it stands")  # the entry before seat 1's


def test_the_undos_stop_at_an_entry_something_depends_on_and_say_why():
    rnd = at("flop_decision")
    folded = tap(rnd, {"type": "decide", "seat": 1, "choice": "fold"})
    after = tap(folded, {"type": "decide", "seat": 3, "choice": "flop"})
    found, why = after.undos(3)
    assert [entry["seat"] for entry, _ in found] == [3]
    assert why.startswith("The last entry (seat 1's Fold instead of a Flop Wager) settled wagers or asked for a "
                          "floorperson")
    assert at("deal").undos(2) == ([], "The last entry (no more bets) cannot be taken back by the dealer: a "
                                       "floorperson corrects it, or the round goes on as it stands")
