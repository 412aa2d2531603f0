"""A whole round of Four Card Poker (Chapter 641a) on the tablets.

The dealer enters the dealer's up card at the deal (the layout shows it beside five covers and
"6 cards"), takes each seat's Play Wager (a quick button, or an amount typed) or fold, enters the
five hole cards and each seat's five cards from the dealer's right, then the folded seat's cards
from under its Aces Up Wager.  The lines are checked against amounts worked out by hand from
§ 641a.12; the supervisor's round page and its round sheet settle to the same lines.
"""

import pytest
from playwright.sync_api import expect
from test_browser_other_games import check_history, line_key

from games.models import Round, Table

pytestmark = pytest.mark.browser

FCP_RULES = {"aces_up_paytable": "A", "dealing_method": "manual_shoe", "approval_threshold": "300.00"}

FCP_UP, FCP_HOLE = "Kd", ("Kc", "Jh", "9s", "6h", "3c")
FCP_SEATS = {1: ("8s", "8h", "8c", "8d", "2h"), 2: ("As", "Ah", "7c", "5d", "4h"), 3: ("Qc", "Th", "9c", "5h", "4d"),
             5: ("Qs", "Qh", "7s", "7d", "2c")}

# Settlement, worked out by hand from 58 Pa. Code §§ 641a.11-641a.12 (2014 text; amounts in cents).
#
# The dealer's K♦ up, K♣ J♥ 9♠ 6♥ 3♣ down: the best four of six are K K J 9, a pair of kings.
# Seats are settled from the dealer's right (§ 641a.11(c)): 5, 2, 1; then the folded seat 3's Aces Up.
#
# Seat 3 — Ante $25, Aces Up $5; folds: the Ante is forfeited at once (§ 641a.11(b)), $25.00.
# Seat 5 — Ante $10; Play $15 (typed: one to three times the Ante).  Q Q 7 7, two pair, beats the
#   dealer's kings: Ante and Play 1 to 1 (§ 641a.12(a)): $10.00 and $15.00.
# Seat 2 — Aces Up $10 alone (§ 641a.7(d)(2)).  A A 7 5: a pair of aces, Paytable A 1 to 1: $10.00.
# Seat 1 — Ante $10, Aces Up $5; Play $30 (three times the Ante).  Four 8s: Ante $10.00, Play $30.00;
#   the Ante Bonus, four-of-a-kind 25 to 1 on $10 (§ 641a.12(b)): $250.00; Aces Up four-of-a-kind
#   50 to 1 on $5: $250.00.  $540.00 ≥ $300.00: a floorperson approves.
# Seat 3's Aces Up: Q T 9 5, no paying hand (§ 641a.11(c)(4)): $5.00 collected.
#
# Paid 1000 + 1500 + 1000 + 1000 + 3000 + 25000 + 25000 = $575.00; collected 2500 + 500 = $30.00.
FCP_EXPECTED = {  # (seat, wager): (stake, outcome, amount)
    (3, "ante"): (2500, "lose", 2500),
    (5, "ante"): (1000, "win", 1000),
    (5, "play"): (1500, "win", 1500),
    (2, "aces_up"): (1000, "win", 1000),
    (1, "ante"): (1000, "win", 1000),
    (1, "play"): (3000, "win", 3000),
    (1, "ante_bonus"): (0, "win", 25000),
    (1, "aces_up"): (500, "win", 25000),
    (3, "aces_up"): (500, "lose", 500),
}


@pytest.fixture
def fcp_table(transactional_db) -> Table:
    return Table.objects.create(name="FCP-E2E", game="four-card-poker", rules=FCP_RULES, training=False)


def test_a_four_card_poker_round(tablet, fcp_table):
    dealer = tablet("dealer", f"/tables/{fcp_table.id}/")
    floor = tablet("floor", "/pit/")

    dealer.tap("Start round 1")
    expect(dealer.prompt).to_contain_text("Ante or Aces Up Wager")
    dealer.set_wagers(1, ante="10", aces_up="5")
    dealer.set_wagers(2, aces_up="10")
    dealer.set_wagers(3, ante="25", aces_up="5")
    dealer.set_wagers(5, ante="10")
    dealer.tap("No more bets")

    expect(dealer.prompt).to_contain_text("§ 641a.8")
    expect(dealer.prompt).to_contain_text("six to the dealer")
    dealer.enter_cards(FCP_UP)
    zone = dealer.page.locator("#zone-dealer")
    expect(zone.locator(".card.back")).to_have_count(5)
    expect(dealer.page.locator("#zone-dealer-count")).to_contain_text("6 cards")

    # The Play Wager, one to three times the Ante, or fold, clockwise; seat 2 has no Ante and is not asked.
    expect(dealer.prompt).to_contain_text("§ 641a.11(b)")
    dealer.screenshot("fcp-mid-round.png")
    dealer.tap("Seat 1: Play Wager $30.00")
    expect(dealer.prompt).to_contain_text("Seat 3")
    dealer.tap("Seat 3: Fold")
    expect(dealer.prompt).to_contain_text("Seat 5")
    dealer.place_amount("15")

    expect(dealer.prompt).to_contain_text("§ 641a.11(c)")
    dealer.enter_cards(*FCP_HOLE)
    for seat in (5, 2, 1, 3):
        expect(dealer.prompt).to_have_attribute("data-seat", str(seat))
        dealer.enter_cards(*FCP_SEATS[seat])

    expect(dealer.prompt).to_contain_text("Waiting for a floorperson")
    item = floor.page.locator("article.pit-item")
    expect(item).to_contain_text("Seat 1: payout of $540.00")
    lines = dealer.settlement()
    assert line_key(lines) == {key: (outcome, amount) for key, (_, outcome, amount) in FCP_EXPECTED.items()}
    assert len(lines) == len(FCP_EXPECTED)
    dealer.screenshot("fcp-settlement.png")

    item.get_by_role("button", name="Approve").click()
    expect(floor.page.locator("#pit-state")).to_contain_text("Nothing waits for a floorperson")
    expect(dealer.page.locator("#approvals li[data-status=approved]")).to_contain_text("Approved")
    dealer.tap("Close the round")
    expect(dealer.state).to_have_attribute("data-status", "closed")

    rnd = Round.objects.get(table=fcp_table)
    assert (rnd.status, rnd.total_paid, rnd.total_collected) == (Round.Status.CLOSED, 57500, 3000)
    check_history(tablet, rnd, FCP_EXPECTED, "Four Card Poker · table FCP-E2E · round 1")
