"""The dealer's Undo takes back their whole last tap: a seat's form that placed two wagers, "all seats
as last round", one choice for every seat.  The undos go as one tap (all or none), each an event of
the log checked by the engine's rules as a single undo is; a tap of one entry is offered as before."""

import json
import re

import pytest
from django.urls import reverse

from games.engine.core import Refused
from games.floor import services as floor_services
from games.models import AuditEntry, Round, RoundEvent, Wager
from games.table import selectors, services
from tests.conftest import OPENING, REST_OF_ROUND, play, tablet_action
from tests.test_pages import ROUND_END

pytestmark = pytest.mark.django_db


def placed(rnd):
    return {(w.seat, w.wager): w.amount for w in Wager.objects.filter(round=rnd)}


def undo_form(page):
    """The Undo form's button words, and the actions it sends (one action or a list)."""
    form = re.search(r'<form class="undo".*?</form>', page, re.S)
    if form is None:
        return None, None
    sent = re.search(r'name="(actions?)" value="([^"]*)"', form[0])
    actions = json.loads(sent[2].replace("&quot;", '"'))
    words = re.search(r"<button[^>]*>([^<]*)</button>", form[0])[1].replace("&#x27;", "'")
    return words, actions if sent[1] == "actions" else [actions]


def act(client, rnd, data):
    rnd.refresh_from_db()
    return client.post(reverse("round-act", args=[rnd.id]), {"seq": rnd.seq, **data}).content.decode()


def seat_form(seat, **amounts):
    """A seat's wager form as the tablet posts it."""
    return {"step": "wagers", "seat": seat, "wager": ["ante", "bonus"],
            **{f"amount_{wager}": amount for wager, amount in amounts.items()}}


def test_a_seat_form_that_placed_two_wagers_is_undone_whole(client, cast, table):
    client.force_login(cast["dealer"])
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:3])
    act(client, rnd, seat_form(2, ante="10", bonus="5"))
    assert placed(rnd)[(2, "ante")] == 1000 and placed(rnd)[(2, "bonus")] == 500
    page = client.get(reverse("table", args=[table.id])).content.decode()
    words, undos = undo_form(page)
    assert words == "Undo: seat 2's Ante $10 and Texas Hold 'Em Bonus Wager $5"
    assert undos == [{"type": "undo", "step": "wagers"}] * 2
    rnd.refresh_from_db()
    seq = rnd.seq
    page = act(client, rnd, {"actions": json.dumps(undos)})
    rnd.refresh_from_db()
    # Both wagers gone, as two undo events of one tap (one time, one actor), each audited.
    assert placed(rnd) == {(1, "ante"): 1000, (1, "bonus"): 500, (3, "ante"): 2500}
    events = list(RoundEvent.objects.filter(round=rnd, seq__gt=seq).order_by("seq"))
    assert [e.action["type"] for e in events] == ["undo", "undo"] and rnd.seq == seq + 2
    assert len({(e.created_at, e.actor_id, e.role) for e in events}) == 1
    assert AuditEntry.objects.filter(kind="correction", object_id=rnd.id).count() == 2
    # The next Undo is the tap before: seat 3's Ante, a tap of its own.
    words, undos = undo_form(page)
    assert words == "Undo: seat 3's Ante $25"
    assert undos == [{"type": "undo", "step": "wagers"}]


def test_all_seats_as_last_round_is_undone_whole(client, cast, table):
    play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *ROUND_END)
    client.force_login(cast["dealer"])
    client.post(reverse("round-start", args=[table.id]))
    second = table.rounds.get(number=2)
    second = play(second, cast["dealer"], {"type": "place_wager", "seat": 6, "wager": "ante", "amount": "15"})
    page = client.get(reverse("table", args=[table.id])).content.decode()
    repeat_all = re.search(r'<form class="repeat-all".*?name="actions" value="([^"]*)"', page, re.S)[1]
    act(client, second, {"actions": repeat_all.replace("&quot;", '"')})
    assert placed(second) == {(1, "ante"): 1000, (1, "bonus"): 500, (3, "ante"): 2500, (6, "ante"): 1500}
    words, undos = undo_form(client.get(reverse("table", args=[table.id])).content.decode())
    assert words == "Undo: wagers of seats 1, 3 ($40 in all)"
    assert len(undos) == 3  # seat 1's Ante and Bonus, seat 3's Ante
    act(client, second, {"actions": json.dumps(undos)})
    assert placed(second) == {(6, "ante"): 1500}  # as before the tap: seat 6's own wager stays
    second.refresh_from_db()
    state = services.engine_round(second)
    assert [a["seat"] for a in state.standing()] == [6]


