"""A whole round of World Poker Tour Heads-Up Hold 'Em and of Let It Ride Poker on the tablets.

Each test creates its table, plays one round as a dealer on the tablet with fixed cards entered
as they become visible, checks the settlement lines against amounts worked out by hand from the
chapter's own sections (the arithmetic is in the comments), and then checks that the supervisor's
round page shows the round and that its round sheet settles, through the same engine, to the same
lines.  The World Poker Tour round also has a payout a floorperson approves on the pit page.

Screenshots of the tablet mid-round and at settlement go where tests/e2e/conftest.py says.

The live server, the browser and the ``Tablet`` helper are in tests/e2e/conftest.py.
"""

import re

import pytest
from playwright.sync_api import expect

from games.engine.core import instruction
from games.engine.round_sheet import settle_sheet
from games.models import Approval, Round, Table

pytestmark = pytest.mark.browser

def line_key(lines):
    """{(seat, wager): (outcome, amount in cents)} of (seat, wager, outcome, amount) lines."""
    return {(seat, wager): (outcome, amount) for seat, wager, outcome, amount in lines}


def check_history(tablet, rnd: Round, expected: dict, heading: str):
    """The supervisor's round page shows the round and its lines; its round sheet settles to the same lines."""
    supervisor = tablet("super", f"/rounds/{rnd.id}/")
    expect(supervisor.page.locator("h1")).to_contain_text(heading)
    rows = supervisor.page.locator("table.settlement-lines tbody tr")
    expect(rows).to_have_count(len(expected))
    shown = {tuple(cells[:1] + cells[3:5]) for cells in
             rows.evaluate_all("rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))")}
    assert shown == {(str(seat), outcome, instruction(outcome, amount, stake))
                     for (seat, _), (stake, outcome, amount) in expected.items()}

    response = supervisor.page.request.get(f"/rounds/{rnd.id}/sheet.json")
    assert response.ok, response.status
    settled = settle_sheet(response.json())
    resettled = [(line["seat"], line["wager"], line["outcome"], line["amount_cents"]) for line in settled["lines"]]
    assert len(resettled) == len(expected)
    assert line_key(resettled) == {key: (outcome, amount) for key, (_, outcome, amount) in expected.items()}
    return supervisor


# == World Poker Tour Heads-Up Hold 'Em (Chapter 677a) ==============================================

# Pocket Bonus on Paytable A, Trips Plus on Paytable A, a manual shoe; a seat's payout of $150.00
# or more waits for a floorperson.  The stub count is not due (the table's first round).
WPT_RULES = {"pocket_bonus_paytable": "A", "trips_plus_paytable": "A", "dealing_method": "manual_shoe",
             "approval_threshold": "150.00"}

WPT_FLOP, WPT_TURN_RIVER = ("9h", "8h", "2h"), ("9c", "5s")
WPT_DEALER = ("Ah", "Kh")
WPT_SEATS = {1: ("7d", "6c"), 2: ("9d", "8d"), 4: ("Qc", "Jc"), 5: ("As", "Ks")}

