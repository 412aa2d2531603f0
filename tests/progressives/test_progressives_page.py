"""The supervisor's progressive meters page, the meter's ledger page, the meters on the tablets and
the pit, and the read-only admin of meters (§ 605a.7, § 605a.8)."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from games.models import Link, Meter, MeterEntry
from tests.progressives.progressive_play import linked_tables, thb_table

pytestmark = pytest.mark.django_db


def post(client, **fields):
    return client.post(reverse("progressives"), fields)


def test_a_supervisor_sets_up_a_link_its_meter_and_its_tables_on_the_page(client, cast):
    table = thb_table("TH-1")
    client.force_login(cast["super"])
    assert "New link" in client.get(reverse("progressives")).content.decode()
    post(client, op="link_create", name="HOLDEM")
    link = Link.objects.get(name="HOLDEM")
    post(client, op="link_add_table", link=link.id, table=table.id)
    page = post(client, op="meter_create", name="HOLDEM-JACKPOT", owner=f"link:{link.id}",
                wager="texas-holdem-bonus:progressive", tier="", seed="10000", reset="10000", rate="10",
                reserve_rate="0", wager_amount="5").content.decode()
    assert "Meter HOLDEM-JACKPOT created" in page
    post(client, op="link_up", link=link.id)
    link.refresh_from_db()
    assert link.operating and Meter.objects.get().amount == 10_000_00


def test_a_refused_change_says_why_and_changes_nothing(client, cast):
    _, meter, _ = linked_tables(cast["super"], "TH-1")
    client.force_login(cast["super"])
    page = post(client, op="meter_configure", meter=meter.id, reset="20000", rate="12").content.decode()
    assert "its progressive parameters cannot change until it is taken down — § 605a.8(b)(4)" in page
    meter.refresh_from_db()
    assert (meter.reset_amount, meter.rate) == (10_000_00, 10)
    page = post(client, op="meter_configure", meter=99999, reset="1", rate="1").content.decode()
    assert "does not exist" in page


def test_only_a_supervisor_opens_the_page(client, cast):
    client.force_login(cast["floor"])
    assert client.get(reverse("progressives")).status_code == 403
    assert client.post(reverse("progressives"), {"op": "link_create", "name": "X"}).status_code == 403
    assert not Link.objects.exists()


def test_the_ledger_page_shows_every_entry_and_that_it_adds_up(client, cast):
    _, meter, _ = linked_tables(cast["super"], "TH-1")
    client.force_login(cast["floor"])
    page = client.get(reverse("meter-ledger", args=[meter.id])).content.decode()
    assert "exactly the sum of its ledger (1 entries)" in page and "initial amount $10,000.00" in page


def test_the_meter_is_on_the_tables_tablets_and_in_the_pit(client, cast):
    _, meter, (table, other) = linked_tables(cast["super"], "TH-1", "TH-2")
    client.force_login(cast["dealer"])
    for shown in (table, other):
        page = client.get(reverse("table", args=[shown.id])).content.decode()
        assert f'id="meter-{meter.id}"' in page and "$10,000.00" in page
    client.force_login(cast["floor"])
    assert f'id="meter-{meter.id}"' in client.get(reverse("pit")).content.decode()
    lone = thb_table("TH-3")
    client.force_login(cast["dealer"])
    assert 'class="meter"' not in client.get(reverse("table", args=[lone.id])).content.decode()


@pytest.mark.parametrize("model", [Link, Meter, MeterEntry])
def test_the_admin_shows_meters_but_never_changes_them(client, cast, model):
    linked_tables(cast["super"], "TH-1")
    client.force_login(User.objects.create_superuser("boss", password="pw"))
    obj = model.objects.first()
    name = f"admin:games_{model._meta.model_name}"
    assert client.get(reverse(f"{name}_changelist")).status_code == 200
    assert client.get(reverse(f"{name}_change", args=[obj.pk])).status_code == 200
    assert client.post(reverse(f"{name}_add"), {}).status_code == 403
    assert client.post(reverse(f"{name}_delete", args=[obj.pk]), {"post": "yes"}).status_code == 403
    assert model.objects.filter(pk=obj.pk).exists()
