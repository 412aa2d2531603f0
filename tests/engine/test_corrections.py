"""A correction a floorperson approves: the dealer asks to take back an entry something depends on,
the round waits, and on approval it is what the log up to that entry makes it (every later entry
taken back, nothing edited); a refusal changes nothing but the approval.  A correction that would
take back a paid seat, a floorperson's decision or an irregularity is refused, naming why.
The figures are Texas Hold 'Em Bonus Poker's (Chapter 647a) round ``ROUND`` of thb_play."""

import pytest
from play import refuse, state, tap
from thb_play import GAME, at

from games.engine.core import Refused, RoundState
from games.engine.core.corrections import WITHDRAWN
from games.engine.round_sheet import settle_sheet, sheet_from_log

# The log of ROUND: 8-10 are the Flop Wager decisions of seats 1 and 3 and seat 5's fold; 11 the flop;
# 18 the dealer's cards; 19, 20, 21 seats 3, 1 and 5 turned for settlement.
FOLD, FLOP, SEAT_3, SEAT_1 = 10, 11, 19, 20


def on(rnd, action):
    """A round action as the tablet sends it, naming the step on its screen."""
    return {"step": rnd.current_step().id, **action}


def correct(rnd, entry):
    return rnd.apply(on(rnd, {"type": "correct", "entry": entry}))


def decide(rnd, approve=True, note=""):
    approval = next(a for a in rnd.approvals if a.kind == "correction" and a.status == "pending")
    return rnd.apply({"type": "approve" if approve else "refuse", "step": rnd.prompt.step,
                      "approval": approval.id, "note": note})


def test_a_fold_tapped_by_mistake_is_taken_back_once_a_floorperson_approves():
    rnd = at("flop")  # seat 5 has folded: its $5 Ante is collected (§ 647a.11(b)(2))
    assert [(line.seat, line.wager, line.outcome, line.amount) for line in rnd.lines] == [(5, "ante", "lose", 5_00)]
    # The dealer alone cannot take it back:
    refuse(rnd, on(rnd, {"type": "undo"}), r"last entry \(seat 5's Fold instead of a Flop Wager\) settled wagers")
    asked = correct(rnd, FOLD)
    (approval,) = asked.approvals
    assert (approval.kind, approval.seat, approval.status, approval.section) == ("correction", 5, "pending",
                                                                                  "§ 647a.11(b)")
    assert "take back entry 10 (seat 5's Fold instead of a Flop Wager)" in approval.reason
    # The round waits: the dealer enters nothing until the floorperson decides.
    assert asked.prompt.waiting_for_floor and asked.prompt.step == "correction_pending"
    with pytest.raises(Refused, match="waits for a floorperson to decide the correction"):
        asked.apply({"type": "cards", "step": "flop", "target": "board", "cards": ["2h", "7h", "9h"]})
    approved = decide(asked, note="player meant to call")
    # As before the fold: no line, seat 5 decides again, the Ante still on the layout.
    before_fold = at("flop_decision")
    for _ in range(2):
        before_fold = tap(before_fold, {"type": "decide", "seat": before_fold.prompt.seat, "choice": "flop"})
    assert approved.lines == [] and approved.seats[5].wagers == {"ante": 5_00, "bonus": 5_00}
    assert approved.prompt.seat == 5 and approved.prompt.step == "flop_decision"
    assert approved.prompt == before_fold.prompt
    assert approved.approvals[0].status == "approved" and approved.approvals[0].note == "player meant to call"
    # The log keeps the fold, the request and the decision; a replay gives the same round.
    assert [a["type"] for a in approved.log[-3:]] == ["decide", "correct", "approve"]
    assert approved.seq == rnd.seq + 2
    again = tap(approved, {"type": "decide", "seat": 5, "choice": "flop"})
    assert again.seats[5].wagers["flop"] == 10_00  # twice the $5 Ante (§ 647a.11(b))
    replayed = RoundState.replay(GAME, again.rules, again.log)
    assert state(replayed) == state(again) and replayed.approvals == again.approvals


def test_the_flop_is_corrected_with_the_decisions_after_it():
    rnd = at("turn")  # the flop is in, seats 1 and 3 have decided on their Turn Wagers
    approved = decide(correct(rnd, FLOP))
    assert approved.board == () and approved.prompt.step == "flop"
    assert "turn" not in approved.seats[1].wagers  # seat 1's Turn Wager came after the flop
    assert [line.seat for line in approved.lines] == [5]  # the fold before the flop stands


