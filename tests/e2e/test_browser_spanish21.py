"""A whole Spanish 21 round on the tablets (Chapter 635a), in Debian's chromium.

The dealer enters every card as it falls: the deal, a split, two double downs, a hit, the hole
card and the dealer's draw; the settlement lines are checked against amounts worked out by hand
from § 635a.12 (the arithmetic is in the comments), then the supervisor's round page and the
round sheet, which settles to the same lines.  Screenshots of the tablet mid-round and at
settlement, and of the supervisor's page, go where tests/e2e/conftest.py says.
"""

import re

import pytest
from playwright.sync_api import expect

from games.models import Round, Table
from tests.e2e.test_browser_other_games import check_history, line_key

pytestmark = pytest.mark.browser

# Six decks of 48 cards; Match-the-Dealer offered (§ 635a.12(e)(1) for six decks); losing wagers
# collected before any winner is paid (§ 635a.7(p)(1)).
RULES = {"decks": "6", "match_the_dealer": True, "settlement_order": "collect_then_pay"}

# Settlement, worked out by hand from 58 Pa. Code §§ 635a.7-635a.12 (amounts in cents).  The
# dealer's up card is 8♥; the hole card 6♦ makes 14, so the dealer draws (§ 635a.7(l)): 4♠, 18.
#
# Match-the-Dealer, right after the deal (§ 635a.7(f)): seat 1's 8♠ 8♦ are two cards of the up
#   card's rank, each of another suit: 4 to 1 each on six decks (§ 635a.12(e)(1), (f)(2)):
#   2 × 4 × $5 = $40.00.
# Seat 1 — $10 (and the $5 above): 8♠ 8♦ split (§ 635a.11(a)), a $10 Split Wager on hand 2.
#   Hand 1: 8♠ 3♣ = 11, doubled for $10, the one card 9♥: 20 beats 18 (§ 635a.7(n)(2)): the
#   wager $10.00 and the Double Down $10.00, each 1 to 1 (§ 635a.12(b), § 635a.10(c)).
#   Hand 2: 8♦ K♦ = 18 stands: ties 18, the Split Wager is returned (§ 635a.7(o)).
# Seat 3 — $25: 5♥ 6♣ = 11, doubled for $25, K♥: 21 beats 18.  Doubled, so 1 to 1 whatever its
#   shape (§ 635a.12(b)): $25.00 and $25.00.
# Seat 5 — $10: K♣ 7♦ = 17 stands; 17 is below 18: collected, $10.00 (§ 635a.7(p)).
# Seat 6 — $10: 2♣ 4♦, hits 5♠ and 3♥ (14), then J♠: 24, over 21: collected, $10.00.
#
# Paid 4000 + 1000 + 1000 + 2500 + 2500 = $110.00; collected 1000 + 1000 = $20.00.  § 635a.7(p)(1):
# seats 6 and 5 are collected before any winner is paid.
EXPECTED = {  # (seat, wager): (stake, outcome, amount)
    (1, "match_the_dealer"): (500, "win", 4000),
    (1, "main"): (1000, "win", 1000),
    (1, "double_down"): (1000, "win", 1000),
    (1, "split"): (1000, "push", 0),
    (3, "main"): (2500, "win", 2500),
    (3, "double_down"): (2500, "win", 2500),
    (5, "main"): (1000, "lose", 1000),
    (6, "main"): (1000, "lose", 1000),
}


@pytest.fixture
def spanish_table(transactional_db) -> Table:
    return Table.objects.create(name="S21-E2E", game="spanish-21", rules=RULES, training=False)


