"""Bad or malformed POSTs get a refusal naming the problem, never a server error, and change nothing."""

import html
import json

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from games.engine.core import Refused
from games.floor import services as floor_services
from games.people import access
from games.table import services
from tests.conftest import OPENING, play
from tests.table.test_round_services import REST_OF_ROUND, snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def awaiting_approval(cast, table):
    """A round whose $115 payout to seat 1 waits for a floorperson."""
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)
    assert rnd.approvals.get().status == "pending"
    return rnd


def decide(client, approval_id, **data):
    return client.post(reverse("approval-decide", args=[approval_id]), data)


def text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("data", [{}, {"decision": "maybe"}, {"decision": "APPROVE"}, {"decision": ""},
                                  {"decision": ["approve", "refuse"]}])
def test_an_approval_needs_an_explicit_decision(client, cast, awaiting_approval, data):
    approval = awaiting_approval.approvals.get()
    before = snapshot(awaiting_approval)
    client.force_login(cast["floor"])
    response = decide(client, approval.id, **data)
    assert response.status_code == 200
    assert "must be approve or refuse" in text(response)
    assert snapshot(awaiting_approval) == before


def test_an_explicit_refusal_still_refuses(client, cast, awaiting_approval):
    client.force_login(cast["floor"])
    decide(client, awaiting_approval.approvals.get().id, decision="refuse")
    assert awaiting_approval.approvals.get().status == "refused"


def test_a_note_over_300_characters_is_refused(client, cast, awaiting_approval):
    client.force_login(cast["floor"])
    before = snapshot(awaiting_approval)
    response = decide(client, awaiting_approval.approvals.get().id, decision="approve", note="n" * 301)
    assert "at most 300" in response.content.decode()
    assert snapshot(awaiting_approval) == before


@pytest.mark.parametrize("source", ["pit", "table"])
def test_an_unknown_approval_is_refused_by_name(client, cast, awaiting_approval, source):
    client.force_login(cast["floor"])
    before = snapshot(awaiting_approval)
    response = decide(client, 987654, decision="approve", **({"from": "table"} if source == "table" else {}))
    assert response.status_code == 200 and "There is no approval 987654" in response.content.decode()
    assert snapshot(awaiting_approval) == before


# -- segregation of duties ----------------------------------------------------------------------

def test_nobody_decides_the_approvals_of_a_round_they_dealt(client, cast, table):
    both = cast["dealer2"]
    both.groups.add(Group.objects.get(name="floorperson"))
    rnd = services.round_start(table_id=table.id, user=cast["dealer"])
    # dealer2 takes one dealer action (seat 1's Ante) in a round dealer started.
    play(rnd, cast["dealer"], *OPENING[:1])
    play(rnd, both, OPENING[1])
    play(rnd, cast["dealer"], *OPENING[2:], *REST_OF_ROUND)
    approval = rnd.approvals.get()
    before = snapshot(rnd)
    client.force_login(both)
    for decision in ("approve", "refuse"):
        response = decide(client, approval.id, decision=decision)
        assert "took a dealer's action in round" in text(response)
    assert snapshot(rnd) == before
    # A floorperson who did not deal decides it.
    floor_services.approval_decide(approval_id=approval.id, user=cast["floor"], approve=True)
    assert rnd.approvals.get().status == "approved"


def test_the_dealer_who_started_the_round_cannot_decide_its_void(cast, table):
    dealer = cast["dealer"]
    dealer.groups.add(Group.objects.get(name="floorperson"))
    rnd = play(services.round_start(table_id=table.id, user=dealer), cast["dealer2"], *OPENING[:5],
               {"type": "irregularity", "step": "flop_decision", "kind": "wrong_card_count"})
    before = snapshot(rnd)
    with pytest.raises(access.NotAllowed, match="dealer's action"):
        floor_services.approval_decide(approval_id=rnd.approvals.get(kind="void").id, user=dealer, approve=True)
    assert snapshot(rnd) == before


# -- the dealer's taps ----------------------------------------------------------------------------

@pytest.fixture
def dealing(client, cast, table):
    client.force_login(cast["dealer"])
    return play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:3])


def act(client, rnd, data):
    return client.post(reverse("round-act", args=[rnd.id]), data)


