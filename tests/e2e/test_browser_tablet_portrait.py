"""Portrait tablets (800 x 1280): no page is wider than the screen, every touch target is at
least 48 px each way (measured in the browser), the card picker keeps its 13 ranks a row, each
role's navigation shows only what that role may open, and a forbidden page is a styled page with
a way back.
"""

import pytest
from playwright.sync_api import expect

from games.models import Round, Table
from tests.e2e.conftest import MEASURE, PORTRAIT, TARGET_PX
from tests.e2e.tablet_rounds import RULES, play_to_the_seats

pytestmark = pytest.mark.browser


def check(tablet, name: str) -> None:
    measured = tablet.page.evaluate(MEASURE)
    assert measured["page"] <= measured["screen"], f"{name}: the page is {measured['page']} px wide on a " \
                                                   f"{measured['screen']} px screen"
    assert measured["small"] == [], f"{name}: touch targets under {TARGET_PX} px: {measured['small']}"
    tablet.screenshot(f"portrait-{name}.png", full_page=False)


@pytest.fixture
def table(transactional_db) -> Table:
    return Table.objects.create(name="TH-TALL", game="texas-holdem-bonus", rules=RULES)


def test_every_screen_fits_a_portrait_tablet_with_48_px_targets(tablet, table):
    dealer = tablet("dealer", "/")
    dealer.page.set_viewport_size(PORTRAIT)
    check(dealer, "dealer-home")
    dealer.open(f"/tables/{table.id}/")
    dealer.sign_in_to_deal()
    check(dealer, "dealer-idle")
    dealer.tap("Start round 1")
    check(dealer, "dealer-wagers")
    floor = tablet("floor", "/pit/")
    floor.page.set_viewport_size(PORTRAIT)
    play_to_the_seats(dealer, started=True)

    # The picker keeps 13 ranks a row.
    rows = dealer.page.locator("form.picker .picker-row")
    for row in rows.all():
        tops = {round(box["y"]) for box in row.locator("button.pick").evaluate_all(
            "buttons => buttons.map(b => b.getBoundingClientRect())")}
        assert len(tops) == 1, "a suit's 13 ranks wrapped onto a second line"
    check(dealer, "dealer-picker")
    dealer.enter_cards("As", "Ad")  # seat 3: a payout that waits for a floorperson
    expect(dealer.page.locator("#settlement tr[data-held='1']")).to_have_count(2)
    check(dealer, "dealer-settlement")

    expect(floor.page.locator("article.pit-item")).to_have_count(1)
    check(floor, "floor-pit")
    # Approve and Refuse are in view without scrolling.
    for name in ("Approve", "Refuse"):
        box = floor.page.locator("article.pit-item").get_by_role("button", name=name).bounding_box()
        assert box["y"] + box["height"] <= PORTRAIT["height"], f"{name} is below the screen"
    floor.open("/history/")
    check(floor, "floor-history")
    floor.open(f"/rounds/{Round.objects.get(table=table).id}/")
    check(floor, "floor-round")

    supervisor = tablet("super", "/")
    supervisor.page.set_viewport_size(PORTRAIT)
    check(supervisor, "supervisor-home")
    for path, name in (("/dealers/", "supervisor-dealers"), ("/progressives/", "supervisor-progressives"),
                       (f"/tables/{table.id}/configure/", "supervisor-configure")):
        supervisor.open(path)
        check(supervisor, name)


def test_the_navigation_shows_each_role_what_it_may_open(tablet):
    dealer = tablet("dealer", "/")
    nav = dealer.page.locator(".topbar nav")
    expect(nav.get_by_role("link", name="Tables")).to_have_count(1)
    expect(nav.get_by_role("link", name="Pit")).to_have_count(0)
    expect(nav.get_by_role("link", name="History")).to_have_count(0)
    floor = tablet("floor", "/")
    for name in ("Tables", "Pit", "History"):
        expect(floor.page.locator(".topbar nav").get_by_role("link", name=name)).to_have_count(1)


def test_a_forbidden_page_is_styled_with_a_way_back(tablet):
    dealer = tablet("dealer", "/")
    dealer.page.set_viewport_size(PORTRAIT)
    response = dealer.page.goto(dealer.base_url + "/pit/")
    assert response.status == 403
    expect(dealer.page.locator("h1")).to_have_text("This page is not for this sign-in")
    expect(dealer.page.locator("main")).to_contain_text("This page is for: floorperson, supervisor")
    expect(dealer.page.locator(".topbar")).to_be_visible()  # the site's own page, not a bare "403 Forbidden"
    check(dealer, "forbidden")
    dealer.page.get_by_role("link", name="Back to the tables").click()
    expect(dealer.page.locator("h1")).to_have_text("Tables")