def test_a_spanish_21_round_with_a_split_and_double_downs(tablet, spanish_table):
    dealer = tablet("dealer", f"/tables/{spanish_table.id}/")

    dealer.tap("Start round 1")
    expect(dealer.page.locator("header.round-head")).to_contain_text("Six decks of 48 cards")
    dealer.set_wagers(1, main="10", match_the_dealer="5")
    dealer.set_wagers(3, main="25")
    dealer.set_wagers(5, main="10")
    dealer.set_wagers(6, main="10")
    dealer.tap("No more bets")

    # § 635a.7(e): the players' cards and the up card are dealt face up and entered as they fall.
    expect(dealer.prompt).to_contain_text("§ 635a.7(e)")
    picker = dealer.prompt.locator("form.picker")
    expect(picker.locator("button.pick")).to_have_count(48)  # no tens (§ 635a.3(a))
    expect(picker.locator("button.pick[data-card^='T']")).to_have_count(0)
    for cards in (("8s", "8d"), ("5h", "6c"), ("Kc", "7d"), ("2c", "4d"), ("8h",)):
        dealer.enter_cards(*cards)

    # The amounts are on screen with the prompt that asks to pay them, before its tap (§ 635a.7(f)).
    expect(dealer.prompt).to_contain_text("§ 635a.7(f)")
    match_line = dealer.page.locator("#settlement tr[data-seat='1'][data-wager='match_the_dealer']")
    expect(match_line).to_have_attribute("data-amount", "4000")
    expect(match_line).to_contain_text("pay $40.00")
    dealer.screenshot("s21-match-prompt.png")
    dealer.tap("Match-the-Dealer Wagers settled")

    # Each hand in turn from the dealer's left (§ 635a.7(h)).
    expect(dealer.prompt).to_contain_text("Seat 1 (8♠ 8♦: hard 16)")
    # The 8 of spades is on the table, but six decks hold six: still offered, counted once out.
    expect(dealer.prompt.locator("button.pick[data-card='8s']")).to_be_enabled()
    expect(dealer.prompt.locator("button.pick[data-card='8s'] .out")).to_have_text("1")
    dealer.tap("Seat 1: Split $10.00")
    expect(dealer.prompt).to_contain_text("Seat 1 hand 1 (8♠: split, waiting for its second card)")
    dealer.enter_cards("3c")
    dealer.tap("Seat 1 hand 1: Double Down $10.00")
    dealer.enter_cards("9h")
    expect(dealer.prompt).to_contain_text("Seat 1 hand 1 (8♠ 3♣ 9♥: hard 20 · doubled)")
    dealer.tap("Seat 1 hand 1: Keep the Double Down")
    expect(dealer.page.locator("#seat-1-hand-2")).to_have_class(re.compile(r"\bactive\b"))
    dealer.enter_cards("Kd")
    expect(dealer.page.locator("#seat-1-hand-1")).to_contain_text("hard 20 · doubled")
    expect(dealer.page.locator("#seat-1-hand-1")).to_contain_text("Double Down Wager $10.00")
    expect(dealer.page.locator("#seat-1-hand-2")).to_contain_text("Split Wager $10.00")
    dealer.screenshot("s21-mid-round.png")
    dealer.tap("Seat 1 hand 2: Stand")

    dealer.tap("Seat 3: Double Down $25.00")
    dealer.enter_cards("Kh")
    dealer.tap("Seat 3: Keep the Double Down")
    dealer.tap("Seat 5: Stand")
    for hit in ("5s", "3h"):
        expect(dealer.prompt).to_contain_text("Seat 6")
        dealer.enter_cards(hit)
    dealer.enter_cards("Js")  # 24: over 21, the hand is complete
    expect(dealer.page.locator("#seat-6")).to_contain_text("bust (24)")

    # § 635a.7(k)-(l): the hole card, then a draw to 17 or more.
    expect(dealer.prompt).to_contain_text("§ 635a.7(k)")
    dealer.enter_cards("6d")
    expect(dealer.prompt).to_contain_text("You have hard 14")
    dealer.enter_cards("4s")
    # Every amount is on screen with the prompt that asks to collect and pay, before its tap (§ 635a.7(p)).
    expect(dealer.prompt).to_contain_text("§ 635a.7(p)(1)")
    expect(dealer.prompt).to_contain_text("You have hard 18.")
    expect(dealer.page.locator("#zone-dealer-state")).to_have_text("hard 18")
    expect(dealer.page.locator("#collect-then-pay")).to_contain_text(
        "First collect: seat 6 Spanish 21 Wager $10.00; seat 5 Spanish 21 Wager $10.00.")
    lines = dealer.settlement()
    assert line_key(lines) == {key: (outcome, amount) for key, (_, outcome, amount) in EXPECTED.items()}
    assert len(lines) == len(EXPECTED)
    dealer.screenshot("s21-settlement.png")
    dealer.tap("Every hand settled")
    assert dealer.settlement() == lines  # the tap confirms; it changes no amount
    dealer.tap("Close the round")
    expect(dealer.state).to_have_attribute("data-status", "closed")

    rnd = Round.objects.get(table=spanish_table)
    assert (rnd.status, rnd.total_paid, rnd.total_collected) == (Round.Status.CLOSED, 11000, 2000)
    supervisor = check_history(tablet, rnd, EXPECTED, "Spanish 21 · table S21-E2E · round 1")
    expect(supervisor.page.locator("body")).to_contain_text("played: split, 3c, double, 9h, stand")
    supervisor.screenshot("s21-supervisor.png")


