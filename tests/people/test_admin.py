"""The admin shows history but never writes it; table rules change only through the services."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from games.models import Approval, DealerAssignment, Round, RoundEvent, SettlementLine, Table
from games.table import services
from tests.conftest import OPENING, play
from tests.table.test_round_services import REST_OF_ROUND, snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, db):
    client.force_login(User.objects.create_superuser("boss", password="pw"))  # noqa: S106
    return client


@pytest.fixture
def round_with_history(cast, table):
    return play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)


@pytest.mark.parametrize("model", [Round, RoundEvent, SettlementLine, Approval, DealerAssignment])
def test_history_cannot_be_added_changed_or_deleted_in_the_admin(admin_client, round_with_history, model):
    obj = model.objects.first()
    name = f"admin:games_{model._meta.model_name}"
    before = snapshot(round_with_history)
    assert admin_client.get(reverse(f"{name}_changelist")).status_code == 200  # it is shown
    assert admin_client.post(reverse(f"{name}_add"), {}).status_code == 403
    assert admin_client.post(reverse(f"{name}_delete", args=[obj.pk]), {"post": "yes"}).status_code == 403
    change = admin_client.get(reverse(f"{name}_change", args=[obj.pk]))
    assert change.status_code == 200 and 'type="submit"' not in change.content.decode().split("<form")[-1]
    assert snapshot(round_with_history) == before


def test_a_fabricated_closed_round_is_refused(admin_client, cast, table):
    response = admin_client.post(reverse("admin:games_round_add"), {
        "table": table.id, "number": 99, "game": table.game, "rules": "{}", "status": "closed",
        "dealer": cast["dealer"].id, "seq": 0, "total_paid": 100_000_000, "total_collected": 0})
    assert response.status_code == 403 and not Round.objects.exists()


def test_a_tables_rules_cannot_change_in_the_admin(admin_client, cast, table, round_with_history):
    rules = dict(table.rules)
    admin_client.post(reverse("admin:games_table_change", args=[table.id]), {
        "name": "TH-10", "game": "let-it-ride", "rules": '{"bonus_paytable": "B"}', "training": "on"})
    table.refresh_from_db()
    assert (table.name, table.game, table.rules, table.training) == ("TH-10", "texas-holdem-bonus", rules, False)


def test_a_new_tables_rules_are_checked(admin_client):
    response = admin_client.post(reverse("admin:games_table_add"), {
        "name": "TH-1", "game": "texas-holdem-bonus", "rules": '{"no_such_option": 1}'})
    assert "Unknown rules option" in response.content.decode() and not Table.objects.exists()
    admin_client.post(reverse("admin:games_table_add"), {
        "name": "TH-1", "game": "texas-holdem-bonus", "rules": '{"bonus_paytable": "B"}'})
    assert Table.objects.get().rules == {"bonus_paytable": "B"}


# -- names: no control characters; download names encoded (RFC 6266) ----------------------------------

TABLE_FORM = {"game": "texas-holdem-bonus", "rules": '{"bonus_paytable": "A"}'}


@pytest.mark.parametrize("name", ["TH\n1", "TH\r1", "TH\t1", "TH\x1b1", "TH\x851", "TH\u20281"])
def test_a_table_name_with_a_control_character_is_refused(admin_client, cast, table, name):
    response = admin_client.post(reverse("admin:games_table_add"), {**TABLE_FORM, "name": name})
    assert response.status_code == 200 and "The name contains a control character" in response.content.decode()
    assert not Table.objects.exclude(pk=table.pk).exists()
    # Renaming a table is refused the same way.
    response = admin_client.post(reverse("admin:games_table_change", args=[table.pk]), {"name": name})
    assert "The name contains a control character" in response.content.decode()
    table.refresh_from_db()
    assert table.name == "TH-9"


def test_a_users_display_names_and_a_groups_name_refuse_control_characters(admin_client, cast):
    dealer = cast["dealer"]
    response = admin_client.post(reverse("admin:auth_user_change", args=[dealer.pk]), {
        "username": "dealer", "first_name": "Ann\nX", "last_name": "Lee", "email": "", "is_active": "on",
        "date_joined_0": "2026-01-01", "date_joined_1": "00:00:00", "groups": []})
    assert "The first name contains a control character" in response.content.decode()
    dealer.refresh_from_db()
    assert dealer.first_name == "" and dealer.groups.filter(name="dealer").exists()
    response = admin_client.post(reverse("admin:auth_group_add"), {"name": "pit\nboss"})
    assert "The name contains a control character" in response.content.decode()


def test_a_round_sheets_download_name_is_encoded_whatever_the_tables_name(client, cast, table, round_with_history):
    # A name kept from before names were checked, with a quote and a line break.
    Table.objects.filter(pk=table.pk).update(name='TH "9"\nX')
    client.force_login(cast["super"])
    response = client.get(reverse("round-sheet", args=[round_with_history.id]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == ("attachment; filename=\"TH _9__X-round-1.json\"; "
                                               "filename*=UTF-8''TH%20%229%22%0AX-round-1.json")
