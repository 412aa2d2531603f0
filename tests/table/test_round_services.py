"""Services: transactions, idempotency, refusals that change nothing, restart mid-round."""

import threading
from types import SimpleNamespace

import pytest
from django.db import connection

from games.engine.core import Refused
from games.floor import services as floor_services
from games.models import Approval, Round, RoundEvent, SettlementLine, Table
from games.people import access
from games.table import services
from tests.conftest import OPENING, REST_OF_ROUND, play, tablet_action

pytestmark = pytest.mark.django_db



def snapshot(rnd):
    rnd.refresh_from_db()
    return (rnd.seq, rnd.status, list(rnd.events.values_list("seq", "action")),
            list(rnd.wagers.values_list("seat", "wager", "amount")),
            list(rnd.lines.values_list("seat", "wager", "outcome", "amount")),
            list(rnd.approvals.values_list("number", "status")))


def test_it_starts_one_round_at_a_time(cast, table):
    services.round_start(table_id=table.id, user=cast["dealer"])
    with pytest.raises(Refused, match="already has a round in play"):
        services.round_start(table_id=table.id, user=cast["dealer"])
    assert Round.objects.filter(table=table).count() == 1


def test_it_refuses_a_floorperson_who_deals(cast, table):
    rnd = services.round_start(table_id=table.id, user=cast["dealer"])
    with pytest.raises(access.NotAllowed, match="Only a dealer"):
        services.round_act(round_id=rnd.id, user=cast["floor"], actions=[OPENING[0]], expected_seq=0)
    with pytest.raises(access.NotAllowed):
        services.round_start(table_id=table.id, user=cast["floor"])


def test_it_refuses_a_dealer_who_approves(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)
    approval = rnd.approvals.get()
    with pytest.raises(access.NotAllowed, match="Only a floorperson"):
        floor_services.approval_decide(approval_id=approval.id, user=cast["dealer"], approve=True)
    assert Approval.objects.get(pk=approval.id).status == "pending"


def test_a_double_tap_is_applied_once(cast, table):
    rnd = services.round_start(table_id=table.id, user=cast["dealer"])
    services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[OPENING[0]], expected_seq=0)
    with pytest.raises(Refused, match="moved on"):
        services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[OPENING[0]], expected_seq=0)
    assert RoundEvent.objects.filter(round=rnd).count() == 1


def test_a_seat_set_from_a_form_drawn_with_other_wagers_at_that_seat_is_refused(cast, table):
    rnd = services.round_start(table_id=table.id, user=cast["dealer"])
    # Drawn on two tablets with seat 1 empty; the first sets its Ante, $10.
    services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[OPENING[0]], expected_seq=None,
                       seat_seen=(1, ""))
    before = snapshot(rnd)
    typed = {"type": "place_wager", "step": "wagers", "seat": 1, "wager": "ante", "amount": "50"}
    with pytest.raises(Refused, match=r"Seat 1's wagers changed since this tablet drew them .*now Ante \$10\.00\. "
                                      r"Nothing was set"):
        services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[typed], expected_seq=None, seat_seen=(1, ""))
    assert snapshot(rnd) == before
    # Drawn with them (the refusal showed them): set.
    services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[typed], expected_seq=None,
                       seat_seen=(1, "ante:1000"))
    assert list(rnd.wagers.values_list("seat", "wager", "amount")) == [(1, "ante", 5000)]


def test_a_seat_set_is_not_refused_for_a_change_at_another_seat(cast, table):
    rnd = services.round_start(table_id=table.id, user=cast["dealer"])
    services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[OPENING[2]], expected_seq=0)
    # Seat 1's form was drawn before seat 3's Ante (seq 0): its seat is as it saw it.
    services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[OPENING[0]], expected_seq=None,
                       seat_seen=(1, ""))
    assert sorted(rnd.wagers.values_list("seat", "wager", "amount")) == [(1, "ante", 1000), (3, "ante", 2500)]


