"""A whole round of Ultimate Texas Hold 'Em Poker (Chapter 653a) on the tablets.

The dealer plays one round with fixed cards entered as they become visible; the settlement lines
are checked against amounts worked out by hand from § 653a.12 (the arithmetic is in the
comments); the floorperson approves a payout on the pit page; the supervisor's round page shows
the round and its round sheet settles, through the same engine, to the same lines.

The live server, the browser and the ``Tablet`` helper are in tests/e2e/conftest.py.
"""

import pytest
from playwright.sync_api import expect
from test_browser_other_games import check_history, line_key

from games.models import Approval, Round, Table

pytestmark = pytest.mark.browser

# The Blind on Paytable A, the Trips on Paytable B, a manual shoe; a seat's payout of $150.00 or
# more waits for a floorperson.  The stub count is not due (the table's first round).
RULES = {"blind_paytable": "A", "trips_paytable": "B", "preflop_play": "4_or_3", "dealing_method": "manual_shoe",
         "approval_threshold": "150.00"}

FLOP, TURN_RIVER = ("9h", "8h", "2h"), ("9c", "5s")
DEALER = ("Ah", "Kh")
SEATS = {1: ("9d", "8d"), 2: ("7d", "6c"), 4: ("Qc", "Jc"), 5: ("As", "Ks")}

# Settlement, worked out by hand (amounts in cents):
#
# Board 9♥ 8♥ 2♥ 9♣ 5♠.  The dealer A♥ K♥: A♥ K♥ 9♥ 8♥ 2♥, an ace-high flush: a pair or better,
# so the dealer opens and the Ante plays.
#
# Seat 4 (settled first, from the dealer's right) — Ante $5, Blind $5; checks, then Play $10
#   after the Flop (twice the Ante).  Q♣ J♣: 9 9 Q J 8, a pair of nines, loses to the flush: the
#   Ante $5.00, the Blind $5.00 and the Play $10.00 are collected.
# Seat 2 — Ante $10, Blind $10; Play $30 before the Flop (three times the Ante).  7♦ 6♣: 9 8 7 6 5,
#   a straight, loses to the flush: the Ante $10.00, the Blind $10.00 (paid only when the player
#   wins) and the Play $30.00 are collected.
# Seat 1 — Ante $25, Blind $25, Trips $5; Play $100 before the Flop (four times the Ante).  9♦ 8♦:
#   9 9 9 8 8, a full house, beats the flush: § 653a.12(a) pays the Ante 1 to 1, $25.00, and the
#   Play 1 to 1, $100.00; § 653a.12(b) Paytable A, full house 3 to 1: 3 × $25 = $75.00; § 653a.12(c)
#   Paytable B, full house 8 to 1: 8 × $5 = $40.00.  Paid $240.00 ≥ $150.00: a floorperson approves.
# Seat 5 — Ante $10, Blind $10, Trips $5; checks twice and folds after the River: the Ante $10.00
#   and the Blind $10.00 are collected at once, the cards tucked under the Trips Wager, settled
#   last: A♠ K♠ with the board, 9 9 A K 8, a pair, below three-of-a-kind: $5.00 collected.
#
# Paid 2500 + 7500 + 10000 + 4000 = $240.00; collected 500 + 500 + 1000 + 1000 + 1000 + 3000 +
# 1000 + 1000 + 500 = $95.00.
EXPECTED = {  # (seat, wager): (stake, outcome, amount)
    (4, "ante"): (500, "lose", 500),
    (4, "blind"): (500, "lose", 500),
    (4, "play"): (1000, "lose", 1000),
    (2, "ante"): (1000, "lose", 1000),
    (2, "blind"): (1000, "lose", 1000),
    (2, "play"): (3000, "lose", 3000),
    (1, "ante"): (2500, "win", 2500),
    (1, "blind"): (2500, "win", 7500),
    (1, "play"): (10000, "win", 10000),
    (1, "trips"): (500, "win", 4000),
    (5, "ante"): (1000, "lose", 1000),
    (5, "blind"): (1000, "lose", 1000),
    (5, "trips"): (500, "lose", 500),
}


@pytest.fixture
def uth_table(transactional_db) -> Table:
    return Table.objects.create(name="UTH-E2E", game="ultimate-texas-holdem", rules=RULES, training=False)


