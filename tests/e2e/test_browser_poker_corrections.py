"""A Poker hand's corrections on the tablets, in chromium: the blinds marked on the seats dealt in, a
mis-tapped fold taken back with the Undo that names it, a fold something depends on corrected once a
floorperson approves it on the pit, and the next hand started in one tap.

Screenshots of these screens go where tests/e2e/conftest.py says."""

import pytest
from playwright.sync_api import expect

from games.models import Approval, Round, RoundEvent, Table
from tests.e2e.conftest import CONFIRM_GAP_MS
from tests.e2e.test_browser_poker import RULES, sit

pytestmark = pytest.mark.browser


@pytest.fixture
def poker_table(transactional_db) -> Table:
    return Table.objects.create(name="POKER-FIX", game="poker", rules=RULES, training=False)


def dealt(dealer) -> None:
    """Seats 1, 3, 5 and 8 dealt in: the button seat 8 (§ 637a.11(c)(1)(i)), the blinds seats 1 and 3
    (§ 637a.11(d)); seat 5 acts first (§ 637a.11(g))."""
    dealer.tap("Start round 1")
    for seat, amount in ((1, "100"), (3, "50"), (5, "200"), (8, "80")):
        sit(dealer, seat, amount)
    dealer.tap("Start the hand")
    layout = dealer.page.locator("#poker-layout")
    expect(layout.locator("#seat-8 .dealer-button")).to_be_visible()
    expect(layout.locator("#seat-1 .blind")).to_have_text("SB")
    expect(layout.locator("#seat-3 .blind")).to_have_text("BB")
    expect(layout.locator(".blind")).to_have_count(2)
    for seat in (1, 3, 5, 8):
        expect(layout.locator(f"#seat-{seat} .status")).to_have_text("in the hand")
    expect(dealer.prompt.locator(".upcoming")).to_have_text("next: seat 5 to act")
    dealer.screenshot("poker-blinds.png")
    dealer.tap("Cards dealt")
    expect(dealer.prompt).to_contain_text("seat 5 to act")


def test_a_mistapped_fold_is_undone_on_the_tablet_and_the_next_hand_starts_in_one_tap(tablet, poker_table):
    dealer = tablet("dealer", f"/tables/{poker_table.id}/")
    dealt(dealer)
    dealer.tap("Seat 5: Fold")
    expect(dealer.page.locator("#seat-5 .status")).to_have_text("folded")
    undo = dealer.state.locator("form.undo button")
    expect(undo).to_have_text("Undo: seat 5's fold")
    dealer.screenshot("poker-undo.png")
    dealer.tap("Undo: seat 5's fold")
    expect(dealer.prompt).to_have_attribute("data-seat", "5")
    expect(dealer.page.locator("#seat-5")).to_have_class("poker-seat active")
    rnd = Round.objects.get(table=poker_table)
    assert list(RoundEvent.objects.filter(round=rnd).order_by("-seq").values_list("action__type", flat=True)[:2]) == [
        "undo", "decide"]
    assert not Approval.objects.filter(round=rnd).exists()  # no floorperson was needed

    # The hand ends on folds to the big blind; the next one starts in one tap.
    for label in ("Seat 5: Fold", "Seat 8: Fold", "Seat 1: Fold"):
        dealer.tap(label)
    dealer.tap("Close the hand")
    expect(dealer.page.locator("#next-hand-seats")).to_contain_text("seats 1, 3, 5, 8")
    dealer.screenshot("poker-start-hand.png")
    dealer.tap("Start the hand (round 2)")
    # The button moved on to seat 1, the blinds to seats 3 and 5 (§ 637a.11(c)(2)).
    expect(dealer.prompt).to_have_attribute("data-step", "deal")
    expect(dealer.page.locator("#seat-1 .dealer-button")).to_be_visible()
    expect(dealer.page.locator("#seat-3 .blind")).to_have_text("SB")
    expect(dealer.page.locator("#seat-5 .blind")).to_have_text("BB")
    second = Round.objects.get(table=poker_table, number=2)
    assert list(second.events.values_list("action__type", flat=True)) == ["start_hand"]


def test_a_fold_is_corrected_once_a_floorperson_approves(tablet, poker_table):
    dealer = tablet("dealer", f"/tables/{poker_table.id}/")
    floor = tablet("floor", "/pit/")
    dealt(dealer)
    dealer.tap("Seat 5: Fold")
    dealer.tap("Seat 8: Call $2.00")
    expect(dealer.state.locator("form.undo button")).to_have_text("Undo: seat 8's call")

    menu = dealer.page.locator("details.irregularity")
    expect(menu.locator("summary")).to_have_text("Irregularity · correction ▾")
    menu.locator("summary").click()
    fold = menu.locator("#corrections-menu button", has_text="seat 5's fold")
    dealer.screenshot("poker-correction.png")
    dealer.tap(fold.text_content().strip())  # a confirming tap: it asks a floorperson
    expect(dealer.prompt).to_contain_text("Waiting for a floorperson to decide the correction")

    item = floor.page.locator("article.pit-item")
    expect(item).to_contain_text("take back entry 7 (seat 5's fold) and the 1 entry after it (seat 8's call)")
    approve = item.get_by_role("button", name="Approve").element_handle()
    approve.click()
    floor.page.wait_for_timeout(CONFIRM_GAP_MS)
    approve.click()
    expect(floor.page.locator("#pit-state")).to_contain_text("Nothing waits for a floorperson")

    # The dealer's tablet is back at seat 5's turn, seat 8's call taken back with the fold.
    expect(dealer.prompt).to_have_attribute("data-seat", "5")
    expect(dealer.page.locator("#seat-8")).to_have_attribute("data-bet", "0")
    dealer.tap("Seat 5: Call $2.00")
    expect(dealer.prompt).to_have_attribute("data-seat", "8")
    correction = Approval.objects.get(round__table=poker_table, kind="correction")
    assert (correction.status, correction.requested_by.username, correction.decided_by.username) == (
        "approved", "dealer", "floor")