def test_a_refused_correction_changes_nothing_but_the_approval():
    rnd = at("turn")
    refused = decide(correct(rnd, FLOP), approve=False, note="the flop was right")
    assert refused.approvals[0].status == "refused"
    assert refused.prompt == rnd.prompt and refused.lines == rnd.lines
    assert [c.code for c in refused.board] == ["2h", "7h", "9h"]
    assert tap(refused, {"type": "cards", "target": "board", "cards": ["Jc"]}).prompt.step == "river_decision"


def test_a_payout_waiting_for_a_floorperson_is_withdrawn_by_the_correction_of_its_cards():
    # Seat 1 wins $10 + $20 + $10 + $10 on its Ante, Flop, Turn and River Wagers (1 to 1, § 647a.12(a))
    # and 25 to 1 on its $5 Bonus Wager for a flush: $175, over the table's $100 threshold.
    rnd = at("settle_bonus", rules={"approval_threshold": "100.00"})
    (payout,) = rnd.approvals
    assert (payout.kind, payout.seat, payout.status) == ("payout", 1, "pending") and "$175.00" in payout.reason
    approved = decide(correct(rnd, SEAT_1))
    assert [(a.kind, a.status) for a in approved.approvals] == [("payout", WITHDRAWN), ("correction", "approved")]
    assert not approved.seats[1].settled and not [line for line in approved.lines if line.seat == 1]
    again = tap(approved, {"type": "cards", "target": "seat:1", "cards": ["Ah", "Kh"]})
    assert [(a.id, a.kind, a.status) for a in again.approvals][-1] == (3, "payout", "pending")


def test_a_wager_entered_on_the_seats_form_names_its_seat():
    rnd = tap(RoundState(GAME, {}), {"type": "place_wager", "seat": "2", "wager": "ante", "amount": "15"})
    rnd = tap(rnd, {"type": "place_wager", "seat": "4", "wager": "ante", "amount": "10"})
    refuse(rnd, on(rnd, {"type": "correct", "entry": 1}), "still taking wagers: set the seat's wagers again")
    rnd = tap(tap(rnd, {"type": "no_more_bets"}), {"type": "deal"})
    (approval,) = correct(rnd, 1).approvals
    assert approval.seat == 2 and "seat 2's Ante $15" in approval.reason


def test_a_paid_seat_is_never_taken_back():
    rnd = at("settle_bonus")  # seats 3 and 1 were settled, no approval holding either
    refuse(rnd, on(rnd, {"type": "correct", "entry": SEAT_1}), r"Seat 1 has been paid since entry 20 .*pay \$175.00")
    refuse(rnd, on(rnd, {"type": "correct", "entry": FLOP}), r"Seat 3 has been paid since entry 11 .*collect \$75.00")


def test_what_undo_takes_back_and_what_the_dealer_did_not_enter_are_refused():
    rnd = at("flop_decision")
    one = tap(rnd, {"type": "decide", "seat": 1, "choice": "flop"})
    refuse(one, on(one, {"type": "correct", "entry": 8}), "take it back with Undo")
    refuse(one, on(one, {"type": "correct", "entry": 6}), r"Entry 6 \(no more bets\) is not a card, wager or decision")
    refuse(one, on(one, {"type": "correct", "entry": 99}), "no entry 99 in this round")
    undone = one.apply(on(one, {"type": "undo"}))
    refuse(undone, on(undone, {"type": "correct", "entry": 8}), "already taken back")
    refuse(one, on(one, {"type": "correct", "entry": 7, "step": "wagers"}), "decided on the wagers step")


def test_a_second_correction_waits_for_the_first_and_a_closed_round_has_none():
    asked = correct(at("turn"), FLOP)
    with pytest.raises(Refused, match="already waits for a floorperson"):
        asked.apply({"type": "correct", "step": "correction_pending", "entry": 9})
    closed = at()
    closed = tap(closed, {"type": "close"})
    with pytest.raises(Refused, match="The round is closed: its seats are paid"):
        closed.apply({"type": "correct", "step": "close", "entry": FLOP})


def test_an_irregularity_after_the_entry_stands_in_the_way():
    rnd = at("turn")
    rnd = rnd.apply(on(rnd, {"type": "irregularity", "kind": "card_face_up", "card": "2c"}))
    refuse(rnd, on(rnd, {"type": "correct", "entry": FLOP}), "An irregularity was reported after entry 11")


def test_an_undo_after_a_correction_keeps_the_correction_on_record():
    rnd = at("turn")
    approved = decide(correct(rnd, FLOP))  # back to the flop
    entered = tap(approved, {"type": "cards", "target": "board", "cards": ["2h", "7h", "9d"]})
    undone = entered.apply(on(entered, {"type": "undo"}))
    assert [(a.kind, a.status) for a in undone.approvals] == [("correction", "approved")]
    assert undone.prompt.step == "flop" and undone.board == ()
    replayed = RoundState.replay(GAME, undone.rules, undone.log)
    assert state(replayed) == state(undone) and replayed.approvals == undone.approvals


