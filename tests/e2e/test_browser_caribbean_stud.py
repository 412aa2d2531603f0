"""A whole round of Caribbean Stud Poker (Chapter 639a) on the tablets.

The dealer enters the dealer's up card at the deal (the layout then shows it beside four covers
and "5 cards"), taps each seat's Bet Wager or fold, enters the four hole cards at the reveal and
each seat's five cards from the dealer's right.  The settlement lines are checked against amounts
worked out by hand from § 639a.12; a payout waits for a floorperson; the supervisor's round page
and its round sheet settle to the same lines.
"""

import pytest
from playwright.sync_api import expect
from test_browser_other_games import check_history, line_key

from games.models import Round, Table

pytestmark = pytest.mark.browser

# Caribbean Stud Bonus Wager on Paytable A, a manual shoe; a seat's payout of $150.00 or more waits
# for a floorperson.  The stub count is not due (the table's first round).
CS_RULES = {"bonus_paytable": "A", "dealing_method": "manual_shoe", "approval_threshold": "150.00"}

CS_UP, CS_HOLE = "Kd", ("Ac", "9h", "6s", "3c")
CS_SEATS = {1: ("Qc", "Qd", "Qs", "4s", "4d"), 4: ("As", "Qh", "Jd", "8d", "4c"), 5: ("Ts", "Th", "5c", "5d", "2h")}

# Settlement, worked out by hand from 58 Pa. Code §§ 639a.11-639a.12 (2014 text; amounts in cents).
#
# The dealer's K♦ up, A♣ 9♥ 6♠ 3♣ down: ace-king-nine-six-three, "an ace-king or better", so the
# dealer qualifies (§ 639a.11(c)(3)(ii)).  Seats are settled from the dealer's right: 5, 4, 1.
#
# Seat 2 — Ante $25; folds (§ 639a.11(b)): the Ante is forfeited, $25.00 collected at the decision.
# Seat 5 — Ante $10, Bonus $5; Bet $20 (twice the Ante).  T♠ T♥ 5♣ 5♦ 2♥, two pair, beats the
#   dealer: the Ante 1 to 1 (§ 639a.12(a)) $10.00; the Bet on § 639a.12(b), two pair 2 to 1:
#   2 × $20 = $40.00; the Bonus on Paytable A of § 639a.12(c), two pair 3 to 1: 3 × $5 = $15.00.
#   $65.00: below $150.00.
# Seat 4 — Ante $5; Bet $10.  A♠ Q♥ J♦ 8♦ 4♣, ace-queen high, lower than the dealer's ace-king:
#   § 639a.11(c)(3)(ii)(A) collects the Ante $5.00 and the Bet $10.00.
# Seat 1 — Ante $10, Bonus $5; Bet $20.  Q♣ Q♦ Q♠ 4♠ 4♦, a full house: the Ante $10.00; the Bet
#   7 to 1: 7 × $20 = $140.00; the Bonus, full house 50 to 1: 50 × $5 = $250.00.  $400.00 ≥ $150.00:
#   a floorperson approves.
#
# Paid 1000 + 4000 + 1500 + 1000 + 14000 + 25000 = $465.00; collected 2500 + 500 + 1000 = $40.00.
CS_EXPECTED = {  # (seat, wager): (stake, outcome, amount)
    (2, "ante"): (2500, "lose", 2500),
    (5, "ante"): (1000, "win", 1000),
    (5, "bet"): (2000, "win", 4000),
    (5, "bonus"): (500, "win", 1500),
    (4, "ante"): (500, "lose", 500),
    (4, "bet"): (1000, "lose", 1000),
    (1, "ante"): (1000, "win", 1000),
    (1, "bet"): (2000, "win", 14000),
    (1, "bonus"): (500, "win", 25000),
}


@pytest.fixture
def cs_table(transactional_db) -> Table:
    return Table.objects.create(name="CSP-E2E", game="caribbean-stud", rules=CS_RULES, training=False)


def test_a_caribbean_stud_round(tablet, cs_table):
    dealer = tablet("dealer", f"/tables/{cs_table.id}/")
    floor = tablet("floor", "/pit/")

    dealer.tap("Start round 1")
    dealer.set_wagers(1, ante="10", bonus="5")
    dealer.set_wagers(2, ante="25")
    dealer.set_wagers(4, ante="5")
    dealer.set_wagers(5, ante="10", bonus="5")
    expect(dealer.page.locator("#seat-5")).to_contain_text("Caribbean Stud Bonus Wager $5.00")
    dealer.tap("No more bets")

    # The deal: five cards each, the dealer's last face up; the dealer enters the up card.
    expect(dealer.prompt).to_contain_text("§ 639a.8")
    expect(dealer.prompt).to_contain_text("commonly played")
    expect(dealer.prompt).to_contain_text("seats 1, 2, 4, 5")
    expect(dealer.page.locator("#zone-dealer .card.back")).to_have_count(5)
    dealer.enter_cards(CS_UP)
    zone = dealer.page.locator("#zone-dealer")
    expect(zone.locator(".card:not(.back)")).to_have_count(1)
    expect(zone.locator(".card.back")).to_have_count(4)
    expect(dealer.page.locator("#zone-dealer-count")).to_contain_text("5 cards")

    # The Bet Wager of twice the Ante, or fold, clockwise (§ 639a.11(b)).
    expect(dealer.prompt).to_contain_text("§ 639a.11(b)")
    dealer.screenshot("cs-mid-round.png")
    dealer.tap("Seat 1: Bet Wager $20.00")
    dealer.tap("Seat 2: Fold")
    expect(dealer.page.locator("#seat-2")).to_contain_text("folded")
    dealer.tap("Seat 4: Bet Wager $10.00")
    dealer.tap("Seat 5: Bet Wager $20.00")

    # The reveal, then each seat with a Bet Wager from the dealer's right (§ 639a.11(c)).
    expect(dealer.prompt).to_contain_text("§ 639a.11(c)")
    dealer.enter_cards(*CS_HOLE)
    expect(zone.locator(".card.back")).to_have_count(0)
    for seat in (5, 4, 1):
        expect(dealer.prompt).to_have_attribute("data-seat", str(seat))
        dealer.enter_cards(*CS_SEATS[seat])

    expect(dealer.prompt).to_contain_text("Waiting for a floorperson")
    item = floor.page.locator("article.pit-item")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Seat 1: payout of $400.00")

    lines = dealer.settlement()
    assert line_key(lines) == {key: (outcome, amount) for key, (_, outcome, amount) in CS_EXPECTED.items()}
    assert len(lines) == len(CS_EXPECTED)
    dealer.screenshot("cs-settlement.png")

    item.get_by_role("button", name="Approve").click()
    expect(floor.page.locator("#pit-state")).to_contain_text("Nothing waits for a floorperson")
    expect(dealer.page.locator("#approvals li[data-status=approved]")).to_contain_text("Approved")
    dealer.tap("Close the round")
    expect(dealer.state).to_have_attribute("data-status", "closed")

    rnd = Round.objects.get(table=cs_table)
    assert (rnd.status, rnd.total_paid, rnd.total_collected) == (Round.Status.CLOSED, 46500, 4000)
    check_history(tablet, rnd, CS_EXPECTED, "Caribbean Stud Poker · table CSP-E2E · round 1")
