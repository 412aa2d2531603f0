"""The audit trail's page and CSV (supervisors only, filtered, bad filters refused), the admin's
refusal to write the trail, the admin's changes it records, the administrator role, and logout."""

import csv
import io
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from games.models import AuditEntry, Table
from games.people import roles
from games.people import views as audit_views
from games.table import services

pytestmark = pytest.mark.django_db

EASTERN = ZoneInfo("America/New_York")


def entry(kind="table_rules", subject="table TH-9", summary="a change", actor=None, created_at=None):
    fields = {"kind": kind, "subject": subject, "summary": summary, "actor": actor}
    if created_at is not None:
        fields["created_at"] = created_at
    return AuditEntry.objects.create(**fields)


@pytest.fixture
def supervisor(client, cast):
    client.force_login(cast["super"])
    return client


@pytest.fixture
def administrator(cast):
    user = User.objects.create_user("boss", password="pw", is_staff=True)  # noqa: S106 - test account
    user.groups.add(roles.grant_administrator())
    return user


def shown(response) -> list[str]:
    return [e.summary for e in response.context["entries"]]


@pytest.mark.parametrize("who", ["dealer", "floor", "stranger"])
def test_only_a_supervisor_opens_the_audit_trail(client, cast, who):
    client.force_login(cast[who])
    assert client.get(reverse("audit")).status_code == 403
    assert client.get(reverse("audit-csv")).status_code == 403


def test_the_supervisor_sees_every_entry_newest_first_with_who_before_and_after(supervisor, cast, table):
    services.table_configure(table_id=table.id, user=cast["super"], rules={**table.rules, "bonus_paytable": "B"},
                             training=True)
    response = supervisor.get(reverse("audit"))
    assert response.status_code == 200
    assert shown(response)[0] == "Table TH-9's training mode turned on"
    assert shown(response)[1].startswith("Table TH-9's rules changed: ") and shown(response)[1].endswith(" to B")
    page = response.content.decode()
    # Before and after as the keys that changed, in words, not JSON.
    assert "<td>super</td>" in page and "<code>training: on</code>" in page and "<code>training: off</code>" in page
    assert "rules › bonus paytable: B" in page and "&quot;" not in page.split("<tbody>")[1]
    home = supervisor.get(reverse("home")).content.decode()
    assert f'href="{reverse("audit")}"' in home


def test_the_filters_select_by_kind_user_subject_and_casino_day(supervisor, cast, settings):
    settings.GAMING_DAY_START = 6
    entry(kind="meter", subject="meter MEGA", summary="meter by super", actor=cast["super"])
    entry(kind="meter", subject="meter MINI", summary="meter by floor", actor=cast["floor"])
    entry(kind="void", subject="TH-9 round 3", summary="void by floor", actor=cast["floor"])
    # Dates are gaming days starting at 6:00 at the casino.  23:30 EST on 1 March is 04:30 UTC on
    # 2 March, and 5:30 on the 2nd is before the 2nd's gaming day starts: both are the 1st's.
    entry(summary="late on the 1st", created_at=datetime(2026, 3, 1, 23, 30, tzinfo=EASTERN))
    entry(summary="before 6:00 on the 2nd", created_at=datetime(2026, 3, 2, 5, 30, tzinfo=EASTERN))
    entry(summary="early on the 2nd", created_at=datetime(2026, 3, 2, 6, 0, tzinfo=EASTERN))
    audit = reverse("audit")
    assert shown(supervisor.get(audit, {"kind": "meter"})) == ["meter by floor", "meter by super"]
    assert shown(supervisor.get(audit, {"user": "FLOOR"})) == ["void by floor", "meter by floor"]
    assert shown(supervisor.get(audit, {"subject": "mega"})) == ["meter by super"]
    assert shown(supervisor.get(audit, {"subject": "TH-9", "kind": "void"})) == ["void by floor"]
    assert shown(supervisor.get(audit, {"from": "2026-03-01", "to": "2026-03-01"})) == ["before 6:00 on the 2nd",
                                                                                       "late on the 1st"]
    assert shown(supervisor.get(audit, {"from": "2026-03-02", "to": "2026-03-02"})) == ["early on the 2nd"]


