"""Every time on a screen and in the CSV carries the casino's time zone, the round's log reads as
steps, the product's own error pages show without DEBUG, and the demo has an administrator."""

import csv
import io
from datetime import UTC, datetime
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.template import Context, Template
from django.test import override_settings
from django.urls import reverse

from games.table import services
from tests.conftest import OPENING, play

pytestmark = pytest.mark.django_db


def render(text, **context):
    return Template("{% load dealer_assist %}" + text).render(Context(context))


@override_settings(TIME_ZONE="America/New_York")
def test_a_moment_is_shown_in_the_casinos_time_zone_with_its_name():
    winter, summer = datetime(2026, 1, 15, 17, 5, 9, tzinfo=UTC), datetime(2026, 7, 15, 17, 5, 9, tzinfo=UTC)
    assert render("{{ t|when }}", t=winter) == "2026-01-15 12:05:09 EST"  # UTC-5 in January
    assert render("{{ t|when:'time' }}", t=summer) == "13:05:09 EDT"  # UTC-4 in July
    assert render("{{ t|when }}", t=None) == ""


def test_the_round_page_and_the_csv_agree_on_the_time_and_say_its_zone(client, cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:2])
    client.force_login(cast["super"])
    page = client.get(reverse("round-detail", args=[rnd.id])).content.decode()
    shown = render("{{ t|when }}", t=rnd.started_at)
    assert shown[-3:] in ("EST", "EDT") and f"started {shown}" in page
    rows = list(csv.DictReader(io.StringIO(b"".join(client.get(reverse("history-csv")).streaming_content).decode())))
    started = rows[0]["started"]
    # The same moment, in the casino's time, its offset written in.
    assert started[:19].replace("T", " ") == shown[:19] and started[-6:] in ("-05:00", "-04:00")


def test_the_round_log_reads_as_steps_with_the_record_beside_it(client, cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:2])
    client.force_login(cast["super"])
    page = client.get(reverse("round-detail", args=[rnd.id])).content.decode()
    assert "Wager · seat 1 · wager Ante · $10 · at wagers" in page  # the wager by its name in the game
    assert "&quot;place_wager&quot;" in page  # the raw record, folded under "record"


@override_settings(DEBUG=False)
def test_an_unknown_address_gets_the_products_page_with_a_way_back(client, cast):
    client.force_login(cast["dealer"])
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "<h1>There is no such page</h1>" in page and reverse("home") in page


def test_the_demo_has_an_administrator_who_reaches_the_admin(client):
    out = StringIO()
    call_command("seed_demo", stdout=out)
    assert "admin    administrator (users, roles and tables in the Django admin, /admin/" in out.getvalue()
    admin = get_user_model().objects.get(username="admin")
    assert admin.is_staff and admin.is_superuser
    assert list(admin.groups.values_list("name", flat=True)) == ["administrator"]
    assert admin.check_password("demo-pass-2026")
    client.force_login(admin)
    assert client.get("/admin/").status_code == 200
