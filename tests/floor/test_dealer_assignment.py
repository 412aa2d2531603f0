"""Dealers are assigned to tables, by a supervisor or by signing in at the table, and a dealer acts
only at the table they are assigned to; floorpersons and supervisors are unaffected."""

import html
import io
import json

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.urls import reverse

from games.floor import services as floor_services
from games.models import DealerAssignment, Round, Table
from games.people import access
from games.table import services
from tests.conftest import OPENING, REST_OF_ROUND, deal_at, play
from tests.table.test_round_services import snapshot
from tests.table.test_table_consumer import connect

pytestmark = pytest.mark.django_db


@pytest.fixture
def other_table(cast):
    """Table TH-8, where dealer2 alone is signed in (the cast's dealer is at TH-9)."""
    other = Table.objects.create(name="TH-8", game="texas-holdem-bonus", rules={"bonus_paytable": "A"})
    deal_at(other, cast["dealer2"])
    return other


def text(response) -> str:
    return html.unescape(response.content.decode())


def current_table(user) -> str | None:
    assignment = DealerAssignment.objects.filter(dealer=user, ended_at__isnull=True).select_related("table").first()
    return assignment.table.name if assignment else None


def security_events(caplog, *names) -> list[dict]:
    return [r.security for r in caplog.records if r.name == "dealer_assist.security" and r.security["event"] in names]


# -- a dealer acts only at their table ------------------------------------------------------------------

def test_a_dealer_cannot_start_a_round_at_another_table(client, cast, table, other_table, caplog):
    client.force_login(cast["dealer"])
    response = client.post(reverse("round-start", args=[other_table.id]))
    assert ("You are assigned to table TH-9, not TH-8: tap \"I'm dealing this table\" on table TH-8's page to move, "
            "or ask a supervisor") in text(response)
    assert not Round.objects.filter(table=other_table).exists()
    [refused] = security_events(caplog, "role_refused")
    assert refused["user"] == "dealer" and "not TH-8" in refused["reason"]


def test_a_dealer_cannot_act_in_a_round_at_another_table(client, cast, table, other_table):
    rnd = play(services.round_start(table_id=other_table.id, user=cast["dealer2"]), cast["dealer2"], *OPENING[:2])
    before = snapshot(rnd)
    client.force_login(cast["dealer"])
    response = client.post(reverse("round-act", args=[rnd.id]), {"seq": rnd.seq, "action": json.dumps(OPENING[2])})
    assert "You are assigned to table TH-9, not TH-8" in text(response)
    assert snapshot(rnd) == before


@pytest.mark.django_db(transaction=True)
async def test_a_dealer_cannot_act_over_a_socket_at_another_table(cast, table, other_table):
    rnd = await sync_to_async(services.round_start)(table_id=other_table.id, user=cast["dealer2"])
    tablet, connected = await connect(f"/ws/tables/{other_table.id}/", cast["dealer"])  # watching is allowed
    assert connected
    await tablet.receive_from(timeout=5)
    await tablet.send_to(text_data=json.dumps({"round": rnd.id, "seq": 0, "action": OPENING[0]}))
    answer = json.loads(await tablet.receive_from(timeout=5))
    assert answer["refused"].startswith("You are assigned to table TH-9, not TH-8")
    assert await sync_to_async(lambda: Round.objects.get(pk=rnd.id).events.count())() == 0
    # Dealer2, assigned there, deals on the same socket path.
    own, _ = await connect(f"/ws/tables/{other_table.id}/", cast["dealer2"])
    await own.receive_from(timeout=5)
    await own.send_to(text_data=json.dumps({"round": rnd.id, "seq": 0, "action": OPENING[0]}))
    assert 'data-seq="1"' in await own.receive_from(timeout=5)
    await tablet.disconnect()
    await own.disconnect()


