"""A whole round of Mississippi Stud (Chapter 655a) on the tablets.

The test creates its table, plays one round as a dealer on the tablet with fixed cards entered as
they become visible, checks the settlement lines against amounts worked out by hand from
§ 655a.12, has a floorperson approve the large payout on the pit page, and checks that the
supervisor's round page shows the round and that its round sheet settles to the same lines.

Screenshots of the tablet mid-round and at settlement go where tests/e2e/conftest.py says.
"""

import pytest
from playwright.sync_api import expect
from test_browser_other_games import check_history, line_key

from games.models import Approval, Round, Table

pytestmark = pytest.mark.browser

# A manual shoe; a seat's payout of $500.00 or more waits for a floorperson.  The stub count is not
# due (the table's first round).
MS_RULES = {"dealing_method": "manual_shoe", "approval_threshold": "500.00"}
MS_BOARD = ("Jh", "9c", "4d")
MS_SEATS = {1: ("Ah", "Jc"), 4: ("9s", "9h"), 6: ("Tc", "Td")}

# Settlement, worked out by hand from § 655a.1, 2014 § 655a.11(h)-(i) and § 655a.12(a) (cents).
# The community cards are J♥ 9♣ 4♦.  Seats still in are settled from the dealer's right: 6, 4, 1.
#
# Seat 5 — Ante $5, folds on 3rd Street: the Ante is collected at the fold, $5.00.
# Seat 2 — Ante $10, 3rd Street $20 (twice the Ante), folds on 4th Street: the Ante $10.00 and
#   the 3rd Street Wager $20.00 are collected at the fold.
# Seat 6 — Ante $5; 3rd Street $5, 4th $10, 5th $15 (one, two, three times the Ante).
#   T♣ T♦ with J♥ 9♣ 4♦: a pair of tens, "Pair of 6s to 10s", a push on every wager.
# Seat 4 — Ante $25; 3rd, 4th and 5th Street $75 each (three times the Ante).
#   9♠ 9♥ with 9♣: three nines, 3 to 1: $75.00 on the Ante, $225.00 on each Street Wager.
#   Paid $75 + 3 × $225 = $750.00 ≥ $500.00: a floorperson approves.
# Seat 1 — Ante $10; 3rd Street $10, 4th $20, 5th $30.
#   A♥ J♣ with J♥: a pair of jacks, "Pair of jacks or better", 1 to 1: $10, $10, $20, $30.
#
# Paid 7500 + 3 × 22500 + 1000 + 1000 + 2000 + 3000 = $820.00; collected 500 + 1000 + 2000 = $35.00.
# The most paid on a hand, $750.00, is far below the $50,000 limit of § 655a.12(b).
MS_EXPECTED = {  # (seat, wager): (stake, outcome, amount)
    (5, "ante"): (500, "lose", 500),
    (2, "ante"): (1000, "lose", 1000),
    (2, "third_street"): (2000, "lose", 2000),
    (6, "ante"): (500, "push", 0),
    (6, "third_street"): (500, "push", 0),
    (6, "fourth_street"): (1000, "push", 0),
    (6, "fifth_street"): (1500, "push", 0),
    (4, "ante"): (2500, "win", 7500),
    (4, "third_street"): (7500, "win", 22500),
    (4, "fourth_street"): (7500, "win", 22500),
    (4, "fifth_street"): (7500, "win", 22500),
    (1, "ante"): (1000, "win", 1000),
    (1, "third_street"): (1000, "win", 1000),
    (1, "fourth_street"): (2000, "win", 2000),
    (1, "fifth_street"): (3000, "win", 3000),
}
COMMON = "Procedure as commonly played; the Pennsylvania section is not available"


@pytest.fixture
def ms_table(transactional_db) -> Table:
    return Table.objects.create(name="MS-E2E", game="mississippi-stud", rules=MS_RULES, training=False)


