"""Corrections and cancelled rounds through the services: every request and decision an event with
its actor, the correction an approval in the pit, the rows as the round now stands, the history
saying who asked and who approved; a round cancelled before anything was wagered; and the
history's dealer filter finding the relief dealer who tapped in a round another dealer started."""

import pytest
from django.urls import reverse

from games.engine.core import Refused
from games.floor import selectors
from games.floor import services as floor_services
from games.history import selectors as history_selectors
from games.models import Approval, AuditEntry, ReliefDealer, Round, RoundEvent, Wager
from games.people import access
from games.table import services
from tests.conftest import OPENING, REST_OF_ROUND, play

pytestmark = pytest.mark.django_db

# OPENING's events: 1-3 the wagers, 4 "no more bets", 5 the deal, 6 and 7 the Flop Wagers of seats 1
# and 3, 8 the flop.
SEAT_3_FLOP_WAGER = 7


def ask(rnd, user, entry):
    return play(rnd, user, {"type": "correct", "step": services.engine_round(rnd).current_step().id, "entry": entry})


def correction(rnd):
    return Approval.objects.get(round=rnd, kind="correction", status="pending")


def test_a_correction_is_asked_approved_and_recorded_with_who_did_each(client, cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING)
    assert Wager.objects.get(round=rnd, seat=3, wager="flop").amount == 50_00  # twice the $25 Ante (§ 647a.11(b))
    rnd = ask(rnd, cast["dealer"], SEAT_3_FLOP_WAGER)
    asked = correction(rnd)
    assert (asked.seat, asked.requested_by, asked.section) == (3, cast["dealer"], "§ 647a.11(b)")
    assert "take back entry 7 (seat 3's Flop Wager)" in asked.reason
    assert "the 1 entry after it (the board's cards: Ah Kd 7c)" in asked.reason
    event = RoundEvent.objects.get(round=rnd, seq=rnd.seq)
    assert (event.action["type"], event.action["entry"], event.actor, event.role) == ("correct", 7, cast["dealer"],
                                                                                      "dealer")
    # The floorperson sees it in the pit with what it takes back.
    assert [item.approval.id for item in selectors.pit_state()["items"]] == [asked.id]
    client.force_login(cast["floor"])
    assert "take back entry 7" in client.get(reverse("pit")).content.decode()
    # The dealer who dealt the round cannot approve it, whatever other role they hold.
    with pytest.raises(access.NotAllowed):
        floor_services.approval_decide(approval_id=asked.id, user=cast["dealer"], approve=True)
    rnd = floor_services.approval_decide(approval_id=asked.id, user=cast["floor"], approve=True, note="seat 3 checked")
    decision = RoundEvent.objects.get(round=rnd, seq=rnd.seq)
    assert (decision.action["type"], decision.actor, decision.role) == ("approve", cast["floor"], "floorperson")
    # As before seat 3's decision: its Flop Wager is gone, the flop is to be dealt again after it.
    assert not Wager.objects.filter(round=rnd, seat=3, wager="flop").exists()
    assert Wager.objects.get(round=rnd, seat=1, wager="flop").amount == 20_00
    state = services.engine_round(rnd)
    assert (state.prompt.step, state.prompt.seat, state.board) == ("flop_decision", 3, ())
    assert RoundEvent.objects.filter(round=rnd).count() == 10  # nothing deleted: 8 entries, the request, the decision
    client.force_login(cast["super"])
    page = client.get(reverse("round-detail", args=[rnd.id])).content.decode()
    assert "correction asked by dealer at" in page and "approved by floor at" in page
    assert "Correction asked · entry 7" in page
    # The audit trail has the request and its approval, each with who made it.
    trail = AuditEntry.objects.filter(kind="correction", object_id=rnd.id).order_by("id")
    assert [(entry.actor, entry.after["action"]["type"]) for entry in trail] == [(cast["dealer"], "correct"),
                                                                                 (cast["floor"], "approve")]
    assert "the correction of entry 7" in trail[1].summary