@pytest.mark.parametrize("data, named", [
    ({"action": json.dumps({"type": "no_more_bets", "step": "wagers"})}, "no sequence number"),
    ({"seq": "3.0", "action": json.dumps({"type": "no_more_bets", "step": "wagers"})}, "seq must be a whole number"),
    ({"seq": " 3", "action": json.dumps({"type": "no_more_bets", "step": "wagers"})}, "seq must be a whole number"),
    ({"seq": "\u0663", "action": json.dumps({"type": "no_more_bets", "step": "wagers"})}, "seq must be a whole number"),
    ({"seq": "3", "action": "{not json"}, "not valid JSON"),
    ({"seq": "3", "action": "[1, 2]"}, "must be a JSON object"),
    ({"seq": "3", "action": '"no_more_bets"'}, "must be a JSON object"),
    ({"seq": "3", "action": "[" * 5000}, "at most 4096"),
    ({"seq": "3", "action": json.dumps({"type": "irregularity", "step": "wagers", "kind": "x"}), "note": "n" * 301},
     "at most 300"),
    ({"seq": "3", "action": json.dumps({"type": "irregularity", "step": "wagers", "kind": ["x"]})},
     "kind must be text"),
    ({"seq": "3", "step": "wagers", "seat": "2", "wager": ["ante"], "amount_ante": "1e999999"}, "not an amount"),
    ({"seq": "3", "step": "wagers", "seat": "2", "wager": ["ante"], "amount_ante": "1,5"}, "not an amount"),
    # One tap's several actions (games/table/shortcuts.py): a list of objects, not too many, all or none.
    ({"seq": "3", "actions": "{not json"}, "actions are not valid JSON"),
    ({"seq": "3", "actions": json.dumps({"type": "no_more_bets", "step": "wagers"})}, "must be a JSON list"),
    ({"seq": "3", "actions": "[1]"}, "must be a JSON list of objects"),
    ({"seq": "3", "actions": "[]"}, "carries no action"),
    ({"seq": "3", "actions": json.dumps([{"type": "no_more_bets", "step": "wagers"}] * 65)}, "at most 64"),
    ({"seq": "3", "actions": "[" * 17000}, "at most 16384"),
    ({"seq": "3", "actions": json.dumps([
        {"type": "place_wager", "step": "wagers", "seat": 2, "wager": "ante", "amount": "10"},
        {"type": "place_wager", "step": "wagers", "seat": 4, "wager": "ante", "amount": "5000"}])},
     "Seat 4's Ante of $5,000.00 is outside the table's limits"),
    ({"seq": "3", "step": "wagers", "seat": "2", "wager": ["ante"], "quick": "ante ten"}, "not an amount"),
])
def test_a_bad_tap_is_refused_by_name_and_changes_nothing(client, dealing, data, named):
    before = snapshot(dealing)
    response = act(client, dealing, data)
    assert response.status_code == 200
    assert named in text(response)
    assert snapshot(dealing) == before


@pytest.mark.parametrize("data, named", [
    ({"seq": "3", "action": json.dumps({"type": "no_more_bets", "step": "wagers", "padding": "x" * 3000})},
     "The no_more_bets action has unknown key 'padding'"),
    ({"seq": "3", "action": json.dumps({"type": "no_more_bets", "step": "wagers", "seq": 3})},
     "The no_more_bets action has unknown key 'seq'"),
    ({"seq": "3", "action": json.dumps({"type": "irregularity", "step": "wagers", "kind": "x" * 3000})},
     "The irregularity action's kind is 3000 characters long; at most 40"),
    ({"seq": "3", "step": "wagers", "seat": "2", "wager": ["ante"], "amount_ante": "1" * 3000},
     "The place_wager action's amount is 3000 characters long; at most 20"),
    ({"seq": "3", "action": json.dumps({"type": "cards", "step": "wagers", "target": "board"}), "cards": "Ah " * 20},
     "The cards action's cards holds 20 cards; at most 12"),
    ({"seq": "3", "action": json.dumps({"type": "no_more_bets"})}, "The no_more_bets action names no step"),
    ({"seq": "3", "seat": "2", "wager": ["ante"], "amount_ante": "10"}, "The place_wager action names no step"),
])
def test_an_action_outside_its_schema_is_refused_by_key_and_the_log_is_unchanged(client, dealing, data, named):
    before = snapshot(dealing)
    response = act(client, dealing, data)
    assert response.status_code == 200
    assert named in text(response)
    assert snapshot(dealing) == before


def test_a_request_with_too_many_fields_is_refused(client, dealing, settings):
    before = snapshot(dealing)
    fields = {f"f{n}": "1" for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1)}
    response = act(client, dealing, {"seq": "3", "action": json.dumps(OPENING[3]), **fields})
    assert response.status_code == 400
    assert snapshot(dealing) == before