def test_a_tap_of_one_entry_is_undone_as_before(client, cast, table):
    client.force_login(cast["dealer"])
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:7])
    words, undos = undo_form(client.get(reverse("table", args=[table.id])).content.decode())
    assert words == "Undo: seat 3's Flop Wager"
    assert undos == [{"type": "undo", "step": "flop"}]  # the last decision moved the round on to the flop
    page = act(client, rnd, {"action": json.dumps(undos[0])})
    assert placed(rnd)[(1, "flop")] == 2000 and (3, "flop") not in placed(rnd)
    # Only that entry: seat 1's Flop Wager, the tap before, is offered next on its own.
    assert undo_form(page)[0] == "Undo: seat 1's Flop Wager"


def test_one_choice_for_every_seat_is_undone_whole_across_the_step_it_ended(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING)
    checks = [tablet_action(rnd, {"type": "decide", "seat": seat, "choice": "check"}) for seat in (1, 3)]
    rnd = services.round_act(round_id=rnd.id, user=cast["dealer"], actions=checks, expected_seq=rnd.seq)
    assert services.engine_round(rnd).current_step().id == "turn"  # the last check ended the decisions
    offer = selectors.table_context(table)["undo"]
    assert offer.text == "seats 1, 3's Check instead of a Turn Wager" and not offer.kept
    # Each undo names the step the round is at when it is applied.
    assert offer.actions == [{"type": "undo", "step": "turn"}, {"type": "undo", "step": "turn_decision"}]
    rnd = services.round_act(round_id=rnd.id, user=cast["dealer"], actions=offer.actions, expected_seq=rnd.seq)
    state = services.engine_round(rnd)
    assert state.prompt.step == "turn_decision" and state.prompt.seat == 1
    assert not any("turn_decision" in seat.decisions for seat in state.seats.values())


def test_a_refused_undo_changes_nothing(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING)
    checks = [tablet_action(rnd, {"type": "decide", "seat": seat, "choice": "check"}) for seat in (1, 3)]
    rnd = services.round_act(round_id=rnd.id, user=cast["dealer"], actions=checks, expected_seq=rnd.seq)
    seq, events = rnd.seq, RoundEvent.objects.filter(round=rnd).count()
    # The second undo names the step the screen showed, not the one the first undo goes back to:
    # refused, and the first is not kept either.
    stale = [{"type": "undo", "step": "turn"}, {"type": "undo", "step": "turn"}]
    with pytest.raises(Refused, match="decided on the turn step, but the round is at turn_decision"):
        services.round_act(round_id=rnd.id, user=cast["dealer"], actions=stale, expected_seq=seq)
    # The offer, sent after the round moved on (another tablet's tap): refused as stale.
    offer = selectors.table_context(table)["undo"]
    with pytest.raises(Refused, match="has moved on"):
        services.round_act(round_id=rnd.id, user=cast["dealer"], actions=offer.actions, expected_seq=seq - 1)
    rnd.refresh_from_db()
    assert rnd.seq == seq and RoundEvent.objects.filter(round=rnd).count() == events
    state = services.engine_round(rnd)
    assert state.current_step().id == "turn"
    assert [seat.decisions.get("turn_decision") for seat in state.seats.values()] == ["check", "check"]