@pytest.mark.parametrize("action, message", [
    ({"type": "place_wager", "step": "wagers", "seat": 7, "wager": "ante", "amount": "10"}, "no seat 7"),
    ({"type": "place_wager", "step": "wagers", "seat": 2, "wager": "ante", "amount": "5000"},
     "outside the table's limits"),
    ({"type": "place_wager", "step": "wagers", "seat": 2, "wager": "progressive", "amount": "5"},
     "not a wager this table offers"),
    ({"type": "place_wager", "step": "wagers", "seat": 2, "wager": "ante", "amount": "ten"}, "not an amount"),
    ({"type": "decide", "step": "flop_decision", "seat": 3, "choice": "flop"}, "Not now"),
    ({"type": "close", "step": "close"}, "Not now"),
    ({"type": "cards", "step": "flop", "target": "board", "cards": ["Ah", "Ah", "2c"]}, "Not now"),
])
def test_a_refused_action_changes_nothing(cast, table, action, message):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:3])
    before = snapshot(rnd)
    with pytest.raises(Refused, match=message):
        services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[tablet_action(rnd, action)],
                           expected_seq=rnd.seq)
    assert snapshot(rnd) == before


@pytest.mark.parametrize("action, message", [
    ({"type": "cards", "step": "turn", "target": "board", "cards": ["2s", "2s"]}, "appears twice"),
    ({"type": "cards", "step": "turn", "target": "board", "cards": ["Ah"]}, "already on the table"),
    ({"type": "cards", "step": "turn", "target": "board", "cards": ["Zz"]}, "no rank 'Z'"),
    ({"type": "cards", "step": "turn", "target": "board", "cards": ["2s", "3s"]}, "must be 1 card"),
    ({"type": "decide", "step": "turn_decision", "seat": 1, "choice": "turn", "amount": "20"}, "Not now"),
])
def test_a_refused_card_entry_changes_nothing(cast, table, action, message):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING,
               *REST_OF_ROUND[:2])
    before = snapshot(rnd)
    with pytest.raises(Refused, match=message):
        services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[tablet_action(rnd, action)],
                           expected_seq=rnd.seq)
    assert snapshot(rnd) == before


def test_a_tap_of_several_actions_applies_all_or_none(cast, table):
    rnd = services.round_start(table_id=table.id, user=cast["dealer"])
    good, bad = OPENING[0], {"type": "place_wager", "step": "wagers", "seat": 1, "wager": "bonus", "amount": "500"}
    with pytest.raises(Refused, match="outside the table's limits"):
        services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[good, bad], expected_seq=0)
    assert snapshot(rnd)[0] == 0 and not rnd.wagers.exists()


@pytest.mark.django_db(transaction=True)  # the restart drops the connection, so no wrapping transaction
def test_the_round_resumes_at_the_same_prompt_after_a_restart(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING)
    prompt_before = services.engine_round(rnd).prompt
    connection.close()  # what a server restart leaves: the database and nothing else
    reloaded = Round.objects.get(pk=rnd.id)
    assert services.engine_round(reloaded).prompt == prompt_before
    assert prompt_before.step == "turn_decision" and prompt_before.seat == 1
    play(reloaded, cast["dealer"], *REST_OF_ROUND)
    assert SettlementLine.objects.filter(round=rnd).exists()


def test_a_payout_over_the_threshold_waits_for_a_floorperson(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)
    # Seat 1: Flop $20 + Turn $10 + River $10 at 1 to 1 (§ 647a.12(a)), Ante returned (two pair is
    # below a straight, § 647a.11(h)(2)(ii)), Bonus $5 on ace-king offsuit at 15 to 1 = $75
    # (§ 647a.12(b) Paytable A): $115, over the table's $100 threshold.
    approval = rnd.approvals.get()
    assert (approval.seat, approval.status) == (1, "pending")
    assert "$115.00" in approval.reason
    with pytest.raises(Refused, match="approval is pending"):
        services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[{"type": "close", "step": "close"}],
                           expected_seq=rnd.seq)
    floor_services.approval_decide(approval_id=approval.id, user=cast["floor"], approve=True, note="verified")
    approval.refresh_from_db()
    assert (approval.status, approval.decided_by, approval.note) == ("approved", cast["floor"], "verified")
    # The decision is logged with the step the round was at, like every action.
    assert rnd.events.order_by("seq").last().action == {"type": "approve", "step": "close", "approval": 1,
                                                        "note": "verified"}
    rnd = play(rnd, cast["dealer"], {"type": "close", "step": "close"})
    assert rnd.status == "closed" and rnd.total_paid == 2000 + 1000 + 1000 + 7500 + 5000


