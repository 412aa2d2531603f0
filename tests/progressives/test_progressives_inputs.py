"""Bad input on the progressives page: every form's fields are read by the shared readers
(games.table.inputs), so a garbled direction, a control character, an amount that is not one or a
rate no decimal holds is refused by the field's name, and nothing is written."""

import pytest
from django.urls import reverse

from games.models import AuditEntry, Link, Meter, MeterEntry
from tests.progressives.progressive_play import linked_tables, thb_table

pytestmark = pytest.mark.django_db

NOTE = "meter board reset itself after a power cut at 02:10"  # over the 20 characters § 605a.7(d)(3) asks


def written():
    """Everything a change on the page could write."""
    return (list(MeterEntry.objects.order_by("id").values_list("id", "amount")),
            list(Meter.objects.order_by("id").values_list("id", "amount", "reset_amount", "rate", "reserve_rate")),
            list(Link.objects.order_by("id").values_list("id", "name", "operating", "down_reason")),
            AuditEntry.objects.count())


@pytest.fixture
def page(client, cast):
    link, meter, tables = linked_tables(cast["super"], "TH-1")
    client.force_login(cast["super"])

    def post(**fields):
        before = written()
        response = client.post(reverse("progressives"), fields)
        assert response.status_code == 200
        text = response.content.decode()
        return text, written() == before

    post.link, post.meter, post.table = link, meter, tables[0]
    return post


@pytest.mark.parametrize("direction", ["sideways", "OFF", "", None, ["on", "off"]])
def test_a_correction_with_a_garbled_or_missing_direction_is_refused(page, direction):
    fields = {"op": "meter_correct", "meter": page.meter.id, "amount": "50", "note": NOTE}
    if direction is not None:
        fields["direction"] = direction
    text, unchanged = page(**fields)
    assert "The correction&#x27;s direction must be on or off" in text and "nothing was done" in text
    assert unchanged


def test_a_correction_in_either_named_direction_is_recorded(page):
    # $10,000.00 on the meter; $50.00 off, then $20.00 back on: $9,970.00.
    page(op="meter_correct", meter=page.meter.id, amount="50", note=NOTE, direction="off")
    page(op="meter_correct", meter=page.meter.id, amount="20", note=NOTE, direction="on")
    assert Meter.objects.get().amount == 9_970_00


def other_meter(page):
    from games.progressives import services as progressives

    lone = thb_table("TH-2")
    return progressives.meter_create(user=page.meter.link.changed_by, name="TH-2-METER", game="texas-holdem-bonus",
                                     wager="progressive", table_id=lone.id, seed="10000", reset="10000", rate="10",
                                     reserve_rate="0", wager_amount="5.00")


@pytest.mark.parametrize("case, fields, named", [
    ("a NUL in a correction's note", {"op": "meter_correct", "direction": "on", "amount": "5", "note": "a\x00" + NOTE},
     "The written explanation contains a control character"),
    ("an escape in a correction's note", {"op": "meter_correct", "direction": "on", "amount": "5",
                                         "note": NOTE + "\x1b[31m"}, "The written explanation contains a control"),
    ("a bell in a correction's note", {"op": "meter_correct", "direction": "on", "amount": "5", "note": NOTE + "\x07"},
     "The written explanation contains a control"),
    ("a NUL in a transfer's note", {"op": "meter_transfer", "to": "OTHER", "amount": "5", "note": NOTE + "\x00"},
     "The written approval contains a control character"),
    ("a NUL in a link-down reason", {"op": "link_down", "reason": "power\x00cut"},
     "The reason the link is down contains a control character"),
    ("a 5,000-character link-down reason", {"op": "link_down", "reason": "r" * 5000},
     "The reason the link is down is 5000 characters long; at most 300 are accepted"),
    ("a NUL in a link's name", {"op": "link_create", "name": "LINK\x00"}, "The link&#x27;s name contains a control"),
    ("a line break in a link's name", {"op": "link_create", "name": "LI\nNK"},
     "The link&#x27;s name contains a control"),
    ("a line break in a meter's name", {"op": "meter_create", "name": "M\nX", "owner": "TABLE", "seed": "100",
                                        "wager": "texas-holdem-bonus:progressive", "reset": "100", "rate": "10",
                                        "wager_amount": "5"}, "The meter&#x27;s name contains a control"),
    ("a rate of 1e400", {"op": "meter_configure", "reset": "10000", "rate": "1e400"},
     "The rate of progression must be a percentage like 21 or 7.5, not &#x27;1e400&#x27;"),
    ("a reserve rate of 1e400", {"op": "meter_configure", "reset": "10000", "rate": "10", "reserve_rate": "1e400"},
     "The reserve rate must be a percentage like 21 or 7.5"),
    ("a rate of NaN", {"op": "meter_configure", "reset": "10000", "rate": "NaN"}, "The rate of progression must be"),
    ("a rate over 100%", {"op": "meter_configure", "reset": "10000", "rate": "250"},
     "The rate of progression is a percentage of at most 100"),
    ("a correction of $5", {"op": "meter_correct", "direction": "on", "amount": "$5", "note": NOTE},
     "The correction: &#x27;$5&#x27; is not an amount in dollars"),
    ("a transfer of $5", {"op": "meter_transfer", "to": "OTHER", "amount": "$5", "note": NOTE},
     "The amount transferred: &#x27;$5&#x27; is not an amount in dollars"),
    ("a reset of 1e400", {"op": "meter_configure", "reset": "1e400", "rate": "10"},
     "The reset amount: &#x27;1e400&#x27; is not an amount in dollars"),
    ("a NUL in an amount", {"op": "meter_correct", "direction": "on", "amount": "5\x00", "note": NOTE},
     "The correction contains a control character"),
    ("an initial amount of 1e400", {"op": "meter_create", "name": "MX", "owner": "TABLE", "seed": "1e400",
                                    "wager": "texas-holdem-bonus:progressive", "reset": "100", "rate": "10",
                                    "wager_amount": "5"}, "The initial amount: &#x27;1e400&#x27; is not an amount"),
])
def test_bad_input_on_every_form_is_refused_by_the_fields_name_and_changes_nothing(page, case, fields, named):
    fields = {"meter": page.meter.id, "link": page.link.id, **fields}
    if fields.get("to") == "OTHER":
        fields["to"] = other_meter(page).id
    if fields.get("owner") == "TABLE":
        fields["owner"] = f"table:{thb_table('TH-3').id}"
    text, unchanged = page(**fields)
    assert named in text, case
    assert unchanged, case


def test_a_link_down_reason_is_kept_whole_not_cut(page):
    reason = "the link controller failed its self-test; waiting for the technician from the lab"
    page(op="link_down", link=page.link.id, reason=reason)
    assert Link.objects.get().down_reason == reason


def test_a_field_sent_twice_is_refused(page):
    text, unchanged = page(op="meter_correct", meter=[page.meter.id, page.meter.id], amount="5", note=NOTE,
                           direction="on")
    assert "The field meter was sent 2 times" in text and unchanged
