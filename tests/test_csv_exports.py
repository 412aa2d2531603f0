"""Every CSV the product writes neutralises a text cell a spreadsheet would run as a formula (OWASP's
CSV injection): a table named ``=HYPERLINK(...)`` in the admin and a user named ``+1+1`` reach the
history, the audit trail and every report section as text, while the amounts stay numbers."""

import csv
import io

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from games.common.spreadsheet import cell
from games.floor import services as floor_services
from games.models import Table
from games.reports import charts, exports
from tests.conftest import OPENING, REST_OF_ROUND, play, start_round

pytestmark = pytest.mark.django_db

FORMULA_TABLE = '=HYPERLINK("http://x.example","y")'
FORMULA_DEALER = "+1+1"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@pytest.fixture
def played(client, cast):
    """One Texas Hold 'Em Bonus round at the formula-named table, dealt by the formula-named dealer and
    approved by the floorperson; the table created in the admin, so the audit trail names it too."""
    admin = User.objects.create_superuser("boss", password="pw")  # noqa: S106 - a test account
    client.force_login(admin)
    client.post(reverse("admin:games_table_add"), {
        "name": FORMULA_TABLE, "game": "texas-holdem-bonus",
        "rules": '{"bonus_paytable": "A", "approval_threshold": "100.00"}'})
    table = Table.objects.get(name=FORMULA_TABLE)
    dealer = User.objects.create_user(FORMULA_DEALER, password="pw")  # noqa: S106
    dealer.groups.add(Group.objects.get(name="dealer"))
    rnd = play(start_round(table, dealer), dealer, *OPENING, *REST_OF_ROUND)
    for approval in rnd.approvals.filter(status="pending"):
        floor_services.approval_decide(approval_id=approval.id, user=cast["floor"], approve=True)
    play(rnd, dealer, {"type": "close", "step": "close"})
    client.force_login(cast["super"])
    return client


def cells(response) -> list[str]:
    assert response.status_code == 200
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return [value for row in csv.reader(io.StringIO(body.decode())) for value in row]


def formulas(values: list[str]) -> list[str]:
    """The cells a spreadsheet would run: text starting with a formula character that is not a number."""
    return [value for value in values if value.startswith(FORMULA_STARTS) and cell(value) != value]


def test_the_history_csv_writes_names_as_text(played):
    values = cells(played.get(reverse("history-csv")))
    assert "'" + FORMULA_TABLE in values and "'" + FORMULA_DEALER in values
    assert formulas(values) == []


def test_the_audit_csv_writes_names_as_text(played):
    values = cells(played.get(reverse("audit-csv")))
    # The dealer's name starts the user column and the summary of their signing in at the table.
    assert "'" + FORMULA_DEALER in values and f"'{FORMULA_DEALER} signed in at table {FORMULA_TABLE}" in values
    assert formulas(values) == []


@pytest.mark.parametrize("section", [*exports.SECTIONS, *charts.SECTIONS])
@pytest.mark.parametrize("by", ["table", "dealer"])
def test_every_report_csv_writes_names_as_text(played, section, by):
    values = cells(played.get(reverse("reports-csv"), {"section": section, "by": by}))
    assert formulas(values) == []
    if section in ("summary", "wagers", "payouts", "approvals"):
        assert "'" + (FORMULA_TABLE if by == "table" else FORMULA_DEALER) in values


def test_the_reports_own_negative_amounts_stay_numbers(played):
    # Seat 1's win is more than seat 3's loss, so the house's win at the table is negative: a number, no quote.
    summary = list(csv.DictReader(io.StringIO(played.get(reverse("reports-csv"), {"by": "table"}).content.decode())))
    table_row = next(row for row in summary if row["level"] == "table")
    assert table_row["name"] == "'" + FORMULA_TABLE
    assert table_row["win"].startswith("-") and float(table_row["win"]) < 0


@pytest.mark.parametrize("text, written", [
    ("=1+1", "'=1+1"), ("+1+1", "'+1+1"), ("-2+3", "'-2+3"), ("@SUM(A1)", "'@SUM(A1)"), ("\t=1", "'\t=1"),
    ("\r=1", "'\r=1"), ("-5.00", "-5.00"), ("-12", "-12"), ("TH-1", "TH-1"), ("", ""),
])
def test_a_cell_starting_with_a_formula_character_is_text_unless_it_is_a_number(text, written):
    assert cell(text) == written