# Settlement, worked out by hand from 58 Pa. Code §§ 677a.11-677a.12 (amounts in cents):
#
# Board 9♥ 8♥ 2♥ 9♣ 5♠.  The dealer A♥ K♥: A♥ K♥ 9♥ 8♥ 2♥, an ace-high flush, "a pair or better",
# so § 677a.11(h)(2) applies to every seat that raised.  The Odds table of § 677a.12(b) is read
# as INDEX.md defect 1 reads it (full house 3 to 1 ... straight 1 to 1, below a straight push).
#
# Seat 4 (settled first, from the dealer's right, § 677a.11(g)) — Ante $5, Odds $5; checks
#   before the Flop, Raise $10 after it (twice the Ante, § 677a.11(d)).  Q♣ J♣: 9 9 Q J 8, a pair
#   of nines, loses to the flush and is not a straight: § 677a.11(h)(2)(iii) and (iii)(A) collect
#   the Ante $5.00, the Raise $10.00 and the Odds $5.00.
# Seat 2 — Ante $25, Odds $25, Trips Plus $10; Raise $40 before the Flop, typed in (up to three
#   times the Ante, $75, § 677a.11(b)).  9♦ 8♦: 9 9 9 8 8, a full house, beats the flush:
#   § 677a.11(h)(2)(i) with § 677a.12(a) pays the Ante 1 to 1, $25.00, and the Raise 1 to 1,
#   $40.00; the Odds Wager on § 677a.12(b), full house 3 to 1: 3 × $25 = $75.00.
#   Trips Plus (§ 677a.11(i)(2)(i)), Paytable A of § 677a.12(e), full house 9 to 1: 9 × $10 = $90.00.
#   Paid $25 + $40 + $75 + $90 = $230.00 ≥ $150.00: a floorperson approves.
# Seat 1 — Ante $10, Odds $10, Pocket Bonus $5; Raise $30 before the Flop (three times the Ante).
#   7♦ 6♣: 9 8 7 6 5, a straight, loses to the flush: § 677a.11(h)(2)(iii) collects the Ante
#   $10.00; (iii)(B) collects the Raise $30.00 and makes the Odds Wager a Bad Beat:
#   § 677a.12(c), straight 4 to 1: 4 × $10 = $40.00.
#   Pocket Bonus 7♦ 6♣: neither a pair nor an ace with a king, queen or jack:
#   § 677a.11(i)(1)(ii) collects $5.00.
# Seat 5 — Ante $10, Odds $10, Pocket Bonus $5, Trips Plus $5; checks twice, folds at the River
#   decision: § 677a.11(f) collects the Ante $10.00 and the Odds $10.00 at once and tucks the
#   cards under the optional wagers, settled last.  A♠ K♠: "Ace and a king ... of the same
#   suit", Paytable A of § 677a.12(d), 20 to 1: 20 × $5 = $100.00 (under $150.00: no approval).
#   Trips Plus: A♠ K♠ with the board, best five 9 9 A K 8, a pair, below three-of-a-kind:
#   § 677a.11(i)(2)(ii) collects $5.00.
#
# Paid 4000 + 2500 + 4000 + 7500 + 9000 + 10000 = $370.00;
# collected 500 + 1000 + 500 + 1000 + 3000 + 500 + 1000 + 1000 + 500 = $90.00.
# No payout limit is set (§ 677a.12(f)), so no line is capped.
WPT_EXPECTED = {  # (seat, wager): (stake, outcome, amount)
    (4, "ante"): (500, "lose", 500),
    (4, "raise"): (1000, "lose", 1000),
    (4, "odds"): (500, "lose", 500),
    (2, "ante"): (2500, "win", 2500),
    (2, "raise"): (4000, "win", 4000),
    (2, "odds"): (2500, "win", 7500),
    (2, "trips_plus"): (1000, "win", 9000),
    (1, "ante"): (1000, "lose", 1000),
    (1, "raise"): (3000, "lose", 3000),
    (1, "odds"): (1000, "win", 4000),
    (1, "pocket_bonus"): (500, "lose", 500),
    (5, "ante"): (1000, "lose", 1000),
    (5, "odds"): (1000, "lose", 1000),
    (5, "pocket_bonus"): (500, "win", 10000),
    (5, "trips_plus"): (500, "lose", 500),
}


@pytest.fixture
def wpt_table(transactional_db) -> Table:
    return Table.objects.create(name="WPT-E2E", game="wpt-heads-up", rules=WPT_RULES, training=False)


