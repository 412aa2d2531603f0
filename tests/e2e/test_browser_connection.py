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


# Every WebSocket the page opens, counted (the extension's reconnects included).
COUNT_SOCKETS = """() => {
  const Real = window.WebSocket;
  window.__sockets = 0;
  window.WebSocket = class extends Real { constructor(...args) { super(...args); window.__sockets += 1; } };
}"""

# A socket that just failed to connect waits its turn (at least 187 ms) before the next try: then
# the page is nudged by ``event`` (fired on ``target``); how many sockets it opened at once.
NUDGED = """async ([target, event]) => {
  await new Promise((done) => document.addEventListener("htmx:wsClose", done, {once: true}));
  await new Promise((done) => setTimeout(done, 50));
  const before = window.__sockets;
  (target === "window" ? window : document).dispatchEvent(new Event(event));
  return window.__sockets - before;
}"""


def test_a_tablet_is_live_within_seconds_of_its_server_restarting_and_drops_a_stale_banner(tablet, table, asgi_server):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    live = dealer.page.locator(".live-status")
    problem = dealer.page.locator("#net-error")
    expect(live).to_have_attribute("data-live", "1")
    asgi_server.stop()
    try:
        expect(live).to_have_attribute("data-live", "0")
        dealer.wait_for_guard()
        dealer.state.get_by_role("button", name="Start round 1").click()
        expect(problem).to_contain_text("this was not sent")
        # Down long enough for a back-off that doubles without a low cap to wait half a minute.
        dealer.page.wait_for_timeout(12_000)
    finally:
        asgi_server.start()
    # The tablet retries at least every two seconds; the rest is the machine's own pace.
    expect(live).to_have_attribute("data-live", "1", timeout=5_000)
    # What the banner said held while the server was away; the tablet now shows the current state.
    expect(problem).to_be_hidden()
    dealer.tap("Start round 1")
    expect(dealer.page.locator("h1")).to_contain_text("round 1")


@pytest.mark.parametrize(("target", "event"), [("document", "visibilitychange"), ("window", "focus"),
                                               ("window", "online")])
def test_a_tablet_retries_at_once_when_it_is_looked_at_again_or_back_online(tablet, table, asgi_server,
                                                                              target, event):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    dealer.page.evaluate(COUNT_SOCKETS)
    asgi_server.stop()
    try:
        assert dealer.page.evaluate(NUDGED, [target, event]) == 1
    finally:
        asgi_server.start()
    expect(dealer.page.locator(".live-status")).to_have_attribute("data-live", "1", timeout=5_000)