def test_a_refused_correction_leaves_the_round_as_it_was(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING)
    wagers = set(Wager.objects.filter(round=rnd).values_list("seat", "wager", "amount"))
    rnd = ask(rnd, cast["dealer"], SEAT_3_FLOP_WAGER)
    with pytest.raises(Refused, match="waits for a floorperson to decide the correction"):
        play(rnd, cast["dealer"], REST_OF_ROUND[0])
    rnd = floor_services.approval_decide(approval_id=correction(rnd).id, user=cast["floor"], approve=False)
    assert Approval.objects.get(round=rnd, kind="correction").status == "refused"
    # In the audit trail like an approved one, saying it was refused.
    refused = AuditEntry.objects.filter(kind="correction", object_id=rnd.id).order_by("id").last()
    assert (refused.actor, refused.after["action"]["type"]) == (cast["floor"], "refuse")
    assert "refused: the round went on as it stood" in refused.summary
    assert set(Wager.objects.filter(round=rnd).values_list("seat", "wager", "amount")) == wagers
    rnd = play(rnd, cast["dealer"], *REST_OF_ROUND)  # the round goes on as it stood
    assert services.engine_round(rnd).prompt.step == "close"


def test_a_payout_waiting_for_the_floor_is_withdrawn_and_a_paid_seat_refused(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)
    # Seat 3 (settled first, nothing held) has been paid; seat 1's $115 waits for the $100 threshold:
    # Flop $20 + Turn $10 + River $10 at 1 to 1 (§ 647a.12(a)), Ante returned, Bonus $5 on ace-king
    # offsuit at 15 to 1 = $75 (§ 647a.12(b) Paytable A).  Entries 15, 16 and 17 are the dealer's cards
    # and the cards of seats 3 and 1.
    payout = Approval.objects.get(round=rnd, kind="payout")
    assert payout.status == "pending" and "$115.00" in payout.reason
    seq = rnd.seq
    with pytest.raises(Refused, match=r"Seat 3 has been paid since entry 15"):
        ask(rnd, cast["dealer"], 15)
    rnd.refresh_from_db()
    assert rnd.seq == seq
    rnd = ask(rnd, cast["dealer"], 17)
    rnd = floor_services.approval_decide(approval_id=correction(rnd).id, user=cast["floor"], approve=True)
    payout.refresh_from_db()
    assert (payout.status, payout.decided_by) == ("withdrawn", cast["floor"])
    assert not rnd.lines.filter(seat=1).exists() and rnd.lines.filter(seat=3).count() == 2
    rnd = play(rnd, cast["dealer"], REST_OF_ROUND[-1])
    assert Approval.objects.get(round=rnd, kind="payout", status="pending").number == 3


def test_a_round_started_by_mistake_is_cancelled_and_counts_for_nothing(client, cast, table):
    rnd = services.round_start(table_id=table.id, user=cast["dealer"])
    with pytest.raises(Refused, match="a round with wagers is not cancelled"):
        play(rnd, cast["dealer"], OPENING[0], {"type": "cancel", "step": "wagers"})
    rnd = play(rnd, cast["dealer"], {"type": "remove_wager", "step": "wagers", "seat": 1, "wager": "ante"},
               {"type": "cancel", "step": "wagers"})
    assert rnd.status == Round.Status.CANCELLED and rnd.closed_at is not None and rnd.closing_hash
    assert (rnd.total_paid, rnd.total_collected) == (0, 0)
    event = RoundEvent.objects.get(round=rnd, seq=rnd.seq)
    assert (event.action["type"], event.actor) == ("cancel", cast["dealer"])
    table.refresh_from_db()
    assert table.rounds_since_stub_count == 0  # nothing was dealt from the stub
    assert list(history_selectors.history_rounds().filter(status="cancelled")) == [rnd]
    client.force_login(cast["super"])
    assert "Cancelled (started by mistake)" in client.get(reverse("round-detail", args=[rnd.id])).content.decode()
    assert services.round_start(table_id=table.id, user=cast["dealer"]).number == rnd.number + 1


def test_the_dealer_filter_finds_a_relief_dealer(client, cast, table):
    alone = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"],
                 {"type": "cancel", "step": "wagers"})
    relieved = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer2"], *OPENING[:2])
    assert relieved.dealer == cast["dealer"]  # dealer started it; dealer2 took the wagers
    # Two taps of the relief dealer, one row for the filter; none for the dealer who started it.
    assert list(ReliefDealer.objects.values_list("round", "dealer")) == [(relieved.id, cast["dealer2"].id)]
    every_round = history_selectors.history_rounds()
    assert list(history_selectors.rounds_dealt_by(every_round, [cast["dealer2"]])) == [relieved]
    assert list(history_selectors.rounds_dealt_by(every_round, [cast["dealer"]])) == [relieved, alone]
    client.force_login(cast["super"])
    page = client.get(reverse("history"), {"dealer": "dealer2"}).content.decode()
    assert reverse("round-detail", args=[relieved.id]) in page
    assert reverse("round-detail", args=[alone.id]) not in page
