"""Corrections on the tablets, in chromium: the dealer takes back a Flop Wager alone with Undo while
nothing depends on it; a flop entered wrong, once the seat has decided on the Turn, is corrected only
when the floorperson approves it on the pit, and the dealer enters it again from there; a round
started by mistake is cancelled with a confirming tap."""

import pytest
from playwright.sync_api import expect

from games.models import Approval, Round, RoundEvent, Table, Wager
from tests.e2e.conftest import CONFIRM_GAP_MS
from tests.e2e.tablet_rounds import RULES

pytestmark = pytest.mark.browser


@pytest.fixture
def table(transactional_db) -> Table:
    return Table.objects.create(name="TH-FIX", game="texas-holdem-bonus", rules=RULES)


def to_the_flop_decision(dealer) -> None:
    dealer.tap("Start round 1")
    dealer.set_seat(1, "10", "5")
    dealer.tap("No more bets")
    dealer.tap("Cards dealt")


def test_the_dealer_undoes_a_flop_wager_alone(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    to_the_flop_decision(dealer)
    dealer.tap("Seat 1: Flop Wager $20.00")
    expect(dealer.prompt).to_have_attribute("data-step", "flop")
    assert Wager.objects.get(round__table=table, seat=1, wager="flop").amount == 20_00  # twice the $10 Ante
    undo = dealer.state.locator("form.undo button")
    expect(undo).to_have_text("Undo: seat 1's Flop Wager")
    dealer.tap(undo.text_content().strip())
    expect(dealer.prompt).to_have_attribute("data-step", "flop_decision")
    expect(dealer.prompt).to_have_attribute("data-seat", "1")
    assert not Wager.objects.filter(round__table=table, seat=1, wager="flop").exists()
    assert not Approval.objects.filter(round__table=table).exists()  # no floorperson was needed


def test_a_wrong_flop_is_corrected_with_the_floorpersons_approval(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    floor = tablet("floor", "/pit/")
    to_the_flop_decision(dealer)
    dealer.tap("Seat 1: Flop Wager $20.00")
    dealer.enter_cards("Ks", "9d", "5c")  # the flop was Q♠ 9♦ 5♣
    dealer.tap("Seat 1: Check")
    expect(dealer.prompt).to_have_attribute("data-step", "turn")

    menu = dealer.page.locator("details.irregularity")
    expect(menu.locator("summary")).to_have_text("Irregularity · correction ▾")
    menu.locator("summary").click()
    flop = menu.locator("#corrections-menu button", has_text="the board's cards")
    dealer.tap(flop.text_content().strip())  # a confirming tap: it asks a floorperson
    expect(dealer.prompt).to_contain_text("Waiting for a floorperson to decide the correction")
    expect(dealer.page.locator("#corrections-menu")).to_have_count(0)

    item = floor.page.locator("article.pit-item")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("take back entry")
    expect(item).to_contain_text("seat 1's Check instead of a Turn Wager")
    approve = item.get_by_role("button", name="Approve").element_handle()
    approve.click()
    assert approve.text_content().startswith("Tap again to confirm: Approve: Correction asked")
    floor.page.wait_for_timeout(CONFIRM_GAP_MS)
    approve.click()
    expect(floor.page.locator("#pit-state")).to_contain_text("Nothing waits for a floorperson")

    # The dealer's tablet is back at the flop, with the Flop Wager standing.
    expect(dealer.prompt).to_have_attribute("data-step", "flop")
    dealer.enter_cards("Qs", "9d", "5c")
    expect(dealer.prompt).to_have_attribute("data-step", "turn_decision")
    rnd = Round.objects.get(table=table)
    correction = Approval.objects.get(round=rnd, kind="correction")
    assert (correction.status, correction.requested_by.username, correction.decided_by.username) == (
        "approved", "dealer", "floor")
    kinds = list(RoundEvent.objects.filter(round=rnd).order_by("seq").values_list("action__type", "actor__username"))
    assert kinds[-3:] == [("correct", "dealer"), ("approve", "floor"), ("cards", "dealer")]
    assert Wager.objects.get(round=rnd, seat=1, wager="flop").amount == 20_00


def test_a_round_started_by_mistake_is_cancelled(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    dealer.tap("Start round 1")
    button = dealer.state.get_by_role("button", name="Cancel round: started by mistake")
    assert button.get_attribute("data-confirm") is not None
    dealer.tap("Cancel round: started by mistake")
    expect(dealer.state.get_by_role("button", name="Start round 2")).to_be_visible()
    rnd = Round.objects.get(table=table)
    assert rnd.status == "cancelled" and rnd.events.get().action["type"] == "cancel"
