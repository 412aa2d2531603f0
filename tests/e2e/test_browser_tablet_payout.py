"""A payout waiting for a floorperson never looks payable, each seat shows one net figure, and
the settlement is in view when the dealer reaches it.

The round of tests/e2e/tablet_rounds.py, worked out by hand from §§ 647a.11-647a.12 (the board
K♠ 9♦ 5♣ 2♥ 7♠, the dealer king high, K Q J 9 7):

Seat 3, A♠ A♦: a pair of aces beats king high but is below a straight: the Ante $10 is returned
(§ 647a.11(h)(2)(ii)), the Flop Wager paid 1 to 1, $20 (§ 647a.12(a)), the Bonus "Ace-ace" 30 to
1 on Paytable A, 30 x $5 = $150 (§ 647a.12(b)).  Paid $170.00, at least the table's $100.00: a
floorperson must approve before the seat is paid.

Seat 2, 4♣ 4♦: a pair of fours (4 4 K 9 7) beats king high, below a straight: Ante returned,
Flop $20 paid; Bonus "A pair of 10-10 through 2-2", 3 to 1: 3 x $5 = $15.  Paid $35.00: no
approval.

Seat 1, 8♥ 6♦: 9 8 7 6 5, a straight: Ante $10 and Flop $20 paid 1 to 1 (§ 647a.11(h)(2)(ii),
§ 647a.12(a)); 8-6 of different suits is no Bonus hand: the Bonus $5 is collected.
Pay $30.00, collect $5.00: net, pay $25.00.
"""

from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from playwright.sync_api import expect

from games.models import Approval, Table
from tests.e2e.tablet_rounds import RULES, play_to_the_seats

pytestmark = pytest.mark.browser

WAIT = "WAIT — floorperson approval pending"


@pytest.fixture
def table(transactional_db) -> Table:
    return Table.objects.create(name="TH-WAIT", game="texas-holdem-bonus", rules=RULES)


def dealer_column(row) -> str:
    return row.locator("td").nth(4).inner_text()


def test_a_pending_payout_shows_wait_until_the_floorperson_approves(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    floor = tablet("floor", "/pit/")
    play_to_the_seats(dealer)
    dealer.enter_cards("As", "Ad")

    # Seat 3's paying lines say WAIT, in place of "pay"; its returned Ante says what it says.
    held = dealer.page.locator("#settlement tr[data-seat='3'][data-held='1']")
    expect(held).to_have_count(2)  # the Flop Wager and the Bonus
    for row in held.all():
        assert WAIT in dealer_column(row)
        assert "pay" not in dealer_column(row).replace("once approved", "")
    assert dealer_column(dealer.page.locator("#settlement tr[data-seat='3'][data-wager='ante']")) == "return $10.00"
    total = dealer.page.locator("#seat-total-3")
    expect(total).to_contain_text(f"{WAIT}, then pay $170.00")
    # In a style of its own: amber stripes, not the plain cell of a payable line.
    style = held.first.locator("td.held-cell").evaluate("cell => getComputedStyle(cell).backgroundImage")
    assert "repeating-linear-gradient" in style
    # The dealer's prompt (seat 2's cards now) says so too.
    expect(dealer.prompt).to_have_attribute("data-seat", "2")
    expect(dealer.prompt.locator(".held-note")).to_contain_text("do not pay seat 3 yet")

    # Seat 2: $35.00, no approval; its lines are payable at once.
    dealer.enter_cards("4c", "4d")
    for row in dealer.page.locator("#settlement tr[data-seat='2'][data-outcome='win']").all():
        assert dealer_column(row).startswith("pay ")
    expect(dealer.page.locator("#seat-total-2")).to_have_attribute("data-net", "pay $35.00")

    # The floorperson approves: seat 3's pay is released on the dealer's tablet.
    floor.page.locator("article.pit-item").get_by_role("button", name="Approve").click()
    expect(held).to_have_count(0)
    bonus = dealer.page.locator("#settlement tr[data-seat='3'][data-wager='bonus'] td")
    expect(bonus.nth(4)).to_have_text("pay $150.00")
    expect(total).not_to_contain_text(WAIT)
    expect(total).to_have_attribute("data-net", "pay $170.00")
    expect(dealer.prompt.locator(".held-note")).to_have_count(0)
    # When it was approved, in the casino's time zone, named as every time shown is ("09:15:02 EST").
    decided = Approval.objects.get(round__table=table).decided_at.astimezone(ZoneInfo(settings.TIME_ZONE))
    assert decided.strftime("%Z") in ("EST", "EDT")
    expect(dealer.page.locator("#approvals")).to_contain_text(f"approved by floor at {decided:%H:%M:%S %Z}")

    # Seat 1: pay $30.00, collect $5.00, one net figure beside its lines.
    dealer.enter_cards("8h", "6d")
    seat_1 = dealer.page.locator("#seat-total-1")
    expect(seat_1).to_have_attribute("data-net", "pay $25.00")
    expect(seat_1).to_contain_text("pay $25.00")
    expect(seat_1).to_contain_text("pay $30.00 · collect $5.00")


def test_the_settlement_is_in_view_first_when_the_dealer_reaches_it(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    play_to_the_seats(dealer)
    layout = dealer.page.locator("section.layout")
    assert dealer.page.locator("#settlement").count() == 0
    dealer.enter_cards("As", "Ad")
    settlement = dealer.page.locator("#settlement")
    expect(settlement).to_be_visible()
    # Above the layout.
    assert settlement.evaluate(
        "(s, layout) => !!(s.compareDocumentPosition(layout) & Node.DOCUMENT_POSITION_FOLLOWING)",
        layout.element_handle())
    # Its first line (seat 3's, the seat just turned) and seat 3's total are on the screen: the dealer
    # does not scroll to find them.
    dealer.page.wait_for_timeout(300)  # any scroll the update makes is done
    first_line = settlement.locator("tr[data-seat]").first.bounding_box()
    total = dealer.page.locator("#seat-total-3").bounding_box()
    bottom = total["y"] + total["height"]
    assert first_line["y"] >= 0, f"the first line starts {first_line['y']}px up, above the screen"
    assert bottom <= dealer.page.viewport_size["height"], f"seat 3's total ends {bottom}px down, below the screen"
    dealer.screenshot("dealer-settlement-wait.png", full_page=False)


def test_a_refused_payout_tells_the_dealer_why_and_the_floorpersons_note(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    floor = tablet("floor", "/pit/")
    play_to_the_seats(dealer)
    dealer.enter_cards("As", "Ad")  # seat 3's $170.00 waits for the floorperson (worked out above)
    item = floor.page.locator("article.pit-item")
    expect(item).to_have_count(1)
    request = table.rounds.get().approvals.get()
    floor.page.locator(f"#pit-note-{request.id}").fill("the board shows no second ace")
    refuse = item.get_by_role("button", name="Refuse").element_handle()
    refuse.click()
    floor.page.wait_for_timeout(600)
    refuse.click()  # a refusal takes a confirming tap
    expect(floor.page.locator("#pit-state")).to_contain_text("Nothing waits for a floorperson")
    expect(dealer.prompt).to_have_attribute("data-seat", "3")
    expect(dealer.prompt).to_contain_text("The floorperson refused seat 3's payout: check and re-enter seat 3's cards "
                                          "(refused: payout of $170.00 (table requires approval from $100.00)). "
                                          "The floorperson's note: the board shows no second ace.")
    dealer.screenshot("dealer-payout-refused.png", full_page=False)