def test_the_offers_name_the_entries_a_correction_may_take_back():
    offers = at("turn").correction_offers()
    entries = [entry for entry, _, _ in offers]
    # Latest first: seat 1's Turn Wager, the flop, the fold; seat 3's check (13) is the undo's.
    assert entries[:3] == [12, 11, 10] and 13 not in entries
    assert at("settle_bonus").correction_offers() == []  # seats 3 and 1 are paid: nothing before them
    assert offers[1][1] == "the board's cards: 2h 7h 9h" and offers[1][2] == {"type": "correct", "step": "turn",
                                                                             "entry": 11}


def count_replays(monkeypatch) -> list:
    replays = []
    replaying = RoundState.replaying.__func__
    monkeypatch.setattr(RoundState, "replaying", classmethod(
        lambda cls, *args, **kwargs: replays.append(cls) or replaying(cls, *args, **kwargs)))
    return replays


def replayed_offers(rnd):
    """The offers as a round that kept nothing of its entries weighs them: from a replay."""
    forgot = rnd.copied()
    forgot.effects_before = ()
    assert forgot.tracked_effects() is None or not forgot.log
    return forgot.correction_offers()


def test_the_offers_weigh_what_the_round_kept_before_each_entry_without_replaying_it(monkeypatch):
    """What was paid before each entry is kept as the round is played, entry by entry; before the
    settlement (the fold's line is a decision's, not a payment) nothing has been paid at all."""
    before_settling, settling = at("turn"), at("settle_bonus")
    replays = count_replays(monkeypatch)
    assert [entry for entry, _, _ in before_settling.correction_offers()][:3] == [12, 11, 10]
    assert settling.correction_offers() == []  # seats 3 and 1 are paid: nothing before them
    assert replays == []
    assert replayed_offers(settling) == [] and len(replays) == 1


def test_the_kept_figures_give_the_offers_a_replay_gives_at_every_entry_of_the_round():
    paid = at("settle_bonus")  # seats 3 and 1 paid
    assert {line.seat for line in paid.lines if line.stage == "settle"} == {1, 3}
    for before in RoundState.replaying(GAME, paid.rules, paid.log):
        kept = before.copied()
        assert kept.tracked_effects() is not None
        assert kept.correction_offers() == replayed_offers(kept)


def test_a_round_rebuilt_by_a_correction_is_replayed_for_its_offers():
    approved = decide(correct(at("turn"), FLOP))  # back to the flop: the log grew by two entries that are not entered
    assert approved.tracked_effects() is None
    entered = tap(approved, {"type": "cards", "target": "board", "cards": ["2h", "7h", "9d"]})
    assert entered.tracked_effects() is None  # and stays so as entries are added
    assert entered.correction_offers() == replayed_offers(entered)


def test_a_corrected_round_exports_the_sheet_of_the_round_as_it_was_played_again():
    rnd = at("turn")
    rnd = decide(correct(rnd, FOLD))  # seat 5 meant to make its Flop Wager
    for action in ({"type": "decide", "seat": 5, "choice": "flop"},
                   {"type": "cards", "target": "board", "cards": ["2h", "7h", "9h"]}):
        rnd = tap(rnd, action)
    while rnd.prompt.step in ("turn_decision", "river_decision"):
        rnd = tap(rnd, {"type": "decide", "seat": rnd.prompt.seat, "choice": "check"})
        if rnd.prompt.step in ("turn", "river"):
            rnd = tap(rnd, {"type": "cards", "target": "board", "cards": ["Jc" if rnd.prompt.step == "turn" else "3d"]})
    for target, cards in (("dealer", ["Qs", "Qd"]), ("seat:5", ["Kc", "Kd"]), ("seat:3", ["4c", "5d"]),
                          ("seat:1", ["Ah", "Kh"])):
        rnd = tap(rnd, {"type": "cards", "target": target, "cards": cards})
    sheet = sheet_from_log(GAME.slug, rnd.rules, rnd.log)
    assert sheet["seats"]["5"]["cards"] == ["Kc", "Kd"]  # played to the end, not folded
    settled = settle_sheet(sheet)
    assert settled["lines"] == [line.as_dict() for line in rnd.lines]
    # Seat 5's kings beat the dealer's queens: its $10 Flop Wager wins 1 to 1 (§ 647a.12(a)).
    assert {"seat": 5, "wager": "flop", "outcome": "win", "amount": "$10.00"}.items() <= next(
        line for line in settled["lines"] if line["seat"] == 5 and line["wager"] == "flop").items()