def test_only_what_may_still_be_undone_is_offered_and_the_rest_is_named(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:5])
    # One tap: seat 1 folds (its Ante and Bonus are settled), seat 3 makes its Flop Wager.
    tap = [tablet_action(rnd, {"type": "decide", "seat": 1, "choice": "fold"}),
           {"type": "decide", "step": "flop_decision", "seat": 3, "choice": "flop"}]
    rnd = services.round_act(round_id=rnd.id, user=cast["dealer"], actions=tap, expected_seq=rnd.seq)
    offer = selectors.table_context(table)["undo"]
    assert offer.actions == [{"type": "undo", "step": "flop"}]
    assert offer.text == "seat 3's Flop Wager"
    assert offer.kept.startswith("Only the latest 1 of that tap's 2 entries can be undone: seat 1's Fold instead of "
                                 "a Flop Wager stays. The last entry (seat 1's Fold instead of a Flop Wager) settled "
                                 "wagers or asked for a floorperson")
    with pytest.raises(Refused, match="settled wagers or asked for a floorperson"):
        services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[*offer.actions, offer.actions[0] | {
            "step": "flop_decision"}], expected_seq=rnd.seq)
    rnd = services.round_act(round_id=rnd.id, user=cast["dealer"], actions=offer.actions, expected_seq=rnd.seq)
    assert (3, "flop") not in placed(rnd) and services.engine_round(rnd).prompt.seat == 3
    assert selectors.table_context(table)["undo"] is None  # seat 1's fold stays: a floorperson corrects it


def test_a_floorpersons_decision_is_not_undone_by_the_dealer(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)
    floor_services.approval_decide(approval_id=rnd.approvals.get().id, user=cast["floor"], approve=True)
    assert selectors.table_context(table)["undo"] is None


def test_the_totals_after_an_undone_tap_are_those_of_the_round_without_it(client, cast, table):
    client.force_login(cast["dealer"])
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:3])
    act(client, rnd, seat_form(5, ante="20", bonus="10"))
    act(client, rnd, {"actions": json.dumps(undo_form(client.get(reverse("table", args=[table.id])).content
                                                      .decode())[1])})
    rnd = play(rnd, cast["dealer"], *OPENING[3:], *REST_OF_ROUND)
    floor_services.approval_decide(approval_id=rnd.approvals.get().id, user=cast["floor"], approve=True)
    rnd = play(rnd, cast["dealer"], {"type": "close", "step": "close"})
    # By hand: seat 1 wins its Flop $20, Turn $10 and River $10 at 1 to 1 and its $5 Bonus on ace-king
    # offsuit at 15 to 1 ($75), its Ante returned; seat 3's three aces win its $50 Flop Wager, its Ante
    # returned.  Seat 5, undone, is in none of it: $165 paid, nothing collected.
    assert rnd.status == Round.Status.CLOSED
    assert (rnd.total_paid, rnd.total_collected) == (20_00 + 10_00 + 10_00 + 75_00 + 50_00, 0)
    assert {seat for seat, _ in placed(rnd)} == {1, 3}
    assert not rnd.lines.filter(seat=5).exists()
    # The round's page rebuilds the hand from the log, the undone tap and its undos in it.
    client.force_login(cast["super"])
    page = client.get(reverse("round-detail", args=[rnd.id])).content.decode()
    assert page.count("Undo: the last entry taken back") == 2


def test_the_render_after_a_tap_offers_its_undo_without_reading_the_log(cast, table, renders,
                                                                       django_capture_on_commit_callbacks):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.table import push

    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:1])
    wagers = [{"type": "place_wager", "step": "wagers", "seat": 2, "wager": "ante", "amount": "10"},
              {"type": "place_wager", "step": "wagers", "seat": 2, "wager": "bonus", "amount": "5"}]
    # The render runs when the tap commits.
    with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_act(round_id=rnd.id, user=cast["dealer"], actions=wagers, expected_seq=rnd.seq)
    assert renders["table"] == 1
    # (The round's log is replayed once here, as no state of it was cached; its times are not read.)
    assert not [q["sql"] for q in queries.captured_queries
                if q["sql"].startswith("SELECT") and '"games_roundevent"."created_at"' in q["sql"]]
    words, undos = undo_form(push.cache.get(push.table_key(table.id))["html"]["dealer"])
    assert words == "Undo: seat 2's Ante $10 and Texas Hold 'Em Bonus Wager $5" and len(undos) == 2
    # After the undos the last tap standing is an earlier one: its events are read to find it.
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_act(round_id=rnd.id, user=cast["dealer"], actions=undos, expected_seq=rnd.seq)
    words, undos = undo_form(push.cache.get(push.table_key(table.id))["html"]["dealer"])
    assert words == "Undo: seat 1's Ante $10" and len(undos) == 1