def test_a_mississippi_stud_round(tablet, ms_table):
    dealer = tablet("dealer", f"/tables/{ms_table.id}/")
    floor = tablet("floor", "/pit/")

    dealer.tap("Start round 1")
    for seat, ante in ((1, "10"), (2, "10"), (4, "25"), (5, "5"), (6, "5")):
        dealer.set_wagers(seat, ante=ante)
    dealer.tap("No more bets")
    # The dealing is Let It Ride's, and the prompt says so (§§ 655a.8-655a.10 are not available).
    expect(dealer.prompt).to_contain_text("§ 643a.8(d)")
    expect(dealer.prompt).to_contain_text(COMMON)
    expect(dealer.prompt).to_contain_text("three community cards face down")
    dealer.tap("Cards dealt")
    expect(dealer.page.locator(".dealer-area .cards.board .card.back")).to_have_count(3)
    expect(dealer.page.locator(".dealer-area")).to_contain_text("Community cards")

    # 3rd Street, clockwise from the dealer's left: one, two or three times the Ante, or fold (§ 655a.1).
    expect(dealer.prompt).to_contain_text("§ 655a.1")
    expect(dealer.prompt).to_contain_text("Seat 1 (Ante $10.00): 3rd Street Wager of $10.00, $20.00 or $30.00, "
                                          "or Fold?")
    expect(dealer.prompt.locator("form.amount-entry")).to_have_count(0)  # nothing between the multiples
    # One tap for every seat gives each the same multiple of its own Ante ($10, $10, $25, $5, $5 once).
    expect(dealer.state.get_by_role("button", name="Seats 1, 2, 4, 5, 6: 3rd Street Wager 1× each Ante",
                                    exact=True)).to_have_count(1)
    dealer.tap("Seat 1: 3rd Street Wager $10.00")
    dealer.tap("Seat 2: 3rd Street Wager $20.00")
    dealer.tap("Seat 4: 3rd Street Wager $75.00")
    dealer.tap("Seat 5: Fold")
    expect(dealer.page.locator("#seat-5")).to_contain_text("folded")
    dealer.tap("Seat 6: 3rd Street Wager $5.00")

    # The first community card, then 4th Street.
    expect(dealer.prompt).to_contain_text("first community card")
    dealer.enter_cards(MS_BOARD[0])
    expect(dealer.page.locator(".dealer-area .cards.board .card.back")).to_have_count(2)
    expect(dealer.prompt).to_contain_text("4th Street Wager")
    dealer.tap("Seat 1: 4th Street Wager $20.00")
    dealer.screenshot("ms-mid-round.png")
    dealer.tap("Seat 2: Fold")
    dealer.tap("Seat 4: 4th Street Wager $75.00")
    dealer.tap("Seat 6: 4th Street Wager $10.00")

    # The second community card, then 5th Street (the folded seats are asked nothing more).
    dealer.enter_cards(MS_BOARD[1])
    expect(dealer.prompt).to_contain_text("Seat 1 (Ante $10.00): 5th Street Wager")
    dealer.tap("Seat 1: 5th Street Wager $30.00")
    expect(dealer.prompt).to_have_attribute("data-seat", "4")
    dealer.tap("Seat 4: 5th Street Wager $75.00")
    dealer.tap("Seat 6: 5th Street Wager $15.00")

    # The third community card, then each seat still in from the dealer's right (2014 § 655a.11(i)).
    dealer.enter_cards(MS_BOARD[2])
    for seat in (6, 4, 1):
        expect(dealer.prompt).to_have_attribute("data-seat", str(seat))
        expect(dealer.prompt).to_contain_text("§ 655a.11(i)")
        dealer.enter_cards(*MS_SEATS[seat])

    # Seat 4's $750.00 waits for the floorperson.
    expect(dealer.prompt).to_contain_text("Waiting for a floorperson")
    item = floor.page.locator("article.pit-item")
    expect(item).to_contain_text("Seat 4: payout of $750.00")

    lines = dealer.settlement()
    assert line_key(lines) == {key: (outcome, amount) for key, (_, outcome, amount) in MS_EXPECTED.items()}
    assert len(lines) == len(MS_EXPECTED)
    order = [seat for seat, *_ in lines]
    assert [s for s in dict.fromkeys(order) if s in (6, 4, 1)] == [6, 4, 1], "2014 § 655a.11(i) order"
    expect(dealer.page.locator("#settlement tr[data-seat='2'][data-wager='third_street']")).to_contain_text(
        "done at the decision")
    dealer.screenshot("ms-settlement.png")

    item.get_by_role("button", name="Approve").click()
    expect(floor.page.locator("#pit-state")).to_contain_text("Nothing waits for a floorperson")
    dealer.tap("Close the round")
    expect(dealer.state).to_have_attribute("data-status", "closed")

    rnd = Round.objects.get(table=ms_table)
    assert (rnd.status, rnd.total_paid, rnd.total_collected) == (Round.Status.CLOSED, 82000, 3500)
    approval = Approval.objects.get(round=rnd)
    assert (approval.status, approval.seat) == ("approved", 4)
    supervisor = check_history(tablet, rnd, MS_EXPECTED, "Mississippi Stud · table MS-E2E · round 1")
    supervisor.screenshot("ms-supervisor.png")
