"""Browser tests: the tablet says whether it is live, and a request that fails says so on screen
(htmx ignores an error response by itself, so without this the dealer would see nothing)."""

import pytest
from playwright.sync_api import expect

from games.models import Table

pytestmark = pytest.mark.browser


@pytest.fixture
def table(transactional_db) -> Table:
    return Table.objects.create(name="TH-NET", game="texas-holdem-bonus",
                                rules={"bonus_paytable": "A", "approval_threshold": "100.00"})


def test_the_tablet_shows_whether_it_is_live_and_a_tap_that_cannot_be_sent(tablet, table, asgi_server):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    live = dealer.page.locator(".live-status")
    expect(live).to_have_attribute("data-live", "1")
    expect(live).to_have_text("Live")
    asgi_server.stop()
    try:
        expect(live).to_have_attribute("data-live", "0")
        expect(live).to_contain_text("Not live")
        dealer.wait_for_guard()
        dealer.state.get_by_role("button", name="Start round 1").click()
        expect(dealer.page.locator("#net-error")).to_be_visible()
        expect(dealer.page.locator("#net-error")).to_contain_text("No connection to the server")
    finally:
        asgi_server.start()
    expect(live).to_have_attribute("data-live", "1", timeout=20_000)


def test_a_server_error_is_shown_and_the_next_answer_clears_it(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    # The server fails this one request (as when PostgreSQL died between commit and reply).
    dealer.page.route("**/start/", lambda route: route.fulfill(status=500, body="Server Error (500)"))
    dealer.wait_for_guard()
    dealer.state.get_by_role("button", name="Start round 1").click()
    problem = dealer.page.locator("#net-error")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("The server could not complete this (error 500)")
    dealer.page.unroute("**/start/")
    dealer.tap("Start round 1")
    expect(problem).to_be_hidden()