def test_an_ultimate_texas_holdem_round(tablet, uth_table):
    dealer = tablet("dealer", f"/tables/{uth_table.id}/")
    floor = tablet("floor", "/pit/")
    expect(floor.page.locator("#pit-state")).to_contain_text("Nothing waits for a floorperson")

    # Wagers: an Ante and an equal Blind, and the optional Trips.
    dealer.tap("Start round 1")
    expect(dealer.prompt).to_contain_text("Blind Wager equal to it")
    expect(dealer.prompt).to_contain_text("procedure as commonly played".capitalize())
    dealer.set_wagers(1, ante="25", blind="25", trips="5")
    dealer.set_wagers(2, ante="10", blind="10")
    dealer.set_wagers(4, ante="5", blind="5")
    dealer.set_wagers(5, ante="10", blind="10", trips="5")
    expect(dealer.page.locator("#seat-5")).to_contain_text("Trips Wager $5.00")
    dealer.tap("No more bets")
    expect(dealer.prompt).to_contain_text("§ 677a.8(c)")
    expect(dealer.prompt).to_contain_text("seats 1, 2, 4, 5")
    dealer.tap("Cards dealt")

    # Before the Flop, clockwise: Play four or three times the Ante, or check.
    expect(dealer.prompt).to_contain_text("§ 653a.11")
    expect(dealer.prompt).to_contain_text("Seat 1 (Ante $25.00): Play Wager of $100.00 or $75.00, or Check?")
    dealer.tap("Seat 1: Play Wager $100.00")
    expect(dealer.prompt).to_contain_text("Seat 2 (Ante $10.00)")
    dealer.tap("Seat 2: Play Wager $30.00")
    expect(dealer.page.locator("#seat-2")).to_contain_text("Play Wager $30.00")
    dealer.tap("Seat 4: Check")
    expect(dealer.prompt).to_contain_text("Seat 5")
    dealer.tap("Seat 5: Check")
    expect(dealer.prompt).to_contain_text("Flop")
    dealer.enter_cards(*FLOP)

    # After the Flop, only those who checked: twice the Ante.
    expect(dealer.prompt).to_contain_text("Seat 4 (Ante $5.00): Play Wager $10.00, or Check?")
    dealer.screenshot("uth-mid-round.png")
    dealer.tap("Seat 4: Play Wager $10.00")
    expect(dealer.prompt).to_contain_text("Seat 5")
    dealer.tap("Seat 5: Check")
    expect(dealer.prompt).to_contain_text("the Turn and the River")
    dealer.enter_cards(*TURN_RIVER)

    # After the Turn and River: the Ante again, or fold.
    expect(dealer.prompt).to_contain_text("Seat 5 (Ante $10.00): Play Wager $10.00, or Fold?")
    dealer.tap("Seat 5: Fold")
    expect(dealer.page.locator("#seat-5")).to_contain_text("folded")

    # The dealer's two cards, then each seat that played from the dealer's right, then the folded
    # seat's Trips Wager.
    expect(dealer.prompt).to_contain_text("dealer's two cards")
    dealer.enter_cards(*DEALER)
    for seat in (4, 2, 1, 5):
        expect(dealer.prompt).to_have_attribute("data-seat", str(seat))
        dealer.enter_cards(*SEATS[seat])

    # Seat 1's $240.00 waits for the floorperson, who sees it on the pit without a reload.
    expect(dealer.prompt).to_contain_text("Waiting for a floorperson")
    item = floor.page.locator("article.pit-item")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Table UTH-E2E · Ultimate Texas Hold 'Em Poker · round 1")
    expect(item).to_contain_text("Seat 1: payout of $240.00")

    lines = dealer.settlement()
    assert line_key(lines) == {key: (outcome, amount) for key, (_, outcome, amount) in EXPECTED.items()}
    assert len(lines) == len(EXPECTED)
    order = [seat for seat, *_ in lines]
    assert sorted(set(order), key=order.index) == [4, 2, 1, 5], "from the dealer's right, then the folded seat"
    expect(dealer.page.locator("#settlement tr[data-seat='5'][data-wager='blind']")).to_contain_text(
        "done at the decision")
    dealer.screenshot("uth-settlement.png")
    floor.screenshot("uth-pit.png")

    item.get_by_role("button", name="Approve").click()
    expect(floor.page.locator("#pit-state")).to_contain_text("Nothing waits for a floorperson")
    dealer.tap("Close the round")
    expect(dealer.state).to_have_attribute("data-status", "closed")

    rnd = Round.objects.get(table=uth_table)
    assert (rnd.status, rnd.total_paid, rnd.total_collected) == (Round.Status.CLOSED, 24000, 9500)
    approval = Approval.objects.get(round=rnd)
    assert (approval.status, approval.seat, approval.decided_by.username) == ("approved", 1, "floor")
    supervisor = check_history(tablet, rnd, EXPECTED, "Ultimate Texas Hold 'Em Poker · table UTH-E2E · round 1")
    supervisor.screenshot("uth-supervisor.png")
