"""A Poker hand's mis-entries taken back as the banked games' are (games.engine.core.corrections): the
dealer's Undo takes back the last betting action or card entry while nothing depends on it; once
something does, a floorperson approves its correction, and the hand goes back to just before it.
What cannot be taken back is refused, naming why, and changes nothing."""

from __future__ import annotations

from poker_play import GAME, actions, refuse, run

SEATED = """
    sit 1 100
    sit 3 100
    sit 5 100
    sit 8 100
"""
# The button on seat 8, the blinds seats 1 and 3: seat 5 acts first before the flop (§ 637a.11(g)).
DEALT = SEATED + "start\ndeal"


def played(script: str):
    """The round a script leaves, rebuilt from its log as the services rebuild it."""
    return GAME.replay({}, actions(script))


def undo(rnd):
    return rnd.apply(rnd.undo_offer()[1])


def test_a_mistapped_fold_is_taken_back_by_the_dealer_and_the_player_acts_again():
    rnd = played(DEALT + "\n5 fold")
    entry, _ = rnd.undo_offer()
    assert rnd.entry_words(entry) == "seat 5's fold"
    back = undo(rnd)
    assert back.prompt.seat == 5 and back.prompt.step == "bet.preflop.1"
    assert back.state.statuses[back.order.index(5)]  # seat 5's hand is live again
    # The log keeps the fold and its undo; it replays to the same hand.
    assert [a["type"] for a in back.log[-2:]] == ["decide", "undo"]
    again = GAME.replay({}, back.log)
    assert again.prompt.step == back.prompt.step and again.put_in == back.put_in
    right = run(back, "5 call")
    assert right.prompt.seat == 8 and right.put_in[5] == 2_00


def test_a_raise_and_a_card_entry_are_taken_back_with_their_amounts_and_cards():
    rnd = played(DEALT + "\n5 raise 10")
    assert rnd.entry_words(rnd.undo_offer()[0]) == "seat 5's raise to $10.00"
    assert undo(rnd).put_in[5] == 0
    flop = played(DEALT + "\n5 call\n8 call\n1 call\n3 check\nflop Ah Kd 7c")
    assert flop.entry_words(flop.undo_offer()[0]) == "the flop: Ah Kd 7c"
    back = undo(flop)
    assert back.board == () and back.prompt.step == "flop" and back.prompt.cards_needed == 3
    assert [c.code for c in run(back, "flop 2h 7h 9h").board] == ["2h", "7h", "9h"]


def test_an_entry_something_depends_on_is_corrected_with_a_floorpersons_approval():
    rnd = played(DEALT + "\n5 fold\n8 call")
    # Undo now takes back seat 8's call only: the fold is offered for correction instead.
    assert rnd.entry_words(rnd.undo_offer()[0]) == "seat 8's call"
    entry, what, request = rnd.correction_offers()[0]
    assert (entry, what) == (7, "seat 5's fold")
    asked = rnd.apply(request)
    approval = asked.approvals[-1]
    assert approval.kind == "correction" and approval.status == "pending"
    assert approval.reason.startswith("Correction asked: take back entry 7 (seat 5's fold) and the 1 entry after "
                                      "it (seat 8's call)")
    assert asked.prompt.text.startswith("Waiting for a floorperson to decide the correction")
    assert asked.prompt.waiting_for_floor and asked.prompt.choices == ()
    refuse(asked, "1 call", "waits for a floorperson to decide the correction")
    # Refused: nothing changes but the approval.
    kept = asked.apply({"type": "refuse", "approval": approval.id})
    assert kept.prompt.seat == 1 and kept.approvals[-1].status == "refused"
    # Approved: the hand is back at seat 5's turn, seat 8's call taken back with it.
    back = asked.apply({"type": "approve", "approval": approval.id})
    assert back.prompt.seat == 5 and back.put_in[8] == 0 and back.approvals[-1].status == "approved"
    assert [a["type"] for a in back.log[-2:]] == ["correct", "approve"]
    assert run(back, "5 call\n8 call").prompt.seat == 1


def test_the_start_of_the_hand_is_undone_but_once_dealt_only_the_hand_is_corrected():
    started = played(SEATED + "start")
    assert started.entry_words(started.undo_offer()[0]) == "the start of the hand"
    back = undo(started)
    assert back.prompt.step == "seating" and not back.started and back.button is None
    dealt = played(DEALT + "\n5 call")
    offered = [what for _, what, _ in dealt.correction_offers()]
    assert offered == ["the deal"]  # not the start of the hand, nor the seating before it
    refuse(dealt, {"type": "correct", "step": "bet.preflop.2", "entry": 5}, r"Entry 5 \(the start of the hand\) is "
           "not a card, wager or decision")


def test_nothing_is_taken_back_once_the_pots_are_awarded():
    rnd = played(DEALT + "\n5 fold\n8 fold\n1 fold")
    assert rnd.prompt.step == "close" and rnd.lines  # seat 3 wins the blinds
    assert rnd.undo_offer() is None and rnd.correction_offers() == []
    refuse(rnd, {"type": "undo", "step": "close"}, "settled wagers or asked for a floorperson")


def test_a_round_opened_by_mistake_is_cancelled_once_nothing_stands_in_it():
    started = played(SEATED + "start")
    assert started.cancel_offer() is None  # the hand has started: its start is undone first
    refuse(started, {"type": "cancel", "step": "deal"}, "take back its entries with Undo first")
    back = undo(started)
    assert back.cancel_offer() is None  # the seating stands: it would be lost with the round
    opened = GAME.new_round(GAME.carried_options(played(DEALT + "\n5 fold\n8 fold\n1 fold\nclose")))
    cancel = opened.cancel_offer()
    assert cancel == {"type": "cancel", "step": "seating"}
    cancelled = opened.apply(cancel)
    assert cancelled.closed and cancelled.cancelled and cancelled.lines == []
    # The next round starts from the seats, stakes and button the cancelled one was opened with.
    assert GAME.carried_options(cancelled) == GAME.carried_options(opened)