def test_a_dealer_assigned_nowhere_is_told_how_to_sign_in(cast, table):
    newcomer = User.objects.create_user("dealer3", password="pw")  # noqa: S106
    newcomer.groups.add(Group.objects.get(name="dealer"))
    with pytest.raises(access.NotAllowed, match="You are not assigned to a table: tap \"I'm dealing this table\""):
        services.round_start(table_id=table.id, user=newcomer)
    assert not Round.objects.exists()


def test_floorpersons_and_supervisors_are_not_assigned_to_decide(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)
    assert current_table(cast["floor"]) is None
    floor_services.approval_decide(approval_id=rnd.approvals.get().id, user=cast["floor"], approve=True)
    assert rnd.approvals.get().status == "approved"


# -- signing in at a table ------------------------------------------------------------------------------

def test_signing_in_at_a_table_moves_the_dealers_assignment(client, cast, table, other_table, caplog,
                                                            django_capture_on_commit_callbacks):
    client.force_login(cast["dealer"])
    page = text(client.get(reverse("table", args=[other_table.id])))
    assert "You are assigned to table TH-9: you can act only there." in page and "I'm dealing this table" in page
    with django_capture_on_commit_callbacks(execute=True):  # the change is logged once it commits
        bar = text(client.post(reverse("dealer-sign-in", args=[other_table.id])))
    assert "You are dealing this table." in bar and "I'm dealing this table" not in bar

    assert current_table(cast["dealer"]) == "TH-8"
    ended = DealerAssignment.objects.get(dealer=cast["dealer"], table=table)
    assert ended.ended_at is not None and ended.ended_by == cast["dealer"]
    assert current_table(cast["dealer2"]) == "TH-8"  # a table may have more than one dealer (a relief)
    assert [(e["event"], e["table"], e["dealer"], e["how"]) for e in
            security_events(caplog, "dealer_assigned", "dealer_unassigned")] == [
        ("dealer_unassigned", "TH-9", "dealer", "signed_in"), ("dealer_assigned", "TH-8", "dealer", "signed_in")]

    # Now the dealer deals at TH-8, and no longer at TH-9.
    client.post(reverse("round-start", args=[other_table.id]))
    assert Round.objects.filter(table=other_table).count() == 1
    refused = client.post(reverse("round-start", args=[table.id]))
    assert "You are assigned to table TH-8, not TH-9" in text(refused)
    assert not Round.objects.filter(table=table).exists()


def test_signing_in_again_at_the_same_table_changes_nothing(cast, table):
    first = DealerAssignment.objects.get(dealer=cast["dealer"], ended_at__isnull=True)
    again = floor_services.dealer_sign_in(table_id=table.id, user=cast["dealer"])
    assert again.pk == first.pk and DealerAssignment.objects.filter(dealer=cast["dealer"]).count() == 1


@pytest.mark.parametrize("who", ["floor", "super"])
def test_only_a_dealer_signs_in_to_deal(client, cast, table, who):
    client.force_login(cast[who])
    assert client.post(reverse("dealer-sign-in", args=[table.id])).status_code == 403
    assert "I'm dealing this table" not in text(client.get(reverse("table", args=[table.id])))
    assert not DealerAssignment.objects.filter(dealer=cast[who]).exists()


# -- a supervisor assigns ---------------------------------------------------------------------------------