def test_a_world_poker_tour_heads_up_round(tablet, wpt_table):
    dealer = tablet("dealer", f"/tables/{wpt_table.id}/")
    floor = tablet("floor", "/pit/")
    expect(floor.page.locator("#pit-state")).to_contain_text("Nothing waits for a floorperson")

    # Wagers: an Ante and an equal Odds Wager, and the optional ones (§ 677a.7(d)).
    dealer.tap("Start round 1")
    expect(dealer.prompt).to_contain_text("Odds Wager equal to it")
    dealer.set_wagers(1, ante="10", odds="10", pocket_bonus="5")
    dealer.set_wagers(2, ante="25", odds="25", trips_plus="10")
    dealer.set_wagers(4, ante="5", odds="5")
    dealer.set_wagers(5, ante="10", odds="10", pocket_bonus="5", trips_plus="5")
    expect(dealer.page.locator("#seat-5")).to_contain_text("Trips Plus Wager $5.00")
    dealer.tap("No more bets")
    expect(dealer.prompt).to_contain_text("§ 677a.8(c)")
    expect(dealer.prompt).to_contain_text("seats 1, 2, 4, 5")
    dealer.tap("Cards dealt")

    # The Raise before the Flop, clockwise: up to three times the Ante (§ 677a.11(b)).
    expect(dealer.prompt).to_contain_text("§ 677a.11(b)")
    expect(dealer.prompt).to_contain_text("Seat 1 (Ante $10.00): Raise Wager up to $30.00, or Check?")
    dealer.tap("Seat 1: Raise Wager $30.00")  # seat 1, quick button: three times the Ante
    expect(dealer.prompt).to_contain_text("Seat 2 (Ante $25.00)")
    expect(dealer.state.get_by_role("button", name="Seat 2: Raise Wager $75.00", exact=True)).to_be_visible()
    dealer.place_amount("40")  # seat 2: any amount up to $75.00, typed
    expect(dealer.page.locator("#seat-2")).to_contain_text("Raise Wager $40.00")
    expect(dealer.prompt).to_contain_text("Seat 4")
    dealer.tap("Seat 4: Check")
    expect(dealer.prompt).to_contain_text("Seat 5")
    dealer.tap("Seat 5: Check")
    expect(dealer.prompt).to_contain_text("§ 677a.11(c)")
    dealer.enter_cards(*WPT_FLOP)

    # After the Flop, only those who have not raised: up to twice the Ante (§ 677a.11(d)).
    expect(dealer.prompt).to_contain_text("§ 677a.11(d)")
    expect(dealer.prompt).to_contain_text("Seat 4 (Ante $5.00): Raise Wager up to $10.00, or Check?")
    dealer.screenshot("wpt-mid-round.png")
    dealer.tap("Seat 4: Raise Wager $10.00")  # seat 4: twice its Ante
    expect(dealer.prompt).to_contain_text("Seat 5")
    dealer.tap("Seat 5: Check")
    expect(dealer.prompt).to_contain_text("§ 677a.11(e)")
    dealer.enter_cards(*WPT_TURN_RIVER)

    # After the Turn and River: a Raise equal to the Ante, or fold (§ 677a.11(f)).
    expect(dealer.prompt).to_contain_text("§ 677a.11(f)")
    expect(dealer.prompt).to_contain_text("Seat 5 (Ante $10.00): Raise Wager $10.00, or Fold?")
    dealer.tap("Seat 5: Fold")
    expect(dealer.page.locator("#seat-5")).to_contain_text("folded")

    # The dealer's reveal, then each seat that raised from the dealer's right (§ 677a.11(g)), then
    # the folded seat's optional wagers (§ 677a.11(f), (i)).
    expect(dealer.prompt).to_contain_text("§ 677a.11(g)")
    dealer.enter_cards(*WPT_DEALER)
    for seat in (4, 2, 1, 5):
        expect(dealer.prompt).to_have_attribute("data-seat", str(seat))
        if seat == 2:
            expect(floor.page.locator("article.pit-item")).to_have_count(0)
        dealer.enter_cards(*WPT_SEATS[seat])

    # Seat 2's $230.00 waits for the floorperson, who sees it on the pit without a reload.
    expect(dealer.prompt).to_contain_text("Waiting for a floorperson")
    item = floor.page.locator("article.pit-item")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Table WPT-E2E · World Poker Tour Heads-Up Hold 'Em · round 1")
    expect(item).to_contain_text("Seat 2: payout of $230.00")
    expect(item).to_contain_text("Trips Plus Wager")

    lines = dealer.settlement()
    assert line_key(lines) == {key: (outcome, amount) for key, (_, outcome, amount) in WPT_EXPECTED.items()}
    assert len(lines) == len(WPT_EXPECTED)
    order = [seat for seat, *_ in lines]
    assert sorted(set(order), key=order.index) == [4, 2, 1, 5], "§ 677a.11(g), then the folded seat"
    # The fold's Ante and Odds were collected at the fold: the list says so, not to collect them again.
    expect(dealer.page.locator("#settlement tr[data-seat='5'][data-wager='ante']")).to_contain_text(
        "done at the decision")
    expect(dealer.page.locator("#settlement tr[data-seat='5'][data-wager='pocket_bonus']")).not_to_contain_text(
        "done at the decision")
    dealer.screenshot("wpt-settlement.png")
    floor.screenshot("wpt-pit.png")

    item.get_by_role("button", name="Approve").click()
    expect(floor.page.locator("#pit-state")).to_contain_text("Nothing waits for a floorperson")
    expect(dealer.page.locator("#approvals li[data-status=approved]")).to_contain_text("Approved")
    dealer.tap("Close the round")
    expect(dealer.state).to_have_attribute("data-status", "closed")

    rnd = Round.objects.get(table=wpt_table)
    assert (rnd.status, rnd.total_paid, rnd.total_collected) == (Round.Status.CLOSED, 37000, 9000)
    approval = Approval.objects.get(round=rnd)
    assert (approval.status, approval.seat, approval.decided_by.username) == ("approved", 2, "floor")
    supervisor = check_history(tablet, rnd, WPT_EXPECTED,
                               "World Poker Tour Heads-Up Hold 'Em · table WPT-E2E · round 1")
    expect(supervisor.page.locator("h2:text-is('Approvals') + ul")).to_contain_text(
        "Approved — Seat 2: payout of $230.00")
    supervisor.screenshot("wpt-supervisor.png")