@pytest.mark.parametrize("query, message", [
    ({"kind": "everything"}, "Kind: Select a valid choice. everything is not one of the available choices."),
    ({"user": "nobody"}, "User: Nobody is named &#x27;nobody&#x27;."),
    ({"from": "2026-02-30"}, "From: Enter a real date as YYYY-MM-DD."),
    ({"from": "2026-03-02", "to": "2026-03-01"}, "The dates run backwards: from 2026-03-02 to 2026-03-01."),
    ({"older": "abc"}, "Page: This is not a page of the audit trail."),
])
def test_a_bad_filter_is_refused_by_name_and_shows_nothing(supervisor, cast, query, message):
    entry(summary="must not be shown")
    response = supervisor.get(reverse("audit"), query)
    page = response.content.decode()
    assert response.status_code == 400 and message in page and "must not be shown" not in page
    csv_response = supervisor.get(reverse("audit-csv"), query)
    assert csv_response.status_code == 400 and csv_response.content.startswith(b"The export was refused:")


def test_pages_go_older_by_id(supervisor, monkeypatch):
    monkeypatch.setattr(audit_views, "PAGE_SIZE", 2)
    for number in range(1, 6):
        entry(summary=f"change {number}")
    first = supervisor.get(reverse("audit"), {"kind": "table_rules"})
    assert shown(first) == ["change 5", "change 4"]
    assert f"kind=table_rules&amp;older={first.context['older']}" in first.content.decode()
    second = supervisor.get(reverse("audit"), {"kind": "table_rules", "older": first.context["older"]})
    assert shown(second) == ["change 3", "change 2"]
    last = supervisor.get(reverse("audit"), {"kind": "table_rules", "older": second.context["older"]})
    assert shown(last) == ["change 1"] and last.context["older"] is None


def test_the_csv_has_every_entry_of_the_filter(supervisor, cast):
    entry(kind="meter", subject="meter MEGA", summary="meter change", actor=cast["super"],
          created_at=datetime(2026, 7, 1, 9, 15, 2, tzinfo=EASTERN))
    entry(kind="void", summary="a void")
    response = supervisor.get(reverse("audit-csv"), {"kind": "meter"})
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == list(audit_views.CSV_HEADER)
    assert rows[1:] == [["2026-07-01T09:15:02.000000-04:00", "meter", "super", "meter MEGA", "meter change", "", ""]]


# -- the admin ------------------------------------------------------------------------------------

def test_the_admin_shows_the_trail_but_refuses_to_add_change_or_delete_an_entry(client, cast):
    client.force_login(User.objects.create_superuser("root", password="pw"))  # noqa: S106 - test account
    kept = entry(summary="as it happened", actor=cast["super"])
    assert client.get(reverse("admin:games_auditentry_changelist")).status_code == 200
    assert client.post(reverse("admin:games_auditentry_add"), {"kind": "void", "subject": "x",
                                                               "summary": "forged"}).status_code == 403
    assert client.post(reverse("admin:games_auditentry_change", args=[kept.pk]),
                       {"kind": "void", "subject": "x", "summary": "rewritten"}).status_code == 403
    assert client.post(reverse("admin:games_auditentry_delete", args=[kept.pk]), {"post": "yes"}).status_code == 403
    assert client.post(reverse("admin:games_auditentry_changelist"),
                       {"action": "delete_selected", "_selected_action": [kept.pk], "post": "yes"}).status_code in (
        200, 302, 403)
    kept.refresh_from_db()
    assert kept.summary == "as it happened" and AuditEntry.objects.filter(summary="forged").count() == 0