def test_an_approval_cannot_be_decided_twice(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)
    approval = rnd.approvals.get()
    floor_services.approval_decide(approval_id=approval.id, user=cast["floor"], approve=True)
    with pytest.raises(Refused, match="already approved"):
        floor_services.approval_decide(approval_id=approval.id, user=cast["super"], approve=False)


def test_a_void_waits_for_a_floorperson_and_returns_every_wager(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:5],
               {"type": "irregularity", "step": "flop_decision", "kind": "wrong_card_count"})
    approval = rnd.approvals.get(kind="void")
    floor_services.approval_decide(approval_id=approval.id, user=cast["floor"], approve=True)
    rnd = play(rnd, cast["dealer"], {"type": "close", "step": "close"})
    assert rnd.status == "void"
    # § 647a.13(c): all wagers returned: seat 1 Ante and Bonus, seat 3 Ante.
    assert sorted(rnd.lines.values_list("seat", "wager", "outcome", "amount")) == [
        (1, "ante", "void", 0), (1, "bonus", "void", 0), (3, "ante", "void", 0)]


def test_the_stub_count_is_due_every_fifth_round(cast, table):
    steps = []
    for _ in range(5):
        rnd = services.round_start(table_id=table.id, user=cast["dealer"])
        state = services.engine_round(rnd)
        steps.append(any(step.id == "stub_count" and step.applies(state) for step in state.steps))
        play(rnd, cast["dealer"], {"type": "place_wager", "step": "wagers", "seat": 2, "wager": "ante", "amount": "5"},
             {"type": "no_more_bets", "step": "wagers"},
             {"type": "irregularity", "step": "deal", "kind": "wrong_card_count"})
        floor_services.approval_decide(approval_id=rnd.approvals.get().id, user=cast["floor"], approve=True)
        play(rnd, cast["dealer"], {"type": "close", "step": "close"})
    # § 647a.8(f): at least once every 5 rounds without a counting shuffler.
    assert steps == [False, False, False, False, True]


def test_a_closing_round_counts_one_more_for_the_stub_unless_it_counted_the_stub(cast, table):
    """§ 647a.8(f): the rounds since the stub was last counted, kept on the table as rounds close.
    Whether the round counted the stub is in its log (a stub count undone still counted it)."""
    Table.objects.filter(pk=table.id).update(rounds_since_stub_count=3)
    dealt = Round.objects.create(table=table, number=1, game=table.game, rules={}, dealer=cast["dealer"])
    deal = {"type": "deal", "step": "deal"}
    services._count_round_for_stub(dealt, SimpleNamespace(log=(deal,)))
    table.refresh_from_db()
    assert table.rounds_since_stub_count == 4
    counted = {"type": "stub_count", "result": "correct"}
    services._count_round_for_stub(dealt, SimpleNamespace(log=(deal, counted, {"type": "undo"})))
    table.refresh_from_db()
    assert table.rounds_since_stub_count == 0


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_tablets_sending_the_same_action_at_once_apply_it_once(cast, table):
    rnd = services.round_start(table_id=table.id, user=cast["dealer"])
    barrier = threading.Barrier(2)
    outcomes = []

    def tap(user):
        try:
            barrier.wait()
            services.round_act(round_id=rnd.id, user=user, actions=[OPENING[0]], expected_seq=0)
            outcomes.append("applied")
        except Refused as refusal:
            outcomes.append(refusal.message)
        finally:
            connection.close()

    threads = [threading.Thread(target=tap, args=(cast[name],)) for name in ("dealer", "dealer2")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert outcomes.count("applied") == 1 and "moved on" in [o for o in outcomes if o != "applied"][0]
    assert RoundEvent.objects.filter(round=rnd).count() == 1
    assert list(Round.objects.get(pk=rnd.id).wagers.values_list("seat", "wager", "amount")) == [(1, "ante", 1000)]
