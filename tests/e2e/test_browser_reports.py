"""The supervisor's reports page in Debian's chromium: a gaming day of two tables (the rounds of
tests/reports/test_reports.py, whose figures are worked out by hand there), the filters, a
refused filter value, and the hit frequency beside theory."""

import pytest
from playwright.sync_api import expect

from games.models import Table
from tests.reports.test_reports import DAY, at, bonus_rounds, build_day, expected_counts

pytestmark = pytest.mark.browser


def test_a_supervisor_reads_a_gaming_day_and_is_refused_a_bad_filter(tablet, people):
    build_day(people)
    supervisor = tablet("super", "/")
    supervisor.page.get_by_role("link", name="Gaming-day reports").click()
    page = supervisor.page
    expect(page.get_by_role("heading", name="Gaming-day reports")).to_be_visible()

    page.locator("input[name=from]").fill(DAY)
    page.locator("input[name=to]").fill(DAY)
    page.locator("select[name=by]").select_option("table")
    page.get_by_role("button", name="Show").click()
    floor = page.locator("table[data-level=floor] tr[data-name=Floor]")
    # Handle $325, win −$300, hold −92.31%, average bet $81.25 (tests/reports/test_reports.py).
    expect(floor).to_contain_text("$325.00")
    expect(floor).to_contain_text("−$300.00")
    expect(floor).to_contain_text("−92.31%")
    expect(floor).to_contain_text("$81.25")
    expect(page.locator("table[data-level=table] tr[data-name='TH-9']")).to_contain_text("−80.00%")
    expect(page.locator("#irregularities")).to_contain_text("Misdeal")
    expect(page.locator(".hits-title").first).to_be_visible()
    expect(page.locator("table.hits").last).to_contain_text("Ace-ace")
    supervisor.screenshot("reports.png")

    # Printed: no navigation, filters or export links; the figures stay.  Chromium renders the PDF
    # (A4, more than one page); the print stylesheet at A4's width is kept as an image to look at.
    page.emulate_media(media="print")
    expect(page.locator("header.topbar")).to_be_hidden()
    expect(page.locator("#report-filters")).to_be_hidden()
    expect(page.locator(".exports").first).to_be_hidden()
    expect(floor).to_be_visible()
    pdf = page.pdf(format="A4", print_background=True)
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page") >= 2
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    supervisor.screenshot("reports-print.png", full_page=False)
    page.emulate_media(media="screen")
    page.set_viewport_size({"width": 1280, "height": 800})

    page.goto(page.url.split("?")[0] + f"?from={DAY}&to={DAY}&table=ZZ")  # a name no list offers
    expect(page.get_by_role("alert")).to_contain_text("Table: No table is named 'ZZ'.")
    expect(page.locator("table[data-level=floor]")).to_have_count(0)


def test_a_rigged_paytable_is_flagged_beside_theory(tablet, people):
    """2,000 Bonus Wagers on Paytable A with 30 Ace-ace where 9.04 are expected (7344/1624350 each)."""
    rigged = Table.objects.create(name="RIGGED", game="texas-holdem-bonus", rules={"bonus_paytable": "A"})
    counts = expected_counts(2000)
    counts["ace_ace"], counts[None] = 30, counts[None] - 21
    bonus_rounds(rigged, people["dealer"], counts, at(4, 12))
    supervisor = tablet("super", "/reports/?from=2026-11-04&to=2026-11-04&table=rigged")
    page = supervisor.page
    flagged = page.locator("table.hits tr.flagged")
    expect(flagged).to_have_count(1)
    expect(flagged).to_contain_text("Ace-ace")
    expect(flagged).to_contain_text("improbable: more often than theory")
    supervisor.screenshot_of("#hit-frequency", "reports-hit-frequency.png")


def test_the_report_says_which_rounds_it_left_out(tablet, people):
    """A round whose settlement line was edited by SQL is set apart by the rebuild of the figures:
    the page counts it out and links to it."""
    from django.core.management import call_command
    from django.core.management.base import CommandError

    from games.models import SettlementLine
    from tests.conftest import seal_loaded
    from tests.history.test_tamper_evidence import sql

    build_day(people)
    seal_loaded()  # the day's rounds, loaded directly, sealed as if closed through the services
    line = SettlementLine.objects.filter(round__table__name="TH-9", round__started_at__gte=at(2, 6, 0),
                                         outcome="win").order_by("id").first()
    edited = line.round
    sql("UPDATE games_settlementline SET amount = amount * 10 WHERE id = %s", line.id)  # a win made ten times
    with pytest.raises(CommandError, match="1 rounds fail their check"):
        call_command("rebuild_report_figures", stdout=open("/dev/null", "w"))  # noqa: SIM115
    supervisor = tablet("super", f"/reports/?from={DAY}&to={DAY}")
    withheld = supervisor.page.locator("#report-withheld")
    expect(withheld).to_contain_text("1 round left out of this report")
    expect(withheld.get_by_role("link", name=f"TH-9 round {edited.number}")).to_have_attribute(
        "href", f"/rounds/{edited.id}/")
    supervisor.screenshot("reports-withheld.png", until="#report-withheld")