# Three suited 7s, worked out by hand from 58 Pa. Code § 635a.12 (amounts in cents).  Six decks
# hold six 7♠ (§ 635a.3(a)): seat 1 is dealt 7♠ 7♠ and hits a third 7♠; the dealer's up card is
# 7♥ and the hole card K♦ makes 17, so the dealer stands (§ 635a.7(l)).
#
# Seat 1 — $10: 7♠ 7♠ 7♠, 21 beats 17 (§ 635a.7(n)(2)); three 7s of spades are paid 3 to 1
#   (§ 635a.12(b)(4)): 3 × $10 = $30.00.  With the dealer's 7 up, the fixed payout on an original
#   wager of $5 or more but less than $25 is $1,000.00 (§ 635a.12(c)(1)).
# Seat 3 — $10: 9♣ 8♣ = 17 ties 17: returned (§ 635a.7(o)); another player at the table who wagered
#   in the round: $50.00 (§ 635a.12(c)(3)).
SEVENS = {
    (1, "main"): ("win", 3000),
    (1, "seven_sevens_bonus"): ("win", 100000),
    (3, "main"): ("push", 0),
    (3, "seven_sevens_share"): ("win", 5000),
}


@pytest.fixture
def six_deck_table(transactional_db) -> Table:
    return Table.objects.create(name="S21-777", game="spanish-21", rules={"decks": "6"}, training=False)


def test_three_suited_sevens_entered_from_six_decks_and_the_bonus_paid(tablet, six_deck_table):
    dealer = tablet("dealer", f"/tables/{six_deck_table.id}/")
    dealer.tap("Start round 1")
    dealer.set_wagers(1, main="10")
    dealer.set_wagers(3, main="10")
    dealer.tap("No more bets")

    # The same card twice for one seat: the second tap picks a second 7♠, it does not take the first back.
    picker = dealer.prompt.locator("form.picker")
    dealer.wait_for_guard()
    picker.locator("button.pick[data-card='9c']").click()
    picker.locator("button.unpick").first.click()  # a tap on the picked list takes that card back
    expect(picker.locator("button.unpick")).to_have_count(0)
    picker.locator("button.pick[data-card='7s']").click()
    expect(picker.locator(".picked")).to_have_text("7♠")
    dealer.enter_cards("7s")
    expect(dealer.page.locator("#seat-1")).to_contain_text("hard 14")
    dealer.enter_cards("9c", "8c")
    dealer.enter_cards("7h")

    expect(dealer.prompt).to_contain_text("Seat 1 (7♠ 7♠: hard 14)")
    expect(dealer.prompt.locator("button.pick[data-card='7s'] .out")).to_have_text("2")
    dealer.enter_cards("7s")
    expect(dealer.page.locator("#seat-1")).to_contain_text("hard 21")
    dealer.tap("Seat 3: Stand")
    dealer.enter_cards("Kd")

    expect(dealer.prompt).to_contain_text("You have hard 17.")
    lines = dealer.settlement()
    assert line_key(lines) == SEVENS and len(lines) == len(SEVENS)
    dealer.screenshot("s21-sevens.png")
    dealer.tap("Every hand settled")
    dealer.tap("Close the round")
    rnd = Round.objects.get(table=six_deck_table)
    assert (rnd.total_paid, rnd.total_collected) == (3000 + 100000 + 5000, 0)
