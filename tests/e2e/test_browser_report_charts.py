"""The reports' charts in Debian's chromium, on a tablet held either way, and the round page
printed.  The figures are those of tests/reports/test_reports.py (worked out by hand there) over
three gaming days: R7 on the 1st and R6 on the 3rd (an Ante of $10 lost each), R1 to R3 on the 2nd
(drop $325, win −$300)."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from playwright.sync_api import expect

from games.floor import services as floor_services
from games.models import Round, Table
from tests.conftest import OPENING, REST_OF_ROUND, deal_at, play
from tests.reports.test_reports import build_day

pytestmark = pytest.mark.browser

PERIOD = "/reports/?from=2026-11-01&to=2026-11-03&by=table"
CHARTS = ("hold-by-table", "hold-by-game", "win-and-handle", "approval-waits", "hits-1", "hits-2")


def check_charts(page, width: int) -> None:
    """Every chart drawn, in view when scrolled to, and no wider than the screen."""
    for slug in CHARTS:
        chart = page.locator(f"svg.chart[data-chart='{slug}']")
        chart.scroll_into_view_if_needed()
        expect(chart).to_be_visible()
        box = chart.bounding_box()
        assert box["width"] > 200, f"{slug} is squeezed to {box['width']} px"
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{slug} is wider than the screen"
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"


def test_a_supervisor_sees_the_charts_beside_their_numbers(tablet, people):
    build_day(people)
    supervisor = tablet("super", PERIOD)
    page = supervisor.page
    # The floor's drop and win of the 2nd: a bar each, and the same figures in the table beside them.
    money = page.locator("svg.chart[data-chart='win-and-handle']")
    expect(money.locator("rect.bar[data-category='2026-11-02'][data-series='Handle'] title")).to_have_text(
        "2026-11-02 · Handle: $325.00", use_inner_text=False)
    expect(money.locator("rect.bar[data-category='2026-11-02'][data-series='Win'] title")).to_have_text(
        "2026-11-02 · Win: −$300.00", use_inner_text=False)
    expect(page.locator("table[data-chart='win-and-handle'] tbody tr").nth(1)).to_have_text(
        "2026-11-02$325.00−$300.00")
    # TH-9's hold: 100% on the 1st and the 3rd, −80% on the 2nd: one line through three points.
    hold = page.locator("svg.chart[data-chart='hold-by-table']")
    expect(hold.locator("circle.point[data-series='TH-9']")).to_have_count(3)
    expect(hold.locator("polyline[data-series='TH-9']")).to_have_count(1)
    check_charts(page, 1280)
    supervisor.screenshot_of("#charts", "reports-charts.png")

    page.set_viewport_size({"width": 800, "height": 1280})
    check_charts(page, 800)
    supervisor.screenshot_of("#charts", "reports-charts-portrait.png")

    # A period without a round: a sentence in each chart's place.
    supervisor.open("/reports/?from=2026-12-01&to=2026-12-01")
    expect(page.locator(".chart-empty")).to_have_count(4)
    expect(page.locator("svg.chart")).to_have_count(0)
    expect(page.locator(".chart-empty").first).to_have_text("No rounds in this period: nothing to chart.")


def play_a_round(people) -> Round:
    """The round of tests/reports/test_reports.py's test_a_round_played_through_the_services_is_reported:
    two seats at TH-9, a payout approved.  (In a thread of its own: Playwright's event loop runs in
    the test's, and the services' broadcasts after the commit must not.)"""
    from games.table import services

    try:
        table = Table.objects.create(name="TH-9", game="texas-holdem-bonus",
                                     rules={"bonus_paytable": "A", "approval_threshold": "100.00"})
        deal_at(table, people["dealer"])
        rnd = play(services.round_start(table_id=table.id, user=people["dealer"]), people["dealer"], *OPENING,
                   *REST_OF_ROUND)
        floor_services.approval_decide(approval_id=rnd.approvals.get().id, user=people["floor"], approve=True)
        play(rnd, people["dealer"], {"type": "close", "step": "close"})
        return rnd
    finally:
        connection.close()


def test_a_round_page_prints_without_navigation_on_a4(tablet, people):
    with ThreadPoolExecutor(1) as pool:
        rnd = pool.submit(play_a_round, people).result()

    supervisor = tablet("super", f"/rounds/{rnd.id}/")
    page = supervisor.page
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 718, "height": 1047})  # A4 less 12 mm margins, at 96 dpi
    expect(page.locator("header.topbar")).to_be_hidden()
    expect(page.locator("table.settlement-lines")).to_be_visible()
    # Every table's cells printed in full: none scrolls inside itself or runs off the page.
    for table_box in page.locator("main table").evaluate_all(
            "tables => tables.map(t => [t.scrollWidth, t.clientWidth, t.getBoundingClientRect().right])"):
        scroll_width, client_width, right = table_box
        assert scroll_width <= client_width + 1 and right <= 718 + 1, table_box
    pdf = page.pdf(format="A4", print_background=True)
    assert pdf.startswith(b"%PDF")
    supervisor.screenshot("round-print.png", full_page=False)