def user_form(user, **changes):
    """The admin's change form of ``user`` as it is drawn, with ``changes``."""
    data = {"username": user.username, "first_name": "", "last_name": "", "email": "",
            "is_active": "on", "date_joined_0": "2026-01-01", "date_joined_1": "00:00:00",
            "groups": list(user.groups.values_list("pk", flat=True))}
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def test_a_role_changed_in_the_admin_is_one_entry_naming_the_administrator(client, cast, administrator):
    client.force_login(administrator)
    dealer = cast["dealer"]
    supervisor_group = Group.objects.get(name="supervisor")
    response = client.post(reverse("admin:auth_user_change", args=[dealer.pk]),
                           user_form(dealer, groups=[supervisor_group.pk], is_staff="on"))
    assert response.status_code == 302, response.content.decode()[:3000]
    assert list(dealer.groups.values_list("name", flat=True)) == ["supervisor"]
    (recorded,) = AuditEntry.objects.filter(kind="user_roles", object_id=dealer.pk, actor=administrator)
    assert recorded.before == {"groups": ["dealer"], "is_active": True, "is_staff": False, "is_superuser": False}
    assert recorded.after == {"groups": ["supervisor"], "is_active": True, "is_staff": True, "is_superuser": False}
    assert recorded.summary == "User dealer: added to supervisor; removed from dealer; staff on"


def test_an_administrator_cannot_make_a_superuser(client, cast, administrator):
    client.force_login(administrator)
    response = client.post(reverse("admin:auth_user_change", args=[administrator.pk]),
                           user_form(administrator, is_staff="on", is_superuser="on"))
    assert response.status_code == 302
    administrator.refresh_from_db()
    assert not administrator.is_superuser


def test_a_table_created_and_renamed_in_the_admin_is_audited(client, administrator):
    client.force_login(administrator)
    client.post(reverse("admin:games_table_add"), {"name": "TH-1", "game": "texas-holdem-bonus",
                                                   "rules": '{"bonus_paytable": "B"}'})
    table = Table.objects.get(name="TH-1")
    client.post(reverse("admin:games_table_change", args=[table.pk]), {"name": "TH-2"})
    created, renamed = AuditEntry.objects.filter(kind="table").order_by("id")
    assert created.before is None and created.after["rules"] == {"bonus_paytable": "B"}
    assert (renamed.actor, renamed.before, renamed.after) == (administrator, {"name": "TH-1"}, {"name": "TH-2"})


def test_the_admin_refuses_a_weak_password(client, administrator):
    client.force_login(administrator)
    response = client.post(reverse("admin:auth_user_add"), {"username": "newdealer", "usable_password": "true",
                                                            "password1": "password", "password2": "password"})
    assert response.status_code == 200 and "This password is too common." in response.content.decode()
    assert not User.objects.filter(username="newdealer").exists()


def test_an_administrator_manages_users_and_dealers_but_is_no_supervisor(client, cast, table, administrator):
    client.force_login(administrator)
    assert client.get(reverse("admin:auth_user_changelist")).status_code == 200
    assert client.get(reverse("admin:games_auditentry_changelist")).status_code == 200
    assert client.get(reverse("admin:games_round_changelist")).status_code == 403  # no history in the admin
    other = Table.objects.create(name="TH-8", game="texas-holdem-bonus", rules=dict(table.rules))
    response = client.post(reverse("dealer-assignments"), {"dealer": cast["dealer"].id, "table": other.id})
    assert response.status_code == 200 and "dealer is assigned to table TH-8" in response.content.decode()
    assert client.get(reverse("audit")).status_code == 403
    assert client.get(reverse("table-configure", args=[table.id])).status_code == 403
    home = client.get(reverse("home")).content.decode()
    assert reverse("admin:index") in home and reverse("table", args=[table.id]) not in home


# -- sessions end on logout ------------------------------------------------------------------------

def test_logout_is_a_post_and_ends_the_session_for_good(client, cast):
    client.post(reverse("login"), {"username": "super", "password": "pw"})
    cookie = client.cookies["sessionid"].value
    assert client.get(reverse("audit")).status_code == 200
    assert client.get(reverse("logout")).status_code == 405  # a link or an image cannot log anyone out
    assert client.get(reverse("audit")).status_code == 200
    client.post(reverse("logout"))
    client.cookies["sessionid"] = cookie  # the old cookie, replayed
    response = client.get(reverse("audit"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
