"""The report never silently includes a round whose history fails its check: the rebuild of its
figures checks every closed round first, sets apart those that fail, names them, and leaves them
out of every figure; the reports page says how many it left out and links to them.

On PostgreSQL the figures are the stored cells the rebuild recomputes; on SQLite the report sums
the rounds on each request, without those set apart: the same test runs on both."""

import html
import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from games.models import WithheldRound
from games.reports import report as reports
from games.reports.filters import report_filter
from games.table import services
from tests.conftest import OPENING, play
from tests.history.test_sealed_rows import refused  # noqa: F401 (a fixture)
from tests.history.test_tamper_evidence import sql
from tests.reports.test_reports import _query, row
from tests.test_pages import ROUND_END

pytestmark = pytest.mark.django_db


def rebuild() -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command("rebuild_report_figures", stdout=out)
    except CommandError as error:
        return error.returncode, out.getvalue() + str(error)
    return 0, out.getvalue()


def floor():
    filters = report_filter(_query({}))
    assert filters.is_valid()
    return row(reports.Report(filters.qs), "floor", "Floor")


@pytest.fixture
def two_rounds(cast, table):
    """Two closed rounds on TH-9, alike (test_pages.test_history_exports_csv): each pays seat 1's
    Bonus Wager $50 (jack-jack, 10 to 1, § 647a.12(b) Paytable A) and collects $105 (seat 1's Ante
    $10 and Flop $20, seat 3's Ante $25 and Flop $50, § 647a.11(h)(2)(i))."""
    return [play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *ROUND_END)
            for _ in range(2)]


def test_an_edited_line_sets_its_round_apart_from_the_rebuilt_report(client, cast, two_rounds):
    first, _ = two_rounds
    assert rebuild()[0] == 0
    before = floor()
    assert (before.rounds, before.paid, before.collected) == (2, 2 * 50_00, 2 * 105_00)
    # The $50.00 win made $5,000.00.
    sql("UPDATE games_settlementline SET amount = 500000 WHERE round_id = %s AND seat = 1 AND wager = 'bonus'",
        first.id)
    status, out = rebuild()
    assert status == 1
    assert (f"round {first.id} (TH-9 #1) set apart: the settlement line of seat 1: Texas Hold 'Em Bonus Wager "
            "(settle), now win $5,000.00 on $5.00 was changed after the round was sealed") in out
    assert "1 rounds fail their check and are left out of the report's figures" in out
    assert list(WithheldRound.objects.values_list("round_id", flat=True)) == [first.id]
    # The other round alone: neither the edited $5,000.00 nor the round's sealed $50.00.
    after = floor()
    assert (after.rounds, after.paid, after.collected) == (1, 50_00, 105_00)
    assert after.paid_by_wager[("texas-holdem-bonus", "bonus")] == 50_00

    client.force_login(cast["super"])
    page = html.unescape(client.get(reverse("reports")).content.decode())
    assert "1 round left out of this report" in page
    assert f'<a href="{reverse("round-detail", args=[first.id])}">TH-9 round 1</a>' in page

    # Put back as sealed, the next rebuild finds it intact and counts it again.
    sql("UPDATE games_settlementline SET amount = 5000 WHERE round_id = %s AND seat = 1 AND wager = 'bonus'",
        first.id)
    assert rebuild()[0] == 0
    assert floor().rounds == 2 and not WithheldRound.objects.exists()
    assert "left out of this report" not in client.get(reverse("reports")).content.decode()


def test_an_approval_made_approved_by_sql_is_not_counted_as_approved(refused):  # noqa: F811
    assert rebuild()[0] == 0
    assert floor().approvals == {"refused": 1, "approved": 1}
    sql("UPDATE games_approval SET status = 'approved' WHERE round_id = %s AND number = 1", refused.id)
    status, out = rebuild()
    assert status == 1 and f"round {refused.id} (TH-9 #1) set apart: approval 1" in out
    assert floor().approvals == {}  # the round's approvals are left out with it
