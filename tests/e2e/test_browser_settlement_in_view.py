"""The seat just settled is in view on a portrait tablet (800 x 1280): once a seat's cards are
entered, its settlement lines and its total are on the screen without the dealer scrolling, seat
after seat, as the settlement grows below the prompt."""

import pytest
from playwright.sync_api import expect

from games.models import Table
from tests.e2e.conftest import PORTRAIT
from tests.e2e.tablet_rounds import RULES

pytestmark = pytest.mark.browser

SEATS = (1, 2, 3, 4, 5, 6)
# Each seat's two cards against the board K♠ 9♦ 5♣ 2♥ 7♠ and the dealer's Q♦ J♣.
CARDS = {6: ("4c", "5d"), 5: ("8c", "8d"), 4: ("3h", "6s"), 3: ("Ah", "Kd"), 2: ("Tc", "Td"), 1: ("3c", "4d")}


@pytest.fixture
def table(transactional_db) -> Table:
    return Table.objects.create(name="TH-VIEW", game="texas-holdem-bonus", rules=RULES)


def box(tablet, selector: str) -> tuple[float, float]:
    found = tablet.page.locator(selector).first.bounding_box()
    return found["y"], found["y"] + found["height"]


def test_each_settled_seats_lines_and_total_are_in_view_without_scrolling(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    dealer.page.set_viewport_size(PORTRAIT)
    dealer.tap("Start round 1")
    for seat in SEATS:
        dealer.set_seat(seat, "10", "5")
    dealer.tap("No more bets")
    dealer.tap("Cards dealt")
    for seat in SEATS:
        dealer.tap(f"Seat {seat}: Flop Wager $20.00")
    dealer.enter_cards("Ks", "9d", "5c")
    dealer.tap("Seats 1, 2, 3, 4, 5, 6: Check")
    dealer.enter_cards("2h")
    dealer.tap("Seats 1, 2, 3, 4, 5, 6: Check")
    dealer.enter_cards("7s")
    dealer.enter_cards("Qd", "Jc")
    # From the dealer's right (§ 647a.11(h)): seat 6 first.
    for seat in sorted(SEATS, reverse=True):
        expect(dealer.prompt).to_have_attribute("data-seat", str(seat))
        dealer.enter_cards(*CARDS[seat])
        expect(dealer.page.locator(f"#seat-total-{seat}")).to_be_visible()
        dealer.page.wait_for_timeout(300)  # any scroll the update makes is done
        for selector in (f"#settlement tr[data-seat='{seat}']", f"#seat-total-{seat}"):
            top, bottom = box(dealer, selector)
            assert 0 <= top and bottom <= PORTRAIT["height"], \
                f"seat {seat}: {selector} is at {top:.0f}-{bottom:.0f} px, outside the {PORTRAIT['height']} px screen"
        if seat == 3:
            dealer.screenshot("portrait-dealer-settled-seat-in-view.png", full_page=False)
