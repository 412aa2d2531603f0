"""A hand of no-limit Texas Hold'em on the tablets (Chapter 637a): players seated with their table
stakes, the blinds, a raise, two all-ins and a side pot, the showdown, the rake; then the hand in the
supervisor's history, and the next hand starting from the stakes and button this one left.

Screenshots of the tablet mid-hand and at the settlement go where tests/e2e/conftest.py says.
"""

import pytest
from playwright.sync_api import expect

from games.engine.round_sheet import settle_sheet
from games.models import Round, Table

pytestmark = pytest.mark.browser

# Blinds $1/$2, no limit; the rake 10% of each pot rounded down to $1, at most $5 a hand.
RULES = {"variant": "holdem", "structure": "no_limit", "small_blind": "1.00", "big_blind": "2.00",
         "rake_method": "percent", "rake_percent": "10", "rake_cap": "5.00"}

# Worked out by hand (amounts in cents):
#
# Seats 1 ($100), 3 ($50), 5 ($200), 8 ($80).  The button opens at the first player to the dealer's
# right, seat 8 (§ 637a.11(c)(1)(i)); seat 1 posts the $1 small blind, seat 3 the $2 big blind
# (§ 637a.11(d)); seat 5 acts first (§ 637a.11(g)).
# Before the flop: seat 5 raises to $6, seat 8 calls, seat 1 folds (its $1 stays in), seat 3 goes
#   all-in for $50, seats 5 and 8 call $50.
# The flop A♥ K♦ 7♣: seat 5 bets $10, seat 8 goes all-in for its last $30, seat 5 calls.
# Put in: seat 1 $1, seat 3 $50, seats 5 and 8 $80 each.
#   Main pot (§ 637a.8(b)(5)): $1 + 3 × $50 = $151, which seats 3, 5 and 8 may win;
#   side pot 1: 2 × ($80 − $50) = $60, seats 5 and 8 only.
# Every player left is all-in but one: the hands are shown now, seat 8 first (it made the last
# bet, § 637a.18(e)): K♥ K♠, three kings; seat 3 A♣ 2♣, a pair of aces; seat 5 Q♠ Q♦, a pair of queens.
# The turn 4♠ and the river 9♥ change nothing: seat 8 wins both pots.
# The rake (§ 637a.17, § 637a.7(e)(6)(iii)): 10% of the main pot is $15.10, capped at $5.00; the
#   side pot's 10% ($6) finds nothing left under the cap.
# So: side pot 1, $60 to seat 8; the rake $5; the main pot, $151 − $5 = $146 to seat 8.
# Stacks after the hand: seat 1 $99, seat 3 $0, seat 5 $120, seat 8 $206.
EXPECTED = [(8, "side_pot_1", "award", 60_00), (0, "rake", "rake", 5_00), (8, "main_pot", "award", 146_00)]


@pytest.fixture
def poker_table(transactional_db) -> Table:
    return Table.objects.create(name="POKER-E2E", game="poker", rules=RULES, training=False)


def sit(dealer, seat: int, amount: str) -> None:
    dealer.page.locator(f"#seat-{seat} input[name=amount]").fill(amount)
    dealer.tap(f"Seat {seat}: sit")
    expect(dealer.page.locator(f"#seat-{seat} .stack")).to_have_text(f"${amount}.00")