def test_a_request_body_over_the_limit_is_refused(client, dealing, settings):
    before = snapshot(dealing)
    response = act(client, dealing, {"seq": "3", "cards": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)})
    assert response.status_code == 400
    assert snapshot(dealing) == before


def test_the_services_refuse_a_dealer_action_without_a_sequence_number(cast, dealing):
    before = snapshot(dealing)
    with pytest.raises(Refused, match="no sequence number"):
        services.round_act(round_id=dealing.id, user=cast["dealer"],
                           actions=[{"type": "no_more_bets", "step": "wagers"}], expected_seq=None)
    assert snapshot(dealing) == before


def test_a_403_is_logged_as_a_security_event(client, cast, table, caplog):
    client.force_login(cast["dealer"])
    assert client.get(reverse("pit")).status_code == 403
    (record,) = [json.loads(r.getMessage()) for r in caplog.records if r.name == "dealer_assist.security"]
    assert record == {"event": "role_refused", "user": "dealer", "address": "127.0.0.1", "path": "/pit/",
                      "needs": ["floorperson", "supervisor"]}


def test_ids_beyond_any_row_are_not_found_rather_than_errors(client, cast, awaiting_approval):
    client.force_login(cast["floor"])
    huge = "9" * 30
    assert client.post(f"/rounds/{huge}/act/", {"seq": "0"}).status_code == 404
    response = client.post(f"/approvals/{huge}/decide/", {"decision": "approve"})
    assert response.status_code == 200 and f"There is no approval {huge}" in text(response)


def test_a_403_is_logged_once_without_a_traceback(client, cast, caplog):
    client.force_login(cast["dealer"])
    assert client.get(reverse("pit")).status_code == 403
    assert [(r.name, r.exc_info is None) for r in caplog.records if r.levelname == "WARNING"] == [
        ("dealer_assist.security", True)]
    # Other refusals Django logs are kept: a page that does not exist.
    assert client.get("/no-such-page/").status_code == 404
    assert any(r.name == "django.request" and "/no-such-page/" in r.getMessage() for r in caplog.records)


# -- a field sent twice ---------------------------------------------------------------------------------

@pytest.mark.parametrize("data", [
    {"seq": ["3", "4"], "action": json.dumps({"type": "no_more_bets", "step": "wagers"})},
    {"seq": ["4", "3"], "action": json.dumps({"type": "no_more_bets", "step": "wagers"})},
    {"seq": ["3", "3"], "action": json.dumps({"type": "no_more_bets", "step": "wagers"})},
])
def test_a_tap_sending_its_sequence_number_twice_is_refused(client, dealing, data):
    # Which screen the tap was decided on is unknown: neither number is taken (as a decision sent twice).
    before = snapshot(dealing)
    response = act(client, dealing, data)
    assert response.status_code == 200
    assert "The field seq was sent 2 times" in text(response)
    assert snapshot(dealing) == before


def test_an_action_repeating_a_key_is_refused(client, dealing):
    before = snapshot(dealing)
    response = act(client, dealing, {"seq": "3", "action": '{"type": "no_more_bets", "step": "x", "step": "wagers"}'})
    assert "The key 'step' is given more than once" in text(response)
    assert snapshot(dealing) == before


# -- a tap that stood, whose answer the database could not draw ---------------------------------------------

def test_a_tap_committed_before_the_database_failed_is_answered_as_recorded(client, dealing, monkeypatch):
    from django.db import OperationalError

    from games.table import views

    def database_gone(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(views, "fragment_response", database_gone)  # the screen is drawn after the commit
    response = act(client, dealing, {"seq": "3", "action": json.dumps(OPENING[3])})
    assert response.status_code == 200
    body = response.content.decode()
    assert f'data-seq="4" data-round="{dealing.id}" data-status="open"' in body
    assert "Recorded: this tap is entry 4 of round 1" in body
    assert f'hx-get="{reverse("table-state", args=[dealing.table_id])}"' in body
    dealing.refresh_from_db()
    assert dealing.seq == 4


def test_a_tap_whose_commit_the_database_did_not_confirm_tells_the_tablet_to_check(client, dealing, monkeypatch):
    from django.db import OperationalError

    from games.table import views

    def lost(**kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(views.services, "round_act", lost)
    response = act(client, dealing, {"seq": "3", "action": json.dumps(OPENING[3])})
    assert response.status_code == 503 and response["Retry-After"] == "2"
    assert "may or may not have been recorded. Check the round" in response.content.decode()