def test_a_supervisor_assigns_a_dealer_to_a_table_and_ends_an_assignment(client, cast, table, other_table, caplog,
                                                                        django_capture_on_commit_callbacks):
    client.force_login(cast["super"])
    assert "Dealers at tables" in text(client.get(reverse("home")))
    with django_capture_on_commit_callbacks(execute=True):  # the change is logged once it commits
        response = client.post(reverse("dealer-assignments"), {"dealer": cast["dealer"].id,
                                                               "table": other_table.id})
    assert response.status_code == 200 and "dealer is assigned to table TH-8" in text(response)
    assert current_table(cast["dealer"]) == "TH-8"
    assert [(e["event"], e["user"], e["table"], e["how"]) for e in
            security_events(caplog, "dealer_assigned", "dealer_unassigned")] == [
        ("dealer_unassigned", "super", "TH-9", "assigned"), ("dealer_assigned", "super", "TH-8", "assigned")]

    ended = client.post(reverse("dealer-assignments"), {"dealer": cast["dealer2"].id, "table": ""})
    assert "The assignment is ended" in text(ended) and current_table(cast["dealer2"]) is None
    with pytest.raises(access.NotAllowed, match="You are not assigned to a table"):
        services.round_start(table_id=other_table.id, user=cast["dealer2"])

    # The page lists who is where, and the changes: who assigned whom where, and when it ended.
    page = text(client.get(reverse("dealer-assignments")))
    changes = page.split('<table class="assignment-changes">')[1]
    assert changes.count("<tr><td>dealer</td><td>TH-8</td>") == 1
    assert changes.count("<tr><td>dealer</td><td>TH-9</td>") == 1 and "super (assigned by a supervisor)" in changes
    assert changes.count("<tr><td>dealer2</td>") == 2  # signed in at TH-9 and TH-8 (both now ended)


@pytest.mark.parametrize("who", ["dealer", "floor"])
def test_only_a_supervisor_or_an_administrator_assigns_dealers(client, cast, table, other_table, who):
    client.force_login(cast[who])
    assert client.get(reverse("dealer-assignments")).status_code == 403
    response = client.post(reverse("dealer-assignments"), {"dealer": cast["dealer"].id, "table": other_table.id})
    assert response.status_code == 403 and current_table(cast["dealer"]) == "TH-9"
    with pytest.raises(access.NotAllowed, match="Only a supervisor or an administrator can assign dealers to tables"):
        floor_services.dealer_assign(dealer_id=cast["dealer"].id, table_id=other_table.id, user=cast[who])
    assert current_table(cast["dealer"]) == "TH-9"


@pytest.mark.parametrize("form, message", [
    (lambda cast, table: {"dealer": cast["floor"].id, "table": table.id}, "floor does not hold the dealer role"),
    (lambda cast, table: {"dealer": 987654, "table": table.id}, "User 987654 is not an active dealer"),
    (lambda cast, table: {"dealer": cast["dealer"].id, "table": 987654}, "There is no table 987654"),
    (lambda cast, table: {"dealer": "1.5", "table": table.id}, "dealer must be a whole number in digits 0-9"),
])
def test_an_assignment_the_supervisor_cannot_make_is_refused_by_name(client, cast, table, form, message):
    client.force_login(cast["super"])
    before = list(DealerAssignment.objects.values_list("id", "ended_at"))
    response = client.post(reverse("dealer-assignments"), form(cast, table))
    assert response.status_code == 400 and message in text(response)
    assert list(DealerAssignment.objects.values_list("id", "ended_at")) == before


def test_the_demo_dealers_can_deal_their_demo_tables_out_of_the_box(db):
    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    assert "dealer at TH-1, dealer2 at TH-2" in out.getvalue()
    dealer = User.objects.get(username="dealer")
    assert services.round_start(table_id=Table.objects.get(name="TH-1").id, user=dealer).number == 1
    call_command("seed_demo", stdout=out)  # run again: nobody moves
    assert DealerAssignment.objects.filter(dealer=dealer).count() == 1


def test_assignment_events_carry_the_address_they_came_from(client, cast, table, other_table, caplog,
                                                            django_capture_on_commit_callbacks):
    client.force_login(cast["dealer"])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("dealer-sign-in", args=[other_table.id]), REMOTE_ADDR="10.1.2.3")
    client.force_login(cast["super"])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("dealer-assignments"), {"dealer": cast["dealer2"].id, "table": ""},
                    REMOTE_ADDR="10.1.2.4")
    assert [(e["event"], e["dealer"], e["address"]) for e in
            security_events(caplog, "dealer_assigned", "dealer_unassigned")] == [
        ("dealer_unassigned", "dealer", "10.1.2.3"), ("dealer_assigned", "dealer", "10.1.2.3"),
        ("dealer_unassigned", "dealer2", "10.1.2.4")]