def test_a_holdem_hand_with_two_all_ins_and_a_side_pot(tablet, poker_table):
    dealer = tablet("dealer", f"/tables/{poker_table.id}/")
    floor = tablet("floor", f"/tables/{poker_table.id}/")
    dealer.tap("Start round 1")
    expect(dealer.prompt).to_contain_text("Between hands")
    for seat, amount in ((1, "100"), (3, "50"), (5, "200"), (8, "80")):
        sit(dealer, seat, amount)
    dealer.tap("Start the hand")
    expect(dealer.page.locator("#seat-8 .dealer-button")).to_be_visible()
    expect(dealer.page.locator("#seat-1")).to_have_attribute("data-bet", "100")
    expect(dealer.page.locator("#seat-3")).to_have_attribute("data-bet", "200")
    expect(dealer.prompt).to_contain_text("starting with seat 1, the button (seat 8) last")
    dealer.tap("Cards dealt")

    # Before the flop: the legal actions and their amounts, the player to act first.
    expect(dealer.prompt).to_contain_text("§ 637a.11(g)")
    expect(dealer.prompt).to_contain_text("seat 5 to act")
    expect(dealer.page.locator("#seat-5")).to_have_class("poker-seat active")
    expect(dealer.prompt.locator("form.amount-entry")).to_contain_text("from $4.00 up to $200.00")
    dealer.prompt.locator("form.amount-entry input[name=amount]").fill("6")
    dealer.tap("Place")
    dealer.tap("Seat 8: Call $6.00")
    dealer.tap("Seat 1: Fold")
    dealer.tap("Seat 3: All-in $50.00")
    dealer.tap("Seat 5: Call $44.00")
    dealer.tap("Seat 8: Call $44.00")
    expect(dealer.page.locator("#pots")).to_contain_text("Main pot $151.00")

    # The flop; a bet, an all-in for less, a call: the side pot forms.
    expect(dealer.prompt).to_contain_text("Burn one card. Deal the flop")
    dealer.enter_cards("Ah", "Kd", "7c")
    expect(dealer.prompt).to_contain_text("seat 5 to act")
    dealer.prompt.locator("form.amount-entry input[name=amount]").fill("10")
    dealer.tap("Place")
    dealer.tap("Seat 8: All-in $30.00")
    expect(dealer.page.locator("#seat-8")).to_have_attribute("data-stack", "0")
    dealer.screenshot("poker-mid-hand.png")
    dealer.tap("Seat 5: Call $20.00")
    expect(dealer.page.locator("#pots")).to_contain_text("Main pot $151.00")
    expect(dealer.page.locator("#pots")).to_contain_text("Side pot 1 $60.00")
    expect(floor.page.locator("#pots")).to_contain_text("Side pot 1 $60.00")  # pushed to every tablet

    # The showdown, the last bettor first (§ 637a.18(e)); then the turn and the river.
    expect(dealer.prompt).to_contain_text("seat 8 made the final bet and shows first")
    dealer.enter_cards("Kh", "Ks")
    expect(dealer.prompt).to_contain_text("seat 3 shows")
    dealer.enter_cards("Ac", "2c")
    dealer.enter_cards("Qs", "Qd")
    dealer.enter_cards("4s")
    dealer.enter_cards("9h")

    assert dealer.settlement() == EXPECTED
    expect(dealer.page.locator("#seat-total-8")).to_contain_text("push $206.00")
    expect(dealer.page.locator("#seat-total-0")).to_contain_text("collect $5.00")
    expect(dealer.page.locator("#seat-8")).to_have_attribute("data-stack", "20600")
    dealer.screenshot("poker-settlement.png")
    dealer.tap("Close the hand")

    rnd = Round.objects.get(table=poker_table)
    assert rnd.status == Round.Status.CLOSED and (rnd.total_paid, rnd.total_collected) == (0, 5_00)

    # The supervisor's record: the lines, the round sheet that settles to them, the PHH file.
    supervisor = tablet("super", f"/rounds/{rnd.id}/")
    rows = supervisor.page.locator("table.settlement-lines tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.filter(has_text="House")).to_contain_text("take $5.00 to the rake")
    sheet = supervisor.page.request.get(f"/rounds/{rnd.id}/sheet.json").json()
    assert [(line["seat"], line["wager"], line["outcome"], line["amount_cents"])
            for line in settle_sheet(sheet)["lines"]] == EXPECTED
    phh = supervisor.page.request.get(f"/rounds/{rnd.id}/hand.phh")
    assert phh.ok and "finishing_stacks = [99, 0, 120, 206]" in phh.text()

    # The next hand starts from these stakes, the button moved on to seat 1 (§ 637a.11(c)(2)); chips are
    # added before it, so the round opens between hands first.
    dealer.tap("Seat players or add chips first")
    expect(dealer.page.locator("#seat-5 .stack")).to_have_text("$120.00")
    dealer.page.locator("#seat-3 input[name=amount]").fill("40")
    dealer.tap("Seat 3: add chips")
    dealer.tap("Start the hand")
    expect(dealer.page.locator("#seat-1 .dealer-button")).to_be_visible()
