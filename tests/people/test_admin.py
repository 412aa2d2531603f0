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