# == Let It Ride Poker (Chapter 643a) =================================================================

# Paytable A for the Let It Ride Wagers; Five Card Bonus on Paytable C, Three Card Bonus on
# Paytable D (the one with the mini-royal), Six Card Bonus on Paytable A; a manual shoe.
LIR_RULES = {"let_it_ride_paytable": "A", "five_card_bonus_paytable": "C", "three_card_bonus_paytable": "D",
             "six_card_bonus_paytable": "A", "dealing_method": "manual_shoe"}

LIR_FIRST, LIR_SECOND = "Qs", "7d"
LIR_SIX_CARD = ("7s", "2d", "2c")
LIR_SEATS = {1: ("Ah", "Kh", "Qh"), 3: ("7c", "7h", "2s"), 5: ("3d", "5h", "8c"), 6: ("4c", "4s", "Qd")}

# Settlement, worked out by hand from 58 Pa. Code §§ 643a.11-643a.12 (amounts in cents).  The
# community cards are Q♠ 7♦; the Six Card Bonus cards 7♠ 2♦ 2♣.  Seats are settled from the
# dealer's right, counterclockwise (§ 643a.11(f)): 6, 5, 3, 1.
#
# Seat 6 — Bets $5 × 3, both let ride; Five Card Bonus $5, Three Card Bonus $5.
#   4♣ 4♠ Q♦ with Q♠ 7♦: Q Q 4 4 7, two pair: § 643a.11(f)(2), Paytable A of § 643a.12(a),
#   2 to 1: $10.00 on each of Bet 1, Bet 2 and Bet 3.
#   Five Card Bonus, same five cards (§ 643a.11(g)(1)), Paytable C of § 643a.12(b): two pair,
#   printed "6 to 1", paid 6 for 1 (the engine's reading, games/engine/let_it_ride/): $30.00 in
#   all for the $5 wager, so $25.00 beyond the wager.
#   Three Card Bonus, 4♣ 4♠ Q♦ alone (§ 643a.11(g)(2)): a pair, Paytable D of § 643a.12(c),
#   1 to 1: $5.00.
# Seat 5 — Bets $10 × 3, pulls Bet 1 and Bet 2; Six Card Bonus $5.
#   Bet 1 and Bet 2 returned (§ 643a.11(b)(2), (d)(2)).  3♦ 5♥ 8♣ with Q♠ 7♦: queen high, below a
#   pair of tens: § 643a.11(f)(1) collects Bet 3, $10.00.
#   Six Card Bonus, 3♦ 5♥ 8♣ with 7♠ 2♦ 2♣ (§ 643a.11(g)(6)): a pair of twos (no 4 or 6 for a
#   straight), below three-of-a-kind: (g)(6)(i) collects $5.00.
# Seat 3 — Bets $15 × 3, lets Bet 1 ride, pulls Bet 2; Six Card Bonus $5.
#   Bet 2 returned (§ 643a.11(d)(2)).  7♣ 7♥ 2♠ with Q♠ 7♦: three sevens, Paytable A 3 to 1:
#   3 × $15 = $45.00 on Bet 1 and on Bet 3.
#   Six Card Bonus, 7♣ 7♥ 2♠ with 7♠ 2♦ 2♣: 7 7 7 2 2, a full house; Paytable A of § 643a.12(g),
#   25 to 1: 25 × $5 = $125.00.
# Seat 1 — Bets $10 × 3, pulls Bet 1, lets Bet 2 ride; Three Card Bonus $5.
#   Bet 1 returned (§ 643a.11(b)(2)).  A♥ K♥ Q♥ with Q♠ 7♦: a pair of queens (three hearts are no
#   flush), Paytable A 1 to 1: $10.00 on Bet 2 and on Bet 3.
#   Three Card Bonus, A♥ K♥ Q♥: a mini-royal (§ 643a.6(c)(1)), Paytable D 50 to 1: 50 × $5 = $250.00.
#
# No payout limit (§ 643a.12(h)) and no approval threshold are set.
# Paid 3 × 1000 + 2500 + 500 + 4500 + 4500 + 12500 + 1000 + 1000 + 25000 = $545.00;
# collected 1000 + 500 = $15.00.
LIR_EXPECTED = {  # (seat, wager): (stake, outcome, amount)
    (6, "bet1"): (500, "win", 1000),
    (6, "bet2"): (500, "win", 1000),
    (6, "bet3"): (500, "win", 1000),
    (6, "five_card_bonus"): (500, "win", 2500),
    (6, "three_card_bonus"): (500, "win", 500),
    (5, "bet1"): (1000, "returned", 0),
    (5, "bet2"): (1000, "returned", 0),
    (5, "bet3"): (1000, "lose", 1000),
    (5, "six_card_bonus"): (500, "lose", 500),
    (3, "bet1"): (1500, "win", 4500),
    (3, "bet2"): (1500, "returned", 0),
    (3, "bet3"): (1500, "win", 4500),
    (3, "six_card_bonus"): (500, "win", 12500),
    (1, "bet1"): (1000, "returned", 0),
    (1, "bet2"): (1000, "win", 1000),
    (1, "bet3"): (1000, "win", 1000),
    (1, "three_card_bonus"): (500, "win", 25000),
}


