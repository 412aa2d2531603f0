"""Irreversible actions take one more tap: "No more bets", an irregularity (a void), the
floorperson's "Refuse" (and "Approve" of a void), a stub-count miscount.  The first tap arms the
button ("Tap again to confirm: ..."), records nothing, and lapses after five seconds; a double tap
is not a confirmation; a second, deliberate tap sends it.
"""

import pytest
from playwright.sync_api import expect

from games.models import Approval, Round, Table
from tests.e2e.tablet_rounds import RULES, play_to_the_river

pytestmark = pytest.mark.browser


@pytest.fixture
def table(transactional_db) -> Table:
    return Table.objects.create(name="TH-SURE", game="texas-holdem-bonus", rules=RULES)


def events(table: Table) -> int:
    rnd = Round.objects.filter(table=table).first()
    return rnd.events.count() if rnd else 0


def test_no_more_bets_asks_for_a_second_tap_which_a_double_tap_is_not(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    dealer.tap("Start round 1")
    dealer.set_seat(1, "10")
    recorded = events(table)
    button = dealer.state.get_by_role("button", name="No more bets", exact=True).element_handle()

    dealer.wait_for_guard()
    button.click()
    assert button.text_content() == "Tap again to confirm: No more bets"
    assert "armed" in button.get_attribute("class")
    dealer.page.wait_for_timeout(700)
    assert events(table) == recorded and dealer.prompt.get_attribute("data-step") == "wagers"

    # Unconfirmed, it lapses.
    expect(dealer.state.get_by_role("button", name="No more bets", exact=True)).to_be_visible(timeout=7_000)
    assert "armed" not in button.get_attribute("class")

    # Two taps 150 ms apart, a finger's double tap: armed, not confirmed.  Tapped with the mouse
    # where the button is, as test_browser_double_tap.py taps: an element's click first waits until
    # it is steady on screen, which on a busy machine can stretch the gap past the 350 ms of a
    # confirmation.
    box = button.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    dealer.page.mouse.click(x, y)
    dealer.page.wait_for_timeout(150)
    dealer.page.mouse.click(x, y)
    dealer.page.wait_for_timeout(700)
    assert events(table) == recorded and dealer.prompt.get_attribute("data-step") == "wagers"

    # A deliberate second tap sends it.
    dealer.page.wait_for_timeout(300)
    button.click()
    expect(dealer.prompt).not_to_have_attribute("data-step", "wagers")
    assert events(table) == recorded + 1


def test_an_irregularity_and_the_floorpersons_refusal_ask_for_a_second_tap(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    floor = tablet("floor", "/pit/")
    dealer.tap("Start round 1")
    dealer.set_seat(1, "10")
    dealer.tap("No more bets")
    dealer.tap("Cards dealt")
    recorded = events(table)

    dealer.page.locator("details.irregularity summary").click()
    button = dealer.state.get_by_role("button", name="Incorrect number of cards dealt").element_handle()
    button.click()
    assert button.text_content() == "Tap again to confirm: Incorrect number of cards dealt"
    dealer.page.wait_for_timeout(600)
    assert events(table) == recorded
    expect(floor.page.locator("article.pit-item")).to_have_count(0)
    button.click()
    item = floor.page.locator("article.pit-item")
    expect(item).to_have_count(1)  # the void waits for a floorperson (§ 647a.13(c))
    expect(item).to_contain_text("Void the round")
    assert events(table) == recorded + 1

    refuse = item.get_by_role("button", name="Refuse").element_handle()
    refuse.click()
    assert refuse.text_content().startswith("Tap again to confirm: Refuse: Void the round")
    floor.page.wait_for_timeout(600)
    approval = Approval.objects.get(round__table=table)
    assert approval.status == "pending"
    refuse.click()
    expect(floor.page.locator("#pit-state")).to_contain_text("Nothing waits for a floorperson")
    approval.refresh_from_db()
    assert (approval.status, approval.decided_by.username) == ("refused", "floor")


def test_a_stub_count_miscount_asks_for_a_second_tap(tablet, transactional_db):
    # The stub was last counted four rounds ago, with no counting shuffler: this round prompts
    # for the count (at least once every five rounds, § 647a.8(f)).
    table = Table.objects.create(name="TH-STUB", game="texas-holdem-bonus", rounds_since_stub_count=4,
                                 rules={**RULES, "counting_shuffler": False})
    dealer = tablet("dealer", f"/tables/{table.id}/")
    play_to_the_river(dealer)
    expect(dealer.prompt).to_contain_text("§ 647a.8(f)")
    recorded = events(table)
    miscount = dealer.state.get_by_role("button", name="Wrong count, cards misdealt (52 present)").element_handle()
    dealer.wait_for_guard()
    miscount.click()
    assert miscount.text_content() == "Tap again to confirm: Wrong count, cards misdealt (52 present)"
    dealer.page.wait_for_timeout(600)
    assert events(table) == recorded
    # The correct count is one tap: nothing irreversible about it.
    assert dealer.state.get_by_role("button", name="52 cards: stub to the discard rack").get_attribute(
        "data-confirm") is None
    miscount.click()
    expect(dealer.prompt).not_to_contain_text("§ 647a.8(f)")
    assert events(table) == recorded + 1