@pytest.fixture
def lir_table(transactional_db) -> Table:
    return Table.objects.create(name="LIR-E2E", game="let-it-ride", rules=LIR_RULES, training=False)


def test_a_let_it_ride_round(tablet, lir_table):
    dealer = tablet("dealer", f"/tables/{lir_table.id}/")

    # Three equal wagers and the side wagers the table offers (§ 643a.7(d)-(f), (j)).
    dealer.tap("Start round 1")
    dealer.set_wagers(1, bet1="10", bet2="10", bet3="10", three_card_bonus="5")
    dealer.set_wagers(3, bet1="15", bet2="15", bet3="15", six_card_bonus="5")
    dealer.set_wagers(5, bet1="10", bet2="10", bet3="10", six_card_bonus="5")
    dealer.set_wagers(6, bet1="5", bet2="5", bet3="5", five_card_bonus="5", three_card_bonus="5")
    dealer.tap("No more bets")
    # A Six Card Bonus Wager is on the layout: its three cards are dealt first (§ 643a.8(d)).
    expect(dealer.prompt).to_contain_text("§ 643a.8(d)")
    expect(dealer.prompt).to_contain_text("Six Card Bonus area")
    dealer.tap("Cards dealt")

    # Bet 1, clockwise from the dealer's left (§ 643a.11(b)).
    expect(dealer.prompt).to_contain_text("§ 643a.11(b)")
    expect(dealer.prompt).to_contain_text("Seat 1: withdraw Bet 1 ($10.00) or Let It Ride?")
    dealer.tap("Seat 1: Pull Bet 1")
    expect(dealer.prompt).to_contain_text("Seat 3")
    dealer.tap("Seat 3: Let It Ride")
    expect(dealer.prompt).to_contain_text("Seat 5")
    dealer.tap("Seat 5: Pull Bet 1")
    expect(dealer.prompt).to_contain_text("Seat 6")
    dealer.tap("Seat 6: Let It Ride")

    # The first community card is turned (§ 643a.11(c)); then Bet 2 ((d)).
    expect(dealer.prompt).to_contain_text("§ 643a.11(c)")
    dealer.enter_cards(LIR_FIRST)
    expect(dealer.prompt).to_contain_text("§ 643a.11(d)")
    expect(dealer.prompt).to_contain_text("Seat 1: withdraw Bet 2 ($10.00) or Let It Ride?")
    dealer.tap("Seat 1: Let It Ride")
    expect(dealer.prompt).to_contain_text("Seat 3")
    # A pulled bet stays among what the seat wagered, marked as no longer in action.
    expect(dealer.page.locator("#seat-1 .wager.withdrawn")).to_have_text("Bet 1 $10.00 withdrawn")
    expect(dealer.page.locator("#seat-3 .wager.withdrawn")).to_have_count(0)
    dealer.screenshot("lir-mid-round.png")
    dealer.tap("Seat 3: Pull Bet 2")
    expect(dealer.prompt).to_contain_text("Seat 5")
    dealer.tap("Seat 5: Pull Bet 2")
    expect(dealer.prompt).to_contain_text("Seat 6")
    dealer.tap("Seat 6: Let It Ride")

    # The second community card ((e)), then each seat from the dealer's right ((f)); the Six Card
    # Bonus cards are turned once seat 5, the first with that wager, is settled on its other wagers
    # ((g)(6)).
    expect(dealer.prompt).to_contain_text("§ 643a.11(e)")
    dealer.enter_cards(LIR_SECOND)
    for seat in (6, 5):
        expect(dealer.prompt).to_have_attribute("data-seat", str(seat))
        dealer.enter_cards(*LIR_SEATS[seat])
    expect(dealer.prompt).to_contain_text("§ 643a.11(g)(6)")
    # Let It Ride has no dealer's hand: the three cards entered here are the Six Card Bonus cards.
    expect(dealer.prompt.locator("form.picker")).to_contain_text("Tap 3 cards for the Six Card Bonus cards")
    dealer.screenshot("lir-six-card-cards.png")
    dealer.enter_cards(*LIR_SIX_CARD)
    expect(dealer.page.locator(".dealer-area")).to_contain_text("Six Card Bonus cards")
    expect(dealer.page.locator(".dealer-area .cards.common .card")).to_have_text(["7♠", "2♦", "2♣"])
    for seat in (3, 1):
        expect(dealer.prompt).to_have_attribute("data-seat", str(seat))
        dealer.enter_cards(*LIR_SEATS[seat])

    lines = dealer.settlement()
    assert line_key(lines) == {key: (outcome, amount) for key, (_, outcome, amount) in LIR_EXPECTED.items()}
    assert len(lines) == len(LIR_EXPECTED)
    order = [seat for seat, *_ in lines]
    assert sorted(set(order), key=order.index) == [6, 5, 3, 1], "§ 643a.11(f) order"
    # A pulled bet went back to the player at the decision: the list says so, not to return it again.
    expect(dealer.page.locator("#settlement tr[data-seat='3'][data-wager='bet2']")).to_contain_text(
        "done at the decision")
    dealer.screenshot("lir-settlement.png")
    dealer.tap("Close the round")
    expect(dealer.state).to_have_attribute("data-status", "closed")

    rnd = Round.objects.get(table=lir_table)
    assert (rnd.status, rnd.total_paid, rnd.total_collected) == (Round.Status.CLOSED, 54500, 1500)
    supervisor = check_history(tablet, rnd, LIR_EXPECTED, "Let It Ride Poker · table LIR-E2E · round 1")
    cards = supervisor.page.locator("h2:text-is('Cards') + p")
    expect(cards).to_contain_text(re.compile(r"Six Card Bonus cards: 7♠\s*2♦\s*2♣"))
    expect(cards).not_to_contain_text("Dealer")
    supervisor.screenshot("lir-supervisor.png")
